/* generate.c - see generate.h.
 *
 * Randomness is counter-based: draw j of item i is splitmix64 evaluated at a
 * position computed from (seed, i, j), never a shared sequential state. So
 * the graph depends on the seed alone, not on the thread count, the schedule
 * or the machine, and every loop parallelises with a plain omp for.
 *
 * Each generator initialises el itself (as io_read does): pass an edge list
 * that holds nothing, and el_free it after. */
#include "generate.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"

#define GOLDEN 0x9e3779b97f4a7c15ULL

static inline uint64_t splitmix64(uint64_t x) {
  x += GOLDEN;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/* One key per (seed, purpose), so that e.g. the permutation and the edges of
 * one seed are unrelated streams. */
static inline uint64_t stream_key(uint64_t seed, uint64_t purpose) {
  return splitmix64(splitmix64(seed) ^ purpose);
}

/* The counter-th value of the SplitMix64 sequence that starts at key. */
static inline uint64_t draw(uint64_t key, uint64_t counter) {
  return splitmix64(key + counter * GOLDEN);
}

/* An el with n vertices and room for exactly `edges` undirected edges. */
static int el_alloc(edgelist_t *el, vid_t n, eid_t edges, const char *what) {
  int rc = el_init(el, 0);
  if (rc) return rc;
  if (edges > SIZE_MAX / (2 * sizeof(vid_t))) {
    el_free(el);
    return fail(EXIT_INPUT, "%s: %" PRIeid " edges exceed the addressable memory", what, edges);
  }
  rc = el_reserve(el, edges);
  if (rc) { el_free(el); return rc; }
  el->n = n;
  el->len = edges;
  el->undirected = 1;
  return 0;
}

/* 2^scale vertices must stay within MAX_VERTICES = 2^31 - 1: scale <= 30. */
static int check_scale(const char *what, int scale, int degree, eid_t *edges) {
  if (scale < 1 || scale > GEN_MAX_SCALE)
    return fail(EXIT_INPUT, "%s scale %d out of range [1, %d] (2^scale vertices; the limit is "
                "MAX_VERTICES = %" PRIvid ")", what, scale, GEN_MAX_SCALE, MAX_VERTICES);
  if (degree < 1)
    return fail(EXIT_INPUT, "%s edge factor %d must be >= 1", what, degree);
  *edges = (eid_t)degree << scale; /* < 2^31 * 2^30: no overflow */
  return 0;
}

/* ---- Kronecker ----------------------------------------------------------- */

/* A keyed pseudorandom permutation of 0..n-1 (n = 2^scale) computed on the
 * fly: a 4-round Feistel network on 2*half bits (Luby-Rackoff: a good
 * pseudorandom permutation), cycle-walked back into range when scale is odd
 * (the domain is then 2n, so 2 rounds of the walk on average). Needs no
 * permutation array (268 MB at scale 26) and no serial shuffle. */
static inline vid_t feistel_perm(uint64_t key, vid_t x, int scale) {
  const int half = (scale + 1) / 2;
  const uint32_t mask = (1u << half) - 1;
  do {
    uint32_t l = x >> half, r = x & mask;
    for (uint64_t round = 0; round < 4; round++) {
      uint32_t f = (uint32_t)splitmix64(key + round * GOLDEN + r) & mask;
      uint32_t t = r;
      r = l ^ f;
      l = t;
    }
    x = (l << half) | r;
  } while (x >> scale); /* outside 0..n-1: walk on (the start was inside) */
  return x;
}

int gen_kronecker(int scale, int degree, uint64_t seed, edgelist_t *el) {
  memset(el, 0, sizeof *el);
  eid_t edges;
  int rc = check_scale("Kronecker", scale, degree, &edges);
  if (rc) return rc;
  rc = el_alloc(el, (vid_t)1 << scale, edges, "Kronecker graph");
  if (rc) return rc;
  /* Graph500 initiator a=.57 b=.19 c=.19 d=.05 as 16-bit thresholds (off by
   * < 2e-5): each level picks its quadrant with 16 bits of a 64-bit draw, so
   * one draw serves 4 levels. */
  const uint32_t ta = 37355, tab = 49807, tabc = 62259; /* floor(p * 65536) */
  const uint64_t ekey = stream_key(seed, 0x4b524f4eULL /* KRON */);
  const uint64_t pkey = stream_key(seed, 0x5045524dULL /* PERM */);
  const uint64_t draws = (uint64_t)(scale + 3) / 4;
  vid_t *src = el->src, *dst = el->dst;
#pragma omp parallel for schedule(static)
  for (eid_t i = 0; i < edges; i++) {
    uint32_t u = 0, v = 0;
    uint64_t bits = 0;
    for (int lvl = 0; lvl < scale; lvl++) {
      if ((lvl & 3) == 0) bits = draw(ekey, i * draws + (uint64_t)lvl / 4);
      uint32_t r = (uint32_t)bits & 0xffff;
      bits >>= 16;
      /* quadrants 00 01 10 11 below ta, tab, tabc, 65536; branch-free
       (a mispredicted branch per level cost more than the hashing) */
      uint32_t bu = r >= tab, bv = (uint32_t)(r >= ta) ^ (r >= tab) ^ (r >= tabc);
      u = (u << 1) | bu;
      v = (v << 1) | bv;
    }
    src[i] = feistel_perm(pkey, u, scale);
    dst[i] = feistel_perm(pkey, v, scale);
  }
  return 0;
}

/* ---- uniform ------------------------------------------------------------- */

int gen_uniform(int scale, int degree, uint64_t seed, edgelist_t *el) {
  memset(el, 0, sizeof *el);
  eid_t edges;
  int rc = check_scale("uniform", scale, degree, &edges);
  if (rc) return rc;
  rc = el_alloc(el, (vid_t)1 << scale, edges, "uniform graph");
  if (rc) return rc;
  const uint64_t key = stream_key(seed, 0x554e4946ULL /* UNIF */);
  const uint32_t mask = ((uint32_t)1 << scale) - 1;
  vid_t *src = el->src, *dst = el->dst;
#pragma omp parallel for schedule(static)
  for (eid_t i = 0; i < edges; i++) {
    uint64_t h = draw(key, i); /* both endpoints from one draw: 2 x 32 bits */
    src[i] = (vid_t)h & mask;
    dst[i] = (vid_t)(h >> 32) & mask;
  }
  return 0;
}

/* ---- grid ------------------------------------------------------------------ */

int gen_grid(vid_t w, vid_t h, double keep, uint64_t seed, edgelist_t *el) {
  memset(el, 0, sizeof *el);
  if (w < 1 || h < 1) return fail(EXIT_INPUT, "grid %" PRIvid "x%" PRIvid ": both sides must be >= 1", w, h);
  if ((uint64_t)w * h > MAX_VERTICES)
    return fail(EXIT_INPUT, "grid %" PRIvid "x%" PRIvid " has %" PRIu64 " vertices, over the limit of %"
                PRIvid " (MAX_VERTICES)", w, h, (uint64_t)w * h, MAX_VERTICES);
  if (!(keep >= 0.0 && keep <= 1.0)) /* also rejects NaN */
    return fail(EXIT_INPUT, "grid keep probability %g must be in [0, 1]", keep);
  const uint64_t key = stream_key(seed, 0x47524944ULL /* GRID */);
  const eid_t hcount = (eid_t)(w - 1) * h; /* horizontal edges first, then vertical */
  /* kept iff the top 53 bits, as a fraction, fall below keep (keep = 1: all) */
#define KEPT(idx) (keep >= 1.0 || (double)(draw(key, (idx)) >> 11) * 0x1.0p-53 < keep)
  /* Two passes over grid rows: count what each row keeps, then fill at the
   * row's prefix-sum position. Deterministic for any schedule. */
  eid_t *start = calloc((size_t)h + 1, sizeof(eid_t));
  if (!start) return fail(EXIT_INPUT, "out of host memory: %zu bytes for the grid rows",
                          ((size_t)h + 1) * sizeof(eid_t));
#pragma omp parallel for schedule(static)
  for (size_t y = 0; y < (size_t)h; y++) {
    eid_t c = 0;
    for (vid_t x = 0; x + 1 < w; x++) c += KEPT((eid_t)y * (w - 1) + x);
    if (y + 1 < h)
      for (vid_t x = 0; x < w; x++) c += KEPT(hcount + (eid_t)y * w + x);
    start[y + 1] = c;
  }
  for (size_t y = 0; y < (size_t)h; y++) start[y + 1] += start[y];
  int rc = el_alloc(el, (vid_t)((uint64_t)w * h), start[h], "grid graph");
  if (rc) { free(start); return rc; }
  vid_t *src = el->src, *dst = el->dst;
#pragma omp parallel for schedule(static)
  for (size_t y = 0; y < (size_t)h; y++) {
    eid_t at = start[y];
    vid_t base = (vid_t)(y * w);
    for (vid_t x = 0; x + 1 < w; x++)
      if (KEPT((eid_t)y * (w - 1) + x)) { src[at] = base + x; dst[at] = base + x + 1; at++; }
    if (y + 1 < h)
      for (vid_t x = 0; x < w; x++)
        if (KEPT(hcount + (eid_t)y * w + x)) { src[at] = base + x; dst[at] = base + w + x; at++; }
  }
#undef KEPT
  free(start);
  return 0;
}

/* ---- small deterministic shapes ------------------------------------------- */

int gen_path(vid_t n, edgelist_t *el) {
  memset(el, 0, sizeof *el);
  if (n < 1 || n > MAX_VERTICES)
    return fail(EXIT_INPUT, "path of %" PRIvid " vertices: need 1..%" PRIvid " (MAX_VERTICES)",
                n, MAX_VERTICES);
  int rc = el_alloc(el, n, (eid_t)n - 1, "path graph");
  if (rc) return rc;
#pragma omp parallel for schedule(static)
  for (vid_t i = 0; i < n - 1; i++) { el->src[i] = i; el->dst[i] = i + 1; }
  return 0;
}

int gen_star(vid_t leaves, edgelist_t *el) {
  memset(el, 0, sizeof *el);
  if (leaves > MAX_VERTICES - 1)
    return fail(EXIT_INPUT, "star of %" PRIvid " leaves: over the limit of %" PRIvid
                " vertices (MAX_VERTICES)", leaves, MAX_VERTICES);
  int rc = el_alloc(el, leaves + 1, leaves, "star graph");
  if (rc) return rc;
#pragma omp parallel for schedule(static)
  for (vid_t i = 0; i < leaves; i++) { el->src[i] = 0; el->dst[i] = i + 1; }
  return 0;
}

int gen_complete(vid_t n, edgelist_t *el) {
  memset(el, 0, sizeof *el);
  if (n < 1 || n > MAX_VERTICES)
    return fail(EXIT_INPUT, "complete graph of %" PRIvid " vertices: need 1..%" PRIvid
                " (MAX_VERTICES)", n, MAX_VERTICES);
  const eid_t edges = (eid_t)n * (n - 1) / 2; /* < 2^62 */
  int rc = el_alloc(el, n, edges, "complete graph");
  if (rc) return rc;
#pragma omp parallel for schedule(dynamic, 64)
  for (vid_t u = 0; u < n; u++) {
    /* edges of the vertices before u: sum_{i<u} (n-1-i) */
    eid_t at = (eid_t)u * (n - 1) - (eid_t)u * ((eid_t)u - 1) / 2; /* u = 0: 0 */
    for (vid_t v = u + 1; v < n; v++, at++) { el->src[at] = u; el->dst[at] = v; }
  }
  return 0;
}

/* ---- negative weights ------------------------------------------------------ */

/* w'(u,v) = w(u,v) + p(u) - p(v), p(v) in [0, P] with P = the largest weight:
 * a cycle's weight telescopes to its old weight (>= 0 since w >= 0), so no
 * negative cycle appears, and about a third of the edges turn negative.
 * w' lies in [min w - P, 2 * max w], checked against int32 up front. */
int gen_negative_weights(graph_t *g, uint64_t seed) {
  if (!g->weights)
    return fail(EXIT_INPUT, "negative weights need edge weights: set weights first (-w)");
  weight_t lo = INT32_MAX, hi = 0;
  const eid_t m = g->m;
#pragma omp parallel for schedule(static) reduction(min : lo) reduction(max : hi)
  for (eid_t e = 0; e < m; e++) {
    if (g->weights[e] < lo) lo = g->weights[e];
    if (g->weights[e] > hi) hi = g->weights[e];
  }
  if (m > 0 && lo < 0)
    return fail(EXIT_INPUT, "negative weights need weights >= 0 to start from (found %" PRId32
                "): otherwise a negative cycle could already exist", lo);
  const int64_t P = hi > 0 ? hi : 1;
  if ((int64_t)hi + P > INT32_MAX)
    return fail(EXIT_INPUT, "negative weights would overflow int32: max weight %" PRId32
                " + potential up to %" PRId64 " > 2147483647 (limit)", hi, P);
  const uint64_t key = stream_key(seed, 0x504f5445ULL /* POTE */);
#define POT(v) ((int64_t)(draw(key, (v)) % (uint64_t)(P + 1)))
#pragma omp parallel for schedule(dynamic, 1024)
  for (size_t u = 0; u < (size_t)g->n; u++) {
    int64_t pu = POT(u);
    for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++)
      g->weights[e] = (weight_t)(g->weights[e] + pu - POT(g->cols[e]));
  }
#undef POT
  return 0;
}
