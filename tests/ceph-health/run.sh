#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/ceph-health/run.sh - `make check-ceph-health`: the fixtures of Ceph's device health
# store (data/ceph-health) are what tests/ceph-health/mkceph.py writes and hold Ceph's
# shapes (check_fixtures.py, the million-sample file made here); the stand-in `ceph`
# (fake-ceph) serves them as the ceph CLI would, hangs and fails where told, and runs
# nothing else; each stored sample, taken out of Ceph's wrapping, is a smartctl -x JSON
# that `drivecheck import` reads today, with the verdicts data/ceph-health/SOURCE.md gives.
set -u
. "$(dirname "$0")/../lib/checks.sh"
BUILD=${BUILD:-build}
DC=$BUILD/drivecheck
H=tests/ceph-health
D=data/ceph-health
T=$(mktemp -d)
HANG_GROUP=
cleanup() {
	[ -n "$HANG_GROUP" ] && kill -KILL -- "-$HANG_GROUP" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT

# --- the committed fixtures are the generator's ---
python3 $H/mkceph.py --out "$T/regen"
diff -r -x SOURCE.md "$T/regen" "$D" >"$T/diff"
check "data/ceph-health is what mkceph.py writes (make regen-ceph-health)" "[ ! -s $T/diff ]"
[ -s "$T/diff" ] && head -20 "$T/diff" >&2

# --- Ceph's shapes, and the refusals (ceph_shapes.py) ---
python3 $H/mkceph.py --million "$T/million.json"
python3 $H/check_fixtures.py "$D" "$T/million.json" >"$T/cf" 2>&1
check "check_fixtures.py: every shape and refusal" "[ $? -eq 0 ]"
grep '^FAILED' "$T/cf" >&2
check "check_fixtures.py ran its checks" "grep -qE 'check_fixtures: [1-9][0-9]+ passed, 0 failed' $T/cf"

# --- the stand-in ceph ---
mkdir "$T/bin" && ln -s "$(readlink -f $H/fake-ceph)" "$T/bin/ceph"
CEPH=$T/bin/ceph
export FAKE_CEPH_LOG=$T/calls
"$CEPH" device ls --format json >"$T/ls"; rc=$?
check "device ls --format json: exit 0, devices.json byte for byte" "[ $rc -eq 0 ] && cmp -s $T/ls $D/cluster/devices.json"
"$CEPH" --connect-timeout 10 -f json device ls >"$T/ls2"; rc=$?
check "global options before the command are taken" "[ $rc -eq 0 ] && cmp -s $T/ls2 $D/cluster/devices.json"
"$CEPH" device ls >/dev/null 2>"$T/e"; rc=$?
check "device ls without --format json: not served (exit 22)" "[ $rc -eq 22 ]"
ID=SAMSUNG_MZQLB1T9HAJR-00007_DCCEPHB003
"$CEPH" device get-health-metrics $ID >"$T/hm"; rc=$?
check "get-health-metrics DEVID: exit 0, the file as saved" "[ $rc -eq 0 ] && cmp -s $T/hm $D/cluster/health-metrics/$ID.json"
"$CEPH" device get-health-metrics $ID --format json >"$T/hm2"
check "get-health-metrics --format json: a blank line first, as ceph.in prints" \
	"[ \"\$(head -c1 $T/hm2 | od -An -c | tr -d ' ')\" = '\\n' ] && tail -c +2 $T/hm2 | cmp -s - $D/cluster/health-metrics/$ID.json"
ORPHAN=Micron_5300_MTFDDAK960TDS_DCCEPHX001
"$CEPH" device get-health-metrics $ORPHAN >"$T/o" 2>"$T/e"; rc=$?
check "get-health-metrics of a devid device ls does not list: ENOENT, exit 2, nothing on stdout" \
	"[ $rc -eq 2 ] && [ ! -s $T/o ] && grep -qx 'Error ENOENT: device $ORPHAN not found' $T/e"
"$CEPH" device get-health-metrics INTEL_SSDPE2KX020T8_DCCEPHC002 >"$T/o"
check "a device without samples: {}" "[ \"\$(cat $T/o)\" = '{}' ]"
"$CEPH" device query-daemon-health-metrics osd.0 >"$T/q"; rc=$?
check "query-daemon-health-metrics osd.0" "[ $rc -eq 0 ] && cmp -s $T/q $D/cluster/osd.0.json"
"$CEPH" device query-daemon-health-metrics rgw.x >/dev/null 2>"$T/e"; rc=$?
check "query of a daemon that is no osd or mon: EINVAL" "[ $rc -eq 22 ] && grep -q 'not a valid mon or osd daemon name' $T/e"
: >"$T/calls"
for cmd in "device scrape-health-metrics" "device monitoring off" "device rm-life-expectancy $ID" \
	"osd out 3" "device set-life-expectancy $ID 2026-07-01"; do
	$CEPH $cmd >"$T/o" 2>"$T/e"; rc=$?
	check "'ceph $cmd' is refused (exit 22, nothing done)" "[ $rc -eq 22 ] && [ ! -s $T/o ] && grep -q 'not a read-only command' $T/e"
done
check "each call is logged" "[ \$(wc -l <$T/calls) -eq 5 ] && grep -qx 'osd out 3' $T/calls"

# what goes wrong
FAKE_CEPH_FAIL=ls "$CEPH" device ls --format json >"$T/o" 2>"$T/e"; rc=$?
check "FAIL=ls: exit 1 and ceph's message, nothing on stdout" \
	"[ $rc -eq 1 ] && [ ! -s $T/o ] && grep -q '^Error initializing cluster client: ObjectNotFound' $T/e"
FAKE_CEPH_FAIL=module "$CEPH" device get-health-metrics $ID >"$T/o" 2>"$T/e"; rc=$?
check "FAIL=module: exit 95, the mgr's message" "[ $rc -eq 95 ] && grep -q \"Module 'devicehealth' is not enabled\" $T/e"
FAKE_CEPH_FAIL=$ID "$CEPH" device get-health-metrics $ID >/dev/null 2>"$T/e"; rc=$?
check "FAIL=DEVID: that device not found (exit 2)" "[ $rc -eq 2 ] && grep -q 'ENOENT' $T/e"
FAKE_CEPH_FAIL=$ID "$CEPH" device get-health-metrics $ORPHAN >/dev/null 2>&1
FAKE_CEPH_FAIL=$ID "$CEPH" device get-health-metrics INTEL_SSDSC2KB960G8_DCCEPHA001 >"$T/o"; rc=$?
check "FAIL=DEVID: the other devices still answer" "[ $rc -eq 0 ] && [ -s $T/o ]"

# A hang under a time bound that kills the process group (as timeout(1) does) ends in time.
s=$(date +%s)
out=$(FAKE_CEPH_HANG=ls timeout 2 "$CEPH" device ls --format json); rc=$?
e=$(($(date +%s) - s))
check "HANG=ls under a group-killing 2 s bound: exit 124 after about 2 s (took ${e} s)" \
	"[ $rc -eq 124 ] && [ $e -lt 10 ] && [ -z \"\$out\" ]"
out=$(FAKE_CEPH_HANG=$ID timeout 2 "$CEPH" device get-health-metrics INTEL_SSDSC2KB960G8_DCCEPHA001 | wc -c)
check "HANG=DEVID: the other devices answer" "[ $out -gt 1000 ]"
# Killing only the process leaves its child holding standard output: whoever reads must kill
# the group (docs/ceph.md). The group is this test's own (setsid), ended by its id.
: >"$T/calls"
FAKE_CEPH_HANG=all setsid "$CEPH" device get-health-metrics $ID >"$T/o" 2>&1 &
lead=$!
HANG_GROUP=$lead
for _ in 1 2 3 4 5 6 7 8 9 10; do grep -q '^hang ' "$T/calls" && break; sleep 0.2; done
child=$(sed -n 's/^hang //p' "$T/calls")
kill -KILL "$lead" 2>/dev/null; wait "$lead" 2>/dev/null
check "HANG: the child ($child) outlives a kill of the process alone" "[ -n '$child' ] && kill -0 $child 2>/dev/null"
kill -KILL -- "-$HANG_GROUP" 2>/dev/null
for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$child" 2>/dev/null || break; sleep 0.2; done
check "HANG: a kill of the group ends it" "! kill -0 $child 2>/dev/null"
HANG_GROUP=

# --- every stored sample is smartctl's JSON that drivecheck import reads today ---
mkdir "$T/s"
python3 - "$D/cluster/health-metrics" "$T/s" <<'EOF'
import json, os, sys
src, out = sys.argv[1:3]
for name in sorted(os.listdir(src)):
    samples = json.load(open(os.path.join(src, name)))
    good = [k for k in sorted(samples) if "json_format_version" in samples[k]]
    if good:
        json.dump(samples[good[-1]], open(os.path.join(out, name), "w"))
EOF
$DC import --json "$T/s" >"$T/j" 2>"$T/e"; rc=$?
check "import of the newest good samples: exit 0, 9 drives" \
	"[ $rc -eq 0 ] && jq -e '.devices | length == 9' $T/j >/dev/null"
dev() { jq -e --arg f "$T/s/$1.json" ".devices[] | select(.path == \$f) | $2" "$T/j" >/dev/null; }
check "MX200: failing, every role fails" \
	"dev Crucial_CT250MX200SSD1_DCCEPHB001 '.health.status == \"failing\" and .verdicts.ceph_osd.status == \"fail\"'"
check "S4510 3.84 TB on XCV10100: the advisory, ceph_osd fails" \
	"dev INTEL_SSDSC2KB038T8_DCCEPHB002 '([.advisories[].id] | index(\"INTEL-S4510-XCV10100\")) != null and .verdicts.ceph_osd.status == \"fail\"'"
check "860 EVO: no PLP" "dev Samsung_SSD_860_EVO_500GB_S3YZNB0KB00864E '.plp.class == \"none\"'"
check "PM983: 84% used, 1.06 years left on its lifetime rate, ceph_osd warns on that" \
	"dev SAMSUNG_MZQLB1T9HAJR-00007_DCCEPHB003 '.wear.percent_used == 84 and .endurance_years_left == 1.06 and .verdicts.ceph_osd.measured_status == \"warn\"'"
check "S4510 960 GB: PLP, nothing wrong but the unmeasured flush" \
	"dev INTEL_SSDSC2KB960G8_DCCEPHA001 '.plp.class == \"full\" and .verdicts.ceph_osd.status == \"warn\" and .verdicts.ceph_osd.measured_status == \"pass\" and .verdicts.ceph_osd.unmeasured == [\"flush-cost\"]'"
check "SAS HDD: its serial as Ceph's devid has it" \
	"dev HITACHI_H109060SESUN600G_DCCEPHC001 '.serial == \"DCCEPHC001\" and .transport == \"sas\"'"


# --- drivecheck import of Ceph's shapes (docs/ceph.md, "Ceph's device health store") ---
$DC import --json "$D/cluster" >"$T/cj" 2>"$T/ce"; rc=$?
check "import of the cluster: exit 3 (two devices without a sample), 11 drives" \
	"[ $rc -eq 3 ] && jq -e '.json_format_version == [1, 7] and (.devices | length == 11)' $T/cj >/dev/null"
$DC import --gate ceph-osd "$D/cluster" >/dev/null 2>&1; rc=$?
check "import of the cluster --gate ceph-osd: exit 2 (failing drives)" "[ $rc -eq 2 ]"
cd_() { jq -e --arg p "$1" ".devices[] | select(.path == \$p) | $2" "$T/cj" >/dev/null; }
check "A001: osd.0 on ceph-a sda, full PLP, warns only for the flush; its state osd.0's reading" \
	"cd_ INTEL_SSDSC2KB960G8_DCCEPHA001 '.host == \"ceph-a\" and .ceph.daemons == [\"osd.0\"] and .ceph.location[0].dev == \"sda\" and .plp.class == \"full\" and .verdicts.ceph_osd.unmeasured == [\"flush-cost\"] and .ceph.state_source == \"daemon-query\" and .ceph.state_sample == \"2026-06-14T12:40:03Z\" and .wear.power_on_hours == 45796'"
check "A001: 3 samples, 42.9 GB a day, no wear rate at 1%" \
	"cd_ INTEL_SSDSC2KB960G8_DCCEPHA001 '.ceph.samples == 3 and (.ceph.history.written_bytes_per_day / 1e9 | floor) == 42 and .ceph.history.wear_percent_per_year == null and .endurance_years_basis != \"wear-history-bound\"'"
check "860 EVO: no PLP" "cd_ Samsung_SSD_860_EVO_500GB_S3YZNB0KB00864E '.plp.class == \"none\" and .ceph.daemons == [\"osd.1\"]'"
check "PM9A3: under osd.0 and osd.1, full PLP, warns for the flush alone" \
	"cd_ SAMSUNG_MZQL2960HCJR-00A07_DCCEPHA003 '.ceph.daemons == [\"osd.0\", \"osd.1\"] and .plp.class == \"full\" and .verdicts.ceph_osd.measured_status == \"pass\"'"
check "Kingston: mon.ceph-a, PLP unknown" "cd_ KINGSTON_SA400S37240G_DCCEPHA004 '.ceph.daemons == [\"mon.ceph-a\"] and .plp.class == \"unknown\"'"
check "MX200: the 13 June sample, the 14 June scrape failed, failing, life expectancy" \
	"cd_ Crucial_CT250MX200SSD1_DCCEPHB001 '.ceph.state_sample == \"2026-06-13T03:15:04Z\" and .ceph.samples_failed == 1 and .ceph.last_failed_scrape.time == \"2026-06-14T03:15:04Z\" and .health.status == \"failing\" and .verdicts.ceph_osd.status == \"fail\" and .ceph.life_expectancy_max == \"2026-06-28T03:20:11Z\" and .ceph.wear_level == 2.46'"
check "S4510 3.84 TB: the advisory fails it" \
	"cd_ INTEL_SSDSC2KB038T8_DCCEPHB002 '([.advisories[].id] | index(\"INTEL-S4510-XCV10100\")) != null and .verdicts.ceph_osd.status == \"fail\"'"
check "PM983: 84%, 150 days of samples, 1.46 TB a day, 24.35 points a year: 0.62 years, ceph_osd warns" \
	"cd_ SAMSUNG_MZQLB1T9HAJR-00007_DCCEPHB003 '.wear.percent_used == 84 and .ceph.history.span_days == 150 and .ceph.history.written_bytes_per_day == 1460000000000 and .ceph.history.wear_percent_per_year == 24.35 and .endurance_years_left == 0.62 and .endurance_years_basis == \"wear-history-bound\" and .verdicts.ceph_osd.measured_status == \"warn\"'"
check "SAS HDD: warns as an OSD, fails as a DB" \
	"cd_ HITACHI_H109060SESUN600G_DCCEPHC001 '.verdicts.ceph_osd.status == \"warn\" and .verdicts.ceph_db.status == \"fail\" and .host == \"ceph-c\"'"
check "P4510: no sample, not judged, still on ceph-c under osd.6" \
	"cd_ INTEL_SSDPE2KX020T8_DCCEPHC002 '.verdicts == null and .host == \"ceph-c\" and .ceph.samples == 0 and (.errors[0] | test(\"no sample\"))'"
check "PM883 of no location: no host, its life expectancy's end unset" \
	"cd_ SAMSUNG_MZ7LH960HAJR-00005_DCCEPHX002 '.host == null and .ceph.life_expectancy_max == null and .ceph.life_expectancy_min != null'"
check "Micron 5300: a file device ls does not list: listed false, full PLP" \
	"cd_ Micron_5300_MTFDDAK960TDS_DCCEPHX001 '.ceph.listed == false and .plp.class == \"full\"'"
$DC import --json "$D/cluster/health-metrics" >"$T/nl" 2>/dev/null
check "without a device ls: listed null" "jq -e '[.devices[].ceph.listed] | unique == [null]' $T/nl >/dev/null"
$DC import "$D/cluster" >"$T/ct" 2>/dev/null
check "the table: a line per drive under Ceph daemons" \
	"grep -qx '  osd.4: ceph-b nvme0n1 (SAMSUNG_MZQLB1T9HAJR-00007_DCCEPHB003): ceph-osd warn, ceph-db warn: 84% of its rated endurance used; rated endurance spent in 0.62 years at its write rate' $T/ct && grep -q '^  osd.1: ceph-a sdb (Samsung_SSD_860_EVO_500GB_S3YZNB0KB00864E): .*no power-loss protection' $T/ct"
$DC report "$T/cj" >"$T/rt" 2>/dev/null
check "report of one import's file: grouped by host (ceph-a, ceph-b, ceph-c)" \
	"grep -q '^ceph-b *INTEL_SSDSC2KB038T8_DCCEPHB002 ' $T/rt && grep -q '^ceph-a *INTEL_SSDSC2KB960G8_DCCEPHA001 ' $T/rt && grep -q 'on 4 hosts' $T/rt && grep -q '^  osd.2: ceph-b (Crucial' $T/rt"
$DC import --prometheus "$D/cluster" >"$T/cp" 2>/dev/null
check "Prometheus: drivecheck_ceph_daemon_info per daemon, as Ceph names OSDs" \
	"grep -qx 'drivecheck_ceph_daemon_info{device=\"SAMSUNG_MZQL2960HCJR-00A07_DCCEPHA003\",ceph_daemon=\"osd.1\",devid=\"SAMSUNG_MZQL2960HCJR-00A07_DCCEPHA003\",hostname=\"ceph-a\",ceph_device=\"nvme0n1\"} 1' $T/cp && [ \$(grep -c '^drivecheck_ceph_daemon_info{' $T/cp) -eq 10 ]"

# hostile files: each refused alone, named, the good file beside it still read
for pair in "sample-key-not-a-time.json:sample key \"yesterday\" is not a time" \
	"sample-key-impossible-date.json:no such date" \
	"sample-not-smartctl.json:sample 20260613-031501 is neither smartctl's JSON" \
	"sample-not-an-object.json:is not an object" "sample-time-twice.json:appears twice" \
	"device-ls-entry-without-devid.json:device 1: devid missing" \
	"daemon-query-value-not-an-object.json:SAMSUNG_MZQL2960HCJR-00A07_DCCEPHA003 is not an object" \
	"name-mismatch/INTEL_SSDSC2KB960G8_DCCEPHA001.json:named for device INTEL_SSDSC2KB960G8_DCCEPHA001, but sample"; do
	f=${pair%%:*} want=${pair#*:}
	$DC import --json "$D/hostile/$f" "$D/cluster/health-metrics/HITACHI_H109060SESUN600G_DCCEPHC001.json" >"$T/hj" 2>"$T/he"; rc=$?
	printf '%s\n' "$want" >"$T/want"
	check "hostile $f: refused ('$want'), the good file read" \
		"[ $rc -eq 3 ] && grep -F '$D/hostile/$f: ' $T/he | grep -qFf $T/want && jq -e '[.devices[] | select(.verdicts)] | length == 1' $T/hj >/dev/null"
done
s=$(date +%s)
$DC import --json "$T/million.json" >/dev/null 2>"$T/me"; rc=$?
check "a million samples: refused for their number ($(($(date +%s) - s)) s)" \
	"[ $rc -eq 3 ] && grep -q 'million.json: 1000000 samples: more than 10000' $T/me"

# --- drivecheck ceph-health against the stand-in ceph ---
: >"$T/calls"
PATH="$T/bin:$PATH" $DC ceph-health --json >"$T/hh" 2>"$T/he"; rc=$?
check "ceph-health: exit 3, 10 drives (the cluster less the orphan), 11 calls, read-only" \
	"[ $rc -eq 3 ] && jq -e '.devices | length == 10' $T/hh >/dev/null && [ \$(wc -l <$T/calls) -eq 11 ] && ! grep -qv '^device \(ls --format json\|get-health-metrics [^ ]*\)$' $T/calls"
check "ceph-health: the same verdicts as the import of the saved files" \
	"[ \"\$(jq -c '[.devices[] | {path, v: .verdicts.ceph_osd.status, host}] | sort_by(.path)' $T/hh)\" = \"\$(jq -c '[.devices[] | select(.path != \"Micron_5300_MTFDDAK960TDS_DCCEPHX001\") | {path, v: .verdicts.ceph_osd.status, host}] | sort_by(.path)' $T/cj)\" ]"
: >"$T/calls"
s=$(date +%s)
PATH="$T/bin:$PATH" FAKE_CEPH_HANG=$ID $DC ceph-health --timeout 2 --json >"$T/hh" 2>"$T/he"; rc=$?
e=$(($(date +%s) - s))
child=$(sed -n 's/^hang //p' "$T/calls")
check "ceph-health HANG=DEVID --timeout 2: that device timed out (${e} s), said" \
	"[ $rc -eq 3 ] && [ $e -lt 15 ] && grep -q \"$ID: 'ceph device get-health-metrics $ID' timed out after 2 s\" $T/he"
check "ceph-health HANG=DEVID: the others read (7 drives judged)" \
	"jq -e '[.devices[] | select(.verdicts)] | length == 7' $T/hh >/dev/null"
for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$child" 2>/dev/null || break; sleep 0.2; done
check "ceph-health HANG=DEVID: the hanging call's child ($child) killed with its group" \
	"[ -n '$child' ] && ! kill -0 $child 2>/dev/null"
PATH="$T/bin:$PATH" FAKE_CEPH_HANG=ls $DC ceph-health --timeout 1 >"$T/o" 2>"$T/he"; rc=$?
check "ceph-health HANG=ls: timed out, said, exit 3, nothing on stdout" \
	"[ $rc -eq 3 ] && [ ! -s $T/o ] && grep -q \"'ceph device ls --format json' timed out after 1 s\" $T/he"
PATH="$T/bin:$PATH" FAKE_CEPH_FAIL=ls $DC ceph-health >"$T/o" 2>"$T/he"; rc=$?
check "ceph-health FAIL=ls: ceph's message, exit 3" \
	"[ $rc -eq 3 ] && grep -q 'failed (exit 1): Error initializing cluster client: ObjectNotFound' $T/he"
PATH="$T/bin:$PATH" FAKE_CEPH_FAIL=module $DC ceph-health >"$T/o" 2>"$T/he"; rc=$?
check "ceph-health FAIL=module: the mgr's EOPNOTSUPP for each device, exit 3" \
	"[ $rc -eq 3 ] && [ \$(grep -c \"Error EOPNOTSUPP: Module 'devicehealth' is not enabled\" $T/he) -eq 10 ]"
PATH="$T/bin:$PATH" FAKE_CEPH_FAIL=$ID $DC ceph-health --save "$T/saved" >"$T/o" 2>"$T/he"; rc=$?
check "ceph-health FAIL=DEVID: not found, said; --save keeps what was asked" \
	"[ $rc -eq 3 ] && grep -q \"$ID: 'ceph device get-health-metrics $ID' failed (exit 2): Error ENOENT\" $T/he && cmp -s $T/saved/devices.json $D/cluster/devices.json && [ ! -e $T/saved/health-metrics/$ID.json ]"

echo "tests/ceph-health/run.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
