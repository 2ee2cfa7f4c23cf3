#!/usr/bin/env bash
# test_numbers.sh - scripts/numbers.sh catches a lesson's number that drifted from its data: in a
# throw-away git tree, a clean lesson passes; a prose number that no table holds, a hand table's
# cell, a query block whose command prints something else, a table measured before the step's
# last code change, a label naming a commit the table does not use, a publication's number without
# its cited comment, a number whose paragraph names no data file holding it, and one graph of two
# sizes each fail with FILE:LINE; a label and --fix make them pass; a time bound ("within the
# 20 s it allows") passes, a measured time beside such words does not. Ends "numbers-test: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
pass=0; failn=0
t() { if eval "$2"; then pass=$((pass + 1)); echo "ok - $1"; else failn=$((failn + 1)); echo "not ok - $1"; echo "$out" | sed 's/^/#   /'; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/scripts" "$tmp/steps/01_a" "$tmp/plots/data"
cp scripts/numbers.sh "$tmp/scripts/"
cd "$tmp" || exit 1
git init -q . && git config user.email t@t && git config user.name t
echo '/* Step 01 */' > steps/01_a/bfs.cu
git add -A && git commit -qm one
c1=$(git rev-parse --short HEAD)
hdr=step,variant,graph,n,m,src,grid,block,knobs,trial,ms,levels,edges,gteps,verified,upload_ms,init_ms,gpu,driver,cuda,commit,date
{ echo "$hdr"
  echo "step01,v,kron20,1048576,31403370,1,0,256,,0,2.0249,6,31402968,15.5,PASS,1,1,H100,580,13.0,$c1,2026-11-22"
  echo "step01,v,kron20,1048576,31403370,1,0,256,,1,2.0251,6,31402968,15.5,PASS,1,1,H100,580,13.0,$c1,2026-11-22"; } > plots/data/bench-h.csv
cat > plots/data/ablation-h.log <<'L'
level 3: 17.8120 ms, 1041 levels
L
cat > steps/01_a/README.md <<'M'
# Step 01
| knob | default | what |
|---|---|---|
| `vw` | 16 | a knob value, not a measurement |

The step runs 132 SMs, vw=16, `-n 5` and 80 GB (no unit of measurement: never checked).
<!-- results:begin -->
From `plots/data/bench-h.csv`.

| step | kron20 ms | GTEPS |
|---|---:|---:|
| step01 | 2.02 | 15.5 |
<!-- results:end -->
The table's 2.02 ms is 2.0 ms rounded, 15.5 GTEPS; 17.81 ms on the road (`plots/data/ablation-h.log`).
<!-- query:begin -->
```sh
echo "| graph | x |"; echo "|---|---:|"; echo "| kron20 | 7.66 |"
```
```
| graph | x |
|---|---:|
| kron20 | 7.66 |
```
<!-- query:end -->
The query gives 7.7×, in a range 2.0–7.66×.

A paragraph whose second line names the log covers its first: 17.81 ms on the road,
1041 levels (`plots/data/ablation-h.log`).

The paper reports 48.6 % sharing. <!-- cited: a paper -->
M
git add -A && git commit -qm two

out=$(scripts/numbers.sh steps/01_a/README.md 2>&1); rc=$?
t "a clean lesson passes" '[ $rc = 0 ] && [ "$(tail -1 <<< "$out")" = "numbers: 1 files, 0 hits" ]'

cp steps/01_a/README.md "$tmp/clean.md"
sed -i 's/^The query gives 7.7×/The query gives 7.7×, the bench run 27.7 ms/' steps/01_a/README.md
out=$(scripts/numbers.sh steps/01_a/README.md 2>&1); rc=$?
t "a drifted prose number fails with its line" '[ $rc = 1 ] && grep -q "^steps/01_a/README.md:25: 27.7 ms: " <<< "$out" && [ "$(tail -1 <<< "$out")" = "numbers: 1 files, 1 hits" ]'

cp "$tmp/clean.md" steps/01_a/README.md
sed -i 's/^The query gives 7.7×/The query gives 7.7×, 3.3 against 2.02 ms on kron20/' steps/01_a/README.md
out=$(scripts/numbers.sh steps/01_a/README.md 2>&1); rc=$?
t "the first number of 'A against B ms' takes B's unit" '[ $rc = 1 ] && grep -q "^steps/01_a/README.md:25: 3.3 ms: " <<< "$out" && [ "$(tail -1 <<< "$out")" = "numbers: 1 files, 1 hits" ]'

cp "$tmp/clean.md" steps/01_a/README.md
sed -i 's/ <!-- cited: a paper -->$//' steps/01_a/README.md
out=$(scripts/numbers.sh steps/01_a/README.md 2>&1); rc=$?
t "a publication's number without its cited comment fails" '[ $rc = 1 ] && grep -q "README.md:30: 48.6%: " <<< "$out"'

cp "$tmp/clean.md" steps/01_a/README.md
sed -i 's/^1041 levels (`plots\/data\/ablation-h.log`)./1041 levels./' steps/01_a/README.md
out=$(scripts/numbers.sh steps/01_a/README.md 2>&1); rc=$?
t "without its paragraph's data file the number fails" '[ $rc = 1 ] && grep -q "README.md:27: 17.81 ms: " <<< "$out"'

cp "$tmp/clean.md" steps/01_a/README.md
sed -i 's/^The table.s 2.02 ms.*/| graph | ms |\n|---|---:|\n| kron20 | 227.6 |\n| kron22 | 2.02 |\n| kron23 | **32.9** (15.5) |/' steps/01_a/README.md
out=$(scripts/numbers.sh steps/01_a/README.md 2>&1); rc=$?
t "a hand table's cell that no table holds fails" '[ $rc = 1 ] && grep -q "README.md:16: 227.6 (a table cell): " <<< "$out" && grep -q "README.md:18: 32.9 (a table cell): " <<< "$out" && [ "$(grep -c "table cell" <<< "$out")" = 2 ]'

cp "$tmp/clean.md" steps/01_a/README.md
sed -i 's/^| kron20 | 7.66 |$/| kron20 | 7.67 |/' steps/01_a/README.md
out=$(scripts/numbers.sh steps/01_a/README.md 2>&1); rc=$?
t "a query block whose output changed fails" '[ $rc = 1 ] && grep -q "README.md:15: query block" <<< "$out"'
out=$(scripts/numbers.sh --fix steps/01_a/README.md 2>&1); rc=$?
t "--fix rewrites the query block's output" '[ $rc = 0 ] && cmp -s steps/01_a/README.md "$tmp/clean.md"'

cp "$tmp/clean.md" steps/01_a/README.md
echo '/* Step 01, changed */' > steps/01_a/bfs.cu
git add -A && git commit -qm three
out=$(scripts/numbers.sh steps/01_a/README.md 2>&1); rc=$?
t "a table measured before the step's last code change fails" '[ $rc = 1 ] && grep -q "README.md:7: table results: plots/data/bench-h.csv rows of step01 measured at $c1, before" <<< "$out"'
sed -i "s/^<!-- results:begin -->/<!-- results:measured $c1 a comment changed since -->\n&/" steps/01_a/README.md
out=$(scripts/numbers.sh steps/01_a/README.md 2>&1); rc=$?
t "a label naming the measured commit passes" '[ $rc = 0 ]'
sed -i "s/results:measured $c1/results:measured $c1,$(git rev-parse --short HEAD)/" steps/01_a/README.md
out=$(scripts/numbers.sh steps/01_a/README.md 2>&1); rc=$?
t "a label naming a commit the table does not use fails" '[ $rc = 1 ] && grep -q "label results:measured names" <<< "$out"'

cp "$tmp/clean.md" steps/01_a/README.md
sed -i "s/^<!-- results:begin -->/<!-- results:measured $c1 a comment changed since -->\n&/" steps/01_a/README.md
{ echo "$hdr"; echo "cpu,bfs,kron20,1048576,31000000,1,0,0,,0,233.1,6,1,1,PASS,0,0,H100,580,13.0,$c1,2026-11-22"; } > plots/data/other-h.csv
out=$(scripts/numbers.sh steps/01_a/README.md 2>&1); rc=$?
t "one graph name with two sizes fails" '[ $rc = 1 ] && grep -q "^plots/data/other-h.csv:2: kron20 has n=1048576 m=31000000" <<< "$out"'
rm plots/data/other-h.csv
out=$(scripts/numbers.sh steps/01_a/README.md 2>&1); rc=$?
t "and passes again without it" '[ $rc = 0 ]'

cat > steps/01_a/ANSWERS.md <<'M'
A cycle must end within the 20 s it allows; a hang is reported within 20 s, a bound of 30 s,
a timeout of 5 seconds.
M
out=$(scripts/numbers.sh steps/01_a/ANSWERS.md 2>&1); rc=$?
t "a time bound (within, bound of, timeout of) is a limit, not checked" '[ $rc = 0 ]'
printf '%s\n' 'It ran in 20 s, within 2.5 ms of step 09, within 3 % of the CPU.' > steps/01_a/ANSWERS.md
out=$(scripts/numbers.sh steps/01_a/ANSWERS.md 2>&1); rc=$?
t "a measured time near a bound's words still fails" '[ $rc = 1 ] && grep -q "ANSWERS.md:1: 20 s: " <<< "$out" && grep -q "ANSWERS.md:1: 2.5 ms: " <<< "$out" && grep -q "ANSWERS.md:1: 3%: " <<< "$out" && [ "$(tail -1 <<< "$out")" = "numbers: 1 files, 3 hits" ]'
rm steps/01_a/ANSWERS.md

echo "numbers-test: $pass passed, $failn failed"
[ $failn = 0 ]
