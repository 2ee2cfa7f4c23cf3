#!/usr/bin/env bash
# ablation12.sh [BIN] - the rungs past the papers (steps/12_hop, steps/13_lean): step 13's knobs
# switched on one by one from step 10's levels, every trial verified. The first row is step 10
# (-V beamer), the row "hop=-1,sbits=0,lean=0" is step 12's defaults, the last step 13's.
#
# Writes (ABL_OUT, default plots/data; SLUG from nvidia-smi, e.g. h100):
#   ablation-step12-SLUG.csv   harness CSV rows (step13), the knobs column names the setting
#   ablation-step12-SLUG.log   nvidia-smi, commit, every command and its summary lines
# Environment: ABL_GRAPHS (labels, default all six), ABL_SOURCES (4), ABL_TRIALS (5),
# ABL_BLOCK (256), GRAPH_DIR (graphs).
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/scripts/results-common.sh"
BIN=${1:-bin/step13}
BLOCK=${ABL_BLOCK:-256}
abl_setup ablation12 12
GRAPHS=${ABL_GRAPHS:-kron20 kron22 uniform22 grid2000x2000 luxembourg_osm soc-Slashdot0902}
SETS="hop=0,lean=0"                 # step 10's levels
SETS+=";hop=1,sbits=0,lean=0"       # + row heads: the hop engine, 1 level a barrier
SETS+=";hop=8,sbits=0,lean=0"       # + 8 levels a barrier
SETS+=";hop=32,sbits=0,lean=0"      # + 32 levels a barrier
SETS+=";hop=-1,sbits=0,lean=0"      # auto (64 / 4 / 0 by mean degree), claims by atomicMin = step 12
SETS+=";hop=-1,lean=0"              # + block 0's shared bitmap in the loop kernel (step 13's)
SETS+=";hop=-1,lean=1"              # + the lean prologue (sparse graphs) = step 13
abl_log_header "block $BLOCK"
rc=0
abl_run_graphs BFS4K_VERBOSE 300 'dobfs:' 'dobfs:' -b "$BLOCK"
echo "ablation12: wrote ${csv#$ROOT/} ${log#$ROOT/} (${SECONDS}s)" >&2
exit $rc
