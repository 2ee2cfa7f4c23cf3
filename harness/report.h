/* report.h - what a run leaves behind: greppable stdout lines and CSV rows.
 *
 * Result CSV (-o FILE.csv, appended; header written when the file is new):
 *   step,variant,graph,n,m,src,grid,block,knobs,trial,ms,levels,edges,gteps,
 *   verified,upload_ms,init_ms,gpu,driver,cuda,commit,date
 * step     "step05", or "cpu" for the CPU baselines (--cpu-baseline): the serial oracle
 *          (variant bfs|dijkstra|bellman-ford, knobs "") and the parallel baseline of
 *          cpubase.h (variant gapbs-style-dobfs|delta-stepping|par-bellman-ford, knobs
 *          "threads=16" or "threads=16;delta=8", levels = BFS levels or SSSP
 *          buckets/rounds, init_ms = its untimed preparation, e.g. the transpose)
 * graph    a short name: kron20, uniform20, grid2000x2000, soc-Slashdot0902 ...
 * knobs    "name=value;name=value" (no commas), "" when the step has none
 * trial    0.. (the warm-up is never written)
 * ms       the timed region, run() alone (CUDA events), or the CPU oracle's wall time
 * edges    TEPS numerator: directed edges whose source vertex is reached
 * gteps    edges / ms / 1e6
 * verified PASS | FAIL | UNCHECKED (-v checks every trial; the last trial is always checked)
 * gpu,driver,cuda  device name, driver and runtime version ("13.0"), "cpu" rows too
 * commit,date      git describe of the build, UTC ISO date of the run
 * Multi-source steps (STEP_MULTI, step.h; step 19): one row per run of all K
 * sources: src = the first source, edges = the sum over the K sources, ms = the
 * whole run, gteps = the aggregate; knobs ends with ";sources=K" (time per
 * source = ms / K).
 *
 * Trace CSV (-a together with -o FILE.csv writes FILE.trace.csv):
 *   step,variant,graph,src,grid,block,level,frontier,edges,duplicates,ms,gpu,commit
 * one row per BFS level of the last trial; -1 where the step does not count it. */
#ifndef REPORT_H
#define REPORT_H

#include <stdio.h>
#include "types.h"

#define REPORT_CSV_HEADER                                                          \
  "step,variant,graph,n,m,src,grid,block,knobs,trial,ms,levels,edges,gteps,"      \
  "verified,upload_ms,init_ms,gpu,driver,cuda,commit,date"
#define REPORT_TRACE_HEADER \
  "step,variant,graph,src,grid,block,level,frontier,edges,duplicates,ms,gpu,commit"

typedef struct {
  char gpu[256], driver[64], cuda[32], commit[64], date[32];
} provenance_t;

typedef struct {
  const char *step, *variant, *graph, *knobs, *verified;
  vid_t n, src;
  eid_t m, edges;
  int grid, block, trial, levels;
  double ms, upload_ms, init_ms;
} report_row_t;

typedef struct {
  int level;
  long long frontier, edges, duplicates;
  double ms;
} level_row_t;

/* Fill GPU name (commas replaced), driver (kernel module version when
 * readable), CUDA runtime "13.0", the build's commit and the UTC date. */
void report_provenance(provenance_t *p, const char *gpu_name, int runtime_version);
/* Open for appending; writes header when the file is new or empty. NULL and
 * fail() when it cannot be opened. */
FILE *report_open(const char *path, const char *header);
/* An output path (-o, -d) that can be written: its directory exists and is
 * writable, and the file, when it exists, is writable and no directory.
 * Checked before the graph is built and the GPU probed, so that a typo is
 * exit 2 at once on any machine. 0, or fail(EXIT_INPUT) naming option and path. */
int report_check_output(const char *opt, const char *path);
void report_row(FILE *f, const report_row_t *r, const provenance_t *p);
void report_trace_row(FILE *f, const report_row_t *r, const level_row_t *l, const provenance_t *p);

#endif
