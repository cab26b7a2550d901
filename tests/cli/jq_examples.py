#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""jq_examples.py - the jq one-liners of docs/json.md ("Questions an inventory asks"), each
run as written on a captured drivecheck --json, and held to the same question asked here
in Python. A one-liner the docs print must answer what its comment says.

  tests/cli/jq_examples.py FILE.json     prints "N passed, N failed"
"""
import json
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def examples():
    """(comment, jq program) of the section's code block."""
    text = open(os.path.join(TOP, "docs", "json.md"), encoding="utf-8").read()
    block = text.split("## Questions an inventory asks", 1)[1].split("```sh", 1)[1]
    block = block.split("```", 1)[0]
    out, comment = [], None
    for line in block.strip().splitlines():
        if line.startswith("# "):
            comment = line[2:]
        elif line.startswith("jq -r '") and line.endswith("'"):
            out.append((comment, line[len("jq -r '"):-1]))
    return out


def model(d):
    return d.get("model")


# The same questions, in Python, keyed by the start of each comment.
def want(devs):
    first = lambda d: d["verdicts"]["ceph_osd"]["reasons"][0]  # noqa: E731
    counts = {}
    for d in devs:
        counts[d.get("model") or "unknown"] = counts.get(d.get("model") or "unknown", 0) + 1
    return {
        "drives that fail a role": [f"{d['path']} {model(d)}: {first(d)}" for d in devs
                                   if d.get("verdicts", {}).get("ceph_osd", {}).get("status") == "fail"],
        "drives without power-loss": [f"{d['path']} {model(d)}" for d in devs
                                      if d.get("plp", {}).get("class") == "none"],
        "drives whose PLP no source": [f"{d['path']} {model(d)}" for d in devs
                                       if d.get("plp", {}).get("class") == "unknown"],
        "drives that used more than 80%": [f"{d['path']} {model(d)} {d['wear']['percent_used']}%"
                                           for d in devs if (d["wear"]["percent_used"] or 0) > 80],
        "drives two of whose counters": [f"{d['path']} {c['figure']} {c['check']}: {c['used']}"
                                         for d in devs for c in d["wear"]["counters"]],
        "drives that say they are failing": [f"{d['path']} {model(d)}: {d['health']['problems'][0]['text']}"
                                             for d in devs
                                             if d.get("health", {}).get("status") == "failing"],
        "drives a firmware advisory hits": [f"{d['path']} {a['id']} {a['fixed'] or 'no fix named'}"
                                            for d in devs for a in d.get("advisories", [])],
        "how many drives of each model": [f"{n} {m}" for m, n in sorted(counts.items())],
    }


def main():
    path = sys.argv[1]
    doc = json.load(open(path))
    # the captured drives are young: one worn drive, so that every question has an answer
    doc["devices"][0]["wear"]["percent_used"] = 91
    path = path + ".worn.json"
    json.dump(doc, open(path, "w"))
    devs = doc["devices"]
    answers = want(devs)
    results = []
    for comment, prog in examples():
        key = next((k for k in answers if comment.startswith(k)), None)
        if key is None:
            results.append((comment, False, "no Python answer for this question"))
            continue
        out = subprocess.run(["jq", "-r", prog, path], capture_output=True, text=True)
        got = out.stdout.splitlines()
        results.append((comment, out.returncode == 0 and got == answers[key] and bool(got),
                        f"jq: {got[:4]}, want {answers[key][:4]}, {out.stderr[:200]}"))
    results.append(("every question of the docs was run", len(examples()) == len(answers),
                    f"{len(examples())} one-liners, {len(answers)} questions"))
    bad = [r for r in results if not r[1]]
    for what, _, why in bad:
        print(f"FAIL {what}: {why}")
    print(f"{len(results) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
