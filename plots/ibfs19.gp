# ibfs19.gp - step 19 (iBFS): time per source of K BFS in one run against a single-source step
# (step 10 by default, or step06) run K times, for each graph. Step 19 in its colour, the base
# step in its own (common.gp); a graph is a marker shape.
# `make plots` draws it (scripts/plots.sh passes csv alone: size and subtitle are this file's).
# By hand, into a file of your own:
#   gnuplot -e "term='svg'; out='/tmp/ibfs-step19.svg'" plots/ibfs19.gp
# Variables: csv (plots/data/ibfs-step19-h100.csv), graphs ("kron20 uniform20 grid1000x1000"),
# base ("step10"), plus common.gp's. Data: plots/ibfs19.awk (mode curve) over the CSV.
if (!exists("gpdir")) gpdir = 'plots'
if (!exists("csv")) csv = 'plots/data/ibfs-step19-h100.csv'
if (!exists("graphs")) graphs = 'kron20 uniform20 grid1000x1000'
if (!exists("base")) base = 'step10'
if (!exists("width")) width = 1300
if (!exists("height")) height = 560
bname = 'step '.base[5:6]
if (!exists("title")) title = 'Step 19 iBFS: K BFS in one run against '.bname.' run K times'
# the provenance of the CSV's rows of step 19 and of the base: GPU, CUDA, driver, each step's commits and dates
if (!exists("subtitle")) subtitle = system(sprintf("awk -F, -v b=%s 'function add(w) { if (!((w, $21) in s)) { s[w, $21] = 1; cm[w] = cm[w] (cm[w] == \"\" ? \"\" : \" .. \") $21 } t = substr($22, 1, 10); if (lo[w] == \"\" || t < lo[w]) lo[w] = t; if (t > hi[w]) hi[w] = t } $1 == \"step19\" { g = $18; d = $19; c = $20; add(1) } $1 == b { add(2) } function span(w) { return lo[w] == hi[w] ? lo[w] : lo[w] \" .. \" hi[w] } END { printf \"%%s, CUDA %%s, driver %%s; step 19: commit %%s, %%s; %%s: commit %%s, %%s\", g, c, d, cm[1], span(1), b, cm[2], span(2) }' %s", base, csv))
load gpdir.'/common.gp'
set datafile separator whitespace
dat = sprintf("< awk -v mode=curve -v base=%s -f %s/ibfs19.awk %s", base, gpdir, csv)
# one graph's rows, a blank line where K jumps past its double (K = 1 to 32): the line breaks
# there, for nothing was measured between
gdat(g) = sprintf("%s | awk -v g='%s' '$1 == g { if (n++ && $2 > 2 * k) print \"\"; k = $2; print }'", dat, g)
C19 = rgbstr(stepcol(19))
CB = rgbstr(stepcol(stepno(base)))
array GPT[6] = [7, 5, 9, 11, 13, 15]
rm = 1.0 - 230.0 / width
set multiplot layout 1, 2 title heading font ',13' margins 0.06, rm, 0.12, 0.84 spacing 0.08, 0
set logscale x 2
set xtics (1, 32, 64, 128, 1024)
set xlabel 'K (sources in one run)'
set grid
set key at screen rm + 0.01, 0.84 left top vertical Left reverse font ',10' samplen 3 spacing 1.3
set title 'speedup: ('.bname.' time per source) / (step 19 time per source)' font ',11'
set ylabel 'speedup (log scale)'
set logscale y
set format y '%g'
plot for [i = 1:words(graphs)] gdat(word(graphs, i)) using 2:5 \
     with linespoints lw 1.8 pt GPT[i] ps 1.1 lc rgb C19 notitle, \
     1 with lines dt 2 lc rgb '#888888' notitle, \
     keyentry with lines lw 1.8 lc rgb C19 title 'step 19, K at once', \
     keyentry with lines lw 1.8 dt 2 lc rgb CB title bname.', K runs', \
     for [i = 1:words(graphs)] keyentry with points pt GPT[i] ps 1.1 lc rgb 'black' title word(graphs, i)
unset key
set title 'time per source (ms, log scale)' font ',11'
set ylabel 'ms per source'
plot for [i = 1:words(graphs)] gdat(word(graphs, i)) using 2:4 \
     with linespoints lw 1.8 pt GPT[i] ps 1.1 lc rgb C19 notitle, \
     for [i = 1:words(graphs)] gdat(word(graphs, i)) using 2:3 \
     with linespoints lw 1.8 dt 2 pt GPT[i] ps 1.1 lc rgb CB notitle
unset multiplot
