/* Step 01 - simple: the unoptimized vertex-centric sweep.
 *
 * Adds:       nothing; this is the baseline every later step is measured against.
 * Idea:       every iteration, every thread takes vertices v = tid, tid + T, ...
 *             (T threads in all) and relaxes each out-edge (v,u):
 *             dist[u] = min(dist[u], dist[v] + 1). The host repeats the sweep
 *             until one changes nothing. It is Bellman-Ford with unit
 *             weights: O(depth * (n + m)) work against O(n + m) for a serial BFS.
 * Reference:  Springer, "Breadth-first Search in CUDA", Fig. 9 (vertex-centric),
 *             Fig. 16 (edge-centric, variant "edge").
 * Invariants: dist[v] only ever decreases; once a sweep changes nothing, every
 *             edge satisfies dist[u] <= dist[v] + 1, which with dist[src] = 0
 *             makes dist the exact BFS levels.
 * Limits:     CSR offsets replace Springer's v_adj_begin/v_adj_length arrays
 *             (one array of n + 1 offsets instead of two of n).
 *             Benign race "lost update": two threads may lower dist[u] at once
 *             with plain stores and the larger value may land last. It stays
 *             larger than the truth, so the edge that gives the smaller value is
 *             still unsatisfied and is relaxed again in the next sweep (every
 *             sweep visits every vertex); the loop only stops on a sweep with no
 *             change at all, so the result is exact. Also benign: several
 *             threads write running = 1 at once (same value).
 */
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "step.h"

typedef struct {
  dgraph_t g;
  int grid, block;
  int edge_centric;  /* variant "edge" */
  vid_t *d_from;     /* edge sources (COO), edge variant only */
  int *d_running;
} simple_state_t;

/* Fig. 9. Springer's version reads dist[v] + 1 even when dist[v] is "infinite"
 * (an int overflow); we skip unreached vertices instead. */
static __global__ void simple_vertex_kernel(vid_t n, const eid_t *offsets, const vid_t *cols,
                                            dist_t *dist, int *running) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride) {
    dist_t dv = dist[v];
    if (dv == DIST_INF) continue;
    for (eid_t e = offsets[v]; e < offsets[v + 1]; e++) {
      vid_t u = cols[e];
      if (dist[u] > dv + 1) {
        dist[u] = dv + 1; /* benign lost-update race: see the header */
        *running = 1;
      }
    }
  }
}

/* Fig. 16: one thread per edge instead of per vertex; no loop over a row,
 * so no divergence from uneven degrees, but every edge is read every sweep. */
static __global__ void simple_edge_kernel(eid_t m, const vid_t *from, const vid_t *cols,
                                          dist_t *dist, int *running) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long e = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; e < m;
       e += stride) {
    dist_t dv = dist[from[e]];
    if (dv == DIST_INF) continue;
    vid_t u = cols[e];
    if (dist[u] > dv + 1) {
      dist[u] = dv + 1;
      *running = 1;
    }
  }
}

static int simple_init(const dgraph_t *g, const launch_t *lc, void **state) {
  simple_state_t *s = (simple_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->block = lc->block;
  s->edge_centric = strcmp(lc->variant, "edge") == 0;
  s->grid = launch_grid(lc, s->edge_centric ? g->m : g->n);
  s->d_running = (int *)gpu_alloc(sizeof(int), "running flag");
  if (s->edge_centric) s->d_from = gpu_edge_sources(g->offsets, g->n, g->m);
  *state = s;
  return 0;
}

static int simple_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  simple_state_t *s = (simple_state_t *)state;
  const dgraph_t *g = &s->g;
  (void)src; /* the harness already set dist[src] = 0 */
  int running = 1, sweeps = 0;
  while (running) {
    trace_level_begin(st);
    CUDA_CHECK(cudaMemset(s->d_running, 0, sizeof(int)));
    if (s->edge_centric)
      simple_edge_kernel<<<s->grid, s->block>>>(g->m, s->d_from, g->cols, d_dist, s->d_running);
    else
      simple_vertex_kernel<<<s->grid, s->block>>>(g->n, g->offsets, g->cols, d_dist, s->d_running);
    LAUNCH_CHECK();
    /* The copy back waits for the kernel: one host round trip per sweep. */
    CUDA_CHECK(cudaMemcpy(&running, s->d_running, sizeof(int), cudaMemcpyDeviceToHost));
    trace_level_end(st, sweeps, -1, -1, -1);
    sweeps++;
  }
  st->levels = sweeps;
  st->edges_inspected = (long long)sweeps * (long long)g->m; /* every edge, every sweep */
  return 0;
}

static void simple_fini(void *state) {
  simple_state_t *s = (simple_state_t *)state;
  gpu_free(s->d_running);
  gpu_free(s->d_from);
  free(s);
}

static const char *const simple_variants[] = {"vertex", "edge", NULL};

STEP_EXPORT const step_t STEP = {
    "Unoptimized vertex-centric sweep (Springer Fig. 9)", PROBLEM_BFS, NULL, simple_variants,
    simple_init, simple_run, simple_fini};
