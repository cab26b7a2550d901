#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# mkinitramfs.sh - the e2e lab's guest: busybox, the storage modules of the Debian kernel,
# drivecheck with every library ldd lists, and an init that runs tests/e2e/guest/tests.sh.
#
# Usage: mkinitramfs.sh -o OUT.cpio [-b DRIVECHECK] [-k KERNEL_VERSION]
# The archive is left uncompressed on purpose: under TCG the guest would spend a second
# or more in gunzip, and QEMU loads an 8 MB initrd in no time.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
out='' bin='' kver=''
while getopts o:b:k: opt; do
	case $opt in
	o) out=$OPTARG ;;
	b) bin=$OPTARG ;;
	k) kver=$OPTARG ;;
	*) echo "usage: $0 -o OUT.cpio [-b DRIVECHECK] [-k KERNEL_VERSION]" >&2; exit 4 ;;
	esac
done
[ -n "$out" ] || { echo "$0: -o OUT is required" >&2; exit 4; }
[ -n "$bin" ] || bin=$here/../../build/drivecheck
if [ -z "$kver" ]; then
	# The newest Debian kernel that has both an image and its modules.
	for v in $(ls /lib/modules 2>/dev/null | sort -V -r); do
		if [ -e "/boot/vmlinuz-$v" ]; then kver=$v; break; fi
	done
fi
die() { echo "mkinitramfs: $*" >&2; exit 1; }
[ -n "$kver" ] || die "no kernel with modules under /lib/modules and an image in /boot (apt-get install linux-image-amd64)"
[ -d "/lib/modules/$kver" ] || die "no modules for $kver under /lib/modules"
[ -x "$bin" ] || die "no drivecheck binary at $bin (run make)"
busybox=
for b in /bin/busybox /usr/bin/busybox; do
	# ldd says "not a dynamic executable" of a static binary.
	if [ -x "$b" ] && ! ldd "$b" >/dev/null 2>&1; then busybox=$b; break; fi
done
[ -n "$busybox" ] || die "no statically linked busybox (apt-get install busybox-static)"
command -v cpio >/dev/null || die "cpio is missing"
command -v modprobe >/dev/null || die "modprobe (kmod) is missing"

root=$(mktemp -d "${TMPDIR:-/tmp}/dc-initramfs.XXXXXX")
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/bin" "$root/sbin" "$root/proc" "$root/sys" "$root/dev" "$root/tmp" \
	 "$root/run" "$root/mnt" "$root/modules" "$root/e2e" "$root/etc"
cp "$busybox" "$root/bin/busybox"
ln -s busybox "$root/bin/sh"

# Modules, in the order modprobe would load them; each file once.
# nvmet* and nvme-tcp give an NVMe/TCP drive whose model string we choose; virtio_console
# carries the results out; the rest are the storage stacks under test.
# dm_mod: a device-mapper target on a disk is a holder the probe must refuse.
mods="virtio_pci virtio_console virtio_scsi sym53c8xx ahci sd_mod sg nvme configfs nvmet nvmet_tcp nvme_tcp dm_mod"
: >"$root/modules/order"
for m in $mods; do
	modprobe -S "$kver" --show-depends "$m" >"$root/deps" 2>"$root/deps.err" ||
		die "modprobe -S $kver --show-depends $m: $(cat "$root/deps.err")"
	while read -r verb path _; do
		[ "$verb" = insmod ] || continue   # "builtin X" needs nothing
		base=$(basename "$path")
		case $base in
		*.ko) name=$base ;;
		*.ko.xz) name=${base%.xz} ;;
		*.ko.zst) name=${base%.zst} ;;
		*.ko.gz) name=${base%.gz} ;;
		*) die "unexpected module file $path" ;;
		esac
		[ -e "$root/modules/$name" ] && continue
		# busybox insmod reads plain ELF only: decompress here.
		case $path in
		*.xz) xz -dc "$path" >"$root/modules/$name" ;;
		*.zst) zstd -qdc "$path" >"$root/modules/$name" ;;
		*.gz) gzip -dc "$path" >"$root/modules/$name" ;;
		*) cp "$path" "$root/modules/$name" ;;
		esac
		# Options go on insmod's command line (busybox insmod reads none from the
		# kernel's). sym53c8xx waits 3 s for the SCSI bus to settle after its reset;
		# an emulated bus has nothing to wait for.
		case $name in
		sym53c8xx.ko) opts="settle=0" ;;
		*) opts= ;;
		esac
		echo "$name $opts" >>"$root/modules/order"
	done <"$root/deps"
done
rm -f "$root/deps" "$root/deps.err"

# A program and what the dynamic loader needs for it (the loader itself included).
copy_program() { # source, name in /usr/bin
	cp "$1" "$root/usr/bin/$2"
	ldd "$1" >"$root/ldd" 2>&1 || die "ldd $1 failed: $(cat "$root/ldd")"
	grep -q 'not found' "$root/ldd" && die "ldd $1: $(grep 'not found' "$root/ldd")"
	for lib in $(awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' "$root/ldd"); do
		mkdir -p "$root$(dirname "$lib")"
		[ -e "$root$lib" ] || cp -L "$lib" "$root$lib"
	done
	rm -f "$root/ldd"
}
mkdir -p "$root/usr/bin"
copy_program "$bin" drivecheck
# The reference tools the lab holds drivecheck's answers against (lab.py
# check_reference), and dmsetup for the holder the probe must refuse.
for tool in smartctl nvme sg_inq sg_vpd sdparm dmsetup; do
	path=$(command -v "$tool") ||
		die "no $tool (apt-get install smartmontools nvme-cli sg3-utils sdparm dmsetup)"
	copy_program "$path" "$tool"
done
echo "root:x:0:0:root:/:/bin/sh" >"$root/etc/passwd"

cp "$here/guest/init" "$root/init"
cp "$here/guest/tests.sh" "$root/e2e/tests.sh"
cp "$here/guest/disks.sh" "$root/e2e/disks.sh"
cp "$here/guest/soak.sh" "$root/e2e/soak.sh"
chmod 0755 "$root/init" "$root/e2e/tests.sh"
echo "$kver" >"$root/e2e/kernel"

tmp=$out.tmp.$$
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) >"$tmp"
mv "$tmp" "$out"
