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
    # QEMU's smart_critical_warning=0x04: the SMART / Health log says "reliability degraded"
    ("DCE2E-NVME-CRIT",       "nvme",        "any",      "on",  "fast"),
    ("DCE2E-SATA-PLP-SLOW",   "sata",        "full",     "on",  "slow"),
    ("DCE2E-SATA-PLP-FAST",   "sata",        "full",     "on",  "fast"),
    ("DCE2E-SATA-CONS-FAST",  "sata",        "sourced-not-full", "on", "fast"),
    ("DCE2E-SATA-CONS-SLOW",  "sata",        "not-full", "on",  "slow"),
    ("DCE2E-SATA-CONS-WT",    "sata",        "not-full", "on",  "fast"),
    ("DCE2E-SATA-WC-OFF",     "sata",        "not-full", "off", "fast"),
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
    # A consumer model with a sourced "none": as an SLOG it fails on S (data-at-rest
    # would pass an SLOG on S and F, OpenZFS's own criterion).
    "DCE2E-SATA-CONS-FAST": ["WDC WDS100T2B0A-00SM50", "INTEL SSDSC2BW240A4",
                             "CT1000MX500SSD1"],
    "DCE2E-SATA-CONS-SLOW": ["Samsung SSD 870 EVO 1TB", "SanDisk SDSSDH3500G"],
    "DCE2E-SATA-CONS-WT": ["Samsung SSD 860 EVO 1TB", "CT500MX500SSD1"],
    "DCE2E-SATA-WC-OFF": ["SanDisk SDSSDH3500G", "CT2000MX500SSD1"],
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
    # lookup's exit codes (README): 0 one family of a known class, 1 a family whose class
    # is unknown or several families, 3 not in the database; anything else is an error.
    if p.returncode not in (0, 1, 3):
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


def cmd_vmlinux(a):
    """Unpacks a bzImage's ELF vmlinux, if it has a PVH entry QEMU can boot directly."""
    import gzip
    import lzma
    import struct
    with open(a.bzimage, "rb") as f:
        img = f.read()
    if img[0x202:0x206] != b"HdrS" or struct.unpack_from("<H", img, 0x206)[0] < 0x208:
        print("not a bzImage with a payload header", file=sys.stderr)
        return 1
    setup = (img[0x1f1] or 4) + 1
    off, length = struct.unpack_from("<II", img, 0x248)
    payload = img[setup * 512 + off: setup * 512 + off + length]
    if payload.startswith(b"\xfd7zXZ\x00"):
        elf = lzma.LZMADecompressor().decompress(payload)
    elif payload.startswith(b"\x1f\x8b"):
        elf = gzip.decompress(payload)
    elif payload.startswith(b"\x28\xb5\x2f\xfd"):
        elf = subprocess.run(["zstd", "-qdc"], input=payload, capture_output=True,
                             check=True).stdout
    else:
        print(f"payload compression {payload[:4].hex()} not handled", file=sys.stderr)
        return 1
    # An ELF note of type 18 (XEN_ELFNOTE_PHYS32_ENTRY) is what QEMU boots as PVH.
    if elf[:4] != b"\x7fELF" or b"Xen\x00" not in elf or not has_pvh_note(elf):
        print("the kernel has no PVH entry note", file=sys.stderr)
        return 1
    with open(a.out, "wb") as f:
        f.write(elf)
    return 0


def has_pvh_note(elf):
    import struct
    if elf[4] != 2:  # ELFCLASS64
        return False
    phoff, = struct.unpack_from("<Q", elf, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", elf, 0x36)
    for i in range(phnum):
        ptype, _, poff, _, _, pfilesz = struct.unpack_from("<IIQQQQ", elf, phoff + i * phentsize)
        if ptype != 4:  # PT_NOTE
            continue
        pos, end = poff, poff + pfilesz
        while pos + 12 <= end:
            namesz, descsz, ntype = struct.unpack_from("<III", elf, pos)
            name = elf[pos + 12: pos + 12 + namesz]
            if name.rstrip(b"\0") == b"Xen" and ntype == 18:
                return True
            pos += 12 + (namesz + 3) // 4 * 4 + (descsz + 3) // 4 * 4
    return False


class Report:
    """Prints one line per check and counts them."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, name, why=""):
        if ok:
            self.passed += 1
            print(f"ok   {name}")
        else:
            self.failed += 1
            print(f"FAIL {name}" + (f": {why}" if why else ""))
        return ok

    @staticmethod
    def note(text):
        print(f"     ({text})")


def bounds(transport):
    return BOUNDS.get(transport, OTHER_BOUNDS)


def p50(dev, phase="sync"):
    pr = dev.get("probe") or {}
    return (pr.get(phase) or {}).get("p50_us")


def reasons(dev):
    return [(role, r) for role, v in (dev.get("verdicts") or {}).items() for r in v["reasons"]]


def evidence(dev, what=None):
    ev = (dev.get("plp") or {}).get("evidence") or []
    return [e for e in ev if what is None or e["what"] == what]


def db_plp(dev):
    return dev["database"]["plp"] if dev.get("database") else None


def run_json(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, check=False)
    try:
        return p.returncode, json.loads(p.stdout), p.stderr
    except json.JSONDecodeError:
        return p.returncode, None, p.stderr + p.stdout[:500]


def read(path, default=""):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError:
        return default


EXPECT_TRANSPORT = {"nvme": "nvme", "sata": "sata", "virtio-scsi": "virtio-scsi",
                    "lsi": "scsi", "tcp": "tcp"}
EXPECT_PROTOCOL = {"nvme": "nvme", "sata": "ata", "virtio-scsi": "scsi", "lsi": "scsi",
                   "tcp": "nvme"}


def check_identity(R, d, dev, dbans):
    s, bus = d["serial"], d["bus"]
    R.check(dev["transport"] == EXPECT_TRANSPORT[bus] and dev["protocol"] == EXPECT_PROTOCOL[bus],
            f"{s}: transport {EXPECT_TRANSPORT[bus]}, protocol {EXPECT_PROTOCOL[bus]}",
            f"got {dev['transport']}, {dev['protocol']}")
    ident = [("model", dev["model"], d["model"]), ("serial", dev["serial"], s)]
    if bus in ("virtio-scsi", "lsi"):
        ident.append(("vendor", dev["vendor"], d["vendor"]))
    bad = [f"{k} {got!r} (want {want!r})" for k, got, want in ident if got != want]
    R.check(not bad, f"{s}: identity read through the {bus} driver",
            "; ".join(bad) + f"; identity_source {dev.get('identity_source')!r}; "
            f"errors {dev.get('errors')}")
    want = dbans.get(d["model"])
    if d["want"] != "any":
        iface = {"sata": "sata", "tcp": "nvme"}.get(bus)
        R.check(fits(d["want"], want, iface),
                f"{s}: case needs a '{d['want']}' model; the database has {d['model']!r} as "
                f"{want['plp'] if want else 'no row'}",
                "the database changed under this case: re-record (tests/e2e/run.sh --record)")
    R.check(db_plp(dev) == (want["plp"] if want else None),
            f"{s}: database answer equals 'lookup {d['model']}'",
            f"device says {db_plp(dev)!r}, lookup says {want['plp'] if want else None!r}")


def check_cache(R, d, dev):
    s, bus, wc = d["serial"], d["bus"], d["wc"]
    w = dev["write_cache"]
    want_enabled = wc == "on"
    if bus in ("nvme", "sata", "tcp") or want_enabled:
        R.check(w["present"] is True, f"{s}: write cache present", f"got {w['present']!r} "
                f"(source {w['source']!r}, errors {dev.get('errors')})")
    R.check(w["enabled"] is want_enabled, f"{s}: write cache enabled is {want_enabled}",
            f"got {w['enabled']!r} (source {w['source']!r})")
    # The kernel follows the drive's WCE on ATA and SCSI; on NVMe it follows VWC alone.
    if d.get("admin_write_through") or (wc == "off" and bus in ("sata", "virtio-scsi", "lsi")):
        want_kernel = "write through"
    else:
        want_kernel = "write back"
    R.check(w["kernel"] == want_kernel, f"{s}: kernel write_cache '{want_kernel}'",
            f"got {w['kernel']!r}")


def check_probe(R, d, dev):
    s = d["serial"]
    pr = dev.get("probe") or {}
    R.check(pr.get("mode") == "raw" and (pr.get("sync") or {}).get("count", 0) > 0
            and (pr.get("nosync") or {}).get("count", 0) > 0,
            f"{s}: probe ran in raw mode on the unused device",
            f"mode {pr.get('mode')!r}, skipped {pr.get('skipped')!r}")


def check_plp(R, d, dev):
    """Relationships between the database, the device's own evidence, the probe and the
    verdict. They hold for any model, so they hold as the database grows."""
    s = d["serial"]
    if "plp" not in dev:
        R.check(False, f"{s}: decided", f"no plp/verdicts: errors {dev.get('errors')}")
        return
    cls, db = dev["plp"]["class"], db_plp(dev)
    dev_plp = any(e["kind"] == "plp" for e in dev["plp_evidence"])
    no_vwc = any(e["kind"] == "no-volatile-cache" for e in dev["plp_evidence"])
    failed = any(e["kind"] == "plp-failed" for e in dev["plp"]["evidence"])
    w = dev["write_cache"]
    kernel_wb = w["kernel"] == "write back"
    fast_us, slow_us = bounds(dev["transport"])
    sync = p50(dev)
    v = dev["verdicts"]
    props = dev["properties"]
    S = props["flushed_writes_survive"]["value"]
    U = props["unflushed_writes_survive"]["value"]
    F = props["durable_writes_fast"]

    R.check(cls != "full" or db == "full" or dev_plp or no_vwc,
            f"{s}: 'full' only with evidence of PLP or the drive's own declaration (never speed)",
            f"class full, database {db!r}, no PLP evidence from the drive")
    if db == "full" and not failed:
        R.check(cls == "full", f"{s}: database full PLP gives class full", f"got {cls!r}")
    elif db in ("none", "data-at-rest", "at-least-data-at-rest") and not (dev_plp or no_vwc):
        R.check(cls == db, f"{s}: database '{db}' gives class '{db}'", f"got {cls!r}")
    elif not (dev_plp or no_vwc):
        R.check(cls == "unknown", f"{s}: no database class and no evidence: unknown",
                f"got {cls!r}")
    want = {"full": (True, True), "data-at-rest": (True, False),
            "at-least-data-at-rest": (True, None), "unknown": (None, None)}
    if cls in want and not failed:
        R.check((S, U) == want[cls], f"{s}: class {cls} means S {want[cls][0]}, U {want[cls][1]}",
                f"got S {S!r}, U {U!r}")
    if S is not True:
        R.check(v["zfs_slog"]["status"] == "fail", f"{s}: zfs-slog fails without S",
                f"got {v['zfs_slog']['status']}")
    for role, x in v.items():
        if x["status"] == "pass":
            R.check(S is True, f"{s}: {role} passes only with S", f"S {S!r}")

    contra = [e for e in evidence(dev, "contradiction")]
    if db == "full" and sync is not None and kernel_wb and w["enabled"] is not False:
        if sync >= slow_us:
            R.check(any(e["kind"] == "against" for e in contra) and
                    dev["plp"]["confidence"] == "low",
                    f"{s}: full-PLP model with slow flushes ({sync:.0f} us) shows the contradiction",
                    f"evidence {contra}, confidence {dev['plp']['confidence']!r}")
        else:
            R.check(not any(e["kind"] == "against" for e in contra),
                    f"{s}: full-PLP model with flushes under {slow_us:.0f} us has no contradiction",
                    f"{contra}")
    if db in ("none", "data-at-rest") and sync is not None and kernel_wb \
            and w["enabled"] is not False:
        if sync <= fast_us:
            R.check(any("fast flushes" in e["value"] for e in contra),
                    f"{s}: fast flushes ({sync:.0f} us) on a drive without PLP are questioned",
                    f"{contra}")
        else:
            R.note(f"{s}: {sync:.0f} us is not 'fast' (<= {fast_us:.0f}) here: the "
                   f"'fast flushes without PLP' relation is not exercised")

    hazard = [(role, r) for role, r in reasons(dev) if r.startswith("HAZARD")]
    if w["kernel"] == "write through" and w["enabled"] is not False and U is not True:
        R.check(all(x["status"] == "fail" for x in v.values()) and
                {role for role, _ in hazard} == set(v),
                f"{s}: 'write through' on a cached drive without U is a HAZARD in every role",
                f"statuses {[x['status'] for x in v.values()]}, hazard reasons {hazard}")
        R.check(any("write through" in e["value"] for e in evidence(dev, "durable 4 KiB write p50"))
                and F["speed"] == "not-measured",
                f"{s}: the probe under 'write through' is not taken as a durable write",
                f"{evidence(dev, 'durable 4 KiB write p50')}, F {F}")
    else:
        R.check(not hazard, f"{s}: no HAZARD reason (kernel {w['kernel']!r}, "
                f"cache enabled {w['enabled']!r}, U {U})", f"{hazard}")
    # Ceph waits on a write and fdatasync (docs/json.md, verdicts): its figure decides
    fsync = p50(dev, "flush")
    if fsync is not None and fsync >= slow_us and kernel_wb and dev["rotational"] is not True:
        R.check(v["ceph_osd"]["status"] == "fail" and F["speed"] == "slow" and
                any(r.startswith("F: ") and " take " in r for r in v["ceph_osd"]["reasons"]),
                f"{s}: slow flushes ({fsync:.0f} us) fail ceph-osd", f"{v['ceph_osd']}")


def check_ordering(R, devs):
    """Slow-flush drives against their fast twins: clear separations only."""
    pairs = [("DCE2E-NVME-WB-SLOW", "DCE2E-NVME-WB-FAST"),
             ("DCE2E-SATA-PLP-SLOW", "DCE2E-SATA-PLP-FAST"),
             ("DCE2E-SATA-CONS-SLOW", "DCE2E-SATA-CONS-FAST")]
    for slow, fast in pairs:
        if slow not in devs or fast not in devs:
            continue
        a, b = p50(devs[slow]), p50(devs[fast])
        if a is None or b is None:
            R.check(False, f"{slow} vs {fast}: both probed", f"p50 {a} / {b}")
            continue
        # The slow twin's flushes each wait 2 ms more in nbdkit's delay filter (run.sh):
        # a wall-clock difference the probe must see (half of it at least). A ratio would
        # say more of the host's load than of the drives: a busy host slows the emulated
        # fast twin too, while the delay stays 2 ms.
        R.check(a - b >= 1000,
                f"{slow} vs {fast}: flushed-write p50 {a:.0f} us vs {b:.0f} us, clearly apart",
                "want the slow one at least 1 ms (half the 2 ms delay of its flushes) above it")
        n = p50(devs[slow], "nosync")
        R.check(n is not None and n * 2 <= a,
                f"{slow}: the write without flush ({n:.0f} us) costs under half the flushed one",
                f"nosync p50 {n}, sync p50 {a}")
        lim = bounds(devs[slow]["transport"])[1]
        R.check(a >= lim, f"{slow}: lab makes flushes slow (p50 {a:.0f} us >= {lim:.0f} us)",
                "nbdkit's delay filter did not slow the flushes enough for the verdict's bound")


# The drive QEMU is told to report a critical warning for (run.sh), and the bit.
CRITICAL_WARNING = {"DCE2E-NVME-CRIT": 2}


def check_health(R, d, dev):
    """docs/health.md: the drive's own verdict, read live. The lab's drives are healthy but
    one; a drive that says it is failing fails every role with that reason first."""
    s, h = d["serial"], dev.get("health") or {}
    bit = CRITICAL_WARNING.get(s)
    if bit is not None:
        probs = h.get("problems") or []
        R.check(h.get("status") == "failing" and h.get("self_assessment") == "failed" and
                any(p["kind"] == "nvme-critical-warning" and p["bit"] == bit for p in probs),
                f"{s}: NVMe critical warning bit {bit} read live: health failing",
                f"health {h}")
        R.check(all(v["status"] == "fail" and v["reasons"][0].startswith("HEALTH: ")
                    for v in dev["verdicts"].values()),
                f"{s}: a failing drive fails every role, the health reason first",
                f"{dev['verdicts']}")
        return
    if d["bus"] in ("nvme", "sata"):
        # NVMe: the SMART / Health log; SATA: SMART RETURN STATUS read live (CK_COND)
        R.check(h.get("status") == "ok" and h.get("self_assessment") == "passed",
                f"{s}: the drive's own verdict read live: passed, health ok", f"health {h}")
    R.check(h.get("status") != "failing", f"{s}: a healthy lab drive is not failing",
            f"health {h}")


def check_devices(R, drives, devs, dbans):
    for d in drives:
        dev = devs.get(d["serial"])
        if not R.check(dev is not None, f"{d['serial']}: found ({d['bus']}, {d['model']!r})",
                       "not in drivecheck's output"):
            continue
        check_identity(R, d, dev, dbans)
        check_cache(R, d, dev)
        check_probe(R, d, dev)
        check_plp(R, d, dev)
        if "verdicts" in dev:
            check_health(R, d, dev)
    check_ordering(R, devs)


def index_devices(out, disks):
    """drivecheck's devices by the serial QEMU gave them, through the guest's map of
    serial to kernel name (so a drive whose serial drivecheck misreads is still found)."""
    by_name = {x["name"]: x for x in out["devices"]}
    devs = {}
    for serial, name in disks:
        if name in by_name:
            devs[serial] = by_name[name]
    return devs


def check_kernel_cache_kept(R, res):
    """Every disk's queue/write_cache as the guest found it before the scan, after it too:
    a command a drive aborts can make libata revalidate the disk and reset it (the admin's
    'write through' of DCE2E-SATA-CONS-WT among them)."""
    before = read(os.path.join(res, "kcache-before.txt")).splitlines()
    after = read(os.path.join(res, "kcache-after.txt")).splitlines()
    changed = sorted(set(before) ^ set(after))
    R.check(before and before == after, "the scan leaves every disk's kernel write_cache as it "
            "found it", f"changed: {changed}")


def check_gates_replay(R, a, dumpdir, devs, names):
    """--gate on a replayed dump exits as the JSON verdict of that role says; for the Ceph
    roles a passing drive that is not available (the lab's are all under 5 GB) warns."""
    for role, key in (("ceph-osd", "ceph_osd"), ("ceph-db", "ceph_db"), ("drbd", "drbd"),
                      ("zfs-slog", "zfs_slog")):
        bad = []
        for serial, dev in sorted(devs.items()):
            if "verdicts" not in dev:
                continue
            rc = subprocess.run([a.drivecheck, "--gate", role, "--replay",
                                 os.path.join(dumpdir, names[serial])],
                                capture_output=True, check=False).returncode
            want = STATUS_EXIT[dev["verdicts"][key]["status"]]
            if key in ("ceph_osd", "ceph_db") and want == 0 and dev.get("available") is not True:
                want = 1
            if rc != want:
                bad.append(f"{serial} exit {rc}, verdict {dev['verdicts'][key]['status']}")
        R.check(not bad, f"--gate {role} --replay: exit code matches the verdict on "
                f"{len(devs)} dumps", "; ".join(bad))
    rc = subprocess.run([a.drivecheck, "--gate", "drbd", "--replay",
                         os.path.join(dumpdir, "no-such-device")],
                        capture_output=True, check=False).returncode
    R.check(rc == 3, "--gate on a dump that is not there exits 3 (could not check)",
            f"exit {rc}")


GATES = {  # name: (exit code, why)
    "plp-fast-osd": (1, "full-PLP model, probe off, under 5 GB: fit, not available: warn"),
    "cons-osd": (1, "consumer model, probe off: warn"),
    "cons-slog": (2, "consumer model without S as ZFS SLOG: fail"),
    "hazard-osd": (2, "cached consumer drive in 'write through': fail"),
    "plp-slow-osd": (2, "full-PLP model with slow flushes, probed: fail"),
    "absent-drbd": (3, "no such device: could not check"),
    "bad-role": (4, "unknown role: usage"),
}


def check_live(R, a, res, drives, devs, out, disks):
    rc = read(os.path.join(res, "all.rc")).strip()
    R.check(rc == "0", "drivecheck --all --json (probe, dump) exits 0 in the guest",
            f"exit {rc}: {read(os.path.join(res, 'all.err')).strip()[:300]}")
    unread = [f"{x['name']}: {x['errors']}" for x in out["devices"] if "plp" not in x]
    R.check(not unread, "every disk --all lists is read and decided", "; ".join(unread))
    gates = {}
    for line in read(os.path.join(res, "gates.txt")).splitlines():
        name, role, code, dev = line.split()[:4]
        gates[name] = int(code)
    for name, (want, why) in GATES.items():
        got = gates.get(name)
        R.check(got == want, f"--gate in the guest: {why} -> exit {want}",
                f"exit {got}: {read(os.path.join(res, f'gate-{name}.txt')).strip()[:300]}")
    fast = read(os.path.join(res, "gate-plp-fast-osd.txt"))
    R.check("is not available (ceph-volume would not take it): " in fast and
            "Insufficient space (<5GB)" in fast.splitlines()[0] if fast else False,
            "--gate ceph-osd names why a fit drive cannot become an OSD now", fast[:300])
    R.check("HAZARD" in read(os.path.join(res, "gate-hazard-osd.txt")),
            "--gate prints the HAZARD reason", read(os.path.join(res, "gate-hazard-osd.txt"))[:200])

    # The admin's "write through" on a full-PLP drive is allowed, and said to be.
    wt = json.loads(read(os.path.join(res, "plp-wt.json")) or '{"devices": []}')["devices"]
    if wt and db_plp(wt[0]) == "full":
        x = wt[0]
        rs = [r for _, r in reasons(x)]
        R.check(x["write_cache"]["kernel"] == "write through" and x["plp"]["class"] == "full"
                and not any(r.startswith("HAZARD") for r in rs)
                and any("safe only because completed writes survive" in r for r in rs),
                "full-PLP drive in 'write through': no hazard, and the reason says why",
                f"kernel {x['write_cache']['kernel']!r}, class {x['plp']['class']}, {rs}")
    else:
        x = wt[0] if wt else {}
        R.check(False, "full-PLP drive in 'write through': checked",
                "no result, or drivecheck did not see a full-PLP model: model "
                f"{x.get('model')!r}, database {db_plp(x) if x else None!r}, errors "
                f"{x.get('errors')} {read(os.path.join(res, 'plp-wt.err'))[:200]}")

    # The guest's dump, replayed here, gives the same answers.
    rc, rep, err = run_json([a.drivecheck, "--replay", os.path.join(res, "dump"), "--json"])
    if not R.check(rc in (0, 1, 2) and rep is not None, "--replay of the guest's dump on the host",
                   f"exit {rc}: {err[:300]}"):
        return
    rdevs = index_devices(rep, disks)
    keys = ("model", "serial", "transport", "write_cache", "database", "plp", "verdicts", "advice")
    for serial, dev in sorted(devs.items()):
        r = rdevs.get(serial)
        diff = [k for k in keys if r is None or r.get(k) != dev.get(k)]
        R.check(not diff, f"{serial}: replay gives the same {', '.join(keys[3:])}",
                "differs in " + ", ".join(diff) + (f": guest {dev.get(diff[0])!r} / replay "
                f"{(r or {}).get(diff[0])!r}" if diff else ""))


def print_timings(res, devs, live):
    t = {}
    for line in read(os.path.join(res, "times")).splitlines():
        k, v = line.split()
        t[k] = float(v)
    if t:
        print(f"     {'' if live else 'recorded run: '}guest uptime: tests start {t.get('tests_start', 0):.1f} s, scan "
              f"{t.get('scan_end', 0) - t.get('scan_start', 0):.1f} s, results at "
              f"{t.get('tests_end', 0):.1f} s; QEMU wall {t.get('qemu_wall', 0):.1f} s")
    for serial, dev in sorted(devs.items()):
        if p50(dev) is not None:
            print(f"     {serial:22} sync p50 {p50(dev):8.0f} us   nosync p50 "
                  f"{p50(dev, 'nosync'):6.0f} us   ({dev['transport']}, kernel "
                  f"{dev['write_cache']['kernel']})")


def load_json(path):
    try:
        return json.loads(read(path))
    except (json.JSONDecodeError, TypeError):
        return None


# drivecheck's nvme_health keys, and the same field's key in nvme-cli's smart-log JSON.
NVME_HEALTH = [("critical_warning", "critical_warning"), ("temperature_k", "temperature"),
               ("available_spare", "avail_spare"), ("spare_threshold", "spare_thresh"),
               ("percent_used", "percent_used"), ("data_units_read", "data_units_read"),
               ("data_units_written", "data_units_written"), ("host_reads", "host_read_commands"),
               ("host_writes", "host_write_commands"),
               ("controller_busy_minutes", "controller_busy_time"),
               ("power_cycles", "power_cycles"), ("power_on_hours", "power_on_hours"),
               ("unsafe_shutdowns", "unsafe_shutdowns"), ("media_errors", "media_errors"),
               ("error_log_entries", "num_err_log_entries"),
               ("warning_temp_minutes", "warning_temp_time"),
               ("critical_temp_minutes", "critical_comp_time")]


def check_reference(R, serial, dev, ref):
    """drivecheck against the tools users already trust, on the same drive in the same guest:
    smartctl -x -j (ATA, SCSI), nvme-cli id-ctrl / id-ns / smart-log / get-feature -f 6
    (NVMe), sg_vpd and sdparm (SCSI pages). An anchor outside the program: a disagreement
    is a bug on one side, and the message names both values."""
    def eq(what, ours, theirs, tool):
        R.check(ours == theirs, f"{serial}: {what} as {tool} says",
                f"drivecheck {ours!r}, {tool} {theirs!r}")

    if not os.path.isdir(ref):
        R.check(False, f"{serial}: the reference tools ran in the guest", f"no {ref}")
        return
    if dev["protocol"] == "nvme":
        idc = load_json(os.path.join(ref, "id-ctrl.json"))
        ns = load_json(os.path.join(ref, "id-ns.json"))
        sl = load_json(os.path.join(ref, "smart-log.json"))
        if not R.check(idc is not None and ns is not None and sl is not None,
                       f"{serial}: nvme-cli gave id-ctrl, id-ns and smart-log JSON",
                       read(os.path.join(ref, "id-ctrl.err"))[:200]):
            return
        eq("model", dev["model"], idc["mn"].strip(), "nvme id-ctrl")
        eq("serial", dev["serial"], idc["sn"].strip(), "nvme id-ctrl")
        eq("firmware", dev["firmware"], idc["fr"].strip(), "nvme id-ctrl")
        eq("volatile write cache present", dev["write_cache"]["present"], bool(idc["vwc"] & 1),
           "nvme id-ctrl (vwc bit 0)")
        lbaf = ns["lbafs"][ns["flbas"] & 0x0F]
        eq("logical block size", dev["logical_block_bytes"], 1 << lbaf["ds"], "nvme id-ns")
        eq("capacity", dev["capacity_bytes"], ns["nsze"] << lbaf["ds"], "nvme id-ns (nsze)")
        if idc["vwc"] & 1:
            m = re.search(r"Current value:\s*(?:0x)?([0-9a-fA-F]+)", read(os.path.join(ref, "feature-6.txt")))
            if R.check(m is not None, f"{serial}: nvme get-feature -f 6 answered",
                       read(os.path.join(ref, "feature-6.txt"))[:200]):
                eq("write cache enabled", dev["write_cache"]["enabled"], bool(int(m.group(1), 16) & 1),
                   "nvme get-feature -f 6")
        h = dev["smart"]["nvme_health"]
        # nvme-cli prints the 128-bit counters as strings
        theirs_all = {k: int(sl[k]) for _, k in NVME_HEALTH if k in sl}
        if h is None:
            # drivecheck refuses a log of one repeated byte (a failed or faked command:
            # the kernel's NVMe target answers all zeros): nvme-cli must show it so.
            R.check(any("smart log: every byte" in e for e in dev["errors"]) and
                    not any(theirs_all.values()),
                    f"{serial}: a SMART log drivecheck refuses is all zeros to nvme-cli too",
                    f"drivecheck errors {dev['errors']}, nvme smart-log {theirs_all}")
            return
        for ours, theirs in NVME_HEALTH:
            if not R.check(theirs in sl, f"{serial}: nvme smart-log has {theirs}",
                           f"keys {sorted(sl)}"):
                continue
            if ours == "error_log_entries":
                # it counts failed commands: the pages drivecheck asks for after the log
                # and a target refuses (log 0xC0, feature 0x06) come after its read
                d = theirs_all[theirs] - (h.get(ours) or 0)
                R.check(0 <= d <= 4, f"{serial}: SMART/Health error_log_entries as nvme smart-log "
                        "says (less the commands drivecheck sent after its read)",
                        f"drivecheck {h.get(ours)!r}, nvme smart-log {theirs_all[theirs]!r}")
                continue
            eq(f"SMART/Health {ours}", h.get(ours), theirs_all[theirs], "nvme smart-log")
        return
    sj = load_json(os.path.join(ref, "smartctl.json"))
    if not R.check(sj is not None, f"{serial}: smartctl -x -j gave JSON",
                   read(os.path.join(ref, "smartctl.err"))[:200]):
        return
    if dev["protocol"] == "ata":
        eq("model", dev["model"], sj.get("model_name"), "smartctl")
        eq("serial", dev["serial"], sj.get("serial_number"), "smartctl")
        eq("firmware", dev["firmware"], sj.get("firmware_version"), "smartctl")
        eq("write cache enabled", dev["write_cache"]["enabled"],
           (sj.get("write_cache") or {}).get("enabled"), "smartctl")
        table = (sj.get("ata_smart_attributes") or {}).get("table") or []
        ours = {x["id"]: x for x in dev["smart"]["ata_attributes"]}
        eq("SMART attribute ids", sorted(ours), sorted(t["id"] for t in table), "smartctl")
        for t in table:
            x = ours.get(t["id"])
            if x is None:
                continue
            eq(f"attribute {t['id']} value/worst/threshold/raw",
               (x["value"], x["worst"], x["threshold"], x["raw"]),
               (t["value"], t["worst"], t["thresh"], t["raw"]["value"]), "smartctl")
    else:
        eq("vendor", dev["vendor"], (sj.get("scsi_vendor") or "").strip(), "smartctl")
        eq("product", dev["model"], (sj.get("scsi_product") or "").strip(), "smartctl")
        eq("revision", dev["firmware"], (sj.get("scsi_revision") or "").strip(), "smartctl")
        sn = re.search(r"Unit serial number:\s*(\S.*?)\s*$", read(os.path.join(ref, "sg_vpd-sn.txt")), re.M)
        if sn:
            eq("serial", dev["serial"], sn.group(1), "sg_vpd -p sn")
        wce = re.search(r"^WCE\s+(\d)", read(os.path.join(ref, "sdparm-wce.txt")), re.M)
        if R.check(wce is not None, f"{serial}: sdparm --get=WCE answered",
                   read(os.path.join(ref, "sdparm-wce.txt"))[:200]):
            eq("write cache enabled (WCE)", dev["write_cache"]["enabled"], wce.group(1) == "1", "sdparm")
        ei_rc = read(os.path.join(ref, "sg_vpd-ei.rc")).strip()
        v_sup = re.search(r"V_SUP=(\d)", read(os.path.join(ref, "sg_vpd-ei.txt")))
        ours = [e for e in dev["plp_evidence"] if e["what"] == "V_SUP"]
        if ei_rc == "0" and v_sup:
            eq("V_SUP", ours[0]["value"][:1] if ours else None, v_sup.group(1), "sg_vpd -p ei")
        else:
            R.check(not ours, f"{serial}: no V_SUP claimed where sg_vpd reads no Extended "
                    f"INQUIRY page", f"{ours}")
    eq("capacity", dev["capacity_bytes"], (sj.get("user_capacity") or {}).get("bytes"), "smartctl")
    eq("logical block size", dev["logical_block_bytes"], sj.get("logical_block_size"), "smartctl")
    if sj.get("physical_block_size"):
        eq("physical block size", dev["physical_block_bytes"], sj.get("physical_block_size"), "smartctl")


def check_references(R, res, devs):
    for serial in sorted(devs):
        ref = os.path.join(res, "ref", serial)
        # drivecheck's read taken just before the other tools', so counters agree
        x = load_json(os.path.join(ref, "drivecheck.json"))
        if R.check(x is not None and len(x.get("devices", [])) == 1,
                   f"{serial}: drivecheck --json --no-probe beside the reference tools",
                   read(os.path.join(ref, "drivecheck.err"))[:200]):
            check_reference(R, serial, x["devices"][0], ref)


def check_held(R, res):
    """A disk held by a device-mapper target: the probe refuses it, and says why."""
    x = load_json(os.path.join(res, "dm-held.json"))
    devs = (x or {}).get("devices") or [{}]
    pr = devs[0].get("probe") or {}
    R.check(pr.get("mode") is None and re.search(r"in use|holder", pr.get("skipped") or ""),
            "a disk held by a device-mapper target: the probe refuses it",
            f"probe {pr}, dmsetup: {read(os.path.join(res, 'dm.log'))[:300]}")
    R.check(devs[0].get("holders", 0) >= 1, "the held disk shows its holder",
            f"holders {devs[0].get('holders')}")


def check_cache_experiment(R, res):
    """--try-cache-off in the guest: each drive's cache off, probed, on again, read back by
    nvme-cli and smartctl; a SIGKILL in the middle leaves it off with a record that the next
    run reports and --restore-cache clears; a SIGTERM puts it back at once."""
    cx = os.path.join(res, "cache")
    states = {}
    for line in read(os.path.join(cx, "states.txt")).splitlines():
        w = line.split()
        if w:
            states[" ".join(w[:2]) if w[0] in ("before", "after") else w[0]] = w[-1] if len(w) > 1 else ""
    rc = read(os.path.join(cx, "try.rc")).strip()
    R.check(rc == "0", "--try-cache-off on an NVMe, a SATA and a SCSI drive exits 0",
            f"exit {rc}: {read(os.path.join(cx, 'try.err'))[:300]}")
    out = load_json(os.path.join(cx, "try.json")) or {}
    devs = out.get("devices") or []
    R.check(len(devs) == 3, "--try-cache-off reports the three drives", f"{len(devs)} devices")
    for x in devs:
        t = x.get("cache_experiment") or {}
        pr = t.get("probe") or {}
        name = f"{x.get('path')} ({x.get('protocol')})"
        R.check(t.get("state") == "done" and t.get("cache_off_confirmed") is True
                and t.get("cache_on_again") is True,
                f"{name}: cache off (the drive said so), probed, on again (the drive said so)",
                f"{t}")
        R.check(pr.get("mode") == "raw" and (pr.get("sync") or {}).get("count", 0) > 0
                and (t.get("p50_us") or 0) > 0 and (t.get("cache_on_p50_us") or 0) > 0,
                f"{name}: both probes are reported, cache on and cache off",
                f"cache-off probe {pr}, p50 {t.get('p50_us')} / {t.get('cache_on_p50_us')}")
        R.check(any("with the volatile cache off" in a for a in x.get("advice", [])),
                f"{name}: the advice gives both figures", f"{x.get('advice')}")
        path = x.get("path")
        R.check(states.get(f"before {path}") == "on" and states.get(f"after {path}") == "on",
                f"{name}: nvme-cli / smartctl read the cache on before and on after",
                f"before {states.get(f'before {path}')}, after {states.get(f'after {path}')}")

    def records(key):
        txt = read(os.path.join(cx, "states.txt"))
        for line in txt.splitlines():
            if line.startswith(key + " ") or line == key:
                return line[len(key):].split()
        return None

    R.check(not records("records-after-try"), "no record is left after experiments that finished",
            f"{records('records-after-try')}")

    # SIGKILL with the cache off
    R.check(states.get("killed-while-off") == "yes", "the killed run had its record written",
            read(os.path.join(cx, "kill.err"))[:200])
    after_kill = [v for k, v in states.items() if k == "after-kill"]
    R.check(after_kill == ["off"], "SIGKILL mid-experiment leaves the cache off (smartctl says)",
            f"{after_kill}")
    R.check(records("records-after-kill") and records("records-after-kill")[0].startswith("cache-off-"),
            "SIGKILL mid-experiment leaves the record behind", f"{records('records-after-kill')}")
    nxt = (load_json(os.path.join(cx, "next.json")) or {}).get("devices") or [{}]
    left = nxt[0].get("cache_left_off") or {}
    R.check(re.match(r"\d{4}-\d\d-\d\dT", left.get("since") or "") and isinstance(left.get("pid"), int)
            and left.get("running") is False and (left.get("record") or "").startswith("/var/lib/drivecheck/"),
            "the next run reports the cache left off: when, by which run, the record",
            f"{nxt[0].get('cache_left_off')}")
    R.check((nxt[0].get("write_cache") or {}).get("enabled") is False,
            "the next run reads the cache as off", f"{nxt[0].get('write_cache')}")
    err = read(os.path.join(cx, "next.err"))
    R.check("warning" in err and "--restore-cache" in err,
            "the next run warns on stderr with the restore command", err[:300])
    R.check(any("--restore-cache" in a for a in nxt[0].get("advice", [])),
            "the next run's advice gives the restore command", f"{nxt[0].get('advice')}")
    rt = (load_json(os.path.join(cx, "retry.json")) or {}).get("devices") or [{}]
    t = rt[0].get("cache_experiment") or {}
    R.check(t.get("state") == "skipped" and "earlier run" in (t.get("reason") or ""),
            "a new --try-cache-off on the left-off drive is refused until it is restored", f"{t}")
    rc = read(os.path.join(cx, "restore.rc")).strip()
    R.check(rc == "0" and "on again" in read(os.path.join(cx, "restore.out")),
            "--restore-cache turns it back on",
            f"exit {rc}: {read(os.path.join(cx, 'restore.out'))[:200]} {read(os.path.join(cx, 'restore.err'))[:200]}")
    R.check(states.get("after-restore") == "on" and not records("records-after-restore"),
            "after --restore-cache smartctl reads the cache on, and the record is gone",
            f"{states.get('after-restore')}, records {records('records-after-restore')}")
    rs = (load_json(os.path.join(cx, "restored.json")) or {}).get("devices") or [{}]
    R.check(rs[0].get("cache_left_off", "missing") is None
            and (rs[0].get("write_cache") or {}).get("enabled") is True,
            "after --restore-cache drivecheck reports nothing left off and the cache on",
            f"{rs[0].get('cache_left_off', 'missing')}, {rs[0].get('write_cache')}")
    st = (load_json(os.path.join(cx, "stale.json")) or {}).get("devices") or [{}]
    R.check(st[0].get("cache_left_off", "missing") is None and not records("records-after-stale"),
            "a record whose drive has its cache on again is stale: removed, nothing reported",
            f"{st[0].get('cache_left_off', 'missing')}, records {records('records-after-stale')}")

    # SIGTERM with the cache off
    R.check(states.get("termed-while-off") == "yes", "the SIGTERM'd run had its record written",
            read(os.path.join(cx, "term.err"))[:200])
    rc = read(os.path.join(cx, "term.rc")).strip()
    R.check(rc == "130" and "on again" in read(os.path.join(cx, "term.err"))
            and not read(os.path.join(cx, "term.out")).strip(),
            "SIGTERM mid-experiment: exit 130, the cache put back, said on stderr, no report",
            f"exit {rc}: {read(os.path.join(cx, 'term.err'))[:300]}")
    R.check(states.get("after-term") == "on" and not records("records-after-term"),
            "after SIGTERM nvme-cli reads the cache on, and no record is left",
            f"{states.get('after-term')}, records {records('records-after-term')}")


def check_soak(R, res, runs):
    """The soak (guest/soak.sh): after every killed probe or experiment, not a byte of the
    drive changed, a cache found off had its record, and --restore-cache turned it on."""
    lines = read(os.path.join(res, "soak", "runs.txt")).splitlines()
    done = [dict(zip(w[0::2], w[1::2])) for w in (l.split() for l in lines) if w[0] == "run"]
    # a state read only at the second try (soak.sh keeps the first try's words)
    second = [r["run"] for r in done if r.get("cache", "").endswith("(second-reading)")]
    for r in done:
        r["cache"] = r.get("cache", "").replace("(second-reading)", "")
    stopped = [l for l in lines if l.startswith("stopped")]
    R.check(len(done) == runs, f"the soak ran {runs} times",
            f"{len(done)} runs in soak/runs.txt{'; ' + stopped[0] if stopped else ''}")
    changed = sum(int(r.get("changed", "1")) for r in done)
    unrecorded = [r for r in done if r.get("cache") == "off" and r.get("record") == "none"]
    unknown = [r for r in done if r.get("cache") not in ("on", "off")]
    not_restored = [r for r in done if r.get("restored") not in ("-", "on")]
    off = [r for r in done if r.get("cache") == "off"]
    R.check(changed == 0, "the soak: no byte of any drive changed",
            f"{changed} bytes in {[r['run'] for r in done if r.get('changed') != '0']}")
    R.check(not unrecorded, "the soak: no cache left off without a record",
            f"runs {[r['run'] for r in unrecorded]}")
    R.check(not unknown, "the soak: nvme-cli / smartctl read every cache state after a run",
            f"runs {[r['run'] for r in unknown]}: "
            + "; ".join(read(os.path.join(res, "soak", f"state.{r['run']}"))[:200] for r in unknown))
    R.check(not not_restored, "the soak: --restore-cache turned every cache left off on again",
            f"runs {[r['run'] for r in not_restored]}")
    ends = [l.split() for l in lines if l.startswith("end ")]
    R.check(ends and all(w[-1] == "on" for w in ends) and "left" in read(os.path.join(res, "soak", "runs.txt"))
            and all(l.split() == ["left"] for l in lines if l.startswith("left")),
            "the soak: every cache on and no record left at the end", f"{ends}")
    # the moments must have reached the window with the cache off at least once
    if runs >= 4:
        R.check(off, "the soak: at least one SIGKILL landed while a cache was off",
                "no run found its drive's cache off: the moments missed the window")
    print(f"e2e: soak: {len(done)} runs ({len(off)} killed with the cache off, "
          f"{sum(r.get('signal') == 'KILL' for r in done)} by SIGKILL), {changed} bytes changed, "
          f"{len(unrecorded)} caches left off without a record"
          + (f"; the cache state read at the second try after runs {second}" if second else ""))


def check_ceph_spec(R, a, res, out):
    """drivecheck ceph-spec over the lab's drives: its --replay of the guest's dumps (the
    scan's own facts, availability as libblkid saw the emulated disks), held to Ceph's own
    validator and drive selector with that scan's JSON (tests/ceph/check_spec.py)."""
    import tempfile
    p = subprocess.run([a.drivecheck, "ceph-spec", "--replay", os.path.join(res, "dump")],
                       capture_output=True, text=True, check=False)
    passing = [d for d in out.get("devices", [])
               if ((d.get("verdicts") or {}).get("ceph_osd") or {}).get("status") == "pass"
               and d.get("available") is True]
    if not passing:
        R.check(p.returncode == 1 and "service_type" not in p.stdout,
                "ceph-spec over the lab's drives: none passes ceph_osd and is available, so "
                "exit 1 and no spec", f"exit {p.returncode}: {p.stdout[:200]}")
        return
    if not R.check(p.returncode == 0 and "service_type: osd" in p.stdout,
                   f"ceph-spec over the lab's drives: a spec for the {len(passing)} that pass "
                   "ceph_osd and are available", f"exit {p.returncode}: {p.stderr[:300]}"):
        return
    checker = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ceph",
                           "check_spec.py")
    with tempfile.TemporaryDirectory() as t:
        spec, scan = os.path.join(t, "osd.yml"), os.path.join(t, "scan.json")
        with open(spec, "w", encoding="utf-8") as f:
            f.write(p.stdout)
        with open(scan, "w", encoding="utf-8") as f:
            json.dump(out, f)
        c = subprocess.run(["/usr/bin/python3", checker, spec, scan], capture_output=True,
                           text=True, check=False)
    R.check(c.returncode == 0 and " 0 failed" in c.stdout,
            "ceph-spec over the lab's drives: Ceph's validator takes it, and its selector "
            "places exactly the passing, available drives", (c.stdout + c.stderr)[-400:])


def cmd_check(a):
    R = Report()
    res = a.results
    manifest = json.loads(read(os.path.join(res, "manifest.json")) or "{}")
    drives = manifest.get("drives") or []
    if not R.check(bool(drives), "manifest of the emulated drives", f"none in {res}"):
        print(f"{R.passed} passed, {R.failed} failed")
        return 1
    for d in drives:
        d["admin_write_through"] = d["serial"] == "DCE2E-SATA-CONS-WT"
    disks = [tuple(l.split()[:2]) for l in read(os.path.join(res, "disks.txt")).splitlines()
             if len(l.split()) >= 2]
    names = dict(disks)
    R.check(all(d["serial"] in names for d in drives),
            "the guest sees every drive by its serial",
            f"missing {[d['serial'] for d in drives if d['serial'] not in names]}")
    if a.live:
        try:
            out = json.loads(read(os.path.join(res, "all.json")))
        except json.JSONDecodeError as e:
            R.check(False, "drivecheck --all --json in the guest gave JSON",
                    f"{e}; stderr: {read(os.path.join(res, 'all.err'))[:300]}")
            print(f"{R.passed} passed, {R.failed} failed")
            return 1
    else:
        rc, out, err = run_json([a.drivecheck, "--replay", os.path.join(res, "dump"), "--json"])
        if not R.check(out is not None, "--replay of the recorded dumps",
                       f"exit {rc}: {err[:300]}"):
            print(f"{R.passed} passed, {R.failed} failed")
            return 1
    devs = index_devices(out, disks)
    dbans = lookup(a.drivecheck, sorted({d["model"] for d in drives if d["model"]}))
    check_devices(R, drives, devs, dbans)
    check_references(R, res, devs)
    check_held(R, res)
    check_gates_replay(R, a, os.path.join(res, "dump"), devs, names)
    check_ceph_spec(R, a, res, out)
    if a.live:
        check_kernel_cache_kept(R, res)
        check_live(R, a, res, drives, devs, out, disks)
        check_cache_experiment(R, res)
        if a.soak:
            check_soak(R, res, a.soak)
    print_timings(res, devs, a.live)
    print(f"{R.passed} passed, {R.failed} failed")
    return 1 if R.failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pick", help="choose models; print the drive list for run.sh")
    p.add_argument("--drivecheck", required=True)
    p.add_argument("--db-dir", required=True)
    p.add_argument("--out", required=True, help="manifest.json to write")
    p.set_defaults(fn=cmd_pick)
    p = sub.add_parser("vmlinux", help="unpack a bzImage to a PVH-bootable ELF vmlinux")
    p.add_argument("bzimage")
    p.add_argument("out")
    p.set_defaults(fn=cmd_vmlinux)
    p = sub.add_parser("check", help="judge a results folder")
    p.add_argument("--drivecheck", required=True)
    p.add_argument("--results", required=True)
    p.add_argument("--live", action="store_true",
                   help="the guest's own results (gates, write-through run, replay compare)")
    p.add_argument("--soak", type=int, default=0, help="runs of the soak the guest made")
    p.set_defaults(fn=cmd_check)
    a = ap.parse_args()
    return a.fn(a)


if __name__ == "__main__":
    sys.exit(main())
