#!/usr/bin/env bash
# test_drift.sh - scripts/drift.sh catches a step whose declared-inherited code drifted from its
# base: on a copy of the tree, one changed line in an inherited function (and a renamed one, and
# an unknown base) must fail; the untouched copy must pass. Ends "drift-test: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
pass=0; failn=0
t() { if eval "$2"; then pass=$((pass + 1)); echo "ok - $1"; else failn=$((failn + 1)); echo "not ok - $1"; echo "$out" | sed 's/^/#   /'; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/scripts" "$tmp/steps/08_a" "$tmp/steps/10_b"
cp scripts/drift.sh "$tmp/scripts/"
cat > "$tmp/steps/08_a/bfs.cu" <<'C'
/* Step 08 */
static __device__ int f_one(int x) {
  return x + 1;
}
static __global__ void __launch_bounds__(256) k_two(int *p) {
  p[0] = f_one(1);
}
static __device__ unsigned *g_three(int x);
static __device__ unsigned *g_three(int x) {
  return 0;
}
C
cat > "$tmp/steps/10_b/bfs.cu" <<'C'
/* Step 10
 * Base:       08
 * Inherits: 08: f_one k_two
 * Inherits: 08: g_three
 */
static __device__ int f_one(int x) {
  return x + 1;
}
static __global__ void __launch_bounds__(256) k_two(int *p) {
  p[0] = f_one(1);
}
static __device__ unsigned *g_three(int x) {
  return 0;
}
C
out=$("$tmp/scripts/drift.sh" 2>&1); rc=$?
t "identical inherited functions (a kernel, a pointer-returning one after its declaration): pass" '[ $rc = 0 ] && grep -q "drift: 3 passed, 0 failed" <<< "$out"'
sed -i 's/return x + 1;/return x + 2;/' "$tmp/steps/10_b/bfs.cu"
out=$("$tmp/scripts/drift.sh" 2>&1); rc=$?
t "one changed line in an inherited function: exit 1, names it" '[ $rc = 1 ] && grep -q "f_one differs" <<< "$out"'
sed -i 's/return x + 2;/return x + 1;/; s/k_two(int \*p)/k_2(int *p)/' "$tmp/steps/10_b/bfs.cu"
out=$("$tmp/scripts/drift.sh" 2>&1); rc=$?
t "an inherited function gone: exit 1, says not found" '[ $rc = 1 ] && grep -q "k_two (inherited from 08) not found" <<< "$out"'
sed -i 's/k_2(int \*p)/k_two(int *p)/; s/Inherits: 08: g_three/Inherits: 09: g_three/' "$tmp/steps/10_b/bfs.cu"
out=$("$tmp/scripts/drift.sh" 2>&1); rc=$?
t "an unknown base: exit 1" '[ $rc = 1 ] && grep -q "no step 09" <<< "$out"'
# a function of the base's library header (.cuh), copied by the step
sed -i 's/Inherits: 09: g_three/Inherits: 08: g_three/' "$tmp/steps/10_b/bfs.cu"
printf 'static __device__ int h_four(int x) {\n  return x * 4;\n}\n' > "$tmp/steps/08_a/lib.cuh"
sed -i 's/^ \* Inherits: 08: g_three$/ * Inherits: 08: g_three h_four/' "$tmp/steps/10_b/bfs.cu"
printf 'static __device__ int h_four(int x) {\n  return x * 4;\n}\n' >> "$tmp/steps/10_b/bfs.cu"
out=$("$tmp/scripts/drift.sh" 2>&1); rc=$?
t "a copy of a function of the base's .cuh: pass" '[ $rc = 0 ] && grep -q "drift: 4 passed, 0 failed" <<< "$out"'
sed -i 's/return x \* 4;/return x * 5;/' "$tmp/steps/08_a/lib.cuh"
out=$("$tmp/scripts/drift.sh" 2>&1); rc=$?
t "the base's .cuh changed, the copy not: exit 1" '[ $rc = 1 ] && grep -q "h_four differs" <<< "$out"'
# the real tree passes, and a drifted copy of a real step fails
out=$(scripts/drift.sh 2>&1); rc=$?
t "the steps as committed: no drift" '[ $rc = 0 ]'
if [ -f steps/10_dobfs/bfs.cu ] && grep -q '^ \* Inherits: 08: .*bfs4k_visit' steps/10_dobfs/bfs.cu; then
  mkdir -p "$tmp/real/scripts" "$tmp/real/steps"
  cp scripts/drift.sh "$tmp/real/scripts/"; cp -r steps/08_bfs4k steps/10_dobfs "$tmp/real/steps/"
  sed -i '/^static __device__ void bfs4k_visit(/,/^}/ s/benign race: every writer stores the same level/drifted/' "$tmp/real/steps/10_dobfs/bfs.cu"
  out=$("$tmp/real/scripts/drift.sh" 2>&1); rc=$?
  t "step 10 with a drifted bfs4k_visit: exit 1" '[ $rc = 1 ] && grep -q "bfs4k_visit differs" <<< "$out"'
fi
echo "drift-test: $pass passed, $failn failed"
[ $failn = 0 ]
