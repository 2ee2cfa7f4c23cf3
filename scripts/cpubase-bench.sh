#!/usr/bin/env bash
# cpubase-bench.sh [OUTDIR] - measure the parallel CPU baseline (harness/cpubase.h) on the
# host of a GPU machine: the CSV behind the README's "A fair CPU baseline" section.
#
#  BFS   through a GPU step (CPUBASE_STEP, default bin/step07) with --cpu-baseline: the serial
#        oracle and the parallel baseline (OMP_NUM_THREADS, default all cores), each -n trials
#        per source, every one checked against the oracle; GPU rows too, for the speedups.
#        Graphs: kron20 kron22 uniform22 grid2000x2000-keep0.9 (--keep 0.9: not the bench's grid) luxembourg_osm
#        soc-Slashdot0902; then kron20 again with one thread.
#  scale build/cpubench bfs on kron22 with 1 2 4 8 16 .. threads.
#  SSSP  build/cpubench sssp (no SSSP step needed): delta-stepping with the automatic delta and
#        a sweep of fixed ones; soc-Slashdot0902 with --negative (parallel Bellman-Ford).
# Writes OUTDIR/cpubase.csv (results schema, harness/report.h), OUTDIR/*.log and
# OUTDIR/provenance.txt. OUTDIR defaults to results/cpubase. Needs make, a GPU for the BFS part.
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gpu-probe.sh"; need_gpu cpubase-bench
OUT_DIR=${1:-results/cpubase}
mkdir -p "$OUT_DIR"
CSV=$OUT_DIR/cpubase.csv
STEP=${CPUBASE_STEP:-bin/step07}
GD=${GRAPH_DIR:-graphs}
NT=${OMP_NUM_THREADS:-$(nproc)}
t0=$(date +%s)
log() { echo "[$(( $(date +%s) - t0 ))s] $*"; }
{
  echo "date: $(date -u +%FT%TZ)"; echo "commit: $(git describe --always --dirty 2>/dev/null || cat .commit 2>/dev/null)"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
  lscpu 2>/dev/null | grep -E '^(Model name|Socket|Core|Thread|CPU\(s\)|NUMA node|L3|CPU max MHz)'
  echo "nproc: $(nproc)"; gcc --version | head -1; uname -r
  echo "OMP_NUM_THREADS=$NT OMP_PROC_BIND=${OMP_PROC_BIND:-unset} OMP_PLACES=${OMP_PLACES:-unset}"
} > "$OUT_DIR/provenance.txt" 2>&1
cat "$OUT_DIR/provenance.txt"

bfs() {  # name timeout args...
  local name=$1 tmo=$2; shift 2
  log "bfs $name: $STEP $* --cpu-baseline"
  OMP_NUM_THREADS=${THREADS:-$NT} timeout "$tmo" "$STEP" "$@" --cpu-baseline -o "$CSV" > "$OUT_DIR/bfs-$name.log" 2>&1
  echo "  exit $? $(grep -E '^CPU (bfs|gapbs)' "$OUT_DIR/bfs-$name.log" | tr '\n' ';' | head -c 600)"
  grep -E '^(Average|Verification|CPU baseline)' "$OUT_DIR/bfs-$name.log" | sed 's/^/  /'
}
cbench() {  # kind name timeout args... (CPUBENCH_THREADS / CPUBASE_DELTA from the environment)
  local kind=$1 name=$2 tmo=$3; shift 3
  log "$kind $name: build/cpubench $kind $* (threads ${CPUBENCH_THREADS:-$NT}, deltas ${CPUBASE_DELTA:-auto})"
  timeout "$tmo" build/cpubench "$kind" "$@" -o "$CSV" > "$OUT_DIR/$kind-$name.log" 2>&1
  echo "  exit $?"; grep -E '^(Source|CPU .* on |error)' "$OUT_DIR/$kind-$name.log" | sed 's/^/  /'
}

bfs kron20 40 -g 20 -R 4 -n 5
bfs kron22 60 -g 22 -R 2 -n 3
bfs uniform22 60 -u 22 -R 2 -n 3
bfs grid2000 40 -G 2000x2000 --keep 0.9 --name grid2000x2000-keep0.9 -R 2 -n 3
bfs luxembourg_osm 30 -f "$GD/luxembourg_osm.mtx.gz" -R 4 -n 5
bfs soc-Slashdot0902 30 -f "$GD/soc-Slashdot0902.txt.gz" -R 4 -n 5
THREADS=1 bfs kron20-1thread 60 -g 20 -R 2 -n 3
CPUBENCH_THREADS="1 2 4 8 $NT" cbench bfs kron22-scaling 60 -g 22 -R 2 -n 3

D_SOCIAL="0 1 2 4 8 16"; D_ROAD="0 16 64 256 1024 4096"
CPUBASE_DELTA=$D_SOCIAL cbench sssp kron20 40 -g 20 -R 2 -n 3
CPUBASE_DELTA=$D_SOCIAL cbench sssp kron22 60 -g 22 -R 2 -n 3
CPUBASE_DELTA=$D_SOCIAL cbench sssp uniform22 60 -u 22 -R 2 -n 3
CPUBASE_DELTA=$D_ROAD cbench sssp grid2000 60 -G 2000x2000 --keep 0.9 --name grid2000x2000-keep0.9 -R 2 -n 3
CPUBASE_DELTA=$D_ROAD cbench sssp luxembourg_osm 30 -f "$GD/luxembourg_osm.mtx.gz" -R 4 -n 3
CPUBASE_DELTA=$D_SOCIAL cbench sssp soc-Slashdot0902 30 -f "$GD/soc-Slashdot0902.txt.gz" -R 4 -n 3
cbench sssp soc-Slashdot0902-negative 30 -f "$GD/soc-Slashdot0902.txt.gz" --negative -R 4 -n 3 --cpu-baseline
scripts/csv-check.sh "$CSV"
log "done"
