#!/usr/bin/env bash
# peers.sh - the gallery's steps next to four public graph codes, on the same graph files, the same
# sources and the same GPU, every answer validated (make peers PEERS_DIR=...):
#   gapbs (Beamer): direction-optimizing BFS and delta-stepping SSSP, THREADS CPU threads
#   Gunrock essentials: its bfs and sssp examples in one process (gbench)
#   GSWITCH (Meng et al., PPoPP 2019): autotuned push/pull BFS and SSSP
#   Blest (Elbek & Kaya 2026): bit-sliced adjacency, one cooperative kernel, tensor-core BFS
# docs/PEERS.md says how each peer is built (pinned commits, the patches in patches/) and what
# each one's timer includes.
#
#   PEERS_DIR=/path/to/peer/bin scripts/peers.sh [GRAPH...]   run (default: every graph below)
#   scripts/peers.sh summarize FILE.csv                       the summary of a CSV (no GPU, no PEERS_DIR)
# Graphs: luxembourg_osm soc-Slashdot0902 (from graphs/), kron20 kron22 urand22 (gapbs's own
# generator), grid2k (a 2000 x 2000 grid, 10% of its edges dropped, made here).
# PEERS_DIR holds bfs sssp converter prep gbench (required) and gswitch_bfs gswitch_sssp blest
# (skipped with a message when absent). bin/stepNN must be built (make all SM=90).
#
# Every graph is made ONCE by gapbs's converter (-s, weights 1..255 from its fixed seed), then by
# prep: G.sg / G.wsg (gapbs), G.mtx (MatrixMarket, symmetric, integer weights: every tool reads
# it, the steps with -f, BFS steps ignoring the weights), G.src (K sources, gapbs's picker),
# G.meta (per source: reached vertices, directed edges in its component: the GTEPS numerator).
# Times: gapbs its "Trial Time" (wall clock); Gunrock its enactor's device events; GSWITCH its host
# wall clock around its iteration loop; Blest omp_get_wtime around its one kernel (its reordering
# and bit-matrix build are NOT in it: they go to prep_ms); the steps CUDA events around run()
# (their untimed init goes to prep_ms).
# Checks: gapbs -v, Gunrock's CPU references (every source), the steps' oracle (-v, every trial);
# Blest's and GSWITCH's dumps against the steps' CPU oracle (--cpu) on every source of the small
# graphs and the first 2-3 of the large ones.
#
# Writes OUTDIR/peers-GPU.csv (one row per timed trial; a new run's rows of a graph, tool,
# algorithm and variant replace the older ones):
#   graph,tool,alg,variant,source,trial,ms,edges,gteps,check,prep_ms
# (check PASS, FAIL or UNCHECKED; prep_ms the untimed preparation where a tool reports one, else
# empty), OUTDIR/peers-GPU.meta (provenance: GPU, driver, CUDA, the gallery's commit, the peers'
# pinned commits and the binaries' SHA-256, date, settings), each tool's log under LOGDIR and the
# summary (LOGDIR/summary.txt, and on stdout). Then `make plots` writes the README's table.
# Environment: PEERS_DIR (required), PEERS_OUT (OUTDIR, plots/data), PEERS_LOG_DIR (LOGDIR,
# results/peers-GPU), PEERS_WORK (graph files, ~6 GB with kron22 and urand22; /tmp/peers-work,
# reused), K sources (8), T trials a source (5; Gunrock 3, 2 on grid2k), THREADS (gapbs, 16),
# PROJECT_RUNS (the steps' runs, "stepNN:variant ..."; variant "default" = no -V), GS_ALGS
# (GSWITCH's algorithms, "bfs sssp"), NO_A2=1 (no Blest, no GSWITCH).
# Exit 0 when every answer checked passed, 1 when one failed or a tool failed, 2 usage (no
# PEERS_DIR, a peer binary or a step missing), 77 no GPU.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/scripts/results-common.sh"
HEADER=graph,tool,alg,variant,source,trial,ms,edges,gteps,check,prep_ms

summarize() { # FILE.csv -> one line per graph/tool/alg/variant, then the gallery against the best peer
  awk -F, '
  NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
  { k = $c["graph"] "," $c["tool"] "," $c["alg"] "," $c["variant"]; n[k]++; ms[k, n[k]] = $c["ms"]; gt[k, n[k]] = $c["gteps"]
    if ($c["trial"] > 0) { nw[k]++; wms[k, nw[k]] = $c["ms"] }
    if (("prep_ms" in c) && $c["prep_ms"] != "") { np[k]++; pms[k, np[k]] = $c["prep_ms"] }
    if (!(k in seen)) { seen[k] = 1; order[++no] = k }
    if ($c["check"] == "PASS") { ps[k, $c["source"]] = 1 } else if ($c["check"] == "FAIL") fail[k]++
    src[k, $c["source"]] = 1 }
  function med(arr, k, m,   i, j, t, a) {
    if (m == 0) return 0
    for (i = 1; i <= m; i++) a[i] = arr[k, i] + 0
    for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
  END {
    printf "%-17s %-8s %-5s %-20s %4s %10s %10s %10s %9s  %s\n", "graph", "tool", "alg", "variant", "n", "median_ms", "warm_ms", "prep_ms", "GTEPS", "validated"
    for (o = 1; o <= no; o++) {
      k = order[o]; split(k, f, ",")
      ns = 0; nv = 0
      for (x in src) { split(x, y, SUBSEP); if (y[1] == k) ns++ }
      for (x in ps) { split(x, y, SUBSEP); if (y[1] == k) nv++ }
      v = fail[k] ? "NO (" fail[k] " FAIL)" : (nv ? (nv == ns ? "yes" : "yes (" nv "/" ns " sources)") : "no check")
      m = med(ms, k, n[k]); g = med(gt, k, n[k])
      printf "%-17s %-8s %-5s %-20s %4d %10.4f %10s %10s %9.3f  %s\n", f[1], f[2], f[3], f[4], n[k], m,
             nw[k] ? sprintf("%.4f", med(wms, k, nw[k])) : "-",
             np[k] ? sprintf("%.3f", med(pms, k, np[k])) : "-", g, v
      if (fail[k]) continue      # a wrong answer has no runtime: never the best
      if (f[2] == "gallery") { if (!((f[1], f[3]) in pbest) || m < pbest[f[1], f[3]]) { pbest[f[1], f[3]] = m; pbv[f[1], f[3]] = f[4] } }
      else if (!((f[1], f[3]) in abest) || m < abest[f[1], f[3]]) { abest[f[1], f[3]] = m; abv[f[1], f[3]] = f[2] " " f[4] }
      if (!(f[1] in gs)) { gs[f[1]] = 1; gord[++ng] = f[1] } }
    printf "\nmedian_ms: every timed trial; warm_ms: the trials after the first of each source (gapbs runs one process a source);\n"
    printf "prep_ms: the untimed preparation a tool reports (the steps: init; Blest: reordering and bit-matrix build), not in median_ms\n"
    printf "speedup = the best peer'"'"'s median ms / the best step'"'"'s median ms (> 1: the gallery is faster); runs with a FAIL left out\n"
    for (i = 1; i <= ng; i++) for (a = 1; a <= 2; a++) { gg = gord[i]; al = a == 1 ? "bfs" : "sssp"
      if (((gg, al) in pbest) && ((gg, al) in abest))
        printf "%-17s %-5s gallery %-15s %9.4f ms  best peer %-22s %9.4f ms  speedup %6.2f\n", gg, al,
               pbv[gg, al], pbest[gg, al], abv[gg, al], abest[gg, al], abest[gg, al] / pbest[gg, al] } }' "$1"
}
if [ "${1:-}" = summarize ]; then
  [ -r "${2:-}" ] || { echo "peers: error: usage: scripts/peers.sh summarize FILE.csv (${2:-no file given}: not readable)"; exit 2; }
  summarize "$2"; exit
fi
case ${1:-} in -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;; esac

# ---- arguments before the GPU probe: a usage error is one line, exit 2 ----------------------
if [ -z "${PEERS_DIR:-}" ]; then
  echo "peers: error: PEERS_DIR is not set: PEERS_DIR=/path/to/peer/bin scripts/peers.sh (docs/PEERS.md says how to build the peers)"
  exit 2
fi
[ -d "$PEERS_DIR" ] || { echo "peers: error: PEERS_DIR=$PEERS_DIR is not a directory (docs/PEERS.md says how to build the peers)"; exit 2; }
. "$ROOT/scripts/gpu-probe.sh"; need_gpu peers
B=$(cd "$PEERS_DIR" && pwd)
for x in bfs sssp converter prep gbench; do
  [ -x "$B/$x" ] || { echo "peers: error: $B/$x missing: PEERS_DIR must hold bfs sssp converter prep gbench (docs/PEERS.md)"; exit 2; }
done
PROJECT_RUNS=${PROJECT_RUNS:-"step13:default step13:slides step11:default step10:default step08:default step14:default step15:default step16:default"}
for sv in $PROJECT_RUNS; do
  [ -x "$ROOT/bin/${sv%%:*}" ] || { echo "peers: error: bin/${sv%%:*} not built (make all SM=90)"; exit 2; }
done
slug=$(gpu_slug)
[ -n "$slug" ] || { echo "peers: SKIPPED: no GPU name from nvidia-smi; nothing was run (exit 77)"; exit 77; }
OUTDIR=${PEERS_OUT:-$ROOT/plots/data}
LOGDIR=${PEERS_LOG_DIR:-$ROOT/results/peers-$slug}
WORK=${PEERS_WORK:-/tmp/peers-work}
K=${K:-8}
T=${T:-5}
THREADS=${THREADS:-16}
mkdir -p "$OUTDIR" "$LOGDIR" "$WORK"
CSV=$LOGDIR/peers.csv                  # this run's rows; merged into OUTDIR at the end
echo "$HEADER" > "$CSV"
status=0
start_date=$(date -u +%Y-%m-%dT%H:%M:%SZ); SECONDS=0
exec > >(tee "$LOGDIR/peers.log") 2>&1
log() { echo "== $(date -u +%H:%M:%S) $*"; }
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
GRAPHS=${*:-"luxembourg_osm soc-Slashdot0902 kron20 grid2k kron22 urand22"}
commit=$(cat "$ROOT/build/commit.stamp" 2>/dev/null || git -C "$ROOT" describe --always --dirty 2>/dev/null || echo unknown)
log "peers: graphs $GRAPHS; K=$K T=$T threads=$THREADS; the gallery at $commit; peers from $B"
"$B/bfs" -h >/dev/null 2>&1 || echo "warning: $B/bfs (gapbs) does not start here"

# ---- graphs ----------------------------------------------------------------------------------
# a road-like graph: an R x C 4-neighbour grid, each edge dropped with probability DROP
# (awk's generator, fixed seed), vertex id r*C + c, each undirected edge once ("u v")
grid_el() { # R C DROP SEED OUT
  awk -v R="$1" -v C="$2" -v drop="$3" -v seed="$4" 'BEGIN { srand(seed)
    for (r = 0; r < R; r++) for (c = 0; c < C; c++) { v = r * C + c
      if (c + 1 < C && rand() >= drop) print v, v + 1
      if (r + 1 < R && rand() >= drop) print v, v + C } }' > "$5"
}
mk_graph() { # G -> WORK/G.{sg,wsg,mtx,src,meta}
  local g=$1 w=$WORK/$1 in t0
  [ -s "$w.meta" ] && [ -s "$w.mtx" ] && [ -s "$w.sg" ] && { echo "$g: files already there"; return 0; }
  t0=$(date +%s.%N)
  case $g in
    kron*) in="-g ${g#kron} -k 16" ;;
    urand*) in="-u ${g#urand} -k 16" ;;
    grid2k) grid_el 2000 2000 0.1 1 "$w.el" || return 1; in="-f $w.el" ;;
    luxembourg_osm) zcat "$ROOT/graphs/luxembourg_osm.mtx.gz" > "$w.in.mtx" || return 1; in="-f $w.in.mtx" ;;
    soc-Slashdot0902) zcat "$ROOT/graphs/soc-Slashdot0902.txt.gz" | grep -v '^#' > "$w.in.el" || return 1; in="-f $w.in.el" ;;
    *) echo "unknown graph $g (one of: luxembourg_osm soc-Slashdot0902 kronNN urandNN grid2k)"; return 1 ;;
  esac
  # shellcheck disable=SC2086
  OMP_NUM_THREADS=$THREADS "$B/converter" $in -s -b "$w.sg" | grep -E "Graph has|Time" || return 1
  # shellcheck disable=SC2086
  OMP_NUM_THREADS=$THREADS "$B/converter" $in -s -w -b "$w.wsg" | grep -E "Graph has" || return 1
  OMP_NUM_THREADS=$THREADS "$B/prep" -f "$w.wsg" -n "$K" || return 1
  rm -f "$w.el" "$w.in.mtx" "$w.in.el"
  echo "$g: made in $(since "$t0") s; $(stat -c %s "$w.mtx") bytes of .mtx"
}

# rows: lines "source trial ms check" on stdin -> CSV, with the tool's preparation PREP_MS
emit() { # graph tool alg variant [prep_ms]
  awk -v g="$1" -v tool="$2" -v alg="$3" -v var="$4" -v prep="${5:-}" -v meta="$WORK/$1.meta" '
    BEGIN { while ((getline l < meta) > 0) { split(l, f, " "); e[f[1]] = f[3] } }
    { ed = e[$1]; printf "%s,%s,%s,%s,%s,%s,%.6f,%s,%.6f,%s,%s\n", g, tool, alg, var, $1, $2, $3, ed,
      ($3 > 0 ? ed / ($3 * 1e6) : 0), $4, prep }' >> "$CSV"
}

# ---- gapbs -------------------------------------------------------------------------------------
gapbs_deltas() {  # the bucket widths tried (its best is taken)
  case $1 in
    kron20) echo "1 2" ;; kron22) echo 1 ;; urand22) echo 4 ;; grid2k) echo 1024 ;;
    luxembourg_osm) echo "256 1024 4096 16384" ;; soc-Slashdot0902) echo "4 16 64 256 1024" ;;
    *) echo 1 ;;
  esac
}
gapbs_alg() { # G alg file variant [-d delta]: -v on the first sources, then -n T a source
  local g=$1 alg=$2 file=$3 var=$4 i=0 s v nver=$K
  shift 4
  case $g in kron22|urand22) nver=2 ;; esac
  for s in $(cat "$WORK/$g.src"); do
    v=UNCHECKED
    if [ $i -lt $nver ]; then
      v=$(OMP_NUM_THREADS=$THREADS "$B/$alg" -f "$file" -r "$s" "$@" -n 1 -v | awk '/^Verification:/ { print $2 }')
      [ -n "$v" ] || v=FAIL
    fi
    OMP_NUM_THREADS=$THREADS "$B/$alg" -f "$file" -r "$s" "$@" -n "$T" |
      awk -v s="$s" -v v="$v" '/^Trial Time:/ { print s, n++, $3 * 1000, v }' | emit "$g" gapbs "$alg" "$var"
    i=$((i + 1))
  done
}
run_gapbs() { # G
  local g=$1 d
  log "$g: gapbs bfs (threads $THREADS, -n $T a source)"
  gapbs_alg "$g" bfs "$WORK/$g.sg" DOBFS
  for d in $(gapbs_deltas "$g"); do
    log "$g: gapbs sssp delta $d"
    gapbs_alg "$g" sssp "$WORK/$g.wsg" "delta-step d=$d" -d "$d"
  done
}

# ---- Gunrock (gbench: its bfs and sssp examples, one load, every source checked) -------------
run_gunrock() { # G
  local g=$1 t=3 f=$LOGDIR/$1.gunrock.txt alg mode
  [ "$g" = grid2k ] && t=2
  log "$g: Gunrock gbench, -n $t a source"
  "$B/gbench" -m "$WORK/$g.mtx" --sources "$WORK/$g.src" -n "$t" \
    --bfs block_mapped,merge_path,thread_mapped --sssp block_mapped,merge_path > "$f" 2>&1 || { echo "gbench exit $?"; status=1; }
  grep -v '^GR ' "$f" | head -20
  for alg in bfs sssp; do
    for mode in $(awk -v a=$alg '$1 == "GR" && $2 == a { print $3 }' "$f" | sort -u); do
      awk -v a=$alg -v m="$mode" '
        $1 == "GRCHECK" && $2 == a && $3 == m { c[$4] = ($5 == 0 ? "PASS" : "FAIL") }
        $1 == "GR" && $2 == a && $3 == m { s[++n] = $4; r[n] = $5; t[n] = $6 }
        END { for (i = 1; i <= n; i++) print s[i], r[i], t[i], (s[i] in c ? c[s[i]] : "UNCHECKED") }' "$f" |
        emit "$g" gunrock $alg "$mode"
    done
  done
}

# ---- Blest and GSWITCH: each dumps its answer per source, compared with the steps' CPU oracle
# (bin/stepNN --cpu) on every source of the small graphs and the first nchk of the large ones
oracle_bin() { # alg -> the first built step of that problem (its --cpu is the oracle)
  local d n
  for d in "$ROOT"/steps/[0-9][0-9]_*/; do
    n=${d%/}; n=${n##*/}; n=step${n%%_*}
    [ -e "$d$1.cu" ] && [ -x "$ROOT/bin/$n" ] && { echo "$ROOT/bin/$n"; return; }
  done
}
oracle_dump() { # G alg source -> file (0-based ids; -1 unreached), cached
  local f=$WORK/$1.oracle.$2.$3 ob
  ob=$(oracle_bin "$2")
  if [ ! -s "$f" ] && [ -n "$ob" ] && "$ob" --cpu -f "$WORK/$1.mtx" -r "$3" -d "$f.raw" > /dev/null 2>&1; then
    awk '{ print ($1 == "inf" ? -1 : $1) }' "$f.raw" > "$f"; rm -f "$f.raw"
  fi
  echo "$f"
}
same_dump() { # oracle peer -> PASS | FAIL (a missing or short dump fails)
  [ -s "$1" ] && [ -s "$2" ] || { echo FAIL; return; }
  awk 'NR == FNR { o[FNR] = $1; n = FNR; next } { a = ($1 + 0 < 0 ? -1 : $1 + 0); if (a != o[FNR] + 0) bad++; m = FNR }
       END { print (m == n && !bad ? "PASS" : "FAIL") }' "$1" "$2"
}
nchk() { case $1 in kron22|urand22) echo 2 ;; kron20|grid2k) echo 3 ;; *) echo "$K" ;; esac; }
check_dumps() { # G alg dumpprefix -> "source check" lines
  local i=0 s v
  for s in $(cat "$WORK/$1.src"); do
    v=UNCHECKED; [ $i -lt "$(nchk "$1")" ] && v=$(same_dump "$(oracle_dump "$1" "$2" "$s")" "$3.$s")
    echo "$s $v"; i=$((i + 1))
  done
}
run_blest() { # G
  local g=$1 f=$LOGDIR/$1.blest.txt prep
  [ -x "$B/blest" ] || { echo "$g: no $B/blest: Blest skipped"; return; }
  log "$g: Blest (-n $T a source after one warm-up)"
  mkdir -p "$WORK/blest-$g"
  CUDA_MODULE_LOADING=EAGER "$B/blest" -m "$WORK/$g.mtx" -s "$WORK/$g.src" -n "$T" -W 1 -d "$WORK/blest-$g/d" > "$f" 2>&1 ||
    { echo "blest exit $?"; status=1; }
  grep -v '^BLEST \|^BLEST_DUMP' "$f" | head -20
  # its preparation, outside its timer: the reordering and the bit-matrix (BVSS) build
  prep=$(awk '$1 == "BLEST_REORDER_MS" || $1 == "BLEST_BVSS_MS" { s += $2; n++ } END { if (n) printf "%.3f", s }' "$f")
  check_dumps "$g" bfs "$WORK/blest-$g/d" > "$f.chk"
  tr '\n' ' ' < "$f.chk"; echo
  awk 'NR == FNR { c[$1] = $2; next } $1 == "BLEST" { print $2, $3, $4, ($2 in c ? c[$2] : "UNCHECKED") }' "$f.chk" "$f" |
    emit "$g" blest bfs tensor-core "$prep"
}
run_gswitch() { # G
  local g=$1 alg f tag x
  [ -x "$B/gswitch_bfs" ] && [ -x "$B/gswitch_sssp" ] || { echo "$g: no $B/gswitch_bfs, gswitch_sssp: GSWITCH skipped"; return; }
  for alg in ${GS_ALGS:-bfs sssp}; do
    f=$LOGDIR/$g.gswitch.$alg.txt; x=("$B/gswitch_$alg" "$WORK/$g.mtx" -H); [ "$alg" = sssp ] && x+=(-W)
    log "$g: GSWITCH $alg (-n $T a source after one warm-up)"
    mkdir -p "$WORK/gs-$g"
    timeout 300 "${x[@]}" --sources="$WORK/$g.src" --runs="$T" --warmup=1 --dump="$WORK/gs-$g/$alg" > "$f" 2>&1 ||
      { echo "gswitch_$alg exit $?"; status=1; }
    grep -v '^GSWITCH_\(BFS\|SSSP\)' "$f" | head -12
    check_dumps "$g" "$alg" "$WORK/gs-$g/$alg" > "$f.chk"
    tr '\n' ' ' < "$f.chk"; echo
    tag=GSWITCH_$(tr a-z A-Z <<< "$alg")
    awk -v tag="$tag" 'NR == FNR { c[$1] = $2; next } $1 == tag { print $2, $3, $4, ($2 in c ? c[$2] : "UNCHECKED") }' "$f.chk" "$f" |
      emit "$g" gswitch "$alg" default
  done
}

# ---- the gallery's steps: -v checks every trial against the oracle -----------------------------
run_step() { # G step variant
  local g=$1 st=$2 var=$3 alg=bfs vopt=() f=$LOGDIR/$1.$2.$3.txt prep d
  d=$(ls -d "$ROOT"/steps/"${st#step}"_* 2>/dev/null | head -1)
  [ -n "$d" ] && [ -e "$d/sssp.cu" ] && alg=sssp
  [ "$var" = default ] || vopt=(-V "$var")
  log "$g: $st $var (-n $T a source, -v)"
  "$ROOT/bin/$st" -f "$WORK/$g.mtx" --sources "$WORK/$g.src" -n "$T" -v "${vopt[@]}" > "$f" 2>&1 || { echo "$st exit $?"; status=1; }
  grep -v '^Trial Time:\|^ *relaxations\|^hbf:' "$f" | head -20
  # the step's untimed preparation (init: relabelling, classes, chains), from its Launch line
  prep=$(awk '/^Launch:/ { for (i = 1; i < NF; i++) if ($i == "init") { x = $(i + 1); sub(/ms;?$/, "", x); print x; exit } }' "$f")
  awk '/^Trial Time:/ { s = $6; print s, c[s]++ + 0, $3, $NF }' "$f" | emit "$g" gallery "$alg" "$st $var" "$prep"
}

for g in $GRAPHS; do
  log "graph $g"
  mk_graph "$g" || { echo "$g: graph FAILED"; status=1; continue; }
  cat "$WORK/$g.meta"
  run_gapbs "$g"
  run_gunrock "$g"
  [ "${NO_A2:-0}" = 1 ] || { run_blest "$g"; run_gswitch "$g"; }
  for sv in $PROJECT_RUNS; do run_step "$g" "${sv%%:*}" "${sv#*:}"; done
done

# ---- results: merged into OUTDIR, provenance, summary ----------------------------------------
out=$OUTDIR/peers-$slug.csv
csv_merge "$out" "$CSV" graph,tool,alg,variant
meta=$OUTDIR/peers-$slug.meta
{
  [ -s "$meta" ] || echo "# Provenance of peers-$slug.csv: one block per run of scripts/peers.sh"
  echo; echo "# ==== run of $start_date"
  echo "start: $start_date"
  echo "end: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "wall_s: $SECONDS"
  echo "gallery commit: $commit"
  echo "gpu: $(nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader 2>&1 | head -1)"
  echo "cuda: $(nvidia-smi 2>/dev/null | grep -o 'CUDA Version: [0-9.]*' | head -1) (the driver's); nvcc: $(nvcc --version 2>/dev/null | tail -n 1)"
  echo "steps: $(cat "$LOGDIR"/*.step*.txt 2>/dev/null | grep -m1 '^GPU: ')"     # the steps' own line: runtime, driver, commit
  echo "host: $(nproc) cores,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2); $(uname -sr)"
  echo "settings: graphs='$GRAPHS' K=$K T=$T threads=$THREADS gs_algs='${GS_ALGS:-bfs sssp}' no_a2=${NO_A2:-0} runs='$PROJECT_RUNS'"
  echo "peers (docs/PEERS.md): gapbs sbeamer/gapbs b5e3e19 + patches/prep.cc;" \
       "Gunrock gunrock/gunrock 01f125c + patches/gunrock.patch + patches/gbench.cu;" \
       "GSWITCH PAA-NCIC/GSWITCH b18d2a4 + patches/gswitch.patch; Blest delbek/blest 9be20d9 + patches/blest.patch"
  echo "binaries (sha256):"
  (cd "$B" && sha256sum bfs sssp converter prep gbench gswitch_bfs gswitch_sssp blest 2>/dev/null | sed 's/^/  /')
  echo "rows: $(($(wc -l < "$CSV") - 1)) ($(grep -c ',FAIL,' "$CSV") FAIL)"
} >> "$meta"
grep -q ',FAIL,' "$CSV" && { echo "peers: a wrong answer: FAIL rows in ${CSV#$ROOT/}"; status=1; }
log "done in ${SECONDS}s -> ${out#$ROOT/} ${meta#$ROOT/}"
summarize "$out" | tee "$LOGDIR/summary.txt"
exit $status
