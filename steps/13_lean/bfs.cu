/* Step 13 - lean: a one-block kernel of its own for the first levels of sparse graphs.
 *
 * Base:       12 (direction-optimizing BFS with the hop engine, every knob but
 *             loop), included from ../12_hop/hop.cuh (which includes step
 *             10's dobfs.cuh and step 08's bfs4k.cuh).
 * Adds (ours, not in the papers): the lean prologue (knobs lean, leanq): on
 *             sparse graphs (mean degree < 5) a one-block kernel of its own
 *             runs the first levels (few instructions a level: they, not
 *             memory, bound a small level; 16-byte heads of 4 neighbours, one
 *             load a claim; few registers, no spills) and hands over to the
 *             loop kernel: a lesson on register pressure and kernel
 *             specialization. The prologue's levels are top-down without the
 *             rule (on such a graph the rule's floor keeps them top-down);
 *             the loop starts from where it stopped. The same one-block idea in
 *             the loop kernel (knob sbits): while block 0 runs step 12's hop
 *             levels alone, "visited?" is a bit in shared memory instead of
 *             atomicMin on dist (lean_hop_bits; 12's claim chain copied with it).
 * Idea:       a small level is bound by the latency of its chain of
 *             instructions, not by memory; inside the loop kernel it shares the
 *             128 registers of every other path and spills. A kernel with one
 *             path holds it in 50 registers and lets warps without entries wait
 *             at the barrier and issue nothing (README: 2.0x on the grid).
 * Reference:  NVIDIA, CUDA C++ Best Practices Guide (register pressure,
 *             __launch_bounds__); V. Volkov, "Better performance at lower
 *             occupancy", GTC 2010. The hop engine: step 12 (hop.cuh); the
 *             rule: steps 10 and 11; BFS-4K's expansion: step 08.
 * Invariants: step 12's, for the loop kernel. The prologue runs one block
 *             alone, before the grid: it owns dist, so "visited?" is a bit in
 *             shared memory (set by atomicOr: the first to set it owns the
 *             vertex) and levels stay exact; a claimed vertex's level is stored
 *             a level late, or when it spills to global q, always before the
 *             kernel ends. It hands over level, queue and size in ctl; the loop
 *             kernel starts there and tells the rule the frontier came from
 *             top-down levels (hop_rule). Block 0's bitmap in the loop kernel
 *             (sbits): a set bit means dist is final or about to be stored: a
 *             claimed vertex's level is stored when it is expanded, or at the
 *             hand-over, always before the next grid.sync(); only sound for
 *             exact levels while one block owns dist, so never in a multi-block
 *             or label-correcting step.
 * Limits:     not with -a (traced runs are step 12's); 16 more bytes a vertex
 *             of device memory (lean heads); the bitmap must fit in shared
 *             memory beside the queues (up to ~1.5 M vertices on the H100);
 *             rows longer than 4 take a warp-wide walk from the column array.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cooperative_groups.h>

#include "../12_hop/hop.cuh" /* the hop engine; through it step 11's rule and steps 10 and 08's levels */

#define LEAN_NONE 0xffffffffu /* NEW(13): lean heads: no neighbour in this word */
#define LEAN_MORE 0xfffffffeu /* ... word 3: more than 4 neighbours, the row goes on in cols */

/* NEW(13): step 12's arguments, block 0's bitmap and the prologue's. */
typedef struct {
  hop_args_t h;                 /* step 12's, first: 12's functions take &a->h          */
  unsigned sbw;                 /* (sbits): words of block 0's visited bitmap in shared
                                   memory for the loop kernel's single-block levels (0: off) */
  const uint4 *lhead;           /* 1 per vertex: first 4 neighbours (LEAN_NONE,
                                   LEAN_MORE: the row goes on in cols from its fourth edge) */
  int pro;                      /* the lean prologue ran; the loop starts where it stopped */
} lean_args_t;

/* init: the row heads (degree, first HOP_IN neighbours) of every vertex, and
 * from the same reads, when lh is set, the lean prologue's 16-byte heads: the
 * first 4 neighbours, LEAN_NONE where the row is shorter; a row of more than 4
 * keeps 3 and LEAN_MORE in word 3. */
static __global__ void lean_head_kernel(const eid_t *off, const vid_t *cols, vid_t n, uint4 *head,
                                        uint4 *lh) {
  for (size_t v = blockIdx.x * (size_t)blockDim.x + threadIdx.x; v < n;
       v += (size_t)gridDim.x * blockDim.x) {
    eid_t b = off[v], d = off[v + 1] - b;
    unsigned w[8];
    w[0] = d > 0xffffffffULL ? 0xffffffffu : (unsigned)d;
    for (int r = 0; r < HOP_IN; r++) w[1 + r] = (eid_t)r < d ? cols[b + r] : 0;
    head[2 * v] = make_uint4(w[0], w[1], w[2], w[3]);
    head[2 * v + 1] = make_uint4(w[4], w[5], w[6], w[7]);
    if (lh) /* NEW(13, lean) */
      lh[v] =
          make_uint4(d > 0 ? w[1] : LEAN_NONE, d > 1 ? w[2] : LEAN_NONE, d > 2 ? w[3] : LEAN_NONE,
                     d > 4   ? LEAN_MORE
                     : d > 3 ? w[4]
                             : LEAN_NONE);
  }
}

/* ---- NEW(13, sbits): block 0's visited bitmap in the loop kernel ---------------
 * Where one block runs levels alone it owns dist: in the prologue, and in the
 * loop kernel's single-block hop levels (step 12's hop_single). There too
 * "visited?" is a bit in shared memory, sound only while levels are exact and
 * one block owns dist (never in a multi-block or label-correcting step). The
 * bitmap rides in a sink of 13's own (lean_sink_t: 12's sink, then the bitmap;
 * NULL: 12's atomicMin) from hop_single down to the claim, so every function
 * of that chain is 12's, copied with the bitmap's lines (marked NEW(13)); their
 * comments are in hop.cuh and 12's bfs.cu. The copies take this rung past the
 * size guides (~900 lines of its own, ~700 lines of make diff13). */
typedef struct {
  hop_sink_t s;                 /* step 12's, first                                     */
  unsigned *bm;                 /* block 0's visited bitmap (shared; NULL: atomicMin)   */
} lean_sink_t;

/* replaces: hop_put */
static __device__ __forceinline__ void lean_hop_put(const hop_args_t *a, const lean_sink_t *ls,
                                                    unsigned long long pos, vid_t x, dist_t nv,
                                                    uint4 h0, uint4 h1) {
  const hop_sink_t *sk = &ls->s;
  if (sk->kind != HOP_OUT && pos < sk->cap) {
    sk->q.h[2 * pos] = h0;
    sk->q.h[2 * pos + 1] = h1;
    sk->q.v[pos] = x;
    sk->q.val[pos] = nv;
    return;
  }
  if (sk->kind == HOP_SPILL) {
    if (ls->bm) a->d.b.dist[x] = nv; /* NEW(13): the next level reads it from dist */
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

/* replaces: hop_claim_range */
static __device__ __forceinline__ dist_t lean_hop_claim_range(const hop_args_t *a,
                                                              const lean_sink_t *ls, unsigned has,
                                                              const vid_t x[HOP_IN], dist_t nv,
                                                              const int u0, const int u1) {
  const hop_sink_t *sk = &ls->s;
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
    if (ls->bm) { /* NEW(13, sbits): block 0 alone, exact levels: the first to set the bit owns x */
      unsigned b = 1u << (x[u] & 31);
      old[u] = atomicOr(&ls->bm[x[u] >> 5], b) & b ? nv : DIST_INF;
    } else {
      old[u] = atomicMin(&a->d.b.dist[x[u]], nv);
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
    base = sk->kind == HOP_OUT ? atomicAdd(sk->gcnt, (unsigned long long)tot)
                               : atomicAdd(sk->scnt, tot);
  base = __shfl_sync(DEV_FULL_MASK, base, 0) + __popc(b0 & lt) + 2 * __popc(b1 & lt) +
         4 * __popc(b2 & lt);
#pragma unroll
  for (int u = u0; u < u1; u++)
    if (imp >> u & 1) lean_hop_put(a, ls, base++, x[u], nv, h0[u], h1[u]);
  return imp ? nv : -1;
}

/* replaces: hop_claim */
static __device__ __forceinline__ dist_t lean_hop_claim(const hop_args_t *a, const lean_sink_t *ls,
                                                        unsigned has, const vid_t x[HOP_IN],
                                                        dist_t nv) {
  dist_t m = lean_hop_claim_range(a, ls, has, x, nv, 0, 4);
  if (__any_sync(DEV_FULL_MASK, has >> 4)) {
    dist_t m2 = lean_hop_claim_range(a, ls, has, x, nv, 4, HOP_IN);
    if (m2 > m) m = m2;
  }
  return m;
}

/* replaces: hop_tails */
static __device__ __forceinline__ dist_t lean_hop_tails(const hop_args_t *a, const lean_sink_t *ls,
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
      dist_t m = lean_hop_claim(a, ls, has, x, lval[j] + 1);
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
      dist_t m = lean_hop_claim(a, ls, has, x, lval[j] + 1);
      if (m > mx) mx = m;
    }
  }
  __syncthreads();
  if (t == 0) *nbig = 0; /* the caller's barrier follows before the next tail pass */
  return mx;
}

/* replaces: hop_expand */
static __device__ __forceinline__ dist_t lean_hop_expand(const hop_args_t *a, const lean_sink_t *ls,
                                                         hop_shared_t *sh, unsigned *rs,
                                                         hopq_t in, unsigned nin_s,
                                                         const vid_t *gin, unsigned nin,
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
      /* NEW(13, sbits): the level of a vertex the bitmap claimed is stored now, a
       * level late: its latency hides behind this level's head loads, where
       * a store at the claim would hold up the barrier */
      if (ls->bm) a->d.b.dist[in.v[i]] = val;
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
    dist_t m = lean_hop_claim(a, ls, has, x, val + 1);
    if (m > mx) mx = m;
    __syncthreads();
    unsigned nl = sh->lcnt[li];
    if (threadIdx.x == 0) sh->lcnt[li == 0 ? 2 : li - 1] = 0; /* round r + 2's: read a round ago */
    if (nl) {
      m = lean_hop_tails(a, ls, nl, sh->lv, sh->lval, sh->lbig, &sh->nbig);
      if (m > mx) mx = m;
      __syncthreads();
    }
    (*rs)++;
    i0 += blockDim.x;
  } while (i0 < nin);
  return mx;
}

/* NEW(13, sbits): block 0's visited bitmap, after the two block queues: while
 * block 0 runs levels alone it is the only writer of dist, so "visited?" is
 * a bit in shared memory (a shared atomicOr, ~30 cycles on the H100) instead of
 * atomicMin on dist in the L2 (hundreds of cycles). Built from dist on entry: the
 * source alone at level 0, else every vertex with a level (n / 8 bytes of
 * shared memory, ~n * 4 bytes read once). The caller's barrier follows. */
static __device__ unsigned *lean_hop_bits(const lean_args_t *la, int level, int cur) {
  const hop_args_t *a = &la->h;
  extern __shared__ unsigned long long smem[];
  unsigned *bm = (unsigned *)((char *)smem + HOP_OFF(a->d.b.hash) + (size_t)a->hopq * 80);
  unsigned t = threadIdx.x, bd = blockDim.x;
  if (level == 0) {
    vid_t src = __ldcg(&a->d.b.q[cur][0]);
    for (unsigned w = t; w < la->sbw; w += bd) bm[w] = w == src / 32 ? 1u << (src % 32) : 0;
    return bm;
  }
  for (unsigned w = t; w < la->sbw; w += bd) {
    unsigned b = 0;
    if (32 * (unsigned long long)w + 32 <= a->d.b.n) { /* eight 16-byte loads in flight */
      const int4 *p = (const int4 *)(a->d.b.dist + 32 * (size_t)w);
      int4 d[8];
#pragma unroll
      for (int k = 0; k < 8; k++) d[k] = __ldcg(p + k);
#pragma unroll
      for (int k = 0; k < 8; k++)
        b |= (unsigned)(d[k].x != DIST_INF) << (4 * k) |
             (unsigned)(d[k].y != DIST_INF) << (4 * k + 1) |
             (unsigned)(d[k].z != DIST_INF) << (4 * k + 2) |
             (unsigned)(d[k].w != DIST_INF) << (4 * k + 3);
    } else {
      for (unsigned k = 0; 32 * (unsigned long long)w + k < a->d.b.n; k++)
        b |= (unsigned)(__ldcg(&a->d.b.dist[32 * (size_t)w + k]) != DIST_INF) << k;
    }
    bm[w] = b;
  }
  return bm;
}

/* replaces: hop_level */
static __device__ __forceinline__ unsigned lean_hop_level(const hop_args_t *a, hop_shared_t *sh,
                                                          const lean_sink_t *ls, hopq_t in,
                                                          unsigned nin_s, const vid_t *gin,
                                                          unsigned nin, int h, unsigned *rs,
                                                          dist_t *mx, unsigned long long *edges) {
  dist_t m = lean_hop_expand(a, ls, sh, rs, in, nin_s, gin, nin, edges);
  if (m > *mx) *mx = m;
  unsigned next = sh->cnt[h];
  /* hop h + 2's: every thread read it a hop ago */
  if (threadIdx.x == 0) sh->cnt[h == 0 ? 2 : h - 1] = 0;
  return next;
}

/* replaces: hop_single */
static __device__ void lean_hop_single(const lean_args_t *la, int level, int cur,
                                       unsigned long long size) {
  const hop_args_t *a = &la->h;
  hop_shared_t *sh = &hop_sh;
  unsigned rs = 0; /* rounds of hop_expand */
  unsigned t = threadIdx.x, bd = blockDim.x;
  if (t < 3) {
    sh->cnt[t] = 0;
    sh->lcnt[t] = 0;
  }
  if (t == 0) sh->nbig = 0;
  unsigned *bm = la->sbw ? lean_hop_bits(la, level, cur) : NULL; /* NEW(13) */
  __syncthreads();
  hopq_t qin = hop_queue(a, 0), qout = hop_queue(a, 1), qt;
  vid_t *gin = a->d.b.q[cur], *gout = a->d.b.q[cur ^ 1], *gt;
  int h = 0, levels = 0;
  unsigned nin = (unsigned)size, nin_s = 0; /* size <= n < 2^31 */
  unsigned long long pushes = 0;
  dist_t mx = -1;
  for (;;) {
    lean_sink_t sk = {{qout, (unsigned)a->hopq, &sh->cnt[h], gout, NULL, HOP_SPILL, NULL, NULL},
                      bm};
    unsigned long long edges = 0;
    unsigned next =
        lean_hop_level(a, sh, &sk, qin, nin_s, gin, nin, h, &rs, &mx, a->d.b.trace ? &edges : NULL);
    next = hop_too_big(a, next, t);
    hop_trace_single(a, level, nin, edges);
    pushes += next;
    levels++;
    level++;
    cur ^= 1;
    qt = qin; qin = qout; qout = qt;
    gt = gin; gin = gout; gout = gt;
    h = h == 2 ? 0 : h + 1;
    nin = next;
    nin_s = next < (unsigned)a->hopq ? next : (unsigned)a->hopq;
    if (nin == 0 || (a->d.b.mode != MODE_SINGLE && nin > a->d.b.single)) break;
  }
  /* hand over: the block queue's part of the frontier to q[cur] */
  for (unsigned i = t; i < nin_s; i += bd) {
    gin[i] = qin.v[i];
    if (bm) a->d.b.dist[qin.v[i]] = level; /* NEW(13): not expanded yet: its level now */
  }
  if (t == 0) hop_hand_over(a, nin, level, cur, pushes, levels);
  __threadfence();
  __syncthreads();
}

/* replaces: hop_loop_single */
static __device__ __forceinline__ int lean_hop_loop_single(const lean_args_t &la, hop_loop_t *H) {
  const hop_args_t &a = la.h;
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  dobfs_loop_t *L = &H->l;
  if (blockIdx.x == 0) lean_hop_single(&la, L->level, L->cur, L->size);
  grid.sync();
  int l2 = ((volatile hop_ctl_t *)a.ctl)->d.b.level;
  L->cur = ((volatile hop_ctl_t *)a.ctl)->d.b.cur;
  L->size = ld_volatile(&a.ctl->d.b.size);
  hop_rule(&a, &L->rs, L->size, l2 - L->level);
  L->level = l2;
  H->after_hop = 0; /* the hand-over zeroed every set */
  return L->size == 0;
}

/* NEW(13): the loop's level where the hop engine does not run (step 18 names its own) */
#ifndef LEAN_LOOP_LEVEL
#define LEAN_LOOP_LEVEL dobfs_loop_level
#endif

/* replaces: hop_loop_run */
static __device__ __forceinline__ void lean_hop_loop_run(const lean_args_t &la, hop_loop_t *H,
                                                         const int with_hop, int b0) {
  const hop_args_t &a = la.h;
  dobfs_loop_t *L = &H->l;
  while (L->size) {
    /* -a: a level's time runs from here (choice, scout and conversions
     * included) to its last grid.sync(), before the trace's own counting */
    L->tl = a.d.b.trace && b0 ? trace_clock() : 0;
    H->hop_end = 0;
    int hop = with_hop && a.hop && !L->in_bitmap &&
              (H->mixed || a.d.rule == RULE_TOPDOWN ||
               (a.d.rule != RULE_BOTTOMUP && L->rs.nf <= a.d.nf_td));
    if (hop) {
      if (!H->mixed &&
          (a.d.b.mode == MODE_SINGLE || (a.d.b.mode == MODE_SWITCH && L->size <= a.d.b.single))) {
        if (lean_hop_loop_single(la, H)) break;
        continue;
      }
      if (H->mixed || L->size <= a.hopmax) {
        if (hop_loop_step(a, H, b0)) break;
        continue;
      }
    }
    H->after_hop = 0;
    if (LEAN_LOOP_LEVEL(a.d, L, b0)) break; /* NEW(13): step 10's, or a rung's above */
  }
  if (H->hop_end) { /* ended inside a hop step: its deepest level */
    int d = ((volatile hop_ctl_t *)a.ctl)->maxd + 1;
    L->level = d > H->hop_end ? d : H->hop_end;
  }
  dobfs_loop_end(a.d, L, b0);
}

/* The whole BFS in one cooperative grid, as step 12's (its bfs.cu), started
 * where the lean prologue stopped when it ran. */
static __device__ __forceinline__ void lean_loop(const lean_args_t &a, vid_t src,
                                                 const int with_hop) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  int b0 = blockIdx.x == 0 && threadIdx.x == 0;
  if (b0 && !a.pro) { /* NEW(13): the prologue left its own state */
    memset(a.h.ctl, 0, sizeof *a.h.ctl);
    a.h.d.b.q[0][0] = src;
  }
  grid.sync();
  hop_loop_t H;
  hop_loop_init(a.h, &H);
  if (a.pro) { /* NEW(13): from where the prologue stopped (size 0: it finished) */
    H.l.level = ((volatile hop_ctl_t *)a.h.ctl)->d.b.level;
    H.l.cur = ((volatile hop_ctl_t *)a.h.ctl)->d.b.cur;
    H.l.size = ld_volatile(&a.h.ctl->d.b.size);
    hop_rule(&a.h, &H.l.rs, H.l.size, H.l.level);
  }
  lean_hop_loop_run(a, &H, with_hop, b0);
}

/* NEW(13, lean prologue, ours): the first levels of a sparse graph in a kernel of
 * their own. Block 0's levels are bound by the latency of their chain of
 * instructions (README, "The lean prologue"); inside the loop kernel they
 * share its 128 registers with every other path and spill. This kernel runs
 * one block with nothing else: the frontier and the heads in shared memory
 * (two queues of qc entries), the visited bitmap beside them, and per level
 * only what a level needs:
 *   warps without entries go straight to the barrier;
 *   each entry carries a 16-byte head (lhead, built with the hop engine's
 *   heads in lean_head_kernel: up to 4 neighbours), so a
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
static __device__ __forceinline__ void lean_put(const lean_args_t &a, uint4 *sm4, unsigned qc,
                                                int out, unsigned pos, vid_t x, dist_t nv,
                                                uint4 h) {
  if (pos < qc) {
    LQH(out)[pos] = h;
    LQV(out)[pos] = x;
  } else {
    a.h.d.b.dist[x] = nv;
    /* past cap: counted, the level is too big (error) */
    if (pos < a.h.d.b.cap) a.h.d.b.q[out][pos] = x;
  }
}

static __device__ __forceinline__ unsigned lean_claim(const lean_args_t &a, const uint4 *lhead,
                                                      unsigned *bm, uint4 *sm4, unsigned qc,
                                                      int out, unsigned *cnt, const vid_t x[4],
                                                      dist_t nv, int ns) {
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
  /* < 8: the warp's prefix sum from three ballots (as in hop_claim_range) */
  unsigned c = __popc(imp);
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

static __global__ void __launch_bounds__(512)
    lean_prologue_kernel(const __grid_constant__ lean_args_t a, vid_t src, unsigned qc) {
  extern __shared__ uint4 sm4[];
  /* 32 dummy words first */
  unsigned *bm = (unsigned *)(sm4 + (size_t)2 * qc) + (size_t)2 * qc + 32;
  __shared__ unsigned cnt[3];
  unsigned t = threadIdx.x, bd = blockDim.x;
  const uint4 *lhead = a.lhead;
  dist_t *dist = a.h.d.b.dist;
  /* opaque copies: kept in registers instead of re-read every level (S2R, LDC) */
  asm volatile("mov.u32 %0, %%tid.x;" : "=r"(t));
  asm volatile("mov.b64 %0, %1;" : "=l"(lhead) : "l"(lhead));
  asm volatile("mov.b64 %0, %1;" : "=l"(dist) : "l"(dist));
  unsigned lane = t & 31;
  for (unsigned w = t; w < (a.h.d.b.n + 31) / 32; w += bd) bm[w] = 0;
  if (t < 3) cnt[t] = 0;
  if (t == 0) memset(a.h.ctl, 0, sizeof *a.h.ctl);
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
        eid_t e = a.h.d.b.offsets[u + 1];
        for (eid_t k0 = a.h.d.b.offsets[u] + 3; k0 < e; k0 += 32) {
          eid_t k = k0 + lane;
          vid_t xy[4] = {k < e ? __ldg(&a.h.d.b.cols[k]) : LEAN_NONE, LEAN_NONE, LEAN_NONE,
                         LEAN_NONE};
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
    if (nin == 0 || nin > qc || nin > a.h.d.b.cap) break;
  }
  __shared__ unsigned long long sp;
  if (t == 0) sp = 0;
  __syncthreads();
  atomicAdd(&sp, pushes);
  if (nin > a.h.d.b.cap) { /* exact levels have no duplicates: the level is too big */
    if (t == 0) {
      a.h.ctl->d.b.status = ST_TOOBIG;
      a.h.ctl->d.b.toobig = nin;
    }
    nin = 0;
  }
  /* hand over: the shared part of the frontier to q[in], with its level */
  for (unsigned i = t; i < nin && i < qc; i += bd) {
    vid_t v = LQV(in)[i];
    a.h.d.b.q[in][i] = v;
    dist[v] = level;
  }
  __syncthreads();
  if (t == 0) hop_hand_over(&a.h, nin, level, in, sp, level);
}

/* Two builds of the loop: up to 512 threads a block the compiler may use 128
 * registers a thread (no spills); 1024-thread blocks allow 64.
 * hop: and each twice: with_hop = 0, a constant the compiler folds, spares
 * the graphs that never run the engine its registers (step 10's kernel). */
static __global__ void __launch_bounds__(1024)
    lean_dobfs_loop_kernel(const __grid_constant__ lean_args_t a, vid_t src) {
  lean_loop(a, src, 0);
}
static __global__ void __launch_bounds__(512)
    lean_dobfs_loop512_kernel(const __grid_constant__ lean_args_t a, vid_t src) {
  lean_loop(a, src, 0);
}
static __global__ void __launch_bounds__(1024)
    lean_hop_loop_kernel(const __grid_constant__ lean_args_t a, vid_t src) {
  lean_loop(a, src, 1);
}
static __global__ void __launch_bounds__(512)
    lean_hop_loop512_kernel(const __grid_constant__ lean_args_t a, vid_t src) {
  lean_loop(a, src, 1);
}

/* ---- host ------------------------------------------------------------------ */

typedef struct {
  dgraph_t g;
  launch_t lc;
  lean_args_t a;
  size_t smem;
  int full;       /* resident blocks of the multi-block kernels at this block size */
  int grid_loop;  /* blocks of the cooperative grid (loop=1) */
  const void *loop_kernel; /* the build for this block size */
  dev_rows_t rows; /* -a: the level rows */
  int pro;        /* NEW(13, lean): run the lean prologue first (untraced runs) */
  unsigned pro_qc; /* ... entries of each of its queues */
  size_t pro_smem;
  dobfs_host_t t;  /* host offsets, the transpose built here (step 10) */
} lean_state_t;

static int lean_check_knobs(const launch_t *lc) {
  if (dobfs_check_values(lc) || hop_check_values(lc)) return fail_code();
  long sbits = launch_knob(lc, "sbits");
  if (sbits < 0 || sbits > 1 << 18)
    return fail(EXIT_INPUT, "sbits=%ld: 0 (off) .. 262144 bytes of shared memory", sbits);
  long leanq = launch_knob(lc, "leanq"), lean = launch_knob(lc, "lean");
  if (lean < 0 || lean > 1) return fail(EXIT_INPUT, "lean=%ld: 0 or 1", lean);
  if (leanq < 0 || leanq > LEAN_QMAX || leanq % 32 != 0)
    return fail(EXIT_INPUT, "leanq=%ld: 0 (as many as fit) or 32..%d, a multiple of 32", leanq,
                LEAN_QMAX);
  return 0;
}

static void lean_fini(void *state);

/* NEW(13): the lean prologue runs on sparse graphs (mean degree < HOP_ROAD_DEG:
 * roads, grids) whose bitmap and two queues of at least 256 entries fit in
 * shared memory; its queues' size and shared memory into s. */
static int lean_setup(lean_state_t *s, const lean_args_t *a, const dgraph_t *g, const launch_t *lc,
                      size_t sb_bytes, int smem_max) {
  if (!(a->h.hop && launch_knob(lc, "lean") && a->h.d.b.mode != MODE_MULTI && lc->block <= 512 &&
        a->h.d.rule != RULE_BOTTOMUP && (double)g->m < HOP_ROAD_DEG * (double)g->n &&
        a->h.d.b.n < LEAN_MORE))
    return 0;
  size_t fixed = sb_bytes + 128 + 256; /* bitmap, dummy words, the runtime's reserve */
  size_t qc = fixed < (size_t)smem_max ? ((size_t)smem_max - fixed) / 40 / 32 * 32 : 0;
  size_t leanq = (size_t)launch_knob(lc, "leanq");
  if (qc >= 256) {
    if (qc > LEAN_QMAX) qc = LEAN_QMAX;
    if (leanq && leanq < qc) qc = leanq;
    s->pro = 1;
    s->pro_qc = (unsigned)qc;
    s->pro_smem = (size_t)s->pro_qc * 40 + 128 + sb_bytes;
    CUDA_CHECK(cudaFuncSetAttribute(
        lean_prologue_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)s->pro_smem));
  }
  return 0;
}

/* NEW(13, sbits): block 0's visited bitmap after the hop queues, if it fits in
 * sbits bytes and costs the cooperative grid no block per SM (else without it);
 * k and o as hop_launch_setup left them. */
static int lean_bits_setup(lean_args_t *a, const launch_t *lc, const void *const k[4],
                           coop_launch_t *o, size_t sb_bytes) {
  if (!a->h.hop || sb_bytes > (size_t)launch_knob(lc, "sbits")) return 0;
  size_t smem = HOP_OFF(a->h.d.b.hash) + (size_t)a->h.hopq * 80 + sb_bytes;
  if (smem < o->smem) smem = o->smem;
  if (smem + 256 > (size_t)o->smem_max) return 0; /* the bitmap does not fit: go without */
  for (int i = 0; i < 4; i++)
    CUDA_CHECK(
        cudaFuncSetAttribute(k[i], cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
  int full = 0;
  int grid = dev_coop_grid(o->loop_kernel, lc->block, smem, lc->sm_count, lc->grid, &full);
  if (full < o->full) return 0; /* the bitmap would shrink the grid: go without */
  a->sbw = (unsigned)(sb_bytes / 4);
  o->smem = smem;
  o->grid_loop = grid;
  return 0;
}

static int lean_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (lean_check_knobs(lc)) return fail_code();
  if (dev_need_warps(lc->block, "13")) return fail_code();
  const graph_t *h = (const graph_t *)g->host;
  if (!h) return fail(EXIT_INPUT, "this step needs the host graph (for the transpose)");
  lean_state_t *s = (lean_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->lc = *lc;
  lean_args_t *la = &s->a;
  hop_args_t *ha = &la->h;
  dobfs_args_t *a = &ha->d; /* step 10's part, by step 10's name */
  hop_read_knobs(ha, g, lc);
  const void *const k[4] = {
      (const void *)lean_dobfs_loop_kernel, (const void *)lean_dobfs_loop512_kernel,
      (const void *)lean_hop_loop_kernel, (const void *)lean_hop_loop512_kernel};
  coop_launch_t o = {0, 0, 0, 0, NULL};
  size_t sb_bytes = ((size_t)a->b.n + 31) / 32 * 4; /* NEW(13): a bit per vertex */
  if (hop_launch_setup(ha, lc, k, &o) || lean_bits_setup(la, lc, k, &o, sb_bytes)) {
    free(s);
    return fail_code();
  }
  s->smem = o.smem;
  s->full = o.full;
  s->grid_loop = o.grid_loop;
  s->loop_kernel = o.loop_kernel;
  a->b.res_mb = (unsigned)(s->grid_loop * lc->block);
  bfs4k_alloc_queues(&a->b);
  ha->ctl = (hop_ctl_t *)gpu_alloc(sizeof(hop_ctl_t), "loop state");
  a->ctl = &ha->ctl->d;
  a->b.ctl = &a->ctl->b;
  if (lean_setup(s, la, g, lc, sb_bytes, o.smem_max)) return fail_code();
  /* NEW(13, hop): the row heads, 32 bytes a vertex (and the prologue's 16, s->pro implies hop) */
  if (ha->hop) {
    uint4 *head = (uint4 *)gpu_alloc((size_t)(a->b.n ? a->b.n : 1) * 2 * sizeof(uint4),
                                     "row heads (hop)");
    uint4 *lh = s->pro ? (uint4 *)gpu_alloc((size_t)(a->b.n ? a->b.n : 1) * sizeof(uint4),
                                            "row heads (lean)")
                       : NULL;
    if (a->b.n) {
      lean_head_kernel<<<s->full, lc->block>>>(g->offsets, g->cols, a->b.n, head, lh);
      LAUNCH_CHECK();
      CUDA_CHECK(cudaDeviceSynchronize());
    }
    ha->head = head;
    la->lhead = lh;
  }
  if (dobfs_in_edges(&s->t, a, g, h)) {
    int rc = fail_code();
    lean_fini(s);
    return rc;
  }
  *state = s;
  return 0;
}

static int lean_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  lean_state_t *s = (lean_state_t *)state;
  lean_args_t a = s->a;
  if (dobfs_run_args(&a.h.d, &s->a.h.d, &s->t, &s->rows, s->g.m, src, d_dist, st))
    return fail_code();
  int block = s->lc.block;
  hop_ctl_t c;
  memset(&c, 0, sizeof c);
  /* NEW(13, lean): the prologue's levels first, in the same stream */
  a.pro = s->pro && !a.h.d.b.trace;
  if (a.pro) {
    lean_prologue_kernel<<<1, block, s->pro_smem>>>(a, src, s->pro_qc);
    LAUNCH_CHECK();
    /* NEW(13, lean): the prologue's state; if it finished the traversal (a road
     * network), the grid is not launched: the loop kernel would find size 0 */
    CUDA_CHECK(cudaMemcpy(&c, a.h.ctl, sizeof c, cudaMemcpyDeviceToHost));
  }
  if (!a.pro || c.d.b.size) {
    /* one launch for the whole traversal, no readback until the end */
    void *args[] = {&a, &src};
    CUDA_CHECK(cudaLaunchCooperativeKernel(s->loop_kernel, dim3(s->grid_loop),
                                           dim3(block), args, s->smem, 0));
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(&c, a.h.ctl, sizeof c, cudaMemcpyDeviceToHost));
  }
  if (dobfs_run_stats(&c.d.b, &a.h.d, src, &s->rows, st, hop_modes, 5)) return fail_code();
  hop_verbose(&c, s->grid_loop, block);
  return 0;
}

static void lean_fini(void *state) {
  lean_state_t *s = (lean_state_t *)state;
  dobfs_free(&s->a.h.d, &s->t, &s->rows);
  gpu_free((void *)s->a.h.head); /* hop */
  gpu_free((void *)s->a.lhead); /* NEW(13, lean) */
  free(s);
}

/* the variant is the rule; topdown (08's levels) and bottomup are the
 * ablation. Beamer's rule is the default: the slides' rule uses the average
 * degree, and a Kronecker graph's early frontiers hold the hubs (README). */
static const char *const lean_variants[] = {"beamer", "slides", "topdown", "bottomup", NULL};

/* NEW(13): this step's own knobs, a macro so that a rung above lists them as it is */
#define LEAN_KNOBS \
    {"sbits", 65536, \
     "block 0's visited bitmap in shared memory in the loop kernel's single-block hop levels when " \
     "n / 8 <= sbits bytes (and the grid keeps its blocks); 0 off (step 12's atomicMin)"}, \
    {"lean", 1, \
     "lean prologue (ours): a one-block kernel runs the first levels of sparse graphs (mean " \
     "degree < 5, bitmap in shared memory, -b <= 512, not with -a, not -V bottomup); 0 " \
     "off"}, \
    {"leanq", 512, \
     "lean prologue: entries of each of its two queues (0: as many as fit, at most 4096); a " \
     "larger level goes to the loop kernel (512 measured fastest: README)"},

static const knob_def_t lean_knobs[] = {
    DOBFS_KNOBS
    HOP_KNOBS
    LEAN_KNOBS
    DOBFS_KNOB_SLIDES
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {
    "The lean prologue: a one-block kernel of its own for the first levels of sparse graphs",
    PROBLEM_BFS,
    lean_knobs,
    lean_variants,
    lean_init,
    lean_run,
    lean_fini,
    lean_check_knobs};
