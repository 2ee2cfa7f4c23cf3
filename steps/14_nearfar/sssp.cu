/* Step 14 - nearfar: Near-Far priority on the device round loop.
 *
 * Base:       09 (H-BF: every technique of the paper, each a knob; its code
 *             is the library ../09_hbf/hbf.cuh, included unchanged)
 * Adds:       Near-Far (Davidson et al.): a round expands only the vertices
 *             below a threshold; the others wait in a far queue until the
 *             near queue runs dry, then the threshold rises by a step. And
 *             the round loop it needs on the device: its rounds are many
 *             and thin. One variant, nearfar. Knobs (-K name=value, help in
 *             the table): delta (the threshold step), loop (2: every round in
 *             one cooperative grid, the last block ends it, one grid.sync()),
 *             ttas, stale; and 09's dedup, classify, vw, dp, coalesce (H-BF's
 *             techniques: step 09, its header and its reading tour).
 * Idea:       Bellman-Ford relaxes every vertex whose distance fell; many
 *             fall again later. Near-Far orders that work: a round relaxes
 *             only from vertices below thr, so fewer distances fall twice;
 *             the step trades relaxations (small) against rounds (large),
 *             and the rounds are cheap when the device runs them itself.
 * Reference:  A. Davidson, S. Baxter, M. Garland, J. D. Owens, "Work-Efficient
 *             Parallel GPU Methods for Single-Source Shortest Paths", IPDPS
 *             2014 (the Near-Far work-saving pile); U. Meyer, P. Sanders,
 *             "Delta-stepping: a parallelizable shortest path algorithm",
 *             J. Algorithms 49(1), 2003 (the step Theta(max w / degree)).
 *             H-BF: step 09.
 * Invariants: 09's (info[v] = (key(d(v)) << 32) | tag; d(v) only falls), and
 *             with delta > 0: round r proposes (d, r) if d < thr, else
 *             (d, epoch | NF_FAR): v enters the near queue once a round and
 *             the far queue once an epoch. A split (near queue empty) raises
 *             thr to the smallest far distance + the step and moves each far
 *             entry once (below the old thr: stale; below the new: near; else
 *             far again). Both queues empty: every distance is final. An
 *             epoch is Bellman-Ford below thr: at most n rounds without a
 *             negative cycle (the bound replacing 09's "round n").
 * Limits:     09's. loop=2 needs a cooperative launch (the grid holds at most
 *             the resident blocks). delta > 0 needs dedup=2 (the tag says
 *             which queue holds a vertex). A relaxation's sum never wraps
 *             (hbf_sum): past 2^31 - 1 it lowers nothing.
 */
#include "nearfar.cuh"

typedef struct {
  hbf_host_t h;
  nf_args_t a;
  int grid_loop;                /* NEW(14): blocks of the cooperative grid (loop=2) */
} hbf_state_t;

static void hbf_fini(void *state) {
  hbf_state_t *s = (hbf_state_t *)state;
  nf_free(&s->h, &s->a);
  free(s);
}

static int hbf_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (nf_check_knobs(lc)) return fail_code();
  hbf_state_t *s = (hbf_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  degree_stats_t ds;
  if (nf_setup(&s->h, &s->a, g, lc, (const void *)nf_persist_kernel, &s->grid_loop, &ds) ||
      (s->a.h.classify && hbf_classify(&s->h, &s->a.h))) {
    int rc = fail_code();
    hbf_fini(s);
    return rc;
  }
  nf_alloc(&s->a, sizeof(nf_ctl_t));
  nf_pending_launches(&s->a);
  *state = s;
  return 0;
}

static int hbf_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  hbf_state_t *s = (hbf_state_t *)state;
  nf_args_t a = s->a;
  a.h.dist = d_dist;
  int fill_grid = launch_grid(&s->h.lc, a.h.n);
  nf_ctl_t c;
  nf_start(&s->h, &a, src, &c, sizeof c);
  int trips = 0;
  for (;;) {
    if (a.h.chain == 2) /* NEW(14): the whole loop, one launch, one readback */
      nf_launch_coop((const void *)nf_persist_kernel, &a, s->grid_loop, a.h.block);
    else
      nf_launch_round(&a, &c);
    CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
    trips++;
    if (nf_decided(&c)) break;
    /* a chain ends with a decision; never loop on none */
    if (a.h.chain && c.h.status == HBF_RUNNING)
      return fail(EXIT_CUDA, "the device round loop stopped in round %d without a decision",
                  c.h.round);
    /* an overflow, or loop=1 handing back (a refused tail launch): go on from here */
    if (c.h.status == HBF_OVERFLOW || c.h.status == HBF_HANDBACK)
      hbf_resume(&s->h, &a.h, &c.h, fill_grid);
  }
  hbf_fixups(&s->h, &a.h, c.h.status);
  if (hbf_stats(&a.h, &c.h, st) || hbf_verdict(&c.h, src, a.h.n)) return fail_code();
  if (getenv("HBF_VERBOSE")) /* support: the loop's cost, for the lesson's measurements */
    fprintf(stderr, "hbf: %d rounds, %llu splits (delta %d%s, last %d), %d host round trips, "
            "%llu child grids, %llu refused%s%s\n", c.h.round, c.splits, a.delta,
            a.adapt ? " adapted" : "", c.dcur, trips, c.h.children, c.h.child_fail,
            c.h.err ? ", last device launch error: " : "",
            c.h.err ? cudaGetErrorString((cudaError_t)c.h.err) : "");
  return 0;
}

static const char *const hbf_variants[] = {"nearfar", NULL};

static const knob_def_t hbf_knobs[] = {
    NF_KNOBS
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {"Near-Far priority on the device round loop",
                                 PROBLEM_SSSP,
                                 hbf_knobs,
                                 hbf_variants,
                                 hbf_init,
                                 hbf_run,
                                 hbf_fini,
                                 nf_check_knobs};
