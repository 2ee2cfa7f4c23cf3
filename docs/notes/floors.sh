#!/usr/bin/env bash
# floors.sh [OUTFILE] - what a run and a round of the gallery's cooperative loops cost with no work
# in them, on this machine's GPU (docs/notes/floors.cu says what it times): block sizes 256 and
# 512, 1,000 rounds, medians of 21. Output on stdout and, given OUTFILE, into it. Needs nvcc and a
# GPU (exit 77 without one).
set -u
cd "$(dirname "$0")/../.." || exit 2
# shellcheck source=scripts/gpu-probe.sh
. scripts/gpu-probe.sh
need_gpu floors
bin=$(mktemp); trap 'rm -f "$bin"' EXIT
nvcc -O3 -arch=sm_90 docs/notes/floors.cu -o "$bin" || exit 2
{ echo "# docs/notes/floors.sh on $(date -u +%F), commit $(git rev-parse --short HEAD 2>/dev/null || echo ?)"
  "$bin" -b 256 && "$bin" -b 512; } | tee "${1:-/dev/null}"
