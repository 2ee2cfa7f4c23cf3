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
 * "FILE:LINE: what") naming the file and line, or the limit that was hit.
 *
 * The rules in detail (tests/unit/test_io.c pins each one):
 * - Lines end in "\n" or "\r\n"; blank lines are skipped (except in METIS,
 *   below); comment lines start, after optional blanks, with '#' or '%' (.el
 *   .wel), 'c' (.gr), '%' (.graph .mtx). A line holds exactly the fields of
 *   its kind: a third column in an .el is an error, not ignored (use .wel).
 * - Ids and counts are plain decimal digits; weights are int32 with an
 *   optional sign. Edge-list ids stay as they are, n = max id + 1, and must be
 *   below MAX_VERTICES; in headered formats ids are 1..N and n = N (trailing
 *   isolated vertices count). N must be 1..MAX_VERTICES, an edge count at most
 *   2^40.
 * - .gr: one "p sp N M" before any arc; exactly M arcs. Weights may be negative.
 * - .graph: exactly N vertex lines after the header (a blank line is a vertex
 *   without neighbours; blank lines after the last vertex are allowed); fmt is
 *   up to three 0/1 digits: 100 = a vertex size leads each line, 10 = ncon
 *   vertex weights follow (ncon defaults to 1), 1 = each neighbour is followed
 *   by its edge weight; sizes and vertex weights are skipped. Exactly 2M
 *   neighbour entries; each becomes a directed edge (undirected = 0).
 * - .mtx: the banner is line 1 (case-insensitive); rows must equal cols;
 *   exactly nnz entries; A(i,j) is the edge i -> j; symmetric sets
 *   undirected = 1. A real value must be an integer that fits int32 ("3.0",
 *   "3e0"); anything else is an error naming FILE:LINE, never rounded.
 *   "array", complex, skew-symmetric and hermitian are rejected.
 * - Self-loops, duplicate and parallel edges reach the edge list as listed
 *   (graph_build decides what to drop).
 * - Whole-file errors have no line: "FILE: cannot open: ...", "FILE: unknown
 *   format (extension ".x"); known: ...", "FILE: gzip data corrupt/truncated".
 *   A header's count that disagrees with the file ("header says M arcs, file
 *   has K") names the header's line; a file with nothing but blanks is
 *   "FILE:1: empty file"; an edge list of only comments "no edges".
 * - On failure el is left all zero (el_free on it is harmless). */
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

/* Read a whole file into el (el is initialised here; el_free it after).
 * Sparse ids: n is the largest id + 1 (or the header's count), so one edge
 * "0 500000000" asks for 5e8 vertices. When n exceeds IO_SPARSE_RATIO times
 * the edge count and the per-vertex arrays (IO_BYTES_PER_VERTEX a vertex:
 * offsets, distances, the oracle's copy) pass IO_SPARSE_WARN_BYTES, a
 * "warning: " line goes to stderr; past IO_SPARSE_LIMIT_BYTES it is an error
 * unless io_allow_sparse_ids is set (--allow-sparse-ids). */
#define IO_SPARSE_RATIO 64
#define IO_BYTES_PER_VERTEX 16
#define IO_SPARSE_WARN_BYTES (64ull << 20)
#define IO_SPARSE_LIMIT_BYTES (1ull << 30)
extern int io_allow_sparse_ids;
int io_read(const char *path, edgelist_t *el);
/* 0, or fail(EXIT_INPUT) as io_read does for a file whose ids are too sparse
 * (name: the file, for the message); prints the warning line. */
int io_check_sparse(const char *name, const edgelist_t *el);

/* A token for a message, as the readers quote it: in double quotes, at most
 * 40 bytes (longer ones cut to 37 and "..."), unprintable bytes as '?'. */
typedef struct { char s[48]; } io_quoted_t;
io_quoted_t io_quote(const char *s, size_t len);

/* Parse a buffer already in memory; name is used in messages. The fuzz
 * targets call this. buf need not be NUL-terminated. */
int io_parse(const char *name, format_t fmt, const char *buf, size_t len, edgelist_t *el);

/* Write distances, one line per vertex ("inf" where unreached): -d FILE.
 * path "-" writes to stdout. */
int io_write_dist(const char *path, const dist_t *dist, vid_t n);

#ifdef __cplusplus
}
#endif
#endif
