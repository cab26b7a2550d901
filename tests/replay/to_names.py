#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""to_names.py - a dump of format 1.0-1.2 rewritten as 1.3 (docs/dump-format.md).

Usage: to_names.py OLD_DIR NEW_DIR
Exits 2, writing nothing, when OLD_DIR is already 1.3 or later (names).
Writes NEW_DIR/device.json with the enums by name ("yes", "raw") and each page's result,
and links NEW_DIR/pages to OLD_DIR/pages. Made apart from drivecheck's own writer, so that
tests/replay/run.sh can replay both and hold them to the same output: an old dump and the
same dump in the new form mean the same.
"""
import errno
import json
import os
import sys

TRI = {-1: "unknown", 0: "no", 1: "yes"}
MODE = {0: "not-run", 1: "file", 2: "raw"}


def result(err, protocol):
    if err == 0:
        return {"result": "ok"}
    if err == -40960:
        return {"result": "not-in-input"}
    if err < 0:
        return {"result": "errno", "errno": errno.errorcode[-err]}
    if protocol == "nvme":
        return {"result": "nvme-status", "nvme_status": err}
    out = {"result": "scsi", "scsi_status": 2 if err & 0x10000 else err & 0x7e,
           "host_status": 0, "driver_status": 0}
    if err & 0x10000:
        out["sense"] = {"format": "fixed", "deferred": False, "key": err & 0x0f}
    return out


def probe(p):
    if p and "mode" in p:
        p["mode"] = MODE[p["mode"]]
    return p


def main(argv):
    old, new = argv[1], argv[2]
    with open(os.path.join(old, "device.json"), encoding="utf-8") as f:
        doc = json.load(f)
    if doc["dump_format_version"][1] >= 3:
        # 1.3 and later (1.4: availability) already hold names: nothing to rewrite
        print("to_names.py: %s is already 1.%d, by name" % (old, doc["dump_format_version"][1]),
              file=sys.stderr)
        return 2
    doc["dump_format_version"] = [1, 3]
    dev = doc["device"]
    for key in ("rotational", "kernel_fua"):
        if key in dev:
            dev[key] = TRI[dev[key]]
    for pg in doc.get("pages", []):
        err = pg.pop("error", -errno.EIO)
        pg.update(result(err, dev.get("protocol")))
    probe(doc.get("probe"))
    trial = doc.get("cache_experiment")
    if trial:
        for key in ("off_honoured", "restored"):
            if key in trial:
                trial[key] = TRI[trial[key]]
        probe(trial.get("probe"))
    os.makedirs(new, exist_ok=True)
    with open(os.path.join(new, "device.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
    if os.path.isdir(os.path.join(old, "pages")):
        os.symlink(os.path.abspath(os.path.join(old, "pages")), os.path.join(new, "pages"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
