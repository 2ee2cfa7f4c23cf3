#!/usr/bin/env bash
# heavy-sssp.sh OUTDIR - rebuild the light/heavy experiment (docs/notes/heavy-sssp/: a step 25 on
# step 24, knob heavy) in a git worktree of the commit it was measured at (fa915c5: step 24's scan
# before its tiles), as bin/step25 there, and run what its H200 calls ran: the knob sets on kron20,
# kron22 and uniform22 (-R 4 -n 5 -v, HBF_VERBOSE=1 for the relax counts; heavy=0 is step 24's
# rounds in the same process), then Nsight Compute's kernel times and L2 sectors of one run, heavy
# 0 and 1, on kron20 and uniform22. CSV in OUTDIR/heavy.csv, logs and ncu CSVs beside it.
# The check battery: scripts/check.sh WORKTREE/bin/step25 (its check.knobs is here too).
# Needs a GPU, the CUDA Toolkit and ncu.
set -eu
[ $# -eq 1 ] || { echo "usage: docs/notes/heavy-sssp.sh OUTDIR" >&2; exit 2; }
out=$(mkdir -p "$1" && cd "$1" && pwd); wt=$(mktemp -d)/tree
git worktree add -q --detach "$wt" fa915c5
trap 'git worktree remove --force "$wt"' EXIT
mkdir -p "$wt/steps/25_heavy"; cp docs/notes/heavy-sssp/* "$wt/steps/25_heavy/"
make -C "$wt" -j"$(nproc)" bin/step25 SM="${SM:-90}" > "$out/build.log"
b=$wt/bin/step25
for ks in 'heavy=0;fdelta=-1;fdelta=32;fdelta=64;fdelta=96;heavy=0,fdelta=32' \
          'heavy=0;heavy=1;heavy=1,fvw=16;heavy=1,fvw=8;heavy=1,fdelta=96;heavy=1,fdelta=96,fvw=16;heavy=0,fvw=16'; do
  for x in "kron20|-g 20" "kron22|-g 22" "uniform22|-u 22"; do
    HBF_VERBOSE=1 "$b" ${x#*|} -R 4 -n 5 -v --knob-sets "$ks" -o "$out/heavy.csv" >> "$out/step25-${x%%|*}.log" 2>&1
  done
done
M=gpu__time_duration.sum,lts__t_sectors_op_red.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_atom.sum,dram__bytes.sum
for x in "kron20|-g 20 -r 442737" "uniform22|-u 22 -r 1491313"; do
  for h in 0 1; do ncu --metrics $M --csv -k regex:'^(fi_|lh_)' "$b" ${x#*|} -n 1 -K heavy=$h > "$out/${x%%|*}-heavy$h.csv"; done
done
echo "heavy-sssp: $(grep -c ',PASS,' "$out/heavy.csv") rows PASS, $(grep -c ',FAIL,' "$out/heavy.csv" || true) FAIL in $out/heavy.csv"
