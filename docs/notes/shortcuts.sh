#!/usr/bin/env bash
# shortcuts.sh - SSSP on graphs with rho-nearest shortcut edges (docs/notes/shortcuts.md).
#   docs/notes/shortcuts.sh --cpu       the CPU check (docs/notes/data/shortcuts.txt): distances
#                                       unchanged, shortest-path depth in edges before and after
#   docs/notes/shortcuts.sh OUTDIR      the GPU run (needs nvcc and a GPU): steps 15 and 17 built with
#                                       docs/notes/shortcuts.patch in a git worktree; the CPU's
#                                       delta-stepping (16 threads, delta 1024 and 4096) and step 17
#                                       on each graph, then step 15 on the graph with rho = 8, 16, 32
#                                       shortcuts (GALLERY_SHORTCUTS=RHO), six knob sets;
#                                       OUTDIR/{cpu,ref,sc}.csv and one log a run
# GRAPHS (rome99 luxembourg_osm road300k road1m grid2000x2000), GRAPH_DIR (graphs).
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$PWD
# shellcheck source=scripts/results-common.sh
. scripts/results-common.sh
GD=${GRAPH_DIR:-graphs}
if [ "${1:-}" = --cpu ]; then
  bin=$(mktemp); trap 'rm -f "$bin"' EXIT
  cc -O2 -std=c11 -Wall -Wextra -Werror -fopenmp -D_GNU_SOURCE -DSC_MAIN -Iharness docs/notes/shortcuts.c \
    harness/io.c harness/graph.c harness/oracle.c harness/err.c harness/generate.c -o "$bin" -lz -lm || exit 2
  echo "# docs/notes/shortcuts.sh --cpu on $(date -u +%F), commit $(git rev-parse --short HEAD)"
  "$bin" "$GD/rome99.gr.gz" -p 8,16,32
  "$bin" "$GD/luxembourg_osm.mtx.gz" -p 8,16,32
  "$bin" --road 300000 -p 8,16,32
  exit 0
fi
OUTDIR=${1:?usage: docs/notes/shortcuts.sh --cpu | OUTDIR}
mkdir -p "$OUTDIR"; OUTDIR=$(cd "$OUTDIR" && pwd)
wt=$(mktemp -d); trap 'git worktree remove --force "$wt" >/dev/null 2>&1' EXIT
if ! git worktree add -q --detach "$wt" HEAD || ! (cd "$wt" && git apply "$ROOT/docs/notes/shortcuts.patch" &&
  make -j8 bin/step15 bin/step17 build/cpubench >/dev/null); then echo "shortcuts: build failed" >&2; exit 2; fi
B=$wt/bin
for g in ${GRAPHS:-rome99 luxembourg_osm road300k road1m grid2000x2000}; do
  ga=$(GRAPH_DIR=$GD graph_args "$g") || { echo "unknown graph $g" >&2; continue; }
  # shellcheck disable=SC2086
  OMP_NUM_THREADS=16 CPUBASE_DELTA="1024 4096" "$wt/build/cpubench" sssp $ga --name "$g" -R 4 -n 5 -o "$OUTDIR/cpu.csv" > "$OUTDIR/cpu-$g.log" 2>&1
  # shellcheck disable=SC2086
  "$B/step17" $ga --name "$g" -R 4 -n 5 -v -o "$OUTDIR/ref.csv" > "$OUTDIR/ref17-$g.log" 2>&1
  rhos="8 16 32"; [ "$g" = grid2000x2000 ] && rhos="8 16"
  for r in $rhos; do
    # NF_ADAPT=1: the patch's switch for step 14's adaptive step on any mean degree
    # shellcheck disable=SC2086
    GALLERY_SHORTCUTS=$r NF_ADAPT=1 OMP_NUM_THREADS=16 "$B/step15" $ga --name "$g-sc$r" -R 4 -n 5 -v \
      --knob-sets 'lean=1;lean=0;lean=1,chase=1' -o "$OUTDIR/sc.csv" > "$OUTDIR/sc$r-a-$g.log" 2>&1
    # shellcheck disable=SC2086
    GALLERY_SHORTCUTS=$r OMP_NUM_THREADS=16 "$B/step15" $ga --name "$g-sc$r" -R 4 -n 5 -v \
      --knob-sets 'lean=1,delta=1024;lean=1,delta=4096;lean=0,delta=4096' -o "$OUTDIR/sc.csv" > "$OUTDIR/sc$r-f-$g.log" 2>&1
    echo "shortcuts: $g rho $r done" >&2
  done
done
