#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""run.py - mutation tests: each mutant of tests/mutants/mutants.txt must make the suite fail.

For every mutant: a copy of the tree gets one change (a line of a decision or parsing file
replaced), is built, and the named checks run on it. A mutant that leaves them green has
"survived": the tests do not pin that line down, and this script fails, naming it. A
mutant whose `from:` text is not found exactly once fails too: the code moved, so the
list must move with it.

  tests/mutants/run.py [--jobs N] [NAME-SUBSTRING...]

Checks a mutant may name (tests:): unit, db, replay, import. The copy is built once; each mutant
then rebuilds only what its change touches.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKS = {
    "unit": ["make", "--no-print-directory", "-s", "BUILD=build", "check-unit"],
    "db": ["make", "--no-print-directory", "-s", "BUILD=build", "check-db"],
    "replay": ["make", "--no-print-directory", "-s", "BUILD=build", "check-replay"],
    "import": ["make", "--no-print-directory", "-s", "BUILD=build", "check-import"],
}


def load(path):
    mutants, cur, last = [], None, None
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        key = line.partition(":")[0]
        if line.startswith("## "):
            cur = {"name": line[3:].strip(), "line": n, "tests": ["unit"]}
            mutants.append(cur)
            last = None
        elif cur is None or not line.strip() or line.startswith("#"):
            last = None
        elif key in ("file", "from", "to", "tests"):
            val = line.partition(":")[2]
            val = val[1:] if val.startswith(" ") else val
            if key == "tests":
                cur["tests"] = val.split()
            else:
                cur[key] = val.strip() if key == "file" else val
            last = key if key in ("from", "to") else None
        elif last:
            cur[last] += "\n" + line      # a continuation line of from: or to:
        else:
            sys.exit(f"{path}:{n}: not part of a mutant: {line!r}")
    for m in mutants:
        for key in ("file", "from", "to"):
            if key not in m:
                sys.exit(f"{path}:{m['line']}: mutant '{m['name']}' has no {key}:")
        for t in m["tests"]:
            if t not in CHECKS:
                sys.exit(f"{path}:{m['line']}: unknown check '{t}'")
    return mutants


def copy_tree(dst):
    files = subprocess.run(["git", "-C", TOP, "ls-files", "-co", "--exclude-standard"],
                           check=True, capture_output=True, text=True).stdout.split("\n")
    for f in files:
        if not f or not os.path.isfile(os.path.join(TOP, f)):
            continue
        os.makedirs(os.path.join(dst, os.path.dirname(f)), exist_ok=True)
        shutil.copy2(os.path.join(TOP, f), os.path.join(dst, f))


def run(cmd, cwd):
    return subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode


def try_mutant(m, tree):
    path = os.path.join(tree, m["file"])
    orig = open(path, encoding="utf-8").read()
    count = orig.count(m["from"])
    if count != 1:
        return m, f"does not apply: 'from' found {count} times in {m['file']}"
    try:
        open(path, "w", encoding="utf-8").write(orig.replace(m["from"], m["to"]))
        if run(["make", "--no-print-directory", "-s", "BUILD=build", "all"], tree) != 0:
            return m, None            # a mutant that does not build is killed by the compiler
        for t in m["tests"]:
            if run(CHECKS[t], tree) != 0:
                return m, None
        return m, "SURVIVED: " + " and ".join(m["tests"]) + " still pass"
    finally:
        open(path, "w", encoding="utf-8").write(orig)
        os.utime(path)                # newer than the mutant's object: rebuilt next time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--list", action="store_true", help="check that every mutant applies; build nothing")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    mutants = load(os.path.join(TOP, "tests", "mutants", "mutants.txt"))
    if a.names:
        mutants = [m for m in mutants if any(s in m["name"] for s in a.names)]
    if a.list:
        bad = 0
        for m in mutants:
            n = open(os.path.join(TOP, m["file"]), encoding="utf-8").read().count(m["from"])
            if n != 1:
                print(f"FAIL mutant '{m['name']}': 'from' found {n} times in {m['file']}")
                bad += 1
        print(f"{len(mutants)} mutants, {bad} that do not apply")
        return 1 if bad else 0
    tmp = tempfile.mkdtemp(prefix="dc-mutants.")
    try:
        trees = []
        for j in range(max(1, a.jobs)):
            tree = os.path.join(tmp, f"tree{j}")
            copy_tree(tree)
            if run(["make", "--no-print-directory", "-s", "BUILD=build", "all", "check-unit"], tree):
                sys.exit("run.py: the unmutated tree does not build or its unit tests fail")
            trees.append(tree)
        # each worker owns one tree; mutants are dealt round-robin
        groups = [mutants[j::len(trees)] for j in range(len(trees))]
        with ThreadPoolExecutor(len(trees)) as ex:
            results = ex.map(lambda jg: [try_mutant(m, trees[jg[0]]) for m in jg[1]],
                             enumerate(groups))
            flat = [r for group in results for r in group]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    bad = [(m, why) for m, why in flat if why]
    for m, why in bad:
        print(f"FAIL mutant '{m['name']}' ({m['file']}): {why}")
    print(f"check-mutants: {len(flat) - len(bad)} killed, {len(bad)} not")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
