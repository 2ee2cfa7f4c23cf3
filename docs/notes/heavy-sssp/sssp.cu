/* Step 25 - heavy: a heavy edge is relaxed once.
 *
 * Base:       24 (a relax that waits for nothing and a frontier found by a
 *             scan, on dense graphs; step 23 below it), included as a whole
 *             from ../24_fire/sssp.cu (its step_t renamed: this file exports
 *             its own).
 * Adds:       knob heavy (1, the default): where step 24's rounds run, init
 *             copies every row split in two, its light edges (w < delta)
 *             first, then its heavy ones (w >= delta), and the rounds walk
 *             the parts apart:
 *             - a vertex whose distance fell in the window gets its light
 *               part walked (queue 0), as step 24 walks its whole row;
 *             - its heavy part waits until the window has no light work left
 *               (the window's distances are then final) and is walked once,
 *               in the round that walks the next window (queues 2 and 1).
 *             heavy=0: step 24's rounds unchanged.
 * Idea:       Delta-stepping's edge classes. A heavy edge from a vertex in
 *             the window [hi - delta, hi) lands at or past hi: it cannot
 *             lower anything in the window, so walking it before the
 *             window's distances settle only produces offers that a later
 *             walk of the same row replaces. Step 24 walks a whole row each
 *             time its distance falls; here the heavy half is walked once.
 * Reference:  U. Meyer, P. Sanders, "Delta-stepping: a parallelizable
 *             shortest path algorithm", J. Algorithms 49(1), 2003 (light and
 *             heavy edges, heavy relaxed once a bucket is settled). Our code.
 * Invariants: last(v) >> 1 is the distance v's light part was last walked
 *             with; its low bit says the heavy part was walked with it too.
 *             A vertex with d(v) < last(v) >> 1 is queued by a later scan;
 *             a heavy part is walked only when a scan finds no light work in
 *             the window [.., hi): every distance below hi is then final.
 *             The run ends when a scan finds nothing in any queue and
 *             nothing pending.
 * Limits:     no negative weights (step 23's path, as in step 24). The split
 *             copy doubles the graph's edge memory on the device; its time
 *             is init's, printed on its own line.
 */
#pragma push_macro("STEP")
#undef STEP
#define STEP fi_step24 /* NEW(25): step 24's own step_t, renamed; STEP below is 25's */
#include "../24_fire/sssp.cu" /* step 24's program: fire, and 23 below it */
#pragma pop_macro("STEP")
#include "heavy.cuh"

typedef struct {
  fi_state_t *f;     /* step 24's state: its rounds, or step 23's */
  int on;            /* NEW(25): the split rounds */
  lh_args_t a;
  eid_t *mid;
  vid_t *cols;
  weight_t *w;
  lh_ctl_t *h_out, *d_out; /* mapped: a scan's counts for the host */
} lh_state_t;

static int lh_check_knobs(const launch_t *lc) {
  if (fi_check_knobs(lc)) return fail_code();
  long h = launch_knob(lc, "heavy");
  if (h != 0 && h != 1) return fail(EXIT_INPUT, "heavy=%ld: 0 or 1", h);
  return 0;
}

static void lh_fini(void *state) {
  lh_state_t *o = (lh_state_t *)state;
  fi_fini(o->f);
  gpu_free(o->mid);
  gpu_free(o->cols);
  gpu_free(o->w);
  gpu_free(o->a.q[2]);
  gpu_free(o->a.bq[2]);
  gpu_free(o->a.ctl);
  gpu_free_mapped(o->h_out);
  free(o);
}

/* NEW(25): the split copy of the rows, timed on its own (part of init) */
static void lh_split(const dgraph_t *g, lh_state_t *o, long long delta) {
  o->mid = (eid_t *)gpu_alloc((size_t)g->n * sizeof(eid_t), "light/heavy split points");
  o->cols = (vid_t *)gpu_alloc((size_t)g->m * sizeof(vid_t) + 1, "split rows");
  o->w = (weight_t *)gpu_alloc((size_t)g->m * sizeof(weight_t) + 1, "split weights");
  cudaEvent_t t[2];
  for (int i = 0; i < 2; i++) CUDA_CHECK(cudaEventCreate(&t[i]));
  CUDA_CHECK(cudaEventRecord(t[0], 0));
  unsigned blocks = (unsigned)((g->n + FI_BLOCK / 32 - 1) / (FI_BLOCK / 32));
  if (blocks > 65535u * 16) blocks = 65535u * 16;
  lh_count_kernel<<<blocks, FI_BLOCK>>>(g->offsets, g->weights, g->n, delta, o->mid);
  lh_split_kernel<<<blocks, FI_BLOCK>>>(g->offsets, o->mid, g->cols, g->weights, g->n, delta, o->cols, o->w);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaEventRecord(t[1], 0));
  CUDA_CHECK(cudaEventSynchronize(t[1]));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, t[0], t[1]));
  for (int i = 0; i < 2; i++) CUDA_CHECK(cudaEventDestroy(t[i]));
  printf("Heavy: rows split at weight %lld (light below, heavy at or above) in %.3f ms\n", delta, ms);
}

static int lh_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (lh_check_knobs(lc)) return fail_code();
  lh_state_t *o = (lh_state_t *)calloc(1, sizeof *o);
  if (!o) return fail(EXIT_INPUT, "out of host memory");
  void *inner = NULL;
  if (fi_init(g, lc, &inner)) {
    free(o);
    return fail_code();
  }
  o->f = (fi_state_t *)inner;
  if (!o->f->on || !launch_knob(lc, "heavy")) {
    if (o->f->on) printf("Heavy: off (heavy=0: step 24's rounds)\n");
    *state = o;
    return 0;
  }
  o->on = 1;
  fi_args_t *f = &o->f->a;
  lh_split(g, o, o->f->delta);
  lh_args_t *a = &o->a;
  a->off = g->offsets;
  a->mid = o->mid;
  a->cols = o->cols;
  a->w = o->w;
  a->last = (unsigned *)f->last; /* step 24's buffers, reused: same sizes */
  for (int k = 0; k < 2; k++) {
    a->q[k] = f->q[k];
    a->bq[k] = f->bq[k];
  }
  size_t nch = (size_t)g->n + g->m / FI_CH + 1;
  a->q[2] = (uint2 *)gpu_alloc((size_t)g->n * sizeof(uint2), "heavy queue");
  a->bq[2] = (uint4 *)gpu_alloc(nch * sizeof(uint4), "heavy chunk queue");
  a->ctl = (lh_ctl_t *)gpu_alloc(sizeof(lh_ctl_t), "scan counts");
  o->h_out = (lh_ctl_t *)gpu_alloc_mapped(sizeof *o->h_out, (void **)&o->d_out);
  a->n = g->n;
  a->big = f->big;
  a->vw = f->vw;
  a->ttas = f->ttas;
  *state = o;
  return 0;
}

/* NEW(25): one warp copies a scan's counts into mapped host memory */
static __global__ void lh_out_kernel(lh_ctl_t *out, const lh_ctl_t *ctl) {
  const unsigned *from = (const unsigned *)ctl;
  unsigned *to = (unsigned *)out;
  for (unsigned i = threadIdx.x; i < sizeof(lh_ctl_t) / sizeof(unsigned); i += blockDim.x) to[i] = from[i];
}

/* NEW(25): queue k's parts walked: short ones vw lanes each, chunks a block each */
static void lh_walk(lh_state_t *o, dist_t *d_dist, int k, const fi_win_t *w) {
  unsigned long long cap = (unsigned long long)o->f->sms * 16;
  if (w->cnt) {
    unsigned long long blocks = (w->cnt * o->a.vw + FI_BLOCK - 1) / FI_BLOCK;
    lh_expand_kernel<<<(unsigned)(blocks < cap ? blocks : cap), FI_BLOCK>>>(o->a, d_dist, k, w->cnt);
    LAUNCH_CHECK();
  }
  if (w->chunks) {
    lh_chunks_kernel<<<(unsigned)(w->chunks < cap ? w->chunks : cap), FI_BLOCK>>>(o->a, d_dist, k, w->chunks);
    LAUNCH_CHECK();
  }
}

static int lh_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  lh_state_t *o = (lh_state_t *)state;
  if (!o->on) return fi_run(o->f, src, d_dist, st);
  long long delta = o->f->delta, hi = delta;
  lh_last_kernel<<<o->f->grid, FI_BLOCK>>>(o->a.last, o->a.n);
  LAUNCH_CHECK();
  unsigned long long relax = 0;
  int rounds = 0, scans = 0;
  for (;;) { /* ends: each pass walks parts or raises hi to a pending distance */
    lh_reset_kernel<<<1, 1>>>(o->a.ctl);
    lh_scan_kernel<<<o->f->grid, FI_BLOCK>>>(o->a, d_dist, hi, delta);
    lh_out_kernel<<<1, 32>>>(o->d_out, o->a.ctl);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaStreamSynchronize(0));
    lh_ctl_t c = *o->h_out;
    scans++;
    if (c.w[0].cnt + c.w[0].chunks) { /* light work left in the window */
      rounds++;
      relax += c.w[0].relax;
      lh_walk(o, d_dist, 0, &c.w[0]);
      continue;
    }
    if (c.w[1].cnt + c.w[1].chunks + c.w[2].cnt + c.w[2].chunks) { /* settled: heavy parts, next window */
      rounds++;
      relax += c.w[1].relax + c.w[2].relax;
      lh_walk(o, d_dist, 2, &c.w[2]);
      lh_walk(o, d_dist, 1, &c.w[1]);
      hi += delta;
      continue;
    }
    if (c.nextmin >= DIST_INF) break; /* nothing pending anywhere: done */
    hi = (long long)c.nextmin + delta;
  }
  st->levels = rounds;
  st->relaxations = st->edges_inspected = (long long)relax;
  st->pushes = -1;
  if (getenv("HBF_VERBOSE")) printf("Heavy: %d rounds, %d scans, %llu relaxations\n", rounds, scans, relax);
  return 0;
}

static const char *const lh_variants[] = {"auto", "always", NULL};

static const knob_def_t lh_knobs[] = {
    NF_KNOBS
    OB_KNOBS_LEAN
    CHN_KNOBS
    AS_KNOBS
    {"smem", 1, "run a graph that fits one block's shared memory there, whole (0: step 22)"},
    {"fdelta", -1, "fire: the window's width in distance (-1: the mean weight; 0: no window)"},
    {"fvw", 32, "fire: lanes a short row (1, 2, 4, 8, 16, 32)"},
    {"fttas", 1, "fire: read d(c) before the atomicMin (0: every edge an atomic)"},
    {"fbig", 1024, "fire: rows of at least this many edges go in chunks of 1,024, a block each"},
    {"heavy", 1, "heavy: rows split at the window's width, heavy edges walked once (0: step 24)"},
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {"Heavy: a heavy edge is relaxed once",
                                 PROBLEM_SSSP,
                                 lh_knobs,
                                 lh_variants,
                                 lh_init,
                                 lh_run,
                                 lh_fini,
                                 lh_check_knobs};
