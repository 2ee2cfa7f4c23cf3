/* cpubase.h - a fair parallel CPU baseline (OpenMP), next to the serial oracle.
 *
 * The oracle (oracle.h) is one core running a textbook BFS or Dijkstra: the
 * right reference for correctness, the wrong one for "how much faster is the
 * GPU". This is the baseline a CPU programmer would actually run, written in
 * the style of the GAP Benchmark Suite (gapbs, Beamer, Asanovic, Patterson):
 *
 *   BFS   direction-optimizing (Beamer 2012): top-down steps over a shared
 *         queue filled through per-thread buffers; bottom-up steps over a
 *         frontier bitmap, scanning the in-edges of unvisited vertices;
 *         switching with alpha = 15, beta = 18 (gapbs's values). Directed
 *         graphs need in-edges: the transpose is built once, in
 *         cpubase_init (untimed; its time is reported in prep_ms).
 *   SSSP  delta-stepping (Meyer & Sanders 2003) as in gapbs's sssp.cc:
 *         per-thread bins, a shared frontier per bucket, atomic min by CAS.
 *         Delta-stepping needs weights >= 0; when a weight is negative the
 *         baseline is a frontier (round-based) parallel Bellman-Ford instead,
 *         which fails with "negative cycle" rather than give a wrong answer.
 *
 * Every routine leaves exact distances (DIST_INF = unreached) and is checked
 * against the oracle by its callers (main.c --cpu-baseline, tests). Atomics
 * are GCC __atomic builtins on the plain arrays (no C11 _Atomic types, so the
 * arrays are the same dist_t the rest of the harness uses). */
#ifndef CPUBASE_H
#define CPUBASE_H

#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CPUBASE_ALPHA 15 /* top-down -> bottom-up when scout > edges_to_check / alpha */
#define CPUBASE_BETA 18  /* bottom-up -> top-down when the frontier < n / beta, shrinking */

typedef struct cpubase_bins_ cpubase_bins_t;

typedef struct {
  const graph_t *g;
  int sssp;              /* 0: BFS, 1: SSSP                                      */
  int threads;           /* OpenMP threads used (cpubase_default_threads unless given) */
  char threads_why[128]; /* how that count was chosen, for the printed line       */
  double prep_ms;        /* cpubase_init's time: transpose, buffers (untimed)    */
  /* BFS */
  const eid_t *in_offsets; /* in-edges: g's own arrays when g is symmetric,     */
  const vid_t *in_cols;    /* else the transpose built here                     */
  eid_t *t_offsets;      /* the transpose (owned), NULL when symmetric           */
  vid_t *t_cols;
  vid_t *queue;          /* n: the sliding queue (each vertex enters once)       */
  uint64_t *front, *next;/* frontier bitmaps, (n + 63) / 64 words each           */
  vid_t *local;          /* threads x CPUBASE_LOCAL: per-thread queue buffers    */
  /* SSSP */
  int negative;          /* a weight < 0: Bellman-Ford instead of delta-stepping */
  int64_t delta;         /* bucket width (delta-stepping)                        */
  int64_t delta_asked;   /* 0 = chosen from the weights                          */
  vid_t *frontier;       /* shared frontier of a bucket                          */
  size_t frontier_cap;
  cpubase_bins_t *bins;  /* one set of bins per thread                           */
  int64_t *d64;          /* Bellman-Ford: 64-bit distances while running         */
  unsigned char *flag;   /* Bellman-Ford: "already in the next frontier"         */
} cpubase_t;

typedef struct {
  int levels;            /* BFS: levels (depth + 1); SSSP: buckets or rounds     */
  int td_steps, bu_steps;/* BFS: steps of each direction                         */
  int restarts;          /* delta-stepping: reruns after a bin/frontier overflow */
} cpubase_stats_t;

/* The default thread count: OMP_NUM_THREADS when set (a number >= 1), else
 * the cores that are free: the cores this process may run on minus the
 * 1-minute load average (rounded), at least 1. A parallel baseline given a
 * core that another process keeps busy waits for it at every barrier (on two
 * cores with one busy, 2 threads took 108 ms where 1 took 1.3 ms).
 * why (may be NULL) gets "2 cores, load average 1.04: 1 free" or
 * "OMP_NUM_THREADS=4". cpubase_pick_threads is the rule alone (omp_env: the
 * variable's value or NULL), for tests. */
int cpubase_default_threads(char *why, size_t len);
int cpubase_pick_threads(int cores, double load, const char *omp_env, char *why, size_t len);

/* Prepare the baseline for g (sssp: 0 BFS, 1 SSSP). threads <= 0: the
 * default (cpubase_default_threads). delta <= 0: chosen from
 * the weights (cpubase_auto_delta). g must outlive cb. 0 or fail(). */
int cpubase_init(cpubase_t *cb, const graph_t *g, int sssp, int threads, int64_t delta);
void cpubase_free(cpubase_t *cb);

/* The CSV variant name: "gapbs-style-dobfs", "delta-stepping" or "par-bellman-ford". */
const char *cpubase_name(const cpubase_t *cb);

/* Distances from src into dist (n entries). The timed part: it includes
 * filling dist with DIST_INF (gapbs times its InitParent too). st may be NULL.
 * 0, or fail() (source out of range; negative cycle; out of memory). */
int cpubase_run(cpubase_t *cb, vid_t src, dist_t *dist, cpubase_stats_t *st);

/* The CSV knobs field: "threads=16", with ";delta=8" for delta-stepping
 * (the delta in use: a run that overflowed its bins widened it). */
void cpubase_knobs(const cpubase_t *cb, char *out, size_t len);

/* Warm-up: runs from src for at least min_ms milliseconds (at least once, at
 * most 10000 runs), so that every thread's core is awake before a timed run
 * (after a long serial phase, e.g. the oracle's timing, the first parallel
 * runs on a virtual machine were up to 10x slower). Returns the runs, or -1
 * and fail(). */
int cpubase_warmup(cpubase_t *cb, vid_t src, dist_t *dist, double min_ms);

/* Delta from the weights, a power of two, at least 1 (unweighted graphs: 1):
 *  - average out-degree >= 8: nearest max_weight / (4 x degree). Meyer and
 *    Sanders take delta ~ max weight / degree (few light edges per bucket);
 *    the factor 4 is gapbs's own setting (-d2 for its Kronecker and uniform
 *    graphs: degree 32, weights up to 255);
 *  - sparser graphs (roads, grids, meshes): nearest 4 x max_weight. Their
 *    distances run to 10^5 and more, and every bucket costs two barriers: on
 *    the H100 host, delta 16-32 made grid2000x2000 3x and luxembourg_osm 14x
 *    slower than delta 1024 (plots/data/cpubase-h100.csv). */
int64_t cpubase_auto_delta(const graph_t *g);

#ifdef __cplusplus
}
#endif
#endif
