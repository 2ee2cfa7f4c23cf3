#!/usr/bin/env bash
# fire-small.sh OUTDIR - step 24 with small rows walked apart (docs/notes/fire-small.patch, knob
# fsmall) rebuilt in a git worktree of the commit it was measured against (fe3b1bb), then what its
# H200 call ran: a correctness pass under "always" on small shapes (every trial checked), and the
# fsmall sweep on kron20, kron22 and uniform22 (-R 4 -n 5 -v; fsmall=0 and 8 twice, spread over
# the run). CSV in OUTDIR/small.csv. Needs a GPU and the CUDA Toolkit.
set -eu
[ $# -eq 1 ] || { echo "usage: docs/notes/fire-small.sh OUTDIR" >&2; exit 2; }
out=$(mkdir -p "$1" && cd "$1" && pwd); wt=$(mktemp -d)/tree
git worktree add -q --detach "$wt" fe3b1bb
trap 'git worktree remove --force "$wt"' EXIT
git -C "$wt" apply "$PWD/docs/notes/fire-small.patch"
make -C "$wt" -j"$(nproc)" bin/step24 SM="${SM:-90}" > "$out/build.log"
b=$wt/bin/step24
for a in "-g 12" "-g 16" "-u 12" "--road 3000" "-G 30x30" "-g 14 -w 1" "--star 2000 -s"; do
  "$b" $a -V always -R 4 -n 2 -v --knob-sets 'fsmall=2;fsmall=4;fsmall=8;fsmall=16;fsmall=16,fvw=8;fsmall=4,fdelta=3,fbig=32' | grep '^Verification'
done
for x in "kron20|-g 20" "kron22|-g 22" "uniform22|-u 22"; do
  "$b" ${x#*|} -R 4 -n 5 -v --knob-sets 'fsmall=0;fsmall=4;fsmall=8;fsmall=16;fsmall=0;fsmall=8' -o "$out/small.csv" > "$out/step24-${x%%|*}.log" 2>&1
done
echo "fire-small: $(grep -c ',PASS,' "$out/small.csv") rows PASS, $(grep -c ',FAIL,' "$out/small.csv" || true) FAIL in $out/small.csv"
