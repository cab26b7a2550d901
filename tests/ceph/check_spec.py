#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_spec.py - holds drivecheck's OSD specs to Ceph's own code (Debian's python3-ceph-common).

Usage: check_spec.py [--db-devices] [--host NAME] SPEC.yml JSON...

SPEC.yml is what `drivecheck ceph-spec` or `drivecheck report --ceph-spec` printed; each
JSON is drivecheck --json of the same drives (a scan's or a host's file: its "host" names
the host, else --host). Every document must pass ServiceSpec.from_json(...).validate(),
Ceph's validator. Then cephadm's own DriveSelection (drive_selection/selector.py) applies
each spec to an inventory made from the JSON (path, sysfs model, size, rotational,
available, rejected_reasons: what ceph-volume inventory would give), and the drives it
selects, host by host, must be exactly the drives that pass ceph_osd and are available
(with --db-devices: data and DB together, DB drives passing ceph_db, NVMe only, and only on
a host whose data drives are not all NVMe), none twice; a drive the JSON gives a "by_id"
link is named by it, never by its kernel path; every other drive is named in a
"# left out:" comment. Prints "N passed, N failed"; exit 0 when none failed.
"""
import json
import sys

import yaml
from ceph.deployment.drive_group import DriveGroupSpec
from ceph.deployment.drive_selection.selector import DriveSelection
from ceph.deployment.inventory import Device
from ceph.deployment.service_spec import ServiceSpec

NVME = {"nvme", "tcp", "rdma", "nvme-loop"}
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL: " + what, file=sys.stderr)
    return ok


def inventory(devices):
    """What ceph-volume inventory would report of each drive, as drivecheck saw it."""
    inv = []
    for d in devices:
        sys_api = {"model": d.get("sysfs_model") or "", "size": d.get("capacity_bytes", 0),
                   "rotational": "1" if d.get("rotational") else "0",
                   "vendor": d.get("vendor") or "", "removable": "0", "ro": "0"}
        inv.append(Device(d["path"], sys_api=sys_api, available=d.get("available"),
                          rejected_reasons=d.get("rejected_reasons", []), ceph_device=False))
    return inv


def status(d, role):
    return (d.get("verdicts") or {}).get(role, {}).get("status")


def main(argv):
    db_mode = "--db-devices" in argv
    argv = [a for a in argv if a != "--db-devices"]
    default_host = None
    if "--host" in argv:
        i = argv.index("--host")
        default_host = argv[i + 1]
        del argv[i:i + 2]
    spec_file, json_files = argv[0], argv[1:]
    text = open(spec_file).read()
    hosts = {}
    for f in json_files:
        doc = json.load(open(f))
        h = default_host or doc.get("host")
        hosts.setdefault(h, []).extend(doc["devices"])

    docs = [d for d in yaml.safe_load_all(text) if d is not None]
    check(len(docs) >= 1, "%s: at least one spec" % spec_file)
    specs = []
    for n, doc in enumerate(docs):
        try:
            spec = ServiceSpec.from_json(doc)
            spec.validate()
        except Exception as e:  # Ceph's validator: any refusal is a failure
            check(False, "%s: document %d: Ceph refuses it: %s" % (spec_file, n, e))
            continue
        check(isinstance(spec, DriveGroupSpec) and spec.service_type == "osd",
              "%s: document %d is an OSD spec" % (spec_file, n))
        specs.append(spec)
    ids = [s.service_id for s in specs]
    check(len(ids) == len(set(ids)), "%s: service ids unique: %s" % (spec_file, ids))

    comments = [l for l in text.splitlines() if l.startswith("# left out: ")]
    nleft = 0
    for h, devices in hosts.items():
        inv = inventory(devices)
        data, db, named = [], [], []
        for spec in specs:
            if h not in [p.hostname for p in spec.placement.hosts]:
                continue
            for sel_spec in (spec.data_devices, spec.db_devices):
                named += [p.path for p in (sel_spec.paths if sel_spec else [])]
            sel = DriveSelection(spec, inv)
            data += [x.path for x in sel.data_devices()]
            db += [x.path for x in sel.db_devices()]
        by_path = {}
        for d in devices:
            by_path.setdefault(d["path"], []).append(d)
        # a spec names a drive by its /dev/disk/by-id link where it has one (a model filter
        # selects inventory devices, by their kernel paths): each selected name, back to the
        # kernel path it stands for
        kernel = {}
        for p, ds in by_path.items():
            if len(ds) == 1 and ds[0].get("by_id"):
                kernel[ds[0]["by_id"]] = p
        for p in named:
            d = by_path.get(p, [{}])[0]
            check(not d.get("by_id"), "%s %s: named by its kernel path, not by its link %s"
                  % (h, p, d.get("by_id")))
        data = [kernel.get(p, p) for p in data]
        db = [kernel.get(p, p) for p in db]
        placed = data + db
        check(len(placed) == len(set(placed)), "%s: no drive selected twice: %s" % (h, placed))
        want = set()
        for p, ds in by_path.items():
            if len(ds) == 1 and status(ds[0], "ceph_osd") == "pass" and ds[0].get("available") is True:
                want.add(p)
        for p in data:
            d = by_path.get(p, [{}])[0]
            check(status(d, "ceph_osd") == "pass" and d.get("available") is True,
                  "%s %s: data, and passes ceph_osd and is available" % (h, p))
        for p in db:
            d = by_path.get(p, [{}])[0]
            check(db_mode and status(d, "ceph_db") == "pass" and d.get("available") is True
                  and d.get("transport") in NVME,
                  "%s %s: db, and an available NVMe drive that passes ceph_db" % (h, p))
        if db:
            check(any(by_path[p][0].get("transport") not in NVME for p in data),
                  "%s: DB drives serve slower data drives" % h)
        if db_mode:
            # a DB drive may pass ceph_db alone; every passing, available data candidate is placed
            check(want <= set(placed), "%s: placed %s, want at least %s" % (h, sorted(placed), sorted(want)))
        else:
            check(set(data) == want and not db,
                  "%s: placed %s, want exactly %s" % (h, sorted(data), sorted(want)))
        nleft += len(devices) - len(set(placed))
    check(len(comments) == nleft, "%s: %d drives left out, %d '# left out:' lines" %
          (spec_file, nleft, len(comments)))
    print("%s: %d passed, %d failed" % (spec_file, passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
