#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""readme_examples.py - every example of the README that shows drivecheck's output, run as
written on the captured drives the repository holds, and held to what the README prints.

An example is a code block whose first line is "$ drivecheck ARGS" (a comment after "#"
is dropped). The lines after it are the output: the whole of it, line for line, or, where
a line is "  ..." (some lines left out), the lines shown must appear in that order.

  tests/cli/readme_examples.py DRIVECHECK     prints "N passed, N failed"
"""
import os
import re
import shlex
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def examples():
    """(args, lines shown) of each example block."""
    text = open(os.path.join(TOP, "README.md"), encoding="utf-8").read()
    out = []
    for block in re.findall(r"^```\n(.*?)^```$", text, re.S | re.M):
        lines = block.rstrip("\n").split("\n")
        if not lines[0].startswith("$ drivecheck "):
            continue
        cmd = lines[0][2:].split("#", 1)[0]
        out.append((shlex.split(cmd)[1:], lines[1:]))
    return out


def in_order(shown, got):
    """The first line shown that is not found in order, or None."""
    at = 0
    for line in shown:
        if line.strip() == "...":
            continue
        while at < len(got) and got[at] != line:
            at += 1
        if at == len(got):
            return line
        at += 1
    return None


def main():
    dc = os.path.abspath(sys.argv[1])
    results = []
    found = examples()
    results.append(("the README shows drivecheck's output", len(found) >= 2, f"{len(found)}"))
    for args, shown in found:
        what = "drivecheck " + " ".join(args)
        run = subprocess.run([dc] + args, cwd=TOP, capture_output=True, text=True)
        got = run.stdout.rstrip("\n").split("\n")
        if any(line.strip() == "..." for line in shown):
            missing = in_order(shown, got)
            results.append((f"{what}: the lines shown, in order", missing is None,
                            f"not in the output: {missing!r}"))
        else:
            first = next((i for i, (a, b) in enumerate(zip(shown, got)) if a != b),
                         min(len(shown), len(got)))
            results.append((f"{what}: the output as shown", shown == got,
                            f"line {first + 1}: README {shown[first:first + 1]}, "
                            f"now {got[first:first + 1]}"))
    bad = [r for r in results if not r[1]]
    for what, _, why in bad:
        print(f"FAIL {what}: {why}")
    print(f"{len(results) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
