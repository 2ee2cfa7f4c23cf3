#!/usr/bin/env bash
# plots.sh - figures and README tables from the result CSV (make plots). Needs no GPU.
#
# Reads, for every GPU slug found (bench-h100.csv -> h100):
#   plots/data/bench-SLUG.csv        bench.sh: every step and variant on the standard graphs, cpu rows
#   plots/data/scale-SLUG.csv        bench.sh: Kronecker and uniform scale series, default variants
#   plots/data/bench-SLUG.trace.csv  bench.sh: per-level traces (-a)
#   plots/data/sweep-SLUG.csv        sweep.sh output copied here to be committed
# Your own fresh results win: results/bench-SLUG.csv or results/sweep-SLUG.csv (sweep.sh's
# default place) newer than the plots/data copy of the same GPU is used instead, and each
# figure's line says which file it used.
# Writes plots/FIG-SLUG.svg and .png (PNG when gnuplot has pngcairo or png):
#   runtime and runtime-variants (a), heatmap-STEP-VARIANT-GRAPH (b), frontier (c), scale (d), speedup (e)
# ((a), (c), (d), (e) for the README's GPU only, unless PLOTS_ALL_GPUS=1: another GPU's bench
# CSV may hold a few steps, not the ladder)
# and rewrites the table between <!-- results:begin --> and <!-- results:end --> in README.md
# and in every steps/NN_slug/README.md that has those markers (a step the README's GPU has no
# rows of: from the first other GPU's bench CSV that has them, the table naming that file).
# With no CSV at all it says so and exits 0, touching nothing. Exit 1 when a CSV is invalid
# (scripts/csv-check.sh) or gnuplot fails.
#
# Environment: PLOTS_DATA (plots/data), PLOTS_OUT (plots), PLOTS_RESULTS (results),
# PLOTS_README (README.md), PLOTS_STEPS (steps), PLOTS_README_GPU (slug for the README tables:
# h100 when present, else the first), PLOTS_ALL_GPUS=1 (figures (a) (c) (d) (e) of every GPU, not
# only of PLOTS_README_GPU's), PLOTS_PNG=0 (SVG only), PLOTS_TABLES=0 / PLOTS_FIGURES=0.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/scripts/results-common.sh"

DATA=${PLOTS_DATA:-$ROOT/plots/data}
OUT=${PLOTS_OUT:-$ROOT/plots}
RESULTS=${PLOTS_RESULTS:-$ROOT/results}
README=${PLOTS_README:-$ROOT/README.md}
STEPS=${PLOTS_STEPS:-$ROOT/steps}
GPDIR=$ROOT/plots
BEGIN_MARK='<!-- results:begin -->'
END_MARK='<!-- results:end -->'
status=0
say() { echo "plots: $*"; }
warn() { echo "plots: $*" >&2; }

# ---- what is there ----------------------------------------------------------------------
shopt -s nullglob
slugs=()
for f in "$DATA"/bench-*.csv "$RESULTS"/bench-*.csv; do
  case $f in *.trace.csv) continue ;; esac
  s=${f##*/bench-}; s=${s%.csv}
  case " ${slugs[*]-} " in *" $s "*) ;; *) slugs+=("$s") ;; esac
done
# KIND-SLUG.csv (bench, sweep): your own run's, in RESULTS, when it is newer than the committed
# one in DATA (or the only one); else DATA's. Same GPU name, same slug: fresh results win.
pick_csv() {  # KIND SLUG
  local d="$DATA/$1-$2.csv" r="$RESULTS/$1-$2.csv"
  if [ -s "$r" ] && { [ ! -s "$d" ] || [ "$r" -nt "$d" ]; }; then echo "$r"
  elif [ -s "$d" ]; then echo "$d"; fi
}
whose() { case $1 in "$RESULTS"/*) echo "your own results, newer than the committed ${DATA#$ROOT/}/ copy" ;; *) echo "the committed results" ;; esac; }
sweep_file() { pick_csv sweep "$1"; }   # the sweep CSV of a slug, "" when none
sweep_slugs=()
for f in "$DATA"/sweep-*.csv "$RESULTS"/sweep-*.csv; do
  s=${f##*/sweep-}; s=${s%.csv}
  case " ${sweep_slugs[*]-} " in *" $s "*) ;; *) sweep_slugs+=("$s") ;; esac
done
if [ ${#slugs[@]} -eq 0 ] && [ ${#sweep_slugs[@]} -eq 0 ]; then
  say "no result CSV (no $DATA/bench-*.csv, no sweep-*.csv in $DATA or $RESULTS): nothing to plot."
  say "Run 'make bench' (and 'make sweep') on a GPU machine first."
  exit 0
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/plots.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

figures=${PLOTS_FIGURES:-1}
terms=()
if [ "$figures" = 1 ]; then
  if ! command -v gnuplot >/dev/null 2>&1; then
    warn "gnuplot not found: no figures (install gnuplot-nox); the README tables are still written"
    figures=0
  else
    have=$(gnuplot -e 'set terminal' 2>&1)
    terms=(svg)
    if [ "${PLOTS_PNG:-1}" = 1 ]; then
      if grep -q '^ *pngcairo ' <<<"$have"; then terms+=(pngcairo)
      elif grep -q '^ *png ' <<<"$have"; then terms+=(png)
      else warn "this gnuplot has no png terminal: SVG only"; fi
    fi
  fi
fi
nfig=0

# check a CSV before reading it; 1 when invalid
valid() {
  local out
  if ! out=$("$ROOT/scripts/csv-check.sh" "$1" 2>&1); then
    printf '%s\n' "$out" >&2; warn "skipping invalid $1"; status=1; return 1
  fi
}

# gp FIG OUTBASE VARSFILE: run plots/FIG.gp once per terminal -> OUTBASE.svg / .png
gp() {
  local fig=$1 base=$2 vars=$3 t ext
  for t in "${terms[@]}"; do
    ext=svg; [ "$t" = svg ] || ext=png
    { cat "$vars"; printf "term = '%s'\nout = '%s.%s'\ngpdir = '%s'\n" "$t" "$base" "$ext" "$GPDIR"; } > "$TMP/run.gp"
    if ! gnuplot "$TMP/run.gp" "$GPDIR/$fig.gp" > "$TMP/gnuplot.log" 2>&1 || [ ! -s "$base.$ext" ]; then
      warn "gnuplot $fig.gp failed for $base.$ext:"; sed 's/^/  /' "$TMP/gnuplot.log" >&2; status=1; continue
    fi
    nfig=$((nfig + 1))
  done
}
# gnuplot string literal: single quotes, a quote doubled
q() { printf "'%s'" "${1//\'/\'\'}"; }
fname() { printf '%s' "$1" | tr -c 'A-Za-z0-9._+-' '_'; }

agg() { local mode=$1; shift; awk -F, -v mode="$mode" -f "$AGG_AWK" "$@"; }
# Step "cpu" rows are two baselines (--cpu-baseline): the serial oracle (these variants) and
# the parallel CPU baseline (harness/cpubase.h: gapbs-style-dobfs, delta-stepping, ...).
ORACLE_RE='^(bfs|dijkstra|bellman-ford)$'


# best.tsv (csvagg.awk mode=best) sorted: step name, then variant and graph order of appearance
best_sorted() { agg best "$@" | sort -t"$TAB" -k1,1 -k11,11n -k12,12n; }
TAB=$'\t'

# Provenance line from mode=info: "NVIDIA H100 80GB HBM3, CUDA 13.0, driver 580.65, 2026-11-22 (the builds: ...)";
# no commit ids in the lessons' prose: the CSV and its .meta hold them
provenance() {
  agg info "$@" | awk -F'\t' '
    $1 == "gpu" { g = $2 } $1 == "cuda" { c = $2 } $1 == "driver" { d = $2 }
    $1 == "date" { a = substr($2, 1, 10); b = substr($3, 1, 10); dt = (a == b ? a : a " .. " b) }
    END { printf "%s, CUDA %s, driver %s, %s (the builds: the CSV'"'"'s commit column)\n", g, c, d, dt }'
}

# graphs of a best.tsv in display order: Kronecker, uniform, grid, road, mesh, social, other;
# smaller first within a class
graph_order() {
  awk -F'\t' '!($3 in s) { s[$3] = 1; g = $3; r = 9
      if (g ~ /^kron/) r = 1; else if (g ~ /^uniform/) r = 2; else if (g ~ /^grid/) r = 3
      else if (g ~ /osm|road/) r = 4; else if (g ~ /delaunay|mesh/) r = 5
      else if (g ~ /^(soc|com|web|wiki|email|ca-|facebook)/) r = 6
      print r "\t" ($13 == "-" ? 0 : $13) "\t" $12 "\t" g }' "$1" | sort -t"$TAB" -k1,1n -k2,2n -k3,3n | cut -f4
}

# ---- (a) runtime -------------------------------------------------------------------------
# Two figures: runtime-SLUG (the README's), one panel per class of graph (its largest graph),
# one bar per step (its fastest variant); runtime-variants-SLUG, one panel per graph, one bar
# per step and variant. In both the two CPU references are the last two bars of a panel: bars,
# not lines across the panel, so that no line runs through a value label.
# runtime_dat best.tsv GRAPH all|best > dat: x  label  ms  step  variant-rank  value-label
# (step 0: a CPU reference, rank 1 the oracle, 2 the parallel baseline; colour: common.gp's
# varcol, a step's fastest variant in its full colour in "best", the CPU bars runtime.gp's own;
# a label ends in "[k FAIL]" when k runs failed; value labels of at most four characters, so
# that neighbours' do not touch: the tables give the exact numbers)
runtime_dat() {
  awk -F'\t' -v g="$2" -v mode="$3" -v OFS='\t' -v re="$ORACLE_RE" '
    function lab(v) { v += 0; return v >= 10 ? sprintf("%.0f", v) : v >= 1 ? sprintf("%.1f", v) : v >= 0.01 ? sprintf("%.2f", v) : sprintf("%.1g", v) }
    $1 != "cpu" && !(($1, $2) in vi) { vi[$1, $2] = ++nv[$1] }
    $3 != g { next }
    $1 == "cpu" { if ($2 ~ re) o = $8; else p = $8; next }
    mode == "all" { L[++n] = $1 "/" $2 ($10 > 0 ? " [" $10 " FAIL]" : ""); M[n] = $8; S[n] = $1; R[n] = vi[$1, $2]; next }
    { if (!($1 in k)) { k[$1] = ++n; S[n] = $1; M[n] = "NaN"; R[n] = 1 }
      i = k[$1]; if ($8 != "NaN" && (M[i] == "NaN" || $8 + 0 < M[i] + 0)) { M[i] = $8; L[i] = substr($1, 5) " " $2 ($10 > 0 ? " [" $10 " FAIL]" : "") } }
    END {
      for (i = 1; i <= n; i++) { if (L[i] == "") L[i] = substr(S[i], 5) " FAIL"
        print i, L[i], M[i], substr(S[i], 5) + 0, R[i] + 0, (M[i] == "NaN" ? "" : lab(M[i])) }
      if (o != "" && o != "NaN") print n + 1.3, "CPU serial", o, 0, 1, lab(o)
      if (p != "" && p != "NaN") print n + (o != "" && o != "NaN" ? 2.3 : 1.3), "CPU parallel", p, 0, 2, lab(p)
    }' "$1"
}
# runtime_panel best.tsv GRAPH N PREFIX: panel N's title, a line of vars.gp
runtime_panel() {
  printf 'ptitle%d = %s\n' "$3" "$(q "$(awk -F'\t' -v g="$2" -v pre="$4" '$3 == g { n = $13; m = $14 }
    function h(x) { return x >= 1e9 ? sprintf("%.1fG", x / 1e9) : x >= 1e6 ? sprintf("%.1fM", x / 1e6) : x >= 1e3 ? sprintf("%.0fK", x / 1e3) : x }
    END { printf "%s%s: %s vertices, %s directed edges", pre, g, h(n), h(m) }' "$1")")"
}
graph_class() {  # the class of a graph, as graph_order ranks them
  case $1 in kron*) echo Kronecker ;; uniform*) echo uniform ;; grid*) echo grid ;; *osm*|*road*) echo road ;;
             *delaunay*|*mesh*) echo mesh ;; soc*|com*|web*|wiki*|email*|ca-*|facebook*) echo social ;; *) echo other ;; esac
}
fig_runtime() {   # slug best.tsv provenance
  local slug=$1 best=$2 prov=$3 graphs sel="" g n maxbars b cls prev="" w cols rows
  graphs=$(graph_order "$best" | tr '\n' ' ')
  # the README's figure: the largest graph of each class (graph_order puts the smaller first)
  for g in $graphs; do
    cls=$(graph_class "$g")
    if [ "$cls" = "$prev" ] && [ "$cls" != other ]; then sel="${sel% *} $g"; else sel="$sel $g"; fi
    prev=$cls
  done
  sel=${sel# }
  mkdir -p "$TMP/rt-best" "$TMP/rt-all"
  n=0; : > "$TMP/vars.gp"
  for g in $sel; do
    n=$((n + 1))
    runtime_dat "$best" "$g" best > "$TMP/rt-best/runtime-$g.dat"
    [ -s "$TMP/rt-best/runtime-$g.dat" ] || printf '1\t(none)\tNaN\t1\t1\t\n' > "$TMP/rt-best/runtime-$g.dat"
    runtime_panel "$best" "$g" "$n" "$(graph_class "$g"), " >> "$TMP/vars.gp"
  done
  cols=$(( n < 2 ? n : 2 )); rows=$(( (n + cols - 1) / cols ))
  cat >> "$TMP/vars.gp" <<EOF
datadir = $(q "$TMP/rt-best")
graphs = $(q "$sel")
cols = $cols
width = $(( cols * 500 ))
height = $(( rows * 340 + 70 ))
xfont = 10
title = 'BFS time of each step (its fastest variant) and of the two CPU references, on the largest graph of each class'
subtitle = $(q "$prov")
EOF
  gp runtime "$OUT/runtime-$slug" "$TMP/vars.gp"
  n=0; maxbars=1; : > "$TMP/vars.gp"
  for g in $graphs; do
    n=$((n + 1))
    runtime_dat "$best" "$g" all > "$TMP/rt-all/runtime-$g.dat"
    [ -s "$TMP/rt-all/runtime-$g.dat" ] || printf '1\t(none)\tNaN\t1\t1\t\n' > "$TMP/rt-all/runtime-$g.dat"
    runtime_panel "$best" "$g" "$n" "" >> "$TMP/vars.gp"
    b=$(wc -l < "$TMP/rt-all/runtime-$g.dat"); [ "$b" -gt "$maxbars" ] && maxbars=$b
  done
  cols=$(( n < 2 ? n : 2 )); rows=$(( (n + cols - 1) / cols ))
  w=$(( maxbars * 34 + 220 )); [ $w -lt 520 ] && w=520
  cat >> "$TMP/vars.gp" <<EOF
datadir = $(q "$TMP/rt-all")
graphs = $(q "$graphs")
cols = $cols
width = $(( w * cols ))
height = $(( rows * 430 + 60 ))
title = 'BFS time per step and variant, and of the two CPU references: median over sources x trials, fastest launch shape'
subtitle = $(q "$prov")
EOF
  gp runtime "$OUT/runtime-variants-$slug" "$TMP/vars.gp"
}

# ---- (b) heatmaps ------------------------------------------------------------------------
fig_heatmaps() {  # slug sweep.csv
  local slug=$1 csv=$2 prov step variant graph base
  prov=$(provenance "$csv")
  agg heat "$csv" > "$TMP/heat.tsv"
  cut -f1-3 "$TMP/heat.tsv" | awk '!s[$0]++' > "$TMP/heat.keys"
  while IFS=$'\t' read -r step variant graph; do
    awk -F'\t' -v s="$step" -v v="$variant" -v g="$graph" -v OFS='\t' -v dir="$TMP" -v q="'" '
      $1 == s && $2 == v && $3 == g { n++; X[n] = $4; Y[n] = $5; M[n] = $6
        if (!($4 in xs)) { xs[$4] = 1; xl[++nx] = $4 + 0 }
        if (!($5 in ys)) { ys[$5] = 1; yl[++ny] = $5 + 0 }
        if ($6 != "NaN" && (best == "" || $6 + 0 < bm)) { bm = $6 + 0; best = n } }
      # a cell label of at most four characters, never an exponent: 1830 is "1830", 12345 "12k"
      function cell(v) { return v >= 9999.5 ? sprintf("%.0fk", v / 1000) : v >= 100 ? sprintf("%.0f", v) : sprintf("%.3g", v) }
      function isort(A, k,   i, j, t) { for (i = 2; i <= k; i++) { t = A[i]; for (j = i - 1; j >= 1 && A[j] > t; j--) A[j + 1] = A[j]; A[j + 1] = t } }
      END {
        isort(xl, nx); isort(yl, ny)
        for (i = 1; i <= nx; i++) xi[xl[i]] = i - 1
        for (i = 1; i <= ny; i++) yi[yl[i]] = i - 1
        # the label white where the cell is dark (upper 35 % of the log colour range: red)
        lo = ""; for (i = 1; i <= n; i++) if (M[i] != "NaN") { v = M[i] + 0; if (lo == "" || v < lo) lo = v; if (hi == "" || v > hi) hi = v }
        span = (lo != "" && hi > lo) ? log(hi / lo) : 0
        for (i = 1; i <= n; i++)
          print xi[X[i] + 0], yi[Y[i] + 0], M[i], (M[i] == "NaN" ? "FAIL" : cell(M[i] + 0)), (i == best),
                (M[i] != "NaN" && span > 0 && log((M[i] + 0) / lo) / span > 0.65) > (dir "/heat.dat")
        # colour-bar tics: 1-2-5 per decade over the range, the ends of the range included
        ct = ""
        if (lo != "") {
          for (d = 10 ^ int(log(lo) / log(10) - 1); d <= hi; d *= 10)
            for (k = 1; k <= 3; k++) { t = d * (k == 1 ? 1 : k == 2 ? 2 : 5); if (t > lo * 1.15 && t < hi / 1.15) ct = ct (ct == "" ? "" : ", ") sprintf("\"%g\" %.6g", t, t) }
          ct = "(" (ct == "" ? "" : ct ", ") sprintf("\"%s\" %.6g, \"%s\" %.6g", cell(lo), lo, cell(hi), hi) ")"
        }
        xt = "("; for (i = 1; i <= nx; i++) xt = xt (i > 1 ? ", " : "") "\"" (xl[i] == 0 ? "auto" : xl[i]) "\" " i - 1
        yt = "("; for (i = 1; i <= ny; i++) yt = yt (i > 1 ? ", " : "") "\"" yl[i] "\" " i - 1
        printf "nx = %d\nny = %d\nxt = %s%s)%s\nyt = %s%s)%s\ncbt = %s%s%s\n", nx, ny, q, xt, q, q, yt, q, q, ct, q > (dir "/heat.vars")
      }' "$TMP/heat.tsv"
    { cat "$TMP/heat.vars"
      printf 'data = %s\nwidth = 1000\nheight = 520\n' "$(q "$TMP/heat.dat")"
      printf 'title = %s\nsubtitle = %s\n' "$(q "$step $variant on $graph: median time per launch shape (grid x block)")" "$(q "$prov")"
    } > "$TMP/vars.gp"
    base="$OUT/heatmap-$slug-$(fname "$step")-$(fname "$variant")-$(fname "$graph")"
    gp heatmap "$base" "$TMP/vars.gp"
  done < "$TMP/heat.keys"
}

# ---- (c) frontier ------------------------------------------------------------------------
# Steps whose queues hold exactly the same entries level by level (the level-synchronous steps
# without duplicates) make one line, drawn wide and grey and named by all of them; every other
# step its own line in its colour. A second row shows each other step's entries above that
# shared line, level by level: its duplicates, where the lines above would lie on top of each other. A graph of many levels (a road) is drawn as the mean over bins of
# FRONTIER_BIN levels, so that the lines that differ stand apart from the noise of the levels.
FRONTIER_BIN=16
fig_frontier() {  # slug trace.csv provenance
  local slug=$1 csv=$2 prov=$3 graphs i j g nlev bin ref above
  agg trace "$csv" > "$TMP/trace.tsv"
  graphs=$(cut -f1 "$TMP/trace.tsv" | awk '!s[$0]++' | tr '\n' ' ')
  : > "$TMP/vars.gp"
  i=0
  for g in $graphs; do
    i=$((i + 1)); j=0; files=""; efiles=""
    nlev=$(awk -F'\t' -v g="$g" '$1 == g && $4 + 1 > m { m = $4 + 1 } END { print m + 0 }' "$TMP/trace.tsv")
    bin=1; [ "$nlev" -gt 40 ] && bin=$FRONTIER_BIN
    # one group a line: its steps (space-separated, step order), the first step/variant's rows
    awk -F'\t' -v g="$g" '$1 == g { k = $2 "/" $3; if (!(k in sig)) o[++n] = k; sig[k] = sig[k] " " $4 ":" $5 }
        END { for (i = 1; i <= n; i++) { k = o[i]; if (!(sig[k] in grp)) { grp[sig[k]] = ++ng; first[ng] = k }
                  x = grp[sig[k]]; split(k, p, "/"); mem[x] = mem[x] (mem[x] == "" ? "" : " ") p[1] }
              for (x = 1; x <= ng; x++) print mem[x] "\t" first[x] }' "$TMP/trace.tsv" | sort -t"$TAB" -k2,2 > "$TMP/groups.tsv"
    # the reference: the group of most steps, when it has two or more (their entries are the
    # level's distinct vertices: no step of it keeps duplicates); else none
    ref=$(awk -F'\t' '{ m = split($1, x, " "); if (m > bm) { bm = m; r = NR; f = $2 } } END { if (bm > 1) print r "\t" f }' "$TMP/groups.tsv")
    while IFS=$'\t' read -r members first; do
      j=$((j + 1))
      awk -F'\t' -v g="$g" -v sv="$first" -v bin="$bin" -v OFS='\t' '
        $1 == g && $2 "/" $3 == sv { b = int($4 / bin); s[b] += $5; c[b]++; if (b > nb) nb = b }
        END { for (b = 0; b <= nb; b++) if (c[b]) print (bin == 1 ? b : b * bin + (c[b] - 1) / 2), s[b] / c[b] }' \
        "$TMP/trace.tsv" > "$TMP/frontier-$i-$j.dat"
      # entries above the reference's at the same level (the duplicates, and entries of levels
      # run early); a level at or below it is left out (NaN on a log scale)
      awk -F'\t' -v g="$g" -v sv="$first" -v rv="${ref#*$TAB}" -v bin="$bin" -v OFS='\t' '
        $1 != g { next } $2 "/" $3 == rv { R[$4] = $5 } $2 "/" $3 == sv { E[$4] = $5; if ($4 > nl) nl = $4 }
        END { if (rv == "" || sv == rv) exit
              for (l = 0; l <= nl; l++) if (l in E) { b = int(l / bin); x[b] += E[l] - R[l]; c[b]++; if (b > nb) nb = b }
              for (b = 0; b <= nb; b++) if (c[b]) print (bin == 1 ? b : b * bin + (c[b] - 1) / 2), (x[b] > 0 ? x[b] / c[b] : "NaN") }' \
        "$TMP/trace.tsv" > "$TMP/excess-$i-$j.dat"
      [ -s "$TMP/excess-$i-$j.dat" ] || printf 'NaN\tNaN\n' > "$TMP/excess-$i-$j.dat"
      files="$files $TMP/frontier-$i-$j.dat"; efiles="$efiles $TMP/excess-$i-$j.dat"
      set -- $members
      if [ $# -gt 1 ]; then
        printf 'tt%d_%d = %s\ncc%d_%d = 0\n' "$i" "$j" "$(q "steps ${members//step/}: equal")" "$i" "$j"
      else
        printf 'tt%d_%d = %s\ncc%d_%d = %d\n' "$i" "$j" "$(q "$first")" "$i" "$j" "$((10#${first:4:2}))"
      fi >> "$TMP/vars.gp"
    done < "$TMP/groups.tsv"
    # above<i> 0 where no step lies above the shared line: nothing to draw in that panel
    above=0; [ -n "$ref" ] && cat $efiles | awk -F'\t' '$2 != "NaN" && $2 > 0 { f = 1 } END { exit !f }' && above=1
    printf 'ref%d = %d\nabove%d = %d\nefiles%d = %s\n' "$i" "${ref%%$TAB*}" "$i" "$above" "$i" "$(q "$efiles")" >> "$TMP/vars.gp"
    printf 'files%d = %s\nbin%d = %d\n' "$i" "$(q "$files")" "$i" "$bin" >> "$TMP/vars.gp"
  done
  cat >> "$TMP/vars.gp" <<EOF
graphs = $(q "$graphs")
width = $(( i * 520 + 230 ))
height = 760
title = 'Queue entries per BFS level, duplicates included (one seeded source, the default variant of each step)'
subtitle = $(q "$prov")
EOF
  gp frontier "$OUT/frontier-$slug" "$TMP/vars.gp"
}

# ---- (d) scale ---------------------------------------------------------------------------
fig_scale() {     # slug bench.csv scale.csv|"" provenance
  local slug=$1 bench=$2 scale=$3 prov=$4 gens="" steps="" nsteps=0 gen step variant t
  # the scale CSV first: its (only) variant per step is the step's default variant
  best_sorted ${scale:+"$scale"} "$bench" > "$TMP/scale-best.tsv"
  awk -F'\t' '$1 != "cpu" && $3 ~ /^(kron|uniform)[0-9]+$/ { if (!($1 in v) || $11 + 0 < o[$1] + 0) { v[$1] = $2; o[$1] = $11 } }
              END { for (s in v) print s "\t" v[s] }' "$TMP/scale-best.tsv" | sort > "$TMP/defaults.tsv"
  while IFS=$'\t' read -r step variant; do
    nsteps=$((nsteps + 1)); steps="$steps $step/$variant"
    for gen in kron uniform; do
      awk -F'\t' -v s="$step" -v v="$variant" -v gen="$gen" -v OFS='\t' \
        '$1 == s && $2 == v && index($3, gen) == 1 && substr($3, length(gen) + 1) ~ /^[0-9]+$/ {
           print substr($3, length(gen) + 1), $9, $8 }' "$TMP/scale-best.tsv" | sort -n > "$TMP/scale-$gen-$nsteps.dat"
    done
  done < "$TMP/defaults.tsv"
  : > "$TMP/vars.gp"
  for gen in kron uniform; do
    if cat "$TMP"/scale-$gen-*.dat 2>/dev/null | grep -q .; then
      gens="$gens $gen"
      [ $gen = kron ] && t='Kronecker (Graph500 a=.57 b=.19 c=.19)' || t='uniform random (Erdos-Renyi)'
      printf 'gtitle%d = %s\n' "$(wc -w <<<"$gens")" "$(q "$t")" >> "$TMP/vars.gp"
    fi
  done
  if [ -z "$gens" ]; then say "$slug: no kron/uniform rows: figure (d) skipped"; return; fi
  for f in "$TMP"/scale-*-*.dat; do [ -s "$f" ] || printf 'NaN\tNaN\tNaN\n' > "$f"; done
  cat >> "$TMP/vars.gp" <<EOF
datadir = $(q "$TMP")
gens = $(q "$gens")
steps = $(q "$steps")
nsteps = $nsteps
width = $(( $(wc -w <<<"$gens") * 600 + 40 ))
height = 500
title = 'Traversal rate against graph size: median GTEPS over sources x trials, default variant of each step'
subtitle = $(q "$prov")
EOF
  gp scale "$OUT/scale-$slug" "$TMP/vars.gp"
}

# ---- (e) speedup -------------------------------------------------------------------------
# Two references, two panels: the serial CPU oracle and the parallel CPU baseline (the bench
# run's own cpu rows; plots/data/cpubase-SLUG.csv where the bench run has none for a graph).
fig_speedup() {   # slug best.tsv provenance
  local slug=$1 best=$2 prov=$3 graphs ncols ref cpubase="$DATA/cpubase-$1.csv"
  graphs=$(graph_order "$best" | tr '\n' ' ')
  : > "$TMP/cpubase-best.tsv"
  [ -s "$cpubase" ] && valid "$cpubase" && agg best "$cpubase" > "$TMP/cpubase-best.tsv"
  for ref in oracle parallel; do
    awk -F'\t' -v graphs="$graphs" -v OFS='\t' -v re="$ORACLE_RE" -v ref="$ref" '
      FILENAME == ARGV[1] { if ($1 == "cpu" && $2 !~ re && $8 != "NaN" && $6 ~ /(^|;)threads=16(;|$)/ && !($3 in cpb)) cpb[$3] = $8; next }
      { r[++nr] = $0 }
      $1 == "cpu" && $8 != "NaN" && (ref == "oracle") == ($2 ~ re) { cpu[$3] = $8 }
      END {
        if (ref == "parallel") for (g in cpb) if (!(g in cpu)) cpu[g] = cpb[g]
        ng = split(graphs, G, " ")
        for (i = 1; i <= ng; i++) if (G[i] in cpu) H[++nh] = G[i]
        if (!nh) exit 1
        line = "x\tstep\tn"; for (i = 1; i <= nh; i++) line = line "\t" H[i]; print line
        for (k = 1; k <= nr; k++) {
          split(r[k], f, "\t"); if (f[1] == "cpu" || f[8] == "NaN") continue
          if (!(f[1] in sx)) { sx[f[1]] = ++ns; sn[ns] = f[1] }
          if (!(f[3] in cpu)) continue
          sp = cpu[f[3]] / f[8]
          if (!((f[1], f[3]) in bst) || sp > bst[f[1], f[3]]) bst[f[1], f[3]] = sp
        }
        for (s = 1; s <= ns; s++) {
          line = s "\t" sn[s] "\t" (substr(sn[s], 5) + 0)
          for (i = 1; i <= nh; i++) line = line "\t" (((sn[s], H[i]) in bst) ? sprintf("%.4g", bst[sn[s], H[i]]) : "NaN")
          print line
        }
      }' "$TMP/cpubase-best.tsv" "$best" > "$TMP/speedup-$ref.dat" || : > "$TMP/speedup-$ref.dat"
  done
  if [ ! -s "$TMP/speedup-oracle.dat" ]; then say "$slug: no cpu rows: figure (e) skipped"; return; fi
  ncols=$(head -n 1 "$TMP/speedup-oracle.dat" | awk -F'\t' '{ print NF }')
  cat > "$TMP/vars.gp" <<EOF
data1 = $(q "$TMP/speedup-oracle.dat")
data2 = $(q "$TMP/speedup-parallel.dat")
ncols = $ncols
gnames = $(q "$(head -n 1 "$TMP/speedup-oracle.dat" | cut -f4- | tr '\t' ' ')")
width = 1300
height = 600
title = 'Speedup of each step over the two CPU references: best variant and launch shape per graph'
subtitle = $(q "$prov")
EOF
  gp speedup "$OUT/speedup-$slug" "$TMP/vars.gp"
}

# ---- README tables -----------------------------------------------------------------------
# md_table best.tsv "graphs" STEPREGEX CSVNAME PROVENANCE: the markdown between the markers
md_table() {
  local best=$1 graphs=$2 re=$3 csvname=$4 prov=$5
  awk -F'\t' -v graphs="$graphs" -v re="$re" -v csvname="$csvname" -v prov="$prov" -v ore="$ORACLE_RE" '
    function num(x) { x += 0
      if (x >= 100) return sprintf("%.0f", x); if (x >= 10) return sprintf("%.1f", x)
      if (x >= 1) return sprintf("%.2f", x); if (x >= 0.001) return sprintf("%.3f", x); return sprintf("%.2g", x) }
    $1 ~ re {
      k = $1 SUBSEP $2
      if (!(k in seen)) { seen[k] = 1; rows[++nr] = k }
      cell[k, $3] = ($8 == "NaN") ? "FAIL" : num($9) ($10 > 0 ? " (" $10 " FAIL)" : "")
      th = $6; sub(/^.*threads=/, "", th); sub(/;.*$/, "", th); dl = $6; sub(/^.*delta=/, "", dl)
      if ($1 != "cpu") shape = ($4 == "0" ? "auto" : $4) "×" $5 ($6 == "-" ? "" : " " $6)
      else shape = $2 ~ ore ? "serial" : th " threads" ($6 ~ /delta=/ ? " delta=" dl : "")
      if (++vote[k, shape] > top[k]) { top[k] = vote[k, shape]; mode[k] = shape }
      if ($1 == "cpu") hascpu[$2 ~ ore ? "o" : "p"] = 1
    }
    END {
      ng = split(graphs, G, " ")
      if (!nr) { printf "No measurements yet in `%s`: run `make bench` on a GPU machine, then `make plots`.\n", csvname; exit }
      printf "GTEPS (10^9 traversed edges per second; higher is better) on %s.\n", prov
      printf "Each cell: median over sources x trials of the fastest launch shape (last column: the shape fastest on\n"
      printf "most graphs; auto = the step chooses the grid); FAIL: runs whose answer differed from the oracle.\n"
      if ("o" in hascpu) printf "CPU oracle: the serial reference every answer is checked against (one core)."
      if (("o" in hascpu) && ("p" in hascpu)) printf " "
      if ("p" in hascpu) printf "CPU parallel: the OpenMP baseline of `harness/cpubase.h` (gapbs-style direction-optimizing BFS, delta-stepping), same host."
      if (("o" in hascpu) || ("p" in hascpu)) printf "\n"
      printf "Written by `make plots` from `%s`.\n\n", csvname
      h = "| step | variant |"; d = "|---|---|"
      for (i = 1; i <= ng; i++) { h = h " " G[i] " |"; d = d "---:|" }
      print h " launch shape |"; print d "---|"
      for (r = 1; r <= nr; r++) {
        split(rows[r], p, SUBSEP)
        line = "| " (p[1] != "cpu" ? p[1] : p[2] ~ ore ? "CPU oracle" : "CPU parallel") " | " p[2] " |"
        for (i = 1; i <= ng; i++) line = line " " (((rows[r], G[i]) in cell) ? cell[rows[r], G[i]] : "-") " |"
        print line " " mode[rows[r]] " |"
      }
    }' "$best"
}
# In best.tsv "cpu" sorts first; the tables want it last (oracle, then the parallel baseline:
# the order the harness writes them).
cpu_last() { awk -F'\t' '$1 == "cpu" { c[++n] = $0; next } { print } END { for (i = 1; i <= n; i++) print c[i] }' "$1"; }

# replace_block FILE BODYFILE [NAME]: put BODYFILE between the markers <!-- NAME:begin --> and
# <!-- NAME:end --> (first pair; NAME results by default) of FILE.
# 0 changed, 1 unchanged, 3 no (complete) pair of markers
replace_block() {
  local file=$1 body=$2 name=${3:-results} rc
  awk -v body="$body" -v b="<!-- $name:begin -->" -v e="<!-- $name:end -->" '
    state == 0 && index($0, b) { print; while ((getline l < body) > 0) print l; state = 1; next }
    state == 1 && index($0, e) { print; state = 2; next }
    state == 1 { next }
    { print }
    END { exit state == 2 ? 0 : 3 }' "$file" > "$file.plots.$$"
  rc=$?
  if [ $rc -ne 0 ]; then rm -f "$file.plots.$$"; return 3; fi
  if cmp -s "$file" "$file.plots.$$"; then rm -f "$file.plots.$$"; return 1; fi
  cat "$file.plots.$$" > "$file" && rm -f "$file.plots.$$"    # keeps the file's mode
}
update_readme() { # FILE BODYFILE [NAME]
  local name=${3:-results}
  replace_block "$1" "$2" "$name"
  case $? in 0) say "$name table rewritten in ${1#$ROOT/}" ;; 1) say "$name table in ${1#$ROOT/} unchanged" ;;
             3) [ "$name" = results ] && say "${1#$ROOT/}: no '<!-- $name:begin -->' ... '<!-- $name:end -->' pair: left alone" ;; esac
}
. "$ROOT/scripts/plots-readme.sh" && declare -F readme_blocks >/dev/null || { echo "plots: scripts/plots-readme.sh did not load (above)" >&2; exit 1; }

tables() {       # slug best.tsv csvname provenance
  local slug=$1 best=$2 csvname=$3 prov=$4 graphs
  graphs=$(graph_order "$best" | tr '\n' ' ')
  if [ -f "$README" ]; then   # $TMP/table-SLUG.tsv: best.tsv with cpu rows last (the per-GPU loop)
    md_table "$TMP/table-$slug.tsv" "$graphs" '.' "$csvname" "$prov" > "$TMP/body.md"; echo >> "$TMP/body.md"
    update_readme "$README" "$TMP/body.md"
    readme_blocks "$slug" "$best" "$prov"
  else say "no ${README#$ROOT/}: main table not written"; fi
  step_tables "$slug" "$csvname"
}

# The bench CSV of every GPU read (the per-GPU loop below): got_slug[i], its csvname got_csv[i]
# and provenance got_prov[i]; its best.tsv in $TMP/best-SLUG.tsv, cpu rows last in $TMP/table-SLUG.tsv.
got_slug=(); got_csv=(); got_prov=()
# step_src SLUG ID: the index in got_* of the GPU whose rows a step's table shows: SLUG's when its
# CSV has rows of step ID, else the first other GPU's (slugs order) that has; none: exit 1
step_src() {
  local i
  for i in "${!got_slug[@]}"; do
    [ "${got_slug[$i]}" = "$1" ] && cut -f1 "$TMP/table-$1.tsv" | grep -qx "$2" && { echo "$i"; return 0; }
  done
  for i in "${!got_slug[@]}"; do
    [ "${got_slug[$i]}" != "$1" ] && cut -f1 "$TMP/table-${got_slug[$i]}.tsv" | grep -qx "$2" && { echo "$i"; return 0; }
  done
  return 1
}
# step_tables SLUG CSVNAME: the results block of every steps/NN_slug/README.md with the markers:
# the step's rows and its base's, from SLUG's CSV, or another GPU's (step_src) when SLUG's has none
step_tables() {
  local slug=$1 csvname=$2 d id prev="" base i s
  for d in "$STEPS"/[0-9][0-9]_*/; do
    d=${d%/}; id=step${d##*/}; id=${id%%_*}
    # the step's declared base (the "Base: NN" line of its header, as make diffNN), else the step before
    base=$(sed -n 's/^ *\* *Base: *\([0-9][0-9]\).*/\1/p' "$d"/*.cu 2>/dev/null | head -1)
    base=${base:+step$base}; base=${base:-$prev}
    if [ -f "$d/README.md" ] && grep -qF "$BEGIN_MARK" "$d/README.md"; then
      if i=$(step_src "$slug" "$id"); then
        s=${got_slug[$i]}
        [ "$s" = "$slug" ] || say "$id: no rows in $csvname: its table from ${got_csv[$i]}"
        md_table "$TMP/table-$s.tsv" "$(graph_order "$TMP/best-$s.tsv" | tr '\n' ' ')" "^(${base:-$id}|$id)\$" \
          "${got_csv[$i]}" "${got_prov[$i]}" > "$TMP/body.md"
      else printf 'No measurements of %s in `%s` yet: run `make bench` on a GPU machine, then `make plots`.\n' \
             "$id" "$csvname" > "$TMP/body.md"; fi
      echo >> "$TMP/body.md"
      update_readme "$d/README.md" "$TMP/body.md"
    fi
    prev=$id
  done
}

# ---- per GPU -----------------------------------------------------------------------------
mkdir -p "$OUT"
readme_slug=${PLOTS_README_GPU:-}
if [ -z "$readme_slug" ] && [ ${#slugs[@]} -gt 0 ]; then
  readme_slug=${slugs[0]}
  for s in "${slugs[@]}"; do [ "$s" = h100 ] && readme_slug=h100; done
fi

for slug in "${slugs[@]}"; do
  bench=$(pick_csv bench "$slug"); scale="$DATA/scale-$slug.csv"; trace="$DATA/bench-$slug.trace.csv"
  [ -n "$bench" ] || continue
  say "$slug: using ${bench#$ROOT/} ($(whose "$bench"))"
  valid "$bench" || continue
  [ -s "$scale" ] && { valid "$scale" || scale=""; } || scale=""
  best="$TMP/best-$slug.tsv"; best_sorted "$bench" > "$best"
  prov=$(provenance "$bench")
  say "$slug: $(wc -l < "$best") step/variant/graph results from ${bench#$ROOT/} ($prov)"
  cpu_last "$best" > "$TMP/table-$slug.tsv"
  got_slug+=("$slug"); got_csv+=("${bench#$ROOT/}"); got_prov+=("$prov")
  if [ "$figures" = 1 ] && [ "$slug" != "$readme_slug" ] && [ "${PLOTS_ALL_GPUS:-0}" != 1 ]; then
    say "$slug: not the README's GPU: figures (a) (c) (d) (e) skipped (PLOTS_ALL_GPUS=1 draws them)"
  elif [ "$figures" = 1 ]; then
    fig_runtime "$slug" "$best" "$prov"
    fig_speedup "$slug" "$best" "$prov"
    fig_scale "$slug" "$bench" "$scale" "$prov"
    if [ -s "$trace" ] && valid "$trace"; then fig_frontier "$slug" "$trace" "$prov"
    else say "$slug: no ${trace#$ROOT/}: figure (c) skipped"; fi
  fi
done
# the README's tables once every GPU's CSV is read: a step's table may come from another GPU's
if [ "${PLOTS_TABLES:-1}" = 1 ]; then
  for i in "${!got_slug[@]}"; do
    [ "${got_slug[$i]}" = "$readme_slug" ] && tables "$readme_slug" "$TMP/best-$readme_slug.tsv" "${got_csv[$i]}" "${got_prov[$i]}"
  done
fi
if [ "$figures" = 1 ]; then
  for slug in "${sweep_slugs[@]}"; do
    s=$(sweep_file "$slug"); say "$slug sweep: using ${s#$ROOT/} ($(whose "$s"))"
    valid "$s" && fig_heatmaps "$slug" "$s"
  done
fi
# ---- figures of one step's own script: DATA/NAME-SLUG.csv -> OUT/NAME-SLUG.{svg,png} by GP.gp,
# the subtitle from the provenance of DATA/ABL-SLUG.csv (the ablation run that wrote both) -----------
fig_step() {  # NAME GP ABL [VARS: gnuplot assignments, one a line]
  local f s a
  for f in "$DATA/$1"-*.csv; do
    [ -s "$f" ] || continue
    s=${f##*/$1-}; s=${s%.csv}
    { printf "data = %s\n" "$(q "$f")"
      a="$DATA/$3-$s.csv"
      [ -s "$a" ] && printf "subtitle = %s\n" "$(q "$(provenance "$a")")"
      if [ -n "${4:-}" ]; then printf "%s\n" "$4"; fi; } > "$TMP/$2.vars"
    gp "$2" "$OUT/$1-$s" "$TMP/$2.vars"
  done
}
# step 19: DATA/ibfs-step19-SLUG.csv (scripts/ibfs-bench.sh) -> OUT/ibfs-step19-SLUG.{svg,png}
fig_ibfs() {
  local f s
  for f in "$DATA"/ibfs-step19-*.csv; do
    [ -s "$f" ] || continue
    valid "$f" || continue
    s=${f##*/ibfs-step19-}; s=${s%.csv}
    printf "csv = %s\n" "$(q "$f")" > "$TMP/ibfs19.vars"    # size and subtitle: ibfs19.gp's own
    # the base: step 10 (the best single-source BFS) where the run has its rows, else step 06
    grep -q '^step10,' "$f" || printf "base = 'step06'\n" >> "$TMP/ibfs19.vars"
    gp ibfs19 "$OUT/ibfs-step19-$s" "$TMP/ibfs19.vars"
  done
}
if [ "$figures" = 1 ]; then
  fig_step relax-step09 relax09 ablation-step09   # SSSP: relax operations per round (ablation09.sh)
  fig_step trace-step08 trace08 ablation-step08   # BFS-4K: frontier and duplicates per level (ablation08.sh)
  # its own subtitle (the trace CSV's GPU and commit), as the lesson's command draws it by hand
  fig_step trace-step10 trace10 "" "rule = 'slides'
title = 'Step 10: the direction of every BFS level (circle, light bar: top-down; square, dark bar: bottom-up)'"  # direction-optimizing: the direction of each level (ablation10.sh)
  fig_step trace-step11 trace10 ""                #   step 11's beamer rule (BIN=bin/step11 ablation10.sh), the same figure
  fig_ibfs                                        # iBFS: K sources in one run against step 10 run K times
fi
# ---- ablation tables: in a step's README, the block between
#   <!-- ablation:begin NAME REGEX -->  and  <!-- ablation:end -->
# becomes the median ms of every knob set of DATA/NAME.csv (the harness's rows of one step, in the
# order of the run) whose knobs column matches REGEX, one column per graph; a row is named by the
# knobs that differ between the rows shown. Every trial in it was verified (the harness's rows).
ablation_table() {  # CSV REGEX
  awk -F, -v re="$2" -v csvname="${1#$ROOT/}" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $1 == "cpu" || $(col["knobs"]) !~ re { next }
    { k = $(col["knobs"]); g = $(col["graph"])
      if (!(k in seen)) { seen[k] = 1; rows[++nr] = k }
      if (!(g in gs)) { gs[g] = 1; G[++ng] = g }
      n = ++cnt[k, g]; val[k, g, n] = $(col["ms"]) + 0
      if ($(col["verified"]) != "PASS") bad[k, g]++ }
    function median(k, g,    n, i, j, t, a) {
      n = cnt[k, g]; for (i = 1; i <= n; i++) a[i] = val[k, g, i]
      for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    END {
      if (!nr) { printf "No rows matching `%s` in `%s`.\n", re, csvname; exit }
      for (r = 1; r <= nr; r++) { m = split(rows[r], kv, ";"); for (i = 1; i <= m; i++) { split(kv[i], p, "="); v[r, p[1]] = p[2]; if (r == 1) keys[++nk] = p[1] } }
      for (i = 1; i <= nk; i++) for (r = 2; r <= nr; r++) if (v[r, keys[i]] != v[1, keys[i]]) vary[keys[i]] = 1
      printf "Median ms over sources x trials, every trial verified; written by `make plots` from `%s`.\n\n", csvname
      h = "| knobs |"; d = "|---|"; for (i = 1; i <= ng; i++) { h = h " " G[i] " |"; d = d "---:|" }
      print h; print d
      for (r = 1; r <= nr; r++) {
        lab = ""; for (i = 1; i <= nk; i++) if (keys[i] in vary) lab = lab (lab == "" ? "" : ",") keys[i] "=" v[r, keys[i]]
        if (lab == "") lab = re  # one row (nothing varies): named by the filter of the block
        line = "| `" lab "` |"
        for (i = 1; i <= ng; i++) line = line " " ((rows[r], G[i]) in cnt ? sprintf("%.3f", median(rows[r], G[i])) ((rows[r], G[i]) in bad ? " (FAIL)" : "") : "-") " |"
        print line }
    }' "$1"
}
# ---- SSSP tables: in a step's README, the block between <!-- sssp:begin --> and <!-- sssp:end -->
# becomes, per graph of DATA/sssp-SLUG.csv (the README's GPU), the median ms of the CPU baselines
# and of each SSSP step's fastest variant, and the last step against the best CPU baseline; with
# DATA/relax-SLUG.csv (step,graph,relax_per_edge: the bench logs' "relaxations" lines, median)
# also each step's relax operations per reached edge.
sssp_table() {  # CSV [RELAX.csv]
  awk -F'\t' -v csvname="${1#$ROOT/}" -v prov="$(provenance "$1")" -v relax="${2:-}" -v rname="${2#$ROOT/}" "$AWK_NUM"'
    BEGIN { if (relax != "") while ((getline l < relax) > 0) { split(l, p, ","); if (p[1] != "step") RX[p[1], p[2]] = p[3] } }
    $8 == "NaN" { next }
    { if (!($3 in seen)) { seen[$3] = 1; G[++ng] = $3 }
      c = $1 == "cpu" ? "cpu " $2 : $1
      if (!(c in cs)) { cs[c] = 1; C[++nc] = c }
      k = c SUBSEP $3; if (!(k in tm) || $8 + 0 < tm[k]) tm[k] = $8 + 0 }
    END {
      if (!ng) { printf "No rows in `%s` yet.\n", csvname; exit }
      # columns: the CPU baselines, then the steps by number; the last step against the best CPU
      n = 0; for (i = 1; i <= nc; i++) if (C[i] ~ /^cpu /) O[++n] = C[i]
      m = 0; for (i = 1; i <= nc; i++) if (C[i] !~ /^cpu /) S[++m] = C[i]
      for (i = 2; i <= m; i++) { t = S[i]; for (j = i - 1; j >= 1 && S[j] > t; j--) S[j + 1] = S[j]; S[j + 1] = t }
      for (i = 1; i <= m; i++) O[++n] = S[i]
      last = m ? S[m] : ""
      h = "| graph |"; d = "|---|"; for (i = 1; i <= n; i++) { h = h " " O[i] " |"; d = d "---:|" }
      if (last != "") { h = h " " last " vs best CPU |"; d = d "---:|" }
      for (i = 1; i <= m; i++) for (x = 1; x <= ng; x++) if ((S[i], G[x]) in RX) HR[S[i]] = 1
      for (i = 1; i <= m; i++) if (S[i] in HR) { h = h " " S[i] " relax / edge |"; d = d "---:|" }
      printf "Median ms over sources x trials (every trial verified), the fastest variant of each step; written by `make plots` from `%s` (%s)%s.\n\n", csvname, prov, \
        (relax != "" ? "; relax / edge: relax operations per reached edge, median over the runs, from `" rname "`" : "")
      print h; print d
      for (x = 1; x <= ng; x++) { g = G[x]; line = "| " g " |"; b = ""
        for (i = 1; i <= n; i++) { k = O[i] SUBSEP g; line = line " " ((k in tm) ? big(tm[k]) : "-") " |"
          if (O[i] ~ /^cpu / && (k in tm) && (b == "" || tm[k] < b)) b = tm[k] }
        if (last != "") line = line " " (((last SUBSEP g) in tm) && b != "" ? times(b / tm[last SUBSEP g]) : "-") " |"
        for (i = 1; i <= m; i++) if (S[i] in HR) line = line " " (((S[i], g) in RX) ? sprintf("%.2f", RX[S[i], g]) : "-") " |"
        print line }
    }' < <(awk -F, -v mode=best -f "$ROOT/scripts/csvagg.awk" "$1")
}
# the gallery against gapbs, Gunrock, GSWITCH and Blest (scripts/peers.sh): the README's peers block
[ "${PLOTS_TABLES:-1}" = 1 ] && [ -f "$README" ] && peers_readme "${readme_slug:-h100}"
# the same on another GPU: docs/PEERS.md's block peers-SLUG, for each peers-SLUG.csv the README does not show
for f in "$DATA"/peers-*.csv; do
  pslug=${f##*/peers-}; pslug=${pslug%.csv}
  [ "${PLOTS_TABLES:-1}" = 1 ] && [ -e "$f" ] && [ "$pslug" != "${readme_slug:-h100}" ] && peers_readme "$pslug" "$ROOT/docs/PEERS.md" "peers-$pslug"
done
sssp_csv="$DATA/sssp-${readme_slug:-h100}.csv"
for d in "$STEPS"/[0-9][0-9]_*/; do
  f=${d%/}/README.md
  [ -f "$f" ] && grep -qF '<!-- sssp:begin -->' "$f" || continue
  relax_csv="$DATA/relax-${readme_slug:-h100}.csv"; [ -s "$relax_csv" ] || relax_csv=""
  if [ -s "$sssp_csv" ] && valid "$sssp_csv"; then
    sssp_table "$sssp_csv" "$relax_csv" > "$TMP/sssp.md" || { warn "the SSSP table failed: ${f#$ROOT/} left alone"; status=1; continue; }
  else printf 'No `%s` yet: run `BENCH_PHASES=sssp scripts/bench.sh` on a GPU machine, then `make plots`.\n' "${sssp_csv#$ROOT/}" > "$TMP/sssp.md"; fi
  echo >> "$TMP/sssp.md"
  update_readme "$f" "$TMP/sssp.md" sssp
done
for d in "$STEPS"/[0-9][0-9]_*/; do
  f=${d%/}/README.md
  [ -f "$f" ] || continue
  grep -q '<!-- ablation:begin ' "$f" || continue
  while read -r name re; do
    csv="$DATA/$name.csv"
    if [ -s "$csv" ]; then
      ablation_table "$csv" "$re" > "$TMP/abl.md" || { warn "the ablation table failed: ${f#$ROOT/} left alone"; status=1; continue; }
    else printf 'No `%s` yet: run its ablation script on a GPU machine, then `make plots`.\n' "${csv#$ROOT/}" > "$TMP/abl.md"; fi
    awk -v body="$TMP/abl.md" -v b="<!-- ablation:begin $name $re -->" '
      state == 0 && $0 == b { print; while ((getline l < body) > 0) print l; state = 1; next }
      state == 1 && index($0, "<!-- ablation:end -->") { print; state = 2; next }
      state == 1 { next }
      { print }' "$f" > "$f.abl.$$"
    if cmp -s "$f" "$f.abl.$$"; then rm -f "$f.abl.$$"; say "ablation table in ${f#$ROOT/} unchanged"
    else cat "$f.abl.$$" > "$f"; rm -f "$f.abl.$$"; say "ablation table rewritten in ${f#$ROOT/}"; fi
  done < <(sed -n 's/^<!-- ablation:begin \([^ ]*\) \(.*\) -->$/\1 \2/p' "$f")
done
[ ${#slugs[@]} -eq 0 ] && say "no bench CSV: README tables left alone"
[ "${PLOTS_TABLES:-1}" = 1 ] && { "$ROOT/scripts/profile-tables.sh" || status=1; }   # lessons' profiler tables
[ "$figures" = 1 ] && say "$nfig figure files (${terms[*]}) in ${OUT#$ROOT/}/"
exit $status
