#!/usr/bin/env bash
# ablation15.sh [BIN] - step 15's one-block rounds (steps/15_oneblock/README.md) on the road graphs:
# the block off (step 14's grid alone) and on; the levels a lane expands in one round (chase=1:
# off, a level a round), a lane per entry against a warp's edges spread over its lanes (spread),
# the entries of each shared queue (leanq: the shared memory the block takes from the L1), the
# adaptive step's target in the block (nlo) and the largest round the block takes (leanmax);
# every trial verified.
#
# Writes (ABL_OUT, default plots/data; SLUG from nvidia-smi, e.g. h100):
#   ablation-step15-SLUG.csv   harness CSV rows, the knobs column names the setting
#   ablation-step15-SLUG.log   nvidia-smi, commit, every command, its summary and hbf: lines
# The harness appends to the CSV: remove the old pair first for a fresh table.
# Environment: ABL_GRAPHS (labels, default luxembourg_osm rome99), ABL_SOURCES (4),
# ABL_TRIALS (5), GRAPH_DIR (graphs).
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gpu-probe.sh"; need_gpu ablation15
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/scripts/results-common.sh"
BIN=${1:-bin/step15}
abl_setup ablation15 15
GRAPHS=${ABL_GRAPHS:-luxembourg_osm rome99}
SETS="lean=0;lean=-1;lean=-1,spread=0,chase=1;lean=-1,spread=0,chase=2;lean=-1,spread=0,chase=6"
SETS="$SETS;lean=-1,chase=1;lean=-1,chase=2;lean=-1,chase=4;lean=-1,chase=8;lean=-1,chase=16"
SETS="$SETS;lean=-1,leanq=256;lean=-1,leanq=1024;lean=-1,leanq=1280;lean=-1,nlo=16;lean=-1,nlo=128;lean=-1,nlo=512"
SETS="$SETS;lean=-1,leanmax=1024;lean=-1,leanmax=16384"
abl_log_header
rc=0
abl_run_graphs HBF_VERBOSE 240 'relaxations|hbf:' 'hbf:'
echo "$ABL_NAME: rows in ${csv#$ROOT/}, log ${log#$ROOT/}" >&2
exit $rc
