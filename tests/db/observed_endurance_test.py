#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""observed_endurance_test.py - tools/observed_endurance.py on real reports of data/import/linuxhw
(linuxhw/EnterpriseDrive, CC BY 4.0): the counters' cross-check (a Crucial MX500 and a BX500
whose Device Statistics counter wrapped, an Intel 530 whose two counters disagree, counters
that agree), the reading of every report held against drivecheck's own, and the table's
statistics. Expected figures are worked out here from the reports' own numbers, read with
regular expressions of this file, never with the tool's readers. Needs no corpus; seconds.

  tests/db/observed_endurance_test.py [DRIVECHECK]     (default build/drivecheck)
"""
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import unittest

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, "tools"))
import observed_endurance as oe  # noqa: E402

DC = sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(TOP, "build", "drivecheck")
FIX = os.path.join(TOP, "data", "import", "linuxhw")
TOOL = os.path.join(TOP, "tools", "observed_endurance.py")
MX500 = os.path.join(FIX, "SSD/Crucial/CT1000MX500SSD1/01EF8B9FA165.txt")
BX500 = os.path.join(FIX, "SSD/Crucial/CT120BX500SSD1/8DEF83611A1B.txt")
INTEL530 = os.path.join(FIX, "SSD/Intel/SSDSC2BW240A4/CF83D848F1CB.txt")
KC600 = os.path.join(FIX, "SSD/Kingston/SKC6001024G/45EAED10DEAD.txt")
SM863A = os.path.join(FIX, "SSD/Samsung/MZ7KH240HAHQ-00005/79230491E4D2.txt")
MP510 = [os.path.join(FIX, "NVMe/Corsair/Force_MP510_1.9TB", f)
         for f in ("DC7A786E26C8.txt", "36F0F4EFE459.txt")]


def text(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def number(s):
    return int(s.replace(",", ""))


def numbers(path):
    """The report's own figures, read here: capacity, sector size, attribute raws, the log's
    Logical Sectors Written and Percentage Used, NVMe's Data Units Written and Percentage Used."""
    t = text(path)
    cap = re.search(r"^(?:User Capacity|Total NVM Capacity):\s+([\d,]+)", t, re.M)
    out = {"capacity": number(cap.group(1))}
    m = re.search(r"^Sector Sizes?:\s+(\d+) bytes logical", t, re.M)
    out["sector"] = int(m.group(1)) if m else 512
    for i in (241, 246):
        m = re.search(r"^%d \S+\s+\S+\s+\d+\s+\d+\s+\d+\s+-\s+(\d+)$" % i, t, re.M)
        if m:
            out[i] = int(m.group(1))
    m = re.search(r"^0x01  0x018  6\s+(\d+)\s+---  Logical Sectors Written", t, re.M)
    if m:
        out["lsw"] = int(m.group(1))
    m = re.search(r"^0x07  0x008  1\s+(\d+)\s+---  Percentage Used", t, re.M)
    if m:
        out["pct"] = int(m.group(1))
    m = re.search(r"^Data Units Written:\s+([\d,]+)", t, re.M)
    if m:
        out["duw"] = number(m.group(1))
    m = re.search(r"^Percentage Used:\s+(\d+)%", t, re.M)
    if m:
        out["pct"] = int(m.group(1))
    return out


def judge(path):
    r = oe.read_report(text(path))
    return r, oe.drive_figures(r)


class Counters(unittest.TestCase):
    def test_mx500_wrapped_53_times(self):
        n = numbers(MX500)
        # what the report shows: attribute 246 is the log's count plus 53 times 2^32 (and
        # 40 sectors written between the two reads)
        self.assertLess(abs(n[246] - n["lsw"] - 53 * 2 ** 32), 1000)
        r, d = judge(MX500)
        self.assertEqual(d.check, "wrapped")
        self.assertEqual(d.wraps, 53)
        self.assertEqual(d.used.name, "ata attribute 246")
        self.assertEqual(d.written, n[246] * 512)
        self.assertEqual(d.percent_used, n["pct"])
        self.assertIsNone(oe.leave_out(r, d))
        self.assertAlmostEqual(oe.drive_writes(r, d),
                               n[246] * 512 / n["capacity"] / (n["pct"] / 100))
        # and drivecheck's own choice (the counter that did not wrap) is what the tool says
        # drivecheck reads
        self.assertEqual(d.dc_written, n[246] * 512)

    def test_bx500_wrapped(self):
        n = numbers(BX500)
        r, d = judge(BX500)
        self.assertEqual(d.check, "wrapped")
        self.assertEqual(d.wraps, (n[246] - n["lsw"]) // 2 ** 32)
        self.assertEqual(d.written, n[246] * 512)

    def test_kc600_wrapped(self):
        """A KC600's attribute 241 counts 32 MiB (drivecheck's rule since version 2): the
        log wrapped 12 times, the attribute is used, by the tool and by drivecheck."""
        n = numbers(KC600)
        t = text(KC600)
        attr = int(re.search(r"^241 Host_Writes_32MiB .* (\d+)$", t, re.M).group(1))
        self.assertLess(abs(attr * 2 ** 25 - n["lsw"] * 512 - 12 * 2 ** 32 * 512), 2 ** 28)
        r, d = judge(KC600)
        self.assertEqual((d.check, d.wraps, d.used.name), ("wrapped", 12, "ata attribute 241"))
        self.assertIsNone(oe.leave_out(r, d))
        self.assertEqual(d.written, attr * 2 ** 25)
        self.assertEqual(d.dc_written, attr * 2 ** 25)

    def test_wrap_seen_by_an_attribute_without_a_rule(self):
        """The same report under a model no rule knows: the attribute's smartctl name gives
        the unit (32 MiB), good enough to see whole wraps of the log, never to make a
        figure."""
        n = numbers(KC600)
        t = text(KC600).replace("KINGSTON SKC6001024G", "KINGSTON SKC6101024G")
        attr = int(re.search(r"^241 Host_Writes_32MiB .* (\d+)$", t, re.M).group(1))
        r = oe.read_report(t)
        d = oe.drive_figures(r)
        self.assertEqual((d.check, d.wraps, d.used), ("wrapped-unruled", 12, None))
        self.assertEqual(oe.leave_out(r, d),
                         "log counter wrapped, seen by an attribute drivecheck has no rule for")
        self.assertEqual(d.dc_written, n["lsw"] * 512)
        # the same name disagreeing by anything but whole wraps proves nothing
        r = oe.read_report(t.replace(f" {attr}\n", f" {attr // 3}\n"))
        d = oe.drive_figures(r)
        self.assertEqual((d.check, d.used.name), ("single", "ata device statistics"))

    def test_intel_530_counters_disagree(self):
        n = numbers(INTEL530)
        # 241 counts 32 MiB units; the log a third more, and not by whole wraps
        self.assertGreater(n["lsw"] * 512, n[241] * 32 * 2 ** 20 * 1.3)
        r, d = judge(INTEL530)
        self.assertEqual(d.check, "disagree")
        self.assertIsNone(d.used)
        self.assertEqual(oe.leave_out(r, d), "counters disagree")
        self.assertEqual(sorted(c.bytes for c in d.counters),
                         sorted([n["lsw"] * 512, n[241] * 32 * 2 ** 20]))
        # the log's page 1 is at revision 2 here: drivecheck reads it, and of two counters
        # that disagree takes the log's, the standard one
        self.assertEqual(d.dc_written, n["lsw"] * 512)

    def test_counters_that_agree(self):
        n = numbers(SM863A)
        r, d = judge(SM863A)
        self.assertEqual(d.check, "agree")
        self.assertEqual(d.used.name, "ata device statistics")
        self.assertEqual(d.written, n["lsw"] * 512)

    def test_nvme_one_counter(self):
        n = numbers(MP510[0])
        r, d = judge(MP510[0])
        self.assertEqual(d.check, "single")
        self.assertEqual(d.written, n["duw"] * 512000)
        self.assertEqual(d.percent_used, n["pct"])

    def test_crosscheck_rules(self):
        C, W, G = oe.Counter, 2 ** 32, 2 ** 30
        # within 1%: agree
        self.assertEqual(oe.crosscheck(C("log", 10 ** 10, 512),
                                       C("attr", 10 ** 10 + 10 ** 7, 512))[0], "agree")
        # the attribute wrapped instead (the log the larger by 3 wraps): the log is used
        log, attr = C("log", 4 * W - 12345, 512), C("attr", W - 12345, 512)
        self.assertEqual(oe.crosscheck(log, attr), ("wrapped", log, 3))
        # a GiB attribute against a wrapped log: within the attribute's unit, still a wrap
        attr = C("attr", 5000, G)
        log = C("log", (5000 * G - 2 * W * 512 - G // 2) // 512, 512)
        self.assertEqual(oe.crosscheck(log, attr), ("wrapped", attr, 2))
        # a counter at or above 2^32 of its units has not wrapped at 32 bits
        lo = C("log", W + 5, 512)
        self.assertEqual(oe.crosscheck(lo, C("attr", 2 * W + 5, 512))[0], "disagree")
        # half a wrap apart: no wrap, a disagreement
        self.assertEqual(oe.crosscheck(C("log", 1000, 512), C("attr", W // 2, 512))[0], "disagree")

    def test_which_drives_count(self):
        r, d = judge(MX500)
        d.percent_used = 2
        self.assertEqual(oe.leave_out(r, d), "wear under 3%")
        d.percent_used = 255
        self.assertEqual(oe.leave_out(r, d), "wear at 255% (saturated)")
        d.percent_used = 3
        self.assertIsNone(oe.leave_out(r, d))

    def test_vendor_life_left_without_the_log(self):
        """drivecheck's rule: 100 minus the life-left attribute's value, 0-100 all counting."""
        def pct(value, model="SAMSUNG MZ7LH960HAJR-00005"):
            t = (f"Device Model:     {model}\n177 Wear_Leveling_Count     PO--C-   "
                 f"{value:03d}   {value:03d}   000    -    12\n")
            return oe.drive_figures(oe.read_report(t)).percent_used
        self.assertEqual(pct(95), 5)
        self.assertEqual(pct(100), 0)
        self.assertEqual(pct(0), 100)
        self.assertIsNone(pct(101))
        self.assertIsNone(pct(95, "TOSHIBA THNSN5512GPU7"))   # no rule for the family

    def test_digits_grouped_by_the_locale(self):
        t = ("Model Number:                       SAMSUNG MZQLB3T8HALS-00007\n"
             "Total NVM Capacity:                 3.840.755.982.336 [3,84 TB]\n"
             "Percentage Used:                    4%\n"
             "Data Units Written:                 1 866 691 970 [955 TB]\n")
        r = oe.read_report(t)
        self.assertEqual((r.capacity, r.data_units, r.percent_used), (3840755982336, 1866691970, 4))


class AgainstDrivecheck(unittest.TestCase):
    def test_every_fixture_read_as_drivecheck_reads_it(self):
        """ATA_RULES and the log's revision rule mirror drivecheck's: on every report of
        data/import/linuxhw the tool's wear and bytes written by drivecheck's rules are
        drivecheck's own figures."""
        paths = sorted(os.path.relpath(os.path.join(dp, f), FIX)
                       for dp, _, fs in os.walk(FIX) for f in fs if f.endswith(".txt"))
        devs = oe.drivecheck_import(DC, FIX, paths)
        compared = 0
        for p in paths:
            r, d = judge(os.path.join(FIX, p))
            if r.kind is None:
                continue
            compared += 1
            self.assertEqual(oe.reading_differs(r, d, devs[p]), [], p)
        self.assertGreater(compared, 90)


class Table(unittest.TestCase):
    def test_table_from_the_fixtures(self):
        with tempfile.TemporaryDirectory() as t:
            out = os.path.join(t, "e.tsv")
            p = subprocess.run([sys.executable, TOOL, "table", FIX, "--commit", "0123abc",
                                "--date", "2026-01-02", "--min-drives", "2", "--drivecheck", DC,
                                "-o", out], capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stderr)
            lines = text(out).splitlines()
        head = [line + "\n" for line in lines if line.startswith("#")]
        rows = [line.split("\t") for line in lines if not line.startswith("#")]
        h = "".join(head)
        for want in ("linuxhw/EnterpriseDrive", "commit 0123abc", "CC BY 4.0",
                     f"tools/observed_endurance.py version {oe.TOOL_VERSION}", "date: 2026-01-02",
                     "1 disagree (left out)", "3 wrapped"):
            self.assertIn(want, h)
        self.assertEqual(rows[0][:4], ["vendor", "family", "capacity_bytes", "drives"])
        got = {(r[0], r[1], r[2]): r[3:] for r in rows[1:]}
        # the two Corsair MP510 reports: their figures worked out from the reports
        figs = sorted(n["duw"] * 512000 / n["capacity"] / (n["pct"] / 100)
                      for n in map(numbers, MP510))
        lo, hi = figs
        want = [str(round(x)) for x in (lo + (hi - lo) / 4, (lo + hi) / 2, lo + 3 * (hi - lo) / 4)]
        self.assertEqual(got[("Corsair", "Force MP510", "-")][:4], ["2"] + want)
        self.assertEqual(got[("Corsair", "Force MP510", "1920000000000")][:4], ["2"] + want)
        # a family of one drive is no row at --min-drives 2
        self.assertNotIn(("Crucial", "MX500", "-"), got)
        for r in rows[1:]:
            self.assertGreaterEqual(int(r[3]), 2)
            self.assertLessEqual(int(r[4]), int(r[5]))
            self.assertLessEqual(int(r[5]), int(r[6]))

    def test_the_committed_table(self):
        """db/observed/endurance.tsv: its header names the corpus, the commit, the licence and
        this tool's version; every row is a family of the database with sound figures."""
        lines = text(os.path.join(TOP, "db", "observed", "endurance.tsv")).splitlines()
        h = "\n".join(line for line in lines if line.startswith("#"))
        self.assertRegex(h, r"linuxhw/EnterpriseDrive.*\n#   commit [0-9a-f]{40}\b")
        self.assertIn("CC BY 4.0", h)
        self.assertRegex(h, r"tools/observed_endurance\.py version %d\b" % oe.TOOL_VERSION)
        self.assertRegex(h, r"\n# date: \d{4}-\d\d-\d\d\n")
        rows = [line.split("\t") for line in lines if not line.startswith("#")]
        self.assertEqual(rows[0], ["vendor", "family", "capacity_bytes", "drives", "dw_p25",
                                   "dw_median", "dw_p75", "wear_median", "wrapped", "model"])
        # no new text of a report: each model string is one data/enterprise-models.tsv has
        fleet = {line.split("\t")[2] for line in
                 text(os.path.join(TOP, "data", "enterprise-models.tsv")).splitlines()[1:]}
        db = os.path.join(os.path.dirname(DC), "drives.sqlite")
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        known = set(con.execute("SELECT vendor, family FROM family"))
        con.close()
        whole = {}
        for r in rows[1:]:
            self.assertEqual(len(r), 10, r)
            self.assertIn((r[0], r[1]), known, r)
            self.assertIn(r[9], fleet, r)
            n, p25, med, p75, wear, wrapped = map(int, r[3:9])
            self.assertGreaterEqual(n, 5, r)
            self.assertTrue(0 <= p25 <= med <= p75, r)
            self.assertTrue(3 <= wear < 255 and 0 <= wrapped <= n, r)
            if r[2] == "-":
                whole[(r[0], r[1])] = n
            else:
                self.assertLessEqual(n, whole[(r[0], r[1])], r)   # the family's row first
        self.assertGreater(len(whole), 100)
        # and the database matches each model to its row's family
        models = sorted({r[9] for r in rows[1:]})
        got = json.loads(subprocess.run([DC, "lookup", "--json"] + models, capture_output=True,
                                        text=True).stdout)["results"]
        family = {a["query"]: ((a.get("match") or {}).get("vendor"),
                               (a.get("match") or {}).get("family")) for a in got}
        for r in rows[1:]:
            self.assertEqual(family[r[9]], (r[0], r[1]), r)

    def test_lone_counter_in_a_family_that_wraps(self):
        """A KC600 whose only counter is the log, under 2^32 sectors: a figure while no drive
        of the family shows a wrap, none once one does."""
        t = text(KC600)
        lone = re.sub(r"^241 .*\n", "", t, flags=re.M)
        self.assertNotEqual(lone, t)

        def run(files):
            with tempfile.TemporaryDirectory() as c:
                for name, body in files.items():
                    os.makedirs(os.path.join(c, "SSD", "Kingston", "SKC600"), exist_ok=True)
                    with open(os.path.join(c, "SSD", "Kingston", "SKC600", name), "w") as f:
                        f.write(body)
                p = subprocess.run([sys.executable, TOOL, "table", c, "--commit", "x",
                                    "--min-drives", "1", "--drivecheck", DC, "-o", "-"],
                                   capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stderr)
            return [line.split("\t") for line in p.stdout.splitlines()
                    if line.startswith("Kingston\tKC600\t-\t")], p.stdout

        rows, _ = run({"A.txt": lone})
        self.assertEqual([r[3] for r in rows], ["1"])
        # B's log wrapped (its attribute 241 says so): B is the family's one drive, with
        # one wrap counted, and A is left out
        rows, out = run({"A.txt": lone, "B.txt": t})
        self.assertEqual([(r[3], r[8]) for r in rows], [("1", "1")])
        self.assertIn("#   " + oe.LONE + " 1\n", out)

    def test_quartiles(self):
        # inclusive method: the quartile at (n - 1) q between the sorted values
        self.assertEqual(oe.stats([8, 1, 7, 2, 6, 3, 5, 4]), (2.75, 4.5, 6.25))
        self.assertEqual(oe.stats([42]), (42, 42, 42))

    def test_nominal_capacity(self):
        self.assertEqual(oe.nominal(960197124096), 960000000000)
        self.assertEqual(oe.nominal(1920383410176), 1920000000000)
        self.assertEqual(oe.nominal(15360950534144), 15400000000000)


if __name__ == "__main__":
    unittest.main(verbosity=1)
