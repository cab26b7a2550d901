#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t6_parallel.sh - several drives probed at once (--jobs), never two probes on one physical
# device (here: two loop devices over one file), every byte left as it was; --jobs 1 one
# after another; one progress display on a terminal.
. "$(dirname "$0")/lib.sh"
dc_init

T=${DC_PROBE_TIME:-2}
devs=()
files=()
for i in 1 2 3; do
	f=$DC_SCRATCH/p$i.img
	dc_backing "$f" 64 random
	files+=("$f")
	dc_loop "$f"
	devs+=("$DC_LOOP")
done
# two block devices of one "physical" device: loops over the same file
shared=$DC_SCRATCH/shared.img
dc_backing "$shared" 64 random
files+=("$shared")
dc_loop "$shared"; s1=$DC_LOOP
dc_loop "$shared"; s2=$DC_LOOP
sums=()
for f in "${files[@]}"; do sums+=("$(dc_sha "$f")"); done

out=$DC_SCRATCH/par.json
"$DC_CLI" --json --jobs 4 --probe-time "$T" "${devs[@]}" "$s1" "$s2" >"$out" 2>"$DC_SCRATCH/par.err"
dc_expect_eq "parallel: every device probed raw" \
	"$(jq -r '[.devices[].probe.mode] | unique | join(",")' "$out")" raw
# [start, end] of each probe: start_s after the first probe began, duration_s of its timing
span() { jq -r --arg d "$1" '.devices[] | select(.path == $d) | .probe | "\(.start_s) \(.start_s + .duration_s)"' "$out"; }
read -r a0 a1 <<<"$(span "$s1")"
read -r b0 b1 <<<"$(span "$s2")"
if ! dc_num_lt "$b0" "$a1" || ! dc_num_lt "$a0" "$b1"; then
	dc_pass "two loops over one file: never probed at once ($s1 $a0-$a1 s, $s2 $b0-$b1 s)"
else
	dc_fail "two loops over one file overlapped: $s1 $a0-$a1 s, $s2 $b0-$b1 s"
fi
late=$(jq -r --arg s1 "$s1" --arg s2 "$s2" '[.devices[] | select(.path != $s1 and .path != $s2) | .probe.start_s | select(. > 0.5)] | length' "$out")
dc_expect_eq "independent devices start together" "$late" 0
wall=$(jq -r '[.devices[].probe | .start_s + .duration_s] | max' "$out")
one=$(jq -r '[.devices[].probe.duration_s] | max' "$out")
if dc_num_lt "$wall" "$(awk -v o="$one" 'BEGIN { print 2.6 * o }')"; then
	dc_pass "5 devices (4 physical) in ${wall}s: about two probes' time (one: ${one}s), not five"
else
	dc_fail "5 devices took ${wall}s, one probe ${one}s: not probed at once"
fi

# --jobs 1: one after another, no overlap at all
out1=$DC_SCRATCH/seq.json
"$DC_CLI" --json --jobs 1 --probe-time 1 "${devs[@]}" >"$out1" 2>/dev/null
overlaps=$(jq -r '[.devices[].probe | [.start_s, .start_s + .duration_s]] | sort | . as $s
	| [range(1; length) | select($s[.][0] < $s[. - 1][1])] | length' "$out1")
dc_expect_eq "--jobs 1: probes one after another" "$overlaps" 0
"$DC_CLI" --jobs 0 "${devs[0]}" >/dev/null 2>&1
dc_expect_eq "--jobs 0 is a usage error" "$?" 4

# one progress display on a terminal, a line per drive; nothing when piped
if command -v script >/dev/null; then
	script -qec "$DC_CLI --no-probe --jobs 3 --probe-time 1 ${devs[*]}" /dev/null >/dev/null 2>&1
	script -qec "$DC_CLI --jobs 3 --probe-time 1 ${devs[*]}" /dev/null >"$DC_SCRATCH/tty" 2>&1
	n=$(grep -a -o "probe loop[0-9]*:" "$DC_SCRATCH/tty" | sort -u | wc -l)
	dc_expect_eq "terminal: one progress line per drive" "$n" 3
else
	dc_fail "script (bsdutils) is needed for the progress display test"
fi
"$DC_CLI" --jobs 3 --probe-time 1 "${devs[@]}" >/dev/null 2>"$DC_SCRATCH/pipe.err"
dc_expect_eq "piped: no progress" "$(grep -c 'probe loop' "$DC_SCRATCH/pipe.err")" 0

for l in "${devs[@]}" "$s1" "$s2"; do losetup -d "$l"; done
for i in "${!files[@]}"; do
	dc_expect_eq "bytes unchanged: $(basename "${files[i]}")" "$(dc_sha "${files[i]}")" "${sums[i]}"
done
dc_summary
