/* bfs4k_prog.cuh - support (no lesson): step 08's program glue that is no
 * part of its lesson (step 08 only; included by its bfs.cu after its state).
 *
 *   bfs4k_rebuild_kernel  loop=0: an overflowed queue rebuilt from dist
 *   bfs4k_dups_kernel     loop=0, -a: the repeated entries of the next queue
 *   bfs4k_record_kernel   loop=0, -a: a multi-block level's trace row
 *   bfs4k_trace_print     -a: the level rows into the trace and the greppable lines
 *   bfs4k_fini            what init and the runs allocated
 */
#ifndef GALLERY_BFS4K_PROG_CUH
#define GALLERY_BFS4K_PROG_CUH

#include <stdio.h>
#include <stdlib.h>

#include "dev.cuh"
#include "err.h"
#include "gpu.h"
#include "step.h"

/* support: loop=0's kernels for the overflow rebuild and -a's counting */
static __global__ void bfs4k_rebuild_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                            int cur) {
  dev_rebuild(a.dist, a.n, level + 1, level + 1, a.q[cur ^ 1], a.cap, &a.ctl->rebuild);
}

static __global__ void bfs4k_dups_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                         int cur, unsigned long long next) {
  bfs4k_dups(&a, level + 1, a.q[cur ^ 1], next, &a.ctl->dups[level % 3]);
}

static __global__ void bfs4k_record_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                           unsigned long long size, int vw, int ed,
                                           unsigned long long nh) {
  bfs4k_record(&a, level, level % 3, size, MODE_MULTI, vw, ed, nh);
}

/* support (-a): the level rows into the trace and the greppable lines */
static int bfs4k_trace_print(bfs4k_state_t *s, int levels, step_stats_t *st) {
  int nl = 0;
  bfs4k_lv_t *h = (bfs4k_lv_t *)dev_rows_fetch(&s->rows, levels, &nl);
  if (!h) return fail_code();
  long long dups = 0, edges = 0;
  for (int l = 0; l < nl; l++) {
    step_trace(st, l, (long long)h[l].frontier, (long long)h[l].edges, (long long)h[l].dups,
               -1.0f);
    dups += (long long)h[l].dups;
    edges += (long long)h[l].edges;
    /* greppable per-level lines for the lesson's trace figure */
    static const char *const mname[] = {"multi", "single", "multi"};
    printf("Level: %d %s frontier=%llu dups=%llu edges=%llu vw=%d %s hubs=%d\n", l,
           mname[h[l].mode], h[l].frontier, h[l].dups, h[l].edges, h[l].vw,
           h[l].ed ? "edge-discover" : "vwarp", h[l].hubs);
  }
  st->duplicates = dups;
  st->edges_inspected = edges;
  free(h);
  return 0;
}

/* support: the frees */
static void bfs4k_fini(void *state) {
  bfs4k_state_t *s = (bfs4k_state_t *)state;
  gpu_free(s->a.q[0]);
  gpu_free(s->a.q[1]);
  gpu_free(s->a.hubq);
  gpu_free(s->a.ctl);
  gpu_free(s->a.hubw);
  gpu_free(s->a.mark);
  dev_rows_free(&s->rows);
  free(s);
}

#endif /* GALLERY_BFS4K_PROG_CUH */
