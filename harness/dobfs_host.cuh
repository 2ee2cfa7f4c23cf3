/* dobfs_host.cuh - support (no lesson): the host side of step 10's levels
 * that is no part of its lesson, shared by steps 10-13, 18 and 20 (host code,
 * header only; included by step 10's dobfs.cuh, after its types).
 *
 *   dobfs_host_t        the host's CSR and CSC offsets, the transpose built here
 *   dobfs_transpose     a directed graph's CSC, built on the host and uploaded
 *   dobfs_in_edges      the frontier bitmaps and the in-edges (init)
 *   dobfs_check_values  the values of step 10's knobs (check_knobs)
 *   dobfs_read_knobs    step 10's knobs into its arguments
 *   dobfs_trace_open    -a's marks and level rows
 *   dobfs_run_args      a run's arguments (dist, -a, the hub-claim epoch, the rule's start)
 *   dobfs_run_stats     a run's end: a level too big fails; levels, pushes, rows
 *   dobfs_verbose       BFS4K_VERBOSE's line after a run
 *   dobfs_free          what init allocated
 *   DOBFS_KNOBS ..      the knob rows of 10 and of the rungs above
 */
#ifndef GALLERY_DOBFS_HOST_CUH
#define GALLERY_DOBFS_HOST_CUH

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dev.cuh"
#include "err.h"
#include "gpu.h"
#include "graph.h"
#include "step.h"
#include "trace.cuh"

/* support: the host's side of the in-edges: CSR and CSC offsets (the rule's level
 * 0), and the transpose init built for a directed graph (freed by fini). */
typedef struct dobfs_host {
  const eid_t *h_offsets, *h_in_offsets;
  eid_t *h_in_offsets_own;
  eid_t *d_in_offsets_own;
  vid_t *d_in_cols_own;
} dobfs_host_t;

/* support: the transpose of a directed graph (CSC: in-edges of each vertex), built
 * on the host by the harness and uploaded (dev.cuh). Untimed (init); its time
 * is printed. */
static int dobfs_transpose(dobfs_host_t *s, dobfs_args_t *a, const graph_t *h) {
  double t0 = host_ms();
  if (dev_upload_in(h, &s->d_in_offsets_own, &s->d_in_cols_own, &s->h_in_offsets_own))
    return fail_code();
  s->h_in_offsets = s->h_in_offsets_own;
  a->in_offsets = s->d_in_offsets_own;
  a->in_cols = s->d_in_cols_own;
  printf(
      "Transpose: directed graph: CSC of %llu in-edges built on the host and uploaded in %.3f "
      "ms\n",
      (unsigned long long)h->m, host_ms() - t0);
  return 0;
}

/* support: the knobs of a rung above's rule, checked like the slides rule's (11: alpha, beta) */
#ifndef DOBFS_RULE_KNOB_NAMES
#define DOBFS_RULE_KNOB_NAMES
#endif

/* support: the values of step 10's knobs: step 08's but loop, mstage and the
 * rule's (check_knobs of 10 and of the rungs above) */
static int dobfs_check_values(const launch_t *lc) {
  if (bfs4k_check_values(lc)) return fail_code();
  long mstage = launch_knob(lc, "mstage");
  if (mstage < 0 || mstage > 1) return fail(EXIT_INPUT, "mstage=%ld: 0 or 1", mstage);
  static const char *const rule[] = {"slides_pct", DOBFS_RULE_KNOB_NAMES "gamma"};
  for (int i = 0; i < (int)(sizeof rule / sizeof rule[0]); i++) {
    long v = launch_knob(lc, rule[i]);
    if (v < 0) return fail(EXIT_INPUT, "%s=%ld: must be 0 or positive", rule[i], v);
  }
  return 0;
}

/* support: a rung above's rule knobs (11: beamer's); none here */
#ifndef DOBFS_READ_ABOVE
#define DOBFS_READ_ABOVE(a, lc) ((void)0)
#endif

/* support: step 08's knobs (bfs4k_read_knobs), mstage, and the rule's: the
 * variant is the rule (any other: a rung above's default, RULE_ABOVE) */
static void dobfs_read_knobs(dobfs_args_t *a, const dgraph_t *g, const launch_t *lc) {
  bfs4k_read_knobs(&a->b, g, lc);
  a->mstage = (int)launch_knob(lc, "mstage");
  const char *var = lc->variant;
  a->rule = strcmp(var, "slides") == 0     ? RULE_SLIDES
            : strcmp(var, "topdown") == 0  ? RULE_TOPDOWN
            : strcmp(var, "bottomup") == 0 ? RULE_BOTTOMUP
                                           : RULE_ABOVE;
  DOBFS_READ_ABOVE(a, lc);
  a->gamma = (double)launch_knob(lc, "gamma");
  a->slides_pct = (double)launch_knob(lc, "slides_pct");
  a->avg_deg = g->n ? (double)g->m / (double)g->n : 0;
  a->words = ((unsigned long long)g->n + 31) / 32;
}

/* support (-a only): marks for the duplicate count and the level rows
 * (untraced runs allocate nothing); keep holds the marks between runs */
static int dobfs_trace_open(dobfs_args_t *a, dobfs_args_t *keep, dev_rows_t *rows) {
  if (!keep->b.mark)
    keep->b.mark =
        (int *)gpu_alloc((size_t)(a->b.n ? a->b.n : 1) * sizeof(int), "duplicate marks (-a)");
  dev_rows_open(rows, sizeof(trace_lv_t), LV_CAP, "level rows (-a)");
  a->b.mark = keep->b.mark;
  a->lv = (trace_lv_t *)rows->d;
  CUDA_CHECK(cudaMemset(a->b.mark, 0xff, (size_t)(a->b.n ? a->b.n : 1) * sizeof(int)));
  return 0;
}

/* support: what a rung above's rule learns from the graph (11: the largest degrees) */
#ifndef DOBFS_BOUND
#define DOBFS_BOUND(a, t, g, h) ((void)(t), (void)(g))
#endif

/* support: the frontier bitmaps (one bit per vertex) and the in-edges: a
 * symmetric graph is its own transpose (dobfs_transpose builds a directed one's). */
static int dobfs_in_edges(dobfs_host_t *t, dobfs_args_t *a, const dgraph_t *g, const graph_t *h) {
  size_t bm_bytes = (size_t)(a->words ? a->words : 1) * sizeof(unsigned);
  a->bm[0] = (unsigned *)gpu_alloc(bm_bytes, "frontier bitmap 0");
  a->bm[1] = (unsigned *)gpu_alloc(bm_bytes, "frontier bitmap 1");
  t->h_offsets = h->offsets;
  if (h->symmetric) {
    a->in_offsets = g->offsets;
    a->in_cols = g->cols;
    t->h_in_offsets = h->offsets;
    printf("Transpose: symmetric graph: the CSR is its own transpose (nothing built)\n");
  } else if (dobfs_transpose(t, a, h)) {
    return fail_code();
  }
  DOBFS_BOUND(a, t, g, h);
  return 0;
}

/* the rule's state before level 0: the lesson's (dobfs.cuh, below) */
static void dobfs_rs0(dobfs_args_t *a, const dobfs_host_t *t, eid_t m, vid_t src);

/* support (host): a run's arguments (a, a copy of the init's `keep`): dist,
 * -a's marks and rows, a fresh hub-claim epoch, the rule's state before level 0 */
static int dobfs_run_args(dobfs_args_t *a, dobfs_args_t *keep, const dobfs_host_t *t,
                          dev_rows_t *rows, eid_t m, vid_t src, dist_t *d_dist,
                          const step_stats_t *st) {
  a->b.dist = d_dist;
  a->b.trace = st->trace != NULL;
  a->b.epoch = ++keep->b.epoch;
  if (a->b.trace && dobfs_trace_open(a, keep, rows)) return fail_code();
  dobfs_rs0(a, t, m, src);
  return 0;
}

/* support (host): a run's end from 08's tallies c: a level too big for the
 * queues fails; the levels, pushes and -a's rows (trace_rows) go to st */
static int dobfs_run_stats(const bfs4k_ctl_t *c, const dobfs_args_t *a, vid_t src,
                           dev_rows_t *rows, step_stats_t *st, const char *const *names,
                           int nnames) {
  if (c->status == ST_TOOBIG)
    return fail(EXIT_INPUT, "a level from source %" PRIvid " has %llu vertices, more than the "
                "%llu entries of each queue (-K qcap)", src, c->toobig, a->b.cap);
  st->levels = c->level;
  st->pushes = (long long)c->pushes;
  st->duplicates = -1;
  if (a->b.trace)
    if (trace_rows(rows, c->level, st, names, nnames)) return fail_code();
  return 0;
}

/* support: BFS4K_VERBOSE's line after a run (the caller checks the variable), from the loop
 * state c (on a grid x block) */
static __forceinline__ void dobfs_verbose(const dobfs_ctl_t *c, int grid, int block) {
  fprintf(stderr, "dobfs: %d levels: %d single-block, %d multi-block top-down, %d bottom-up; "
          "%llu child grids, %llu refused; %d queue rebuilds; grid %d x %d\n", c->b.level,
          c->b.sb_levels, c->b.mb_levels, c->bu_levels, c->b.children, c->b.child_fail,
          c->b.rebuilds, grid, block);
}

/* support (host): what init allocated for step 10's levels (a->ctl: the loop
 * state of a rung above too, whose first member it is) */
static void dobfs_free(dobfs_args_t *a, dobfs_host_t *t, dev_rows_t *rows) {
  gpu_free(a->b.q[0]);
  gpu_free(a->b.q[1]);
  gpu_free(a->b.hubq);
  gpu_free(a->ctl);
  gpu_free(a->b.hubw);
  gpu_free(a->b.mark);
  dev_rows_free(rows);
  gpu_free(a->bm[0]);
  gpu_free(a->bm[1]);
  gpu_free(t->d_in_offsets_own);
  gpu_free(t->d_in_cols_own);
  free(t->h_in_offsets_own);
}

/* support: a rung above's rule knobs, last in DOBFS_KNOBS (11: alpha, beta); none here */
#ifndef DOBFS_KNOBS_ABOVE
#define DOBFS_KNOBS_ABOVE
#endif

/* support: the knobs of step 08's levels (dp = 128 and mstage = 0 here) and of the rule,
 * shared by the knob tables of 10 and of the rungs above (each adds gamma, worded for it, its
 * own, and DOBFS_KNOB_SLIDES last) */
#define DOBFS_KNOBS \
    BFS4K_KNOBS_SHAPE \
    {"assign", -1, \
     "2 edge-discover always; 0 the paper's rule: edge-discover when |F| * k4 < resident " \
     "threads, else virtual warps; 1 virtual warps; -1: 2"}, \
    BFS4K_KNOB_K4 \
    {"dp", 128, \
     "hubs: out-degree > dp goes to the grid-wide hub pass; 0 off (08: 1024; 128 measured faster " \
     "here)"}, \
    BFS4K_KNOB_COALESCE \
    {"stage", 4096, \
     "shared-memory staging entries: block queue (multi-block, with mstage=1), two frontier " \
     "queues (single-block); 0 off"}, \
    {"mstage", 0, \
     "multi-block levels: 0 each warp pushes straight to the global queue, 1 through the block " \
     "queue in shared memory (08's way; 0 measured faster here)"}, \
    {"hash", -1, \
     "duplicate-detection hash table entries per block (64-bit, shared memory); 0 off; -1: 0"}, \
    BFS4K_KNOBS_VISIT \
    DOBFS_KNOBS_ABOVE

/* support: the slides rule's knob, the last of every table */
#define DOBFS_KNOB_SLIDES \
    {"slides_pct", 100, \
     "slides: bottom-up when 100*|R| < slides_pct*|Q|*E/V (0: never; huge: from level 0)"},

#endif /* GALLERY_DOBFS_HOST_CUH */
