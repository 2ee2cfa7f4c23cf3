# ibfs19.awk - step 19 against a single-source step, from scripts/ibfs-bench.sh's CSV
# (harness schema, report.h). Prints one line per (graph, K) of step 19's default
# variant and knobs (mode=curve, default) or per (graph, variant, knobs) at every K
# (mode=all):
#   graph K base_ms_per_source ibfs_ms_per_source speedup ibfs_aggregate_gteps base_gteps variant knobs
# base_ms_per_source: mean time of the base step (base, default step06) over the
#   first K sources of its -R run (the same K sources step 19 got with -R K);
#   running it K times takes K times that.
# ibfs_ms_per_source: median over trials of step 19's run time, divided by K.
# Every trial of a run counts (-n 3: the last trial is verified, PASS, the others
# UNCHECKED); a run with a FAIL row is left out whole.
BEGIN { FS = ","; if (base == "") base = "step06"; if (mode == "") mode = "curve" }
NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
$(c["step"]) == base {
  if ($(c["verified"]) != "PASS") next
  g = $(c["graph"]); nb[g]++; bms[g, nb[g]] = $(c["ms"]); bed[g, nb[g]] = $(c["edges"]); next
}
$(c["step"]) == "step19" {
  kn = $(c["knobs"]); if (!match(kn, /sources=[0-9]+/)) next
  k = substr(kn, RSTART + 8, RLENGTH - 8) + 0
  g = $(c["graph"]); key = g SUBSEP k SUBSEP $(c["variant"]) SUBSEP kn
  if ($(c["verified"]) == "FAIL") bad[key] = 1
  if (!(key in n)) { order[++nkeys] = key }
  n[key]++; ms[key, n[key]] = $(c["ms"]); edges[key] = $(c["edges"])
}
function median(key, cnt,   a, i, j, t) {
  for (i = 1; i <= cnt; i++) a[i] = ms[key, i]
  for (i = 2; i <= cnt; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
  return cnt % 2 ? a[(cnt + 1) / 2] : (a[cnt / 2] + a[cnt / 2 + 1]) / 2
}
END {
  for (o = 1; o <= nkeys; o++) {
    key = order[o]; if (key in bad) continue
    split(key, p, SUBSEP); g = p[1]; k = p[2]; v = p[3]; kn = p[4]
    if (mode == "curve" && (v != "ibfs" || kn !~ /^gsize=64;groupby=1;vw=8;alpha=14;beta=24;sources=/)) continue
    m = median(key, n[key]); per = m / k
    bsum = 0; besum = 0
    if (nb[g] >= k) { for (i = 1; i <= k; i++) { bsum += bms[g, i]; besum += bed[g, i] } }
    bper = nb[g] >= k ? bsum / k : -1
    sp = (bper > 0) ? bper / per : -1
    ag = (m > 0) ? edges[key] / (m * 1e6) : 0
    bg = (bsum > 0) ? besum / (bsum * 1e6) : -1
    printf "%s %d %.5f %.5f %.3f %.3f %.3f %s %s\n", g, k, bper, per, sp, ag, bg, v, kn
  }
}
