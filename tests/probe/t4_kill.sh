#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t4_kill.sh - SIGKILL, SIGTERM or SIGINT in the middle of a file-mode probe leave no file and no used space.
. "$(dirname "$0")/lib.sh"
dc_init

S=$DC_SCRATCH
f=$S/fs.img
truncate -s 512M "$f"
mkfs.ext4 -q -F "$f"
dc_loop "$f"
dev=$DC_LOOP
mnt=$S/mnt
dc_mount "$dev" "$mnt"
mkdir -p "$mnt/keep"
echo data >"$mnt/keep/file"

for sig in KILL TERM INT; do
	before=$(dc_fs_state "$mnt")
	used0=$(dc_used_kib "$mnt")
	dc_probe_argv "$dev" 60
	# --default-signal: a background job of a script starts with SIGINT ignored
	env --default-signal=INT "${DC_ARGV[@]}" >"$S/kill.$sig.out" 2>&1 &
	pid=$!
	DC_PIDS+=("$pid")

	# Wait until the file is being laid out (usage up by 8 MiB or more), then a
	# moment more, so the signal lands in the timed writes (or late in the layout).
	# Not longer: the probe may stop once its estimate is stable, after 1 s of timing.
	grown=0
	for _ in $(seq 400); do
		grown=$(( $(dc_used_kib "$mnt") - used0 ))
		[ "$grown" -ge $((8 * 1024)) ] && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.05
	done
	sleep 0.6
	if ! kill -0 "$pid" 2>/dev/null; then
		dc_fail "SIG$sig: the probe ended before the signal" "$(tail -5 "$S/kill.$sig.out")"
		continue
	fi
	if [ "$grown" -lt $((8 * 1024)) ]; then
		dc_fail "SIG$sig: the probe's file never showed in df (grew $grown KiB)"
	else
		dc_pass "SIG$sig: the probe's file took $((grown / 1024)) MiB before the signal"
	fi
	kill -"$sig" "$pid"
	wait "$pid" 2>/dev/null
	st=$?
	expect=$((128 + $(kill -l "$sig")))
	# A program may catch TERM/INT and exit on its own; KILL it cannot.
	if [ "$sig" = KILL ] && [ "$st" -ne "$expect" ]; then
		dc_fail "SIGKILL: exit status $st, want $expect"
	fi

	after=$(dc_fs_state "$mnt")
	if [ "$before" = "$after" ]; then
		dc_pass "SIG$sig: listing and df usage back to what they were"
	else
		dc_fail "SIG$sig: the filesystem changed" \
			"$(diff <(echo "$before") <(echo "$after") | head -20)"
	fi
done

# Raw mode, killed in the middle: the device still holds exactly its old bytes.
f=$S/raw.img
dc_backing "$f" 160 random
sha=$(dc_sha "$f")
dc_loop "$f"
rdev=$DC_LOOP
dc_probe_argv "$rdev" 60
"${DC_ARGV[@]}" >"$S/kill.raw.out" 2>&1 &
pid=$!
DC_PIDS+=("$pid")
w0=$(dc_loop_writes "$rdev")
# Kill it soon after its writes start (the CLI inspects the device first).
for _ in $(seq 400); do
	w1=$(dc_loop_writes "$rdev")
	[ "$w1" -gt $((w0 + 100)) ] && break
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.05
done
sleep 0.3
w1=$(dc_loop_writes "$rdev")
if kill -0 "$pid" 2>/dev/null && [ "$w1" -gt "$w0" ]; then
	dc_pass "raw SIGKILL: killed while writing ($((w1 - w0)) writes so far)"
else
	dc_fail "raw SIGKILL: the probe was not writing when killed" "$(tail -5 "$S/kill.raw.out")"
fi
kill -KILL "$pid"
wait "$pid" 2>/dev/null
losetup -d "$rdev"
dc_expect_eq "raw SIGKILL: backing file unchanged" "$(dc_sha "$f")" "$sha"

dc_summary
