# runtime.gp - figure (a): BFS time per step, one panel per graph (Springer, "BFS in CUDA",
# Fig. 7): each bar is the median over sources x trials of the best launch shape; log y. The
# last two bars of a panel are the CPU oracle (serial, black) and the parallel CPU baseline
# (harness/cpubase.h, grey) on that graph. plots.sh draws it twice: runtime-SLUG, the
# fastest variant of each step on one graph of each class, and runtime-variants-SLUG, every
# step and variant on every graph.
#
# Variables (scripts/plots.sh): datadir, graphs ("kron20 uniform20 ..."), ptitle<i> (panel
# titles), cols, xfont (tic label size; 9), plus common.gp's.
# Data: datadir/runtime-G.dat, one bar a line: x  label  ms  step  variant-rank  value-label
# (colour: the step's colour, its variants as shades of it: common.gp's varcol; step 0 is a
# CPU reference, rank 1 the oracle, 2 the parallel baseline)
# (a label ends in "[k FAIL]" when k runs of that variant gave a wrong answer)
if (!exists("gpdir")) gpdir = 'plots'
load gpdir.'/common.gp'

n = words(graphs)
if (!exists("cols")) cols = (n < 2 ? n : 2)
if (!exists("xfont")) xfont = 9
rows = int((n + cols - 1) / cols)
xf = sprintf(',%d', xfont)
lf = sprintf(',%d', xfont - 2)
barcol(s, r) = s == 0 ? (r == 1 ? CPUCOL : 0x9a9a9a) : varcol(s, r)

set multiplot layout rows, cols title heading font ',13'
set logscale y
set format y '%g'
set ylabel 'time per BFS (ms, log scale)'
set xtics rotate by 45 right font xf scale 0
set style fill solid 0.85 border lc rgb '#555555'
set boxwidth 0.75
set offsets 0, 0, graph 0.12, 0
set grid noxtics
# value labels upright above each bar on an opaque white box
set style textbox opaque noborder margins 0.3, 0.2
do for [i = 1:n] {
  g = word(graphs, i)
  f = sprintf('%s/runtime-%s.dat', datadir, g)
  stats f using 1 nooutput
  set xrange [0.4 : STATS_max + 0.6]
  set title value(sprintf('ptitle%d', i)) font ',11'
  plot f using 1:3:(barcol($4, $5)):xtic(2) with boxes lc rgb variable, \
       f using 1:3:6 with labels boxed offset 0, 0.6 font lf notitle
}
unset multiplot
