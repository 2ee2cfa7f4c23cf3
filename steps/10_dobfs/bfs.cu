/* Step 10 - dobfs: direction-optimizing BFS, the slides' rule. Long form: README.md.
 * Base:       08 (its levels, device loop and knobs but loop; ../08_bfs4k/bfs4k.cuh).
 *             dobfs.cuh: what the rungs above take.
 * Adds:       the bottom-up level (an unvisited vertex scans its in-edges up to the
 *             first in the frontier, a bitmap) and a rule picking each level's direction
 *             on the device from |Q| and |R| (slides; topdown, bottomup: the ablation).
 * Changes to 08's top-down levels: a single-block level with hubs hands them to
 *             the grid's hub pass; mstage=0; dp = 128; no -V paper.
 * Idea:       bottom-up when |R| < |Q| * E/V * slides_pct / 100, past the scan floor.
 * Reference:  Beamer, Asanovic, Patterson, SC 2012; P.-I. Chen, T.-W. Huang (slides).
 * Invariants: bottom-up, bit v of bm[bcur] <=> dist[v] == L; u's thread alone writes
 *             dist[u]. Every thread evaluates the rule on the same counters after
 *             the same grid.sync(): one direction for all.
 * Limits:     top-down counts are approximate (duplicates); bottom-up levels run on
 *             the whole grid (also mode=1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cooperative_groups.h>

#include "dobfs.cuh" /* the rule, both directions, step 08's levels as 10 changed them */

/* NEW(10): the whole BFS in one cooperative grid (08's loop=1), each level's direction there */
/* replaces: - */
static __device__ __forceinline__ void dobfs_loop(const dobfs_args_t &a, vid_t src) {
  int b0 = blockIdx.x == 0 && threadIdx.x == 0;
  dobfs_loop_t L;
  dobfs_loop_begin(a, src, &L, b0);
  for (;;) {
    /* -a: a level's time runs from here (the direction's choice and the
     * conversions included) to its last grid.sync(), before the trace's own counting */
    L.tl = a.b.trace && b0 ? trace_clock() : 0;
    if (dobfs_loop_level(a, &L, b0)) break;
  }
  dobfs_loop_end(a, &L, b0);
}

/* Two builds of the loop: up to 512 threads a block the compiler may use 128
 * registers a thread (no spills); 1024-thread blocks allow 64. */
static __global__ void __launch_bounds__(1024)
    dobfs_loop_kernel(const __grid_constant__ dobfs_args_t a, vid_t src) {
  dobfs_loop(a, src);
}
static __global__ void __launch_bounds__(512)
    dobfs_loop512_kernel(const __grid_constant__ dobfs_args_t a, vid_t src) {
  dobfs_loop(a, src);
}

/* ---- host ------------------------------------------------------------------ */

/* support (-a): the rows' modes as printed (trace_rows) */
static const char *const dobfs_modes[] = {"multi", "single"};

typedef struct {
  dgraph_t g;
  launch_t lc;
  dobfs_args_t a;
  size_t smem;
  int full;       /* resident blocks of the multi-block kernels at this block size */
  int grid_loop;  /* blocks of the cooperative grid (loop=1) */
  const void *loop_kernel; /* the build for this block size */
  dev_rows_t rows; /* -a: the level rows */
  dobfs_host_t t; /* NEW(10): host offsets, the transpose built here */
} dobfs_state_t;

/* support: the frees */
static void dobfs_fini(void *state) {
  dobfs_state_t *s = (dobfs_state_t *)state;
  dobfs_free(&s->a, &s->t, &s->rows);
  free(s);
}

static int dobfs_check_knobs(const launch_t *lc) {
  return dobfs_check_values(lc);
}

static int dobfs_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (dobfs_check_knobs(lc)) return fail_code();
  if (dev_need_warps(lc->block, "10")) return fail_code();
  const graph_t *h = (const graph_t *)g->host;
  if (!h) return fail(EXIT_INPUT, "this step needs the host graph (for the transpose)");
  dobfs_state_t *s = (dobfs_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->lc = *lc;
  dobfs_args_t *a = &s->a;
  dobfs_read_knobs(a, g, lc);
  /* shared memory: the hash table (8-byte entries) then the staging area */
  coop_launch_t o = {(size_t)a->b.hash * 8 + (size_t)a->b.stage * sizeof(vid_t), 0, 0, 0, NULL};
  const void *const k[2] = {(const void *)dobfs_loop_kernel, (const void *)dobfs_loop512_kernel};
  if (coop_launch_setup(lc, k, 2, k[lc->block <= 512], a->b.hash, a->b.stage, &o)) {
    free(s);
    return fail_code();
  }
  s->smem = o.smem;
  s->full = o.full;
  s->grid_loop = o.grid_loop;
  s->loop_kernel = o.loop_kernel;
  a->b.res_mb = (unsigned)(s->grid_loop * lc->block);
  bfs4k_alloc_queues(&a->b);
  a->ctl = (dobfs_ctl_t *)gpu_alloc(sizeof(dobfs_ctl_t), "loop state");
  a->b.ctl = &a->ctl->b;
  if (dobfs_in_edges(&s->t, a, g, h)) {
    int rc = fail_code();
    dobfs_fini(s);
    return rc;
  }
  *state = s;
  return 0;
}

static int dobfs_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  dobfs_state_t *s = (dobfs_state_t *)state;
  dobfs_args_t a = s->a;
  if (dobfs_run_args(&a, &s->a, &s->t, &s->rows, s->g.m, src, d_dist, st)) return fail_code();
  int block = s->lc.block;
  dobfs_ctl_t c;
  memset(&c, 0, sizeof c);
  /* one launch for the whole traversal (step 08's loop=1), no readback until the end */
  void *args[] = {&a, &src};
  CUDA_CHECK(cudaLaunchCooperativeKernel(s->loop_kernel, dim3(s->grid_loop), dim3(block), args,
                                         s->smem, 0));
  LAUNCH_CHECK();
  CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
  if (dobfs_run_stats(&c.b, &a, src, &s->rows, st, dobfs_modes, 2)) return fail_code();
  if (getenv("BFS4K_VERBOSE")) dobfs_verbose(&c, s->grid_loop, block);
  return 0;
}

/* NEW(10): the variant is the rule; topdown (08's levels) and bottomup are the
 * ablation. */
static const char *const dobfs_variants[] = {"slides", "topdown", "bottomup", NULL};

static const knob_def_t dobfs_knobs[] = {
    DOBFS_KNOBS
    {"gamma", 8,
     "both rules: bottom-up only when the frontier's edges m_f > n / gamma (a level's scan of n "
     "vertices); 0: no floor"},
    DOBFS_KNOB_SLIDES
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {
    "Direction-optimizing BFS (top-down / bottom-up) on BFS-4K's device loop",
    PROBLEM_BFS,
    dobfs_knobs,
    dobfs_variants,
    dobfs_init,
    dobfs_run,
    dobfs_fini,
    dobfs_check_knobs};
