/* Step 12 - hop: the latency engine for high-diameter graphs, on direction-optimizing BFS.
 *
 * Base:       11, included from ../11_beamer/beamer.cuh (and through it 10's dobfs.cuh
 *             and 08's bfs4k.cuh), every knob but loop; what 13 takes from 12: hop.cuh.
 * Adds (ours, not in the papers): the hop engine (knobs hop, hopq, hopmax) for the top-down
 *             levels under the rule's floor. Auto (hop=-1): 64 levels a barrier below mean
 *             degree 5, 4 below 8, else 0 (step 10's levels). The floor rises hop-fold;
 *             after a hop step beamer counts afresh if its bound cannot decide.
 * Idea:       a level of a road or a grid is a chain of dependent accesses plus a grid
 *             barrier: row heads (degree + first 7 neighbours, 32 bytes) carried in the block
 *             queues cut the chain to one access; `hop` levels per grid barrier,
 *             label-correcting (atomicMin) inside a step, divide the barriers (README).
 * Reference:  N. Bell, M. Garland, SC 2009 (ELL); U. Meyer, P. Sanders, delta-stepping.
 * Invariants: step 10's, for its levels. dist only falls (atomicMin) and whoever lowers a
 *             vertex expands it. From an exact level L with no block queue overflow, every
 *             level <= L + hop is exact after a step; after an overflow (ctl->mixed) every
 *             later step is a hop step (README).
 * Limits:     step 10's; 32 bytes a vertex (heads), 40 bytes an entry of shared memory; forced
 *             on a dense graph the engine turns label-correcting: correct, many times slower.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cooperative_groups.h>

#include "hop.cuh" /* the hop engine; through it step 11's rule and steps 10 and 08's levels */

/* init: the row heads (degree, first HOP_IN neighbours) of every vertex. */
static __global__ void hop_head_kernel(const eid_t *off, const vid_t *cols, vid_t n, uint4 *head) {
  for (size_t v = blockIdx.x * (size_t)blockDim.x + threadIdx.x; v < n;
       v += (size_t)gridDim.x * blockDim.x) {
    eid_t b = off[v], d = off[v + 1] - b;
    unsigned w[8];
    w[0] = d > 0xffffffffULL ? 0xffffffffu : (unsigned)d;
    for (int r = 0; r < HOP_IN; r++) w[1 + r] = (eid_t)r < d ? cols[b + r] : 0;
    head[2 * v] = make_uint4(w[0], w[1], w[2], w[3]);
    head[2 * v + 1] = make_uint4(w[4], w[5], w[6], w[7]);
  }
}

/* NEW(12): small frontiers: block 0 alone runs hops until the frontier passes `single` entries
 * (mode 0) or ends; exact levels, no grid barrier; q[cur] and ctl hand over as dobfs_single. */
static __device__ void hop_single(const hop_args_t *a, int level, int cur,
                                  unsigned long long size) {
  hop_shared_t *sh = &hop_sh;
  unsigned rs = 0; /* rounds of hop_expand */
  unsigned t = threadIdx.x, bd = blockDim.x;
  if (t < 3) {
    sh->cnt[t] = 0;
    sh->lcnt[t] = 0;
  }
  if (t == 0) sh->nbig = 0;
  __syncthreads();
  hopq_t qin = hop_queue(a, 0), qout = hop_queue(a, 1), qt;
  vid_t *gin = a->d.b.q[cur], *gout = a->d.b.q[cur ^ 1], *gt;
  int h = 0, levels = 0;
  unsigned nin = (unsigned)size, nin_s = 0; /* size <= n < 2^31 */
  unsigned long long pushes = 0;
  dist_t mx = -1;
  for (;;) {
    hop_sink_t sk = {qout, (unsigned)a->hopq, &sh->cnt[h], gout, NULL, HOP_SPILL, NULL, NULL};
    unsigned long long edges = 0;
    unsigned next =
        hop_level(a, sh, &sk, qin, nin_s, gin, nin, h, &rs, &mx, a->d.b.trace ? &edges : NULL);
    next = hop_too_big(a, next, t);
    hop_trace_single(a, level, nin, edges);
    pushes += next;
    levels++;
    level++;
    cur ^= 1;
    qt = qin; qin = qout; qout = qt;
    gt = gin; gin = gout; gout = gt;
    h = h == 2 ? 0 : h + 1;
    nin = next;
    nin_s = next < (unsigned)a->hopq ? next : (unsigned)a->hopq;
    if (nin == 0 || (a->d.b.mode != MODE_SINGLE && nin > a->d.b.single)) break;
  }
  /* hand over: the block queue's part of the frontier to q[cur] */
  for (unsigned i = t; i < nin_s; i += bd) gin[i] = qin.v[i];
  if (t == 0) hop_hand_over(a, nin, level, cur, pushes, levels);
  __threadfence();
  __syncthreads();
}

/* Single-block hop levels in block 0 (the others wait at the barrier). */
static __device__ __forceinline__ int hop_loop_single(const hop_args_t &a, hop_loop_t *H) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  dobfs_loop_t *L = &H->l;
  if (blockIdx.x == 0) hop_single(&a, L->level, L->cur, L->size);
  grid.sync();
  int l2 = ((volatile hop_ctl_t *)a.ctl)->d.b.level;
  L->cur = ((volatile hop_ctl_t *)a.ctl)->d.b.cur;
  L->size = ld_volatile(&a.ctl->d.b.size);
  hop_rule(&a, &L->rs, L->size, l2 - L->level);
  L->level = l2;
  H->after_hop = 0; /* the hand-over zeroed every set */
  return L->size == 0;
}

/* The loop from where H stands: the engine takes the top-down levels under the rule's floor
 * (every level once a step went label-correcting), step 10's the rest; with_hop: the build. */
static __device__ __forceinline__ void hop_loop_run(const hop_args_t &a, hop_loop_t *H,
                                                    const int with_hop, int b0) {
  dobfs_loop_t *L = &H->l;
  while (L->size) {
    /* -a: a level's time runs from here (choice, scout and conversions
     * included) to its last grid.sync(), before the trace's own counting */
    L->tl = a.d.b.trace && b0 ? trace_clock() : 0;
    H->hop_end = 0;
    int hop = with_hop && a.hop && !L->in_bitmap &&
              (H->mixed || a.d.rule == RULE_TOPDOWN ||
               (a.d.rule != RULE_BOTTOMUP && L->rs.nf <= a.d.nf_td));
    if (hop) {
      if (!H->mixed &&
          (a.d.b.mode == MODE_SINGLE || (a.d.b.mode == MODE_SWITCH && L->size <= a.d.b.single))) {
        if (hop_loop_single(a, H)) break;
        continue;
      }
      if (H->mixed || L->size <= a.hopmax) {
        if (hop_loop_step(a, H, b0)) break;
        continue;
      }
    }
    H->after_hop = 0;
    if (dobfs_loop_level(a.d, L, b0)) break;
  }
  if (H->hop_end) { /* ended inside a hop step: its deepest level */
    int d = ((volatile hop_ctl_t *)a.ctl)->maxd + 1;
    L->level = d > H->hop_end ? d : H->hop_end;
  }
  dobfs_loop_end(a.d, L, b0);
}

/* NEW(12): the whole BFS in one cooperative grid, the hop engine's steps
 * among step 10's levels (the loop's parts: hop.cuh and dobfs.cuh). */
static __device__ __forceinline__ void hop_loop(const hop_args_t &a, vid_t src,
                                                const int with_hop) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  int b0 = blockIdx.x == 0 && threadIdx.x == 0;
  if (b0) {
    memset(a.ctl, 0, sizeof *a.ctl);
    a.d.b.q[0][0] = src;
  }
  grid.sync();
  hop_loop_t H;
  hop_loop_init(a, &H);
  hop_loop_run(a, &H, with_hop, b0);
}

/* Two builds of the loop: up to 512 threads a block the compiler may use 128
 * registers a thread (no spills); 1024-thread blocks allow 64.
 * NEW(12, hop): and each twice: with_hop = 0, a constant the compiler folds, spares
 * the graphs that never run the engine its registers (step 10's kernel). */
static __global__ void __launch_bounds__(1024)
    hop_dobfs_loop_kernel(const __grid_constant__ hop_args_t a, vid_t src) {
  hop_loop(a, src, 0);
}
static __global__ void __launch_bounds__(512)
    hop_dobfs_loop512_kernel(const __grid_constant__ hop_args_t a, vid_t src) {
  hop_loop(a, src, 0);
}
static __global__ void __launch_bounds__(1024)
    hop_loop_kernel(const __grid_constant__ hop_args_t a, vid_t src) {
  hop_loop(a, src, 1);
}
static __global__ void __launch_bounds__(512)
    hop_loop512_kernel(const __grid_constant__ hop_args_t a, vid_t src) {
  hop_loop(a, src, 1);
}

/* ---- host ------------------------------------------------------------------ */

typedef struct {
  dgraph_t g;
  launch_t lc;
  hop_args_t a;
  size_t smem;
  int full;       /* resident blocks of the multi-block kernels at this block size */
  int grid_loop;  /* blocks of the cooperative grid (loop=1) */
  const void *loop_kernel; /* the build for this block size */
  dev_rows_t rows; /* -a: the level rows */
  dobfs_host_t t;  /* host offsets, the transpose built here (step 10) */
} hop_state_t;

static int hop_check_knobs(const launch_t *lc) {
  return dobfs_check_values(lc) ? fail_code() : hop_check_values(lc);
}

static void hop_fini(void *state);

static int hop_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (hop_check_knobs(lc)) return fail_code();
  if (dev_need_warps(lc->block, "12")) return fail_code();
  const graph_t *h = (const graph_t *)g->host;
  if (!h) return fail(EXIT_INPUT, "this step needs the host graph (for the transpose)");
  hop_state_t *s = (hop_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->lc = *lc;
  hop_args_t *ha = &s->a;
  dobfs_args_t *a = &ha->d; /* step 10's part, by step 10's name */
  hop_read_knobs(ha, g, lc);
  const void *const k[4] = {(const void *)hop_dobfs_loop_kernel,
                            (const void *)hop_dobfs_loop512_kernel, (const void *)hop_loop_kernel,
                            (const void *)hop_loop512_kernel};
  coop_launch_t o = {0, 0, 0, 0, NULL};
  if (hop_launch_setup(ha, lc, k, &o)) {
    free(s);
    return fail_code();
  }
  s->smem = o.smem;
  s->full = o.full;
  s->grid_loop = o.grid_loop;
  s->loop_kernel = o.loop_kernel;
  a->b.res_mb = (unsigned)(s->grid_loop * lc->block);
  bfs4k_alloc_queues(&a->b);
  ha->ctl = (hop_ctl_t *)gpu_alloc(sizeof(hop_ctl_t), "loop state");
  a->ctl = &ha->ctl->d;
  a->b.ctl = &a->ctl->b;
  if (ha->hop) { /* NEW(12, hop): the row heads, 32 bytes a vertex */
    uint4 *head = (uint4 *)gpu_alloc((size_t)(a->b.n ? a->b.n : 1) * 2 * sizeof(uint4),
                                     "row heads (hop)");
    if (a->b.n) {
      hop_head_kernel<<<s->full, lc->block>>>(g->offsets, g->cols, a->b.n, head);
      LAUNCH_CHECK();
      CUDA_CHECK(cudaDeviceSynchronize());
    }
    ha->head = head;
  }
  if (dobfs_in_edges(&s->t, a, g, h)) {
    int rc = fail_code();
    hop_fini(s);
    return rc;
  }
  *state = s;
  return 0;
}

static int hop_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  hop_state_t *s = (hop_state_t *)state;
  hop_args_t a = s->a;
  if (dobfs_run_args(&a.d, &s->a.d, &s->t, &s->rows, s->g.m, src, d_dist, st)) return fail_code();
  int block = s->lc.block;
  hop_ctl_t c;
  memset(&c, 0, sizeof c);
  /* one launch for the whole traversal (step 08's loop=1), no readback until the end */
  void *args[] = {&a, &src};
  CUDA_CHECK(cudaLaunchCooperativeKernel(s->loop_kernel, dim3(s->grid_loop), dim3(block), args,
                                         s->smem, 0));
  LAUNCH_CHECK();
  CUDA_CHECK(cudaMemcpy(&c, a.ctl, sizeof c, cudaMemcpyDeviceToHost));
  if (dobfs_run_stats(&c.d.b, &a.d, src, &s->rows, st, hop_modes, 5)) return fail_code();
  hop_verbose(&c, s->grid_loop, block);
  return 0;
}

static void hop_fini(void *state) {
  hop_state_t *s = (hop_state_t *)state;
  dobfs_free(&s->a.d, &s->t, &s->rows);
  gpu_free((void *)s->a.head); /* NEW(12, hop) */
  free(s);
}

/* the variant is the rule; topdown (08's levels) and bottomup are the
 * ablation. Beamer's rule is the default: the slides' rule uses the average
 * degree, and a Kronecker graph's early frontiers hold the hubs (README). */
static const char *const hop_variants[] = {"beamer", "slides", "topdown", "bottomup", NULL};

static const knob_def_t hop_knobs[] = {
    DOBFS_KNOBS
    HOP_KNOBS
    DOBFS_KNOB_SLIDES
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {
    "The hop engine: row heads and several levels per grid barrier, on direction-optimizing BFS",
    PROBLEM_BFS,
    hop_knobs,
    hop_variants,
    hop_init,
    hop_run,
    hop_fini,
    hop_check_knobs};
