/* Step 07 - scan: the next queue from flags, a prefix sum and a compaction.
 *
 * Base:       06
 * Adds:       the expansion no longer pushes: it sets flags[u] = 1 (one word per
 *             vertex). An exclusive prefix sum of the flags gives every
 *             discovered vertex its slot, and a compaction kernel writes
 *             queue[pos[v]] = v. No atomics, no block queue, no duplicates, and
 *             the queue comes out sorted by vertex id. Our own work-efficient
 *             scan (variant "blelloch"): each block scans a tile of 2 * B flags in
 *             shared memory (up-sweep, down-sweep), the tile sums are scanned the
 *             same way (recursively, as many levels as needed for any n) and
 *             added back. Variant "cub": the same flags and compaction, the scan
 *             by cub::DeviceScan::ExclusiveSum.
 * Idea:       step 06's queue costs a global atomic per flush or spill and can
 *             hold duplicates; a scan builds a dense, duplicate-free queue with
 *             plain loads and stores, at the price of O(n) work per level (the
 *             flags of every vertex are scanned, as step 03 scanned dist).
 * Reference:  Springer, "Breadth-first Search in CUDA", section 3.7, Fig. 5 and
 *             Fig. 15; M. Harris, S. Sengupta, J. D. Owens, "Parallel prefix sum
 *             (scan) with CUDA", GPU Gems 3, ch. 39 (Blelloch's up-sweep /
 *             down-sweep, arbitrary sizes, bank-conflict padding) [Springer's
 *             ref. 2]; G. E. Blelloch, "Prefix sums and their applications", 1990.
 * Invariants: queue i holds each vertex of level i exactly once: after the
 *             expansion, flags[u] == 1 exactly for the vertices written i + 1
 *             this level (every lane that writes dist[u] = i + 1 sets the flag),
 *             the exclusive sum gives them the distinct slots 0 .. k - 1 in
 *             vertex order, and the compaction clears each flag it reads, so the
 *             flags are all 0 again for the next level.
 *             Barriers: scan_block_kernel's loops run log2(B) + 1 times in every
 *             thread (d depends on blockDim only) and no thread returns early
 *             (elements past the end load 0 and are not stored), so every
 *             __syncthreads is reached by the whole block. The other kernels
 *             have no barrier.
 *             Sizes: the frontier and every prefix sum are <= n <= 2^31 - 1, so
 *             32-bit counts and offsets are exact (init checks n); element
 *             indices are 64-bit (tile * 2B + t would pass 2^31).
 * Limits:     benign races: several lanes may see dist[u] == DIST_INF and all
 *             store dist[u] = i + 1 and flags[u] = 1 (the same values).
 *             The scan reads and writes 8 bytes per vertex per level plus the
 *             compaction's reads: on a graph of small frontiers and large n (a
 *             road network) this is step 03's O(depth * n) cost again.
 *             Variant "cub" is C++ templates, the one exception to the gallery's
 *             C style, kept to this variant.
 */
#include <stdlib.h>
#include <string.h>

#include <cub/device/device_scan.cuh> /* NEW: variant "cub" only (C++ templates) */

#include "gpu.h"
#include "step.h"

#define SCAN_MAX_DEPTH 8 /* NEW: levels of tile sums; n < 2^31 needs at most 6 (tiles of 64) */

/* NEW: shared-memory bank conflicts. Shared memory has 32 banks of 4 bytes;
 * word w is in bank w % 32, and the lanes of a warp that touch different words
 * of one bank are served one after another. The tree steps touch words
 * offset * (2t + 1) - 1 and offset * (2t + 2) - 1: lanes 2 * offset words apart,
 * so from offset = 16 on all 32 lanes hit the same bank (32-way conflict), and
 * already offset = 1 is 2-way. One padding word after every 32 (word i is stored
 * at i + i / 32) shifts each run of 32 words by one bank, which spreads those
 * accesses over the banks (GPU Gems 3, 39.2.3). The tile needs 2B + 2B / 32 words. */
#define SCAN_LOG_BANKS 5
#define SCAN_PAD(i) ((i) >> SCAN_LOG_BANKS)

typedef struct {
  dgraph_t g;
  launch_t lc;                      /* grid and block; the grid is picked per level */
  unsigned vw;                      /* threads per virtual warp                     */
  int use_cub;                      /* NEW: variant "cub"                           */
  unsigned scan_block;              /* NEW: threads per scan block, B: tiles of 2B  */
  size_t scan_smem;                 /* NEW: (2B + 2B / 32) words                    */
  int scan_depth;                   /* NEW: scan launches up (and depth - 1 down)   */
  unsigned scan_len[SCAN_MAX_DEPTH];  /* NEW: elements scanned at each depth        */
  unsigned *d_sums[SCAN_MAX_DEPTH];   /* NEW: tile sums of each depth (scanned by the next) */
  vid_t *d_queue[2];                /* this level's and the next level's queue      */
  unsigned *d_flags;                /* NEW: 1 where a vertex was discovered         */
  unsigned *d_pos;                  /* NEW: exclusive prefix sum of the flags       */
  unsigned *d_count;                /* NEW: size of the next queue                  */
  void *d_cub_temp;                 /* NEW: variant cub: CUB's temporary storage    */
  size_t cub_temp_bytes;
} scan_state_t;

/* Fig. 15's first kernel with Fig. 13's virtual warps: expand the queue and
 * flag what is found. No barrier here, so a thread without a whole virtual warp
 * may return. */
static __global__ void scan_expand_kernel(dist_t iteration, unsigned in_size, const vid_t *in_q,
                                          const eid_t *offsets, const vid_t *cols, dist_t *dist,
                                          unsigned *flags, unsigned vw) {
  unsigned long long tid = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  unsigned long long vwarps = (unsigned long long)gridDim.x * blockDim.x / vw;
  unsigned long long warp = tid / vw;
  unsigned lane = (unsigned)(tid % vw);
  if (warp >= vwarps) return;
  for (unsigned long long i = warp; i < in_size; i += vwarps) {
    /* SISD phase, replicated: every lane reads the same entry and row. */
    vid_t v = in_q[i];
    eid_t begin = offsets[v], end = offsets[v + 1];
    /* SIMD phase: the lanes stride over the neighbours, vw apart. */
    for (eid_t e = begin + lane; e < end; e += vw) {
      vid_t u = cols[e];
      if (dist[u] == DIST_INF) {
        dist[u] = iteration + 1; /* benign: every writer stores the same level */
        flags[u] = 1;            /* NEW: benign: every writer stores 1 */
      }
    }
  }
}

/* NEW: exclusive scan of one tile of 2B = 2 * blockDim.x elements in shared
 * memory (blockDim.x a power of two), Blelloch's work-efficient tree: the
 * up-sweep builds partial sums in place (2B - 1 additions), the root is saved
 * as the tile's sum and cleared, the down-sweep swaps and adds its way back
 * (2B - 1 more): O(2B) work, where the naive Hillis-Steele scan does O(2B log 2B).
 * Elements past len count as 0 and are not stored: any len, 1 included.
 * in may equal out (the tile sums are scanned in place): a block reads its own
 * tile before the first barrier and writes it after the last. */
static __global__ void scan_block_kernel(const unsigned *in, unsigned *out, unsigned len,
                                         unsigned *sums) {
  extern __shared__ unsigned tile[]; /* 2B + 2B / 32 words (SCAN_PAD) */
  unsigned t = threadIdx.x, B = blockDim.x;
  unsigned long long first = (unsigned long long)blockIdx.x * 2 * B;
  /* each thread loads elements t and t + B: consecutive lanes, consecutive
   * words in global memory (coalesced) and in shared memory (no conflict) */
  unsigned a = t, b = t + B;
  tile[a + SCAN_PAD(a)] = first + a < len ? in[first + a] : 0;
  tile[b + SCAN_PAD(b)] = first + b < len ? in[first + b] : 0;
  unsigned offset = 1;
  for (unsigned d = B; d > 0; d >>= 1) { /* up-sweep (reduce) */
    __syncthreads();
    if (t < d) {
      unsigned ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      tile[bi + SCAN_PAD(bi)] += tile[ai + SCAN_PAD(ai)];
    }
    offset <<= 1;
  }
  if (t == 0) { /* thread 0 made the last addition itself: no barrier needed */
    unsigned root = 2 * B - 1 + SCAN_PAD(2 * B - 1);
    sums[blockIdx.x] = tile[root];
    tile[root] = 0;
  }
  for (unsigned d = 1; d < 2 * B; d <<= 1) { /* down-sweep */
    offset >>= 1;
    __syncthreads();
    if (t < d) {
      unsigned ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      unsigned x = tile[ai + SCAN_PAD(ai)];
      tile[ai + SCAN_PAD(ai)] = tile[bi + SCAN_PAD(bi)];
      tile[bi + SCAN_PAD(bi)] += x;
    }
  }
  __syncthreads();
  if (first + a < len) out[first + a] = tile[a + SCAN_PAD(a)];
  if (first + b < len) out[first + b] = tile[b + SCAN_PAD(b)];
}

/* NEW: add the scanned sum of the tiles before each tile to its elements. */
static __global__ void scan_add_kernel(unsigned *out, unsigned len, const unsigned *sums) {
  unsigned add = sums[blockIdx.x];
  unsigned long long first = (unsigned long long)blockIdx.x * 2 * blockDim.x;
  unsigned long long a = first + threadIdx.x, b = a + blockDim.x;
  if (a < len) out[a] += add;
  if (b < len) out[b] += add;
}

/* NEW: Fig. 15's last kernel: queue[pos[v]] = v for every flagged v, flags
 * cleared for the next level; the thread of the last vertex writes the size. */
static __global__ void scan_compact_kernel(vid_t n, unsigned *flags, const unsigned *pos,
                                           vid_t *queue, unsigned *count) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride) {
    unsigned f = flags[v];
    if (f) {
      queue[pos[v]] = (vid_t)v; /* distinct slots: no two flagged v share a prefix sum */
      flags[v] = 0;
    }
    if (v == n - 1) *count = pos[v] + f;
  }
}

/* NEW: d_out = exclusive prefix sum of d_in (s->scan_len[0] = n elements).
 * Up: depth 0 scans the tiles of d_in into d_out and writes one sum per tile
 * into d_sums[0]; depth d scans d_sums[d - 1] in place into d_sums[d]; the last
 * depth is a single tile, complete. Down: the scanned d_sums[d] are added to the
 * tiles of depth d, deepest first, so each is complete before it is used. */
static void scan_exclusive(scan_state_t *s, const unsigned *d_in, unsigned *d_out) {
  unsigned long long E = 2ULL * s->scan_block;
  for (int d = 0; d < s->scan_depth; d++) {
    const unsigned *in = d ? s->d_sums[d - 1] : d_in;
    unsigned *out = d ? s->d_sums[d - 1] : d_out;
    unsigned tiles = (unsigned)((s->scan_len[d] + E - 1) / E);
    scan_block_kernel<<<tiles, s->scan_block, s->scan_smem>>>(in, out, s->scan_len[d],
                                                              s->d_sums[d]);
    LAUNCH_CHECK();
  }
  for (int d = s->scan_depth - 2; d >= 0; d--) {
    unsigned *out = d ? s->d_sums[d - 1] : d_out;
    unsigned tiles = (unsigned)((s->scan_len[d] + E - 1) / E);
    scan_add_kernel<<<tiles, s->scan_block>>>(out, s->scan_len[d], s->d_sums[d]);
    LAUNCH_CHECK();
  }
}

/* The knob values (the harness calls this before it probes the GPU, init
 * calls it too). */
static int scan_check_knobs(const launch_t *lc) {
  long vw = launch_knob(lc, "vw");
  if (vw < 1 || vw > 32 || (vw & (vw - 1)) != 0)
    return fail(EXIT_INPUT, "vw=%ld: the virtual warp size must be 1, 2, 4, 8, 16 or 32", vw);
  /* NEW: the scan's own block size: a power of two (the tree), tiles of 2B. */
  long sb = launch_knob(lc, "scan_block");
  if (sb < 32 || sb > 1024 || (sb & (sb - 1)) != 0)
    return fail(EXIT_INPUT, "scan_block=%ld: must be a power of two from 32 to 1024", sb);
  return 0;
}

static int scan_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (scan_check_knobs(lc)) return EXIT_INPUT;
  long vw = launch_knob(lc, "vw");
  /* A fixed grid (-x) must hold one whole virtual warp; the step's own grid
   * (one virtual warp per queue entry) always does. */
  unsigned long long threads = (unsigned long long)lc->grid * (unsigned long long)lc->block;
  if (lc->grid > 0 && threads < (unsigned long long)vw)
    return fail(EXIT_INPUT,
                "grid %d x block %d is %llu threads: fewer than one virtual warp (vw=%ld)",
                lc->grid, lc->block, threads, vw);
  long sb = launch_knob(lc, "scan_block");
  /* NEW: 32-bit queue sizes and prefix sums hold any count <= n. */
  if (g->n > MAX_VERTICES)
    return fail(EXIT_INPUT, "%" PRIvid " vertices: the scan's 32-bit sums need n <= %" PRIvid,
                g->n, MAX_VERTICES);
  scan_state_t *s = (scan_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->lc = *lc; /* a copy: launch_grid() reads its grid and block */
  s->vw = (unsigned)vw;
  s->use_cub = strcmp(lc->variant, "cub") == 0;
  s->scan_block = (unsigned)sb;
  s->scan_smem = (size_t)(2 * sb + SCAN_PAD(2 * sb)) * sizeof(unsigned);
  unsigned n = g->n > 0 ? g->n : 1;
  s->d_queue[0] = (vid_t *)gpu_alloc((size_t)n * sizeof(vid_t), "frontier queue 0");
  s->d_queue[1] = (vid_t *)gpu_alloc((size_t)n * sizeof(vid_t), "frontier queue 1");
  s->d_flags = (unsigned *)gpu_alloc((size_t)n * sizeof(unsigned), "frontier flags");
  s->d_pos = (unsigned *)gpu_alloc((size_t)n * sizeof(unsigned), "prefix sums");
  s->d_count = (unsigned *)gpu_alloc(sizeof(unsigned), "queue size");
  if (s->use_cub) {
    /* NEW: CUB says how much temporary storage it needs (a call with NULL). */
    CUDA_CHECK(
        cub::DeviceScan::ExclusiveSum(NULL, s->cub_temp_bytes, s->d_flags, s->d_pos, (int)n));
    s->d_cub_temp = gpu_alloc(s->cub_temp_bytes, "CUB scan storage");
  } else {
    /* NEW: one tile-sum array per depth, until a single tile remains. */
    unsigned long long len = n, E = 2ULL * (unsigned long long)sb, tiles;
    int d = 0;
    do {
      if (d == SCAN_MAX_DEPTH) {
        free(s);
        return fail(EXIT_INPUT, "scan of %u elements needs more than %d levels", n, SCAN_MAX_DEPTH);
      }
      tiles = (len + E - 1) / E;
      s->scan_len[d] = (unsigned)len;
      s->d_sums[d] = (unsigned *)gpu_alloc(tiles * sizeof(unsigned), "scan tile sums");
      d++;
      len = tiles;
    } while (tiles > 1);
    s->scan_depth = d;
  }
  *state = s;
  return 0;
}

static int scan_run(void *state, vid_t src, dist_t *d_dist, step_stats_t *st) {
  scan_state_t *s = (scan_state_t *)state;
  const dgraph_t *g = &s->g;
  /* NEW: flags start clear; the compaction clears what it reads, so they stay
   * clear from level to level. */
  CUDA_CHECK(cudaMemset(s->d_flags, 0, (size_t)g->n * sizeof(unsigned)));
  /* the first queue is the source alone (the harness set dist[src] = 0) */
  CUDA_CHECK(cudaMemcpy(s->d_queue[0], &src, sizeof src, cudaMemcpyHostToDevice));
  unsigned size = 1; /* NEW: 32-bit: a queue without duplicates has <= n entries */
  long long pushes = 0;
  int cur = 0;
  dist_t iteration = 0;
  while (size > 0) {
    trace_level_begin(st);
    vid_t *in_q = s->d_queue[cur], *out_q = s->d_queue[cur ^ 1];
    /* one virtual warp per queue entry unless -x */
    int grid = launch_grid(&s->lc, (unsigned long long)size * s->vw);
    scan_expand_kernel<<<grid, s->lc.block>>>(iteration, size, in_q, g->offsets, g->cols, d_dist,
                                              s->d_flags, s->vw);
    LAUNCH_CHECK();
    /* NEW: flags -> positions -> queue */
    if (s->use_cub)
      CUDA_CHECK(cub::DeviceScan::ExclusiveSum(s->d_cub_temp, s->cub_temp_bytes, s->d_flags,
                                               s->d_pos, (int)g->n));
    else
      scan_exclusive(s, s->d_flags, s->d_pos);
    scan_compact_kernel<<<launch_grid(&s->lc, g->n), s->lc.block>>>(g->n, s->d_flags, s->d_pos,
                                                                     out_q, s->d_count);
    LAUNCH_CHECK();
    unsigned next = 0;
    CUDA_CHECK(cudaMemcpy(&next, s->d_count, sizeof next, cudaMemcpyDeviceToHost));
    if (next > g->n) /* cannot happen (flags are 0 or 1); a wrong scan must not pass silently */
      return fail(EXIT_CUDA, "level %d: scan gave %u queue entries for %" PRIvid " vertices",
                  iteration + 1, next, g->n);
    trace_level_end(st, iteration, (long long)size, -1, 0); /* NEW: no duplicates by construction */
    pushes += next;
    size = next;
    cur ^= 1;
    iteration++;
  }
  st->levels = iteration;
  st->pushes = pushes;
  st->duplicates = 0;
  return 0;
}

static void scan_fini(void *state) {
  scan_state_t *s = (scan_state_t *)state;
  gpu_free(s->d_queue[0]);
  gpu_free(s->d_queue[1]);
  gpu_free(s->d_flags);
  gpu_free(s->d_pos);
  gpu_free(s->d_count);
  gpu_free(s->d_cub_temp);
  for (int d = 0; d < s->scan_depth; d++) gpu_free(s->d_sums[d]);
  free(s);
}

static const char *const scan_variants[] = {"blelloch", "cub", NULL};

static const knob_def_t scan_knobs[] = {
    {"vw", 16, "threads per virtual warp: 1, 2, 4, 8, 16 or 32 (1 is Springer's Fig. 15)"},
    {"scan_block", 512, "threads per scan block (power of two, 32..1024); a tile is twice that"},
    {NULL, 0, NULL}};

STEP_EXPORT const step_t STEP = {
    "Frontier queue by prefix sum (Springer Fig. 15)", PROBLEM_BFS, scan_knobs, scan_variants,
    scan_init, scan_run, scan_fini, scan_check_knobs};
