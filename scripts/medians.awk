# medians.awk - a lesson's table of medians from a result CSV (schema: harness/report.h), for the
# query blocks of the lessons and their ANSWERS.md (scripts/numbers.sh runs each in make test and
# requires the output the lesson shows):
#
#   awk -F, -f scripts/medians.awk -v cols='step01:vertex step01:edge' [-v cpu=bfs] [-v lvl=1]
#       [-v per=1] [-v base=step03:vertex] [-v graphs='kron20 grid2000x2000'] plots/data/bench-h100.csv
#
# One row per graph (Kronecker, uniform, grid, road, mesh, then the rest, each in the CSV's order;
# graphs= picks and orders them), columns: the graph; with lvl=1 the median levels of the first
# column; with cpu=VARIANT the median ms of the "cpu" rows of that variant (bfs: the serial
# oracle); the median ms of each step:variant of cols; with per=1 each one's µs a level (its
# median ms over its median levels; the CPU's over the first column's levels); with cpu= each one's speedup over that CPU time; with base=
# (one of cols) each other one's speedup over that column. Medians are
# over every source and trial (the bench runs one launch shape, so they are the ones the generated
# tables show); rows whose answer failed are left out, as in scripts/csvagg.awk. "-": no rows.
function isort(A, n,   i, j, t) { for (i = 2; i <= n; i++) { t = A[i]; for (j = i - 1; j >= 1 && A[j] > t; j--) A[j + 1] = A[j]; A[j + 1] = t } }
function med(k, what,   A, i, n) {
  n = cnt[k]; if (!n) return ""
  for (i = 1; i <= n; i++) A[i] = V[k, what, i] + 0
  isort(A, n)
  return (n % 2) ? A[(n + 1) / 2] : (A[n / 2] + A[n / 2 + 1]) / 2
}
function f3(x) { return x == "" ? "-" : x >= 100 ? sprintf("%.0f", x) : x >= 10 ? sprintf("%.1f", x) : x >= 1 ? sprintf("%.2f", x) : sprintf("%.3f", x) }
function rx(x) { return x >= 100 ? sprintf("%.0f×", x) : x >= 10 ? sprintf("%.1f×", x) : sprintf("%.2f×", x) }
function cls(g) { return g ~ /^kron/ ? 1 : g ~ /^uniform/ ? 2 : g ~ /^grid/ ? 3 : g ~ /osm|road/ ? 4 : g ~ /delaunay/ ? 5 : 6 }
FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
$(c["verified"]) == "FAIL" { next }
{
  k = $(c["step"]) ":" $(c["variant"]) SUBSEP $(c["graph"])
  n = ++cnt[k]; V[k, "ms", n] = $(c["ms"]); V[k, "lv", n] = $(c["levels"])
  g = $(c["graph"]); if (!(g in seen)) { seen[g] = ++ng; G[ng] = g }
}
END {
  nc = split(cols, C, " ")
  if (graphs != "") no = split(graphs, O, " ")
  else for (k = 1; k <= 6; k++) for (i = 1; i <= ng; i++) if (cls(G[i]) == k) O[++no] = G[i]
  h = "| graph"; s = "|---"
  if (lvl) { t = C[1]; sub(/:/, " ", t); h = h " | " t " levels"; s = s "|---:" }
  if (cpu != "") { h = h " | CPU " cpu ", ms"; s = s "|---:" }
  for (j = 1; j <= nc; j++) { t = C[j]; sub(/:/, " ", t); h = h " | " t ", ms"; s = s "|---:" }
  if (per && cpu != "") { h = h " | CPU, µs a level"; s = s "|---:" }
  if (per) for (j = 1; j <= nc; j++) { t = C[j]; sub(/.*:/, "", t); h = h " | " t ", µs a level"; s = s "|---:" }
  if (cpu != "") for (j = 1; j <= nc; j++) { t = C[j]; sub(/.*:/, "", t); h = h " | " t " vs CPU"; s = s "|---:" }
  if (base != "") for (j = 1; j <= nc; j++) if (C[j] != base) { t = C[j]; sub(/.*:/, "", t); u = base; sub(/:/, " ", u); h = h " | " t " vs " u; s = s "|---:" }
  print h " |"; print s "|"
  for (i = 1; i <= no; i++) {
    g = O[i]; line = "| " g
    if (lvl) { x = med(C[1] SUBSEP g, "lv"); line = line " | " (x == "" ? "-" : sprintf("%.0f", x)) }
    if (cpu != "") { o = med("cpu:" cpu SUBSEP g, "ms"); line = line " | " f3(o) }
    for (j = 1; j <= nc; j++) { M[j] = med(C[j] SUBSEP g, "ms"); line = line " | " f3(M[j]) }
    if (per && cpu != "") { x = med(C[1] SUBSEP g, "lv"); line = line " | " (o == "" || x + 0 == 0 ? "-" : f3(o * 1000 / x)) }
    if (per) for (j = 1; j <= nc; j++) { x = med(C[j] SUBSEP g, "lv"); line = line " | " (M[j] == "" || x + 0 == 0 ? "-" : f3(M[j] * 1000 / x)) }
    if (cpu != "") for (j = 1; j <= nc; j++) line = line " | " (o == "" || M[j] == "" ? "-" : rx(o / M[j]))
    if (base != "") { b = med(base SUBSEP g, "ms"); for (j = 1; j <= nc; j++) if (C[j] != base) line = line " | " (b == "" || M[j] == "" ? "-" : rx(b / M[j])) }
    print line " |"
  }
}
