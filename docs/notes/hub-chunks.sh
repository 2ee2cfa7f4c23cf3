#!/usr/bin/env bash
# hub-chunks.sh - the experiment of docs/notes/hub-chunks.md: the hub list of a multi-block level
# cut into chunks of one block-round each and dealt to all blocks (hub-chunks.patch, in step 08's
# bfs4k_hub_pass) against a block a hub. Builds steps 10 and 11 twice in git worktrees (base: HEAD;
# hubc: HEAD + the patch), then graph by graph each step's two builds one after the other (one
# process on the GPU), -R 4 -n 5 -v: step 10 -V slides, step 11 -V beamer (each one's fastest on the
# Kronecker and uniform graphs); then one traced run (-R 1 -n 1 -a) of each build of step 10 on
# kron20 and kron22, whose Level: rows show the level with hubs. Needs nvcc and a GPU. Rows into
# OUT_CSV (default results/hub-chunks.csv; the commit column names the build), the traced levels
# into OUT_CSV's directory (hub-chunks-trace.txt), medians on stdout. GRAPH_DIR (graphs) holds the
# real graphs; GRAPHS (labels) limits them; PREBUILT=DIR takes DIR/{base,hubc}/bin/stepNN.
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$PWD
. "$ROOT/scripts/results-common.sh"  # graph_args, notes_csv
notes_csv hub-chunks
TR=$(dirname "$OUT_CSV")/hub-chunks-trace.txt
GRAPHS=${GRAPHS-kron20 kron22 uniform22 soc-Slashdot0902 grid2000x2000 luxembourg_osm}
declare -A V=([10]=slides [11]=beamer)
declare -A W
wts=()
trap 'for w in "${wts[@]}"; do git worktree remove --force "$w"; done' EXIT
for b in base hubc; do
  if [ -n "${PREBUILT:-}" ]; then W[$b]=$PREBUILT/$b; continue; fi
  w=$(mktemp -d); wts+=("$w"); W[$b]=$w
  git worktree add -q --detach "$w" HEAD || exit 2
  [ $b = base ] || git -C "$w" apply "$ROOT/docs/notes/hub-chunks.patch" || exit 2
  make -C "$w" -j"$(nproc)" SM=90 COMMIT=$b bin/step10 bin/step11 > /dev/null || exit 2
done
for g in $GRAPHS; do
  for s in 10 11; do
    v=${V[$s]}
    case $g in grid2000x2000|luxembourg_osm) v=topdown ;; esac   # the roads' fastest: no hubs
    for b in base hubc; do
      # shellcheck disable=SC2086
      timeout 150 "${W[$b]}/bin/step$s" $(graph_args "$g") --name "$g" -R 4 -n 5 -v -V $v -o "$OUT_CSV" > /dev/null 2>&1 ||
        echo "hub-chunks: step$s $b $g $v failed" >&2
    done
  done
done
: > "$TR"
for g in kron20 kron22; do for b in base hubc; do
  echo "== step10 $b $g" >> "$TR"
  # shellcheck disable=SC2086
  timeout 150 "${W[$b]}/bin/step10" $(graph_args "$g") -R 1 -n 1 -v -a 2>&1 | grep -E '^(Level|Trial)' >> "$TR"
done; done
[ -s "$OUT_CSV" ] || { echo "hub-chunks: no rows in $OUT_CSV" >&2; exit 1; }
python3 docs/notes/ab-medians.py "$OUT_CSV" base
grep -E '^(==|Level: [0-2] )' "$TR"
