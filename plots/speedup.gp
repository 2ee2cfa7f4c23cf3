# speedup.gp - figure (e): speedup of every step over the two CPU references, on the same
# graphs and sources: left the CPU oracle (serial BFS, one core), right the parallel CPU
# baseline (harness/cpubase.h, 16 threads). Each point is the step's best variant and launch
# shape on one graph; a point has the step's colour, a graph its marker (one legend below);
# the thin grey line joins one graph's points. Above the dashed line the GPU step wins.
#
# Variables (scripts/plots.sh): data1 (vs the oracle), data2 (vs the parallel baseline; may be
# empty), ncols (columns in data1), gnames (the graphs of data1's header), plus common.gp's.
# Data: a header line "x step n G1 G2 ...", then  x  stepNN  N  speedup...  (NaN where absent)
if (!exists("gpdir")) gpdir = 'plots'
load gpdir.'/common.gp'

# a marker per graph column (graph class order): kron open/filled circle, uniform open/filled square, then triangles, diamond, pentagon
array GPT[12] = [6, 7, 4, 5, 8, 10, 12, 14, 9, 11, 13, 15]
stats data1 using 1 nooutput
nx = STATS_max
set multiplot layout 1, 2 title heading font ',13' margins 0.07, 0.98, 0.22, 0.86 spacing 0.09, 0
set logscale y
set format y '%g'
set xlabel 'step (best variant and launch shape)'
set xrange [0.5 : nx + 0.5]
set key at screen 0.5, 0.015 center bottom horizontal maxcols 8 maxrows 1 font ',10' samplen 1 width 2
set title 'over the CPU oracle (serial BFS, 1 core)' font ',12'
set ylabel 'speedup (x, log scale)'
plot for [i = 4:ncols] data1 using 1:i with lines lw 1 lc rgb '#b0b0b0' notitle, \
     for [i = 4:ncols] data1 using 1:i:(stepcol($3)):xtic(2) with points pt GPT[i - 3] ps 1.3 lc rgb variable notitle, \
     1 with lines dt 2 lw 1.5 lc rgb 'black' notitle, \
     for [i = 4:ncols] keyentry with points pt GPT[i - 3] ps 1.3 lc rgb 'black' title word(gnames, i - 3)
unset key
set title 'over the parallel CPU baseline (16 threads)' font ',12'
if (system(sprintf("test -s '%s' && echo 1 || echo 0", data2)) eq "1") {
  plot for [i = 4:ncols] data2 using 1:i with lines lw 1 lc rgb '#b0b0b0' notitle, \
       for [i = 4:ncols] data2 using 1:i:(stepcol($3)):xtic(2) with points pt GPT[i - 3] ps 1.3 lc rgb variable notitle, \
       1 with lines dt 2 lw 1.5 lc rgb 'black' notitle
} else {
  set label 1 'no parallel CPU baseline measured' at graph 0.5, 0.5 center
  plot 1 with lines dt 2 lw 1.5 lc rgb 'black' notitle
  unset label 1
}
unset multiplot
