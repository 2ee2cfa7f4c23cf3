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

# ---- one colour per step, in every figure ------------------------------------------------
# STEPCOL[N] is step N's colour (the only palette of the gallery: a new step gets its colour
# here). Linetype N is step N (colour and point type), so "lt 8" draws step 08 anywhere.
# A step's variants, configurations or settings are shades of its colour (shade(), varcol()),
# told apart further by dash patterns where lines overlap.
array STEPCOL[24] = [ \
  0x4e79a7, 0xf28e2b, 0xd62728, 0x76b7b2, 0x59a14f, 0xd4a500, 0x9467bd, 0xe377c2, \
  0x8c564b, 0x17becf, 0xb07aa1, 0x4d6b1f, 0x393b79, 0x6b6ecf, 0x8db600, 0xc51b7d, \
  0x00796b, 0x8b0000, 0x7b4173, 0xa0522d, 0x2f4f4f, 0xd95f02, 0x6a0dad, 0x1e90ff ]
#  01 simple: blue      02 frontier: orange   03 itercounter: red   04 defer: light teal
#  05 vwarp: green      06 hqueue: gold       07 scan: purple       08 bfs4k: pink
#  09 hbf: brown        10 dobfs: cyan        11 beamer: mauve      12 hop: dark olive
#  13 lean: navy        14 nearfar: indigo    15 one-block rounds: lime   16 chains: magenta
#  17 periphery: dark teal                     18 bitslice: dark red  19 ibfs: plum
#  20 hubchunk: sienna   21 onewait: dark slate grey   22 async: dark orange   23 shared: violet
#  24 fire: dodger blue
# Steps drawn side by side (the BFS steps 01-08, 10-13, 18, 20, 21; the SSSP steps 09, 14-17, 22-24) differ in
# hue or clearly in lightness: 06 gold and 12 dark olive, 07 purple and 08 pink, 13 navy and 01 blue,
# 18 dark red and 03 red, 20 sienna and 02 orange (darker) or 18 dark red (browner). Step 19 (iBFS)
# is drawn only against 06 or 10. 21 dark slate grey sits beside 20 sienna and 13 navy (greyer).
# 22 dark orange is the only warm hue among the SSSP steps (09 brown is darker and greyer), and its
# point type (15) is one no other SSSP step has. 23 violet is the only saturated violet among them
# (14 indigo is lighter and greyer; 07 purple, a BFS step, is lighter), and its point type (7, a
# filled circle) is one no other SSSP step has either. 24 dodger blue is the only saturated
# light blue among them (14 indigo is greyer and leans to violet; 17 dark teal, the step it is
# measured against, is green-blue and darker; 01 blue and 10 cyan, BFS steps, are greyer or
# greener), and its point type (3, a star) is one no other step has.
stepcol(s) = (s >= 1 && s <= 24) ? STEPCOL[int(s)] : 0x7f7f7f
stepno(name) = 10 * (name[5:5] + 0) + (name[6:6] + 0)   # 'step08' -> 8 (no '08' + 0: octal)
ch(c, k) = (int(c) >> (8 * k)) & 255
mixc(v, f) = f >= 0 ? int(v + (255 - v) * f + 0.5) : int(v * (1 + f) + 0.5)
# shade(c, f): f > 0 mixes c with white (lighter), f < 0 with black (darker)
shade(c, f) = (mixc(ch(c, 2), f) << 16) | (mixc(ch(c, 1), f) << 8) | mixc(ch(c, 0), f)
# variant i (1 = the step's first) of step s: full colour, lighter, darker, lighter still, ...
array VSHADE[6] = [0, 0.45, -0.4, 0.7, -0.65, 0.25]
varcol(s, i) = shade(stepcol(s), VSHADE[(int(i) - 1) % 6 + 1])
rgbstr(c) = sprintf('#%06x', int(c))
array STEPPT[24] = [7, 5, 9, 11, 13, 15, 7, 5, 9, 11, 13, 15, 7, 5, 9, 11, 13, 15, 7, 5, 9, 15, 7, 3]
do for [s = 1:24] {
  eval sprintf("set linetype %d lc rgb '%s' lw 2 pt %d", s, rgbstr(STEPCOL[s]), STEPPT[s])
}
set linetype cycle 24
# colours that are no step: the CPU references, neutral lines
CPUCOL = 0x000000
CPUPARCOL = 0x555555

set grid ytics mytics lc rgb '#e0e0e0' lw 1, lc rgb '#f0f0f0' lw 1
set border 3 lw 1
set tics nomirror out scale 0.6
set key noautotitle
set datafile missing 'NaN'
set datafile separator "\t"        # every .dat plots.sh writes is tab-separated
