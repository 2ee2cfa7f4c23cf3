# trace08.gp - step 08 (BFS-4K): per BFS level, the frontier (queue entries, duplicates
# included) and the duplicates in it, with and without the hash table, for edge-discover (the
# step's default) and virtual warps of 4; one column of panels per graph. Filled points:
# single-block levels (block 0 alone), open points: multi-block levels (the whole grid).
# Colours: step 08's for its default (edge-discover, no hash), and three clearly different ones
# for the other configurations (dark: with the hash); a marker shape per configuration.
# Data: plots/data/trace-step08-h100.csv (scripts/ablation08.sh), columns
#   config,graph,src,level,frontier,edges,dups,mode,vw,assign,hubs
# Run from the repository root (gnuplot and awk only):
#   gnuplot -e "term='svg'; out='plots/trace-step08-h100.svg'" plots/trace08.gp
if (!exists("gpdir")) gpdir = 'plots'
if (!exists("data")) data = 'plots/data/trace-step08-h100.csv'
if (!exists("graphs")) graphs = 'kron20 soc-Slashdot0902 luxembourg_osm'
if (!exists("width")) width = 1700
if (!exists("height")) height = 820
if (!exists("title")) title = 'Step 08: frontier and duplicates in the queue per BFS level, four configurations'
if (!exists("subtitle")) subtitle = ''
load gpdir.'/common.gp'

# level frontier dups single(0/1) of one graph and configuration, tab-separated
sel(g, c) = sprintf("< awk -F, -v g='%s' -v c='%s' -v OFS='\t' 'NR > 1 && $2 == g && $1 == c { print $4, $5, $7, ($8 == \"single\") }' %s", g, c, data)

n = words(graphs)
# a colour and a marker shape a configuration (filled: a single-block level, open: a
# multi-block one); the vwarp lines dashed. One legend for the
# figure, right of the panels, never over the data.
array CF[4] = ['step08', 'hash', 'vw4', 'vw4-hash']
array CT[4] = ['edge-discover', 'edge-discover + hash', 'vwarp 4', 'vwarp 4 + hash']
array CC[4] = [0, 0x5b1a5e, 0xe69f00, 0x007c7c]
array CP[4] = [7, 5, 9, 13]
array CD[4] = [1, 1, 2, 2]
col(j) = rgbstr(j == 1 ? stepcol(8) : CC[j])
rm = 1.0 - 230.0 / width
set multiplot layout 2, n title heading font ',13' margins 0.05, rm, 0.07, 0.88 spacing 0.06, 0.12
set xlabel 'BFS level'
set logscale y
set format y '%g'
xt(g) = system(sprintf("awk -F, -v g='%s' 'NR > 1 && $2 == g && $4 > m { m = $4 } END { print (m <= 12 ? 1 : 0) }' %s", g, data)) eq '1'
do for [i = 1:n] {
  g = word(graphs, i)
  if (xt(g)) { set xtics 1 } else { set xtics autofreq }
  if (i == n) { set key at screen rm + 0.01, 0.88 left top vertical Left reverse font ',10' samplen 3 spacing 1.3 } else { unset key }
  set title g.': frontier (queue entries)' font ',11'
  set ylabel 'entries (log scale)'
  plot for [j = 1:4] sel(g, CF[j]) using 1:($2 > 0 ? $2 : NaN) with lines lw 1.5 dt CD[j] lc rgb col(j) notitle, \
       for [j = 1:4] sel(g, CF[j]) using 1:($2 > 0 ? $2 : NaN):($4 > 0.5 ? CP[j] : CP[j] - 1) with points pt variable ps 0.6 lc rgb col(j) notitle, \
       for [j = 1:4] keyentry with linespoints lw 1.5 dt CD[j] pt CP[j] ps 0.9 lc rgb col(j) title CT[j], \
       keyentry with points pt 7 ps 0.9 lc rgb 'black' title 'filled: single-block level', \
       keyentry with points pt 6 ps 0.9 lc rgb 'black' title 'open: multi-block level'
}
# duplicates: per level where a graph has few levels; on a graph of many levels (a road) a
# cloud of points a level would hide the configurations behind each other: there the running
# total over the levels, one line a configuration
cum(g, c) = sprintf("%s | awk -F'\t' -v OFS='\t' '{ t += $3; print $1, t }'", sel(g, c))
unset key
do for [i = 1:n] {
  g = word(graphs, i)
  set ylabel 'duplicate entries (log scale)'
  if (xt(g)) {
    set xtics 1
    set title g.': duplicates in the queue, per level' font ',11'
    plot for [j = 1:4] sel(g, CF[j]) using 1:($3 > 0 ? $3 : NaN) with lines lw 1.2 dt CD[j] lc rgb col(j) notitle, \
         for [j = 1:4] sel(g, CF[j]) using 1:($3 > 0 ? $3 : NaN):($4 > 0.5 ? CP[j] : CP[j] - 1) with points pt variable ps 0.9 lc rgb col(j) notitle
  } else {
    set xtics autofreq
    set title g.': duplicates in the queue, running total over the levels' font ',11'
    plot for [j = 1:4] cum(g, CF[j]) using 1:($2 > 0 ? $2 : NaN) with lines lw 1.8 dt CD[j] lc rgb col(j) notitle
  }
}
unset multiplot
