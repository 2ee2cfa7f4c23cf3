/* hbf.cuh - step 09's library: H-BF (Busato & Bombieri, TPDS 2016), every
 * technique of the paper (the lesson and the reading tour: sssp.cu's header
 * and README.md). Later SSSP rungs include it and reuse its types, device
 * helpers, kernels and host helpers by name; a function a rung changes is
 * its own, named for that rung (nf_..., ob_..., chn_...), and this file stays
 * as it is. A rung's args embed hbf_args_t as their first member (a->h), its
 * loop state hbf_ctl_t as the first member of its own. */
#ifndef HBF_CUH
#define HBF_CUH

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dev.cuh"
#include "gpu.h"
#include "graph.h"
#include "step.h"

#define HBF_IN1 0x80000000u    /* NEW(09): column mark: the target has in-degree 1 */
#define HBF_NOENQ 0x40000000u  /* NEW(09): column mark: the target is never pushed  */
#define HBF_ID_MASK 0x3fffffffu
#define HBF_ROUND_CAP (1 << 16) /* rounds with a recorded trace row             */
#define HBF_CHILD_BLOCK 256     /* NEW(09): a child grid: one thread per out-edge    */
#define HBF_CHILD_CAP 1024      /* NEW(09): child grids a round at most              */
#define HBF_PREP_BLOCK 256
/* compute-sanitizer's racecheck, synccheck and initcheck do not support
 * dynamic parallelism: `make bin/step09-nocdp` builds this step without device
 * launches (-DGALLERY_NO_CDP, no -rdc) for them. There hubs are done by their
 * virtual warp (as a refused launch) and loop=1 hands every round back to the
 * host (as a refused tail launch): the same answers, other timings. */
#ifdef GALLERY_NO_CDP
#define HBF_CDP 0
#else
#define HBF_CDP 1
#endif

enum { HBF_RUNNING = 0, HBF_DONE, HBF_NEGCYCLE, HBF_OVERFLOW, HBF_HANDBACK, HBF_BIGDIST };

/* NEW(09): the state of the round loop lives on the device, so that the device
 * can run the loop itself (loop=1); the host reads it once per round (loop=0)
 * or once per chain of rounds (loop=1). */
typedef struct {
  unsigned long long size[2];   /* pushes into queue 0 / 1 (may pass cap)      */
  unsigned long long relax;     /* support: relax operations, all rounds so far */
  unsigned long long relax_prev;/* support: ... up to the previous round (trace) */
  unsigned long long scanned;   /* support: out-edges of the expanded entries   */
  unsigned long long pushes;    /* support: queue entries, all rounds           */
  unsigned long long children;  /* child grids launched                         */
  unsigned long long children_prev; /* ... before this round                     */
  unsigned long long child_fail;/* hubs done by the parent: launch refused      */
  unsigned long long hubs;      /* hubs met in this round (the cap)             */
  int round;                    /* the round being (or next to be) expanded     */
  int cur;                      /* the queue it expands                         */
  int status;                   /* HBF_*; phase follows it (the host writes both) */
  int phase;                    /* 0: round expanded, not ended; 1: ended        */
  int err;                      /* device launch error (loop=1), 0 if none      */
  unsigned blocks_done;         /* blocks of this round finished (loop=1)       */
} hbf_ctl_t; /* a multiple of 8 bytes: hbf_end_round copies it in words */
static_assert(sizeof(hbf_ctl_t) % 8 == 0, "copied in 8-byte words");
static_assert(offsetof(hbf_ctl_t, phase) == offsetof(hbf_ctl_t, status) + sizeof(int),
              "the host writes status and phase in one copy");

typedef struct { /* support: a round's row of the -a trace */
  unsigned long long frontier, relax;
} hbf_round_t;

/* Everything a kernel needs, passed by value (also to child grids). */
typedef struct {
  const eid_t *offsets;
  const vid_t *cols;            /* marked copy with classify=1                  */
  const weight_t *weights;
  dist_t *dist;                 /* the harness's array (dedup 0, 1; the answer) */
  unsigned long long *info;     /* (key, round) per vertex (dedup 2)            */
  int *mark;                    /* last round each vertex was pushed (dedup 1)  */
  vid_t *queue[2];
  hbf_ctl_t *ctl;
  hbf_round_t *rounds;
  const vid_t *sink_v, *sink_u; /* in-edges (u, v, w) of the sinks (classify=1) */
  const weight_t *sink_w;
  unsigned long long nsink;
  unsigned long long cap;       /* entries of each queue                        */
  long long lo;                 /* below it no simple path: a negative cycle    */
  vid_t n;
  int dedup, classify, vw, dp, coalesce, chain;
  int block, fixed_grid, resident_threads, max_rounds;
} hbf_args_t;

/* The host's side: the graph, the launch, what init allocated besides the
 * args' arrays. A later rung's state holds it next to its own args. */
typedef struct {
  dgraph_t g;
  launch_t lc;
  vid_t *d_cols_marked;
  vid_t *d_sink_v, *d_sink_u;
  weight_t *d_sink_w;
} hbf_host_t;

static __device__ __forceinline__ unsigned long long hbf_pack(dist_t d, int round) {
  return ((unsigned long long)((unsigned)d ^ 0x80000000u) << 32) | (unsigned)round;
}
static __device__ __forceinline__ dist_t hbf_unpack(unsigned long long info) {
  return (dist_t)((unsigned)(info >> 32) ^ 0x80000000u);
}
/* NEW(09): a relaxation's sum d + w (w an edge's weight or a chain's sum), never
 * wrapped: in 64 bits, and at or past DIST_INF it is DIST_INF, which lowers
 * nothing (every test against a distance is strict). Every SHORTEST distance
 * fits (the harness refuses graphs where (n-1) max|w| reaches 2^31 - 1), but
 * a walk off the shortest paths need not: the far end of a long path plus a
 * heavy edge back. Below DIST_INF the sum stays exact (the negative-cycle
 * bound). One compare; d < DIST_INF (a reached vertex). */
static __device__ __forceinline__ long long hbf_sum(dist_t d, long long w) {
  long long s = (long long)d + w;
  return s < (long long)DIST_INF ? s : (long long)DIST_INF;
}
static __device__ __forceinline__ dist_t hbf_dist_of(const hbf_args_t *a, vid_t u) {
  return a->dedup == 2 ? hbf_unpack(a->info[u]) : a->dist[u];
}

/* NEW(09): the relax operation with the edge classes. Returns 1 when v must be
 * pushed into the next queue. *ops counts relax operations. */
static __device__ __forceinline__ int hbf_relax(const hbf_args_t *a, int round, vid_t u, dist_t du,
                                                vid_t c, weight_t w, vid_t *vout, unsigned *ops) {
  vid_t v = a->classify ? (c & HBF_ID_MASK) : c;
  *vout = v;
  unsigned cls = a->classify ? (c & (HBF_IN1 | HBF_NOENQ)) : 0;
  if (a->classify) {
    if (v == u && w >= 0) return 0;  /* self-loop class: cannot lower d(u)   */
    if (cls == HBF_NOENQ) return 0;  /* sink class: fixed up after the loop   */
  }
  long long nd = hbf_sum(du, w);     /* NEW(09): no wrap, DIST_INF at the limit  */
  if (nd < a->lo) {                  /* below any simple path: a negative cycle */
    a->ctl->status = HBF_NEGCYCLE;   /* benign race: every writer stores the same */
    return 0;
  }
  if (nd == (long long)DIST_INF) return 0; /* past the limit: lowers nothing */
  (*ops)++;
  dist_t d = (dist_t)nd;
  int push = !(cls & HBF_NOENQ);
  if (a->dedup == 2) {
    unsigned long long key = hbf_pack(d, round), old;
    if (cls & HBF_IN1) { /* NEW(09): one writer per round: no atomic */
      old = a->info[v];
      if ((key >> 32) >= (old >> 32)) return 0;
      a->info[v] = key;
    } else {
      old = atomicMin(&a->info[v], key);
      if ((key >> 32) >= (old >> 32)) return 0; /* lowered nothing */
    }
    /* lowered it, and nobody pushed v in this round yet */
    return push && (unsigned)old != (unsigned)round;
  }
  if (cls & HBF_IN1) { /* dedup 1 (classify needs dedup >= 1) */
    if (d >= a->dist[v]) return 0;
    a->dist[v] = d;
    return push;
  }
  int old = atomicMin(&a->dist[v], d);
  if (d >= old || !push) return 0;
  if (a->dedup == 1) return atomicExch(&a->mark[v], round) != round;
  return 1; /* dedup 0: every improvement is pushed, duplicates and all */
}

/* NEW(09): the enqueue. coalesce=1: the pushing lanes of a warp take one atomic
 * together and write their entries side by side (coalesced stores). */
static __device__ __forceinline__ void hbf_push(const hbf_args_t *a, int nxt, int push, vid_t v) {
  unsigned long long *size = &a->ctl->size[nxt];
  if (a->coalesce) {
    unsigned long long pos = dev_warp_slot(size, push); /* the harness's (dev.cuh) */
    if (push && pos < a->cap) a->queue[nxt][pos] = v; /* past cap: counted, not stored */
    return;
  }
  if (!push) return;
  unsigned long long pos = atomicAdd(size, 1ULL);
  if (pos < a->cap) a->queue[nxt][pos] = v;
}

/* One row's out-edges [begin, end): this thread takes begin + first, then
 * every stride-th (a virtual warp: lane, vw; a child grid: its thread id and
 * size), relaxes them and pushes what fell. */
static __device__ __forceinline__ void hbf_relax_row(const hbf_args_t *a, int nxt, int round,
                                                     vid_t u, dist_t du, eid_t begin, eid_t end,
                                                     unsigned long long first,
                                                     unsigned long long stride, unsigned *ops) {
  for (eid_t e = begin + first; e < end; e += stride) {
    vid_t v;
    int push = hbf_relax(a, round, u, du, a->cols[e], a->weights[e], &v, ops);
    hbf_push(a, nxt, push, v);
  }
}

/* loop=1: 1 in thread 0 of the last block of the grid to finish. Every
 * thread of the block calls it. */
static __device__ int hbf_last_block(const hbf_args_t *a) {
  __shared__ int last;
  __syncthreads();
  if (threadIdx.x == 0) {
    /* after the barrier, one fence orders the whole block's writes before the
     * count (fences are cumulative: the pattern of grid.sync itself) */
    __threadfence();
    last = atomicAdd(&a->ctl->blocks_done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last || threadIdx.x != 0) return 0;
  __threadfence();
  return 1;
}

#if HBF_CDP
/* NEW(09): a child grid for one hub: one thread per out-edge. */
static __global__ void hbf_child_kernel(hbf_args_t a, int nxt, int round, vid_t u, dist_t du,
                                        eid_t begin, eid_t end) {
  unsigned ops = 0;
  hbf_relax_row(&a, nxt, round, u, du, begin, end,
                blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x,
                (unsigned long long)gridDim.x * blockDim.x, &ops);
  dev_block_add(ops, &a.ctl->relax);
}
#endif

/* NEW(09): a hub's row to a child grid (lane 0 of its virtual warp). 1: launched;
 * 0: the virtual warp does it (over the round's cap, or the launch refused). */
static __device__ int hbf_hub(const hbf_args_t *a, int nxt, int round, vid_t u, dist_t du,
                              eid_t begin, eid_t end) {
#if HBF_CDP
  /* a few big rows pay for their launch; thousands a round would queue up
   * behind each other in the device runtime, round after round */
  if (atomicAdd(&a->ctl->hubs, 1ULL) >= HBF_CHILD_CAP) return 0;
  unsigned long long blocks = (end - begin + HBF_CHILD_BLOCK - 1) / HBF_CHILD_BLOCK;
  if (blocks > 4096) blocks = 4096;
  hbf_child_kernel<<<(unsigned)blocks, HBF_CHILD_BLOCK, 0, cudaStreamFireAndForget>>>(
      *a, nxt, round, u, du, begin, end);
  if (cudaGetLastError() != cudaSuccess) { /* launch pool full: the virtual warp does it */
    atomicAdd(&a->ctl->child_fail, 1ULL);
    return 0;
  }
  atomicAdd(&a->ctl->children, 1ULL);
  return 1;
#else
  return 0; /* sanitizer build: no device launches */
#endif
}

/* The work of one round: the virtual warps take queue entries (a grid-stride
 * loop, so a virtual warp may take several: the paper's "more vertices per
 * warp"); a hub's row goes to a child grid. */
static __device__ __forceinline__ void hbf_expand(const hbf_args_t *a, int cur, int round,
                                                  unsigned long long in_size, int vw,
                                                  unsigned *ops, unsigned long long *scanned) {
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
    dist_t du = 0;
    if (lane == 0) du = hbf_dist_of(a, u);
    du = __shfl_sync(vmask, du, 0, vw);
    eid_t begin = a->offsets[u], end = a->offsets[u + 1];
    if (lane == 0) *scanned += end - begin;
    if (a->dp > 0 && end - begin > (eid_t)a->dp) { /* NEW(09): a hub */
      int ok = lane == 0 ? hbf_hub(a, nxt, round, u, du, begin, end) : 0;
      if (__shfl_sync(vmask, ok, 0, vw)) continue;
    }
    hbf_relax_row(a, nxt, round, u, du, begin, end, (unsigned long long)lane,
                  (unsigned long long)vw, ops);
  }
}

/* NEW(09): the virtual warp size and grid of a round (host and device). */
static __host__ __device__ void hbf_shape(const hbf_args_t *a, unsigned long long size, int *vw,
                                          int *grid) {
  int w = a->vw;
  if (w == 0) { /* dynamic: nearest lower power of two of resident / |F| in [4, 32] */
    unsigned long long q = (unsigned long long)a->resident_threads / (size ? size : 1);
    w = 4;
    while (w < 32 && (unsigned long long)w * 2 <= q) w *= 2;
  }
  *vw = w;
  if (a->fixed_grid > 0) { *grid = a->fixed_grid; return; }
  unsigned long long threads = size * (unsigned long long)w;
  if (a->vw == 0 && threads > (unsigned long long)a->resident_threads)
    threads = (unsigned long long)a->resident_threads; /* several entries per virtual warp */
  unsigned long long g = (threads + a->block - 1) / a->block;
  if (g < 1) g = 1;
  if (g > 0x7fffffffULL) g = 0x7fffffffULL;
  *grid = (int)g;
}

/* NEW(09): end of a round, one thread, on a copy of the loop state: record the
 * round, check termination and the negative-cycle bound, switch the queues.
 * 1: another round follows. */
static __device__ __forceinline__ int hbf_end_round_on(const hbf_args_t *a, hbf_ctl_t *c) {
  int cur = c->cur, nxt = cur ^ 1, r = c->round;
  c->blocks_done = 0; /* every block of the grid that called it has arrived */
  unsigned long long size = c->size[nxt];
  int failed = c->status == HBF_NEGCYCLE || c->status == HBF_BIGDIST;
  /* the host refills the queue */
  if (!failed && size > a->cap) { c->status = HBF_OVERFLOW; return 0; }
  if (r < HBF_ROUND_CAP) {
    a->rounds[r].frontier = c->size[cur];
    a->rounds[r].relax = c->relax - c->relax_prev;
  }
  c->relax_prev = c->relax;
  c->pushes += size;
  if (failed) return 0;
  c->status = HBF_RUNNING;
  c->phase = 1;
  if (size == 0) { c->status = HBF_DONE; return 0; }
  if (r >= a->max_rounds) { c->status = HBF_NEGCYCLE; return 0; } /* pushed after round n */
  if (r >= INT32_MAX - 2) { c->status = HBF_BIGDIST; return 0; }  /* round tags would wrap */
  c->size[cur] = 0; /* the expanded queue becomes the next output */
  c->cur = nxt;
  c->round = r + 1;
  c->children_prev = c->children;
  c->hubs = 0;
  return 1;
}

/* The round's end works on a copy of the loop state: one batch of loads
 * (from L2: __ldcg, not a stale L1 line) and one batch of stores, instead of
 * a chain of dependent volatile accesses. Nothing else touches the state
 * meanwhile: every block of the round and every child grid has finished. */
static __device__ __forceinline__ int hbf_end_round(const hbf_args_t *a) {
  hbf_ctl_t c;
  unsigned long long *w = (unsigned long long *)&c, *g = (unsigned long long *)a->ctl;
#pragma unroll
  for (int i = 0; i < (int)(sizeof c / 8); i++) w[i] = __ldcg(g + i);
  int next = hbf_end_round_on(a, &c);
#pragma unroll
  for (int i = 0; i < (int)(sizeof c / 8); i++) __stcg(g + i, w[i]);
  return next;
}

static __global__ void hbf_expand_kernel(hbf_args_t a, int cur, int round,
                                         unsigned long long in_size, int vw);

/* End the round; with loop=1 launch the next one from here (a tail launch:
 * it starts when this grid is complete). */
static __device__ void hbf_dispatch(const hbf_args_t *a) {
  int next = hbf_end_round(a);
  if (a->chain != 1 || !next) return;
  volatile hbf_ctl_t *c = a->ctl;
  __threadfence(); /* the next grid sees the switched state */
#if HBF_CDP
  int vw, grid;
  unsigned long long size = c->size[c->cur];
  hbf_shape(a, size, &vw, &grid);
  hbf_expand_kernel<<<grid, a->block, 0, cudaStreamTailLaunch>>>(*a, c->cur, c->round, size, vw);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) { c->err = (int)e; c->status = HBF_HANDBACK; }
#else
  c->status = HBF_HANDBACK; /* sanitizer build: the host launches the next round */
#endif
}

static __global__ void hbf_dispatch_kernel(hbf_args_t a) { hbf_dispatch(&a); }

/* One round. NEW(09) (loop=1): the last block to finish ends it. Without child
 * grids it runs the dispatcher's code itself (every counter is final: each
 * block fenced its atomics before counting itself done); with children it
 * tail-launches the dispatcher, which starts when this grid and all its
 * children are complete (CDP2 has no device-side synchronize). */
static __global__ void hbf_expand_kernel(hbf_args_t a, int cur, int round,
                                         unsigned long long in_size, int vw) {
  unsigned ops = 0;
  unsigned long long scanned = 0;
  hbf_expand(&a, cur, round, in_size, vw, &ops, &scanned);
  dev_block_add(ops, &a.ctl->relax);
  dev_block_add(scanned, &a.ctl->scanned);
  if (a.chain != 1 || !hbf_last_block(&a)) return;
  if (atomicAdd(&a.ctl->children, 0ULL) == a.ctl->children_prev) {
    hbf_dispatch(&a);
    return;
  }
  a.ctl->phase = 0;
#if HBF_CDP
  hbf_dispatch_kernel<<<1, 1, 0, cudaStreamTailLaunch>>>(a);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) { a.ctl->err = (int)e; a.ctl->status = HBF_HANDBACK; }
#endif
}

/* The start of a run: info from the harness's distances, the first queue. */
static __global__ void hbf_start_kernel(hbf_args_t a, vid_t src) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < a.n;
       v += stride) {
    if (a.dedup == 2) a.info[v] = hbf_pack(a.dist[v], 0);
    if (a.dedup == 1) a.mark[v] = 0;
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    a.queue[0][0] = src;
    hbf_ctl_t c;
    memset(&c, 0, sizeof c);
    c.size[0] = 1;
    c.round = 1;
    c.phase = 1;
    /* word by word, padding included: the round's end copies it in words */
    unsigned long long *w = (unsigned long long *)&c, *g = (unsigned long long *)a.ctl;
    for (int i = 0; i < (int)(sizeof c / 8); i++) g[i] = w[i];
  }
}

/* support, NEW(09): only after an overflow of a queue (dedup=0): every
 * reached vertex. */
static __global__ void hbf_refill_kernel(hbf_args_t a, int nxt) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < a.n;
       v += stride)
    if (hbf_dist_of(&a, (vid_t)v) != DIST_INF) {
      unsigned long long pos = atomicAdd(&a.ctl->size[nxt], 1ULL);
      if (pos < a.cap) a.queue[nxt][pos] = (vid_t)v;
    }
}

/* The answer into the harness's array (dedup=2: unpacked from info). */
static __global__ void hbf_finish_kernel(hbf_args_t a) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < a.n;
       v += stride)
    a.dist[v] = hbf_unpack(a.info[v]);
}

/* NEW(09) (classify): the out-degree-0 fix-up, after the last round and after
 * hbf_finish_kernel: each in-edge (u, v, w) of a sink v offers d(u) + w.
 * An in-neighbour of a sink has out-edges, so d(u) is final by now. */
static __global__ void hbf_sinks_kernel(hbf_args_t a) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
       i < a.nsink; i += stride) {
    dist_t du = a.dist[a.sink_u[i]];
    if (du == DIST_INF) continue;
    long long nd = hbf_sum(du, a.sink_w[i]); /* >= lo; DIST_INF lowers nothing */
    vid_t v = a.sink_v[i];
    if (nd < a.dist[v]) atomicMin(&a.dist[v], (dist_t)nd);
  }
}

/* ---- preparation (untimed, in init): the edge classes on the GPU ---------- */

/* NEW(09): in-degrees, counted up to 2 (1 or more than 1 is all the classes ask),
 * and the number of in-edges of sinks (out-degree 0). */
static __global__ void hbf_indeg_kernel(const eid_t *offsets, const vid_t *cols, eid_t m,
                                        unsigned *indeg, unsigned long long *nsink) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x, ns = 0;
  for (unsigned long long e = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; e < m;
       e += stride) {
    vid_t v = cols[e];
    /* benign race: a stale count below 2 adds once more; it stays >= 2 */
    if (indeg[v] < 2) atomicAdd(&indeg[v], 1u);
    if (offsets[v + 1] == offsets[v]) ns++;
  }
  dev_block_add(ns, nsink);
}

/* NEW(09): a warp per row u: the marked copy of u's columns and the in-edges of
 * the sinks among its targets. For an edge (u, v) with in-degree(v) = 1, u is
 * v's only in-neighbour: v is a leaf when its one out-edge goes back to u and
 * the 2-cycle weighs >= 0. */
static __global__ void hbf_mark_kernel(const eid_t *offsets, const vid_t *cols,
                                       const weight_t *weights, vid_t n, const unsigned *indeg,
                                       vid_t *marked, vid_t *sink_v, vid_t *sink_u,
                                       weight_t *sink_w, unsigned long long *nsink) {
  unsigned long long nwarps = (unsigned long long)gridDim.x * blockDim.x / 32;
  unsigned lane = threadIdx.x & 31;
  for (unsigned long long u = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32;
       u < n; u += nwarps) {
    eid_t end = offsets[u + 1];
    for (eid_t e = offsets[u] + lane; e < end; e += 32) {
      vid_t v = cols[e];
      eid_t first = offsets[v], out = offsets[v + 1] - first;
      unsigned mark = 0;
      if (indeg[v] == 1) mark |= HBF_IN1;
      if (out == 0) mark |= HBF_NOENQ; /* sink */
      if (indeg[v] == 1 && out == 1 && cols[first] == (vid_t)u &&
          (long long)weights[first] + weights[e] >= 0)
        mark |= HBF_NOENQ; /* leaf: its one edge goes back, the 2-cycle is >= 0 */
      marked[e] = v | mark;
      unsigned long long pos = dev_warp_slot(nsink, out == 0);
      if (out == 0) { sink_v[pos] = v; sink_u[pos] = (vid_t)u; sink_w[pos] = weights[e]; }
    }
  }
}

static int hbf_prep_grid(const launch_t *lc, unsigned long long threads) {
  unsigned long long g = (threads + HBF_PREP_BLOCK - 1) / HBF_PREP_BLOCK;
  unsigned long long most = (unsigned long long)(lc->sm_count > 0 ? lc->sm_count : 1) * 16;
  return g < 1 ? 1 : (int)(g < most ? g : most);
}

/* NEW(09), untimed: the edge classes from in- and out-degrees (two bits in a
 * copy of the columns) and the in-edges of the sinks, on the GPU from the
 * device graph: two passes over the columns. */
static int hbf_classify(hbf_host_t *h, hbf_args_t *a) {
  double t0 = host_ms();
  const dgraph_t *g = &h->g;
  vid_t n = g->n;
  eid_t m = g->m;
  if (n > HBF_ID_MASK)
    return fail(EXIT_INPUT, "classify=1 keeps two marks in each column id: ids must stay below "
                "2^30 (this graph has %" PRIvid " vertices); use -K classify=0", n);
  unsigned *indeg = (unsigned *)gpu_alloc((size_t)n * sizeof(unsigned), "in-degrees");
  unsigned long long *cnt =
      (unsigned long long *)gpu_alloc(2 * sizeof(unsigned long long), "sink counts");
  CUDA_CHECK(cudaMemset(indeg, 0, (size_t)n * sizeof(unsigned)));
  CUDA_CHECK(cudaMemset(cnt, 0, 2 * sizeof(unsigned long long)));
  hbf_indeg_kernel<<<hbf_prep_grid(&h->lc, m), HBF_PREP_BLOCK>>>(g->offsets, g->cols, m, indeg,
                                                                 cnt);
  LAUNCH_CHECK();
  unsigned long long ns;
  CUDA_CHECK(cudaMemcpy(&ns, cnt, sizeof ns, cudaMemcpyDeviceToHost));
  h->d_cols_marked = (vid_t *)gpu_alloc((size_t)(m ? m : 1) * sizeof(vid_t), "marked columns");
  h->d_sink_v = (vid_t *)gpu_alloc((size_t)(ns ? ns : 1) * sizeof(vid_t), "sink in-edges (v)");
  h->d_sink_u = (vid_t *)gpu_alloc((size_t)(ns ? ns : 1) * sizeof(vid_t), "sink in-edges (u)");
  h->d_sink_w =
      (weight_t *)gpu_alloc((size_t)(ns ? ns : 1) * sizeof(weight_t), "sink in-edge weights");
  hbf_mark_kernel<<<hbf_prep_grid(&h->lc, (unsigned long long)n * 32), HBF_PREP_BLOCK>>>(
      g->offsets, g->cols, g->weights, n, indeg, h->d_cols_marked, h->d_sink_v, h->d_sink_u,
      h->d_sink_w, cnt + 1);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  gpu_free(indeg);
  gpu_free(cnt);
  a->cols = h->d_cols_marked;
  a->sink_v = h->d_sink_v;
  a->sink_u = h->d_sink_u;
  a->sink_w = h->d_sink_w;
  a->nsink = ns;
  printf("Classify: edge classes of %" PRIeid
         " edges and %llu in-edges of sinks, on the GPU in %.3f ms\n",
         m, ns, host_ms() - t0);
  return 0;
}

/* ---- host helpers of init and run (later rungs call them too) ------------- */

/* The values of H-BF's own knobs but the round loop's (each rung has its own). */
static int hbf_check_base(const launch_t *lc) {
  long dedup = launch_knob(lc, "dedup"), classify = launch_knob(lc, "classify");
  long vw = launch_knob(lc, "vw"), dp = launch_knob(lc, "dp");
  long coalesce = launch_knob(lc, "coalesce");
  if (dedup < 0 || dedup > 2) return fail(EXIT_INPUT, "dedup=%ld: 0, 1 or 2", dedup);
  if (classify < 0 || classify > 1) return fail(EXIT_INPUT, "classify=%ld: 0 or 1", classify);
  if (classify && dedup == 0)
    return fail(EXIT_INPUT, "classify=1 needs dedup >= 1: the plain store for in-degree-1 "
                "targets is exact only when each vertex is expanded once per round");
  if (vw < 0 || vw > 32 || (vw & (vw - 1)) != 0)
    return fail(EXIT_INPUT,
                "vw=%ld: the virtual warp size must be 0 (dynamic) or 1, 2, 4, 8, 16, 32", vw);
  if (dp < 0 || dp > INT32_MAX)
    return fail(EXIT_INPUT, "dp=%ld: 0 (off) or a degree threshold", dp);
  if (coalesce < 0 || coalesce > 1) return fail(EXIT_INPUT, "coalesce=%ld: 0 or 1", coalesce);
  return 0;
}

/* init, first part: the launch shape, the args from the knobs (loop: the
 * round loop's value), the negative-cycle bound, the hub threshold. *ds: the
 * graph's degree statistics, for the rung's own choices. */
static int hbf_setup(hbf_host_t *h, hbf_args_t *a, const dgraph_t *g, const launch_t *lc,
                     long loop, degree_stats_t *ds) {
  unsigned long long threads = (unsigned long long)lc->grid * (unsigned long long)lc->block;
  if (lc->grid > 0 && threads < 32ULL)
    return fail(EXIT_INPUT, "grid %d x block %d is %llu threads: fewer than one virtual warp "
                "of up to 32", lc->grid, lc->block, threads);
  const graph_t *hg = (const graph_t *)g->host;
  h->g = *g;
  h->lc = *lc;
  a->n = g->n;
  a->offsets = g->offsets;
  a->cols = g->cols;
  a->weights = g->weights;
  a->dedup = (int)launch_knob(lc, "dedup");
  a->classify = (int)launch_knob(lc, "classify");
  a->vw = (int)launch_knob(lc, "vw");
  long dp = launch_knob(lc, "dp");
  a->coalesce = (int)launch_knob(lc, "coalesce");
  a->chain = (int)loop;
  a->block = lc->block;
  a->fixed_grid = lc->grid;
  a->resident_threads = lc->sm_count * 2048; /* Hopper: 2048 threads per SM */
  a->max_rounds = g->n > (vid_t)INT32_MAX - 2 ? INT32_MAX - 2 : (int)g->n;
  /* NEW(09): no simple path weighs less than -(n-1) max|w-|, nor less than
   * the sum of all negative weights (each edge at most once); the larger
   * bound ends a negative cycle sooner */
  graph_degree_stats(hg, ds);
  long long maxneg = ds->min_weight < 0 ? -(long long)ds->min_weight : 0;
  a->lo = -(long long)(g->n ? g->n - 1 : 0) * maxneg;
  if (maxneg) { /* stops once past the first bound: no overflow */
    long long sum = 0;
    for (eid_t e = 0; e < hg->m && sum >= a->lo; e++)
      if (hg->weights[e] < 0) sum += hg->weights[e];
    if (sum > a->lo) a->lo = sum;
  }
  /* NEW(09): a child grid of one block's edges or fewer never beats its virtual warp */
  a->dp = dp > 0 ? (int)(dp > HBF_CHILD_BLOCK ? dp : HBF_CHILD_BLOCK) : 0;
  if ((eid_t)a->dp >= (eid_t)g->max_out_degree) a->dp = 0; /* no hub */
  return 0;
}

/* init, last part: the queues, the per-vertex arrays, the loop state
 * (ctl_bytes: a rung's own state embeds hbf_ctl_t) and the round trace. */
static void hbf_alloc(hbf_args_t *a, size_t ctl_bytes) {
  a->cap = a->n ? a->n : 1;
  a->queue[0] = (vid_t *)gpu_alloc(a->cap * sizeof(vid_t), "frontier queue 0");
  a->queue[1] = (vid_t *)gpu_alloc(a->cap * sizeof(vid_t), "frontier queue 1");
  if (a->dedup == 2)
    a->info = (unsigned long long *)gpu_alloc((size_t)a->cap * 8, "(distance, round) pairs");
  if (a->dedup == 1) a->mark = (int *)gpu_alloc((size_t)a->cap * sizeof(int), "round marks");
  a->ctl = (hbf_ctl_t *)gpu_alloc(ctl_bytes, "loop state");
  a->rounds = (hbf_round_t *)gpu_alloc(HBF_ROUND_CAP * sizeof(hbf_round_t), "round trace");
}

/* NEW(09): room for many pending device launches (default 2048). Tolerated
 * when refused: a child launch that finds the pool full is done by its
 * parent's virtual warp, a refused tail launch hands the loop back. */
static void hbf_pending_launches(void) {
  cudaError_t e = cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 32768);
  if (e != cudaSuccess) (void)cudaGetLastError();
}

/* Everything init allocated (gpu_free takes NULL). */
static void hbf_free(hbf_host_t *h, hbf_args_t *a) {
  gpu_free(a->queue[0]);
  gpu_free(a->queue[1]);
  gpu_free(a->info);
  gpu_free(a->mark);
  gpu_free(a->ctl);
  gpu_free(a->rounds);
  gpu_free(h->d_cols_marked);
  gpu_free(h->d_sink_v);
  gpu_free(h->d_sink_u);
  gpu_free(h->d_sink_w);
}

/* support: the host goes on after an overflow of a queue (dedup=0: more
 * pushes than n entries; the next queue is refilled with every reached
 * vertex, a superset of the frontier, and the round ends again) or a hand-back
 * (loop=1: a refused tail launch). c: the state the host read. */
static void hbf_resume(const hbf_host_t *h, const hbf_args_t *a, hbf_ctl_t *c, int fill_grid) {
  if (c->status == HBF_OVERFLOW) {
    unsigned long long zero = 0;
    CUDA_CHECK(cudaMemcpy(&a->ctl->size[c->cur ^ 1], &zero, sizeof zero, cudaMemcpyHostToDevice));
    hbf_refill_kernel<<<fill_grid, h->lc.block>>>(*a, c->cur ^ 1);
    LAUNCH_CHECK();
    c->phase = 0;
  }
  int status_phase[2] = {HBF_RUNNING, c->phase}; /* ctl->status, ctl->phase: adjacent */
  CUDA_CHECK(
      cudaMemcpy(&a->ctl->status, status_phase, sizeof status_phase, cudaMemcpyHostToDevice));
}

/* After the loop: the answer into the harness's array (dedup=2), then the
 * sinks' fix-up (classify). */
static void hbf_fixups(const hbf_host_t *h, const hbf_args_t *a, int status) {
  int fill_grid = launch_grid(&h->lc, a->n);
  if (a->dedup == 2) {
    hbf_finish_kernel<<<fill_grid, h->lc.block>>>(*a);
    LAUNCH_CHECK();
  }
  if (a->classify && a->nsink && status == HBF_DONE) { /* NEW(09): the sinks' fix-up */
    hbf_sinks_kernel<<<launch_grid(&h->lc, a->nsink), h->lc.block>>>(*a);
    LAUNCH_CHECK();
  }
}

/* support: the run's counts and (-a) its per-round trace for the harness. */
static int hbf_stats(const hbf_args_t *a, const hbf_ctl_t *c, step_stats_t *st) {
  st->levels = c->round;
  st->relaxations = (long long)c->relax;
  st->edges_inspected = (long long)c->scanned;
  st->pushes = (long long)c->pushes;
  if (!st->trace) return 0;
  int nr = c->round < HBF_ROUND_CAP ? c->round : HBF_ROUND_CAP - 1;
  hbf_round_t *r = (hbf_round_t *)malloc((size_t)(nr + 1) * sizeof *r);
  if (!r) return fail(EXIT_INPUT, "out of host memory for the round trace");
  /* rounds 1..nr (entry 0 is never written) */
  CUDA_CHECK(cudaMemcpy(r + 1, a->rounds + 1, (size_t)nr * sizeof *r, cudaMemcpyDeviceToHost));
  for (int i = 1; i <= nr; i++) /* level i-1 = round i; edges = relax operations */
    step_trace(st, i - 1, (long long)r[i].frontier, (long long)r[i].relax, -1, -1.0f);
  free(r);
  return 0;
}

/* The run's errors: a negative cycle, or round tags at their limit. */
static int hbf_verdict(const hbf_ctl_t *c, vid_t src, vid_t n) {
  if (c->status == HBF_NEGCYCLE)
    return fail(EXIT_INPUT, "negative cycle reachable from source %" PRIvid
                ": found by the GPU in round %d (n = %" PRIvid ")", src, c->round, n);
  if (c->status == HBF_BIGDIST) /* round tags only: a relaxation's sum never wraps (hbf_sum) */
    return fail(EXIT_INPUT, "from source %" PRIvid ": round %d, the 32-bit round tags' limit", src,
                c->round);
  return 0;
}

#endif /* HBF_CUH */
