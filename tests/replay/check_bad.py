#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_bad.py - judges one replay of a bad dump against its row of bad.tsv.

Usage: check_bad.py ROW RC STDOUT_FILE STDERR_FILE
ROW is the tab-separated line of bad.tsv:
  name, exit codes allowed ("0", "3" or "0,3"), errors ("required" or "optional"),
  text that must appear in stdout+stderr ("-" for none),
  texts that must not appear (" || " between several; "-" for none), known-failure
  reason ("-" for none).
Prints one line per problem; exits 0 when the replay is right, 1 when not.
Always checked: no sanitizer report, stdout is valid JSON with one device when the
exit code is 0, every string in it printable ASCII, and an error message when it is 3.
"""
import json
import sys

SANITIZER_MARKS = ("runtime error:", "AddressSanitizer", "LeakSanitizer",
                   "UndefinedBehaviorSanitizer", "Segmentation fault", "core dumped")


def strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for k, v in node.items():
            yield k
            yield from strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from strings(v)


def main(argv):
    row, rc = argv[1].split("\t"), int(argv[2])
    with open(argv[3], encoding="utf-8", errors="replace") as f:
        out = f.read()
    with open(argv[4], encoding="utf-8", errors="replace") as f:
        err = f.read()
    name, codes, errors, must, must_not = row[:5]
    problems = []
    if rc not in [int(c) for c in codes.split(",")]:
        problems.append("exit code %d, want %s" % (rc, codes))
    for mark in SANITIZER_MARKS:
        if mark in err:
            problems.append("sanitizer or crash: %s" % mark)
            break
    if rc == 0:
        try:
            doc = json.loads(out)
            dev = doc["devices"][0] if len(doc["devices"]) == 1 else None
        except (ValueError, KeyError, TypeError) as e:
            problems.append("stdout is not the JSON of one device: %s" % e)
            dev = None
        if dev is not None:
            odd = [s for s in strings(doc) if any(ord(c) < 0x20 or ord(c) > 0x7e for c in s)]
            if odd:
                problems.append("strings with bytes outside printable ASCII: %r" % odd[:3])
            if errors == "required" and not dev.get("errors"):
                problems.append("the report gives no error for a bad input")
    elif rc == 3 and not err.strip():
        problems.append("exit 3 without a message on stderr")
    if must != "-" and must not in out + err:
        problems.append("missing text: %r" % must)
    # several texts may be given, separated by " || ": none may be there
    for text in ([] if must_not == "-" else must_not.split(" || ")):
        if text in out + err:
            problems.append("text that must not be there: %r" % text)
    for p in problems:
        print("  %s: %s" % (name, p))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
