/* bfs4k_support.cuh - support (no lesson): the device side of step 08's levels
 * that is no part of its lesson, shared by steps 08, 10, 12, 13, 18 and 20 (device
 * code, header only; included by step 08's bfs4k.cuh, after its types and its
 * single-block hub pass).
 *
 *   bfs4k_single_rebuild  a single-block level's overflowed queue, rebuilt from dist
 *   bfs4k_single_tally    -a: a single-block level's edges and duplicates
 *   bfs4k_grid_rebuild    the multi-block levels' overflowed queue, rebuilt from dist
 *   bfs4k_dups            -a: the repeated entries of a queue
 *   bfs4k_zero_set        a level's counter set zeroed (the loops say when)
 */
#ifndef GALLERY_BFS4K_SUPPORT_CUH
#define GALLERY_BFS4K_SUPPORT_CUH

#include <cooperative_groups.h>

#include "dev.cuh"

/* support: a single-block level's next queue overflowed (duplicates): the
 * level's vertices from dist, counted in *s_cnt; more than the queue holds:
 * say so, stop (0). Every thread of the block calls it. */
static __device__ unsigned long long bfs4k_single_rebuild(const bfs4k_args_t *a,
                                                          const bfs4k_sink_t *sk,
                                                          unsigned long long *s_cnt, int level) {
  unsigned t = threadIdx.x, bd = blockDim.x;
  __syncthreads();
  if (t == 0) *s_cnt = 0;
  __syncthreads();
  for (unsigned long long v = t; v < a->n; v += bd)
    if (__ldcg(&a->dist[v]) == level + 1)
      bfs4k_put(a, sk, atomicAdd(s_cnt, 1ULL), 0, 0, 0, (vid_t)v);
  __syncthreads();
  unsigned long long next = *s_cnt;
  if (t == 0) a->ctl->rebuilds++;
  if (next > a->cap) {
    if (t == 0) {
      a->ctl->status = ST_TOOBIG;
      a->ctl->toobig = next;
    }
    next = 0;
  }
  return next;
}

/* support (-a): a single-block level's edges and the duplicates of its next
 * queue (sq below scap, the rest in gq) into the counters of the level. */
static __device__ void bfs4k_single_tally(const bfs4k_args_t *a, int level,
                                          unsigned long long next, const vid_t *sq,
                                          unsigned long long scap, const vid_t *gq,
                                          unsigned long long edges) {
  unsigned t = threadIdx.x, bd = blockDim.x;
  if (t == 0) {
    a->ctl->edges[level % 3] = 0;
    a->ctl->dups[level % 3] = 0;
  }
  __syncthreads();
  dev_block_add(edges, &a->ctl->edges[level % 3]);
  unsigned long long d = 0;
  for (unsigned long long i = t; i < next; i += bd) {
    vid_t v = i < scap ? sq[i] : gq[i];
    if (atomicExch(&a->mark[v], level + 1) == level + 1) d++;
  }
  dev_block_add(d, &a->ctl->dups[level % 3]);
  __syncthreads();
}

/* support: the multi-block levels' next queue overflowed (duplicates): rebuilt
 * from dist (the vertices of levels lo..hi) into q; more vertices than it
 * holds: say so and stop (0). Every thread of the cooperative grid calls it. */
static __device__ unsigned long long bfs4k_grid_rebuild(const bfs4k_args_t *a, dist_t lo,
                                                        dist_t hi, vid_t *q, int b0,
                                                        cooperative_groups::grid_group grid) {
  dev_rebuild(a->dist, a->n, lo, hi, q, a->cap, &a->ctl->rebuild);
  grid.sync();
  unsigned long long next = ld_volatile(&a->ctl->rebuild);
  if (b0) a->ctl->rebuilds++;
  if (next > a->cap) { /* more vertices than the queue holds: say so, stop */
    if (b0) {
      a->ctl->status = ST_TOOBIG;
      a->ctl->toobig = next;
    }
    next = 0;
  }
  return next;
}

/* support (-a): repeated entries of queue q[0, size): mark[v] = tag, one winner each. */
static __device__ void bfs4k_dups(const bfs4k_args_t *a, int tag, const vid_t *q,
                                  unsigned long long size, unsigned long long *dst) {
  unsigned long long d = 0;
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < size;
       i += stride)
    if (atomicExch(&a->mark[__ldcg(&q[i])], tag) == tag) d++;
  dev_block_add(d, dst);
}

/* support: zero counter set z (one thread). */
static __device__ void bfs4k_zero_set(const bfs4k_args_t *a, int z) {
  a->ctl->kids[z] = 0;
  a->ctl->cnt[z] = 0;
  a->ctl->hubs[z] = 0;
  a->ctl->bigs[z] = 0;
  a->ctl->edges[z] = 0;
  a->ctl->dups[z] = 0;
  a->ctl->rebuild = 0;
}

#endif /* GALLERY_BFS4K_SUPPORT_CUH */
