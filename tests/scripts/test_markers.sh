#!/usr/bin/env bash
# test_markers.sh - scripts/markers.sh catches a marker that names another step: on a copy of a
# small tree, a planted NEW(08) in step 10 (code and README) must fail naming FILE:LINE; the
# step's own NEW(10) passes; an old-style NEW: fails only under MARKERS_STRICT=1.
# Ends "markers-test: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
pass=0; failn=0
t() { if eval "$2"; then pass=$((pass + 1)); echo "ok - $1"; else failn=$((failn + 1)); echo "not ok - $1"; echo "$out" | sed 's/^/#   /'; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/scripts" "$tmp/steps/08_a" "$tmp/steps/10_b"
cp scripts/markers.sh "$tmp/scripts/"
printf '/* Step 08 */\nint a; /* NEW(08): a */\n' > "$tmp/steps/08_a/a.cuh"
printf '/* Step 10 */\n#include "../08_a/a.cuh"\nint b; /* NEW(10): b */\n' > "$tmp/steps/10_b/bfs.cu"
out=$(MARKERS_STRICT=0 "$tmp/scripts/markers.sh" 2>&1); rc=$?
t "each step's markers name the step itself: pass" '[ $rc = 0 ] && grep -q "markers: 2 passed, 0 failed" <<< "$out"'
printf 'int c; /* NEW(08): copied */\n' >> "$tmp/steps/10_b/bfs.cu"
out=$("$tmp/scripts/markers.sh" 2>&1); rc=$?
t "a planted NEW(08) in step 10: exit 1, names FILE:LINE" '[ $rc = 1 ] && grep -q "steps/10_b/bfs.cu:4: NEW(08) in step 10" <<< "$out"'
sed -i '$d' "$tmp/steps/10_b/bfs.cu"
printf '# Step 10\n```\n+  x = 1; /* NEW(09): quoted */\n```\n' > "$tmp/steps/10_b/README.md"
out=$("$tmp/scripts/markers.sh" 2>&1); rc=$?
t "a foreign marker in the lesson: exit 1" '[ $rc = 1 ] && grep -q "steps/10_b/README.md:3: NEW(09)" <<< "$out"'
rm "$tmp/steps/10_b/README.md"
printf 'int d; /* NEW: old style */\n' >> "$tmp/steps/10_b/bfs.cu"
out=$(MARKERS_STRICT=0 "$tmp/scripts/markers.sh" 2>&1); rc=$?
t "an old-style NEW: passes by default" '[ $rc = 0 ]'
out=$(MARKERS_STRICT=1 "$tmp/scripts/markers.sh" 2>&1); rc=$?
t "an old-style NEW: fails with MARKERS_STRICT=1, names FILE:LINE" '[ $rc = 1 ] && grep -q "steps/10_b/bfs.cu:4: an old-style NEW marker" <<< "$out"'
echo "markers-test: $pass passed, $failn failed"
[ $failn = 0 ]
