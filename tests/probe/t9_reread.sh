#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t9_reread.sh - the raw probe re-reads its blocks in batches, so that its timed writes
# follow writes, as fio's do, and not reads (docs/probe.md, "Other writers"): seen in
# the order of its system calls (strace). Where the kernel does not count the device's
# writes (queue/iostats 0), the guard has no count to go by and every block is re-read
# just before its write, as the probe did before.
. "$(dirname "$0")/lib.sh"
dc_init
command -v strace >/dev/null || { dc_log "missing strace (make test-deps)"; exit 77; }

S=$DC_SCRATCH
MIB=64

# trace NAME DEV: probe DEV for up to 2 s under strace; prints "WRITES AFTER_READ": the
# probe's writes to DEV, and how many of them came straight after a read of DEV.
trace() {
	strace -f -qq -y -e trace=pread64,pwritev2 -o "$S/$1.strace" \
		"$DC_CLI" --json --probe-time 2 "$2" >"$S/$1.json" 2>"$S/$1.err"
	awk -v dev="<$2>" '
		index($0, "pread64(") && index($0, dev) { last = "r" }
		index($0, "pwritev2(") && index($0, dev) { w++; if (last == "r") after++; last = "w" }
		END { print w + 0, after + 0 }' "$S/$1.strace"
}

# 1. The write count kept (the default): one write in a batch of 32 follows a read, and
# that one is not timed.
f=$S/batch.img
dc_backing "$f" "$MIB" random
before=$(dc_sha "$f")
dc_loop "$f"
dev=$DC_LOOP
read -r writes after < <(trace batch "$dev")
DC_OUT=$S/batch.flat
dc_flatten "$S/batch.json" >"$DC_OUT"
dc_expect_ran "batches: the probe ran" raw
dc_expect_eq "batches: no warning" "$(dc_get warning)" ""
if [ "$writes" -ge 320 ] && [ $((after * 32)) -le $((writes + 32)) ]; then
	dc_pass "batches: $after of $writes writes came straight after a read (one in 32)"
else
	dc_fail "batches: $after of $writes writes came straight after a read, want one in 32"
fi
losetup -d "$dev"
dc_expect_eq "batches: backing file unchanged" "$(dc_sha "$f")" "$before"

# 2. No write count (iostats off on this loop device): every write follows the re-read
# of its block.
f=$S/nocount.img
dc_backing "$f" "$MIB" random
before=$(dc_sha "$f")
dc_loop "$f"
dev=$DC_LOOP
# the setting outlives the loop device's detach: put it back before, and at any exit
IOSTATS=/sys/class/block/$(basename "$dev")/queue/iostats
IOSTATS_WAS=$(cat "$IOSTATS")
trap 'echo "$IOSTATS_WAS" >"$IOSTATS"; dc_cleanup' EXIT
echo 0 >"$IOSTATS"
read -r writes after < <(trace nocount "$dev")
echo "$IOSTATS_WAS" >"$IOSTATS"
trap dc_cleanup EXIT
DC_OUT=$S/nocount.flat
dc_flatten "$S/nocount.json" >"$DC_OUT"
dc_expect_ran "no write count: the probe ran" raw
if [ "$writes" -ge 100 ] && [ "$after" -eq "$writes" ]; then
	dc_pass "no write count: each of $writes writes came straight after a read"
else
	dc_fail "no write count: $after of $writes writes came straight after a read, want all"
fi
dc_expect_match "no write count: the warning says so" "$(dc_get warning)" \
	"keeps no count of the writes .*every timed write followed a read"
losetup -d "$dev"
dc_expect_eq "no write count: backing file unchanged" "$(dc_sha "$f")" "$before"

dc_summary
