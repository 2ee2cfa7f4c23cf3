#!/usr/bin/env bash
# profile-bench.sh - the lessons' profiler tables, measured: every configuration below under
# scripts/profile.sh (Nsight Compute, -n 1, at most PROFILE_LAUNCHES launches of each launch
# configuration), written to plots/data/profile-GPU.csv (step,config,graph,kernel,metric,value)
# with its provenance in plots/data/profile-GPU.meta (GPU, driver, CUDA, ncu, commit, date and
# every command). `make plots` (scripts/profile-tables.sh) puts the tables into the lessons.
# Needs a GPU and ncu (exit 77 without either, nothing written); builds what it runs (SM=90 unless
# given). Exit 1 when a configuration failed (the others are still written).
# Environment: OUTDIR (plots/data), PROFILE_DIR (results/profile), NCU, SM, PROFILE_LAUNCHES,
# PROFILE_STEPS ("step08 step13": only those steps' configurations; their rows replace the same
# steps' rows of the CSV, the others stay, and the provenance gets a block of its own).
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
. scripts/results-common.sh
OUTDIR=${OUTDIR:-plots/data}
export PROFILE_DIR=${PROFILE_DIR:-results/profile}

# step|binary|config label|run arguments. Steps with device launches run their -nocdp build.
CONFIGS=(
  "step02|bin/step02|flags|-g 18 -n 1"
  "step03|bin/step03|vertex|-g 18 -n 1 -V vertex"
  "step03|bin/step03|edge|-g 18 -n 1 -V edge"
  "step04|bin/step04|defer|-g 18 -n 1 -V defer"
  "step04|bin/step04|reorder|-g 18 -n 1 -V reorder"
  "step04|bin/step04|redirect|-g 18 -n 1 -V redirect"
  "step05|bin/step05|vw=4|-g 18 -n 1 -K vw=4"
  "step05|bin/step05|vw=16|-g 18 -n 1 -K vw=16"
  "step05|bin/step05|vw=32|-g 18 -n 1 -K vw=32"
  "step05|bin/step05|vw=4|-G 200x200 -n 1 -K vw=4"
  "step05|bin/step05|vw=16|-G 200x200 -n 1 -K vw=16"
  "step05|bin/step05|vw=32|-G 200x200 -n 1 -K vw=32"
  "step06|bin/step06|hqueue|-g 18 -n 1"
  "step06|bin/step06|bq=0|-g 18 -n 1 -K bq=0"
  "step07|bin/step07|blelloch|-g 18 -n 1 -V blelloch"
  "step07|bin/step07|cub|-g 18 -n 1 -V cub"
  "step08|bin/step08-nocdp|bfs4k|-g 18 -n 1"
  "step08|bin/step08-nocdp|paper|-g 18 -n 1 -V paper"
  "step09|bin/step09-nocdp|hbf|-g 18 -n 1"
  "step09|bin/step09-nocdp|paper|-g 18 -n 1 -V paper"
  "step10|bin/step10-nocdp|slides|-g 18 -n 1"
  "step10|bin/step10-nocdp|slides|-G 200x200 -n 1"
  "step11|bin/step11-nocdp|beamer|-g 18 -n 1"
  "step11|bin/step11-nocdp|beamer|-G 200x200 -n 1"
  "step12|bin/step12-nocdp|hop=0|-G 200x200 -n 1 -K hop=0"
  "step12|bin/step12-nocdp|hop|-G 200x200 -n 1"
  "step13|bin/step13-nocdp|lean=0|-G 200x200 -n 1 -K lean=0"
  "step13|bin/step13-nocdp|lean|-G 200x200 -n 1"
  "step19|bin/step19|ibfs K=1|-g 18 -n 1"
  "step19|bin/step19|ibfs K=64|-g 18 -n 1 -R 64"
  "step20|bin/step20-nocdp|chunks=0|-g 18 -n 1 -K chunks=0"
  "step20|bin/step20-nocdp|chunks|-g 18 -n 1"
)

ncu=${NCU:-$(command -v ncu 2>/dev/null || echo "${CUDA:-/usr/local/cuda}/bin/ncu")}
command -v "$ncu" >/dev/null 2>&1 || { echo "profile-bench: SKIPPED: ncu not found; nothing was profiled (exit 77)"; exit 77; }
slug=$(gpu_slug)
[ -n "$slug" ] || { echo "profile-bench: SKIPPED: no CUDA device here; nothing was profiled (exit 77)"; exit 77; }
only=${PROFILE_STEPS:-}
if [ -n "$only" ]; then
  sel=(); for c in "${CONFIGS[@]}"; do [[ " $only " == *" ${c%%|*} "* ]] && sel+=("$c"); done
  [ ${#sel[@]} -gt 0 ] || { echo "profile-bench: PROFILE_STEPS='$only' names no configuration" >&2; exit 2; }
  CONFIGS=("${sel[@]}")
fi
bins=$(printf '%s\n' "${CONFIGS[@]}" | cut -d'|' -f2 | sort -u)
make -j"$(nproc)" ${SM:+SM=$SM} $bins >/dev/null || { echo "profile-bench: the build failed" >&2; exit 1; }

csv="$OUTDIR/profile-$slug.csv"; meta="$OUTDIR/profile-$slug.meta"
mkdir -p "$OUTDIR" "$PROFILE_DIR"
tmp="$csv.part"   # kept when the run is cut short
echo "step,config,graph,kernel,metric,value" > "$tmp"
start=$(date -u +%FT%TZ); fails=0; cmds=()
for c in "${CONFIGS[@]}"; do
  IFS='|' read -r step bin label args <<< "$c"
  # shellcheck disable=SC2086
  tag=$step-${label//[= ]/}-$(awk '{print $2}' <<< "$args")
  PROFILE_DIR=$PROFILE_DIR/$tag PROFILE_CSV=$tmp PROFILE_CONFIG=$label NCU=$ncu \
    scripts/profile.sh "$bin" $args > "$PROFILE_DIR/$tag.txt" 2>&1
  rc=$?
  cmds+=("PROFILE_CONFIG='$label' scripts/profile.sh $bin $args   # exit $rc")
  [ $rc = 0 ] || { fails=$((fails + 1)); echo "profile-bench: $step $label ($args) failed, exit $rc" >&2; }
done
if [ -n "$only" ] && [ -f "$csv" ]; then
  # the other steps' rows stay; rows grouped by step in ladder order, each step's in run order
  { head -1 "$tmp"
    { awk -F, -v only=" $only " 'NR > 1 && index(only, " " $1 " ") == 0' "$csv"; tail -n +2 "$tmp"; } |
      awk '{ print NR "," $0 }' | sort -t, -k2,2 -k1,1n | cut -d, -f2-; } > "$csv.new"
  mv "$csv.new" "$csv"; rm -f "$tmp"
else
  mv "$tmp" "$csv"
fi
{
  echo "# Provenance of profile-$slug.csv (scripts/profile-bench.sh): one row per step, config, kernel and metric"
  echo "start: $start"
  echo "end: $(date -u +%FT%TZ)"
  echo "commit: $(cat build/commit.stamp 2>/dev/null || cat .commit 2>/dev/null || echo unknown)"
  echo "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
  echo "nvcc: $(nvcc --version 2>/dev/null | tail -1 || "${CUDA:-/usr/local/cuda}/bin/nvcc" --version | tail -1)"
  echo "ncu: $("$ncu" --version | tail -1)"
  echo "launch cap: ${PROFILE_LAUNCHES:-40} launches of each launch configuration (--filter-mode per-launch-config --launch-count)"
  echo "aggregation: time_us sum; dram_pct, l2_pct, occupancy_pct, atomic_pct time-weighted means;"
  echo "  threads_per_warp = sum smsp__thread_inst_executed / sum smsp__inst_executed; registers min-max;"
  echo "  atomic_sectors_per_us = sum (lts__t_sectors_op_atom + lts__t_sectors_op_red) / sum time"
  echo "failed: $fails"
  echo "commands (from the repository root):"
  printf '  %s\n' "${cmds[@]}"
} > "$meta.run"
if [ -n "$only" ] && [ -f "$meta" ]; then
  { cat "$meta"; echo; echo "# ==== run for: $only (the other steps' rows come from the runs above)"; cat "$meta.run"; } > "$meta.new"
  mv "$meta.new" "$meta"; rm -f "$meta.run"
else
  mv "$meta.run" "$meta"
fi
echo "profile-bench: ${#CONFIGS[@]} configurations, $fails failed -> $csv, $meta"
[ $fails = 0 ]
