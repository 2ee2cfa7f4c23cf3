/* Step 18 - bitslice: the bottom-up levels read the adjacency as bit slices.
 *
 * Base:       13 (the lean prologue over step 12's hop engine and step 11's
 *             direction rule), included as a whole from ../13_lean/bfs.cu (its
 *             step_t renamed: this file exports its own).
 * Adds:       a bit-sliced in-adjacency for the bottom-up levels (knobs order,
 *             rows, slicemb). The vertices are renumbered for locality (order:
 *             none, degree, bfs, rcm), the CSR relabelled, and the in-edges
 *             cut into slices: R rows (rows, 8 by default) by 32 columns, one
 *             32-bit word a row, kept only where a word is nonzero. A row
 *             group's slices are a list of (column block, R words). A
 *             bottom-up level ANDs each slice's words with the frontier
 *             bitmap's word of that column block: one AND tests 32 in-edges.
 *             A row stops at its first hit, a group when all its unvisited
 *             rows have one. Top-down levels, the prologue and the rule stay
 *             step 13's; the rule still decides when a level runs bottom-up.
 * Idea:       step 10's bottom-up reads one in-edge (4 bytes) and one random
 *             frontier bit a step. A slice reads one frontier word for up to
 *             32 x R in-edges; with a locality order the few slices a row group
 *             reads before its rows find a parent hold most of their edges
 *             (docs/notes/bitslice.md: on Kronecker, bfs order, R = 8, half of
 *             CSR's sectors for one bottom-up level).
 * Reference:  D. Elbek, K. Kaya, "Blest" (2026), bit-sliced adjacency (BVSS);
 *             E. Cuthill, J. McKee (1969) and A. George (1971): RCM; S. Beamer
 *             et al. (SC 2012): the bottom-up step. Our code, not theirs.
 * Invariants: step 13's. The whole traversal runs on the relabelled graph with
 *             a distance array of its own; run() maps the source in and the
 *             distances back (d_dist[v] = dist'[perm[v]]). Each row group
 *             belongs to one lane (or, past BS_LONG slices, to its whole warp
 *             at once): its dist stores race with nothing; each next-bitmap word
 *             is written whole by one lane, as in step 10.
 * Limits:     rows R divides 32 (1..32); the slices take S (4R + 4) + 8 (n/R + 1)
 *             bytes (S slices); past slicemb MiB, or half the free device
 *             memory, the bottom-up levels are step 13's (exact, over CSR). The
 *             ordering and the slice build run on the host (OpenMP), in init.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../12_hop/hop.cuh" /* NEW(18): step 10's loop parts, for this rung's level below */

/* NEW(18): the slices, in constant memory: step 13's loop kernels, built
 * here with this rung's level, take step 13's arguments unchanged. */
typedef struct {
  const unsigned long long *off; /* groups + 1: row group g's slices are [off[g], off[g + 1]) */
  const unsigned *cb;            /* per slice: its column block (a frontier bitmap word)   */
  const unsigned *w;             /* per slice: R words, bit c of word r: in-edge
                                    (32 cb + c) -> (g R + r)                               */
  unsigned long long groups;     /* ceil(n / R)                                            */
  int R, on;                     /* on = 0: step 10's bottom-up over CSR                   */
} bs_slices_t;
static __constant__ bs_slices_t bs_sl;

/* NEW(18): slices a lane reads alone; a group still open then is finished by
 * its whole warp, 32 slices a round (as step 10's BU_LONG for long in-rows) */
#define BS_LONG 32

/* The slices of lane's group from k (lim at most) for the rows in open;
 * returns the rows still open. */
static __device__ __forceinline__ unsigned bs_scan(const unsigned *front, unsigned long long *k,
                                                   unsigned long long lim, unsigned open,
                                                   unsigned long long *reads) {
  const int R = bs_sl.R;
  for (; *k < lim && open; (*k)++) {
    unsigned f = __ldcg(&front[__ldg(&bs_sl.cb[*k])]); /* written last level by every SM */
    (*reads)++;
    if (!f) continue; /* no frontier vertex in this column block: the R words are not read */
    const unsigned *wk = bs_sl.w + *k * R;
    for (int r = 0; r < R; r++)
      if ((open >> r & 1) && (__ldg(&wk[r]) & f)) open &= ~(1u << r); /* a parent: row done */
  }
  return open;
}

/* NEW(18): a bottom-up level over the slices, in place of beamer_bottomup where
 * the slices exist, with the same counters for the rule. A lane takes one
 * row group: its unvisited rows from dist, then its slices in column order
 * until every such row has a frontier in-neighbour. A warp takes 32 groups,
 * 32 R vertices: R whole bitmap words, each written by one lane. */
/* replaces: beamer_bottomup */
static __device__ void bs_bottomup(const dobfs_args_t *a, int level, const unsigned *front,
                                   unsigned *next) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    dobfs_zero_next(a, level % 3);
    a->ctl->tq = 0; /* for the bitmap -> queue pass of a later switch */
  }
  const int R = bs_sl.R;
  const unsigned seg = 32 / R; /* lanes (groups) a bitmap word */
  unsigned lane = threadIdx.x & 31;
  unsigned long long warp = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32;
  unsigned long long nwarps = (unsigned long long)gridDim.x * blockDim.x / 32;
  /* found, their out-edges, their in-edges, left, left's in-edges, slices read (-a) */
  unsigned long long c[NS] = {0, 0, 0, 0, 0, 0};
  for (unsigned long long g0 = warp * 32; g0 < bs_sl.groups; g0 += nwarps * 32) {
    unsigned long long g = g0 + lane, k = 0, end = 0;
    unsigned todo = 0;
    if (g < bs_sl.groups) {
      for (int r = 0; r < R; r++) {
        unsigned long long u = g * R + r;
        if (u < a->b.n && __ldcg(&a->b.dist[u]) == DIST_INF) todo |= 1u << r;
      }
      if (todo) {
        k = __ldg(&bs_sl.off[g]);
        end = __ldg(&bs_sl.off[g + 1]);
      }
    }
    unsigned open = bs_scan(front, &k, end - k > BS_LONG ? k + BS_LONG : end, todo, &c[5]);
    /* the groups still open after BS_LONG slices: the whole warp, one group at a time,
     * a slice a lane (a uniform trip count: no lane leaves early) */
    for (unsigned lm = __ballot_sync(DEV_FULL_MASK, open && k < end); lm; lm &= lm - 1) {
      int src = __ffs(lm) - 1;
      unsigned long long x0 = __shfl_sync(DEV_FULL_MASK, k, src),
                         x1 = __shfl_sync(DEV_FULL_MASK, end, src);
      unsigned op = __shfl_sync(DEV_FULL_MASK, open, src);
      for (unsigned long long b = x0; b < x1 && op; b += 32) {
        unsigned long long y = b + lane;
        unsigned left = y < x1 ? bs_scan(front, &y, y + 1, op, &c[5]) : op;
        op &= __reduce_and_sync(DEV_FULL_MASK, left); /* a row found by any lane is found */
      }
      if (lane == src) open = op;
    }
    unsigned found = todo & ~open;
    for (int r = 0; r < R; r++) {
      if (!(todo >> r & 1)) continue;
      unsigned long long u = g * R + r;
      eid_t din = a->in_offsets[u + 1] - a->in_offsets[u];
      if (found >> r & 1) {
        a->b.dist[u] = level + 1; /* u's group is this lane's alone: no race */
        c[0]++;
        c[1] += a->b.offsets[u + 1] - a->b.offsets[u];
        c[2] += din;
      } else {
        c[3]++;
        c[4] += din;
      }
    }
    /* the next frontier: seg lanes' found bits make one word (g0 is a multiple of 32 groups) */
    unsigned word = R == 32 ? found : found << ((g * R) & 31);
    for (unsigned s = 1; s < seg; s <<= 1) word |= __shfl_xor_sync(DEV_FULL_MASK, word, s);
    unsigned long long wi = g * R / 32;
    if (lane % seg == 0 && wi < a->words) next[wi] = word; /* the whole word: no clearing */
  }
  int z = level % 3;
  unsigned long long *const dst[NS] = {&a->ctl->b.cnt[z], &a->ctl->fo[z], &a->ctl->fin[z],
                                       &a->ctl->left[z], &a->ctl->left_in[z],
                                       a->b.trace ? &a->ctl->b.edges[z] : NULL};
  beamer_block_sum(c, dst);
}

/* replaces: beamer_loop_bu */
static __device__ __forceinline__ int bs_loop_bu(const dobfs_args_t &a, dobfs_loop_t *L, int b0) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  if (!L->in_bitmap) { /* switch point: queue -> bitmap */
    dobfs_to_bitmap(&a, L->level, a.bm[L->bcur]);
    L->in_bitmap = 1;
    grid.sync();
  }
  if (bs_sl.on) /* NEW(18): the slices; else step 10's bottom-up (the same for all threads) */
    bs_bottomup(&a, L->level, a.bm[L->bcur], a.bm[L->bcur ^ 1]);
  else
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

/* replaces: dobfs_loop_level */
static __device__ __forceinline__ int bs_loop_level(const dobfs_args_t &a, dobfs_loop_t *L,
                                                    int b0) {
  int dir = DOBFS_LOOP_DIR(a, L); /* every thread, the same answer */
  if (dir == DIR_BOTTOMUP) return bs_loop_bu(a, L, b0); /* NEW(18) */
  if (L->in_bitmap && dobfs_loop_to_queue(a, L, b0)) return 1;
  int pending = 0;
  if (a.b.mode == MODE_SINGLE || (a.b.mode == MODE_SWITCH && L->size <= a.b.single)) {
    pending = dobfs_loop_single(a, L, b0);
    if (!pending) return L->size == 0;
    /* level `level` has hubs: the grid's hub pass below finishes it */
  }
  return DOBFS_LOOP_TD(a, L, b0, pending);
}

/* NEW(18): step 13's loop runs this rung's level (its hook, LEAN_LOOP_LEVEL) */
#define LEAN_LOOP_LEVEL bs_loop_level
#define STEP lean_step13 /* NEW(18): step 13's own step_t, renamed; STEP below is 18's */
#include "../13_lean/bfs.cu" /* step 13's program: its kernels, init, run and fini */
#undef STEP
#include "bitslice.cuh" /* NEW(18): the orders, the relabel, the slice build (host) */

/* NEW(18): the distances back in the input's numbering (timed: part of run) */
static __global__ void bs_unperm_kernel(const vid_t *perm, const dist_t *dn, dist_t *d, vid_t n) {
  for (size_t v = blockIdx.x * (size_t)blockDim.x + threadIdx.x; v < n;
       v += (size_t)gridDim.x * blockDim.x)
    d[v] = dn[perm[v]];
}

/* ---- host ------------------------------------------------------------------ */

static const char *const bs_order_name[] = {"none", "degree", "bfs", "rcm"};

typedef struct {
  void *inner;                  /* step 13's state, over the relabelled graph           */
  vid_t n;
  vid_t *h_perm;                /* new id of each vertex (NULL: order=none)             */
  vid_t *d_perm;
  dist_t *d_dist;               /* distances in the new numbering                       */
  graph_t hn;                   /* the relabelled CSR (host), kept for step 13's rule   */
  eid_t *d_off;                 /* ... and on the device                                */
  vid_t *d_cols;
  bs_slices_t sl;               /* device pointers                                      */
} bs_state_t;

/* NEW(18): the slices of the in-adjacency (off, cols: in-rows, ascending) on
 * the host, two passes over the row groups (count, then fill), uploaded; off
 * (sl->on = 0) where they would pass slicemb MiB or half the free device
 * memory. The build's figures into *slices and *mb. */
static int bs_build(const eid_t *off, const vid_t *cols, vid_t n, int R, long slicemb,
                    bs_slices_t *sl, unsigned long long *slices, double *mb) {
  unsigned long long G = ((unsigned long long)n + R - 1) / R;
  unsigned long long *so = (unsigned long long *)calloc(G + 1, sizeof *so);
  if (!so) return fail(EXIT_INPUT, "out of host memory (slice offsets)");
#pragma omp parallel for schedule(dynamic, 256)
  for (long long g = 0; g < (long long)G; g++) so[g + 1] = bs_group(off, cols, n, g * R, R, NULL, NULL);
  for (unsigned long long g = 0; g < G; g++) so[g + 1] += so[g];
  unsigned long long S = so[G];
  size_t bytes = (size_t)S * (4 * (size_t)R + 4) + 8 * ((size_t)G + 1), fr = 0, tot = 0;
  CUDA_CHECK(cudaMemGetInfo(&fr, &tot));
  *slices = S;
  *mb = bytes / 1e6;
  if (bytes > ((size_t)slicemb << 20) || bytes > fr / 2) {
    free(so);
    return 0; /* sl->on stays 0: step 10's bottom-up over the CSR */
  }
  unsigned *cb = (unsigned *)malloc((size_t)(S ? S : 1) * 4);
  unsigned *w = (unsigned *)malloc((size_t)(S ? S : 1) * R * 4);
  if (!cb || !w) {
    free(so);
    free(cb);
    free(w);
    return fail(EXIT_INPUT, "out of host memory (%llu slices)", S);
  }
#pragma omp parallel for schedule(dynamic, 256)
  for (long long g = 0; g < (long long)G; g++)
    bs_group(off, cols, n, g * R, R, cb + so[g], w + so[g] * R);
  unsigned long long *d_so = (unsigned long long *)gpu_alloc((G + 1) * sizeof *so, "slice offsets");
  unsigned *d_cb = (unsigned *)gpu_alloc((size_t)(S ? S : 1) * 4, "slice column blocks");
  unsigned *d_w = (unsigned *)gpu_alloc((size_t)(S ? S : 1) * R * 4, "slice words");
  CUDA_CHECK(cudaMemcpy(d_so, so, (G + 1) * sizeof *so, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_cb, cb, (size_t)S * 4, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_w, w, (size_t)S * R * 4, cudaMemcpyHostToDevice));
  free(so);
  free(cb);
  free(w);
  sl->off = d_so;
  sl->cb = d_cb;
  sl->w = d_w;
  sl->groups = G;
  sl->R = R;
  sl->on = 1;
  return 0;
}

static void bs_fini(void *state);

/* NEW(18): the order and the relabelled graph, on the host and the device;
 * *gn becomes it. Times into t[0] (order) and t[1] (relabel and upload). */
static int bs_reorder(bs_state_t *s, const graph_t *h, int order, dgraph_t *gn, double t[2]) {
  double t0 = host_ms();
  vid_t n = h->n, *ord = (vid_t *)malloc((size_t)(n ? n : 1) * sizeof(vid_t));
  s->h_perm = (vid_t *)malloc((size_t)(n ? n : 1) * sizeof(vid_t));
  if (!ord || !s->h_perm) {
    free(ord);
    return fail(EXIT_INPUT, "out of host memory (order)");
  }
  if (order == ORDER_DEGREE ? bs_by_degree(h, 1, ord) : bs_bfs_order(h, order == ORDER_RCM, ord)) {
    free(ord);
    return fail_code();
  }
  for (vid_t i = 0; i < n; i++) s->h_perm[ord[i]] = i;
  free(ord);
  t[0] = host_ms() - t0;
  if (bs_relabel(h, s->h_perm, &s->hn)) return fail_code();
  size_t nb = (size_t)(n ? n : 1), mb = (size_t)(h->m ? h->m : 1);
  s->d_off = (eid_t *)gpu_alloc((nb + 1) * sizeof(eid_t), "relabelled offsets");
  s->d_cols = (vid_t *)gpu_alloc(mb * sizeof(vid_t), "relabelled columns");
  s->d_perm = (vid_t *)gpu_alloc(nb * sizeof(vid_t), "relabelling");
  s->d_dist = (dist_t *)gpu_alloc(nb * sizeof(dist_t), "distances (new numbering)");
  CUDA_CHECK(cudaMemcpy(s->d_off, s->hn.offsets, ((size_t)n + 1) * sizeof(eid_t),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(s->d_cols, s->hn.cols, (size_t)h->m * sizeof(vid_t), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(s->d_perm, s->h_perm, (size_t)n * sizeof(vid_t), cudaMemcpyHostToDevice));
  gn->offsets = s->d_off;
  gn->cols = s->d_cols;
  gn->host = &s->hn;
  t[1] = host_ms() - t0 - t[0];
  return 0;
}

/* replaces: - */
static int bs_check_knobs(const launch_t *lc) {
  if (lean_check_knobs(lc)) return fail_code();
  long order = launch_knob(lc, "order"), rows = launch_knob(lc, "rows");
  long mb = launch_knob(lc, "slicemb");
  if (order < ORDER_NONE || order > ORDER_RCM)
    return fail(EXIT_INPUT, "order=%ld: 0 none, 1 degree, 2 bfs, 3 rcm", order);
  if (rows < 1 || rows > 32 || (rows & (rows - 1)))
    return fail(EXIT_INPUT, "rows=%ld: 1, 2, 4, 8, 16 or 32 (a divisor of 32)", rows);
  if (mb < 0 || mb > 1L << 20) return fail(EXIT_INPUT, "slicemb=%ld: 0 .. 1048576 MiB", mb);
  return 0;
}

/* NEW(18): the preparation, timed (the Prep line): the order and the
 * relabelled graph (*gn becomes it), the slices of its in-edges. */
/* replaces: - */
static int bs_prep(bs_state_t *s, const graph_t *h, const char *variant, int order, int R,
                   long slicemb, dgraph_t *gn) {
  double t0 = host_ms(), t[3] = {0, 0, 0};
  const graph_t *hh = h;
  if (order != ORDER_NONE) {
    if (bs_reorder(s, h, order, gn, t)) return fail_code();
    hh = &s->hn;
  }
  unsigned long long S = 0;
  double mb = 0, t2 = host_ms();
  if (slicemb > 0 && strcmp(variant, "topdown") != 0) { /* topdown: no bottom-up level */
    eid_t *ioff = hh->offsets;
    vid_t *icols = hh->cols;
    if (!hh->symmetric && bs_transpose(hh, &ioff, &icols)) return fail_code();
    int rc = bs_build(ioff, icols, hh->n, R, slicemb, &s->sl, &S, &mb);
    if (!hh->symmetric) {
      free(ioff);
      free(icols);
    }
    if (rc) return rc;
  }
  t[2] = host_ms() - t2;
  CUDA_CHECK(cudaMemcpyToSymbol(bs_sl, &s->sl, sizeof s->sl));
  double csr = 4.0 * (double)h->m + 8.0 * ((double)h->n + 1);
  printf("Prep: order=%s %.3f ms, relabel %.3f ms, slices %.3f ms (host; R = %d: %llu slices, "
         "%.1f MB, %.2f x CSR%s); total %.3f ms\n",
         bs_order_name[order], t[0], t[1], t[2], R, S, mb, mb * 1e6 / csr,
         s->sl.on ? "" : "; off: step 13's bottom-up", host_ms() - t0);
  return 0;
}

/* NEW(18): the preparation, then step 13's init over the relabelled graph
 * (its loop kernels, built here, run this rung's levels: LEAN_LOOP_LEVEL). */
/* replaces: - */
static int bs_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (bs_check_knobs(lc)) return fail_code();
  const graph_t *h = (const graph_t *)g->host;
  if (!h) return fail(EXIT_INPUT, "this step needs the host graph (order, slices)");
  /* -V paper: Blest's choices that this rung has: RCM, slices of 8 rows, beamer's rule */
  int paper = strcmp(lc->variant, "paper") == 0;
  int order = paper ? ORDER_RCM : (int)launch_knob(lc, "order");
  int R = paper ? 8 : (int)launch_knob(lc, "rows");
  launch_t l13 = *lc;
  if (paper) l13.variant = "beamer";
  bs_state_t *s = (bs_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->n = g->n;
  dgraph_t gn = *g;
  if (bs_prep(s, h, l13.variant, order, R, launch_knob(lc, "slicemb"), &gn) ||
      lean_init(&gn, &l13, &s->inner)) {
    int rc = fail_code();
    bs_fini(s);
    return rc;
  }
  *state = s;
  return 0;
}

/* NEW(18): the source into the new numbering, step 13's run, the distances
 * back (both timed: the relabel's cost in every run) */
/* replaces: - */
static int bs_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  bs_state_t *s = (bs_state_t *)state;
  if (!s->h_perm) return lean_run(s->inner, src, d_dist, st);
  gpu_fill_dist(s->d_dist, s->n, s->h_perm[src]);
  int rc = lean_run(s->inner, s->h_perm[src], s->d_dist, st);
  if (rc) return rc;
  unsigned long long blocks = ((unsigned long long)s->n + 255) / 256;
  bs_unperm_kernel<<<(unsigned)(blocks > 65536 ? 65536 : blocks ? blocks : 1), 256>>>(
      s->d_perm, s->d_dist, d_dist, s->n);
  LAUNCH_CHECK();
  return 0;
}

/* replaces: - */
static void bs_fini(void *state) {
  bs_state_t *s = (bs_state_t *)state;
  if (s->inner) lean_fini(s->inner);
  gpu_free((void *)s->sl.off);
  gpu_free((void *)s->sl.cb);
  gpu_free((void *)s->sl.w);
  gpu_free(s->d_off);
  gpu_free(s->d_cols);
  gpu_free(s->d_perm);
  gpu_free(s->d_dist);
  free(s->hn.offsets);
  free(s->hn.cols);
  free(s->h_perm);
  free(s);
}

/* step 13's rules; paper: Blest's choices that this rung has (bs_init) */
static const char *const bs_variants[] = {"beamer", "slides", "topdown", "bottomup", "paper", NULL};

static const knob_def_t bs_knobs[] = {
    DOBFS_KNOBS
    HOP_KNOBS
    LEAN_KNOBS /* step 13's */
    {"order", ORDER_BFS,
     "vertex order for locality (NEW 18): 0 none, 1 degree (highest first), 2 bfs (BFS from the "
     "highest-degree vertex), 3 rcm (reverse Cuthill-McKee); -V paper: 3"},
    {"rows", 8, "rows of a slice R: 1, 2, 4, 8, 16 or 32; -V paper: 8"},
    {"slicemb", 4096,
     "slices at most this many MiB (and half the free device memory), else step 13's bottom-up; "
     "0: never slices"},
    DOBFS_KNOB_SLIDES
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {
    "Bit slices: the bottom-up levels over a reordered, bit-sliced in-adjacency",
    PROBLEM_BFS,
    bs_knobs,
    bs_variants,
    bs_init,
    bs_run,
    bs_fini,
    bs_check_knobs};
