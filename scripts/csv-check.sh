#!/usr/bin/env bash
# csv-check.sh FILE... - check result and trace CSV files against the schema in harness/report.h.
#
# The header must be REPORT_CSV_HEADER or REPORT_TRACE_HEADER exactly (read
# from harness/report.h, or $REPORT_H); every row must have the header's number
# of fields; numeric columns numeric (integers where the harness writes
# integers, -1 allowed for "not counted"); verified PASS|FAIL|UNCHECKED; step
# "stepNN" or "cpu"; step, variant, graph and gpu not empty. Rows that say
# FAIL are valid rows: they are counted, not rejected.
#
# Prints one line per file ("csv-check: FILE: ok (...)" or its first errors)
# and exits 0 when every file is valid, 1 otherwise, 2 on usage errors.
set -u
export LC_ALL=C
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REPORT_H=${REPORT_H:-$ROOT/harness/report.h}
MAX_ERRORS=${CSV_CHECK_MAX_ERRORS:-10}

if [ $# -eq 0 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
  [ $# -eq 0 ] && exit 2 || exit 0
fi

# The string a #define in report.h stands for: its string literals, joined.
define_string() {
  awk -v name="$1" '
    !on && $1 == "#define" && $2 == name { on = 1 }
    on { s = $0
         while (match(s, /"[^"]*"/)) { out = out substr(s, RSTART + 1, RLENGTH - 2); s = substr(s, RSTART + RLENGTH) }
         if ($0 !~ /\\[ \t]*$/) { print out; exit } }' "$REPORT_H"
}
[ -r "$REPORT_H" ] || { echo "csv-check: cannot read $REPORT_H" >&2; exit 2; }
RESULT_HEADER=$(define_string REPORT_CSV_HEADER)
TRACE_HEADER=$(define_string REPORT_TRACE_HEADER)
[ -n "$RESULT_HEADER" ] && [ -n "$TRACE_HEADER" ] ||
  { echo "csv-check: REPORT_CSV_HEADER / REPORT_TRACE_HEADER not found in $REPORT_H" >&2; exit 2; }

bad=0
for file in "$@"; do
  if [ ! -f "$file" ]; then echo "csv-check: $file: no such file"; bad=1; continue; fi
  if [ ! -s "$file" ]; then echo "csv-check: $file: empty (no header)"; bad=1; continue; fi
  awk -F, -v file="$file" -v rh="$RESULT_HEADER" -v th="$TRACE_HEADER" -v max="$MAX_ERRORS" '
    function err(msg) { if (++nerr <= max) printf "csv-check: %s:%d: %s\n", file, FNR, msg }
    function isint(s)   { return s ~ /^-?[0-9]+$/ }
    function isfloat(s) { return s ~ /^-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ }
    NR == 1 {
      if (/\r$/) { err("CRLF line ending (the harness writes LF)"); sub(/\r$/, "") }
      if ($0 == rh) kind = "result"; else if ($0 == th) kind = "trace"
      else {
        split(rh, want, ",")
        for (i = 1; i <= NF || want[i] != ""; i++) if ($i != want[i]) break
        err(sprintf("header is neither REPORT_CSV_HEADER nor REPORT_TRACE_HEADER (column %d is \"%s\", REPORT_CSV_HEADER has \"%s\")", i, $i, want[i]))
        exit
      }
      nf = NF
      for (i = 1; i <= NF; i++) c[$i] = i
      if (kind == "result") { ints = "n m src grid block trial levels edges"; floats = "ms gteps upload_ms init_ms" }
      else                  { ints = "src grid block level frontier edges duplicates"; floats = "ms" }
      nints = split(ints, I, " "); nfloats = split(floats, F, " ")
      nreq = split(kind == "result" ? "step variant graph gpu commit date" : "step variant graph gpu commit", R, " ")
      next
    }
    {
      rows++
      if (/\r$/) { err("CRLF line ending"); sub(/\r$/, "") }
      if (NF != nf) { err(sprintf("%d fields, the header has %d", NF, nf)); next }
      for (i = 1; i <= nints; i++)   if (!isint($(c[I[i]])))   err(sprintf("%s \"%s\" is not an integer", I[i], $(c[I[i]])))
      for (i = 1; i <= nfloats; i++) if (!isfloat($(c[F[i]]))) err(sprintf("%s \"%s\" is not a number", F[i], $(c[F[i]])))
      for (i = 1; i <= nreq; i++)    if ($(c[R[i]]) == "")     err(R[i] " is empty")
      if ($(c["step"]) !~ /^(step[0-9][0-9]+|cpu)$/) err(sprintf("step \"%s\" is neither stepNN nor cpu", $(c["step"])))
      if (kind == "result") {
        v = $(c["verified"])
        if (v !~ /^(PASS|FAIL|UNCHECKED)$/) err(sprintf("verified \"%s\" is not PASS|FAIL|UNCHECKED", v))
        else count[v]++
        if ($(c["knobs"]) ~ /[ \t]/) err("knobs contain white space")
      }
    }
    END {
      if (nerr > max) printf "csv-check: %s: ... %d more errors\n", file, nerr - max
      if (nerr) { printf "csv-check: %s: INVALID (%d errors)\n", file, nerr; exit 1 }
      if (kind == "result")
        printf "csv-check: %s: ok (results, %d rows: %d PASS, %d FAIL, %d UNCHECKED)\n", file, rows, count["PASS"], count["FAIL"], count["UNCHECKED"]
      else printf "csv-check: %s: ok (trace, %d rows)\n", file, rows
    }' "$file" || bad=1
done
exit $bad
