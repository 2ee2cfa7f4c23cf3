# frontier.gp - figure (c): queue entries per BFS level (the frontier, duplicates included), one
# panel per graph (one graph of each class: Kronecker, road or grid, social), the trace of one
# seeded source (-a) of each step's default variant. Steps whose entries are equal at every
# level share one black line named by all of them; every other step is a line in its colour,
# above the shared line by the duplicates it lets into its queue. Where the steps shift the
# levels (they run several levels per barrier) the line is shifted too. On graphs of few levels
# each level is a marker; on graphs of many (bin<i> > 1) a point is the mean of bin<i> levels.
#
# Variables (scripts/plots.sh): graphs; per panel i: files<i> (data files, space-separated),
# bin<i> (levels per point); per line j of panel i: tt<i>_<j> (its title), cc<i>_<j> (its step
# number, 0: the shared line); plus common.gp's.
# Data: level  entries
if (!exists("gpdir")) gpdir = 'plots'
load gpdir.'/common.gp'

n = words(graphs)
# each panel's legend sits under it (a legend over a panel would cover its lines), clear of
# every axis label
set multiplot layout 1, n title heading font ',13' margins 0.05, 0.99, 0.30, 0.82 spacing 0.05, 0
set logscale y
set format y '%g'
set ylabel 'queue entries (log scale)'
lcol(i, j) = value(sprintf('cc%d_%d', i, j))
lrgb(i, j) = lcol(i, j) == 0 ? '#000000' : rgbstr(stepcol(lcol(i, j)))
ltit(i, j) = value(sprintf('tt%d_%d', i, j))
do for [i = 1:n] {
  fl = value(sprintf('files%d', i))
  b = value(sprintf('bin%d', i))
  nl = words(fl)
  set key at graph 0.5, -0.2 center top vertical maxrows 4 Left reverse font ',9' samplen 2 spacing 1.1 width -2
  set title word(graphs, i).(b > 1 ? sprintf(' (a point: the mean of %d levels)', b) : '') font ',12'
  set xlabel 'BFS level'
  stats word(fl, 1) using 1 nooutput
  few = (b == 1 && STATS_records <= 40)
  if (few) { set xrange [STATS_min - 0.3 : STATS_max + 0.3]; set xtics 1 } else { set xrange [*:*]; set xtics autofreq }
  # the shared line first and widest, the steps of their own above it
  plot for [j = 1:nl] word(fl, j) using 1:($2 > 0 ? $2 : NaN) with lines \
         lw (lcol(i, j) == 0 ? 4 : 1.6) lc rgb (lcol(i, j) == 0 ? '#9a9a9a' : lrgb(i, j)) title ltit(i, j), \
       for [j = 1:nl] word(fl, j) using 1:(few && $2 > 0 ? $2 : NaN) with points \
         pt 7 ps (lcol(i, j) == 0 ? 0.9 : 0.5) lc rgb lrgb(i, j) notitle
}
unset multiplot
