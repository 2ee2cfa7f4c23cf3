/* test_bitslice.c - step 18's host side (steps/18_bitslice/bitslice.cuh): the
 * orders are permutations, the relabelled CSR is the graph renumbered, and the
 * slices hold exactly the in-edges, on Kronecker, grid and directed graphs at
 * every row height, and BFS levels read from them bottom-up are the oracle's. */
#include "err.h"
#include "generate.h"
#include "graph.h"
#include "oracle.h"
/* before testutil.h: cmocka's fail() macro would clobber the header's fail() calls */
#include "../../steps/18_bitslice/bitslice.cuh"

#include "testutil.h"

static void build(graph_t *g, int kind, int directed) {
  edgelist_t el;
  if (kind == 0) assert_int_equal(gen_kronecker(9, 8, 7, &el), 0);
  else assert_int_equal(gen_grid(20, 13, 0.85, 7, &el), 0);
  el.undirected = !directed;
  build_opts_t o = {0, 0, 0};
  assert_int_equal(graph_build(&el, &o, g, NULL), 0);
  el_free(&el);
}

/* order is a permutation; perm its inverse */
static vid_t *order_perm(const graph_t *g, int order) {
  vid_t n = g->n, *ord = malloc(n * sizeof *ord), *perm = malloc(n * sizeof *perm);
  unsigned char *seen = calloc(n, 1);
  assert_int_equal(order == ORDER_DEGREE ? bs_by_degree(g, 1, ord)
                                         : bs_bfs_order(g, order == ORDER_RCM, ord), 0);
  for (vid_t i = 0; i < n; i++) {
    assert_true(ord[i] < n && !seen[ord[i]]);
    seen[ord[i]] = 1;
    perm[ord[i]] = i;
  }
  if (order == ORDER_DEGREE)
    for (vid_t i = 1; i < n; i++)
      assert_true(g->offsets[ord[i - 1] + 1] - g->offsets[ord[i - 1]] >=
                  g->offsets[ord[i] + 1] - g->offsets[ord[i]]);
  free(ord);
  free(seen);
  return perm;
}

/* row perm[v] of r is perm of v's row, ascending */
static void check_relabel(const graph_t *g, const vid_t *perm, const graph_t *r) {
  assert_int_equal(r->m, g->m);
  for (vid_t v = 0; v < g->n; v++) {
    eid_t d = g->offsets[v + 1] - g->offsets[v], b = r->offsets[perm[v]];
    assert_int_equal(r->offsets[perm[v] + 1] - b, d);
    for (eid_t j = 0; j < d; j++) {
      if (j) assert_true(r->cols[b + j - 1] < r->cols[b + j]);
      vid_t want = perm[g->cols[g->offsets[v] + j]];
      assert_non_null(bsearch(&want, r->cols + b, d, sizeof(vid_t), bs_cmp_vid));
    }
  }
}

/* the slices decoded row by row are the in-rows, in order */
static void check_slices(const eid_t *off, const vid_t *cols, vid_t n, int R) {
  for (unsigned long long v0 = 0; v0 < n; v0 += R) {
    eid_t k = bs_group(off, cols, n, v0, R, NULL, NULL);
    unsigned *cb = malloc((k + 1) * sizeof *cb), *w = malloc((k + 1) * R * sizeof *w);
    assert_int_equal(bs_group(off, cols, n, v0, R, cb, w), k);
    for (int r = 0; r < R; r++) {
      eid_t e = v0 + r < n ? off[v0 + r] : 0, end = v0 + r < n ? off[v0 + r + 1] : 0;
      for (eid_t s = 0; s < k; s++) {
        if (s) assert_true(cb[s - 1] < cb[s]);
        for (unsigned c = 0; c < 32; c++)
          if (w[s * R + r] >> c & 1) {
            assert_true(e < end);
            assert_int_equal(cols[e++], 32 * cb[s] + c);
          }
      }
      assert_int_equal(e, end);
    }
    free(cb);
    free(w);
  }
}

/* Every level bottom-up over the slices, as step 18's kernel reads them (a row
 * group's slices in column order, a row done at its first frontier bit, the
 * group at its last open row), in the new numbering; then compared, through
 * perm, with the oracle's BFS of the input graph. */
static void check_levels(const graph_t *g, const vid_t *perm, const eid_t *io, const vid_t *ic,
                         int R, vid_t src) {
  vid_t n = g->n, words = (n + 31) / 32;
  unsigned *front = calloc(words, 4), *next = calloc(words, 4);
  dist_t *d = malloc(n * sizeof *d), *want = malloc(n * sizeof *want);
  unsigned *cb = malloc((g->m + 1) * sizeof *cb), *w = malloc((g->m + 1) * R * sizeof *w);
  for (vid_t v = 0; v < n; v++) d[v] = DIST_INF;
  d[perm[src]] = 0;
  front[perm[src] / 32] = 1u << (perm[src] % 32);
  for (int level = 0, found = 1; found; level++) {
    found = 0;
    memset(next, 0, words * 4);
    for (unsigned long long v0 = 0; v0 < n; v0 += R) {
      unsigned open = 0;
      for (int r = 0; r < R && v0 + r < n; r++) open |= (unsigned)(d[v0 + r] == DIST_INF) << r;
      unsigned todo = open;
      eid_t k = bs_group(io, ic, n, v0, R, cb, w);
      for (eid_t s = 0; s < k && open; s++)
        for (int r = 0; r < R; r++)
          if ((open >> r & 1) && (w[s * R + r] & front[cb[s]])) open &= ~(1u << r);
      for (int r = 0; r < R; r++)
        if ((todo & ~open) >> r & 1) {
          d[v0 + r] = level + 1;
          next[(v0 + r) / 32] |= 1u << ((v0 + r) % 32);
          found = 1;
        }
    }
    unsigned *t = front;
    front = next;
    next = t;
  }
  oracle_bfs(g, src, want);
  for (vid_t v = 0; v < n; v++) assert_int_equal(d[perm[v]], want[v]);
  free(front);
  free(next);
  free(d);
  free(want);
  free(cb);
  free(w);
}

static void run_case(int kind, int directed) {
  graph_t g;
  build(&g, kind, directed);
  for (int order = ORDER_DEGREE; order <= ORDER_RCM; order++) {
    vid_t *perm = order_perm(&g, order);
    graph_t r;
    assert_int_equal(bs_relabel(&g, perm, &r), 0);
    check_relabel(&g, perm, &r);
    eid_t *io = r.offsets;
    vid_t *ic = r.cols;
    if (directed) assert_int_equal(bs_transpose(&r, &io, &ic), 0);
    for (int R = 1; R <= 32; R *= 2) {
      check_slices(io, ic, r.n, R);
      check_levels(&g, perm, io, ic, R, g.offsets[1] > g.offsets[0] ? 0 : 1);
    }
    if (directed) {
      free(io);
      free(ic);
    }
    free(r.offsets);
    free(r.cols);
    free(perm);
  }
  graph_free(&g);
}

static void test_kron(void **st) { (void)st; run_case(0, 0); }
static void test_grid(void **st) { (void)st; run_case(1, 0); }
static void test_kron_directed(void **st) { (void)st; run_case(0, 1); }

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_kron),
      cmocka_unit_test(test_grid),
      cmocka_unit_test(test_kron_directed),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
