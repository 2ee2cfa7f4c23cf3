/* hop_host.cuh - support (no lesson): the side of step 12's hop engine that is
 * no part of its lesson, shared by steps 12, 13, 18 and 20 (header only; included by
 * step 12's hop.cuh, after its types and the loop's state).
 *
 *   hop_modes          -a's modes of the levels, as printed
 *   hop_check_values   the values of the engine's knobs (check_knobs)
 *   hop_read_knobs     step 10's knobs and the engine's into its arguments
 *   hop_launch_setup   the loop kernels' shared memory, build and grid
 *   hop_too_big        (device) a single-block hop level too big for the queues
 *   hop_trace_single   (device) -a's row of a single-block hop level
 *   hop_loop_rebuild   (device) a hop step's overflowed queue, rebuilt from dist
 *   hop_loop_count     (device) after a hop step: -a's modes, the verbose counts
 *   hop_verbose        BFS4K_VERBOSE's line after a run
 *   HOP_KNOBS          gamma and the engine's knobs, for the knob tables
 */
#ifndef GALLERY_HOP_HOST_CUH
#define GALLERY_HOP_HOST_CUH

#include <stdio.h>
#include <stdlib.h>

#include "coop.cuh"
#include "err.h"
#include "step.h"

/* support (-a): every mode as printed (trace_rows) */
static const char *const hop_modes[] = {"multi", "single", "multi", "hop1", "hopk"};

/* support: the values of the engine's knobs (check_knobs of 12 and 13) */
static int hop_check_values(const launch_t *lc) {
  long hop = launch_knob(lc, "hop"), hopq = launch_knob(lc, "hopq");
  long hopmax = launch_knob(lc, "hopmax");
  if (hop < -1 || hop > HOP_MAX)
    return fail(EXIT_INPUT,
                "hop=%ld: -1 (auto), 0 (step 10's levels) or 1..%d levels per grid barrier", hop,
                HOP_MAX);
  if (hopq < 32 || hopq > 4096 || hopq % 32 != 0)
    return fail(EXIT_INPUT,
                "hopq=%ld: 32..4096, a multiple of 32 (entries of each block queue of the hop "
                "engine)",
                hopq);
  if (hopmax < 0 || hopmax > 1 << 20)
    return fail(EXIT_INPUT, "hopmax=%ld: 0..1048576 entries per block", hopmax);
  return 0;
}

/* support: step 10's knobs (dobfs_read_knobs) and the engine's */
static void hop_read_knobs(hop_args_t *a, const dgraph_t *g, const launch_t *lc) {
  dobfs_read_knobs(&a->d, g, lc);
  /* auto (-1): many levels per barrier on sparse graphs, where levels are many
   * and thin; none on dense ones, whose few small levels step 10 runs faster
   * (its single-block levels hand hubs to the grid; after a hop step beamer
   * must count afresh) */
  long hop = launch_knob(lc, "hop");
  if (hop == -1)
    hop = (double)g->m < HOP_ROAD_DEG * (double)g->n     ? HOP_AUTO
          : (double)g->m < HOP_SPARSE_DEG * (double)g->n ? HOP_AUTO_MESH
                                                          : 0;
  a->hop = (int)hop;
  /* the floor rises hop-fold (README): a top-down level inside the hop engine
   * costs a hop-th of a grid barrier, so a bottom-up level must save hop times
   * as much: m_f > n * hop / gamma (and with it nf_td, the levels the engine takes) */
  if (a->hop > 1 && a->d.gamma > 0) a->d.gamma /= a->hop;
  a->hopq = (int)launch_knob(lc, "hopq");
}

/* support: where the loop kernels are set up: shared memory (the hash, then
 * the staging area or the engine's block queues), the build (k: without the
 * engine at 1024 and 512 threads a block, then with it) and the cooperative
 * grid (coop.cuh). */
static int hop_launch_setup(hop_args_t *a, const launch_t *lc, const void *const k[4],
                            coop_launch_t *o) {
  /* shared memory: the hash table (8-byte entries) then the staging area,
   * or the hop engine's two block queues (40 bytes an entry) in its place */
  o->smem = (size_t)a->d.b.hash * 8 + (size_t)a->d.b.stage * sizeof(vid_t);
  if (a->hop && HOP_OFF(a->d.b.hash) + (size_t)a->hopq * 80 > o->smem)
    o->smem = HOP_OFF(a->d.b.hash) + (size_t)a->hopq * 80;
  /* the build with the hop engine only where it runs (register pressure: README) */
  if (coop_launch_setup(lc, k, 4, k[(a->hop ? 2 : 0) + (lc->block <= 512)], a->d.b.hash,
                        a->d.b.stage, o))
    return fail_code();
  a->hopmax = (unsigned long long)o->grid_loop * (unsigned long long)launch_knob(lc, "hopmax");
  return 0;
}

/* support: a single-block hop level of next entries, more than the queues hold (thread 0
 * records it: the host fails the run, dobfs_run_stats); then 0, the level's end, else next */
static __device__ __forceinline__ unsigned hop_too_big(const hop_args_t *a, unsigned next,
                                                       unsigned t) {
  if (next > a->d.b.cap) { /* exact levels have no duplicates: the level is too big */
    if (t == 0) {
      a->ctl->d.b.status = ST_TOOBIG;
      a->ctl->d.b.toobig = next;
    }
    next = 0;
  }
  return next;
}

/* support (-a): a single-block hop level's row, its edges summed over the block (every
 * thread of block 0 calls it) */
static __device__ __forceinline__ void hop_trace_single(const hop_args_t *a, int level,
                                                        unsigned nin, unsigned long long edges) {
  unsigned t = threadIdx.x;
  if (a->d.b.trace && level < LV_CAP) {
    __shared__ unsigned long long s_e;
    if (t == 0) s_e = 0;
    __syncthreads();
    if (edges) atomicAdd(&s_e, edges);
    __syncthreads();
    if (t == 0) {
      trace_lv_t r = {nin, s_e, 0, ~0ULL, MODE_HOP1, 8, 0, 0, DIR_TOPDOWN};
      a->d.lv[level] = r;
    }
  }
}

/* support: a hop step's queue overflowed (label-correcting): rebuild it from
 * dist over the levels it pushed; more than it holds: say so, stop. */
static __device__ __forceinline__ unsigned long long hop_loop_rebuild(const hop_args_t &a,
                                                                      const hop_loop_t *H, int ci,
                                                                      int b0) {
  dist_t lo = DIST_INF - ((volatile hop_ctl_t *)a.ctl)->plo[ci];
  dist_t hi = ((volatile hop_ctl_t *)a.ctl)->phi[ci] - 1;
  return bfs4k_grid_rebuild(&a.d.b, lo, hi, a.d.b.q[H->l.cur ^ 1], b0,
                            cooperative_groups::this_grid());
}

/* support: after a hop step from level (b0 alone): -a's modes (the step's levels are hop
 * levels) and BFS4K_VERBOSE's counts */
static __device__ __forceinline__ void hop_loop_count(const hop_args_t &a, int level, int b0) {
  if (a.d.b.trace && b0)
    for (int k = 0; k < a.hop && level + k < LV_CAP; k++) a.d.lv[level + k].mode = MODE_HOPK;
  if (b0) {
    a.ctl->hop_steps++;
    a.ctl->hop_levels += a.hop;
  }
}

/* support: BFS4K_VERBOSE's line after a run, from the loop state c (on a grid x block) */
static void hop_verbose(const hop_ctl_t *c, int grid, int block) {
  if (getenv("BFS4K_VERBOSE"))
    fprintf(stderr, "dobfs: %d levels: %d single-block, %d multi-block top-down, %d bottom-up, %d "
            "in %d hop steps%s; %llu child grids, %llu refused; %d queue rebuilds; grid %d x %d\n",
            c->d.b.level, c->d.b.sb_levels, c->d.b.mb_levels, c->d.bu_levels, c->hop_levels,
            c->hop_steps, c->mixed ? " (label-correcting)" : "", c->d.b.children,
            c->d.b.child_fail, c->d.b.rebuilds, grid, block);
}

/* support: gamma as the hop engine reads it, and the engine's knobs, for the knob tables of
 * 12 and of the rungs above (after DOBFS_KNOBS) */
#define HOP_KNOBS \
    {"gamma", 8, \
     "both rules: bottom-up only when the frontier's edges m_f > n / gamma (a level's scan of n " \
     "vertices), n * hop / gamma under the hop engine; 0: no floor"}, \
    {"hop", -1, \
     "hop engine (ours): levels per grid barrier with row heads; -1 auto (64 when mean degree < " \
     "5, 4 below 8, else 0), 0 off (step 10's levels)"}, \
    {"hopq", 512, "hop engine: entries of each block queue in shared memory (40 bytes each)"}, \
    {"hopmax", 64, \
     "hop engine: multi-block hop steps while |F| <= hopmax * blocks, step 10's levels above"},

#endif /* GALLERY_HOP_HOST_CUH */
