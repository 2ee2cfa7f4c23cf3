# dobfs-tables.awk - lesson 11's tables from committed data, for its query blocks (scripts/numbers.sh
# runs each and requires the output the lesson shows). The first file gives each graph's n and m
# (a result CSV, schema harness/report.h); the second is read by the table asked for:
#
#   awk -v table=floor -f scripts/dobfs-tables.awk plots/data/ablation-step11-h100.csv \
#       plots/data/side-by-side-step10-h100.log
#     steps 06, 08 and 10 (the first "Median Time" of each), and step 08's bandwidth floor: every
#     column read once (4 B), every row offset (8 B), every dist word read and written (8 B a
#     vertex), at the H100's datasheet 3.35 TB/s (steps/08_bfs4k/README.md)
#   awk -v table=switch -f scripts/dobfs-tables.awk plots/data/ablation-step11-h100.csv \
#       plots/data/trace-step11-h100.csv
#     per graph of the trace: beamer's first bottom-up level, its frontier, and the edges inspected
#     (summed over the levels) under beamer and under topdown (the trace's rows of those variants)
function fm(x) { return x >= 100 ? sprintf("%.0f", x) : x >= 10 ? sprintf("%.1f", x) : x >= 1 ? sprintf("%.2f", x) : sprintf("%.3f", x) }
FNR == 1 { f++ }
f == 1 { if (FNR > 1) { split($0, c, ","); n[c[3]] = c[4]; m[c[3]] = c[5] } next }
table == "floor" && /^date: / { day = substr($2, 1, 10) }   # the build: the log's commit: line
table == "floor" && /^== [^ ]+ bin\/step[0-9]+: / {   # a step's first run; "(run 2)" and -V lines skipped
  match($0, /Median Time: [0-9.]+/); t[$2, substr($3, 9, 2)] = substr($0, RSTART + 13, RLENGTH - 13) + 0
  if (!($2 in seen)) { seen[$2] = 1; g[++ng] = $2 }
}
table == "switch" && FNR > 1 {
  split($0, c, ","); k = c[3]
  if (!(k in seen)) { seen[k] = 1; g[++ng] = k }
  e[k, c[2]] += c[9]
  if (c[2] == "beamer" && c[14] == "bottom-up" && !(k in sw)) sw[k] = sprintf("%d | %d (%.1f %% of n)", c[7], c[8], 100 * c[8] / n[k])
}
END {
  if (table == "floor") {
    print "| graph | step 06 | step 08 | step 10 | 10 vs 08 | floor, µs | step 08 over it | step 10 over it |"
    print "|---|---:|---:|---:|---:|---:|---:|---:|"
    for (i = 1; i <= ng; i++) {
      k = g[i]; fl = (4 * m[k] + 16 * n[k]) / 3.35e9                  # ms
      printf "| %s | %s | %s | %s | %.2f× | %s | %s× | %s× |\n", k, fm(t[k, "06"]), fm(t[k, "08"]), fm(t[k, "10"]),
        t[k, "08"] / t[k, "10"], fm(fl * 1000), fm(t[k, "08"] / fl), fm(t[k, "10"] / fl)
    }
    print "measured on " day
  } else if (table == "switch") {
    print "| graph | first bottom-up level | its frontier | edges inspected, beamer | edges inspected, topdown |"
    print "|---|---:|---:|---:|---:|"
    for (i = 1; i <= ng; i++) {
      k = g[i]
      printf "| %s | %s | %s M | %s M |\n", k, (k in sw) ? sw[k] : "never | -", fm(e[k, "beamer"] / 1e6), fm(e[k, "topdown"] / 1e6)
    }
  } else print "dobfs-tables.awk: table=floor or table=switch"
}
