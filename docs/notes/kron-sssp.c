/* kron-sssp.c - rounds against relax operations for SSSP on a Kronecker graph, on the CPU: the
 * numbers behind docs/notes/kron-sssp.md. Two orders are simulated round by round, serially:
 *  - Near-Far as step 14 runs it (a threshold thr; a round expands the near queue, d < thr; an
 *    improvement at or above thr goes to the far list; when the near queue is empty a split raises
 *    thr to the smallest far distance + delta), for several delta, with step 14's `stale` (an
 *    entry whose vertex fell again since it was queued is skipped: it is queued again) and
 *    `classify`'s leaves (a vertex of degree 1 in a symmetric graph is never queued);
 *  - GSWITCH's window (its src/data_structures/window.cuh, src/gswitch.h init_conf): a bucket
 *    [th, th + wsz) with wsz_lim = 8 x mean weight x 32 / mean degree; before each round wsz
 *    grows x10 (up to wsz_lim) when the last round's active vertices x their mean degree was at
 *    most 3,328, shrinks x0.3 above 33,679 (twice above 5 x 33,679); a vertex is active when its
 *    distance changed since it was last expanded and lies in the window; an empty window moves
 *    th past it and resets wsz to wsz_lim.
 * A round here expands its vertices one after the other with the distances as they are (the GPU
 * expands them at once: it sees fewer of its own round's improvements), so the counts are a model
 * of the GPU's, not its counts; step 14's own counts are in plots/data (relax-h100.csv).
 * Per order: rounds, splits (window moves), relax operations (out-edges of expanded entries) per
 * reached edge, rounds of under 4,096 relax operations ("thin"), the largest round, the pull
 * bound (the rounds where the edges of the vertices not yet final, their Dijkstra distance at or
 * above the round's threshold, are fewer than the round's push relax operations) and the far
 * entries the splits read (GSWITCH: the vertices its window moves read), per reached vertex.
 * Usage: kron-sssp [-g SCALE] [-R K] [-J] (defaults 20, 4: the harness's -g SCALE -R K, seed and
 * weights 1..255; -J below). CPU only, serial. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "err.h"
#include "generate.h"
#include "graph.h"
#include "oracle.h"

#define SEED 27491095ULL /* the harness's default -S */
#define INF 0x7fffffff
#define THIN 4096

/* -J: a round's entries expand with the distance they were queued (activated) with and none is
 * skipped as stale within its round: every entry of a round as if at once, a bound on the other
 * side of the serial order's (the GPU's order lies between the two). */
static int jacobi;

typedef struct {
  long long rounds, splits, relax, thin, maxround, pullwin, farscan;
} count_t;

static void *xmalloc(size_t b) {
  void *p = malloc(b ? b : 1);
  if (!p) { fprintf(stderr, "out of memory\n"); exit(2); }
  return p;
}


static eid_t deg(const graph_t *g, vid_t v) { return g->offsets[v + 1] - g->offsets[v]; }

/* The edges of the vertices whose final distance is at or above thr: what a pull round over the
 * vertices not yet settled would read (an upper bound of the settled part's help). */
static long long pull_edges(const graph_t *g, const dist_t *fin, long long thr) {
  long long s = 0;
  for (vid_t v = 0; v < g->n; v++)
    if (fin[v] != INF && fin[v] >= thr) s += (long long)deg(g, v);
  return s;
}

/* One round's bookkeeping, shared by both orders. */
static void end_round(count_t *c, long long r, const graph_t *g, const dist_t *fin, long long thr) {
  c->rounds++;
  c->relax += r;
  if (r < THIN) c->thin++;
  if (r > c->maxround) c->maxround = r;
  if (r > 0 && pull_edges(g, fin, thr) < r) c->pullwin++;
}

/* Near-Far with a fixed delta. q/nq: near queues of (vertex, distance when queued); far: list. */
static void nearfar(const graph_t *g, vid_t s, int delta, dist_t *d, const dist_t *fin, count_t *c) {
  vid_t n = g->n;
  vid_t *q = xmalloc(n * sizeof *q), *nq = xmalloc(n * sizeof *nq);
  dist_t *qd = xmalloc(n * sizeof *qd), *nqd = xmalloc(n * sizeof *nqd);
  int *mark = xmalloc(n * sizeof *mark), *fmark = xmalloc(n * sizeof *fmark);
  size_t *pos = xmalloc(n * sizeof *pos); /* a vertex's entry in nq (valid when mark = round) */
  size_t fcap = n, flen = 0, qn = 0, nqn;
  vid_t *far = xmalloc(fcap * sizeof *far);
  for (vid_t v = 0; v < n; v++) { d[v] = INF; mark[v] = -1; fmark[v] = -1; }
  long long thr = delta;
  int round = 0, epoch = 0;
  d[s] = 0; q[qn] = s; qd[qn++] = 0;
  for (;;) {
    if (qn == 0) { /* split: the smallest live far distance + delta; move what is now near */
      long long mn = INF;
      for (size_t i = 0; i < flen; i++)
        if (d[far[i]] >= thr && d[far[i]] < mn) mn = d[far[i]];
      if (mn == INF) break;
      c->splits++; epoch++;
      c->farscan += (long long)flen; /* a split reads the whole far list (twice on the GPU) */
      long long old = thr;
      thr = mn + delta;
      size_t keep = 0;
      for (size_t i = 0; i < flen; i++) {
        vid_t u = far[i];
        if (d[u] < old) continue;              /* stale: settled nearer since */
        if (d[u] < thr) { if (mark[u] != round) { mark[u] = round; q[qn] = u; qd[qn++] = d[u]; } }
        else if (fmark[u] != epoch) { fmark[u] = epoch; far[keep++] = u; }
      }
      flen = keep;
      continue;
    }
    long long r = 0;
    nqn = 0;
    round++;
    for (size_t i = 0; i < qn; i++) {
      vid_t v = q[i];
      if (!jacobi && d[v] != qd[i]) continue; /* stale: it fell again and is queued again */
      long long dv = jacobi ? qd[i] : d[v];
      for (eid_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) {
        vid_t u = g->cols[e];
        long long nd = dv + g->weights[e];
        r++;
        if (nd >= d[u]) continue;
        d[u] = (dist_t)nd;
        if (g->symmetric && deg(g, u) == 1) continue; /* a leaf: never queued */
        if (nd < thr) {
          if (mark[u] != round) { mark[u] = round; pos[u] = nqn; nq[nqn] = u; nqd[nqn++] = d[u]; }
          else nqd[pos[u]] = d[u]; /* queued once a round, with its latest distance */
        }
        else if (fmark[u] != epoch) {
          if (flen == fcap) { fcap *= 2; far = realloc(far, fcap * sizeof *far); if (!far) exit(2); }
          fmark[u] = epoch; far[flen++] = u;
        }
      }
    }
    end_round(c, r, g, fin, thr);
    vid_t *t = q; q = nq; nq = t;
    dist_t *td = qd; qd = nqd; nqd = td;
    qn = nqn;
  }
  free(q); free(nq); free(qd); free(nqd); free(mark); free(fmark); free(pos); free(far);
}

/* GSWITCH's window: ra = the distance a vertex was last expanded with. */
static void gswitch(const graph_t *g, vid_t s, double lim, dist_t *d, const dist_t *fin, count_t *c) {
  vid_t n = g->n;
  dist_t *ra = xmalloc(n * sizeof *ra);
  vid_t *act = xmalloc(n * sizeof *act);
  for (vid_t v = 0; v < n; v++) d[v] = ra[v] = INF;
  d[s] = 0;
  double th = 0, wsz = lim, last_act = 1, last_est = (double)deg(g, s);
  for (int first = 1;; first = 0) {
    /* adjust (window.cuh): the last round's active vertices x their mean degree */
    if (!first) {
      if (last_est <= 3328.06) { wsz /= 0.1; if (wsz > lim) wsz = lim; }
      else if (last_est > 33679.37) { wsz *= 0.3; if (last_est > 5 * 33679.0) wsz *= 0.3; }
    }
    size_t na = 0;
    double est = 0;
    if (first) { act[na++] = s; ra[s] = 0; est = (double)deg(g, s); }
    else
      for (vid_t v = 0; v < n; v++)
        if (d[v] != ra[v] && d[v] >= th && d[v] < th + wsz) { ra[v] = d[v]; act[na++] = v; est += (double)deg(g, v); }
    if (na == 0) { /* exit kernel: anything pending moves the window, else done */
      int pending = 0;
      for (vid_t v = 0; v < n && !pending; v++) pending = d[v] != ra[v];
      if (!pending) break;
      th += wsz; wsz = lim; c->splits++;
      c->farscan += n; /* the exit kernel and the next filter read every vertex */
      continue;
    }
    long long r = 0;
    for (size_t i = 0; i < na; i++) {
      vid_t v = act[i];
      long long dv = jacobi ? ra[v] : d[v];
      for (eid_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) {
        long long nd = dv + g->weights[e];
        r++;
        if (nd < d[g->cols[e]]) d[g->cols[e]] = (dist_t)nd;
      }
    }
    last_act = (double)na; last_est = est;
    end_round(c, r, g, fin, (long long)(th + wsz));
  }
  (void)last_act;
  free(ra); free(act);
}

static void print(const char *what, const count_t *c, long long reached, long long nreach, int k) {
  printf("  %-19s rounds %5.1f  splits %5.1f  relax/edge %5.3f  thin %5.1f  largest %9.0f  pull-cheaper %4.1f"
         "  split reads/vertex %5.2f\n", what, (double)c->rounds / k, (double)c->splits / k,
         (double)c->relax / (double)reached, (double)c->thin / k, (double)c->maxround, (double)c->pullwin / k,
         (double)c->farscan / (double)nreach);
}

int main(int argc, char **argv) {
  int scale = 20, k = 4;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-J")) jacobi = 1;
    else if (!strcmp(argv[i], "-g") && i + 1 < argc) scale = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-R") && i + 1 < argc) k = atoi(argv[++i]);
    else { fprintf(stderr, "usage: kron-sssp [-g SCALE] [-R K] [-J]\n"); return 2; }
  }
  if (scale < 4 || scale > 24 || k < 1 || k > 64) { fprintf(stderr, "kron-sssp: -g 4..24, -R 1..64\n"); return 2; }
  edgelist_t el;
  graph_t g;
  build_opts_t bo = {0, 0, 0};
  if (gen_kronecker(scale, 16, SEED, &el) || graph_build(&el, &bo, &g, NULL)) {
    fprintf(stderr, "error: %s\n", fail_message());
    return 2;
  }
  el_free(&el);
  if (graph_set_random_weights(&g, 255, SEED)) return 2;
  double wsum = 0;
  for (eid_t e = 0; e < g.m; e++) wsum += g.weights[e];
  double meanw = wsum / (double)g.m, meandeg = (double)g.m / g.n, lim = 8 * meanw * 32 / meandeg;
  printf("kron%d: %u vertices, %llu directed edges, %s; mean weight %.1f, mean degree %.2f; %s\n", scale,
         g.n, (unsigned long long)g.m, g.symmetric ? "symmetric" : "directed", meanw, meandeg,
         jacobi ? "-J: a round's entries as if at once" : "a round's entries one after the other");
  printf("  step 14's delta (2 x mean weight / mean degree, not adapted at mean degree >= 8): %.1f;"
         " GSWITCH's wsz_lim (8 x mean weight x 32 / mean degree): %.0f\n", 2 * meanw / meandeg, lim);
  vid_t src[64];
  graph_random_sources(&g, SEED, src, k); /* the harness's -R K */
  dist_t *fin = xmalloc(g.n * sizeof *fin), *d = xmalloc(g.n * sizeof *d);
  static const int deltas[] = {8, 16, 32, 64, 128, 256, 1024};
  enum { ND = sizeof deltas / sizeof deltas[0] };
  count_t nf[ND], gs;
  memset(nf, 0, sizeof nf); memset(&gs, 0, sizeof gs);
  long long reached = 0, nreach = 0;
  int fails = 0;
  printf("  sources:");
  for (int j = 0; j < k; j++) printf(" %u", src[j]);
  printf("\n");
  for (int j = 0; j < k; j++) {
    if (oracle_dijkstra(&g, src[j], fin)) return 2;
    dist_t mx = 0;
    for (vid_t v = 0; v < g.n; v++)
      if (fin[v] != INF) { reached += (long long)deg(&g, v); nreach++; if (fin[v] > mx) mx = fin[v]; }
    printf("  source %u: largest distance %d\n", src[j], mx);
    for (int i = 0; i < ND; i++) {
      nearfar(&g, src[j], deltas[i], d, fin, &nf[i]);
      fails += memcmp(d, fin, g.n * sizeof *d) != 0;
    }
    gswitch(&g, src[j], lim, d, fin, &gs);
    fails += memcmp(d, fin, g.n * sizeof *d) != 0;
  }
  printf("  means over %d sources; relax/edge: relax operations over the reached edges; thin: rounds of under"
         " %d relax operations;\n  largest: the largest round's relax operations; pull-cheaper: rounds where the"
         " edges of the vertices not yet final\n  are fewer than the round's relax operations; split reads/vertex:"
         " far entries read by the splits (GSWITCH:\n  vertices read by its window moves) over the reached"
         " vertices\n", k, THIN);
  for (int i = 0; i < ND; i++) {
    char what[32];
    snprintf(what, sizeof what, "near-far delta %d", deltas[i]);
    print(what, &nf[i], reached, nreach, k);
  }
  print("GSWITCH window", &gs, reached, nreach, k);
  printf("  %d of %d runs differ from Dijkstra\n", fails, k * (ND + 1));
  free(fin); free(d); graph_free(&g);
  return fails ? 1 : 0;
}
