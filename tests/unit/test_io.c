/* test_io.c - the graph readers (harness/io.c).
 *
 * Inline buffers pin each format's rules edge by edge; the files under
 * tests/graphs are read through io_read and their hand-checked distance files
 * (<graph>.bfsS, <graph>.sssp S) are recomputed here by Bellman-Ford over the
 * edge list itself, so a wrong hand answer and a wrong reader both show up;
 * every malformed file under tests/graphs/bad must fail with the message that
 * tests/graphs/bad.tsv gives; the fuzz seed corpus replays through io_parse.
 * Run from the repository root (the Makefile does). */
#include "testutil.h"

#include <dirent.h>
#include <limits.h>
#include <sys/stat.h>
#include <zlib.h>

#include "io.h"

#define GRAPHS "tests/graphs"
#define CORPUS "fuzz/corpus"

/* ---- helpers --------------------------------------------------------------- */

static int parse(format_t f, const char *text, edgelist_t *el) {
  fail_clear();
  return io_parse("t", f, text, strlen(text), el);
}

/* el holds exactly these edges, in order: pairs (or triples when weighted). */
static void expect_edges(const edgelist_t *el, vid_t n, const long *e, size_t k, int weighted) {
  size_t per = weighted ? 3 : 2;
  assert_int_equal(el->n, n);
  assert_int_equal(el->len, k / per);
  if (weighted) assert_non_null(el->w);
  else assert_null(el->w);
  for (size_t i = 0; i < el->len; i++) {
    if (el->src[i] != (vid_t)e[per * i] || el->dst[i] != (vid_t)e[per * i + 1] ||
        (weighted && el->w[i] != (weight_t)e[per * i + 2]))
      fail_msg("edge %zu is %u -> %u (%d), expected %ld -> %ld (%ld)", i, el->src[i], el->dst[i],
               weighted ? el->w[i] : 0, e[per * i], e[per * i + 1], weighted ? e[per * i + 2] : 0);
  }
}
#define EXPECT_EDGES(el, n, weighted, ...)                                             \
  do {                                                                                 \
    static const long e_[] = {__VA_ARGS__};                                            \
    expect_edges((el), (n), e_, sizeof e_ / sizeof e_[0], (weighted));                 \
  } while (0)

/* Parsing text fails with EXIT_INPUT, a message containing needle, and
 * leaves el all zero. */
static void expect_error(format_t f, const char *text, const char *needle) {
  edgelist_t el;
  memset(&el, 0x55, sizeof el);
  if (parse(f, text, &el) != EXIT_INPUT)
    fail_msg("parsing \"%s\" did not fail with EXIT_INPUT (message \"%s\")", text, fail_message());
  assert_int_equal(fail_code(), EXIT_INPUT);
  assert_fail_contains(needle);
  assert_null(el.src);
  assert_null(el.dst);
  assert_null(el.w);
  assert_int_equal(el.len, 0);
  assert_int_equal(el.n, 0);
}

/* A per-process temporary path ending in suffix (which io_format reads). */
static const char *tmp_path(char *buf, size_t size, const char *suffix) {
  snprintf(buf, size, "/tmp/gallery-test-io-%ld-%s", (long)getpid(), suffix);
  return buf;
}

/* Whole file into a NUL-terminated malloc'd buffer; NULL if unreadable. */
static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0, got;
  char *b = malloc(cap + 1);
  while ((got = fread(b + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) b = realloc(b, (cap *= 2) + 1);
  }
  fclose(f);
  b[n] = '\0';
  if (len) *len = n;
  return b;
}

/* Sorted names in dir (not . or ..); returns the count, *names malloc'd. */
static int list_dir(const char *dir, char ***names) {
  DIR *d = opendir(dir);
  if (!d) fail_msg("cannot open %s (run the tests from the repository root)", dir);
  int k = 0, cap = 64;
  char **v = malloc(cap * sizeof *v);
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    if (k == cap) v = realloc(v, (cap *= 2) * sizeof *v);
    v[k++] = strdup(e->d_name);
  }
  closedir(d);
  for (int i = 1; i < k; i++) /* insertion sort: a few dozen names */
    for (int j = i; j > 0 && strcmp(v[j - 1], v[j]) > 0; j--) {
      char *t = v[j]; v[j] = v[j - 1]; v[j - 1] = t;
    }
  *names = v;
  return k;
}

static void free_names(char **v, int k) {
  for (int i = 0; i < k; i++) free(v[i]);
  free(v);
}

/* Reference distances straight from the edge list: Bellman-Ford, weight 1
 * for BFS; both directions when el->undirected. Returns 0, or -1 when a
 * negative cycle is reachable. Quadratic: hand graphs only. */
static int reference_dist(const edgelist_t *el, vid_t src, int bfs, long long *d) {
  for (vid_t v = 0; v < el->n; v++) d[v] = LLONG_MAX;
  d[src] = 0;
  for (vid_t round = 0; round <= el->n; round++) {
    int changed = 0;
    for (eid_t i = 0; i < el->len; i++)
      for (int dir = 0; dir < (el->undirected ? 2 : 1); dir++) {
        vid_t u = dir ? el->dst[i] : el->src[i], v = dir ? el->src[i] : el->dst[i];
        long long w = bfs ? 1 : el->w[i];
        if (d[u] != LLONG_MAX && d[u] + w < d[v]) {
          d[v] = d[u] + w;
          changed = 1;
        }
      }
    if (!changed) return 0;
  }
  return -1;
}

/* ---- io_format ------------------------------------------------------------- */

static void test_format(void **state) {
  (void)state;
  assert_int_equal(io_format("a.el"), FMT_EL);
  assert_int_equal(io_format("dir/soc-LiveJournal1.txt"), FMT_EL);
  assert_int_equal(io_format("soc-LiveJournal1.txt.gz"), FMT_EL);
  assert_int_equal(io_format("x.wel"), FMT_WEL);
  assert_int_equal(io_format("USA-road-d.NY.gr.gz"), FMT_GR);
  assert_int_equal(io_format("x.graph"), FMT_METIS);
  assert_int_equal(io_format("X.MTX"), FMT_MTX);
  assert_int_equal(io_format("x.mtx.GZ"), FMT_MTX);
  assert_int_equal(io_format("x.csv"), FMT_UNKNOWN);
  assert_int_equal(io_format("x.gz"), FMT_UNKNOWN);
  assert_int_equal(io_format("x.el.bz2"), FMT_UNKNOWN);
  assert_int_equal(io_format("dir.el/graph"), FMT_UNKNOWN); /* only the base name counts */
  assert_int_equal(io_format("noext"), FMT_UNKNOWN);
  assert_int_equal(io_format(""), FMT_UNKNOWN);
  assert_int_equal(io_format(NULL), FMT_UNKNOWN);
  const format_t all[] = {FMT_EL, FMT_WEL, FMT_GR, FMT_METIS, FMT_MTX};
  for (int i = 0; i < 5; i++) assert_string_not_equal(io_format_name(all[i]), "unknown");
  assert_string_equal(io_format_name(FMT_UNKNOWN), "unknown");
}

/* ---- edge lists ------------------------------------------------------------ */

static void test_el(void **state) {
  (void)state;
  edgelist_t el;
  /* comments (# and %), blank lines, tabs, runs of blanks, no final newline */
  assert_int_equal(parse(FMT_EL, "# c\n%% c\n\n3 1\n  7\t\t2  \n\t\n0 0\n3 1\n5 4", &el), 0);
  EXPECT_EDGES(&el, 8, 0, 3, 1, 7, 2, 0, 0, 3, 1, 5, 4); /* self-loop, duplicate kept */
  assert_int_equal(el.undirected, 0);
  el_free(&el);
  /* CRLF, a byte order mark, leading zeros */
  assert_int_equal(parse(FMT_EL, "\xEF\xBB\xBF" "0 1\r\n001 2\r\n", &el), 0);
  EXPECT_EDGES(&el, 3, 0, 0, 1, 1, 2);
  el_free(&el);
  /* the largest id: n reaches MAX_VERTICES exactly */
  assert_int_equal(parse(FMT_EL, "2147483646 0\n", &el), 0);
  assert_int_equal(el.n, MAX_VERTICES);
  el_free(&el);
}

static void test_wel(void **state) {
  (void)state;
  edgelist_t el;
  assert_int_equal(parse(FMT_WEL, "# w\n0 1 5\n1 0 -3\n2 2 +7\n0 1 2147483647\n1 2 -2147483648\n", &el),
                   0);
  EXPECT_EDGES(&el, 3, 1, 0, 1, 5, 1, 0, -3, 2, 2, 7, 0, 1, 2147483647, 1, 2, -2147483647L - 1);
  el_free(&el);
}

static void test_el_errors(void **state) {
  (void)state;
  expect_error(FMT_EL, "0 1\n2\n", "t:2: missing target id (expected 2 fields \"u v\", found 1)");
  expect_error(FMT_EL, "0 1 7\n", "t:1: expected 2 fields \"u v\", found 3");
  expect_error(FMT_EL, "\n\n12x 3\n", "t:3: source id \"12x\" is not a non-negative integer");
  expect_error(FMT_EL, "1 2.0\n", "t:1: target id \"2.0\" is not a non-negative integer");
  expect_error(FMT_EL, "1 +2\n", "t:1: target id \"+2\" is not a non-negative integer");
  expect_error(FMT_EL, "-1 2\n", "t:1: source id \"-1\" is negative");
  expect_error(FMT_EL, "0 2147483647\n", "t:1: target id \"2147483647\" exceeds the limit MAX_VERTICES");
  expect_error(FMT_EL, "18446744073709551616 1\n", "exceeds the limit MAX_VERTICES");
  expect_error(FMT_EL, "1 2 # comment\n", "t:1: expected 2 fields");
  expect_error(FMT_EL, "", "t:1: empty file");
  expect_error(FMT_EL, " \n\t\r\n", "t:1: empty file");
  expect_error(FMT_EL, "# a\n# b\n", "t:2: no edges");
  expect_error(FMT_EL, "0\x01 1\n", "t:1: source id \"0?\" is not"); /* binary shown as '?' */
  expect_error(FMT_WEL, "0 1\n", "t:1: missing weight (expected 3 fields \"u v w\", found 2)");
  expect_error(FMT_WEL, "0 1 2147483648\n", "t:1: weight \"2147483648\" is out of int32 range");
  expect_error(FMT_WEL, "0 1 -2147483649\n", "out of int32 range");
  expect_error(FMT_WEL, "0 1 99999999999999999999999\n", "out of int32 range");
  expect_error(FMT_WEL, "0 1 -\n", "t:1: weight \"-\" is not an integer");
  expect_error(FMT_WEL, "0 1 1e3\n", "t:1: weight \"1e3\" is not an integer");
  expect_error(FMT_WEL, "0 1 2 3\n", "t:1: expected 3 fields \"u v w\", found 4");
  /* a long token is cut in the message */
  expect_error(FMT_EL, "0 1234567890123456789012345678901234567890123456789x\n",
               "\"1234567890123456789012345678901234567...\" is not");
}

/* ---- DIMACS ---------------------------------------------------------------- */

static void test_gr(void **state) {
  (void)state;
  edgelist_t el;
  assert_int_equal(parse(FMT_GR, "c x\np sp 5 3\nc between\na 1 2 7\n\na 2 1 -4\n  a 3 3 0\n", &el), 0);
  EXPECT_EDGES(&el, 5, 1, 0, 1, 7, 1, 0, -4, 2, 2, 0); /* n from the header: 4, 5 isolated */
  assert_int_equal(el.undirected, 0);
  el_free(&el);
  assert_int_equal(parse(FMT_GR, "p sp 1 0\n", &el), 0); /* one vertex, no arcs */
  assert_int_equal(el.n, 1);
  assert_int_equal(el.len, 0);
  el_free(&el);
  assert_int_equal(parse(FMT_GR, "p sp 2147483647 1\na 2147483647 1 1\n", &el), 0);
  EXPECT_EDGES(&el, MAX_VERTICES, 1, 2147483646, 0, 1);
  el_free(&el);
}

static void test_gr_errors(void **state) {
  (void)state;
  expect_error(FMT_GR, "c\np sp 3 3\na 1 2 1\na 2 3 1\n", "t:2: header says 3 arcs, file has 2");
  expect_error(FMT_GR, "p sp 3 1\na 1 2 1\na 2 3 1\n", "t:1: header says 1 arc, file has 2");
  expect_error(FMT_GR, "p sp 99999999999 5\n", "t:1: vertex count 99999999999 exceeds the limit MAX_VERTICES");
  expect_error(FMT_GR, "p sp 2147483648 0\n", "exceeds the limit MAX_VERTICES = 2147483647");
  expect_error(FMT_GR, "p sp 5 1099511627777\n", "t:1: arc count 1099511627777 exceeds the limit of 2^40");
  expect_error(FMT_GR, "p sp 5 99999999999999999999\n", "t:1: arc count \"99999999999999999999\" is too large");
  /* 2^40 arcs is allowed by the header check; nothing that size is reserved */
  expect_error(FMT_GR, "p sp 5 1099511627776\na 1 2 3\n", "t:1: header says 1099511627776 arcs, file has 1");
  expect_error(FMT_GR, "p sp 0 0\n", "t:1: vertex count is 0");
  expect_error(FMT_GR, "p sp 3 1\na 0 1 1\n", "t:2: source id \"0\" is out of range 1..3");
  expect_error(FMT_GR, "p sp 3 1\na 1 4 1\n", "t:2: target id \"4\" is out of range 1..3");
  expect_error(FMT_GR, "p sp 3 1\na 1 99999999999999999999999 1\n", "out of range 1..3");
  expect_error(FMT_GR, "p sp 3 1\na -1 2 1\n", "t:2: source id \"-1\" is negative");
  expect_error(FMT_GR, "a 1 2 1\np sp 3 1\n", "t:1: arc before the \"p sp N M\" line");
  expect_error(FMT_GR, "p sp 3 0\n\np sp 3 0\n", "t:3: second \"p\" line (the first is line 1)");
  expect_error(FMT_GR, "p sp 3 1\na 1 2\n", "t:2: missing weight (expected 4 fields \"a u v w\", found 3)");
  expect_error(FMT_GR, "p sp 3 1\na 1 2 3 4\n", "t:2: expected 4 fields \"a u v w\", found 5");
  expect_error(FMT_GR, "p sp 3\n", "t:1: missing arc count (expected 4 fields \"p sp N M\", found 3)");
  expect_error(FMT_GR, "p sp 3 1 1\n", "t:1: expected 4 fields \"p sp N M\", found 5");
  expect_error(FMT_GR, "p sp 3x 1\n", "t:1: vertex count \"3x\" is not a non-negative integer");
  expect_error(FMT_GR, "p max 3 1\n", "t:1: expected \"p sp N M\", found problem type \"max\"");
  expect_error(FMT_GR, "c only\nc comments\n", "t:2: no \"p sp N M\" line");
  expect_error(FMT_GR, "p sp 3 1\ne 1 2 1\n", "t:2: unknown line type \"e\" (expected c, p or a)");
  expect_error(FMT_GR, "p sp 3 1\na 1 2 2147483648\n", "t:2: weight \"2147483648\" is out of int32 range");
  expect_error(FMT_GR, "\n\n", "t:1: empty file");
}

/* ---- METIS ----------------------------------------------------------------- */

static void test_metis(void **state) {
  (void)state;
  edgelist_t el;
  /* plain; '%' comments are not vertex lines; a blank line is a vertex */
  assert_int_equal(parse(FMT_METIS, "%% c\n4 2\n2\n1\n%% mid\n\n  4 4 \n", &el), 0);
  EXPECT_EDGES(&el, 4, 0, 0, 1, 1, 0, 3, 3, 3, 3); /* a self-loop listed twice counts twice */
  assert_int_equal(el.undirected, 0);
  el_free(&el);
  /* trailing blank lines after the last vertex; the last vertex isolated */
  assert_int_equal(parse(FMT_METIS, "3 1\n2\n1\n\n\n\n", &el), 0);
  EXPECT_EDGES(&el, 3, 0, 0, 1, 1, 0);
  el_free(&el);
  /* fmt 1: edge weights */
  assert_int_equal(parse(FMT_METIS, "2 1 1\n2 -5\n1 -5\n", &el), 0);
  EXPECT_EDGES(&el, 2, 1, 0, 1, -5, 1, 0, -5);
  el_free(&el);
  /* fmt 001 (leading zeros) is fmt 1 */
  assert_int_equal(parse(FMT_METIS, "2 1 001\n2 3\n1 3\n", &el), 0);
  EXPECT_EDGES(&el, 2, 1, 0, 1, 3, 1, 0, 3);
  el_free(&el);
  /* fmt 10: one vertex weight each (skipped), unweighted edges */
  assert_int_equal(parse(FMT_METIS, "2 1 10\n9 2\n8 1\n", &el), 0);
  EXPECT_EDGES(&el, 2, 0, 0, 1, 1, 0);
  el_free(&el);
  /* fmt 11 with ncon 3 */
  assert_int_equal(parse(FMT_METIS, "2 1 11 3\n1 2 3 2 6\n4 5 6 1 6\n", &el), 0);
  EXPECT_EDGES(&el, 2, 1, 0, 1, 6, 1, 0, 6);
  el_free(&el);
  /* fmt 100: a vertex size leads each line; 111: size, weights, weighted edges */
  assert_int_equal(parse(FMT_METIS, "2 1 100\n7 2\n7 1\n", &el), 0);
  EXPECT_EDGES(&el, 2, 0, 0, 1, 1, 0);
  el_free(&el);
  assert_int_equal(parse(FMT_METIS, "2 1 111\n7 1 2 4\n7 1 1 4\n", &el), 0);
  EXPECT_EDGES(&el, 2, 1, 0, 1, 4, 1, 0, 4);
  el_free(&el);
  /* one vertex, no edges */
  assert_int_equal(parse(FMT_METIS, "1 0\n\n", &el), 0);
  assert_int_equal(el.n, 1);
  assert_int_equal(el.len, 0);
  el_free(&el);
}

static void test_metis_errors(void **state) {
  (void)state;
  expect_error(FMT_METIS, "3 3\n2\n1 3\n2\n",
               "t:1: header says 3 edges (6 neighbour entries), file has 4 entries");
  expect_error(FMT_METIS, "%%\n4 1\n2\n1\n", "t:2: header says 4 vertices, file has 2 vertex lines");
  expect_error(FMT_METIS, "1 0\n", "t:1: header says 1 vertex, file has 0 vertex lines");
  expect_error(FMT_METIS, "2 1\n2\n1\n1\n", "t:4: more than 2 vertex lines (the header on line 1 says 2");
  expect_error(FMT_METIS, "3 2 1\n2 5\n1 5 3\n2 1\n", "t:3: neighbour 3 has no edge weight");
  expect_error(FMT_METIS, "2 1 1\n2 x\n1 1\n", "t:2: edge weight \"x\" is not an integer");
  expect_error(FMT_METIS, "3 2 2\n", "t:1: fmt \"2\" is not 0, 1, 10, 11");
  expect_error(FMT_METIS, "3 2 1111\n", "t:1: fmt \"1111\" is not");
  expect_error(FMT_METIS, "3 2 10 0\n", "t:1: ncon is 0");
  expect_error(FMT_METIS, "3 2 10 x\n", "t:1: ncon \"x\" is not a non-negative integer");
  expect_error(FMT_METIS, "3 2 10 1 5\n", "t:1: expected at most 4 fields \"N M [fmt [ncon]]\", found 5");
  expect_error(FMT_METIS, "3\n", "t:1: missing edge count (expected 2 fields");
  expect_error(FMT_METIS, "3 2\n2\n1 4\n2\n", "t:3: neighbour \"4\" is out of range 1..3");
  expect_error(FMT_METIS, "3 2\n2\n1 0\n2\n", "t:3: neighbour \"0\" is out of range 1..3");
  expect_error(FMT_METIS, "2 1 10 2\n7\n7 7 1\n", "t:2: vertex 1 has 1 of its 2 vertex weights");
  expect_error(FMT_METIS, "2 1 10\n-7 2\n7 1\n", "t:2: vertex weight \"-7\" is not a non-negative integer");
  expect_error(FMT_METIS, "2 1 100\nx 2\n7 1\n", "t:2: vertex size \"x\" is not a non-negative integer");
  expect_error(FMT_METIS, "3000000000 1\n", "t:1: vertex count 3000000000 exceeds the limit MAX_VERTICES");
  expect_error(FMT_METIS, "3 1099511627777\n", "t:1: edge count 1099511627777 exceeds the limit of 2^40");
  expect_error(FMT_METIS, "0 0\n", "t:1: vertex count is 0");
  expect_error(FMT_METIS, "%% only a comment\n", "t:1: no header line");
  expect_error(FMT_METIS, "", "t:1: empty file");
}

/* ---- Matrix Market --------------------------------------------------------- */

static void test_mtx(void **state) {
  (void)state;
  edgelist_t el;
  /* pattern general: A(i,j) is i -> j; comments before and after the size line */
  assert_int_equal(parse(FMT_MTX, "%%MatrixMarket matrix coordinate pattern general\n%% c\n\n4 4 2\n"
                                  "%% c\n2 1\n4 4\n", &el), 0);
  EXPECT_EDGES(&el, 4, 0, 1, 0, 3, 3);
  assert_int_equal(el.undirected, 0);
  el_free(&el);
  /* symmetric integer; banner words in any case */
  assert_int_equal(parse(FMT_MTX, "%%matrixmarket Matrix COORDINATE integer SYMMETRIC\n3 3 2\n2 1 -4\n"
                                  "3 3 2147483647\n", &el), 0);
  EXPECT_EDGES(&el, 3, 1, 1, 0, -4, 2, 2, 2147483647);
  assert_int_equal(el.undirected, 1);
  el_free(&el);
  /* real: integral values in any spelling */
  assert_int_equal(parse(FMT_MTX, "%%MatrixMarket matrix coordinate real general\n2 2 5\n1 2 2.0\n"
                                  "2 1 -3e0\n1 1 +4.000\n2 2 .5e1\n1 2 -2147483648.0\n", &el), 0);
  EXPECT_EDGES(&el, 2, 1, 0, 1, 2, 1, 0, -3, 0, 0, 4, 1, 1, 5, 0, 1, -2147483647L - 1);
  el_free(&el);
  /* no entries: an edgeless graph on rows vertices */
  assert_int_equal(parse(FMT_MTX, "%%MatrixMarket matrix coordinate pattern general\n3 3 0\n", &el), 0);
  assert_int_equal(el.n, 3);
  assert_int_equal(el.len, 0);
  el_free(&el);
}

static void test_mtx_errors(void **state) {
  (void)state;
  const char *pg = "%%MatrixMarket matrix coordinate pattern general\n";
  const char *rg = "%%MatrixMarket matrix coordinate real general\n";
  const char *ig = "%%MatrixMarket matrix coordinate integer general\n";
  char b[256];
#define WITH(banner, rest) (snprintf(b, sizeof b, "%s%s", (banner), (rest)), b)
  expect_error(FMT_MTX, WITH(pg, "3 4 1\n1 2\n"),
               "t:2: matrix is 3 x 4; a graph needs a square matrix (rows == cols)");
  expect_error(FMT_MTX, "%%MatrixMarket matrix array real general\n2 2\n1\n0\n0\n1\n",
               "t:1: dense \"array\" format is not supported");
  expect_error(FMT_MTX, WITH(pg, "3 3 3\n1 2\n2 3\n"), "t:2: header says 3 entries, file has 2");
  expect_error(FMT_MTX, WITH(pg, "3 3 1\n1 2\n2 3\n"), "t:2: header says 1 entry, file has 2");
  expect_error(FMT_MTX, "3 3 1\n1 2\n", "t:1: missing \"%%MatrixMarket matrix coordinate ...\" banner");
  expect_error(FMT_MTX, "\n%%MatrixMarket matrix coordinate pattern general\n1 1 0\n",
               "t:1: missing \"%%MatrixMarket");
  expect_error(FMT_MTX, "\n \n", "t:1: empty file");
  expect_error(FMT_MTX, "%%MatrixMarket matrix coordinate pattern\n", "t:1: banner must be");
  expect_error(FMT_MTX, "%%MatrixMarket vector coordinate pattern general\n", "t:1: object \"vector\"");
  expect_error(FMT_MTX, "%%MatrixMarket matrix sparse pattern general\n", "t:1: format \"sparse\"");
  expect_error(FMT_MTX, "%%MatrixMarket matrix coordinate complex general\n", "t:1: field \"complex\"");
  expect_error(FMT_MTX, "%%MatrixMarket matrix coordinate pattern hermitian\n", "t:1: symmetry \"hermitian\"");
  expect_error(FMT_MTX, pg, "t:1: no size line \"rows cols nnz\"");
  expect_error(FMT_MTX, WITH(pg, "3 3\n"), "t:2: missing entry count (expected 3 fields \"rows cols nnz\"");
  expect_error(FMT_MTX, WITH(pg, "3 3 1\n1 2 5\n"), "t:3: expected 2 fields \"i j\", found 3");
  expect_error(FMT_MTX, WITH(pg, "3 3 1\n1 4\n"), "t:3: column id \"4\" is out of range 1..3");
  expect_error(FMT_MTX, WITH(pg, "3 3 1\n0 1\n"), "t:3: row id \"0\" is out of range 1..3");
  expect_error(FMT_MTX, WITH(pg, "2147483648 2147483648 0\n"), "t:2: row count 2147483648 exceeds the limit MAX_VERTICES");
  expect_error(FMT_MTX, WITH(pg, "3 3 2000000000000\n"), "t:2: entry count 2000000000000 exceeds the limit of 2^40");
  expect_error(FMT_MTX, WITH(ig, "2 2 1\n1 2\n"), "t:3: missing value (expected 3 fields \"i j value\", found 2)");
  expect_error(FMT_MTX, WITH(ig, "2 2 1\n1 2 2.0\n"), "t:3: value \"2.0\" is not an integer");
  expect_error(FMT_MTX, WITH(rg, "2 2 1\n1 2 2.5\n"), "t:3: value \"2.5\" is not an integer (weights are int32)");
  expect_error(FMT_MTX, WITH(rg, "2 2 1\n1 2 1e-400\n"), "t:3: value \"1e-400\" is not an integer");
  expect_error(FMT_MTX, WITH(rg, "2 2 1\n1 2 3e10\n"), "t:3: value \"3e10\" is out of int32 range");
  expect_error(FMT_MTX, WITH(rg, "2 2 1\n1 2 1e999\n"), "t:3: value \"1e999\" is out of int32 range");
  expect_error(FMT_MTX, WITH(rg, "2 2 1\n1 2 2147483648\n"), "out of int32 range");
  expect_error(FMT_MTX, WITH(rg, "2 2 1\n1 2 nan\n"), "t:3: value \"nan\" is not a number");
  expect_error(FMT_MTX, WITH(rg, "2 2 1\n1 2 inf\n"), "t:3: value \"inf\" is not a number");
  expect_error(FMT_MTX, WITH(rg, "2 2 1\n1 2 0x10\n"), "t:3: value \"0x10\" is not a number");
  expect_error(FMT_MTX, WITH(rg, "2 2 1\n1 2 1..0\n"), "t:3: value \"1..0\" is not a number");
  expect_error(FMT_MTX, WITH(rg, "2 2 1\n1 2 1.00000000000000000000000000000000000000000000000000000000000000000\n"),
               "is not a number");
#undef WITH
}

static void test_misc_errors(void **state) {
  (void)state;
  edgelist_t el;
  fail_clear();
  assert_int_equal(io_parse("x.csv", FMT_UNKNOWN, "0 1\n", 4, &el), EXIT_INPUT);
  assert_fail_contains("x.csv: unknown format (extension \".csv\"); known: .el .txt .wel .gr .graph .mtx");
  fail_clear();
  assert_int_equal(io_parse(NULL, FMT_EL, NULL, 0, &el), EXIT_INPUT); /* NULL name and buffer */
  assert_fail_contains("(buffer):1: empty file");
  fail_clear();
  assert_int_equal(io_read("tests/graphs/no-such-file.el", &el), EXIT_INPUT);
  assert_fail_contains("tests/graphs/no-such-file.el: cannot open: No such file or directory");
  fail_clear();
  assert_int_equal(io_read("graph.xyz", &el), EXIT_INPUT);
  assert_fail_contains("graph.xyz: unknown format (extension \".xyz\")");
  /* a directory with a graph's name */
  char dir[] = "/tmp/gallery-test-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char path[64];
  snprintf(path, sizeof path, "%s/d.el", dir);
  assert_int_equal(mkdir(path, 0700), 0);
  fail_clear();
  assert_int_equal(io_read(path, &el), EXIT_INPUT);
  assert_fail_contains("d.el: read error");
  rmdir(path);
  rmdir(dir);
}

/* ---- files: io_read, gzip -------------------------------------------------- */

static void test_read_plain_and_gz(void **state) {
  (void)state;
  edgelist_t el;
  char *p = tu_write_temp(".wel", "0 1 3\n1 2 -4\n");
  assert_int_equal(io_read(p, &el), 0);
  EXPECT_EDGES(&el, 3, 1, 0, 1, 3, 1, 2, -4);
  el_free(&el);
  unlink(p);
  free(p);

  /* gzip written here; also a gzip stream under a plain name (zlib sniffs it) */
  char n0[96], n1[96], bad[96];
  const char *names[] = {tmp_path(n0, sizeof n0, "a.mtx.gz"), tmp_path(n1, sizeof n1, "gz.mtx")};
  for (int i = 0; i < 2; i++) {
    gzFile f = gzopen(names[i], "wb");
    assert_non_null(f);
    gzputs(f, "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 2\n2 1\n3 2\n");
    assert_int_equal(gzclose(f), Z_OK);
    assert_int_equal(io_read(names[i], &el), 0);
    EXPECT_EDGES(&el, 3, 0, 1, 0, 2, 1);
    assert_int_equal(el.undirected, 1);
    el_free(&el);
    unlink(names[i]);
  }

  /* a line number in a .gz file is the line of the decompressed text */
  gzFile f = gzopen(tmp_path(bad, sizeof bad, "bad.el.gz"), "wb");
  gzputs(f, "0 1\n1 2\n2 x\n");
  gzclose(f);
  fail_clear();
  assert_int_equal(io_read(bad, &el), EXIT_INPUT);
  assert_fail_contains("bad.el.gz:3: target id \"x\"");
  assert_int_equal(strncmp(fail_message(), bad, strlen(bad)), 0);
  unlink(bad);
}

/* Past every buffer boundary: 300 000 edges through io_read (plain and gzip)
 * and io_parse, checked edge by edge. */
static void test_large(void **state) {
  (void)state;
  const eid_t m = 300000;
  size_t cap = (size_t)m * 32 + 64, k = 0;
  char *text = malloc(cap);
  k += (size_t)snprintf(text + k, cap - k, "p sp %" PRIeid " %" PRIeid "\n", m + 1, m);
  for (eid_t i = 0; i < m; i++)
    k += (size_t)snprintf(text + k, cap - k, "a %" PRIeid " %" PRIeid " %d\n", i + 1, (i * 7919) % m + 1,
                          (int)(i % 2001) - 1000);
  char p0[96], p1[96];
  const char *paths[] = {tmp_path(p0, sizeof p0, "large.gr"), tmp_path(p1, sizeof p1, "large.gr.gz")};
  for (int t = 0; t < 3; t++) {
    edgelist_t el;
    if (t == 0) {
      assert_int_equal(io_parse("big", FMT_GR, text, k, &el), 0);
    } else {
      gzFile f = gzopen(paths[t - 1], t == 1 ? "wbT" : "wb1"); /* T: no compression */
      assert_non_null(f);
      assert_int_equal(gzwrite(f, text, (unsigned)k), (int)k);
      assert_int_equal(gzclose(f), Z_OK);
      assert_int_equal(io_read(paths[t - 1], &el), 0);
      unlink(paths[t - 1]);
    }
    assert_int_equal(el.n, m + 1);
    assert_int_equal(el.len, m);
    for (eid_t i = 0; i < m; i++)
      if (el.src[i] != i || el.dst[i] != (i * 7919) % m || el.w[i] != (int)(i % 2001) - 1000)
        fail_msg("edge %" PRIeid " wrong (try %d)", i, t);
    el_free(&el);
  }
  free(text);
}

/* ---- the hand graphs under tests/graphs ------------------------------------ */

/* Read an expected-distance file ("inf" or an integer per line) into d[n]. */
static void read_expected(const char *path, vid_t n, long long *d) {
  size_t len;
  char *text = slurp(path, &len);
  if (!text) fail_msg("cannot read %s", path);
  char *p = text;
  for (vid_t v = 0; v < n; v++) {
    char *nl = strchr(p, '\n');
    if (!nl) fail_msg("%s: %u lines, the graph has %u vertices", path, v, n);
    *nl = '\0';
    if (strcmp(p, "inf") == 0) d[v] = LLONG_MAX;
    else {
      char *end;
      d[v] = strtoll(p, &end, 10);
      if (end == p || *end) fail_msg("%s:%u: bad line \"%s\"", path, v + 1, p);
    }
    p = nl + 1;
  }
  if (*p) fail_msg("%s: more lines than the graph's %u vertices", path, n);
  free(text);
}

static void test_hand_graphs(void **state) {
  (void)state;
  char **names;
  int k = list_dir(GRAPHS, &names), graphs = 0, checked = 0;
  for (int i = 0; i < k; i++) {
    const char *g = names[i];
    if (io_format(g) == FMT_UNKNOWN) continue; /* expected files, README, bad/ */
    char path[512];
    snprintf(path, sizeof path, GRAPHS "/%s", g);
    edgelist_t el;
    fail_clear();
    if (io_read(path, &el)) fail_msg("%s: %s", path, fail_message());
    graphs++;
    int expectations = 0;
    size_t gl = strlen(g);
    for (int j = 0; j < k; j++) { /* <g>.bfsS and <g>.ssspS */
      const char *e = names[j], *kind;
      if (strncmp(e, g, gl) != 0 || e[gl] != '.') continue;
      kind = e + gl + 1;
      int bfs = strncmp(kind, "bfs", 3) == 0;
      if (!bfs && strncmp(kind, "sssp", 4) != 0) continue;
      const char *num = kind + (bfs ? 3 : 4);
      char *end;
      unsigned long src = strtoul(num, &end, 10);
      if (end == num || *end) continue;
      if (src >= el.n) fail_msg("%s: source %lu, graph has %u vertices", e, src, el.n);
      if (!bfs && !el.w) fail_msg("%s: SSSP expectation for an unweighted graph", e);
      long long *want = malloc(el.n * sizeof *want), *got = malloc(el.n * sizeof *got);
      snprintf(path, sizeof path, GRAPHS "/%s", e);
      read_expected(path, el.n, want);
      if (reference_dist(&el, (vid_t)src, bfs, got)) fail_msg("%s: negative cycle", e);
      for (vid_t v = 0; v < el.n; v++)
        if (want[v] != got[v]) fail_msg("%s: vertex %u: file says %lld, reference %lld", e, v, want[v], got[v]);
      free(want);
      free(got);
      expectations++;
      checked++;
    }
    if (!expectations) fail_msg("%s has no expected-distance file", g);
    if (strcmp(g, "negcycle.wel") == 0) { /* the reference sees the cycle from 0 */
      long long *d = malloc(el.n * sizeof *d);
      assert_int_equal(reference_dist(&el, 0, 0, d), -1);
      free(d);
    }
    el_free(&el);
  }
  free_names(names, k);
  assert_true(graphs >= 15);
  print_message("[          ] %d hand graphs, %d expected-distance files agree\n", graphs, checked);
}

/* Every file under bad/ fails as bad.tsv says, and every file is listed. */
static void test_bad_files(void **state) {
  (void)state;
  char *tsv = slurp(GRAPHS "/bad.tsv", NULL);
  assert_non_null(tsv);
  char **names;
  int k = list_dir(GRAPHS "/bad", &names), listed = 0;
  for (int i = 0; i < k; i++) {
    char key[300];
    snprintf(key, sizeof key, "\n%s\t", names[i]);
    const char *hit = strstr(tsv, key);
    if (!hit) fail_msg("bad/%s is not listed in bad.tsv", names[i]);
    hit += strlen(key);
    char want[512];
    size_t wl = strcspn(hit, "\n");
    assert_true(wl < sizeof want);
    memcpy(want, hit, wl);
    want[wl] = '\0';
    char path[512];
    snprintf(path, sizeof path, GRAPHS "/bad/%s", names[i]);
    edgelist_t el;
    fail_clear();
    if (io_read(path, &el) != EXIT_INPUT) fail_msg("%s did not fail with EXIT_INPUT", path);
    if (!strstr(fail_message(), want)) fail_msg("%s: message \"%s\" lacks \"%s\"", path, fail_message(), want);
    /* the message starts with the path as given */
    assert_int_equal(strncmp(fail_message(), path, strlen(path)), 0);
    assert_null(el.src);
    listed++;
  }
  free_names(names, k);
  free(tsv);
  assert_true(listed >= 40);
  print_message("[          ] %d malformed files rejected as expected\n", listed);
}

/* The fuzz seed corpus replays through io_parse: each seed either parses or
 * fails cleanly with EXIT_INPUT and a message naming it. */
static void test_corpus_replay(void **state) {
  (void)state;
  static const struct { const char *dir; format_t f; } targets[] = {
      {"el", FMT_EL}, {"wel", FMT_WEL}, {"gr", FMT_GR}, {"graph", FMT_METIS}, {"mtx", FMT_MTX}};
  int seeds = 0;
  for (size_t t = 0; t < sizeof targets / sizeof targets[0]; t++) {
    char dir[128];
    snprintf(dir, sizeof dir, CORPUS "/%s", targets[t].dir);
    char **names;
    int k = list_dir(dir, &names);
    for (int i = 0; i < k; i++) {
      char path[512];
      size_t len;
      snprintf(path, sizeof path, "%s/%s", dir, names[i]);
      char *buf = slurp(path, &len);
      assert_non_null(buf);
      edgelist_t el;
      fail_clear();
      int rc = io_parse(names[i], targets[t].f, buf, len, &el);
      if (rc == 0) el_free(&el);
      else if (rc != EXIT_INPUT || strncmp(fail_message(), names[i], strlen(names[i])) != 0)
        fail_msg("%s: rc %d, message \"%s\"", path, rc, fail_message());
      free(buf);
      seeds++;
    }
    free_names(names, k);
  }
  print_message("[          ] %d corpus seeds replayed\n", seeds);
}

/* ---- io_write_dist --------------------------------------------------------- */

static void test_write_dist(void **state) {
  (void)state;
  const dist_t d[] = {0, 1, DIST_INF, -5, 2147483646, INT32_MIN, 42};
  char *p = tu_write_temp(".dist", "old contents, replaced\n");
  assert_int_equal(io_write_dist(p, d, 7), 0);
  char *text = slurp(p, NULL);
  assert_string_equal(text, "0\n1\ninf\n-5\n2147483646\n-2147483648\n42\n");
  free(text);

  assert_int_equal(io_write_dist(p, d, 0), 0); /* no vertices: an empty file */
  text = slurp(p, NULL);
  assert_string_equal(text, "");
  free(text);

  /* many lines: crosses the block buffer many times */
  const vid_t n = 200003;
  dist_t *big = malloc(n * sizeof *big);
  for (vid_t v = 0; v < n; v++) big[v] = v % 11 == 0 ? DIST_INF : (dist_t)v * (v % 2 ? -1 : 1);
  assert_int_equal(io_write_dist(p, big, n), 0);
  size_t len;
  text = slurp(p, &len);
  char *q = text;
  for (vid_t v = 0; v < n; v++) {
    char want[16];
    int wl = big[v] == DIST_INF ? snprintf(want, sizeof want, "inf\n") : snprintf(want, sizeof want, "%d\n", big[v]);
    if (strncmp(q, want, (size_t)wl) != 0) fail_msg("line %u wrong", v + 1);
    q += wl;
  }
  assert_true(q == text + len);
  free(text);
  free(big);
  unlink(p);
  free(p);

  fail_clear();
  assert_int_equal(io_write_dist("/nonexistent-dir/x.dist", d, 7), EXIT_INPUT);
  assert_fail_contains("/nonexistent-dir/x.dist: cannot write: No such file or directory");
  fail_clear();
  assert_int_equal(io_write_dist("/tmp/x.dist", NULL, 3), EXIT_INPUT);
  assert_fail_contains("no distances");
  if (access("/dev/full", W_OK) == 0) { /* a full disk is reported, not ignored */
    fail_clear();
    assert_int_equal(io_write_dist("/dev/full", d, 7), EXIT_INPUT);
    assert_fail_contains("/dev/full: write error");
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_format),        cmocka_unit_test(test_el),
      cmocka_unit_test(test_wel),           cmocka_unit_test(test_el_errors),
      cmocka_unit_test(test_gr),            cmocka_unit_test(test_gr_errors),
      cmocka_unit_test(test_metis),         cmocka_unit_test(test_metis_errors),
      cmocka_unit_test(test_mtx),           cmocka_unit_test(test_mtx_errors),
      cmocka_unit_test(test_misc_errors),   cmocka_unit_test(test_read_plain_and_gz),
      cmocka_unit_test(test_large),         cmocka_unit_test(test_hand_graphs),
      cmocka_unit_test(test_bad_files),     cmocka_unit_test(test_corpus_replay),
      cmocka_unit_test(test_write_dist),
  };
  return cmocka_run_group_tests_name("io", tests, NULL, NULL);
}
