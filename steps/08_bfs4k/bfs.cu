/* Step 08 - bfs4k: BFS-4K, every technique a knob, the level loop on the device.
 *
 * Base:       06 (its two global frontier queues and block queue in shared
 *             memory; the expansion around them is new)
 * Library:    bfs4k.cuh, what the rungs above (10, 12, 13) include unchanged;
 *             this file: 08's single-block levels, both level loops, the glue;
 *             support, no lesson: harness/bfs4k_*.cuh.
 * Adds:       every technique of BFS-4K, each a knob (-K name=value, -1: the
 *             variant's): prefix-sum allocation (scan, 5.1), dynamic virtual
 *             warps (vw, vwmin, 5.2), child grids or a hub list for hubs (dp,
 *             5.3), edge-discover (assign, k4, 5.4), single-/multi-block levels
 *             (mode, k5, 5.5), coalescing (coalesce, 5.6), shared-memory
 *             staging (stage), the duplicate hash (hash, 6); ours: the level
 *             loop in one cooperative grid (loop=1; loop=0: the host's, 06's),
 *             atomicCAS visits (visit), the queues' size (qcap). Variants
 *             bfs4k (the fastest on the H100) and paper. README.md: the knob
 *             table and the reading tour.
 * Idea:       a BFS level is small work behind a chain of dependent memory
 *             reads; what costs is idle lanes, atomics, uncoalesced accesses
 *             and, on high-diameter graphs, the host round trip per level.
 * Reference:  F. Busato, N. Bombieri, "BFS-4K: an Efficient Implementation of
 *             BFS for Kepler GPU Architectures", IEEE TPDS 26(7), 2015.
 * Invariants: queue L holds every vertex of level L (repeats with visit=0).
 *             The device loop counts level L's pushes in cnt[L % 3]: block 0
 *             zeroes level L + 1's set while L runs, after every thread read
 *             L - 2's (one grid.sync ago). Warp collectives use the full mask:
 *             blocks are whole warps, and every loop around a collective has
 *             the same trip count in all 32 lanes (reduce_max of the rounds).
 * Limits:     README's: benign races, overflow rebuilds, the grid capped at
 *             the resident blocks; also no hash in the child grids (loop=0).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cooperative_groups.h>

#include "bfs4k.cuh"

static __device__ void bfs4k_record(const bfs4k_args_t *a, int level, int ci,
                                    unsigned long long size, int mode, int vw, int ed,
                                    unsigned long long nh) {
  if (level >= LV_CAP) return;
  bfs4k_lv_t r;
  r.frontier = size;
  r.edges = ld_volatile(&a->ctl->edges[ci]);
  r.dups = ld_volatile(&a->ctl->dups[ci]);
  r.mode = mode;
  r.vw = vw;
  r.ed = ed;
  r.hubs = (int)(nh < 0x7fffffffULL ? nh : 0x7fffffffULL);
  a->lv[level] = r;
}

/* Zero the next step's counters (block 0, thread 0, while step ci runs). */
static __device__ void bfs4k_zero_next(const bfs4k_args_t *a, int ci) {
  bfs4k_zero_set(a, ci == 2 ? 0 : ci + 1);
}

/* Single-block levels hand over (thread 0): every counter set clean for
 * whatever step comes next, and where the loop stands. */
static __device__ void bfs4k_hand_over(const bfs4k_args_t *a, unsigned long long size, int level,
                                       int cur, unsigned long long pushes, int levels) {
  for (int z = 0; z < 3; z++) bfs4k_zero_set(a, z);
  a->ctl->size = size;
  a->ctl->level = level;
  a->ctl->cur = cur;
  a->ctl->pushes += pushes;
  a->ctl->sb_levels += levels;
}

/* NEW(08, 5.5): single-block levels. Block 0 (or the only block) expands level after
 * level, __syncthreads() between them, the frontier and counters in shared memory and
 * registers (no global round trip but the expansion's), until the frontier passes
 * `single` entries or is empty. In and out in global q[cur]; ctl->{level, cur, size}. */
static __device__ void bfs4k_single(const bfs4k_args_t *a, int level, int cur,
                                    unsigned long long size) {
  extern __shared__ unsigned long long smem[];
  volatile unsigned long long *ht = a->hash ? smem : NULL;
  unsigned long long scap = (unsigned long long)a->stage / 2;
  vid_t *sq[2] = {(vid_t *)(smem + a->hash), (vid_t *)(smem + a->hash) + scap};
  /* NEW(08): three sets of counters, one per level mod 3, so that one barrier a
   * level suffices: thread 0 zeroes the set of level L + 2 after level L's
   * barrier, when every thread has read it (at the end of level L - 1) and
   * nobody uses it before level L + 1's barrier. */
  __shared__ unsigned long long s_cnt[3], s_nh[3];
  int sc = 0, levels = 0, li = 0;
  unsigned long long pushes = 0;
  unsigned t = threadIdx.x, bd = blockDim.x;
  unsigned long long nin = size < scap ? size : scap;
  for (unsigned long long i = t; i < nin; i += bd) sq[0][i] = __ldcg(&a->q[cur][i]);
  if (t < 3) {
    s_cnt[t] = 0;
    s_nh[t] = 0;
  }
  __syncthreads();
  for (;;) {
    int vw, ed;
    bfs4k_shape(a, size, bd, &vw, &ed);
    bfs4k_sink_t sk = {sq[sc ^ 1], scap, &s_cnt[li], a->q[cur ^ 1], NULL, &s_nh[li], NULL, 1};
    unsigned long long edges = 0;
    bfs4k_expand(a, &sk, ht, sq[sc], scap, a->q[cur], size, level, vw, ed, 0, t / 32, bd / 32,
                 a->trace ? &edges : NULL, NULL, NULL);
    __syncthreads(); /* the level's barrier */
    int lz = li == 0 ? 2 : li - 1; /* (li + 2) % 3 */
    if (t == 0) {
      s_cnt[lz] = 0;
      s_nh[lz] = 0;
    }
    unsigned long long nh0 = s_nh[li], nh = nh0 < a->cap ? nh0 : a->cap;
    if (nh) bfs4k_single_hubs(a, &sk, ht, level, nh);
    unsigned long long next = s_cnt[li];
    if (next > a->cap) next = bfs4k_single_rebuild(a, &sk, &s_cnt[li], level); /* overflow */
    if (a->trace) {
      bfs4k_single_tally(a, level, next, sq[sc ^ 1], scap, a->q[cur ^ 1], edges);
      if (t == 0) bfs4k_record(a, level, level % 3, size, MODE_SINGLE, vw, ed, nh0);
    }
    pushes += next;
    levels++;
    level++;
    li = li == 2 ? 0 : li + 1;
    sc ^= 1;
    cur ^= 1;
    size = next;
    if (size == 0 || (a->mode != MODE_SINGLE && size > a->single)) break;
  }
  /* hand over to the multi-block levels: the shared part of the frontier out */
  nin = size < scap ? size : scap;
  for (unsigned long long i = t; i < nin; i += bd) a->q[cur][i] = sq[sc][i];
  if (t == 0) bfs4k_hand_over(a, size, level, cur, pushes, levels);
  __threadfence();
  __syncthreads();
}

/* One multi-block level: every block of the grid. */
static __device__ void bfs4k_multi(const bfs4k_args_t *a, int level, int cur,
                                   unsigned long long size, int ci, int cdp, int *vw_out,
                                   int *ed_out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) bfs4k_zero_next(a, ci);
  unsigned long long edges = 0;
  bfs4k_multi_level(a, level, cur, size, ci, cdp, (unsigned long long)a->stage, vw_out, ed_out,
                    a->trace ? &edges : NULL, NULL, NULL);
  if (a->trace) dev_block_add(edges, &a->ctl->edges[ci]);
}

/* NEW(08, loop=1): the whole BFS in one cooperative grid. Every thread keeps
 * level, cur and size in registers; all read the same counters after each
 * grid.sync(), so all take the same branches and reach the same barriers. */
static __device__ __forceinline__ void bfs4k_loop(const bfs4k_args_t &a, vid_t src) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  int b0 = blockIdx.x == 0 && threadIdx.x == 0;
  if (b0) {
    memset(a.ctl, 0, sizeof *a.ctl);
    a.q[0][0] = src;
  }
  grid.sync();
  int level = 0, cur = 0, mb_levels = 0;
  unsigned long long size = 1, pushes = 0;
  while (size) {
    int ci = level % 3;
    int small = a.mode == MODE_SINGLE || (a.mode == MODE_SWITCH && size <= a.single);
    if (small) {
      if (blockIdx.x == 0) bfs4k_single(&a, level, cur, size); /* the others wait below */
      grid.sync();
      level = ((volatile bfs4k_ctl_t *)a.ctl)->level;
      cur = ((volatile bfs4k_ctl_t *)a.ctl)->cur;
      size = ld_volatile(&a.ctl->size);
      if (size == 0) break;
      continue;
    }
    int vw, ed;
    bfs4k_multi(&a, level, cur, size, ci, 0, &vw, &ed);
    grid.sync();
    unsigned long long nh = ld_volatile(&a.ctl->hubs[ci]);
    unsigned long long nb = ld_volatile(&a.ctl->bigs[ci]);
    unsigned long long next = ld_volatile(&a.ctl->cnt[ci]);
    if (nh || nb) {
      bfs4k_hub_pass(&a, level, cur, ci, nh, nb, (unsigned long long)a.stage);
      grid.sync();
      next = ld_volatile(&a.ctl->cnt[ci]);
    }
    if (next > a.cap) { /* overflow: rebuild the queue from dist (rare) */
      next = bfs4k_grid_rebuild(&a, level + 1, level + 1, a.q[cur ^ 1], b0, grid);
      grid.sync(); /* all have read it before the next level zeroes it */
    }
    if (a.trace) {
      bfs4k_dups(&a, level + 1, a.q[cur ^ 1], next, &a.ctl->dups[ci]);
      grid.sync();
      if (b0) bfs4k_record(&a, level, ci, size, MODE_MULTI, vw, ed, nh + nb);
    }
    pushes += next;
    mb_levels++;
    level++;
    cur ^= 1;
    size = next;
  }
  if (b0) {
    a.ctl->level = level;
    a.ctl->pushes += pushes;
    a.ctl->mb_levels += mb_levels;
  }
}

/* Two builds of the loop: up to 512 threads a block the compiler may use 128
 * registers a thread (no spills); 1024-thread blocks allow 64. */
static __global__ void __launch_bounds__(1024)
    bfs4k_loop_kernel(const __grid_constant__ bfs4k_args_t a, vid_t src) {
  bfs4k_loop(a, src);
}
static __global__ void __launch_bounds__(512)
    bfs4k_loop512_kernel(const __grid_constant__ bfs4k_args_t a, vid_t src) {
  bfs4k_loop(a, src);
}

/* ---- loop=0: the same levels, one launch (and one readback) each ---------- */

static __global__ void __launch_bounds__(1024)
    bfs4k_single_kernel(const __grid_constant__ bfs4k_args_t a, int level, int cur,
                        unsigned long long size) {
  bfs4k_single(&a, level, cur, size);
}
static __global__ void __launch_bounds__(512)
    bfs4k_single512_kernel(const __grid_constant__ bfs4k_args_t a, int level, int cur,
                           unsigned long long size) {
  bfs4k_single(&a, level, cur, size);
}

static __global__ void __launch_bounds__(1024)
    bfs4k_multi_kernel(const __grid_constant__ bfs4k_args_t a, int level, int cur,
                       unsigned long long size) {
  int vw, ed;
  bfs4k_multi(&a, level, cur, size, level % 3, BFS4K_CDP, &vw, &ed);
}

static __global__ void __launch_bounds__(1024)
    bfs4k_hub_kernel(const __grid_constant__ bfs4k_args_t a, int level, int cur,
                     unsigned long long nh, unsigned long long nb) {
  bfs4k_hub_pass(&a, level, cur, level % 3, nh, nb, (unsigned long long)a.stage);
}

/* ---- host ------------------------------------------------------------------ */

typedef struct {
  dgraph_t g;
  launch_t lc;
  bfs4k_args_t a;
  size_t smem;
  int full;       /* resident blocks of the multi-block kernels at this block size */
  int grid_loop;  /* blocks of the cooperative grid (loop=1) */
  const void *loop_kernel, *single_kernel; /* the build for this block size */
  dev_rows_t rows; /* -a: the level rows */
} bfs4k_state_t;

#include "bfs4k_prog.cuh" /* support: loop=0's small kernels, -a's rows, init, fini, knobs */

/* The host's level loop (loop=0): a launch and a readback per level (06's
 * way), the same levels as the device loop; c gets the device's tallies. */
static int bfs4k_host_loop(bfs4k_state_t *s, bfs4k_args_t a, vid_t src, bfs4k_ctl_t *cp) {
  bfs4k_ctl_t c;
  int block = s->lc.block;
  /* the host's loop reads back what it needs to go on (the level's counters,
   * one copy a kernel) and writes nothing back; its tallies stay here */
  CUDA_CHECK(cudaMemset(a.ctl, 0, sizeof(bfs4k_ctl_t)));
  CUDA_CHECK(cudaMemcpy(a.q[0], &src, sizeof src, cudaMemcpyHostToDevice));
  int level = 0, cur = 0, mb_levels = 0, rebuilds = 0, status = ST_OK;
  unsigned long long size = 1, pushes = 0, toobig = 0;
  while (size > 0) {
    if (a.mode == MODE_SINGLE || (a.mode == MODE_SWITCH && size <= a.single)) {
      void *sargs[] = {&a, &level, &cur, &size};
      CUDA_CHECK(cudaLaunchKernel(s->single_kernel, dim3(1), dim3(block), sargs, s->smem, 0));
      LAUNCH_CHECK();
      CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
      level = c.level;
      cur = c.cur;
      size = c.size;
      if (c.status) break;
      continue;
    }
    int vw, ed;
    bfs4k_shape(&a, size, a.res_mb, &vw, &ed);
    unsigned long long B = ed ? 32 : 32 / (unsigned)vw;
    unsigned long long warps = (size + B - 1) / B;
    unsigned long long gb = (warps * 32 + block - 1) / block;
    int grid =
        s->lc.grid > 0 ? s->lc.grid : (int)(gb < (unsigned long long)s->full ? gb : s->full);
    bfs4k_multi_kernel<<<grid, block, s->smem>>>(a, level, cur, size);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
    unsigned long long nh = c.hubs[level % 3], nb = c.bigs[level % 3];
    if (nh || nb) { /* hubs past CHILD_MAX or refused a launch, or the no-CDP build's hubs */
      int hgrid = s->lc.grid > 0 ? s->lc.grid : s->full;
      bfs4k_hub_kernel<<<hgrid, block, s->smem>>>(a, level, cur, nh, nb);
      LAUNCH_CHECK();
      CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
    }
    unsigned long long next = c.cnt[level % 3];
    if (next > a.cap) {
      bfs4k_rebuild_kernel<<<s->full, block>>>(a, level, cur);
      LAUNCH_CHECK();
      CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
      next = c.rebuild;
      rebuilds++;
      if (next > a.cap) {
        status = ST_TOOBIG;
        toobig = next;
        level++;
        break;
      }
    }
    if (a.trace) {
      bfs4k_dups_kernel<<<s->full, block>>>(a, level, cur, next);
      LAUNCH_CHECK();
      bfs4k_record_kernel<<<1, 1>>>(a, level, size, vw, ed, nh + nb);
      LAUNCH_CHECK();
    }
    pushes += next;
    mb_levels++;
    level++;
    cur ^= 1;
    size = next;
  }
  /* the device's own tallies (single-block levels, child grids) once, at the end */
  CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
  if (!c.status) {
    c.status = status;
    c.toobig = toobig;
    c.level = level;
  }
  c.pushes += pushes;
  c.mb_levels += mb_levels;
  c.rebuilds += rebuilds;
  *cp = c;
  return 0;
}

static int bfs4k_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  bfs4k_state_t *s = (bfs4k_state_t *)state;
  bfs4k_args_t a = s->a;
  a.dist = d_dist;
  a.trace = st->trace != NULL;
  a.epoch = ++s->a.epoch;
  if (a.trace) {
    /* -a only: duplicate marks and level rows (untraced runs allocate nothing) */
    if (!s->a.mark)
      s->a.mark = (int *)gpu_alloc((size_t)(a.n ? a.n : 1) * sizeof(int), "duplicate marks (-a)");
    dev_rows_open(&s->rows, sizeof(bfs4k_lv_t), LV_CAP, "level rows (-a)");
    a.mark = s->a.mark;
    a.lv = (bfs4k_lv_t *)s->rows.d;
    CUDA_CHECK(cudaMemset(a.mark, 0xff, (size_t)(a.n ? a.n : 1) * sizeof(int)));
  }
  int block = s->lc.block;
  bfs4k_ctl_t c;
  if (a.loop) {
    /* NEW(08): one launch for the whole traversal, no readback until the end */
    void *args[] = {&a, &src};
    CUDA_CHECK(cudaLaunchCooperativeKernel(s->loop_kernel, dim3(s->grid_loop),
                                           dim3(block), args, s->smem, 0));
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
  } else if (bfs4k_host_loop(s, a, src, &c)) {
    return fail_code();
  }
  if (c.status == ST_TOOBIG)
    return fail(EXIT_INPUT,
                "a level from source %" PRIvid
                " has %llu vertices, more than the %llu "
                "entries of each queue (-K qcap)",
                src, c.toobig, a.cap);
  st->levels = c.level;
  st->pushes = (long long)c.pushes;
  st->duplicates = -1;
  if (a.trace && bfs4k_trace_print(s, c.level, st)) return fail_code();
  bfs4k_verbose(&c);
  return 0;
}

/* NEW(08): bfs4k = the fastest combination of the paper's techniques measured on
 * the H100 (the device loop, edge-discover every level, no hash); paper = the
 * paper's own (the host loop with child grids, the K4 rule, the hash). */
static const char *const bfs4k_variants[] = {"bfs4k", "paper", NULL};

STEP_EXPORT const step_t STEP = {
    "BFS-4K (Busato & Bombieri): every technique a knob, the level loop on the device",
    PROBLEM_BFS,
    bfs4k_knobs,
    bfs4k_variants,
    bfs4k_init,
    bfs4k_run,
    bfs4k_fini,
    bfs4k_check_knobs};
