/* dobfs_trace.cuh - support (no lesson): the device side of -a for step 10's
 * levels, shared by steps 10, 12, 13 and 18 (CUDA C, header only; included by
 * step 10's dobfs.cuh, after its types). It replaces step 08's bfs4k_record.
 *
 *   dobfs_record  a level's row (trace.cuh's trace_lv_t): step 08's counts, the
 *                 level's direction and its time on the device
 */
#ifndef GALLERY_DOBFS_TRACE_CUH
#define GALLERY_DOBFS_TRACE_CUH

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

#endif /* GALLERY_DOBFS_TRACE_CUH */
