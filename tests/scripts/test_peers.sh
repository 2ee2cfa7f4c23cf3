#!/usr/bin/env bash
# test_peers.sh - scripts/peers.sh without a GPU and without the peers: no PEERS_DIR (or one that
# is no directory) is one error line and exit 2, before anything runs; with PEERS_DIR but no GPU
# one SKIPPED line and exit 77, nothing written; a whole run with a stand-in for every peer and
# step (each tool's output format: rows, checks, prep_ms, provenance, a re-run's merge, a wrong
# dump's FAIL and exit 1); `summarize` of a small sample CSV
# (tests/scripts/peers-sample.csv) gives each tool's median, preparation and validation and the
# gallery against the best peer, a failed run never the best; and make plots' README block: the
# table from a peers CSV, "not measured yet" without one. Ends "peers-test: N passed, N failed".
# shellcheck disable=SC2034  # the variables the checks read inside t's eval
set -u
cd "$(dirname "$0")/../.." || exit 1
pass=0; failn=0
t() { if eval "$2"; then pass=$((pass + 1)); echo "ok - $1"; else failn=$((failn + 1)); echo "not ok - $1"; echo "$out" | head -20 | sed 's/^/#   /'; fi; }
tmp=$(mktemp -d); [ -n "${KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT; [ -n "${KEEP:-}" ] && echo "# $tmp"
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

# ---- a whole run with stand-ins (GPU_SLUG: no probe): every peer and step a small script -----------
# The stand-ins speak each tool's output format (docs/PEERS.md); Blest's and GSWITCH's BFS dumps
# equal the oracle's, GSWITCH's SSSP dump does not: its rows must be FAIL and the exit 1.
R=$tmp/run; mkdir -p "$R/scripts" "$R/bin" "$R/pb" "$R/steps/01_a" "$R/steps/09_b" "$R/steps/13_c" "$R/steps/14_d"
cp scripts/peers.sh scripts/gpu-probe.sh scripts/results-common.sh "$R/scripts/"
touch "$R/steps/01_a/bfs.cu" "$R/steps/09_b/sssp.cu" "$R/steps/13_c/bfs.cu" "$R/steps/14_d/sssp.cu"
cat > "$R/stand-in" <<'SH'
#!/usr/bin/env bash
# one stand-in for every tool, by its name; the graph: 3 vertices, 0-1 reached, 2 not
me=${0##*/}; arg() { local k=$1; shift; while [ $# -gt 0 ]; do [ "$1" = "$k" ] && { echo "$2"; return; }; shift; done; }
opt() { local k=$1; shift; for a in "$@"; do case $a in "$k"=*) echo "${a#*=}"; return ;; esac; done; }
case $me in
  converter) echo "Graph has 3 nodes and 2 directed edges"; echo "Build Time: 0.01"; echo serialized > "$(arg -b "$@")" ;;
  prep) f=$(arg -f "$@"); b=${f%.wsg}; printf '%%%%MatrixMarket matrix coordinate integer symmetric\n3 3 1\n2 1 7\n' > "$b.mtx"
        printf '0\n1\n' > "$b.src"; printf '0 2 2 1\n1 2 2 1\n' > "$b.meta" ;;
  bfs|sssp) n=$(arg -n "$@"); for ((i = 0; i < n; i++)); do echo "Trial Time: 0.00$((i + 2))"; done   # seconds
        case " $* " in *" -v "*) echo "Verification: PASS" ;; esac ;;
  gbench) for s in $(cat "$(arg --sources "$@")"); do for a in bfs sssp; do
          echo "GR $a block_mapped $s 0 0.5"; echo "GR $a block_mapped $s 1 0.4"; echo "GRCHECK $a block_mapped $s 0"; done; done ;;
  blest) echo "BLEST_REORDER_MS 30"; echo "BLEST_BVSS_MS 12.5"; d=$(arg -d "$@")
        for s in $(cat "$(arg -s "$@")"); do echo "BLEST $s 0 0.1 2"; echo "BLEST $s 1 0.3 2"; printf '%s\n%s\n-1\n' $((s)) $((1 - s)) > "$d.$s"; done ;;
  gswitch_bfs|gswitch_sssp) t=GSWITCH_$(echo "${me#gswitch_}" | tr a-z A-Z); d=$(opt --dump "$@")
        for s in $(cat "$(opt --sources "$@")"); do echo "$t $s 0 0.2 2"
          if [ "$me" = gswitch_bfs ]; then printf '%s\n%s\n-1\n' $((s)) $((1 - s)); else printf '5\n5\n5\n'; fi > "$d.$s"; done ;;
  step*) case " $* " in
          *" --cpu "*) d=$(arg -d "$@"); s=$(arg -r "$@"); printf '%s\n%s\ninf\n' $((s)) $((1 - s)) > "$d" ;;
          *) echo "Launch: grid 0 (step's choice) x block 256; init 1.500 ms; device memory in use 0.010 GiB"
             for s in 0 1; do for t in 0 1; do echo "Trial Time:     0.2000 ms  source $s  levels 2  GTEPS 0.0100  PASS"; done; done ;;
        esac ;;
esac
SH
chmod +x "$R/stand-in"
for x in bfs sssp converter prep gbench blest gswitch_bfs gswitch_sssp; do ln -s ../stand-in "$R/pb/$x"; done
for x in step01 step09 step13 step14; do ln -s ../stand-in "$R/bin/$x"; done
out=$(cd "$R" && GPU_SLUG=fake PEERS_DIR="$R/pb" PEERS_WORK="$R/w" K=2 T=2 PROJECT_RUNS="step13:default step13:slides step14:default" \
      timeout 120 scripts/peers.sh kron10 2>&1); rc=$?
csv=$R/plots/data/peers-fake.csv
t "stand-ins: exit 1 (GSWITCH's SSSP dumps differ from the oracle), the CSV written" '[ $rc = 1 ] && [ -s "$csv" ]'
t "stand-ins: the header" '[ "$(head -1 "$csv")" = graph,tool,alg,variant,source,trial,ms,edges,gteps,check,prep_ms ]'
t "stand-ins: gapbs, a row per trial, checked, its bucket width in the variant" \
  '[ "$(grep -c "^kron10,gapbs,bfs,DOBFS,[01],[01],[23].000000,2,.*,PASS,$" "$csv")" = 4 ] && grep -q "^kron10,gapbs,sssp,delta-step d=1,0,1," "$csv"'
t "stand-ins: Gunrock, its own checks" '[ "$(grep -c "^kron10,gunrock,sssp,block_mapped,[01],[01],0.[45]00000,2,.*,PASS,$" "$csv")" = 4 ]'
t "stand-ins: Blest, its dumps against the oracle, its preparation (reordering + bit matrix) in prep_ms" \
  '[ "$(grep -c "^kron10,blest,bfs,tensor-core,[01],[01],0.[13]00000,2,.*,PASS,42.500$" "$csv")" = 4 ]'
t "stand-ins: GSWITCH, BFS dumps PASS, SSSP dumps FAIL" \
  '[ "$(grep -c "^kron10,gswitch,bfs,default,.*,PASS,$" "$csv")" = 2 ] && [ "$(grep -c "^kron10,gswitch,sssp,default,.*,FAIL,$" "$csv")" = 2 ]'
t "stand-ins: the steps, BFS and SSSP told apart, their init in prep_ms" \
  '[ "$(grep -c "^kron10,gallery,bfs,step13 slides,[01],[01],0.200000,2,.*,PASS,1.500$" "$csv")" = 4 ] && [ "$(grep -c "^kron10,gallery,sssp,step14 default,.*,PASS,1.500$" "$csv")" = 4 ]'
t "stand-ins: the provenance" 'grep -q "^gallery commit: " "$R/plots/data/peers-fake.meta" && grep -q "^peers (docs/PEERS.md): gapbs sbeamer/gapbs b5e3e19" "$R/plots/data/peers-fake.meta" && grep -q "^rows: 36 (2 FAIL)$" "$R/plots/data/peers-fake.meta"'
t "stand-ins: the summary at the end, the logs" \
  'grep -q "^kron10  *bfs  *gallery step13 default .*best peer blest tensor-core .*speedup" <<< "$out" && [ -s "$R/results/peers-fake/summary.txt" ] && [ -s "$R/results/peers-fake/kron10.blest.txt" ]'
out2=$(cd "$R" && GPU_SLUG=fake PEERS_DIR="$R/pb" PEERS_WORK="$R/w" K=2 T=2 NO_A2=1 PROJECT_RUNS="step13:default" timeout 120 scripts/peers.sh kron10 2>&1)
t "stand-ins: a second run replaces its own rows, keeps the others" \
  '[ "$(grep -c "^kron10,gallery,bfs,step13 default," "$csv")" = 4 ] && [ "$(grep -c "^kron10,blest," "$csv")" = 4 ] && grep -q "files already there" <<< "$out2"'

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
