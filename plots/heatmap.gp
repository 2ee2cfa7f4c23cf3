# heatmap.gp - figure (b): median time over the launch grid of one step, variant and graph
# (Springer, "BFS in CUDA", Fig. 8): x = blocks in the grid (-x; "auto" = the step's own
# choice), y = threads per block (-b), colour = median ms on a log scale. The outlined cell
# is the fastest shape; white cells have no result (timed out, or every run failed).
#
# Variables (scripts/plots.sh): data, xt and yt (tic lists "(\"auto\" 0, \"1\" 1, ...)"),
# nx, ny, cbt (colour-bar tic list, 1-2-5 a decade and the range's ends; "" for gnuplot's own),
# plus common.gp's.
# Data: one cell a line: xi  yi  ms  label  best(0|1)  white-label(0|1: a dark cell)
if (!exists("gpdir")) gpdir = 'plots'
load gpdir.'/common.gp'

set title heading font ',12'
set xlabel 'grid (blocks, -x)'
set ylabel 'block (threads, -b)'
eval 'set xtics '.xt
eval 'set ytics '.yt
set xtics rotate by 45 right
set xrange [-0.5 : nx - 0.5]
set yrange [-0.5 : ny - 0.5]
set border 15
set grid noytics nomytics
set logscale cb
set format cb '%g'
if (exists("cbt") && cbt ne '') { eval 'set cbtics '.cbt }
# the colour-bar label clear of the tic labels: room on the right, label moved out
set rmargin 13
set cblabel 'median time per BFS (ms, log scale)' offset 2.5, 0
set palette defined (0 '#ffffcc', 0.35 '#fed976', 0.6 '#fd8d3c', 0.85 '#e31a1c', 1 '#800026')
set key at screen 0.98, 0.02 right bottom font ',9'
# the fastest cell's outline sits inside the cell (half-width 0.44): never clipped by the border
plot data using 1:2:(0.5):(0.5):3 with boxxyerror fs solid 1.0 noborder lc palette, \
     data using 1:2:4:($6 > 0 ? 0xffffff : 0x000000) with labels font ',7' tc rgb variable, \
     data using ($5 > 0 ? $1 : NaN):2:(0.44):(0.44) with boxxyerror lc rgb '#1f1fff' lw 3 fs empty \
       title 'fastest shape'
