/* nearfar.cuh - step 14's library: Near-Far priority on the device round
 * loop (the lesson: sssp.cu's header and README.md). Built on step 09's
 * hbf.cuh (H-BF): nf_args_t embeds hbf_args_t as a.h, nf_ctl_t embeds
 * hbf_ctl_t as c.h, and every function here that replaces one of 09's is
 * named nf_ for it (nf_relax for hbf_relax, ...) and marked `replaces:`;
 * where it takes nf (nf_args_t) it names H-BF's part a (and c), so the lines
 * it keeps read as 09's in make diff14. Later rungs include it; its host
 * glue that is no lesson is harness/nearfar_host.cuh. */
#ifndef NEARFAR_CUH
#define NEARFAR_CUH

#include <math.h>

#include <cooperative_groups.h>

#include "../09_hbf/hbf.cuh"

#define NF_FAR 0x80000000u     /* NEW(14) (delta): tag bit of a far-queue push    */
#define NF_DELTA_SCALE 2.0     /* NEW(14) (delta=-1): first step = scale x mean|w| / degree */
#define NF_SPARSE_DEG 8.0      /* NEW(14) (delta=-1): below this mean degree, adapt the step */
#define NF_NEAR_LO 1024        /* NEW(14) (adapted): fewer near pushes a round: step x 2,
                                  more than 4x as many: step / 2 (not below the first) */

/* NEW(14) (loop=2): the round's parameters, written by the round's end, read
 * by thread 0 of each block in three 16-byte loads (one latency, not a chain). */
typedef struct __align__(16) {
  int status, phase, cur, fcur;
  int round, thr, thr_old, epoch;
  unsigned long long size, fsize; /* entries of the queue to expand / to split */
} nf_rd_t;

/* The loop state: H-BF's (h; NEW(14) phase 2: a split is due), then the far
 * queue and the threshold. A multiple of 8 bytes: nf_end_round copies it in
 * words. */
typedef struct {
  hbf_ctl_t h;
  unsigned long long fsize[2];  /* entries of far queue 0 / 1                   */
  unsigned long long fsize_prev;/* ... of the current one before this round     */
  int fcur;                     /* the far queue rounds push into               */
  int thr;                      /* near: d < thr                                */
  int thr_old;                  /* ... before the last split                    */
  int epoch;                    /* splits so far; far tag = epoch | NF_FAR      */
  int epoch_round;              /* the last round before this epoch's split     */
  unsigned fmin;                /* smallest far distance as a key (d ^ 2^31)    */
  unsigned long long splits;    /* support: split passes (HBF_VERBOSE)          */
  unsigned long long ep_push;   /* near pushes in this epoch (delta=-1)         */
  int ep_rounds;                /* rounds in this epoch (delta=-1)              */
  int dcur;                     /* the threshold step now (delta=-1: adapted)   */
  nf_rd_t rd;                   /* loop=2: what the next round needs, in 48 bytes */
} nf_ctl_t;
static_assert(sizeof(nf_ctl_t) % 8 == 0, "copied in 8-byte words");

/* Everything a kernel needs, passed by value (also to child grids). */
typedef struct {
  hbf_args_t h;                 /* H-BF's (09); h.ctl is &ctl->h                 */
  nf_ctl_t *ctl;                /* the whole loop state                         */
  vid_t *far[2];                /* NEW(14) (delta > 0): far queues, ping-pong   */
  unsigned long long *hublist;  /* NEW(14) (loop=2): (u << 32 | d(u)) of this round's hubs */
  /* NEW(14): a load before each atomicMin; skip entries queued again */
  int ttas, stale;
  int delta;                    /* NEW(14): Near-Far step, 0 off                */
  int adapt;                    /* NEW(14): delta=-1, the step adapted per epoch */
} nf_args_t;

/* The relax operation with the edge classes (hbf_relax, 09). Returns 1 when v must be
 * pushed into the next queue. *ops counts relax operations. */
/* NEW(14): and Near-Far: 2 when v must go into the far queue (delta > 0:
 * d >= thr); *fmin (a key) takes every far distance it stores. */
/* replaces: hbf_relax */
static __device__ __forceinline__ int nf_relax(const nf_args_t *nf, int round, int thr,
                                               unsigned etag, vid_t u, dist_t du, vid_t c,
                                               weight_t w, vid_t *vout, unsigned *ops,
                                               unsigned *fmin) {
  const hbf_args_t *a = &nf->h;
  vid_t v = a->classify ? (c & HBF_ID_MASK) : c;
  *vout = v;
  unsigned cls = a->classify ? (c & (HBF_IN1 | HBF_NOENQ)) : 0;
  if (a->classify) {
    if (v == u && w >= 0) return 0;  /* self-loop class: cannot lower d(u)   */
    if (cls == HBF_NOENQ) return 0;  /* sink class: fixed up after the loop   */
  }
  long long nd = hbf_sum(du, w);     /* no wrap, DIST_INF at the limit        */
  if (nd < a->lo) {                  /* below any simple path: a negative cycle */
    nf->ctl->h.status = HBF_NEGCYCLE; /* benign race: every writer stores the same */
    return 0;
  }
  if (nd == (long long)DIST_INF) return 0; /* past the limit: lowers nothing */
  (*ops)++;
  dist_t d = (dist_t)nd;
  int push = !(cls & HBF_NOENQ);
  if (a->dedup == 2) {
    /* NEW(14) (delta): a far proposal is tagged with the epoch, not the round */
    int far = d >= thr;
    unsigned tag = far ? etag : (unsigned)round;
    unsigned long long key = hbf_pack(d, (int)tag), old;
    if (cls & HBF_IN1) { /* one writer per round: no atomic */
      old = a->info[v];
      if ((key >> 32) >= (old >> 32)) return 0;
      a->info[v] = key;
    } else {
      /* NEW(14) (ttas): most relaxations lower nothing; a stale load is larger
       * (d only falls), so it can only let a useless atomic through */
      if (nf->ttas && (key >> 32) >= (__ldcg(&a->info[v]) >> 32)) return 0;
      old = atomicMin(&a->info[v], key);
      if ((key >> 32) >= (old >> 32)) return 0; /* lowered nothing */
    }
    if (far && push && (unsigned)(key >> 32) < *fmin) *fmin = (unsigned)(key >> 32);
    /* lowered it, and nobody pushed v into that queue in this round (near)
     * or, NEW(14), this epoch (far) yet */
    if (!push || (unsigned)old == tag) return 0;
    return far ? 2 : 1;
  }
  if (cls & HBF_IN1) { /* dedup 1 (classify needs dedup >= 1) */
    if (d >= a->dist[v]) return 0;
    a->dist[v] = d;
    return push;
  }
  if (nf->ttas && d >= __ldcg(&a->dist[v])) return 0; /* NEW(14) (ttas) */
  int old = atomicMin(&a->dist[v], d);
  if (d >= old || !push) return 0;
  if (a->dedup == 1) return atomicExch(&a->mark[v], round) != round;
  return 1; /* dedup 0: every improvement is pushed, duplicates and all */
}

/* NEW(14) (delta): the far queue's enqueue, as hbf_push's. */
static __device__ __forceinline__ void nf_push_far(const nf_args_t *a, int fq, int push, vid_t v) {
  unsigned long long *size = &a->ctl->fsize[fq];
  if (a->h.coalesce) {
    unsigned long long pos = dev_warp_slot(size, push);
    if (push && pos < a->h.cap) a->far[fq][pos] = v; /* once an epoch each: at most n */
    return;
  }
  if (!push) return;
  unsigned long long pos = atomicAdd(size, 1ULL);
  if (pos < a->h.cap) a->far[fq][pos] = v;
}

/* NEW(14): nf_relax's answer into the near (1) or the far (2) queue. */
static __device__ __forceinline__ void nf_push2(const nf_args_t *a, int nxt, int fq, int res,
                                                vid_t v) {
  hbf_push(&a->h, nxt, res == 1, v);
  if (a->delta > 0) nf_push_far(a, fq, res == 2, v);
}

/* NEW(14): the block's counts into the loop state, one global atomic each a block
 * (relax operations, scanned edges, the smallest far distance). Every thread
 * of the block calls it. */
static __device__ void nf_add_counts(const nf_args_t *a, unsigned ops, unsigned long long scanned,
                                      unsigned fmin) {
  __shared__ unsigned long long s_ops, s_scanned;
  __shared__ unsigned s_fmin;
  if (threadIdx.x == 0) { s_ops = 0; s_scanned = 0; s_fmin = 0xffffffffu; }
  __syncthreads();
  if (ops) atomicAdd(&s_ops, (unsigned long long)ops);
  if (scanned) atomicAdd(&s_scanned, scanned);
  if (fmin != 0xffffffffu) atomicMin(&s_fmin, fmin);
  __syncthreads();
  if (threadIdx.x == 0) {
    if (s_ops) atomicAdd(&a->ctl->h.relax, s_ops);
    if (s_scanned) atomicAdd(&a->ctl->h.scanned, s_scanned);
    if (s_fmin != 0xffffffffu) atomicMin(&a->ctl->fmin, s_fmin);
  }
}

/* hbf_relax_row (09) with both queues; NEW(14): also a row of the hub list
 * (first, stride: a block's or the whole grid's). */
static __device__ __forceinline__ void
nf_relax_row(const nf_args_t *a, int nxt, int fq, int round, int thr, unsigned etag, vid_t u,
             dist_t du, eid_t begin, eid_t end, unsigned long long first,
             unsigned long long stride, unsigned *ops, unsigned *fmin) {
  for (eid_t e = begin + first; e < end; e += stride) {
    vid_t v;
    int res = nf_relax(a, round, thr, etag, u, du, a->h.cols[e], a->h.weights[e], &v, ops, fmin);
    nf_push2(a, nxt, fq, res, v);
  }
}

#if HBF_CDP
/* hbf_child_kernel (09) with Near-Far's arguments and counts. */
static __global__ void nf_child_kernel(nf_args_t a, int nxt, int fq, int round, int thr,
                                       unsigned etag, vid_t u, dist_t du, eid_t begin, eid_t end) {
  unsigned ops = 0, fmin = 0xffffffffu;
  nf_relax_row(&a, nxt, fq, round, thr, etag, u, du, begin, end,
                blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x,
                (unsigned long long)gridDim.x * blockDim.x, &ops, &fmin);
  nf_add_counts(&a, ops, 0, fmin);
}
#endif

/* hbf_hub (09) with Near-Far's arguments: a hub's row to a child grid. 1: launched;
 * 0: the virtual warp does it (over the round's cap, or the launch refused). */
/* replaces: hbf_hub */
static __device__ int nf_hub(const nf_args_t *nf, int nxt, int fq, int round, int thr,
                             unsigned etag, vid_t u, dist_t du, eid_t begin, eid_t end) {
#if HBF_CDP
  /* a few big rows pay for their launch; thousands a round would queue up
   * behind each other in the device runtime, round after round */
  if (atomicAdd(&nf->ctl->h.hubs, 1ULL) >= HBF_CHILD_CAP) return 0;
  unsigned long long blocks = (end - begin + HBF_CHILD_BLOCK - 1) / HBF_CHILD_BLOCK;
  if (blocks > 4096) blocks = 4096;
  nf_child_kernel<<<(unsigned)blocks, HBF_CHILD_BLOCK, 0, cudaStreamFireAndForget>>>(
      *nf, nxt, fq, round, thr, etag, u, du, begin, end);
  if (cudaGetLastError() != cudaSuccess) { /* launch pool full: the virtual warp does it */
    atomicAdd(&nf->ctl->h.child_fail, 1ULL);
    return 0;
  }
  atomicAdd(&nf->ctl->h.children, 1ULL);
  return 1;
#else
  return 0; /* sanitizer build: no device launches */
#endif
}

/* The work of one round: the virtual warps take queue entries (a grid-stride
 * loop, so a virtual warp may take several: the paper's "more vertices per
 * warp"); a hub's row goes to a child grid. */
/* NEW(14): stale entries are skipped; loop=2 (persist: a cooperative grid
 * may not launch) puts a hub's row on the hub list the whole grid expands. */
/* replaces: hbf_expand */
static __device__ __forceinline__ void nf_expand(const nf_args_t *nf, int cur, int fq, int round,
                                                  unsigned long long in_size, int vw, int thr,
                                                  unsigned etag, unsigned *ops,
                                                  unsigned long long *scanned, unsigned *fmin,
                                                  const int persist) {
  const hbf_args_t *a = &nf->h;
  int nxt = cur ^ 1;
  unsigned long long tid = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  unsigned long long nvw = (unsigned long long)gridDim.x * blockDim.x / vw;
  unsigned long long wid = tid / vw;
  int lane = (int)(tid % vw);
  unsigned wl = threadIdx.x & 31; /* lane in the real warp */
  unsigned vmask = vw == 32 ? 0xffffffffu : (((1u << vw) - 1) << (wl & ~(unsigned)(vw - 1)));
  for (unsigned long long i = wid; wid < nvw && i < in_size; i += nvw) {
    vid_t u = a->queue[cur][i];
    /* lane 0 reads d(u) for the whole virtual warp: lanes that read it apart
     * could see different values */
    unsigned long long iu = 0; /* NEW(14): d(u) and its round (info's tag) */
    if (lane == 0) iu = a->dedup == 2 ? a->info[u]
                                      : ((unsigned long long)(unsigned)a->dist[u] << 32) |
                                            (unsigned)(a->dedup == 1 ? a->mark[u] : 0);
    iu = __shfl_sync(vmask, iu, 0, vw);
    /* NEW(14) (stale): u fell again in this round, so it is in the next queue
     * already; expanding it now would be done again. */
    if (nf->stale && a->dedup >= 1 && (unsigned)iu == (unsigned)round) continue;
    dist_t du = a->dedup == 2 ? hbf_unpack(iu) : (dist_t)(unsigned)(iu >> 32);
    eid_t begin = a->offsets[u], end = a->offsets[u + 1];
    if (lane == 0) *scanned += end - begin;
    if (a->dp > 0 && end - begin > (eid_t)a->dp) { /* a hub */
      int ok = 0;
      if (lane == 0 && persist) { /* a constant: this branch alone in the cooperative kernel */
        unsigned long long pos = atomicAdd(&nf->ctl->h.hubs, 1ULL);
        nf->hublist[pos] = ((unsigned long long)u << 32) | (unsigned)du; /* pos < in_size <= cap */
        ok = 1;
      } else if (lane == 0) {
        ok = nf_hub(nf, nxt, fq, round, thr, etag, u, du, begin, end);
      }
      if (__shfl_sync(vmask, ok, 0, vw)) continue;
    }
    nf_relax_row(nf, nxt, fq, round, thr, etag, u, du, begin, end, (unsigned long long)lane,
                 (unsigned long long)vw, ops, fmin);
  }
}

/* End of a round (hbf_end_round_on, 09), one thread, on a copy of the loop state: record the
 * round, check termination and the negative-cycle bound, switch the queues.
 * 1: another round follows. */
/* NEW(14): 2: a split follows (the near queue ran dry). near_lo: the adaptive
 * step's target (the grid: NF_NEAR_LO; a rung's one-block rounds: their own). */
/* replaces: hbf_end_round_on */
static __device__ __forceinline__ int nf_end_round_on(const nf_args_t *nf, nf_ctl_t *f,
                                                       unsigned long long near_lo) {
  const hbf_args_t *a = &nf->h;
  hbf_ctl_t *c = &f->h;
  int cur = c->cur, nxt = cur ^ 1, r = c->round;
  c->blocks_done = 0; /* every block of the grid that called it has arrived */
  unsigned long long size = c->size[nxt];
  int failed = c->status == HBF_NEGCYCLE || c->status == HBF_BIGDIST;
  /* the host refills the queue */
  if (!failed && size > a->cap) { c->status = HBF_OVERFLOW; return 0; }
  if (c->phase != 2) { /* NEW(14): after a split, not a round: nothing to record */
    if (r < HBF_ROUND_CAP) {
      a->rounds[r].frontier = c->size[cur];
      a->rounds[r].relax = c->relax - c->relax_prev;
    }
    c->relax_prev = c->relax;
    c->pushes += size + (f->fsize[f->fcur] - f->fsize_prev);
    f->ep_push += size;
    f->ep_rounds++;
  }
  if (failed) return 0;
  c->status = HBF_RUNNING;
  c->phase = 1;
  if (size == 0 && nf->delta > 0 && f->fsize[f->fcur] > 0) {
    /* NEW(14) (delta): the near queue ran dry: thr = smallest far distance + the
     * step (no empty epochs), then split the far queue */
    int fin = f->fcur;
    long long lo =
        f->fmin == 0xffffffffu ? (long long)f->thr : (long long)(int)(f->fmin ^ 0x80000000u);
    if (lo < f->thr) lo = f->thr; /* cannot happen: far distances are >= thr */
    if (nf->adapt && f->ep_rounds > 0) {
      /* NEW(14) (delta=-1): near_lo..4 x near_lo pushes a round: thinner rounds
       * pay a barrier each, wider ones relax distances that fall again */
      unsigned long long avg = f->ep_push / (unsigned long long)f->ep_rounds;
      if (avg < near_lo && f->dcur < (1 << 29)) f->dcur *= 2;
      else if (avg > 4 * near_lo && f->dcur / 2 >= nf->delta) f->dcur /= 2;
    }
    f->ep_push = 0;
    f->ep_rounds = 0;
    f->thr_old = f->thr;
    f->thr = (dist_t)hbf_sum((dist_t)lo, f->dcur); /* lo < DIST_INF: a far distance */
    f->epoch++;
    f->epoch_round = r;
    f->fmin = 0xffffffffu; /* the split records the smallest distance it keeps */
    f->fcur = fin ^ 1;
    f->fsize[fin ^ 1] = 0;
    f->fsize_prev = 0;
    f->splits++;
    c->phase = 2;
    return 2;
  }
  if (size == 0) { c->status = HBF_DONE; return 0; }
  /* pushed after round n (NEW(14): of this epoch: an epoch is Bellman-Ford on the
   * vertices below thr) */
  if (r - (nf->delta > 0 ? f->epoch_round : 0) >= a->max_rounds) {
    c->status = HBF_NEGCYCLE;
    return 0;
  }
  if (r >= INT32_MAX - 2) { c->status = HBF_BIGDIST; return 0; }  /* round tags would wrap */
  c->size[cur] = 0; /* the expanded queue becomes the next output */
  c->cur = nxt;
  c->round = r + 1;
  c->children_prev = c->children;
  f->fsize_prev = f->fsize[f->fcur];
  c->hubs = 0;
  return 1;
}

/* NEW(14) (loop=2): the next round's parameters in one descriptor. */
static __device__ __forceinline__ void nf_rd_set(nf_ctl_t *c) {
  nf_rd_t rd = {c->h.status,
                c->h.phase,
                c->h.cur,
                c->fcur,
                c->h.round,
                c->thr,
                c->thr_old,
                c->epoch,
                c->h.size[c->h.cur],
                c->fsize[c->fcur ^ 1]};
  c->rd = rd;
}

/* The round's end works on a copy of the loop state: one batch of loads
 * (from L2: __ldcg, not a stale L1 line) and one batch of stores, instead of
 * a chain of dependent volatile accesses. Nothing else touches the state
 * meanwhile: every block of the round and every child grid has finished. */
/* NEW(14): on nf_ctl_t, and it writes the round descriptor. */
/* replaces: hbf_end_round */
static __device__ __forceinline__ int nf_end_round(const nf_args_t *a) {
  nf_ctl_t c;
  unsigned long long *w = (unsigned long long *)&c, *g = (unsigned long long *)a->ctl;
#pragma unroll
  for (int i = 0; i < (int)(sizeof c / 8); i++) w[i] = __ldcg(g + i);
  int next = nf_end_round_on(a, &c, NF_NEAR_LO);
  nf_rd_set(&c);
#pragma unroll
  for (int i = 0; i < (int)(sizeof c / 8); i++) __stcg(g + i, w[i]);
  return next;
}

static __global__ void nf_expand_kernel(nf_args_t a, int cur, int fq, int round,
                                        unsigned long long in_size, int vw, int thr,
                                        unsigned etag);
static __global__ void nf_split_kernel(nf_args_t a, int nxt, int round, int fin,
                                       unsigned long long size, int thr_old, int thr,
                                       unsigned etag);
static __host__ __device__ int nf_split_grid(const nf_args_t *a, unsigned long long size);

/* hbf_dispatch (09); NEW(14): the next launch may be a split. */
static __device__ void nf_dispatch(const nf_args_t *a) {
  int next = nf_end_round(a);
  if (a->h.chain != 1 || !next) return;
  volatile nf_ctl_t *c = a->ctl;
  __threadfence(); /* the next grid sees the switched state */
#if HBF_CDP
  unsigned etag = (unsigned)c->epoch | NF_FAR;
  if (next == 2) { /* NEW(14): split the far queue */
    int fin = c->fcur ^ 1;
    unsigned long long fs = c->fsize[fin];
    nf_split_kernel<<<nf_split_grid(a, fs), a->h.block, 0, cudaStreamTailLaunch>>>(
        *a, c->h.cur ^ 1, c->h.round, fin, fs, c->thr_old, c->thr, etag);
  } else {
    int vw, grid;
    unsigned long long size = c->h.size[c->h.cur];
    hbf_shape(&a->h, size, &vw, &grid);
    nf_expand_kernel<<<grid, a->h.block, 0, cudaStreamTailLaunch>>>(
        *a, c->h.cur, c->fcur, c->h.round, size, vw, c->thr, etag);
  }
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) { c->h.err = (int)e; c->h.status = HBF_HANDBACK; }
#else
  c->h.status = HBF_HANDBACK; /* sanitizer build: the host launches the next round */
#endif
}

static __global__ void nf_dispatch_kernel(nf_args_t a) { nf_dispatch(&a); }

/* hbf_expand_kernel (09) with Near-Far's arguments and counts. */
static __global__ void nf_expand_kernel(nf_args_t a, int cur, int fq, int round,
                                        unsigned long long in_size, int vw, int thr,
                                        unsigned etag) {
  unsigned ops = 0, fmin = 0xffffffffu;
  unsigned long long scanned = 0;
  nf_expand(&a, cur, fq, round, in_size, vw, thr, etag, &ops, &scanned, &fmin, 0);
  nf_add_counts(&a, ops, scanned, fmin);
  if (a.h.chain != 1 || !hbf_last_block(&a.h)) return;
  if (atomicAdd(&a.ctl->h.children, 0ULL) == a.ctl->h.children_prev) {
    nf_dispatch(&a);
    return;
  }
  a.ctl->h.phase = 0;
#if HBF_CDP
  nf_dispatch_kernel<<<1, 1, 0, cudaStreamTailLaunch>>>(a);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) { a.ctl->h.err = (int)e; a.ctl->h.status = HBF_HANDBACK; }
#endif
}

/* NEW(14) (delta): the grid of a split pass. */
static __host__ __device__ int nf_split_grid(const nf_args_t *a, unsigned long long size) {
  unsigned long long g = (size + a->h.block - 1) / a->h.block;
  unsigned long long most = (unsigned long long)a->h.resident_threads / a->h.block;
  if (a->h.fixed_grid > 0) return a->h.fixed_grid;
  if (g > most) g = most;
  return g < 1 ? 1 : (int)g;
}

/* NEW(14) (delta): one pass over the far queue (each vertex at most once) after
 * the near queue ran dry; no round runs now, so plain loads and stores of
 * info suffice. The near queue nxt it fills is the input of round + 1. */
static __device__ __forceinline__ void nf_split(const nf_args_t *a, int nxt, int round, int fin,
                                                unsigned long long size, int thr_old, int thr,
                                                unsigned etag, unsigned *fminp) {
  int fout = fin ^ 1;
  unsigned fmin = 0xffffffffu;
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  unsigned long long first = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  /* every thread of a warp runs the same trips until the tail (the pushes' ballots) */
  for (unsigned long long base = first - threadIdx.x % 32; base < size; base += stride) {
    unsigned long long i = base + threadIdx.x % 32;
    int res = 0;
    vid_t v = 0;
    if (i < size) {
      v = a->far[fin][i];
      dist_t d = hbf_unpack(a->h.info[v]);
      /* below the old threshold: v fell into a near queue since, and was expanded */
      if (d >= thr_old) {
        res = d < thr ? 1 : 2;
        /* tagged as if pushed in the round just over (near) or in the new epoch (far) */
        a->h.info[v] = hbf_pack(d, res == 1 ? round : (int)etag);
        if (res == 2 && ((unsigned)d ^ 0x80000000u) < fmin) fmin = (unsigned)d ^ 0x80000000u;
      }
    }
    hbf_push(&a->h, nxt, res == 1, v);
    nf_push_far(a, fout, res == 2, v);
  }
  *fminp = fmin;
}

static __global__ void nf_split_kernel(nf_args_t a, int nxt, int round, int fin,
                                       unsigned long long size, int thr_old, int thr,
                                       unsigned etag) {
  unsigned fmin;
  nf_split(&a, nxt, round, fin, size, thr_old, thr, etag, &fmin);
  nf_add_counts(&a, 0, 0, fmin);
  if (a.h.chain == 1 && hbf_last_block(&a.h)) nf_dispatch(&a);
}

/* NEW(14) (loop=2): thread 0 of a block reads the round's parameters: all of
 * the state in the first round (the host, or a rung's one-block rounds, set
 * it), else the descriptor (nf_rd_t) the last round's end wrote. */
static __device__ __forceinline__ void nf_persist_read(const nf_args_t *a, int first, nf_rd_t *s) {
  if (first) {
    volatile nf_ctl_t *c = a->ctl;
    s->status = c->h.status; s->phase = c->h.phase; s->cur = c->h.cur; s->fcur = c->fcur;
    s->round = c->h.round; s->thr = c->thr; s->thr_old = c->thr_old; s->epoch = c->epoch;
    s->size = c->h.size[c->h.cur]; s->fsize = c->fsize[c->fcur ^ 1];
    return;
  }
  const int4 *p = (const int4 *)&a->ctl->rd;
  int4 x = __ldcg(p), y = __ldcg(p + 1);
  ulonglong2 z = __ldcg((const ulonglong2 *)(p + 2));
  s->status = x.x; s->phase = x.y; s->cur = x.z; s->fcur = x.w;
  s->round = y.x; s->thr = y.y; s->thr_old = y.z; s->epoch = y.w;
  s->size = z.x; s->fsize = z.y;
}

/* NEW(14) (loop=2): the hub list, after a grid barrier: more hubs than
 * blocks, a block a hub; else the whole grid on each in turn. No child
 * grids: a grid barrier cannot wait for them. */
static __device__ __forceinline__ void nf_persist_hubs(const nf_args_t *a, const nf_rd_t *r,
                                                       unsigned *ops, unsigned *fmin) {
  __shared__ unsigned long long s_nhub;
  cooperative_groups::this_grid().sync(); /* the hub list is complete */
  if (threadIdx.x == 0) s_nhub = *(volatile unsigned long long *)&a->ctl->h.hubs;
  __syncthreads();
  unsigned long long nh = s_nhub;
  int own = nh > gridDim.x;
  unsigned long long first_t =
      own ? threadIdx.x : blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  unsigned long long stride = own ? blockDim.x : (unsigned long long)gridDim.x * blockDim.x;
  unsigned etag = (unsigned)r->epoch | NF_FAR;
  for (unsigned long long k = own ? blockIdx.x : 0; k < nh; k += own ? gridDim.x : 1) {
    unsigned long long hv = a->hublist[k];
    vid_t u = (vid_t)(hv >> 32);
    nf_relax_row(a, r->cur ^ 1, r->fcur, r->round, r->thr, etag, u, (dist_t)(unsigned)hv,
                 a->h.offsets[u], a->h.offsets[u + 1], first_t, stride, ops, fmin);
  }
}

/* NEW(14) (loop=2): one round's (or split's) work in the cooperative grid,
 * with the block's counts; the caller ends the round. */
static __device__ __forceinline__ void nf_persist_round(const nf_args_t *a, const nf_rd_t *r) {
  unsigned ops = 0, fmin = 0xffffffffu;
  unsigned long long scanned = 0;
  unsigned etag = (unsigned)r->epoch | NF_FAR;
  if (r->phase == 1) {
    int vw, unused;
    hbf_shape(&a->h, r->size, &vw, &unused);
    nf_expand(a, r->cur, r->fcur, r->round, r->size, vw, r->thr, etag, &ops, &scanned, &fmin, 1);
    if (a->h.dp > 0) nf_persist_hubs(a, r, &ops, &fmin);
  } else if (r->phase == 2) {
    nf_split(a, r->cur ^ 1, r->round, r->fcur ^ 1, r->fsize, r->thr_old, r->thr, etag, &fmin);
  } /* phase 0 (after the host refilled a queue): only the round's end */
  nf_add_counts(a, ops, scanned, fmin);
}

/* NEW(14) (loop=2): every round in ONE cooperative grid: thread 0 of each
 * block reads the round's parameters, the round's work (expansion, then the
 * hub list, or a split), the last block ends the round, one grid.sync(). */
static __global__ void nf_persist_kernel(nf_args_t a) {
  __shared__ nf_rd_t s_rd;
  for (int first = 1;; first = 0) {
    if (threadIdx.x == 0) nf_persist_read(&a, first, &s_rd);
    __syncthreads();
    nf_rd_t r = s_rd;
    if (r.status != HBF_RUNNING) return; /* the same value in every block: all return */
    nf_persist_round(&a, &r);
    /* the last block to finish ends the round (as in loop=1), then one barrier */
    if (hbf_last_block(&a.h)) nf_end_round(&a);
    cooperative_groups::this_grid().sync();
  }
}

/* The start of a run: info from the harness's distances, the first queue. */
/* NEW(14): the loop state (words: a rung's whole state, which embeds nf_ctl_t;
 * its own words start at 0). */
/* replaces: hbf_start_kernel */
static __global__ void nf_start_kernel(nf_args_t nf, vid_t src, int words) {
  hbf_args_t a = nf.h;
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < a.n;
       v += stride) {
    if (a.dedup == 2) a.info[v] = hbf_pack(a.dist[v], 0);
    if (a.dedup == 1) a.mark[v] = 0;
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    a.queue[0][0] = src;
    nf_ctl_t c;
    memset(&c, 0, sizeof c);
    c.h.size[0] = 1;
    c.h.round = 1;
    c.h.phase = 1;
    /* NEW(14): d(src) = 0: the first epoch is [0, delta) */
    c.thr = nf.delta > 0 ? nf.delta : DIST_INF;
    c.dcur = nf.delta;
    c.thr_old = c.thr;
    c.fmin = 0xffffffffu;
    /* word by word, padding included: the round's end copies it in words */
    unsigned long long *w = (unsigned long long *)&c, *g = (unsigned long long *)nf.ctl;
    for (int i = 0; i < words; i++) g[i] = i < (int)(sizeof c / 8) ? w[i] : 0ULL;
  }
}

/* ---- host helpers of init and run (later rungs call them too; the rest:
 * harness/nearfar_host.cuh) --------------------------------------------- */

/* init, first part: H-BF's (hbf_setup), then the cooperative grid (loop=2;
 * persist: the rung's cooperative kernel, *grid_loop its blocks) and the
 * threshold step. */
static int nf_setup(hbf_host_t *h, nf_args_t *a, const dgraph_t *g, const launch_t *lc,
                    const void *persist, int *grid_loop, degree_stats_t *ds) {
  if (hbf_setup(h, &a->h, g, lc, launch_knob(lc, "loop"), ds)) return fail_code();
  const graph_t *hg = (const graph_t *)g->host;
  a->ttas = (int)launch_knob(lc, "ttas");
  a->stale = (int)launch_knob(lc, "stale");
  if (a->h.chain == 2) {
    /* NEW(14): the cooperative grid holds at most the resident blocks; -x caps it further */
    int full = 0;
    *grid_loop = dev_coop_grid(persist, lc->block, 0, lc->sm_count, lc->grid, &full);
    if (!*grid_loop)
      return fail(EXIT_INPUT, "loop=2: this GPU cannot run a cooperative grid of blocks of %d "
                  "threads: run with -K loop=0", lc->block);
    a->h.resident_threads = *grid_loop * lc->block;
  }
  long delta = launch_knob(lc, "delta");
  if (delta == -1 && a->h.dedup == 2) {
    /* NEW(14): the step from the graph: NF_DELTA_SCALE x mean |w| / mean
     * out-degree (Meyer & Sanders' Theta(max w / degree): few distances fall
     * twice). Below NF_SPARSE_DEG (meshes, roads: thousands of thin rounds)
     * the round's end also adapts it per epoch to the frontier it gets. */
    double sumw = 0;
    for (eid_t e = 0; e < hg->m; e++) sumw += fabs((double)hg->weights[e]);
    double mw = hg->m ? sumw / (double)hg->m : 1, deg = ds->avg_out_degree;
    double d = NF_DELTA_SCALE * mw / (deg > 1 ? deg : 1);
    delta = d < 1 ? 1 : d > 1e9 ? 1000000000L : (long)d;
    a->adapt = deg < NF_SPARSE_DEG;
  }
  a->delta = delta > 0 ? (int)delta : 0;
  return 0;
}

/* run, loop 0 and 1: the next round (or split) from the host, and with
 * loop=0 (or after a hand-back before the dispatcher) the round's end. */
static void nf_launch_round(const nf_args_t *a, const nf_ctl_t *c) {
  unsigned etag = (unsigned)c->epoch | NF_FAR;
  if (c->h.phase == 1) { /* expand round c.round */
    int vw, grid;
    hbf_shape(&a->h, c->h.size[c->h.cur], &vw, &grid);
    nf_expand_kernel<<<grid, a->h.block>>>(*a, c->h.cur, c->fcur, c->h.round, c->h.size[c->h.cur],
                                           vw, c->thr, etag);
    LAUNCH_CHECK();
  } else if (c->h.phase == 2) { /* NEW(14) (delta): split the far queue */
    int fin = c->fcur ^ 1;
    nf_split_kernel<<<nf_split_grid(a, c->fsize[fin]), a->h.block>>>(
        *a, c->h.cur ^ 1, c->h.round, fin, c->fsize[fin], c->thr_old, c->thr, etag);
    LAUNCH_CHECK();
  }
  if (!a->h.chain || (a->h.chain == 1 && c->h.phase == 0)) {
    nf_dispatch_kernel<<<1, 1>>>(*a);
    LAUNCH_CHECK();
  }
}

#include "nearfar_host.cuh" /* support: knobs' check, allocation, start, launch, free */

/* NEW(14): the knobs of 09 and of Near-Far on the round loop, for the knob tables of 14 and
 * of the rungs above */
#define NF_KNOBS \
    {"dedup", 2, \
     "duplicates: 0 none (every improvement pushed), 1 round marks, 2 64-bit (distance, round) " \
     "atomicMin"}, \
    {"classify", 1, \
     "edge classes: in-degree-1 plain store, sinks fixed up after, leaves never pushed (needs " \
     "dedup >= 1)"}, \
    {"vw", 32, \
     "virtual warp: 0 dynamic (4..32 from the frontier size), or a fixed 1, 2, 4, 8, 16, 32 (09: " \
     "0; 32 measured faster here)"}, \
    {"dp", 1024, \
     "hubs: out-degree > dp (and > 256) gets a child grid (loop 0, 1: at most 1024 a round) or " \
     "goes on the grid's hub list (loop 2); 0 off (09: 4096)"}, \
    {"coalesce", 1, "warp-aggregated enqueue: 1 on, 0 one atomic per push"}, \
    {"loop", 2, \
     "round loop: 0 host (a launch and a readback per round), 1 device (tail launches), 2 one " \
     "cooperative grid (a grid.sync a round)"}, \
    {"ttas", 1, "a plain load before each atomicMin (most relaxations lower nothing)"}, \
    {"stale", 1, "skip a queue entry that fell again in this round (it is queued again)"}, \
    {"delta", -1, "Near-Far priority, threshold step (-1 from the graph, 0 off; needs dedup=2)"},

#endif /* NEARFAR_CUH */
