#!/usr/bin/env bash
# test_check_plan.sh - scripts/check.sh's plan without a GPU (CHECK_DRY=1) and its order with
# stand-in steps (GPU_SLUG: no probe): the deep cases of a cooperative-grid step (its sources
# launch with cudaLaunchCooperativeKernel) and every step's bounded cases run one at a time after
# the others; everything else runs JOBS at a time. Ends "check-plan-test: N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 1
pass=0; failn=0
t() { if eval "$2"; then pass=$((pass + 1)); echo "ok - $1"; else failn=$((failn + 1)); echo "not ok - $1"; echo "$out" | head -5 | sed 's/^/#   /'; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# a stand-in step: one variant, no knobs, every run passes
fake() { printf '#!/usr/bin/env bash\ncase "$*" in --list-variants) echo only; exit 0;; --list-knobs) echo "no knobs"; exit 0;; esac\necho "Verification: PASS"\n' > "$tmp/$1"; chmod +x "$tmp/$1"; }
# a BFS step that launches cooperative grids (no SSSP error cases), and a step without a folder
cdir=$(grep -l cudaLaunchCooperativeKernel steps/[0-9][0-9]_*/bfs.cu 2>/dev/null | head -1)
[ -n "$cdir" ] || { echo "check-plan-test: no cooperative BFS step: 0 passed, 0 failed"; exit 0; }
cnn=$(basename "$(dirname "$cdir")"); cnn=${cnn%%_*}
fake "step$cnn"; fake step99

out=$(CHECK_DRY=1 GRAPH_DIR=graphs LOGDIR="$tmp/logs" scripts/check.sh "$tmp/step$cnn" "$tmp/step99" 2>/dev/null); rc=$?
t "CHECK_DRY=1: exit 0 without a GPU, no logs" '[ $rc = 0 ] && [ ! -e "$tmp/logs" ]'
t "every line of the plan is parallel or alone" '! grep -qv "^parallel \|^alone " <<< "$out"'
t "the alone cases come after the parallel ones" '[ "$(cut -d" " -f1 <<< "$out" | uniq | tr "\n" " ")" = "parallel alone " ]'
plan() { grep -q "^$1 $tmp/$2 only $3 " <<< "$out"; }
t "step $cnn (cooperative): a long path, a large grid and a hand ring alone" \
  'plan alone "step$cnn" path-1e5 && plan alone "step$cnn" grid-300x300 && plan alone "step$cnn" chains-path-middle'
t "step $cnn: a Kronecker graph, a small grid, a star in parallel" \
  'plan parallel "step$cnn" kron-12 && plan parallel "step$cnn" grid-60x60 && plan parallel "step$cnn" star-1e6-centre'
if [ -e graphs/rome99.gr.gz ] && [ -e graphs/CA-GrQc.txt.gz ]; then
  t "step $cnn: a road network alone, a collaboration network in parallel" \
    'plan alone "step$cnn" real:rome99.gr.gz && plan parallel "step$cnn" real:CA-GrQc.txt.gz'
fi
t "step 99 (no folder, so no cooperative grid): every case in parallel" \
  '! grep -q "^alone $tmp/step99 " <<< "$out" && plan parallel step99 path-1e5 && plan parallel step99 grid-300x300'
if grep -q '^bounded ' "$(dirname "$cdir")/check.knobs" 2>/dev/null; then
  t "step $cnn: its bounded cases alone" '[ "$(grep -c "^alone $tmp/step$cnn only [^ ]*~[0-9]*s " <<< "$out")" = "$(grep -c "^bounded " "$(dirname "$cdir")/check.knobs")" ]'
fi
# a step whose own files do not launch the cooperative grid but a step header it includes does
# (step 16 through step 14's nearfar.cuh): cooperative all the same
idir=""
for d in steps/[0-9][0-9]_*/; do
  ! grep -qs cudaLaunchCooperativeKernel "$d"*.cu "$d"*.cuh && grep -qs '#include "\.\./' "$d"*.cu &&
    grep -qs cudaLaunchCooperativeKernel $(sed -n 's/^#include "\(\.\.\/[^"]*\.cuh\)".*/\1/p' "$d"*.cu | sed "s#^#$d#") &&
    { idir=${d%/}; break; }
done
if [ -n "$idir" ]; then
  inn=$(basename "$idir"); inn=${inn%%_*}; fake "step$inn"
  out=$(CHECK_DRY=1 GRAPH_DIR=graphs LOGDIR="$tmp/logs" scripts/check.sh "$tmp/step$inn" 2>/dev/null)
  t "step $inn (cooperative through an included header): a long path alone" 'plan alone "step$inn" path-1e5'
fi
# a step without cooperative grids but with bounded cases: those alone, its deep cases in parallel
# the step's files and every file they include, transitively: a rung below's (step 11 includes
# step 10's program) or a support header under harness/ (steps 14-17 launch through
# nearfar_host.cuh); written here on its own, not taken from check.sh
all_files() {
  local -A seen=(); local -a todo=("$1"*.cu "$1"*.cuh); local f i
  while [ ${#todo[@]} -gt 0 ]; do
    f=${todo[0]}; todo=("${todo[@]:1}")
    [ -f "$f" ] && [ -z "${seen[$f]:-}" ] || continue
    seen[$f]=1; echo "$f"
    for i in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f"); do
      if [ -f "$(dirname "$f")/$i" ]; then todo+=("$(dirname "$f")/$i"); else todo+=("harness/$i"); fi
    done
  done
}
bdir=""
for d in steps/[0-9][0-9]_*/; do
  grep -qs '^bounded ' "$d/check.knobs" && ! grep -qs cudaLaunchCooperativeKernel $(all_files "$d") &&
    { bdir=${d%/}; break; }
done
# a step that launches only through a support header under harness/ (steps 14-17): deep cases alone
hdir=""
for d in steps/[0-9][0-9]_*/; do
  f=$(all_files "$d" | xargs grep -ls cudaLaunchCooperativeKernel 2>/dev/null)
  [ -n "$f" ] && ! grep -qv '^harness/' <<< "$f" && { hdir=${d%/}; break; }
done
if [ -n "$hdir" ]; then
  hnn=$(basename "$hdir"); hnn=${hnn%%_*}; fake "step$hnn"
  out=$(CHECK_DRY=1 GRAPH_DIR=graphs LOGDIR="$tmp/logs" scripts/check.sh "$tmp/step$hnn" 2>/dev/null)
  t "step $hnn (cooperative through a support header under harness/): a long path alone" \
    'plan alone "step$hnn" path-1e5'
fi
if [ -n "$bdir" ]; then
  bnn=$(basename "$bdir"); bnn=${bnn%%_*}; fake "step$bnn"
  out=$(CHECK_DRY=1 scripts/check.sh "$tmp/step$bnn" 2>/dev/null)
  t "step $bnn (no cooperative grid): its bounded cases alone, a long path in parallel" \
    '[ "$(grep -c "^alone " <<< "$out")" = "$(grep -c "^bounded " "$bdir/check.knobs")" ] && plan parallel "step$bnn" path-1e5'
fi
# the run: the same cases as the plan, the alone ones last, one line saying so, the last line kept
CHECK_DRY=1 QUICK=1 scripts/check.sh "$tmp/step$cnn" > "$tmp/plan" 2>/dev/null
plan_n=$(wc -l < "$tmp/plan") alone_n=$(grep -c '^alone ' "$tmp/plan")
out=$(GPU_SLUG=fake QUICK=1 LOGDIR="$tmp/runlogs" scripts/check.sh "$tmp/step$cnn" 2>&1); rc=$?
# the labels of the last alone_n results are the plan's alone labels
last=$(grep "^\[[0-9]*/$plan_n " <<< "$out" | tail -n "$alone_n" | sed 's/.* only \([^ ]*\) (.*/\1/' | sort)
t "a run checks the plan's cases, the alone ones last; the summary lines kept" \
  '[ $rc = 0 ] && [ "$alone_n" -gt 0 ] && grep -q "^check: $plan_n cases of 1 step, 4 at a time" <<< "$out" &&
   grep -q "^check: $alone_n of them one at a time after the others" <<< "$out" &&
   [ "$last" = "$(grep "^alone " "$tmp/plan" | cut -d" " -f4 | sort)" ] &&
   grep -q "^check: $plan_n cases in [0-9]* s (4 at a time)$" <<< "$out" &&
   [ "$(tail -1 <<< "$out")" = "check: $plan_n passed, 0 failed" ]'
echo "check-plan-test: $pass passed, $failn failed"
[ $failn = 0 ]
