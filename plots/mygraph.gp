# mygraph.gp - your own graph (scripts/mygraph.sh): median time per step and variant (left,
# log scale) and GTEPS (right), one bar each; SSSP steps and the CPU rows in their own colours.
# Variables (gnuplot -e): data (TSV: step, variant, problem, median ms, GTEPS, verified; lines
# starting # skipped), out (the .svg), title, gpdir (plots/).
if (!exists("title")) title = ''
if (!exists("term")) term = 'svg'
width = 1200
height = 520
load gpdir.'/common.gp'
set datafile separator "\t"
set datafile commentschars "#"
set multiplot layout 1,2 title title
set style fill solid 0.85 border -1
set boxwidth 0.7
set xtics rotate by -60 left font ',9' nomirror
set grid ytics
unset key
set xrange [-0.7:*]
colour(prob, step) = (step eq 'cpu') ? 0x9c9c9c : ((prob eq 'sssp') ? 0xe15759 : 0x4e79a7)
set title 'median time per run (ms; log scale)'
set logscale y
plot data using 0:4:(colour(strcol(3), strcol(1))):xtic(sprintf('%s %s', strcol(1), strcol(2))) with boxes lc rgb variable
unset logscale y
set title 'GTEPS (reached directed edges per ns; higher is better)'
set yrange [0:*]
plot data using 0:5:(colour(strcol(3), strcol(1))):xtic(sprintf('%s %s', strcol(1), strcol(2))) with boxes lc rgb variable
unset multiplot
