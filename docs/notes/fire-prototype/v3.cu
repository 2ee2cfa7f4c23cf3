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
#define FI_CH 1024u /* edges of a chunk of a big row: a block each */

/* the counts of one window's queues */
typedef struct {
  unsigned long long cnt, chunks, relax;
} fi_win_t;
typedef struct {
  fi_win_t w[2];   /* [0]: the window [.., hi); [1]: the next one, [hi, hi + delta) */
  int nextmin;     /* the smallest pending distance at or past hi + delta */
  int pad;
} fi_ctl_t;

/* one round's scan: every vertex whose distance fell since its row was last
 * walked goes to the queue of its window (a big row as chunks); the first
 * window's vertices are marked walked here (last = d), the second's when
 * their queue is used. */
static __global__ void fi_scan_kernel(const dist_t *dist, dist_t *last, const eid_t *off, vid_t n,
                                      long long hi, long long delta, unsigned bigdeg, uint2 *q0,
                                      uint2 *q1, uint4 *b0, uint4 *b1, fi_ctl_t *ctl) {
  const unsigned lane = threadIdx.x & 31, below = (1u << lane) - 1;
  __shared__ unsigned s_cnt[2];
  __shared__ unsigned long long s_base[2];
  int pend = DIST_INF;
  unsigned long long deg[2] = {0, 0};
  /* block-uniform: one global atomicAdd a block and window, not a warp (a
   * count every warp adds to is a queue of atomics at one L2 address) */
  for (unsigned long long v0 = (unsigned long long)blockIdx.x * blockDim.x; v0 < n;
       v0 += (unsigned long long)gridDim.x * blockDim.x) {
    unsigned long long v = v0 + threadIdx.x;
    int win = -1;
    dist_t d = 0;
    eid_t g = 0;
    if (v < n) {
      d = dist[v];
      if (d < last[v]) {
        if ((long long)d < hi) win = 0;
        else if ((long long)d < hi + delta) win = 1;
        else if (d < pend) pend = d;
        if (win >= 0) {
          g = off[v + 1] - off[v];
          deg[win] += g;
          if (win == 0) last[v] = d;
        }
      }
    }
    if (threadIdx.x < 2) s_cnt[threadIdx.x] = 0;
    __syncthreads();
    unsigned ms[2], wofs[2] = {0, 0};
#pragma unroll
    for (int k = 0; k < 2; k++) {
      ms[k] = __ballot_sync(DEV_FULL_MASK, win == k && g < bigdeg);
      if (lane == 0 && ms[k]) wofs[k] = atomicAdd(&s_cnt[k], (unsigned)__popc(ms[k]));
      wofs[k] = __shfl_sync(DEV_FULL_MASK, wofs[k], 0);
    }
    __syncthreads();
    if (threadIdx.x < 2 && s_cnt[threadIdx.x])
      s_base[threadIdx.x] = atomicAdd(&ctl->w[threadIdx.x].cnt, (unsigned long long)s_cnt[threadIdx.x]);
    __syncthreads();
    if (win >= 0 && g < bigdeg)
      (win ? q1 : q0)[s_base[win] + wofs[win] + __popc(ms[win] & below)] =
          make_uint2((unsigned)v, (unsigned)d);
    if (win >= 0 && g >= bigdeg) { /* big rows are few: a lane's own atomicAdd */
      unsigned nc = (unsigned)((g + FI_CH - 1) / FI_CH);
      unsigned long long b = atomicAdd(&ctl->w[win].chunks, (unsigned long long)nc);
      uint4 *bq = win ? b1 : b0;
      for (unsigned j = 0; j < nc; j++) bq[b + j] = make_uint4((unsigned)v, (unsigned)d, j, 0);
    }
  }
  /* the block's pending minimum and row lengths, then one atomic each a block */
  __shared__ int s_pend;
  __shared__ unsigned long long s_deg[2];
  if (threadIdx.x == 0) { s_pend = DIST_INF; s_deg[0] = s_deg[1] = 0; }
  __syncthreads();
  for (int o = 16; o; o >>= 1) {
    int x = __shfl_xor_sync(DEV_FULL_MASK, pend, o);
    pend = x < pend ? x : pend;
    deg[0] += __shfl_xor_sync(DEV_FULL_MASK, deg[0], o);
    deg[1] += __shfl_xor_sync(DEV_FULL_MASK, deg[1], o);
  }
  if (lane == 0) {
    if (pend < DIST_INF) atomicMin(&s_pend, pend);
    if (deg[0]) atomicAdd(&s_deg[0], deg[0]);
    if (deg[1]) atomicAdd(&s_deg[1], deg[1]);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    if (s_pend < DIST_INF) atomicMin(&ctl->nextmin, s_pend);
    if (s_deg[0]) atomicAdd(&ctl->w[0].relax, s_deg[0]);
    if (s_deg[1]) atomicAdd(&ctl->w[1].relax, s_deg[1]);
  }
}

static __device__ __forceinline__ void fi_relax(dist_t *dist, vid_t c, long long nd, int ttas) {
  if (nd >= DIST_INF) return;
  if (ttas && nd >= dist[c]) return; /* benign race: a stale read only skips less */
  atomicMin(&dist[c], (dist_t)nd);    /* the result is not read: a RED, nothing waits */
}

/* a group of vw lanes a queue entry (v, d); mark: the second window's queue,
 * whose vertices are marked walked here */
static __global__ void fi_expand_kernel(dist_t *dist, dist_t *last, const eid_t *off,
                                        const vid_t *cols, const weight_t *w, const uint2 *q,
                                        unsigned long long cnt, int vw, int ttas, int mark) {
  unsigned long long gid = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long groups = (unsigned long long)gridDim.x * blockDim.x / vw;
  unsigned sub = threadIdx.x & (vw - 1);
  for (unsigned long long i = gid / vw; i < cnt; i += groups) {
    uint2 x = q[i];
    vid_t u = x.x;
    long long d = (dist_t)x.y;
    if (mark && sub == 0) last[u] = (dist_t)d;
    for (eid_t e = off[u] + sub, end = off[u + 1]; e < end; e += vw)
      fi_relax(dist, __ldg(&cols[e]), d + __ldg(&w[e]), ttas);
  }
}

/* a block a chunk (v, d, j) of a big row */
static __global__ void fi_big_kernel(dist_t *dist, dist_t *last, const eid_t *off,
                                     const vid_t *cols, const weight_t *w, const uint4 *bq,
                                     unsigned long long cnt, int ttas, int mark) {
  for (unsigned long long i = blockIdx.x; i < cnt; i += gridDim.x) {
    uint4 x = bq[i];
    vid_t u = x.x;
    long long d = (dist_t)x.y;
    if (mark && x.z == 0 && threadIdx.x == 0) last[u] = (dist_t)d;
    eid_t b = off[u] + (eid_t)x.z * FI_CH, end = off[u + 1];
    if (end > b + FI_CH) end = b + FI_CH;
    for (eid_t e = b + threadIdx.x; e < end; e += blockDim.x)
      fi_relax(dist, __ldg(&cols[e]), d + __ldg(&w[e]), ttas);
  }
}

static __global__ void fi_fill_kernel(dist_t *last, vid_t n) {
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += (unsigned long long)gridDim.x * blockDim.x)
    last[v] = DIST_INF;
}

static __global__ void fi_reset_kernel(fi_ctl_t *c) { c->nextmin = DIST_INF; }

typedef struct {
  dgraph_t g;
  dist_t *last;
  uint2 *q[2];
  uint4 *bq[2];
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
  size_t nch = nn + g->m / FI_CH + 1; /* chunks: at most one a big row plus one a FI_CH edges */
  for (int k = 0; k < 2; k++) {
    s->q[k] = (uint2 *)gpu_alloc(nn * sizeof(uint2), "queue");
    s->bq[k] = (uint4 *)gpu_alloc(nch * sizeof(uint4), "chunk queue");
  }
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
  long long delta = s->delta ? s->delta : (long long)DIST_INF;
  long long hi = delta;
  unsigned long long relax = 0;
  int rounds = 0, scans = 0;
  fi_ctl_t h;
  for (;;) {
    CUDA_CHECK(cudaMemsetAsync(s->d_ctl, 0, sizeof *s->d_ctl));
    fi_reset_kernel<<<1, 1>>>(s->d_ctl);
    fi_scan_kernel<<<gs, FI_BLOCK>>>(d_dist, s->last, g->offsets, g->n, hi, delta, s->bigdeg,
                                     s->q[0], s->q[1], s->bq[0], s->bq[1], s->d_ctl);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(&h, s->d_ctl, sizeof h, cudaMemcpyDeviceToHost));
    scans++;
    int k = h.w[0].cnt + h.w[0].chunks ? 0 : h.w[1].cnt + h.w[1].chunks ? 1 : -1;
    if (k < 0) {
      if (h.nextmin >= DIST_INF) break;
      hi = (long long)h.nextmin + delta;
      continue;
    }
    if (k == 1) hi += delta; /* the first window was empty: the second is the window now */
    rounds++;
    relax += h.w[k].relax;
    unsigned long long cnt = h.w[k].cnt, ch = h.w[k].chunks;
    if (cnt) {
      unsigned long long blocks = (cnt * s->vw + FI_BLOCK - 1) / FI_BLOCK;
      if (blocks > (unsigned long long)s->sms * 16) blocks = (unsigned long long)s->sms * 16;
      fi_expand_kernel<<<(unsigned)blocks, FI_BLOCK>>>(d_dist, s->last, g->offsets, g->cols,
                                                        g->weights, s->q[k], cnt, s->vw, s->ttas, k);
      LAUNCH_CHECK();
    }
    if (ch) {
      unsigned long long blocks = ch < (unsigned long long)s->sms * 16 ? ch : (unsigned long long)s->sms * 16;
      fi_big_kernel<<<(unsigned)blocks, FI_BLOCK>>>(d_dist, s->last, g->offsets, g->cols,
                                                     g->weights, s->bq[k], ch, s->ttas, k);
      LAUNCH_CHECK();
    }
  }
  st->levels = rounds;
  st->relaxations = st->edges_inspected = (long long)relax;
  st->pushes = scans;
  return 0;
}

static void fi_fini(void *state) {
  fi_state_t *s = (fi_state_t *)state;
  gpu_free(s->last);
  for (int k = 0; k < 2; k++) {
    gpu_free(s->q[k]);
    gpu_free(s->bq[k]);
  }
  gpu_free(s->d_ctl);
  free(s);
}

static const knob_def_t fi_knobs[] = {
    {"fdelta", 64, "window width (0: none)"},
    {"fvw", 32, "lanes a queue entry"},
    {"fttas", 1, "read d(c) before the atomicMin"},
    {"fbig", 1024, "rows of at least this many edges: chunks of 1,024 edges, a block each"},
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
