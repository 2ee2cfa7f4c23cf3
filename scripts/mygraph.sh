#!/usr/bin/env bash
# mygraph.sh FILE - your own graph (make mine FILE=...): every step and variant on FILE (any
# format the harness reads: .el .txt .wel .gr .graph .mtx, each also .gz), every answer
# checked against the CPU oracle, and
#   results/NAME.csv             the harness's rows (NAME: the file's name without extensions),
#                                the CPU oracle and the parallel CPU baseline included
#   results/NAME.txt             a table: step, variant, problem, median ms, GTEPS, verified
#   results/NAME-runtime.svg     the figure: median time per step (log scale) and GTEPS
#                                (plots/mygraph.gp; .png too when gnuplot has a png terminal)
# BFS steps run on the graph as it is; SSSP steps on its weights (random 1..255 when it has
# none). Without a GPU: one line and exit 77, before anything runs.
#   scripts/mygraph.sh --probe FILE    only the checks (file, GPU): 0, 2 or 77 (make mine uses it)
#   scripts/mygraph.sh --render CSV    table and figure from a CSV already written (no GPU)
# Environment: MYGRAPH_SOURCES (4), MYGRAPH_TRIALS (3), MYGRAPH_TIMEOUT (300 s a run),
# MYGRAPH_STEPS ("bin/step05 bin/08..": default every bin/stepNN), MYGRAPH_OUT (results),
# MYGRAPH_ARGS (more harness options, e.g. "-s" to symmetrize, "--allow-sparse-ids").
# Exit 0 all passed, 1 a run failed or differed from the oracle, 2 usage or input, 77 no GPU.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export LC_ALL=C
usage() { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; }
mode=run
case ${1:-} in
  -h|--help) usage; exit 0 ;;
  --probe) mode=probe; shift ;;
  --render) mode=render; shift ;;
esac
[ $# = 1 ] || { echo "usage: scripts/mygraph.sh [--probe] FILE | --render CSV (-h for help)"; exit 2; }
OUT=${MYGRAPH_OUT:-$ROOT/results}

# render CSV: the table and the figure of a CSV in the harness's schema
render() {
  local csv=$1 name tsv txt svg
  name=$(basename "$csv" .csv)
  txt=$OUT/$name.txt; svg=$OUT/$name-runtime.svg
  mkdir -p "$OUT"
  tsv=$(mktemp); trap 'rm -f "$tsv"' RETURN
  # one row per (step, variant): the median time and GTEPS of its trials, FAIL if any failed
  awk -F, -v OFS='\t' -v steps="$ROOT/steps" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { k = $col["step"] SUBSEP $col["variant"]
      if (!(k in cnt)) order[++n] = k
      c = ++cnt[k]; ms[k, c] = $col["ms"] + 0; gt[k, c] = $col["gteps"] + 0
      if ($col["verified"] == "FAIL") bad[k] = 1
      graph = $col["graph"]; nv = $col["n"]; ne = $col["m"]; gpu = $col["gpu"] }
    function med(a, k, c,   i, j, t, v) {
      for (i = 1; i <= c; i++) v[i] = a[k, i]
      for (i = 2; i <= c; i++) { t = v[i]; for (j = i - 1; j >= 1 && v[j] > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
      return c % 2 ? v[(c + 1) / 2] : (v[c / 2] + v[c / 2 + 1]) / 2 }
    END {
      printf "# %s: %s vertices, %s directed edges; %s\n", graph, nv, ne, gpu
      for (i = 1; i <= n; i++) { split(order[i], p, SUBSEP)
        prob = "bfs"
        if (p[1] == "cpu") prob = (p[2] ~ /dijkstra|bellman|delta|sssp/) ? "sssp" : "bfs"
        else { cmd = "ls " steps "/" substr(p[1], 5) "_*/sssp.cu 2>/dev/null"; if ((cmd | getline x) > 0) prob = "sssp"; close(cmd) }
        print p[1], p[2], prob, med(ms, order[i], cnt[order[i]]), med(gt, order[i], cnt[order[i]]), bad[order[i]] ? "FAIL" : "PASS" } }' \
    "$csv" > "$tsv"
  [ "$(grep -vc '^#' "$tsv")" -gt 0 ] || { echo "mygraph: $csv has no rows"; return 1; }
  { sed -n 's/^# //p' "$tsv" | head -1
    printf '%-8s %-20s %-5s %12s %10s %9s\n' step variant prob "median ms" GTEPS verified
    grep -v '^#' "$tsv" | awk -F'\t' '{ printf "%-8s %-20s %-5s %12.4f %10.4f %9s\n", $1, $2, $3, $4, $5, $6 }'
  } > "$txt"
  cat "$txt"
  echo "mygraph: table ${txt#$ROOT/}"
  if ! command -v gnuplot >/dev/null 2>&1; then
    echo "mygraph: gnuplot not found: no figure (scripts/setup.sh installs gnuplot-nox)"; return 0
  fi
  local title; title=$(sed -n 's/^# //p' "$tsv" | head -1 | sed "s/'/''/g")
  if gnuplot -e "data='$tsv'; out='$svg'; title='$title'; gpdir='$ROOT/plots'" "$ROOT/plots/mygraph.gp" > "$tsv.log" 2>&1 && [ -s "$svg" ]; then
    echo "mygraph: figure ${svg#$ROOT/}"
  else
    echo "mygraph: gnuplot failed:"; sed 's/^/  /' "$tsv.log"; rm -f "$tsv.log"; return 1
  fi
  rm -f "$tsv.log"
}
if [ $mode = render ]; then
  [ -r "$1" ] || { echo "mygraph: error: $1 not found"; exit 2; }
  render "$1"; exit $?
fi

FILE=$1
[ -r "$FILE" ] && [ -f "$FILE" ] || { echo "mygraph: error: $FILE: no such file (a graph: .el .txt .wel .gr .graph .mtx, each also .gz)"; exit 2; }
. "$ROOT/scripts/gpu-probe.sh"; need_gpu mygraph
[ $mode = probe ] && exit 0

name=$(basename "$FILE"); name=${name%.gz}; name=${name%.*}; name=${name//[^A-Za-z0-9._-]/_}
mkdir -p "$OUT"
csv=$OUT/$name.csv; rm -f "$csv"
SOURCES=${MYGRAPH_SOURCES:-4}; TRIALS=${MYGRAPH_TRIALS:-3}; TMO=${MYGRAPH_TIMEOUT:-300}
read -r -a bins <<< "${MYGRAPH_STEPS:-$(ls "$ROOT"/bin/step[0-9][0-9] 2>/dev/null | tr '\n' ' ')}"
[ ${#bins[@]} -gt 0 ] || { echo "mygraph: error: no bin/stepNN: run make first (make mine does)"; exit 2; }
jobs=()
for b in "${bins[@]}"; do for v in $("$b" --list-variants); do jobs+=("$b $v"); done; done
echo "mygraph: $FILE: ${#jobs[@]} runs (every step and variant), -R $SOURCES -n $TRIALS, each verified -> ${csv#$ROOT/}"
status=0 k=0 base_bfs="" base_sssp=""
for j in "${jobs[@]}"; do
  k=$((k + 1)); b=${j% *}; v=${j#* }
  dir=$(ls -d "$ROOT"/steps/"${b##*/step}"_* 2>/dev/null | head -1)
  prob=bfs; [ -e "$dir/sssp.cu" ] && prob=sssp
  extra=""   # the CPU oracle and the parallel CPU baseline, once per problem
  if [ $prob = bfs ] && [ -z "$base_bfs" ]; then extra=--cpu-baseline; base_bfs=1; fi
  if [ $prob = sssp ] && [ -z "$base_sssp" ]; then extra=--cpu-baseline; base_sssp=1; fi
  t0=$SECONDS
  # shellcheck disable=SC2086
  log=$(timeout "$TMO" "$b" -f "$FILE" --name "$name" -R "$SOURCES" -n "$TRIALS" -V "$v" $extra ${MYGRAPH_ARGS:-} -o "$csv" 2>&1); rc=$?
  if [ $rc = 2 ] && [ $k = 1 ]; then echo "mygraph: $(grep -m1 '^error:' <<< "$log" || tail -1 <<< "$log") (exit 2)"; exit 2; fi
  [ $rc = 0 ] || status=1
  printf '[%d/%d %4ds] %-7s %-20s %s\n' "$k" "${#jobs[@]}" $((SECONDS - t0)) "$(basename "$b")" "$v" \
    "$([ $rc = 0 ] && grep -m1 '^Average Time' <<< "$log" | sed 's/  */ /g' || echo "exit $rc: $(grep -m1 -E '^(error|SKIP)' <<< "$log")")"
done
[ -s "$csv" ] || { echo "mygraph: no results"; exit 1; }
render "$csv" || status=1
exit $status
