#!/usr/bin/env python3
"""ab-medians.py [--across-steps] CSV [BASE...] - the summary of the docs/notes experiments that time several builds
of a step one after another: the median ms of the harness's CSV rows by step, variant and graph,
one column per build (the commit column names it; the trials in brackets), and every other build
against each BASE build present (NEW/BASE). --across-steps: the builds are of different steps
(a rung against its base): rows keyed by variant and graph only, the step named by the build."""
import csv
import statistics
import sys

args = sys.argv[1:]
across = args[:1] == ["--across-steps"]
if across:
    args = args[1:]
t = {}
for r in csv.DictReader(open(args[0])):
    k = ("any" if across else r["step"], r["variant"], r["graph"])
    t.setdefault(k, {}).setdefault(r["commit"], []).append(float(r["ms"]))
for k in sorted(t):
    m = {c: statistics.median(v) for c, v in t[k].items()}
    line = " ".join("%s %.4f (%d)" % (c, m[c], len(t[k][c])) for c in sorted(m))
    for b in args[1:]:
        if b in m:
            line += "; " + " ".join("%s/%s %.3f" % (c, b, m[c] / m[b]) for c in sorted(m) if c != b)
    print("%s %s %s: %s" % (k + (line,)))
