#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""alerts_on.py - a promtool rule test of contrib/prometheus/drivecheck.rules.yml on what
drivecheck itself said of captured drives.

  alerts_on.py RULES OUTDIR PROM JSON

PROM and JSON are the --prometheus and --json output of one run. Every sample of PROM
becomes an input series (instance="host"); which alerts must fire comes from JSON, the
other renderer: the drive evidence says PLP failed or degraded, a verdict reason names the
hazard, a role fails, the wear, the advice's years left, a drive without verdicts (not
read). Writes OUTDIR/rules.yml (the rules without their annotations, which the unit
tests of drivecheck.rules.test.yml check) and OUTDIR/test.yml, for promtool test rules.
"""
import json
import re
import sys

import yaml

from compare import parse  # the same parser as compare.py

PER_DRIVE = ("drivecheck_device_read_error",)


def main():
    rules_path, outdir, prom, js = sys.argv[1:5]
    with open(rules_path, encoding="utf-8") as f:
        rules = yaml.safe_load(f)
    for group in rules["groups"]:
        for rule in group["rules"]:
            rule.pop("annotations", None)
    with open(f"{outdir}/rules.yml", "w", encoding="utf-8") as f:
        yaml.safe_dump(rules, f)
    severity = {r["alert"]: r["labels"]["severity"] for g in rules["groups"] for r in g["rules"]}

    samples, _ = parse(prom)
    with open(js, encoding="utf-8") as f:
        devs = json.load(f)["devices"]
    # the renderers write drives in the same order: pair them by it
    keys = [(lab["device"], lab.get("dump")) for n, lab, _ in samples if n == PER_DRIVE[0]]
    if len(keys) != len(devs):
        sys.exit(f"{prom}: {len(keys)} drives, {js}: {len(devs)}")
    by_key = dict(zip(keys, devs))

    def series_labels(lab):
        # Prometheus drops a label whose value is empty
        return dict({k: v for k, v in lab.items() if v}, instance="host")

    input_series = []
    for name, lab, value in samples:
        sel = ",".join(f"{k}={json.dumps(v)}" for k, v in sorted(series_labels(lab).items()))
        input_series.append({"series": f"{name}{{{sel}}}", "values": f"{value!r}x5"})

    def expect(alert, metric, fires):
        """Alerts of this rule: on each sample of metric whose drive fires(dev, labels)."""
        exp = []
        for name, lab, _ in samples:
            if name != metric:
                continue
            dev = by_key[(lab["device"], lab.get("dump"))]
            if fires(dev, lab):
                exp.append({"exp_labels": dict(series_labels(lab), severity=severity[alert])})
        return {"eval_time": "2m", "alertname": alert, "exp_alerts": exp}

    def kinds(d):
        return [e["kind"] for e in d.get("plp_evidence", [])] if "verdicts" in d else []

    def years(d):
        return d.get("endurance_years_left")  # 1.3: the advice's figure, to 0.01

    def health(d):
        return d.get("health", {}).get("status") if "verdicts" in d else None

    tests = [
        expect("DrivecheckDriveFailing", "drivecheck_health_status",
               lambda d, lab: lab["status"] == "failing" and health(d) == "failing"),
        expect("DrivecheckDriveHealthWarning", "drivecheck_health_status",
               lambda d, lab: lab["status"] == "warning" and health(d) == "warning"),
        expect("DrivecheckFirmwareDefect", "drivecheck_firmware_advisory",
               lambda d, lab: lab["effect"] in ("data-loss", "drive-loss")),
        expect("DrivecheckFirmwareAdvisory", "drivecheck_firmware_advisory",
               lambda d, lab: lab["effect"] not in ("data-loss", "drive-loss")),
        expect("DrivecheckPLPFailed", "drivecheck_plp_failed",
               lambda d, _: "plp-failed" in kinds(d)),
        expect("DrivecheckPLPDegraded", "drivecheck_plp_degraded",
               lambda d, _: "plp-degraded" in kinds(d)),
        expect("DrivecheckWriteThroughHazard", "drivecheck_write_through_hazard",
               lambda d, _: any(r.startswith("HAZARD") for v in d["verdicts"].values()
                                for r in v["reasons"])),
        expect("DrivecheckRoleFailed", "drivecheck_role_status",
               lambda d, lab: lab["status"] == "fail" and "verdicts" in d
               and d["verdicts"][lab["role"]]["status"] == "fail"),
        expect("DrivecheckEnduranceWorn", "drivecheck_endurance_used_ratio",
               lambda d, _: d["wear"]["percent_used"] > 90),
        expect("DrivecheckEnduranceEndingSoon", "drivecheck_endurance_remaining_seconds",
               lambda d, _: years(d) < 1),
        expect("DrivecheckDriveUnreadable", "drivecheck_device_read_error",
               lambda d, _: "verdicts" not in d),
    ]
    test = {"rule_files": ["rules.yml"], "evaluation_interval": "1m",
            "tests": [{"interval": "1m", "input_series": input_series,
                       "alert_rule_test": tests}]}
    with open(f"{outdir}/test.yml", "w", encoding="utf-8") as f:
        json.dump(test, f, indent=1)  # JSON is YAML
    fired = {t["alertname"]: len(t["exp_alerts"]) for t in tests}
    print(" ".join(f"{a}={n}" for a, n in fired.items()))


if __name__ == "__main__":
    main()
