#!/usr/bin/env bash
# block0-hubs.sh OUTDIR - does block 0 expanding a small level's hubs itself beat handing the level
# to the grid's hub pass (docs/notes/bfs-gap-h200.md)? Builds steps 10 and 20 with
# docs/notes/block0-hubs.patch at SB_KEEP_HUBS = 8 and 1024 in a git worktree, then runs them and
# today's bin/step10 and bin/step20 (make all SM=90) on soc-Slashdot0902 (slides, dp 128 and 32,
# -R 8 -n 5) and step 20 on kron20 (-R 4 -n 5), twice in turn, every trial verified:
# OUTDIR/ab-{base,k8,k1024}.csv and the medians on stdout. Needs nvcc and a GPU.
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$PWD
OUT=${1:?usage: docs/notes/block0-hubs.sh OUTDIR}
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
wt=$(mktemp -d); trap 'git worktree remove --force "$wt" >/dev/null 2>&1' EXIT
if ! git worktree add -q --detach "$wt" HEAD || ! (cd "$wt" && git apply "$ROOT/docs/notes/block0-hubs.patch"); then
  echo "block0-hubs: no worktree or patch" >&2; exit 2
fi
for K in 8 1024; do
  sed -i "s/^#define SB_KEEP_HUBS [0-9]*/#define SB_KEEP_HUBS $K/" "$wt/steps/10_dobfs/dobfs.cuh"
  (cd "$wt" && make -j8 bin/step10 bin/step20 >/dev/null) || { echo "block0-hubs: build failed" >&2; exit 2; }
  cp "$wt/bin/step10" "$OUT/step10-k$K"; cp "$wt/bin/step20" "$OUT/step20-k$K"
done
S=graphs/soc-Slashdot0902.txt.gz
for r in 1 2; do for s in 10 20; do for b in base k8 k1024; do
  B=bin/step$s; [ $b = base ] || B=$OUT/step$s-$b
  for k in dp=128 dp=32; do
    "$B" -f $S --name soc-Slashdot0902 -V slides -K $k -R 8 -n 5 -v -o "$OUT/ab-$b.csv" > /dev/null 2>&1 || echo "FAIL $b $s $k (round $r)"
  done
done; done; done
for r in 1 2; do for b in base k8 k1024; do
  B=bin/step20; [ $b = base ] || B=$OUT/step20-$b
  "$B" -g 20 --name kron20 -V slides -R 4 -n 5 -v -o "$OUT/ab-$b.csv" > /dev/null 2>&1 || echo "FAIL $b kron20 (round $r)"
done; done
for b in base k8 k1024; do
  awk -F, 'NR > 1 { d = $9; sub(/.*dp=/, "", d); sub(/;.*/, "", d); print $3, $1, "dp=" d, $11 }' "$OUT/ab-$b.csv"
done | sort -k1,3 -k4n | awk 'function out() { if (n) printf "%s: median %.4f ms (%d trials)\n", key, n % 2 ? t[(n + 1) / 2] : (t[n / 2] + t[n / 2 + 1]) / 2, n }
  $1 " " $2 " " $3 != key { out(); key = $1 " " $2 " " $3; n = 0 } { t[++n] = $4 } END { out() }'
