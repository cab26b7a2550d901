#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/cli/run.sh - the command line end to end, on loop devices this test makes:
# JSON shape, errors and exit codes, non-root behaviour, dump and replay, the gate.
set -u
. "$(dirname "$0")/../lib/checks.sh"
. "$(dirname "$0")/../lib/probed.sh"
BUILD=${BUILD:-build}
DC=$BUILD/drivecheck
T=$(mktemp -d)
cleanup() {
	undo_devices
	rm -rf "$T"
}
trap cleanup EXIT

# --- options and usage ---
$DC --help >"$T/help"; rc=$?
check "--help exits 0" "[ $rc -eq 0 ]"
check "--help names the exit codes" "grep -q 'Exit codes' $T/help"
check "--help shows thresholds" "grep -q 'Flush thresholds' $T/help"
check "--version" "$DC --version | grep -q '^drivecheck [0-9]'"
$DC >/dev/null 2>&1; check "no device is a usage error" "[ $? -eq 4 ]"
$DC --bogus >/dev/null 2>&1; check "unknown option exits 4" "[ $? -eq 4 ]"
$DC --probe-time -1 /dev/null >/dev/null 2>&1; check "bad --probe-time exits 4" "[ $? -eq 4 ]"
# strtod takes "nan", which every range check lets through (a NaN compares false)
$DC --probe-time nan /dev/null >/dev/null 2>&1; check "--probe-time nan exits 4" "[ $? -eq 4 ]"
$DC --jobs nan /dev/null >/dev/null 2>&1; check "--jobs nan exits 4" "[ $? -eq 4 ]"
$DC lookup --hours nan X >/dev/null 2>&1; check "--hours nan exits 4" "[ $? -eq 4 ]"
$DC --gate nosuchrole /dev/null >/dev/null 2>&1; check "bad --gate role exits 4" "[ $? -eq 4 ]"
$DC --all /dev/null >/dev/null 2>&1; check "--all with names exits 4" "[ $? -eq 4 ]"

# --- bad devices: clear message, valid JSON, exit 3, the scan goes on ---
$DC --json --no-probe /dev/nonexistent-drivecheck >"$T/j" 2>"$T/e"; rc=$?
check "missing device exits 3" "[ $rc -eq 3 ]"
check "missing device: JSON still valid" "jq -e '.devices[0].errors[0] | test(\"no such device\")' $T/j >/dev/null"
check "missing device: message on stderr" "grep -q 'no such device' $T/e"
echo hi >"$T/regular"
$DC --json --no-probe "$T/regular" >"$T/j" 2>/dev/null; rc=$?
check "regular file: not a block device" "[ $rc -eq 3 ] && jq -e '.devices[0].errors[0] | test(\"not a block device\")' $T/j >/dev/null"
$DC --json --no-probe /dev/null >"$T/j" 2>/dev/null
check "char device: not a block device" "jq -e '.devices[0].errors[0] | test(\"not a block device\")' $T/j >/dev/null"

# --- a loop device made here ---
truncate -s 64M "$T/disk.img"
L=$(losetup -f --show "$T/disk.img") || { echo "cannot make a loop device" >&2; exit 1; }
LOOPS+=("$L")
$DC --json --no-probe "$L" >"$T/j"; rc=$?
check "loop: exit 0" "[ $rc -eq 0 ]"
check "loop: json_format_version [1,7]" "[ \"\$(jq -c .json_format_version $T/j)\" = '[1,7]' ]"
check "loop: no /dev/disk/by-id link (udev makes none for a loop device): by_id null" "jq -e '.devices[0] | has(\"by_id\") and .by_id == null' $T/j >/dev/null"
check "loop: no cache experiment unless asked" "jq -e '.devices[0] | (.cache_experiment == null) and (.cache_left_off == null)' $T/j >/dev/null"
check "loop: transport loop" "[ \"\$(jq -r '.devices[0].transport' $T/j)\" = loop ]"
check "loop: path" "[ \"\$(jq -r '.devices[0].path' $T/j)\" = $L ]"
check "loop: its backing file, and the mount and device it lives on (as findmnt -T)" \
	"[ \"\$(jq -r '.devices[0].backing | \"\(.file) \(.mount) \(.fstype)\"' $T/j)\" = \"$T/disk.img \$(findmnt -n -o TARGET,FSTYPE -T $T/disk.img | tr -s ' ')\" ]"
check "loop: capacity" "[ \"\$(jq -r '.devices[0].capacity_bytes' $T/j)\" = 67108864 ]"
check "loop: kernel write cache shown" "jq -e '.devices[0].write_cache.kernel | test(\"write (back|through)\")' $T/j >/dev/null"
check "loop: keys present" "jq -e '.devices[0] | has(\"model\") and has(\"serial\") and has(\"firmware\") and has(\"rotational\") and has(\"plp_evidence\") and has(\"wear\") and has(\"errors\") and has(\"verdicts\") and has(\"plp\")' $T/j >/dev/null"
check "loop: S, U and F with their basis" "jq -e '.devices[0].properties | (.flushed_writes_survive | has(\"value\") and has(\"source_kind\") and has(\"basis\")) and (.unflushed_writes_survive.value == null) and (.durable_writes_fast.speed == \"not-measured\")' $T/j >/dev/null"
check "loop: smart section" "jq -e '.devices[0].smart | has(\"temperature_c\") and (.ata_attributes | type == \"array\") and has(\"nvme_health\")' $T/j >/dev/null"
check "loop: write_cache keys" "jq -e '.devices[0].write_cache | has(\"present\") and has(\"enabled\") and has(\"kernel\")' $T/j >/dev/null"
check "loop: never full PLP" "[ \"\$(jq -r '.devices[0].plp.class' $T/j)\" = unknown ]"
check "loop: says what it could not read" "jq -e '.devices[0].errors | length > 0' $T/j >/dev/null"
check "loop: probe skipped says why" "jq -e '.devices[0].probe.skipped | test(\"no-probe\")' $T/j >/dev/null"
check "loop: verdict reasons" "jq -e '[.devices[0].verdicts[] | .reasons | length > 0] | all' $T/j >/dev/null"
check "loop: table output" "$DC --no-probe $L | grep -q '^$L'"
$DC --no-probe --prometheus "$L" >"$T/prom"
check "loop: prometheus: one status of four per role" "[ \$(grep -c '^drivecheck_role_status{device=\"${L#/dev/}\",role=\"ceph_osd\",status=\"[a-z-]*\"} [01]\$' $T/prom) -eq 4 ] && [ \$(grep -c '^drivecheck_role_status{device=\"${L#/dev/}\",role=\"ceph_osd\",.*} 1\$' $T/prom) -eq 1 ]"
check "loop: prometheus: read, identified by its kernel name as node_exporter's node_disk_* are" "grep -q '^drivecheck_device_read_error{device=\"${L#/dev/}\"} 0\$' $T/prom && grep -q '^drivecheck_drive_info{device=\"${L#/dev/}\",.*transport=\"loop\",plp_class=\"unknown\"} 1\$' $T/prom"
check "prometheus: the metrics' format version 2" "grep -q '^drivecheck_build_info{version=\"[^\"]*\",format_version=\"2\"} 1\$' $T/prom"
check "loop: prometheus: no probe, no latency" "! grep -q '^drivecheck_probe_write_latency_seconds' $T/prom"
check "by kernel name" "$DC --json --no-probe ${L#/dev/} | jq -e '.devices[0].path == \"$L\"' >/dev/null"
# a named device and a missing one: the good one is still reported
$DC --json --no-probe "$L" /dev/nonexistent-drivecheck >"$T/j" 2>/dev/null; rc=$?
check "mixed: exit 3, both listed" "[ $rc -eq 3 ] && [ \$(jq '.devices | length' $T/j) -eq 2 ] && jq -e '.devices[0].errors | map(select(test(\"vanished|no such\"))) | length == 0' $T/j >/dev/null"

# --- partition: refused with a hint ---
truncate -s 64M "$T/part.img"
printf 'label: dos\n,32M\n' | sfdisk -q "$T/part.img" >/dev/null 2>&1
LP=$(losetup -f --show -P "$T/part.img"); LOOPS+=("$LP")
sleep 0.5
# Kernels without partition-table parsers still take partitions from partx.
[ -b "${LP}p1" ] || partx -a "$LP" 2>/dev/null
sleep 0.2
if [ -b "${LP}p1" ]; then
	$DC --json --no-probe "${LP}p1" >"$T/j" 2>/dev/null; rc=$?
	check "partition named: exit 3 and a hint" "[ $rc -eq 3 ] && jq -e '.devices[0].errors[0] | test(\"partition\")' $T/j >/dev/null"
	check "partitioned disk lists its partition" "[ \"\$($DC --json --no-probe $LP | jq -c '.devices[0].partitions')\" = '[\"${LP#/dev/}p1\"]' ]"
else
	bad "the kernel made no partition node for $LP (losetup -P, then partx -a): the partition refusal cannot be tested here"
fi

# --- root that a device cgroup refuses the disk (a container): said as such, never "needs
# root". Loop devices are block major 7; the v1 devices controller denies them to a child
# cgroup, whose open then fails with EPERM. ---
CG=/sys/fs/cgroup/devices
if [ -w "$CG/devices.deny" ] && mkdir "$CG/drivecheck-test.$$" 2>/dev/null; then
	echo 'b 7:* rwm' >"$CG/drivecheck-test.$$/devices.deny"
	sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$CG/drivecheck-test.$$" \
		"$DC" --json --probe-time 1 "$L" >"$T/j" 2>"$T/e"
	rmdir "$CG/drivecheck-test.$$"
	check "root refused by a device cgroup: availability says so, not 'needs root'" \
		"jq -e '.devices[0].availability_unknown == \"signatures and locks: no permission to open the disk (refused to root by a device cgroup)\"' $T/j >/dev/null"
	check "root refused by a device cgroup: the probe says so, not 'needs root'" \
		"jq -e '.devices[0].probe.skipped | test(\"refused to root by a device cgroup\")' $T/j >/dev/null"
	check "root refused by a device cgroup: 'needs root' nowhere" "! grep -q 'needs root' $T/j $T/e"
else
	echo "tests/cli: no writable cgroup v1 devices controller ($CG): the device cgroup checks did not run" >&2
fi

# --- non-root: sysfs facts, and what needs root ---
if ! command -v setpriv >/dev/null; then
	bad "setpriv (util-linux) is needed for the non-root checks"
else
	chmod 755 "$T"
	setpriv --reuid=65534 --regid=65534 --clear-groups "$DC" --json --no-probe "$L" >"$T/j" 2>"$T/e"; rc=$?
	[ $rc -eq 0 -o $rc -eq 3 ] || cat "$T/e" >&2
	check "non-root: sysfs facts still shown" "jq -e '.devices[0].capacity_bytes == 67108864' $T/j >/dev/null"
	check "non-root: no crash, valid exit" "[ $rc -eq 0 -o $rc -eq 3 ]"
	check "non-root: the JSON says once that the drive's pages could not be read" \
		"jq -e '.warnings | length == 1 and (.[0] | test(\"not running as root\"))' $T/j >/dev/null"
	check "non-root: stderr says it once" "[ \$(grep -c 'warning: not running as root' $T/e) -eq 1 ]"
	setpriv --reuid=65534 --regid=65534 --clear-groups "$DC" --no-probe "$L" >"$T/t" 2>"$T/e"
	check "non-root, table: said once on stderr, not in the table" \
		"[ \$(grep -c 'not running as root' $T/e) -eq 1 ] && ! grep -q 'not running as root' $T/t"
	# the probe as non-root: refused, and it says what it needs
	setpriv --reuid=65534 --regid=65534 --clear-groups "$DC" --json --probe-time 1 "$L" >"$T/j" 2>/dev/null
	check "non-root probe: refused, says it needs root" "jq -e '.devices[0].probe.skipped | test(\"root\")' $T/j >/dev/null"
fi

# --- docs/json.md's jq one-liners answer what they say, on the captured drives ---
$DC --replay data/dumps --json >"$T/all.json" 2>/dev/null
python3 tests/cli/jq_examples.py "$T/all.json" >"$T/jq.out"; rc=$?
check "docs/json.md's jq one-liners: $(tail -n 1 "$T/jq.out")" "[ $rc -eq 0 ]"
[ $rc -eq 0 ] || cat "$T/jq.out" >&2

# --- nothing unmeasured or unread passes (docs/design.md) ---
# the e2e lab's Micron 5100 (full PLP, 4 ms flushes) with its probe taken out: PLP is no F
mkdir -p "$T/e2e" && cp -r data/e2e/dump/sdc "$T/e2e/sdc"
jq 'del(.probe)' data/e2e/dump/sdc/device.json >"$T/e2e/sdc/device.json"
$DC --replay "$T/e2e/sdc" --gate ceph-osd >"$T/g" 2>/dev/null; rc=$?
check "5100 without its probe: --gate ceph-osd warns (exit 1), says the flush cost is unmeasured" \
	"[ $rc -eq 1 ] && head -1 $T/g | grep -q ': ceph-osd: warn: .*flush cost not measured: run the probe, or import a fio run of this drive'"
# the NVMe/TCP 7450 (full PLP, its SMART log all zero) with a fast probe: health not read
probed_dump data/e2e/dump/nvme4n1 "$T/e2e/nvme4n1"
$DC --replay "$T/e2e/nvme4n1" --gate ceph-osd >"$T/g" 2>/dev/null; rc=$?
check "7450 over TCP, fast, health unread: --gate ceph-osd warns, the gate line says so" \
	"[ $rc -eq 1 ] && head -1 $T/g | grep -q 'ceph-osd: warn: .*health not read' && grep -q '^  - ok   F: ' $T/g"
# -v marks what weighs: a fast F under a warn is a fact (ok), the unread health the warn
$DC -v --replay "$T/e2e/nvme4n1" >"$T/v" 2>/dev/null
check "-v: each reason with what it weighs (WARN health not read, ok F fast)" \
	"grep -q '^      - WARN health not read' $T/v && grep -q '^      - ok   F: 4 KiB writes with fdatasync take 40 us' $T/v"

# --- the README's examples are what drivecheck prints today ---
python3 tests/cli/readme_examples.py "$DC" >"$T/readme.out"; rc=$?
check "README's examples: $(tail -n 1 "$T/readme.out")" "[ $rc -eq 0 ]"
[ $rc -eq 0 ] || cat "$T/readme.out" >&2

# --- output options ---
$DC --json --prometheus --no-probe "$L" >/dev/null 2>"$T/e"; rc=$?
check "--json with --prometheus: a usage error" "[ $rc -eq 4 ] && grep -q 'choose one output format' $T/e"
$DC --json --json --no-probe "$L" >/dev/null 2>"$T/e"; rc=$?
check "--json twice is --json" "[ $rc -eq 0 ]"

# --- each option belongs to its commands (src/cli/options.c): elsewhere it is refused ---
$DC --vendor Intel --no-probe "$L" >/dev/null 2>"$T/e"; rc=$?
check "a lookup option on a scan: refused, names its command" \
	"[ $rc -eq 4 ] && grep -q -- \"--vendor is an option of 'drivecheck lookup'\" $T/e"
$DC import --no-probe "$T" >/dev/null 2>"$T/e"; rc=$?
check "a probe option on import: refused" \
	"[ $rc -eq 4 ] && grep -q 'drivecheck import: reads files only: not with --no-probe' $T/e"
$DC lookup --gate ceph-osd 'INTEL SSDSC2KB960G8' >/dev/null 2>"$T/e"; rc=$?
check "--gate on lookup: refused" \
	"[ $rc -eq 4 ] && grep -q 'drivecheck lookup: asks the drive database only: not with --gate' $T/e"
$DC --db /nonexistent report x.json >/dev/null 2>"$T/e"; rc=$?
check "--db on report (no database is read): refused, before any file" \
	"[ $rc -eq 4 ] && grep -q 'not with --db' $T/e"
$DC --all --replay data/dumps >/dev/null 2>"$T/e"; rc=$?
check "--all with --replay: choose one" "[ $rc -eq 4 ] && grep -q 'choose one' $T/e"
# lookup's rules between its options are options.c's, told before the database is opened
$DC --db /nonexistent lookup >/dev/null 2>"$T/e"; rc=$?
check "lookup with nothing to look up: a usage error, before the database" \
	"[ $rc -eq 4 ] && grep -q 'drivecheck lookup: name a MODEL, or --list, or --advisories' $T/e"
$DC --db /nonexistent lookup --advisories --list >/dev/null 2>"$T/e"; rc=$?
check "lookup --advisories with --list: a usage error, before the database" \
	"[ $rc -eq 4 ] && grep -q 'drivecheck lookup: --advisories lists them all: no MODEL' $T/e"
$DC lookup --advisories 'INTEL SSDSC2KB960G8' >/dev/null 2>"$T/e"; rc=$?
check "lookup --advisories with a MODEL: a usage error" \
	"[ $rc -eq 4 ] && grep -q 'no MODEL, --list, --firmware, --hours or --capacity' $T/e"
$DC lookup --version >"$T/v" 2>&1; rc=$?
check "lookup --version: the version, not a usage error" "[ $rc -eq 0 ] && grep -q '^drivecheck ' $T/v"
# each command's --help is its own usage and options; drivecheck --help is all of them
$DC --help >"$T/help"
$DC lookup --help >"$T/h"; rc=$?
check "lookup --help: exit 0, lookup's usage and options" "[ $rc -eq 0 ] && grep -q '^Usage: drivecheck lookup ' $T/h && grep -q -- '--interface IF' $T/h && grep -q -- '--advisories' $T/h"
check "lookup --help: no other command's usage or options" "! grep -q -e '--probe-time' -e '--gate' -e '--prometheus' -e 'import FILE' -e 'drivecheck report' -e '--all' $T/h"
check "lookup --help: a heading only above its options" "! grep -q -e '^Probe ' -e '^Verdict:' -e '^Devices:' $T/h && grep -q '^Lookup ' $T/h"
$DC --help lookup >"$T/h2"
check "--help before the command word: the same" "cmp -s $T/h $T/h2"
$DC import --help >"$T/h"
check "import --help: its options, not lookup's or the probe's" "grep -q '^Usage: drivecheck import ' $T/h && grep -q -- '--prometheus' $T/h && ! grep -q -e '--vendor' -e '--probe-time' -e 'drivecheck lookup' $T/h"
$DC report --help >"$T/h"
check "report --help: its two usages and --ceph-spec, no probe" "[ \$(grep -c 'drivecheck report ' $T/h) -eq 2 ] && grep -q -- '--ceph-spec' $T/h && ! grep -q -e '--probe-time' -e '--vendor' $T/h"
$DC ceph-spec --help >"$T/h"
check "ceph-spec --help: the scan's options it takes, not lookup's" "grep -q '^Usage: drivecheck ceph-spec ' $T/h && grep -q -- '--probe-time' $T/h && grep -q -- '--db-devices' $T/h && ! grep -q -e '--vendor' -e '--prometheus' $T/h"
check "drivecheck --help: every command's usage and option" "grep -q -- '--capacity BYTES' $T/help && grep -q -- '--probe-time' $T/help && grep -q 'drivecheck lookup --list' $T/help && grep -q '^Devices:' $T/help"

$DC --json --no-probe --host osd-7 "$L" >"$T/j"
check "--host names the JSON's host" "jq -e '.host == \"osd-7\"' $T/j >/dev/null"
$DC --no-probe /dev/no-such-disk-here >"$T/t" 2>"$T/e"; rc=$?
check "a device that cannot be read: in the table and on stderr, exit 3" \
	"[ $rc -eq 3 ] && grep -q 'no-such-disk-here' $T/t && grep -q 'no-such-disk-here' $T/e"

# --- dump and replay give the same answer ---
$DC --json --no-probe --dump "$T/dump" "$L" >"$T/live.json"
check "dump written" "[ -f $T/dump/${L#/dev/}/device.json ]"
check "a 1.5 dump stores enums by name (the writer's names are the reader's), and by_id" \
	"jq -e '.dump_format_version == [1, 5] and .device.by_id == \"\" and (.device.rotational | IN(\"no\", \"yes\", \"unknown\")) and (.device.kernel_fua | IN(\"no\", \"yes\", \"unknown\")) and .probe.mode == \"not-run\" and all(.pages[]; .result | type == \"string\") and (.availability | type == \"object\")' $T/dump/${L#/dev/}/device.json >/dev/null"
$DC --json --replay "$T/dump" >"$T/replay.json"; rc=$?
check "replay exits 0" "[ $rc -eq 0 ]"
norm='del(.drivecheck_version) | .devices[] |= del(.probe)'
check "replay = live (but the probe)" "[ \"\$(jq -S \"$norm\" $T/live.json)\" = \"\$(jq -S \"$norm\" $T/replay.json)\" ]"
$DC --replay "$T/nonexistent" >/dev/null 2>&1; check "replay of nothing exits 3" "[ $? -eq 3 ]"
check "a dump keeps the host it was made on" \
	"[ \"\$(jq -r .host $T/dump/${L#/dev/}/device.json)\" = \"\$(hostname -s)\" ] && jq -e --arg h \"\$(hostname -s)\" '.host == \$h' $T/replay.json >/dev/null"
mkdir -p "$T/badjson"; echo '{not json' >"$T/badjson/device.json"
$DC --replay "$T/badjson" >/dev/null 2>"$T/e"; rc=$?
check "replay of bad JSON: exit 3 and why" "[ $rc -eq 3 ] && grep -q 'not a drivecheck dump' $T/e"

# a folder of 300 dumps (a JBOD's): every one replayed, none left out (256 were, unsaid)
mkdir -p "$T/many"
for i in $(seq -w 1 300); do ln -s "$PWD/data/dumps/INTEL_SSDSC2KB960G8" "$T/many/sd$i"; done
$DC --json --replay "$T/many" >"$T/many.json" 2>"$T/e"; rc=$?
check "replay of 300 dumps: exit 0, 300 drives, the last one too" \
	"[ $rc -eq 0 ] && [ \"\$(jq '.devices | length' $T/many.json)\" = 300 ] && jq -e '.devices[299].model == \"INTEL SSDSC2KB960G8\"' $T/many.json >/dev/null"

# --- progress: on a terminal only ---
truncate -s 128M "$T/probe.img"
LPR=$(losetup -f --show "$T/probe.img"); LOOPS+=("$LPR")
$DC --probe-time 1 "$LPR" >/dev/null 2>"$T/e"
check "no progress line when stderr is not a terminal" "! grep -q 'probe ' $T/e"
if ! command -v script >/dev/null; then
	bad "script (bsdutils) is needed to test the progress line on a terminal"
else
	script -qec "$DC --probe-time 1 $LPR" /dev/null >"$T/tty" 2>&1
	check "progress line on a terminal" "grep -q 'probe ${LPR#/dev/}' $T/tty"
fi

# --- the cache experiment: opt-in, and refused where it cannot be done ---
export DRIVECHECK_STATE_DIR=$T/state
$DC --try-cache-off --no-probe "$L" >/dev/null 2>&1; check "--try-cache-off with --no-probe exits 4" "[ $? -eq 4 ]"
$DC --try-cache-off --replay "$T/dump" >/dev/null 2>&1; check "--try-cache-off with --replay exits 4" "[ $? -eq 4 ]"
$DC --restore-cache "$L" "$LPR" >/dev/null 2>&1; check "--restore-cache takes one device (4)" "[ $? -eq 4 ]"
$DC --restore-cache "$L" --all >/dev/null 2>&1; check "--restore-cache with --all exits 4" "[ $? -eq 4 ]"
$DC --json --try-cache-off --probe-time 1 "$LPR" >"$T/j" 2>"$T/e"; rc=$?
check "--try-cache-off on a loop: exit 0" "[ $rc -eq 0 ]"
check "--try-cache-off on a loop: the probe ran" "jq -e '.devices[0].probe.mode == \"raw\"' $T/j >/dev/null"
check "--try-cache-off on a loop: skipped, and why" "jq -e '.devices[0].cache_experiment | (.state == \"skipped\") and (.reason | test(\"no command set\")) and (.probe.mode == null)' $T/j >/dev/null"
$DC --try-cache-off --probe-time 1 "$L" "$LPR" >"$T/o" 2>/dev/null
check "--try-cache-off: the table says why it was not tried, per drive" "[ \"\$(grep -c 'cache off: not tried: no command set' $T/o)\" = 2 ]"
check "--try-cache-off skipped: no record left" "[ -z \"\$(ls -A $T/state 2>/dev/null)\" ]"
$DC --restore-cache "$L" >"$T/o" 2>"$T/e"; rc=$?
check "--restore-cache with no record: exit 3, nothing changed" "[ $rc -eq 3 ] && grep -q 'nothing was changed' $T/e"
$DC --restore-cache /dev/nonexistent-drivecheck >/dev/null 2>"$T/e"; rc=$?
check "--restore-cache of a missing device: exit 3" "[ $rc -eq 3 ] && grep -q 'no such device' $T/e"
# a signal during --try-cache-off stops the probes (the caches would be put back): 130.
# The device is big enough (sparse) that the probe's 30 s, not the device's end, bound it:
# on a fast disk a raw probe covers all of the 128 MiB one in under 2 s.
truncate -s 4G "$T/signal.img"
LSIG=$(losetup -f --show "$T/signal.img"); LOOPS+=("$LSIG")
$DC --try-cache-off --probe-time 30 "$LSIG" >"$T/o" 2>"$T/e" &
pid=$!
sleep 2
kill -TERM $pid
wait $pid; rc=$?
check "SIGTERM during --try-cache-off: exit 130, nothing on stdout" "[ $rc -eq 130 ] && [ ! -s $T/o ] && grep -q interrupted $T/e"
unset DRIVECHECK_STATE_DIR

# --- the gate ---
$DC --gate ceph-osd --no-probe "$L" >"$T/g"; rc=$?
check "gate on an unknown loop warns (1)" "[ $rc -eq 1 ] && grep -q 'ceph-osd: warn' $T/g"
check "a gate line names the drive's model and serial beside its path" \
	"grep -Eq '^/dev/loop[0-9]+ \\(.*, serial .*\\): ceph-osd: warn' $T/g"
$DC --gate zfs-slog --no-probe "$L" >/dev/null; rc=$?
check "gate zfs-slog on a loop fails (2)" "[ $rc -eq 2 ]"
$DC --gate ceph-osd --no-probe /dev/nonexistent-drivecheck >/dev/null 2>&1; rc=$?
check "gate on a missing device: could not check (3)" "[ $rc -eq 3 ]"
$DC --gate drbd --no-probe "$L" /dev/nonexistent-drivecheck >/dev/null 2>&1; rc=$?
check "gate: warn and not-checked gives 3" "[ $rc -eq 3 ]"
check "gate && chain stops" "! ( $DC --gate zfs-slog --no-probe $L >/dev/null && true )"
$DC --gate etcd --no-probe "$L" >"$T/g"; rc=$?
check "gate etcd on an unmeasured loop warns (1)" "[ $rc -eq 1 ] && grep -q 'etcd: warn' $T/g"
$DC --gate etcd --probe-time 1 "$LPR" >"$T/g"; rc=$?
check "gate etcd with the probe: a verdict from the flush p99" "[ $rc -le 2 ] && grep -q '99th percentile' $T/g"
# For the Ceph roles the gate answers "can this drive become an OSD now": a drive that
# passes and that ceph-volume would not take warns, naming why. A captured drive that
# passes (a full-PLP Intel DC, replayed with a fast probe written in here), then the same
# drive holding a mounted XFS filesystem probed through it.
G=$T/gate-dump
cp -r data/dumps/INTEL_SSDSC2KB960G8 "$G"
lat='{"count":1000,"mean_us":210,"stdev_us":20,"min_us":150,"p50_us":200,"p90_us":230,"p99_us":300,"p999_us":400,"max_us":500,"iops":4700}'
fast='{"count":3000,"mean_us":60,"stdev_us":5,"min_us":40,"p50_us":55,"p90_us":70,"p99_us":90,"p999_us":120,"max_us":150,"iops":16000}'
jq --argjson l "$lat" --argjson n "$fast" '.probe = {mode: "raw", where: "/dev/sda", skipped: "",
	duration_s: 5, stable: true, sync: $l, flush: $l, nosync: $n, flush_cost_us: 145}' \
	data/dumps/INTEL_SSDSC2KB960G8/device.json >"$G/device.json"
$DC --replay "$G" --gate ceph-osd >"$T/g"; rc=$?
check "gate ceph-osd: a passing drive that ceph-volume would take passes (0)" \
	"[ $rc -eq 0 ] && grep -Eq '^/dev/sda \\(INTEL SSDSC2KB960G8, serial .*\\): ceph-osd: pass\$' $T/g"
jq '.device.mounts = [{source: "/dev/sda", target: "/srv/osd7", fstype: "xfs", readonly: false}] |
	.availability.type = "xfs" | .availability.usage = "filesystem" | .availability.locked = true |
	.probe.mode = "file" | .probe.where = "/srv/osd7"' "$G/device.json" >"$T/dj" && mv "$T/dj" "$G/device.json"
$DC --replay "$G" --gate ceph-osd >"$T/g"; rc=$?
check "gate ceph-osd: the same drive mounted warns (1), the gate line naming why" \
	"[ $rc -eq 1 ] && head -1 $T/g | grep -q ': ceph-osd: warn: the drive passes, but is not available (ceph-volume would not take it): locked, Has a FileSystem (xfs), mounted at /srv/osd7\$'"
check "gate ceph-osd: it says the probe went through the filesystem" \
	"grep -qx '  - probed through the xfs filesystem at /srv/osd7 (an unnamed temporary file there), not on the raw device, which is in use' $T/g"
$DC --replay "$G" --gate ceph-db >/dev/null; rc=$?
check "gate ceph-db: the same (1)" "[ $rc -eq 1 ]"
$DC --replay "$G" --gate drbd >"$T/g"; rc=$?
check "gate drbd asks nothing of availability: pass (0), the probe's filesystem said" \
	"[ $rc -eq 0 ] && head -1 $T/g | grep -q ': drbd: pass\$' && grep -q 'probed through the xfs filesystem' $T/g"
$DC --replay "$G" --gate ceph-osd --json >"$T/j"; rc=$?
check "gate ceph-osd --json: exit 1, the verdict in the JSON is still the drive's fitness (pass)" \
	"[ $rc -eq 1 ] && jq -e '.devices[0].verdicts.ceph_osd.status == \"pass\" and .devices[0].available == false' $T/j >/dev/null"
# live: a loop device with a mounted ext4, probed
truncate -s 256M "$T/mounted.img"
LM=$(losetup -f --show "$T/mounted.img"); LOOPS+=("$LM")
mkfs.ext4 -q -F "$LM" >/dev/null 2>&1
MNT=$T/mnt
mkdir -p "$MNT" && mount "$LM" "$MNT" || { echo "cannot mount $LM" >&2; exit 1; }
$DC --gate ceph-osd --probe-time 1 "$LM" >"$T/g"; rc=$?
# (a loop drive is not identified: it warns, or fails where this host's flushes are slow)
check "gate ceph-osd on a mounted loop: the gate line names the mount and the filesystem" \
	"[ $rc -eq 1 -o $rc -eq 2 ] && head -1 $T/g | grep -Eq ': ceph-osd: (warn|fail): is not available \\(ceph-volume would not take it\\): locked, .*Has a FileSystem \\(ext4\\), mounted at $MNT(; |\$)'"
check "gate ceph-osd on a mounted loop: probed through its filesystem, said so" \
	"grep -qx '  - probed through the ext4 filesystem at $MNT (an unnamed temporary file there), not on the raw device, which is in use' $T/g"
umount "$MNT" && MNT=""
$DC --jobs 0 "$L" >/dev/null 2>&1; check "--jobs 0 exits 4" "[ $? -eq 4 ]"
$DC --jobs 1.5 "$L" >/dev/null 2>&1; check "--jobs 1.5 exits 4" "[ $? -eq 4 ]"

echo "tests/cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
