/* Step 24 - fire: on dense graphs, a relax that waits for nothing and a
 * frontier found by a scan.
 *
 * Base:       23 (a small graph in one block's shared memory, on step 22's
 *             loop without rounds and step 17's contractions), included as a
 *             whole from ../23_shared/sssp.cu (its step_t renamed: this file
 *             exports its own).
 * Adds:       variant "auto" (the default): a graph of mean degree at least
 *             FI_DENSE (8) without negative weights runs this rung's rounds;
 *             others run step 23 (which runs 22 and 17 below it). "always":
 *             every graph without negative weights. A round is a scan of
 *             every vertex, then the walk of the rows it queued:
 *             - the scan queues v when d(v) fell since v's row was last
 *               walked (d(v) < last(v)) and d(v) lies in the window;
 *             - the walk relaxes each edge with an atomicMin whose result
 *               nobody reads (a reduction: the lane does not wait);
 *             - when the window holds nothing, the next window [hi, hi +
 *               delta), queued by the same scan, is used; when both are
 *               empty the window jumps to the smallest pending distance.
 *             Knobs: fdelta (the window, -1: the mean weight), fvw, fttas,
 *             fbig, fscan. Long rows go in chunks of FI_CH edges, a block
 *             each; the scan adds its queue counts once a tile of fscan
 *             vertices a thread.
 * Idea:       steps 14-17 deduplicate every push with the atomicMin's return
 *             value (who lowered v queues it), so every relaxation waits for
 *             an L2 round trip before the lane can decide. On a dense graph
 *             the relaxations are most of the work and the rounds few: let
 *             them fire and forget, and find the next frontier with one
 *             streaming pass over d and last, 8 bytes a vertex. On a thin
 *             graph with thousands of rounds that pass is the cost: auto
 *             leaves those to step 23.
 * Reference:  GSWITCH (K. Meng, J. Li, G. Tan, N. Sun, "A pattern based
 *             algorithmic autotuner for graph processing on GPUs", PPoPP
 *             2019): the frontier from an inspection of every vertex, a
 *             window of distances; Delta-stepping (U. Meyer, P. Sanders, J.
 *             Algorithms 2003). Our code.
 * Invariants: last(v) is the distance v's row was last walked with; a vertex
 *             with d(v) < last(v) is queued by a later scan, so a fall is
 *             never lost. Every chunk of a row carries the scan's d(v), so a
 *             row is walked with one distance. The run ends when a scan finds
 *             no d(v) < last(v) anywhere: every row was walked with its final
 *             distance.
 * Limits:     no negative weights (those graphs run step 23's path, which
 *             bounds a negative cycle). A round costs a pass over 2n words
 *             and a wait for the host (the round's counts), so graphs of
 *             many rounds (roads, grids) lose: auto keeps them below.
 */
#pragma push_macro("STEP")
#undef STEP
#define STEP sh_step23 /* NEW(24): step 23's own step_t, renamed; STEP below is 24's */
#include "../23_shared/sssp.cu" /* step 23's program: shared, async, and 17 below them */
#pragma pop_macro("STEP")
#include "fire.cuh"

typedef struct {
  sh_state_t *s;     /* step 23's state, when this rung's rounds are off */
  int on;            /* NEW(24): this rung's rounds */
  fi_args_t a;
  long long delta;   /* the window's width (DIST_INF: no window) */
  int grid, sms;
  fi_ctl_t *h_out, *d_out; /* mapped: a scan's counts for the host */
} fi_state_t;

static int fi_check_knobs(const launch_t *lc) {
  if (sh_check_knobs(lc)) return fail_code();
  long vw = launch_knob(lc, "fvw"), d = launch_knob(lc, "fdelta"), big = launch_knob(lc, "fbig");
  long t = launch_knob(lc, "fttas"), sv = launch_knob(lc, "fscan");
  if (vw < 1 || vw > 32 || (vw & (vw - 1))) return fail(EXIT_INPUT, "fvw=%ld: 1, 2, 4, 8, 16 or 32", vw);
  if (d < -1 || d > (1l << 30)) return fail(EXIT_INPUT, "fdelta=%ld: -1 (the mean weight), 0 (none) or up to 2^30", d);
  if (big < 32 || big > (1l << 30)) return fail(EXIT_INPUT, "fbig=%ld: 32..2^30 edges", big);
  if (t != 0 && t != 1) return fail(EXIT_INPUT, "fttas=%ld: 0 or 1", t);
  if (sv < 1 || sv > FI_SCANV) return fail(EXIT_INPUT, "fscan=%ld: 1..%d vertices a thread", sv, FI_SCANV);
  return 0;
}

static void fi_fini(void *state) {
  fi_state_t *o = (fi_state_t *)state;
  if (o->s) sh_fini(o->s);
  gpu_free(o->a.last);
  for (int k = 0; k < 2; k++) {
    gpu_free(o->a.q[k]);
    gpu_free(o->a.bq[k]);
  }
  gpu_free(o->a.ctl);
  gpu_free_mapped(o->h_out);
  free(o);
}

/* NEW(24): the smallest weight and the mean weight, on the GPU */
static void fi_weights(const dgraph_t *g, const launch_t *lc, int *wmin, double *wmean) {
  unsigned long long *d_sum = (unsigned long long *)gpu_alloc(2 * sizeof(unsigned long long), "weight stats");
  int *d_min = (int *)(void *)(d_sum + 1);
  int lo = INT32_MAX;
  unsigned long long sum = 0;
  CUDA_CHECK(cudaMemcpy(d_min, &lo, sizeof lo, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_sum, &sum, sizeof sum, cudaMemcpyHostToDevice));
  if (g->m) {
    fi_weights_kernel<<<lc->sm_count * 8, FI_BLOCK>>>(g->weights, g->m, d_min, d_sum);
    LAUNCH_CHECK();
  }
  CUDA_CHECK(cudaMemcpy(&lo, d_min, sizeof lo, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&sum, d_sum, sizeof sum, cudaMemcpyDeviceToHost));
  gpu_free(d_sum);
  *wmin = g->m ? lo : 0;
  *wmean = g->m ? (double)sum / (double)g->m : 0;
}

/* NEW(24): step 23's init where this rung's rounds stay off (its variant
 * "auto": "always" means step 22's loop there) */
static int fi_base(const dgraph_t *g, const launch_t *lc, fi_state_t *o, const char *why) {
  printf("Fire: off (%s: step 23)\n", why);
  launch_t b = *lc;
  b.variant = "auto";
  void *inner = NULL;
  if (sh_init(g, &b, &inner)) {
    free(o);
    return fail_code();
  }
  o->s = (sh_state_t *)inner;
  return 0;
}

static int fi_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (fi_check_knobs(lc)) return fail_code();
  fi_state_t *o = (fi_state_t *)calloc(1, sizeof *o);
  if (!o) return fail(EXIT_INPUT, "out of host memory");
  int wmin = 0, always = strcmp(lc->variant, "always") == 0;
  int thin = !always && g->m < FI_DENSE * (unsigned long long)g->n;
  double wmean = 0;
  if (g->n && !thin) fi_weights(g, lc, &wmin, &wmean); /* a graph that goes to step 23 needs no pass */
  const char *off = g->n == 0 ? "no vertex"
                    : thin    ? "auto: mean degree below 8"
                    : wmin < 0 ? "negative weights"
                               : NULL;
  if (off) {
    if (fi_base(g, lc, o, off)) return fail_code();
    *state = o;
    return 0;
  }
  o->on = 1;
  long d = launch_knob(lc, "fdelta");
  o->delta = d == 0 ? (long long)DIST_INF : d > 0 ? d : (long long)(wmean + 0.5) > 0 ? (long long)(wmean + 0.5) : 1;
  o->sms = lc->sm_count;
  o->grid = lc->grid > 0 ? lc->grid : lc->sm_count * 8;
  fi_args_t *a = &o->a;
  a->off = g->offsets;
  a->cols = g->cols;
  a->w = g->weights;
  a->n = g->n;
  a->big = (unsigned)launch_knob(lc, "fbig");
  a->vw = (int)launch_knob(lc, "fvw");
  a->ttas = (int)launch_knob(lc, "fttas");
  a->scanv = (int)launch_knob(lc, "fscan");
  size_t nch = (size_t)g->n + g->m / FI_CH + 1; /* a long row: its edges / FI_CH chunks, plus one */
  a->last = (dist_t *)gpu_alloc((size_t)g->n * sizeof(dist_t), "last walked distances");
  for (int k = 0; k < 2; k++) {
    a->q[k] = (uint2 *)gpu_alloc((size_t)g->n * sizeof(uint2), "window queue");
    a->bq[k] = (uint4 *)gpu_alloc(nch * sizeof(uint4), "window chunk queue");
  }
  a->ctl = (fi_ctl_t *)gpu_alloc(sizeof(fi_ctl_t), "scan counts");
  o->h_out = (fi_ctl_t *)gpu_alloc_mapped(sizeof *o->h_out, (void **)&o->d_out);
  if (o->delta >= DIST_INF) printf("Fire: rounds from a scan, no window, rows of %u+ edges in chunks of %u\n", a->big, FI_CH);
  else printf("Fire: rounds from a scan, window %lld (mean weight %.1f), rows of %u+ edges in chunks of %u\n",
              o->delta, wmean, a->big, FI_CH);
  *state = o;
  return 0;
}

/* NEW(24): one warp copies a scan's counts into mapped host memory (step 21's
 * one wait: the host reads them after cudaStreamSynchronize) */
static __global__ void fi_out_kernel(fi_ctl_t *out, const fi_ctl_t *ctl) {
  const unsigned *from = (const unsigned *)ctl;
  unsigned *to = (unsigned *)out;
  for (unsigned i = threadIdx.x; i < sizeof(fi_ctl_t) / sizeof(unsigned); i += blockDim.x)
    to[i] = from[i];
}

/* NEW(24): a window's queues walked: the short rows vw lanes each, the chunks
 * of long rows a block each */
static void fi_walk(fi_state_t *o, dist_t *d_dist, int k, const fi_win_t *w) {
  unsigned long long cap = (unsigned long long)o->sms * 16;
  if (w->cnt) {
    unsigned long long blocks = (w->cnt * o->a.vw + FI_BLOCK - 1) / FI_BLOCK;
    fi_expand_kernel<<<(unsigned)(blocks < cap ? blocks : cap), FI_BLOCK>>>(o->a, d_dist, k, w->cnt, k);
    LAUNCH_CHECK();
  }
  if (w->chunks) {
    fi_chunks_kernel<<<(unsigned)(w->chunks < cap ? w->chunks : cap), FI_BLOCK>>>(o->a, d_dist, k, w->chunks, k);
    LAUNCH_CHECK();
  }
}

static int fi_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  fi_state_t *o = (fi_state_t *)state;
  if (!o->on) return sh_run(o->s, src, d_dist, st);
  fi_last_kernel<<<o->grid, FI_BLOCK>>>(o->a.last, o->a.n);
  LAUNCH_CHECK();
  long long hi = o->delta;
  unsigned long long relax = 0;
  int rounds = 0, scans = 0;
  for (;;) { /* ends: each pass walks rows or raises hi to a pending distance */
    fi_reset_kernel<<<1, 1>>>(o->a.ctl);
    fi_scan_kernel<<<o->grid, FI_BLOCK>>>(o->a, d_dist, hi, o->delta);
    fi_out_kernel<<<1, 32>>>(o->d_out, o->a.ctl);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaStreamSynchronize(0));
    fi_ctl_t c = *o->h_out;
    scans++;
    int k = c.w[0].cnt + c.w[0].chunks ? 0 : c.w[1].cnt + c.w[1].chunks ? 1 : -1;
    if (k < 0) {
      if (c.nextmin >= DIST_INF) break; /* nothing fell anywhere: done */
      hi = (long long)c.nextmin + o->delta;
      continue;
    }
    if (k == 1) hi += o->delta; /* the first window was empty: the next one is the window */
    rounds++;
    relax += c.w[k].relax;
    fi_walk(o, d_dist, k, &c.w[k]);
  }
  st->levels = rounds;
  st->relaxations = st->edges_inspected = (long long)relax;
  st->pushes = -1;
  if (getenv("HBF_VERBOSE")) printf("Fire: %d rounds, %d scans, %llu relaxations\n", rounds, scans, relax);
  return 0;
}

static const char *const fi_variants[] = {"auto", "always", NULL};

static const knob_def_t fi_knobs[] = {
    NF_KNOBS
    OB_KNOBS_LEAN
    CHN_KNOBS
    SH_KNOBS
    {"fdelta", -1, "fire: the window's width in distance (-1: the mean weight; 0: no window)"},
    {"fvw", 32, "fire: lanes a short row (1, 2, 4, 8, 16, 32)"},
    {"fttas", 1, "fire: read d(c) before the atomicMin (0: every edge an atomic)"},
    {"fbig", 1024, "fire: rows of at least this many edges go in chunks of 1,024, a block each"},
    {"fscan", 8, "fire: vertices a thread in a scan's tile (1..8): one global count a tile"},
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {"Fire: a relax that waits for nothing, the frontier from a scan",
                                 PROBLEM_SSSP,
                                 fi_knobs,
                                 fi_variants,
                                 fi_init,
                                 fi_run,
                                 fi_fini,
                                 fi_check_knobs};
