# SPDX-License-Identifier: GPL-2.0-or-later
# tests/lib/checks.sh - sourced by the shell tests (bash): the pass and fail counters, the
# helpers that move them, and the loop devices and mount a test made, undone at its exit.
#
#   ok                     one check passed
#   bad WHAT...            one failed: says so on stderr; under DC_FAIL_FAST (set by
#                          tests/mutants/run.py, where one failure kills a mutant) the test
#                          ends there
#   check WHAT CONDITION   ok or bad, as CONDITION (a shell expression, eval'd) says
#   LOOPS+=(DEV), MNT=DIR  what undo_devices detaches and unmounts (the test's cleanup
#                          calls it)
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	echo "FAIL: $*" >&2
	[ -z "${DC_FAIL_FAST:-}" ] || exit 1
}
check() { if eval "$2"; then ok; else bad "$1"; fi; }

LOOPS=()
MNT=""
undo_devices() {
	if [ -n "$MNT" ]; then umount "$MNT" 2>/dev/null; fi
	for l in "${LOOPS[@]}"; do losetup -d "$l" 2>/dev/null; done
	return 0
}
