#!/usr/bin/env bash
# round-sums.sh - the experiment of docs/notes/round-sums.md: every step's per-round (per-level)
# block sums with a warp's shuffles first (round-sums.patch: harness/dev.cuh's dev_block_add and
# step 14's nf_add_counts) against today's per-thread shared atomics. Builds steps 09, 10, 14 and
# 17 twice in git worktrees (base: HEAD; warp: HEAD + the patch), then, graph by graph, each step's
# two builds one after the other (one process on the GPU), -R 4 -n 5 -v (every trial verified):
# the SSSP steps at their defaults, step 10 under -V slides and -V bottomup. Needs nvcc and a GPU.
# Rows into OUT_CSV (default results/round-sums.csv; the commit column names the build), medians
# on stdout. GRAPH_DIR (graphs) holds the real graphs; GRAPHS (labels) and STEPS limit the run;
# PREBUILT=DIR takes DIR/base/bin/stepNN and DIR/warp/bin/stepNN instead of building (COMMIT=base, warp).
# PATCH (round-sums.patch) names the patch of the second build and WNAME (warp) its name: PATCH=
# round-sums-gated.patch WNAME=gated times the gated sums (a warp sums first only where more than
# DEV_DENSE_LANES of its lanes hold a count).
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$PWD
. "$ROOT/scripts/results-common.sh"  # graph_args, notes_csv
notes_csv round-sums
GRAPHS=${GRAPHS-kron20 kron22 uniform22 grid2000x2000 luxembourg_osm soc-Slashdot0902 rome99 road300k}
STEPS=${STEPS-09 10 14 17}
declare -A W
wts=()
trap 'for w in "${wts[@]}"; do git worktree remove --force "$w"; done' EXIT
WN=${WNAME:-warp}
for b in base $WN; do
  if [ -n "${PREBUILT:-}" ]; then W[$b]=$PREBUILT/$b; continue; fi  # PREBUILT/{base,$WN}/bin/stepNN
  w=$(mktemp -d); wts+=("$w"); W[$b]=$w
  git worktree add -q --detach "$w" HEAD || exit 2
  [ $b = base ] || git -C "$w" apply "$ROOT/docs/notes/${PATCH:-round-sums.patch}" || exit 2
  # shellcheck disable=SC2046,SC2086
  make -C "$w" -j"$(nproc)" SM=90 COMMIT=$b $(printf 'bin/step%s ' $STEPS) > /dev/null || exit 2
done
for g in $GRAPHS; do
  for s in $STEPS; do
    vs=default; [ "$s" = 10 ] && vs="slides bottomup"
    case $g in rome99|road300k) [ "$s" = 10 ] && continue ;; esac   # the road files: SSSP's
    for v in $vs; do
      for b in base $WN; do
        x=(); [ "$v" = default ] || x=(-V "$v")
        # shellcheck disable=SC2086
        "${W[$b]}/bin/step$s" $(graph_args "$g") --name "$g" -R 4 -n 5 -v "${x[@]}" -o "$OUT_CSV" > /dev/null 2>&1 ||
          echo "round-sums: step$s $b $g $v failed" >&2
      done
    done
  done
done
[ -s "$OUT_CSV" ] || { echo "round-sums: no rows in $OUT_CSV" >&2; exit 1; }
python3 docs/notes/ab-medians.py "$OUT_CSV" base
