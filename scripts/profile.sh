#!/usr/bin/env bash
# profile.sh BIN [RUN ARGS...] - a step's kernels under Nsight Compute (ncu), one table per kernel
# (make profile STEP=NN [GRAPH=...] [KNOBS=...]).
#
# Runs BIN RUN ARGS under ncu with a small, named metric set (PROFILE_METRICS below), then prints,
# for each kernel (in the order of its first launch), one table aggregated over that kernel's
# profiled launches: the number of launches, their total time, and each metric with the way it
# was aggregated (time-weighted mean, a ratio of sums, a rate over the total time, or a range).
# Times are ncu's: clocks locked at base and caches flushed before each profiled launch (ncu's
# defaults, passed explicitly), so they are longer than the step's own timings. The run is whatever
# RUN ARGS say: make profile passes a small graph (-g 18) and -n 1, so the
# profiled launches are those of the warm-up and of the one timed trial.
#
# The cost of ncu is bounded: each kernel launch is replayed once per metric pass (several passes),
# so at most PROFILE_LAUNCHES (40) launches of each launch configuration (kernel, grid, block,
# shared memory) are profiled (--filter-mode per-launch-config --launch-count); later launches run
# unprofiled. A run with more levels than that profiles its first levels only: the table says so.
#
# Without ncu, or without a GPU, one line and exit 77 (nothing profiled). Exit 2 on usage errors,
# 1 when ncu or the step fails (its log is kept and named).
#
# Environment: NCU (ncu on PATH, else $CUDA/bin/ncu), CUDA (/usr/local/cuda), PROFILE_LAUNCHES (40),
# PROFILE_DIR (results/profile: the ncu report and logs), PROFILE_CSV (append one row per kernel
# and metric: step,config,graph,kernel,metric,value), PROFILE_CONFIG (the config column; default
# the run arguments), PROFILE_RAW (parse this ncu raw-page CSV instead of running ncu: tests).
set -u
export LC_ALL=C
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LAUNCHES=${PROFILE_LAUNCHES:-40}
DIR=${PROFILE_DIR:-results/profile}

# The metric set (names as Nsight Compute spells them for sm_70 and later, checked on sm_90).
PROFILE_METRICS=(
  gpu__time_duration.sum                                 # kernel time, ns
  dram__throughput.avg.pct_of_peak_sustained_elapsed     # DRAM throughput, % of peak
  lts__throughput.avg.pct_of_peak_sustained_elapsed      # L2 throughput, % of peak
  smsp__thread_inst_executed.sum                         # thread instructions ...
  smsp__inst_executed.sum                                # ... over warp instructions = active threads per warp
  sm__warps_active.avg.pct_of_peak_sustained_active      # achieved occupancy
  launch__registers_per_thread                           # registers per thread
  lts__t_sectors_op_atom.sum                             # global atomics (atom) at L2, sectors
  lts__t_sectors_op_red.sum                              # global reductions (red) at L2, sectors
  lts__t_sectors_op_atom.sum.pct_of_peak_sustained_elapsed
  lts__t_sectors_op_red.sum.pct_of_peak_sustained_elapsed
)
metrics=$(printf '%s\n' "${PROFILE_METRICS[@]}" | sed 's/ *#.*//' | paste -sd, -)

usage() { echo "usage: scripts/profile.sh [--probe] bin/stepNN [run args, e.g. -g 18 -n 1 -K vw=4]" >&2; exit 2; }
# ncu and a GPU, or one line and exit 77 (--probe: only this, before make builds anything)
probe() {
  ncu=${NCU:-$(command -v ncu 2>/dev/null || echo "${CUDA:-/usr/local/cuda}/bin/ncu")}
  if [ ! -x "$ncu" ] && ! command -v "$ncu" >/dev/null 2>&1; then
    echo "profile: SKIPPED: Nsight Compute (ncu) not found (install it with the CUDA Toolkit, or set NCU=/path/to/ncu); nothing was profiled (exit 77)"
    exit 77
  fi
  if ! nvidia-smi -L >/dev/null 2>&1; then
    echo "profile: SKIPPED: no CUDA device here; nothing was profiled (exit 77)"
    exit 77
  fi
}
[ "${1:-}" = --probe ] && { probe; exit 0; }
[ $# -ge 1 ] || usage
bin=$1; shift
case $LAUNCHES in ''|*[!0-9]*|0) echo "profile: PROFILE_LAUNCHES=$LAUNCHES: want a positive integer" >&2; exit 2 ;; esac
step=$(basename "$bin"); step=${step%-nocdp}
config=${PROFILE_CONFIG:-$*}; config=${config//,/;}   # a CSV field: no commas
# the graph column: what the run arguments generate or read
graph=$(awk '{ for (i = 1; i < NF; i++) {
          if ($i == "-g") g = "kron" $(i+1); else if ($i == "-u") g = "uniform" $(i+1)
          else if ($i == "-G") g = "grid" $(i+1); else if ($i == "-f") { g = $(i+1); sub(/.*\//, "", g) } }
        print (g == "" ? "?" : g) }' <<< "$*")

raw=${PROFILE_RAW:-}
if [ -z "$raw" ]; then
  probe
  [ -x "$bin" ] || { echo "profile: $bin not found: build it first (make profile STEP=NN does)" >&2; exit 2; }
  mkdir -p "$DIR"
  rep="$DIR/$step"; log="$DIR/$step.log"
  rm -f "$rep.ncu-rep"
  echo "profile: $ncu on $bin $* ($graph; at most $LAUNCHES launches of each launch configuration; report $rep.ncu-rep)"
  # ncu's defaults, said here: clocks locked at base, caches flushed before each profiled launch
  "$ncu" --metrics "$metrics" --filter-mode per-launch-config --launch-count "$LAUNCHES" \
         --clock-control base --cache-control all \
         -f -o "$rep" "$bin" "$@" > "$log" 2>&1
  rc=$?
  if [ $rc != 0 ] || [ ! -s "$rep.ncu-rep" ]; then
    echo "profile: ncu or $bin failed (exit $rc); the last lines of $log:" >&2
    grep -v '^==PROF== Profiling' "$log" | tail -5 >&2
    exit 1
  fi
  # (the step's own times are not shown: under ncu they time the profiler)
  grep -E '^(Graph has|Verification)' "$log" | sed 's/^/  /'
  raw="$DIR/$step.raw.csv"
  "$ncu" -i "$rep.ncu-rep" --csv --page raw --print-units base --print-kernel-base function > "$raw" 2>>"$log" \
    || { echo "profile: ncu could not export $rep.ncu-rep (see $log)" >&2; exit 1; }
fi
[ -s "$raw" ] || { echo "profile: $raw is empty: no kernel was profiled" >&2; exit 1; }

# Aggregate the raw page (one row per launch; quoted fields; a units row under the header).
awk -v step="$step" -v config="$config" -v graph="$graph" -v cap="$LAUNCHES" -v csv="${PROFILE_CSV:-}" '
function split_csv(line, f,    n) {       # every field is quoted: "a","b, c",...
  sub(/^"/, "", line); sub(/"\r?$/, "", line)
  return split(line, f, /","/)
}
function num(s) { gsub(/,/, "", s); return (s ~ /^-?[0-9.eE+-]+$/) ? s + 0 : -1 }
function fmt(v, d) { return (v < 0) ? "n/a" : sprintf("%." d "f", v) }
function row(k, metric, value) { if (csv != "") printf "%s,%s,%s,%s,%s,%s\n", step, config, graph, k, metric, value >> csv }
!hdr && /^"ID",/ { n = split_csv($0, h); for (i = 1; i <= n; i++) col[h[i]] = i; hdr = 1; units = 1; next }
!hdr { next }
units { units = 0; if ($0 !~ /^"[0-9]/) next }
{
  split_csv($0, f)
  k = f[col["Kernel Name"]]; gsub(/,/, ";", k)
  if (!(k in cnt)) { order[++nk] = k; rmin[k] = 1e9; rmax[k] = -1 }
  t = num(f[col["gpu__time_duration.sum"]])
  cnt[k]++; T[k] += t
  dram[k] += t * num(f[col["dram__throughput.avg.pct_of_peak_sustained_elapsed"]])
  l2[k]   += t * num(f[col["lts__throughput.avg.pct_of_peak_sustained_elapsed"]])
  occ[k]  += t * num(f[col["sm__warps_active.avg.pct_of_peak_sustained_active"]])
  ti[k]   += num(f[col["smsp__thread_inst_executed.sum"]])
  wi[k]   += num(f[col["smsp__inst_executed.sum"]])
  a = num(f[col["lts__t_sectors_op_atom.sum"]]) + num(f[col["lts__t_sectors_op_red.sum"]])
  at[k]   += a
  ap[k]   += t * (num(f[col["lts__t_sectors_op_atom.sum.pct_of_peak_sustained_elapsed"]]) + \
                  num(f[col["lts__t_sectors_op_red.sum.pct_of_peak_sustained_elapsed"]]))
  r = num(f[col["launch__registers_per_thread"]])
  if (r < rmin[k]) rmin[k] = r
  if (r > rmax[k]) rmax[k] = r
  cfg = f[col["Grid Size"]] f[col["Block Size"]]
  if (!((k, cfg) in seen)) { seen[k, cfg] = 1; ncfg[k]++ }
}
END {
  if (!nk) { print "profile: no kernel in the ncu export" > "/dev/stderr"; exit 1 }
  for (j = 1; j <= nk; j++) {
    k = order[j]; tt = T[k]; w = tt > 0 ? tt : 1
    tpw = wi[k] > 0 ? ti[k] / wi[k] : -1
    regs = (rmin[k] == rmax[k]) ? rmin[k] "" : rmin[k] "-" rmax[k]
    printf "\n%s  (%s, %s, %s)\n", k, step, graph, config
    printf "  %-44s %12s   %s\n", "metric", "value", "aggregated over the launches"
    printf "  %-44s %12d   %s\n", "launches profiled", cnt[k], \
           (cnt[k] >= cap * ncfg[k]) ? "the cap (" cap " per launch configuration) was reached: later launches not profiled" : "all of them"
    printf "  %-44s %12.1f   %s\n", "time, us", tt / 1000, "sum (gpu__time_duration.sum)"
    printf "  %-44s %12s   %s\n", "DRAM throughput, % of peak", fmt(dram[k] / w, 1), "time-weighted mean (dram__throughput)"
    printf "  %-44s %12s   %s\n", "L2 throughput, % of peak", fmt(l2[k] / w, 1), "time-weighted mean (lts__throughput)"
    printf "  %-44s %12s   %s\n", "active threads per warp (of 32)", fmt(tpw, 1), "thread instructions / warp instructions, summed"
    printf "  %-44s %12s   %s\n", "achieved occupancy, % of max warps", fmt(occ[k] / w, 1), "time-weighted mean (sm__warps_active)"
    printf "  %-44s %12s   %s\n", "registers per thread", regs, "min-max (launch__registers_per_thread)"
    printf "  %-44s %12s   %s\n", "L2 atomic sectors (atom + red), % of peak", fmt(ap[k] / w, 2), "time-weighted mean"
    printf "  %-44s %12s   %s\n", "L2 atomic sectors per us", fmt(tt > 0 ? at[k] / tt * 1000 : 0, 0), "sum of sectors / sum of time"
    row(k, "launches", cnt[k]); row(k, "time_us", sprintf("%.1f", tt / 1000))
    row(k, "dram_pct", sprintf("%.1f", dram[k] / w)); row(k, "l2_pct", sprintf("%.1f", l2[k] / w))
    row(k, "threads_per_warp", sprintf("%.1f", tpw)); row(k, "occupancy_pct", sprintf("%.1f", occ[k] / w))
    row(k, "registers", regs); row(k, "atomic_pct", sprintf("%.2f", ap[k] / w))
    row(k, "atomic_sectors_per_us", sprintf("%.0f", tt > 0 ? at[k] / tt * 1000 : 0))
  }
}' "$raw"
