#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/cli/output.sh - nothing cut is believed: every command whose stdout cannot be
# written whole (/dev/full, a closed stdout, a reader gone, a full temporary folder under
# the table) exits 7 and says "write error" on stderr, never 0 or a verdict; a command
# that writes nothing to stdout is not hurt by it; the textfile wrapper on a full tmpfs
# leaves the old drivecheck.prom as it was. Replays and imports only: no device is read.
# Needs root (tmpfs mounts, a mount namespace for /tmp).
set -u
. "$(dirname "$0")/../lib/checks.sh"
. "$(dirname "$0")/../lib/probed.sh"
BUILD=${BUILD:-build}
DC=$(realpath "$BUILD/drivecheck")
TOP=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d)
cleanup() {
	undo_devices
	rm -rf "$T"
}
trap cleanup EXIT
cd "$TOP" || exit 1
# A sanitizer report (make check-asan) fails a check, as in tests/report.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
sanitized() { grep -q -e 'runtime error:' -e 'Sanitizer' "$1"; }

# Hosts' files for report, and a host whose one drive makes a spec.
"$DC" --json --replay data/dumps --host h1 >"$T/h1.json" 2>/dev/null
"$DC" --json --replay data/e2e/dump --host h2 >"$T/h2.json" 2>/dev/null
# a passing drive for the specs: timed, as nothing unmeasured passes (tests/lib/probed.sh)
probed_dump data/dumps/INTEL_SSDSC2KB960G8 "$T/intel"
"$DC" --json --replay "$T/intel" --host h3 >"$T/h3.json" 2>/dev/null

# full NAME ARGS...: ARGS to a file, then to /dev/full. To a file: the exit code it always
# has (not 7) and some output; to /dev/full: 7, and "write error" said on stderr.
full() {
	local name=$1 rc_file rc
	shift
	"$DC" "$@" >"$T/out" 2>"$T/err.file"; rc_file=$?
	"$DC" "$@" >/dev/full 2>"$T/err"; rc=$?
	check "$name: to a file: exit $rc_file, not 7, and an output" "[ $rc_file -ne 7 ] && [ -s $T/out ]"
	check "$name > /dev/full: exit 7 ($rc), write error on stderr" \
		"[ $rc -eq 7 ] && grep -q '^drivecheck[a-z ]*: write error' $T/err && ! sanitized $T/err"
	if [ $rc -ne 7 ] || ! grep -q 'write error' "$T/err"; then sed 's/^/  /' "$T/err" | tail -3 >&2; fi
}
E2E=data/e2e/dump
full "scan --json" --json --replay $E2E
full "scan --prometheus" --prometheus --replay $E2E
full "scan table" --replay $E2E
full "scan table -v" -v --replay $E2E
full "scan --gate" --gate ceph-osd --replay $E2E
full "one drive, a small table (cut at exit only)" --replay data/dumps/INTEL_SSDSC2KB960G8
full "lookup" lookup PM883
full "lookup --json" lookup --json PM883 MZ7LH960
full "lookup --list" lookup --list
full "lookup --advisories" lookup --advisories
full "lookup --json --advisories" lookup --json --advisories
full "import table" import data/import/smartctl-json
full "import -v" import -v data/import/smartctl-json
full "import --json" import --json data/import/smartctl-json
full "import --prometheus" import --prometheus data/import/smartctl-json
full "import --gate" import --gate ceph-osd data/import/smartctl-json
full "report table" report "$T/h1.json" "$T/h2.json"
full "report --json" report --json "$T/h1.json" "$T/h2.json"
full "report --gate" report --gate ceph-osd "$T/h1.json" "$T/h2.json"
full "ceph-spec" ceph-spec --replay "$T/intel" --host h3
full "report --ceph-spec" report --ceph-spec "$T/h3.json"
full "--help" --help
full "--version" --version
# the reason the kernel gave, as util-linux says it, where stdio still has it
"$DC" --json --replay $E2E >/dev/full 2>"$T/err"
check "the reason: No space left on device" "grep -q '^drivecheck: write error: No space left on device\$' $T/err"
"$DC" lookup --json PM883 >/dev/full 2>"$T/err"
check "said once" "[ \$(grep -c 'write error' $T/err) -eq 1 ]"

# Nothing for stdout: nothing to fail (ceph-spec without a passing drive says so on stderr)
"$DC" ceph-spec --replay $E2E --host lab >/dev/full 2>"$T/err"; rc=$?
check "ceph-spec with nothing to print > /dev/full: its own exit 1" "[ $rc -eq 1 ] && ! grep -q 'write error' $T/err"
"$DC" ceph-spec --replay $E2E --host lab >&- 2>"$T/err"; rc=$?
check "... and with stdout closed: exit 1" "[ $rc -eq 1 ] && ! grep -q 'write error' $T/err"
# a closed stdout that is written to
"$DC" --json --replay $E2E >&- 2>"$T/err"; rc=$?
check "scan --json with stdout closed: exit 7, Bad file descriptor" "[ $rc -eq 7 ] && grep -q 'write error: Bad file descriptor' $T/err"
# a reader that goes away, where SIGPIPE is ignored (a service manager may): EPIPE is an
# error too, the reader did not get it all
(trap '' PIPE; "$DC" --json --replay data/dumps 2>"$T/err" | head -c 100 >/dev/null; echo "${PIPESTATUS[0]}" >"$T/rc")
check "reader gone, SIGPIPE ignored: exit 7, Broken pipe" "[ \$(cat $T/rc) -eq 7 ] && grep -q 'write error: Broken pipe' $T/err"

# The table's notes wait in temporary files (tmpfile(3), in /tmp): a /tmp too small for the
# -v details cuts them, which is a write error too, whatever stdout is.
"$DC" -v --replay data/dumps >"$T/v.whole" 2>/dev/null; rc_whole=$?
unshare -m sh -c "mount -t tmpfs -o size=4k tmpfs /tmp && exec '$DC' -v --replay data/dumps" \
	>"$T/v.cut" 2>"$T/err"; rc=$?
check "-v with /tmp full: exit 7 ($rc), write error on stderr" "[ $rc -eq 7 ] && grep -q 'write error: No space left on device' $T/err"
check "-v with /tmp full: the output is indeed cut ($(wc -c <"$T/v.cut") of $(wc -c <"$T/v.whole") bytes)" \
	"[ $rc_whole -eq 0 ] && [ \$(wc -c <$T/v.cut) -lt \$(wc -c <$T/v.whole) ]"
unshare -m sh -c "mount -t tmpfs -o size=1m tmpfs /tmp && exec '$DC' -v --replay data/dumps" \
	>"$T/v.room" 2>/dev/null; rc=$?
check "-v with room in /tmp: exit 0, the whole output" "[ $rc -eq 0 ] && cmp -s $T/v.room $T/v.whole"

# --- the textfile wrapper on a 64 KiB tmpfs ---
WRAP=$T/drivecheck-textfile
sed "s|@BINDIR@|$(dirname "$DC")|g" contrib/drivecheck-textfile.in >"$WRAP"
chmod +x "$WRAP"
TF=$T/textfile
mkdir -p "$TF"
mount -t tmpfs -o size=64k tmpfs "$TF" || { bad "cannot mount a tmpfs on $TF"; exit 1; }
MNT=$TF
wrap() { DRIVECHECK=${FAKE:-$DC} DRIVECHECK_TEXTFILE_DIR=$TF "$WRAP" "$@"; }
others() { find "$TF" -mindepth 1 ! -name drivecheck.prom | wc -l; }
wrap --replay data/dumps/INTEL_SSDSC2KB960G8 2>"$T/err"; rc=$?
check "wrapper, a small output: exit 0, installed" "[ $rc -eq 0 ] && grep -q '^drivecheck_build_info' $TF/drivecheck.prom"
cp "$TF/drivecheck.prom" "$T/old.prom"
touch -d '2001-01-01' "$TF/drivecheck.prom"
inode=$(stat -c '%i %Y' "$TF/drivecheck.prom")
unchanged() { cmp -s "$T/old.prom" "$TF/drivecheck.prom" && [ "$(stat -c '%i %Y' "$TF/drivecheck.prom")" = "$inode" ] && [ "$(others)" -eq 0 ]; }
# the whole output is larger than what is left of the 64 KiB
"$DC" --prometheus --replay $E2E >"$T/big.prom" 2>/dev/null
big=$(wc -c <"$T/big.prom")
free_kb=$(df -k --output=avail "$TF" | tail -1)
check "the big output ($big bytes) does not fit in the tmpfs ($free_kb KiB free)" "[ $big -gt \$((free_kb * 1024)) ]"
wrap --replay $E2E 2>"$T/err"; rc=$?
check "wrapper, output too big: exit 1, the old file untouched, no temporary left" "[ $rc -eq 1 ] && unchanged"
check "wrapper, output too big: said" "grep -q 'could not write its whole output' $T/err && grep -q 'write error: No space left on device' $T/err"
# an output cut mid-line by something else, with exit 0: not installed either
FAKE=$T/fake
cat >"$FAKE" <<'EOF'
#!/bin/sh
printf '# HELP x y\n# TYPE x gauge\nx{device="/dev/sda'
EOF
chmod +x "$FAKE"
FAKE=$FAKE wrap 2>"$T/err"; rc=$?
check "wrapper, exit 0 with a line cut: exit 1, the old file untouched" "[ $rc -eq 1 ] && unchanged && grep -q 'mid-line' $T/err"

echo "tests/cli/output: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
