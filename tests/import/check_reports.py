#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_reports.py - `drivecheck import` of real smartctl reports, held against the reports.

Every report under each DIR (default: data/import/linuxhw, the suite's sample) is imported
in one run of `drivecheck import DIR --json`. Each must come out as a drive result or as a
clear reason: a reason is a line that names the file and says what is missing, never an
empty or internal message. A file that is no report (the README beside them) is skipped:
one line on stderr, counted in summary.files_skipped, no result. For each drive, the numbers the report prints (identity,
capacity, block sizes, power-on hours, bytes written, wear, temperature, every ATA
attribute) must equal what drivecheck decoded from the rebuilt pages: the comparison is
tests/replay/check_reports.py's, which reads the report with regular expressions only.
An NVMe report never gives a volatile-write-cache answer: smartctl does not print VWC.

  tests/import/check_reports.py DRIVECHECK [DIR...]   prints "N passed, N failed" and
                                                     how many files were refused, and why
"""
import collections
import json
import os
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, "tests", "replay"))
import check_reports as replay  # noqa: E402

# What a refused report may say: smartctl itself could not read the drive.
REASONS = ("smartctl report without a drive identity",)


def unread(dev):
    """Why drivecheck gave no drive result (a device object without verdicts), or None."""
    return None if "verdicts" in dev else (dev.get("errors") or ["(no reason)"])[0]


def main():
    dc = sys.argv[1]
    dirs = sys.argv[2:] or [os.path.join(TOP, "data", "import", "linuxhw")]
    results, refused = [], collections.Counter()
    for top in dirs:
        out = subprocess.run([dc, "import", top, "--json"], capture_output=True, text=True)
        if out.returncode not in (0, 1, 2, 3):
            results.append((top, "exit code", False, f"exit {out.returncode}: {out.stderr[-300:]}"))
            continue
        doc = json.loads(out.stdout)
        every = sorted(os.path.join(d, f) for d, _, fs in os.walk(top) for f in fs
                       if not f.startswith("."))
        files = [f for f in every if f.endswith(".txt")]
        devs = {d["path"]: d for d in doc["devices"]}
        others = [f for f in every if not f.endswith(".txt")]
        results.append((top, "one result per report", len(devs) == len(files),
                        f"{len(devs)} results, {len(files)} reports"))
        # A file that is no report at all (a README beside them) is skipped, said once on
        # stderr and counted, never a result.
        for f in others:
            said = [l for l in out.stderr.splitlines() if f in l]
            results.append((f, "not a report: skipped", f not in devs and len(said) == 1 and
                            said[0].startswith(f"drivecheck import: skipped {f}: "), said))
        results.append((top, "skipped counted", doc["summary"]["files_skipped"] == len(others),
                        f"{doc['summary']['files_skipped']} != {len(others)}"))
        for f in files:
            d = devs.get(f)
            if d is None:
                results.append((f, "result", False, "no result"))
                continue
            if unread(d):
                why = unread(d)
                ok = why.startswith(f + ": ") and why[len(f) + 2:].startswith(REASONS)
                results.append((f, "clear reason", ok, why))
                refused[why[len(f) + 2:].split(":")[0]] += 1
                continue
            rep = open(f, encoding="utf-8", errors="replace").read()
            replay.compare(rep, d, os.path.relpath(f, top), results)
            if replay.field(rep, "Model Number"):
                results.append((f, "nvme cache not guessed", d["write_cache"]["present"] is None,
                                f"present {d['write_cache']['present']!r}"))
        s = doc["summary"]
        results.append((top, "summary counts", s["drives"] + s["unreadable"] == len(files),
                        f"{s['drives']} + {s['unreadable']} != {len(files)}"))
    bad = [r for r in results if not r[2]]
    for name, what, _, why in bad[:60]:
        print(f"FAIL {name}: {what}: {why}")
    for why, k in refused.most_common():
        print(f"refused {k}: {why}")
    print(f"{len(results) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
