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
set multiplot layout 1, n title heading font ',13'
set logscale y
set format y '%g'
set xlabel 'BFS level'
set ylabel 'frontier (vertices expanded, log scale)'
set key top right font ',9'
do for [i = 1:n] {
  fl = value(sprintf('files%d', i))
  tl = value(sprintf('titles%d', i))
  set title word(graphs, i) font ',12'
  plot for [j = 1:words(fl)] word(fl, j) using 1:($2 > 0 ? $2 : NaN) with linespoints ps 0.5 pi -1 \
       lt j title word(tl, j)
}
unset multiplot
