#!/usr/bin/env bash
# fuzz.sh - fuzz every graph reader with libFuzzer (`make fuzz`).
#
# Builds fuzz/fuzz_io.c once per format (clang, -fsanitize=fuzzer,address,
# undefined) with harness/io.c, graph.c and err.c, then runs each target for
# FUZZ_SECONDS (default 60) on a working corpus under build/fuzz/corpus/<t>
# seeded from the committed fuzz/corpus/<t> (new inputs never touch the
# repository). A crash, leak, sanitizer report, timeout (FUZZ_TIMEOUT s per
# input) or out-of-memory fails the target and leaves the input under
# build/fuzz/artifacts/; replay it with  build/fuzz/fuzz_<t> <file>.
#
# Variables: FUZZ_SECONDS=60  FUZZ_TARGETS="el wel gr graph mtx"  FUZZ_TIMEOUT=10
#            CLANG=clang
# Ends with "fuzz: N passed, N failed"; exits nonzero when any target failed
# or could not be built, 2 when clang or its libFuzzer runtime is missing.
set -u
cd "$(dirname "$0")/.."

FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_TARGETS=${FUZZ_TARGETS:-el wel gr graph mtx}
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-10}
CLANG=${CLANG:-clang}
OUT=build/fuzz
mkdir -p "$OUT/artifacts"

format_of() {
  case $1 in
    el) echo FMT_EL ;; wel) echo FMT_WEL ;; gr) echo FMT_GR ;;
    graph) echo FMT_METIS ;; mtx) echo FMT_MTX ;; *) return 1 ;;
  esac
}

# clang and its libFuzzer runtime (Debian: the runtime is libclang-rt-NN-dev)
if ! command -v "$CLANG" >/dev/null 2>&1; then
  echo "fuzz: $CLANG not found; install clang (Debian: apt-get install clang libclang-rt-14-dev)" >&2
  exit 2
fi
probe=$OUT/probe
printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' \
  >"$probe.c"
if ! "$CLANG" -fsanitize=fuzzer,address,undefined "$probe.c" -o "$probe" >"$probe.log" 2>&1; then
  cat "$probe.log" >&2
  echo "fuzz: $CLANG cannot link a libFuzzer target: the fuzzer runtime is missing" \
       "(Debian: apt-get install libclang-rt-$("$CLANG" -dumpversion | cut -d. -f1)-dev)" >&2
  exit 2
fi

CFLAGS_FUZZ=(-g -O1 -std=c11 -D_GNU_SOURCE -Iharness -Wall -Wextra -Wno-unknown-pragmas
             -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
SRCS=(fuzz/fuzz_io.c harness/io.c harness/graph.c harness/err.c)

passed=0 failed=0
for t in $FUZZ_TARGETS; do
  fmt=$(format_of "$t") || { echo "fuzz_$t: unknown target (el wel gr graph mtx)"; failed=$((failed + 1)); continue; }
  bin=$OUT/fuzz_$t
  if ! "$CLANG" "${CFLAGS_FUZZ[@]}" -DFUZZ_FORMAT="$fmt" "${SRCS[@]}" -o "$bin" -lz -lm >"$OUT/build_$t.log" 2>&1; then
    cat "$OUT/build_$t.log"
    echo "fuzz_$t: FAILED to build"
    failed=$((failed + 1))
    continue
  fi
  mkdir -p "$OUT/corpus/$t"
  dict=(); [ -f "fuzz/$t.dict" ] && dict=(-dict="fuzz/$t.dict")
  log=$OUT/fuzz_$t.log
  # the first corpus directory receives new inputs; the committed seeds are read only
  UBSAN_OPTIONS=print_stacktrace=1 "$bin" -max_total_time="$FUZZ_SECONDS" -max_len=4096 \
    -timeout="$FUZZ_TIMEOUT" -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$OUT/artifacts/$t-" "${dict[@]}" "$OUT/corpus/$t" "fuzz/corpus/$t" >"$log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  if [ "$rc" -eq 0 ]; then
    echo "fuzz_$t: ok, ${execs:-?} inputs in ${FUZZ_SECONDS}s (${rate:-?}/s), corpus $(ls "$OUT/corpus/$t" | wc -l) new"
    passed=$((passed + 1))
  else
    echo "fuzz_$t: FAILED (exit $rc) after ${execs:-?} inputs; log $log"
    grep -E 'ERROR|SUMMARY|invariant|runtime error|Test unit written' "$log" | head -20 | sed 's/^/  /'
    failed=$((failed + 1))
  fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
