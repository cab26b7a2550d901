# SPDX-License-Identifier: GPL-2.0-or-later
# table.awk - the table of bench/scan-vs-smartctl from the guest's "DCB ..." lines (guest.sh).
#
# Per drive type and tool: the medians over the timed rounds (round 0, the warm-up, is
# dropped) of wall time, CPU time (user + sys) and max RSS; nvme-cli's three commands of
# a round count as one run (times added, the largest RSS). Then the ratios of the medians,
# drivecheck / smartctl and drivecheck / nvme-cli: below 1, drivecheck is the cheaper.
# -v brief=1 leaves out the cmds, output and exit columns.

function median(s,   a, n, i, j, t) {
	n = split(s, a, " ")
	if (n == 0) return -1
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function ms(x) { return x < 0 ? "-" : sprintf("%.0f ms", x * 1000) }
function mib(x) { return x < 0 ? "-" : sprintf("%.1f MiB", x / 1024) }
function ratio(a, b) { return (a < 0 || b <= 0) ? "-" : sprintf("%.2f", a / b) }
function add(type, tool, w, c, r) {
	wall[type, tool] = wall[type, tool] " " w; cpu[type, tool] = cpu[type, tool] " " c
	rss[type, tool] = rss[type, tool] " " r; runs[type, tool]++
}
function exitcode(type, tool, rc) {
	if (rc != 0 && index(" " rcs[type, tool] " ", " " rc " ") == 0) rcs[type, tool] = rcs[type, tool] " " rc
}

$2 == "dev" { types[++nt] = $3; dev[$3] = $4 }
# $3 type, $4 device, $5 tool, $6 round, $7 exit code, $8 wall s, $9 user s, $10 sys s, $11 max RSS KiB
$2 == "run" && $6 > 0 && NF == 11 {
	if ($5 ~ /^nvme-(id-ctrl|smart-log|get-feature)$/) {
		k = $3 SUBSEP $6
		nw[k] += $8; nc[k] += $9 + $10; if ($11 > nr[k]) nr[k] = $11
		exitcode($3, "nvme-cli", $7)
		if (++nn[k] == 3) add($3, "nvme-cli", nw[k], nc[k], nr[k])
		next
	}
	add($3, $5, $8, $9 + $10, $11)
	exitcode($3, $5, $7)
}
$2 == "cmds" {
	t = ($5 ~ /^nvme-(id-ctrl|smart-log|get-feature)$/) ? "nvme-cli" : $5
	cmds[$3, t] += $6; out[$3, t] += $7
}
END {
	split("drivecheck smartctl nvme-cli", tools, " ")
	label["drivecheck"] = "drivecheck --no-probe --json"
	label["smartctl"] = "smartctl -x -j"
	label["nvme-cli"] = "nvme id-ctrl+smart-log+get-feature"
	slabel["drivecheck"] = "drivecheck --version (opens its db)"
	slabel["smartctl"] = "smartctl -d test /dev/null (its db)"
	slabel["nvme-cli"] = "nvme version"
	printf "%-5s  %-12s  %-35s  %4s  %7s  %7s  %8s", "type", "device", "tool", "runs", "wall", "cpu", "max RSS"
	print brief ? "" : sprintf("  %4s  %6s  %s", "cmds", "output", "exit")
	for (i = 1; i <= nt; i++) {
		t = types[i]
		for (j = 1; j <= 3; j++) {
			o = tools[j]
			if (!((t, o) in runs)) continue
			W[t, o] = median(wall[t, o]); C[t, o] = median(cpu[t, o]); R[t, o] = median(rss[t, o])
			printf "%-5s  %-12s  %-35s  %4d  %7s  %7s  %8s", t, dev[t], t == "start" ? slabel[o] : label[o],
				runs[t, o], ms(W[t, o]), ms(C[t, o]), mib(R[t, o])
			print brief ? "" : sprintf("  %4s  %5.1fK  %s", ((t, o) in cmds) ? cmds[t, o] : "-",
				out[t, o] / 1024, rcs[t, o] == "" ? "0" : substr(rcs[t, o], 2))
		}
	}
	print ""
	printf "%-5s  %-24s  %5s  %5s  %7s\n", "type", "ratio of the medians", "wall", "cpu", "max RSS"
	for (i = 1; i <= nt; i++) {
		t = types[i]
		for (j = 2; j <= 3; j++) {
			o = tools[j]
			if (!((t, o) in W) || !((t, "drivecheck") in W)) continue
			printf "%-5s  %-24s  %5s  %5s  %7s\n", t, "drivecheck / " o, ratio(W[t, "drivecheck"], W[t, o]),
				ratio(C[t, "drivecheck"], C[t, o]), ratio(R[t, "drivecheck"], R[t, o])
		}
	}
}
