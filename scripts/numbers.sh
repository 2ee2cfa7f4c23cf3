#!/usr/bin/env bash
# numbers.sh [--fix] [FILE.md...] - the numbers of the README and the lessons come from their data.
# Default files: README.md, steps/*/README.md, steps/*/ANSWERS.md. Prints FILE:LINE: NUMBER: why
# for every hit and "numbers: N files, N hits"; exit 1 on any hit. Four rules (make test):
#
# 1. Prose numbers. A measured number is a number followed by a unit of time, rate, ratio or size:
#    ms µs us ns s sec seconds GTEPS MTEPS %, × and x right after the number ("1.4×", not the
#    "64 x 128" of a launch shape), or M/K/G + e/edges/v/vertices ("13.6 M edges");
#    in "689–3,630×" (– or - or "to") and "84.8 against 2.69 ms" ("against", "vs", "versus") the first
#    number takes the second's unit. In a hand-written
#    table (a "|" row outside generated blocks, not its header) every cell but the first that is a
#    number alone (or "N (M)", e.g. ms (GTEPS)) is one too, unless a header cell is "knob",
#    "default", "value" or "setting" (a table of settings). Hardware constants, counts, knob
#    values, years, section numbers carry none of these units and are not checked ("132 SMs",
#    "80 GB", "vw=16", "§3.4"). A time bound is a limit, not a measurement, and is not checked
#    either: a time right after "within", "bound of", "limit of", "timeout of" or "deadline of"
#    (an article between allowed: "must end within the 20 s it allows"), unless "of" follows it
#    ("within 2 ms of step 09" compares two runs and is checked). Not checked:
#    generated blocks, fenced code, `inline code`, HTML comments, link targets.
#    Such a number must appear in a generated block of the same file (between <!-- NAME:begin ...
#    --> and <!-- NAME:end -->), or in a data file named in the same paragraph (plots/data/...,
#    docs/notes/...; e.g. "(`plots/data/ablation-step10-h100.csv`)"), or in a generated block of a
#    lesson named in the same paragraph (`steps/01_simple/README.md`, or its ANSWERS.md); a
#    paragraph is a run of prose lines (table rows too) up to a blank line, a fence or a block. A line that quotes a publication's
#    number says so in a comment on the line, <!-- cited: WHO -->, and is not checked.
#    "Appears" means: some number there
#    rounds to it at its own precision ("4.76" is 4.7612 rounded; "1,433" is 1433.4).
# 2. Query blocks: <!-- query:begin --> ```sh COMMAND``` ```OUTPUT``` <!-- query:end -->. The
#    command (GPU-free: awk over committed data) is run from the repository root and must print
#    OUTPUT exactly; --fix rewrites OUTPUT. Its numbers then count as a generated block's.
# 3. Stale tables. A generated block of a lesson (steps/NN_slug/README.md) whose data are its
#    step's rows of a CSV named in it (or in its ablation marker) is stale when a commit those rows
#    were measured at (the CSV's commit column, else the "commit:" lines of its .meta) does not
#    contain the step's last code change (git log -1 -- steps/NN_slug/*.cu*): re-measure, or label
#    it on the line right before its begin marker, naming every such commit and why it still holds:
#        <!-- NAME:measured COMMIT[,COMMIT] host code only since: check_knobs -->
#    A label that names a commit the block no longer uses is a hit too.
# 4. One graph, one size: a graph name has the same n and m in every committed result CSV.
set -u
cd "$(dirname "$0")/.."
export LC_ALL=C
fix=0
[ "${1-}" = --fix ] && { fix=1; shift; }
files=("$@")
if [ ${#files[@]} = 0 ]; then
  for f in README.md steps/*/README.md steps/*/ANSWERS.md; do [ -f "$f" ] && files+=("$f"); done
fi
hits=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
hit() { echo "$1"; hits=$((hits + 1)); }

# ---- 2. query blocks: split each into $tmp/qK.cmd and $tmp/qK.want, run, compare
query_blocks() {   # FILE -> lines "K LINE" (K: block number, LINE: its begin marker)
  awk -v dir="$tmp" '
    /^<!-- query:begin/ { q++; inq = 1; part = 0; ln[q] = NR; printf "" > (dir "/q" q ".cmd"); printf "" > (dir "/q" q ".want"); next }
    /^<!-- query:end/   { inq = 0; print q, ln[q]; next }
    inq && /^```/ { part++; next }
    inq && part == 1 { print > (dir "/q" q ".cmd") }
    inq && part == 3 { print > (dir "/q" q ".want") }' "$1"
}
for f in "${files[@]}"; do
  grep -q '^<!-- query:begin' "$f" || continue
  rm -f "$tmp"/q*; changed=0
  while read -r k line; do
    timeout 120 bash "$tmp/q$k.cmd" > "$tmp/q$k.got" 2>&1 || echo "(exit $?)" >> "$tmp/q$k.got"
    if ! cmp -s "$tmp/q$k.got" "$tmp/q$k.want"; then
      if [ $fix = 1 ]; then changed=1; echo "$f:$line: query block rewritten"
      else hit "$f:$line: query block: its command prints something else (scripts/numbers.sh --fix $f):"
           diff "$tmp/q$k.want" "$tmp/q$k.got" | head -6 | sed 's/^/    /'; fi
    fi
  done < <(query_blocks "$f")
  if [ $changed = 1 ]; then    # put each block's new output in place
    awk -v dir="$tmp" '
      /^<!-- query:begin/ { q++; inq = 1; part = 0; print; next }
      /^<!-- query:end/   { inq = 0; print; next }
      inq && /^```/ { part++; print
                      if (part == 3) { f = dir "/q" q ".got"; while ((getline l < f) > 0) print l; close(f) }
                      next }
      inq && part == 3 { next }
      { print }' "$f" > "$tmp/new" && cat "$tmp/new" > "$f"
  fi
done

# ---- 1. prose numbers
for f in "${files[@]}"; do
  out=$(awk -v file="$f" '
    function numre() { return "[0-9]+(,[0-9][0-9][0-9])*(\\.[0-9]+)?" }
    function dec(s,   p) { p = index(s, "."); return p ? length(s) - p : 0 }
    function addnum(T, key, s,   d, v) {          # s rounded at 0..4 decimals (never finer than s)
      gsub(/,/, "", s); v = s + 0
      for (d = 0; d <= 4 && d <= dec(s); d++) T[key, d, sprintf("%." d "f", v)] = 1
    }
    function eachnum(s, T, key,   pre) {          # every number of s that is no part of a name
      while (match(s, numre())) {
        pre = RSTART > 1 ? substr(s, RSTART - 1, 1) : " "
        if (pre !~ /[A-Za-z0-9_.\/=^]/) addnum(T, key, substr(s, RSTART, RLENGTH))
        s = substr(s, RSTART + RLENGTH)
      }
    }
    function known(T, key, s,   d) { gsub(/,/, "", s); d = dec(s); return ((key, d, sprintf("%." d "f", s + 0)) in T) }
    function loadfile(p,   l, md, on) {                   # the numbers of a data file, once
      if (p in loaded) return loaded[p]
      loaded[p] = 0
      md = (p ~ /(README|ANSWERS)\.md$/); on = 0      # a lesson: the numbers of its generated blocks alone
      while ((getline l < p) > 0) {
        loaded[p] = 1
        if (md) { if (l ~ /^<!-- [A-Za-z0-9_-]+:begin/) on = 1; else if (l ~ /^<!-- [A-Za-z0-9_-]+:end/) on = 0; if (!on) continue }
        gsub(/[,;=:|\t]/, " ", l); eachnum(l, D, p)
      }
      close(p); return loaded[p]
    }
    function unit(r,   t, i, u, nx, sp) {            # the unit r starts with, or ""
      sp = sub(/^( |\302\240|\342\200\211|\342\200\257)/, "", r)
      for (i = 1; i <= nu; i++) {
        u = U[i]
        if (substr(r, 1, length(u)) != u || (sp && (u == "x" || u == "\303\227"))) continue
        nx = substr(r, length(u) + 1, 1)
        if (u == "%" || (u == "\303\227" && nx !~ /[0-9]/) || nx !~ /[A-Za-z0-9_]/) return u
      }
      if (match(r, "^ ?(\342\200\223|-|to|against|vs\\.?|versus) ?" numre())) return unit(substr(r, RLENGTH + 1))
      return ""
    }
    function check(num, u, line,   i) {
      if (known(G, "", num)) return
      for (i = 1; i <= nref; i++) if (known(D, ref[i], num)) return
      printf "%s:%d: %s%s%s: not in a generated block of this file%s\n", file, line, num, (u ~ /^[x%\303]/ ? "" : " "), \
             (u == "" ? "(a table cell)" : u), \
             nref ? " nor in " refs : " (or name its data file in the paragraph)"
    }
    function bound(before, u, rest) {   # a time limit the code or a test sets, not a measurement
      if (u !~ /^(ms|\302\265s|\316\274s|us|ns|seconds|sec|s)$/) return 0
      if (tolower(before) !~ /(^|[^a-z])(within|(bound|limit|timeout|deadline) of)( (the|a|an))? ?$/) return 0
      sub(/^( |\302\240|\342\200\211|\342\200\257)/, "", rest)
      return substr(rest, length(u) + 1) !~ /^ of /   # "within 2 ms of step 09" compares two runs
    }
    function scan(s, line,   pre, num, u, done) {
      done = ""
      while (match(s, numre())) {
        pre = RSTART > 1 ? substr(s, RSTART - 1, 1) : " "
        num = substr(s, RSTART, RLENGTH); done = done substr(s, 1, RSTART - 1); s = substr(s, RSTART + RLENGTH)
        if (pre ~ /[A-Za-z0-9_.\/=^#]/) { done = done num; continue }
        u = unit(s)
        if (u != "" && !bound(done, u, s)) check(num, u, line)
        done = done num
      }
    }
    function strip(s) { gsub(/`[^`]*`/, " ", s); gsub(/<!--.*-->/, " ", s); gsub(/\]\([^)]*\)/, "] ", s); return s }
    BEGIN {
      nu = split("ms|\302\265s|\316\274s|us|ns|seconds|sec|s|GTEPS|MTEPS|\303\227|x|%|M edges|M e|M vertices|M v|K edges|K e|K vertices|K v|G edges|Medges|Mv", U, "|")
    }
    { L[NR] = $0 }
    END {
      # pass 1: which lines are generated, fenced; the numbers of the generated ones
      for (i = 1; i <= NR; i++) {
        s = L[i]
        if (s ~ /^<!-- [A-Za-z0-9_-]+:begin/) { gen = 1; kind[i] = "m"; continue }
        if (s ~ /^<!-- [A-Za-z0-9_-]+:end/)   { gen = 0; kind[i] = "m"; continue }
        if (gen) { kind[i] = "g"; eachnum(s, G, ""); continue }
        if (s ~ /^[ \t]*(```|~~~)/) { fence = !fence; kind[i] = "f"; continue }
        kind[i] = fence ? "f" : (s ~ /^[ \t]*<!--/ ? "c" : "p")
      }
      # pass 2: the data files each paragraph (prose lines up to a blank or other line) names
      for (i = 1; i <= NR; i++) {
        if (kind[i] != "p" || L[i] ~ /^[ \t]*$/) { para++; continue }
        par[i] = para; t = L[i]
        while (match(t, /((plots\/data|docs\/notes(\/data)?|plots)\/[A-Za-z0-9_.-]+\.(csv|log|meta|tsv|txt|md)|steps\/[0-9][0-9]_[A-Za-z0-9_]+\/(README|ANSWERS)\.md)/)) {
          p = substr(t, RSTART, RLENGTH); t = substr(t, RSTART + RLENGTH)
          if (loadfile(p) && !((para, p) in pref)) { pref[para, p] = 1; pn[para]++; PR[para, pn[para]] = p }
        }
      }
      # pass 3: the prose lines
      for (i = 1; i <= NR; i++) {
        if (kind[i] != "p" || L[i] ~ /<!-- cited: /) continue                # quoted from a publication
        s = L[i]; nref = 0; refs = ""; delete ref
        for (k = 1; k <= pn[par[i]]; k++) { ref[++nref] = PR[par[i], k]; refs = refs (nref > 1 ? ", " : "") ref[nref] }
        s = strip(s)
        if (s !~ /^[ \t]*\|/) knobs = 0
        if (s ~ /^[ \t]*\|/) {
          if (s ~ /^[ \t]*\|[-:| \t]+$/) continue                         # separator
          if (L[i + 1] ~ /^[ \t]*\|[-:| \t]+$/) {                         # header: a table of settings?
            knobs = 0; n = split(s, C, "|")
            for (c = 2; c < n; c++) { t = C[c]; gsub(/^[ \t]+|[ \t]+$/, "", t); if (tolower(t) ~ /^(knob|default|value|setting)s?$/) knobs = 1 }
            continue
          }
          if (knobs) continue                                             # a table of knob values
          n = split(s, C, "|"); s = ""
          for (c = 2; c <= n; c++) {
            cell = C[c]; gsub(/^[ \t~]+|[ \t]+$/, "", cell); gsub(/\*\*/, "", cell)
            if (c > 2 && match(cell, "^" numre() " \\(" numre() "\\)$")) {      # "32.9 (0.988)": ms (GTEPS)
              split(cell, P, /[ ()]+/); check(P[1], "", i); check(P[2], "", i); continue
            }
            if (c > 2 && match(cell, "^" numre()) && (RLENGTH == length(cell) || unit(substr(cell, RLENGTH + 1)) != "")) {
              num = substr(cell, 1, RLENGTH); u = unit(substr(cell, RLENGTH + 1))
              if (RLENGTH == length(cell) || substr(cell, RLENGTH + 1) ~ /^ ?[^ ]+$/) { check(num, u, i); continue }
            }
            s = s " | " C[c]
          }
        }
        scan(s, i)
      }
    }' "$f")
  [ -n "$out" ] && { echo "$out"; hits=$((hits + $(wc -l <<< "$out"))); }
done

# ---- 3. stale tables of the lessons
commits_of() {   # CSV STEP -> the commits (one a line) of STEP's rows: the commit column, else the .meta
  local csv=$1 step=$2 meta=${1%.csv}.meta
  if head -1 "$csv" | tr ',' '\n' | grep -qx commit; then
    awk -F, -v s="$step" 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "step") sc = i; if ($i == "commit") cc = i }; next }
      sc && $sc == s { print $cc }' "$csv" | sed 's/-dirty$//' | sort -u
  elif [ -f "$meta" ]; then   # a run block: "commit: C ..." then the commands it ran (bin/stepNN); the last run of a step wins
    awk -v s="$step" '/^commit:/ { c = $2; sub(/-dirty$/, "", c) }
      { t = $0; while (match(t, /bin\/step[0-9][0-9]/)) { if (substr(t, RSTART + 4, 6) == s) last = c; t = substr(t, RSTART + RLENGTH) } }
      END { if (last != "") print last }' "$meta"
  fi
}
for f in "${files[@]}"; do
  case $f in steps/[0-9][0-9]_*/README.md) ;; *) continue ;; esac
  dir=${f%/README.md}; nn=${dir#steps/}; nn=${nn%%_*}; step=step$nn
  last=$(git log -1 --format=%H -- "$dir/*.cu" "$dir/*.cuh" 2>/dev/null)
  [ -n "$last" ] || continue
  # each generated block: LINE NAME LABEL-COMMITS|- CSV...
  while read -r line name label csvs; do
    [ "$name" = query ] && continue
    used=""
    for csv in $csvs; do
      [ -f "$csv" ] || continue
      for c in $(commits_of "$csv" "$step"); do
        used="$used $c"
        if [ "$c" = unknown ] || ! git rev-parse -q --verify "$c^{commit}" >/dev/null; then
          hit "$f:$line: table $name: $csv rows of $step measured at '$c', a commit this history lacks"; continue
        fi
        git merge-base --is-ancestor "$last" "$c" && continue
        lab=0
        for l in ${label//,/ }; do [ "$l" != - ] && [ "$(git rev-parse -q --verify "$l^{commit}")" = "$(git rev-parse "$c^{commit}")" ] && lab=1; done
        [ $lab = 1 ] || hit "$f:$line: table $name: $csv rows of $step measured at $c, before the step's last code change $(git log -1 --format=%h "$last") (re-measure, or label it: <!-- $name:measured $c WHY -->)"
      done
    done
    for l in ${label//,/ }; do
      [ "$l" = - ] && continue
      found=0
      for c in $used; do [ "$(git rev-parse -q --verify "$l^{commit}")" = "$(git rev-parse -q --verify "$c^{commit}")" ] && found=1; done
      [ $found = 1 ] || hit "$f:$line: label $name:measured names $l, which no row of this table was measured at"
    done
  done < <(awk '
    /^<!-- [A-Za-z0-9_-]+:measured / { lab = $2; sub(/:measured$/, "", lab); labc = $3; next }
    /^<!-- [A-Za-z0-9_-]+:begin/ {
      name = $2; sub(/:begin$/, "", name); on = 1; ln = NR; csvs = ""
      if (name == "ablation" && $3 != "") csvs = " plots/data/" $3 ".csv"
      l = (lab == name) ? labc : "-"; lab = ""; next }
    on && /^<!-- [A-Za-z0-9_-]+:end/ { print ln, name, l, csvs; on = 0; next }
    on { t = $0; while (match(t, /plots\/data\/[A-Za-z0-9_.-]+\.csv/)) { p = substr(t, RSTART, RLENGTH); if (index(csvs, " " p) == 0) csvs = csvs " " p; t = substr(t, RSTART + RLENGTH) } }
    { if ($0 !~ /^[ \t]*$/) lab = "" }' "$f")
done

# ---- 4. one graph name, one size, in every committed result CSV
out=$(for csv in plots/data/*.csv; do
  head -1 "$csv" | grep -q '^step,variant,graph,n,m,' || continue
  awk -F, -v f="$csv" 'FNR > 1 && !(($3) in seen) { seen[$3] = 1; print $3, $4, $5, f ":" FNR }' "$csv"
done | awk '{ k = $2 " " $3 } !($1 in size) { size[$1] = k; where[$1] = $4; next }
  size[$1] != k && !(($1, k) in told) { told[$1, k] = 1
    printf "%s: %s has n=%s m=%s, but n=%s m=%s in %s\n", $4, $1, $2, $3, substr(size[$1], 1, index(size[$1], " ") - 1), substr(size[$1], index(size[$1], " ") + 1), where[$1] }')
[ -n "$out" ] && { echo "$out"; hits=$((hits + $(wc -l <<< "$out"))); }

echo "numbers: ${#files[@]} files, $hits hits"
[ $hits = 0 ]
