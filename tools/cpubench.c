/* cpubench.c - the CPU baselines alone, no GPU needed (build/cpubench).
 *
 *   build/cpubench bfs|sssp [a step's graph and run options] [--cpu-baseline] [-d FILE]
 *
 * Takes the options of bin/stepNN (-g -u -G --keep -f -s -w --negative -S -R
 * -r -n -o --name ...), builds the same graph and picks the same sources as
 * main.c, computes the serial oracle's answer, then times the parallel
 * baseline (cpubase.h): a 250 ms warm-up, then -n trials per source, every trial
 * checked against the oracle. --cpu-baseline also times the oracle -n times.
 * -d FILE writes the distances of the last trial (one line a vertex, inf
 * where unreached), as a step's -d does.
 * Environment: CPUBENCH_THREADS="1 2 4 8 16" (thread counts, one run each;
 * default OMP_NUM_THREADS, else the cores the load average leaves free:
 * cpubase_default_threads), CPUBASE_DELTA="0 8 64" (deltas of delta-stepping,
 * 0 = chosen from the weights, the default).
 * Writes the same greppable lines and CSV rows (step "cpu") as a step's
 * --cpu-baseline; the gpu column names the host CPU instead. It exists so that
 * the SSSP baseline can be timed before an SSSP step exists, and so that the
 * baselines can be measured on a machine without a GPU. Exit 0, 1 when a
 * baseline differs from the oracle, 2 on bad input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "cli.h"
#include "cpubase.h"
#include "err.h"
#include "generate.h"
#include "graph.h"
#include "io.h"
#include "oracle.h"
#include "report.h"

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}
static int die(void) {
  fprintf(stderr, "error: %s\n", fail_message());
  return fail_code() ? fail_code() : EXIT_INPUT;
}
static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}
static double median(double *v, int n) {
  qsort(v, n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static void cpu_model(char *out, size_t len) {
  snprintf(out, len, "unknown CPU");
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[512];
  while (f && fgets(line, sizeof line, f))
    if (strncmp(line, "model name", 10) == 0) {
      const char *c = strchr(line, ':');
      if (c) snprintf(out, len, "%s", c + 2);
      out[strcspn(out, "\n")] = '\0';
      break;
    }
  if (f) fclose(f);
}

static void usage(FILE *out) {
  fprintf(out,
          "usage: cpubench bfs|sssp INPUT [options]: the parallel CPU baselines (harness/cpubase.h)\n"
          "  timed and checked against the CPU oracle, no GPU needed. A step's graph and run options\n"
          "  (below); --cpu-baseline also times the serial oracle; -d FILE writes the last trial's\n"
          "  distances. Environment: CPUBENCH_THREADS=\"1 2 4\" (thread counts, one run each; default\n"
          "  OMP_NUM_THREADS, else the cores the load average leaves free), CPUBASE_DELTA=\"0 8 64\"\n"
          "  (delta-stepping's bucket widths; 0 = chosen from the weights).\n");
  cli_usage(out, "cpubench bfs|sssp");
}

/* The graph of the command line, as a step builds it: read or generated, named, built, weighted
 * for SSSP (random in [1, -w] unless a file or --road gives lengths), its limits checked. */
static int load_graph(const options_t *o, int sssp, graph_t *g, char *name, size_t len) {
  edgelist_t el;
  int rc;
  if (o->file) {
    rc = io_read(o->file, &el);
    const char *b = strrchr(o->file, '/');
    snprintf(name, len, "%s", b ? b + 1 : o->file);
    char *gz = strstr(name, ".gz");
    if (gz && !gz[3]) *gz = '\0';
    char *dot = strrchr(name, '.');
    if (dot && dot != name) *dot = '\0';
  } else if (o->kron_scale) {
    rc = gen_kronecker(o->kron_scale, o->degree, o->seed, &el);
    snprintf(name, len, "kron%d", o->kron_scale);
  } else if (o->uniform_scale) {
    rc = gen_uniform(o->uniform_scale, o->degree, o->seed, &el);
    snprintf(name, len, "uniform%d", o->uniform_scale);
  } else if (o->grid_w) {
    rc = gen_grid(o->grid_w, o->grid_h, o->grid_keep, o->seed, &el);
    snprintf(name, len, "grid%ux%u", o->grid_w, o->grid_h);
  } else if (o->road_n) { /* SSSP weights are the lengths, in [1, -w] (255 when unset) */
    rc = gen_road(o->road_n, o->road_mix, o->max_weight ? o->max_weight : 255, o->seed, &el);
    gen_road_name(o->road_n, o->road_mix, name, len);
  } else if (o->path_n) {
    rc = gen_path(o->path_n, &el);
    snprintf(name, len, "path%u", o->path_n);
  } else if (o->star_n) {
    rc = gen_star(o->star_n, &el);
    snprintf(name, len, "star%u", o->star_n);
  } else {
    rc = gen_complete(o->complete_n, &el);
    snprintf(name, len, "complete%u", o->complete_n);
  }
  if (rc) return 1;
  if (o->symmetrize && !o->name) strncat(name, "-sym", len - strlen(name) - 1);
  if (o->name) snprintf(name, len, "%s", o->name);
  build_opts_t bo = {o->symmetrize, o->keep_self_loops, o->keep_duplicates};
  rc = graph_build(&el, &bo, g, NULL);
  el_free(&el);
  if (rc) return 1;
  if (g->n == 0) return fail(EXIT_INPUT, "%s: empty graph (no vertices)", name), 1;
  if (sssp) {
    if (o->road_n) {
      printf("Weights: lengths in [1, %d]\n", o->max_weight ? o->max_weight : 255);
    } else if (!g->weights || o->max_weight) {
      weight_t maxw = o->max_weight ? o->max_weight : 255;
      printf("Weights: random in [1, %d] (seed %llu)\n", maxw, o->seed);
      if (graph_set_random_weights(g, maxw, o->seed)) return 1;
    }
    if (o->negative && gen_negative_weights(g, o->seed)) return 1;
    if (oracle_sssp_limits(g)) return 1;
  }
  return 0;
}

/* The parallel baselines, each trial checked against the oracle's answer: their CSV rows and
 * lines. Returns the trials that differ from the oracle, or -1 on an error (said). */
static long long run_baselines(const graph_t *g, int sssp, const vid_t *srcs, int nsrc, int trials,
                               const dist_t *const *expect, const eid_t *edges, dist_t *got,
                               double *t, double *all, const char *name, const char *model,
                               FILE *csv, const provenance_t *prov, int *nall_total) {
  /* for each thread count (CPUBENCH_THREADS, a
   * list; default OMP_NUM_THREADS) and delta (CPUBASE_DELTA, a list; default
   * 0 = chosen from the weights) a warm-up, then -n trials per source */
  const char *tl = getenv("CPUBENCH_THREADS"), *dl = getenv("CPUBASE_DELTA");
  char tbuf[256], dbuf[256];
  snprintf(tbuf, sizeof tbuf, "%s", tl && *tl ? tl : "0");
  snprintf(dbuf, sizeof dbuf, "%s", dl && *dl ? dl : "0");
  long long failed = 0;
  char *ts = NULL;
  for (char *tk = strtok_r(tbuf, " ,", &ts); tk; tk = strtok_r(NULL, " ,", &ts)) {
    char dcopy[256], *dsave = NULL;
    snprintf(dcopy, sizeof dcopy, "%s", dbuf);
    for (char *dk = strtok_r(dcopy, " ,", &dsave); dk; dk = strtok_r(NULL, " ,", &dsave)) {
      cpubase_t cb;
      if (cpubase_init(&cb, g, sssp, atoi(tk), atoll(dk))) return -1;
      char knobs[128];
      cpubase_knobs(&cb, knobs, sizeof knobs);
      printf("CPU: %s; baseline %s (%s; %d %s: %s); prep %.3f ms%s\n", model, cpubase_name(&cb), knobs,
             cb.threads, PLURAL(cb.threads, "thread", "threads"), cb.threads_why, cb.prep_ms,
             cb.t_offsets ? " (the transpose, for bottom-up steps)" : "");
      int nall = 0;
      for (int i = 0; i < nsrc; i++) {
        vid_t s = srcs[i];
        /* warm-up: 250 ms (cpubase_warmup says why), then the trials, each checked */
        if (cpubase_warmup(&cb, s, got, 250.0) < 0) return -1;
        for (int k = 0; k < trials; k++) {
          cpubase_stats_t st;
          double c0 = now_ms();
          if (cpubase_run(&cb, s, got, &st)) return -1;
          double ms = now_ms() - c0;
          long long bad = check_dist(expect[i], g->n, got, g->n, 5, stdout);
          if (bad) printf("  %lld of %" PRIvid " vertices differ from the oracle\n", bad, g->n);
          failed += bad != 0;
          t[k] = all[nall++] = ms;
          (*nall_total)++;
          printf("CPU Trial: %10.4f ms  source %" PRIvid "  %s %d", ms, s, sssp ? "buckets/rounds" : "levels", st.levels);
          if (!sssp) printf(" (%d top-down, %d bottom-up)", st.td_steps, st.bu_steps);
          if (st.restarts) printf(" (%d restarts)", st.restarts);
          printf("  GTEPS %.4f  %s\n", edges[i] / (ms * 1e6), bad ? "FAIL" : "PASS");
          cpubase_knobs(&cb, knobs, sizeof knobs);
          report_row_t r = {"cpu", cpubase_name(&cb), name, knobs, bad ? "FAIL" : "PASS", g->n, s, g->m, edges[i],
                            0, 0, k, st.levels, ms, 0, cb.prep_ms};
          report_row(csv, &r, prov);
        }
        printf("CPU %s (%d %s): median %.3f ms, %.4f GTEPS\n", cpubase_name(&cb), cb.threads,
               PLURAL(cb.threads, "thread", "threads"),
               median(t, trials), edges[i] / (median(t, trials) * 1e6));
      }
      printf("CPU %s (%s) on %s: median %.3f ms over %d sources x %d trials; %s\n", cpubase_name(&cb), knobs,
             name, median(all, nall), nsrc, trials, failed ? "FAIL" : "PASS");
      cpubase_free(&cb);
    }
  }
  return failed;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
    usage(stdout);
    return 0;
  }
  if (argc < 2 || (strcmp(argv[1], "bfs") && strcmp(argv[1], "sssp"))) {
    fprintf(stderr, "error: the first argument must be bfs or sssp: %s bfs|sssp [step options: -g/-u/-G/-f ... "
            "-R -n -o -d] (-h for help)\n", argv[0]);
    return EXIT_INPUT;
  }
  int sssp = strcmp(argv[1], "sssp") == 0;
  options_t o;
  argv[1] = argv[0];
  if (cli_parse(argc - 1, argv + 1, &o)) return die();
  if (o.help) { usage(stdout); return 0; }
  if (report_check_output("-o", o.csv) || report_check_output("-d", o.dist_file)) return die();
  io_allow_sparse_ids = o.allow_sparse_ids;

  graph_t g;
  char name[256];
  if (load_graph(&o, sssp, &g, name, sizeof name)) return die();
  printf("Graph %s has %" PRIvid " nodes and %" PRIeid " directed edges (%s)\n", name, g.n, g.m,
         g.symmetric ? "symmetric" : "directed");

  if (o.trials == 0) return graph_free(&g), 0; /* -n0: build only, as a step */
  int nsrc = o.source >= 0 ? 1 : o.num_sources, trials = o.trials;
  vid_t *srcs = calloc((size_t)nsrc, sizeof *srcs);
  if (o.source >= 0) {
    if ((unsigned long long)o.source >= g.n)
      return fail(EXIT_INPUT, "source %lld is out of range: the graph has %" PRIvid " vertices", o.source, g.n), die();
    srcs[0] = (vid_t)o.source;
  } else {
    graph_random_sources(&g, o.seed, srcs, nsrc); /* the steps' -R K */
  }

  char model[256];
  cpu_model(model, sizeof model);
  provenance_t prov;
  report_provenance(&prov, model, 0);
  FILE *csv = o.csv ? report_open(o.csv, REPORT_CSV_HEADER) : NULL;
  if (o.csv && !csv) return die();

  /* the oracle's answers first (and its times with --cpu-baseline) */
  dist_t **expect = calloc((size_t)nsrc, sizeof *expect), *got = malloc((size_t)g.n * sizeof *got);
  eid_t *edges = calloc((size_t)nsrc, sizeof *edges);
  double *t = malloc(sizeof(double) * (size_t)trials), *all = malloc(sizeof(double) * (size_t)trials * nsrc);
  if (!expect || !got || !edges || !t || !all) return fail(EXIT_INPUT, "out of host memory"), die();
  int negative = 0;
  for (eid_t e = 0; sssp && g.weights && e < g.m; e++) negative |= g.weights[e] < 0;
  const char *oname = !sssp ? "bfs" : negative ? "bellman-ford" : "dijkstra";
  for (int i = 0; i < nsrc; i++) {
    vid_t s = srcs[i];
    if (!(expect[i] = malloc((size_t)g.n * sizeof(dist_t)))) return fail(EXIT_INPUT, "out of host memory"), die();
    double c0 = now_ms();
    if (sssp ? oracle_sssp(&g, s, expect[i]) : (oracle_bfs(&g, s, expect[i]), 0)) return die();
    double oms = now_ms() - c0;
    edges[i] = graph_reached_edges(&g, expect[i]);
    int depth = 0;
    for (vid_t v = 0; v < g.n; v++)
      if (expect[i][v] != DIST_INF && expect[i][v] > depth) depth = expect[i][v];
    printf("Source %" PRIvid ": reaches %" PRIeid " edges, %s %d; CPU %s %.3f ms\n", s, edges[i],
           sssp ? "max distance" : "depth", depth, oname, oms);
    if (o.cpu_baseline) {
      for (int k = 0; k < trials; k++) {
        c0 = now_ms();
        if (sssp ? oracle_sssp(&g, s, got) : (oracle_bfs(&g, s, got), 0)) return die();
        t[k] = now_ms() - c0;
        report_row_t r = {"cpu", oname, name, "", "PASS", g.n, s, g.m, edges[i], 0, 0, k, depth + 1, t[k], 0, 0};
        report_row(csv, &r, &prov);
      }
      printf("CPU %s: median %.3f ms, %.4f GTEPS\n", oname, median(t, trials), edges[i] / (median(t, trials) * 1e6));
    }
  }

  /* then the parallel baseline */
  int nall_total = 0;
  long long failed = run_baselines(&g, sssp, srcs, nsrc, trials, (const dist_t *const *)expect, edges,
                                   got, t, all, name, model, csv, &prov, &nall_total);
  if (failed < 0) return die();
  if (csv) fclose(csv);
  /* -d: the last trial's distances (equal to the oracle's, or FAIL above) */
  if (o.dist_file && io_write_dist(o.dist_file, nall_total ? got : expect[nsrc - 1], g.n)) return die();
  if (o.dist_file) printf("Distances: %s (source %" PRIvid ", one line a vertex)\n", o.dist_file, srcs[nsrc - 1]);
  for (int i = 0; i < nsrc; i++) free(expect[i]);
  free(expect); free(edges); free(got); free(t); free(all); free(srcs);
  graph_free(&g);
  return failed ? EXIT_VERIFY : 0;
}
