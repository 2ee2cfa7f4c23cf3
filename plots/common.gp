# common.gp - terminal, colours and style shared by every figure (loaded by each plots/*.gp).
#
# Variables (gnuplot -e, set by scripts/plots.sh):
#   term      'svg' | 'pngcairo' | 'png'          out     output file
#   width, height  pixels                            title, subtitle   figure heading
if (!exists("term"))     term = 'svg'
if (!exists("width"))    width = 1000
if (!exists("height"))   height = 600
if (!exists("title"))    title = ''
if (!exists("subtitle")) subtitle = ''
if (!exists("out"))      out = 'figure.'.(term eq 'svg' ? 'svg' : 'png')

if (term eq 'svg') {
  set terminal svg size width,height dynamic noenhanced background rgb 'white' font 'Sans,11'
} else {
  if (term eq 'pngcairo') {
    set terminal pngcairo size width,height noenhanced background rgb 'white' font 'Sans,10'
  } else {
    set terminal png size width,height noenhanced background rgb 'white'
  }
}
set output out

# heading: title on the first line, the provenance (GPU, CUDA, commit, date) below it
heading = (subtitle eq '') ? title : title."\n".subtitle

# twelve distinguishable colours (Tableau 10 + 2); linetype N is step N of a figure
set linetype 1  lc rgb '#4e79a7' lw 2 pt 7
set linetype 2  lc rgb '#f28e2b' lw 2 pt 5
set linetype 3  lc rgb '#e15759' lw 2 pt 9
set linetype 4  lc rgb '#76b7b2' lw 2 pt 11
set linetype 5  lc rgb '#59a14f' lw 2 pt 13
set linetype 6  lc rgb '#edc948' lw 2 pt 7
set linetype 7  lc rgb '#b07aa1' lw 2 pt 5
set linetype 8  lc rgb '#ff9da7' lw 2 pt 9
set linetype 9  lc rgb '#9c755f' lw 2 pt 11
set linetype 10 lc rgb '#bab0ac' lw 2 pt 13
set linetype 11 lc rgb '#17becf' lw 2 pt 7
set linetype 12 lc rgb '#393b79' lw 2 pt 5
set linetype cycle 12

set grid ytics mytics lc rgb '#e0e0e0' lw 1, lc rgb '#f0f0f0' lw 1
set border 3 lw 1
set tics nomirror out scale 0.6
set key noautotitle
set datafile missing 'NaN'
set datafile separator "\t"        # every .dat plots.sh writes is tab-separated
