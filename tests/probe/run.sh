#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# run.sh - run every probe shell test (root, loop devices), print the total, fail if any failed.
cd "$(dirname "$0")" || exit 1
pass=0 fail=0 skipped=0 broken=0
for t in t[0-9]*_*.sh; do
	echo "== $t"
	out=$(bash "./$t" 2>&1)
	rc=$?
	printf '%s\n' "$out"
	last=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n 1)
	if [ "$rc" -eq 77 ]; then
		# a missing prerequisite is a failure, never a quiet skip (make test-deps)
		skipped=$((skipped + 1))
		fail=$((fail + 1))
	elif [ -z "$last" ]; then
		broken=$((broken + 1))
		fail=$((fail + 1))
		echo "$t: ended without a summary (exit $rc)"
	else
		pass=$((pass + ${last%% passed*}))
		f=${last#*, }
		fail=$((fail + ${f%% failed}))
		[ "$rc" -ne 0 ] && [ "${f%% failed}" -eq 0 ] && fail=$((fail + 1))
	fi
done
[ "$skipped" -gt 0 ] && echo "($skipped test file(s) could not run: see above)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
