#!/usr/bin/env bash
# ablation14.sh [BIN] - step 14's own knobs (steps/14_nearfar/README.md): Near-Far on and off
# (delta=-1, step 09's order delta=0) under each round loop (loop=0 host, 1 tail launches, 2 one
# cooperative grid), and the plain load before each atomicMin (ttas) and the stale-entry skip
# (stale) off, on a Kronecker graph, the grid and the road graphs; every trial verified.
#
# Writes (ABL_OUT, default plots/data; SLUG from nvidia-smi, e.g. h100):
#   ablation-step14-SLUG.csv   harness CSV rows, the knobs column names the setting
#   ablation-step14-SLUG.log   nvidia-smi, commit, every command, its summary and hbf: lines
# The harness appends to the CSV: remove the old pair first for a fresh table. (Before the rungs
# were split this script swept the chains and the one-block rounds: that is ablation16.sh now,
# and its committed run is ablation-step16-h100.*.)
# Environment: ABL_GRAPHS (labels, default kron20 grid2000x2000 luxembourg_osm rome99),
# ABL_SOURCES (4), ABL_TRIALS (5), GRAPH_DIR (graphs).
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gpu-probe.sh"; need_gpu ablation14
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/scripts/results-common.sh"
BIN=${1:-bin/step14}
abl_setup ablation14 14
GRAPHS=${ABL_GRAPHS:-kron20 grid2000x2000 luxembourg_osm rome99}
SETS="delta=0,loop=0;delta=0,loop=1;delta=0,loop=2;delta=-1,loop=0;delta=-1,loop=1;delta=-1,loop=2"
SETS="$SETS;delta=-1,loop=2,ttas=0;delta=-1,loop=2,stale=0"
abl_log_header
rc=0
abl_run_graphs HBF_VERBOSE 300 'relaxations|hbf:' 'hbf:'
echo "$ABL_NAME: rows in ${csv#$ROOT/}, log ${log#$ROOT/}" >&2
exit $rc
