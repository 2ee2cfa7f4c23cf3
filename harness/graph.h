/* graph.h - edge lists and the CSR graph every step traverses.
 *
 * Readers and generators produce an edgelist_t; graph_build turns it into a
 * CSR (counting sort by source, then each row sorted), dropping self-loops and
 * duplicate edges unless asked to keep them; of parallel edges the smallest
 * weight is kept. Vertex ids are never renumbered: an edge list's n is its
 * max id + 1, so ids on the command line are the file's own ids. */
#ifndef GRAPH_H
#define GRAPH_H

#include <stddef.h>
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  vid_t n;          /* vertex count (ids are 0 .. n-1)                         */
  eid_t len, cap;   /* edges stored / allocated                                */
  vid_t *src, *dst; /* len each                                                */
  weight_t *w;      /* len, or NULL when the input has no weights              */
  int undirected;   /* each listed edge stands for both directions (symmetric
                       .mtx, generators); graph_build adds the reverse edges   */
} edgelist_t;

int  el_init(edgelist_t *el, int weighted);   /* 0, or fail() on no memory */
int  el_push(edgelist_t *el, vid_t u, vid_t v, weight_t w); /* grows n to cover u, v */
int  el_reserve(edgelist_t *el, eid_t cap);
void el_free(edgelist_t *el);

typedef struct {
  vid_t n;
  eid_t m;           /* directed edges; an undirected edge counts twice      */
  eid_t *offsets;    /* n + 1; row v is cols[offsets[v] .. offsets[v+1])     */
  vid_t *cols;       /* m, ascending within each row                         */
  weight_t *weights; /* m, or NULL (BFS)                                     */
  int symmetric;     /* built undirected: every edge has its reverse         */
} graph_t;

typedef struct {
  int symmetrize;      /* -s: add the reverse of every edge                  */
  int keep_self_loops; /* default: dropped                                   */
  int keep_duplicates; /* default: dropped, keeping the smallest weight      */
} build_opts_t;

typedef struct {
  eid_t self_loops;    /* directed self-loop edges dropped                   */
  eid_t duplicates;    /* directed duplicate edges dropped                   */
} build_report_t;

/* Build the CSR. el is left unchanged. r may be NULL. */
int  graph_build(const edgelist_t *el, const build_opts_t *o, graph_t *g, build_report_t *r);
void graph_free(graph_t *g);

typedef struct {
  vid_t max_out_degree, max_vertex; /* max_vertex: a vertex of that degree  */
  vid_t zero_out_degree;            /* vertices with no out-edge            */
  double avg_out_degree;
  weight_t min_weight, max_weight;  /* 0, 0 when unweighted                 */
} degree_stats_t;
void graph_degree_stats(const graph_t *g, degree_stats_t *s);

/* Weights in [1, maxw] from a hash of (min(u,v), max(u,v), seed): the same
 * for both directions of an undirected edge, the same on every machine.
 * Replaces existing weights. */
int graph_set_random_weights(graph_t *g, weight_t maxw, uint64_t seed);

/* k sources drawn from seed (the command line's -R K -S SEED): splitmix64 draws, each moved
 * to a vertex with an out-edge when the graph has one (64 more draws, then a scan). The same
 * on every machine for a seed; docs/notes' programs draw the bench's sources with it too. */
void graph_random_sources(const graph_t *g, uint64_t seed, vid_t *src, int k);

/* The transpose (in-edges of each vertex, CSC) of g's edges, by a counting
 * sort: *off has n + 1 entries, *cols m; each in-row comes out sorted. The
 * caller frees both. 0, or fail() (out of host memory). Weights are not
 * carried. Used where bottom-up needs in-edges of a directed graph. */
int graph_transpose(const graph_t *g, eid_t **off, vid_t **cols);

/* TEPS numerator: directed edges whose source vertex is reached in dist. */
eid_t graph_reached_edges(const graph_t *g, const dist_t *dist);

/* FNV-1a over n, m, offsets, cols, weights: pins determinism in tests. */
uint64_t graph_checksum(const graph_t *g);

#ifdef __cplusplus
}
#endif
#endif
