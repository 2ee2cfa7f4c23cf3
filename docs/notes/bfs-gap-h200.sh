#!/usr/bin/env bash
# bfs-gap-h200.sh OUTDIR - where the gallery's best BFS loses to Blest (docs/notes/bfs-gap-h200.md):
# knob sweeps of step 20 on soc-Slashdot0902 and the bench's kron22, of steps 10 and 20 on the bench's
# uniform22 (-R 8 / -R 4, -n 5, every trial verified: OUTDIR/sweeps.csv), then per-level traces (-a)
# of steps 10 and 20 on soc-Slashdot0902 and of step 20 on kron22 (OUTDIR/trace-*.log). Needs the
# steps built (make all SM=90) and a GPU; about a minute. The side-by-side with Blest itself is
# scripts/peers.sh (docs/PEERS.md).
set -u
cd "$(dirname "$0")/../.." || exit 2
OUT=${1:?usage: docs/notes/bfs-gap-h200.sh OUTDIR}
mkdir -p "$OUT"
S=graphs/soc-Slashdot0902.txt.gz
sweep() { local name=$1; shift; "$@" -v -o "$OUT/sweeps.csv" > "$OUT/$name.log" 2>&1 || echo "bfs-gap: $name failed" >&2; }
SD='mode=0;mode=2;k5=4;dp=64;dp=256;dp=32;mode=2,dp=64;slides_pct=50;slides_pct=200;alpha=8;alpha=30'
sweep sd20 bin/step20 -f $S --name soc-Slashdot0902 -V slides -R 8 -n 5 --knob-sets "$SD"
sweep sd20b bin/step20 -f $S --name soc-Slashdot0902 -V beamer -R 8 -n 5 --knob-sets 'dp=128;dp=32;mode=2;alpha=8;beta=40'
sweep k22b bin/step20 -g 22 --name kron22 -V beamer -R 4 -n 5 \
  --knob-sets 'dp=128;dp=64;dp=512;chunks=0;alpha=8;alpha=30;beta=8;beta=40;gamma=4;gamma=16;mode=2'
sweep k22s bin/step20 -g 22 --name kron22 -V slides -R 4 -n 5 --knob-sets 'dp=128;slides_pct=50;slides_pct=200;dp=64'
sweep u22s bin/step10 -u 22 --name uniform22 -V slides -R 4 -n 5 --knob-sets 'dp=128;slides_pct=50;slides_pct=200;gamma=4;gamma=16;mode=2'
sweep u22t bin/step20 -u 22 --name uniform22 -V slides -R 4 -n 5 --knob-sets 'dp=128;slides_pct=50;slides_pct=200;gamma=16'
for k in "10 dp=128" "10 dp=32" "20 dp=128" "20 dp=32" "20 mode=2,dp=64"; do
  # shellcheck disable=SC2086 # two words: the step and its knobs
  set -- $k
  # shellcheck disable=SC2086 # "mode=2,dp=64" becomes two -K
  bin/step$1 -f $S --name soc-Slashdot0902 -V slides -K ${2/,/ -K } -R 1 -n 1 -v -a > "$OUT/trace-step$1-slides-$2.log" 2>&1
done
bin/step20 -g 22 --name kron22 -V beamer -R 1 -n 1 -v -a > "$OUT/trace-step20-beamer-kron22.log" 2>&1
