# SPDX-License-Identifier: GPL-2.0-or-later
# disks.sh - sourced by the guest scripts (the lab's tests.sh, bench/scan/guest.sh):
# finding the emulated disks, which change names between boots, by serial.

# The drive's serial as the kernel knows it: NVMe controllers have device/serial; SCSI
# and ATA disks (libata emulates VPD 0x80) have device/vpd_pg80 (4 header bytes).
serial_of() {
	if [ -r "/sys/block/$1/device/serial" ]; then
		tr -d ' \n' <"/sys/block/$1/device/serial"
	elif [ -r "/sys/block/$1/device/vpd_pg80" ]; then
		tail -c +5 "/sys/block/$1/device/vpd_pg80" | tr -d ' \n\000'
	fi
}

# How many sd* and nvme* disks have appeared (multipath paths, hidden, do not count).
count_disks() {
	n=0
	for d in /sys/block/*; do
		[ "$(cat "$d/hidden" 2>/dev/null)" = 1 ] && continue
		case ${d##*/} in sd*|nvme*) [ "$(cat "$d/size")" != 0 ] && n=$((n + 1)) ;; esac
	done
	echo $n
}
