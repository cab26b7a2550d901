#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/prom/live.sh - `make check-live-prom`: drivecheck's metrics the way a user's servers
# see them. Debian's prometheus-node-exporter on 127.0.0.1 reads a folder that the textfile
# wrapper (contrib/drivecheck-textfile.in) writes for replayed drives:
#   1. every drivecheck series of the file is scraped with its value, and the values are
#      those of --json (compare.py); node_textfile_scrape_error is 0;
#   2. while the wrapper's drivecheck is half-way, and with a half-written temporary file
#      left beside it, the scrape still shows the old file whole and the error stays 0; a
#      broken *.prom file does set it (so the check can fail);
# then Debian's prometheus on 127.0.0.1 scrapes that node_exporter with the project's rules:
#   3. the alerts of a drive whose PLP failed and that fails its roles and its health, and
#      of a drive in the write-through hazard, are firing; none names a healthy drive;
#   4. every query of contrib/grafana/drivecheck.json answers there, and the dashboard's
#      verdict and health columns show the status whose series is 1 (grafana_check.py).
# Both servers listen on free loopback ports, run under timeout, and are stopped at the end.
# Fails, never skips, when a server or python3 is missing.
set -u
. "$(dirname "$0")/../lib/checks.sh"
BUILD=${BUILD:-build}
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
DC=$(realpath "$BUILD/drivecheck")
VERSION=$(cat "$TOP/VERSION")
RULES=$TOP/contrib/prometheus/drivecheck.rules.yml
LC="python3 $HERE/live_check.py"
NE=${NODE_EXPORTER:-prometheus-node-exporter}
PROM=${PROMETHEUS:-prometheus}
T=$(mktemp -d)
PIDS=()
cleanup() {
	for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done
	for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null; done
	rm -rf "$T"
}
trap cleanup EXIT
[ -n "${KEEP:-}" ] && trap "for p in \"\${PIDS[@]}\"; do kill \$p; done; echo kept \$T" EXIT

missing=""
for tool in "$NE" "$PROM" python3 jq timeout; do
	command -v "$tool" >/dev/null || missing="$missing $tool"
done
if [ -n "$missing" ]; then
	echo "check-live-prom: missing:$missing (make test-deps installs prometheus and prometheus-node-exporter)" >&2
	echo "tests/prom/live: 0 passed, 1 failed"
	exit 1
fi
cd "$TOP" || exit 1

# The replayed drives: one whose PLP failed (it also fails every role and its health),
# the e2e lab's drive in "write through" without PLP (the hazard), and two healthy ones.
SET=$T/set
mkdir -p "$SET"
for d in DCTEST_NVME-BACKUP-FAILED INTEL_SSDSC2KB960G8 SAMSUNG_MZQL2960HCJR-00A07; do
	ln -s "$TOP/data/dumps/$d" "$SET/$d"
done
ln -s "$TOP/data/e2e/dump/sdg" "$SET/e2e-sdg"
sed "s|@BINDIR@|$(dirname "$DC")|g" contrib/drivecheck-textfile.in >"$T/drivecheck-textfile"
chmod +x "$T/drivecheck-textfile"
TF=$T/textfile
mkdir -p "$TF"
textfile() { DRIVECHECK_TEXTFILE_DIR=$TF "$T/drivecheck-textfile" "$@"; }
DRIVECHECK=$DC textfile --replay "$SET" 2>"$T/w.err"; rc=$?
check "the wrapper writes the textfile (exit $rc)" "[ $rc -eq 0 ] && [ -s $TF/drivecheck.prom ]"

# --- 1. node_exporter ---
NE_PORT=$($LC port)
timeout 300 "$NE" --web.listen-address="127.0.0.1:$NE_PORT" --collector.disable-defaults \
	--collector.textfile --collector.textfile.directory="$TF" >"$T/ne.log" 2>&1 &
PIDS+=($!)
scrape() { $LC get "http://127.0.0.1:$NE_PORT/metrics" "$1" 15; }
if ! scrape "$T/s1"; then
	bad "node_exporter did not answer on 127.0.0.1:$NE_PORT"
	tail -5 "$T/ne.log" >&2
	echo "tests/prom/live: $pass passed, $fail failed"
	exit 1
fi
check "node_exporter listens on loopback only" "grep -q 'Listening on.*127.0.0.1:$NE_PORT' $T/ne.log"
out=$($LC same "$TF/drivecheck.prom" "$T/s1" 2>&1); rc=$?
check "every series of the textfile is scraped with its value ($(echo "$out" | tail -1))" "[ $rc -eq 0 ]"
[ $rc -eq 0 ] || echo "$out" | head -5 >&2
scrape_error() { $LC value "$1" node_textfile_scrape_error; }
check "node_textfile_scrape_error 0" "[ \"\$(scrape_error $T/s1)\" = 0 ]"
# the scraped drivecheck families of each drive against its --json, as check-prom holds
# the file
for d in "$SET"/*; do
	n=$(basename "$d")
	$LC one "$T/s1" "$d" >"$T/$n.prom"
	"$DC" --replay "$d" --json >"$T/$n.json" 2>/dev/null
	if python3 "$HERE/compare.py" "$T/$n.prom" "$T/$n.json" "$VERSION" >"$T/$n.cmp" 2>&1; then
		ok
	else
		bad "$n: the scraped values and --json disagree"
		grep FAIL "$T/$n.cmp" | head -5 >&2
	fi
done
check "the scrape holds the failed PLP, the hazard and the healthy drives" "grep -q '^drivecheck_plp_failed{device=\"nvme0n1\",dump=\"$SET/DCTEST_NVME-BACKUP-FAILED\"} 1\$' $T/s1 && grep -q '^drivecheck_write_through_hazard{device=\"sdg\",dump=\"$SET/e2e-sdg\"} 1\$' $T/s1 && grep -q 'dump=\"$SET/INTEL_SSDSC2KB960G8\"' $T/s1"

# --- 2. a half-written textfile never shows ---
cp "$TF/drivecheck.prom" "$T/before"
cat >"$T/slow-drivecheck" <<'EOS'
#!/bin/sh
# half the output, then waits for $GO, then the rest
echo '# HELP drivecheck_build_info drivecheck version.'
echo '# TYPE drivecheck_build_info gauge'
printf 'drivecheck_build_info{version="half'
: >"$HALF"
while [ ! -e "$GO" ]; do sleep 0.05; done
echo '"} 1'
EOS
chmod +x "$T/slow-drivecheck"
export HALF=$T/half GO=$T/go
DRIVECHECK=$T/slow-drivecheck textfile 2>/dev/null &
wpid=$!
for _ in $(seq 200); do [ -e "$T/half" ] && break; sleep 0.05; done
check "half-way: a hidden temporary file beside the textfile" "ls -A $TF | grep -q '^\.drivecheck\.prom\.'"
scrape "$T/s2"
check "half-way: the scrape is the old file, whole" "$LC same $T/before $T/s2 >/dev/null 2>&1"
check "half-way: node_textfile_scrape_error 0" "[ \"\$(scrape_error $T/s2)\" = 0 ]"
touch "$T/go"
wait $wpid
scrape "$T/s3"
check "done: the new file is scraped" "grep -q '^drivecheck_build_info{version=\"half\"} 1\$' $T/s3 && ! grep -q '^drivecheck_plp_failed' $T/s3 && [ \"\$(scrape_error $T/s3)\" = 0 ]"
# a broken temporary file left by a killed run: node_exporter reads only *.prom
printf 'drivecheck_plp_failed{device="/dev/x" 1\ngarbage\n' >"$TF/.drivecheck.prom.AbC123"
scrape "$T/s4"
check "a broken temporary file left beside it: ignored, error 0" "[ \"\$(scrape_error $T/s4)\" = 0 ] && ! grep -q 'device=\"/dev/x\"' $T/s4"
# the control: a broken *.prom does show as a scrape error
cp "$TF/.drivecheck.prom.AbC123" "$TF/broken.prom"
scrape "$T/s5"
check "control: a broken *.prom file sets node_textfile_scrape_error 1" "[ \"\$(scrape_error $T/s5)\" = 1 ]"
rm -f "$TF/broken.prom" "$TF/.drivecheck.prom.AbC123"
DRIVECHECK=$DC textfile --replay "$SET" 2>/dev/null
scrape "$T/s6"
check "the replayed drives again, error 0" "$LC same $TF/drivecheck.prom $T/s6 >/dev/null 2>&1 && [ \"\$(scrape_error $T/s6)\" = 0 ]"

# --- 3. Prometheus and the rules ---
P_PORT=$($LC port)
cat >"$T/prometheus.yml" <<EOF2
global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files:
  - $RULES
scrape_configs:
  - job_name: node
    static_configs:
      - targets: ['127.0.0.1:$NE_PORT']
EOF2
timeout 300 "$PROM" --config.file="$T/prometheus.yml" --storage.tsdb.path="$T/tsdb" \
	--web.listen-address="127.0.0.1:$P_PORT" --log.level=warn >"$T/prom.log" 2>&1 &
PIDS+=($!)
API=http://127.0.0.1:$P_PORT/api/v1
want="DrivecheckPLPFailed=DCTEST_NVME-BACKUP-FAILED DrivecheckRoleFailed=DCTEST_NVME-BACKUP-FAILED DrivecheckDriveFailing=DCTEST_NVME-BACKUP-FAILED DrivecheckWriteThroughHazard=e2e-sdg"
healthy="--none INTEL_SSDSC2KB960G8 SAMSUNG_MZQL2960HCJR-00A07"
fired=1
for _ in $(seq 60); do
	if $LC get "$API/alerts" "$T/alerts.json" 5 2>/dev/null && $LC alerts "$T/alerts.json" $want 2>/dev/null; then
		fired=0
		break
	fi
	sleep 0.5
done
check "Prometheus: the failing drive's alerts and the hazard are firing" "[ $fired -eq 0 ]"
[ $fired -eq 0 ] || { $LC alerts "$T/alerts.json" $want; tail -5 "$T/prom.log"; } >&2 2>&1
check "Prometheus: none fires for a healthy drive" "$LC alerts $T/alerts.json $healthy"
$LC get "$API/rules" "$T/rules.json" 5
check "Prometheus: every rule of the file loaded and healthy" "[ \"\$(jq '[.data.groups[].rules[] | select(.health == \"ok\")] | length' $T/rules.json)\" -eq \$(grep -c '^ *- alert: ' $RULES) ]"
$LC get "$API/query?query=up" "$T/up.json" 5
check "Prometheus: the node_exporter target is up" "jq -e '.data.result[0].value[1] == \"1\"' $T/up.json >/dev/null"

# --- 4. the Grafana dashboard's queries on that Prometheus ---
out=$(python3 "$HERE/grafana_check.py" live "$TOP/contrib/grafana/drivecheck.json" "$API" 2>&1); rc=$?
check "Grafana: every query of the dashboard answers, its verdict columns say the status ($(echo "$out" | tail -1))" "[ $rc -eq 0 ]"
[ $rc -eq 0 ] || echo "$out" | grep FAIL | head -5 >&2

echo "tests/prom/live: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
