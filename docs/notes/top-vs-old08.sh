#!/usr/bin/env bash
# top-vs-old08.sh - the top of the BFS ladder (step 13) against step 08 as it stood before the
# ladder's top was split into steps 08, 10, 12 and 13 (commit 4beba48: BFS-4K with the hop engine
# and the lean prologue in one step), in one run on one GPU, on the high-diameter graphs where
# the split moved code between steps. Each configuration twice, interleaved, so the spread of
# repeated runs is visible next to the difference.
#   OLD08=path   a step08 binary built at 4beba48 (default: built here in a git worktree)
#   OUT_CSV      rows of every run (default results/top-vs-old08.csv); a summary on stdout
set -u
cd "$(dirname "$0")/../.." || exit 2
OUT_CSV=${OUT_CSV:-results/top-vs-old08.csv}
mkdir -p "$(dirname "$OUT_CSV")"
if [ -z "${OLD08:-}" ]; then
  wt=$(mktemp -d); git worktree add -q "$wt" 4beba48 || exit 2
  trap 'git worktree remove --force "$wt"' EXIT
  make -C "$wt" -j"$(nproc)" step08 >/dev/null || exit 2
  OLD08=$wt/bin/step08
fi
make -s step13 || exit 2
GD=${GRAPH_DIR:-graphs}
for rep in 1 2; do
  for g in "grid2000x2000|-G 2000x2000" "luxembourg_osm|-f $GD/luxembourg_osm.mtx.gz"; do
    read -r -a ga <<< "${g#*|}"
    for run in "old08|$OLD08" "step13|bin/step13" "step13-slides|bin/step13 -V slides"; do
      read -r -a cmd <<< "${run#*|}"
      out=$("${cmd[@]}" "${ga[@]}" --name "${g%%|*}" -R 4 -n 5 -v -o "$OUT_CSV" 2>&1)
      echo "rep $rep ${g%%|*} ${run%%|*}: $(grep -o 'Median Time: [0-9.]* ms' <<< "$out") $(grep -o 'Verification: [A-Z]*' <<< "$out")"
    done
  done
done
