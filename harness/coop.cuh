/* coop.cuh - support (no lesson): the launch of a level loop that runs in one
 * cooperative grid with dynamic shared memory, shared by steps 10, 12 and 13
 * (host code, header only; included by their step headers).
 *
 *   coop_launch_t      the shared memory a block, the device's largest, the
 *                      resident blocks, the grid and the build it launches
 *   coop_launch_setup  checks the shared memory, sets it on every build and
 *                      sizes the grid of the one launched (dev_coop_grid)
 */
#ifndef GALLERY_COOP_CUH
#define GALLERY_COOP_CUH

#include "dev.cuh"
#include "err.h"
#include "gpu.h"
#include "step.h"

typedef struct {
  size_t smem;             /* bytes of dynamic shared memory a block: the caller's */
  int smem_max, full, grid_loop;
  const void *loop_kernel; /* the build launched (one of k) */
} coop_launch_t;

/* o->smem as the caller sized it (hash and stage name it when it is too much);
 * the nk builds k all get it; `loop` is launched on a grid of at most the
 * resident blocks (-x caps it further). 0, or the failure's code. */
static int coop_launch_setup(const launch_t *lc, const void *const *k, int nk, const void *loop,
                             int hash, int stage, coop_launch_t *o) {
  int dev = 0, smem_max = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&smem_max, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  if (o->smem + 256 > (size_t)smem_max)
    return fail(EXIT_INPUT, "hash=%d and stage=%d need %zu bytes of shared memory per block; "
                "this GPU has %d", hash, stage, o->smem, smem_max);
  o->loop_kernel = loop;
  for (int i = 0; i < nk; i++)
    CUDA_CHECK(cudaFuncSetAttribute(k[i], cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    (int)o->smem));
  o->grid_loop =
      dev_coop_grid(o->loop_kernel, lc->block, o->smem, lc->sm_count, lc->grid, &o->full);
  if (o->full < 1)
    return fail(EXIT_INPUT,
                "block %d with %zu bytes of shared memory: not one block fits on an SM", lc->block,
                o->smem);
  if (!o->grid_loop)
    return fail(EXIT_INPUT, "this GPU cannot launch cooperative grids (step 08's -K loop=0 can)");
  o->smem_max = smem_max;
  return 0;
}

#endif /* GALLERY_COOP_CUH */
