/* test_check.c - the exact distance comparison (harness/check.c). */
#include "testutil.h" /* includes err.h before cmocka.h */

#include "check.h"

#define INF DIST_INF

/* Run check_dist with its report captured in *text (malloc'd). */
static long long run(const dist_t *want, vid_t nw, const dist_t *got, vid_t ng, int max_report,
                     char **text) {
  size_t len = 0;
  FILE *f = open_memstream(text, &len);
  assert_non_null(f);
  long long r = check_dist(want, nw, got, ng, max_report, f);
  fclose(f);
  return r;
}

static void test_exact_match(void **state) {
  (void)state;
  dist_t a[] = {0, 1, 2, INF, -7, INF};
  dist_t b[] = {0, 1, 2, INF, -7, INF};
  char *text;
  assert_int_equal(run(a, 6, b, 6, 10, &text), 0);
  assert_string_equal(text, ""); /* a match prints nothing */
  free(text);
  assert_int_equal(check_dist(a, 6, b, 6, 10, NULL), 0);
  assert_int_equal(check_dist(a, 0, b, 0, 10, NULL), 0); /* empty arrays agree */
}

static void test_wrong_distance(void **state) {
  (void)state;
  dist_t want[] = {0, 1, 2, 3, 4};
  dist_t got[] = {0, 1, 2, 5, 4};
  char *text;
  assert_int_equal(run(want, 5, got, 5, 10, &text), 1);
  assert_string_equal(text, "  vertex 3: expected 3, got 5\n");
  free(text);
  got[3] = 3;
  got[0] = -1; /* negative values print as numbers */
  assert_int_equal(run(want, 5, got, 5, 10, &text), 1);
  assert_string_equal(text, "  vertex 0: expected 0, got -1\n");
  free(text);
}

static void test_reached_unreached_swap(void **state) {
  (void)state;
  dist_t want[] = {0, 3, INF, 1};
  dist_t got[] = {0, INF, 2, 1};
  char *text;
  assert_int_equal(run(want, 4, got, 4, 10, &text), 2);
  assert_string_equal(text, "  vertex 1: expected 3, got inf\n"
                            "  vertex 2: expected inf, got 2\n");
  free(text);
}

static void test_size_mismatch(void **state) {
  (void)state;
  dist_t a[] = {0, 1, 2};
  char *text;
  fail_clear();
  assert_int_equal(run(a, 3, a, 2, 10, &text), -1);
  assert_string_equal(text, "");
  free(text);
  assert_int_equal(fail_code(), EXIT_VERIFY);
  assert_fail_contains("expected 3 vertices, got 2");
  fail_clear();
  assert_int_equal(check_dist(a, 2, a, 3, 10, NULL), -1);
  assert_fail_contains("differ in size");
  fail_clear();
  assert_int_equal(check_dist(NULL, 3, a, 3, 10, NULL), -1);
  assert_fail_contains("NULL");
  assert_int_equal(check_dist(a, 3, NULL, 3, 10, NULL), -1);
}

static void test_report_limit(void **state) {
  (void)state;
  enum { N = 1000 };
  static dist_t want[N], got[N];
  for (int i = 0; i < N; i++) { want[i] = i; got[i] = i % 10 == 0 ? i + 1 : i; } /* 100 bad */
  char *text;
  assert_int_equal(run(want, N, got, N, 3, &text), 100);
  assert_string_equal(text, "  vertex 0: expected 0, got 1\n"
                            "  vertex 10: expected 10, got 11\n"
                            "  vertex 20: expected 20, got 21\n"
                            "  ... and 97 more\n");
  free(text);
  /* exactly max_report mismatches: no "more" line */
  assert_int_equal(run(want, 25, got, 25, 3, &text), 3);
  assert_null(strstr(text, "more"));
  free(text);
  /* max_report 0: only the summary */
  assert_int_equal(run(want, N, got, N, 0, &text), 100);
  assert_string_equal(text, "  ... and 100 more\n");
  free(text);
  /* NULL out: counts, prints nothing */
  assert_int_equal(check_dist(want, N, got, N, 3, NULL), 100);
}

static void test_large(void **state) {
  (void)state;
  /* past the parallel threshold of any OpenMP schedule; one mismatch at the end */
  vid_t n = 3000000;
  dist_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  for (vid_t i = 0; i < n; i++) a[i] = b[i] = (dist_t)(i % 77);
  b[n - 1] = INF;
  char *text;
  assert_int_equal(run(a, n, b, n, 10, &text), 1);
  assert_string_equal(text, "  vertex 2999999: expected 2, got inf\n");
  free(text);
  free(a);
  free(b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_exact_match),
      cmocka_unit_test(test_wrong_distance),
      cmocka_unit_test(test_reached_unreached_swap),
      cmocka_unit_test(test_size_mismatch),
      cmocka_unit_test(test_report_limit),
      cmocka_unit_test(test_large),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
