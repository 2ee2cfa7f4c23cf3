/* hop.cuh - step 12's building blocks, the library of the rung above it.
 *
 * What step 13 takes from 12 unchanged: the engine's types (step 10's embedded
 * first), the rule's update after a hop step, the block queues with row heads,
 * the claims, the tails, the multi-block hop step and the loop's parts; its host
 * glue is support (harness/hop_host.cuh). Step 12's bfs.cu keeps the heads'
 * build, the single-block hop levels and the loop (13 replaces those three).
 */
#ifndef HOP_CUH
#define HOP_CUH

#include "../11_beamer/beamer.cuh" /* beamer's rule and counts; through it 10's levels */

enum { MODE_HOP1 = 3, MODE_HOPK = 4 }; /* NEW(12): -a's modes of hop levels, beside 08's MODE_* */

/* NEW(12): step 10's loop state, and the hop engine's. */
typedef struct {
  dobfs_ctl_t d;                /* step 10's (and in it 08's), first                   */
  int maxd;                     /* largest level a hop step set (the depth at the end)  */
  int mixed;                    /* a hop step spilled a level < L + k: label-correcting */
  unsigned long long hcnt[3];   /* pushes into the next queue of hop step i: hcnt[i % 3] */
  int plo[3], phi[3];           /* levels pushed to the global queue by hop step i % 3:
                                   DIST_INF - min, and max + 1 (0: none), for a rebuild */
  int hop_steps, hop_levels;    /* multi-block hop steps, levels in them                */
} hop_ctl_t;

/* NEW(12): step 10's arguments (d.ctl, d.b.ctl point at ctl->d), and the engine's. */
typedef struct {
  dobfs_args_t d;               /* step 10's, first: 10's functions take &a->d          */
  hop_ctl_t *ctl;               /* the same memory as d.ctl, with the engine's counters */
  const uint4 *head;            /* 2 per vertex: degree, first 7 neighbours             */
  unsigned long long hopmax;    /* frontier entries up to which a hop step runs         */
  int hop, hopq;                /* levels per grid barrier (0: step 10's levels),
                                   entries of each block queue of the hop engine        */
} hop_args_t;

/* NEW(12, hop): the rule after `levels` hop levels that end with `next` entries: it knows
 * the frontier's size, not its degrees: beamer counts afresh if its bound cannot decide. */
static __host__ __device__ __forceinline__ void hop_rule(const hop_args_t *a, dobfs_rule_t *rs,
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

/* Single-block levels hand over (thread 0): every counter set clean, where the loop stands. */
static __device__ void hop_hand_over(const hop_args_t *a, unsigned long long size, int level,
                                       int cur, unsigned long long pushes, int levels) {
  for (int z = 0; z < 3; z++) dobfs_zero_set(&a->d, z);
  a->ctl->d.b.size = size;
  a->ctl->d.b.level = level;
  a->ctl->d.b.cur = cur;
  a->ctl->d.b.pushes += pushes;
  a->ctl->d.b.sb_levels += levels;
}

/* ---- NEW(12, ours): the hop engine (README) -----------------------------------
 * Rows longer than HOP_IN: a tail pass (a warp a row; the whole block for more
 * than HOP_TAIL_BLOCK tail edges). */
#define HOP_IN 7             /* neighbours in a row head (word 0 is the degree) */
#define HOP_LONG 1024        /* rows longer than HOP_IN listed per round: up to blockDim */
#define HOP_TAIL_BLOCK (HOP_IN * 32 * 4) /* tails longer than 4 warp passes: the whole block */
#define HOP_MAX 64           /* largest `hop` */
#define HOP_AUTO HOP_MAX     /* hop=-1 (hop_read_knobs): levels per grid barrier */
#define HOP_ROAD_DEG 5       /* ... below mean out-degree 5 (roads, grids),     */
#define HOP_AUTO_MESH 4      /* ... 4 below HOP_SPARSE_DEG (meshes: a deeper    */
#define HOP_SPARSE_DEG 8     /* hop floods the block queues), 0 from there on   */
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
} hop_sink_t;

static __device__ __forceinline__ void hop_put(const hop_args_t *a, const hop_sink_t *sk,
                                               unsigned long long pos, vid_t x, dist_t nv,
                                               uint4 h0, uint4 h1) {
  if (sk->kind != HOP_OUT && pos < sk->cap) {
    sk->q.h[2 * pos] = h0;
    sk->q.h[2 * pos + 1] = h1;
    sk->q.v[pos] = x;
    sk->q.val[pos] = nv;
    return;
  }
  if (sk->kind == HOP_SPILL) {
    if (pos < a->d.b.cap) sk->gq[pos] = x; /* past cap: counted, the level is too big (error) */
    return;
  }
  if (sk->kind == HOP_MIXED) {
    pos = atomicAdd(sk->gcnt, 1ULL);
    atomicOr(&a->ctl->mixed, 1);
  }
  if (pos < a->d.b.cap) sk->gq[pos] = x; /* past cap: counted, rebuilt from dist */
  atomicMin(sk->lo, nv);
  atomicMax(sk->hi, nv);
}

/* Claim a lane's targets x[u], u in [u0, u1) with bit u of has, at level nv (all 32 lanes):
 * atomicMin on dist and the head of x in flight together; the lanes that lowered dist push
 * (one atomic per warp). Returns nv if this lane set anything, else -1. */
static __device__ __forceinline__ dist_t hop_claim_range(const hop_args_t *a, const hop_sink_t *sk,
                                                         unsigned has, const vid_t x[HOP_IN],
                                                         dist_t nv, const int u0, const int u1) {
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
    old[u] = atomicMin(&a->d.b.dist[x[u]], nv);
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
    base = sk->kind == HOP_OUT ? atomicAdd(sk->gcnt, (unsigned long long)tot)
                               : atomicAdd(sk->scnt, tot);
  base = __shfl_sync(DEV_FULL_MASK, base, 0) + __popc(b0 & lt) + 2 * __popc(b1 & lt) +
         4 * __popc(b2 & lt);
#pragma unroll
  for (int u = u0; u < u1; u++)
    if (imp >> u & 1) hop_put(a, sk, base++, x[u], nv, h0[u], h1[u]);
  return imp ? nv : -1;
}

/* Targets 0-3, then 4-6 only if a lane of the warp has them (few registers
 * live at once: a grid vertex has at most 4 neighbours). */
static __device__ __forceinline__ dist_t hop_claim(const hop_args_t *a, const hop_sink_t *sk,
                                                   unsigned has, const vid_t x[HOP_IN],
                                                   dist_t nv) {
  dist_t m = hop_claim_range(a, sk, has, x, nv, 0, 4);
  if (__any_sync(DEV_FULL_MASK, has >> 4)) {
    dist_t m2 = hop_claim_range(a, sk, has, x, nv, 4, HOP_IN);
    if (m2 > m) m = m2;
  }
  return m;
}

/* The tail pass: the edges past HOP_IN of each listed row, a warp a row (rows of 10-100
 * edges cost one chain of loads, not one a row), then the whole block on each row of more
 * than HOP_TAIL_BLOCK tail edges (one loop, one claim site: measured slower on the H100). */
static __device__ __forceinline__ dist_t hop_tails(const hop_args_t *a, const hop_sink_t *sk,
                                                   unsigned nl, const vid_t *lv,
                                                   const dist_t *lval, unsigned short *lbig,
                                                   unsigned *nbig) {
  unsigned t = threadIdx.x, bd = blockDim.x, lane = t & 31;
  dist_t mx = -1;
  for (unsigned j = t / 32; j < nl; j += bd / 32) { /* warp-uniform: one row a warp */
    vid_t v = lv[j];
    eid_t b = a->d.b.offsets[v] + HOP_IN, e = a->d.b.offsets[v + 1];
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
          x[u] = __ldg(&a->d.b.cols[k]);
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
    eid_t b = a->d.b.offsets[v] + HOP_IN, e = a->d.b.offsets[v + 1];
    for (eid_t s0 = b; s0 < e; s0 += (eid_t)HOP_IN * bd) {
      unsigned has = 0;
      vid_t x[HOP_IN];
#pragma unroll
      for (int u = 0; u < HOP_IN; u++) {
        eid_t k = s0 + (eid_t)u * bd + t;
        x[u] = 0;
        if (k < e) {
          has |= 1u << u;
          x[u] = __ldg(&a->d.b.cols[k]);
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

/* The engine's shared memory: counters, the tail list; its two block queues of hopq entries
 * reuse the staging area (init sizes it). */
typedef struct {
  unsigned cnt[3], lcnt[3];
  int lo, hi, maxd;
  vid_t lv[HOP_LONG];
  dist_t lval[HOP_LONG];
  unsigned nbig;                /* NEW(12): rows of the tail pass for the whole block ... */
  unsigned short lbig[HOP_LONG]; /* ... their places in lv */
} hop_shared_t;
static __shared__ hop_shared_t hop_sh; /* one for both (single and multi-block hops) */

static __device__ hopq_t hop_queue(const hop_args_t *a, int which) {
  extern __shared__ unsigned long long smem[];
  char *base = (char *)smem + HOP_OFF(a->d.b.hash) + (size_t)which * a->hopq * 40;
  hopq_t q;
  q.h = (uint4 *)base;
  q.v = (vid_t *)(base + (size_t)a->hopq * 32);
  q.val = (dist_t *)(base + (size_t)a->hopq * 36);
  return q;
}

/* One hop of a block (every thread): a thread per entry of [0, nin), below nin_s from the
 * block queue `in` (with its head), the rest from global gin (head and level loaded). Each
 * round of blockDim entries (at least one) ends with a barrier, then the tails of the rows it
 * listed (at most blockDim: no overflow); *rs counts rounds (round r's list: lcnt[r % 3]). */
static __device__ __forceinline__ dist_t hop_expand(const hop_args_t *a, const hop_sink_t *sk,
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
    } else if (i < nin) {
      vid_t v = __ldcg(&gin[i]);
      w0 = __ldg(&a->head[2 * (size_t)v]);
      w1 = __ldg(&a->head[2 * (size_t)v + 1]);
      val = __ldcg(&a->d.b.dist[v]);
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

/* One hop with its barriers: the next level's entries (also those past the block queue). */
static __device__ __forceinline__ unsigned hop_level(const hop_args_t *a, hop_shared_t *sh,
                                                     const hop_sink_t *sk, hopq_t in,
                                                     unsigned nin_s, const vid_t *gin,
                                                     unsigned nin, int h, unsigned *rs, dist_t *mx,
                                                     unsigned long long *edges) {
  dist_t m = hop_expand(a, sk, sh, rs, in, nin_s, gin, nin, edges);
  if (m > *mx) *mx = m;
  unsigned next = sh->cnt[h];
  /* hop h + 2's: every thread read it a hop ago */
  if (threadIdx.x == 0) sh->cnt[h == 0 ? 2 : h - 1] = 0;
  return next;
}

/* ---- NEW(12): the loop's state, step 10's and the engine's (a copy a thread) ---- */
typedef struct {
  dobfs_loop_t l;               /* step 10's                                            */
  int hs;                       /* multi-block hop steps so far (their counters: hs % 3) */
  int mixed;                    /* a step went label-correcting: every later one is a hop */
  int hop_end;                  /* the loop ended inside a hop step: at least this level */
  int after_hop;                /* the last step was a hop step (its counter sets differ) */
} hop_loop_t;

static __device__ __forceinline__ void hop_loop_init(const hop_args_t &a, hop_loop_t *H) {
  dobfs_loop_init(a.d, &H->l);
  H->hs = 0;
  H->mixed = 0;
  H->hop_end = 0;
  H->after_hop = 0;
}

#include "hop_host.cuh" /* support: knobs, launch set-up, -a, the verbose counts, rebuild */

/* Hop step i counts in hop set i % 3 (README); while it runs, thread 0 of block 0 zeroes
 * set i + 1 and the level set zn the level after it uses (zn = -1: the level before the
 * step may still read it, the caller zeroes it after the step's barrier). */
static __device__ void hop_zero_next(const hop_args_t *a, int ci, int zn) {
  int z = ci == 2 ? 0 : ci + 1;
  a->ctl->hcnt[z] = 0;
  a->ctl->plo[z] = 0;
  a->ctl->phi[z] = 0;
  a->ctl->d.b.rebuild = 0;
  if (zn >= 0) dobfs_zero_set(&a->d, zn);
}

/* NEW(12): a multi-block hop step (every block; a grid.sync() follows): block b runs its
 * slice of q[cur] `hop` levels deep in shared memory, the last level's claims to q[cur ^ 1]. */
static __device__ void hop_multi(const hop_args_t *a, int level, int cur, unsigned long long size,
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
  unsigned nin = (unsigned)(start < size ? (size - start < chunk ? size - start : chunk) : 0),
           nin_s = 0;
  const vid_t *gin = a->d.b.q[cur] + start;
  int h = 0;
  dist_t mx = -1;
  for (int k = 1; k <= a->hop; k++) {
    hop_sink_t sk = {qout, (unsigned)a->hopq, &sh->cnt[h], a->d.b.q[cur ^ 1], &a->ctl->hcnt[ci],
                     k < a->hop ? HOP_MIXED : HOP_OUT, &sh->lo, &sh->hi};
    unsigned long long edges = 0;
    unsigned next =
        hop_level(a, sh, &sk, qin, nin_s, gin, nin, h, &rs, &mx, a->d.b.trace ? &edges : NULL);
    /* frontier and edges of the level, summed over blocks */
    if (a->d.b.trace && level + k - 1 < LV_CAP) {
      if (t == 0 && nin) atomicAdd(&a->d.lv[level + k - 1].frontier, (unsigned long long)nin);
      if (edges) atomicAdd(&a->d.lv[level + k - 1].edges, edges);
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

/* A multi-block hop step: `hop` levels, one grid barrier. */
static __device__ __forceinline__ int hop_loop_step(const hop_args_t &a, hop_loop_t *H, int b0) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  dobfs_loop_t *L = &H->l;
  int ci = H->hs % 3, zn = (L->level + a.hop) % 3;
  /* the previous level's set: read until the barrier */
  int late = !H->after_hop && zn == (L->level + 2) % 3;
  hop_multi(&a, L->level, L->cur, L->size, ci, late ? -1 : zn);
  grid.sync();
  H->hs++;
  unsigned long long next = ld_volatile(&a.ctl->hcnt[ci]);
  H->mixed = ((volatile hop_ctl_t *)a.ctl)->mixed;
  if (next > a.d.b.cap) {
    next = hop_loop_rebuild(a, H, ci, b0);
    late = 1;
  }
  if (late) { /* now every thread has read it */
    if (b0) dobfs_zero_set(&a.d, zn);
    grid.sync();
  }
  H->after_hop = 1;
  hop_loop_count(a, L->level, b0);
  L->pushes += next;
  H->hop_end = L->level + 1; /* if the BFS ends in this step: at least one more level */
  hop_rule(&a, &L->rs, next, a.hop);
  L->level += a.hop;
  L->cur ^= 1;
  L->size = next;
  return L->size == 0;
}

#endif /* HOP_CUH */
