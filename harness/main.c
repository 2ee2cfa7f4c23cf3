/* main.c - the driver linked into every bin/stepNN.
 *
 * Builds the graph (file or generator), picks sources, computes the CPU
 * oracle's answer for each, uploads the graph and, for every launch shape
 * (-x x -b), runs the step: one warm-up, then -n timed trials per source,
 * each timed with CUDA events around run() alone and checked vertex by vertex
 * against the oracle. Prints greppable lines (gapbs style) and CSV rows. */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "check.h"
#include "cli.h"
#include "cpubase.h"
#include "err.h"
#include "generate.h"
#include "gpu.h"
#include "graph.h"
#include "io.h"
#include "oracle.h"
#include "report.h"
#include "step.h"

static int error_exit(int code) {
  fprintf(stderr, "error: %s\n", fail_message());
  return code ? code : EXIT_INPUT;
}

/* "soc-Slashdot0902" from "../data/soc-Slashdot0902.txt.gz". */
static void file_graph_name(const char *path, char *out, size_t len) {
  const char *base = strrchr(path, '/');
  snprintf(out, len, "%s", base ? base + 1 : path);
  size_t l = strlen(out);
  if (l > 3 && strcmp(out + l - 3, ".gz") == 0) out[l - 3] = '\0';
  char *dot = strrchr(out, '.');
  if (dot && dot != out) *dot = '\0';
  for (char *c = out; *c; c++)
    if (*c == ',') *c = '_';
}

static int build_graph(const options_t *o, graph_t *g, char *name, size_t namelen) {
  edgelist_t el;
  int rc;
  double t0 = host_ms();
  if (o->file) {
    rc = io_read(o->file, &el);
    file_graph_name(o->file, name, namelen);
  } else if (o->kron_scale) {
    rc = gen_kronecker(o->kron_scale, o->degree, o->seed, &el);
    snprintf(name, namelen, "kron%d", o->kron_scale);
  } else if (o->uniform_scale) {
    rc = gen_uniform(o->uniform_scale, o->degree, o->seed, &el);
    snprintf(name, namelen, "uniform%d", o->uniform_scale);
  } else if (o->grid_w) {
    rc = gen_grid(o->grid_w, o->grid_h, o->grid_keep, o->seed, &el);
    snprintf(name, namelen, "grid%ux%u", o->grid_w, o->grid_h);
  } else if (o->road_n) {
    /* SSSP weights are the lengths, in [1, -w] (255 when unset) */
    weight_t maxw = o->max_weight ? o->max_weight : 255;
    rc = gen_road(o->road_n, o->road_mix, maxw, o->seed, &el);
    gen_road_name(o->road_n, o->road_mix, name, namelen);
  } else if (o->path_n) {
    rc = gen_path(o->path_n, &el);
    snprintf(name, namelen, "path%u", o->path_n);
  } else if (o->star_n) {
    rc = gen_star(o->star_n, &el);
    snprintf(name, namelen, "star%u", o->star_n);
  } else {
    rc = gen_complete(o->complete_n, &el);
    snprintf(name, namelen, "complete%u", o->complete_n);
  }
  if (rc) return rc;
  /* graph_build drops self-loops; for SSSP a negative one is a negative cycle
   * and must not vanish silently. */
  if (STEP.problem == PROBLEM_SSSP && el.w && !o->keep_self_loops)
    for (eid_t e = 0; e < el.len; e++)
      if (el.src[e] == el.dst[e] && el.w[e] < 0) {
        fail(EXIT_INPUT, "%s: self-loop at vertex %" PRIvid " has weight %d: a negative cycle",
             o->file ? o->file : "graph", el.src[e], el.w[e]);
        el_free(&el);
        return EXIT_INPUT;
      }
  if (o->symmetrize && !o->name) strncat(name, "-sym", namelen - strlen(name) - 1);
  if (o->name) snprintf(name, namelen, "%s", o->name);
  double t1 = host_ms();
  build_opts_t bo = {o->symmetrize, o->keep_self_loops, o->keep_duplicates};
  build_report_t br = {0, 0};
  rc = graph_build(&el, &bo, g, &br);
  el_free(&el);
  if (rc) return rc;
  double t2 = host_ms();
  /* the timing lines share one column: "%-22s" holds "Peak host memory:" too */
  printf("%-22s %.5f s\n", o->file ? "Read Time:" : "Generate Time:", (t1 - t0) / 1e3);
  printf("%-22s %.5f s\n", "Build Time:", (t2 - t1) / 1e3);
  printf("Graph has %" PRIvid " %s and %" PRIeid " directed %s (%s)\n", g->n,
         PLURAL(g->n, "node", "nodes"), g->m, PLURAL(g->m, "edge", "edges"),
         g->symmetric ? "symmetric" : "directed");
  if (br.self_loops || br.duplicates)
    printf("Dropped %" PRIeid " %s and %" PRIeid " duplicate directed %s\n", br.self_loops,
           PLURAL(br.self_loops, "self-loop", "self-loops"), br.duplicates,
           PLURAL(br.duplicates, "edge", "edges"));
  if (g->n == 0) return fail(EXIT_INPUT, "%s: empty graph (no vertices)", name);
  if (o->road_n) {
    double f[6];
    gen_degree_mix(g, f);
    printf("Degree mix: 1: %.1f%%, 2: %.1f%%, 3: %.1f%%, 4: %.1f%% (other: %.1f%%)\n", f[1] * 100,
           f[2] * 100, f[3] * 100, f[4] * 100, (f[0] + f[5]) * 100);
  }
  return 0;
}

static int pick_sources(const options_t *o, const graph_t *g, vid_t *src, int k) {
  if (o->source >= 0) {
    if ((unsigned long long)o->source >= g->n)
      return fail(EXIT_INPUT, "source %lld is out of range: the graph has %" PRIvid
                  " %s (ids 0..%" PRIvid ")", o->source, g->n, PLURAL(g->n, "vertex", "vertices"),
                  g->n - 1);
    src[0] = (vid_t)o->source;
    return 0;
  }
  graph_random_sources(g, o->seed, src, k);
  return 0;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}
static double median(double *v, int n) {
  if (n == 0) return 0;
  qsort(v, n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

typedef struct {
  vid_t src;
  dist_t *expect;  /* oracle distances                      */
  eid_t edges;     /* TEPS numerator                        */
  int depth;       /* largest finite distance (BFS: levels-1) */
  vid_t reached;
  double cpu_ms;
} source_t;

/* --cpu-baseline, second half: the parallel CPU baseline (cpubase.h), timed
 * like a trial (a warm-up, then -n trials), every trial checked against the
 * oracle: a wrong baseline is a bug, reported as FAIL. The warm-up runs for
 * 250 ms on every source: the oracle's serial runs just before leave the
 * other cores idle, and waking them made the first parallel runs up to 10x
 * slower on the H100 host (a virtual machine). Returns the failed trials, or
 * -1 (and fail()) when the baseline stops. */
static long long time_cpubase(cpubase_t *cb, const graph_t *g, const source_t *s, int trials,
                              FILE *csv, const provenance_t *prov, const char *gname) {
  double *t = (double *)malloc(sizeof(double) * (size_t)trials);
  dist_t *d = (dist_t *)malloc((size_t)g->n * sizeof(dist_t));
  if (!t || !d) return free(t), free(d), fail(EXIT_INPUT, "out of host memory for the CPU baseline"), -1;
  long long failed = 0;
  char knobs[128];
  if (cpubase_warmup(cb, s->src, d, 250.0) < 0) return free(t), free(d), -1;
  for (int trial = 0; trial < trials; trial++) {
    cpubase_stats_t st;
    double c0 = host_ms();
    if (cpubase_run(cb, s->src, d, &st)) return free(t), free(d), -1;
    double ms = host_ms() - c0;
    long long bad = check_dist(s->expect, g->n, d, g->n, 10, stdout);
    if (bad) printf("  CPU %s: %lld of %" PRIvid " vertices differ from the oracle\n", cpubase_name(cb), bad, g->n);
    failed += bad != 0;
    t[trial] = ms;
    cpubase_knobs(cb, knobs, sizeof knobs);
    report_row_t r = {"cpu", cpubase_name(cb), gname, knobs, bad ? "FAIL" : "PASS", g->n, s->src, g->m,
                      s->edges, 0, 0, trial, st.levels, ms, 0, cb->prep_ms};
    report_row(csv, &r, prov);
  }
  double med = median(t, trials);
  printf("CPU %s (%d %s): median %.3f ms, %.4f GTEPS%s\n", cpubase_name(cb), cb->threads,
         PLURAL(cb->threads, "thread", "threads"), med,
         s->edges / (med * 1e6), failed ? "  FAIL" : "");
  free(t);
  free(d);
  return failed;
}

static int run_oracle(const graph_t *g, problem_t p, vid_t src, dist_t *d) {
  if (p == PROBLEM_BFS) {
    oracle_bfs(g, src, d);
    return 0;
  }
  return oracle_sssp(g, src, d);
}

static const char *oracle_name(const graph_t *g, problem_t p) {
  if (p == PROBLEM_BFS) return "bfs";
  for (eid_t e = 0; e < g->m; e++)
    if (g->weights[e] < 0) return "bellman-ford";
  return "dijkstra";
}

/* --cpu: the CPU oracle's distances from each source, no GPU needed (a
 * student checks a graph on a laptop): a summary line per source, the
 * distances themselves on stdout for a small graph, all of them with -d FILE
 * (the last source's, as a step's -d writes its last trial's). The oracle is
 * the one every step is checked against: BFS levels, Dijkstra, or
 * Bellman-Ford when a weight is negative (a negative cycle is an error). */
#define CPU_PRINT_MAX 64
static int cpu_distances(const options_t *o, const graph_t *g, problem_t prob, const vid_t *srcs, int nsrc) {
  dist_t *d = (dist_t *)malloc((size_t)g->n * sizeof(dist_t));
  if (!d) return fail(EXIT_INPUT, "out of host memory for distances");
  const char *oname = oracle_name(g, prob);
  for (int i = 0; i < nsrc; i++) {
    double t0 = host_ms();
    if (run_oracle(g, prob, srcs[i], d)) return free(d), EXIT_INPUT;
    double ms = host_ms() - t0;
    vid_t reached = 0;
    dist_t depth = 0;
    for (vid_t v = 0; v < g->n; v++)
      if (d[v] != DIST_INF) {
        reached++;
        if (d[v] > depth) depth = d[v];
      }
    eid_t edges = graph_reached_edges(g, d);
    printf("Source %" PRIvid ": reaches %" PRIvid " %s and %" PRIeid " %s, %s %d; CPU %s %.3f ms\n", srcs[i],
           reached, PLURAL(reached, "vertex", "vertices"), edges, PLURAL(edges, "edge", "edges"),
           prob == PROBLEM_BFS ? "depth" : "max distance", depth, oname, ms);
    if (o->dist_file) continue;
    if (g->n <= CPU_PRINT_MAX) {
      printf("  vertex %s\n", prob == PROBLEM_BFS ? "level" : "distance");
      for (vid_t v = 0; v < g->n; v++) {
        if (d[v] == DIST_INF) printf("  %6" PRIvid " inf\n", v);
        else printf("  %6" PRIvid " %d\n", v, d[v]);
      }
    } else if (i == nsrc - 1) {
      printf("  (%" PRIvid " distances: -d FILE writes them, one line a vertex)\n", g->n);
    }
  }
  int rc = o->dist_file ? io_write_dist(o->dist_file, d, g->n) : 0;
  free(d);
  if (rc) return rc;
  printf("CPU: %s distances from %d %s by the %s oracle%s%s; no GPU used\n",
         prob == PROBLEM_BFS ? "BFS" : "SSSP", nsrc, PLURAL(nsrc, "source", "sources"), oname,
         o->dist_file ? ", the last source's written to " : "", o->dist_file ? o->dist_file : "");
  return 0;
}

/* Knob values: defaults, then -K name=value, then the settings of one
 * --knob-sets set (set: "a=1,b=2"; NULL or "" for none). */
static int resolve_knobs(const options_t *o, const char *set, long *values, char *desc, size_t desclen) {
  int nk = 0;
  while (STEP.knobs && STEP.knobs[nk].name) nk++;
  for (int i = 0; i < nk; i++) values[i] = STEP.knobs[i].def;
  const char *items[CLI_MAX_KNOBS * 2];
  char setbuf[1024];
  int nitems = 0;
  for (int k = 0; k < o->num_knobs; k++) items[nitems++] = o->knobs[k];
  if (set && *set) {
    snprintf(setbuf, sizeof setbuf, "%s", set);
    for (char *tok = strtok(setbuf, ","); tok; tok = strtok(NULL, ",")) {
      if (nitems >= CLI_MAX_KNOBS * 2) return fail(EXIT_INPUT, "--knob-sets: too many settings in '%s'", set);
      if (!strchr(tok, '=')) return fail(EXIT_INPUT, "--knob-sets: '%s' is not name=value", tok);
      items[nitems++] = tok;
    }
  }
  for (int k = 0; k < nitems; k++) {
    const char *eq = strchr(items[k], '=');
    size_t len = (size_t)(eq - items[k]);
    int found = -1;
    for (int i = 0; i < nk; i++)
      if (strlen(STEP.knobs[i].name) == len && strncmp(STEP.knobs[i].name, items[k], len) == 0)
        found = i;
    if (found < 0) {
      char known[512] = "";
      for (int i = 0; i < nk; i++) {
        strncat(known, i ? ", " : "", sizeof known - strlen(known) - 1);
        strncat(known, STEP.knobs[i].name, sizeof known - strlen(known) - 1);
      }
      return fail(EXIT_INPUT, "unknown knob '%.*s' (this step's knobs: %s)", (int)len, items[k],
                  nk ? known : "none");
    }
    char *end = NULL;
    long v = strtol(eq + 1, &end, 10);
    if (!eq[1] || *end) return fail(EXIT_INPUT, "knob %s: '%s' is not a whole number", STEP.knobs[found].name, eq + 1);
    values[found] = v;
  }
  desc[0] = '\0';
  for (int i = 0; i < nk; i++) {
    size_t l = strlen(desc);
    snprintf(desc + l, desclen - l, "%s%s=%ld", i ? ";" : "", STEP.knobs[i].name, values[i]);
  }
  return 0;
}

/* --- several sources in one run (STEP_MULTI, step 19) ---------------------
 * One warm-up, then -n trials; each times ONE call over all k sources
 * (CUDA events). Every source's distances are checked against the oracle
 * (the last trial, or every trial with -v). Printed: the run's time, the
 * time per source (time / k) and the aggregate GTEPS (sum over sources of
 * edges reached / time). CSV: one row per trial, src = the first source,
 * edges = the sum over the k sources, ms = the whole run, knobs gets
 * ";sources=K" appended (time per source = ms / K). One row per run keeps
 * ms the timed region and gteps the aggregate, as for every other step. */
typedef struct {
  const options_t *o;
  const graph_t *g;
  const source_t *S;
  int k;
  dist_t *d_dist, *h_dist;
  gpu_timer_t *timer;
  FILE *csv, *tcsv;
  const provenance_t *prov;
  const char *stepname, *variant, *gname, *knob_desc;
  double upload_ms, init_ms;
  level_trace_t *trace;
  int trace_cap;
} multi_ctx_t;

static int multi_trials(const multi_ctx_t *c, void *state, const launch_t *lc, double *times,
                        double *gteps, int *nt, long long *checked, long long *failed) {
  const graph_t *g = c->g;
  vid_t *srcs = (vid_t *)malloc(sizeof(vid_t) * (size_t)c->k);
  if (!srcs) return fail(EXIT_INPUT, "out of host memory");
  eid_t edges = 0;
  for (int i = 0; i < c->k; i++) {
    srcs[i] = c->S[i].src;
    edges += c->S[i].edges;
  }
  char knobs[1100];
  snprintf(knobs, sizeof knobs, "%s%ssources=%d", c->knob_desc, c->knob_desc[0] ? ";" : "", c->k);
  for (int trial = -1; trial < c->o->trials; trial++) { /* -1: warm-up */
    int last = trial == c->o->trials - 1;
    for (int i = 0; i < c->k; i++) gpu_fill_dist(c->d_dist + (size_t)i * g->n, g->n, srcs[i]);
    CUDA_CHECK(cudaDeviceSynchronize());
    step_stats_t st = {0, -1, -1, -1, -1, NULL, 0, 0};
    if (c->trace && last) {
      st.trace = c->trace;
      st.trace_cap = c->trace_cap;
    }
    gpu_timer_start(c->timer);
    int rc = STEP_MULTI.run(state, srcs, c->k, c->d_dist, &st);
    float ms = gpu_timer_stop(c->timer);
    if (rc) {
      free(srcs);
      return rc;
    }
    CUDA_CHECK(cudaGetLastError());
    if (trial < 0) continue;
    const char *verdict = "UNCHECKED";
    if (c->o->verify_all || last) {
      long long badsrc = 0;
      for (int i = 0; i < c->k; i++) {
        CUDA_CHECK(cudaMemcpy(c->h_dist, c->d_dist + (size_t)i * g->n, (size_t)g->n * sizeof(dist_t),
                              cudaMemcpyDeviceToHost));
        long long bad = check_dist(c->S[i].expect, g->n, c->h_dist, g->n, badsrc ? 0 : 10, stdout);
        if (bad) {
          badsrc++;
          printf("  source %" PRIvid " (instance %d of %d): %lld of %" PRIvid
                 " vertices differ from the oracle\n", srcs[i], i, c->k, bad, g->n);
        }
      }
      (*checked)++;
      if (badsrc) (*failed)++;
      verdict = badsrc ? "FAIL" : "PASS";
      printf("  checked %d sources against the oracle: %lld differ\n", c->k, badsrc);
      /* -d writes the first source's distances */
      CUDA_CHECK(cudaMemcpy(c->h_dist, c->d_dist, (size_t)g->n * sizeof(dist_t), cudaMemcpyDeviceToHost));
    }
    double gt = ms > 0 ? edges / (ms * 1e6) : 0;
    times[*nt] = ms;
    gteps[(*nt)++] = gt;
    printf("Trial Time: %10.4f ms  sources %d  per source %.4f ms  levels %d  GTEPS %.4f (aggregate)  %s\n",
           ms, c->k, ms / c->k, st.levels, gt, verdict);
    report_row_t r = {c->stepname, c->variant, c->gname, knobs, verdict, g->n, srcs[0], g->m,
                      edges, lc->grid, lc->block, trial, st.levels, ms, c->upload_ms, c->init_ms};
    report_row(c->csv, &r, c->prov);
    if (st.trace && st.trace_len) {
      printf("  level   frontier        edges   duplicates   time(ms)\n");
      for (int l = 0; l < st.trace_len; l++) {
        level_trace_t *t = &st.trace[l];
        level_row_t lr = {t->level, t->frontier, t->edges, t->duplicates, t->ms};
        printf("  %5d %10lld %12lld %12lld %10.4f\n", lr.level, lr.frontier, lr.edges, lr.duplicates, lr.ms);
        report_trace_row(c->tcsv, &r, &lr, c->prov);
      }
    }
  }
  free(srcs);
  return 0;
}

/* --- the driver, in the order it runs ------------------------------------
 * Each part below returns 0 to go on, or the process's exit status with its
 * message already printed (error_exit), which main returns as it is. */
typedef struct {
  const options_t *o;
  const char *stepname, *variant;
  /* knob sets: --knob-sets split at ';' (one set of NULL without it) */
  char ksets_buf[4096];
  const char *ksets[64];
  int num_ksets;
  long knob_values[64];
  char knob_desc[1024];
  /* the graph, its sources and the oracle's answers */
  graph_t g;
  char gname[256];
  degree_stats_t ds;
  problem_t prob;
  vid_t *srcs;
  int nsrc;
  source_t *S;
  char *negcycle;  /* a negative cycle is reachable from source i */
  long long cpu_failed;
  /* the GPU and what is on it */
  int multi;       /* a multi-source step (STEP_MULTI): all sources in one run */
  size_t ninst;    /* distance arrays on the device: nsrc for a multi-source step, else 1 */
  gpu_info_t gi;
  provenance_t prov;
  FILE *csv, *tcsv;
  dgraph_t dg;
  eid_t *d_off;
  vid_t *d_cols;
  weight_t *d_w;
  dist_t *d_dist, *h_dist;
  double upload_ms;
  /* the trials */
  level_trace_t *trace;
  int trace_cap;
  long long *census_v, *census_e; /* per-level vertices and edges (BFS) */
  double *times, *gteps;
  gpu_timer_t timer;
  long long checked, failed;
} run_t;

/* -h, --list-variants, --list-knobs: 1 when one was asked for (printed). */
static int print_info(const options_t *o, const char *stepname, const char *prog) {
  if (o->help) {
    printf("%s: %s\n", stepname, STEP.title);
    cli_usage(stdout, prog);
    return 1;
  }
  if (o->list_variants) {
    for (int i = 0; STEP.variants && STEP.variants[i]; i++) printf("%s\n", STEP.variants[i]);
    return 1;
  }
  if (o->list_knobs) {
    if (!STEP.knobs || !STEP.knobs[0].name) printf("%s has no knobs\n", stepname);
    /* aligned columns: name, default, help (one knob a line; scripts read
     * the first two fields) */
    int wn = 0, wd = 0;
    for (int i = 0; STEP.knobs && STEP.knobs[i].name; i++) {
      char tmp[32];
      int l = (int)strlen(STEP.knobs[i].name), d = snprintf(tmp, sizeof tmp, "%ld", STEP.knobs[i].def);
      if (l > wn) wn = l;
      if (d > wd) wd = d;
    }
    for (int i = 0; STEP.knobs && STEP.knobs[i].name; i++)
      printf("%-*s %*ld  %s\n", wn, STEP.knobs[i].name, wd, STEP.knobs[i].def, STEP.knobs[i].help);
    return 1;
  }
  return 0;
}

/* The knob set: the variant, every --knob-sets set and the first set's
 * values, checked before any work. Everything that can be checked without
 * the graph or a GPU is checked here, so a typo is exit 2 at once on any
 * machine (also with -n0): the knob values (the step's own check_knobs;
 * limits that need the device stay in its init) and the output paths. */
static int check_knob_sets(run_t *r) {
  const options_t *o = r->o;
  r->variant = o->variant ? o->variant : (STEP.variants ? STEP.variants[0] : "default");
  if (o->variant) {
    int ok = 0;
    for (int i = 0; STEP.variants && STEP.variants[i]; i++) ok |= strcmp(STEP.variants[i], o->variant) == 0;
    if (!ok) {
      fail(EXIT_INPUT, "unknown variant '%s' (--list-variants)", o->variant);
      return error_exit(EXIT_INPUT);
    }
  }
  r->ksets[0] = NULL;
  if (o->knob_sets) {
    snprintf(r->ksets_buf, sizeof r->ksets_buf, "%s", o->knob_sets);
    for (char *p = r->ksets_buf, *semi; p && r->num_ksets < 64; p = semi ? semi + 1 : NULL) {
      semi = strchr(p, ';');
      if (semi) *semi = '\0';
      r->ksets[r->num_ksets++] = p;
    }
    for (int k = 0; k < r->num_ksets; k++) {
      if (resolve_knobs(o, r->ksets[k], r->knob_values, r->knob_desc, sizeof r->knob_desc))
        return error_exit(EXIT_INPUT);
      launch_t lck = {0, 0, r->variant, STEP.knobs, r->knob_values, 0};
      if (STEP.check_knobs && STEP.check_knobs(&lck)) return error_exit(EXIT_INPUT);
    }
  }
  if (r->num_ksets == 0) r->num_ksets = 1;
  if (resolve_knobs(o, r->ksets[0], r->knob_values, r->knob_desc, sizeof r->knob_desc))
    return error_exit(EXIT_INPUT);
  if (STEP.check_knobs) {
    launch_t lc0 = {0, 0, r->variant, STEP.knobs, r->knob_values, 0};
    if (STEP.check_knobs(&lc0)) return error_exit(EXIT_INPUT);
  }
  if (report_check_output("-o", o->csv) || report_check_output("-d", o->dist_file))
    return error_exit(EXIT_INPUT);
  return 0;
}

/* The source: the graph (SSSP: its weights), its degrees, and the sources,
 * picked before -n0 returns so that -r out of range is exit 2 there too. */
static int prepare_graph(run_t *r) {
  const options_t *o = r->o;
  graph_t *g = &r->g;
  io_allow_sparse_ids = o->allow_sparse_ids;
  int rc = build_graph(o, g, r->gname, sizeof r->gname);
  if (rc) return error_exit(rc);
  r->prob = STEP.problem;
  if (r->prob == PROBLEM_SSSP) {
    if (o->road_n) {
      printf("Weights: lengths in [1, %d]\n", o->max_weight ? o->max_weight : 255);
    } else if (!g->weights || o->max_weight) { /* the input has none, or -w asks for new ones */
      weight_t maxw = o->max_weight ? o->max_weight : 255;
      printf("Weights: random in [1, %d] (seed %llu)\n", maxw, o->seed);
      if (graph_set_random_weights(g, maxw, o->seed)) return error_exit(EXIT_INPUT);
    }
    if (o->negative && gen_negative_weights(g, o->seed)) return error_exit(EXIT_INPUT);
    if (oracle_sssp_limits(g)) return error_exit(EXIT_INPUT);
  }
  degree_stats_t *ds = &r->ds;
  graph_degree_stats(g, ds);
  printf("Degrees: max out-degree %" PRIvid " (vertex %" PRIvid "), average %.2f, %" PRIvid
         " %s without out-edges\n", ds->max_out_degree, ds->max_vertex, ds->avg_out_degree,
         ds->zero_out_degree, PLURAL(ds->zero_out_degree, "vertex", "vertices"));
  r->nsrc = o->source >= 0 ? 1 : o->num_sources;
  if (o->sources_file) { /* --sources FILE: ids checked against n, "FILE:LINE: ..." */
    if (cli_read_sources(o->sources_file, g->n, &r->srcs, &r->nsrc)) return error_exit(EXIT_INPUT);
  } else {
    r->srcs = (vid_t *)calloc((size_t)r->nsrc, sizeof *r->srcs);
    if (!r->srcs) return fail(EXIT_INPUT, "out of host memory"), error_exit(EXIT_INPUT);
    if (pick_sources(o, g, r->srcs, r->nsrc)) return error_exit(EXIT_INPUT);
  }
  return 0;
}

/* -o FILE.csv, and with -a FILE.trace.csv beside it. */
static int open_outputs(run_t *r) {
  const options_t *o = r->o;
  if (!o->csv) return 0;
  if (!(r->csv = report_open(o->csv, REPORT_CSV_HEADER))) return error_exit(EXIT_INPUT);
  if (o->trace) {
    char tpath[1024];
    snprintf(tpath, sizeof tpath, "%s", o->csv);
    size_t l = strlen(tpath);
    if (l > 4 && strcmp(tpath + l - 4, ".csv") == 0) tpath[l - 4] = '\0';
    strncat(tpath, ".trace.csv", sizeof tpath - strlen(tpath) - 1);
    if (!(r->tcsv = report_open(tpath, REPORT_TRACE_HEADER))) return error_exit(EXIT_INPUT);
  }
  return 0;
}

/* The CPU oracle: the answer for every source. Sources are independent: one
 * serial oracle per thread. The times are only informative here;
 * --cpu-baseline (cpu_sources) times them one at a time. */
static int run_oracles(run_t *r) {
  const graph_t *g = &r->g;
  source_t *S = r->S;
  for (int i = 0; i < r->nsrc; i++) {
    S[i].src = r->srcs[i];
    S[i].expect = (dist_t *)malloc((size_t)g->n * sizeof(dist_t));
    if (!S[i].expect) return fail(EXIT_INPUT, "out of host memory for oracle distances"), error_exit(EXIT_INPUT);
  }
  int oracle_rc = 0;
  const char *oname = oracle_name(g, r->prob);
  int serial = strcmp(oname, "bellman-ford") == 0; /* it may fail(): one writer of the message */
  /* SSSP: a source whose oracle finds a negative cycle is still given to the
   * step, which must fail on it too (its own error line, exit 2); a step that
   * returns distances there fails verification. */
  r->negcycle = (char *)calloc((size_t)r->nsrc, 1);
  if (!r->negcycle) return fail(EXIT_INPUT, "out of host memory"), error_exit(EXIT_INPUT);
  char *negcycle = r->negcycle;
  problem_t prob = r->prob;
  const vid_t *srcs = r->srcs;
#pragma omp parallel for schedule(dynamic, 1) reduction(| : oracle_rc) if (!serial)
  for (int i = 0; i < r->nsrc; i++) {
    double t0 = host_ms();
    int orc = run_oracle(g, prob, srcs[i], S[i].expect);
    if (orc && serial && strstr(fail_message(), "negative cycle")) negcycle[i] = 1;
    else oracle_rc |= orc != 0;
    S[i].cpu_ms = host_ms() - t0;
  }
  if (oracle_rc) return error_exit(EXIT_INPUT); /* one message */
  return 0;
}

/* Each source's line (reached, edges, depth) and, with --cpu-baseline, the
 * oracle's time and the parallel baseline's (cpubase.h), each measured like a
 * trial: median of -n; the parallel one after a warm-up. */
static int cpu_sources(run_t *r) {
  const options_t *o = r->o;
  const graph_t *g = &r->g;
  source_t *S = r->S;
  const char *oname = oracle_name(g, r->prob);
  cpubase_t cb;
  memset(&cb, 0, sizeof cb);
  if (o->cpu_baseline) {
    if (cpubase_init(&cb, g, r->prob == PROBLEM_SSSP, 0, 0)) return error_exit(EXIT_INPUT);
    printf("CPU baseline: %s, %d %s (%s); prep %.3f ms%s\n", cpubase_name(&cb), cb.threads,
           PLURAL(cb.threads, "thread", "threads"), cb.threads_why, cb.prep_ms,
           cb.t_offsets ? " (the transpose, for bottom-up steps)" : "");
  }
  for (int i = 0; i < r->nsrc; i++) {
    if (r->negcycle[i]) {
      for (vid_t v = 0; v < g->n; v++) S[i].expect[v] = DIST_INF;
      printf("Source %" PRIvid ": the CPU oracle finds a negative cycle reachable from it; "
             "the step must report one\n", S[i].src);
      continue;
    }
    S[i].edges = graph_reached_edges(g, S[i].expect);
    for (vid_t v = 0; v < g->n; v++)
      if (S[i].expect[v] != DIST_INF) {
        S[i].reached++;
        if (S[i].expect[v] > S[i].depth) S[i].depth = S[i].expect[v];
      }
    printf("Source %" PRIvid ": reaches %" PRIvid " %s and %" PRIeid " %s, %s %d; CPU %s %.3f ms\n",
           S[i].src, S[i].reached, PLURAL(S[i].reached, "vertex", "vertices"), S[i].edges,
           PLURAL(S[i].edges, "edge", "edges"), r->prob == PROBLEM_BFS ? "depth" : "max distance",
           S[i].depth, oname, S[i].cpu_ms);
    if (o->cpu_baseline) {
      double *t = (double *)malloc(sizeof(double) * (size_t)o->trials);
      for (int trial = 0; trial < o->trials; trial++) {
        double c0 = host_ms();
        run_oracle(g, r->prob, r->srcs[i], S[i].expect);
        t[trial] = host_ms() - c0;
        report_row_t row = {"cpu", oname, r->gname, "", "PASS", g->n, S[i].src, g->m,
                            S[i].edges, 0, 0, trial, S[i].depth + 1, t[trial], 0, 0};
        report_row(r->csv, &row, &r->prov);
      }
      printf("CPU %s: median %.3f ms, %.4f GTEPS\n", oname, median(t, o->trials),
             S[i].edges / (median(t, o->trials) * 1e6));
      free(t);
      long long f = time_cpubase(&cb, g, &S[i], o->trials, r->csv, &r->prov, r->gname);
      if (f < 0) return error_exit(fail_code());
      r->cpu_failed += f;
    }
  }
  if (o->cpu_baseline) cpubase_free(&cb);
  return 0;
}

/* Upload. Check the bytes against free memory first: a clear line, not a
 * CUDA error from deep inside. Then the host buffers of the trials. */
static int upload(run_t *r) {
  const options_t *o = r->o;
  const graph_t *g = &r->g;
  /* Test hook: GALLERY_GPU_FREE_BYTES pretends the device has that much free,
   * so the out-of-memory path is testable on any GPU (scripts/test.sh). */
  const char *fake_free = getenv("GALLERY_GPU_FREE_BYTES");
  if (fake_free) r->gi.free_mem = (size_t)strtoull(fake_free, NULL, 10);
  size_t need = (size_t)(g->n + 1) * sizeof(eid_t) + (size_t)g->m * sizeof(vid_t) +
                (r->prob == PROBLEM_SSSP ? (size_t)g->m * sizeof(weight_t) : 0) +
                r->ninst * (size_t)g->n * sizeof(dist_t);
  if (need > r->gi.free_mem) {
    fail(EXIT_CUDA, "%s does not fit in GPU memory: the graph and distances need %zu bytes (%.2f GiB), "
         "%zu bytes (%.2f GiB) are free%s", r->gname, need, need / 1073741824.0, r->gi.free_mem,
         r->gi.free_mem / 1073741824.0, r->multi ? " (distances of every source at once: k * n * 4 bytes)" : "");
    return error_exit(EXIT_CUDA);
  }
  double u0 = host_ms();
  dgraph_t *dg = &r->dg;
  memset(dg, 0, sizeof *dg);
  dg->n = g->n;
  dg->m = g->m;
  dg->host = g;
  dg->max_out_degree = r->ds.max_out_degree;
  r->d_off = (eid_t *)gpu_alloc((size_t)(g->n + 1) * sizeof(eid_t), "CSR offsets");
  r->d_cols = (vid_t *)gpu_alloc((size_t)g->m * sizeof(vid_t), "CSR columns");
  r->d_w = NULL;
  CUDA_CHECK(cudaMemcpy(r->d_off, g->offsets, (size_t)(g->n + 1) * sizeof(eid_t), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(r->d_cols, g->cols, (size_t)g->m * sizeof(vid_t), cudaMemcpyHostToDevice));
  if (r->prob == PROBLEM_SSSP) {
    r->d_w = (weight_t *)gpu_alloc((size_t)g->m * sizeof(weight_t), "CSR weights");
    CUDA_CHECK(cudaMemcpy(r->d_w, g->weights, (size_t)g->m * sizeof(weight_t), cudaMemcpyHostToDevice));
  }
  r->d_dist = (dist_t *)gpu_alloc(r->ninst * (size_t)g->n * sizeof(dist_t), "distances");
  CUDA_CHECK(cudaDeviceSynchronize());
  r->upload_ms = host_ms() - u0;
  dg->offsets = r->d_off;
  dg->cols = r->d_cols;
  dg->weights = r->d_w;
  printf("%-22s %.3f ms\n", "Upload Time:", r->upload_ms);

  r->h_dist = (dist_t *)malloc((size_t)g->n * sizeof(dist_t));
  r->trace_cap = (r->prob == PROBLEM_BFS ? 0 : 1 << 16);
  for (int i = 0; i < r->nsrc && r->prob == PROBLEM_BFS; i++)
    if (r->S[i].depth + 16 > r->trace_cap) r->trace_cap = r->S[i].depth + 16;
  r->trace = o->trace ? (level_trace_t *)calloc((size_t)r->trace_cap, sizeof *r->trace) : NULL;
  r->times = (double *)malloc(sizeof(double) * (size_t)o->trials * (size_t)r->nsrc);
  r->gteps = (double *)malloc(sizeof(double) * (size_t)o->trials * (size_t)r->nsrc);
  if (!r->h_dist || (o->trace && !r->trace) || !r->times || !r->gteps)
    return fail(EXIT_INPUT, "out of host memory"), error_exit(EXIT_INPUT);
  return 0;
}

/* -a: the last trial's per-level trace, its rows printed and written; a
 * level the step did not count (-1) takes the BFS census of the oracle's
 * levels (vertices and their out-edges per level). */
static void print_trace(run_t *r, int i, const step_stats_t *st, const report_row_t *row) {
  const graph_t *g = &r->g;
  const source_t *Si = &r->S[i];
  if (r->prob == PROBLEM_BFS && !r->census_v) {
    r->census_v = (long long *)calloc((size_t)r->trace_cap, sizeof(long long));
    r->census_e = (long long *)calloc((size_t)r->trace_cap, sizeof(long long));
  }
  long long *census_v = r->census_v, *census_e = r->census_e;
  if (census_v) {
    memset(census_v, 0, sizeof(long long) * (size_t)r->trace_cap);
    memset(census_e, 0, sizeof(long long) * (size_t)r->trace_cap);
    for (vid_t v = 0; v < g->n; v++)
      if (Si->expect[v] != DIST_INF) {
        census_v[Si->expect[v]]++;
        census_e[Si->expect[v]] += (long long)(g->offsets[v + 1] - g->offsets[v]);
      }
  }
  printf("  level   frontier        edges   duplicates   time(ms)\n");
  for (int l = 0; l < st->trace_len; l++) {
    level_trace_t *t = &st->trace[l];
    int inrange = census_v && t->level >= 0 && t->level < r->trace_cap;
    level_row_t lr = {t->level,
                      t->frontier >= 0 ? t->frontier : (inrange ? census_v[t->level] : -1),
                      t->edges >= 0 ? t->edges : (inrange ? census_e[t->level] : -1),
                      t->duplicates, t->ms};
    printf("  %5d %10lld %12lld %12lld %10.4f\n", lr.level, lr.frontier, lr.edges,
           lr.duplicates, lr.ms);
    report_trace_row(r->tcsv, row, &lr, &r->prov);
  }
}

/* The trial: source i's -n trials (the first source after one warm-up),
 * each timed around run() alone and checked against the oracle (the last,
 * or every one with -v); a line and a CSV row each. */
static int source_trials(run_t *r, void *state, const launch_t *lc, double init_ms, int i, int *nt) {
  const options_t *o = r->o;
  const graph_t *g = &r->g;
  const source_t *Si = &r->S[i];
  for (int trial = (i == 0 ? -1 : 0); trial < o->trials; trial++) { /* -1: warm-up */
    int last = trial == o->trials - 1;
    gpu_fill_dist(r->d_dist, g->n, Si->src);
    CUDA_CHECK(cudaDeviceSynchronize());
    step_stats_t st = {0, -1, -1, -1, -1, NULL, 0, 0};
    if (o->trace && last) {
      st.trace = r->trace;
      st.trace_cap = r->trace_cap;
    }
    gpu_timer_start(&r->timer);
    int rc = STEP.run(state, Si->src, r->d_dist, &st);
    float ms = gpu_timer_stop(&r->timer);
    if (rc) return error_exit(rc);
    CUDA_CHECK(cudaGetLastError());
    if (r->negcycle[i]) {
      fprintf(stderr, "error: %s returned distances from source %" PRIvid
              ", but a negative cycle is reachable from it (CPU oracle)\n", r->stepname, Si->src);
      return EXIT_VERIFY;
    }
    if (trial < 0) continue;
    const char *verdict = "UNCHECKED";
    if (o->verify_all || last) {
      CUDA_CHECK(cudaMemcpy(r->h_dist, r->d_dist, (size_t)g->n * sizeof(dist_t), cudaMemcpyDeviceToHost));
      long long bad = check_dist(Si->expect, g->n, r->h_dist, g->n, 10, stdout);
      r->checked++;
      if (bad) {
        r->failed++;
        printf("  %lld of %" PRIvid " vertices differ from the oracle\n", bad, g->n);
      }
      verdict = bad ? "FAIL" : "PASS";
    }
    double gt = ms > 0 ? Si->edges / (ms * 1e6) : 0;
    r->times[*nt] = ms;
    r->gteps[(*nt)++] = gt;
    printf("Trial Time: %10.4f ms  source %" PRIvid "  levels %d  GTEPS %.4f  %s\n", ms,
           Si->src, st.levels, gt, verdict);
    if (last && st.relaxations >= 0) /* SSSP work: relax operations vs the reached edges */
      printf("  relaxations %lld (%.3f per reached edge), pushes %lld\n", st.relaxations,
             Si->edges ? (double)st.relaxations / (double)Si->edges : 0.0, st.pushes);
    report_row_t row = {r->stepname, r->variant, r->gname, r->knob_desc, verdict, g->n, Si->src, g->m,
                        Si->edges, lc->grid, lc->block, trial, st.levels, ms, r->upload_ms, init_ms};
    report_row(r->csv, &row, &r->prov);
    if (st.trace && st.trace_len) print_trace(r, i, &st, &row);
  }
  return 0;
}

/* The launch shape: one -x x -b pair under the current knob set: init
 * (untimed), every source's trials, fini, and the shape's summary line. */
static int run_shape(run_t *r, int grid, int block) {
  const options_t *o = r->o;
  launch_t lc = {grid, block, r->variant, STEP.knobs, r->knob_values, r->gi.sm_count};
  if (lc.block > r->gi.max_threads_per_block) {
    fail(EXIT_INPUT, "block size %d exceeds the device's limit of %d threads", lc.block,
         r->gi.max_threads_per_block);
    return error_exit(EXIT_INPUT);
  }
  void *state = NULL;
  double i0 = host_ms();
  if (STEP.init(&r->dg, &lc, &state)) return error_exit(fail_code());
  CUDA_CHECK(cudaDeviceSynchronize());
  double init_ms = host_ms() - i0;
  size_t free_b = 0, total_b = 0;
  CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  printf("Launch: grid %d%s x block %d; init %.3f ms; device memory in use %.3f GiB\n", lc.grid,
         lc.grid ? "" : " (step's choice)", lc.block, init_ms, (total_b - free_b) / 1073741824.0);
  int nt = 0;
  if (r->multi) { /* all sources in one run(): one time per trial */
    multi_ctx_t mc = {o, &r->g, r->S, r->nsrc, r->d_dist, r->h_dist, &r->timer, r->csv, r->tcsv, &r->prov,
                      r->stepname, r->variant, r->gname, r->knob_desc, r->upload_ms, init_ms, r->trace,
                      r->trace_cap};
    int rc = multi_trials(&mc, state, &lc, r->times, r->gteps, &nt, &r->checked, &r->failed);
    if (rc) return error_exit(rc);
  }
  for (int i = 0; i < r->nsrc && !r->multi; i++) {
    int rc = source_trials(r, state, &lc, init_ms, i, &nt);
    if (rc) return rc;
  }
  STEP.fini(state);
  double med = median(r->times, nt), medg = median(r->gteps, nt);
  double sum = 0;
  for (int t = 0; t < nt; t++) sum += r->times[t];
  printf("Average Time: %.4f ms  Median Time: %.4f ms  GTEPS (median): %.4f  [grid %d, block %d]\n",
         nt ? sum / nt : 0, med, medg, lc.grid, lc.block);
  if (r->multi)
    printf("Per Source: %.4f ms (median run time / %d sources); aggregate GTEPS %.4f\n", med / r->nsrc,
           r->nsrc, medg);
  return 0;
}

/* Every knob set, and in each every launch shape (-x x -b). */
static int run_all(run_t *r) {
  const options_t *o = r->o;
  for (int ks = 0; ks < r->num_ksets; ks++) {
    if (ks > 0) /* checked in check_knob_sets */
      resolve_knobs(o, r->ksets[ks], r->knob_values, r->knob_desc, sizeof r->knob_desc);
    if (o->knob_sets) printf("Knobs: %s\n", r->knob_desc);
    for (int gx = 0; gx < o->num_grids; gx++)
      for (int bx = 0; bx < o->num_blocks; bx++) {
        int rc = run_shape(r, o->grids[gx], o->blocks[bx]);
        if (rc) return rc;
      }
  }
  return 0;
}

/* The report: -d, the peak host memory and the verdict; then free all. */
static int finish(run_t *r) {
  const options_t *o = r->o;
  if (o->dist_file && io_write_dist(o->dist_file, r->h_dist, r->g.n)) return error_exit(EXIT_INPUT);
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  printf("%-22s %.3f GiB\n", "Peak host memory:", ru.ru_maxrss / 1048576.0);
  printf("Verification: %s (%lld of %lld checked trials failed)\n", r->failed ? "FAIL" : "PASS", r->failed,
         r->checked);
  if (r->cpu_failed) printf("CPU baseline: FAIL (%lld trials differ from the oracle)\n", r->cpu_failed);

  gpu_timer_fini(&r->timer);
  gpu_free(r->d_off);
  gpu_free(r->d_cols);
  gpu_free(r->d_w);
  gpu_free(r->d_dist);
  if (r->csv) fclose(r->csv);
  if (r->tcsv) fclose(r->tcsv);
  for (int i = 0; i < r->nsrc; i++) free(r->S[i].expect);
  free(r->S); free(r->srcs); free(r->negcycle); free(r->h_dist); free(r->trace);
  free(r->census_v); free(r->census_e); free(r->times); free(r->gteps);
  graph_free(&r->g);
  return r->failed || r->cpu_failed ? EXIT_VERIFY : 0;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  char stepname[64];
  {
    char tmp[256];
    snprintf(tmp, sizeof tmp, "%s", argv[0]);
    snprintf(stepname, sizeof stepname, "%s", basename(tmp));
  }
  options_t o;
  if (cli_parse(argc, argv, &o)) {
    fprintf(stderr, "error: %s\n", fail_message());
    return EXIT_INPUT;
  }
  if (print_info(&o, stepname, argv[0])) return 0;
  static run_t r; /* large (the knob sets' text): not on the stack */
  r.o = &o;
  r.stepname = stepname;
  int rc = check_knob_sets(&r);
  if (rc) return rc;
  printf("%s: %s [variant %s%s%s]\n", stepname, STEP.title, r.variant, r.knob_desc[0] ? ", " : "", r.knob_desc);
  if ((rc = prepare_graph(&r))) return rc;
  if (o.cpu_only) { /* --cpu: the oracle's answer, no GPU */
    rc = cpu_distances(&o, &r.g, r.prob, r.srcs, r.nsrc);
    free(r.srcs);
    graph_free(&r.g);
    return rc ? error_exit(rc) : 0;
  }
  r.S = (source_t *)calloc((size_t)r.nsrc, sizeof *r.S);
  if (!r.S) return fail(EXIT_INPUT, "out of host memory"), error_exit(EXIT_INPUT);
  if (o.trials == 0) { /* -n0: build only */
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("%-22s %.3f GiB\n", "Peak host memory:", ru.ru_maxrss / 1048576.0);
    free(r.S);
    free(r.srcs);
    graph_free(&r.g);
    return 0;
  }
  /* A multi-source step (step.h, STEP_MULTI) gets all sources' distances at once. */
  r.multi = &STEP_MULTI != NULL && STEP_MULTI.run != NULL;
  r.ninst = r.multi ? (size_t)r.nsrc : 1;
  if (gpu_probe(&r.gi) == EXIT_NODEV) {
    printf("SKIP: %s; %s needs an NVIDIA GPU (exit 77)\n", fail_message(), stepname);
    return EXIT_NODEV;
  }
  report_provenance(&r.prov, r.gi.name, r.gi.runtime_version);
  printf("GPU: %s, %d SMs, %.1f GiB (%.1f free), CUDA %s, driver %s, commit %s\n", r.gi.name,
         r.gi.sm_count, r.gi.global_mem / 1073741824.0, r.gi.free_mem / 1073741824.0, r.prov.cuda,
         r.prov.driver, r.prov.commit);
  if ((rc = open_outputs(&r)) || (rc = run_oracles(&r)) || (rc = cpu_sources(&r)) || (rc = upload(&r)))
    return rc;
  gpu_timer_init(&r.timer);
  if ((rc = run_all(&r))) return rc;
  return finish(&r);
}
