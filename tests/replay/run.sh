#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run.sh - replays every dump under data/dumps/ against tests/expected/, and every bad
# dump under data/dumps-bad/ against tests/replay/bad.tsv. Prints "N passed, N failed".
#
#   tests/replay/run.sh                      uses build/drivecheck
#   DRIVECHECK=build-asan/drivecheck tests/replay/run.sh   (a SANITIZE=1 build)
#   V=1 tests/replay/run.sh                  also names each test and known failure
#
# Exit 0 when every test passed (known failures of bad.tsv excepted), 1 otherwise,
# 2 when the tool or python3 is missing. Needs python3 (standard library only).
set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
DRIVECHECK=${DRIVECHECK:-$top/build/drivecheck}
V=${V:-0}
here=$top/tests/replay
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dc-replay.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

if [ ! -x "$DRIVECHECK" ]; then
	echo "run.sh: $DRIVECHECK not built (make first)" >&2
	exit 2
fi
if ! command -v python3 >/dev/null 2>&1; then
	echo "run.sh: python3 is needed" >&2
	exit 2
fi
# A sanitizer report must end the run with a failure, leaks included.
ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
export ASAN_OPTIONS UBSAN_OPTIONS

pass=0
fail=0
known=0

ok() {
	pass=$((pass + 1))
	[ "$V" = 1 ] && echo "PASS $1"
	return 0
}

bad() {
	fail=$((fail + 1))
	echo "FAIL $1"
	# tests/mutants/run.py: one failure kills a mutant, the rest need not run
	[ -z "${DC_FAIL_FAST:-}" ] || exit 1
}

# Fixtures are what their specs say (tests/fixtures/mkfixture.py rebuilds them).
if python3 "$top/tests/fixtures/mkfixture.py" --check --all 2>"$tmp/mk.err"; then
	ok "fixtures match their fixture.json"
else
	bad "fixtures differ from their fixture.json (run tests/fixtures/mkfixture.py --all)"
	sed 's/^/  /' "$tmp/mk.err"
fi

# Good dumps: the whole JSON report, minus volatile keys, as reviewed in tests/expected/.
ndumps=0
for dir in "$top"/data/dumps/*/; do
	[ -f "$dir/device.json" ] || continue
	name=$(basename "$dir")
	ndumps=$((ndumps + 1))
	exp=$top/tests/expected/$name.json
	timeout 60 "$DRIVECHECK" --replay "$dir" --json >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" -ne 0 ]; then
		bad "$name: exit $rc"
		sed 's/^/  /' "$tmp/err"
		continue
	fi
	if grep -q -e 'runtime error:' -e 'Sanitizer' "$tmp/err"; then
		bad "$name: sanitizer report"
		sed 's/^/  /' "$tmp/err"
		continue
	fi
	if ! python3 "$here/normalise.py" <"$tmp/out" >"$tmp/norm"; then
		bad "$name: output is not JSON"
		continue
	fi
	if [ ! -f "$exp" ]; then
		bad "$name: no tests/expected/$name.json (run tests/replay/regen.sh)"
		continue
	fi
	if diff -u "$exp" "$tmp/norm" >"$tmp/diff"; then
		ok "$name"
	else
		bad "$name: output differs from tests/expected/$name.json"
		sed 's/^/  /' "$tmp/diff" | head -40
	fi
done

# Expected files without a dump are stale.
for exp in "$top"/tests/expected/*.json; do
	[ -f "$exp" ] || continue
	name=$(basename "$exp" .json)
	[ -f "$top/data/dumps/$name/device.json" ] || bad "tests/expected/$name.json has no dump"
done

# What the device said of a page it refused, in the table's "not read" line as in the JSON
# (bad.tsv holds the JSON): the sense key, ASC and ASCQ a 1.3 dump keeps; a dump older than
# 1.3 (its "error" 0x10005: the key alone) keeps the words it always had.
not_read_line() { # NAME DUMP LINE
	timeout 60 "$DRIVECHECK" --replay "$2" -v >"$tmp/out" 2>&1
	if grep -qxF "  not read: $3" "$tmp/out"; then
		ok "$1"
	else
		bad "$1: want 'not read: $3'"
		grep 'not read' "$tmp/out" | sed 's/^/  /'
	fi
}
not_read_line "a refused page's sense in the table's not-read line" \
	"$top/data/dumps-bad/scsi-vpd86-sense" \
	'scsi vpd 0x86 (extended inquiry): ILLEGAL REQUEST: invalid field in CDB (sense 5/24/00)'
not_read_line "a 1.1 dump's sense key in the table's not-read line, as before" \
	"$top/data/e2e/dump/sda" \
	'scsi vpd 0x86 (extended inquiry): not supported by the device (SCSI sense key 0x5)'

# Format 1.3 stores enums by name: every old dump (numbers), rewritten with names by
# to_names.py, replays to the very same output; e2e's 1.1 dumps have a probe and errors.
# The dumps already of 1.4 (availability; mkfixture.py writes them by name) have nothing
# to rewrite: the loop over tests/expected above holds them to the outputs they had with
# numbers, and the reader refuses a number in them.
nall=0
nnames=0
nsame=0
nnamed=0
for dir in "$top"/data/dumps/*/ "$top"/data/e2e/dump/*/; do
	[ -f "$dir/device.json" ] || continue
	name=$(basename "$dir")
	nall=$((nall + 1))
	rm -rf "$tmp/named"
	python3 "$here/to_names.py" "$dir" "$tmp/named" 2>"$tmp/err"
	case $? in
	0) ;;
	2)
		if jq -e '.dump_format_version == [1, 4] and (.device.rotational | type == "string") and (.device.kernel_fua | type == "string") and all(.pages[]; .result | type == "string")' "$dir/device.json" >/dev/null; then
			nnamed=$((nnamed + 1))
		else
			bad "$name: a dump of 1.3 or later in data/ that is not 1.4 with names"
		fi
		continue ;;
	*) bad "$name: to_names.py"; sed 's/^/  /' "$tmp/err"; continue ;;
	esac
	nnames=$((nnames + 1))
	timeout 60 "$DRIVECHECK" --replay "$dir" --json >"$tmp/old.json" 2>&1
	echo "exit $?" >>"$tmp/old.json"
	timeout 60 "$DRIVECHECK" --replay "$tmp/named" --json >"$tmp/new.json" 2>&1
	echo "exit $?" >>"$tmp/new.json"
	if grep -q '"devices"' "$tmp/old.json" && cmp -s "$tmp/old.json" "$tmp/new.json"; then
		nsame=$((nsame + 1))
		continue
	fi
	bad "$name: the dump with names replays unlike the one with numbers"
	diff -u "$tmp/old.json" "$tmp/new.json" | sed 's/^/  /' | head -20
done
if [ "$nall" -gt 40 ] && [ "$nnames" -gt 30 ] && [ "$nsame" = "$nnames" ] &&
	[ $((nnames + nnamed)) = "$nall" ]; then
	ok "dumps with numbers and with names replay the same ($nsame; $nnamed already 1.4 by name)"
else
	bad "dumps with numbers and with names: $nsame of $nnames replay the same ($nnamed of $nall already by name)"
fi

# All good dumps at once: the folder-of-dumps form of --replay.
timeout 120 "$DRIVECHECK" --replay "$top/data/dumps" --json >"$tmp/all" 2>"$tmp/err"
rc=$?
n=$(python3 -c 'import json,sys; print(len(json.load(sys.stdin)["devices"]))' <"$tmp/all" 2>/dev/null)
if [ "$rc" -eq 0 ] && [ "${n:-x}" = "$ndumps" ]; then
	ok "replay of data/dumps as one folder: $n devices"
else
	bad "replay of data/dumps as one folder: exit $rc, ${n:-no} devices of $ndumps"
fi

# The fixtures rebuilt from real smartctl reports decode to what the reports print.
if python3 "$here/check_reports.py" "$DRIVECHECK" >"$tmp/reports" 2>&1; then
	ok "decoded numbers equal the smartctl reports' ($(tail -n 1 "$tmp/reports"))"
else
	bad "decoded numbers differ from the smartctl reports"
	grep -v ' passed, ' "$tmp/reports" | sed 's/^/  /' | head -40
fi

# Every captured NVMe drive that declares no volatile cache: S and U by its own word, and
# with a fast probe its roles pass.
if python3 "$here/check_declared.py" "$DRIVECHECK" >"$tmp/declared" 2>&1; then
	ok "drives that declare no volatile cache ($(tail -n 1 "$tmp/declared"))"
else
	bad "drives that declare no volatile cache"
	grep -v ' passed, ' "$tmp/declared" | sed 's/^/  /' | head -40
fi

# Bad dumps: no crash, no sanitizer report, exit 0 or 3 as bad.tsv says, the problem named.
grep -v '^#' "$here/bad.tsv" | while IFS= read -r row; do
	[ -n "$row" ] || continue
	name=$(printf '%s\n' "$row" | cut -f1)
	reason=$(printf '%s\n' "$row" | cut -f6)
	[ "$reason" = "-" ] && reason=
	dir=$top/data/dumps-bad/$name
	if [ ! -d "$dir" ]; then
		echo "F $name: no folder data/dumps-bad/$name"
		continue
	fi
	timeout 60 "$DRIVECHECK" --replay "$dir" --json >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if python3 "$here/check_bad.py" "$row" "$rc" "$tmp/out" "$tmp/err" >"$tmp/why"; then
		echo "P $name${reason:+ $reason}"
	else
		echo "F $name	$reason"
		cat "$tmp/why"
	fi
done >"$tmp/bad.log"
for dir in "$top"/data/dumps-bad/*/; do
	name=$(basename "$dir")
	grep -q "^$name	" "$here/bad.tsv" || echo "F $name: not in tests/replay/bad.tsv" >>"$tmp/bad.log"
done
while IFS= read -r line; do
	case $line in
	"P "*)
		name=${line#P }
		case $name in
		*" "?*) [ "$V" = 1 ] && echo "XPASS ${name%% *}: a known failure passes here (${name#* })" ;;
		esac
		ok "${name%% *}"
		;;
	"F "*)
		name=${line#F }
		reason=$(printf '%s' "$name" | cut -f2 -s)
		name=$(printf '%s' "$name" | cut -f1)
		if [ -n "$reason" ]; then
			known=$((known + 1))
			echo "KNOWN FAILURE $name: $reason"
		else
			bad "$name"
		fi
		;;
	*)
		echo "$line"
		;;
	esac
done <"$tmp/bad.log"

if [ "$known" -gt 0 ]; then
	echo "$pass passed, $fail failed ($known known failures, see tests/replay/bad.tsv)"
else
	echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
