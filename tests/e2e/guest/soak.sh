#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# soak.sh - sourced by tests.sh in the e2e guest (make soak, and a few runs in make e2e):
# raw probes and cache experiments killed at chosen moments by SIGKILL or SIGTERM, then
# the drive's bytes compared with a copy taken before the first run, and its cache state
# read back by nvme-cli / smartctl: a cache found off must have its record, and
# --restore-cache must turn it on again. Judged on the host (lab.py check_soak).
#
# Needs from tests.sh: $out, $records, cache_state(), records_now(), and the drives $cn
# (NVMe), $cs (SATA), $cv (SCSI). dc.soak=N on the kernel command line: N runs;
# dc.deadline=S: no run starts after S seconds of uptime, so that what was done still
# comes back to the host (which then says how many runs were missing).
soak_runs=$(arg dc.soak)
deadline=$(arg dc.deadline)
: "${soak_runs:=0}" "${deadline:=100000}"
if [ "$soak_runs" -gt 0 ]; then
	stamp soak_start
	sk=$out/soak
	mkdir -p $sk /tmp/soak
	: >$sk/runs.txt
	set -- $cn $cs $cv
	ndrives=$#
	for d in "$@"; do
		dd if="$d" of="/tmp/soak/${d##*/}.img" bs=1M 2>/dev/null
	done
	i=0
	while [ $i -lt "$soak_runs" ]; do
		if [ "$(now | cut -d. -f1)" -ge "$deadline" ]; then
			echo "stopped at run $i: the lab's time was nearly up" >>$sk/runs.txt
			break
		fi
		# The drive, the mode and the signal turn over at different rates. The moment
		# is counted from the start (sweeping the first three seconds in 0.1 s steps: the
		# layout, the probe, the switch) or, every other experiment, from the record's
		# appearance, just before the cache goes off (sweeping the second after it: the
		# switch, the probe with the cache off, the switch back).
		k=$((i % ndrives + 1))
		eval d=\${$k}
		mode=raw
		[ $(((i / ndrives) % 3)) -ne 2 ] && mode=cache
		sig=KILL
		[ $(((i / 2) % 2)) -eq 1 ] && sig=TERM
		from=start
		[ $mode = cache ] && [ $(((i / ndrives) % 2)) -eq 0 ] && from=record
		if [ $from = record ]; then
			delay=$(awk -v i=$i 'BEGIN { printf "%.1f", ((i * 3) % 10) / 10 }')
		else
			delay=$(awk -v i=$i 'BEGIN { printf "%.1f", ((i * 7) % 30) / 10 }')
		fi
		if [ $mode = cache ]; then
			drivecheck --try-cache-off --probe-time 1 "$d" >/dev/null 2>$sk/err.$i &
		else
			drivecheck --probe-time 1 "$d" >/dev/null 2>$sk/err.$i &
		fi
		pid=$!
		if [ $from = record ]; then
			n=0
			while [ -z "$(records_now)" ] && [ $n -lt 400 ] && kill -0 $pid 2>/dev/null; do
				sleep 0.05
				n=$((n + 1))
			done
		fi
		sleep "$delay"
		kill -$sig $pid 2>/dev/null
		wait $pid
		rc=$?
		state=$(cache_state "$d")
		if [ "$state" = "?" ]; then
			# what the tools said, kept; then one more reading a second later (a drive
			# still finishing the killed command's switch may refuse the first)
			{ nvme get-feature -f 6 "$d"; smartctl -g wcache "$d"; } >$sk/state.$i 2>&1
			sleep 1
			state=$(cache_state "$d")
			[ "$state" = "?" ] || state="$state(second-reading)"
		fi
		recs=$(records_now)
		if cmp -s "/tmp/soak/${d##*/}.img" "$d"; then
			changed=0
		else
			changed=$(cmp -l "/tmp/soak/${d##*/}.img" "$d" 2>/dev/null | wc -l)
		fi
		restored=-
		if [ "${state%(*}" = off ] || [ -n "$recs" ]; then
			drivecheck --restore-cache "$d" >>$sk/restore.$i 2>&1
			restored=$(cache_state "$d")
		fi
		# one line a run: what was done, and what was found after it
		echo "run $i dev $d mode $mode signal $sig from $from delay $delay rc $rc cache $state" \
			"record ${recs:-none} changed $changed restored $restored" >>$sk/runs.txt
		i=$((i + 1))
	done
	echo "left $(records_now)" >>$sk/runs.txt
	for d in "$@"; do echo "end $d $(cache_state "$d")" >>$sk/runs.txt; done
	stamp soak_end
fi
