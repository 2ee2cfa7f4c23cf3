/* Step 23 - shared: a graph that fits one block's shared memory runs there
 * whole.
 *
 * Base:       22 (the loop without rounds on step 17's contracted graph),
 *             included as a whole from ../22_async/sssp.cu (its step_t
 *             renamed: this file exports its own).
 * Adds:       smem (knob, 1: on when the graph fits). A run on a graph whose
 *             rows, weights, distances and two queues fit in the shared
 *             memory one block may take (227 KB on Hopper) is one launch of
 *             one block: it copies the CSR in, runs frontier Bellman-Ford
 *             rounds with every access in shared memory and a __syncthreads()
 *             between rounds, and writes the distances out; its counts go to
 *             mapped host memory (step 21's one wait). Larger graphs, and
 *             graphs with negative weights, run step 22.
 * Idea:       on a graph of a few thousand vertices a round of step 17 costs
 *             about 9 us, most of it dependent L2 round trips (a row, a
 *             distance, an atomic); in shared memory each is a few tens of
 *             nanoseconds, and a block barrier about a tenth of a microsecond.
 *             The graph's copy in is one coalesced pass, paid once a run.
 * Reference:  Bellman-Ford with a frontier queue (Moore 1959) as in step 09
 *             (Busato & Bombieri, H-BF); NVIDIA, CUDA C++ Programming Guide,
 *             "Shared Memory" (the opt-in limit of a block). Our code.
 * Invariants: a round relaxes the rows of the vertices lowered in the last
 *             round, each once (mark[v] = the round v was pushed in); round
 *             r's queue is read while round r + 1's fills, and the third
 *             count is zeroed for round r + 2, so one barrier ends a round.
 *             Without negative weights every distance is final after at
 *             most n - 1 rounds (the shortest paths' edges).
 * Limits:     20 n + 8 m + 4 bytes must fit (rome99: 3,353 vertices and
 *             8,859 edges take 137 KB); one thread walks a row, so a hub of
 *             thousands of edges makes its rounds long (bounded: m fits).
 */
#pragma push_macro("STEP")
#undef STEP
#define STEP sh_step22 /* NEW(23): step 22's own step_t, renamed; STEP below is 23's */
#include "../22_async/sssp.cu" /* step 22's program: async, and step 17 below it */
#pragma pop_macro("STEP")

#define SH_BLOCK 512

/* NEW(23): the run's counts, written by the block into mapped host memory */
typedef struct {
  unsigned long long relax;
  unsigned rounds, pad;
} sh_out_t;

typedef struct {
  as_state_t *s;   /* step 22's state */
  dgraph_t g;      /* NEW(23): the harness's graph (step 17's init changes its own copy) */
  int on;          /* NEW(23): the graph fits: runs here */
  size_t smem;
  sh_out_t *h_out, *d_out;
} sh_state_t;

static size_t sh_bytes(unsigned long long n, unsigned long long m) {
  return 20 * n + 8 * m + 4; /* offsets (n + 1), columns, weights, distances, two queues, marks */
}

/* NEW(23): one round: the block's threads share the queue's entries, each
 * relaxing its vertex's row in shared memory; a lowered vertex not yet
 * pushed this round goes to the next queue. */
static __device__ unsigned long long sh_round(const unsigned *so, const vid_t *sc,
                                              const weight_t *sw, dist_t *sd, unsigned *mark,
                                              const vid_t *q, unsigned size, vid_t *nq,
                                              unsigned *ncnt, unsigned r) {
  unsigned long long relax = 0;
  for (unsigned i = threadIdx.x; i < size; i += blockDim.x) {
    vid_t v = q[i];
    long long d = sd[v];
    for (unsigned e = so[v]; e < so[v + 1]; e++) {
      vid_t c = sc[e];
      long long nd = hbf_sum((dist_t)d, sw[e]);
      relax++;
      if (nd >= sd[c]) continue;
      if (nd < atomicMin(&sd[c], (dist_t)nd) && atomicExch(&mark[c], r) != r)
        nq[atomicAdd(ncnt, 1u)] = c;
    }
  }
  return relax;
}

/* NEW(23): the whole run in one block: copy in, rounds, copy out. */
static __global__ void __launch_bounds__(SH_BLOCK) sh_kernel(const eid_t *off, const vid_t *cols,
                                                             const weight_t *w, vid_t n, eid_t m,
                                                             vid_t src, dist_t *dist,
                                                             sh_out_t *out) {
  extern __shared__ unsigned sh_mem[];
  __shared__ unsigned cnt[3];
  __shared__ unsigned long long total;
  unsigned *so = sh_mem;                    /* n + 1 row offsets (m < 2^32: it fits) */
  vid_t *sc = (vid_t *)(so + n + 1);        /* m columns                              */
  weight_t *sw = (weight_t *)(sc + m);      /* m weights                              */
  dist_t *sd = (dist_t *)(sw + m);          /* n distances                            */
  unsigned *mark = (unsigned *)(sd + n);    /* n: the round a vertex was last pushed  */
  vid_t *q0 = (vid_t *)(mark + n), *q1 = q0 + n; /* two queues of n: odd rounds read q0 */
  for (unsigned long long i = threadIdx.x; i <= n; i += blockDim.x) so[i] = (unsigned)off[i];
  for (unsigned long long i = threadIdx.x; i < m; i += blockDim.x) { sc[i] = cols[i]; sw[i] = w[i]; }
  for (unsigned long long i = threadIdx.x; i < n; i += blockDim.x) { sd[i] = DIST_INF; mark[i] = 0; }
  if (threadIdx.x == 0) { cnt[0] = 1; cnt[1] = cnt[2] = 0; total = 0; }
  __syncthreads();
  if (threadIdx.x == 0) { sd[src] = 0; q0[0] = src; }
  __syncthreads();
  unsigned long long relax = 0;
  unsigned r = 1;
  for (; cnt[(r - 1) % 3] != 0; r++) { /* round r reads count (r-1)%3, fills r%3 */
    if (threadIdx.x == 0) cnt[(r + 1) % 3] = 0; /* nobody reads or fills it this round */
    relax += sh_round(so, sc, sw, sd, mark, r & 1 ? q0 : q1, cnt[(r - 1) % 3], r & 1 ? q1 : q0,
                      &cnt[r % 3], r);
    __syncthreads();
  }
  for (unsigned long long i = threadIdx.x; i < n; i += blockDim.x) dist[i] = sd[i];
  atomicAdd(&total, relax);
  __syncthreads();
  if (threadIdx.x == 0) { out->relax = total; out->rounds = r - 1; }
}

/* ---- host ------------------------------------------------------------------ */

static int sh_check_knobs(const launch_t *lc) {
  if (as_check_knobs(lc)) return fail_code();
  long on = launch_knob(lc, "smem");
  if (on != 0 && on != 1) return fail(EXIT_INPUT, "smem=%ld: 0 or 1", on);
  return 0;
}

static void sh_fini(void *state) {
  sh_state_t *o = (sh_state_t *)state;
  as_fini(o->s);
  gpu_free_mapped(o->h_out);
  free(o);
}

/* NEW(23): step 22's init, then: does the graph fit one block's shared memory? */
static int sh_init(const dgraph_t *g, const launch_t *lc, void **state) {
  void *inner = NULL;
  if (sh_check_knobs(lc) || as_init(g, lc, &inner)) return fail_code();
  sh_state_t *o = (sh_state_t *)calloc(1, sizeof *o);
  if (!o) {
    as_fini(inner);
    return fail(EXIT_INPUT, "out of host memory");
  }
  o->s = (as_state_t *)inner;
  o->g = *g;
  int dev = 0, most = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  o->smem = sh_bytes(g->n, g->m);
  int neg = o->s->p->c.ob.a.nf.h.lo < 0;
  cudaFuncAttributes fa;
  CUDA_CHECK(cudaFuncGetAttributes(&fa, sh_kernel)); /* its static shared memory beside */
  o->on = launch_knob(lc, "smem") && g->n > 0 && !neg && o->smem + fa.sharedSizeBytes <= (size_t)most;
  if (!o->on) {
    printf("Shared: off (%s: step 22)\n", !launch_knob(lc, "smem") ? "smem=0"
                                          : neg                    ? "negative weights"
                                          : g->n == 0              ? "no vertex"
                                                                   : "the graph does not fit");
    *state = o;
    return 0;
  }
  CUDA_CHECK(cudaFuncSetAttribute(sh_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  (int)o->smem));
  o->h_out = (sh_out_t *)gpu_alloc_mapped(sizeof *o->h_out, (void **)&o->d_out);
  printf("Shared: the graph in one block's shared memory, %zu of %d bytes\n", o->smem, most);
  *state = o;
  return 0;
}

static int sh_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  sh_state_t *o = (sh_state_t *)state;
  if (!o->on) return as_run(o->s, src, d_dist, st);
  const dgraph_t *g = &o->g;
  sh_kernel<<<1, SH_BLOCK, o->smem>>>(g->offsets, g->cols, g->weights, g->n, g->m, src, d_dist,
                                      o->d_out);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaStreamSynchronize(0)); /* the run's one wait; the counts are in h_out */
  st->levels = (int)o->h_out->rounds;
  st->relaxations = st->edges_inspected = (long long)o->h_out->relax;
  st->pushes = -1;
  return 0;
}

/* NEW(23): step 22's knob rows and this rung's, for the rungs above */
#define SH_KNOBS \
    AS_KNOBS \
    {"smem", 1, "run a graph that fits one block's shared memory there, whole (0: step 22)"},

static const knob_def_t sh_knobs[] = {
    NF_KNOBS
    OB_KNOBS_LEAN
    CHN_KNOBS
    SH_KNOBS
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {"Shared: a small graph whole in one block's shared memory",
                                 PROBLEM_SSSP,
                                 sh_knobs,
                                 as_variants,
                                 sh_init,
                                 sh_run,
                                 sh_fini,
                                 sh_check_knobs};
