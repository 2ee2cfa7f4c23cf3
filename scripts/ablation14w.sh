#!/usr/bin/env bash
# ablation14w.sh [BIN] - step 14's virtual warps and hub threshold (steps/14_nearfar/README.md,
# "Knobs"): step 09's defaults (dynamic virtual warps, dp=4096) against one warp a queue entry
# (vw=32) and hubs from 1,024 edges, alone and together, on the graphs where the cooperative grid
# runs the rounds; every trial verified.
#
# Writes (ABL_OUT, default plots/data; SLUG from nvidia-smi, e.g. h100):
#   ablation-step14w-SLUG.csv   harness CSV rows, the knobs column names the setting
#   ablation-step14w-SLUG.log   nvidia-smi, commit, every command, its summary and hbf: lines
# The harness appends to the CSV: remove the old pair first for a fresh table. The committed
# ablation-step14w-h100.* were run before the rungs were split, by the step 14 of then (the code
# and defaults of step 16; on these graphs the one-block rounds do not run).
# Environment: ABL_GRAPHS (labels, default kron20 kron22 uniform22 grid2000x2000), ABL_SOURCES (4),
# ABL_TRIALS (5), GRAPH_DIR (graphs).
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gpu-probe.sh"; need_gpu ablation14w
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/scripts/results-common.sh"
BIN=${1:-bin/step14}
abl_setup ablation14w 14w
GRAPHS=${ABL_GRAPHS:-kron20 kron22 uniform22 grid2000x2000}
SETS="vw=0,dp=4096;vw=32,dp=4096;vw=0,dp=1024;vw=32,dp=1024"
abl_log_header
rc=0
abl_run_graphs HBF_VERBOSE 240 'relaxations|hbf:' 'hbf:'
echo "$ABL_NAME: rows in ${csv#$ROOT/}, log ${log#$ROOT/}" >&2
exit $rc
