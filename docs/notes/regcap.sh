#!/usr/bin/env bash
# regcap.sh OUTFILE - does full occupancy make steps 14 and 17's persistent SSSP loop faster on the
# Kronecker graphs (docs/notes/kron-sssp.md, "Registers and occupancy")? Builds bin/step17 and
# bin/step14 three ways (as they are: 54-56 registers a thread, half occupancy; -maxrregcount=40;
# -maxrregcount=32, full occupancy with spills) in a scratch copy of the tree, runs each on kron20,
# kron22, uniform22, luxembourg_osm and road300k (-R 4 -n 5 -v, every trial verified), and writes
# one line per build and graph: its Average/Median line. Needs nvcc and a GPU (exit 77 without).
set -u
cd "$(dirname "$0")/../.." || exit 2
. scripts/gpu-probe.sh
. scripts/results-common.sh
need_gpu regcap
out=${1:?usage: docs/notes/regcap.sh OUTFILE}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
git archive HEAD | tar x -C "$tmp/" || exit 2
for r in 0 40 32; do
  flags="-O3 -lineinfo"; [ "$r" = 0 ] || flags="$flags -maxrregcount=$r"
  (cd "$tmp" && rm -rf build bin && make -j8 bin/step17 bin/step14 SM=90 NVFLAGS="$flags" > /dev/null 2>&1) || exit 2
  for s in 17 14; do cp "$tmp/bin/step$s" "$tmp/step$s-r$r"; done
done
echo "# docs/notes/regcap.sh on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1), $(date -u +%F), commit $(git rev-parse --short HEAD)" > "$out"
for s in 17 14; do for r in 0 40 32; do
  for g in kron20 kron22 uniform22 luxembourg_osm road300k; do
    # shellcheck disable=SC2046 # graph_args prints several words
    line=$("$tmp/step$s-r$r" $(graph_args $g) --name $g -R 4 -n 5 -v 2>&1 | grep -E "Median Time|Verification" | tr -s ' ' | paste -sd' ')
    echo "step$s-r$r $g $line" >> "$out"
  done
done; done
cat "$out"
