# scale.gp - figure (d): traversal rate against graph size, Kronecker and uniform random
# graphs of 2^scale vertices and 16 * 2^scale undirected edges, every step (default
# variant): median GTEPS over sources x trials.
#
# Variables (scripts/plots.sh): datadir, gens ("kron uniform"), gtitle<i> (panel titles),
# steps (line titles "stepNN/variant"), nsteps, plus common.gp's. Each line is linetype NN:
# the step's colour and marker. Data: datadir/scale-GEN-J.dat: scale  gteps  ms
if (!exists("gpdir")) gpdir = 'plots'
load gpdir.'/common.gp'

n = words(gens)
set multiplot layout 1, n title heading font ',13'
set logscale y
set format y '%g'
set xlabel 'scale (log2 of the vertex count)'
set ylabel 'GTEPS (10^9 traversed edges / s, log scale)'
set xtics 1
set key top left font ',9'
do for [i = 1:n] {
  set title value(sprintf('gtitle%d', i)) font ',12'
  plot for [j = 1:nsteps] sprintf('%s/scale-%s-%d.dat', datadir, word(gens, i), j) using 1:2 \
       with linespoints lt stepno(word(steps, j)) title word(steps, j)
}
unset multiplot
