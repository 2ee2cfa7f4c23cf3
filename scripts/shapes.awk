# shapes.awk - a lesson's launch-shape summary from a sweep CSV (schema: harness/report.h), for the
# query blocks of the lessons (scripts/numbers.sh runs each in make test):
#
#   awk -F, -v step=step05 -v graph=kron18 -f scripts/shapes.awk plots/data/sweep-h100.csv
#
# For each variant of STEP on GRAPH: the fastest grid x block (mean ms of its trials), the step's
# default shape (auto x 256), one warp (1 x 32) and the range of every shape of at least
# 1,024 x 256 threads; one line each.
function f3(x) { return x >= 100 ? sprintf("%.0f", x) : x >= 10 ? sprintf("%.1f", x) : x >= 1 ? sprintf("%.2f", x) : sprintf("%.3f", x) }
FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
$(c["step"]) == step && $(c["graph"]) == graph && $(c["verified"]) != "FAIL" {
  k = $(c["variant"]) SUBSEP $(c["grid"]) SUBSEP $(c["block"]); s[k] += $(c["ms"]); n[k]++
}
END {
  for (k in s) {
    split(k, a, SUBSEP); v = a[1]; m = s[k] / n[k]; V[v] = 1
    if (!(v in best) || m < best[v]) { best[v] = m; at[v] = a[2] " x " a[3] }
    if (a[2] == 0 && a[3] == 256) auto[v] = m
    if (a[2] == 1 && a[3] == 32) warp[v] = m
    if (a[2] * a[3] >= 1024 * 256) { if (!(v in lo) || m < lo[v]) lo[v] = m; if (m > hi[v]) hi[v] = m }
  }
  for (v in V) printf "%s: fastest %s ms at %s; auto x 256 %s ms; one warp (1 x 32) %s ms; from 1,024 x 256 threads up %s-%s ms\n", \
    v, f3(best[v]), at[v], f3(auto[v]), f3(warp[v]), f3(lo[v]), f3(hi[v]) | "sort"
}
