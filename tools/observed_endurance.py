#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""observed_endurance.py - how many full-drive writes a family's drives take to 100% of their
own wear indicator, as real smartctl reports show it (linuxhw/EnterpriseDrive).

Standard library only. Version 2 (TOOL_VERSION below; the table's header names it).

  tools/observed_endurance.py table CORPUS --commit SHA [--drivecheck BIN] [--date YYYY-MM-DD]
                              [--min-drives N] [-o TABLE] [--drives TSV] [--summary TXT]
  tools/observed_endurance.py coverage [--table TABLE] [--models TSV] [--drivecheck BIN]
  tools/observed_endurance.py drive FILE...

`table` walks CORPUS/SSD and CORPUS/NVMe (a checkout or `git archive` of the corpus; SHA is
the commit it was taken at) and writes the derived table (default db/observed/endurance.tsv);
`--drives` writes one line per report (what was read, what was decided), `--summary` the
figures: reports used and left out by reason, counters wrapped or disagreeing, and the
families whose rated and observed figures differ by more than 3x. `coverage` gives the share
of the reports of data/enterprise-models.tsv (the list bench/db-coverage weighs) whose family
has a rated endurance (DWPD or TBW in the database), an observed one (a row of the table),
either. `drive` prints what one report gives (a check by hand; the tests use it).

Per report:
- Identity, family and rating come from drivecheck itself: `drivecheck import --json` over the
  reports (500 files a run), its `model`, `capacity_bytes` and `database` (vendor, family,
  dwpd, warranty_years, tbw_tb). A report drivecheck cannot read, or whose model the database
  does not know, is left out and counted: a "family" here is always a family of the database,
  never a guess from the model string (the summary lists the unknown models with the most
  reports: rows to write next).
- The wear indicator: NVMe "Percentage Used"; ATA Device Statistics page 7 offset 08h
  "Percentage Used Endurance Indicator"; else the family's vendor life-left attribute where
  drivecheck knows one (ATA_RULES below, 100 - its normalised value). This is drivecheck's own
  order (docs/health.md).
- Every counter of bytes written the report has: NVMe "Data Units Written" x 512,000; ATA Device
  Statistics page 1 offset 18h "Logical Sectors Written" x the logical sector size; attribute
  241 or 246 in the unit of the family's rule (ATA_RULES).
- ATA_RULES mirror the life-left and host-writes rules of drivecheck's attribute table
  (src/device/ata/ata_attrs.c): same globs on the same normalised model, same units, same
  validity (life left counts at values 0-100; host writes only at a valid normalised value,
  1-253). Drive.dc_percent and .dc_written say what drivecheck reads by its own rules: a
  Device Statistics page at any revision but 0 (version 1 of this tool mirrored a
  drivecheck that read revision 1 alone, and 8,580 reports of the corpus give page 1 at
  revision 2 or 3), and of two counters of bytes written the one that did not wrap, else
  the log (docs/health.md, "Two counters of one figure"). `table` holds every report's
  reading against drivecheck's: the wear percentage and, where drivecheck read them, the
  bytes written must be the same (and the model and the capacity), or the report is left
  out and counted as "tool and drivecheck disagree". At version 1, on the whole corpus:
  23 reports (11 of them otherwise used), each one where drivecheck misread digits
  grouped by the locale with blanks ("960 197 124 096 bytes", "1 866 691 970" data units,
  and the same with no-break spaces); drivecheck reads them since. Version 2 adds the
  rules of the Kingston KC600 (231 life left, 241 in 32 MiB).

Two counters of one quantity (Device Statistics and an attribute) are cross-checked:
- they agree when they differ by at most 1% of the larger, or by the slack: two of the
  coarser unit and 64 MiB (smartctl reads the attributes and the log a moment apart);
- one has wrapped when it reads under 2^32 of its own units (sectors for the log; the
  attribute's unit for the attribute) and is the smaller by a whole number k >= 1 of 2^32 of
  them, give or take the slack: the larger is used, and the drive is counted as wrapped
  (Crucial MX500 and BX500 keep the log's count in 32 bits: a 1 TB MX500 at 81% shows 520 GB
  there and 117 TB in attribute 246, 53 wraps more);
- otherwise they disagree: the drive is left out of the table and counted.
The counter used: the one that did not wrap, else the Device Statistics log (drivecheck's
choice), else the attribute, else NVMe's own.

Where the log's counter is the only one drivecheck reads, an attribute it has no rule for
may still show the log's wrap: one that smartctl names with a unit (NAMED_UNITS:
"Host_Writes_32MiB", "Total_LBAs_Written", ...). Such a name proves nothing when it
disagrees (an older smartctl names a 32 MiB counter "Total_LBAs_Written"), so only a
whole-wrap match counts: the drive is left out ("log counter wrapped, seen by an attribute
drivecheck has no rule for"; at version 1, Kingston KC600, whose attribute 241 counts 32
MiB: drivecheck has a rule for it since). And in a
family where any drive's log counter wrapped, a drive whose only counter is the log under
2^32 sectors may have wrapped unseen: it is left out too.

Full-drive writes at 100% of the wear indicator, per drive:
    bytes_written / capacity_bytes / (percent_used / 100)
Drives under 3% wear are left out (the indicator is an integer: 1% of it is no figure), and so
are those at 255% (NVMe saturates there) and those whose counter reads 0 at 3% or more (a
counter that does not count). Per family (vendor and family of the database), and per family
and capacity, a row needs at least --min-drives drives (default 5): the number of drives, the
25th percentile, the median and the 75th percentile of their figures (Python's
statistics.quantiles, method "inclusive", and statistics.median), rounded to whole drive writes,
and the median wear those drives were at. Capacity groups are the capacity rounded to three
significant digits (960 GB, 1.92 TB, 7.68 TB).

Rated drive writes, for the comparison only: dwpd x 365 x warranty_years where the row has
both, else tbw_tb x 10^12 / capacity_bytes for the model's own TBW; a family's rated figure is
the median over its drives used. The table holds observed figures only: what those fleets'
workloads, with their write amplification, took; never a vendor's rating.

The output has derived numbers only, no text of a report. The corpus is CC BY 4.0: the table's
header names it, its commit and the licence (attribution).
"""
import argparse
import collections
import datetime
import fnmatch
import json
import os
import re
import statistics
import subprocess
import sys

from smartctl_report import ata_attributes, field, num  # tools/smartctl_report.py

TOOL_VERSION = 2
TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS_NAME = "linuxhw/EnterpriseDrive"
CORPUS_URL = "https://github.com/linuxhw/EnterpriseDrive"
MIN_WEAR = 3
NVME_SATURATED = 255
WRAP = 1 << 32
IMPORT_CHUNK = 500
# smartctl reads the attributes and the log a moment apart, the drive busy in between
READ_APART = 64 * (1 << 20)

MIB = 1 << 20
GIB = 1 << 30
LIFE_LEFT, HOST_WRITES = "life-left", "host-writes"
# (glob on the normalised model, attribute id, meaning, bytes per raw unit): the rules of
# src/device/ata/ata_attrs.c for these two meanings, in its order (the first match of an id
# wins). Its other rules (capacitor health, unsafe shutdowns) give no figure used here.
ATA_RULES = [
    ("SSDSC*R", 245, LIFE_LEFT, 0),                      # Intel DC SATA, Dell firmware
    ("SSDSC2*[0-9Z]", 233, LIFE_LEFT, 0),                # Intel SATA
    ("SSDSCK*[0-9]", 233, LIFE_LEFT, 0),
    ("SSDSC2[BC]*[0-9Z]", 241, HOST_WRITES, 32 * MIB),
    ("SSDSC2K[BG]*[0-9Z]", 241, HOST_WRITES, 32 * MIB),
    ("SSDSCK[JK]B*[0-9]", 241, HOST_WRITES, 32 * MIB),
    ("SEDC*", 231, LIFE_LEFT, 0),                        # Kingston (Phison)
    ("SEDC*", 241, HOST_WRITES, GIB),
    ("SA400*", 231, LIFE_LEFT, 0),
    ("SA400*", 241, HOST_WRITES, GIB),
    ("SKC600*", 231, LIFE_LEFT, 0),                      # Kingston KC600
    ("SKC600*", 241, HOST_WRITES, 32 * MIB),
    ("MZ7*", 177, LIFE_LEFT, 0),                         # Samsung SATA
    ("MZ7*", 241, HOST_WRITES, 512),
    ("SSD 8[3-8]0*", 177, LIFE_LEFT, 0),
    ("SSD 8[3-8]0*", 241, HOST_WRITES, 512),
    ("SSD 8[3-8]3 DCT*", 177, LIFE_LEFT, 0),
    ("SSD 8[3-8]3 DCT*", 241, HOST_WRITES, 512),
    ("5[234]00 MTFD*", 202, LIFE_LEFT, 0),               # Micron 5200/5300/5400
    ("5[234]00 MTFD*", 246, HOST_WRITES, 512),
    ("5100 MTFD*", 202, LIFE_LEFT, 0),                   # Micron 5100
    ("CT*[MB]X[0-9]00SSD*", 202, LIFE_LEFT, 0),          # Crucial MX/BX
    ("CT*[MB]X[0-9]00SSD*", 246, HOST_WRITES, 512),
    ("WDS*", 241, HOST_WRITES, GIB),                     # WD Blue/Red SATA
    ("SSD PLUS*", 241, HOST_WRITES, GIB),                # SanDisk SSD Plus
]
# The units smartctl's attribute names imply, in bytes (as tests/replay/check_reports.py
# reads them). Only to look for a wrap where drivecheck has no rule for the attribute:
# smartctl names by its own drive database, and an older smartctl calls many a 32 MiB
# counter "Total_LBAs_Written", so a name that disagrees proves nothing.
NAMED_UNITS = [
    (re.compile(r"(Total_LBAs_Written|Host_Writes_LBA|LBAs_Written|Total_Host_Sector_Write)"), 512),
    (re.compile(r"Host_Writes_MiB"), MIB),
    (re.compile(r"Host_Writes_32MiB"), 32 * MIB),
    (re.compile(r"Host_Writes_GiB|Lifetime_Writes_GiB|Total_Writes_GiB"), GIB),
]
# drivecheck's vendor words (src/core/model.c): a pattern matches with or without one.
VENDOR_WORDS = ("SAMSUNG", "INTEL", "MICRON", "WDC", "WD", "HGST", "KINGSTON", "TOSHIBA",
                "KIOXIA", "SANDISK", "SEAGATE", "CRUCIAL", "SOLIDIGM", "LITEON")


def normalize(model):
    """drivecheck's normal form: upper case, '_' and white space runs to one space, trimmed,
    other control and non-ASCII bytes dropped."""
    out, space = [], False
    for c in model:
        if c == "_" or c.isspace():
            space = bool(out)
            continue
        if not "\x21" <= c <= "\x7e":
            continue
        if space:
            out.append(" ")
        space = False
        out.append(c.upper())
    return "".join(out)


def model_match(pattern, norm):
    bare = norm
    for w in VENDOR_WORDS:
        if norm.startswith(w + " ") and len(norm) > len(w) + 1:
            bare = norm[len(w) + 1:]
            break
    return fnmatch.fnmatchcase(norm, pattern) or \
        (bare != norm and fnmatch.fnmatchcase(bare, pattern))


def ata_rule(norm, attr_id):
    for glob, i, meaning, unit in ATA_RULES:
        if i == attr_id and model_match(glob, norm):
            return meaning, unit
    return None


# ---- reading one report ------------------------------------------------------------------

DEVSTAT = re.compile(r"^0x([0-9a-f]{2})  0x([0-9a-f]{3})  \d\s+(\d+)\s+[-NDC]{3}", re.M)
DEVSTAT_PAGE = re.compile(r"^0x([0-9a-f]{2})  =====  =\s+=  ===  == .*\(rev (\d+)\) ==", re.M)


class Report:
    """What one smartctl text report says, as read here (no judgement yet)."""

    def __init__(self):
        self.kind = None            # "nvme", "ata", or None (no drive identity)
        self.model = None
        self.capacity = None
        self.sector = 512           # logical sector bytes (ATA)
        self.percent_used = None    # NVMe Percentage Used
        self.data_units = None      # NVMe Data Units Written
        self.devstat = {}           # ATA Device Statistics {(page, offset): value}, valid ones
        self.devstat_rev = {}       # {page: revision}
        self.attrs = {}             # ATA attributes {id: (name, value, raw text)}


def read_report(text):
    r = Report()
    model = field(text, "Model Number")
    if model:
        r.kind, r.model = "nvme", model
    elif field(text, "Device Model"):
        r.kind, r.model = "ata", field(text, "Device Model")
    else:
        return r
    cap = field(text, "User Capacity") or field(text, "Total NVM Capacity") or \
        field(text, "Namespace 1 Size/Capacity")
    if cap:
        try:
            r.capacity = num(cap.split("[")[0].split("/")[0].replace("bytes", ""))
        except ValueError:
            r.capacity = None
    if r.kind == "nvme":
        pu, duw = field(text, "Percentage Used"), field(text, "Data Units Written")
        if pu and re.fullmatch(r"\d+%", pu):
            r.percent_used = int(pu[:-1])
        # thousands separated as the locale had it: "695,017,182", "695.017.182", "695 017 182"
        if duw and re.fullmatch(r"\d[\d,.\s']*", duw.split("[")[0].strip()):
            r.data_units = num(duw.split("[")[0])
        return r
    sec = field(text, "Sector Sizes") or field(text, "Sector Size")
    m = re.match(r"(\d+) bytes logical", sec or "")
    if m:
        r.sector = int(m.group(1))
    for m in DEVSTAT_PAGE.finditer(text):
        r.devstat_rev.setdefault(int(m.group(1), 16), int(m.group(2)))
    for m in DEVSTAT.finditer(text):
        r.devstat.setdefault((int(m.group(1), 16), int(m.group(2), 16)), int(m.group(3)))
    for aid, a in ata_attributes(text).items():
        r.attrs[aid] = (a["name"], a["value"], a["raw"])
    return r


# ---- one drive's figures -----------------------------------------------------------------

class Counter:
    def __init__(self, name, units, unit_bytes):
        self.name, self.units, self.unit_bytes = name, units, unit_bytes

    @property
    def bytes(self):
        return self.units * self.unit_bytes


class Drive:
    """One report judged: the wear, the counters, which one is used and why."""

    def __init__(self):
        self.percent_used = None
        self.wear_source = None
        self.counters = []          # every counter of bytes written present
        self.used = None            # the Counter used
        self.check = None           # "single", "agree", "wrapped", "disagree", or None
        self.wraps = 0              # whole 2^32 wraps of the counter not used
        self.named = []             # attributes without a rule, unit by smartctl's name
        self.dc_percent = None      # what drivecheck reads (the same rules, but a Device
        self.dc_written = None      # Statistics page at any revision but 0)

    @property
    def written(self):
        return self.used.bytes if self.used else None


def crosscheck(a, b):
    """Two counters of one quantity: ("agree", None, 0), ("wrapped", the larger, k) or
    ("disagree", None, 0)."""
    hi, lo = (a, b) if a.bytes >= b.bytes else (b, a)
    slack = 2 * max(a.unit_bytes, b.unit_bytes) + READ_APART
    diff = hi.bytes - lo.bytes
    if diff <= max(hi.bytes // 100, slack):
        return "agree", None, 0
    # the smaller one kept 32 bits of its own units and went round k times
    k = round(diff / (WRAP * lo.unit_bytes))
    if lo.units < WRAP and k >= 1 and abs(diff - k * WRAP * lo.unit_bytes) <= slack:
        return "wrapped", hi, k
    return "disagree", None, 0


def drive_figures(r):
    d = Drive()
    if r.kind == "nvme":
        d.percent_used = r.percent_used
        d.wear_source = "nvme percentage used" if r.percent_used is not None else None
        if r.data_units is not None:
            d.counters.append(Counter("nvme data units written", r.data_units, 512000))
    elif r.kind == "ata":
        norm = normalize(r.model)
        attr = None
        for i, (name, value, raw) in r.attrs.items():
            rule = ata_rule(norm, i)
            if not rule:
                continue
            meaning, unit = rule
            if meaning == LIFE_LEFT and value <= 100:
                d.percent_used, d.wear_source = 100 - value, f"ata attribute {i}"
            elif meaning == HOST_WRITES and 1 <= value <= 253 and re.fullmatch(r"\d+", raw):
                attr = Counter(f"ata attribute {i}", int(raw), unit)
        for i, (name, value, raw) in r.attrs.items():
            unit = next((u for rx, u in NAMED_UNITS if rx.fullmatch(name)), None)
            if unit and not ata_rule(norm, i) and 1 <= value <= 253 and re.fullmatch(r"\d+", raw):
                d.named.append(Counter(f"ata attribute {i} ({name})", int(raw), unit))
        d.dc_percent = d.percent_used
        if (7, 0x08) in r.devstat:
            d.percent_used, d.wear_source = r.devstat[(7, 0x08)], "ata device statistics"
            if r.devstat_rev.get(7, 0) != 0:
                d.dc_percent = d.percent_used
        log = None
        if (1, 0x18) in r.devstat:
            d.counters.append(Counter("ata device statistics", r.devstat[(1, 0x18)], r.sector))
            if r.devstat_rev.get(1, 0) != 0:
                log = d.counters[0]
        if attr:
            d.counters.append(attr)
        # drivecheck's choice of two: the one that did not wrap, else the log
        if log and attr:
            check, larger, _ = crosscheck(log, attr)
            d.dc_written = (larger if check == "wrapped" else log).bytes
        elif log or attr:
            d.dc_written = (log or attr).bytes
        return crosscheck_drive(d)
    d.dc_percent = d.percent_used
    if d.counters:
        d.dc_written = d.counters[0].bytes
    return crosscheck_drive(d)


def crosscheck_drive(d):
    if not d.counters:
        return d
    if len(d.counters) == 1:
        d.check, d.used = "single", d.counters[0]
        # a lone log counter against an attribute drivecheck has no rule for: only a
        # whole-wrap match counts (the name's unit may be wrong)
        for c in d.named if d.used.name == "ata device statistics" else ():
            check, larger, k = crosscheck(d.used, c)
            if check == "wrapped" and larger is c:
                d.check, d.used, d.wraps = "wrapped-unruled", None, k
                d.counters.append(c)
                break
        return d
    d.check, wrapped, d.wraps = crosscheck(d.counters[0], d.counters[1])
    if d.check == "agree":
        d.used = d.counters[0]
    elif d.check == "wrapped":
        d.used = wrapped
    return d


def leave_out(r, d):
    """Why a report gives no figure, or None."""
    if r.kind is None:
        return "no drive identity"
    if d.percent_used is None:
        return "no wear indicator"
    if not d.counters:
        return "no counter of bytes written"
    if d.check == "disagree":
        return "counters disagree"
    if d.check == "wrapped-unruled":
        return "log counter wrapped, seen by an attribute drivecheck has no rule for"
    if not r.capacity:
        return "no capacity"
    if d.percent_used < MIN_WEAR:
        return f"wear under {MIN_WEAR}%"
    if d.percent_used >= NVME_SATURATED:
        return f"wear at {NVME_SATURATED}% (saturated)"
    if d.written == 0:
        return "counter reads 0"
    return None


def drive_writes(r, d):
    return d.written / r.capacity / (d.percent_used / 100)


# ---- drivecheck ----------------------------------------------------------------------------

def drivecheck_import(dc, root, paths):
    """{relative path: device object} for each report, drivecheck import's reading of it."""
    out = {}
    dc = os.path.abspath(dc) if os.sep in dc else dc   # it runs in root
    for i in range(0, len(paths), IMPORT_CHUNK):
        chunk = paths[i:i + IMPORT_CHUNK]
        p = subprocess.run([dc, "import", "--json", "--"] + chunk, cwd=root,
                           capture_output=True, text=True)
        try:
            doc = json.loads(p.stdout)
        except ValueError:
            sys.exit(f"observed_endurance: {dc} import gave no JSON (exit {p.returncode}): "
                     f"{p.stderr.strip()[:300]}")
        for dev in doc["devices"]:
            out[dev["path"]] = dev
    return out


def reading_differs(r, d, dev):
    """Where drivecheck's reading of a report (its import --json device object) is not the
    tool's reading by drivecheck's rules: a list of what differs."""
    if dev is None or "verdicts" not in dev or r.kind is None:
        return []
    w = dev.get("wear") or {}
    diff = []
    if dev.get("model") != r.model:
        diff.append(f"model {dev.get('model')!r}")
    if dev.get("capacity_bytes") != r.capacity:
        diff.append(f"capacity {dev.get('capacity_bytes')}")
    if w.get("percent_used") != d.dc_percent:
        diff.append(f"wear {w.get('percent_used')} (tool {d.dc_percent})")
    got = w.get("host_written_bytes")
    if (got is None) != (d.dc_written is None) or \
            (got is not None and float(got) != float(d.dc_written)):
        diff.append(f"written {got} (tool {d.dc_written})")
    return diff


def rated_writes(db, capacity):
    """Rated full-drive writes of a drive from its database row, or None."""
    if db.get("dwpd") and db.get("warranty_years"):
        return db["dwpd"] * 365 * db["warranty_years"]
    if db.get("tbw_tb") and capacity:
        return db["tbw_tb"] * 1e12 / capacity
    return None


# ---- the table -----------------------------------------------------------------------------

def nominal(capacity):
    """The capacity to three significant digits, in bytes (960197124096 -> 960000000000)."""
    e = len(str(capacity)) - 3
    return int(round(capacity / 10 ** e)) * 10 ** e if e > 0 else capacity


def stats(values):
    v = sorted(values)
    if len(v) == 1:
        return v[0], v[0], v[0]
    q = statistics.quantiles(v, n=4, method="inclusive")
    return q[0], statistics.median(v), q[2]


def walk(corpus):
    paths = []
    for top in ("SSD", "NVMe"):
        for dp, dn, fn in os.walk(os.path.join(corpus, top)):
            dn.sort()
            for f in sorted(fn):
                paths.append(os.path.relpath(os.path.join(dp, f), corpus))
    return paths


def fmt_int(x):
    return str(int(round(x)))


def header(args, date, reports, used, left, checks):
    why = [f"{k} {v}" for k, v in sorted(left.items(), key=lambda kv: -kv[1])]
    return (
        "# db/observed/endurance.tsv - observed endurance: full-drive writes to 100% of the\n"
        "#   drive's own wear indicator, per family of the drive database, and per family\n"
        "#   and capacity. What those fleets' workloads took, with their write\n"
        "#   amplification: never a vendor's rating (db/README.md, \"Observed endurance\").\n"
        f"# corpus: {CORPUS_NAME}, {CORPUS_URL}\n"
        f"#   commit {args.commit}, folders SSD/ and NVMe/: {reports} reports\n"
        "# licence: the corpus is CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/);\n"
        f"#   derived figures only, no text of a report; attribution: {CORPUS_NAME}\n"
        f"# tool: tools/observed_endurance.py version {TOOL_VERSION} (its rules: the docstring)\n"
        f"# date: {date}\n"
        f"# drives used: {used}; left out:\n" +
        "".join(f"#   {w}\n" for w in why) +
        f"# drives with two counters of bytes written: {checks['agree']} agree, "
        f"{checks['wrapped']} wrapped\n#   (the unwrapped one used), {checks['disagree']} "
        "disagree (left out); with the log's alone: "
        f"{checks['wrapped-unruled']} wrapped, as an\n#   attribute drivecheck has no rule "
        "for shows (left out)\n"
        "# columns: vendor, family: as in db/vendors; capacity_bytes: to three significant\n"
        "#   digits, - for the whole family; drives: used, at least " f"{args.min_drives}" ";\n"
        "#   dw_p25, dw_median, dw_p75: full-drive writes to 100% wear, the quartiles of the\n"
        "#   drives; wear_median: percent used, the median of those drives; wrapped: drives\n"
        "#   one of whose two counters had wrapped at 2^32 of its units (the other one used);\n"
        "#   model: the model string most of those drives report (what a TBW line matches)\n")


class Tally:
    """What the walk over the corpus found: the drives used, and every count the header and
    the summary give."""

    def __init__(self):
        self.reports = 0
        self.used = []              # (vendor, family, capacity, figure, wear, wrapped, rated)
        self.left = collections.Counter()
        self.checks = collections.Counter()
        self.family_checks = collections.defaultdict(collections.Counter)
        self.unknown = collections.Counter()
        self.compared = 0
        self.mismatch = []
        self.lines = []             # --drives
        self.log_wraps = set()      # families with a drive whose log counter wrapped
        # per family, for each drive used: whether its one counter is the log's under 2^32
        # sectors (a wrap could not be seen)
        self.unchecked = collections.defaultdict(list)


LONE = "lone log counter under 2^32 sectors, in a family whose log counter wraps"


def tally(args):
    paths = walk(args.corpus)
    if not paths:
        sys.exit(f"observed_endurance: no reports under {args.corpus}/SSD or /NVMe")
    devs = drivecheck_import(args.drivecheck, args.corpus, paths)
    t = Tally()
    t.reports = len(paths)
    seen = []                       # (path, report, drive, family, db row, why, diff)
    log_wraps = set()               # families with a drive whose log counter wrapped
    for p in paths:
        with open(os.path.join(args.corpus, p), encoding="utf-8", errors="replace") as f:
            r = read_report(f.read())
        d = drive_figures(r)
        dev = devs.get(p)
        read = dev is not None and "verdicts" in dev
        db = (dev or {}).get("database") or {}
        fam = (db["vendor"], db["family"]) if db else None
        if d.check:
            t.checks[d.check] += 1
            if fam and d.check in ("wrapped", "wrapped-unruled", "disagree"):
                t.family_checks[fam][d.check] += 1
            if fam and d.check in ("wrapped", "wrapped-unruled") and \
                    d.counters[0].name == "ata device statistics" and d.used is not d.counters[0]:
                log_wraps.add(fam)
        why, diff = leave_out(r, d), reading_differs(r, d, dev)
        if read and r.kind:
            t.compared += 1
        if diff:
            t.mismatch.append(f"{p}: drivecheck says " + "; ".join(diff))
        if not why and not read:
            why = "drivecheck cannot read it"
        if not why and diff:
            why = "tool and drivecheck disagree"
        if not why and not fam:
            why = "not in the database"
            t.unknown[r.model] += 1
        seen.append((p, r, d, fam, db, why, diff))
    t.log_wraps = log_wraps
    for p, r, d, fam, db, why, diff in seen:
        # a lone log counter that may have wrapped unseen, where the family's do
        lone = d.check == "single" and d.used.name == "ata device statistics" and \
            d.used.units < WRAP
        if not why and fam in log_wraps and lone:
            why = LONE
        fig = None
        if why:
            t.left[why] += 1
        else:
            fig = drive_writes(r, d)
            t.used.append((fam[0], fam[1], r.capacity, fig, d.percent_used,
                           d.check == "wrapped", rated_writes(db, r.capacity), r.model))
            t.unchecked[fam].append(lone)
        if args.drives:
            t.lines.append((
                p, r.model or "-", " ".join(fam) if fam else "-", r.capacity or "-",
                "-" if d.percent_used is None else d.percent_used, d.wear_source or "-",
                ";".join(f"{c.name}={c.bytes}" for c in d.counters) or "-", d.check or "-",
                d.wraps, d.used.name if d.used else "-", "-" if fig is None else f"{fig:.1f}",
                (why or "used") + (f" (drivecheck says {'; '.join(diff)})" if diff else "")))
    return t


def table_rows(t, min_drives):
    """(vendor, family, capacity or None, drives, p25, median, p75, wear median, wrapped,
    [rated drive writes], model) for each family, and each family and capacity, of
    min_drives."""
    groups = collections.defaultdict(list)
    for v, fam, cap, fig, wear, wrapped, rated, model in t.used:
        groups[(v, fam, None)].append((fig, wear, wrapped, rated, model))
        groups[(v, fam, nominal(cap))].append((fig, wear, wrapped, rated, model))
    rows = []
    for (v, fam, cap), g in sorted(groups.items(), key=lambda kv: (*kv[0][:2], kv[0][2] or 0)):
        if len(g) >= min_drives:
            # the model string most of them report (the first in order between equals)
            model = collections.Counter(sorted(x[4] for x in g)).most_common(1)[0][0]
            rows.append((v, fam, cap, len(g), *stats([x[0] for x in g]),
                         statistics.median([x[1] for x in g]), sum(1 for x in g if x[2]),
                         [x[3] for x in g if x[3] is not None], model))
    return rows


def summary(t, rows, min_drives):
    c = t.checks
    s = [f"reports: {t.reports}; used: {len(t.used)}"]
    s += [f"  left out, {k}: {v}" for k, v in sorted(t.left.items(), key=lambda kv: -kv[1])]
    s.append(f"counters cross-checked (two present): {c['agree'] + c['wrapped'] + c['disagree']}: "
             f"agree {c['agree']}, wrapped {c['wrapped']}, disagree {c['disagree']}; "
             f"one counter only: {c['single'] + c['wrapped-unruled']}, of which "
             f"{c['wrapped-unruled']} wrapped as an attribute without a rule shows")
    for fam, n in sorted(t.family_checks.items(), key=lambda kv: -sum(kv[1].values())):
        s.append(f"  {fam[0]} {fam[1]}: wrapped {n['wrapped']}, wrapped (attribute without a "
                 f"rule) {n['wrapped-unruled']}, disagree {n['disagree']}")
    s.append("families whose log counter wraps: " +
             "; ".join(" ".join(f) for f in sorted(t.log_wraps)))
    whole = [x for x in rows if x[2] is None]
    s.append(f"families with a figure (>= {min_drives} drives): {len(whole)}, "
             f"{sum(1 for x in whole if x[9])} of them rated; capacity rows: "
             f"{len(rows) - len(whole)}")
    s.append("rated vs observed (median full-drive writes), families differing by more than 3x:")
    for v, fam, cap, n, p25, med, p75, wm, wr, rated, _ in whole:
        ratio = med / statistics.median(rated) if rated else 1
        if ratio > 3 or ratio < 1 / 3:
            s.append(f"  {'>10x' if ratio > 10 or ratio < 0.1 else '>3x '} {v} {fam}: observed "
                     f"{med:.0f} (n={n}, p25 {p25:.0f}, p75 {p75:.0f}, wear {wm:.0f}%, wrapped "
                     f"{wr}), rated {statistics.median(rated):.0f}: observed/rated {ratio:.2f}")
    s.append("families of a row whose every drive used has one counter, the log's, under 2^32 "
             "sectors (a wrap could not be seen): " + "; ".join(
                 f"{v} {fam} ({n}, median {med:.0f})" for v, fam, cap, n, p25, med, *_ in whole
                 if all(t.unchecked[(v, fam)])))
    s.append("models not in the database with the most reports used otherwise:")
    s += [f"  {n:5d}  {m}" for m, n in t.unknown.most_common(15)]
    s.append(f"tool and drivecheck, the same reports read (ATA and NVMe): {t.compared}; "
             f"readings that differ (model, capacity, wear or bytes written): {len(t.mismatch)}")
    s += ["  " + m for m in t.mismatch[:20]]
    return "\n".join(s) + "\n"


def build(args):
    t = tally(args)
    rows = table_rows(t, args.min_drives)
    date = args.date or datetime.date.today().isoformat()
    out = open(args.output, "w") if args.output != "-" else sys.stdout
    out.write(header(args, date, t.reports, len(t.used), t.left, t.checks))
    out.write("vendor\tfamily\tcapacity_bytes\tdrives\tdw_p25\tdw_median\tdw_p75\t"
              "wear_median\twrapped\tmodel\n")
    for v, fam, cap, n, p25, med, p75, wm, wr, _, model in rows:
        out.write("\t".join((v, fam, str(cap) if cap else "-", str(n), fmt_int(p25),
                             fmt_int(med), fmt_int(p75), fmt_int(wm), str(wr), model)) + "\n")
    if out is not sys.stdout:
        out.close()
    if args.drives:
        with open(args.drives, "w") as f:
            f.write("path\tmodel\tfamily\tcapacity_bytes\tpercent_used\twear_source\tcounters\t"
                    "check\twraps\tcounter_used\tdrive_writes\tdecision\n")
            f.writelines("\t".join(map(str, x)) + "\n" for x in t.lines)
    text = summary(t, rows, args.min_drives)
    if args.summary:
        with open(args.summary, "w") as f:
            f.write(text)
    sys.stderr.write(text)
    return 0


# ---- coverage ------------------------------------------------------------------------------

def read_table(path):
    fams = set()
    with open(path) as f:
        for line in f:
            if line.startswith("#") or line.startswith("vendor\t") or not line.strip():
                continue
            v, fam, cap = line.rstrip("\n").split("\t")[:3]
            if cap == "-":
                fams.add((v, fam))
    return fams


def coverage(args):
    observed = read_table(args.table)
    rows = []
    with open(args.models) as f:
        next(f)
        for line in f:
            n, kind, model = line.rstrip("\n").split("\t")
            rows.append((int(n), model))
    answers = []
    models = [m for _, m in rows]
    for i in range(0, len(models), 400):
        p = subprocess.run([args.drivecheck, "lookup", "--json"] + models[i:i + 400],
                           capture_output=True, text=True)
        answers += json.loads(p.stdout)["results"]
    total = rated = obs = either = 0
    for (n, model), a in zip(rows, answers):
        m = a.get("match") or {}
        r = bool((m.get("dwpd") or 0) > 0 or (m.get("tbw_tb") or 0) > 0)
        o = (m.get("vendor"), m.get("family")) in observed
        total += n
        rated += n * r
        obs += n * o
        either += n * (r or o)
    print(f"reports: {total} ({len(rows)} model strings, {os.path.relpath(args.models, TOP)})")
    print(f"rated endurance (DWPD or TBW): {100 * rated / total:5.1f}%")
    print(f"observed endurance (a family row of {os.path.relpath(args.table, TOP)}): "
          f"{100 * obs / total:5.1f}%")
    print(f"either: {100 * either / total:5.1f}%")
    return 0


# ---- one report ----------------------------------------------------------------------------

def one(args):
    for path in args.files:
        with open(path, encoding="utf-8", errors="replace") as f:
            r = read_report(f.read())
        d = drive_figures(r)
        why = leave_out(r, d)
        print(json.dumps({
            "file": path, "model": r.model, "capacity_bytes": r.capacity,
            "percent_used": d.percent_used, "wear_source": d.wear_source,
            "counters": {c.name: c.bytes for c in d.counters},
            "check": d.check, "wraps": d.wraps, "counter_used": d.used.name if d.used else None,
            "written_bytes": d.written,
            "drive_writes": round(drive_writes(r, d), 3) if not why else None,
            "left_out": why}, sort_keys=True))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="observed_endurance.py",
                                 description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("table")
    t.add_argument("corpus")
    t.add_argument("--commit", required=True)
    t.add_argument("--drivecheck", default=os.path.join(TOP, "build", "drivecheck"))
    t.add_argument("--date")
    t.add_argument("--min-drives", type=int, default=5)
    t.add_argument("-o", "--output", default=os.path.join(TOP, "db", "observed", "endurance.tsv"))
    t.add_argument("--drives")
    t.add_argument("--summary")
    c = sub.add_parser("coverage")
    c.add_argument("--table", default=os.path.join(TOP, "db", "observed", "endurance.tsv"))
    c.add_argument("--models", default=os.path.join(TOP, "data", "enterprise-models.tsv"))
    c.add_argument("--drivecheck", default=os.path.join(TOP, "build", "drivecheck"))
    o = sub.add_parser("drive")
    o.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    return {"table": build, "coverage": coverage, "drive": one}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
