#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/report/run.sh - `drivecheck report` end to end: hosts' --json files (replays of the
# captured drives, their "host" set with jq) merged; the counts per role equal the sum over
# the inputs (counted here with jq, apart from drivecheck); the models and families the
# database does not know; the worst first, in an order that does not depend on the order of
# the files; every kind of bad file named on stderr while the others are still read; the
# exit codes. Nothing touches a device.
set -u
. "$(dirname "$0")/../lib/checks.sh"
. "$(dirname "$0")/../lib/probed.sh"
BUILD=${BUILD:-build}
DC=$BUILD/drivecheck
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# A sanitizer report (make check-asan) fails the run, leaks included.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
# report ARGS...: runs drivecheck report, stdout in $T/out, stderr in $T/err, exit in $rc
report() {
	$DC report "$@" >"$T/out" 2>"$T/err"; rc=$?
	if grep -q -e 'runtime error:' -e 'Sanitizer' "$T/err"; then
		bad "drivecheck report $*: sanitizer report"
		sed 's/^/  /' "$T/err" >&2
	fi
}
command -v jq >/dev/null || { bad "jq is needed (make test-deps)"; # --- firmware advisories head the fleet (issue 22): how many drives each hits ---
host sas1 SYNTH_HPE_VO0960JFDGU_HPD2_32767H SAMSUNG_MZ7LH960HAJR-00005 >"$T/sas1.json"
host sas2 SYNTH_HPE_VO0960JFDGU_HPD2_32769H SYNTH_HPE_VO0960JFDGU_HPD8 \
	INTEL_SSDSC2KB038T8_XCV10100 DCTEST_NVME-BACKUP-FAILED >"$T/sas2.json"
report --json "$T/sas1.json" "$T/sas2.json"
check "advisories: the summary counts the drives each hits" \
	"jq -e '.summary.advisories.drives == 3 and .summary.advisories.advisories == 2 and .summary.advisories.top[0].drives == 2 and (.summary.advisories.top[0].name | startswith(\"HPE-A00092491: \"))' $T/out >/dev/null"
check "advisories: the three drives they hit lead the fleet, before a failing drive" \
	"jq -e '[.drives[0:3][] | .advisories | length] == [1, 1, 1] and (.drives[3].advisories == []) and (.drives[3].health.status == \"failing\")' $T/out >/dev/null"
check "advisories: the fixed firmware is not hit" \
	"jq -e '[.drives[] | select(.firmware == \"HPD8\") | .advisories | length] == [0]' $T/out >/dev/null"
report "$T/sas1.json" "$T/sas2.json"
check "advisories: the table says so first of all" \
	"grep -A1 -m1 '^Summary' $T/out | grep -q 'FIRMWARE ADVISORIES hit 3 drives' && grep -q '^    sas[12]:/dev/sd[a-z] (VO0960JFDGU): firmware advisory HPE-A00092491' $T/out"

echo "tests/report: $pass passed, $fail failed"; exit 1; }

# probed DUMP: a copy of data/dumps/DUMP that a fast probe timed (tests/lib/probed.sh)
probed() {
	[ -d "$T/dumps/$1" ] || probed_dump "data/dumps/$1" "$T/dumps/$1" || return 1
	echo "$T/dumps/$1"
}
# host NAME DUMP...: one host's drivecheck --json (the replays of DUMPs with a fast probe,
# "host" NAME)
host() {
	local name=$1 d
	shift
	for d in "$@"; do
		$DC --replay "$(probed "$d")" --json || echo "replay of $d failed" >&2
	done | jq -s --arg h "$name" '.[0] + { host: $h, devices: [.[].devices[]] }'
}
mkdir -p "$T/in" "$T/bad"
host ceph1 SAMSUNG_MZ7LH960HAJR-00005 Micron_5300_MTFDDAK960TDS DCTEST_NVME-BACKUP-FAILED \
	INTEL_SSDPE2KX020T8 >"$T/in/ceph1.json"
host ceph2 Samsung_SSD_860_EVO_1TB WDC_WDS100T2B0A-00SM50 KINGSTON_SA400S37240G \
	NETAPP_X371_S164A960ATE DCTEST_SAS-HDD-10K >"$T/in/ceph2.json"
host etcd1 CT1000MX500SSD1 SYNTH_INTEL_SSDSC2KG480G8_CAP_FAILING Samsung_SSD_860_EVO_1TB \
	>"$T/in/etcd1.json"
# a file without "host" (an older drivecheck): its name stands for the host
host x WD_BLACK_SN850X_4000GB Samsung_SSD_980_PRO_2TB | jq 'del(.host)' >"$T/in/old-box.json"
# an import's JSON, with its summary: its drives are read, the summary is not
$DC import --json data/dumps/SAMSUNG_MZ7LH960HAJR-00005/smartctl.txt \
	data/dumps/Samsung_SSD_860_EVO_1TB/smartctl.txt >"$T/in/bought.json" 2>/dev/null
check "the inputs: 5 files of drivecheck JSON" \
	"[ \$(jq -s 'map(select(.devices)) | length' $T/in/*.json) -eq 5 ] && jq -e '.summary' $T/in/bought.json >/dev/null"
IN=("$T"/in/*.json)
total=$(jq -s '[.[].devices[]] | length' "${IN[@]}")
check "the inputs hold 16 drives" "[ '$total' -eq 16 ]"

# --- usage ---
report; check "report without a file exits 4" "[ $rc -eq 4 ] && grep -q 'name the FILEs' $T/err"
for o in --all -v --prometheus "--replay data/dumps" "--dump $T/d" --try-cache-off --list; do
	report $o "${IN[0]}"
	check "report $o exits 4" "[ $rc -eq 4 ] && grep -q 'drivecheck report: reads drivecheck --json files only' $T/err"
done
report --gate nosuchrole "${IN[0]}"; check "report --gate nosuchrole exits 4" "[ $rc -eq 4 ]"
$DC --help | grep -q '^  report FILE\.\.\.'; check "--help describes report" "[ $? -eq 0 ]"
$DC --help | grep -q '^       drivecheck report \[--json\] \[--gate ROLE\] FILE\.\.\.'
check "--help's usage names report" "[ $? -eq 0 ]"

# --- "host" in a scan's JSON: this machine's short name live (tests/cli); a replay's is the
# dump's (none in these fixtures: null, never the replaying machine), or --host's ---
check "a replay's JSON has the dump's host, never the replaying machine's" \
	"[ \"\$(jq -r .host $T/in/../in/ceph1.json)\" = ceph1 ] && [ \"\$($DC --replay data/dumps/CT1000MX500SSD1 --json | jq -r .host)\" = null ] && [ \"\$($DC --replay data/dumps/CT1000MX500SSD1 --host osd-9 --json | jq -r .host)\" = osd-9 ]"
check "import's JSON has no host" "jq -e 'has(\"host\") | not' $T/in/bought.json >/dev/null"
check "lookup's JSON has no host" "$DC lookup --json 'SAMSUNG MZ7LH960HAJR-00005' | jq -e 'has(\"host\") | not' >/dev/null"

# --- the merge ---
report --json "${IN[@]}"; cp "$T/out" "$T/fleet.json"
check "merge: exit 0 (no --gate, every file read)" "[ $rc -eq 0 ] && [ ! -s $T/err ]"
check "merge: valid JSON of format 1.7" "jq -e '.json_format_version == [1, 7] and (.drivecheck_version | type) == \"string\"' $T/fleet.json >/dev/null"
check "merge: every drive of every file ($total)" \
	"[ \"\$(jq '.drives | length' $T/fleet.json)\" -eq $total ] && [ \"\$(jq .summary.drives $T/fleet.json)\" -eq $total ]"
check "merge: 5 hosts, no file unread" "jq -e '.summary.hosts == 5 and .summary.unreadable == 0' $T/fleet.json >/dev/null"
check "merge: the files, their hosts and drive counts" \
	"[ \"\$(jq -c '[.files[] | [.host, .drives, .host_from_file_name, .error]]' $T/fleet.json)\" = \
	'[[\"bought\",2,true,null],[\"ceph1\",4,false,null],[\"ceph2\",5,false,null],[\"etcd1\",3,false,null],[\"old-box\",2,true,null]]' ]"
check "merge: each drive names its host" \
	"[ \"\$(jq -c '[.drives[] | select(.host == \"ceph2\")] | length' $T/fleet.json)\" -eq 5 ] && \
	[ \"\$(jq -c '[.drives[] | select(.host == \"old-box\")] | length' $T/fleet.json)\" -eq 2 ]"
# per role and status: the report's count is the sum over the inputs, counted by jq
for role in ceph_osd ceph_db drbd zfs_slog etcd; do
	for st in pass warn fail not-checked; do
		want=$(jq -s --arg r $role --arg s $st '[.[].devices[] | select(.verdicts) | select(.verdicts[$r].status == $s)] | length' "${IN[@]}")
		got=$(jq --arg r $role --arg s $st '.summary.roles[$r][$s]' "$T/fleet.json")
		check "merge: $role $st = $want, the sum over the files (got $got)" "[ '$got' = '$want' ]"
	done
done
check "merge: some drives pass, warn and fail (the counts are not all zero)" \
	"jq -e '.summary.roles.ceph_osd | .pass > 0 and .warn > 0 and .fail > 0' $T/fleet.json >/dev/null"
for c in full data-at-rest none unknown; do
	want=$(jq -s --arg c $c '[.[].devices[] | select(.plp.class == $c)] | length' "${IN[@]}")
	check "merge: PLP $c = $want" "[ \"\$(jq --arg c $c '.summary.plp[\$c]' $T/fleet.json)\" = '$want' ]"
done
# what the database does not know: models without a row, families of unknown class
jq -s -c '[.[].devices[] | select(.database == null and .model != null) | .model] | unique' "${IN[@]}" >"$T/want-models"
jq -c '[.summary.not_in_database.top[].name] | sort' "$T/fleet.json" >"$T/got-models"
check "merge: the models not in the database ($(cat "$T/want-models"))" \
	"cmp -s $T/want-models $T/got-models && [ \"\$(jq length $T/want-models)\" -ge 3 ]"
jq -s -c '[.[].devices[] | select(.database.plp == "unknown") | "\(.database.vendor) \(.database.family)"] | unique' "${IN[@]}" >"$T/want-fam"
jq -c '[.summary.class_unknown.top[].name] | sort' "$T/fleet.json" >"$T/got-fam"
check "merge: the families of unknown class ($(cat "$T/want-fam"))" \
	"cmp -s $T/want-fam $T/got-fam && grep -q 'Kingston A400' $T/got-fam"
want=$(jq -s '[.[].devices[] | select(.database.plp == "unknown")] | length' "${IN[@]}")
check "merge: drives of unknown class: $want (the A400 on ceph2)" \
	"[ \"\$(jq .summary.class_unknown.drives $T/fleet.json)\" = '$want' ] && [ '$want' -ge 1 ] && \
	jq -e '.summary.class_unknown.top[] | select(.name == \"Kingston A400\") | .drives == 1' $T/fleet.json >/dev/null"

# --- the worst first ---
# a drive that says it is failing first (attention; both of the fleet's also report failed
# backup power), then fail, not read, warn, pass (worst of the roles)
rank='def rank: if .verdicts == null then 2 else ([.verdicts[].status] | if index("fail") then 3 elif index("warn") then 1 else 0 end) end;'
check "worst first: the two drives that say they are failing lead" \
	"jq -e '[.drives[0:2][] | .attention] | all(test(\"the drive says it is failing\"))' $T/fleet.json >/dev/null && \
	jq -e '[.drives[0:2][] | .health.status] | all(. == \"failing\")' $T/fleet.json >/dev/null && \
	jq -e '[.drives[2:][] | .attention] | all(. == null or (test(\"is failing\") | not))' $T/fleet.json >/dev/null"
check "worst first: ceph1's capacitor-failed NVMe is among them" \
	"jq -e '[.drives[0:2][] | select(.host == \"ceph1\" and .model == \"DCTEST NVME-PLP-1920\")] | length == 1' $T/fleet.json >/dev/null"
check "worst first: then fail, warn, pass, never up again" \
	"jq -e '$rank [.drives[] | select(.attention == null) | rank] | . == (sort | reverse)' $T/fleet.json >/dev/null"
check "worst first: the last drive passes every role" \
	"jq -e '[.drives[-1].verdicts[].status] | all(. == \"pass\")' $T/fleet.json >/dev/null"
check "worst first: the summary's attention list is in the same order" \
	"[ \"\$(jq -c '[.summary.attention.first[] | [.host, .device]]' $T/fleet.json)\" = \"\$(jq -c '[.drives[] | select(.attention) | [.host, .path]]' $T/fleet.json)\" ]"
# stable: the order of the files on the command line changes nothing but the files list
report --json "${IN[4]}" "${IN[2]}" "${IN[0]}" "${IN[3]}" "${IN[1]}"
check "stable: files in another order, the same drives and summary" \
	"[ \"\$(jq -S '{drives, summary}' $T/out)\" = \"\$(jq -S '{drives, summary}' $T/fleet.json)\" ]"
# --gate ROLE orders by that role
report --json --gate etcd "${IN[@]}"
check "--gate etcd: ordered by the etcd verdict" \
	"jq -e '[.drives[] | select(.attention == null) | (.verdicts.etcd.status | if . == \"fail\" then 3 elif . == \"warn\" then 1 else 0 end)] | . == (sort | reverse)' $T/out >/dev/null"

# --- the table ---
report "${IN[@]}"
check "table: exit 0" "[ $rc -eq 0 ]"
check "table: HOST then the scan's columns" "head -1 $T/out | grep -Eq '^HOST +DEVICE +TRAN +MODEL +SIZE +HEALTH +CACHE +KERNEL +PLP +SYNC-P50 +OSD +DB +DRBD +SLOG +ETCD$'"
check "table: one row per drive" "[ \$(sed -n '2,/^\$/p' $T/out | grep -c '^[a-z]') -eq $total ]"
check "table: the first row is a drive whose backup power failed" "sed -n 2p $T/out | grep -Eq '^(ceph1|etcd1) +/dev/'"
check "table: the rows in the JSON's order" \
	"[ \"\$(sed -n '2,/^\$/p' $T/out | awk 'NF { print \$1, \$2 }')\" = \"\$(jq -r '.drives[] | \"\\(.host) \\(.path)\"' $T/fleet.json)\" ]"
check "table: the summary names the hosts" "grep -q '^Summary: $total drives on 5 hosts$' $T/out"
osd=$(jq -r '.summary.roles.ceph_osd | "\(.pass) +\(.warn) +\(.fail) +\(.["not-checked"]) +\(.unmeasured)"' "$T/fleet.json")
check "table: the ceph-osd line ($osd)" "grep -Eq '^  ceph-osd +$osd\$' $T/out"
check "table: the models not in the database" "grep -q 'Not in the drive database: ' $T/out && grep -q 'X371_S164A960ATE' $T/out"
check "table: the families of unknown class" "grep -q 'In the database, PLP class unknown: ' $T/out && grep -q '     1  Kingston A400' $T/out"
check "table: look first, with the host" "grep -q '^    ceph1:/dev/nvme0n1 (DCTEST NVME-PLP-1920): the drive says it is failing: NVMe critical warning bit 4: volatile memory backup device failed' $T/out"

# --- nothing unmeasured passes, and the summary counts those drives apart (docs/design.md) ---
for d in SAMSUNG_MZ7LH960HAJR-00005 INTEL_SSDSC2KB960G8 Samsung_SSD_860_EVO_1TB; do
	$DC --replay "data/dumps/$d" --json
done | jq -s '.[0] + { host: "untimed", devices: [.[].devices[]] }' >"$T/untimed.json"
report --json "$T/untimed.json"
check "untimed: no drive passes a role without its flush cost measured" \
	"jq -e '[.drives[].verdicts[].status] | index(\"pass\") | not' $T/out >/dev/null"
check "untimed: each role's warns that lack only a measurement are counted apart (2 PLP drives)" \
	"jq -e '[.summary.roles[] | .unmeasured] == [2, 2, 2, 2, 2] and .summary.roles.ceph_osd.warn == 3' $T/out >/dev/null"
check "untimed: each drive's verdicts say what was not measured" \
	"jq -e '[.drives[].verdicts.ceph_osd.unmeasured] == [[\"flush-cost\"], [\"flush-cost\"], [\"flush-cost\"]]' $T/out >/dev/null"
check "untimed: the 860 EVO's measured status is still a warn (S: no)" \
	"jq -e '.drives[] | select(.model == \"Samsung SSD 860 EVO 1TB\") | .verdicts.ceph_osd.measured_status == \"warn\"' $T/out >/dev/null"
report --gate ceph-osd "$T/untimed.json"
check "untimed: --gate ceph-osd exits 1, never 0" "[ $rc -eq 1 ]"
report "$T/untimed.json"
check "untimed, table: the unmeasured column and its note" \
	"grep -Eq '^  ceph-osd +0 +3 +0 +0 +2$' $T/out && grep -q 'unmeasured: warn only because the flush cost' $T/out"

# --- bad files: each named with its reason on stderr, the others still read, exit 3 ---
echo "hello, not a report" >"$T/bad/prose.json"
head -c 3000 "${IN[1]}" >"$T/bad/truncated.json"
jq '.devices[1].capacity_bytes = "big"' "${IN[1]}" >"$T/bad/types.json"
jq '.json_format_version = [2, 0]' "${IN[1]}" >"$T/bad/v2.json"
jq '.devices[0].verdicts.drbd.status = "perhaps"' "${IN[1]}" >"$T/bad/status.json"
cp data/import/smartctl-json/exporter-ata-INTEL_SSDSC2KB960G8.json "$T/bad/smartctl.json"
$DC lookup --json 'SAMSUNG MZ7LH960HAJR-00005' >"$T/bad/lookup.json"
: >"$T/bad/empty.json"
printf '{"a": 1}\0{}' >"$T/bad/nul.json"
mkdir "$T/bad/folder.json"
# a 2 MB file of a million numbers where drives should be: refused alone (it once ended the
# whole run out of memory, losing the good files beside it)
jq -c '.devices = [range(1000000) | 1]' "${IN[1]}" >"$T/bad/million.json"
ln -s "${IN[1]}" "$T/bad/link.json"
BAD=(prose truncated types v2 status smartctl lookup empty nul folder link missing million)
declare -A WHY=(
	[prose]='not JSON (at byte 0)'
	[truncated]='not JSON: it ends too soon (truncated?)'
	[types]='devices[1].capacity_bytes: want a number or null, not a string'
	[v2]='json_format_version [2, 0]: this drivecheck reads format 1'
	[status]="devices[0].verdicts.drbd.status: unknown status 'perhaps'"
	[smartctl]="not drivecheck's JSON (no drivecheck_version): smartctl's JSON is read by drivecheck import"
	[lookup]='no devices (the output of drivecheck lookup, not of a scan)'
	[empty]='not JSON'
	[nul]='not JSON (a NUL byte at byte 8)'
	[folder]='not a regular file'
	[link]='a symbolic link'
	[missing]='No such file or directory'
	[million]='devices[0]: want an object, not a number'
)
# a FIFO is refused without being opened (its open would wait for a writer for ever)
mkfifo "$T/pipe.json"
timeout 20 $DC report "$T/pipe.json" "${IN[1]}" >/dev/null 2>"$T/err"; rc=$?
check "a FIFO: refused (exit 3), never waited on" "[ $rc -eq 3 ] && grep -qx \"drivecheck report: $T/pipe.json: not a regular file: a FIFO (named pipe)\" $T/err"
rm "$T/pipe.json"
args=("${IN[@]}")
for b in "${BAD[@]}"; do args+=("$T/bad/$b.json"); done
report --json "${args[@]}"
check "bad files: exit 3 (could not check), no --gate" "[ $rc -eq 3 ]"
check "bad files: the output is still valid JSON" "jq -e .summary $T/out >/dev/null"
for b in "${BAD[@]}"; do
	msg="drivecheck report: $T/bad/$b.json: ${WHY[$b]}"
	check "bad file $b: its own message on stderr" "grep -F -- \"\$msg\" $T/err | grep -q '^drivecheck report: '"
	check "bad file $b: listed with its error" \
		"jq -e --arg f '$T/bad/$b.json' '.files[] | select(.file == \$f) | .error != null and .drives == 0' $T/out >/dev/null"
done
check "bad files: one stderr line each" "[ \$(wc -l <$T/err) -eq ${#BAD[@]} ]"
check "bad files: the good files' $total drives still read" "jq -e '.summary.drives == $total and .summary.hosts == 5' $T/out >/dev/null"
check "bad files: counted as not read (${#BAD[@]})" "jq -e '.summary.unreadable == ${#BAD[@]}' $T/out >/dev/null"
check "bad files: the same counts per role as without them" \
	"[ \"\$(jq -c .summary.roles $T/out)\" = \"\$(jq -c .summary.roles $T/fleet.json)\" ]"
check "bad files: rows after the failing drives, before the warnings" \
	"jq -e '[.drives[] | .verdicts == null] | index(true) as \$i | \$i > 0 and ([.[\$i:\$i + ${#BAD[@]}][]] | all)' $T/out >/dev/null"
# truncated anywhere: inside a string, a number, between keys, just before the end
size=$(stat -c %s "${IN[1]}")
for cut in 1 57 1000 4321 $((size / 2)) $((size - 2)); do
	head -c $cut "${IN[1]}" >"$T/cut.json"
	report "$T/cut.json"
	check "truncated at byte $cut of $size: said so, exit 3" "[ $rc -eq 3 ] && grep -q 'not JSON: it ends too soon (truncated?)' $T/err"
done
report "${args[@]}"
check "bad files, table: exit 3, each an error row" "[ $rc -eq 3 ] && [ \$(grep -c ' error: $T/bad/' $T/out) -eq ${#BAD[@]} ]"
report --gate ceph-osd "${args[@]}"
check "bad files and a failing drive, --gate ceph-osd: exit 2 (a failure outranks)" "[ $rc -eq 2 ]"
report "$T/bad/prose.json" "$T/bad/v2.json"
check "only bad files: exit 3, 0 drives" "[ $rc -eq 3 ] && grep -q '^Summary: 0 drives on 0 hosts, 2 files or drives not read' $T/out"

# --- exit codes as for a scan ---
host good INTEL_SSDSC2KG480G8 INTEL_SSDSC2KB960G8 >"$T/good.json"
host meh SAMSUNG_MZ7LH960HAJR-00005 Samsung_SSD_860_EVO_1TB >"$T/meh.json"
report --gate ceph-osd "$T/good.json"; check "--gate ceph-osd, every drive passes and is available: exit 0" "[ $rc -eq 0 ] && [ ! -s $T/err ]"
# --gate prints what a scan's and an import's --gate print: a line per drive (HOST:PATH, as
# the summary names it), its answer for the role; no table and no summary
check "--gate ceph-osd: a gate line per drive, the worst first, no table, no summary" \
	"[ \"\$(grep -c '^good:/dev/sd[a-z] ([^)]*, serial [^)]*): ceph-osd: pass\$' $T/out)\" -eq 2 ] && ! grep -q -e '^HOST ' -e '^Summary' $T/out"
# for the Ceph roles the gate asks whether the drive can become an OSD now: a drive that
# passes and holds a BlueStore label (or of which that is not known) warns, its gate line
# says why
host used SAMSUNG_MZ7LH960HAJR-00005 >"$T/used.json"
report --gate ceph-osd "$T/used.json"
check "--gate ceph-osd, a passing drive that is not available: exit 1, its gate line says why" \
	"[ $rc -eq 1 ] && grep -q '^used:/dev/sda (SAMSUNG MZ7LH960HAJR-00005, serial [^)]*): ceph-osd: warn: the drive passes, but is not available (ceph-volume would not take it): Has BlueStore device label\$' $T/out && [ ! -s $T/err ]"
check "... as a scan's --gate says it of the same drive" \
	"[ \"\$(sed -n 1p $T/out | sed 's/^used://')\" = \"\$($DC --replay $T/dumps/SAMSUNG_MZ7LH960HAJR-00005 --gate ceph-osd 2>/dev/null | sed -n 1p)\" ]"
report --gate ceph-db --json "$T/used.json"
check "--gate ceph-db alike; the JSON keeps the verdict, pass" \
	"[ $rc -eq 1 ] && jq -e '.drives[0].verdicts.ceph_db.status == \"pass\" and .drives[0].available == false' $T/out >/dev/null"
report --gate drbd "$T/used.json"
check "--gate drbd: a role that asks nothing of availability passes it (0)" "[ $rc -eq 0 ] && [ ! -s $T/err ]"
host older SAMSUNG_MZQLB1T9HAJR-00007 >"$T/older.json"
report --gate ceph-osd "$T/older.json"
check "--gate ceph-osd, a passing drive whose availability is unknown (an older dump): exit 1, said why" \
	"[ $rc -eq 1 ] && grep -q '^older:/dev/nvme0n1 (.*): ceph-osd: warn: the drive passes, but whether ceph-volume would take it is unknown: signatures and locks: the dump does not say' $T/out"
# a drive its host probed through one of its filesystems (docs/probe.md): the fleet keeps the
# probe's mode, not where it wrote, and the line says what is known
jq '.devices[0].probe.mode = "file" | .devices[0].probe.where = "/srv/osd7"' "$T/good.json" >"$T/infs.json"
report --gate ceph-osd "$T/infs.json"
check "--gate, a drive probed through a filesystem: said, with no empty place" \
	"grep -qx '  - probed through one of its filesystems (an unnamed temporary file there), not on the raw device, which is in use' $T/out"
report --gate ceph-osd "$T/good.json" "$T/meh.json"; check "--gate ceph-osd, a warn: exit 1" "[ $rc -eq 1 ]"
report --gate zfs-slog "$T/good.json" "$T/meh.json"; check "--gate zfs-slog, a fail: exit 2" "[ $rc -eq 2 ]"
report --gate=ceph-db "${IN[@]}"; check "--gate=ceph-db over the fleet (a fail on ceph1): exit 2" "[ $rc -eq 2 ]"
report "${IN[@]}"; check "no --gate: exit 0 even with failing drives" "[ $rc -eq 0 ]"
report --gate ceph-osd --json "$T/good.json"
check "--gate with --json: JSON on stdout, exit 0" "[ $rc -eq 0 ] && jq -e '.summary.drives == 2' $T/out >/dev/null"
# a device its host could not read: a row of its own, exit 3 (a fail with --gate outranks it)
jq '.devices[1] |= (del(.plp, .verdicts, .properties) | .errors = ["/dev/sdb: no such device"])' "$T/good.json" >"$T/gone.json"
report --json "$T/gone.json"
check "a device not read on its host: exit 3, its error kept" \
	"[ $rc -eq 3 ] && jq -e '.summary.unreadable == 1 and .summary.drives == 1 and (.drives[0].errors[0] == \"/dev/sdb: no such device\")' $T/out >/dev/null"
report --gate ceph-osd "$T/gone.json" "$T/meh.json"; check "... with --gate and a warn: still 3" "[ $rc -eq 3 ]"
report --gate zfs-slog "$T/gone.json" "$T/meh.json"; check "... with --gate and a fail: 2" "[ $rc -eq 2 ]"

# a count past 64 bits is refused, its range said as 64 bits hold it (never 2^64); UINT64_MAX
# itself, which drivecheck prints as a number that reads back as 2^64, is taken
jq '.devices[0].wear.host_written_bytes = 1e20' "$T/good.json" >"$T/wrap.json"
report --json "$T/wrap.json"
check "host_written_bytes past 64 bits: refused, range 0 to UINT64_MAX" \
	"[ $rc -eq 3 ] && grep -qx 'drivecheck report: $T/wrap.json: devices\[0\].wear.host_written_bytes: 100000000000000000000 is out of range (0 to 18446744073709551615)' $T/err"
jq '.devices[0].capacity_bytes = 1e20' "$T/good.json" >"$T/wrap.json"
report --json "$T/wrap.json"
check "capacity_bytes past 64 bits: refused, never taken as 16 EiB" \
	"[ $rc -eq 3 ] && grep -q 'devices\[0\].capacity_bytes: 100000000000000000000 is out of range (0 to 18446744073709551615)' $T/err"
jq '.devices[0].wear.host_written_bytes = 18446744073709551615' "$T/good.json" >"$T/wrap.json"
report --json "$T/wrap.json"
check "host_written_bytes UINT64_MAX: taken" \
	"[ $rc -eq 0 ] && jq -e '.drives[0].wear.host_written_bytes == 18446744073709551615' $T/out >/dev/null"

# --- one host in two files: said, and counted twice ---
cp "$T/good.json" "$T/good-again.json"
report --json "$T/good.json" "$T/good-again.json"
check "one host in two files: a warning, exit 0, 1 host, 4 drives" \
	"[ $rc -eq 0 ] && grep -q 'warning: host good is in $T/good.json and in $T/good-again.json' $T/err && jq -e '.summary.hosts == 1 and .summary.drives == 4' $T/out >/dev/null"

# --- a host name that is not printable reaches no terminal ---
jq '.host = "evil\u001b[2Jhost"' "$T/good.json" >"$T/evil.json"
report "$T/evil.json"
check "a control character in host is shown as ?" "grep -q '^evil?\\[2Jhost ' $T/out && ! grep -q $'\\033' $T/out"

# --- firmware advisories head the fleet (issue 22): how many drives each hits ---
host sas1 SYNTH_HPE_VO0960JFDGU_HPD2_32767H SAMSUNG_MZ7LH960HAJR-00005 >"$T/sas1.json"
host sas2 SYNTH_HPE_VO0960JFDGU_HPD2_32769H SYNTH_HPE_VO0960JFDGU_HPD8 \
	INTEL_SSDSC2KB038T8_XCV10100 DCTEST_NVME-BACKUP-FAILED >"$T/sas2.json"
report --json "$T/sas1.json" "$T/sas2.json"
check "advisories: the summary counts the drives each hits" \
	"jq -e '.summary.advisories.drives == 3 and .summary.advisories.advisories == 2 and .summary.advisories.top[0].drives == 2 and (.summary.advisories.top[0].name | startswith(\"HPE-A00092491: \"))' $T/out >/dev/null"
check "advisories: the three drives they hit lead the fleet, before a failing drive" \
	"jq -e '[.drives[0:3][] | .advisories | length] == [1, 1, 1] and (.drives[3].advisories == []) and (.drives[3].health.status == \"failing\")' $T/out >/dev/null"
check "advisories: the fixed firmware is not hit" \
	"jq -e '[.drives[] | select(.firmware == \"HPD8\") | .advisories | length] == [0]' $T/out >/dev/null"
report "$T/sas1.json" "$T/sas2.json"
check "advisories: the table says so first of all" \
	"grep -A1 -m1 '^Summary' $T/out | grep -q 'FIRMWARE ADVISORIES hit 3 drives' && grep -q '^    sas[12]:/dev/sd[a-z] (VO0960JFDGU): firmware advisory HPE-A00092491' $T/out"

echo "tests/report: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
