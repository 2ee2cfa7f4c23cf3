/* Step 17 - periphery: the trees hanging off the 2-core contracted as well.
 *
 * Base:       16 (chains crossed in one edge: ../16_chains/chains.cuh, on
 *             15's oneblock.cuh, 14's nearfar.cuh and 09's hbf.cuh)
 * Adds:       periphery (knob periph, default 1): in init (on the GPU) the
 *             vertices outside the 2-core are peeled by leaf walks into a
 *             forest (parent, root, top, distance to the root pr), and the
 *             loop's rows become the core's edges alone; step 16's chains are
 *             then found in the core. A source in a tree is lifted: its path
 *             to the root gets its distances, the loop starts at the root.
 *             After the loop and the chain fill, one pass gives every tree
 *             vertex d(root) + pr (the source's own tree: from the first
 *             vertex of the source's path above it). The other knobs are 16's.
 * Idea:       In a symmetric graph without negative weights a tree hanging
 *             off the rest by one edge is entered only through its root: no
 *             shortest path between two other vertices passes through it, so
 *             the loop needs none of its vertices. A road network's dead ends
 *             (luxembourg_osm: 19 % of the vertices) leave the loop, and
 *             junctions that only had a dead end beside a road become chain
 *             vertices that step 16 crosses.
 * Reference:  the 2-core (k-core peeling, S. B. Seidman, "Network structure
 *             and minimum degree", Social Networks 1983); dropping the
 *             degree-1 periphery is a preprocessing step of road-network
 *             routing (e.g. Delling, Goldberg, Pajor, Werneck, "Customizable
 *             Route Planning", SEA 2011); the CPU study docs/notes/periphery.md.
 * Invariants: a peeled vertex had at most one edge to a vertex not peeled
 *             when it was peeled (its parent), so the peeled vertices form a
 *             forest, each tree joined to the core by its top's one edge; the
 *             loop's rows hold only edges between core vertices, so its
 *             distances are the core's, from the root r the source's path
 *             reaches (the source itself when it is a core vertex) at 0; a
 *             core vertex's distance from the source is pr(source) + that.
 *             A tree vertex's distance is d(root) + pr, or in the source's
 *             tree the path's vertex a above it: d(a) + pr(v) - pr(a).
 * Limits:     symmetric graphs without negative weights only (elsewhere the
 *             periphery stays off: exactly step 16); the lift is one thread
 *             walking the source's depth in its tree, the peel one thread a
 *             leaf walking until its walk joins another (a path of a million
 *             vertices: two walks of half a million steps); a row of 2^28
 *             edges or more is never peeled (the count's bits).
 */
#include "../16_chains/chains.cuh" /* step 16's chains, found in the core here */
#include "periphery.cuh"

typedef struct {
  chn_state_t c;
  per_t p;                      /* NEW(17): the forest, the core's rows */
} per_state_t;

/* Knob values alone, this step's and those below it. */
static int per_check_knobs(const launch_t *lc) {
  if (chn_check_knobs(lc)) return fail_code();
  long periph = launch_knob(lc, "periph");
  if (periph != 0 && periph != 1) return fail(EXIT_INPUT, "periph=%ld: 0 or 1", periph);
  return 0;
}

static void per_fini(void *state) {
  per_state_t *s = (per_state_t *)state;
  ob_free(&s->c.ob);
  gpu_free(s->c.d_cols_chn);
  gpu_free(s->c.d_w_chn);
  gpu_free(s->c.d_rec);
  per_free(&s->p); /* NEW(17) */
  free(s);
}

/* NEW(17): the periphery, then the loop's graph is the core's rows (before the
 * chains, the edge classes and the row heads read it). */
static int per_contract(per_state_t *s, const dgraph_t *g, const launch_t *lc) {
  const graph_t *hg = (const graph_t *)g->host;
  if (!launch_knob(lc, "periph") || g->n == 0) return 0;
  if (!hg->symmetric || s->c.ob.a.nf.h.lo < 0 || g->n >= PER_CORE) {
    printf("Periphery: off (%s)\n", !hg->symmetric ? "a directed graph"
                                     : g->n >= PER_CORE ? "too many vertices for its marks"
                                                        : "negative weights");
    return 0;
  }
  if (per_build(&s->p, g, lc)) return fail_code();
  if (!s->p.on) return 0;
  hbf_args_t *a = &s->c.ob.a.nf.h;
  a->offsets = s->c.ob.h.g.offsets = s->p.off;
  a->cols = s->c.ob.h.g.cols = s->p.cols;
  a->weights = s->c.ob.h.g.weights = s->p.w;
  s->c.ob.h.g.m = s->p.m;
  return 0;
}

static int per_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (per_check_knobs(lc)) return fail_code();
  per_state_t *s = (per_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  int rc = ob_setup(&s->c.ob, g, lc);
  if (!rc) rc = per_contract(s, g, lc); /* NEW(17) */
  /* chains crossed in one edge (symmetric graphs, no negative weight), in the
   * core's rows when the periphery is off them */
  const graph_t *hg = (const graph_t *)g->host;
  if (!rc && launch_knob(lc, "chains") && hg->symmetric && s->c.ob.a.nf.h.lo >= 0 && g->n > 0)
    chn_build(&s->c);
  if (rc || ob_prepare(&s->c.ob)) {
    rc = fail_code();
    per_fini(s);
    return rc;
  }
  *state = s;
  return 0;
}

/* After a finished loop from `from` (PER_NONE: no loop ran): step 16's fill of
 * the chains' inner vertices, then (NEW(17)) the trees' vertices. Returns the
 * relax operations they add. Rungs above that replace the loop call it too. */
static unsigned long long per_fills(per_state_t *s, vid_t src, vid_t from, dist_t *d_dist) {
  chn_state_t *cs = &s->c;
  unsigned long long relax = 0;
  if (cs->nrec && from != PER_NONE) { /* the inner vertices */
    chn_fill_kernel<<<launch_grid(&cs->ob.h.lc, cs->nrec), cs->ob.h.lc.block>>>(d_dist, cs->d_rec,
                                                                               cs->nrec);
    LAUNCH_CHECK();
    relax += cs->nrec;
  }
  if (s->p.on) { /* NEW(17): the trees' vertices */
    per_fill(&s->p, &cs->ob.h.lc, src, d_dist);
    relax += s->p.nperi;
  }
  return relax;
}

static int per_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  per_state_t *s = (per_state_t *)state;
  chn_state_t *cs = &s->c;
  ob_args_t a = cs->ob.a;
  a.nf.h.dist = d_dist;
  ob_ctl_t c;
  int trips = 0;
  vid_t from = s->p.on ? per_lift(&s->p, src, d_dist) : src; /* NEW(17) */
  memset(&c, 0, sizeof c);
  c.nf.h.status = HBF_DONE; /* NEW(17): a source in a tree without a core: no loop */
  if (from != PER_NONE) {
    if (ob_loop(&cs->ob, &a, from, &c, &trips)) return fail_code();
    hbf_fixups(&cs->ob.h, &a.nf.h, c.nf.h.status);
  }
  if (c.nf.h.status == HBF_DONE) c.nf.h.relax += per_fills(s, src, from, d_dist);
  if (hbf_stats(&a.nf.h, &c.nf.h, st) || hbf_verdict(&c.nf.h, src, a.nf.h.n)) return fail_code();
  if (getenv("HBF_VERBOSE")) ob_verbose(&a, &c, trips);
  return 0;
}

static const char *const per_variants[] = {"periphery", NULL};

static const knob_def_t per_knobs[] = {
    NF_KNOBS
    OB_KNOBS_LEAN
    CHN_KNOBS
    {"periph", 1,
     "peel the trees off the 2-core in init, run the loop on the core, fill the trees after it "
     "(symmetric graphs without negative weights; 0 off: step 16)"},
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {"Periphery: the trees off the 2-core contracted",
                                 PROBLEM_SSSP,
                                 per_knobs,
                                 per_variants,
                                 per_init,
                                 per_run,
                                 per_fini,
                                 per_check_knobs};
