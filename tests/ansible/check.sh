#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/ansible/check.sh - contrib/ansible/drivecheck.yml run by ansible-playbook against
# localhost (ansible_connection=local), the binary installed into a folder of this test:
#   1. with --replay data/dumps instead of --all and --gate ceph-osd: exact counts, the gate
#      recorded (2: a dump fails) without failing the play;
#   2. with the defaults (--all, the probe off): this machine's own disks are listed, read
#      only and never probed, so the assertions hold on any machine (the report's drives are
#      those of drivecheck --json --all --no-probe here, one host, the counts add up);
#   3. a drivecheck that exits 4 fails the play.
# It never skips: without ansible-playbook (make test-deps) it fails.
set -u
. "$(dirname "$0")/../lib/checks.sh"
BUILD=${BUILD:-build}
TOP=$PWD
DC=$TOP/$BUILD/drivecheck
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
finish() { echo "tests/ansible: $pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit; }
for tool in ansible-playbook jq; do
	command -v "$tool" >/dev/null || { bad "$tool is missing: make test-deps"; finish; }
done
[ -x "$DC" ] || { bad "$DC not built"; finish; }

echo "localhost ansible_connection=local ansible_python_interpreter=/usr/bin/python3" >"$T/inventory"
export ANSIBLE_NOCOLOR=1 ANSIBLE_RETRY_FILES_ENABLED=0 ANSIBLE_LOCAL_TEMP=$T/ansible-tmp \
	ANSIBLE_REMOTE_TEMP=$T/ansible-tmp ANSIBLE_HOME=$T/ansible-home
# play ARGS...: the playbook, the binary installed under $T/host, its output in $T/play.log
play() {
	ansible-playbook -i "$T/inventory" "$TOP/contrib/ansible/drivecheck.yml" \
		-e drivecheck_install=binary -e drivecheck_install_libs=false -e drivecheck_become=false \
		-e "drivecheck_binary=$DC" -e "drivecheck_remote_bin=$T/host/bin/drivecheck" \
		-e "drivecheck_remote_dir=$T/host/out" -e "drivecheck_report_bin=$DC" "$@" \
		>"$T/play.log" 2>&1
}

# --- 1. the captured drives, --gate ceph-osd ---
F=$T/fleet1
play -e "drivecheck_fleet_dir=$F" -e drivecheck_gate=ceph-osd \
	-e "{\"drivecheck_args\": [\"--replay\", \"$TOP/data/dumps\"]}"; rc=$?
[ $rc -eq 0 ] || tail -30 "$T/play.log" >&2
check "replay run: ansible-playbook exits 0 though the gate fails" "[ $rc -eq 0 ]"
check "replay run: the binary installed on the host is the one built" "cmp -s '$DC' '$T/host/bin/drivecheck'"
check "replay run: the host's JSON fetched to the controller" "jq -e '.devices' '$F/hosts/localhost.json' >/dev/null"
"$DC" --replay data/dumps --json --no-probe >"$T/direct.json"
check "replay run: the fetched JSON is what drivecheck prints here" \
	"[ \"\$(jq -S 'del(.drivecheck_version)' '$F/hosts/localhost.json')\" = \"\$(jq -S 'del(.drivecheck_version)' '$T/direct.json')\" ]"
check "replay run: the probe was off (--no-probe on the command line)" \
	"jq -e '.localhost.command | index(\"--no-probe\") != null' '$F/exit-codes.json' >/dev/null"
check "replay run: drivecheck's exit 0 recorded" "jq -e '.localhost.rc == 0' '$F/exit-codes.json' >/dev/null"
check "replay run: the gate's exit 2 recorded (a captured drive fails ceph-osd)" \
	"jq -e '.localhost.gate == 2' '$F/exit-codes.json' >/dev/null"
dumps=$(ls -d data/dumps/*/device.json | wc -l)
check "replay run: the report holds the $dumps captured drives, one host" \
	"jq -e '.summary.drives == $dumps and .summary.hosts == 1 and (.drives | length) == $dumps' '$F/report.json' >/dev/null"
for role in ceph_osd ceph_db drbd zfs_slog etcd; do
	for st in pass warn fail; do
		want=$(jq --arg r $role --arg s $st '[.devices[] | select(.verdicts[$r].status == $s)] | length' "$T/direct.json")
		check "replay run: $role $st = $want" "jq -e --arg r $role --arg s $st '.summary.roles[\$r][\$s] == $want' '$F/report.json' >/dev/null"
	done
done
check "replay run: the table was kept, with its summary" \
	"grep -q '^HOST ' '$F/report.txt' && grep -q '^Summary: $dumps drives on 1 host$' '$F/report.txt'"
check "replay run: the play shows the table" "grep -q 'Summary: $dumps drives on 1 host' '$T/play.log'"
check "replay run: the report's first drive is one whose backup power failed" \
	"jq -e '.drives[0].attention | test(\"power-loss protection failed\")' '$F/report.json' >/dev/null"

# --- 2. the defaults: --all, probe off, no gate ---
F=$T/fleet2
play -e "drivecheck_fleet_dir=$F"; rc=$?
[ $rc -eq 0 ] || tail -30 "$T/play.log" >&2
check "default run: ansible-playbook exits 0" "[ $rc -eq 0 ]"
check "default run: drivecheck --json --no-probe --all" \
	"jq -e '.localhost.command[1:] == [\"--json\", \"--no-probe\", \"--all\"]' '$F/exit-codes.json' >/dev/null"
check "default run: exit 0 or 3 recorded, no gate" \
	"jq -e '(.localhost.rc == 0 or .localhost.rc == 3) and .localhost.gate == null' '$F/exit-codes.json' >/dev/null"
"$DC" --json --no-probe --all >"$T/all.json" 2>/dev/null
n=$(jq '.devices | length' "$T/all.json")
check "default run: the report's drives are drivecheck --all's here ($n)" \
	"jq -e '.summary.drives + .summary.unreadable == $n and (.drives | length) == $n' '$F/report.json' >/dev/null"
check "default run: one host, named as the machine" \
	"jq -e --arg h \"\$(hostname | cut -d. -f1)\" '.summary.hosts == 1 and .files[0].host == \$h' '$F/report.json' >/dev/null"
check "default run: no probe ran" "jq -e '[.devices[].probe.mode] | all(. == null)' '$F/hosts/localhost.json' >/dev/null"
check "default run: each role's counts add up to the drives read" \
	"jq -e '.summary as \$s | [\$s.roles[] | .pass + .warn + .fail + .[\"not-checked\"]] | all(. == \$s.drives)' '$F/report.json' >/dev/null"
check "default run: the PLP classes add up to the drives read" \
	"jq -e '.summary as \$s | [\$s.plp[]] | add == \$s.drives' '$F/report.json' >/dev/null"

# --- 3. drivecheck exiting 4 is not a result: the play fails ---
F=$T/fleet3
play -e "drivecheck_fleet_dir=$F" -e '{"drivecheck_args": ["--bogus-option"]}'; rc=$?
check "a usage error (exit 4) fails the play" "[ $rc -ne 0 ] && grep -q 'failed=1' '$T/play.log'"
check "... and no report is made" "[ ! -e '$F/report.json' ]"
finish
