/* Step 21 - onewait: a run's kernels queued back to back, its end read from
 * mapped memory: the host waits once.
 *
 * Base:       20 (the hub pass in chunks over step 13's lean prologue, step
 *             12's hop engine and step 11's rule), included as a whole from
 *             ../20_hubchunk/bfs.cu (its step_t renamed: this file exports its
 *             own).
 * Adds:       run() only. Step 13's run() waits for the host twice: after the
 *             prologue (a pageable copy of the loop state, to skip the grid
 *             when the prologue finished) and after the grid (a second copy).
 *             This rung queues the prologue, the cooperative grid and a
 *             one-warp kernel that writes the loop state into pinned, mapped
 *             host memory, then waits once (cudaStreamSynchronize). A grid
 *             launched after a prologue that finished the traversal finds
 *             level size 0 and returns (step 13's loop already does). No
 *             knob: the kernels, the levels and the rule are step 20's.
 * Idea:       a BFS on a graph of 10^5 vertices takes about 100 us on an
 *             H200; each wait for the host costs about 10 us more than the
 *             work it waits for (docs/notes/floors.sh: an empty cooperative
 *             launch 6.6 us; with a pageable copy back 15.5 us; step 13's
 *             shape, a one-block kernel, a copy, the grid, a copy, 30.4 us;
 *             the grid writing mapped memory, one wait, 10.8 us).
 * Reference:  CUDA C++ Programming Guide, "Mapped memory" (zero-copy host
 *             memory) and "Asynchronous concurrent execution"; CUDA C++ Best
 *             Practices Guide, "Zero copy". Our code.
 * Invariants: step 20's. The end kernel runs after the grid in stream 0, so
 *             it reads the loop's final state; the host reads the mapped copy
 *             only after cudaStreamSynchronize(0) returns, so the device's
 *             writes are visible; each run overwrites the whole copy.
 * Limits:     the mapped buffer is one per state: run() calls on one state do
 *             not overlap (the harness's do not). A run whose prologue finished
 *             still pays the grid's launch (about 7 us, hidden behind the
 *             prologue when the prologue takes longer than a launch).
 */
#pragma push_macro("STEP")
#undef STEP
#define STEP hc_step20 /* NEW(21): step 20's own step_t, renamed; STEP below is 21's */
#include "../20_hubchunk/bfs.cu" /* step 20's program: its kernels, init, run and fini */
#pragma pop_macro("STEP")

/* NEW(21): the state: step 20's (step 13's) and the loop state's host copy */
typedef struct {
  lean_state_t *s; /* step 20's state, as its init made it */
  hop_ctl_t *h_end; /* pinned host memory, mapped into the device's address space */
  hop_ctl_t *d_end; /* the same memory's device address */
} ow_state_t;

typedef char ow_words_check[sizeof(hop_ctl_t) % sizeof(unsigned) == 0 ? 1 : -1];

/* NEW(21): one warp copies the loop state into the host's mapped buffer: plain
 * stores that cross the bus as the kernel ends, no copy engine, no DMA set-up */
static __global__ void ow_end_kernel(hop_ctl_t *out, const hop_ctl_t *ctl) {
  const unsigned *from = (const unsigned *)ctl;
  unsigned *to = (unsigned *)out;
  for (unsigned i = threadIdx.x; i < sizeof(hop_ctl_t) / sizeof(unsigned); i += blockDim.x)
    to[i] = from[i];
}

/* ---- host ------------------------------------------------------------------ */

static void ow_fini(void *state) {
  ow_state_t *o = (ow_state_t *)state;
  lean_fini(o->s);
  gpu_free_mapped(o->h_end);
  free(o);
}

/* NEW(21): step 20's init, then the mapped buffer (a CUDA error exits 3, as gpu_alloc's) */
static int ow_init(const dgraph_t *g, const launch_t *lc, void **state) {
  void *inner = NULL;
  if (hc_init(g, lc, &inner)) return fail_code();
  ow_state_t *o = (ow_state_t *)calloc(1, sizeof *o);
  if (!o) {
    lean_fini(inner);
    return fail(EXIT_INPUT, "out of host memory");
  }
  o->s = (lean_state_t *)inner;
  o->h_end = (hop_ctl_t *)gpu_alloc_mapped(sizeof *o->h_end, (void **)&o->d_end);
  *state = o;
  return 0;
}

/* replaces: lean_run (step 13's, which step 20 runs) */
static int ow_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  ow_state_t *o = (ow_state_t *)state;
  lean_state_t *s = o->s;
  lean_args_t a = s->a;
  if (dobfs_run_args(&a.h.d, &s->a.h.d, &s->t, &s->rows, s->g.m, src, d_dist, st))
    return fail_code();
  int block = s->lc.block;
  a.pro = s->pro && !a.h.d.b.trace;
  if (a.pro) {
    lean_prologue_kernel<<<1, block, s->pro_smem>>>(a, src, s->pro_qc);
    LAUNCH_CHECK();
  }
  /* NEW(21): no wait between the two: if the prologue finished the traversal the
   * grid finds level size 0 and returns at once */
  void *args[] = {&a, &src};
  CUDA_CHECK(cudaLaunchCooperativeKernel(s->loop_kernel, dim3(s->grid_loop), dim3(block), args,
                                         s->smem, 0));
  LAUNCH_CHECK();
  ow_end_kernel<<<1, 32>>>(o->d_end, a.h.ctl); /* NEW(21): the end state to the host */
  LAUNCH_CHECK();
  CUDA_CHECK(cudaStreamSynchronize(0)); /* NEW(21): the run's one wait */
  hop_ctl_t c;
  memcpy(&c, o->h_end, sizeof c);
  if (dobfs_run_stats(&c.d.b, &a.h.d, src, &s->rows, st, hop_modes, 5)) return fail_code();
  hop_verbose(&c, s->grid_loop, block);
  return 0;
}

/* step 20's knobs and variants; init, run and fini are this rung's */
STEP_EXPORT const step_t STEP = {
    "One wait: the prologue, the grid and the end state queued back to back, read from mapped "
    "memory",
    PROBLEM_BFS,
    hc_knobs,
    lean_variants,
    ow_init,
    ow_run,
    ow_fini,
    hc_check_knobs};
