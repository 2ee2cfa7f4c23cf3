/* test_oracle.c - the serial reference answers (harness/oracle.c). Hand-checked
 * small graphs first, then randomized cross-checks of one algorithm against
 * another and against an optimality certificate. */
#include "testutil.h" /* includes err.h before cmocka.h */

#include "check.h"
#include "generate.h"
#include "graph.h"
#include "oracle.h"

#define INF DIST_INF

/* ---- helpers --------------------------------------------------------------- */

/* A directed graph from triples (u, v, w), or pairs when !weighted; n given
 * so that isolated vertices can trail. */
static void make_graph(graph_t *g, vid_t n, int weighted, int undirected, const long *e, size_t k) {
  edgelist_t el;
  assert_int_equal(el_init(&el, weighted), 0);
  size_t per = weighted ? 3 : 2;
  for (size_t i = 0; i + per <= k; i += per)
    assert_int_equal(el_push(&el, (vid_t)e[i], (vid_t)e[i + 1], weighted ? (weight_t)e[i + 2] : 0), 0);
  if (n > el.n) el.n = n;
  el.undirected = undirected;
  assert_int_equal(graph_build(&el, NULL, g, NULL), 0);
  el_free(&el);
}
#define GRAPH(g, n, weighted, undirected, ...)                              \
  do {                                                                      \
    static const long e_[] = {__VA_ARGS__};                                 \
    make_graph((g), (n), (weighted), (undirected), e_, sizeof e_ / sizeof e_[0]); \
  } while (0)

static void expect_dist(const dist_t *got, const dist_t *want, vid_t n) {
  if (check_dist(want, n, got, n, 10, stderr) != 0) fail_msg("distances differ (listed above)");
}
#define EXPECT(got, ...)                                                   \
  do {                                                                     \
    static const dist_t w_[] = {__VA_ARGS__};                              \
    expect_dist((got), w_, (vid_t)(sizeof w_ / sizeof w_[0]));             \
  } while (0)

/* d is the shortest-path distance from src, given that no cycle has weight
 * <= 0: d(src) = 0, no edge out of a reached vertex can improve d, and every
 * other reached vertex has a tight in-edge from a reached vertex. */
static void certify(const graph_t *g, vid_t src, const dist_t *d) {
  assert_int_equal(d[src], 0);
  char *tight = calloc(g->n, 1);
  tight[src] = 1;
  for (vid_t u = 0; u < g->n; u++) {
    if (d[u] == INF) continue;
    for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      vid_t v = g->cols[e];
      int64_t via = (int64_t)d[u] + (g->weights ? g->weights[e] : 1);
      if (d[v] == INF || via < d[v]) fail_msg("edge %u -> %u improves d[%u]", u, v, v);
      if (via == d[v]) tight[v] = 1;
    }
  }
  for (vid_t v = 0; v < g->n; v++)
    if (d[v] != INF && !tight[v]) fail_msg("d[%u] = %d has no tight in-edge", v, d[v]);
  free(tight);
}

static vid_t first_nonisolated(const graph_t *g, vid_t from) {
  for (vid_t i = 0; i < g->n; i++) {
    vid_t v = (from + i) % g->n;
    if (g->offsets[v + 1] > g->offsets[v]) return v;
  }
  return from;
}

/* ---- BFS -------------------------------------------------------------------- */

static void test_bfs_hand(void **state) {
  (void)state;
  graph_t g;
  GRAPH(&g, 7, 0, 0, 0, 1, 0, 2, 1, 3, 2, 3, 3, 4, 5, 0, 4, 4);
  dist_t d[7];
  oracle_bfs(&g, 0, d);
  EXPECT(d, 0, 1, 1, 2, 3, INF, INF);
  oracle_bfs(&g, 5, d);
  EXPECT(d, 1, 2, 2, 3, 4, 0, INF);
  oracle_bfs(&g, 6, d); /* isolated source */
  EXPECT(d, INF, INF, INF, INF, INF, INF, 0);
  oracle_bfs(&g, 7, d); /* out of range: nothing reached, no crash */
  EXPECT(d, INF, INF, INF, INF, INF, INF, INF);
  graph_free(&g);

  GRAPH(&g, 1, 0, 0, 0, 0); /* one vertex, a self-loop (dropped) */
  oracle_bfs(&g, 0, d);
  EXPECT(d, 0);
  graph_free(&g);
}

/* ---- Dijkstra ------------------------------------------------------------------ */

static void test_dijkstra_hand(void **state) {
  (void)state;
  graph_t g;
  GRAPH(&g, 6, 1, 0, 0, 1, 4, 0, 2, 1, 2, 1, 2, 1, 3, 1, 2, 3, 5, 3, 4, 3, 1, 0, 9);
  dist_t d[6];
  assert_int_equal(oracle_dijkstra(&g, 0, d), 0);
  EXPECT(d, 0, 3, 1, 4, 7, INF);
  assert_int_equal(oracle_bellman_ford(&g, 0, d), 0);
  EXPECT(d, 0, 3, 1, 4, 7, INF);
  assert_int_equal(oracle_dijkstra(&g, 1, d), 0);
  EXPECT(d, 9, 0, 10, 1, 4, INF);
  fail_clear();
  assert_int_equal(oracle_dijkstra(&g, 6, d), EXIT_INPUT);
  assert_fail_contains("source 6 out of range");
  assert_int_equal(oracle_bellman_ford(&g, 6, d), EXIT_INPUT);
  graph_free(&g);

  /* zero weights, parallel edges (smallest kept by the build) */
  GRAPH(&g, 3, 1, 0, 0, 1, 0, 1, 2, 7, 1, 2, 0, 0, 2, 5);
  assert_int_equal(oracle_dijkstra(&g, 0, d), 0);
  EXPECT(d, 0, 0, 0);
  graph_free(&g);

  /* unweighted graphs run with unit weights */
  GRAPH(&g, 4, 0, 1, 0, 1, 1, 2, 2, 3, 0, 3);
  assert_int_equal(oracle_dijkstra(&g, 1, d), 0);
  EXPECT(d, 1, 0, 1, 2);
  assert_int_equal(oracle_sssp(&g, 1, d), 0);
  EXPECT(d, 1, 0, 1, 2);
  graph_free(&g);
}

static void test_dijkstra_rejects_negative(void **state) {
  (void)state;
  graph_t g;
  GRAPH(&g, 5, 1, 0, 0, 1, 4, 0, 2, 2, 2, 1, -3, 1, 3, 2, 3, 4, -1, 2, 4, 5);
  dist_t d[5];
  fail_clear();
  assert_int_equal(oracle_dijkstra(&g, 0, d), EXIT_INPUT);
  assert_fail_contains("negative weight -3 on edge 2 -> 1");
  graph_free(&g);
}

/* ---- Bellman-Ford ------------------------------------------------------------- */

static void test_bellman_ford_negative(void **state) {
  (void)state;
  graph_t g;
  GRAPH(&g, 6, 1, 0, 0, 1, 4, 0, 2, 2, 2, 1, -3, 1, 3, 2, 3, 4, -1, 2, 4, 5);
  dist_t d[6];
  assert_int_equal(oracle_bellman_ford(&g, 0, d), 0);
  EXPECT(d, 0, -1, 2, 1, 0, INF);
  assert_int_equal(oracle_sssp(&g, 0, d), 0); /* picks Bellman-Ford */
  EXPECT(d, 0, -1, 2, 1, 0, INF);
  assert_int_equal(oracle_bellman_ford(&g, 2, d), 0);
  EXPECT(d, INF, -3, 0, -1, -2, INF);
  graph_free(&g);

  /* all distances negative along a path given out of order */
  GRAPH(&g, 4, 1, 0, 2, 3, -5, 0, 1, -1, 1, 2, -2);
  assert_int_equal(oracle_bellman_ford(&g, 0, d), 0);
  EXPECT(d, 0, -1, -3, -8);
  graph_free(&g);

  /* Stress for the enqueue-count test: a complete DAG where the best path to
   * j has j unit hops and each round finds paths one hop longer, so vertex j
   * can be enqueued up to j times (the last, n-1): just short of the n that
   * means a negative cycle. A false verdict here would fail the call. */
  enum { N = 60 };
  edgelist_t el;
  assert_int_equal(el_init(&el, 1), 0);
  for (vid_t i = 0; i < N; i++)
    for (vid_t j = N - 1; j > i; j--) /* far targets first: worst FIFO order */
      assert_int_equal(el_push(&el, i, j, (weight_t)((j - i) * (j - i)) - 100), 0);
  assert_int_equal(graph_build(&el, NULL, &g, NULL), 0);
  el_free(&el);
  dist_t dd[N], want[N];
  assert_int_equal(oracle_bellman_ford(&g, 0, dd), 0);
  /* hops of length 1 (weight -99) beat any hop of length k >= 2 per unit of
   * distance: (k^2 - 100) / k > -99 */
  for (vid_t j = 0; j < N; j++) want[j] = -99 * (dist_t)j;
  expect_dist(dd, want, N);
  certify(&g, 0, dd);
  graph_free(&g);

  /* The exact boundary: 0 -> every j (weight 0) and a path N-1 -> ... -> 1 of
   * weight -1 hops. Row 0 is sorted, so each round dequeues ascending ids
   * while the path runs descending: one hop per round, and vertex 1 is
   * enqueued exactly N-1 times (checked by simulation) - no cycle, so no
   * verdict. A count threshold of n-1 instead of n fails here. */
  assert_int_equal(el_init(&el, 1), 0);
  for (vid_t j = 1; j < N; j++) assert_int_equal(el_push(&el, 0, j, 0), 0);
  for (vid_t i = 2; i < N; i++) assert_int_equal(el_push(&el, i, i - 1, -1), 0);
  assert_int_equal(graph_build(&el, NULL, &g, NULL), 0);
  el_free(&el);
  assert_int_equal(oracle_bellman_ford(&g, 0, dd), 0);
  want[0] = 0;
  for (vid_t j = 1; j < N; j++) want[j] = -(dist_t)(N - 1 - j);
  expect_dist(dd, want, N);
  graph_free(&g);
}

static void test_bellman_ford_negative_cycle(void **state) {
  (void)state;
  graph_t g;
  dist_t d[4];
  /* 1 -> 2 -> 1 weighs -1 */
  GRAPH(&g, 4, 1, 0, 0, 1, 1, 1, 2, -2, 2, 1, 1);
  fail_clear();
  assert_int_equal(oracle_bellman_ford(&g, 0, d), EXIT_INPUT);
  assert_int_equal(fail_code(), EXIT_INPUT);
  assert_fail_contains("negative cycle reachable from source 0");
  assert_int_equal(oracle_sssp(&g, 2, d), EXIT_INPUT);
  assert_fail_contains("negative cycle reachable from source 2");
  /* the cycle is not reachable from 3 */
  assert_int_equal(oracle_bellman_ford(&g, 3, d), 0);
  EXPECT(d, INF, INF, INF, 0);
  graph_free(&g);

  /* unreachable cycle: source 0 is fine */
  GRAPH(&g, 4, 1, 0, 0, 1, 1, 2, 3, -2, 3, 2, 1);
  assert_int_equal(oracle_bellman_ford(&g, 0, d), 0);
  EXPECT(d, 0, 1, INF, INF);
  graph_free(&g);

  /* a negative self-loop on the only vertex (kept on purpose) */
  edgelist_t el;
  assert_int_equal(el_init(&el, 1), 0);
  assert_int_equal(el_push(&el, 0, 0, -1), 0);
  build_opts_t keep = {0, 1, 0};
  assert_int_equal(graph_build(&el, &keep, &g, NULL), 0);
  el_free(&el);
  assert_int_equal(g.m, 1);
  assert_int_equal(oracle_bellman_ford(&g, 0, d), EXIT_INPUT);
  assert_fail_contains("negative cycle");
  graph_free(&g);

  /* an undirected negative edge is a 2-cycle u -> v -> u */
  GRAPH(&g, 3, 1, 1, 0, 1, 5, 1, 2, -1);
  assert_int_equal(oracle_bellman_ford(&g, 0, d), EXIT_INPUT);
  assert_fail_contains("negative cycle reachable from source 0");
  graph_free(&g);

  /* a long cycle that takes many rounds to expose: ring of 200, one edge -1 */
  edgelist_t ring;
  assert_int_equal(el_init(&ring, 1), 0);
  for (vid_t i = 0; i < 200; i++) assert_int_equal(el_push(&ring, i, (i + 1) % 200, i == 150 ? -200 : 1), 0);
  assert_int_equal(graph_build(&ring, NULL, &g, NULL), 0);
  dist_t *dr = malloc(200 * sizeof *dr);
  assert_int_equal(oracle_bellman_ford(&g, 0, dr), EXIT_INPUT);
  assert_fail_contains("negative cycle");
  ring.w[150] = -199; /* cycle weight 0: no negative cycle */
  graph_free(&g);
  assert_int_equal(graph_build(&ring, NULL, &g, NULL), 0);
  assert_int_equal(oracle_bellman_ford(&g, 0, dr), 0);
  assert_int_equal(dr[150], 150);
  assert_int_equal(dr[151], -49);
  assert_int_equal(dr[199], -1);
  free(dr);
  graph_free(&g);
  el_free(&ring);
}

/* ---- limits -------------------------------------------------------------------- */

static void test_sssp_limits(void **state) {
  (void)state;
  graph_t g;
  dist_t d[3];
  GRAPH(&g, 3, 1, 0, 0, 1, 1073741825, 1, 2, 1); /* (3-1) * (2^30 + 1) > 2^31 - 1 */
  fail_clear();
  assert_int_equal(oracle_sssp_limits(&g), EXIT_INPUT);
  assert_fail_contains("SSSP distances could overflow 32 bits: (n-1) * max|w| =");
  assert_fail_contains("2147483650");
  assert_fail_contains("2147483647 (limit)");
  assert_int_equal(oracle_dijkstra(&g, 0, d), EXIT_INPUT); /* the oracles check too */
  assert_int_equal(oracle_bellman_ford(&g, 0, d), EXIT_INPUT);
  graph_free(&g);

  GRAPH(&g, 2, 1, 0, 0, 1, INT32_MIN); /* |INT32_MIN| itself overflows int32 */
  assert_int_equal(oracle_sssp_limits(&g), EXIT_INPUT);
  assert_fail_contains("2147483648");
  graph_free(&g);

  GRAPH(&g, 2, 1, 0, 0, 1, INT32_MAX); /* would read as DIST_INF */
  assert_int_equal(oracle_sssp_limits(&g), EXIT_INPUT);
  graph_free(&g);

  GRAPH(&g, 2, 1, 0, 0, 1, INT32_MAX - 1); /* the largest that fits */
  assert_int_equal(oracle_sssp_limits(&g), 0);
  assert_int_equal(oracle_dijkstra(&g, 0, d), 0);
  assert_int_equal(d[1], INT32_MAX - 1);
  graph_free(&g);

  /* near the limit on a long path: sums stay exact */
  edgelist_t el;
  assert_int_equal(gen_path(1000, &el), 0);
  assert_int_equal(graph_build(&el, NULL, &g, NULL), 0);
  el_free(&el);
  assert_int_equal(graph_set_random_weights(&g, 1, 0), 0);
  for (eid_t e = 0; e < g.m; e++) g.weights[e] = 2000000;
  assert_int_equal(oracle_sssp_limits(&g), 0);
  dist_t *dp = malloc(1000 * sizeof *dp);
  assert_int_equal(oracle_dijkstra(&g, 0, dp), 0);
  assert_int_equal(dp[999], 999 * 2000000);
  assert_int_equal(oracle_bellman_ford(&g, 999, dp), 0);
  assert_int_equal(dp[0], 999 * 2000000);
  free(dp);
  graph_free(&g);
}

/* ---- randomized cross-checks ------------------------------------------------- */

static void test_dijkstra_equals_bellman_ford(void **state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 6; seed++)
    for (int kind = 0; kind < 3; kind++) {
      edgelist_t el;
      if (kind == 0) assert_int_equal(gen_uniform(9, 3, seed, &el), 0);
      else if (kind == 1) assert_int_equal(gen_kronecker(9, 8, seed, &el), 0);
      else assert_int_equal(gen_grid(25, 20, 0.8, seed, &el), 0);
      el.undirected = (int)(seed & 1); /* directed graphs too */
      graph_t g;
      assert_int_equal(graph_build(&el, NULL, &g, NULL), 0);
      el_free(&el);
      assert_int_equal(graph_set_random_weights(&g, seed % 2 ? 1000 : 3, seed), 0);
      dist_t *a = malloc(g.n * sizeof *a), *b = malloc(g.n * sizeof *b);
      for (int s = 0; s < 3; s++) {
        vid_t src = first_nonisolated(&g, (vid_t)(seed * 97 + (uint64_t)s * 31) % g.n);
        assert_int_equal(oracle_dijkstra(&g, src, a), 0);
        assert_int_equal(oracle_bellman_ford(&g, src, b), 0);
        expect_dist(b, a, g.n);
        certify(&g, src, a);
      }
      free(a);
      free(b);
      graph_free(&g);
    }
}

static void test_bfs_equals_unit_dijkstra(void **state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 4; seed++) {
    edgelist_t el;
    assert_int_equal(gen_kronecker(10, 4, seed, &el), 0);
    el.undirected = (int)(seed & 1);
    graph_t g;
    assert_int_equal(graph_build(&el, NULL, &g, NULL), 0);
    el_free(&el);
    dist_t *a = malloc(g.n * sizeof *a), *b = malloc(g.n * sizeof *b);
    vid_t src = first_nonisolated(&g, (vid_t)seed);
    oracle_bfs(&g, src, a);
    assert_int_equal(oracle_dijkstra(&g, src, b), 0); /* weights NULL: unit */
    expect_dist(b, a, g.n);
    assert_int_equal(graph_set_random_weights(&g, 1, seed), 0); /* explicit 1s */
    assert_int_equal(oracle_dijkstra(&g, src, b), 0);
    expect_dist(b, a, g.n);
    assert_int_equal(oracle_bellman_ford(&g, src, b), 0);
    expect_dist(b, a, g.n);
    free(a);
    free(b);
    graph_free(&g);
  }
}

/* Negative weights by reweighting: Bellman-Ford's answer must satisfy the
 * optimality certificate (every cycle keeps a positive weight), and equal
 * Dijkstra on the original weights shifted by the potential:
 * d'(v) = d(v) + p(src) - p(v), so d'(v) - d(v) + (w'(e) - w(e)) telescopes. */
static void test_bellman_ford_reweighted(void **state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 4; seed++) {
    edgelist_t el;
    assert_int_equal(gen_kronecker(9, 8, seed, &el), 0);
    graph_t g;
    assert_int_equal(graph_build(&el, NULL, &g, NULL), 0);
    el_free(&el);
    assert_int_equal(graph_set_random_weights(&g, 50, seed), 0);
    dist_t *d0 = malloc(g.n * sizeof *d0), *d1 = malloc(g.n * sizeof *d1);
    weight_t *w0 = malloc(g.m * sizeof *w0);
    memcpy(w0, g.weights, g.m * sizeof *w0);
    vid_t src = first_nonisolated(&g, (vid_t)seed * 13);
    assert_int_equal(oracle_dijkstra(&g, src, d0), 0);
    assert_int_equal(gen_negative_weights(&g, seed), 0);
    assert_int_equal(oracle_sssp(&g, src, d1), 0);
    certify(&g, src, d1);
    /* shift = d1 - d0 must be p(src) - p(v): along any edge (u,v) both reached,
     * shift(v) - shift(u) = p(u) - p(v) = w'(e) - w(e) */
    for (vid_t u = 0; u < g.n; u++) {
      assert_int_equal(d0[u] == INF, d1[u] == INF);
      if (d0[u] == INF) continue;
      for (eid_t e = g.offsets[u]; e < g.offsets[u + 1]; e++) {
        vid_t v = g.cols[e];
        int64_t lhs = ((int64_t)d1[v] - d0[v]) - ((int64_t)d1[u] - d0[u]);
        assert_int_equal(lhs, (int64_t)g.weights[e] - w0[e]);
      }
    }
    free(d0);
    free(d1);
    free(w0);
    graph_free(&g);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bfs_hand),
      cmocka_unit_test(test_dijkstra_hand),
      cmocka_unit_test(test_dijkstra_rejects_negative),
      cmocka_unit_test(test_bellman_ford_negative),
      cmocka_unit_test(test_bellman_ford_negative_cycle),
      cmocka_unit_test(test_sssp_limits),
      cmocka_unit_test(test_dijkstra_equals_bellman_ford),
      cmocka_unit_test(test_bfs_equals_unit_dijkstra),
      cmocka_unit_test(test_bellman_ford_reweighted),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
