/* async.cuh - step 22's library: the asynchronous loop (no rounds) on the
 * graph step 17 leaves, its queue and its start and end passes. sssp.cu holds
 * init, run and the knob table. The lesson: README.md. */
#ifndef ASYNC_CUH
#define ASYNC_CUH

#include "../17_periphery/periphery.cuh"

#define AS_BLOCK_MAX 1024
#define AS_SHORT 8                      /* rows of at most this many edges: a lane each */
#define AS_NB 16                        /* rings: buckets of delta by distance, cyclic   */
#define AS_THIN 3ull                    /* auto: mean degree below this (step 15's rule) */
#define AS_MIN_CORE 131072ull           /* auto: vertices left to the loop, at least     */
#define AS_FREE 0xffffffffu             /* a slot's low word: no vertex yet              */
#define AS_INF2 ((unsigned)DIST_INF << 1) /* the word of an unreached vertex              */

/* NEW(22): a ring's counters, a line each (claims and reservations on one
 * ring do not queue behind another's). Positions only grow, across runs too:
 * position p is slot p mod cap in lap p / cap. */
typedef struct {
  unsigned long long head;    /* next position a consumer claims (< tail)      */
  unsigned long long tail;    /* next position a producer reserves             */
  unsigned long long pad[14];
} as_ring_t;

typedef struct {
  as_ring_t ring[AS_NB];
  unsigned long long pending; /* entries pushed + vertices kept, not finished  */
  unsigned long long pad0[15];
  unsigned long long low;     /* the lowest bucket that may hold work (a hint) */
  unsigned long long relax, pushes, pops, kept; /* support: counts of the run */
  unsigned done;              /* pending reached 0: every lane may leave       */
  unsigned pad1;
} as_ctl_t;

typedef struct {
  const eid_t *off;
  const vid_t *cols;
  const weight_t *w;
  unsigned *st;               /* NEW(22): d(v) << 1 | owned (one word, one atomic) */
  unsigned long long *slot;   /* NEW(22): AS_NB rings of cap: lap << 32 | vertex or AS_FREE */
  as_ctl_t *ctl;
  unsigned long long mask;    /* cap - 1, cap a power of two above n           */
  int lg;                     /* log2 cap                                      */
  int lgd;                    /* log2 delta: a bucket is delta of distance      */
  int chase;                  /* vertices in a row a lane keeps from its own row */
  int idle;                   /* ns an idle warp sleeps                        */
  vid_t n;
} as_args_t;

static __device__ __forceinline__ unsigned long long *as_slot(const as_args_t *a, unsigned r,
                                                              unsigned long long p) {
  return &a->slot[((unsigned long long)r << a->lg) + (p & a->mask)];
}
static __device__ __forceinline__ unsigned long long as_lap(const as_args_t *a,
                                                            unsigned long long p) {
  return (unsigned long long)(unsigned)(p >> a->lg) << 32;
}
static __device__ __forceinline__ unsigned as_ring_of(const as_args_t *a, long long d) {
  return (unsigned)((unsigned long long)d >> a->lgd) & (AS_NB - 1);
}

/* NEW(22): a lane's claim: a position of a ring it waits on across iterations
 * (a claim may run ahead of the tail), and the vertex it took, for the next
 * iteration. */
typedef struct {
  unsigned long long pos; /* AS_NOPOS: none */
  unsigned ring;
  int got;
  vid_t v;
} as_claim_t;
#define AS_NOPOS 0xffffffffffffffffull

/* NEW(22): take the claimed entry if it is published: free the slot for its
 * next lap. */
static __device__ __forceinline__ void as_poll(const as_args_t *a, as_claim_t *cl) {
  if (cl->pos == AS_NOPOS) return;
  unsigned long long *sp = as_slot(a, cl->ring, cl->pos), lap = as_lap(a, cl->pos);
  unsigned long long e = __ldcg(sp);
  if ((e & ~0xffffffffull) != lap || (unsigned)e == AS_FREE) return;
  __stcg(sp, as_lap(a, cl->pos + a->mask + 1) | AS_FREE);
  cl->v = (vid_t)e;
  cl->got = 1;
  cl->pos = AS_NOPOS;
}

/* NEW(22): publish v at position p of ring r once the slot is free for p's
 * lap (its last lap's consumer took it). Warp-wide: while any lane waits,
 * every lane polls its own claim, so a consumer in this warp is never what
 * the warp waits for. */
static __device__ __forceinline__ void as_publish(const as_args_t *a, int todo, unsigned r, unsigned long long p,
                                  vid_t v, as_claim_t *cl) {
  unsigned long long *s = todo ? as_slot(a, r, p) : NULL, lap = as_lap(a, p);
  while (__ballot_sync(DEV_FULL_MASK, todo)) {
    if (todo && __ldcg(s) == (lap | AS_FREE)) { __stcg(s, lap | v); todo = 0; }
    as_poll(a, cl);
    if (todo) __nanosleep(20);
  }
}

/* NEW(22): relax u -> c with nd; 1 when this lane now owns c (it lowered c
 * while nobody owned it: c must be expanded, by a push or by this lane). The
 * word d << 1 | owned makes "lower and own" one atomicMin: an owner clears
 * its bit with the atomicAnd that reads d, so a lowering either lands before
 * that read or finds the bit clear and takes c on. */
static __device__ __forceinline__ int as_relax(unsigned *st, vid_t c, long long nd) {
  if (nd >= (long long)DIST_INF) return 0;
  unsigned o = atomicMin(&st[c], (unsigned)nd << 1 | 1u);
  return (long long)(o >> 1) > nd && !(o & 1u);
}

/* NEW(22): the lanes with has push c (distance nd) into the ring of nd's
 * bucket, a group of lanes a ring: one reservation and one pending increment
 * a group. pending rises before any entry is published (the leader's two
 * atomics return before the group's lanes get their positions), so a
 * consumer never finishes an entry that pending does not count yet. Returns
 * the warp's pushes. Warp-wide. */
static __device__ __forceinline__ unsigned as_push(const as_args_t *a, int has, vid_t c, long long nd,
                                   unsigned lane, as_claim_t *cl) {
  unsigned total = 0, r = as_ring_of(a, nd), below = (1u << lane) - 1;
  unsigned m = __ballot_sync(DEV_FULL_MASK, has);
  while (m) {
    unsigned R = __shfl_sync(DEV_FULL_MASK, r, __ffs(m) - 1);
    unsigned g = __ballot_sync(DEV_FULL_MASK, has && r == R);
    int lead = __ffs(g) - 1;
    unsigned long long base = 0, pend = 0;
    if (lane == (unsigned)lead) {
      base = atomicAdd(&a->ctl->ring[R].tail, (unsigned long long)__popc(g));
      pend = atomicAdd(&a->ctl->pending, (unsigned long long)__popc(g));
    }
    base = __shfl_sync(DEV_FULL_MASK, base + (pend == ~0ull), lead); /* waits for both */
    int mine = has && r == R;
    as_publish(a, mine, R, base + __popc(g & below), c, cl);
    if (mine) has = 0;
    total += __popc(g);
    m &= ~g;
  }
  return total;
}

/* NEW(22): a row longer than AS_SHORT, the whole warp along it (no keeping). */
static __device__ __forceinline__ unsigned as_long_rows(const as_args_t *a, unsigned longm, vid_t v, unsigned s,
                                        unsigned lane, unsigned long long *relax,
                                        as_claim_t *cl) {
  unsigned pushed = 0;
  while (longm) {
    int l = __ffs(longm) - 1;
    longm &= longm - 1;
    vid_t u = __shfl_sync(DEV_FULL_MASK, v, l);
    long long d = __shfl_sync(DEV_FULL_MASK, s, l) >> 1;
    eid_t b = a->off[u], e = a->off[u + 1];
    for (eid_t j0 = b; j0 < e; j0 += 32) {
      vid_t c = 0;
      long long nd = 0;
      int k = 0;
      if (j0 + lane < e) {
        c = __ldg(&a->cols[j0 + lane]);
        nd = d + __ldg(&a->w[j0 + lane]);
        k = as_relax(a->st, c, nd);
        ++*relax;
      }
      pushed += as_push(a, k, c, nd, lane, cl);
    }
  }
  return pushed;
}

/* NEW(22): the warp's free lanes claim positions of the lowest ring that has
 * entries, one atomicAdd (no retry: positions past the tail, when claimers
 * race, are waited on like any other). */
static __device__ __forceinline__ void as_claim(const as_args_t *a, unsigned need, unsigned lane, as_claim_t *cl) {
  unsigned long long low = __ldcg(&a->ctl->low);
  unsigned r = (unsigned)(low + lane) & (AS_NB - 1);
  unsigned long long h = 0, t = 0;
  if (lane < AS_NB) {
    h = __ldcg(&a->ctl->ring[r].head);
    t = __ldcg(&a->ctl->ring[r].tail);
  }
  unsigned full = __ballot_sync(DEV_FULL_MASK, lane < AS_NB && t > h);
  if (!full) return;
  int f = __ffs(full) - 1;
  unsigned long long h0 = 0, k = 0;
  if (lane == (unsigned)f) {
    k = t - h < (unsigned long long)__popc(need) ? t - h : (unsigned long long)__popc(need);
    h0 = atomicAdd(&a->ctl->ring[r].head, k);
    if (f > 0) atomicMax(&a->ctl->low, low + f); /* the rings below were empty */
  }
  k = __shfl_sync(DEV_FULL_MASK, k, f);
  h0 = __shfl_sync(DEV_FULL_MASK, h0, f);
  r = __shfl_sync(DEV_FULL_MASK, r, f);
  unsigned rank = __popc(need & ((1u << lane) - 1));
  if ((need >> lane & 1u) && rank < k) { cl->pos = h0 + rank; cl->ring = r; }
}

/* NEW(22): the loop. Each lane holds at most one vertex: one it claimed from
 * the rings or one it lowered itself in the same bucket (kept, up to chase in
 * a row). No barrier anywhere: a vertex is expanded as soon as a lane holds
 * it; the kernel ends when pending, the work not yet finished, reaches 0. */
static __global__ void __launch_bounds__(AS_BLOCK_MAX) as_loop_kernel(as_args_t a) {
  const unsigned lane = threadIdx.x & 31;
  vid_t v = 0;
  int have = 0, hops = 0;
  as_claim_t cl = {AS_NOPOS, 0, 0, 0};
  unsigned long long relax = 0, pops = 0, kept = 0, pushes = 0;
  for (;;) {
    unsigned need = __ballot_sync(DEV_FULL_MASK, !have && !cl.got && cl.pos == AS_NOPOS);
    if (need) as_claim(&a, need, lane, &cl);
    as_poll(&a, &cl);
    if (!have && cl.got) { v = cl.v; cl.got = 0; have = 1; hops = 0; pops++; }
    if (!__ballot_sync(DEV_FULL_MASK, have)) {
      int done = 0;
      if (lane == 0) done = __ldcg(&a.ctl->done) != 0;
      if (__shfl_sync(DEV_FULL_MASK, done, 0)) break;
      if (a.idle) __nanosleep(a.idle);
      continue;
    }
    /* expand: read d(v) and give up ownership in one atomic; the row's bounds
     * load beside it */
    unsigned s = 0;
    eid_t b = 0, e = 0;
    if (have) {
      s = atomicAnd(&a.st[v], ~1u);
      b = __ldg(&a.off[v]);
      e = __ldg(&a.off[v + 1]);
    }
    long long d = s >> 1;
    int shortrow = have && e - b <= AS_SHORT;
    vid_t c[AS_SHORT];
    weight_t w[AS_SHORT];
#pragma unroll
    for (int k = 0; k < AS_SHORT; k++)
      if (shortrow && b + k < e) { c[k] = __ldg(&a.cols[b + k]); w[k] = __ldg(&a.w[b + k]); }
    unsigned cand = 0;
#pragma unroll
    for (int k = 0; k < AS_SHORT; k++)
      if (shortrow && b + k < e) {
        cand |= (unsigned)as_relax(a.st, c[k], d + w[k]) << k;
        relax++;
      }
    /* keep: the first vertex this lane now owns in d's own bucket, expanded next */
    vid_t next = 0;
    int keep = 0;
    if (cand && hops < a.chase) {
#pragma unroll
      for (int k = 0; k < AS_SHORT; k++)
        if (!keep && (cand >> k & 1u) && ((d + w[k]) >> a.lgd) == (d >> a.lgd)) {
          next = c[k];
          cand &= ~(1u << k);
          keep = 1;
        }
    }
    unsigned pushed = 0;
    while (__ballot_sync(DEV_FULL_MASK, cand)) {
      vid_t x = 0;
      long long nd = 0;
      int f = __ffs(cand) - 1;
#pragma unroll
      for (int k = 0; k < AS_SHORT; k++)
        if (k == f) { x = c[k]; nd = d + w[k]; }
      pushed += as_push(&a, cand != 0, x, nd, lane, &cl);
      cand &= cand - 1;
    }
    unsigned longm = __ballot_sync(DEV_FULL_MASK, have && !shortrow);
    if (longm) pushed += as_long_rows(&a, longm, v, s, lane, &relax, &cl);
    /* pending: the finished vertices off, after their pushes were counted; a lane
     * that keeps a vertex passes its unit on */
    unsigned fin = __popc(__ballot_sync(DEV_FULL_MASK, have && !keep));
    pushes += lane == 0 ? pushed : 0;
    if (lane == 0 && fin) {
      if (atomicAdd(&a.ctl->pending, 0ull - fin) == fin) __stcg(&a.ctl->done, 1u);
    }
    if (keep) { v = next; hops++; kept++; }
    else have = 0;
  }
  for (int o = 16; o; o >>= 1) {
    relax += __shfl_xor_sync(DEV_FULL_MASK, relax, o);
    pops += __shfl_xor_sync(DEV_FULL_MASK, pops, o);
    kept += __shfl_xor_sync(DEV_FULL_MASK, kept, o);
    pushes += __shfl_xor_sync(DEV_FULL_MASK, pushes, o);
  }
  if (lane == 0) {
    atomicAdd(&a.ctl->relax, relax);
    atomicAdd(&a.ctl->pops, pops);
    atomicAdd(&a.ctl->kept, kept);
    atomicAdd(&a.ctl->pushes, pushes);
  }
}

/* NEW(22): the words from the distances the run starts with (the harness's,
 * with step 17's lift): the loop's first vertex owned by its one entry. */
static __global__ void as_words_kernel(unsigned *st, const dist_t *dist, vid_t n, vid_t from) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride) {
    dist_t d = dist[v];
    st[v] = (d == DIST_INF ? AS_INF2 : (unsigned)d << 1) | (v == from ? 1u : 0u);
  }
}

/* NEW(22): the run's start. The last run's lanes that claimed positions past
 * a ring's last push left them a lap behind: they are freed for their next
 * lap, and each ring goes on past every position used; the one entry is the
 * first vertex, in ring 0 (d = 0). One block. */
static __global__ void as_begin_kernel(as_args_t a, vid_t from) {
  as_ctl_t *c = a.ctl;
  for (unsigned r = 0; r < AS_NB; r++) {
    unsigned long long t = c->ring[r].tail, h = c->ring[r].head;
    for (unsigned long long q = t + threadIdx.x; q < h; q += blockDim.x)
      *as_slot(&a, r, q) = as_lap(&a, q + a.mask + 1) | AS_FREE;
  }
  __syncthreads();
  if (threadIdx.x < AS_NB) {
    unsigned long long t = c->ring[threadIdx.x].tail, h = c->ring[threadIdx.x].head;
    c->ring[threadIdx.x].head = c->ring[threadIdx.x].tail = h > t ? h : t;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned long long p = c->ring[0].tail;
    *as_slot(&a, 0, p) = as_lap(&a, p) | from;
    c->ring[0].tail = p + 1;
    c->pending = 1;
    c->low = 0;
    c->done = 0;
    c->relax = c->pushes = c->pops = c->kept = 0;
  }
}

/* NEW(22): the distances from the words */
static __global__ void as_dist_kernel(dist_t *dist, const unsigned *st, vid_t n) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride)
    dist[v] = (dist_t)(st[v] >> 1);
}

/* NEW(22): the slots, once: lap 0, free */
static __global__ void as_slots_kernel(unsigned long long *slot, unsigned long long cap) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < cap;
       i += stride)
    slot[i] = AS_FREE;
}

#endif /* ASYNC_CUH */
