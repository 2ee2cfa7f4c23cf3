/* Step 13 - lean: a one-block kernel of its own for the first levels of sparse graphs.
 *
 * Base:       12 (direction-optimizing BFS with the hop engine, every knob)
 * Inherits: 12: ld_volatile ld_stream_v ld_stream_e bfs4k_shape bfs4k_put
 * Inherits: 12: bfs4k_push bfs4k_hashf bfs4k_visit bfs4k_row bfs4k_child_kernel
 * Inherits: 12: bfs4k_hub bfs4k_expand bfs4k_flush dobfs_block_sum bfs4k_dups
 * Inherits: 12: dobfs_clock bfs4k_record dobfs_floor dobfs_choose dobfs_scouted
 * Inherits: 12: dobfs_td_update dobfs_bu_update hop_rule bfs4k_zero_set
 * Inherits: 12: bfs4k_zero_next bfs4k_single bfs4k_hand_over hop_put
 * Inherits: 12: hop_claim_range hop_claim hop_tails hop_queue hop_expand
 * Inherits: 12: hop_bits hop_level bfs4k_hop_single hop_zero_next
 * Inherits: 12: bfs4k_hop_multi bfs4k_multi bfs4k_hub_pass dobfs_bottomup
 * Inherits: 12: dobfs_scout dobfs_to_bitmap dobfs_to_queue
 * Inherits: 12: dobfs_bottomup_kernel dobfs_scout_kernel dobfs_to_bitmap_kernel
 * Inherits: 12: dobfs_to_queue_kernel dobfs_record_bu_kernel
 * Inherits: 12: bfs4k_rebuild_kernel bfs4k_dups_kernel bfs4k_record_kernel
 * Inherits: 12: dobfs_transpose bfs4k_var
 * Adds (ours, not in the papers): the lean prologue (knobs lean, leanq): on
 *             sparse graphs (mean degree < 5) a one-block kernel of its own
 *             runs the first levels (few instructions a level: they, not
 *             memory, bound a small level; 16-byte heads of 4 neighbours, one
 *             load a claim; few registers, no spills) and hands over to the
 *             loop kernel: a lesson on register pressure and kernel
 *             specialization. The prologue's levels are top-down without the
 *             rule (on such a graph the rule's floor keeps them top-down);
 *             the loop starts from where it stopped.
 * From 12:    the hop engine (knobs hop, hopq, hopmax,
 *             sbits) for the top-down levels whose frontier the rule's floor
 *             keeps top-down (n_f <= n * hop / (max out-degree * gamma): the
 *             engine raises the floor hop-fold, as its levels cost a hop-th of a
 *             barrier; every level with -V topdown), in a loop kernel of its own:
 *             row heads (degree + first 7 neighbours, 32 bytes a vertex)
 *             carried in the block queues, so a level costs one dependent global
 *             access; `hop` levels per grid barrier, label-correcting with
 *             atomicMin inside a step. Auto (hop=-1): 32 on graphs of mean degree
 *             < 5 (roads, grids), 4 below 8 (meshes), 0 on the others, as 0 gives
 *             step 10's levels. When block 0 runs levels alone, "visited?" is a
 *             bit in shared memory (sbits) instead of atomicMin on dist.
 *             After a hop step the rule knows the frontier's size only (its
 *             degrees were not summed): beamer counts afresh (its census) when
 *             its bound cannot decide.
 * Idea:       top-down work is the out-edges of the frontier, |Q| * E/V on
 *             average; bottom-up work is at most the in-edges of the unvisited
 *             vertices R, and usually far less, because a vertex stops at its
 *             first parent. On a small-world graph the middle levels hold most
 *             vertices: there the frontier's edges dwarf |R| and bottom-up
 *             skips most edges. Top-down stays the right choice for small
 *             frontiers (the first and last levels, and every level of a road
 *             network or a grid).
 *             beamer rule (Beamer, Asanovic, Patterson, SC 2012): top-down ->
 *             bottom-up when m_f > m_u / alpha (m_f: out-edges of the frontier,
 *             m_u: in-edges of the unvisited vertices); bottom-up -> top-down
 *             when the frontier shrinks and n_f < n / beta (GAP's form).
 *             slides rule (Chen & Huang): bottom-up when |R| < |Q| * E/V
 *             (scaled by slides_pct / 100), re-decided every level.
 * Reference:  S. Beamer, K. Asanovic, D. Patterson, "Direction-Optimizing
 *             Breadth-First Search", SC 2012, sections 3-4 (Alg. 2 and 3,
 *             Fig. 5); P.-I. Chen, T.-W. Huang, "An Efficient Implementation of
 *             Parallel Breadth-first Search" (slides: Alg. 2 bottom-up step,
 *             Alg. 3 the |R| < |Q| * alpha rule).
 * Invariants: step 08's, for the top-down levels. Before level L, dist[v] == L
 *             exactly for the vertices of level L; the frontier is either the
 *             queue (entries may repeat) or bm[bcur] (bit v set <=> dist[v] ==
 *             L). Bottom-up: the thread of u alone reads and writes dist[u]; it
 *             sets dist[u] = L + 1 only when an in-neighbour's bit is set, i.e.
 *             an edge v -> u with dist[v] == L, so the levels are exact. Lane 0
 *             of the warp that owns word w writes next[w] whole (a ballot): the
 *             next bitmap needs no clearing and no atomics. Bits past n are
 *             never set.
 *             Every thread of the grid evaluates the rule on the same counters
 *             after the same grid.sync(), with correctly rounded products
 *             (__dmul_rn, no contraction): all take the same direction. A
 *             single-block run always does its first level, so a rule that
 *             says top-down in the loop and bottom-up in the block cannot spin.
 * Limits:     the rule's counts are exact after a bottom-up level (every
 *             unvisited vertex is counted by its one thread) and approximate
 *             during top-down levels: a duplicate (the benign race) counts
 *             twice. The rule only chooses a direction; the distances do not
 *             depend on it.
 *             Bottom-up levels always run on the whole grid (mode=1 makes only
 *             the top-down levels single-block) and touch every vertex (one
 *             dist read each), even when few are unvisited.
 *             Memory: the transpose of a directed graph doubles the graph
 *             (m + n + 1 more words); two bitmaps of n bits.
 */
/* Invariants (the hop engine): block 0's bitmap (sbits): a set bit means
 *             dist is final or about to be stored: a claimed vertex's level is
 *             stored when it is expanded, or at the hand-over, always before
 *             the next grid.sync(). Hop steps: dist only falls (atomicMin), and
 *             whoever lowers a vertex expands it (in its block queue, or from
 *             the global queue next step). From an exact level L with no block
 *             queue overflow, every level <= L + hop is exact after the step
 *             and q holds level L + hop (plus stale entries whose neighbours
 *             are all settled); after an overflow (ctl->mixed) every later step
 *             is a hop step, label-correcting until the queue is empty.
 * Limits (the hop engine): 32 bytes a vertex of device memory (heads) and 40
 *             bytes an entry of shared memory; forced on a dense graph (hop >
 *             0) it floods its block queues and turns label-correcting:
 *             correct, many times slower.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cooperative_groups.h>

#include "dev.cuh"
#include "gpu.h"
#include "graph.h"
#include "step.h"

#define LQ 6                 /* NEW: local queue: edge slots per lane and round (registers;
                                measured on the H100: 6 beat 4 and 8 on every graph) */
#define CHILD_BLOCK 256      /* NEW: child grids (loop=0 hubs): the paper's K3 = 16 edges a thread */
#define CHILD_K3 16
#define CHILD_MAX 1024       /* NEW: child grids a level at most; more hubs go to the hub list */
#define LV_CAP (1 << 18)     /* levels with a trace row (-a)                  */
#ifdef GALLERY_NO_CDP        /* sanitizer build: no device launches, hubs go to the hub pass */
#define BFS4K_CDP 0
#else
#define BFS4K_CDP 1
#endif

enum { MODE_SWITCH = 0, MODE_SINGLE = 1, MODE_MULTI = 2, MODE_HOP1 = 3, MODE_HOPK = 4 };
enum { ST_OK = 0, ST_TOOBIG = 1 };
typedef enum { DIR_TOPDOWN = 0, DIR_BOTTOMUP = 1, DIR_SCOUT = 2, DIR_CENSUS = 3 } dir_t; /* NEW */
/* NEW: beamer stops counting after this many top-down levels in a row that the
 * scan floor decided alone (a grid, a road network: the counting would cost
 * ~2 us a level there); a census pass starts it again if ever needed. */
#define DOBFS_QUIET 64
typedef enum { RULE_BEAMER = 0, RULE_SLIDES, RULE_TOPDOWN, RULE_BOTTOMUP } rule_t;  /* NEW */

/* NEW: what the rule knows before level L. Every thread of the loop holds a
 * copy and updates it from the same counters: all copies stay equal. */
typedef struct {
  int dir;                      /* the direction of level L - 1                        */
  int known;                    /* mf and fi are known (else only bounds)              */
  int counting;                 /* the expansions sum their degrees: w is valid        */
  int quiet;                    /* top-down levels in a row the floor decided alone    */
  unsigned long long nf, prev_nf; /* frontier entries of level L and of L - 1          */
  unsigned long long r;         /* vertices not yet visited (|R|)                      */
  unsigned long long w;         /* in-edges of the unvisited and the frontier: m_u(L - 1) */
  unsigned long long mf, fi;    /* out- and in-edges of the frontier: m_u = w - fi     */
} dobfs_rule_t;
#define HUB_GRID 32768       /* hubs with more edges are split over the whole grid, smaller ones over a block */

/* NEW: the loop's state lives on the device (loop=1 never comes back before the end). */
typedef struct {
  unsigned long long cnt[3];    /* pushes into the next queue of level L: cnt[L % 3]   */
  unsigned long long hubs[3];   /* hub list entries of level L                         */
  unsigned long long bigs[3];   /* ... of more than HUB_GRID edges (second half)       */
  unsigned long long edges[3];  /* out-edges of level L's entries (-a)                 */
  unsigned long long dups[3];   /* repeated entries of the queue level L built (-a)    */
  unsigned long long fi[3];     /* NEW: top-down: in-edges of level L's entries (directed graphs) */
  unsigned long long fo[3], fin[3]; /* NEW: bottom-up: out- and in-edges of the vertices found */
  unsigned long long left[3], left_in[3]; /* NEW: bottom-up: vertices still unvisited, their in-edges */
  unsigned long long so[3], si[3]; /* NEW: scout: out- and in-edges of level L's entries */
  unsigned long long cen[3];    /* NEW: census: in-edges of the unvisited vertices     */
  unsigned long long tq;        /* NEW: entries of the queue built from a bitmap      */
  dobfs_rule_t rs;              /* NEW: the rule's state, handed over by single-block levels */
  int bu_levels;                /* NEW */
  int pending;                  /* NEW: single-block levels handed over a level with hubs */
  unsigned long long t_pending;  /* NEW: ... and when that level began (-a)              */
  unsigned long long rebuild;   /* entries of a rebuilt queue                          */
  unsigned long long size;      /* single-block levels hand over: next frontier size   */
  unsigned long long pushes;    /* all levels                                          */
  unsigned long long children, child_fail; /* child grids launched / refused (loop=0) */
  int level, cur, sb_levels, mb_levels, rebuilds;
  int status;                   /* 0, or ST_TOOBIG: a level has more vertices than cap */
  unsigned long long toobig;    /* ... how many                                        */
  unsigned long long kids[3];   /* child grids launched by level L (at most CHILD_MAX) */
  /* NEW (hop engine, ours): */
  int maxd;                     /* largest level a hop step set (the depth at the end)  */
  int mixed;                    /* a hop step spilled a level < L + k: label-correcting */
  unsigned long long hcnt[3];   /* pushes into the next queue of hop step i: hcnt[i % 3] */
  int plo[3], phi[3];           /* levels pushed to the global queue by hop step i % 3:
                                   DIST_INF - min, and max + 1 (0: none), for a rebuild */
  int hop_steps, hop_levels;    /* multi-block hop steps, levels in them                */
} bfs4k_ctl_t;

typedef struct {
  unsigned long long frontier, edges, dups;
  unsigned long long ns;        /* NEW: the level's time on the device (-a; ~0: not measured) */
  int mode, vw, ed, hubs, dir;
} bfs4k_lv_t;

typedef struct {
  const eid_t *offsets;
  const vid_t *cols;
  const eid_t *in_offsets;      /* NEW: the transpose (the CSR itself when symmetric) */
  const vid_t *in_cols;
  unsigned *bm[2];              /* NEW: frontier bitmaps, `words` words each   */
  unsigned long long words;
  dobfs_rule_t rs0;             /* NEW: the rule's state before level 0        */
  double alpha, beta, gamma, slides_pct, avg_deg; /* NEW: the rules' knobs, m / n */
  int rule, count, sym;         /* NEW: variant; count degrees (beamer); symmetric */
  unsigned long long maxout, maxin; /* NEW: largest out- and in-degree: beamer's bound */
  unsigned long long nf_td;     /* NEW: n_f <= nf_td: n_f * maxout * gamma <= n, below the floor */
  dist_t *dist;
  vid_t *q[2];
  vid_t *hubq;
  int *mark;                    /* -a: last level each vertex was queued at */
  bfs4k_ctl_t *ctl;
  bfs4k_lv_t *lv;
  unsigned long long cap;       /* entries of each queue and of the hub list */
  unsigned long long single;    /* frontier entries up to which block 0 works alone */
  vid_t n;
  int loop, mode, scan, coalesce, stage, hash, vw, vwmin, assign, k4, dp, visit, trace;
  unsigned long long *hubw;      /* NEW: per vertex, the level it was last claimed as a hub:
                                   (epoch << 32) | level, so no run has to clear it */
  unsigned long long epoch;
  int mstage;                   /* NEW: multi-block levels stage in shared memory (08) or not */
  const uint4 *head;            /* NEW (hop): 2 per vertex: degree, first 7 neighbours */
  unsigned long long hopmax;    /* NEW: frontier entries up to which a hop step runs */
  int hop, hopq;                /* NEW: levels per grid barrier (0: step 10's levels),
                                   entries of each block queue of the hop engine */
  unsigned sbw;                 /* NEW (sbits): words of block 0's visited bitmap in shared
                                   memory for the hop engine's single-block levels (0: off) */
  const uint4 *lhead;           /* NEW (lean): 1 per vertex: first 4 neighbours (LEAN_NONE,
                                   LEAN_MORE: the row goes on in cols from its fourth edge) */
  int pro;                      /* NEW (lean): the lean prologue ran; the loop starts where it stopped */
  unsigned res_mb;              /* resident threads of the multi-block grid */
  unsigned hmask;
} bfs4k_args_t;

/* Where a warp's vertices go: SB, positions of the next frontier (below sqcap
 * in shared memory, the rest in global memory at the same index); MB, the
 * block queue in shared memory, the rest straight to the global queue. */
typedef struct {
  vid_t *sq;
  unsigned long long sqcap;
  unsigned long long *scnt;
  vid_t *gq;
  unsigned long long *gcnt;
  unsigned long long *hcnt;     /* NEW: entries of the hub list (shared in SB) */
  unsigned long long *bcnt;     /* NEW: big hubs (MB; NULL: all in the hub list) */
  int sb;
} bfs4k_sink_t;

static __device__ __forceinline__ unsigned long long ld_volatile(const unsigned long long *p) {
  return *(const volatile unsigned long long *)p;
}

/* NEW (ours, cache hints): a level reads each column and row offset once, and
 * they are far bigger than the L2 (uniform22: 537 MB of columns) while dist
 * (16 MB) is read once per edge. Loading them "streaming" (ld.global.cs: evict
 * first in L1 and L2) leaves the L2 to dist. Only for data no thread writes
 * during the kernel: the queues, which other SMs write between two levels, are
 * read through the L2 (__ldcg), never through an SM's L1. */
static __device__ __forceinline__ vid_t ld_stream_v(const vid_t *p) { return __ldcs(p); }
static __device__ __forceinline__ eid_t ld_stream_e(const eid_t *p) { return __ldcs(p); }

/* NEW: the virtual-warp size and the assignment of a level (5.2, 5.4). */
static __host__ __device__ void bfs4k_shape(const bfs4k_args_t *a, unsigned long long size,
                                            unsigned long long res, int *vw, int *ed) {
  *ed = a->assign == 2 || (a->assign == 0 && a->k4 > 0 && size * (unsigned long long)a->k4 < res);
  int w = a->vw;
  if (w == 0) {
    unsigned long long q = res / (size ? size : 1);
    w = a->vwmin;
    while (w < 32 && (unsigned long long)w * 2 <= q) w *= 2;
  }
  *vw = w;
}

static __device__ __forceinline__ void bfs4k_put(const bfs4k_args_t *a, const bfs4k_sink_t *sk,
                                                 unsigned long long p, unsigned long long g,
                                                 unsigned long long fit, unsigned long long j,
                                                 vid_t v) {
  if (sk->sb) {
    unsigned long long pos = p + j;
    if (pos < sk->sqcap) sk->sq[pos] = v;
    else if (pos < a->cap) sk->gq[pos] = v; /* past cap: counted, not stored: rebuilt */
    return;
  }
  if (j < fit) { sk->sq[p + j] = v; return; }
  unsigned long long pos = g + (j - fit);
  if (pos < a->cap) sk->gq[pos] = v;
}

/* NEW (5.1, 5.6): the vertices a warp found in one round go out together.
 * fm: bit s set = slot s of this lane found vs[s]. All 32 lanes call it. */
static __device__ void bfs4k_push(const bfs4k_args_t *a, const bfs4k_sink_t *sk, unsigned fm,
                                  const vid_t vs[LQ]) {
  unsigned lane = threadIdx.x & 31;
  unsigned c = __popc(fm);
  if (a->scan == 0) { /* one atomic per vertex */
#pragma unroll
    for (int s = 0; s < LQ; s++) {
      if (!(fm >> s & 1)) continue;
      if (sk->sb) bfs4k_put(a, sk, atomicAdd(sk->scnt, 1ULL), 0, 0, 0, vs[s]);
      else {
        unsigned long long pos = atomicAdd(sk->gcnt, 1ULL);
        if (pos < a->cap) sk->gq[pos] = vs[s];
      }
    }
    return;
  }
  unsigned excl, total;
  if (a->scan == 1 && __ballot_sync(DEV_FULL_MASK, c > 1) == 0) {
    unsigned b = __ballot_sync(DEV_FULL_MASK, c); /* binary case: ballot + popc */
    excl = __popc(b & ((1u << lane) - 1));
    total = __popc(b);
  } else { /* Fig. 3: the warp's exclusive prefix sum with shuffles */
    excl = dev_warp_excl(c, &total);
  }
  if (total == 0) return;
  /* the block level: one shared atomic per warp (SB: the frontier itself) */
  unsigned long long p = 0, g = 0, fit = 0;
  if (lane == 0) {
    if (sk->sb) {
      p = atomicAdd(sk->scnt, (unsigned long long)total);
    } else if (sk->sqcap) {
      p = atomicAdd(sk->scnt, (unsigned long long)total);
      fit = p >= sk->sqcap ? 0 : (sk->sqcap - p < total ? sk->sqcap - p : total);
      if (total > fit) g = atomicAdd(sk->gcnt, (unsigned long long)total - fit);
    } else {
      g = atomicAdd(sk->gcnt, (unsigned long long)total);
    }
  }
  p = __shfl_sync(DEV_FULL_MASK, p, 0);
  g = __shfl_sync(DEV_FULL_MASK, g, 0);
  fit = __shfl_sync(DEV_FULL_MASK, fit, 0);
  unsigned m = a->coalesce ? __reduce_min_sync(DEV_FULL_MASK, c) : 0;
  unsigned k = 0; /* rank of the slot among this lane's found ones */
#pragma unroll
  for (int s = 0; s < LQ; s++) {
    if (!(fm >> s & 1)) continue;
    /* NEW (induced coalescence): the k-th vertex of every lane, k < min, at
     * base + 32 k + lane: one whole-warp store per k; the rest after them. */
    unsigned long long j = k < m ? 32ULL * k + lane : 32ULL * m + (excl - m * lane) + (k - m);
    bfs4k_put(a, sk, p, g, fit, j, vs[s]);
    k++;
  }
}

static __device__ __forceinline__ unsigned bfs4k_hashf(vid_t v) {
  v ^= v >> 16;
  v *= 0x45d9f3bu;
  v ^= v >> 16;
  return v;
}

/* NEW: visit the slots' targets, drop duplicates the hash sees (Fig. 11),
 * push the rest. ht: this block's table (NULL: off). */
static __device__ void bfs4k_visit(const bfs4k_args_t *a, const bfs4k_sink_t *sk,
                                   volatile unsigned long long *ht, dist_t next,
                                   const int ok[LQ], const vid_t v[LQ]) {
  dist_t d[LQ];
#pragma unroll
  for (int s = 0; s < LQ; s++) d[s] = ok[s] ? __ldcg(&a->dist[v[s]]) : 0; /* L2: other SMs' stores */
  unsigned fm = 0;
  unsigned me = (blockIdx.x * blockDim.x + threadIdx.x) * LQ;
#pragma unroll
  for (int s = 0; s < LQ; s++) {
    if (!ok[s] || d[s] != DIST_INF) continue;
    int f = 1;
    if (a->visit) f = atomicCAS(&a->dist[v[s]], DIST_INF, next) == DIST_INF;
    else a->dist[v[s]] = next; /* benign race: every writer stores the same level */
    if (f && ht) {
      /* hash64: write (v, me), read back; another thread's id with the same
       * v means that thread holds v: drop it. The last writer of v into the
       * slot always reads its own entry or another vertex's, so it keeps v. */
      unsigned h = bfs4k_hashf(v[s]) & a->hmask;
      unsigned long long mine = ((unsigned long long)v[s] << 32) | (me + s);
      /* both accesses atomic, as the paper says (Fig. 11); plain ones would
       * be a data race in the C++ memory model, and racecheck says so */
      atomicExch((unsigned long long *)&ht[h], mine);
      unsigned long long back = atomicAdd((unsigned long long *)&ht[h], 0ULL);
      if ((vid_t)(back >> 32) == v[s] && back != mine) f = 0;
    }
    if (f) fm |= 1u << s;
  }
  bfs4k_push(a, sk, fm, v);
}

/* One row (hub) split over `nwarps` warps: 32 * LQ edges a warp and round. */
static __device__ void bfs4k_row(const bfs4k_args_t *a, const bfs4k_sink_t *sk,
                                 volatile unsigned long long *ht, dist_t next, eid_t beg,
                                 unsigned long long deg, unsigned long long warp,
                                 unsigned long long nwarps) {
  unsigned lane = threadIdx.x & 31;
  for (unsigned long long x0 = warp * 32 * LQ; x0 < deg; x0 += nwarps * 32 * LQ) {
    int ok[LQ];
    vid_t v[LQ];
#pragma unroll
    for (int s = 0; s < LQ; s++) {
      unsigned long long j = x0 + 32 * s + lane;
      ok[s] = j < deg;
      v[s] = ok[s] ? ld_stream_v(&a->cols[beg + j]) : 0;
    }
    bfs4k_visit(a, sk, ht, next, ok, v);
  }
}

#if BFS4K_CDP
/* NEW (5.3): a child grid for one hub (loop=0): K3 = 16 edges a thread, no hash. */
static __global__ void bfs4k_child_kernel(const __grid_constant__ bfs4k_args_t a, dist_t next, eid_t beg,
                                          unsigned long long deg, vid_t *out, int lvl3) {
  bfs4k_sink_t sk = {NULL, 0, NULL, out, &a.ctl->cnt[lvl3], NULL, NULL, 0};
  unsigned long long warp = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32;
  unsigned long long nwarps = (unsigned long long)gridDim.x * blockDim.x / 32;
  bfs4k_row(&a, &sk, NULL, next, beg, deg, warp, nwarps);
}
#endif

/* NEW: a vertex of more than dp out-edges. Returns 1 when someone else expands
 * it: a child grid (loop=0) or the hub list; 0 when its virtual warp must. */
static __device__ int bfs4k_hub(const bfs4k_args_t *a, const bfs4k_sink_t *sk, int level, vid_t u,
                                eid_t beg, unsigned long long deg, int cdp) {
  /* NEW: claim the hub for this level first. The benign race may queue a
   * vertex many times (a mid vertex with 75 frontier neighbours: 75 copies);
   * without the claim each copy would launch its own child grid or list the
   * hub again, and a level of 150,000 copies would queue 150,000 launches. */
  unsigned long long tag = a->epoch << 32 | (unsigned)level;
  if (atomicExch(&a->hubw[u], tag) == tag) return 1; /* another copy has it */
#if BFS4K_CDP
  /* at most CHILD_MAX launches a level: a launch costs the parent microseconds
   * and the pending-launch pool is finite; the rest take the hub list */
  if (cdp && atomicAdd(&a->ctl->kids[level % 3], 1ULL) < CHILD_MAX) {
    vid_t *out = sk->gq;
    unsigned long long blocks = (deg + CHILD_K3 * CHILD_BLOCK - 1) / (CHILD_K3 * CHILD_BLOCK);
    bfs4k_child_kernel<<<(unsigned)blocks, CHILD_BLOCK, 0, cudaStreamFireAndForget>>>(
        *a, level + 1, beg, deg, out, level % 3);
    if (cudaGetLastError() == cudaSuccess) {
      atomicAdd(&a->ctl->children, 1ULL);
      return 1;
    }
    atomicAdd(&a->ctl->child_fail, 1ULL); /* launch pool full: the hub list takes it */
  }
#else
  (void)cdp; (void)beg; (void)deg;
#endif
  /* the first half of the list for hubs a block takes, the second for the
   * few of more than HUB_GRID edges that the whole grid takes */
  unsigned long long half = a->cap / 2;
  if (sk->bcnt && deg > HUB_GRID) {
    unsigned long long h = atomicAdd(sk->bcnt, 1ULL);
    if (h < a->cap - half) { a->hubq[half + h] = u; return 1; }
    return 0;
  }
  unsigned long long h = atomicAdd(sk->hcnt, 1ULL);
  if (h < (sk->bcnt ? half : a->cap)) { a->hubq[h] = u; return 1; }
  return 0; /* the list is full: the virtual warp does it */
}

/* Expand queue entries [0, size) with `nwarps` warps; this is warp `warp`.
 * Entries below in_scap are read from shared memory (SB), the rest from in_g. */
static __device__ void bfs4k_expand(const bfs4k_args_t *a, const bfs4k_sink_t *sk,
                                    volatile unsigned long long *ht, const vid_t *in_s,
                                    unsigned long long in_scap, const vid_t *in_g,
                                    unsigned long long size, int level, int vw, int ed, int cdp,
                                    unsigned long long warp, unsigned long long nwarps,
                                    unsigned long long *edges, unsigned long long *ein) {
  unsigned lane = threadIdx.x & 31;
  dist_t next = level + 1;
  unsigned B = ed ? 32 : 32 / vw; /* entries a warp takes per batch */
  for (unsigned long long i0 = warp * B; i0 < size; i0 += nwarps * B) {
    vid_t u = 0;
    eid_t beg = 0;
    unsigned long long deg = 0;
    /* NEW (5.6, coalesced reads): lane l < B reads entry i0 + l and its row,
     * consecutive lanes, consecutive addresses; shuffles hand them out. */
    if ((ed || a->coalesce) && lane < B && i0 + lane < size) {
      unsigned long long i = i0 + lane;
      u = i < in_scap ? in_s[i] : __ldcg(&in_g[i]); /* L2: other SMs wrote the queue */
      beg = ld_stream_e(&a->offsets[u]);
      deg = ld_stream_e(&a->offsets[u + 1]) - beg;
      if (edges) *edges += deg;
      if (ein) *ein += a->in_offsets[u + 1] - a->in_offsets[u]; /* NEW: directed graphs (beamer) */
      if (a->dp > 0 && deg > (unsigned long long)a->dp && bfs4k_hub(a, sk, level, u, beg, deg, cdp))
        deg = 0;
    }
    if (ed) {
      /* NEW (5.4, edge-discover): inclusive prefix sum of the 32 degrees;
       * lane x of a round owns edge x of the batch: the owner is the number
       * of prefix sums <= x, found by a binary search over shuffles. */
      unsigned long long incl = dev_warp_incl64(deg);
      unsigned long long tot = __shfl_sync(DEV_FULL_MASK, incl, 31);
      /* edge x of the batch is cols[rb[o] + x] for its owner o (mod 2^64): one
       * 64-bit shuffle per edge for the row instead of two (beg, excl) */
      eid_t rb = beg - (incl - deg);
      /* the search in 32 bits when the batch has < 2^32 edges (always, unless a
       * row of billions escapes the hub list): half the shuffles (-5%, uniform22) */
      int wide = tot > 0xffffffffULL; /* the same in all 32 lanes */
      unsigned incl32 = (unsigned)incl;
      for (unsigned long long c0 = 0; c0 < tot; c0 += 32 * LQ) {
        int ok[LQ];
        vid_t v[LQ];
#pragma unroll
        for (int s = 0; s < LQ; s++) {
          unsigned long long x = c0 + 32 * s + lane;
          int o = 0;
          if (wide) {
#pragma unroll
            for (int st = 16; st >= 1; st >>= 1) {
              unsigned long long pv = __shfl_sync(DEV_FULL_MASK, incl, o + st - 1);
              if (pv <= x) o += st;
            }
          } else {
#pragma unroll
            for (int st = 16; st >= 1; st >>= 1) {
              unsigned pv = __shfl_sync(DEV_FULL_MASK, incl32, o + st - 1);
              if (pv <= (unsigned)x) o += st;
            }
          }
          eid_t ob = __shfl_sync(DEV_FULL_MASK, rb, o);
          ok[s] = x < tot;
          v[s] = ok[s] ? ld_stream_v(&a->cols[ob + x]) : 0;
        }
        bfs4k_visit(a, sk, ht, next, ok, v);
      }
      continue;
    }
    /* virtual warps: virtual warp k of this warp owns entry i0 + k */
    unsigned k = lane / vw, li = lane % vw;
    eid_t ub;
    unsigned long long ud;
    if (a->coalesce) {
      ub = __shfl_sync(DEV_FULL_MASK, beg, k);
      ud = __shfl_sync(DEV_FULL_MASK, deg, k);
    } else { /* every lane of the virtual warp reads the entry and row itself (06) */
      ub = 0;
      ud = 0;
      int taken = 0;
      unsigned long long i = i0 + k;
      if (i < size) {
        vid_t uu = i < in_scap ? in_s[i] : __ldcg(&in_g[i]);
        ub = a->offsets[uu];
        ud = a->offsets[uu + 1] - ub;
        if (edges && li == 0) *edges += ud;
        if (ein && li == 0) *ein += a->in_offsets[uu + 1] - a->in_offsets[uu]; /* NEW */
        if (li == 0 && a->dp > 0 && ud > (unsigned long long)a->dp)
          taken = bfs4k_hub(a, sk, level, uu, ub, ud, cdp);
      }
      /* the lanes of a virtual warp take their leader's answer */
      if (__shfl_sync(DEV_FULL_MASK, taken, lane & ~(unsigned)(vw - 1))) ud = 0;
    }
    unsigned long long rounds = (ud + (unsigned long long)vw * LQ - 1) / ((unsigned long long)vw * LQ);
    unsigned long long rmax = dev_warp_max64(rounds); /* the warp's longest row sets the trip count */
    for (unsigned long long r = 0; r < rmax; r++) {
      int ok[LQ];
      vid_t v[LQ];
#pragma unroll
      for (int s = 0; s < LQ; s++) {
        unsigned long long j = (r * LQ + s) * vw + li;
        ok[s] = j < ud;
        v[s] = ok[s] ? ld_stream_v(&a->cols[ub + j]) : 0;
      }
      bfs4k_visit(a, sk, ht, next, ok, v);
    }
  }
}

/* MB: the block queue goes to the global queue: one atomic per block, a
 * coalesced copy (06's flush). Every thread of the block calls it. */
static __device__ void bfs4k_flush(const bfs4k_args_t *a, const bfs4k_sink_t *sk) {
  __shared__ unsigned long long s_base, s_k;
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned long long k = *sk->scnt < sk->sqcap ? *sk->scnt : sk->sqcap;
    s_k = k;
    s_base = k ? atomicAdd(sk->gcnt, k) : 0;
    *sk->scnt = 0;
  }
  __syncthreads();
  for (unsigned long long j = threadIdx.x; j < s_k; j += blockDim.x)
    if (s_base + j < a->cap) sk->gq[s_base + j] = sk->sq[j];
  __syncthreads();
}

/* NEW: block sums of NS per-thread counts into dst[k] (warp shuffles, shared
 * atomics, then one global atomic per block and count). Every thread of the
 * block calls it; a NULL dst[k] is skipped. */
#define NS 6
static __device__ void dobfs_block_sum(unsigned long long v[NS], unsigned long long *const dst[NS]) {
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

/* -a: repeated entries of queue q[0, size): mark[v] = tag, one winner each. */
static __device__ void bfs4k_dups(const bfs4k_args_t *a, int tag, const vid_t *q,
                                  unsigned long long size, unsigned long long *dst) {
  unsigned long long d = 0;
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < size;
       i += stride)
    if (atomicExch(&a->mark[__ldcg(&q[i])], tag) == tag) d++;
  dev_block_add(d, dst);
}

/* NEW (-a): the GPU's nanosecond clock, the same on every SM */
static __device__ __forceinline__ unsigned long long dobfs_clock(void) {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

static __device__ void bfs4k_record(const bfs4k_args_t *a, int level, unsigned long long size,
                                    int mode, int vw, int ed, unsigned long long nh, int dir,
                                    unsigned long long ns) {
  if (level >= LV_CAP) return;
  bfs4k_lv_t r;
  r.frontier = size;
  r.edges = ld_volatile(&a->ctl->edges[level % 3]);
  r.dups = ld_volatile(&a->ctl->dups[level % 3]);
  r.mode = mode;
  r.vw = vw;
  r.ed = ed;
  r.hubs = (int)(nh < 0x7fffffffULL ? nh : 0x7fffffffULL);
  r.dir = dir;
  r.ns = ns;
  a->lv[level] = r;
}

/* NEW: correctly rounded products, on the device and the host alike: no
 * contraction into an FMA, so every thread computes the same rule. */
#ifdef __CUDA_ARCH__
#define DMUL(x, y) __dmul_rn((x), (y))
#else
#define DMUL(x, y) ((double)(x) * (double)(y))
#endif

/* NEW (ours, not the papers'): the scan floor. A bottom-up level reads the
 * dist word of all n vertices, however few are left; top-down reads the m_f
 * edges of the frontier. Bottom-up only when m_f > n / gamma: a grid or a road
 * network, whose frontiers never have that many edges, stays top-down at
 * every level (Beamer's rule alone switches there near the end, where m_u is
 * small, and each such level costs a whole scan). gamma = 0: no floor. */
static __host__ __device__ __forceinline__ int dobfs_floor(const bfs4k_args_t *a, double mf) {
  return a->gamma == 0 || DMUL(mf, a->gamma) > (double)a->n;
}

/* NEW: the direction of level `level`, from what the rule knows before it;
 * DIR_SCOUT when beamer needs the frontier's degrees and its bound cannot
 * decide without them (the caller sums them, dobfs_scouted, and asks again);
 * DIR_CENSUS when it needs m_u too, which it stopped tracking (DOBFS_QUIET). */
static __host__ __device__ __forceinline__ int dobfs_choose(const bfs4k_args_t *a, const dobfs_rule_t *rs, int level) {
  switch (a->rule) {
  case RULE_TOPDOWN: return DIR_TOPDOWN;
  case RULE_BOTTOMUP: return DIR_BOTTOMUP;
  case RULE_SLIDES: { /* |R| < |Q| * E/V, scaled by slides_pct / 100 */
    double mf = DMUL((double)rs->nf, a->avg_deg);
    return DMUL(100.0, (double)rs->r) < DMUL(a->slides_pct, mf) && dobfs_floor(a, mf) ? DIR_BOTTOMUP
                                                                                       : DIR_TOPDOWN;
  }
  default: /* RULE_BEAMER */
    if (rs->dir == DIR_BOTTOMUP && level > 0) /* stay while the frontier grows or is large (n_f > n / beta) */
      return (rs->nf >= rs->prev_nf || DMUL((double)rs->nf, a->beta) > (double)a->n) ? DIR_BOTTOMUP
                                                                                    : DIR_TOPDOWN;
    if (!rs->known) { /* m_f <= n_f * max out-degree, m_u >= w - n_f * max in-degree */
      if (rs->nf <= a->nf_td) return DIR_TOPDOWN; /* the floor's bound, in integers: most levels of a grid */
      double nf = (double)rs->nf, w = (double)rs->w;
      double mf_hi = DMUL(nf, (double)a->maxout), mu_lo = w - DMUL(nf, (double)a->maxin);
      if (!dobfs_floor(a, mf_hi)) return DIR_TOPDOWN;
      if (!rs->counting) return DIR_CENSUS; /* w is stale: count it afresh */
      if (DMUL(mf_hi, a->alpha) <= mu_lo) return DIR_TOPDOWN;
      return DIR_SCOUT;
    }
    unsigned long long mu = rs->w > rs->fi ? rs->w - rs->fi : 0; /* m_u, in-edges of the unvisited */
    /* m_f > m_u / alpha, and past the scan floor */
    return DMUL((double)rs->mf, a->alpha) > (double)mu && dobfs_floor(a, (double)rs->mf)
               ? DIR_BOTTOMUP : DIR_TOPDOWN;
  }
}

/* NEW: the scout's sums: m_f and the frontier's in-edges, exact (with
 * duplicates); a census adds the in-edges of the unvisited: w afresh. */
static __host__ __device__ __forceinline__ void dobfs_scouted(const bfs4k_args_t *a, dobfs_rule_t *rs, int census,
                                              unsigned long long so, unsigned long long si,
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

/* NEW: after a top-down level L that found `next` entries, whose own frontier
 * had `fi` in-edges (summed by the expansion, duplicates twice): w becomes
 * m_u(L) = w - fi; the new frontier's degrees are not known yet. */
static __host__ __device__ __forceinline__ void dobfs_td_update(const bfs4k_args_t *a, dobfs_rule_t *rs,
                                                unsigned long long next, unsigned long long fi) {
  if (rs->counting) {
    rs->w = rs->w > fi ? rs->w - fi : 0;
    /* quiet: the floor alone said top-down for this level */
    rs->quiet = dobfs_floor(a, DMUL((double)rs->nf, (double)a->maxout)) ? 0 : rs->quiet + 1;
    if (rs->quiet >= DOBFS_QUIET) rs->counting = 0;
  }
  rs->dir = DIR_TOPDOWN;
  rs->known = 0;
  rs->prev_nf = rs->nf;
  rs->nf = next;
  rs->r = rs->r > next ? rs->r - next : 0;
}

/* NEW: after a bottom-up level: exact (every vertex counted by its thread). */
static __host__ __device__ __forceinline__ void dobfs_bu_update(const bfs4k_args_t *a, dobfs_rule_t *rs,
                                                unsigned long long found,
                                                unsigned long long fo, unsigned long long fi,
                                                unsigned long long left,
                                                unsigned long long left_in) {
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

/* NEW (hop): after `levels` top-down levels of the hop engine that end with
 * `next` entries: the rule knows the frontier's size, not its degrees (the
 * heads carry them, the engine does not sum them): beamer counts afresh (its
 * census) when its bound cannot decide. */
static __host__ __device__ __forceinline__ void hop_rule(const bfs4k_args_t *a, dobfs_rule_t *rs,
                                                         unsigned long long next, int levels) {
  (void)a;
  rs->dir = DIR_TOPDOWN;
  rs->known = 0;
  rs->counting = 0;
  rs->quiet = 0;
  rs->prev_nf = levels > 1 ? next : rs->nf;
  rs->nf = next;
  rs->r = rs->r > next ? rs->r - next : 0;
}

/* Zero counter set z (one thread). */
static __device__ void bfs4k_zero_set(const bfs4k_args_t *a, int z) {
  a->ctl->kids[z] = 0;
  a->ctl->cnt[z] = 0;
  a->ctl->hubs[z] = 0;
  a->ctl->bigs[z] = 0;
  a->ctl->edges[z] = 0;
  a->ctl->dups[z] = 0;
  a->ctl->rebuild = 0;
  a->ctl->fi[z] = 0; /* NEW: the rule's counts */
  a->ctl->fo[z] = 0;
  a->ctl->fin[z] = 0;
  a->ctl->left[z] = 0;
  a->ctl->left_in[z] = 0;
  a->ctl->so[z] = 0;
  a->ctl->si[z] = 0;
  a->ctl->cen[z] = 0;
}

/* Zero the next step's counters (block 0, thread 0, while step ci runs). */
static __device__ void bfs4k_zero_next(const bfs4k_args_t *a, int ci) {
  bfs4k_zero_set(a, ci == 2 ? 0 : ci + 1);
}

/* NEW (5.5): single-block levels. Block 0 (or the only block) expands level
 * after level with __syncthreads() between them, the frontier in shared
 * memory, until the frontier passes `single` entries or is empty. Its
 * counters stay in shared memory and registers: a level costs no global
 * round trip besides the expansion itself. The queue to start from is in
 * global q[cur]; on return the next one is there too and ctl->{level, cur,
 * size} say where the loop stands. */
static __device__ void bfs4k_single(const bfs4k_args_t *a, int level, int cur,
                                    unsigned long long size, dobfs_rule_t rs) {
  extern __shared__ unsigned long long smem[];
  volatile unsigned long long *ht = a->hash ? smem : NULL;
  unsigned long long scap = (unsigned long long)a->stage / 2;
  vid_t *sq[2] = {(vid_t *)(smem + a->hash), (vid_t *)(smem + a->hash) + scap};
  /* NEW: three sets of counters, one per level mod 3, so that one barrier a
   * level suffices: thread 0 zeroes the set of level L + 2 after level L's
   * barrier, when every thread has read it (at the end of level L - 1) and
   * nobody uses it before level L + 1's barrier. */
  __shared__ unsigned long long s_cnt[3], s_nh[3], s_nb[3], s_fo[3], s_fi[3], s_so, s_si;
  int sc = 0, levels = 0, li = 0, pending = 0;
  unsigned long long edges_last = 0; /* this thread's edges of a pending level (-a) */
  unsigned long long tl = 0;         /* NEW (-a, thread 0): when this level began */
  unsigned long long pushes = 0;
  unsigned t = threadIdx.x, bd = blockDim.x;
  unsigned long long nin = size < scap ? size : scap;
  for (unsigned long long i = t; i < nin; i += bd) sq[0][i] = __ldcg(&a->q[cur][i]);
  if (t < 3) {
    s_cnt[t] = 0;
    s_nh[t] = 0;
    s_nb[t] = 0;
    s_fo[t] = 0;
    s_fi[t] = 0;
  }
  __syncthreads();
  for (;;) {
    int vw, ed;
    bfs4k_shape(a, size, bd, &vw, &ed);
    /* NEW: hubs of more than HUB_GRID edges in the second half of the list (for the grid) */
    bfs4k_sink_t sk = {sq[sc ^ 1], scap, &s_cnt[li], a->q[cur ^ 1], NULL, &s_nh[li],
                       a->mode == MODE_SINGLE ? NULL : &s_nb[li], 1};
    unsigned long long edges = 0, ein = 0;
    if (a->trace && t == 0) tl = dobfs_clock();
    bfs4k_expand(a, &sk, ht, sq[sc], scap, a->q[cur], size, level, vw, ed, 0, t / 32, bd / 32,
                 a->trace || rs.counting ? &edges : NULL, rs.counting && !a->sym ? &ein : NULL);
    if (rs.counting) { /* NEW: the frontier's out- and in-edges, one shared atomic per warp */
      unsigned long long o = edges, i = ein;
#pragma unroll
      for (int d = 16; d >= 1; d >>= 1) {
        o += __shfl_xor_sync(DEV_FULL_MASK, o, d);
        i += __shfl_xor_sync(DEV_FULL_MASK, i, d);
      }
      if ((t & 31) == 0 && o + i) {
        atomicAdd(&s_fo[li], o);
        atomicAdd(&s_fi[li], i);
      }
    }
    __syncthreads(); /* the level's barrier */
    int lz = li == 0 ? 2 : li - 1; /* (li + 2) % 3 */
    if (t == 0) {
      s_cnt[lz] = 0;
      s_nh[lz] = 0;
      s_nb[lz] = 0;
      s_fo[lz] = 0;
      s_fi[lz] = 0;
    }
    /* NEW (support, not the lesson): a level with hubs (a Kronecker graph's
     * level 1: 28 vertices, 244,380 edges) is finished by the whole grid, not
     * by this block: hand over with the level half done (its hub list). */
    if (a->mode != MODE_SINGLE && s_nh[li] + s_nb[li] > 0) {
      pending = 1;
      edges_last = edges;
      break;
    }
    unsigned long long nh0 = s_nh[li], nh = nh0 < a->cap ? nh0 : a->cap;
    if (nh) {
      for (unsigned long long h = 0; h < nh; h++) { /* hubs: the whole block on each row */
        vid_t u = __ldcg(&a->hubq[h]);
        eid_t beg = a->offsets[u]; /* its edges were counted when it was listed */
        bfs4k_row(a, &sk, ht, level + 1, beg, a->offsets[u + 1] - beg, t / 32, bd / 32);
      }
      __syncthreads();
    }
    unsigned long long next = s_cnt[li];
    if (next > a->cap) { /* overflow (duplicates): the level's vertices from dist */
      __syncthreads();
      if (t == 0) s_cnt[li] = 0;
      __syncthreads();
      for (unsigned long long v = t; v < a->n; v += bd)
        if (__ldcg(&a->dist[v]) == level + 1)
          bfs4k_put(a, &sk, atomicAdd(&s_cnt[li], 1ULL), 0, 0, 0, (vid_t)v);
      __syncthreads();
      next = s_cnt[li];
      if (t == 0) a->ctl->rebuilds++;
      if (next > a->cap) { /* more vertices than the queue holds: say so, stop */
        if (t == 0) {
          a->ctl->status = ST_TOOBIG;
          a->ctl->toobig = next;
        }
        next = 0;
      }
    }
    if (a->trace) { /* the level's time ends here: the trace's own counting is not in it */
      unsigned long long ns = t == 0 ? dobfs_clock() - tl : 0;
      if (t == 0) {
        a->ctl->edges[level % 3] = 0;
        a->ctl->dups[level % 3] = 0;
      }
      __syncthreads();
      dev_block_add(edges, &a->ctl->edges[level % 3]);
      unsigned long long d = 0;
      for (unsigned long long i = t; i < next; i += bd) {
        vid_t v = i < scap ? sq[sc ^ 1][i] : a->q[cur ^ 1][i];
        if (atomicExch(&a->mark[v], level + 1) == level + 1) d++;
      }
      dev_block_add(d, &a->ctl->dups[level % 3]);
      __syncthreads();
      if (t == 0) bfs4k_record(a, level, size, MODE_SINGLE, vw, ed, nh0, DIR_TOPDOWN, ns);
    }
    dobfs_td_update(a, &rs, next, a->sym ? s_fo[li] : s_fi[li]); /* NEW */
    pushes += next;
    levels++;
    level++;
    li = li == 2 ? 0 : li + 1;
    sc ^= 1;
    cur ^= 1;
    size = next;
    if (size == 0 || (a->mode != MODE_SINGLE && size > a->single)) break;
    int d = dobfs_choose(a, &rs, level); /* NEW: the next level's direction */
    if (d == DIR_SCOUT) { /* the bound could not decide: the frontier's degrees, exactly */
      if (t == 0) {
        s_so = 0;
        s_si = 0;
      }
      __syncthreads();
      unsigned long long o = 0, i = 0;
      for (unsigned long long k = t; k < size; k += bd) {
        vid_t v = k < scap ? sq[sc][k] : __ldcg(&a->q[cur][k]);
        o += a->offsets[v + 1] - a->offsets[v];
        if (!a->sym) i += a->in_offsets[v + 1] - a->in_offsets[v];
      }
      if (o) atomicAdd(&s_so, o);
      if (i) atomicAdd(&s_si, i);
      __syncthreads();
      dobfs_scouted(a, &rs, 0, s_so, s_si, 0);
      d = dobfs_choose(a, &rs, level);
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
  if (t == 0) {
    for (int z = 0; z < 3; z++) bfs4k_zero_set(a, z); /* clean counters for whatever level comes next */
    a->ctl->pending = pending; /* NEW: level `level` waits for its hub pass */
    a->ctl->t_pending = tl;
    if (pending) {
      int z = level % 3;
      a->ctl->cnt[z] = s_cnt[li];
      a->ctl->hubs[z] = s_nh[li];
      a->ctl->bigs[z] = s_nb[li];
      if (rs.counting && !a->trace) a->ctl->edges[z] = s_fo[li];
      a->ctl->fi[z] = s_fi[li];
    }
    a->ctl->rs = rs; /* NEW */
    a->ctl->size = size;
    a->ctl->level = level;
    a->ctl->cur = cur;
    a->ctl->pushes += pushes;
    a->ctl->sb_levels += levels;
  }
  if (pending && a->trace) { /* the pending level's edges (-a), after thread 0's zeroing */
    __syncthreads();
    dev_block_add(edges_last, &a->ctl->edges[level % 3]);
  }
  __threadfence();
  __syncthreads();
}

/* Single-block levels hand over (thread 0): every counter set clean for
 * whatever step comes next, and where the loop stands. */
static __device__ void bfs4k_hand_over(const bfs4k_args_t *a, unsigned long long size, int level,
                                       int cur, unsigned long long pushes, int levels) {
  for (int z = 0; z < 3; z++) bfs4k_zero_set(a, z);
  a->ctl->size = size;
  a->ctl->level = level;
  a->ctl->cur = cur;
  a->ctl->pushes += pushes;
  a->ctl->sb_levels += levels;
}

/* ---- NEW (ours, not in the paper): the hop engine -------------------------
 * Two facts of a road network or a grid on the H100: a level is a chain of
 * dependent global accesses (queue entry -> row offsets -> column -> dist),
 * and a grid barrier costs ~2 us. The hop engine shortens the first and
 * divides the second:
 *  - row heads: init copies each row's degree and first HOP_IN neighbours
 *    into a 32-byte head (one sector; ELL's "first k per row", Bell & Garland
 *    2009). A lane that claims x loads head[x] in the same breath as its
 *    atomicMin on dist[x], and the block queue carries the head: the next
 *    level needs no row-offset or column read. One dependent access a level.
 *  - several levels per grid barrier: every block expands its share of the
 *    frontier `hop` levels deep in shared memory before the next grid.sync().
 *    Blocks run ahead of each other, so a block can claim a vertex with a
 *    level that is too large; atomicMin keeps the smallest and whoever lowers
 *    a vertex expands it again (label correcting). After a step from an exact
 *    level L, every vertex of level <= L + hop is exact and the global queue
 *    holds level L + hop (proof in the README), so the paper's levels can
 *    follow. Rows longer than HOP_IN: their tails go to a tail pass (a warp a
 *    row; rows of more than HOP_TAIL_BLOCK tail edges the whole block).
 * Small frontiers (<= block * k5 entries) run the same hops in block 0 alone
 * without any grid barrier: the paper's single-block levels with heads. */
#define LEAN_NONE 0xffffffffu /* NEW: lean heads: no neighbour in this word */
#define LEAN_MORE 0xfffffffeu /* ... word 3: more than 4 neighbours, the row goes on in cols */
#define HOP_IN 7             /* neighbours in a row head (word 0 is the degree) */
#define HOP_LONG 1024        /* rows longer than HOP_IN listed per round: up to blockDim */
#define HOP_TAIL_BLOCK (HOP_IN * 32 * 4) /* tails longer than 4 warp passes: the whole block */
#define HOP_MAX 64           /* largest `hop` */
#define HOP_AUTO HOP_MAX     /* hop=-1: levels per grid barrier on graphs of mean */
#define HOP_ROAD_DEG 5       /* ... out-degree below 5 (roads, grids),        */
#define HOP_AUTO_MESH 4      /* ... 4 below HOP_SPARSE_DEG (meshes: a deeper  */
#define HOP_SPARSE_DEG 8     /* hop floods the block queues), 1 from there on */
#define HOP_OFF(hash) (((size_t)(hash) * 8 + 15) / 16 * 16) /* the queues after the hash table */

/* A block queue in shared memory: heads (2 uint4 each), vertices, levels. */
typedef struct {
  uint4 *h;
  vid_t *v;
  dist_t *val;
} hopq_t;

/* Where a hop's claims go: the block queue (cap entries), then (kind)
 *  HOP_SPILL  (block 0 alone) global gq at the same index: the level stays whole;
 *  HOP_MIXED  (a multi-block step before its last hop) the global queue, and
 *             the step turns label-correcting (ctl->mixed);
 *  HOP_OUT    (the last hop) the global queue only. */
enum { HOP_SPILL = 0, HOP_MIXED = 1, HOP_OUT = 2 };
typedef struct {
  hopq_t q;
  unsigned cap;
  unsigned *scnt;               /* block queue count (shared memory)  */
  vid_t *gq;
  unsigned long long *gcnt;     /* global queue count                 */
  int kind;
  int *lo, *hi;                 /* shared: levels pushed to gq        */
  unsigned *bm;                 /* NEW: block 0's visited bitmap (shared; NULL: atomicMin) */
} hop_sink_t;


static __device__ __forceinline__ void hop_put(const bfs4k_args_t *a, const hop_sink_t *sk,
                                               unsigned long long pos, vid_t x, dist_t nv, uint4 h0,
                                               uint4 h1) {
  if (sk->kind != HOP_OUT && pos < sk->cap) {
    sk->q.h[2 * pos] = h0;
    sk->q.h[2 * pos + 1] = h1;
    sk->q.v[pos] = x;
    sk->q.val[pos] = nv;
    return;
  }
  if (sk->kind == HOP_SPILL) {
    if (sk->bm) a->dist[x] = nv; /* the next level reads its level from dist */
    if (pos < a->cap) sk->gq[pos] = x; /* past cap: counted, the level is too big (error) */
    return;
  }
  if (sk->kind == HOP_MIXED) {
    pos = atomicAdd(sk->gcnt, 1ULL);
    atomicOr(&a->ctl->mixed, 1);
  }
  if (pos < a->cap) sk->gq[pos] = x; /* past cap: counted, rebuilt from dist */
  atomicMin(sk->lo, nv);
  atomicMax(sk->hi, nv);
}

/* Claim a lane's targets x[u], u in [u0, u1) with bit u of has, at level nv:
 * atomicMin on dist and the head of x in flight together; the lanes that
 * lowered dist push (one atomic per warp). All 32 lanes call it. Returns nv
 * if this lane set anything, else -1. */
static __device__ __forceinline__ dist_t hop_claim_range(const bfs4k_args_t *a, const hop_sink_t *sk,
                                                         unsigned has, const vid_t x[HOP_IN], dist_t nv,
                                                         const int u0, const int u1) {
  unsigned lane = threadIdx.x & 31;
  int old[HOP_IN];
  uint4 h0[HOP_IN], h1[HOP_IN];
  /* the heads first (they arrive last: measured 1-2% faster), through the L1 (__ldg: heads
   * never change; __ldcg measured 4% slower) */
#pragma unroll
  for (int u = u0; u < u1; u++)
    if (has >> u & 1) {
      h0[u] = __ldg(&a->head[2 * (size_t)x[u]]);
      h1[u] = __ldg(&a->head[2 * (size_t)x[u] + 1]);
    }
#pragma unroll
  for (int u = u0; u < u1; u++) {
    old[u] = DIST_INF;
    if (!(has >> u & 1)) continue;
    if (sk->bm) { /* NEW: block 0 alone, exact levels: the first to set the bit owns x */
      unsigned b = 1u << (x[u] & 31);
      old[u] = atomicOr(&sk->bm[x[u] >> 5], b) & b ? nv : DIST_INF;
    } else {
      old[u] = atomicMin(&a->dist[x[u]], nv);
    }
  }
  unsigned imp = 0;
#pragma unroll
  for (int u = u0; u < u1; u++)
    if ((has >> u & 1) && old[u] > nv) imp |= 1u << u; /* this lane lowered it: it expands it */
  /* the warp's exclusive prefix sum of c < 8 from three ballots, one per bit */
  unsigned c = __popc(imp), lt = (1u << lane) - 1;
  unsigned b0 = __ballot_sync(DEV_FULL_MASK, c & 1), b1 = __ballot_sync(DEV_FULL_MASK, c & 2),
           b2 = __ballot_sync(DEV_FULL_MASK, c & 4);
  unsigned tot = __popc(b0) + 2 * __popc(b1) + 4 * __popc(b2);
  if (tot == 0) return -1;
  unsigned long long base = 0;
  if (lane == 0)
    base = sk->kind == HOP_OUT ? atomicAdd(sk->gcnt, (unsigned long long)tot) : atomicAdd(sk->scnt, tot);
  base = __shfl_sync(DEV_FULL_MASK, base, 0) + __popc(b0 & lt) + 2 * __popc(b1 & lt) + 4 * __popc(b2 & lt);
#pragma unroll
  for (int u = u0; u < u1; u++)
    if (imp >> u & 1) hop_put(a, sk, base++, x[u], nv, h0[u], h1[u]);
  return imp ? nv : -1;
}

/* Targets 0-3, then 4-6 only if a lane of the warp has them (few registers
 * live at once: a grid vertex has at most 4 neighbours). */
static __device__ __forceinline__ dist_t hop_claim(const bfs4k_args_t *a, const hop_sink_t *sk,
                                                   unsigned has, const vid_t x[HOP_IN], dist_t nv) {
  dist_t m = hop_claim_range(a, sk, has, x, nv, 0, 4);
  if (__any_sync(DEV_FULL_MASK, has >> 4)) {
    dist_t m2 = hop_claim_range(a, sk, has, x, nv, 4, HOP_IN);
    if (m2 > m) m = m2;
  }
  return m;
}

/* The tail pass: the edges past HOP_IN of each listed row. A warp takes a
 * row (warps in parallel: a level of rows of 10-100 edges costs one chain of
 * loads, not one per row); rows of more than HOP_TAIL_BLOCK tail edges are
 * listed again and then taken by the whole block, one after the other.
 * (The two loops differ only in who shares a row; written as one loop with
 * one claim site they measured slower on the H100: the loop kernel's
 * registers.) */
static __device__ __forceinline__ dist_t hop_tails(const bfs4k_args_t *a, const hop_sink_t *sk, unsigned nl,
                                                   const vid_t *lv, const dist_t *lval, unsigned short *lbig,
                                                   unsigned *nbig) {
  unsigned t = threadIdx.x, bd = blockDim.x, lane = t & 31;
  dist_t mx = -1;
  for (unsigned j = t / 32; j < nl; j += bd / 32) { /* warp-uniform: one row a warp */
    vid_t v = lv[j];
    eid_t b = a->offsets[v] + HOP_IN, e = a->offsets[v + 1];
    if (e - b > HOP_TAIL_BLOCK) {
      if (lane == 0) lbig[atomicAdd(nbig, 1u)] = (unsigned short)j;
      continue;
    }
    for (eid_t s0 = b; s0 < e; s0 += (eid_t)HOP_IN * 32) {
      unsigned has = 0;
      vid_t x[HOP_IN];
#pragma unroll
      for (int u = 0; u < HOP_IN; u++) {
        eid_t k = s0 + (eid_t)u * 32 + lane;
        x[u] = 0;
        if (k < e) {
          has |= 1u << u;
          x[u] = __ldg(&a->cols[k]);
        }
      }
      dist_t m = hop_claim(a, sk, has, x, lval[j] + 1);
      if (m > mx) mx = m;
    }
  }
  __syncthreads();
  unsigned nb = *nbig;
  for (unsigned i = 0; i < nb; i++) { /* the long rows: the whole block on each */
    unsigned j = lbig[i];
    vid_t v = lv[j];
    eid_t b = a->offsets[v] + HOP_IN, e = a->offsets[v + 1];
    for (eid_t s0 = b; s0 < e; s0 += (eid_t)HOP_IN * bd) {
      unsigned has = 0;
      vid_t x[HOP_IN];
#pragma unroll
      for (int u = 0; u < HOP_IN; u++) {
        eid_t k = s0 + (eid_t)u * bd + t;
        x[u] = 0;
        if (k < e) {
          has |= 1u << u;
          x[u] = __ldg(&a->cols[k]);
        }
      }
      dist_t m = hop_claim(a, sk, has, x, lval[j] + 1);
      if (m > mx) mx = m;
    }
  }
  __syncthreads();
  if (t == 0) *nbig = 0; /* the caller's barrier follows before the next tail pass */
  return mx;
}

/* Shared memory of the hop engine: two block queues of hopq entries, the
 * tail list, counters. The queues reuse the staging area (init sizes it). */
typedef struct {
  unsigned cnt[3], lcnt[3];
  int lo, hi, maxd;
  vid_t lv[HOP_LONG];
  dist_t lval[HOP_LONG];
  unsigned nbig;                /* NEW: rows of the tail pass for the whole block ... */
  unsigned short lbig[HOP_LONG]; /* ... their places in lv */
} hop_shared_t;
static __shared__ hop_shared_t hop_sh; /* one for both (single and multi-block hops) */

static __device__ hopq_t hop_queue(const bfs4k_args_t *a, int which) {
  extern __shared__ unsigned long long smem[];
  char *base = (char *)smem + HOP_OFF(a->hash) + (size_t)which * a->hopq * 40;
  hopq_t q;
  q.h = (uint4 *)base;
  q.v = (vid_t *)(base + (size_t)a->hopq * 32);
  q.val = (dist_t *)(base + (size_t)a->hopq * 36);
  return q;
}

/* One hop of a block: a thread per entry of [0, nin): below nin_s from the
 * block queue `in` (the head came with the entry), the rest from global gin
 * (same index; head and level loaded). Each round of blockDim entries ends
 * with a barrier; rows longer than HOP_IN were listed (at most blockDim a
 * round, so the list never overflows) and the whole block walks their tails
 * before the next round. At least one round, so at least one barrier. Every
 * thread of the block calls it; *rs counts rounds (the list's counter of
 * round r is lcnt[r % 3]). */
static __device__ __forceinline__ dist_t hop_expand(const bfs4k_args_t *a, const hop_sink_t *sk,
                                                    hop_shared_t *sh, unsigned *rs, hopq_t in,
                                                    unsigned nin_s, const vid_t *gin, unsigned nin,
                                                    unsigned long long *edges) {
  dist_t mx = -1;
  unsigned i0 = 0;
  do {
    unsigned i = i0 + threadIdx.x, deg = 0, has = 0, li = *rs % 3;
    vid_t x[HOP_IN];
    dist_t val = 0;
    uint4 w0 = make_uint4(0, 0, 0, 0), w1 = w0;
    if (i < nin_s) {
      w0 = in.h[2 * i];
      w1 = in.h[2 * i + 1];
      val = in.val[i];
      /* NEW (sbits): the level of a vertex the bitmap claimed is stored now, a
       * level late: its latency hides behind this level's head loads, where
       * a store at the claim would hold up the barrier */
      if (sk->bm) a->dist[in.v[i]] = val;
    } else if (i < nin) {
      vid_t v = __ldcg(&gin[i]);
      w0 = __ldg(&a->head[2 * (size_t)v]);
      w1 = __ldg(&a->head[2 * (size_t)v + 1]);
      val = __ldcg(&a->dist[v]);
    }
    deg = w0.x;
    x[0] = w0.y; x[1] = w0.z; x[2] = w0.w;
    x[3] = w1.x; x[4] = w1.y; x[5] = w1.z; x[6] = w1.w;
    has = deg >= HOP_IN ? (1u << HOP_IN) - 1 : (1u << deg) - 1;
    if (deg > HOP_IN) { /* a longer row: the tail pass below takes its edges past HOP_IN */
      unsigned p = atomicAdd(&sh->lcnt[li], 1u);
      sh->lv[p] = i < nin_s ? in.v[i] : __ldcg(&gin[i]);
      sh->lval[p] = val;
    }
    if (edges) *edges += deg;
    dist_t m = hop_claim(a, sk, has, x, val + 1);
    if (m > mx) mx = m;
    __syncthreads();
    unsigned nl = sh->lcnt[li];
    if (threadIdx.x == 0) sh->lcnt[li == 0 ? 2 : li - 1] = 0; /* round r + 2's: read a round ago */
    if (nl) {
      m = hop_tails(a, sk, nl, sh->lv, sh->lval, sh->lbig, &sh->nbig);
      if (m > mx) mx = m;
      __syncthreads();
    }
    (*rs)++;
    i0 += blockDim.x;
  } while (i0 < nin);
  return mx;
}

/* NEW (sbits): block 0's visited bitmap, after the two block queues: while
 * block 0 runs levels alone it is the only writer of dist, so "visited?" is
 * a bit in shared memory (a shared atomicOr, ~30 cycles on the H100) instead of
 * atomicMin on dist in the L2 (hundreds of cycles). Built from dist on entry: the
 * source alone at level 0, else every vertex with a level (n / 8 bytes of
 * shared memory, ~n * 4 bytes read once). The caller's barrier follows. */
static __device__ unsigned *hop_bits(const bfs4k_args_t *a, int level, int cur) {
  extern __shared__ unsigned long long smem[];
  unsigned *bm = (unsigned *)((char *)smem + HOP_OFF(a->hash) + (size_t)a->hopq * 80);
  unsigned t = threadIdx.x, bd = blockDim.x;
  if (level == 0) {
    vid_t src = __ldcg(&a->q[cur][0]);
    for (unsigned w = t; w < a->sbw; w += bd) bm[w] = w == src / 32 ? 1u << (src % 32) : 0;
    return bm;
  }
  for (unsigned w = t; w < a->sbw; w += bd) {
    unsigned b = 0;
    if (32 * (unsigned long long)w + 32 <= a->n) { /* eight 16-byte loads in flight */
      const int4 *p = (const int4 *)(a->dist + 32 * (size_t)w);
      int4 d[8];
#pragma unroll
      for (int k = 0; k < 8; k++) d[k] = __ldcg(p + k);
#pragma unroll
      for (int k = 0; k < 8; k++)
        b |= (unsigned)(d[k].x != DIST_INF) << (4 * k) | (unsigned)(d[k].y != DIST_INF) << (4 * k + 1) |
             (unsigned)(d[k].z != DIST_INF) << (4 * k + 2) | (unsigned)(d[k].w != DIST_INF) << (4 * k + 3);
    } else {
      for (unsigned k = 0; 32 * (unsigned long long)w + k < a->n; k++)
        b |= (unsigned)(__ldcg(&a->dist[32 * (size_t)w + k]) != DIST_INF) << k;
    }
    bm[w] = b;
  }
  return bm;
}

/* One hop with its barriers; returns the next level's entries (all of them,
 * also those past the block queue). */

static __device__ __forceinline__ unsigned hop_level(const bfs4k_args_t *a, hop_shared_t *sh,
                                                     const hop_sink_t *sk, hopq_t in, unsigned nin_s,
                                                     const vid_t *gin, unsigned nin, int h, unsigned *rs,
                                                     dist_t *mx, unsigned long long *edges) {
  dist_t m = hop_expand(a, sk, sh, rs, in, nin_s, gin, nin, edges);
  if (m > *mx) *mx = m;
  unsigned next = sh->cnt[h];
  if (threadIdx.x == 0) sh->cnt[h == 0 ? 2 : h - 1] = 0; /* hop h + 2's: every thread read it a hop ago */
  return next;
}

/* NEW: small frontiers: block 0 alone runs hops until the frontier passes
 * `single` entries (mode 0) or ends; exact levels, no grid barrier. The same
 * hand-over as bfs4k_single: q[cur] holds the frontier, ctl says where. */
static __device__ void bfs4k_hop_single(const bfs4k_args_t *a, int level, int cur,
                                        unsigned long long size) {
  hop_shared_t *sh = &hop_sh;
  unsigned rs = 0; /* rounds of hop_expand */
  unsigned t = threadIdx.x, bd = blockDim.x;
  if (t < 3) {
    sh->cnt[t] = 0;
    sh->lcnt[t] = 0;
  }
  if (t == 0) sh->nbig = 0;
  unsigned *bm = a->sbw ? hop_bits(a, level, cur) : NULL;
  __syncthreads();
  hopq_t qin = hop_queue(a, 0), qout = hop_queue(a, 1), qt;
  vid_t *gin = a->q[cur], *gout = a->q[cur ^ 1], *gt;
  int h = 0, levels = 0;
  unsigned nin = (unsigned)size, nin_s = 0; /* size <= n < 2^31 */
  unsigned long long pushes = 0;
  dist_t mx = -1;
  for (;;) {
    hop_sink_t sk = {qout, (unsigned)a->hopq, &sh->cnt[h], gout, NULL, HOP_SPILL, NULL, NULL, bm};
    unsigned long long edges = 0;
    unsigned next = hop_level(a, sh, &sk, qin, nin_s, gin, nin, h, &rs, &mx, a->trace ? &edges : NULL);
    if (next > a->cap) { /* exact levels have no duplicates: the level is too big */
      if (t == 0) {
        a->ctl->status = ST_TOOBIG;
        a->ctl->toobig = next;
      }
      next = 0;
    }
    if (a->trace && level < LV_CAP) {
      __shared__ unsigned long long s_e;
      if (t == 0) s_e = 0;
      __syncthreads();
      if (edges) atomicAdd(&s_e, edges);
      __syncthreads();
      if (t == 0) {
        bfs4k_lv_t r = {nin, s_e, 0, ~0ULL, MODE_HOP1, 8, 0, 0, DIR_TOPDOWN};
        a->lv[level] = r;
      }
    }
    pushes += next;
    levels++;
    level++;
    cur ^= 1;
    qt = qin; qin = qout; qout = qt;
    gt = gin; gin = gout; gout = gt;
    h = h == 2 ? 0 : h + 1;
    nin = next;
    nin_s = next < (unsigned)a->hopq ? next : (unsigned)a->hopq;
    if (nin == 0 || (a->mode != MODE_SINGLE && nin > a->single)) break;
  }
  /* hand over: the block queue's part of the frontier to q[cur] */
  for (unsigned i = t; i < nin_s; i += bd) {
    gin[i] = qin.v[i];
    if (bm) a->dist[qin.v[i]] = level; /* not expanded yet: its level now */
  }
  if (t == 0) bfs4k_hand_over(a, nin, level, cur, pushes, levels);
  __threadfence();
  __syncthreads();
}

/* Hop steps count in sets of their own (hcnt, plo, phi: step i in set i % 3),
 * so that a step of `hop` levels leaves the levels' sets (level % 3) in order:
 * thread 0 of block 0 zeroes hop set i + 1 while step i runs, and the level
 * set zn (the one the level after the step will use) when zn >= 0: the caller
 * passes -1 when some thread may still read it (it is the set of the level
 * just before the step) and zeroes it after the step's barrier instead. */
static __device__ void hop_zero_next(const bfs4k_args_t *a, int ci, int zn) {
  int z = ci == 2 ? 0 : ci + 1;
  a->ctl->hcnt[z] = 0;
  a->ctl->plo[z] = 0;
  a->ctl->phi[z] = 0;
  a->ctl->rebuild = 0;
  if (zn >= 0) bfs4k_zero_set(a, zn);
}

/* NEW: a multi-block hop step: block b takes its slice of q[cur] and runs
 * `hop` levels in shared memory; the last level's claims go to q[cur ^ 1].
 * Every block of the grid calls it; a grid.sync() follows. */
static __device__ void bfs4k_hop_multi(const bfs4k_args_t *a, int level, int cur, unsigned long long size,
                                       int ci, int zn) {
  hop_shared_t *sh = &hop_sh;
  unsigned rs = 0; /* rounds of hop_expand */
  unsigned t = threadIdx.x;
  if (t < 3) {
    sh->cnt[t] = 0;
    sh->lcnt[t] = 0;
  }
  if (t == 0) {
    sh->nbig = 0;
    sh->lo = DIST_INF;
    sh->hi = -1;
    sh->maxd = -1;
  }
  if (blockIdx.x == 0 && t == 0) hop_zero_next(a, ci, zn);
  __syncthreads();
  hopq_t qin = hop_queue(a, 0), qout = hop_queue(a, 1), qt;
  unsigned long long chunk = (size + gridDim.x - 1) / gridDim.x, start = blockIdx.x * chunk;
  unsigned nin = (unsigned)(start < size ? (size - start < chunk ? size - start : chunk) : 0), nin_s = 0;
  const vid_t *gin = a->q[cur] + start;
  int h = 0;
  dist_t mx = -1;
  for (int k = 1; k <= a->hop; k++) {
    hop_sink_t sk = {qout, (unsigned)a->hopq, &sh->cnt[h], a->q[cur ^ 1], &a->ctl->hcnt[ci],
                     k < a->hop ? HOP_MIXED : HOP_OUT, &sh->lo, &sh->hi, NULL};
    unsigned long long edges = 0;
    unsigned next = hop_level(a, sh, &sk, qin, nin_s, gin, nin, h, &rs, &mx, a->trace ? &edges : NULL);
    if (a->trace && level + k - 1 < LV_CAP) { /* frontier and edges of the level, summed over blocks */
      if (t == 0 && nin) atomicAdd(&a->lv[level + k - 1].frontier, (unsigned long long)nin);
      if (edges) atomicAdd(&a->lv[level + k - 1].edges, edges);
    }
    qt = qin; qin = qout; qout = qt;
    h = h == 2 ? 0 : h + 1;
    nin = next < (unsigned)a->hopq ? next : (unsigned)a->hopq; /* the rest went out (mixed) */
    nin_s = nin;
    gin = NULL;
    if (nin == 0) break;
  }
  if (mx >= 0) atomicMax(&sh->maxd, mx);
  __syncthreads();
  if (t == 0) {
    if (sh->maxd >= 0) atomicMax(&a->ctl->maxd, sh->maxd);
    if (sh->hi >= 0) {
      atomicMax(&a->ctl->plo[ci], DIST_INF - sh->lo);
      atomicMax(&a->ctl->phi[ci], sh->hi + 1);
    }
  }
}

/* init: the row heads (degree, first HOP_IN neighbours) of every vertex, and
 * from the same reads, when lh is set, the lean prologue's 16-byte heads: the
 * first 4 neighbours, LEAN_NONE where the row is shorter; a row of more than 4
 * keeps 3 and LEAN_MORE in word 3. */
static __global__ void bfs4k_head_kernel(const eid_t *off, const vid_t *cols, vid_t n, uint4 *head, uint4 *lh) {
  for (size_t v = blockIdx.x * (size_t)blockDim.x + threadIdx.x; v < n; v += (size_t)gridDim.x * blockDim.x) {
    eid_t b = off[v], d = off[v + 1] - b;
    unsigned w[8];
    w[0] = d > 0xffffffffULL ? 0xffffffffu : (unsigned)d;
    for (int r = 0; r < HOP_IN; r++) w[1 + r] = (eid_t)r < d ? cols[b + r] : 0;
    head[2 * v] = make_uint4(w[0], w[1], w[2], w[3]);
    head[2 * v + 1] = make_uint4(w[4], w[5], w[6], w[7]);
    if (lh) /* NEW (lean) */
      lh[v] = make_uint4(d > 0 ? w[1] : LEAN_NONE, d > 1 ? w[2] : LEAN_NONE, d > 2 ? w[3] : LEAN_NONE,
                         d > 4 ? LEAN_MORE : d > 3 ? w[4] : LEAN_NONE);
  }
}

/* One multi-block level: every block of the grid. */
static __device__ void bfs4k_multi(const bfs4k_args_t *a, int level, int cur,
                                   unsigned long long size, int cdp, int *vw_out, int *ed_out,
                                   int count) {
  extern __shared__ unsigned long long smem[];
  volatile unsigned long long *ht = a->hash ? smem : NULL;
  __shared__ unsigned long long s_cnt;
  if (threadIdx.x == 0) s_cnt = 0;
  if (blockIdx.x == 0 && threadIdx.x == 0) bfs4k_zero_next(a, level % 3);
  __syncthreads();
  int vw, ed;
  bfs4k_shape(a, size, a->res_mb, &vw, &ed);
  *vw_out = vw;
  *ed_out = ed;
  /* NEW: mstage=0: no block queue, each warp's pushes go straight to the global queue */
  bfs4k_sink_t sk = {(vid_t *)(smem + a->hash), a->mstage ? (unsigned long long)a->stage : 0, &s_cnt,
                     a->q[cur ^ 1], &a->ctl->cnt[level % 3], &a->ctl->hubs[level % 3],
                     &a->ctl->bigs[level % 3], 0};
  unsigned long long c[NS]; /* NEW: the frontier's out- and in-edges (zeroed only when used) */
  if (a->trace || count)
    for (int k = 0; k < NS; k++) c[k] = 0;
  unsigned long long warp = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32;
  unsigned long long nwarps = (unsigned long long)gridDim.x * blockDim.x / 32;
  bfs4k_expand(a, &sk, ht, NULL, 0, a->q[cur], size, level, vw, ed, cdp, warp, nwarps,
               a->trace || count ? &c[0] : NULL, count && !a->sym ? &c[1] : NULL);
  if (sk.sqcap) bfs4k_flush(a, &sk); /* NEW: nothing staged, nothing to flush */
  if (a->trace || count) {
    int z = level % 3;
    unsigned long long *const dst[NS] = {&a->ctl->edges[z], &a->ctl->fi[z], NULL, NULL, NULL, NULL};
    dobfs_block_sum(c, dst);
  }
}

/* The hub list of a multi-block level: a block on each hub of up to HUB_GRID
 * edges (blocks take hubs round robin), then the whole grid on each larger one. */
static __device__ void bfs4k_hub_pass(const bfs4k_args_t *a, int level, int cur,
                                      unsigned long long nh, unsigned long long nb) {
  extern __shared__ unsigned long long smem[];
  volatile unsigned long long *ht = a->hash ? smem : NULL;
  __shared__ unsigned long long s_cnt;
  if (threadIdx.x == 0) s_cnt = 0;
  __syncthreads();
  bfs4k_sink_t sk = {(vid_t *)(smem + a->hash), a->mstage ? (unsigned long long)a->stage : 0, &s_cnt,
                     a->q[cur ^ 1], &a->ctl->cnt[level % 3], NULL, NULL, 0};
  unsigned long long warp = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32;
  unsigned long long nwarps = (unsigned long long)gridDim.x * blockDim.x / 32;
  unsigned long long half = a->cap / 2;
  if (nh > half) nh = half;
  if (nb > a->cap - half) nb = a->cap - half;
  for (unsigned long long h = blockIdx.x; h < nh; h += gridDim.x) { /* edges counted when listed */
    vid_t u = __ldcg(&a->hubq[h]);
    eid_t beg = a->offsets[u];
    bfs4k_row(a, &sk, ht, level + 1, beg, a->offsets[u + 1] - beg, threadIdx.x / 32, blockDim.x / 32);
  }
  for (unsigned long long h = 0; h < nb; h++) {
    vid_t u = __ldcg(&a->hubq[half + h]);
    eid_t beg = a->offsets[u];
    bfs4k_row(a, &sk, ht, level + 1, beg, a->offsets[u + 1] - beg, warp, nwarps);
  }
  if (sk.sqcap) bfs4k_flush(a, &sk); /* NEW: nothing staged, nothing to flush */
}

/* NEW: the bottom-up step of level L (Beamer Alg. 3, the slides' Alg. 2) on
 * the whole grid. Lane l of a warp owns vertex u = 32 w + l of BU_K words w at
 * once. An unvisited u reads its in-neighbours until one is in the frontier
 * bitmap; then u joins level L + 1. No atomics on dist, no queue: the next
 * frontier is a bitmap written one word per warp. dist and the bitmap are read
 * through L2 (__ldcg): other SMs wrote them since the last grid.sync().
 * Why BU_K words a lane: the loop kernel has room for 512 threads an SM (its
 * registers), a quarter of a kernel of its own; each search is a chain of
 * dependent reads (dist, in_offsets, in_cols, bitmap), so a lane follows
 * BU_K chains side by side to keep as many reads in flight.
 * Long in-rows: a lane reads at most BU_LONG in-edges of its vertex; a search
 * still open then (a vertex of many in-edges and no parent yet, e.g. one that
 * is never reached) is finished by its whole warp, 32 x BU_K edges a round, so
 * no thread is left a 40,000-edge scan level after level. Warps stay
 * independent (no block barrier): a slow search holds up its own warp only. */
#define BU_K 4
#define BU_LONG 128
static __device__ void dobfs_bottomup(const bfs4k_args_t *a, int level, const unsigned *front,
                                      unsigned *next) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    bfs4k_zero_next(a, level % 3);
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
      st[k] = u < a->n && __ldcg(&a->dist[u]) == DIST_INF;
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
        eid_t x0 = __shfl_sync(DEV_FULL_MASK, e[k], src), x1 = __shfl_sync(DEV_FULL_MASK, end[k], src);
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
        a->dist[u] = level + 1; /* u's own thread: no race */
        c[0]++;
        c[1] += a->offsets[u + 1] - a->offsets[u];
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
  unsigned long long *const dst[NS] = {&a->ctl->cnt[z], &a->ctl->fo[z], &a->ctl->fin[z],
                                       &a->ctl->left[z], &a->ctl->left_in[z],
                                       a->trace ? &a->ctl->edges[z] : NULL};
  dobfs_block_sum(c, dst);
}

/* NEW: the scout (beamer, when its bound cannot decide): the out- and in-edges
 * of level L's queue entries, on the whole grid; the census adds the in-edges
 * of every unvisited vertex (one read of dist, like a bottom-up level's). */
static __device__ void dobfs_scout(const bfs4k_args_t *a, int level, const vid_t *q,
                                   unsigned long long size, int census) {
  unsigned long long c[NS] = {0, 0, 0, 0, 0, 0};
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  unsigned long long tid = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  for (unsigned long long i = tid; i < size; i += stride) {
    vid_t v = __ldcg(&q[i]);
    c[0] += a->offsets[v + 1] - a->offsets[v];
    if (!a->sym) c[1] += a->in_offsets[v + 1] - a->in_offsets[v];
  }
  if (census)
    for (unsigned long long v = tid; v < a->n; v += stride)
      if (__ldcg(&a->dist[v]) == DIST_INF) c[2] += a->in_offsets[v + 1] - a->in_offsets[v];
  int z = level % 3;
  unsigned long long *const dst[NS] = {&a->ctl->so[z], &a->ctl->si[z], &a->ctl->cen[z], NULL, NULL, NULL};
  dobfs_block_sum(c, dst);
}

/* NEW: queue -> bitmap at a switch to bottom-up. The queue may hold duplicates;
 * dist is exact, so the bitmap is built from dist: bit u of level L is
 * dist[u] == L. One word per warp. */
static __device__ void dobfs_to_bitmap(const bfs4k_args_t *a, int level, unsigned *bm) {
  unsigned lane = threadIdx.x & 31;
  unsigned long long warp = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32;
  unsigned long long nwarps = (unsigned long long)gridDim.x * blockDim.x / 32;
  for (unsigned long long w = warp; w < a->words; w += nwarps) {
    unsigned long long u = w * 32 + lane;
    unsigned ball = __ballot_sync(DEV_FULL_MASK, u < a->n && __ldcg(&a->dist[u]) == (dist_t)level);
    if (lane == 0) bm[w] = ball;
  }
}

/* NEW: bitmap -> queue at a switch back to top-down: every set bit becomes one
 * entry (no duplicates), one atomicAdd per warp with a set bit. */
static __device__ void dobfs_to_queue(const bfs4k_args_t *a, const unsigned *bm, vid_t *q) {
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
      if (g < a->cap) q[g] = (vid_t)(w * 32 + lane); /* size <= cap was checked */
    }
  }
}

/* NEW (loop=1): the whole BFS in one cooperative grid. Every thread keeps
 * level, cur, size and the rule's state in registers; all read the same
 * counters after each grid.sync(), so all choose the same direction, take the
 * same branches and reach the same barriers. */
static __device__ __forceinline__ void bfs4k_loop(const bfs4k_args_t &a, vid_t src, const int with_hop) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  int b0 = blockIdx.x == 0 && threadIdx.x == 0;
  if (b0 && !a.pro) {
    memset(a.ctl, 0, sizeof *a.ctl);
    a.q[0][0] = src;
  }
  grid.sync();
  int level = 0, cur = 0, mb_levels = 0;
  int bcur = 0, in_bitmap = 0, bu_levels = 0; /* NEW: where the frontier is */
  dobfs_rule_t rs = a.rs0;                    /* NEW */
  unsigned long long size = 1, pushes = 0;
  int hs = 0, mixed = 0, hop_end = 0, after_hop = 0; /* NEW (hop): hop steps, label-correcting */
  if (a.pro) { /* NEW (lean): from where the prologue stopped (size 0: it finished) */
    level = ((volatile bfs4k_ctl_t *)a.ctl)->level;
    cur = ((volatile bfs4k_ctl_t *)a.ctl)->cur;
    size = ld_volatile(&a.ctl->size);
    hop_rule(&a, &rs, size, level);
  }
  while (size) {
    /* NEW (-a): a level's time runs from here (choice, scout and conversions
     * included) to its last grid.sync(), before the trace's own counting */
    unsigned long long tl = a.trace && b0 ? dobfs_clock() : 0;
    hop_end = 0;
    /* NEW (hop): the hop engine takes the top-down levels the rule's floor
     * keeps top-down (and every level once a step went label-correcting) */
    int hop = with_hop && a.hop && !in_bitmap && (mixed || a.rule == RULE_TOPDOWN || (a.rule != RULE_BOTTOMUP && rs.nf <= a.nf_td));
    if (hop) {
      if (!mixed && (a.mode == MODE_SINGLE || (a.mode == MODE_SWITCH && size <= a.single))) {
        if (blockIdx.x == 0) bfs4k_hop_single(&a, level, cur, size); /* the others wait below */
        grid.sync();
        int l2 = ((volatile bfs4k_ctl_t *)a.ctl)->level;
        cur = ((volatile bfs4k_ctl_t *)a.ctl)->cur;
        size = ld_volatile(&a.ctl->size);
        hop_rule(&a, &rs, size, l2 - level);
        level = l2;
        after_hop = 0; /* the hand-over zeroed every set */
        if (size == 0) break;
        continue;
      }
      if (mixed || size <= a.hopmax) { /* `hop` levels, one grid barrier */
        int ci = hs % 3, zn = (level + a.hop) % 3;
        int late = !after_hop && zn == (level + 2) % 3; /* the previous level's set: read until the barrier */
        bfs4k_hop_multi(&a, level, cur, size, ci, late ? -1 : zn);
        grid.sync();
        hs++;
        unsigned long long next = ld_volatile(&a.ctl->hcnt[ci]);
        mixed = ((volatile bfs4k_ctl_t *)a.ctl)->mixed;
        if (next > a.cap) { /* overflow (a label-correcting step): rebuild from dist */
          dist_t lo = DIST_INF - ((volatile bfs4k_ctl_t *)a.ctl)->plo[ci];
          dist_t hi = ((volatile bfs4k_ctl_t *)a.ctl)->phi[ci] - 1;
          dev_rebuild(a.dist, a.n, lo, hi, a.q[cur ^ 1], a.cap, &a.ctl->rebuild);
          grid.sync();
          next = ld_volatile(&a.ctl->rebuild);
          if (b0) a.ctl->rebuilds++;
          if (next > a.cap) {
            if (b0) {
              a.ctl->status = ST_TOOBIG;
              a.ctl->toobig = next;
            }
            next = 0;
          }
          late = 1;
        }
        if (late) { /* now every thread has read it */
          if (b0) bfs4k_zero_set(&a, zn);
          grid.sync();
        }
        after_hop = 1;
        if (a.trace && b0)
          for (int k = 0; k < a.hop && level + k < LV_CAP; k++) a.lv[level + k].mode = MODE_HOPK;
        if (b0) {
          a.ctl->hop_steps++;
          a.ctl->hop_levels += a.hop;
        }
        pushes += next;
        hop_end = level + 1; /* if the BFS ends in this step: at least one more level */
        hop_rule(&a, &rs, next, a.hop);
        level += a.hop;
        cur ^= 1;
        size = next;
        if (size == 0) break;
        continue;
      }
    }
    after_hop = 0;
    int dir = dobfs_choose(&a, &rs, level); /* NEW: every thread, the same answer */
    if (dir == DIR_SCOUT || dir == DIR_CENSUS) { /* beamer's bound could not decide: sum the degrees */
      dobfs_scout(&a, level, a.q[cur], size, dir == DIR_CENSUS);
      grid.sync();
      dobfs_scouted(&a, &rs, dir == DIR_CENSUS, ld_volatile(&a.ctl->so[level % 3]),
                    ld_volatile(&a.ctl->si[level % 3]), ld_volatile(&a.ctl->cen[level % 3]));
      dir = dobfs_choose(&a, &rs, level);
    }
    if (dir == DIR_BOTTOMUP) { /* NEW: a bottom-up level */
      if (!in_bitmap) { /* switch point: queue -> bitmap */
        dobfs_to_bitmap(&a, level, a.bm[bcur]);
        in_bitmap = 1;
        grid.sync();
      }
      dobfs_bottomup(&a, level, a.bm[bcur], a.bm[bcur ^ 1]);
      grid.sync();
      int z = level % 3;
      unsigned long long found = ld_volatile(&a.ctl->cnt[z]);
      dobfs_bu_update(&a, &rs, found, ld_volatile(&a.ctl->fo[z]), ld_volatile(&a.ctl->fin[z]),
                      ld_volatile(&a.ctl->left[z]), ld_volatile(&a.ctl->left_in[z]));
      if (a.trace && b0) bfs4k_record(&a, level, size, MODE_MULTI, 0, 0, 0, DIR_BOTTOMUP, dobfs_clock() - tl);
      bu_levels++;
      level++;
      bcur ^= 1;
      size = found;
      if (size == 0) break;
      continue;
    }
    if (in_bitmap) { /* NEW: switch point: bitmap -> queue */
      if (size > a.cap) { /* every thread sees the same size */
        if (b0) {
          a.ctl->status = ST_TOOBIG;
          a.ctl->toobig = size;
        }
        break;
      }
      dobfs_to_queue(&a, a.bm[bcur], a.q[cur]);
      in_bitmap = 0;
      grid.sync();
    }
    int pending = 0;
    if (a.mode == MODE_SINGLE || (a.mode == MODE_SWITCH && size <= a.single)) {
      if (blockIdx.x == 0) bfs4k_single(&a, level, cur, size, rs); /* the others wait below */
      grid.sync();
      level = ((volatile bfs4k_ctl_t *)a.ctl)->level;
      cur = ((volatile bfs4k_ctl_t *)a.ctl)->cur;
      size = ld_volatile(&a.ctl->size);
      const volatile dobfs_rule_t *vr = &((volatile bfs4k_ctl_t *)a.ctl)->rs; /* NEW */
      rs.dir = vr->dir;
      rs.known = vr->known;
      rs.counting = vr->counting;
      rs.quiet = vr->quiet;
      rs.nf = vr->nf;
      rs.prev_nf = vr->prev_nf;
      rs.r = vr->r;
      rs.w = vr->w;
      rs.mf = vr->mf;
      rs.fi = vr->fi;
      pending = ((volatile bfs4k_ctl_t *)a.ctl)->pending;
      if (a.trace && b0) tl = ((volatile bfs4k_ctl_t *)a.ctl)->t_pending; /* it began in block 0 */
      if (!pending) {
        if (size == 0) break;
        continue;
      }
      /* NEW: level `level` has hubs: the grid's hub pass below finishes it */
    }
    int vw = 0, ed = 0;
    if (!pending) {
      bfs4k_multi(&a, level, cur, size, 0, &vw, &ed, rs.counting);
      grid.sync();
    }
    unsigned long long nh = ld_volatile(&a.ctl->hubs[level % 3]);
    unsigned long long nb = ld_volatile(&a.ctl->bigs[level % 3]);
    unsigned long long next = ld_volatile(&a.ctl->cnt[level % 3]);
    /* NEW: the frontier's in-edges (out-edges when symmetric), read with the
     * others: one L2 round trip a level, not two */
    unsigned long long fi = 0;
    if (rs.counting) fi = ld_volatile(a.sym ? &a.ctl->edges[level % 3] : &a.ctl->fi[level % 3]);
    if (nh || nb) {
      bfs4k_hub_pass(&a, level, cur, nh, nb);
      grid.sync();
      next = ld_volatile(&a.ctl->cnt[level % 3]);
    }
    if (next > a.cap) { /* overflow: rebuild the queue from dist (rare) */
      dev_rebuild(a.dist, a.n, level + 1, level + 1, a.q[cur ^ 1], a.cap, &a.ctl->rebuild);
      grid.sync();
      next = ld_volatile(&a.ctl->rebuild);
      if (b0) a.ctl->rebuilds++;
      if (next > a.cap) { /* more vertices than the queue holds: say so, stop */
        if (b0) {
          a.ctl->status = ST_TOOBIG;
          a.ctl->toobig = next;
        }
        next = 0;
      }
      grid.sync(); /* all have read it before the next level zeroes it */
    }
    if (a.trace) {
      unsigned long long ns = b0 ? dobfs_clock() - tl : 0;
      bfs4k_dups(&a, level + 1, a.q[cur ^ 1], next, &a.ctl->dups[level % 3]);
      grid.sync();
      if (b0) bfs4k_record(&a, level, size, pending ? MODE_SINGLE : MODE_MULTI, vw, ed, nh + nb, DIR_TOPDOWN, ns);
    }
    dobfs_td_update(&a, &rs, next, fi); /* NEW */
    pushes += next;
    mb_levels++;
    level++;
    cur ^= 1;
    size = next;
    if (size == 0) break;
  }
  if (hop_end) { /* NEW (hop): ended inside a hop step: its deepest level */
    int d = ((volatile bfs4k_ctl_t *)a.ctl)->maxd + 1;
    level = d > hop_end ? d : hop_end;
  }
  if (b0) {
    a.ctl->level = level;
    a.ctl->pushes += pushes;
    a.ctl->mb_levels += mb_levels;
    a.ctl->bu_levels += bu_levels;
  }
}

/* NEW (lean prologue, ours): the first levels of a sparse graph in a kernel of
 * their own. Block 0's levels are bound by the latency of their chain of
 * instructions (README, "The lean prologue"); inside the loop kernel they
 * share its 128 registers with every other path and spill. This kernel runs
 * one block with nothing else: the frontier and the heads in shared memory
 * (two queues of qc entries), the visited bitmap beside them, and per level
 * only what a level needs:
 *   warps without entries go straight to the barrier;
 *   each entry carries a 16-byte head (lhead, built with the hop engine's
 *   heads in bfs4k_head_kernel: up to 4 neighbours), so a
 *   claimed vertex costs one 16-byte load, not the hop engine's 32;
 *   four slots claimed with no branches (an empty slot ORs 0 into its
 *   lane's dummy word);
 *   the warp tests the queue's room once for all its pushes, not per slot;
 *   the level's dist stores wait a level (as with sbits);
 *   rows longer than 4 (LEAN_MORE in word 3): the warp walks each tail from
 *   its fourth edge, 32 edges a pass.
 * When a level outgrows qc (its extra pushes went to global q with their
 * levels) it hands the frontier to the loop kernel, which starts from there
 * (pro = 1); if the traversal ends first, the loop kernel finds size 0. */
#define LEAN_QMAX 4096 /* entries of each prologue queue (20 bytes each, both queues) */
#define LQH(k) (sm4 + (size_t)(k) * qc)
#define LQV(k) ((vid_t *)(sm4 + (size_t)2 * qc) + (size_t)(k) * qc)

/* Push the claimed x (head h) at position pos of the next level:
 * the shared queue below qc, global q beyond it (level stored now). */
static __device__ __forceinline__ void lean_put(const bfs4k_args_t &a, uint4 *sm4, unsigned qc, int out,
                                                unsigned pos, vid_t x, dist_t nv, uint4 h) {
  if (pos < qc) {
    LQH(out)[pos] = h;
    LQV(out)[pos] = x;
  } else {
    a.dist[x] = nv;
    if (pos < a.cap) a.q[out][pos] = x; /* past cap: counted, the level is too big (error) */
  }
}

static __device__ __forceinline__ unsigned lean_claim(const bfs4k_args_t &a, const uint4 *lhead, unsigned *bm,
                                                      uint4 *sm4, unsigned qc, int out, unsigned *cnt,
                                                      const vid_t x[4], dist_t nv, int ns) {
  unsigned lane = threadIdx.x & 31, lt = (1u << lane) - 1, imp = 0;
  unsigned *dummy = bm - 32 + lane;
#pragma unroll
  for (int u = 0; u < ns; u++) {
    bool ok = x[u] < LEAN_MORE;
    unsigned b = ok ? 1u << (x[u] & 31) : 0u;
    unsigned old = atomicOr(ok ? &bm[x[u] >> 5] : dummy, b);
    imp |= (unsigned)(ok && !(old & b)) << u;
  }
  uint4 h[4];
#pragma unroll
  for (int u = 0; u < ns; u++)
    if (imp >> u & 1) h[u] = lhead[x[u]]; /* one 16-byte load: the level's longest wait */
  unsigned c = __popc(imp); /* < 8: the warp's prefix sum from three ballots (as in hop_claim_range) */
  unsigned b0 = __ballot_sync(DEV_FULL_MASK, c & 1), b1 = __ballot_sync(DEV_FULL_MASK, c & 2),
           b2 = __ballot_sync(DEV_FULL_MASK, c & 4);
  unsigned tot = __popc(b0) + 2 * __popc(b1) + 4 * __popc(b2);
  if (tot == 0) return 0;
  unsigned wb = 0;
  if (lane == 0) wb = atomicAdd(cnt, tot);
  wb = __shfl_sync(DEV_FULL_MASK, wb, 0);
  unsigned base = wb + __popc(b0 & lt) + 2 * __popc(b1 & lt) + 4 * __popc(b2 & lt);
  if (wb + tot <= qc) { /* warp-uniform: all of the warp's pushes fit the shared queue */
#pragma unroll
    for (int u = 0; u < ns; u++)
      if (imp >> u & 1) { /* lean_put's shared branch written out: through a shared helper
                             the kernel compiled to 8 more instructions */
        LQH(out)[base] = h[u];
        LQV(out)[base] = x[u];
        base++;
      }
    return c;
  }
#pragma unroll
  for (int u = 0; u < ns; u++) /* the level outgrows qc: slot by slot */
    if (imp >> u & 1) lean_put(a, sm4, qc, out, base++, x[u], nv, h[u]);
  return c;
}

static __global__ void __launch_bounds__(512) bfs4k_lean_kernel(const __grid_constant__ bfs4k_args_t a,
                                                                vid_t src, unsigned qc) {
  extern __shared__ uint4 sm4[];
  unsigned *bm = (unsigned *)(sm4 + (size_t)2 * qc) + (size_t)2 * qc + 32; /* 32 dummy words first */
  __shared__ unsigned cnt[3];
  unsigned t = threadIdx.x, bd = blockDim.x;
  const uint4 *lhead = a.lhead;
  dist_t *dist = a.dist;
  /* opaque copies: kept in registers instead of re-read every level (S2R, LDC) */
  asm volatile("mov.u32 %0, %%tid.x;" : "=r"(t));
  asm volatile("mov.b64 %0, %1;" : "=l"(lhead) : "l"(lhead));
  asm volatile("mov.b64 %0, %1;" : "=l"(dist) : "l"(dist));
  unsigned lane = t & 31;
  for (unsigned w = t; w < (a.n + 31) / 32; w += bd) bm[w] = 0;
  if (t < 3) cnt[t] = 0;
  if (t == 0) memset(a.ctl, 0, sizeof *a.ctl);
  __syncthreads();
  if (t == 0) {
    bm[src >> 5] = 1u << (src & 31);
    LQH(0)[0] = lhead[src];
    LQV(0)[0] = src;
  }
  __syncthreads();
  int level = 0, in = 0, c = 0;
  unsigned long long pushes = 0;
  unsigned nin = 1;
  for (;;) {
    unsigned *cn = &cnt[c]; /* this level's pushes (zeroed two barriers ago) */
    for (unsigned i0 = t & ~31u; i0 < nin; i0 += bd) { /* warp-uniform: idle warps skip */
      unsigned i = i0 + lane;
      uint4 w = make_uint4(LEAN_NONE, LEAN_NONE, LEAN_NONE, LEAN_NONE);
      vid_t v = 0;
      if (i < nin) {
        w = LQH(in)[i];
        v = LQV(in)[i];
        dist[v] = level; /* a level late: behind this level's head loads */
      }
      vid_t x[4] = {w.x, w.y, w.z, w.w};
      pushes += lean_claim(a, lhead, bm, sm4, qc, in ^ 1, cn, x, level + 1, 4);
      /* rows longer than 4: the whole warp on each tail, 32 edges a pass */
      unsigned long_rows = __ballot_sync(DEV_FULL_MASK, w.w == LEAN_MORE);
      while (long_rows) {
        int r = __ffs(long_rows) - 1;
        long_rows &= long_rows - 1;
        vid_t u = __shfl_sync(DEV_FULL_MASK, v, r);
        eid_t e = a.offsets[u + 1];
        for (eid_t k0 = a.offsets[u] + 3; k0 < e; k0 += 32) {
          eid_t k = k0 + lane;
          vid_t xy[4] = {k < e ? __ldg(&a.cols[k]) : LEAN_NONE, LEAN_NONE, LEAN_NONE, LEAN_NONE};
          pushes += lean_claim(a, lhead, bm, sm4, qc, in ^ 1, cn, xy, level + 1, 1);
        }
      }
    }
    __syncthreads();
    unsigned next = *cn;
    if (t == 0) cnt[c == 0 ? 2 : c - 1] = 0; /* level + 2's: every thread read it a barrier ago */
    c = c == 2 ? 0 : c + 1;
    in ^= 1;
    level++;
    nin = next;
    if (nin == 0 || nin > qc || nin > a.cap) break;
  }
  __shared__ unsigned long long sp;
  if (t == 0) sp = 0;
  __syncthreads();
  atomicAdd(&sp, pushes);
  if (nin > a.cap) { /* exact levels have no duplicates: the level is too big */
    if (t == 0) {
      a.ctl->status = ST_TOOBIG;
      a.ctl->toobig = nin;
    }
    nin = 0;
  }
  /* hand over: the shared part of the frontier to q[in], with its level */
  for (unsigned i = t; i < nin && i < qc; i += bd) {
    vid_t v = LQV(in)[i];
    a.q[in][i] = v;
    dist[v] = level;
  }
  __syncthreads();
  if (t == 0) bfs4k_hand_over(&a, nin, level, in, sp, level);
}

/* Two builds of the loop: up to 512 threads a block the compiler may use 128
 * registers a thread (no spills); 1024-thread blocks allow 64.
 * NEW (hop): and each twice. The hop engine's state (row heads, two shared
 * queues) raises the register pressure of the whole kernel, bottom-up levels
 * included, although a graph with hop=0 never runs it; with_hop = 0 is a
 * constant the compiler folds, so those graphs get step 10's kernel. */
static __global__ void __launch_bounds__(1024) bfs4k_loop_kernel(const __grid_constant__ bfs4k_args_t a,
                                                                 vid_t src) {
  bfs4k_loop(a, src, 0);
}
static __global__ void __launch_bounds__(512) bfs4k_loop512_kernel(const __grid_constant__ bfs4k_args_t a,
                                                                   vid_t src) {
  bfs4k_loop(a, src, 0);
}
static __global__ void __launch_bounds__(1024) bfs4k_hop_loop_kernel(const __grid_constant__ bfs4k_args_t a,
                                                                     vid_t src) {
  bfs4k_loop(a, src, 1);
}
static __global__ void __launch_bounds__(512) bfs4k_hop_loop512_kernel(const __grid_constant__ bfs4k_args_t a,
                                                                       vid_t src) {
  bfs4k_loop(a, src, 1);
}

/* ---- loop=0: the same levels, one launch (and one readback) each ---------- */

static __global__ void __launch_bounds__(1024) bfs4k_single_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                                                   int cur, unsigned long long size,
                                                                   dobfs_rule_t rs) {
  bfs4k_single(&a, level, cur, size, rs);
}
static __global__ void __launch_bounds__(512) bfs4k_single512_kernel(const __grid_constant__ bfs4k_args_t a,
                                                                     int level, int cur,
                                                                     unsigned long long size,
                                                                     dobfs_rule_t rs) {
  bfs4k_single(&a, level, cur, size, rs);
}

/* NEW: the bottom-up level and the two conversions as kernels of their own */
static __global__ void dobfs_bottomup_kernel(const __grid_constant__ bfs4k_args_t a, int level, int bcur) {
  dobfs_bottomup(&a, level, a.bm[bcur], a.bm[bcur ^ 1]);
}

static __global__ void dobfs_scout_kernel(const __grid_constant__ bfs4k_args_t a, int level, int cur,
                                          unsigned long long size, int census) {
  dobfs_scout(&a, level, a.q[cur], size, census);
}

static __global__ void dobfs_to_bitmap_kernel(const __grid_constant__ bfs4k_args_t a, int level, int bcur) {
  dobfs_to_bitmap(&a, level, a.bm[bcur]);
}

static __global__ void dobfs_to_queue_kernel(const __grid_constant__ bfs4k_args_t a, int bcur, int cur) {
  dobfs_to_queue(&a, a.bm[bcur], a.q[cur]);
}

static __global__ void dobfs_record_bu_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                              unsigned long long size) {
  bfs4k_record(&a, level, size, MODE_MULTI, 0, 0, 0, DIR_BOTTOMUP, ~0ULL); /* loop=0: no time */
}

static __global__ void __launch_bounds__(1024) bfs4k_multi_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                                                  int cur, unsigned long long size,
                                                                  int count) {
  int vw, ed;
  bfs4k_multi(&a, level, cur, size, BFS4K_CDP, &vw, &ed, count);
}

static __global__ void __launch_bounds__(1024) bfs4k_hub_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                                                int cur, unsigned long long nh,
                                                                unsigned long long nb) {
  bfs4k_hub_pass(&a, level, cur, nh, nb);
}

static __global__ void bfs4k_rebuild_kernel(const __grid_constant__ bfs4k_args_t a, int level, int cur) {
  dev_rebuild(a.dist, a.n, level + 1, level + 1, a.q[cur ^ 1], a.cap, &a.ctl->rebuild);
}

static __global__ void bfs4k_dups_kernel(const __grid_constant__ bfs4k_args_t a, int level, int cur,
                                         unsigned long long next) {
  bfs4k_dups(&a, level + 1, a.q[cur ^ 1], next, &a.ctl->dups[level % 3]);
}

static __global__ void bfs4k_record_kernel(const __grid_constant__ bfs4k_args_t a, int level, unsigned long long size,
                                           int mode, int vw, int ed, unsigned long long nh) {
  bfs4k_record(&a, level, size, mode, vw, ed, nh, DIR_TOPDOWN, ~0ULL);
}

/* ---- host ------------------------------------------------------------------ */

typedef struct {
  dgraph_t g;
  launch_t lc;
  bfs4k_args_t a;
  size_t smem;
  int full;       /* resident blocks of the multi-block kernels at this block size */
  int grid_loop;  /* blocks of the cooperative grid (loop=1) */
  const void *loop_kernel, *single_kernel; /* the build for this block size */
  dev_rows_t rows; /* -a: the level rows */
  int pro;        /* NEW (lean): run the lean prologue first (untraced runs) */
  unsigned pro_qc; /* ... entries of each of its queues */
  size_t pro_smem;
  const eid_t *h_offsets, *h_in_offsets; /* NEW: host CSR and CSC offsets: the rule's level 0 */
  eid_t *h_in_offsets_own;      /* NEW: the transpose, built here (directed graphs only) */
  eid_t *d_in_offsets_own;
  vid_t *d_in_cols_own;
} bfs4k_state_t;

/* NEW: the transpose of a directed graph (CSC: in-edges of each vertex), built
 * on the host by the harness and uploaded (dev.cuh). Untimed (init); its time
 * is printed. */
static int dobfs_transpose(bfs4k_state_t *s, const graph_t *h) {
  double t0 = host_ms();
  if (dev_upload_in(h, &s->d_in_offsets_own, &s->d_in_cols_own, &s->h_in_offsets_own)) return fail_code();
  s->h_in_offsets = s->h_in_offsets_own;
  s->a.in_offsets = s->d_in_offsets_own;
  s->a.in_cols = s->d_in_cols_own;
  printf("Transpose: directed graph: CSC of %llu in-edges built on the host and uploaded in %.3f ms\n",
         (unsigned long long)h->m, host_ms() - t0);
  return 0;
}

/* NEW: the variants' choices for the knobs left at -1: bfs4k, the fastest
 * combination measured on the H100 (README); paper, the paper's own. */
static long bfs4k_var(const launch_t *lc, const char *name, long fast, long paper) {
  long v = launch_knob(lc, name);
  if (v != -1) return v;
  return lc->variant && strcmp(lc->variant, "paper") == 0 ? paper : fast;
}
#define KNOB_LOOP(lc) bfs4k_var(lc, "loop", 1, 0)
#define KNOB_ASSIGN(lc) bfs4k_var(lc, "assign", 2, 0)
#define KNOB_HASH(lc) bfs4k_var(lc, "hash", 0, 2048)

static int bfs4k_check_knobs(const launch_t *lc) {
  static const char *const bin[] = {"coalesce", "visit", "mstage"};
  for (int i = 0; i < 3; i++) {
    long v = launch_knob(lc, bin[i]);
    if (v < 0 || v > 1) return fail(EXIT_INPUT, "%s=%ld: 0 or 1", bin[i], v);
  }
  long loop = KNOB_LOOP(lc);
  if (loop < 0 || loop > 1) return fail(EXIT_INPUT, "loop=%ld: -1 (the variant's), 0 or 1", loop);
  long mode = launch_knob(lc, "mode"), k5 = launch_knob(lc, "k5"), scan = launch_knob(lc, "scan");
  long vw = launch_knob(lc, "vw"), vwmin = launch_knob(lc, "vwmin"), assign = KNOB_ASSIGN(lc);
  long k4 = launch_knob(lc, "k4"), dp = launch_knob(lc, "dp"), stage = launch_knob(lc, "stage");
  long hash = KNOB_HASH(lc), qcap = launch_knob(lc, "qcap");
  if (mode < 0 || mode > 2)
    return fail(EXIT_INPUT, "mode=%ld: 0 switch, 1 single-block only, 2 multi-block only", mode);
  if (k5 < 1 || k5 > 1 << 20) return fail(EXIT_INPUT, "k5=%ld: 1..1048576 (single-block threshold = block * k5)", k5);
  if (scan < 0 || scan > 2) return fail(EXIT_INPUT, "scan=%ld: 0 atomic per vertex, 1 prefix sum + ballot, 2 prefix sum", scan);
  if (vw < 0 || vw > 32 || (vw & (vw - 1)) != 0)
    return fail(EXIT_INPUT, "vw=%ld: the virtual warp size must be 0 (dynamic) or 1, 2, 4, 8, 16, 32", vw);
  if (vwmin < 1 || vwmin > 32 || (vwmin & (vwmin - 1)) != 0)
    return fail(EXIT_INPUT, "vwmin=%ld: 1, 2, 4, 8, 16 or 32", vwmin);
  if (assign < 0 || assign > 2)
    return fail(EXIT_INPUT, "assign=%ld: -1 (the variant's), 0 rule, 1 virtual warps, 2 edge-discover", assign);
  if (k4 < 0 || k4 > 1 << 20) return fail(EXIT_INPUT, "k4=%ld: 0..1048576", k4);
  if (dp < 0 || dp > INT32_MAX) return fail(EXIT_INPUT, "dp=%ld: 0 (off) or a degree threshold", dp);
  if (stage < 0 || stage > 1 << 16) return fail(EXIT_INPUT, "stage=%ld: 0..65536 entries of shared memory", stage);
  if (hash < 0 || hash > 1 << 14 || (hash & (hash - 1)) != 0)
    return fail(EXIT_INPUT, "hash=%ld: -1 (the variant's), 0 (off) or a power of two up to 16384 entries", hash);
  if (qcap < 0) return fail(EXIT_INPUT, "qcap=%ld: 0 (n entries) or positive", qcap);
  long hop = launch_knob(lc, "hop"), hopq = launch_knob(lc, "hopq"), hopmax = launch_knob(lc, "hopmax");
  if (hop < -1 || hop > HOP_MAX)
    return fail(EXIT_INPUT, "hop=%ld: -1 (auto), 0 (step 10's levels) or 1..%d levels per grid barrier", hop, HOP_MAX);
  if (hopq < 32 || hopq > 4096 || hopq % 32 != 0)
    return fail(EXIT_INPUT, "hopq=%ld: 32..4096, a multiple of 32 (entries of each block queue of the hop engine)", hopq);
  if (hopmax < 0 || hopmax > 1 << 20) return fail(EXIT_INPUT, "hopmax=%ld: 0..1048576 entries per block", hopmax);
  long leanq = launch_knob(lc, "leanq"), lean = launch_knob(lc, "lean");
  if (lean < 0 || lean > 1) return fail(EXIT_INPUT, "lean=%ld: 0 or 1", lean);
  if (leanq < 0 || leanq > LEAN_QMAX || leanq % 32 != 0)
    return fail(EXIT_INPUT, "leanq=%ld: 0 (as many as fit) or 32..%d, a multiple of 32", leanq, LEAN_QMAX);
  long sbits = launch_knob(lc, "sbits");
  if (sbits < 0 || sbits > 1 << 18) return fail(EXIT_INPUT, "sbits=%ld: 0 (off) .. 262144 bytes of shared memory", sbits);
  static const char *const rule[] = {"slides_pct", "alpha", "beta", "gamma"}; /* NEW */
  for (int i = 0; i < 4; i++) {
    long v = launch_knob(lc, rule[i]);
    if (v < 0) return fail(EXIT_INPUT, "%s=%ld: must be 0 or positive", rule[i], v);
  }
  return 0;
}

static void bfs4k_fini(void *state);

static int bfs4k_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (bfs4k_check_knobs(lc)) return fail_code();
  if (lc->block % 32 != 0)
    return fail(EXIT_INPUT, "block %d: step 13 needs whole warps (a multiple of 32 threads)", lc->block);
  const graph_t *h = (const graph_t *)g->host;
  if (!h) return fail(EXIT_INPUT, "this step needs the host graph (for the transpose)");
  bfs4k_state_t *s = (bfs4k_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->lc = *lc;
  bfs4k_args_t *a = &s->a;
  a->offsets = g->offsets;
  a->cols = g->cols;
  a->n = g->n;
  a->loop = (int)KNOB_LOOP(lc);
  a->mode = (int)launch_knob(lc, "mode");
  a->scan = (int)launch_knob(lc, "scan");
  a->coalesce = (int)launch_knob(lc, "coalesce");
  a->stage = (int)launch_knob(lc, "stage");
  a->hash = (int)KNOB_HASH(lc);
  a->hmask = a->hash ? (unsigned)a->hash - 1 : 0;
  a->vw = (int)launch_knob(lc, "vw");
  a->vwmin = (int)launch_knob(lc, "vwmin");
  a->assign = (int)KNOB_ASSIGN(lc);
  a->k4 = (int)launch_knob(lc, "k4");
  a->dp = (int)launch_knob(lc, "dp");
  a->visit = (int)launch_knob(lc, "visit");
  a->mstage = (int)launch_knob(lc, "mstage");
  /* NEW: the variant is the rule */
  const char *var = lc->variant;
  a->rule = strcmp(var, "slides") == 0     ? RULE_SLIDES
            : strcmp(var, "topdown") == 0  ? RULE_TOPDOWN
            : strcmp(var, "bottomup") == 0 ? RULE_BOTTOMUP
                                           : RULE_BEAMER;
  a->count = a->rule == RULE_BEAMER; /* only beamer needs the degrees of what top-down finds */
  a->alpha = (double)launch_knob(lc, "alpha");
  a->beta = (double)launch_knob(lc, "beta");
  a->gamma = (double)launch_knob(lc, "gamma");
  a->slides_pct = (double)launch_knob(lc, "slides_pct");
  a->avg_deg = g->n ? (double)g->m / (double)g->n : 0;
  a->words = ((unsigned long long)g->n + 31) / 32;
  a->single = (unsigned long long)lc->block * (unsigned long long)launch_knob(lc, "k5");
  long qcap = launch_knob(lc, "qcap");
  a->cap = qcap > 0 ? (unsigned long long)qcap : (unsigned long long)g->n;
  if (a->cap < 1) a->cap = 1;
  /* NEW: the hop engine, auto (-1): many levels per barrier on sparse graphs,
   * where levels are many and thin; none on dense ones, whose few small
   * levels step 10 runs faster (its single-block levels hand hubs to the
   * grid; after a hop step beamer must count afresh). The host loop (loop=0)
   * runs step 10's levels. */
  long hop = launch_knob(lc, "hop");
  if (hop == -1)
    hop = (double)g->m < HOP_ROAD_DEG * (double)g->n     ? HOP_AUTO
          : (double)g->m < HOP_SPARSE_DEG * (double)g->n ? HOP_AUTO_MESH
                                                          : 0;
  a->hop = a->loop ? (int)hop : 0;
  /* NEW (hop): a top-down level inside the hop engine costs a hop-th of a grid
   * barrier, so a bottom-up level must save hop times as much: the floor rises
   * to m_f > n * hop / gamma (and with it nf_td, the levels the engine takes) */
  if (a->hop > 1 && a->gamma > 0) a->gamma /= a->hop;
  a->hopq = (int)launch_knob(lc, "hopq");
  /* shared memory: the hash table (8-byte entries) then the staging area,
   * or the hop engine's two block queues (40 bytes an entry) in its place */
  s->smem = (size_t)a->hash * 8 + (size_t)a->stage * sizeof(vid_t);
  if (a->hop && HOP_OFF(a->hash) + (size_t)a->hopq * 80 > s->smem) s->smem = HOP_OFF(a->hash) + (size_t)a->hopq * 80;
  /* NEW (sbits): block 0's visited bitmap after the hop queues, if it fits in
   * sbits bytes; dropped below if it would cost the grid a block per SM */
  size_t smem_nobits = s->smem, sb_bytes = ((size_t)a->n + 31) / 32 * 4;
  if (a->hop && sb_bytes <= (size_t)launch_knob(lc, "sbits")) {
    a->sbw = (unsigned)(sb_bytes / 4);
    if (HOP_OFF(a->hash) + (size_t)a->hopq * 80 + sb_bytes > s->smem)
      s->smem = HOP_OFF(a->hash) + (size_t)a->hopq * 80 + sb_bytes;
  }
  int dev = 0, smem_max = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&smem_max, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  if (a->sbw && s->smem + 256 > (size_t)smem_max) { /* the bitmap does not fit: go without */
    a->sbw = 0;
    s->smem = smem_nobits;
  }
  if (s->smem + 256 > (size_t)smem_max) {
    size_t need = s->smem;
    int h = a->hash, st = a->stage;
    free(s);
    return fail(EXIT_INPUT, "hash=%d and stage=%d need %zu bytes of shared memory per block; "
                "this GPU has %d", h, st, need, smem_max);
  }
  if (a->hop) /* NEW (hop): the build with the hop engine only where it runs */
    s->loop_kernel = lc->block <= 512 ? (const void *)bfs4k_hop_loop512_kernel : (const void *)bfs4k_hop_loop_kernel;
  else
    s->loop_kernel = lc->block <= 512 ? (const void *)bfs4k_loop512_kernel : (const void *)bfs4k_loop_kernel;
  s->single_kernel = lc->block <= 512 ? (const void *)bfs4k_single512_kernel : (const void *)bfs4k_single_kernel;
  const void *kernels[] = {(const void *)bfs4k_loop_kernel, (const void *)bfs4k_single_kernel,
                           (const void *)bfs4k_multi_kernel, (const void *)bfs4k_hub_kernel,
                           (const void *)bfs4k_loop512_kernel, (const void *)bfs4k_single512_kernel,
                           (const void *)bfs4k_hop_loop_kernel, (const void *)bfs4k_hop_loop512_kernel};
  for (int i = 0; i < 8; i++)
    CUDA_CHECK(cudaFuncSetAttribute(kernels[i], cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    (int)s->smem));
  /* NEW: the cooperative grid holds at most the resident blocks; -x caps it further */
  s->grid_loop = dev_coop_grid(s->loop_kernel, lc->block, s->smem, lc->sm_count, lc->grid, &s->full);
  if (a->sbw) { /* NEW (sbits): the bitmap would shrink the grid: go without */
    int full0 = 0, grid0 = dev_coop_grid(s->loop_kernel, lc->block, smem_nobits, lc->sm_count, lc->grid, &full0);
    if (full0 > s->full) {
      a->sbw = 0;
      s->smem = smem_nobits;
      s->full = full0;
      s->grid_loop = grid0;
    }
  }
  a->hopmax = (unsigned long long)s->grid_loop * (unsigned long long)launch_knob(lc, "hopmax");
  if (s->full < 1) {
    size_t need = s->smem;
    free(s);
    return fail(EXIT_INPUT, "block %d with %zu bytes of shared memory: not one block fits on an SM",
                lc->block, need);
  }
  if (a->loop && !s->grid_loop) {
    free(s);
    return fail(EXIT_INPUT, "this GPU cannot launch cooperative grids: run with -K loop=0");
  }
  a->res_mb = (unsigned)((a->loop ? s->grid_loop : (lc->grid > 0 ? lc->grid : s->full)) * lc->block);
  a->q[0] = (vid_t *)gpu_alloc(a->cap * sizeof(vid_t), "frontier queue 0");
  a->q[1] = (vid_t *)gpu_alloc(a->cap * sizeof(vid_t), "frontier queue 1");
  a->hubq = (vid_t *)gpu_alloc(a->cap * sizeof(vid_t), "hub list");
  a->ctl = (bfs4k_ctl_t *)gpu_alloc(sizeof(bfs4k_ctl_t), "loop state");
  if (a->dp > 0) { /* NEW: the hub claims (epoch 0 never matches a run's tag) */
    a->hubw = (unsigned long long *)gpu_alloc((size_t)(a->n ? a->n : 1) * 8, "hub claims");
    CUDA_CHECK(cudaMemset(a->hubw, 0, (size_t)(a->n ? a->n : 1) * 8));
  }
  /* NEW (lean prologue): sparse graphs (mean degree < HOP_ROAD_DEG: roads, grids)
   * whose bitmap and two queues of at least 256 entries fit in shared memory */
  if (a->loop && a->hop && launch_knob(lc, "lean") && a->mode != MODE_MULTI && lc->block <= 512 &&
      a->rule != RULE_BOTTOMUP && (double)g->m < HOP_ROAD_DEG * (double)g->n && a->n < LEAN_MORE) {
    size_t fixed = sb_bytes + 128 + 256; /* bitmap, dummy words, the runtime's reserve */
    size_t qc = fixed < (size_t)smem_max ? ((size_t)smem_max - fixed) / 40 / 32 * 32 : 0;
    size_t leanq = (size_t)launch_knob(lc, "leanq");
    if (qc >= 256) {
      if (qc > LEAN_QMAX) qc = LEAN_QMAX;
      if (leanq && leanq < qc) qc = leanq;
      s->pro = 1;
      s->pro_qc = (unsigned)qc;
      s->pro_smem = (size_t)s->pro_qc * 40 + 128 + sb_bytes;
      CUDA_CHECK(cudaFuncSetAttribute(bfs4k_lean_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                      (int)s->pro_smem));
    }
  }
  if (a->hop) { /* NEW (hop): the row heads, 32 bytes a vertex (and the prologue's 16, s->pro implies hop) */
    uint4 *head = (uint4 *)gpu_alloc((size_t)(a->n ? a->n : 1) * 2 * sizeof(uint4), "row heads (hop)");
    uint4 *lh = s->pro ? (uint4 *)gpu_alloc((size_t)(a->n ? a->n : 1) * sizeof(uint4), "row heads (lean)") : NULL;
    if (a->n) {
      bfs4k_head_kernel<<<s->full, lc->block>>>(g->offsets, g->cols, a->n, head, lh);
      LAUNCH_CHECK();
      CUDA_CHECK(cudaDeviceSynchronize());
    }
    a->head = head;
    a->lhead = lh;
  }
  /* NEW: the frontier bitmaps, one bit per vertex */
  size_t bm_bytes = (size_t)(a->words ? a->words : 1) * sizeof(unsigned);
  a->bm[0] = (unsigned *)gpu_alloc(bm_bytes, "frontier bitmap 0");
  a->bm[1] = (unsigned *)gpu_alloc(bm_bytes, "frontier bitmap 1");
  /* NEW: in-edges. A symmetric graph is its own transpose. */
  s->h_offsets = h->offsets;
  a->sym = h->symmetric;
  if (h->symmetric) {
    a->in_offsets = g->offsets;
    a->in_cols = g->cols;
    s->h_in_offsets = h->offsets;
    printf("Transpose: symmetric graph: the CSR is its own transpose (nothing built)\n");
  } else if (dobfs_transpose(s, h)) {
    int rc = fail_code();
    bfs4k_fini(s);
    return rc;
  }
  for (vid_t v = 0; v < h->n; v++) { /* NEW: the largest degrees, for beamer's bound */
    unsigned long long o = s->h_offsets[v + 1] - s->h_offsets[v];
    unsigned long long i = s->h_in_offsets[v + 1] - s->h_in_offsets[v];
    if (o > a->maxout) a->maxout = o;
    if (i > a->maxin) a->maxin = i;
  }
  double fl = (double)a->maxout * a->gamma; /* nf_td = floor(n / (maxout * gamma)); 0: no shortcut */
  a->nf_td = a->gamma == 0 ? 0 : fl == 0 ? ~0ULL : (unsigned long long)((double)g->n / fl);
#if BFS4K_CDP
  if (a->dp > 0 && !a->loop) {
    /* room for a level's child launches; a refused one goes to the hub list */
    cudaError_t e = cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 2 * CHILD_MAX);
    if (e != cudaSuccess) (void)cudaGetLastError();
  }
#endif
  *state = s;
  return 0;
}

static int bfs4k_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  bfs4k_state_t *s = (bfs4k_state_t *)state;
  bfs4k_args_t a = s->a;
  a.dist = d_dist;
  a.trace = st->trace != NULL;
  a.epoch = ++s->a.epoch;
  if (a.trace) {
    /* -a only: marks for the duplicate count and the level rows (untraced runs allocate nothing) */
    if (!s->a.mark) s->a.mark = (int *)gpu_alloc((size_t)(a.n ? a.n : 1) * sizeof(int), "duplicate marks (-a)");
    dev_rows_open(&s->rows, sizeof(bfs4k_lv_t), LV_CAP, "level rows (-a)");
    a.mark = s->a.mark;
    a.lv = (bfs4k_lv_t *)s->rows.d;
    CUDA_CHECK(cudaMemset(a.mark, 0xff, (size_t)(a.n ? a.n : 1) * sizeof(int)));
  }
  /* NEW: the rule's state before level 0 (the source alone), from the host graph */
  a.rs0.dir = DIR_TOPDOWN;
  a.rs0.known = 1;
  a.rs0.counting = a.count; /* beamer: w = m is exact */
  a.rs0.quiet = 0;
  a.rs0.nf = 1;
  a.rs0.prev_nf = 0;
  a.rs0.r = (unsigned long long)a.n - 1;
  a.rs0.w = (unsigned long long)s->g.m; /* everything unvisited but the source */
  a.rs0.mf = (unsigned long long)(s->h_offsets[src + 1] - s->h_offsets[src]);
  a.rs0.fi = (unsigned long long)(s->h_in_offsets[src + 1] - s->h_in_offsets[src]);
  int block = s->lc.block;
  bfs4k_ctl_t c;
  memset(&c, 0, sizeof c);
  if (a.loop) {
    /* NEW (lean): the prologue's levels first, in the same stream */
    a.pro = s->pro && !a.trace;
    if (a.pro) {
      bfs4k_lean_kernel<<<1, block, s->pro_smem>>>(a, src, s->pro_qc);
      LAUNCH_CHECK();
      /* NEW (lean): the prologue's state; if it finished the traversal (a road
       * network), the grid is not launched: the loop kernel would find size 0 */
      CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
    }
    if (!a.pro || c.size) {
      /* NEW: one launch for the whole traversal, no readback until the end */
      void *args[] = {&a, &src};
      CUDA_CHECK(cudaLaunchCooperativeKernel(s->loop_kernel, dim3(s->grid_loop),
                                             dim3(block), args, s->smem, 0));
      LAUNCH_CHECK();
      CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
    }
  } else {
    /* the host's loop reads back what it needs to go on (the level's counters,
     * one copy a kernel) and writes nothing back; its tallies stay here */
    CUDA_CHECK(cudaMemset(a.ctl, 0, sizeof(bfs4k_ctl_t)));
    CUDA_CHECK(cudaMemcpy(a.q[0], &src, sizeof src, cudaMemcpyHostToDevice));
    int level = 0, cur = 0, mb_levels = 0, rebuilds = 0, status = ST_OK;
    unsigned long long size = 1, pushes = 0, toobig = 0;
    int bcur = 0, in_bitmap = 0, bu_levels = 0; /* NEW */
    dobfs_rule_t rs = a.rs0;                    /* NEW: the same rule, on the host */
    while (size > 0) {
      int dir = dobfs_choose(&a, &rs, level); /* NEW */
      if (dir == DIR_SCOUT || dir == DIR_CENSUS) {
        dobfs_scout_kernel<<<s->full, block>>>(a, level, cur, size, dir == DIR_CENSUS);
        LAUNCH_CHECK();
        CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
        dobfs_scouted(&a, &rs, dir == DIR_CENSUS, c.so[level % 3], c.si[level % 3], c.cen[level % 3]);
        dir = dobfs_choose(&a, &rs, level);
      }
      if (dir == DIR_BOTTOMUP) { /* NEW: a bottom-up level */
        if (!in_bitmap) {
          dobfs_to_bitmap_kernel<<<s->full, block>>>(a, level, bcur);
          LAUNCH_CHECK();
          in_bitmap = 1;
        }
        dobfs_bottomup_kernel<<<s->full, block>>>(a, level, bcur);
        LAUNCH_CHECK();
        if (a.trace) {
          dobfs_record_bu_kernel<<<1, 1>>>(a, level, size);
          LAUNCH_CHECK();
        }
        CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
        int z = level % 3;
        dobfs_bu_update(&a, &rs, c.cnt[z], c.fo[z], c.fin[z], c.left[z], c.left_in[z]);
        bu_levels++;
        size = c.cnt[z];
        level++;
        bcur ^= 1;
        continue;
      }
      if (in_bitmap) { /* NEW: switch point: bitmap -> queue */
        if (size > a.cap) {
          status = ST_TOOBIG;
          toobig = size;
          break;
        }
        dobfs_to_queue_kernel<<<s->full, block>>>(a, bcur, cur);
        LAUNCH_CHECK();
        in_bitmap = 0;
      }
      int pending = 0;
      if (a.mode == MODE_SINGLE || (a.mode == MODE_SWITCH && size <= a.single)) {
        void *sargs[] = {&a, &level, &cur, &size, &rs};
        CUDA_CHECK(cudaLaunchKernel(s->single_kernel, dim3(1), dim3(block), sargs, s->smem, 0));
        LAUNCH_CHECK();
        CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
        level = c.level;
        cur = c.cur;
        size = c.size;
        rs = c.rs; /* NEW */
        if (c.status) break;
        if (!c.pending) continue;
        pending = 1; /* NEW: the hub kernel below finishes the level */
      }
      int vw = 0, ed = 0;
      if (!pending) {
        bfs4k_shape(&a, size, a.res_mb, &vw, &ed);
        unsigned long long B = ed ? 32 : 32 / (unsigned)vw;
        unsigned long long warps = (size + B - 1) / B;
        unsigned long long gb = (warps * 32 + block - 1) / block;
        int grid = s->lc.grid > 0 ? s->lc.grid : (int)(gb < (unsigned long long)s->full ? gb : s->full);
        bfs4k_multi_kernel<<<grid, block, s->smem>>>(a, level, cur, size, rs.counting);
        LAUNCH_CHECK();
        CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
      }
      unsigned long long nh = c.hubs[level % 3], nb = c.bigs[level % 3];
      if (nh || nb) { /* hubs past CHILD_MAX or refused a launch, or the no-CDP build's hubs */
        bfs4k_hub_kernel<<<s->lc.grid > 0 ? s->lc.grid : s->full, block, s->smem>>>(a, level, cur, nh, nb);
        LAUNCH_CHECK();
        CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
      }
      unsigned long long next = c.cnt[level % 3];
      if (next > a.cap) {
        bfs4k_rebuild_kernel<<<s->full, block>>>(a, level, cur);
        LAUNCH_CHECK();
        CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
        next = c.rebuild;
        rebuilds++;
        if (next > a.cap) {
          status = ST_TOOBIG;
          toobig = next;
          level++;
          break;
        }
      }
      if (a.trace) {
        bfs4k_dups_kernel<<<s->full, block>>>(a, level, cur, next);
        LAUNCH_CHECK();
        bfs4k_record_kernel<<<1, 1>>>(a, level, size, pending ? MODE_SINGLE : MODE_MULTI, vw, ed, nh + nb);
        LAUNCH_CHECK();
      }
      dobfs_td_update(&a, &rs, next, a.sym ? c.edges[level % 3] : c.fi[level % 3]); /* NEW */
      pushes += next;
      mb_levels++;
      level++;
      cur ^= 1;
      size = next;
    }
    /* the device's own tallies (single-block levels, child grids) once, at the end */
    CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
    if (!c.status) {
      c.status = status;
      c.toobig = toobig;
      c.level = level;
    }
    c.pushes += pushes;
    c.mb_levels += mb_levels;
    c.rebuilds += rebuilds;
    c.bu_levels += bu_levels;
  }
  if (c.status == ST_TOOBIG)
    return fail(EXIT_INPUT, "a level from source %" PRIvid " has %llu vertices, more than the %llu "
                "entries of each queue (-K qcap)", src, c.toobig, a.cap);
  st->levels = c.level;
  st->pushes = (long long)c.pushes;
  st->duplicates = -1;
  if (a.trace) {
    int nl = 0;
    bfs4k_lv_t *h = (bfs4k_lv_t *)dev_rows_fetch(&s->rows, c.level, &nl);
    if (!h) return fail_code();
    long long dups = 0, edges = 0;
    double ms_sum = 0;
    for (int l = 0; l < nl; l++) {
      /* NEW: the level's time (ms), -1 where not measured (loop=0's multi-block levels) */
      float ms = h[l].ns == ~0ULL ? -1.0f : (float)(h[l].ns / 1e6);
      if (ms >= 0) ms_sum += ms;
      step_trace(st, l, (long long)h[l].frontier, (long long)h[l].edges, (long long)h[l].dups, ms);
      dups += (long long)h[l].dups;
      edges += (long long)h[l].edges;
      /* greppable per-level lines for the lesson's trace figure */
      printf("Level: %d %s frontier=%llu dups=%llu edges=%llu vw=%d %s hubs=%d us=%.2f\n", l,
             h[l].dir == DIR_BOTTOMUP ? "bottom-up" : h[l].mode == MODE_SINGLE ? "single"
                                        : h[l].mode == MODE_HOP1 ? "hop1" : h[l].mode == MODE_HOPK ? "hopk" : "multi",
             h[l].frontier, h[l].dups, h[l].edges, h[l].vw, h[l].ed ? "edge-discover" : "vwarp", h[l].hubs,
             ms * 1e3);
    }
    printf("Levels: %.3f ms in the levels' own times (handovers and the trace's counting not in it)\n",
           ms_sum);
    for (int l = 0; l < nl; l++) /* NEW: the direction of every level */
      printf("Direction: level %d %s\n", l, h[l].dir == DIR_BOTTOMUP ? "bottom-up" : "top-down");
    st->duplicates = dups;
    st->edges_inspected = edges;
    free(h);
  }
  if (getenv("BFS4K_VERBOSE"))
    fprintf(stderr, "dobfs: %d levels: %d single-block, %d multi-block top-down, %d bottom-up, %d in %d hop "
            "steps%s; %llu child grids, %llu refused; %d queue rebuilds; grid %d x %d\n", c.level,
            c.sb_levels, c.mb_levels, c.bu_levels, c.hop_levels, c.hop_steps, c.mixed ? " (label-correcting)" : "",
            c.children, c.child_fail, c.rebuilds, a.loop ? s->grid_loop : s->full, block);
  return 0;
}

static void bfs4k_fini(void *state) {
  bfs4k_state_t *s = (bfs4k_state_t *)state;
  gpu_free(s->a.q[0]);
  gpu_free(s->a.q[1]);
  gpu_free(s->a.hubq);
  gpu_free(s->a.ctl);
  gpu_free(s->a.hubw);
  gpu_free(s->a.mark);
  dev_rows_free(&s->rows);
  gpu_free((void *)s->a.head); /* NEW (hop) */
  gpu_free((void *)s->a.lhead); /* NEW (lean) */
  gpu_free(s->a.bm[0]);
  gpu_free(s->a.bm[1]);
  gpu_free(s->d_in_offsets_own);
  gpu_free(s->d_in_cols_own);
  free(s->h_in_offsets_own);
  free(s);
}

/* NEW: the variant is the rule; topdown (08's levels) and bottomup are the
 * ablation. Beamer's rule is the default: the slides' rule uses the average
 * degree, and a Kronecker graph's early frontiers hold the hubs (README). */
static const char *const bfs4k_variants[] = {"beamer", "slides", "topdown", "bottomup", NULL};

static const knob_def_t bfs4k_knobs[] = {
    {"loop", -1, "level loop: 1 one cooperative grid (grid.sync), 0 the host (a launch and readback per level); -1: 1"},
    {"mode", 0, "0 single-block levels while |F| <= block * k5, else multi-block; 1 single-block only; 2 multi-block only"},
    {"k5", 1, "single-block threshold: frontier entries per thread of the block (paper K5)"},
    {"scan", 1, "allocation: 1 warp prefix sum (ballot/popc when binary) + block level, 2 prefix sum always, 0 one atomic per vertex"},
    {"vw", 0, "virtual warp size: 0 dynamic (resident threads / |F|, in [vwmin, 32]), or 1..32 fixed"},
    {"vwmin", 4, "smallest dynamic virtual warp (paper K1)"},
    {"assign", -1, "2 edge-discover always; 0 the paper's rule: edge-discover when |F| * k4 < resident threads, else virtual warps; 1 virtual warps; -1: 2"},
    {"k4", 1, "edge-discover rule (paper K4)"},
    {"dp", 128, "hubs: out-degree > dp goes to a child grid (loop=0, CDP2, at most 1024 a level) or the grid-wide hub pass; 0 off (08: 1024; 128 measured faster here)"},
    {"coalesce", 1, "1 coalesced entry reads (shuffled to virtual warps) and induced-coalescence writes; 0 off"},
    {"stage", 4096, "shared-memory staging entries: block queue (multi-block, with mstage=1), two frontier queues (single-block); 0 off"},
    {"mstage", 0, "multi-block levels: 0 each warp pushes straight to the global queue, 1 through the block queue in shared memory (08's way; 0 measured faster here)"},
    {"hash", -1, "duplicate-detection hash table entries per block (64-bit, shared memory); 0 off; -1: 0"},
    {"visit", 0, "0 benign-race visit (load, store), 1 atomicCAS (no duplicates; not in the paper)"},
    {"qcap", 0, "entries of each queue (0: n); small values test the overflow rebuild"},
    {"alpha", 15, "beamer: top-down -> bottom-up when alpha*m_f > m_u (0: never)"},
    {"beta", 18, "beamer: bottom-up -> top-down when the frontier shrinks and beta*n_f <= n (huge: never)"},
    {"gamma", 8, "both rules: bottom-up only when the frontier's edges m_f > n / gamma (a level's scan of n vertices), n * hop / gamma under the hop engine; 0: no floor"},
    {"hop", -1, "hop engine (ours): levels per grid barrier with row heads; -1 auto (64 when mean degree < 5, 4 below 8, else 0), 0 off (step 10's levels); loop=1 only"},
    {"hopq", 512, "hop engine: entries of each block queue in shared memory (40 bytes each)"},
    {"hopmax", 64, "hop engine: multi-block hop steps while |F| <= hopmax * blocks, step 10's levels above"},
    {"sbits", 65536, "hop engine: block 0's visited bitmap in shared memory when n / 8 <= sbits bytes (and the grid keeps its blocks); 0 off"},
    {"lean", 1, "lean prologue (ours): a one-block kernel runs the first levels of sparse graphs (mean degree < 5, bitmap in shared memory, loop=1, -b <= 512, not with -a, not -V bottomup); 0 off"},
    {"leanq", 512, "lean prologue: entries of each of its two queues (0: as many as fit, at most 4096); a larger level goes to the loop kernel (512 measured fastest: README)"},
    {"slides_pct", 100, "slides: bottom-up when 100*|R| < slides_pct*|Q|*E/V (0: never; huge: from level 0)"},
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {"The lean prologue: a one-block kernel of its own for the first levels of sparse graphs",
                                 PROBLEM_BFS, bfs4k_knobs, bfs4k_variants, bfs4k_init, bfs4k_run,
                                 bfs4k_fini, bfs4k_check_knobs};
