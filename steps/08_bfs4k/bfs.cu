/* Step 08 - bfs4k: BFS-4K, every technique a knob, the level loop on the device.
 *
 * Base:       06 (its two global frontier queues and block queue in shared
 *             memory; the expansion around them is new)
 * Adds:       every technique of BFS-4K (Busato & Bombieri, TPDS 2015), each
 *             switchable with -K name=value for an ablation:
 *             loop      1 the whole level loop in ONE cooperative grid (grid.sync
 *                       between multi-block levels, no host round trip);
 *                       0 the host launches a kernel per level (as 06)
 *             mode, k5  single-block <-> multi-block (section 5.5): a frontier of
 *                       at most block * k5 entries is expanded by block 0 alone,
 *                       level after level, with __syncthreads() and the frontier
 *                       in shared memory; larger ones by the whole grid.
 *                       mode 1: single-block only, 2: multi-block only;
 *                       -1 (default, ours): 2 with loop=1 on graphs of mean
 *                       degree >= 8 (a frontier of 256 vertices there has
 *                       thousands of edges: too many for one block), else 0
 *             scan      frontier allocation (5.1): 1 warp-shuffle exclusive prefix
 *                       sum, then one shared atomic per warp (the block level),
 *                       with the ballot/popc variant when no lane holds more than
 *                       one vertex; 2 the shuffle scan always; 0 one atomic per
 *                       vertex (the way before BFS-4K)
 *             vw, vwmin dynamic virtual warps (5.2): the size of a level's
 *                       virtual warps is the power of two below resident
 *                       threads / |F|, in [vwmin, 32]; vw > 0 fixes it
 *             assign,k4 edge-discover (5.4): a warp takes 32 frontier vertices,
 *                       prefix-sums their degrees and finds the owner of each of
 *                       its edges with a shuffle binary search, so every lane has
 *                       an edge. assign 2 (default): edge-discover every level,
 *                       the fastest on the H100 on every graph we measured;
 *                       0 the paper's rule: edge-discover when |F| * k4 <
 *                       resident threads, virtual warps otherwise; 1 virtual
 *                       warps only
 *             dp        vertices of more than dp out-edges (hubs) are not left to
 *                       one virtual warp (5.3): with loop=0 each gets a child grid
 *                       (CDP2, fire-and-forget, deg / (16 * 256) blocks: the
 *                       paper's K3 = 16 edges a thread); with loop=1 and in
 *                       single-block levels they go to a hub list that the whole
 *                       grid (block) expands after the level. 0: off
 *             coalesce  coalesced reads and writes (5.6): lanes load 32/vw
 *                       consecutive queue entries and their rows, then shuffle
 *                       them to the virtual warps; induced coalescence for the
 *                       writes (the first min(c) vertices of every lane go out
 *                       as whole-warp stores, the rest by prefix sum). 0: every
 *                       virtual warp reads its entry itself, writes scattered
 *             stage     shared-memory staging: the block queue of a multi-block
 *                       level (one global atomic per block, a coalesced copy),
 *                       or the two frontier queues of the single-block levels
 *                       (stage / 2 entries each; more spill to global memory)
 *             hash      duplicate detection (section 6): a table of `hash`
 *                       64-bit entries (vertex, thread) per block in shared
 *                       memory; a lane that reads back its vertex with another
 *                       thread's id drops it. 0 (default): off; with
 *                       edge-discover duplicates are few and the table costs
 *                       more than it saves on the H100 (README)
 *             visit     0 the benign-race visit (load, compare, store: a vertex
 *                       may be pushed twice); 1 atomicCAS (exactly once; not in
 *                       the paper, for comparison)
 *             qcap      entries of each global queue (0: n), for testing the
 *                       overflow path
 * Adds (ours, not in the paper): the hop engine (knobs hop, hopq, hopmax,
 *             sbits): row heads (degree + first 7 neighbours, 32 bytes a vertex)
 *             carried in the block queues, so a level costs one dependent global
 *             access; `hop` levels per grid barrier, label-correcting with
 *             atomicMin inside a step. Auto (hop=-1): 32 on graphs of mean degree
 *             < 5 (roads, grids), 4 below 8 (meshes), 1 on the others; 0 gives
 *             the paper's levels. When block 0 runs levels alone, "visited?" is a
 *             bit in shared memory (sbits) instead of atomicMin on dist.
 *             The lean prologue (lean, leanq): on sparse graphs a one-block
 *             kernel of its own runs the first levels (few instructions a
 *             level: they, not memory, bound a small level; 16-byte heads of
 *             4 neighbours, one load a claim) and hands over.
 *             Not knobs (measured once, always on): columns, queue entries and
 *             row offsets are loaded with the streaming cache hint, so the L2
 *             keeps dist; edge-discover searches in 32 bits; 6 edge slots a lane;
 *             the hop engine's row tails a warp per row (long ones the block).
 * Idea:       a BFS level is small work behind a long chain of dependent
 *             memory reads; what costs on a GPU is idle lanes (imbalance),
 *             atomics, uncoalesced accesses and, on high-diameter graphs, the
 *             host round trip per level. BFS-4K attacks each one.
 * Reference:  F. Busato, N. Bombieri, "BFS-4K: an Efficient Implementation of
 *             BFS for Kepler GPU Architectures", IEEE TPDS 26(7), 2015:
 *             sections 5.1-5.6 and 6, Figs. 3, 6, 7, 9, 11, 12.
 * Invariants: queue L holds every vertex of level L (entries may repeat with
 *             visit=0); dist[v] = L + 1 is stored only by a lane that read
 *             dist[v] == INF while expanding level L, and the lane pushes v
 *             unless the hash table shows another thread that holds v (the
 *             last of the writers of v's slot always keeps it: see hash64).
 *             Step i of the device loop (a level, or a hop step of `hop`
 *             levels) counts its pushes in cnt[i % 3]: block 0 zeroes the
 *             counters of step i + 1 while step i runs, after every thread
 *             read those of step i - 2 (one grid.sync ago).
 *             Block 0's bitmap (sbits): a set bit means dist is final or about
 *             to be stored: a claimed vertex's level is stored when it is
 *             expanded, or at the hand-over, always before the next grid.sync().
 *             Hop steps: dist only falls (atomicMin), and whoever lowers a
 *             vertex expands it (in its block queue, or from the global queue
 *             next step). From an exact level L with no block queue overflow,
 *             every level <= L + hop is exact after the step and q holds level
 *             L + hop (plus stale entries whose neighbours are all settled);
 *             after an overflow (ctl->mixed) every later step is a hop step,
 *             label-correcting until the queue is empty.
 *             Warp collectives (ballot, shuffles) use the full mask: blocks are
 *             whole warps (init), and every loop around a collective has the
 *             same trip count in all 32 lanes (reduce_max of the rounds).
 *             The multi-block grid is cooperative: all its blocks are resident
 *             (the grid is capped at what fits, -x included), so grid.sync()
 *             cannot deadlock; child grids are never launched from it.
 * Limits:     benign races: two lanes may both read INF and store the same
 *             level (visit=0): a duplicate entry, expanded twice, harmless for
 *             the answer; many lanes store the same value. A queue that
 *             overflows (duplicates) is rebuilt from dist, exact. Duplicates of
 *             different blocks are never detected by the hash. The hash of the
 *             child grids (loop=0 hubs) is off.
 *             The grid of loop=1 is at most the resident blocks (occupancy of
 *             this kernel at -b); a larger -x is capped.
 *             The hop engine costs 32 bytes a vertex of device memory (heads)
 *             and 40 bytes an entry of shared memory; on a dense graph forced
 *             on (hop > 0) it floods its block queues and turns label-correcting:
 *             correct, many times slower.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cooperative_groups.h>

#include "gpu.h"
#include "step.h"

#define FULL_MASK 0xffffffffu
#define LQ 6                 /* NEW: local queue: edge slots per lane and round (registers;
                                measured on the H100: 6 beat 4 and 8 on every graph) */
#define CHILD_BLOCK 256      /* NEW: child grids (loop=0 hubs): the paper's K3 = 16 edges a thread */
#define CHILD_K3 16
#define LV_CAP (1 << 18)     /* levels with a trace row (-a)                  */
#ifdef GALLERY_NO_CDP        /* sanitizer build: no device launches, hubs go to the hub pass */
#define BFS4K_CDP 0
#else
#define BFS4K_CDP 1
#endif

enum { MODE_SWITCH = 0, MODE_SINGLE = 1, MODE_MULTI = 2, MODE_HOP1 = 3, MODE_HOPK = 4 };
enum { ST_OK = 0, ST_TOOBIG = 1 };
#define HUB_GRID 32768       /* hubs with more edges are split over the whole grid, smaller ones over a block */

/* NEW: the loop's state lives on the device (loop=1 never comes back before the end). */
typedef struct {
  unsigned long long cnt[3];    /* pushes into the next queue of level L: cnt[L % 3]   */
  unsigned long long hubs[3];   /* hub list entries of level L                         */
  unsigned long long bigs[3];   /* ... of more than HUB_GRID edges (second half)       */
  unsigned long long edges[3];  /* out-edges of level L's entries (-a)                 */
  unsigned long long dups[3];   /* repeated entries of the queue level L built (-a)    */
  unsigned long long rebuild;   /* entries of a rebuilt queue                          */
  unsigned long long size;      /* single-block levels hand over: next frontier size   */
  unsigned long long pushes;    /* all levels                                          */
  unsigned long long children, child_fail; /* child grids launched / refused (loop=0) */
  int level, cur, sb_levels, mb_levels, rebuilds;
  int status;                   /* 0, or ST_TOOBIG: a level has more vertices than cap */
  unsigned long long toobig;    /* ... how many                                        */
  /* NEW (hop engine, ours): */
  int maxd;                     /* largest level a hop step set (the depth at the end)  */
  int mixed;                    /* a hop step spilled a level < L + k: label-correcting */
  int plo[3], phi[3];           /* levels pushed to the global queue by hop step i % 3:
                                   DIST_INF - min, and max + 1 (0: none), for a rebuild */
  int hop_steps, hop_levels;    /* multi-block hop steps, levels in them                */
} bfs4k_ctl_t;

typedef struct {
  unsigned long long frontier, edges, dups;
  int mode, vw, ed, hubs;       /* hop levels: mode MODE_HOP*, dups not counted */
} bfs4k_lv_t;

typedef struct {
  const eid_t *offsets;
  const vid_t *cols;
  dist_t *dist;
  vid_t *q[2];
  vid_t *hubq;
  const uint4 *head;            /* NEW (hop): 2 per vertex: degree, first 7 neighbours */
  const uint4 *lhead;           /* NEW (lean): 1 per vertex: first 4 neighbours (LEAN_NONE,
                                   LEAN_MORE: the row goes on in cols from its fourth edge) */
  int *mark;                    /* -a: last level each vertex was queued at */
  bfs4k_ctl_t *ctl;
  bfs4k_lv_t *lv;
  unsigned long long cap;       /* entries of each queue and of the hub list */
  unsigned long long single;    /* frontier entries up to which block 0 works alone */
  vid_t n;
  unsigned long long hopmax;    /* NEW: frontier entries up to which a hop step runs */
  int loop, mode, scan, coalesce, stage, hash, vw, vwmin, assign, k4, dp, visit, trace;
  int hop, hopq;                /* NEW: levels per grid barrier (0: the paper's levels),
                                   entries of each block queue of the hop engine */
  unsigned sbw;                 /* NEW (sbits): words of block 0's visited bitmap in shared
                                   memory for the hop engine's single-block levels (0: off) */
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

/* NEW (ours, cache hints): a level reads each column, queue entry and row offset
 * once, and they are far bigger than the L2 (uniform22: 537 MB of columns) while
 * dist (16 MB) is read once per edge. Loading them "streaming" (ld.global.cs:
 * evict first in L1 and L2) leaves the L2 to dist: uniform22 -3%, kron22 -7%.
 * Cache operators are hints only: the memory model (grid.sync's fences) is the same. */
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
  if (a->scan == 1 && __ballot_sync(FULL_MASK, c > 1) == 0) {
    unsigned b = __ballot_sync(FULL_MASK, c); /* binary case: ballot + popc */
    excl = __popc(b & ((1u << lane) - 1));
    total = __popc(b);
  } else { /* Fig. 3: the warp's exclusive prefix sum with shuffles */
    unsigned x = c;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
      unsigned y = __shfl_up_sync(FULL_MASK, x, o);
      if (lane >= (unsigned)o) x += y;
    }
    excl = x - c;
    total = __shfl_sync(FULL_MASK, x, 31);
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
  p = __shfl_sync(FULL_MASK, p, 0);
  g = __shfl_sync(FULL_MASK, g, 0);
  fit = __shfl_sync(FULL_MASK, fit, 0);
  unsigned m = a->coalesce ? __reduce_min_sync(FULL_MASK, c) : 0;
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
#if BFS4K_CDP
  if (cdp) {
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
                                    unsigned long long *edges) {
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
      u = i < in_scap ? in_s[i] : ld_stream_v(&in_g[i]);
      beg = ld_stream_e(&a->offsets[u]);
      deg = ld_stream_e(&a->offsets[u + 1]) - beg;
      if (edges) *edges += deg;
      if (a->dp > 0 && deg > (unsigned long long)a->dp && bfs4k_hub(a, sk, level, u, beg, deg, cdp))
        deg = 0;
    }
    if (ed) {
      /* NEW (5.4, edge-discover): inclusive prefix sum of the 32 degrees;
       * lane x of a round owns edge x of the batch: the owner is the number
       * of prefix sums <= x, found by a binary search over shuffles. */
      unsigned long long incl = deg;
#pragma unroll
      for (int o = 1; o < 32; o <<= 1) {
        unsigned long long y = __shfl_up_sync(FULL_MASK, incl, o);
        if (lane >= (unsigned)o) incl += y;
      }
      unsigned long long tot = __shfl_sync(FULL_MASK, incl, 31);
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
              unsigned long long pv = __shfl_sync(FULL_MASK, incl, o + st - 1);
              if (pv <= x) o += st;
            }
          } else {
#pragma unroll
            for (int st = 16; st >= 1; st >>= 1) {
              unsigned pv = __shfl_sync(FULL_MASK, incl32, o + st - 1);
              if (pv <= (unsigned)x) o += st;
            }
          }
          eid_t ob = __shfl_sync(FULL_MASK, rb, o);
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
      ub = __shfl_sync(FULL_MASK, beg, k);
      ud = __shfl_sync(FULL_MASK, deg, k);
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
        if (li == 0 && a->dp > 0 && ud > (unsigned long long)a->dp)
          taken = bfs4k_hub(a, sk, level, uu, ub, ud, cdp);
      }
      /* the lanes of a virtual warp take their leader's answer */
      if (__shfl_sync(FULL_MASK, taken, lane & ~(unsigned)(vw - 1))) ud = 0;
    }
    unsigned long long rounds = (ud + (unsigned long long)vw * LQ - 1) / ((unsigned long long)vw * LQ);
    unsigned long long rmax = rounds;
#pragma unroll
    for (int o = 16; o >= 1; o >>= 1) { /* the warp's longest row sets the trip count */
      unsigned long long y = __shfl_xor_sync(FULL_MASK, rmax, o);
      rmax = y > rmax ? y : rmax;
    }
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

/* Block sums of a per-thread count into *dst (one global atomic per block). */
static __device__ void bfs4k_block_add(unsigned long long x, unsigned long long *dst) {
  __shared__ unsigned long long s_sum;
  if (threadIdx.x == 0) s_sum = 0;
  __syncthreads();
  if (x) atomicAdd(&s_sum, x);
  __syncthreads();
  if (threadIdx.x == 0 && s_sum) atomicAdd(dst, s_sum);
}

/* -a: repeated entries of queue q[0, size): mark[v] = tag, one winner each. */
static __device__ void bfs4k_dups(const bfs4k_args_t *a, int tag, const vid_t *q,
                                  unsigned long long size, unsigned long long *dst) {
  unsigned long long d = 0;
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < size;
       i += stride)
    if (atomicExch(&a->mark[__ldcg(&q[i])], tag) == tag) d++;
  bfs4k_block_add(d, dst);
}

/* An overflowed queue (more pushes than cap: duplicates) rebuilt from dist:
 * every vertex whose level is in [lo, hi] (one level, or the range a
 * label-correcting hop step pushed: it can push a vertex more than once). */
static __device__ void bfs4k_rebuild(const bfs4k_args_t *a, dist_t lo, dist_t hi, vid_t *out) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < a->n;
       v += stride) {
    dist_t d = __ldcg(&a->dist[v]);
    if (d >= lo && d <= hi) {
      unsigned long long pos = atomicAdd(&a->ctl->rebuild, 1ULL);
      if (pos < a->cap) out[pos] = (vid_t)v;
    }
  }
}

static __device__ void bfs4k_record(const bfs4k_args_t *a, int level, int ci, unsigned long long size,
                                    int mode, int vw, int ed, unsigned long long nh) {
  if (level >= LV_CAP) return;
  bfs4k_lv_t r;
  r.frontier = size;
  r.edges = ld_volatile(&a->ctl->edges[ci]);
  r.dups = ld_volatile(&a->ctl->dups[ci]);
  r.mode = mode;
  r.vw = vw;
  r.ed = ed;
  r.hubs = (int)(nh < 0x7fffffffULL ? nh : 0x7fffffffULL);
  a->lv[level] = r;
}

/* Zero counter set z (one thread). */
static __device__ void bfs4k_zero_set(const bfs4k_args_t *a, int z) {
  a->ctl->plo[z] = 0;
  a->ctl->phi[z] = 0;
  a->ctl->cnt[z] = 0;
  a->ctl->hubs[z] = 0;
  a->ctl->bigs[z] = 0;
  a->ctl->edges[z] = 0;
  a->ctl->dups[z] = 0;
  a->ctl->rebuild = 0;
}

/* Zero the next step's counters (block 0, thread 0, while step ci runs). */
static __device__ void bfs4k_zero_next(const bfs4k_args_t *a, int ci) {
  bfs4k_zero_set(a, ci == 2 ? 0 : ci + 1);
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

/* NEW (5.5): single-block levels. Block 0 (or the only block) expands level
 * after level with __syncthreads() between them, the frontier in shared
 * memory, until the frontier passes `single` entries or is empty. Its
 * counters stay in shared memory and registers: a level costs no global
 * round trip besides the expansion itself. The queue to start from is in
 * global q[cur]; on return the next one is there too and ctl->{level, cur,
 * size} say where the loop stands. */
static __device__ void bfs4k_single(const bfs4k_args_t *a, int level, int cur,
                                    unsigned long long size) {
  extern __shared__ unsigned long long smem[];
  volatile unsigned long long *ht = a->hash ? smem : NULL;
  unsigned long long scap = (unsigned long long)a->stage / 2;
  vid_t *sq[2] = {(vid_t *)(smem + a->hash), (vid_t *)(smem + a->hash) + scap};
  /* NEW: three sets of counters, one per level mod 3, so that one barrier a
   * level suffices: thread 0 zeroes the set of level L + 2 after level L's
   * barrier, when every thread has read it (at the end of level L - 1) and
   * nobody uses it before level L + 1's barrier. */
  __shared__ unsigned long long s_cnt[3], s_nh[3];
  int sc = 0, levels = 0, li = 0;
  unsigned long long pushes = 0;
  unsigned t = threadIdx.x, bd = blockDim.x;
  unsigned long long nin = size < scap ? size : scap;
  for (unsigned long long i = t; i < nin; i += bd) sq[0][i] = __ldcg(&a->q[cur][i]);
  if (t < 3) {
    s_cnt[t] = 0;
    s_nh[t] = 0;
  }
  __syncthreads();
  for (;;) {
    int vw, ed;
    bfs4k_shape(a, size, bd, &vw, &ed);
    bfs4k_sink_t sk = {sq[sc ^ 1], scap, &s_cnt[li], a->q[cur ^ 1], NULL, &s_nh[li], NULL, 1};
    unsigned long long edges = 0;
    bfs4k_expand(a, &sk, ht, sq[sc], scap, a->q[cur], size, level, vw, ed, 0, t / 32, bd / 32,
                 a->trace ? &edges : NULL);
    __syncthreads(); /* the level's barrier */
    int lz = li == 0 ? 2 : li - 1; /* (li + 2) % 3 */
    if (t == 0) {
      s_cnt[lz] = 0;
      s_nh[lz] = 0;
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
    if (a->trace) {
      if (t == 0) {
        a->ctl->edges[level % 3] = 0;
        a->ctl->dups[level % 3] = 0;
      }
      __syncthreads();
      bfs4k_block_add(edges, &a->ctl->edges[level % 3]);
      unsigned long long d = 0;
      for (unsigned long long i = t; i < next; i += bd) {
        vid_t v = i < scap ? sq[sc ^ 1][i] : a->q[cur ^ 1][i];
        if (atomicExch(&a->mark[v], level + 1) == level + 1) d++;
      }
      bfs4k_block_add(d, &a->ctl->dups[level % 3]);
      __syncthreads();
      if (t == 0) bfs4k_record(a, level, level % 3, size, MODE_SINGLE, vw, ed, nh0);
    }
    pushes += next;
    levels++;
    level++;
    li = li == 2 ? 0 : li + 1;
    sc ^= 1;
    cur ^= 1;
    size = next;
    if (size == 0 || (a->mode != MODE_SINGLE && size > a->single)) break;
  }
  /* hand over to the multi-block levels: the shared part of the frontier out */
  nin = size < scap ? size : scap;
  for (unsigned long long i = t; i < nin; i += bd) a->q[cur][i] = sq[sc][i];
  if (t == 0) bfs4k_hand_over(a, size, level, cur, pushes, levels);
  __threadfence();
  __syncthreads();
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
#define LEAN_NONE 0xffffffffu /* lean heads: no neighbour in this word */
#define LEAN_MORE 0xfffffffeu /* ... word 3: more than 4 neighbours, the row goes on in cols */
#define HOP_IN 7             /* neighbours in a row head (word 0 is the degree) */
#define HOP_LONG 1024        /* rows longer than HOP_IN listed per round: up to blockDim */
#define HOP_TAIL_BLOCK (HOP_IN * 32 * 4) /* tails longer than 4 warp passes: the whole block */
#define HOP_MAX 64           /* largest `hop` */
#define HOP_AUTO 32          /* hop=-1: levels per grid barrier on graphs of mean */
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
  unsigned b0 = __ballot_sync(FULL_MASK, c & 1), b1 = __ballot_sync(FULL_MASK, c & 2),
           b2 = __ballot_sync(FULL_MASK, c & 4);
  unsigned tot = __popc(b0) + 2 * __popc(b1) + 4 * __popc(b2);
  if (tot == 0) return -1;
  unsigned long long base = 0;
  if (lane == 0)
    base = sk->kind == HOP_OUT ? atomicAdd(sk->gcnt, (unsigned long long)tot) : atomicAdd(sk->scnt, tot);
  base = __shfl_sync(FULL_MASK, base, 0) + __popc(b0 & lt) + 2 * __popc(b1 & lt) + 4 * __popc(b2 & lt);
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
  if (__any_sync(FULL_MASK, has >> 4)) {
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
 * registers, README "Session 5".) */
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
        bfs4k_lv_t r = {nin, s_e, 0, MODE_HOP1, 8, 0, 0};
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

/* NEW: a multi-block hop step: block b takes its slice of q[cur] and runs
 * `hop` levels in shared memory; the last level's claims go to q[cur ^ 1].
 * Every block of the grid calls it; a grid.sync() follows. */
static __device__ void bfs4k_hop_multi(const bfs4k_args_t *a, int level, int cur, unsigned long long size,
                                       int ci) {
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
  if (blockIdx.x == 0 && t == 0) bfs4k_zero_next(a, ci);
  __syncthreads();
  hopq_t qin = hop_queue(a, 0), qout = hop_queue(a, 1), qt;
  unsigned long long chunk = (size + gridDim.x - 1) / gridDim.x, start = blockIdx.x * chunk;
  unsigned nin = (unsigned)(start < size ? (size - start < chunk ? size - start : chunk) : 0), nin_s = 0;
  const vid_t *gin = a->q[cur] + start;
  int h = 0;
  dist_t mx = -1;
  for (int k = 1; k <= a->hop; k++) {
    hop_sink_t sk = {qout, (unsigned)a->hopq, &sh->cnt[h], a->q[cur ^ 1], &a->ctl->cnt[ci],
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
    if (lh)
      lh[v] = make_uint4(d > 0 ? w[1] : LEAN_NONE, d > 1 ? w[2] : LEAN_NONE, d > 2 ? w[3] : LEAN_NONE,
                         d > 4 ? LEAN_MORE : d > 3 ? w[4] : LEAN_NONE);
  }
}

/* One multi-block level: every block of the grid. */
static __device__ void bfs4k_multi(const bfs4k_args_t *a, int level, int cur, unsigned long long size,
                                   int ci, int cdp, int *vw_out, int *ed_out) {
  extern __shared__ unsigned long long smem[];
  volatile unsigned long long *ht = a->hash ? smem : NULL;
  __shared__ unsigned long long s_cnt;
  if (threadIdx.x == 0) s_cnt = 0;
  if (blockIdx.x == 0 && threadIdx.x == 0) bfs4k_zero_next(a, ci);
  __syncthreads();
  int vw, ed;
  bfs4k_shape(a, size, a->res_mb, &vw, &ed);
  *vw_out = vw;
  *ed_out = ed;
  bfs4k_sink_t sk = {(vid_t *)(smem + a->hash), (unsigned long long)a->stage, &s_cnt,
                     a->q[cur ^ 1], &a->ctl->cnt[ci], &a->ctl->hubs[ci], &a->ctl->bigs[ci], 0};
  unsigned long long edges = 0;
  unsigned long long warp = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32;
  unsigned long long nwarps = (unsigned long long)gridDim.x * blockDim.x / 32;
  bfs4k_expand(a, &sk, ht, NULL, 0, a->q[cur], size, level, vw, ed, cdp, warp, nwarps,
               a->trace ? &edges : NULL);
  bfs4k_flush(a, &sk);
  if (a->trace) bfs4k_block_add(edges, &a->ctl->edges[ci]);
}

/* The hub list of a multi-block level: a block on each hub of up to HUB_GRID
 * edges (blocks take hubs round robin), then the whole grid on each larger one. */
static __device__ void bfs4k_hub_pass(const bfs4k_args_t *a, int level, int cur, int ci,
                                      unsigned long long nh, unsigned long long nb) {
  extern __shared__ unsigned long long smem[];
  volatile unsigned long long *ht = a->hash ? smem : NULL;
  __shared__ unsigned long long s_cnt;
  if (threadIdx.x == 0) s_cnt = 0;
  __syncthreads();
  bfs4k_sink_t sk = {(vid_t *)(smem + a->hash), (unsigned long long)a->stage, &s_cnt,
                     a->q[cur ^ 1], &a->ctl->cnt[ci], NULL, NULL, 0};
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
  bfs4k_flush(a, &sk);
}

/* NEW (loop=1): the whole BFS in one cooperative grid. Every thread keeps
 * level, cur and size in registers; all read the same counters after each
 * grid.sync(), so all take the same branches and reach the same barriers. */
static __device__ __forceinline__ void bfs4k_loop(const bfs4k_args_t &a, vid_t src) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  int b0 = blockIdx.x == 0 && threadIdx.x == 0;
  if (b0 && !a.pro) {
    memset(a.ctl, 0, sizeof *a.ctl);
    a.q[0][0] = src;
  }
  grid.sync();
  int level = 0, cur = 0, mb_levels = 0, it = 0, mixed = 0, hop_end = 0;
  unsigned long long size = 1, pushes = 0;
  if (a.pro) { /* NEW (lean): from where the prologue stopped (size 0: it finished) */
    level = ((volatile bfs4k_ctl_t *)a.ctl)->level;
    cur = ((volatile bfs4k_ctl_t *)a.ctl)->cur;
    size = ld_volatile(&a.ctl->size);
  }
  while (size) {
    int ci = it % 3; /* the counters of this step (a level, or hop levels) */
    it++;
    hop_end = 0;
    int small = a.mode == MODE_SINGLE || (a.mode == MODE_SWITCH && size <= a.single);
    if (small && !mixed) {
      if (blockIdx.x == 0) { /* the others wait below */
        if (a.hop) bfs4k_hop_single(&a, level, cur, size);
        else bfs4k_single(&a, level, cur, size);
      }
      grid.sync();
      level = ((volatile bfs4k_ctl_t *)a.ctl)->level;
      cur = ((volatile bfs4k_ctl_t *)a.ctl)->cur;
      size = ld_volatile(&a.ctl->size);
      if (size == 0) break;
      continue;
    }
    if (a.hop && (mixed || size <= a.hopmax)) { /* NEW: `hop` levels, one grid barrier */
      bfs4k_hop_multi(&a, level, cur, size, ci);
      grid.sync();
      unsigned long long next = ld_volatile(&a.ctl->cnt[ci]);
      mixed = ((volatile bfs4k_ctl_t *)a.ctl)->mixed;
      if (next > a.cap) { /* overflow (a label-correcting step): rebuild from dist */
        dist_t lo = DIST_INF - ((volatile bfs4k_ctl_t *)a.ctl)->plo[ci];
        dist_t hi = ((volatile bfs4k_ctl_t *)a.ctl)->phi[ci] - 1;
        bfs4k_rebuild(&a, lo, hi, a.q[cur ^ 1]);
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
        grid.sync();
      }
      if (a.trace && b0)
        for (int k = 0; k < a.hop && level + k < LV_CAP; k++) a.lv[level + k].mode = MODE_HOPK;
      if (b0) {
        a.ctl->hop_steps++;
        a.ctl->hop_levels += a.hop;
      }
      pushes += next;
      hop_end = level + 1; /* if the BFS ends in this step: at least one more level */
      level += a.hop;
      cur ^= 1;
      size = next;
      if (size == 0) break;
      continue;
    }
    int vw, ed;
    bfs4k_multi(&a, level, cur, size, ci, 0, &vw, &ed);
    grid.sync();
    unsigned long long nh = ld_volatile(&a.ctl->hubs[ci]);
    unsigned long long nb = ld_volatile(&a.ctl->bigs[ci]);
    unsigned long long next = ld_volatile(&a.ctl->cnt[ci]);
    if (nh || nb) {
      bfs4k_hub_pass(&a, level, cur, ci, nh, nb);
      grid.sync();
      next = ld_volatile(&a.ctl->cnt[ci]);
    }
    if (next > a.cap) { /* overflow: rebuild the queue from dist (rare) */
      bfs4k_rebuild(&a, level + 1, level + 1, a.q[cur ^ 1]);
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
      bfs4k_dups(&a, level + 1, a.q[cur ^ 1], next, &a.ctl->dups[ci]);
      grid.sync();
      if (b0) bfs4k_record(&a, level, ci, size, MODE_MULTI, vw, ed, nh + nb);
    }
    pushes += next;
    mb_levels++;
    level++;
    cur ^= 1;
    size = next;
    if (size == 0) break;
  }
  if (hop_end) { /* ended inside a hop step: its deepest level */
    int d = ((volatile bfs4k_ctl_t *)a.ctl)->maxd + 1;
    level = d > hop_end ? d : hop_end;
  }
  if (b0) {
    a.ctl->level = level;
    a.ctl->pushes += pushes;
    a.ctl->mb_levels += mb_levels;
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

template <int NS>
static __device__ __forceinline__ unsigned lean_claim(const bfs4k_args_t &a, const uint4 *lhead, unsigned *bm,
                                                      uint4 *sm4, unsigned qc, int out, unsigned *cnt,
                                                      const vid_t x[4], dist_t nv) {
  unsigned lane = threadIdx.x & 31, lt = (1u << lane) - 1, imp = 0;
  unsigned *dummy = bm - 32 + lane;
#pragma unroll
  for (int u = 0; u < NS; u++) {
    bool ok = x[u] < LEAN_MORE;
    unsigned b = ok ? 1u << (x[u] & 31) : 0u;
    unsigned old = atomicOr(ok ? &bm[x[u] >> 5] : dummy, b);
    imp |= (unsigned)(ok && !(old & b)) << u;
  }
  uint4 h[NS];
#pragma unroll
  for (int u = 0; u < NS; u++)
    if (imp >> u & 1) h[u] = lhead[x[u]]; /* one 16-byte load: the level's longest wait */
  unsigned c = __popc(imp); /* < 8: the warp's prefix sum from three ballots (as in hop_claim_range) */
  unsigned b0 = __ballot_sync(FULL_MASK, c & 1), b1 = __ballot_sync(FULL_MASK, c & 2),
           b2 = __ballot_sync(FULL_MASK, c & 4);
  unsigned tot = __popc(b0) + 2 * __popc(b1) + 4 * __popc(b2);
  if (tot == 0) return 0;
  unsigned wb = 0;
  if (lane == 0) wb = atomicAdd(cnt, tot);
  wb = __shfl_sync(FULL_MASK, wb, 0);
  unsigned base = wb + __popc(b0 & lt) + 2 * __popc(b1 & lt) + 4 * __popc(b2 & lt);
  if (wb + tot <= qc) { /* warp-uniform: all of the warp's pushes fit the shared queue */
#pragma unroll
    for (int u = 0; u < NS; u++)
      if (imp >> u & 1) { /* lean_put's shared branch written out: through a shared helper
                             the kernel compiled to 8 more instructions (session 7) */
        LQH(out)[base] = h[u];
        LQV(out)[base] = x[u];
        base++;
      }
    return c;
  }
#pragma unroll
  for (int u = 0; u < NS; u++) /* the level outgrows qc: slot by slot */
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
      pushes += lean_claim<4>(a, lhead, bm, sm4, qc, in ^ 1, cn, x, level + 1);
      /* rows longer than 4: the whole warp on each tail, 32 edges a pass */
      unsigned long_rows = __ballot_sync(FULL_MASK, w.w == LEAN_MORE);
      while (long_rows) {
        int r = __ffs(long_rows) - 1;
        long_rows &= long_rows - 1;
        vid_t u = __shfl_sync(FULL_MASK, v, r);
        eid_t e = a.offsets[u + 1];
        for (eid_t k0 = a.offsets[u] + 3; k0 < e; k0 += 32) {
          eid_t k = k0 + lane;
          vid_t xy[4] = {k < e ? __ldg(&a.cols[k]) : LEAN_NONE, LEAN_NONE, LEAN_NONE, LEAN_NONE};
          pushes += lean_claim<1>(a, lhead, bm, sm4, qc, in ^ 1, cn, xy, level + 1);
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
 * registers a thread (no spills); 1024-thread blocks allow 64. */
static __global__ void __launch_bounds__(1024) bfs4k_loop_kernel(const __grid_constant__ bfs4k_args_t a,
                                                                 vid_t src) {
  bfs4k_loop(a, src);
}
static __global__ void __launch_bounds__(512) bfs4k_loop512_kernel(const __grid_constant__ bfs4k_args_t a,
                                                                   vid_t src) {
  bfs4k_loop(a, src);
}

/* ---- loop=0: the same levels, one launch (and one readback) each ---------- */

static __global__ void __launch_bounds__(1024) bfs4k_single_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                                                   int cur, unsigned long long size) {
  bfs4k_single(&a, level, cur, size);
}
static __global__ void __launch_bounds__(512) bfs4k_single512_kernel(const __grid_constant__ bfs4k_args_t a,
                                                                     int level, int cur,
                                                                     unsigned long long size) {
  bfs4k_single(&a, level, cur, size);
}

static __global__ void __launch_bounds__(1024) bfs4k_multi_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                                                  int cur, unsigned long long size) {
  int vw, ed;
  bfs4k_multi(&a, level, cur, size, level % 3, BFS4K_CDP, &vw, &ed);
}

static __global__ void __launch_bounds__(1024) bfs4k_hub_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                                                int cur, unsigned long long nh,
                                                                unsigned long long nb) {
  bfs4k_hub_pass(&a, level, cur, level % 3, nh, nb);
}

static __global__ void bfs4k_rebuild_kernel(const __grid_constant__ bfs4k_args_t a, int level, int cur) {
  bfs4k_rebuild(&a, level + 1, level + 1, a.q[cur ^ 1]);
}

static __global__ void bfs4k_dups_kernel(const __grid_constant__ bfs4k_args_t a, int level, int cur,
                                         unsigned long long next) {
  bfs4k_dups(&a, level + 1, a.q[cur ^ 1], next, &a.ctl->dups[level % 3]);
}

static __global__ void bfs4k_record_kernel(const __grid_constant__ bfs4k_args_t a, int level, unsigned long long size,
                                           int vw, int ed, unsigned long long nh) {
  bfs4k_record(&a, level, level % 3, size, MODE_MULTI, vw, ed, nh);
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
  int pro;        /* NEW (lean): run the lean prologue first (untraced runs) */
  unsigned pro_qc; /* ... entries of each of its queues */
  size_t pro_smem;
} bfs4k_state_t;

static int bfs4k_check_knobs(const launch_t *lc) {
  static const char *const bin[] = {"loop", "coalesce", "visit", "lean"};
  for (int i = 0; i < 4; i++) {
    long v = launch_knob(lc, bin[i]);
    if (v < 0 || v > 1) return fail(EXIT_INPUT, "%s=%ld: 0 or 1", bin[i], v);
  }
  long mode = launch_knob(lc, "mode"), k5 = launch_knob(lc, "k5"), scan = launch_knob(lc, "scan");
  long vw = launch_knob(lc, "vw"), vwmin = launch_knob(lc, "vwmin"), assign = launch_knob(lc, "assign");
  long k4 = launch_knob(lc, "k4"), dp = launch_knob(lc, "dp"), stage = launch_knob(lc, "stage");
  long hash = launch_knob(lc, "hash"), qcap = launch_knob(lc, "qcap");
  if (mode < -1 || mode > 2)
    return fail(EXIT_INPUT, "mode=%ld: -1 auto, 0 switch, 1 single-block only, 2 multi-block only", mode);
  if (k5 < 1 || k5 > 1 << 20) return fail(EXIT_INPUT, "k5=%ld: 1..1048576 (single-block threshold = block * k5)", k5);
  if (scan < 0 || scan > 2) return fail(EXIT_INPUT, "scan=%ld: 0 atomic per vertex, 1 prefix sum + ballot, 2 prefix sum", scan);
  if (vw < 0 || vw > 32 || (vw & (vw - 1)) != 0)
    return fail(EXIT_INPUT, "vw=%ld: the virtual warp size must be 0 (dynamic) or 1, 2, 4, 8, 16, 32", vw);
  if (vwmin < 1 || vwmin > 32 || (vwmin & (vwmin - 1)) != 0)
    return fail(EXIT_INPUT, "vwmin=%ld: 1, 2, 4, 8, 16 or 32", vwmin);
  if (assign < 0 || assign > 2) return fail(EXIT_INPUT, "assign=%ld: 0 rule, 1 virtual warps, 2 edge-discover", assign);
  if (k4 < 0 || k4 > 1 << 20) return fail(EXIT_INPUT, "k4=%ld: 0..1048576", k4);
  if (dp < 0 || dp > INT32_MAX) return fail(EXIT_INPUT, "dp=%ld: 0 (off) or a degree threshold", dp);
  if (stage < 0 || stage > 1 << 16) return fail(EXIT_INPUT, "stage=%ld: 0..65536 entries of shared memory", stage);
  if (hash < 0 || hash > 1 << 14 || (hash & (hash - 1)) != 0)
    return fail(EXIT_INPUT, "hash=%ld: 0 (off) or a power of two up to 16384 entries", hash);
  if (qcap < 0) return fail(EXIT_INPUT, "qcap=%ld: 0 (n entries) or positive", qcap);
  long hop = launch_knob(lc, "hop"), hopq = launch_knob(lc, "hopq"), hopmax = launch_knob(lc, "hopmax");
  if (hop < -1 || hop > HOP_MAX)
    return fail(EXIT_INPUT, "hop=%ld: -1 (auto), 0 (the paper's levels) or 1..%d levels per grid barrier", hop, HOP_MAX);
  if (hopq < 32 || hopq > 4096 || hopq % 32 != 0)
    return fail(EXIT_INPUT, "hopq=%ld: 32..4096, a multiple of 32 (entries of each block queue of the hop engine)", hopq);
  if (hopmax < 0 || hopmax > 1 << 20) return fail(EXIT_INPUT, "hopmax=%ld: 0..1048576 entries per block", hopmax);
  long leanq = launch_knob(lc, "leanq");
  if (leanq < 0 || leanq > LEAN_QMAX || leanq % 32 != 0)
    return fail(EXIT_INPUT, "leanq=%ld: 0 (as many as fit) or 32..%d, a multiple of 32", leanq, LEAN_QMAX);
  long sbits = launch_knob(lc, "sbits");
  if (sbits < 0 || sbits > 1 << 18) return fail(EXIT_INPUT, "sbits=%ld: 0 (off) .. 262144 bytes of shared memory", sbits);
  return 0;
}

static int bfs4k_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (bfs4k_check_knobs(lc)) return fail_code();
  if (lc->block % 32 != 0)
    return fail(EXIT_INPUT, "block %d: step 08 needs whole warps (a multiple of 32 threads)", lc->block);
  bfs4k_state_t *s = (bfs4k_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->lc = *lc;
  bfs4k_args_t *a = &s->a;
  a->offsets = g->offsets;
  a->cols = g->cols;
  a->n = g->n;
  a->loop = (int)launch_knob(lc, "loop");
  /* NEW (ours): mode auto (-1): with the device loop, multi-block levels only
   * on graphs of mean degree >= HOP_SPARSE_DEG: there a frontier of a few
   * hundred vertices already has thousands of edges (kron20: 45 vertices,
   * 221K edges), too many for one block, and a grid step costs one barrier;
   * the paper's switch (0) on sparser graphs and in the host loop */
  long mode = launch_knob(lc, "mode");
  if (mode == -1)
    mode = a->loop && (double)g->m >= HOP_SPARSE_DEG * (double)g->n ? MODE_MULTI : MODE_SWITCH;
  a->mode = (int)mode;
  a->scan = (int)launch_knob(lc, "scan");
  a->coalesce = (int)launch_knob(lc, "coalesce");
  a->stage = (int)launch_knob(lc, "stage");
  a->hash = (int)launch_knob(lc, "hash");
  a->hmask = a->hash ? (unsigned)a->hash - 1 : 0;
  a->vw = (int)launch_knob(lc, "vw");
  a->vwmin = (int)launch_knob(lc, "vwmin");
  a->assign = (int)launch_knob(lc, "assign");
  a->k4 = (int)launch_knob(lc, "k4");
  a->dp = (int)launch_knob(lc, "dp");
  a->visit = (int)launch_knob(lc, "visit");
  a->single = (unsigned long long)lc->block * (unsigned long long)launch_knob(lc, "k5");
  /* NEW: the hop engine, auto (-1): many levels per barrier on sparse graphs,
   * where levels are many and thin; one on dense ones, where a second hop
   * floods the block queues (the heads still shorten their small levels:
   * 10% on kron20, 37% on soc-Slashdot0902). The host loop (loop=0) runs the
   * paper's levels. */
  long hop = launch_knob(lc, "hop");
  if (hop == -1)
    hop = (double)g->m < HOP_ROAD_DEG * (double)g->n     ? HOP_AUTO
          : (double)g->m < HOP_SPARSE_DEG * (double)g->n ? HOP_AUTO_MESH
                                                          : 1;
  a->hop = a->loop ? (int)hop : 0;
  a->hopq = (int)launch_knob(lc, "hopq");
  long qcap = launch_knob(lc, "qcap");
  a->cap = qcap > 0 ? (unsigned long long)qcap : (unsigned long long)g->n;
  if (a->cap < 1) a->cap = 1;
  /* NEW: shared memory: the hash table (8-byte entries) then the staging area,
   * or the hop engine's two block queues (40 bytes an entry) in its place */
  s->smem = (size_t)a->hash * 8 + (size_t)a->stage * sizeof(vid_t);
  if (a->hop && HOP_OFF(a->hash) + (size_t)a->hopq * 80 > s->smem) s->smem = HOP_OFF(a->hash) + (size_t)a->hopq * 80;
  /* NEW (sbits): block 0's visited bitmap after the hop queues, if it fits in
   * sbits bytes; dropped below if it would cost the grid a block per SM */
  size_t smem_nobits = s->smem, bm_bytes = ((size_t)a->n + 31) / 32 * 4;
  if (a->hop && bm_bytes <= (size_t)launch_knob(lc, "sbits")) {
    a->sbw = (unsigned)(bm_bytes / 4);
    if (HOP_OFF(a->hash) + (size_t)a->hopq * 80 + bm_bytes > s->smem)
      s->smem = HOP_OFF(a->hash) + (size_t)a->hopq * 80 + bm_bytes;
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
  s->loop_kernel = lc->block <= 512 ? (const void *)bfs4k_loop512_kernel : (const void *)bfs4k_loop_kernel;
  s->single_kernel = lc->block <= 512 ? (const void *)bfs4k_single512_kernel : (const void *)bfs4k_single_kernel;
  const void *kernels[] = {(const void *)bfs4k_loop_kernel, (const void *)bfs4k_single_kernel,
                           (const void *)bfs4k_multi_kernel, (const void *)bfs4k_hub_kernel,
                           (const void *)bfs4k_loop512_kernel, (const void *)bfs4k_single512_kernel};
  for (int i = 0; i < 6; i++)
    CUDA_CHECK(cudaFuncSetAttribute(kernels[i], cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    (int)s->smem));
  int per_sm = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, s->loop_kernel, lc->block, s->smem));
  if (a->sbw) {
    int per_sm0 = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm0, s->loop_kernel, lc->block, smem_nobits));
    if (per_sm0 > per_sm) { /* the bitmap would shrink the grid: go without */
      a->sbw = 0;
      s->smem = smem_nobits;
      per_sm = per_sm0;
    }
  }
  if (per_sm < 1) {
    size_t need = s->smem;
    free(s);
    return fail(EXIT_INPUT, "block %d with %zu bytes of shared memory: not one block fits on an SM",
                lc->block, need);
  }
  /* NEW: the cooperative grid holds at most the resident blocks; -x caps it further */
  s->full = per_sm * lc->sm_count;
  s->grid_loop = lc->grid > 0 && lc->grid < s->full ? lc->grid : s->full;
  a->res_mb = (unsigned)((a->loop ? s->grid_loop : (lc->grid > 0 ? lc->grid : s->full)) * lc->block);
  a->hopmax = (unsigned long long)s->grid_loop * (unsigned long long)launch_knob(lc, "hopmax");
  if (a->loop) {
    int coop = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
    if (!coop) {
      free(s);
      return fail(EXIT_INPUT, "this GPU cannot launch cooperative grids: run with -K loop=0");
    }
  }
  /* NEW (lean prologue): sparse graphs (mean degree < HOP_ROAD_DEG: roads, grids)
   * whose bitmap and two queues of at least 256 entries fit in shared memory */
  if (a->loop && a->hop && launch_knob(lc, "lean") && a->mode != MODE_MULTI && lc->block <= 512 &&
      (double)g->m < HOP_ROAD_DEG * (double)g->n && a->n < LEAN_MORE) {
    size_t fixed = bm_bytes + 128 + 256; /* bitmap, dummy words, the runtime's reserve */
    size_t qc = fixed < (size_t)smem_max ? ((size_t)smem_max - fixed) / 40 / 32 * 32 : 0;
    size_t leanq = (size_t)launch_knob(lc, "leanq");
    if (qc >= 256) {
      if (qc > LEAN_QMAX) qc = LEAN_QMAX;
      if (leanq && leanq < qc) qc = leanq;
      s->pro = 1;
      s->pro_qc = (unsigned)qc;
      s->pro_smem = (size_t)s->pro_qc * 40 + 128 + bm_bytes;
      CUDA_CHECK(cudaFuncSetAttribute(bfs4k_lean_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                      (int)s->pro_smem));
    }
  }
  a->q[0] = (vid_t *)gpu_alloc(a->cap * sizeof(vid_t), "frontier queue 0");
  a->q[1] = (vid_t *)gpu_alloc(a->cap * sizeof(vid_t), "frontier queue 1");
  a->hubq = (vid_t *)gpu_alloc(a->cap * sizeof(vid_t), "hub list");
  a->ctl = (bfs4k_ctl_t *)gpu_alloc(sizeof(bfs4k_ctl_t), "loop state");
  if (a->hop) { /* NEW: the row heads, 32 bytes a vertex (and the prologue's 16, s->pro implies hop) */
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
#if BFS4K_CDP
  if (a->dp > 0 && !a->loop) {
    /* room for many pending child launches; a refused one goes to the hub list */
    cudaError_t e = cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 32768);
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
  if (a.trace) {
    /* -a only: marks for the duplicate count and the level rows (untraced runs allocate nothing) */
    if (!s->a.mark) {
      s->a.mark = (int *)gpu_alloc((size_t)(a.n ? a.n : 1) * sizeof(int), "duplicate marks (-a)");
      s->a.lv = (bfs4k_lv_t *)gpu_alloc(LV_CAP * sizeof(bfs4k_lv_t), "level rows (-a)");
    }
    a.mark = s->a.mark;
    a.lv = s->a.lv;
    CUDA_CHECK(cudaMemset(a.mark, 0xff, (size_t)(a.n ? a.n : 1) * sizeof(int)));
    CUDA_CHECK(cudaMemset(a.lv, 0, LV_CAP * sizeof(bfs4k_lv_t))); /* hop steps add into it */
  }
  int block = s->lc.block;
  bfs4k_ctl_t c;
  if (a.loop) {
    /* NEW (lean): the prologue's levels first, in the same stream (no readback) */
    a.pro = s->pro && !a.trace;
    if (a.pro) {
      bfs4k_lean_kernel<<<1, block, s->pro_smem>>>(a, src, s->pro_qc);
      LAUNCH_CHECK();
    }
    /* NEW: one launch for the whole traversal, no readback until the end */
    void *args[] = {&a, &src};
    CUDA_CHECK(cudaLaunchCooperativeKernel(s->loop_kernel, dim3(s->grid_loop),
                                           dim3(block), args, s->smem, 0));
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
  } else {
    CUDA_CHECK(cudaMemset(a.ctl, 0, sizeof(bfs4k_ctl_t)));
    CUDA_CHECK(cudaMemcpy(a.q[0], &src, sizeof src, cudaMemcpyHostToDevice));
    int level = 0, cur = 0;
    unsigned long long size = 1;
    while (size > 0) {
      if (a.mode == MODE_SINGLE || (a.mode == MODE_SWITCH && size <= a.single)) {
        void *sargs[] = {&a, &level, &cur, &size};
        CUDA_CHECK(cudaLaunchKernel(s->single_kernel, dim3(1), dim3(block), sargs, s->smem, 0));
        LAUNCH_CHECK();
        CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
        level = c.level;
        cur = c.cur;
        size = c.size;
        if (c.status) break;
        continue;
      }
      int vw, ed;
      bfs4k_shape(&a, size, a.res_mb, &vw, &ed);
      unsigned long long B = ed ? 32 : 32 / (unsigned)vw;
      unsigned long long warps = (size + B - 1) / B;
      unsigned long long gb = (warps * 32 + block - 1) / block;
      int grid = s->lc.grid > 0 ? s->lc.grid : (int)(gb < (unsigned long long)s->full ? gb : s->full);
      bfs4k_multi_kernel<<<grid, block, s->smem>>>(a, level, cur, size);
      LAUNCH_CHECK();
      CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
      unsigned long long nh = c.hubs[level % 3], nb = c.bigs[level % 3];
      if (nh || nb) { /* hubs whose child launch was refused, or the no-CDP build's hubs */
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
        c.rebuilds++;
        CUDA_CHECK(cudaMemcpy(&a.ctl->rebuilds, &c.rebuilds, sizeof c.rebuilds, cudaMemcpyHostToDevice));
        if (next > a.cap) {
          c.status = ST_TOOBIG;
          c.toobig = next;
          c.level = level + 1;
          break;
        }
      }
      if (a.trace) {
        bfs4k_dups_kernel<<<s->full, block>>>(a, level, cur, next);
        LAUNCH_CHECK();
        bfs4k_record_kernel<<<1, 1>>>(a, level, size, vw, ed, nh + nb);
        LAUNCH_CHECK();
      }
      c.pushes += next;
      c.mb_levels++;
      CUDA_CHECK(cudaMemcpy(&a.ctl->pushes, &c.pushes, sizeof c.pushes, cudaMemcpyHostToDevice));
      CUDA_CHECK(cudaMemcpy(&a.ctl->mb_levels, &c.mb_levels, sizeof c.mb_levels, cudaMemcpyHostToDevice));
      level++;
      cur ^= 1;
      size = next;
    }
    if (!c.status) c.level = level;
  }
  if (c.status == ST_TOOBIG)
    return fail(EXIT_INPUT, "a level from source %" PRIvid " has %llu vertices, more than the %llu "
                "entries of each queue (-K qcap)", src, c.toobig, a.cap);
  st->levels = c.level;
  st->pushes = (long long)c.pushes;
  st->duplicates = -1;
  if (a.trace) {
    int nl = c.level < LV_CAP ? c.level : LV_CAP;
    bfs4k_lv_t *h = (bfs4k_lv_t *)malloc((size_t)(nl ? nl : 1) * sizeof *h);
    if (!h) return fail(EXIT_INPUT, "out of host memory for the level trace");
    if (nl) CUDA_CHECK(cudaMemcpy(h, a.lv, (size_t)nl * sizeof *h, cudaMemcpyDeviceToHost));
    long long dups = 0, edges = 0;
    for (int l = 0; l < nl; l++) {
      /* multi-block hop levels: entries may repeat (a vertex lowered twice), not counted */
      long long dl = h[l].mode == MODE_HOPK ? -1 : (long long)h[l].dups;
      step_trace(st, l, (long long)h[l].frontier, (long long)h[l].edges, dl, -1.0f);
      if (dl > 0) dups += dl;
      edges += (long long)h[l].edges;
      /* greppable per-level lines for the lesson's trace figure */
      static const char *const mname[] = {"multi", "single", "multi", "hop1", "hopk"};
      printf("Level: %d %s frontier=%llu dups=%lld edges=%llu vw=%d %s hubs=%d\n", l,
             mname[h[l].mode], h[l].frontier, dl, h[l].edges, h[l].vw,
             h[l].ed ? "edge-discover" : h[l].mode >= MODE_HOP1 ? "heads" : "vwarp", h[l].hubs);
    }
    st->duplicates = dups;
    st->edges_inspected = edges;
    free(h);
  }
  if (getenv("BFS4K_VERBOSE"))
    fprintf(stderr, "bfs4k: %d levels: %d single-block, %d multi-block, %d in %d hop steps%s; "
            "%llu child grids, %llu refused; %d queue rebuilds\n", c.level, c.sb_levels, c.mb_levels,
            c.hop_levels, c.hop_steps, c.mixed ? " (label-correcting)" : "", c.children,
            c.child_fail, c.rebuilds);
  return 0;
}

static void bfs4k_fini(void *state) {
  bfs4k_state_t *s = (bfs4k_state_t *)state;
  gpu_free(s->a.q[0]);
  gpu_free(s->a.q[1]);
  gpu_free(s->a.hubq);
  gpu_free(s->a.ctl);
  gpu_free((void *)s->a.head);
  gpu_free((void *)s->a.lhead);
  gpu_free(s->a.mark);
  gpu_free(s->a.lv);
  free(s);
}

static const char *const bfs4k_variants[] = {"bfs4k", NULL};

static const knob_def_t bfs4k_knobs[] = {
    {"loop", 1, "level loop: 1 one cooperative grid (grid.sync), 0 the host (a launch and readback per level)"},
    {"mode", -1, "-1 auto (2 with loop=1 on graphs of mean degree >= 8, else 0); 0 single-block levels while |F| <= block * k5, else multi-block; 1 single-block only; 2 multi-block only"},
    {"k5", 1, "single-block threshold: frontier entries per thread of the block (paper K5)"},
    {"scan", 1, "allocation: 1 warp prefix sum (ballot/popc when binary) + block level, 2 prefix sum always, 0 one atomic per vertex"},
    {"vw", 0, "virtual warp size: 0 dynamic (resident threads / |F|, in [vwmin, 32]), or 1..32 fixed"},
    {"vwmin", 4, "smallest dynamic virtual warp (paper K1)"},
    {"assign", 2, "2 edge-discover always; 0 the paper's rule: edge-discover when |F| * k4 < resident threads, else virtual warps; 1 virtual warps"},
    {"k4", 1, "edge-discover rule (paper K4)"},
    {"dp", 1024, "hubs: out-degree > dp goes to a child grid (loop=0, CDP2) or the grid-wide hub pass; 0 off"},
    {"coalesce", 1, "1 coalesced entry reads (shuffled to virtual warps) and induced-coalescence writes; 0 off"},
    {"stage", 4096, "shared-memory staging entries: block queue (multi-block), two frontier queues (single-block); 0 off"},
    {"hash", 0, "duplicate-detection hash table entries per block (64-bit, shared memory, e.g. 2048); 0 off (faster on the H100)"},
    {"visit", 0, "0 benign-race visit (load, store), 1 atomicCAS (no duplicates; not in the paper)"},
    {"qcap", 0, "entries of each queue (0: n); small values test the overflow rebuild"},
    {"hop", -1, "hop engine (ours): levels per grid barrier with row heads; -1 auto (32 when mean degree < 5, 4 below 8, else 1), 0 off (the paper's levels); loop=1 only"},
    {"hopq", 512, "hop engine: entries of each block queue in shared memory (40 bytes each)"},
    {"hopmax", 64, "hop engine: multi-block hop steps while |F| <= hopmax * blocks, the paper's levels above"},
    {"sbits", 65536, "hop engine: block 0's visited bitmap in shared memory when n / 8 <= sbits bytes (and the grid keeps its blocks); 0 off"},
    {"lean", 1, "lean prologue (ours): a one-block kernel runs the first levels of sparse graphs (mean degree < 5, bitmap in shared memory, loop=1, -b <= 512, not with -a); 0 off"},
    {"leanq", 0, "lean prologue: entries of each of its two queues (0: as many as fit, at most 4096); a larger level goes to the loop kernel"},
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {"BFS-4K (Busato & Bombieri): every technique a knob, the level loop on the device",
                                 PROBLEM_BFS, bfs4k_knobs, bfs4k_variants, bfs4k_init, bfs4k_run,
                                 bfs4k_fini, bfs4k_check_knobs};
