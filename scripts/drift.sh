#!/usr/bin/env bash
# drift.sh [STEPDIR...] - a step's inherited code is its base's, byte for byte (make test).
# A step's header may name what it takes unchanged from an earlier step:
#     * Inherits: 08: bfs4k_push bfs4k_visit ...
# (repeat the line for more names). For every name the function (or __global__ kernel) is cut
# from both steps' code (the program, then its .cuh files) -- from the line that defines it to
# the first line that starts with "}" -- and the two must be identical; a name missing on
# either side is a failure too. Only for what a step still copies on purpose: what it includes
# from its base's library header has one copy and needs no such line. Prints "drift: N passed, N failed"; exit 1 on any failure.
# Default: every steps/NN_*/ with such a line.
set -u
cd "$(dirname "$0")/.."
pass=0; failn=0
# the function NAME of FILE (and the .cuh files beside it): its definition line to the first
# line starting with "}"
cut_fn() {
  awk -v n="$2" '
    !on && $0 ~ "^(static|__global__|__device__)" && $0 ~ ("[ *]" n "\\(") && $0 !~ /;[ \t]*$/ { on = 1 }
    on { print; if ($0 ~ /^}/) exit }' "$1" $(ls "$(dirname "$1")"/*.cuh 2>/dev/null)
}
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || for d in steps/[0-9][0-9]_*/; do dirs+=("${d%/}"); done
for d in "${dirs[@]}"; do
  f=$(ls "$d"/bfs.cu "$d"/sssp.cu 2>/dev/null | head -1)
  [ -n "$f" ] || continue
  while read -r base names; do
    b=$(ls steps/"$base"_*/bfs.cu steps/"$base"_*/sssp.cu 2>/dev/null | head -1)
    if [ -z "$b" ]; then echo "not ok - $f: Inherits: no step $base"; failn=$((failn + 1)); continue; fi
    for n in $names; do
      mine=$(cut_fn "$f" "$n"); theirs=$(cut_fn "$b" "$n")
      if [ -z "$mine" ] || [ -z "$theirs" ]; then
        echo "not ok - $f: $n (inherited from $base) not found in $([ -z "$mine" ] && echo "$f" || echo "$b")"
        failn=$((failn + 1))
      elif [ "$mine" != "$theirs" ]; then
        echo "not ok - $f: $n differs from $b's (declared inherited):"
        diff <(echo "$theirs") <(echo "$mine") | head -8 | sed 's/^/#   /'
        failn=$((failn + 1))
      else
        pass=$((pass + 1))
      fi
    done
  done < <(sed -n 's/^ \* Inherits: *\([0-9][0-9]\): *\(.*\)$/\1 \2/p' "$f")
done
echo "drift: $pass passed, $failn failed"
[ $failn = 0 ]
