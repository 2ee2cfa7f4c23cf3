/* chain-depth.c - how deep are the shortest-path trees of a road network, counted in vertices and
 * in branch vertices (degree != 2), and how long are its chains of degree-2 vertices? The numbers
 * behind step 14's `chains` (steps/14_nearfar/README.md). CPU only: the harness's reader, CSR
 * build, weights (1..255, the harness's default seed, when the file has none) and Dijkstra.
 * Usage: chain-depth FILE [SOURCE...]   (run by docs/notes/chain-depth.sh) */
#include <stdio.h>
#include <stdlib.h>
#include "graph.h"
#include "io.h"
#include "oracle.h"

static const dist_t *g_dist;
static int by_dist(const void *a, const void *b) {
  dist_t x = g_dist[*(const vid_t *)a], y = g_dist[*(const vid_t *)b];
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: chain-depth FILE [SOURCE...]\n"); return 2; }
  edgelist_t el;
  if (io_read(argv[1], &el)) return 2;
  build_opts_t bo = {0, 0, 0};
  graph_t g;
  if (graph_build(&el, &bo, &g, NULL)) return 2;
  if (!g.weights && graph_set_random_weights(&g, 255, 27491095ULL)) return 2;
  /* inner: exactly two distinct neighbours (step 14's rule; symmetric graphs only) */
  char *inner = calloc(g.n, 1);
  vid_t ninner = 0;
  for (vid_t v = 0; v < g.n; v++) {
    eid_t b = g.offsets[v];
    inner[v] = g.symmetric && g.offsets[v + 1] - b == 2 && g.cols[b] != v && g.cols[b + 1] != v &&
               g.cols[b] != g.cols[b + 1];
    ninner += inner[v];
  }
  unsigned long long walks = 0, recs = 0;
  unsigned longest = 0;
  for (vid_t u = 0; u < g.n; u++) /* the walks of step 14's chn_kernel */
    if (!inner[u])
      for (eid_t e = g.offsets[u]; e < g.offsets[u + 1]; e++) {
        vid_t prev = u, x = g.cols[e];
        unsigned len = 0;
        if (!inner[x]) continue;
        while (inner[x] && len < g.n) {
          eid_t b = g.offsets[x];
          vid_t nx = g.cols[b] == prev ? g.cols[b + 1] : g.cols[b];
          prev = x; x = nx; len++;
        }
        walks++; recs += len;
        if (len > longest) longest = len;
      }
  printf("%s: %u vertices, %llu edges, %s; %u inner (%.1f %%), %llu edges into chains, %llu records, "
         "longest chain %u\n", argv[1], g.n, (unsigned long long)g.m, g.symmetric ? "symmetric" : "directed",
         ninner, g.n ? 100.0 * ninner / g.n : 0.0, walks, recs, longest);
  dist_t *d = malloc(sizeof(dist_t) * (g.n ? g.n : 1));
  vid_t *ord = malloc(sizeof(vid_t) * (g.n ? g.n : 1));
  int *hv = malloc(sizeof(int) * (g.n ? g.n : 1)), *hb = malloc(sizeof(int) * (g.n ? g.n : 1));
  for (int i = 2; i < argc; i++) {
    vid_t s = (vid_t)strtoul(argv[i], NULL, 10);
    if (s >= g.n) { fprintf(stderr, "source %u: out of range\n", s); return 2; }
    if (oracle_sssp(&g, s, d)) return 2;
    vid_t k = 0;
    for (vid_t v = 0; v < g.n; v++) if (d[v] != DIST_INF) ord[k++] = v;
    g_dist = d;
    qsort(ord, k, sizeof *ord, by_dist);
    /* fewest vertices (branch vertices) on a shortest path: over the tight edges, in distance
     * order (weights >= 1, so a tight edge goes to a larger distance) */
    for (vid_t v = 0; v < g.n; v++) hv[v] = hb[v] = 1 << 30;
    hv[s] = hb[s] = 0;
    int mv = 0, mb = 0;
    for (vid_t i2 = 0; i2 < k; i2++) {
      vid_t u = ord[i2];
      if (hv[u] > mv) mv = hv[u];
      if (hb[u] > mb) mb = hb[u];
      for (eid_t e = g.offsets[u]; e < g.offsets[u + 1]; e++) {
        vid_t v = g.cols[e];
        if ((long long)d[u] + g.weights[e] != d[v]) continue;
        if (hv[u] + 1 < hv[v]) hv[v] = hv[u] + 1;
        if (hb[u] + !inner[v] < hb[v]) hb[v] = hb[u] + !inner[v];
      }
    }
    printf("source %u: reaches %u, max distance %d; tree depth %d vertices, %d branch vertices\n", s, k,
           k ? d[ord[k - 1]] : 0, mv, mb);
  }
  return 0;
}
