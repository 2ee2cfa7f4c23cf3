/* step.c - the harness side of step.h: knobs and traces. */
#include "step.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

long launch_knob(const launch_t *lc, const char *name) {
  for (int i = 0; lc->defs && lc->defs[i].name; i++)
    if (strcmp(lc->defs[i].name, name) == 0) return lc->values[i];
  fprintf(stderr, "error: step asked for knob '%s', which its knob table does not define\n", name);
  abort();
}

void step_trace(step_stats_t *st, int level, long long frontier, long long edges,
                long long duplicates, float ms) {
  if (!st || !st->trace || st->trace_len >= st->trace_cap) return;
  level_trace_t *t = &st->trace[st->trace_len++];
  t->level = level;
  t->frontier = frontier;
  t->edges = edges;
  t->duplicates = duplicates;
  t->ms = ms;
}

int launch_grid(const launch_t *lc, unsigned long long items) {
  if (lc->grid > 0) return lc->grid;
  unsigned long long b = (unsigned long long)lc->block;
  unsigned long long g = (items + b - 1) / b;
  if (g < 1) g = 1;
  return g > INT_MAX ? INT_MAX : (int)g;
}

double host_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}
