/* bfs4k.cuh - step 08's building blocks, the library of the rungs above it:
 * what steps 10, 12 and 13 take from 08 unchanged. The level loop's types, the
 * push (5.1, 5.6), the visit and its hash (6), the hub claim and list (5.3),
 * the flush, the expansion (5.2, 5.4, 5.6), a multi-block level, the hub pass.
 * Support, no lesson: harness/bfs4k_support.cuh (overflow rebuilds, -a's
 * counts, zeroing) and bfs4k_host.cuh (knobs, variants, queues). 08's bfs.cu
 * holds its single-block levels, both loops and its glue. */
#ifndef BFS4K_CUH
#define BFS4K_CUH

#include <string.h>

#include <cooperative_groups.h>

#include "dev.cuh"
#include "gpu.h"
#include "step.h"

#define LQ 6                 /* NEW(08): local queue: edge slots per lane and round (registers;
                                measured on the H100: 6 beat 4 and 8 on every graph) */
#define CHILD_BLOCK 256 /* NEW(08): child grids (loop=0 hubs): the paper's K3 = 16 edges a thread */
#define CHILD_K3 16
#define CHILD_MAX 1024 /* NEW(08): child grids a level at most; more hubs go to the hub list */
#define LV_CAP (1 << 18)     /* levels with a trace row (-a)                  */
#ifdef GALLERY_NO_CDP        /* sanitizer build: no device launches, hubs go to the hub pass */
#define BFS4K_CDP 0
#else
#define BFS4K_CDP 1
#endif

enum { MODE_SWITCH = 0, MODE_SINGLE = 1, MODE_MULTI = 2 };
enum { ST_OK = 0, ST_TOOBIG = 1 };
#define HUB_GRID 32768 /* hubs with more edges: the whole grid on each; smaller: a block */

/* NEW(08): the loop's state lives on the device (loop=1 never comes back before the end). */
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
  unsigned long long kids[3];   /* child grids launched by level L (at most CHILD_MAX) */
} bfs4k_ctl_t;

typedef struct {
  unsigned long long frontier, edges, dups;
  int mode, vw, ed, hubs;
} bfs4k_lv_t;

typedef struct bfs4k_args_t { /* tagged: a rung above declares its hook's function with it */
  const eid_t *offsets;
  const vid_t *cols;
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
  unsigned long long *hubw;      /* NEW(08): per vertex, the level it was last claimed as a hub:
                                   (epoch << 32) | level, so no run has to clear it */
  unsigned long long epoch;
  unsigned res_mb;              /* resident threads of the multi-block grid */
  unsigned hmask;
} bfs4k_args_t;

/* Where a warp's vertices go: SB, positions of the next frontier (below sqcap
 * in shared memory, the rest in global memory at the same index); MB, the
 * block queue in shared memory, the rest straight to the global queue. */
typedef struct bfs4k_sink_t { /* tagged, as bfs4k_args_t */
  vid_t *sq;
  unsigned long long sqcap;
  unsigned long long *scnt;
  vid_t *gq;
  unsigned long long *gcnt;
  unsigned long long *hcnt;     /* NEW(08): entries of the hub list (shared in SB) */
  unsigned long long *bcnt;     /* NEW(08): big hubs (MB; NULL: all in the hub list) */
  int sb;
} bfs4k_sink_t;

static __device__ __forceinline__ unsigned long long ld_volatile(const unsigned long long *p) {
  return *(const volatile unsigned long long *)p;
}

/* NEW(08, ours, cache hints): columns and row offsets are read once a level and far
 * exceed the L2 (uniform22: 537 MB of columns); dist (16 MB) is read once an edge.
 * Streaming loads (ld.global.cs, evict first) leave the L2 to dist. Only for data
 * no thread writes in the kernel: the queues are read through the L2 (__ldcg). */
static __device__ __forceinline__ vid_t ld_stream_v(const vid_t *p) { return __ldcs(p); }
static __device__ __forceinline__ eid_t ld_stream_e(const eid_t *p) { return __ldcs(p); }

/* NEW(08): the virtual-warp size and the assignment of a level (5.2, 5.4). */
static inline __host__ __device__ void bfs4k_shape(const bfs4k_args_t *a, unsigned long long size,
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

/* NEW(08, 5.1, 5.6): the vertices a warp found in one round go out together.
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
    /* NEW(08, induced coalescence): the k-th vertex of every lane, k < min, at
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

/* NEW(08): visit the slots' targets, drop duplicates the hash sees (Fig. 11),
 * push the rest. ht: this block's table (NULL: off). */
static __device__ void bfs4k_visit(const bfs4k_args_t *a, const bfs4k_sink_t *sk,
                                   volatile unsigned long long *ht, dist_t next,
                                   const int ok[LQ], const vid_t v[LQ]) {
  dist_t d[LQ];
#pragma unroll
  /* L2: other SMs' stores */
  for (int s = 0; s < LQ; s++) d[s] = ok[s] ? __ldcg(&a->dist[v[s]]) : 0;
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
/* NEW(08, 5.3): a child grid for one hub (loop=0): K3 = 16 edges a thread, no hash. */
static __global__ void bfs4k_child_kernel(const __grid_constant__ bfs4k_args_t a, dist_t next,
                                          eid_t beg, unsigned long long deg, vid_t *out,
                                          int lvl3) {
  bfs4k_sink_t sk = {NULL, 0, NULL, out, &a.ctl->cnt[lvl3], NULL, NULL, 0};
  unsigned long long warp = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32;
  unsigned long long nwarps = (unsigned long long)gridDim.x * blockDim.x / 32;
  bfs4k_row(&a, &sk, NULL, next, beg, deg, warp, nwarps);
}
#endif

/* NEW(08): a vertex of more than dp out-edges. Returns 1 when someone else expands
 * it: a child grid (loop=0) or the hub list; 0 when its virtual warp must. */
static __device__ int bfs4k_hub(const bfs4k_args_t *a, const bfs4k_sink_t *sk, int level, vid_t u,
                                eid_t beg, unsigned long long deg, int cdp) {
  /* NEW(08): claim the hub for this level first: the benign race may queue it
   * many times, and each copy would launch a child grid or list it again. */
  unsigned long long tag = a->epoch << 32 | (unsigned)level;
  if (atomicExch(&a->hubw[u], tag) == tag) return 1; /* another copy has it */
#if BFS4K_CDP
  /* at most CHILD_MAX a level (a launch costs microseconds, the pool is finite); more: the list */
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

/* Expand queue entries [0, size) with `nwarps` warps; this is warp `warp`.
 * Entries below in_scap are read from shared memory (SB), the rest from in_g.
 * edges, ein: this thread's sums of the entries' out- and in-edges (in_off:
 * the in-edge offsets), each NULL when not counted (08 never counts ein). */
static __device__ void bfs4k_expand(const bfs4k_args_t *a, const bfs4k_sink_t *sk,
                                    volatile unsigned long long *ht, const vid_t *in_s,
                                    unsigned long long in_scap, const vid_t *in_g,
                                    unsigned long long size, int level, int vw, int ed, int cdp,
                                    unsigned long long warp, unsigned long long nwarps,
                                    unsigned long long *edges, const eid_t *in_off,
                                    unsigned long long *ein) {
  unsigned lane = threadIdx.x & 31;
  dist_t next = level + 1;
  unsigned B = ed ? 32 : 32 / vw; /* entries a warp takes per batch */
  for (unsigned long long i0 = warp * B; i0 < size; i0 += nwarps * B) {
    vid_t u = 0;
    eid_t beg = 0;
    unsigned long long deg = 0;
    /* NEW(08, 5.6, coalesced reads): lane l < B reads entry i0 + l and its row,
     * consecutive lanes, consecutive addresses; shuffles hand them out. */
    if ((ed || a->coalesce) && lane < B && i0 + lane < size) {
      unsigned long long i = i0 + lane;
      u = i < in_scap ? in_s[i] : __ldcg(&in_g[i]); /* L2: other SMs wrote the queue */
      beg = ld_stream_e(&a->offsets[u]);
      deg = ld_stream_e(&a->offsets[u + 1]) - beg;
      if (edges) *edges += deg;
      if (ein) *ein += in_off[u + 1] - in_off[u]; /* a rung above counts in-edges; 08: NULL */
      if (a->dp > 0 && deg > (unsigned long long)a->dp &&
          bfs4k_hub(a, sk, level, u, beg, deg, cdp))
        deg = 0;
    }
    if (ed) {
      /* NEW(08, 5.4, edge-discover): a prefix sum of the 32 degrees; lane x of a round owns
       * edge x of the batch, whose owner is the count of prefix sums <= x (binary search) */
      unsigned long long incl = dev_warp_incl64(deg);
      unsigned long long tot = __shfl_sync(DEV_FULL_MASK, incl, 31);
      /* edge x is cols[rb[o] + x] for its owner o (mod 2^64): one 64-bit shuffle, not two */
      eid_t rb = beg - (incl - deg);
      /* the search in 32 bits when the batch has < 2^32 edges (always, unless a
       * row of billions escapes the hub list): half the shuffles (-5%, uniform22) */
      int wide = tot > 0xffffffffULL; /* the same in all 32 lanes */
      unsigned incl32 = (unsigned)incl;
      for (unsigned long long c0 = 0; c0 < tot; c0 += 32 * LQ) {
        int ok[LQ]; vid_t v[LQ];
#pragma unroll
        for (int s = 0; s < LQ; s++) {
          unsigned long long x = c0 + 32 * s + lane;
          int o = 0;
          if (wide) {
#pragma unroll
            for (int st = 16; st >= 1; st >>= 1)
              if (__shfl_sync(DEV_FULL_MASK, incl, o + st - 1) <= x) o += st;
          } else {
#pragma unroll
            for (int st = 16; st >= 1; st >>= 1)
              if (__shfl_sync(DEV_FULL_MASK, incl32, o + st - 1) <= (unsigned)x) o += st;
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
    eid_t ub = 0;
    unsigned long long ud = 0;
    if (a->coalesce) {
      ub = __shfl_sync(DEV_FULL_MASK, beg, k);
      ud = __shfl_sync(DEV_FULL_MASK, deg, k);
    } else { /* every lane of the virtual warp reads the entry and row itself (06) */
      int taken = 0;
      unsigned long long i = i0 + k;
      if (i < size) {
        vid_t uu = i < in_scap ? in_s[i] : __ldcg(&in_g[i]);
        ub = a->offsets[uu];
        ud = a->offsets[uu + 1] - ub;
        if (edges && li == 0) *edges += ud;
        if (ein && li == 0) *ein += in_off[uu + 1] - in_off[uu];
        if (li == 0 && a->dp > 0 && ud > (unsigned long long)a->dp)
          taken = bfs4k_hub(a, sk, level, uu, ub, ud, cdp);
      }
      /* the lanes of a virtual warp take their leader's answer */
      if (__shfl_sync(DEV_FULL_MASK, taken, lane & ~(unsigned)(vw - 1))) ud = 0;
    }
    unsigned long long rounds =
        (ud + (unsigned long long)vw * LQ - 1) / ((unsigned long long)vw * LQ);
    unsigned long long rmax = dev_warp_max64(rounds); /* the warp's longest row */
    for (unsigned long long r = 0; r < rmax; r++) {
      int ok[LQ]; vid_t v[LQ];
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

/* A multi-block level's expansion, then its block queue's flush: every block of
 * the grid. stage: entries of the block queue in shared memory (0: none, every
 * warp pushes straight to the global queue); edges, in_off, ein: as in
 * bfs4k_expand. The caller zeroes the next level's counters and sums. */
static __device__ void bfs4k_multi_level(const bfs4k_args_t *a, int level, int cur,
                                         unsigned long long size, int ci, int cdp,
                                         unsigned long long stage, int *vw_out, int *ed_out,
                                         unsigned long long *edges, const eid_t *in_off,
                                         unsigned long long *ein) {
  extern __shared__ unsigned long long smem[];
  volatile unsigned long long *ht = a->hash ? smem : NULL;
  __shared__ unsigned long long s_cnt;
  if (threadIdx.x == 0) s_cnt = 0;
  __syncthreads();
  int vw, ed;
  bfs4k_shape(a, size, a->res_mb, &vw, &ed);
  *vw_out = vw;
  *ed_out = ed;
  bfs4k_sink_t sk = {(vid_t *)(smem + a->hash), stage, &s_cnt,
                     a->q[cur ^ 1], &a->ctl->cnt[ci], &a->ctl->hubs[ci], &a->ctl->bigs[ci], 0};
  unsigned long long warp = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32;
  unsigned long long nwarps = (unsigned long long)gridDim.x * blockDim.x / 32;
  bfs4k_expand(a, &sk, ht, NULL, 0, a->q[cur], size, level, vw, ed, cdp, warp, nwarps, edges,
               in_off, ein);
  if (sk.sqcap) bfs4k_flush(a, &sk); /* nothing staged (stage 0), nothing to flush */
}

/* The hub list's rows of up to HUB_GRID edges, a block on each: blocks take
 * hubs round robin (edges counted when listed). */
static __device__ __forceinline__ void bfs4k_hub_blocks(const bfs4k_args_t *a,
                                                        const bfs4k_sink_t *sk,
                                                        volatile unsigned long long *ht, int level,
                                                        unsigned long long nh) {
  for (unsigned long long h = blockIdx.x; h < nh; h += gridDim.x) {
    vid_t u = __ldcg(&a->hubq[h]);
    eid_t beg = a->offsets[u];
    bfs4k_row(a, sk, ht, level + 1, beg, a->offsets[u + 1] - beg, threadIdx.x / 32,
              blockDim.x / 32);
  }
}

/* hook: how the hub pass deals the list's rows to the blocks (a rung above: step 20) */
#ifndef BFS4K_HUB_DEAL
#define BFS4K_HUB_DEAL bfs4k_hub_blocks
#endif

/* The hub list of a multi-block level: its hubs of up to HUB_GRID edges dealt
 * to the blocks (bfs4k_hub_blocks: a block on each, round robin), then the
 * whole grid on each larger one. stage: entries of the block queue in shared
 * memory (0: none). */
static __device__ void bfs4k_hub_pass(const bfs4k_args_t *a, int level, int cur, int ci,
                                      unsigned long long nh, unsigned long long nb,
                                      unsigned long long stage) {
  extern __shared__ unsigned long long smem[];
  volatile unsigned long long *ht = a->hash ? smem : NULL;
  __shared__ unsigned long long s_cnt;
  if (threadIdx.x == 0) s_cnt = 0;
  __syncthreads();
  bfs4k_sink_t sk = {(vid_t *)(smem + a->hash), stage, &s_cnt,
                     a->q[cur ^ 1], &a->ctl->cnt[ci], NULL, NULL, 0};
  unsigned long long warp = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32;
  unsigned long long nwarps = (unsigned long long)gridDim.x * blockDim.x / 32;
  unsigned long long half = a->cap / 2;
  if (nh > half) nh = half;
  if (nb > a->cap - half) nb = a->cap - half;
  BFS4K_HUB_DEAL(a, &sk, ht, level, nh); /* the rows of up to HUB_GRID edges (hook) */
  for (unsigned long long h = 0; h < nb; h++) {
    vid_t u = __ldcg(&a->hubq[half + h]);
    eid_t beg = a->offsets[u];
    bfs4k_row(a, &sk, ht, level + 1, beg, a->offsets[u + 1] - beg, warp, nwarps);
  }
  if (sk.sqcap) bfs4k_flush(a, &sk); /* nothing staged (stage 0), nothing to flush */
}

/* A single-block level's hub list: the whole block on each row, in list order. */
static __device__ void bfs4k_single_hubs(const bfs4k_args_t *a, const bfs4k_sink_t *sk,
                                         volatile unsigned long long *ht, int level,
                                         unsigned long long nh) {
  for (unsigned long long h = 0; h < nh; h++) { /* hubs: the whole block on each row */
    vid_t u = __ldcg(&a->hubq[h]);
    eid_t beg = a->offsets[u]; /* its edges were counted when it was listed */
    bfs4k_row(a, sk, ht, level + 1, beg, a->offsets[u + 1] - beg, threadIdx.x / 32,
              blockDim.x / 32);
  }
  __syncthreads();
}

#include "bfs4k_support.cuh" /* support: the overflow rebuilds, -a's counting, zeroing */
#include "bfs4k_host.cuh" /* support: knob checks and reading, variants, the queues */

#endif /* BFS4K_CUH */
