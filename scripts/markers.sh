#!/usr/bin/env bash
# markers.sh [STEPDIR...] - a step marks its own new lines only (make test): every NEW(MM) marker
# in a file under steps/NN_slug/ must have MM = NN (a marker NEW(08) inside step 10 was copied,
# or belongs in 08's header). With MARKERS_STRICT=1 an old-style marker without the step's
# number (/* NEW: ... */, /* NEW (hop): ... */) fails too. Names each as FILE:LINE.
# Prints "markers: N passed, N failed"; exit 1 on any failure. Default: every steps/NN_*/.
set -u
cd "$(dirname "$0")/.." || exit 2
pass=0; failn=0
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || for d in steps/[0-9][0-9]_*/; do dirs+=("${d%/}"); done
for d in "${dirs[@]}"; do
  d=${d%/}; nn=$(basename "$d"); nn=${nn%%_*}
  bad=0
  while IFS= read -r hit; do
    [ -n "$hit" ] || continue
    loc=${hit%%:NEW(*}; mm=${hit##*NEW(}; mm=${mm%)}
    [ "$mm" = "$nn" ] && continue
    echo "not ok - $loc: NEW($mm) in step $nn: a step's markers name the step itself (NEW($nn):)"
    bad=1
  done < <(find "$d" -type f -print0 | sort -z | xargs -0 -r grep -HnoE 'NEW\([0-9]+\)' 2>/dev/null)
  if [ "${MARKERS_STRICT:-0}" = 1 ]; then
    while IFS= read -r hit; do
      [ -n "$hit" ] || continue
      echo "not ok - ${hit%%:*}:$(cut -d: -f2 <<< "$hit"): an old-style NEW marker (MARKERS_STRICT=1): write NEW($nn):"
      bad=1
    done < <(find "$d" -type f -print0 | sort -z | xargs -0 -r grep -HnE '(/\*|//|^ *\*) *NEW([^(A-Za-z0-9_]|$)' 2>/dev/null)
  fi
  if [ $bad = 0 ]; then pass=$((pass + 1)); else failn=$((failn + 1)); fi
done
echo "markers: $pass passed, $failn failed"
[ $failn = 0 ]
