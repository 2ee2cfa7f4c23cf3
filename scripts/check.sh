#!/usr/bin/env bash
# check.sh BIN... - the check battery (DESIGN.md): every step, every variant,
# against the CPU oracle on hand graphs, generated graphs and the real graphs
# under $GRAPH_DIR, several seeded sources and launch shapes, each case
# validating every vertex. Cases run JOBS at a time (small graphs leave the
# GPU mostly idle), except the deep cases of cooperative-grid steps and the bounded ones, which
# run one at a time after the others (below). Each case's line says [k/N], the seconds since the start and the case's
# own time; a summary line, then one "check: N passed, N failed" line end it.
# Exit 0 all passed, 1 some failed, 77 no CUDA device (nothing was checked).
set -u
usage() {
  cat <<'USAGE'
usage: scripts/check.sh bin/stepNN...   (make [stepNN..] check)
Checks every variant of each step against the CPU oracle on the battery (docs/DESIGN.md).
Environment:
  JOBS=4             cases run at once (each with nproc / JOBS OpenMP threads, unless
                     OMP_NUM_THREADS says; the alone cases with every core)
  QUICK=1            fewer cases (what the sanitizer runs use)
  LOGDIR=results/check   one log per case (a passing case's distances are removed)
  CASE_TIMEOUT=300   seconds a case may take
  CHECK_DRY=1        print the plan and stop (no GPU needed): one line a case, "parallel" or
                     "alone" (one at a time, after the others), then bin, variant, label, args
  GRAPH_DIR=graphs   the real graphs checked too (make sets it)
  BFS4K_VERBOSE=1, HBF_VERBOSE=1   the steps' own counts, in each case's log (steps 08/10, 09)
Exit 0 all passed, 1 some failed, 2 usage, 77 no CUDA device (one line; nothing was checked).
USAGE
}
case ${1:-} in -h|--help) usage; exit 0 ;; esac
JOBS=${JOBS:-4}
QUICK=${QUICK:-0}           # QUICK=1: fewer cases (sanitizer runs)
LOGDIR=${LOGDIR:-results/check}
TIMEOUT=${CASE_TIMEOUT:-300}
DRY=${CHECK_DRY:-0}
# A case's host side (graph build, oracle) runs OpenMP on every core unless told, so JOBS such
# processes would run JOBS x nproc threads. The parallel cases share the cores; the alone ones
# (one at a time) take them all.
NCPU=$(nproc 2>/dev/null || echo 1)
OMP_PAR=${OMP_NUM_THREADS:-$(( NCPU / JOBS > 0 ? NCPU / JOBS : 1 ))}
OMP_ALONE=${OMP_NUM_THREADS:-$NCPU}
[ $# -gt 0 ] || { usage; exit 2; }
# No GPU: one line and exit 77 (skipped), before any case or log is made (the plan needs none).
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/gpu-probe.sh"; [ "$DRY" = 1 ] || need_gpu check
[ "$DRY" = 1 ] || mkdir -p "$LOGDIR"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# Hand graphs written here, so each case says what it tests.
printf '3 4\n0 1\n2 3\n1 2\n'                > "$tmp/path-out-of-order.el"   # directed path 0-1-2-3-4, lines shuffled
printf '1 2\n2 3\n3 1\n'                     > "$tmp/isolated-source.el"     # vertex 0 has no edges
printf '0 0\n0 1\n0 1\n1 1\n1 2\n2 0\n2 0\n' > "$tmp/loops-dups.el"          # self-loops and duplicates
printf '0 1\n1 2\n2 3\n3 4\n5 6\n6 7\n9 8\n' > "$tmp/components.el"          # {0..4}, {5,6,7}, {8,9}
# SSSP: parallel edges of different weights out of the source (kept with --keep-duplicates)
printf '0 1 5\n0 1 2\n0 1 9\n0 2 7\n0 2 3\n1 2 4\n2 3 1\n1 3 1\n' > "$tmp/parallel-source.wel"
printf '0\n2\n3\n3\n'                      > "$tmp/parallel-source.wel.sssp0"
# SSSP: a path whose distance would pass 2^31 - 1: one error line naming the limit, exit 2
printf '0 1 2000000000\n1 2 2000000000\n'   > "$tmp/overflow.wel"
# SSSP: a ring of 2000 vertices weighing -1 in all, reached from vertex 0 (found by the round bound)
awk 'BEGIN { for (i = 0; i < 1999; i++) print i, i + 1, 1; print 1999, 0, -2000 }' > "$tmp/negring.wel"
# SSSP: the same ring of 5000 vertices, and with 80,000 more edges (weights 1..100, a fixed
# Park-Miller sequence): every round of the n rounds before the bound lowers thousands of vertices
awk 'BEGIN { for (i = 0; i < 4999; i++) print i, i + 1, 1; print 4999, 0, -5000 }' > "$tmp/negring5k.wel"
awk 'BEGIN { for (i = 0; i < 4999; i++) print i, i + 1, 1; print 4999, 0, -5000; x = 7
  for (i = 0; i < 80000; i++) { x = (x * 16807) % 2147483647; u = x % 5000; x = (x * 16807) % 2147483647
    v = x % 5000; x = (x * 16807) % 2147483647; print u, v, 1 + x % 100 } }' > "$tmp/negdense5k.wel"
# ... and with 300 more edges out of every 20th ring vertex: hubs that fall again every lap
awk 'BEGIN { for (i = 0; i < 4999; i++) print i, i + 1, 1; print 4999, 0, -5000; x = 11
  for (h = 0; h < 5000; h += 20) for (k = 0; k < 300; k++) { x = (x * 16807) % 2147483647; v = x % 5000
    x = (x * 16807) % 2147483647; print h, v, 1 + x % 100 } }' > "$tmp/neghubs5k.wel"
# SSSP: long paths of weights near max|w| whose length lies just under the limit: (n-1) * max|w|
# < 2^31 - 1, the harness's test (oracle_sssp_limits), so the input is accepted; the far end's
# distance is close to 2^31 - 1. Off its far end: a heavy edge to a dead end (the last vertex), a
# loop (P-1 -> P -> P+1 -> P-1) or a heavy edge back to the start. A relaxation along an edge back
# into its own path (the loop, the edge back; with -s every edge) sums past 2^31 - 1 (n * max|w|):
# no shortest path, so it must lose, never wrap or be refused.
overpath() {  # N KIND(dead|loop|back) FILE: N vertices in all
  awk -v N="$1" -v K="$2" 'BEGIN { W = int(2147483646 / (N - 1)); P = N - (K == "dead" ? 1 : K == "loop" ? 2 : 0)
    for (i = 0; i + 1 < P; i++) print i, i + 1, W - i % 7
    if (K == "dead") print P - 1, P, W
    if (K == "loop") { print P - 1, P, W; print P, P + 1, W; print P + 1, P - 1, W }
    if (K == "back") print P - 1, 0, W }' > "$3"
}
for k in dead loop back; do overpath 5000 $k "$tmp/overpath-$k.wel"; overpath 1000 $k "$tmp/overpath-small-$k.wel"; done
printf '0\n2500\n4999\n' > "$tmp/overpath.src"        # the start, the middle, the last vertex
printf '0\n500\n999\n'   > "$tmp/overpath-small.src"
# multi-source steps: directed, vertices 10-12 isolated; 70 sources with repeats and isolated ones
printf '0 1\n1 2\n2 3\n3 4\n4 0\n5 6\n6 7\n9 8\n13 14\n14 0\n' > "$tmp/multi.el"
for i in $(seq 0 69); do echo $(( (i * 7) % 15 )); done > "$tmp/multi.src"
awk 'BEGIN { srand(7); for (i = 0; i < 16000; i++) print int(rand() * 2000), int(rand() * 2000) }' > "$tmp/random-directed.el"
# a star whose every edge is listed three times (kept with --keep-duplicates): lanes that read the
# same unvisited leaf at once push it again, more pushes than vertices (a queue overflow to recover)
awk 'BEGIN { for (i = 1; i <= 3000; i++) for (k = 0; k < 3; k++) print 0, i }' > "$tmp/star-dup3.el"
# source 0 -> M "mid" vertices -> M * K "outer" ones (K per mid), plus one hub (the last vertex)
# joined to every outer; read with -s. From the hub, a level holds each mid up to K times (the
# benign race): a step that gives every copy of a hub its own child grid does not end.
hubmid() {  # M K file
  awk -v M="$1" -v K="$2" 'BEGIN { h = 1 + M + M * K
    for (i = 1; i <= M; i++) { print 0, i; for (k = 0; k < K; k++) { o = 1 + M + (i - 1) * K + k; print i, o; print h, o } } }' > "$3"
}
hubmid 2000 75 "$tmp/hubmid.el"        # 152,002 vertices, the hub is 152001
hubmid 200 15 "$tmp/hubmid-small.el"   # 3,202 vertices, the hub is 3201
# directed: a one-way cycle of 5,000 vertices from the source, beside an in-star of 40,000 leaves
# into one vertex that is never reached: a bottom-up level that leaves one thread the star's
# 40,000 in-edges costs that, level after level, for 5,000 levels
awk 'BEGIN { for (i = 0; i < 5000; i++) print i, (i + 1) % 5000; for (j = 0; j < 40000; j++) print 5001 + j, 5000 }' > "$tmp/cycle-instar.el"
awk 'BEGIN { for (i = 0; i < 500; i++) print i, (i + 1) % 500; for (j = 0; j < 4000; j++) print 501 + j, 500 }' > "$tmp/cycle-instar-small.el"
# ... its sources for multi-source steps: 64 and 65 spread over the cycle, so every instance of a
# group leaves the in-star's centre unvisited for all 5,000 levels (a 64-bit need that is never met)
awk 'BEGIN { for (i = 0; i < 64; i++) print i * 78 }' > "$tmp/cycle-instar.src64"
awk 'BEGIN { for (i = 0; i < 65; i++) print i * 77 }' > "$tmp/cycle-instar.src65"
awk 'BEGIN { for (i = 0; i < 65; i++) print i * 7 }' > "$tmp/cycle-instar-small.src65"

# symmetric (-s): a loop of degree-2 vertices from vertex 0 back to it, a chain 0-4 to the leaf
# 5, the leaf 6, and a triangle 7-8-9 of degree-2 vertices only (no branch vertex on it)
printf '0 1\n1 2\n2 3\n3 0\n0 4\n4 5\n0 6\n7 8\n8 9\n9 7\n' > "$tmp/chains.el"

cases=()   # "label|args"
add() { cases+=("$1|$2"); }
SH_ALL="-x 1,0,100000 -b 32,1024"   # far fewer threads than vertices, the step's choice, far more
SH_SOME="-x 1,0 -b 32,256"
add one-vertex          "--path 1 -r 0 $SH_ALL"
add isolated-source     "-f $tmp/isolated-source.el -r 0 $SH_ALL"
add path-out-of-order   "-f $tmp/path-out-of-order.el -r 0 $SH_ALL"
add path-out-of-order-3 "-f $tmp/path-out-of-order.el -r 3 $SH_ALL"
add loops-dups          "-f $tmp/loops-dups.el -r 0 $SH_ALL"
add loops-dups-kept     "-f $tmp/loops-dups.el -r 0 --keep-self-loops --keep-duplicates $SH_ALL"
add components          "-f $tmp/components.el -R 3 $SH_ALL"
add tiny-component      "-f $tmp/components.el -r 8 $SH_ALL"
add complete-512        "--complete 512 -R 2 $SH_SOME"
add kron-12             "-g 12 -R 3 $SH_ALL"
add kron-14-k8          "-g 14 -k 8 -R 2 -S 7 $SH_SOME"
add uniform-12          "-u 12 -R 3 $SH_ALL"
add grid-60x60          "-G 60x60 -R 3 $SH_SOME"
add grid-full-30x30     "-G 30x30 --keep 1 -R 2 $SH_SOME"
add star-1e6-centre     "--star 1000000 -r 0 -x 1,0 -b 256"
add star-1e6-leaf       "--star 1000000 -r 1 -x 0 -b 256"
add path-1e5            "--path 100000 -r 0 -x 0 -b 256"
add chains-branch       "-f $tmp/chains.el -s -r 0 $SH_ALL"
add chains-inner        "-f $tmp/chains.el -s -r 2 $SH_ALL"
add chains-ring         "-f $tmp/chains.el -s -r 8 $SH_ALL"
add chains-path-middle  "--path 3000 -s -r 1500 $SH_SOME"
if [ "$QUICK" = 0 ]; then
  add kron-16           "-g 16 -R 3 -x 0,64 -b 128,512"
  add grid-300x300      "-G 300x300 -R 2 -x 0 -b 256"
  if [ -n "${GRAPH_DIR:-}" ] && [ -d "$GRAPH_DIR" ]; then
    for f in "$GRAPH_DIR"/*.{txt,el,wel,gr,graph,mtx}{,.gz}; do
      [ -e "$f" ] || continue
      add "real:$(basename "$f")" "-f $f -R 2 -x 0,4 -b 256,64"
    done
  else
    echo "check: GRAPH_DIR not set or missing: real graphs skipped" >&2
  fi
fi

# One case: run, keep the log, print "PASS label" or "FAIL label (why)".
run_case() {  # bin variant label args...
  local bin=$1 variant=$2 label=$3; shift 3
  local args=$*
  local expect=""
  if [[ $args == *"--expect "* ]]; then expect=${args##*--expect }; args=${args% --expect *}; fi
  local log="$LOGDIR/$(basename "$bin")-$variant-${label//[:\/]/_}.log"
  local dfile="$log.dist"
  local t0=${EPOCHREALTIME//[!0-9]/}
  # a label LABEL~Ns (check.knobs "bounded N LABEL ARGS"): the case must end within N seconds
  local limit=$TIMEOUT
  [[ $label =~ ~([0-9]+)s$ ]] && limit=${BASH_REMATCH[1]}
  # shellcheck disable=SC2086
  timeout "$limit" "$bin" $args -V "$variant" -n 1 -v -d "$dfile" > "$log" 2>&1
  local rc=$?
  local dt=$(( (${EPOCHREALTIME//[!0-9]/} - t0) / 100000 ))
  local took="($((dt / 10)).$((dt % 10)) s)"
  if [ $rc = 77 ]; then echo "SKIP $bin $variant $label"; return; fi
  if [ $rc = 124 ]; then echo "FAIL $(basename "$bin") $variant $label (not done in ${limit}s, log $log) $took"; return; fi
  if [ $rc != 0 ]; then echo "FAIL $(basename "$bin") $variant $label (exit $rc, log $log) $took"; return; fi
  if ! grep -q '^Verification: PASS' "$log"; then echo "FAIL $(basename "$bin") $variant $label (no PASS line, log $log) $took"; return; fi
  if [ -n "$expect" ] && ! diff -q "$expect" "$dfile" >/dev/null; then
    echo "FAIL $(basename "$bin") $variant $label (distances differ from $expect) $took"; return; fi
  rm -f "$dfile"
  echo "PASS $(basename "$bin") $variant $label $took"
}
export -f run_case; export LOGDIR TIMEOUT

list=$tmp/cases
for bin in "$@"; do
  variants=$("$bin" --list-variants) || { echo "FAIL $bin --list-variants"; exit 1; }
  for v in $variants; do
    for c in "${cases[@]}"; do printf '%s %s %s %s\n' "$bin" "$v" "${c%%|*}" "${c#*|}"; done
    dir=$(ls -d steps/${bin##*/step}_* 2>/dev/null | head -1)
    # hand graphs with hand-checked answers: tests/graphs/G.bfsN (BFS levels from
    # source N) for BFS steps, G.ssspN (distances with the file's weights) for SSSP
    kind=bfs; [ -n "$dir" ] && [ -e "$dir/sssp.cu" ] && kind=sssp
    if [ "$QUICK" = 0 ]; then
      for exp in tests/graphs/*.$kind[0-9]*; do
        [ -e "$exp" ] || continue
        printf '%s %s %s %s\n' "$bin" "$v" "hand:$(basename "$exp")" "-f ${exp%.$kind*} -r ${exp##*.$kind} $SH_SOME --expect $exp"
      done
    fi
    # knob settings a step asks to be checked (steps/NN_slug/check.knobs: one
    # line of -K name=value ... per setting) on a few graphs of each class
    if [ -n "$dir" ] && [ -f "$dir/check.knobs" ]; then
      while read -r kn; do
        [ -z "$kn" ] || [ "${kn:0:1}" = "#" ] || [ "${kn%% *}" = negcycle ] && continue
        # "case LABEL ARGS": one whole case of the step's own (@TMP@ = the hand graphs' folder)
        if [ "${kn%% *}" = case ]; then
          read -r -a kw <<< "$kn"
          printf '%s %s %s %s\n' "$bin" "$v" "${kw[1]}" "$(echo "${kw[*]:2}" | sed "s|@TMP@|$tmp|g")"
          continue
        fi
        # "bounded N LABEL ARGS": a case that must also end within N seconds
        if [ "${kn%% *}" = bounded ]; then
          read -r -a kw <<< "$kn"
          printf '%s %s %s %s\n' "$bin" "$v" "${kw[2]}~${kw[1]}s" "$(echo "${kw[*]:3}" | sed "s|@TMP@|$tmp|g")"
          continue
        fi
        tag=$(tr -d ' ' <<< "$kn" | sed 's/-K/,/g; s/^,//')
        gcases=("kron-12|-g 12 -R 2 -x 1,0 -b 32,256" "grid-40x40|-G 40x40 -R 2 -x 1,0 -b 64"
                "star-1e5|--star 100000 -r 0 -x 1,0 -b 256" "components|-f $tmp/components.el -R 3 -x 1,0 -b 32")
        # BFS steps: the hub graph's small twin from its hub (hubs met many times a level), and the
        # directed cycle beside an in-star (500 levels; a vertex of 4,000 in-edges never reached)
        [ -e "$dir/bfs.cu" ] && gcases+=("hubmid-small|-f $tmp/hubmid-small.el -s -r 3201 -x 1,0 -b 256"
                                         "cycle-instar-small|-f $tmp/cycle-instar-small.el -r 0 -x 0 -b 256")
        [ -e "$dir/sssp.cu" ] && gcases+=("negative-grid-30x30|-G 30x30 --negative -R 2 -x 1,0 -b 64"
                                          "parallel-source|-f $tmp/parallel-source.wel -r 0 --keep-duplicates -x 1,0 -b 32"
                                          "overpath-loop|-f $tmp/overpath-small-loop.wel --sources $tmp/overpath-small.src -x 1,0 -b 64"
                                          "overpath-back|-f $tmp/overpath-small-back.wel --sources $tmp/overpath-small.src -x 1,0 -b 64"
                                          "overpath-dead-sym|-f $tmp/overpath-small-dead.wel -s --sources $tmp/overpath-small.src -x 1,0 -b 64")
        for gcase in "${gcases[@]}"; do
          printf '%s %s %s %s\n' "$bin" "$v" "${gcase%%|*}[$tag]" "${gcase#*|} $kn"
        done
      done < "$dir/check.knobs"
    fi
    # multi-source steps (STEP_MULTI in step.h): K sources in one run, each checked;
    # K = 1, one 64-bit word group, more than one (65, 130, 200), directed graphs
    if [ -n "$dir" ] && grep -q 'STEP_MULTI' "$dir"/*.cu; then
      for mc in "multi-kron-12-R1|-g 12 -R 1 $SH_SOME" "multi-kron-12-R64|-g 12 -R 64 $SH_SOME" \
                "multi-kron-12-R65|-g 12 -R 65 -x 1,0 -b 32" "multi-kron-12-R200|-g 12 -R 200 -x 0 -b 256" \
                "multi-uniform-12-R129|-u 12 -R 129 -x 0,7 -b 128" "multi-grid-40x40-R130|-G 40x40 -R 130 -x 1,0 -b 64" \
                "multi-directed-R100|-f $tmp/random-directed.el -R 100 -x 1,0 -b 32,256" \
                "multi-sources-file|-f $tmp/multi.el --sources $tmp/multi.src $SH_ALL"; do
        printf '%s %s %s %s\n' "$bin" "$v" "${mc%%|*}" "${mc#*|}"
      done
    fi
    # SSSP steps: negative weights (no cycle) and a negative cycle (a clean error)
    if [ -n "$dir" ] && [ -e "$dir/sssp.cu" ]; then
      printf '%s %s %s %s\n' "$bin" "$v" "negative-weights" "-g 12 --negative -R 3 $SH_SOME"
      printf '%s %s %s %s\n' "$bin" "$v" "negative-grid-60x60" "-G 60x60 --negative -R 2 $SH_SOME"
      printf '%s %s %s %s\n' "$bin" "$v" "negative-uniform-12" "-u 12 --negative -w 1000 -R 2 $SH_SOME"
      # parallel edges of different weights out of the source, all kept: the smallest must win
      printf '%s %s %s %s\n' "$bin" "$v" "parallel-source-edges" "-f $tmp/parallel-source.wel -r 0 --keep-duplicates $SH_ALL --expect $tmp/parallel-source.wel.sssp0"
      printf '%s %s %s %s\n' "$bin" "$v" "weights-1..1" "-g 12 -w 1 -R 2 $SH_SOME"
      printf '%s %s %s %s\n' "$bin" "$v" "weights-1..100000" "-G 50x50 -w 100000 -R 2 $SH_SOME"
      # paths just under the 32-bit limit, with sums past it off the shortest paths (overpath above)
      for k in dead loop back; do
        printf '%s %s %s %s\n' "$bin" "$v" "overpath-$k" "-f $tmp/overpath-$k.wel --sources $tmp/overpath.src $SH_SOME"
        printf '%s %s %s %s\n' "$bin" "$v" "overpath-$k-sym" "-f $tmp/overpath-$k.wel -s --sources $tmp/overpath.src $SH_SOME"
      done
    fi
  done
done > "$list"

# one line per case: "bin variant label args..." (no token holds a space); each result
# printed as it comes, "[k/N  elapsed s] PASS step05 vwarp kron-12 (0.4 s)"
# A cooperative-grid step (its sources launch with cudaLaunchCooperativeKernel) waits at every
# grid barrier for a time slice while other processes share the GPU: 66 ms alone became more than
# 60 s beside seven others on a 250,000-vertex grid. So its deep cases (hundreds of levels or more:
# large grids, long paths, rings, roads, meshes) run one at a time after the others, alone on the
# GPU as far as the battery goes; so do the bounded cases of every step (they time a claim).
# The launch may sit in a header of a rung below that the step includes (step 18 launches through
# step 13's program) or in a support header under harness/ (steps 14-17 through nearfar_host.cuh):
# the step's own files and every file they include, transitively.
step_files() {  # DIR: the step's .cu/.cuh files and the step and harness headers they include, one a line
  local -A seen=(); local -a todo=("$1"/*.cu "$1"/*.cuh); local f inc
  while [ ${#todo[@]} -gt 0 ]; do
    f=${todo[0]}; todo=("${todo[@]:1}")
    [ -f "$f" ] && [ -z "${seen[$f]:-}" ] || continue
    seen[$f]=1; echo "$f"
    for inc in $(sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\.cuh\?\)".*/\1/p' "$f"); do
      # beside the file, else on the include path: harness/ (a support header may launch)
      if [ -f "$(dirname "$f")/$inc" ]; then todo+=("$(realpath -m --relative-to=. "$(dirname "$f")/$inc")")
      else todo+=("harness/$inc"); fi
    done
  done
}
coop_step() { [ -n "$1" ] && step_files "$1" | xargs grep -qs cudaLaunchCooperativeKernel; }
re_bounded='~[0-9]+s$' re_grid=' -G ([0-9]+)x([0-9]+) ' re_path=' --path ([0-9]+) '
re_deepfile='/[^ /]*(overpath|cycle-instar|negring|road|osm|delaunay)[^ /]* '  # a file's name
re_gr='\.gr(\.gz)? '   # DIMACS 9: a road network among the real graphs
deep_case() {  # label args: 0 when deep
  local a=" $2 "
  [[ $1 =~ $re_bounded ]] && return 0
  [[ $a =~ $re_grid ]] && [ $((BASH_REMATCH[1] + BASH_REMATCH[2])) -ge 200 ] && return 0
  [[ $a =~ $re_path ]] && [ "${BASH_REMATCH[1]}" -ge 200 ] && return 0
  [[ $1 == real:* && $a =~ $re_gr ]] && return 0
  [[ $a =~ $re_deepfile ]]
}
declare -A coop=()
for bin in "$@"; do coop[$bin]=0; coop_step "$(ls -d steps/${bin##*/step}_* 2>/dev/null | head -1)" && coop[$bin]=1; done
: > "$tmp/par"; : > "$tmp/alone"
while read -r b v label args; do
  if [[ $label =~ $re_bounded ]] || { [ "${coop[$b]}" = 1 ] && deep_case "$label" "$args"; }; then
    echo "$b $v $label $args" >> "$tmp/alone"
  else echo "$b $v $label $args" >> "$tmp/par"; fi
done < "$list"
if [ "$DRY" = 1 ]; then
  sed 's/^/parallel /' "$tmp/par"; sed 's/^/alone /' "$tmp/alone"
  exit 0
fi
total=$(wc -l < "$list") nalone=$(wc -l < "$tmp/alone")
echo "check: $total cases of $# step$([ $# = 1 ] || echo s), $JOBS at a time; logs in $LOGDIR"
[ "$nalone" = 0 ] || echo "check: $nalone of them one at a time after the others (deep cases of cooperative-grid steps, bounded cases)"
t_start=$SECONDS
progress() { local k=0 line; while IFS= read -r line; do k=$((k + 1)); printf '[%d/%s %4ds] %s\n' "$k" "$1" $((SECONDS - t_start)) "$line"; done; }
{ OMP_NUM_THREADS=$OMP_PAR xargs -r -P "$JOBS" -L 1 bash -c 'run_case "$@"' _ < "$tmp/par"
  OMP_NUM_THREADS=$OMP_ALONE xargs -r -P 1 -L 1 bash -c 'run_case "$@"' _ < "$tmp/alone"; } | tee "$tmp/results" | progress "$total"

# SSSP: a negative cycle must be one clean error line and exit 2 -- the step's
# own (the harness hands it the source although the oracle found the cycle);
# a distance past 32 bits must be one error line naming the limit, exit 2.
expect_error() {  # label bin pattern args...: exit 2, exactly one "error:" line matching pattern, no trial
  local label=$1 bin=$2 pat=$3; shift 3
  local out rc nerr limit=$TIMEOUT t0=$SECONDS
  # a label LABEL~Ns (check.knobs "negcycle N LABEL ARGS"): the error must come within N seconds
  [[ $label =~ ~([0-9]+)s$ ]] && limit=${BASH_REMATCH[1]}
  out=$(timeout "$limit" "$bin" "$@" -n 1 2>&1); rc=$?
  nerr=$(grep -c '^error:' <<< "$out")
  if [ $rc = 77 ]; then echo "SKIP $(basename "$bin") $label"
  elif [ $rc = 124 ]; then echo "FAIL $(basename "$bin") $label (not done in ${limit}s)"
  elif [ $rc = 2 ] && [ "$nerr" = 1 ] && grep -q "^error:.*$pat" <<< "$out" && ! grep -q '^Trial Time' <<< "$out"; then
    echo "PASS $(basename "$bin") $label ($((SECONDS - t0)) s)"
  else echo "FAIL $(basename "$bin") $label (exit $rc, $nerr error lines: $(grep -m1 '^error:' <<< "$out"))"; fi
}
for bin in "$@"; do
  # a queue cap (knob qcap) smaller than a level: one error line naming the knob, exit 2
  # (top-down where the step has that variant: a bottom-up level keeps its frontier in a bitmap)
  if "$bin" --list-knobs 2>/dev/null | grep -q '^qcap '; then
    vopt=; "$bin" --list-variants 2>/dev/null | grep -qx topdown && vopt="-V topdown"
    # shellcheck disable=SC2086
    expect_error queue-cap-too-small "$bin" 'qcap' --star 1000 -r 0 -K qcap=10 $vopt
  fi
  dir=$(ls -d steps/${bin##*/step}_* 2>/dev/null | head -1)
  [ -n "$dir" ] && [ -e "$dir/sssp.cu" ] || continue
  printf '0 1 2\n1 2 -3\n2 0 -1\n2 3 4\n' > "$tmp/negcycle.wel"
  expect_error negative-cycle "$bin" 'negative cycle' -f "$tmp/negcycle.wel" -r 0
  expect_error negative-cycle-hand "$bin" 'negative cycle' -f tests/graphs/negcycle.wel -r 0 -x 1 -b 32
  expect_error negative-ring-2000 "$bin" 'negative cycle' -f "$tmp/negring.wel" -r 0
  printf '0 1 1\n1 1 -1\n1 2 1\n' > "$tmp/negloop.wel"
  expect_error negative-self-loop "$bin" 'negative cycle' -f "$tmp/negloop.wel" -r 0
  expect_error negative-self-loop-kept "$bin" 'negative cycle' -f "$tmp/negloop.wel" -r 0 --keep-self-loops
  [ -f "$dir/check.knobs" ] && while read -r kn; do
    [ -z "$kn" ] || [ "${kn:0:1}" = "#" ] && continue
    # "negcycle N LABEL ARGS": a reachable negative cycle, reported (one error line, exit 2) within N seconds
    if [ "${kn%% *}" = negcycle ]; then
      read -r -a kw <<< "$kn"
      # shellcheck disable=SC2046
      expect_error "${kw[2]}~${kw[1]}s" "$bin" 'negative cycle' $(echo "${kw[*]:3}" | sed "s|@TMP@|$tmp|g")
      continue
    fi
    [ "${kn%% *}" = case ] || [ "${kn%% *}" = bounded ] && continue
    # shellcheck disable=SC2086
    expect_error "negative-ring-2000[$(tr -d ' ' <<< "$kn" | sed 's/-K/,/g; s/^,//')]" "$bin" 'negative cycle' -f "$tmp/negring.wel" -r 0 $kn
  done < "$dir/check.knobs"
  expect_error overflow-32bit "$bin" '2147483647' -f "$tmp/overflow.wel" -r 0
done | tee -a "$tmp/results" | progress "+"

pass=$(grep -c '^PASS' "$tmp/results"); failn=$(grep -c '^FAIL' "$tmp/results"); skip=$(grep -c '^SKIP' "$tmp/results")
if [ "$pass" = 0 ] && [ "$failn" = 0 ] && [ "$skip" -gt 0 ]; then
  echo "check: SKIPPED $skip cases: no CUDA device here (the step binaries exit 77); nothing was checked"
  echo "check: 0 passed, 0 failed, $skip skipped"
  exit 77
fi
echo "check: $((pass + failn + skip)) cases in $((SECONDS - t_start)) s ($JOBS at a time)$([ "$failn" = 0 ] || echo "; failed: grep '^FAIL' above, logs in $LOGDIR")"
if [ "$skip" -gt 0 ]; then echo "check: $pass passed, $failn failed, $skip skipped"; else echo "check: $pass passed, $failn failed"; fi
[ "$failn" = 0 ]
