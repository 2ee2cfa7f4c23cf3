/* Step 05 - vwarp: a virtual warp of vw threads expands one vertex at a time.
 *
 * Base:       03 (Springer's Fig. 13 builds on Fig. 11, not on Fig. 12)
 * Adds:       the threads are cut into virtual warps of vw consecutive lanes
 *             (vw = 1, 2, 4, 8, 16 or 32, runtime knob). A virtual warp takes one
 *             vertex at a time (grid-stride over vertices, by virtual warp) in two
 *             phases. SISD: every lane reads the same dist[v], offsets[v] and
 *             offsets[v + 1] and takes the same decision (replicated work, no
 *             communication). SIMD: lane k reads neighbours begin + k,
 *             begin + k + vw, ... so the vertex's edges are shared by vw lanes.
 *             The default grid has one virtual warp per vertex (n * vw threads).
 * Idea:       in step 03 a warp runs as long as its largest-degree vertex and its
 *             32 threads read 32 different rows (uncoalesced). With virtual warps
 *             a warp holds 32 / vw vertices and each row is read vw lanes wide:
 *             a degree-d vertex costs ceil(d / vw) steps instead of d, and
 *             neighbouring lanes read neighbouring words of cols.
 * Reference:  Springer, "Breadth-first Search in CUDA", section 3.5, Fig. 13;
 *             Hong, Kim, Oguntebi, Olukotun, "Accelerating CUDA graph algorithms
 *             at maximum warp", PPoPP 2011, section 3 [Springer's ref. 3].
 * Invariants: replicated SISD needs no synchronisation: in iteration i no thread
 *             writes i into dist (only i + 1, into DIST_INF entries) and offsets
 *             are read-only, so every lane of a virtual warp reads the same
 *             verdict dist[v] == i and the same row, whenever it reads them.
 *             The lanes of a virtual warp run the same grid-stride loop, so they
 *             visit the same vertices; together they read every edge of a row
 *             exactly once. Nothing here relies on lanes running in lockstep: no
 *             shared memory, no shuffle, no barrier, so no __syncwarp is needed,
 *             and a virtual warp may even straddle two hardware warps or blocks
 *             (block not a multiple of vw): slower, still exact.
 *             Threads past the last whole virtual warp (grid * block not a
 *             multiple of vw) have no vertex and return; init rejects a launch
 *             with fewer than vw threads in all (no whole virtual warp).
 * Limits:     benign race (as in step 03): several lanes or virtual warps may see
 *             dist[u] == DIST_INF and all store iteration + 1 (the same value);
 *             running = 1 likewise.
 *             A vertex with fewer than vw neighbours leaves lanes idle (vw = 32 on
 *             a road graph of average degree 3 idles most lanes); the frontier
 *             test is replicated vw times (one broadcast load per virtual warp).
 */
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "step.h"

typedef struct {
  dgraph_t g;
  int grid, block;
  unsigned vw;  /* NEW: threads per virtual warp */
  int *d_running;
} vwarp_state_t;

/* Fig. 13, one virtual warp per vertex at a time. */
static __global__ void vwarp_expand_kernel(dist_t iteration, vid_t n, const eid_t *offsets,
                                           const vid_t *cols, dist_t *dist, int *running,
                                           unsigned vw) {
  /* NEW: virtual warp number and lane; the incomplete virtual warp at the end of
   * the grid (if any) has no work: a missing lane would skip its edges. */
  unsigned long long tid = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  unsigned long long vwarps = (unsigned long long)gridDim.x * blockDim.x / vw;
  unsigned long long warp = tid / vw;
  unsigned lane = (unsigned)(tid % vw);
  if (warp >= vwarps) return; /* no barrier in this kernel: returning is safe */
  for (unsigned long long v = warp; v < n; v += vwarps) {
    /* NEW: SISD phase, replicated: every lane of the virtual warp reads the same
     * three words and takes the same branch. */
    if (dist[v] != iteration) continue;
    eid_t begin = offsets[v], end = offsets[v + 1];
    /* NEW: SIMD phase: the lanes stride over the neighbours, vw apart. */
    for (eid_t e = begin + lane; e < end; e += vw) {
      vid_t u = cols[e];
      if (dist[u] == DIST_INF) {
        dist[u] = iteration + 1; /* benign: every writer stores the same level */
        *running = 1;
      }
    }
  }
}

/* NEW: the virtual warp size, a power of two that divides the warp (the
 * harness calls this before it probes the GPU, init calls it too). */
static int vwarp_check_knobs(const launch_t *lc) {
  long vw = launch_knob(lc, "vw");
  if (vw < 1 || vw > 32 || (vw & (vw - 1)) != 0)
    return fail(EXIT_INPUT, "vw=%ld: the virtual warp size must be 1, 2, 4, 8, 16 or 32", vw);
  return 0;
}

static int vwarp_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (vwarp_check_knobs(lc)) return EXIT_INPUT;
  long vw = launch_knob(lc, "vw");
  /* NEW: the default grid gives every vertex its own virtual warp. */
  int grid = launch_grid(lc, (unsigned long long)g->n * (unsigned long long)vw);
  unsigned long long threads = (unsigned long long)grid * (unsigned long long)lc->block;
  if (threads < (unsigned long long)vw)
    return fail(EXIT_INPUT, "grid %d x block %d is %llu threads: fewer than one virtual warp (vw=%ld)",
                grid, lc->block, threads, vw);
  vwarp_state_t *s = (vwarp_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->block = lc->block;
  s->grid = grid;
  s->vw = (unsigned)vw;
  s->d_running = (int *)gpu_alloc(sizeof(int), "running flag");
  *state = s;
  return 0;
}

static int vwarp_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  vwarp_state_t *s = (vwarp_state_t *)state;
  const dgraph_t *g = &s->g;
  (void)src; /* the harness already set dist[src] = 0 */
  int running = 1;
  dist_t iteration = 0;
  while (running) {
    trace_level_begin(st);
    CUDA_CHECK(cudaMemset(s->d_running, 0, sizeof(int)));
    vwarp_expand_kernel<<<s->grid, s->block>>>(iteration, g->n, g->offsets, g->cols, d_dist,
                                               s->d_running, s->vw);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(&running, s->d_running, sizeof(int), cudaMemcpyDeviceToHost));
    trace_level_end(st, iteration, -1, -1, -1);
    iteration++;
  }
  st->levels = iteration;
  return 0;
}

static void vwarp_fini(void *state) {
  vwarp_state_t *s = (vwarp_state_t *)state;
  gpu_free(s->d_running);
  free(s);
}

static const char *const vwarp_variants[] = {"vwarp", NULL};

static const knob_def_t vwarp_knobs[] = {
    {"vw", 16, "threads per virtual warp: 1, 2, 4, 8, 16 or 32 (1 is step 03's kernel)"},
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {
    "Virtual warp-centric expansion (Springer Fig. 13)", PROBLEM_BFS, vwarp_knobs, vwarp_variants,
    vwarp_init, vwarp_run, vwarp_fini, vwarp_check_knobs};
