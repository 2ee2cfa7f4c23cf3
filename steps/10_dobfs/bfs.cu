/* Step 10 - dobfs: direction-optimizing BFS (top-down and bottom-up levels).
 *
 * Base:       06 (the hierarchical queue expansion is the top-down step, kept as
 *             it was; step 08's device-side level loop was not ready when this
 *             step was written, so the level loop stays on the host, with one
 *             small readback per level, as in 06)
 * Adds:       a bottom-up step: every unvisited vertex scans its IN-neighbours
 *             for one that is in the frontier and stops at the first it finds.
 *             A rule picks the direction of every level from counts the kernels
 *             gather as they go (variants: slides, beamer; always topdown and
 *             always bottomup for the ablation). The frontier is a queue in
 *             top-down levels and a bitmap (1 bit per vertex) in bottom-up ones;
 *             the conversions run at the switch points, inside the timed region.
 *             Support: in-edges (the transpose, built in init; a symmetric
 *             graph is its own), and rows longer than `hub` cut into chunks of
 *             4 * blockDim edges, a whole block per chunk, so that the top-down
 *             levels before the switch do not wait on one virtual warp walking
 *             a hub of 10^5 edges (kron22's largest row has 162913).
 * Idea:       top-down work is the out-edges of the frontier, |Q| * E/V on
 *             average; bottom-up work is at most the in-edges of the unvisited
 *             vertices R, and usually far less, because a vertex stops at its
 *             first parent. On a small-world graph the middle levels hold most
 *             vertices: there the frontier's edges dwarf |R| and bottom-up skips
 *             most edges (a visited vertex is never looked at again; an
 *             unvisited one reads a few in-edges). Top-down stays the right choice
 *             for small frontiers (the first and last levels, and every level of
 *             a road network or a grid).
 *             slides rule (Chen & Huang): bottom-up when |R| < |Q| * E/V
 *             (scaled by slides_pct / 100), re-decided every level.
 *             beamer rule (Beamer, Asanovic, Patterson, SC 2012): top-down ->
 *             bottom-up when m_f > m_u / alpha (m_f: out-edges of the frontier,
 *             m_u: in-edges of the unvisited vertices); bottom-up -> top-down
 *             when the frontier shrinks and n_f < n / beta (GAP's form).
 * Reference:  S. Beamer, K. Asanovic, D. Patterson, "Direction-Optimizing
 *             Breadth-First Search", SC 2012, sections 3-4 (Alg. 2 and 3,
 *             Fig. 5); P.-I. Chen, T.-W. Huang, "An Efficient Implementation of
 *             Parallel Breadth-first Search" (slides: Alg. 2 bottom-up step,
 *             Alg. 3 the |R| < |Q| * alpha rule).
 * Invariants: before level i, dist[v] == i exactly for the vertices of level i;
 *             the frontier is either the queue (top-down: 06's invariants,
 *             entries may repeat) or front_bm (bit v set <=> dist[v] == i).
 *             Bottom-up: thread u alone reads and writes dist[u]; it sets
 *             dist[u] = i + 1 only when an in-neighbour's bit is set, i.e. an
 *             edge v -> u with dist[v] == i, so the levels are exact. Lane 0 of
 *             the warp that owns word w writes next_bm[w] whole (a ballot), so
 *             the next bitmap needs no clearing and no atomics. The bitmaps
 *             cover ceil(n / 32) words; bits past n are never set.
 *             Block size is a multiple of 32 (checked in init), so every warp
 *             is whole: ballots and shuffles use the full mask, and the loops
 *             over words have the same trip count in every lane of a warp.
 * Limits:     the rule's counts are exact after a bottom-up level (every
 *             unvisited vertex is counted by its one thread) and approximate
 *             during top-down levels: the top-down benign race (two lanes both
 *             find u) counts u twice. The rule only chooses a direction, the
 *             distances do not depend on it.
 *             Bottom-up touches every vertex (one dist read each) per level, even
 *             when few are unvisited; the slides keep a remainder queue R
 *             instead. On the GPU the dense pass is a few microseconds per
 *             10^6 vertices; R is left as a question.
 *             Memory: the transpose of a directed graph doubles the graph
 *             (m + n + 1 more words); two bitmaps of n bits; a hub queue of
 *             cap 8-byte entries. A level whose hub chunks do not fit walks the
 *             rest of its hubs with virtual warps (slow, correct).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpu.h"
#include "graph.h"
#include "step.h"

#define FULL_MASK 0xffffffffu
#define HUB_NONE (~0ULL) /* an empty hub-queue slot */

/* NEW: what a level's kernels count, block-reduced into one array that the
 * host reads back once per level (06 read back only C_NEXT). */
enum {
  C_NEXT = 0,  /* pushes into the next queue (top-down, may pass cap) or vertices found (bottom-up) */
  C_OUT,       /* out-edges of the vertices found: m_f of the next level                */
  C_IN,        /* in-edges of the vertices found: leave m_u                              */
  C_MAXOUT,    /* largest out-degree found: is a hub in the next frontier?              */
  C_LEFT,      /* bottom-up: vertices still unvisited after the level (|R|, exact)       */
  C_LEFT_IN,   /* bottom-up: their in-edges (m_u, exact)                                 */
  C_EDGES,     /* bottom-up: in-edges read (the trace's "edges")                          */
  C_HUBS,      /* top-down: entries of the hub queue                                      */
  NC
};

typedef enum { DIR_TOPDOWN = 0, DIR_BOTTOMUP = 1 } dir_t;
typedef enum { RULE_SLIDES = 0, RULE_BEAMER, RULE_TOPDOWN, RULE_BOTTOMUP } rule_t;

typedef struct {
  dgraph_t g;
  launch_t lc;                 /* grid and block; the grid is picked per level     */
  unsigned vw;                 /* threads per virtual warp                         */
  unsigned bq_cap;             /* block queue entries (knob bq)                    */
  size_t bq_bytes;             /* its dynamic shared memory                        */
  unsigned long long cap;      /* entries of each global queue                     */
  vid_t *d_queue[2];           /* this level's and the next level's queue          */
  int *d_mark;                 /* -a only: last level each vertex was seen at      */
  unsigned long long *d_dups;  /* -a only: duplicates in the queue just built      */
  rule_t rule;                 /* NEW: the variant                                 */
  double slides_pct, alpha, beta; /* NEW: the rules' thresholds (knobs)            */
  unsigned long long hub;      /* NEW: rows longer than this go to the hub kernel  */
  const eid_t *in_offsets;     /* NEW: the transpose (CSC): in-edges of each vertex */
  const vid_t *in_cols;        /*      (the CSR itself when the graph is symmetric) */
  eid_t *d_in_offsets_own;     /* NEW: allocated here (directed graphs only)       */
  vid_t *d_in_cols_own;
  const eid_t *h_offsets, *h_in_offsets; /* NEW: host copies, for the source's degrees */
  eid_t *h_in_offsets_own;
  unsigned long long words;    /* NEW: bitmap words, ceil(n / 32)                  */
  unsigned *d_bm[2];           /* NEW: the frontier bitmap and the next one        */
  unsigned long long *d_hubq;  /* NEW: hub chunks of this level: vertex << 32 | chunk */
  unsigned long long hub_chunk; /* NEW: edges per chunk: 4 per thread of a block      */
  int full_td, full_hub, full_dense; /* NEW: resident blocks of each kernel: grid caps */
  unsigned long long *d_counts; /* NEW: NC counters, zeroed every level            */
  unsigned long long *h_counts; /* NEW: their pinned host copy (a faster readback)   */
  char *dirs;                  /* NEW, -a only: the direction of every level       */
  int dirs_cap;
} dobfs_state_t;

/* NEW: add this thread's counts into counts[] with one global atomic per block
 * and counter: warp shuffles, then shared atomics, then thread 0. Every thread
 * of the block must call it (it has barriers). */
static __device__ void dobfs_flush_counts(unsigned long long *counts, unsigned long long found,
                                          unsigned long long out, unsigned long long in,
                                          unsigned long long maxout, unsigned long long left,
                                          unsigned long long left_in,
                                          unsigned long long edges) {
  __shared__ unsigned long long s[7];
  unsigned long long v[7] = {found, out, in, maxout, left, left_in, edges};
  if (threadIdx.x < 7) s[threadIdx.x] = 0;
  __syncthreads();
  for (int k = 0; k < 7; k++)
    for (int d = 16; d > 0; d /= 2) {
      unsigned long long o = __shfl_down_sync(FULL_MASK, v[k], d);
      v[k] = (k == 3) ? (o > v[k] ? o : v[k]) : v[k] + o;
    }
  if ((threadIdx.x & 31) == 0)
    for (int k = 0; k < 7; k++) {
      if (k == 3) atomicMax(&s[k], v[k]);
      else if (v[k]) atomicAdd(&s[k], v[k]);
    }
  __syncthreads();
  if (threadIdx.x == 0) {
    if (s[0]) atomicAdd(&counts[C_NEXT], s[0]);
    if (s[1]) atomicAdd(&counts[C_OUT], s[1]);
    if (s[2]) atomicAdd(&counts[C_IN], s[2]);
    if (s[3]) atomicMax(&counts[C_MAXOUT], s[3]);
    if (s[4]) atomicAdd(&counts[C_LEFT], s[4]);
    if (s[5]) atomicAdd(&counts[C_LEFT_IN], s[5]);
    if (s[6]) atomicAdd(&counts[C_EDGES], s[6]);
  }
}

/* The top-down step: 06's expansion (Fig. 14 with virtual warps, a block
 * queue that spills), plus the rule's counts and the hub split. */
static __global__ void dobfs_topdown_kernel(dist_t iteration, unsigned long long in_size,
                                            const vid_t *in_q, const eid_t *offsets,
                                            const vid_t *cols, const eid_t *in_offsets,
                                            dist_t *dist, vid_t *out_q,
                                            unsigned long long *counts, unsigned long long cap,
                                            unsigned bq_cap, unsigned vw,
                                            unsigned long long hub, unsigned long long chunk,
                                            unsigned long long *hub_q,
                                            unsigned long long hub_cap) {
  extern __shared__ vid_t bq[];     /* the block queue, bq_cap entries      */
  __shared__ unsigned bq_size;      /* claims this round (< bq_cap + blockDim) */
  __shared__ unsigned bq_n;         /* entries to flush this round          */
  __shared__ unsigned long long bq_base; /* where they go in out_q          */
  unsigned long long *out_count = &counts[C_NEXT];
  unsigned long long tid = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  unsigned long long vwarps = (unsigned long long)gridDim.x * blockDim.x / vw;
  unsigned long long warp = tid / vw;
  unsigned lane = (unsigned)(tid % vw);
  unsigned long long f_out = 0, f_in = 0, f_max = 0; /* NEW: the rule's counts */
  if (threadIdx.x == 0) bq_size = 0;
  __syncthreads();
  for (unsigned long long base = 0; base < in_size; base += vwarps) {
    unsigned long long i = base + warp;
    if (warp < vwarps && i < in_size) {
      vid_t v = in_q[i];
      eid_t begin = offsets[v], end = offsets[v + 1];
      if (end - begin > hub) {
        /* NEW: a hub row: cut into chunks of `chunk` edges, one block per chunk
         * (hub kernel). The virtual warp's leader claims k slots; the lanes of
         * one virtual warp are aligned within a warp (blockDim % 32 == 0, vw | 32). */
        unsigned long long k = (end - begin + chunk - 1) / chunk, at = 0;
        unsigned leader = (threadIdx.x & 31) & ~(vw - 1);
        unsigned vmask = vw == 32 ? FULL_MASK : ((1u << vw) - 1u) << leader;
        if (lane == 0) at = atomicAdd(&counts[C_HUBS], k);
        at = __shfl_sync(vmask, at, leader);
        if (at + k <= hub_cap) {
          for (unsigned long long j = lane; j < k; j += vw)
            hub_q[at + j] = ((unsigned long long)v << 32) | j;
          end = begin; /* no `continue`: every thread must reach the barriers below */
        } else { /* no room: mark the claimed slots empty and walk the row here, as 06 */
          for (unsigned long long j = at + lane; j < at + k && j < hub_cap; j += vw)
            hub_q[j] = HUB_NONE;
        }
      }
      int full = 0; /* this lane already found the block queue full */
      for (eid_t e = begin + lane; e < end; e += vw) {
        vid_t u = cols[e];
        if (dist[u] == DIST_INF) {
          dist[u] = iteration + 1; /* benign: every writer stores the same level */
          /* NEW: u's out- and in-degree for the rule (twice if two lanes race) */
          unsigned long long d = offsets[u + 1] - offsets[u];
          f_out += d;
          f_max = d > f_max ? d : f_max;
          f_in += in_offsets[u + 1] - in_offsets[u];
          if (!full) {
            unsigned pos = atomicAdd(&bq_size, 1u);
            if (pos < bq_cap) {
              bq[pos] = u;
              continue;
            }
            full = 1;
          }
          unsigned long long g = atomicAdd(out_count, 1ULL);
          if (g < cap) out_q[g] = u;
        }
      }
    }
    __syncthreads();
    if (threadIdx.x == 0) {
      unsigned k = bq_size < bq_cap ? bq_size : bq_cap;
      bq_n = k;
      bq_base = k ? atomicAdd(out_count, (unsigned long long)k) : 0;
      bq_size = 0;
    }
    __syncthreads();
    for (unsigned j = threadIdx.x; j < bq_n; j += blockDim.x) {
      unsigned long long g = bq_base + j;
      if (g < cap) out_q[g] = bq[j];
    }
    __syncthreads();
  }
  dobfs_flush_counts(counts, 0, f_out, f_in, f_max, 0, 0, 0); /* NEW */
}

/* NEW: the hub chunks of a top-down level, one block per chunk at a time: the
 * block's threads stride over the chunk, and each warp pushes what it found
 * with one atomicAdd (a ballot gives every lane its slot). The loop bounds are
 * the same in every thread of the block (whole warps, see the header). */
static __global__ void dobfs_hub_kernel(dist_t iteration, const unsigned long long *hub_q,
                                        unsigned long long hub_cap, unsigned long long chunk,
                                        const eid_t *offsets, const vid_t *cols,
                                        const eid_t *in_offsets, dist_t *dist, vid_t *out_q,
                                        unsigned long long *counts, unsigned long long cap) {
  unsigned long long nitems = counts[C_HUBS]; /* written by the top-down kernel before us */
  if (nitems > hub_cap) nitems = hub_cap;    /* claims past the end were walked there    */
  unsigned lane = threadIdx.x & 31;
  unsigned long long f_out = 0, f_in = 0, f_max = 0;
  for (unsigned long long j = blockIdx.x; j < nitems; j += gridDim.x) {
    unsigned long long item = hub_q[j];
    if (item == HUB_NONE) continue; /* the same item in the whole block */
    vid_t v = (vid_t)(item >> 32);
    eid_t begin = offsets[v] + (item & 0xffffffffu) * chunk, row_end = offsets[v + 1];
    eid_t end = begin + chunk < row_end ? begin + chunk : row_end;
    for (eid_t base = begin; base < end; base += blockDim.x) {
      eid_t e = base + threadIdx.x;
      int found = 0;
      vid_t u = 0;
      if (e < end) {
        u = cols[e];
        if (dist[u] == DIST_INF) {
          dist[u] = iteration + 1; /* benign, as in the top-down kernel */
          found = 1;
          unsigned long long d = offsets[u + 1] - offsets[u];
          f_out += d;
          f_max = d > f_max ? d : f_max;
          f_in += in_offsets[u + 1] - in_offsets[u];
        }
      }
      unsigned ball = __ballot_sync(FULL_MASK, found);
      unsigned long long slot = 0;
      if (lane == 0 && ball) slot = atomicAdd(&counts[C_NEXT], (unsigned long long)__popc(ball));
      slot = __shfl_sync(FULL_MASK, slot, 0);
      if (found) {
        unsigned long long g = slot + __popc(ball & ((1u << lane) - 1u));
        if (g < cap) out_q[g] = u; /* past cap: counted, rebuilt by the host */
      }
    }
  }
  dobfs_flush_counts(counts, 0, f_out, f_in, f_max, 0, 0, 0);
}

/* NEW: the bottom-up step (Beamer Alg. 3, the slides' Alg. 2). Lane l of the
 * warp that owns word w is vertex u = 32 w + l. An unvisited u reads its
 * in-neighbours until one is in the frontier bitmap; then u joins level i + 1.
 * No atomics on dist, no queue: the next frontier is a bitmap written one word
 * per warp. */
static __global__ void dobfs_bottomup_kernel(dist_t iteration, vid_t n, unsigned long long words,
                                             const eid_t *offsets, const eid_t *in_offsets,
                                             const vid_t *in_cols, dist_t *dist,
                                             const unsigned *front, unsigned *next,
                                             unsigned long long *counts) {
  unsigned long long tid = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  unsigned long long warps = (unsigned long long)gridDim.x * blockDim.x / 32;
  unsigned lane = threadIdx.x & 31;
  unsigned long long found_n = 0, f_out = 0, f_in = 0, f_max = 0, left = 0, left_in = 0,
                     edges = 0;
  for (unsigned long long w = tid / 32; w < words; w += warps) {
    unsigned long long u = w * 32 + lane;
    int found = 0;
    if (u < n && dist[u] == DIST_INF) {
      eid_t begin = in_offsets[u], end = in_offsets[u + 1];
      for (eid_t e = begin; e < end; e++) {
        vid_t v = in_cols[e];
        edges++;
        if (front[v >> 5] & (1u << (v & 31))) { /* a parent: stop here */
          found = 1;
          break;
        }
      }
      if (found) {
        dist[u] = iteration + 1; /* u's own thread: no race */
        unsigned long long d = offsets[u + 1] - offsets[u];
        found_n++;
        f_out += d;
        f_max = d > f_max ? d : f_max;
        f_in += end - begin;
      } else {
        left++;
        left_in += end - begin;
      }
    }
    unsigned ball = __ballot_sync(FULL_MASK, found);
    if (lane == 0) next[w] = ball; /* the whole word: no clearing, no atomics */
  }
  dobfs_flush_counts(counts, found_n, f_out, f_in, f_max, left, left_in, edges);
}

/* NEW: queue -> bitmap at a switch to bottom-up. The queue may hold duplicates
 * and is not sorted; dist is exact, so the bitmap is built from dist: bit u of
 * level i is dist[u] == i. One word per warp, as in the bottom-up kernel. */
static __global__ void dobfs_to_bitmap_kernel(dist_t iteration, vid_t n, unsigned long long words,
                                              const dist_t *dist, unsigned *bm) {
  unsigned long long tid = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  unsigned long long warps = (unsigned long long)gridDim.x * blockDim.x / 32;
  unsigned lane = threadIdx.x & 31;
  for (unsigned long long w = tid / 32; w < words; w += warps) {
    unsigned long long u = w * 32 + lane;
    unsigned ball = __ballot_sync(FULL_MASK, u < n && dist[u] == iteration);
    if (lane == 0) bm[w] = ball;
  }
}

/* NEW: bitmap -> queue at a switch back to top-down: every set bit becomes
 * one entry (no duplicates), one atomicAdd per warp with a set bit. */
static __global__ void dobfs_to_queue_kernel(unsigned long long words, const unsigned *bm,
                                             vid_t *out_q, unsigned long long *out_count,
                                             unsigned long long cap) {
  unsigned long long tid = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  unsigned long long warps = (unsigned long long)gridDim.x * blockDim.x / 32;
  unsigned lane = threadIdx.x & 31;
  for (unsigned long long w = tid / 32; w < words; w += warps) {
    unsigned word = bm[w]; /* the same word in every lane */
    if (!word) continue;   /* uniform in the warp */
    unsigned long long slot = 0;
    if (lane == 0) slot = atomicAdd(out_count, (unsigned long long)__popc(word));
    slot = __shfl_sync(FULL_MASK, slot, 0);
    if (word & (1u << lane)) {
      unsigned long long g = slot + __popc(word & ((1u << lane) - 1u));
      if (g < cap) out_q[g] = (vid_t)(w * 32 + lane);
    }
  }
}

/* After an overflow of the global queue (06, unchanged). */
static __global__ void dobfs_rebuild_kernel(dist_t next, vid_t n, const dist_t *dist,
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

/* -a only: entries of a top-down queue whose vertex is already in it (06). */
static __global__ void dobfs_dups_kernel(int tag, unsigned long long size, const vid_t *q,
                                         int *mark, unsigned long long *dups) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < size;
       i += stride)
    if (atomicExch(&mark[q[i]], tag) == tag) atomicAdd(dups, 1ULL);
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* NEW: the transpose of a directed graph (CSC: in-edges of each vertex), by a
 * counting sort on the host. Untimed (init); its time is printed. */
static int dobfs_transpose(dobfs_state_t *s, const graph_t *h) {
  double t0 = now_ms();
  vid_t n = h->n;
  eid_t m = h->m;
  eid_t *off = (eid_t *)calloc((size_t)n + 1, sizeof(eid_t));
  vid_t *cols = (vid_t *)malloc((size_t)(m ? m : 1) * sizeof(vid_t));
  eid_t *fill = (eid_t *)malloc((size_t)n * sizeof(eid_t) + 1);
  if (!off || !cols || !fill) {
    free(off); free(cols); free(fill);
    return fail(EXIT_INPUT, "out of host memory for the transpose (%llu edges)",
                (unsigned long long)m);
  }
  for (eid_t e = 0; e < m; e++) off[h->cols[e] + 1]++;
  for (vid_t v = 0; v < n; v++) off[v + 1] += off[v];
  memcpy(fill, off, (size_t)n * sizeof(eid_t));
  for (vid_t v = 0; v < n; v++) /* rows in ascending v: each in-row comes out sorted */
    for (eid_t e = h->offsets[v]; e < h->offsets[v + 1]; e++) cols[fill[h->cols[e]]++] = v;
  free(fill);
  double t1 = now_ms();
  s->d_in_offsets_own = (eid_t *)gpu_alloc(((size_t)n + 1) * sizeof(eid_t), "transpose offsets");
  s->d_in_cols_own = (vid_t *)gpu_alloc((size_t)(m ? m : 1) * sizeof(vid_t), "transpose cols");
  CUDA_CHECK(cudaMemcpy(s->d_in_offsets_own, off, ((size_t)n + 1) * sizeof(eid_t),
                        cudaMemcpyHostToDevice));
  if (m)
    CUDA_CHECK(cudaMemcpy(s->d_in_cols_own, cols, (size_t)m * sizeof(vid_t),
                          cudaMemcpyHostToDevice));
  free(cols);
  s->h_in_offsets_own = off;
  s->in_offsets = s->d_in_offsets_own;
  s->in_cols = s->d_in_cols_own;
  s->h_in_offsets = off;
  printf("Transpose: directed graph: CSC of %llu in-edges built on the host in %.3f ms, "
         "uploaded in %.3f ms\n",
         (unsigned long long)m, t1 - t0, now_ms() - t1);
  return 0;
}

static void dobfs_fini(void *state);

/* The knob values alone (the harness calls this before the graph and the GPU;
 * init calls it again). Limits that need the device stay in init. */
static int dobfs_check_knobs(const launch_t *lc) {
  long vw = launch_knob(lc, "vw");
  if (vw < 1 || vw > 32 || (vw & (vw - 1)) != 0)
    return fail(EXIT_INPUT, "vw=%ld: the virtual warp size must be 1, 2, 4, 8, 16 or 32", vw);
  long bq = launch_knob(lc, "bq"), qcap = launch_knob(lc, "qcap");
  if (bq < 0) return fail(EXIT_INPUT, "bq=%ld: the block queue must hold 0 or more entries", bq);
  if (qcap < 0) return fail(EXIT_INPUT, "qcap=%ld: must be 0 (n entries) or positive", qcap);
  static const char *const names[] = {"slides_pct", "alpha", "beta", "hub"}; /* NEW */
  for (int i = 0; i < 4; i++) {
    long v = launch_knob(lc, names[i]);
    if (v < 0) return fail(EXIT_INPUT, "%s=%ld: must be 0 or positive", names[i], v);
  }
  return 0;
}

static int dobfs_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (dobfs_check_knobs(lc)) return EXIT_INPUT;
  long vw = launch_knob(lc, "vw");
  /* NEW: the bottom-up and bitmap kernels work in whole warps */
  if (lc->block % 32 != 0)
    return fail(EXIT_INPUT, "block %d: this step needs a multiple of 32 threads per block",
                lc->block);
  long bq = launch_knob(lc, "bq"), qcap = launch_knob(lc, "qcap");
  long slides_pct = launch_knob(lc, "slides_pct"), alpha = launch_knob(lc, "alpha"),
       beta = launch_knob(lc, "beta"), hub = launch_knob(lc, "hub");
  int dev = 0, smem_max = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&smem_max, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  /* the kernel's own shared variables: 64 bytes, plus the counters' 56 */
  long bq_max = ((long)smem_max - 128) / (long)sizeof(vid_t);
  if (bq < 0 || bq > bq_max)
    return fail(EXIT_INPUT,
                "bq=%ld: the block queue must hold 0..%ld entries (%d bytes of shared memory "
                "per block)",
                bq, bq_max, smem_max);
  if (qcap < 0) return fail(EXIT_INPUT, "qcap=%ld: must be 0 (n entries) or positive", qcap);
  const graph_t *h = (const graph_t *)g->host;
  if (!h) return fail(EXIT_INPUT, "this step needs the host graph (for the transpose)");
  dobfs_state_t *s = (dobfs_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->lc = *lc;
  s->vw = (unsigned)vw;
  s->bq_cap = (unsigned)bq;
  s->bq_bytes = (size_t)bq * sizeof(vid_t);
  if (s->bq_bytes > 48 * 1024)
    CUDA_CHECK(cudaFuncSetAttribute(dobfs_topdown_kernel,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    (int)s->bq_bytes));
  /* NEW: the variant is the rule */
  const char *v = lc->variant;
  s->rule = strcmp(v, "slides") == 0     ? RULE_SLIDES
            : strcmp(v, "topdown") == 0  ? RULE_TOPDOWN
            : strcmp(v, "bottomup") == 0 ? RULE_BOTTOMUP
                                         : RULE_BEAMER;
  s->slides_pct = (double)slides_pct;
  s->alpha = (double)alpha;
  s->beta = (double)beta;
  s->hub = (unsigned long long)hub;
  s->cap = qcap > 0 ? (unsigned long long)qcap : (unsigned long long)g->n;
  if (s->cap < 1) s->cap = 1;
  s->d_queue[0] = (vid_t *)gpu_alloc(s->cap * sizeof(vid_t), "frontier queue 0");
  s->d_queue[1] = (vid_t *)gpu_alloc(s->cap * sizeof(vid_t), "frontier queue 1");
  s->d_hubq = (unsigned long long *)gpu_alloc(s->cap * sizeof(unsigned long long), "hub queue");
  s->hub_chunk = 4ULL * (unsigned long long)lc->block;
  s->d_counts = (unsigned long long *)gpu_alloc(NC * sizeof(unsigned long long), "level counts");
  /* NEW: pinned, so the one readback per level is a plain DMA (no staging copy) */
  CUDA_CHECK(cudaHostAlloc((void **)&s->h_counts, NC * sizeof(unsigned long long),
                           cudaHostAllocDefault));
  /* NEW: the frontier bitmaps, one bit per vertex */
  s->words = ((unsigned long long)g->n + 31) / 32;
  size_t bm_bytes = (size_t)(s->words ? s->words : 1) * sizeof(unsigned);
  s->d_bm[0] = (unsigned *)gpu_alloc(bm_bytes, "frontier bitmap 0");
  s->d_bm[1] = (unsigned *)gpu_alloc(bm_bytes, "frontier bitmap 1");
  /* NEW: every kernel loops (grid-stride), so its grid is capped at the blocks
   * that fit on the device at once: each block ends with one flush of the
   * counts, and one same-address atomic per 256 vertices would cost more than
   * the level (kron22's 2 * 10^6-vertex frontier: 10^5 blocks). */
  s->full_td = gpu_full_grid((const void *)dobfs_topdown_kernel, lc->block, s->bq_bytes);
  s->full_hub = gpu_full_grid((const void *)dobfs_hub_kernel, lc->block, 0);
  s->full_dense = gpu_full_grid((const void *)dobfs_bottomup_kernel, lc->block, 0);
  /* NEW: in-edges. A symmetric graph is its own transpose. */
  s->h_offsets = h->offsets;
  if (h->symmetric) {
    s->in_offsets = g->offsets;
    s->in_cols = g->cols;
    s->h_in_offsets = h->offsets;
    printf("Transpose: symmetric graph: the CSR is its own transpose (nothing built)\n");
  } else if (dobfs_transpose(s, h)) {
    dobfs_fini(s);
    return 1;
  }
  *state = s;
  return 0;
}

/* NEW: -x when given, else one thread per item (a virtual warp per queue entry
 * for top-down) up to `full` resident blocks. */
static int dobfs_grid(const dobfs_state_t *s, unsigned long long items, int full) {
  int g = launch_grid(&s->lc, items);
  return s->lc.grid > 0 || g < full ? g : full;
}

/* NEW: the level's counts, one small readback (the level's only round trip) */
static void dobfs_read_counts(dobfs_state_t *s, unsigned long long *c) {
  CUDA_CHECK(cudaMemcpyAsync(s->h_counts, s->d_counts, NC * sizeof(unsigned long long),
                             cudaMemcpyDeviceToHost, 0));
  CUDA_CHECK(cudaStreamSynchronize(0));
  memcpy(c, s->h_counts, NC * sizeof(unsigned long long));
}

/* NEW: the direction of level `level` (host; O(1)). */
static dir_t dobfs_choose(const dobfs_state_t *s, dir_t prev, int level, double nf, double mf,
                          double prev_nf, double r, double mu) {
  double n = (double)s->g.n, m = (double)s->g.m;
  switch (s->rule) {
  case RULE_TOPDOWN: return DIR_TOPDOWN;
  case RULE_BOTTOMUP: return DIR_BOTTOMUP;
  case RULE_SLIDES: /* |R| < |Q| * E/V, scaled by slides_pct / 100 */
    return r * 100.0 < s->slides_pct * nf * (m / n) ? DIR_BOTTOMUP : DIR_TOPDOWN;
  case RULE_BEAMER:
    if (prev == DIR_TOPDOWN || level == 0) /* m_f > m_u / alpha */
      return mf * s->alpha > mu ? DIR_BOTTOMUP : DIR_TOPDOWN;
    /* stay bottom-up while the frontier grows or is large (n_f > n / beta) */
    return (nf >= prev_nf || nf * s->beta > n) ? DIR_BOTTOMUP : DIR_TOPDOWN;
  }
  return DIR_TOPDOWN;
}

static int dobfs_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  dobfs_state_t *s = (dobfs_state_t *)state;
  const dgraph_t *g = &s->g;
  int tracing = st->trace != NULL;
  if (tracing) {
    if (!s->d_mark) {
      s->d_mark = (int *)gpu_alloc((size_t)g->n * sizeof(int), "duplicate marks (-a)");
      s->d_dups =
          (unsigned long long *)gpu_alloc(sizeof(unsigned long long), "duplicate count (-a)");
    }
    CUDA_CHECK(cudaMemset(s->d_mark, 0xff, (size_t)g->n * sizeof(int)));
    if (s->dirs_cap < st->trace_cap) {
      free(s->dirs);
      s->dirs = (char *)malloc((size_t)st->trace_cap);
      if (!s->dirs) return fail(EXIT_INPUT, "out of host memory (-a)");
      s->dirs_cap = st->trace_cap;
    }
  }
  CUDA_CHECK(cudaMemcpy(s->d_queue[0], &src, sizeof src, cudaMemcpyHostToDevice));
  /* NEW: the rule's inputs for level 0 (the source alone), from the host graph */
  unsigned long long size = 1, pushes = 0, dups_total = 0;
  double nf = 1, prev_nf = 0;
  double mf = (double)(s->h_offsets[src + 1] - s->h_offsets[src]);
  double maxout = mf;
  double r = (double)g->n - 1;                                            /* |R| */
  double mu = (double)g->m - (double)(s->h_in_offsets[src + 1] - s->h_in_offsets[src]); /* m_u */
  dir_t dir = DIR_TOPDOWN;
  int in_bitmap = 0; /* NEW: where the frontier is: 0 queue (top-down), 1 bitmap */
  long long dups = 0;
  int cur = 0, bcur = 0;
  dist_t iteration = 0;
  unsigned long long c[NC];
  int block = s->lc.block;
  int dense_grid = dobfs_grid(s, s->words * 32, s->full_dense); /* a thread per vertex, capped */
  while (size > 0) {
    trace_level_begin(st);
    dir = dobfs_choose(s, dir, iteration, nf, mf, prev_nf, r, mu); /* NEW */
    if (tracing && iteration < s->dirs_cap) s->dirs[iteration] = dir == DIR_BOTTOMUP ? 'B' : 'T';
    CUDA_CHECK(cudaMemset(s->d_counts, 0, NC * sizeof(unsigned long long)));
    vid_t *out_q = s->d_queue[cur ^ 1];
    int rebuilt = 0, built_queue = 0;
    unsigned long long next = 0;
    if (dir == DIR_BOTTOMUP) {
      if (!in_bitmap) { /* NEW: switch point: queue -> bitmap (timed) */
        dobfs_to_bitmap_kernel<<<dense_grid, block>>>(iteration, g->n, s->words, d_dist,
                                                       s->d_bm[bcur]);
        LAUNCH_CHECK();
        in_bitmap = 1;
      }
      dobfs_bottomup_kernel<<<dense_grid, block>>>(iteration, g->n, s->words, g->offsets,
                                                    s->in_offsets, s->in_cols, d_dist,
                                                    s->d_bm[bcur], s->d_bm[bcur ^ 1],
                                                    s->d_counts);
      LAUNCH_CHECK();
      dobfs_read_counts(s, c);
      next = c[C_NEXT]; /* exact: one thread per vertex */
      bcur ^= 1;
      r = (double)c[C_LEFT]; /* exact after a bottom-up level */
      mu = (double)c[C_LEFT_IN];
    } else {
      if (in_bitmap) { /* NEW: switch point: bitmap -> queue (timed) */
        if (size > s->cap)
          return fail(EXIT_INPUT,
                      "level %d has %llu vertices, more than the %llu entries of the global "
                      "queue (-K qcap)",
                      iteration, size, s->cap);
        dobfs_to_queue_kernel<<<dense_grid, block>>>(s->words, s->d_bm[bcur], s->d_queue[cur],
                                                      s->d_counts + C_NEXT, s->cap);
        LAUNCH_CHECK();
        CUDA_CHECK(cudaMemset(s->d_counts, 0, sizeof(unsigned long long)));
        in_bitmap = 0;
      }
      vid_t *in_q = s->d_queue[cur];
      int grid = dobfs_grid(s, size * s->vw, s->full_td); /* NEW: capped */
      dobfs_topdown_kernel<<<grid, block, s->bq_bytes>>>(
          iteration, size, in_q, g->offsets, g->cols, s->in_offsets, d_dist, out_q, s->d_counts,
          s->cap, s->bq_cap, s->vw, s->hub, s->hub_chunk, s->d_hubq, s->cap);
      LAUNCH_CHECK();
      if (maxout > (double)s->hub) { /* NEW: only when the frontier may hold a hub */
        /* chunks <= edges / chunk + rows; a grid that fills the device at most */
        double bound = mf / (double)s->hub_chunk + mf / ((double)s->hub + 1) + 1;
        double full = (double)s->full_hub;
        int hgrid = s->lc.grid > 0 ? s->lc.grid : (int)(bound < full ? bound : full);
        dobfs_hub_kernel<<<hgrid, block>>>(iteration, s->d_hubq, s->cap, s->hub_chunk,
                                            g->offsets, g->cols, s->in_offsets, d_dist, out_q,
                                            s->d_counts, s->cap);
        LAUNCH_CHECK();
      }
      dobfs_read_counts(s, c);
      next = c[C_NEXT];
      pushes += next;
      if (next > s->cap) { /* overflow (duplicates): rebuild from dist (06) */
        CUDA_CHECK(cudaMemset(s->d_counts, 0, sizeof(unsigned long long)));
        dobfs_rebuild_kernel<<<launch_grid(&s->lc, g->n), block>>>(iteration + 1, g->n, d_dist,
                                                                   out_q, s->d_counts, s->cap);
        LAUNCH_CHECK();
        CUDA_CHECK(cudaMemcpy(&next, s->d_counts, sizeof next, cudaMemcpyDeviceToHost));
        if (next > s->cap)
          return fail(EXIT_INPUT,
                      "level %d has %llu vertices, more than the %llu entries of the global "
                      "queue (-K qcap)",
                      iteration + 1, next, s->cap);
        rebuilt = 1;
      }
      built_queue = 1;
      cur ^= 1;
      /* approximate during top-down levels (duplicates count twice); clamp */
      r = r > (double)next ? r - (double)next : 0;
      mu = mu > (double)c[C_IN] ? mu - (double)c[C_IN] : 0;
    }
    /* dups: of the top-down queue this frontier came from (0 after a bottom-up
     * level); edges: counted by the bottom-up kernel, else the harness's census */
    trace_level_end(st, iteration, (long long)size,
                    dir == DIR_BOTTOMUP ? (long long)c[C_EDGES] : -1, tracing ? dups : -1);
    long long next_dups = 0;
    if (tracing && built_queue && next > 0 && !rebuilt) {
      unsigned long long d = 0;
      CUDA_CHECK(cudaMemset(s->d_dups, 0, sizeof d));
      dobfs_dups_kernel<<<launch_grid(&s->lc, next), block>>>(iteration + 1, next,
                                                              s->d_queue[cur], s->d_mark,
                                                              s->d_dups);
      LAUNCH_CHECK();
      CUDA_CHECK(cudaMemcpy(&d, s->d_dups, sizeof d, cudaMemcpyDeviceToHost));
      next_dups = (long long)d;
    }
    dups = next_dups;
    dups_total += (unsigned long long)next_dups;
    prev_nf = nf;
    nf = (double)next;
    mf = (double)c[C_OUT];
    maxout = (double)c[C_MAXOUT];
    size = next;
    iteration++;
  }
  st->levels = iteration;
  st->pushes = (long long)pushes;
  st->duplicates = tracing ? (long long)dups_total : -1;
  if (tracing) { /* NEW: the direction of every level, after the work */
    for (int l = 0; l < iteration && l < s->dirs_cap; l++)
      printf("Direction: level %d %s\n", l, s->dirs[l] == 'B' ? "bottom-up" : "top-down");
  }
  return 0;
}

static void dobfs_fini(void *state) {
  dobfs_state_t *s = (dobfs_state_t *)state;
  gpu_free(s->d_queue[0]);
  gpu_free(s->d_queue[1]);
  gpu_free(s->d_hubq);
  gpu_free(s->d_counts);
  gpu_free(s->d_bm[0]);
  gpu_free(s->d_bm[1]);
  gpu_free(s->d_in_offsets_own);
  gpu_free(s->d_in_cols_own);
  gpu_free(s->d_mark);
  gpu_free(s->d_dups);
  if (s->h_counts) CUDA_CHECK(cudaFreeHost(s->h_counts));
  free(s->h_in_offsets_own);
  free(s->dirs);
  free(s);
}

/* NEW: the variant is the rule; topdown and bottomup are the ablation. Beamer's
 * rule is the default: the slides' rule uses the average degree, and on a
 * Kronecker graph the early frontiers hold the hubs (README, results). */
static const char *const dobfs_variants[] = {"beamer", "slides", "topdown", "bottomup", NULL};

static const knob_def_t dobfs_knobs[] = {
    {"vw", 16, "threads per virtual warp of the top-down step: 1, 2, 4, 8, 16 or 32"},
    {"bq", 4096, "block queue entries in shared memory (0: every push is a global atomic)"},
    {"qcap", 0,
     "entries of each global queue (0: n; a smaller cap fails on a level with more vertices)"},
    {"slides_pct", 100,
     "slides: bottom-up when 100*|R| < slides_pct*|Q|*E/V (0: never; huge: from level 0)"},
    {"alpha", 15, "beamer: top-down -> bottom-up when alpha*m_f > m_u (0: never)"},
    {"beta", 18,
     "beamer: bottom-up -> top-down when the frontier shrinks and beta*n_f <= n (huge: never)"},
    {"hub", 1024,
     "top-down rows longer than this are cut into chunks of 4*block edges, a block each "
     "(0: every row)"},
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {
    "Direction-optimizing BFS (top-down / bottom-up)", PROBLEM_BFS, dobfs_knobs, dobfs_variants,
    dobfs_init, dobfs_run, dobfs_fini, dobfs_check_knobs};
