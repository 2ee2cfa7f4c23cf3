/* check.c - see check.h. */
#include "check.h"

#include "err.h"

static void put_dist(FILE *out, dist_t d) {
  if (d == DIST_INF) fputs("inf", out);
  else fprintf(out, "%" PRId32, d);
}

long long check_dist(const dist_t *expect, vid_t n_expect, const dist_t *got, vid_t n_got,
                     int max_report, FILE *out) {
  if (!expect || !got)
    return fail(EXIT_VERIFY, "check_dist: %s distance array is NULL", !expect ? "expected" : "computed"),
           -1;
  if (n_expect != n_got)
    return fail(EXIT_VERIFY, "distance arrays differ in size: expected %" PRIvid " vertices, got %"
                PRIvid, n_expect, n_got), -1;
  /* Count in parallel (n may be 2^30); print serially, in vertex order. */
  long long bad = 0;
#pragma omp parallel for schedule(static) reduction(+ : bad)
  for (size_t v = 0; v < (size_t)n_expect; v++) bad += expect[v] != got[v];
  if (bad == 0 || !out) return bad;
  long long shown = 0;
  for (size_t v = 0; v < (size_t)n_expect && shown < max_report; v++) {
    if (expect[v] == got[v]) continue;
    fprintf(out, "  vertex %zu: expected ", v);
    put_dist(out, expect[v]);
    fputs(", got ", out);
    put_dist(out, got[v]);
    fputc('\n', out);
    shown++;
  }
  if (bad > shown) fprintf(out, "  ... and %lld more\n", bad - shown);
  return bad;
}
