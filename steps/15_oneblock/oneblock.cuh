/* oneblock.cuh - step 15's library: the one-block rounds for small frontiers
 * (the lesson: sssp.cu's header and README.md). Built on step 14's
 * nearfar.cuh (Near-Far on the device round loop) and step 09's hbf.cuh
 * (H-BF): ob_args_t embeds nf_args_t as a.nf (and so H-BF's as a.nf.h),
 * ob_ctl_t embeds nf_ctl_t as c.nf. The kernel is lean_round_kernel, its
 * parts lean_...; what replaces one of 14's functions is named ob_ for it.
 * Step 16 includes it; its host glue that is no lesson is
 * harness/oneblock_host.cuh. */
#ifndef ONEBLOCK_CUH
#define ONEBLOCK_CUH

#include "../14_nearfar/nearfar.cuh"

#define OB_LEAN (HBF_BIGDIST + 1) /* NEW(15): status: the grid hands a small frontier back */
#define OB_ROAD_DEG 3.0        /* NEW(15) (lean=-1): below it (roads: 2.1-2.6), the one-block
                                  rounds; grids (3.4 for 2000 x 2000, boundary included)
                                  keep the grid: their wide frontiers are many passes for
                                  one block (measured on the H100, README) */

/* The loop state: Near-Far's (nf), then the one-block rounds' counts. */
typedef struct {
  nf_ctl_t nf;
  int lean_rounds;              /* support: rounds and splits of the one-block kernel */
  int lean_trips;               /* support: times the grid handed the frontier back */
} ob_ctl_t;
static_assert(sizeof(ob_ctl_t) % 8 == 0, "copied in 8-byte words");

/* Everything a kernel needs, passed by value. */
typedef struct {
  nf_args_t nf;                 /* Near-Far's (14), H-BF's in it (09)           */
  ob_ctl_t *ctl;                /* the whole loop state (= nf.ctl, nf.h.ctl)    */
  const uint4 *head;            /* NEW(15): 3 per vertex: degree, first edge, 5 (column, weight) */
  int lean;                     /* NEW(15): the one-block rounds on (loop=2, dedup=2) */
  int leanq;                    /* NEW(15): entries of each of their shared-memory queues */
  unsigned long long leanmax;   /* NEW(15): they take rounds of at most this many entries */
  int nlo;                      /* NEW(15): their adaptive step's target: near pushes a round */
  int chase;                    /* NEW(15): levels a lane expands in one one-block round */
  /* NEW(15): in the block, a warp's head edges spread over its lanes */
  int spread;
} ob_args_t;

/* The one-block rounds (their idea and invariants: sssp.cu's header). A row
 * head is loaded with the atomicMin that claims its vertex; entries past the
 * shared queue go to the global queue at the same index (distance and head
 * read when expanded). */
#define LEAN_K 5               /* (column, weight) pairs in a row head          */
#define LEAN_BLOCK 512         /* threads of the one-block kernel               */
#define LEAN_ENTRY 56          /* shared bytes a queue entry: head, vertex, distance */
#define LEAN_WARP_TAIL 512     /* tails longer than this: the whole block        */
#define LEAN_EDGES (LEAN_K * 32) /* (column, weight, distance) slots of a warp's edge list */
/* the two queues, then (spread) each warp's edge list */
#define LEAN_SMEM(q, spread)                                                                      \
  ((size_t)(q)*2 * LEAN_ENTRY + ((spread) ? (size_t)LEAN_BLOCK / 32 * LEAN_EDGES * 12 : 0))

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
  ob_ctl_t c;                 /* the loop state (thread 0 ends each round on it) */
  unsigned nnear, nfar, ops, scanned; /* this round's counts (32-bit shared atomics) */
  int err;                     /* HBF_NEGCYCLE seen this round                  */
  unsigned nlong, nbig;        /* rows with tails; the longest of them          */
  unsigned loff[LEAN_BLOCK], ldeg[LEAN_BLOCK];
  /* NEW(15) (chase): the kept vertex's head, word j of thread t at j x LEAN_BLOCK + t */
  uint4 kh[3 * LEAN_BLOCK];
  dist_t ld[LEAN_BLOCK];
  unsigned short lbig[LEAN_BLOCK];
} lean_sh_t;

static __device__ lean_q_t lean_queue(int leanq, int which) {
  extern __shared__ uint4 lean_smem[];
  char *base = (char *)lean_smem + (size_t)which * leanq * LEAN_ENTRY;
  lean_q_t q = {(uint4 *)base, (vid_t *)(base + (size_t)leanq * 48),
                (dist_t *)(base + (size_t)leanq * 52)};
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
  return __shfl_sync(DEV_FULL_MASK, base, 0) + __popc(b0 & lt) + 2 * __popc(b1 & lt) +
         4 * __popc(b2 & lt);
}

/* A near entry (with its distance and head) at slot pos: in the shared
 * queue, past it in the global queue (at the same index). */
static __device__ __forceinline__ void lean_put(const ob_args_t *a, lean_q_t q, int nxt,
                                                unsigned pos, vid_t v, dist_t d, uint4 h0,
                                                uint4 h1, uint4 h2) {
  if (pos < (unsigned)a->leanq) {
    q.h[3 * pos] = h0;
    q.h[3 * pos + 1] = h1;
    q.h[3 * pos + 2] = h2;
    q.v[pos] = v;
    q.d[pos] = d;
  } else if (pos < a->nf.h.cap) {
    a->nf.h.queue[nxt][pos] = v; /* past cap: counted, the round's end sees the overflow */
  }
}

/* A far entry (far queue pos of this round's). */
static __device__ __forceinline__ void lean_put_far(const ob_args_t *a, const lean_rd_t *r,
                                                    unsigned pos, vid_t v) {
  unsigned long long p = r->fbase + pos;
  if (p < a->nf.h.cap) a->nf.far[r->fq][p] = v;
}

/* NEW(15) (chase): a near entry a lane keeps to expand in the same round; its
 * head waits in the lane's slot of S.kh (a shared store, not a register copy
 * of every candidate's head). */
typedef struct {
  int on;
  dist_t d;
} lean_chase_t;

/* Relax edges k0..k1-1 of a lane (bit k of has: edge k exists) at distance d:
 * every target's head and atomicMin in flight together, then the pushes.
 * All lanes of the warp call it. */
static __device__ __forceinline__ void lean_claim(const ob_args_t *a, lean_sh_t *S, lean_q_t q,
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
    v[k] = a->nf.h.classify ? cs[k] & HBF_ID_MASK : cs[k];
    unsigned cls = a->nf.h.classify ? cs[k] & (HBF_IN1 | HBF_NOENQ) : 0;
    if (!(has >> k & 1) || cls == HBF_NOENQ) continue; /* sink: fixed up after the loop */
    long long nd = hbf_sum(d, ws[k]);
    if (nd < a->nf.h.lo) { atomicCAS(&S->err, 0, HBF_NEGCYCLE); continue; }
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
    if (st[k]) old[k] = atomicMin(&a->nf.h.info[v[k]], key[k]);
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
  /* NEW(15) (chase): the lane keeps its first near push of a short row to expand itself */
  if (keep && !ch->on) {
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
    if (nm >> k & 1)
      lean_put(a, q, r->cur ^ 1, pos++, v[k], hbf_unpack(key[k]), h0[k], h1[k], h2[k]);
  if (__any_sync(DEV_FULL_MASK, fm)) {
    pos = lean_slots(&S->nfar, __popc(fm));
#pragma unroll
    for (int k = k0; k < k1; k++)
      if (fm >> k & 1) lean_put_far(a, r, pos++, v[k]);
  }
}

/* NEW(15) (spread): the head edges (bits of has) of the warp's lanes, one edge a
 * lane a pass: a warp's claims cost one edge's chain, not five. Their
 * (column, weight, distance) wait in the warp's list in shared memory. All
 * 32 lanes call it. */
static __device__ __forceinline__ void lean_spread(const ob_args_t *a, lean_sh_t *S, lean_q_t q,
                                                   const lean_rd_t *r, unsigned has,
                                                   const vid_t *cs, const weight_t *ws, dist_t d,
                                                   unsigned *ops, unsigned *fmin, lean_chase_t *ch,
                                                   int keep) {
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
  weight_t *ew =
      (weight_t *)lists + LEAN_BLOCK / 32 * LEAN_EDGES + (threadIdx.x >> 5) * LEAN_EDGES;
  dist_t *ed =
      (dist_t *)lists + 2 * (LEAN_BLOCK / 32 * LEAN_EDGES) + (threadIdx.x >> 5) * LEAN_EDGES;
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
static __device__ void lean_tails(const ob_args_t *a, lean_sh_t *S, lean_q_t q, const lean_rd_t *r,
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
      if (k < e) { c = __ldg(&a->nf.h.cols[k]); w = __ldg(&a->nf.h.weights[k]); }
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
      if (k < e) { c = __ldg(&a->nf.h.cols[k]); w = __ldg(&a->nf.h.weights[k]); }
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
    if (fmin != 0xffffffffu) atomicMin(&S->c.nf.fmin, fmin);
  }
}

/* The head edges (bits of has) of a row at distance d: spread over the
 * warp's lanes, or this lane's own in two claims (most rows have fewer than
 * five). All 32 lanes call it. */
static __device__ __forceinline__ void lean_head(const ob_args_t *a, lean_sh_t *S, lean_q_t qo,
                                                 const lean_rd_t *r, unsigned has, const vid_t *cs,
                                                 const weight_t *ws, dist_t d, unsigned *ops,
                                                 unsigned *fmin, lean_chase_t *ch, int keep) {
  if (a->spread) {
    lean_spread(a, S, qo, r, has, cs, ws, d, ops, fmin, ch, keep);
  } else {
    lean_claim(a, S, qo, r, has, cs, ws, d, 0, 4, ops, fmin, ch, keep);
    if (__any_sync(DEV_FULL_MASK, has >> 4))
      lean_claim(a, S, qo, r, has, cs, ws, d, 4, LEAN_K, ops, fmin, ch, keep);
  }
}

/* NEW(15) (chase): a lane that kept a near vertex expands it now, up to
 * chase levels a round (its head came with the atomicMin that lowered it),
 * instead of leaving it to the next round and its barriers. Any order of
 * relaxations reaches the same distances; a vertex lowered again is pushed
 * again. The last level keeps nothing. All 32 lanes call it. */
static __device__ __forceinline__ void lean_chase(const ob_args_t *a, lean_sh_t *S, lean_q_t qo,
                                                  const lean_rd_t *r, lean_chase_t *ch,
                                                  unsigned *ops, unsigned *scanned,
                                                  unsigned *fmin) {
  unsigned t = threadIdx.x;
  /* warp-uniform */
  for (int hop = 1; hop < a->chase && __any_sync(DEV_FULL_MASK, ch->on); hop++) {
    uint4 x0 = make_uint4(0, 0, 0, 0), x1 = x0, x2 = x0;
    if (ch->on) { x0 = S->kh[t]; x1 = S->kh[LEAN_BLOCK + t]; x2 = S->kh[2 * LEAN_BLOCK + t]; }
    unsigned cdeg = x0.x;
    vid_t cc[LEAN_K] = {x0.z, x1.x, x1.z, x2.x, x2.z};
    weight_t cw[LEAN_K] = {(weight_t)x0.w, (weight_t)x1.y, (weight_t)x1.w, (weight_t)x2.y,
                           (weight_t)x2.w};
    unsigned chas = (1u << cdeg) - 1; /* cdeg <= LEAN_K */
    dist_t cd = ch->d;
    *scanned += cdeg;
    ch->on = 0;
    lean_head(a, S, qo, r, chas, cc, cw, cd, ops, fmin, ch, hop + 1 < a->chase);
  }
}

/* One pass of a round: the entries i0..i0 + LEAN_BLOCK - 1 (in the shared
 * queue below nin_s, past it in the global queue), their head edges, the
 * chase, then the tails of the long rows. Every thread calls it. */
static __device__ __forceinline__ void
lean_expand_pass(const ob_args_t *a, lean_sh_t *S, lean_q_t qi, lean_q_t qo, const lean_rd_t *r,
                 unsigned long long in, unsigned nin_s, unsigned long long i0, unsigned *ops,
                 unsigned *scanned, unsigned *fmin) {
  unsigned t = threadIdx.x;
  unsigned long long i = i0 + t;
  if (a->spread) { /* NEW(15) (spread): a short pass in 16 contiguous pieces, one a warp */
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
    vid_t u = __ldcg(&a->nf.h.queue[r->cur][i]);
    w0 = __ldg(&a->head[3 * (size_t)u]); w1 = __ldg(&a->head[3 * (size_t)u + 1]);
    w2 = __ldg(&a->head[3 * (size_t)u + 2]);
    d = hbf_unpack(__ldcg(&a->nf.h.info[u]));
  }
  unsigned deg = w0.x;
  vid_t cs[LEAN_K] = {w0.z, w1.x, w1.z, w2.x, w2.z};
  weight_t ws[LEAN_K] = {(weight_t)w0.w, (weight_t)w1.y, (weight_t)w1.w, (weight_t)w2.y,
                         (weight_t)w2.w};
  unsigned has = deg >= LEAN_K ? (1u << LEAN_K) - 1 : (1u << deg) - 1;
  *scanned += deg;
  int tail = deg > LEAN_K;
  if (tail) { /* the tail pass below takes the rest */
    unsigned p = atomicAdd(&S->nlong, 1u);
    S->loff[p] = w0.y; S->ldeg[p] = deg; S->ld[p] = d;
  }
  lean_chase_t ch;
  ch.on = 0;
  ch.d = 0;
  lean_head(a, S, qo, r, has, cs, ws, d, ops, fmin, &ch, a->chase > 1);
  lean_chase(a, S, qo, r, &ch, ops, scanned, fmin);
  if (__syncthreads_or(tail)) { /* the same answer in every thread */
    lean_tails(a, S, qo, r, ops, fmin);
    __syncthreads();
    if (t == 0) { S->nlong = 0; S->nbig = 0; }
    __syncthreads();
  }
}

/* One pass of a split (nf_split's rule), output with heads: the far entries
 * i0..i0 + LEAN_BLOCK - 1. Every thread calls it. */
static __device__ __forceinline__ void lean_split_pass(const ob_args_t *a, lean_sh_t *S,
                                                       lean_q_t qo, const lean_rd_t *r,
                                                       unsigned long long in, int thr_old,
                                                       unsigned long long i0, unsigned *fmin) {
  const vid_t *fin = a->nf.far[r->fq ^ 1];
  unsigned long long i = i0 + threadIdx.x;
  int res = 0;
  vid_t v = 0;
  dist_t d = 0;
  uint4 h0 = make_uint4(0, 0, 0, 0), h1 = h0, h2 = h0;
  if (i < in) {
    v = __ldcg(&fin[i]);
    h0 = __ldg(&a->head[3 * (size_t)v]); h1 = __ldg(&a->head[3 * (size_t)v + 1]);
    h2 = __ldg(&a->head[3 * (size_t)v + 2]);
    d = hbf_unpack(__ldcg(&a->nf.h.info[v]));
    if (d >= thr_old) { /* below: v fell into a near queue since */
      res = d < r->thr ? 1 : 2;
      a->nf.h.info[v] = hbf_pack(d, res == 1 ? r->round : (int)r->etag);
      if (res == 2 && ((unsigned)d ^ 0x80000000u) < *fmin) *fmin = (unsigned)d ^ 0x80000000u;
    }
  }
  unsigned pos = lean_slots(&S->nnear, res == 1);
  if (res == 1) lean_put(a, qo, r->cur ^ 1, pos, v, d, h0, h1, h2);
  pos = lean_slots(&S->nfar, res == 2);
  if (res == 2) lean_put_far(a, r, pos, v);
}

/* Thread 0: the round's counts into the loop state, then the grid's round
 * end (nf_end_round_on) on the state in shared memory. */
static __device__ __forceinline__ void lean_round_end(const ob_args_t *a, lean_sh_t *S,
                                                      const lean_rd_t *r) {
  ob_ctl_t *c = &S->c;
  c->nf.h.size[r->cur ^ 1] = S->nnear;
  c->nf.fsize[r->fq] += S->nfar;
  c->nf.h.relax += S->ops;
  c->nf.h.scanned += S->scanned;
  S->nnear = 0; S->nfar = 0; S->ops = 0; S->scanned = 0;
  if (S->err && c->nf.h.status == HBF_RUNNING) c->nf.h.status = S->err;
  c->lean_rounds++;
  nf_end_round_on(&a->nf, &c->nf, (unsigned long long)a->nlo);
}

/* Hand over: the shared part of the next input to the global queue, the
 * state to ctl. Every thread calls it. */
static __device__ __forceinline__ void lean_hand_over(const ob_args_t *a, lean_sh_t *S,
                                                      int wrote) {
  unsigned t = threadIdx.x;
  ob_ctl_t *c = &S->c;
  if (wrote && c->nf.h.status == HBF_RUNNING) {
    unsigned long long ns = c->nf.h.size[c->nf.h.cur] < (unsigned long long)a->leanq
                                ? c->nf.h.size[c->nf.h.cur]
                                : a->leanq;
    lean_q_t q = lean_queue(a->leanq, c->nf.h.cur);
    for (unsigned long long i = t; i < ns; i += LEAN_BLOCK) a->nf.h.queue[c->nf.h.cur][i] = q.v[i];
  }
  __syncthreads();
  if (t < sizeof(ob_ctl_t) / 8)
    __stcg((unsigned long long *)a->ctl + t, ((const unsigned long long *)&S->c)[t]);
  __threadfence();
}

/* NEW(15): rounds (and splits) in one block while the frontier is small. */
static __global__ void __launch_bounds__(LEAN_BLOCK)
    lean_round_kernel(const __grid_constant__ ob_args_t a) {
  __shared__ lean_sh_t S;
  unsigned t = threadIdx.x;
  if (t < sizeof(ob_ctl_t) / 8)
    ((unsigned long long *)&S.c)[t] = __ldcg((const unsigned long long *)a.ctl + t);
  if (t == 0) {
    S.err = 0;
    S.nlong = 0;
    S.nbig = 0;
    S.nnear = 0;
    S.nfar = 0;
    S.ops = 0;
    S.scanned = 0;
  }
  __syncthreads();
  /* the same in every thread */
  if (S.c.nf.h.status != HBF_RUNNING && S.c.nf.h.status != OB_LEAN) return;
  __syncthreads();
  if (t == 0) S.c.nf.h.status = HBF_RUNNING;
  int wrote = 0; /* the input is in the shared queue (written by this kernel) */
  if (S.c.nf.h.phase == 0) { /* after a refill: only the round's end */
    __syncthreads();
    if (t == 0) nf_end_round_on(&a.nf, &S.c.nf, (unsigned long long)a.nlo);
  }
  for (;;) {
    __syncthreads(); /* the round's end is written: every thread reads the same state */
    ob_ctl_t *c = &S.c;
    int status = c->nf.h.status, phase = c->nf.h.phase;
    unsigned long long in = phase == 2 ? c->nf.fsize[c->nf.fcur ^ 1] : c->nf.h.size[c->nf.h.cur];
    lean_rd_t r = {c->nf.h.cur,
                   c->nf.fcur,
                   c->nf.h.round,
                   c->nf.thr,
                   (unsigned)c->nf.epoch | NF_FAR,
                   c->nf.fsize[c->nf.fcur]};
    int thr_old = c->nf.thr_old;
    if (status != HBF_RUNNING || (phase == 1 && in > a.leanmax)) break;
    unsigned ops = 0, scanned = 0, fmin = 0xffffffffu;
    lean_q_t qi = lean_queue(a.leanq, r.cur), qo = lean_queue(a.leanq, r.cur ^ 1);
    unsigned nin_s = wrote ? (unsigned)(in < (unsigned long long)a.leanq ? in : a.leanq) : 0;
    if (phase == 1) {
      for (unsigned long long i0 = 0; i0 < in; i0 += LEAN_BLOCK) /* block-uniform */
        lean_expand_pass(&a, &S, qi, qo, &r, in, nin_s, i0, &ops, &scanned, &fmin);
    } else if (phase == 2) {
      for (unsigned long long i0 = 0; i0 < in; i0 += LEAN_BLOCK)
        lean_split_pass(&a, &S, qo, &r, in, thr_old, i0, &fmin);
    }
    lean_counts(&S, ops, scanned, fmin);
    wrote = phase != 0;
    __syncthreads();
    if (t == 0) lean_round_end(&a, &S, &r);
  }
  lean_hand_over(&a, &S, wrote);
}

/* The round's end works on a copy of the loop state: one batch of loads
 * (from L2: __ldcg, not a stale L1 line) and one batch of stores, instead of
 * a chain of dependent volatile accesses. Nothing else touches the state
 * meanwhile: every block of the round and every child grid has finished. */
/* NEW(15): nf_end_round, and a small frontier goes back to the one-block
 * rounds (the grid's kernel returns; the host launches lean_round_kernel). */
/* replaces: nf_end_round */
static __device__ __forceinline__ int ob_end_round(const ob_args_t *a) {
  ob_ctl_t c;
  unsigned long long *w = (unsigned long long *)&c, *g = (unsigned long long *)a->ctl;
#pragma unroll
  for (int i = 0; i < (int)(sizeof c / 8); i++) w[i] = __ldcg(g + i);
  int next = nf_end_round_on(&a->nf, &c.nf, NF_NEAR_LO);
  if (a->lean && next == 1 && c.nf.h.size[c.nf.h.cur] <= a->leanmax / 2) {
    c.nf.h.status = OB_LEAN;
    c.lean_trips++;
    next = 0;
  }
  nf_rd_set(&c.nf);
#pragma unroll
  for (int i = 0; i < (int)(sizeof c / 8); i++) __stcg(g + i, w[i]);
  return next;
}

/* Every round in ONE cooperative grid (nf_persist_kernel): thread 0 of each
 * block reads the round's parameters, the round's work (expansion, then the
 * hub list, or a split), the last block ends the round, one grid.sync(). */
/* replaces: nf_persist_kernel */
static __global__ void ob_persist_kernel(ob_args_t a) {
  __shared__ nf_rd_t s_rd;
  for (int first = 1;; first = 0) {
    if (threadIdx.x == 0) nf_persist_read(&a.nf, first, &s_rd);
    __syncthreads();
    nf_rd_t r = s_rd;
    if (r.status != HBF_RUNNING) return; /* the same value in every block: all return */
    nf_persist_round(&a.nf, &r);
    /* the last block to finish ends the round (as in loop=1), then one barrier */
    if (hbf_last_block(&a.nf.h)) ob_end_round(&a); /* NEW(15): it may hand back */
    cooperative_groups::this_grid().sync();
  }
}

/* init: the row heads {degree, first edge, c0, w0}, {c1, w1, c2, w2}, {c3, w3, c4, w4}. */
static __global__ void lean_head_kernel(const eid_t *off, const vid_t *cols, const weight_t *w,
                                        vid_t n, uint4 *head) {
  for (size_t v = blockIdx.x * (size_t)blockDim.x + threadIdx.x; v < n;
       v += (size_t)gridDim.x * blockDim.x) {
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
/* ---- host helpers of run (the rest: harness/oneblock_host.cuh) ------------ */

#include "oneblock_host.cuh" /* support: knobs' check and reading, allocation, row heads, free */

/* run: the rounds. loop=2: the one-block rounds first (if they finish the
 * run, no grid), the cooperative grid for wide frontiers, back and forth;
 * loop 0 and 1: Near-Far's. c: the state at the end. */
static int ob_loop(const ob_state_t *s, ob_args_t *a, vid_t src, ob_ctl_t *c, int *trips) {
  int fill_grid = launch_grid(&s->h.lc, a->nf.h.n);
  memset(c, 0, sizeof *c);
  nf_start(&s->h, &a->nf, src, &c->nf, sizeof *c);
  *trips = 0;
  for (;;) {
    int read = 0; /* NEW(15): c already holds the device's state */
    if (a->nf.h.chain == 2) {
      if (a->lean) { /* NEW(15): the one-block rounds first; if they finished the run, no grid */
        lean_round_kernel<<<1, LEAN_BLOCK, LEAN_SMEM(a->leanq, a->spread)>>>(*a);
        LAUNCH_CHECK();
        CUDA_CHECK(cudaMemcpy(c, a->ctl, sizeof *c, cudaMemcpyDeviceToHost));
        read = c->nf.h.status != HBF_RUNNING;
      }
      if (!read) nf_launch_coop((const void *)ob_persist_kernel, a, s->grid_loop, a->nf.h.block);
    } else {
      nf_launch_round(&a->nf, &c->nf);
    }
    if (!read) CUDA_CHECK(cudaMemcpy(c, a->ctl, sizeof *c, cudaMemcpyDeviceToHost));
    ++*trips;
    if (nf_decided(&c->nf)) break;
    if (c->nf.h.status == OB_LEAN) continue; /* NEW(15): the frontier went back to the one block */
    /* a chain ends with a decision; never loop on none */
    if (a->nf.h.chain && c->nf.h.status == HBF_RUNNING)
      return fail(EXIT_CUDA, "the device round loop stopped in round %d without a decision",
                  c->nf.h.round);
    if (c->nf.h.status == HBF_OVERFLOW || c->nf.h.status == HBF_HANDBACK)
      hbf_resume(&s->h, &a->nf.h, &c->nf.h, fill_grid);
  }
  return 0;
}

/* NEW(15): the one-block rounds' knobs before nlo (whose default a rung above may change) and
 * after it, for the knob tables of 15 and of the rungs above */
#define OB_KNOBS_LEAN \
    {"lean", -1, \
     "one-block rounds with row heads while the frontier is small: -1 auto (mean degree < 3: " \
     "roads), 0 off, 1 on (needs loop=2, dedup=2)"}, \
    {"leanq", 512, "one-block rounds: entries of each shared-memory queue (56 bytes each)"}, \
    {"leanmax", 4096, \
     "one-block rounds take frontiers of at most this many entries; the grid hands back below " \
     "half"},

/* NEW(15): see OB_KNOBS_LEAN */
#define OB_KNOBS_CHASE \
    {"chase", 6, \
     "one-block rounds: a lane expands a near vertex it lowered at once, up to chase levels a " \
     "round (1: off)"}, \
    {"spread", 1, \
     "one-block rounds: a warp's head edges spread over its lanes, a short pass over all warps " \
     "(0: a lane per entry, all its head edges)"},

#endif /* ONEBLOCK_CUH */
