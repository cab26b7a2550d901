#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""mkjson.py - a real smartctl -x text report of an ATA drive, in smartctl -x -j's layout.

Some smartctl -j cases have no published sample (a raw value past 48 bits, a drive whose
health says FAILED!, the Device Statistics of a drive that counts them). This writes the
JSON smartctl 7.x prints for the same drive, from the numbers of a real text report only:
what the report does not show is left out, never made up. The layout is smartmontools
7.x's ataprint.cpp (as in the published samples of data/import/smartctl-json): identity,
user_capacity, block sizes, rotation_rate, write_cache, smart_status,
ata_smart_attributes.table[] (raw.value is the integer smartctl computes, 56 bits for the
hex56/raw56 formats, raw.string what it printed), power_on_time (attribute 9 in hours),
ata_device_statistics.pages[]. Not temperature: which of the report's readings smartctl
puts there (SCT status or an attribute) the text does not say.

  tests/import/mkjson.py REPORT.txt > OUT.json      (data/import/smartctl-json/SOURCE.md)
"""
import json
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures"))
from smartctl_report import attr_flags, parse_smartctl, raw_from_smartctl  # noqa: E402

FLAG_NAMES = (("P", "prefailure"), ("O", "updated_online"), ("S", "performance"),
              ("R", "error_rate"), ("C", "event_count"), ("K", "auto_keep"))


def raw_value(s):
    """smartctl's raw.value for a printed RAW_VALUE: 56 bits for hex56 (0x + 14 digits)."""
    m = re.fullmatch(r"0x([0-9a-fA-F]{13,14})", s)
    if m:
        return int(m.group(1), 16)
    return int.from_bytes(raw_from_smartctl(s)[0], "little")


def attributes(text, r):
    when = {}
    for m in re.finditer(r"^\s*(\d+)\s+\S+\s+[-POSRCK]{6}\+?\s+\d+\s+\d+\s+(?:\d+|---)\s+(\S+)",
                         text, re.M):
        when[int(m.group(1))] = {"-": "", "NOW": "now", "Past": "past"}.get(m.group(2), "")
    table = []
    for a in r["attributes"]:
        e = {"id": a["id"], "name": a["name"], "value": a["value"], "worst": a["worst"]}
        if a["thresh"] is not None:
            e["thresh"] = a["thresh"]
        e["when_failed"] = when.get(a["id"], "")
        f = {"value": attr_flags(a["flags"]), "string": a["flags"] + " "}
        for ch, name in FLAG_NAMES:
            f[name] = ch in a["flags"]
        e["flags"] = f
        e["raw"] = {"value": raw_value(a["raw"]), "string": a["raw"]}
        table.append(e)
    rev = re.search(r"SMART Attributes Data Structure revision number:\s*(\d+)", text)
    return {"revision": int(rev.group(1)) if rev else 1, "table": table}


def device_statistics(text):
    """smartctl -x's "Device Statistics (GP Log 0x04)" section as its JSON pages."""
    sect = re.search(r"^Device Statistics \((?:GP|SMART) Log 0x04\)\n(.*?)^\s*\|\|\|_", text,
                     re.M | re.S)
    if not sect:
        return None
    pages = []
    for line in sect.group(1).splitlines():
        m = re.match(r"0x([0-9a-f]{2})  =====  =\s+=  ===  == (.*?) \(rev (\d+)\) ==$", line)
        if m:
            pages.append({"number": int(m.group(1), 16), "name": m.group(2),
                          "revision": int(m.group(3)), "table": []})
            continue
        m = re.match(r"0x([0-9a-f]{2})  0x([0-9a-f]{3})  (\d)\s+(-?\d+|-)\s+([-NDC]{3})(\+?)\s+(.*?)\s*$",
                     line)
        if not m or not pages:
            continue
        valid = m.group(4) != "-"
        flags = m.group(5)
        fv = 0x80 | (0x40 if valid else 0) | (0x20 if flags[0] == "N" else 0) | \
            (0x10 if flags[1] == "D" else 0) | (0x08 if flags[2] == "C" else 0)
        e = {"offset": int(m.group(2), 16), "name": m.group(7), "size": int(m.group(3))}
        if valid:
            e["value"] = int(m.group(4))
        e["flags"] = {"value": fv, "string": ("V" if valid else "-") + flags + " ",
                      "valid": valid, "normalized": flags[0] == "N",
                      "supports_dsn": flags[1] == "D", "monitored_condition_met": flags[2] == "C"}
        pages[-1]["table"].append(e)
    return {"pages": pages}


def build(text):
    """The smartctl -x -j document of the report TEXT, as a dict (tests/ceph-health too)."""
    r = parse_smartctl(text)
    banner = re.match(r"smartctl (\d+)\.(\d+) \S+ r(\d+) \[(.*?)\] (\(.*?\))", text)
    out = {"json_format_version": [1, 0],
           "smartctl": {"version": [int(banner.group(1)), int(banner.group(2))],
                        "svn_revision": banner.group(3), "platform_info": banner.group(4),
                        "build_info": banner.group(5),
                        "argv": ["smartctl", "-x", "-j", "/dev/sda"], "exit_status": 0},
           "device": {"name": "/dev/sda", "info_name": "/dev/sda [SAT]", "type": "sat",
                      "protocol": "ATA"}}
    if r["family"]:
        out["model_family"] = r["family"]
    out["model_name"] = r["model"]
    out["serial_number"] = r["serial"]
    out["firmware_version"] = r["firmware"]
    out["user_capacity"] = {"blocks": r["capacity_bytes"] // r.get("logical_block_bytes", 512),
                            "bytes": r["capacity_bytes"]}
    if "logical_block_bytes" in r:
        out["logical_block_size"] = r["logical_block_bytes"]
        out["physical_block_size"] = r["physical_block_bytes"]
    if r.get("rotation"):
        out["rotation_rate"] = 0 if r["rotation"] == 1 else r["rotation"]
    if r["write_cache"] is not None and r["write_cache_supported"]:
        out["write_cache"] = {"enabled": r["write_cache"]}
    if r["health_passed"] is not None:
        out["smart_status"] = {"passed": r["health_passed"]}
    out["ata_smart_attributes"] = attributes(text, r)
    for a in r["attributes"]:
        if a["id"] == 9 and re.fullmatch(r"\d+", a["raw"]):
            out["power_on_time"] = {"hours": int(a["raw"])}
    ds = device_statistics(text)
    if ds:
        out["ata_device_statistics"] = ds
    return out


def main():
    text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
    json.dump(build(text), sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
