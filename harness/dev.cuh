/* dev.cuh - device helpers that an earlier step taught and later steps use by
 * name (included by step .cu files only; CUDA C, header only, no templates).
 *
 *   dev_warp_slot     warp-aggregated push: one atomicAdd a warp (step 06's idea)
 *   dev_warp_excl     warp exclusive prefix sum with shuffles (BFS-4K Fig. 3, step 08)
 *   dev_warp_incl64   the same, inclusive, 64-bit (edge-discover's degree sums)
 *   dev_warp_max64    the warp's maximum (a common trip count for collectives)
 *   dev_block_add     a per-thread count summed into *dst, one atomic a block
 *   dev_rebuild       a queue rebuilt from dist: every vertex of level [lo, hi]
 *   dev_coop_grid     (host) blocks of a cooperative grid: all resident, -x caps it
 *   dev_need_warps    (host) a block of whole warps, else one error line
 *   dev_rows_*        (host) the per-level trace buffer of -a: allocated once,
 *                     zeroed per run, fetched after the traversal
 *   dev_upload_in     (host) the in-edges (transpose) on the device
 */
#ifndef GALLERY_DEV_CUH
#define GALLERY_DEV_CUH

#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "gpu.h"
#include "graph.h"
#include "types.h"

#define DEV_FULL_MASK 0xffffffffu

/* A slot in a queue counted by *count. The active lanes with push set share
 * one atomicAdd (the first such lane's) and take consecutive slots in lane
 * order, so their stores are side by side. Every active lane calls it; the
 * result means something only where push is set. */
static __device__ __forceinline__ unsigned long long dev_warp_slot(unsigned long long *count, int push) {
  unsigned am = __activemask();
  unsigned pm = __ballot_sync(am, push);
  if (!pm) return 0;
  unsigned lane = threadIdx.x & 31u;
  int leader = __ffs(pm) - 1;
  unsigned long long base = 0;
  if ((int)lane == leader) base = atomicAdd(count, (unsigned long long)__popc(pm));
  base = __shfl_sync(am, base, leader);
  return base + (unsigned long long)__popc(pm & ((1u << lane) - 1u));
}

/* Exclusive prefix sum of x over the 32 lanes (all call it); *total = the sum. */
static __device__ __forceinline__ unsigned dev_warp_excl(unsigned x, unsigned *total) {
  unsigned lane = threadIdx.x & 31u, s = x;
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    unsigned y = __shfl_up_sync(DEV_FULL_MASK, s, o);
    if (lane >= (unsigned)o) s += y;
  }
  *total = __shfl_sync(DEV_FULL_MASK, s, 31);
  return s - x;
}

/* Inclusive prefix sum of a 64-bit x over the 32 lanes (all call it). */
static __device__ __forceinline__ unsigned long long dev_warp_incl64(unsigned long long x) {
  unsigned lane = threadIdx.x & 31u;
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    unsigned long long y = __shfl_up_sync(DEV_FULL_MASK, x, o);
    if (lane >= (unsigned)o) x += y;
  }
  return x;
}

/* The largest x of the 32 lanes, in every lane (all call it). */
static __device__ __forceinline__ unsigned long long dev_warp_max64(unsigned long long x) {
#pragma unroll
  for (int o = 16; o >= 1; o >>= 1) {
    unsigned long long y = __shfl_xor_sync(DEV_FULL_MASK, x, o);
    x = y > x ? y : x;
  }
  return x;
}

/* Every thread of the block calls it: the block's sum of x into *dst with one
 * global atomic (none when it is 0). */
static __device__ void dev_block_add(unsigned long long x, unsigned long long *dst) {
  __shared__ unsigned long long s_sum;
  if (threadIdx.x == 0) s_sum = 0;
  __syncthreads();
  if (x) atomicAdd(&s_sum, x);
  __syncthreads();
  /* thread 0 alone reads s_sum: a plain `threadIdx.x == 0 && s_sum` lets the
   * compiler load it in every thread, racing with thread 0 zeroing it in the
   * next call (racecheck reports it); a volatile load is never speculated */
  if (threadIdx.x == 0) {
    unsigned long long s = *(volatile unsigned long long *)&s_sum;
    if (s) atomicAdd(dst, s);
  }
}

/* A queue that overflowed (duplicates pushed past its cap) rebuilt from dist:
 * every vertex whose level is in [lo, hi], counted in *count (zeroed by the
 * caller), stored while the count is below cap. Exact: dist is final for
 * those levels. A grid-stride loop; any grid. */
static __device__ void dev_rebuild(const dist_t *dist, vid_t n, dist_t lo, dist_t hi, vid_t *out,
                                   unsigned long long cap, unsigned long long *count) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n; v += stride) {
    dist_t d = __ldcg(&dist[v]);
    if (d >= lo && d <= hi) {
      unsigned long long pos = atomicAdd(count, 1ULL);
      if (pos < cap) out[pos] = (vid_t)v;
    }
  }
}

/* Host: steps whose collectives take whole warps (full-mask shuffles and ballots)
 * refuse a block of partial warps with one line: 0 when it is whole warps. */
static inline int dev_need_warps(int block, const char *step) {
  if (block % 32 == 0) return 0;
  return fail(EXIT_INPUT, "block %d: step %s needs whole warps (a multiple of 32 threads)", block,
              step);
}

/* Host: the blocks of a cooperative grid of `kernel` at `block` threads and
 * `smem` bytes of dynamic shared memory: every resident block (grid.sync()
 * needs them all resident), fewer when grid_req (-x) asks for fewer. *full:
 * the resident blocks. 0 when the device cannot launch cooperative grids or
 * not one block fits on an SM. */
static inline int dev_coop_grid(const void *kernel, int block, size_t smem, int sm_count, int grid_req,
                                int *full) {
  int dev = 0, coop = 0, per_sm = 0;
  *full = 0;
  if (cudaGetDevice(&dev) != cudaSuccess ||
      cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, smem) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  *full = per_sm * sm_count;
  if (!coop || per_sm < 1) return 0;
  return grid_req > 0 && grid_req < *full ? grid_req : *full;
}

/* Host: the per-level (per-round) rows of -a on the device. Allocated by the
 * first traced run only (untraced runs allocate nothing), zeroed each run. */
typedef struct {
  void *d;
  size_t row;
  int cap;
} dev_rows_t;

static inline void dev_rows_open(dev_rows_t *r, size_t row, int cap, const char *what) {
  if (!r->d) {
    r->d = gpu_alloc(row * (size_t)cap, what);
    r->row = row;
    r->cap = cap;
  }
  CUDA_CHECK(cudaMemset(r->d, 0, r->row * (size_t)r->cap));
}

/* The first `rows` rows (capped at the buffer) in a malloc'd host copy
 * (*got: how many); NULL and an error line when the host is out of memory. */
static inline void *dev_rows_fetch(const dev_rows_t *r, int rows, int *got) {
  int k = rows < r->cap ? rows : r->cap;
  if (k < 0) k = 0;
  void *h = malloc(r->row * (size_t)(k ? k : 1));
  if (!h) {
    fail(EXIT_INPUT, "out of host memory for the level trace");
    return NULL;
  }
  if (k) CUDA_CHECK(cudaMemcpy(h, r->d, r->row * (size_t)k, cudaMemcpyDeviceToHost));
  *got = k;
  return h;
}

static inline void dev_rows_free(dev_rows_t *r) {
  gpu_free(r->d);
  r->d = NULL;
}

/* Host: the in-edges of host graph h (its transpose, CSC) on the device, for
 * bottom-up steps on a directed graph. *h_off (may be NULL): the host copy of
 * the offsets, kept for the caller (free it); else freed here. */
static inline int dev_upload_in(const graph_t *h, eid_t **d_off, vid_t **d_cols, eid_t **h_off) {
  eid_t *off;
  vid_t *cols;
  if (graph_transpose(h, &off, &cols)) return fail_code(); /* the harness's (graph.h) */
  *d_off = (eid_t *)gpu_alloc(((size_t)h->n + 1) * sizeof(eid_t), "transpose offsets");
  *d_cols = (vid_t *)gpu_alloc((size_t)(h->m ? h->m : 1) * sizeof(vid_t), "transpose columns");
  CUDA_CHECK(cudaMemcpy(*d_off, off, ((size_t)h->n + 1) * sizeof(eid_t), cudaMemcpyHostToDevice));
  if (h->m) CUDA_CHECK(cudaMemcpy(*d_cols, cols, (size_t)h->m * sizeof(vid_t), cudaMemcpyHostToDevice));
  free(cols);
  if (h_off) *h_off = off;
  else free(off);
  return 0;
}

#endif
