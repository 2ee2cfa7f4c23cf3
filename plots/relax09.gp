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
if (!exists("width")) width = 1400
if (!exists("height")) height = 560
load gpdir.'/common.gp'
if (!exists("graphs")) graphs = system("awk -F, 'NR > 1 && !s[$2]++ { printf \"%s \", $2 }' ".data)
# every configuration of the data but those named in skip: "step09" rows were taken with knobs
# this step no longer has (a priority order and a cooperative round loop, step 14's)
if (!exists("skip")) skip = 'step09'
if (!exists("configs")) configs = system("awk -F, -v skip='".skip."' 'BEGIN { split(skip, k, \" \"); for (i in k) no[k[i]] = 1 } NR > 1 && !($1 in no) && !s[$1]++ { printf \"%s \", $1 }' ".data)
set datafile separator ','
n = words(graphs)
# every configuration a shade of step 09's colour; where lines coincide (the first three settings
# often relax exactly the same edges) the wider, lighter line stays visible around the narrower,
# darker one drawn over it, and each carries its own markers (a different shape, spaced apart)
nc = words(configs)
array CSH[6] = [0.55, 0.2, -0.55, 0, -0.3, 0.4]
array CPT[6] = [6, 4, 8, 7, 10, 12]
lwid(j) = (j < nc) ? 1.5 + 2.2 * (nc - 1 - j) : 2.0
rm = 1.0 - 330.0 / width
set multiplot layout 1, n title heading font ',13' margins 0.07, rm, 0.12, 0.84 spacing 0.08, 0
set logscale y
set format y '%.0e'
set xlabel 'round'
set ylabel 'relax operations so far (log scale)'
set key at screen rm + 0.01, 0.84 left top vertical Left reverse font ',10' samplen 3 spacing 1.3
# round, cumulative relax operations of one configuration on one graph
cum(g, c) = sprintf("< awk -F, -v g='%s' -v c='%s' 'NR > 1 && $2 == g && $1 == c { t += $6; print $4 \",\" t }' %s", g, c, data)
do for [i = 1:n] {
  g = word(graphs, i)
  E = real(system("awk -F, -v g=".g." 'NR > 1 && $2 == g { print $7; exit }' ".data))
  R = real(system("awk -F, -v g=".g." 'NR > 1 && $2 == g && $4 > m { m = $4 } END { print m + 0 }' ".data))
  set title sprintf('%s (%.3g reached edges)', g, E) font ',12'
  set xrange [1:R]
  pint = (R > 60) ? int(R / 12) : 1
  plot for [j = 1:nc] cum(g, word(configs, j)) using 1:2 with lines lw lwid(j) \
         lc rgb rgbstr(shade(stepcol(9), CSH[j])) notitle, \
       for [j = 1:nc] cum(g, word(configs, j)) using 1:2 every pint::(j - 1) * pint / nc with points \
         pt CPT[j] ps 1.2 lc rgb rgbstr(shade(stepcol(9), CSH[j] > 0 ? -0.2 : CSH[j])) notitle, \
       E with lines dt 2 lc rgb '#555555' notitle, \
       E * x with lines dt 3 lc rgb '#999999' notitle, \
       for [j = 1:(i == n ? nc : 0)] keyentry with linespoints lw lwid(j) pt CPT[j] ps 1.2 \
         lc rgb rgbstr(shade(stepcol(9), CSH[j])) title word(configs, j), \
       (i == n ? NaN : 1/0) with lines dt 2 lc rgb '#555555' title (i == n ? 'Dijkstra (each edge once)' : ''), \
       (i == n ? NaN : 1/0) with lines dt 3 lc rgb '#999999' title (i == n ? 'Bellman-Ford (every edge each round)' : '')
}
unset multiplot
