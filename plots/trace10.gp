# trace10.gp - step 10 (direction-optimizing BFS): per BFS level, the frontier, the edges
# inspected, the time, and which direction the rule chose; one column of panels per graph. (The
# time of a level is the step's own, from the device's clock: from the level's start to its last
# barrier, the trace's own counting left out.) Data: the harness's trace CSV (-a) with the level's direction appended
# (scripts/ablation10.sh writes it: plots/data/trace-step10-h100.csv). Columns:
#   step,variant,graph,src,grid,block,level,frontier,edges,duplicates,ms,gpu,commit,direction
# Top row: the rule's levels (variable rule: beamer, step 11's; slides, step 10's), frontier (solid) and edges inspected (dashed; log scale);
# a circle is a top-down level, a square a bottom-up one. Bottom row: the time of each level
# (µs, log scale), the variant topdown (hatched) and the rule (solid) side by side; a light bar is a
# top-down level, a dark bar a bottom-up one. Every colour is a shade of step 10's (common.gp).
#
# `make plots` draws it (scripts/plots.sh, the SVG and the PNG); by hand, from the repository root,
# into a file of your own (gnuplot and awk only):
#   gnuplot -e "term='svg'; out='/tmp/trace-step10.svg'" plots/trace10.gp
# Variables: data (the CSV), graphs (space-separated), subtitle; plus common.gp's.
if (!exists("gpdir")) gpdir = 'plots'
if (!exists("data")) data = 'plots/data/trace-step10-h100.csv'
if (!exists("graphs")) graphs = 'kron22 uniform22 soc-Slashdot0902'
if (!exists("rule")) rule = 'beamer'   # the variant drawn against topdown: step 10's slides, step 11's beamer
if (!exists("width")) width = 1700
if (!exists("height")) height = 820
if (!exists("title")) title = 'Step 11: the direction of every BFS level (circle, light bar: top-down; square, dark bar: bottom-up)'
if (!exists("subtitle")) subtitle = system("awk -F, 'NR == 2 { printf \"%s, commit %s\", $12, $13 }' ".data)
load gpdir.'/common.gp'

# level frontier edges ms bottom-up(0/1) of one graph and variant, tab-separated
sel(g, v) = sprintf("< awk -F, -v g='%s' -v v='%s' -v OFS='\t' 'NR > 1 && $3 == g && $2 == v { print $7, $8, $9, $11, ($14 == \"bottom-up\") }' %s", g, v, data)
TD = shade(stepcol(10), 0.35)          # a top-down level
BU = shade(stepcol(10), -0.55)         # a bottom-up level
dircol(bu) = bu > 0.5 ? BU : TD

n = words(graphs)
rm = 1.0 - 250.0 / width
set multiplot layout 2, n title heading font ',13' margins 0.05, rm, 0.07, 0.88 spacing 0.06, 0.12
set xlabel 'BFS level'
do for [i = 1:n] {
  g = word(graphs, i)
  if (i == n) { set key at screen rm + 0.01, 0.88 left top vertical Left reverse font ',10' samplen 3 spacing 1.3 } else { unset key }
  set title g.': frontier, edges inspected ('.rule.')' font ',11'
  set logscale y
  set format y '%g'
  set ylabel 'vertices / edges (log scale)'
  set xtics 1
  set xrange [*:*]
  plot sel(g, rule) using 1:($2 > 0 ? $2 : NaN) with lines lw 1.6 lc rgb rgbstr(stepcol(10)) notitle, \
       ''               using 1:($3 > 0 ? $3 : NaN) with lines lw 1.6 dt 2 lc rgb rgbstr(BU) notitle, \
       ''               using 1:($2 > 0 ? $2 : NaN):($5 > 0.5 ? 5 : 7):(dircol($5)) with points pt variable ps 1.2 lc rgb variable notitle, \
       ''               using 1:($3 > 0 ? $3 : NaN):($5 > 0.5 ? 5 : 7):(dircol($5)) with points pt variable ps 1.2 lc rgb variable notitle, \
       keyentry with lines lw 1.6 lc rgb rgbstr(stepcol(10)) title 'frontier (vertices)', \
       keyentry with lines lw 1.6 dt 2 lc rgb rgbstr(BU) title 'edges inspected', \
       keyentry with points pt 7 ps 1.2 lc rgb rgbstr(TD) title 'top-down level', \
       keyentry with points pt 5 ps 1.2 lc rgb rgbstr(BU) title 'bottom-up level', \
       keyentry with boxes fill pattern 4 lc rgb rgbstr(TD) title 'time, variant topdown', \
       keyentry with boxes fill solid 0.9 lc rgb rgbstr(TD) title 'time, '.rule.': top-down', \
       keyentry with boxes fill solid 0.9 lc rgb rgbstr(BU) title 'time, '.rule.': bottom-up'
  unset logscale y
}
unset key
do for [i = 1:n] {
  g = word(graphs, i)
  set title g.': time per level' font ',11'
  set logscale y
  set format y '%g'
  set ylabel 'µs (log scale)'
  set autoscale xy
  stats sel(g, rule) using 1 nooutput
  set xrange [STATS_min - 0.6 : STATS_max + 0.6]
  set yrange [1:*]
  set boxwidth 0.38
  plot sel(g, 'topdown') using ($1 - 0.2):($4 > 0 ? $4 * 1000 : NaN):(dircol($5)) with boxes fill pattern 4 lc rgb variable notitle, \
       sel(g, rule)  using ($1 + 0.2):($4 > 0 ? $4 * 1000 : NaN):(dircol($5)) with boxes fill solid 0.9 lc rgb variable notitle
  unset logscale y
  set autoscale y
}
unset multiplot
