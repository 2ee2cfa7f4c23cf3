/* trace.cuh - support (no lesson): -a's level rows of the rungs that time each
 * level on the device and pick its direction (steps 10, 12, 13; included by
 * step 10's dobfs.cuh). CUDA C, header only.
 *
 *   trace_lv_t    a level's row: step 08's and its time and direction
 *   trace_clock   the GPU's nanosecond clock, the same on every SM
 *   trace_rows    (host) the rows of a run into the trace (step_trace), one
 *                 greppable `Level:` line each, the levels' time, the directions
 */
#ifndef GALLERY_TRACE_CUH
#define GALLERY_TRACE_CUH

#include <stdio.h>
#include <stdlib.h>

#include "dev.cuh"
#include "err.h"
#include "step.h"

#define TRACE_BOTTOMUP 1 /* trace_lv_t.dir of a bottom-up level (step 10's DIR_BOTTOMUP) */

typedef struct {
  unsigned long long frontier, edges, dups;
  unsigned long long ns;        /* the level's time on the device (-a; ~0: not measured) */
  int mode, vw, ed, hubs, dir;  /* dir: 0 top-down, TRACE_BOTTOMUP */
} trace_lv_t;

static __device__ __forceinline__ unsigned long long trace_clock(void) {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

/* The level rows of a run (rows, `levels` of them) into the trace, a `Level:`
 * line each for the lessons' trace figures, the levels' own time and every
 * level's direction. names[mode]: a row's mode as printed (the rung's table);
 * any other mode is "multi". 0, or the failure's code. */
static int trace_rows(dev_rows_t *rows, int levels, step_stats_t *st, const char *const *names,
                      int nnames) {
  int nl = 0;
  trace_lv_t *h = (trace_lv_t *)dev_rows_fetch(rows, levels, &nl);
  if (!h) return fail_code();
  long long dups = 0, edges = 0;
  double ms_sum = 0;
  for (int l = 0; l < nl; l++) {
    /* the level's time (ms), -1 where not measured */
    float ms = h[l].ns == ~0ULL ? -1.0f : (float)(h[l].ns / 1e6);
    if (ms >= 0) ms_sum += ms;
    step_trace(st, l, (long long)h[l].frontier, (long long)h[l].edges, (long long)h[l].dups, ms);
    dups += (long long)h[l].dups;
    edges += (long long)h[l].edges;
    const char *mode = h[l].mode >= 0 && h[l].mode < nnames ? names[h[l].mode] : "multi";
    printf("Level: %d %s frontier=%llu dups=%llu edges=%llu vw=%d %s hubs=%d us=%.2f\n", l,
           h[l].dir == TRACE_BOTTOMUP ? "bottom-up" : mode, h[l].frontier, h[l].dups, h[l].edges,
           h[l].vw, h[l].ed ? "edge-discover" : "vwarp", h[l].hubs, ms * 1e3);
  }
  printf(
      "Levels: %.3f ms in the levels' own times (handovers and the trace's counting not in "
      "it)\n",
      ms_sum);
  for (int l = 0; l < nl; l++) /* the direction of every level */
    printf("Direction: level %d %s\n", l, h[l].dir == TRACE_BOTTOMUP ? "bottom-up" : "top-down");
  st->duplicates = dups;
  st->edges_inspected = edges;
  free(h);
  return 0;
}

#endif /* GALLERY_TRACE_CUH */
