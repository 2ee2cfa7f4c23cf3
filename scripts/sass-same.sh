#!/usr/bin/env bash
# sass-same.sh OLD_BIN NEW_BIN - are two builds' kernels the same machine code? For a change meant
# to move code without changing it (a library header, a support header, renamed locals): each
# kernel's SASS (cuobjdump -sass) compared instruction by instruction, with addresses and the
# per-file hashes nvcc puts into static kernels' names left out. Prints one line per kernel
# that differs or stands in one build only, then "sass-same: N kernels identical, N differ, N
# in one build only"; exit 0 when all are identical, 1 otherwise, 2 usage or no cuobjdump.
# Host code is not compared: objdump -d of build/stepNN.o does that (CUDA_CHECK's __LINE__
# immediates move with the code). Needs cuobjdump and nvdisasm on PATH.
set -u -o pipefail
[ $# -eq 2 ] && [ -f "$1" ] && [ -f "$2" ] || { echo "usage: scripts/sass-same.sh OLD_BIN NEW_BIN" >&2; exit 2; }
for t in cuobjdump nvdisasm; do   # cuobjdump -sass runs nvdisasm from PATH
  command -v $t > /dev/null || { echo "sass-same: no $t on PATH (the CUDA Toolkit's)" >&2; exit 2; }
done
norm() { # BIN -> "kernel<TAB>instruction" lines
  cuobjdump -sass "$1" | awk '
    function strip(s) { gsub(/__nv_static_[0-9]+__[0-9a-f]+_[0-9]+_[A-Za-z0-9_]*_cu_[0-9a-f]+_[0-9]+__/, "", s); return s }
    /Function :/ { k = $0; sub(/.*Function : */, "", k); k = strip(k); next }
    /^[ \t]*\.\.\.\.\.\.\.\.\.\.[ \t]*$/ { k = ""; next }   # a kernel ends here: what follows is not its code
    k == "" { next }
    { l = strip($0); gsub(/\/\*[0-9a-f][0-9a-f][0-9a-f][0-9a-f]+\*\//, "", l); gsub(/[ \t]+/, " ", l); sub(/^ /, "", l)
      if (l != "" && l != " ") print k "\t" l }'
}
a=$(mktemp) b=$(mktemp); trap 'rm -f "$a" "$b"' EXIT
norm "$1" > "$a" && norm "$2" > "$b" || exit 2
awk -F'\t' 'FNR == 1 { f++ } { t[f, $1] = t[f, $1] "\n" $2; k[$1] = 1 }
  END { for (x in k) { if (!((1, x) in t) || !((2, x) in t)) { print "one build only: " x; o++ }
                       else if (t[1, x] != t[2, x]) { print "differs: " x; d++ } else s++ }
        printf "sass-same: %d kernels identical, %d differ, %d in one build only\n", s, d, o
        exit (d + o > 0) }' "$a" "$b"
