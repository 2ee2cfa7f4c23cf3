/* Step 14 - nearfar: Near-Far priority, the round loop in one cooperative
 * grid, and one-block rounds for the small frontiers of road networks.
 *
 * Base:       09 (H-BF: every technique of the paper, each a knob)
 * Inherits: 09: hbf_pack hbf_unpack hbf_dist_of hbf_push hbf_last_block hbf_shape
 * Inherits: 09: hbf_refill_kernel hbf_finish_kernel hbf_sinks_kernel
 * Inherits: 09: hbf_indeg_kernel hbf_mark_kernel hbf_prep_grid hbf_classify
 * Adds (ours and Davidson et al.'s, beyond H-BF; one variant, nearfar):
 *             delta     Near-Far (Davidson et al.): a round expands only the
 *                       vertices below a threshold; the others wait in a far
 *                       queue until the near queue runs dry, then the
 *                       threshold rises by the step (-1: from the graph's mean
 *                       weight and degree, adapted per epoch on sparse graphs;
 *                       0: off, plain H-BF)
 *             loop      2 (default) every round in one cooperative grid, one
 *                       grid.sync() a round, the last block ends the round;
 *                       hubs go on a list the whole grid expands
 *             lean      one-block rounds (hbf_lean_kernel) while the frontier
 *                       has at most leanmax entries: __syncthreads() instead of
 *                       grid.sync(), the queues in shared memory, each entry
 *                       carrying its row head (degree, first edge, 5 (column,
 *                       weight) pairs), so a round costs one dependent global
 *                       access; auto (-1) on graphs of mean degree < 3
 *             spread    in the block, a warp's head edges spread over its lanes
 *                       (one edge's chain a pass, not five), a short pass split
 *                       over all 16 warps; 0: a lane per entry
 *             chase     in the block, a lane expands a near vertex it lowered at
 *                       once, up to chase levels a round
 *             chains    road networks are mostly chains of degree-2 vertices:
 *                       in init each edge from a branch vertex into a chain
 *                       becomes one edge to the chain's far end (the sum of
 *                       its weights), so a traversal crosses a chain in one
 *                       relaxation; after the loop one pass gives each chain
 *                       vertex its distance from the chain's ends
 *             ttas      a plain load before each atomicMin
 *             stale     skip a queue entry that fell again in this round
 *             and 09's knobs (H-BF, Busato & Bombieri, TPDS 2016):
 *             dedup     0 enqueue on every improvement (duplicates); 1 a second
 *                       array of round marks (two atomics); 2 the paper's 64-bit
 *                       atomicMin on (distance, round): one atomic both lowers
 *                       the distance and says whether the vertex is already in
 *                       the next frontier
 *             classify  edge classes from in-/out-degree marks in the two top
 *                       bits of each column id, built on the GPU in init:
 *                       in-degree-1 targets take a plain store, out-degree-0
 *                       targets (sinks) are skipped and fixed up after the last
 *                       round, leaves are stored and never pushed, self-loops
 *                       of weight >= 0 are skipped
 *             vw        0 dynamic virtual warps (size from the frontier, 4..32,
 *                       several queue entries per virtual warp); 1..32 a fixed
 *                       size, one virtual warp per queue entry (step 06)
 *             dp        a vertex of more than dp out-edges (and more than one
 *                       child block's worth) gets its own child grid (CDP2,
 *                       fire-and-forget), at most HBF_CHILD_CAP a round: the
 *                       paper's "limited number of frontier vertices at each
 *                       step"; the others are done by their virtual warp. 0 off
 *             coalesce  1 warp-aggregated enqueue (one atomic per warp, the
 *                       warp's entries written side by side); 0 one atomic each
 *             loop      0 the host runs the rounds (a launch and a readback per
 *                       round); 1 the device does, as the paper has dynamic
 *                       parallelism keep the loop on the GPU: the last block of
 *                       a round ends it and tail-launches the next round (with
 *                       child grids in the round, a one-thread dispatcher
 *                       tail-launched after them does); the host reads the
 *                       state once at the end
 * Idea:       Bellman-Ford relaxes only the out-edges of the vertices whose
 *             distance fell in the previous round (the frontier, a queue).
 *             Round r relaxes (u, v, w) with atomicMin(info[v], (d(u) + w, r));
 *             the returned old value says whether the distance fell and
 *             whether v was already pushed in round r, so v enters the next
 *             queue at most once per round.
 *             NEW: Near-Far orders that work: a round relaxes only from
 *             vertices below thr, so fewer distances fall twice; the step
 *             trades relaxations (small) against rounds (large).
 * Reference:  A. Davidson, S. Baxter, M. Garland, J. D. Owens, "Work-Efficient
 *             Parallel GPU Methods for Single-Source Shortest Paths", IPDPS
 *             2014 (the Near-Far work-saving pile); U. Meyer, P. Sanders,
 *             "Delta-stepping: a parallelizable shortest path algorithm",
 *             J. Algorithms 49(1), 2003 (the step Theta(max w / degree)).
 *             F. Busato, N. Bombieri, "An Efficient Implementation of the
 *             Bellman-Ford Algorithm for Kepler GPU Architectures", IEEE TPDS
 *             27(8), 2016: Alg. 3 (frontier), 4.1 (edge classes, Alg. 4), 4.2
 *             (64-bit duplicate removal, Alg. 5-6), 5.1 (coalesced enqueue),
 *             5.2 (dynamic virtual warps), 5.3 (dynamic parallelism), Fig. 9.
 * Invariants: info[v] = (key(d(v)) << 32) | r, key(d) = d ^ 0x80000000 (the
 *             signed order as unsigned order: negative distances compare
 *             right; DIST_INF maps to 0xffffffff, the largest key), r = the
 *             last round that lowered d(v) (0: none). Rounds are tagged
 *             1, 2, ...; a proposal (d, r) never ties a stored (d, r') with
 *             r' > r, so atomicMin changes info[v] exactly when d < d(v).
 *             d(v) only falls. Every vertex whose distance fell in round r is
 *             in queue r (once with dedup 1 and 2), except the classified
 *             ones below; when a queue is empty every distance is final.
 *             NEW, Near-Far (delta > 0): round r proposes (d, r) if d < thr,
 *             else (d, epoch | HBF_FAR): v enters the near queue once a round
 *             and the far queue once an epoch. A split (near queue empty)
 *             raises thr to the smallest far distance + the step and moves
 *             each far entry once (below the old thr: stale; below the new:
 *             near; else far again). Both queues empty: every distance is
 *             final. An epoch is Bellman-Ford below thr: at most n rounds
 *             without a negative cycle (the bound replacing "round n").
 *             NEW, one-block rounds: their entries carry the distance they
 *             were pushed with; a vertex lowered twice in a round is pushed
 *             twice (the queue stays a superset of the vertices that fell).
 *             Negative cycles: without one, round n expands nothing new and
 *             no tentative distance (the weight of a walk) is below the
 *             weight of a simple path, so below both -(n-1) * max|w-| and the
 *             sum of all negative weights. A vertex pushed after round n, or
 *             a distance below that bound, proves a reachable negative cycle
 *             (an error, never a hang and never a wrapped distance). The cap
 *             on child grids keeps each of those n rounds cheap whatever dp.
 *             Edge classes (classify=1, which needs dedup >= 1): a target of
 *             in-degree 1 has one writer per round (its in-neighbour is in the
 *             queue once), so a plain load + compare + store is exact. A sink
 *             (out-degree 0) is never relaxed nor pushed: after the last round
 *             hbf_sinks_kernel sets d(v) = min over its in-edges of d(u) + w
 *             (the authors' code skips sinks but never assigns them: their
 *             distances stay at infinity). A leaf (its one out-edge returns to
 *             its one in-neighbour, the 2-cycle weighing >= 0) is stored,
 *             never pushed: expanding it cannot lower anything.
 *             The source class of the paper (a plain store for the source's
 *             neighbours) is not used: with parallel source edges of different
 *             weights the last store wins, not the smallest; round 1 uses the
 *             same atomicMin as every round.
 * Limits:     benign races: several lanes may set ctl->status to the same
 *             value; a load of d(u) may be older than a concurrent atomicMin
 *             (it is larger: the vertex is pushed again and the next round
 *             relaxes with the new value); the in-degree count reads a counter
 *             others increment (a stale read adds once more, still >= 2). Ids
 *             must stay below 2^30 with classify=1 (two bits of each column
 *             are marks). With dedup=0 a queue may overflow its n entries; the
 *             host then refills it with every reached vertex (a superset of
 *             the frontier: Bellman-Ford stays exact) and goes on. A child grid
 *             that cannot be launched (launch pool full, or the cap) is done by
 *             the parent's virtual warp. NEW: the one-block rounds need
 *             m < 2^32 (32-bit edge offsets in the heads) and 48 bytes a vertex
 *             of heads; forced on a dense graph they are correct but slow.
 *             Distances are 32-bit: the harness
 *             refuses graphs where (n-1) * max|w| reaches 2^31 - 1 before any
 *             of this runs, so every shortest distance fits; a sum off the
 *             shortest paths may pass 2^31 - 1 and is then no improvement
 *             (hbf_sum).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cooperative_groups.h>

#include "dev.cuh"
#include "gpu.h"
#include "graph.h"
#include "step.h"

#define HBF_IN1 0x80000000u    /* NEW: column mark: the target has in-degree 1 */
#define HBF_NOENQ 0x40000000u  /* NEW: column mark: the target is never pushed  */
#define HBF_ID_MASK 0x3fffffffu
#define HBF_ROUND_CAP (1 << 16) /* rounds with a recorded trace row             */
#define HBF_CHILD_BLOCK 256     /* NEW: a child grid: one thread per out-edge    */
#define HBF_CHILD_CAP 1024      /* NEW: child grids a round at most              */
#define HBF_PREP_BLOCK 256
#define HBF_FAR 0x80000000u     /* NEW (delta): tag bit of a far-queue push      */
#define HBF_DELTA_SCALE 2.0     /* NEW (delta=-1): first step = scale x mean|w| / degree */
#define HBF_SPARSE_DEG 8.0      /* NEW (delta=-1): below this mean degree, adapt the step */
#define HBF_ROAD_DEG 3.0        /* NEW (lean=-1): below it (roads: 2.1-2.6), the one-block
                                   rounds; grids (3.4 for 2000 x 2000, boundary included)
                                   keep the grid: their wide frontiers are many passes for
                                   one block (measured on the H100, README) */
#define HBF_NEAR_LO 1024        /* NEW (adapted): fewer near pushes a round: step x 2,
                                   more than 4x as many: step / 2 (not below the first) */
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

enum { HBF_RUNNING = 0, HBF_DONE, HBF_NEGCYCLE, HBF_OVERFLOW, HBF_HANDBACK, HBF_BIGDIST,
       HBF_LEAN /* NEW: the grid hands a small frontier back to the one-block rounds */ };

/* NEW (loop=2): the round's parameters, written by the round's end, read by
 * thread 0 of each block in three 16-byte loads (one latency, not a chain). */
typedef struct __align__(16) {
  int status, phase, cur, fcur;
  int round, thr, thr_old, epoch;
  unsigned long long size, fsize; /* entries of the queue to expand / to split */
} hbf_rd_t;

/* NEW: the state of the round loop lives on the device, so that the device
 * can run the loop itself (loop=1); the host reads it once per round (loop=0)
 * or once per chain of rounds (loop=1, 2). */
typedef struct {
  unsigned long long size[2];   /* pushes into queue 0 / 1 (may pass cap)      */
  unsigned long long relax;     /* relax operations, all rounds so far          */
  unsigned long long relax_prev;/* ... up to the previous round (trace)         */
  unsigned long long scanned;   /* out-edges of the expanded entries            */
  unsigned long long pushes;    /* queue entries, all rounds                    */
  unsigned long long children;  /* child grids launched                         */
  unsigned long long children_prev; /* ... before this round                     */
  unsigned long long child_fail;/* hubs done by the parent: launch refused      */
  unsigned long long hubs;      /* hubs met in this round (the cap; loop=2: listed) */
  int round;                    /* the round being (or next to be) expanded     */
  int cur;                      /* the queue it expands                         */
  int status;                   /* HBF_*; phase follows it (the host writes both) */
  int phase;                    /* 0: round expanded, not ended; 1: ended;
                                   NEW 2: a split is due (delta > 0)             */
  int err;                      /* device launch error (loop=1), 0 if none      */
  unsigned blocks_done;         /* blocks of this round finished (loop=1, 2)    */
  /* NEW (delta > 0): the far queue and the threshold */
  unsigned long long fsize[2];  /* entries of far queue 0 / 1                   */
  unsigned long long fsize_prev;/* ... of the current one before this round     */
  int fcur;                     /* the far queue rounds push into               */
  int thr;                      /* near: d < thr                                */
  int thr_old;                  /* ... before the last split                    */
  int epoch;                    /* splits so far; far tag = epoch | HBF_FAR     */
  int epoch_round;              /* the last round before this epoch's split     */
  unsigned fmin;                /* smallest far distance as a key (d ^ 2^31)    */
  unsigned long long splits;    /* split passes (HBF_VERBOSE)                   */
  unsigned long long ep_push;   /* near pushes in this epoch (delta=-1)          */
  int ep_rounds;                /* rounds in this epoch (delta=-1)               */
  int dcur;                     /* the threshold step now (delta=-1: adapted)    */
  int lean_rounds;              /* NEW (lean): rounds and splits of the one-block kernel */
  int lean_trips;               /* NEW (lean): times the grid handed the frontier back */
  hbf_rd_t rd;                  /* NEW (loop=2): what the next round needs, in 48 bytes */
} hbf_ctl_t; /* a multiple of 8 bytes: hbf_end_round copies it in words */
static_assert(sizeof(hbf_ctl_t) % 8 == 0, "copied in 8-byte words");
static_assert(offsetof(hbf_ctl_t, phase) == offsetof(hbf_ctl_t, status) + sizeof(int),
              "the host writes status and phase in one copy");

typedef struct {
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
  vid_t *far[2];                /* NEW (delta > 0): far queues, ping-pong      */
  unsigned long long *hublist;  /* NEW (loop=2): (u << 32 | d(u)) of this round's hubs */
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
  int ttas, stale;              /* NEW: a load before each atomicMin; skip entries queued again */
  int delta;                    /* NEW: Near-Far step, 0 off                   */
  int adapt;                    /* NEW: delta=-1, the step adapted per epoch    */
  const uint4 *head;            /* NEW (lean): 3 per vertex: degree, first edge, 5 (column, weight) */
  int lean;                     /* NEW: the one-block rounds on (loop=2, dedup=2)  */
  int leanq;                    /* NEW: entries of each of their shared-memory queues */
  unsigned long long leanmax;   /* NEW: they take rounds of at most this many entries */
  int nlo;                      /* NEW: their adaptive step's target: near pushes a round */
  int chase;                    /* NEW: levels a lane expands in one one-block round */
  int spread;                   /* NEW: in the block, a warp's head edges spread over its lanes */
  const struct chn_rec *rec;    /* NEW (chains): (chain vertex, branch vertex, distance along the chain) */
  unsigned long long nrec;
} hbf_args_t;

typedef struct {
  dgraph_t g;
  launch_t lc;
  hbf_args_t a;
  int grid_loop;                /* NEW: blocks of the cooperative grid (loop=2) */
  vid_t *d_cols_marked;
  vid_t *d_cols_chn;            /* NEW (chains): the columns and weights with chains crossed */
  weight_t *d_w_chn;
  struct chn_rec *d_rec;
  vid_t *d_sink_v, *d_sink_u;
  weight_t *d_sink_w;
} hbf_state_t;

static __device__ __forceinline__ unsigned long long hbf_pack(dist_t d, int round) {
  return ((unsigned long long)((unsigned)d ^ 0x80000000u) << 32) | (unsigned)round;
}
static __device__ __forceinline__ dist_t hbf_unpack(unsigned long long info) {
  return (dist_t)((unsigned)(info >> 32) ^ 0x80000000u);
}
/* NEW: a relaxation's sum d + w (w an edge's weight or a chain's sum), never
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

/* NEW: the relax operation with the edge classes. Returns 1 when v must be
 * pushed into the next queue, NEW 2 into the far queue (delta > 0: d >= thr).
 * *ops counts relax operations; *fmin (a key) takes every far distance it
 * stores. */
static __device__ __forceinline__ int hbf_relax(const hbf_args_t *a, int round, int thr, unsigned etag,
                                                vid_t u, dist_t du, vid_t c, weight_t w, vid_t *vout,
                                                unsigned *ops, unsigned *fmin) {
  vid_t v = a->classify ? (c & HBF_ID_MASK) : c;
  *vout = v;
  unsigned cls = a->classify ? (c & (HBF_IN1 | HBF_NOENQ)) : 0;
  if (a->classify) {
    if (v == u && w >= 0) return 0;  /* self-loop class: cannot lower d(u)   */
    if (cls == HBF_NOENQ) return 0;  /* sink class: fixed up after the loop   */
  }
  long long nd = hbf_sum(du, w);     /* NEW: no wrap, DIST_INF at the limit  */
  if (nd < a->lo) {                  /* below any simple path: a negative cycle */
    a->ctl->status = HBF_NEGCYCLE;   /* benign race: every writer stores the same */
    return 0;
  }
  if (nd == (long long)DIST_INF) return 0; /* past the limit: lowers nothing */
  (*ops)++;
  dist_t d = (dist_t)nd;
  int push = !(cls & HBF_NOENQ);
  if (a->dedup == 2) {
    /* NEW (delta): a far proposal is tagged with the epoch, not the round */
    int far = d >= thr;
    unsigned tag = far ? etag : (unsigned)round;
    unsigned long long key = hbf_pack(d, (int)tag), old;
    if (cls & HBF_IN1) { /* NEW: one writer per round: no atomic */
      old = a->info[v];
      if ((key >> 32) >= (old >> 32)) return 0;
      a->info[v] = key;
    } else {
      /* NEW (ttas): most relaxations lower nothing; a stale load is larger
       * (d only falls), so it can only let a useless atomic through */
      if (a->ttas && (key >> 32) >= (__ldcg(&a->info[v]) >> 32)) return 0;
      old = atomicMin(&a->info[v], key);
      if ((key >> 32) >= (old >> 32)) return 0; /* lowered nothing */
    }
    if (far && push && (unsigned)(key >> 32) < *fmin) *fmin = (unsigned)(key >> 32);
    /* lowered it, and nobody pushed v into that queue in this round (near)
     * or, NEW, this epoch (far) yet */
    if (!push || (unsigned)old == tag) return 0;
    return far ? 2 : 1;
  }
  if (cls & HBF_IN1) { /* dedup 1 (classify needs dedup >= 1) */
    if (d >= a->dist[v]) return 0;
    a->dist[v] = d;
    return push;
  }
  if (a->ttas && d >= __ldcg(&a->dist[v])) return 0; /* NEW (ttas) */
  int old = atomicMin(&a->dist[v], d);
  if (d >= old || !push) return 0;
  if (a->dedup == 1) return atomicExch(&a->mark[v], round) != round;
  return 1; /* dedup 0: every improvement is pushed, duplicates and all */
}

/* NEW: the enqueue. coalesce=1: the pushing lanes of a warp take one atomic
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

/* NEW (delta): the far queue's enqueue, as hbf_push's. */
static __device__ __forceinline__ void hbf_push_far(const hbf_args_t *a, int fq, int push, vid_t v) {
  unsigned long long *size = &a->ctl->fsize[fq];
  if (a->coalesce) {
    unsigned long long pos = dev_warp_slot(size, push);
    if (push && pos < a->cap) a->far[fq][pos] = v; /* once an epoch each: at most n */
    return;
  }
  if (!push) return;
  unsigned long long pos = atomicAdd(size, 1ULL);
  if (pos < a->cap) a->far[fq][pos] = v;
}

/* NEW: hbf_relax's answer into the near (1) or the far (2) queue. */
static __device__ __forceinline__ void hbf_push2(const hbf_args_t *a, int nxt, int fq, int res, vid_t v) {
  hbf_push(a, nxt, res == 1, v);
  if (a->delta > 0) hbf_push_far(a, fq, res == 2, v);
}

/* NEW: the block's counts into the loop state, one global atomic each a block
 * (relax operations, scanned edges, the smallest far distance). Every thread
 * of the block calls it. */
static __device__ void hbf_add_counts(const hbf_args_t *a, unsigned ops, unsigned long long scanned,
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
    if (s_ops) atomicAdd(&a->ctl->relax, s_ops);
    if (s_scanned) atomicAdd(&a->ctl->scanned, s_scanned);
    if (s_fmin != 0xffffffffu) atomicMin(&a->ctl->fmin, s_fmin);
  }
}

/* One row's out-edges [begin, end): this thread takes begin + first, then
 * every stride-th (a virtual warp: lane, vw; a child grid: its thread id and
 * size; NEW, the hub list: a block or the whole grid), relaxes them and
 * pushes what fell. */
static __device__ __forceinline__ void hbf_relax_row(const hbf_args_t *a, int nxt, int fq, int round,
                                                     int thr, unsigned etag, vid_t u, dist_t du,
                                                     eid_t begin, eid_t end, unsigned long long first,
                                                     unsigned long long stride, unsigned *ops,
                                                     unsigned *fmin) {
  for (eid_t e = begin + first; e < end; e += stride) {
    vid_t v;
    int res = hbf_relax(a, round, thr, etag, u, du, a->cols[e], a->weights[e], &v, ops, fmin);
    hbf_push2(a, nxt, fq, res, v);
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
/* NEW: a child grid for one hub: one thread per out-edge. */
static __global__ void hbf_child_kernel(hbf_args_t a, int nxt, int fq, int round, int thr,
                                        unsigned etag, vid_t u, dist_t du, eid_t begin, eid_t end) {
  unsigned ops = 0, fmin = 0xffffffffu;
  hbf_relax_row(&a, nxt, fq, round, thr, etag, u, du, begin, end,
                blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x,
                (unsigned long long)gridDim.x * blockDim.x, &ops, &fmin);
  hbf_add_counts(&a, ops, 0, fmin);
}
#endif

/* NEW: a hub's row to a child grid (lane 0 of its virtual warp). 1: launched;
 * 0: the virtual warp does it (over the round's cap, or the launch refused). */
static __device__ int hbf_hub(const hbf_args_t *a, int nxt, int fq, int round, int thr, unsigned etag,
                              vid_t u, dist_t du, eid_t begin, eid_t end) {
#if HBF_CDP
  /* a few big rows pay for their launch; thousands a round would queue up
   * behind each other in the device runtime, round after round */
  if (atomicAdd(&a->ctl->hubs, 1ULL) >= HBF_CHILD_CAP) return 0;
  unsigned long long blocks = (end - begin + HBF_CHILD_BLOCK - 1) / HBF_CHILD_BLOCK;
  if (blocks > 4096) blocks = 4096;
  hbf_child_kernel<<<(unsigned)blocks, HBF_CHILD_BLOCK, 0, cudaStreamFireAndForget>>>(
      *a, nxt, fq, round, thr, etag, u, du, begin, end);
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
 * warp"); a hub's row goes to a child grid, NEW with loop=2 (persist: a
 * cooperative grid may not launch) to the hub list the whole grid expands. */
static __device__ __forceinline__ void hbf_expand(const hbf_args_t *a, int cur, int fq, int round,
                                                  unsigned long long in_size, int vw, int thr,
                                                  unsigned etag, unsigned *ops,
                                                  unsigned long long *scanned, unsigned *fmin,
                                                  const int persist) {
  int nxt = cur ^ 1;
  unsigned long long tid = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  unsigned long long nvw = (unsigned long long)gridDim.x * blockDim.x / vw;
  unsigned long long wid = tid / vw;
  int lane = (int)(tid % vw);
  unsigned wl = threadIdx.x & 31; /* lane in the real warp */
  unsigned vmask = vw == 32 ? 0xffffffffu : (((1u << vw) - 1) << (wl & ~(unsigned)(vw - 1)));
  for (unsigned long long i = wid; wid < nvw && i < in_size; i += nvw) {
    vid_t u = a->queue[cur][i];
    /* lane 0 reads d(u) (NEW: and its round) for the whole virtual warp:
     * lanes that read it apart could see different values */
    unsigned long long iu = 0;
    if (lane == 0) iu = a->dedup == 2 ? a->info[u]
                                      : ((unsigned long long)(unsigned)a->dist[u] << 32) |
                                            (unsigned)(a->dedup == 1 ? a->mark[u] : 0);
    iu = __shfl_sync(vmask, iu, 0, vw);
    /* NEW (stale): u fell again in this round, so it is in the next queue
     * already; expanding it now would be done again. */
    if (a->stale && a->dedup >= 1 && (unsigned)iu == (unsigned)round) continue;
    dist_t du = a->dedup == 2 ? hbf_unpack(iu) : (dist_t)(unsigned)(iu >> 32);
    eid_t begin = a->offsets[u], end = a->offsets[u + 1];
    if (lane == 0) *scanned += end - begin;
    if (a->dp > 0 && end - begin > (eid_t)a->dp) { /* NEW: a hub */
      int ok = 0;
      if (lane == 0 && persist) { /* a constant: this branch alone in the cooperative kernel */
        unsigned long long pos = atomicAdd(&a->ctl->hubs, 1ULL);
        a->hublist[pos] = ((unsigned long long)u << 32) | (unsigned)du; /* pos < in_size <= cap */
        ok = 1;
      } else if (lane == 0) {
        ok = hbf_hub(a, nxt, fq, round, thr, etag, u, du, begin, end);
      }
      if (__shfl_sync(vmask, ok, 0, vw)) continue;
    }
    hbf_relax_row(a, nxt, fq, round, thr, etag, u, du, begin, end, (unsigned long long)lane,
                  (unsigned long long)vw, ops, fmin);
  }
}

/* NEW: the virtual warp size and grid of a round (host and device). */
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

/* NEW: end of a round, one thread, on a copy of the loop state: record the
 * round, check termination and the negative-cycle bound, switch the queues.
 * 1: another round follows; NEW 2: a split (the near queue ran dry). near_lo:
 * the adaptive step's target (the grid: HBF_NEAR_LO; one block: nlo). */
static __device__ __forceinline__ int hbf_end_round_on(const hbf_args_t *a, hbf_ctl_t *c,
                                                       unsigned long long near_lo) {
  int cur = c->cur, nxt = cur ^ 1, r = c->round;
  c->blocks_done = 0; /* every block of the grid that called it has arrived */
  unsigned long long size = c->size[nxt];
  int failed = c->status == HBF_NEGCYCLE || c->status == HBF_BIGDIST;
  if (!failed && size > a->cap) { c->status = HBF_OVERFLOW; return 0; } /* the host refills the queue */
  if (c->phase != 2) { /* NEW: after a split, not a round: nothing to record */
    if (r < HBF_ROUND_CAP) {
      a->rounds[r].frontier = c->size[cur];
      a->rounds[r].relax = c->relax - c->relax_prev;
    }
    c->relax_prev = c->relax;
    c->pushes += size + (c->fsize[c->fcur] - c->fsize_prev);
    c->ep_push += size;
    c->ep_rounds++;
  }
  if (failed) return 0;
  c->status = HBF_RUNNING;
  c->phase = 1;
  if (size == 0 && a->delta > 0 && c->fsize[c->fcur] > 0) {
    /* NEW (delta): the near queue ran dry: thr = smallest far distance + the
     * step (no empty epochs), then split the far queue */
    int fin = c->fcur;
    long long lo = c->fmin == 0xffffffffu ? (long long)c->thr : (long long)(int)(c->fmin ^ 0x80000000u);
    if (lo < c->thr) lo = c->thr; /* cannot happen: far distances are >= thr */
    if (a->adapt && c->ep_rounds > 0) {
      /* NEW (delta=-1): near_lo..4 x near_lo pushes a round: thinner rounds
       * pay a barrier each, wider ones relax distances that fall again */
      unsigned long long avg = c->ep_push / (unsigned long long)c->ep_rounds;
      if (avg < near_lo && c->dcur < (1 << 29)) c->dcur *= 2;
      else if (avg > 4 * near_lo && c->dcur / 2 >= a->delta) c->dcur /= 2;
    }
    c->ep_push = 0;
    c->ep_rounds = 0;
    c->thr_old = c->thr;
    c->thr = (dist_t)hbf_sum((dist_t)lo, c->dcur); /* lo < DIST_INF: a far distance */
    c->epoch++;
    c->epoch_round = r;
    c->fmin = 0xffffffffu; /* the split records the smallest distance it keeps */
    c->fcur = fin ^ 1;
    c->fsize[fin ^ 1] = 0;
    c->fsize_prev = 0;
    c->splits++;
    c->phase = 2;
    return 2;
  }
  if (size == 0) { c->status = HBF_DONE; return 0; }
  /* pushed after round n (NEW: of this epoch: an epoch is Bellman-Ford on the
   * vertices below thr) */
  if (r - (a->delta > 0 ? c->epoch_round : 0) >= a->max_rounds) { c->status = HBF_NEGCYCLE; return 0; }
  if (r >= INT32_MAX - 2) { c->status = HBF_BIGDIST; return 0; }  /* round tags would wrap */
  c->size[cur] = 0; /* the expanded queue becomes the next output */
  c->cur = nxt;
  c->round = r + 1;
  c->children_prev = c->children;
  c->fsize_prev = c->fsize[c->fcur];
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
  int next = hbf_end_round_on(a, &c, HBF_NEAR_LO);
  /* NEW (lean): a small frontier goes back to the one-block rounds */
  if (a->lean && next == 1 && c.size[c.cur] <= a->leanmax / 2) {
    c.status = HBF_LEAN;
    c.lean_trips++;
    next = 0;
  }
  /* NEW (loop=2): the next round's parameters in one descriptor */
  hbf_rd_t rd = {c.status, c.phase, c.cur, c.fcur, c.round, c.thr, c.thr_old, c.epoch,
                 c.size[c.cur], c.fsize[c.fcur ^ 1]};
  c.rd = rd;
#pragma unroll
  for (int i = 0; i < (int)(sizeof c / 8); i++) __stcg(g + i, w[i]);
  return next;
}

static __global__ void hbf_expand_kernel(hbf_args_t a, int cur, int fq, int round,
                                         unsigned long long in_size, int vw, int thr, unsigned etag);
static __global__ void hbf_split_kernel(hbf_args_t a, int nxt, int round, int fin, unsigned long long size,
                                        int thr_old, int thr, unsigned etag);
static __host__ __device__ int hbf_split_grid(const hbf_args_t *a, unsigned long long size);

/* End the round; with loop=1 launch the next one from here (a tail launch:
 * it starts when this grid is complete). */
static __device__ void hbf_dispatch(const hbf_args_t *a) {
  int next = hbf_end_round(a);
  if (a->chain != 1 || !next) return;
  volatile hbf_ctl_t *c = a->ctl;
  __threadfence(); /* the next grid sees the switched state */
#if HBF_CDP
  unsigned etag = (unsigned)c->epoch | HBF_FAR;
  if (next == 2) { /* NEW: split the far queue */
    int fin = c->fcur ^ 1;
    unsigned long long fs = c->fsize[fin];
    hbf_split_kernel<<<hbf_split_grid(a, fs), a->block, 0, cudaStreamTailLaunch>>>(
        *a, c->cur ^ 1, c->round, fin, fs, c->thr_old, c->thr, etag);
  } else {
    int vw, grid;
    unsigned long long size = c->size[c->cur];
    hbf_shape(a, size, &vw, &grid);
    hbf_expand_kernel<<<grid, a->block, 0, cudaStreamTailLaunch>>>(*a, c->cur, c->fcur, c->round, size, vw,
                                                                  c->thr, etag);
  }
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) { c->err = (int)e; c->status = HBF_HANDBACK; }
#else
  c->status = HBF_HANDBACK; /* sanitizer build: the host launches the next round */
#endif
}

static __global__ void hbf_dispatch_kernel(hbf_args_t a) { hbf_dispatch(&a); }

/* One round. NEW (loop=1): the last block to finish ends it. Without child
 * grids it runs the dispatcher's code itself (every counter is final: each
 * block fenced its atomics before counting itself done); with children it
 * tail-launches the dispatcher, which starts when this grid and all its
 * children are complete (CDP2 has no device-side synchronize). */
static __global__ void hbf_expand_kernel(hbf_args_t a, int cur, int fq, int round,
                                         unsigned long long in_size, int vw, int thr, unsigned etag) {
  unsigned ops = 0, fmin = 0xffffffffu;
  unsigned long long scanned = 0;
  hbf_expand(&a, cur, fq, round, in_size, vw, thr, etag, &ops, &scanned, &fmin, 0);
  hbf_add_counts(&a, ops, scanned, fmin);
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

/* NEW (delta): the grid of a split pass. */
static __host__ __device__ int hbf_split_grid(const hbf_args_t *a, unsigned long long size) {
  unsigned long long g = (size + a->block - 1) / a->block;
  unsigned long long most = (unsigned long long)a->resident_threads / a->block;
  if (a->fixed_grid > 0) return a->fixed_grid;
  if (g > most) g = most;
  return g < 1 ? 1 : (int)g;
}

/* NEW (delta): one pass over the far queue (each vertex at most once) after
 * the near queue ran dry; no round runs now, so plain loads and stores of
 * info suffice. The near queue nxt it fills is the input of round + 1. */
static __device__ __forceinline__ void hbf_split(const hbf_args_t *a, int nxt, int round, int fin,
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
      dist_t d = hbf_unpack(a->info[v]);
      /* below the old threshold: v fell into a near queue since, and was expanded */
      if (d >= thr_old) {
        res = d < thr ? 1 : 2;
        /* tagged as if pushed in the round just over (near) or in the new epoch (far) */
        a->info[v] = hbf_pack(d, res == 1 ? round : (int)etag);
        if (res == 2 && ((unsigned)d ^ 0x80000000u) < fmin) fmin = (unsigned)d ^ 0x80000000u;
      }
    }
    hbf_push(a, nxt, res == 1, v);
    hbf_push_far(a, fout, res == 2, v);
  }
  *fminp = fmin;
}

static __global__ void hbf_split_kernel(hbf_args_t a, int nxt, int round, int fin, unsigned long long size,
                                        int thr_old, int thr, unsigned etag) {
  unsigned fmin;
  hbf_split(&a, nxt, round, fin, size, thr_old, thr, etag, &fmin);
  hbf_add_counts(&a, 0, 0, fmin);
  if (a.chain == 1 && hbf_last_block(&a)) hbf_dispatch(&a);
}

/* NEW (loop=2): every round in ONE cooperative grid: thread 0 of each block
 * reads the round's parameters, the round's work (expansion, then the hub
 * list, or a split), the last block ends the round, one grid.sync(). No child
 * grids: a grid barrier cannot wait for them, so the grid expands the hubs. */
static __global__ void hbf_persist_kernel(hbf_args_t a) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  __shared__ int s_status, s_phase, s_cur, s_fcur, s_round, s_thr, s_thr_old, s_epoch;
  __shared__ unsigned long long s_size, s_fsize, s_nhub;
  for (int first = 1;; first = 0) {
    if (threadIdx.x == 0 && first) { /* the host or the one-block rounds set the state: read it all */
      volatile hbf_ctl_t *c = a.ctl;
      s_status = c->status; s_phase = c->phase; s_cur = c->cur; s_fcur = c->fcur;
      s_round = c->round; s_thr = c->thr; s_thr_old = c->thr_old; s_epoch = c->epoch;
      s_size = c->size[c->cur]; s_fsize = c->fsize[c->fcur ^ 1];
    } else if (threadIdx.x == 0) { /* the last round's end wrote rd */
      const int4 *p = (const int4 *)&a.ctl->rd;
      int4 x = __ldcg(p), y = __ldcg(p + 1);
      ulonglong2 z = __ldcg((const ulonglong2 *)(p + 2));
      s_status = x.x; s_phase = x.y; s_cur = x.z; s_fcur = x.w;
      s_round = y.x; s_thr = y.y; s_thr_old = y.z; s_epoch = y.w;
      s_size = z.x; s_fsize = z.y;
    }
    __syncthreads();
    int status = s_status, phase = s_phase, cur = s_cur, fq = s_fcur, round = s_round;
    int thr = s_thr, thr_old = s_thr_old;
    unsigned etag = (unsigned)s_epoch | HBF_FAR;
    unsigned long long size = s_size, fsize = s_fsize;
    if (status != HBF_RUNNING) return; /* the same value in every block: all return */
    unsigned ops = 0, fmin = 0xffffffffu;
    unsigned long long scanned = 0;
    if (phase == 1) {
      int vw, unused;
      hbf_shape(&a, size, &vw, &unused);
      hbf_expand(&a, cur, fq, round, size, vw, thr, etag, &ops, &scanned, &fmin, 1);
      if (a.dp > 0) {
        grid.sync(); /* the hub list is complete */
        if (threadIdx.x == 0) s_nhub = *(volatile unsigned long long *)&a.ctl->hubs;
        __syncthreads();
        unsigned long long nh = s_nhub;
        /* more hubs than blocks: a block a hub; else the grid on each in turn */
        int own = nh > gridDim.x;
        unsigned long long first_t = own ? threadIdx.x : blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
        unsigned long long stride = own ? blockDim.x : (unsigned long long)gridDim.x * blockDim.x;
        for (unsigned long long h = own ? blockIdx.x : 0; h < nh; h += own ? gridDim.x : 1) {
          unsigned long long hv = a.hublist[h];
          vid_t u = (vid_t)(hv >> 32);
          hbf_relax_row(&a, cur ^ 1, fq, round, thr, etag, u, (dist_t)(unsigned)hv, a.offsets[u],
                        a.offsets[u + 1], first_t, stride, &ops, &fmin);
        }
      }
    } else if (phase == 2) {
      hbf_split(&a, cur ^ 1, round, fq ^ 1, fsize, thr_old, thr, etag, &fmin);
    } /* phase 0 (after the host refilled a queue): only the round's end */
    hbf_add_counts(&a, ops, scanned, fmin);
    /* the last block to finish ends the round (as in loop=1), then one barrier */
    if (hbf_last_block(&a)) hbf_end_round(&a);
    grid.sync();
  }
}

/* ---- NEW: the one-block rounds (lean) ---------------------------------------
 * A road network's round is a few hundred vertices: a grid barrier and a
 * chain of dependent loads. While the frontier is small ONE block runs the
 * rounds: __syncthreads() for grid.sync(), queues in shared memory, and each
 * entry carries its vertex's row head (loaded with the atomicMin that claimed
 * it), so a round costs one dependent global access. Thread 0 ends a round
 * with the grid's hbf_end_round_on on the state in shared memory. An entry
 * carries the distance it was pushed with: a vertex lowered twice in a round
 * is pushed twice. Entries past the shared queue go to the global queue at
 * the same index (distance and head read when expanded). */
#define LEAN_K 5               /* (column, weight) pairs in a row head          */
#define LEAN_BLOCK 512         /* threads of the one-block kernel               */
#define LEAN_ENTRY 56          /* shared bytes a queue entry: head, vertex, distance */
#define LEAN_WARP_TAIL 512     /* tails longer than this: the whole block        */
#define LEAN_EDGES (LEAN_K * 32) /* (column, weight, distance) slots of a warp's edge list */
/* the two queues, then (spread) each warp's edge list */
#define LEAN_SMEM(q, spread) ((size_t)(q) * 2 * LEAN_ENTRY + ((spread) ? (size_t)LEAN_BLOCK / 32 * LEAN_EDGES * 12 : 0))

typedef struct {
  uint4 *h;                    /* 3 a vertex */
  vid_t *v;
  dist_t *d;
} lean_q_t;

typedef struct {               /* one round's parameters, in every thread's registers */
  int cur, fq, round, thr;
  unsigned etag;
  unsigned long long fbase;    /* entries of the far queue before this round    */
} lean_rd_t;

/* Shared memory of the one-block kernel (the queues are dynamic). */
typedef struct {
  hbf_ctl_t c;                 /* the loop state (thread 0 ends each round on it) */
  unsigned nnear, nfar, ops, scanned; /* this round's counts (32-bit shared atomics) */
  int err;                     /* HBF_NEGCYCLE seen this round                  */
  unsigned nlong, nbig;        /* rows with tails; the longest of them          */
  unsigned loff[LEAN_BLOCK], ldeg[LEAN_BLOCK];
  uint4 kh[3 * LEAN_BLOCK];    /* NEW (chase): the kept vertex's head, word j of thread t at j x LEAN_BLOCK + t */
  dist_t ld[LEAN_BLOCK];
  unsigned short lbig[LEAN_BLOCK];
} lean_sh_t;

static __device__ lean_q_t lean_queue(int leanq, int which) {
  extern __shared__ uint4 lean_smem[];
  char *base = (char *)lean_smem + (size_t)which * leanq * LEAN_ENTRY;
  lean_q_t q = {(uint4 *)base, (vid_t *)(base + (size_t)leanq * 48), (dist_t *)(base + (size_t)leanq * 52)};
  return q;
}

/* A warp's slots for its lanes' c < 8 pushes each: one shared atomic a warp
 * (the exclusive prefix sum from three ballots, one a bit of c). All 32 lanes
 * call it. */
static __device__ __forceinline__ unsigned lean_slots(unsigned *count, unsigned c) {
  unsigned lane = threadIdx.x & 31, lt = (1u << lane) - 1;
  unsigned b0 = __ballot_sync(DEV_FULL_MASK, c & 1), b1 = __ballot_sync(DEV_FULL_MASK, c & 2),
           b2 = __ballot_sync(DEV_FULL_MASK, c & 4);
  unsigned tot = __popc(b0) + 2 * __popc(b1) + 4 * __popc(b2), base = 0;
  if (tot == 0) return 0;
  if (lane == 0) base = atomicAdd(count, tot);
  return __shfl_sync(DEV_FULL_MASK, base, 0) + __popc(b0 & lt) + 2 * __popc(b1 & lt) + 4 * __popc(b2 & lt);
}

/* A near entry (with its distance and head) at slot pos: in the shared
 * queue, past it in the global queue (at the same index). */
static __device__ __forceinline__ void lean_put(const hbf_args_t *a, lean_q_t q, int nxt, unsigned pos,
                                                vid_t v, dist_t d, uint4 h0, uint4 h1, uint4 h2) {
  if (pos < (unsigned)a->leanq) {
    q.h[3 * pos] = h0;
    q.h[3 * pos + 1] = h1;
    q.h[3 * pos + 2] = h2;
    q.v[pos] = v;
    q.d[pos] = d;
  } else if (pos < a->cap) {
    a->queue[nxt][pos] = v; /* past cap: counted, the round's end sees the overflow */
  }
}

/* A far entry (far queue pos of this round's). */
static __device__ __forceinline__ void lean_put_far(const hbf_args_t *a, const lean_rd_t *r,
                                                    unsigned pos, vid_t v) {
  unsigned long long p = r->fbase + pos;
  if (p < a->cap) a->far[r->fq][p] = v;
}

/* NEW (chase): a near entry a lane keeps to expand in the same round; its
 * head waits in the lane's slot of S.kh (a shared store, not a register copy
 * of every candidate's head). */
typedef struct {
  int on;
  dist_t d;
} lean_chase_t;

/* Relax edges k0..k1-1 of a lane (bit k of has: edge k exists) at distance d:
 * every target's head and atomicMin in flight together, then the pushes.
 * All lanes of the warp call it. */
static __device__ __forceinline__ void lean_claim(const hbf_args_t *a, lean_sh_t *S, lean_q_t q,
                                                  const lean_rd_t *r, unsigned has,
                                                  const vid_t *cs, const weight_t *ws, dist_t d,
                                                  const int k0, const int k1, unsigned *ops,
                                                  unsigned *fmin, lean_chase_t *ch, int keep) {
  unsigned long long key[LEAN_K], old[LEAN_K];
#pragma unroll
  for (int k = 0; k < LEAN_K; k++) key[k] = old[k] = 0;
  uint4 h0[LEAN_K], h1[LEAN_K], h2[LEAN_K];
  vid_t v[LEAN_K];
  int st[LEAN_K]; /* 0 nothing, 1 near candidate, 2 far candidate, 3 stored, never pushed */
#pragma unroll
  for (int k = k0; k < k1; k++) {
    st[k] = 0;
    v[k] = a->classify ? cs[k] & HBF_ID_MASK : cs[k];
    unsigned cls = a->classify ? cs[k] & (HBF_IN1 | HBF_NOENQ) : 0;
    if (!(has >> k & 1) || cls == HBF_NOENQ) continue; /* sink: fixed up after the loop */
    long long nd = hbf_sum(d, ws[k]);
    if (nd < a->lo) { atomicCAS(&S->err, 0, HBF_NEGCYCLE); continue; }
    if (nd == (long long)DIST_INF) continue; /* past the limit: lowers nothing */
    (*ops)++;
    int far = (dist_t)nd >= r->thr;
    key[k] = hbf_pack((dist_t)nd, far ? (int)r->etag : r->round);
    st[k] = (cls & HBF_NOENQ) ? 3 : far ? 2 : 1;
    if (st[k] == 1) {
      h0[k] = __ldg(&a->head[3 * (size_t)v[k]]);
      h1[k] = __ldg(&a->head[3 * (size_t)v[k] + 1]);
      h2[k] = __ldg(&a->head[3 * (size_t)v[k] + 2]);
    }
  }
#pragma unroll
  for (int k = k0; k < k1; k++)
    if (st[k]) old[k] = atomicMin(&a->info[v[k]], key[k]);
  unsigned nm = 0, fm = 0; /* bit k: a near / a far push */
#pragma unroll
  for (int k = k0; k < k1; k++) {
    if (st[k] && (key[k] >> 32) < (old[k] >> 32)) { /* lowered it */
      if (st[k] == 1) nm |= 1u << k;                /* near: every lowering is pushed */
      if (st[k] == 2) {
        if ((unsigned)(key[k] >> 32) < *fmin) *fmin = (unsigned)(key[k] >> 32);
        if ((unsigned)old[k] != r->etag) fm |= 1u << k; /* far: once an epoch */
      }
    }
  }
  if (keep && !ch->on) { /* NEW (chase): the lane keeps its first near push of a short row to expand itself */
    unsigned cand = 0;
#pragma unroll
    for (int k = k0; k < k1; k++)
      if ((nm >> k & 1) && h0[k].x <= LEAN_K) cand |= 1u << k;
    cand &= -cand; /* the first */
    nm &= ~cand;
    ch->on = cand != 0;
    unsigned t = threadIdx.x;
#pragma unroll
    for (int k = k0; k < k1; k++)
      if (cand >> k & 1) {
        S->kh[t] = h0[k]; S->kh[LEAN_BLOCK + t] = h1[k]; S->kh[2 * LEAN_BLOCK + t] = h2[k];
        ch->d = hbf_unpack(key[k]);
      }
  }
  unsigned pos = lean_slots(&S->nnear, __popc(nm));
#pragma unroll
  for (int k = k0; k < k1; k++)
    if (nm >> k & 1) lean_put(a, q, r->cur ^ 1, pos++, v[k], hbf_unpack(key[k]), h0[k], h1[k], h2[k]);
  if (__any_sync(DEV_FULL_MASK, fm)) {
    pos = lean_slots(&S->nfar, __popc(fm));
#pragma unroll
    for (int k = k0; k < k1; k++)
      if (fm >> k & 1) lean_put_far(a, r, pos++, v[k]);
  }
}

/* NEW (spread): the head edges (bits of has) of the warp's lanes, one edge a
 * lane a pass: a warp's claims cost one edge's chain, not five. Their
 * (column, weight, distance) wait in the warp's list in shared memory. All
 * 32 lanes call it. */
static __device__ __forceinline__ void lean_spread(const hbf_args_t *a, lean_sh_t *S, lean_q_t q,
                                                   const lean_rd_t *r, unsigned has, const vid_t *cs,
                                                   const weight_t *ws, dist_t d, unsigned *ops,
                                                   unsigned *fmin, lean_chase_t *ch, int keep) {
  extern __shared__ uint4 lean_smem[];
  unsigned lane = threadIdx.x & 31, n = (unsigned)__popc(has), x = n;
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) { /* inclusive scan of the lanes' edge counts */
    unsigned y = __shfl_up_sync(DEV_FULL_MASK, x, o);
    if (lane >= (unsigned)o) x += y;
  }
  unsigned pos = x - n, ne = __shfl_sync(DEV_FULL_MASK, x, 31);
  char *lists = (char *)lean_smem + (size_t)2 * a->leanq * LEAN_ENTRY;
  vid_t *ec = (vid_t *)lists + (threadIdx.x >> 5) * LEAN_EDGES;
  weight_t *ew = (weight_t *)lists + LEAN_BLOCK / 32 * LEAN_EDGES + (threadIdx.x >> 5) * LEAN_EDGES;
  dist_t *ed = (dist_t *)lists + 2 * (LEAN_BLOCK / 32 * LEAN_EDGES) + (threadIdx.x >> 5) * LEAN_EDGES;
  __syncwarp(); /* the warp's previous list is read */
#pragma unroll
  for (int k = 0; k < LEAN_K; k++)
    if (has >> k & 1) { ec[pos] = cs[k]; ew[pos] = ws[k]; ed[pos] = d; pos++; }
  __syncwarp();
  for (unsigned e = lane; e - lane < ne; e += 32) { /* warp-uniform */
    vid_t c = 0;
    weight_t w = 0;
    dist_t de = 0;
    if (e < ne) { c = ec[e]; w = ew[e]; de = ed[e]; }
    lean_claim(a, S, q, r, e < ne, &c, &w, de, 0, 1, ops, fmin, ch, keep);
  }
}

/* The tails (edges LEAN_K.. of the listed rows): a warp a row, the rows of more
 * than LEAN_WARP_TAIL tail edges the whole block, one after the other. */
static __device__ void lean_tails(const hbf_args_t *a, lean_sh_t *S, lean_q_t q, const lean_rd_t *r,
                                  unsigned *ops, unsigned *fmin) {
  unsigned t = threadIdx.x, lane = t & 31, nl = S->nlong;
  lean_chase_t nokeep; /* tails keep nothing: every push goes to the queue */
  nokeep.on = 1;
  for (unsigned j = t / 32; j < nl; j += LEAN_BLOCK / 32) { /* warp-uniform */
    eid_t b = S->loff[j] + LEAN_K, e = S->loff[j] + S->ldeg[j];
    if (e - b > LEAN_WARP_TAIL) {
      if (lane == 0) S->lbig[atomicAdd(&S->nbig, 1u)] = (unsigned short)j;
      continue;
    }
    for (eid_t k = b + lane; k - lane < e; k += 32) {
      vid_t c = 0;
      weight_t w = 0;
      if (k < e) { c = __ldg(&a->cols[k]); w = __ldg(&a->weights[k]); }
      lean_claim(a, S, q, r, k < e, &c, &w, S->ld[j], 0, 1, ops, fmin, &nokeep, 0);
    }
  }
  __syncthreads();
  for (unsigned i = 0; i < S->nbig; i++) {
    unsigned j = S->lbig[i];
    eid_t b = S->loff[j] + LEAN_K, e = S->loff[j] + S->ldeg[j];
    for (eid_t k = b + t; k - t < e; k += LEAN_BLOCK) {
      vid_t c = 0;
      weight_t w = 0;
      if (k < e) { c = __ldg(&a->cols[k]); w = __ldg(&a->weights[k]); }
      lean_claim(a, S, q, r, k < e, &c, &w, S->ld[j], 0, 1, ops, fmin, &nokeep, 0);
    }
  }
}

/* The block's sums into the shared loop state (every thread calls it). */
static __device__ __forceinline__ void lean_counts(lean_sh_t *S, unsigned ops, unsigned scanned,
                                                   unsigned fmin) {
  ops = __reduce_add_sync(DEV_FULL_MASK, ops);
  scanned = __reduce_add_sync(DEV_FULL_MASK, scanned);
  fmin = __reduce_min_sync(DEV_FULL_MASK, fmin);
  if ((threadIdx.x & 31) == 0) {
    if (ops) atomicAdd(&S->ops, ops);
    if (scanned) atomicAdd(&S->scanned, scanned);
    if (fmin != 0xffffffffu) atomicMin(&S->c.fmin, fmin);
  }
}

/* NEW: rounds (and splits) in one block while the frontier is small. */
static __global__ void __launch_bounds__(LEAN_BLOCK) hbf_lean_kernel(const __grid_constant__ hbf_args_t a) {
  __shared__ lean_sh_t S;
  unsigned t = threadIdx.x;
  if (t < sizeof(hbf_ctl_t) / 8)
    ((unsigned long long *)&S.c)[t] = __ldcg((const unsigned long long *)a.ctl + t);
  if (t == 0) { S.err = 0; S.nlong = 0; S.nbig = 0; S.nnear = 0; S.nfar = 0; S.ops = 0; S.scanned = 0; }
  __syncthreads();
  if (S.c.status != HBF_RUNNING && S.c.status != HBF_LEAN) return; /* the same in every thread */
  __syncthreads();
  if (t == 0) S.c.status = HBF_RUNNING;
  int wrote = 0; /* the input is in the shared queue (written by this kernel) */
  if (S.c.phase == 0) { /* after a refill: only the round's end */
    __syncthreads();
    if (t == 0) hbf_end_round_on(&a, &S.c, (unsigned long long)a.nlo);
  }
  for (;;) {
    __syncthreads(); /* the round's end is written: every thread reads the same state */
    hbf_ctl_t *c = &S.c;
    int status = c->status, phase = c->phase;
    unsigned long long in = phase == 2 ? c->fsize[c->fcur ^ 1] : c->size[c->cur];
    lean_rd_t r = {c->cur, c->fcur, c->round, c->thr, (unsigned)c->epoch | HBF_FAR, c->fsize[c->fcur]};
    int thr_old = c->thr_old;
    if (status != HBF_RUNNING || (phase == 1 && in > a.leanmax)) break;
    unsigned ops = 0, scanned = 0, fmin = 0xffffffffu;
    lean_q_t qi = lean_queue(a.leanq, r.cur), qo = lean_queue(a.leanq, r.cur ^ 1);
    unsigned nin_s = wrote ? (unsigned)(in < (unsigned long long)a.leanq ? in : a.leanq) : 0;
    if (phase == 1) {
      for (unsigned long long i0 = 0; i0 < in; i0 += LEAN_BLOCK) { /* block-uniform */
        unsigned long long i = i0 + t;
        if (a.spread) { /* NEW (spread): a short pass in 16 contiguous pieces, one a warp */
          unsigned long long cnt = in - i0 < LEAN_BLOCK ? in - i0 : LEAN_BLOCK;
          unsigned per = (unsigned)(cnt + LEAN_BLOCK / 32 - 1) / (LEAN_BLOCK / 32);
          i = (t & 31) < per ? i0 + (t >> 5) * per + (t & 31) : in;
        }
        uint4 w0 = make_uint4(0, 0, 0, 0), w1 = w0, w2 = w0;
        dist_t d = 0;
        if (i < nin_s) {
          w0 = qi.h[3 * i]; w1 = qi.h[3 * i + 1]; w2 = qi.h[3 * i + 2];
          d = qi.d[i];
        } else if (i < in) { /* from the global queue: its head and distance now */
          vid_t u = __ldcg(&a.queue[r.cur][i]);
          w0 = __ldg(&a.head[3 * (size_t)u]); w1 = __ldg(&a.head[3 * (size_t)u + 1]);
          w2 = __ldg(&a.head[3 * (size_t)u + 2]);
          d = hbf_unpack(__ldcg(&a.info[u]));
        }
        unsigned deg = w0.x;
        vid_t cs[LEAN_K] = {w0.z, w1.x, w1.z, w2.x, w2.z};
        weight_t ws[LEAN_K] = {(weight_t)w0.w, (weight_t)w1.y, (weight_t)w1.w, (weight_t)w2.y,
                               (weight_t)w2.w};
        unsigned has = deg >= LEAN_K ? (1u << LEAN_K) - 1 : (1u << deg) - 1;
        scanned += deg;
        int tail = deg > LEAN_K;
        if (tail) { /* the tail pass below takes the rest */
          unsigned p = atomicAdd(&S.nlong, 1u);
          S.loff[p] = w0.y; S.ldeg[p] = deg; S.ld[p] = d;
        }
        lean_chase_t ch;
        ch.on = 0;
        ch.d = 0;
        if (a.spread) {
          lean_spread(&a, &S, qo, &r, has, cs, ws, d, &ops, &fmin, &ch, a.chase > 1);
        } else {
          lean_claim(&a, &S, qo, &r, has, cs, ws, d, 0, 4, &ops, &fmin, &ch, a.chase > 1);
          if (__any_sync(DEV_FULL_MASK, has >> 4))
            lean_claim(&a, &S, qo, &r, has, cs, ws, d, 4, LEAN_K, &ops, &fmin, &ch, a.chase > 1);
        }
        /* NEW (chase): a lane that kept a near vertex expands it now, up to
         * chase levels a round (its head came with the atomicMin that lowered
         * it), instead of leaving it to the next round and its barriers. Any
         * order of relaxations reaches the same distances; a vertex lowered
         * again is pushed again. The last level keeps nothing. */
        for (int hop = 1; hop < a.chase && __any_sync(DEV_FULL_MASK, ch.on); hop++) { /* warp-uniform */
          uint4 x0 = make_uint4(0, 0, 0, 0), x1 = x0, x2 = x0;
          if (ch.on) { x0 = S.kh[t]; x1 = S.kh[LEAN_BLOCK + t]; x2 = S.kh[2 * LEAN_BLOCK + t]; }
          unsigned cdeg = x0.x;
          vid_t cc[LEAN_K] = {x0.z, x1.x, x1.z, x2.x, x2.z};
          weight_t cw[LEAN_K] = {(weight_t)x0.w, (weight_t)x1.y, (weight_t)x1.w, (weight_t)x2.y, (weight_t)x2.w};
          unsigned chas = (1u << cdeg) - 1; /* cdeg <= LEAN_K */
          dist_t cd = ch.d;
          scanned += cdeg;
          ch.on = 0;
          int more = hop + 1 < a.chase;
          if (a.spread) {
            lean_spread(&a, &S, qo, &r, chas, cc, cw, cd, &ops, &fmin, &ch, more);
          } else {
            lean_claim(&a, &S, qo, &r, chas, cc, cw, cd, 0, 4, &ops, &fmin, &ch, more);
            if (__any_sync(DEV_FULL_MASK, chas >> 4))
              lean_claim(&a, &S, qo, &r, chas, cc, cw, cd, 4, LEAN_K, &ops, &fmin, &ch, more);
          }
        }
        if (__syncthreads_or(tail)) { /* the same answer in every thread */
          lean_tails(&a, &S, qo, &r, &ops, &fmin);
          __syncthreads();
          if (t == 0) { S.nlong = 0; S.nbig = 0; }
          __syncthreads();
        }
      }
    } else if (phase == 2) { /* the split (hbf_split's rule), output with heads */
      const vid_t *fin = a.far[r.fq ^ 1];
      for (unsigned long long i0 = 0; i0 < in; i0 += LEAN_BLOCK) {
        unsigned long long i = i0 + t;
        int res = 0;
        vid_t v = 0;
        dist_t d = 0;
        uint4 h0 = make_uint4(0, 0, 0, 0), h1 = h0, h2 = h0;
        if (i < in) {
          v = __ldcg(&fin[i]);
          h0 = __ldg(&a.head[3 * (size_t)v]); h1 = __ldg(&a.head[3 * (size_t)v + 1]);
          h2 = __ldg(&a.head[3 * (size_t)v + 2]);
          d = hbf_unpack(__ldcg(&a.info[v]));
          if (d >= thr_old) { /* below: v fell into a near queue since */
            res = d < r.thr ? 1 : 2;
            a.info[v] = hbf_pack(d, res == 1 ? r.round : (int)r.etag);
            if (res == 2 && ((unsigned)d ^ 0x80000000u) < fmin) fmin = (unsigned)d ^ 0x80000000u;
          }
        }
        unsigned pos = lean_slots(&S.nnear, res == 1);
        if (res == 1) lean_put(&a, qo, r.cur ^ 1, pos, v, d, h0, h1, h2);
        pos = lean_slots(&S.nfar, res == 2);
        if (res == 2) lean_put_far(&a, &r, pos, v);
      }
    }
    lean_counts(&S, ops, scanned, fmin);
    wrote = phase != 0;
    __syncthreads();
    if (t == 0) { /* the round's counts into the loop state, then the grid's round end */
      c->size[r.cur ^ 1] = S.nnear;
      c->fsize[r.fq] += S.nfar;
      c->relax += S.ops;
      c->scanned += S.scanned;
      S.nnear = 0; S.nfar = 0; S.ops = 0; S.scanned = 0;
      if (S.err && c->status == HBF_RUNNING) c->status = S.err;
      c->lean_rounds++;
      hbf_end_round_on(&a, c, (unsigned long long)a.nlo);
    }
  }
  /* hand over: the shared part of the next input to the global queue, the state to ctl */
  hbf_ctl_t *c = &S.c;
  if (wrote && c->status == HBF_RUNNING) {
    unsigned long long ns = c->size[c->cur] < (unsigned long long)a.leanq ? c->size[c->cur] : a.leanq;
    lean_q_t q = lean_queue(a.leanq, c->cur);
    for (unsigned long long i = t; i < ns; i += LEAN_BLOCK) a.queue[c->cur][i] = q.v[i];
  }
  __syncthreads();
  if (t < sizeof(hbf_ctl_t) / 8)
    __stcg((unsigned long long *)a.ctl + t, ((const unsigned long long *)&S.c)[t]);
  __threadfence();
}

/* init: the row heads {degree, first edge, c0, w0}, {c1, w1, c2, w2}, {c3, w3, c4, w4}. */
static __global__ void lean_head_kernel(const eid_t *off, const vid_t *cols, const weight_t *w,
                                        vid_t n, uint4 *head) {
  for (size_t v = blockIdx.x * (size_t)blockDim.x + threadIdx.x; v < n; v += (size_t)gridDim.x * blockDim.x) {
    eid_t b = off[v], d = off[v + 1] - b;
    unsigned x[12];
    x[0] = (unsigned)d; /* init builds heads only when m < 2^32 */
    x[1] = (unsigned)b;
    for (int k = 0; k < LEAN_K; k++) {
      x[2 + 2 * k] = (eid_t)k < d ? cols[b + k] : 0;
      x[3 + 2 * k] = (eid_t)k < d ? (unsigned)w[b + k] : 0;
    }
    head[3 * v] = make_uint4(x[0], x[1], x[2], x[3]);
    head[3 * v + 1] = make_uint4(x[4], x[5], x[6], x[7]);
    head[3 * v + 2] = make_uint4(x[8], x[9], x[10], x[11]);
  }
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
    c.thr = a.delta > 0 ? a.delta : DIST_INF; /* NEW: d(src) = 0: the first epoch is [0, delta) */
    c.dcur = a.delta;
    c.thr_old = c.thr;
    c.fmin = 0xffffffffu;
    /* word by word, padding included: the round's end copies it in words */
    unsigned long long *w = (unsigned long long *)&c, *g = (unsigned long long *)a.ctl;
    for (int i = 0; i < (int)(sizeof c / 8); i++) g[i] = w[i];
  }
}

/* NEW: only after an overflow of a queue (dedup=0): every reached vertex. */
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

/* NEW (classify): the out-degree-0 fix-up, after the last round and after
 * hbf_finish_kernel: each in-edge (u, v, w) of a sink v offers d(u) + w.
 * An in-neighbour of a sink has out-edges, so d(u) is final by now. */
static __global__ void hbf_sinks_kernel(hbf_args_t a) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < a.nsink;
       i += stride) {
    dist_t du = a.dist[a.sink_u[i]];
    if (du == DIST_INF) continue;
    long long nd = hbf_sum(du, a.sink_w[i]); /* >= lo; DIST_INF lowers nothing */
    vid_t v = a.sink_v[i];
    if (nd < a.dist[v]) atomicMin(&a.dist[v], (dist_t)nd);
  }
}

/* ---- preparation (untimed, in init): the edge classes on the GPU ---------- */

/* NEW: in-degrees, counted up to 2 (1 or more than 1 is all the classes ask),
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

/* NEW: a warp per row u: the marked copy of u's columns and the in-edges of
 * the sinks among its targets. For an edge (u, v) with in-degree(v) = 1, u is
 * v's only in-neighbour: v is a leaf when its one out-edge goes back to u and
 * the 2-cycle weighs >= 0. */
static __global__ void hbf_mark_kernel(const eid_t *offsets, const vid_t *cols, const weight_t *weights,
                                       vid_t n, const unsigned *indeg, vid_t *marked, vid_t *sink_v,
                                       vid_t *sink_u, weight_t *sink_w, unsigned long long *nsink) {
  unsigned long long nwarps = (unsigned long long)gridDim.x * blockDim.x / 32;
  unsigned lane = threadIdx.x & 31;
  for (unsigned long long u = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32; u < n;
       u += nwarps) {
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

/* ---- NEW: chains (road networks) ---------------------------------------------
 * In a symmetric graph a vertex with exactly two neighbours is INNER: a
 * shortest path that enters it leaves by the other side. A road network is
 * mostly inner vertices (luxembourg_osm: 85 %), strung in chains between
 * branch vertices. A walk from a branch vertex u along edge e through a chain
 * ends at the branch vertex z on the far side; init rewrites edge e as
 * u -> z with the walk's weight and records each inner vertex x it passed
 * with its distance from u. The loop then never enters a chain (inner rows
 * are expanded only on the source's own chain), so a path of h hops costs
 * the branch vertices on it, not h rounds; after the loop one pass over the
 * records sets dist(x) = min over both walks through x of dist(u) + along. */
typedef struct chn_rec {
  vid_t x, u;
  weight_t p; /* distance from u to x along the chain, >= 0 */
} chn_rec_t;

static __device__ __forceinline__ int chn_inner(const eid_t *off, const vid_t *cols, vid_t v) {
  eid_t b = off[v];
  return off[v + 1] - b == 2 && cols[b] != v && cols[b + 1] != v && cols[b] != cols[b + 1];
}

/* The walk from branch vertex u into inner vertex x (edge weight w0): its
 * inner vertices (recorded if out), its end, its weight. It ends: an inner
 * vertex has no third edge, so a walk can only leave a chain at a branch
 * vertex (maybe u itself); n steps bound it regardless. */
static __device__ long long chn_walk(const eid_t *off, const vid_t *cols, const weight_t *w, vid_t n,
                                     vid_t u, vid_t x, long long wsum, chn_rec_t *out, unsigned *len,
                                     vid_t *end) {
  vid_t prev = u;
  unsigned k = 0;
  while (k < n && chn_inner(off, cols, x)) {
    if (out) { out[k].x = x; out[k].u = u; out[k].p = (weight_t)wsum; }
    k++;
    eid_t b = off[x];
    int j = cols[b] == prev; /* the edge that does not go back */
    prev = x;
    x = cols[b + j];
    wsum += w[b + j];
    if (wsum > INT32_MAX) break; /* too long for a weight: the caller gives up */
  }
  *len = k;
  *end = x;
  return wsum;
}

/* pass 0 counts the records (and flags a walk too heavy for a 32-bit weight);
 * pass 1 walks again to learn its length, takes that many records and writes
 * them, and rewrites each chain edge of a branch vertex (init only: three
 * walks cost less than an array of lengths an edge). */
static __global__ void chn_kernel(const eid_t *off, const vid_t *cols, const weight_t *w, vid_t n, int pass,
                                  vid_t *ccols, weight_t *cw, chn_rec_t *rec, unsigned long long *cnt) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long u = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; u < n; u += stride) {
    if (chn_inner(off, cols, (vid_t)u)) continue;
    for (eid_t e = off[u]; e < off[u + 1]; e++) {
      vid_t x = cols[e], end;
      if (!chn_inner(off, cols, x)) continue;
      unsigned len;
      long long ws = chn_walk(off, cols, w, n, (vid_t)u, x, w[e], NULL, &len, &end);
      if (pass == 0) {
        atomicAdd(&cnt[0], (unsigned long long)len);
        atomicAdd(&cnt[2], 1ull);
        if (ws > INT32_MAX || len >= n) atomicOr((unsigned *)&cnt[1], 1u);
      } else {
        unsigned long long base = atomicAdd(&cnt[0], (unsigned long long)len);
        chn_walk(off, cols, w, n, (vid_t)u, x, w[e], rec + base, &len, &end);
        ccols[e] = end;
        cw[e] = (weight_t)ws;
      }
    }
  }
}

/* After the loop: each inner vertex from the branch vertices of its walks. A
 * candidate at or past DIST_INF (hbf_sum: DIST_INF) lowers nothing: the inner
 * vertex's distance comes from its other end. */
static __global__ void chn_fill_kernel(hbf_args_t a) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < a.nrec;
       i += stride) {
    chn_rec_t r = a.rec[i];
    dist_t du = a.dist[r.u];
    if (du == DIST_INF) continue;
    long long nd = hbf_sum(du, r.p);
    if (nd < a.dist[r.x]) atomicMin(&a.dist[r.x], (dist_t)nd);
  }
}

static int hbf_prep_grid(const launch_t *lc, unsigned long long threads) {
  unsigned long long g = (threads + HBF_PREP_BLOCK - 1) / HBF_PREP_BLOCK;
  unsigned long long most = (unsigned long long)(lc->sm_count > 0 ? lc->sm_count : 1) * 16;
  return g < 1 ? 1 : (int)(g < most ? g : most);
}

/* NEW, untimed: the edge classes from in- and out-degrees (two bits in a copy
 * of the columns) and the in-edges of the sinks, on the GPU from the device
 * graph: two passes over the columns. */
static int hbf_classify(hbf_state_t *s) {
  double t0 = host_ms();
  const dgraph_t *g = &s->g;
  vid_t n = g->n;
  eid_t m = g->m;
  if (n > HBF_ID_MASK)
    return fail(EXIT_INPUT, "classify=1 keeps two marks in each column id: ids must stay below "
                "2^30 (this graph has %" PRIvid " vertices); use -K classify=0", n);
  unsigned *indeg = (unsigned *)gpu_alloc((size_t)n * sizeof(unsigned), "in-degrees");
  unsigned long long *cnt = (unsigned long long *)gpu_alloc(2 * sizeof(unsigned long long), "sink counts");
  CUDA_CHECK(cudaMemset(indeg, 0, (size_t)n * sizeof(unsigned)));
  CUDA_CHECK(cudaMemset(cnt, 0, 2 * sizeof(unsigned long long)));
  hbf_indeg_kernel<<<hbf_prep_grid(&s->lc, m), HBF_PREP_BLOCK>>>(g->offsets, g->cols, m, indeg, cnt);
  LAUNCH_CHECK();
  unsigned long long ns;
  CUDA_CHECK(cudaMemcpy(&ns, cnt, sizeof ns, cudaMemcpyDeviceToHost));
  s->d_cols_marked = (vid_t *)gpu_alloc((size_t)(m ? m : 1) * sizeof(vid_t), "marked columns");
  s->d_sink_v = (vid_t *)gpu_alloc((size_t)(ns ? ns : 1) * sizeof(vid_t), "sink in-edges (v)");
  s->d_sink_u = (vid_t *)gpu_alloc((size_t)(ns ? ns : 1) * sizeof(vid_t), "sink in-edges (u)");
  s->d_sink_w = (weight_t *)gpu_alloc((size_t)(ns ? ns : 1) * sizeof(weight_t), "sink in-edge weights");
  hbf_mark_kernel<<<hbf_prep_grid(&s->lc, (unsigned long long)n * 32), HBF_PREP_BLOCK>>>(
      g->offsets, g->cols, g->weights, n, indeg, s->d_cols_marked, s->d_sink_v, s->d_sink_u, s->d_sink_w,
      cnt + 1);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  gpu_free(indeg);
  gpu_free(cnt);
  s->a.cols = s->d_cols_marked;
  s->a.sink_v = s->d_sink_v;
  s->a.sink_u = s->d_sink_u;
  s->a.sink_w = s->d_sink_w;
  s->a.nsink = ns;
  printf("Classify: edge classes of %" PRIeid " edges and %llu in-edges of sinks, on the GPU in %.3f ms\n",
         m, ns, host_ms() - t0);
  return 0;
}

/* NEW (chains): the crossing edges and the records, on the GPU; a walk that
 * weighs more than a 32-bit weight leaves the graph as it is. */
static void chn_build(hbf_state_t *s) {
  double t0 = host_ms();
  const dgraph_t *g = &s->g;
  unsigned long long *cnt = (unsigned long long *)gpu_alloc(3 * sizeof(unsigned long long), "chain counts");
  unsigned long long h[3]; /* records, too heavy, edges into chains */
  CUDA_CHECK(cudaMemset(cnt, 0, 3 * sizeof(unsigned long long)));
  int grid = hbf_prep_grid(&s->lc, g->n);
  chn_kernel<<<grid, HBF_PREP_BLOCK>>>(g->offsets, g->cols, g->weights, g->n, 0, NULL, NULL, NULL, cnt);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaMemcpy(h, cnt, sizeof h, cudaMemcpyDeviceToHost));
  if (h[1] || h[0] == 0) {
    gpu_free(cnt);
    printf("Chains: %s\n", h[1] ? "a chain weighs more than 2^31 - 1: left as it is" : "none");
    return;
  }
  s->d_cols_chn = (vid_t *)gpu_alloc((size_t)g->m * sizeof(vid_t), "columns across chains");
  s->d_w_chn = (weight_t *)gpu_alloc((size_t)g->m * sizeof(weight_t), "weights across chains");
  s->d_rec = (chn_rec_t *)gpu_alloc((size_t)h[0] * sizeof(chn_rec_t), "chain records");
  CUDA_CHECK(cudaMemcpy(s->d_cols_chn, g->cols, (size_t)g->m * sizeof(vid_t), cudaMemcpyDeviceToDevice));
  CUDA_CHECK(cudaMemcpy(s->d_w_chn, g->weights, (size_t)g->m * sizeof(weight_t), cudaMemcpyDeviceToDevice));
  CUDA_CHECK(cudaMemset(cnt, 0, sizeof(unsigned long long)));
  chn_kernel<<<grid, HBF_PREP_BLOCK>>>(g->offsets, g->cols, g->weights, g->n, 1, s->d_cols_chn, s->d_w_chn,
                                        s->d_rec, cnt);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  gpu_free(cnt);
  s->a.cols = s->g.cols = s->d_cols_chn; /* the graph from here on: classify reads s->g */
  s->a.weights = s->g.weights = s->d_w_chn;
  s->a.rec = s->d_rec;
  s->a.nrec = h[0];
  printf("Chains: %llu edges into chains cross them now (%llu records of inner vertices), on the GPU in %.3f ms\n",
         h[2], h[0], host_ms() - t0);
}

/* Knob values alone (the harness calls this before it builds the graph or
 * looks for a GPU, so a typo is exit 2 on any machine; init calls it too). */
static int hbf_check_knobs(const launch_t *lc) {
  long dedup = launch_knob(lc, "dedup"), classify = launch_knob(lc, "classify");
  long vw = launch_knob(lc, "vw"), dp = launch_knob(lc, "dp");
  long coalesce = launch_knob(lc, "coalesce"), loop = launch_knob(lc, "loop");
  long ttas = launch_knob(lc, "ttas"), stale = launch_knob(lc, "stale");
  long delta = launch_knob(lc, "delta");
  long lean = launch_knob(lc, "lean"), leanq = launch_knob(lc, "leanq");
  long leanmax = launch_knob(lc, "leanmax"), nlo = launch_knob(lc, "nlo");
  long chase = launch_knob(lc, "chase");
  if (dedup < 0 || dedup > 2) return fail(EXIT_INPUT, "dedup=%ld: 0, 1 or 2", dedup);
  if (classify < 0 || classify > 1) return fail(EXIT_INPUT, "classify=%ld: 0 or 1", classify);
  if (classify && dedup == 0)
    return fail(EXIT_INPUT, "classify=1 needs dedup >= 1: the plain store for in-degree-1 "
                "targets is exact only when each vertex is expanded once per round");
  if (vw < 0 || vw > 32 || (vw & (vw - 1)) != 0)
    return fail(EXIT_INPUT, "vw=%ld: the virtual warp size must be 0 (dynamic) or 1, 2, 4, 8, 16, 32", vw);
  if (dp < 0 || dp > INT32_MAX) return fail(EXIT_INPUT, "dp=%ld: 0 (off) or a degree threshold", dp);
  if (coalesce < 0 || coalesce > 1) return fail(EXIT_INPUT, "coalesce=%ld: 0 or 1", coalesce);
  if (loop < 0 || loop > 2)
    return fail(EXIT_INPUT, "loop=%ld: 0 (host), 1 (device, tail launches) or 2 (one cooperative grid)", loop);
  /* NEW */
  if (ttas < 0 || ttas > 1 || stale < 0 || stale > 1)
    return fail(EXIT_INPUT, "ttas=%ld, stale=%ld: each 0 or 1", ttas, stale);
  if (delta < -1 || delta > INT32_MAX)
    return fail(EXIT_INPUT, "delta=%ld: -1 (from the graph), 0 (off) or a threshold step", delta);
  if (delta > 0 && dedup != 2)
    return fail(EXIT_INPUT, "delta=%ld needs dedup=2: the (distance, tag) pair says which queue "
                "holds a vertex", delta);
  if (lean < -1 || lean > 1) return fail(EXIT_INPUT, "lean=%ld: -1 (auto), 0 (off) or 1 (on)", lean);
  if (lean == 1 && (loop != 2 || dedup != 2))
    return fail(EXIT_INPUT, "lean=1 needs loop=2 and dedup=2: it hands the frontier to the cooperative "
                "grid and keeps the (distance, tag) pairs");
  if (leanq < 32 || leanq > 2048 || leanq % 32 != 0)
    return fail(EXIT_INPUT, "leanq=%ld: 32..2048, a multiple of 32 (entries of each shared-memory queue)", leanq);
  if (leanmax < 1 || leanmax > (1L << 30)) return fail(EXIT_INPUT, "leanmax=%ld: 1..2^30 entries", leanmax);
  if (nlo < 1 || nlo > (1L << 20)) return fail(EXIT_INPUT, "nlo=%ld: 1..2^20 near pushes a round", nlo);
  if (chase < 1 || chase > 64) return fail(EXIT_INPUT, "chase=%ld: 1..64 levels a lane expands in a one-block round", chase);
  long spread = launch_knob(lc, "spread");
  if (spread != 0 && spread != 1) return fail(EXIT_INPUT, "spread=%ld: 0 or 1", spread);
  long chains = launch_knob(lc, "chains");
  if (chains != 0 && chains != 1) return fail(EXIT_INPUT, "chains=%ld: 0 or 1", chains);
  return 0;
}

static void hbf_fini(void *state);
static int hbf_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (hbf_check_knobs(lc)) return fail_code();
  unsigned long long threads = (unsigned long long)lc->grid * (unsigned long long)lc->block;
  if (lc->grid > 0 && threads < 32ULL)
    return fail(EXIT_INPUT, "grid %d x block %d is %llu threads: fewer than one virtual warp "
                "of up to 32", lc->grid, lc->block, threads);
  const graph_t *hg = (const graph_t *)g->host;
  hbf_state_t *s = (hbf_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->lc = *lc;
  hbf_args_t *a = &s->a;
  a->n = g->n;
  a->offsets = g->offsets;
  a->cols = g->cols;
  a->weights = g->weights;
  a->dedup = (int)launch_knob(lc, "dedup");
  a->classify = (int)launch_knob(lc, "classify");
  a->vw = (int)launch_knob(lc, "vw");
  long dp = launch_knob(lc, "dp");
  a->coalesce = (int)launch_knob(lc, "coalesce");
  a->chain = (int)launch_knob(lc, "loop");
  a->ttas = (int)launch_knob(lc, "ttas");
  a->stale = (int)launch_knob(lc, "stale");
  a->block = lc->block;
  a->fixed_grid = lc->grid;
  a->resident_threads = lc->sm_count * 2048; /* Hopper: 2048 threads per SM */
  if (a->chain == 2) {
    /* NEW: the cooperative grid holds at most the resident blocks; -x caps it further */
    int full = 0;
    s->grid_loop = dev_coop_grid((const void *)hbf_persist_kernel, lc->block, 0, lc->sm_count, lc->grid, &full);
    if (!s->grid_loop) {
      free(s);
      return fail(EXIT_INPUT, "loop=2: this GPU cannot run a cooperative grid of blocks of %d "
                  "threads: run with -K loop=0", lc->block);
    }
    a->resident_threads = s->grid_loop * lc->block;
  }
  a->max_rounds = g->n > (vid_t)INT32_MAX - 2 ? INT32_MAX - 2 : (int)g->n;
  /* NEW: no simple path weighs less than -(n-1) max|w-|, nor less than the
   * sum of all negative weights (each edge at most once); the larger bound
   * ends a negative cycle sooner */
  degree_stats_t ds;
  graph_degree_stats(hg, &ds);
  long long maxneg = ds.min_weight < 0 ? -(long long)ds.min_weight : 0;
  a->lo = -(long long)(g->n ? g->n - 1 : 0) * maxneg;
  if (maxneg) { /* stops once past the first bound: no overflow */
    long long sum = 0;
    for (eid_t e = 0; e < hg->m && sum >= a->lo; e++)
      if (hg->weights[e] < 0) sum += hg->weights[e];
    if (sum > a->lo) a->lo = sum;
  }
  long delta = launch_knob(lc, "delta");
  if (delta == -1 && a->dedup == 2) {
    /* NEW: the step from the graph: DELTA_SCALE x mean |w| / mean out-degree
     * (Meyer & Sanders' Theta(max w / degree): few distances fall twice).
     * Below HBF_SPARSE_DEG (meshes, roads: thousands of thin rounds) the
     * round's end also adapts it per epoch to the frontier it gets. */
    double sumw = 0;
    for (eid_t e = 0; e < hg->m; e++) sumw += fabs((double)hg->weights[e]);
    double mw = hg->m ? sumw / (double)hg->m : 1, deg = ds.avg_out_degree;
    double d = HBF_DELTA_SCALE * mw / (deg > 1 ? deg : 1);
    delta = d < 1 ? 1 : d > 1e9 ? 1000000000L : (long)d;
    a->adapt = deg < HBF_SPARSE_DEG;
  }
  a->delta = delta > 0 ? (int)delta : 0;
  /* NEW: the one-block rounds: auto on sparse graphs (roads, grids, meshes) */
  long lean = launch_knob(lc, "lean");
  if (lean == -1) lean = a->chain == 2 && a->dedup == 2 && ds.avg_out_degree < HBF_ROAD_DEG;
  if (lean && hg->m > 0xffffffffULL) {
    if (launch_knob(lc, "lean") == 1) {
      free(s);
      return fail(EXIT_INPUT, "lean=1: the row heads keep 32-bit edge offsets; this graph has %llu edges",
                  (unsigned long long)hg->m);
    }
    lean = 0;
  }
  a->lean = (int)lean;
  a->leanq = (int)launch_knob(lc, "leanq");
  a->leanmax = (unsigned long long)launch_knob(lc, "leanmax");
  a->nlo = (int)launch_knob(lc, "nlo");
  a->chase = (int)launch_knob(lc, "chase");
  a->spread = (int)launch_knob(lc, "spread");
  /* NEW: a child grid of one block's edges or fewer never beats its virtual warp */
  a->dp = dp > 0 ? (int)(dp > HBF_CHILD_BLOCK ? dp : HBF_CHILD_BLOCK) : 0;
  if ((eid_t)a->dp >= (eid_t)g->max_out_degree) a->dp = 0; /* no hub */
  /* NEW: chains crossed in one edge (symmetric graphs, no negative weight) */
  if (launch_knob(lc, "chains") && hg->symmetric && a->lo >= 0 && g->n > 0) chn_build(s);
  if (a->classify && hbf_classify(s)) {
    int rc = fail_code();
    hbf_fini(s); /* NEW: everything init took so far, the chains' arrays too */
    return rc;
  }
  a->cap = g->n ? g->n : 1;
  a->queue[0] = (vid_t *)gpu_alloc(a->cap * sizeof(vid_t), "frontier queue 0");
  a->queue[1] = (vid_t *)gpu_alloc(a->cap * sizeof(vid_t), "frontier queue 1");
  if (a->chain == 2 && a->dp > 0) a->hublist = (unsigned long long *)gpu_alloc(a->cap * 8, "hub list");
  if (a->delta > 0) { /* NEW: at most n entries each (once per epoch) */
    a->far[0] = (vid_t *)gpu_alloc(a->cap * sizeof(vid_t), "far queue 0");
    a->far[1] = (vid_t *)gpu_alloc(a->cap * sizeof(vid_t), "far queue 1");
  }
  if (a->dedup == 2) a->info = (unsigned long long *)gpu_alloc((size_t)a->cap * 8, "(distance, round) pairs");
  if (a->dedup == 1) a->mark = (int *)gpu_alloc((size_t)a->cap * sizeof(int), "round marks");
  a->ctl = (hbf_ctl_t *)gpu_alloc(sizeof(hbf_ctl_t), "loop state");
  a->rounds = (hbf_round_t *)gpu_alloc(HBF_ROUND_CAP * sizeof(hbf_round_t), "round trace");
  if (a->lean) { /* NEW: the row heads (48 bytes a vertex) and the kernel's shared memory */
    int dev = 0, most = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
    if (LEAN_SMEM(a->leanq, a->spread) + sizeof(lean_sh_t) > (size_t)most) {
      int rc = fail(EXIT_INPUT, "leanq=%d: %zu bytes of shared memory, this GPU has %d a block", a->leanq,
                    LEAN_SMEM(a->leanq, a->spread) + sizeof(lean_sh_t), most);
      hbf_fini(s);
      return rc;
    }
    CUDA_CHECK(cudaFuncSetAttribute((const void *)hbf_lean_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    (int)LEAN_SMEM(a->leanq, a->spread)));
    uint4 *head = (uint4 *)gpu_alloc((size_t)(g->n ? g->n : 1) * 3 * sizeof(uint4), "row heads (lean)");
    if (g->n) {
      lean_head_kernel<<<launch_grid(lc, g->n), lc->block>>>(g->offsets, a->cols, a->weights, g->n, head);
      LAUNCH_CHECK();
    }
    a->head = head;
  }
  if (HBF_CDP && ((a->dp > 0 && a->chain != 2) || a->chain == 1)) {
    /* NEW: room for many pending device launches (default 2048). Tolerated
     * when refused: a child launch that finds the pool full is done by its
     * parent's virtual warp, a refused tail launch hands the loop back. */
    cudaError_t e = cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 32768);
    if (e != cudaSuccess) (void)cudaGetLastError();
  }
  *state = s;
  return 0;
}

static int hbf_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  hbf_state_t *s = (hbf_state_t *)state;
  hbf_args_t a = s->a;
  a.dist = d_dist;
  int fill_grid = launch_grid(&s->lc, a.n);
  hbf_start_kernel<<<fill_grid, s->lc.block>>>(a, src);
  LAUNCH_CHECK();
  hbf_ctl_t c;
  memset(&c, 0, sizeof c);
  c.size[0] = 1;
  c.round = 1;
  c.phase = 1;
  c.thr = a.delta > 0 ? a.delta : DIST_INF;
  int trips = 0;
  for (;;) {
    int read = 0; /* NEW (lean): c already holds the device's state */
    if (a.chain == 2) { /* NEW: the whole loop, one launch, one readback */
      if (a.lean) { /* NEW: the one-block rounds first; if they finished the run, no grid */
        hbf_lean_kernel<<<1, LEAN_BLOCK, LEAN_SMEM(a.leanq, a.spread)>>>(a);
        LAUNCH_CHECK();
        CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
        read = c.status != HBF_RUNNING;
      }
      if (!read) {
        void *args[] = {&a};
        CUDA_CHECK(cudaLaunchCooperativeKernel((const void *)hbf_persist_kernel, dim3(s->grid_loop),
                                               dim3(a.block), args, 0, 0));
        LAUNCH_CHECK();
      }
    } else if (c.phase == 1) { /* expand round c.round */
      int vw, grid;
      hbf_shape(&a, c.size[c.cur], &vw, &grid);
      hbf_expand_kernel<<<grid, a.block>>>(a, c.cur, c.fcur, c.round, c.size[c.cur], vw, c.thr,
                                           (unsigned)c.epoch | HBF_FAR);
      LAUNCH_CHECK();
    } else if (c.phase == 2) { /* NEW (delta): split the far queue */
      int fin = c.fcur ^ 1;
      hbf_split_kernel<<<hbf_split_grid(&a, c.fsize[fin]), a.block>>>(
          a, c.cur ^ 1, c.round, fin, c.fsize[fin], c.thr_old, c.thr, (unsigned)c.epoch | HBF_FAR);
      LAUNCH_CHECK();
    }
    if (!a.chain || (a.chain == 1 && c.phase == 0)) { /* loop=0, or the device handed back before the dispatcher */
      hbf_dispatch_kernel<<<1, 1>>>(a);
      LAUNCH_CHECK();
    }
    /* NEW: one readback per round (loop=0) or per chain of rounds (loop=1) */
    if (!read) CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
    trips++;
    if (c.status == HBF_DONE || c.status == HBF_NEGCYCLE || c.status == HBF_BIGDIST) break;
    if (c.status == HBF_LEAN) continue; /* NEW: the frontier went back to the one-block rounds */
    if (a.chain && c.status == HBF_RUNNING) /* a chain ends with a decision; never loop on none */
      return fail(EXIT_CUDA, "the device round loop stopped in round %d without a decision", c.round);
    if (c.status == HBF_OVERFLOW) {
      /* NEW (dedup=0 only): more pushes than n entries. Refill the next queue
       * with every reached vertex and end the round again (the dispatcher,
       * which chains on with loop=1). */
      unsigned long long zero = 0;
      CUDA_CHECK(cudaMemcpy(&a.ctl->size[c.cur ^ 1], &zero, sizeof zero, cudaMemcpyHostToDevice));
      hbf_refill_kernel<<<fill_grid, s->lc.block>>>(a, c.cur ^ 1);
      LAUNCH_CHECK();
      c.phase = 0;
    } else if (c.status != HBF_HANDBACK) {
      continue; /* loop=0: the next round */
    }
    /* an overflow, or loop=1 handing back (a refused tail launch): go on from here */
    int status_phase[2] = {HBF_RUNNING, c.phase}; /* ctl->status, ctl->phase: adjacent */
    CUDA_CHECK(cudaMemcpy(&a.ctl->status, status_phase, sizeof status_phase, cudaMemcpyHostToDevice));
  }
  if (a.dedup == 2) {
    hbf_finish_kernel<<<fill_grid, s->lc.block>>>(a);
    LAUNCH_CHECK();
  }
  if (a.classify && a.nsink && c.status == HBF_DONE) { /* NEW: the sinks' fix-up */
    hbf_sinks_kernel<<<launch_grid(&s->lc, a.nsink), s->lc.block>>>(a);
    LAUNCH_CHECK();
  }
  if (a.nrec && c.status == HBF_DONE) { /* NEW (chains): the inner vertices */
    chn_fill_kernel<<<launch_grid(&s->lc, a.nrec), s->lc.block>>>(a);
    LAUNCH_CHECK();
    c.relax += a.nrec;
  }
  st->levels = c.round;
  st->relaxations = (long long)c.relax;
  st->edges_inspected = (long long)c.scanned;
  st->pushes = (long long)c.pushes;
  if (st->trace) {
    int nr = c.round < HBF_ROUND_CAP ? c.round : HBF_ROUND_CAP - 1;
    hbf_round_t *h = (hbf_round_t *)malloc((size_t)(nr + 1) * sizeof *h);
    if (!h) return fail(EXIT_INPUT, "out of host memory for the round trace");
    /* rounds 1..nr (entry 0 is never written) */
    CUDA_CHECK(cudaMemcpy(h + 1, a.rounds + 1, (size_t)nr * sizeof *h, cudaMemcpyDeviceToHost));
    for (int r = 1; r <= nr; r++) /* level r-1 = round r; edges = relax operations */
      step_trace(st, r - 1, (long long)h[r].frontier, (long long)h[r].relax, -1, -1.0f);
    free(h);
  }
  if (c.status == HBF_NEGCYCLE)
    return fail(EXIT_INPUT, "negative cycle reachable from source %" PRIvid
                ": found by the GPU in round %d (n = %" PRIvid ")", src, c.round, a.n);
  if (c.status == HBF_BIGDIST) /* round tags only: a relaxation's sum never wraps (hbf_sum) */
    return fail(EXIT_INPUT, "from source %" PRIvid ": round %d, the 32-bit round tags' limit", src,
                c.round);
  if (getenv("HBF_VERBOSE")) /* the loop's cost, for the lesson's measurements */
    fprintf(stderr, "hbf: %d rounds, %llu splits (delta %d%s, last %d), %d host round trips, %d rounds and "
            "splits in one block (%d hand-backs), %llu child grids, %llu refused%s%s\n", c.round, c.splits,
            a.delta, a.adapt ? " adapted" : "", c.dcur, trips, c.lean_rounds, c.lean_trips, c.children,
            c.child_fail, c.err ? ", last device launch error: " : "",
            c.err ? cudaGetErrorString((cudaError_t)c.err) : "");
  return 0;
}

static void hbf_fini(void *state) {
  hbf_state_t *s = (hbf_state_t *)state;
  gpu_free(s->a.queue[0]);
  gpu_free(s->a.queue[1]);
  gpu_free(s->a.far[0]); /* NEW */
  gpu_free(s->a.far[1]);
  gpu_free(s->a.hublist);
  gpu_free((void *)s->a.head);
  gpu_free(s->a.info);
  gpu_free(s->a.mark);
  gpu_free(s->a.ctl);
  gpu_free(s->a.rounds);
  gpu_free(s->d_cols_marked);
  gpu_free(s->d_sink_v);
  gpu_free(s->d_sink_u);
  gpu_free(s->d_sink_w);
  gpu_free(s->d_cols_chn); /* NEW */
  gpu_free(s->d_w_chn);
  gpu_free(s->d_rec);
  free(s);
}

static const char *const hbf_variants[] = {"nearfar", NULL};

static const knob_def_t hbf_knobs[] = {
    {"dedup", 2, "duplicates: 0 none (every improvement pushed), 1 round marks, 2 64-bit (distance, round) atomicMin"},
    {"classify", 1, "edge classes: in-degree-1 plain store, sinks fixed up after, leaves never pushed (needs dedup >= 1)"},
    {"vw", 32, "virtual warp: 0 dynamic (4..32 from the frontier size), or a fixed 1, 2, 4, 8, 16, 32 (09: 0; 32 measured faster here)"},
    {"dp", 1024, "hubs: out-degree > dp (and > 256) gets a child grid (loop 0, 1: at most 1024 a round) or goes on the grid's hub list (loop 2); 0 off (09: 4096)"},
    {"coalesce", 1, "warp-aggregated enqueue: 1 on, 0 one atomic per push"},
    {"loop", 2, "round loop: 0 host (a launch and a readback per round), 1 device (tail launches), 2 one cooperative grid (a grid.sync a round)"},
    {"ttas", 1, "a plain load before each atomicMin (most relaxations lower nothing)"},
    {"stale", 1, "skip a queue entry that fell again in this round (it is queued again)"},
    {"delta", -1, "Near-Far priority, threshold step (-1 from the graph, 0 off; needs dedup=2)"},
    {"lean", -1, "one-block rounds with row heads while the frontier is small: -1 auto (mean degree < 3: roads), 0 off, 1 on (needs loop=2, dedup=2)"},
    {"leanq", 512, "one-block rounds: entries of each shared-memory queue (56 bytes each)"},
    {"leanmax", 4096, "one-block rounds take frontiers of at most this many entries; the grid hands back below half"},
    {"nlo", 32, "one-block rounds: the adaptive step aims at nlo..4 x nlo near pushes a round"},
    {"chase", 6, "one-block rounds: a lane expands a near vertex it lowered at once, up to chase levels a round (1: off)"},
    {"spread", 1, "one-block rounds: a warp's head edges spread over its lanes, a short pass over all warps (0: a lane per entry, all its head edges)"},
    {"chains", 1, "cross each chain of degree-2 vertices in one edge, fill its vertices after the loop (symmetric graphs without negative weights; 0 off)"},
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {"Near-Far priority, the round loop in one cooperative grid, one-block rounds", PROBLEM_SSSP,
                                 hbf_knobs, hbf_variants, hbf_init, hbf_run, hbf_fini, hbf_check_knobs};
