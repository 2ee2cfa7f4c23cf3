#!/usr/bin/env bash
# sweep.sh BIN... - grid x block sweep of every variant of every step (make [stepNN..] sweep).
#
# One process per step and variant sweeps the whole cross product in-process:
#   BIN $GRAPH -V VARIANT -x GRIDS -b BLOCKS -n TRIALS -R SOURCES -v -o CSV
# GRIDS  = 0 (the step's own choice), 1, 2, 4, ..., 8192: past the resident maximum of an
#          H100 (132 SMs x 32 blocks), so the plateau of grid-stride loops shows;
# BLOCKS = 32, 64, ..., 1024. Every configuration is verified (-v).
# Rows land in results/sweep-GPU.csv (GPU: the slug of nvidia-smi's name, e.g. h100): the rows
# of the same (step, variant, graph) from an earlier sweep are replaced, the others kept.
# Copy that file to plots/data/ to commit it; `make plots` draws one heatmap per step,
# variant and graph.
#
# Environment: GRAPH ("-g 18"), SWEEP_CSV (results/sweep-GPU.csv), SWEEP_GRIDS, SWEEP_BLOCKS
# (comma lists), SWEEP_TRIALS (3), SWEEP_SOURCES (1), SWEEP_TIMEOUT (seconds per process, 600),
# SWEEP_VARIANTS (space-separated: only these), GPU_SLUG (skip nvidia-smi: tests).
# A progress line per step and variant goes to stderr. Exit 0 when every process passed,
# 1 when one failed or timed out (the others still run), 77 when there is no GPU, 2 on usage.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/scripts/results-common.sh"

[ $# -gt 0 ] || { echo "usage: scripts/sweep.sh bin/stepNN..." >&2; exit 2; }
GRAPH=${GRAPH:-"-g 18"}
GRIDS=${SWEEP_GRIDS:-0,1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192}
BLOCKS=${SWEEP_BLOCKS:-32,64,128,256,512,1024}
TRIALS=${SWEEP_TRIALS:-3}
SOURCES=${SWEEP_SOURCES:-1}
TMO=${SWEEP_TIMEOUT:-600}

. "$ROOT/scripts/gpu-probe.sh"; need_gpu sweep
slug=$(gpu_slug)
if [ -z "$slug" ]; then echo "sweep: no GPU (nvidia-smi lists none): nothing swept" >&2; exit 77; fi
CSV=${SWEEP_CSV:-$ROOT/results/sweep-$slug.csv}
mkdir -p "$(dirname "$CSV")"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sweep.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

nconf=$(( $(tr ',' '\n' <<<"$GRIDS" | wc -l) * $(tr ',' '\n' <<<"$BLOCKS" | wc -l) ))
echo "sweep: $* on '$GRAPH': $nconf shapes (grids $GRIDS x blocks $BLOCKS), -n $TRIALS -R $SOURCES, verified -> $CSV" >&2
bad=0
for bin in "$@"; do
  step=$(basename "$bin")
  if ! variants=$(timeout 60 "$bin" --list-variants 2>"$TMP/err"); then
    echo "sweep: $step: --list-variants failed: $(tail -n 1 "$TMP/err")" >&2; bad=1; continue
  fi
  if [ -n "${SWEEP_VARIANTS:-}" ]; then
    keep=""; for v in $variants; do case " $SWEEP_VARIANTS " in *" $v "*) keep="$keep $v" ;; esac; done
    variants=$keep
  fi
  nv=$(wc -w <<<"$variants"); i=0
  for v in $variants; do
    i=$((i + 1))
    out="$TMP/$step-$i.csv"; log="$TMP/$step-$i.log"
    t0=$(now_s)
    # shellcheck disable=SC2086  # GRAPH is a list of arguments
    timeout -k 10 "$TMO" "$bin" $GRAPH -V "$v" -x "$GRIDS" -b "$BLOCKS" -n "$TRIALS" -R "$SOURCES" -v -o "$out" \
      > "$log" 2>&1
    rc=$?
    rows=$([ -s "$out" ] && tail -n +2 "$out" | wc -l || echo 0)
    printf 'sweep: %-8s [%d/%d] %-16s %4d rows  %7ss  %s\n' "$step" "$i" "$nv" "$v" "$rows" \
      "$(elapsed_s "$t0" "$(now_s)")" "$(rc_word $rc)" >&2
    if [ $rc -eq 77 ]; then echo "sweep: no GPU: stopping" >&2; exit 77; fi
    if [ $rc -ne 0 ]; then bad=1; tail -n 5 "$log" | sed 's/^/    /' >&2; fi
    # partial rows of a failed or timed-out run are kept: they are real measurements (FAIL rows say so)
    csv_merge "$CSV" "$out" step,variant,graph
  done
done
if [ -s "$CSV" ]; then "$ROOT/scripts/csv-check.sh" "$CSV" >&2 || bad=1
else echo "sweep: no rows written" >&2; bad=1; fi
exit $bad
