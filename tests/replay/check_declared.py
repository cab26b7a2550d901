#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_declared.py - every captured NVMe drive that declares no volatile write cache.

For each data/dumps/*/ whose Identify Controller has VWC bit 0 clear (byte 525), the dump
is replayed twice: as captured (no probe) and with a fast probe result added (p50 40 us,
what a PLP NVMe drive answers). Both times S and U come from the drive's own declaration
(source_kind device), the kernel's "write through" is never the hazard, and with the fast
probe F is fast and every role passes that the drive's wear does not hold back (or, where
the dump holds no SMART log, warns for the unread health alone). A drive
that also reports its backup power failed is the exception: the failure outranks the
declaration, and every role fails; so does a firmware advisory that loses data or the
drive (the declaration still gives S and U, and the advisory's reason leads every role).

  tests/replay/check_declared.py DRIVECHECK      prints "N passed, N failed"
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FAST = {"count": 2000, "mean_us": 42.0, "stdev_us": 5.0, "min_us": 30.0, "p50_us": 40.0,
        "p90_us": 48.0, "p99_us": 60.0, "p999_us": 90.0, "max_us": 200.0, "iops": 23800.0}


def declares_no_vwc(d):
    p = os.path.join(d, "pages", "nvme-id-ctrl.bin")
    if not os.path.exists(p):
        return False
    b = open(p, "rb").read()
    return len(b) >= 4096 and not (b[525] & 1) and any(b[24:64].strip(b" \0"))


def replay(dc, d):
    out = subprocess.run([dc, "--replay", d, "--json"], capture_output=True, text=True)
    return json.loads(out.stdout)["devices"][0] if out.returncode == 0 else None


def main():
    dc = sys.argv[1]
    results = []
    dumps = [d for d in sorted(glob.glob(os.path.join(TOP, "data/dumps/*/"))) if declares_no_vwc(d)]
    results.append(("captured NVMe drives that declare no volatile cache", len(dumps) >= 3,
                    f"{len(dumps)} found"))
    tmp = tempfile.mkdtemp(prefix="dc-declared.")
    try:
        for d in dumps:
            name = os.path.basename(d.rstrip("/"))
            copy = os.path.join(tmp, name)
            shutil.copytree(d, copy)
            dj = os.path.join(copy, "device.json")
            doc = json.load(open(dj))
            # a raw probe: mode 2 before dump 1.3, its name from 1.3 (docs/dump-format.md)
            raw = "raw" if tuple(doc["dump_format_version"]) >= (1, 3) else 2
            doc["probe"] = {"mode": raw, "where": doc["device"]["path"], "skipped": "",
                            "duration_s": 2.0, "stable": True, "sync": FAST,
                            "nosync": dict(FAST, p50_us=30.0), "flush_cost_us": 10.0}
            json.dump(doc, open(dj, "w"))
            for label, path, probed in (("as captured", d, False), ("with a fast probe", copy, True)):
                dev = replay(dc, path)
                if dev is None:
                    results.append((f"{name} {label}", False, "replay failed"))
                    continue
                p = dev["properties"]
                S, U, F = (p["flushed_writes_survive"], p["unflushed_writes_survive"],
                           p["durable_writes_fast"])
                if any(e["kind"] == "plp-failed" for e in dev["plp_evidence"]):
                    # its backup power failed: that outranks the declaration
                    results.append((f"{name} {label}: failed protection outranks the "
                                    "declaration", U["value"] is False and
                                    all(v["status"] == "fail" for v in dev["verdicts"].values()),
                                    f"U {U}, {[v['status'] for v in dev['verdicts'].values()]}"))
                    continue
                results.append((f"{name} {label}: S and U from the drive's own word",
                                S["value"] is True and U["value"] is True and
                                U["source_kind"] == "device",
                                f"S {S}, U {U}"))
                hazard = [r for v in dev["verdicts"].values() for r in v["reasons"]
                          if r.startswith("HAZARD")]
                results.append((f"{name} {label}: write through is no hazard", not hazard,
                                f"{hazard}, kernel {dev['write_cache']['kernel']}"))
                if not probed:
                    continue
                results.append((f"{name} {label}: F fast", F["speed"] == "fast",
                                f"F {F}"))
                fatal = [a for a in dev.get("advisories", [])
                         if a["effect"] in ("data-loss", "drive-loss")]
                for role, v in dev["verdicts"].items():
                    if fatal:
                        results.append((f"{name} {label}: {role} fails on the firmware advisory",
                                        v["status"] == "fail" and
                                        v["reasons"][0].startswith("FIRMWARE " + fatal[0]["id"]),
                                        f"{v}"))
                        continue
                    held = [r for r in v["reasons"] if "endurance" in r or "% of rated" in r]
                    if dev["health"]["status"] == "unknown":
                        # nothing unread passes (docs/design.md): a dump without the
                        # SMART log warns for that alone, and says so
                        results.append((f"{name} {label}: {role} warns only for its unread "
                                        "health", v["status"] == "warn" and
                                        v["unmeasured"] == ["health"] and
                                        (v["measured_status"] == "pass" or held), f"{v}"))
                        continue
                    results.append((f"{name} {label}: {role} passes", v["status"] == "pass" or
                                    (held and v["status"] == "warn"), f"{v}"))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    bad = [r for r in results if not r[1]]
    for what, _, why in bad:
        print(f"FAIL {what}: {why}")
    print(f"{len(results) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
