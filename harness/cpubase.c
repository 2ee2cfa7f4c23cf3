/* cpubase.c - see cpubase.h. The structure follows gapbs's bfs.cc and sssp.cc
 * (function names TDStep/BUStep/RelaxEdges kept in the comments) so that a
 * reader can put the two side by side; C11 + OpenMP instead of C++. */
#include "cpubase.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "step.h" /* host_ms */

#define CPUBASE_LOCAL 16384          /* per-thread queue buffer (gapbs QueueBuffer) */
#define CPUBASE_MAX_BINS (1u << 20)  /* bins per thread before delta is raised      */
#define CPUBASE_FUSE 1000            /* a local bin drained alone while smaller (gapbs) */

/* ---- small helpers ---------------------------------------------------------- */

static void *xalloc(size_t count, size_t size, const char *what) {
  if (count == 0) count = 1;
  void *p = count > SIZE_MAX / size ? NULL : malloc(count * size);
  if (!p) fail(EXIT_INPUT, "out of host memory: %zu x %zu bytes for the CPU baseline's %s", count, size, what);
  return p;
}

static inline weight_t wt(const graph_t *g, eid_t e) { return g->weights ? g->weights[e] : 1; }
static inline dist_t ld(const dist_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline int bit_get(const uint64_t *bm, vid_t v) {
  return (int)((__atomic_load_n(&bm[v >> 6], __ATOMIC_RELAXED) >> (v & 63)) & 1);
}
static inline void bit_set(uint64_t *bm, vid_t v) {
  __atomic_fetch_or(&bm[v >> 6], 1ULL << (v & 63), __ATOMIC_RELAXED);
}

/* A per-thread buffer in front of a shared array (gapbs QueueBuffer): items
 * gather locally and reach the shared array CPUBASE_LOCAL at a time, one
 * fetch_add per flush instead of one per item. */
typedef struct {
  vid_t *buf;
  size_t len;
  vid_t *shared;
  size_t *tail;
} qbuf_t;
static inline void qbuf_flush(qbuf_t *q) {
  if (!q->len) return;
  size_t at = __atomic_fetch_add(q->tail, q->len, __ATOMIC_RELAXED);
  memcpy(q->shared + at, q->buf, q->len * sizeof(vid_t));
  q->len = 0;
}
static inline void qbuf_push(qbuf_t *q, vid_t v) {
  if (q->len == CPUBASE_LOCAL) qbuf_flush(q);
  q->buf[q->len++] = v;
}

/* ---- per-thread bins (delta-stepping) ------------------------------------------ */

typedef struct { vid_t *v; size_t len, cap; } vec_t;
struct cpubase_bins_ {
  vec_t *bin;
  size_t nbins, cap;
  vec_t spare;  /* an empty buffer to swap with the bin being drained */
  char pad[64]; /* threads' bin headers on separate cache lines */
};

/* 0, or 1 when the bin would pass CPUBASE_MAX_BINS or memory runs out. */
static int bins_push(cpubase_bins_t *b, size_t idx, vid_t v) {
  if (idx >= b->nbins) {
    if (idx >= CPUBASE_MAX_BINS) return 1;
    if (idx >= b->cap) {
      size_t nc = b->cap ? b->cap : 64;
      while (nc <= idx) nc *= 2;
      vec_t *nb = realloc(b->bin, nc * sizeof *nb);
      if (!nb) return 1;
      memset(nb + b->cap, 0, (nc - b->cap) * sizeof *nb);
      b->bin = nb;
      b->cap = nc;
    }
    b->nbins = idx + 1;
  }
  vec_t *q = &b->bin[idx];
  if (q->len == q->cap) {
    size_t nc = q->cap ? 2 * q->cap : 256;
    vid_t *nv = realloc(q->v, nc * sizeof *nv);
    if (!nv) return 1;
    q->v = nv;
    q->cap = nc;
  }
  q->v[q->len++] = v;
  return 0;
}

/* ---- init ----------------------------------------------------------------------- */

int64_t cpubase_auto_delta(const graph_t *g) {
  if (!g->weights || g->n == 0 || g->m == 0) return 1;
  weight_t maxw = 0;
  for (eid_t e = 0; e < g->m; e++)
    if (g->weights[e] > maxw) maxw = g->weights[e];
  double deg = (double)g->m / g->n;
  /* dense: gapbs's -d2 regime; sparse (roads, grids, meshes): wide buckets */
  double ratio = deg >= 8 ? (double)maxw / (4.0 * deg) : 4.0 * maxw;
  int64_t d = 1;
  while (d * 2 <= (int64_t)1 << 30 && (double)(d * 2) <= ratio * 1.41421356) d *= 2; /* nearest power of 2 */
  return d;
}

/* In-edges: the harness's transpose (graph.h). */
static int build_transpose(cpubase_t *cb) {
  if (graph_transpose(cb->g, &cb->t_offsets, &cb->t_cols)) return fail_code();
  cb->in_offsets = cb->t_offsets;
  cb->in_cols = cb->t_cols;
  return 0;
}

int cpubase_pick_threads(int cores, double load, const char *omp_env, char *why, size_t len) {
  char tmp[128];
  if (!why) why = tmp, len = sizeof tmp;
  if (omp_env && *omp_env) {
    char *end = NULL;
    long v = strtol(omp_env, &end, 10);
    if (v >= 1 && v <= 4096 && (*end == '\0' || *end == ',')) {
      snprintf(why, len, "OMP_NUM_THREADS=%ld", v);
      return (int)v;
    }
  }
  if (cores < 1) cores = 1;
  int busy = load > 0 ? (int)(load + 0.5) : 0;
  int t = cores - busy < 1 ? 1 : cores - busy;
  snprintf(why, len, "%d %s, load average %.2f: %d free; OMP_NUM_THREADS sets it", cores,
           PLURAL(cores, "core", "cores"), load, t);
  return t;
}

int cpubase_default_threads(char *why, size_t len) {
  double load[1] = {0};
  if (getloadavg(load, 1) != 1) load[0] = 0;
  return cpubase_pick_threads(omp_get_num_procs(), load[0], getenv("OMP_NUM_THREADS"), why, len);
}

int cpubase_init(cpubase_t *cb, const graph_t *g, int sssp, int threads, int64_t delta) {
  double t0 = host_ms();
  memset(cb, 0, sizeof *cb);
  cb->g = g;
  cb->sssp = sssp;
  if (threads > 0) {
    cb->threads = threads;
    snprintf(cb->threads_why, sizeof cb->threads_why, "asked for");
  } else {
    cb->threads = cpubase_default_threads(cb->threads_why, sizeof cb->threads_why);
  }
  cb->delta_asked = delta > 0 ? delta : 0;
  size_t words = ((size_t)g->n + 63) / 64;
  cb->local = xalloc((size_t)cb->threads * CPUBASE_LOCAL, sizeof(vid_t), "thread buffers");
  if (!cb->local) goto fail;
  if (!sssp) {
    if (g->symmetric) {
      cb->in_offsets = g->offsets;
      cb->in_cols = g->cols;
    } else if (build_transpose(cb)) {
      goto fail;
    }
    cb->queue = xalloc(g->n, sizeof(vid_t), "BFS queue");
    cb->front = xalloc(words, sizeof(uint64_t), "frontier bitmap");
    cb->next = xalloc(words, sizeof(uint64_t), "frontier bitmap");
    if (!cb->queue || !cb->front || !cb->next) goto fail;
  } else {
    for (eid_t e = 0; g->weights && e < g->m; e++)
      if (g->weights[e] < 0) { cb->negative = 1; break; }
    if (cb->negative) {
      cb->d64 = xalloc(g->n, sizeof(int64_t), "Bellman-Ford distances");
      cb->flag = xalloc(g->n, 1, "Bellman-Ford flags");
      cb->queue = xalloc(g->n, sizeof(vid_t), "Bellman-Ford frontier");
      cb->frontier = xalloc(g->n, sizeof(vid_t), "Bellman-Ford frontier");
      if (!cb->d64 || !cb->flag || !cb->queue || !cb->frontier) goto fail;
      memset(cb->flag, 0, g->n);
    } else {
      cb->delta = cb->delta_asked ? cb->delta_asked : cpubase_auto_delta(g);
      cb->frontier_cap = (size_t)g->m + 1; /* gapbs: one slot per edge */
      cb->frontier = xalloc(cb->frontier_cap, sizeof(vid_t), "delta-stepping frontier");
      cb->bins = calloc((size_t)cb->threads, sizeof *cb->bins);
      if (!cb->bins) fail(EXIT_INPUT, "out of host memory for the CPU baseline's bins");
      if (!cb->frontier || !cb->bins) goto fail;
    }
  }
  cb->prep_ms = host_ms() - t0;
  return 0;
fail:
  {
    int rc = fail_code() ? fail_code() : EXIT_INPUT;
    cpubase_free(cb);
    return rc;
  }
}

void cpubase_free(cpubase_t *cb) {
  if (cb->bins) {
    for (int t = 0; t < cb->threads; t++) {
      for (size_t i = 0; i < cb->bins[t].cap; i++) free(cb->bins[t].bin[i].v);
      free(cb->bins[t].bin);
      free(cb->bins[t].spare.v);
    }
  }
  free(cb->bins);
  free(cb->t_offsets);
  free(cb->t_cols);
  free(cb->queue);
  free(cb->front);
  free(cb->next);
  free(cb->local);
  free(cb->frontier);
  free(cb->d64);
  free(cb->flag);
  memset(cb, 0, sizeof *cb);
}

const char *cpubase_name(const cpubase_t *cb) {
  if (!cb->sssp) return "gapbs-style-dobfs";
  return cb->negative ? "par-bellman-ford" : "delta-stepping";
}

void cpubase_knobs(const cpubase_t *cb, char *out, size_t len) {
  if (cb->sssp && !cb->negative) snprintf(out, len, "threads=%d;delta=%lld", cb->threads, (long long)cb->delta);
  else snprintf(out, len, "threads=%d", cb->threads);
}

static void fill_inf(const cpubase_t *cb, dist_t *dist) {
  const vid_t n = cb->g->n;
#pragma omp parallel for num_threads(cb->threads) schedule(static)
  for (vid_t v = 0; v < n; v++) dist[v] = DIST_INF;
}

/* ---- BFS: direction-optimizing -------------------------------------------------- */

/* TDStep: expand queue[qb, qe); claim unvisited neighbours by CAS (exactly one
 * thread wins each vertex, so each enters the queue once). Returns the
 * out-degree sum of the new frontier (gapbs's scout_count). */
static int64_t td_step(cpubase_t *cb, dist_t *dist, dist_t depth, size_t qb, size_t qe, size_t *tail) {
  const graph_t *g = cb->g;
  int64_t scout = 0;
#pragma omp parallel num_threads(cb->threads) reduction(+ : scout)
  {
    qbuf_t q = {cb->local + (size_t)omp_get_thread_num() * CPUBASE_LOCAL, 0, cb->queue, tail};
#pragma omp for schedule(dynamic, 64) nowait
    for (size_t i = qb; i < qe; i++) {
      vid_t u = cb->queue[i];
      for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
        vid_t v = g->cols[e];
        dist_t inf = DIST_INF;
        if (ld(&dist[v]) == DIST_INF &&
            __atomic_compare_exchange_n(&dist[v], &inf, depth + 1, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
          qbuf_push(&q, v);
          scout += (int64_t)(g->offsets[v + 1] - g->offsets[v]);
        }
      }
    }
    qbuf_flush(&q);
  }
  return scout;
}

/* BUStep: every unvisited vertex looks for a parent in the frontier among its
 * in-edges and stops at the first. Only the thread that owns u writes dist[u]
 * (no atomics needed); next is shared words, hence the atomic OR. Returns the
 * new frontier's size (awake_count). */
static int64_t bu_step(cpubase_t *cb, dist_t *dist, dist_t depth) {
  const vid_t n = cb->g->n;
  const size_t words = ((size_t)n + 63) / 64;
  int64_t awake = 0;
  memset(cb->next, 0, words * sizeof(uint64_t));
#pragma omp parallel for num_threads(cb->threads) schedule(dynamic, 1024) reduction(+ : awake)
  for (vid_t u = 0; u < n; u++) {
    if (dist[u] != DIST_INF) continue;
    for (eid_t e = cb->in_offsets[u]; e < cb->in_offsets[u + 1]; e++)
      if (bit_get(cb->front, cb->in_cols[e])) {
        dist[u] = depth + 1;
        bit_set(cb->next, u);
        awake++;
        break;
      }
  }
  uint64_t *t = cb->front;
  cb->front = cb->next;
  cb->next = t;
  return awake;
}

static void queue_to_bitmap(cpubase_t *cb, size_t qb, size_t qe) {
  memset(cb->front, 0, ((size_t)cb->g->n + 63) / 64 * sizeof(uint64_t));
#pragma omp parallel for num_threads(cb->threads) schedule(static)
  for (size_t i = qb; i < qe; i++) bit_set(cb->front, cb->queue[i]);
}

/* The frontier bitmap back into queue[0, k); returns k. */
static size_t bitmap_to_queue(cpubase_t *cb) {
  const size_t words = ((size_t)cb->g->n + 63) / 64;
  size_t tail = 0;
#pragma omp parallel num_threads(cb->threads)
  {
    qbuf_t q = {cb->local + (size_t)omp_get_thread_num() * CPUBASE_LOCAL, 0, cb->queue, &tail};
#pragma omp for schedule(static) nowait
    for (size_t w = 0; w < words; w++)
      for (uint64_t b = cb->front[w]; b; b &= b - 1) qbuf_push(&q, (vid_t)(w * 64 + (size_t)__builtin_ctzll(b)));
    qbuf_flush(&q);
  }
  return tail;
}

static int run_bfs(cpubase_t *cb, vid_t src, dist_t *dist, cpubase_stats_t *st) {
  const graph_t *g = cb->g;
  fill_inf(cb, dist);
  dist[src] = 0;
  cb->queue[0] = src;
  size_t qb = 0, qe = 1, tail = 1;
  int64_t edges_to_check = (int64_t)g->m;
  int64_t scout = (int64_t)(g->offsets[src + 1] - g->offsets[src]);
  dist_t depth = 0;
  while (qe > qb) {
    if (scout > edges_to_check / CPUBASE_ALPHA) {
      /* the frontier's edges are many of those left: go bottom-up */
      queue_to_bitmap(cb, qb, qe);
      int64_t awake = (int64_t)(qe - qb), old;
      do {
        old = awake;
        awake = bu_step(cb, dist, depth++);
        st->bu_steps++;
      } while (awake >= old || awake > (int64_t)(g->n / CPUBASE_BETA));
      qb = 0;
      qe = tail = bitmap_to_queue(cb);
      scout = 1;
    } else {
      edges_to_check -= scout;
      scout = td_step(cb, dist, depth++, qb, qe, &tail);
      st->td_steps++;
      qb = qe;
      qe = tail;
    }
  }
  st->levels = depth; /* the last step found nothing */
  return 0;
}

/* ---- SSSP: delta-stepping ------------------------------------------------------ */

/* RelaxEdges: lower dist[v] by CAS; a vertex whose distance fell goes into
 * this thread's bin of its new distance. Sums in 64 bits: dist + w may pass
 * INT32_MAX on a path that is not shortest. Returns 1 on a bin overflow. */
static int relax_edges(const graph_t *g, vid_t u, int64_t delta, dist_t *dist, cpubase_bins_t *b) {
  int over = 0;
  for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
    vid_t v = g->cols[e];
    int64_t nd = (int64_t)ld(&dist[u]) + wt(g, e);
    dist_t old = ld(&dist[v]);
    while (nd < old) {
      if (__atomic_compare_exchange_n(&dist[v], &old, (dist_t)nd, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
        over |= bins_push(b, (size_t)(nd / delta), v);
        break;
      } /* else old now holds the newer value: try again while still better */
    }
  }
  return over;
}

/* One attempt. 0, or a mask: 1 a thread's bins passed CPUBASE_MAX_BINS (or
 * ran out of memory), 2 a bucket passed the frontier's capacity. The result
 * is then incomplete and the caller retries with a wider delta or frontier. */
static int delta_stepping(cpubase_t *cb, vid_t src, dist_t *dist, int *buckets) {
  const graph_t *g = cb->g;
  const int64_t delta = cb->delta;
  const size_t NONE = SIZE_MAX; /* gapbs's kMaxBin */
  size_t shared_index[2] = {0, NONE};
  size_t frontier_tail[2] = {1, 0};
  int overflow = 0, nb = 0;
  fill_inf(cb, dist);
  dist[src] = 0;
  cb->frontier[0] = src;
#pragma omp parallel num_threads(cb->threads)
  {
    cpubase_bins_t *b = &cb->bins[omp_get_thread_num()];
    for (size_t i = 0; i < b->nbins; i++) b->bin[i].len = 0;
    b->nbins = 0;
    size_t iter = 0;
    while (__atomic_load_n(&shared_index[iter & 1], __ATOMIC_RELAXED) != NONE) {
      size_t *curr_index = &shared_index[iter & 1], *next_index = &shared_index[(iter + 1) & 1];
      size_t *curr_tail = &frontier_tail[iter & 1], *next_tail = &frontier_tail[(iter + 1) & 1];
      const size_t cur = *curr_index;
      int over = 0;
      /* the bucket's shared frontier; entries whose distance fell below the
       * bucket were already relaxed at their lower distance: skipped */
#pragma omp for schedule(dynamic, 64) nowait
      for (size_t i = 0; i < *curr_tail; i++) {
        vid_t u = cb->frontier[i];
        if ((int64_t)ld(&dist[u]) >= delta * (int64_t)cur) over |= relax_edges(g, u, delta, dist, b);
      }
      /* then this thread's own re-insertions into the current bucket (light
       * edges), while they are few: no barrier between threads here (bucket
       * fusion, GraphIt / gapbs kBinSizeThreshold). A bin grown past
       * CPUBASE_FUSE goes to the shared frontier instead, so that all threads
       * share it. The bin is swapped with a spare buffer (gapbs copies it),
       * since relaxing may push into the same bin again. */
      while (cur < b->nbins && b->bin[cur].len && b->bin[cur].len < CPUBASE_FUSE) {
        vec_t work = b->bin[cur];
        b->bin[cur] = b->spare;
        for (size_t j = 0; j < work.len; j++) over |= relax_edges(g, work.v[j], delta, dist, b);
        work.len = 0;
        b->spare = work;
      }
      for (size_t i = cur; i < b->nbins; i++)
        if (b->bin[i].len) {
#pragma omp critical(cpubase_next)
          if (i < *next_index) *next_index = i;
          break;
        }
      if (over) __atomic_fetch_or(&overflow, 1, __ATOMIC_RELAXED);
#pragma omp barrier
#pragma omp single nowait
      {
        *curr_index = NONE;
        *curr_tail = 0;
        nb++;
      }
      size_t nxt = *next_index;
      if (nxt < b->nbins && b->bin[nxt].len) {
        size_t len = b->bin[nxt].len;
        size_t at = __atomic_fetch_add(next_tail, len, __ATOMIC_RELAXED);
        if (at + len <= cb->frontier_cap) memcpy(cb->frontier + at, b->bin[nxt].v, len * sizeof(vid_t));
        else __atomic_fetch_or(&overflow, 2, __ATOMIC_RELAXED);
        b->bin[nxt].len = 0;
      }
      iter++;
#pragma omp barrier
      if (__atomic_load_n(&overflow, __ATOMIC_RELAXED)) break; /* every thread sees it after the barrier */
    }
  }
  *buckets = nb;
  return overflow;
}

/* ---- SSSP with negative weights: round-based parallel Bellman-Ford ------------- */

/* Each round relaxes the out-edges of the vertices whose distance fell in the
 * round before (each listed once: the flag). Without a negative cycle every
 * distance is final after n-1 rounds, so round n+1 finds an empty frontier;
 * a frontier still busy then proves a reachable negative cycle. Distances
 * are 64-bit while running (around a negative cycle they fall without bound). */
static int bellman_ford(cpubase_t *cb, vid_t src, dist_t *dist, int *rounds) {
  const graph_t *g = cb->g;
  const vid_t n = g->n;
  const int64_t INF64 = INT64_MAX;
  int64_t *d = cb->d64;
#pragma omp parallel for num_threads(cb->threads) schedule(static)
  for (vid_t v = 0; v < n; v++) d[v] = INF64;
  d[src] = 0;
  vid_t *cur = cb->queue, *nxt = cb->frontier;
  cur[0] = src;
  size_t len = 1;
  uint64_t r = 0;
  while (len > 0) {
    if (++r > (uint64_t)n + 1) {
      *rounds = (int)(r > INT32_MAX ? INT32_MAX : r);
      return fail(EXIT_INPUT, "negative cycle reachable from source %" PRIvid, src);
    }
    size_t tail = 0;
#pragma omp parallel num_threads(cb->threads)
    {
      qbuf_t q = {cb->local + (size_t)omp_get_thread_num() * CPUBASE_LOCAL, 0, nxt, &tail};
#pragma omp for schedule(dynamic, 64) nowait
      for (size_t i = 0; i < len; i++) {
        vid_t u = cur[i];
        int64_t du = __atomic_load_n(&d[u], __ATOMIC_RELAXED);
        for (eid_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
          vid_t v = g->cols[e];
          int64_t nd = du + wt(g, e), old = __atomic_load_n(&d[v], __ATOMIC_RELAXED);
          while (nd < old) {
            if (__atomic_compare_exchange_n(&d[v], &old, nd, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
              if (!__atomic_exchange_n(&cb->flag[v], 1, __ATOMIC_RELAXED)) qbuf_push(&q, v);
              break;
            }
          }
        }
      }
      qbuf_flush(&q);
    }
#pragma omp parallel for num_threads(cb->threads) schedule(static)
    for (size_t i = 0; i < tail; i++) cb->flag[nxt[i]] = 0;
    vid_t *t = cur;
    cur = nxt;
    nxt = t;
    len = tail;
  }
  /* no negative cycle: every distance is within +-(n-1) max|w| < 2^31 (oracle_sssp_limits) */
#pragma omp parallel for num_threads(cb->threads) schedule(static)
  for (vid_t v = 0; v < n; v++) dist[v] = d[v] == INF64 ? DIST_INF : (dist_t)d[v];
  *rounds = (int)r;
  return 0;
}

/* ---- entry ------------------------------------------------------------------------- */

int cpubase_warmup(cpubase_t *cb, vid_t src, dist_t *dist, double min_ms) {
  double t0 = host_ms();
  int runs = 0;
  do {
    if (cpubase_run(cb, src, dist, NULL)) return -1;
    runs++;
  } while (host_ms() - t0 < min_ms && runs < 10000);
  return runs;
}

int cpubase_run(cpubase_t *cb, vid_t src, dist_t *dist, cpubase_stats_t *st) {
  cpubase_stats_t dummy;
  if (!st) st = &dummy;
  memset(st, 0, sizeof *st);
  if (src >= cb->g->n)
    return fail(EXIT_INPUT, "source %" PRIvid " out of range: the graph has %" PRIvid " vertices", src, cb->g->n);
  if (!cb->sssp) return run_bfs(cb, src, dist, st);
  if (cb->negative) return bellman_ford(cb, src, dist, &st->levels);
  for (;;) {
    int over = delta_stepping(cb, src, dist, &st->levels);
    if (!over) return 0;
    st->restarts++;
    if (over & 1) {
      if (cb->delta >= ((int64_t)1 << 30))
        return fail(EXIT_INPUT, "delta-stepping: out of host memory for its bins");
      cb->delta *= 16; /* distances < 2^31: at most 2 bins once delta = 2^30 */
    }
    if (over & 2) {
      vid_t *f = cb->frontier_cap <= SIZE_MAX / 2 / sizeof(vid_t)
                     ? realloc(cb->frontier, 2 * cb->frontier_cap * sizeof(vid_t)) : NULL;
      if (!f) return fail(EXIT_INPUT, "delta-stepping: out of host memory for its frontier");
      cb->frontier = f;
      cb->frontier_cap *= 2;
    }
  }
}
