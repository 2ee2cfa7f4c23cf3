#!/usr/bin/env bash
# first-hour-gpu.sh - the first-hour paths on a machine WITH a GPU (about 5 minutes on an H100):
# the probe passes (need_gpu returns, steps run), `make mine` writes the CSV, table and figure,
# `make step01 check` prints [k/N] progress and ends with the exact summary line, --cpu-baseline
# prints the thread count and why, `make plots` says which CSV it used. Logs under $OUT.
set -u
OUT=${OUT:-/tmp/first-hour}; mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
{
  nvidia-smi -L
  make -j"$(nproc)" SM=90 all > "$OUT/build.log" 2>&1 || { echo "build failed"; tail -20 "$OUT/build.log"; exit 1; }
  . scripts/gpu-probe.sh; gpu_probe_why && echo "probe: GPU usable (need_gpu passes)" || echo "probe: NO GPU?"
  bin/step05 -g 12 -R 2 -n 1 -v --cpu-baseline | grep -E '^(GPU:|CPU baseline|CPU gapbs|Verification)'
  time MYGRAPH_TRIALS=2 make SM=90 mine FILE=graphs/luxembourg_osm.mtx.gz
  echo "mine exit $?"; ls -la results/luxembourg_osm.* results/luxembourg_osm-runtime.svg
  cp results/luxembourg_osm.* results/luxembourg_osm-runtime.svg "$OUT/" 2>/dev/null
  time make SM=90 step01 check > "$OUT/check01.log" 2>&1; echo "check exit $?"
  head -4 "$OUT/check01.log"; tail -3 "$OUT/check01.log"
  grep -c '^\[[0-9]*/[0-9]* *[0-9]*s\] PASS' "$OUT/check01.log"
  make plots 2>&1 | grep -E 'using|sweep' | head -5
} 2>&1 | tee "$OUT/first-hour.log"
