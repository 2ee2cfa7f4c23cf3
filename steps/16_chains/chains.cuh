/* chains.cuh - step 16's chains, the library of the rungs above it: the walks
 * that cross each chain of degree-2 vertices in one edge (init, on the GPU),
 * the records, and the fill after the loop. Step 16's sssp.cu holds its init,
 * run and knob table; step 17 includes this header. The lesson:
 * steps/16_chains/. */
#ifndef CHAINS_CUH
#define CHAINS_CUH

#include "../15_oneblock/oneblock.cuh" /* one-block rounds: 15; Near-Far: 14; H-BF: 09 */

/* In a symmetric graph a vertex with exactly two neighbours is INNER: a
 * shortest path that enters it leaves by the other side. A road network is
 * mostly inner vertices (luxembourg_osm: 85 %), strung in chains between
 * branch vertices. A walk from a branch vertex u along edge e through a chain
 * ends at the branch vertex z on the far side; init rewrites edge e as
 * u -> z with the walk's weight and records each inner vertex x it passed
 * with its distance from u. The loop then never enters a chain (inner rows
 * are expanded only on the source's own chain), so a path of h hops costs
 * the branch vertices on it, not h rounds; after the loop one pass over the
 * records sets dist(x) = min over both walks through x of dist(u) + along. */
typedef struct chn_rec {
  vid_t x, u;
  weight_t p; /* distance from u to x along the chain, >= 0 */
} chn_rec_t;

static __device__ __forceinline__ int chn_inner(const eid_t *off, const vid_t *cols, vid_t v) {
  eid_t b = off[v];
  return off[v + 1] - b == 2 && cols[b] != v && cols[b + 1] != v && cols[b] != cols[b + 1];
}

/* The walk from branch vertex u into inner vertex x (edge weight w0): its
 * inner vertices (recorded if out), its end, its weight. It ends: an inner
 * vertex has no third edge, so a walk can only leave a chain at a branch
 * vertex (maybe u itself); n steps bound it regardless. */
static __device__ long long chn_walk(const eid_t *off, const vid_t *cols, const weight_t *w,
                                     vid_t n, vid_t u, vid_t x, long long wsum, chn_rec_t *out,
                                     unsigned *len, vid_t *end) {
  vid_t prev = u;
  unsigned k = 0;
  while (k < n && chn_inner(off, cols, x)) {
    if (out) { out[k].x = x; out[k].u = u; out[k].p = (weight_t)wsum; }
    k++;
    eid_t b = off[x];
    int j = cols[b] == prev; /* the edge that does not go back */
    prev = x;
    x = cols[b + j];
    wsum += w[b + j];
    if (wsum > INT32_MAX) break; /* too long for a weight: the caller gives up */
  }
  *len = k;
  *end = x;
  return wsum;
}

/* pass 0 counts the records (and flags a walk too heavy for a 32-bit weight);
 * pass 1 walks again to learn its length, takes that many records and writes
 * them, and rewrites each chain edge of a branch vertex (init only: three
 * walks cost less than an array of lengths an edge). */
static __global__ void chn_kernel(const eid_t *off, const vid_t *cols, const weight_t *w, vid_t n,
                                  int pass, vid_t *ccols, weight_t *cw, chn_rec_t *rec,
                                  unsigned long long *cnt) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long u = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; u < n;
       u += stride) {
    if (chn_inner(off, cols, (vid_t)u)) continue;
    for (eid_t e = off[u]; e < off[u + 1]; e++) {
      vid_t x = cols[e], end;
      if (!chn_inner(off, cols, x)) continue;
      unsigned len;
      long long ws = chn_walk(off, cols, w, n, (vid_t)u, x, w[e], NULL, &len, &end);
      if (pass == 0) {
        atomicAdd(&cnt[0], (unsigned long long)len);
        atomicAdd(&cnt[2], 1ull);
        if (ws > INT32_MAX || len >= n) atomicOr((unsigned *)&cnt[1], 1u);
      } else {
        unsigned long long base = atomicAdd(&cnt[0], (unsigned long long)len);
        chn_walk(off, cols, w, n, (vid_t)u, x, w[e], rec + base, &len, &end);
        ccols[e] = end;
        cw[e] = (weight_t)ws;
      }
    }
  }
}

/* After the loop: each inner vertex from the branch vertices of its walks. A
 * candidate at or past DIST_INF (hbf_sum: DIST_INF) lowers nothing: the inner
 * vertex's distance comes from its other end. */
static __global__ void chn_fill_kernel(dist_t *dist, const chn_rec_t *rec,
                                       unsigned long long nrec) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < nrec;
       i += stride) {
    chn_rec_t r = rec[i];
    dist_t du = dist[r.u];
    if (du == DIST_INF) continue;
    long long nd = hbf_sum(du, r.p);
    if (nd < dist[r.x]) atomicMin(&dist[r.x], (dist_t)nd);
  }
}

typedef struct {
  ob_state_t ob;
  vid_t *d_cols_chn;            /* NEW(16): the columns and weights with chains crossed */
  weight_t *d_w_chn;
  chn_rec_t *d_rec;
  unsigned long long nrec;
} chn_state_t;

/* NEW(16) (chains): the crossing edges and the records, on the GPU; a walk that
 * weighs more than a 32-bit weight leaves the graph as it is. */
static void chn_build(chn_state_t *s) {
  double t0 = host_ms();
  const dgraph_t *g = &s->ob.h.g;
  unsigned long long *cnt =
      (unsigned long long *)gpu_alloc(3 * sizeof(unsigned long long), "chain counts");
  unsigned long long h[3]; /* records, too heavy, edges into chains */
  CUDA_CHECK(cudaMemset(cnt, 0, 3 * sizeof(unsigned long long)));
  int grid = hbf_prep_grid(&s->ob.h.lc, g->n);
  chn_kernel<<<grid, HBF_PREP_BLOCK>>>(g->offsets, g->cols, g->weights, g->n, 0, NULL, NULL, NULL,
                                       cnt);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaMemcpy(h, cnt, sizeof h, cudaMemcpyDeviceToHost));
  if (h[1] || h[0] == 0) {
    gpu_free(cnt);
    printf("Chains: %s\n", h[1] ? "a chain weighs more than 2^31 - 1: left as it is" : "none");
    return;
  }
  s->d_cols_chn = (vid_t *)gpu_alloc((size_t)g->m * sizeof(vid_t), "columns across chains");
  s->d_w_chn = (weight_t *)gpu_alloc((size_t)g->m * sizeof(weight_t), "weights across chains");
  s->d_rec = (chn_rec_t *)gpu_alloc((size_t)h[0] * sizeof(chn_rec_t), "chain records");
  CUDA_CHECK(
      cudaMemcpy(s->d_cols_chn, g->cols, (size_t)g->m * sizeof(vid_t), cudaMemcpyDeviceToDevice));
  CUDA_CHECK(cudaMemcpy(s->d_w_chn, g->weights, (size_t)g->m * sizeof(weight_t),
                        cudaMemcpyDeviceToDevice));
  CUDA_CHECK(cudaMemset(cnt, 0, sizeof(unsigned long long)));
  chn_kernel<<<grid, HBF_PREP_BLOCK>>>(g->offsets, g->cols, g->weights, g->n, 1, s->d_cols_chn,
                                       s->d_w_chn, s->d_rec, cnt);
  LAUNCH_CHECK();
  CUDA_CHECK(cudaDeviceSynchronize());
  gpu_free(cnt);
  hbf_args_t *a = &s->ob.a.nf.h;
  a->cols = s->ob.h.g.cols = s->d_cols_chn; /* the graph from here on: classify reads h.g */
  a->weights = s->ob.h.g.weights = s->d_w_chn;
  s->nrec = h[0];
  printf("Chains: %llu edges into chains cross them now (%llu records of inner vertices), on the "
         "GPU in %.3f ms\n",
         h[2], h[0], host_ms() - t0);
}

/* Knob values alone, this step's and those below it. */
static int chn_check_knobs(const launch_t *lc) {
  if (ob_check_knobs(lc)) return fail_code();
  long chains = launch_knob(lc, "chains");
  if (chains != 0 && chains != 1) return fail(EXIT_INPUT, "chains=%ld: 0 or 1", chains);
  return 0;
}

/* NEW(16): step 16's knob rows after OB_KNOBS_LEAN (nlo, 15's chase and spread, chains), the
 * same in the tables of 16 and 17 */
#define CHN_KNOBS \
    {"nlo", 32, \
     "one-block rounds: the adaptive step aims at nlo..4 x nlo near pushes a round (15: 128; " \
     "chains make a block round fewer, farther vertices)"}, \
    OB_KNOBS_CHASE \
    {"chains", 1, \
     "cross each chain of degree-2 vertices in one edge, fill its vertices after the loop " \
     "(symmetric graphs without negative weights; 0 off)"},

#endif /* CHAINS_CUH */
