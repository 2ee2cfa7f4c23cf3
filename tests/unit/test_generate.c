/* test_generate.c - the synthetic graph generators (harness/generate.c). */
#include "testutil.h" /* includes err.h before cmocka.h */

#include <math.h>
#include <omp.h>

#include "generate.h"
#include "graph.h"
#include "oracle.h"

/* ---- helpers --------------------------------------------------------------- */

enum { KRON, UNIFORM, GRID };

static void generate(int kind, uint64_t seed, edgelist_t *el) {
  int rc = kind == KRON ? gen_kronecker(8, 4, seed, el)
         : kind == UNIFORM ? gen_uniform(8, 4, seed, el)
                           : gen_grid(16, 16, 0.7, seed, el);
  assert_int_equal(rc, 0);
}

static uint64_t built_checksum(const edgelist_t *el) {
  graph_t g;
  assert_int_equal(graph_build(el, NULL, &g, NULL), 0);
  uint64_t c = graph_checksum(&g);
  graph_free(&g);
  return c;
}

static int has_edge(const graph_t *g, vid_t u, vid_t v) {
  eid_t lo = g->offsets[u], hi = g->offsets[u + 1]; /* rows are sorted */
  while (lo < hi) {
    eid_t mid = lo + (hi - lo) / 2;
    if (g->cols[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo < g->offsets[u + 1] && g->cols[lo] == v;
}

static void expect_symmetric(const graph_t *g) {
  assert_true(g->symmetric);
  for (vid_t u = 0; u < g->n; u++)
    for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++)
      if (!has_edge(g, g->cols[e], u)) fail_msg("edge %u -> %u has no reverse", u, g->cols[e]);
}

static void build(const edgelist_t *el, graph_t *g) {
  assert_int_equal(graph_build(el, NULL, g, NULL), 0);
}

/* ---- determinism ------------------------------------------------------------ */

static void test_same_seed_same_graph(void **state) {
  (void)state;
  for (int kind = KRON; kind <= GRID; kind++) {
    edgelist_t a, b;
    generate(kind, 42, &a);
    generate(kind, 42, &b);
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.src, b.src, a.len * sizeof(vid_t));
    assert_memory_equal(a.dst, b.dst, a.len * sizeof(vid_t));
    assert_int_equal(built_checksum(&a), built_checksum(&b));
    el_free(&a);
    el_free(&b);
  }
}

/* Pinned checksums: the generators promise the same graph for a seed on every
 * machine, compiler and thread count, and across releases (published results
 * name graphs by generator and seed). If one of these changes, a generator
 * or graph_build changed the graphs: that is a breaking change, not a test
 * to update casually. (Checked equal with gcc -O0/-O2, clang, 1 and 2
 * threads when pinned.) */
static void test_pinned_checksums(void **state) {
  (void)state;
  static const uint64_t pinned[3] = {
      0xd9885c43c3945254ULL, /* gen_kronecker(8, 4, seed 1): n 256, m 1468  */
      0x09caad6523e49baeULL, /* gen_uniform(8, 4, seed 1): n 256, m 2002    */
      0x85b00806cdbbdbd4ULL, /* gen_grid(16, 16, 0.7, seed 1): n 256, m 664 */
  };
  for (int kind = KRON; kind <= GRID; kind++) {
    edgelist_t el;
    generate(kind, 1, &el);
    uint64_t c = built_checksum(&el);
    if (c != pinned[kind]) fail_msg("generator %d: checksum 0x%016llx, pinned 0x%016llx", kind,
                                    (unsigned long long)c, (unsigned long long)pinned[kind]);
    el_free(&el);
  }
}

static void test_seeds_differ(void **state) {
  (void)state;
  for (int kind = KRON; kind <= GRID; kind++) {
    edgelist_t a, b;
    generate(kind, 1, &a);
    generate(kind, 2, &b);
    assert_true(built_checksum(&a) != built_checksum(&b));
    el_free(&a);
    el_free(&b);
  }
}

static void test_thread_count_independent(void **state) {
  (void)state;
  int saved = omp_get_max_threads();
  for (int kind = KRON; kind <= GRID; kind++) {
    edgelist_t a, b;
    omp_set_num_threads(1);
    int rc = kind == KRON ? gen_kronecker(13, 16, 9, &a)
           : kind == UNIFORM ? gen_uniform(13, 16, 9, &a)
                             : gen_grid(300, 200, 0.6, 9, &a);
    assert_int_equal(rc, 0);
    uint64_t ca = built_checksum(&a);
    omp_set_num_threads(4);
    rc = kind == KRON ? gen_kronecker(13, 16, 9, &b)
       : kind == UNIFORM ? gen_uniform(13, 16, 9, &b)
                         : gen_grid(300, 200, 0.6, 9, &b);
    assert_int_equal(rc, 0);
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.src, b.src, a.len * sizeof(vid_t));
    assert_memory_equal(a.dst, b.dst, a.len * sizeof(vid_t));
    assert_int_equal(ca, built_checksum(&b));
    el_free(&a);
    el_free(&b);
  }
  omp_set_num_threads(saved);
}

/* ---- shapes and counts -------------------------------------------------------- */

static void test_path(void **state) {
  (void)state;
  edgelist_t el;
  assert_int_equal(gen_path(1000, &el), 0);
  assert_int_equal(el.n, 1000);
  assert_int_equal(el.len, 999);
  assert_true(el.undirected);
  assert_null(el.w);
  graph_t g;
  build(&el, &g);
  assert_int_equal(g.m, 2 * 999);
  expect_symmetric(&g);
  for (vid_t v = 1; v + 1 < 1000; v++) {
    assert_int_equal(g.offsets[v + 1] - g.offsets[v], 2);
    assert_int_equal(g.cols[g.offsets[v]], v - 1);
    assert_int_equal(g.cols[g.offsets[v] + 1], v + 1);
  }
  graph_free(&g);
  el_free(&el);

  assert_int_equal(gen_path(1, &el), 0); /* one vertex, no edge */
  assert_int_equal(el.n, 1);
  assert_int_equal(el.len, 0);
  build(&el, &g);
  assert_int_equal(g.m, 0);
  graph_free(&g);
  el_free(&el);
}

static void test_star(void **state) {
  (void)state;
  edgelist_t el;
  assert_int_equal(gen_star(5000, &el), 0);
  assert_int_equal(el.n, 5001);
  assert_int_equal(el.len, 5000);
  graph_t g;
  build(&el, &g);
  assert_int_equal(g.m, 10000);
  expect_symmetric(&g);
  assert_int_equal(g.offsets[1], 5000); /* the centre sees every leaf, in order */
  for (vid_t i = 0; i < 5000; i++) assert_int_equal(g.cols[i], i + 1);
  degree_stats_t s;
  graph_degree_stats(&g, &s);
  assert_int_equal(s.max_out_degree, 5000);
  assert_int_equal(s.max_vertex, 0);
  graph_free(&g);
  el_free(&el);
  assert_int_equal(gen_star(0, &el), 0);
  assert_int_equal(el.n, 1);
  assert_int_equal(el.len, 0);
  el_free(&el);
}

static void test_complete(void **state) {
  (void)state;
  for (vid_t n = 1; n <= 70; n += 23) {
    edgelist_t el;
    assert_int_equal(gen_complete(n, &el), 0);
    assert_int_equal(el.n, n);
    assert_int_equal(el.len, (eid_t)n * (n - 1) / 2);
    graph_t g;
    build_report_t r;
    assert_int_equal(graph_build(&el, NULL, &g, &r), 0);
    assert_int_equal(r.duplicates, 0); /* every pair listed once */
    assert_int_equal(r.self_loops, 0);
    assert_int_equal(g.m, (eid_t)n * (n - 1));
    for (vid_t u = 0; u < n; u++) {
      assert_int_equal(g.offsets[u + 1] - g.offsets[u], n - 1);
      for (vid_t v = 0; v < n; v++) assert_int_equal(has_edge(&g, u, v), u != v);
    }
    graph_free(&g);
    el_free(&el);
  }
}

static void test_grid(void **state) {
  (void)state;
  edgelist_t el;
  graph_t g;
  assert_int_equal(gen_grid(7, 5, 1.0, 3, &el), 0);
  assert_int_equal(el.n, 35);
  assert_int_equal(el.len, 6 * 5 + 7 * 4);
  build(&el, &g);
  assert_int_equal(g.m, 2 * (6 * 5 + 7 * 4));
  expect_symmetric(&g);
  for (vid_t y = 0; y < 5; y++) /* 4-neighbour lattice, ids y * w + x */
    for (vid_t x = 0; x < 7; x++) {
      vid_t v = y * 7 + x;
      vid_t deg = (x > 0) + (x < 6) + (y > 0) + (y < 4);
      assert_int_equal(g.offsets[v + 1] - g.offsets[v], deg);
      if (x < 6) assert_true(has_edge(&g, v, v + 1));
      if (y < 4) assert_true(has_edge(&g, v, v + 7));
    }
  graph_free(&g);
  el_free(&el);

  assert_int_equal(gen_grid(7, 5, 0.0, 3, &el), 0);
  assert_int_equal(el.n, 35);
  assert_int_equal(el.len, 0);
  el_free(&el);

  assert_int_equal(gen_grid(1, 1, 1.0, 3, &el), 0);
  assert_int_equal(el.n, 1);
  assert_int_equal(el.len, 0);
  el_free(&el);

  assert_int_equal(gen_grid(1, 9, 1.0, 3, &el), 0); /* a column is a path */
  assert_int_equal(el.len, 8);
  el_free(&el);

  /* keep = 0.5 keeps about half of the 19800 edges, and only lattice edges */
  assert_int_equal(gen_grid(100, 100, 0.5, 3, &el), 0);
  assert_true(el.len > 9400 && el.len < 10400);
  for (eid_t i = 0; i < el.len; i++) {
    vid_t u = el.src[i], v = el.dst[i];
    assert_true(v == u + 1 || v == u + 100);
    if (v == u + 1) assert_true(v % 100 != 0);
  }
  el_free(&el);
}

static void test_kron_shape(void **state) {
  (void)state;
  edgelist_t el;
  assert_int_equal(gen_kronecker(14, 16, 1, &el), 0);
  assert_int_equal(el.n, 1u << 14);
  assert_int_equal(el.len, 16u << 14);
  assert_true(el.undirected);
  for (eid_t i = 0; i < el.len; i++) assert_true(el.src[i] < el.n && el.dst[i] < el.n);
  graph_t g;
  build(&el, &g);
  expect_symmetric(&g);
  degree_stats_t s;
  graph_degree_stats(&g, &s);
  /* R-MAT is heavy-tailed: hubs far above the mean, many isolated vertices */
  assert_true(s.max_out_degree > 20 * s.avg_out_degree);
  assert_true(s.zero_out_degree > g.n / 10);
  /* without the permutation the biggest hub would be vertex 0 (all 'a'
   * quadrants); the ten biggest hubs must be spread over the id range */
  vid_t top[10] = {0};
  for (vid_t v = 0; v < g.n; v++) {
    eid_t d = g.offsets[v + 1] - g.offsets[v];
    for (int k = 0; k < 10; k++) {
      eid_t dk = g.offsets[top[k] + 1] - g.offsets[top[k]];
      if (d > dk) { memmove(top + k + 1, top + k, (size_t)(9 - k) * sizeof *top); top[k] = v; break; }
    }
  }
  int low = 0, high = 0;
  for (int k = 0; k < 10; k++) { low += top[k] < g.n / 2; high += top[k] >= g.n / 2; }
  assert_true(low > 0 && high > 0);
  assert_true(top[0] != 0);
  graph_free(&g);
  el_free(&el);

  /* uniform graphs are not skewed */
  assert_int_equal(gen_uniform(14, 16, 1, &el), 0);
  build(&el, &g);
  expect_symmetric(&g);
  graph_degree_stats(&g, &s);
  assert_true(s.max_out_degree < 3 * s.avg_out_degree);
  graph_free(&g);
  el_free(&el);
}

/* ---- limits ------------------------------------------------------------------- */

static void expect_gen_error(int rc, edgelist_t *el, const char *needle) {
  assert_int_equal(rc, EXIT_INPUT);
  assert_int_equal(fail_code(), EXIT_INPUT);
  assert_fail_contains(needle);
  assert_null(el->src); /* nothing to free, and el_free is still safe */
  assert_int_equal(el->len, 0);
  el_free(el);
}

static void test_limits(void **state) {
  (void)state;
  edgelist_t el;
  fail_clear();
  expect_gen_error(gen_kronecker(0, 16, 1, &el), &el, "scale 0 out of range [1, 30]");
  expect_gen_error(gen_kronecker(31, 16, 1, &el), &el, "MAX_VERTICES");
  expect_gen_error(gen_kronecker(-3, 16, 1, &el), &el, "out of range");
  expect_gen_error(gen_kronecker(10, 0, 1, &el), &el, "edge factor 0 must be >= 1");
  expect_gen_error(gen_uniform(31, 16, 1, &el), &el, "MAX_VERTICES");
  expect_gen_error(gen_uniform(10, -1, 1, &el), &el, "must be >= 1");
  expect_gen_error(gen_grid(65536, 65536, 1.0, 1, &el), &el, "MAX_VERTICES");
  expect_gen_error(gen_grid(MAX_VERTICES + 1u, 1, 1.0, 1, &el), &el, "MAX_VERTICES");
  expect_gen_error(gen_grid(0, 5, 1.0, 1, &el), &el, ">= 1");
  expect_gen_error(gen_grid(5, 5, 1.5, 1, &el), &el, "[0, 1]");
  expect_gen_error(gen_grid(5, 5, -0.1, 1, &el), &el, "[0, 1]");
  expect_gen_error(gen_grid(5, 5, NAN, 1, &el), &el, "[0, 1]");
  expect_gen_error(gen_path(0, &el), &el, "need 1..");
  expect_gen_error(gen_path(MAX_VERTICES + 1u, &el), &el, "MAX_VERTICES");
  expect_gen_error(gen_complete(0, &el), &el, "need 1..");
  expect_gen_error(gen_star(MAX_VERTICES, &el), &el, "MAX_VERTICES");
}

/* ---- road ------------------------------------------------------------------ */

/* Vertices reached from 0 by a BFS. */
static vid_t reached_from_0(const graph_t *g) {
  if (g->n == 0) return 0;
  vid_t *q = malloc(g->n * sizeof(vid_t));
  char *seen = calloc(g->n, 1);
  assert_non_null(q);
  assert_non_null(seen);
  vid_t head = 0, tail = 0;
  q[tail++] = 0;
  seen[0] = 1;
  while (head < tail) {
    vid_t u = q[head++];
    for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++)
      if (!seen[g->cols[e]]) { seen[g->cols[e]] = 1; q[tail++] = g->cols[e]; }
  }
  free(q);
  free(seen);
  return tail;
}

/* A road graph of n vertices: undirected, no self-loop or duplicate to drop,
 * connected, weights in [1, maxw]. Leaves it built in g. */
static void expect_road(vid_t n, const double *mix, weight_t maxw, uint64_t seed, graph_t *g) {
  edgelist_t el;
  fail_clear();
  assert_int_equal(gen_road(n, mix, maxw, seed, &el), 0);
  assert_int_equal(el.n, n);
  assert_true(el.undirected);
  assert_non_null(el.w);
  build_report_t br = {0, 0};
  assert_int_equal(graph_build(&el, NULL, g, &br), 0);
  assert_int_equal(br.self_loops, 0);
  assert_int_equal(br.duplicates, 0);
  assert_int_equal(g->m, 2 * el.len);
  el_free(&el);
  assert_int_equal(g->n, n);
  expect_symmetric(g);
  assert_int_equal(reached_from_0(g), n);
  for (eid_t e = 0; e < g->m; e++)
    if (g->weights[e] < 1 || g->weights[e] > maxw)
      fail_msg("n %u: weight %d outside [1, %d]", n, g->weights[e], maxw);
}

static void test_road_deterministic(void **state) {
  (void)state;
  edgelist_t a, b, c;
  assert_int_equal(gen_road(20000, NULL, 255, 42, &a), 0);
  assert_int_equal(gen_road(20000, NULL, 255, 42, &b), 0);
  assert_int_equal(gen_road(20000, NULL, 255, 43, &c), 0);
  assert_int_equal(a.len, b.len);
  assert_memory_equal(a.src, b.src, a.len * sizeof(vid_t));
  assert_memory_equal(a.dst, b.dst, a.len * sizeof(vid_t));
  assert_memory_equal(a.w, b.w, a.len * sizeof(weight_t));
  assert_true(built_checksum(&a) != built_checksum(&c));
  el_free(&a);
  el_free(&b);
  el_free(&c);
  /* pinned like the others (see test_pinned_checksums): weights included */
  assert_int_equal(gen_road(1000, NULL, 255, 1, &a), 0);
  uint64_t sum = built_checksum(&a);
  if (sum != 0xbf11a87a7cd2d9d4ULL) /* n 1000, m 2470 */
    fail_msg("gen_road(1000, TIGER, 255, seed 1): checksum 0x%016llx", (unsigned long long)sum);
  el_free(&a);
}

/* The degree mix within 0.2 % (absolute) of the target at n = 10^5, for the
 * TIGER default and a mix with more shape points; degrees stay in 1..4. */
static void test_road_mix(void **state) {
  (void)state;
  static const double tiger[4] = GEN_ROAD_MIX, other[4] = {0.15, 0.45, 0.30, 0.10};
  const double *mixes[2] = {tiger, other};
  for (int k = 0; k < 2; k++) {
    graph_t g;
    expect_road(100000, k ? other : NULL, 255, 5, &g);
    double f[6];
    gen_degree_mix(&g, f);
    assert_true(f[0] == 0 && f[5] == 0);
    for (int d = 1; d <= 4; d++)
      if (fabs(f[d] - mixes[k][d - 1]) > 0.002)
        fail_msg("mix %d: degree %d is %.4f of the vertices, target %.4f", k, d, f[d], mixes[k][d - 1]);
    graph_free(&g);
  }
}

/* Weights follow -w: all 1 with maxw 1, spread over [1, 7] with 7. */
static void test_road_weights(void **state) {
  (void)state;
  graph_t g;
  expect_road(5000, NULL, 1, 3, &g);
  graph_free(&g);
  expect_road(5000, NULL, 7, 3, &g);
  int seen[8] = {0};
  for (eid_t e = 0; e < g.m; e++) seen[g.weights[e]] = 1;
  assert_true(seen[1] && seen[7]);
  graph_free(&g);
  expect_road(5000, NULL, INT32_MAX, 3, &g); /* no overflow at the top */
  graph_free(&g);
}

/* Tiny n gives a connected graph of exactly n vertices; odd mixes too. */
static void test_road_small(void **state) {
  (void)state;
  static const double path[4] = {0.5, 0.5, 0, 0}, cubic[4] = {0, 0, 1, 0}, ends[4] = {1, 0, 0, 0};
  const double *mixes[4] = {NULL, path, cubic, ends};
  for (int k = 0; k < 4; k++)
    for (vid_t n = 1; n <= 40; n++) {
      graph_t g;
      expect_road(n, mixes[k], 255, n, &g);
      graph_free(&g);
    }
  graph_t g;
  expect_road(2, NULL, 255, 1, &g);
  assert_int_equal(g.m, 2); /* one edge */
  graph_free(&g);
  expect_road(1, NULL, 255, 1, &g);
  assert_int_equal(g.m, 0);
  graph_free(&g);
  expect_road(1000, path, 255, 1, &g); /* no junctions asked: a path */
  double f[6];
  gen_degree_mix(&g, f);
  assert_true(f[1] * 1000 == 2 && f[2] * 1000 == 998);
  graph_free(&g);
}

static void test_road_limits(void **state) {
  (void)state;
  edgelist_t el;
  static const double over[4] = {0.5, 0.5, 0.5, 0}, neg[4] = {1.5, -0.5, 0, 0}, nan4[4] = {NAN, 0, 1, 0};
  fail_clear();
  expect_gen_error(gen_road(0, NULL, 255, 1, &el), &el, "need 1..");
  expect_gen_error(gen_road(GEN_ROAD_MAX_N + 1, NULL, 255, 1, &el), &el, "need 1..");
  expect_gen_error(gen_road(10, NULL, 0, 1, &el), &el, ">= 1");
  expect_gen_error(gen_road(10, over, 255, 1, &el), &el, "not 1");
  expect_gen_error(gen_road(10, neg, 255, 1, &el), &el, "[0, 1]");
  expect_gen_error(gen_road(10, nan4, 255, 1, &el), &el, "[0, 1]");
}

/* ---- negative weights ------------------------------------------------------ */

static void test_negative_weights(void **state) {
  (void)state;
  edgelist_t el;
  assert_int_equal(gen_kronecker(10, 8, 4, &el), 0);
  graph_t g;
  build(&el, &g);
  el_free(&el);
  assert_int_equal(graph_set_random_weights(&g, 100, 4), 0);
  weight_t *w0 = malloc(g.m * sizeof *w0);
  memcpy(w0, g.weights, g.m * sizeof *w0);
  assert_int_equal(gen_negative_weights(&g, 5), 0);
  eid_t negative = 0;
  for (eid_t e = 0; e < g.m; e++) {
    negative += g.weights[e] < 0;
    assert_true(g.weights[e] >= 1 - 100 && g.weights[e] <= 2 * 100);
  }
  assert_true(negative > g.m / 10); /* a real test of negative-weight code */
  /* w' - w must be a potential difference p(u) - p(v): then every cycle keeps
   * its (positive) weight. Recover p by a traversal and check every edge. */
  int64_t *p = malloc(g.n * sizeof *p);
  char *seen = calloc(g.n, 1);
  vid_t *queue = malloc(g.n * sizeof *queue);
  for (vid_t r = 0; r < g.n; r++) {
    if (seen[r]) continue;
    size_t head = 0, tail = 0;
    seen[r] = 1;
    p[r] = 0;
    queue[tail++] = r;
    while (head < tail) {
      vid_t u = queue[head++];
      for (eid_t e = g.offsets[u]; e < g.offsets[u + 1]; e++) {
        vid_t v = g.cols[e];
        int64_t delta = (int64_t)g.weights[e] - w0[e]; /* = p(u) - p(v) */
        if (!seen[v]) { seen[v] = 1; p[v] = p[u] - delta; queue[tail++] = v; }
        else if (p[u] - p[v] != delta) fail_msg("edge %u -> %u breaks the potential", u, v);
      }
    }
  }
  free(p);
  free(seen);
  free(queue);
  /* and the oracle finds no negative cycle */
  dist_t *d = malloc(g.n * sizeof *d);
  assert_int_equal(oracle_sssp(&g, g.cols[0], d), 0);
  free(d);
  /* deterministic */
  uint64_t c = graph_checksum(&g);
  memcpy(g.weights, w0, g.m * sizeof *w0);
  assert_int_equal(gen_negative_weights(&g, 5), 0);
  assert_int_equal(graph_checksum(&g), c);
  free(w0);
  graph_free(&g);
}

static void test_negative_weights_limits(void **state) {
  (void)state;
  edgelist_t el;
  assert_int_equal(gen_path(10, &el), 0);
  graph_t g;
  build(&el, &g);
  el_free(&el);
  fail_clear();
  assert_int_equal(gen_negative_weights(&g, 1), EXIT_INPUT); /* no weights yet */
  assert_fail_contains("need edge weights");
  assert_int_equal(graph_set_random_weights(&g, 10, 1), 0);
  g.weights[3] = -1;
  assert_int_equal(gen_negative_weights(&g, 1), EXIT_INPUT);
  assert_fail_contains("weights >= 0");
  g.weights[3] = INT32_MAX / 2 + 10; /* w + p(u) could pass INT32_MAX */
  assert_int_equal(gen_negative_weights(&g, 1), EXIT_INPUT);
  assert_fail_contains("overflow int32");
  g.weights[3] = INT32_MAX / 2 - 10; /* just fits */
  assert_int_equal(gen_negative_weights(&g, 1), 0);
  graph_free(&g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_same_seed_same_graph),
      cmocka_unit_test(test_pinned_checksums),
      cmocka_unit_test(test_seeds_differ),
      cmocka_unit_test(test_thread_count_independent),
      cmocka_unit_test(test_path),
      cmocka_unit_test(test_star),
      cmocka_unit_test(test_complete),
      cmocka_unit_test(test_grid),
      cmocka_unit_test(test_kron_shape),
      cmocka_unit_test(test_limits),
      cmocka_unit_test(test_road_deterministic),
      cmocka_unit_test(test_road_mix),
      cmocka_unit_test(test_road_weights),
      cmocka_unit_test(test_road_small),
      cmocka_unit_test(test_road_limits),
      cmocka_unit_test(test_negative_weights),
      cmocka_unit_test(test_negative_weights_limits),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
