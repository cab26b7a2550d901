#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_layers.py - the one direction of docs/architecture.md, held against the objects
and the sources.

Reads the symbols of every object under BUILD/obj (nm): which file defines each function
and which files call it; and the #include "..." lines of every file under src/ and
include/. Fails, naming them, when
  - a file calls a function of a stage above its own (the stages, lowest first:
    core, device, lookup, decide, import, fleet, render, cli), or
  - two files call each other (a circle), directly;
  - a file other than the JSON reader (src/core/json_get.c, json_read.c) reads cJSON's
    values itself (cJSON_Is*, cJSON_GetObjectItem*, cJSON_Get*Value): every JSON input
    is read through core/json_read.h, which holds each value to one policy;
  - a file includes a header of a stage above its own (a macro or a struct layout crosses
    stages as surely as a call), or a header under include/ includes one under src/;
  - two files include each other's headers (X.h is X.c's, beside it): a circle too;
  - a header is not where it belongs (docs/architecture.md, "Where a header lives"): an
    include/X.h with code of its own (a src/**/X.c, or a function any object defines),
    or a header under src/ that declares a function another folder's .c defines;
  - a file names a struct of a stage above its own (a pointer to a type only declared
    crosses stages too: code below decide takes a check's parts, never the check).
Calls and includes within one folder are free, as long as they make no circle.

  tools/check_layers.py BUILD     prints "N passed, N failed"
"""
import os
import re
import subprocess
import sys

STAGES = ["core", "device", "lookup", "decide", "import", "fleet", "render", "cli"]

# cJSON's reads of a value, and the files that may make them
JSON_READS = re.compile(r"^cJSON_(Is[A-Za-z]+|GetObjectItem|GetObjectItemCaseSensitive|"
                        r"HasObjectItem|GetStringValue|GetNumberValue)$")
JSON_READERS = {"core/json_get.c", "core/json_read.c"}


def stage_of(rel):
    top = rel.split("/")[0]
    return STAGES.index(top) if top in STAGES else None


TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources():
    """Every .c and .h under src/ and include/, relative to the top."""
    for base in ("src", "include"):
        for d, _, fs in os.walk(os.path.join(TOP, base)):
            for f in sorted(fs):
                if f.endswith((".c", ".h")):
                    yield os.path.relpath(os.path.join(d, f), TOP)


def resolve(name, here):
    """A quoted include as the compiler finds it (-Iinclude -Isrc), beside the file first."""
    for cand in (os.path.join(os.path.dirname(here), name), os.path.join("include", name),
                 os.path.join("src", name)):
        if os.path.isfile(os.path.join(TOP, cand)):
            return os.path.normpath(cand)
    return None


def owner(header):
    """The .c a header belongs to: X.c beside X.h, or None (a header of types alone)."""
    c = header[:-2] + ".c"
    return c if os.path.isfile(os.path.join(TOP, c)) else None


def check_includes():
    """(checks made, failures) of the include rules above."""
    n, bad, inc = 0, [], {}
    for f in sources():
        text = open(os.path.join(TOP, f), encoding="utf-8", errors="replace").read()
        inc[f] = {h for h in (resolve(x, f) for x in INCLUDE.findall(text)) if h}
    for f, hs in sorted(inc.items()):
        sf = stage_of(f[4:]) if f.startswith("src/") else None
        for h in sorted(hs):
            n += 1
            if f.startswith("include/") and h.startswith("src/"):
                bad.append(f"{f}, a header every stage shares, includes {h} of one stage")
                continue
            sh = stage_of(h[4:]) if h.startswith("src/") else None
            if sf is not None and sh is not None and sh > sf:
                bad.append(f"{f} ({STAGES[sf]}) includes {h} ({STAGES[sh]}), a later stage")
    # a circle: A.c (or A.h) includes B.h, B.c's, and B.c (or B.h) includes A.h
    uses = {}
    for f, hs in inc.items():
        a = f if f.endswith(".c") else owner(f)
        if not a:
            continue
        for h in hs:
            b = owner(h)
            if b and b != a:
                uses.setdefault(a, set()).add(b)
    for a, bs in sorted(uses.items()):
        for b in sorted(bs):
            n += 1
            if a < b and a in uses.get(b, ()):
                bad.append(f"{a} and {b} include each other's headers")
    return n, bad


BRACES = re.compile(r"\{[^{}]*\}")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
DECL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")


def declared(text):
    """The functions a header declares: the first name followed by "(" in each of its
    top-level statements, once comments, preprocessor lines and every {...} (a struct's
    members, an inline function's body) are gone. A call made inside an inline body is
    a use, not a declaration, and is not counted."""
    t = COMMENT.sub(" ", text)
    t = "\n".join(l for l in t.splitlines() if not l.lstrip().startswith("#"))
    while True:
        u = BRACES.sub(";", t)
        if u == t:
            break
        t = u
    out = set()
    for stmt in t.split(";"):
        m = DECL.search(stmt)
        if m and not stmt.lstrip().startswith("typedef"):
            out.add(m.group(1))
    return out


def check_homes(defines):
    """(checks made, failures) of where a header lives (docs/architecture.md, "Where a
    header lives"): beside the .c that defines what it declares.
      - include/X.h holds no code of its own: no src/**/X.c, and no function that any
        object defines (include/ is the vocabulary every stage shares: enums, lengths,
        codes, thresholds);
      - a header under src/ declares only functions defined in its own folder (or a folder
        below it: device/protocol.h names each command set's acquire and parse), so
        that a header with no .c beside it (decide/facts.h, render/render.h) is the
        folder's own too."""
    n, bad = 0, []
    cs = {}
    for f in sources():
        if f.startswith("src/") and f.endswith(".c"):
            cs.setdefault(os.path.basename(f)[:-2], []).append(f)
    for h in sources():
        if not h.endswith(".h"):
            continue
        text = open(os.path.join(TOP, h), encoding="utf-8", errors="replace").read()
        fns = sorted(s for s in declared(text) if s in defines)
        if h.startswith("include/"):
            n += 1
            base = os.path.basename(h)[:-2]
            if base in cs:
                bad.append(f"{h} has code of its own ({', '.join(cs[base])}): it lives "
                           f"beside it, not in include/")
            elif fns:
                bad.append(f"{h} declares functions ({', '.join(fns)}): include/ holds "
                           f"no code's header")
            continue
        folder = os.path.dirname(h)[4:]
        for s in fns:
            n += 1
            c = defines[s]
            home = os.path.dirname(c)
            if home != folder and not home.startswith(folder + "/"):
                bad.append(f"{h} declares {s}, which {c} defines: a header lives beside "
                           f"the code it declares")
    return n, bad


STRUCT_DEF = re.compile(r"^struct (dc_\w+) \{", re.M)


def check_types():
    """(checks made, failures): no file names a struct of a stage above its own, even as a
    pointer to a type it only declares (`struct dc_check;`): a lower stage that takes a
    later stage's whole struct must take its parts instead, or move up."""
    home = {}
    for h in sources():
        if h.startswith("src/") and h.endswith(".h"):
            text = open(os.path.join(TOP, h), encoding="utf-8", errors="replace").read()
            for s in STRUCT_DEF.findall(text):
                home[s] = h
    n, bad = 0, []
    if not home:
        return n, bad
    named = re.compile(r"\bstruct (" + "|".join(sorted(home)) + r")\b")
    for f in sources():
        if not f.startswith("src/"):
            continue
        sf = stage_of(f[4:])
        text = COMMENT.sub(" ", open(os.path.join(TOP, f), encoding="utf-8",
                                     errors="replace").read())
        for s in sorted(set(named.findall(text))):
            n += 1
            sh = stage_of(home[s][4:])
            if sf is not None and sh is not None and sh > sf:
                bad.append(f"{f} ({STAGES[sf]}) names struct {s} of {home[s]} "
                           f"({STAGES[sh]}), a later stage")
    return n, bad


def main():
    root = os.path.join(sys.argv[1], "obj")
    defines, uses = {}, {}
    for d, _, fs in os.walk(root):
        for f in fs:
            if not f.endswith(".o") or f == "drives_db.o":
                continue
            path = os.path.join(d, f)
            rel = os.path.relpath(path, root)[:-2] + ".c"
            # an object whose source was moved or removed is a stale build's, not the tree's
            if not (os.path.isfile(os.path.join(TOP, "src", rel)) or
                    os.path.isfile(os.path.join(TOP, rel))):
                continue
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
    ni, bi = check_includes()
    n += ni
    bad += bi
    nh, bh = check_homes(defines)
    n += nh
    bad += bh
    nt, bt = check_types()
    n += nt
    bad += bt
    for b in bad:
        print("FAIL " + b)
    print(f"{n - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
