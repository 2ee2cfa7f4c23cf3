/* Step 02 - frontier: only the vertices discovered last iteration expand.
 *
 * Adds:       three flag arrays. frontier[v]: v expands this iteration;
 *             visited[v]: v has its final level; updated[v]: v was reached this
 *             iteration. A second kernel turns updated into frontier|visited.
 * Idea:       step 01 relaxes every edge every sweep; here an edge is read only
 *             when its source is on the frontier, so each edge is read once
 *             over the whole BFS (still, every iteration scans all n flags).
 * Reference:  Springer, "Breadth-first Search in CUDA", Fig. 10.
 * Invariants: in iteration i every frontier vertex has level i (induction), so
 *             every write to dist[u] in iteration i writes the same value i + 1.
 *             updated (not frontier) receives new vertices: with fewer threads
 *             than vertices, a thread must not expand, in this iteration, a
 *             vertex another thread discovered a moment ago: it would store level
 *             i + 2 into neighbours that other frontier vertices are about to
 *             give i + 1, and whichever store lands last wins. The flag kernel
 *             runs after the expand
 *             kernel completes (kernel boundary = grid-wide barrier).
 * Limits:     benign races: several frontier vertices may discover u at once and
 *             all store dist[u] = i + 1 and updated[u] = 1 (same values); a
 *             thread may read visited[u] == 0 for a vertex another thread is
 *             discovering now (it writes the same level again).
 */
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "step.h"

typedef struct {
  dgraph_t g;
  int grid, block;
  unsigned char *d_frontier, *d_visited, *d_updated; /* NEW: one byte per vertex each */
  int *d_running;
} frontier_state_t;

/* Expand: frontier vertices relax their unvisited neighbours. */
static __global__ void frontier_expand_kernel(vid_t n, const eid_t *offsets, const vid_t *cols,
                                              dist_t *dist, unsigned char *frontier,
                                              const unsigned char *visited,
                                              unsigned char *updated) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride) {
    if (!frontier[v]) continue;
    frontier[v] = 0;
    dist_t next = dist[v] + 1;
    for (eid_t e = offsets[v]; e < offsets[v + 1]; e++) {
      vid_t u = cols[e];
      if (!visited[u]) {
        dist[u] = next; /* benign: every writer stores the same level */
        updated[u] = 1;
      }
    }
  }
}

/* NEW: the second kernel. Vertices reached this iteration join the frontier. */
static __global__ void frontier_update_kernel(vid_t n, unsigned char *frontier,
                                              unsigned char *visited, unsigned char *updated,
                                              int *running) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride) {
    if (!updated[v]) continue;
    frontier[v] = visited[v] = 1;
    updated[v] = 0;
    *running = 1; /* benign: same value from every writer */
  }
}

static int frontier_init(const dgraph_t *g, const launch_t *lc, void **state) {
  frontier_state_t *s = (frontier_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->block = lc->block;
  s->grid = launch_grid(lc, g->n);
  s->d_frontier = (unsigned char *)gpu_alloc(g->n, "frontier flags");
  s->d_visited = (unsigned char *)gpu_alloc(g->n, "visited flags");
  s->d_updated = (unsigned char *)gpu_alloc(g->n, "updated flags");
  s->d_running = (int *)gpu_alloc(sizeof(int), "running flag");
  *state = s;
  return 0;
}

static int frontier_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  frontier_state_t *s = (frontier_state_t *)state;
  const dgraph_t *g = &s->g;
  const unsigned char one = 1;
  /* NEW: flags start empty but for the source (part of the timed run). */
  CUDA_CHECK(cudaMemset(s->d_frontier, 0, g->n));
  CUDA_CHECK(cudaMemset(s->d_visited, 0, g->n));
  CUDA_CHECK(cudaMemset(s->d_updated, 0, g->n));
  CUDA_CHECK(cudaMemcpy(s->d_frontier + src, &one, 1, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(s->d_visited + src, &one, 1, cudaMemcpyHostToDevice));
  int running = 1, level = 0;
  while (running) {
    trace_level_begin(st);
    CUDA_CHECK(cudaMemset(s->d_running, 0, sizeof(int)));
    frontier_expand_kernel<<<s->grid, s->block>>>(g->n, g->offsets, g->cols, d_dist, s->d_frontier,
                                                  s->d_visited, s->d_updated);
    LAUNCH_CHECK();
    frontier_update_kernel<<<s->grid, s->block>>>(g->n, s->d_frontier, s->d_visited, s->d_updated,
                                                  s->d_running);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(&running, s->d_running, sizeof(int), cudaMemcpyDeviceToHost));
    trace_level_end(st, level, -1, -1, -1);
    level++;
  }
  st->levels = level;
  return 0;
}

static void frontier_fini(void *state) {
  frontier_state_t *s = (frontier_state_t *)state;
  gpu_free(s->d_frontier);
  gpu_free(s->d_visited);
  gpu_free(s->d_updated);
  gpu_free(s->d_running);
  free(s);
}

static const char *const frontier_variants[] = {"flags", NULL};

STEP_EXPORT const step_t STEP = {
    "Frontier, visited and updated flags (Springer Fig. 10)", PROBLEM_BFS, NULL, frontier_variants,
    frontier_init, frontier_run, frontier_fini};
