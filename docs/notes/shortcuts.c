/* shortcuts.c - shortcut edges for SSSP on high-diameter graphs (an experiment).
 *
 * Each vertex v gets an edge to each of its rho nearest vertices u (a Dijkstra from v that stops
 * after rho + 1 settled vertices), weighted with d(v, u). A shortcut is the length of a real path,
 * and the exact distance from v, so every shortest-path distance of the graph is unchanged, while
 * a shortest path needs fewer edges: a round-based SSSP (Bellman-Ford rounds, Near-Far's rounds)
 * needs fewer rounds. Blelloch, Gu, Sun, Tangwongsan, "Parallel shortest paths using radius
 * stepping", SPAA 2016, add such shortcuts ("rho-nearest") to bound radius stepping's rounds.
 * Weights must be >= 0. Directed graphs: the search follows out-edges, d(v, u) is exact.
 *
 * sc_augment: the graph replaced by itself plus its shortcuts (OpenMP over vertices; of parallel
 * edges the smaller weight stays). Built two ways:
 *   - the harness patch (shortcuts.patch): GALLERY_SHORTCUTS=RHO makes every step read the
 *     augmented graph (the oracle too): the GPU experiment, docs/notes/shortcuts.sh;
 *   - -DSC_MAIN, this file's main: the CPU check, for each source, Dijkstra on the graph and on the
 *     augmented graph agree, and the shortest-path trees' depth in edges (the fewest edges of a
 *     shortest path, over the reached vertices: max and mean), before and after.
 * Usage (SC_MAIN): shortcuts (FILE | --road N [--road-mix ...] | -G WxH [--keep P]) [-p RHO,...] [-R K] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <omp.h>
#include "err.h"
#include "graph.h"
#include "heap.h" /* the notes' heap of (distance, vertex) pairs */

static double sc_now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

typedef struct { dist_t d; vid_t u; } sc_item_t;

/* v's rho nearest (v itself excluded) into out[0..), their distances into od; returns how many.
 * td: the thread's distance array (all DIST_INF on entry and on return); cap: heap room. */
static int sc_nearest(const graph_t *g, vid_t v, int rho, dist_t *td, char *done, vid_t *touched,
                      item_t *heap, size_t cap, vid_t *out, dist_t *od) {
  size_t nh = 0, nt = 0;
  int k = 0, settled = 0;
  td[v] = 0; touched[nt++] = v;
  heap_push(heap, &nh, (item_t){0, v});
  while (nh && settled <= rho) {
    item_t it = heap_pop(heap, &nh);
    if (done[it.v] || it.d != td[it.v]) continue;
    done[it.v] = 1;
    settled++;
    if (it.v != v) { out[k] = it.v; od[k] = (dist_t)it.d; k++; }
    if (settled > rho) break;
    for (eid_t e = g->offsets[it.v]; e < g->offsets[it.v + 1]; e++) {
      vid_t x = g->cols[e];
      dist_t nd = (dist_t)it.d + g->weights[e];
      if (done[x] || nd >= td[x]) continue;
      if (td[x] == DIST_INF) {
        if (nt >= cap) continue; /* no room: a shortcut less (or a longer one: still a path), never one too short */
        touched[nt++] = x;
      }
      td[x] = nd;
      if (nh < cap) heap_push(heap, &nh, (item_t){nd, x}); /* likewise */
    }
  }
  for (size_t i = 0; i < nt; i++) { td[touched[i]] = DIST_INF; done[touched[i]] = 0; }
  return k;
}

static int sc_cmp_u(const void *a, const void *b) {
  vid_t x = ((const sc_item_t *)a)->u, y = ((const sc_item_t *)b)->u;
  return x < y ? -1 : x > y;
}

/* g plus every vertex's rho-nearest shortcuts (rows sorted, the smaller weight of parallel edges).
 * *added: directed edges the graph gained; *ms: the build's wall time. 0, or fail(). */
int sc_augment(graph_t *g, int rho, double *ms, eid_t *added) {
  double t0 = sc_now_ms();
  vid_t n = g->n;
  if (!g->weights || rho <= 0) { *ms = 0; *added = 0; return 0; }
  for (eid_t e = 0; e < g->m; e++)
    if (g->weights[e] < 0) return fail(EXIT_INPUT, "shortcuts: negative weights");
  sc_item_t *sc = malloc((size_t)n * rho * sizeof *sc); /* v's shortcuts, sorted by u */
  int *nsc = calloc(n ? n : 1, sizeof *nsc);
  eid_t *off = malloc(((size_t)n + 1) * sizeof *off);
  if (!sc || !nsc || !off) { free(sc); free(nsc); free(off); return fail(EXIT_INPUT, "shortcuts: no memory"); }
  size_t cap = 64 * (size_t)rho + 64;
  int bad = 0;
#pragma omp parallel
  {
    dist_t *td = malloc((size_t)n * sizeof *td);
    char *done = calloc(n ? n : 1, 1);
    vid_t *touched = malloc(cap * sizeof *touched), *out = malloc((size_t)rho * sizeof *out);
    dist_t *od = malloc((size_t)rho * sizeof *od);
    item_t *heap = malloc(cap * sizeof *heap);
    if (!td || !done || !touched || !out || !od || !heap) {
#pragma omp atomic write
      bad = 1;
    } else {
      for (vid_t i = 0; i < n; i++) td[i] = DIST_INF;
#pragma omp for schedule(dynamic, 1024)
      for (vid_t v = 0; v < n; v++) {
        int k = sc_nearest(g, v, rho, td, done, touched, heap, cap, out, od);
        sc_item_t *s = sc + (size_t)v * rho;
        for (int i = 0; i < k; i++) { s[i].u = out[i]; s[i].d = od[i]; }
        qsort(s, k, sizeof *s, sc_cmp_u);
        /* the merged row's length: the row, plus shortcuts to vertices not in it */
        eid_t len = g->offsets[v + 1] - g->offsets[v], e = g->offsets[v];
        for (int i = 0; i < k; i++) {
          while (e < g->offsets[v + 1] && g->cols[e] < s[i].u) e++;
          if (e == g->offsets[v + 1] || g->cols[e] != s[i].u) len++;
        }
        nsc[v] = k;
        off[v + 1] = len;
      }
    }
    free(td); free(done); free(touched); free(out); free(od); free(heap);
  }
  if (bad) { free(sc); free(nsc); free(off); return fail(EXIT_INPUT, "shortcuts: no memory"); }
  off[0] = 0;
  for (vid_t v = 0; v < n; v++) off[v + 1] += off[v];
  eid_t m2 = off[n];
  vid_t *cols = malloc((size_t)m2 * sizeof *cols);
  weight_t *w = malloc((size_t)m2 * sizeof *w);
  if (!cols || !w) { free(sc); free(nsc); free(off); free(cols); free(w); return fail(EXIT_INPUT, "shortcuts: no memory"); }
#pragma omp parallel for schedule(dynamic, 1024)
  for (vid_t v = 0; v < n; v++) { /* merge the row and the shortcuts, both sorted by column */
    const sc_item_t *s = sc + (size_t)v * rho;
    eid_t e = g->offsets[v], end = g->offsets[v + 1], o = off[v];
    int i = 0;
    while (e < end || i < nsc[v]) {
      if (i == nsc[v] || (e < end && g->cols[e] < s[i].u)) { cols[o] = g->cols[e]; w[o++] = g->weights[e++]; }
      else if (e == end || s[i].u < g->cols[e]) { cols[o] = s[i].u; w[o++] = s[i].d; i++; }
      else { cols[o] = s[i].u; w[o++] = s[i].d < g->weights[e] ? s[i].d : g->weights[e]; e++; i++; }
    }
  }
  *added = m2 - g->m;
  free(sc); free(nsc);
  free(g->offsets); free(g->cols); free(g->weights);
  g->offsets = off; g->cols = cols; g->weights = w; g->m = m2;
  g->symmetric = 0; /* shortcuts need not come in pairs */
  *ms = sc_now_ms() - t0;
  return 0;
}

#ifdef SC_MAIN
#include "load.h" /* the notes' graph from the command line (SEED, load) */
#include "oracle.h"

static int sc_cmp_d(const void *a, const void *b) {
  const sc_item_t *x = a, *y = b;
  return x->d < y->d ? -1 : x->d > y->d ? 1 : (x->u < y->u ? -1 : x->u > y->u);
}

/* the fewest edges of a shortest path to each reached vertex: vertices in distance order, each
 * from its tight in-edges (d(u) + w = d(x)); max and sum over the reached */
static void depth(const graph_t *g, const dist_t *d, int *maxh, double *meanh) {
  vid_t n = g->n, r = 0;
  int *h = malloc((size_t)n * sizeof *h);
  sc_item_t *k = malloc((size_t)n * sizeof *k); /* the reached vertices by distance */
  for (vid_t v = 0; v < n; v++) {
    h[v] = d[v] == DIST_INF ? -1 : 1 << 30;
    if (d[v] != DIST_INF) { k[r].d = d[v]; k[r++].u = v; }
  }
  qsort(k, r, sizeof *k, sc_cmp_d);
  long long sum = 0;
  int mx = 0;
  for (vid_t i = 0; i < r; i++) {
    vid_t u = k[i].u;
    if (d[u] == 0 && i == 0) h[u] = 0;
    if (h[u] > mx) mx = h[u];
    sum += h[u];
    for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      vid_t x = g->cols[e];
      if (d[x] != DIST_INF && d[u] + g->weights[e] == d[x] && h[u] + 1 < h[x]) h[x] = h[u] + 1;
    }
  }
  *maxh = mx; *meanh = r ? (double)sum / r : 0;
  free(h); free(k);
}

int main(int argc, char **argv) {
  int i = 1, K = 4;
  char name[128], rhos[128] = "4,8,16,32";
  graph_t g;
  load("shortcuts", argc, argv, &i, &g, NULL, name, sizeof name);
  for (; i < argc; i++) {
    if (!strcmp(argv[i], "-p") && i + 1 < argc) snprintf(rhos, sizeof rhos, "%s", argv[++i]);
    else if (!strcmp(argv[i], "-R") && i + 1 < argc) K = atoi(argv[++i]);
  }
  vid_t src[64];
  if (K > 64) K = 64;
  graph_random_sources(&g, SEED, src, K); /* the harness's -R K */
  printf("%s: %u vertices, %llu directed edges, %d threads\n", name, g.n, (unsigned long long)g.m,
         omp_get_max_threads());
  dist_t **d0 = malloc(K * sizeof *d0);
  int mh0 = 0; double mean0 = 0;
  for (int s = 0; s < K; s++) {
    d0[s] = malloc((size_t)g.n * sizeof **d0);
    oracle_dijkstra(&g, src[s], d0[s]);
    int mh; double me;
    depth(&g, d0[s], &mh, &me);
    mh0 += mh; mean0 += me;
  }
  printf("  rho 0: depth max %.1f, mean %.1f (edges of a shortest path, means over %d sources)\n",
         (double)mh0 / K, mean0 / K, K);
  for (char *p = strtok(rhos, ","); p; p = strtok(NULL, ",")) {
    int rho = atoi(p);
    graph_t h;
    h.n = g.n; h.m = g.m; h.symmetric = g.symmetric;
    h.offsets = malloc(((size_t)g.n + 1) * sizeof *h.offsets);
    h.cols = malloc((size_t)g.m * sizeof *h.cols);
    h.weights = malloc((size_t)g.m * sizeof *h.weights);
    memcpy(h.offsets, g.offsets, ((size_t)g.n + 1) * sizeof *h.offsets);
    memcpy(h.cols, g.cols, (size_t)g.m * sizeof *h.cols);
    memcpy(h.weights, g.weights, (size_t)g.m * sizeof *h.weights);
    double ms;
    eid_t added;
    if (sc_augment(&h, rho, &ms, &added)) { fprintf(stderr, "error: %s\n", fail_message()); return 2; }
    int fails = 0, mh1 = 0;
    double mean1 = 0;
    dist_t *d1 = malloc((size_t)g.n * sizeof *d1);
    for (int s = 0; s < K; s++) {
      oracle_dijkstra(&h, src[s], d1);
      if (memcmp(d1, d0[s], (size_t)g.n * sizeof *d1)) fails++;
      int mh; double me;
      depth(&h, d1, &mh, &me);
      mh1 += mh; mean1 += me;
    }
    printf("  rho %d: +%llu edges (%.2fx), build %.1f ms; depth max %.1f, mean %.1f; %d of %d sources "
           "differ from Dijkstra on the graph\n", rho, (unsigned long long)added,
           (double)h.m / g.m, ms, (double)mh1 / K, mean1 / K, fails, K);
    free(d1);
    graph_free(&h);
  }
  return 0;
}
#endif
