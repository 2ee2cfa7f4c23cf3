/* periphery.c - how much of a road network is periphery (the trees hanging off its 2-core) and
 * chains of the core, and how shallow are the shortest-path trees once both are contracted? The
 * numbers behind docs/notes/periphery.md. CPU only and serial: the harness's reader, generators,
 * CSR build, weights (1..255, the harness's default seed, when the graph has none) and Dijkstra.
 * Each source's answer from the contracted graph (a lifted source, Dijkstra on the core's branch
 * vertices, then the chain and periphery fills) is compared with Dijkstra on the whole graph.
 * Usage: periphery (FILE | --road N [--road-mix D1,D2,D3,D4] | -G WxH [--keep P]) [-R K | -A | SRC...]
 * [-q] (run by docs/notes/periphery.sh). Sources: those listed, else every vertex (-A), else the
 * K (4) of the harness's -R K. -q: no line per source. Exit 1 when a source differs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "err.h"
#include "generate.h"
#include "graph.h"
#include "io.h"
#include "oracle.h"
#include "heap.h" /* the notes' heap of (distance, vertex) pairs */
#include "load.h" /* the notes' graph from the command line (SEED, load) */

#define NONE ((vid_t)-1)
enum { PERI = 0, CHAIN = 1, BRANCH = 2 }; /* kind of a vertex: periphery, core degree 2, core >= 3 */

typedef struct {
  char *kind;        /* PERI, CHAIN, BRANCH                                        */
  vid_t *parent;     /* periphery: the neighbour towards the core (NONE: a tree's
                        own root, in a component without a core)                   */
  weight_t *pw;      /* the weight of the edge to parent                           */
  vid_t *root, *top; /* periphery: the core vertex its tree hangs off (or the tree's
                        own root), and the tree's first vertex below it            */
  dist_t *pr;        /* periphery: distance to root along the tree                 */
  int *hops;         /* periphery: edges to root                                   */
  vid_t *cend;       /* chain: the branch vertex at each end (2 a vertex)          */
  dist_t *cpos;      /* chain: distance to that end                                */
  eid_t *off;        /* the contracted graph (original ids; rows of branch
                        vertices only): one edge per core edge of a branch vertex,
                        to a branch neighbour or across a chain to its far end     */
  vid_t *cols;
  weight_t *w;
  vid_t ncore, nchain, nbranch, ntrees, ncoreless, nisolated, largest, ncycle;
  int deepest;
  eid_t bb;          /* directed branch-to-branch edges among off's               */
} contr_t;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p) { fprintf(stderr, "out of memory\n"); exit(2); }
  return p;
}

/* Peel vertices of degree <= 1 until none is left: what stays is the 2-core. Each peeled vertex
 * keeps the one neighbour not yet peeled as its parent: every edge at a peeled vertex is then a
 * parent edge, so the periphery is a forest, each tree joined to the core by one edge. */
static void peel(const graph_t *g, contr_t *c, vid_t *order) {
  vid_t n = g->n, head = 0, tail = 0;
  vid_t *deg = xcalloc(n, sizeof *deg);
  for (vid_t v = 0; v < n; v++) {
    deg[v] = (vid_t)(g->offsets[v + 1] - g->offsets[v]);
    c->kind[v] = BRANCH; /* core until peeled; CHAIN is set later */
    if (deg[v] <= 1) order[tail++] = v;
  }
  while (head < tail) {
    vid_t v = order[head++];
    c->kind[v] = PERI;
    c->parent[v] = NONE;
    for (eid_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) {
      vid_t u = g->cols[e];
      if (c->kind[u] == PERI) continue;
      c->parent[v] = u; /* the only neighbour not peeled */
      c->pw[v] = g->weights[e];
      if (--deg[u] == 1) order[tail++] = u;
    }
  }
  c->ncore = n - tail;
  free(deg);
}

/* Root, top, distance and hops to the root, in reverse peel order (a parent is peeled after its
 * children, or is in the core); the trees' counts and sizes. */
static void trees(const graph_t *g, contr_t *c, const vid_t *order) {
  vid_t np = g->n - c->ncore;
  vid_t *size = xcalloc(g->n, sizeof *size);
  for (vid_t i = np; i-- > 0;) {
    vid_t v = order[i], p = c->parent[v];
    if (p == NONE) { /* a component without a core: v is its tree's root */
      c->root[v] = c->top[v] = v; c->pr[v] = 0; c->hops[v] = 0;
      c->ncoreless++;
      c->nisolated += g->offsets[v + 1] == g->offsets[v];
    } else if (c->kind[p] != PERI) {
      c->root[v] = p; c->top[v] = v; c->pr[v] = c->pw[v]; c->hops[v] = 1;
      c->ntrees++;
    } else {
      c->root[v] = c->root[p]; c->top[v] = c->top[p];
      c->pr[v] = c->pr[p] + c->pw[v]; c->hops[v] = c->hops[p] + 1;
    }
    if (c->parent[c->top[v]] != NONE) { /* a tree hanging off the core */
      if (++size[c->top[v]] > c->largest) c->largest = size[c->top[v]];
      if (c->hops[v] > c->deepest) c->deepest = c->hops[v];
    }
  }
  free(size);
}

/* The core neighbour of chain vertex x that is not prev, and the edge's weight. */
static vid_t core_next(const graph_t *g, const contr_t *c, vid_t x, vid_t prev, weight_t *w) {
  for (eid_t e = g->offsets[x]; e < g->offsets[x + 1]; e++)
    if (c->kind[g->cols[e]] != PERI && g->cols[e] != prev) { *w = g->weights[e]; return g->cols[e]; }
  return NONE; /* not reached: a core vertex has two core neighbours */
}

/* Kinds within the core, then the contracted graph: from each branch vertex, each core edge is
 * kept (to a branch vertex) or walked across its chain to the far end; the walk records, for
 * each chain vertex it passes, the end it started from and the distance to it. */
static void chains(const graph_t *g, contr_t *c) {
  vid_t n = g->n;
  unsigned char *nrec = xcalloc(n, 1);
  c->off = xcalloc((size_t)n + 1, sizeof *c->off);
  for (vid_t v = 0; v < n; v++) {
    vid_t cd = 0;
    if (c->kind[v] != PERI)
      for (eid_t e = g->offsets[v]; e < g->offsets[v + 1]; e++) cd += c->kind[g->cols[e]] != PERI;
    if (c->kind[v] != PERI) c->kind[v] = cd == 2 ? CHAIN : BRANCH;
    c->nchain += c->kind[v] == CHAIN;
    c->off[v + 1] = c->off[v] + (c->kind[v] == BRANCH ? cd : 0);
  }
  c->nbranch = c->ncore - c->nchain;
  c->cols = xcalloc(c->off[n], sizeof *c->cols);
  c->w = xcalloc(c->off[n], sizeof *c->w);
  for (vid_t b = 0; b < n; b++) {
    if (c->kind[b] != BRANCH) continue;
    eid_t k = c->off[b];
    for (eid_t e = g->offsets[b]; e < g->offsets[b + 1]; e++) {
      vid_t prev = b, x = g->cols[e];
      long long sum = g->weights[e];
      if (c->kind[x] == PERI) continue;
      c->bb += c->kind[x] == BRANCH;
      for (vid_t len = 0; c->kind[x] == CHAIN && len < n; len++) {
        weight_t w = 0;
        vid_t nx = core_next(g, c, x, prev, &w);
        c->cend[2 * (size_t)x + nrec[x]] = b;
        c->cpos[2 * (size_t)x + nrec[x]++] = (dist_t)sum;
        prev = x; x = nx; sum += w;
      }
      if (sum >= DIST_INF) { fprintf(stderr, "a chain weighs more than int32\n"); exit(2); }
      c->cols[k] = x; c->w[k++] = (weight_t)sum;
    }
  }
  for (vid_t v = 0; v < n; v++) c->ncycle += c->kind[v] == CHAIN && nrec[v] == 0;
  free(nrec);
}

/* Dijkstra over the contracted graph, from every vertex whose d is already finite (the lifted
 * source), with heap.h's heap; stale pairs are skipped when popped. */
static void dijkstra_seeded(const contr_t *c, vid_t n, dist_t *d) {
  item_t *h = xcalloc((size_t)c->off[n] + n, sizeof *h);
  size_t len = 0;
  for (vid_t v = 0; v < n; v++)
    if (d[v] != DIST_INF) heap_push(h, &len, (item_t){d[v], v});
  while (len) {
    item_t it = heap_pop(h, &len);
    if (it.d != d[it.v]) continue;
    for (eid_t e = c->off[it.v]; e < c->off[it.v + 1]; e++) {
      long long nd = it.d + c->w[e];
      vid_t x = c->cols[e];
      if (nd < d[x]) { d[x] = (dist_t)nd; heap_push(h, &len, (item_t){nd, x}); }
    }
  }
  free(h);
}

static void lower(dist_t *d, vid_t v, long long x) {
  if (x < d[v]) d[v] = (dist_t)x;
}

/* The source, lifted onto the contracted graph: from a source in a tree, the path to its root
 * (each vertex on it marked with its distance); then, if that core vertex is a chain vertex, its
 * chain walked both ways to the branch vertices at its ends (the Dijkstra's seeds). Returns the
 * first core vertex, or NONE (a source in a component without a core). */
static vid_t lift(const graph_t *g, const contr_t *c, vid_t s, dist_t *d, char *mark) {
  vid_t x = s;
  long long acc = 0;
  while (c->kind[x] == PERI) {
    d[x] = (dist_t)acc; mark[x] = 1;
    if (c->parent[x] == NONE) return NONE;
    acc += c->pw[x]; x = c->parent[x];
  }
  d[x] = (dist_t)acc;
  if (c->kind[x] != CHAIN) return x;
  for (eid_t e = g->offsets[x]; e < g->offsets[x + 1]; e++) { /* both ways along the chain */
    vid_t prev = x, y = g->cols[e];
    long long sum = acc + g->weights[e];
    if (c->kind[y] == PERI) continue;
    for (vid_t len = 0; c->kind[y] == CHAIN && y != x && len < g->n; len++) {
      weight_t w = 0;
      vid_t ny = core_next(g, c, y, prev, &w);
      lower(d, y, sum);
      prev = y; y = ny; sum += w;
    }
    if (y != x) lower(d, y, sum); /* a branch vertex: a seed of the Dijkstra */
  }
  return x;
}

/* Every distance from s: lift, Dijkstra on the branch vertices, then the chain fill (each chain
 * vertex: the better of its two ends' offers, or the lift's own walk) and the periphery fill
 * (d(root) + distance to the root; in the source's own tree, from the first marked ancestor). */
static void solve(const graph_t *g, const contr_t *c, vid_t s, dist_t *d, char *mark) {
  vid_t n = g->n;
  for (vid_t v = 0; v < n; v++) { d[v] = DIST_INF; mark[v] = 0; }
  if (lift(g, c, s, d, mark) != NONE) dijkstra_seeded(c, n, d);
  for (vid_t x = 0; x < n; x++)
    if (c->kind[x] == CHAIN)
      for (int k = 0; k < 2; k++) {
        vid_t e = c->cend[2 * (size_t)x + k];
        if (e != NONE && d[e] != DIST_INF) lower(d, x, (long long)d[e] + c->cpos[2 * (size_t)x + k]);
      }
  int in_tree = c->kind[s] == PERI;
  for (vid_t v = 0; v < n; v++) {
    if (c->kind[v] != PERI || mark[v]) continue;
    vid_t a = c->root[v];
    if (in_tree && c->top[v] == c->top[s]) /* the source's own tree: up to the path from s */
      for (a = v; !mark[a]; a = c->parent[a]) {}
    if (d[a] != DIST_INF) lower(d, v, (long long)d[a] + c->pr[v] - (c->kind[a] == PERI ? c->pr[a] : 0));
  }
}

/* The most vertices (counted by cost, NULL: each 1) on a shortest path from the seeds (0), over
 * the tight edges of (off, cols, w) in distance order: ord holds the k reached vertices sorted by
 * d (weights >= 1, so a tight edge goes to a larger distance). */
static int spt_depth(const eid_t *off, const vid_t *cols, const weight_t *w, vid_t n, const dist_t *d,
                     const vid_t *ord, vid_t k, const char *seed, const char *cost, int *hop) {
  int best = 0;
  for (vid_t v = 0; v < n; v++) hop[v] = seed[v] ? 0 : 1 << 30;
  for (vid_t i = 0; i < k; i++) {
    vid_t u = ord[i];
    if (hop[u] == 1 << 30) continue;
    if (hop[u] > best) best = hop[u];
    for (eid_t e = off[u]; e < off[u + 1]; e++) {
      vid_t v = cols[e];
      int h = hop[u] + (cost ? cost[v] : 1);
      if ((long long)d[u] + w[e] == d[v] && h < hop[v]) hop[v] = h;
    }
  }
  return best;
}

static const dist_t *g_dist;
static int by_dist(const void *a, const void *b) {
  dist_t x = g_dist[*(const vid_t *)a], y = g_dist[*(const vid_t *)b];
  return (x > y) - (x < y);
}


static contr_t contract(const graph_t *g, double *ms) {
  vid_t n = g->n;
  contr_t c;
  memset(&c, 0, sizeof c);
  c.kind = xcalloc(n, 1);
  c.parent = xcalloc(n, sizeof *c.parent); c.pw = xcalloc(n, sizeof *c.pw);
  c.root = xcalloc(n, sizeof *c.root); c.top = xcalloc(n, sizeof *c.top);
  c.pr = xcalloc(n, sizeof *c.pr); c.hops = xcalloc(n, sizeof *c.hops);
  c.cend = xcalloc(2 * (size_t)n, sizeof *c.cend); c.cpos = xcalloc(2 * (size_t)n, sizeof *c.cpos);
  vid_t *order = xcalloc(n, sizeof *order);
  for (size_t i = 0; i < 2 * (size_t)n; i++) c.cend[i] = NONE;
  double t0 = now_ms(); /* the allocations above are not timed */
  peel(g, &c, order);
  trees(g, &c, order);
  chains(g, &c);
  *ms = now_ms() - t0;
  free(order);
  return c;
}

static void print_shape(const graph_t *g, const contr_t *c, double ms) {
  double f[6], pc = 100.0 / g->n;
  vid_t inner = 0, np = g->n - c->ncore;
  gen_degree_mix(g, f);
  for (vid_t v = 0; v < g->n; v++) inner += g->offsets[v + 1] - g->offsets[v] == 2;
  eid_t rows16 = g->m - 2 * (eid_t)inner; /* step 16 relaxes the rows of degree != 2 */
  eid_t kept = (c->off[g->n] - c->bb) / 2 + c->bb / 2; /* a chain is walked from both ends */
  printf("  degrees 1/2/3/4/other: %.1f/%.1f/%.1f/%.1f/%.1f %%\n", 100 * f[1], 100 * f[2], 100 * f[3],
         100 * f[4], 100 * (f[0] + f[5]));
  printf("  periphery: %u vertices (%.1f %%) in %u trees off the core, largest %u vertices, deepest %d "
         "edges; %u components without a core (%u isolated vertices)\n", np, np * pc, c->ntrees,
         c->largest, c->deepest, c->ncoreless, c->nisolated);
  printf("  2-core: %u vertices (%.1f %%): %u of degree 2 in the core (chains; %u on cycles without a "
         "branch vertex), %u branch (degree >= 3 in the core)\n", c->ncore, c->ncore * pc, c->nchain,
         c->ncycle, c->nbranch);
  printf("  contracted graph: %llu of %llu edges (%llu branch-to-branch, %llu chains crossed)\n",
         (unsigned long long)kept, (unsigned long long)g->m / 2, (unsigned long long)c->bb / 2,
         (unsigned long long)(kept - c->bb / 2));
  printf("  loop vertices: %u all, %u with chains (degree != 2, step 16), %u with periphery + chains "
         "(%.1f %%)\n", g->n, g->n - inner, c->nbranch, c->nbranch * pc);
  printf("  loop rows (directed edges): %llu all, %llu with chains, %llu with periphery + chains\n",
         (unsigned long long)g->m, (unsigned long long)rows16, (unsigned long long)c->off[g->n]);
  printf("  contraction (peel, trees, chains, contracted CSR): %.1f ms, serial, one thread\n", ms);
}

/* One source: the oracle, the contracted answer compared on every vertex, the three depths. */
static int run_source(const graph_t *g, const contr_t *c, vid_t s, const char *cost16, long long sum[3],
                      int quiet) {
  vid_t n = g->n, k = 0;
  dist_t *ref = xcalloc(n, sizeof *ref), *d = xcalloc(n, sizeof *d);
  char *mark = xcalloc(n, 1), *seed = xcalloc(n, 1);
  vid_t *ord = xcalloc(n, sizeof *ord);
  int *hop = xcalloc(n, sizeof *hop);
  double t0 = now_ms();
  if (oracle_dijkstra(g, s, ref)) { fprintf(stderr, "error: %s\n", fail_message()); exit(2); }
  double t1 = now_ms();
  solve(g, c, s, d, mark);
  double t2 = now_ms();
  vid_t bad = 0;
  for (vid_t v = 0; v < n; v++) bad += d[v] != ref[v];
  for (vid_t v = 0; v < n; v++) if (ref[v] != DIST_INF) ord[k++] = v;
  g_dist = ref;
  qsort(ord, k, sizeof *ord, by_dist);
  seed[s] = 1;
  int dv = spt_depth(g->offsets, g->cols, g->weights, n, ref, ord, k, seed, NULL, hop);
  int dc = spt_depth(g->offsets, g->cols, g->weights, n, ref, ord, k, seed, cost16, hop);
  /* the contracted loop starts from the lifted source: the branch vertices it seeds are at 0 */
  memset(seed, 0, n);
  for (vid_t v = 0; v < n; v++) mark[v] = 0;
  for (vid_t v = 0; v < n; v++) d[v] = DIST_INF;
  if (lift(g, c, s, d, mark) != NONE)
    for (vid_t v = 0; v < n; v++) seed[v] = c->kind[v] == BRANCH && d[v] != DIST_INF;
  int dp = spt_depth(c->off, c->cols, c->w, n, ref, ord, k, seed, NULL, hop);
  sum[0] += dv; sum[1] += dc; sum[2] += dp;
  static const char *kinds[] = {"in a tree", "on a chain", "branch"};
  if (!quiet)
    printf("  source %u (%s): reaches %u; shortest-path tree depth in vertices: %d all, %d chains, %d "
           "periphery + chains; %s (%u of %u differ); Dijkstra %.1f ms, contracted + fills %.1f ms\n",
           s, kinds[(int)c->kind[s]], k, dv, dc, dp, bad ? "FAIL" : "PASS", bad, n, t1 - t0, t2 - t1);
  free(ref); free(d); free(mark); free(seed); free(ord); free(hop);
  return bad != 0;
}

/* The sources: those listed, else every vertex (-A), else the harness's -R K draw (4). */
static vid_t *sources(int argc, char **argv, int i, const graph_t *g, vid_t *k, int *quiet) {
  vid_t *src = xcalloc((size_t)argc + g->n, sizeof *src), nsrc = 4;
  int all = 0;
  *k = 0;
  for (; i < argc; i++) {
    if (!strcmp(argv[i], "-R") && i + 1 < argc) nsrc = (vid_t)atoi(argv[++i]);
    else if (!strcmp(argv[i], "-A")) all = 1;
    else if (!strcmp(argv[i], "-q")) *quiet = 1;
    else {
      src[*k] = (vid_t)strtoul(argv[i], NULL, 10);
      if (src[(*k)++] >= g->n) { fprintf(stderr, "source %s: out of range\n", argv[i]); exit(2); }
    }
  }
  if (*k) return src;
  if (all)
    for (vid_t v = 0; v < g->n; v++) src[(*k)++] = v;
  else {
    *k = nsrc < 64 ? nsrc : 64;
    graph_random_sources(g, SEED, src, (int)*k); /* the harness's -R K */
  }
  return src;
}

int main(int argc, char **argv) {
  int i = 1, quiet = 0;
  graph_t g, gs;
  char name[128];
  memset(&gs, 0, sizeof gs);
  load("periphery", argc, argv, &i, &g, &gs, name, sizeof name);
  printf("%s: %u vertices, %llu edges, %s\n", name, g.n, (unsigned long long)(g.symmetric ? g.m / 2 : g.m),
         g.symmetric ? "symmetric" : "directed");
  double ms = 0;
  if (!g.symmetric) { /* the fills here use one weight an edge, both ways: the shape only */
    contr_t c = contract(&gs, &ms);
    printf("  directed: no contraction or sources here; its undirected shape, for scale:\n");
    print_shape(&gs, &c, ms);
    return 0;
  }
  contr_t c = contract(&g, &ms);
  print_shape(&g, &c, ms);
  /* step 16's cost: 1 a vertex of degree != 2 (graph_build left no self-loop or duplicate, so
   * degree 2 is step 16's inner vertex: two distinct neighbours) */
  char *cost16 = xcalloc(g.n, 1);
  for (vid_t v = 0; v < g.n; v++) cost16[v] = g.offsets[v + 1] - g.offsets[v] != 2;
  vid_t k = 0, fails = 0, kinds[3] = {0, 0, 0};
  vid_t *src = sources(argc, argv, i, &g, &k, &quiet);
  long long sum[3] = {0, 0, 0};
  for (vid_t j = 0; j < k; j++) {
    fails += run_source(&g, &c, src[j], cost16, sum, quiet);
    kinds[(int)c.kind[src[j]]]++;
  }
  printf("  %u sources (%u in a tree, %u on a chain, %u branch): %u FAIL; depth summed: %lld all, %lld "
         "chains, %lld periphery + chains (%.1f %% fewer than chains)\n", k, kinds[PERI], kinds[CHAIN],
         kinds[BRANCH], fails, sum[0], sum[1], sum[2], sum[1] ? 100.0 - 100.0 * sum[2] / sum[1] : 0.0);
  return fails ? 1 : 0;
}
