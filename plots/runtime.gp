# runtime.gp - figure (a): time of every step and variant, one panel per graph
# (Springer, "BFS in CUDA", Fig. 7): each bar is the median over sources x trials of
# the best launch shape; log y. The dashed line is the CPU oracle on that graph, the dotted
# one the parallel CPU baseline (harness/cpubase.h) when measured.
#
# Variables (scripts/plots.sh): datadir, graphs ("kron20 uniform20 ..."), cpus (CPU ms per
# graph, NaN when absent), cpupars (parallel CPU ms per graph, NaN when absent; optional),
# ptitle<i> (panel titles), cols, plus common.gp's.
# Data: datadir/runtime-G.dat, one bar a line: x  label  ms  step  variant-rank  value-label
# (colour: the step's colour, its variants as shades of it: common.gp's varcol)
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
set offsets 0, 0, graph 0.10, 0
# value labels upright on an opaque white box above each bar: a CPU line passing behind a
# number is hidden by the box, never drawn across it
set style textbox opaque noborder margins 0.3, 0.2
do for [i = 1:n] {
  g = word(graphs, i)
  c = real(word(cpus, i))
  cp = exists("cpupars") ? real(word(cpupars, i)) : NaN
  f = sprintf('%s/runtime-%s.dat', datadir, g)
  stats f using 1 nooutput
  set xrange [0.4 : STATS_max + 0.6]
  set title value(sprintf('ptitle%d', i)) font ',12'
  plot f using 1:3:(varcol($4, $5)):xtic(2) with boxes lc rgb variable, \
       (c == c ? c : NaN) with lines dt 2 lw 1.5 lc rgb rgbstr(CPUCOL) title (c == c ? sprintf('CPU oracle (1 core) %.3g ms', c) : ''), \
       (cp == cp ? cp : NaN) with lines dt 3 lw 2 lc rgb rgbstr(CPUPARCOL) title (cp == cp ? sprintf('CPU parallel %.3g ms', cp) : ''), \
       f using 1:3:6 with labels boxed offset 0, 0.55 font ',7' notitle
}
unset multiplot
