# SPDX-License-Identifier: GPL-2.0-or-later
"""smartctl_report.py - what a smartctl -a / -x text report prints, read as smartctl printed it,
apart from drivecheck's own reading (src/import/import_smartctl_text.c), so that what
drivecheck reads can be held against it. Shared by tools/observed_endurance.py and
tests/replay/check_reports.py. Standard library only.
"""
import re


def num(s):
    """A number as a locale groups it ("1,000,204,886,016", "960 197 124 096")."""
    return int(re.sub(r"[,.\s']", "", s))


def field(text, name):
    """The value of an information line "Name:   value", or None."""
    m = re.search(r"^" + re.escape(name) + r":\s*(.*?)\s*$", text, re.M)
    return m.group(1) if m else None


ATTR_ROW = re.compile(r"^\s*(\d{1,3})\s+(\S+)\s+(\S+)\s+(\d{3})\s+(\d{3})\s+(\d{3}|---)\s+(.*)$")
# -x: ... THRESH FAIL RAW ("-" or "FAILING_NOW"); -a: ... THRESH TYPE UPDATED WHEN_FAILED RAW
TAIL_X = re.compile(r"^(-|FAILING_NOW|In_the_past|NOW|Past)\s+(.*)$")
TAIL_A = re.compile(r"^(?:Pre-fail|Old_age)\s+(?:Always|Offline)\s+(-|FAILING_NOW|In_the_past)\s+(.*)$")
# smartctl's WHEN_FAILED (-a) or FAIL (-x) column, as drivecheck's health says it
WHEN = {"FAILING_NOW": "now", "NOW": "now", "In_the_past": "past", "Past": "past", "-": None}


def ata_attributes(text):
    """The SMART attribute table: {id: {name, value, worst, thresh, when, raw}}."""
    rows = {}
    for line in text.splitlines():
        m = ATTR_ROW.match(line)
        if not m:
            continue
        tail = m.group(7).strip()
        t = TAIL_A.match(tail) or TAIL_X.match(tail)
        if not t:
            continue
        rows[int(m.group(1))] = {"name": m.group(2), "value": int(m.group(4)),
                                 "worst": int(m.group(5)),
                                 "thresh": None if m.group(6) == "---" else int(m.group(6)),
                                 "when": WHEN[t.group(1)], "raw": t.group(2).strip()}
    return rows
