/* bitslice.c - how dense is a bit-sliced adjacency under four vertex orderings, and what do a full
 * sweep over it and one bottom-up BFS step read against CSR? The numbers behind a planned
 * bit-sliced BFS rung (docs/notes/bitslice.md). CPU only: the harness's reader, generators and
 * CSR build; the orderings and the count are serial.
 *
 * The format (this note's own definition): the renumbered adjacency matrix is cut into row blocks
 * of R rows; a block's slices are its R x 32 tiles that hold at least one edge, each stored as R
 * 32-bit words (one a row) plus a 4 B column-word index; a block has an 8 B offset into its list
 * of slices. Bytes = S (4 R + 4) + 8 (ceil(n / R) + 1) for S slices; CSR's = 4 m + 8 (n + 1).
 *
 * Usage: bitslice [-s] FILE | kron S | uniform S | grid W H | road N   (run by bitslice.sh) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "err.h"
#include "generate.h"
#include "graph.h"
#include "io.h"

#define SEED 27491095ULL /* the bench's default seed, degree 16, grid keep 0.85, road weights 1..255 */
enum { NORDERS = 4, NR = 3 };
static const int RS[NR] = {8, 16, 32};

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) { fprintf(stderr, "error: out of host memory\n"); exit(EXIT_INPUT); }
  return p;
}

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p) { fprintf(stderr, "error: out of host memory\n"); exit(EXIT_INPUT); }
  return p;
}

static vid_t deg(const graph_t *g, vid_t v) { return (vid_t)(g->offsets[v + 1] - g->offsets[v]); }

/* --- orderings: each fills order[new] = old --- */

/* highest degree first, ties by id: a stable counting sort */
static void order_degree(const graph_t *g, vid_t *order) {
  vid_t maxd = 0;
  for (vid_t v = 0; v < g->n; v++) if (deg(g, v) > maxd) maxd = deg(g, v);
  eid_t *cnt = xcalloc((size_t)maxd + 2, sizeof *cnt);
  for (vid_t v = 0; v < g->n; v++) cnt[maxd - deg(g, v) + 1]++;
  for (vid_t d = 1; d <= maxd + 1; d++) cnt[d] += cnt[d - 1];
  for (vid_t v = 0; v < g->n; v++) order[cnt[maxd - deg(g, v)]++] = v;
  free(cnt);
}

static const graph_t *g_sort;
static int by_degree(const void *a, const void *b) {
  vid_t x = *(const vid_t *)a, y = *(const vid_t *)b, dx = deg(g_sort, x), dy = deg(g_sort, y);
  if (dx != dy) return dx < dy ? -1 : 1;
  return (x > y) - (x < y);
}

/* BFS from root into order[tail..], marking seen; sorted: each vertex's new neighbours enter the
 * queue by increasing degree (Cuthill-McKee), else in CSR order. Returns the new tail. */
static vid_t bfs_into(const graph_t *g, vid_t root, int sorted, char *seen, vid_t *order, vid_t tail) {
  vid_t head = tail;
  order[tail++] = root;
  seen[root] = 1;
  while (head < tail) {
    vid_t u = order[head++], first = tail;
    for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      vid_t v = g->cols[e];
      if (!seen[v]) { seen[v] = 1; order[tail++] = v; }
    }
    if (sorted && tail - first > 1) qsort(order + first, tail - first, sizeof *order, by_degree);
  }
  return tail;
}

/* reverse Cuthill-McKee: each component from a vertex of least degree, the whole order reversed */
static void order_rcm(const graph_t *g, vid_t *order) {
  vid_t *bydeg = xmalloc(sizeof(vid_t) * g->n);
  char *seen = xcalloc(g->n, 1);
  order_degree(g, bydeg); /* descending: walk it from the end for the least degree unseen */
  g_sort = g;
  vid_t tail = 0;
  for (vid_t i = g->n; i-- > 0;)
    if (!seen[bydeg[i]]) tail = bfs_into(g, bydeg[i], 1, seen, order, tail);
  for (vid_t i = 0; i < g->n / 2; i++) {
    vid_t t = order[i]; order[i] = order[g->n - 1 - i]; order[g->n - 1 - i] = t;
  }
  free(seen); free(bydeg);
}

/* the cheaper locality order: plain BFS order from the highest-degree vertex, neighbours in CSR
 * order (no sort, no reversal); further components from the next unseen id */
static void order_bfs(const graph_t *g, vid_t *order) {
  char *seen = xcalloc(g->n, 1);
  vid_t hub = 0;
  for (vid_t v = 0; v < g->n; v++) if (deg(g, v) > deg(g, hub)) hub = v;
  vid_t tail = g->n ? bfs_into(g, hub, 0, seen, order, 0) : 0;
  for (vid_t v = 0; v < g->n; v++)
    if (!seen[v]) tail = bfs_into(g, v, 0, seen, order, tail);
  free(seen);
}

static const char *ORDER_NAME[NORDERS] = {"natural", "degree", "rcm", "bfs"};

/* order[new] = old for ordering k; returns its time in ms (serial) */
static double make_order(const graph_t *g, int k, vid_t *order) {
  double t0 = now_ms();
  if (k == 0) for (vid_t v = 0; v < g->n; v++) order[v] = v;
  if (k == 1) order_degree(g, order);
  if (k == 2) order_rcm(g, order);
  if (k == 3) order_bfs(g, order);
  return k ? now_ms() - t0 : 0.0;
}

/* --- the slices --- */

typedef struct {
  unsigned long long slices, nzwords; /* R x 32 tiles with an edge; 32-bit row words with an edge */
  int pass;                           /* every edge came back, none extra */
  unsigned long long seen, read;      /* peak bottom-up step: slices visited, slices read whole */
  unsigned long long blocks;          /* blocks with a row to do */
  double sectors;                     /* 32 B sectors of the step's reads (see sectors()) */
} slice_count_t;

/* One bottom-up step, the one after level L of a BFS: lvl[v] is v's level (old ids), fbits the
 * frontier (level L) as bits over new ids. */
typedef struct {
  const dist_t *lvl;
  dist_t L;
  const uint32_t *fbits;
} peak_t;

/* 32 B sectors of k contiguous 4 B words from an alignment spread evenly over a sector's 8 words */
static double sectors(unsigned long long k) {
  unsigned long long sum = 0;
  for (unsigned long long a = 0; a < 8 && k; a++) sum += (a + k - 1) / 8 + 1;
  return sum / 8.0;
}

static int tile_row_nonzero(const uint32_t *tile, vid_t ns, int R, int i) {
  for (vid_t s = 0; s < ns; s++) if (tile[(size_t)s * R + i]) return 1;
  return 0;
}

static const vid_t *g_wcol;
static int by_wcol(const void *a, const void *b) {
  vid_t x = g_wcol[*(const vid_t *)a], y = g_wcol[*(const vid_t *)b];
  return (x > y) - (x < y);
}

/* The block's share of the step: its slices in column order, each visited (its column index and
 * the frontier word there) and read whole (R words) only where that frontier word is nonzero, until
 * every row of level > L has met a frontier bit (a row's early exit is the block's only when all
 * its rows are done). Adds to sc's seen, read and blocks. */
static void peak_block(const peak_t *pk, const vid_t *order, vid_t r0, int rows, int R, const uint32_t *tile,
                       const vid_t *wcol, vid_t ns, vid_t *idx, slice_count_t *sc) {
  uint32_t need = 0;
  for (int i = 0; i < rows; i++) /* a row without edges can find no parent: a build marks it done */
    if (pk->lvl[order[r0 + i]] > pk->L && ns) need |= (uint32_t)(tile_row_nonzero(tile, ns, R, i)) << i;
  if (!need) return;
  sc->blocks++;
  unsigned long long seen0 = sc->seen;
  for (vid_t s = 0; s < ns; s++) idx[s] = s;
  g_wcol = wcol;
  qsort(idx, ns, sizeof *idx, by_wcol);
  for (vid_t k = 0; k < ns && need; k++) {
    vid_t s = idx[k];
    uint32_t f = pk->fbits[wcol[s]];
    sc->seen++;
    if (!f) continue;
    sc->read++;
    sc->sectors += R / 8; /* the R words, aligned: R = 8 is one sector */
    for (int i = 0; i < rows; i++)
      if ((need >> i & 1) && (tile[(size_t)s * R + i] & f)) need &= ~(1u << i);
  }
  sc->sectors += 0.25 + sectors(sc->seen - seen0); /* the block's offset (coalesced), its indices */
}

/* The same step over CSR rows renumbered and sorted: a row of level > L reads its neighbours in
 * increasing new id up to the first one on level L (all of them when none is). *sec: its sectors,
 * a quarter for the row's offsets (coalesced over a warp of rows) and those of its columns. */
static unsigned long long peak_csr(const graph_t *g, const vid_t *perm, const peak_t *pk,
                                   unsigned long long *rows_done, double *sec) {
  unsigned long long read = 0;
  *rows_done = 0;
  *sec = 0;
  for (vid_t u = 0; u < g->n; u++) {
    if (pk->lvl[u] <= pk->L || !deg(g, u)) continue;
    vid_t fmin = (vid_t)-1, before = 0;
    (*rows_done)++;
    for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++)
      if (pk->lvl[g->cols[e]] == pk->L && perm[g->cols[e]] < fmin) fmin = perm[g->cols[e]];
    for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) before += perm[g->cols[e]] < fmin;
    unsigned long long k = fmin == (vid_t)-1 ? deg(g, u) : before + 1u;
    read += k;
    *sec += 0.25 + sectors(k);
  }
  return read;
}

static int in_row(const graph_t *g, vid_t u, vid_t v) { /* v in u's sorted row? */
  eid_t lo = g->offsets[u], hi = g->offsets[u + 1];
  while (lo < hi) {
    eid_t mid = lo + (hi - lo) / 2;
    if (g->cols[mid] < v) lo = mid + 1; else hi = mid;
  }
  return lo < g->offsets[u + 1] && g->cols[lo] == v;
}

/* Rebuild rows r0 .. r0+rows-1 (new ids) from the block's ns tiles and compare with g: each set
 * bit must be an edge of g, and each row must hold exactly its degree of bits. Counts the nonzero
 * words; clears the tiles for the next block. */
static int check_block(const graph_t *g, const vid_t *order, vid_t r0, int rows, int R,
                       uint32_t *tile, const vid_t *wcol, vid_t ns, unsigned long long *nzw) {
  int ok = 1;
  for (int i = 0; i < rows; i++) {
    vid_t u = order[r0 + i], got = 0;
    for (vid_t s = 0; s < ns; s++) {
      uint32_t w = tile[(size_t)s * R + i];
      *nzw += w != 0;
      while (w) {
        vid_t c = wcol[s] * 32 + (vid_t)__builtin_ctz(w);
        w &= w - 1;
        ok &= c < g->n && in_row(g, u, order[c]);
        got++;
      }
    }
    ok &= got == deg(g, u);
  }
  for (vid_t s = 0; s < ns; s++) memset(tile + (size_t)s * R, 0, sizeof(uint32_t) * R);
  return ok;
}

/* Build the R-row slice format of g renumbered by order (perm = its inverse), one row block at a
 * time (a whole uniform graph's tiles at R = 32 would need about 1 GB), check each block at once. */
static slice_count_t build_slices(const graph_t *g, const vid_t *order, const vid_t *perm, int R,
                                  const peak_t *pk) {
  vid_t nw = (g->n + 31) / 32;
  uint32_t *tile = xcalloc((size_t)nw * R, sizeof *tile);
  vid_t *slot = xmalloc(sizeof(vid_t) * nw), *wcol = xmalloc(sizeof(vid_t) * nw);
  vid_t *stamp = xmalloc(sizeof(vid_t) * nw), *idx = xmalloc(sizeof(vid_t) * nw);
  for (vid_t w = 0; w < nw; w++) stamp[w] = (vid_t)-1;
  slice_count_t sc = {0, 0, 1, 0, 0, 0, 0.0};
  for (vid_t r0 = 0, b = 0; r0 < g->n; r0 += R, b++) {
    int rows = g->n - r0 < (vid_t)R ? (int)(g->n - r0) : R;
    vid_t ns = 0;
    for (int i = 0; i < rows; i++) {
      vid_t u = order[r0 + i];
      for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
        vid_t c = perm[g->cols[e]], w = c / 32;
        if (stamp[w] != b) { stamp[w] = b; slot[w] = ns; wcol[ns++] = w; } /* first edge in tile */
        tile[(size_t)slot[w] * R + i] |= 1u << (c % 32);
      }
    }
    sc.slices += ns;
    peak_block(pk, order, r0, rows, R, tile, wcol, ns, idx, &sc);
    sc.pass &= check_block(g, order, r0, rows, R, tile, wcol, ns, &sc.nzwords);
  }
  free(tile); free(slot); free(wcol); free(stamp); free(idx);
  return sc;
}

/* --- the graph and the table --- */

static int load(int argc, char **argv, graph_t *g, char *name, size_t len) {
  int sym = argc > 1 && !strcmp(argv[1], "-s");
  char **a = argv + 1 + sym;
  int na = argc - 1 - sym, rc;
  edgelist_t el;
  if (na == 2 && !strcmp(a[0], "kron")) {
    rc = gen_kronecker(atoi(a[1]), 16, SEED, &el); snprintf(name, len, "kron%s", a[1]);
  } else if (na == 2 && !strcmp(a[0], "uniform")) {
    rc = gen_uniform(atoi(a[1]), 16, SEED, &el); snprintf(name, len, "uniform%s", a[1]);
  } else if (na == 3 && !strcmp(a[0], "grid")) {
    rc = gen_grid((vid_t)atol(a[1]), (vid_t)atol(a[2]), 0.85, SEED, &el);
    snprintf(name, len, "grid%sx%s", a[1], a[2]);
  } else if (na == 2 && !strcmp(a[0], "road")) {
    rc = gen_road((vid_t)atol(a[1]), NULL, 255, SEED, &el); gen_road_name((vid_t)atol(a[1]), NULL, name, len);
  } else if (na == 1) {
    const char *base = strrchr(a[0], '/');
    rc = io_read(a[0], &el); snprintf(name, len, "%s%s", base ? base + 1 : a[0], sym ? " -s" : "");
  } else {
    fprintf(stderr, "usage: bitslice [-s] FILE | kron S | uniform S | grid W H | road N\n");
    return EXIT_INPUT;
  }
  if (rc) { fprintf(stderr, "error: %s\n", fail_message()); return rc; }
  build_opts_t bo = {sym, 0, 0};
  rc = graph_build(&el, &bo, g, NULL);
  el_free(&el);
  if (rc) fprintf(stderr, "error: %s\n", fail_message());
  return rc;
}

/* BFS levels (serial, top-down) from the first vertex with an edge at or after SEED mod n (not a
 * hub, and not the root of the bfs ordering). Returns the level L after which step 10's rule
 * (alpha = 15) first goes bottom-up: 15 m_f > m_u, the frontier's edges against the unvisited
 * vertices' edges; *rule = 0 where that comes only after the busiest level (high diameter: the
 * tail's few vertices), and L is then the level whose frontier has the most edges, a what-if. */
static dist_t peak_level(const graph_t *g, dist_t *lvl, vid_t *queue, vid_t *src, int *rule) {
  vid_t s = 0, head = 0, tail = 0;
  for (vid_t v = 0; v < g->n; v++) lvl[v] = DIST_INF;
  for (vid_t i = 0; i < g->n; i++) { s = (vid_t)((SEED + i) % g->n); if (deg(g, s)) break; }
  *src = s; *rule = 0;
  if (!g->n) return 0;
  lvl[s] = 0; queue[tail++] = s;
  while (head < tail) {
    vid_t u = queue[head++];
    for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++)
      if (lvl[g->cols[e]] == DIST_INF) { lvl[g->cols[e]] = lvl[u] + 1; queue[tail++] = g->cols[e]; }
  }
  dist_t depth = lvl[queue[tail - 1]];
  eid_t *me = xcalloc((size_t)depth + 1, sizeof *me), unv = 0; /* edges a level; all edges left */
  for (vid_t v = 0; v < g->n; v++) { unv += deg(g, v); if (lvl[v] != DIST_INF) me[lvl[v]] += deg(g, v); }
  dist_t L = -1, busiest = 0;
  for (dist_t l = 0; l <= depth; l++) {
    unv -= me[l]; /* now the edges of the vertices above level l */
    if (L < 0 && 15 * me[l] > unv) L = l;
    if (me[l] > me[busiest]) busiest = l;
  }
  free(me);
  *rule = L >= 0 && L <= busiest; /* else only the last levels' few vertices go bottom-up */
  return *rule ? L : busiest;
}

typedef struct {
  double ms;
  int ok;
  slice_count_t sc[NR];
  unsigned long long csr_read, csr_rows;
  double csr_sectors;
} result_t;

/* ordering k: its time, the slices for every R (checked), the peak step over slices and CSR */
static result_t run_order(const graph_t *g, int k, const dist_t *lvl, dist_t L, vid_t *order, vid_t *perm,
                          uint32_t *fbits) {
  result_t res;
  res.ms = make_order(g, k, order);
  res.ok = 1;
  for (vid_t v = 0; v < g->n; v++) perm[v] = (vid_t)-1;
  for (vid_t i = 0; i < g->n; i++) {
    res.ok &= order[i] < g->n && perm[order[i]] == (vid_t)-1;
    perm[order[i]] = i;
  }
  if (!res.ok) return res; /* not a permutation: nothing below is meaningful */
  memset(fbits, 0, sizeof(uint32_t) * ((g->n + 31) / 32));
  for (vid_t v = 0; v < g->n; v++) if (lvl[v] == L) fbits[perm[v] / 32] |= 1u << (perm[v] % 32);
  peak_t pk = {lvl, L, fbits};
  for (int r = 0; r < NR; r++) {
    res.sc[r] = build_slices(g, order, perm, RS[r], &pk);
    /* a row word is nonzero whatever R is */
    res.ok &= res.sc[r].pass && res.sc[r].nzwords == res.sc[0].nzwords;
  }
  res.csr_read = peak_csr(g, perm, &pk, &res.csr_rows, &res.csr_sectors);
  return res;
}

/* bytes of the format: every slice's index and R words, every block's offset */
static double slice_bytes(unsigned long long slices, unsigned long long blocks, int R) {
  return slices * (4.0 * R + 4) + 8.0 * blocks;
}

/* bytes of the peak step: an index a slice visited, R words a slice read, an offset a block */
static double step_bytes(const slice_count_t *sc, int R) {
  return sc->seen * 4.0 + sc->read * 4.0 * R + 8.0 * sc->blocks;
}

static void print_tables(const graph_t *g, const result_t *res, vid_t src, dist_t L, int rule,
                         const dist_t *lvl) {
  double csr = 4.0 * g->m + 8.0 * (g->n + 1.0);
  printf("%-8s %9s %10s %5s", "order", "order_ms", "nz_words", "e/w");
  for (int r = 0; r < NR; r++) printf(" | R=%-2d %9s %5s %6s", RS[r], "slices", "e/sl", "B/CSR");
  printf(" | check\n");
  for (int k = 0; k < NORDERS; k++) {
    const result_t *x = res + k;
    printf("%-8s %9.1f %10llu %5.2f", ORDER_NAME[k], x->ms, x->sc[0].nzwords,
           x->sc[0].nzwords ? (double)g->m / x->sc[0].nzwords : 0.0);
    for (int r = 0; r < NR; r++)
      printf(" |      %9llu %5.2f %6.2f", x->sc[r].slices,
             x->sc[r].slices ? (double)g->m / x->sc[r].slices : 0.0,
             slice_bytes(x->sc[r].slices, (g->n + RS[r] - 1) / RS[r] + 1, RS[r]) / csr);
    printf(" | %s\n", x->ok ? "PASS" : "FAIL");
  }
  vid_t nf = 0;
  eid_t mf = 0;
  for (vid_t v = 0; v < g->n; v++) if (lvl[v] == L) { nf++; mf += deg(g, v); }
  printf("bottom-up step after level %d from vertex %" PRIvid " (%s)\n", L, src,
         rule ? "the first that alpha 15 takes bottom-up"
              : "the busiest level; alpha 15 goes bottom-up only in the tail");
  printf("frontier %" PRIvid " vertices, %" PRIeid " edges (top-down reads %.2f MB); rows to do %llu:\n",
         nf, mf, (4.0 * mf + 8.0 * nf) / 1e6, res[0].csr_rows);
  printf("%-8s %10s %6s", "order", "csr_edges", "MB");
  for (int r = 0; r < NR; r++) printf(" | R=%-2d %8s %8s %6s %5s", RS[r], "visited", "read", "B/CSR", "S/CSR");
  printf("\n");
  for (int k = 0; k < NORDERS; k++) {
    const result_t *x = res + k;
    double cb = 4.0 * x->csr_read + 8.0 * x->csr_rows; /* columns read + each row's offsets */
    printf("%-8s %10llu %6.2f", ORDER_NAME[k], x->csr_read, cb / 1e6);
    for (int r = 0; r < NR; r++)
      printf(" |      %8llu %8llu %6.2f %5.2f", x->sc[r].seen, x->sc[r].read,
             cb ? step_bytes(x->sc + r, RS[r]) / cb : 0.0,
             x->csr_sectors ? x->sc[r].sectors / x->csr_sectors : 0.0);
    printf("\n");
  }
}

int main(int argc, char **argv) {
  graph_t g;
  char name[256];
  int rc = load(argc, argv, &g, name, sizeof name);
  if (rc) return rc;
  printf("%s: %" PRIvid " vertices, %" PRIeid " directed edges, %s; CSR %.1f MB\n", name, g.n, g.m,
         g.symmetric ? "symmetric" : "directed", (4.0 * g.m + 8.0 * (g.n + 1.0)) / 1e6);
  vid_t *order = xmalloc(sizeof(vid_t) * g.n), *perm = xmalloc(sizeof(vid_t) * g.n), src;
  dist_t *lvl = xmalloc(sizeof(dist_t) * g.n);
  uint32_t *fbits = xmalloc(sizeof(uint32_t) * ((g.n + 31) / 32));
  int rule;
  dist_t L = peak_level(&g, lvl, order, &src, &rule);
  result_t res[NORDERS];
  int all = 1;
  for (int k = 0; k < NORDERS; k++) {
    res[k] = run_order(&g, k, lvl, L, order, perm, fbits);
    all &= res[k].ok;
  }
  print_tables(&g, res, src, L, rule, lvl);
  free(order); free(perm); free(lvl); free(fbits); graph_free(&g);
  return all ? 0 : EXIT_VERIFY;
}
