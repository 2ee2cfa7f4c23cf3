/* gpu.cu - the device plumbing every step shares (see gpu.h): error checks,
 * allocation with a clear out-of-memory message, device facts, the distance
 * fill done before the timer starts, the event timer, per-level trace
 * timing and the CSR -> COO expansion used by edge-centric kernels. */
#include "gpu.h"
#include "gpuwhy.h"
#include "step.h"

#include <dlfcn.h>
#include <unistd.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cuda_die(cudaError_t e, const char *call, const char *file, int line) {
  fprintf(stderr, "error: %s:%d: %s: %s (%s)\n", file, line, call, cudaGetErrorString(e),
          cudaGetErrorName(e));
  exit(EXIT_CUDA);
}

void *gpu_alloc(size_t bytes, const char *what) {
  void *p = NULL;
  if (bytes == 0) bytes = 1; /* a valid pointer for empty arrays */
  cudaError_t e = cudaMalloc(&p, bytes);
  if (e == cudaErrorMemoryAllocation) {
    size_t free_b = 0, total_b = 0;
    (void)cudaGetLastError(); /* clear the sticky-free error before asking */
    cudaMemGetInfo(&free_b, &total_b);
    fprintf(stderr,
            "error: out of GPU memory: %s needs %zu bytes (%.2f GiB), %zu bytes (%.2f GiB) "
            "free of %zu\n",
            what, bytes, bytes / 1073741824.0, free_b, free_b / 1073741824.0, total_b);
    exit(EXIT_CUDA);
  }
  if (e != cudaSuccess) cuda_die(e, "cudaMalloc", __FILE__, __LINE__);
  return p;
}

void gpu_free(void *p) {
  if (p) CUDA_CHECK(cudaFree(p));
}

void *gpu_alloc_mapped(size_t bytes, void **dev) {
  void *h = NULL;
  CUDA_CHECK(cudaHostAlloc(&h, bytes ? bytes : 1, cudaHostAllocMapped));
  CUDA_CHECK(cudaHostGetDevicePointer(dev, h, 0));
  return h;
}

void gpu_free_mapped(void *host) {
  if (host) CUDA_CHECK(cudaFreeHost(host));
}

int gpu_probe(gpu_info_t *info) {
  memset(info, 0, sizeof *info);
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    (void)cudaGetLastError();
    /* Why (gpuwhy.h): the driver library's own version, asked directly,
     * tells "no driver" from "old driver"; the runtime says "insufficient"
     * for both. GALLERY_LIBCUDA names another library (tests). */
    const char *lib = getenv("GALLERY_LIBCUDA");
    int driver = 0, runtime = 0;
    void *h = dlopen(lib && *lib ? lib : "libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (h) {
      typedef int (*getver_t)(int *);
      getver_t getver = (getver_t)dlsym(h, "cuDriverGetVersion");
      if (!getver || getver(&driver) != 0) driver = 0;
      dlclose(h);
    }
    if (cudaRuntimeGetVersion(&runtime) != cudaSuccess) runtime = 0;
    (void)cudaGetLastError();
    char why[256];
    gpu_why(driver, runtime, access("/proc/driver/nvidia/version", F_OK) == 0, count, (int)e,
            e != cudaSuccess ? cudaGetErrorName(e) : NULL, why, sizeof why);
    return fail(EXIT_NODEV, "%s", why);
  }
  int dev = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  cudaDeviceProp p;
  CUDA_CHECK(cudaGetDeviceProperties(&p, dev));
  snprintf(info->name, sizeof info->name, "%s", p.name);
  info->sm_count = p.multiProcessorCount;
  info->cc_major = p.major;
  info->cc_minor = p.minor;
  info->max_threads_per_sm = p.maxThreadsPerMultiProcessor;
  info->max_threads_per_block = p.maxThreadsPerBlock;
  info->global_mem = p.totalGlobalMem;
  info->shared_per_block = p.sharedMemPerBlock;
  info->l2_bytes = (size_t)p.l2CacheSize;
  CUDA_CHECK(cudaDriverGetVersion(&info->driver_version));
  CUDA_CHECK(cudaRuntimeGetVersion(&info->runtime_version));
  size_t total = 0;
  CUDA_CHECK(cudaMemGetInfo(&info->free_mem, &total));
  return 0;
}

static __global__ void fill_dist_kernel(dist_t *dist, vid_t n, vid_t src) {
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += (unsigned long long)gridDim.x * blockDim.x)
    dist[v] = (v == src) ? 0 : DIST_INF;
}

void gpu_fill_dist(dist_t *d_dist, vid_t n, vid_t src) {
  unsigned long long blocks = ((unsigned long long)n + 255) / 256;
  if (blocks > 65536) blocks = 65536;
  if (blocks == 0) blocks = 1;
  fill_dist_kernel<<<(unsigned)blocks, 256>>>(d_dist, n, src);
  LAUNCH_CHECK();
}

/* One thread per vertex writes its row's source id (rows are short on
 * average; this runs once, in init, untimed). */
static __global__ void edge_sources_kernel(const eid_t *offsets, vid_t n, vid_t *from) {
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += (unsigned long long)gridDim.x * blockDim.x)
    for (eid_t e = offsets[v]; e < offsets[v + 1]; e++) from[e] = (vid_t)v;
}

vid_t *gpu_edge_sources(const eid_t *d_offsets, vid_t n, eid_t m) {
  vid_t *from = (vid_t *)gpu_alloc(m * sizeof(vid_t), "edge source array (COO)");
  unsigned long long blocks = ((unsigned long long)n + 255) / 256;
  if (blocks > 65536) blocks = 65536;
  if (blocks == 0) blocks = 1;
  edge_sources_kernel<<<(unsigned)blocks, 256>>>(d_offsets, n, from);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  return from;
}

void gpu_timer_init(gpu_timer_t *t) {
  CUDA_CHECK(cudaEventCreate(&t->start));
  CUDA_CHECK(cudaEventCreate(&t->stop));
}
void gpu_timer_start(gpu_timer_t *t) { CUDA_CHECK(cudaEventRecord(t->start, 0)); }
float gpu_timer_stop(gpu_timer_t *t) {
  float ms = 0;
  CUDA_CHECK(cudaEventRecord(t->stop, 0));
  CUDA_CHECK(cudaEventSynchronize(t->stop));
  CUDA_CHECK(cudaEventElapsedTime(&ms, t->start, t->stop));
  return ms;
}
void gpu_timer_fini(gpu_timer_t *t) {
  CUDA_CHECK(cudaEventDestroy(t->start));
  CUDA_CHECK(cudaEventDestroy(t->stop));
}

int gpu_full_grid(const void *kernel, int block, size_t dyn_smem) {
  int dev = 0, sms = 0, per_sm = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, dyn_smem));
  return sms * (per_sm > 0 ? per_sm : 1);
}

/* Level timing for -a. One pair of events, reused: the host waits for each
 * level anyway when tracing, so timing a level costs no overlap we care for. */
static gpu_timer_t level_timer;
static int level_timer_ready;

void trace_level_begin(step_stats_t *st) {
  if (!st || !st->trace) return;
  if (!level_timer_ready) {
    gpu_timer_init(&level_timer);
    level_timer_ready = 1;
  }
  gpu_timer_start(&level_timer);
}

void trace_level_end(step_stats_t *st, int level, long long frontier, long long edges,
                     long long duplicates) {
  if (!st || !st->trace) return;
  step_trace(st, level, frontier, edges, duplicates, gpu_timer_stop(&level_timer));
}
