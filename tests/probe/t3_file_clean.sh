#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t3_file_clean.sh - file mode on a mounted ext4 loop: it used space while it ran, and left listing and usage as they were.
. "$(dirname "$0")/lib.sh"
dc_init

T=${DC_PROBE_TIME:-2}
S=$DC_SCRATCH
f=$S/fs.img
truncate -s 512M "$f"
mkfs.ext4 -q -F "$f"
dc_loop "$f"
dev=$DC_LOOP
mnt=$S/mnt
dc_mount "$dev" "$mnt"
# some content, so the listing is not trivially empty
mkdir -p "$mnt/a/b"
echo hello >"$mnt/a/b/file"
dd if=/dev/urandom of="$mnt/a/data" bs=1M count=4 status=none

before=$(dc_fs_state "$mnt")
used0=$(dc_used_kib "$mnt")

# Run in the background and watch the usage: the probe's file must show up in df
# while it runs (so "unchanged afterwards" is not because it wrote nothing).
dc_N_saved=$DC_N
dc_probe "$dev" "$T" &
ppid=$!
peak=$used0
while kill -0 "$ppid" 2>/dev/null; do
	u=$(dc_used_kib "$mnt")
	[ "$u" -gt "$peak" ] && peak=$u
	sleep 0.05
done
wait "$ppid"
DC_OUT=$DC_SCRATCH/probe.$((dc_N_saved + 1))   # the background subshell's output
DC_N=$((dc_N_saved + 1))

dc_expect_ran "file mode on mounted ext4" file
dc_expect_eq "file mode: where is the mount point" "$(dc_get where)" "$mnt"
grown=$((peak - used0))
if [ "$grown" -ge $((8 * 1024)) ]; then
	dc_pass "file mode: the probe's file took $((grown / 1024)) MiB while it ran"
else
	dc_fail "file mode: usage grew by only $grown KiB while the probe ran"
fi

after=$(dc_fs_state "$mnt")
if [ "$before" = "$after" ]; then
	dc_pass "file mode: listing and df usage unchanged"
else
	dc_fail "file mode: the filesystem changed" "$(diff <(echo "$before") <(echo "$after") | head -20)"
fi

dc_summary
