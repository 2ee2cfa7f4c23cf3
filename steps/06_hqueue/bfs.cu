/* Step 06 - hqueue: a frontier queue, built per block in shared memory.
 *
 * Base:       05 (the virtual-warp expansion is kept; -K vw=1 is Springer's
 *             Fig. 14, one thread per queue entry)
 * Adds:       two global queues of vertex ids (this level's and the next's)
 *             instead of a scan over all n vertices, and a block queue in shared
 *             memory in front of the global one (knob bq).
 * Idea:       only the q entries of the current queue are expanded: O(q + their
 *             edges) per level instead of O(n). A lane that discovers u appends
 *             it to its block's queue with a shared-memory atomicAdd; after each
 *             round of the loop the block queue is copied to the global next
 *             queue at an offset claimed with ONE global atomicAdd per block (per
 *             flush), not one per vertex. The host swaps the queues and reads the
 *             next size back: it decides the next grid and termination.
 * Reference:  Springer, "Breadth-first Search in CUDA", section 3.6, Fig. 14;
 *             L. Luo, M. Wong, W. Hwu, "An effective GPU implementation of
 *             breadth-first search", DAC 2010 (hierarchical queue) [Springer's
 *             ref. 4].
 * Invariants: queue i holds every vertex of level i and nothing else (entries may
 *             repeat). dist[u] = i + 1 is written only by a lane that read
 *             dist[u] == DIST_INF, and that lane pushes u, so every vertex of
 *             level i + 1 gets into queue i + 1. The queues are separate arrays,
 *             so a vertex found in iteration i is not expanded in iteration i.
 *             Barriers: the rounds loop runs ceil(q / vwarps) times in every
 *             thread of the grid (base starts at 0 and steps by vwarps in all of
 *             them), and no thread returns early (the threads past the last whole
 *             virtual warp get no entry but stay for the barriers), so every
 *             __syncthreads is reached by every thread of the block.
 *             The block queue never overflows: a lane whose claim lands past its
 *             end pushes straight to the global queue ("spill"), so a hub of 10^6
 *             neighbours works with any block size and any bq, 0 included. Each
 *             thread makes at most one failed claim per round, so the shared
 *             counter stays below bq + blockDim (no wrap).
 *             The global queues hold cap >= n entries; the 64-bit counter keeps
 *             counting past cap (entries past cap are not stored), so the host
 *             sees an overflow and rebuilds the next queue from dist: after the
 *             expansion dist[u] == i + 1 exactly for the vertices of level i + 1,
 *             at most n of them, whether or not their push fitted.
 * Limits:     duplicates: two lanes may both read dist[u] == DIST_INF and both
 *             push u (Springer: "there may be duplicate vertices in a queue").
 *             Benign for the answer: both store the same level i + 1, and
 *             expanding u twice only writes i + 2 into vertices still unvisited,
 *             which is their level. They cost work and can compound (a duplicate
 *             expands its row twice), so no fixed bound such as m + 1 holds for
 *             the pushes of a level: hence the overflow check and rebuild. With
 *             -a they are counted per level (entries whose vertex is already in
 *             the queue), reported in the trace and st->duplicates.
 *             Benign race: several lanes store dist[u] = i + 1 (the same value).
 *             The block queue is bq * 4 bytes of shared memory per block: a large
 *             one lowers the number of resident blocks per SM.
 */
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "step.h"

typedef struct {
  dgraph_t g;
  launch_t lc;                 /* NEW: grid and block; the grid is picked per level */
  unsigned vw;                 /* threads per virtual warp                         */
  unsigned bq_cap;             /* NEW: block queue entries (knob bq)               */
  size_t bq_bytes;             /* NEW: its dynamic shared memory                   */
  unsigned long long cap;      /* NEW: entries of each global queue                */
  vid_t *d_queue[2];           /* NEW: this level's and the next level's queue     */
  unsigned long long *d_count; /* NEW: pushes into the next queue (may pass cap)   */
  int *d_mark;                 /* NEW, -a only: last level each vertex was seen at */
  unsigned long long *d_dups;  /* NEW, -a only: duplicates in the queue just built */
} hqueue_state_t;

/* Fig. 14 with Fig. 13's virtual warps, and two fixes: a full block queue
 * spills to the global queue instead of writing past its end, and the global
 * queue's counter is checked by the host instead of trusted. */
static __global__ void hqueue_expand_kernel(dist_t iteration, unsigned long long in_size,
                                            const vid_t *in_q, const eid_t *offsets,
                                            const vid_t *cols, dist_t *dist, vid_t *out_q,
                                            unsigned long long *out_count, unsigned long long cap,
                                            unsigned bq_cap, unsigned vw) {
  extern __shared__ vid_t bq[];     /* NEW: the block queue, bq_cap entries  */
  __shared__ unsigned bq_size;      /* NEW: claims this round (< bq_cap + blockDim) */
  __shared__ unsigned bq_n;         /* NEW: entries to flush this round      */
  __shared__ unsigned long long bq_base; /* NEW: where they go in out_q      */
  /* virtual warp number and lane; a thread past the last whole virtual warp
   * (if any) gets no entry, but stays: it must reach the barriers. */
  unsigned long long tid = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  unsigned long long vwarps = (unsigned long long)gridDim.x * blockDim.x / vw;
  unsigned long long warp = tid / vw;
  unsigned lane = (unsigned)(tid % vw);
  if (threadIdx.x == 0) bq_size = 0;
  __syncthreads();
  /* NEW: rounds over the queue, vwarps entries per round; the same trip count
   * in every thread (init makes vwarps >= 1). */
  for (unsigned long long base = 0; base < in_size; base += vwarps) {
    unsigned long long i = base + warp;
    if (warp < vwarps && i < in_size) {
      /* SISD phase, replicated: every lane reads the same entry and row. */
      vid_t v = in_q[i];
      eid_t begin = offsets[v], end = offsets[v + 1];
      int full = 0; /* NEW: this lane already found the block queue full */
      /* SIMD phase: the lanes stride over the neighbours, vw apart. */
      for (eid_t e = begin + lane; e < end; e += vw) {
        vid_t u = cols[e];
        if (dist[u] == DIST_INF) {
          dist[u] = iteration + 1; /* benign: every writer stores the same level */
          if (!full) { /* NEW: push into the block queue */
            unsigned pos = atomicAdd(&bq_size, 1u);
            if (pos < bq_cap) {
              bq[pos] = u;
              continue;
            }
            full = 1; /* at most one failed claim per lane and round */
          }
          /* NEW: spill. The block queue is full: one global atomic for u. */
          unsigned long long g = atomicAdd(out_count, 1ULL);
          if (g < cap) out_q[g] = u; /* past cap: counted, not stored; the host rebuilds */
        }
      }
    }
    /* NEW: flush the block queue into the global one. */
    __syncthreads(); /* every push of this round is in bq */
    if (threadIdx.x == 0) {
      unsigned k = bq_size < bq_cap ? bq_size : bq_cap;
      bq_n = k;
      bq_base = k ? atomicAdd(out_count, (unsigned long long)k) : 0; /* one per block */
      bq_size = 0;
    }
    __syncthreads(); /* bq_n and bq_base are visible; bq_size is 0 again */
    for (unsigned j = threadIdx.x; j < bq_n; j += blockDim.x) {
      unsigned long long g = bq_base + j;
      if (g < cap) out_q[g] = bq[j];
    }
    __syncthreads(); /* the copy is done before the next round refills bq */
  }
}

/* NEW: only after an overflow of the global queue. The expansion wrote every
 * vertex of level `next` into dist whether or not its push fitted, so the
 * queue is the set {v : dist[v] == next}: unique entries, at most n. Rare,
 * O(n), one global atomic per vertex found. */
static __global__ void hqueue_rebuild_kernel(dist_t next, vid_t n, const dist_t *dist,
                                             vid_t *out_q, unsigned long long *out_count,
                                             unsigned long long cap) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride) {
    if (dist[v] != next) continue;
    unsigned long long g = atomicAdd(out_count, 1ULL);
    if (g < cap) out_q[g] = (vid_t)v;
  }
}

/* NEW, -a only: count the entries whose vertex is already in the queue.
 * mark[u] holds the last tag u was seen with; atomicExch lets exactly one entry
 * per vertex see an older tag, every other entry of that vertex is a duplicate. */
static __global__ void hqueue_dups_kernel(int tag, unsigned long long size, const vid_t *q,
                                          int *mark, unsigned long long *dups) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < size;
       i += stride)
    if (atomicExch(&mark[q[i]], tag) == tag) atomicAdd(dups, 1ULL);
}

/* The knob values (the harness calls this before it probes the GPU, init
 * calls it too); bq's upper bound depends on the device: checked in init. */
static int hqueue_check_knobs(const launch_t *lc) {
  long vw = launch_knob(lc, "vw");
  if (vw < 1 || vw > 32 || (vw & (vw - 1)) != 0)
    return fail(EXIT_INPUT, "vw=%ld: the virtual warp size must be 1, 2, 4, 8, 16 or 32", vw);
  long bq = launch_knob(lc, "bq"), qcap = launch_knob(lc, "qcap");
  if (bq < 0) return fail(EXIT_INPUT, "bq=%ld: the block queue must hold 0 or more entries", bq);
  if (qcap < 0) return fail(EXIT_INPUT, "qcap=%ld: must be 0 (n entries) or positive", qcap);
  return 0;
}

static int hqueue_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (hqueue_check_knobs(lc)) return EXIT_INPUT;
  long vw = launch_knob(lc, "vw");
  /* A fixed grid (-x) must hold one whole virtual warp; the step's own grid
   * (one virtual warp per queue entry) always does. */
  unsigned long long threads = (unsigned long long)lc->grid * (unsigned long long)lc->block;
  if (lc->grid > 0 && threads < (unsigned long long)vw)
    return fail(EXIT_INPUT,
                "grid %d x block %d is %llu threads: fewer than one virtual warp (vw=%ld)",
                lc->grid, lc->block, threads, vw);
  /* NEW: the block queue lives in dynamic shared memory; 64 bytes are left for
   * the kernel's own shared variables. */
  long bq = launch_knob(lc, "bq"), qcap = launch_knob(lc, "qcap");
  int dev = 0, smem_max = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&smem_max, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  long bq_max = ((long)smem_max - 64) / (long)sizeof(vid_t);
  if (bq < 0 || bq > bq_max)
    return fail(EXIT_INPUT,
                "bq=%ld: the block queue must hold 0..%ld entries (%d bytes of shared memory "
                "per block)",
                bq, bq_max, smem_max);
  hqueue_state_t *s = (hqueue_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->lc = *lc; /* a copy: launch_grid() reads its grid and block */
  s->vw = (unsigned)vw;
  s->bq_cap = (unsigned)bq;
  s->bq_bytes = (size_t)bq * sizeof(vid_t);
  if (s->bq_bytes > 48 * 1024) /* beyond the default 48 KB a kernel must opt in */
    CUDA_CHECK(cudaFuncSetAttribute(hqueue_expand_kernel,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    (int)s->bq_bytes));
  /* NEW: n entries hold any level without duplicates; with duplicates an
   * overflow is detected and the queue rebuilt (see the header). */
  s->cap = qcap > 0 ? (unsigned long long)qcap : (unsigned long long)g->n;
  if (s->cap < 1) s->cap = 1; /* room for the source */
  s->d_queue[0] = (vid_t *)gpu_alloc(s->cap * sizeof(vid_t), "frontier queue 0");
  s->d_queue[1] = (vid_t *)gpu_alloc(s->cap * sizeof(vid_t), "frontier queue 1");
  s->d_count = (unsigned long long *)gpu_alloc(sizeof(unsigned long long), "queue counter");
  *state = s;
  return 0;
}

static int hqueue_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  hqueue_state_t *s = (hqueue_state_t *)state;
  const dgraph_t *g = &s->g;
  int tracing = st->trace != NULL;
  if (tracing) {
    /* NEW: counting duplicates needs a mark per vertex: allocated on the first
     * traced run (-a traces only the last trial), never in an untraced one. */
    if (!s->d_mark) {
      s->d_mark = (int *)gpu_alloc((size_t)g->n * sizeof(int), "duplicate marks (-a)");
      s->d_dups =
          (unsigned long long *)gpu_alloc(sizeof(unsigned long long), "duplicate count (-a)");
    }
    CUDA_CHECK(cudaMemset(s->d_mark, 0xff, (size_t)g->n * sizeof(int))); /* -1: no level yet */
  }
  /* NEW: the first queue is the source alone (the harness set dist[src] = 0). */
  CUDA_CHECK(cudaMemcpy(s->d_queue[0], &src, sizeof src, cudaMemcpyHostToDevice));
  unsigned long long size = 1, pushes = 0, dups_total = 0;
  long long dups = 0; /* duplicates in the queue being expanded: the source's, none */
  int cur = 0;
  dist_t iteration = 0;
  while (size > 0) {
    trace_level_begin(st);
    vid_t *in_q = s->d_queue[cur], *out_q = s->d_queue[cur ^ 1];
    CUDA_CHECK(cudaMemset(s->d_count, 0, sizeof(unsigned long long)));
    /* NEW: one virtual warp per queue entry unless -x */
    int grid = launch_grid(&s->lc, size * s->vw);
    hqueue_expand_kernel<<<grid, s->lc.block, s->bq_bytes>>>(iteration, size, in_q, g->offsets,
                                                             g->cols, d_dist, out_q, s->d_count,
                                                             s->cap, s->bq_cap, s->vw);
    LAUNCH_CHECK();
    unsigned long long next = 0;
    CUDA_CHECK(cudaMemcpy(&next, s->d_count, sizeof next, cudaMemcpyDeviceToHost));
    pushes += next;
    int rebuilt = 0;
    if (next > s->cap) {
      /* NEW: overflow (duplicates pushed more than cap entries). Nothing is
       * lost in dist: rebuild the queue from it, without duplicates. */
      CUDA_CHECK(cudaMemset(s->d_count, 0, sizeof(unsigned long long)));
      hqueue_rebuild_kernel<<<launch_grid(&s->lc, g->n), s->lc.block>>>(
          iteration + 1, g->n, d_dist, out_q, s->d_count, s->cap);
      LAUNCH_CHECK();
      CUDA_CHECK(cudaMemcpy(&next, s->d_count, sizeof next, cudaMemcpyDeviceToHost));
      if (next > s->cap)
        return fail(EXIT_INPUT,
                    "level %d has %llu vertices, more than the %llu entries of the global queue "
                    "(-K qcap)",
                    iteration + 1, next, s->cap);
      rebuilt = 1; /* no duplicates left; the surplus pushes show in st->pushes */
    }
    trace_level_end(st, iteration, (long long)size, -1, tracing ? dups : -1);
    long long next_dups = 0;
    if (tracing && next > 0 && !rebuilt) {
      /* NEW: outside the level's timing: entries of the new queue that repeat one */
      unsigned long long d = 0;
      CUDA_CHECK(cudaMemset(s->d_dups, 0, sizeof d));
      hqueue_dups_kernel<<<launch_grid(&s->lc, next), s->lc.block>>>(iteration + 1, next, out_q,
                                                                    s->d_mark, s->d_dups);
      LAUNCH_CHECK();
      CUDA_CHECK(cudaMemcpy(&d, s->d_dups, sizeof d, cudaMemcpyDeviceToHost));
      next_dups = (long long)d;
    }
    dups = next_dups;
    dups_total += (unsigned long long)next_dups;
    size = next;
    cur ^= 1;
    iteration++;
  }
  st->levels = iteration;
  st->pushes = (long long)pushes;
  st->duplicates = tracing ? (long long)dups_total : -1;
  return 0;
}

static void hqueue_fini(void *state) {
  hqueue_state_t *s = (hqueue_state_t *)state;
  gpu_free(s->d_queue[0]);
  gpu_free(s->d_queue[1]);
  gpu_free(s->d_count);
  gpu_free(s->d_mark);
  gpu_free(s->d_dups);
  free(s);
}

static const char *const hqueue_variants[] = {"hqueue", NULL};

static const knob_def_t hqueue_knobs[] = {
    {"vw", 16, "threads per virtual warp: 1, 2, 4, 8, 16 or 32 (1 is Springer's Fig. 14)"},
    {"bq", 4096, "block queue entries in shared memory (0: every push is a global atomic)"},
    {"qcap", 0,
     "entries of each global queue (0: n; a smaller cap fails on a level with more vertices)"},
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {
    "Hierarchical frontier queue (Springer Fig. 14)", PROBLEM_BFS, hqueue_knobs, hqueue_variants,
    hqueue_init, hqueue_run, hqueue_fini, hqueue_check_knobs};
