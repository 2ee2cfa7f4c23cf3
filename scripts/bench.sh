#!/usr/bin/env bash
# bench.sh BIN... - the standard benchmark (make bench): every step and variant on the standard
# graphs, the CPU oracle once per graph, per-level traces and a scale series, inside a time budget.
#
# Jobs, in phases (BENCH_PHASES, default "main trace scale big"), in this order, so that a spent
# budget costs the largest graphs, not the small ones:
#  main   every step x variant (--list-variants) on kron20, uniform20, soc-Slashdot0902,
#         delaunay_n16, luxembourg_osm (the three from $GRAPH_DIR; skipped with a message when
#         absent) and grid2000x2000: -R SOURCES -n TRIALS -v; the first job on each graph also
#         writes the CPU oracle's rows (--cpu-baseline)
#  trace  each step's default variant with -a (-R 1 -n 1) on one graph of each class:
#         Kronecker (kron20), road (luxembourg_osm, else the grid), social (soc-Slashdot0902)
#  scale  each step's default variant on kron and uniform graphs of scale BENCH_MIN_SCALE..19
#  big    every step x variant on kronMAX and uniformMAX (MAX = BENCH_MAX_SCALE, 22; none when
#         MAX <= 20), then the default variants on the scales between 20 and MAX
#  sssp   SSSP steps (steps/NN_*/sssp.cu) only, and only here: every variant on kron20, kron22,
#         uniform22, grid2000x2000 (random weights 1..255, the harness's default), road300k and
#         road1m (--road: generated with a US road network's degree mix, DIMACS TIGER: 23 % dead
#         ends, 20 % degree 2, 57 % junctions; lengths as weights 1..255), rome99 (its own DIMACS
#         weights) and luxembourg_osm (random weights); the CPU's Dijkstra once per
#         graph; the parallel CPU baseline (build/cpubench, BENCH_CPU_THREADS threads, 16) at each
#         bucket width of BENCH_CPU_DELTAS (0 = its own choice; the tables take the best) on every
#         graph; rows in plots/data/sssp-GPU.csv (not bench-*: plots.sh reads those as BFS), and per
#         step and graph the median relax operations per reached edge of the step's default
#         variant in plots/data/relax-GPU.csv. The BFS phases above skip SSSP steps.
# (scale 20 and MAX of the scale series come from the main rows.) Every job runs under
# timeout(1): min(BENCH_TIMEOUT, what is left of BENCH_BUDGET). A failure, a wrong answer or a
# timeout is logged and the bench goes on; once the budget is spent the remaining jobs are
# skipped and listed. Phases may be run in separate calls (BENCH_PHASES=big): results merge.
#
# Writes (new rows of a (step, graph) replace the older ones, other rows stay; BENCH_FRESH=1
# starts the files over):
#   plots/data/bench-GPU.csv        main and big rows, cpu rows (GPU: nvidia-smi's name, h100)
#   plots/data/scale-GPU.csv        the scale series
#   plots/data/bench-GPU.trace.csv  the traces
#   plots/data/bench-GPU.meta       provenance, one block per run appended: nvidia-smi, uname,
#                                   nvcc, commit, dates, wall time, settings, every job with
#                                   its exit status and seconds
# and each job's output under results/bench-GPU/; at the end, per step and graph, the fastest
# variant's median ms beside its untimed preparation (init ms). Then `make plots`.
#
# Environment: BENCH_QUICK=1 (smaller: -R 2 -n 3, grid1000x1000, scales 16..20, budget 150 s),
# BENCH_PHASES, BENCH_SOURCES (4), BENCH_TRIALS (5), BENCH_MIN_SCALE (16), BENCH_MAX_SCALE (22),
# BENCH_BUDGET (420 s), BENCH_TIMEOUT (90 s a job), BENCH_SSSP_GRAPHS (labels: a subset of the sssp graphs), BENCH_GRIDS / BENCH_BLOCKS (-x / -b lists;
# default: the step's own shape), BENCH_SYM=1 (also soc-Slashdot0902 symmetrized, -s),
# BENCH_OUT_DIR (plots/data), BENCH_LOG_DIR (results/bench-GPU), BENCH_DRYRUN=1 (print the jobs,
# run nothing), GRAPH_DIR, GPU_SLUG (skip nvidia-smi: tests).
# Exit 0 when every job passed, 1 when one failed or timed out or a CSV is invalid, 77 no GPU.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$ROOT/scripts/results-common.sh"

[ $# -gt 0 ] || { echo "usage: scripts/bench.sh bin/stepNN..." >&2; exit 2; }
if [ "${BENCH_QUICK:-0}" = 1 ]; then d=(2 3 20 150 40 1000x1000); else d=(4 5 22 420 90 2000x2000); fi
SOURCES=${BENCH_SOURCES:-${d[0]}}
TRIALS=${BENCH_TRIALS:-${d[1]}}
MIN_SCALE=${BENCH_MIN_SCALE:-16}
MAX_SCALE=${BENCH_MAX_SCALE:-${d[2]}}
BUDGET=${BENCH_BUDGET:-${d[3]}}
TMO=${BENCH_TIMEOUT:-${d[4]}}
GRID=${d[5]}
DRY=${BENCH_DRYRUN:-0}
CPU_THREADS=${BENCH_CPU_THREADS:-16}                 # the SSSP phase's delta sweep of the CPU baseline
CPU_DELTAS=${BENCH_CPU_DELTAS:-"0 4 16 64 256 1024 4096 65536"}
if [ -z "${GRAPH_DIR:-}" ] && [ -d "$ROOT/graphs" ]; then GRAPH_DIR=$ROOT/graphs; fi
GRAPH_DIR=${GRAPH_DIR:-}
LAUNCH=()
[ -n "${BENCH_GRIDS:-}" ] && LAUNCH+=(-x "$BENCH_GRIDS")
[ -n "${BENCH_BLOCKS:-}" ] && LAUNCH+=(-b "$BENCH_BLOCKS")
say() { echo "bench: $*" >&2; }

[ "$DRY" = 1 ] || { . "$ROOT/scripts/gpu-probe.sh"; need_gpu bench; }
slug=$(gpu_slug)
[ "$DRY" = 1 ] && [ -z "$slug" ] && slug=dryrun
if [ -z "$slug" ]; then say "no GPU (nvidia-smi lists none): nothing benchmarked"; exit 77; fi
OUTDIR=${BENCH_OUT_DIR:-$ROOT/plots/data}
LOGDIR=${BENCH_LOG_DIR:-$ROOT/results/bench-$slug}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
start_date=$(date -u +%Y-%m-%dT%H:%M:%SZ); SECONDS=0

# ---- graphs: "label|arguments" -----------------------------------------------------------
real_graph() {   # label file [extra args]
  local f="$GRAPH_DIR/$2"
  if [ -n "$GRAPH_DIR" ] && [ -r "$f" ]; then echo "$1|-f $f${3:+ $3}"
  else say "$1: ${GRAPH_DIR:-(GRAPH_DIR unset)}/$2 not found: skipped (GRAPH_DIR=dir of the real graphs)"; fi
}
main_early=("kron20|-g 20" "uniform20|-u 20")
social=$(real_graph soc-Slashdot0902 soc-Slashdot0902.txt.gz)
road=$(real_graph luxembourg_osm luxembourg_osm.mtx.gz)
mesh=$(real_graph delaunay_n16 delaunay_n16.mtx.gz)
for g in "$social" "$mesh" "$road"; do [ -n "$g" ] && main_early+=("$g"); done
[ "${BENCH_SYM:-0}" = 1 ] && [ -n "$social" ] && main_early+=("$(real_graph soc-Slashdot0902-sym soc-Slashdot0902.txt.gz -s)")
main_early+=("grid$GRID|-G $GRID")
big_main=()
[ "$MAX_SCALE" -gt 20 ] && big_main=("kron$MAX_SCALE|-g $MAX_SCALE" "uniform$MAX_SCALE|-u $MAX_SCALE")
trace_graphs=("kron20|-g 20" "${road:-grid$GRID|-G $GRID}")
[ -n "$social" ] && trace_graphs+=("$social") || say "no social graph for the traces"
scale_graphs=() big_scale=()
for ((s = MIN_SCALE; s < MAX_SCALE; s++)); do
  if [ $s -lt 20 ]; then scale_graphs+=("kron$s|-g $s" "uniform$s|-u $s")
  elif [ $s -gt 20 ]; then big_scale+=("kron$s|-g $s" "uniform$s|-u $s"); fi
done
PHASES=" ${BENCH_PHASES:-main trace scale big sssp} "

# ---- steps and their variants ------------------------------------------------------------
declare -A VARIANTS
for bin in "$@"; do
  step=$(basename "$bin")
  if v=$(timeout 60 "$bin" --list-variants 2>"$TMP/err") && [ -n "$v" ]; then VARIANTS[$step]=$(echo $v)
  else say "$step: --list-variants failed ($(tail -n 1 "$TMP/err")): its default variant only"; VARIANTS[$step]=""; fi
done

# ---- the job list: kind|graph label|graph args|bin|variant ---------------------------------
jobs=()
add_main() { local g bin v
  for g in "$@"; do for bin in "${BINS[@]}"; do
    for v in ${VARIANTS[$(basename "$bin")]:-"(default)"}; do jobs+=("main|$g|$bin|$v"); done
  done; done; }
add_default() { local kind=$1 g bin v; shift
  for g in "$@"; do for bin in "${BINS[@]}"; do
    v=${VARIANTS[$(basename "$bin")]:-"(default)"}; jobs+=("$kind|$g|$bin|${v%% *}")
  done; done; }
BINS=("$@")
# ---- SSSP steps: their own phase and CSV (the BFS phases get the BFS steps only) ----------
SSSP_BINS=() BFS_BINS=()
for bin in "$@"; do
  d=$(ls -d "$ROOT"/steps/"$(basename "$bin" | sed 's/^step//')"_* 2>/dev/null | head -1)
  if [ -n "$d" ] && [ -e "$d/sssp.cu" ]; then SSSP_BINS+=("$bin"); else BFS_BINS+=("$bin"); fi
done
BINS=(${BFS_BINS[@]+"${BFS_BINS[@]}"})
sssp_graphs=("kron20|-g 20" "kron22|-g 22" "uniform22|-u 22" "grid2000x2000|-G 2000x2000"
             "road300k|--road 300000 --name road300k" "road1m|--road 1000000 --name road1m")
for g in "$(real_graph rome99 rome99.gr.gz)" "$(real_graph luxembourg_osm luxembourg_osm.mtx.gz)"; do
  [ -n "$g" ] && sssp_graphs+=("$g")
done
if [ -n "${BENCH_SSSP_GRAPHS:-}" ]; then   # a subset of the SSSP graphs, by label
  keep=(); for g in "${sssp_graphs[@]}"; do case " $BENCH_SSSP_GRAPHS " in *" ${g%%|*} "*) keep+=("$g") ;; esac; done
  sssp_graphs=(${keep[@]+"${keep[@]}"})
fi
phase() { case $PHASES in *" $1 "*) return 0 ;; esac; return 1; }
phase main  && add_main "${main_early[@]}"
phase trace && add_default trace "${trace_graphs[@]}"
phase scale && [ ${#scale_graphs[@]} -gt 0 ] && add_default scale "${scale_graphs[@]}"
phase big   && [ ${#big_main[@]} -gt 0 ] && add_main "${big_main[@]}"
phase big   && [ ${#big_scale[@]} -gt 0 ] && add_default scale "${big_scale[@]}"
if phase sssp && [ ${#SSSP_BINS[@]} -gt 0 ]; then
  for g in "${sssp_graphs[@]}"; do for bin in "${SSSP_BINS[@]}"; do
    for v in ${VARIANTS[$(basename "$bin")]:-"(default)"}; do jobs+=("sssp|$g|$bin|$v"); done
  done; done
  # the parallel CPU baseline of every SSSP graph at several bucket widths (its best is the
  # baseline), BENCH_CPU_THREADS threads: build/cpubench, the same sources and trials
  if [ -x "$ROOT/build/cpubench" ]; then
    for g in "${sssp_graphs[@]}"; do jobs+=("ssspcpu|$g|$ROOT/build/cpubench|(default)"); done
  else say "note: no build/cpubench (make cpubench): the SSSP phase has no delta sweep of the CPU baseline"; fi
fi

njobs=${#jobs[@]}
say "$# steps, $njobs jobs on $slug: -R $SOURCES -n $TRIALS -v, budget ${BUDGET}s, at most ${TMO}s a job${LAUNCH[*]:+, launch ${LAUNCH[*]}}"

# ---- run ---------------------------------------------------------------------------------
mkdir -p "$LOGDIR" "$OUTDIR"
declare -A CPU_DONE
n_ok=0 n_bad=0 n_skip=0; failures=(); skipped=()
printf '%s\n' "rc	seconds	kind	step	variant	graph	command" > "$TMP/jobs.tsv"
for ((j = 0; j < njobs; j++)); do
  IFS='|' read -r kind label gargs bin variant <<<"${jobs[$j]}"
  step=$(basename "$bin")
  cmd=("$bin")
  [ "$kind" = sssp ] && cmd=(env OMP_NUM_THREADS="$CPU_THREADS" "$bin")   # its --cpu-baseline
  [ "$kind" = ssspcpu ] && cmd=(env OMP_NUM_THREADS="$CPU_THREADS" CPUBASE_DELTA="$CPU_DELTAS" "$bin" sssp)
  read -r -a ga <<<"$gargs"; cmd+=("${ga[@]}")
  [ "$variant" != "(default)" ] && cmd+=(-V "$variant")
  if [ "$kind" = trace ]; then cmd+=(-R 1 -n 1 -v -a); else cmd+=(-R "$SOURCES" -n "$TRIALS" -v); fi
  cmd+=(${LAUNCH[@]+"${LAUNCH[@]}"})
  if [ "$kind" = main ] && [ -z "${CPU_DONE[$label]:-}" ]; then
    cmd+=(--cpu-baseline); [ "$DRY" = 1 ] && CPU_DONE[$label]=1
  fi
  if [ "$kind" = sssp ] && [ -z "${CPU_DONE[sssp:$label]:-}" ] && [[ $label != *22 ]]; then
    # the CPU's Dijkstra (not on the scale-22 graphs: -n trials x -R sources serial runs of ~10 s)
    cmd+=(--cpu-baseline); CPU_DONE[sssp:$label]=1
  fi
  out="$TMP/job-$j.csv"; cmd+=(-o "$out")
  tag=$(printf '[%3d/%d] %-5s %-8s %-14s %-18s' $((j + 1)) "$njobs" "$kind" "$step" "$variant" "$label")
  shown=${cmd[*]}; shown=${shown//$TMP\//}      # the command as logged: no temporary paths
  if [ "$DRY" = 1 ]; then echo "$tag $shown"; continue; fi
  left=$((BUDGET - SECONDS))
  if [ $left -lt 5 ]; then
    n_skip=$((n_skip + 1)); skipped+=("$kind $step $variant $label")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' skip 0 "$kind" "$step" "$variant" "$label" "$shown" >> "$TMP/jobs.tsv"
    continue
  fi
  t=$TMO; [ $left -lt $t ] && t=$left
  log="$LOGDIR/$(printf '%03d' $((j + 1)))-$kind-$step-${variant//[^A-Za-z0-9._-]/_}-$label.log"
  t0=$(now_s)
  timeout -k 10 "$t" "${cmd[@]}" > "$log" 2>&1
  rc=$?
  secs=$(elapsed_s "$t0" "$(now_s)")
  word=$(rc_word $rc); [ $rc -eq 124 ] || [ $rc -eq 137 ] && word="timeout after ${t}s"
  say "$tag $word ${secs}s (budget left $((BUDGET - SECONDS))s)"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$rc" "$secs" "$kind" "$step" "$variant" "$label" "$shown" >> "$TMP/jobs.tsv"
  if [ $rc -eq 77 ]; then say "no GPU: stopping (nothing written)"; exit 77; fi
  if [ $rc -eq 0 ]; then n_ok=$((n_ok + 1))
  else n_bad=$((n_bad + 1)); failures+=("$word: $shown"); tail -n 5 "$log" | sed 's/^/    /' >&2; fi
  # rows of failed or timed-out runs are kept: real measurements, and FAIL rows say what failed
  case $kind in
    main)  [ -s "$out" ] && csv_has_step "$out" cpu && CPU_DONE[$label]=1
           csv_append_rows "$TMP/bench.csv" "$out" ;;
    scale) csv_append_rows "$TMP/scale.csv" "$out" ;;
    trace) csv_append_rows "$TMP/trace.csv" "${out%.csv}.trace.csv" ;;   # the run's own rows are not kept: -a adds timing
    ssspcpu) csv_append_rows "$TMP/sssp.csv" "$out" ;;
    sssp)  csv_append_rows "$TMP/sssp.csv" "$out"
           # relax operations per reached edge (the harness's "relaxations" line), one row a run
           [ $rc -eq 0 ] && sed -n 's/.*relaxations [0-9]* (\([0-9.]*\) per reached edge).*/\1/p' "$log" |
             while read -r x; do echo "$step,$variant,$label,$x"; done >> "$TMP/relax-runs.csv" ;;
  esac
done
[ "$DRY" = 1 ] && exit 0

# ---- results -----------------------------------------------------------------------------
bad=0; [ $n_bad -gt 0 ] && bad=1
files=()
for pair in "bench.csv:bench-$slug.csv" "scale.csv:scale-$slug.csv" "trace.csv:bench-$slug.trace.csv" \
            "sssp.csv:sssp-$slug.csv"; do
  new="$TMP/${pair%%:*}"; dst="$OUTDIR/${pair#*:}"
  [ -s "$new" ] || continue
  [ "${BENCH_FRESH:-0}" = 1 ] && rm -f "$dst"
  csv_merge "$dst" "$new" step,graph
  files+=("$dst")
done
# relax-SLUG.csv: per step and graph, the median relax operations per reached edge of the step's
# first (default) variant (make plots adds them to the SSSP table)
if [ -s "$TMP/relax-runs.csv" ]; then
  relax="$OUTDIR/relax-$slug.csv"
  [ "${BENCH_FRESH:-0}" = 1 ] && rm -f "$relax"
  first=""; for bin in "${SSSP_BINS[@]}"; do first="$first $(basename "$bin"):${VARIANTS[$(basename "$bin")]%% *}"; done
  # the default variant's runs, grouped by step and graph, each group in order of value
  awk -F, -v first="$first" '
    BEGIN { n = split(first, f, " "); for (i = 1; i <= n; i++) { split(f[i], p, ":"); V[p[1]] = p[2] } }
    $2 == V[$1] || V[$1] == "" || V[$1] == "(default)"' "$TMP/relax-runs.csv" |
    sort -t, -k1,1 -k3,3 -k4,4g > "$TMP/relax-sorted.csv"
  # a group's median is its middle; graphs this run did not measure keep their committed rows
  # (the header line keeps the first input non-empty, so FNR == NR marks it alone)
  awk -F, '
    FNR == NR { if ($1 != "step") old[$1 "," $2] = $0; next }
    { k = $1 "," $3; if (!(k in c)) K[++nk] = k; x[k, ++c[k]] = $4 + 0 }
    END {
      print "step,graph,relax_per_edge,runs"
      for (k in old) if (!(k in c)) print old[k]
      for (i = 1; i <= nk; i++) { k = K[i]; m = c[k]
        printf "%s,%.4g,%d\n", k, m % 2 ? x[k, (m + 1) / 2] : (x[k, m / 2] + x[k, m / 2 + 1]) / 2, m } }' \
    <(echo step,graph; cat "$relax" 2>/dev/null) "$TMP/relax-sorted.csv" > "$TMP/relax.csv" && mv "$TMP/relax.csv" "$relax"
  files_note=" ${relax#$ROOT/}"
fi
if [ ${#files[@]} -gt 0 ]; then check=$("$ROOT/scripts/csv-check.sh" "${files[@]}" 2>&1) || bad=1
else check="no rows written"; bad=1; fi
echo "$check" >&2
for j in "${jobs[@]}"; do
  IFS='|' read -r kind label _ <<<"$j"
  [ "$kind" = main ] && [ -z "${CPU_DONE[$label]:-}" ] && { say "note: no CPU oracle rows for $label"; CPU_DONE[$label]=none; }
done

meta="$OUTDIR/bench-$slug.meta"
[ "${BENCH_FRESH:-0}" = 1 ] && rm -f "$meta"
{
  [ -s "$meta" ] || echo "# Provenance of bench-$slug.csv, scale-$slug.csv and bench-$slug.trace.csv: one block per run of scripts/bench.sh"
  echo; echo "# ==== run of $start_date"
  echo "start: $start_date"
  echo "end: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "wall_s: $SECONDS"
  echo "commit: $(cat "$ROOT/build/commit.stamp" 2>/dev/null || git -C "$ROOT" describe --always --dirty 2>/dev/null || echo unknown)"  # the binaries' commit (make COMMIT=...)
  echo "host: $(uname -a)"
  echo "nvcc: $({ "${NVCC:-${CUDA:-/usr/local/cuda}/bin/nvcc}" --version || nvcc --version; } 2>/dev/null | tail -n 1)"
  echo "gpu: $(gpu_name)"
  echo "settings: quick=${BENCH_QUICK:-0} phases='$(echo $PHASES)' sources=$SOURCES trials=$TRIALS scales=$MIN_SCALE..$MAX_SCALE budget=${BUDGET}s timeout=${TMO}s launch='${LAUNCH[*]}' GRAPH_DIR=${GRAPH_DIR:-}"
  for bin in "$@"; do echo "variants: $(basename "$bin"): ${VARIANTS[$(basename "$bin")]:-(default)}"; done
  echo "jobs: $njobs: $n_ok ok, $n_bad failed or timed out, $n_skip skipped (budget)"
  echo "csv-check:"; echo "$check" | sed "s|$ROOT/||g; s/^/  /"
  [ ${#failures[@]} -gt 0 ] && { echo "failures:"; printf '  %s\n' "${failures[@]}"; }
  [ ${#skipped[@]} -gt 0 ] && { echo "skipped (budget):"; printf '  %s\n' "${skipped[@]}"; }
  echo; echo "## jobs (rc seconds kind step variant graph command)"; tail -n +2 "$TMP/jobs.tsv"
  echo; echo "## nvidia-smi --query-gpu"
  nvidia-smi --query-gpu=name,pci.bus_id,driver_version,vbios_version,memory.total,clocks.max.sm,clocks.max.mem,power.limit,persistence_mode,compute_mode,mig.mode.current --format=csv 2>&1 || true
  echo; echo "## nvidia-smi"; nvidia-smi 2>&1 || true
} >> "$meta"
# ---- summary: per step and graph, the fastest variant's median ms beside its untimed preparation
# (the step's init: relabelling, transpose, chains; never in the time), this run's rows
bench_summary() { # CSV TITLE
  [ -s "$1" ] || return 0
  awk -F, -v title="$2" '
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["step"] == "cpu" || $c["verified"] == "FAIL" { next }
    { s = $c["step"]; g = $c["graph"]; k = s SUBSEP $c["variant"] SUBSEP g
      if (!(s in ss)) { ss[s] = 1; S[++ns] = s } if (!(g in gs)) { gs[g] = 1; G[++ng] = g }
      if (!(k in n)) K[++nk] = k; n[k]++; M[k, n[k]] = $c["ms"]; I[k, n[k]] = $c["init_ms"] }
    function med(A, k, m,   i, j, t, a) { for (i = 1; i <= m; i++) a[i] = A[k, i] + 0
      for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
      return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
    END {
      if (!nk) exit
      for (i = 1; i <= nk; i++) { split(K[i], p, SUBSEP); t = p[1] SUBSEP p[3]; x = med(M, K[i], n[K[i]])
        if (!(t in B) || x < B[t]) { B[t] = x; BI[t] = med(I, K[i], n[K[i]]) } }
      printf "\n%s: median ms of each step'"'"'s fastest variant / its preparation (init ms, untimed)\n", title
      line = sprintf("%-8s", "step"); for (j = 1; j <= ng; j++) line = line sprintf(" %20s", G[j]); print line
      for (i = 1; i <= ns; i++) { line = sprintf("%-8s", S[i])
        for (j = 1; j <= ng; j++) { t = S[i] SUBSEP G[j]
          line = line sprintf(" %20s", (t in B) ? sprintf("%.3f / %.3f", B[t], BI[t]) : "-") }
        print line } }' "$1" >&2
}
bench_summary "$TMP/bench.csv" "BFS (main and big phases)"
bench_summary "$TMP/sssp.csv" "SSSP"
say "$n_ok ok, $n_bad failed, $n_skip skipped (budget) in ${SECONDS}s -> ${files[*]+${files[*]#$ROOT/}}${files_note:-} ${meta#$ROOT/}"
[ $n_skip -gt 0 ] && say "warning: $n_skip jobs skipped: the budget (BENCH_BUDGET=$BUDGET) ran out; see $meta"
exit $bad
