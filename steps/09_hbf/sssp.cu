/* Step 09 - hbf: H-BF, a frontier Bellman-Ford for single-source shortest paths.
 *
 * Base:       06 (the frontier queue and virtual warps; the problem changes
 *             from BFS levels to SSSP distances, so most lines are new)
 * Adds:       every technique of H-BF, each a knob (-K name=value, -1: the
 *             variant's): the 64-bit (distance, round) atomicMin (dedup),
 *             edge classes from degree marks in the columns' top two bits
 *             (classify), dynamic virtual warps (vw), a child grid a hub, at
 *             most HBF_CHILD_CAP a round (dp), the warp-aggregated enqueue
 *             (coalesce), the round loop on the device by tail launches (loop).
 *             Variants hbf (the fastest on the H100) and paper. README.md: the
 *             knob table, and the reading tour from the paper to the code.
 * Idea:       relax only the out-edges of the vertices whose distance fell in
 *             the last round (a queue); round r's atomicMin(info[v], (d(u) + w,
 *             r)) returns whether d(v) fell and whether v is in queue r + 1.
 * Code:       hbf.cuh, the library of the later SSSP rungs, holds every technique
 *             (types, kernels, init's and run's host helpers); this file is the
 *             program: knobs, variants, init, the host's round loop, fini.
 * Reference:  F. Busato, N. Bombieri, "An Efficient Implementation of the
 *             Bellman-Ford Algorithm for Kepler GPU Architectures", IEEE TPDS
 *             27(8), 2016.
 * Invariants: info[v] = (key(d(v)) << 32) | r, key(d) = d ^ 0x80000000 (signed
 *             order as unsigned), r the last round (1, 2, ...) that lowered
 *             d(v). A proposal (d, r) never ties a stored (d, r') with r' > r,
 *             so atomicMin changes info[v] exactly when d < d(v). Every vertex
 *             whose distance fell in round r is in queue r (once with dedup
 *             >= 1) but the classified ones; an empty queue: all final. A
 *             target of in-degree 1 has one writer a round (classify needs
 *             dedup >= 1), so a plain store is exact. Without a negative cycle
 *             no push follows round n and no distance is below max(-(n-1) *
 *             max|w-|, the sum of the negative weights): either proves one.
 * Limits:     README's: 32-bit distances (hbf_sum clamps), ids below 2^30 with
 *             classify=1, dedup=0's overflow (refilled with every reached
 *             vertex), refused child launches (the virtual warp's), benign races.
 */
#include "hbf.cuh"

/* NEW(09): the variants' choices for the knobs left at -1: hbf, the fastest
 * combination measured on the H100 (README); paper, the paper's own. */
static long hbf_var(const launch_t *lc, const char *name, long fast, long paper) {
  long v = launch_knob(lc, name);
  if (v != -1) return v;
  return lc->variant && strcmp(lc->variant, "paper") == 0 ? paper : fast;
}
#define KNOB_LOOP(lc) hbf_var(lc, "loop", 0, 1)

/* Knob values alone (the harness calls this before it builds the graph or
 * looks for a GPU, so a typo is exit 2 on any machine; init calls it too). */
static int hbf_check_knobs(const launch_t *lc) {
  if (hbf_check_base(lc)) return fail_code();
  long loop = KNOB_LOOP(lc);
  if (loop < 0 || loop > 1)
    return fail(EXIT_INPUT, "loop=%ld: -1 (the variant's), 0 (host) or 1 (device, tail launches)",
                loop);
  return 0;
}

typedef struct {
  hbf_host_t h;
  hbf_args_t a;
} hbf_state_t;

static void hbf_fini(void *state) {
  hbf_state_t *s = (hbf_state_t *)state;
  hbf_free(&s->h, &s->a);
  free(s);
}

static int hbf_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (hbf_check_knobs(lc)) return fail_code();
  hbf_state_t *s = (hbf_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  degree_stats_t ds;
  if (hbf_setup(&s->h, &s->a, g, lc, KNOB_LOOP(lc), &ds) ||
      (s->a.classify && hbf_classify(&s->h, &s->a))) {
    int rc = fail_code();
    hbf_fini(s);
    return rc;
  }
  hbf_alloc(&s->a, sizeof(hbf_ctl_t));
  if (HBF_CDP && (s->a.dp > 0 || s->a.chain == 1)) hbf_pending_launches();
  *state = s;
  return 0;
}

static int hbf_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  hbf_state_t *s = (hbf_state_t *)state;
  hbf_args_t a = s->a;
  a.dist = d_dist;
  int fill_grid = launch_grid(&s->h.lc, a.n);
  hbf_start_kernel<<<fill_grid, s->h.lc.block>>>(a, src);
  LAUNCH_CHECK();
  hbf_ctl_t c;
  memset(&c, 0, sizeof c);
  c.size[0] = 1;
  c.round = 1;
  c.phase = 1;
  int trips = 0;
  for (;;) {
    if (c.phase == 1) { /* expand round c.round */
      int vw, grid;
      hbf_shape(&a, c.size[c.cur], &vw, &grid);
      hbf_expand_kernel<<<grid, a.block>>>(a, c.cur, c.round, c.size[c.cur], vw);
      LAUNCH_CHECK();
    }
    if (!a.chain || c.phase == 0) { /* loop=0, or the device handed back before the dispatcher */
      hbf_dispatch_kernel<<<1, 1>>>(a);
      LAUNCH_CHECK();
    }
    /* NEW(09): one readback per round (loop=0) or per chain of rounds (loop=1) */
    CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
    trips++;
    if (c.status == HBF_DONE || c.status == HBF_NEGCYCLE || c.status == HBF_BIGDIST) break;
    if (a.chain && c.status == HBF_RUNNING) /* a chain ends with a decision; never loop on none */
      return fail(EXIT_CUDA, "the device round loop stopped in round %d without a decision",
                  c.round);
    /* an overflow, or loop=1 handing back (a refused tail launch): go on from here */
    if (c.status == HBF_OVERFLOW || c.status == HBF_HANDBACK) hbf_resume(&s->h, &a, &c, fill_grid);
  }
  hbf_fixups(&s->h, &a, c.status);
  if (hbf_stats(&a, &c, st) || hbf_verdict(&c, src, a.n)) return fail_code();
  if (getenv("HBF_VERBOSE")) /* support: the loop's cost, for the lesson's measurements */
    fprintf(stderr, "hbf: %d rounds, %d host round trips, %llu child grids, %llu refused%s%s\n",
            c.round, trips, c.children, c.child_fail, c.err ? ", last device launch error: " : "",
            c.err ? cudaGetErrorString((cudaError_t)c.err) : "");
  return 0;
}

/* NEW(09): hbf = the fastest combination of the paper's techniques measured on
 * the H100 (the host's round loop); paper = the paper's own (the round loop
 * on the device). */
static const char *const hbf_variants[] = {"hbf", "paper", NULL};

static const knob_def_t hbf_knobs[] = {
    {"dedup", 2,
     "duplicates: 0 none (every improvement pushed), 1 round marks, 2 64-bit (distance, round) "
     "atomicMin"},
    {"classify", 1,
     "edge classes: in-degree-1 plain store, sinks fixed up after, leaves never pushed (needs "
     "dedup >= 1)"},
    {"vw", 0,
     "virtual warp: 0 dynamic (4..32 from the frontier size), or a fixed 1, 2, 4, 8, 16, 32"},
    {"dp", 4096,
     "hubs: out-degree > dp (and > 256) gets a child grid (dynamic parallelism), at most 1024 a "
     "round; 0 off"},
    {"coalesce", 1, "warp-aggregated enqueue: 1 on, 0 one atomic per push"},
    {"loop", -1,
     "round loop: 0 host (a launch and a readback per round), 1 device (tail launches); -1 the "
     "variant's (hbf 0, paper 1)"},
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {"H-BF: frontier Bellman-Ford (Busato & Bombieri)",
                                 PROBLEM_SSSP,
                                 hbf_knobs,
                                 hbf_variants,
                                 hbf_init,
                                 hbf_run,
                                 hbf_fini,
                                 hbf_check_knobs};
