# frontier.gp - figure (c): queue entries per BFS level (the frontier, duplicates included), one
# column of panels per graph (one graph of each class: Kronecker, road or grid, social), the
# trace of one seeded source (-a) of each step's default variant. Top row: steps whose entries
# are equal at every level share one wide grey line named by all of them; every other step is a
# line in its colour. Bottom row: each of those other steps' entries above the shared line at
# the same level (its duplicates, and the entries of levels it ran early), which the top row's
# log scale hides. On graphs of few levels each level is a marker; on graphs of many (bin<i> > 1)
# a point is the mean of bin<i> levels.
#
# Variables (scripts/plots.sh): graphs; per column i: files<i> and efiles<i> (the data files of
# the two rows, space-separated, line j in both), bin<i> (levels per point), ref<i> (the line
# of the shared group, 0: none), above<i> (1: some line lies above it); per line j: tt<i>_<j>
# (its title), cc<i>_<j> (its step number, 0: the shared group); plus common.gp's.
# Data: level  entries (top), level  entries above the shared line (bottom; NaN: none)
if (!exists("gpdir")) gpdir = 'plots'
load gpdir.'/common.gp'

n = words(graphs)
# one legend a column, under its bottom panel (a legend over a panel would cover its lines)
set multiplot layout 2, n title heading font ',13' margins 0.05, 0.99, 0.19, 0.89 spacing 0.05, 0.1
set logscale y
set format y '%g'
lcol(i, j) = value(sprintf('cc%d_%d', i, j))
lrgb(i, j) = lcol(i, j) == 0 ? '#000000' : rgbstr(stepcol(lcol(i, j)))
ltit(i, j) = value(sprintf('tt%d_%d', i, j))
do for [row = 1:2] {
  do for [i = 1:n] {
    fl = value(sprintf(row == 1 ? 'files%d' : 'efiles%d', i))
    b = value(sprintf('bin%d', i))
    r = value(sprintf('ref%d', i))
    ab = value(sprintf('above%d', i))
    nl = words(fl)
    stats word(value(sprintf('files%d', i)), 1) using 1 nooutput
    few = (b == 1 && STATS_records <= 40)
    # both rows of a column on the same levels (a single level: half a level either side)
    if (few || STATS_max <= STATS_min) { set xrange [STATS_min - 0.3 : STATS_max + 0.3]; set xtics 1 } else { set xrange [STATS_min : STATS_max]; set xtics autofreq }
    if (row == 1) {
      unset xlabel
      unset key
      set title word(graphs, i).(b > 1 ? sprintf(' (a point: the mean of %d levels)', b) : '') font ',12'
      set ylabel 'queue entries (log scale)'
      set yrange [*:*]
      # the shared line first and widest, the steps of their own above it
      plot for [j = 1:nl] word(fl, j) using 1:($2 > 0 ? $2 : NaN) with lines \
             lw (lcol(i, j) == 0 ? 4 : 1.6) lc rgb (lcol(i, j) == 0 ? '#9a9a9a' : lrgb(i, j)), \
           for [j = 1:nl] word(fl, j) using 1:(few && $2 > 0 ? $2 : NaN) with points \
             pt 7 ps (lcol(i, j) == 0 ? 0.9 : 0.5) lc rgb lrgb(i, j)
    } else {
      set xlabel 'BFS level'
      set key at graph 0.5, -0.3 center top vertical maxrows 4 Left reverse font ',9' samplen 2 spacing 1.1 width -2
      set title (ab ? 'entries above the shared line: duplicates' : (r > 0 ? 'no step above the shared line' : 'no steps with equal entries: no shared line')) font ',11'
      set ylabel 'entries above the shared line (log)'
      if (ab) { set yrange [*:*] } else { set yrange [1:10] }   # nothing to draw: an empty panel, no error
      # the legend names every line of the column, the shared one first (its own row is empty)
      plot 1 / 0 with lines lw 4 lc rgb '#9a9a9a' title (r > 0 ? ltit(i, r) : ''), \
           for [j = 1:nl] word(fl, j) using 1:($2 > 0 ? $2 : NaN) with linespoints \
             lw 1.6 pt 7 ps (few ? 0.6 : 0.3) lc rgb lrgb(i, j) title (j == r ? '' : ltit(i, j))
    }
  }
}
unset multiplot
