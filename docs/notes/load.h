/* load.h - the notes' graph from the command line, as the harness builds it (periphery.c,
 * shortcuts.c): a file, --road N [--road-mix ...] or -G WxH [--keep P], with the harness's default
 * seed for generators and weights. */
#ifndef NOTES_LOAD_H
#define NOTES_LOAD_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "err.h"
#include "generate.h"
#include "graph.h"
#include "io.h"

#define SEED 27491095ULL /* the harness's default -S */

/* The graph from the command line, as the harness builds it (weights 1..255 from SEED when it
 * has none), and, given gs, a directed one's undirected shape there; argv[*i] is past the graph's
 * options. prog names the program in the usage line. */
static void load(const char *prog, int argc, char **argv, int *i, graph_t *g, graph_t *gs,
                 char *name, size_t len) {
  static const double tiger[4] = GEN_ROAD_MIX;
  double mix[4] = {tiger[0], tiger[1], tiger[2], tiger[3]}, keep = 0.85;
  unsigned long road = 0, gw = 0, gh = 0;
  const char *file = NULL;
  for (; *i < argc; ++*i) {
    const char *a = argv[*i], *b = *i + 1 < argc ? argv[*i + 1] : "";
    if (!strcmp(a, "--road")) road = strtoul(b, NULL, 10);
    else if (!strcmp(a, "--road-mix")) sscanf(b, "%lf,%lf,%lf,%lf", &mix[0], &mix[1], &mix[2], &mix[3]);
    else if (!strcmp(a, "-G")) sscanf(b, "%lux%lu", &gw, &gh);
    else if (!strcmp(a, "--keep")) keep = strtod(b, NULL);
    else if (a[0] != '-' && !file && !road && !gw) { file = a; continue; }
    else break;
    ++*i;
  }
  edgelist_t el;
  int rc;
  if (road) {
    rc = gen_road((vid_t)road, mix, 255, SEED, &el);
    gen_road_name((vid_t)road, mix, name, len);
  } else if (gw) {
    rc = gen_grid((vid_t)gw, (vid_t)gh, keep, SEED, &el);
    snprintf(name, len, "grid%lux%lu (keep %.2f)", gw, gh, keep);
  } else if (file) {
    rc = io_read(file, &el);
    snprintf(name, len, "%s", file);
  } else {
    fprintf(stderr, "usage: %s (FILE | --road N [--road-mix D1,D2,D3,D4] | -G WxH [--keep P]) ...\n",
            prog);
    exit(2);
  }
  build_opts_t bo = {0, 0, 0}, sym = {1, 0, 0};
  if (rc || graph_build(&el, &bo, g, NULL)) { fprintf(stderr, "error: %s\n", fail_message()); exit(2); }
  if (gs && !g->symmetric && graph_build(&el, &sym, gs, NULL)) {
    fprintf(stderr, "error: %s\n", fail_message());
    exit(2);
  }
  el_free(&el);
  if (!g->weights && graph_set_random_weights(g, 255, SEED)) exit(2);
}
#endif
