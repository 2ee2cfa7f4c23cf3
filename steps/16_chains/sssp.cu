/* Step 16 - chains: each chain of degree-2 vertices crossed in one edge.
 *
 * Base:       15 (one-block rounds on Near-Far's device round loop; its code
 *             is the library ../15_oneblock/oneblock.cuh, on 14's
 *             nearfar.cuh and 09's hbf.cuh). What step 17 takes from this
 *             step unchanged (the walks, records, fill, build) is chains.cuh.
 * Adds:       chains (knob chains, default 1): road networks are mostly
 *             chains of degree-2 vertices; in init (on the GPU) each edge from
 *             a branch vertex into a chain becomes one edge to the chain's far
 *             end (the sum of its weights), so a traversal crosses a chain in
 *             one relaxation; after the loop one pass gives each chain vertex
 *             its distance from the chain's ends. One variant, chains. nlo's
 *             default falls from 15's 128 to 32: with chains a block round is
 *             fewer, farther vertices, and nlo 32 measured best (0.811 ms on
 *             luxembourg_osm against 0.934 at 128, README 14). The other
 *             knobs are 15's, 14's and 09's (one-block rounds: step 15;
 *             Near-Far: step 14; H-BF's techniques: step 09).
 * Idea:       In a symmetric graph a vertex with exactly two neighbours is
 *             INNER: a shortest path that enters it leaves by the other side.
 *             A road network is mostly inner vertices (luxembourg_osm: 85 %),
 *             so a path of h hops costs the branch vertices on it, not h
 *             rounds, once the loop never enters a chain.
 * Reference:  contraction of degree-2 vertices is the first step of road
 *             network preprocessing (e.g. R. Geisberger, P. Sanders, D.
 *             Schultes, D. Delling, "Contraction Hierarchies", WEA 2008);
 *             here only the chains, and no shortcut beyond them.
 * Invariants: a crossing edge u -> z weighs the walk's sum, so the loop's
 *             distances of branch vertices are the original graph's (a
 *             shortest path through a chain crosses all of it). Each inner
 *             vertex x has a record (x, u, along) for each end u of its
 *             chain; after the loop dist(x) = min over its records of
 *             dist(u) + along. Inner rows are expanded only on the source's
 *             own chain (the source keeps its own edges).
 * Limits:     symmetric graphs without negative weights only (a directed or
 *             negative edge breaks "leaves by the other side"); a chain that
 *             weighs more than 2^31 - 1 leaves the graph as it is. A sum of a
 *             distance and a chain's weight never wraps (hbf_sum): past
 *             2^31 - 1 it lowers nothing.
 */
#include "chains.cuh" /* the chains (this step's library); 15, 14, 09 below it */

static void chn_fini(void *state) {
  chn_state_t *s = (chn_state_t *)state;
  ob_free(&s->ob);
  gpu_free(s->d_cols_chn); /* NEW(16) */
  gpu_free(s->d_w_chn);
  gpu_free(s->d_rec);
  free(s);
}

static int chn_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (chn_check_knobs(lc)) return fail_code();
  chn_state_t *s = (chn_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  int rc = ob_setup(&s->ob, g, lc);
  /* NEW(16): chains crossed in one edge (symmetric graphs, no negative weight),
   * before the edge classes and the row heads read the columns */
  const graph_t *hg = (const graph_t *)g->host;
  if (!rc && launch_knob(lc, "chains") && hg->symmetric && s->ob.a.nf.h.lo >= 0 && g->n > 0)
    chn_build(s);
  if (rc || ob_prepare(&s->ob)) {
    rc = fail_code();
    chn_fini(s);
    return rc;
  }
  *state = s;
  return 0;
}

static int chn_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  chn_state_t *s = (chn_state_t *)state;
  ob_args_t a = s->ob.a;
  a.nf.h.dist = d_dist;
  ob_ctl_t c;
  int trips;
  if (ob_loop(&s->ob, &a, src, &c, &trips)) return fail_code();
  hbf_fixups(&s->ob.h, &a.nf.h, c.nf.h.status);
  if (s->nrec && c.nf.h.status == HBF_DONE) { /* NEW(16): the inner vertices */
    chn_fill_kernel<<<launch_grid(&s->ob.h.lc, s->nrec), s->ob.h.lc.block>>>(d_dist, s->d_rec,
                                                                             s->nrec);
    LAUNCH_CHECK();
    c.nf.h.relax += s->nrec;
  }
  if (hbf_stats(&a.nf.h, &c.nf.h, st) || hbf_verdict(&c.nf.h, src, a.nf.h.n)) return fail_code();
  if (getenv("HBF_VERBOSE")) ob_verbose(&a, &c, trips);
  return 0;
}

static const char *const chn_variants[] = {"chains", NULL};

static const knob_def_t chn_knobs[] = {
    NF_KNOBS
    OB_KNOBS_LEAN
    CHN_KNOBS
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {"Chains of degree-2 vertices crossed in one edge",
                                 PROBLEM_SSSP,
                                 chn_knobs,
                                 chn_variants,
                                 chn_init,
                                 chn_run,
                                 chn_fini,
                                 chn_check_knobs};
