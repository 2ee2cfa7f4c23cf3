/* oracle.c - see oracle.h. Deliberately plain serial textbook code: it is the
 * reference every GPU answer is checked against, so it favours obviousness
 * over speed. Sums are formed in 64 bits: dist + w can pass INT32_MAX on a
 * non-shortest path even when every shortest distance fits. */
#include "oracle.h"

#include <stdlib.h>
#include <string.h>

#include "err.h"

static void *oracle_alloc(size_t count, size_t size, const char *what) {
  if (count == 0) count = 1;
  void *p = count > SIZE_MAX / size ? NULL : malloc(count * size);
  if (!p) fail(EXIT_INPUT, "out of host memory: %zu x %zu bytes for %s", count, size, what);
  return p;
}

static inline weight_t edge_weight(const graph_t *g, eid_t e) {
  return g->weights ? g->weights[e] : 1; /* unweighted: unit weights */
}

void oracle_bfs(const graph_t *g, vid_t src, dist_t *dist) {
  const vid_t n = g->n;
  for (size_t v = 0; v < (size_t)n; v++) dist[v] = DIST_INF;
  if (src >= n) return;
  vid_t *queue = malloc((size_t)n * sizeof *queue);
  if (!queue) { fail(EXIT_INPUT, "out of host memory: BFS queue of %" PRIvid " vertices", n); return; }
  size_t head = 0, tail = 0;
  dist[src] = 0;
  queue[tail++] = src;
  while (head < tail) {
    vid_t u = queue[head++];
    for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      vid_t v = g->cols[e];
      if (dist[v] == DIST_INF) { dist[v] = dist[u] + 1; queue[tail++] = v; }
    }
  }
  free(queue);
}

int oracle_sssp_limits(const graph_t *g) {
  uint64_t maxabs = 1; /* unweighted graphs run with unit weights */
  if (g->weights) {
    maxabs = 0;
    for (eid_t e = 0; e < g->m; e++) {
      int64_t w = g->weights[e];
      uint64_t a = (uint64_t)(w < 0 ? -w : w); /* |INT32_MIN| fits in 64 bits */
      if (a > maxabs) maxabs = a;
    }
  }
  if (g->n <= 1) return 0;
  uint64_t bound = (uint64_t)(g->n - 1) * maxabs; /* < 2^31 * 2^31: fits */
  /* a distance equal to INT32_MAX would read as DIST_INF, hence >= */
  if (bound >= (uint64_t)DIST_INF)
    return fail(EXIT_INPUT, "SSSP distances could overflow 32 bits: (n-1) * max|w| = %" PRIvid
                " * %" PRIu64 " = %" PRIu64 " >= 2147483647 (limit)", g->n - 1, maxabs, bound);
  return 0;
}

static int check_source(const graph_t *g, vid_t src) {
  if (src >= g->n)
    return fail(EXIT_INPUT, "source %" PRIvid " out of range: the graph has %" PRIvid " %s",
                src, g->n, PLURAL(g->n, "vertex", "vertices"));
  return 0;
}

/* ---- Dijkstra: binary min-heap keyed by dist, with decrease-key ---------- */

typedef struct {
  vid_t *heap;     /* heap[0..size): vertices                               */
  uint32_t *pos;   /* pos[v]: index of v in heap, or NOT_IN_HEAP            */
  const dist_t *key;
  size_t size;
} heap_t;
#define NOT_IN_HEAP UINT32_MAX /* n <= MAX_VERTICES < UINT32_MAX */

static void heap_place(heap_t *h, size_t i, vid_t v) { h->heap[i] = v; h->pos[v] = (uint32_t)i; }

static void heap_up(heap_t *h, size_t i) {
  vid_t v = h->heap[i];
  while (i > 0) {
    size_t p = (i - 1) / 2;
    if (h->key[h->heap[p]] <= h->key[v]) break;
    heap_place(h, i, h->heap[p]);
    i = p;
  }
  heap_place(h, i, v);
}

static void heap_down(heap_t *h, size_t i) {
  vid_t v = h->heap[i];
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= h->size) break;
    if (c + 1 < h->size && h->key[h->heap[c + 1]] < h->key[h->heap[c]]) c++;
    if (h->key[h->heap[c]] >= h->key[v]) break;
    heap_place(h, i, h->heap[c]);
    i = c;
  }
  heap_place(h, i, v);
}

int oracle_dijkstra(const graph_t *g, vid_t src, dist_t *dist) {
  const vid_t n = g->n;
  int rc = check_source(g, src);
  if (rc) return rc;
  if (g->weights)
    for (vid_t u = 0; u < n; u++)
      for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++)
        if (g->weights[e] < 0)
          return fail(EXIT_INPUT, "negative weight %" PRId32 " on edge %" PRIvid " -> %" PRIvid
                      ": Dijkstra needs weights >= 0 (use Bellman-Ford)", g->weights[e], u, g->cols[e]);
  rc = oracle_sssp_limits(g);
  if (rc) return rc;
  heap_t h = {oracle_alloc(n, sizeof(vid_t), "the Dijkstra heap"),
              oracle_alloc(n, sizeof(uint32_t), "the Dijkstra heap"), dist, 0};
  if (!h.heap || !h.pos) { free(h.heap); free(h.pos); return fail_code(); }
  for (size_t v = 0; v < (size_t)n; v++) { dist[v] = DIST_INF; h.pos[v] = NOT_IN_HEAP; }
  dist[src] = 0;
  heap_place(&h, h.size++, src);
  while (h.size > 0) {
    vid_t u = h.heap[0];
    h.pos[u] = NOT_IN_HEAP;
    if (--h.size > 0) { heap_place(&h, 0, h.heap[h.size]); heap_down(&h, 0); }
    for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      vid_t v = g->cols[e];
      int64_t nd = (int64_t)dist[u] + edge_weight(g, e);
      if (nd >= dist[v]) continue; /* also: settled vertices never improve */
      dist[v] = (dist_t)nd;       /* nd < dist[v] <= INT32_MAX: fits */
      if (h.pos[v] == NOT_IN_HEAP) heap_place(&h, h.size++, v);
      heap_up(&h, h.pos[v]);
    }
  }
  free(h.heap);
  free(h.pos);
  return 0;
}

/* ---- queue Bellman-Ford ---------------------------------------------------- */

/* FIFO order makes the queue a sequence of Bellman-Ford rounds: a vertex
 * enters each round at most once (the in-queue flag), and without a negative
 * cycle every distance is final after n-1 rounds. So a vertex enqueued n
 * times (the source's initial entry not counted) proves a reachable negative
 * cycle. Distances are kept in 64 bits while running: around a negative cycle
 * they fall without bound until detection. */
int oracle_bellman_ford(const graph_t *g, vid_t src, dist_t *dist) {
  const vid_t n = g->n;
  int rc = check_source(g, src);
  if (rc) return rc;
  rc = oracle_sssp_limits(g);
  if (rc) return rc;
  int64_t *d = oracle_alloc(n, sizeof *d, "Bellman-Ford distances");
  vid_t *queue = oracle_alloc(n, sizeof *queue, "the Bellman-Ford queue");
  uint32_t *enq = oracle_alloc(n, sizeof *enq, "Bellman-Ford counters");
  unsigned char *inq = oracle_alloc(n, 1, "Bellman-Ford flags");
  if (!d || !queue || !enq || !inq) { rc = fail_code(); goto out; }
  const int64_t INF64 = INT64_MAX;
  for (size_t v = 0; v < (size_t)n; v++) { d[v] = INF64; enq[v] = 0; inq[v] = 0; }
  size_t head = 0, count = 0; /* ring buffer: at most n vertices queued at once */
  d[src] = 0;
  queue[0] = src;
  count = 1;
  inq[src] = 1;
  while (count > 0) {
    vid_t u = queue[head];
    head = head + 1 == n ? 0 : head + 1;
    count--;
    inq[u] = 0;
    for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
      vid_t v = g->cols[e];
      int64_t nd = d[u] + edge_weight(g, e);
      if (nd >= d[v]) continue;
      d[v] = nd;
      if (inq[v]) continue;
      if (++enq[v] >= n) {
        rc = fail(EXIT_INPUT, "negative cycle reachable from source %" PRIvid, src);
        goto out;
      }
      size_t tail = head + count;
      if (tail >= n) tail -= n;
      queue[tail] = v;
      count++;
      inq[v] = 1;
    }
  }
  /* no negative cycle: every distance is within +-(n-1) max|w| < 2^31 */
  for (size_t v = 0; v < (size_t)n; v++) dist[v] = d[v] == INF64 ? DIST_INF : (dist_t)d[v];
out:
  free(d);
  free(queue);
  free(enq);
  free(inq);
  return rc;
}

int oracle_sssp(const graph_t *g, vid_t src, dist_t *dist) {
  if (g->weights)
    for (eid_t e = 0; e < g->m; e++)
      if (g->weights[e] < 0) return oracle_bellman_ford(g, src, dist);
  return oracle_dijkstra(g, src, dist);
}
