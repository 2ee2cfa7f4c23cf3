#!/usr/bin/env bash
# kron-sssp.sh OUTDIR - the measurements that decide the hypotheses of docs/notes/kron-sssp.md:
# rounds against relax operations for SSSP on kron20 and kron22 (one GPU, about 6 minutes; each
# command at most 150 s).
#   1. Δ per class of graph: step 14, 16 and 17 with a fixed Near-Far step (delta=16..128) next
#      to their default (delta=-1: 8 on these graphs) and, for step 14, no order (delta=0);
#      -R 4 -n 5 -v, HBF_VERBOSE=1 (rounds, splits, relax operations per reached edge).
#   2. The GPU's own round profile: steps 14 and 17 with -a on one source (per round: frontier,
#      relax operations) at delta=-1 and delta=64, to set beside the CPU model's rounds (kron20;
#      kron22 step 14 only).
#   3. Nsight Compute on step 14's cooperative kernel at delta=-1 and delta=64 on kron20
#      (scripts/profile.sh's metric set: DRAM and L2 throughput, L2 atomics), when ncu is there.
#   4. Optional: GSWITCH's own round log (-v) and the steps on the peers' kron20 file (gapbs's
#      generator: not the bench's -g 20), when PEERS_DIR holds gswitch_sssp and PEERS_WORK holds
#      kron20.mtx and kron20.src (scripts/peers.sh makes them).
# Writes under OUTDIR: kron-sssp.csv (harness rows; the knobs column names the set), trace-*.csv
# and trace-*.trace.csv (-a), *.log (each command and its output), profile.csv (ncu, step,config,
# graph,kernel,metric,value), gswitch-kron20.log. Needs bin/step14 bin/step16 bin/step17
# (make -j bin/step14 bin/step16 bin/step17 SM=90).
#   docs/notes/kron-sssp.sh --cpu   the CPU model instead (no GPU): docs/notes/kron-sssp.c on
#                                   kron20 and kron22, both orders of a round; stdout (the
#                                   committed run is docs/notes/data/kron-sssp.txt; ~10 minutes)
#   KRON_DRY=1 docs/notes/kron-sssp.sh OUTDIR   print the commands, run nothing
set -u
cd "$(dirname "$0")/../.." || exit 2

if [ "${1:-}" = --cpu ]; then
  bin=$(mktemp); trap 'rm -f "$bin"' EXIT
  cc -O2 -std=c11 -Wall -Wextra -Werror -fopenmp -D_GNU_SOURCE -Iharness docs/notes/kron-sssp.c \
    harness/io.c harness/graph.c harness/oracle.c harness/err.c harness/generate.c -o "$bin" -lz -lm || exit 2
  cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
  echo "# docs/notes/kron-sssp.sh --cpu on $(date -u +%F), commit $(git rev-parse --short HEAD 2>/dev/null || echo ?)"
  echo "# CPU only: $cpu; serial"
  rc=0
  for g in 20 22; do
    for j in "" -J; do
      echo "\$ kron-sssp -g $g -R 4 $j"
      # shellcheck disable=SC2086
      "$bin" -g "$g" -R 4 $j || rc=1
    done
  done
  exit $rc
fi

[ $# -eq 1 ] || { echo "usage: docs/notes/kron-sssp.sh OUTDIR | --cpu" >&2; exit 2; }
OUT=$1
DRY=${KRON_DRY:-0}
if [ "$DRY" != 1 ]; then
  # shellcheck source=scripts/gpu-probe.sh
  . scripts/gpu-probe.sh; need_gpu kron-sssp
  for s in 14 16 17; do [ -x bin/step$s ] || { echo "kron-sssp: bin/step$s missing: make bin/step$s SM=90" >&2; exit 2; }; done
  mkdir -p "$OUT" || exit 2
fi
csv=$OUT/kron-sssp.csv
rc=0

# run LOG CMD...: the command and its output into OUT/LOG (a time limit each: 150 s)
run() {
  local log=$OUT/$1; shift
  if [ "$DRY" = 1 ]; then echo "$*  > $log"; return 0; fi
  { echo "\$ $*"; timeout 150 "$@"; echo "exit $?"; } >> "$log" 2>&1
  tail -n 1 "$log" | grep -q '^exit 0$' || { echo "kron-sssp: FAILED: $* (see $log)" >&2; rc=1; }
}

# 1. the Near-Far step per class of graph: the sets of each step (the first is its default)
SETS14='delta=-1;delta=16;delta=32;delta=64;delta=128;delta=0'
SETS1617='delta=-1;delta=16;delta=32;delta=64;delta=128'
for g in 20 22; do
  run sets-kron$g.log env HBF_VERBOSE=1 bin/step14 -g $g -R 4 -n 5 -v --knob-sets "$SETS14" -o "$csv"
  run sets-kron$g.log env HBF_VERBOSE=1 bin/step16 -g $g -R 4 -n 5 -v --knob-sets "$SETS1617" -o "$csv"
  run sets-kron$g.log env HBF_VERBOSE=1 bin/step17 -g $g -R 4 -n 5 -v --knob-sets "$SETS1617" -o "$csv"
done

# 2. per-round traces on the GPU (the bench's first source of -R 1): steps 14 and 17 on kron20,
#    step 14 on kron22
for gs in 20:14 20:17 22:14; do
  g=${gs%:*}; s=${gs#*:}
  for d in -1 64; do
    run trace.log env HBF_VERBOSE=1 bin/step"$s" -g "$g" -R 1 -n 1 -a -K delta=$d -o "$OUT/trace-step$s-kron$g-delta$d.csv"
  done
done

# 3. Nsight Compute on step 14's kernels, kron20, one source, one timed trial
if [ "$DRY" = 1 ] || scripts/profile.sh --probe >/dev/null 2>&1; then
  for d in -1 64; do
    run profile.log env PROFILE_CSV="$OUT/profile.csv" PROFILE_DIR="$OUT/ncu" PROFILE_CONFIG="delta=$d" \
      scripts/profile.sh bin/step14 -g 20 -R 1 -n 1 -K delta=$d
  done
else
  echo "kron-sssp: no ncu here: part 3 skipped" | tee -a "$OUT/profile.log"
fi

# 4. GSWITCH's rounds and the steps on the peers' kron20 file (optional)
P=${PEERS_DIR:-}; W=${PEERS_WORK:-/tmp/peers-work}
if [ -n "$P" ] && [ -x "$P/gswitch_sssp" ] && [ -s "$W/kron20.mtx" ] && [ -s "$W/kron20.src" ]; then
  [ "$DRY" = 1 ] || grep -v '^#' "$W/kron20.src" | head -n 1 > "$OUT/kron20-first.src"
  run gswitch-kron20.log "$P/gswitch_sssp" "$W/kron20.mtx" -H -W -v --sources="$OUT/kron20-first.src" --runs=1 --warmup=1
  for s in 14 17; do
    run peers-kron20.log env HBF_VERBOSE=1 bin/step$s -f "$W/kron20.mtx" --name kron20-peers --sources "$W/kron20.src" \
      -n 5 -v -o "$csv"
  done
else
  echo "kron-sssp: part 4 skipped (PEERS_DIR with gswitch_sssp, PEERS_WORK with kron20.mtx, kron20.src)" >&2
fi
[ "$DRY" = 1 ] || echo "kron-sssp: rows in $csv, logs in $OUT (exit $rc)"
exit $rc
