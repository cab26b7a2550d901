# SPDX-License-Identifier: GPL-2.0-or-later
# cmds.awk - names the device commands in an strace -e trace=ioctl log (bench/scan-vs-smartctl).
#
# Usage: awk -f cmds.awk STRACE_LOG: one line, the commands in order, e.g.
#   "ATA IDENTIFY (CK_COND) !, ATA IDENTIFY" where "!" marks a command the device refused
#   (CHECK CONDITION with a sense key other than NO SENSE / RECOVERED ERROR, or a host or
#   driver error). SG_IO CDBs are decoded (SCSI, and ATA behind ATA PASS-THROUGH); NVMe
#   passthrough is not (strace shows a pointer), so it is named by its return value only.

function hex(s) { return index("0123456789abcdef", substr(s, 1, 1)) * 16 + index("0123456789abcdef", substr(s, 2, 1)) - 17 }
function bytes(field, out,   s, n, i, parts) { # "\x12\x00..." -> out[0..n-1]; returns n
	s = field; gsub(/"/, "", s)
	n = split(s, parts, /\\x/)
	for (i = 2; i <= n; i++) out[i - 2] = hex(tolower(parts[i]))
	return n - 1
}
function h(b) { return sprintf("0x%02x", b) }
function ata(cmd, feat, lba, ck,   name) {
	if (cmd == 236) name = "ATA IDENTIFY"
	else if (cmd == 161) name = "ATA IDENTIFY PACKET"
	else if (cmd == 176) {
		if (feat == 208) name = "SMART READ DATA"
		else if (feat == 209) name = "SMART THRESHOLDS"
		else if (feat == 218) name = "SMART RETURN STATUS"
		else if (feat == 213) name = "SMART READ LOG " h(lba)
		else if (feat == 216) name = "SMART ENABLE"
		else name = "SMART " h(feat)
	} else if (cmd == 47) name = "READ LOG EXT " h(lba)
	else if (cmd == 71) name = "READ LOG DMA EXT " h(lba)
	else if (cmd == 229) name = "CHECK POWER MODE"
	else if (cmd == 239) name = "SET FEATURES " h(feat)
	else name = "ATA " h(cmd)
	return name (ck ? " (CK_COND)" : "")
}
function scsi(c, n,   op) {
	op = c[0]
	if (op == 133 && n >= 16) return ata(c[14], c[4], c[8], int(c[2] / 32) % 2)
	if (op == 161 && n >= 12) return ata(c[9], c[3], c[5], int(c[2] / 32) % 2)
	if (op == 18) return (c[1] % 2) ? "VPD " h(c[2]) : "INQUIRY"
	if (op == 26) return "MODE SENSE(6) " h(c[2] % 64)
	if (op == 90) return "MODE SENSE(10) " h(c[2] % 64)
	if (op == 77) return "LOG SENSE " h(c[2] % 64)
	if (op == 158) return "READ CAPACITY(16)"
	if (op == 37) return "READ CAPACITY(10)"
	if (op == 0) return "TEST UNIT READY"
	if (op == 3) return "REQUEST SENSE"
	if (op == 183 || op == 55) return "READ DEFECT DATA"
	if (op == 28) return "RECEIVE DIAGNOSTIC " h(c[2])
	if (op == 163) return "MAINTENANCE IN " h(c[1] % 32)
	return "SCSI " h(op)
}
function refused(line,   sb, s, n, key) {
	if (line ~ /host_status=0x[1-9a-f]/) return 1
	if (line ~ /driver_status=0x[1-79a-f]/) return 1
	if (line !~ /[ ,{]status=0x2,/) return 0
	if (!match(line, /sbp="[^"]*"/)) return 1
	n = bytes(substr(line, RSTART + 4, RLENGTH - 4), sb)
	if (n < 3) return 1
	key = (sb[0] % 128 >= 114) ? sb[1] % 16 : sb[2] % 16 # descriptor (0x72/0x73) or fixed sense
	return !(key == 0 || key == 1)
}
/ioctl\([0-9]+, SG_IO, / {
	if (!match($0, /cmdp="[^"]*"/)) next
	n = bytes(substr($0, RSTART + 5, RLENGTH - 5), cdb)
	add(scsi(cdb, n), refused($0))
	next
}
/ioctl\([0-9]+, NVME_IOCTL_(ADMIN|ADMIN64|IO|IO64)_CMD, / {
	add("NVMe admin", $NF != "0")
}
function add(name, bad) { # runs of the same command and outcome are counted: "LOG SENSE 0x00 x2 !"
	if (name == last && bad == lastbad) { reps++; return }
	flush()
	last = name; lastbad = bad; reps = 1
}
function flush() {
	if (last == "") return
	list = list (list == "" ? "" : ", ") last (reps > 1 ? " x" reps : "") (lastbad ? " !" : "")
}
END { flush(); print (list == "" ? "none" : list) }
