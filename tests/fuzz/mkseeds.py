#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# mkseeds.py - seed corpora for the fuzz targets, from the captured drives in data/dumps:
# each dump's pages in the order a target reads them, each as a 2-byte little-endian
# length and its bytes (tests/fuzz/fuzz_pages.h). Usage: mkseeds.py DUMPS OUTDIR
import os
import struct
import sys

PAGES = {
    "nvme": ["nvme-id-ctrl", "nvme-id-ns", "nvme-feat-vwc", "nvme-feat-vwc-cap",
             "nvme-log-smart", "nvme-log-c0"],
    "ata": ["ata-smart-blob", "ata-identify", "ata-smart-data", "ata-smart-thresholds"],
    "scsi": ["scsi-inquiry", "scsi-vpd-80", "scsi-vpd-86", "scsi-mode-08"],
}


def seed(folder, names):
    out = b""
    for name in names:
        path = os.path.join(folder, "pages", name + ".bin")
        if os.path.isfile(path) and not os.path.islink(path):
            data = open(path, "rb").read()[:0xFFFE]
            out += struct.pack("<H", len(data)) + data
        else:
            out += struct.pack("<H", 0xFFFF)  # refused by the device
    return out


def main():
    dumps, outdir = sys.argv[1], sys.argv[2]
    for target, names in PAGES.items():
        os.makedirs(os.path.join(outdir, "seeds-" + target), exist_ok=True)
    os.makedirs(os.path.join(outdir, "seeds-model"), exist_ok=True)
    for dump in sorted(os.listdir(dumps)):
        folder = os.path.join(dumps, dump)
        if not os.path.isdir(os.path.join(folder, "pages")):
            continue
        for target, names in PAGES.items():
            if any(os.path.exists(os.path.join(folder, "pages", n + ".bin")) for n in names):
                with open(os.path.join(outdir, "seeds-" + target, dump), "wb") as f:
                    f.write(seed(folder, names))
        # model seeds: a pattern, a NUL, a model string
        with open(os.path.join(outdir, "seeds-model", dump), "wb") as f:
            f.write(b"*" + dump[:8].upper().encode() + b"*\0" + dump.encode())


if __name__ == "__main__":
    main()
