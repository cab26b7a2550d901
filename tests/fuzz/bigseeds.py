#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""bigseeds.py - seeds large enough to hold big arrays, made from real files, for the JSON
readers' fuzz targets (a short -max_len would never reach them): each file's longest array
(anywhere in the document) repeated until the document passes SIZE bytes, written compact.

  tests/fuzz/bigseeds.py OUTDIR SIZE FILE...     one seed per FILE that parses as JSON
  tests/fuzz/bigseeds.py --million FILE         a report whose "devices" are a million 1s
"""
import json
import os
import sys


def arrays(node, path=()):
    if isinstance(node, list):
        yield path, node
        for i, v in enumerate(node):
            yield from arrays(v, path + (i,))
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from arrays(v, path + (k,))


def inflate(doc, size):
    found = [(len(json.dumps(a)), a) for _, a in arrays(doc) if a]
    if not found:
        return None
    _, arr = max(found, key=lambda x: x[0])
    one = list(arr)
    while len(json.dumps(doc, separators=(",", ":"))) < size:
        arr.extend(one * max(1, len(arr) // len(one)))
    return json.dumps(doc, separators=(",", ":"))


def main():
    if sys.argv[1] == "--million":
        doc = {"json_format_version": [1, 4], "drivecheck_version": "x", "host": "h",
               "devices": [1] * 1000000}
        open(sys.argv[2], "w", encoding="utf-8").write(json.dumps(doc, separators=(",", ":")))
        return
    out, size, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    os.makedirs(out, exist_ok=True)
    n = 0
    for f in files:
        try:
            doc = json.load(open(f, encoding="utf-8"))
        except (ValueError, UnicodeDecodeError):
            continue
        text = inflate(doc, size)
        if text:
            n += 1
            open(os.path.join(out, f"big-{n}"), "w", encoding="utf-8").write(text)
    print(f"bigseeds: {n} seeds of at least {size} bytes in {out}")


if __name__ == "__main__":
    main()
