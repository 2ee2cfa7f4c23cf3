#!/usr/bin/env bash
# dobfs-found.sh - step 10's bottom-up count of found vertices, a thread at a time against from the
# ballots (docs/notes/dobfs-exact-r.md, "Result"). Four step 10 builds, one after another per graph
# (one process on the GPU), BIN GRAPH -R 4 -n 5 -V VARIANT (the last trial of each source verified):
#   e923ed4  the program before the split (Beamer's counts in it; found a thread at a time)
#   2d260a3  the tree before the change (found a thread at a time, dev_block_add)
#   869f3c8  the change: lane 0 adds each ballot's __popc (one shared atomic a warp)
#   warp     2d260a3 + round-sums.patch (dev_block_add sums over the warp first)
# soc-Slashdot0902 three times over, the other graphs once; slides on kron20, kron22, uniform22 and
# soc-Slashdot0902, topdown on grid2000x2000 and luxembourg_osm (each graph's fastest), bottomup on
# soc-Slashdot0902 and luxembourg_osm. Needs nvcc and a GPU. Rows into OUT_CSV (default
# results/dobfs-found.csv; the commit column names the build), medians on stdout (SUMMARY=CSV
# prints only the medians of an existing CSV, no GPU). PREBUILT=DIR takes DIR/NAME/step10.
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$PWD
summary() { python3 docs/notes/ab-medians.py "$1" 2d260a3 e923ed4; }
if [ -n "${SUMMARY:-}" ]; then summary "$SUMMARY"; exit; fi
. "$ROOT/scripts/results-common.sh"  # graph_args, notes_csv
notes_csv dobfs-found
declare -A B
wts=()
trap 'for w in "${wts[@]}"; do git worktree remove --force "$w"; done' EXIT
build() { # NAME COMMIT [PATCH]
  if [ -n "${PREBUILT:-}" ]; then B[$1]=$PREBUILT/$1/step10; return; fi
  local w; w=$(mktemp -d); wts+=("$w")
  git worktree add -q --detach "$w" "$2" || exit 2
  [ -z "${3:-}" ] || git -C "$w" apply "$ROOT/docs/notes/$3" || exit 2
  make -C "$w" -j"$(nproc)" SM=90 ${4:+COMMIT=$4} bin/step10 > /dev/null || exit 2
  B[$1]=$w/bin/step10
}
build e923 e923ed4; build head 2d260a3; build fw 869f3c8; build rsw 2d260a3 round-sums.patch warp
run() { # GRAPH VARIANT REPS SIDE...
  local g=$1 v=$2 reps=$3; shift 3
  for _ in $(seq "$reps"); do for s in "$@"; do
    # shellcheck disable=SC2086
    timeout 120 "${B[$s]}" $(graph_args "$g") --name "$g" -R 4 -n 5 -V "$v" -o "$OUT_CSV" > /dev/null 2>&1 ||
      echo "dobfs-found: $s $g $v failed" >&2
  done; done
}
run soc-Slashdot0902 slides 3 e923 head fw rsw
for g in kron20 kron22 uniform22; do run $g slides 1 e923 head fw rsw; done
for g in grid2000x2000 luxembourg_osm; do run $g topdown 1 e923 head fw rsw; done
run luxembourg_osm bottomup 1 head fw rsw; run soc-Slashdot0902 bottomup 1 head fw rsw
summary "$OUT_CSV"
