# SPDX-License-Identifier: GPL-2.0-or-later
"""ceph_shapes.py - the rules of docs/ceph.md ("Ceph's device health store") in Python.

A reference for the C importer and the checks of tests/ceph-health/run.sh: which of Ceph's
three shapes a file is, what makes one refused, the devid Ceph would give the drive of a
smartctl document, and the wear level Ceph's devicehealth module takes from one. Errors
are ShapeError with the reason an importer would print after the file's name.
"""
import calendar
import json
import re
import struct
import time

SAMPLE_KEY = re.compile(r"[0-9]{8}-[0-9]{6}")
MAX_SAMPLES = 10000         # a year of hourly scrapes; Ceph's default keeps 180 daily ones
MAX_DEVID = 255             # a file name (DEVID.json) and one argument of `ceph`
DAEMON = re.compile(r"[a-z]+\.[^\s]+")


class ShapeError(ValueError):
    pass


def _no_duplicates(pairs):
    seen = set()
    for k, _ in pairs:
        if k in seen:
            raise ShapeError("key %s appears twice" % json.dumps(k))
        seen.add(k)
    return dict(pairs)


def sample_time(key):
    """A sample key (devicehealth's TIME_FORMAT, UTC) as seconds since the epoch."""
    if not SAMPLE_KEY.fullmatch(key):
        raise ShapeError("sample key %s is not a time (YYYYMMDD-HHMMSS)" % json.dumps(key))
    try:
        t = time.strptime(key, "%Y%m%d-%H%M%S")
    except ValueError:
        raise ShapeError("sample key %s is not a time: no such date or hour" % json.dumps(key))
    if t.tm_sec > 59:
        raise ShapeError("sample key %s is not a time: no such second" % json.dumps(key))
    return calendar.timegm(t)


def is_smartctl(doc):
    return (isinstance(doc, dict) and isinstance(doc.get("smartctl"), dict)
            and isinstance(doc.get("json_format_version"), list)
            and doc["json_format_version"][:1] == [1])


def is_failed_scrape(doc):
    """Ceph's record of a scrape whose smartctl failed (block_device_get_metrics)."""
    return (isinstance(doc, dict) and "json_format_version" not in doc
            and isinstance(doc.get("error"), str) and isinstance(doc.get("dev"), str))


def _sample(where, doc):
    if not isinstance(doc, dict):
        raise ShapeError("%s is not an object" % where)
    if not (is_smartctl(doc) or is_failed_scrape(doc)):
        raise ShapeError("%s is neither smartctl's JSON nor Ceph's record of a failed scrape"
                         % where)


def _devid(where, s):
    if not isinstance(s, str) or not s:
        raise ShapeError("%s: devid missing or not a string" % where)
    if len(s) > MAX_DEVID or "/" in s or any(not 0x20 < ord(c) < 0x7f for c in s):
        raise ShapeError("%s: devid %s is not a device id (printable ASCII, no space or /, "
                         "at most %d bytes)" % (where, json.dumps(s), MAX_DEVID))


def _device(i, d):
    where = "device %d" % (i + 1)
    if not isinstance(d, dict):
        raise ShapeError(where + " is not an object")
    _devid(where, d.get("devid"))
    loc = d.get("location")
    if not isinstance(loc, list) or any(
            not isinstance(a, dict) or any(not isinstance(a.get(k), str) for k in ("host", "dev", "path"))
            for a in loc):
        raise ShapeError(where + ": location is not a list of {host, dev, path}")
    dae = d.get("daemons")
    if not isinstance(dae, list) or any(not isinstance(x, str) or not DAEMON.fullmatch(x) for x in dae):
        raise ShapeError(where + ": daemons is not a list of daemon names (osd.3, mon.a)")
    for k in ("life_expectancy_min", "life_expectancy_max", "life_expectancy_stamp"):
        if k in d and not isinstance(d[k], str):
            raise ShapeError("%s: %s is not a string" % (where, k))
    w = d.get("wear_level")
    if w is not None and (isinstance(w, bool) or not isinstance(w, (int, float, str))):
        raise ShapeError(where + ": wear_level is not a number")
    if isinstance(w, str):
        float(w)    # an old Formatter printed floats as strings


def classify(text):
    """('device-ls', list) | ('health-metrics', dict) | ('daemon-query', dict) |
    ('empty', {}) | (None, None) for JSON of none of Ceph's shapes. Raises ShapeError."""
    try:
        doc = json.loads(text, object_pairs_hook=_no_duplicates)
    except ShapeError:
        raise
    except ValueError as e:
        raise ShapeError("not JSON: %s" % e)
    if isinstance(doc, list):
        if not doc:
            return "device-ls", doc     # a cluster without devices
        if all(isinstance(d, dict) and ("devid" in d or ("location" in d and "daemons" in d))
                       for d in doc):
            for i, d in enumerate(doc):
                _device(i, d)
            return "device-ls", doc
        return None, None
    if not isinstance(doc, dict):
        return None, None
    if not doc:
        return "empty", doc
    if any(SAMPLE_KEY.fullmatch(k) for k in doc):
        if len(doc) > MAX_SAMPLES:
            raise ShapeError("%d samples: more than %d" % (len(doc), MAX_SAMPLES))
        for k in doc:
            sample_time(k)
        for k in sorted(doc):
            _sample("sample " + k, doc[k])
        return "health-metrics", doc
    if any(is_smartctl(v) or is_failed_scrape(v) for v in doc.values()):
        for k, v in doc.items():
            if k:
                _devid("daemon query", k)
            _sample("the reading of " + (k or '""'), v)
        return "daemon-query", doc
    return None, None


def _udev(s):
    """udev's replace_whitespace (ata_id, scsi_id): trimmed, each run of white space one _."""
    return re.sub(r"\s+", "_", s.strip())


def devid_candidates(doc):
    """The devids Ceph's get_device_id (src/common/blkdev.cc) gives the drive of a smartctl
    document, best first: ATA ID_MODEL_ID_SERIAL_SHORT (ata_id), NVMe the kernel's model
    with each space an underscore, SCSI ID_VENDOR_ID_MODEL_ID_SCSI_SERIAL (scsi_id); and
    udev's ID_SERIAL alone, "Micron_" in front when it begins with MTFD."""
    if not is_smartctl(doc):
        return []
    serial = (doc.get("serial_number") or "").strip()
    proto = (doc.get("device") or {}).get("protocol")
    if not serial:
        return []
    out = []
    if proto == "SCSI":
        vendor = doc.get("scsi_vendor", doc.get("vendor"))
        product = doc.get("scsi_product", doc.get("product"))
        if vendor and product:
            out.append("%s_%s_%s" % (_udev(vendor), _udev(product), _udev(serial)))
    elif proto == "NVMe" and doc.get("model_name"):
        out.append((doc["model_name"].strip() + "_" + serial).replace(" ", "_"))
    elif doc.get("model_name"):
        out.append(_udev(doc["model_name"]) + "_" + _udev(serial))
    for c in list(out):
        if c.startswith("MTFD"):
            out.append("Micron_" + c)
    return out


def join_devid(doc, listed):
    """The listed devid a smartctl document is of: its own devid, else the one listed devid
    that ends in _SERIAL; None when none or several do."""
    for c in devid_candidates(doc):
        if c in listed:
            return c
    serial = (doc.get("serial_number") or "").strip() if is_smartctl(doc) else ""
    if not serial:
        return None
    hits = [d for d in listed if d.endswith("_" + serial.replace(" ", "_"))]
    return hits[0] if len(hits) == 1 else None


def ceph_wear_level(doc):
    """devicehealth's get_ata_wear_level / get_nvme_wear_level: Device Statistics page 7,
    offset 8 (percentage used) / 100, else the NVMe log's percentage_used / 100."""
    if not isinstance(doc, dict):
        return None
    for page in (doc.get("ata_device_statistics") or {}).get("pages", []):
        if page is None or page.get("number") != 7:
            continue
        for item in page.get("table", []):
            if item.get("offset") == 8:
                return item["value"] / 100.0
    used = (doc.get("nvme_smart_health_information_log") or {}).get("percentage_used")
    return None if used is None else used / 100.0


def as_float32(x):
    """DeviceState::wear_level is a float."""
    return struct.unpack("f", struct.pack("f", x))[0]
