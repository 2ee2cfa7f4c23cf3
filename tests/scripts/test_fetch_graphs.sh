#!/usr/bin/env bash
# test_fetch_graphs.sh - scripts/fetch-graphs.sh's verification path, with
# local files (file:// URLs through FETCH_URL) instead of the network:
# a pinned checksum that matches and one that does not, a --sums list, an
# unpinned graph (kept, said NOT VERIFIED), no network (one line, exit 3).
# Ends "fetch-graphs: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
pass=0; failn=0
t() { if eval "$2"; then pass=$((pass + 1)); echo "ok - $1"; else failn=$((failn + 1)); echo "not ok - $1"; echo "$out" | sed 's/^/#   /'; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
command -v curl >/dev/null 2>&1 || { echo "skip - curl not installed (file:// needs curl)"; echo "fetch-graphs: 0 passed, 0 failed, 1 skipped"; exit 0; }
F=scripts/fetch-graphs.sh
export FETCH_DIR=$tmp/dest
printf '# not roadNet-CA\n0\t1\n' > "$tmp/fake.txt.gz"
good=$(sha256sum < "$tmp/fake.txt.gz" | cut -d' ' -f1)

# a pinned graph, wrong bytes: deleted, exit 1, says MISMATCH
out=$(FETCH_URL=file://$tmp/fake.txt.gz $F roadNet-CA 2>/dev/null); rc=$?
t "pinned sha256, wrong file: exit 1" '[ $rc = 1 ]'
t "pinned sha256, wrong file: says MISMATCH and the expected sum" 'grep -q "sha256 MISMATCH: got $good, expected 383f7b14" <<< "$out"'
t "pinned sha256, wrong file: nothing kept" '[ ! -e $FETCH_DIR/roadNet-CA.txt.gz ] && [ ! -e $FETCH_DIR/roadNet-CA.txt.gz.part ]'

# --sums with the right checksum: kept under the canonical name, OK
printf '%s  roadNet-CA.txt.gz\n' "$good" > "$tmp/sums"
out=$(FETCH_URL=file://$tmp/fake.txt.gz $F --sums "$tmp/sums" roadNet-CA 2>/dev/null); rc=$?
t "--sums, matching file: exit 0" '[ $rc = 0 ]'
t "--sums, matching file: sha256 OK" 'grep -q "roadNet-CA.txt.gz: sha256 OK" <<< "$out"'
t "--sums, matching file: kept, same bytes" 'cmp -s "$tmp/fake.txt.gz" "$FETCH_DIR/roadNet-CA.txt.gz"'
out=$($F --sums "$tmp/sums" roadNet-CA 2>/dev/null); rc=$?
t "already present and verified: no download, exit 0" '[ $rc = 0 ] && grep -q "present, sha256 OK" <<< "$out"'

# --sums with a wrong checksum overrides and fails
rm -rf "$FETCH_DIR"
printf '%064d  roadNet-CA.txt.gz\n' 0 > "$tmp/badsums"
out=$(FETCH_URL=file://$tmp/fake.txt.gz $F --sums "$tmp/badsums" roadNet-CA 2>/dev/null); rc=$?
t "--sums, wrong checksum: exit 1, deleted" '[ $rc = 1 ] && grep -q MISMATCH <<< "$out" && [ ! -e $FETCH_DIR/roadNet-CA.txt.gz ]'

# a pinned size that differs: deleted
out=$(FETCH_URL=file://$tmp/fake.txt.gz $F soc-LiveJournal1 2>/dev/null); rc=$?
t "pinned size, wrong file: exit 1" '[ $rc = 1 ] && grep -q "expected 259619239: download deleted" <<< "$out"'

# an unpinned graph: kept, but said NOT VERIFIED, with its checksum
out=$(FETCH_URL=file://$tmp/fake.txt.gz $F wiki-Talk 2>/dev/null); rc=$?
t "unpinned: exit 0, NOT VERIFIED with its sha256" '[ $rc = 0 ] && grep -q "NOT VERIFIED: no pinned SHA-256 for wiki-Talk.*its sha256 is $good" <<< "$out"'

# no network: one line, exit 3 (a name that never resolves: .invalid, RFC 2606)
out=$(FETCH_URL=http://graphs.example.invalid/x.gz $F roadNet-PA 2>/dev/null); rc=$?
t "no network: exit 3, one line" '[ $rc = 3 ] && [ "$(wc -l <<< "$out")" = 1 ] && grep -q "^fetch-graphs: no network" <<< "$out"'

# usage errors
out=$($F no-such-graph 2>&1); rc=$?
t "unknown graph: exit 2" '[ $rc = 2 ] && grep -q "unknown graph" <<< "$out"'
out=$(FETCH_URL=file:///x $F roadNet-CA roadNet-PA 2>&1); rc=$?
t "FETCH_URL with two graphs: exit 2" '[ $rc = 2 ]'
out=$($F --list); rc=$?
t "--list names every graph with its checksum status" '[ $rc = 0 ] && grep -q "not pinned" <<< "$out" && grep -q "383f7b14" <<< "$out"'

echo "fetch-graphs: $pass passed, $failn failed"
[ $failn = 0 ]
