#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t5_two_worlds.sh - a loop on tmpfs flushes cheaply, a direct-io loop on a host ext4 file pays a real flush.
. "$(dirname "$0")/lib.sh"
dc_init

# The ordering of flush costs only: absolute times depend on the machine.
T=${DC_PROBE_TIME:-3}
dc_hostfs_dir
host=$DC_DIR
fstype=$(stat -f -c %T "$host")
case $fstype in
tmpfs|ramfs) dc_log "FAIL: cannot run: $DC_HOSTFS is $fstype; set DC_HOSTFS to a disk-backed directory"; exit 77 ;;
esac

a=$DC_SCRATCH/tmpfs.img
b=$host/direct.img
dc_backing "$a" 192 random
dc_backing "$b" 192 random
sha_a=$(dc_sha "$a")
sha_b=$(dc_sha "$b")
dc_loop "$a"
la=$DC_LOOP
dc_loop "$b" --direct-io=on
lb=$DC_LOOP
dio=$(cat "/sys/class/block/$(basename "$lb")/loop/dio" 2>/dev/null || echo "?")
[ "$dio" = 1 ] || dc_log "note: direct I/O could not be enabled on $lb (dio=$dio); its flushes still reach $fstype"

report() { # LABEL
	printf '  %-26s sync p50 %8.1f p99 %8.1f | nosync p50 %8.1f p99 %8.1f | flush %8.1f us | %6s+%-6s writes in %s s%s\n' \
		"$1" "$(dc_get sync.p50_us)" "$(dc_get sync.p99_us)" "$(dc_get nosync.p50_us)" \
		"$(dc_get nosync.p99_us)" "$(dc_get flush_cost_us)" "$(dc_get sync.count)" \
		"$(dc_get nosync.count)" "$(dc_get duration_s)" \
		"$([ "$(dc_get stable)" = true ] && echo ', stable')"
}

dc_probe "$la" "$T"
dc_expect_ran "tmpfs loop: raw probe ran" raw
out_a=$DC_OUT
fa=$(dc_get flush_cost_us)
report "tmpfs loop"

dc_probe "$lb" "$T"
dc_expect_ran "direct-io loop on $fstype: raw probe ran" raw
fb=$(dc_get flush_cost_us)
report "direct-io loop on $fstype"

if [ -n "$fa" ] && [ -n "$fb" ] && dc_num_lt "$fa" "$fb"; then
	dc_pass "flush cost: tmpfs ($fa us) < direct-io on $fstype ($fb us)"
else
	dc_fail "flush cost: tmpfs ($fa us) not below direct-io on $fstype ($fb us)"
	DC_OUT=$out_a
fi

losetup -d "$la"
losetup -d "$lb"
dc_expect_eq "tmpfs loop: backing file unchanged" "$(dc_sha "$a")" "$sha_a"
dc_expect_eq "direct-io loop: backing file unchanged" "$(dc_sha "$b")" "$sha_b"

dc_summary
