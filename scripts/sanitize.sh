#!/usr/bin/env bash
# sanitize.sh BIN... - compute-sanitizer over every step and variant on small
# graphs of each class: memcheck (with leak check), racecheck, synccheck,
# initcheck. Any report fails the run; races a step documents as benign are
# global-memory races, which racecheck (shared memory only) does not report.
# Ends with "sanitize: N passed, N failed".
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gpu-probe.sh"; need_gpu sanitize
JOBS=${JOBS:-4}
TOOLS=${TOOLS:-memcheck racecheck synccheck initcheck}
LOGDIR=${LOGDIR:-results/sanitize}
mkdir -p "$LOGDIR"
command -v compute-sanitizer >/dev/null || { echo "sanitize: compute-sanitizer not found (CUDA toolkit bin/ on PATH?)"; exit 2; }
GRAPHS=("-g 8 -R 2" "-G 16x16 -R 2" "--star 3000 -r 0")
list=$(mktemp)
for bin in "$@"; do
  for v in $("$bin" --list-variants); do
    for t in $TOOLS; do
      for gi in "${!GRAPHS[@]}"; do echo "$bin $v $t $gi"; done
    done
  done
done > "$list"
one() {
  local bin=$1 v=$2 t=$3 gi=$4
  local -a G=("-g 8 -R 2" "-G 16x16 -R 2" "--star 3000 -r 0")
  local extra=""; [ "$t" = memcheck ] && extra="--leak-check full"
  local log="$LOGDIR/$(basename "$bin")-$v-$t-$gi.log"
  # racecheck, synccheck and initcheck do not support dynamic parallelism: a
  # step that launches from the device is checked by them in its build without
  # device launches (bin/stepNN-nocdp, made by `make sanitize`), and says so.
  local run=$bin note=""
  if [ "$t" != memcheck ] && [ -x "$bin-nocdp" ]; then run=$bin-nocdp; note=" [built without device launches]"; fi
  # shellcheck disable=SC2086
  compute-sanitizer --tool "$t" $extra --error-exitcode 9 "$run" ${G[$gi]} -V "$v" -n 1 -v -x 0,3 -b 64 > "$log" 2>&1
  local rc=$?
  if [ $rc = 0 ] && grep -q '^Verification: PASS' "$log" && ! grep -q 'not supported by the selected tool' "$log"; then
    echo "PASS $(basename "$bin") $v $t ${G[$gi]}$note"
  else echo "FAIL $(basename "$bin") $v $t ${G[$gi]}$note (exit $rc, $log)"; grep -m3 -E '=========' "$log" | sed 's/^/    /'; fi
}
export -f one; export LOGDIR
xargs -P "$JOBS" -L 1 bash -c 'one "$@"' _ < "$list" | tee "$LOGDIR/summary.txt"
rm -f "$list"
p=$(grep -c '^PASS' "$LOGDIR/summary.txt"); f=$(grep -c '^FAIL' "$LOGDIR/summary.txt")
echo "sanitize: $p passed, $f failed"
[ "$f" = 0 ]
