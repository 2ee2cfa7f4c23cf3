/* io.c - graph file readers; see io.h for the formats.
 *
 * io_read slurps the whole file through zlib (gzread reads plain files as
 * they are) and hands the buffer to io_parse. io_parse is one pass over the
 * buffer, line by line, with hand-written number parsing: no per-line
 * allocation, no NUL terminator needed, every overflow checked. The buffer is
 * untrusted (the fuzz targets call io_parse directly), so header counts are
 * checked against limits before use and never trusted for allocation beyond
 * what the buffer itself could hold.
 *
 * Errors: fail(EXIT_INPUT, "FILE:LINE: what") for anything found on a line
 * (counts that disagree with a header name the header's line); "FILE: what"
 * for whole-file problems (cannot open, unknown extension, gzip corrupt).
 * On failure el is freed and left all zero. */
#include "io.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <zlib.h>

#include "err.h"

/* Largest edge / arc / entry count a header may announce. 2^40 edges would
 * need 8 TiB for src + dst alone, far beyond any machine, and keeps 2 * M
 * (METIS neighbour entries) and M * sizeof(edge) far from overflow. */
#define IO_MAX_EDGES ((uint64_t)1 << 40)

static const char KNOWN[] = "known: .el .txt .wel .gr .graph .mtx, optionally .gz";

/* ---- formats by extension -------------------------------------------------- */

/* The extension of path's base name after stripping one trailing ".gz":
 * sets *ext / *len (len 0 when there is none). */
static void path_ext(const char *path, const char **ext, size_t *len) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t n = strlen(base);
  if (n > 3 && strcasecmp(base + n - 3, ".gz") == 0) n -= 3;
  *ext = base + n;
  *len = 0;
  for (size_t i = n; i-- > 0;)
    if (base[i] == '.') {
      *ext = base + i + 1;
      *len = n - i - 1;
      return;
    }
}

format_t io_format(const char *path) {
  static const struct { const char *ext; format_t f; } table[] = {
      {"el", FMT_EL}, {"txt", FMT_EL}, {"wel", FMT_WEL},
      {"gr", FMT_GR}, {"graph", FMT_METIS}, {"mtx", FMT_MTX}};
  if (!path) return FMT_UNKNOWN;
  const char *ext;
  size_t len;
  path_ext(path, &ext, &len);
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (strlen(table[i].ext) == len && strncasecmp(ext, table[i].ext, len) == 0) return table[i].f;
  return FMT_UNKNOWN;
}

const char *io_format_name(format_t f) {
  switch (f) {
    case FMT_EL: return "SNAP edge list";
    case FMT_WEL: return "weighted edge list";
    case FMT_GR: return "DIMACS 9";
    case FMT_METIS: return "METIS";
    case FMT_MTX: return "Matrix Market";
    default: return "unknown";
  }
}

static int fail_unknown_format(const char *name) {
  const char *ext;
  size_t len;
  path_ext(name, &ext, &len);
  if (len == 0) return fail(EXIT_INPUT, "%s: unknown format (no extension); %s", name, KNOWN);
  return fail(EXIT_INPUT, "%s: unknown format (extension \".%.*s\"); %s", name,
              (int)(len > 32 ? 32 : len), ext, KNOWN);
}

/* ---- the line reader ------------------------------------------------------- */

typedef struct {
  const char *name;
  const char *p, *end;     /* unread input                                      */
  const char *ls, *lp, *le;/* current line: start, cursor, end (no '\n', '\r') */
  unsigned long line;      /* 1-based number of the current line                */
  const char *layout;      /* fields of the current kind of line, for messages  */
  int nfields;             /* how many fields layout names                      */
  int inited;              /* el_init has run (so el must be freed on failure)  */
} rd_t;

typedef struct { const char *s; size_t len; } tok_t; /* len 0: no token */

static inline int is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Advance to the next line; 0 at the end of the buffer. A final line without
 * '\n' still counts; a trailing "\r" (CRLF files) is dropped with the blanks. */
static int next_line(rd_t *r) {
  if (r->p >= r->end) return 0;
  const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
  r->ls = r->lp = r->p;
  r->le = nl ? nl : r->end;
  r->p = nl ? nl + 1 : r->end;
  r->line++;
  return 1;
}

static inline void skip_blanks(rd_t *r) {
  while (r->lp < r->le && is_blank(*r->lp)) r->lp++;
}

/* 1 when the rest of the line is blank (the cursor is left on the next token). */
static inline int at_eol(rd_t *r) {
  skip_blanks(r);
  return r->lp == r->le;
}

static tok_t next_tok(rd_t *r) {
  skip_blanks(r);
  tok_t t = {r->lp, 0};
  while (r->lp < r->le && !is_blank(*r->lp)) r->lp++;
  t.len = (size_t)(r->lp - t.s);
  return t;
}

static int tok_is(tok_t t, const char *word) {
  return t.len == strlen(word) && strncasecmp(t.s, word, t.len) == 0;
}

/* Fields on the current line, for "found K" in messages. */
static int count_fields(const rd_t *r) {
  rd_t c = *r;
  c.lp = c.ls;
  int k = 0;
  while (next_tok(&c).len) k++;
  return k;
}

/* A token in quotes for a message: at most 40 bytes, unprintable bytes as '?'
 * (the input may be binary garbage). */
typedef io_quoted_t quoted_t;
static quoted_t quote(tok_t t) { return io_quote(t.s, t.len); }
io_quoted_t io_quote(const char *s, size_t len) {
  io_quoted_t q;
  tok_t t = {s, len};
  size_t n = t.len > 40 ? 37 : t.len, k = 0;
  q.s[k++] = '"';
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)t.s[i];
    q.s[k++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
  }
  if (n < t.len) { memcpy(q.s + k, "...", 3); k += 3; }
  q.s[k++] = '"';
  q.s[k] = '\0';
  return q;
}

/* fail(EXIT_INPUT, "NAME:LINE: what") at the current line. */
static int rd_fail(const rd_t *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int rd_fail(const rd_t *r, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return fail(EXIT_INPUT, "%s:%lu: %s", r->name, r->line, msg);
}

/* A field the layout promised is missing: "missing weight (expected 3 fields
 * "u v w", found 2)". */
static int fail_missing(const rd_t *r, const char *what) {
  return rd_fail(r, "missing %s (expected %d fields \"%s\", found %d)", what, r->nfields,
                 r->layout, count_fields(r));
}

/* The line must end here. */
static int rd_eol(rd_t *r) {
  if (at_eol(r)) return 0;
  return rd_fail(r, "expected %d fields \"%s\", found %d", r->nfields, r->layout, count_fields(r));
}

/* ---- numbers --------------------------------------------------------------- */

enum { NUM_OK, NUM_BAD, NUM_BIG }; /* BIG: digits only, but past 2^64 - 1 */

/* Unsigned decimal, digits only. */
static int conv_u64(tok_t t, uint64_t *out) {
  uint64_t v = 0;
  int big = 0;
  if (t.len == 0) return NUM_BAD;
  for (size_t i = 0; i < t.len; i++) {
    unsigned d = (unsigned)(unsigned char)t.s[i] - '0';
    if (d > 9) return NUM_BAD;
    if (v > (UINT64_MAX - d) / 10) big = 1;
    else v = v * 10 + d;
  }
  *out = v;
  return big ? NUM_BIG : NUM_OK;
}

/* Signed decimal with an optional sign; *neg tells the sign, *mag the
 * magnitude (so INT32_MIN needs no special case). */
static int conv_signed(tok_t t, int *neg, uint64_t *mag) {
  *neg = 0;
  if (t.len > 1 && (t.s[0] == '-' || t.s[0] == '+')) {
    *neg = t.s[0] == '-';
    t.s++;
    t.len--;
  }
  return conv_u64(t, mag);
}

/* Fast paths for the common token: plain digits (and a '-' for weights),
 * short enough that no overflow check is needed, ending at a blank or the
 * end of the line. They advance only on success; anything else goes to the
 * careful path, which also writes the message. */
static inline int fast_digits(const char **pp, const char *e, uint64_t *out) {
  const char *p = *pp, *s = p;
  uint64_t v = 0;
  while (p < e && (unsigned)(*p - '0') < 10 && p - s < 18) v = v * 10 + (unsigned)(*p++ - '0');
  if (p == s || (p < e && !is_blank(*p))) return 0;
  *pp = p;
  *out = v;
  return 1;
}

static inline int fast_u64(rd_t *r, uint64_t *out) {
  skip_blanks(r);
  return fast_digits(&r->lp, r->le, out);
}

/* A count from a header (vertices, edges): a non-negative integer. */
static int rd_count(rd_t *r, const char *what, uint64_t *out) {
  tok_t t = next_tok(r);
  if (!t.len) return fail_missing(r, what);
  int st = conv_u64(t, out);
  if (st == NUM_BAD) return rd_fail(r, "%s %s is not a non-negative integer", what, quote(t).s);
  if (st == NUM_BIG) return rd_fail(r, "%s %s is too large", what, quote(t).s);
  return 0;
}

/* A vertex id token that is not a plain unsigned number. */
static int fail_id(const rd_t *r, const char *what, tok_t t, int st) {
  int neg;
  uint64_t mag;
  if (st == NUM_BAD && conv_signed(t, &neg, &mag) != NUM_BAD && neg)
    return rd_fail(r, "%s %s is negative", what, quote(t).s);
  return rd_fail(r, "%s %s is not a non-negative integer", what, quote(t).s);
}

/* A 0-based id (edge lists): n becomes max id + 1, which must not pass
 * MAX_VERTICES. */
static int rd_vid0(rd_t *r, const char *what, vid_t *out) {
  uint64_t v;
  const char *at = r->lp;
  if (fast_u64(r, &v) && v < MAX_VERTICES) {
    *out = (vid_t)v;
    return 0;
  }
  r->lp = at;
  tok_t t = next_tok(r);
  if (!t.len) return fail_missing(r, what);
  int st = conv_u64(t, &v);
  if (st == NUM_BAD) return fail_id(r, what, t, st);
  if (st == NUM_BIG || v >= MAX_VERTICES)
    return rd_fail(r, "%s %s exceeds the limit MAX_VERTICES - 1 = %" PRIvid, what, quote(t).s,
                   MAX_VERTICES - 1);
  *out = (vid_t)v;
  return 0;
}

/* A 1-based id in 1..n (headered formats), returned 0-based. */
static int rd_vid1(rd_t *r, const char *what, uint64_t n, vid_t *out) {
  uint64_t v;
  const char *at = r->lp;
  if (fast_u64(r, &v) && v - 1 < n) { /* v == 0 wraps */
    *out = (vid_t)(v - 1);
    return 0;
  }
  r->lp = at;
  tok_t t = next_tok(r);
  if (!t.len) return fail_missing(r, what);
  int st = conv_u64(t, &v);
  if (st == NUM_BAD) return fail_id(r, what, t, st);
  if (st == NUM_BIG || v == 0 || v > n)
    return rd_fail(r, "%s %s is out of range 1..%" PRIu64 " (ids are 1-based)", what, quote(t).s, n);
  *out = (vid_t)(v - 1);
  return 0;
}

/* An int32 weight. */
static int rd_weight(rd_t *r, const char *what, weight_t *out) {
  int neg;
  uint64_t mag;
  const char *at = r->lp;
  skip_blanks(r);
  neg = r->lp < r->le && *r->lp == '-';
  r->lp += neg;
  if (fast_digits(&r->lp, r->le, &mag) && mag <= (uint64_t)INT32_MAX + neg) {
    *out = neg ? (weight_t)(-(int64_t)mag) : (weight_t)mag;
    return 0;
  }
  r->lp = at;
  tok_t t = next_tok(r);
  if (!t.len) return fail_missing(r, what);
  int st = conv_signed(t, &neg, &mag);
  if (st == NUM_BAD) return rd_fail(r, "%s %s is not an integer", what, quote(t).s);
  if (st == NUM_BIG || mag > (neg ? (uint64_t)INT32_MAX + 1 : (uint64_t)INT32_MAX))
    return rd_fail(r, "%s %s is out of int32 range", what, quote(t).s);
  *out = neg ? (weight_t)(-(int64_t)mag) : (weight_t)mag;
  return 0;
}

/* A Matrix Market "real" value used as a weight: it must be an integer that
 * fits int32 ("3", "3.0", "3e0"); anything else is an error, never rounded. */
static int rd_real_weight(rd_t *r, const char *what, weight_t *out) {
  tok_t t = next_tok(r);
  char buf[64];
  if (!t.len) return fail_missing(r, what);
  /* strtod needs a NUL-terminated copy; the charset check keeps out what
   * strtod would also take but a Matrix Market real is not: inf, nan, hex. */
  int ok = t.len < sizeof buf;
  for (size_t i = 0; ok && i < t.len; i++)
    ok = t.s[i] != '\0' && strchr("0123456789+-.eE", t.s[i]) != NULL;
  if (!ok) return rd_fail(r, "%s %s is not a number", what, quote(t).s);
  memcpy(buf, t.s, t.len);
  buf[t.len] = '\0';
  char *endp;
  errno = 0;
  double v = strtod(buf, &endp);
  if (endp != buf + t.len) return rd_fail(r, "%s %s is not a number", what, quote(t).s);
  if (errno == ERANGE && v == 0) /* underflow: a tiny nonzero value */
    return rd_fail(r, "%s %s is not an integer (weights are int32)", what, quote(t).s);
  if (!(v >= (double)INT32_MIN && v <= (double)INT32_MAX)) /* also inf */
    return rd_fail(r, "%s %s is out of int32 range", what, quote(t).s);
  if (v != floor(v))
    return rd_fail(r, "%s %s is not an integer (weights are int32)", what, quote(t).s);
  *out = (weight_t)v;
  return 0;
}

/* ---- edge list plumbing ---------------------------------------------------- */

static int rd_init(rd_t *r, edgelist_t *el, int weighted) {
  int rc = el_init(el, weighted);
  if (rc) return rc;
  r->inited = 1;
  return 0;
}

/* el_push / el_reserve fail only on memory; their message gains the place. */
static int rd_wrap(const rd_t *r, int rc) {
  char msg[512];
  snprintf(msg, sizeof msg, "%s", fail_message()); /* fail() overwrites it */
  return fail(rc, "%s:%lu: %s", r->name, r->line, msg);
}

static inline int rd_push(const rd_t *r, edgelist_t *el, vid_t u, vid_t v, weight_t w) {
  int rc = el_push(el, u, v, w);
  return rc ? rd_wrap(r, rc) : 0;
}

/* Reserve for a header's count, but never more than the rest of the buffer
 * could hold (min_bytes per edge): an untrusted header cannot make us
 * allocate more than a small multiple of the input. */
static int rd_reserve(const rd_t *r, edgelist_t *el, uint64_t count, size_t min_bytes) {
  uint64_t fits = (uint64_t)(r->end - r->p) / min_bytes + 1;
  int rc = el_reserve(el, (eid_t)(count < fits ? count : fits));
  return rc ? rd_wrap(r, rc) : 0;
}

/* Skip blank lines and lines whose first non-blank byte is c1 or c2
 * (comments); the cursor is left at the first token. 0 at the end. */
static int next_content_line(rd_t *r, char c1, char c2, int *content) {
  while (next_line(r)) {
    if (at_eol(r)) continue;
    *content = 1;
    if (*r->lp == c1 || *r->lp == c2) continue;
    return 1;
  }
  return 0;
}

static int fail_empty(rd_t *r) {
  r->line = 1;
  return rd_fail(r, "empty file");
}

static int check_vertex_count(const rd_t *r, const char *what, uint64_t n) {
  if (n == 0) return rd_fail(r, "%s is 0 (a graph needs at least one vertex)", what);
  if (n > MAX_VERTICES)
    return rd_fail(r, "%s %" PRIu64 " exceeds the limit MAX_VERTICES = %" PRIvid, what, n,
                   MAX_VERTICES);
  return 0;
}

static int check_edge_count(const rd_t *r, const char *what, uint64_t m) {
  if (m > IO_MAX_EDGES)
    return rd_fail(r, "%s %" PRIu64 " exceeds the limit of 2^40 edges", what, m);
  return 0;
}

/* ---- SNAP edge list (.el .txt) and weighted edge list (.wel) --------------- */

/* "u v" or "u v w"; '#' and '%' comment lines. Exactly 2 (3) fields: a third
 * column in an .el is an error rather than silently dropped (a weighted list
 * is .wel). 0-based ids kept as they are; n = max id + 1. */
static int parse_el(rd_t *r, edgelist_t *el, int weighted) {
  int rc, content = 0;
  if ((rc = rd_init(r, el, weighted))) return rc;
  r->layout = weighted ? "u v w" : "u v";
  r->nfields = weighted ? 3 : 2;
  while (next_content_line(r, '#', '%', &content)) {
    vid_t u, v;
    weight_t w = 0;
    if ((rc = rd_vid0(r, "source id", &u)) || (rc = rd_vid0(r, "target id", &v))) return rc;
    if (weighted && (rc = rd_weight(r, "weight", &w))) return rc;
    if ((rc = rd_eol(r)) || (rc = rd_push(r, el, u, v, w))) return rc;
  }
  if (!content) return fail_empty(r);
  if (el->len == 0) return rd_fail(r, "no edges (only comments)");
  return 0;
}

/* ---- DIMACS 9 (.gr) -------------------------------------------------------- */

/* 'c' comments, one "p sp N M" before any arc, "a u v w" arcs with 1-based
 * ids in 1..N; the arc count must be M. Weights are any int32 (DIMACS says
 * non-negative; the gallery's negative-weight graphs need more). */
static int parse_gr(rd_t *r, edgelist_t *el) {
  int rc, content = 0;
  uint64_t n = 0, m = 0, arcs = 0;
  unsigned long pline = 0;
  if ((rc = rd_init(r, el, 1))) return rc;
  while (next_content_line(r, 'c', 'c', &content)) {
    tok_t t = next_tok(r);
    if (tok_is(t, "a")) {
      vid_t u, v;
      weight_t w;
      if (!pline) return rd_fail(r, "arc before the \"p sp N M\" line");
      r->layout = "a u v w";
      r->nfields = 4;
      if ((rc = rd_vid1(r, "source id", n, &u)) || (rc = rd_vid1(r, "target id", n, &v)) ||
          (rc = rd_weight(r, "weight", &w)) || (rc = rd_eol(r)) || (rc = rd_push(r, el, u, v, w)))
        return rc;
      arcs++;
    } else if (tok_is(t, "p")) {
      if (pline) return rd_fail(r, "second \"p\" line (the first is line %lu)", pline);
      t = next_tok(r);
      if (!tok_is(t, "sp"))
        return rd_fail(r, "expected \"p sp N M\", found problem type %s", quote(t).s);
      r->layout = "p sp N M";
      r->nfields = 4;
      if ((rc = rd_count(r, "vertex count", &n)) || (rc = rd_count(r, "arc count", &m)) ||
          (rc = rd_eol(r)) || (rc = check_vertex_count(r, "vertex count", n)) ||
          (rc = check_edge_count(r, "arc count", m)) ||
          (rc = rd_reserve(r, el, m, sizeof "a 1 1 0"))) /* shortest arc line + '\n' */
        return rc;
      pline = r->line;
    } else {
      return rd_fail(r, "unknown line type %s (expected c, p or a)", quote(t).s);
    }
  }
  if (!content) return fail_empty(r);
  if (!pline) return rd_fail(r, "no \"p sp N M\" line");
  if (arcs != m) {
    r->line = pline;
    return rd_fail(r, "header says %" PRIu64 " %s, file has %" PRIu64, m, PLURAL(m, "arc", "arcs"), arcs);
  }
  el->n = (vid_t)n; /* isolated vertices after the last id count too */
  return 0;
}

/* ---- METIS (.graph) -------------------------------------------------------- */

/* Header "N M [fmt [ncon]]", then exactly N vertex lines (a blank line is a
 * vertex without neighbours; '%' comment lines are not vertex lines; blank
 * lines after the last vertex are allowed). fmt is up to three 0/1 digits
 * "sdw": s = a vertex size leads each line, d = ncon vertex weights follow
 * (ncon defaults to 1), w = each neighbour is followed by its edge weight.
 * Sizes and vertex weights are checked and skipped. The file lists every
 * undirected edge from both sides (2M neighbour entries), so each entry
 * becomes one directed edge and el->undirected stays 0. */
static int parse_metis(rd_t *r, edgelist_t *el) {
  int rc, content = 0;
  uint64_t n, m, ncon = 1, entries = 0;
  int has_size = 0, has_vw = 0, has_ew = 0;

  if (!next_content_line(r, '%', '%', &content)) {
    if (!content) return fail_empty(r);
    return rd_fail(r, "no header line \"N M [fmt [ncon]]\"");
  }
  r->layout = "N M [fmt [ncon]]";
  r->nfields = 2;
  if ((rc = rd_count(r, "vertex count", &n)) || (rc = rd_count(r, "edge count", &m))) return rc;
  if (!at_eol(r)) {
    tok_t f = next_tok(r);
    int ok = f.len <= 3;
    for (size_t i = 0; ok && i < f.len; i++) ok = f.s[i] == '0' || f.s[i] == '1';
    if (!ok) return rd_fail(r, "fmt %s is not 0, 1, 10, 11, 100, 101, 110 or 111", quote(f).s);
    has_ew = f.s[f.len - 1] == '1';
    has_vw = f.len >= 2 && f.s[f.len - 2] == '1';
    has_size = f.len == 3 && f.s[0] == '1';
    if (!at_eol(r)) {
      if ((rc = rd_count(r, "ncon", &ncon))) return rc;
      if (ncon == 0) return rd_fail(r, "ncon is 0 (at least one vertex weight)");
    }
  }
  if (!at_eol(r))
    return rd_fail(r, "expected at most 4 fields \"%s\", found %d", r->layout, count_fields(r));
  if ((rc = check_vertex_count(r, "vertex count", n)) || (rc = check_edge_count(r, "edge count", m)))
    return rc;
  const unsigned long hline = r->line;
  if ((rc = rd_init(r, el, has_ew)) || (rc = rd_reserve(r, el, 2 * m, sizeof "1"))) return rc;

  uint64_t u = 0; /* vertex whose line comes next, 0-based */
  while (next_line(r)) {
    if (at_eol(r)) {
      if (u < n) u++; /* a vertex without neighbours */
      continue;       /* past the last vertex: trailing blank lines are fine */
    }
    if (*r->lp == '%') continue;
    if (u == n)
      return rd_fail(r, "more than %" PRIu64 " vertex %s (the header on line %lu says %" PRIu64
                        " %s)", n, PLURAL(n, "line", "lines"), hline, n, PLURAL(n, "vertex", "vertices"));
    uint64_t skip;
    if (has_size) {
      tok_t t = next_tok(r); /* the line is not blank, so a token is there */
      if (conv_u64(t, &skip) != NUM_OK)
        return rd_fail(r, "vertex size %s is not a non-negative integer", quote(t).s);
    }
    for (uint64_t i = 0; has_vw && i < ncon; i++) {
      tok_t t = next_tok(r);
      if (!t.len)
        return rd_fail(r, "vertex %" PRIu64 " has %" PRIu64 " of its %" PRIu64 " vertex weights",
                       u + 1, i, ncon);
      if (conv_u64(t, &skip) != NUM_OK)
        return rd_fail(r, "vertex weight %s is not a non-negative integer", quote(t).s);
    }
    while (!at_eol(r)) {
      vid_t v;
      weight_t w = 0;
      if ((rc = rd_vid1(r, "neighbour", n, &v))) return rc;
      if (has_ew) {
        if (at_eol(r))
          return rd_fail(r, "neighbour %" PRIvid " has no edge weight (fmt gives each neighbour one)",
                         v + 1);
        if ((rc = rd_weight(r, "edge weight", &w))) return rc;
      }
      if ((rc = rd_push(r, el, (vid_t)u, v, w))) return rc;
      entries++;
    }
    u++;
  }
  r->line = hline;
  if (u < n)
    return rd_fail(r, "header says %" PRIu64 " %s, file has %" PRIu64 " vertex %s", n,
                   PLURAL(n, "vertex", "vertices"), u, PLURAL(u, "line", "lines"));
  if (entries != 2 * m)
    return rd_fail(r, "header says %" PRIu64 " %s (%" PRIu64 " neighbour entries), file has %" PRIu64
                      " %s", m, PLURAL(m, "edge", "edges"), 2 * m, entries, PLURAL(entries, "entry", "entries"));
  el->n = (vid_t)n;
  el->undirected = 0;
  return 0;
}

/* ---- Matrix Market (.mtx) -------------------------------------------------- */

/* Banner on line 1, '%' comments, "rows cols nnz" (square), nnz entries
 * "i j [value]" with 1-based ids; A(i,j) is the edge i -> j. symmetric:
 * each entry stands for both directions (el->undirected = 1). integer and
 * real values become int32 weights (a real must be integral). */
static int parse_mtx(rd_t *r, edgelist_t *el) {
  int rc, content = 0, weighted, is_real;
  uint64_t rows, cols, nnz, count = 0;

  /* The banner must be line 1; a file of nothing but blank lines is empty. */
  if (!next_line(r)) return fail_empty(r);
  if (at_eol(r)) {
    while (next_line(r))
      if (!at_eol(r)) {
        r->line = 1;
        return rd_fail(r, "missing \"%%%%MatrixMarket matrix coordinate ...\" banner on line 1");
      }
    return fail_empty(r);
  }
  tok_t t = next_tok(r);
  if (!tok_is(t, "%%MatrixMarket"))
    return rd_fail(r, "missing \"%%%%MatrixMarket matrix coordinate ...\" banner on line 1");
  tok_t obj = next_tok(r), fmt = next_tok(r), field = next_tok(r), sym = next_tok(r);
  if (!sym.len || next_tok(r).len)
    return rd_fail(r, "banner must be \"%%%%MatrixMarket matrix coordinate FIELD SYMMETRY\"");
  if (!tok_is(obj, "matrix"))
    return rd_fail(r, "object %s is not supported (only \"matrix\")", quote(obj).s);
  if (tok_is(fmt, "array"))
    return rd_fail(r, "dense \"array\" format is not supported; a graph needs \"coordinate\"");
  if (!tok_is(fmt, "coordinate"))
    return rd_fail(r, "format %s is not supported (only \"coordinate\")", quote(fmt).s);
  is_real = tok_is(field, "real");
  weighted = is_real || tok_is(field, "integer");
  if (!weighted && !tok_is(field, "pattern"))
    return rd_fail(r, "field %s is not supported (pattern, integer or real)", quote(field).s);
  int symmetric = tok_is(sym, "symmetric");
  if (!symmetric && !tok_is(sym, "general"))
    return rd_fail(r, "symmetry %s is not supported (general or symmetric)", quote(sym).s);

  if (!next_content_line(r, '%', '%', &content)) return rd_fail(r, "no size line \"rows cols nnz\"");
  r->layout = "rows cols nnz";
  r->nfields = 3;
  if ((rc = rd_count(r, "row count", &rows)) || (rc = rd_count(r, "column count", &cols)) ||
      (rc = rd_count(r, "entry count", &nnz)) || (rc = rd_eol(r)))
    return rc;
  if (rows != cols)
    return rd_fail(r, "matrix is %" PRIu64 " x %" PRIu64 "; a graph needs a square matrix (rows == cols)",
                   rows, cols);
  if ((rc = check_vertex_count(r, "row count", rows)) || (rc = check_edge_count(r, "entry count", nnz)))
    return rc;
  const unsigned long sline = r->line;
  if ((rc = rd_init(r, el, weighted)) || (rc = rd_reserve(r, el, nnz, sizeof "1 1"))) return rc;
  el->undirected = symmetric;

  r->layout = weighted ? "i j value" : "i j";
  r->nfields = weighted ? 3 : 2;
  while (next_content_line(r, '%', '%', &content)) {
    vid_t u, v;
    weight_t w = 0;
    if ((rc = rd_vid1(r, "row id", rows, &u)) || (rc = rd_vid1(r, "column id", rows, &v))) return rc;
    if (weighted && (rc = is_real ? rd_real_weight(r, "value", &w) : rd_weight(r, "value", &w)))
      return rc;
    if ((rc = rd_eol(r)) || (rc = rd_push(r, el, u, v, w))) return rc;
    count++;
  }
  if (count != nnz) {
    r->line = sline;
    return rd_fail(r, "header says %" PRIu64 " %s, file has %" PRIu64, nnz, PLURAL(nnz, "entry", "entries"), count);
  }
  el->n = (vid_t)rows;
  return 0;
}

/* ---- entry points ---------------------------------------------------------- */

int io_parse(const char *name, format_t fmt, const char *buf, size_t len, edgelist_t *el) {
  memset(el, 0, sizeof *el);
  if (!name) name = "(buffer)";
  if (!buf) len = 0;
  if (!buf) buf = ""; /* so pointer comparisons stay within one object */
  rd_t r = {.name = name, .p = buf, .end = buf + len};
  if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) r.p += 3; /* UTF-8 byte order mark */
  int rc;
  switch (fmt) {
    case FMT_EL: rc = parse_el(&r, el, 0); break;
    case FMT_WEL: rc = parse_el(&r, el, 1); break;
    case FMT_GR: rc = parse_gr(&r, el); break;
    case FMT_METIS: rc = parse_metis(&r, el); break;
    case FMT_MTX: rc = parse_mtx(&r, el); break;
    default: rc = fail_unknown_format(name); break;
  }
  if (rc) {
    if (r.inited) el_free(el);
    memset(el, 0, sizeof *el);
  }
  return rc;
}

/* The whole file, decompressed when it is gzip (zlib reads plain files as
 * they are). *buf is malloc'd. */
static int slurp(const char *path, char **buf, size_t *len) {
  *buf = NULL;
  *len = 0;
  errno = 0;
  gzFile f = gzopen(path, "rb");
  if (!f) return fail(EXIT_INPUT, "%s: cannot open: %s", path, errno ? strerror(errno) : "out of memory");
  gzbuffer(f, 1 << 18);
  /* A plain file is read in one go into a buffer of its size (+1 so the
   * final read sees the end without growing); gzip starts at 4x and doubles. */
  struct stat st;
  size_t cap = 1 << 16;
  if (stat(path, &st) == 0 && st.st_size > 0) {
    size_t sz = (size_t)st.st_size;
    cap = gzdirect(f) ? sz + 1 : (sz < SIZE_MAX / 8 ? 4 * sz : sz);
  }
  char *b = malloc(cap);
  if (!b && cap > (1 << 16)) b = malloc(cap = 1 << 16); /* the guess was too big: grow as needed */
  size_t n = 0;
  int rc = 0;
  for (;;) {
    if (!b) { rc = fail(EXIT_INPUT, "%s: out of memory reading the file", path); break; }
    if (n == cap) {
      if (cap > SIZE_MAX / 2) { rc = fail(EXIT_INPUT, "%s: file too large", path); break; }
      char *nb = realloc(b, cap * 2);
      if (!nb) { rc = fail(EXIT_INPUT, "%s: out of memory reading the file (%zu bytes)", path, cap * 2); break; }
      b = nb;
      cap *= 2;
    }
    size_t want = cap - n < (1u << 30) ? cap - n : (1u << 30); /* gzread takes an unsigned */
    int got = gzread(f, b + n, (unsigned)want);
    if (got <= 0) {
      int errnum = Z_OK;
      const char *zmsg = gzerror(f, &errnum);
      if (got == 0 && errnum == Z_OK) break; /* the end */
      if (errnum == Z_ERRNO) rc = fail(EXIT_INPUT, "%s: read error: %s", path, strerror(errno));
      else if (errnum == Z_MEM_ERROR) rc = fail(EXIT_INPUT, "%s: out of memory in zlib", path);
      else {
        size_t pl = strlen(path); /* zlib's message repeats "path: " */
        if (strncmp(zmsg, path, pl) == 0 && strncmp(zmsg + pl, ": ", 2) == 0) zmsg += pl + 2;
        rc = fail(EXIT_INPUT, "%s: gzip data corrupt/truncated (zlib: %s)", path, zmsg);
      }
      break;
    }
    n += (size_t)got;
  }
  int crc = gzclose_r(f);
  if (!rc && crc != Z_OK) rc = fail(EXIT_INPUT, "%s: gzip data corrupt/truncated", path);
  if (rc) {
    free(b);
    return rc;
  }
  *buf = b;
  *len = n;
  return 0;
}

int io_read(const char *path, edgelist_t *el) {
  memset(el, 0, sizeof *el);
  if (!path) return fail(EXIT_INPUT, "no input file");
  format_t f = io_format(path);
  if (f == FMT_UNKNOWN) return fail_unknown_format(path);
  char *buf;
  size_t len;
  int rc = slurp(path, &buf, &len);
  if (rc) return rc;
  rc = io_parse(path, f, buf, len, el);
  free(buf);
  if (!rc && (rc = io_check_sparse(path, el))) el_free(el);
  return rc;
}

int io_allow_sparse_ids;

int io_check_sparse(const char *name, const edgelist_t *el) {
  uint64_t n = el->n, m = el->len ? el->len : 1;
  double gib = (double)n * IO_BYTES_PER_VERTEX / 1073741824.0;
  if (n <= IO_SPARSE_RATIO * m || n * IO_BYTES_PER_VERTEX <= IO_SPARSE_WARN_BYTES) return 0;
  if (n * IO_BYTES_PER_VERTEX > IO_SPARSE_LIMIT_BYTES && !io_allow_sparse_ids)
    return fail(EXIT_INPUT, "%s: %" PRIu64 " vertices (ids 0..%" PRIu64 ") for %" PRIeid " %s: "
                "per-vertex arrays of %.2f GiB for ids this sparse (limit 1 GiB when vertices "
                "outnumber edges %dx); renumber the ids, or give --allow-sparse-ids",
                name, n, n - 1, el->len, PLURAL(el->len, "edge", "edges"), gib, IO_SPARSE_RATIO);
  fprintf(stderr, "warning: %s: %" PRIu64 " vertices (ids 0..%" PRIu64 ") for %" PRIeid " %s: "
          "per-vertex arrays of %.2f GiB, most of them for ids no edge uses\n",
          name, n, n - 1, el->len, PLURAL(el->len, "edge", "edges"), gib);
  return 0;
}

/* ---- distances out --------------------------------------------------------- */

/* One line per vertex, the distance or "inf"; path "-" is stdout. Formatted
 * by hand into a block buffer: -d on a 10^8-vertex graph should not take
 * longer than the run. */
int io_write_dist(const char *path, const dist_t *dist, vid_t n) {
  if (!path) return fail(EXIT_INPUT, "io_write_dist: no path");
  if (!dist && n) return fail(EXIT_INPUT, "%s: no distances to write", path);
  int to_stdout = strcmp(path, "-") == 0;
  FILE *f = to_stdout ? stdout : fopen(path, "w");
  if (!f) return fail(EXIT_INPUT, "%s: cannot write: %s", path, strerror(errno));
  char block[1 << 16];
  size_t k = 0;
  int bad = 0;
  for (vid_t v = 0; v < n && !bad; v++) {
    if (k > sizeof block - 16) {
      bad = fwrite(block, 1, k, f) != k;
      k = 0;
    }
    dist_t d = dist[v];
    if (d == DIST_INF) {
      memcpy(block + k, "inf\n", 4);
      k += 4;
      continue;
    }
    char tmp[12];
    int t = 0;
    uint32_t mag = d < 0 ? 0u - (uint32_t)d : (uint32_t)d; /* INT32_MIN too */
    do tmp[t++] = (char)('0' + mag % 10); while (mag /= 10);
    if (d < 0) block[k++] = '-';
    while (t) block[k++] = tmp[--t];
    block[k++] = '\n';
  }
  if (!bad && k) bad = fwrite(block, 1, k, f) != k;
  if (fflush(f) != 0) bad = 1;
  if (!to_stdout && fclose(f) != 0) bad = 1;
  if (bad) return fail(EXIT_INPUT, "%s: write error: %s", path, strerror(errno));
  return 0;
}
