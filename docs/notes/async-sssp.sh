#!/usr/bin/env bash
# async-sssp.sh - an experiment kept for its result: step 14's one-block near rounds without level
# barriers (async-sssp.patch, applied to step 14 as of commit 64d0a75 in a git worktree), against
# the rounds in the same binary (async=0), on the two road graphs; every trial verified. Builds
# the patch four ways (P0: -DLEAN_PEEK=0; P1: its defaults; P1N0 / P1N300: -DLEAN_IDLE_NS=0 / 300)
# and one with -DLEAN_PROF (HBF_VERBOSE prints where the block's time goes: near rounds, splits,
# round ends). Needs nvcc and a GPU; output on stdout (the committed run, summarized:
# docs/notes/data/async-sssp-h100.txt). GRAPH_DIR (graphs) holds the graphs.
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$PWD
GD=${GRAPH_DIR:-$ROOT/graphs}
wt=$(mktemp -d); git worktree add -q "$wt" 64d0a75 || exit 2
trap 'git worktree remove --force "$wt"' EXIT
git -C "$wt" apply "$ROOT/docs/notes/async-sssp.patch" || exit 2
make -C "$wt" -j"$(nproc)" SM=90 bin/step14-nocdp >/dev/null || exit 2
objs=$(ls "$wt"/build/harness/*.o | grep -v '/main.o$'); objs="$wt/build/harness/main.o $objs"
for v in "P0:-DLEAN_PEEK=0" "P1:" "P1N0:-DLEAN_IDLE_NS=0" "P1N300:-DLEAN_IDLE_NS=300" "PROF:-DLEAN_PROF"; do
  n=${v%%:*} f=${v#*:}
  # shellcheck disable=SC2086
  nvcc -arch=sm_90 -std=c++17 -I"$wt/harness" -O3 -DGALLERY_NO_CDP $f -c "$wt/steps/14_nearfar/sssp.cu" -o "$wt/$n.o" &&
    nvcc -arch=sm_90 "$wt/$n.o" $objs -o "$wt/$n" -lcudart -lz -lm -ldl -lgomp || exit 2
done
sets="async=0;async=1;async=1,anlo=1024;async=1,anlo=16384;async=1,anlo=65536;async=1,chase=1;async=1,stale=0"
for b in P0 P1 P1N0 P1N300; do
  for g in rome99.gr.gz luxembourg_osm.mtx.gz; do
    echo "== $b $g"
    "$wt/$b" -f "$GD/$g" -R 4 -n 5 -v --knob-sets "$sets" 2>&1 | grep -E "^(Knobs|Average|Verification)|relaxations"
  done
done
for g in rome99.gr.gz luxembourg_osm.mtx.gz; do
  for k in "async=0" "async=1" "async=1,spread=0" "async=0,chase=1" "async=1,chase=1"; do
    echo "== PROF $g $k"
    HBF_VERBOSE=1 "$wt/PROF" -f "$GD/$g" -r 0 -n 3 -v -K lean=1 --knob-sets "$k" 2>&1 | grep -E "^prof:|Median" | tail -2
  done
done
