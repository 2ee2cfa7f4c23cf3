/* bitslice.cuh - step 18's host side: the vertex orders, the relabel and the
 * slice build, plain C (the unit tests build it with the C compiler:
 * tests/unit/test_bitslice.c). The bottom-up level over the slices and the
 * program glue stay in step 18's bfs.cu; the lesson is steps/18_bitslice/.
 */
#ifndef BITSLICE_CUH
#define BITSLICE_CUH

#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "graph.h"

/* NEW(18): the knob order */
enum { ORDER_NONE = 0, ORDER_DEGREE, ORDER_BFS, ORDER_RCM };

/* Vertices by degree, highest first (desc) or lowest first, stable: a counting sort. */
static inline int bs_by_degree(const graph_t *h, int desc, vid_t *out) {
  vid_t n = h->n, md = 0;
  for (vid_t v = 0; v < n; v++)
    if (h->offsets[v + 1] - h->offsets[v] > md) md = (vid_t)(h->offsets[v + 1] - h->offsets[v]);
  eid_t *cnt = (eid_t *)calloc((size_t)md + 2, sizeof(eid_t));
  if (!cnt) return fail(EXIT_INPUT, "out of host memory (degree order)");
  for (vid_t v = 0; v < n; v++) {
    vid_t d = (vid_t)(h->offsets[v + 1] - h->offsets[v]);
    cnt[(desc ? md - d : d) + 1]++;
  }
  for (vid_t d = 0; d <= md; d++) cnt[d + 1] += cnt[d];
  for (vid_t v = 0; v < n; v++) {
    vid_t d = (vid_t)(h->offsets[v + 1] - h->offsets[v]);
    out[cnt[desc ? md - d : d]++] = v;
  }
  free(cnt);
  return 0;
}

/* The locality orders, old ids in their new order: BFS from the highest-degree
 * vertex, neighbours in CSR order (bfs); reverse Cuthill-McKee (rcm): each
 * component from its lowest-degree vertex, each vertex's new neighbours by
 * increasing degree, the whole order reversed. A vertex no BFS reached seeds
 * the next (by degree). Out-edges only: an order is never a correctness matter. */
static const eid_t *bs_key; /* qsort's key, the offsets (C11 has no qsort_r) */
static inline int bs_cmp_deg(const void *x, const void *y) {
  vid_t a = *(const vid_t *)x, b = *(const vid_t *)y;
  eid_t da = bs_key[a + 1] - bs_key[a], db = bs_key[b + 1] - bs_key[b];
  return da != db ? (da < db ? -1 : 1) : (a < b ? -1 : a > b);
}
static inline int bs_bfs_order(const graph_t *h, int rcm, vid_t *order) {
  vid_t n = h->n, head = 0, tail = 0;
  vid_t *seeds = (vid_t *)malloc((size_t)(n ? n : 1) * sizeof(vid_t));
  unsigned char *seen = (unsigned char *)calloc(n ? n : 1, 1);
  if (!seeds || !seen || bs_by_degree(h, !rcm, seeds)) {
    free(seeds);
    free(seen);
    return fail(EXIT_INPUT, "out of host memory (%s order)", rcm ? "rcm" : "bfs");
  }
  bs_key = h->offsets;
  for (vid_t i = 0; i < n; i++) {
    if (seen[seeds[i]]) continue;
    seen[seeds[i]] = 1;
    order[tail++] = seeds[i];
    while (head < tail) {
      vid_t u = order[head++], t0 = tail;
      for (eid_t e = h->offsets[u]; e < h->offsets[u + 1]; e++)
        if (!seen[h->cols[e]]) {
          seen[h->cols[e]] = 1;
          order[tail++] = h->cols[e];
        }
      if (rcm && tail - t0 > 1) qsort(order + t0, tail - t0, sizeof(vid_t), bs_cmp_deg);
    }
  }
  for (vid_t i = 0; rcm && i < n / 2; i++) {
    vid_t t = order[i];
    order[i] = order[n - 1 - i];
    order[n - 1 - i] = t;
  }
  free(seeds);
  free(seen);
  return 0;
}

static inline int bs_cmp_vid(const void *x, const void *y) {
  vid_t a = *(const vid_t *)x, b = *(const vid_t *)y;
  return a < b ? -1 : a > b;
}

/* The CSR renumbered: row perm[v] holds perm of v's neighbours, ascending. */
static inline int bs_relabel(const graph_t *h, const vid_t *perm, graph_t *o) {
  vid_t n = h->n;
  o->n = n;
  o->m = h->m;
  o->weights = NULL;
  o->symmetric = h->symmetric;
  o->offsets = (eid_t *)calloc((size_t)n + 1, sizeof(eid_t));
  o->cols = (vid_t *)malloc((size_t)(h->m ? h->m : 1) * sizeof(vid_t));
  if (!o->offsets || !o->cols) return fail(EXIT_INPUT, "out of host memory (relabel)");
  for (vid_t v = 0; v < n; v++) o->offsets[perm[v] + 1] = h->offsets[v + 1] - h->offsets[v];
  for (vid_t v = 0; v < n; v++) o->offsets[v + 1] += o->offsets[v];
#pragma omp parallel for schedule(dynamic, 1024)
  for (long long v = 0; v < (long long)n; v++) {
    vid_t *row = o->cols + o->offsets[perm[v]];
    eid_t d = h->offsets[v + 1] - h->offsets[v];
    for (eid_t j = 0; j < d; j++) row[j] = perm[h->cols[h->offsets[v] + j]];
    qsort(row, d, sizeof(vid_t), bs_cmp_vid);
  }
  return 0;
}

/* The in-edges of a directed graph (CSC), rows ascending: sources in order. */
static inline int bs_transpose(const graph_t *g, eid_t **ioff, vid_t **icols) {
  eid_t *off = (eid_t *)calloc((size_t)g->n + 1, sizeof(eid_t));
  eid_t *pos = (eid_t *)malloc(((size_t)g->n + 1) * sizeof(eid_t));
  vid_t *cols = (vid_t *)malloc((size_t)(g->m ? g->m : 1) * sizeof(vid_t));
  if (!off || !pos || !cols) {
    free(off);
    free(pos);
    free(cols);
    return fail(EXIT_INPUT, "out of host memory (in-edges for the slices)");
  }
  for (eid_t e = 0; e < g->m; e++) off[g->cols[e] + 1]++;
  for (vid_t v = 0; v < g->n; v++) off[v + 1] += off[v];
  memcpy(pos, off, ((size_t)g->n + 1) * sizeof(eid_t));
  for (vid_t u = 0; u < g->n; u++)
    for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) cols[pos[g->cols[e]]++] = u;
  free(pos);
  *ioff = off;
  *icols = cols;
  return 0;
}

/* NEW(18): one row group's slices, a merge of its R ascending in-rows by column
 * block: returns how many; with cb set, writes them (cb[k], w[k R .. k R + R)). */
static inline eid_t bs_group(const eid_t *off, const vid_t *cols, vid_t n, unsigned long long v0, int R,
                      unsigned *cb, unsigned *w) {
  eid_t p[32], e[32], k = 0;
  for (int r = 0; r < R; r++) {
    p[r] = e[r] = 0;
    if (v0 + r < n) {
      p[r] = off[v0 + r];
      e[r] = off[v0 + r + 1];
    }
  }
  for (;; k++) {
    unsigned blk = 0xffffffffu; /* the smallest column block left in any row */
    for (int r = 0; r < R; r++)
      if (p[r] < e[r] && cols[p[r]] >> 5 < blk) blk = cols[p[r]] >> 5;
    if (blk == 0xffffffffu) return k;
    for (int r = 0; r < R; r++) {
      unsigned word = 0;
      for (; p[r] < e[r] && cols[p[r]] >> 5 == blk; p[r]++) word |= 1u << (cols[p[r]] & 31);
      if (cb) w[k * R + r] = word;
    }
    if (cb) cb[k] = blk;
  }
}

#endif
