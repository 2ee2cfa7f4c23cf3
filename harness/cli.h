/* cli.h - the command line every bin/stepNN shares (gapbs conventions plus
 * GPU flags; DESIGN.md). Parsing only: no I/O, no GPU, so tests can call it. */
#ifndef CLI_H
#define CLI_H

#include <stdio.h>
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CLI_MAX_LIST 64   /* entries in -x / -b lists */
#define CLI_MAX_KNOBS 16  /* -K settings */

typedef struct {
  /* input: exactly one source of a graph */
  const char *file;         /* -f FILE                                   */
  int kron_scale;           /* -g SCALE                                  */
  int uniform_scale;        /* -u SCALE                                  */
  vid_t grid_w, grid_h;     /* -G WxH                                    */
  double grid_keep;         /* --keep P: grid edges kept (default 0.85)  */
  vid_t path_n, star_n, complete_n; /* --path N, --star LEAVES, --complete N */
  vid_t road_n;             /* --road N: road-like (gen_road)             */
  double road_mix[4];       /* --road-mix D1,D2,D3,D4 (GEN_ROAD_MIX)      */
  int symmetrize;           /* -s                                        */
  int keep_self_loops, keep_duplicates; /* --keep-self-loops, --keep-duplicates */
  int degree;               /* -k DEG (16)                               */
  weight_t max_weight;      /* -w MAXW: SSSP weights in [1, MAXW]; 0 = unset (255 when the input has none) */
  int negative;             /* --negative                                */
  unsigned long long seed;  /* -S SEED (27491095, gapbs's)               */
  const char *name;         /* --name NAME for reports                   */
  /* runs */
  int trials;               /* -n TRIALS (3); 0 = build the graph only   */
  long long source;         /* -r SRC (-1: none)                         */
  int num_sources;          /* -R K (1)                                  */
  const char *sources_file; /* --sources FILE: one vertex id per line    */
  int verify_all;           /* -v                                        */
  int trace;                /* -a                                        */
  const char *variant;      /* -V NAME (NULL: the step's first)          */
  const char *knobs[CLI_MAX_KNOBS]; int num_knobs; /* -K name=value      */
  const char *knob_sets;    /* --knob-sets 'a=1,b=2;a=0': each set on top of -K, one run each */
  int grids[CLI_MAX_LIST];  int num_grids;  /* -x (0 = the step picks)   */
  int blocks[CLI_MAX_LIST]; int num_blocks; /* -b (256)                  */
  /* output */
  const char *csv;          /* -o FILE.csv                               */
  const char *dist_file;    /* -d FILE                                   */
  int cpu_baseline;         /* --cpu-baseline: time the oracle too       */
  int cpu_only;             /* --cpu: the oracle's distances, no GPU     */
  int allow_sparse_ids;     /* --allow-sparse-ids (io.h)                 */
  int list_variants, list_knobs, help;
} options_t;

/* 0, or fail(EXIT_INPUT, "...") naming the option and the bad value. */
int cli_parse(int argc, char **argv, options_t *o);
void cli_usage(FILE *out, const char *prog);
/* --sources FILE: one vertex id (decimal, 0-based) per line; blank lines and
 * lines starting with # are skipped; ids may repeat. Every id must be < n.
 * 0 and a malloc'd array in *srcs (free it), or fail(EXIT_INPUT,
 * "FILE:LINE: ...") naming the first bad line. At most CLI_MAX_SOURCES. */
#define CLI_MAX_SOURCES 100000
int cli_read_sources(const char *path, vid_t n, vid_t **srcs, int *count);

#ifdef __cplusplus
}
#endif
#endif
