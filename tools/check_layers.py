#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_layers.py - the one direction of docs/architecture.md, held against the objects.

Reads the symbols of every object under BUILD/obj (nm): which file defines each function
and which files call it. Fails, naming them, when
  - a file calls a function of a stage above its own (the stages, lowest first:
    core, device, lookup, decide, import, report, render, cli), or
  - two files call each other (a circle), directly, or
  - a file other than the JSON reader (src/core/json_get.c, json_read.c) reads cJSON's
    values itself (cJSON_Is*, cJSON_GetObjectItem*, cJSON_Get*Value): every JSON input
    is read through core/json_read.h, which holds each value to one policy.
Calls within one folder are free, as long as they make no circle.

  tools/check_layers.py BUILD     prints "N passed, N failed"
"""
import os
import re
import subprocess
import sys

STAGES = ["core", "device", "lookup", "decide", "import", "report", "render", "cli"]

# cJSON's reads of a value, and the files that may make them
JSON_READS = re.compile(r"^cJSON_(Is[A-Za-z]+|GetObjectItem|GetObjectItemCaseSensitive|"
                        r"HasObjectItem|GetStringValue|GetNumberValue)$")
JSON_READERS = {"core/json_get.c", "core/json_read.c"}


def stage_of(rel):
    top = rel.split("/")[0]
    return STAGES.index(top) if top in STAGES else None


def main():
    root = os.path.join(sys.argv[1], "obj")
    defines, uses = {}, {}
    for d, _, fs in os.walk(root):
        for f in fs:
            if not f.endswith(".o") or f == "drives_db.o":
                continue
            path = os.path.join(d, f)
            rel = os.path.relpath(path, root)[:-2] + ".c"
            out = subprocess.run(["nm", path], capture_output=True, text=True).stdout
            uses[rel] = set()
            for line in out.splitlines():
                p = line.split()
                if len(p) == 3 and p[1] in "TDBR":
                    defines[p[2]] = rel
                elif len(p) == 2 and p[0] == "U":
                    uses[rel].add(p[1])
    calls = {a: {defines[s] for s in syms if s in defines and defines[s] != a}
             for a, syms in uses.items()}
    bad = []
    n = 0
    for a, bs in sorted(calls.items()):
        for b in sorted(bs):
            n += 1
            sa, sb = stage_of(a), stage_of(b)
            if sa is not None and sb is not None and sb > sa:
                bad.append(f"{a} ({STAGES[sa]}) calls up into {b} ({STAGES[sb]}): "
                           + ", ".join(sorted(s for s in uses[a] if defines.get(s) == b)))
            if a < b and a in calls.get(b, ()):
                bad.append(f"{a} and {b} call each other")
    for a, syms in sorted(uses.items()):
        if a in JSON_READERS:
            continue
        n += 1
        reads = sorted(s for s in syms if JSON_READS.match(s))
        if reads:
            bad.append(f"{a} reads cJSON values itself, not through core/json_read.h: "
                       + ", ".join(reads))
    for b in bad:
        print("FAIL " + b)
    print(f"{n - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
