/* types.h - the scalar types every part of the gallery agrees on.
 *
 * 32-bit vertex ids keep the column array (the largest array) at 4 bytes per
 * edge; 64-bit offsets let a graph pass 2^31 directed edges (issue: scale 26+).
 * Distances are 32-bit signed: BFS levels, or SSSP path weights (which may be
 * negative). DIST_INF marks "unreached" in every distance array, host or device. */
#ifndef TYPES_H
#define TYPES_H

#include <stdint.h>
#include <inttypes.h>

typedef uint32_t vid_t;    /* vertex id, 0-based                          */
typedef uint64_t eid_t;    /* edge index / CSR offset                     */
typedef int32_t  weight_t; /* edge weight (SSSP); may be negative         */
typedef int32_t  dist_t;   /* BFS level or SSSP distance                  */

#define DIST_INF INT32_MAX

/* Largest vertex count the gallery accepts. Kernels index with vid_t and may
 * compute v + 1 or keep ids in int, so ids stay below 2^31 - 1. */
#define MAX_VERTICES ((vid_t)INT32_MAX)

#define PRIvid PRIu32
#define PRIeid PRIu64

#endif
