#!/usr/bin/env bash
# ablation14.sh [BIN] - step 14's road-network parts (steps/14_nearfar/README.md): chains off and
# the one-block rounds off, each alone and together; then, on the road graphs, where the block
# runs, the levels a lane expands in one round (chase=1: off, a level a round), a lane per entry
# against a warp's edges spread over its lanes (spread), the entries of each shared queue (leanq:
# the shared memory the block takes from the L1) and the adaptive step's target in the block
# (nlo); every trial verified.
#
# Writes (ABL_OUT, default plots/data; SLUG from nvidia-smi, e.g. h100):
#   ablation-step14-SLUG.csv   harness CSV rows, the knobs column names the setting
#   ablation-step14-SLUG.log   nvidia-smi, commit, every command, its summary and hbf: lines
# Environment: ABL_GRAPHS (labels, default luxembourg_osm rome99), ABL_SOURCES (4),
# ABL_TRIALS (5), GRAPH_DIR (graphs).
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gpu-probe.sh"; need_gpu ablation14
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/scripts/results-common.sh"
BIN=${1:-bin/step14}
abl_setup ablation14 14
GRAPHS=${ABL_GRAPHS:-luxembourg_osm rome99}
SETS="lean=0,chains=0;lean=-1,chains=0;lean=0;lean=-1,spread=0,chase=1;lean=-1,spread=0,chase=2"
SETS="$SETS;lean=-1,chase=1;lean=-1,chase=2;lean=-1,chase=4;lean=-1,chase=6;lean=-1,chase=8;lean=-1,chase=16"
SETS="$SETS;lean=-1,leanq=256;lean=-1,leanq=1024;lean=-1,leanq=1280;lean=-1,nlo=16;lean=-1,nlo=128;lean=-1,nlo=512"
abl_log_header
rc=0
abl_run_graphs HBF_VERBOSE 240 'relaxations|hbf:' 'hbf:'
echo "$ABL_NAME: rows in ${csv#$ROOT/}, log ${log#$ROOT/}" >&2
exit $rc
