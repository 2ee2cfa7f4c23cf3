/* Step 19 - ibfs: many BFS at once, one bit per source instance.
 *
 * Base:       06 (the joint frontier is a queue of vertex ids as in step 06,
 *             expanded by virtual warps of vw lanes; step 10, direction-
 *             optimizing BFS, is on another branch of the ladder (08's), so
 *             the bottom-up levels and the switching rule are added here)
 * Adds:       k sources in ONE traversal (the harness's STEP_MULTI entry,
 *             step.h): instances are run in groups of up to 64 (knob gsize),
 *             one bit per instance in a 64-bit status word per vertex; a joint
 *             frontier queue shared by the group; top-down and bottom-up levels
 *             on the bitwise status (variants), and GroupBy (knob groupby).
 * Idea:       most of a BFS's time is the random reads of adjacency lists and
 *             status words. When 64 BFSes share a frontier vertex, its row is
 *             read once for all of them, and one 8-byte status word answers 64
 *             "visited?" questions at once (bitwise inspection):
 *               top-down:  for v in the joint queue, for u in N(v):
 *                          new = front[v] & ~visited[u]  -> atomicOr into u
 *               bottom-up: for every v with unvisited bits need = ~visited[v]:
 *                          found |= front[u] & need over in-neighbours u,
 *                          stopping early once found == need (the warp
 *                          finishes a row longer than IBFS_BU_LONG).
 *             Groups beyond the first 64 instances run one after another with
 *             the same buffers: no instance is ever dropped.
 *             GroupBy: sources whose highest-degree neighbour (their "hub") is
 *             the same are put in the same group, so that their frontiers meet
 *             at the hub from level 1 on and are shared from then.
 * Reference:  H. Liu, H. H. Huang, Y. Hu, "iBFS: Concurrent Breadth-First
 *             Search on GPUs", SIGMOD 2016: sections 3-6 (joint traversal,
 *             GroupBy, bitwise status and inspection). S. Beamer, K. Asanovic,
 *             D. Patterson, "Direction-Optimizing Breadth-First Search", SC 2012
 *             (the alpha/beta switching rule, used here for the whole group).
 * Invariants: per group and level L (instances i = bits of the group):
 *             visited[v] bit i  <=>  dist_i(v) <= L + 1 is known (set once, by
 *             the one thread whose atomicOr turned it on, or by v's own thread in
 *             bottom-up); that thread writes dist_i(v) = L + 1, so every distance
 *             has exactly one writer.
 *             front = F[L % 3] holds, for every vertex, the bits of the instances
 *             whose level-L frontier contains it (0 elsewhere); next = F[(L+1) % 3]
 *             is all zero when level L starts and gets the level-(L+1) bits; the
 *             third buffer held level L-1 and is cleared during level L over
 *             queue L-1 (nobody reads or writes it in level L): three buffers,
 *             no extra pass.
 *             The joint queue of level L+1 holds each vertex once: it is pushed
 *             by the thread that turned next[u] from 0 to non-zero (top-down) or
 *             by u's own thread (bottom-up); so n entries always suffice.
 * Limits:     benign race: top-down reads visited[u] without an atomic; a stale
 *             value only sends a lane to the atomicOr, whose return value is the
 *             truth. The direction rule uses the joint frontier, not each
 *             instance's: one direction per group and level ("unexplored" edges
 *             are those of vertices that some instance of the group has not
 *             visited: the ones bottom-up still inspects). Directed graphs need
 *             in-edges for bottom-up: the transpose is built in init (untimed,
 *             on the host).
 *             The distances are k * n * 4 bytes on the device (the harness checks
 *             that they fit). GroupBy runs on the host inside the timed region.
 */
#include <stdlib.h>
#include <string.h>

#include "dev.cuh"
#include "gpu.h"
#include "graph.h"
#include "step.h"

enum { DIR_RULE = 0, DIR_TOPDOWN = 1, DIR_BOTTOMUP = 2 };

typedef struct {
  dgraph_t g;
  launch_t lc;
  int dir;                      /* NEW: variant: rule, always top-down, always bottom-up  */
  unsigned vw;                  /* threads per virtual warp (top-down)                    */
  int gsize;                    /* NEW: instances per group, 1..64                        */
  int groupby;                  /* NEW: GroupBy on (1) or off (0)                         */
  long alpha, beta;             /* NEW: switching thresholds                              */
  const eid_t *in_off;          /* NEW: in-edges for bottom-up (= out-edges if symmetric) */
  const vid_t *in_cols;
  eid_t *d_in_off_own;          /* the transpose, when init built one                     */
  vid_t *d_in_cols_own;
  unsigned long long *d_visited; /* NEW: n status words, one bit per instance             */
  unsigned long long *d_front[3]; /* NEW: frontier bits: this level, next, being cleared  */
  vid_t *d_queue[3];            /* joint queues: this level, next, the one before        */
  unsigned long long *d_ctr;    /* [0] pushes into the next queue, [1] their out-edges,
                                   [2] out-edges of vertices that became visited by all  */
  unsigned long long *d_seedbits; /* the group's source bits, 64 words             */
  int *d_perm;                  /* instance of each bit: group g, bit b -> d_perm[64g + b] */
  int perm_cap;
} ibfs_state_t;

/* Distances of the instances in bits: dist_i(v) = level. One writer per
 * (instance, vertex): the thread that turned the bit on. */
static __device__ void ibfs_write_dist(unsigned long long bits, dist_t level, vid_t v, vid_t n,
                                       const int *perm, dist_t *dist) {
  while (bits) {
    int b = __ffsll((long long)bits) - 1;
    bits &= bits - 1;
    dist[(size_t)perm[b] * n + v] = level;
  }
}

/* Queue L-1's frontier words are no longer needed: zero them, so the buffer
 * is clean when it becomes level L+2's "next". */
static __device__ void ibfs_clear_old(const vid_t *old_q, unsigned long long old_size,
                                      unsigned long long *old_front) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
       i < old_size; i += stride)
    old_front[old_q[i]] = 0ULL;
}

/* NEW: the joint top-down level. A virtual warp takes one vertex of the joint
 * queue; its row is read once for every instance whose frontier holds it. */
static __global__ void ibfs_topdown_kernel(dist_t level, unsigned long long size, const vid_t *in_q,
                                           const eid_t *offsets, const vid_t *cols,
                                           const unsigned long long *front,
                                           unsigned long long *next,
                                           unsigned long long *visited, vid_t *out_q,
                                           unsigned long long *ctr, unsigned long long all, vid_t n,
                                           const int *perm, dist_t *dist, unsigned vw,
                                           const vid_t *old_q,
                                           unsigned long long old_size,
                                           unsigned long long *old_front) {
  __shared__ unsigned long long blk_edges; /* out-edges of the block's pushes */
  __shared__ unsigned long long blk_done;  /* out-edges of vertices now visited by all */
  if (threadIdx.x == 0) blk_edges = blk_done = 0;
  __syncthreads();
  ibfs_clear_old(old_q, old_size, old_front);
  unsigned long long tid = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  unsigned long long vwarps = (unsigned long long)gridDim.x * blockDim.x / vw;
  unsigned long long warp = tid / vw;
  unsigned lane = (unsigned)(tid % vw);
  unsigned long long my_edges = 0, my_done = 0;
  /* threads past the last whole virtual warp (warp >= vwarps) take no entry
   * but stay: they must reach the barrier below */
  for (unsigned long long i = warp; warp < vwarps && i < size; i += vwarps) {
    vid_t v = in_q[i];
    unsigned long long fb = front[v]; /* the instances whose frontier holds v */
    eid_t end = offsets[v + 1];
    for (eid_t e = offsets[v] + lane; e < end; e += vw) {
      vid_t u = cols[e];
      /* bitwise inspection: 64 instances' "visited?" in one load. Benign race:
       * a stale word only sends us to the atomicOr, which tells the truth. */
      unsigned long long want = fb & ~visited[u];
      if (!want) continue;
      unsigned long long old = atomicOr(&visited[u], want);
      unsigned long long got = want & ~old; /* the bits this lane turned on */
      if (!got) continue;
      if ((old | got) == all) my_done += offsets[u + 1] - offsets[u]; /* the last bits: once */
      unsigned long long was = atomicOr(&next[u], got);
      if (was == 0ULL) { /* first to put u into the next joint frontier: push it once */
        out_q[dev_warp_slot(&ctr[0], 1)] = u; /* < n: each vertex is pushed at most once per level */
        my_edges += offsets[u + 1] - offsets[u];
      }
      ibfs_write_dist(got, level + 1, u, n, perm, dist);
    }
  }
  if (my_edges) atomicAdd(&blk_edges, my_edges);
  if (my_done) atomicAdd(&blk_done, my_done);
  __syncthreads();
  if (threadIdx.x == 0 && blk_edges) atomicAdd(&ctr[1], blk_edges); /* one per block */
  if (threadIdx.x == 0 && blk_done) atomicAdd(&ctr[2], blk_done);
}

/* NEW: a lane reads at most IBFS_BU_LONG in-edges of its vertex; a search
 * still open then (many in-edges, instances without a parent: e.g. a vertex
 * never reached) is finished by its warp, IBFS_BU_K in-edges a lane a round,
 * the bits ORed over the warp: no thread scans 40,000 in-edges level after
 * level. found = need & (OR of front[u] over in-edges) either way. mask: the
 * warp's lanes that exist (wl of them); all call this, the same trip count. */
#define IBFS_BU_LONG 128
#define IBFS_BU_K 4
static __device__ unsigned long long ibfs_warp_search(int open, eid_t e, eid_t end,
                                                      unsigned long long need,
                                                      unsigned long long found, const vid_t *in_cols,
                                                      const unsigned long long *front,
                                                      unsigned mask, unsigned wl) {
  unsigned lane = threadIdx.x & 31u;
  for (unsigned lm = __ballot_sync(mask, open); lm; lm &= lm - 1) { /* one open vertex at a time */
    int src = __ffs(lm) - 1;
    eid_t x0 = __shfl_sync(mask, e, src), x1 = __shfl_sync(mask, end, src);
    unsigned long long nd = __shfl_sync(mask, need, src), f = __shfl_sync(mask, found, src);
    for (eid_t b = x0 + lane; b - lane < x1 && f != nd; b += (eid_t)wl * IBFS_BU_K) { /* f: uniform */
      vid_t u[IBFS_BU_K];
#pragma unroll
      for (int j = 0; j < IBFS_BU_K; j++) u[j] = b + j * wl < x1 ? in_cols[b + j * wl] : 0; /* loads first */
      unsigned long long g = 0;
#pragma unroll
      for (int j = 0; j < IBFS_BU_K; j++)
        if (b + j * wl < x1) g |= front[u[j]] & nd;
      f |= (unsigned long long)__reduce_or_sync(mask, (unsigned)(g >> 32)) << 32 |
           __reduce_or_sync(mask, (unsigned)g);
    }
    if ((int)lane == src) found = f;
  }
  return found;
}

/* NEW: the bitwise bottom-up level. Every vertex with unvisited instances
 * looks at its in-neighbours' frontier bits; it stops once every unvisited
 * instance has found a parent. One thread per vertex owns its status word
 * (its warp helps with a long in-row: the loop runs warp by warp). */
static __global__ void ibfs_bottomup_kernel(dist_t level, vid_t n, const eid_t *in_off,
                                            const vid_t *in_cols, const eid_t *offsets,
                                            const unsigned long long *front,
                                            unsigned long long *next,
                                            unsigned long long *visited, vid_t *out_q,
                                            unsigned long long *ctr, unsigned long long all,
                                            const int *perm, dist_t *dist, const vid_t *old_q,
                                            unsigned long long old_size,
                                            unsigned long long *old_front) {
  __shared__ unsigned long long blk_edges, blk_done;
  if (threadIdx.x == 0) blk_edges = blk_done = 0;
  __syncthreads();
  ibfs_clear_old(old_q, old_size, old_front);
  unsigned long long my_edges = 0, my_done = 0;
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  unsigned wfirst = threadIdx.x & ~31u, wl = min(blockDim.x - wfirst, 32u); /* the warp's lanes */
  unsigned mask = wl == 32 ? DEV_FULL_MASK : (1u << wl) - 1u;
  for (unsigned long long t0 = blockIdx.x * (unsigned long long)blockDim.x + wfirst; t0 < n;
       t0 += stride) { /* t0: the warp's first vertex, the same in every lane */
    unsigned long long t = t0 + (threadIdx.x & 31u);
    vid_t v = (vid_t)t;
    unsigned long long vis = t < n ? visited[v] : all;
    unsigned long long need = all & ~vis, found = 0; /* 0: the whole group has v already */
    eid_t e = need ? in_off[v] : 0, end = need ? in_off[v + 1] : 0;
    if (need) {
      eid_t lim = end - e > IBFS_BU_LONG ? e + IBFS_BU_LONG : end;
      for (; e < lim; e++) {
        found |= front[in_cols[e]] & need;
        if (found == need) break; /* early exit: all unvisited instances have a parent */
      }
    }
    /* still open after IBFS_BU_LONG in-edges: the warp finishes the row */
    found = ibfs_warp_search(found != need && e < end, e, end, need, found, in_cols, front, mask, wl);
    if (found) {
      visited[v] = vis | found; /* only v's thread writes v's words in this kernel */
      next[v] = found;
      out_q[dev_warp_slot(&ctr[0], 1)] = v;
      my_edges += offsets[v + 1] - offsets[v];
      if (found == need) my_done += offsets[v + 1] - offsets[v]; /* v now visited by all */
      ibfs_write_dist(found, level + 1, v, n, perm, dist);
    }
  }
  if (my_edges) atomicAdd(&blk_edges, my_edges);
  if (my_done) atomicAdd(&blk_done, my_done);
  __syncthreads();
  if (threadIdx.x == 0 && blk_edges) atomicAdd(&ctr[1], blk_edges);
  if (threadIdx.x == 0 && blk_done) atomicAdd(&ctr[2], blk_done);
}

/* NEW: the group's sources: their bits in visited and in the first frontier
 * (sources may repeat: then one vertex carries several bits). */
static __global__ void ibfs_seed_kernel(int count, const vid_t *v, const unsigned long long *bits,
                                        unsigned long long *visited, unsigned long long *front) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) { /* distinct vertices: one writer each */
    visited[v[i]] = bits[i];
    front[v[i]] = bits[i];
  }
}

/* The knob values (the harness calls this before it probes the GPU, init
 * calls it too). */
static int ibfs_check_knobs(const launch_t *lc) {
  long vw = launch_knob(lc, "vw"), gsize = launch_knob(lc, "gsize");
  long groupby = launch_knob(lc, "groupby");
  long alpha = launch_knob(lc, "alpha"), beta = launch_knob(lc, "beta");
  if (vw < 1 || vw > 32 || (vw & (vw - 1)) != 0)
    return fail(EXIT_INPUT, "vw=%ld: the virtual warp size must be 1, 2, 4, 8, 16 or 32", vw);
  if (gsize < 1 || gsize > 64)
    return fail(EXIT_INPUT, "gsize=%ld: a group holds 1..64 instances (one 64-bit word)", gsize);
  if (groupby != 0 && groupby != 1) return fail(EXIT_INPUT, "groupby=%ld: must be 0 or 1", groupby);
  if (alpha < 1 || beta < 1) return fail(EXIT_INPUT, "alpha=%ld, beta=%ld: must be >= 1", alpha, beta);
  return 0;
}

static int ibfs_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (ibfs_check_knobs(lc)) return EXIT_INPUT;
  long vw = launch_knob(lc, "vw"), gsize = launch_knob(lc, "gsize");
  long groupby = launch_knob(lc, "groupby");
  long alpha = launch_knob(lc, "alpha"), beta = launch_knob(lc, "beta");
  unsigned long long threads = (unsigned long long)lc->grid * (unsigned long long)lc->block;
  if (lc->grid > 0 && threads < (unsigned long long)vw)
    return fail(EXIT_INPUT, "grid %d x block %d is %llu threads: fewer than one virtual warp (vw=%ld)",
                lc->grid, lc->block, threads, vw);
  ibfs_state_t *s = (ibfs_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->lc = *lc;
  s->dir = strcmp(lc->variant, "topdown") == 0 ? DIR_TOPDOWN
           : strcmp(lc->variant, "bottomup") == 0 ? DIR_BOTTOMUP : DIR_RULE;
  s->vw = (unsigned)vw;
  s->gsize = (int)gsize;
  s->groupby = (int)groupby;
  s->alpha = alpha;
  s->beta = beta;
  const graph_t *h = (const graph_t *)g->host;
  if (h->symmetric) { /* in-edges are the out-edges */
    s->in_off = g->offsets;
    s->in_cols = g->cols;
  } else {
    if (dev_upload_in(h, &s->d_in_off_own, &s->d_in_cols_own, NULL)) {
      free(s);
      return EXIT_INPUT;
    }
    s->in_off = s->d_in_off_own;
    s->in_cols = s->d_in_cols_own;
  }
  size_t words = (size_t)g->n * sizeof(unsigned long long);
  s->d_visited = (unsigned long long *)gpu_alloc(words, "status words");
  for (int i = 0; i < 3; i++) {
    s->d_front[i] = (unsigned long long *)gpu_alloc(words, "frontier bits");
    s->d_queue[i] = (vid_t *)gpu_alloc((size_t)g->n * sizeof(vid_t), "joint queue");
  }
  s->d_ctr = (unsigned long long *)gpu_alloc(3 * sizeof(unsigned long long), "queue counters");
  s->d_seedbits = (unsigned long long *)gpu_alloc(64 * sizeof(unsigned long long), "source bits");
  *state = s;
  return 0;
}

/* NEW: GroupBy. Each source's hub is the highest out-degree vertex among the
 * source and its out-neighbours (lowest id on ties). Sorting the instances by
 * (hub degree, hub) puts the sources of one hub next to each other, so the
 * 64-wide groups cut from that order share their hubs. */
typedef struct {
  vid_t hub;
  eid_t hubdeg;
  int inst;
} ibfs_key_t;

static int ibfs_key_cmp(const void *a, const void *b) {
  const ibfs_key_t *x = (const ibfs_key_t *)a, *y = (const ibfs_key_t *)b;
  if (x->hubdeg != y->hubdeg) return x->hubdeg > y->hubdeg ? -1 : 1;
  if (x->hub != y->hub) return x->hub < y->hub ? -1 : 1;
  return (x->inst > y->inst) - (x->inst < y->inst);
}

static void ibfs_groupby(const graph_t *h, const vid_t *srcs, int k, int *perm) {
  ibfs_key_t *key = (ibfs_key_t *)malloc(sizeof *key * (size_t)k);
  if (!key) { /* no memory for the keys: the given order is a valid grouping */
    for (int i = 0; i < k; i++) perm[i] = i;
    return;
  }
  for (int i = 0; i < k; i++) {
    vid_t s = srcs[i], best = s;
    eid_t bestdeg = h->offsets[s + 1] - h->offsets[s];
    for (eid_t e = h->offsets[s]; e < h->offsets[s + 1]; e++) {
      vid_t u = h->cols[e];
      eid_t d = h->offsets[u + 1] - h->offsets[u];
      if (d > bestdeg || (d == bestdeg && u < best)) {
        best = u;
        bestdeg = d;
      }
    }
    key[i].hub = best;
    key[i].hubdeg = bestdeg;
    key[i].inst = i;
  }
  qsort(key, (size_t)k, sizeof *key, ibfs_key_cmp);
  for (int i = 0; i < k; i++) perm[i] = key[i].inst;
  free(key);
}

/* One group of up to 64 instances: a full joint traversal. */
static int ibfs_group(ibfs_state_t *s, const vid_t *srcs, const int *h_perm, int base, int count,
                      dist_t *d_dist, step_stats_t *st, int tracing, int *levels) {
  const dgraph_t *g = &s->g;
  size_t words = (size_t)g->n * sizeof(unsigned long long);
  CUDA_CHECK(cudaMemset(s->d_visited, 0, words));
  for (int i = 0; i < 3; i++) CUDA_CHECK(cudaMemset(s->d_front[i], 0, words));
  /* the group's distinct source vertices and their bits: queue 0 */
  vid_t hv[64];
  unsigned long long hb[64];
  int nd = 0;
  for (int b = 0; b < count; b++) {
    vid_t v = srcs[h_perm[base + b]];
    int j = 0;
    while (j < nd && hv[j] != v) j++;
    if (j == nd) {
      hv[nd] = v;
      hb[nd++] = 0;
    }
    hb[j] |= 1ULL << b;
  }
  vid_t *q0 = s->d_queue[0]; /* nd <= n distinct vertices */
  CUDA_CHECK(cudaMemcpy(q0, hv, sizeof(vid_t) * (size_t)nd, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(s->d_seedbits, hb, sizeof(unsigned long long) * (size_t)nd,
                        cudaMemcpyHostToDevice));
  ibfs_seed_kernel<<<1, 64>>>(nd, q0, s->d_seedbits, s->d_visited, s->d_front[0]);
  LAUNCH_CHECK();
  unsigned long long all = count == 64 ? ~0ULL : ((1ULL << count) - 1ULL);
  const int *d_perm = s->d_perm + base;
  unsigned long long size = (unsigned long long)nd, old_size = 0;
  /* for the rule: out-edges of the joint frontier (mf) and of the vertices
   * every instance has visited (done): bottom-up still inspects the others */
  unsigned long long mf = 0, done = 0;
  const graph_t *h = (const graph_t *)g->host;
  for (int j = 0; j < nd; j++) {
    mf += h->offsets[hv[j] + 1] - h->offsets[hv[j]];
    if (hb[j] == all) done += h->offsets[hv[j] + 1] - h->offsets[hv[j]];
  }
  int bottomup = s->dir == DIR_BOTTOMUP;
  dist_t level = 0;
  while (size > 0) {
    /* NEW: the direction of this level, for the whole group: Beamer's rule on
     * the joint frontier. Top-down -> bottom-up when the frontier grows and its
     * edges exceed the unexplored edges (those of vertices some instance has
     * not visited) / alpha; back when it shrinks below n / beta vertices. */
    if (s->dir == DIR_RULE) {
      unsigned long long unexplored = g->m - done;
      if (!bottomup && size > old_size && mf > unexplored / (unsigned long long)s->alpha)
        bottomup = 1;
      else if (bottomup && size < old_size && size < (unsigned long long)g->n / (unsigned long long)s->beta)
        bottomup = 0;
    }
    if (tracing) trace_level_begin(st);
    int c = level % 3, nx = (level + 1) % 3, od = (level + 2) % 3;
    CUDA_CHECK(cudaMemset(s->d_ctr, 0, 3 * sizeof(unsigned long long)));
    if (bottomup) {
      int grid = launch_grid(&s->lc, g->n);
      ibfs_bottomup_kernel<<<grid, s->lc.block>>>(level, g->n, s->in_off, s->in_cols, g->offsets,
                                                  s->d_front[c], s->d_front[nx], s->d_visited,
                                                  s->d_queue[nx], s->d_ctr, all, d_perm, d_dist,
                                                  s->d_queue[od], old_size, s->d_front[od]);
    } else {
      unsigned long long items = size * s->vw > old_size ? size * s->vw : old_size;
      int grid = launch_grid(&s->lc, items);
      ibfs_topdown_kernel<<<grid, s->lc.block>>>(level, size, s->d_queue[c], g->offsets, g->cols,
                                                 s->d_front[c], s->d_front[nx], s->d_visited,
                                                 s->d_queue[nx], s->d_ctr, all, g->n, d_perm, d_dist,
                                                 s->vw, s->d_queue[od], old_size, s->d_front[od]);
    }
    LAUNCH_CHECK();
    unsigned long long ctr[3];
    CUDA_CHECK(cudaMemcpy(ctr, s->d_ctr, sizeof ctr, cudaMemcpyDeviceToHost));
    if (ctr[0] > g->n)
      return fail(EXIT_INPUT, "ibfs: level %d pushed %llu vertices, more than n = %u (a bug)",
                  level + 1, ctr[0], g->n);
    if (tracing) trace_level_end(st, level, (long long)size, -1, -1);
    old_size = size;
    size = ctr[0];
    mf = ctr[1];
    done += ctr[2];
    level++;
  }
  *levels = level;
  return 0;
}

static int ibfs_run_multi(void *state, const vid_t *srcs, int k, dist_t *d_dist, step_stats_t *st) {
  ibfs_state_t *s = (ibfs_state_t *)state;
  if (k < 1) return fail(EXIT_INPUT, "ibfs: no sources");
  /* NEW: the order of the instances, grouped (GroupBy) or as given */
  int *h_perm = (int *)malloc(sizeof(int) * (size_t)k);
  if (!h_perm) return fail(EXIT_INPUT, "out of host memory");
  if (s->groupby) ibfs_groupby((const graph_t *)s->g.host, srcs, k, h_perm);
  else
    for (int i = 0; i < k; i++) h_perm[i] = i;
  if (k > s->perm_cap) {
    gpu_free(s->d_perm);
    s->d_perm = (int *)gpu_alloc(sizeof(int) * (size_t)k, "instance order");
    s->perm_cap = k;
  }
  CUDA_CHECK(cudaMemcpy(s->d_perm, h_perm, sizeof(int) * (size_t)k, cudaMemcpyHostToDevice));
  int maxlevels = 0, rc = 0;
  for (int base = 0; base < k && !rc; base += s->gsize) { /* every group: none dropped */
    int count = k - base < s->gsize ? k - base : s->gsize;
    int levels = 0;
    rc = ibfs_group(s, srcs, h_perm, base, count, d_dist, st, st->trace != NULL && base == 0, &levels);
    if (levels > maxlevels) maxlevels = levels;
  }
  free(h_perm);
  st->levels = maxlevels;
  return rc;
}

static int ibfs_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  return ibfs_run_multi(state, &src, 1, d_dist, st);
}

static void ibfs_fini(void *state) {
  ibfs_state_t *s = (ibfs_state_t *)state;
  gpu_free(s->d_in_off_own);
  gpu_free(s->d_in_cols_own);
  gpu_free(s->d_visited);
  for (int i = 0; i < 3; i++) {
    gpu_free(s->d_front[i]);
    gpu_free(s->d_queue[i]);
  }
  gpu_free(s->d_ctr);
  gpu_free(s->d_seedbits);
  gpu_free(s->d_perm);
  free(s);
}

/* first = default: Beamer's rule per level; the other two for the ablation */
static const char *const ibfs_variants[] = {"ibfs", "topdown", "bottomup", NULL};

static const knob_def_t ibfs_knobs[] = {
    {"gsize", 64, "instances per group, 1..64 (one bit each in a 64-bit status word)"},
    {"groupby", 1, "1: GroupBy (sources sharing a hub in one group); 0: groups in the given order"},
    {"vw", 8, "threads per virtual warp in top-down levels: 1, 2, 4, 8, 16 or 32"},
    {"alpha", 14, "top-down -> bottom-up when frontier edges > unexplored edges / alpha"},
    {"beta", 24, "bottom-up -> top-down when the joint frontier < n / beta vertices"},
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {"iBFS: many BFS at once (joint frontier, bitwise status, GroupBy)",
                                 PROBLEM_BFS, ibfs_knobs, ibfs_variants, ibfs_init, ibfs_run,
                                 ibfs_fini, ibfs_check_knobs};
STEP_EXPORT const step_multi_t STEP_MULTI = {ibfs_run_multi};
