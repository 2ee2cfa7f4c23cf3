/* bfs4k_host.cuh - support (no lesson): the host side of step 08's levels that
 * is no part of its lesson, shared by steps 08, 10, 12, 13, 18 and 20 (host code,
 * header only; included by step 08's bfs4k.cuh, after its types).
 *
 *   bfs4k_var            the variants' values of the knobs left at -1 (KNOB_LOOP, ...)
 *   bfs4k_check_values   the values of step 08's knobs but loop (check_knobs)
 *   bfs4k_read_knobs     step 08's knobs and the graph into the arguments
 *   bfs4k_alloc_queues   the two frontier queues, the hub list and the hub claims
 *   BFS4K_KNOBS_SHAPE .. the knob rows the rungs above keep word for word
 */
#ifndef GALLERY_BFS4K_HOST_CUH
#define GALLERY_BFS4K_HOST_CUH

#include <string.h>

#include "err.h"
#include "gpu.h"
#include "step.h"

/* support: the variants' choices for the knobs left at -1: bfs4k, the fastest
 * combination measured on the H100 (README); paper, the paper's own. */
static long bfs4k_var(const launch_t *lc, const char *name, long fast, long paper) {
  long v = launch_knob(lc, name);
  if (v != -1) return v;
  return lc->variant && strcmp(lc->variant, "paper") == 0 ? paper : fast;
}
#define KNOB_LOOP(lc) bfs4k_var(lc, "loop", 1, 0)
#define KNOB_ASSIGN(lc) bfs4k_var(lc, "assign", 2, 0)
#define KNOB_HASH(lc) bfs4k_var(lc, "hash", 0, 2048)

/* support: the values of step 08's knobs but loop (check_knobs of 08 and of
 * every rung above it, which keeps them all) */
static int bfs4k_check_values(const launch_t *lc) {
  static const char *const bin[] = {"coalesce", "visit"};
  for (int i = 0; i < 2; i++) {
    long v = launch_knob(lc, bin[i]);
    if (v < 0 || v > 1) return fail(EXIT_INPUT, "%s=%ld: 0 or 1", bin[i], v);
  }
  long mode = launch_knob(lc, "mode"), k5 = launch_knob(lc, "k5"), scan = launch_knob(lc, "scan");
  long vw = launch_knob(lc, "vw"), vwmin = launch_knob(lc, "vwmin"), assign = KNOB_ASSIGN(lc);
  long k4 = launch_knob(lc, "k4"), dp = launch_knob(lc, "dp"), stage = launch_knob(lc, "stage");
  long hash = KNOB_HASH(lc), qcap = launch_knob(lc, "qcap");
  if (mode < 0 || mode > 2)
    return fail(EXIT_INPUT, "mode=%ld: 0 switch, 1 single-block only, 2 multi-block only", mode);
  if (k5 < 1 || k5 > 1 << 20)
    return fail(EXIT_INPUT, "k5=%ld: 1..1048576 (single-block threshold = block * k5)", k5);
  if (scan < 0 || scan > 2)
    return fail(EXIT_INPUT, "scan=%ld: 0 atomic per vertex, 1 prefix sum + ballot, 2 prefix sum",
                scan);
  if (vw < 0 || vw > 32 || (vw & (vw - 1)) != 0)
    return fail(EXIT_INPUT,
                "vw=%ld: the virtual warp size must be 0 (dynamic) or 1, 2, 4, 8, 16, 32", vw);
  if (vwmin < 1 || vwmin > 32 || (vwmin & (vwmin - 1)) != 0)
    return fail(EXIT_INPUT, "vwmin=%ld: 1, 2, 4, 8, 16 or 32", vwmin);
  if (assign < 0 || assign > 2)
    return fail(EXIT_INPUT,
                "assign=%ld: -1 (the variant's), 0 rule, 1 virtual warps, 2 edge-discover",
                assign);
  if (k4 < 0 || k4 > 1 << 20) return fail(EXIT_INPUT, "k4=%ld: 0..1048576", k4);
  if (dp < 0 || dp > INT32_MAX)
    return fail(EXIT_INPUT, "dp=%ld: 0 (off) or a degree threshold", dp);
  if (stage < 0 || stage > 1 << 16)
    return fail(EXIT_INPUT, "stage=%ld: 0..65536 entries of shared memory", stage);
  if (hash < 0 || hash > 1 << 14 || (hash & (hash - 1)) != 0)
    return fail(EXIT_INPUT,
                "hash=%ld: -1 (the variant's), 0 (off) or a power of two up to 16384 entries",
                hash);
  if (qcap < 0) return fail(EXIT_INPUT, "qcap=%ld: 0 (n entries) or positive", qcap);
  return 0;
}

/* support: step 08's knobs (all but loop) and the graph into the arguments */
static void bfs4k_read_knobs(bfs4k_args_t *a, const dgraph_t *g, const launch_t *lc) {
  a->offsets = g->offsets;
  a->cols = g->cols;
  a->n = g->n;
  a->mode = (int)launch_knob(lc, "mode");
  a->scan = (int)launch_knob(lc, "scan");
  a->coalesce = (int)launch_knob(lc, "coalesce");
  a->stage = (int)launch_knob(lc, "stage");
  a->hash = (int)KNOB_HASH(lc);
  a->hmask = a->hash ? (unsigned)a->hash - 1 : 0;
  a->vw = (int)launch_knob(lc, "vw");
  a->vwmin = (int)launch_knob(lc, "vwmin");
  a->assign = (int)KNOB_ASSIGN(lc);
  a->k4 = (int)launch_knob(lc, "k4");
  a->dp = (int)launch_knob(lc, "dp");
  a->visit = (int)launch_knob(lc, "visit");
  a->single = (unsigned long long)lc->block * (unsigned long long)launch_knob(lc, "k5");
  long qcap = launch_knob(lc, "qcap");
  a->cap = qcap > 0 ? (unsigned long long)qcap : (unsigned long long)g->n;
  if (a->cap < 1) a->cap = 1;
}

/* support: the two frontier queues, the hub list and the hub claims */
static void bfs4k_alloc_queues(bfs4k_args_t *a) {
  a->q[0] = (vid_t *)gpu_alloc(a->cap * sizeof(vid_t), "frontier queue 0");
  a->q[1] = (vid_t *)gpu_alloc(a->cap * sizeof(vid_t), "frontier queue 1");
  a->hubq = (vid_t *)gpu_alloc(a->cap * sizeof(vid_t), "hub list");
  if (a->dp > 0) { /* the hub claims (epoch 0 never matches a run's tag) */
    a->hubw = (unsigned long long *)gpu_alloc((size_t)(a->n ? a->n : 1) * 8, "hub claims");
    CUDA_CHECK(cudaMemset(a->hubw, 0, (size_t)(a->n ? a->n : 1) * 8));
  }
}

/* support: the knob rows that the rungs above keep word for word, named in each
 * table (08's bfs4k_knobs, step 10's DOBFS_KNOBS): mode, k5, scan, vw, vwmin
 * (the shape of a level); k4; coalesce; visit and qcap */
#define BFS4K_KNOBS_SHAPE \
    {"mode", 0, \
     "0 single-block levels while |F| <= block * k5, else multi-block; 1 single-block only; 2 " \
     "multi-block only"}, \
    {"k5", 1, "single-block threshold: frontier entries per thread of the block (paper K5)"}, \
    {"scan", 1, \
     "allocation: 1 warp prefix sum (ballot/popc when binary) + block level, 2 prefix sum " \
     "always, 0 one atomic per vertex"}, \
    {"vw", 0, \
     "virtual warp size: 0 dynamic (resident threads / |F|, in [vwmin, 32]), or 1..32 fixed"}, \
    {"vwmin", 4, "smallest dynamic virtual warp (paper K1)"},
#define BFS4K_KNOB_K4 {"k4", 1, "edge-discover rule (paper K4)"},
#define BFS4K_KNOB_COALESCE \
    {"coalesce", 1, \
     "1 coalesced entry reads (shuffled to virtual warps) and induced-coalescence writes; 0 off"},
#define BFS4K_KNOBS_VISIT \
    {"visit", 0, \
     "0 benign-race visit (load, store), 1 atomicCAS (no duplicates; not in the paper)"}, \
    {"qcap", 0, "entries of each queue (0: n); small values test the overflow rebuild"},

#endif /* GALLERY_BFS4K_HOST_CUH */
