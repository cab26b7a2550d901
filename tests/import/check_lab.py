#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_lab.py - the QEMU lab's drives, imported, against drivecheck's own read of them.

data/e2e/ref/<serial>/ holds, for each emulated drive, `drivecheck --json --no-probe` of
it and, taken just after, what smartctl -x -j (SATA, SCSI) or nvme-cli id-ctrl, id-ns,
smart-log -o json and get-feature -f 6 (NVMe) said of the same drive in the guest. Those
tool outputs go through `drivecheck import`; what comes out must equal what drivecheck
read from the drive itself, field by field, except what the format does not carry, which
must come out unknown (JSON null), never as another value:
  - identity, capacity and block sizes, everywhere;
  - the volatile write cache: nvme-cli (id-ctrl's VWC, feature 0x06) and smartctl -x -j of
    an ATA drive carry it; smartctl's JSON of a SCSI drive does not (null);
  - wear and every ATA attribute (value, worst, threshold, raw) and NVMe health field
    that does not move between the two reads (the command counters do: the tools' own
    commands are counted).

  tests/import/check_lab.py DRIVECHECK        prints "N passed, N failed"
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL_FILES = ("smartctl.json", "id-ctrl.json", "id-ns.json", "smart-log.json", "feature-6.txt")
# Counters the tools' own commands move between drivecheck's read and theirs.
MOVING_HEALTH = {"host_reads", "host_writes", "data_units_read", "data_units_written",
                 "error_log_entries"}


def main():
    dc = sys.argv[1]
    results = []
    for ref in sorted(glob.glob(os.path.join(TOP, "data/e2e/ref/*/"))):
        name = os.path.basename(ref.rstrip("/"))
        live = json.load(open(os.path.join(ref, "drivecheck.json")))["devices"][0]
        with tempfile.TemporaryDirectory() as tmp:
            n = 0
            for f in TOOL_FILES:
                src = os.path.join(ref, f)
                if os.path.exists(src) and os.path.getsize(src):
                    shutil.copy(src, tmp)
                    n += 1
            out = subprocess.run([dc, "import", "--json", tmp], capture_output=True, text=True)
            doc = json.loads(out.stdout)
        devs = [d for d in doc["devices"] if "verdicts" in d]

        def eq(what, got, want):
            results.append((name, what, got == want, f"import {got!r}, live {want!r}"))

        eq("one drive from its files", (len(devs), len(doc["devices"])), (1, 1))
        if len(devs) != 1:
            continue
        imp = devs[0]
        for k in ("model", "serial", "firmware", "capacity_bytes", "logical_block_bytes"):
            eq(k, imp[k], live[k])
        # Identify Namespace and smartctl's SCSI JSON do not give the physical block size
        # (the kernel works it out): unknown there, never another number.
        pbs = imp["physical_block_bytes"]
        results.append((name, "physical block", pbs == live["physical_block_bytes"] or
                        (pbs is None and live["protocol"] in ("nvme", "scsi")),
                        f"import {pbs!r}, live {live['physical_block_bytes']!r}"))
        scsi = live["protocol"] == "scsi"
        for k in ("present", "enabled"):
            want = None if scsi else live["write_cache"][k]
            eq("write cache " + k, imp["write_cache"][k], want)
        for k in ("percent_used", "power_on_hours", "unsafe_shutdowns", "media_errors"):
            if live["wear"].get(k) is not None:
                eq("wear " + k, imp["wear"].get(k), live["wear"][k])
        la = {a["id"]: a for a in live["smart"].get("ata_attributes") or []}
        ia = {a["id"]: a for a in imp["smart"].get("ata_attributes") or []}
        eq("ata attribute ids", sorted(ia), sorted(la))
        for i, a in la.items():
            for k in ("value", "worst", "threshold", "raw"):
                if i in ia:
                    eq(f"attr {i} {k}", ia[i][k], a[k])
        lh, ih = live["smart"].get("nvme_health"), imp["smart"].get("nvme_health")
        if lh:
            for k, v in lh.items():
                if k not in MOVING_HEALTH:
                    eq("nvme health " + k, (ih or {}).get(k), v)
        eq("plp class", imp["plp"]["class"], live["plp"]["class"])
    bad = [r for r in results if not r[2]]
    for name, what, _, why in bad:
        print(f"FAIL {name}: {what}: {why}")
    print(f"check_lab: {len(results) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
