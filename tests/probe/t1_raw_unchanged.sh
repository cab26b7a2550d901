#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t1_raw_unchanged.sh - a raw probe on an unused loop device writes, and leaves every byte as it was.
. "$(dirname "$0")/lib.sh"
dc_init

T=${DC_PROBE_TIME:-2}
f=$DC_SCRATCH/raw.img
dc_backing "$f" 192 random          # more than the 128 MiB region: bytes past it count too
before=$(dc_sha "$f")
dc_loop "$f"
dev=$DC_LOOP
w0=$(dc_loop_writes "$dev")

dc_probe "$dev" "$T"
dc_expect_eq "raw: probe returned 0" "$DC_RC" 0
dc_expect_ran "raw: ran in raw mode on $dev" raw
dc_expect_eq "raw: where is the device" "$(dc_get where)" "$dev"

# The device really took the writes, so an unchanged checksum is not for lack of them.
w1=$(dc_loop_writes "$dev")
counted=$(( $(dc_get sync.count) + $(dc_get flush.count) + $(dc_get nosync.count) ))
if [ $((w1 - w0)) -ge "$counted" ] && [ "$counted" -gt 0 ]; then
	dc_pass "raw: the device completed $((w1 - w0)) writes (>= $counted counted)"
else
	dc_fail "raw: the device completed $((w1 - w0)) writes, fewer than the $counted counted"
fi

d=$(dc_get duration_s)
if dc_num_lt "$d" "$((T + 1))" && dc_num_lt 0 "$d"; then
	dc_pass "raw: duration ${d}s within the ${T}s bound"
else
	dc_fail "raw: duration ${d}s outside (0, $((T + 1))]"
fi

for k in sync flush nosync; do
	p50=$(dc_get $k.p50_us); p99=$(dc_get $k.p99_us); mx=$(dc_get $k.max_us)
	if dc_num_lt 0 "$p50" && ! dc_num_lt "$p99" "$p50" && ! dc_num_lt "$mx" "$p99"; then
		dc_pass "raw: $k percentiles ordered (p50 $p50 <= p99 $p99 <= max $mx)"
	else
		dc_fail "raw: $k percentiles out of order: p50 $p50 p99 $p99 max $mx"
	fi
done

losetup -d "$dev"
after=$(dc_sha "$f")
dc_expect_eq "raw: backing file sha256 unchanged" "$after" "$before"

dc_summary
