# trace10.gp - step 10 (direction-optimizing BFS): per BFS level, the frontier, the edges
# inspected, the time, and which direction the rule chose; one column of panels per graph. (The
# time of a level is the step's own, from the device's clock: from the level's start to its last
# barrier, the trace's own counting left out.) Data: the harness's trace CSV (-a) with the level's direction appended
# (scripts/ablation10.sh writes it: plots/data/trace-step10-h100.csv). Columns:
#   step,variant,graph,src,grid,block,level,frontier,edges,duplicates,ms,gpu,commit,direction
# Top row: the beamer rule's levels, frontier and edges inspected (log scale); a circle is a
# top-down level, a square a bottom-up one. Bottom row: the time of each level (µs, log scale),
# always top-down (hatched) and beamer (solid) side by side; blue top-down, orange bottom-up.
#
# Run from the repository root (gnuplot only, no other tool than awk):
#   gnuplot -e "term='svg'; out='plots/trace-step10-h100.svg'" plots/trace10.gp
#   gnuplot -e "term='pngcairo'; out='plots/trace-step10-h100.png'" plots/trace10.gp
# Variables: data (the CSV), graphs (space-separated), subtitle; plus common.gp's.
if (!exists("gpdir")) gpdir = 'plots'
if (!exists("data")) data = 'plots/data/trace-step10-h100.csv'
if (!exists("graphs")) graphs = 'kron22 uniform22 soc-Slashdot0902'
if (!exists("width")) width = 1500
if (!exists("height")) height = 820
if (!exists("title")) title = 'Step 10: the direction of every BFS level (circle/blue = top-down, square/orange = bottom-up)'
if (!exists("subtitle")) subtitle = system("awk -F, 'NR == 2 { printf \"%s, commit %s\", $12, $13 }' ".data)
load gpdir.'/common.gp'

# level frontier edges ms bottom-up(0/1) of one graph and variant, tab-separated
sel(g, v) = sprintf("< awk -F, -v g='%s' -v v='%s' -v OFS='\t' 'NR > 1 && $3 == g && $2 == v { print $7, $8, $9, $11, ($14 == \"bottom-up\") }' %s", g, v, data)

n = words(graphs)
set multiplot layout 2, n title heading font ',13'
set xlabel 'BFS level'
set key top right font ',9'
do for [i = 1:n] {
  g = word(graphs, i)
  set title g.': frontier, edges inspected (beamer)' font ',11'
  set logscale y
  set format y '%g'
  set ylabel 'vertices / edges (log scale)'
  set xtics 1
  plot sel(g, 'beamer') using 1:($2 > 0 ? $2 : NaN):($5 > 0.5 ? 5 : 7) with linespoints pt variable ps 1.2 lt 1 title 'frontier', \
       ''               using 1:($3 > 0 ? $3 : NaN):($5 > 0.5 ? 5 : 7) with linespoints pt variable ps 1.2 lt 3 dt 2 title 'edges inspected'
  unset logscale y
}
do for [i = 1:n] {
  g = word(graphs, i)
  set title g.': time per level (topdown hatched, beamer solid)' font ',11'
  set logscale y
  set format y '%g'
  set ylabel 'µs (log scale)'
  set yrange [1:*]
  set boxwidth 0.38
  plot sel(g, 'topdown') using ($1 - 0.2):($4 > 0 ? $4 * 1000 : NaN):($5 > 0.5 ? 2 : 1) with boxes fill pattern 4 lc variable title 'topdown', \
       sel(g, 'beamer')  using ($1 + 0.2):($4 > 0 ? $4 * 1000 : NaN):($5 > 0.5 ? 2 : 1) with boxes fill solid 0.8 lc variable title 'beamer'
  unset logscale y
  set autoscale y
}
unset multiplot
