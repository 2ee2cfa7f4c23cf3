#!/usr/bin/env bash
# fire-prototype.sh VERSION OUTDIR - rebuild one of step 24's prototypes (docs/notes/fire-prototype/v1.cu,
# a step of its own with its knobs fdelta, fvw, fttas, fbig; v2.diff on it, v3.diff on v2) in a git
# worktree, as bin/step24 there, and
# run what its H200 call ran: a correctness pass on small shapes, then the knob sets on kron20, kron22
# and uniform22 (v3: also uniform20 and luxembourg_osm) with step 17 beside it, -R 4 -n 5 -v, CSV in
# OUTDIR/fire.csv. v1: one window, 8 lanes a row, long rows (4,096+) a block each; v2: chunks of 1,024
# edges, the next window queued by the same scan, per-warp counts; v3: v2 with per-block counts.
# Needs a GPU and the CUDA Toolkit; GRAPH_DIR (graphs) for luxembourg_osm.
set -eu
[ $# -eq 2 ] && { [ "$1" = 1 ] || [ "$1" = 2 ] || [ "$1" = 3 ]; } || { echo "usage: docs/notes/fire-prototype.sh 1|2|3 OUTDIR" >&2; exit 2; }
v=$1; out=$(mkdir -p "$2" && cd "$2" && pwd); wt=$(mktemp -d)/tree
git worktree add -q --detach "$wt" HEAD
trap 'git worktree remove --force "$wt"' EXIT
rm -f "$wt/steps/24_fire/fire.cuh"; cp docs/notes/fire-prototype/v1.cu "$wt/steps/24_fire/sssp.cu"
for k in $(seq 2 "$v"); do git -C "$wt" apply "$PWD/docs/notes/fire-prototype/v$k.diff"; done
make -C "$wt" -j"$(nproc)" bin/step24 bin/step17 SM="${SM:-90}" > "$out/build.log"
b=$wt/bin; g=${GRAPH_DIR:-graphs}
for a in "-g 12" "-g 16" "-u 12" "--road 3000" "-G 30x30" "-g 14 -w 1" "--star 2000 -s"; do
  "$b/step24" $a -R 4 -n 2 -v --knob-sets 'fdelta=1;fdelta=64,fvw=1;fdelta=0,fttas=0;fbig=32;fdelta=3,fbig=32,fvw=2' | grep '^Verification'
done
case $v in
  1) ks='fdelta=16;fdelta=32;fdelta=64;fdelta=128;fdelta=0;fdelta=64,fvw=32;fdelta=64,fttas=0;fdelta=32,fvw=4'
     gs=("kron20|-g 20" "kron22|-g 22" "uniform22|-u 22") ;;
  2) ks='fdelta=32;fdelta=64;fdelta=128;fdelta=256;fdelta=64,fbig=4096;fdelta=64,fvw=8;fdelta=64,fttas=0;fdelta=0'
     gs=("kron20|-g 20" "kron22|-g 22" "uniform22|-u 22") ;;
  3) ks='fdelta=0;fdelta=32;fdelta=64;fdelta=128;fdelta=256;fdelta=64,fvw=8'
     gs=("kron20|-g 20" "kron22|-g 22" "uniform22|-u 22" "uniform20|-u 20" "lux|-f $g/luxembourg_osm.mtx.gz") ;;
esac
for x in "${gs[@]}"; do
  "$b/step24" ${x#*|} -R 4 -n 5 -v --knob-sets "$ks" -o "$out/fire.csv" > "$out/fire-${x%%|*}.log" 2>&1
  "$b/step17" ${x#*|} -R 4 -n 5 -v -o "$out/fire.csv" > "$out/s17-${x%%|*}.log" 2>&1
done
echo "fire-prototype v$v: $(grep -c ',PASS,' "$out/fire.csv") rows PASS, $(grep -c ',FAIL,' "$out/fire.csv" || true) FAIL in $out/fire.csv"
