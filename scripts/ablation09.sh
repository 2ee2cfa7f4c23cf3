#!/usr/bin/env bash
# ablation09.sh [BIN] - step 09's ablation (steps/09_hbf/README.md): H-BF's techniques switched
# on one by one on the paper's kinds of graph, every trial verified, then the two round loops
# (the step's default, hbf, and the paper's); and the relax operations per round against the
# edges a Dijkstra relaxes (the paper's Fig. 9).
#
# Writes (ABL_OUT, default plots/data; SLUG from nvidia-smi, e.g. h100):
#   ablation-step09-SLUG.csv   harness CSV rows, the knobs column names the setting
#   relax-step09-SLUG.csv      config,graph,src,round,frontier,relax,reached_edges
#   ablation-step09-SLUG.log   nvidia-smi, commit, every command and its summary lines
# Environment: ABL_GRAPHS (labels, default all six), ABL_SOURCES (4), ABL_TRIALS (5),
# ABL_TRACE_GRAPHS (kron20 luxembourg_osm), GRAPH_DIR (graphs).
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gpu-probe.sh"; need_gpu ablation09
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/scripts/results-common.sh"
BIN=${1:-bin/step09}
abl_setup ablation09 09
relax=$OUTDIR/relax-step09-$slug.csv
GRAPHS=${ABL_GRAPHS:-kron20 kron22 uniform22 grid2000x2000 rome99 luxembourg_osm}
# the rows: each adds one technique to the row above; the last two are the variants
base="dedup=0,classify=0,vw=16,dp=0,coalesce=0,loop=0"
hbf="dedup=2,classify=1,vw=0,dp=4096,coalesce=1,loop=0"      # -V hbf, the step's default
paper="dedup=2,classify=1,vw=0,dp=4096,coalesce=1,loop=1"    # -V paper
SETS="$base"
SETS+=";dedup=2,classify=0,vw=16,dp=0,coalesce=0,loop=0"
SETS+=";dedup=2,classify=1,vw=16,dp=0,coalesce=0,loop=0"
SETS+=";dedup=2,classify=1,vw=16,dp=0,coalesce=1,loop=0"
SETS+=";dedup=2,classify=1,vw=0,dp=0,coalesce=1,loop=0"
SETS+=";$hbf"
SETS+=";$paper"
SETS+=";dedup=1,classify=1,vw=0,dp=4096,coalesce=1,loop=0"   # round marks instead of the pair
SETS+=";dedup=0,classify=0,vw=0,dp=4096,coalesce=1,loop=0"   # no duplicate removal at all
abl_log_header
rc=0
abl_run_graphs HBF_VERBOSE 240 'relaxations|hbf:' 'hbf:'
# relax operations per round: base, +dedup, all on (one source: the first of -R 1)
[ -s "$relax" ] || echo "config,graph,src,round,frontier,relax,reached_edges" > "$relax"
for g in ${ABL_TRACE_GRAPHS:-kron20 luxembourg_osm}; do
  for cfg in "base|$base" "dedup|dedup=2,classify=0,vw=16,dp=0,coalesce=0,loop=0" "paper|$paper" "hbf|$hbf"; do
    name=${cfg%%|*}; ks=${cfg#*|}
    t=$(mktemp -d)
    # shellcheck disable=SC2086
    timeout 120 "$BIN" $(graph_args "$g") -R 1 -n 1 -a ${ks:+--knob-sets "$ks"} -o "$t/r.csv" > "$t/log" 2>&1 || { rc=1; tail -3 "$t/log" >&2; }
    edges=$(sed -n 's/^Source [0-9]*: reaches [0-9]* vertices and \([0-9]*\) edges.*/\1/p' "$t/log" | head -1)
    awk -F, -v c="$name" -v e="$edges" 'NR > 1 { print c "," $3 "," $4 "," $7 + 1 "," $8 "," $9 "," e }' "$t/r.trace.csv" >> "$relax"
    grep -E 'relaxations' "$t/log" | sed "s/^/[$g $name] /" >> "$log"
    rm -rf "$t"
  done
done
echo "ablation09: wrote ${csv#$ROOT/} ${relax#$ROOT/} ${log#$ROOT/} (${SECONDS}s)" >&2
exit $rc
