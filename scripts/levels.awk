# levels.awk - a lesson's per-level table from a trace CSV (bench-GPU.trace.csv: step, variant,
# graph, src, ..., level, frontier, edges, duplicates, ms), for the query blocks of the lessons:
#
#   awk -F, -v graph=kron20 -v cols='step03:vertex step05:vwarp' -f scripts/levels.awk plots/data/bench-h100.trace.csv
#
# One row per level of the first source each step:variant traced on GRAPH: the level, its
# frontier and edges (of the first column's trace) and each column's ms for that level.
FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
$(c["graph"]) == graph {
  k = $(c["step"]) ":" $(c["variant"])
  if (!(k in src)) src[k] = $(c["src"])
  if ($(c["src"]) != src[k]) next
  l = $(c["level"]) + 0; ms[k, l] = $(c["ms"]); if (l > top) top = l
  if (!((k, l) in fr)) { fr[k, l] = $(c["frontier"]); ed[k, l] = $(c["edges"]) }
}
END {
  nc = split(cols, C, " ")
  h = "| level | frontier | edges"; s = "|---:|---:|---:"
  for (j = 1; j <= nc; j++) { t = C[j]; sub(/:/, " ", t); h = h " | " t ", ms"; s = s "|---:" }
  print h " |"; print s "|"
  for (l = 0; l <= top; l++) {
    line = "| " l " | " fr[C[1], l] " | " ed[C[1], l]
    for (j = 1; j <= nc; j++) line = line " | " (((C[j], l) in ms) ? sprintf("%.3f", ms[C[j], l]) : "-")
    print line " |"
  }
}
