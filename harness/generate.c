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
#include <stdio.h>
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

/* ---- road ------------------------------------------------------------------ */

/* Why this construction: each vertex's degree is decided on purpose rather
 * than left to chance, so the mix lands near the target at any size:
 *  1. junctions (the degree-3 and -4 share of n), row-major on a jittered
 *     grid W wide, each with a target degree t (4 for exactly the degree-4
 *     share, by a keyed permutation);
 *  2. a random spanning tree of the grid keeps the graph connected: Kruskal
 *     in a keyed random order of the grid edges, tree degrees capped at 3
 *     where that still connects (so a degree-3 junction can hold them);
 *  3. more grid edges, in another random order, where both ends are below
 *     their target, until the degree still missing equals the dead ends
 *     wanted (each grid edge fills 2 of it, each dead end 1);
 *  4. each junction's missing degree becomes dead-end spurs (tips of degree 1);
 *  5. every vertex left is a degree-2 shape point on a random segment (grid
 *     edge or spur), which splits the segment's length.
 * Planar by construction (a subgraph of the grid, subdivided, with paths hung
 * on it). Geometry is in integer units (RU a cell) so that the weights are
 * the same on every machine: no floating-point rounding decides them. Serial
 * loops, linear in n: only a grid edge's place in the random order, never
 * the schedule, decides what is kept. */
#define RU 1024    /* a grid cell in length units                          */
#define RJIT 300   /* junction jitter: up to 0.3 cell each way             */
#define RLMAX 1750 /* the longest segment (a grid edge at full jitter, ~1749): weight maxw */

typedef struct {
  vid_t n, m, w;       /* vertices, junctions, grid width                   */
  uint64_t slots;      /* grid edge slots: w * rows horizontal, as many vertical */
  int scale;           /* slots <= 2^scale: the random order's domain        */
  uint8_t *deg, *t;    /* a junction's grid degree; its target, then its spurs */
  uint8_t *used;       /* per slot: the grid edge is a road                  */
  uint64_t seed;
} road_t;

/* Slot e: below slots/2 the edge e -> e+1, else (e - slots/2) -> one row
 * down. 1 when both ends are junctions (the last row may be partial). */
static int road_slot(const road_t *r, uint64_t e, vid_t *u, vid_t *v) {
  const uint64_t half = r->slots / 2;
  if (e < half) {
    *u = (vid_t)e;
    *v = (vid_t)(e + 1);
    return e % r->w != r->w - 1 && e + 1 < r->m;
  }
  e -= half;
  *u = (vid_t)e;
  *v = (vid_t)(e + r->w);
  return e + r->w < r->m;
}

/* i's place in a keyed random order of 0..size-1: the Feistel permutation of
 * 0..2^scale-1 (size <= 2^scale <= 2^31), cycle-walked into range. */
static uint64_t keyed_order(uint64_t key, uint64_t i, uint64_t size, int scale) {
  vid_t x = (vid_t)i;
  do x = feistel_perm(key, x, scale); while (x >= size);
  return x;
}

static uint64_t road_order(const road_t *r, uint64_t key, uint64_t i) {
  return keyed_order(key, i, r->slots, r->scale);
}

static vid_t uf_find(vid_t *p, vid_t x) {
  while (p[x] != x) x = p[x] = p[p[x]]; /* path halving */
  return x;
}

/* Step 2: a spanning tree of the junction grid. */
static int road_tree(road_t *r) {
  vid_t *p = malloc((size_t)r->m * sizeof(vid_t));
  if (!p)
    return fail(EXIT_INPUT, "out of host memory: %zu bytes for the road tree", (size_t)r->m * sizeof(vid_t));
  for (vid_t v = 0; v < r->m; v++) p[v] = v;
  const uint64_t key = stream_key(r->seed, 0x54524545ULL /* TREE */);
  vid_t joined = 0;
  /* pass 0 caps tree degrees at 3; pass 1 (rarely needed) joins the rest */
  for (int pass = 0; pass < 2 && joined + 1 < r->m; pass++)
    for (uint64_t i = 0; i < r->slots && joined + 1 < r->m; i++) {
      uint64_t e = road_order(r, key, i);
      vid_t u, v;
      if (!road_slot(r, e, &u, &v) || r->used[e]) continue;
      if (pass == 0 && (r->deg[u] >= 3 || r->deg[v] >= 3)) continue;
      vid_t a = uf_find(p, u), b = uf_find(p, v);
      if (a == b) continue;
      p[a] = b;
      r->used[e] = 1;
      r->deg[u]++;
      r->deg[v]++;
      joined++;
    }
  free(p);
  return 0;
}

/* Steps 1 and 3: targets, then more grid edges while both ends have room,
 * until `want` (from the dead-end count n1) are added or none fits. Returns
 * the grid edges in all. */
static uint64_t road_junctions(road_t *r, vid_t n1, vid_t n4) {
  /* exactly n4 targets of 4 (more only where the tree already gave 4) */
  const uint64_t tkey = stream_key(r->seed, 0x54415247ULL /* TARG */);
  int mscale = 1;
  while (((uint64_t)1 << mscale) < r->m) mscale++;
  int64_t sumt = 0;
  for (vid_t v = 0; v < r->m; v++) {
    int t = keyed_order(tkey, v, r->m, mscale) < n4 ? 4 : 3;
    r->t[v] = (uint8_t)(t > r->deg[v] ? t : r->deg[v]);
    sumt += r->t[v];
  }
  /* sum of targets = 2 * grid edges + dead ends */
  int64_t want = (sumt - (int64_t)n1) / 2 - ((int64_t)r->m - 1);
  const uint64_t key = stream_key(r->seed, 0x4d4f5245ULL /* MORE */);
  for (uint64_t i = 0; i < r->slots && want > 0; i++) {
    uint64_t e = road_order(r, key, i);
    vid_t u, v;
    if (!road_slot(r, e, &u, &v) || r->used[e]) continue;
    if (r->deg[u] >= r->t[u] || r->deg[v] >= r->t[v]) continue;
    r->used[e] = 1;
    r->deg[u]++;
    r->deg[v]++;
    want--;
  }
  uint64_t edges = 0;
  for (vid_t v = 0; v < r->m; v++) edges += r->deg[v];
  return edges / 2;
}

/* Junction j's position (integer units). */
static void road_pos(const road_t *r, vid_t j, int64_t *x, int64_t *y) {
  const uint64_t key = stream_key(r->seed, 0x4a495454ULL /* JITT */);
  uint64_t h = draw(key, j);
  *x = (int64_t)(j % r->w) * RU + (int64_t)((h & 0xffffffff) % (2 * RJIT + 1)) - RJIT;
  *y = (int64_t)(j / r->w) * RU + (int64_t)((h >> 32) % (2 * RJIT + 1)) - RJIT;
}

static uint64_t isqrt64(uint64_t x) {
  uint64_t res = 0, bit = (uint64_t)1 << 62;
  while (bit > x) bit >>= 2;
  for (; bit; bit >>= 2)
    if (x >= res + bit) { x -= res + bit; res = (res >> 1) + bit; }
    else res >>= 1;
  return res;
}

typedef struct {
  edgelist_t *el;
  eid_t at;        /* next edge                                          */
  vid_t next;      /* next free vertex id (shape points, tips)           */
  weight_t maxw;
  uint64_t skey;   /* shape points' sideways offsets                     */
} road_out_t;

/* Edge u-v of length |(dx, dy)|, scaled so that RLMAX is maxw, at least 1. */
static void road_edge(road_out_t *o, vid_t u, vid_t v, int64_t dx, int64_t dy) {
  uint64_t len = isqrt64((uint64_t)(dx * dx + dy * dy));
  uint64_t w = (len * (uint64_t)o->maxw + RLMAX - 1) / RLMAX;
  if (w < 1) w = 1;
  if (w > (uint64_t)o->maxw) w = (uint64_t)o->maxw;
  o->el->src[o->at] = u;
  o->el->dst[o->at] = v;
  o->el->w[o->at++] = (weight_t)w;
}

/* Segment from vertex a at (ax, ay) to b at (bx, by) through k shape points
 * (ids o->next ...), spaced evenly and nudged sideways by up to 10 % of the
 * segment so that the pieces are not all alike. */
static void road_chain(road_out_t *o, vid_t a, int64_t ax, int64_t ay, vid_t b, int64_t bx,
                       int64_t by, uint32_t k) {
  const int64_t dx = bx - ax, dy = by - ay;
  vid_t prev = a;
  int64_t px = ax, py = ay;
  for (uint32_t i = 1; i <= k; i++) {
    vid_t s = o->next++;
    int64_t off = (int64_t)(draw(o->skey, s) % 201) - 100; /* per mille of the segment, sideways */
    int64_t sx = ax + dx * i / (k + 1) - dy * off / 1000;
    int64_t sy = ay + dy * i / (k + 1) + dx * off / 1000;
    road_edge(o, prev, s, sx - px, sy - py);
    prev = s;
    px = sx;
    py = sy;
  }
  road_edge(o, prev, b, bx - px, by - py);
}

/* Step 4 and 5's output for junction j: its id is base[j]; then, in this
 * order, the shape points of its grid edges right and down (hist[s], s from
 * seg), its spurs' shape points and tips. Ids so follow the grid row-major,
 * as a map's order would. Spurs point where no grid edge goes. */
static void road_emit(const road_t *r, road_out_t *o, vid_t j, const vid_t *base,
                      const uint32_t *hist, uint64_t s) {
  const uint64_t half = r->slots / 2;
  const uint64_t lkey = stream_key(r->seed, 0x53505552ULL /* SPUR */);
  int64_t ax, ay, bx, by;
  road_pos(r, j, &ax, &ay);
  vid_t id = base[j];
  o->next = id + 1;
  int taken[4] = {r->used[j], r->used[half + j], j % r->w && r->used[j - 1],
                  j >= r->w && r->used[half + j - r->w]}; /* right, down, left, up */
  for (int d = 0; d < 2; d++) /* the grid edges j owns: right, down */
    if (taken[d]) {
      vid_t k = d ? j + r->w : j + 1;
      road_pos(r, k, &bx, &by);
      road_chain(o, id, ax, ay, base[k], bx, by, hist[s++]);
    }
  static const int dirx[4] = {1, 0, -1, 0}, diry[4] = {0, 1, 0, -1};
  for (int d = 0, q = 0; d < 4 && q < r->t[j]; d++) {
    if (taken[d]) continue;
    uint64_t h = draw(lkey, (uint64_t)j * 4 + (uint64_t)d);
    int64_t len = RU / 4 + (int64_t)(h % (RU / 4)), side = (int64_t)((h >> 32) % 201) - 100;
    bx = ax + dirx[d] * len - diry[d] * side;
    by = ay + diry[d] * len + dirx[d] * side;
    uint32_t k = hist[s++];
    road_chain(o, id, ax, ay, o->next + k, bx, by, k); /* the tip after its shape points */
    o->next++;
    q++;
  }
}

/* The degree counts n[1..4] wanted of n vertices, or fail() on a bad mix. */
static int road_counts(vid_t n, const double mix[4], vid_t cnt[5]) {
  double sum = 0;
  for (int d = 0; d < 4; d++) {
    if (!(mix[d] >= 0.0 && mix[d] <= 1.0)) /* also rejects NaN */
      return fail(EXIT_INPUT, "road degree mix: fraction %g of degree %d is not in [0, 1]", mix[d], d + 1);
    sum += mix[d];
  }
  if (sum - 1.0 > 1e-6 || 1.0 - sum > 1e-6)
    return fail(EXIT_INPUT, "road degree mix: the fractions sum to %.9g, not 1", sum);
  for (int d = 0; d < 4; d++) cnt[d + 1] = (vid_t)(mix[d] * n + 0.5);
  return 0;
}

/* Steps 4 and 5 counted: spurs per junction (into r->t) within the vertices
 * left, the shape points each segment gets (*hist), and each junction's
 * first id (*base, m + 1 entries). Returns the number of edges, 0 on failure. */
static eid_t road_layout(road_t *r, uint64_t grid_edges, uint32_t **hist, vid_t **base) {
  vid_t left = r->n - r->m; /* tips and shape points to place */
  uint64_t segs = grid_edges;
  for (vid_t j = 0; j < r->m; j++) {
    vid_t sp = (vid_t)(r->t[j] - r->deg[j]);
    if (sp > left) sp = left; /* only when n is tiny */
    r->t[j] = (uint8_t)sp;
    left -= sp;
    segs += sp;
  }
  const vid_t shape = segs ? left : 0; /* segs = 0 only when n = m = 1 */
  *hist = calloc(segs ? segs : 1, sizeof(uint32_t));
  *base = malloc(((size_t)r->m + 1) * sizeof(vid_t));
  if (!*hist || !*base) {
    fail(EXIT_INPUT, "out of host memory for the road layout (%" PRIvid " junctions)", r->m);
    return 0;
  }
  const uint64_t key = stream_key(r->seed, 0x53484150ULL /* SHAP */);
  for (vid_t i = 0; i < shape; i++) (*hist)[draw(key, i) % segs]++;
  /* junction j, then its segments' shape points and spur tips, row-major */
  const uint64_t half = r->slots / 2;
  uint64_t s = 0;
  vid_t id = 0;
  for (vid_t j = 0; j < r->m; j++) {
    (*base)[j] = id++;
    int owned = r->used[j] + r->used[half + j] + r->t[j];
    for (int q = 0; q < owned; q++) id += (*hist)[s++];
    id += r->t[j]; /* tips */
  }
  (*base)[r->m] = id; /* = n */
  return (eid_t)(segs + shape);
}

int gen_road(vid_t n, const double mix[4], weight_t maxw, uint64_t seed, edgelist_t *el) {
  memset(el, 0, sizeof *el);
  static const double tiger[4] = GEN_ROAD_MIX;
  vid_t cnt[5];
  if (n < 1 || n > GEN_ROAD_MAX_N)
    return fail(EXIT_INPUT, "road graph of %" PRIvid " vertices: need 1..%" PRIvid, n, GEN_ROAD_MAX_N);
  if (maxw < 1) return fail(EXIT_INPUT, "road graph: largest weight %" PRId32 " must be >= 1", maxw);
  if (road_counts(n, mix ? mix : tiger, cnt)) return EXIT_INPUT;
  road_t r = {n, cnt[3] + cnt[4], 0, 0, 0, NULL, NULL, NULL, seed};
  if (r.m > n) r.m = n; /* rounding */
  if (r.m < 1) r.m = 1; /* no junctions wanted: one, as the middle of a path */
  r.w = (vid_t)isqrt64(r.m);
  if ((uint64_t)r.w * r.w < r.m) r.w++;
  r.slots = 2 * (uint64_t)r.w * ((r.m + r.w - 1) / r.w);
  while (((uint64_t)1 << r.scale) < r.slots) r.scale++;
  r.deg = calloc(r.m, 1);
  r.t = calloc(r.m, 1);
  r.used = calloc(r.slots, 1);
  uint32_t *hist = NULL;
  vid_t *base = NULL;
  int rc = 0;
  if (!r.deg || !r.t || !r.used) {
    rc = fail(EXIT_INPUT, "out of host memory for a road graph of %" PRIvid " vertices", n);
    goto out;
  }
  if ((rc = road_tree(&r))) goto out;
  uint64_t grid_edges = road_junctions(&r, cnt[1], cnt[4]);
  if (cnt[3] + cnt[4] == 0) r.t[0] = (uint8_t)(n > 2 ? 2 : n - 1); /* a path */
  eid_t edges = road_layout(&r, grid_edges, &hist, &base);
  if (!hist || !base) { rc = EXIT_INPUT; goto out; }
  if ((rc = el_alloc(el, n, edges, "road graph"))) goto out;
  el->w = malloc(el->cap * sizeof(weight_t));
  if (!el->w) {
    el_free(el);
    rc = fail(EXIT_INPUT, "out of host memory for the road graph's weights");
    goto out;
  }
  road_out_t o = {el, 0, 0, maxw, stream_key(seed, 0x5348504fULL /* SHPO */)};
  uint64_t s = 0;
  for (vid_t j = 0; j < r.m; j++) {
    road_emit(&r, &o, j, base, hist, s);
    s += (uint64_t)r.used[j] + r.used[r.slots / 2 + j] + r.t[j];
  }
out:
  free(r.deg);
  free(r.t);
  free(r.used);
  free(hist);
  free(base);
  return rc;
}

void gen_road_name(vid_t n, const double mix[4], char *out, size_t len) {
  static const double tiger[4] = GEN_ROAD_MIX;
  int l = snprintf(out, len, "road%" PRIvid, n);
  if (mix && memcmp(mix, tiger, sizeof tiger) && l > 0 && (size_t)l < len)
    snprintf(out + l, len - (size_t)l, "-mix%g_%g_%g_%g", mix[0] * 100, mix[1] * 100, mix[2] * 100,
             mix[3] * 100);
}

void gen_degree_mix(const graph_t *g, double frac[6]) {
  eid_t c[6] = {0, 0, 0, 0, 0, 0};
  for (vid_t v = 0; v < g->n; v++) {
    eid_t d = g->offsets[v + 1] - g->offsets[v];
    c[d < 5 ? d : 5]++;
  }
  for (int d = 0; d < 6; d++) frac[d] = g->n ? (double)c[d] / g->n : 0.0;
}
