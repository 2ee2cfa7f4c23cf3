#!/usr/bin/env bash
# compare.sh BIN... - the main job (make compare): every step and variant on
# one graph (GRAPH, default "-g 20": Kronecker scale 20), verified, one table:
# step, variant, median time, the step's untimed preparation (its init: relabelling, transpose,
# chains; median over its runs), GTEPS, speedup over the first step, over the serial
# CPU oracle (one core) and over the parallel CPU baseline (harness/cpubase.h,
# OMP_NUM_THREADS threads, else the free cores; both timed by --cpu-baseline on the first job).
# Rows go to results/compare.csv too.
# BFS and SSSP steps (steps/NN_*/sssp.cu) are never mixed in one table: the
# SSSP steps get a second table on SSSP_GRAPH (default: GRAPH, with the
# harness's random weights 1..255), against the CPU's Dijkstra, rows in
# results/compare-sssp.csv.
set -u
GRAPH=${GRAPH:--g 20}
SOURCES=${SOURCES:-4}
TRIALS=${TRIALS:-3}
bfs_bins=() sssp_bins=()
for bin in "$@"; do
  dir=$(ls -d steps/${bin##*/step}_* 2>/dev/null | head -1)
  if [ -n "$dir" ] && [ -e "$dir/sssp.cu" ]; then sssp_bins+=("$bin"); else bfs_bins+=("$bin"); fi
done
if [ -z "${COMPARE_PROBLEM:-}" ]; then
  rc=0
  if [ ${#bfs_bins[@]} -gt 0 ]; then COMPARE_PROBLEM=bfs "$0" "${bfs_bins[@]}" || rc=$?; fi
  if [ ${#sssp_bins[@]} -gt 0 ]; then
    # no GPU (77), or a usage/input error said once already (2): the SSSP table would say it again
    case $rc in 2|77) exit $rc ;; esac
    COMPARE_PROBLEM=sssp GRAPH="${SSSP_GRAPH:-$GRAPH}" COMPARE_CSV="${COMPARE_SSSP_CSV:-results/compare-sssp.csv}" \
      "$0" "${sssp_bins[@]}" || { r=$?; [ $rc = 0 ] && rc=$r; }
  fi
  exit $rc
fi
csv=${COMPARE_CSV:-results/compare.csv}
# A missing input is a usage error (exit 2), said once, before anything runs.
if [[ " $GRAPH " =~ \ -f\ +([^ ]+) ]] && [ ! -r "${BASH_REMATCH[1]}" ]; then
  echo "compare: error: graph file ${BASH_REMATCH[1]} not found (GRAPH='$GRAPH'; the repo's graphs are in graphs/)"; exit 2
fi
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gpu-probe.sh"; need_gpu compare
mkdir -p "$(dirname "$csv")"; rm -f "$csv"
status=0; first=1
for bin in "$@"; do
  for v in $("$bin" --list-variants); do
    extra=""; [ $first = 1 ] && extra="--cpu-baseline"; first=0
    echo ">> $(basename "$bin") -V $v $GRAPH" >&2
    # shellcheck disable=SC2086
    log=$("$bin" $GRAPH -R "$SOURCES" -n "$TRIALS" -V "$v" $extra -o "$csv" 2>&1); rc=$?
    if [ $rc = 77 ]; then echo "compare: no CUDA device here: $(grep '^SKIP' <<< "$log")"; exit 77; fi
    # exit 2 on the first run: the input or an option is bad for every step
    if [ $rc = 2 ] && [ ! -s "$csv" ]; then echo "compare: $(grep -m1 '^error:' <<< "$log" || tail -1 <<< "$log") (exit 2)"; exit 2; fi
    if [ $rc != 0 ]; then echo "compare: $(basename "$bin") -V $v failed (exit $rc):"; tail -5 <<< "$log"; status=1; fi
    grep -E '^(Graph has|GPU:)' <<< "$log" | head -2 >&2
  done
done
[ -s "$csv" ] || { echo "compare: no results"; exit 1; }
awk -F, -v problem="$COMPARE_PROBLEM" '
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  { key = $col["step"] SUBSEP $col["variant"]
    if (!(key in seen)) { seen[key] = 1; order[++n] = key }
    k = ++cnt[key]; ms[key, k] = $col["ms"]; gt[key, k] = $col["gteps"]; ini[key, k] = $col["init_ms"]
    if ($col["step"] != "cpu") upl[++nu] = $col["upload_ms"]
    if ($col["verified"] == "FAIL") bad[key] = 1
    if ($col["verified"] == "PASS") ok[key] = 1
    if ($col["step"] == "cpu" && $col["variant"] !~ /^(bfs|dijkstra|bellman-ford)$/) {
      par_key = key; th = $col["knobs"]; sub(/^.*threads=/, "", th); sub(/;.*$/, "", th); threads = th }
    graph = $col["graph"]; gpu = $col["gpu"] }
  function med(arr, key, c,   i, j, t, v) {
    for (i = 1; i <= c; i++) v[i] = arr[key, i] + 0
    for (i = 2; i <= c; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
    return c % 2 ? v[(c + 1) / 2] : (v[c / 2] + v[c / 2 + 1]) / 2 }
  END {
    for (i = 1; i <= n; i++) { k = order[i]; m[k] = med(ms, k, cnt[k]); g[k] = med(gt, k, cnt[k]); im[k] = med(ini, k, cnt[k]) }
    for (i = 1; i <= nu; i++) U["u", i] = upl[i]
    for (i = 1; i <= n; i++) { split(order[i], p, SUBSEP)
      if (p[1] == "cpu") { if (order[i] != par_key) cpu = m[order[i]] } else if (!base) base = m[order[i]] }
    par = (par_key != "") ? m[par_key] : 0
    split(par_key, pp, SUBSEP)
    printf "\nmake compare (%s): %s on %s\n", problem, graph, gpu
    printf "vs oracle: speedup over the serial CPU oracle (1 core); vs par CPU: over the parallel CPU baseline%s\n",
           par ? " " pp[2] " (" threads " threads)" : " (none measured)"
    printf "init ms: the step'"'"'s untimed preparation (init: allocation, relabelling, transpose, chains), once a run,\n"
    printf "never in its median ms; the graph'"'"'s upload (%s) is in neither\n", nu ? sprintf("%.3f ms, median", med(U, "u", nu)) : "not measured"
    printf "%-8s %-18s %12s %10s %9s %10s %10s %11s %9s\n", "step", "variant", "median ms", "init ms", "GTEPS", "vs first", "vs oracle", "vs par CPU", "verified"
    for (i = 1; i <= n; i++) {
      k = order[i]; split(k, p, SUBSEP)
      printf "%-8s %-18s %12.3f %10s %9.3f %9.2fx %9.2fx %s %9s\n", p[1], p[2], m[k], p[1] == "cpu" ? "-" : sprintf("%.3f", im[k]), g[k], base / m[k], cpu / m[k],
             par ? sprintf("%10.2fx", par / m[k]) : sprintf("%11s", "-"), bad[k] ? "FAIL" : (ok[k] ? "PASS" : "-") } }' "$csv"
exit $status
