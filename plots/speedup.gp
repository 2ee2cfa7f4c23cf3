# speedup.gp - figure (e): speedup of every step over the two CPU references, on the same
# graphs and sources: left the CPU oracle (serial BFS, one core), right the parallel CPU
# baseline (harness/cpubase.h, OpenMP). Each point is the step's best variant and launch
# shape on one graph; a graph has a colour and a marker, and a line joins its points (one legend
# below). Above the dashed line the GPU step wins.
#
# Variables (scripts/plots.sh): data1 (vs the oracle), data2 (vs the parallel baseline; may be
# empty), ncols (columns in data1), gnames (the graphs of data1's header), plus common.gp's.
# Data: a header line "x step n G1 G2 ...", then  x  stepNN  N  speedup...  (NaN where absent)
if (!exists("gpdir")) gpdir = 'plots'
load gpdir.'/common.gp'

# a graph is a colour and a marker: the colour and shape by its class (Kronecker blue circles,
# uniform orange squares, grid green triangles, road red inverted triangles, mesh purple diamonds,
# social brown pentagons, others grey), light and open for the first (smaller) graph of a class
# that has two, dark and filled otherwise; the line joining one graph's points in its colour. The steps are the x axis, so
# here the colours tell graphs apart, not steps.
ng = words(gnames)
gclass(nm) = strstrt(nm, 'kron') == 1 ? 1 : strstrt(nm, 'uniform') == 1 ? 2 : strstrt(nm, 'grid') == 1 ? 3 : \
             (strstrt(nm, 'osm') > 0 || strstrt(nm, 'road') > 0) ? 4 : (strstrt(nm, 'delaunay') > 0 || strstrt(nm, 'mesh') > 0) ? 5 : \
             (strstrt(nm, 'soc') == 1 || strstrt(nm, 'com') == 1 || strstrt(nm, 'web') == 1 || strstrt(nm, 'wiki') == 1) ? 6 : 7
array GCC[7] = ['#1f5fa8', '#e07b00', '#2e8b3e', '#c0392b', '#7d3c98', '#8c564b', '#7f7f7f']
array GCC2[7] = ['#6fa8dc', '#f6b26b', '#7fc68a', '#e6877c', '#b58bc9', '#c49c94', '#b0b0b0']
array GPT0[7] = [6, 4, 8, 10, 12, 14, 1]
array GPT[ng > 0 ? ng : 1]
array GCOL[ng > 0 ? ng : 1]
do for [i = 1:ng] {
  c = gclass(word(gnames, i)); k = 0; m = 0
  do for [j = 1:ng] { if (gclass(word(gnames, j)) == c) { m = m + 1; if (j < i) { k = k + 1 } } }
  GPT[i] = GPT0[c] + ((k > 0 || m == 1) && c < 7 ? 1 : 0)
  GCOL[i] = (k > 0 || m == 1 ? GCC[c] : GCC2[c])
}
stats data1 using 1 nooutput
nx = STATS_max
set multiplot layout 1, 2 title heading font ',13' margins 0.07, 0.98, 0.22, 0.86 spacing 0.09, 0
set logscale y
set format y '%g'
set xlabel 'step (best variant and launch shape)'
set xrange [0.5 : nx + 0.5]
set key at screen 0.5, 0.01 center bottom vertical maxrows 2 font ',10' samplen 2.5 width 1
set title 'over the CPU oracle (serial BFS, 1 core)' font ',12'
set ylabel 'speedup (x, log scale)'
plot for [i = 4:ncols] data1 using 1:i:xtic(2) with linespoints lw 1.5 pt GPT[i - 3] ps 1.3 lc rgb GCOL[i - 3] title word(gnames, i - 3), \
     1 with lines dt 2 lw 1.5 lc rgb 'black' title 'as fast as the CPU' 
unset key
set title 'over the parallel CPU baseline (OpenMP, the free cores)' font ',12'
if (system(sprintf("test -s '%s' && echo 1 || echo 0", data2)) eq "1") {
  plot for [i = 4:ncols] data2 using 1:i:xtic(2) with linespoints lw 1.5 pt GPT[i - 3] ps 1.3 lc rgb GCOL[i - 3] notitle, \
       1 with lines dt 2 lw 1.5 lc rgb 'black' notitle
} else {
  set label 1 'no parallel CPU baseline measured' at graph 0.5, 0.5 center
  plot 1 with lines dt 2 lw 1.5 lc rgb 'black' notitle
  unset label 1
}
unset multiplot
