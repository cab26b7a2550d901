#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# run.sh - the end-to-end lab: boots the Debian kernel under QEMU (TCG) with emulated NVMe,
# SATA (AHCI), virtio-scsi and LSI SCSI drives, some behind an nbdkit that makes flushes
# slow, runs drivecheck in the guest (guest/tests.sh), and checks what it said (lab.py).
#
# Usage: tests/e2e/run.sh [--record] [--keep] [--soak N]
#   --record  copy the guest's dumps and results to data/e2e/ (for replay-dumps.sh)
#   --keep    keep the work directory (printed) for a look afterwards
#   --soak N  N runs of the soak (guest/soak.sh; default SOAK_RUNS, else 2): probes and
#             cache experiments killed at chosen moments, the drive's bytes and cache
#             checked after each
# Environment: DRIVECHECK (default build/drivecheck), KERNEL_VERSION, QEMU, PROBE_SECONDS
# (per drive, default 2), LAB_TIMEOUT (seconds for the guest, default 300 and 15 a soak
# run: room for a host busy with the rest of make check), SOAK_RUNS (default 2: a SIGKILL
# with the cache off on the NVMe and on the SATA drive, about 6 s of TCG each; section 7 of
# guest/tests.sh kills and stops experiments too, and `make soak` runs 100), EXTRA_CPIO (a
# newc archive appended to the initramfs, e.g. another e2e/tests.sh, to debug the guest).
# Exit: 0 every check passed; 1 a check failed, or the lab could not run (it says why).
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
record=0 keep=0
SOAK_RUNS=${SOAK_RUNS:-2}
while [ $# -gt 0 ]; do
	case $1 in
	--record) record=1 ;;
	--keep) keep=1 ;;
	--soak) SOAK_RUNS=$2; shift ;;
	*) echo "usage: $0 [--record] [--keep] [--soak N]" >&2; exit 2 ;;
	esac
	shift
done
t_start=$(date +%s.%N)
DRIVECHECK=${DRIVECHECK:-$top/build/drivecheck}
QEMU=${QEMU:-qemu-system-x86_64}
PROBE_SECONDS=${PROBE_SECONDS:-2}
LAB_TIMEOUT=${LAB_TIMEOUT:-$((300 + 15 * SOAK_RUNS))}

# The lab never skips in silence: a missing piece is a failure that says what to install.
cannot_run() {
	echo "e2e: FAIL: the lab cannot run: $*" >&2
	echo "0 passed, 1 failed"
	exit 1
}
command -v "$QEMU" >/dev/null || cannot_run "no $QEMU (apt-get install qemu-system-x86)"
command -v nbdkit >/dev/null || cannot_run "no nbdkit (apt-get install nbdkit)"
command -v python3 >/dev/null || cannot_run "no python3"
command -v cpio >/dev/null || cannot_run "no cpio (apt-get install cpio)"
command -v modprobe >/dev/null || cannot_run "no modprobe (apt-get install kmod)"
command -v timeout >/dev/null || cannot_run "no timeout (coreutils)"
[ -x "$DRIVECHECK" ] || cannot_run "no drivecheck at $DRIVECHECK (run make)"
if [ -z "${KERNEL_VERSION:-}" ]; then
	for v in $(ls /lib/modules 2>/dev/null | sort -V -r); do
		if [ -r "/boot/vmlinuz-$v" ]; then KERNEL_VERSION=$v; break; fi
	done
fi
[ -n "${KERNEL_VERSION:-}" ] || cannot_run "no kernel image in /boot with modules in /lib/modules (apt-get install linux-image-amd64)"
kernel=/boot/vmlinuz-$KERNEL_VERSION
[ -r "$kernel" ] || cannot_run "$kernel is not readable"
nbdkit random --dump-plugin >/dev/null 2>&1 || cannot_run "nbdkit has no random plugin"
for f in cache delay cow; do
	nbdkit --filter=$f random --dump-plugin >/dev/null 2>&1 || cannot_run "nbdkit has no $f filter (apt-get install nbdkit)"
done

# Work on tmpfs: nbdkit's cache filter keeps its cache in TMPDIR, and a disk there would
# add its own flush latency to the "fast" drives.
# A container's /dev/shm may hold only 64 MB; the unpacked kernel alone is about that.
base=/dev/shm
if ! [ -d $base ] || ! [ -w $base ] ||
	[ "$(df -Pk $base 2>/dev/null | awk 'NR == 2 { print $4 }')" -lt 262144 ] 2>/dev/null; then
	base=${TMPDIR:-/tmp}
fi
work=$(mktemp -d "$base/dc-e2e.XXXXXX") || cannot_run "cannot make a work directory under $base"
export TMPDIR=$work
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
	wait 2>/dev/null
	if [ "$keep" = 1 ]; then echo "e2e: work directory kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# 1. The guest.
"$here/mkinitramfs.sh" -o "$work/initramfs.cpio" -b "$DRIVECHECK" -k "$KERNEL_VERSION" ||
	cannot_run "building the initramfs failed"
if [ -n "${EXTRA_CPIO:-}" ]; then
	cat "$EXTRA_CPIO" >>"$work/initramfs.cpio" # a later file of the same name wins
fi

# A kernel booted through SeaBIOS spends ~10 s of TCG time in the bzImage's own xz
# decompressor. The same kernel unpacked to its ELF vmlinux boots straight into its PVH
# entry point (CONFIG_PVH, Debian's default) in a fraction of that.
boot_kernel=$kernel
if python3 "$here/lab.py" vmlinux "$kernel" "$work/vmlinux" 2>"$work/vmlinux.err"; then
	boot_kernel=$work/vmlinux
else
	echo "e2e: note: booting the bzImage ($(cat "$work/vmlinux.err")); expect ~10 s more" >&2
fi

# 2. The drives: serials name their role; models are chosen from the database now.
python3 "$here/lab.py" pick --drivecheck "$DRIVECHECK" --db-dir "$top/db/vendors" \
	--out "$work/manifest.json" >"$work/drives.tsv" || cannot_run "choosing drive models failed"

args=()
n=0 ide=0 lsi=0 tcp_model=
while IFS='|' read -r serial bus model vendor wc flush; do
	if [ "$bus" = tcp ]; then tcp_model=$model; continue; fi
	model=${model//,/,,} vendor=${vendor//,/,,} # QEMU's option syntax doubles commas
	sock=$work/nbd$n.sock
	# Each drive starts with bytes of its own (nbdkit's random plugin, a fixed seed per
	# drive, so every run sees the same disks), not zeros: a probe that wrote back anything
	# but the bytes it read would show in the soak's comparisons. The cow filter keeps the
	# writes (in TMPDIR, tmpfs): only the blocks written cost memory.
	seed=$((7919 + n))
	if [ "$flush" = slow ]; then
		# Every flush that carries dirty data writes it through the delay filter: ~2 ms.
		nbdkit -f -U "$sock" --exit-with-parent --filter=cache --filter=delay --filter=cow \
			random size=64M seed=$seed cache=writeback delay-write=2ms 2>"$work/nbd$n.err" &
	else
		nbdkit -f -U "$sock" --exit-with-parent --filter=cow random size=64M seed=$seed \
			2>"$work/nbd$n.err" &
	fi
	pids+=($!)
	args+=(-drive "if=none,id=d$n,format=raw,cache=writeback,file=nbd+unix:///?socket=$sock")
	case $bus in
	nvme)
		crit=
		[ "$serial" = DCE2E-NVME-CRIT ] && crit=",smart_critical_warning=4" # lab.py
		args+=(-device "nvme,drive=d$n,serial=$serial,write-cache=$wc$crit") ;;
	sata)
		args+=(-device "ide-hd,bus=ide.$ide,drive=d$n,model=$model,serial=$serial,write-cache=$wc,rotation_rate=1")
		ide=$((ide + 1)) ;;
	virtio-scsi)
		args+=(-device "scsi-hd,bus=vscsi.0,drive=d$n,vendor=$vendor,product=$model,serial=$serial,write-cache=$wc,rotation_rate=1") ;;
	lsi)
		args+=(-device "scsi-hd,bus=lsi.0,scsi-id=$lsi,drive=d$n,vendor=$vendor,product=$model,serial=$serial,write-cache=$wc,rotation_rate=1")
		lsi=$((lsi + 1)) ;;
	*) cannot_run "unknown bus '$bus' in the drive list" ;;
	esac
	n=$((n + 1))
done <"$work/drives.tsv"
for i in $(seq 0 $((n - 1))); do
	w=0
	while [ ! -S "$work/nbd$i.sock" ] && [ $w -lt 100 ]; do sleep 0.05; w=$((w + 1)); done
	[ -S "$work/nbd$i.sock" ] || cannot_run "nbdkit $i did not start: $(cat "$work/nbd$i.err")"
done

# 3. Boot. Results come back as a tar archive on a virtio-serial port; the console is a log.
t_boot=$(date +%s.%N)
timeout --foreground -k 5 "$LAB_TIMEOUT" "$QEMU" -machine q35 -accel tcg -smp 1 -m 1G \
	-nographic -no-reboot -nodefaults -serial "file:$work/console.log" \
	-kernel "$boot_kernel" -initrd "$work/initramfs.cpio" \
	-append "console=ttyS0 panic=-1 quiet loglevel=4 dc.disks=$n dc.probe=$PROBE_SECONDS dc.soak=$SOAK_RUNS dc.deadline=$((LAB_TIMEOUT - 40)) dc.tcp_model=${tcp_model// /\~}" \
	-device virtio-serial-pci \
	-chardev "file,id=res,path=$work/results.tar" -device virtserialport,chardev=res,name=dc.results \
	-device virtio-scsi-pci,id=vscsi -device lsi53c895a,id=lsi \
	"${args[@]}" </dev/null >"$work/qemu.out" 2>&1
qrc=$?
t_end=$(date +%s.%N)
if [ $qrc = 124 ] || [ $qrc = 137 ]; then
	echo "e2e: the guest did not finish within $LAB_TIMEOUT s; the console said:" >&2
	tail -n 30 "$work/console.log" >&2
elif [ $qrc != 0 ]; then
	echo "e2e: $QEMU exited $qrc:" >&2
	cat "$work/qemu.out" >&2
fi
mkdir -p "$work/results"
if [ ! -s "$work/results.tar" ] || ! tar -C "$work/results" -xf "$work/results.tar" 2>/dev/null; then
	echo "e2e: FAIL: no results came back from the guest; its console:" >&2
	tail -n 40 "$work/console.log" >&2
	echo "0 passed, 1 failed"
	exit 1
fi
cp "$work/manifest.json" "$work/results/manifest.json"
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a - b }'; }
printf 'qemu_wall %s\n' "$(secs "$t_end" "$t_boot")" >>"$work/results/times"

# 4. Judge on the host (and replay the guest's dump here).
python3 "$here/lab.py" check --drivecheck "$DRIVECHECK" --results "$work/results" --live \
	--soak "$SOAK_RUNS"
rc=$?
echo "e2e: lab wall time $(secs "$(date +%s.%N)" "$t_start") s (QEMU $(secs "$t_end" "$t_boot") s)"

if [ $record = 1 ]; then
	if [ $rc != 0 ]; then
		echo "e2e: not recording: the lab failed" >&2
	else
		dest=$top/data/e2e
		rm -rf "$dest/dump" "$dest/ref"
		mkdir -p "$dest"
		cp -r "$work/results/dump" "$dest/dump"
		# what smartctl, nvme-cli, sg_vpd and sdparm said of the same drives
		cp -r "$work/results/ref" "$dest/ref"
		for f in manifest.json all.json gates.txt times disks.txt dm-held.json dm.log; do
			cp "$work/results/$f" "$dest/$f"
		done
		echo "e2e: recorded the guest's dumps and results in $dest"
	fi
fi
exit $rc
