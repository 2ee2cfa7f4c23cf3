/* fire.cuh - step 24's library: the scan that finds the frontier, the relax
 * that waits for nothing, and the window. sssp.cu holds init, run and the
 * knob table. The lesson: README.md. */
#ifndef FIRE_CUH
#define FIRE_CUH

#include "dev.cuh"

#define FI_BLOCK 256
#define FI_CH 1024u                     /* edges of a chunk of a long row: a block each */
#define FI_DENSE 8ull                   /* auto: mean degree at least this */
#define FI_SCANV 8                      /* the most vertices a thread takes in a scan's tile */

/* NEW(24): one window's queue counts */
typedef struct {
  unsigned long long cnt;     /* (vertex, distance) entries of rows shorter than big */
  unsigned long long chunks;  /* (vertex, distance, chunk) entries of the long rows  */
  unsigned long long relax;   /* edges of the rows queued: the round's relax count  */
} fi_win_t;

/* NEW(24): what a scan leaves for the host */
typedef struct {
  fi_win_t w[2];   /* [0]: the window [.., hi); [1]: the next one, [hi, hi + delta) */
  int nextmin;     /* the smallest distance that fell at or past hi + delta          */
  int pad;
} fi_ctl_t;

typedef struct {
  const eid_t *off;
  const vid_t *cols;
  const weight_t *w;
  dist_t *last;    /* NEW(24): d(v) when v's row was last walked (DIST_INF: never) */
  uint2 *q[2];     /* NEW(24): a window's short rows: (v, d(v)) */
  uint4 *bq[2];    /* NEW(24): a window's long rows: (v, d(v), chunk, 0) */
  fi_ctl_t *ctl;
  vid_t n;
  unsigned big;    /* rows of at least this many edges go in chunks */
  int vw;          /* lanes a short row */
  int ttas;        /* read d(c) before the atomicMin */
  int scanv;       /* NEW(24): vertices a thread in a scan's tile (1..FI_SCANV) */
} fi_args_t;

/* NEW(24): a scan tile's tests, a thread's scanv vertices (blockDim apart).
 * v goes to its window's queue when its distance fell since its row was
 * last walked (d < last): the first window [.., hi) or the next [hi, hi +
 * delta); farther ones only lower pend. The first window's vertices count as
 * walked here (last = d); the second's when their queue is used
 * (fi_expand_kernel, mark). Loads first, stores last: a store to last between
 * them would keep the compiler from issuing the tile's loads together. */
static __device__ __forceinline__ void fi_tile_pick(const fi_args_t *a, const dist_t *dist,
                                                    unsigned long long t0, long long hi, long long delta,
                                                    int *pend, int *win, dist_t *d, eid_t *g) {
  dist_t l[FI_SCANV];
#pragma unroll
  for (int j = 0; j < FI_SCANV; j++) {
    unsigned long long v = t0 + (unsigned long long)j * blockDim.x + threadIdx.x;
    int in = j < a->scanv && v < a->n;
    d[j] = in ? dist[v] : DIST_INF;
    l[j] = in ? a->last[v] : 0;
  }
#pragma unroll
  for (int j = 0; j < FI_SCANV; j++) {
    win[j] = d[j] >= l[j] ? -1 : (long long)d[j] < hi ? 0 : (long long)d[j] < hi + delta ? 1 : 2;
    if (win[j] == 2) {
      if (d[j] < *pend) *pend = d[j];
      win[j] = -1;
    }
  }
#pragma unroll
  for (int j = 0; j < FI_SCANV; j++) {
    unsigned long long v = t0 + (unsigned long long)j * blockDim.x + threadIdx.x;
    g[j] = win[j] >= 0 ? a->off[v + 1] - a->off[v] : 0;
  }
#pragma unroll
  for (int j = 0; j < FI_SCANV; j++)
    if (win[j] == 0) a->last[t0 + (unsigned long long)j * blockDim.x + threadIdx.x] = d[j];
}

/* NEW(24): the scan, one round's start: every vertex tested (fi_tile_pick), the
 * queued ones written in order. A block takes a tile of scanv x blockDim
 * vertices at a time (a thread scanv of them, blockDim apart: coalesced),
 * and adds the tile's count of each window to the global one with one
 * atomicAdd: every such add goes to one L2 address, so the tile, not the
 * vertex or the warp, sets how many there are (measured, README). Block-
 * uniform loop. */
static __global__ void fi_scan_kernel(fi_args_t a, dist_t *dist, long long hi, long long delta) {
  const unsigned lane = threadIdx.x & 31, below = (1u << lane) - 1;
  __shared__ unsigned s_cnt[2];
  __shared__ unsigned long long s_base[2], s_deg[2];
  __shared__ int s_pend;
  int pend = DIST_INF;
  unsigned long long deg[2] = {0, 0};
  const unsigned long long tile = (unsigned long long)a.scanv * blockDim.x;
  for (unsigned long long t0 = blockIdx.x * tile; t0 < a.n; t0 += gridDim.x * tile) {
    int win[FI_SCANV];
    dist_t d[FI_SCANV];
    eid_t g[FI_SCANV];
    unsigned cnt[2] = {0, 0}, wofs[2];
    fi_tile_pick(&a, dist, t0, hi, delta, &pend, win, d, g); /* unrolled: the arrays stay in registers */
#pragma unroll
    for (int j = 0; j < FI_SCANV; j++) {
      if (win[j] >= 0) deg[win[j]] += g[j];
#pragma unroll
      for (int k = 0; k < 2; k++) cnt[k] += __popc(__ballot_sync(DEV_FULL_MASK, win[j] == k && g[j] < a.big));
    }
    if (threadIdx.x < 2) s_cnt[threadIdx.x] = 0;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < 2; k++) { /* one shared atomic a warp and window */
      wofs[k] = 0;
      if (lane == 0 && cnt[k]) wofs[k] = atomicAdd(&s_cnt[k], cnt[k]);
      wofs[k] = __shfl_sync(DEV_FULL_MASK, wofs[k], 0);
    }
    __syncthreads();
    if (threadIdx.x < 2 && s_cnt[threadIdx.x])
      s_base[threadIdx.x] = atomicAdd(&a.ctl->w[threadIdx.x].cnt, (unsigned long long)s_cnt[threadIdx.x]);
    __syncthreads();
#pragma unroll
    for (int j = 0; j < FI_SCANV; j++) {
      unsigned long long v = t0 + (unsigned long long)j * blockDim.x + threadIdx.x;
#pragma unroll
      for (int k = 0; k < 2; k++) {
        unsigned ms = __ballot_sync(DEV_FULL_MASK, win[j] == k && g[j] < a.big);
        if (win[j] == k && g[j] < a.big)
          a.q[k][s_base[k] + wofs[k] + __popc(ms & below)] = make_uint2((unsigned)v, (unsigned)d[j]);
        wofs[k] += __popc(ms);
      }
      if (win[j] >= 0 && g[j] >= a.big) { /* long rows are few: a lane's own atomicAdd */
        unsigned nc = (unsigned)((g[j] + FI_CH - 1) / FI_CH);
        unsigned long long b = atomicAdd(&a.ctl->w[win[j]].chunks, (unsigned long long)nc);
        for (unsigned i = 0; i < nc; i++) a.bq[win[j]][b + i] = make_uint4((unsigned)v, (unsigned)d[j], i, 0);
      }
    }
  }
  /* the block's pending minimum and row lengths, then one atomic each */
  if (threadIdx.x == 0) { s_pend = DIST_INF; s_deg[0] = s_deg[1] = 0; }
  __syncthreads();
  for (int o = 16; o; o >>= 1) {
    int x = __shfl_xor_sync(DEV_FULL_MASK, pend, o);
    pend = x < pend ? x : pend;
    deg[0] += __shfl_xor_sync(DEV_FULL_MASK, deg[0], o);
    deg[1] += __shfl_xor_sync(DEV_FULL_MASK, deg[1], o);
  }
  if (lane == 0) {
    if (pend < DIST_INF) atomicMin(&s_pend, pend);
    if (deg[0]) atomicAdd(&s_deg[0], deg[0]);
    if (deg[1]) atomicAdd(&s_deg[1], deg[1]);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    if (s_pend < DIST_INF) atomicMin(&a.ctl->nextmin, s_pend);
    if (s_deg[0]) atomicAdd(&a.ctl->w[0].relax, s_deg[0]);
    if (s_deg[1]) atomicAdd(&a.ctl->w[1].relax, s_deg[1]);
  }
}

/* NEW(24): the relax. Its atomicMin's result is not read, so it compiles to a
 * reduction (RED): the lane issues it and goes on; nothing in the round waits
 * for L2 to answer. Who queues c is the next scan's business. */
static __device__ __forceinline__ void fi_relax(dist_t *dist, vid_t c, long long nd, int ttas) {
  if (nd >= DIST_INF) return;
  if (ttas && nd >= dist[c]) return; /* benign race: a stale value is higher, so only skips less */
  atomicMin(&dist[c], (dist_t)nd);
}

/* NEW(24): short rows, vw lanes an entry (v, d). mark: the queue is the
 * second window's, whose vertices count as walked now. */
static __global__ void fi_expand_kernel(fi_args_t a, dist_t *dist, int k, unsigned long long cnt,
                                        int mark) {
  unsigned long long gid = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long groups = (unsigned long long)gridDim.x * blockDim.x / a.vw;
  unsigned sub = threadIdx.x & (a.vw - 1);
  for (unsigned long long i = gid / a.vw; i < cnt; i += groups) {
    uint2 x = a.q[k][i];
    long long d = (dist_t)x.y;
    if (mark && sub == 0) a.last[x.x] = (dist_t)d;
    for (eid_t e = a.off[x.x] + sub, end = a.off[x.x + 1]; e < end; e += a.vw)
      fi_relax(dist, __ldg(&a.cols[e]), d + __ldg(&a.w[e]), a.ttas);
  }
}

/* NEW(24): long rows, a block a chunk (v, d, j) of FI_CH edges. Every chunk
 * of a row carries the d of the scan, so the row is walked with one distance. */
static __global__ void fi_chunks_kernel(fi_args_t a, dist_t *dist, int k, unsigned long long cnt,
                                        int mark) {
  for (unsigned long long i = blockIdx.x; i < cnt; i += gridDim.x) {
    uint4 x = a.bq[k][i];
    long long d = (dist_t)x.y;
    if (mark && x.z == 0 && threadIdx.x == 0) a.last[x.x] = (dist_t)d;
    eid_t b = a.off[x.x] + (eid_t)x.z * FI_CH, end = a.off[x.x + 1];
    if (end > b + FI_CH) end = b + FI_CH;
    for (eid_t e = b + threadIdx.x; e < end; e += blockDim.x)
      fi_relax(dist, __ldg(&a.cols[e]), d + __ldg(&a.w[e]), a.ttas);
  }
}

/* NEW(24): a run's start: no row walked yet */
static __global__ void fi_last_kernel(dist_t *last, vid_t n) {
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += (unsigned long long)gridDim.x * blockDim.x)
    last[v] = DIST_INF;
}

/* NEW(24): a round's counts zeroed; the pending minimum at its top */
static __global__ void fi_reset_kernel(fi_ctl_t *c) {
  for (int k = 0; k < 2; k++) c->w[k].cnt = c->w[k].chunks = c->w[k].relax = 0;
  c->nextmin = DIST_INF;
  c->pad = 0; /* fi_out_kernel copies every word */
}

/* NEW(24): init, once: the smallest weight and the weights' sum (the window's
 * default width is the mean weight) */
static __global__ void fi_weights_kernel(const weight_t *w, eid_t m, int *wmin,
                                         unsigned long long *wsum) {
  int lo = INT32_MAX;
  unsigned long long s = 0;
  for (unsigned long long e = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; e < m;
       e += (unsigned long long)gridDim.x * blockDim.x) {
    int x = w[e];
    lo = x < lo ? x : lo;
    if (x > 0) s += (unsigned long long)x;
  }
  for (int o = 16; o; o >>= 1) {
    int y = __shfl_xor_sync(DEV_FULL_MASK, lo, o);
    lo = y < lo ? y : lo;
    s += __shfl_xor_sync(DEV_FULL_MASK, s, o);
  }
  if ((threadIdx.x & 31) == 0) {
    atomicMin(wmin, lo);
    atomicAdd(wsum, s);
  }
}

#endif /* FIRE_CUH */
