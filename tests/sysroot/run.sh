#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/sysroot/run.sh - enumeration and transport as lsblk decides them, on a fake sysfs
# tree made here (--sysroot, which also turns all device I/O off): which disks --all
# lists, their transport, sizes, caches, partitions, holders and mounts.
set -u
BUILD=${BUILD:-build}
DC=$BUILD/drivecheck
R=$(mktemp -d)
trap 'rm -rf "$R"' EXIT
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1" >&2; fi; }

# disk NAME DEVPATH MAJ:MIN SECTORS: a /sys/block entry whose device link points into DEVPATH
disk() {
	local name=$1 devpath=$2 devt=$3 sectors=$4
	mkdir -p "$R/sys/devices/$devpath" "$R/sys/block/$name/queue" "$R/sys/block/$name/holders"
	ln -s "../../devices/$devpath" "$R/sys/block/$name/device"
	echo "$devt" >"$R/sys/block/$name/dev"
	echo "$sectors" >"$R/sys/block/$name/size"
	echo 0 >"$R/sys/block/$name/ro"
	echo 0 >"$R/sys/block/$name/removable"
	echo 512 >"$R/sys/block/$name/queue/logical_block_size"
	echo 4096 >"$R/sys/block/$name/queue/physical_block_size"
	echo 0 >"$R/sys/block/$name/queue/rotational"
	echo "write back" >"$R/sys/block/$name/queue/write_cache"
	echo 0 >"$R/sys/block/$name/queue/fua"
	mkdir -p "$R/sys/class/block"
	ln -s "../../block/$name" "$R/sys/class/block/$name"
	mkdir -p "$R/sys/dev/block"
	ln -s "../../block/$name" "$R/sys/dev/block/$devt"
}
part() { # DISK PART MAJ:MIN
	mkdir -p "$R/sys/block/$1/$2/holders"
	echo 1 >"$R/sys/block/$1/$2/partition"
	echo "$3" >"$R/sys/block/$1/$2/dev"
	ln -s "../../block/$1/$2" "$R/sys/class/block/$2"
}

disk vda pci0000:00/0000:00:04.0/virtio1 253:0 2097152
echo 1 >"$R/sys/block/vda/queue/rotational"      # virtio's default, not knowledge
echo "VIRTSERIAL" >"$R/sys/block/vda/serial"
echo 0x1af4 >"$R/sys/devices/pci0000:00/0000:00:04.0/virtio1/vendor"
disk sda pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0 8:0 1875385008
echo "INTEL SSDSC2KB96" >"$R/sys/block/sda/device/model"
echo "ATA" >"$R/sys/block/sda/device/vendor"
part sda sda1 8:1
part sda sda2 8:2
mkdir -p "$R/sys/block/sda/sda2/holders/dm-0"
disk sdb pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0/host6/target6:0:0/6:0:0:0 8:16 62521344
disk sdc pci0000:00/0000:03:00.0/host2/port-2:0/end_device-2:0/target2:0:0/2:0:0:0 8:32 3750748848
echo 1 >"$R/sys/block/sdc/queue/rotational"
echo "write through" >"$R/sys/block/sdc/queue/write_cache"
echo "SEAGATE" >"$R/sys/block/sdc/device/vendor"
disk sdd pci0000:00/0000:05:00.0/host3/target3:0:1/3:0:1:0 8:48 1000000
echo "ATA" >"$R/sys/block/sdd/device/vendor"   # SATA behind a SAS HBA: asked over ATA
disk nvme0n1 virtual/nvme-subsystem/nvme-subsys0 259:0 7501476528
mkdir -p "$R/sys/devices/virtual/nvme-subsystem/nvme-subsys0/nvme0"
echo tcp >"$R/sys/devices/virtual/nvme-subsystem/nvme-subsys0/nvme0/transport"
disk nvme0c0n1 virtual/nvme-fabrics/ctl/nvme0 259:1 7501476528
echo 1 >"$R/sys/block/nvme0c0n1/hidden"
disk nvme1n1 pci0000:00/0000:01:00.0/nvme/nvme1 259:2 1875385008
echo pcie >"$R/sys/devices/pci0000:00/0000:01:00.0/nvme/nvme1/transport"
disk loop0 virtual/block/loop0 7:0 131072
mkdir -p "$R/sys/block/loop0/loop"
echo /var/lib/images/osd.img >"$R/sys/block/loop0/loop/backing_file"
disk zram0 virtual/block/zram0 252:0 0
disk zram1 virtual/block/zram1 252:1 2097152
echo "write through" >"$R/sys/block/zram1/queue/write_cache"  # memory: never a hazard
disk ram0 virtual/block/ram0 1:0 131072
disk md0 virtual/block/md0 9:0 3750748848
mkdir -p "$R/sys/block/md0/slaves/sda2" "$R/sys/block/md0/slaves/sdc"
disk dm-0 virtual/block/dm-0 253:1 1000000
mkdir -p "$R/sys/block/dm-0/slaves/sda2"
mkdir -p "$R/proc/self"
cat >"$R/proc/self/mountinfo" <<'MI'
22 1 253:0 / / rw,relatime shared:1 - ext4 /dev/vda rw
30 22 8:1 / /boot\040efi ro,relatime shared:2 - vfat /dev/sda1 rw
31 22 0:25 / /run rw shared:3 - tmpfs tmpfs rw
32 22 8:2 / /var rw,relatime shared:4 - xfs /dev/sda2 rw
33 32 8:2 / /var/lib/imagesx rw,relatime shared:5 - xfs /dev/sda2 rw
MI

# udev's /dev/disk/by-id links (60-persistent-storage.rules), relative as udev makes them
mkdir -p "$R/dev/disk/by-id"
link() { ln -s "../../$2" "$R/dev/disk/by-id/$1"; }
link ata-INTEL_SSDSC2KB960G8_PHYF000101 sda
link ata-INTEL_SSDSC2KB960G8_PHYF000101-part1 sda1
link wwn-0x55cd2e414f000101 sda
link wwn-0x55cd2e414f000101-part2 sda2
link scsi-SATA_INTEL_SSDSC2KB96_PHYF000101 sda
link usb-SanDisk_Cruzer_4C530001-0:0 sdb
link scsi-35000c500a0000001 sdc
link lvm-pv-uuid-Qx1Cc3-aaaa-bbbb sdc
link ata-WDC_WDS100T2B0A_2040AB000001 sdd
link wwn-0x0000000000000000 sdd
link nvme-SAMSUNG_MZQL2960HCJR-00A07_S64FNE0R000001 nvme0n1
link nvme-SAMSUNG_MZQL2960HCJR-00A07_S64FNE0R000001_1 nvme0n1
link nvme-INTEL_SSDPE2KX020T8_PHLJ000102_1 nvme1n1
link nvme-eui.01000000000000005cd2e4a1b2c3d4e5 nvme1n1
link virtio-VIRTSERIAL vda
link dm-name-vg-lv dm-0
$DC --sysroot "$R" --all --json >"$R/out.json" 2>"$R/err"; rc=$?
j() { jq -r "$1" "$R/out.json"; }
# each disk's most stable link (docs/ceph.md): the WWN over the model and serial; an NVMe
# namespace's EUI over udev's name, and the name with the namespace id over the one
# without; never a partition's link, a USB one, an LVM PV's, nor a WWN of zeros
check "by_id: each disk's most stable /dev/disk/by-id link" \
	"[ \"\$(j '[.devices[] | \"\\(.name)=\\(.by_id)\"] | join(\" \")')\" = 'nvme0n1=/dev/disk/by-id/nvme-SAMSUNG_MZQL2960HCJR-00A07_S64FNE0R000001_1 nvme1n1=/dev/disk/by-id/nvme-eui.01000000000000005cd2e4a1b2c3d4e5 sda=/dev/disk/by-id/wwn-0x55cd2e414f000101 sdb=null sdc=/dev/disk/by-id/scsi-35000c500a0000001 sdd=/dev/disk/by-id/ata-WDC_WDS100T2B0A_2040AB000001 vda=/dev/disk/by-id/virtio-VIRTSERIAL' ]"
check "--all exits 3 (NVMe/ATA devices of a fake tree cannot be asked)" "[ $rc -eq 3 ]"
check "--all lists the whole disks, not loop, zram or hidden paths" \
	"[ \"\$(j '[.devices[].name] | join(\" \")')\" = 'nvme0n1 nvme1n1 sda sdb sdc sdd vda' ]"
check "virtio" "[ \"\$(j '.devices[] | select(.name==\"vda\") | .transport')\" = virtio ]"
check "sata" "[ \"\$(j '.devices[] | select(.name==\"sda\") | .transport')\" = sata ]"
check "sata asked over ata" "[ \"\$(j '.devices[] | select(.name==\"sda\") | .protocol')\" = ata ]"
check "usb" "[ \"\$(j '.devices[] | select(.name==\"sdb\") | .transport')\" = usb ]"
check "sas" "[ \"\$(j '.devices[] | select(.name==\"sdc\") | .transport')\" = sas ]"
check "SATA behind an HBA is asked over ATA" "[ \"\$(j '.devices[] | select(.name==\"sdd\") | .protocol')\" = ata ]"
check "NVMe over TCP, transport read from the multipath head's controller" \
	"[ \"\$(j '.devices[] | select(.name==\"nvme0n1\") | .transport')\" = tcp ]"
check "NVMe over PCIe is nvme" "[ \"\$(j '.devices[] | select(.name==\"nvme1n1\") | .transport')\" = nvme ]"
check "capacity from 512-byte sectors" "[ \"\$(j '.devices[] | select(.name==\"vda\") | .capacity_bytes')\" = 1073741824 ]"
check "virtio's rotational flag is not taken at its word" "[ \"\$(j '.devices[] | select(.name==\"vda\") | .rotational')\" = null ]"
check "a SAS disk's rotational flag is" "[ \"\$(j '.devices[] | select(.name==\"sdc\") | .rotational')\" = true ]"
check "virtio's PCI vendor id is not a vendor" "[ \"\$(j '.devices[] | select(.name==\"vda\") | .vendor')\" = null ]"
check "serial from sysfs" "[ \"\$(j '.devices[] | select(.name==\"vda\") | .serial')\" = VIRTSERIAL ]"
check "kernel write cache" "[ \"\$(j '.devices[] | select(.name==\"sdc\") | .write_cache.kernel')\" = 'write through' ]"
check "partitions" "[ \"\$(j '.devices[] | select(.name==\"sda\") | .partitions | join(\",\")')\" = 'sda1,sda2' ]"
check "holders of partitions count" "[ \"\$(j '.devices[] | select(.name==\"sda\") | .holders')\" = 1 ]"
check "mount of a partition, escaped path decoded, read-only" \
	"[ \"\$(j '.devices[] | select(.name==\"sda\") | .mounts[0] | \"\\(.target) \\(.readonly)\"')\" = '/boot efi true' ]"
check "mount of the whole disk" "[ \"\$(j '.devices[] | select(.name==\"vda\") | .mounts[0].target')\" = / ]"
check "no device I/O under --sysroot" "[ \"\$(j '[.devices[].probe.skipped] | unique | join(\",\")')\" = '--sysroot: no device I/O' ]"
check "a model string from sysfs is looked up" "[ \"\$(j '.devices[] | select(.name==\"sda\") | .identity_source')\" = sysfs ]"
# named devices: a loop is listed when named, a partition is refused with a hint
$DC --sysroot "$R" --json loop0 >"$R/out.json" 2>/dev/null
check "a named loop device is inspected" "[ \"\$(j '.devices[0].transport')\" = loop ]"
check "a loop device shows its backing file and the filesystem and device it lives on" \
	"[ \"\$(j '.devices[0].backing | \"\(.file) \(.fstype) \(.source) \(.mount)\"')\" = '/var/lib/images/osd.img xfs /dev/sda2 /var' ]"
$DC --sysroot "$R" loop0 >"$R/out.txt" 2>/dev/null
check "... and the table says so" "grep -q 'loop device of /var/lib/images/osd.img on xfs /dev/sda2 at /var' $R/out.txt"
# a partition named by its node: refused, naming its whole disk, never "Is a directory" (the
# code that says "a partition" is no errno to put in words)
ln -s ../../block/sda/sda1 "$R/sys/dev/block/8:1"
mknod "$R/node-sda1" b 8 1
$DC --sysroot "$R" --json "$R/node-sda1" >"$R/out.json" 2>"$R/err"; rc=$?
check "a partition named: exit 3, refused naming its disk" \
	"[ $rc -eq 3 ] && [ \"\$(j '.devices[0].errors[0]')\" = '$R/node-sda1: a partition; name the whole disk (/dev/sda)' ]"
check "a partition named: no errno's words" "! grep -q 'Is a directory' $R/out.json $R/err"
rm "$R/node-sda1" "$R/sys/dev/block/8:1"
# memory is not a drive: no hazard, no verdict for drive roles, said as such
$DC --sysroot "$R" --json zram1 ram0 >"$R/out.json" 2>/dev/null
check "zram and brd are memory" "[ \"\$(j '[.devices[].transport] | join(\",\")')\" = 'memory,memory' ]"
check "memory: every role not checked, said why" \
	"jq -e '[.devices[].verdicts[] | .status == \"not-checked\" and (.reasons[0] | test(\"is memory\"))] | all' $R/out.json >/dev/null"
check "memory in 'write through' is never the hazard" \
	"jq -e '[.devices[].verdicts[].reasons[] | test(\"HAZARD\")] | any | not' $R/out.json >/dev/null"
$DC --sysroot "$R" --gate ceph-osd zram1 >/dev/null 2>&1; rc=$?
check "--gate on memory: not checked (exit 3), never a pass" "[ $rc -eq 3 ]"
# A drive of a fake tree, its model a full-PLP family of the database: no page is read, no
# probe runs, so nothing is measured and no role passes (docs/design.md), and no flush is
# advised off
echo "SAMSUNG MZQL21T9HCJR-00A07" >"$R/sys/devices/pci0000:00/0000:01:00.0/nvme/nvme1/model"
$DC --sysroot "$R" --gate ceph-osd nvme1n1 >"$R/gate.txt" 2>/dev/null; rc=$?
check "--sysroot, a full-PLP model with nothing read: --gate ceph-osd warns (exit 1)" \
	"[ $rc -eq 1 ] && grep -q 'ceph-osd: warn: ' $R/gate.txt"
check "... the gate names what was not measured or read" \
	"grep -q 'WARN flush cost not measured: run the probe, or import a fio run of this drive' $R/gate.txt && grep -q 'WARN health not read' $R/gate.txt"
$DC --sysroot "$R" --json nvme1n1 >"$R/out.json" 2>/dev/null
check "... no role passes, each says flush cost and health are unmeasured" \
	"jq -e '[.devices[0].verdicts[] | .status != \"pass\" and .unmeasured == [\"flush-cost\", \"health\"]] | all' $R/out.json >/dev/null"
check "... and DRBD's flushes are not advised off" \
	"jq -e '[.devices[0].advice[] | test(\"disk-flushes no\")] | any | not' $R/out.json >/dev/null"
# md and dm volumes show their members
$DC --sysroot "$R" --json md0 dm-0 >"$R/out.json" 2>/dev/null
check "md and dm volumes: transport and members" \
	"[ \"\$(j '[.devices[] | \"\(.transport):\(.members | join(\"+\"))\"] | join(\" \")')\" = 'md:sda2+sdc dm:sda2' ]"
$DC --sysroot "$R" md0 >"$R/out.txt" 2>/dev/null
check "... and the table names them" "grep -q 'md volume of sda2, sdc' $R/out.txt"
$DC --sysroot "$R" --json nosuchdisk >"$R/out.json" 2>/dev/null; rc=$?
check "an unknown name exits 3" "[ $rc -eq 3 ]"

# A JBOD: 300 SAS drives behind one expander, more than any fixed table held (--all and
# device lists stopped at 256 without a word). The tree is made here, in its own root.
TOP=$R
# a tmpfs where there is one: some 6,000 files, ten times faster than on a disk
R=$(mktemp -d -p /dev/shm 2>/dev/null || mktemp -d)
trap 'rm -rf "$TOP" "$R"' EXIT
# what disk() makes, 300 times over, in one process (a fork per file takes half a minute)
python3 - "$R" <<'PY'
import os, string, sys
root, L = sys.argv[1], string.ascii_lowercase
def put(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text + "\n")
for i in range(300):
    n, devt = "sd" + L[i // 26] + L[i % 26], "%d:%d" % (65 + i // 16, i % 16 * 16)
    devpath = ("pci0000:00/0000:04:00.0/host7/port-7:0/expander-7:0/port-7:0:%d/"
               "end_device-7:0:%d/target7:0:%d/7:0:%d:0" % (i, i, i, i))
    b = "%s/sys/block/%s" % (root, n)
    os.makedirs("%s/sys/devices/%s" % (root, devpath))
    os.makedirs(b + "/holders")
    os.symlink("../../devices/" + devpath, b + "/device")
    for rel, text in (("dev", devt), ("size", "23437770752"), ("ro", "0"), ("removable", "0"),
                      ("queue/logical_block_size", "512"), ("queue/physical_block_size", "4096"),
                      ("queue/rotational", "1"), ("queue/write_cache", "write back"),
                      ("queue/fua", "1"), ("device/vendor", "SEAGATE"),
                      ("device/model", "ST12000NM0027")):
        put(b + "/" + rel, text)
    for d in ("class/block", "dev/block"):
        os.makedirs("%s/sys/%s" % (root, d), exist_ok=True)
    os.symlink("../../block/" + n, "%s/sys/class/block/%s" % (root, n))
    os.symlink("../../block/" + n, "%s/sys/dev/block/%s" % (root, devt))
PY
names=()
letters=({a..z})
for i in $(seq 0 299); do names+=("sd${letters[i / 26]}${letters[i % 26]}"); done
mkdir -p "$R/proc/self"
# a mount point longer than drivecheck keeps (127 characters): kept visibly cut, never as a
# shorter path that might be another directory
long=/srv/$(printf 'x%.0s' $(seq 1 200))
echo "40 22 65:0 / $long rw,relatime shared:9 - xfs /dev/sdaa rw" >"$R/proc/self/mountinfo"
$DC --sysroot "$R" --all --json >"$R/out.json" 2>"$R/err"; rc=$?
check "JBOD --all: exit 3 (the SAS drives of a fake tree are never asked)" "[ $rc -eq 3 ]"
check "JBOD --all: all 300 drives, none twice" \
	"[ \"\$(jq '[.devices[].name] | unique | length' $R/out.json)\" = 300 ] && [ \"\$(jq '.devices | length' $R/out.json)\" = 300 ]"
check "JBOD --all: the first and the last, in order" \
	"[ \"\$(jq -r '.devices[0].name + \" \" + .devices[299].name' $R/out.json)\" = 'sdaa sdln' ]"
check "JBOD --all: every one a SAS drive" "jq -e '[.devices[] | .transport == \"sas\"] | all' $R/out.json >/dev/null"
check "a mount point of 205 characters: cut to 127, and ending in '...'" \
	"jq -e '.devices[0].mounts[0].target | (length == 127) and endswith(\"xxx...\") and startswith(\"/srv/xxx\")' $R/out.json >/dev/null"
$DC --sysroot "$R" --json "${names[@]}" >"$R/out.json" 2>/dev/null
check "JBOD, the 300 named: all 300, in the order given" \
	"[ \"\$(jq '.devices | length' $R/out.json)\" = 300 ] && [ \"\$(jq -r '.devices[299].path' $R/out.json)\" = /dev/sdln ]"
$DC --sysroot "$R" --all >"$R/out.txt" 2>/dev/null
check "JBOD table: a row for each of the 300" "[ \$(grep -c '^/dev/sd' $R/out.txt) -eq 300 ]"
rm -rf "$R"
R=$TOP

echo "tests/sysroot: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
