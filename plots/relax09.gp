# relax09.gp - step 09 (H-BF): relax operations against rounds, the paper's Fig. 9 again.
# One panel per graph; one line per setting of the ablation (cumulative relax operations
# after each round, log scale); Dijkstra relaxes every reached edge once (the dashed line),
# a Bellman-Ford sweep relaxes them all every round (the dotted line).
#
#   gnuplot -e "data='plots/data/relax-step09-h100.csv'" -e "out='plots/relax-step09-h100.svg'" \
#           [-e "term='pngcairo'"] [-e "subtitle='...'"] plots/relax09.gp
# Data (scripts/ablation09.sh): config,graph,src,round,frontier,relax,reached_edges
if (!exists("gpdir")) gpdir = 'plots'
if (!exists("data")) data = 'plots/data/relax-step09-h100.csv'
if (!exists("title")) title = 'H-BF (step 09): relax operations per round, cumulative (Busato & Bombieri Fig. 9)'
if (!exists("width")) width = 1200
if (!exists("height")) height = 560
load gpdir.'/common.gp'
if (!exists("graphs")) graphs = system("awk -F, 'NR > 1 && !s[$2]++ { printf \"%s \", $2 }' ".data)
if (!exists("configs")) configs = system("awk -F, 'NR > 1 && !s[$1]++ { printf \"%s \", $1 }' ".data)
set datafile separator ','
n = words(graphs)
set multiplot layout 1, n title heading font ',13'
set logscale y
set format y '10^{%T}'
set format y '%.0e'
set xlabel 'round'
set ylabel 'relax operations so far (log scale)'
set key bottom right font ',9'
do for [i = 1:n] {
  g = word(graphs, i)
  E = real(system("awk -F, -v g=".g." 'NR > 1 && $2 == g { print $7; exit }' ".data))
  R = real(system("awk -F, -v g=".g." 'NR > 1 && $2 == g && $4 > m { m = $4 } END { print m + 0 }' ".data))
  set title sprintf('%s (%.3g reached edges)', g, E) font ',12'
  set xrange [1:R]
  plot for [j = 1:words(configs)] '< awk -F, -v g='.g.' -v c='.word(configs, j).' ''NR > 1 && $2 == g && $1 == c { print $4 "," $6 }'' '.data \
         using 1:2 smooth cumulative with lines lt j title word(configs, j), \
       E with lines dt 2 lc rgb '#555555' title 'Dijkstra (each reached edge once)', \
       E * x with lines dt 3 lc rgb '#999999' title 'Bellman-Ford sweep (every edge, every round)'
}
unset multiplot
