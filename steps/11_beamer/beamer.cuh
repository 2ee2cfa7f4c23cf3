/* beamer.cuh - step 11's building blocks, the library of the rungs above it:
 * Beamer's rule (alpha, beta) with its counts gathered for free, in step 10's
 * loop through 10's hooks. Its fields (set before 10's types, in place), the
 * rule, the counts of 10's levels (the levels that sum them: beamer_single,
 * beamer_multi, beamer_bottomup and the loop's parts that read them), the
 * bound from the largest degrees and the scout. Step 11's bfs.cu is 10's
 * program with the beamer variant; the knob glue is support
 * (harness/beamer_host.cuh).
 */
#ifndef BEAMER_CUH
#define BEAMER_CUH

#include "step.h"
#include "graph.h"

/* NEW(11): what the rule knows besides |Q| and |R| (dobfs_rule_t) */
#define DOBFS_RULE_FLAGS                                                                    \
  int known;    /* mf and fi are known (else only bounds)                         */       \
  int counting; /* the expansions sum their degrees: w is valid                   */       \
  int quiet;    /* top-down levels in a row the floor decided alone               */
#define DOBFS_RULE_SUMS                                                                     \
  unsigned long long w;      /* in-edges of the unvisited and the frontier: m_u(L - 1) */  \
  unsigned long long mf, fi; /* out- and in-edges of the frontier: m_u = w - fi        */
/* NEW(11): what the levels count for the rule (dobfs_ctl_t), one set per level mod 3 */
#define DOBFS_CTL_SUMS                                                                      \
  unsigned long long fi[3];     /* top-down: in-edges of level L's entries (directed graphs) */ \
  unsigned long long fo[3], fin[3]; /* bottom-up: out- and in-edges of the vertices found */ \
  unsigned long long left[3], left_in[3]; /* bottom-up: vertices still unvisited, their in-edges */ \
  unsigned long long so[3], si[3]; /* scout: out- and in-edges of level L's entries */     \
  unsigned long long cen[3];    /* census: in-edges of the unvisited vertices */
/* NEW(11): the rule's knobs, whether to count, and its bound (dobfs_args_t) */
#define DOBFS_ARGS_KNOBS double alpha, beta; /* beamer's knobs */
#define DOBFS_ARGS_FLAGS int count, sym;     /* count degrees (beamer); symmetric */
#define DOBFS_ARGS_BOUND                                                                    \
  unsigned long long maxout, maxin; /* largest out- and in-degree: beamer's bound */       \
  unsigned long long nf_td; /* n_f <= nf_td: n_f * maxout * gamma <= n, below the floor */
#define NS 6 /* the bottom-up level's six sums (beamer_block_sum) */

/* NEW(11): the rule's extra answers (dir_t), the default variant (rule_t) */
enum { DIR_SCOUT = 2, DIR_CENSUS = 3 };
#define RULE_BEAMER RULE_ABOVE
/* NEW(11): beamer stops counting after this many top-down levels in a row that the
 * scan floor decided alone (a grid, a road network: the counting would cost
 * ~2 us a level there); a census pass starts it again if ever needed. */
#define BEAMER_QUIET 64

/* NEW(11): 10's hooks, this rung's functions (defined below, once 10's types are) */
struct dobfs_args;
struct dobfs_rule;
struct dobfs_loop;
struct dobfs_host;
static __device__ void beamer_zero_sums(const struct dobfs_args *a, int z);
static __host__ __device__ __forceinline__ int beamer_choose(const struct dobfs_args *a,
                                                             const struct dobfs_rule *rs, int level);
static __device__ void beamer_single(const struct dobfs_args *da, int level, int cur,
                                     unsigned long long size, struct dobfs_rule rs);
static __device__ __forceinline__ void beamer_rule_load(struct dobfs_rule *rs,
                                                        const volatile struct dobfs_rule *vr);
static __device__ __forceinline__ int beamer_loop_dir(const struct dobfs_args &a,
                                                      struct dobfs_loop *L);
static __device__ __forceinline__ int beamer_loop_bu(const struct dobfs_args &a,
                                                     struct dobfs_loop *L, int b0);
static __device__ __forceinline__ int beamer_loop_td(const struct dobfs_args &da,
                                                     struct dobfs_loop *L, int b0, int pending);
static void beamer_bound(struct dobfs_args *a, const struct dobfs_host *t, const dgraph_t *g,
                         const graph_t *h);
static void beamer_rs0(struct dobfs_args *a, const struct dobfs_host *t, eid_t m, vid_t src);
static void beamer_read_knobs(struct dobfs_args *a, const launch_t *lc);
#define DOBFS_ZERO_SUMS beamer_zero_sums
#define DOBFS_CHOOSE_ABOVE beamer_choose
#define DOBFS_SINGLE beamer_single
#define DOBFS_RULE_LOAD beamer_rule_load
#define DOBFS_LOOP_DIR beamer_loop_dir
#define DOBFS_LOOP_BU beamer_loop_bu
#define DOBFS_LOOP_TD beamer_loop_td
#define DOBFS_BOUND beamer_bound
#define DOBFS_RS0_ABOVE beamer_rs0
#define DOBFS_READ_ABOVE beamer_read_knobs
#define DOBFS_RULE_KNOB_NAMES "alpha", "beta",
#define DOBFS_KNOBS_ABOVE BEAMER_KNOBS

#include "../10_dobfs/dobfs.cuh" /* step 10: both directions, the slides' rule, the loop */
#include "beamer_host.cuh"       /* support: beamer's knobs */

/* NEW(11): block sums of NS per-thread counts into dst[k] (warp shuffles, shared
 * atomics, then one global atomic per block and count). Every thread of the
 * block calls it; a NULL dst[k] is skipped. */
static __device__ void beamer_block_sum(unsigned long long v[NS],
                                        unsigned long long *const dst[NS]) {
  __shared__ unsigned long long s_sum[NS];
  if (threadIdx.x < NS) s_sum[threadIdx.x] = 0;
  __syncthreads();
#pragma unroll
  for (int k = 0; k < NS; k++) {
#pragma unroll
    for (int d = 16; d >= 1; d >>= 1) v[k] += __shfl_xor_sync(DEV_FULL_MASK, v[k], d);
    if ((threadIdx.x & 31) == 0 && v[k]) atomicAdd(&s_sum[k], v[k]);
  }
  __syncthreads();
  if (threadIdx.x < NS && dst[threadIdx.x] && s_sum[threadIdx.x])
    atomicAdd(dst[threadIdx.x], s_sum[threadIdx.x]);
}

/* NEW(11): Beamer's rule (dobfs_choose's default); DIR_SCOUT when it needs the
 * frontier's degrees and its bound cannot decide without them (the caller sums
 * them, beamer_scouted, and asks again); DIR_CENSUS when it needs m_u too,
 * which it stopped tracking (BEAMER_QUIET). */
static __host__ __device__ __forceinline__ int beamer_choose(const dobfs_args_t *a,
                                                             const dobfs_rule_t *rs, int level) {
  /* stay while the frontier grows or is large (n_f > n / beta) */
  if (rs->dir == DIR_BOTTOMUP && level > 0)
    return (rs->nf >= rs->prev_nf || DMUL((double)rs->nf, a->beta) > (double)a->b.n)
               ? DIR_BOTTOMUP
               : DIR_TOPDOWN;
  if (!rs->known) { /* m_f <= n_f * max out-degree, m_u >= w - n_f * max in-degree */
    /* the floor's bound, in integers: most levels of a grid */
    if (rs->nf <= a->nf_td) return DIR_TOPDOWN;
    double nf = (double)rs->nf, w = (double)rs->w;
    double mf_hi = DMUL(nf, (double)a->maxout), mu_lo = w - DMUL(nf, (double)a->maxin);
    if (!dobfs_floor(a, mf_hi)) return DIR_TOPDOWN;
    if (!rs->counting) return DIR_CENSUS; /* w is stale: count it afresh */
    if (DMUL(mf_hi, a->alpha) <= mu_lo) return DIR_TOPDOWN;
    return DIR_SCOUT;
  }
  /* m_u, in-edges of the unvisited */
  unsigned long long mu = rs->w > rs->fi ? rs->w - rs->fi : 0;
  /* m_f > m_u / alpha, and past the scan floor */
  return DMUL((double)rs->mf, a->alpha) > (double)mu && dobfs_floor(a, (double)rs->mf)
             ? DIR_BOTTOMUP : DIR_TOPDOWN;
}

/* NEW(11): the scout's sums: m_f and the frontier's in-edges, exact (with
 * duplicates); a census adds the in-edges of the unvisited: w afresh. */
static __host__ __device__ __forceinline__ void beamer_scouted(const dobfs_args_t *a,
                                                              dobfs_rule_t *rs, int census,
                                                              unsigned long long so,
                                                              unsigned long long si,
                                                              unsigned long long cen) {
  rs->known = 1;
  rs->mf = so;
  rs->fi = a->sym ? so : si;
  if (census) {
    rs->w = cen + rs->fi;
    rs->counting = 1;
    rs->quiet = 0;
  }
}

/* NEW(11): after a top-down level L that found `next` entries, whose own frontier
 * had `fi` in-edges (summed by the expansion, duplicates twice): w becomes
 * m_u(L) = w - fi; the new frontier's degrees are not known yet. */
/* replaces: dobfs_td_update */
static __host__ __device__ __forceinline__ void beamer_td_update(const dobfs_args_t *a,
                                                                dobfs_rule_t *rs,
                                                                unsigned long long next,
                                                                unsigned long long fi) {
  if (rs->counting) {
    rs->w = rs->w > fi ? rs->w - fi : 0;
    /* quiet: the floor alone said top-down for this level */
    rs->quiet = dobfs_floor(a, DMUL((double)rs->nf, (double)a->maxout)) ? 0 : rs->quiet + 1;
    if (rs->quiet >= BEAMER_QUIET) rs->counting = 0;
  }
  rs->dir = DIR_TOPDOWN;
  rs->known = 0;
  rs->prev_nf = rs->nf;
  rs->nf = next;
  rs->r = rs->r > next ? rs->r - next : 0;
}

/* NEW(11): after a bottom-up level: exact (every vertex counted by its thread). */
/* replaces: dobfs_bu_update */
static __host__ __device__ __forceinline__ void beamer_bu_update(
    const dobfs_args_t *a, dobfs_rule_t *rs, unsigned long long found, unsigned long long fo,
    unsigned long long fi, unsigned long long left, unsigned long long left_in) {
  rs->dir = DIR_BOTTOMUP;
  rs->known = 1;
  rs->counting = rs->counting || a->count; /* w is exact again */
  rs->quiet = 0;
  rs->prev_nf = rs->nf;
  rs->nf = found;
  rs->mf = fo;
  rs->fi = fi;
  rs->w = left_in + fi; /* in-edges of the unvisited and of the new frontier */
  rs->r = left;
}

/* NEW(11): the rule's counters of set z (one thread; 10's dobfs_zero_set calls it). */
static __device__ void beamer_zero_sums(const dobfs_args_t *a, int z) {
  a->ctl->fi[z] = 0;
  a->ctl->fo[z] = 0;
  a->ctl->fin[z] = 0;
  a->ctl->left[z] = 0;
  a->ctl->left_in[z] = 0;
  a->ctl->so[z] = 0;
  a->ctl->si[z] = 0;
  a->ctl->cen[z] = 0;
}


/* NEW(11): a single-block level's out- and in-edges for the rule: warp sums,
 * one shared atomic per warp. */
static __device__ __forceinline__ void beamer_single_count(unsigned long long edges,
                                                          unsigned long long ein,
                                                          unsigned long long *s_fo,
                                                          unsigned long long *s_fi) {
  unsigned long long o = edges, i = ein;
#pragma unroll
  for (int d = 16; d >= 1; d >>= 1) {
    o += __shfl_xor_sync(DEV_FULL_MASK, o, d);
    i += __shfl_xor_sync(DEV_FULL_MASK, i, d);
  }
  if ((threadIdx.x & 31) == 0 && o + i) {
    atomicAdd(s_fo, o);
    atomicAdd(s_fi, i);
  }
}

/* NEW(11): the scout in block 0: the frontier's out- and in-edges, exactly. */
static __device__ __forceinline__ void beamer_single_scout(const dobfs_args_t *a, dobfs_rule_t *rs,
                                                          const vid_t *sq, unsigned long long scap,
                                                          const vid_t *gq, unsigned long long size,
                                                          unsigned long long *s_so,
                                                          unsigned long long *s_si) {
  unsigned t = threadIdx.x, bd = blockDim.x;
  if (t == 0) {
    *s_so = 0;
    *s_si = 0;
  }
  __syncthreads();
  unsigned long long o = 0, i = 0;
  for (unsigned long long k = t; k < size; k += bd) {
    vid_t v = k < scap ? sq[k] : __ldcg(&gq[k]);
    o += a->b.offsets[v + 1] - a->b.offsets[v];
    if (!a->sym) i += a->in_offsets[v + 1] - a->in_offsets[v];
  }
  if (o) atomicAdd(s_so, o);
  if (i) atomicAdd(s_si, i);
  __syncthreads();
  beamer_scouted(a, rs, 0, *s_so, *s_si, 0);
}

/* Thread 0 of block 0 at the hand-over: every counter set clean for whatever
 * level comes next, where the loop stands, the rule's state and, for
 * a pending level (it waits for the grid's hub pass), its counts. */
/* replaces: dobfs_single_publish */
static __device__ __forceinline__ void beamer_single_publish(
    const dobfs_args_t *a, int pending, unsigned long long tl, const dobfs_rule_t *rs, int level,
    int cur, unsigned long long size, unsigned long long pushes, int levels,
    unsigned long long cnt, unsigned long long nh, unsigned long long nb, unsigned long long fo,
    unsigned long long fi) {
  for (int z = 0; z < 3; z++) dobfs_zero_set(a, z);
  a->ctl->pending = pending;
  a->ctl->t_pending = tl;
  if (pending) {
    int z = level % 3;
    a->ctl->b.cnt[z] = cnt;
    a->ctl->b.hubs[z] = nh;
    a->ctl->b.bigs[z] = nb;
    if (rs->counting && !a->b.trace) a->ctl->b.edges[z] = fo;
    a->ctl->fi[z] = fi;
  }
  a->ctl->rs = *rs;
  a->ctl->b.size = size;
  a->ctl->b.level = level;
  a->ctl->b.cur = cur;
  a->ctl->b.pushes += pushes;
  a->ctl->b.sb_levels += levels;
}

/* Zero set z of beamer_single's counters: step 10's and the edge counts. */
static __device__ __forceinline__ void beamer_single_zero(unsigned long long *cnt,
                                                         unsigned long long *nh,
                                                         unsigned long long *nb,
                                                         unsigned long long *fo,
                                                         unsigned long long *fi, int z) {
  dobfs_single_zero(cnt, nh, nb, z);
  fo[z] = 0;
  fi[z] = 0;
}

/* 5.5: single-block levels. Block 0 (or the only block) expands level
 * after level with __syncthreads() between them, the frontier in shared
 * memory, until the frontier passes `single` entries or is empty. Its
 * counters stay in shared memory and registers: a level costs no global
 * round trip besides the expansion itself. The queue to start from is in
 * global q[cur]; on return the next one is there too and ctl->{level, cur,
 * size} say where the loop stands. */
/* replaces: dobfs_single */
static __device__ void beamer_single(const dobfs_args_t *da, int level, int cur,
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
  __shared__ unsigned long long s_cnt[3], s_nh[3], s_nb[3], s_fo[3], s_fi[3], s_so, s_si;
  int sc = 0, levels = 0, li = 0, pending = 0;
  unsigned long long edges_last = 0; /* this thread's edges of a pending level (-a) */
  unsigned long long tl = 0;         /* -a, thread 0: when this level began */
  unsigned long long pushes = 0;
  unsigned t = threadIdx.x, bd = blockDim.x;
  unsigned long long nin = size < scap ? size : scap;
  for (unsigned long long i = t; i < nin; i += bd) sq[0][i] = __ldcg(&a->q[cur][i]);
  if (t < 3) beamer_single_zero(s_cnt, s_nh, s_nb, s_fo, s_fi, t);
  __syncthreads();
  for (;;) {
    int vw, ed;
    bfs4k_shape(a, size, bd, &vw, &ed);
    /* hubs of more than HUB_GRID edges in the second half of the list (for the grid) */
    bfs4k_sink_t sk = {sq[sc ^ 1], scap, &s_cnt[li], a->q[cur ^ 1], NULL, &s_nh[li],
                       a->mode == MODE_SINGLE ? NULL : &s_nb[li], 1};
    unsigned long long edges = 0, ein = 0;
    if (a->trace && t == 0) tl = trace_clock();
    bfs4k_expand(a, &sk, ht, sq[sc], scap, a->q[cur], size, level, vw, ed, 0, t / 32,
                 bd / 32, a->trace || rs.counting ? &edges : NULL, da->in_offsets,
                 rs.counting && !da->sym ? &ein : NULL); /* NEW(11): ein, beamer, directed */
    if (rs.counting) beamer_single_count(edges, ein, &s_fo[li], &s_fi[li]); /* NEW(11) */
    __syncthreads(); /* the level's barrier */
    int lz = li == 0 ? 2 : li - 1; /* (li + 2) % 3 */
    if (t == 0) beamer_single_zero(s_cnt, s_nh, s_nb, s_fo, s_fi, lz);
    /* support, not the lesson: a level with hubs (a Kronecker graph's
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
      unsigned long long ns = t == 0 ? trace_clock() - tl : 0;
      bfs4k_single_tally(a, level, next, sq[sc ^ 1], scap, a->q[cur ^ 1], edges);
      if (t == 0) dobfs_record(da, level, size, MODE_SINGLE, vw, ed, nh0, DIR_TOPDOWN, ns);
    }
    beamer_td_update(da, &rs, next, da->sym ? s_fo[li] : s_fi[li]); /* NEW(11) */
    pushes += next;
    levels++;
    level++;
    li = li == 2 ? 0 : li + 1;
    sc ^= 1;
    cur ^= 1;
    size = next;
    if (size == 0 || (a->mode != MODE_SINGLE && size > a->single)) break;
    int d = dobfs_choose(da, &rs, level); /* NEW(11): the next level's direction */
    if (d == DIR_SCOUT) { /* the bound could not decide: the frontier's degrees, exactly */
      beamer_single_scout(da, &rs, sq[sc], scap, a->q[cur], size, &s_so, &s_si);
      d = dobfs_choose(da, &rs, level);
    }
    if (d == DIR_BOTTOMUP || d == DIR_CENSUS) break; /* the grid's work */
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
    beamer_single_publish(da, pending, tl, &rs, level, cur, size, pushes, levels, s_cnt[li],
                         s_nh[li], s_nb[li], s_fo[li], s_fi[li]);
  if (pending && a->trace) { /* the pending level's edges (-a), after thread 0's zeroing */
    __syncthreads();
    dev_block_add(edges_last, &da->ctl->b.edges[level % 3]);
  }
  __threadfence();
  __syncthreads();
}

/* One multi-block level: every block of the grid. */
/* replaces: dobfs_multi */
static __device__ void beamer_multi(const dobfs_args_t *da, int level, int cur,
                                   unsigned long long size, int cdp, int *vw_out, int *ed_out,
                                   int count) {
  const bfs4k_args_t *a = &da->b; /* step 08's arguments: its lines read as 08's */
  if (blockIdx.x == 0 && threadIdx.x == 0) dobfs_zero_next(da, level % 3);
  unsigned long long c[NS]; /* NEW(11): the frontier's out- and in-edges (zeroed only when used) */
  if (a->trace || count)
    for (int k = 0; k < NS; k++) c[k] = 0;
  /* mstage=0: no block queue, each warp's pushes go straight to the global queue */
  bfs4k_multi_level(a, level, cur, size, level % 3, cdp,
                    da->mstage ? (unsigned long long)a->stage : 0, vw_out, ed_out,
                    a->trace || count ? &c[0] : NULL, da->in_offsets,
                    count && !da->sym ? &c[1] : NULL);
  if (a->trace || count) {
    int z = level % 3;
    unsigned long long *const dst[NS] = {
        &da->ctl->b.edges[z], &da->ctl->fi[z], NULL, NULL, NULL, NULL};
    beamer_block_sum(c, dst);
  }
}

/* the bottom-up step of level L (Beamer Alg. 3, the slides' Alg. 2) on
 * the whole grid. Lane l of a warp owns vertex u = 32 w + l of BU_K words w at
 * once (BU_K dependent read chains in flight a lane, README). An unvisited u
 * reads its in-neighbours until one is in the frontier bitmap, then joins
 * level L + 1; the next bitmap is written one word per warp. dist and the
 * bitmap are read through L2 (__ldcg): other SMs wrote them since the last
 * grid.sync(). A search still open after BU_LONG in-edges is finished by its
 * whole warp; warps stay independent (no block barrier). */
/* replaces: dobfs_bottomup */
static __device__ void beamer_bottomup(const dobfs_args_t *a, int level, const unsigned *front,
                                      unsigned *next) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    dobfs_zero_next(a, level % 3);
    a->ctl->tq = 0; /* for the bitmap -> queue pass of a later switch */
  }
  unsigned lane = threadIdx.x & 31;
  unsigned long long warp = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32;
  unsigned long long nwarps = (unsigned long long)gridDim.x * blockDim.x / 32;
  /* found, their out-edges, their in-edges, left, left's in-edges, in-edges read */
  unsigned long long c[NS] = {0, 0, 0, 0, 0, 0};
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
        c[5]++;
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
              c[5]++;
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
      if (st[k] == 2) {
        a->b.dist[u] = level + 1; /* u's own thread: no race */
        c[0]++;
        c[1] += a->b.offsets[u + 1] - a->b.offsets[u];
        c[2] += end[k] - a->in_offsets[u];
      } else if (st[k] == 3) {
        c[3]++;
        c[4] += end[k] - a->in_offsets[u];
      }
      unsigned ball = __ballot_sync(DEV_FULL_MASK, st[k] == 2);
      if (lane == 0 && w0 + k < a->words) next[w0 + k] = ball; /* the whole word: no clearing */
    }
  }
  int z = level % 3;
  unsigned long long *const dst[NS] = {&a->ctl->b.cnt[z], &a->ctl->fo[z], &a->ctl->fin[z],
                                       &a->ctl->left[z], &a->ctl->left_in[z],
                                       a->b.trace ? &a->ctl->b.edges[z] : NULL};
  beamer_block_sum(c, dst);
}

/* NEW(11): the scout (beamer, when its bound cannot decide): the out- and in-edges
 * of level L's queue entries, on the whole grid; the census adds the in-edges
 * of every unvisited vertex (one read of dist, like a bottom-up level's). */
static __device__ void beamer_scout(const dobfs_args_t *a, int level, const vid_t *q,
                                   unsigned long long size, int census) {
  unsigned long long c[NS] = {0, 0, 0, 0, 0, 0};
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  unsigned long long tid = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  for (unsigned long long i = tid; i < size; i += stride) {
    vid_t v = __ldcg(&q[i]);
    c[0] += a->b.offsets[v + 1] - a->b.offsets[v];
    if (!a->sym) c[1] += a->in_offsets[v + 1] - a->in_offsets[v];
  }
  if (census)
    for (unsigned long long v = tid; v < a->b.n; v += stride)
      if (__ldcg(&a->b.dist[v]) == DIST_INF) c[2] += a->in_offsets[v + 1] - a->in_offsets[v];
  int z = level % 3;
  unsigned long long *const dst[NS] = {&a->ctl->so[z], &a->ctl->si[z], &a->ctl->cen[z],
                                       NULL,           NULL,           NULL};
  beamer_block_sum(c, dst);
}

/* Beamer's bound could not decide: the scout sums the frontier's degrees (a
 * census the unvisited vertices' too), then the rule decides again. */
static __device__ __forceinline__ int beamer_loop_scout(const dobfs_args_t &a, dobfs_loop_t *L,
                                                       int dir) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  int z = L->level % 3;
  beamer_scout(&a, L->level, a.b.q[L->cur], L->size, dir == DIR_CENSUS);
  grid.sync();
  beamer_scouted(&a, &L->rs, dir == DIR_CENSUS, ld_volatile(&a.ctl->so[z]),
                ld_volatile(&a.ctl->si[z]), ld_volatile(&a.ctl->cen[z]));
  return dobfs_choose(&a, &L->rs, L->level);
}

/* NEW(11): the direction of level L (dobfs_loop_level's): the rule, and when its
 * bound cannot decide, the scout and the rule again. */
static __device__ __forceinline__ int beamer_loop_dir(const dobfs_args_t &a, dobfs_loop_t *L) {
  int dir = dobfs_choose(&a, &L->rs, L->level); /* every thread, the same answer */
  if (dir == DIR_SCOUT || dir == DIR_CENSUS) dir = beamer_loop_scout(a, L, dir);
  return dir;
}


/* A bottom-up level; at a switch point the queue becomes a bitmap first. */
/* replaces: dobfs_loop_bu */
static __device__ __forceinline__ int beamer_loop_bu(const dobfs_args_t &a, dobfs_loop_t *L,
                                                    int b0) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  if (!L->in_bitmap) { /* switch point: queue -> bitmap */
    dobfs_to_bitmap(&a, L->level, a.bm[L->bcur]);
    L->in_bitmap = 1;
    grid.sync();
  }
  beamer_bottomup(&a, L->level, a.bm[L->bcur], a.bm[L->bcur ^ 1]);
  grid.sync();
  int z = L->level % 3;
  unsigned long long found = ld_volatile(&a.ctl->b.cnt[z]);
  beamer_bu_update(&a, &L->rs, found, ld_volatile(&a.ctl->fo[z]), ld_volatile(&a.ctl->fin[z]),
                  ld_volatile(&a.ctl->left[z]), ld_volatile(&a.ctl->left_in[z]));
  if (a.b.trace && b0)
    dobfs_record(&a, L->level, L->size, MODE_MULTI, 0, 0, 0, DIR_BOTTOMUP, trace_clock() - L->tl);
  L->bu_levels++;
  L->level++;
  L->bcur ^= 1;
  L->size = found;
  return L->size == 0;
}

/* The rule's state as the single-block levels left it, counts included
 * (volatile: block 0 wrote it). */
/* replaces: dobfs_rule_load */
static __device__ __forceinline__ void beamer_rule_load(dobfs_rule_t *rs,
                                                        const volatile dobfs_rule_t *vr) {
  rs->dir = vr->dir;
  rs->known = vr->known;
  rs->counting = vr->counting;
  rs->quiet = vr->quiet;
  rs->nf = vr->nf;
  rs->prev_nf = vr->prev_nf;
  rs->r = vr->r;
  rs->w = vr->w;
  rs->mf = vr->mf;
  rs->fi = vr->fi;
}


/* A top-down level on the grid (step 08's multi-block level as step 10 changed
 * it), or the hub pass that ends a pending one; then the rule's update. */
/* replaces: dobfs_loop_td */
static __device__ __forceinline__ int beamer_loop_td(const dobfs_args_t &da, dobfs_loop_t *L, int b0,
                                                    int pending) {
  const bfs4k_args_t &a = da.b; /* step 08's arguments: its lines read as 08's */
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  int level = L->level, cur = L->cur, ci = L->level % 3;
  int vw = 0, ed = 0;
  if (!pending) {
    beamer_multi(&da, level, cur, L->size, 0, &vw, &ed, L->rs.counting);
    grid.sync();
  }
  unsigned long long nh = ld_volatile(&da.ctl->b.hubs[ci]);
  unsigned long long nb = ld_volatile(&da.ctl->b.bigs[ci]);
  unsigned long long next = ld_volatile(&da.ctl->b.cnt[ci]);
  /* the frontier's in-edges (out-edges when symmetric), read with the
   * others: one L2 round trip a level, not two */
  unsigned long long fi = 0;
  if (L->rs.counting) fi = ld_volatile(da.sym ? &da.ctl->b.edges[ci] : &da.ctl->fi[ci]);
  if (nh || nb) {
    /* mstage=0, no block queue */
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
  beamer_td_update(&da, &L->rs, next, fi);
  L->pushes += next;
  L->mb_levels++;
  L->level++;
  L->cur ^= 1;
  L->size = next;
  return L->size == 0;
}

/* NEW(11): the largest degrees, for beamer's bound, and nf_td from gamma as it
 * stands now (dobfs_in_edges's end). */
static void beamer_bound(dobfs_args_t *a, const dobfs_host_t *t, const dgraph_t *g,
                         const graph_t *h) {
  a->sym = h->symmetric;
  for (vid_t v = 0; v < h->n; v++) {
    unsigned long long o = t->h_offsets[v + 1] - t->h_offsets[v];
    unsigned long long i = t->h_in_offsets[v + 1] - t->h_in_offsets[v];
    if (o > a->maxout) a->maxout = o;
    if (i > a->maxin) a->maxin = i;
  }
  /* nf_td = floor(n / (maxout * gamma)); 0: no shortcut */
  double fl = (double)a->maxout * a->gamma;
  a->nf_td = a->gamma == 0 ? 0 : fl == 0 ? ~0ULL : (unsigned long long)((double)g->n / fl);
}

/* NEW(11): the rule's counts before level 0 (the source alone), from the host graph */
static void beamer_rs0(dobfs_args_t *a, const dobfs_host_t *t, eid_t m, vid_t src) {
  a->rs0.known = 1;
  a->rs0.counting = a->count; /* beamer: w = m is exact */
  a->rs0.quiet = 0;
  a->rs0.w = (unsigned long long)m; /* everything unvisited but the source */
  a->rs0.mf = (unsigned long long)(t->h_offsets[src + 1] - t->h_offsets[src]);
  a->rs0.fi = (unsigned long long)(t->h_in_offsets[src + 1] - t->h_in_offsets[src]);
}

#endif /* BEAMER_CUH */
