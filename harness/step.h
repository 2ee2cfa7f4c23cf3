/* step.h - the contract every step implements (steps/NN_slug/bfs.cu or sssp.cu).
 *
 * The harness builds the graph, uploads it (dgraph_t), calls init once per
 * launch shape, then for every source and trial: fills d_dist with DIST_INF
 * and d_dist[src] = 0, starts a CUDA event, calls run(), stops the event,
 * copies d_dist back and checks it against the CPU oracle. Only run() is
 * timed. run() must leave the exact distances in d_dist (original vertex
 * ids) and return 0, or return fail(...) with a message: a step never hands
 * back a wrong answer silently. */
#ifndef STEP_H
#define STEP_H

#include "types.h"
#include "err.h"

#ifdef __cplusplus
#define STEP_EXPORT extern "C"
extern "C" {
#else
#define STEP_EXPORT
#endif

struct graph_t_;

typedef enum { PROBLEM_BFS = 0, PROBLEM_SSSP = 1 } problem_t;

typedef struct {
  vid_t n;
  eid_t m;
  const eid_t *offsets;     /* device, n + 1                               */
  const vid_t *cols;        /* device, m                                   */
  const weight_t *weights;  /* device, m; NULL for BFS                     */
  const void *host;         /* the host graph_t (graph.h), for steps that
                               preprocess on the host (e.g. reordering)    */
  vid_t max_out_degree;
} dgraph_t;

typedef struct {
  const char *name;         /* "defer_max"                                 */
  long def;                 /* default value                               */
  const char *help;         /* one line                                    */
} knob_def_t;               /* arrays end with { NULL, 0, NULL }           */

typedef struct {
  int grid, block;          /* -x, -b; grid 0 = the step picks            */
  const char *variant;      /* -V; the step's first variant by default     */
  const knob_def_t *defs;   /* the step's knob table                      */
  const long *values;       /* one value per def (defaults or -K)          */
  int sm_count;             /* multiprocessors of the device               */
} launch_t;

/* A knob's value by name. An unknown name is a programming error: fails
 * loudly (abort) so that a typo never silently reads a default. */
long launch_knob(const launch_t *lc, const char *name);

/* Blocks for a grid-stride loop over items: -x when given, else one thread
 * per item (Springer's configuration), at most INT32_MAX blocks. */
int launch_grid(const launch_t *lc, unsigned long long items);

typedef struct {
  int level;                /* 0 for the source's level                   */
  long long frontier;       /* vertices (queue entries) expanded           */
  long long edges;          /* edges inspected                             */
  long long duplicates;     /* queue entries already seen; -1 if not counted */
  float ms;                 /* time of the level; < 0 if not measured      */
} level_trace_t;

typedef struct {
  int levels;               /* iterations of the outer loop                */
  long long edges_inspected, pushes, duplicates, relaxations; /* -1: not counted */
  level_trace_t *trace;     /* NULL unless -a; then room for trace_cap     */
  int trace_cap, trace_len;
} step_stats_t;

/* Append one level to st->trace when tracing (no-op otherwise). Pass -1
 * for what the step does not know: the harness fills frontier and edges of
 * such levels from the final distances (vertices at that level, their
 * out-degrees). */
void step_trace(step_stats_t *st, int level, long long frontier, long long edges,
                long long duplicates, float ms);
/* Time one level with CUDA events, only when tracing (gpu.cu): begin before
 * the level's launches, end after them; end calls step_trace. */
void trace_level_begin(step_stats_t *st);
void trace_level_end(step_stats_t *st, int level, long long frontier, long long edges,
                     long long duplicates);
/* The host's monotonic clock in ms: for host work that is reported, not timed
 * with CUDA events (an init's preprocessing, the harness's phases). */
double host_ms(void);

typedef struct {
  const char *title;                  /* "Virtual warp-centric expansion" */
  problem_t problem;
  const knob_def_t *knobs;            /* may be NULL                      */
  const char *const *variants;        /* NULL-terminated; first = default */
  int  (*init)(const dgraph_t *g, const launch_t *lc, void **state);      /* untimed */
  int  (*run)(void *state, vid_t src, dist_t *d_dist, step_stats_t *st);  /* timed   */
  void (*fini)(void *state);
  /* Optional (NULL = none; a trailing member, so a positional initializer
   * with seven members leaves it NULL). Checks the knob VALUES alone
   * (lc->defs, lc->values, lc->variant): the harness calls it before the
   * graph is built and before the GPU is probed, so that -K vw=3 is exit 2
   * on any machine; lc->grid, lc->block and lc->sm_count are 0 there. The
   * step calls it from init too; limits that need the device (shared
   * memory per block) or the launch shape stay in init. Returns 0 or
   * fail(EXIT_INPUT, "name=value: why"). */
  int  (*check_knobs)(const launch_t *lc);
} step_t;

/* Optional: several sources in one timed run (step 19, iBFS). A step that
 * can traverse from many sources at once also defines
 *   STEP_EXPORT const step_multi_t STEP_MULTI = { my_run_multi };
 * d_dist then holds k * n distances, instance i at d_dist + i * n, each filled
 * by the harness with DIST_INF and 0 at srcs[i] before the timer; one call
 * computes all k of them (srcs may repeat). It is a separate object, not a
 * trailing member of step_t, so that the steps' positional initializers of
 * step_t stay complete (-Wmissing-field-initializers with -Werror); main.c
 * declares it weak: a step without it links with &STEP_MULTI == NULL. */
typedef struct {
  int (*run)(void *state, const vid_t *srcs, int k, dist_t *d_dist, step_stats_t *st); /* timed */
} step_multi_t;

#ifdef __cplusplus
}
#endif

/* Outside the extern "C" block (a linkage specification may not nest an
 * extern "C" declaration for g++); the step defines it with STEP_EXPORT. */
#ifdef __cplusplus
extern "C" const step_t STEP;
extern "C" const step_multi_t STEP_MULTI;
#else
extern const step_t STEP;
extern const step_multi_t STEP_MULTI __attribute__((weak)); /* NULL unless the step defines it */
#endif
#endif
