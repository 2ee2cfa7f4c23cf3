#!/usr/bin/env bash
# test.sh UNIT... -- ASAN_UNIT... -- STEP_BIN... : the GPU-free tier (make test).
#  1. cmocka unit tests of the CPU tier, plain and under ASan+UBSan;
#  2. every step built (make did that) and its CLI: --list-variants, -n0 smoke
#     runs, bad input and bad options exit 2 with one error line;
#  3. without a GPU a real run must say SKIP and exit 77; with one it must pass;
#  4. the plot pipeline's own tests (tests/plots/test_plots.sh) when present.
# Ends with "test: N passed, N failed" (and skipped, said so).
set -u
pass=0; failn=0; skip=0
ok()   { pass=$((pass + 1)); if [ -n "${VERBOSE:-}" ]; then echo "  ok   $*"; fi; }
bad()  { failn=$((failn + 1)); echo "  FAIL $*"; }
skipped() { skip=$((skip + 1)); echo "  SKIP $*"; }

units=(); asan=(); bins=(); part=0
for a in "$@"; do
  if [ "$a" = "--" ]; then part=$((part + 1)); continue; fi
  case $part in 0) units+=("$a");; 1) asan+=("$a");; *) bins+=("$a");; esac
done

# cmocka prints "[  PASSED  ] N test(s)." and "[  FAILED  ] N test(s)..."
run_unit() {
  local t=$1 out rc
  out=$("$t" 2>&1); rc=$?
  local p f
  p=$(grep -o 'PASSED  \] [0-9]*' <<< "$out" | grep -o '[0-9]*$' | tail -1)
  f=$(grep -o 'FAILED  \] [0-9]*' <<< "$out" | grep -o '[0-9]*$' | tail -1)
  pass=$((pass + ${p:-0})); failn=$((failn + ${f:-0}))
  if [ $rc != 0 ] || [ -z "$p" ]; then
    [ -z "$f" ] && failn=$((failn + 1))
    echo "  FAIL $t (exit $rc)"; grep -E 'FAIL|ERROR|error|Sanitizer|runtime error' <<< "$out" | head -20
  fi
  echo "unit $(basename "$(dirname "$t")")/$(basename "$t"): ${p:-0} passed, ${f:-0} failed"
}
echo "== unit tests (cmocka)"
for t in "${units[@]}"; do run_unit "$t"; done
echo "== unit tests under ASan + UBSan"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
for t in "${asan[@]}"; do run_unit "$t"; done
unset ASAN_OPTIONS UBSAN_OPTIONS

echo "== step binaries: CLI, -n0 smoke runs, bad input"
expect_exit() {  # want label cmd...
  local want=$1 label=$2; shift 2
  local out rc
  out=$("$@" 2>&1); rc=$?
  if [ "$rc" = "$want" ]; then ok "$label"; else bad "$label: exit $rc, wanted $want"; echo "$out" | tail -5 | sed 's/^/      /'; fi
  LAST_OUT=$out
}
# build/cpubench: the parallel CPU baselines, checked against the oracle, need no GPU
if [ -x build/cpubench ]; then
  for a in "bfs -g 10 -R 2 -n 1" "bfs -f tests/graphs/components.el -R 2 -n 1" "sssp -g 10 -R 2 -n 1" \
           "sssp -G 30x20 -R 2 -n 1" "sssp -g 10 --negative -R 2 -n 1"; do
    expect_exit 0 "cpubench $a" build/cpubench $a
    grep -q ' on .*; PASS$' <<< "$LAST_OUT" && ok "cpubench $a: equals the oracle" || bad "cpubench $a: no PASS line"
  done
  expect_exit 2 "cpubench without bfs|sssp" build/cpubench -g 10
  expect_exit 2 "cpubench bad option" build/cpubench bfs -g 10 --bogus
  out=$(build/cpubench -h 2>/dev/null); rc=$?
  [ $rc = 0 ] && grep -q '^usage: cpubench bfs|sssp' <<< "$out" && ok "cpubench -h: usage on stdout, exit 0" || bad "cpubench -h: exit $rc"
  dtmp=$(mktemp)
  expect_exit 0 "cpubench -d FILE" build/cpubench bfs -f tests/graphs/components.el -r 0 -n 1 -d "$dtmp"
  cmp -s "$dtmp" tests/graphs/components.el.bfs0 && ok "cpubench -d writes the distances (tests/graphs/components.el.bfs0)" || bad "cpubench -d: $(head -3 "$dtmp" | tr '\n' ' ')"
  # the thread count chosen is printed with its reason (free cores by the load average, or OMP_NUM_THREADS)
  grep -Eq '\(threads=[0-9]+; [0-9]+ threads?: [0-9]+ cores?, load average [0-9.]+: [0-9]+ free' <<< "$LAST_OUT" &&
    ok "cpubench prints the thread count and why" || bad "cpubench: no thread line: $(grep '^CPU:' <<< "$LAST_OUT")"
  out=$(OMP_NUM_THREADS=1 build/cpubench bfs -g 8 -n 1 2>&1)
  grep -q 'threads=1; 1 thread: OMP_NUM_THREADS=1' <<< "$out" && ok "cpubench: OMP_NUM_THREADS sets the threads" || bad "cpubench OMP_NUM_THREADS=1: $(grep '^CPU:' <<< "$out")"
  rm -f "$dtmp"
fi
have_gpu=0; nvidia-smi -L >/dev/null 2>&1 && have_gpu=1
# no NVIDIA driver at all here: no kernel module and no libcuda.so.1 for the loader
no_driver=0
[ ! -e /proc/driver/nvidia/version ] && ! { ldconfig -p 2>/dev/null | grep -q 'libcuda\.so\.1'; } && no_driver=1
tmpd=$(mktemp -d); trap 'rm -rf "$tmpd"' EXIT
for b in "${bins[@]}"; do
  s=$(basename "$b")
  expect_exit 0 "$s --list-variants" "$b" --list-variants
  expect_exit 0 "$s --help" "$b" --help
  expect_exit 0 "$s -g 10 -n0" "$b" -g 10 -n0
  grep -q '^Graph has 1024 nodes' <<< "$LAST_OUT" && ok "$s -n0 prints the graph line" || bad "$s -n0: no 'Graph has 1024 nodes' line"
  expect_exit 0 "$s -G 20x30 -n0" "$b" -G 20x30 -n0
  expect_exit 2 "$s with no graph" "$b"
  expect_exit 2 "$s unknown option" "$b" -g 4 --bogus
  expect_exit 2 "$s -g 99" "$b" -g 99
  expect_exit 2 "$s bad variant" "$b" -g 4 -V no-such-variant
  expect_exit 2 "$s unknown knob" "$b" -g 4 -K no_such_knob=1
  expect_exit 2 "$s unknown knob in --knob-sets" "$b" -g 4 --knob-sets "no_such_knob=1"
  if [ -e "$(ls -d steps/${s#step}_* 2>/dev/null | head -1)/sssp.cu" ]; then   # SSSP: 32-bit limit, before any GPU work
    printf '0 1 2000000000\n1 2 2000000000\n' > "$tmpd/overflow.wel"
    expect_exit 2 "$s distances past 32 bits" "$b" -f "$tmpd/overflow.wel" -r 0 -n 1
    [ "$(grep -c '^error: .*2147483647' <<< "$LAST_OUT")" = 1 ] && ok "$s one error line naming the 32-bit limit" || bad "$s: overflow message: $LAST_OUT"
  fi
  expect_exit 2 "$s source out of range" "$b" -g 4 -r 99 -n 1
  grep -q 'error: source 99 is out of range' <<< "$LAST_OUT" && ok "$s names the bad source" || bad "$s: no clear source-range message"
  srcf=$(mktemp); printf '1\n99\n' > "$srcf"
  expect_exit 2 "$s --sources with a bad id" "$b" -g 4 --sources "$srcf" -n 1
  grep -q "^error: $srcf:2: source 99 is out of range" <<< "$LAST_OUT" && ok "$s names the sources file's bad line" || bad "$s: no FILE:LINE message for a bad --sources id"
  rm -f "$srcf"
  expect_exit 2 "$s missing file" "$b" -f /nonexistent/graph.el -n 1
  # checked before the GPU probe, so exit 2 with or without a GPU, also with -n0
  expect_exit 2 "$s -r 99 -n0" "$b" -g 4 -r 99 -n0
  grep -q 'error: source 99 is out of range' <<< "$LAST_OUT" && ok "$s -n0 names the bad source" || bad "$s -n0: no clear source-range message"
  for nn in 0 1; do
    expect_exit 2 "$s -o /no/dir/x.csv -n$nn" "$b" -g 4 -n$nn -o /no/dir/x.csv
    grep -q '^error: option -o: /no/dir/x.csv: directory /no/dir does not exist' <<< "$LAST_OUT" && ok "$s -o names the missing directory" || bad "$s -o /no/dir: no clear message"
    expect_exit 2 "$s -d /no/dir/d.txt -n$nn" "$b" -g 4 -n$nn -d /no/dir/d.txt
  done
  expect_exit 2 "$s -o a directory" "$b" -g 4 -n0 -o tests
  expect_exit 0 "$s -o in . with -n0 writes nothing" "$b" -g 4 -n0 -o "$tmpd/never.csv"
  [ ! -e "$tmpd/never.csv" ] && ok "$s -n0 -o creates no file" || bad "$s -n0 -o created the file"
  expect_exit 2 "$s -G 0x0" "$b" -G 0x0 -n0
  grep -q "^error: option -G: '0x0': width and height must be at least 1" <<< "$LAST_OUT" && ok "$s -G 0x0 says why" || bad "$s -G 0x0: unclear message"
  expect_exit 0 "$s --list-knobs" "$b" --list-knobs
  if [ -z "$LAST_OUT" ]; then bad "$s --list-knobs printed nothing"
  elif grep -q '^[a-z_0-9]* \+-\?[0-9]\+  ' <<< "$LAST_OUT"; then
    ok "$s --list-knobs lists knobs"
    # aligned columns: every help text starts in the same column
    [ "$(awk '{ match($0, /^[a-z_0-9]+ +-?[0-9]+  /); print RLENGTH }' <<< "$LAST_OUT" | sort -u | wc -l)" = 1 ] &&
      ok "$s --list-knobs: aligned columns" || bad "$s --list-knobs: columns not aligned"
    # every knob's own default passes the step's check; a value far out of range does not
    while read -r kname kdef _; do
      expect_exit 0 "$s -K $kname=$kdef -n0" "$b" -g 4 -n0 -K "$kname=$kdef"
    done <<< "$LAST_OUT"
  else
    grep -q "^$s has no knobs$" <<< "$LAST_OUT" && ok "$s --list-knobs says it has none" || bad "$s --list-knobs: '$LAST_OUT'"
  fi
  # knob values the step rejects: exit 2 before the probe (no GPU needed), -n0 too
  if "$b" --list-knobs | grep -q '^vw '; then
    for nn in 0 1; do
      expect_exit 2 "$s -K vw=3 -n$nn" "$b" -g 4 -n$nn -K vw=3
      grep -q '^error: vw=3: the virtual warp size must be' <<< "$LAST_OUT" && ok "$s -K vw=3 says why" || bad "$s -K vw=3: unclear message"
    done
    expect_exit 2 "$s -K vw=64" "$b" -g 4 -n0 -K vw=64
  fi
  "$b" --list-knobs | grep -q '^defer_max ' && expect_exit 2 "$s -K defer_max=0" "$b" -g 4 -n0 -K defer_max=0
  "$b" --list-knobs | grep -q '^scan_block ' && expect_exit 2 "$s -K scan_block=100" "$b" -g 4 -n0 -K scan_block=100
  "$b" --list-knobs | grep -q '^qcap ' && expect_exit 2 "$s -K qcap=-1" "$b" -g 4 -n0 -K qcap=-1
  # step 08's knobs (BFS-4K): each bad value is one error line, exit 2, no GPU needed
  if "$b" --list-knobs | grep -q '^k5 '; then
    # loop (the host-driven level loop) is step 08's alone: the rungs above it keep the device loop
    kvs="hash=3000 hash=32768 mode=3 k5=0 assign=3 vwmin=3 scan=3 stage=-1 dp=-1 visit=2"
    "$b" --list-knobs | grep -q '^loop ' && kvs="$kvs loop=2"
    for kv in $kvs; do
      expect_exit 2 "$s -K $kv" "$b" -g 4 -n0 -K "$kv"
      [ "$(grep -c '^error: ' <<< "$LAST_OUT")" = 1 ] && grep -q "^error: ${kv%%=*}=" <<< "$LAST_OUT" &&
        ok "$s -K $kv: one line naming the knob" || bad "$s -K $kv: '$LAST_OUT'"
    done
  fi
  for f in tests/graphs/bad/*; do
    [ -e "$f" ] || continue
    expect_exit 2 "$s rejects $(basename "$f")" "$b" -f "$f" -n 1
    lines=$(grep -c '^error: ' <<< "$LAST_OUT")
    [ "$lines" = 1 ] && ok "$s one error line for $(basename "$f")" || bad "$s $(basename "$f"): $lines error lines"
  done
  if [ $have_gpu = 0 ]; then
    out=$("$b" -g 8 -n 1 2>&1); rc=$?
    if [ $rc = 77 ] && grep -q '^SKIP: no CUDA device' <<< "$out"; then skipped "$s GPU run: no CUDA device here (exit 77, said so)"
    else bad "$s without a GPU: exit $rc, wanted 77 with a SKIP line"; fi
    # no driver at all (no libcuda.so.1, no kernel module): that, not "insufficient driver"
    if [ $no_driver = 1 ]; then
      [ "$(grep '^SKIP' <<< "$out")" = "SKIP: no CUDA device: no NVIDIA driver loaded (libcuda.so.1 not found); $s needs an NVIDIA GPU (exit 77)" ] &&
        ok "$s without a driver: the no-driver line" || bad "$s without a driver: '$(grep '^SKIP' <<< "$out")'"
    fi
  else
    expect_exit 0 "$s -g 10 -R 2 -n 1 -v on the GPU" "$b" -g 10 -R 2 -n 1 -v
    LAST_OUT=$(GALLERY_GPU_FREE_BYTES=100000 "$b" -g 12 -n 1 2>&1); rc=$?
    if [ $rc = 3 ] && grep -q '^error: kron12 does not fit in GPU memory: the graph and distances need [0-9]* bytes' <<< "$LAST_OUT" \
       && [ "$(grep -c '^error' <<< "$LAST_OUT")" = 1 ] && ! grep -q '^Trial' <<< "$LAST_OUT"; then ok "$s graph too large for the GPU: one clear line, exit 3"
    else bad "$s graph too large for the GPU: exit $rc"; echo "$LAST_OUT" | tail -3; fi
  fi
done

echo "== scripts: check and compare without a GPU, missing inputs"
if [ ${#bins[@]} -gt 0 ]; then
  b=${bins[0]}
  # every step: BFS and SSSP steps make two tables, the error must still be said once
  out=$(GRAPH="-f /nonexistent/graph.txt" COMPARE_CSV=$tmpd/compare.csv COMPARE_SSSP_CSV=$tmpd/compare-sssp.csv \
        scripts/compare.sh "${bins[@]}" 2>&1); rc=$?
  if [ $rc = 2 ] && [ "$(wc -l <<< "$out")" = 1 ] && grep -q 'not found' <<< "$out"; then ok "compare: missing graph file: one line, exit 2"
  else bad "compare: missing graph file: exit $rc, wanted 2 and one line"; echo "$out" | head -3; fi
  if [ $have_gpu = 1 ]; then
    out=$(GRAPH="-g 4 -K no_such=1" COMPARE_CSV=$tmpd/compare.csv scripts/compare.sh "$b" 2>/dev/null); rc=$?
    [ $rc = 2 ] && grep -q "unknown knob" <<< "$out" && ok "compare: bad option: exit 2" || bad "compare: bad option: exit $rc, wanted 2"
  fi
  if [ $have_gpu = 0 ]; then
    out=$(LOGDIR=$tmpd/check scripts/check.sh "${bins[@]}" 2>&1); rc=$?
    if [ $rc = 77 ] && [ "$(wc -l <<< "$out")" = 1 ] && grep -q '^check: SKIPPED: no CUDA device' <<< "$out" && [ ! -e "$tmpd/check" ]; then
      ok "check without a GPU: one line, exit 77, no logs"
    else bad "check without a GPU: exit $rc, $(wc -l <<< "$out") lines, wanted 77 and one line"; echo "$out" | head -3; fi
  fi
fi

echo "== without a GPU: --cpu distances, input messages, the GPU probe"
bfs_bin="" sssp_bin=""
for b in "${bins[@]}"; do
  d=$(ls -d steps/"$(basename "$b" | sed 's/^step//')"_* 2>/dev/null | head -1)
  if [ -e "$d/sssp.cu" ]; then [ -n "$sssp_bin" ] || sssp_bin=$b; else [ -n "$bfs_bin" ] || bfs_bin=$b; fi
done
# --cpu: the oracle's distances on the hand-checked graphs, no GPU (G.bfsN with a BFS step, G.ssspN with an SSSP one)
for pair in "bfs:$bfs_bin" "sssp:$sssp_bin"; do
  kind=${pair%%:*} b=${pair#*:}
  [ -n "$b" ] || { skipped "--cpu $kind: no $kind step built"; continue; }
  for exp in tests/graphs/*."$kind"[0-9]*; do
    [ -e "$exp" ] || continue
    g=${exp%."$kind"*} src=${exp##*."$kind"}
    [ "$(basename "$g")" = negcycle.wel ] && [ "$kind" = sssp ] && [ "$src" = 0 ] && continue
    expect_exit 0 "$(basename "$b") --cpu -f $g -r $src" "$b" --cpu -f "$g" -r "$src" -d "$tmpd/cpu.dist"
    cmp -s "$exp" "$tmpd/cpu.dist" && ok "--cpu -d equals $exp" || bad "--cpu -f $g -r $src -d: differs from $exp"
  done
done
if [ -n "$sssp_bin" ]; then
  expect_exit 2 "--cpu: a negative cycle is an error" "$sssp_bin" --cpu -f tests/graphs/negcycle.wel -r 0
  [ "$(grep -c '^error: .*negative cycle' <<< "$LAST_OUT")" = 1 ] && ok "--cpu: one negative-cycle line" || bad "--cpu negative cycle: '$LAST_OUT'"
  expect_exit 0 "--cpu with negative weights (Bellman-Ford)" "$sssp_bin" --cpu -f tests/graphs/negative.wel -r 0
  grep -q 'by the bellman-ford oracle' <<< "$LAST_OUT" && ok "--cpu: Bellman-Ford for negative weights" || bad "--cpu negative weights: '$LAST_OUT'"
fi
if [ -n "$bfs_bin" ]; then
  expect_exit 0 "--cpu prints a small graph's distances" "$bfs_bin" --cpu -f tests/graphs/components.el -r 5
  [ "$(grep -c '^ *[0-9]* \(inf\|[0-9]*\)$' <<< "$LAST_OUT")" = 10 ] && grep -q '^CPU: BFS distances from 1 source by the bfs oracle; no GPU used$' <<< "$LAST_OUT" &&
    ok "--cpu: 10 distances and the summary line" || bad "--cpu stdout: '$LAST_OUT'"
  b=$bfs_bin
  # input messages: escaped and cut as the readers do, with the system's reason
  printf '\033[31mred\001\n' > "$tmpd/garbage.src"
  expect_exit 2 "--sources of control bytes" "$b" -g 4 --sources "$tmpd/garbage.src" -n 1
  [ "$(grep -c '^error:' <<< "$LAST_OUT")" = 1 ] && grep -q '"?\[31mred?" is not a vertex id' <<< "$LAST_OUT" && ! grep -q $'\033' <<< "$LAST_OUT" &&
    ok "--sources: bad bytes escaped in one line" || bad "--sources garbage: '$LAST_OUT'"
  expect_exit 2 "--sources /missing" "$b" -g 4 --sources /nonexistent/src.txt -n 1
  grep -q '^error: /nonexistent/src.txt: cannot open the sources file: No such file or directory$' <<< "$LAST_OUT" &&
    ok "--sources /missing: the system's reason" || bad "--sources /missing: '$LAST_OUT'"
  expect_exit 2 "-g 31" "$b" -g 31 -n0
  [ "$(grep -c '^error' <<< "$LAST_OUT")" = 1 ] && grep -q '^error: option -g: 31 is out of range \[1, 30\]$' <<< "$LAST_OUT" &&
    ok "-g 31: the generators' range, checked by the option" || bad "-g 31: '$LAST_OUT'"
  printf '0 5000000\n' > "$tmpd/sparse.el"
  expect_exit 0 "a sparse id past 64 MiB: a warning" "$b" -f "$tmpd/sparse.el" -n0
  [ "$(grep -c '^warning: .*5000001 vertices (ids 0..5000000) for 1 edge' <<< "$LAST_OUT")" = 1 ] &&
    ok "sparse ids: one warning line" || bad "sparse ids: no warning: '$LAST_OUT'"
  # the GPU probe's "old driver" line, through a stand-in driver library that reports CUDA 12.2
  if [ $have_gpu = 0 ] && command -v "${CC:-gcc}" >/dev/null 2>&1; then
    printf 'int cuDriverGetVersion(int *v) { *v = 12020; return 0; }\n' > "$tmpd/fakecuda.c"
    if "${CC:-gcc}" -shared -fPIC -o "$tmpd/libfakecuda.so" "$tmpd/fakecuda.c" 2>/dev/null; then
      out=$(GALLERY_LIBCUDA=$tmpd/libfakecuda.so "$b" --path 2 -r 0 -n 1 2>&1); rc=$?
      [ $rc = 77 ] && grep -Eq '^SKIP: no CUDA device: the NVIDIA driver is older than this CUDA runtime \(driver 12\.2, runtime [0-9]+\.[0-9]+\)' <<< "$out" &&
        ok "probe: an old driver is named with both versions" || bad "probe old driver: exit $rc: '$out'"
    fi
  fi
fi

echo "== scripts that need a GPU: one line and exit 77 at once without one"
if [ $have_gpu = 0 ] && [ ${#bins[@]} -gt 0 ]; then
  b=${bins[0]}
  gpu_scripts=("ablation08.sh" "ablation09.sh" "ablation10.sh $tmpd/abl10" "ablation14.sh" "ablation14w.sh" "ablation15.sh" "ablation16.sh" "ibfs-bench.sh" "bench.sh $b" "sweep.sh $b"
               "check.sh $b" "sanitize.sh $b" "compare.sh $b" "cpubase-bench.sh $tmpd/cpubase" "gpu-run.sh check"
               "mygraph.sh tests/graphs/tiny.gr" "peers.sh")
  for f in $(grep -l '^[^#]*need_gpu ' scripts/*.sh); do
    n=$(basename "$f"); [ "$n" = gpu-probe.sh ] && continue
    case " ${gpu_scripts[*]} " in *" $n"*) ;; *) bad "$n needs a GPU (need_gpu) but is not in this test's list";; esac
  done
  for sc in "${gpu_scripts[@]}"; do
    t0=$SECONDS
    # shellcheck disable=SC2086
    out=$(cd . && env -u GPU_SLUG ABL_OUT="$tmpd/abl" CSV="$tmpd/ibfs.csv" LOGDIR="$tmpd/logs" SWEEP_CSV="$tmpd/sweep.csv" \
          BENCH_OUT_DIR="$tmpd/bench" BENCH_LOG_DIR="$tmpd/benchlog" COMPARE_CSV="$tmpd/c.csv" MYGRAPH_OUT="$tmpd/mine" \
          PEERS_DIR="$tmpd" PEERS_OUT="$tmpd/mine" PEERS_LOG_DIR="$tmpd/logs" OUT= timeout 60 scripts/$sc < /dev/null 2>&1); rc=$?
    dt=$((SECONDS - t0))
    if [ $rc = 77 ] && [ "$(wc -l <<< "$out")" = 1 ] && grep -q ': SKIPPED: no CUDA device' <<< "$out" && [ $dt -le 10 ]; then
      ok "scripts/$sc: one line, exit 77, ${dt}s"
    else bad "scripts/$sc without a GPU: exit $rc in ${dt}s, $(wc -l <<< "$out") lines (wanted 77, one line, at once): $(head -2 <<< "$out" | tr '\n' ' ')"; fi
  done
  [ ! -e "$tmpd/abl" ] && [ ! -e "$tmpd/logs" ] && [ ! -e "$tmpd/mine" ] && ok "the GPU scripts wrote nothing" || bad "a GPU script wrote files without a GPU"
else
  skipped "GPU scripts without a GPU: a GPU is here"
fi

echo "== make check's progress and summary (a stand-in step, GPU_SLUG: no probe)"
mkdir -p "$tmpd/fake"
printf '#!/usr/bin/env bash\ncase "$*" in --list-variants) echo only; exit 0;; --list-knobs) echo "step99 has no knobs"; exit 0;; esac\necho "Verification: PASS (0 of 1 checked trials failed)"\n' > "$tmpd/fake/step99"
chmod +x "$tmpd/fake/step99"
out=$(GPU_SLUG=fake QUICK=1 LOGDIR="$tmpd/fakelogs" scripts/check.sh "$tmpd/fake/step99" 2>&1); rc=$?
n=$(grep -c '^\[[0-9]*/21 *[0-9]*s\] PASS step99 only .* ([0-9]*\.[0-9] s)$' <<< "$out")
[ $rc = 0 ] && [ "$n" = 21 ] && [ "$(tail -1 <<< "$out")" = "check: 21 passed, 0 failed" ] && grep -q '^check: 21 cases in [0-9]* s (4 at a time)$' <<< "$out" &&
  ok "check: [k/N], elapsed and each case's time; the summary and the last line" || bad "check progress: rc $rc, $n progress lines: $(tail -3 <<< "$out" | tr '\n' ' ')"
out=$(scripts/check.sh -h); rc=$?
[ $rc = 0 ] && grep -q 'CASE_TIMEOUT' <<< "$out" && grep -q 'BFS4K_VERBOSE' <<< "$out" && ok "check -h names its environment" || bad "check -h: exit $rc"
if [ ${#bins[@]} -gt 0 ]; then
  out=$("${bins[0]}" -h)
  for v in OMP_NUM_THREADS BFS4K_VERBOSE HBF_VERBOSE GALLERY_GPU_FREE_BYTES GALLERY_LIBCUDA; do
    grep -q "$v" <<< "$out" && ok "stepNN -h names $v" || bad "stepNN -h does not name $v"
  done
  # every variable the code reads is named in -h
  for v in $(grep -oh 'getenv("[A-Z0-9_]*")' harness/*.c harness/*.cu steps/*/*.cu | sed 's/getenv("\(.*\)")/\1/' | sort -u); do
    case $v in CPUBENCH_THREADS|CPUBASE_DELTA) continue ;; esac   # build/cpubench's own (cpubench -h)
    grep -q "$v" <<< "$out" && ok "-h names $v (read by the code)" || bad "the code reads $v, which stepNN -h does not name"
  done
fi

echo "== set-up: scripts/setup.sh"
out=$(SETUP_NVCC=/nonexistent/nvcc scripts/setup.sh 2>&1); rc=$?
[ $rc = 1 ] && [ "$(wc -l <<< "$out")" = 1 ] && grep -q '^setup: error: /nonexistent/nvcc not found: install the CUDA Toolkit' <<< "$out" &&
  ok "setup: a missing nvcc is one line, before anything" || bad "setup missing nvcc: exit $rc: $out"
mkdir -p "$tmpd/fakebin"
printf '#!/bin/sh\nexit 1\n' > "$tmpd/fakebin/nocc"                  # a compiler that finds no header
printf '#!/bin/sh\necho 1000\n' > "$tmpd/fakebin/id"                 # not root
printf '#!/bin/sh\nexit 1\n' > "$tmpd/fakebin/sudo"                  # sudo that may not run
chmod +x "$tmpd/fakebin"/*
out=$(PATH="$tmpd/fakebin:$PATH" CC=nocc scripts/setup.sh < /dev/null 2>&1); rc=$?
[ $rc = 1 ] && [ "$(wc -l <<< "$out")" = 1 ] && grep -Eq '^setup: error: missing zlib1g-dev libcmocka-dev( gnuplot-nox)?; as root run: apt-get update && apt-get install -y zlib1g-dev libcmocka-dev' <<< "$out" &&
  ok "setup: not root, no sudo: one line with the exact command" || bad "setup without root: exit $rc: $out"
if [ "$(id -u)" = 0 ]; then
  out=$(CC="$tmpd/fakebin/nocc" SETUP_DRYRUN=1 scripts/setup.sh 2>&1); rc=$?
  [ $rc = 0 ] && grep -q '^setup: would run: apt-get update && apt-get install -y zlib1g-dev libcmocka-dev' <<< "$out" &&
    ok "setup: as root, apt-get itself (no sudo)" || bad "setup as root: exit $rc: $out"
fi
# make mine wants gnuplot softly: an install that fails is a warning, the steps still run
mkdir -p "$tmpd/aptfail"
printf '#!/bin/sh\necho "E: Unable to locate package gnuplot-nox" >&2\nexit 100\n' > "$tmpd/aptfail/apt-get"
chmod +x "$tmpd/aptfail/apt-get"
out=$(PATH="$tmpd/aptfail:$PATH" GNUPLOT=/nonexistent/gnuplot SETUP_WANT=build SETUP_SOFT=plots scripts/setup.sh 2>&1); rc=$?
[ $rc = 0 ] && grep -q '^setup: warning: apt-get failed .*gnuplot-nox; going on without it' <<< "$out" &&
  ok "setup: make mine's gnuplot is soft: a failed install warns, exit 0" || bad "setup soft gnuplot: exit $rc: $out"
out=$(PATH="$tmpd/aptfail:$PATH" GNUPLOT=/nonexistent/gnuplot SETUP_WANT="build plots" scripts/setup.sh 2>&1); rc=$?
[ $rc = 1 ] && grep -q '^setup: error: apt-get failed' <<< "$out" &&
  ok "setup: wanted for make plots, a failed gnuplot install is an error" || bad "setup hard gnuplot: exit $rc: $out"
out=$(scripts/setup.sh 2>&1); rc=$?
[ $rc = 0 ] && [ -z "$out" ] && ok "setup: nothing missing here: silent, exit 0" || bad "setup after make test's set-up: exit $rc: $out"
# nvcc before the first compile: a missing nvcc stops a build before gcc runs
before=$(stat -c %Y build/harness/err.o 2>/dev/null)
out=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -B NVCC=/nonexistent/nvcc build/harness/err.o 2>/dev/null); rc=$?
[ $rc != 0 ] && [ "$(wc -l <<< "$out")" = 1 ] && grep -q 'install the CUDA Toolkit' <<< "$out" && [ "$(stat -c %Y build/harness/err.o 2>/dev/null)" = "$before" ] &&
  ok "make: nvcc checked before the first gcc compile (one line, nothing compiled)" || bad "make with no nvcc: exit $rc: $(head -3 <<< "$out")"

echo "== your own graph: scripts/mygraph.sh --render (table and figure from a CSV)"
if [ -s plots/data/bench-h100.csv ]; then
  awk -F, 'NR == 1 || $3 == "soc-Slashdot0902"' plots/data/bench-h100.csv > "$tmpd/slashdot.csv"
  out=$(MYGRAPH_OUT="$tmpd/mine" scripts/mygraph.sh --render "$tmpd/slashdot.csv" 2>&1); rc=$?
  [ $rc = 0 ] && grep -q '^step08 *bfs4k *bfs *[0-9.]* *[0-9.]* *PASS$' "$tmpd/mine/slashdot.txt" 2>/dev/null &&
    ok "mygraph: the table" || bad "mygraph --render: exit $rc: $(tail -3 <<< "$out")"
  if command -v gnuplot >/dev/null 2>&1; then
    grep -q '<svg' "$tmpd/mine/slashdot-runtime.svg" 2>/dev/null && ok "mygraph: the figure" || bad "mygraph: no figure: $(tail -3 <<< "$out")"
  else skipped "mygraph figure: no gnuplot here"; fi
fi
out=$(scripts/mygraph.sh /nonexistent/g.el 2>&1); rc=$?
[ $rc = 2 ] && [ "$(wc -l <<< "$out")" = 1 ] && ok "mygraph: a missing file is one line, exit 2" || bad "mygraph missing file: exit $rc: $out"
out=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s mine 2>&1); rc=$?
[ $rc != 0 ] && grep -q '^usage: make mine FILE=' <<< "$out" && ok "make mine without FILE: usage" || bad "make mine: exit $rc: $out"

echo "== docs/examples.txt: the README's and the lessons' commands, all listed (scripts/examples.sh)"
if [ -f docs/examples.txt ] && [ -x scripts/examples.sh ]; then
  out=$(EXAMPLES_MATCH='^$' scripts/examples.sh 2>&1); rc=$?
  if [ $rc = 0 ] && [ "$(tail -1 <<< "$out")" = "examples: 0 passed, 0 failed, 0 skipped" ]; then ok "docs/examples.txt parses"
  else bad "docs/examples.txt: exit $rc: $(head -1 <<< "$out")"; fi
  listed=$(awk -F'\t' '!/^#/ && NF > 1 { print $1 "\t" $NF }' docs/examples.txt)
  for f in README.md steps/*/README.md; do
    [ -f "$f" ] || continue
    # the command lines of the file's code blocks, without their trailing comments
    cmds=$(awk '/^```/ { inb = !inb; next }
                inb && /^(make|bin\/|scripts\/|for [a-z]+ in |seq |[A-Z_]+=)/ { sub(/[ \t]+#.*$/, ""); print }' "$f")
    [ -n "$cmds" ] || continue
    if ! grep -q "^$f"$'\t' <<< "$listed"; then skipped "$f: its commands are not in docs/examples.txt yet"; continue; fi
    while IFS= read -r c; do
      if grep -qxF "$f"$'\t'"$c" <<< "$listed"; then ok "docs/examples.txt lists $f: $c"
      else bad "$f shows '$c', which docs/examples.txt does not list (scripts/examples.sh would not run it)"; fi
    done <<< "$cmds"
  done
fi

echo "== graphs/: the committed graphs match graphs/SHA256SUMS"
if [ -f graphs/SHA256SUMS ]; then
  while read -r line; do
    case $line in *": OK") ok "graphs/${line%: OK}";; *) bad "graphs/$line";; esac
  done < <(cd graphs && sha256sum -c SHA256SUMS 2>&1)
fi

echo "== build: the Makefile keeps its flags"
# a clean environment: the caller's make variables (make test CC=clang) must not leak in
dry() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CC -u CFLAGS -u NVFLAGS -u CPPFLAGS -u LDFLAGS make -n -B V=1 "$@" 2>/dev/null; }
l=$(dry build/harness/err.o | grep -- '-c harness/err.c')
[[ $l == gcc\ * ]] && ok "make: CC defaults to gcc" || bad "make: CC default: '$l'"
l=$(dry CFLAGS=-O0 CPPFLAGS=-DTESTFLAG build/harness/err.o | grep -- '-c harness/err.c')
[[ $l == *-Iharness* && $l == *-fopenmp* && $l == *-std=c11* && $l == *-O0* && $l == *-DTESTFLAG* ]] \
  && ok "make CFLAGS=-O0 CPPFLAGS=-D..: adds to the required flags" || bad "make CFLAGS=: '$l'"
l=$(dry NVFLAGS=-G CPPFLAGS=-DTESTFLAG build/harness/gpu.o | grep -- '-c harness/gpu.cu')
[[ $l == *-Iharness* && $l == *-arch=* && $l == *\ -G* && $l == *-DTESTFLAG* ]] \
  && ok "make NVFLAGS=-G: adds to the required flags" || bad "make NVFLAGS=: '$l'"
if [ ${#bins[@]} -gt 0 ]; then
  l=$(dry LDFLAGS="-L/tmp/x -Wl,-rpath,/tmp/x" "${bins[0]}" | grep -- "-o ${bins[0]}")
  [[ $l == *-L/tmp/x* && $l == *"-Xlinker -rpath,/tmp/x"* ]] && ok "make LDFLAGS=: passed to the link" || bad "make LDFLAGS=: '$l'"
fi
out=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s need-nvcc NVCC=/nonexistent/nvcc 2>/dev/null); rc=$?
[ $rc != 0 ] && [ "$(wc -l <<< "$out")" = 1 ] && grep -q 'install the CUDA Toolkit' <<< "$out" \
  && ok "make: a missing nvcc is one line naming the CUDA Toolkit" || bad "make: missing nvcc: exit $rc: '$out'"
for stamp in cflags nvflags ldflags; do
  [ -s build/$stamp.stamp ] && ok "build/$stamp.stamp present" || bad "build/$stamp.stamp missing"
done
grep -q -- '-Iharness' build/cflags.stamp && ok "cflags stamp holds the flags" || bad "cflags stamp: $(cat build/cflags.stamp 2>/dev/null)"

echo "== steps: NEW(NN) markers name their own step (scripts/markers.sh$([ "${MARKERS_STRICT:-0}" = 1 ] && echo ", MARKERS_STRICT=1"))"
out=$(scripts/markers.sh 2>&1); rc=$?
if [ $rc = 0 ]; then ok "$(tail -1 <<< "$out")"
else bad "$(tail -1 <<< "$out")"; grep '^not ok' <<< "$out" | head -20 | sed 's/^not ok - /      /'; fi

echo "== lessons: every measured number comes from its data, no table older than its step (scripts/numbers.sh)"
out=$(scripts/numbers.sh 2>&1); rc=$?
if [ $rc = 0 ]; then ok "$(tail -1 <<< "$out")"
else bad "$(tail -1 <<< "$out")"; grep -v '^numbers:' <<< "$out" | head -40 | sed 's/^/      /'; fi

echo "== steps: the flat file of a multi-file step compiles alone (scripts/flat.sh)"
# the steps whose program includes a step header (a base's library header, or one of its own);
# the first whose flat file takes in another step's header is compiled, else the first
multi=(); based=()
for d in steps/[0-9][0-9]_*; do
  f=$(ls "$d"/bfs.cu "$d"/sssp.cu 2>/dev/null | head -1); [ -n "$f" ] || continue
  for inc in $(sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$f"); do
    [ -f "$d/$inc" ] && { multi+=("$d"); break; }
  done
done
for d in "${multi[@]}"; do
  out=$(scripts/flat.sh "$d" 2>&1) && grep -q "steps/[0-9][0-9]_" <<< "${out//$d\//}" && { based+=("$d"); break; }
done
if [ ${#multi[@]} = 0 ]; then skipped "flat: no step includes a step header yet"
else
  d=${based[0]:-${multi[0]}}; nn=$(basename "$d"); nn=${nn%%_*}
  out=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory build/flat/step$nn.o 2>&1); rc=$?
  if [ $rc = 0 ] && [ -s flat/step$nn.cu ] && ! grep -Eq '^[ \t]*#[ \t]*include[ \t]*"\.\./' flat/step$nn.cu; then
    ok "flat: flat/step$nn.cu compiles alone (multi-file steps: ${multi[*]##*/})"
  else bad "flat: flat/step$nn.cu: exit $rc"; tail -5 <<< "$out" | sed 's/^/      /'; fi
fi

for t in tests/scripts/test_*.sh; do
  [ -x "$t" ] || continue
  echo "== $(basename "$t")"
  out=$("$t" 2>&1); rc=$?
  echo "$out" | tail -2
  p=$(grep -o '[0-9]* passed' <<< "$out" | tail -1 | grep -o '[0-9]*'); f=$(grep -o '[0-9]* failed' <<< "$out" | tail -1 | grep -o '[0-9]*')
  k=$(grep -o '[0-9]* skipped' <<< "$out" | tail -1 | grep -o '[0-9]*')
  pass=$((pass + ${p:-0})); failn=$((failn + ${f:-0})); skip=$((skip + ${k:-0}))
  grep '^not ok' <<< "$out" | sed 's/^/  FAIL /'
  grep '^skip - ' <<< "$out" | sed "s/^skip - /  SKIP $(basename "$t"): /"
  if [ $rc != 0 ] && [ "${f:-0}" = 0 ]; then failn=$((failn + 1)); fi
  if [ -z "$p" ] && [ $rc = 0 ]; then bad "$t: no pass count"; fi
done

if [ -x tests/plots/test_plots.sh ]; then
  echo "== plot pipeline"
  out=$(tests/plots/test_plots.sh 2>&1); rc=$?
  echo "$out" | tail -3
  p=$(grep -o '[0-9]* passed' <<< "$out" | tail -1 | grep -o '[0-9]*'); f=$(grep -o '[0-9]* failed' <<< "$out" | tail -1 | grep -o '[0-9]*')
  k=$(grep -o '[0-9]* skipped' <<< "$out" | tail -1 | grep -o '[0-9]*')
  pass=$((pass + ${p:-0})); failn=$((failn + ${f:-0})); skip=$((skip + ${k:-0}))
  grep '^skip - ' <<< "$out" | sed 's/^/  SKIP plots: /'
  [ $rc != 0 ] && [ "${f:-0}" = 0 ] && failn=$((failn + 1))
fi

if [ $skip -gt 0 ]; then
  echo "test: $pass passed, $failn failed, $skip skipped"
else
  echo "test: $pass passed, $failn failed"
fi
[ $failn = 0 ]
