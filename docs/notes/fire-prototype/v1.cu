/* EXPERIMENT (prototype, not a rung yet): SSSP whose relax waits for nothing.
 * A round scans every vertex: v is active when d(v) fell since its row was
 * last walked (d(v) < last(v)) and d(v) is inside the window [.., hi); the
 * active vertices go to a queue, their rows are walked with atomicMin whose
 * result nobody reads (a RED: the lane goes on at once). No per-push
 * deduplication: the next scan finds what fell. When the window holds nothing
 * active, it moves to the smallest pending distance + delta. */
#include <stdio.h>
#include <stdlib.h>
#include "dev.cuh"
#include "gpu.h"
#include "step.h"

#define FI_BLOCK 256

typedef struct {
  unsigned long long cnt, big, relax; /* queue entries, big rows, edges of the active rows */
  int nextmin;                        /* the smallest pending distance at or past hi */
  int pad;
} fi_ctl_t;

static __global__ void fi_scan_kernel(const dist_t *dist, dist_t *last, const eid_t *off, vid_t n,
                                      long long hi, unsigned bigdeg, vid_t *q, vid_t *bq,
                                      fi_ctl_t *ctl) {
  const unsigned lane = threadIdx.x & 31;
  int pend = DIST_INF;
  unsigned long long deg = 0;
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  unsigned long long base0 = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x - lane;
  for (unsigned long long v0 = base0; v0 < n; v0 += stride) { /* warp-uniform */
    unsigned long long v = v0 + lane;
    int act = 0, big = 0;
    if (v < n) {
      dist_t d = dist[v], l = last[v];
      if (d < l) {
        if ((long long)d < hi) {
          last[v] = d;
          eid_t g = off[v + 1] - off[v];
          act = 1;
          big = g >= bigdeg;
          deg += g;
        } else if (d < pend) pend = d;
      }
    }
    unsigned ms = __ballot_sync(DEV_FULL_MASK, act && !big), mb = __ballot_sync(DEV_FULL_MASK, big);
    unsigned long long bs = 0, bb = 0;
    if (lane == 0 && ms) bs = atomicAdd(&ctl->cnt, (unsigned long long)__popc(ms));
    if (lane == 0 && mb) bb = atomicAdd(&ctl->big, (unsigned long long)__popc(mb));
    bs = __shfl_sync(DEV_FULL_MASK, bs, 0);
    bb = __shfl_sync(DEV_FULL_MASK, bb, 0);
    unsigned below = (1u << lane) - 1;
    if (act && !big) q[bs + __popc(ms & below)] = (vid_t)v;
    if (big) bq[bb + __popc(mb & below)] = (vid_t)v;
  }
  for (int o = 16; o; o >>= 1) {
    int x = __shfl_xor_sync(DEV_FULL_MASK, pend, o);
    pend = x < pend ? x : pend;
    deg += __shfl_xor_sync(DEV_FULL_MASK, deg, o);
  }
  if (lane == 0) {
    if (pend < DIST_INF) atomicMin(&ctl->nextmin, pend);
    if (deg) atomicAdd(&ctl->relax, deg);
  }
}

/* a group of vw lanes a queue entry; the relax is a RED */
static __global__ void fi_expand_kernel(dist_t *dist, const dist_t *last, const eid_t *off,
                                        const vid_t *cols, const weight_t *w, const vid_t *q,
                                        unsigned long long cnt, int vw, int ttas) {
  unsigned long long gid = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long groups = (unsigned long long)gridDim.x * blockDim.x / vw;
  unsigned sub = threadIdx.x & (vw - 1);
  for (unsigned long long i = gid / vw; i < cnt; i += groups) {
    vid_t u = q[i];
    long long d = last[u];
    for (eid_t e = off[u] + sub, end = off[u + 1]; e < end; e += vw) {
      vid_t c = __ldg(&cols[e]);
      long long nd = d + __ldg(&w[e]);
      if (nd >= DIST_INF) continue;
      if (ttas && nd >= dist[c]) continue; /* benign race: a stale read only skips less */
      atomicMin(&dist[c], (dist_t)nd);
    }
  }
}

/* a block a big row */
static __global__ void fi_big_kernel(dist_t *dist, const dist_t *last, const eid_t *off,
                                     const vid_t *cols, const weight_t *w, const vid_t *bq,
                                     unsigned long long cnt, int ttas) {
  for (unsigned long long i = blockIdx.x; i < cnt; i += gridDim.x) {
    vid_t u = bq[i];
    long long d = last[u];
    for (eid_t e = off[u] + threadIdx.x, end = off[u + 1]; e < end; e += blockDim.x) {
      vid_t c = __ldg(&cols[e]);
      long long nd = d + __ldg(&w[e]);
      if (nd >= DIST_INF) continue;
      if (ttas && nd >= dist[c]) continue;
      atomicMin(&dist[c], (dist_t)nd);
    }
  }
}

static __global__ void fi_fill_kernel(dist_t *last, vid_t n) {
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += (unsigned long long)gridDim.x * blockDim.x)
    last[v] = DIST_INF;
}

static __global__ void fi_reset_kernel(fi_ctl_t *c) {
  c->cnt = c->big = 0;
  c->nextmin = DIST_INF;
}

typedef struct {
  dgraph_t g;
  dist_t *last;
  vid_t *q, *bq;
  fi_ctl_t *d_ctl;
  long delta;
  int vw, ttas, sms;
  unsigned bigdeg;
} fi_state_t;

static int fi_check_knobs(const launch_t *lc) {
  long vw = launch_knob(lc, "fvw");
  if (vw != 1 && vw != 2 && vw != 4 && vw != 8 && vw != 16 && vw != 32)
    return fail(EXIT_INPUT, "fvw=%ld: 1, 2, 4, 8, 16 or 32", vw);
  if (launch_knob(lc, "fdelta") < 0) return fail(EXIT_INPUT, "fdelta >= 0");
  if (launch_knob(lc, "fbig") < 32) return fail(EXIT_INPUT, "fbig >= 32");
  return 0;
}

static int fi_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (fi_check_knobs(lc)) return fail_code();
  fi_state_t *s = (fi_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->delta = launch_knob(lc, "fdelta");
  s->vw = (int)launch_knob(lc, "fvw");
  s->ttas = (int)launch_knob(lc, "fttas");
  s->bigdeg = (unsigned)launch_knob(lc, "fbig");
  s->sms = lc->sm_count;
  size_t nn = g->n ? g->n : 1;
  s->last = (dist_t *)gpu_alloc(nn * sizeof(dist_t), "last");
  s->q = (vid_t *)gpu_alloc(nn * sizeof(vid_t), "queue");
  s->bq = (vid_t *)gpu_alloc(nn * sizeof(vid_t), "big queue");
  s->d_ctl = (fi_ctl_t *)gpu_alloc(sizeof *s->d_ctl, "ctl"); /* device memory: the scan's atomics stay on the GPU */
  *state = s;
  return 0;
}

static int fi_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  fi_state_t *s = (fi_state_t *)state;
  const dgraph_t *g = &s->g;
  (void)src;
  int gs = s->sms * 8;
  fi_fill_kernel<<<gs, FI_BLOCK>>>(s->last, g->n);
  LAUNCH_CHECK();
  long long hi = s->delta ? s->delta : (long long)DIST_INF;
  unsigned long long relax = 0;
  int rounds = 0, scans = 0;
  CUDA_CHECK(cudaMemset(s->d_ctl, 0, sizeof *s->d_ctl));
  fi_ctl_t h;
  for (;;) {
    fi_reset_kernel<<<1, 1>>>(s->d_ctl);
    fi_scan_kernel<<<gs, FI_BLOCK>>>(d_dist, s->last, g->offsets, g->n, hi, s->bigdeg, s->q,
                                     s->bq, s->d_ctl);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(&h, s->d_ctl, sizeof h, cudaMemcpyDeviceToHost));
    scans++;
    unsigned long long cnt = h.cnt, big = h.big;
    if (cnt + big == 0) {
      int nm = h.nextmin;
      if (nm >= DIST_INF) break;
      hi = s->delta ? (long long)nm + s->delta : (long long)DIST_INF;
      continue;
    }
    rounds++;
    if (cnt) {
      unsigned long long blocks = (cnt * s->vw + FI_BLOCK - 1) / FI_BLOCK;
      if (blocks > (unsigned long long)s->sms * 16) blocks = (unsigned long long)s->sms * 16;
      fi_expand_kernel<<<(unsigned)blocks, FI_BLOCK>>>(d_dist, s->last, g->offsets, g->cols,
                                                        g->weights, s->q, cnt, s->vw, s->ttas);
      LAUNCH_CHECK();
    }
    if (big) {
      unsigned long long blocks = big < (unsigned long long)s->sms * 8 ? big : (unsigned long long)s->sms * 8;
      fi_big_kernel<<<(unsigned)blocks, FI_BLOCK>>>(d_dist, s->last, g->offsets, g->cols,
                                                     g->weights, s->bq, big, s->ttas);
      LAUNCH_CHECK();
    }
  }
  relax = h.relax;
  st->levels = rounds;
  st->relaxations = st->edges_inspected = (long long)relax;
  st->pushes = scans;
  return 0;
}

static void fi_fini(void *state) {
  fi_state_t *s = (fi_state_t *)state;
  gpu_free(s->last);
  gpu_free(s->q);
  gpu_free(s->bq);
  gpu_free(s->d_ctl);
  free(s);
}

static const knob_def_t fi_knobs[] = {
    {"fdelta", 64, "window width (0: none)"},
    {"fvw", 8, "lanes a queue entry"},
    {"fttas", 1, "read d(c) before the atomicMin"},
    {"fbig", 4096, "rows of at least this many edges: a block each"},
    {NULL, 0, NULL}};
static const char *const fi_variants[] = {"fire", NULL};

STEP_EXPORT const step_t STEP = {"EXPERIMENT: relax without waiting, the frontier from a scan",
                                 PROBLEM_SSSP,
                                 fi_knobs,
                                 fi_variants,
                                 fi_init,
                                 fi_run,
                                 fi_fini,
                                 fi_check_knobs};
