#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t8_readers.sh - a reader that opens the device during a raw probe does not stop it
# (docs/probe.md, "Other writers"): blockdev, smartctl, hdparm, a one-block dd and blkid,
# what smartd, Ceph's devicehealth, an exporter and udev run, each opens the device
# read-only again and again while the probe runs; the probe completes with its figures
# and no byte of the device changes.
. "$(dirname "$0")/lib.sh"
dc_init
for c in strace blockdev smartctl hdparm blkid; do
	command -v "$c" >/dev/null || { dc_log "missing $c (make test-deps)"; exit 77; }
done

S=$DC_SCRATCH
MIB=64

# reader NAME CMD...: probe a fresh loop device for up to 3 s; from the time the probe
# guards it until it ends, run CMD (DEV in it replaced by the device) again and again
# under strace; then the checks.
reader() {
	local name=$1 f=$S/$1.img dev before probe runs=0 opens i
	local -a cmd
	shift
	dc_backing "$f" "$MIB" random
	before=$(dc_sha "$f")
	dc_loop "$f"
	dev=$DC_LOOP
	for i in "$@"; do cmd+=("${i//DEV/$dev}"); done
	dc_probe_argv "$dev" 3
	"${DC_ARGV[@]}" >"$S/$name.json" 2>"$S/$name.err" &
	probe=$!
	DC_PIDS+=("$probe")
	# the guard's inotify descriptor: the probe has the device, found nobody else on it
	# (a reader then would be waited for, and refused if it stayed) and is guarding it
	for _ in $(seq 250); do
		ls -l "/proc/$probe/fd" 2>/dev/null | grep -qF "inotify" && break
		sleep 0.02
	done
	: >"$S/$name.strace"
	while kill -0 "$probe" 2>/dev/null; do
		strace -f -qq -e trace=open,openat -A -o "$S/$name.strace" "${cmd[@]}" \
			>/dev/null 2>&1
		# counted only when the probe was still running after the reader was done
		kill -0 "$probe" 2>/dev/null && runs=$((runs + 1))
	done
	wait "$probe"
	opens=$(grep -cE "open(at)?\(.*\"$dev\", O_RDONLY[^)]*\) = [0-9]+" "$S/$name.strace")
	if [ "$runs" -ge 3 ] && [ "$opens" -ge 3 ]; then
		dc_pass "$name: opened $dev read-only $opens times while the probe ran"
	else
		dc_fail "$name: ran $runs times during the probe, opened $dev read-only $opens times" \
			"$(head -c 300 "$S/$name.strace")"
	fi
	DC_OUT=$S/$name.flat
	dc_flatten "$S/$name.json" >"$DC_OUT"
	dc_expect_ran "$name: the probe ran to its end" raw
	dc_expect_eq "$name: no reason to stop" "$(dc_get skipped)" ""
	losetup -d "$dev"
	dc_expect_eq "$name: backing file unchanged" "$(dc_sha "$f")" "$before"
}

reader blockdev blockdev --getsize64 DEV
# -d scsi: smartctl opens the device and sends INQUIRY, as it does to a disk; a loop
# device refuses the command, which does not matter here
reader smartctl smartctl -d scsi -i DEV
reader hdparm hdparm -W DEV
reader dd dd if=DEV of=/dev/null bs=4096 count=1 status=none
reader blkid blkid -p DEV

dc_summary
