# csvagg.awk - aggregate result CSV files (schema: harness/report.h) for plots.sh.
#
#   awk -F, -v mode=MODE -f scripts/csvagg.awk FILE.csv...
#
# Columns are found by name in each file's header, so files may be given
# together. Rows with verified == FAIL never enter a median (a wrong answer
# has no runtime); they are counted. Output is tab-separated, "-" for empty.
#
# mode=best   one line per (step, variant, graph): the launch shape (grid,
#             block, knobs) with the lowest median ms over all its rows
#             (trials x sources), that median and the median GTEPS:
#             step variant graph grid block knobs rows ms gteps fails vorder gorder n m
#             fails counts FAIL rows of every shape; vorder / gorder: order
#             of first appearance of (step, variant) / graph; ms = NaN when
#             every row failed.
# mode=heat   one line per (step, variant, graph, grid, block):
#             step variant graph grid block ms rows fails
# mode=info   provenance of the GPU rows (cpu rows when there are none):
#             "gpu NAME", "driver D", "cuda C", "commit C1 C2 ..", "date FIRST LAST", "rows N"
# mode=trace  trace CSV: for each (graph, step, variant) the levels of the
#             first source seen: graph step variant level frontier edges ms

function isort(A, n,   i, j, t) {           # numeric insertion sort of A[1..n]
  for (i = 2; i <= n; i++) {
    t = A[i]
    for (j = i - 1; j >= 1 && A[j] > t; j--) A[j + 1] = A[j]
    A[j + 1] = t
  }
}
function median(L, key, n,   A, i) {        # median of L[key, 1..n]
  for (i = 1; i <= n; i++) A[i] = L[key, i] + 0
  isort(A, n)
  if (n % 2) return A[(n + 1) / 2]
  return (A[n / 2] + A[n / 2 + 1]) / 2
}
function f(name) { return (name in col) ? $(col[name]) : "" }
function dash(s) { return s == "" ? "-" : s }

BEGIN { OFS = "\t" }

FNR == 1 { split("", col); for (i = 1; i <= NF; i++) { sub(/\r$/, "", $i); col[$i] = i }; next }
/^[ \t]*$/ { next }

mode == "best" || mode == "heat" {
  sv = f("step") SUBSEP f("variant")
  if (!(sv in vorder)) vorder[sv] = ++nsv
  gr = f("graph")
  if (!(gr in gorder)) { gorder[gr] = ++ngr; gn[gr] = f("n"); gm[gr] = f("m") }
  k = sv SUBSEP gr
  if (mode == "best") g = k SUBSEP f("grid") SUBSEP f("block") SUBSEP f("knobs")
  else                g = k SUBSEP f("grid") SUBSEP f("block")
  if (!(g in rows)) { shapes[k, ++nshapes[k]] = g; if (!(k in seen)) { seen[k] = 1; keys[++nkeys] = k } }
  rows[g]++
  if (f("verified") == "FAIL") { fails[g]++; kfails[k]++; next }
  c = ++cnt[g]; ms[g, c] = f("ms"); gt[g, c] = f("gteps")
  next
}

mode == "info" {
  isgpu = f("step") != "cpu"
  if (isgpu) ngpu++
  w = isgpu ? "g" : "c"
  nrows[w]++
  cnt[w, "gpu", f("gpu")]++; cnt[w, "driver", f("driver")]++; cnt[w, "cuda", f("cuda")]++
  cm = f("commit"); if (!((w, "commit", cm) in cnt)) commits[w] = commits[w] " " cm
  cnt[w, "commit", cm]++
  d = f("date")
  if (d != "" && (first[w] == "" || d < first[w])) first[w] = d
  if (d > last[w]) last[w] = d
  next
}

mode == "trace" {
  k = f("graph") SUBSEP f("step") SUBSEP f("variant")
  if (!(k in src)) { src[k] = f("src"); order[++nk] = k }
  if (f("src") != src[k]) next
  lines[k, ++nl[k]] = f("level") OFS f("frontier") OFS f("edges") OFS f("ms")
  next
}

function best_of(k,   i, g, m, bm, bg) {
  bg = ""
  for (i = 1; i <= nshapes[k]; i++) {
    g = shapes[k, i]
    if (!cnt[g]) continue
    m = median(ms, g, cnt[g])
    if (bg == "" || m < bm) { bm = m; bg = g }
  }
  return bg
}
function most(w, what,   x, p, best, bn) {  # the most frequent value of a column
  bn = -1
  for (x in cnt) {
    split(x, p, SUBSEP)
    if (p[1] == w && p[2] == what && cnt[x] > bn) { bn = cnt[x]; best = p[3] }
  }
  return best
}

END {
  if (mode == "best") {
    for (i = 1; i <= nkeys; i++) {
      k = keys[i]; split(k, p, SUBSEP)
      g = best_of(k); total = 0
      for (j = 1; j <= nshapes[k]; j++) total += rows[shapes[k, j]]
      if (g == "") { g = shapes[k, 1]; m = "NaN"; t = "NaN" }
      else { m = sprintf("%.6g", median(ms, g, cnt[g])); t = sprintf("%.6g", median(gt, g, cnt[g])) }
      split(g, s, SUBSEP)
      print p[1], p[2], p[3], dash(s[4]), dash(s[5]), dash(s[6]), total, m, t, kfails[k] + 0,
            vorder[p[1] SUBSEP p[2]], gorder[p[3]], dash(gn[p[3]]), dash(gm[p[3]])
    }
  } else if (mode == "heat") {
    for (i = 1; i <= nkeys; i++) {
      k = keys[i]
      for (j = 1; j <= nshapes[k]; j++) {
        g = shapes[k, j]; split(g, s, SUBSEP)
        m = cnt[g] ? sprintf("%.6g", median(ms, g, cnt[g])) : "NaN"
        print s[1], s[2], s[3], s[4], s[5], m, rows[g], fails[g] + 0
      }
    }
  } else if (mode == "info") {
    w = ngpu ? "g" : "c"
    print "gpu", most(w, "gpu"); print "driver", most(w, "driver"); print "cuda", most(w, "cuda")
    print "commit", substr(commits[w], 2); print "date", first[w], last[w]; print "rows", nrows[w] + 0
  } else if (mode == "trace") {
    for (i = 1; i <= nk; i++) {
      k = order[i]; split(k, p, SUBSEP)
      for (j = 1; j <= nl[k]; j++) print p[1], p[2], p[3], lines[k, j]
    }
  }
}
