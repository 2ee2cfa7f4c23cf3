#!/usr/bin/env bash
# setup.sh - install what the build, the tests and the plots need and this machine lacks
# (Debian/Ubuntu): a C compiler (gcc), C++ for nvcc's host side (g++, when nvcc is needed),
# the zlib headers (zlib1g-dev), cmocka (libcmocka-dev,
# `make test`), gnuplot (gnuplot-nox, `make plots`). `make test`, `make compare` and
# `make mine` run it first, and so does CI (.ci/run); run it by hand as well.
#   as root:            apt-get install -y the missing packages
#   as a user:          the same through sudo, when sudo is there
#   otherwise:          one line naming the exact command, exit 1
# Nothing to do: silent, exit 0. The CUDA Toolkit is not installed here (NVIDIA's
# installer or apt repository): with SETUP_NVCC=path (make passes its NVCC) a missing nvcc
# is one line naming it, before anything is installed or compiled.
# Environment: SETUP_NVCC, GNUPLOT (gnuplot), CC (gcc), CPPFLAGS and CMOCKA_PREFIX (as make uses them),
# SETUP_DRYRUN=1 (say what would be run, run nothing), SETUP_QUIET=1 (no "installing" line),
# SETUP_WANT (what the goal needs, of "build test plots"; default all three: make test; make
# compare: build; make mine: build, and plots if it can be had: SETUP_SOFT=plots, whose
# failed install is one warning line, not an error: the steps still run, the figure is left out).
# Exit 0 ready, 1 something is missing and was not installed.
set -u
WANT=" ${SETUP_WANT:-build test plots} ${SETUP_SOFT:-} "
CC=${CC:-gcc}
[ "$CC" = cc ] && command -v gcc >/dev/null 2>&1 && CC=gcc
if [ -n "${SETUP_NVCC:-}" ] && ! command -v "$SETUP_NVCC" >/dev/null 2>&1; then
  echo "setup: error: $SETUP_NVCC not found: install the CUDA Toolkit 12 or 13 (https://developer.nvidia.com/cuda-downloads; package cuda-toolkit from NVIDIA's apt repository), or set CUDA=/its/prefix or NVCC=/path/to/nvcc"
  exit 1
fi
has_header() {  # HEADER [EXTRA_CPPFLAGS]: the C compiler finds it (as the Makefile's checks do)
  local pre=""
  [ "$1" = cmocka.h ] && pre='#include <stdarg.h>\n#include <stddef.h>\n#include <stdint.h>\n#include <setjmp.h>\n'
  # shellcheck disable=SC2086
  printf "$pre#include <%s>\n" "$1" | "$CC" ${CPPFLAGS:-} ${2:-} -E -x c - >/dev/null 2>&1
}
need=()
if ! command -v "$CC" >/dev/null 2>&1; then
  need+=(gcc)
else
  # nvcc compiles the host side of .cu files with the C compiler driver as C++ (gcc -x c++):
  # that needs g++'s cc1plus and the C++ headers, which a bare gcc lacks
  if [ -n "${SETUP_NVCC:-}" ] && ! printf '#include <cstdlib>\n' | "$CC" -x c++ -E - >/dev/null 2>&1; then need+=(g++); fi
  has_header zlib.h || need+=(zlib1g-dev)
  [[ $WANT == *" test "* ]] && ! has_header cmocka.h "${CMOCKA_PREFIX:+-I$CMOCKA_PREFIX/include}" && need+=(libcmocka-dev)
fi
[[ $WANT == *" plots "* ]] && ! command -v "${GNUPLOT:-gnuplot}" >/dev/null 2>&1 && need+=(gnuplot-nox)
# gcc itself missing: the headers cannot be probed yet; ask for them too
[ "${need[0]:-}" = gcc ] && need+=(zlib1g-dev) && [[ $WANT == *" test "* ]] && need+=(libcmocka-dev)
[ ${#need[@]} = 0 ] && exit 0
# only soft wants missing (gnuplot for make mine): a failed install warns, the goal goes on
soft_only=1; for p in "${need[@]}"; do [ "$p" = gnuplot-nox ] && [[ " ${SETUP_SOFT:-} " == *" plots "* ]] || soft_only=0; done
hard() { if [ $soft_only = 1 ]; then echo "setup: warning: ${1#setup: error: }; going on without it"; exit 0; fi; echo "$1"; exit 1; }

cmd="apt-get update && apt-get install -y ${need[*]}"
if ! command -v apt-get >/dev/null 2>&1; then
  hard "setup: error: missing ${need[*]} (Debian/Ubuntu names); no apt-get here: install them with your system's package manager"
fi
if [ "$(id -u)" = 0 ]; then sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"
elif command -v sudo >/dev/null 2>&1 && [ -t 0 ]; then sudo="sudo"   # it may ask for a password
else
  hard "setup: error: missing ${need[*]}; as root run: $cmd"
fi
if [ "${SETUP_DRYRUN:-0}" = 1 ]; then
  echo "setup: would run: ${sudo:+$sudo }apt-get update && ${sudo:+$sudo }apt-get install -y ${need[*]}"
  exit 0
fi
[ "${SETUP_QUIET:-0}" = 1 ] || echo "setup: installing ${need[*]} (${sudo:-as root}: apt-get install -y)"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp); trap 'rm -f "$log"' EXIT
if ! { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends "${need[@]}"; } > "$log" 2>&1; then
  tail -5 "$log" | sed 's/^/  /'
  hard "setup: error: apt-get failed (above); run by hand: ${sudo:+$sudo }$cmd"
fi
exit 0
