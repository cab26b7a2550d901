#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_reports.py - the fixtures rebuilt from real smartctl reports, held against the reports.

An anchor outside the program: for every data/dumps/*/smartctl.txt, what `drivecheck
--replay DIR --json` decodes from the rebuilt pages must equal what the report itself
prints: identity, capacity, block sizes, power-on hours, bytes written, wear, temperature,
unsafe shutdowns, and every ATA attribute's value, worst, threshold and (plain) raw value.
The report's numbers are read here with nothing but regular expressions, and units come
from smartctl's own attribute names ("Total_LBAs_Written", "Host_Writes_32MiB", ...), not
from drivecheck's table.

  tests/replay/check_reports.py DRIVECHECK [DIR...]     prints "N passed, N failed"
"""
import glob
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "tools"))
from smartctl_report import ata_attributes, field, num  # noqa: E402  (tools/smartctl_report.py)

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Units smartctl's names imply for a host-writes attribute's raw value, in bytes.
WRITE_UNITS = [
    (re.compile(r"^(Total_LBAs_Written|Host_Writes_LBA|LBAs_Written|Total_Host_Sector_Write)$"), 512),
    (re.compile(r"^Host_Writes_MiB$"), 1 << 20),
    (re.compile(r"^Host_Writes_32MiB$"), 32 << 20),
    (re.compile(r"^(Host_Writes_GiB|Lifetime_Writes_GiB|Total_Writes_GiB)$"), 1 << 30),
]


def device_statistics(text):
    """The valid entries of smartctl -x's "Device Statistics (GP Log 0x04)": {(page, offset):
    value}. ("0x01  0x010  4           14946  ---  Power-on Hours"; a value "-" is not valid.)"""
    return {(int(m.group(1), 16), int(m.group(2), 16)): int(m.group(3))
            for m in re.finditer(r"^0x([0-9a-f]{2})  0x([0-9a-f]{3})  \d\s+(-?\d+)\s+[-NDC]{3}",
                                 text, re.M)}


def health_line(text):
    """The drive's own verdict as smartctl prints it: "passed", "failed", or None when the
    report has none, or only smartctl's own attribute check ("based on an Attribute
    check": not the drive's word)."""
    m = re.search(r"^SMART overall-health self-assessment test result: (\S+)", text, re.M)
    if m and "based on an Attribute check" not in text:
        return "passed" if m.group(1) == "PASSED" else "failed"
    m = re.search(r"^SMART Health Status: (.*)$", text, re.M)
    if m:
        return "passed" if m.group(1).strip() == "OK" else "failed"
    return None


def check(dc, d, results):
    rep = open(os.path.join(d, "smartctl.txt"), encoding="utf-8", errors="replace").read()
    name = os.path.basename(d.rstrip("/"))
    out = subprocess.run([dc, "--replay", d, "--json"], capture_output=True, text=True)
    if out.returncode != 0:
        results.append((name, "replay", False, f"exit {out.returncode}"))
        return
    compare(rep, json.loads(out.stdout)["devices"][0], name, results)


_PRESETS = {}
# Where Debian's smartctl 7.3 (drive database 7.3/5319) predates a family, the names of
# smartmontools' drive database at commit f1d0da9c (drivedb/drivedb.h, the line of each
# "-v 241" option; the project cites this commit elsewhere) stand in for it.
DRIVEDB_F1D0DA9C = [
    (re.compile(r"(INTEL|SOLIDIGM) SSDSC(2K|KK)(B|G)(240G|480G|960G|019T|038T|076T)[78Z].?"),
     {241: "Host_Writes_32MiB"}),                                  # line 2022
    (re.compile(r"KINGSTON SEDC(450R|500[MR]|600ME?)(480|960|1920|3840|7680)G"),
     {241: "Lifetime_Writes_GiB"}),                                # line 1168
    (re.compile(r"WDC  ?WDS((120|240|250|400|480|500)G|[124]00T)(1B|2B|[1235]G|[12]R)0[AB](-.*)?"),
     {241: "Host_Writes_GiB"}),                                    # line 5666
]


def drivedb_names(model, firmware):
    """The attribute names of smartmontools' current drive database for this drive
    (`smartctl -P showall MODEL FIRMWARE`): an old smartctl in a report may name an
    attribute generically ("Total_LBAs_Written") where the current database gives its
    unit ("Host_Writes_32MiB"). Needs smartctl (Debian's smartmontools)."""
    key = (model, firmware)
    if key not in _PRESETS:
        out = subprocess.run(["smartctl", "-P", "showall", model, firmware or ""],
                             capture_output=True, text=True).stdout
        names, on = {}, False
        for line in out.splitlines():
            if line.startswith("ATTRIBUTE OPTIONS:"):
                on, line = True, line[len("ATTRIBUTE OPTIONS:"):]
            elif on and not line.startswith(" "):
                on = False
            m = re.match(r"\s*(\d+) (\S+)", line) if on else None
            if m:
                names[int(m.group(1))] = m.group(2)
        if not names:
            for rx, known in DRIVEDB_F1D0DA9C:
                if rx.fullmatch(model or ""):
                    names = dict(known)
        _PRESETS[key] = names
    return _PRESETS[key]


def compare(rep, dev, name, results):
    """Every number of the report against drivecheck's JSON device object (replay or import)."""
    def eq(what, got, want):
        results.append((name, what, got == want, f"drivecheck {got!r}, report {want!r}"))

    model = field(rep, "Device Model") or field(rep, "Model Number") or field(rep, "Product")
    eq("model", dev["model"], model)
    fw = field(rep, "Firmware Version") or field(rep, "Revision")
    if fw:
        eq("firmware", dev["firmware"], fw)
    cap = field(rep, "User Capacity") or field(rep, "Total NVM Capacity") or \
        field(rep, "Namespace 1 Size/Capacity")
    if cap:
        eq("capacity", dev["capacity_bytes"], num(cap.split("[")[0].split("/")[0].replace("bytes", "")))
    sec = field(rep, "Sector Sizes") or field(rep, "Sector Size")
    if sec:
        m = re.match(r"(\d+) bytes logical(?:, (\d+) bytes physical)?", sec)
        if m:
            eq("logical block", dev["logical_block_bytes"], int(m.group(1)))
            eq("physical block", dev["physical_block_bytes"], int(m.group(2) or m.group(1)))
    wear = dev["wear"]
    # the drive's own verdict, and a failing one fails every role
    said = health_line(rep)
    h = dev.get("health") or {}
    if said is not None:
        eq("health: the drive's self-assessment", h.get("self_assessment"), said)
        if said == "failed":
            results.append((name, "health: a drive that says FAILED is failing, every role fails",
                            h.get("status") == "failing" and
                            all(v["status"] == "fail" for v in dev["verdicts"].values()),
                            f"health {h.get('status')!r}, "
                            f"{[v['status'] for v in dev['verdicts'].values()]}"))
    if field(rep, "Power On Hours"):                     # NVMe
        eq("power-on hours", wear["power_on_hours"], num(field(rep, "Power On Hours")))
        duw = field(rep, "Data Units Written")
        eq("bytes written", wear["host_written_bytes"], num(duw.split("[")[0]) * 512000)
        eq("percentage used", wear["percent_used"], num(field(rep, "Percentage Used").rstrip("%")))
        eq("unsafe shutdowns", wear["unsafe_shutdowns"], num(field(rep, "Unsafe Shutdowns")))
        eq("media errors", wear["media_errors"],
           num(field(rep, "Media and Data Integrity Errors")))
        t = re.match(r"(\d+) Celsius", field(rep, "Temperature") or "")
        if t:
            eq("temperature", dev["smart"]["temperature_c"], int(t.group(1)))
        h = dev["smart"]["nvme_health"]
        eq("available spare", h["available_spare"], num(field(rep, "Available Spare").rstrip("%")))
        eq("power cycles", h["power_cycles"], num(field(rep, "Power Cycles")))
        return
    rows = ata_attributes(rep)
    # Device Statistics, the standard place for hours and writes (docs/health.md): what
    # its entries print is a figure of the report too.
    ds = device_statistics(rep)
    # WHEN_FAILED: every attribute smartctl shows failing now or in the past is one of
    # drivecheck's health problems, at the same time, and no other
    failed = sorted((i, r["when"]) for i, r in rows.items() if r["when"])
    probs = sorted((p["id"], p["when"]) for p in h.get("problems") or []
                   if p["kind"] == "attribute")
    eq("health: the attributes failing now and in the past (WHEN_FAILED)", probs, failed)
    if (7, 0x08) in ds:                                  # Percentage Used Endurance Indicator
        eq("percentage used (Device Statistics)", wear["percent_used"], ds[(7, 0x08)])
    lbs = int(re.match(r"(\d+)", sec).group(1)) if sec and re.match(r"(\d+)", sec) else 512
    got = {a["id"]: a for a in dev["smart"]["ata_attributes"]}
    eq("attribute ids", sorted(got), sorted(rows))
    for i, r in rows.items():
        a = got.get(i)
        if not a:
            continue
        eq(f"attr {i} value", a["value"], r["value"])
        eq(f"attr {i} worst", a["worst"], r["worst"])
        if r["thresh"] is not None:
            eq(f"attr {i} threshold", a["threshold"], r["thresh"])
        if re.fullmatch(r"\d+", r["raw"]):
            eq(f"attr {i} raw", a["raw"], int(r["raw"]))
        if i == 9 and r["name"] == "Power_On_Hours" and re.fullmatch(r"\d+", r["raw"]):
            hours = {int(r["raw"])} | ({ds[(1, 0x10)]} if (1, 0x10) in ds else set())
            results.append((name, "power-on hours", wear["power_on_hours"] in hours,
                            f"drivecheck {wear['power_on_hours']!r}, report {sorted(hours)}"))
        if i in (194, 190) and "Temp" in r["name"] and (i == 194 or 194 not in rows):
            t = re.match(r"(\d+)", r["raw"])
            if t:
                eq("temperature", dev["smart"]["temperature_c"], int(t.group(1)))
    # Bytes written: where drivecheck decodes them, they are one of the host-writes
    # attributes the report names with a unit, times that unit.
    names = drivedb_names(model, fw)
    written = {int(r["raw"]) * unit for i, r in rows.items() for pat, unit in WRITE_UNITS
               if pat.match(names.get(i, r["name"])) and re.fullmatch(r"\d+", r["raw"])}
    if (1, 0x18) in ds:                                  # Logical Sectors Written
        written.add(ds[(1, 0x18)] * lbs)
    # A report that names no host-writes attribute with a unit prints no bytes written.
    if wear["host_written_bytes"] is not None and written:
        results.append((name, "bytes written", wear["host_written_bytes"] in written,
                        f"drivecheck {wear['host_written_bytes']}, report {sorted(written)}"))


def main():
    dc = sys.argv[1]
    dirs = sys.argv[2:] or sorted(os.path.dirname(p) for p in
                                  glob.glob(os.path.join(TOP, "data/dumps/*/smartctl.txt")))
    results = []
    for d in dirs:
        check(dc, d, results)
    bad = [r for r in results if not r[2]]
    for name, what, _, why in bad:
        print(f"FAIL {name}: {what}: {why}")
    print(f"{len(results) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
