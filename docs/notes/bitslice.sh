#!/usr/bin/env bash
# bitslice.sh - the density and the bytes of a bit-sliced adjacency (R x 32 tiles, R = 8, 16, 32)
# under four vertex orderings, in a full sweep and in one bottom-up BFS step, against CSR
# (docs/notes/bitslice.c, CPU only, serial orderings). Writes docs/notes/data/bitslice.txt.
# Kronecker and uniform at scale 18 (not the bench's larger scales) keep the run near 20 s on two
# cores. GRAPH_DIR (graphs) holds the graphs.
set -eu
cd "$(dirname "$0")/../.."
GD=${GRAPH_DIR:-graphs}
out=docs/notes/data/bitslice.txt
bin=$(mktemp); trap 'rm -f "$bin"' EXIT
cc -O2 -std=c11 -Wall -Wextra -Werror -fopenmp -Iharness docs/notes/bitslice.c harness/io.c \
  harness/graph.c harness/err.c harness/generate.c -o "$bin" -lz -lm
{
  echo "# docs/notes/bitslice.sh on $(date -u +%F), commit $(git rev-parse --short HEAD)" \
    "(CPU only: $(nproc) cores; orderings serial)"
  echo "# nz_words: 32-bit row words with an edge (any R); e/w: edges a nonzero word; slices: R x 32 tiles"
  echo "# with an edge; e/sl: edges a slice (a full sweep reads one frontier word a slice, CSR one a"
  echo "# edge); B/CSR: slice-format bytes (R words + 4 B a slice, 8 B a block) / CSR bytes (4 m + 8 n)"
  echo "# The step: one bottom-up step of a BFS. csr_edges: edges read, each row up to its first"
  echo "# frontier neighbour; MB: their bytes and 8 B a row; visited: slices whose index and frontier"
  echo "# word were read, a block in column order until its rows are done; read: of those, read whole"
  echo "# (frontier word nonzero); B/CSR: bytes against CSR's; S/CSR: 32 B sectors against CSR's"
  "$bin" kron 18
  "$bin" uniform 18
  "$bin" -s "$GD/soc-Slashdot0902.txt.gz"
  "$bin" "$GD/luxembourg_osm.mtx.gz"
  "$bin" road 300000
  "$bin" grid 1000 1000
} > "$out"
cat "$out"
