#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/import/run.sh - `drivecheck import` end to end: every kind of bad file gets its own
# clear message and the others are still read; files of one drive join; exit codes as for
# a scan; nothing crashes. Then the real reports of data/import/linuxhw, number by number.
set -u
. "$(dirname "$0")/../lib/checks.sh"
BUILD=${BUILD:-build}
DC=$BUILD/drivecheck
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
R=data/import/linuxhw
PM883=data/dumps/SAMSUNG_MZ7LH960HAJR-00005/smartctl.txt   # a PLP SATA drive, smartctl -x
EVO=data/dumps/Samsung_SSD_860_EVO_1TB/smartctl.txt         # a consumer SATA drive

# --- usage ---
$DC import >/dev/null 2>"$T/e"; rc=$?
check "import without a file exits 4" "[ $rc -eq 4 ] && grep -q 'name a FILE' $T/e"
$DC import --all x >/dev/null 2>&1; check "import --all exits 4" "[ $? -eq 4 ]"
$DC import --replay x y >/dev/null 2>&1; check "import --replay exits 4" "[ $? -eq 4 ]"
$DC --help | grep -q '^  import FILE|DIR|-'; check "--help describes import" "[ $? -eq 0 ]"

# --- one report: the buyer's case ---
$DC import "$PM883" >"$T/out" 2>"$T/err"; rc=$?
check "one report: exit 0 (no gate)" "[ $rc -eq 0 ]"
check "one report: the table names it" "grep -q 'SAMSUNG MZ7LH960HAJR-00005' $T/out"
check "one report: details shown for one drive" "grep -q 'database: Samsung PM883' $T/out"
check "one report: no summary for one drive" "! grep -q '^Summary' $T/out"
check "one report: probe not in the input" "grep -q 'probe: skipped: not in the input' $T/out"
check "one report: no command on a file path" "! grep -q 'DEV = $PM883' $T/out && grep -q '/dev/<this drive>' $T/out"
# nothing unmeasured passes (docs/design.md): a PLP drive's report without a timing warns,
# and the gate line says what to do; the same report beside a fio run of it passes
$DC import --gate ceph-osd "$PM883" >"$T/gate" 2>&1; rc=$?
check "PM883 report, no fio run: --gate ceph-osd warns (exit 1)" "[ $rc -eq 1 ]"
check "PM883 report, no fio run: the gate line says why and what to do" \
	"grep -q '): ceph-osd: warn: flush cost not measured: run the probe, or import a fio run of this drive' $T/gate"
$DC import --gate etcd "$PM883" >"$T/gate" 2>&1; rc=$?
check "PM883 report, no fio run: --gate etcd warns (exit 1)" \
	"[ $rc -eq 1 ] && grep -q ': etcd: warn: WAL fdatasync p99 not measured' $T/gate"
mkdir "$T/pm883" && cp "$PM883" data/import/fio/sync.json data/import/fio/fdatasync.json "$T/pm883/"
$DC import --gate ceph-osd "$T/pm883" >"$T/gate" 2>&1; rc=$?
check "PM883 report with a fio run of it: --gate ceph-osd passes (exit 0)" \
	"[ $rc -eq 0 ] && head -1 $T/gate | grep -q ': ceph-osd: pass$'"
# a report is of a drive on no host here: whether ceph-volume would take it is not in it,
# and the gate of a Ceph role answers the drive's fitness alone, saying so
check "PM883 report: the gate says it answered fitness only" \
	"grep -qx '  - whether ceph-volume would take it is not in the input: this gate answers its fitness only (on its host, drivecheck --gate ceph-osd DEVICE asks both)' $T/gate"
$DC import --gate ceph-osd "$EVO" >/dev/null 2>&1; rc=$?
check "860 EVO report does not pass --gate ceph-osd" "[ $rc -ne 0 ]"
cat "$PM883" | $DC import --json - >"$T/j" 2>/dev/null
check "standard input" "jq -e '.devices[0].model == \"SAMSUNG MZ7LH960HAJR-00005\" and .devices[0].path == \"-\"' $T/j >/dev/null"

# --- the udev rule and sysfs_model name the model as sysfs holds it (an ATA model's first
# 16 characters behind libata), as the live path reads it: the PM883's dump replayed is that
# path, its report imported must give the same rule ---
rule_of() { grep -o 'ATTRS{model}=="[^"]*"' | head -1; }
live=$($DC --replay data/dumps/SAMSUNG_MZ7LH960HAJR-00005 -v 2>/dev/null | rule_of)
imported=$($DC import -v "$PM883" 2>/dev/null | rule_of)
check "import: the udev rule's ATA model is sysfs's 16 characters" "[ '$imported' = 'ATTRS{model}==\"SAMSUNG MZ7LH960*\"' ]"
check "import: the udev rule is the live path's" "[ -n '$live' ] && [ '$imported' = '$live' ]"
$DC import --json data/import/smartctl-json/exporter-ata-INTEL_SSDSC2KB960G8.json >"$T/j" 2>/dev/null
check "import: sysfs_model of an ATA drive is its first 16 characters, model whole" \
	"jq -e '.devices[0].sysfs_model == \"INTEL SSDSC2KB96\" and .devices[0].model == \"INTEL SSDSC2KB960G8\"' $T/j >/dev/null"
$DC import --json data/import/smartctl-json/exporter-nvme-SAMSUNG_MZQL2960HCJR-00A07.json >"$T/j" 2>/dev/null
check "import: sysfs_model of an NVMe drive is its whole model" \
	"jq -e '.devices[0].sysfs_model == \"SAMSUNG MZQL2960HCJR-00A07\"' $T/j >/dev/null"

# --- smartctl -a text of an ATA drive has no write-cache line: not in the input ---
grep -v '^Write cache is' "$PM883" >"$T/minus-a.txt"
$DC import --json "$T/minus-a.txt" >"$T/j" 2>/dev/null
check "-a: write cache unknown" "jq -e '.devices[0].write_cache.present == null' $T/j >/dev/null"
check "-a: says not in the input" "jq -e '[.devices[0].errors[] | test(\"write cache.*not in the input\")] | any' $T/j >/dev/null"
sed 's/^Write cache is:.*/Write cache is:   Unavailable/' "$PM883" >"$T/unavail.txt"
$DC import --json "$T/unavail.txt" >"$T/j" 2>/dev/null
check "'Unavailable' is not read as no cache" "jq -e '.devices[0].write_cache.present == null' $T/j >/dev/null"

# --- smartctl -a's attribute layout (FLAG as hex, TYPE, UPDATED, WHEN_FAILED) reads as -x's ---
awk 'BEGIN { split("P O S R C K", b, " ") }
/^ID# ATTRIBUTE_NAME/ { print "ID# ATTRIBUTE_NAME          FLAG     VALUE WORST THRESH TYPE      UPDATED  WHEN_FAILED RAW_VALUE"; t = 1; next }
t && /^ *\|/ { t = 0 }
t && NF >= 7 && $1 ~ /^[0-9]+$/ {
	f = 0; for (i = 1; i <= 6; i++) if (substr($3, i, 1) == b[i]) f += 2 ^ (i - 1)
	raw = $0; sub(/^ *[0-9]+ +[^ ]+ +[^ ]+ +[0-9]+ +[0-9]+ +[^ ]+ +[^ ]+ +/, "", raw)
	printf "%3d %-23s 0x%04x   %s   %s   %s    %-9s %-8s %-7s %s\n", $1, $2, f, $4, $5, $6,
		(f % 2) ? "Pre-fail" : "Old_age", (int(f / 2) % 2) ? "Always" : "Offline", "-", raw
	next }
t { next } { print }' "$PM883" >"$T/a-layout.txt"
$DC import --json "$PM883" | jq -c '.devices[0].smart.ata_attributes' >"$T/x-attrs" 2>/dev/null
$DC import --json "$T/a-layout.txt" | jq -c '.devices[0].smart.ata_attributes' >"$T/a-attrs" 2>/dev/null
check "-a layout: the converted table has the 0x flags" "grep -q '^  5 Reallocated_Sector_Ct   0x0033' $T/a-layout.txt"
check "-a layout: the same attributes as -x" "[ -s $T/a-attrs ] && [ \"\$(jq length $T/x-attrs)\" -gt 10 ] && cmp -s $T/x-attrs $T/a-attrs"

# --- an NVMe report: smartctl prints no VWC; never "no volatile cache" ---
NV=$(grep -rl '^Model Number:' $R | head -1)
$DC import --json "$NV" >"$T/j" 2>/dev/null
check "nvme report: cache present unknown" "jq -e '.devices[0].write_cache.present == null' $T/j >/dev/null"
check "nvme report: no declaration evidence" "jq -e '[.devices[0].plp_evidence[]? | select(.kind == \"no-volatile-cache\")] | length == 0' $T/j >/dev/null"
check "nvme report: VWC not in the input" "jq -e '[.devices[0].errors[] | test(\"VWC.*not in the input\")] | any' $T/j >/dev/null"

# --- bytes written in smartctl's own unit (TB, powers of 1000, as TBW ratings count): each
# NVMe report's "Data Units Written: N [47.5 TB]" is the -v wear line's "47.5 TB written" ---
n=0 same=0
while IFS= read -r -d '' f; do
	want=$(sed -nE 's/^Data Units Written: +[0-9,]+ \[(.*)\]$/\1/p' "$f" | head -1)
	n=$((n + 1))
	$DC import -v "$f" 2>/dev/null | grep -q "^  wear: .* $want written" && same=$((same + 1))
done < <(grep -rlZE '^Data Units Written: +[0-9,]+ \[' $R)
check "bytes written: smartctl's figure and unit in all $n NVMe reports" "[ $n -ge 10 ] && [ $same -eq $n ]"

# --- two counters of bytes written (docs/health.md): the Crucial MX500 whose Device
# Statistics log wrapped 53 times at 2^32 sectors, attribute 246 not; the Intel 530 whose
# two disagree. Both shown, and which one is used, in the JSON and in -v ---
MX="$R/SSD/Crucial/CT1000MX500SSD1/01EF8B9FA165.txt"
I530="$R/SSD/Intel/SSDSC2BW240A4/CF83D848F1CB.txt"
a246=$(sed -nE 's/^246 Total_LBAs_Written .* ([0-9]+)$/\1/p' "$MX")
lsw=$(sed -nE 's/^0x01  0x018  6 +([0-9]+)  ---  Logical Sectors Written$/\1/p' "$MX")
$DC import --json "$MX" >"$T/j" 2>/dev/null
check "wrapped log counter: attribute 246's bytes, both counters, 53 wraps" "jq -e --argjson a $((a246 * 512)) --argjson l $((lsw * 512)) '.devices[0].wear | .host_written_bytes == \$a and .sources.host_written_bytes == \"ata attribute 246\" and .counters == [{figure: \"host_written_bytes\", check: \"wrapped\", wraps: 53, used: \"ata attribute 246\", readings: [{source: \"ata device statistics\", value: \$l}, {source: \"ata attribute 246\", value: \$a}]}]' $T/j >/dev/null"
check "wrapped log counter: -v says so" "$DC import -v '$MX' 2>/dev/null | grep -qx '  wear counters: bytes written: ata device statistics says 520 GB and ata attribute 246 says 117 TB: ata device statistics went round 2^32 of its units 53 times (it keeps 32 bits); ata attribute 246 is used'"
$DC import --json "$I530" >"$T/j" 2>/dev/null
check "counters that disagree: the log's bytes, both shown" "jq -e '.devices[0].wear | .sources.host_written_bytes == \"ata device statistics\" and (.counters | length == 1 and .[0].check == \"disagree\" and .[0].wraps == null and .[0].used == \"ata device statistics\")' $T/j >/dev/null"

# --- one input, one drive: a file of several reports gives one result per report ---
# Real reports of data/import/linuxhw (linuxhw/EnterpriseDrive, CC BY 4.0): a Seagate Nytro
# (hex56 raw values), the Crucial MX200 whose health says FAILED!, an Intel P4510 NVMe.
M1="$R/SSD/Seagate/XA1920LE10063/E594A8F22C9B.txt"
M2="$R/SSD/Crucial/CT250MX200SSD1/32B0F78C3734.txt"
M3="$R/NVMe/Intel/SSDPE2KX080T8/641BD20A9BA0.txt"
# What each report gives on its own, without the keys that name the file.
one_by_one() { for f in "$@"; do $DC import --json "$f" 2>/dev/null | jq -c '.devices[0] | del(.path, .name)'; done; }
cat "$M1" "$M2" "$M3" >"$T/host.txt"
$DC import --json "$T/host.txt" >"$T/j" 2>"$T/e"; rc=$?
check "three -x reports in one file: three drives, exit 0" "[ $rc -eq 0 ] && jq -e '.devices | length == 3' $T/j >/dev/null"
check "three reports: named FILE#1..#3" "jq -e '[.devices[].path] == [\"$T/host.txt#1\", \"$T/host.txt#2\", \"$T/host.txt#3\"]' $T/j >/dev/null"
one_by_one "$M1" "$M2" "$M3" >"$T/want"
jq -c '.devices[] | del(.path, .name)' "$T/j" >"$T/got"
check "three reports: each drive exactly as its report alone gives it" "cmp -s $T/want $T/got"
# pasted without smartctl's banner: cut at each information section instead
grep -v '^smartctl [0-9]\|^Copyright (C)' "$T/host.txt" >"$T/nobanner.txt"
$DC import --json "$T/nobanner.txt" >"$T/j" 2>/dev/null
check "reports without their banners: still three drives" "jq -e '[.devices[].model] == [\"XA1920LE10063\", \"Crucial_CT250MX200SSD1\", \"INTEL SSDPE2KX080T8\"]' $T/j >/dev/null"
# the usual loop, with a drive smartctl could not open in the middle
{ echo "== /dev/sda"; cat "$M1"; echo "== /dev/sdb"
  printf 'smartctl 7.1 2019-12-30 r5022 [x86_64-linux-5.4.0] (local build)\nCopyright (C) 2002-19, Bruce Allen, Christian Franke, www.smartmontools.org\n\nSmartctl open device: /dev/sdb failed: No such device\n'
  echo "== /dev/sdc"; cat "$M2"; } >"$T/loop.txt"
$DC import --json "$T/loop.txt" >"$T/j" 2>"$T/e"; rc=$?
check "a failed report among others: exit 3, the two others are drives" "[ $rc -eq 3 ] && jq -e '[.devices[] | select(.verdicts)] | length == 2' $T/j >/dev/null"
check "a failed report among others: named by its place and line" "grep -q \"loop.txt#2: report 2 of 3 (from line [0-9]*): smartctl report without a drive identity: Smartctl open device\" $T/e"
# smartctl -j of several drives into one file
J=data/import/smartctl-json
cat "$J/exporter-ata-INTEL_SSDSC2KB960G8.json" "$J/scrutiny-nvme-INTEL_SSDPEKNW010T8.json" \
    "$J/exporter-scsi-sas-HITACHI_H109060SESUN600G.json" >"$T/host.json"
$DC import --json "$T/host.json" >"$T/j" 2>/dev/null; rc=$?
one_by_one "$J/exporter-ata-INTEL_SSDSC2KB960G8.json" "$J/scrutiny-nvme-INTEL_SSDPEKNW010T8.json" \
	   "$J/exporter-scsi-sas-HITACHI_H109060SESUN600G.json" >"$T/want"
jq -c '.devices[] | del(.path, .name)' "$T/j" >"$T/got"
check "three smartctl -j documents in one file: three drives as each alone" "[ $rc -eq 0 ] && [ \"\$(wc -l <$T/got)\" = 3 ] && cmp -s $T/want $T/got"
# nvme-cli of two drives into one file, each drive's outputs after its id-ctrl (the lab's)
L=data/e2e/ref
for d in DCE2E-NVME-WB-FAST DCE2E-NVME-WC-OFF; do cat $L/$d/id-ctrl.json $L/$d/id-ns.json $L/$d/smart-log.json; done >"$T/nvme.json"
$DC import --json "$T/nvme.json" >"$T/j" 2>"$T/e"; rc=$?
for d in DCE2E-NVME-WB-FAST DCE2E-NVME-WC-OFF; do
	mkdir -p "$T/nv/$d"; cp $L/$d/id-ctrl.json $L/$d/id-ns.json $L/$d/smart-log.json "$T/nv/$d/"
	$DC import --json "$T/nv/$d" 2>/dev/null | jq -c '.devices[0] | del(.path, .name)'
done >"$T/want"
jq -c '.devices[] | del(.path, .name)' "$T/j" >"$T/got"
check "nvme-cli outputs of two drives in one file: two drives as their folders give them" "[ $rc -eq 0 ] && [ \"\$(wc -l <$T/got)\" = 2 ] && cmp -s $T/want $T/got"
# JSON cut short after a good document: the first is read, the rest refused
{ cat "$J/exporter-ata-INTEL_SSDSC2KB960G8.json"; head -c 300 "$J/scrutiny-nvme-INTEL_SSDPEKNW010T8.json"; } >"$T/cut.json"
$DC import --json "$T/cut.json" >"$T/j" 2>"$T/e"; rc=$?
check "a JSON document cut short after a whole one: exit 3, one drive, #2 refused" "[ $rc -eq 3 ] && jq -e '[.devices[] | select(.verdicts)] | length == 1' $T/j >/dev/null && grep -q 'cut.json#2: report 2 of 2 (from line [0-9]*): not valid JSON' $T/e"

# --- the constructed smartctl -j files are what mkjson.py makes of their real reports ---
for p in ${IMPORT_CONSTRUCTED:-}; do
	python3 tests/import/mkjson.py "${p#*:}" >"$T/regen.json" 2>/dev/null
	check "data/import/smartctl-json/${p%%:*} is mkjson.py's (make regen-import-json)" "cmp -s $T/regen.json data/import/smartctl-json/${p%%:*}"
done

# --- real smartctl -j imports whole ---
# hex56 raw values past 48 bits (the Seagate Nytro report above, in -x -j's layout)
$DC import --json data/import/smartctl-json/constructed-ata-x-Seagate_XA1920LE10063.json >"$T/j" 2>"$T/e"; rc=$?
check "-j with a raw value past 48 bits: the drive, every attribute" "[ $rc -eq 0 ] && jq -e '(.devices[0].smart.ata_attributes | length == 26) and ([.devices[0].smart.ata_attributes[] | select(.id == 243)][0].raw == 31529356512159)' $T/j >/dev/null"
# a controller report: nvme_total_capacity, no namespace
for pair in scrutiny-nvme-info-KCD61LUL3T84:3840755982336 exporter-nvme-SAMSUNG_MZQL2960HCJR-00A07:960197124096; do
	$DC import --json "data/import/smartctl-json/${pair%%:*}.json" >"$T/j" 2>/dev/null
	check "-j of an NVMe controller (${pair%%:*}): its total capacity, never 0" "jq -e '.devices[0].capacity_bytes == ${pair#*:}' $T/j >/dev/null"
done

# --- bad files: each its own message, the others still read ---
mkdir -p "$T/mixed"
cp "$PM883" "$T/mixed/good.txt"
head -c 4000 /dev/urandom >"$T/mixed/binary.bin"; printf 'x\0y' >>"$T/mixed/binary.bin"
: >"$T/mixed/empty.txt"
echo "hello, not a report" >"$T/mixed/prose.txt"
printf '{"json_format_version": [1, 0], "smartctl": {' >"$T/mixed/truncated.json"
truncate -s 9M "$T/mixed/huge.txt"
sed -n '1,12p' "$PM883" | grep -v 'Device Model' >"$T/mixed/no-identity.txt"
printf 'smartctl 7.3\n=== START OF INFORMATION SECTION ===\nSmartctl open device: /dev/sdz failed: No such device\n' >"$T/mixed/failed.txt"
mkdir "$T/mixed/.git"; echo junk >"$T/mixed/.git/config"; echo junk >"$T/mixed/.hidden"
ln -s good.txt "$T/mixed/link.txt"
$DC import --json "$T/mixed" >"$T/j" 2>"$T/e"; rc=$?
check "mixed folder: exit 3 (some not read)" "[ $rc -eq 3 ]"
check "mixed folder: JSON valid, 7 results" "jq -e '.devices | length == 7' $T/j >/dev/null"
check "mixed folder: the good report is a drive" "jq -e '[.devices[] | select(.model == \"SAMSUNG MZ7LH960HAJR-00005\" and .verdicts)] | length == 1' $T/j >/dev/null"
for pair in "empty.txt:empty file" "truncated.json:" "huge.txt:larger than any report" \
	    "no-identity.txt:without a drive identity" "failed.txt:Smartctl open device" \
	    "link.txt:a symbolic link"; do
	f=${pair%%:*} why=${pair#*:}
	check "mixed folder: $f refused with '$why'" "grep -q \"^drivecheck import: $T/mixed/$f: .*$why\" $T/e"
done
# no report of any known format, met in a folder: skipped with one line, counted
for pair in "binary.bin:binary data" "prose.txt:not a report of any known format"; do
	f=${pair%%:*} why=${pair#*:}
	check "mixed folder: $f skipped with '$why'" "[ \"\$(grep -c \"$T/mixed/$f\" $T/e)\" = 1 ] && grep -q \"^drivecheck import: skipped $T/mixed/$f: $why\" $T/e"
done
check "mixed folder: hidden files skipped" "! grep -q 'hidden\|\.git' $T/e"
check "mixed folder: summary counts" "jq -e '.summary.drives == 1 and .summary.unreadable == 6 and .summary.files_skipped == 2' $T/j >/dev/null"
$DC import "$T/mixed" >"$T/out" 2>/dev/null
check "mixed folder: table summary" "grep -q '^Summary: 1 drives, 6 files or drives not read, 2 files skipped (not reports)' $T/out"

# --- a FIFO, named or in a folder, is refused without being opened: opening one waits for
# a writer for ever (timeout turns that hang into a failure); /dev/null is a device node ---
mkdir -p "$T/fifo"; cp "$PM883" "$T/fifo/good.txt"; mkfifo "$T/fifo/pipe"
timeout 20 $DC import --json "$T/fifo" >"$T/j" 2>"$T/e"; rc=$?
check "a FIFO in a folder: refused (exit 3), never waited on" "[ $rc -eq 3 ] && grep -q \"^drivecheck import: $T/fifo/pipe: not a regular file: a FIFO (named pipe)\$\" $T/e"
check "a FIFO in a folder: the report beside it is still a drive" "[ -s $T/j ] && jq -e '[.devices[] | select(.verdicts)] | length == 1' $T/j >/dev/null"
timeout 20 $DC import "$T/fifo/pipe" >/dev/null 2>"$T/e"; rc=$?
check "a FIFO named: refused (exit 3), never waited on" "[ $rc -eq 3 ] && grep -q \"^drivecheck import: $T/fifo/pipe: not a regular file: a FIFO (named pipe)\$\" $T/e"
timeout 20 $DC import /dev/null >/dev/null 2>"$T/e"; rc=$?
check "a device node named: refused (exit 3), said what it is" "[ $rc -eq 3 ] && grep -q '^drivecheck import: /dev/null: not a regular file: a device node\$' $T/e"
rm -r "$T/fifo"

# --- a capacity past 64 bits is refused, never read as a drive of 0 B that passes ---
sed 's/^User Capacity:.*/User Capacity:    99,999,999,999,999,999,999 bytes [99.9 ZB]/' "$PM883" >"$T/cap-wrap.txt"
$DC import --json "$T/cap-wrap.txt" >"$T/j" 2>"$T/e"; rc=$?
check "User Capacity past 64 bits: refused (exit 3), said why" \
	"[ $rc -eq 3 ] && grep -q \"^drivecheck import: $T/cap-wrap.txt: User Capacity: '99,999,999,999,999,999,999 bytes \\[99.9 ZB\\]' is more bytes than 64 bits hold\$\" $T/e"
check "User Capacity past 64 bits: an error result, no verdict" "[ -s $T/j ] && jq -e '(.devices | length == 1) and (.devices[0].verdicts == null) and (.devices[0].errors[0] | test(\"more bytes than 64 bits\"))' $T/j >/dev/null"
$DC import --gate ceph-osd "$T/cap-wrap.txt" >/dev/null 2>&1; rc=$?
check "User Capacity past 64 bits: --gate ceph-osd could not check (3), never a pass" "[ $rc -eq 3 ]"
jq '.user_capacity.bytes = 1e23' data/import/smartctl-json/exporter-ata-INTEL_SSDSC2KB960G8.json >"$T/cap-wrap.json"
$DC import --gate ceph-osd "$T/cap-wrap.json" >/dev/null 2>"$T/e"; rc=$?
check "smartctl -j user_capacity.bytes past 64 bits: refused (3)" "[ $rc -eq 3 ] && grep -q 'user_capacity.bytes' $T/e"

# --- fio: a block size past 64 bits is refused, never wrapped to 4 KiB ---
# 18014398509481988k is 2^64 + 4096 bytes: n * 1024 in 64 bits is 4096
jq '.jobs[0]["job options"].bs = "18014398509481988k"' data/import/fio/sync.json >"$T/fio-wrap.json"
$DC import --json "$T/fio-wrap.json" >"$T/j" 2>"$T/e"; rc=$?
check "fio bs=18014398509481988k: refused (exit 3), said why" \
	"[ $rc -eq 3 ] && grep -q 'bs=18014398509481988k: 18014398509481988 KiB is more bytes than 64 bits hold' $T/e"
check "fio bs=18014398509481988k: no probe result taken" "jq -e '[.devices[] | select(.probe.mode != null)] | length == 0' $T/j >/dev/null"

# --- a folder of reports with a README and a checksum list: exit 0, the two skipped ---
mkdir -p "$T/inv"
cp "$PM883" "$T/inv/sda.txt"; cp "$EVO" "$T/inv/sdb.txt"
printf 'Reports of the rack 12 hosts, taken 2024-05-01.\n' >"$T/inv/README"
(cd "$T/inv" && sha256sum sda.txt sdb.txt >SHA256SUMS)
$DC import --json "$T/inv" >"$T/j" 2>"$T/e"; rc=$?
check "README and SHA256SUMS in a folder: exit 0" "[ $rc -eq 0 ]"
check "README and SHA256SUMS: two drives, no error results" "jq -e '(.devices | length == 2) and ([.devices[] | select(.verdicts)] | length == 2)' $T/j >/dev/null"
check "README and SHA256SUMS: summary.files_skipped 2, unreadable 0" "jq -e '.summary.files_skipped == 2 and .summary.unreadable == 0' $T/j >/dev/null"
check "README and SHA256SUMS: one stderr line each" "[ \"\$(wc -l <$T/e)\" = 2 ] && grep -q 'skipped $T/inv/README: ' $T/e && grep -q 'skipped $T/inv/SHA256SUMS: ' $T/e"
$DC import --gate ceph-osd "$T/inv" >/dev/null 2>&1; rc=$?
check "a skipped file does not change the gate's exit (the 860 EVO warns: 1, not 3)" "[ $rc -eq 1 ]"
$DC import --json "$T/inv/README" >"$T/j" 2>"$T/e"; rc=$?
check "a file named that is not a report: exit 3, an error as before" "[ $rc -eq 3 ] && grep -q 'README: not a smartctl' $T/e && jq -e '.summary.unreadable == 1 and .summary.files_skipped == 0' $T/j >/dev/null"
ln -s ../inv/README "$T/inv/readme-link"
$DC import --json "$T/inv" >/dev/null 2>"$T/e"; rc=$?
check "a symbolic link in a folder stays an error (exit 3)" "[ $rc -eq 3 ] && grep -q 'readme-link: a symbolic link' $T/e"
rm "$T/inv/readme-link"
printf '{"json_format_version": [1, 0], "smartctl": {"version": [7, 3]}, "device": {"protocol": "ATA"}, "model_name": 5}\n' >"$T/inv/ill-typed.json"
$DC import --json "$T/inv" >/dev/null 2>"$T/e"; rc=$?
check "an ill-typed smartctl -j in a folder stays an error (exit 3)" "[ $rc -eq 3 ] && grep -q 'ill-typed.json: model_name: want a string, not a number' $T/e"
rm "$T/inv/ill-typed.json"
head -c 30 data/e2e/ref/DCE2E-NVME-WB-FAST/id-ctrl.json >"$T/inv/cut-id-ctrl.json"
$DC import --json "$T/inv" >/dev/null 2>"$T/e"; rc=$?
check "JSON cut short before the keys that tell its format, in a folder: an error (exit 3)" "[ $rc -eq 3 ] && grep -q 'cut-id-ctrl.json: JSON cut short or broken' $T/e"
rm "$T/inv/cut-id-ctrl.json"
printf '{"name": "some-tool", "version": "1.0.0"}\n' >"$T/inv/package.json"
$DC import --json "$T/inv" >"$T/j" 2>"$T/e"; rc=$?
check "whole JSON of another tool in a folder: skipped" "[ $rc -eq 0 ] && grep -q 'skipped $T/inv/package.json: not a report of any known format' $T/e"
rm "$T/inv/package.json"
$DC import "$T/nonexistent" >/dev/null 2>"$T/e"; rc=$?
check "missing path: exit 3 and a message" "[ $rc -eq 3 ] && grep -q 'nonexistent: cannot open' $T/e"
chmod 000 "$T/mixed/good.txt"
if [ "$(id -u)" -ne 0 ]; then
	$DC import "$T/mixed/good.txt" >/dev/null 2>"$T/e"
	check "unreadable file: permission denied" "grep -q 'Permission denied' $T/e"
else
	setpriv --reuid=65534 --regid=65534 --clear-groups $DC import "$T/mixed/good.txt" >/dev/null 2>"$T/e"
	check "unreadable file: permission denied (as nobody)" "grep -q 'Permission denied' $T/e"
fi
chmod 644 "$T/mixed/good.txt"

# --- one drive's files join by serial; reports with masked serials stay apart ---
mkdir -p "$T/join/a" "$T/join/b"
sed 's/^Serial Number:.*/Serial Number:    S4ABCD0001/' "$PM883" >"$T/join/a/x.txt"
sed 's/^Serial Number:.*/Serial Number:    S4ABCD0001/' "$PM883" >"$T/join/b/y.txt"
cp "$PM883" "$T/join/a/z.txt"; cp "$PM883" "$T/join/b/w.txt"    # serial "--"
$DC import --json "$T/join" >"$T/j" 2>/dev/null
check "same serial joins, masked serials do not" "jq -e '.devices | length == 3' $T/j >/dev/null"
mkdir -p "$T/join2"
sed 's/^Serial Number:.*/Serial Number:    REDACTED/' "$PM883" >"$T/join2/a.txt"
sed 's/^Serial Number:.*/Serial Number:    REDACTED/' "$PM883" >"$T/join2/b.txt"
sed 's/^Serial Number:.*/Serial Number:    S4ABCD0002/' "$PM883" >"$T/join2/c.txt"
sed 's/^Serial Number:.*/Serial Number:    S4ABCD0002/' "$EVO" >"$T/join2/d.txt"
$DC import --json "$T/join2" >"$T/j" 2>/dev/null
check "REDACTED joins nothing; one serial under two models is two drives" "jq -e '.devices | length == 4' $T/j >/dev/null"

# --- a fact given twice with two values is a conflict: said, with both, never silent ---
# Two reports of one drive (the Crucial MX200 of data/import/linuxhw, serial set so they
# join), the second with another firmware and more power-on hours (in attribute 9 and in
# the Device Statistics log, where they are read first).
mkdir -p "$T/conf/a" "$T/conf/b"
sed 's/^Serial Number:.*/Serial Number:    15021234ABCD/' "$M2" >"$T/conf/a/sda.txt"
sed 's/^Serial Number:.*/Serial Number:    15021234ABCD/; s/^Firmware Version:.*/Firmware Version: MU05/; s/^\(  9 Power_On_Hours .* \)[0-9][0-9]*$/\177777/; s/^\(0x01  0x010  4 *\)[0-9][0-9]*\(  ---  Power-on Hours\)$/\177777\2/' "$M2" >"$T/conf/b/sda.txt"
$DC import --json "$T/conf" >"$T/j" 2>/dev/null
fw=$(grep '^Firmware Version' "$M2" | sed 's/.*: *//')
check "two files of one drive with two firmwares: one drive, a conflict naming both values and files" "jq -e '(.devices | length == 1) and ([.devices[0].errors[] | select(test(\"^import: conflict: firmware $fw [(][^)]*conf/a/sda.txt[)] vs MU05 [(][^)]*conf/b/sda.txt[)]; the first is read$\"))] | length == 1)' $T/j >/dev/null"
check "... and the power-on hours, attribute 9 too" "jq -e '([.devices[0].errors[] | select(test(\"conflict: power-on hours [0-9]+ .* vs 77777 \"))] | length == 1) and ([.devices[0].errors[] | select(test(\"conflict: attribute 9 value/worst/raw [0-9]+/[0-9]+/[0-9]+ .* vs [0-9]+/[0-9]+/77777 \"))] | length == 1)' $T/j >/dev/null"
check "... the first is what is read" "jq -e '.devices[0].firmware == \"$fw\"' $T/j >/dev/null"
cp "$T/conf/a/sda.txt" "$T/conf/b/sda.txt"
$DC import --json "$T/conf" >"$T/j" 2>/dev/null
check "the same report twice: no conflict" "jq -e '(.devices | length == 1) and ([.devices[0].errors[] | select(test(\"conflict\"))] | length == 0)' $T/j >/dev/null"
# -a beside -x of one drive: -a prints no write cache; silence is no conflict
grep -v '^Write cache is' "$T/conf/a/sda.txt" >"$T/conf/b/sda.txt"
$DC import --json "$T/conf" >"$T/j" 2>/dev/null
check "-a beside -x of one drive: no conflict" "jq -e '[.devices[0].errors[] | select(test(\"conflict\"))] | length == 0' $T/j >/dev/null"
# the QEMU lab's nvme-cli outputs of one drive: no two state one fact differently
for d in data/e2e/ref/DCE2E-NVME-*/; do
	mkdir -p "$T/lab/$(basename $d)"; cp $d/id-ctrl.json $d/id-ns.json $d/smart-log.json $d/feature-6.txt "$T/lab/$(basename $d)/"
done
$DC import --json "$T/lab" >"$T/j" 2>/dev/null
check "the lab's nvme-cli outputs: no conflict" "jq -e '([.devices[] | select(.verdicts)] | length >= 3) and ([.devices[].errors[] | select(test(\"conflict\"))] | length == 0)' $T/j >/dev/null"
# one report that gives a label twice (two drives' lines pasted into one)
awk -v m="$(grep '^Device Model' "$M1")" -v c="$(grep '^User Capacity' "$M1")" '{ print } /^User Capacity/ { print m; print c }' "$M2" >"$T/twice.txt"
$DC import --json "$T/twice.txt" >"$T/j" 2>/dev/null
check "one report with Device Model twice: the first read, both said with their lines" "jq -e '(.devices[0].model == \"Crucial_CT250MX200SSD1\") and ([.devices[0].errors[] | select(test(\"conflict: Device Model: .Crucial_CT250MX200SSD1. [(]line [0-9]+[)], .XA1920LE10063. [(]line [0-9]+[)]\"))] | length == 1)' $T/j >/dev/null"
check "... and User Capacity: the first size" "jq -e '(.devices[0].capacity_bytes == 250059350016) and ([.devices[0].errors[] | select(test(\"conflict: User Capacity: .250,059,350,016 bytes. .*1,920,383,410,176 bytes\"))] | length == 1)' $T/j >/dev/null"
# one smartctl -j document that gives a key twice
sed 's/"firmware_version": "\([^"]*\)",/"firmware_version": "\1", "firmware_version": "XCV10140",/' "$J/exporter-ata-INTEL_SSDSC2KB960G8.json" >"$T/dup.json"
$DC import --json "$T/dup.json" >"$T/j" 2>/dev/null
check "one -j document with a key twice: a conflict, both values" "jq -e '[.devices[0].errors[] | select(test(\"conflict: firmware_version given twice, .REDACTED. and .XCV10140.; the first is read\"))] | length == 1' $T/j >/dev/null"

# --- the summary over a folder of real reports ---
$DC import --json $R >"$T/j" 2>/dev/null; rc=$?
n=$(find $R -type f | wc -l)
check "linuxhw sample: one result per file" "jq -e --argjson n $n '.devices | length == \$n' $T/j >/dev/null"
check "linuxhw sample: role counts add up" "jq -e '.summary as \$s | [\$s.roles[] | .pass + .warn + .fail + .[\"not-checked\"]] | all(. == \$s.drives)' $T/j >/dev/null"
check "linuxhw sample: unknown families listed" "jq -e '.summary.not_in_database.models + .summary.class_unknown.families > 0' $T/j >/dev/null"
check "linuxhw sample: exit code as a scan (no gate: 0)" "[ $rc -eq 0 ]"
$DC import --prometheus $R >"$T/p" 2>/dev/null
check "linuxhw sample: prometheus output" "grep -q '^drivecheck' $T/p"
# an imported report is no node of /dev: its device label is the file it came from, and
# each report of a file of several its own (FILE#N)
$DC import --prometheus "$PM883" >"$T/p" 2>/dev/null
check "prometheus: an imported report's device is its file" "grep -q '^drivecheck_drive_info{device=\"$PM883\",' $T/p"
cat "$M1" "$M2" >"$T/two.txt"
$DC import --prometheus "$T/two.txt" >"$T/p" 2>/dev/null
check "prometheus: two reports of one file, two devices FILE#1 and FILE#2" \
	"[ \"\$(sed -n 's/^drivecheck_drive_info{device=\"\([^\"]*\)\".*/\1/p' $T/p | tr '\n' ' ')\" = '$T/two.txt#1 $T/two.txt#2 ' ]"

echo "tests/import/run.sh: $pass passed, $fail failed"
python3 tests/import/check_reports.py "$DC" $R || fail=$((fail + 1))
python3 tests/import/check_lab.py "$DC" || fail=$((fail + 1))
[ $fail -eq 0 ]
