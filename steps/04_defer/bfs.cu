/* Step 04 - defer: high out-degree vertices wait for the whole block.
 *
 * Base:       03
 * Adds:       a per-block queue in shared memory (variant "defer"). A frontier
 *             vertex with out-degree >= defer_max is not expanded by its thread:
 *             the thread reserves a queue slot with a shared-memory atomicAdd,
 *             stores the vertex and moves on. After the grid-stride loop and one
 *             barrier, all threads of the block expand the queued vertices one
 *             at a time, striding over each one's neighbours. A thread that gets
 *             no slot (queue full) expands its vertex itself, as in step 03.
 *             Variants "reorder" and "redirect" attack the same problem the other
 *             way (Springer 3.4): vertices sorted by out-degree, descending, so
 *             the 32 threads of a warp get similar degrees; the kernel is step
 *             03's, reading the graph relabelled ("reorder") or reading vertex
 *             ids through a job array ("redirect").
 * Idea:       a warp runs as long as its slowest thread. In step 03 one hub in a
 *             warp keeps 31 threads idle for thousands of edges; here the warp
 *             finishes its ordinary vertices and the hub's edges are read by the
 *             whole block, blockDim threads wide, coalesced.
 * Reference:  Springer, "Breadth-first Search in CUDA", section 3.3, Fig. 12
 *             (defer), section 3.4 (reorder / redirect, kernel of Fig. 11);
 *             Hong et al., PPoPP 2011 (deferring outliers) [Springer's ref. 3].
 * Invariants: as in step 03, in iteration i every write to dist stores i + 1 and
 *             no thread ever writes i, so the frontier (dist[v] == i) does not
 *             change during the iteration and deferring a vertex's expansion to
 *             the end of the kernel changes no value written.
 *             Every deferred vertex is expanded exactly once: atomicAdd hands out
 *             each slot number once; a slot < queue_cap is stored and expanded by
 *             the block after the barrier, a slot >= queue_cap means the thread
 *             expands the vertex itself. The counter only grows, and counts at
 *             most the vertices one block visits in one launch (<= n < 2^31), so
 *             it cannot wrap.
 *             Barriers: the block's two __syncthreads() are outside every loop and
 *             no thread returns early, so every thread of the block reaches both.
 * Limits:     benign race (as in step 03): several threads, inline or in the
 *             block phase, may see dist[u] == DIST_INF and all store iteration + 1
 *             (the same value); running = 1 likewise. The queue's shared memory
 *             accesses are ordered: counter reset, barrier, atomics and distinct
 *             slot stores, barrier, reads.
 *             The queue is queue_cap * 4 bytes of dynamic shared memory per block:
 *             a large queue lowers the number of resident blocks per SM.
 *             Blocks expand their queues one vertex at a time: a queued vertex
 *             with fewer neighbours than blockDim leaves threads idle.
 */
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "graph.h"
#include "step.h"

typedef enum { DEFER_QUEUE, DEFER_REORDER, DEFER_REDIRECT } defer_mode_t;

typedef struct {
  dgraph_t g;
  int grid, block;
  defer_mode_t mode;
  eid_t defer_max;      /* NEW: out-degree from which a vertex is deferred */
  unsigned queue_cap;   /* NEW: queue entries per block                    */
  size_t queue_bytes;   /* NEW: dynamic shared memory per block            */
  vid_t *d_order;       /* redirect: order[i] = i-th vertex by degree      */
  eid_t *d_roffsets;    /* reorder: the relabelled CSR ...                 */
  vid_t *d_rcols;
  dist_t *d_rdist;      /* ... its distances (new ids) ...                 */
  vid_t *d_newid;       /* ... and newid[v] = new id of original vertex v  */
  vid_t *h_newid;
  int *d_running;
} defer_state_t;

/* Fig. 12, corrected. NEW: the queue and the block phase after the loop. */
static __global__ void defer_vertex_kernel(dist_t iteration, vid_t n, const eid_t *offsets,
                                           const vid_t *cols, dist_t *dist, int *running,
                                           eid_t defer_max, unsigned queue_cap) {
  extern __shared__ vid_t queue[];  /* NEW: queue_cap entries, dynamic shared memory */
  __shared__ unsigned queue_len;    /* NEW: slots handed out; may pass queue_cap      */
  if (threadIdx.x == 0) queue_len = 0;
  __syncthreads();

  /* Phase 1: each thread its own vertices, ordinary ones inline. No barrier in
   * this loop: its trip count differs between threads. */
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride) {
    if (dist[v] != iteration) continue;
    eid_t begin = offsets[v], end = offsets[v + 1];
    if (end - begin >= defer_max) {
      /* NEW: reserve a slot; the slot number is ours alone. Springer tests a
       * racy read of the counter instead (see README). */
      unsigned slot = atomicAdd(&queue_len, 1u);
      if (slot < queue_cap) {
        queue[slot] = (vid_t)v;
        continue;
      }
      /* queue full: no slot, so nobody else will expand v; do it inline */
    }
    for (eid_t e = begin; e < end; e++) {
      vid_t u = cols[e];
      if (dist[u] == DIST_INF) {
        dist[u] = iteration + 1; /* benign: every writer stores the same level */
        *running = 1;
      }
    }
  }

  __syncthreads(); /* NEW: every thread gets here: the queue is complete */

  /* NEW: Phase 2: the whole block expands each queued vertex, blockDim threads
   * striding over its neighbours. queued is the same for every thread, the
   * outer loop is uniform and holds no barrier. */
  unsigned queued = queue_len < queue_cap ? queue_len : queue_cap;
  for (unsigned q = 0; q < queued; q++) {
    vid_t v = queue[q];
    eid_t end = offsets[v + 1];
    for (eid_t e = offsets[v] + threadIdx.x; e < end; e += blockDim.x) {
      vid_t u = cols[e];
      if (dist[u] == DIST_INF) {
        dist[u] = iteration + 1; /* benign: same value, see the header */
        *running = 1;
      }
    }
  }
}

/* NEW: variants reorder and redirect (Springer 3.4). With order == NULL this is
 * step 03's kernel (Fig. 11) unchanged, run on the relabelled graph (reorder);
 * otherwise thread slot i expands vertex order[i] (redirect): one extra,
 * coalesced read per slot. */
static __global__ void defer_sorted_kernel(dist_t iteration, vid_t n, const vid_t *order,
                                           const eid_t *offsets, const vid_t *cols, dist_t *dist,
                                           int *running) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < n;
       i += stride) {
    vid_t v = order ? order[i] : (vid_t)i;
    if (dist[v] != iteration) continue;
    for (eid_t e = offsets[v]; e < offsets[v + 1]; e++) {
      vid_t u = cols[e];
      if (dist[u] == DIST_INF) {
        dist[u] = iteration + 1; /* benign: every writer stores the same level */
        *running = 1;
      }
    }
  }
}

/* NEW (reorder): distances back to the original ids, dist[v] = rdist[newid[v]].
 * Part of the timed run. */
static __global__ void defer_unmap_kernel(vid_t n, const vid_t *newid, const dist_t *rdist,
                                          dist_t *dist) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride)
    dist[v] = rdist[newid[v]];
}

/* NEW: order[i] = the vertex of i-th largest out-degree, ties by id (a stable
 * counting sort, descending); newid[order[i]] = i. Host, untimed. */
static int defer_degree_order(const graph_t *h, vid_t *order, vid_t *newid) {
  eid_t maxdeg = 0;
  for (vid_t v = 0; v < h->n; v++) {
    eid_t d = h->offsets[v + 1] - h->offsets[v];
    if (d > maxdeg) maxdeg = d;
  }
  eid_t *first = (eid_t *)calloc((size_t)maxdeg + 1, sizeof *first);
  if (!first) return fail(EXIT_INPUT, "out of host memory (degree buckets)");
  for (vid_t v = 0; v < h->n; v++) first[h->offsets[v + 1] - h->offsets[v]]++;
  eid_t pos = 0; /* bucket d starts after all vertices of larger degree */
  for (eid_t d = maxdeg + 1; d-- > 0;) {
    eid_t count = first[d];
    first[d] = pos;
    pos += count;
  }
  for (vid_t v = 0; v < h->n; v++) {
    vid_t i = (vid_t)first[h->offsets[v + 1] - h->offsets[v]]++;
    order[i] = v;
    newid[v] = i;
  }
  free(first);
  return 0;
}

/* NEW (reorder): relabel the graph on the host and upload it. Row i of the new
 * CSR is row order[i] of the old one, every neighbour renamed by newid. */
static int defer_build_reordered(defer_state_t *s, const graph_t *h) {
  vid_t n = h->n;
  eid_t m = h->m;
  vid_t *order = (vid_t *)malloc((size_t)n * sizeof *order);
  eid_t *roff = (eid_t *)malloc(((size_t)n + 1) * sizeof *roff);
  vid_t *rcols = (vid_t *)malloc((m ? (size_t)m : 1) * sizeof *rcols);
  s->h_newid = (vid_t *)malloc((size_t)n * sizeof *s->h_newid);
  if (!order || !roff || !rcols || !s->h_newid) {
    free(order);
    free(roff);
    free(rcols);
    return fail(EXIT_INPUT, "out of host memory (reordered graph)");
  }
  if (defer_degree_order(h, order, s->h_newid)) {
    free(order);
    free(roff);
    free(rcols);
    return fail_code();
  }
  roff[0] = 0;
  for (vid_t i = 0; i < n; i++) {
    vid_t v = order[i];
    eid_t o = roff[i];
    for (eid_t e = h->offsets[v]; e < h->offsets[v + 1]; e++) rcols[o++] = s->h_newid[h->cols[e]];
    roff[i + 1] = o;
  }
  s->d_roffsets = (eid_t *)gpu_alloc(((size_t)n + 1) * sizeof(eid_t), "reordered CSR offsets");
  s->d_rcols = (vid_t *)gpu_alloc((size_t)m * sizeof(vid_t), "reordered CSR columns");
  s->d_rdist = (dist_t *)gpu_alloc((size_t)n * sizeof(dist_t), "reordered distances");
  s->d_newid = (vid_t *)gpu_alloc((size_t)n * sizeof(vid_t), "reorder map");
  CUDA_CHECK(cudaMemcpy(s->d_roffsets, roff, ((size_t)n + 1) * sizeof(eid_t),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(s->d_rcols, rcols, (size_t)m * sizeof(vid_t), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(s->d_newid, s->h_newid, (size_t)n * sizeof(vid_t),
                        cudaMemcpyHostToDevice));
  free(order);
  free(roff);
  free(rcols);
  return 0;
}

/* NEW (redirect): the job array only; the graph stays as it is. */
static int defer_build_redirect(defer_state_t *s, const graph_t *h) {
  vid_t *order = (vid_t *)malloc((size_t)h->n * sizeof *order);
  vid_t *newid = (vid_t *)malloc((size_t)h->n * sizeof *newid);
  if (!order || !newid) {
    free(order);
    free(newid);
    return fail(EXIT_INPUT, "out of host memory (job array)");
  }
  int rc = defer_degree_order(h, order, newid);
  if (!rc) {
    s->d_order = (vid_t *)gpu_alloc((size_t)h->n * sizeof(vid_t), "job array");
    CUDA_CHECK(cudaMemcpy(s->d_order, order, (size_t)h->n * sizeof(vid_t),
                          cudaMemcpyHostToDevice));
  }
  free(order);
  free(newid);
  return rc;
}

static void defer_fini(void *state);

/* NEW: the knob values, checked before anything is allocated (the harness
 * calls this before it probes the GPU; the queue's upper bound depends on
 * the device and is checked in init). */
static int defer_check_knobs(const launch_t *lc) {
  long defer_max = launch_knob(lc, "defer_max"), queue = launch_knob(lc, "queue");
  if (defer_max < 1)
    return fail(EXIT_INPUT, "defer_max=%ld: the out-degree threshold must be at least 1",
                defer_max);
  if (queue < 0) return fail(EXIT_INPUT, "queue=%ld: the queue capacity must be 0 or more", queue);
  return 0;
}

static int defer_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (defer_check_knobs(lc)) return EXIT_INPUT;
  long defer_max = launch_knob(lc, "defer_max");
  long queue = launch_knob(lc, "queue");
  int dev = 0, optin = 0;
  struct cudaFuncAttributes fa;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  CUDA_CHECK(cudaFuncGetAttributes(&fa, defer_vertex_kernel));
  long queue_max = ((long)optin - (long)fa.sharedSizeBytes) / (long)sizeof(vid_t);
  if (queue < 0 || queue > queue_max)
    return fail(EXIT_INPUT,
                "queue=%ld: the queue capacity must be 0..%ld entries (%d bytes of shared memory "
                "per block on this device, 4 bytes per entry)",
                queue, queue_max, optin);

  defer_state_t *s = (defer_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->block = lc->block;
  s->grid = launch_grid(lc, g->n);
  s->defer_max = (eid_t)defer_max;
  s->queue_cap = (unsigned)queue;
  s->queue_bytes = (size_t)queue * sizeof(vid_t);
  /* NEW: beyond 48 KB a kernel must opt in to its dynamic shared memory. */
  if (s->queue_bytes > 0)
    CUDA_CHECK(cudaFuncSetAttribute(defer_vertex_kernel,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    (int)s->queue_bytes));
  s->d_running = (int *)gpu_alloc(sizeof(int), "running flag");
  *state = s;

  int rc = 0;
  if (strcmp(lc->variant, "defer") == 0) {
    s->mode = DEFER_QUEUE;
  } else if (strcmp(lc->variant, "reorder") == 0 || strcmp(lc->variant, "redirect") == 0) {
    s->mode = strcmp(lc->variant, "reorder") == 0 ? DEFER_REORDER : DEFER_REDIRECT;
    const graph_t *h = (const graph_t *)g->host;
    if (!h) rc = fail(EXIT_INPUT, "variant %s needs the host graph (dgraph_t.host)", lc->variant);
    else if (s->mode == DEFER_REORDER) rc = defer_build_reordered(s, h);
    else rc = defer_build_redirect(s, h);
  } else {
    rc = fail(EXIT_INPUT, "unknown variant '%s'", lc->variant);
  }
  if (rc) {
    defer_fini(s);
    *state = NULL;
  }
  return rc;
}

static int defer_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  defer_state_t *s = (defer_state_t *)state;
  const dgraph_t *g = &s->g;
  const eid_t *offsets = g->offsets;
  const vid_t *cols = g->cols;
  dist_t *dist = d_dist; /* the harness already set dist[src] = 0 */
  if (s->mode == DEFER_REORDER) {
    /* NEW: BFS on the relabelled graph, in new ids, from the source's new id. */
    offsets = s->d_roffsets;
    cols = s->d_rcols;
    dist = s->d_rdist;
    gpu_fill_dist(dist, g->n, s->h_newid[src]);
  }
  int running = 1;
  dist_t iteration = 0;
  while (running) {
    trace_level_begin(st);
    CUDA_CHECK(cudaMemset(s->d_running, 0, sizeof(int)));
    if (s->mode == DEFER_QUEUE)
      defer_vertex_kernel<<<s->grid, s->block, s->queue_bytes>>>(
          iteration, g->n, offsets, cols, dist, s->d_running, s->defer_max, s->queue_cap);
    else
      defer_sorted_kernel<<<s->grid, s->block>>>(iteration, g->n, s->d_order, offsets, cols, dist,
                                                 s->d_running);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(&running, s->d_running, sizeof(int), cudaMemcpyDeviceToHost));
    trace_level_end(st, iteration, -1, -1, -1);
    iteration++;
  }
  if (s->mode == DEFER_REORDER) {
    defer_unmap_kernel<<<s->grid, s->block>>>(g->n, s->d_newid, s->d_rdist, d_dist);
    LAUNCH_CHECK();
  }
  st->levels = iteration;
  return 0;
}

static void defer_fini(void *state) {
  defer_state_t *s = (defer_state_t *)state;
  if (!s) return;
  gpu_free(s->d_running);
  gpu_free(s->d_order);
  gpu_free(s->d_roffsets);
  gpu_free(s->d_rcols);
  gpu_free(s->d_rdist);
  gpu_free(s->d_newid);
  free(s->h_newid);
  free(s);
}

static const char *const defer_variants[] = {"defer", "reorder", "redirect", NULL};

static const knob_def_t defer_knobs[] = {
    {"defer_max", 16, "out-degree from which a frontier vertex is deferred to the block (>= 1)"},
    {"queue", 2048, "deferred-vertex queue entries per block, 4 bytes each of shared memory (0: off)"},
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {
    "Deferring outliers to a block queue; degree reorder / redirect (Springer Fig. 12, 3.4)",
    PROBLEM_BFS, defer_knobs, defer_variants, defer_init, defer_run, defer_fini,
    defer_check_knobs};
