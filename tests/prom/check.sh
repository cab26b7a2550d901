#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/prom/check.sh - `make check-prom`: the Prometheus side of drivecheck.
#   1. promtool check metrics says nothing of the --prometheus output of every captured
#      drive (each dump alone, each folder at once, a loop device made here), no series
#      comes twice, and every value agrees with the --json output (compare.py);
#   2. the alert rules pass promtool check rules and their unit tests, fire on what the
#      captured drives say (alerts_on.py), and a changed threshold breaks the tests;
#   3. the systemd units pass systemd-analyze verify, and the wrapper replaces the
#      textfile atomically and leaves it alone when drivecheck fails.
# Fails, never skips, when promtool, systemd-analyze or python3-yaml is missing.
set -u
. "$(dirname "$0")/../lib/checks.sh"
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
DC=$(realpath "$BUILD/drivecheck")
VERSION=$(cat "$TOP/VERSION")
RULES=$TOP/contrib/prometheus/drivecheck.rules.yml
T=$(mktemp -d)
cleanup() {
	undo_devices
	rm -rf "$T"
}
trap cleanup EXIT

missing=""
for tool in promtool systemd-analyze python3 jq losetup mkfs.ext4; do
	command -v "$tool" >/dev/null || missing="$missing $tool"
done
python3 -c 'import yaml' 2>/dev/null || missing="$missing python3-yaml"
if [ -n "$missing" ]; then
	echo "check-prom: missing:$missing (make test-deps installs them)" >&2
	exit 1
fi
cd "$TOP" || exit 1

# --- 1. the metrics ---

# lint NAME FILE: promtool is silent, and no series comes twice (node_exporter's textfile
# collector rejects a file with a duplicate; promtool 2.42 does not look).
lint() {
	local out rc dup
	out=$(promtool check metrics <"$2" 2>&1); rc=$?
	check "$1: promtool check metrics says nothing" "[ $rc -eq 0 ] && [ -z \"\$out\" ]"
	[ -n "$out" ] && echo "$out" | head -5 >&2
	dup=$(grep -v '^#' "$2" | sed 's/ [^ ]*$//' | sort | uniq -d | head -3)
	check "$1: no series twice" "[ -z \"\$dup\" ]"
	[ -n "$dup" ] && echo "$dup" >&2
}

# run NAME ARGS...: drivecheck's --prometheus and --json output, T/NAME.prom and .json;
# exit 0-3 (pass, warn, fail, not checked) all come with output
run() {
	local name=$1 rc
	shift
	"$DC" "$@" --prometheus >"$T/$name.prom" 2>"$T/$name.err"; rc=$?
	check "$name: exit 0-3 ($rc)" "[ $rc -le 3 ]"
	"$DC" "$@" --json >"$T/$name.json" 2>/dev/null
}

# compare NAME: the Prometheus values against the JSON ones
compare() {
	if python3 "$HERE/compare.py" "$T/$1.prom" "$T/$1.json" "$VERSION" >"$T/$1.cmp"; then
		ok
	else
		bad "$1: --prometheus and --json disagree"
		grep FAIL "$T/$1.cmp" | head -10 >&2
	fi
}

# Samples without the two that change from run to run.
steady() { grep -v -e '^#' -e '^drivecheck_last_run_timestamp_seconds ' "$1" | sort; }

nsingle=0
for set in data/dumps data/dumps-bad data/e2e/dump; do
	: >"$T/union"
	for d in "$set"/*/; do
		d=${d%/}
		[ -f "$d/device.json" ] || continue
		n=$(basename "$d")
		nsingle=$((nsingle + 1))
		run "$n" --replay "$d"
		if [ ! -s "$T/$n.json" ]; then
			# a dump that cannot be read alone: drivecheck says so and prints nothing
			check "$n: unreadable alone: no metrics either" "[ ! -s $T/$n.prom ] && [ -s $T/$n.err ]"
			continue
		fi
		lint "$n" "$T/$n.prom"
		compare "$n"
		steady "$T/$n.prom" | grep -v '^drivecheck_build_info' >>"$T/union"
	done
	all=all-$(echo "$set" | tr / -)
	run "$all" --replay "$set"
	lint "$all" "$T/$all.prom"
	# every drive of a folder reads the same alone and with the others; the dump label
	# keeps apart the many /dev/sda of the folder (an unreadable one: its path)
	steady "$T/$all.prom" | grep -v -e '^drivecheck_build_info' \
		-e '^drivecheck_device_read_error{device="data/' \
		-e '^drivecheck_role_status{device="data/' >"$T/all-steady"
	check "$set: at once as each alone" "sort $T/union | cmp -s - $T/all-steady"
	check "$set: one drive_info per readable dump" \
		"[ \$(grep -c '^drivecheck_drive_info{' $T/$all.prom) -eq \$(jq '[.devices[] | select(has(\"verdicts\"))] | length' $T/$all.json) ]"
done
check "every dump replayed ($nsingle)" "[ $nsingle -ge 60 ]"

# What the captured drives say, by name: the drive's own word on its backup power
for n in DCTEST_NVME-BACKUP-FAILED DCTEST_OCP-NVME-CAPFAIL SYNTH_INTEL_SSDSC2KG480G8_CAP_FAILING; do
	check "$n: plp_failed 1" "grep -q '^drivecheck_plp_failed{device=\"[^\"]*\",dump=\"data/dumps/$n\"} 1\$' $T/$n.prom"
done
for n in INTEL_SSDSC2KG480G8 SAMSUNG_MZQL21T9HCJR-00A07 Micron_5300_MTFDDAK960TDS; do
	check "$n: plp_failed 0" "grep -q '^drivecheck_plp_failed{device=\"[^\"]*\",dump=\"data/dumps/$n\"} 0\$' $T/$n.prom"
done
check "data/dumps: three drives with failed PLP" "[ \$(grep -c '^drivecheck_plp_failed{.*} 1\$' $T/all-data-dumps.prom) -eq 3 ]"
check "DCTEST_NVME-BACKUP-FAILED: fails every role" "[ \$(grep -c '^drivecheck_role_status{.*status=\"fail\"} 1\$' $T/DCTEST_NVME-BACKUP-FAILED.prom) -eq 5 ]"
# the e2e lab's consumer SATA drive put in 'write through' by hand: the hazard, alone
check "e2e sdg: write-through hazard" "grep -q '^drivecheck_write_through_hazard{device=\"sdg\",dump=\"data/e2e/dump/sdg\"} 1\$' $T/sdg.prom"
check "e2e: no other hazard" "[ \$(grep -c '^drivecheck_write_through_hazard{.*} 1\$' $T/all-data-e2e-dump.prom) -eq 1 ]"
check "e2e sdg: both durable-write ways timed" "grep -q 'sync=\"fdatasync\",quantile=\"0.99\"}' $T/sdg.prom && grep -q 'sync=\"dsync\",quantile=\"0.5\"}' $T/sdg.prom"
check "data/dumps-bad: unreadable dumps are read errors" "grep -q '^drivecheck_device_read_error{device=\"data/dumps-bad/device-json-empty\"} 1\$' $T/all-data-dumps-bad.prom"
check "Micron_5100: wear as a ratio" "grep -q '^drivecheck_endurance_used_ratio{device=\"sda\",dump=\"data/dumps/Micron_5100_MTFDDAK480TCB\"} 0.43\$' $T/Micron_5100_MTFDDAK480TCB.prom"

# A live run on a loop device with a filesystem, probed: no dump label, and a summary
truncate -s 64M "$T/disk.img"
mkfs.ext4 -q -F "$T/disk.img" >/dev/null 2>&1
L=$(losetup -f --show "$T/disk.img") || { echo "cannot make a loop device" >&2; exit 1; }
LOOPS+=("$L")
MNT=$T/mnt
mkdir -p "$MNT" && mount "$L" "$MNT" || { echo "cannot mount $L" >&2; exit 1; }
# one probe, two outputs: the live run's metrics, and the JSON of its dump replayed
"$DC" --probe-time 1 --dump "$T/live-dump" --prometheus "$L" >"$T/live-probe.prom"; rc=$?
check "live, probed: exit 0-3 ($rc)" "[ $rc -le 3 ]"
"$DC" --replay "$T/live-dump/${L#/dev/}" --json >"$T/live-probe.json"
lint live-probe "$T/live-probe.prom"
compare live-probe
check "live: no dump label" "! grep -q 'dump=' $T/live-probe.prom"
check "live: the probe's summary" "grep -q '^drivecheck_probe_write_latency_seconds_count{device=\"${L#/dev/}\",sync=\"fdatasync\"} [1-9]' $T/live-probe.prom"
run live-noprobe --no-probe "$L"
lint live-noprobe "$T/live-noprobe.prom"
compare live-noprobe
umount "$MNT" && MNT=""

# --- 2. the alert rules ---
out=$(promtool check rules "$RULES" 2>&1); rc=$?
check "promtool check rules" "[ $rc -eq 0 ] && echo \"\$out\" | grep -q 'SUCCESS: 12 rules found' && ! echo \"\$out\" | grep -qi warn"
out=$(cd contrib/prometheus && promtool test rules drivecheck.rules.test.yml 2>&1); rc=$?
check "promtool test rules drivecheck.rules.test.yml" "[ $rc -eq 0 ]"
[ $rc -eq 0 ] || echo "$out" | head -30 >&2
# every alert of the rules has a unit test
for a in $(sed -n 's/^ *- alert: //p' "$RULES"); do
	check "$a has a unit test" "grep -q 'alertname: $a\$' contrib/prometheus/drivecheck.rules.test.yml"
done
# on the captured drives: each alert fires exactly where the JSON output says it must
for set in data-dumps data-e2e-dump data-dumps-bad; do
	mkdir -p "$T/rules-$set"
	if python3 "$HERE/alerts_on.py" "$RULES" "$T/rules-$set" "$T/all-$set.prom" \
		"$T/all-$set.json" >"$T/rules-$set/fired"; then
		out=$(cd "$T/rules-$set" && promtool test rules test.yml 2>&1); rc=$?
		check "rules on $set ($(cat "$T/rules-$set/fired"))" "[ $rc -eq 0 ]"
		[ $rc -eq 0 ] || echo "$out" | head -20 >&2
	else
		bad "rules on $set: no test made"
	fi
done
# the rules' bounds are the verdict's own (include/thresholds.h)
check "the rules' bounds are drivecheck's" "python3 $HERE/rules_match_code.py $TOP/include/thresholds.h $RULES >/dev/null"
# DriveUnreadable: once for each dump of data/dumps-bad that --json gives no verdicts (it
# grows with the bad fixtures; never none)
unread=$(jq '[.devices[] | select(has("verdicts") | not)] | length' "$T/all-data-dumps-bad.json")
check "the rules fire on the captured drives (unreadable: $unread)" "grep -q 'DrivecheckPLPFailed=3' $T/rules-data-dumps/fired && grep -q 'DrivecheckWriteThroughHazard=1' $T/rules-data-e2e-dump/fired && [ $unread -ge 10 ] && grep -qE 'DrivecheckDriveUnreadable=$unread( |\$)' $T/rules-data-dumps-bad/fired"
# each threshold is pinned: a rule changed so must fail its unit test
mutant() {
	mkdir -p "$T/mut"
	cp contrib/prometheus/drivecheck.rules.test.yml "$T/mut/"
	sed "s/$1/$2/" "$RULES" >"$T/mut/drivecheck.rules.yml"
	if cmp -s "$RULES" "$T/mut/drivecheck.rules.yml"; then
		bad "rule mutant '$1': not found"
	elif (cd "$T/mut" && promtool test rules drivecheck.rules.test.yml >/dev/null 2>&1); then
		bad "rule mutant '$1' -> '$2' survived"
	else
		ok
	fi
}
mutant 'drivecheck_plp_failed == 1' 'drivecheck_plp_failed >= 0'
mutant 'drivecheck_plp_degraded == 1' 'drivecheck_plp_degraded >= 0'
mutant 'drivecheck_write_through_hazard == 1' 'drivecheck_write_through_hazard >= 0'
mutant 'status="fail"' 'status!="pass"'
mutant 'used_ratio >= 0.80' 'used_ratio > 0.80'
mutant 'remaining_seconds < 1 \* 8766 \* 3600' 'remaining_seconds <= 1 * 8766 * 3600'
mutant 'read_error == 1' 'read_error >= 0'
mutant '> 3 \* 3600' '>= 3 * 3600'
mutant 'for: 15m' 'for: 5m'
mutant 'severity: critical' 'severity: warning'

# --- 3. the service, the timer and the wrapper ---
ROOT=$T/root
"$MAKE" --no-print-directory -s install DESTDIR="$ROOT" PREFIX=/usr BUILD="$BUILD" >/dev/null
UNITS=$ROOT/usr/lib/systemd/system
WRAP=$ROOT/usr/libexec/drivecheck/drivecheck-textfile
check "installed: units, wrapper, rules" "[ -f $UNITS/drivecheck-textfile.service ] && [ -f $UNITS/drivecheck-textfile.timer ] && [ -x $WRAP ] && [ -f $ROOT/usr/share/drivecheck/prometheus/drivecheck.rules.yml ]"
check "installed: paths under /usr" "grep -q '^ExecStart=/usr/libexec/drivecheck/drivecheck-textfile \$DRIVECHECK_ARGS\$' $UNITS/drivecheck-textfile.service && grep -q 'DRIVECHECK:-/usr/bin/drivecheck}' $WRAP"
# systemd-analyze verify wants ExecStart to exist and the man page to be found: the same
# units with the installed tree's paths
mkdir -p "$T/units"
sed "s|=/usr/libexec/|=$ROOT/usr/libexec/|" "$UNITS/drivecheck-textfile.service" >"$T/units/drivecheck-textfile.service"
cp "$UNITS/drivecheck-textfile.timer" "$T/units/"
out=$(MANPATH=$ROOT/usr/share/man systemd-analyze verify "$T/units/drivecheck-textfile.service" "$T/units/drivecheck-textfile.timer" 2>&1); rc=$?
check "systemd-analyze verify: service and timer" "[ $rc -eq 0 ] && [ -z \"\$out\" ]"
[ -n "$out" ] && echo "$out" | head -5 >&2
SVC=$T/units/drivecheck-textfile.service
check "service: probe off by default, /etc/default/drivecheck optional" "grep -q '^Environment=\"DRIVECHECK_ARGS=--all --no-probe\"\$' $SVC && grep -q '^EnvironmentFile=-/etc/default/drivecheck\$' $SVC"
check "service: raw device access kept" "! grep -Eq '^(PrivateDevices|DevicePolicy|DeviceAllow|ProtectClock|PrivateUsers|User|DynamicUser)=' $SVC && grep -q '^CapabilityBoundingSet=.*CAP_SYS_ADMIN' $SVC && grep -q '^CapabilityBoundingSet=.*CAP_SYS_RAWIO' $SVC"
check "service: hardened (exposure <= 3.5)" "systemd-analyze security --offline=yes --threshold=35 $SVC >/dev/null 2>&1"
check "timer: hourly, enabled by timers.target" "grep -q '^OnUnitActiveSec=1h\$' $T/units/drivecheck-textfile.timer && grep -q '^WantedBy=timers.target\$' $T/units/drivecheck-textfile.timer"

# The wrapper, with the real drivecheck
TF=$T/textfile
mkdir -p "$TF"
textfile() { DRIVECHECK_TEXTFILE_DIR=$TF "$WRAP" "$@"; }
others() { find "$TF" -mindepth 1 ! -name drivecheck.prom | wc -l; }
DRIVECHECK=$DC textfile --replay data/dumps 2>"$T/w.err"; rc=$?
check "wrapper: exit 0" "[ $rc -eq 0 ]"
lint "wrapper: textfile" "$TF/drivecheck.prom"
check "wrapper: the whole output" "steady $TF/drivecheck.prom | cmp -s - <(steady $T/all-data-dumps.prom)"
check "wrapper: readable by node_exporter (0644)" "[ \$(stat -c %a $TF/drivecheck.prom) = 644 ]"
check "wrapper: nothing left beside it" "[ \$(others) -eq 0 ]"

# With a fake drivecheck: what it is given, a run caught half-way, failures
FAKE=$T/fake-drivecheck
cat >"$FAKE" <<'EOF'
#!/bin/sh
# writes half its output, waits for $T/go to be made, writes the rest, exits $FAKE_RC
echo "$*" >"$FAKE_DIR/args"
echo '# HELP drivecheck_fake_info A fake.'
echo '# TYPE drivecheck_fake_info gauge'
: >"$FAKE_DIR/half"
while [ ! -e "$FAKE_DIR/go" ]; do sleep 0.1; done
[ -n "${FAKE_HALF_ONLY:-}" ] || echo "drivecheck_fake_info{run=\"$FAKE_RUN\"} 1"
exit "${FAKE_RC:-0}"
EOF
chmod +x "$FAKE"
export FAKE_DIR=$T
fake() { DRIVECHECK=$FAKE FAKE_RUN=$1 textfile "${@:2}"; }  # with $T/go made first
touch "$T/go"
fake 1 2>/dev/null
check "wrapper: default arguments --prometheus --all --no-probe" "[ \"\$(cat $T/args)\" = '--prometheus --all --no-probe' ]"
fake 1 --all --probe-time 2 2>/dev/null
check "wrapper: given arguments passed on" "[ \"\$(cat $T/args)\" = '--prometheus --all --probe-time 2' ]"
check "wrapper: fake textfile written" "grep -q 'run=\"1\"' $TF/drivecheck.prom"
cp "$TF/drivecheck.prom" "$T/before"
inode=$(stat -c %i "$TF/drivecheck.prom")
# caught half-way: the old file is whole, the new half in a hidden file beside it
rm -f "$T/go" "$T/half"
DRIVECHECK=$FAKE FAKE_RUN=2 textfile 2>/dev/null &
wpid=$!
for _ in $(seq 100); do [ -e "$T/half" ] && break; sleep 0.1; done
check "half-way: the old file unchanged" "cmp -s $T/before $TF/drivecheck.prom && [ \$(stat -c %i $TF/drivecheck.prom) = $inode ]"
check "half-way: the new one in a hidden temporary file of the same folder" "[ \$(others) -eq 1 ] && ls -A $TF | grep -q '^\.drivecheck\.prom\.' && ! ls -A $TF | grep -v '^drivecheck.prom\$' | grep -q '\.prom\$'"
touch "$T/go"
wait $wpid; rc=$?
check "half-way: then exit 0" "[ $rc -eq 0 ]"
check "half-way: then replaced whole, by a rename" "grep -q 'run=\"2\"' $TF/drivecheck.prom && [ \$(stat -c %i $TF/drivecheck.prom) != $inode ] && [ \$(others) -eq 0 ]"
cp "$TF/drivecheck.prom" "$T/before"
touch -d '2001-01-01' "$TF/drivecheck.prom"
mtime=$(stat -c %Y "$TF/drivecheck.prom")
unchanged() { cmp -s "$T/before" "$TF/drivecheck.prom" && [ "$(stat -c %Y "$TF/drivecheck.prom")" = "$mtime" ] && [ "$(others)" -eq 0 ]; }
for rc_fake in 4 5 6 130; do
	touch "$T/go"
	FAKE_HALF_ONLY=1 FAKE_RC=$rc_fake fake 3 2>"$T/w.err"; rc=$?
	check "drivecheck exits $rc_fake: wrapper exits 1, the old file kept, no temporary left" "[ $rc -eq 1 ] && unchanged && grep -q 'exited $rc_fake' $T/w.err"
done
touch "$T/go"
FAKE_RC=3 fake 4 2>/dev/null; rc=$?
check "drivecheck exits 3 (a drive not checked): the file is replaced" "[ $rc -eq 0 ] && grep -q 'run=\"4\"' $TF/drivecheck.prom"
cp "$TF/drivecheck.prom" "$T/before"
mtime=$(stat -c %Y "$TF/drivecheck.prom")
cat >"$T/empty-drivecheck" <<'EOF'
#!/bin/sh
exit 0
EOF
chmod +x "$T/empty-drivecheck"
DRIVECHECK=$T/empty-drivecheck textfile 2>"$T/w.err"; rc=$?
check "drivecheck prints nothing: the old file kept" "[ $rc -eq 1 ] && unchanged && grep -q 'wrote nothing' $T/w.err"
# stopped half-way (systemd sends SIGTERM to the whole unit): old file kept, nothing left
rm -f "$T/go" "$T/half"
DRIVECHECK=$FAKE FAKE_RUN=5 DRIVECHECK_TEXTFILE_DIR=$TF setsid "$WRAP" 2>/dev/null &
wpid=$!
for _ in $(seq 100); do [ -e "$T/half" ] && break; sleep 0.1; done
kill -TERM -- -"$wpid" 2>/dev/null
wait $wpid; rc=$?
check "SIGTERM half-way: not 0, the old file kept, no temporary left" "[ $rc -ne 0 ] && unchanged"
DRIVECHECK=$DC DRIVECHECK_TEXTFILE_DIR=$T/no-such-dir "$WRAP" --replay data/dumps 2>"$T/w.err"; rc=$?
check "no textfile folder: exit 1, said" "[ $rc -eq 1 ] && grep -q 'cannot make a temporary file' $T/w.err"


# --- Ceph's device health store imported: the ceph_daemon label (docs/prometheus.md) ---
"$DC" import --prometheus data/ceph-health/cluster >"$T/ceph.prom" 2>/dev/null
lint "ceph-health import" "$T/ceph.prom"
check "ceph: drivecheck_ceph_daemon_info names osd.0 on both its drives, as Ceph names OSDs" \
	"[ \$(grep -c '^drivecheck_ceph_daemon_info{.*,ceph_daemon=\"osd.0\",' $T/ceph.prom) -eq 2 ]"
check "ceph: a drive without a sample keeps its daemon, and reads as an error" \
	"grep -q '^drivecheck_ceph_daemon_info{device=\"INTEL_SSDPE2KX020T8_DCCEPHC002\",ceph_daemon=\"osd.6\",' $T/ceph.prom && grep -qx 'drivecheck_device_read_error{device=\"INTEL_SSDPE2KX020T8_DCCEPHC002\"} 1' $T/ceph.prom"
check "ceph: each daemon's series joins its drive's verdict on device" \
	"grep -qx 'drivecheck_role_status{device=\"Crucial_CT250MX200SSD1_DCCEPHB001\",role=\"ceph_osd\",status=\"fail\"} 1' $T/ceph.prom && grep -q '^drivecheck_ceph_daemon_info{device=\"Crucial_CT250MX200SSD1_DCCEPHB001\",ceph_daemon=\"osd.2\",devid=\"Crucial_CT250MX200SSD1_DCCEPHB001\",hostname=\"ceph-b\",ceph_device=\"sda\"} 1$' $T/ceph.prom"
"$DC" import --prometheus data/import >"$T/noceph.prom" 2>/dev/null
check "no drive of Ceph's store: no ceph family" "! grep -q drivecheck_ceph_daemon_info $T/noceph.prom"

echo "tests/prom: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
