/* io.h - graph file readers.
 *
 * Format from the extension (a trailing .gz is stripped first and the file
 * decompressed with zlib; plain files go through the same path):
 *   .el .txt  SNAP edge list: "u v" per line, '#' comments, tabs or spaces, 0-based
 *   .wel      weighted edge list: "u v w"
 *   .gr       DIMACS 9: 'c' comments, "p sp N M", "a u v w", 1-based
 *   .graph    METIS: "N M [fmt]" then one neighbour line per vertex, 1-based,
 *             '%' comments, fmt 1 / 11 gives edge weights
 *   .mtx      Matrix Market coordinate, pattern|integer|real, general|symmetric
 * 1-based formats are shifted to 0-based. Every error is one fail(EXIT_INPUT,
 * "FILE:LINE: what") naming the file and line, or the limit that was hit. */
#ifndef IO_H
#define IO_H

#include <stddef.h>
#include "graph.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { FMT_UNKNOWN = 0, FMT_EL, FMT_WEL, FMT_GR, FMT_METIS, FMT_MTX } format_t;

format_t    io_format(const char *path);      /* by extension; FMT_UNKNOWN otherwise */
const char *io_format_name(format_t f);

/* Read a whole file into el (el is initialised here; el_free it after). */
int io_read(const char *path, edgelist_t *el);

/* Parse a buffer already in memory; name is used in messages. The fuzz
 * targets call this. buf need not be NUL-terminated. */
int io_parse(const char *name, format_t fmt, const char *buf, size_t len, edgelist_t *el);

/* Write distances, one line per vertex ("inf" where unreached): -d FILE. */
int io_write_dist(const char *path, const dist_t *dist, vid_t n);

#ifdef __cplusplus
}
#endif
#endif
