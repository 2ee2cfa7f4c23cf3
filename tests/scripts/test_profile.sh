#!/usr/bin/env bash
# test_profile.sh - the profiler path without a GPU or ncu: scripts/profile.sh says SKIP in one
# line and exits 77 when either is missing; its aggregation of an ncu raw-page export
# (ncu-raw-sample.csv, three launches of two kernels) gives the sums and weighted means worked out
# by hand below; scripts/profile-tables.sh writes a lesson's table between its markers, a second
# run changes nothing, and the committed lessons are what it writes from the committed CSV.
# Ends "profile: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
pass=0; failn=0
t() { if eval "$2"; then pass=$((pass + 1)); echo "ok - $1"; else failn=$((failn + 1)); echo "not ok - $1"; echo "$out" | head -5 | sed 's/^/#   /'; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
P=scripts/profile.sh

# no ncu: one line, exit 77, nothing written
out=$(NCU=$tmp/no-ncu PROFILE_DIR=$tmp/prof $P bin/step05 -g 10 2>&1); rc=$?
t "no ncu: exit 77" '[ $rc = 77 ]'
t "no ncu: one line naming ncu" '[ "$(wc -l <<< "$out")" = 1 ] && grep -q "^profile: SKIPPED: Nsight Compute (ncu) not found" <<< "$out"'
t "no ncu: nothing written" '[ ! -e $tmp/prof ]'
out=$(NCU=$tmp/no-ncu $P --probe 2>&1); rc=$?
t "--probe without ncu: one line, exit 77" '[ $rc = 77 ] && [ "$(wc -l <<< "$out")" = 1 ]'
# ncu present (a stand-in) but no GPU: one line, exit 77
if ! nvidia-smi -L >/dev/null 2>&1; then
  out=$(NCU=/bin/true PROFILE_DIR=$tmp/prof $P bin/step05 -g 10 2>&1); rc=$?
  t "no GPU: one line, exit 77" '[ $rc = 77 ] && [ "$(wc -l <<< "$out")" = 1 ] && grep -q "^profile: SKIPPED: no CUDA device" <<< "$out"'
  t "no GPU: nothing written" '[ ! -e $tmp/prof ]'
  out=$(make --no-print-directory profile STEP=05 NCU=/bin/true 2>&1); rc=$?
  t "make profile STEP=05 without a GPU: the SKIP line, make exits 2 (Error 77)" \
    '[ $rc = 2 ] && grep -q "^profile: SKIPPED: no CUDA device" <<< "$out" && grep -q "Error 77" <<< "$out"'
fi
out=$(make --no-print-directory profile 2>&1); rc=$?
t "make profile without STEP: one error line, exit 2" '[ $rc = 2 ] && grep -q "^error: make profile needs STEP=NN" <<< "$out"'
out=$(PROFILE_LAUNCHES=x $P bin/step05 2>&1); rc=$?
t "PROFILE_LAUNCHES=x: exit 2" '[ $rc = 2 ] && grep -q "want a positive integer" <<< "$out"'

# aggregation of the sample export (by hand: vwarp_expand_kernel, launches of 1000 and 3000 ns)
out=$(PROFILE_RAW=tests/scripts/ncu-raw-sample.csv PROFILE_CSV=$tmp/p.csv PROFILE_CONFIG=vw=4 PROFILE_LAUNCHES=2 \
      $P bin/step05 -g 18 -n 1 -K vw=4 2>&1); rc=$?
t "sample export: exit 0, two tables" '[ $rc = 0 ] && [ "$(grep -c "^[a-z_]*_kernel  (step05, kron18, vw=4)" <<< "$out")" = 2 ]'
row() { grep -c "^step05,vw=4,kron18,$1,$2,$3\$" "$tmp/p.csv"; }
t "launches: 2, and the cap is said to be reached" '[ "$(row vwarp_expand_kernel launches 2)" = 1 ] && grep -q "the cap (2 per launch configuration) was reached" <<< "$out"'
t "time: the sum, 4.0 us" '[ "$(row vwarp_expand_kernel time_us 4.0)" = 1 ]'
t "DRAM: time-weighted (10*1000 + 40*3000) / 4000 = 32.5" '[ "$(row vwarp_expand_kernel dram_pct 32.5)" = 1 ]'
t "L2: time-weighted 50.0" '[ "$(row vwarp_expand_kernel l2_pct 50.0)" = 1 ]'
t "threads per warp: (8000 + 8000) / (1000 + 500) = 10.7, not a mean of the ratios (12, or 14 time-weighted)" '[ "$(row vwarp_expand_kernel threads_per_warp 10.7)" = 1 ]'
t "occupancy: time-weighted 65.0" '[ "$(row vwarp_expand_kernel occupancy_pct 65.0)" = 1 ]'
t "atomics: (100 + 500 + 100) sectors / 4 us = 175 per us; % time-weighted 2.50" \
  '[ "$(row vwarp_expand_kernel atomic_sectors_per_us 175)" = 1 ] && [ "$(row vwarp_expand_kernel atomic_pct 2.50)" = 1 ]'
t "the second kernel: one launch, registers 16, under the cap" \
  '[ "$(row frontier_update_kernel registers 16)" = 1 ] && [ "$(row frontier_update_kernel launches 1)" = 1 ]'
t "nine rows per kernel" '[ "$(wc -l < $tmp/p.csv)" = 18 ]'

# profile-tables.sh: between the markers, idempotent, the committed lessons up to date
mkdir -p "$tmp/data" "$tmp/steps/05_x" "$tmp/steps/06_y"
{ echo "step,config,graph,kernel,metric,value"; cat "$tmp/p.csv"; } > "$tmp/data/profile-fake.csv"
printf 'gpu: Fake GPU, 1.0\nncu: Version 2025.3.1.0 (build 1) (public-release)\ncommit: abc1234\nend: 2026-01-01T00:00:00Z\nlaunch cap: 2 launches of each\n' > "$tmp/data/profile-fake.meta"
printf '# lesson\n\nbefore\n<!-- profile:begin -->\nold text\n<!-- profile:end -->\nafter\n' > "$tmp/steps/05_x/README.md"
printf '# no markers\n' > "$tmp/steps/06_y/README.md"
cp "$tmp/steps/06_y/README.md" "$tmp/06.orig"
tt() { PLOTS_DATA=$tmp/data PLOTS_STEPS=$tmp/steps scripts/profile-tables.sh; }
out=$(tt 2>&1); rc=$?
f=$tmp/steps/05_x/README.md
t "profile-tables: exit 0, one lesson" '[ $rc = 0 ] && grep -q "profile-tables: 1 lessons" <<< "$out"'
t "profile-tables: the old text replaced, the rest kept" '! grep -q "old text" $f && grep -q "^before$" $f && grep -q "^after$" $f'
t "profile-tables: one row per kernel, in the CSV's order" \
  '[ "$(grep -c "^| vw=4 | kron18 | " $f)" = 2 ] && grep "^| vw=4" $f | head -1 | grep -q "vwarp_expand_kernel. | 2 | 4.0 | 32.5 | 50.0 | 10.7 | 65.0 | 32 | 175 (2.50) |"'
t "profile-tables: provenance from the meta, the build named there, not in the lesson" \
  'grep -q "Nsight Compute 2025.3.1.0 on the Fake GPU, 1.0" $f && grep -q "(2026-01-01T00:00:00Z; the build and the rest of the provenance in .*profile-fake.meta.)" $f && ! grep -q abc1234 $f'
t "profile-tables: a lesson without markers untouched" 'cmp -s $tmp/steps/06_y/README.md $tmp/06.orig'
cp "$f" "$tmp/first.md"; out=$(tt 2>&1)
t "profile-tables: a second run changes nothing" 'cmp -s $f $tmp/first.md'
printf 'step,config\n' > "$tmp/data/profile-fake.csv"; out=$(tt 2>&1); rc=$?
t "profile-tables: a wrong header is exit 1" '[ $rc = 1 ] && grep -q "header is not" <<< "$out"'
out=$(PLOTS_DATA=$tmp/none PLOTS_STEPS=$tmp/steps scripts/profile-tables.sh 2>&1); rc=$?
t "profile-tables: no CSV: one line, exit 0" '[ $rc = 0 ] && [ "$(wc -l <<< "$out")" = 1 ]'
if ls plots/data/profile-*.csv >/dev/null 2>&1; then
  cp -r steps "$tmp/repo-steps"
  out=$(PLOTS_STEPS=$tmp/repo-steps scripts/profile-tables.sh 2>&1); rc=$?
  out=$(diff -r steps "$tmp/repo-steps" 2>&1)
  t "the committed lessons' profiler tables are what make plots writes" '[ $rc = 0 ] && [ -z "$out" ]'
fi

echo "profile: $pass passed, $failn failed"
[ $failn = 0 ]
