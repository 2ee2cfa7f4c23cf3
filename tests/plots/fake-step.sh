#!/usr/bin/env bash
# fake-step.sh - stands in for bin/stepNN in tests of sweep.sh and bench.sh (no GPU).
# Link or copy it as DIR/stepNN: the step name is its file name. It speaks the subset of the
# command line those scripts use and appends made-up rows in the schema of harness/report.h.
#
# Environment: FAKE_VARIANTS ("vertex edge"), FAKE_FAIL_VARIANT (verification fails: FAIL rows,
# exit 1), FAKE_HANG_VARIANT (sleeps 60 s: for timeouts), FAKE_NOGPU=1 (exit 77),
# FAKE_LOG (append each command line there).
set -u
export LC_ALL=C
step=$(basename "$0"); step=${step%.sh}
[ -n "${FAKE_LOG:-}" ] && echo "$step $*" >> "$FAKE_LOG"
variants=${FAKE_VARIANTS:-vertex edge}
graph="" n=0 m=0 trials=1 sources=1 src="" variant="" grids=0 blocks=256 out="" trace=0 cpu=0 sym=""
usage() { echo "error: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --list-variants) tr ' ' '\n' <<<"$variants"; exit 0 ;;
    --list-knobs) echo "queue_cap 2 capacity factor of the queue"; exit 0 ;;
    --cpu-baseline) cpu=1 ;;
    -g) graph=kron$2; n=$((1 << $2)); m=$((n * 32)); shift ;;
    -u) graph=uniform$2; n=$((1 << $2)); m=$((n * 32)); shift ;;
    -G) graph=grid$2; n=$(( ${2%x*} * ${2#*x} )); m=$((n * 4)); shift ;;
    -f) [ -r "$2" ] || usage "$2: no such file"; graph=$(basename "$2"); graph=${graph%.gz}; graph=${graph%.*}
        n=1000; m=8000; shift ;;
    -s) sym=-sym ;;
    -n) trials=$2; shift ;;
    -R) sources=$2; shift ;;
    -r) src=$2; sources=1; shift ;;
    -V) variant=$2; shift ;;
    -x) grids=$2; shift ;;
    -b) blocks=$2; shift ;;
    -o) out=$2; shift ;;
    -a) trace=1 ;;
    -v|-k|-S|-K|-w) case $1 in -v) ;; *) shift ;; esac ;;
    *) usage "unknown option $1" ;;
  esac
  shift
done
[ -n "$graph" ] || usage "no graph"
graph=$graph$sym
[ "${FAKE_NOGPU:-0}" = 1 ] && { echo "error: no CUDA device" >&2; exit 77; }
[ -n "$variant" ] || variant=${variants%% *}
case " $variants " in *" $variant "*) ;; *) usage "unknown variant $variant" ;; esac
[ "$variant" = "${FAKE_HANG_VARIANT:-}" ] && sleep 60
verdict=PASS; rc=0
[ "$variant" = "${FAKE_FAIL_VARIANT:-}" ] && { verdict=FAIL; rc=1; }
echo "Graph has $n nodes and $m directed edges"
[ -n "$out" ] || exit $rc

header="step,variant,graph,n,m,src,grid,block,knobs,trial,ms,levels,edges,gteps,verified,upload_ms,init_ms,gpu,driver,cuda,commit,date"
[ -s "$out" ] || echo "$header" > "$out"
date=$(date -u +%Y-%m-%dT%H:%M:%SZ)
# ms from a hash of the configuration: repeatable, a little noisy across trials
row() {  # step variant src grid block trial verdict
  awk -v s="$1" -v v="$2" -v g="$graph" -v n="$n" -v m="$m" -v src="$3" -v grid="$4" -v block="$5" \
      -v t="$6" -v ver="$7" -v date="$date" 'BEGIN {
    h = 0; key = s v g grid block; for (i = 1; i <= length(key); i++) h = (h * 31 + index("0123456789abcdefghijklmnopqrstuvwxyz_-", substr(key, i, 1))) % 1000
    ms = (s == "cpu" ? (v == "bfs" ? 50 : 5) : 1 + h / 100) * (1 + 0.01 * ((t * 7 + src) % 5)) * n / 65536
    e = int(m * 0.98)
    printf "%s,%s,%s,%d,%d,%d,%d,%d,%s,%d,%.4f,%d,%d,%.4f,%s,%.3f,%.3f,%s,%s,%s,%s,%s\n",
      s, v, g, n, m, src, grid, block, (s ~ /^step/ ? "queue_cap=2" : v == "bfs" ? "" : "threads=16"), t, ms, 7, e, e / ms / 1e6, ver,
      (s == "cpu" ? 0 : 1.5), (s == "cpu" ? 0 : 0.2), "Fake GPU 9000", "999.1", "13.0", "fake-commit", date }'
}
for ((k = 0; k < sources; k++)); do
  s=${src:-$(( (k * 7919 + 13) % n ))}
  # --cpu-baseline: the serial oracle's rows, then the parallel baseline's (as main.c writes them)
  if [ $cpu = 1 ]; then for v in bfs gapbs-style-dobfs; do for ((t = 0; t < trials; t++)); do row cpu $v "$s" 0 0 "$t" PASS; done; done; fi
  for gr in ${grids//,/ }; do
    for bl in ${blocks//,/ }; do
      for ((t = 0; t < trials; t++)); do row "$step" "$variant" "$s" "$gr" "$bl" "$t" "$verdict"; done
    done
  done
done >> "$out"
if [ $trace = 1 ]; then
  tf=${out%.csv}.trace.csv
  [ -s "$tf" ] || echo "step,variant,graph,src,grid,block,level,frontier,edges,duplicates,ms,gpu,commit" > "$tf"
  s=${src:-13}
  for l in 0 1 2 3 4; do
    f=$(( l == 0 ? 1 : (l == 4 ? 3 : 10 ** l) ))
    echo "$step,$variant,$graph,$s,${grids%%,*},${blocks%%,*},$l,$f,$((f * 8)),-1,0.0100,Fake GPU 9000,fake-commit"
  done >> "$tf"
fi
exit $rc
