#!/usr/bin/env bash
# fetch-graphs.sh [--list] [--sums FILE] [NAME...] - download the larger public
# graphs the lessons mention (make graphs): too big for the repository
# (17 MB to 335 MB compressed), so they are fetched, checked and kept under
# $FETCH_DIR (default graphs/large, ignored by git; make check reads only
# graphs/ itself, never graphs/large).
#
# Every download is checked against a SHA-256 before it is kept:
#  * pinned below where a checksum of the original file has been published
#    (the "source" column says where we found it);
#  * or given by you: --sums FILE (sha256sum format, "HASH  NAME.ext"), which
#    also overrides a pinned one;
#  * a graph with neither is kept with a loud "NOT VERIFIED" line that prints
#    its checksum; pin it with --sums once you trust it. We do not pretend.
# A mismatch deletes the download, says so and exits 1. No network: one line
# and exit 3. FETCH_URL=url replaces the URL (one NAME; file:// works, for
# tests and mirrors).
#
# Then, e.g.: bin/step06 -f graphs/large/roadNet-CA.txt.gz -R 4 -n 5
set -u
DEST=${FETCH_DIR:-graphs/large}

# name|url|sha256 or -|bytes or -|source of the checksum|what it is
GRAPHS='
wiki-Talk|https://snap.stanford.edu/data/wiki-Talk.txt.gz|-|-|none published that we found|SNAP, Wikipedia talk network, 2.4M vertices, 5.0M arcs (Springer Fig. 7)
roadNet-CA|https://snap.stanford.edu/data/roadNet-CA.txt.gz|383f7b14424530a9e25c392969a9c19dace32ebcfd141f0967a1433498c2acdd|-|two public project files (SNAP publishes no checksums)|SNAP, California road network, 2.0M vertices, 5.5M arcs (Springer Fig. 7)
roadNet-PA|https://snap.stanford.edu/data/roadNet-PA.txt.gz|450b8733635d887466a2b96b26411f6e62caf7006f8a264f59cf9b5d75cdf549|-|a public project manifest|SNAP, Pennsylvania road network, 1.1M vertices, 3.1M arcs
soc-LiveJournal1|https://snap.stanford.edu/data/soc-LiveJournal1.txt.gz|d7bcd5a87b88c896c35fdb9611e804c3f4033c39b58c4c9ea3ba53c680d516d8|259619239|several independent public projects (SNAP publishes no checksums)|SNAP, LiveJournal, 4.8M vertices, 69M arcs
cit-Patents|https://snap.stanford.edu/data/cit-Patents.txt.gz|9d05955aa997fbc84953c9eb7786675af80336a356404e75dc18aaa90d3553b0|-|one public project manifest|SNAP, US patent citations, 3.8M vertices, 16.5M arcs
soc-Slashdot0811|https://snap.stanford.edu/data/soc-Slashdot0811.txt.gz|19032d99359c28501c14d3cd5658cb8b996e1f411e3bc5f06dc3ba3509b3e9a8|-|graphs/SOURCES.md|SNAP, Slashdot Nov 2008, 77K vertices, 905K arcs (Springer Fig. 7)
USA-road-d.NY|http://www.diag.uniroma1.it/challenge9/data/USA-road-d/USA-road-d.NY.gr.gz|7b2446c7ffe6179efbc42af6812448e8cb782f12968ca2bb1d50d979343056d4|-|graphs/SOURCES.md|DIMACS 9, New York roads (weighted), 264K vertices, 734K arcs
USA-road-d.USA|http://www.diag.uniroma1.it/challenge9/data/USA-road-d/USA-road-d.USA.gr.gz|-|-|none published that we found|DIMACS 9, full USA roads (weighted), 23.9M vertices, 58.3M arcs
'

sums_file=""; list=0; names=()
while [ $# -gt 0 ]; do
  case $1 in
    --list) list=1 ;;
    --sums) sums_file=${2:-}; shift
            [ -r "$sums_file" ] || { echo "fetch-graphs: error: --sums ${sums_file:-(none)}: no such file"; exit 2; } ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fetch-graphs: error: unknown option $1 (try --help)"; exit 2 ;;
    *) names+=("$1") ;;
  esac
  shift
done

row() { grep "^$1|" <<< "$GRAPHS"; }
if [ $list = 1 ]; then
  while IFS='|' read -r n u h b src what; do
    [ -n "$n" ] || continue
    printf '%-18s %s\n    %s\n    sha256: %s\n' "$n" "$what" "$u" "$([ "$h" = - ] && echo "not pinned ($src)" || echo "$h ($src)")"
  done <<< "$GRAPHS"
  exit 0
fi
[ ${#names[@]} -gt 0 ] || mapfile -t names < <(cut -d'|' -f1 <<< "$GRAPHS" | grep -v '^$')
for n in "${names[@]}"; do
  row "$n" >/dev/null || { echo "fetch-graphs: error: unknown graph '$n' (--list shows them)"; exit 2; }
done
if [ -n "${FETCH_URL:-}" ] && [ ${#names[@]} != 1 ]; then
  echo "fetch-graphs: error: FETCH_URL replaces the URL of one graph: name exactly one"; exit 2
fi
if command -v curl >/dev/null 2>&1; then fetch() { curl -fsSL --connect-timeout 20 -o "$2" "$1" 2>"$3"; }
elif command -v wget >/dev/null 2>&1; then fetch() { wget -q -T 20 -O "$2" "$1" 2>"$3"; }
else echo "fetch-graphs: error: neither curl nor wget found: apt-get install curl"; exit 2; fi
command -v sha256sum >/dev/null 2>&1 || { echo "fetch-graphs: error: sha256sum not found: apt-get install coreutils"; exit 2; }
mkdir -p "$DEST" || exit 2

status=0
for n in "${names[@]}"; do
  IFS='|' read -r _ url want bytes src _ <<< "$(row "$n")"
  file=${url##*/}            # the canonical name, also when FETCH_URL points elsewhere
  url=${FETCH_URL:-$url}
  if [ -n "$sums_file" ]; then
    h=$(awk -v f="$file" '$2 == f || $2 == "*" f { print tolower($1) }' "$sums_file" | tail -1)
    [ -n "$h" ] && { want=$h; src="--sums $sums_file"; }
  fi
  out=$DEST/$file
  if [ -e "$out" ] && [ "$want" != - ] && [ "$(sha256sum < "$out" | cut -d' ' -f1)" = "$want" ]; then
    echo "fetch-graphs: $out: present, sha256 OK"; continue
  fi
  echo "fetch-graphs: $n: $url" >&2
  err=$(mktemp); rm -f "$out.part"
  fetch "$url" "$out.part" "$err"; rc=$?
  if [ $rc != 0 ]; then
    rm -f "$out.part"
    # curl 6/7/28 (wget 4): name not resolved, no connection, timed out
    if grep -qiE 'resolve|connect|timed out|network is unreachable|unable to resolve' "$err" || [ $rc = 6 ] || [ $rc = 7 ]; then
      echo "fetch-graphs: no network: cannot reach ${url%/*}/ ($(head -c 120 "$err" | tr '\n' ' ')); nothing downloaded"
      rm -f "$err"; exit 3
    fi
    echo "fetch-graphs: error: $n: download failed: $(head -c 200 "$err" | tr '\n' ' ')"; rm -f "$err"; status=1; continue
  fi
  rm -f "$err"
  got=$(sha256sum < "$out.part" | cut -d' ' -f1); size=$(wc -c < "$out.part")
  if [ "$bytes" != - ] && [ "$size" != "$bytes" ]; then
    rm -f "$out.part"
    echo "fetch-graphs: error: $n: $size bytes, expected $bytes: download deleted"; status=1; continue
  fi
  if [ "$want" = - ]; then
    mv "$out.part" "$out"
    echo "fetch-graphs: $out: NOT VERIFIED: no pinned SHA-256 for $n ($src); its sha256 is $got ($size bytes): pin it with --sums once you trust it"
  elif [ "$got" = "$want" ]; then
    mv "$out.part" "$out"
    echo "fetch-graphs: $out: sha256 OK ($size bytes; checksum from $src)"
  else
    rm -f "$out.part"
    echo "fetch-graphs: error: $n: sha256 MISMATCH: got $got, expected $want ($src): download deleted"; status=1
  fi
done
exit $status
