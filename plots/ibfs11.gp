# ibfs11.gp - step 11 (iBFS) speedup curve: time per source of K BFS in one run against
# a single-source step (base: step 10 by default, or step06) run K times, for each graph (issue 11).
#   gnuplot -e "term='svg'; out='plots/ibfs-step11-h100.svg'" plots/ibfs11.gp
# Variables: csv (plots/data/ibfs-step11-h100.csv), graphs ("kron20 uniform20 grid1000x1000"),
# base ("step10"), plus common.gp's. Data: plots/ibfs11.awk (mode curve) over the CSV.
if (!exists("gpdir")) gpdir = 'plots'
if (!exists("csv")) csv = 'plots/data/ibfs-step11-h100.csv'
if (!exists("graphs")) graphs = 'kron20 uniform20 grid1000x1000'
if (!exists("base")) base = 'step10'
bname = 'step '.base[5:6]
if (!exists("title")) title = 'Step 11 iBFS: K BFS in one run against '.bname.' run K times'
if (!exists("subtitle")) subtitle = system(sprintf("awk -F, 'NR==2 {print $18\", driver \"$19\", CUDA \"$20\", commit \"$21\", \"substr($22,1,10); exit}' %s", csv))
load gpdir.'/common.gp'
set datafile separator whitespace
dat = sprintf("< awk -v mode=curve -v base=%s -f %s/ibfs11.awk %s", base, gpdir, csv)
set multiplot layout 1, 2 title heading font ',13'
set logscale x 2
set xtics (1, 32, 64, 128, 1024)
set xlabel 'K (sources in one run)'
set key top right font ',10'
set grid
set title 'speedup: ('.bname.' time per source) / (step 11 time per source)' font ',11'
set ylabel 'speedup (log scale)'
set logscale y
set format y '%g'
plot for [i = 1:words(graphs)] dat using ((strcol(1) eq word(graphs, i)) ? $2 : NaN):5 \
     with linespoints lt i title word(graphs, i), \
     1 with lines dt 2 lc rgb '#888888' notitle
set title 'time per source (ms, log scale)' font ',11'
set key bottom left font ',9'
set ylabel 'ms per source'
plot for [i = 1:words(graphs)] dat using ((strcol(1) eq word(graphs, i)) ? $2 : NaN):4 \
     with linespoints lt i title word(graphs, i).' step 11', \
     for [i = 1:words(graphs)] dat using ((strcol(1) eq word(graphs, i)) ? $2 : NaN):3 \
     with linespoints lt i dt 2 pt 6 title word(graphs, i).' '.bname
unset multiplot
