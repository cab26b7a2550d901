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

echo "tests/ceph-health/run.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
