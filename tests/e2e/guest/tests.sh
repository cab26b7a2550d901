#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests.sh - runs inside the e2e guest: finds the emulated drives by serial, runs drivecheck
# on them, and sends the raw results (JSON, exit codes, the dump) to the host as a tar
# archive on the virtio-serial port "dc.results". Nothing is judged here: run.sh and
# check.py judge on the host, so a broken guest shows as missing results, not as a pass.
#
# Kernel command line: dc.disks=N (disks QEMU attached), dc.probe=SEC (probe bound per
# drive), dc.tcp_model=MODEL (NVMe/TCP target's model, '~' for spaces; empty: no target),
# dc.soak=N (runs of the soak, guest/soak.sh; 0: none).
out=/tmp/out
mkdir -p $out
log() { echo "dc-e2e: $*"; echo "$*" >>$out/guest.log; }
now() { cut -d' ' -f1 /proc/uptime; }
stamp() { echo "$1 $(now)" >>$out/times; }
stamp tests_start

arg() {
	for w in $(cat /proc/cmdline); do
		case $w in "$1="*) echo "${w#*=}"; return ;; esac
	done
}
disks=$(arg dc.disks)
probe=$(arg dc.probe)
tcp_model=$(arg dc.tcp_model | tr '~' ' ')
: "${disks:=0}" "${probe:=2}"

. /e2e/disks.sh
map_disks() {
	: >$out/disks.txt
	for d in /sys/block/*; do
		name=${d##*/}
		case $name in sd*|nvme*) ;; *) continue ;; esac
		# A multipath path (nvmeXcYnZ) is hidden behind its head nvmeXnZ.
		[ "$(cat "$d/hidden" 2>/dev/null)" = 1 ] && continue
		echo "$(serial_of "$name") $name" >>$out/disks.txt
	done
}
dev_of() { awk -v s="$1" '$1 == s { print "/dev/" $2; exit }' $out/disks.txt; }

# Wait for the disks to settle: as many as QEMU was given (the drivers probe in the
# background after insmod returns).
i=0
while [ "$(count_disks)" -lt "$disks" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
stamp disks_settled
log "$(count_disks) of $disks disks after $((i / 10)) s"

# An NVMe drive with a model of our choice: the kernel's NVMe/TCP target on 127.0.0.1,
# backed by a file on tmpfs (buffered: tmpfs has no O_DIRECT on 6.1).
if [ -n "$tcp_model" ]; then
	(
	set -e
	ip link set lo up
	cfs=/sys/kernel/config/nvmet
	nqn=nqn.2024-01.io.drivecheck:e2e
	truncate -s 64M /tmp/tcp.img
	mkdir $cfs/subsystems/$nqn
	cd $cfs/subsystems/$nqn
	echo 1 >attr_allow_any_host
	printf '%s' "$tcp_model" >attr_model
	echo DCE2E-TCP-PLP >attr_serial
	mkdir namespaces/1
	echo 1 >namespaces/1/buffered_io
	printf '%s' /tmp/tcp.img >namespaces/1/device_path
	echo 1 >namespaces/1/enable
	mkdir $cfs/ports/1
	cd $cfs/ports/1
	echo tcp >addr_trtype
	echo ipv4 >addr_adrfam
	echo 127.0.0.1 >addr_traddr
	echo 4420 >addr_trsvcid
	ln -s $cfs/subsystems/$nqn subsystems/$nqn
	printf 'transport=tcp,traddr=127.0.0.1,trsvcid=4420,nqn=%s' $nqn >/dev/nvme-fabrics
	) >$out/tcp.log 2>&1 || log "NVMe/TCP setup failed: $(cat $out/tcp.log)"
	disks=$((disks + 1))
	i=0
	while [ "$(count_disks)" -lt "$disks" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	stamp tcp_ready
fi
map_disks
cat $out/disks.txt >>$out/guest.log

# The admin's "write through" on a cached drive without PLP: the hazard case.
wt=$(dev_of DCE2E-SATA-CONS-WT)
if [ -n "$wt" ]; then
	echo 'write through' >"/sys/block/${wt#/dev/}/queue/write_cache"
fi

# 1. Every drive, with the probe, and a dump of what each said. The kernel's write-cache
# setting of every disk before and after: drivecheck must leave it as it found it.
kcache() { for q in /sys/block/*/queue/write_cache; do echo "$q $(cat $q)"; done; }
kcache >$out/kcache-before.txt
stamp scan_start
drivecheck --json --all --probe-time "$probe" --dump $out/dump >$out/all.json 2>$out/all.err
echo $? >$out/all.rc
stamp scan_end
kcache >$out/kcache-after.txt

# 2. The gate's exit codes. "name role device extra-args": one line each in gates.txt.
gate() {
	name=$1 role=$2 dev=$3
	shift 3
	[ -n "$dev" ] || dev=/dev/missing-$name
	drivecheck --gate "$role" "$@" "$dev" >"$out/gate-$name.txt" 2>&1
	echo "$name $role $? $dev" >>$out/gates.txt
}
: >$out/gates.txt
stamp gates_start
gate plp-fast-osd ceph-osd "$(dev_of DCE2E-SATA-PLP-FAST)" --no-probe
gate cons-osd ceph-osd "$(dev_of DCE2E-SATA-CONS-FAST)" --no-probe
gate cons-slog zfs-slog "$(dev_of DCE2E-SATA-CONS-FAST)" --no-probe
gate hazard-osd ceph-osd "$(dev_of DCE2E-SATA-CONS-WT)" --no-probe
gate plp-slow-osd ceph-osd "$(dev_of DCE2E-SATA-PLP-SLOW)" --probe-time 1
gate absent-drbd drbd /dev/nonexistent-disk --no-probe
gate bad-role no-such-role "$(dev_of DCE2E-SATA-PLP-FAST)" --no-probe
stamp gates_end

# 3. "write through" on a full-PLP drive: allowed, and said to be allowed.
pf=$(dev_of DCE2E-SATA-PLP-FAST)
if [ -n "$pf" ]; then
	echo 'write through' >"/sys/block/${pf#/dev/}/queue/write_cache"
	drivecheck --json --no-probe "$pf" >$out/plp-wt.json 2>$out/plp-wt.err
	echo $? >$out/plp-wt.rc
	echo 'write back' >"/sys/block/${pf#/dev/}/queue/write_cache"
fi

# 4. The table, for people reading the log.
drivecheck --all --no-probe -v >$out/table.txt 2>&1
echo $? >$out/table.rc

# 5. What other tools say of the same drives, for lab.py to hold drivecheck against:
#    smartctl (ATA and SCSI), nvme-cli (NVMe), sg_inq / sg_vpd / sdparm (SCSI pages).
stamp reference_start
while read -r serial name; do
	r=$out/ref/$serial
	mkdir -p "$r"
	dev=/dev/$name
	# drivecheck's own read, just before the others: no I/O between them to move counters
	drivecheck --json --no-probe "$dev" >"$r/drivecheck.json" 2>"$r/drivecheck.err"
	case $name in
	nvme*)
		nvme id-ctrl -o json "$dev" >"$r/id-ctrl.json" 2>"$r/id-ctrl.err"
		nvme id-ns -o json "$dev" >"$r/id-ns.json" 2>"$r/id-ns.err"
		nvme smart-log -o json "$dev" >"$r/smart-log.json" 2>"$r/smart-log.err"
		nvme get-feature -f 6 "$dev" >"$r/feature-6.txt" 2>&1
		;;
	*)
		smartctl -x -j "$dev" >"$r/smartctl.json" 2>"$r/smartctl.err"
		sg_inq "$dev" >"$r/sg_inq.txt" 2>&1
		sg_vpd -p sn "$dev" >"$r/sg_vpd-sn.txt" 2>&1
		sg_vpd -p ei "$dev" >"$r/sg_vpd-ei.txt" 2>&1; echo $? >"$r/sg_vpd-ei.rc"
		sdparm --get=WCE "$dev" >"$r/sdparm-wce.txt" 2>&1
		;;
	esac
done <$out/disks.txt
stamp reference_end

# 6. A device-mapper target on a disk makes it held: the probe must refuse it.
held=$(dev_of DCE2E-SATA-WC-OFF)
if [ -n "$held" ]; then
	sectors=$(cat "/sys/block/${held#/dev/}/size")
	if echo "0 $sectors linear $held 0" | DM_DISABLE_UDEV=1 dmsetup create --noudevsync dcheld >$out/dm.log 2>&1; then
		drivecheck --json --probe-time 1 "$held" >$out/dm-held.json 2>>$out/dm.log
		DM_DISABLE_UDEV=1 dmsetup remove --noudevsync dcheld >>$out/dm.log 2>&1
	fi
fi

# 7. The cache experiment (--try-cache-off) on an NVMe, a SATA and a SCSI drive, with
#    the drive's cache state read by nvme-cli / smartctl before and after; then a run
#    killed with the cache off (SIGKILL: the record stays, the next run says so, the
#    restore works), and one stopped by SIGTERM (the cache is put back at once).
stamp cache_start
cx=$out/cache
mkdir -p $cx
records=/var/lib/drivecheck
cache_state() { # DEV -> on / off / ?
	case $1 in
	/dev/nvme*)
		# "Current value:0x00000001"; a zero prints without its "0x" ("00000000")
		v=$(nvme get-feature -f 6 "$1" 2>/dev/null | sed -n 's/.*Current value: *\(0x\)\{0,1\}//p')
		case $v in 00000001|1) echo on ;; 00000000|0) echo off ;; *) echo "?" ;; esac ;;
	*)
		# "Write cache is:" (ATA), "Writeback Cache is:" (SCSI)
		v=$(smartctl -g wcache "$1" 2>/dev/null | sed -n 's/^Write\(back\)\{0,1\} [Cc]ache is: *//p')
		case $v in Enabled*) echo on ;; Disabled*) echo off ;; *) echo "?" ;; esac ;;
	esac
}
records_now() { ls $records 2>/dev/null | tr '\n' ' '; }
# Waits (at most ~20 s) for the record, which is written just before the cache goes off,
# then a moment for the command: the probe with the cache off then runs for at least a
# second more (DC_PROBE_MIN_SECONDS). Reading the drive's state here would take longer.
wait_off() {
	i=0
	while [ $i -lt 400 ]; do
		if [ -n "$(records_now)" ]; then sleep 0.3; return 0; fi
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}
cn=$(dev_of DCE2E-NVME-WB-FAST) cs=$(dev_of DCE2E-SATA-PLP-FAST) cv=$(dev_of DCE2E-SCSI-VIRTIO)
: >$cx/states.txt
for d in $cn $cs $cv; do echo "before $d $(cache_state $d)" >>$cx/states.txt; done
drivecheck --json --try-cache-off --probe-time 1 $cn $cs $cv >$cx/try.json 2>$cx/try.err
echo $? >$cx/try.rc
for d in $cn $cs $cv; do echo "after $d $(cache_state $d)" >>$cx/states.txt; done
echo "records-after-try $(records_now)" >>$cx/states.txt

# killed with the cache off
drivecheck --try-cache-off --probe-time 2 "$cs" >/dev/null 2>$cx/kill.err &
pid=$!
if wait_off "$cs"; then echo "killed-while-off yes" >>$cx/states.txt; else echo "killed-while-off no" >>$cx/states.txt; fi
kill -9 $pid
wait $pid 2>/dev/null
echo "after-kill $cs $(cache_state $cs)" >>$cx/states.txt
echo "records-after-kill $(records_now)" >>$cx/states.txt
cp $records/* $cx/ 2>/dev/null
drivecheck --json --no-probe "$cs" >$cx/next.json 2>$cx/next.err
echo $? >$cx/next.rc
drivecheck --json --try-cache-off --probe-time 1 "$cs" >$cx/retry.json 2>$cx/retry.err
drivecheck --restore-cache "$cs" >$cx/restore.out 2>$cx/restore.err
echo $? >$cx/restore.rc
echo "after-restore $cs $(cache_state $cs)" >>$cx/states.txt
echo "records-after-restore $(records_now)" >>$cx/states.txt
drivecheck --json --no-probe "$cs" >$cx/restored.json 2>$cx/restored.err
# a record left behind while the cache is on again (a power cycle would do that): stale
for f in $cx/cache-off-*.json; do [ -f "$f" ] && cp "$f" $records/; done
drivecheck --json --no-probe "$cs" >$cx/stale.json 2>$cx/stale.err
echo "records-after-stale $(records_now)" >>$cx/states.txt

# stopped by SIGTERM with the cache off: put back before it exits
drivecheck --try-cache-off --probe-time 2 "$cn" >$cx/term.out 2>$cx/term.err &
pid=$!
if wait_off "$cn"; then echo "termed-while-off yes" >>$cx/states.txt; else echo "termed-while-off no" >>$cx/states.txt; fi
kill -TERM $pid
wait $pid
echo $? >$cx/term.rc
echo "after-term $cn $(cache_state $cn)" >>$cx/states.txt
echo "records-after-term $(records_now)" >>$cx/states.txt
stamp cache_end

# 8. The soak: probes and experiments killed at chosen moments (guest/soak.sh).
. /e2e/soak.sh
stamp tests_end

# Ship everything. The port is found by name; devtmpfs made /dev/vportNpM.
port=
for p in /sys/class/virtio-ports/*; do
	[ "$(cat "$p/name" 2>/dev/null)" = dc.results ] && port=/dev/${p##*/}
done
if [ -z "$port" ]; then
	log "no virtio-serial port named dc.results"
	exit 1
fi
(cd $out && tar -cf - .) >"$port"
log "results sent on $port at $(now) s"
