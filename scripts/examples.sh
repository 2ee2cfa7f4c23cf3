#!/usr/bin/env bash
# examples.sh - run every example command of the README and the lessons, as listed in
# docs/examples.txt (FILE<TAB>COMMAND or FILE<TAB>EXPECT<TAB>COMMAND; that file says what
# EXPECT may be), from the repository root, in order, each under a timeout. For each command
# it prints "== FILE: COMMAND", then its exit status against the expected one and the last 3
# lines of its output; it ends with "examples: N passed, N failed, N skipped".
# A command is skipped, never passed, when it needs a GPU and there is none (scripts/gpu-probe.sh
# says why; commands marked gpu are then not run; an unmarked one that exits 77, "no CUDA
# device", counts as skipped too), or when it is marked skip-long or skip-setup. Before the
# first command it runs `make all` (incremental: the user's build is kept and only brought up
# to date); a command that would remove the build (make clean) is marked skip-setup.
# A command gets EXAMPLES_TIMEOUT seconds (120), one marked gpu EXAMPLES_GPU_TIMEOUT (600: a
# step's check battery takes minutes on a slower GPU), one whose EXPECT ends in @N (gpu@900) N
# seconds. A command that runs out of time is reported as TIMEOUT, apart from the failures (it
# may have been right, only slow): both lists name each command with its line in the list.
# Environment: those two, EXAMPLES_MATCH (an extended regex on "FILE: COMMAND": run only those),
# EXAMPLES_LONG=1 (run the skip-long ones too), EXAMPLES_FILE (docs/examples.txt),
# EXAMPLES_BUILD=0 (no make all first: the script's own tests).
# Exit 0 when none failed or timed out, else 1; 2 on a bad list.
set -u
cd "$(dirname "$0")/.." || exit 2
LIST=${EXAMPLES_FILE:-docs/examples.txt}
TMO=${EXAMPLES_TIMEOUT:-120}
GPU_TMO=${EXAMPLES_GPU_TIMEOUT:-600}
MATCH=${EXAMPLES_MATCH:-}
[ -r "$LIST" ] || { echo "examples: error: $LIST not found"; exit 2; }
[[ $TMO =~ ^[1-9][0-9]*$ ]] || { echo "examples: error: EXAMPLES_TIMEOUT=$TMO: a number of seconds"; exit 2; }
[[ $GPU_TMO =~ ^[1-9][0-9]*$ ]] || { echo "examples: error: EXAMPLES_GPU_TIMEOUT=$GPU_TMO: a number of seconds"; exit 2; }
. scripts/gpu-probe.sh
have_gpu=0; no_gpu_why=$(gpu_probe_why) && have_gpu=1
log=$(mktemp); trap 'rm -f "$log"' EXIT
tree_before=$(git status --porcelain --untracked-files=no 2>/dev/null)
pass=0 fail=0 tmout=0 skip=0 skip_gpu=0 skip_long=0 skip_setup=0 lineno=0 failed=() timedout=()

while IFS= read -r line || [ -n "$line" ]; do
  lineno=$((lineno + 1))
  case $line in ''|'#'*) continue ;; esac
  IFS=$'\t' read -r -a f <<< "$line"
  case ${#f[@]} in
    2) file=${f[0]} expect=0 cmd=${f[1]} ;;
    3) file=${f[0]} expect=${f[1]} cmd=${f[2]} ;;
    *) echo "examples: error: $LIST:$lineno: wanted FILE<TAB>[EXPECT<TAB>]COMMAND"; exit 2 ;;
  esac
  # EXPECT@N: this command's own time-out, N seconds
  tmo=
  if [[ $expect == *@* ]]; then
    tmo=${expect##*@} expect=${expect%@*}
    [[ $tmo =~ ^[1-9][0-9]*$ ]] || { echo "examples: error: $LIST:$lineno: time-out '@$tmo': a number of seconds"; exit 2; }
  fi
  gpu=0
  case $expect in
    gpu) gpu=1 expect=0 ;;
    gpu:*) gpu=1 expect=${expect#gpu:} ;;
  esac
  case $expect in
    skip-long|skip-setup) ;;
    *) [[ $expect =~ ^[0-9]+$ ]] || { echo "examples: error: $LIST:$lineno: EXPECT '$expect': N, gpu, gpu:N, skip-long or skip-setup (each may end in @SECONDS)"; exit 2; } ;;
  esac
  [ -n "$MATCH" ] && ! [[ "$file: $cmd" =~ $MATCH ]] && continue
  echo "== $file: $cmd"
  if [ "$expect" = skip-setup ]; then
    echo "   skipped: changes the system (installs packages) or removes your build (make clean); not run here"
    skip=$((skip + 1)); skip_setup=$((skip_setup + 1)); continue
  fi
  if [ "$expect" = skip-long ] && [ "${EXAMPLES_LONG:-0}" != 1 ]; then
    echo "   skipped-long: takes many minutes; run it by hand (EXAMPLES_LONG=1 runs it here)"
    skip=$((skip + 1)); skip_long=$((skip_long + 1)); continue
  fi
  [ "$expect" = skip-long ] && expect=0
  # the first command run builds what the commands use (make all: the steps and build/cpubench),
  # incrementally: the user's build is kept (no make clean), only what is stale is rebuilt
  if [ -z "${built:-}" ] && [ "${EXAMPLES_BUILD:-1}" != 0 ]; then
    built=1
    if ! bout=$(make --no-print-directory -s all 2>&1); then
      echo "examples: error: make all failed; the commands need its programs:"; tail -5 <<< "$bout" | sed 's/^/   /'; exit 2
    fi
  fi
  if [ $gpu = 1 ] && [ $have_gpu = 0 ]; then
    echo "   skipped: needs a GPU ($no_gpu_why)"
    skip=$((skip + 1)); skip_gpu=$((skip_gpu + 1)); continue
  fi
  if [ -z "$tmo" ]; then
    if [ $gpu = 1 ]; then tmo=$GPU_TMO tmo_why=EXAMPLES_GPU_TIMEOUT; else tmo=$TMO tmo_why=EXAMPLES_TIMEOUT; fi
  else tmo_why="@$tmo in $LIST"; fi
  start=$SECONDS
  # timeout's own marks: 124 when it stopped the command, 137 when it had to kill it (-k)
  timeout -k 10 "$tmo" bash -c "$cmd" > "$log" 2>&1 < /dev/null
  rc=$?
  secs=$((SECONDS - start))
  if [ "$rc" = "$expect" ]; then
    verdict=PASS; pass=$((pass + 1))
  elif [ $rc = 77 ] && [ $have_gpu = 0 ]; then
    verdict="SKIP (exit 77: no CUDA device; mark it gpu in $LIST)"; skip=$((skip + 1)); skip_gpu=$((skip_gpu + 1))
  elif { [ $rc = 124 ] || [ $rc = 137 ]; } && [ $secs -ge "$tmo" ]; then
    verdict="TIMEOUT (stopped after ${tmo}s, $tmo_why; not a failure of the command: give it more time)"
    tmout=$((tmout + 1)); timedout+=("$LIST:$lineno: $file: $cmd")
  else
    verdict=FAIL; fail=$((fail + 1)); failed+=("$LIST:$lineno: $file: $cmd")
  fi
  echo "   exit $rc (expected $expect) in ${secs}s: $verdict"
  tail -n 3 "$log" | cut -c1-200 | sed 's/^/   | /'
done < "$LIST"

tree_after=$(git status --porcelain --untracked-files=no 2>/dev/null)
if [ "$tree_before" != "$tree_after" ]; then
  echo "examples: note: tracked files changed while the examples ran (make plots rewrites figures):"
  diff <(echo "$tree_before") <(echo "$tree_after") | sed -n 's/^> /   /p'
fi
[ ${#failed[@]} -gt 0 ] && { echo "examples: failed:"; printf '   %s\n' "${failed[@]}"; }
[ ${#timedout[@]} -gt 0 ] && { echo "examples: timed out (not failed; a longer @N in $LIST or EXAMPLES_GPU_TIMEOUT):"; printf '   %s\n' "${timedout[@]}"; }
echo "examples: skipped: $skip_gpu need a GPU ($([ $have_gpu = 1 ] && echo "one is here" || echo "$no_gpu_why")), $skip_long take many minutes (skip-long), $skip_setup change the system (skip-setup)"
if [ $tmout -gt 0 ]; then echo "examples: $pass passed, $fail failed, $tmout timed out, $skip skipped"
else echo "examples: $pass passed, $fail failed, $skip skipped"; fi
[ $fail = 0 ] && [ $tmout = 0 ]
