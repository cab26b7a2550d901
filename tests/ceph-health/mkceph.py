#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""mkceph.py - a Ceph cluster's device health store, in Ceph's own shapes, from real reports.

Writes data/ceph-health/ (SOURCE.md says where each value came from):

  cluster/devices.json              `ceph device ls --format json`
  cluster/health-metrics/DEVID.json `ceph device get-health-metrics DEVID > DEVID.json`, one per
                                    device (and one of a device `device ls` no longer lists)
  cluster/osd.0.json                `ceph device query-daemon-health-metrics osd.0`
  hostile/*.json                    inputs an importer must refuse, each alone

Each shape is written the way Ceph writes it (docs/ceph.md, "Ceph's device health store"):
device ls by the mgr's compact JSONFormatter (keys in DeviceState::dump's order, devices by
devid, floats at 17 significant digits) after the blank line the ceph CLI prints before any
--format json output; get-health-metrics by the devicehealth module's
json.dumps(indent=4, sort_keys=True), no newline at the end; the daemon query by
json_spirit's pretty printer ("key" : value). Each sample is what the OSD stores: the
smartctl -x --json=o document (block_device_get_metrics, src/common/blkdev.cc) plus the keys
Ceph adds (nvme_vendor and the vendor log's result), or Ceph's record of a failed scrape.

  tests/ceph-health/mkceph.py [--out DIR]      write the fixtures (default data/ceph-health)
  tests/ceph-health/mkceph.py --million FILE   a health-metrics file of 1,000,000 samples
                                               (made at test time, never committed)
"""
import argparse
import calendar
import copy
import json
import os
import re
import struct
import sys
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "import"))
sys.path.insert(0, os.path.join(ROOT, "tests", "fixtures"))
import mkjson  # noqa: E402
from smartctl_report import parse_smartctl  # noqa: E402

SAMPLE_TIME = "%Y%m%d-%H%M%S"   # devicehealth's TIME_FORMAT, UTC


def src(path):
    return os.path.join(ROOT, path)


def epoch(key):
    return calendar.timegm(time.strptime(key, SAMPLE_TIME))


def days_before(key, days):
    return time.strftime(SAMPLE_TIME, time.gmtime(epoch(key) - days * 86400))


def set_local_time(doc, t):
    """smartctl's own clock for the sample (the OSD hosts run in UTC)."""
    doc["local_time"] = {"time_t": t,
                         "asctime": time.strftime("%a %b %d %H:%M:%S %Y UTC", time.gmtime(t))}


def ceph_argv(doc, dev, protocol):
    """What the OSD runs: sudo smartctl -x --json=o /dev/DEV (block_device_run_smartctl)."""
    doc.setdefault("smartctl", {})["argv"] = ["smartctl", "-x", "--json=o", "/dev/" + dev]
    info = {"ATA": "/dev/%s [SAT]" % dev}.get(protocol, "/dev/" + dev)
    doc["device"] = {"name": "/dev/" + dev, "info_name": info,
                     "type": {"ATA": "sat", "NVMe": "nvme", "SCSI": "scsi"}[protocol],
                     "protocol": protocol}


def ata_from_report(path, serial, dev, output=True):
    """A real smartctl -x text report in smartctl -x -j's layout (tests/import/mkjson.py);
    the report masks the serial ("--"): SERIAL is put in its place, in the JSON and in the
    report's own lines that --json=o carries as smartctl.output."""
    text = open(src(path), encoding="utf-8").read()
    doc = mkjson.build(text)
    doc["serial_number"] = serial
    ceph_argv(doc, dev, "ATA")
    if output:
        lines = text.rstrip("\n").split("\n")
        lines = [re.sub(r"^(Serial Number:\s+)--$", r"\g<1>" + serial, ln) for ln in lines]
        doc["smartctl"]["output"] = lines
    return doc


def nvme_from_report(path, serial, dev):
    """A real smartctl -x text report of an NVMe drive in smartctl 7.x's JSON layout (the
    keys of data/import/smartctl-json/exporter-nvme-*.json): identity, capacity, namespace 1,
    the health verdict and every line of the SMART/Health log."""
    text = open(src(path), encoding="utf-8").read()
    r = parse_smartctl(text)
    s = r["smart_log"]
    banner = re.match(r"smartctl (\d+)\.(\d+) \S+ r(\d+) \[(.*?)\] (\(.*?\))", text)
    lba = r["logical_block_bytes"]
    cap = r["capacity_bytes"]
    doc = {"json_format_version": [1, 0],
           "smartctl": {"version": [int(banner.group(1)), int(banner.group(2))],
                        "svn_revision": banner.group(3), "platform_info": banner.group(4),
                        "build_info": banner.group(5), "exit_status": 0},
           "model_name": r["model"], "serial_number": serial, "firmware_version": r["firmware"],
           "nvme_pci_vendor": {"id": r["vid"], "subsystem_id": r["ssvid"]},
           "nvme_ieee_oui_identifier": r["ieee"],
           "nvme_total_capacity": r["tnvmcap"], "nvme_unallocated_capacity": r["unvmcap"],
           "nvme_controller_id": r["cntlid"], "nvme_number_of_namespaces": r["nn"],
           "nvme_namespaces": [{"id": 1,
                                "size": {"blocks": cap // lba, "bytes": cap},
                                "capacity": {"blocks": cap // lba, "bytes": cap},
                                "formatted_lba_size": lba}],
           "user_capacity": {"blocks": cap // lba, "bytes": cap},
           "logical_block_size": lba,
           "smart_support": {"available": True, "enabled": True},
           "smart_status": {"passed": r["health_passed"], "nvme": {"value": s["critical_warning"]}},
           "nvme_smart_health_information_log": {
               "critical_warning": s["critical_warning"], "temperature": s["temperature_c"],
               "available_spare": s["avail_spare"], "available_spare_threshold": s["spare_thresh"],
               "percentage_used": s["percent_used"], "data_units_read": s["data_units_read"],
               "data_units_written": s["data_units_written"], "host_reads": s["host_reads"],
               "host_writes": s["host_writes"], "controller_busy_time": s["ctrl_busy_time"],
               "power_cycles": s["power_cycles"], "power_on_hours": s["power_on_hours"],
               "unsafe_shutdowns": s["unsafe_shutdowns"], "media_errors": s["media_errors"],
               "num_err_log_entries": s["num_err_log_entries"],
               "warning_temp_time": s["warning_temp_time"],
               "critical_comp_time": s["critical_comp_time"],
               "temperature_sensors": s["temp_sensors_c"]},
           "temperature": {"current": s["temperature_c"]},
           "power_cycle_count": s["power_cycles"],
           "power_on_time": {"hours": s["power_on_hours"]}}
    if r["ns_util"] is not None:
        doc["nvme_namespaces"][0]["utilization"] = {"blocks": r["ns_util"] // lba,
                                                   "bytes": r["ns_util"]}
    ceph_argv(doc, dev, "NVMe")
    return doc


def from_json(path, serial, dev):
    """A published smartctl -j file; where the publisher masked the serial ("REDACTED"),
    SERIAL is put in its place."""
    doc = json.load(open(src(path)))
    if doc.get("serial_number") in (None, "REDACTED"):
        doc["serial_number"] = serial
    ceph_argv(doc, dev, doc["device"]["protocol"])
    return doc


def vendor_log(doc, vendor):
    """What block_device_get_metrics adds after smartctl: the vendor (udev's ID_VENDOR, else
    the first word of ID_MODEL, lower case) and the result of `nvme VENDOR smart-log-add`,
    which fails for every drive here (no such nvme-cli plugin; SATA and SAS drives are asked
    too)."""
    doc["nvme_vendor"] = vendor
    doc["nvme_smart_health_information_add_log_error"] = \
        "nvme returned an error: sudo: exit status: 1"
    doc["nvme_smart_health_information_add_log_error_code"] = -22
    return doc


def failed_scrape(dev, vendor):
    """Ceph's record of a scrape whose smartctl did not finish (killed at
    osd_smart_report_timeout): no smartctl JSON at all."""
    doc = {"error": "smartctl failed", "dev": "/dev/" + dev, "smartctl_error_code": -22,
           "smartctl_output": "smartctl returned an error (137): stderr:\n"
                              "sudo: exit status: 137\nstdout:\n"}
    return vendor_log(doc, vendor)


# ------------------------------------------------------------ older samples of one drive

def _attr(doc, ident):
    for a in doc.get("ata_smart_attributes", {}).get("table", []):
        if a["id"] == ident:
            return a
    return None


def _stat(doc, page, offset):
    for p in doc.get("ata_device_statistics", {}).get("pages", []):
        if p["number"] == page:
            for e in p["table"]:
                if e["offset"] == offset and "value" in e:
                    return e
    return None


def _set_raw(a, v):
    a["raw"] = {"value": v, "string": str(v)}


def ata_earlier(doc, hours, mib32):
    """The same ATA drive HOURS power-on hours and MIB32 units of 32 MiB of host writes
    earlier: every counter of time and of writes taken back by as much (reads in
    proportion), the wear indicators left as they read. Its text (smartctl.output) is
    dropped: it would no longer be this sample's."""
    d = copy.deepcopy(doc)
    d["smartctl"].pop("output", None)
    sectors = mib32 * (32 << 20) // 512
    a9 = _attr(d, 9)
    _set_raw(a9, a9["raw"]["value"] - hours)
    d["power_on_time"]["hours"] = a9["raw"]["value"]
    a228 = _attr(d, 228)            # Intel: Workload_Minutes
    if a228:
        _set_raw(a228, a228["raw"]["value"] - 60 * hours)
    lsw = _stat(d, 1, 0x18)["value"]
    frac = (lsw - sectors) / lsw
    for ident in (225, 241):        # Intel: Host_Writes_32MiB (twice)
        a = _attr(d, ident)
        if a:
            _set_raw(a, a["raw"]["value"] - mib32)
    for ident in (242, 243):        # Host_Reads_32MiB, NAND_Writes_32MiB
        a = _attr(d, ident)
        if a:
            _set_raw(a, int(a["raw"]["value"] * frac))
    _stat(d, 1, 0x18)["value"] = lsw - sectors
    for off in (0x20, 0x28, 0x30):  # write commands, sectors read, read commands
        e = _stat(d, 1, off)
        e["value"] = int(e["value"] * frac)
    return d


def nvme_at(doc, hours, percent_used, written_units, frac):
    """The same NVMe drive at HOURS power-on hours, PERCENT_USED and WRITTEN_UNITS data
    units written (SYNTHETIC: no public series of one drive exists); reads, commands and busy
    time in proportion FRAC of the newest."""
    d = copy.deepcopy(doc)
    log = d["nvme_smart_health_information_log"]
    log["power_on_hours"] = hours
    d["power_on_time"]["hours"] = hours
    log["percentage_used"] = percent_used
    log["data_units_written"] = written_units
    for k in ("data_units_read", "host_reads", "host_writes", "controller_busy_time"):
        log[k] = int(log[k] * frac)
    return d


# ------------------------------------------------------------ the cluster

# One Ceph cluster of three OSD hosts (ceph-a, ceph-b, ceph-c), with the newest daily scrape
# on 14 June 2026 at 03:15 UTC. Synthetic serials are DCCEPH + host letter + number; a
# published serial is kept.
SCRAPE = "2026061%d-0315%02d"


def float17(x):
    """JSONFormatter::dump_float of DeviceState's float wear_level: the float widened to a
    double, printed with 17 significant digits (max_digits10)."""
    return "%.17g" % struct.unpack("f", struct.pack("f", x))[0]


def cluster():
    devs = []

    def dev(devid, daemons, location, samples, wear=None, life=None, note=""):
        devs.append({"devid": devid, "daemons": daemons, "location": location,
                     "samples": samples, "wear": wear, "life": life, "note": note})

    # ceph-a: osd.0 (S4510, DB on the PM9A3), osd.1 (860 EVO, DB on the PM9A3), mon.ceph-a
    s4510 = ata_from_report("data/dumps/INTEL_SSDSC2KB960G8/smartctl.txt", "DCCEPHA001", "sda")
    vendor_log(s4510, "intel_ssdsc2kb960g8")
    newest = s4510
    series = {}
    for back, sec in ((0, 1), (60, 1), (120, 2)):
        # 1280 x 32 MiB = 40 GiB a day, the drive's own lifetime average
        key = days_before(SCRAPE % (4, sec), back)
        d = newest if back == 0 else ata_earlier(newest, back * 24, back * 1280)
        set_local_time(d, epoch(key))
        series[key] = d
    dev("INTEL_SSDSC2KB960G8_DCCEPHA001", ["osd.0"],
        [("ceph-a", "sda", "/dev/disk/by-path/pci-0000:00:17.0-ata-1.0")], series, wear=0.01)

    evo = from_json("data/import/smartctl-json/scrutiny-ata-x-Samsung_SSD_860_EVO_500GB.json",
                    None, "sdb")
    vendor_log(evo, "samsung_ssd_860_evo_500gb")
    set_local_time(evo, epoch(SCRAPE % (4, 2)))
    evo_wear = _stat(evo, 7, 8)["value"] / 100.0
    dev("Samsung_SSD_860_EVO_500GB_" + evo["serial_number"], ["osd.1"],
        [("ceph-a", "sdb", "/dev/disk/by-path/pci-0000:00:17.0-ata-2.0")],
        {SCRAPE % (4, 2): evo}, wear=evo_wear)

    pm9a3 = from_json("data/import/smartctl-json/exporter-nvme-SAMSUNG_MZQL2960HCJR-00A07.json",
                      "DCCEPHA003", "nvme0n1")
    vendor_log(pm9a3, "samsung")
    set_local_time(pm9a3, epoch(SCRAPE % (4, 3)))
    dev("SAMSUNG_MZQL2960HCJR-00A07_DCCEPHA003", ["osd.0", "osd.1"],
        [("ceph-a", "nvme0n1", "/dev/disk/by-path/pci-0000:5e:00.0-nvme-1")],
        {SCRAPE % (4, 3): pm9a3},
        wear=pm9a3["nvme_smart_health_information_log"]["percentage_used"] / 100.0)

    a400 = ata_from_report("data/dumps/KINGSTON_SA400S37240G/smartctl.txt", "DCCEPHA004", "sdc")
    vendor_log(a400, "kingston_sa400s37240g")
    set_local_time(a400, epoch(SCRAPE % (4, 10)))
    dev("KINGSTON_SA400S37240G_DCCEPHA004", ["mon.ceph-a"],
        [("ceph-a", "sdc", "/dev/disk/by-path/pci-0000:00:17.0-ata-3.0")],
        {SCRAPE % (4, 10): a400}, wear=_stat(a400, 7, 8)["value"] / 100.0)

    # ceph-b: osd.2 (MX200, failing), osd.3 (S4510 3.84 TB on XCV10100), osd.4 (PM983, worn)
    mx200 = json.load(open(src("data/import/smartctl-json/constructed-ata-x-Crucial_CT250MX200SSD1.json")))
    mx200["serial_number"] = "DCCEPHB001"
    mx200["smartctl"]["exit_status"] = 8     # bit 3: SMART status "DISK FAILING"
    ceph_argv(mx200, "sda", "ATA")
    vendor_log(mx200, "crucial_ct250mx200ssd1")
    key_ok, key_failed = "20260613-031504", SCRAPE % (4, 4)
    set_local_time(mx200, epoch(key_ok))
    dev("Crucial_CT250MX200SSD1_DCCEPHB001", ["osd.2"],
        [("ceph-b", "sda", "/dev/disk/by-path/pci-0000:00:1f.2-ata-1")],
        {key_ok: mx200, key_failed: failed_scrape("sda", "crucial_ct250mx200ssd1")},
        wear=_stat(mx200, 7, 8)["value"] / 100.0,
        life=("2026-06-15T03:20:11.000000+0000", "2026-06-28T03:20:11.000000+0000",
              "2026-06-14T03:20:11.829034+0000"))

    s4510b = ata_from_report("data/dumps/INTEL_SSDSC2KB038T8_XCV10100/smartctl.txt",
                             "DCCEPHB002", "sdb")
    vendor_log(s4510b, "intel_ssdsc2kb038t8")
    set_local_time(s4510b, epoch(SCRAPE % (4, 5)))
    dev("INTEL_SSDSC2KB038T8_DCCEPHB002", ["osd.3"],
        [("ceph-b", "sdb", "/dev/disk/by-path/pci-0000:00:1f.2-ata-2")],
        {SCRAPE % (4, 5): s4510b}, wear=_stat(s4510b, 7, 8)["value"] / 100.0)

    pm983 = nvme_from_report("data/import/linuxhw/NVMe/Samsung/MZQLB1T9HAJR-00007/BCBDCE1CD239.txt",
                             "DCCEPHB003", "nvme0n1")
    vendor_log(pm983, "samsung")
    # Six monthly samples, 150 days: worn from 76% to 84% (8 points in 150 days, 19.5% a
    # year) at 1.46 TB a day, six years on (52,560 hours): 14% a year over its life.
    wear_pm983 = (76, 78, 79, 81, 82, 84)
    keys = [days_before(SCRAPE % (3, 6), 30 * back) for back in range(5, -1, -1)]
    newest_units = 4492187500          # 2,300 TB in 512,000-byte units
    per_30d = 85546875                 # 1.46 TB a day for 30 days
    series = {}
    for i, key in enumerate(keys):
        back = len(keys) - 1 - i
        units = newest_units - back * per_30d
        d = nvme_at(pm983, 52560 - back * 720, wear_pm983[i], units, units / newest_units)
        set_local_time(d, epoch(key))
        series[key] = d
    dev("SAMSUNG_MZQLB1T9HAJR-00007_DCCEPHB003", ["osd.4"],
        [("ceph-b", "nvme0n1", "/dev/disk/by-path/pci-0000:3b:00.0-nvme-1")], series,
        wear=wear_pm983[-1] / 100.0)

    # ceph-c: osd.5 (SAS HDD), osd.6 (P4510, not scraped yet)
    sas = from_json("data/import/smartctl-json/exporter-scsi-sas-HITACHI_H109060SESUN600G.json",
                    "DCCEPHC001", "sda")
    vendor_log(sas, "hitachi")
    set_local_time(sas, epoch(SCRAPE % (4, 7)))
    dev("HITACHI_H109060SESUN600G_DCCEPHC001", ["osd.5"],
        [("ceph-c", "sda", "/dev/disk/by-path/pci-0000:3b:00.0-sas-phy4-lun-0")],
        {SCRAPE % (4, 7): sas})

    dev("INTEL_SSDPE2KX020T8_DCCEPHC002", ["osd.6"],
        [("ceph-c", "nvme0n1", "/dev/disk/by-path/pci-0000:5e:00.0-nvme-1")], {})

    # A device the mgr still knows from its config-key store (device/DEVID) but that no
    # daemon claims: an admin set its life expectancy by hand, with a start only, on a mgr
    # in UTC+1 (the end prints as a zero utime_t).
    dev("SAMSUNG_MZ7LH960HAJR-00005_DCCEPHX002", [], [], {}, wear=0.03,
        life=("2026-03-01T01:00:00.000000+0100", "0.000000", "2026-02-20T10:42:07.513374+0100"))
    return devs


def orphan():
    """A file an admin saved in March for a drive since replaced: `device ls` no longer
    lists its devid."""
    m = ata_from_report("data/dumps/Micron_5300_MTFDDAK960TDS/smartctl.txt", "DCCEPHX001", "sdb")
    vendor_log(m, "micron_5300_mtfddak960tds")
    key = "20260301-031503"
    set_local_time(m, epoch(key))
    return "Micron_5300_MTFDDAK960TDS_DCCEPHX001", {key: m}


# ------------------------------------------------------------ Ceph's printers

def device_ls(devs):
    """`ceph device ls --format json`: DaemonServer's "device ls", DeviceState::dump for each
    device in devid order, compact; the CLI prints a blank line first and nothing after."""
    out = []
    for d in sorted(devs, key=lambda d: d["devid"]):
        parts = ['"devid":' + json.dumps(d["devid"])]
        parts.append('"location":[' + ",".join(
            '{"host":%s,"dev":%s,"path":%s}' % (json.dumps(h), json.dumps(v), json.dumps(p))
            for h, v, p in sorted(d["location"])) + "]")
        parts.append('"daemons":[' + ",".join(json.dumps(x) for x in d["daemons"]) + "]")
        if d["life"]:
            lo, hi, stamp = d["life"]
            parts.append('"life_expectancy_min":%s,"life_expectancy_max":%s,'
                         '"life_expectancy_stamp":%s'
                         % (json.dumps(lo), json.dumps(hi), json.dumps(stamp)))
        if d["wear"] is not None:
            parts.append('"wear_level":' + float17(d["wear"]))
        out.append("{" + ",".join(parts) + "}")
    return "\n[" + ",".join(out) + "]"


def health_metrics(samples):
    """devicehealth show_device_metrics: json.dumps(res, indent=4, sort_keys=True)."""
    return json.dumps(samples, indent=4, sort_keys=True)


def daemon_query(values):
    """OSD's "smart" command as json_spirit::write(json_map, pretty_print) writes it."""
    return json.dumps(values, indent=4, sort_keys=True, separators=(",", " : "))


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="ascii") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "data", "ceph-health"))
    ap.add_argument("--million", metavar="FILE")
    args = ap.parse_args()

    if args.million:
        # A million distinct, well-formed sample times (one a second from 2020), each with
        # an empty sample: only their number is wrong, and it must be what refuses the file.
        t0 = calendar.timegm((2020, 1, 1, 0, 0, 0))
        with open(args.million, "w", encoding="ascii") as f:
            f.write("{")
            for i in range(1000000):
                if i:
                    f.write(",")
                f.write('\n    "%s": {}' % time.strftime(SAMPLE_TIME, time.gmtime(t0 + i)))
            f.write("\n}")
        return

    out = args.out
    devs = cluster()
    write(os.path.join(out, "cluster", "devices.json"), device_ls(devs))
    newest = {}
    for d in devs:
        write(os.path.join(out, "cluster", "health-metrics", d["devid"] + ".json"),
              health_metrics(d["samples"]))
        if d["samples"]:
            newest[d["devid"]] = d["samples"][max(d["samples"])]
    devid, samples = orphan()
    write(os.path.join(out, "cluster", "health-metrics", devid + ".json"), health_metrics(samples))

    # osd.0 queried at 12:40:03 UTC: its two devices, read now (no sample time: smartctl's
    # local_time says when), nine hours after the morning's scrape.
    query = {}
    for devid in ("INTEL_SSDSC2KB960G8_DCCEPHA001", "SAMSUNG_MZQL2960HCJR-00A07_DCCEPHA003"):
        d = copy.deepcopy(newest[devid])
        d["smartctl"].pop("output", None)
        set_local_time(d, epoch("20260614-124003"))
        if "nvme_smart_health_information_log" in d:
            d["nvme_smart_health_information_log"]["power_on_hours"] += 9
            d["power_on_time"]["hours"] += 9
        else:
            d = ata_earlier(d, -9, -480)
            set_local_time(d, epoch("20260614-124003"))
        query[devid] = d
    write(os.path.join(out, "cluster", "osd.0.json"), daemon_query(query))

    # Inputs to refuse, each alone and with its file named.
    good_key = SCRAPE % (4, 1)
    good = newest["INTEL_SSDSC2KB960G8_DCCEPHA001"]
    hostile = os.path.join(out, "hostile")
    write(os.path.join(hostile, "sample-key-not-a-time.json"),
          health_metrics({good_key: good, "yesterday": good}))
    write(os.path.join(hostile, "sample-key-impossible-date.json"),
          health_metrics({"20260230-031501": good}))
    write(os.path.join(hostile, "sample-not-smartctl.json"),
          health_metrics({good_key: good, "20260613-031501": {"temperature": 30, "passed": True}}))
    write(os.path.join(hostile, "sample-not-an-object.json"),
          health_metrics({good_key: "smartctl 7.5 2025-04-30 r5714 [x86_64-linux]"}))
    # Two samples of one time: json.dumps never writes it, a hand-made file can.
    text = health_metrics({good_key: good})
    write(os.path.join(hostile, "sample-time-twice.json"),
          text[:-2] + ",\n" + text[2:])
    write(os.path.join(hostile, "device-ls-entry-without-devid.json"),
          '\n[{"location":[{"host":"ceph-a","dev":"sdd","path":""}],"daemons":["osd.9"]}]')
    write(os.path.join(hostile, "daemon-query-value-not-an-object.json"),
          daemon_query({"INTEL_SSDSC2KB960G8_DCCEPHA001": good,
                        "SAMSUNG_MZQL2960HCJR-00A07_DCCEPHA003": 42}))
    # A DEVID.json whose samples are of another drive (a renamed file).
    write(os.path.join(hostile, "name-mismatch", "INTEL_SSDSC2KB960G8_DCCEPHA001.json"),
          health_metrics({SCRAPE % (4, 10): newest["KINGSTON_SA400S37240G_DCCEPHA004"]}))


if __name__ == "__main__":
    main()
