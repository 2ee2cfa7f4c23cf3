/* oneblock_host.cuh - support (no lesson): the host side of step 15's
 * one-block rounds that is no part of its lesson, shared by steps 15-17 (host
 * code, header only; included by step 15's oneblock.cuh, after its kernels).
 *
 *   ob_state_t      init's state: H-BF's host part, the arguments, the grid
 *   ob_check_knobs  the values of 15's knobs and of those below (check_knobs)
 *   ob_setup        init's first part: Near-Far's, then 15's knobs (lean=-1:
 *                   on below OB_ROAD_DEG, the lesson's rule)
 *   ob_prepare      init's last part: the edge classes, Near-Far's arrays, the
 *                   row heads (lean_head_kernel) and the shared memory
 *   ob_free         what init allocated
 *   ob_verbose      the loop's cost (HBF_VERBOSE)
 */
#ifndef GALLERY_ONEBLOCK_HOST_CUH
#define GALLERY_ONEBLOCK_HOST_CUH

#include <stdio.h>

#include "err.h"
#include "gpu.h"
#include "step.h"

/* support: init's state (the rungs above embed it). */
typedef struct {
  hbf_host_t h;
  ob_args_t a;
  int grid_loop;                /* blocks of the cooperative grid (loop=2)      */
} ob_state_t;

/* support: knob values alone, step 15's and those below it. */
static int ob_check_knobs(const launch_t *lc) {
  if (nf_check_knobs(lc)) return fail_code();
  long dedup = launch_knob(lc, "dedup"), loop = launch_knob(lc, "loop");
  long lean = launch_knob(lc, "lean"), leanq = launch_knob(lc, "leanq");
  long leanmax = launch_knob(lc, "leanmax"), nlo = launch_knob(lc, "nlo");
  long chase = launch_knob(lc, "chase"), spread = launch_knob(lc, "spread");
  if (lean < -1 || lean > 1)
    return fail(EXIT_INPUT, "lean=%ld: -1 (auto), 0 (off) or 1 (on)", lean);
  if (lean == 1 && (loop != 2 || dedup != 2))
    return fail(EXIT_INPUT,
                "lean=1 needs loop=2 and dedup=2: it hands the frontier to the cooperative "
                "grid and keeps the (distance, tag) pairs");
  if (leanq < 32 || leanq > 2048 || leanq % 32 != 0)
    return fail(EXIT_INPUT,
                "leanq=%ld: 32..2048, a multiple of 32 (entries of each shared-memory queue)",
                leanq);
  if (leanmax < 1 || leanmax > (1L << 30))
    return fail(EXIT_INPUT, "leanmax=%ld: 1..2^30 entries", leanmax);
  if (nlo < 1 || nlo > (1L << 20))
    return fail(EXIT_INPUT, "nlo=%ld: 1..2^20 near pushes a round", nlo);
  if (chase < 1 || chase > 64)
    return fail(EXIT_INPUT, "chase=%ld: 1..64 levels a lane expands in a one-block round", chase);
  if (spread != 0 && spread != 1) return fail(EXIT_INPUT, "spread=%ld: 0 or 1", spread);
  return 0;
}

/* support: init, first part: Near-Far's (nf_setup, with this step's cooperative
 * kernel), then the one-block rounds' knobs: auto on road networks. */
static int ob_setup(ob_state_t *s, const dgraph_t *g, const launch_t *lc) {
  degree_stats_t ds;
  ob_args_t *a = &s->a;
  if (nf_setup(&s->h, &a->nf, g, lc, (const void *)ob_persist_kernel, &s->grid_loop, &ds))
    return fail_code();
  const graph_t *hg = (const graph_t *)g->host;
  long lean = launch_knob(lc, "lean");
  if (lean == -1)
    lean = a->nf.h.chain == 2 && a->nf.h.dedup == 2 && ds.avg_out_degree < OB_ROAD_DEG;
  if (lean && hg->m > 0xffffffffULL) {
    if (launch_knob(lc, "lean") == 1)
      return fail(EXIT_INPUT,
                  "lean=1: the row heads keep 32-bit edge offsets; this graph has %llu edges",
                  (unsigned long long)hg->m);
    lean = 0;
  }
  a->lean = (int)lean;
  a->leanq = (int)launch_knob(lc, "leanq");
  a->leanmax = (unsigned long long)launch_knob(lc, "leanmax");
  a->nlo = (int)launch_knob(lc, "nlo");
  a->chase = (int)launch_knob(lc, "chase");
  a->spread = (int)launch_knob(lc, "spread");
  return 0;
}

/* support: init, last part: the edge classes, Near-Far's arrays, then the row heads
 * (48 bytes a vertex, from the columns the loop reads) and the kernel's
 * shared memory. */
static int ob_prepare(ob_state_t *s) {
  ob_args_t *a = &s->a;
  const dgraph_t *g = &s->h.g;
  if (a->nf.h.classify && hbf_classify(&s->h, &a->nf.h)) return fail_code();
  nf_alloc(&a->nf, sizeof(ob_ctl_t));
  a->ctl = (ob_ctl_t *)a->nf.ctl;
  if (a->lean) {
    int dev = 0, most = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
    size_t need = LEAN_SMEM(a->leanq, a->spread) + sizeof(lean_sh_t);
    if (need > (size_t)most)
      return fail(EXIT_INPUT, "leanq=%d: %zu bytes of shared memory, this GPU has %d a block",
                  a->leanq, need, most);
    CUDA_CHECK(cudaFuncSetAttribute((const void *)lean_round_kernel,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    (int)LEAN_SMEM(a->leanq, a->spread)));
    uint4 *head =
        (uint4 *)gpu_alloc((size_t)(g->n ? g->n : 1) * 3 * sizeof(uint4), "row heads (lean)");
    if (g->n) {
      lean_head_kernel<<<launch_grid(&s->h.lc, g->n), s->h.lc.block>>>(g->offsets, a->nf.h.cols,
                                                                      a->nf.h.weights, g->n, head);
      LAUNCH_CHECK();
    }
    a->head = head;
  }
  nf_pending_launches(&a->nf);
  return 0;
}

/* support: what init allocated. */
static void ob_free(ob_state_t *s) {
  nf_free(&s->h, &s->a.nf);
  gpu_free((void *)s->a.head);
}

/* support: the loop's cost, for the lesson's measurements (HBF_VERBOSE). */
static void ob_verbose(const ob_args_t *a, const ob_ctl_t *c, int trips) {
  const hbf_ctl_t *h = &c->nf.h;
  fprintf(stderr,
          "hbf: %d rounds, %llu splits (delta %d%s, last %d), %d host round trips, %d rounds and "
          "splits in one block (%d hand-backs), %llu child grids, %llu refused%s%s\n",
          h->round, c->nf.splits, a->nf.delta, a->nf.adapt ? " adapted" : "", c->nf.dcur, trips,
          c->lean_rounds, c->lean_trips, h->children, h->child_fail,
          h->err ? ", last device launch error: " : "",
          h->err ? cudaGetErrorString((cudaError_t)h->err) : "");
}

#endif /* GALLERY_ONEBLOCK_HOST_CUH */
