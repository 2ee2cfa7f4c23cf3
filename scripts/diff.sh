#!/usr/bin/env bash
# diff.sh STEPDIR - the lesson (make diffNN): diff -u of each of the step's .cu and .cuh files
# against its base's (the "Base: NN" line of the step's header; else the step before it).
# The step's program (bfs.cu or sssp.cu) is diffed against the base's program, any other file
# against the base's file of the same name, or against /dev/null where the base has none (a
# header the step introduces). One "diff -u A B" line before each file's diff.
set -u
cd "$(dirname "$0")/.." || exit 2
d=${1%/}
[ -d "$d" ] || { echo "diff: error: no step directory $d"; exit 2; }
main() { ls "$1"/bfs.cu "$1"/sssp.cu 2>/dev/null | head -1; }
f=$(main "$d")
base=$(sed -n 's/^ *\* *Base: *\([0-9][0-9]\).*/\1/p' "${f:-/dev/null}" | head -1)
if [ -n "$base" ]; then prev=$(ls -d steps/"$base"_* 2>/dev/null | head -1)
else prev=$(ls -d steps/[0-9][0-9]_* | awk -v d="$d" '$0 == d { print p; exit } { p = $0 }'); fi
if [ -z "$prev" ]; then echo "$d is the first step: nothing to diff"; exit 0; fi
for x in "$d"/*.cu "$d"/*.cuh; do
  [ -e "$x" ] || continue
  if [ "$x" = "$f" ]; then y=$(main "$prev")
  else y=$prev/$(basename "$x"); fi
  [ -n "$y" ] && [ -e "$y" ] || y=/dev/null
  echo "diff -u $y $x"
  diff -u "$y" "$x"
done
exit 0
