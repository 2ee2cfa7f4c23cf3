#!/usr/bin/env bash
# hub-chunks-small.sh - is step 20's loss on graphs without hubs (uniform22, the grid) the 8 KB
# prefix it adds to every loop kernel? Three builds, one after the other graph by graph (one
# process on the GPU), -R 4 -n 5 -v, variants beamer and slides (topdown on the grid):
#   base   bin/step13 of HEAD                       (11,536 B static shared memory a loop kernel)
#   hubc   bin/step20 of HEAD                       (19,744 B: the prefix in 64-bit words)
#   small  bin/step20 + hub-chunks-small.patch      (15,648 B: the prefix in 32-bit words)
# If the loss scales with the bytes (small about half of hubc's), the static shared memory is the
# cause (the carveout, docs: steps/20_hubchunk/README.md question 3); if small loses as much, it
# is not. Needs nvcc and a GPU. Rows into OUT_CSV (results/hub-chunks-small.csv; the commit column
# names the build), medians on stdout (ab-medians.py --across-steps). GRAPHS (labels), GRAPH_DIR, PREBUILT=DIR
# (DIR/{base,hubc,small}/bin/step13|step20) as hub-chunks.sh.
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$PWD
. "$ROOT/scripts/results-common.sh"  # graph_args, notes_csv
notes_csv hub-chunks-small
GRAPHS=${GRAPHS-uniform22 kron20 kron22 grid2000x2000}
declare -A S=([base]=13 [hubc]=20 [small]=20)
declare -A W
wts=()
trap 'for w in "${wts[@]}"; do git worktree remove --force "$w"; done' EXIT
for b in base hubc small; do
  if [ -n "${PREBUILT:-}" ]; then W[$b]=$PREBUILT/$b; continue; fi
  w=$(mktemp -d); wts+=("$w"); W[$b]=$w
  git worktree add -q --detach "$w" HEAD || exit 2
  [ $b = small ] && { git -C "$w" apply "$ROOT/docs/notes/hub-chunks-small.patch" || exit 2; }
  make -C "$w" -j"$(nproc)" SM=90 COMMIT=$b "bin/step${S[$b]}" > /dev/null || exit 2
done
for g in $GRAPHS; do
  case $g in grid2000x2000|luxembourg_osm) vs="beamer topdown" ;; *) vs="beamer slides" ;; esac
  for v in $vs; do for b in base hubc small; do
    # shellcheck disable=SC2086
    timeout 150 "${W[$b]}/bin/step${S[$b]}" $(graph_args "$g") --name "$g" -R 4 -n 5 -v -V $v -o "$OUT_CSV" > /dev/null 2>&1 ||
      echo "hub-chunks-small: $b $g $v failed" >&2
  done; done
done
[ -s "$OUT_CSV" ] || { echo "hub-chunks-small: no rows in $OUT_CSV" >&2; exit 1; }
python3 docs/notes/ab-medians.py --across-steps "$OUT_CSV" base
