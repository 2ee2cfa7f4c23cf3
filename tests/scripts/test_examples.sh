#!/usr/bin/env bash
# test_examples.sh - scripts/examples.sh on a list of its own: a command that runs out of its
# time (EXPECT@N) is reported as timed out, never as failed; a failure is listed with its line;
# a passed command is in neither list; a bad @N is exit 2. Ends "examples-test: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
pass=0; failn=0
t() { if eval "$2"; then pass=$((pass + 1)); echo "ok - $1"; else failn=$((failn + 1)); echo "not ok - $1"; echo "$out" | sed 's/^/#   /'; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf 'README.md\ttrue\nREADME.md\t0@1\tsleep 30\nREADME.md\t1\ttrue\nREADME.md\t2@20\texit 2\nREADME.md\t124\texit 124\n' > "$tmp/list"
out=$(EXAMPLES_BUILD=0 EXAMPLES_FILE="$tmp/list" scripts/examples.sh 2>&1); rc=$?
t "exit 1, one failed, one timed out" '[ $rc = 1 ] && [ "$(tail -1 <<< "$out")" = "examples: 3 passed, 1 failed, 1 timed out, 0 skipped" ]'
t "the time-out is said as one, after @1" 'grep -q "exit 124 (expected 0) in [0-9]*s: TIMEOUT (stopped after 1s, @1 in" <<< "$out"'
failed=$(sed -n "/^examples: failed:/,/^examples: [^f]/p" <<< "$out")
t "failed: only the failure, with its line" '[ "$(grep -c "^   " <<< "$failed")" = 1 ] && grep -q "^   $tmp/list:3: README.md: true$" <<< "$failed"'
t "timed out: only the slow one" 'sed -n "/^examples: timed out/,/^examples: /p" <<< "$out" | grep -q "^   $tmp/list:2: README.md: sleep 30$"'
t "a command that exits 124 itself is its own status, not a time-out" 'grep -q "exit 124 (expected 124) in [0-9]*s: PASS" <<< "$out"'
printf 'README.md\t0@soon\ttrue\n' > "$tmp/bad"
out=$(EXAMPLES_BUILD=0 EXAMPLES_FILE="$tmp/bad" scripts/examples.sh 2>&1); rc=$?
t "a bad @N: exit 2 naming the line" '[ $rc = 2 ] && grep -q "bad:1: time-out" <<< "$out"'
echo "examples-test: $pass passed, $failn failed"
[ $failn = 0 ]
