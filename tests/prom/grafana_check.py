#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""grafana_check.py - contrib/grafana/drivecheck.json against what drivecheck really writes.

  grafana_check.py static DRIVECHECK DASHBOARD
      The dashboard is valid JSON (no key twice) in Grafana's shape (unique panel ids, a
      refId and an expression per query, every data source the dashboard's Prometheus
      variable), and every query refers only to metric names, label names and label
      values that DRIVECHECK --prometheus writes for the replayed drives of data/dumps and
      data/e2e/dump (plus the instance and job labels the scrape adds), and to PromQL
      functions that exist. It holds the table of drives (verdicts, health, wear, years
      left) and probe latency per drive. Then the same check must fail on copies of the
      dashboard with a misspelt metric, label, label value and function.
  grafana_check.py live DASHBOARD API
      Every query of the dashboard, with its variables set to "all", runs on the Prometheus
      at API (http://127.0.0.1:PORT/api/v1) and gives a result; the table's verdict and
      health columns show, through the dashboard's value mappings, the status whose
      drivecheck_role_status / drivecheck_health_status series is 1.
Prints what fails and "grafana_check: N passed, M failed"; exit 1 on any failure.
"""
import contextlib
import copy
import io
import json
import re
import subprocess
import sys
import urllib.parse
import urllib.request

from compare import LABEL, SAMPLE

TOP = __file__.rsplit("/tests/prom/", 1)[0]
SCRAPE_LABELS = {"instance", "job"}
FUNCTIONS = set("""sum max min avg count count_values topk bottomk quantile stddev stdvar group
vector scalar rate irate increase delta idelta deriv time timestamp abs ceil floor round clamp
clamp_min clamp_max label_replace label_join sort sort_desc absent absent_over_time
max_over_time min_over_time avg_over_time sum_over_time count_over_time last_over_time
quantile_over_time changes resets histogram_quantile predict_linear sgn exp ln log2 log10 sqrt
days_in_month day_of_month day_of_week hour minute month year""".split())
KEYWORDS = {"by", "without", "on", "ignoring", "group_left", "group_right", "bool", "offset",
            "and", "or", "unless", "inf", "nan"}
STRING = r'"(?:[^"\\]|\\.)*"'
MATCHER = re.compile(r'([a-zA-Z_]\w*)\s*(=~|!~|!=|=)\s*(' + STRING + ')')
GROUPING = re.compile(r'\b(by|without|on|ignoring|group_left|group_right)\s*\(([^()]*)\)')
NUMBER = re.compile(r'(?<![\w.])\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.])')
IDENT = re.compile(r'[a-zA-Z_:][a-zA-Z0-9_:]*')


class Result:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, cond, what):
        if cond:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: " + what)
        return cond


def written(drivecheck):
    """{metric name: {label: {values}}} of every sample drivecheck writes for the dumps."""
    out = {}
    for folder in ("data/dumps", "data/e2e/dump"):
        p = subprocess.run([drivecheck, "--replay", TOP + "/" + folder, "--prometheus"],
                           capture_output=True, text=True, check=False)
        if p.returncode not in (0, 1, 2, 3):
            raise SystemExit("drivecheck --replay %s exited %d" % (folder, p.returncode))
        for line in p.stdout.splitlines():
            m = SAMPLE.match(line)
            if m:
                labels = out.setdefault(m.group(1), {})
                for k, v in LABEL.findall(m.group(2) or ""):
                    labels.setdefault(k, set()).add(v)
    return out


def refs(expr):
    """What a PromQL expression names: metrics, functions, label matchers (name, op,
    value), grouping labels, and words that are none of these."""
    label_values = re.fullmatch(r'\s*label_values\(\s*([a-zA-Z_:]\w*)\s*,\s*(\w+)\s*\)\s*', expr)
    if label_values:  # a Grafana variable query, not PromQL
        return {"metrics": [label_values.group(1)], "functions": [], "matchers": [],
                "grouping": [label_values.group(2)], "unknown": []}
    matchers, grouping, metrics, functions, unknown = [], [], [], [], []

    def braces(m):
        for name, op, value in MATCHER.findall(m.group(1)):
            matchers.append((name, op, json.loads(value)))
        rest = MATCHER.sub("", m.group(1)).replace(",", "").strip()
        if rest:
            unknown.append("{%s}" % rest)
        return " "

    e = re.sub(r'\{((?:[^{}"]|' + STRING + r')*)\}', braces, expr)
    e = re.sub(r'\[[^\]]*\]', " ", e)
    for _, names in GROUPING.findall(e):
        grouping += [n.strip() for n in names.split(",") if n.strip()]
    e = GROUPING.sub(" ", e)
    e = re.sub(STRING, " ", e)
    e = re.sub(r'(?<![\w.])(?:\d+(?:ms|s|m|h|d|w|y))+(?![\w.])', " ", e)  # offset durations
    e = NUMBER.sub(" ", e)
    for m in IDENT.finditer(e):
        word = m.group(0)
        if re.match(r'\s*\(', e[m.end():]):
            functions.append(word)
        elif word not in KEYWORDS:
            metrics.append(word)
    leftover = IDENT.sub(" ", e)
    if re.search(r'[^\s()+\-*/%^<>=!,]', leftover):
        unknown.append(leftover.strip())
    return {"metrics": metrics, "functions": functions, "matchers": matchers,
            "grouping": grouping, "unknown": unknown}


def queries(dash):
    """(where, expression) of every query: the panels' targets and the query variables."""
    out = []
    for p in dash.get("panels", []):
        for t in p.get("targets", []):
            out.append(("panel %s (%s) query %s" % (p.get("id"), p.get("title"), t.get("refId")),
                        t.get("expr")))
    for v in dash.get("templating", {}).get("list", []):
        if v.get("type") == "query":
            q = v.get("query")
            out.append(("variable " + v.get("name", "?"), q.get("query") if isinstance(q, dict) else q))
    return out


def no_twice(pairs):
    keys = [k for k, _ in pairs]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise ValueError("key given twice: " + ", ".join(twice))
    return dict(pairs)


def check_dashboard(dash, names, r):
    """Grafana's shape and every reference against names (written()); returns r."""
    r.check(isinstance(dash.get("title"), str) and isinstance(dash.get("uid"), str) and
            isinstance(dash.get("schemaVersion"), int), "title, uid and schemaVersion")
    variables = {v.get("name"): v for v in dash.get("templating", {}).get("list", [])}
    ds = variables.get("datasource", {})
    r.check(ds.get("type") == "datasource" and ds.get("query") == "prometheus",
            "a Prometheus data source variable 'datasource'")
    panels = dash.get("panels", [])
    ids = [p.get("id") for p in panels]
    r.check(panels and len(set(ids)) == len(ids) and all(isinstance(i, int) for i in ids),
            "panels with unique ids: %s" % ids)
    labels = {k for m in names.values() for k in m} | SCRAPE_LABELS
    for p in panels:
        where = "panel %s (%s)" % (p.get("id"), p.get("title"))
        r.check(isinstance(p.get("gridPos"), dict) and p.get("type") and p.get("targets"),
                where + ": type, gridPos and queries")
        refids = [t.get("refId") for t in p.get("targets", [])]
        r.check(len(set(refids)) == len(refids) and all(refids), where + ": unique refIds")
        for o in [p] + p.get("targets", []):
            r.check(o.get("datasource") == {"type": "prometheus", "uid": "${datasource}"},
                    where + ": the data source is ${datasource}")
    for where, expr in queries(dash):
        if not r.check(isinstance(expr, str) and expr.strip(), where + ": an expression"):
            continue
        got = refs(expr)
        r.check(not got["unknown"], "%s: cannot read %s" % (where, got["unknown"]))
        r.check(got["metrics"], where + ": names a metric")
        for m in got["metrics"]:
            r.check(m in names, "%s: %s is not a metric drivecheck writes" % (where, m))
        for f in got["functions"]:
            r.check(f in FUNCTIONS, "%s: %s() is not a PromQL function" % (where, f))
        for g in got["grouping"]:
            r.check(g in labels, "%s: no metric of drivecheck has the label %s" % (where, g))
        for name, op, value in got["matchers"]:
            if name == "__name__" or not r.check(name in labels, "%s: no metric of drivecheck "
                                                 "has the label %s" % (where, name)):
                continue
            if op == "=" and "$" not in value:
                have = set().union(*(names[m].get(name, set()) for m in got["metrics"]
                                     if m in names)) | (set() if name not in SCRAPE_LABELS else {value})
                r.check(value in have, '%s: %s="%s" is not a value drivecheck writes (%s)'
                        % (where, name, value, ", ".join(sorted(have))))
    # what the issue asks of it
    def uses(p):
        return {m for t in p.get("targets", []) for m in refs(t.get("expr") or "")["metrics"]}
    r.check(any(p.get("type") == "table" and {"drivecheck_drive_info", "drivecheck_role_status",
                "drivecheck_endurance_used_ratio", "drivecheck_endurance_remaining_seconds"}
                <= uses(p) for p in panels),
            "a table of drives with their verdicts, wear and years left")
    r.check(any("drivecheck_probe_write_latency_seconds" in uses(p) and
                all("{{device}}" in (t.get("legendFormat") or "") for t in p["targets"])
                for p in panels), "probe latency per drive (a series per device)")
    return r


def mutants(dash):
    """Copies that the check must refuse: (what, dashboard)."""
    text = json.dumps(dash)
    out = []
    for what, old, new in (("a misspelt metric", "drivecheck_endurance_used_ratio{",
                            "drivecheck_endurance_used_ratios{"),
                           ("a label drivecheck does not write", 'role=\\"ceph_osd\\"',
                            'osd_role=\\"ceph_osd\\"'),
                           ("a status drivecheck does not write", 'status=\\"fail\\"',
                            'status=\\"failed\\"'),
                           ("a function PromQL lacks", "max without", "maximum without"),
                           ("a metric of another exporter", "drivecheck_plp_failed{",
                            "node_textfile_scrape_error{")):
        if old not in text:
            out.append((what + " (the dashboard has no '%s' to change)" % old, None))
        else:
            out.append((what, json.loads(text.replace(old, new, 1))))
    broken = copy.deepcopy(dash)
    broken["panels"][-1]["id"] = broken["panels"][0]["id"]
    out.append(("two panels with one id", broken))
    return out


def static(drivecheck, path):
    r = Result()
    names = written(drivecheck)
    r.check(len(names) > 10, "drivecheck wrote metrics for the dumps: %d" % len(names))
    try:
        dash = json.load(open(path, encoding="utf-8"), object_pairs_hook=no_twice)
    except ValueError as e:
        r.check(False, "%s is not valid JSON: %s" % (path, e))
        return r
    check_dashboard(dash, names, r)
    for what, m in mutants(dash):
        quiet = Result()
        if m is not None:
            with contextlib.redirect_stdout(io.StringIO()):
                check_dashboard(m, names, quiet)
        r.check(m is not None and quiet.failed > 0, "the check takes a dashboard with " + what)
    return r


def query(api, expr):
    url = api + "/query?" + urllib.parse.urlencode({"query": expr})
    assert url.startswith("http://127.0.0.1:"), "loopback only"
    with urllib.request.urlopen(url, timeout=10) as resp:
        return json.load(resp)


def live(path, api):
    r = Result()
    dash = json.load(open(path, encoding="utf-8"))
    for where, expr in queries(dash):
        if expr.startswith("label_values("):
            metric, label = re.match(r'label_values\((\w+), (\w+)\)', expr).groups()
            res = query(api, "count by (%s) (%s)" % (label, metric))
        else:
            res = query(api, expr.replace("$instance", ".+"))
        r.check(res.get("status") == "success" and res["data"]["result"],
                "%s: no result for %s: %s" % (where, expr, res.get("error", "empty")))
    # the table's state columns through their value mappings
    table = next(p for p in dash["panels"] if p["type"] == "table")
    rename = next(t for t in table["transformations"] if t["id"] == "organize")["options"]["renameByName"]
    texts = {}
    for o in table["fieldConfig"]["overrides"]:
        for prop in o["properties"]:
            if prop["id"] == "mappings":
                texts[o["matcher"]["options"]] = {float(k): v["text"]
                                                  for k, v in prop["value"][0]["options"].items()}
    for t in table["targets"]:
        col = rename.get("Value #" + t["refId"], t["refId"])
        mapping = next((m for pat, m in texts.items() if re.fullmatch(pat, col)), None)
        metric = refs(t["expr"])["metrics"][0]
        if metric not in ("drivecheck_role_status", "drivecheck_health_status"):
            continue
        role = [v for n, _, v in refs(t["expr"])["matchers"] if n == "role"]
        truth = {}
        sel = 'role="%s"' % role[0] if role else ""
        for s in query(api, "%s{%s} == 1" % (metric, sel))["data"]["result"]:
            key = tuple(sorted((k, v) for k, v in s["metric"].items()
                               if k not in ("__name__", "role", "status")))
            truth[key] = s["metric"]["status"].replace("-", " ")
        shown = {}
        for s in query(api, t["expr"].replace("$instance", ".+"))["data"]["result"]:
            key = tuple(sorted(s["metric"].items()))
            shown[key] = (mapping or {}).get(float(s["value"][1]), "unmapped %s" % s["value"][1])
        r.check(mapping and shown and shown == truth,
                "column %s shows %s where the series say %s" % (col, shown, truth))
    return r


def main(argv):
    if len(argv) == 3 and argv[0] == "static":
        r = static(argv[1], argv[2])
    elif len(argv) == 3 and argv[0] == "live":
        r = live(argv[1], argv[2])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    print("grafana_check %s: %d passed, %d failed" % (argv[0], r.passed, r.failed))
    return 1 if r.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
