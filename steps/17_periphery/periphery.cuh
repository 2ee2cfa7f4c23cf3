/* periphery.cuh - step 17's library: the periphery of a symmetric graph (the
 * trees hanging off its 2-core) peeled on the GPU in init, the core's rows
 * compacted for the loop, and the fills that give the trees' vertices their
 * distances after it (the lesson: sssp.cu's header and README.md; the method's
 * CPU study: docs/notes/periphery.md). Built on step 15's oneblock.cuh (for
 * hbf_prep_grid and the harness's types); sssp.cu keeps step 16's chains and
 * calls per_build, per_lift, per_fill and per_free. */
#ifndef PERIPHERY_CUH
#define PERIPHERY_CUH

#include "../15_oneblock/oneblock.cuh"

#define PER_NONE 0xffffffffu /* NEW(17): parent of a tree's own root (no core) */
#define PER_CORE 0xfffffffeu /* NEW(17): parent and root of a core vertex      */
#define PER_HUB (1ull << 28) /* NEW(17): a row this long is never peeled (the count's bits) */
#define PER_CLOSED (1ull << 63)
#define PER_ONE (1ull << 33) /* one edge in the packed word: count << 33 | sum of ids */
#define PER_TILE 2048        /* scan: 256 threads x 8 entries a block */

/* NEW(17): the peeled forest, the core's rows and the per-run scratch. */
typedef struct {
  int on;
  vid_t n, nperi;
  eid_t m;                        /* edges of the core's rows                  */
  eid_t *off;                     /* the core's rows: core edges of core vertices */
  vid_t *cols;
  weight_t *w;
  vid_t *par;                     /* parent (PER_CORE: core; PER_NONE: no core)  */
  weight_t *pw;                   /* weight of the edge to the parent          */
  vid_t *root, *top;              /* core vertex below the tree (or its own root)
                                     and the tree's vertex next to it; PER_CORE */
  dist_t *pr;                     /* distance to root along the tree           */
  unsigned *stamp;                /* run number: on the source's path to its root */
  vid_t *jmp, *list;              /* per run: the source's tree, pointer jumping */
  unsigned long long *cnt;
  unsigned cur;
  vid_t *h_root, *h_top, *h_tsz;  /* host copies; size and depth by top        */
  unsigned *h_tdep;
} per_t;

/* ---- init: peel, trees, the core's rows (untimed, on the GPU) ---------------- */

/* NEW(17): each vertex's count of edges that are not self-loops and the sum of
 * their far ends, in one word W = count << 33 | sum. While the count is 1 the
 * sum is the one neighbour left; a peeled child takes 2^33 + its id off (one
 * atomicAdd, no retry even at a hub). The count decodes exactly up to 2 (the
 * sum of 2 ids < 2^33); above, the decoded value is >= the count. */
static __global__ void per_count_kernel(const eid_t *off, const vid_t *cols, vid_t n,
                                        unsigned long long *word, vid_t *par, vid_t *leaves,
                                        unsigned long long *nleaf) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride) {
    par[v] = PER_CORE;
    if (off[v + 1] - off[v] >= PER_HUB) { word[v] = 1ull << 62; continue; } /* stays core */
    unsigned long long c = 0, sum = 0;
    for (eid_t e = off[v]; e < off[v + 1]; e++)
      if (cols[e] != (vid_t)v) { c++; sum += cols[e]; }
    word[v] = c * PER_ONE + sum; /* < 2^28 * 2^34: bit 63 stays clear */
    if (c <= 1) leaves[atomicAdd(nleaf, 1ull)] = (vid_t)v;
  }
}

/* NEW(17): the leaf walks. A walker owns v (its count is <= 1: a leaf, or its
 * decrement took v from 2 to 1); it closes v's word (CAS from count 1: only
 * v's last neighbour can change it meanwhile, once), makes that neighbour p its
 * parent and takes itself off p's word. If that leaves p one edge, it walks
 * on to p. Two walkers that meet (p already closed, its parent v) have found
 * a component without a core: the smaller id becomes the tree's own root.
 * Each step peels a new vertex: at most n steps. No fence: the protocol asks
 * only that the atomics on one word are seen in one order (a close and a
 * decrement of the same word), and the parents are read by later kernels. */
static __global__ void per_peel_kernel(const eid_t *off, const vid_t *cols, const weight_t *w,
                                       vid_t n, unsigned long long *word, vid_t *par,
                                       weight_t *pw, const vid_t *leaves,
                                       const unsigned long long *nleaf) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
       i < *nleaf; i += stride) {
    vid_t v = leaves[i];
    for (vid_t steps = 0; steps < n; steps++) {
      unsigned long long x = atomicAdd(&word[v], 0ull);
      int closed = 0;
      for (int t = 0; t < 3 && x >> 33 == 1 && !closed; t++) { /* a failure: count 0 now */
        unsigned long long got = atomicCAS(&word[v], x, x | PER_CLOSED);
        closed = got == x;
        x = got;
      }
      if (x >> 33 == 0) { par[v] = PER_NONE; pw[v] = 0; break; } /* a tree's own root */
      if (!closed) break; /* not reached: an owner's count is <= 1 */
      vid_t p = (vid_t)(x - PER_ONE);
      weight_t wp = 0;
      for (eid_t e = off[v]; e < off[v + 1]; e++) /* the one edge to p */
        if (cols[e] == p) { wp = w[e]; break; }
      pw[v] = wp;
      par[v] = p;
      if (off[p + 1] - off[p] >= PER_HUB) break;
      unsigned long long old = atomicAdd(&word[p], 0ull - (PER_ONE + v));
      if (old & PER_CLOSED) { /* p closed with parent v: the walks met */
        if (v < p) par[v] = PER_NONE;
        break;
      }
      if (old >> 33 != 2) break; /* p keeps edges, or p's owner finds count 0 */
      v = p;
    }
  }
}

/* NEW(17): pointer jumping, first pass: one step up within the periphery. */
static __global__ void per_jump0_kernel(const vid_t *par, const weight_t *pw, vid_t n,
                                        vid_t *nxt, dist_t *acc, unsigned *hop) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride) {
    vid_t p = par[v];
    int up = p != PER_CORE && p != PER_NONE && par[p] != PER_CORE;
    nxt[v] = up ? p : (vid_t)v;
    acc[v] = up ? pw[v] : 0;
    hop[v] = up ? 1u : 0u;
  }
}

/* NEW(17): one doubling (double-buffered: exact sums); *more when a pointer moved. */
static __global__ void per_jump_kernel(vid_t n, const vid_t *nxt, const dist_t *acc,
                                       const unsigned *hop, vid_t *nxt2, dist_t *acc2,
                                       unsigned *hop2, int *more) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride) {
    vid_t u = nxt[v];
    nxt2[v] = nxt[u];
    acc2[v] = acc[v] + (u != (vid_t)v ? acc[u] : 0); /* a path's sum: below 2^31 (harness) */
    hop2[v] = hop[v] + (u != (vid_t)v ? hop[u] : 0);
    if (nxt[u] != u) *more = 1; /* benign race: every writer stores 1 */
  }
}

/* NEW(17): root, top and distance to the root; the trees' sizes and depths. */
static __global__ void per_trees_kernel(const vid_t *par, const weight_t *pw, vid_t n,
                                        const vid_t *nxt, const dist_t *acc, const unsigned *hop,
                                        vid_t *root, vid_t *top, dist_t *pr, unsigned *tsz,
                                        unsigned *tdep) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride) {
    if (par[v] == PER_CORE) { root[v] = top[v] = PER_CORE; pr[v] = 0; continue; }
    vid_t t = nxt[v];
    int hangs = par[t] != PER_NONE; /* t's parent is a core vertex */
    top[v] = t;
    root[v] = hangs ? par[t] : t;
    pr[v] = acc[v] + (hangs ? pw[t] : 0);
    atomicAdd(&tsz[t], 1u);
    atomicMax(&tdep[t], hop[v] + (unsigned)hangs);
  }
}

/* NEW(17): per core vertex, its edges to core vertices (into cnt, then the
 * offsets), then the rows themselves. */
static __global__ void per_rows_kernel(const eid_t *off, const vid_t *cols, const weight_t *w,
                                       vid_t n, const vid_t *par, eid_t *coff, vid_t *ccols,
                                       weight_t *cw, int pass) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride) {
    eid_t k = pass ? coff[v] : 0;
    if (par[v] == PER_CORE)
      for (eid_t e = off[v]; e < off[v + 1]; e++)
        if (par[cols[e]] == PER_CORE) {
          if (pass) { ccols[k] = cols[e]; cw[k] = w[e]; }
          k++;
        }
    if (!pass) coff[v] = k;
  }
}

/* NEW(17): exclusive scan of x[0..len) in place, in tiles of PER_TILE (8 a
 * thread), each tile's total into tot; then the totals by one warp; then each
 * tile's offset added. */
static __global__ void per_scan_tile_kernel(eid_t *x, unsigned long long len, eid_t *tot) {
  __shared__ unsigned long long warp_sum[HBF_PREP_BLOCK / 32];
  unsigned long long base = (unsigned long long)blockIdx.x * PER_TILE + threadIdx.x * 8ull, s = 0;
  for (int j = 0; j < 8; j++) s += base + j < len ? x[base + j] : 0;
  unsigned long long inc = dev_warp_incl64(s);
  if ((threadIdx.x & 31) == 31) warp_sum[threadIdx.x / 32] = inc;
  __syncthreads();
  unsigned long long before = 0, all = 0;
  for (int k = 0; k < HBF_PREP_BLOCK / 32; k++) {
    if (k < (int)(threadIdx.x / 32)) before += warp_sum[k];
    all += warp_sum[k];
  }
  unsigned long long run = before + inc - s;
  for (int j = 0; j < 8; j++)
    if (base + j < len) { unsigned long long v = x[base + j]; x[base + j] = run; run += v; }
  if (threadIdx.x == 0) tot[blockIdx.x] = all;
}
static __global__ void per_scan_tot_kernel(eid_t *tot, unsigned long long ntiles) {
  unsigned long long carry = 0;
  for (unsigned long long b = 0; b < ntiles; b += 32) {
    unsigned long long v = b + threadIdx.x < ntiles ? tot[b + threadIdx.x] : 0;
    unsigned long long inc = dev_warp_incl64(v);
    if (b + threadIdx.x < ntiles) tot[b + threadIdx.x] = carry + inc - v;
    carry += __shfl_sync(DEV_FULL_MASK, inc, 31);
  }
}
static __global__ void per_scan_add_kernel(eid_t *x, unsigned long long len, const eid_t *tot) {
  unsigned long long i = (unsigned long long)blockIdx.x * PER_TILE + threadIdx.x;
  for (int j = 0; j < 8; j++, i += HBF_PREP_BLOCK)
    if (i < len) x[i] += tot[blockIdx.x];
}

static void per_scan(eid_t *x, unsigned long long len) {
  unsigned long long ntiles = (len + PER_TILE - 1) / PER_TILE;
  eid_t *tot = (eid_t *)gpu_alloc(ntiles * sizeof(eid_t), "scan tiles");
  per_scan_tile_kernel<<<(unsigned)ntiles, HBF_PREP_BLOCK>>>(x, len, tot);
  LAUNCH_CHECK();
  per_scan_tot_kernel<<<1, 32>>>(tot, ntiles);
  LAUNCH_CHECK();
  per_scan_add_kernel<<<(unsigned)ntiles, HBF_PREP_BLOCK>>>(x, len, tot);
  LAUNCH_CHECK();
  gpu_free(tot);
}

/* ---- run: the lift before the loop, the fills after it ----------------------- */

/* NEW(17): a source in a tree: its path to the root (one thread), each vertex
 * stamped with the run and given its distance; a core root starts the loop
 * at 0 (per_fill adds the source's distance to it to every core vertex). */
static __global__ void per_lift_kernel(const vid_t *par, const vid_t *root, const dist_t *pr,
                                       unsigned *stamp, unsigned cur, vid_t n, vid_t src,
                                       dist_t *dist) {
  vid_t x = src;
  for (vid_t steps = 0; steps < n; steps++) {
    if (root[x] == PER_CORE) { dist[x] = 0; break; }
    stamp[x] = cur;
    dist[x] = pr[src] - pr[x]; /* x is on src's way up: pr[x] <= pr[src] */
    if (par[x] == PER_NONE) break;
    x = par[x];
  }
}

/* NEW(17): the source's own tree: each vertex on its path points at itself,
 * every other one at its parent and goes into the list. */
static __global__ void per_srctree_kernel(const vid_t *par, const vid_t *top, const unsigned *stamp,
                                          unsigned cur, vid_t n, vid_t tops, vid_t *jmp,
                                          vid_t *list, unsigned long long *cnt) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride) {
    if (top[v] != tops) continue;
    int on_path = stamp[v] == cur;
    jmp[v] = on_path ? (vid_t)v : par[v];
    if (!on_path) list[atomicAdd(cnt, 1ull)] = (vid_t)v;
  }
}

/* NEW(17): pointer jumping towards the first vertex on the source's path (it
 * points at itself). Benign race: a pointer read while its owner rewrites it
 * is the old or the new one, both ancestors at or below that vertex. */
static __global__ void per_up_kernel(vid_t *jmp, const vid_t *list, const unsigned long long *cnt) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < *cnt;
       i += stride) {
    vid_t v = list[i];
    jmp[v] = jmp[jmp[v]];
  }
}

/* NEW(17): every tree vertex but the lift's. In the source's tree: from the
 * first vertex a on the source's path above it (the only way in: a tree's
 * paths are unique). In a tree off the core: d(root) + pr, the root's
 * distance counted from the source (off: the lift's length to the core).
 * A tree without a core that is not the source's stays unreached. Reads core
 * vertices and the path, writes only the other tree vertices. */
static __global__ void per_fill_kernel(const vid_t *root, const vid_t *top, const dist_t *pr,
                                       const unsigned *stamp, unsigned cur, const vid_t *jmp,
                                       vid_t n, int insrc, vid_t src, vid_t tops, dist_t *dist) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  long long off = insrc && root[root[src]] == PER_CORE ? pr[src] : 0;
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; v < n;
       v += stride) {
    vid_t r = root[v];
    if (r == PER_CORE || (insrc && stamp[v] == cur)) continue;
    if (insrc && top[v] == tops) {
      vid_t a = jmp[v];
      dist[v] = (dist_t)((long long)dist[a] + pr[v] - pr[a]); /* a distance: < 2^31 */
      continue;
    }
    if (root[r] != PER_CORE || dist[r] == DIST_INF) continue;
    long long nd = (long long)dist[r] + off + pr[v];
    if (nd < (long long)DIST_INF) dist[v] = (dist_t)nd;
  }
}

/* NEW(17): the loop ran from the source's root at 0: every reached core
 * vertex moves by the lift's length. After per_fill_kernel, which reads them. */
static __global__ void per_shift_kernel(const vid_t *root, const dist_t *pr, vid_t n, vid_t src,
                                        dist_t *dist) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  long long off = pr[src];
  for (unsigned long long v = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
       off && v < n; v += stride)
    if (root[v] == PER_CORE && dist[v] != DIST_INF) {
      long long nd = (long long)dist[v] + off;
      dist[v] = nd < (long long)DIST_INF ? (dist_t)nd : DIST_INF;
    }
}

/* ---- host: init's build, run's lift and fills -------------------------------- */

/* NEW(17): peel, then root, top and pr by pointer jumping (a pass per doubling,
 * until no pointer moves: at most 33), on the GPU. */
static void per_forest(per_t *p, const dgraph_t *g, const launch_t *lc, unsigned *tsz,
                       unsigned *tdep) {
  vid_t n = g->n;
  int grid = hbf_prep_grid(lc, n);
  unsigned long long *word = (unsigned long long *)gpu_alloc((size_t)n * 8, "peel words");
  vid_t *buf = (vid_t *)gpu_alloc((size_t)n * 4 * sizeof(vid_t), "peel and jump scratch");
  dist_t *acc = (dist_t *)gpu_alloc((size_t)n * 2 * sizeof(dist_t), "jump sums");
  unsigned long long *nleaf = p->cnt;
  int *more = (int *)(p->cnt + 1);
  CUDA_CHECK(cudaMemset(p->cnt, 0, 2 * sizeof(unsigned long long)));
  per_count_kernel<<<grid, HBF_PREP_BLOCK>>>(g->offsets, g->cols, n, word, p->par, buf, nleaf);
  LAUNCH_CHECK();
  per_peel_kernel<<<grid, HBF_PREP_BLOCK>>>(g->offsets, g->cols, g->weights, n, word, p->par,
                                            p->pw, buf, nleaf);
  LAUNCH_CHECK();
  vid_t *nxt[2] = {buf, buf + n};
  unsigned *hop[2] = {(unsigned *)(buf + 2 * (size_t)n), (unsigned *)(buf + 3 * (size_t)n)};
  dist_t *sum[2] = {acc, acc + n};
  per_jump0_kernel<<<grid, HBF_PREP_BLOCK>>>(p->par, p->pw, n, nxt[0], sum[0], hop[0]);
  LAUNCH_CHECK();
  int k = 0, again = 1;
  for (; again && k < 40; k++) {
    CUDA_CHECK(cudaMemset(more, 0, sizeof(int)));
    per_jump_kernel<<<grid, HBF_PREP_BLOCK>>>(n, nxt[k & 1], sum[k & 1], hop[k & 1],
                                              nxt[(k + 1) & 1], sum[(k + 1) & 1],
                                              hop[(k + 1) & 1], more);
    LAUNCH_CHECK();
    CUDA_CHECK(cudaMemcpy(&again, more, sizeof(int), cudaMemcpyDeviceToHost));
  }
  per_trees_kernel<<<grid, HBF_PREP_BLOCK>>>(p->par, p->pw, n, nxt[k & 1], sum[k & 1],
                                             hop[k & 1], p->root, p->top, p->pr, tsz, tdep);
  LAUNCH_CHECK();
  gpu_free(word);
  gpu_free(buf);
  gpu_free(acc);
}

/* NEW(17): the core's rows: count, scan, write. */
static void per_rows(per_t *p, const dgraph_t *g, const launch_t *lc) {
  vid_t n = g->n;
  int grid = hbf_prep_grid(lc, n);
  p->off = (eid_t *)gpu_alloc(((size_t)n + 1) * sizeof(eid_t), "core offsets");
  CUDA_CHECK(cudaMemset(p->off + n, 0, sizeof(eid_t)));
  per_rows_kernel<<<grid, HBF_PREP_BLOCK>>>(g->offsets, g->cols, g->weights, n, p->par, p->off,
                                            NULL, NULL, 0);
  LAUNCH_CHECK();
  per_scan(p->off, (unsigned long long)n + 1);
  CUDA_CHECK(cudaMemcpy(&p->m, p->off + n, sizeof(eid_t), cudaMemcpyDeviceToHost));
  p->cols = (vid_t *)gpu_alloc((size_t)(p->m ? p->m : 1) * sizeof(vid_t), "core columns");
  p->w = (weight_t *)gpu_alloc((size_t)(p->m ? p->m : 1) * sizeof(weight_t), "core weights");
  per_rows_kernel<<<grid, HBF_PREP_BLOCK>>>(g->offsets, g->cols, g->weights, n, p->par, p->off,
                                            p->cols, p->w, 1);
  LAUNCH_CHECK();
}

static void per_free(per_t *p) {
  gpu_free(p->off);
  gpu_free(p->cols);
  gpu_free(p->w);
  gpu_free(p->par);
  gpu_free(p->pw);
  gpu_free(p->root);
  gpu_free(p->top);
  gpu_free(p->pr);
  gpu_free(p->stamp);
  gpu_free(p->jmp);
  gpu_free(p->list);
  gpu_free(p->cnt);
  free(p->h_root);
  free(p->h_top);
  free(p->h_tsz);
  free(p->h_tdep);
  memset(p, 0, sizeof *p);
}

/* NEW(17), init: the forest and the core's rows on the GPU, host copies of
 * what run decides by (a source's root and tree). p->on stays 0 without a
 * periphery. Returns nonzero only for want of host memory. */
static int per_build(per_t *p, const dgraph_t *g, const launch_t *lc) {
  double t0 = host_ms();
  vid_t n = g->n;
  size_t vb = (size_t)n * sizeof(vid_t);
  memset(p, 0, sizeof *p);
  p->n = n;
  p->par = (vid_t *)gpu_alloc(vb, "parents");
  p->pw = (weight_t *)gpu_alloc((size_t)n * sizeof(weight_t), "parent weights");
  p->root = (vid_t *)gpu_alloc(vb, "roots");
  p->top = (vid_t *)gpu_alloc(vb, "tops");
  p->pr = (dist_t *)gpu_alloc((size_t)n * sizeof(dist_t), "distances to the roots");
  p->cnt = (unsigned long long *)gpu_alloc(2 * sizeof(unsigned long long), "periphery counts");
  unsigned *tsz = (unsigned *)gpu_alloc(2 * vb, "tree sizes and depths"), *tdep = tsz + n;
  CUDA_CHECK(cudaMemset(tsz, 0, 2 * vb));
  per_forest(p, g, lc, tsz, tdep);
  p->h_root = (vid_t *)malloc(vb);
  p->h_top = (vid_t *)malloc(vb);
  p->h_tsz = (vid_t *)malloc(vb);
  p->h_tdep = (unsigned *)malloc(vb);
  if (!p->h_root || !p->h_top || !p->h_tsz || !p->h_tdep) {
    gpu_free(tsz);
    per_free(p);
    return fail(EXIT_INPUT, "out of host memory for the periphery");
  }
  CUDA_CHECK(cudaMemcpy(p->h_root, p->root, vb, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(p->h_top, p->top, vb, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(p->h_tsz, tsz, vb, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(p->h_tdep, tdep, vb, cudaMemcpyDeviceToHost));
  gpu_free(tsz);
  for (vid_t v = 0; v < n; v++) p->nperi += p->h_root[v] != PER_CORE;
  if (!p->nperi) {
    per_free(p);
    printf("Periphery: none (every vertex is in the 2-core)\n");
    return 0;
  }
  per_rows(p, g, lc);
  p->stamp = (unsigned *)gpu_alloc((size_t)n * sizeof(unsigned), "path stamps");
  p->jmp = (vid_t *)gpu_alloc(vb, "jump pointers");
  p->list = (vid_t *)gpu_alloc(vb, "the source's tree");
  CUDA_CHECK(cudaMemset(p->stamp, 0, (size_t)n * sizeof(unsigned)));
  CUDA_CHECK(cudaDeviceSynchronize());
  p->on = 1;
  printf("Periphery: %" PRIvid " of %" PRIvid " vertices in trees off the 2-core; the loop's rows "
         "%" PRIeid " of %" PRIeid " edges, on the GPU in %.3f ms\n",
         p->nperi, n, p->m, g->m, host_ms() - t0);
  return 0;
}

/* NEW(17), run, before the loop: the vertex the loop starts from (the source,
 * or its tree's core root at 0), or PER_NONE (a tree without a core). */
static vid_t per_lift(per_t *p, vid_t src, dist_t *dist) {
  if (p->h_root[src] == PER_CORE) return src;
  if (++p->cur == 0) { /* stamps wrapped: start again */
    CUDA_CHECK(cudaMemset(p->stamp, 0, (size_t)p->n * sizeof(unsigned)));
    p->cur = 1;
  }
  per_lift_kernel<<<1, 1>>>(p->par, p->root, p->pr, p->stamp, p->cur, p->n, src, dist);
  LAUNCH_CHECK();
  vid_t r = p->h_root[src];
  return p->h_root[r] == PER_CORE ? r : PER_NONE;
}

/* NEW(17), run, after the loop and the chain fill: the source's own tree by
 * pointer jumping (a pass per doubling of its depth), then every tree vertex,
 * then the core's shift by the lift's length. */
static void per_fill(per_t *p, const launch_t *lc, vid_t src, dist_t *dist) {
  int insrc = p->h_root[src] != PER_CORE, grid = launch_grid(lc, p->n);
  vid_t tops = insrc ? p->h_top[src] : PER_NONE;
  if (insrc) {
    CUDA_CHECK(cudaMemset(p->cnt, 0, sizeof(unsigned long long)));
    per_srctree_kernel<<<grid, lc->block>>>(p->par, p->top, p->stamp, p->cur, p->n, tops, p->jmp,
                                            p->list, p->cnt);
    LAUNCH_CHECK();
    int tgrid = launch_grid(lc, p->h_tsz[tops]);
    for (int k = 0; k < 33 && (1ull << k) < p->h_tdep[tops]; k++) {
      per_up_kernel<<<tgrid, lc->block>>>(p->jmp, p->list, p->cnt);
      LAUNCH_CHECK();
    }
  }
  per_fill_kernel<<<grid, lc->block>>>(p->root, p->top, p->pr, p->stamp, p->cur, p->jmp, p->n,
                                       insrc, src, tops, dist);
  LAUNCH_CHECK();
  if (insrc && p->h_root[p->h_root[src]] == PER_CORE) {
    per_shift_kernel<<<grid, lc->block>>>(p->root, p->pr, p->n, src, dist);
    LAUNCH_CHECK();
  }
}

#endif /* PERIPHERY_CUH */
