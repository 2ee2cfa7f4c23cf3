/* Step 20 - hubchunk: a level's hub rows cut into chunks that every block shares.
 *
 * Base:       13 (the lean prologue over step 12's hop engine and step 11's
 *             direction rule), included as a whole from ../13_lean/bfs.cu (its
 *             step_t renamed: this file exports its own).
 * Adds:       the deal of step 08's hub pass (bfs4k_hub_pass, through its hook
 *             BFS4K_HUB_DEAL), knob chunks. A top-down level lists its hubs
 *             (rows of more than dp edges); the grid's hub pass then expands
 *             the list. Step 08 gives each row of up to HUB_GRID edges to one
 *             block, round robin. This rung cuts the rows into chunks of one
 *             round of a block (blockDim.x x LQ edges) and deals the chunks to
 *             all blocks round robin. Each block builds the chunks' prefix
 *             over the list in shared memory (warp 0 scans it) and finds a
 *             chunk's hub by binary search. The levels, the rule, the hop
 *             engine and the prologue stay step 13's.
 * Idea:       a Kronecker graph's level 1 is a few dozen hubs with some
 *             200,000 edges in all. A block a hub makes the level as long as its
 *             largest hub on one block, while the other blocks wait at the
 *             barrier; chunks give every block the same share of the edges
 *             (docs/notes/hub-chunks.md: kron20's level 1 about a third of its
 *             time on the H100).
 * Reference:  D. Merrill, M. Garland, A. Grimshaw, "Scalable GPU graph
 *             traversal", PPoPP 2012 (a frontier's edges partitioned evenly
 *             over the blocks, a block's vertices found by search over a
 *             prefix sum); A. Davidson et al., IPDPS 2014 and Gunrock's
 *             load-balanced advance (the same partition). Our code, not theirs.
 * Invariants: step 13's. Chunk c belongs to the hub h with pre[h] <= c <
 *             pre[h + 1] (pre: the chunks of the hubs before h) and holds its
 *             edges from (c - pre[h]) * cw, at most cw of them: every edge of
 *             every listed hub is read by exactly one block
 *             (docs/notes/hub-chunks-map.c replays the mapping). Each block
 *             builds its own copy of pre from the list the previous grid
 *             barrier published: no barrier more. A hub pass's chunks are
 *             dealt only after its block's prefix is complete (__syncthreads).
 * Limits:     lists of more than HUB_LB_MAX hubs keep step 08's deal (a block
 *             a hub); 8 KB more static shared memory a block in the loop
 *             kernels (the prefix): block 0's bitmap (sbits) fits up to
 *             8 KB less beside the hop queues. No -V paper: the papers
 *             partition every frontier's edges; this rung does it for the hub
 *             list alone, and -K chunks=0 is the ablation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HUB_LB_MAX 1024 /* NEW(20): hub lists up to this long are cut into chunks for all blocks */

/* NEW(20): step 08's hook, this rung's deal: declared here with step 08's tagged types,
 * defined below once they are (the line break before the parameters: scripts/diff.sh reads
 * a first line with its parameters as a definition's) */
struct bfs4k_args_t;
struct bfs4k_sink_t;
static __device__ __forceinline__ void hc_hub_deal
    (const bfs4k_args_t *a, const bfs4k_sink_t *sk, volatile unsigned long long *ht, int level,
     unsigned long long nh);
#define BFS4K_HUB_DEAL hc_hub_deal

#include "../08_bfs4k/bfs4k.cuh" /* step 08's types and its deal, bfs4k_hub_blocks */

/* NEW(20): the knob chunks on the device: step 13's loop kernels, built here
 * with this rung's deal, take step 13's arguments unchanged */
static __constant__ int hc_chunks;

/* NEW(20): the hub list's rows cut into chunks of one round of the block
 * (blockDim.x x LQ edges: each warp 32 x LQ, bfs4k_row's round), dealt to the
 * blocks round robin. The one change to step 13, and why: a block a hub makes
 * the pass as long as its largest hub on one block; chunks make it the grid's
 * share of all the hubs' edges. s_pre[h]: the chunks of hubs 0..h-1, each
 * block's own copy. Longer lists (and chunks=0) keep step 08's deal. */
/* replaces: bfs4k_hub_blocks */
static __device__ __forceinline__ void hc_hub_deal(const bfs4k_args_t *a, const bfs4k_sink_t *sk,
                                                   volatile unsigned long long *ht, int level,
                                                   unsigned long long nh) {
  if (!hc_chunks || nh > HUB_LB_MAX) { /* the same for every thread of the grid */
    bfs4k_hub_blocks(a, sk, ht, level, nh);
    return;
  }
  __shared__ unsigned long long s_pre[HUB_LB_MAX + 1];
  unsigned long long cw = (unsigned long long)blockDim.x * LQ;
  for (unsigned long long h = threadIdx.x; h < nh; h += blockDim.x) { /* each row's chunks */
    vid_t u = __ldcg(&a->hubq[h]);
    s_pre[h + 1] = (a->offsets[u + 1] - a->offsets[u] + cw - 1) / cw;
  }
  __syncthreads();
  if (threadIdx.x < 32) { /* warp 0: lane l sums a run of hubs, the warp scans the runs */
    unsigned long long k = (nh + 31) / 32, lo = threadIdx.x * k, hi = lo + k < nh ? lo + k : nh;
    unsigned long long sum = 0;
    for (unsigned long long h = lo; h < hi; h++) sum += s_pre[h + 1];
    unsigned long long run = dev_warp_incl64(sum) - sum; /* the runs before this lane's */
    for (unsigned long long h = lo; h < hi; h++) {
      run += s_pre[h + 1];
      s_pre[h + 1] = run;
    }
    if (threadIdx.x == 0) s_pre[0] = 0;
  }
  __syncthreads();
  for (unsigned long long c = blockIdx.x; c < s_pre[nh]; c += gridDim.x) {
    unsigned long long lo = 0, hi = nh; /* s_pre[lo] <= c < s_pre[hi]: chunk c is hub lo's */
    while (hi - lo > 1) {
      unsigned long long mid = (lo + hi) / 2;
      if (s_pre[mid] <= c) lo = mid;
      else hi = mid;
    }
    vid_t u = __ldcg(&a->hubq[lo]);
    eid_t beg = a->offsets[u];
    unsigned long long off = (c - s_pre[lo]) * cw, deg = a->offsets[u + 1] - beg - off;
    bfs4k_row(a, sk, ht, level + 1, beg + off, deg < cw ? deg : cw, threadIdx.x / 32,
              blockDim.x / 32);
  }
}

#pragma push_macro("STEP") /* a rung above that includes this file names 20's step_t */
#undef STEP
#define STEP lean_step13 /* NEW(20): step 13's own step_t, renamed; STEP below is 20's */
#include "../13_lean/bfs.cu" /* step 13's program: its kernels, init, run and fini */
#pragma pop_macro("STEP")

/* ---- host ------------------------------------------------------------------ */

/* replaces: - */
static int hc_check_knobs(const launch_t *lc) {
  if (lean_check_knobs(lc)) return fail_code();
  long c = launch_knob(lc, "chunks");
  if (c < 0 || c > 1)
    return fail(EXIT_INPUT, "chunks=%ld: 1 the hub rows in chunks for all blocks, 0 a block a hub",
                c);
  return 0;
}

/* NEW(20): the knob into constant memory, then step 13's init (its loop
 * kernels, built here, deal the hub rows with hc_hub_deal) */
/* replaces: - */
static int hc_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (hc_check_knobs(lc)) return fail_code();
  int on = (int)launch_knob(lc, "chunks");
  CUDA_CHECK(cudaMemcpyToSymbol(hc_chunks, &on, sizeof on));
  return lean_init(g, lc, state);
}

static const knob_def_t hc_knobs[] = {
    DOBFS_KNOBS
    HOP_KNOBS
    LEAN_KNOBS /* step 13's */
    {"chunks", 1,
     "hub pass (NEW 20): 1 the rows of a list of up to 1024 hubs cut into chunks of one block "
     "round (block x 6 edges) for all blocks; 0 a block a hub (step 13)"},
    DOBFS_KNOB_SLIDES
    {NULL, 0, NULL}};

/* step 13's variants (the rule); run and fini are step 13's */
STEP_EXPORT const step_t STEP = {
    "Hub chunks: a level's hub rows cut into chunks of one block round, dealt to every block",
    PROBLEM_BFS,
    hc_knobs,
    lean_variants,
    hc_init,
    lean_run,
    lean_fini,
    hc_check_knobs};
