#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""compare.py - drivecheck's --prometheus output of one drive against its --json output.

  compare.py PROM JSON VERSION

The two renderers share nothing but the decided report, so every value the Prometheus
text gives (docs/prometheus.md) is checked against the JSON one (docs/json.md): identity,
verdicts, PLP failed and degraded, the write-through hazard, wear, counters, the probe.
Prints one line per failed check and "N passed, M failed"; exits 1 on any failure.
"""
import json
import math
import re
import sys
import time

SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$')
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')
YEAR_S = 8766 * 3600  # DC_HOURS_PER_YEAR (include/thresholds.h): 365.25 days
QUANTILES = (("0.5", "p50_us"), ("0.9", "p90_us"), ("0.99", "p99_us"), ("0.999", "p999_us"),
             ("1", "max_us"))


def parse(path):
    """Samples as (name, labels dict, value), and the TYPE of each family."""
    samples, types = [], {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("# TYPE "):
                _, _, name, kind = line.split(" ", 3)
                types[name] = kind
                continue
            if line.startswith("#") or not line:
                continue
            m = SAMPLE.match(line)
            if not m:
                raise ValueError("not a sample: " + line)
            labels = {k: re.sub(r'\\(.)', lambda x: "\n" if x.group(1) == "n" else x.group(1), v)
                      for k, v in LABEL.findall(m.group(2) or "")}
            samples.append((m.group(1), labels, float(m.group(3))))
    return samples, types


def printable(s):
    return "".join(c if " " <= c < "\x7f" else "?" for c in (s or ""))


class Checker:
    def __init__(self):
        self.passed = self.failed = 0

    def eq(self, what, got, want, rel=0.0):
        if isinstance(want, float) or isinstance(got, float):
            good = got is not None and want is not None and (
                math.isclose(got, want, rel_tol=rel or 1e-9, abs_tol=1e-12))
        else:
            good = got == want
        if good:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL: {what}: prometheus {got!r}, json {want!r}")


def main():
    prom, js, version = sys.argv[1], sys.argv[2], sys.argv[3]
    samples, types = parse(prom)
    with open(js, encoding="utf-8") as f:
        devs = json.load(f)["devices"]
    c = Checker()
    c.eq("one drive in the JSON", len(devs), 1)
    dev = devs[0]

    def values(name, **match):
        return [v for n, lab, v in samples
                if n == name and all(lab.get(k) == w for k, w in match.items())]

    def one(name, **match):
        """The value of the one sample, None when there is none (two is a failure)."""
        vs = values(name, **match)
        c.eq(f"{name}{match}: at most one sample", len(vs) <= 1, True)
        return vs[0] if vs else None

    # the run
    c.eq("build_info version", [lab.get("version") for n, lab, _ in samples
                                if n == "drivecheck_build_info"], [version])
    c.eq("build_info format_version (2: device is the kernel's name)",
         [lab.get("format_version") for n, lab, _ in samples if n == "drivecheck_build_info"],
         ["2"])
    ts = one("drivecheck_last_run_timestamp_seconds")
    c.eq("last run timestamp is now", ts is not None and abs(ts - time.time()) < 300, True)
    # every per-drive sample names this drive, and the same way
    keys = {(lab.get("device"), lab.get("dump")) for n, lab, _ in samples
            if n not in ("drivecheck_build_info", "drivecheck_last_run_timestamp_seconds")}
    c.eq("one drive in the Prometheus text", len(keys), 1)
    # the kernel's name for a /dev node, as node_exporter labels disks; any other path whole
    path = dev["path"]
    want = path[5:] if path.startswith("/dev/") and "/" not in path[5:] else path
    c.eq("device label", {k[0] for k in keys}, {want})
    # conventions docs/prometheus.md promises
    for name, kind in types.items():
        c.eq(f"{name}: _total exactly on counters", name.endswith("_total"), kind == "counter")
        c.eq(f"{name}: no percent", "percent" in name, False)

    readable = "verdicts" in dev
    c.eq("device_read_error", one("drivecheck_device_read_error"), 0.0 if readable else 1.0)
    for role in ("ceph_osd", "ceph_db", "drbd", "zfs_slog", "etcd"):
        want = dev["verdicts"][role]["status"] if readable else "not-checked"
        statuses = {lab["status"]: v for n, lab, v in samples
                    if n == "drivecheck_role_status" and lab.get("role") == role}
        c.eq(f"role_status {role}: the four statuses",
             sorted(statuses), sorted(["pass", "warn", "fail", "not-checked"]))
        c.eq(f"role_status {role}: the one set", [s for s, v in statuses.items() if v == 1],
             [want])
        c.eq(f"role_status {role}: the others 0",
             sorted(v for s, v in statuses.items() if s != want), [0.0, 0.0, 0.0])
        if readable:
            # what the verdict could not weigh: the JSON's unmeasured, one series each
            missing = {lab["what"]: v for n, lab, v in samples
                       if n == "drivecheck_role_unmeasured" and lab.get("role") == role}
            c.eq(f"role_unmeasured {role}: flush-cost and health, each 0 or 1",
                 sorted(missing), ["flush-cost", "health"])
            c.eq(f"role_unmeasured {role}: as the JSON's unmeasured",
                 sorted(w for w, v in missing.items() if v == 1),
                 sorted(dev["verdicts"][role]["unmeasured"]))
    if not readable:
        others = {n for n, lab, _ in samples if "device" in lab} - {
            "drivecheck_device_read_error", "drivecheck_role_status"}
        c.eq("an unreadable drive has nothing else", sorted(others), [])
        return c

    info = [lab for n, lab, v in samples if n == "drivecheck_drive_info" and v == 1]
    c.eq("one drive_info of value 1", len(info) == 1 and len(values("drivecheck_drive_info")) == 1,
         True)
    if info:
        for label, key in (("vendor", "vendor"), ("model", "model"), ("serial", "serial"),
                           ("firmware", "firmware"), ("transport", "transport")):
            c.eq(f"drive_info {label}", info[0].get(label), printable(dev.get(key)))
        c.eq("drive_info plp_class", info[0].get("plp_class"), dev["plp"]["class"])
    health = {lab["status"]: v for n, lab, v in samples if n == "drivecheck_health_status"}
    c.eq("health_status: the four statuses", sorted(health),
         sorted(["ok", "warning", "failing", "unknown"]))
    c.eq("health_status: the one set", [s for s, v in health.items() if v == 1],
         [dev["health"]["status"]])
    adv = sorted((lab["advisory"], lab["effect"]) for n, lab, v in samples
                 if n == "drivecheck_firmware_advisory" and v == 1)
    c.eq("firmware_advisory: one per advisory of --json", adv,
         sorted((a["id"], a["effect"]) for a in dev.get("advisories", [])))
    kinds = [e["kind"] for e in dev["plp_evidence"]]
    c.eq("plp_failed", one("drivecheck_plp_failed"), 1.0 if "plp-failed" in kinds else 0.0)
    c.eq("plp_degraded", one("drivecheck_plp_degraded"), 1.0 if "plp-degraded" in kinds else 0.0)
    hazard = any(r.startswith("HAZARD") for v in dev["verdicts"].values() for r in v["reasons"])
    c.eq("write_through_hazard", one("drivecheck_write_through_hazard"), 1.0 if hazard else 0.0)
    enabled = dev["write_cache"]["enabled"]
    c.eq("volatile_write_cache_enabled", one("drivecheck_volatile_write_cache_enabled"),
         None if enabled is None else float(enabled))
    c.eq("capacity_bytes", one("drivecheck_capacity_bytes"),
         float(dev["capacity_bytes"]) if dev["capacity_bytes"] else None)

    w = dev["wear"]

    def scaled(key, factor):
        return None if w.get(key) is None else float(w[key]) * factor
    c.eq("endurance_used_ratio", one("drivecheck_endurance_used_ratio"),
         scaled("percent_used", 0.01))
    c.eq("host_written_bytes_total", one("drivecheck_host_written_bytes_total"),
         scaled("host_written_bytes", 1))
    c.eq("power_on_seconds_total", one("drivecheck_power_on_seconds_total"),
         scaled("power_on_hours", 3600))
    c.eq("unsafe_shutdowns_total", one("drivecheck_unsafe_shutdowns_total"),
         scaled("unsafe_shutdowns", 1))
    c.eq("media_errors_total", one("drivecheck_media_errors_total"), scaled("media_errors", 1))
    t = dev["smart"].get("temperature_c")
    c.eq("temperature_celsius", one("drivecheck_temperature_celsius"),
         None if t is None else float(t))
    # endurance_years_left (1.3) is the same figure, to 0.01
    years = dev.get("endurance_years_left")
    left = one("drivecheck_endurance_remaining_seconds")
    c.eq("endurance_remaining_seconds present", left is not None, years is not None)
    if left is not None and years is not None:
        c.eq("endurance_remaining_seconds", abs(left / YEAR_S - years) <= 0.005 + 1e-9, True)

    p = dev["probe"]
    ran = p.get("mode") is not None
    c.eq("probe_duration_seconds", one("drivecheck_probe_duration_seconds"),
         float(p["duration_s"]) if ran else None, rel=1e-6)
    for sync, key in (("dsync", "sync"), ("fdatasync", "flush"), ("none", "nosync")):
        lat = p.get(key) if ran else None
        name = "drivecheck_probe_write_latency_seconds"
        if not lat or not lat["count"]:
            c.eq(f"latency {sync}: none",
                 values(name, sync=sync) + values(name + "_count", sync=sync), [])
            continue
        for q, k in QUANTILES:
            c.eq(f"latency {sync} quantile {q}", one(name, sync=sync, quantile=q),
                 lat[k] / 1e6, rel=1e-6)
        c.eq(f"latency {sync} count", one(name + "_count", sync=sync), float(lat["count"]))
        c.eq(f"latency {sync} sum", one(name + "_sum", sync=sync),
             lat["mean_us"] * lat["count"] / 1e6, rel=1e-6)
    return c


if __name__ == "__main__":
    res = main()
    print(f"{sys.argv[1]}: {res.passed} passed, {res.failed} failed")
    sys.exit(1 if res.failed else 0)
