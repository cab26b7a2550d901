# SPDX-License-Identifier: GPL-2.0-or-later
# lib.sh - helpers for the probe's shell tests: scratch loop devices, one probe runner, checks.
#
# Sourced by tests/probe/t*.sh. Every device a test touches is a loop device that the
# test made over a scratch file, and the EXIT trap detaches it: never the host's disks.
#
# The probe runs through the CLI (build/drivecheck --json --probe-time T [--probe-dir D]
# DEV, JSON devices[0].probe), and the result is flattened to key=value lines
# ("sync.p50_us=12.3") in $DC_OUT.

set -u

DC_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${BUILD:-$DC_ROOT/build}
DC_CLI=${DC_CLI:-$BUILD/drivecheck}
DC_SHM=${DC_SHM:-/dev/shm}          # tmpfs: cheap flushes
DC_HOSTFS=${DC_HOSTFS:-/var/tmp}    # a real filesystem of the host: real flushes

DC_PASS=0
DC_FAIL=0
DC_N=0
DC_OUT=""
DC_LOOP=""
DC_SCRATCH=""
DC_SCRATCH_DIRS=()
DC_LOOPS=()
DC_MOUNTS=()
DC_PIDS=()

dc_log() { printf '%s\n' "$*" >&2; }

dc_pass() { DC_PASS=$((DC_PASS + 1)); printf 'ok   %s\n' "$1"; }

dc_fail() {
	DC_FAIL=$((DC_FAIL + 1))
	printf 'FAIL %s\n' "$1"
	[ $# -gt 1 ] && printf '     %s\n' "${@:2}"
	[ -n "$DC_OUT" ] && [ -f "$DC_OUT" ] && sed 's/^/     | /' "$DC_OUT" | head -12
	return 0
}

# dc_summary: the last line of every test, and its exit status.
dc_summary() {
	printf '%d passed, %d failed\n' "$DC_PASS" "$DC_FAIL"
	[ "$DC_FAIL" -eq 0 ]
}

dc_cleanup() {
	local i
	for i in "${DC_PIDS[@]}"; do
		kill -KILL "$i" 2>/dev/null
		wait "$i" 2>/dev/null
	done
	for ((i = ${#DC_MOUNTS[@]} - 1; i >= 0; i--)); do
		umount "${DC_MOUNTS[i]}" 2>/dev/null
	done
	for i in "${DC_LOOPS[@]}"; do
		losetup -d "$i" 2>/dev/null
	done
	for i in "${DC_SCRATCH_DIRS[@]}"; do
		rm -rf -- "$i"
	done
}

# dc_init: root check, the probe runner, scratch dirs and the trap.
dc_init() {
	if [ "$(id -u)" != 0 ]; then
		dc_log "these tests need root (loop devices, mount)"
		exit 77
	fi
	for c in losetup mkfs.ext4 sha256sum mount; do
		command -v "$c" >/dev/null || { dc_log "missing $c"; exit 77; }
	done
	command -v jq >/dev/null || { dc_log "missing jq"; exit 77; }
	[ -x "$DC_CLI" ] || { dc_log "no $DC_CLI (run make)"; exit 77; }
	trap dc_cleanup EXIT
	trap 'exit 130' INT TERM
	DC_SCRATCH=$(mktemp -d "$DC_SHM/dcprobe.XXXXXX")
	DC_SCRATCH_DIRS+=("$DC_SCRATCH")
}

# dc_hostfs_dir: a scratch dir on the host's real filesystem (not tmpfs), path in DC_DIR.
dc_hostfs_dir() {
	DC_DIR=$(mktemp -d "$DC_HOSTFS/dcprobe.XXXXXX")
	DC_SCRATCH_DIRS+=("$DC_DIR")
}

# dc_backing FILE MIB [random|zero]: a fully written scratch file (no holes: a write
# into a hole of the backing file would measure the host's allocation, not a write).
dc_backing() {
	local src=/dev/zero
	[ "${3:-random}" = random ] && src=/dev/urandom
	dd if="$src" of="$1" bs=1M count="$2" status=none conv=fsync
}

# dc_loop FILE [losetup options...]: attach, device in DC_LOOP (detached at exit).
dc_loop() {
	local f=$1
	shift
	DC_LOOP=$(losetup -f --show "$@" "$f") || { dc_log "losetup $* $f failed"; exit 1; }
	DC_LOOPS+=("$DC_LOOP")
	udevadm settle 2>/dev/null || true
}

# dc_mount DEV DIR [mount options...]
dc_mount() {
	local dev=$1 dir=$2
	shift 2
	mkdir -p "$dir"
	mount "$@" "$dev" "$dir" || { dc_log "mount $dev failed"; exit 1; }
	DC_MOUNTS+=("$dir")
}

dc_umount() {
	umount "$1"
	local i
	for i in "${!DC_MOUNTS[@]}"; do
		[ "${DC_MOUNTS[i]}" = "$1" ] && unset 'DC_MOUNTS[i]'
	done
	DC_MOUNTS=("${DC_MOUNTS[@]}")
}

# dc_probe_argv DEV SECONDS [PROBE_DIR]: the command line, in the array DC_ARGV.
dc_probe_argv() {
	DC_ARGV=("$DC_CLI" --json --probe-time "$2")
	[ -n "${3:-}" ] && DC_ARGV+=(--probe-dir "$3")
	DC_ARGV+=("$1")
}

# dc_flatten RAWFILE: turn the runner's output into key=value lines on stdout.
dc_flatten() {
	jq -r '.devices[0].probe // {} | paths(scalars) as $p
	       | "\($p | map(tostring) | join("."))=\(getpath($p) // "")"' "$1"
}

# dc_probe DEV SECONDS [PROBE_DIR]: run the probe, result in the file $DC_OUT.
dc_probe() {
	DC_N=$((DC_N + 1))
	DC_OUT=$DC_SCRATCH/probe.$DC_N
	dc_probe_argv "$@"
	"${DC_ARGV[@]}" >"$DC_OUT.raw" 2>"$DC_OUT.err"
	DC_RC=$?
	dc_flatten "$DC_OUT.raw" >"$DC_OUT"
}

# dc_get KEY: a value of the last probe ("" when absent).
dc_get() { sed -n "s/^$1=//p" "$DC_OUT" | head -n 1; }

# dc_num_lt A B: A < B as numbers.
dc_num_lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 < b + 0) }'; }

# dc_expect_eq NAME GOT WANT
dc_expect_eq() {
	if [ "$2" = "$3" ]; then dc_pass "$1"; else dc_fail "$1" "got '$2', want '$3'"; fi
}

# dc_expect_match NAME GOT ERE
dc_expect_match() {
	if printf '%s' "$2" | grep -Eqi -- "$3"; then dc_pass "$1"; else dc_fail "$1" "got '$2', want /$3/"; fi
}

# dc_expect_refused NAME ERE: the last probe did not run, and said why.
dc_expect_refused() {
	local mode skipped
	mode=$(dc_get mode)
	skipped=$(dc_get skipped)
	if [ "$mode" = raw ] || [ "$mode" = file ]; then
		dc_fail "$1" "ran in $mode mode, should have been refused"
	elif [ -z "$skipped" ]; then
		dc_fail "$1" "refused without a reason"
	else
		dc_expect_match "$1" "$skipped" "$2"
	fi
}

# dc_expect_ran NAME MODE: the last probe ran in MODE and counted writes in both phases.
dc_expect_ran() {
	local mode s n
	mode=$(dc_get mode)
	s=$(dc_get sync.count)
	n=$(dc_get nosync.count)
	if [ "$mode" != "$2" ]; then
		dc_fail "$1" "mode '$mode', want '$2' (skipped: $(dc_get skipped))"
	elif ! dc_num_lt 0 "${s:-0}" || ! dc_num_lt 0 "${n:-0}"; then
		dc_fail "$1" "no writes counted (sync $s, nosync $n)"
	else
		dc_pass "$1"
	fi
}

dc_sha() { sha256sum "$1" | cut -d' ' -f1; }

# dc_loop_writes DEV: writes completed on a block device (field 5 of its sysfs stat).
dc_loop_writes() { awk '{ print $5 }' "/sys/class/block/$(basename "$1")/stat"; }

# dc_mbr FILE: a DOS partition table with one Linux partition from sector 2048.
dc_mbr() {
	local file=$1 sectors
	sectors=$(( $(stat -c %s "$file") / 512 - 2048 ))
	if command -v sfdisk >/dev/null; then
		echo 'start=2048, type=83' | sfdisk -q "$file" >/dev/null 2>&1
		return
	fi
	# No sfdisk: write the one entry by hand (status, CHS, type 0x83, CHS, LBA, count).
	le32() { printf '\\x%02x\\x%02x\\x%02x\\x%02x' $(($1 & 255)) $(($1 >> 8 & 255)) \
		$(($1 >> 16 & 255)) $(($1 >> 24 & 255)); }
	dd if=/dev/zero of="$file" bs=1 seek=446 count=64 conv=notrunc status=none
	# shellcheck disable=SC2059
	printf "\\x00\\xfe\\xff\\xff\\x83\\xfe\\xff\\xff$(le32 2048)$(le32 "$sectors")" |
		dd of="$file" bs=1 seek=446 conv=notrunc status=none
	printf '\x55\xaa' | dd of="$file" bs=1 seek=510 conv=notrunc status=none
}

# dc_fs_state DIR: what a user sees of a filesystem: the listing and the usage.
dc_fs_state() {
	sync
	# -A, not -a: ".." of the mount point is the scratch dir, which the test writes
	(cd "$1" && stat -c '%n %s %h %y %z' . && ls -lAR --time-style=full-iso .)
	df --output=used,iused,avail "$1" | tail -n 1
}

# dc_used_kib DIR: used KiB of the filesystem at DIR.
dc_used_kib() { df --output=used "$1" | tail -n 1 | tr -d ' '; }
