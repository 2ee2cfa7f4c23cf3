/* generate.h - deterministic synthetic graphs.
 *
 * Every generator is counter-based (edge i draws from a hash of (seed, i)), so
 * the same seed gives the same graph on every machine and for any number of
 * OpenMP threads. All emit undirected edges (el->undirected = 1). */
#ifndef GENERATE_H
#define GENERATE_H

#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* -g and -u: 2^scale vertices within MAX_VERTICES = 2^31 - 1, so scale
 * 1..GEN_MAX_SCALE (the command line checks the same range). */
#define GEN_MAX_SCALE 30
/* Graph500 Kronecker / R-MAT: 2^scale vertices, degree * 2^scale edges,
 * a=.57 b=.19 c=.19, vertex ids permuted so that hubs are scattered. */
int gen_kronecker(int scale, int degree, uint64_t seed, edgelist_t *el);
/* Erdős–Rényi-like: degree * 2^scale edges with uniform endpoints. */
int gen_uniform(int scale, int degree, uint64_t seed, edgelist_t *el);
/* w x h 4-neighbour grid, each edge kept with probability keep (road-like,
 * high diameter; keep = 1 gives the full grid). */
int gen_grid(vid_t w, vid_t h, double keep, uint64_t seed, edgelist_t *el);
/* Road-like: n vertices, a planar, connected graph whose vertex degrees
 * follow mix[0..3] = the fractions of degree 1 (dead ends), 2 (shape points),
 * 3 and 4 (junctions), NULL for GEN_ROAD_MIX (a US road network, DIMACS
 * TIGER); weights are segment lengths scaled into [1, maxw]. The TIGER mix
 * comes out within 0.1 % for n >= 10^4 (the counts are exact but for
 * rounding). A connected graph needs n1 <= n3 +
 * 2 n4 + 2 dead ends, so a mix with more gets fewer; one with few dead ends
 * for its junctions (below about a fifth of n3 + 2 n4) gets more than asked,
 * where the grid has no room left for the edges that would close them. */
#define GEN_ROAD_MAX_N ((vid_t)1 << 29) /* keeps the grid's edge slots < 2^31 */
#define GEN_ROAD_MIX {0.23, 0.20, 0.44, 0.13}
int gen_road(vid_t n, const double mix[4], weight_t maxw, uint64_t seed, edgelist_t *el);
/* The graph's name in reports: "road300000", with "-mix15_45_30_10" (percent)
 * when mix is not GEN_ROAD_MIX. */
void gen_road_name(vid_t n, const double mix[4], char *out, size_t len);
/* The fractions of vertices of degree 0, 1, 2, 3, 4 and more in frac[0..5]
 * (out-degrees: of a symmetric graph, the degrees). */
void gen_degree_mix(const graph_t *g, double frac[6]);
int gen_path(vid_t n, edgelist_t *el);     /* 0-1-2-...-(n-1)            */
int gen_star(vid_t leaves, edgelist_t *el); /* centre 0, leaves 1..leaves */
int gen_complete(vid_t n, edgelist_t *el);  /* K_n                       */

/* Negative weights without negative cycles: w'(u,v) = w(u,v) + p(u) - p(v)
 * with a random potential p >= 0 (every cycle keeps its weight, so none turns
 * negative; shortest paths keep their shape). Needs weights already set. */
int gen_negative_weights(graph_t *g, uint64_t seed);

#ifdef __cplusplus
}
#endif
#endif
