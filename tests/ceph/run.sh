#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/ceph/run.sh - `make check-ceph`: "available" and the cephadm OSD specs.
#   1. available and rejected_reasons on loop devices made here (a filesystem, a GPT with
#      a partition, mounted, a BSD lock held, nothing), and the same after --dump/--replay;
#   2. drivecheck ceph-spec of every dump in data/dumps, of data/dumps at once and of the
#      e2e lab's dumps: each spec passes Ceph's own validator and, applied by cephadm's
#      DriveSelection to an inventory made from the JSON, selects exactly the drives that
#      pass ceph_osd and are available (tests/ceph/check_spec.py); no passing drive is
#      exit 1 with nothing on stdout;
#   3. report --ceph-spec of a fleet made of those dumps, by host and by model, with and
#      without --db-devices, and of files older than 1.5;
#   4. the command line's refusals.
# Needs Debian's python3-ceph-common (ceph.deployment, under /usr/bin/python3), python3-yaml,
# jq, losetup, sfdisk, partx, mkfs.ext4; fails, never skips, when one is missing.
set -u
. "$(dirname "$0")/../lib/checks.sh"
. "$(dirname "$0")/../lib/probed.sh"
BUILD=${BUILD:-build}
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
DC=$(realpath "$BUILD/drivecheck")
PY=/usr/bin/python3
T=$(mktemp -d)
LOCKPID=""
cleanup() {
	[ -n "$LOCKPID" ] && kill "$LOCKPID" 2>/dev/null
	undo_devices
	rm -rf "$T"
}
trap cleanup EXIT

missing=""
for tool in jq losetup sfdisk partx mkfs.ext4; do
	command -v "$tool" >/dev/null || missing="$missing $tool"
done
"$PY" -c 'import yaml; from ceph.deployment.service_spec import ServiceSpec' 2>/dev/null ||
	missing="$missing python3-ceph-common"
if [ -n "$missing" ]; then
	echo "check-ceph: missing:$missing (make test-deps installs them)" >&2
	echo "tests/ceph: 0 passed, 1 failed"
	exit 1
fi
cd "$TOP" || exit 1

# spec NAME [--db-devices] JSON...: T/NAME.yml under Ceph's validator and DriveSelection
spec() {
	local name=$1 out
	shift
	if out=$("$PY" "$HERE/check_spec.py" "$T/$name.yml" "$@" 2>&1); then
		ok
	else
		bad "$name: Ceph's code disagrees"
		echo "$out" | grep FAIL | head -8 >&2
	fi
}

# --- 1. available, on loop devices ---
avail() { "$DC" --no-probe --json "$1" | jq -c '[.devices[0].available, .devices[0].rejected_reasons, .devices[0].signature]'; }
# mkloop VAR SIZE [gpt]: a loop device over a new file (a GPT with one partition written
# into the file first, then attached with its partitions scanned); its name in VAR
mkloop() {
	local f=$T/disk${#LOOPS[@]}.img l
	truncate -s "$2" "$f"
	if [ "${3:-}" = gpt ]; then
		printf 'label: gpt\n,8M\n' | sfdisk -q "$f" >/dev/null 2>&1 || { echo "sfdisk failed" >&2; exit 1; }
	fi
	l=$(losetup -f --show -P "$f") || { echo "cannot make a loop device" >&2; exit 1; }
	LOOPS+=("$l")
	[ "${3:-}" = gpt ] && [ ! -e "/sys/block/${l#/dev/}/${l#/dev/}p1" ] && partx -a "$l" 2>/dev/null
	printf -v "$1" '%s' "$l"
}
NA='"Device type is not acceptable. It should be raw device or partition"'
mkloop L0 6G
check "empty loop: not a disk, nothing else" "[ '$(avail "$L0")' = '[false,[$NA],null]' ]"
mkloop L1 6G
mkfs.ext4 -q -F "$L1" >/dev/null 2>&1
check "ext4 loop: Has a FileSystem" "[ '$(avail "$L1")' = '[false,[$NA,\"Has a FileSystem\"],\"ext4\"]' ]"
mkloop L2 64M gpt
check "gpt loop: GPT headers, partitions, under 5 GB" "[ '$(avail "$L2")' = '[false,[\"Insufficient space (<5GB)\",$NA,\"Has GPT headers\",\"Has partitions\"],\"gpt\"]' ]"
MNT=$T/mnt
mkdir -p "$MNT" && mount "$L1" "$MNT" || { echo "cannot mount $L1" >&2; exit 1; }
check "mounted loop: locked and mounted" "[ '$(avail "$L1")' = '[false,[\"locked\",$NA,\"Has a FileSystem\",\"mounted\"],\"ext4\"]' ]"
# the dump keeps what libblkid found and the lock; the replay says the same
"$DC" --no-probe --dump "$T/dump" --json "$L1" >"$T/live.json" 2>/dev/null
"$DC" --replay "$T/dump/${L1#/dev/}" --json >"$T/replayed.json" 2>/dev/null
check "mounted loop: a replay of its dump, the same answer" \
	"[ \"\$(jq -c '.devices[0] | [.available, .rejected_reasons, .signature, .availability_unknown]' $T/live.json)\" = \"\$(jq -c '.devices[0] | [.available, .rejected_reasons, .signature, .availability_unknown]' $T/replayed.json)\" ]"
check "dump 1.5 with availability" "jq -e '.dump_format_version == [1, 5] and .availability.signature_known and .availability.lock_known and .availability.locked and .availability.type == \"ext4\"' $T/dump/${L1#/dev/}/device.json >/dev/null"
umount "$MNT" && MNT=""
# one process that holds the lock (flock(1) would leave its child holding the disk open)
"$PY" -c 'import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY)
fcntl.flock(fd, fcntl.LOCK_EX)
time.sleep(60)' "$L0" &
LOCKPID=$!
for _ in $(seq 50); do [ "$(avail "$L0")" != "[false,[$NA],null]" ] && break; sleep 0.1; done
check "a BSD lock held by another program: locked" "[ '$(avail "$L0")' = '[false,[\"locked\",$NA],null]' ]"
kill "$LOCKPID" 2>/dev/null; wait "$LOCKPID" 2>/dev/null; LOCKPID=""
check "-v: the answer in words" "$DC --no-probe -v $L1 | grep -q '^  available (ceph-volume): no: Device type is not acceptable. It should be raw device or partition, Has a FileSystem (libblkid: ext4)\$'"
# a fake sysfs tree with one SATA disk (--sysroot: no device I/O)
R=$T/sysroot
dp=pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0
mkdir -p "$R/sys/devices/$dp" "$R/sys/block/sda/queue" "$R/sys/block/sda/holders" \
	"$R/sys/class/block" "$R/sys/dev/block"
ln -s "../../devices/$dp" "$R/sys/block/sda/device"
echo 8:0 >"$R/sys/block/sda/dev"
echo 1875385008 >"$R/sys/block/sda/size"
echo 0 >"$R/sys/block/sda/ro"
echo 0 >"$R/sys/block/sda/removable"
echo "INTEL SSDSC2KB96" >"$R/sys/block/sda/device/model"
echo ATA >"$R/sys/block/sda/device/vendor"
ln -s ../../block/sda "$R/sys/class/block/sda"
ln -s ../../block/sda "$R/sys/dev/block/8:0"
check "--sysroot: unknown, said why" "[ \"\$($DC --sysroot $R --json --all 2>/dev/null | jq -c '[.devices[] | select(has(\"verdicts\")) | [.path, .available, .availability_unknown]]')\" = '[[\"/dev/sda\",null,\"signatures and locks: --sysroot, no device I/O\"]]' ]"
# ceph-spec with no device named is this host's spec: --all
"$DC" ceph-spec --sysroot "$R" --no-probe >"$T/none.yml" 2>"$T/none.err"; rc=$?
"$DC" ceph-spec --sysroot "$R" --no-probe --all >"$T/all.yml" 2>"$T/all.err"; rc_all=$?
check "ceph-spec with nothing named: as --all ($rc, $rc_all)" "[ $rc -eq $rc_all ] && cmp -s $T/none.yml $T/all.yml && cmp -s $T/none.err $T/all.err && grep -q '^# left out: .* /dev/sda (INTEL SSDSC2KB96): ' $T/none.err"
# a live ceph-spec on loop devices: ceph-volume takes no loop device, so nothing is placed
"$DC" ceph-spec --no-probe "$L0" "$L1" >"$T/loops.yml" 2>"$T/loops.err"; rc=$?
check "ceph-spec on loop devices: exit 1, nothing on stdout, each said on stderr" "[ $rc -eq 1 ] && [ ! -s $T/loops.yml ] && [ \$(grep -c '^# left out: ' $T/loops.err) -eq 2 ]"

# --- 2. the dumps ---
# each timed by a fast probe, as a scan of their host would have: a dump holds no probe, and
# nothing unmeasured passes (tests/lib/probed.sh)
D=$T/dumps
probed_dump data/dumps "$D"
nspec=0 none=0
for d in "$D"/*/; do
	d=${d%/}
	[ -f "$d/device.json" ] || continue
	n=$(basename "$d")
	"$DC" ceph-spec --replay "$d" --host dumphost >"$T/$n.yml" 2>"$T/$n.err"; rc=$?
	"$DC" --replay "$d" --json --host dumphost >"$T/$n.json" 2>/dev/null
	want=$(jq '[.devices[] | select(.verdicts.ceph_osd.status == "pass" and .available == true)] | length' "$T/$n.json")
	if [ "$want" -gt 0 ]; then
		nspec=$((nspec + 1))
		check "$n: a spec, exit 0 ($rc)" "[ $rc -eq 0 ] && [ -s $T/$n.yml ]"
		spec "$n" "$T/$n.json"
	else
		none=$((none + 1))
		check "$n: no passing available drive: exit 1, nothing on stdout ($rc)" "[ $rc -eq 1 ] && [ ! -s $T/$n.yml ] && grep -q '^# left out: dumphost ' $T/$n.err"
	fi
done
check "data/dumps: specs for the passing, available drives ($nspec), none for the rest ($none)" "[ $nspec -eq 5 ] && [ $none -eq 32 ]"
# the PM9A3's dump holds an xfs and no SMART log: its unread health keeps it from passing
check "a drive whose health was not read: left out as a warn" "grep -q \"^# left out: dumphost /dev/nvme0n1 (SAMSUNG MZQL21T9HCJR-00A07): ceph_osd warn, ceph_db warn\$\" $T/SAMSUNG_MZQL21T9HCJR-00A07.err"
# the Intel's dump, given an xfs as the PM9A3's: fit, not available
cp -r "$D/INTEL_SSDSC2KB960G8" "$T/intel-xfs"
jq '.availability.type = "xfs" | .availability.usage = "filesystem"' "$D/INTEL_SSDSC2KB960G8/device.json" \
	>"$T/intel-xfs/device.json"
"$DC" ceph-spec --replay "$T/intel-xfs" --host dumphost >"$T/intel-xfs.yml" 2>"$T/intel-xfs.err"; rc=$?
check "a passing drive with a filesystem: fit, not available, left out" "[ $rc -eq 1 ] && grep -q \"^# left out: dumphost /dev/sda (INTEL SSDSC2KB960G8): passes, not available: Has a FileSystem\$\" $T/intel-xfs.err"
check "a dump without availability: unknown, left out" "grep -q 'passes, availability unknown: signatures and locks: the dump does not say' $T/SAMSUNG_MZQLB1T9HAJR-00007.err"
check "a spec names its drive and host" "grep -q \"^      - '/dev/sda'  # INTEL SSDSC2KB960G8: ceph_osd passes\$\" $T/INTEL_SSDSC2KB960G8.yml && grep -q \"^    - 'dumphost'\$\" $T/INTEL_SSDSC2KB960G8.yml"
"$DC" ceph-spec --replay "$D/INTEL_SSDSC2KB960G8" >"$T/nohost.yml" 2>"$T/nohost.err"; rc=$?
check "a dump that names no host, no --host: exit 1, said" "[ $rc -eq 1 ] && [ ! -s $T/nohost.yml ] && grep -q 'give --host' $T/nohost.err"
"$DC" ceph-spec --replay "$D/INTEL_SSDSC2KB960G8" --host h1 --service-id osd_fast >"$T/id.yml"
check "--service-id" "grep -q \"^service_id: 'osd_fast'\$\" $T/id.yml"
# all at once on one host: many dumps of /dev/sda and /dev/nvme0n1, which no path can name
"$DC" ceph-spec --replay "$D" --host dumphost >"$T/all.yml" 2>"$T/all.err"; rc=$?
"$DC" --replay "$D" --json --host dumphost >"$T/all.json" 2>/dev/null
if [ $rc -eq 0 ]; then spec all "$T/all.json"; else ok; fi
check "data/dumps at once: the drives sharing a path are left out, said so" "grep -q 'another drive of this host has the same path' $T/all.yml $T/all.err"
# the e2e lab's drives are 64 MiB: ceph-volume's 5 GB rule leaves them all out
"$DC" ceph-spec --replay data/e2e/dump --host lab >"$T/e2e.yml" 2>"$T/e2e.err"; rc=$?
"$DC" --replay data/e2e/dump --json --host lab >"$T/e2e.json" 2>/dev/null
if [ $rc -eq 0 ]; then
	spec e2e "$T/e2e.json"
else
	check "e2e dumps: no passing available drive there either" "[ \$(jq '[.devices[] | select(.verdicts.ceph_osd.status == \"pass\" and .available == true)] | length' $T/e2e.json) -eq 0 ] && [ ! -s $T/e2e.yml ] && [ \$(grep -c '^# left out: lab ' $T/e2e.err) -eq \$(jq '.devices | length' $T/e2e.json) ]"
fi

# --- 3. a fleet ---
# host FILE NAME DUMP=PATH...: one host's --json, of dumps replayed as its drives
host() {
	local out=$1 h=$2 spec d p
	shift 2
	for spec in "$@"; do
		d=${spec%%=*} p=${spec#*=}
		"$DC" --replay "$D/$d" --json --host "$h" 2>/dev/null |
			jq --arg p "$p" '.devices[0].path = $p | .devices[0].name = ($p | ltrimstr("/dev/"))'
	done | jq -s '.[0] + {devices: [.[].devices[0]]}' >"$out"
}
F=$T/fleet
mkdir -p "$F"
host "$F/osd-a.json" osd-a INTEL_SSDSC2KB960G8=/dev/sda INTEL_SSDSC2KG480G8=/dev/sdb \
	SAMSUNG_MZQL2960HCJR-00A07=/dev/nvme0n1 Samsung_SSD_860_EVO_1TB=/dev/sdc
host "$F/osd-b.json" osd-b INTEL_SSDSC2KB960G8=/dev/sda INTEL_SSDSC2KB960G8=/dev/sdb \
	SAMSUNG_MZQL2960HCJR-00A07=/dev/nvme0n1
host "$F/osd-c.json" osd-c INTEL_SSDSC2KB960G8=/dev/sda SAMSUNG_MZQL21T9HCJR-00A07=/dev/nvme0n1
host "$F/osd-d.json" osd-d INTEL_SSDSC2KB960G8=/dev/sda INTEL_SSDSC2KB960G8=/dev/sdb
host "$F/osd-e.json" osd-e INTEL_SSDSC2KB960G8=/dev/sda SYNTH_INTEL_SSDSC2KG480G8_CAP_FAILING=/dev/sdb
# by path unless asked: a model: filter also takes every blank drive of the model put in
# later, unchecked; one host's file alone (all of one model) too
"$DC" report --ceph-spec "$F"/*.json >"$T/paths.yml" 2>/dev/null; rc=$?
spec paths "$F"/*.json
check "fleet without --by-model: exit 0, a spec per host, each by paths ($rc)" \
	"[ $rc -eq 0 ] && ! grep -q 'model:' $T/paths.yml && [ \$(grep -c '^service_id: ' $T/paths.yml) -eq 5 ] && grep -q \"^service_id: 'drivecheck-osd-d'\$\" $T/paths.yml"
"$DC" report --ceph-spec "$F/osd-d.json" >"$T/one.yml" 2>/dev/null; rc=$?
spec one "$F/osd-d.json"
check "one host's file, its drives all of one model: by paths, not by model ($rc)" \
	"[ $rc -eq 0 ] && ! grep -q 'model:' $T/one.yml && grep -A3 '^  data_devices:' $T/one.yml | grep -q \"^      - '/dev/sd[ab]'\""
"$DC" report --ceph-spec --by-model "$F"/*.json >"$T/fleet.yml" 2>"$T/fleet.err"; rc=$?
check "fleet --by-model: exit 0 ($rc)" "[ $rc -eq 0 ]"
spec fleet "$F"/*.json
check "fleet --by-model: a model spec says what the filter takes beyond today's drives" \
	"grep -q '^# selects by model (report --by-model): cephadm applies this spec again' $T/fleet.yml"
check "fleet: one spec by model for the hosts whose drives are all of it" "grep -A4 \"^service_id: 'drivecheck-INTEL-SSDSC2KB96'\$\" $T/fleet.yml | grep -q \"^    - 'osd-c'\$\" && grep -A5 \"^service_id: 'drivecheck-INTEL-SSDSC2KB96'\$\" $T/fleet.yml | grep -q \"^    - 'osd-d'\$\" && grep -q \"^    model: 'INTEL SSDSC2KB96'\$\" $T/fleet.yml"
# osd-e's failing drive is an INTEL SSDSC2KG48: no substring of the filter, yet its own
# passing drive is the filter's model: its host may share the spec
check "fleet: mixed hosts by paths" "grep -q \"^service_id: 'drivecheck-osd-a'\$\" $T/fleet.yml && grep -q \"^service_id: 'drivecheck-osd-b'\$\" $T/fleet.yml"
check "fleet: the left-out drives named with their host" "grep -q '^# left out: osd-a /dev/sdc (Samsung SSD 860 EVO 1TB): ceph_osd warn, ceph_db warn\$' $T/fleet.yml && grep -q '^# left out: osd-e /dev/sdb ' $T/fleet.yml"
"$DC" report --ceph-spec --by-model --db-devices "$F"/*.json >"$T/fleet-db.yml" 2>/dev/null; rc=$?
check "fleet --db-devices: exit 0 ($rc)" "[ $rc -eq 0 ]"
spec fleet-db --db-devices "$F"/*.json
check "fleet --db-devices: NVMe DB for SATA data, by model and by paths" "grep -q \"^  db_devices:\$\" $T/fleet-db.yml && grep -A1 '^  db_devices:' $T/fleet-db.yml | grep -q \"model: 'SAMSUNG MZQL2960HCJR-00A07'\" && grep -A2 '^  db_devices:' $T/fleet-db.yml | grep -q -e \"- '/dev/nvme0n1'\""
# a failing drive whose model holds the filter puts its host on paths (cephadm's model
# filter is a substring: it would take that drive once it is zapped)
host "$F/osd-f.json" osd-f INTEL_SSDSC2KB960G8=/dev/sda INTEL_SSDSC2KB038T8_XCV10100=/dev/sdb
jq '.devices[1].sysfs_model = "INTEL SSDSC2KB96X"' "$F/osd-f.json" >"$T/f" && mv "$T/f" "$F/osd-f.json"
"$DC" report --ceph-spec --by-model "$F"/*.json >"$T/fleet2.yml" 2>/dev/null
spec fleet2 "$F"/*.json
check "fleet: a failing drive the filter would match keeps its host on paths" "grep -q \"^service_id: 'drivecheck-osd-f'\$\" $T/fleet2.yml"
# a host's file of an older format (1.4): no availability, nothing of it placed
jq '.json_format_version = [1, 4] | .devices |= map(del(.available, .rejected_reasons, .sysfs_model))' "$F/osd-d.json" >"$T/old.json"
"$DC" report --ceph-spec "$T/old.json" >"$T/old.yml" 2>"$T/old.err"; rc=$?
check "a 1.4 file: availability unknown, exit 1, no spec" "[ $rc -eq 1 ] && [ ! -s $T/old.yml ] && grep -q 'availability unknown' $T/old.err"
jq '.devices[0].available = "yes"' "$F/osd-d.json" >"$T/wrong.json"
"$DC" report --ceph-spec "$T/wrong.json" >/dev/null 2>"$T/wrong.err"; rc=$?
check "a file with available of the wrong type: refused, named" "[ $rc -eq 1 ] && grep -q 'devices\[0\].available: want a bool or null' $T/wrong.err"
jq '.devices[0].rejected_reasons = ["Has partitions"]' "$F/osd-d.json" >"$T/contra.json"
"$DC" report --ceph-spec "$T/contra.json" >/dev/null 2>"$T/contra.err"
check "a file with available true beside a reason: refused" "grep -q 'available is true beside rejected_reasons' $T/contra.err"
check "report --json: the fleet's drives carry available" "[ \"\$($DC report --json $F/osd-c.json | jq -c '[.drives[] | [.path, .available]]')\" = '[[\"/dev/nvme0n1\",false],[\"/dev/sda\",true]]' ]"

# --- stable names: a drive with a /dev/disk/by-id link is named by it, not by /dev/sdX ---
# A passing, available drive (replayed with a fast probe written in here) whose dump says
# which link udev gave it; the spec of it, and of its host's JSON, name the link, and Ceph's
# validator and DriveSelection still take them (check_spec.py)
B=$T/byid
cp -r data/dumps/INTEL_SSDSC2KB960G8 "$B"
lat='{"count":1000,"mean_us":210,"stdev_us":20,"min_us":150,"p50_us":200,"p90_us":230,"p99_us":300,"p999_us":400,"max_us":500,"iops":4700}'
jq --argjson l "$lat" '.device.by_id = "/dev/disk/by-id/wwn-0x55cd2e414f000101" |
	.probe = {mode: "raw", where: "/dev/sda", skipped: "", duration_s: 5, stable: true,
	sync: $l, flush: $l, nosync: $l, flush_cost_us: 0}' \
	data/dumps/INTEL_SSDSC2KB960G8/device.json >"$B/device.json"
"$DC" --replay "$B" --json --host byid >"$T/byid.json" 2>/dev/null
check "a replay gives the dump's by_id" "jq -e '.devices[0].by_id == \"/dev/disk/by-id/wwn-0x55cd2e414f000101\"' $T/byid.json >/dev/null"
"$DC" ceph-spec --replay "$B" --host byid >"$T/byid.yml" 2>/dev/null; rc=$?
check "ceph-spec: the drive by its /dev/disk/by-id link, its kernel name in the comment ($rc)" \
	"[ $rc -eq 0 ] && grep -qx \"      - '/dev/disk/by-id/wwn-0x55cd2e414f000101'  # INTEL SSDSC2KB960G8, /dev/sda now: ceph_osd passes\" $T/byid.yml && ! grep -q \"'/dev/sda'\" $T/byid.yml"
spec byid "$T/byid.json"
"$DC" report --ceph-spec "$T/byid.json" >"$T/byid-report.yml" 2>/dev/null; rc=$?
check "report --ceph-spec: the by_id of the host's JSON ($rc)" \
	"[ $rc -eq 0 ] && grep -q \"^      - '/dev/disk/by-id/wwn-0x55cd2e414f000101'  # \" $T/byid-report.yml"
spec byid-report "$T/byid.json"
jq '.devices[0].by_id = "/etc/passwd"' "$T/byid.json" >"$T/byid-bad.json"
"$DC" report --ceph-spec "$T/byid-bad.json" >/dev/null 2>"$T/byid-bad.err"; rc=$?
check "report: a by_id that is no /dev/disk/by-id/ path: the file refused, the key named" \
	"[ $rc -eq 1 ] && grep -q 'devices\[0\].by_id: want a /dev/disk/by-id/ path' $T/byid-bad.err"
jq '.device.by_id = "/dev/sdb"' "$B/device.json" >"$T/dj" && mv "$T/dj" "$B/device.json"
"$DC" --replay "$B" --json >/dev/null 2>"$T/byid-dump.err"; rc=$?
check "a dump whose by_id is no /dev/disk/by-id/ path: refused, the key named" \
	"[ $rc -eq 3 ] && grep -q 'device.by_id: not a /dev/disk/by-id/ path' $T/byid-dump.err"

# --- 4. the command line ---
usage() { "$DC" "$@" >/dev/null 2>&1; [ $? -eq 4 ]; }
check "ceph-spec --json: usage" "usage ceph-spec --json --all"
check "ceph-spec --gate: usage" "usage ceph-spec --gate ceph-osd /dev/null"
check "ceph-spec with devices and --all: usage" "usage ceph-spec --all /dev/null"
check "report --db-devices without --ceph-spec: usage" "usage report --db-devices $F/osd-a.json"
check "report --by-model without --ceph-spec: usage" "usage report --by-model $F/osd-a.json"
check "ceph-spec --by-model (one host, by path): usage" "usage ceph-spec --by-model --all"
check "report --ceph-spec --json: usage" "usage report --ceph-spec --json $F/osd-a.json"
check "--service-id with a space: usage" "usage ceph-spec --service-id 'a b' --all"
check "--db-devices on a scan: usage, named" "$DC --db-devices --all 2>&1 | grep -q \"option of 'drivecheck ceph-spec'\""
check "--help names ceph-spec" "$DC --help | grep -q '^  ceph-spec '"

echo "tests/ceph: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
