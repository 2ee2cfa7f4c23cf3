/* dobfs_support.cuh - support (no lesson): the bookkeeping of step 10's
 * single-block levels and level loop, shared by steps 10-13, 18 and 20 (CUDA C,
 * header only; included by step 10's dobfs.cuh, after its types and counters).
 *
 *   dobfs_single_publish  the hand-over: counters, loop state, rule state, a pending level
 *   dobfs_single_zero     a set of dobfs_single's shared counters
 *   dobfs_loop_init       the loop's state before level 0
 *   dobfs_loop_begin      the loop's start: clean counters, the source in the queue
 *   dobfs_loop_end        the loop's end: the tallies for the host
 */
#ifndef GALLERY_DOBFS_SUPPORT_CUH
#define GALLERY_DOBFS_SUPPORT_CUH

#include <cooperative_groups.h>

/* support: thread 0 of block 0 at the hand-over: every counter set clean for
 * whatever level comes next, where the loop stands, the rule's state and, for a
 * pending level (it waits for the grid's hub pass), its counts. */
static __device__ __forceinline__ void dobfs_single_publish(
    const dobfs_args_t *a, int pending, unsigned long long tl, const dobfs_rule_t *rs, int level,
    int cur, unsigned long long size, unsigned long long pushes, int levels,
    unsigned long long cnt, unsigned long long nh, unsigned long long nb) {
  for (int z = 0; z < 3; z++) dobfs_zero_set(a, z);
  a->ctl->pending = pending;
  a->ctl->t_pending = tl;
  if (pending) {
    int z = level % 3;
    a->ctl->b.cnt[z] = cnt;
    a->ctl->b.hubs[z] = nh;
    a->ctl->b.bigs[z] = nb;
  }
  a->ctl->rs = *rs;
  a->ctl->b.size = size;
  a->ctl->b.level = level;
  a->ctl->b.cur = cur;
  a->ctl->b.pushes += pushes;
  a->ctl->b.sb_levels += levels;
}

/* support: zero set z of dobfs_single's counters (shared memory, one set per level mod 3). */
static __device__ __forceinline__ void dobfs_single_zero(unsigned long long *cnt,
                                                         unsigned long long *nh,
                                                         unsigned long long *nb, int z) {
  cnt[z] = 0;
  nh[z] = 0;
  nb[z] = 0;
}

/* support: the loop's state before level 0, the source alone. */
static __device__ __forceinline__ void dobfs_loop_init(const dobfs_args_t &a, dobfs_loop_t *L) {
  L->level = 0;
  L->cur = 0;
  L->mb_levels = 0;
  L->bcur = 0;
  L->in_bitmap = 0;
  L->bu_levels = 0;
  L->rs = a.rs0;
  L->size = 1;
  L->pushes = 0;
}

/* support: the loop's start: clean counters, level 0 in the queue. */
static __device__ __forceinline__ void dobfs_loop_begin(const dobfs_args_t &a, vid_t src,
                                                        dobfs_loop_t *L, int b0) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  if (b0) {
    memset(a.ctl, 0, sizeof *a.ctl);
    a.b.q[0][0] = src;
  }
  grid.sync();
  dobfs_loop_init(a, L);
}

/* support: the loop's end: block 0's thread 0 leaves the tallies for the host. */
static __device__ __forceinline__ void dobfs_loop_end(const dobfs_args_t &a, const dobfs_loop_t *L,
                                                      int b0) {
  if (b0) {
    a.ctl->b.level = L->level;
    a.ctl->b.pushes += L->pushes;
    a.ctl->b.mb_levels += L->mb_levels;
    a.ctl->bu_levels += L->bu_levels;
  }
}

#endif /* GALLERY_DOBFS_SUPPORT_CUH */
