/* gpu.h - what every step needs from the device, written once.
 *
 * CUDA_CHECK wraps every CUDA call: on error it prints one line
 * "error: FILE:LINE: call: message" and exits 3. LAUNCH_CHECK() follows
 * every kernel launch. gpu_alloc never returns NULL: when the device is out
 * of memory it says what needed how many bytes and how many are free, and
 * exits 3. Included from C (gcc) and from CUDA (nvcc). */
#ifndef GPU_H
#define GPU_H

#include <stddef.h>
#include <cuda_runtime.h>
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

void cuda_die(cudaError_t e, const char *call, const char *file, int line)
#ifdef __GNUC__
    __attribute__((noreturn))
#endif
    ;

#define CUDA_CHECK(call)                                             \
  do {                                                               \
    cudaError_t e_ = (call);                                         \
    if (e_ != cudaSuccess) cuda_die(e_, #call, __FILE__, __LINE__);  \
  } while (0)
#define LAUNCH_CHECK() CUDA_CHECK(cudaGetLastError())

void *gpu_alloc(size_t bytes, const char *what);  /* cudaMalloc or exit 3 */
void  gpu_free(void *p);                          /* NULL is fine         */
/* Pinned host memory mapped into the device's address space (zero-copy: a
 * kernel's stores reach the host; read it after the stream's sync). Returns
 * the host address, *dev the device's; exit 3 on a CUDA error. */
void *gpu_alloc_mapped(size_t bytes, void **dev);
void  gpu_free_mapped(void *host);                /* NULL is fine         */

/* Device facts for reports and launch defaults. */
typedef struct {
  char name[256];
  int sm_count, cc_major, cc_minor, max_threads_per_sm, max_threads_per_block;
  size_t global_mem, free_mem, shared_per_block, l2_bytes;
  int driver_version, runtime_version;   /* e.g. 13000 */
} gpu_info_t;
/* 0 and fills info; EXIT_NODEV (77) with fail() when no device is usable. */
int gpu_probe(gpu_info_t *info);

/* Kernels the harness owns (gpu.cu). */
void gpu_fill_dist(dist_t *d_dist, vid_t n, vid_t src); /* INF, src = 0 */

/* Source vertex of every CSR edge (COO "from" array) for edge-centric
 * kernels: m entries, allocated here, gpu_free it. */
vid_t *gpu_edge_sources(const eid_t *d_offsets, vid_t n, eid_t m);

/* Event timer around run(). */
typedef struct { cudaEvent_t start, stop; } gpu_timer_t;
void  gpu_timer_init(gpu_timer_t *t);
void  gpu_timer_start(gpu_timer_t *t);
float gpu_timer_stop(gpu_timer_t *t);   /* ms; synchronises */
void  gpu_timer_fini(gpu_timer_t *t);

/* Grid that fills the device: resident blocks of this size on every SM. */
int gpu_full_grid(const void *kernel, int block, size_t dyn_smem);

#ifdef __cplusplus
}
#endif
#endif
