# results-common.sh - shell helpers shared by sweep.sh, bench.sh and plots.sh.
# shellcheck shell=bash
# Sourced, never run. Bash. Nothing here touches the GPU.

export LC_ALL=C

ROOT=${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
# shellcheck disable=SC2034  # used by plots.sh
AGG_AWK="$ROOT/scripts/csvagg.awk"

# The device name as nvidia-smi prints it ("NVIDIA H100 80GB HBM3"), or "" when none.
gpu_name() {
  command -v nvidia-smi >/dev/null 2>&1 || return 0
  nvidia-smi --query-gpu=name --format=csv,noheader -i 0 2>/dev/null | head -n 1
}

# A short file-name slug for a device name: "NVIDIA H100 80GB HBM3" -> h100,
# "NVIDIA A100-SXM4-80GB" -> a100, "NVIDIA GeForce RTX 4090" -> rtx4090.
# GPU_SLUG overrides. Prints "" when there is no name.
gpu_slug_of() {
  printf '%s\n' "$1" | awk '{
    s = tolower($0); gsub(/[^a-z0-9 -]/, " ", s); gsub(/-/, " ", s)
    n = split(s, w, " "); out = ""
    for (i = 1; i <= n; i++) {
      if (w[i] ~ /^(nvidia|geforce|tesla|quadro)$/) continue
      out = out w[i]
      if (w[i] ~ /[0-9]/) break          # "h100", "4090": the model number ends it
    }
    print out }'
}
gpu_slug() {
  if [ -n "${GPU_SLUG:-}" ]; then printf '%s\n' "$GPU_SLUG"; return; fi
  gpu_slug_of "$(gpu_name)"
}

# Seconds since the epoch with fractions, and a difference "1.23".
now_s() { date +%s.%N; }
elapsed_s() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# csv_merge TARGET NEW KEYCOLS: rows of NEW replace the rows of TARGET that
# share a key (KEYCOLS: comma list of column names, e.g. "step,graph"); the
# other rows of TARGET stay, in their order, followed by NEW's rows. TARGET is
# written through a temporary file, so an interrupted merge leaves it whole.
# A TARGET whose header differs from NEW's is kept beside as TARGET.old.
csv_merge() {
  local target=$1 new=$2 keys=$3
  [ -s "$new" ] || return 0
  if [ ! -s "$target" ]; then cp "$new" "$target"; return; fi
  if [ "$(head -n 1 "$target")" != "$(head -n 1 "$new")" ]; then
    echo "note: $target has another header; kept as $target.old" >&2
    mv "$target" "$target.old"; cp "$new" "$target"; return
  fi
  # NEW is read first (its keys, its rows kept for the end); the header printed is NEW's.
  awk -F, -v keys="$keys" '
    FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i
               nk = split(keys, k, ","); if (NR == 1) print; next }
    { key = ""; for (j = 1; j <= nk; j++) key = key SUBSEP $(col[k[j]]) }
    NR == FNR { newkey[key] = 1; newrows[++nn] = $0; next }
    !(key in newkey) { print }
    END { for (i = 1; i <= nn; i++) print newrows[i] }' "$new" "$target" > "$target.tmp.$$" &&
    mv "$target.tmp.$$" "$target"
}

# csv_append_rows DST SRC: append SRC's data rows to DST (DST gets SRC's header when new).
csv_append_rows() {
  local dst=$1 src=$2
  [ -s "$src" ] || return 0
  if [ -s "$dst" ]; then tail -n +2 "$src" >> "$dst"; else cat "$src" > "$dst"; fi
}

# Does any data row of CSV have step == $2?
csv_has_step() { awk -F, -v s="$2" 'NR > 1 && $1 == s { f = 1; exit } END { exit !f }' "$1" 2>/dev/null; }

# What an exit code of a step binary means (harness/err.h, plus timeout(1)).
rc_word() {
  case $1 in
    0) echo ok ;; 1) echo "verification FAILED" ;; 2) echo "input error" ;;
    3) echo "CUDA error" ;; 77) echo "no GPU" ;; 124|137) echo "timeout" ;;
    *) echo "crashed (rc $1)" ;;
  esac
}

# notes_csv NAME: OUT_CSV for a note's A/B script (docs/notes/*.sh): default results/NAME.csv,
# made absolute against ROOT, its directory made.
notes_csv() {
  OUT_CSV=${OUT_CSV:-results/$1.csv}
  case $OUT_CSV in /*) ;; *) OUT_CSV=$ROOT/$OUT_CSV ;; esac
  mkdir -p "$(dirname "$OUT_CSV")"
}

# The harness options of a graph label, as the ablation scripts name graphs: kron22 -> "-g 22",
# uniform22 -> "-u 22", grid2000x2000 -> "-G 2000x2000", a real graph's name -> "-f DIR/NAME.EXT"
# (the first file NAME.* in GRAPH_DIR, default graphs/). Exit 1 for a label it does not know.
graph_args() {
  local f
  case $1 in
    kron[0-9]*)          echo "-g ${1#kron}" ;;
    uniform[0-9]*)       echo "-u ${1#uniform}" ;;
    grid[0-9]*x[0-9]*)   echo "-G ${1#grid}" ;;
    road[0-9]*k)         echo "--road $(( ${1//[!0-9]/} * 1000 ))" ;;      # road300k: the generated road graph
    road[0-9]*m)         echo "--road $(( ${1//[!0-9]/} * 1000000 ))" ;;
    *) for f in "${GRAPH_DIR:-$ROOT/graphs}/$1".*; do [ -e "$f" ] && { echo "-f $f"; return 0; }; done
       return 1 ;;
  esac
}

# ---- the ablation scripts (ablation08.sh, ablation09.sh) ------------------------------------
# abl_setup NAME NN: GRAPH_DIR, OUTDIR (ABL_OUT, default plots/data), SOURCES (ABL_SOURCES, 4),
# TRIALS (ABL_TRIALS, 5), slug (nvidia-smi or GPU_SLUG; none: exit 77), and the paths
# csv = OUTDIR/ablation-stepNN-SLUG.csv and log = OUTDIR/ablation-stepNN-SLUG.log.
abl_setup() {
  ABL_NAME=$1
  GRAPH_DIR=${GRAPH_DIR:-$ROOT/graphs}
  OUTDIR=${ABL_OUT:-$ROOT/plots/data}
  SOURCES=${ABL_SOURCES:-4}
  TRIALS=${ABL_TRIALS:-5}
  slug=$(gpu_slug)
  [ -n "$slug" ] || { echo "$ABL_NAME: no GPU (nvidia-smi lists none)" >&2; exit 77; }
  mkdir -p "$OUTDIR"
  csv=$OUTDIR/ablation-step$2-$slug.csv
  log=$OUTDIR/ablation-step$2-$slug.log
}
# abl_log_header [TEXT]: the run's date, commit (TEXT after it) and GPU, appended to $log.
abl_log_header() {
  {
    echo "# $ABL_NAME.sh $(date -u +%FT%TZ) commit $(cat "$ROOT/build/commit.stamp" 2>/dev/null || git -C "$ROOT" describe --always --dirty 2>/dev/null || cat "$ROOT/.commit" 2>/dev/null)${1:+ $1}"
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader 2>&1
  } >> "$log"
}
# abl_run_graphs VERBOSE_VAR TIMEOUT KEEP ONCE [ARGS...]: every graph of $GRAPHS, every knob set
# of $SETS in one run (-R SOURCES -n TRIALS -v ARGS, the CPU baseline except on the scale-22
# graphs) into $csv; into $log the command and the summary lines, plus the lines matching KEEP
# (a regex), those matching ONCE only the first time (a step's verbose counts). rc=1 on a failure.
abl_run_graphs() {
  local var=$1 tmo=$2 keep=$3 once=$4 g ga extra out
  shift 4
  for g in $GRAPHS; do
    ga=$(graph_args "$g") || { echo "$ABL_NAME: unknown graph $g" >&2; continue; }
    extra=""; [[ $g == *22 ]] || extra=--cpu-baseline
    # shellcheck disable=SC2086
    local cmd=("$BIN" $ga --name "$g" -R "$SOURCES" -n "$TRIALS" -v "$@" $extra --knob-sets "$SETS" -o "$csv")
    out=$OUTDIR/.abl-$g.log
    echo "\$ $var=1 ${cmd[*]}" >> "$log"
    env "$var=1" timeout "$tmo" "${cmd[@]}" > "$out" 2>&1 || { rc=1; echo "$ABL_NAME: $g failed" >&2; tail -3 "$out" >&2; }
    grep -E "^(Graph has|Source|Knobs|Average|CPU|Verification|error)|$keep" "$out" |
      awk -v once="$once" '$0 ~ once { if (seen[$0]++) next } { print }' >> "$log"
    rm -f "$out"
    echo "$ABL_NAME: $g done ($SECONDS s)" >&2
  done
}
