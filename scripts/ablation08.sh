#!/usr/bin/env bash
# ablation08.sh [BIN] - step 08's ablation (steps/08_bfs4k/README.md): BFS-4K's techniques switched
# on one by one, every trial verified; and per-level traces (frontier, duplicates, single- or
# multi-block, virtual warp or edge-discover) with the hash on and off (the paper's Figs. 7, 12).
#
# Writes (ABL_OUT, default plots/data; SLUG from nvidia-smi, e.g. h100):
#   ablation-step08-SLUG.csv   harness CSV rows, the knobs column names the setting
#   trace-step08-SLUG.csv      config,graph,src,level,frontier,edges,dups,mode,vw,assign,hubs
#   ablation-step08-SLUG.log   nvidia-smi, commit, every command and its summary lines
# Environment: ABL_GRAPHS (labels, default all six), ABL_SOURCES (4), ABL_TRIALS (5),
# ABL_BLOCK (256), ABL_TRACE_GRAPHS (kron20 luxembourg_osm soc-Slashdot0902), GRAPH_DIR (graphs).
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gpu-probe.sh"; need_gpu ablation08
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/scripts/results-common.sh"
BIN=${1:-bin/step08}
BLOCK=${ABL_BLOCK:-256}
abl_setup ablation08 08
trace=$OUTDIR/trace-step08-$slug.csv
GRAPHS=${ABL_GRAPHS:-kron20 kron22 uniform22 grid2000x2000 luxembourg_osm soc-Slashdot0902}
# the rows: each adds one technique to the row above (the paper's techniques); then the paper's
# own choices (-V paper's knobs: the host loop, the K4 rule, the hash) and single changes to the
# default; the row "loop=1,...,hash=0" is the step's defaults (-V bfs4k)
R0="loop=0,mode=2,scan=0,stage=0,coalesce=0,vw=16,assign=1,dp=0,hash=0"  # 06's shape of work
SETS="$R0"
SETS+=";loop=0,mode=2,scan=1,stage=0,coalesce=0,vw=16,assign=1,dp=0,hash=0"     # + prefix-sum allocation
SETS+=";loop=0,mode=2,scan=1,stage=4096,coalesce=0,vw=16,assign=1,dp=0,hash=0"  # + shared staging
SETS+=";loop=0,mode=2,scan=1,stage=4096,coalesce=1,vw=16,assign=1,dp=0,hash=0"  # + coalesced reads/writes
SETS+=";loop=0,mode=2,scan=1,stage=4096,coalesce=1,vw=0,assign=1,dp=0,hash=0"   # + dynamic virtual warps
SETS+=";loop=0,mode=2,scan=1,stage=4096,coalesce=1,vw=0,assign=2,dp=0,hash=0"   # + edge-discover
SETS+=";loop=0,mode=2,scan=1,stage=4096,coalesce=1,vw=0,assign=2,dp=DP,hash=0"  # + child grids for hubs (CDP2)
SETS+=";loop=0,mode=0,scan=1,stage=4096,coalesce=1,vw=0,assign=2,dp=DP,hash=0"  # + single-block levels
SETS+=";loop=1,mode=0,scan=1,stage=4096,coalesce=1,vw=0,assign=2,dp=DP,hash=0"  # + the device loop = the defaults
SETS+=";loop=0,mode=0,assign=0,hash=2048"                                       # the paper's own choices (-V paper)
SETS+=";loop=1,mode=0,hash=2048"                                                # defaults + the paper's hash
SETS+=";loop=1,mode=0,assign=0"                                                 # defaults, the paper's vw/edge-discover rule
SETS+=";loop=1,mode=0,dp=0"                                                     # no hub pass
SETS+=";loop=1,mode=0,visit=1"                                                  # exact visit (not in the paper)
DP=$("$BIN" --list-knobs | awk '$1 == "dp" { print $2 }')
SETS=${SETS//dp=DP/dp=$DP}
abl_log_header "block $BLOCK"
rc=0
abl_run_graphs BFS4K_VERBOSE 300 'bfs4k:' 'bfs4k:' -b "$BLOCK"
# per-level traces: the defaults, with the hash, virtual warps of 4 with and without it
[ -s "$trace" ] || echo "config,graph,src,level,frontier,edges,dups,mode,vw,assign,hubs" > "$trace"
for g in ${ABL_TRACE_GRAPHS:-kron20 luxembourg_osm soc-Slashdot0902}; do
  for cfg in "step08|mode=0" "hash|mode=0,hash=2048" "vw4|mode=0,vw=4,assign=1" "vw4-hash|mode=0,vw=4,assign=1,hash=2048"; do
    name=${cfg%%|*}; ks=${cfg#*|}
    t=$(mktemp -d)
    # shellcheck disable=SC2086
    timeout 120 "$BIN" $(graph_args "$g") --name "$g" -R 1 -n 1 -a -b "$BLOCK" ${ks:+--knob-sets "$ks"} > "$t/log" 2>&1 || { rc=1; tail -3 "$t/log" >&2; }
    src=$(sed -n 's/^Source \([0-9]*\):.*/\1/p' "$t/log" | head -1)
    awk -v c="$name" -v g="$g" -v s="$src" '/^Level: / {
        split($0, f, " "); lv = f[2]; mode = f[3]
        for (i = 4; i <= NF; i++) { split(f[i], kv, "="); val[kv[1]] = kv[2] }
        print c "," g "," s "," lv "," val["frontier"] "," val["edges"] "," val["dups"] "," mode "," val["vw"] "," f[8] "," val["hubs"] }' "$t/log" >> "$trace"
    grep -E '^(Average|Verification)' "$t/log" | sed "s/^/[$g $name] /" >> "$log"
    rm -rf "$t"
  done
done
echo "ablation08: wrote ${csv#$ROOT/} ${trace#$ROOT/} ${log#$ROOT/} (${SECONDS}s)" >&2
exit $rc
