/* graph.c - see graph.h.
 *
 * graph_build is a parallel counting sort (the edge list may hold 2^30+
 * edges, so nothing here is serial per edge except the final compaction,
 * which is a memmove pass over the rows):
 *   1. count out-degrees with atomic increments (per-thread histograms would
 *      cost threads * n * 8 bytes: 8.6 GB at scale 26 on 16 threads);
 *   2. exclusive prefix sum into offsets;
 *   3. scatter with an atomic fetch-add cursor per row (row order is then
 *      arbitrary, which is why step 4 sorts);
 *   4. sort every row by (col, weight) and drop duplicates in place, keeping
 *      the first (= smallest weight) of parallel edges;
 *   5. compact the rows to the left and shrink the arrays.
 * Peak memory is the caller's edge list plus cols (+ weights) of the
 * undeduplicated graph plus offsets: no second copy of the edges. */
#include "graph.h"

#include <limits.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"

#define EL_MIN_CAP ((eid_t)1024)
#define INSERTION_MAX 32 /* rows up to this length: insertion sort in place */
#define RADIX_MIN 512    /* rows from this length: LSD radix, else quicksort */

/* malloc with an overflow-checked size and the contract's message. */
static void *xmalloc(eid_t count, size_t size, const char *what) {
  if (count == 0) count = 1; /* never hand out NULL for an empty array */
  if (count > SIZE_MAX / size) {
    fail(EXIT_INPUT, "out of host memory: %" PRIeid " x %zu bytes for %s overflows size_t",
         count, size, what);
    return NULL;
  }
  void *p = malloc((size_t)(count * size));
  if (!p) fail(EXIT_INPUT, "out of host memory: %zu bytes for %s", (size_t)(count * size), what);
  return p;
}

static void *xrealloc(void *old, eid_t count, size_t size, const char *what) {
  if (count == 0) count = 1;
  if (count > SIZE_MAX / size) {
    fail(EXIT_INPUT, "out of host memory: %" PRIeid " x %zu bytes for %s overflows size_t",
         count, size, what);
    return NULL;
  }
  void *p = realloc(old, (size_t)(count * size));
  if (!p) fail(EXIT_INPUT, "out of host memory: %zu bytes for %s", (size_t)(count * size), what);
  return p;
}

/* ---- edge lists ------------------------------------------------------------ */

int el_init(edgelist_t *el, int weighted) {
  memset(el, 0, sizeof *el);
  el->src = xmalloc(EL_MIN_CAP, sizeof(vid_t), "the edge list");
  el->dst = xmalloc(EL_MIN_CAP, sizeof(vid_t), "the edge list");
  /* weightedness is remembered by w != NULL, so w exists from the start */
  if (weighted) el->w = xmalloc(EL_MIN_CAP, sizeof(weight_t), "the edge list");
  if (!el->src || !el->dst || (weighted && !el->w)) {
    el_free(el);
    return fail_code();
  }
  el->cap = EL_MIN_CAP;
  return 0;
}

int el_reserve(edgelist_t *el, eid_t cap) {
  if (cap <= el->cap) return 0;
  /* Each array is replaced as soon as its realloc succeeds; cap grows only
   * when all did, so a failure leaves a consistent (larger) list. */
  vid_t *s = xrealloc(el->src, cap, sizeof(vid_t), "the edge list");
  if (!s) return fail_code();
  el->src = s;
  vid_t *d = xrealloc(el->dst, cap, sizeof(vid_t), "the edge list");
  if (!d) return fail_code();
  el->dst = d;
  if (el->w) {
    weight_t *w = xrealloc(el->w, cap, sizeof(weight_t), "the edge list");
    if (!w) return fail_code();
    el->w = w;
  }
  el->cap = cap;
  return 0;
}

int el_push(edgelist_t *el, vid_t u, vid_t v, weight_t w) {
  /* ids stay below MAX_VERTICES so that n = max id + 1 fits the limit */
  if (u >= MAX_VERTICES || v >= MAX_VERTICES)
    return fail(EXIT_INPUT, "vertex id %" PRIvid " too large: ids must be below %" PRIvid
                " (MAX_VERTICES)", u >= MAX_VERTICES ? u : v, MAX_VERTICES);
  if (el->len == el->cap) {
    if (el->cap > UINT64_MAX / 2)
      return fail(EXIT_INPUT, "edge list too long: %" PRIeid " edges", el->len);
    int rc = el_reserve(el, el->cap ? el->cap * 2 : EL_MIN_CAP); /* geometric: amortised O(1) */
    if (rc) return rc;
  }
  el->src[el->len] = u;
  el->dst[el->len] = v;
  if (el->w) el->w[el->len] = w;
  el->len++;
  if (u >= el->n) el->n = u + 1;
  if (v >= el->n) el->n = v + 1;
  return 0;
}

void el_free(edgelist_t *el) {
  free(el->src);
  free(el->dst);
  free(el->w);
  memset(el, 0, sizeof *el);
}

/* ---- row sorting ------------------------------------------------------------ */

/* Keys order rows by (col, weight): col in the high half, the weight with its
 * sign bit flipped (so that signed order becomes unsigned order) in the low
 * half. Unweighted keys are the bare col so that the radix sort skips the
 * empty high bytes. */
static inline uint64_t row_key(vid_t c, const weight_t *w, eid_t i) {
  if (!w) return c;
  return ((uint64_t)c << 32) | ((uint32_t)w[i] ^ 0x80000000u);
}

static void insertion_u64(uint64_t *a, size_t n) {
  for (size_t i = 1; i < n; i++) {
    uint64_t x = a[i];
    size_t j = i;
    while (j > 0 && a[j - 1] > x) { a[j] = a[j - 1]; j--; }
    a[j] = x;
  }
}

/* Hoare-partition quicksort: many equal keys (hub rows full of duplicate
 * edges) split evenly instead of degrading. Only used below RADIX_MIN, so
 * even an unlucky pivot sequence is bounded by RADIX_MIN^2. */
static void quick_u64(uint64_t *a, size_t n) {
  while (n > 16) {
    uint64_t x = a[0], y = a[n / 2], z = a[n - 1]; /* median of three */
    uint64_t p = x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y));
    size_t i = 0, j = n - 1;
    for (;;) {
      while (a[i] < p) i++;
      while (a[j] > p) j--;
      if (i >= j) break;
      uint64_t t = a[i]; a[i] = a[j]; a[j] = t;
      i++; j--;
    }
    size_t left = j + 1; /* [0, j] <= p <= [j+1, n) */
    if (left < n - left) { quick_u64(a, left); a += left; n -= left; }
    else { quick_u64(a + left, n - left); n = left; }
  }
  insertion_u64(a, n);
}

/* LSD radix on bytes; a byte where every key agrees is skipped, so an
 * unweighted row of a 2^26-vertex graph takes at most 4 passes. */
static void radix_u64(uint64_t *a, uint64_t *tmp, size_t n) {
  static const int B = 8;
  size_t cnt[8][256];
  memset(cnt, 0, sizeof cnt);
  for (size_t i = 0; i < n; i++) {
    uint64_t k = a[i];
    for (int b = 0; b < B; b++) cnt[b][(k >> (8 * b)) & 255]++;
  }
  uint64_t *from = a, *to = tmp;
  for (int b = 0; b < B; b++) {
    if (cnt[b][(from[0] >> (8 * b)) & 255] == n) continue;
    size_t sum = 0;
    for (int d = 0; d < 256; d++) { size_t c = cnt[b][d]; cnt[b][d] = sum; sum += c; }
    for (size_t i = 0; i < n; i++) to[cnt[b][(from[i] >> (8 * b)) & 255]++] = from[i];
    uint64_t *t = from; from = to; to = t;
  }
  if (from != a) memcpy(a, from, n * sizeof *a);
}

typedef struct { uint64_t *key, *tmp; size_t cap; } sortbuf_t;

/* Sort row [lo, lo+d) by (col, weight) and, unless keep_dup, keep the first
 * of each run of equal cols. Returns the row's new length (or d on a buffer
 * allocation failure, with *oom set). */
static eid_t sort_row(vid_t *cols, weight_t *w, eid_t lo, eid_t d, int keep_dup,
                      sortbuf_t *sb, int *oom) {
  if (d <= 1) return d;
  vid_t *c = cols + lo;
  weight_t *ww = w ? w + lo : NULL;
  if (d <= INSERTION_MAX) {
    /* short rows (most rows of most graphs): sort the parallel arrays in place */
    for (eid_t i = 1; i < d; i++) {
      vid_t xc = c[i];
      weight_t xw = ww ? ww[i] : 0;
      eid_t j = i;
      while (j > 0 && (c[j - 1] > xc || (ww && c[j - 1] == xc && ww[j - 1] > xw))) {
        c[j] = c[j - 1];
        if (ww) ww[j] = ww[j - 1];
        j--;
      }
      c[j] = xc;
      if (ww) ww[j] = xw;
    }
    if (keep_dup) return d;
    eid_t k = 1;
    for (eid_t i = 1; i < d; i++)
      if (c[i] != c[k - 1]) { c[k] = c[i]; if (ww) ww[k] = ww[i]; k++; }
    return k;
  }
  if (d > sb->cap) {
    free(sb->key);
    free(sb->tmp);
    size_t cap = (size_t)d + (size_t)d / 2;
    sb->key = malloc(cap * sizeof(uint64_t));
    sb->tmp = malloc(cap * sizeof(uint64_t));
    sb->cap = (sb->key && sb->tmp) ? cap : 0;
    if (!sb->cap) { *oom = 1; return d; }
  }
  uint64_t *k = sb->key;
  for (eid_t i = 0; i < d; i++) k[i] = row_key(c[i], ww, i);
  if (d < RADIX_MIN) quick_u64(k, (size_t)d);
  else radix_u64(k, sb->tmp, (size_t)d);
  eid_t out = 0;
  for (eid_t i = 0; i < d; i++) {
    vid_t col = ww ? (vid_t)(k[i] >> 32) : (vid_t)k[i];
    if (!keep_dup && out > 0 && c[out - 1] == col) continue;
    c[out] = col;
    if (ww) ww[out] = (weight_t)((uint32_t)k[i] ^ 0x80000000u);
    out++;
  }
  return out;
}

/* ---- CSR build -------------------------------------------------------------- */

/* 1. count: offsets[v + 1] += row v's edges. A self-loop is one directed edge even when the list
 * is undirected: its reverse is itself (a symmetric .mtx diagonal entry). Returns the first edge
 * with an id outside 0..n-1, or UINT64_MAX. */
static eid_t count_rows(const edgelist_t *el, int sym, int keep_loops, eid_t *offsets,
                        eid_t *loops_out) {
  const vid_t n = el->n, *src = el->src, *dst = el->dst;
  const eid_t len = el->len;
  eid_t loops = 0, bad = UINT64_MAX;
#pragma omp parallel for schedule(static) reduction(+ : loops) reduction(min : bad)
  for (eid_t i = 0; i < len; i++) {
    vid_t u = src[i], v = dst[i];
    if (u >= n || v >= n) { if (i < bad) bad = i; continue; }
    if (u == v) {
      if (!keep_loops) { loops++; continue; }
      __atomic_fetch_add(&offsets[(size_t)u + 1], 1, __ATOMIC_RELAXED);
      continue;
    }
    __atomic_fetch_add(&offsets[(size_t)u + 1], 1, __ATOMIC_RELAXED);
    if (sym) __atomic_fetch_add(&offsets[(size_t)v + 1], 1, __ATOMIC_RELAXED);
  }
  *loops_out = loops;
  return bad;
}

/* 4. sort every row, dedup in place; newdeg[v] (when given) gets row v's new length. Returns the
 * edges kept; *oom is set when a sort buffer could not be had. */
static eid_t sort_rows(const eid_t *offsets, vid_t *cols, weight_t *weights, vid_t n, int keep_dup,
                       eid_t *newdeg, int *oom_out) {
  eid_t kept = 0;
  int oom = 0;
#pragma omp parallel reduction(+ : kept) reduction(| : oom)
  {
    sortbuf_t sb = {NULL, NULL, 0};
    /* dynamic: a hub row can be 10^6 times longer than a typical one */
#pragma omp for schedule(dynamic, 256)
    for (size_t v = 0; v < (size_t)n; v++) {
      eid_t lo = offsets[v], d = offsets[v + 1] - lo;
      eid_t nd = sort_row(cols, weights, lo, d, keep_dup, &sb, &oom);
      if (newdeg) newdeg[v] = nd;
      kept += nd;
    }
    free(sb.key);
    free(sb.tmp);
  }
  *oom_out = oom;
  return kept;
}

/* 5. compact: rows only move left, so a serial forward pass is safe in place (a parallel one is
 * not: a row's target may overlap the source of the row before it). */
static void compact_rows(eid_t *offsets, vid_t **cols_io, weight_t **weights_io, vid_t n,
                         const eid_t *newdeg) {
  vid_t *cols = *cols_io;
  weight_t *weights = *weights_io;
  eid_t at = 0;
  for (size_t v = 0; v < (size_t)n; v++) {
    eid_t lo = offsets[v], d = newdeg[v];
    if (at != lo) {
      memmove(cols + at, cols + lo, (size_t)d * sizeof(vid_t));
      if (weights) memmove(weights + at, weights + lo, (size_t)d * sizeof(weight_t));
    }
    offsets[v] = at;
    at += d;
  }
  offsets[n] = at;
  /* shrinking realloc cannot fail in a way that loses data: keep the old block */
  vid_t *c2 = realloc(cols, (size_t)(at ? at : 1) * sizeof(vid_t));
  if (c2) *cols_io = c2;
  if (weights) {
    weight_t *w2 = realloc(weights, (size_t)(at ? at : 1) * sizeof(weight_t));
    if (w2) *weights_io = w2;
  }
}

int graph_build(const edgelist_t *el, const build_opts_t *o, graph_t *g, build_report_t *r) {
  static const build_opts_t defaults = {0, 0, 0};
  if (!o) o = &defaults;
  memset(g, 0, sizeof *g);
  if (r) memset(r, 0, sizeof *r);
  if (el->n > MAX_VERTICES)
    return fail(EXIT_INPUT, "%" PRIvid " vertices exceed the limit of %" PRIvid
                " (MAX_VERTICES)", el->n, MAX_VERTICES);
  const vid_t n = el->n;
  const eid_t len = el->len;
  const int sym = o->symmetrize || el->undirected;
  const int keep_loops = o->keep_self_loops, keep_dup = o->keep_duplicates;
  const vid_t *src = el->src, *dst = el->dst;
  const weight_t *ew = el->w;
  if (sym && len > UINT64_MAX / 2)
    return fail(EXIT_INPUT, "edge list too long to symmetrize: %" PRIeid " edges", len);

  /* offsets[v + 1] counts row v; after the prefix sum offsets[v] is its start */
  eid_t *offsets = xmalloc((eid_t)n + 1, sizeof(eid_t), "CSR offsets");
  if (!offsets) return fail_code();
  memset(offsets, 0, ((size_t)n + 1) * sizeof(eid_t));

  eid_t loops = 0, bad = count_rows(el, sym, keep_loops, offsets, &loops);
  if (bad != UINT64_MAX) {
    free(offsets);
    return fail(EXIT_INPUT, "edge %" PRIeid " (%" PRIvid " -> %" PRIvid ") has a vertex id"
                " outside 0..n-1 (n = %" PRIvid ")", bad, src[bad], dst[bad], n);
  }

  /* 2. prefix sum (serial: n adds, ~0.1 s at n = 2^26) */
  for (size_t v = 0; v < (size_t)n; v++) offsets[v + 1] += offsets[v];
  const eid_t m_raw = offsets[n];

  vid_t *cols = xmalloc(m_raw, sizeof(vid_t), "CSR columns");
  weight_t *weights = NULL;
  if (cols && ew) weights = xmalloc(m_raw, sizeof(weight_t), "CSR weights");
  if (!cols || (ew && !weights)) {
    free(offsets);
    free(cols);
    return fail_code();
  }

  /* 3. scatter. offsets[v] serves as row v's cursor, so no cursor array:
   * afterwards offsets[v] holds row v's end, i.e. the next row's start. */
#pragma omp parallel for schedule(static)
  for (eid_t i = 0; i < len; i++) {
    vid_t u = src[i], v = dst[i];
    if (u == v && !keep_loops) continue;
    eid_t s = __atomic_fetch_add(&offsets[u], 1, __ATOMIC_RELAXED);
    cols[s] = v;
    if (weights) weights[s] = ew[i];
    if (sym && u != v) {
      s = __atomic_fetch_add(&offsets[v], 1, __ATOMIC_RELAXED);
      cols[s] = u;
      if (weights) weights[s] = ew[i];
    }
  }
  memmove(offsets + 1, offsets, (size_t)n * sizeof(eid_t));
  offsets[0] = 0;

  /* 4. sort rows, dedup in place; newdeg only when something may be dropped */
  eid_t *newdeg = NULL;
  if (!keep_dup) {
    newdeg = xmalloc((eid_t)n, sizeof(eid_t), "CSR row lengths");
    if (!newdeg) { free(offsets); free(cols); free(weights); return fail_code(); }
  }
  int oom = 0;
  eid_t kept = sort_rows(offsets, cols, weights, n, keep_dup, newdeg, &oom);
  if (oom) {
    free(offsets); free(cols); free(weights); free(newdeg);
    return fail(EXIT_INPUT, "out of host memory: sort buffers for the longest CSR rows");
  }
  if (newdeg && kept != m_raw) compact_rows(offsets, &cols, &weights, n, newdeg);
  free(newdeg);

  g->n = n;
  g->m = kept;
  g->offsets = offsets;
  g->cols = cols;
  g->weights = weights;
  g->symmetric = sym;
  if (r) {
    r->self_loops = loops;
    r->duplicates = m_raw - kept;
  }
  return 0;
}

void graph_free(graph_t *g) {
  free(g->offsets);
  free(g->cols);
  free(g->weights);
  memset(g, 0, sizeof *g);
}

/* ---- queries ---------------------------------------------------------------- */

void graph_degree_stats(const graph_t *g, degree_stats_t *s) {
  memset(s, 0, sizeof *s);
  const vid_t n = g->n;
  if (n == 0 || !g->offsets) return;
  eid_t maxd = 0, zero = 0;
#pragma omp parallel for schedule(static) reduction(max : maxd) reduction(+ : zero)
  for (size_t v = 0; v < (size_t)n; v++) {
    eid_t d = g->offsets[v + 1] - g->offsets[v];
    if (d > maxd) maxd = d;
    if (d == 0) zero++;
  }
  vid_t arg = 0; /* the smallest vertex of maximum degree: deterministic */
  for (size_t v = 0; v < (size_t)n; v++)
    if (g->offsets[v + 1] - g->offsets[v] == maxd) { arg = (vid_t)v; break; }
  /* a multigraph row could pass 2^32 edges; the field is a vid_t */
  s->max_out_degree = maxd > UINT32_MAX ? UINT32_MAX : (vid_t)maxd;
  s->max_vertex = arg;
  s->zero_out_degree = (vid_t)zero;
  s->avg_out_degree = (double)g->m / (double)n;
  if (g->weights && g->m > 0) {
    weight_t lo = INT32_MAX, hi = INT32_MIN;
    const weight_t *w = g->weights;
#pragma omp parallel for schedule(static) reduction(min : lo) reduction(max : hi)
    for (eid_t e = 0; e < g->m; e++) {
      if (w[e] < lo) lo = w[e];
      if (w[e] > hi) hi = w[e];
    }
    s->min_weight = lo;
    s->max_weight = hi;
  }
}

static inline uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

int graph_set_random_weights(graph_t *g, weight_t maxw, uint64_t seed) {
  if (maxw < 1) return fail(EXIT_INPUT, "maximum weight must be >= 1, got %" PRId32, maxw);
  if (!g->weights) {
    g->weights = xmalloc(g->m, sizeof(weight_t), "CSR weights");
    if (!g->weights) return fail_code();
  }
  const uint64_t key = splitmix64(seed ^ 0x5745494748545321ULL); /* "WEIGHTS!" */
#pragma omp parallel for schedule(dynamic, 1024)
  for (size_t u = 0; u < (size_t)g->n; u++) {
    for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      uint64_t v = g->cols[e];
      uint64_t lo = u < v ? u : v, hi = u < v ? v : u; /* same both directions */
      uint64_t h = splitmix64(key ^ splitmix64((lo << 32) | hi));
      g->weights[e] = (weight_t)(1 + h % (uint64_t)maxw);
    }
  }
  return 0;
}

static uint64_t source_draw(uint64_t *s) { /* splitmix64's sequence */
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void graph_random_sources(const graph_t *g, uint64_t seed, vid_t *src, int k) {
  uint64_t state = seed ^ 0x5eed5eed5eedULL;
  for (int i = 0; i < k; i++) {
    vid_t v = (vid_t)(source_draw(&state) % g->n);
    /* out-degree > 0 if any vertex has one: a few random draws, then a scan */
    for (int tries = 0; tries < 64 && g->offsets[v + 1] == g->offsets[v]; tries++)
      v = (vid_t)(source_draw(&state) % g->n);
    for (vid_t step = 0; step < g->n && g->offsets[v + 1] == g->offsets[v]; step++)
      v = (v + 1) % g->n;
    src[i] = v;
  }
}

int graph_transpose(const graph_t *g, eid_t **off_out, vid_t **cols_out) {
  *off_out = NULL;
  *cols_out = NULL;
  eid_t *off = xmalloc((eid_t)g->n + 1, sizeof *off, "transpose offsets");
  vid_t *cols = xmalloc(g->m, sizeof *cols, "transpose columns");
  eid_t *fill = xmalloc((eid_t)g->n + 1, sizeof *fill, "transpose cursors");
  if (!off || !cols || !fill) {
    free(off);
    free(cols);
    free(fill);
    return fail_code();
  }
  memset(off, 0, ((size_t)g->n + 1) * sizeof *off);
  for (eid_t e = 0; e < g->m; e++) off[g->cols[e] + 1]++;
  for (vid_t v = 0; v < g->n; v++) off[v + 1] += off[v];
  memcpy(fill, off, ((size_t)g->n + 1) * sizeof *fill);
  for (vid_t u = 0; u < g->n; u++) /* rows in ascending u: each in-row comes out sorted */
    for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) cols[fill[g->cols[e]]++] = u;
  free(fill);
  *off_out = off;
  *cols_out = cols;
  return 0;
}

eid_t graph_reached_edges(const graph_t *g, const dist_t *dist) {
  eid_t sum = 0;
#pragma omp parallel for schedule(static) reduction(+ : sum)
  for (size_t v = 0; v < (size_t)g->n; v++)
    if (dist[v] != DIST_INF) sum += g->offsets[v + 1] - g->offsets[v];
  return sum;
}

/* Bytes are fed little-endian explicitly, so the value is the same on every
 * machine (tests pin literal checksums). */
#define FNV_PRIME 0x100000001b3ULL
static inline uint64_t fnv_u64(uint64_t h, uint64_t x, int bytes) {
  for (int i = 0; i < bytes; i++) { h ^= (x >> (8 * i)) & 0xff; h *= FNV_PRIME; }
  return h;
}

uint64_t graph_checksum(const graph_t *g) {
  uint64_t h = 0xcbf29ce484222325ULL;
  h = fnv_u64(h, g->n, 4);
  h = fnv_u64(h, g->m, 8);
  if (g->offsets)
    for (size_t v = 0; v <= (size_t)g->n; v++) h = fnv_u64(h, g->offsets[v], 8);
  if (g->cols)
    for (eid_t e = 0; e < g->m; e++) h = fnv_u64(h, g->cols[e], 4);
  if (g->weights)
    for (eid_t e = 0; e < g->m; e++) h = fnv_u64(h, (uint32_t)g->weights[e], 4);
  return h;
}
