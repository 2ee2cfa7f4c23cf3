#!/usr/bin/env bash
# lean-sssp-profile.sh [BIN] - where a round of step 14's one-block kernel (hbf_lean_kernel) goes,
# on the two road graphs: Nsight Compute's warp-state sampling and instruction counts of one
# launch (source 0, the second launch: the first trial after the warm-up), summed per stall
# reason, per round, and for the instructions run by one lane of a warp (thread 0's round end,
# the lane-0 shared atomics of every warp).
#   OUT       the summary (default results/lean-sssp-profile.txt)
#   GRAPH_DIR where luxembourg_osm.mtx.gz and rome99.gr.gz are (default graphs)
#   COMMIT    the binary's commit for the header (default: git describe here)
# Needs ncu (Nsight Compute) and python3; profiling needs a GPU.
set -u
cd "$(dirname "$0")/../.." || exit 2
BIN=${1:-bin/step14}
OUT=${OUT:-results/lean-sssp-profile.txt}
GRAPH_DIR=${GRAPH_DIR:-graphs}
command -v ncu >/dev/null || { echo "lean-sssp-profile: ncu not found (Nsight Compute)"; exit 2; }
[ -x "$BIN" ] || { echo "lean-sssp-profile: $BIN not built (make step14)"; exit 2; }
mkdir -p "$(dirname "$OUT")"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
{
  echo "# lean-sssp-profile.sh $(date -u +%FT%TZ) commit ${COMMIT:-$(git describe --always --dirty 2>/dev/null || echo unknown)}"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
  ncu --version | tail -1
} > "$OUT"
for g in luxembourg_osm.mtx.gz rome99.gr.gz; do
  HBF_VERBOSE=1 ncu --section SourceCounters --section WarpStateStats -k regex:hbf_lean_kernel -s 1 -c 1 \
    -o "$tmp/rep" -f "$BIN" -f "$GRAPH_DIR/$g" -r 0 -n 3 > "$tmp/run.log" 2>&1 || { cat "$tmp/run.log"; exit 1; }
  ncu -i "$tmp/rep.ncu-rep" --page raw --csv > "$tmp/raw.csv" || exit 1
  ncu -i "$tmp/rep.ncu-rep" --page source --csv --print-source sass > "$tmp/sass.csv" || exit 1
  # the profiled launch is the second run's: its hbf: line is the second
  rounds=$(grep '^hbf:' "$tmp/run.log" | sed -n 2p | sed 's/.* \([0-9]*\) rounds and splits in one block.*/\1/')
  echo "== ${g%%.*}: $(grep '^hbf:' "$tmp/run.log" | sed -n 2p)" >> "$OUT"
  python3 - "$tmp/raw.csv" "$tmp/sass.csv" "$rounds" >> "$OUT" <<'PY'
import csv, sys
raw = list(csv.reader(open(sys.argv[1])))
h, v = raw[0], raw[2]
st = {}
for i, name in enumerate(h):
    if 'pcsamp_warps_issue_stalled_' in name and 'not_issued' not in name:
        try: st[name.split('stalled_')[1]] = float(v[i].replace(',', ''))
        except ValueError: pass
tot = sum(st.values())
print('warp-state samples: %d; by stall reason (%% of samples):' % tot)
print('  ' + ', '.join('%s %.1f' % (k, 100 * x / tot) for k, x in sorted(st.items(), key=lambda kv: -kv[1])[:8]))
rows = list(csv.reader(open(sys.argv[2])))
hd = rows[1]; body = [r for r in rows[2:] if len(r) == len(hd)]
iE = hd.index('Instructions Executed'); iA = hd.index('Avg. Threads Executed')
iS = hd.index('Warp Stall Sampling (All Samples)')
ex = sum(int(r[iE] or 0) for r in body)
one = sum(int(r[iE] or 0) for r in body if r[iA] not in ('', '0') and float(r[iA]) <= 1.01)
rounds = int(sys.argv[3])
top = sorted(body, key=lambda r: -int(r[iS] or 0))[:3]
print('rounds and splits in the block: %d; warp instructions: %d (%.0f a round), of them with one lane active: %.0f a round'
      % (rounds, ex, ex / rounds, one / rounds))
print('most sampled instructions: ' + '; '.join('%s (%s samples)' % (r[1].strip(), r[iS]) for r in top))
PY
done
cat "$OUT"
