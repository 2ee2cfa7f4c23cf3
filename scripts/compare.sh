#!/usr/bin/env bash
# compare.sh BIN... - the main job (make compare): every step and variant on
# one graph (GRAPH, default "-g 20": Kronecker scale 20), verified, one table:
# step, variant, median time, GTEPS, speedup over step 01 and over the CPU
# oracle. Rows go to results/compare.csv too.
set -u
GRAPH=${GRAPH:--g 20}
SOURCES=${SOURCES:-4}
TRIALS=${TRIALS:-3}
csv=${COMPARE_CSV:-results/compare.csv}
# A missing input is a usage error (exit 2), said once, before anything runs.
if [[ " $GRAPH " =~ \ -f\ +([^ ]+) ]] && [ ! -r "${BASH_REMATCH[1]}" ]; then
  echo "compare: error: graph file ${BASH_REMATCH[1]} not found (GRAPH='$GRAPH'; the repo's graphs are in graphs/)"; exit 2
fi
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
awk -F, '
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  { key = $col["step"] SUBSEP $col["variant"]
    if (!(key in seen)) { seen[key] = 1; order[++n] = key }
    k = ++cnt[key]; ms[key, k] = $col["ms"]; gt[key, k] = $col["gteps"]
    if ($col["verified"] == "FAIL") bad[key] = 1
    if ($col["verified"] == "PASS") ok[key] = 1
    graph = $col["graph"]; gpu = $col["gpu"] }
  function med(arr, key, c,   i, j, t, v) {
    for (i = 1; i <= c; i++) v[i] = arr[key, i] + 0
    for (i = 2; i <= c; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
    return c % 2 ? v[(c + 1) / 2] : (v[c / 2] + v[c / 2 + 1]) / 2 }
  END {
    for (i = 1; i <= n; i++) { k = order[i]; m[k] = med(ms, k, cnt[k]); g[k] = med(gt, k, cnt[k]) }
    for (i = 1; i <= n; i++) { split(order[i], p, SUBSEP); if (p[1] == "cpu") cpu = m[order[i]]; else if (!base) base = m[order[i]] }
    printf "\nmake compare: %s on %s\n", graph, gpu
    printf "%-8s %-10s %12s %9s %10s %10s %9s\n", "step", "variant", "median ms", "GTEPS", "vs step01", "vs CPU", "verified"
    for (i = 1; i <= n; i++) {
      k = order[i]; split(k, p, SUBSEP)
      printf "%-8s %-10s %12.3f %9.3f %9.2fx %9.2fx %9s\n", p[1], p[2], m[k], g[k], base / m[k], cpu / m[k],
             bad[k] ? "FAIL" : (ok[k] ? "PASS" : "-") } }' "$csv"
exit $status
