#!/usr/bin/env bash
# profile-step24.sh [OUT.csv] - Nsight Compute on step 24's rounds (kron22, one source: the harness's
# warm-up run and one trial), four sections per kernel, reduced to one row a launch: what lesson 24's
# profile table reads (docs/notes/data/profile-step24-h200.csv; the raw ncu CSV beside it, gzipped).
# Needs a GPU, ncu and bin/step24 (make bin/step24 SM=90); python3 for the reduction.
set -eu
out=${1:-profile-step24.csv}; raw=${out%.csv}-ncu.csv
ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy --csv --page details \
  -k regex:'^fi_(scan|expand|chunks)' bin/step24 -g 22 -r 1491313 -n 1 > "$raw"
python3 - "$raw" "$out" <<'PY'
import csv, sys, collections
rows = list(csv.DictReader([l for l in open(sys.argv[1]) if l.startswith('"')]))
K = collections.OrderedDict()
for r in rows:
    k = K.setdefault(r['ID'], {'kernel': r['Kernel Name'].split('(')[0]})
    try: k[r['Metric Name']] = float(r['Metric Value'].replace(',', ''))
    except ValueError: pass
M = ['DRAM Throughput', 'L2 Cache Throughput', 'L1/TEX Cache Throughput', 'Compute (SM) Throughput', 'L2 Hit Rate',
     'Warp Cycles Per Issued Instruction', 'Avg. Active Threads Per Warp', 'Achieved Occupancy', 'Theoretical Occupancy']
with open(sys.argv[2], 'w') as f:
    f.write('id,kernel,duration_us,dram_pct,l2_pct,l1_pct,sm_pct,l2_hit_pct,warp_cycles_per_issue,'
            'active_threads_per_warp,achieved_occ_pct,theoretical_occ_pct\n')
    for i, k in K.items():
        f.write('%s,%s,%.2f,%s\n' % (i, k['kernel'], k['Duration'] / 1e3, ','.join('%.2f' % k.get(m, float('nan')) for m in M)))
PY
echo "profile-step24: $(($(wc -l < "$out") - 1)) launches in $out (raw: $raw)"
