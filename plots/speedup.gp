# speedup.gp - figure (e): speedup of every step over the CPU oracle (serial BFS, the same
# graph and sources, median of the same trials), one line per graph; each point is the
# step's best variant and launch shape. Above the dashed line the GPU step wins.
#
# Variables (scripts/plots.sh): data, ncols (columns in data), plus common.gp's.
# Data: a header line "x step G1 G2 ...", then  x  stepNN  speedup...  (NaN where absent)
if (!exists("gpdir")) gpdir = 'plots'
load gpdir.'/common.gp'

set title heading font ',12'
set logscale y
set format y '%g'
set ylabel 'speedup over the CPU oracle (x, log scale)'
set xlabel 'step (best variant and launch shape)'
set key outside right top font ',9'
stats data using 1 nooutput
set xrange [0.5 : STATS_max + 0.5]
plot for [i = 3:ncols] data using 1:i:xtic(2) with linespoints lt (i - 2) title columnheader(i), \
     1 with lines dt 2 lw 1.5 lc rgb 'black' title 'CPU oracle (1x)'
