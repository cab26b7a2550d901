# SPDX-License-Identifier: GPL-2.0-or-later
# tests/lib/probed.sh - sourced by the shell tests (bash, jq): copies of captured dumps with
# the result of a fast probe added, as a live scan of their host would have timed them.
# A dump holds no probe, and nothing unmeasured passes (docs/design.md): a test of what
# passing drives become (a spec, a fleet's order) needs them timed.
#
#   probed_dump SRC DST    SRC a dump folder (one drive's device.json, or a folder of
#                          such); DST the copy, every device.json in it with a probe whose
#                          durable writes took 40 us at the median (fast on every transport)

# The probe result of dump format 1.x; its mode a number before 1.3, its name from 1.3
# (docs/dump-format.md).
_probed_json='
	def lat($p50): { count: 2000, mean_us: ($p50 + 2), stdev_us: 5, min_us: ($p50 - 10),
		p50_us: $p50, p90_us: ($p50 + 8), p99_us: ($p50 + 20), p999_us: ($p50 + 50),
		max_us: ($p50 + 160), iops: (1e6 / ($p50 + 2) | floor) };
	.probe = { mode: (if .dump_format_version >= [1, 3] then "raw" else 2 end),
		where: .device.path, skipped: "", duration_s: 2.0, stable: true,
		sync: lat(40), flush: lat(40), nosync: lat(30) }'

probed_dump() {
	local src=$1 dst=$2 f
	rm -rf "$dst" && mkdir -p "$(dirname "$dst")" && cp -r "$src" "$dst" || return 1
	while IFS= read -r f; do
		jq "$_probed_json" "$f" >"$f.new" && mv "$f.new" "$f" || return 1
	done < <(find "$dst" -name device.json)
}
