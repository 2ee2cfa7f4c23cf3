/* Step 15 - oneblock: one-block rounds for the small frontiers of road
 * networks.
 *
 * Base:       14 (Near-Far on the device round loop; its code is the library
 *             ../14_nearfar/nearfar.cuh, on 09's ../09_hbf/hbf.cuh)
 * Adds:       while the frontier has at most leanmax entries, ONE block runs
 *             the rounds (lean_round_kernel): __syncthreads() instead of
 *             grid.sync(), the queues in shared memory, each entry carrying
 *             its row head (degree, first edge, 5 (column, weight) pairs), so
 *             a round costs one dependent global access. The cooperative grid
 *             (14's loop=2) takes the wide frontiers and hands a small one
 *             back. One variant, oneblock. Knobs (-K name=value, help in
 *             the table): lean (-1: on road networks), leanq, leanmax, nlo,
 *             spread, chase; and 14's delta, loop, ttas, stale, 09's dedup,
 *             classify, vw, dp, coalesce (Near-Far: step 14; H-BF's
 *             techniques: step 09).
 * Idea:       A road network's round is a few hundred vertices: a grid
 *             barrier and a chain of dependent loads, most of the SMs idle.
 *             One block of 512 threads does such a round alone, and its
 *             barrier is cheap; the head that comes with each entry saves the
 *             offsets and the first edges' loads.
 * Reference:  the rounds are 14's (Davidson et al.'s Near-Far on H-BF); the
 *             one-block rounds, row heads, spread and chase are this
 *             gallery's own, measured on the H100 (README).
 * Invariants: 14's, with one change in the block: an entry carries the
 *             distance it was pushed with, and a vertex lowered twice in a
 *             round is pushed twice (the queue stays a superset of the
 *             vertices that fell). Thread 0 ends a block round with the
 *             grid's own nf_end_round_on on the state in shared memory; the
 *             hand-over writes the state and the shared queue back, so the
 *             grid and the block take turns on one state.
 * Limits:     14's. The row heads need m < 2^32 (32-bit edge offsets) and 48
 *             bytes a vertex; forced on a dense graph (lean=1) the block is
 *             correct but slow (many passes a round). leanq is bounded by the
 *             shared memory of a block (checked in init).
 */
#include "oneblock.cuh"

static void hbf_fini(void *state) {
  ob_state_t *s = (ob_state_t *)state;
  ob_free(s);
  free(s);
}

static int hbf_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (ob_check_knobs(lc)) return fail_code();
  ob_state_t *s = (ob_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  if (ob_setup(s, g, lc) || ob_prepare(s)) {
    int rc = fail_code();
    hbf_fini(s);
    return rc;
  }
  *state = s;
  return 0;
}

static int hbf_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  ob_state_t *s = (ob_state_t *)state;
  ob_args_t a = s->a;
  a.nf.h.dist = d_dist;
  ob_ctl_t c;
  int trips;
  if (ob_loop(s, &a, src, &c, &trips)) return fail_code();
  hbf_fixups(&s->h, &a.nf.h, c.nf.h.status);
  if (hbf_stats(&a.nf.h, &c.nf.h, st) || hbf_verdict(&c.nf.h, src, a.nf.h.n)) return fail_code();
  if (getenv("HBF_VERBOSE")) ob_verbose(&a, &c, trips);
  return 0;
}

static const char *const hbf_variants[] = {"oneblock", NULL};

static const knob_def_t hbf_knobs[] = {
    NF_KNOBS
    OB_KNOBS_LEAN
    {"nlo", 128, "one-block rounds: the adaptive step aims at nlo..4 x nlo near pushes a round"},
    OB_KNOBS_CHASE
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {"One-block rounds for small frontiers (row heads, spread, chase)",
                                 PROBLEM_SSSP,
                                 hbf_knobs,
                                 hbf_variants,
                                 hbf_init,
                                 hbf_run,
                                 hbf_fini,
                                 ob_check_knobs};
