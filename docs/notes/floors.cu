/* floors.cu - what a run and a round cost with no work in them (a microbenchmark for
 * docs/notes/bfs-gap-h200.md and docs/notes/shortcuts.md).
 *
 * The gallery's top rungs run a whole traversal in one cooperative kernel, timed by CUDA events
 * around the step's run(): the launch, the kernel and a small copy of the loop's state back to
 * the host. A road network's SSSP runs hundreds of rounds in that kernel, each ended by the last
 * block to finish (an atomic count, a fence) and one grid barrier. This program times those
 * parts alone, empty, on the GPU it runs on:
 *   run floors   events around: a plain launch of an empty kernel; a cooperative launch of it on
 *                the resident grid; the same plus a pageable cudaMemcpy of 256 bytes back (what
 *                every step's run() did up to step 20); plus a pinned one instead; step 13's
 *                shape (a one-block kernel, a pageable copy, the cooperative launch, a copy); the
 *                same with no copy between and an async copy into pinned memory, one stream sync;
 *                the cooperative kernel writing mapped host memory, one stream sync (step 21's
 *                shape without its prologue); the cooperative launch, an async pinned copy, a sync;
 *   round floors per round of a cooperative kernel looping R rounds: a grid barrier alone; the
 *                gallery's round end (every block counts itself done with an atomic after a
 *                fence, the last one writes the next round's parameters, then the barrier, then
 *                thread 0 of each block reads them with __ldcg and the block syncs); the same in
 *                one block (a __syncthreads round).
 * Each figure is the median of T timed repetitions after a warm-up. Usage: floors [-b BLOCK]
 * [-r ROUNDS] [-t TRIALS]. Build: nvcc -O3 -arch=sm_90 docs/notes/floors.cu -o floors (no -rdc:
 * grid.sync needs none since CUDA 11). docs/notes/floors.sh builds and runs it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cooperative_groups.h>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  fprintf(stderr, "floors: %s: %s\n", #x, cudaGetErrorString(e_)); exit(3); } } while (0)

typedef struct {
  unsigned done;       /* blocks that finished this round */
  int round, status;   /* the round's parameters, written by the last block */
  int pad[13];
} ctl_t;

static __global__ void empty_kernel(int *p) {
  if (p && blockIdx.x == 0 && threadIdx.x == 0) p[0] = 1;
}

/* R grid barriers, nothing else */
static __global__ void sync_kernel(int rounds) {
  cooperative_groups::grid_group g = cooperative_groups::this_grid();
  for (int r = 0; r < rounds; r++) g.sync();
}

/* R rounds of the gallery's round end (steps 09 and 14: hbf_last_block, the round's end by the
 * last block, grid.sync, the parameters read by thread 0 of each block) */
static __global__ void round_kernel(ctl_t *c, int rounds) {
  cooperative_groups::grid_group g = cooperative_groups::this_grid();
  __shared__ int s_round, last;
  for (;;) {
    if (threadIdx.x == 0) s_round = __ldcg(&c->round);
    __syncthreads();
    int r = s_round;
    if (r >= rounds) return; /* the same value in every block */
    __syncthreads();
    if (threadIdx.x == 0) {
      __threadfence();
      last = atomicAdd(&c->done, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (last && threadIdx.x == 0) {
      __threadfence();
      c->done = 0;
      c->round = r + 1;
    }
    g.sync();
  }
}

/* R rounds in one block: a barrier and a shared atomic a round */
static __global__ void block_kernel(int *out, int rounds) {
  __shared__ int cnt;
  if (threadIdx.x == 0) cnt = 0;
  __syncthreads();
  for (int r = 0; r < rounds; r++) {
    if ((threadIdx.x & 31) == 0) atomicAdd(&cnt, 1);
    __syncthreads();
  }
  if (threadIdx.x == 0) out[0] = cnt;
}

static int cmp_f(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return x < y ? -1 : x > y;
}

static float median(float *v, int n) {
  qsort(v, n, sizeof *v, cmp_f);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv) {
  int block = 256, rounds = 1000, trials = 21;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "-b")) block = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "-r")) rounds = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "-t")) trials = atoi(argv[i + 1]);
  }
  if (block < 32 || block > 1024 || rounds < 1 || trials < 1 || trials > 1000) {
    fprintf(stderr, "usage: floors [-b BLOCK 32..1024] [-r ROUNDS] [-t TRIALS 1..1000]\n");
    return 2;
  }
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, round_kernel, block, 0));
  int grid = per_sm * p.multiProcessorCount;
  int driver = 0, runtime = 0;
  CK(cudaDriverGetVersion(&driver));
  CK(cudaRuntimeGetVersion(&runtime));
  printf("# floors: %s, %d SMs, block %d, cooperative grid %d (%d a SM), %d rounds, median of %d; "
         "driver API %d, runtime %d\n", p.name, p.multiProcessorCount, block, grid, per_sm, rounds,
         trials, driver, runtime);
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  ctl_t *d_ctl;
  int *d_out;
  CK(cudaMalloc((void **)&d_ctl, sizeof(ctl_t)));
  CK(cudaMalloc((void **)&d_out, 256));
  char pageable[256], *pinned;
  CK(cudaMallocHost((void **)&pinned, 256));
  float *t = (float *)malloc(sizeof(float) * trials);
  int *null_p = NULL;
  void *eargs[] = {&null_p};

  /* a mapped host word the kernel writes directly (kind 6) */
  int *mapped, *mapped_dev;
  CK(cudaHostAlloc((void **)&mapped, 256, cudaHostAllocMapped));
  CK(cudaHostGetDevicePointer((void **)&mapped_dev, mapped, 0));
  void *margs[] = {&mapped_dev};
  /* run floors: kind 0 plain launch, 1 cooperative, 2 + pageable copy, 3 + pinned copy; 4 the
   * lean prologue's shape (a one-block kernel, a pageable copy, the cooperative launch, a pageable
   * copy); 5 the same with no copy between and the end's copy async into pinned memory, one
   * stream sync; 6 the cooperative kernel writing a mapped host word, one stream sync; 7 the
   * cooperative launch, an async copy into pinned memory, one stream sync */
  static const char *const run_name[] = {"plain launch, empty kernel",
                                         "cooperative launch, empty kernel",
                                         "cooperative launch + 256 B back, pageable",
                                         "cooperative launch + 256 B back, pinned",
                                         "1 block, copy, cooperative, copy (pageable)",
                                         "1 block, cooperative, async pinned copy, sync",
                                         "cooperative, writes mapped memory, sync",
                                         "cooperative, async pinned copy, sync"};
  for (int kind = 0; kind < 8; kind++) {
    for (int i = -1; i < trials; i++) {
      CK(cudaDeviceSynchronize());
      CK(cudaEventRecord(e0, 0));
      if (kind == 4 || kind == 5) empty_kernel<<<1, block>>>(d_out);
      if (kind == 4) CK(cudaMemcpy(pageable, d_out, 256, cudaMemcpyDeviceToHost));
      if (kind == 0) empty_kernel<<<grid, block>>>(NULL);
      else if (kind == 6)
        CK(cudaLaunchCooperativeKernel((const void *)empty_kernel, grid, block, margs, 0, 0));
      else CK(cudaLaunchCooperativeKernel((const void *)empty_kernel, grid, block, eargs, 0, 0));
      if (kind == 2 || kind == 4) CK(cudaMemcpy(pageable, d_out, 256, cudaMemcpyDeviceToHost));
      if (kind == 3) CK(cudaMemcpy(pinned, d_out, 256, cudaMemcpyDeviceToHost));
      if (kind == 5 || kind == 7) CK(cudaMemcpyAsync(pinned, d_out, 256, cudaMemcpyDeviceToHost, 0));
      if (kind >= 5) CK(cudaStreamSynchronize(0));
      CK(cudaEventRecord(e1, 0));
      CK(cudaEventSynchronize(e1));
      CK(cudaGetLastError());
      if (i >= 0) CK(cudaEventElapsedTime(&t[i], e0, e1));
    }
    printf("run   %-44s %8.2f us\n", run_name[kind], 1e3 * median(t, trials));
  }

  /* round floors: per round, (time of R rounds - time of 1 round) / (R - 1) */
  int last_round = -1;
  for (int kind = 0; kind < 3; kind++) {
    float one = 0, many = 0;
    for (int pass = 0; pass < 2; pass++) {
      int r = pass ? rounds : 1;
      void *sargs[] = {&r};
      void *rargs[] = {&d_ctl, &r};
      void *bargs[] = {&d_out, &r};
      for (int i = -1; i < trials; i++) {
        CK(cudaMemset(d_ctl, 0, sizeof(ctl_t)));
        CK(cudaDeviceSynchronize());
        CK(cudaEventRecord(e0, 0));
        if (kind == 0) CK(cudaLaunchCooperativeKernel((const void *)sync_kernel, grid, block, sargs, 0, 0));
        if (kind == 1) CK(cudaLaunchCooperativeKernel((const void *)round_kernel, grid, block, rargs, 0, 0));
        if (kind == 2) CK(cudaLaunchKernel((const void *)block_kernel, 1, block, bargs, 0, 0));
        CK(cudaEventRecord(e1, 0));
        CK(cudaEventSynchronize(e1));
        CK(cudaGetLastError());
        if (i >= 0) CK(cudaEventElapsedTime(&t[i], e0, e1));
      }
      if (pass) many = median(t, trials); else one = median(t, trials);
    }
    if (kind == 1) CK(cudaMemcpy(&last_round, &d_ctl->round, sizeof last_round, cudaMemcpyDeviceToHost));
    static const char *const round_name[] = {"grid barrier alone", "round end (last block, barrier, read)",
                                             "one block: __syncthreads + shared atomic"};
    printf("round %-44s %8.3f us a round (%d rounds %.1f us, 1 round %.1f us)\n", round_name[kind],
           1e3 * (many - one) / (rounds - 1 > 0 ? rounds - 1 : 1), rounds, 1e3 * many, 1e3 * one);
  }
  int check = 0;
  CK(cudaMemcpy(&check, d_out, sizeof check, cudaMemcpyDeviceToHost));
  printf("# check: one-block count %d (expect %d), last round %d (expect %d)\n", check,
         (block / 32) * rounds, last_round, rounds);
  free(t);
  CK(cudaFreeHost(pinned));
  CK(cudaFreeHost(mapped));
  CK(cudaFree(d_ctl));
  CK(cudaFree(d_out));
  return check == (block / 32) * rounds && last_round == rounds ? 0 : 1;
}
