/* dobfs.cuh - step 10's building blocks, for the rungs above: the rule's types and state,
 * 08's top-down levels as 10 changed them, the slides' rule, the bottom-up level, the
 * conversions, the loop's parts (loop: bfs.cu). Hooks (#ifndef NAME): 11's; here 10's or none.
 */
#ifndef DOBFS_CUH
#define DOBFS_CUH

#include <cooperative_groups.h>

#include "coop.cuh"  /* support: the loop kernel's launch */
#include "trace.cuh" /* support: -a's level rows with time and direction */
#include "graph.h"

#include "../08_bfs4k/bfs4k.cuh" /* BFS-4K's types, push, visit, hub list: step 08 */

/* hooks: a rung above's fields in the types below; none here */
#ifndef DOBFS_RULE_FLAGS
#define DOBFS_RULE_FLAGS
#define DOBFS_RULE_SUMS
#define DOBFS_CTL_SUMS
#define DOBFS_ARGS_KNOBS
#define DOBFS_ARGS_FLAGS
#define DOBFS_ARGS_BOUND
#endif

/* NEW(10) */
typedef enum { DIR_TOPDOWN = 0, DIR_BOTTOMUP = TRACE_BOTTOMUP /* 1: -a's rows */ } dir_t;
/* NEW(10): the variant is the rule; 0 is a rung above's (11: beamer) */
typedef enum { RULE_ABOVE = 0, RULE_SLIDES, RULE_TOPDOWN, RULE_BOTTOMUP } rule_t;

/* NEW(10): what the rule knows before level L; every thread's copy stays equal. */
typedef struct dobfs_rule {
  int dir;                      /* the direction of level L - 1                        */
  DOBFS_RULE_FLAGS              /* hook: a rung above's flags                          */
  unsigned long long nf, prev_nf; /* frontier entries of level L and of L - 1          */
  unsigned long long r;         /* vertices not yet visited (|R|)                      */
  DOBFS_RULE_SUMS               /* hook: a rung above's edge counts                    */
} dobfs_rule_t;

/* NEW(10): step 08's loop state, and the rule's. */
typedef struct {
  bfs4k_ctl_t b;                /* step 08's counters, first: 08's code reads them     */
  DOBFS_CTL_SUMS                /* hook: a rung above's counters                       */
  unsigned long long tq;        /* entries of the queue built from a bitmap            */
  dobfs_rule_t rs;              /* the rule's state, handed over by single-block levels */
  int bu_levels;
  int pending;                  /* single-block levels handed over a level with hubs   */
  unsigned long long t_pending; /* ... and when that level began (-a)                  */
} dobfs_ctl_t;

/* NEW(10): step 08's arguments (b.ctl points at ctl->b), and the rule's. */
typedef struct dobfs_args {
  bfs4k_args_t b;               /* step 08's, first: 08's functions take &a->b         */
  dobfs_ctl_t *ctl;             /* the same memory as b.ctl, with the rule's counters  */
  trace_lv_t *lv;               /* -a rows (b.lv is unused)                            */
  const eid_t *in_offsets;      /* the transpose (the CSR itself when symmetric)       */
  const vid_t *in_cols;
  unsigned *bm[2];              /* frontier bitmaps, `words` words each                */
  unsigned long long words;
  dobfs_rule_t rs0;             /* the rule's state before level 0                     */
  DOBFS_ARGS_KNOBS              /* hook: a rung above's knobs                          */
  double gamma, slides_pct, avg_deg; /* the rule's knobs, m / n                        */
  int rule;                     /* the variant                                         */
  DOBFS_ARGS_FLAGS              /* hook */
  DOBFS_ARGS_BOUND              /* hook */
  int mstage;                   /* multi-block levels stage in shared memory (08) or not */
} dobfs_args_t;

/* NEW(10): the level loop's state, each thread's own copy (the loop's parts, below). */
typedef struct dobfs_loop {
  int level, cur, mb_levels;
  int bcur, in_bitmap, bu_levels; /* where the frontier is: queue q[cur] or bitmap bm[bcur] */
  dobfs_rule_t rs;
  unsigned long long size, pushes;
  unsigned long long tl;          /* -a (block 0's thread 0): when this level began */
} dobfs_loop_t;

#include "dobfs_trace.cuh" /* support (-a): a level's row (dobfs_record, dobfs_td_row) */

/* NEW(10): correctly rounded products on device and host (no FMA): one rule for all. */
#ifdef __CUDA_ARCH__
#define DMUL(x, y) __dmul_rn((x), (y))
#else
#define DMUL(x, y) ((double)(x) * (double)(y))
#endif

/* NEW(10, ours, not the papers'): the scan floor (README): a bottom-up level reads all
 * n dist words, so only when m_f > n / gamma (a grid stays top-down). gamma = 0: none. */
static __host__ __device__ __forceinline__ int dobfs_floor(const dobfs_args_t *a, double mf) {
  return a->gamma == 0 || DMUL(mf, a->gamma) > (double)a->b.n;
}

/* a rung above's rule (the default variant there): none here */
#ifndef DOBFS_CHOOSE_ABOVE
#define DOBFS_CHOOSE_ABOVE(a, rs, level) ((void)(level), DIR_TOPDOWN)
#endif

/* NEW(10): the direction of level `level`, from what the rule knows before it. */
static __host__ __device__ __forceinline__ int dobfs_choose(const dobfs_args_t *a,
                                                            const dobfs_rule_t *rs, int level) {
  switch (a->rule) {
  case RULE_TOPDOWN: return DIR_TOPDOWN;
  case RULE_BOTTOMUP: return DIR_BOTTOMUP;
  case RULE_SLIDES: { /* |R| < |Q| * E/V, scaled by slides_pct / 100 */
    double mf = DMUL((double)rs->nf, a->avg_deg);
    return DMUL(100.0, (double)rs->r) < DMUL(a->slides_pct, mf) && dobfs_floor(a, mf)
               ? DIR_BOTTOMUP
               : DIR_TOPDOWN;
  }
  default: return DOBFS_CHOOSE_ABOVE(a, rs, level);
  }
}

/* NEW(10): after a top-down level L of `next` entries (duplicates twice): |R| -= next. */
static __host__ __device__ __forceinline__ void dobfs_td_update(dobfs_rule_t *rs,
                                                                unsigned long long next) {
  rs->dir = DIR_TOPDOWN;
  rs->prev_nf = rs->nf;
  rs->nf = next;
  rs->r = rs->r > next ? rs->r - next : 0;
}

/* NEW(10): after a bottom-up level that found `found` vertices (exact). */
static __host__ __device__ __forceinline__ void dobfs_bu_update(dobfs_rule_t *rs,
                                                                unsigned long long found) {
  rs->dir = DIR_BOTTOMUP;
  rs->prev_nf = rs->nf;
  rs->nf = found;
  rs->r = rs->r > found ? rs->r - found : 0;
}

/* a rung above's counters of set z: none here */
#ifndef DOBFS_ZERO_SUMS
#define DOBFS_ZERO_SUMS(a, z) ((void)0)
#endif

/* Zero counter set z (one thread). */
static __device__ void dobfs_zero_set(const dobfs_args_t *a, int z) {
  bfs4k_zero_set(&a->b, z); /* step 08's counters */
  DOBFS_ZERO_SUMS(a, z);    /* a rung above's */
}

/* Zero the next step's counters (block 0, thread 0, while step ci runs). */
/* replaces: bfs4k_zero_next */
static __device__ void dobfs_zero_next(const dobfs_args_t *a, int ci) {
  dobfs_zero_set(a, ci == 2 ? 0 : ci + 1);
}

#include "dobfs_support.cuh" /* support: the hand-over's and the loop's bookkeeping */

/* 5.5: single-block levels. Block 0 (or the only block) expands level
 * after level with __syncthreads() between them, the frontier in shared
 * memory, until the frontier passes `single` entries or is empty. Its
 * counters stay in shared memory and registers: a level costs no global
 * round trip besides the expansion itself. The queue to start from is in
 * global q[cur]; on return the next one is there too and ctl->{level, cur,
 * size} say where the loop stands. */
/* replaces: bfs4k_single */
static __device__ void dobfs_single(const dobfs_args_t *da, int level, int cur,
                                    unsigned long long size, dobfs_rule_t rs) {
  const bfs4k_args_t *a = &da->b; /* step 08's arguments: its lines read as 08's */
  extern __shared__ unsigned long long smem[];
  volatile unsigned long long *ht = a->hash ? smem : NULL;
  unsigned long long scap = (unsigned long long)a->stage / 2;
  vid_t *sq[2] = {(vid_t *)(smem + a->hash), (vid_t *)(smem + a->hash) + scap};
  /* three sets of counters, one per level mod 3, so that one barrier a
   * level suffices: thread 0 zeroes the set of level L + 2 after level L's
   * barrier, when every thread has read it (at the end of level L - 1) and
   * nobody uses it before level L + 1's barrier. */
  __shared__ unsigned long long s_cnt[3], s_nh[3], s_nb[3];
  int sc = 0, levels = 0, li = 0, pending = 0;
  unsigned long long edges_last = 0; /* this thread's edges of a pending level (-a) */
  unsigned long long tl = 0;         /* NEW(10, -a, thread 0): when this level began */
  unsigned long long pushes = 0;
  unsigned t = threadIdx.x, bd = blockDim.x;
  unsigned long long nin = size < scap ? size : scap;
  for (unsigned long long i = t; i < nin; i += bd) sq[0][i] = __ldcg(&a->q[cur][i]);
  if (t < 3) dobfs_single_zero(s_cnt, s_nh, s_nb, t);
  __syncthreads();
  for (;;) {
    int vw, ed;
    bfs4k_shape(a, size, bd, &vw, &ed);
    /* NEW(10): hubs of more than HUB_GRID edges in the second half of the list (for the grid) */
    bfs4k_sink_t sk = {sq[sc ^ 1], scap, &s_cnt[li], a->q[cur ^ 1], NULL, &s_nh[li],
                       a->mode == MODE_SINGLE ? NULL : &s_nb[li], 1};
    unsigned long long edges = 0;
    if (a->trace && t == 0) tl = trace_clock();
    bfs4k_expand(a, &sk, ht, sq[sc], scap, a->q[cur], size, level, vw, ed, 0, t / 32,
                 bd / 32, a->trace ? &edges : NULL, NULL, NULL);
    __syncthreads(); /* the level's barrier */
    int lz = li == 0 ? 2 : li - 1; /* (li + 2) % 3 */
    if (t == 0) dobfs_single_zero(s_cnt, s_nh, s_nb, lz);
    /* NEW(10, support, not the lesson): a level with hubs (a Kronecker graph's
     * level 1: 28 vertices, 244,380 edges) is finished by the whole grid, not
     * by this block: hand over with the level half done (its hub list). */
    if (a->mode != MODE_SINGLE && s_nh[li] + s_nb[li] > 0) {
      pending = 1;
      edges_last = edges;
      break;
    }
    unsigned long long nh0 = s_nh[li], nh = nh0 < a->cap ? nh0 : a->cap;
    if (nh) bfs4k_single_hubs(a, &sk, ht, level, nh);
    unsigned long long next = s_cnt[li];
    if (next > a->cap) next = bfs4k_single_rebuild(a, &sk, &s_cnt[li], level); /* overflow */
    if (a->trace) { /* the level's time ends here: the trace's own counting is not in it */
      unsigned long long ns = t == 0 ? trace_clock() - tl : 0; /* NEW(10) */
      bfs4k_single_tally(a, level, next, sq[sc ^ 1], scap, a->q[cur ^ 1], edges);
      if (t == 0) dobfs_record(da, level, size, MODE_SINGLE, vw, ed, nh0, DIR_TOPDOWN, ns);
    }
    dobfs_td_update(&rs, next); /* NEW(10) */
    pushes += next;
    levels++;
    level++;
    li = li == 2 ? 0 : li + 1;
    sc ^= 1;
    cur ^= 1;
    size = next;
    if (size == 0 || (a->mode != MODE_SINGLE && size > a->single)) break;
    /* NEW(10): the next level's direction; bottom-up is the grid's work */
    if (dobfs_choose(da, &rs, level) == DIR_BOTTOMUP) break;
  }
  /* hand over to the multi-block levels: the shared part of the frontier out
   * (pending: of the next frontier, which the grid's hub pass completes) */
  int hs = pending ? sc ^ 1 : sc, hq = pending ? cur ^ 1 : cur;
  unsigned long long hn = pending ? s_cnt[li] : size;
  nin = hn < scap ? hn : scap;
  /* a pending level may have counted more than the queue holds (duplicates):
   * the copy stops at cap (past it lie other buffers); the grid sees the
   * count over cap after its hub pass and rebuilds the queue from dist */
  if (nin > a->cap) nin = a->cap;
  for (unsigned long long i = t; i < nin; i += bd) a->q[hq][i] = sq[hs][i];
  if (t == 0)
    dobfs_single_publish(da, pending, tl, &rs, level, cur, size, pushes, levels, s_cnt[li],
                         s_nh[li], s_nb[li]);
  if (pending && a->trace) { /* the pending level's edges (-a), after thread 0's zeroing */
    __syncthreads();
    dev_block_add(edges_last, &da->ctl->b.edges[level % 3]);
  }
  __threadfence();
  __syncthreads();
}

/* One multi-block level: every block of the grid. */
/* replaces: bfs4k_multi */
static __device__ void dobfs_multi(const dobfs_args_t *da, int level, int cur,
                                   unsigned long long size, int cdp, int *vw_out, int *ed_out) {
  const bfs4k_args_t *a = &da->b; /* step 08's arguments: its lines read as 08's */
  if (blockIdx.x == 0 && threadIdx.x == 0) dobfs_zero_next(da, level % 3);
  unsigned long long edges = 0; /* -a */
  /* NEW(10): mstage=0: no block queue, each warp's pushes go straight to the global queue */
  bfs4k_multi_level(a, level, cur, size, level % 3, cdp,
                    da->mstage ? (unsigned long long)a->stage : 0, vw_out, ed_out,
                    a->trace ? &edges : NULL, NULL, NULL);
  if (a->trace) dev_block_add(edges, &da->ctl->b.edges[level % 3]);
}

/* NEW(10): the bottom-up step of level L (Beamer Alg. 3, the slides' Alg. 2) on
 * the whole grid. Lane l of a warp owns vertex u = 32 w + l of BU_K words w at
 * once (BU_K dependent read chains in flight a lane, README). An unvisited u
 * reads its in-neighbours until one is in the frontier bitmap, then joins
 * level L + 1; the next bitmap is written one word per warp. dist and the
 * bitmap are read through L2 (__ldcg): other SMs wrote them since the last
 * grid.sync(). A search still open after BU_LONG in-edges is finished by its
 * whole warp; warps stay independent (no block barrier). */
#define BU_K 4
#define BU_LONG 128
static __device__ void dobfs_bottomup(const dobfs_args_t *a, int level, const unsigned *front,
                                      unsigned *next) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    dobfs_zero_next(a, level % 3);
    a->ctl->tq = 0; /* for the bitmap -> queue pass of a later switch */
  }
  unsigned lane = threadIdx.x & 31;
  unsigned long long warp = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32;
  unsigned long long nwarps = (unsigned long long)gridDim.x * blockDim.x / 32;
  unsigned long long found = 0, read = 0; /* |Q| of the next level; in-edges read (-a) */
  for (unsigned long long w0 = warp * BU_K; w0 < a->words; w0 += nwarps * BU_K) {
    eid_t e[BU_K], end[BU_K], lim[BU_K];
    int st[BU_K]; /* 0 nothing to do, 1 searching, 2 found a parent, 3 none, 4 long: the warp's */
#pragma unroll
    for (int k = 0; k < BU_K; k++) {
      unsigned long long u = (w0 + k) * 32 + lane;
      st[k] = u < a->b.n && __ldcg(&a->b.dist[u]) == DIST_INF;
    }
#pragma unroll
    for (int k = 0; k < BU_K; k++) {
      unsigned long long u = (w0 + k) * 32 + lane;
      e[k] = st[k] ? a->in_offsets[u] : 0;
      end[k] = st[k] ? a->in_offsets[u + 1] : 0;
      lim[k] = end[k] - e[k] > BU_LONG ? e[k] + BU_LONG : end[k];
      if (st[k] && e[k] == end[k]) st[k] = 3; /* no in-edges: no parent */
    }
    for (int open = 1; open;) { /* one in-edge of every open search per round */
      vid_t v[BU_K];
#pragma unroll
      for (int k = 0; k < BU_K; k++) v[k] = st[k] == 1 ? __ldg(&a->in_cols[e[k]]) : 0;
      open = 0;
#pragma unroll
      for (int k = 0; k < BU_K; k++) {
        if (st[k] != 1) continue;
        read++;
        if (__ldcg(&front[v[k] >> 5]) >> (v[k] & 31) & 1) st[k] = 2; /* a parent: stop here */
        else if (++e[k] == lim[k]) st[k] = lim[k] == end[k] ? 3 : 4;
        open |= st[k] == 1;
      }
    }
    /* the searches still open after BU_LONG in-edges: the whole warp finishes them, one vertex
     * at a time, 32 x BU_K in-edges a round (a uniform trip count: no lane leaves early) */
#pragma unroll
    for (int k = 0; k < BU_K; k++) {
      for (unsigned lm = __ballot_sync(DEV_FULL_MASK, st[k] == 4); lm; lm &= lm - 1) {
        const vid_t NONE = 0xffffffffu; /* no vertex: ids stay below MAX_VERTICES */
        int src = __ffs(lm) - 1, hit = 0;
        eid_t x0 = __shfl_sync(DEV_FULL_MASK, e[k], src),
              x1 = __shfl_sync(DEV_FULL_MASK, end[k], src);
        for (eid_t b = x0; b < x1 && !hit; b += 32 * BU_K) {
          vid_t v[BU_K];
          int f = 0;
#pragma unroll
          for (int j = 0; j < BU_K; j++) {
            eid_t y = b + j * 32 + lane;
            v[j] = y < x1 ? __ldg(&a->in_cols[y]) : NONE;
          }
#pragma unroll
          for (int j = 0; j < BU_K; j++)
            if (v[j] != NONE) {
              read++;
              f |= __ldcg(&front[v[j] >> 5]) >> (v[j] & 31) & 1;
            }
          hit = __any_sync(DEV_FULL_MASK, f);
        }
        if (lane == src) st[k] = hit ? 2 : 3;
      }
    }
#pragma unroll
    for (int k = 0; k < BU_K; k++) {
      unsigned long long u = (w0 + k) * 32 + lane;
      if (st[k] == 2) a->b.dist[u] = level + 1; /* u's own thread: no race */
      unsigned ball = __ballot_sync(DEV_FULL_MASK, st[k] == 2);
      if (lane == 0 && w0 + k < a->words) next[w0 + k] = ball; /* the whole word: no clearing */
      /* lane 0 counts the warp's finds: a dense count summed a thread at a time would put
       * every thread of the block on dev_block_add's one shared 64-bit atomic, a CAS loop */
      if (lane == 0) found += __popc(ball);
    }
  }
  int z = level % 3;
  dev_block_add(found, &a->ctl->b.cnt[z]);
  if (a->b.trace) dev_block_add(read, &a->ctl->b.edges[z]);
}

/* NEW(10): queue -> bitmap at a switch to bottom-up, from dist (exact; the queue may
 * hold duplicates): bit u of level L is dist[u] == L. One word per warp. */
static __device__ void dobfs_to_bitmap(const dobfs_args_t *a, int level, unsigned *bm) {
  unsigned lane = threadIdx.x & 31;
  unsigned long long warp = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32;
  unsigned long long nwarps = (unsigned long long)gridDim.x * blockDim.x / 32;
  for (unsigned long long w = warp; w < a->words; w += nwarps) {
    unsigned long long u = w * 32 + lane;
    unsigned ball =
        __ballot_sync(DEV_FULL_MASK, u < a->b.n && __ldcg(&a->b.dist[u]) == (dist_t)level);
    if (lane == 0) bm[w] = ball;
  }
}

/* NEW(10): bitmap -> queue at a switch back to top-down: every set bit becomes one
 * entry (no duplicates), one atomicAdd per warp with a set bit. */
static __device__ void dobfs_to_queue(const dobfs_args_t *a, const unsigned *bm, vid_t *q) {
  unsigned lane = threadIdx.x & 31;
  unsigned long long warp = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32;
  unsigned long long nwarps = (unsigned long long)gridDim.x * blockDim.x / 32;
  for (unsigned long long w = warp; w < a->words; w += nwarps) {
    unsigned word = __ldcg(&bm[w]); /* the same word in every lane */
    if (!word) continue;            /* uniform in the warp */
    unsigned long long slot = 0;
    if (lane == 0) slot = atomicAdd(&a->ctl->tq, (unsigned long long)__popc(word));
    slot = __shfl_sync(DEV_FULL_MASK, slot, 0);
    if (word >> lane & 1) {
      unsigned long long g = slot + __popc(word & ((1u << lane) - 1u));
      if (g < a->b.cap) q[g] = (vid_t)(w * 32 + lane); /* size <= cap was checked */
    }
  }
}

/* ---- NEW(10): the level loop's parts (the loop: bfs.cu). Every thread runs them on
 * its own dobfs_loop_t from the same counters after the same grid.sync(): the same
 * branches and barriers for all. A part returns 1 when the loop ends. */

/* A bottom-up level; at a switch point the queue becomes a bitmap first. */
static __device__ __forceinline__ int dobfs_loop_bu(const dobfs_args_t &a, dobfs_loop_t *L,
                                                    int b0) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  if (!L->in_bitmap) { /* switch point: queue -> bitmap */
    dobfs_to_bitmap(&a, L->level, a.bm[L->bcur]);
    L->in_bitmap = 1;
    grid.sync();
  }
  dobfs_bottomup(&a, L->level, a.bm[L->bcur], a.bm[L->bcur ^ 1]);
  grid.sync();
  int z = L->level % 3;
  unsigned long long found = ld_volatile(&a.ctl->b.cnt[z]);
  dobfs_bu_update(&L->rs, found);
  if (a.b.trace && b0)
    dobfs_record(&a, L->level, L->size, MODE_MULTI, 0, 0, 0, DIR_BOTTOMUP, trace_clock() - L->tl);
  L->bu_levels++;
  L->level++;
  L->bcur ^= 1;
  L->size = found;
  return L->size == 0;
}

/* Back to top-down at a switch point: the bitmap becomes a queue. */
static __device__ __forceinline__ int dobfs_loop_to_queue(const dobfs_args_t &a, dobfs_loop_t *L,
                                                          int b0) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  if (L->size > a.b.cap) { /* every thread sees the same size */
    if (b0) {
      a.ctl->b.status = ST_TOOBIG;
      a.ctl->b.toobig = L->size;
    }
    return 1;
  }
  dobfs_to_queue(&a, a.bm[L->bcur], a.b.q[L->cur]);
  L->in_bitmap = 0;
  grid.sync();
  return 0;
}

/* The rule's state as the single-block levels left it (volatile: block 0 wrote it). */
static __device__ __forceinline__ void dobfs_rule_load(dobfs_rule_t *rs,
                                                       const volatile dobfs_rule_t *vr) {
  rs->dir = vr->dir;
  rs->nf = vr->nf;
  rs->prev_nf = vr->prev_nf;
  rs->r = vr->r;
}

/* hooks: a rung above's single-block levels, rule state, direction and levels */
#ifndef DOBFS_SINGLE
#define DOBFS_SINGLE dobfs_single
#define DOBFS_RULE_LOAD dobfs_rule_load
#define DOBFS_LOOP_DIR(a, L) dobfs_choose(&(a), &(L)->rs, (L)->level)
#define DOBFS_LOOP_BU dobfs_loop_bu
#define DOBFS_LOOP_TD dobfs_loop_td
#endif

/* Single-block levels in block 0 (the others wait); then every thread takes where they
 * stopped, the rule's state included. Returns 1 if they handed over a level with hubs. */
static __device__ __forceinline__ int dobfs_loop_single(const dobfs_args_t &a, dobfs_loop_t *L,
                                                        int b0) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  if (blockIdx.x == 0) DOBFS_SINGLE(&a, L->level, L->cur, L->size, L->rs);
  grid.sync();
  const volatile dobfs_ctl_t *vc = (volatile dobfs_ctl_t *)a.ctl;
  L->level = vc->b.level;
  L->cur = vc->b.cur;
  L->size = ld_volatile(&a.ctl->b.size);
  DOBFS_RULE_LOAD(&L->rs, &vc->rs);
  int pending = vc->pending;
  if (a.b.trace && b0) L->tl = vc->t_pending; /* it began in block 0 */
  return pending;
}

/* A top-down level on the grid (step 08's multi-block level as step 10 changed
 * it), or the hub pass that ends a pending one; then the rule's update. */
/* replaces: bfs4k_loop */
static __device__ __forceinline__ int dobfs_loop_td(const dobfs_args_t &da, dobfs_loop_t *L, int b0,
                                                    int pending) {
  const bfs4k_args_t &a = da.b; /* step 08's arguments: its lines read as 08's */
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  int level = L->level, cur = L->cur, ci = L->level % 3;
  int vw = 0, ed = 0;
  if (!pending) {
    dobfs_multi(&da, level, cur, L->size, 0, &vw, &ed);
    grid.sync();
  }
  unsigned long long nh = ld_volatile(&da.ctl->b.hubs[ci]);
  unsigned long long nb = ld_volatile(&da.ctl->b.bigs[ci]);
  unsigned long long next = ld_volatile(&da.ctl->b.cnt[ci]);
  if (nh || nb) {
    /* NEW(10): mstage=0, no block queue */
    bfs4k_hub_pass(&a, level, cur, ci, nh, nb, da.mstage ? (unsigned long long)a.stage : 0);
    grid.sync();
    next = ld_volatile(&da.ctl->b.cnt[ci]);
  }
  if (next > a.cap) { /* overflow: rebuild the queue from dist (rare) */
    next = bfs4k_grid_rebuild(&a, level + 1, level + 1, a.q[cur ^ 1], b0, grid);
    grid.sync(); /* all have read it before the next level zeroes it */
  }
  if (a.trace) /* support (-a): the level's time, its duplicates, its row */
    dobfs_td_row(&da, level, cur, L->size, L->tl, b0, pending, vw, ed, nh, nb, next);
  dobfs_td_update(&L->rs, next);
  L->pushes += next;
  L->mb_levels++;
  L->level++;
  L->cur ^= 1;
  L->size = next;
  return L->size == 0;
}

/* One level of step 10's loop: the rule's direction, then that level. */
static __device__ __forceinline__ int dobfs_loop_level(const dobfs_args_t &a, dobfs_loop_t *L,
                                                       int b0) {
  int dir = DOBFS_LOOP_DIR(a, L); /* every thread, the same answer */
  if (dir == DIR_BOTTOMUP) return DOBFS_LOOP_BU(a, L, b0);
  if (L->in_bitmap && dobfs_loop_to_queue(a, L, b0)) return 1;
  int pending = 0;
  if (a.b.mode == MODE_SINGLE || (a.b.mode == MODE_SWITCH && L->size <= a.b.single)) {
    pending = dobfs_loop_single(a, L, b0);
    if (!pending) return L->size == 0;
    /* level `level` has hubs: the grid's hub pass below finishes it */
  }
  return DOBFS_LOOP_TD(a, L, b0, pending);
}

#include "dobfs_host.cuh" /* support: the host's glue, shared with the rungs above */

/* hook (host): a rung above's counts at level 0 (11: the edges); none here */
#ifndef DOBFS_RS0_ABOVE
#define DOBFS_RS0_ABOVE(a, t, m, src) ((void)(t), (void)(m), (void)(src))
#endif

/* NEW(10): the rule's state before level 0 (the source alone) */
static void dobfs_rs0(dobfs_args_t *a, const dobfs_host_t *t, eid_t m, vid_t src) {
  a->rs0.dir = DIR_TOPDOWN;
  a->rs0.nf = 1;
  a->rs0.prev_nf = 0;
  a->rs0.r = (unsigned long long)a->b.n - 1;
  DOBFS_RS0_ABOVE(a, t, m, src);
}

#endif /* DOBFS_CUH */
