/* Step 03 - itercounter: the frontier is "dist[v] == iteration".
 *
 * Adds:       an iteration number passed to the kernel replaces the three flag
 *             arrays and the second kernel of step 02.
 * Idea:       in BFS every vertex discovered in iteration i gets level i + 1,
 *             so the level array already says who is on the frontier: v expands
 *             in iteration i iff dist[v] == i, and u is unvisited iff
 *             dist[u] == DIST_INF. One array, one kernel per level, no flag
 *             resets; each iteration still scans all n vertices.
 * Reference:  Springer, "Breadth-first Search in CUDA", Fig. 11 (vertex-centric),
 *             Fig. 17 (edge-centric, variant "edge"); the observation is Hong et
 *             al., PPoPP 2011 [Springer's ref. 3].
 * Invariants: a vertex discovered in iteration i gets i + 1, never i, so a thread
 *             that meets it later in the same iteration does not expand it: the
 *             "updated" indirection of step 02 is no longer needed.
 * Limits:     benign race: several threads may see dist[u] == DIST_INF and all
 *             store iteration + 1 (the same value); running = 1 likewise.
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
} itercounter_state_t;

/* Fig. 11: NEW the frontier test is a comparison with the iteration number. */
static __global__ void itercounter_vertex_kernel(dist_t iteration, vid_t n, const eid_t *offsets,
                                                 const vid_t *cols, dist_t *dist, int *running) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride) {
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

/* Fig. 17: one thread per edge; an edge fires when its source is on the
 * frontier and its target is unvisited. */
static __global__ void itercounter_edge_kernel(dist_t iteration, eid_t m, const vid_t *from,
                                               const vid_t *cols, dist_t *dist, int *running) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long e = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; e < m;
       e += stride) {
    if (dist[from[e]] != iteration) continue;
    vid_t u = cols[e];
    if (dist[u] == DIST_INF) {
      dist[u] = iteration + 1;
      *running = 1;
    }
  }
}

static int itercounter_init(const dgraph_t *g, const launch_t *lc, void **state) {
  itercounter_state_t *s = (itercounter_state_t *)calloc(1, sizeof *s);
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

static int itercounter_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  itercounter_state_t *s = (itercounter_state_t *)state;
  const dgraph_t *g = &s->g;
  (void)src; /* the harness already set dist[src] = 0 */
  int running = 1;
  dist_t iteration = 0;
  while (running) {
    trace_level_begin(st);
    CUDA_CHECK(cudaMemset(s->d_running, 0, sizeof(int)));
    if (s->edge_centric)
      itercounter_edge_kernel<<<s->grid, s->block>>>(iteration, g->m, s->d_from, g->cols, d_dist,
                                                     s->d_running);
    else
      itercounter_vertex_kernel<<<s->grid, s->block>>>(iteration, g->n, g->offsets, g->cols,
                                                       d_dist, s->d_running);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(&running, s->d_running, sizeof(int), cudaMemcpyDeviceToHost));
    trace_level_end(st, iteration, -1, -1, -1);
    iteration++;
  }
  st->levels = iteration;
  return 0;
}

static void itercounter_fini(void *state) {
  itercounter_state_t *s = (itercounter_state_t *)state;
  gpu_free(s->d_running);
  gpu_free(s->d_from);
  free(s);
}

static const char *const itercounter_variants[] = {"vertex", "edge", NULL};

STEP_EXPORT const step_t STEP = {
    "Frontier by iteration counter (Springer Fig. 11)", PROBLEM_BFS, NULL, itercounter_variants,
    itercounter_init, itercounter_run, itercounter_fini};
