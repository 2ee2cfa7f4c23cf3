# plots-readme.sh - the top README's generated blocks, sourced by scripts/plots.sh (it uses
# plots.sh's DATA, STEPS, TMP, agg, graph_order, q, update_readme). Each block sits between
# <!-- NAME:begin --> and <!-- NAME:end --> in README.md; nothing outside the markers changes.
#
#   ladder  the steps themselves: number, base (the "Base: NN" line of the header, else the step
#           before), the title of the STEP definition, a short technique text and its source from
#           plots/ladder.tsv (the title alone for a step not listed there), the chains of bases, and
#           the step's H100 numbers from the committed CSV ("not measured yet" without rows) and
#           beside them its untimed preparation (init ms: relabelling, transpose, chains) on both graphs
#   fig7    Springer's Fig. 7 again: per graph the best, runner-up and slowest of Springer's kernels
#           (steps 01-07), the best step of the ladder, both CPU references; Springer's finding and
#           whether the H100 agrees, from plots/springer-fig7.tsv (claims checked against the data)
#   cpu     the fair CPU baseline: BFS in the bench run (oracle, parallel CPU, best GPU step), the
#           parallel baseline's thread scaling and delta sweep (cpubase-SLUG.csv), and SSSP: step 09
#           against Dijkstra and delta-stepping (sssp-SLUG.csv)
#   peers   the gallery against gapbs, Gunrock, GSWITCH and Blest (peers-SLUG.csv, scripts/peers.sh):
#           peers_readme, called by plots.sh whether or not the slug has bench rows
# Numbers come from CSV only. Functions: readme_blocks SLUG BEST.TSV PROVENANCE (also step 19's lesson
# tables: step19_blocks, at the end of this file).

LADDER_TSV=${PLOTS_LADDER:-$ROOT/plots/ladder.tsv}
FIG7_TSV=${PLOTS_FIG7:-$ROOT/plots/springer-fig7.tsv}

# number formatting shared by the blocks' awk programs
AWK_NUM='function num(x) { x += 0
  if (x >= 100) return sprintf("%.0f", x); if (x >= 10) return sprintf("%.1f", x)
  if (x >= 1) return sprintf("%.2f", x); if (x >= 0.001) return sprintf("%.3f", x); return sprintf("%.2g", x) }
function ms(x) { return x == "" || x == "NaN" ? "-" : num(x) }
function big(x,   s, r) { x = num(x); if (x !~ /^[0-9]+$/ || length(x) < 4) return x
  s = ""; while (length(x) > 3) { s = "," substr(x, length(x) - 2) s; x = substr(x, 1, length(x) - 3) } return x s }
function times(x) { return x >= 10 ? big(x) "×" : x >= 1 ? sprintf("%.1f×", x) : sprintf("%.2f×", x) }
function sname(s) { return s == "cpu" ? "CPU" : substr(s, 5) }'

# steps.tsv: NN slug base title (base "" for the first step), in step order
ladder_steps() {
  local d nn slug cu base title prev=""
  for d in "$STEPS"/[0-9][0-9]_*/; do
    d=${d%/}; nn=${d##*/}; slug=${nn#*_}; nn=${nn%%_*}
    cu=$(ls "$d"/*.cu 2>/dev/null | head -n 1)
    base=""; title=""
    if [ -n "$cu" ]; then
      base=$(sed -n 's/^ *\* *Base: *\([0-9][0-9]\).*/\1/p' "$cu" | head -n 1)
      title=$(awk '/const step_t STEP *=/ { on = 1 } on { t = t $0 " "; if (match(t, /"[^"]*"/)) { print substr(t, RSTART + 1, RLENGTH - 2); exit } }' "$cu")
    fi
    printf '%s\t%s\t%s\t%s\n' "$nn" "$slug" "${base:-$prev}" "$title"
    prev=$nn
  done
}

# prep.tsv: step variant graph median-init-ms of the CSV given (rows that failed left out)
prep_medians() {
  awk -F, 'FNR == 1 { split("", c); for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["verified"] == "FAIL" || $c["step"] == "cpu" { next }
    { k = $c["step"] "\t" $c["variant"] "\t" $c["graph"]; if (!(k in n)) K[++nk] = k; n[k]++; v[k, n[k]] = $c["init_ms"] + 0 }
    END { for (i = 1; i <= nk; i++) { k = K[i]; m = n[k]; for (a = 1; a <= m; a++) A[a] = v[k, a]
            for (a = 2; a <= m; a++) { t = A[a]; for (b = a - 1; b >= 1 && A[b] > t; b--) A[b + 1] = A[b]; A[b + 1] = t }
            printf "%s\t%s\n", k, m % 2 ? A[(m + 1) / 2] : (A[m / 2] + A[m / 2 + 1]) / 2 } }' "$@"
}

block_ladder() {  # best.tsv sssp-best.tsv ibfs-curve prep.tsv > markdown
  awk -F'\t' -v bench="$RB_BENCH" "$AWK_NUM"'
    FILENAME == ARGV[1] { nst++; N[nst] = $1; SL[nst] = $2; B[$1] = $3; T[$1] = $4; next }
    FILENAME == ARGV[2] { if ($0 !~ /^#/ && NF >= 2) { TQ[$1] = $2; SRC[$1] = $3 } next }
    FILENAME == ARGV[5] { split($0, w, " "); g = w[1]; k = w[2] + 0
                          if (!(g in IK) || k > IK[g]) { IK[g] = k; IL[g] = $0 } next }
    FILENAME == ARGV[6] { PI[$1, $2, $3] = $4; next }
    FILENAME == ARGV[3] || FILENAME == ARGV[4] {
      if ($1 == "cpu" || $8 == "NaN") next
      id = substr($1, 5); kind[id] = (FILENAME == ARGV[4] ? "SSSP" : "BFS")
      nv[id, $2] = 1; k = id SUBSEP $3
      if (!(k in best) || $8 + 0 < best[k]) { best[k] = $8 + 0; bg[k] = $9; bv[k] = $2 }
      next }
    function nvar(id,   k, n, p) { n = 0; for (k in nv) { split(k, p, SUBSEP); if (p[1] == id) n++ } return n }
    function cell(id, g,   k, w) {
      k = id SUBSEP g
      if (k in best) return (kind[id] == "SSSP" ? "SSSP " : "") num(bg[k]) " GTEPS, " num(best[k]) " ms" (nvar(id) > 1 ? " (" bv[k] ")" : "")
      if (id == "19" && (g in IL)) { split(IL[g], w, " ")
        return num(w[6]) " GTEPS for " w[2] " sources in one run: " num(w[4]) " ms a source" (w[5] + 0 > 0 ? ", " times(w[5]) " step 10 run " w[2] " times" : "") }
      return "not measured yet"
    }
    # the untimed preparation (init ms) of the variant in the cell of graph g
    function prep1(id, g,   k) { k = id SUBSEP g; return ((k in best) && (("step" id, bv[k], g) in PI)) ? num(PI["step" id, bv[k], g]) : "-" }
    function prep(id,   a, b) { a = prep1(id, "kron20"); b = prep1(id, "luxembourg_osm"); return a == "-" && b == "-" ? "—" : a " / " b }
    function chain(id,   s, n) { s = id; n = 0; while (B[id] != "" && n++ < 50) { id = B[id]; s = id " → " s } return s }
    END {
      print "| step | base | technique | source | kron20, H100 | luxembourg_osm, H100 | preparation (init) ms, kron20 / luxembourg_osm |"
      print "|---|---|---|---|---|---|---|"
      for (i = 1; i <= nst; i++) {
        id = N[i]; t = (id in TQ) ? TQ[id] : T[id]
        printf "| [%s_%s](steps/%s_%s/README.md) | %s | %s | %s | %s | %s | %s |\n", id, SL[i], id, SL[i], (B[id] == "" ? "—" : B[id]),
          t, ((id in SRC) ? SRC[id] : "—"), cell(id, "kron20"), cell(id, "luxembourg_osm"), prep(id)
      }
      print ""
      printf "H100 numbers: median over sources x trials of the step'"'"'s fastest variant (named where a step has several),\n"
      ns = 0; for (i = 1; i <= nst; i++) if (kind[N[i]] == "SSSP") SS[++ns] = N[i]   # the SSSP steps measured
      sl = ns ? SS[1] : "none"; for (i = 2; i <= ns; i++) sl = sl (i == ns ? " and " : ", ") SS[i]
      printf "from `%s` (BFS), `plots/data/sssp-h100.csv` (SSSP: step%s %s, weights 1..255) and\n", bench, (ns > 1 ? "s" : ""), sl
      printf "`plots/data/ibfs-step19-h100.csv` (step 19: the largest K measured); \"not measured yet\": no rows in them (a lesson\n"
      printf "whose step another GPU'"'"'s bench CSV has rows of shows that GPU'"'"'s table).\n"
      printf "Preparation: the step'"'"'s `init` for the same variant and graph (median over its runs), never in the time:\n"
      printf "allocation and what a step prepares once a run (step 04'"'"'s reordering, step 10'"'"'s transpose, step 16'"'"'s chains).\n"
      print ""
      print "Each step is its base plus one technique (`make diffNN` shows it). The chains of bases:"
      print "```"
      for (i = 1; i <= nst; i++) isbase[B[N[i]]] = 1
      for (i = 1; i <= nst; i++) if (!(N[i] in isbase)) print chain(N[i])
      print "```"
    }' "$TMP/ladder-steps.tsv" "$LADDER_TSV" "$1" "$2" "$3" "$4"
}

block_fig7() {    # best.tsv > markdown
  local graphs; graphs=$(graph_order "$1" | tr '\n' ' ')
  awk -F'\t' -v graphs="$graphs" -v bench="$RB_BENCH" "$AWK_NUM"'
    FILENAME == ARGV[1] { if ($0 !~ /^#/ && NF >= 3) { nf++; FR[nf] = $1; FC[nf] = $2; FF[nf] = $3; FK[nf] = $4 } next }
    $8 == "NaN" { next }
    $1 == "cpu" { if ($2 ~ /^(bfs|dijkstra|bellman-ford)$/) OR[$3] = $8; else PAR[$3] = $8; next }
    { k = $3; n[k]++; S[k, n[k]] = $1 "/" $2; M[k, n[k]] = $8 + 0; V[k, n[k]] = $1 ~ /^step0[1-7]$/
      G[$3] = 1; NV[$3] = $13; NE[$3] = $14 }
    function h(x) { return x >= 1e9 ? sprintf("%.1fG", x / 1e9) : x >= 1e6 ? sprintf("%.1fM", x / 1e6) : x >= 1e3 ? sprintf("%.0fK", x / 1e3) : x }
    function lab(s,   p) { split(s, p, "/"); return sname(p[1]) " " p[2] }
    # rank the kernels of graph g: R[1..nr] indices, fastest first; spr = only steps 01-07
    function rank(g, spr,   i, j, t) { nr = 0
      for (i = 1; i <= n[g]; i++) if (!spr || V[g, i]) R[++nr] = i
      for (i = 2; i <= nr; i++) { t = R[i]; for (j = i - 1; j >= 1 && M[g, R[j]] > M[g, t]; j--) R[j + 1] = R[j]; R[j + 1] = t } }
    # a claim "best=step06" / "slowest=step07" / "best=step05/vwarp" among steps 01-07
    function holds(g, c,   p, who, i, step) { split(c, p, "="); rank(g, 1); i = (p[1] == "best" ? R[1] : R[nr]); who = S[g, i]
      step = who; sub(/\/.*/, "", step); return p[2] == who || p[2] == step }
    END {
      ng = split(graphs, GR, " ")
      print "| graph | best of steps 01–07 | runner-up | slowest | best of the ladder | CPU oracle | CPU parallel | Springer'"'"'s finding | on the H100 |"
      print "|---|---|---|---|---|---|---|---|---|"
      for (x = 1; x <= ng; x++) {
        g = GR[x]; if (!(g in G)) continue
        rank(g, 1); b = R[1]; r2 = R[2]; sl = R[nr]
        line = sprintf("| %s (%s v, %s e) | %s %s | %s %s | %s %s (%s the best) |", g, h(NV[g]), h(NE[g]),
          lab(S[g, b]), ms(M[g, b]), lab(S[g, r2]), ms(M[g, r2]), lab(S[g, sl]), ms(M[g, sl]), times(M[g, sl] / M[g, b]))
        rank(g, 0); a = R[1]
        line = line sprintf(" %s %s | %s | %s |", lab(S[g, a]), ms(M[g, a]), ms(OR[g]), ms(PAR[g]))
        fi = 0; for (f = 1; f <= nf; f++) if (g ~ FR[f]) { fi = f; break }
        if (!fi || FK[fi] == "" || FK[fi] == "-") { line = line " " (fi ? FF[fi] : "—") " | — |" }
        else {
          nc = split(FK[fi], C, " "); verdict = ""
          for (c = 1; c <= nc; c++) {
            split(C[c], p, "="); ok = holds(g, C[c]); rank(g, 1)
            who = (p[1] == "best") ? S[g, R[1]] : S[g, R[nr]]
            verdict = verdict (c > 1 ? "; " : "") p[1] " " sname(substr(p[2], 1, 6)) (index(p[2], "/") ? " " substr(p[2], 8) : "") ": " (ok ? "yes" : "no (" lab(who) ")")
          }
          line = line " " FF[fi] " | " verdict " |"
        }
        print line
      }
      print ""
      printf "Median ms per BFS (sources x trials, every trial verified, the fastest launch shape measured) from `%s`;\n", bench
      print "\"(N× the best)\": the slowest of steps 01–07 against the best of them. \"On the H100\": each of Springer'"'"'s"
      print "claims (`plots/springer-fig7.tsv`) checked against these medians; where it fails, the kernel that is."
    }' "$FIG7_TSV" "$1"
}

# median ms per (step, variant, graph, knobs) of a CSV: step variant graph knobs median rows m
med_by_knobs() {
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $(c["verified"]) == "FAIL" { next }
    { k = $(c["step"]) SUBSEP $(c["variant"]) SUBSEP $(c["graph"]) SUBSEP $(c["knobs"])
      if (!(k in n)) o[++no] = k; n[k]++; v[k, n[k]] = $(c["ms"]) + 0; em[k] = $(c["m"]) }
    END { for (i = 1; i <= no; i++) { k = o[i]; m = n[k]
            for (a = 1; a <= m; a++) A[a] = v[k, a]
            for (a = 2; a <= m; a++) { t = A[a]; for (b = a - 1; b >= 1 && A[b] > t; b--) A[b + 1] = A[b]; A[b + 1] = t }
            med = m % 2 ? A[(m + 1) / 2] : (A[m / 2] + A[m / 2 + 1]) / 2
            split(k, p, SUBSEP); printf "%s\t%s\t%s\t%s\t%s\t%d\t%s\n", p[1], p[2], p[3], p[4], med, m, em[k] } }' "$1"
}

block_cpu() {     # best.tsv cpubase.csv|"" sssp.csv|"" > markdown
  local best=$1 cpub=$2 sssp=$3 graphs; graphs=$(graph_order "$best" | tr '\n' ' ')
  awk -F'\t' -v graphs="$graphs" -v bench="$RB_BENCH" "$AWK_NUM"'
    $8 == "NaN" { next }
    $1 == "cpu" { if ($2 == "bfs") OR[$3] = $8; else { PAR[$3] = $8; th = $6; sub(/^.*threads=/, "", th); sub(/;.*$/, "", th); PT[$3] = th; if (TH == "") TH = th; else if (TH != th) THV = 1 } next }
    { G[$3] = 1; if (!($3 in B) || $8 + 0 < B[$3]) { B[$3] = $8 + 0; BS[$3] = sname($1) " " $2 } }
    END {
      ng = split(graphs, GR, " ")
      printf "BFS, one bench run (`%s`): median ms per BFS, the same sources and trials for every column.\n\n", bench
      # the threads a run took (the free cores by default): one count, or per graph in brackets
      if (THV) print "| BFS | CPU oracle, 1 core | CPU parallel (threads) | best GPU step | GPU vs oracle | GPU vs parallel |"
      else printf "| BFS | CPU oracle, 1 core | CPU parallel, %s threads | best GPU step | GPU vs oracle | GPU vs parallel |\n", TH
      print "|---|---:|---:|---|---:|---:|"
      for (x = 1; x <= ng; x++) { g = GR[x]; if (!(g in G)) continue
        printf "| %s | %s | %s | %s %s | %s | %s |\n", g, big(OR[g]), ms(PAR[g]) (THV && (g in PT) ? " (" PT[g] ")" : ""), BS[g], ms(B[g]),
          (g in OR) ? times(OR[g] / B[g]) : "-", (g in PAR) ? times(PAR[g] / B[g]) : "-" }
    }' "$best"
  if [ -n "$cpub" ]; then
    med_by_knobs "$cpub" > "$TMP/cpub-med.tsv"
    awk -F'\t' -v src="${cpub#$ROOT/}" "$AWK_NUM"'
      function kv(s, key,   r) { r = ""; if (match(s, key "=[0-9]+")) r = substr(s, RSTART + length(key) + 1, RLENGTH - length(key) - 1); return r }
      function h(x) { return x >= 1e9 ? sprintf("%.1fG", x / 1e9) : x >= 1e6 ? sprintf("%.1fM", x / 1e6) : x >= 1e3 ? sprintf("%.0fK", x / 1e3) : x }
      $1 != "cpu" { next }
      { E[$3] = $7 }
      $2 == "gapbs-style-dobfs" { th = kv($4, "threads") + 0; T[$3, th] = $5; if (!($3 in TG)) { TG[$3] = ++ntg; TGN[ntg] = $3 } NT[$3]++; next }
      $2 == "delta-stepping" { g = $3; d = kv($4, "delta"); if (!(g in SG)) { SG[g] = ++nsg; SGN[nsg] = g }
        if (!(g in DB) || $5 < DB[g]) { DB[g] = $5; DBD[g] = d } if (!(g in DW) || $5 > DW[g]) { DW[g] = $5; DWD[g] = d } ND[g]++; next }
      $2 == "dijkstra" { DJ[$3] = $5; next }
      $2 == "bellman-ford" { BF[$3] = $5; next }
      $2 == "par-bellman-ford" { PBF[$3] = $5; next }
      END {
        printf "\nThe parallel CPU baseline alone (`%s`; median ms; BFS rows of the thread sweep, SSSP rows of\n", src
        print "the delta sweep, 16 threads):"
        print ""
        print "| BFS, threads | 1 | 2 | 4 | 8 | 16 |"
        print "|---|---:|---:|---:|---:|---:|"
        for (i = 1; i <= ntg; i++) { g = TGN[i]; if (NT[g] < 2) continue
          printf "| %s (%s e) |", g, h(E[g]); for (t = 1; t <= 16; t *= 2) printf " %s |", ((g, t) in T) ? ms(T[g, t]) : "-"; print "" }
        print ""
        print "| SSSP | delta-stepping, best delta | worst delta | parallel Bellman-Ford (negative weights) | Bellman-Ford, 1 core (negative weights) |"
        print "|---|---:|---:|---:|---:|"
        for (i = 1; i <= nsg; i++) { g = SGN[i]
          printf "| %s (%s e) | %s (δ %s) | %s (δ %s) | %s | %s |\n", g, h(E[g]), ms(DB[g]), DBD[g],
            (ND[g] > 1 ? ms(DW[g]) : "-"), (ND[g] > 1 ? DWD[g] : "-"), ((g in PBF) ? ms(PBF[g]) : "-"), ((g in BF) ? ms(BF[g]) : "-") }
      }' "$TMP/cpub-med.tsv"
  fi
  if [ -n "$sssp" ]; then
    agg best "$sssp" > "$TMP/sssp-best2.tsv"
    awk -F'\t' -v src="${sssp#$ROOT/}" "$AWK_NUM"'
      $8 == "NaN" { next }
      { if (!($3 in seen)) { seen[$3] = 1; GN[++ng] = $3 } }
      $1 == "cpu" && $2 == "dijkstra" { DJ[$3] = $8; next }
      $1 == "cpu" { DS[$3] = $8; next }
      { if (!($3 in B) || $8 + 0 < B[$3]) { B[$3] = $8 + 0; BS[$3] = sname($1) " " $2 } }
      END {
        printf "\nSSSP on the GPU (`%s`, weights 1..255; median ms):\n\n", src
        print "| SSSP | Dijkstra, 1 core | delta-stepping, 16 threads | GPU step | GPU vs Dijkstra | GPU vs delta-stepping |"
        print "|---|---:|---:|---|---:|---:|"
        for (i = 1; i <= ng; i++) { g = GN[i]; if (!(g in B)) continue
          printf "| %s | %s | %s | %s %s | %s | %s |\n", g, ((g in DJ) ? big(DJ[g]) : "-"), ((g in DS) ? ms(DS[g]) : "-"), BS[g], ms(B[g]),
            ((g in DJ) ? times(DJ[g] / B[g]) : "-"), ((g in DS) ? times(DS[g] / B[g]) : "-") }
      }' "$TMP/sssp-best2.tsv"
  fi
}

readme_blocks() { # slug best.tsv provenance
  local slug=$1 best=$2 prov=$3 sssp="$DATA/sssp-$1.csv" cpub="$DATA/cpubase-$1.csv" ibfs="$DATA/ibfs-step19-$1.csv" b
  [ -f "$README" ] || { step19_blocks "$slug"; return 0; }
  RB_BENCH="${DATA#$ROOT/}/bench-$slug.csv"
  ladder_steps > "$TMP/ladder-steps.tsv"
  [ -f "$LADDER_TSV" ] || : > "$TMP/empty.tsv"
  : > "$TMP/sssp-best.tsv"; [ -s "$sssp" ] && valid "$sssp" && agg best "$sssp" > "$TMP/sssp-best.tsv"
  local pcsv=(); b=$(pick_csv bench "$slug"); [ -n "$b" ] && pcsv+=("$b"); [ -s "$TMP/sssp-best.tsv" ] && pcsv+=("$sssp")
  prep_medians ${pcsv[@]+"${pcsv[@]}"} < /dev/null > "$TMP/prep.tsv"
  : > "$TMP/ibfs-curve.txt"; [ -s "$ibfs" ] && valid "$ibfs" && awk -v mode=curve -v base=step10 -f "$ROOT/plots/ibfs19.awk" "$ibfs" > "$TMP/ibfs-curve.txt"
  [ -f "$LADDER_TSV" ] || LADDER_TSV=$TMP/empty.tsv
  [ -f "$FIG7_TSV" ] || { : > "$TMP/empty.tsv"; FIG7_TSV=$TMP/empty.tsv; }
  { printf 'Generated by `make plots` from the steps'"'"' headers, `plots/ladder.tsv` and the CSV named below (%s).\n\n' "$prov"
    block_ladder "$best" "$TMP/sssp-best.tsv" "$TMP/ibfs-curve.txt" "$TMP/prep.tsv"; echo; } > "$TMP/b-ladder.md"
  { block_fig7 "$best"; echo; } > "$TMP/b-fig7.md"
  [ -s "$cpub" ] && { valid "$cpub" || cpub=""; } || cpub=""
  [ -s "$sssp" ] || sssp=""
  { block_cpu "$best" "$cpub" "$sssp"; echo; } > "$TMP/b-cpu.md"
  for b in ladder fig7 cpu; do update_readme "$README" "$TMP/b-$b.md" "$b"; done
  step19_blocks "$slug"
}

# ---- step 19's lesson: its tables from DATA/ibfs-step19-SLUG.csv (scripts/ibfs-bench.sh) ----------
#   ibfs-k         per graph and K: step 06 and step 10 per source (each the mean over the same K
#                  sources, one BFS each), step 19 per source (median run / K), the speedups, GTEPS
#   ibfs-ablation  at the K with the most settings: ms per source of each variant and knob setting
step19_blocks() { # slug
  local csv="$DATA/ibfs-step19-$1.csv" les="$STEPS/19_ibfs/README.md" aw="$ROOT/plots/ibfs19.awk"
  [ -f "$les" ] && [ -s "$csv" ] || return 0
  grep -qF '<!-- ibfs-k:begin -->' "$les" || return 0
  valid "$csv" || return 0
  awk -v mode=curve -v base=step06 -f "$aw" "$csv" > "$TMP/ibfs06.txt"
  awk -v mode=curve -v base=step10 -f "$aw" "$csv" > "$TMP/ibfs10.txt"
  awk -v src="${csv#$ROOT/}" "$AWK_NUM"'
    FILENAME == ARGV[1] { b06[$1, $2] = $3; next }
    { if (!($1 in seen)) { seen[$1] = 1; G[++ng] = $1 } k = $1 SUBSEP $2; K[$1, ++nk[$1]] = $2
      b10[k] = $3; s19[k] = $4; ag[k] = $6 }
    function per(x) { return x <= 0 || x == "" ? "-" : num(x) }
    function sp(b, s) { return b <= 0 || b == "" ? "-" : times(b / s) }
    END {
      printf "Default variant and knobs (`ibfs`, gsize 64, GroupBy on, vw 8), auto grid × 256; from `%s`.\n", src
      print "Step 06 and step 10: the mean over the same K sources, one timed BFS each (running the step K times"
      print "costs K times that); step 19: the median of 3 runs of all K sources, divided by K. Every run verified."
      print ""
      print "| graph | K | step 06, ms a source | step 10, ms a source | step 19, ms a source | vs step 06 | vs step 10 | step 19 aggregate GTEPS |"
      print "|---|---:|---:|---:|---:|---:|---:|---:|"
      for (i = 1; i <= ng; i++) { g = G[i]
        for (j = 1; j <= nk[g]; j++) { k = g SUBSEP K[g, j]
          printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", g, K[g, j], per(b06[k]), per(b10[k]), per(s19[k]),
            sp(b06[k], s19[k]), sp(b10[k], s19[k]), num(ag[k]) } }
    }' "$TMP/ibfs06.txt" "$TMP/ibfs10.txt" > "$TMP/b-ibfs-k.md"
  echo >> "$TMP/b-ibfs-k.md"
  awk -v mode=all -v base=step06 -f "$aw" "$csv" | awk -v src="${csv#$ROOT/}" "$AWK_NUM"'
    function lab(v, kn,   a, b, i, na, d) { if (v != "ibfs") return "`" v "`"
      na = split(kn, a, ";"); split(DEF, b, ";"); d = ""
      for (i = 1; i <= na; i++) if (a[i] != b[i] && a[i] !~ /^sources=/) d = d (d == "" ? "" : ", ") a[i]
      return d == "" ? "`ibfs` (default)" : "`" d "`" }
    BEGIN { DEF = "gsize=64;groupby=1;vw=8;alpha=14;beta=24" }
    { r[++nr] = $0; n[$2]++ }
    END {
      for (k in n) if (n[k] > n[bk] || (n[k] == n[bk] && k + 0 > bk + 0)) bk = k
      for (i = 1; i <= nr; i++) { split(r[i], f, " "); if (f[2] != bk) continue
        kn = f[9]; sub(/;sources=[0-9]+$/, "", kn); c = lab(f[8], kn)
        if (!(c in ci)) { ci[c] = ++nc; C[nc] = c } if (!(f[1] in gi)) { gi[f[1]] = ++ng; G[ng] = f[1] } v[f[1], c] = f[4] }
      printf "Each variant and knob setting at K = %s, ms a source (median run / K; the same sources, one run).\n\n", bk
      h = "| graph |"; d = "|---|"; for (j = 1; j <= nc; j++) { h = h " " C[j] " |"; d = d "---:|" } print h; print d
      for (i = 1; i <= ng; i++) { line = "| " G[i] " |"
        for (j = 1; j <= nc; j++) line = line " " (((G[i], C[j]) in v) ? num(v[G[i], C[j]]) : "-") " |"; print line }
    }' > "$TMP/b-ibfs-ablation.md"
  echo >> "$TMP/b-ibfs-ablation.md"
  update_readme "$les" "$TMP/b-ibfs-k.md" ibfs-k
  update_readme "$les" "$TMP/b-ibfs-ablation.md" ibfs-ablation
}

# ---- the gallery against its peers: the top README's block <!-- peers:begin --> .. <!-- peers:end -->
# from DATA/peers-SLUG.csv (scripts/peers.sh); "not measured yet" and the command without it.
# Per graph and tool the median ms of its fastest variant with no FAIL row ("FAIL" when every
# variant has one), the fastest of each algorithm in bold; the preparation (prep_ms: the steps'
# init, Blest's reordering and bit-matrix build) in columns of its own: in no tool's time.
peers_readme() { # slug [FILE BLOCK]: the README's block "peers", or BLOCK of FILE
  local csv="$DATA/peers-$1.csv" meta="$DATA/peers-$1.meta" prov="" file=${2:-$README} block=${3:-peers}
  grep -qF "<!-- $block:begin -->" "$file" 2>/dev/null || return 0
  if [ ! -s "$csv" ]; then
    { printf 'Not measured yet: no `%s`. On a GPU machine with the peers built (docs/PEERS.md):\n' "${csv#$ROOT/}"
      printf '`make peers PEERS_DIR=/path/to/peer/bin`, then `make plots`.\n\n'; } > "$TMP/b-peers.md"
    update_readme "$file" "$TMP/b-peers.md" "$block"; return 0
  fi
  # the last run's GPU and date (the .meta's last block; the gallery's build is named there, not in prose)
  [ -s "$meta" ] && prov=$(awk -v m="${meta#$ROOT/}" '/^gpu: / { g = substr($0, 6); sub(/,.*/, "", g) }
    /^start: / { d = substr($2, 1, 10) } END { if (g != "") printf "%s, %s; the builds: `%s`", g, d, m }' "$meta")
  awk -F, -v src="${csv#$ROOT/}" -v prov="$prov" "$AWK_NUM"'
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { g = $c["graph"]; k = g SUBSEP $c["tool"] SUBSEP $c["alg"] SUBSEP $c["variant"]
      if (!(g in gs)) { gs[g] = 1; G[++ng] = g }
      if (!(k in nk)) K[++nkeys] = k
      nk[k]++; MS[k, nk[k]] = $c["ms"]; if (("prep_ms" in c) && $c["prep_ms"] != "") { np[k]++; PR[k, np[k]] = $c["prep_ms"] }
      if ($c["check"] == "FAIL") bad[k] = 1 }
    function med(A, k, m,   i, j, t, a) { for (i = 1; i <= m; i++) a[i] = A[k, i] + 0
      for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
      return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
    function lab(tool, v,   s) { if (tool == "gallery") { s = v; sub(/^step/, "", s); sub(/ default$/, "", s); return " (" s ")" }
      if (v ~ /^delta-step d=/) { s = v; sub(/^delta-step /, "", s); return " (" s ")" } return "" }
    function cell(g, tool, alg,   t) { t = g SUBSEP tool SUBSEP alg
      if (t in B) return (B[t] == BEST[g, alg] ? "**" ms(B[t]) "**" : ms(B[t])) lab(tool, BV[t]); return (t in AF) ? "FAIL" : "-" }
    function prep(g, tool, alg,   t) { t = g SUBSEP tool SUBSEP alg; return (t in BP) ? big(BP[t]) : "-" }
    END {
      for (i = 1; i <= nkeys; i++) { k = K[i]; split(k, p, SUBSEP); t = p[1] SUBSEP p[2] SUBSEP p[3]
        if (bad[k]) { AF[t] = 1; continue }
        m = med(MS, k, nk[k])
        if (!(t in B) || m < B[t]) { B[t] = m; BV[t] = p[4]; if (np[k]) BP[t] = med(PR, k, np[k]); else delete BP[t] }
        if (!((p[1], p[3]) in BEST) || m < BEST[p[1], p[3]]) BEST[p[1], p[3]] = m }
      printf "Median ms a run (sources x trials) of each tool'"'"'s fastest variant, one GPU%s; every answer validated, a variant\n", prov != "" ? " (" prov ")" : ""
      print "with a failed check left out (FAIL: every variant of the tool failed one);"
      printf "written by `make plots` from `%s` (`make peers`). The fastest of each algorithm in bold; the gallery'"'"'s\n", src
      print "cell names its fastest step (and variant), gapbs'"'"'s SSSP its bucket width. Each tool'"'"'s own timer (docs/PEERS.md):"
      print "gapbs a wall clock, 16 CPU threads; Gunrock its device events; GSWITCH and Blest host timers around their loop or kernel."
      print "**Preparation is not in any time**: Blest'"'"'s reordering and bit-matrix build, the steps'"'"' `init` (relabelling,"
      print "transpose, chains), in the preparation columns; gapbs'"'"', Gunrock'"'"'s and GSWITCH'"'"'s graph builds are not reported."
      print "The Kronecker and uniform graphs are gapbs'"'"'s (its generator), not those of the bench'"'"'s tables."
      print ""
      print "| graph | gapbs BFS | Gunrock BFS | GSWITCH BFS | Blest BFS | gallery BFS | Blest preparation | gallery preparation, BFS | gapbs SSSP | Gunrock SSSP | GSWITCH SSSP | gallery SSSP | gallery preparation, SSSP |"
      print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
      for (x = 1; x <= ng; x++) { g = G[x]
        printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", g, cell(g, "gapbs", "bfs"), cell(g, "gunrock", "bfs"),
          cell(g, "gswitch", "bfs"), cell(g, "blest", "bfs"), cell(g, "gallery", "bfs"), prep(g, "blest", "bfs"), prep(g, "gallery", "bfs"),
          cell(g, "gapbs", "sssp"), cell(g, "gunrock", "sssp"), cell(g, "gswitch", "sssp"), cell(g, "gallery", "sssp"), prep(g, "gallery", "sssp") }
      print "" }' "$csv" > "$TMP/b-peers.md"
  update_readme "$file" "$TMP/b-peers.md" "$block"
}
