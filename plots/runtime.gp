# runtime.gp - figure (a): time of every step and variant, one panel per graph
# (Springer, "BFS in CUDA", Fig. 7): each bar is the median over sources x trials of
# the best launch shape; log y. The dashed line is the CPU oracle on that graph, the dotted
# one the parallel CPU baseline (harness/cpubase.h) when measured.
#
# Variables (scripts/plots.sh): datadir, graphs ("kron20 uniform20 ..."), cpus (CPU ms per
# graph, NaN when absent), cpupars (parallel CPU ms per graph, NaN when absent; optional),
# ptitle<i> (panel titles), cols, plus common.gp's.
# Data: datadir/runtime-G.dat, one bar a line: x  label  ms  colour(step)  value-label
# (a label ends in "[k FAIL]" when k runs of that variant gave a wrong answer)
if (!exists("gpdir")) gpdir = 'plots'
load gpdir.'/common.gp'

n = words(graphs)
if (!exists("cols")) cols = (n < 2 ? n : 2)
rows = int((n + cols - 1) / cols)

set multiplot layout rows, cols title heading font ',13'
set logscale y
set format y '%g'
set ylabel 'time per BFS (ms, log scale)'
set xtics rotate by 50 right font ',9'
set style fill solid 0.85 border lc rgb '#555555'
set boxwidth 0.75
set key top right samplen 2 font ',9'
set offsets 0, 0, graph 0.12, 0
set style textbox opaque noborder margins 0.5, 0.5
do for [i = 1:n] {
  g = word(graphs, i)
  c = real(word(cpus, i))
  cp = exists("cpupars") ? real(word(cpupars, i)) : NaN
  f = sprintf('%s/runtime-%s.dat', datadir, g)
  stats f using 1 nooutput
  set xrange [0.4 : STATS_max + 0.6]
  set title value(sprintf('ptitle%d', i)) font ',12'
  # the value labels come last, on an opaque white box: the CPU line never crosses a number
  plot f using 1:3:4:xtic(2) with boxes lc variable, \
       (c == c ? c : NaN) with lines dt 2 lw 1.5 lc rgb 'black' title (c == c ? sprintf('CPU oracle %.3g ms', c) : ''), \
       (cp == cp ? cp : NaN) with lines dt 3 lw 1.5 lc rgb '#444444' title (cp == cp ? sprintf('CPU parallel %.3g ms', cp) : ''), \
       f using 1:3:5 with labels boxed rotate by 90 left offset 0, 0.4 font ',7' notitle
}
unset multiplot
