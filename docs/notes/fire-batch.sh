#!/usr/bin/env bash
# fire-batch.sh OUTDIR - step 24 with batched relaxations (docs/notes/fire-batch.patch, knob fbatch,
# default 4) rebuilt in a git worktree of the commit it was measured against (fe3b1bb), then what
# its H200 call ran that the note uses: the fbatch sweep with step 17 beside it on kron20, kron22 and
# uniform22 (-R 4 -n 5 -v), and the check battery and sanitizers on the patched build. The reference,
# the rung unpatched, is lesson 24's bench (plots/data/sssp-step24-h200.csv). CSV in OUTDIR/batch.csv.
# Needs a GPU, the CUDA Toolkit and compute-sanitizer.
set -eu
[ $# -eq 1 ] || { echo "usage: docs/notes/fire-batch.sh OUTDIR" >&2; exit 2; }
out=$(mkdir -p "$1" && cd "$1" && pwd); wt=$(mktemp -d)/tree
git worktree add -q --detach "$wt" fe3b1bb
trap 'git worktree remove --force "$wt"' EXIT
git -C "$wt" apply "$PWD/docs/notes/fire-batch.patch"
make -C "$wt" -j"$(nproc)" bin/step24 bin/step24-nocdp bin/step17 SM="${SM:-90}" > "$out/build.log"
for x in "kron20|-g 20" "kron22|-g 22" "uniform22|-u 22"; do
  "$wt/bin/step24" ${x#*|} -R 4 -n 5 -v --knob-sets 'fbatch=4;fbatch=1;fbatch=2;fbatch=8' -o "$out/batch.csv" > "$out/step24-${x%%|*}.log" 2>&1
  "$wt/bin/step17" ${x#*|} -R 4 -n 5 -v -o "$out/batch.csv" > "$out/step17-${x%%|*}.log" 2>&1
done
(cd "$wt" && scripts/check.sh bin/step24 | tail -1 && scripts/sanitize.sh bin/step24 | tail -1)
echo "fire-batch: $(grep -c ',PASS,' "$out/batch.csv") rows PASS, $(grep -c ',FAIL,' "$out/batch.csv" || true) FAIL in $out/batch.csv"
