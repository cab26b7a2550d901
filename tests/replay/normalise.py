#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""normalise.py - drivecheck --json output made comparable: the volatile keys dropped.

Reads JSON on stdin, writes it back with two-space indentation and the key order kept.
Dropped: the top-level "drivecheck_version" (it changes with every release) and "host"
(the machine that ran drivecheck).
"""
import json
import sys

VOLATILE_TOP = ("drivecheck_version", "host")


def main():
    doc = json.load(sys.stdin)
    for key in VOLATILE_TOP:
        doc.pop(key, None)
    json.dump(doc, sys.stdout, indent=2, ensure_ascii=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
