#!/usr/bin/env bash
# periphery.sh - the periphery (the trees hanging off the 2-core) and the core's chains of the
# road graphs, the grid and rome99; the contracted graph checked exact against Dijkstra for the
# bench's sources (-R 4 with the default seed); the depth of the shortest-path trees in vertices
# with no contraction, with chains (step 16) and with periphery + chains (docs/notes/periphery.c,
# CPU only, serial); then the same check on more sources and small graphs. Output on stdout; the
# committed run is docs/notes/data/periphery.txt.
# GRAPH_DIR (graphs) holds the graphs. Exit 1 when any source differs from Dijkstra.
set -eu
cd "$(dirname "$0")/../.."
GD=${GRAPH_DIR:-graphs}
bin=$(mktemp); trap 'rm -f "$bin"' EXIT
cc -O2 -std=c11 -Wall -Wextra -Werror -fopenmp -D_GNU_SOURCE -Iharness docs/notes/periphery.c \
  harness/io.c harness/graph.c harness/oracle.c harness/err.c harness/generate.c -o "$bin" -lz -lm
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
echo "# docs/notes/periphery.sh on $(date -u +%F), commit $(git rev-parse --short HEAD 2>/dev/null || echo ?)"
echo "# CPU only: $cpu, $(nproc) cores; every time below is serial (one thread)"
"$bin" "$GD/luxembourg_osm.mtx.gz"
"$bin" --road 300000
"$bin" --road 1000000
"$bin" -G 2000x2000 --keep 0.85
"$bin" "$GD/rome99.gr.gz"
echo "# exactness beyond the bench's sources: more sources, many in trees; small graphs from every vertex"
echo "# (components without a core, a core that is one cycle); -q: no line a source"
"$bin" "$GD/luxembourg_osm.mtx.gz" $(seq 0 597 114598) -q
"$bin" --road 20000 --road-mix 0.35,0.25,0.30,0.10 -R 64 -q
"$bin" --road 2000 -A -q
"$bin" --road 3000 --road-mix 0.40,0.30,0.20,0.10 -A -q
"$bin" -G 50x50 --keep 0.6 -A -q
"$bin" -G 40x40 --keep 0.75 -A -q
