/* heavy.cuh - step 25's library: rows split into light and heavy edges, the
 * scan that walks a heavy part once, and the walks of one part. sssp.cu holds
 * init, run and the knob table. The lesson: README.md. */
#ifndef HEAVY_CUH
#define HEAVY_CUH

#include "../24_fire/fire.cuh"

#define LH_NQ 3 /* queues: 0 the window's light parts, 1 the next window's, 2 heavy parts */
#define LH_DONE 1u /* last(v)'s low bit: v's heavy part was walked with last(v) >> 1 */

/* NEW(25): what a scan leaves for the host: step 24's counts, one queue more */
typedef struct {
  fi_win_t w[LH_NQ];
  int nextmin;     /* the smallest distance pending at or past hi + delta, or a next-window
                      vertex without light edges */
  int pad;
} lh_ctl_t;

typedef struct {
  const eid_t *off;
  const eid_t *mid;   /* NEW(25): v's light edges are [off[v], mid[v]), its heavy ones [mid[v], off[v + 1]) */
  const vid_t *cols;  /* NEW(25): the split copy of the rows */
  const weight_t *w;
  unsigned *last;     /* NEW(25): 2 last(v) + done: the distance v's light part was walked with */
  uint2 *q[LH_NQ];    /* (v, d(v)) of rows shorter than big */
  uint4 *bq[LH_NQ];   /* (v, d(v), chunk, 0) of long rows */
  lh_ctl_t *ctl;
  vid_t n;
  unsigned big;
  int vw, ttas;
} lh_args_t;

/* NEW(25): init, once: how many of each row's edges are light (w < delta),
 * a warp a row; mid[v] = off[v] + that count */
static __global__ void lh_count_kernel(const eid_t *off, const weight_t *w, vid_t n, long long delta,
                                       eid_t *mid) {
  unsigned lane = threadIdx.x & 31;
  unsigned long long warps = (unsigned long long)gridDim.x * blockDim.x / 32;
  for (unsigned long long v = ((unsigned long long)blockIdx.x * blockDim.x + threadIdx.x) / 32; v < n;
       v += warps) {
    unsigned long long light = 0;
    for (eid_t e = off[v] + lane; e < off[v + 1]; e += 32) light += (long long)w[e] < delta;
    for (int o = 16; o; o >>= 1) light += __shfl_xor_sync(DEV_FULL_MASK, light, o);
    if (lane == 0) mid[v] = off[v] + light;
  }
}

/* NEW(25): init, once: each row copied light edges first, in their order,
 * then the heavy ones (a stable partition: a warp a row, 32 edges a step) */
static __global__ void lh_split_kernel(const eid_t *off, const eid_t *mid, const vid_t *cols,
                                       const weight_t *w, vid_t n, long long delta, vid_t *cols2,
                                       weight_t *w2) {
  unsigned lane = threadIdx.x & 31, below = (1u << lane) - 1;
  unsigned long long warps = (unsigned long long)gridDim.x * blockDim.x / 32;
  for (unsigned long long v = ((unsigned long long)blockIdx.x * blockDim.x + threadIdx.x) / 32; v < n;
       v += warps) {
    eid_t lo = off[v], hl = mid[v], hh = hl; /* the next light and heavy positions */
    for (eid_t b = lo; b < off[v + 1]; b += 32) { /* warp-uniform: every lane takes each step */
      eid_t e = b + lane;
      int in = e < off[v + 1], light = in && (long long)w[e] < delta;
      unsigned ml = __ballot_sync(DEV_FULL_MASK, light), mh = __ballot_sync(DEV_FULL_MASK, in && !light);
      if (in) {
        eid_t to = light ? lo + __popc(ml & below) : hh + __popc(mh & below);
        cols2[to] = cols[e];
        w2[to] = w[e];
      }
      lo += __popc(ml);
      hh += __popc(mh);
    }
  }
}

/* NEW(25): a run's start: no part walked yet (2 DIST_INF, done clear) */
static __global__ void lh_last_kernel(unsigned *last, vid_t n) {
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += (unsigned long long)gridDim.x * blockDim.x)
    last[v] = 2u * (unsigned)DIST_INF;
}

/* NEW(25): a round's counts zeroed */
static __global__ void lh_reset_kernel(lh_ctl_t *c) {
  for (int k = 0; k < LH_NQ; k++) c->w[k].cnt = c->w[k].chunks = c->w[k].relax = 0;
  c->nextmin = DIST_INF;
  c->pad = 0;
}

/* NEW(25): which queue v's scan puts it in, and which part of its row (step
 * 24's test, one case more). Window 0 [.., hi): a light part not yet walked
 * with d goes to queue 0 and counts as walked now; else a heavy part not yet
 * walked goes to queue 2 (walked only when queue 0 is empty: the window's
 * distances are then final). The next window [hi, hi + delta): queue 1.
 * Parts without edges are never queued: they count as walked at once. */
static __device__ __forceinline__ int lh_pick(const lh_args_t *a, unsigned long long v, dist_t d,
                                              long long hi, long long delta, int *pend, eid_t *b,
                                              eid_t *e) {
  unsigned key = a->last[v], lastd = key >> 1;
  if ((long long)d >= hi + delta) { /* farther: only the smallest is kept, no row read */
    if ((unsigned)d < lastd && d < *pend) *pend = d;
    return -1;
  }
  eid_t o0 = a->off[v], o1 = a->mid[v];
  if ((long long)d >= hi) { /* the next window: its light part, or pending when it has none */
    if ((unsigned)d >= lastd) return -1;
    if (o1 > o0) { *b = o0; *e = o1; return 1; }
    if (d < *pend) *pend = d;
    return -1;
  }
  if ((unsigned)d < lastd) {
    a->last[v] = 2u * (unsigned)d;
    key = 2u * (unsigned)d;
    if (o1 > o0) { *b = o0; *e = o1; return 0; }
  }
  if (key & LH_DONE) return -1;
  eid_t o2 = a->off[v + 1];
  if (o2 == o1) { a->last[v] = key | LH_DONE; return -1; }
  *b = o1; *e = o2;
  return 2;
}

/* NEW(25): the scan: step 24's, with three queues and the parts' lengths.
 * Only vertices whose distance fell (d < last >> 1) or whose heavy part
 * waits read their row's bounds. Block-uniform loop. */
static __global__ void lh_scan_kernel(lh_args_t a, const dist_t *dist, long long hi, long long delta) {
  const unsigned lane = threadIdx.x & 31, below = (1u << lane) - 1;
  __shared__ unsigned s_cnt[LH_NQ];
  __shared__ unsigned long long s_base[LH_NQ], s_deg[LH_NQ];
  __shared__ int s_pend;
  int pend = DIST_INF;
  unsigned long long deg[LH_NQ] = {0, 0, 0};
  for (unsigned long long v0 = (unsigned long long)blockIdx.x * blockDim.x; v0 < a.n;
       v0 += (unsigned long long)gridDim.x * blockDim.x) {
    unsigned long long v = v0 + threadIdx.x;
    int win = -1;
    dist_t d = 0;
    eid_t b = 0, e = 0;
    if (v < a.n) {
      d = dist[v];
      unsigned key = a.last[v];
      if (d < DIST_INF && ((unsigned)d < (key >> 1) || ((long long)d < hi && !(key & LH_DONE))))
        win = lh_pick(&a, v, d, hi, delta, &pend, &b, &e);
      if (win >= 0) deg[win] += e - b;
    }
    if (threadIdx.x < LH_NQ) s_cnt[threadIdx.x] = 0;
    __syncthreads();
    unsigned ms[LH_NQ], wofs[LH_NQ] = {0, 0, 0};
#pragma unroll
    for (int k = 0; k < LH_NQ; k++) {
      ms[k] = __ballot_sync(DEV_FULL_MASK, win == k && e - b < a.big);
      if (lane == 0 && ms[k]) wofs[k] = atomicAdd(&s_cnt[k], (unsigned)__popc(ms[k]));
      wofs[k] = __shfl_sync(DEV_FULL_MASK, wofs[k], 0);
    }
    __syncthreads();
    if (threadIdx.x < LH_NQ && s_cnt[threadIdx.x])
      s_base[threadIdx.x] = atomicAdd(&a.ctl->w[threadIdx.x].cnt, (unsigned long long)s_cnt[threadIdx.x]);
    __syncthreads();
    if (win >= 0 && e - b < a.big)
      a.q[win][s_base[win] + wofs[win] + __popc(ms[win] & below)] = make_uint2((unsigned)v, (unsigned)d);
    if (win >= 0 && e - b >= a.big) { /* long parts are few: a lane's own atomicAdd */
      unsigned nc = (unsigned)((e - b + FI_CH - 1) / FI_CH);
      unsigned long long at = atomicAdd(&a.ctl->w[win].chunks, (unsigned long long)nc);
      for (unsigned j = 0; j < nc; j++) a.bq[win][at + j] = make_uint4((unsigned)v, (unsigned)d, j, 0);
    }
  }
  if (threadIdx.x == 0) { s_pend = DIST_INF; s_deg[0] = s_deg[1] = s_deg[2] = 0; }
  __syncthreads();
  for (int o = 16; o; o >>= 1) {
    int x = __shfl_xor_sync(DEV_FULL_MASK, pend, o);
    pend = x < pend ? x : pend;
#pragma unroll
    for (int k = 0; k < LH_NQ; k++) deg[k] += __shfl_xor_sync(DEV_FULL_MASK, deg[k], o);
  }
  if (lane == 0) {
    if (pend < DIST_INF) atomicMin(&s_pend, pend);
#pragma unroll
    for (int k = 0; k < LH_NQ; k++)
      if (deg[k]) atomicAdd(&s_deg[k], deg[k]);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    if (s_pend < DIST_INF) atomicMin(&a.ctl->nextmin, s_pend);
    for (int k = 0; k < LH_NQ; k++)
      if (s_deg[k]) atomicAdd(&a.ctl->w[k].relax, s_deg[k]);
  }
}

/* NEW(25): the edges of one part of v's row: light (queues 0, 1) or heavy (2) */
static __device__ __forceinline__ void lh_part(const lh_args_t *a, vid_t v, int k, eid_t *b, eid_t *e) {
  *b = k == 2 ? a->mid[v] : a->off[v];
  *e = k == 2 ? a->off[v + 1] : a->mid[v];
}

/* NEW(25): what a walk writes to last(v) when its queue was not marked by the
 * scan: the next window's light part (2d) or a heavy part (2d + done) */
static __device__ __forceinline__ void lh_mark(const lh_args_t *a, vid_t v, int k, unsigned d) {
  if (k == 1) a->last[v] = 2u * d;
  if (k == 2) a->last[v] = 2u * d | LH_DONE;
}

/* NEW(25): short parts, vw lanes an entry (step 24's fi_expand_kernel on one part) */
static __global__ void lh_expand_kernel(lh_args_t a, dist_t *dist, int k, unsigned long long cnt) {
  unsigned long long gid = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long groups = (unsigned long long)gridDim.x * blockDim.x / a.vw;
  unsigned sub = threadIdx.x & (a.vw - 1);
  for (unsigned long long i = gid / a.vw; i < cnt; i += groups) {
    uint2 x = a.q[k][i];
    long long d = (dist_t)x.y;
    eid_t b, end;
    lh_part(&a, x.x, k, &b, &end);
    if (sub == 0) lh_mark(&a, x.x, k, x.y);
    for (eid_t e = b + sub; e < end; e += a.vw) fi_relax(dist, __ldg(&a.cols[e]), d + __ldg(&a.w[e]), a.ttas);
  }
}

/* NEW(25): long parts, a block a chunk of FI_CH edges (step 24's fi_chunks_kernel on one part) */
static __global__ void lh_chunks_kernel(lh_args_t a, dist_t *dist, int k, unsigned long long cnt) {
  for (unsigned long long i = blockIdx.x; i < cnt; i += gridDim.x) {
    uint4 x = a.bq[k][i];
    long long d = (dist_t)x.y;
    eid_t b, end;
    lh_part(&a, x.x, k, &b, &end);
    if (x.z == 0 && threadIdx.x == 0) lh_mark(&a, x.x, k, x.y);
    b += (eid_t)x.z * FI_CH;
    if (end > b + FI_CH) end = b + FI_CH;
    for (eid_t e = b + threadIdx.x; e < end; e += blockDim.x)
      fi_relax(dist, __ldg(&a.cols[e]), d + __ldg(&a.w[e]), a.ttas);
  }
}

#endif /* HEAVY_CUH */
