#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""lab.py - the e2e lab's host side: choose drive models from the database (pick), and
judge what drivecheck said in the guest, or on a replay of the guest's dumps (check).

The checks are relationships, not snapshots, because the database is still being filled:
"a model the database calls full PLP whose flushes are slow shows a contradiction",
"a drive that is not full PLP in the database and gives no PLP evidence is never full",
"a cached drive the kernel runs in 'write through' without PLP is a HAZARD and fails".
A drive whose chosen model no longer has the class its case needs is a failure that
says so (re-record with tests/e2e/run.sh --record), never a silent pass.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

# The drives. Serials (20 characters at most: QEMU's ide-hd limit) name the case; the
# host finds nothing by device name, the guest finds disks by serial.
# bus: nvme | sata | virtio-scsi | lsi | tcp; wc: the device's write-cache property;
# flush: slow (nbdkit cache+delay filters, ~2 ms per flush with dirty data) or fast.
# want: which database answer the case needs for its model ("full", "not-full", "any").
DRIVES = [
    # serial                  bus            want        wc     flush
    ("DCE2E-NVME-WB-FAST",    "nvme",        "any",      "on",  "fast"),
    ("DCE2E-NVME-WC-OFF",     "nvme",        "any",      "off", "fast"),
    ("DCE2E-NVME-WB-SLOW",    "nvme",        "any",      "on",  "slow"),
    ("DCE2E-SATA-PLP-SLOW",   "sata",        "full",     "on",  "slow"),
    ("DCE2E-SATA-PLP-FAST",   "sata",        "full",     "on",  "fast"),
    ("DCE2E-SATA-CONS-FAST",  "sata",        "sourced-not-full", "on", "fast"),
    ("DCE2E-SATA-CONS-SLOW",  "sata",        "not-full", "on",  "slow"),
    ("DCE2E-SATA-CONS-WT",    "sata",        "not-full", "on",  "fast"),
    ("DCE2E-SATA-CONS-WCOFF", "sata",        "not-full", "off", "fast"),
    ("DCE2E-SCSI-VIRTIO",     "virtio-scsi", "any",      "on",  "fast"),
    ("DCE2E-SCSI-LSI",        "lsi",         "any",      "off", "fast"),
    ("DCE2E-TCP-PLP",         "tcp",         "full",     "on",  "fast"),
]

# Real model strings, in order of preference, per case. The first whose database class
# fits the case is used; if none fits, the database's own examples are searched.
CANDIDATES = {
    "DCE2E-SATA-PLP-SLOW": ["Micron_5100_MTFDDAK480TCB", "INTEL SSDSC2KB960G8",
                            "INTEL SSDSC2KB960G7", "SAMSUNG MZ7LH960HAJR-00005"],
    "DCE2E-SATA-PLP-FAST": ["INTEL SSDSC2KB960G8", "INTEL SSDSC2KB960G7",
                            "SAMSUNG MZ7LH960HAJR-00005", "Micron_5100_MTFDDAK960TCB"],
    "DCE2E-SATA-CONS-FAST": ["CT1000MX500SSD1", "Samsung SSD 860 EVO 1TB"],
    "DCE2E-SATA-CONS-SLOW": ["Samsung SSD 870 EVO 1TB", "SanDisk SDSSDH3500G"],
    "DCE2E-SATA-CONS-WT": ["Samsung SSD 860 EVO 1TB", "CT500MX500SSD1"],
    "DCE2E-SATA-CONS-WCOFF": ["SanDisk SDSSDH3500G", "CT2000MX500SSD1"],
    # SCSI: vendor (8 characters), product (16).
    "DCE2E-SCSI-VIRTIO": [("SAMSUNG", "MZILT3T8HBLS/007")],
    "DCE2E-SCSI-LSI": [("HGST", "HUSMM1640ASS204")],
    "DCE2E-TCP-PLP": ["Micron_7450_MTFDKCC960TFR", "SAMSUNG MZQL23T8HCLS-00A07",
                      "INTEL SSDPE2MX400G4"],
}
QEMU_NVME_MODEL = "QEMU NVMe Ctrl"
# drivecheck's flush bounds (include/thresholds.h): sync p50 fast <= F, slow >= S, in us.
BOUNDS = {"nvme": (200.0, 1000.0), "sata": (800.0, 1500.0), "sas": (800.0, 1500.0)}
OTHER_BOUNDS = (800.0, 1500.0)
STATUS_EXIT = {"pass": 0, "warn": 1, "fail": 2}


def lookup(drivecheck, models):
    """The database's answer for each model: {model: match-dict or None}."""
    if not models:
        return {}
    p = subprocess.run([drivecheck, "lookup", "--json", *models], capture_output=True,
                       text=True, check=False)
    if p.returncode not in (0, 3):
        raise RuntimeError(f"drivecheck lookup exited {p.returncode}: {p.stderr.strip()}")
    return {r["query"]: r["match"] for r in json.loads(p.stdout)["results"]}


def fits(want, match, interface):
    plp = match["plp"] if match else None
    if match and interface and match["interface"] != interface:
        return False
    if want == "full":
        return plp == "full"
    if want == "not-full":
        return plp != "full" and (match is None or match["class"] == "client")
    if want == "sourced-not-full":
        return plp in ("none", "data-at-rest") and match["class"] == "client"
    return True


def db_examples(db_dir):
    """(example model, interface) pairs from db/vendors/*.txt."""
    out = []
    for path in sorted(glob.glob(os.path.join(db_dir, "*.txt"))):
        interface = None
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = re.match(r"^(family|interface|example):\s*(.*?)\s*$", line)
                if not m:
                    continue
                if m.group(1) == "family":
                    interface = None
                elif m.group(1) == "interface":
                    interface = m.group(2)
                else:
                    out.append((m.group(2), interface))
    return out


def cmd_pick(a):
    manifest = []
    iface_of = {"sata": "sata", "tcp": "nvme"}
    for serial, bus, want, wc, flush in DRIVES:
        entry = {"serial": serial, "bus": bus, "want": want, "wc": wc, "flush": flush,
                 "vendor": "", "model": QEMU_NVME_MODEL if bus == "nvme" else ""}
        if bus in ("virtio-scsi", "lsi"):
            entry["vendor"], entry["model"] = CANDIDATES[serial][0]
        elif bus in ("sata", "tcp"):
            interface = iface_of[bus]
            cands = CANDIDATES[serial]
            answers = lookup(a.drivecheck, cands)
            chosen = next((m for m in cands if fits(want, answers[m], interface)), None)
            if chosen is None:
                # Pick from the database's own examples (40 characters fit an ATA model).
                ex = [m for m, i in db_examples(a.db_dir) if i == interface and len(m) <= 40]
                answers = lookup(a.drivecheck, ex)
                chosen = next((m for m in ex if fits(want, answers[m], interface)), None)
            if chosen is None:
                print(f"lab.py: the database has no {interface} model that is '{want}' "
                      f"for {serial}", file=sys.stderr)
                return 1
            entry["model"] = chosen
        manifest.append(entry)
        print("|".join([serial, bus, entry["model"], entry["vendor"], wc, flush]))
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump({"drives": manifest}, f, indent=1)
    return 0


def cmd_check(a):
    print(open(os.path.join(a.results, "guest.log")).read())
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pick", help="choose models; print the drive list for run.sh")
    p.add_argument("--drivecheck", required=True)
    p.add_argument("--db-dir", required=True)
    p.add_argument("--out", required=True, help="manifest.json to write")
    p.set_defaults(fn=cmd_pick)
    p = sub.add_parser("check", help="judge a results folder")
    p.add_argument("--drivecheck", required=True)
    p.add_argument("--results", required=True)
    p.add_argument("--live", action="store_true",
                   help="the guest's own results (gates, write-through run, replay compare)")
    p.set_defaults(fn=cmd_check)
    a = ap.parse_args()
    return a.fn(a)


if __name__ == "__main__":
    sys.exit(main())
