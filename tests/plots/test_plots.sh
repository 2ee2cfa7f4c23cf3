#!/usr/bin/env bash
# test_plots.sh - GPU-free tests of the result pipeline: csv-check.sh, csvagg.awk, plots.sh
# (every gnuplot script, the README tables), sweep.sh and bench.sh driven by fake-step.sh.
# One line per check ("ok - ..." / "FAIL - ..." / "skip - ..."), then "plots: N passed, N failed".
# Exit 0 when nothing failed. Touches nothing in the repository (all output under a temp dir).
set -u
export LC_ALL=C
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HERE=$ROOT/tests/plots
S=$ROOT/scripts
T=$(mktemp -d "${TMPDIR:-/tmp}/test_plots.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok()   { pass=$((pass + 1)); echo "ok - $1"; }
bad()  { fail=$((fail + 1)); echo "FAIL - $1"; [ $# -gt 1 ] && printf '%s\n' "$2" | head -n 15 | sed 's/^/    /'; }
skip() { echo "skip - $1"; nskip=$((nskip + 1)); }
nskip=0
check() { local what=$1; shift; if out=$("$@" 2>&1); then ok "$what"; else bad "$what" "$out"; fi; }
refute() { local what=$1; shift; if out=$("$@" 2>&1); then bad "$what (accepted)" "$out"; else ok "$what"; fi; }

# headers straight from report.h (a second reading, independent of csv-check.sh's)
hdr() { sed -n "/#define $1/,/[^\\\\]\$/p" "$ROOT/harness/report.h" | grep -o '"[^"]*"' | tr -d '"\n'; }
RH=$(hdr REPORT_CSV_HEADER); TH=$(hdr REPORT_TRACE_HEADER)

# ---- schema ------------------------------------------------------------------------------
for f in sample.csv sample-scale.csv sample-sweep.csv sample.trace.csv; do
  check "csv-check accepts $f" "$S/csv-check.sh" "$HERE/$f"
done
for f in sample.csv sample-scale.csv sample-sweep.csv; do
  [ "$(head -n 1 "$HERE/$f")" = "$RH" ] && ok "$f header is REPORT_CSV_HEADER" || bad "$f header is REPORT_CSV_HEADER" "$RH"
done
[ "$(head -n 1 "$HERE/sample.trace.csv")" = "$TH" ] && ok "sample.trace.csv header is REPORT_TRACE_HEADER" ||
  bad "sample.trace.csv header is REPORT_TRACE_HEADER" "$TH"

mut() { sed "$1" "$HERE/sample.csv" > "$T/mut.csv"; }   # a broken copy of the sample
mut '1s/,gteps,/,GTEPS,/';              refute "csv-check rejects a renamed header column" "$S/csv-check.sh" "$T/mut.csv"
mut '1s/,date$//';                      refute "csv-check rejects a missing header column" "$S/csv-check.sh" "$T/mut.csv"
mut '5s/,[^,]*$//';                     refute "csv-check rejects a row with a field missing" "$S/csv-check.sh" "$T/mut.csv"
mut '5s/,PASS,/,PASS,extra,/';          refute "csv-check rejects a row with a field too many" "$S/csv-check.sh" "$T/mut.csv"
mut '6s/^\(\([^,]*,\)\{10\}\)[^,]*/\1nan/'; refute "csv-check rejects ms = nan" "$S/csv-check.sh" "$T/mut.csv"
mut '6s/^\(\([^,]*,\)\{7\}\)[^,]*/\1256.0/'; refute "csv-check rejects block = 256.0 (integer column)" "$S/csv-check.sh" "$T/mut.csv"
mut '7s/,PASS,/,ok,/';                  refute "csv-check rejects verified = ok" "$S/csv-check.sh" "$T/mut.csv"
mut '8s/^[^,]*,/step5,/';               refute "csv-check rejects step = step5" "$S/csv-check.sh" "$T/mut.csv"
mut 's/$/\r/';                          refute "csv-check rejects CRLF line endings" "$S/csv-check.sh" "$T/mut.csv"
: > "$T/empty.csv";                     refute "csv-check rejects an empty file" "$S/csv-check.sh" "$T/empty.csv"
refute "csv-check rejects a missing file" "$S/csv-check.sh" "$T/nonexistent.csv"
head -n 1 "$HERE/sample.csv" > "$T/hdronly.csv"; check "csv-check accepts a header with no rows" "$S/csv-check.sh" "$T/hdronly.csv"
mut '9s/,PASS,/,FAIL,/'; check "csv-check accepts FAIL rows (a result, not a format error)" "$S/csv-check.sh" "$T/mut.csv"

# ---- aggregation: medians, best shape, FAIL rows left out -----------------------------------
{ echo "$RH"
  for r in "0 256 4" "0 256 1" "0 256 3" "0 256 2" "64 128 5" "64 128 6" "64 128 7"; do
    set -- $r; echo "step07,warp,kron10,1024,32768,5,$1,$2,,0,$3,5,32000,1.0,PASS,0.1,0.1,G,1,13.0,c,2026-01-01T00:00:00Z"
  done
  echo "step07,warp,kron10,1024,32768,5,64,128,,0,0.1,5,32000,1.0,FAIL,0.1,0.1,G,1,13.0,c,2026-01-01T00:00:00Z"
} > "$T/agg.csv"
got=$(awk -F, -v mode=best -f "$S/csvagg.awk" "$T/agg.csv" | cut -f4,5,7,8,10)
want=$(printf '0\t256\t8\t2.5\t1')
[ "$got" = "$want" ] && ok "csvagg best: median 2.5 of the fastest shape, FAIL row counted, not timed" ||
  bad "csvagg best: median 2.5 of the fastest shape, FAIL row counted, not timed" "got '$got' want '$want'"
got=$(awk -F, -v mode=heat -f "$S/csvagg.awk" "$T/agg.csv" | cut -f4,5,6 | tr '\t\n' ' ')
[ "$got" = "0 256 2.5 64 128 6 " ] && ok "csvagg heat: one median per grid x block" || bad "csvagg heat: one median per grid x block" "$got"

# ---- gpu slug ------------------------------------------------------------------------------
. "$S/results-common.sh"
for p in "NVIDIA H100 80GB HBM3=h100" "NVIDIA H200=h200" "NVIDIA A100-SXM4-80GB=a100" \
         "NVIDIA GeForce RTX 4090=rtx4090" "Tesla V100-SXM2-16GB=v100"; do
  got=$(gpu_slug_of "${p%=*}")
  [ "$got" = "${p#*=}" ] && ok "gpu slug of '${p%=*}' is ${p#*=}" || bad "gpu slug of '${p%=*}' is ${p#*=}" "got '$got'"
done

# ---- plots.sh on the samples -----------------------------------------------------------------
mkdir -p "$T/data" "$T/out" "$T/steps/01_a" "$T/steps/02_b" "$T/steps/03_c" "$T/steps/04_d"
cp "$HERE/sample.csv" "$T/data/bench-sample.csv"
cp "$HERE/sample-scale.csv" "$T/data/scale-sample.csv"
cp "$HERE/sample.trace.csv" "$T/data/bench-sample.trace.csv"
cp "$HERE/sample-sweep.csv" "$T/data/sweep-sample.csv"
readme() { printf '# Title\n\nIntro text.\n\n<!-- results:begin -->\nstale table\n<!-- results:end -->\n\nClosing text.\n'; }
readme > "$T/README.md"
for d in 01_a 02_b 03_c; do readme > "$T/steps/$d/README.md"; done
# a step that declares its base (as step 05 declares 03): its table shows that base, not the step before
mkdir -p "$T/steps/03_e"; readme > "$T/steps/03_e/README.md"
printf '/* Step 03 - e\n *\n * Base:       01 (not the step before)\n */\n' > "$T/steps/03_e/bfs.cu"
printf '# no markers here\n' > "$T/steps/04_d/README.md"; cp "$T/steps/04_d/README.md" "$T/nomarkers.ref"
plots() { PLOTS_DATA=$T/data PLOTS_OUT=$T/out PLOTS_RESULTS=$T/results PLOTS_README=$T/README.md \
          PLOTS_STEPS=$T/steps "$S/plots.sh"; }
if command -v gnuplot >/dev/null 2>&1; then
  check "plots.sh runs on the sample CSV" plots
  for fig in runtime:runtime-sample heatmap:heatmap-sample-step03-queue-kron18 frontier:frontier-sample \
             scale:scale-sample speedup:speedup-sample; do
    f=$T/out/${fig#*:}.svg
    if [ -s "$f" ] && grep -q '</svg>' "$f"; then ok "plots/${fig%%:*}.gp writes a non-empty SVG"
    else bad "plots/${fig%%:*}.gp writes a non-empty SVG" "$(ls "$T/out")"; fi
  done
  n=$(ls "$T"/out/heatmap-sample-*.svg 2>/dev/null | wc -l)
  [ "$n" -eq 3 ] && ok "one heatmap per (step, variant, graph) of the sweep: 3" || bad "one heatmap per (step, variant, graph): 3" "got $n"
  if gnuplot -e 'set terminal' 2>&1 | grep -Eq '^ *(pngcairo|png) '; then
    n=$(find "$T/out" -name '*.png' -size +1k | wc -l)
    [ "$n" -eq 8 ] && ok "a PNG beside every SVG (8)" || bad "a PNG beside every SVG (8)" "got $n"
  else skip "this gnuplot has no png terminal"; fi
  grep -q 'NVIDIA H100 80GB HBM3' "$T/out/runtime-sample.svg" && grep -q "the CSV's commit column" "$T/out/runtime-sample.svg" &&
    ! grep -q 'v0.1-12-gabc1234' "$T/out/runtime-sample.svg" &&
    ok "figure subtitle names the GPU and where the builds are, not a commit id" ||
    bad "figure subtitle names the GPU and where the builds are, not a commit id"
else
  skip "gnuplot not installed: figures not tested"
  PLOTS_FIGURES=0 plots > /dev/null 2>&1
fi

# README tables
body=$(sed -n '/results:begin/,/results:end/p' "$T/README.md")
hdr_ok=$(grep -c '^| step | variant | kron20 | uniform20 | grid2000x2000 | luxembourg_osm | soc-Slashdot0902 | launch shape |$' <<<"$body")
[ "$hdr_ok" = 1 ] && ok "README table: graph columns in class order" || bad "README table: graph columns in class order" "$body"
grep -q '^| step03 | queue | 12.9 | 11.3 | 0.165 | 0.019 | 1.67 | auto×256 queue_cap=2 |$' <<<"$body" &&
  ok "README table: median GTEPS of the fastest shape, shape and knobs" || bad "README table: median GTEPS of the fastest shape" "$body"
grep -q '^| step01 | edge | .* 0.006 (1 FAIL) |' <<<"$body" && ok "README table: FAIL rows flagged" || bad "README table: FAIL rows flagged" "$body"
[ "$(grep '^| ' <<<"$body" | tail -n 2 | cut -d'|' -f2 | tr '\n' ,)" = " CPU oracle , CPU parallel ," ] &&
  ok "README table: CPU oracle, then CPU parallel, last" || bad "README table: CPU oracle, then CPU parallel, last" "$body"
grep -q '^| CPU parallel | gapbs-style-dobfs | 3.99 | - | 0.495 | - | - | 16 threads |$' <<<"$body" &&
  ok "README table: parallel CPU row: its GTEPS, - where not measured, thread count" ||
  bad "README table: parallel CPU row: its GTEPS, - where not measured, thread count" "$body"
grep -q '^| CPU oracle | bfs | .* | serial |$' <<<"$body" && ok "README table: the oracle row stays serial" ||
  bad "README table: the oracle row stays serial" "$body"
grep -q 'stale table' "$T/README.md" && bad "README table: old table removed" || ok "README table: old table removed"
readme > "$T/expect.md"
diff <(sed '/results:begin/,/results:end/d' "$T/README.md") <(sed '/results:begin/,/results:end/d' "$T/expect.md") > /dev/null &&
  ok "README: text outside the markers unchanged" || bad "README: text outside the markers unchanged"
cp "$T/README.md" "$T/README.first"
out=$(PLOTS_FIGURES=0 plots 2>&1)
cmp -s "$T/README.md" "$T/README.first" && grep -q 'unchanged' <<<"$out" && ok "README rewrite is idempotent" ||
  bad "README rewrite is idempotent" "$out"
s3=$(sed -n '/results:begin/,/results:end/p' "$T/steps/03_c/README.md")
grep -q '^| step02 | flags |' <<<"$s3" && grep -q '^| step03 | queue |' <<<"$s3" && grep -q '^| step03 | dedup |' <<<"$s3" &&
  ! grep -q '^| step01 \|CPU' <<<"$s3" && ok "step README: its rows and the previous step's" ||
  bad "step README: its rows and the previous step's" "$s3"
s3e=$(sed -n '/results:begin/,/results:end/p' "$T/steps/03_e/README.md")
grep -q '^| step01 | edge |' <<<"$s3e" && grep -q '^| step03 | queue |' <<<"$s3e" && ! grep -q '^| step02 ' <<<"$s3e" &&
  ok "step README: its rows and its declared base's (Base: NN)" || bad "step README: its rows and its declared base's" "$s3e"
s1=$(sed -n '/results:begin/,/results:end/p' "$T/steps/01_a/README.md")
[ "$(grep -c '^| step01 |' <<<"$s1")" = 2 ] && ! grep -q '^| step02' <<<"$s1" && ok "first step's README: its own rows only" ||
  bad "first step's README: its own rows only" "$s1"
cmp -s "$T/steps/04_d/README.md" "$T/nomarkers.ref" && ok "README without markers left alone" || bad "README without markers left alone"
printf 'x\n<!-- results:begin -->\nkeep me\n' > "$T/README.md"; cp "$T/README.md" "$T/half.ref"
PLOTS_FIGURES=0 plots > /dev/null 2>&1
cmp -s "$T/README.md" "$T/half.ref" && ok "README with an unterminated marker left alone" || bad "README with an unterminated marker left alone"

# the top README's generated blocks: the ladder from the steps themselves (a step without rows says so)
L=$T/lad; mkdir -p "$L/data" "$L/steps/01_a" "$L/steps/02_b" "$L/steps/05_new"
cp "$HERE/sample.csv" "$L/data/bench-sample.csv"
printf '/* Step 01 - a\n */\nSTEP_EXPORT const step_t STEP = {\n    "Title of a (Fig. 1)", PROBLEM_BFS, NULL, v,\n' > "$L/steps/01_a/bfs.cu"
printf '/* Step 02 - b\n * Base:       01\n */\nSTEP_EXPORT const step_t STEP = {"Title of b", PROBLEM_BFS};\n' > "$L/steps/02_b/bfs.cu"
printf '/* Step 05 - new\n * Base:       01 (a new rung)\n */\nSTEP_EXPORT const step_t STEP = {"A step not measured", PROBLEM_BFS};\n' > "$L/steps/05_new/bfs.cu"
printf '# comment\n01\ttechnique of a\tPaper A\n' > "$L/ladder.tsv"
printf '# comment\n^soc-\tsocial\tb best\tbest=step02 slowest=step01\n' > "$L/fig7.tsv"
printf 'x\n<!-- ladder:begin -->\nold\n<!-- ladder:end -->\n<!-- fig7:begin -->\n<!-- fig7:end -->\n<!-- cpu:begin -->\n<!-- cpu:end -->\ny\n' > "$L/README.md"
PLOTS_FIGURES=0 PLOTS_DATA=$L/data PLOTS_OUT=$L/out PLOTS_README=$L/README.md PLOTS_STEPS=$L/steps PLOTS_LADDER=$L/ladder.tsv \
  PLOTS_FIG7=$L/fig7.tsv "$S/plots.sh" > "$L/out.txt" 2>&1
lad=$(sed -n '/ladder:begin/,/ladder:end/p' "$L/README.md")
grep -q '^| \[01_a\](steps/01_a/README.md) | — | technique of a | Paper A | ' <<<"$lad" &&
  grep -q '^| \[02_b\](steps/02_b/README.md) | 01 | Title of b | — | ' <<<"$lad" && ! grep -q '^old$' <<<"$lad" &&
  ok "ladder: a row per step, its base, the technique from ladder.tsv or the STEP title" || bad "ladder: a row per step" "$lad"
grep -q '^| \[05_new\](steps/05_new/README.md) | 01 | A step not measured | — | not measured yet | not measured yet | — |$' <<<"$lad" &&
  ok "ladder: a step without CSV rows says 'not measured yet'" || bad "ladder: a step without CSV rows says 'not measured yet'" "$lad"
grep -qx '01 → 02' <<<"$lad" && grep -qx '01 → 05' <<<"$lad" && ok "ladder: the chains of bases" || bad "ladder: the chains of bases" "$lad"
grep -q '^| \[01_a\].* | [0-9.]* GTEPS, [0-9.]* ms [^|]*| [0-9.]* GTEPS, [0-9.]* ms [^|]*| [0-9.-]* / [0-9.-]* |$' <<<"$lad" && ok "ladder: the numbers come from the CSV" || bad "ladder: the numbers come from the CSV" "$lad"
# the preparation column: the init_ms median of the cell's variant on each graph (0.400 in the sample)
grep -q '^| step | base | technique | source | kron20, H100 | luxembourg_osm, H100 | preparation (init) ms, kron20 / luxembourg_osm |$' <<<"$lad" &&
  grep -q '^| \[01_a\].* | 0\.400 / 0\.400 |$' <<<"$lad" && ok "ladder: the preparation (init) column" || bad "ladder: the preparation (init) column" "$lad"
f7=$(sed -n '/fig7:begin/,/fig7:end/p' "$L/README.md")
grep -q '^| soc-Slashdot0902 .* | b best | best 02: \(yes\|no ([0-9][0-9] [a-z]*)\); slowest 01: \(yes\|no ([0-9][0-9] [a-z]*)\) |$' <<<"$f7" &&
  ok "fig7: Springer's claims checked against the medians" || bad "fig7: Springer's claims checked against the medians" "$f7"
cpu=$(sed -n '/cpu:begin/,/cpu:end/p' "$L/README.md")
grep -q '^| kron20 | [0-9.,]* | [0-9.]* | [0-9][0-9] [a-z]* [0-9.]* | [0-9.,]*× | [0-9.,]*× |$' <<<"$cpu" &&
  ok "cpu: oracle, parallel baseline and best GPU step per graph" || bad "cpu: oracle, parallel baseline and best GPU step per graph" "$cpu"
[ "$(sed -n '1p;$p' "$L/README.md" | tr '\n' ' ')" = "x y " ] && ok "generated blocks: text outside the markers kept" ||
  bad "generated blocks: text outside the markers kept" "$(cat "$L/README.md")"

# no CSV: says so, exit 0, touches nothing
mkdir -p "$T/none/data" "$T/none/out"; readme > "$T/none/README.md"; cp "$T/none/README.md" "$T/none/ref"
out=$(PLOTS_DATA=$T/none/data PLOTS_OUT=$T/none/out PLOTS_RESULTS=$T/none/results PLOTS_README=$T/none/README.md \
      PLOTS_STEPS=$T/none/steps "$S/plots.sh" 2>&1); rc=$?
[ $rc -eq 0 ] && grep -q 'nothing to plot' <<<"$out" && [ -z "$(ls "$T/none/out")" ] && cmp -s "$T/none/README.md" "$T/none/ref" &&
  ok "no CSV: says so, exits 0, touches nothing" || bad "no CSV: says so, exits 0, touches nothing" "rc $rc: $out"
# an invalid CSV is refused
mkdir -p "$T/inv/data"; sed '3s/,PASS,/,maybe,/' "$HERE/sample.csv" > "$T/inv/data/bench-x.csv"
out=$(PLOTS_DATA=$T/inv/data PLOTS_OUT=$T/inv/out PLOTS_RESULTS=$T/inv/results PLOTS_README=$T/inv/README.md \
      PLOTS_STEPS=$T/inv/steps "$S/plots.sh" 2>&1); rc=$?
[ $rc -eq 1 ] && grep -q 'INVALID' <<<"$out" && ok "plots.sh refuses an invalid CSV (exit 1)" || bad "plots.sh refuses an invalid CSV" "rc $rc: $out"

# ---- sweep.sh and bench.sh with fake steps ------------------------------------------------
mkdir -p "$T/bin" "$T/gd"
for s in step01 step02; do ln -s "$HERE/fake-step.sh" "$T/bin/$s"; done
: > "$T/gd/soc-Slashdot0902.txt.gz"; : > "$T/gd/luxembourg_osm.mtx.gz"     # delaunay_n16 absent on purpose
export GPU_SLUG=fake
sw() { SWEEP_CSV=$T/sweep.csv SWEEP_GRIDS=0,1,2,4 SWEEP_BLOCKS=32,64,128 SWEEP_TRIALS=2 FAKE_LOG=$T/fake.log \
       "$S/sweep.sh" "$T/bin/step01" "$T/bin/step02"; }
check "sweep.sh runs every variant of every step" sw
n=$(tail -n +2 "$T/sweep.csv" | wc -l)
[ "$n" -eq $((2 * 2 * 4 * 3 * 2)) ] && ok "sweep: 2 steps x 2 variants x 12 shapes x 2 trials = 96 rows" || bad "sweep: 96 rows" "got $n"
grep -q -- '-V edge -x 0,1,2,4 -b 32,64,128 -n 2 -R 1 -v -o ' "$T/fake.log" && grep -q -- '^step01 -g 18 ' "$T/fake.log" &&
  ok "sweep: one process per variant, -x/-b lists, -v, GRAPH default -g 18" || bad "sweep: command line" "$(cat "$T/fake.log")"
sw > /dev/null 2>&1; n=$(tail -n +2 "$T/sweep.csv" | wc -l)
[ "$n" -eq 96 ] && ok "sweep: a second sweep replaces its (step, variant, graph) rows" || bad "sweep: rows replaced" "got $n"
FAKE_NOGPU=1 sw > /dev/null 2>&1; rc=$?
[ $rc -eq 77 ] && ok "sweep: exit 77 without a GPU" || bad "sweep: exit 77 without a GPU" "rc $rc"

bn() { BENCH_OUT_DIR=$T/bench BENCH_LOG_DIR=$T/blog GRAPH_DIR=$T/gd BENCH_QUICK=1 BENCH_MIN_SCALE=18 \
       "$S/bench.sh" "$T/bin/step01" "$T/bin/step02"; }
bout=$(bn 2>&1); rc=$?
[ $rc -eq 0 ] && ok "bench.sh (quick) with fake steps: exit 0" || bad "bench.sh (quick) with fake steps: exit 0" "rc $rc: $bout"
check "bench: its CSV files pass csv-check" "$S/csv-check.sh" "$T/bench/bench-fake.csv" "$T/bench/scale-fake.csv" "$T/bench/bench-fake.trace.csv"
grep -q 'delaunay_n16.*not found: skipped' <<<"$bout" && ok "bench: an absent real graph is skipped with a message" ||
  bad "bench: an absent real graph is skipped with a message" "$bout"
graphs=$(awk -F, 'NR > 1 && $1 == "cpu" { print $3 }' "$T/bench/bench-fake.csv" | sort -u | tr '\n' ' ')
ncpu=$(awk -F, 'NR > 1 && $1 == "cpu"' "$T/bench/bench-fake.csv" | wc -l)
[ "$graphs" = "grid1000x1000 kron20 luxembourg_osm soc-Slashdot0902 uniform20 " ] && [ "$ncpu" -eq $((5 * 2 * 3 * 2)) ] &&
  ok "bench: cpu rows once per graph (5 graphs x 2 sources x 3 trials x oracle and parallel)" || bad "bench: cpu rows once per graph" "$graphs / $ncpu"
npar=$(awk -F, 'NR > 1 && $1 == "cpu" && $2 == "gapbs-style-dobfs" && $9 == "threads=16"' "$T/bench/bench-fake.csv" | wc -l)
[ "$npar" -eq $((5 * 2 * 3)) ] && ok "bench: the parallel CPU baseline's rows kept (with their thread count)" ||
  bad "bench: the parallel CPU baseline's rows kept" "got $npar"
n=$(awk -F, 'NR > 1 && $1 != "cpu"' "$T/bench/bench-fake.csv" | wc -l)
[ "$n" -eq $((5 * 2 * 2 * 2 * 3)) ] && ok "bench: every step and variant on every graph, -R 2 -n 3" || bad "bench: main rows" "got $n"
tg=$(awk -F, 'NR > 1 { print $3 }' "$T/bench/bench-fake.trace.csv" | sort -u | tr '\n' ' ')
[ "$tg" = "kron20 luxembourg_osm soc-Slashdot0902 " ] && ok "bench: traces of one graph per class" || bad "bench: traces of one graph per class" "$tg"
sg=$(awk -F, 'NR > 1 { print $2 "/" $3 }' "$T/bench/scale-fake.csv" | sort -u | tr '\n' ' ')
[ "$sg" = "vertex/kron18 vertex/kron19 vertex/uniform18 vertex/uniform19 " ] && ok "bench: scale series, default variant" ||
  bad "bench: scale series, default variant" "$sg"
m=$T/bench/bench-fake.meta
grep -q '^wall_s: ' "$m" && grep -q '^commit: ' "$m" && grep -q '^host: ' "$m" && grep -q '^## nvidia-smi' "$m" &&
  grep -q $'^0\t[0-9.]*\tmain\tstep01\tvertex\tkron20\t' "$m" && ok "bench: .meta has provenance and the job table" ||
  bad "bench: .meta has provenance and the job table" "$(head -n 20 "$m")"
if command -v gnuplot >/dev/null 2>&1; then
  mkdir -p "$T/bplots"
  out=$(PLOTS_DATA=$T/bench PLOTS_OUT=$T/bplots PLOTS_README=$T/none.md PLOTS_STEPS=$T/none "$S/plots.sh" 2>&1); rc=$?
  [ $rc -eq 0 ] && [ -s "$T/bplots/runtime-fake.svg" ] && [ -s "$T/bplots/scale-fake.svg" ] && [ -s "$T/bplots/frontier-fake.svg" ] &&
    [ -s "$T/bplots/speedup-fake.svg" ] && ok "plots.sh draws bench.sh's output" || bad "plots.sh draws bench.sh's output" "$out"
fi

out=$(FAKE_FAIL_VARIANT=edge BENCH_PHASES=main bn 2>&1); rc=$?
nj=$(grep -c '^bench: \[' <<<"$out")
[ $rc -eq 1 ] && [ "$nj" -eq 20 ] && grep -q 'verification FAILED' <<<"$out" &&
  ok "bench: a wrong answer is logged, the bench goes on, exit 1" || bad "bench: a wrong answer is logged" "rc $rc jobs $nj: $out"
out=$(FAKE_HANG_VARIANT=edge BENCH_PHASES=main BENCH_BUDGET=7 bn 2>&1); rc=$?
[ $rc -eq 1 ] && grep -q 'step01   edge .*timeout after' <<<"$out" && grep -q '18 skipped (budget)' <<<"$out" &&
  grep -q '^skipped (budget):' "$T/bench/bench-fake.meta" && ok "bench: timeout(1) per job, the budget skips the rest and says so" ||
  bad "bench: timeout and budget" "rc $rc: $out"
out=$(FAKE_NOGPU=1 bn 2>&1); rc=$?
[ $rc -eq 77 ] && ok "bench: exit 77 without a GPU" || bad "bench: exit 77 without a GPU" "rc $rc: $out"
out=$(BENCH_DRYRUN=1 GPU_SLUG='' bn 2>/dev/null); rc=$?
[ $rc -eq 0 ] && [ "$(grep -c -- '--cpu-baseline' <<<"$out")" -eq 5 ] && ok "bench: dry run lists the jobs, --cpu-baseline once per graph" ||
  bad "bench: dry run" "rc $rc: $out"

# ---- the committed figures and tables are what `make plots` makes of the committed CSV ------------
# plots.sh on the repository's own plots/data, into a temp dir, with copies of the READMEs: the list of
# figures must equal the committed list (every figure has a rule, every rule's figure is committed),
# every README table must come out as committed, and, with the gnuplot that drew the committed SVGs
# (the version in their <desc>), every SVG byte for byte. (PNG bytes depend on the fonts installed.)
R=$T/repo; mkdir -p "$R/out" "$R/steps"
cp "$ROOT/README.md" "$R/README.md"
for d in "$ROOT"/steps/[0-9][0-9]_*/; do
  d=${d%/}; mkdir -p "$R/steps/${d##*/}"
  for f in "$d"/README.md "$d"/*.cu; do [ -f "$f" ] && cp "$f" "$R/steps/${d##*/}/"; done
done
rplots() { PLOTS_DATA=$ROOT/plots/data PLOTS_OUT=$R/out PLOTS_RESULTS=$R/results PLOTS_README=$R/README.md \
           PLOTS_STEPS=$R/steps "$S/plots.sh"; }
committed() { (cd "$ROOT/plots" && ls -1 -- *.svg *.png 2>/dev/null | sort); }
if command -v gnuplot >/dev/null 2>&1; then
  if out=$(rplots 2>&1); then ok "make plots runs on the committed CSV"; else bad "make plots runs on the committed CSV" "$out"; fi
  made=$( (cd "$R/out" && ls -1 -- *.svg *.png 2>/dev/null | sort) )
  if ! gnuplot -e 'set terminal' 2>&1 | grep -Eq '^ *(pngcairo|png) '; then
    made=$(grep '\.svg$' <<<"$made"); want=$(committed | grep '\.svg$'); what="SVG"
  else want=$(committed); what="SVG and PNG"; fi
  [ "$made" = "$want" ] && ok "the committed figures ($what) are exactly those make plots draws ($(wc -l <<<"$want"))" ||
    bad "the committed figures ($what) are exactly those make plots draws" "$(diff <(echo "$want") <(echo "$made") | grep '^[<>]' | sed 's/^</committed, no rule:/; s/^>/drawn, not committed:/')"
  gv=$(gnuplot --version 2>/dev/null)
  cv=$(sed -n 's/.*<desc>Produced by GNUPLOT \([^<]*[^ <]\) *<\/desc>.*/gnuplot \1/p' "$ROOT"/plots/runtime-*.svg 2>/dev/null | head -n 1)
  if [ -n "$cv" ] && [ "$gv" = "$cv" ]; then
    diffs=""
    for f in "$R"/out/*.svg; do cmp -s "$f" "$ROOT/plots/${f##*/}" || diffs="$diffs ${f##*/}"; done
    [ -z "$diffs" ] && ok "every committed SVG is byte-identical to make plots' ($gv)" ||
      bad "every committed SVG is byte-identical to make plots' ($gv): run make plots and commit" "differ:$diffs"
  else skip "SVG bytes not compared: this is '$gv', the committed SVGs are from '${cv:-?}'"; fi
else
  skip "gnuplot not installed: committed figures not compared with make plots"
  PLOTS_FIGURES=0 rplots > /dev/null 2>&1
fi
tdiff=""
cmp -s "$R/README.md" "$ROOT/README.md" || tdiff="$tdiff README.md"
for d in "$R"/steps/*/; do d=${d%/}; cmp -s "$d/README.md" "$ROOT/steps/${d##*/}/README.md" || tdiff="$tdiff steps/${d##*/}/README.md"; done
[ -z "$tdiff" ] && ok "every README table is what make plots writes from the committed CSV" ||
  bad "every README table is what make plots writes from the committed CSV: run make plots and commit" "differ:$tdiff"

if [ "$nskip" -gt 0 ]; then echo "plots: $pass passed, $fail failed, $nskip skipped"; else echo "plots: $pass passed, $fail failed"; fi
[ $fail -eq 0 ]
