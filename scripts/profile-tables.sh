#!/usr/bin/env bash
# profile-tables.sh - the lessons' profiler tables from plots/data/profile-GPU.csv (make plots).
#
# For every steps/NN_slug/README.md with the markers <!-- profile:begin --> / <!-- profile:end -->,
# rewrites what lies between them: one Markdown table of that step's rows (configuration, graph,
# kernel, launches, time and the metrics of scripts/profile.sh) in the CSV's order, and a line of
# provenance from profile-GPU.meta. Deterministic: a second run changes nothing. Needs no GPU.
# Exit 0, also when there is no profile CSV (said in one line); 1 when the CSV's header is wrong.
# Environment: PLOTS_DATA (plots/data), PLOTS_STEPS (steps), PROFILE_GPU (h100 when present).
set -u
export LC_ALL=C
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DATA=${PLOTS_DATA:-$ROOT/plots/data}
STEPS=${PLOTS_STEPS:-$ROOT/steps}
BEGIN_MARK='<!-- profile:begin -->'
END_MARK='<!-- profile:end -->'
HEADER='step,config,graph,kernel,metric,value'

slug=${PROFILE_GPU:-}
if [ -z "$slug" ]; then
  for f in "$DATA"/profile-*.csv; do
    [ -s "$f" ] || continue
    s=${f##*/profile-}; s=${s%.csv}
    if [ -z "$slug" ] || [ "$s" = h100 ]; then slug=$s; fi
  done
fi
csv="$DATA/profile-$slug.csv"; meta="$DATA/profile-$slug.meta"
if [ -z "$slug" ] || [ ! -s "$csv" ]; then
  echo "profile-tables: no $DATA/profile-*.csv: lessons' profiler tables left alone"
  exit 0
fi
[ "$(head -1 "$csv")" = "$HEADER" ] || { echo "profile-tables: $csv: header is not '$HEADER'" >&2; exit 1; }
rel=${csv#$ROOT/}; [ "$rel" = "$csv" ] && rel=plots/data/${csv##*/}
# provenance of a step's rows: the last block of the .meta that ran it ("# ==== run for: stepNN
# ..." blocks, from PROFILE_STEPS runs), else the first block (the run of every configuration)
field() {  # STEP NAME
  awk -v step="$1" -v name="$2" 'BEGIN { b = 0 }
    /^# ==== run for: / { b++; runs[b] = " " substr($0, 17) " "; next }
    index($0, name ": ") == 1 && !((b, name) in v) { v[b, name] = substr($0, length(name) + 3) }
    END { for (i = b; i >= 1; i--) if (index(runs[i], " " step " ") && ((i, name) in v)) { print v[i, name]; exit }
          print v[0, name] }' "$meta" 2>/dev/null
}

tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
n=0
for readme in "$STEPS"/[0-9][0-9]_*/README.md; do
  grep -qF "$BEGIN_MARK" "$readme" || continue
  d=${readme%/README.md}; id=step${d##*/}; id=${id%%_*}
  gpu=$(field "$id" gpu); ncu=$(field "$id" ncu); date=$(field "$id" end)
  ncu=${ncu#Version }; ncu=${ncu%% (*}
  cap=$(field "$id" 'launch cap'); cap=${cap%% launches*}
  {
    echo
    awk -F, -v step="$id" '
      NR == 1 || $1 != step { next }
      { key = $2 SUBSEP $3 SUBSEP $4
        if (!(key in seen)) { seen[key] = 1; order[++n] = key; cfg[n] = $2; gr[n] = $3; k[n] = $4 }
        v[key, $5] = $6 }
      END {
        if (!n) { print "No profile of " step " in the CSV yet: run scripts/profile-bench.sh on a GPU machine, then make plots."; exit }
        print "| config | graph | kernel | launches | time (µs) | DRAM % of peak | L2 % of peak | active threads per warp | occupancy % | registers | L2 atomics, sectors/µs (% of peak) |"
        print "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|"
        for (i = 1; i <= n; i++) {
          key = order[i]
          printf "| %s | %s | `%s` | %s | %s | %s | %s | %s | %s | %s | %s (%s) |\n", cfg[i], gr[i], k[i],
                 v[key, "launches"], v[key, "time_us"], v[key, "dram_pct"], v[key, "l2_pct"],
                 v[key, "threads_per_warp"], v[key, "occupancy_pct"], v[key, "registers"],
                 v[key, "atomic_sectors_per_us"], v[key, "atomic_pct"] }
      }' "$csv"
    echo
    printf 'Nsight Compute %s on the %s, from `%s` (%s; the build and the rest of the provenance in `%s`). ' \
      "${ncu:-?}" "${gpu:-?}" "$rel" "${date:-?}" "${rel%.csv}.meta"
    printf 'One run of `-n 1` (the warm-up and one trial), at most %s launches of each launch configuration; ' "${cap:-40}"
    printf 'time is the sum over the launches, under ncu (clocks at base, caches flushed before each launch); '
    printf 'the percentages are means weighted by each launch'"'"'s time; threads per warp is thread instructions over warp instructions.\n'
    echo
  } > "$tmp"
  awk -v b="$BEGIN_MARK" -v e="$END_MARK" -v body="$tmp" '
    $0 == b { print; while ((getline l < body) > 0) print l; skip = 1; next }
    $0 == e { skip = 0 }
    !skip' "$readme" > "$readme.tmp"
  if cmp -s "$readme" "$readme.tmp"; then rm -f "$readme.tmp"; else cat "$readme.tmp" > "$readme"; rm -f "$readme.tmp"; fi
  n=$((n + 1))
done
echo "profile-tables: $n lessons from ${rel}"
