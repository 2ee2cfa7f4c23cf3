#!/usr/bin/env bash
# ibfs-bench.sh - step 19 (iBFS, K sources in one run) against a single-source
# step run once per source. Appends harness CSV rows to $CSV:
#   the base step (default bin/step06): -R BASE_K -n 1, one row per source;
#     its first K rows are exactly the K sources step 19 gets with -R K
#     (graph_random_sources draws them from the same seeded sequence);
#   step 19: -R K -n 3 for each K in KS, one row per run, knobs "...;sources=K";
#   step 19 ablation at K = ABL_K: -V topdown, -V bottomup, -K groupby=0, -K gsize=32.
# plots/ibfs19.gp turns the CSV into the speedup curve. Every run verifies
# every source against the CPU oracle (its last trial); the log keeps the
# "Verification:" lines.
# Environment: CSV (results/ibfs-step19.csv), KS ("1 32 64 128 1024"),
# GRAPHS ("-g 20|-u 20|-G 1000x1000"), BASE (bin/step06), BASE_K (max of KS),
# ABL_K (128; empty: no ablation), ABL ("-V topdown|-V bottomup|-K groupby=0|-K gsize=32").
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gpu-probe.sh"; need_gpu ibfs-bench
CSV=${CSV:-results/ibfs-step19.csv}
KS=${KS:-"1 32 64 128 1024"}
GRAPHS=${GRAPHS:-"-g 20|-u 20|-G 1000x1000"}
BASE=${BASE:-bin/step06}
BASE_K=${BASE_K:-$(tr ' ' '\n' <<< "$KS" | sort -n | tail -1)}
ABL_K=${ABL_K-128}
ABL=${ABL:-"-V topdown|-V bottomup|-K groupby=0|-K gsize=32"}
mkdir -p "$(dirname "$CSV")"
IFS='|' read -ra GS <<< "$GRAPHS"
IFS='|' read -ra AS <<< "$ABL"
status=0
one() {  # label cmd...
  local label=$1; shift
  local out rc
  out=$("$@" -o "$CSV" 2>&1); rc=$?
  [ $rc = 0 ] || status=1
  printf '%-42s exit %d  %s  %s\n' "$label" $rc \
    "$(grep -E '^(Median|Per Source|Average)' <<< "$out" | sed 's/  */ /g' | tr '\n' ' ' | cut -c1-150)" \
    "$(grep -E '^(Verification|error)' <<< "$out" | tr '\n' ' ')"
}
for G in "${GS[@]}"; do
  # shellcheck disable=SC2086
  [ -n "$BASE_K" ] && [ "$BASE_K" != 0 ] && one "$(basename "$BASE") $G -R $BASE_K" "$BASE" $G -R "$BASE_K" -n 1
  for K in $KS; do
    # shellcheck disable=SC2086
    one "step19 $G -R $K" bin/step19 $G -R "$K" -n 3
  done
  if [ -n "$ABL_K" ]; then
    for a in "${AS[@]}"; do
      # shellcheck disable=SC2086
      one "step19 $G -R $ABL_K $a" bin/step19 $G -R "$ABL_K" -n 3 $a
    done
  fi
done
exit $status
