/* check.h - exact comparison of a distance array with the oracle's. */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Compares every vertex, unreached ones included. Prints the first max_report
 * mismatches to out (NULL: print nothing), e.g.
 *   "  vertex 17: expected 3, got inf"
 * Returns the number of mismatching vertices, or -1 (and fail()) when the
 * sizes differ or a pointer is NULL. */
long long check_dist(const dist_t *expect, vid_t n_expect, const dist_t *got, vid_t n_got,
                     int max_report, FILE *out);

#ifdef __cplusplus
}
#endif
#endif
