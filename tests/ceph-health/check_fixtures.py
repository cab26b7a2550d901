#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_fixtures.py - data/ceph-health holds what Ceph would print, and the rules of
ceph_shapes.py hold on it: every file of the cluster is of the shape its name says and
joins its device; every hostile file is refused, with the reason data/ceph-health/SOURCE.md
gives; the million-sample file made at test time is refused by its count, in bounded time.

  tests/ceph-health/check_fixtures.py DIR [MILLION_FILE]
Prints one line per check and "N passed, M failed"; exits 1 if any failed.
"""
import json
import os
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ceph_shapes as cs  # noqa: E402

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
    print(("ok     " if ok else "FAILED ") + what)


def refused(path, want):
    try:
        kind, _ = cs.classify(open(path, encoding="utf-8").read())
    except cs.ShapeError as e:
        check(want in str(e), "%s refused: %s" % (os.path.relpath(path), e))
        return
    check(False, "%s refused (it was read as %s)" % (os.path.relpath(path), kind))


def main():
    top = sys.argv[1]
    cl = os.path.join(top, "cluster")
    text = open(os.path.join(cl, "devices.json"), encoding="ascii").read()
    check(text.startswith("\n[") and not text.endswith("\n"),
          "devices.json: the blank line the ceph CLI prints before --format json, no newline after")
    kind, devs = cs.classify(text)
    check(kind == "device-ls", "devices.json is a device ls")
    ids = [d["devid"] for d in devs]
    check(ids == sorted(ids) and len(set(ids)) == len(ids), "devices in devid order, each once")
    order = ["devid", "location", "daemons", "life_expectancy_min", "life_expectancy_max",
             "life_expectancy_stamp", "wear_level"]
    check(all([k for k in order if k in d] == list(d) for d in devs),
          "each device's keys in DeviceState::dump's order")
    hosts = {a["host"] for d in devs for a in d["location"]}
    check(hosts == {"ceph-a", "ceph-b", "ceph-c"}, "three hosts: %s" % sorted(hosts))

    hm = os.path.join(cl, "health-metrics")
    newest = {}
    for name in sorted(os.listdir(hm)):
        path = os.path.join(hm, name)
        devid = name[:-len(".json")]
        raw = open(path, encoding="ascii").read()
        kind, doc = cs.classify(raw)
        check(kind in ("health-metrics", "empty") and not raw.endswith("\n"),
              "%s: get-health-metrics output (%s, %d samples)" % (name, kind, len(doc)))
        check(list(doc) == sorted(doc), name + ": samples in time order (sort_keys)")
        good = [k for k in sorted(doc) if cs.is_smartctl(doc[k])]
        for k in good:
            cand = cs.devid_candidates(doc[k])
            check(devid in cand, "%s %s: Ceph's devid of its model and serial is the file's "
                  "(%s)" % (name, k, cand[:1]))
            lt = doc[k].get("local_time", {}).get("time_t")
            check(lt == cs.sample_time(k), "%s %s: smartctl's local_time is the sample's" % (name, k))
            check(doc[k]["smartctl"]["argv"][1:3] == ["-x", "--json=o"],
                  "%s %s: smartctl -x --json=o, as the OSD runs it" % (name, k))
        if good:
            newest[devid] = doc[good[-1]]
    listed = set(ids)
    orphans = sorted(set(newest) - listed)
    check(orphans == ["Micron_5300_MTFDDAK960TDS_DCCEPHX001"], "one file of a devid device ls "
          "does not list: %s" % orphans)
    check(all(os.path.exists(os.path.join(hm, i + ".json")) for i in ids),
          "a get-health-metrics file for every listed device")
    for d in devs:
        n = newest.get(d["devid"])
        want = cs.ceph_wear_level(n) if n else None
        have = d.get("wear_level")
        if n is None:
            check(True, "%s: no sample, wear_level %s as set before" % (d["devid"], have))
            continue
        check((want is None and have is None) or
              (want is not None and have is not None and cs.as_float32(want) == have),
              "%s: wear_level %s is devicehealth's reading of the newest good sample (%s)"
              % (d["devid"], have, want))
        others = listed - {d["devid"]}
        check(cs.join_devid(n, listed) == d["devid"] and cs.join_devid(n, others) is None,
              "%s: its samples join it, and no other device" % d["devid"])
    no_sample = sorted(i for i in ids if i not in newest)
    check(no_sample == ["INTEL_SSDPE2KX020T8_DCCEPHC002", "SAMSUNG_MZ7LH960HAJR-00005_DCCEPHX002"],
          "devices without a sample: %s" % no_sample)
    failed_last = [i for i in ids if i in newest and
                   not cs.is_smartctl(json.load(open(os.path.join(hm, i + ".json")))[
                       max(json.load(open(os.path.join(hm, i + ".json"))))])]
    check(failed_last == ["Crucial_CT250MX200SSD1_DCCEPHB001"],
          "newest sample a failed scrape: %s" % failed_last)

    text = open(os.path.join(cl, "osd.0.json"), encoding="ascii").read()
    kind, q = cs.classify(text)
    check(kind == "daemon-query" and '" : ' in text, "osd.0.json: json_spirit's pretty "
          "query-daemon-health-metrics output")
    check(sorted(q) == sorted(d["devid"] for d in devs if "osd.0" in d["daemons"]),
          "osd.0.json: the devices osd.0 is on, by devid")
    for k, v in q.items():
        check(cs.join_devid(v, listed) == k, "osd.0.json: %s joins its device" % k)
        check(v["local_time"]["time_t"] > cs.sample_time(max(json.load(
            open(os.path.join(hm, k + ".json"))))), "osd.0.json: %s read after its newest "
              "stored sample" % k)

    ho = os.path.join(top, "hostile")
    refused(os.path.join(ho, "sample-key-not-a-time.json"), 'sample key "yesterday" is not a time')
    refused(os.path.join(ho, "sample-key-impossible-date.json"), "no such date")
    refused(os.path.join(ho, "sample-not-smartctl.json"),
            "sample 20260613-031501 is neither smartctl's JSON")
    refused(os.path.join(ho, "sample-not-an-object.json"), "is not an object")
    refused(os.path.join(ho, "sample-time-twice.json"), "appears twice")
    refused(os.path.join(ho, "device-ls-entry-without-devid.json"), "device 1: devid missing")
    refused(os.path.join(ho, "daemon-query-value-not-an-object.json"),
            "SAMSUNG_MZQL2960HCJR-00A07_DCCEPHA003 is not an object")
    mm = os.path.join(ho, "name-mismatch", "INTEL_SSDSC2KB960G8_DCCEPHA001.json")
    kind, doc = cs.classify(open(mm).read())
    s = doc[max(doc)]
    check(kind == "health-metrics" and "INTEL_SSDSC2KB960G8_DCCEPHA001" not in cs.devid_candidates(s),
          "name-mismatch: the samples of %s are not of the file's devid" % cs.devid_candidates(s))

    if len(sys.argv) > 2:
        t0 = time.monotonic()
        refused(sys.argv[2], "1000000 samples: more than %d" % cs.MAX_SAMPLES)
        check(time.monotonic() - t0 < 60, "the million samples refused in %.1f s"
              % (time.monotonic() - t0))
    print("check_fixtures: %d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
