#!/usr/bin/env bash
# shared-variants.sh CALL OUTDIR - step 23 with its round replaced three ways (docs/notes/shared-variants.patch:
# knob smode, 0 the rung's rounds, 1 rounds with one queue atomicAdd a warp, 2 step 22's loop in shared
# memory, 3 owner rounds; skeep, sidle, sthreads for 2 and 3), built in a git worktree, then what the two
# H200 calls ran: CALL 20 the modes 0-2 and the async knobs, CALL 21 the modes 0 and 3 and the threads,
# each on rome99 and four generated graphs with the CPU's Delta-stepping beside it (-R 4 -n 5 -v).
# Needs a GPU and the CUDA Toolkit; GRAPH_DIR (graphs) for rome99.
set -eu
[ $# -eq 2 ] && { [ "$1" = 20 ] || [ "$1" = 21 ]; } || { echo "usage: docs/notes/shared-variants.sh 20|21 OUTDIR" >&2; exit 2; }
out=$(mkdir -p "$2" && cd "$2" && pwd); wt=$(mktemp -d)/tree; g=${GRAPH_DIR:-graphs}
git worktree add -q --detach "$wt" HEAD
trap 'git worktree remove --force "$wt"' EXIT
git -C "$wt" apply "$PWD/docs/notes/shared-variants.patch"
make -C "$wt" -j"$(nproc)" bin/step23 build/cpubench SM="${SM:-90}" > "$out/build.log"
if [ "$1" = 20 ]; then
  ks='smode=0;smode=1;smode=2,skeep=0;smode=2,skeep=4;smode=2,skeep=16;smode=2,sthreads=256;smode=2,sthreads=1024;smode=2,sidle=100;smode=2,skeep=4,sthreads=1024'
  gs=("rome99|-f $g/rome99.gr.gz" "road2000|--road 2000 --name road2000" "road5000|--road 5000 --name road5000" "grid50x50|-G 50x50" "road5800|--road 5800 --name road5800")
else
  ks='smode=0;smode=3,sthreads=256;smode=3,sthreads=512;smode=3,sthreads=1024'
  gs=("rome99|-f $g/rome99.gr.gz" "road2000|--road 2000 --name road2000" "road5000|--road 5000 --name road5000" "grid50x50|-G 50x50" "road5800|--road 5800 --name road5800" "road6500|--road 6500 --name road6500")
fi
for x in "${gs[@]}"; do
  "$wt/bin/step23" ${x#*|} -R 4 -n 5 -v --knob-sets "$ks" -o "$out/ab.csv" > "$out/ab-${x%%|*}.log" 2>&1
  OMP_NUM_THREADS=16 CPUBASE_DELTA="0 64 256 1024 4096" "$wt/build/cpubench" sssp ${x#*|} -R 4 -n 5 -o "$out/cpu.csv" > "$out/cpu-${x%%|*}.log" 2>&1
done
echo "shared-variants $1: $(grep -c ',PASS,' "$out/ab.csv") rows PASS, $(grep -c ',FAIL,' "$out/ab.csv" || true) FAIL in $out/ab.csv"
