/* dobfs_trace.cuh - support (no lesson): the device side of -a for step 10's
 * levels, shared by steps 10, 12, 13, 18 and 20 (CUDA C, header only; included by
 * step 10's dobfs.cuh, after its types). It replaces step 08's bfs4k_record.
 *
 *   dobfs_record  a level's row (trace.cuh's trace_lv_t): step 08's counts, the
 *                 level's direction and its time on the device
 *   dobfs_td_row  the end of a top-down level on the grid: its time, its
 *                 duplicates (bfs4k_dups), its row
 */
#ifndef GALLERY_DOBFS_TRACE_CUH
#define GALLERY_DOBFS_TRACE_CUH

#include <cooperative_groups.h>

#include "bfs4k_support.cuh"
#include "trace.cuh"

/* support (-a): level `level`'s row (block 0's thread 0), step 08's bfs4k_record's with the
 * level's direction and time */
static __device__ void dobfs_record(const dobfs_args_t *a, int level, unsigned long long size,
                                    int mode, int vw, int ed, unsigned long long nh, int dir,
                                    unsigned long long ns) {
  if (level >= LV_CAP) return;
  trace_lv_t r;
  r.frontier = size;
  r.edges = ld_volatile(&a->ctl->b.edges[level % 3]);
  r.dups = ld_volatile(&a->ctl->b.dups[level % 3]);
  r.mode = mode;
  r.vw = vw;
  r.ed = ed;
  r.hubs = (int)(nh < 0x7fffffffULL ? nh : 0x7fffffffULL);
  r.dir = dir;
  r.ns = ns;
  a->lv[level] = r;
}

/* support (-a): the end of a top-down level on the grid (dobfs_loop_td), every thread: the
 * level's time (block 0's thread 0, since tl), its queue's duplicates, its row (a pending
 * level, begun by the single block, is a single-block row) */
static __device__ __forceinline__ void dobfs_td_row(const dobfs_args_t *da, int level, int cur,
                                                    unsigned long long size, unsigned long long tl,
                                                    int b0, int pending, int vw, int ed,
                                                    unsigned long long nh, unsigned long long nb,
                                                    unsigned long long next) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  unsigned long long ns = b0 ? trace_clock() - tl : 0;
  bfs4k_dups(&da->b, level + 1, da->b.q[cur ^ 1], next, &da->ctl->b.dups[level % 3]);
  grid.sync();
  if (b0)
    dobfs_record(da, level, size, pending ? MODE_SINGLE : MODE_MULTI, vw, ed, nh + nb,
                 DIR_TOPDOWN, ns);
}

#endif /* GALLERY_DOBFS_TRACE_CUH */
