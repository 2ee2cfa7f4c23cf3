/* Step 22 - async: the loop without rounds; a vertex is expanded as soon as a
 * lane has it.
 *
 * Base:       17 (periphery and chains contracted in init, on step 15's
 *             one-block rounds and step 14's Near-Far), included as a whole
 *             from ../17_periphery/sssp.cu (its step_t renamed: this file
 *             exports its own). Its init builds the graph this rung walks.
 * Adds:       run() replaces step 17's round loop with one kernel that has
 *             no barrier: a lane takes a vertex from a global queue (or keeps
 *             one it lowered itself: achase), reads d(v), relaxes v's row with
 *             atomicMin and pushes the vertices it lowered; the kernel ends
 *             when the count of unfinished work reaches 0. Step 17's chain
 *             and tree fills follow, unchanged. Variants: "auto" (the
 *             default) runs it on thin graphs (mean degree below 3) whose
 *             loop keeps at least AS_MIN_CORE vertices after the periphery,
 *             else step 17's rounds; "always" on every graph without
 *             negative weights.
 * Idea:       on a road network a round of step 17 costs 10-14 us for a few
 *             thousand relaxations, and a shortest path crosses hundreds of
 *             rounds; every round waits for its slowest lane. Without rounds
 *             a vertex's row is relaxed about one queue trip after its
 *             distance fell, whatever the other lanes do.
 * Reference:  label-correcting SSSP with a FIFO queue (Bellman-Ford-Moore;
 *             E. F. Moore 1959); asynchronous GPU SSSP without barriers: K.
 *             Wang, D. Fussell, C. Lin, "A fast work-efficient SSSP algorithm
 *             for GPUs", PPoPP 2021 (ADDS). Our code.
 * Invariants: st[v] = d(v) << 1 | owned. A lane that lowers v while nobody
 *             owns it owns v (the same atomicMin), and v is expanded after
 *             that: pushed, or kept by the lane. The owner clears the bit
 *             with the atomicAnd that reads d(v), so a later lowering takes
 *             v on again and none is lost. pending counts pushed entries and
 *             kept vertices not yet finished: a push is counted before it is
 *             published, a vertex taken off after its pushes, so pending is
 *             0 only when no work is left or in flight.
 * Limits:     no negative weights (label-correcting terminates with them,
 *             but without a negative-cycle bound; those graphs run step
 *             17's loop). The queue is FIFO (adelta orders it only roughly):
 *             a vertex may be expanded more than once, and on a road network
 *             it is, about ten times (the relax count says how often).
 */
#pragma push_macro("STEP")
#undef STEP
#define STEP per_step17 /* NEW(22): step 17's own step_t, renamed; STEP below is 22's */
#include "../17_periphery/sssp.cu" /* step 17's program: periphery, chains, init, run, fini */
#pragma pop_macro("STEP")
#include "async.cuh"

typedef struct {
  per_state_t *p;   /* step 17's state, as its init made it */
  int on;           /* NEW(22): the asynchronous loop (else step 17's run) */
  int grid, block;
  as_args_t a;
} as_state_t;

static int as_check_knobs(const launch_t *lc) {
  if (per_check_knobs(lc)) return fail_code();
  long ch = launch_knob(lc, "achase"), idle = launch_knob(lc, "idle");
  long ab = launch_knob(lc, "ablocks"), delta = launch_knob(lc, "adelta");
  if (delta < 0 || delta > (1l << 30)) return fail(EXIT_INPUT, "adelta=%ld: 0..2^30", delta);
  if (ch < 0 || ch > 1000000) return fail(EXIT_INPUT, "achase=%ld: 0..10^6 vertices", ch);
  if (idle < 0 || idle > 100000) return fail(EXIT_INPUT, "idle=%ld: 0..10^5 ns", idle);
  if (ab < 1 || ab > 8) return fail(EXIT_INPUT, "ablocks=%ld: 1..8 blocks a multiprocessor", ab);
  return 0;
}

static void as_fini(void *state) {
  as_state_t *o = (as_state_t *)state;
  per_fini(o->p);
  gpu_free(o->a.st);
  gpu_free(o->a.slot);
  gpu_free(o->a.ctl);
  free(o);
}

static int as_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (as_check_knobs(lc)) return fail_code();
  void *inner = NULL;
  if (per_init(g, lc, &inner)) return fail_code();
  as_state_t *o = (as_state_t *)calloc(1, sizeof *o);
  if (!o) {
    per_fini(inner);
    return fail(EXIT_INPUT, "out of host memory");
  }
  o->p = (per_state_t *)inner;
  /* NEW(22): where the loop runs without rounds: no negative weight; variant
   * "auto" also asks for a thin graph (mean degree below AS_THIN) whose loop
   * keeps at least AS_MIN_CORE vertices after step 17's periphery (below that a
   * queue trip costs more than step 15's one-block round: the lesson's table) */
  const dgraph_t *cg = &o->p->c.ob.h.g; /* the loop's graph: the core's rows, chains crossed */
  unsigned long long core = g->n - (o->p->p.on ? o->p->p.nperi : 0);
  int always = strcmp(lc->variant, "always") == 0;
  if (o->p->c.ob.a.nf.h.lo < 0 || g->n == 0)
    printf("Async: off (%s: step 17's rounds)\n", g->n ? "negative weights" : "no vertex");
  else if (always || (g->m < AS_THIN * (unsigned long long)g->n && core >= AS_MIN_CORE))
    o->on = 1;
  else
    printf("Async: off (auto: %s; step 17's rounds)\n",
           g->m >= AS_THIN * (unsigned long long)g->n ? "mean degree 3 or more" : "a small core");
  if (!o->on) {
    *state = o;
    return 0;
  }
  int per_sm = 0, block = (lc->block + 31) / 32 * 32; /* whole warps: the loop is warp-wide */
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, as_loop_kernel, block, 0));
  long ab = launch_knob(lc, "ablocks"), delta = launch_knob(lc, "adelta");
  o->grid = lc->grid > 0 ? lc->grid : lc->sm_count * (int)(ab < per_sm ? ab : per_sm);
  int lg = 10, lgd = 0;
  /* cap > n + lanes: at most n entries of a ring wait unclaimed, at most one
   * claim a lane runs past a ring's tail (as_publish, as_begin_kernel) */
  while ((1ull << lg) <= (unsigned long long)g->n + (unsigned long long)o->grid * block) lg++;
  if (delta == 0) lgd = 62; /* one ring: a FIFO queue */
  else while ((2l << lgd) <= delta) lgd++;
  o->block = block;
  as_args_t *a = &o->a;
  a->off = cg->offsets;
  a->cols = cg->cols;
  a->w = cg->weights;
  a->n = g->n;
  a->lg = lg;
  a->lgd = lgd;
  a->mask = (1ull << lg) - 1;
  a->chase = (int)launch_knob(lc, "achase");
  a->idle = (int)launch_knob(lc, "idle");
  unsigned long long nslot = (unsigned long long)AS_NB << lg;
  a->st = (unsigned *)gpu_alloc((size_t)g->n * sizeof(unsigned), "distance words");
  a->slot = (unsigned long long *)gpu_alloc((size_t)nslot * 8, "queue slots");
  a->ctl = (as_ctl_t *)gpu_alloc(sizeof(as_ctl_t), "queue counters");
  CUDA_CHECK(cudaMemset(a->ctl, 0, sizeof(as_ctl_t)));
  as_slots_kernel<<<hbf_prep_grid(lc, nslot), HBF_PREP_BLOCK>>>(a->slot, nslot);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  if (delta == 0) printf("Async: %d blocks of %d, one ring of 2^%d slots\n", o->grid, block, lg);
  else printf("Async: %d blocks of %d, %d rings of 2^%d slots, buckets of %ld\n", o->grid, block,
              AS_NB, lg, 1l << lgd);
  *state = o;
  return 0;
}

static int as_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  as_state_t *o = (as_state_t *)state;
  if (!o->on) return per_run(o->p, src, d_dist, st);
  per_state_t *s = o->p;
  chn_state_t *cs = &s->c;
  const launch_t *lc = &cs->ob.h.lc;
  int fill = launch_grid(lc, o->a.n);
  vid_t from = s->p.on ? per_lift(&s->p, src, d_dist) : src; /* step 17's lift */
  as_ctl_t c;
  memset(&c, 0, sizeof c);
  if (from != PER_NONE) {
    as_words_kernel<<<fill, lc->block>>>(o->a.st, d_dist, o->a.n, from);
    LAUNCH_CHECK();
    as_begin_kernel<<<1, 1024>>>(o->a, from);
    LAUNCH_CHECK();
    as_loop_kernel<<<o->grid, o->block>>>(o->a);
    LAUNCH_CHECK();
    as_dist_kernel<<<fill, lc->block>>>(d_dist, o->a.st, o->a.n);
    LAUNCH_CHECK();
  }
  unsigned long long filled = per_fills(s, src, from, d_dist); /* step 17's chain and tree fills */
  if (from != PER_NONE) CUDA_CHECK(cudaMemcpy(&c, o->a.ctl, sizeof c, cudaMemcpyDeviceToHost));
  st->levels = from != PER_NONE;
  st->relaxations = (long long)(c.relax + filled);
  st->edges_inspected = (long long)c.relax;
  st->pushes = (long long)c.pushes;
  if (getenv("HBF_VERBOSE"))
    printf("Async: %llu relaxations, %llu pushes, %llu taken from the queue, %llu kept\n",
           c.relax, c.pushes, c.pops, c.kept);
  return 0;
}

static const char *const as_variants[] = {"auto", "always", NULL};

/* step 17's periphery row and this step's own, after CHN_KNOBS (the same in the table of 23) */
#define AS_KNOBS \
    {"periph", 1, \
     "peel the trees off the 2-core in init, run the loop on the core, fill the trees after it " \
     "(symmetric graphs without negative weights; 0 off: step 16)"}, \
    {"adelta", 0, \
     "async: 0 one FIFO ring; else rings of buckets this wide in distance (a power of two), " \
     "claimed lowest first"}, \
    {"achase", 16, \
     "async: vertices in a row a lane expands from its own lowerings in the same bucket (0 off)"}, \
    {"idle", 500, "async: ns a warp without work sleeps before it looks again"}, \
    {"ablocks", 1, "async: blocks a multiprocessor (-b threads each)"},

static const knob_def_t as_knobs[] = {
    NF_KNOBS
    OB_KNOBS_LEAN
    CHN_KNOBS
    AS_KNOBS
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {"Async: the loop without rounds",
                                 PROBLEM_SSSP,
                                 as_knobs,
                                 as_variants,
                                 as_init,
                                 as_run,
                                 as_fini,
                                 as_check_knobs};
