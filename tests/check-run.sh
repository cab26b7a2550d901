#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/check-run.sh - how `make check` runs its checks side by side and reports them in order.
#
#   tests/check-run.sh run LOGS NAME MAKE...   runs MAKE... NAME, its output kept in
#       LOGS/NAME.log and shown whole when it ends (two checks' lines never interleave);
#       LOGS/NAME.result gets its exit status, its wall and processor times and its summary
#       line. Exits 0 even
#       when the check fails, so that every check runs; `summary` tells.
#   tests/check-run.sh summary LOGS NAME...    one line per check, in the order given:
#       its times and its summary line (the last "N passed, M failed" of its output, or
#       N killed); exits 1 if any failed or did not run.
set -u
mode=$1 logs=$2
shift 2
case $mode in
run)
	name=$1
	shift
	mkdir -p "$logs"
	rm -f "$logs/$name.result"
	# wall time, and the processor time of the check and all it ran (user + system)
	TIMEFORMAT='%R %U %S'
	{ time "$@" "$name" >"$logs/$name.log" 2>&1 </dev/null; } 2>"$logs/$name.time"
	rc=$?
	read -r wall user sys <"$logs/$name.time"
	secs=$(awk -v a="$wall" 'BEGIN { printf "%.0f", a }')
	cpu=$(awk -v a="$user" -v b="$sys" 'BEGIN { printf "%.0f", a + b }')
	cat "$logs/$name.log"
	line=$(grep -aE '[0-9]+ passed|[0-9]+ killed' "$logs/$name.log" | tail -n 1)
	[ "$rc" -eq 0 ] || echo "$name: FAILED (exit $rc; the whole output: $logs/$name.log)"
	printf '%s\t%s\t%s\t%s\n' "$rc" "$secs" "$cpu" "$line" >"$logs/$name.result"
	exit 0
	;;
summary)
	failed=()
	width=0
	for name in "$@"; do [ ${#name} -gt $width ] && width=${#name}; done
	total_cpu=0
	echo "make check, check by check (wall time, processor time):"
	for name in "$@"; do
		if ! IFS=$'\t' read -r rc secs cpu line <"$logs/$name.result" 2>/dev/null; then
			rc=- secs=- cpu=- line="did not run"
		fi
		if [ "$rc" = 0 ]; then
			status=ok
		else
			status=FAILED
			failed+=("$name")
		fi
		printf '  %-*s %6s %5s s %5s s cpu  %s\n' "$width" "$name" "$status" "$secs" "$cpu" \
			"${line:-}"
		[ "$cpu" = - ] || total_cpu=$((total_cpu + cpu))
	done
	echo "make check: $total_cpu s of processor time in all"
	if [ ${#failed[@]} -gt 0 ]; then
		echo "make check: ${#failed[@]} of $# checks failed: ${failed[*]}"
		exit 1
	fi
	;;
*)
	echo "usage: $0 run LOGS NAME MAKE... | summary LOGS NAME..." >&2
	exit 4
	;;
esac
