# frontier.gp - figure (c): frontier size per BFS level, one panel per graph (one graph of
# each class: Kronecker, road or grid, social), one line per step in the step's colour (default
# variant, the trace of one seeded source: -a). Steps that keep duplicates in their queue show
# them here. Where steps agree exactly (level-synchronous steps without duplicates) their lines
# would coincide: on graphs of few levels each line is shifted sideways a little (dx below).
#
# Variables (scripts/plots.sh): graphs, plus per panel i files<i> (data files) and titles<i>
# (line titles "stepNN/variant", in step order), all space-separated; plus common.gp's.
# Data: level  frontier  edges  ms
if (!exists("gpdir")) gpdir = 'plots'
load gpdir.'/common.gp'

n = words(graphs)
# the panels leave the right edge to the legend (one for all panels, drawn by the panel with
# the most lines), clear of every axis label
rm = 1.0 - 180.0 / width
set multiplot layout 1, n title heading font ',13' margins 0.06, rm, 0.14, 0.80 spacing 0.06, 0
set logscale y
set format y '%g'
set xlabel 'BFS level'
set ylabel 'frontier (vertices expanded, log scale)'
most = 1
do for [i = 1:n] { if (words(value(sprintf('files%d', i))) > words(value(sprintf('files%d', most)))) { most = i } }
do for [i = 1:n] {
  fl = value(sprintf('files%d', i))
  tl = value(sprintf('titles%d', i))
  nl = words(fl)
  if (i == most) { set key at screen rm + 0.01, 0.80 left top vertical Left reverse font ',10' samplen 2.5 spacing 1.2 title 'step/variant' left } else { unset key }
  set title word(graphs, i) font ',12'
  # on graphs of few levels (markers drawn) each step's line is shifted sideways by a small
  # step (at most +-0.16 level), so that lines with equal values lie side by side, not on top
  stats word(fl, 1) using 1 nooutput
  few = (STATS_records <= 40)
  if (few) { set xrange [STATS_min - 0.4 : STATS_max + 0.4]; set xtics 1 } else { set xrange [*:*]; set xtics autofreq }
  dx(j) = few ? (j - (nl + 1) / 2.0) * 0.32 / nl : 0
  plot for [j = 1:nl] word(fl, j) using ($1 + dx(j)):($2 > 0 ? $2 : NaN) with lines \
         lw 1.6 lc rgb rgbstr(stepcol(stepno(word(tl, j)))) title word(tl, j), \
       for [j = 1:nl] word(fl, j) using ($1 + dx(j)):(few && $2 > 0 ? $2 : NaN) with points \
         pt 7 ps 0.45 lc rgb rgbstr(stepcol(stepno(word(tl, j)))) notitle
}
unset multiplot
