#!/usr/bin/env bash
# test_peers.sh - scripts/peers.sh without a GPU and without the peers: no PEERS_DIR (or one that
# is no directory) is one error line and exit 2, before anything runs; with PEERS_DIR but no GPU
# one SKIPPED line and exit 77, nothing written; `summarize` of a small sample CSV
# (tests/scripts/peers-sample.csv) gives each tool's median, preparation and validation and the
# gallery against the best peer, a failed run never the best; and make plots' README block: the
# table from a peers CSV, "not measured yet" without one. Ends "peers-test: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
pass=0; failn=0
t() { if eval "$2"; then pass=$((pass + 1)); echo "ok - $1"; else failn=$((failn + 1)); echo "not ok - $1"; echo "$out" | head -20 | sed 's/^/#   /'; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
SAMPLE=tests/scripts/peers-sample.csv

# ---- usage errors: before the GPU probe, one line, exit 2 -----------------------------------------
out=$(env -u PEERS_DIR PEERS_OUT="$tmp/o" PEERS_LOG_DIR="$tmp/l" scripts/peers.sh 2>&1); rc=$?
t "no PEERS_DIR: exit 2, one line naming PEERS_DIR" \
  '[ $rc = 2 ] && [ "$(wc -l <<< "$out")" = 1 ] && grep -q "^peers: error: PEERS_DIR is not set: PEERS_DIR=/path/to/peer/bin" <<< "$out"'
out=$(PEERS_DIR=$tmp/none PEERS_OUT="$tmp/o" PEERS_LOG_DIR="$tmp/l" scripts/peers.sh 2>&1); rc=$?
t "PEERS_DIR not a directory: exit 2, one line" \
  '[ $rc = 2 ] && [ "$(wc -l <<< "$out")" = 1 ] && grep -q "^peers: error: PEERS_DIR=$tmp/none is not a directory" <<< "$out"'
out=$(scripts/peers.sh -h 2>&1); rc=$?
t "-h: the usage, exit 0" '[ $rc = 0 ] && grep -q "PEERS_DIR=/path/to/peer/bin scripts/peers.sh" <<< "$out"'

# ---- no GPU: a copy of the scripts with no bin/ and an nvidia-smi that lists nothing -------------
mkdir -p "$tmp/tree/scripts" "$tmp/fake" "$tmp/peerbin"
cp scripts/peers.sh scripts/gpu-probe.sh scripts/results-common.sh "$tmp/tree/scripts/"
printf '#!/bin/sh\nexit 9\n' > "$tmp/fake/nvidia-smi"; chmod +x "$tmp/fake/nvidia-smi"
out=$(env -u GPU_SLUG PATH="$tmp/fake:$PATH" PEERS_DIR="$tmp/peerbin" PEERS_OUT="$tmp/o" PEERS_LOG_DIR="$tmp/l" \
      PEERS_WORK="$tmp/w" timeout 60 "$tmp/tree/scripts/peers.sh" 2>&1); rc=$?
t "no GPU: exit 77, one SKIPPED line" '[ $rc = 77 ] && [ "$(wc -l <<< "$out")" = 1 ] && grep -q "^peers: SKIPPED: no CUDA device" <<< "$out"'
t "no GPU: nothing written" '[ ! -e "$tmp/o" ] && [ ! -e "$tmp/l" ] && [ ! -e "$tmp/w" ]'

# ---- summarize -----------------------------------------------------------------------------------
out=$(scripts/peers.sh summarize "$SAMPLE" 2>&1); rc=$?
t "summarize: exit 0 and the header" '[ $rc = 0 ] && grep -q "^graph  *tool  *alg  *variant  *n  *median_ms  *warm_ms  *prep_ms  *GTEPS  *validated$" <<< "$out"'
t "summarize: a median over sources x trials, the warm trials apart" \
  'grep -q "^kron20  *gapbs  *bfs  *DOBFS  *3  *4.8000  *4.7000  *-  *6.327  *yes$" <<< "$out"'
t "summarize: Blest's preparation beside its time, sources checked counted" \
  'grep -q "^kron20  *blest  *bfs  *tensor-core  *2  *0.2120  *-  *3600.000  *143.903  *yes (1/2 sources)$" <<< "$out"'
t "summarize: the step's init as its preparation" 'grep -q "^kron20  *gallery  *bfs  *step13 slides  *2  *0.2310  *-  *0.250 " <<< "$out"'
t "summarize: a FAIL row is said" 'grep -q "^kron20  *gunrock  *bfs  *merge_path .* NO (1 FAIL)$" <<< "$out"'
t "summarize: the best peer skips a run with a FAIL (Blest, not Gunrock merge_path)" \
  'grep -q "^kron20  *bfs  *gallery step13 slides  *0.2310 ms  best peer blest tensor-core  *0.2120 ms  speedup  *0.92$" <<< "$out"'
t "summarize: no speedup line where every peer failed" '! grep -q "^grid2k  *sssp  *gallery" <<< "$out" && grep -q "^grid2k  *bfs  *gallery .*speedup  *3.60$" <<< "$out"'
out=$(scripts/peers.sh summarize "$tmp/nothing.csv" 2>&1); rc=$?
t "summarize: a missing file is one line, exit 2" '[ $rc = 2 ] && [ "$(wc -l <<< "$out")" = 1 ]'

# ---- make plots: the README block from a peers CSV, "not measured yet" without one -------------
mkdir -p "$tmp/p/data" "$tmp/p/out" "$tmp/p/steps"
cp tests/plots/sample.csv "$tmp/p/data/bench-h100.csv"
printf 'x\n<!-- peers:begin -->\nold\n<!-- peers:end -->\ny\n' > "$tmp/p/README.md"
plots() { PLOTS_FIGURES=0 PLOTS_DATA=$tmp/p/data PLOTS_OUT=$tmp/p/out PLOTS_RESULTS=$tmp/p/results PLOTS_README=$tmp/p/README.md \
          PLOTS_STEPS=$tmp/p/steps scripts/plots.sh > "$tmp/p/log" 2>&1; }
plots; out=$(cat "$tmp/p/README.md" "$tmp/p/log")
t "plots without a peers CSV: the block says not measured yet and the command" \
  'grep -q "^Not measured yet: no \`.*/peers-h100.csv\`" "$tmp/p/README.md" && grep -q "make peers PEERS_DIR=" "$tmp/p/README.md" && ! grep -qx old "$tmp/p/README.md"'
cp "$SAMPLE" "$tmp/p/data/peers-h100.csv"
plots; out=$(cat "$tmp/p/README.md" "$tmp/p/log")
t "plots: a row per graph, the fastest in bold, the step named" \
  'grep -q "^| kron20 | 4.80 | 2.85 | - | \*\*0.212\*\* | 0.231 (13 slides) | 3,600 | 0.250 | 44.0 (d=1) | - | \*\*3.20\*\* | 3.80 (14) | 1.50 |$" "$tmp/p/README.md"'
t "plots: a tool whose every run failed is FAIL, never the fastest" \
  'grep -q "^| grid2k | 62.0 | - | - | 18.0 | \*\*5.00\*\* (13) | 40.0 | 0.100 | - | - | FAIL | \*\*40.0\*\* (14) | 2.00 |$" "$tmp/p/README.md"'
t "plots: text outside the markers kept" '[ "$(sed -n "1p;\$p" "$tmp/p/README.md" | tr "\n" " ")" = "x y " ]'
t "plots: an unchanged block is left alone" 'cp "$tmp/p/README.md" "$tmp/p/ref"; plots; cmp -s "$tmp/p/README.md" "$tmp/p/ref"'

echo "peers-test: $pass passed, $failn failed"
[ $failn = 0 ]
