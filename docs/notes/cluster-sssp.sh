#!/usr/bin/env bash
# cluster-sssp.sh - an experiment kept for its result: step 14 with the whole SSSP run in one
# thread-block cluster, distances in distributed shared memory (cluster-sssp.patch, applied to
# step 14 as of commit 03d60a4 in a git worktree), against step 14's own one-block rounds in the
# same run, on the two road graphs; every trial verified. The patch's kernel counts, per round,
# the cycles of its pass, of its barrier and of the rest (block 0, thread 0; HBF_VERBOSE lines).
#   OUT_CSV   rows of every run (default results/cluster-sssp.csv)
#   OUT_LOG   the commands and their verbose lines (default results/cluster-sssp.log)
#   CL14=path a step14 binary built with the patch (default: built here in a git worktree)
set -u
cd "$(dirname "$0")/../.." || exit 2
ROOT=$PWD
OUT_CSV=${OUT_CSV:-results/cluster-sssp.csv}
OUT_LOG=${OUT_LOG:-results/cluster-sssp.log}
mkdir -p "$(dirname "$OUT_CSV")" "$(dirname "$OUT_LOG")"
case $OUT_CSV in /*) ;; *) OUT_CSV=$ROOT/$OUT_CSV ;; esac
case $OUT_LOG in /*) ;; *) OUT_LOG=$ROOT/$OUT_LOG ;; esac
if [ -z "${CL14:-}" ]; then
  wt=$(mktemp -d); git worktree add -q "$wt" 03d60a4 || exit 2
  trap 'git worktree remove --force "$wt"' EXIT
  git -C "$wt" apply "$ROOT/docs/notes/cluster-sssp.patch" || exit 2
  make -C "$wt" -j"$(nproc)" SM=90 bin/step14 >/dev/null || exit 2
  CL14=$wt/bin/step14
fi
GD=${GRAPH_DIR:-$ROOT/graphs}
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%FT%TZ; } > "$OUT_LOG"
for g in rome99.gr.gz luxembourg_osm.mtx.gz; do
  sets="cluster=0;cluster=1;cluster=1,chops=0;cluster=1,chops=8;cluster=1,delta=1000;cluster=1,delta=6000;cluster=1,delta=0"
  cmd=("$CL14" -f "$GD/$g" --name "${g%%.*}" -R 4 -n 5 -v --cpu-baseline --knob-sets "$sets" -o "$OUT_CSV")
  echo "\$ HBF_VERBOSE=1 ${cmd[*]}" >> "$OUT_LOG"
  HBF_VERBOSE=1 "${cmd[@]}" 2>&1 | grep -E "^(Knobs|Median|Average|CPU|Verification|error)|hbf: cluster" |
    awk '/hbf: cluster/ { if (seen[$0]++) next } { print }' >> "$OUT_LOG"
done
python3 - "$OUT_CSV" <<'PY'
import csv, sys, statistics, re
rows = list(csv.DictReader(open(sys.argv[1])))
groups = {}
for r in rows:
    k = ';'.join(x for x in r['knobs'].split(';') if re.match('(cluster|chops|delta|threads)=', x))
    groups.setdefault((r['step'], r['variant'], r['graph'], k), []).append(r)
for (step, var, g, k), v in groups.items():
    print("%-7s %-15s %-15s %9.4f ms  rounds %-7s %s  %s" % (step, var, g, statistics.median(float(x['ms']) for x in v),
          statistics.median(int(x['levels']) for x in v), ''.join(sorted(set(x['verified'] for x in v))), k))
PY
