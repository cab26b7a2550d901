#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# guest.sh - runs inside the QEMU guest of bench/scan-vs-smartctl (installed over the e2e
# lab's /e2e/tests.sh): times drivecheck, smartctl and nvme-cli on the emulated drives
# and prints raw lines between markers on the console. It computes nothing: the host does.
#
# Kernel command line: dc.disks=N (disks QEMU attached), dc.reps=N (timed rounds; one
# untimed warm-up round comes first), dc.count=0 (skip the strace run of each tool).
# Drives are found by serial: DCB-NVME, DCB-SATA, DCB-SCSI.
#
# Console lines (space separated; '-' for none):
#   DCB dev TYPE DEV
#   DCB run TYPE DEV TOOL ROUND RC ELAPSED_S USER_S SYS_S MAXRSS_KB
#   DCB cmds TYPE DEV TOOL N_DEVICE_IOCTLS OUTPUT_BYTES
#   DCB note TEXT
# then, after DCB-END, "DCB-FILE NAME" ... "DCB-FILE-END" blocks: what each tool printed
# (out-TYPE-TOOL) and its ioctl trace (strace-TYPE-TOOL), from the counting run.
# TOOL: drivecheck, smartctl, nvme-id-ctrl, nvme-smart-log, nvme-get-feature (the host adds
# the three nvme-cli runs of a round into one). TYPE "start" (DEV "-") is the start-up floor:
# drivecheck --version (which opens its database), smartctl -d test /dev/null (which loads
# drivedb.h, then finds no drive), nvme version (TOOL nvme-cli): no drive is opened.
out=/tmp/bench
mkdir -p $out/files
export PATH=/bin:/sbin:/usr/bin:/usr/sbin

arg() {
	for w in $(cat /proc/cmdline); do
		case $w in "$1="*) echo "${w#*=}"; return ;; esac
	done
}
disks=$(arg dc.disks)
reps=$(arg dc.reps)
count=$(arg dc.count)
: "${disks:=3}" "${reps:=5}" "${count:=1}"

# Keep kernel messages off the console while the results are printed.
echo 1 >/proc/sys/kernel/printk

. /e2e/disks.sh
i=0
while [ "$(count_disks)" -lt "$disks" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done

# "TYPE DEV" per drive, in a fixed order.
: >$out/devs
for want in NVME:nvme SATA:sata SCSI:scsi; do
	for d in /sys/block/*; do
		name=${d##*/}
		case $name in sd*|nvme*) ;; *) continue ;; esac
		if [ "$(serial_of "$name")" = "DCB-${want%%:*}" ]; then
			echo "${want#*:} /dev/$name" >>$out/devs
		fi
	done
done

# timed TYPE DEV TOOL ROUND CMD...: one run under GNU time; appends a "run" line.
timed() {
	t_type=$1 t_dev=$2 t_tool=$3 t_round=$4
	shift 4
	/usr/bin/time -f '%e %U %S %M' -o $out/time "$@" >$out/stdout 2>$out/stderr
	t_rc=$?
	# GNU time writes "Command exited with non-zero status N" first on a failure.
	echo "DCB run $t_type $t_dev $t_tool $t_round $t_rc $(tail -n 1 $out/time)" >>$out/lines
}

# The three tools (nvme-cli is three commands). $1 TYPE, $2 DEV, $3 ROUND.
run_dc() { timed "$1" "$2" drivecheck "$3" drivecheck --no-probe --json "$2"; }
run_sm() { timed "$1" "$2" smartctl "$3" smartctl -x -j "$2"; }
run_nv() {
	timed "$1" "$2" nvme-id-ctrl "$3" nvme id-ctrl -o json "$2"
	timed "$1" "$2" nvme-smart-log "$3" nvme smart-log -o json "$2"
	timed "$1" "$2" nvme-get-feature "$3" nvme get-feature "$2" -f 6
}

: >$out/lines
# The start-up floor: each tool starts and loads its database, and opens no drive.
{ cat $out/devs; echo "start -"; } >$out/devs.start
# Round 0 is a warm-up (the host drops it). Rounds rotate which tool goes first, so a
# drift of the emulator weighs on every tool alike.
r=0
while [ $r -le "$reps" ]; do
	while read -r type dev; do
		if [ "$type" = nvme ]; then
			case $((r % 3)) in
			0) run_dc "$type" "$dev" $r; run_sm "$type" "$dev" $r; run_nv "$type" "$dev" $r ;;
			1) run_sm "$type" "$dev" $r; run_nv "$type" "$dev" $r; run_dc "$type" "$dev" $r ;;
			2) run_nv "$type" "$dev" $r; run_dc "$type" "$dev" $r; run_sm "$type" "$dev" $r ;;
			esac
		elif [ "$type" = start ]; then
			if [ $((r % 2)) = 0 ]; then
				timed start - drivecheck $r drivecheck --version
				timed start - smartctl $r smartctl -d test /dev/null
				timed start - nvme-cli $r nvme version
			else
				timed start - nvme-cli $r nvme version
				timed start - smartctl $r smartctl -d test /dev/null
				timed start - drivecheck $r drivecheck --version
			fi
		elif [ $((r % 2)) = 0 ]; then
			run_dc "$type" "$dev" $r; run_sm "$type" "$dev" $r
		else
			run_sm "$type" "$dev" $r; run_dc "$type" "$dev" $r
		fi
	done <$out/devs.start
	r=$((r + 1))
done

# Once per tool and drive, untimed: how many device commands it sent (SG_IO and NVMe
# passthrough ioctls, counted by strace) and how much it printed.
count_cmds() {
	c_type=$1 c_dev=$2 c_tool=$3
	shift 3
	"$@" >$out/stdout 2>/dev/null
	bytes=$(wc -c <$out/stdout)
	n=-
	if [ -x /usr/bin/strace ]; then
		strace -f -qq -e trace=ioctl -o $out/strace "$@" >/dev/null 2>&1
		n=$(grep -c -E 'SG_IO|NVME_IOCTL_(ADMIN|IO|SUBMIT)|HDIO_DRIVE' $out/strace)
	fi
	echo "DCB cmds $c_type $c_dev $c_tool $n $bytes" >>$out/lines
	cp $out/stdout "$out/files/out-$c_type-$c_tool"
	[ -f $out/strace ] && mv $out/strace "$out/files/strace-$c_type-$c_tool"
}
[ "$count" = 0 ] || while read -r type dev; do
	count_cmds "$type" "$dev" drivecheck drivecheck --no-probe --json "$dev"
	count_cmds "$type" "$dev" smartctl smartctl -x -j "$dev"
	if [ "$type" = nvme ]; then
		count_cmds "$type" "$dev" nvme-id-ctrl nvme id-ctrl -o json "$dev"
		count_cmds "$type" "$dev" nvme-smart-log nvme smart-log -o json "$dev"
		count_cmds "$type" "$dev" nvme-get-feature nvme get-feature "$dev" -f 6
	fi
done <$out/devs

echo "DCB note kernel $(uname -r), $(grep -c ^processor /proc/cpuinfo) vCPU, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | cut -c 2-40)" >>$out/lines

while read -r type dev; do echo "DCB dev $type $dev"; done <$out/devs.start >$out/head
echo "DCB-BEGIN"
cat $out/head $out/lines
echo "DCB-END"
# Each tool's output and ioctl trace, for the host's notes (and --keep).
for f in "$out"/files/*; do
	echo "DCB-FILE ${f##*/}"
	cat "$f"
	echo
	echo "DCB-FILE-END"
done
