/* fuzz_io.c - libFuzzer target: one graph reader, then the CSR builder.
 *
 * Built once per format by scripts/fuzz.sh with -DFUZZ_FORMAT=FMT_EL (etc.),
 * so each target's seed corpus (fuzz/corpus/<ext>/) holds plain files of that
 * format and any seed or crash file can be opened and read as it is.
 *
 * Per input: io_parse must either succeed or fail with EXIT_INPUT and a
 * message naming the input; on success the edge list must be consistent, and
 * graph_build (options taken from the input's bytes, so every combination is
 * reached) must produce a CSR that keeps every listed edge. Any violation
 * aborts, which libFuzzer reports as a crash with the input saved.
 *
 * Reproduce a crash: build/fuzz/fuzz_<ext> build/fuzz/artifacts/<ext>-crash-... */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "graph.h"
#include "io.h"

#ifndef FUZZ_FORMAT
#error "build with -DFUZZ_FORMAT=FMT_EL (or FMT_WEL, FMT_GR, FMT_METIS, FMT_MTX)"
#endif

/* A header may legally announce up to MAX_VERTICES vertices; building such a
 * graph allocates 8n bytes of offsets and takes seconds, which is no bug but
 * stalls the fuzzer (and trips its malloc limit). Larger graphs are parsed
 * and checked, not built. */
#define FUZZ_MAX_BUILD_N (1u << 20)

static void check(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "fuzz_io: invariant violated: %s (last message: \"%s\")\n", what, fail_message());
    abort();
  }
}

/* Position of col in row u (ascending), or -1. */
static long long find_in_row(const graph_t *g, vid_t u, vid_t col) {
  eid_t lo = g->offsets[u], hi = g->offsets[u + 1];
  while (lo < hi) {
    eid_t mid = lo + (hi - lo) / 2;
    if (g->cols[mid] < col) lo = mid + 1;
    else hi = mid;
  }
  return lo < g->offsets[u + 1] && g->cols[lo] == col ? (long long)lo : -1;
}

static void check_csr(const edgelist_t *el, const build_opts_t *o, const graph_t *g) {
  check(g->n == el->n, "graph n == edge list n");
  check(g->offsets[0] == 0 && g->offsets[g->n] == g->m, "offsets[0] == 0, offsets[n] == m");
  check((g->weights != NULL) == (el->w != NULL), "weights iff the edge list has weights");
  for (vid_t u = 0; u < g->n; u++) {
    check(g->offsets[u] <= g->offsets[u + 1], "offsets ascend");
    for (eid_t i = g->offsets[u]; i < g->offsets[u + 1]; i++) {
      check(g->cols[i] < g->n, "cols < n");
      check(o->keep_self_loops || g->cols[i] != u, "no self-loop unless kept");
      if (i > g->offsets[u])
        check(o->keep_duplicates ? g->cols[i - 1] <= g->cols[i] : g->cols[i - 1] < g->cols[i],
              "rows ascend (strictly when duplicates are dropped)");
    }
  }
  const int sym = o->symmetrize || el->undirected;
  if (!sym && o->keep_self_loops && o->keep_duplicates) check(g->m == el->len, "m == len when all is kept");
  /* every listed edge is there (both ways when symmetric), with at most its weight */
  for (eid_t k = 0; k < el->len; k++) {
    vid_t u = el->src[k], v = el->dst[k];
    if (u == v && !o->keep_self_loops) continue;
    for (int dir = 0; dir < (sym ? 2 : 1); dir++) {
      long long at = dir ? find_in_row(g, v, u) : find_in_row(g, u, v);
      check(at >= 0, "every listed edge is in the CSR");
      if (el->w && !o->keep_duplicates) check(g->weights[at] <= el->w[k], "the smallest parallel weight is kept");
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  edgelist_t el;
  fail_clear();
  if (io_parse("fuzz", FUZZ_FORMAT, (const char *)data, size, &el)) {
    check(fail_code() == EXIT_INPUT, "a reader fails with EXIT_INPUT");
    check(strncmp(fail_message(), "fuzz:", 5) == 0, "a reader's message names the input");
    check(el.src == NULL && el.len == 0 && el.n == 0, "a failed read leaves the edge list empty");
    return 0;
  }
  check(el.n >= 1 && el.n <= MAX_VERTICES, "1 <= n <= MAX_VERTICES");
  check(el.len <= el.cap, "len <= cap");
  for (eid_t k = 0; k < el.len; k++) check(el.src[k] < el.n && el.dst[k] < el.n, "ids < n");

  if (el.n <= FUZZ_MAX_BUILD_N) {
    unsigned h = 0; /* build options from the bytes: mutations flip them */
    for (size_t i = 0; i < size; i++) h += data[i];
    build_opts_t o = {.symmetrize = h & 1, .keep_self_loops = (h >> 1) & 1, .keep_duplicates = (h >> 2) & 1};
    graph_t g;
    build_report_t r;
    if (graph_build(&el, &o, &g, &r) == 0) {
      check_csr(&el, &o, &g);
      degree_stats_t s;
      graph_degree_stats(&g, &s);
      check(s.max_out_degree <= g.m, "max degree <= m");
      (void)graph_checksum(&g);
      graph_free(&g);
    } else {
      check(fail_code() != 0, "graph_build failed with a message");
    }
  }
  el_free(&el);
  return 0;
}
