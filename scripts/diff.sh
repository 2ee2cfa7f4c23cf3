#!/usr/bin/env bash
# diff.sh STEPDIR - the lesson (make diffNN): diff -u of each of the step's .cu and .cuh files
# against its base's (the "Base: NN" line of the step's header; else the step before it).
# The step's program (bfs.cu or sssp.cu) is diffed against the base's program, any other file
# against the base's file of the same name. The base's program is shown less its opening comment
# (the base's own header: the step's shows whole, as added) and less the functions the
# step's program neither keeps nor replaces (a function of the program replaces the base
# program's of the same role, its name after the first '_': dobfs_init replaces bfs4k_init);
# a function of the program that replaces one of a header below (by name or a `replaces:` line,
# below) is diffed against it: the base side holds it, in the program's order, and a "# (the
# base side holds ...)" line after the "diff -u" line names where it comes from. A
# header the step introduces (none of that name in the base) holds what the step adds and the
# functions it changes: a function marked by a line `/* replaces: NAME */` right above its
# definition is diffed against NAME (looked up in the base's files, else its base's, and so on),
# everything else shows as added (the base's own replaces: lines are left out of its side). A
# program that #includes its base's program whole is diffed as such a header; as a base, such a
# program is read with that program in place of the include line (step 12 against 11's). One
# "diff -u A B" line before each file's diff.
set -u
cd "$(dirname "$0")/.." || exit 2
d=${1%/}
[ -d "$d" ] || { echo "diff: error: no step directory $d"; exit 2; }
main() { ls "$1"/bfs.cu "$1"/sssp.cu 2>/dev/null | head -1; }
base_of() {   # the directory of a step's base, or nothing
  local f b; f=$(main "$1")
  b=$(sed -n 's/^ *\* *Base: *\([0-9][0-9]\).*/\1/p' "${f:-/dev/null}" | head -1)
  if [ -n "$b" ]; then ls -d steps/"$b"_* 2>/dev/null | head -1
  else ls -d steps/[0-9][0-9]_* | awk -v d="$1" '$0 == d { print p; exit } { p = $0 }'; fi
}
prev=$(base_of "$d")
if [ -z "$prev" ]; then echo "$d is the first step: nothing to diff"; exit 0; fi
f=$(main "$d")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# The functions of the rungs below, nearest first: "NAME<TAB>FILE<TAB>FIRST<TAB>LAST" (a
# function runs from its definition line to the first line that starts with '}', as drift.sh
# cuts them, and FIRST is the first line of the comment right above it, if any).
funcs() {
  awk '
    function fname(s) { gsub(/__launch_bounds__\([^)]*\)/, "", s); sub(/\(.*/, "", s)
                        n = split(s, w, /[^A-Za-z0-9_]+/); while (n > 0 && w[n] == "") n--; return w[n] }
    FNR == 1 { s = 0; cs = 0 }
    /^[A-Za-z_].*\(/ && !/;[ \t]*$/ && !/^(typedef|struct|enum|union) / && !s { s = cs ? cs : FNR
      name = fname($0)
      if (/}[ \t]*$/) { print name "\t" FILENAME "\t" s "\t" FNR; s = 0; cs = 0; next } }  # one line
    /^}/ && s { print name "\t" FILENAME "\t" s "\t" FNR; s = 0 }
    { if (s || !/^(\/\*| \*)/) cs = 0; else if (!cs) cs = FNR }   # a comment block outside a function' "$@"
}
# whole P: P with the line that includes its base's program whole (step 11's
# #include "../10_dobfs/bfs.cu") replaced by that program less its opening comment, as
# $tmp/whole-NN.cu; else P itself. So a rung above pairs its functions with that program's.
whole() {
  local p=$1 bp o; bp=$(base_of "$(dirname "$p")"); bp=$(main "${bp:-/nonexistent}")
  if [ -z "$bp" ] || ! grep -q "^#include \"\.\./${bp#steps/}\"" "$p"; then echo "$p"; return; fi
  o=$tmp/whole-$(basename "$(dirname "$p")").cu
  # the including program renames the base's export (#define STEP x ... #undef STEP): that
  # step_t and the two lines are no code a rung above could take, so they stay out
  awk -v inc="#include \"../${bp#steps/}\"" -v bp="$bp" '
    /^#(define|undef) STEP( |$)/ { ren = 1; next }
    index($0, inc) == 1 { h = 0; x = 0; while ((getline l < bp) > 0) {
                            if (++i == 1 && l ~ /^\/\*/) h = 1
                            if (ren && l ~ /^STEP_EXPORT const step_t STEP /) x = 1
                            if (!h && !x) print l; else if (h && l ~ /\*\//) h = 0
                            if (x && l ~ /};[ \t]*$/) x = 0 }
                          next }
    { print }' "$p" > "$o"
  echo "$o"
}
: > "$tmp/below"
b=$prev
while [ -n "$b" ]; do
  fs=$(ls "$b"/*.cu "$b"/*.cuh 2>/dev/null)   # a rung without a header (13) too
  m=$(main "$b"); [ -n "$m" ] && fs=$(echo "$fs" | sed "s|^$m\$|$(whole "$m")|")
  [ -n "$fs" ] && funcs $fs >> "$tmp/below"
  b=$(base_of "$b")
done

# match FILE PROG: the functions of the rungs below that FILE's functions replace, one
# "FILE<TAB>FIRST<TAB>LAST<TAB>BY" (BY: 1 by name or replaces:, 0 by role)
# a line, in FILE's order
match() {
  awk -F'\t' -v below="$tmp/below" -v prog="$2" '
    function fname(s) { gsub(/__launch_bounds__\([^)]*\)/, "", s); sub(/\(.*/, "", s)
                        n = split(s, w, /[^A-Za-z0-9_]+/); while (n > 0 && w[n] == "") n--; return w[n] }
    function role(s) { return substr(s, index(s, "_") + 1) }
    BEGIN { while ((getline l < below) > 0) { split(l, p, "\t"); k++; nm[k] = p[1]; fl[k] = p[2]
                                              a0[k] = p[3]; a1[k] = p[4] } }
    { if (in_fn) { if (/^}/) in_fn = 0; next } }
    /^[ \t]*\/\* *replaces: *[^ *]+ *\*\/[ \t]*$/ { want = $0; sub(/.*replaces: */, "", want)
                                                    sub(/ *\*\/.*/, "", want); next }
    /^[A-Za-z_].*\(/ && !/;[ \t]*$/ && !/^(typedef|struct|enum|union) / {
      n = fname($0); hit = 0
      if (want == "-") hit = -1
      # the function named, else one of the same name, else (in the program) the nearest of the
      # same role: the init, run and fini of the program replace those of the base program
      for (j = 1; j <= k && !hit; j++)
        if (!used[j] && nm[j] == (want != "" ? want : n)) hit = j
      # by name (or named by replaces:), else by role; "void" is a kernel whose name is on the
      # line after its __launch_bounds__: matched in order, as by role
      by = hit > 0 && nm[hit] != "void"
      for (j = 1; j <= k && !hit && want == "" && prog; j++)
        if (!used[j] && index(n, "_") && role(nm[j]) == role(n)) hit = j
      want = ""
      if (hit > 0) { print fl[hit] "\t" a0[hit] "\t" a1[hit] "\t" by; used[hit] = 1 }
      in_fn = !/}[ \t]*$/
    }' "$1"
}

for x in "$d"/*.cu "$d"/*.cuh; do
  [ -e "$x" ] || continue
  if [ "$x" = "$f" ]; then y=$(main "$prev"); else y=$prev/$(basename "$x"); fi
  yw=$y; [ "$x" = "$f" ] && [ -n "$y" ] && yw=$(whole "$y")   # the base's program, whole
  match "$x" "$([ "$x" = "$f" ] && echo 1 || echo 0)" > "$tmp/m"
  # a program that includes its base's program whole (step 18: #include "../13_lean/bfs.cu")
  # keeps all of it: only the functions it replaces are the lesson, as for a new header
  whole=0
  [ "$x" = "$f" ] && [ -n "$y" ] && grep -q "^#include \"\.\./${y#steps/}\"" "$x" && whole=1
  if [ "$whole" = 0 ] && [ -n "$y" ] && [ -e "$y" ]; then
    # the base's file less the functions that this file neither keeps nor replaces: what the
    # base had and this rung does not need is not part of the lesson. A function this file
    # replaces that lives in another file below (a header's) joins the base's file, in this
    # file's order: before the next function of the base's file that this file keeps
    awk -F'\t' -v keep="$tmp/m" -v me="$yw" -v below="$tmp/below" -v prog="$([ "$x" = "$f" ] && echo 1)" '
      function text(file, a, z,   l, i, t) { i = 0; t = ""
        while ((getline l < file) > 0) if (++i >= a && i <= z) t = t l "\n"
        close(file); return t }
      BEGIN { while ((getline l < keep) > 0) { split(l, p, "\t")
                if (p[1] == me) { k[p[2]] = 1; if (pend != "") { ins[p[2]] = pend; pend = "" } }
                else if (p[4]) pend = pend text(p[1], p[2], p[3]) }
              while ((getline l < below) > 0) { split(l, p, "\t")
                if (p[2] == me && !(p[3] in k)) for (i = p[3]; i <= p[4]; i++) drop[i] = 1 } }
      FNR in ins { printf "%s", ins[FNR] }
      prog && FNR == 1 && /^\/\*/ { hdr = 1 }   # the base program'"'"'s opening comment
      hdr { if (/\*\//) hdr = 0; next }
      /^[ \t]*\/\* *replaces: *[^ *]+ *\*\/[ \t]*$/ { next }   # the base'"'"'s own diff markers
      !(FNR in drop)
      END { printf "%s", pend }' "$yw" > "$tmp/base"
    echo "diff -u $y $x"
    awk -F'\t' -v me="$yw" '$1 != me && $4 { n[$1] = n[$1] " " $2 "-" $3 }
      END { for (f in n) print "# (the base side holds " f ":" n[f] ", the functions it replaces)" }' "$tmp/m"
    diff -u --label "$y" --label "$x" "$tmp/base" "$x"
  elif [ -s "$tmp/m" ]; then
    # a new header: the functions it replaces, in its order, against it
    while IFS="$(printf '\t')" read -r file a z _; do sed -n "${a},${z}p" "$file"; done < "$tmp/m" > "$tmp/base"
    echo "diff -u (the functions of the rungs below that $x replaces) $x"
    diff -u --label "replaced functions of the rungs below" --label "$x" "$tmp/base" "$x"
  else
    echo "diff -u /dev/null $x"
    diff -u /dev/null "$x"
  fi
done
exit 0
