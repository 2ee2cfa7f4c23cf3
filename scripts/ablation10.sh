#!/usr/bin/env bash
# ablation10.sh [OUTDIR] - the ablation and traces of steps 10 and 11 (steps/10_dobfs, steps/11_beamer):
# every variant of BIN (10: slides, topdown, bottomup; 11: beamer too) on kron20, kron22,
# uniform22, grid2000x2000, soc-Slashdot0902 and luxembourg_osm, -R SOURCES -n TRIALS -v, rows into
# OUTDIR/ablation.csv; plus the step's default rule (its first variant) without the scan floor
# (-K gamma=0) and with 08's block queue in the multi-block levels (-K mstage=1); before that, one
# traced run (-a) of every variant but bottomup on TRACE_GRAPHS, whose per-level rows (the
# harness's trace CSV) get the level's direction (the step's "Direction:" lines) as a last
# column: OUTDIR/trace.csv. Environment: SOURCES (4), TRIALS (5), GRAPHS (labels as below),
# TRACE_GRAPHS ("kron22 uniform22 soc-Slashdot0902"), BIN (bin/step10; bin/step11), GRAPH_DIR.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gpu-probe.sh"; need_gpu ablation10
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/results-common.sh"   # graph_args
OUT=${1:-results/ablation10}
BIN=${BIN:-bin/step10}
V0=$("$BIN" --list-variants | head -1)   # the step's default: slides (10), beamer (11)
mkdir -p "$OUT"
for g in ${TRACE_GRAPHS:-kron22 uniform22 soc-Slashdot0902}; do
  for v in $("$BIN" --list-variants | grep -v bottomup); do
    rm -f "$OUT/t.csv" "$OUT/t.trace.csv"
    log="$OUT/trace-$g-$v.log"
    # shellcheck disable=SC2046
    timeout 120 "$BIN" $(graph_args "$g") --name "$g" -V "$v" -R 1 -n 1 -a -o "$OUT/t.csv" > "$log" 2>&1
    echo "ablation10: trace $g $v exit $?"
    [ -f "$OUT/trace.csv" ] || echo "$(head -1 "$OUT/t.trace.csv"),direction" > "$OUT/trace.csv"
    awk -F, -v OFS=, 'NR == FNR { if ($0 ~ /^Direction: level /) { split($0, a, " "); d[a[3]] = a[4] } next }
                      FNR > 1 { print $0, ($7 in d ? d[$7] : "unknown") }' "$log" "$OUT/t.trace.csv" >> "$OUT/trace.csv"
  done
done
for g in ${GRAPHS:-kron20 kron22 uniform22 grid2000x2000 soc-Slashdot0902 luxembourg_osm}; do
  for v in $("$BIN" --list-variants); do
    # shellcheck disable=SC2046
    timeout 120 "$BIN" $(graph_args "$g") --name "$g" -V "$v" -R "${SOURCES:-4}" -n "${TRIALS:-5}" -v \
      -o "$OUT/ablation.csv" > "$OUT/ablation-$g-$v.log" 2>&1
    echo "ablation10: $g $v exit $? $(grep -E '^(Average|Verification)' "$OUT/ablation-$g-$v.log" | tr '\n' ' ')"
  done
  # shellcheck disable=SC2046
  timeout 120 "$BIN" $(graph_args "$g") --name "$g" -V "$V0" -K gamma=0 -R "${SOURCES:-4}" -n "${TRIALS:-5}" -v \
    -o "$OUT/ablation.csv" > "$OUT/ablation-$g-$V0-nofloor.log" 2>&1
  echo "ablation10: $g $V0 gamma=0 exit $? $(grep -E '^(Average|Verification)' "$OUT/ablation-$g-$V0-nofloor.log" | tr '\n' ' ')"
  # shellcheck disable=SC2046
  timeout 120 "$BIN" $(graph_args "$g") --name "$g" -V "$V0" -K mstage=1 -R "${SOURCES:-4}" -n "${TRIALS:-5}" -v \
    -o "$OUT/ablation.csv" > "$OUT/ablation-$g-$V0-mstage1.log" 2>&1
  echo "ablation10: $g $V0 mstage=1 exit $? $(grep -E '^(Average|Verification)' "$OUT/ablation-$g-$V0-mstage1.log" | tr '\n' ' ')"
done
rm -f "$OUT/t.csv" "$OUT/t.trace.csv"
