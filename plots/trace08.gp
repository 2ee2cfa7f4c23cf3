# trace08.gp - step 08 (BFS-4K): per BFS level, the frontier (queue entries, duplicates
# included) and the duplicates in it, with and without the hash table, for edge-discover (the
# step's default) and virtual warps of 4; one column of panels per graph. Filled points:
# single-block levels (block 0 alone), open points: multi-block levels (the whole grid).
# Data: plots/data/trace-step08-h100.csv (scripts/ablation08.sh), columns
#   config,graph,src,level,frontier,edges,dups,mode,vw,assign,hubs
# Run from the repository root (gnuplot and awk only):
#   gnuplot -e "term='svg'; out='plots/trace-step08-h100.svg'" plots/trace08.gp
if (!exists("gpdir")) gpdir = 'plots'
if (!exists("data")) data = 'plots/data/trace-step08-h100.csv'
if (!exists("graphs")) graphs = 'kron20 soc-Slashdot0902 luxembourg_osm'
if (!exists("width")) width = 1500
if (!exists("height")) height = 820
if (!exists("title")) title = 'Step 08: frontier and duplicates per level (filled = single-block level, open = multi-block)'
if (!exists("subtitle")) subtitle = ''
load gpdir.'/common.gp'

# level frontier dups single(0/1) of one graph and configuration, tab-separated
sel(g, c) = sprintf("< awk -F, -v g='%s' -v c='%s' -v OFS='\t' 'NR > 1 && $2 == g && $1 == c { print $4, $5, $7, ($8 == \"single\") }' %s", g, c, data)

n = words(graphs)
set multiplot layout 2, n title heading font ',13'
set xlabel 'BFS level'
set key top right font ',9'
set logscale y
set format y '%g'
do for [i = 1:n] {
  g = word(graphs, i)
  set title g.': frontier (queue entries)' font ',11'
  set ylabel 'entries (log scale)'
  plot sel(g, 'step08')   using 1:($2 > 0 ? $2 : NaN):($4 > 0.5 ? 7 : 6) with linespoints pt variable ps 0.8 lt 1 title 'edge-discover', \
       sel(g, 'hash')     using 1:($2 > 0 ? $2 : NaN):($4 > 0.5 ? 7 : 6) with linespoints pt variable ps 0.8 lt 2 title 'edge-discover + hash', \
       sel(g, 'vw4')      using 1:($2 > 0 ? $2 : NaN):($4 > 0.5 ? 5 : 4) with linespoints pt variable ps 0.8 lt 3 dt 2 title 'vwarp 4', \
       sel(g, 'vw4-hash') using 1:($2 > 0 ? $2 : NaN):($4 > 0.5 ? 5 : 4) with linespoints pt variable ps 0.8 lt 4 dt 2 title 'vwarp 4 + hash'
}
do for [i = 1:n] {
  g = word(graphs, i)
  set title g.': duplicates in the queue' font ',11'
  set ylabel 'duplicate entries (log scale)'
  plot sel(g, 'step08')   using 1:($3 > 0 ? $3 : NaN):($4 > 0.5 ? 7 : 6) with points pt variable ps 0.8 lt 1 title 'edge-discover', \
       sel(g, 'hash')     using 1:($3 > 0 ? $3 : NaN):($4 > 0.5 ? 7 : 6) with points pt variable ps 0.8 lt 2 title 'edge-discover + hash', \
       sel(g, 'vw4')      using 1:($3 > 0 ? $3 : NaN):($4 > 0.5 ? 5 : 4) with points pt variable ps 0.8 lt 3 title 'vwarp 4', \
       sel(g, 'vw4-hash') using 1:($3 > 0 ? $3 : NaN):($4 > 0.5 ? 5 : 4) with points pt variable ps 0.8 lt 4 title 'vwarp 4 + hash'
}
unset multiplot
