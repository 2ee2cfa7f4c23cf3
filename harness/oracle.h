/* oracle.h - the serial CPU answers every GPU result is checked against. */
#ifndef ORACLE_H
#define ORACLE_H

#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Levels from src; DIST_INF where unreached. */
void oracle_bfs(const graph_t *g, vid_t src, dist_t *dist);
/* Dijkstra with a binary heap; fails (EXIT_INPUT) on a negative weight. */
int oracle_dijkstra(const graph_t *g, vid_t src, dist_t *dist);
/* Queue Bellman-Ford (FIFO, each vertex queued at most once at a time);
 * fails with "negative cycle reachable from source S" when a vertex has been
 * relaxed n times. */
int oracle_bellman_ford(const graph_t *g, vid_t src, dist_t *dist);
/* Dijkstra when every weight is >= 0, else Bellman-Ford. */
int oracle_sssp(const graph_t *g, vid_t src, dist_t *dist);
/* Fails when a shortest-path distance could leave int32: (n-1) * max|w| must
 * stay below DIST_INF. Called before any SSSP work. */
int oracle_sssp_limits(const graph_t *g);

#ifdef __cplusplus
}
#endif
#endif
