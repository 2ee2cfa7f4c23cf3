/* test_cpubase.c - the parallel CPU baselines (harness/cpubase.c) against the
 * serial oracle: generated graphs (Kronecker, uniform, grid, directed and
 * symmetric, isolated vertices), several sources, 1 to 4 threads; BFS must
 * take both directions where it should; delta-stepping with small and large
 * weights, zero weights, forced overflows of its bins and frontier; negative
 * weights go to Bellman-Ford, negative cycles fail. */
#include "testutil.h" /* includes err.h before cmocka.h */

#include <omp.h>

#include "check.h"
#include "cpubase.h"
#include "generate.h"
#include "graph.h"
#include "oracle.h"

static const int THREADS[] = {1, 2, 3, 4};
#define NTHREADS (int)(sizeof THREADS / sizeof THREADS[0])

/* ---- graphs ------------------------------------------------------------------ */

typedef enum { G_KRON, G_UNIFORM, G_GRID, G_DIRECTED, G_DIRECTED_SYM, G_PATH } kind_t;
static const char *KIND_NAME[] = {"kron", "uniform", "grid", "directed", "directed-sym", "path"};

/* splitmix64 for the random directed graphs */
static uint64_t mix(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* Every graph gets 50 isolated vertices at the end (ids past the generator's). */
static void make(kind_t k, graph_t *g) {
  edgelist_t el;
  int sym = 0;
  switch (k) {
    case G_KRON: assert_int_equal(gen_kronecker(11, 16, 7, &el), 0); break;
    case G_UNIFORM: assert_int_equal(gen_uniform(11, 8, 7, &el), 0); break;
    case G_GRID: assert_int_equal(gen_grid(60, 40, 0.8, 7, &el), 0); break;
    case G_PATH: assert_int_equal(gen_path(300, &el), 0); break;
    case G_DIRECTED_SYM: sym = 1; /* fall through */
    case G_DIRECTED: {
      /* a directed graph with a skewed out-degree: vertex u has about
       * 3000 / (u + 1) out-edges, so the frontier grows fast (bottom-up steps) */
      assert_int_equal(el_init(&el, 0), 0);
      uint64_t s = 42;
      for (vid_t u = 0; u < 3000; u++)
        for (vid_t j = 0; j < 3 + 3000 / (u + 1); j++)
          assert_int_equal(el_push(&el, u, (vid_t)(mix(&s) % 3000), 0), 0);
      el.undirected = 0;
      break;
    }
  }
  el.n += 50;
  build_opts_t bo = {sym, 0, 0};
  assert_int_equal(graph_build(&el, &bo, g, NULL), 0);
  el_free(&el);
  assert_int_equal(g->symmetric, k != G_DIRECTED);
}

/* sources: the first vertex with an out-edge, a few spread ids, an isolated one */
static int sources(const graph_t *g, vid_t *s) {
  int k = 0;
  for (vid_t v = 0; v < g->n && !k; v++)
    if (g->offsets[v + 1] > g->offsets[v]) s[k++] = v;
  s[k++] = g->n / 3;
  s[k++] = g->n / 2 + 1;
  s[k++] = g->n - 60;
  s[k++] = g->n - 1; /* isolated */
  return k;
}

static void same(const graph_t *g, const dist_t *want, const dist_t *got, const char *what, int th, vid_t src) {
  long long bad = check_dist(want, g->n, got, g->n, 5, stderr);
  if (bad) fail_msg("%s, %d threads, source %u: %lld vertices differ from the oracle", what, th, src, bad);
}

/* ---- BFS ----------------------------------------------------------------------- */

static void test_bfs_equals_oracle(void **state) {
  (void)state;
  for (int k = G_KRON; k <= G_PATH; k++) {
    graph_t g;
    make((kind_t)k, &g);
    dist_t *want = malloc(g.n * sizeof *want), *got = malloc(g.n * sizeof *got);
    vid_t src[8];
    int ns = sources(&g, src);
    int td = 0, bu = 0;
    for (int t = 0; t < NTHREADS; t++) {
      cpubase_t cb;
      assert_int_equal(cpubase_init(&cb, &g, 0, THREADS[t], 0), 0);
      assert_int_equal(cb.threads, THREADS[t]);
      assert_string_equal(cpubase_name(&cb), "gapbs-style-dobfs");
      /* in-edges: the graph itself when symmetric, a transpose when not */
      assert_true((cb.t_offsets == NULL) == (g.symmetric != 0));
      for (int i = 0; i < ns; i++) {
        oracle_bfs(&g, src[i], want);
        for (int rep = 0; rep < 2; rep++) { /* a second run reuses the buffers */
          memset(got, 0x5a, g.n * sizeof *got);
          cpubase_stats_t st;
          assert_int_equal(cpubase_run(&cb, src[i], got, &st), 0);
          same(&g, want, got, KIND_NAME[k], THREADS[t], src[i]);
          int depth = 0;
          for (vid_t v = 0; v < g.n; v++)
            if (want[v] != DIST_INF && want[v] > depth) depth = want[v];
          assert_int_equal(st.levels, depth + 1);
          td += st.td_steps;
          bu += st.bu_steps;
        }
      }
      cpubase_free(&cb);
    }
    /* the test must have exercised what it claims to */
    if (k == G_KRON || k == G_DIRECTED || k == G_DIRECTED_SYM)
      if (!bu) fail_msg("%s: no bottom-up step taken", KIND_NAME[k]);
    assert_true(td > 0);
    free(want);
    free(got);
    graph_free(&g);
  }
}

static void test_bfs_threads_default(void **state) {
  (void)state;
  graph_t g;
  make(G_PATH, &g);
  cpubase_t cb;
  assert_int_equal(cpubase_init(&cb, &g, 0, 0, 0), 0);
  /* the default: cpubase_default_threads (OMP_NUM_THREADS, else the free cores) */
  assert_true(cb.threads >= 1);
  assert_true(strstr(cb.threads_why, getenv("OMP_NUM_THREADS") ? "OMP_NUM_THREADS=" : "load average") != NULL);
  cpubase_free(&cb);
  const char *was = getenv("OMP_NUM_THREADS");
  char keep[64] = "";
  if (was) snprintf(keep, sizeof keep, "%s", was);
  setenv("OMP_NUM_THREADS", "3", 1);
  assert_int_equal(cpubase_init(&cb, &g, 0, 0, 0), 0);
  assert_int_equal(cb.threads, 3);
  assert_string_equal(cb.threads_why, "OMP_NUM_THREADS=3");
  if (was) setenv("OMP_NUM_THREADS", keep, 1);
  else unsetenv("OMP_NUM_THREADS");
  dist_t *d = malloc(g.n * sizeof *d);
  assert_int_equal(cpubase_run(&cb, g.n, d, NULL), EXIT_INPUT);
  assert_fail_contains("out of range");
  cpubase_free(&cb);
  free(d);
  graph_free(&g);
}

/* ---- SSSP ---------------------------------------------------------------------- */

/* Every source and thread count, delta auto and the given ones. */
static void sssp_all(const graph_t *g, const char *what, const char *variant, const int64_t *deltas, int nd,
                     int *restarts) {
  dist_t *want = malloc(g->n * sizeof *want), *got = malloc(g->n * sizeof *got);
  vid_t src[8];
  int ns = sources(g, src);
  for (int di = 0; di < nd; di++)
    for (int t = 0; t < NTHREADS; t++) {
      cpubase_t cb;
      assert_int_equal(cpubase_init(&cb, g, 1, THREADS[t], deltas[di]), 0);
      assert_string_equal(cpubase_name(&cb), variant);
      for (int i = 0; i < ns; i++) {
        assert_int_equal(oracle_sssp(g, src[i], want), 0);
        memset(got, 0x5a, g->n * sizeof *got);
        cpubase_stats_t st;
        if (cpubase_run(&cb, src[i], got, &st)) fail_msg("%s: %s", what, fail_message());
        same(g, want, got, what, THREADS[t], src[i]);
        if (restarts) *restarts += st.restarts;
      }
      cpubase_free(&cb);
    }
  free(want);
  free(got);
}

static void test_sssp_equals_oracle(void **state) {
  (void)state;
  /* auto; Dijkstra-like (delta 1: on the high-diameter graphs 4, or the
   * tens of thousands of buckets, two barriers each, make the test slow when
   * threads outnumber cores); one bucket (Bellman-Ford-like) */
  const int64_t deltas[] = {0, 1, 1 << 20}, deltas_far[] = {0, 4, 1 << 20};
  for (int k = G_KRON; k <= G_PATH; k++) {
    graph_t g;
    make((kind_t)k, &g);
    assert_int_equal(graph_set_random_weights(&g, 255, 11), 0);
    sssp_all(&g, KIND_NAME[k], "delta-stepping", k == G_GRID || k == G_PATH ? deltas_far : deltas, 3, NULL);
    graph_free(&g);
  }
}

static void test_sssp_auto_delta(void **state) {
  (void)state;
  graph_t g;
  make(G_GRID, &g); /* average degree about 3 */
  assert_int_equal(cpubase_auto_delta(&g), 1); /* unweighted */
  assert_int_equal(graph_set_random_weights(&g, 255, 11), 0);
  int64_t d = cpubase_auto_delta(&g);
  assert_int_equal(d, 1024); /* sparse (degree about 3): the power of 2 nearest 4 x 255 */
  graph_free(&g);
  make(G_KRON, &g); /* dense (degree about 20): delta 2 or 4, near gapbs's -d2 */
  assert_int_equal(graph_set_random_weights(&g, 255, 11), 0);
  d = cpubase_auto_delta(&g);
  assert_true(d >= 2 && d <= 4);
  graph_free(&g);
}

/* Weights near the overflow limit: (n-1) * maxw just under 2^31. With
 * delta 1 the distances need far more than CPUBASE_MAX_BINS bins: the run
 * must notice, widen delta and still be exact. */
static void test_sssp_large_weights(void **state) {
  (void)state;
  graph_t g;
  edgelist_t el;
  assert_int_equal(gen_kronecker(10, 8, 3, &el), 0);
  assert_int_equal(graph_build(&el, NULL, &g, NULL), 0);
  el_free(&el);
  weight_t maxw = (weight_t)(INT32_MAX / (int64_t)(g.n - 1)) - 1;
  assert_int_equal(graph_set_random_weights(&g, maxw, 5), 0);
  assert_int_equal(oracle_sssp_limits(&g), 0);
  const int64_t deltas[] = {0, 1};
  int restarts = 0;
  sssp_all(&g, "kron10 large weights", "delta-stepping", deltas, 2, &restarts);
  if (!restarts) fail_msg("delta 1 with weights up to %d never overflowed its bins: the path is untested", maxw);
  graph_free(&g);
}

/* A frontier too small for a bucket: the run widens it and stays exact. */
static void test_sssp_frontier_overflow(void **state) {
  (void)state;
  graph_t g;
  make(G_UNIFORM, &g);
  assert_int_equal(graph_set_random_weights(&g, 255, 3), 0);
  dist_t *want = malloc(g.n * sizeof *want), *got = malloc(g.n * sizeof *got);
  cpubase_t cb;
  assert_int_equal(cpubase_init(&cb, &g, 1, 2, 0), 0);
  cb.frontier_cap = 8; /* the array is larger; the run only believes this */
  cpubase_stats_t st;
  assert_int_equal(oracle_sssp(&g, 0, want), 0);
  assert_int_equal(cpubase_run(&cb, 0, got, &st), 0);
  assert_true(st.restarts > 0);
  assert_true(cb.frontier_cap > 8);
  same(&g, want, got, "uniform, small frontier", 2, 0);
  cpubase_free(&cb);
  free(want);
  free(got);
  graph_free(&g);
}

/* Zero weights and no weights at all (unit weights, as BFS). */
static void test_sssp_zero_and_unit_weights(void **state) {
  (void)state;
  graph_t g;
  make(G_KRON, &g);
  const int64_t deltas[] = {0, 4};
  sssp_all(&g, "kron unweighted", "delta-stepping", deltas, 2, NULL);
  assert_int_equal(graph_set_random_weights(&g, 3, 9), 0);
  for (eid_t e = 0; e < g.m; e++) g.weights[e] -= 1; /* weights 0..2, 0 on about a third */
  sssp_all(&g, "kron weights 0..2", "delta-stepping", deltas, 2, NULL);
  graph_free(&g);
}

/* ---- negative weights --------------------------------------------------------- */

static void test_sssp_negative_weights(void **state) {
  (void)state;
  const int64_t deltas[] = {0};
  for (int k = G_KRON; k <= G_DIRECTED; k++) {
    graph_t g;
    make((kind_t)k, &g);
    assert_int_equal(graph_set_random_weights(&g, 100, 13), 0);
    assert_int_equal(gen_negative_weights(&g, 13), 0);
    int neg = 0;
    for (eid_t e = 0; e < g.m; e++) neg |= g.weights[e] < 0;
    assert_true(neg);
    sssp_all(&g, KIND_NAME[k], "par-bellman-ford", deltas, 1, NULL);
    graph_free(&g);
  }
}

static void test_sssp_negative_cycle(void **state) {
  (void)state;
  edgelist_t el;
  assert_int_equal(el_init(&el, 1), 0);
  /* 0 -> 1 -> 2 -> 3 -> 1 with cycle weight 2 - 3 - 1 = -2; 4 -> 0 off the cycle */
  assert_int_equal(el_push(&el, 0, 1, 5), 0);
  assert_int_equal(el_push(&el, 1, 2, 2), 0);
  assert_int_equal(el_push(&el, 2, 3, -3), 0);
  assert_int_equal(el_push(&el, 3, 1, -1), 0);
  assert_int_equal(el_push(&el, 4, 0, 1), 0);
  assert_int_equal(el_push(&el, 6, 7, -4), 0); /* 6 -> 7 cannot reach the cycle */
  graph_t g;
  assert_int_equal(graph_build(&el, NULL, &g, NULL), 0);
  el_free(&el);
  dist_t d[8], want[8];
  for (int t = 0; t < NTHREADS; t++) {
    cpubase_t cb;
    assert_int_equal(cpubase_init(&cb, &g, 1, THREADS[t], 0), 0);
    assert_string_equal(cpubase_name(&cb), "par-bellman-ford");
    fail_clear();
    assert_int_equal(cpubase_run(&cb, 0, d, NULL), EXIT_INPUT);
    assert_fail_contains("negative cycle reachable from source 0");
    assert_int_equal(cpubase_run(&cb, 4, d, NULL), EXIT_INPUT); /* 4 reaches it through 0 */
    /* from 6 the cycle is out of reach: distances, and the same as the oracle's */
    assert_int_equal(cpubase_run(&cb, 6, d, NULL), 0);
    assert_int_equal(oracle_bellman_ford(&g, 6, want), 0);
    same(&g, want, d, "negative cycle out of reach", THREADS[t], 6);
    assert_int_equal(d[7], -4);
    cpubase_free(&cb);
  }
  graph_free(&g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bfs_equals_oracle),
      cmocka_unit_test(test_bfs_threads_default),
      cmocka_unit_test(test_sssp_equals_oracle),
      cmocka_unit_test(test_sssp_auto_delta),
      cmocka_unit_test(test_sssp_large_weights),
      cmocka_unit_test(test_sssp_frontier_overflow),
      cmocka_unit_test(test_sssp_zero_and_unit_weights),
      cmocka_unit_test(test_sssp_negative_weights),
      cmocka_unit_test(test_sssp_negative_cycle),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
