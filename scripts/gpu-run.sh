#!/usr/bin/env bash
# gpu-run.sh TASK... - everything that needs the GPU, in one go: for a remote
# GPU machine you reach now and then (a cluster job, a rented instance), where
# one command should build, test, check and measure, and leave one archive.
# Tasks: build test check sanitize timings compare bench sweep scale benchfill
#   STEPS="step01 step02" limits check/sanitize/timings to those steps.
# Logs and CSV go to results/gpu-run/; with OUT=dir set, results/ and
# plots/data/ are packed into dir/gpu-run.tgz at the end (one file to copy back).
# Where cmocka cannot be installed (make test needs it): put the packages in
# .deps/ (apt-get download libcmocka0 libcmocka-dev on a Debian/Ubuntu machine
# of the same release); they are unpacked into a private prefix.
# Example: OUT=/tmp/out STEPS=step05 scripts/gpu-run.sh build check compare
set -u
# every task but build and test needs the GPU: without one, one line and exit 77 before anything
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gpu-probe.sh"
for task in "$@"; do case $task in build|test) ;; *) need_gpu gpu-run ;; esac; done
FINAL_OUT=${OUT:-}
OUT=results/gpu-run
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
export GRAPH_DIR=${GRAPH_DIR:-$(for d in graphs; do [ -d $d ] && { echo $d; break; }; done)}
if ls .deps/libcmocka*.deb >/dev/null 2>&1 && [ ! -f /usr/include/cmocka.h ]; then
  mkdir -p /tmp/cmocka
  for f in .deps/libcmocka*.deb; do dpkg -x "$f" /tmp/cmocka; done
  export CMOCKA_PREFIX=/tmp/cmocka/usr
fi
# the commit of this tree (a copy without .git keeps it in .commit; never ask
# git from inside another checkout: it would answer with that one's commit)
[ -f .commit ] || { [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$(pwd -P)" ] && git describe --always --dirty > .commit 2>/dev/null; } || true
t_start=$(date +%s)
log() { echo "[$(( $(date +%s) - t_start ))s] $*"; }
{
  echo "date: $(date -u +%FT%TZ)"; echo "commit: $(cat .commit 2>/dev/null)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader
  nvcc --version | tail -1; gcc --version | head -1; uname -r; nproc
} > "$OUT/provenance.txt" 2>&1
cat "$OUT/provenance.txt"
bins() { local s; for s in ${STEPS:-$(make -s info | sed -n 's/^steps: *//p')}; do echo "bin/$s"; done; }
for task in "$@"; do
  log "== $task"
  case $task in
    build)    make -j"$(nproc)" all > "$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; } ;;
    test)     make -j"$(nproc)" test > "$OUT/test.log" 2>&1; tail -3 "$OUT/test.log"; grep -E 'FAIL' "$OUT/test.log" | head -20 ;;
    check)    JOBS=${JOBS:-6} scripts/check.sh $(bins) > "$OUT/check.log" 2>&1; grep -E '^FAIL' "$OUT/check.log" | head -30; tail -1 "$OUT/check.log"
              for f in $(grep '^FAIL' "$OUT/check.log" | grep -o 'log [^)]*' | cut -d' ' -f2 | head -5); do echo "--- $f"; tail -15 "$f"; done ;;
    sanitize) scripts/sanitize.sh $(bins) > "$OUT/sanitize.log" 2>&1; grep -E '^FAIL' -A3 "$OUT/sanitize.log" | head -30; tail -1 "$OUT/sanitize.log" ;;
    timings)  # issue 2: steps x variants on the standard small set
              for b in $(bins); do
                for v in $("$b" --list-variants); do
                  for G in "-g 18" "-u 18" "-G 1000x1000" "-f $GRAPH_DIR/soc-Slashdot0902.txt.gz" "-f $GRAPH_DIR/luxembourg_osm.mtx.gz"; do
                    extra=""; [ "$b" = "$(bins | head -1)" ] && [ "$v" = "$("$b" --list-variants | head -1)" ] && extra=--cpu-baseline
                    timeout 120 "$b" $G -R 4 -n 5 -V "$v" $extra -o "$OUT/timings.csv" > "$OUT/timings-$(basename "$b")-$v.log" 2>&1 \
                      || echo "timings: $b $v $G failed ($?)"
                  done
                done
              done
              awk -F, 'NR>1 {k=$1" "$2" "$3; s[k]+=$11; c[k]++; if($15=="FAIL")f[k]=1} END {for (k in s) printf "%-40s %10.3f ms %s\n", k, s[k]/c[k], f[k]?"FAIL":""}' "$OUT/timings.csv" | sort ;;
    compare)  make compare > "$OUT/compare.log" 2>&1; tail -25 "$OUT/compare.log" ;;
    bench)    make bench > "$OUT/bench.log" 2>&1; tail -15 "$OUT/bench.log"; cp plots/data/bench-*.csv plots/data/*.meta "$OUT/" 2>/dev/null ;;
    sweep)    timeout "${SWEEP_BUDGET:-170}" make sweep > "$OUT/sweep.log" 2>&1; tail -5 "$OUT/sweep.log"; cp results/sweep-*.csv "$OUT/" 2>/dev/null ;;
    scale)    # issue 5: the largest Kronecker graph that fits, past 2^31 directed edges,
              # with the best step (SCALE_STEP), verified; times and peak memory in the log
              for sc in ${SCALES:-27 26}; do
                /usr/bin/time -v timeout 400 bin/${SCALE_STEP:-step07} -g "$sc" -R 1 -n 3 -v -o "$OUT/scale.csv" \
                  > "$OUT/scale-$sc.log" 2>&1; rc=$?
                grep -E 'Time|Graph has|Trial|Median|Peak|memory in use|Verification|error|Maximum resident' "$OUT/scale-$sc.log"
                [ $rc = 0 ] && break
              done ;;
    benchfill) # jobs a budgeted bench skipped: BENCHFILL="step05:vwarp:-u 22 step06:hqueue:-u 22"
              while IFS=: read -r st va ga; do
                [ -n "$st" ] || continue
                timeout 120 bin/$st $ga -R 4 -n 5 -v -V "$va" -o plots/data/bench-h100.csv > "$OUT/fill-$st-$va.log" 2>&1
                echo "benchfill: $st $va $ga exit $? $(grep '^Average' "$OUT/fill-$st-$va.log" | head -1)"
              done <<< "$(tr ',' '\n' <<< "${BENCHFILL:-}")" ;;
    *)        echo "unknown task $task"; exit 2 ;;
  esac
done
log "done"
if [ -n "$FINAL_OUT" ]; then tar czf "$FINAL_OUT/gpu-run.tgz" results plots/data 2>/dev/null; ls -la "$FINAL_OUT"; fi
