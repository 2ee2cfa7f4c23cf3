#!/usr/bin/env bash
# test_flat.sh - scripts/flat.sh and scripts/diff.sh on a small tree of multi-file steps: step 10
# includes its base's library header (../08_a/a.cuh) and its own (b.cuh, which includes a.cuh
# again). The flat file inlines each once, keeps the harness's includes and compiles alone;
# make diffNN's script diffs the program against the base's (less what it does not use), a
# new header against the functions it replaces, or /dev/null.
# Ends "flat-test: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
pass=0; failn=0
t() { if eval "$2"; then pass=$((pass + 1)); echo "ok - $1"; else failn=$((failn + 1)); echo "not ok - $1"; echo "$out" | sed 's/^/#   /'; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/scripts" "$tmp/steps/08_a" "$tmp/steps/10_b" "$tmp/harness"
cp scripts/flat.sh scripts/diff.sh "$tmp/scripts/"
printf '#ifndef GPU_H\n#define GPU_H\ntypedef int gpu_t;\n#endif\n' > "$tmp/harness/gpu.h"
cat > "$tmp/steps/08_a/a.cuh" <<'C'
#ifndef A_CUH
#define A_CUH
#include "gpu.h"
static int a_one(gpu_t x) { return x + 1; }
#endif
C
printf '/* Step 08 */\n#include "a.cuh"\nint main(void) { return a_one(0) - 1; }\n' > "$tmp/steps/08_a/bfs.cu"
cat > "$tmp/steps/10_b/b.cuh" <<'C'
#pragma once
#include "../08_a/a.cuh"
static int b_two(int x) { return a_one(x) + 1; }
C
cat > "$tmp/steps/10_b/bfs.cu" <<'C'
/* Step 10
 * Base:       08
 */
#include "gpu.h"
#include "../08_a/a.cuh"
#include "b.cuh"
int main(void) { return b_two(0) - 2; }
C
out=$("$tmp/scripts/flat.sh" 10 2>&1); rc=$?
f=$tmp/flat/step10.cu
t "flat 10: exit 0, writes flat/step10.cu" '[ $rc = 0 ] && [ -s "$f" ] && grep -q "^flat: flat/step10.cu" <<< "$out"'
t "each step header inlined once" '[ "$(grep -c "^static int a_one" "$f")" = 1 ] && [ "$(grep -c "^static int b_two" "$f")" = 1 ]'
t "no step include left, the harness include kept" '! grep -q "^#include \"\(\.\./\|b\.cuh\|a\.cuh\)" "$f" && grep -q "^#include \"gpu.h\"" "$f"'
t "the header comes before its user" '[ "$(grep -n "^static int a_one" "$f" | cut -d: -f1)" -lt "$(grep -n "^static int b_two" "$f" | cut -d: -f1)" ]'
if command -v "${CC:-gcc}" >/dev/null 2>&1; then
  out=$(cd "$tmp" && "${CC:-gcc}" -x c -Iharness -fsyntax-only -Werror flat/step10.cu 2>&1); rc=$?
  t "the flat file compiles alone (-Iharness)" '[ $rc = 0 ]'
fi
out=$("$tmp/scripts/flat.sh" 99 2>&1); rc=$?
t "flat of a missing step: exit 2" '[ $rc = 2 ]'
out=$("$tmp/scripts/diff.sh" steps/10_b 2>&1); rc=$?
t "diff: the program against the base's, a new header against /dev/null" \
  '[ $rc = 0 ] && grep -qx "diff -u steps/08_a/bfs.cu steps/10_b/bfs.cu" <<< "$out" && grep -qx "diff -u /dev/null steps/10_b/b.cuh" <<< "$out"'
cp "$tmp/steps/08_a/a.cuh" "$tmp/steps/10_b/a.cuh"; sed -i 's/x + 1/x + 2/' "$tmp/steps/10_b/a.cuh"
out=$("$tmp/scripts/diff.sh" steps/10_b 2>&1); rc=$?
t "diff: a header of the base's name against the base's" 'grep -qx "diff -u steps/08_a/a.cuh steps/10_b/a.cuh" <<< "$out" && grep -q "^+static int a_one(gpu_t x) { return x + 2; }" <<< "$out"'
# a new header whose function is marked as replacing one below (b_one for a_one): the diff shows the
# change, not the whole function; a base program's function the step does not use is left out
cat > "$tmp/steps/10_b/b.cuh" <<'C'
#pragma once
#include "../08_a/a.cuh"
/* replaces: a_one */
static int b_one(gpu_t x) { return x + 3; }
static int b_new(int x)
{
  return x;
}
C
printf '/* Step 08 */\n#include "a.cuh"\nstatic int host_only(void)\n{\n  return 7;\n}\nint main(void) { return a_one(0) - 1; }\n' > "$tmp/steps/08_a/bfs.cu"
rm -f "$tmp/steps/10_b/a.cuh"
out=$("$tmp/scripts/diff.sh" steps/10_b 2>&1); rc=$?
t "diff: a replacing function against the one it replaces" \
  'grep -q "^-static int a_one(gpu_t x) { return x + 1; }" <<< "$out" && grep -q "^+static int b_one(gpu_t x) { return x + 3; }" <<< "$out" && grep -q "^+static int b_new(int x)" <<< "$out"'
t "diff: the base program's function the step does not use is left out" '! grep -q "host_only" <<< "$out"'
t "diff: the base program's opening comment is left out" '! grep -q "^-/\* Step 08 \*/" <<< "$out"'
# a function of the program that replaces one of a header below is diffed against it
printf '/* Step 10\n * Base:       08\n */\n#include "b.cuh"\n/* replaces: a_one */\nstatic int p_one(gpu_t x) { return x + 4; }\nint main(void) { return p_one(0) - 4; }\n' > "$tmp/steps/10_b/bfs.cu"
out=$("$tmp/scripts/diff.sh" steps/10_b 2>&1); rc=$?
t "diff: a program's function against the header's it replaces" \
  'awk "/^diff -u steps\/08_a\/bfs.cu/ {p = 1} /^diff -u \(/ {p = 0} p" <<< "$out" | grep -q "^-static int a_one(gpu_t x) { return x + 1; }" && grep -q "^# (the base side holds steps/08_a/a.cuh: 4-4" <<< "$out"'
# a base that keeps its code in its program (no header): the functions a step's program does
# not use are left out; a program that includes its base's program whole shows only the
# functions it replaces, against them
mkdir -p "$tmp/steps/20_p" "$tmp/steps/21_q" "$tmp/steps/22_r"
printf '/* Step 20 */\nstatic int p_keep(int x)\n{\n  return x + 1;\n}\nstatic int p_unused(void)\n{\n  return 9;\n}\nint main(void) { return p_keep(0); }\n' > "$tmp/steps/20_p/bfs.cu"
printf '/* Step 22\n * Base:       20\n */\nstatic int r_keep(int x)\n{\n  return x + 2;\n}\nint main(void) { return r_keep(0); }\n' > "$tmp/steps/22_r/bfs.cu"
out=$("$tmp/scripts/diff.sh" steps/22_r 2>&1); rc=$?
t "diff: a base without a header: its program's functions the step does not use are left out" \
  'grep -q "^-static int p_keep" <<< "$out" && grep -q "^+static int r_keep" <<< "$out" && ! grep -q "p_unused" <<< "$out"'
# the base's own replaces: lines (its diff markers) are left out of its side
cp "$tmp/steps/20_p/bfs.cu" "$tmp/p.cu"
sed -i 's|^static int p_keep|/* replaces: - */\n&|' "$tmp/steps/20_p/bfs.cu"
out=$("$tmp/scripts/diff.sh" steps/22_r 2>&1); rc=$?
t "diff: the base's replaces: lines are left out of its side" \
  'grep -q "^/\* replaces: - \*/" "$tmp/steps/20_p/bfs.cu" && grep -q "^-static int p_keep" <<< "$out" && ! grep -q "replaces" <<< "$out"'
cp "$tmp/p.cu" "$tmp/steps/20_p/bfs.cu"
printf '/* Step 21\n * Base:       20\n */\n#define main p_main\n#include "../20_p/bfs.cu"\n#undef main\nstatic int q_keep(int x)\n{\n  return x + 3;\n}\nint main(void) { return q_keep(0); }\n' > "$tmp/steps/21_q/bfs.cu"
out=$("$tmp/scripts/diff.sh" steps/21_q 2>&1); rc=$?
t "diff: a program that includes its base's program whole: only what it replaces" \
  'grep -qx "diff -u (the functions of the rungs below that steps/21_q/bfs.cu replaces) steps/21_q/bfs.cu" <<< "$out" && grep -q "^-  return x + 1;" <<< "$out" && grep -q "^+  return x + 3;" <<< "$out" && ! grep -q "p_unused" <<< "$out"'
# a step on a program that includes its base's program whole: that program is read in place of
# the include line, so a function of it (p_unused, 20's) pairs with the step's of its role
mkdir -p "$tmp/steps/23_s"
printf '/* Step 23\n * Base:       21\n */\nstatic int s_unused(void)\n{\n  return 8;\n}\nint main(void) { return s_unused(); }\n' > "$tmp/steps/23_s/bfs.cu"
out=$("$tmp/scripts/diff.sh" steps/23_s 2>&1); rc=$?
t "diff: on a base that includes its own base's program whole: its functions pair" \
  'grep -qx "diff -u steps/21_q/bfs.cu steps/23_s/bfs.cu" <<< "$out" && grep -q "^-  return 9;" <<< "$out" && grep -q "^-#define main p_main" <<< "$out" && ! grep -q "^-#include" <<< "$out" && ! grep -q "whole-" <<< "$out"'
# ... and when that base renames the included program's export (#define STEP ...), the renamed
# step_t and the rename lines are no code the step above can take: they stay out of its base side
mkdir -p "$tmp/steps/24_t" "$tmp/steps/25_u" "$tmp/steps/26_v"
printf '/* Step 24 */\nstatic int t_run(void)\n{\n  return 1;\n}\nSTEP_EXPORT const step_t STEP = {\n    "t", t_run};\n' > "$tmp/steps/24_t/bfs.cu"
printf '/* Step 25\n * Base:       24\n */\n#define STEP t_step24\n#include "../24_t/bfs.cu"\n#undef STEP\nSTEP_EXPORT const step_t STEP = {\n    "u", t_run};\n' > "$tmp/steps/25_u/bfs.cu"
printf '/* Step 26\n * Base:       25\n */\nstatic int v_run(void)\n{\n  return 2;\n}\nSTEP_EXPORT const step_t STEP = {\n    "v", v_run};\n' > "$tmp/steps/26_v/bfs.cu"
out=$("$tmp/scripts/diff.sh" steps/26_v 2>&1); rc=$?
t "diff: a base's renamed export of the program it includes stays out of the base side" \
  'grep -q "^-  return 1;" <<< "$out" && grep -q "^-    \"u\", t_run};" <<< "$out" && ! grep -q "\"t\", t_run" <<< "$out" && ! grep -q "STEP t_step24\|#undef STEP" <<< "$out"'
out=$("$tmp/scripts/diff.sh" steps/08_a 2>&1); rc=$?
t "diff of the first step: nothing to diff" '[ $rc = 0 ] && grep -q "is the first step" <<< "$out"'
echo "flat-test: $pass passed, $failn failed"
[ $failn = 0 ]
