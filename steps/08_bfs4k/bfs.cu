/* Step 08 - bfs4k: BFS-4K, every technique a knob, the level loop on the device.
 *
 * Base:       06 (its two global frontier queues and block queue in shared
 *             memory; the expansion around them is new)
 * Library:    bfs4k.cuh holds what the rungs above (10, 12, 13) include
 *             unchanged: the types, push, visit, hub claim and list, flush,
 *             the expansion, the multi-block level and hub pass; this file
 *             holds 08's single-block levels, both level loops and the glue;
 *             support, no lesson, is in harness/bfs4k_*.cuh.
 * Adds:       every technique of BFS-4K (Busato & Bombieri, TPDS 2015), each
 *             switchable with -K name=value for an ablation. Variants: bfs4k
 *             (default: the fastest combination of the paper's techniques on
 *             the H100, README) and paper (the paper's own choices: the host
 *             loop with child grids, the edge-discover rule with K4 = 1, the
 *             hash on). Knobs at -1 take the variant's value.
 *             loop      1 the whole level loop in ONE cooperative grid (grid.sync
 *                       between multi-block levels, no host round trip);
 *                       0 the host launches a kernel per level (as 06)
 *             mode, k5  single-block <-> multi-block (section 5.5): a frontier of
 *                       at most block * k5 entries is expanded by block 0 alone,
 *                       level after level, with __syncthreads() and the frontier
 *                       in shared memory; larger ones by the whole grid.
 *                       mode 1: single-block only, 2: multi-block only
 *             scan      frontier allocation (5.1): 1 warp-shuffle exclusive prefix
 *                       sum, then one shared atomic per warp (the block level),
 *                       with the ballot/popc variant when no lane holds more than
 *                       one vertex; 2 the shuffle scan always; 0 one atomic per
 *                       vertex (the way before BFS-4K)
 *             vw, vwmin dynamic virtual warps (5.2): the size of a level's
 *                       virtual warps is the power of two below resident
 *                       threads / |F|, in [vwmin, 32]; vw > 0 fixes it
 *             assign,k4 edge-discover (5.4): a warp takes 32 frontier vertices,
 *                       prefix-sums their degrees and finds the owner of each of
 *                       its edges with a shuffle binary search, so every lane has
 *                       an edge. 0 the paper's rule: edge-discover when
 *                       |F| * k4 < resident threads, virtual warps otherwise;
 *                       1 virtual warps only; 2 edge-discover every level
 *             dp        vertices of more than dp out-edges (hubs) are not left to
 *                       one virtual warp (5.3): with loop=0 each gets a child grid
 *                       (CDP2, fire-and-forget, deg / (16 * 256) blocks: the
 *                       paper's K3 = 16 edges a thread); with loop=1 and in
 *                       single-block levels they go to a hub list that the whole
 *                       grid (block) expands after the level. 0: off
 *             coalesce  coalesced reads and writes (5.6): lanes load 32/vw
 *                       consecutive queue entries and their rows, then shuffle
 *                       them to the virtual warps; induced coalescence for the
 *                       writes (the first min(c) vertices of every lane go out
 *                       as whole-warp stores, the rest by prefix sum). 0: every
 *                       virtual warp reads its entry itself, writes scattered
 *             stage     shared-memory staging: the block queue of a multi-block
 *                       level (one global atomic per block, a coalesced copy),
 *                       or the two frontier queues of the single-block levels
 *                       (stage / 2 entries each; more spill to global memory)
 *             hash      duplicate detection (section 6): a table of `hash`
 *                       64-bit entries (vertex, thread) per block in shared
 *                       memory; a lane that reads back its vertex with another
 *                       thread's id drops it. 0: off
 *             visit     0 the benign-race visit (load, compare, store: a vertex
 *                       may be pushed twice); 1 atomicCAS (exactly once; not in
 *                       the paper, for comparison)
 *             qcap      entries of each global queue (0: n), for testing the
 *                       overflow path
 *             Not knobs (measured once, always on): columns and
 *             row offsets are loaded with the streaming cache hint, so the L2
 *             keeps dist; edge-discover searches in 32 bits; 6 edge slots a lane.
 * Idea:       a BFS level is small work behind a long chain of dependent
 *             memory reads; what costs on a GPU is idle lanes (imbalance),
 *             atomics, uncoalesced accesses and, on high-diameter graphs, the
 *             host round trip per level. BFS-4K attacks each one.
 * Reference:  F. Busato, N. Bombieri, "BFS-4K: an Efficient Implementation of
 *             BFS for Kepler GPU Architectures", IEEE TPDS 26(7), 2015:
 *             sections 5.1-5.6 and 6, Figs. 3, 6, 7, 9, 11, 12.
 * Invariants: queue L holds every vertex of level L (entries may repeat with
 *             visit=0); dist[v] = L + 1 is stored only by a lane that read
 *             dist[v] == INF while expanding level L, and the lane pushes v
 *             unless the hash table shows another thread that holds v (the
 *             last of the writers of v's slot always keeps it: see hash64).
 *             Level L of the device loop counts its pushes in cnt[L % 3]:
 *             block 0 zeroes the counters of level L + 1 while level L runs,
 *             after every thread read those of level L - 2 (one grid.sync ago).
 *             A hub is claimed once per level (its hub word set to the level
 *             with atomicExch) before it is listed or given a child grid: the
 *             benign race may queue it twice, but it is expanded once.
 *             Warp collectives (ballot, shuffles) use the full mask: blocks are
 *             whole warps (init), and every loop around a collective has the
 *             same trip count in all 32 lanes (reduce_max of the rounds).
 *             The multi-block grid is cooperative: all its blocks are resident
 *             (the grid is capped at what fits, -x included), so grid.sync()
 *             cannot deadlock; child grids are never launched from it.
 * Limits:     benign races: two lanes may both read INF and store the same
 *             level (visit=0): a duplicate entry, expanded twice, harmless for
 *             the answer; many lanes store the same value. A queue that
 *             overflows (duplicates) is rebuilt from dist, exact. Duplicates of
 *             different blocks are never detected by the hash. The hash of the
 *             child grids (loop=0 hubs) is off. At most CHILD_MAX child grids a
 *             level; further hubs go to the hub list (a grid-wide pass).
 *             The grid of loop=1 is at most the resident blocks (occupancy of
 *             this kernel at -b); a larger -x is capped.
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

/* NEW(08, 5.5): single-block levels. Block 0 (or the only block) expands level
 * after level with __syncthreads() between them, the frontier in shared
 * memory, until the frontier passes `single` entries or is empty. Its
 * counters stay in shared memory and registers: a level costs no global
 * round trip besides the expansion itself. The queue to start from is in
 * global q[cur]; on return the next one is there too and ctl->{level, cur,
 * size} say where the loop stands. */
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

/* support: loop=0's kernels for the overflow rebuild and -a's counting */
static __global__ void bfs4k_rebuild_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                            int cur) {
  dev_rebuild(a.dist, a.n, level + 1, level + 1, a.q[cur ^ 1], a.cap, &a.ctl->rebuild);
}

static __global__ void bfs4k_dups_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                         int cur, unsigned long long next) {
  bfs4k_dups(&a, level + 1, a.q[cur ^ 1], next, &a.ctl->dups[level % 3]);
}

static __global__ void bfs4k_record_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                           unsigned long long size, int vw, int ed,
                                           unsigned long long nh) {
  bfs4k_record(&a, level, level % 3, size, MODE_MULTI, vw, ed, nh);
}

/* support (-a): the level rows into the trace and the greppable lines */
static int bfs4k_trace_print(bfs4k_state_t *s, int levels, step_stats_t *st) {
  int nl = 0;
  bfs4k_lv_t *h = (bfs4k_lv_t *)dev_rows_fetch(&s->rows, levels, &nl);
  if (!h) return fail_code();
  long long dups = 0, edges = 0;
  for (int l = 0; l < nl; l++) {
    step_trace(st, l, (long long)h[l].frontier, (long long)h[l].edges, (long long)h[l].dups,
               -1.0f);
    dups += (long long)h[l].dups;
    edges += (long long)h[l].edges;
    /* greppable per-level lines for the lesson's trace figure */
    static const char *const mname[] = {"multi", "single", "multi"};
    printf("Level: %d %s frontier=%llu dups=%llu edges=%llu vw=%d %s hubs=%d\n", l,
           mname[h[l].mode], h[l].frontier, h[l].dups, h[l].edges, h[l].vw,
           h[l].ed ? "edge-discover" : "vwarp", h[l].hubs);
  }
  st->duplicates = dups;
  st->edges_inspected = edges;
  free(h);
  return 0;
}

/* support: the frees */
static void bfs4k_fini(void *state) {
  bfs4k_state_t *s = (bfs4k_state_t *)state;
  gpu_free(s->a.q[0]);
  gpu_free(s->a.q[1]);
  gpu_free(s->a.hubq);
  gpu_free(s->a.ctl);
  gpu_free(s->a.hubw);
  gpu_free(s->a.mark);
  dev_rows_free(&s->rows);
  free(s);
}

static int bfs4k_check_knobs(const launch_t *lc) {
  long loop = KNOB_LOOP(lc);
  if (loop < 0 || loop > 1) return fail(EXIT_INPUT, "loop=%ld: -1 (the variant's), 0 or 1", loop);
  return bfs4k_check_values(lc);
}

static int bfs4k_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (bfs4k_check_knobs(lc)) return fail_code();
  if (lc->block % 32 != 0)
    return fail(EXIT_INPUT, "block %d: step 08 needs whole warps (a multiple of 32 threads)",
                lc->block);
  bfs4k_state_t *s = (bfs4k_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->lc = *lc;
  bfs4k_args_t *a = &s->a;
  bfs4k_read_knobs(a, g, lc);
  a->loop = (int)KNOB_LOOP(lc);
  /* NEW(08): shared memory: the hash table (8-byte entries) then the staging area */
  s->smem = (size_t)a->hash * 8 + (size_t)a->stage * sizeof(vid_t);
  int dev = 0, smem_max = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&smem_max, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  if (s->smem + 256 > (size_t)smem_max) {
    size_t need = s->smem;
    int h = a->hash, st = a->stage;
    free(s);
    return fail(EXIT_INPUT, "hash=%d and stage=%d need %zu bytes of shared memory per block; "
                "this GPU has %d", h, st, need, smem_max);
  }
  s->loop_kernel =
      lc->block <= 512 ? (const void *)bfs4k_loop512_kernel : (const void *)bfs4k_loop_kernel;
  s->single_kernel =
      lc->block <= 512 ? (const void *)bfs4k_single512_kernel : (const void *)bfs4k_single_kernel;
  const void *kernels[] = {
      (const void *)bfs4k_loop_kernel,    (const void *)bfs4k_single_kernel,
      (const void *)bfs4k_multi_kernel,   (const void *)bfs4k_hub_kernel,
      (const void *)bfs4k_loop512_kernel, (const void *)bfs4k_single512_kernel};
  for (int i = 0; i < 6; i++)
    CUDA_CHECK(cudaFuncSetAttribute(kernels[i], cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    (int)s->smem));
  /* NEW(08): the cooperative grid holds at most the resident blocks; -x caps it further */
  s->grid_loop =
      dev_coop_grid(s->loop_kernel, lc->block, s->smem, lc->sm_count, lc->grid, &s->full);
  if (s->full < 1) {
    size_t need = s->smem;
    free(s);
    return fail(EXIT_INPUT,
                "block %d with %zu bytes of shared memory: not one block fits on an SM", lc->block,
                need);
  }
  if (a->loop && !s->grid_loop) {
    free(s);
    return fail(EXIT_INPUT, "this GPU cannot launch cooperative grids: run with -K loop=0");
  }
  a->res_mb =
      (unsigned)((a->loop ? s->grid_loop : (lc->grid > 0 ? lc->grid : s->full)) * lc->block);
  bfs4k_alloc_queues(a);
  a->ctl = (bfs4k_ctl_t *)gpu_alloc(sizeof(bfs4k_ctl_t), "loop state");
#if BFS4K_CDP
  if (a->dp > 0 && !a->loop) {
    /* room for a level's child launches; a refused one goes to the hub list */
    cudaError_t e = cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 2 * CHILD_MAX);
    if (e != cudaSuccess) (void)cudaGetLastError();
  }
#endif
  *state = s;
  return 0;
}

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
    /* -a only: marks for the duplicate count and the level rows (untraced runs allocate nothing)
     */
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
  if (getenv("BFS4K_VERBOSE"))
    fprintf(stderr,
            "bfs4k: %d levels: %d single-block, %d multi-block; %llu child grids, %llu refused; "
            "%d queue rebuilds\n",
            c.level, c.sb_levels, c.mb_levels, c.children, c.child_fail, c.rebuilds);
  return 0;
}

/* NEW(08): bfs4k = the fastest combination of the paper's techniques measured on
 * the H100 (the device loop, edge-discover every level, no hash); paper = the
 * paper's own (the host loop with child grids, the K4 rule, the hash). */
static const char *const bfs4k_variants[] = {"bfs4k", "paper", NULL};

static const knob_def_t bfs4k_knobs[] = {
    {"loop", -1,
     "level loop: 1 one cooperative grid (grid.sync), 0 the host (a launch and readback per "
     "level); -1 the variant's (bfs4k 1, paper 0)"},
    BFS4K_KNOBS_SHAPE
    {"assign", -1,
     "2 edge-discover always; 0 the paper's rule: edge-discover when |F| * k4 < resident threads, "
     "else virtual warps; 1 virtual warps; -1 the variant's (bfs4k 2, paper 0)"},
    BFS4K_KNOB_K4
    {"dp", 1024,
     "hubs: out-degree > dp goes to a child grid (loop=0, CDP2, at most 1024 a level) or the "
     "grid-wide hub pass; 0 off"},
    BFS4K_KNOB_COALESCE
    {"stage", 4096,
     "shared-memory staging entries: block queue (multi-block), two frontier queues "
     "(single-block); 0 off"},
    {"hash", -1,
     "duplicate-detection hash table entries per block (64-bit, shared memory); 0 off; -1 the "
     "variant's (bfs4k 0, paper 2048)"},
    BFS4K_KNOBS_VISIT
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {
    "BFS-4K (Busato & Bombieri): every technique a knob, the level loop on the device",
    PROBLEM_BFS,
    bfs4k_knobs,
    bfs4k_variants,
    bfs4k_init,
    bfs4k_run,
    bfs4k_fini,
    bfs4k_check_knobs};
