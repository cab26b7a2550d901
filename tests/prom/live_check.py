#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""live_check.py - what node_exporter and Prometheus served, held to drivecheck's textfile.

  live_check.py port                        a free TCP port on 127.0.0.1
  live_check.py get URL OUT [SECONDS]       fetch URL into OUT, retried for up to SECONDS
  live_check.py same TEXTFILE SCRAPE        every drivecheck series of the file is in the
                                            scrape with the same value, and no other one
  live_check.py one SCRAPE DUMP             the lines of one replayed drive (its dump label)
  live_check.py value SCRAPE NAME           the value of an unlabelled series, or "none"
  live_check.py alerts ALERTS.json RULE=DUMP... [--none DUMP...]
                                            each RULE is firing for a series whose dump
                                            label ends in /DUMP; no alert at all names a
                                            --none DUMP
Exit 0 when it holds; a line per failure on stderr. Loopback only, standard library only.
"""
import json
import socket
import sys
import time
import urllib.request

from compare import LABEL, SAMPLE  # the sample and label patterns check-prom reads with


def samples(text, prefix):
    """{series: value}, a series named with its labels sorted (node_exporter sorts them)."""
    out = {}
    for line in text.splitlines():
        m = SAMPLE.match(line)
        if m and m.group(1).startswith(prefix):
            labels = ",".join('%s="%s"' % kv for kv in sorted(LABEL.findall(m.group(2) or "")))
            out["%s{%s}" % (m.group(1), labels)] = float(m.group(3))
    return out


def one_dump(text, dump):
    """The lines of one replayed drive (its dump label), with every family's HELP and TYPE
    and the series without a device: what drivecheck --prometheus prints of it alone."""
    keep, families, out = [], {}, []
    for line in text.splitlines():
        if line.startswith("# HELP drivecheck_") or line.startswith("# TYPE drivecheck_"):
            families.setdefault(line.split()[2], []).append(line)
            continue
        m = SAMPLE.match(line)
        if not m or not m.group(1).startswith("drivecheck_"):
            continue
        labels = dict(LABEL.findall(m.group(2) or ""))
        if "device" not in labels or labels.get("dump") == dump:
            keep.append((m.group(1), line))
    seen = set()
    for name, line in keep:
        family = next((f for f in families if name == f or name.startswith(f + "_")), name)
        if family not in seen:
            seen.add(family)
            out += families.get(family, [])
        out.append(line)
    return "\n".join(out) + "\n"


def main(argv):
    cmd = argv[0]
    if cmd == "port":
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        print(s.getsockname()[1])
        s.close()
        return 0
    if cmd == "get":
        url, out = argv[1], argv[2]
        assert url.startswith("http://127.0.0.1:"), "loopback only"
        deadline = time.time() + (float(argv[3]) if len(argv) > 3 else 10)
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as r:
                    open(out, "wb").write(r.read())
                return 0
            except OSError as e:
                if time.time() > deadline:
                    print("cannot fetch %s: %s" % (url, e), file=sys.stderr)
                    return 1
                time.sleep(0.2)
    if cmd == "same":
        want = samples(open(argv[1]).read(), "drivecheck_")
        got = samples(open(argv[2]).read(), "drivecheck_")
        bad = 0
        for k, v in want.items():
            if k not in got:
                print("not scraped: %s" % k, file=sys.stderr)
                bad += 1
            elif got[k] != v and not (v != v and got[k] != got[k]):
                print("scraped %s = %r, the file says %r" % (k, got[k], v), file=sys.stderr)
                bad += 1
        for k in got:
            if k not in want:
                print("scraped but not in the file: %s" % k, file=sys.stderr)
                bad += 1
        print("%d series, %d differ" % (len(want), bad))
        return 1 if bad or not want else 0
    if cmd == "one":
        sys.stdout.write(one_dump(open(argv[1]).read(), argv[2]))
        return 0
    if cmd == "value":
        v = samples(open(argv[1]).read(), argv[2]).get(argv[2] + "{}")
        print("none" if v is None else ("%g" % v))
        return 0
    if cmd == "alerts":
        alerts = json.load(open(argv[1]))["data"]["alerts"]
        rest = argv[2:]
        none = rest[rest.index("--none") + 1:] if "--none" in rest else []
        want = rest[:rest.index("--none")] if "--none" in rest else rest
        bad = 0
        for w in want:
            rule, dump = w.split("=", 1)
            if not any(a["labels"].get("alertname") == rule and a["state"] == "firing" and
                       a["labels"].get("dump", "").endswith("/" + dump) for a in alerts):
                print("%s is not firing for %s" % (rule, dump), file=sys.stderr)
                bad += 1
        for dump in none:
            for a in alerts:
                if a["labels"].get("dump", "").endswith("/" + dump):
                    print("%s fires for the healthy %s" % (a["labels"].get("alertname"), dump),
                          file=sys.stderr)
                    bad += 1
        return 1 if bad else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
