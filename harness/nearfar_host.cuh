/* nearfar_host.cuh - support (no lesson): the host side of step 14's
 * Near-Far loop that is no part of its lesson, shared by steps 14-17 (host
 * code, header only; included by step 14's nearfar.cuh, after its kernels).
 *
 *   nf_check_knobs       the values of 14's knobs and H-BF's (check_knobs)
 *   nf_alloc             init's last part: H-BF's arrays, the hub list, the far queues
 *   nf_pending_launches  init: the device runtime's pending launches
 *   nf_free              what init allocated
 *   nf_start             run: the first queue and the loop state
 *   nf_launch_coop       run: the cooperative grid's launch (loop=2)
 *   nf_decided           run: a decision ends the loop
 */
#ifndef GALLERY_NEARFAR_HOST_CUH
#define GALLERY_NEARFAR_HOST_CUH

#include <string.h>

#include "err.h"
#include "gpu.h"
#include "step.h"

/* support: knob values alone, step 14's and H-BF's (the harness calls this
 * before it builds the graph or looks for a GPU, so a typo is exit 2 on any
 * machine; init calls it too). */
static int nf_check_knobs(const launch_t *lc) {
  if (hbf_check_base(lc)) return fail_code();
  long dedup = launch_knob(lc, "dedup"), loop = launch_knob(lc, "loop");
  long ttas = launch_knob(lc, "ttas"), stale = launch_knob(lc, "stale");
  long delta = launch_knob(lc, "delta");
  if (loop < 0 || loop > 2)
    return fail(EXIT_INPUT,
                "loop=%ld: 0 (host), 1 (device, tail launches) or 2 (one cooperative grid)", loop);
  if (ttas < 0 || ttas > 1 || stale < 0 || stale > 1)
    return fail(EXIT_INPUT, "ttas=%ld, stale=%ld: each 0 or 1", ttas, stale);
  if (delta < -1 || delta > INT32_MAX)
    return fail(EXIT_INPUT, "delta=%ld: -1 (from the graph), 0 (off) or a threshold step", delta);
  if (delta > 0 && dedup != 2)
    return fail(EXIT_INPUT, "delta=%ld needs dedup=2: the (distance, tag) pair says which queue "
                "holds a vertex", delta);
  return 0;
}

/* support: init, last part: H-BF's arrays and loop state (ctl_bytes: a rung's own
 * embeds nf_ctl_t), the hub list, the far queues. */
static void nf_alloc(nf_args_t *a, size_t ctl_bytes) {
  hbf_alloc(&a->h, ctl_bytes);
  a->ctl = (nf_ctl_t *)a->h.ctl;
  if (a->h.chain == 2 && a->h.dp > 0)
    a->hublist = (unsigned long long *)gpu_alloc(a->h.cap * 8, "hub list");
  if (a->delta > 0) { /* at most n entries each (once per epoch) */
    a->far[0] = (vid_t *)gpu_alloc(a->h.cap * sizeof(vid_t), "far queue 0");
    a->far[1] = (vid_t *)gpu_alloc(a->h.cap * sizeof(vid_t), "far queue 1");
  }
}

/* support: init's pending launches: child grids (loop 0, 1) or tail launches
 * (loop 1). */
static void nf_pending_launches(const nf_args_t *a) {
  if (HBF_CDP && ((a->h.dp > 0 && a->h.chain != 2) || a->h.chain == 1)) hbf_pending_launches();
}

/* support: what init allocated. */
static void nf_free(hbf_host_t *h, nf_args_t *a) {
  hbf_free(h, &a->h);
  gpu_free(a->far[0]);
  gpu_free(a->far[1]);
  gpu_free(a->hublist);
}

/* support: run: the first queue and the loop state (ctl_bytes: the rung's), on the
 * device and in *c. */
static void nf_start(const hbf_host_t *h, const nf_args_t *a, vid_t src, nf_ctl_t *c,
                     size_t ctl_bytes) {
  nf_start_kernel<<<launch_grid(&h->lc, a->h.n), h->lc.block>>>(*a, src, (int)(ctl_bytes / 8));
  LAUNCH_CHECK();
  memset(c, 0, sizeof *c);
  c->h.size[0] = 1;
  c->h.round = 1;
  c->h.phase = 1;
  c->thr = a->delta > 0 ? a->delta : DIST_INF;
}

/* support: run: the cooperative grid's launch (loop=2), every round in one; args:
 * the kernel's one argument (a rung's args). */
static void nf_launch_coop(const void *persist, void *args, int grid, int block) {
  void *argv[] = {args};
  CUDA_CHECK(cudaLaunchCooperativeKernel(persist, dim3(grid), dim3(block), argv, 0, 0));
  LAUNCH_CHECK();
}

/* support: run: a decision ends the loop (the answer or an error). */
static int nf_decided(const nf_ctl_t *c) {
  return c->h.status == HBF_DONE || c->h.status == HBF_NEGCYCLE || c->h.status == HBF_BIGDIST;
}

#endif /* GALLERY_NEARFAR_HOST_CUH */
