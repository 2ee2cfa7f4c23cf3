#!/usr/bin/env bash
# dobfs-exact-r.sh - the experiment of docs/notes/dobfs-exact-r.md: four step 10s built in git
# worktrees (base: HEAD; exact: commit 8005878, the bottom-up level's exact count of the unvisited
# summed with dev_block_add; exact-warp: HEAD + dobfs-exact-r-warp.patch, both counts summed over
# the warp first; found-warp: HEAD + dobfs-found-warp.patch, the rule unchanged, `found` summed
# over the warp first), then each variant in turn on each graph, slides and bottomup, -R 4 -n 5 -v
# (every trial verified). Needs nvcc and a GPU. Rows into OUT_CSV (default
# results/dobfs-exact-r.csv, the commit column names the build), medians on stdout.
# GRAPH_DIR (graphs) holds the real graphs; GRAPHS (labels) limits them. PREBUILT=DIR takes
# DIR/NAME/bin/step10 (NAME: base, exact, exact-warp, found-warp; COMMIT=NAME) instead of building.
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$PWD
. "$ROOT/scripts/results-common.sh"  # graph_args, notes_csv
notes_csv dobfs-exact-r
GRAPHS=${GRAPHS-kron20 kron22 uniform22 grid2000x2000 luxembourg_osm soc-Slashdot0902}
wts=()
trap 'for w in "${wts[@]}"; do git worktree remove --force "$w"; done' EXIT
build() { # NAME COMMIT [PATCH]: bin/step10 of that tree, built as NAME (the CSV's commit column)
  if [ -n "${PREBUILT:-}" ]; then B[$1]=$PREBUILT/$1/bin/step10; return; fi
  local w; w=$(mktemp -d); wts+=("$w")
  git worktree add -q --detach "$w" "$2" || exit 2
  [ -z "${3:-}" ] || git -C "$w" apply "$ROOT/docs/notes/$3" || exit 2
  make -C "$w" -j"$(nproc)" SM=90 COMMIT="$1" bin/step10 > /dev/null || exit 2
  B[$1]=$w/bin/step10
}
declare -A B
build base HEAD; build exact 8005878
build exact-warp HEAD dobfs-exact-r-warp.patch; build found-warp HEAD dobfs-found-warp.patch
for g in $GRAPHS; do
  for v in slides bottomup; do
    for b in base exact exact-warp found-warp; do   # one after another: one process on the GPU
      # shellcheck disable=SC2086
      "${B[$b]}" $(graph_args "$g") --name "$g" -R 4 -n 5 -v -V "$v" -o "$OUT_CSV" > /dev/null 2>&1 ||
        echo "dobfs-exact-r: $b $g $v failed" >&2
    done
  done
done
[ -s "$OUT_CSV" ] || { echo "dobfs-exact-r: no rows in $OUT_CSV" >&2; exit 1; }
python3 docs/notes/ab-medians.py "$OUT_CSV" base
