#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""rules_match_code.py - the alert rules' bounds are drivecheck's own (include/thresholds.h).

contrib/prometheus/drivecheck.rules.yml repeats two numbers of the verdict: the share of
rated endurance used that warns (DC_WEAR_WARN_PERCENT) and the years left that warn
(DC_YEARS_LEFT_WARN, in years of DC_HOURS_PER_YEAR). A drive the verdict warns of must
raise the alert, and no other: this holds the two equal.

  rules_match_code.py THRESHOLDS_H RULES_YML    prints "N passed, N failed"
"""
import re
import sys


def define(text, name):
    m = re.search(r"#define\s+" + name + r"\s+([0-9.]+)u?\b", text)
    if not m:
        raise SystemExit(f"rules_match_code.py: {name} not in the header")
    return float(m.group(1))


def main():
    code = open(sys.argv[1], encoding="utf-8").read()
    rules = open(sys.argv[2], encoding="utf-8").read()
    checks = []
    wear = re.search(r"drivecheck_endurance_used_ratio\s*>=\s*([0-9.]+)", rules)
    checks.append(("wear warning", wear and abs(float(wear.group(1)) * 100 -
                                                define(code, "DC_WEAR_WARN_PERCENT")) < 1e-9))
    years = re.search(r"drivecheck_endurance_remaining_seconds\s*<\s*([0-9.]+)\s*\*\s*([0-9.]+)"
                      r"\s*\*\s*3600", rules)
    checks.append(("years left", years and
                   float(years.group(1)) == define(code, "DC_YEARS_LEFT_WARN") and
                   float(years.group(2)) == define(code, "DC_HOURS_PER_YEAR")))
    bad = [name for name, ok in checks if not ok]
    for name in bad:
        print(f"FAIL the rules' {name} bound is not drivecheck's (include/thresholds.h)")
    print(f"rules_match_code: {len(checks) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
