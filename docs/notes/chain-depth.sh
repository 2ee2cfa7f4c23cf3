#!/usr/bin/env bash
# chain-depth.sh - the depth of the shortest-path trees of the road graphs, in vertices and in
# branch vertices, and their chains of degree-2 vertices (docs/notes/chain-depth.c, CPU only),
# from the sources of the SSSP bench (-R 4 with the default seed). Output on stdout; the
# committed run is docs/notes/data/chain-depth.txt. GRAPH_DIR (graphs) holds the graphs.
set -eu
cd "$(dirname "$0")/../.."
GD=${GRAPH_DIR:-graphs}
bin=$(mktemp); trap 'rm -f "$bin"' EXIT
cc -O2 -std=c11 -fopenmp -Iharness docs/notes/chain-depth.c harness/io.c harness/graph.c harness/oracle.c \
  harness/err.c harness/generate.c -o "$bin" -lz -lm
"$bin" "$GD/luxembourg_osm.mtx.gz" 102231 103962 14320 98066 0
"$bin" "$GD/rome99.gr.gz" 0 1000 2000
