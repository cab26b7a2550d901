#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t2_refusals.sh - raw writes refused on a partitioned, signed, mounted, held or read-only loop device.
. "$(dirname "$0")/lib.sh"
dc_init

T=1
S=$DC_SCRATCH

# Each refusal must also leave the backing file exactly as it was.
unchanged() { # NAME FILE SHA
	dc_expect_eq "$1: backing file unchanged" "$(dc_sha "$2")" "$3"
}

# 1. a partition table the kernel has scanned: sysfs shows partitions
f=$S/parted.img
dc_backing "$f" 64 random
dc_mbr "$f"
sha=$(dc_sha "$f")
dc_loop "$f" --partscan
pdev=$DC_LOOP
p1=/sys/class/block/$(basename "$pdev")/$(basename "$pdev")p1
# A kernel built without partition-table parsers scans nothing: add it with BLKPG.
[ -e "$p1" ] || partx -a "$pdev" 2>/dev/null
udevadm settle 2>/dev/null || true
if [ -e "$p1" ]; then
	dc_probe "$pdev" $T
	dc_expect_refused "partitioned (scanned): refused" 'partition'
	unchanged "partitioned (scanned)" "$f" "$sha"

	# 1b. a mounted filesystem on the partition: file mode there, never raw
	mkfs.ext4 -q -F "${pdev}p1"
	dc_mount "${pdev}p1" "$S/pmnt"
	dc_probe "$pdev" $T
	dc_expect_ran "partition mounted: file mode" file
	dc_expect_eq "partition mounted: where" "$(dc_get where)" "$S/pmnt"
	dc_umount "$S/pmnt"

	# 1c. the table overwritten, the kernel's partition still there: only sysfs knows
	dd if=/dev/urandom of="$pdev" bs=512 count=1 oflag=direct conv=notrunc status=none
	blockdev --flushbufs "$pdev"
	dc_probe "$pdev" $T
	dc_expect_refused "partition without a table on disk: refused from sysfs" 'has [0-9]+ partition'
	losetup -d "$pdev"
	dc_mbr "$f"
	sha=$(dc_sha "$f")
else
	dc_fail "partitioned (scanned): the kernel shows no partition on $pdev"
	losetup -d "$pdev"
	unchanged "partitioned (scanned)" "$f" "$sha"
fi

# 2. the same table, not scanned: only libblkid can see it
dc_loop "$f"
dc_probe "$DC_LOOP" $T
dc_expect_refused "partition table (not scanned): refused by libblkid" 'partition table'
losetup -d "$DC_LOOP"
unchanged "partition table (not scanned)" "$f" "$sha"

# 3. an ext4 signature, not mounted
f=$S/ext4.img
dc_backing "$f" 64 random
mkfs.ext4 -q -F "$f"
sha=$(dc_sha "$f")
dc_loop "$f"
dc_probe "$DC_LOOP" $T
dc_expect_refused "ext4, unmounted: refused" 'ext4'
losetup -d "$DC_LOOP"
unchanged "ext4, unmounted" "$f" "$sha"

# 4. a swap signature (not a filesystem, still someone's)
f=$S/swap.img
dc_backing "$f" 64 random
mkswap -q "$f" >/dev/null 2>&1 || mkswap "$f" >/dev/null
sha=$(dc_sha "$f")
dc_loop "$f"
dc_probe "$DC_LOOP" $T
dc_expect_refused "swap signature: refused" 'swap'
losetup -d "$DC_LOOP"
unchanged "swap signature" "$f" "$sha"

# 5. mounted read-write: raw refused, file mode on the mount instead
f=$S/mnt.img
truncate -s 256M "$f"
mkfs.ext4 -q -F "$f"
dc_loop "$f"
mdev=$DC_LOOP
dc_mount "$mdev" "$S/mnt"
dc_probe "$mdev" $T
dc_expect_ran "mounted rw: file mode, not raw" file
dc_expect_eq "mounted rw: where is the mount point" "$(dc_get where)" "$S/mnt"

# 6. --probe-dir on another filesystem than the device's: refused
mkdir -p "$S/elsewhere"
dc_probe "$mdev" $T "$S/elsewhere"
dc_expect_refused "--probe-dir on another filesystem: refused" 'not on'

# 7. --probe-dir inside the device's filesystem: used
mkdir -p "$S/mnt/sub"
dc_probe "$mdev" $T "$S/mnt/sub"
dc_expect_ran "--probe-dir on the device: file mode" file
dc_expect_eq "--probe-dir on the device: where" "$(dc_get where)" "$S/mnt/sub"

# 8. mounted read-only: neither raw nor file
dc_umount "$S/mnt"
dc_mount "$mdev" "$S/mnt" -o ro
dc_probe "$mdev" $T
dc_expect_refused "mounted ro: refused" 'read-only'
dc_umount "$S/mnt"

# 9. held with O_EXCL by another program (as a mount, RAID or device-mapper would)
f=$S/held.img
dc_backing "$f" 64 random
sha=$(dc_sha "$f")
dc_loop "$f"
hdev=$DC_LOOP
if ! command -v python3 >/dev/null; then
	dc_fail "python3 is needed to hold a device with O_EXCL (make test-deps)"
else
	python3 -c 'import os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_EXCL)
print("held", flush=True)
time.sleep(600)' "$hdev" >"$S/holder.out" &
	DC_PIDS+=($!)
	hpid=$!
	for _ in $(seq 50); do grep -q held "$S/holder.out" && break; sleep 0.1; done
	dc_probe "$hdev" $T
	dc_expect_refused "held O_EXCL by another process: refused" 'in use'
	kill "$hpid"; wait "$hpid" 2>/dev/null
fi

# 10. A holder in sysfs (a device-mapper target on the disk) is refused in the QEMU lab
#     (tests/e2e: lab.py check_held), whose Debian kernel has dm_mod; this host's kernel
#     may have none, and a test that cannot run here must not pass here.
losetup -d "$hdev"
unchanged "held" "$f" "$sha"

# 11. a read-only loop device
f=$S/ro.img
dc_backing "$f" 64 random
sha=$(dc_sha "$f")
dc_loop "$f" -r
dc_probe "$DC_LOOP" $T
dc_expect_refused "read-only loop: refused" 'read-only'
losetup -d "$DC_LOOP"
unchanged "read-only loop" "$f" "$sha"

# 12. control: the same kind of device, wholly unused, is probed raw (so the refusals
#     above are the checks at work, not a probe that never runs)
f=$S/free.img
dc_backing "$f" 64 random
sha=$(dc_sha "$f")
dc_loop "$f"
dc_probe "$DC_LOOP" $T
dc_expect_ran "control, unused loop: raw" raw
losetup -d "$DC_LOOP"
unchanged "control" "$f" "$sha"

dc_summary
