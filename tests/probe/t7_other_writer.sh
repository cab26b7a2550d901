#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t7_other_writer.sh - a raw probe never undoes another process's writes (docs/probe.md,
# "Other writers"): one that holds the device open before the probe is named and nothing
# is written; one that opens it during the probe loses at most the block in flight, and
# the probe stops and says why, also when it opened the device for writing and has
# written nothing yet; a writer below the device (its backing file), which only the
# re-read sees, loses at most a batch of blocks; the BSD lock keeps a second locker out.
. "$(dirname "$0")/lib.sh"
dc_init

S=$DC_SCRATCH
MIB=64
BLOCKS=$((MIB * 256))

# blocks_not_aa FILE: how many 4 KiB blocks of FILE are not wholly 0xAA.
blocks_not_aa() {
	python3 - "$1" <<'EOF'
import sys
want = b"\xaa" * 4096
n = 0
with open(sys.argv[1], "rb") as f:
    while True:
        b = f.read(4096)
        if not b:
            break
        n += b != want
print(n)
EOF
}

# 1. A holder before the probe starts: refused, with its pid and command, nothing written.
f=$S/held.img
dc_backing "$f" "$MIB" random
before=$(dc_sha "$f")
dc_loop "$f"
dev=$DC_LOOP
# a plain open(2), read-write, as dd or a database would hold it (no O_EXCL, no flock)
bash -c 'exec 3<>"$1"; exec sleep 60' holder "$dev" &
holder=$!
DC_PIDS+=("$holder")
for _ in $(seq 50); do
	[ -e "/proc/$holder/fd/3" ] && break
	sleep 0.05
done
w0=$(dc_loop_writes "$dev")
dc_probe "$dev" 2
dc_expect_refused "held open: refused" "pid $holder.*sleep|sleep.*pid $holder"
dc_expect_eq "held open: no write reached the device" "$(dc_loop_writes "$dev")" "$w0"
kill -KILL "$holder"; wait "$holder" 2>/dev/null
losetup -d "$dev"
dc_expect_eq "held open: backing file unchanged" "$(dc_sha "$f")" "$before"

# The same for a partition's holder is covered by the partition refusal (t2): a disk
# with partitions is never written raw.

# 2. A writer that opens the device during the probe: at most the block in flight is
# undone, the probe stops and says why (the reproduction of the reported data loss:
# 64 MiB of 0xAA written with dd 0.8 s into a 3 s probe).
f=$S/race.img
dc_backing "$f" "$MIB" random
python3 -c "import sys; sys.stdout.buffer.write(b'\xaa' * ($MIB << 20))" >"$S/aa.img"
dc_loop "$f"
dev=$DC_LOOP
dc_probe_argv "$dev" 3
"${DC_ARGV[@]}" >"$S/race.json" 2>"$S/race.err" &
probe=$!
DC_PIDS+=("$probe")
sleep 0.8
# the probe must still be running when the writer comes, or the test proves nothing
if kill -0 "$probe" 2>/dev/null; then
	dc_pass "race: the probe is running when the writer starts"
else
	dc_fail "race: the probe ended before the writer started"
fi
dd if="$S/aa.img" of="$dev" bs=1M oflag=direct status=none
wait "$probe"
sync
lost=$(blocks_not_aa "$f")
if [ "$lost" -le 1 ]; then
	dc_pass "race: $lost of $BLOCKS blocks lost the other writer's data (at most the one in flight)"
else
	dc_fail "race: $lost of $BLOCKS blocks no longer hold the other writer's data"
fi
DC_OUT=$S/race.flat
dc_flatten "$S/race.json" >"$DC_OUT"
dc_expect_refused "race: the probe stopped and reports no figures" \
	"another (writer changed|process opened) .*while the probe ran"
losetup -d "$dev"

# 2b. The same writer through another node of the same device (mknod), which the probe's
# watch on /dev/... does not see: the device's count of sectors written stops it, whether
# the writer writes with O_DIRECT or through the page cache (its pages reach the device
# when the probe's next read or write of that range writes them out first, or at
# writeback; the count or the re-read then sees them).
alias_writer() { # NAME WANT_ERE [dd options]
	local name=$1 want=$2
	shift 2
	f=$S/$name.img
	dc_backing "$f" "$MIB" random
	dc_loop "$f"
	dev=$DC_LOOP
	read -r maj min < <(stat -c '%t %T' "$dev")
	mknod "$S/$name.node" b $((16#$maj)) $((16#$min))
	dc_probe_argv "$dev" 3
	"${DC_ARGV[@]}" >"$S/$name.json" 2>"$S/$name.err" &
	probe=$!
	DC_PIDS+=("$probe")
	sleep 0.8
	dd if="$S/aa.img" of="$S/$name.node" bs=1M conv=notrunc status=none "$@"
	wait "$probe"
	sync
	lost=$(blocks_not_aa "$f")
	if [ "$lost" -le 1 ]; then
		dc_pass "$name: $lost of $BLOCKS blocks lost the other writer's data"
	else
		dc_fail "$name: $lost of $BLOCKS blocks no longer hold the other writer's data"
	fi
	DC_OUT=$S/$name.flat
	dc_flatten "$S/$name.json" >"$DC_OUT"
	dc_expect_refused "$name: the probe found the change and stopped" "$want"
	rm -f "$S/$name.node"
	losetup -d "$dev"
}
alias_writer alias "another writer changed .* sectors written that are not the probe's" \
	oflag=direct
alias_writer alias-cached "another writer changed .*(sectors written that are not the probe's|the block at byte)"

# 2c. A process that opens the device for writing during the probe and has not written
# yet (a database, a VM starting): the watch sees the open, /proc says read-write, the
# probe stops and names it. Nothing is written by anyone: the device is unchanged.
f=$S/rw.img
dc_backing "$f" "$MIB" random
before=$(dc_sha "$f")
dc_loop "$f"
dev=$DC_LOOP
dc_probe_argv "$dev" 3
"${DC_ARGV[@]}" >"$S/rw.json" 2>"$S/rw.err" &
probe=$!
DC_PIDS+=("$probe")
sleep 0.8
if kill -0 "$probe" 2>/dev/null; then
	dc_pass "open for writing: the probe is running when the writer starts"
else
	dc_fail "open for writing: the probe ended before the writer started"
fi
bash -c 'exec 3<>"$1"; exec sleep 30' opener "$dev" &
opener=$!
DC_PIDS+=("$opener")
wait "$probe"
DC_OUT=$S/rw.flat
dc_flatten "$S/rw.json" >"$DC_OUT"
dc_expect_refused "open for writing: the probe stopped and names the process" \
	"opened $dev for writing while the probe ran \(pid $opener \((sleep|bash)\)\)"
kill -KILL "$opener"; wait "$opener" 2>/dev/null
losetup -d "$dev"
dc_expect_eq "open for writing: backing file unchanged" "$(dc_sha "$f")" "$before"

# 2d. A writer below the device: the loop device's backing file, written in place. No
# open of the device, no count of its writes: only the re-read of the pool's blocks, in
# batches of 32 before their writes, sees it. At most the blocks of the batch in flight
# can lose the writer's data (docs/probe.md gives the window).
f=$S/below.img
dc_backing "$f" "$MIB" random
dc_loop "$f"
dev=$DC_LOOP
dc_probe_argv "$dev" 3
"${DC_ARGV[@]}" >"$S/below.json" 2>"$S/below.err" &
probe=$!
DC_PIDS+=("$probe")
sleep 0.8
if kill -0 "$probe" 2>/dev/null; then
	dc_pass "below: the probe is running when the writer starts"
else
	dc_fail "below: the probe ended before the writer started"
fi
dd if="$S/aa.img" of="$f" bs=1M conv=notrunc status=none
wait "$probe"
sync
# the loop device reads its file through the page cache: the file holds what it sees
lost=$(blocks_not_aa "$f")
if [ "$lost" -le 32 ]; then
	dc_pass "below: $lost of $BLOCKS blocks lost the other writer's data (at most a batch)"
else
	dc_fail "below: $lost of $BLOCKS blocks no longer hold the other writer's data"
fi
DC_OUT=$S/below.flat
dc_flatten "$S/below.json" >"$DC_OUT"
dc_expect_refused "below: the re-read found the change and stopped" \
	"another writer changed .*the block at byte"
losetup -d "$dev"

# 3. The BSD lock (systemd's block-device locking convention) is held for the whole probe:
# flock -n on the device fails while it runs, and succeeds again after.
f=$S/lock.img
dc_backing "$f" "$MIB" random
before=$(dc_sha "$f")
dc_loop "$f"
dev=$DC_LOOP
dc_probe_argv "$dev" 3
"${DC_ARGV[@]}" >"$S/lock.json" 2>&1 &
probe=$!
DC_PIDS+=("$probe")
locked=unknown
for _ in $(seq 40); do
	sleep 0.1
	kill -0 "$probe" 2>/dev/null || break
	if [ -n "$(ls -l "/proc/$probe/fd" 2>/dev/null | grep -F " $dev")" ]; then
		sleep 0.3
		if flock -n "$dev" true; then locked=no; else locked=yes; fi
		break
	fi
done
dc_expect_eq "lock: flock -n fails while the probe holds the device" "$locked" yes
wait "$probe"
if flock -n "$dev" true; then
	dc_pass "lock: released when the probe ends"
else
	dc_fail "lock: still held after the probe"
fi

# 4. A second locker first (another tool following the convention): refused, not raced.
flock -x "$dev" sleep 30 &
locker=$!
DC_PIDS+=("$locker")
sleep 0.3
dc_probe "$dev" 2
dc_expect_refused "locked by another: refused, saying it is locked" "lock"
kill -KILL "$locker"; wait "$locker" 2>/dev/null
losetup -d "$dev"
dc_expect_eq "lock: backing file unchanged" "$(dc_sha "$f")" "$before"

dc_summary
