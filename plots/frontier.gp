# frontier.gp - figure (c): frontier size per BFS level, one panel per graph (one graph of
# each class: Kronecker, road or grid, social), one line per step (default variant, the
# trace of one seeded source: -a). Steps that keep duplicates in their queue show them here.
#
# Variables (scripts/plots.sh): datadir, graphs, plus per panel i files<i> (data files) and
# titles<i> (line titles), all space-separated; plus common.gp's.
# Data: level  frontier  edges  ms
if (!exists("gpdir")) gpdir = 'plots'
load gpdir.'/common.gp'

n = words(graphs)
# one legend for all panels, in a row below them, never over the data: the panels end
# at 27 % of the height, the legend sits under them (drawn by the panel with the most lines)
set multiplot layout 1, n title heading font ',13' margins 0.05, 0.99, 0.27, 0.80 spacing 0.07, 0
set logscale y
set format y '%g'
set xlabel 'BFS level'
set ylabel 'frontier (vertices expanded, log scale)'
most = 1
do for [i = 1:n] { if (words(value(sprintf('files%d', i))) > words(value(sprintf('files%d', most)))) { most = i } }
do for [i = 1:n] {
  fl = value(sprintf('files%d', i))
  tl = value(sprintf('titles%d', i))
  if (i == most) { set key at screen 0.5, 0.01 center bottom horizontal maxcols 8 maxrows 1 font ',10' samplen 3 width 1 } else { unset key }
  set title word(graphs, i) font ',12'
  plot for [j = 1:words(fl)] word(fl, j) using 1:($2 > 0 ? $2 : NaN) with linespoints ps 0.5 pi -1 \
       lt j title word(tl, j)
}
unset multiplot
