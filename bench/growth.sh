# SPDX-License-Identifier: GPL-2.0-or-later
# bench/growth.sh - sourced by the benchmarks (bench/import --growth, bench/report): one
# command's wall time and peak RSS at 1x, 4x and 16x its input, side by side with another
# build of drivecheck in the same run, the ratios between the two, and how each grows with
# the input, so that a cost that grows faster than the input (or memory that grows at all)
# is seen. The inputs are made here, in a temporary folder, from the files of data/.
#
# growth_table LABEL UNIT MAKE RUN DC [OTHER]
#   For m in 1, 4 and 16: "MAKE m DIR" writes the input at m times into the empty folder DIR
#   and prints how many UNITs it holds; "RUN BIN DIR" sets the array growth_cmd to the
#   command of BIN over DIR, which GNU time then times for DC and for OTHER (rounds
#   alternating); each must write something, and the two the same bytes.
#   Prints one line per scale, the ratios DC / OTHER, then the growth 16x / 1x of each.
#   GROWTH_REPS (default 1) runs each scale that many times: the figures are the medians.
#   Needs GNU time (/usr/bin/time, Debian's package "time").
# growth_import DC [OTHER]
#   `import --json` of GROWTH_IMPORT_REPORTS (default 625: 10,000 at 16x) smartctl reports
#   at 1x, made from data/import's text and JSON reports with distinct serials (no copy
#   joins another).
# growth_report DC [OTHER]
#   `report --json` of GROWTH_REPORT_HOSTS hosts' files at 1x (default 64, 24 drives each:
#   24,576 drives at 16x), made from the replays of data/dumps with their hosts, serials and
#   order varied.

growth_median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

growth_table() {
	local label=$1 unit=$2 make=$3 run=$4 m r k dir units wall rss t
	local bins=("$5")
	[ -n "${6:-}" ] && bins+=("$6")
	[ -x /usr/bin/time ] || { echo "$label: GNU time is needed (apt-get install time)" >&2; return 1; }
	t=$(mktemp -d)
	printf '%s\n  A = %s\n' "$label" "${bins[0]}"
	[ ${#bins[@]} -gt 1 ] && printf '  B = %s\n' "${bins[1]}"
	printf '  1x, 4x and 16x the input, median of %s run%s each\n' "${GROWTH_REPS:-1}" \
		"$([ "${GROWTH_REPS:-1}" = 1 ] || echo s)"
	if [ ${#bins[@]} -gt 1 ]; then
		printf '  %-5s %7s | %8s %12s | %8s %12s | %9s %9s\n' scale "$unit" "A wall s" "A peak RSS" \
			"B wall s" "B peak RSS" "wall A/B" "RSS A/B"
	else
		printf '  %-5s %7s | %8s %12s\n' scale "$unit" "A wall s" "A peak RSS"
	fi
	for m in 1 4 16; do
		dir=$t/in-$m
		mkdir -p "$dir"
		units=$($make "$m" "$dir")
		for k in "${!bins[@]}"; do : >"$t/wall-$k"; : >"$t/rss-$k"; done
		for ((r = 0; r < ${GROWTH_REPS:-1}; r++)); do
			for k in "${!bins[@]}"; do
				$run "${bins[$k]}" "$dir"
				/usr/bin/time -f '%e %M' -o "$t/time" "${growth_cmd[@]}" >"$t/out-$k" \
					2>/dev/null || true
				if ! [ -s "$t/out-$k" ]; then
					echo "$label: ${growth_cmd[*]:0:3} ... wrote nothing" >&2
					rm -rf "$t"
					return 1
				fi
				read -r wall rss < <(tail -n 1 "$t/time")
				echo "$wall" >>"$t/wall-$k"
				echo "$rss" >>"$t/rss-$k"
			done
			if [ ${#bins[@]} -gt 1 ] && ! cmp -s "$t/out-0" "$t/out-1"; then
				echo "$label: A and B disagree at ${m}x" >&2
				rm -rf "$t"
				return 1
			fi
		done
		printf '%s %s' "$m" "$units" >>"$t/fig"
		for k in "${!bins[@]}"; do
			printf ' %s %s' "$(growth_median <"$t/wall-$k")" "$(growth_median <"$t/rss-$k")" >>"$t/fig"
		done
		echo >>"$t/fig"
		rm -rf "$dir" "$t"/out-*
	done
	awk -v two=$((${#bins[@]} > 1)) '
	     function ratio(a, b) { return b ? a / b : 0 }
	     { m[NR] = $1; u[NR] = $2; wa[NR] = $3; ra[NR] = $4; wb[NR] = $5; rb[NR] = $6
	       printf "  %-5s %7d | %8.2f %8.1f MiB", $1 "x", $2, $3, $4 / 1024
	       if (two)
		       printf " | %8.2f %8.1f MiB | %9.3f %9.3f", $5, $6 / 1024, ratio($3, $5), ratio($4, $6)
	       printf "\n" }
	     END {
	       printf "  growth 16x / 1x: input %.1f; A wall %.1f, RSS %.2f", ratio(u[NR], u[1]),
		      ratio(wa[NR], wa[1]), ratio(ra[NR], ra[1])
	       if (two)
		       printf "; B wall %.1f, RSS %.2f", ratio(wb[NR], wb[1]), ratio(rb[NR], rb[1])
	       printf "\n"
	       if (two)
		       printf "  outputs of A and B byte for byte the same at every scale\n" }' "$t/fig"
	rm -rf "$t"
}

# --- drivecheck import ---

GROWTH_IMPORT_REPORTS=${GROWTH_IMPORT_REPORTS:-625}

# m times GROWTH_IMPORT_REPORTS reports into DIR, the real ones of data/import taken in
# turn, each with a serial of its own; prints how many.
growth_import_make() {
	python3 - data/import "$((GROWTH_IMPORT_REPORTS * $1))" "$2" <<'EOF'
import os, re, sys
src, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
text_serial = re.compile(r'^(Serial [Nn]umber:[ \t]+).*$', re.M)
json_serial = re.compile(r'("serial_number"\s*:\s*)"[^"]*"')
files = []
for d, dirs, fs in os.walk(src):
    dirs[:] = sorted(x for x in dirs if x != 'bad')
    for f in sorted(fs):
        p = os.path.join(d, f)
        if '/smartctl-json/' in p and f.endswith('.json'):
            files.append((p, json_serial, r'\g<1>"%s"'))
        elif f.endswith('.txt') and ('/linuxhw/' in p or '/smartctl-text/' in p):
            files.append((p, text_serial, r'\g<1>%s'))
texts = []
for p, rx, repl in files:
    with open(p, encoding='latin-1') as f:
        text = f.read()
    if rx.search(text):
        texts.append((os.path.splitext(p)[1], text, rx, repl))
for i in range(n):
    ext, text, rx, repl = texts[i % len(texts)]
    with open(os.path.join(out, 'r%06d%s' % (i, ext)), 'w', encoding='latin-1') as f:
        f.write(rx.sub(repl % ('GROWTH%06d' % i), text, count=1))
print(n)
EOF
}

growth_import_run() { growth_cmd=("$1" import --json "$2"); }

growth_import() {
	growth_table "import --json: ${GROWTH_IMPORT_REPORTS} smartctl reports at 1x" reports \
		growth_import_make growth_import_run "$@"
}

# --- drivecheck report ---

GROWTH_REPORT_HOSTS=${GROWTH_REPORT_HOSTS:-64}
GROWTH_REPORT_TEMPLATE=
growth_report_make() {
	python3 - "$GROWTH_REPORT_TEMPLATE" "$((GROWTH_REPORT_HOSTS * $1))" "$2" <<'EOF'
import json, sys
template, hosts, out = json.load(open(sys.argv[1])), int(sys.argv[2]), sys.argv[3]
devices, n = template['devices'], 0
for h in range(hosts):
    doc = dict(template)
    k = h % len(devices)
    doc['host'] = 'node%05d' % h
    doc['devices'] = []
    for dev in devices[k:] + devices[:k]:
        dev = dict(dev)
        if dev.get('serial'):
            dev['serial'] = '%s-%05d' % (dev['serial'], h)
        doc['devices'].append(dev)
        n += 1
    with open('%s/node%05d.json' % (out, h), 'w') as f:
        json.dump(doc, f, indent='\t')
print(n)
EOF
}

growth_report_run() { growth_cmd=("$1" report --json "$2"/*.json); }

# The template host: the replays of the first 24 captured drives in one file.
growth_report_template() {
	local dc=$1 out=$2 d
	for d in $(ls data/dumps | grep -v README | head -24); do
		"$dc" --replay "data/dumps/$d" --json 2>/dev/null || true
	done | python3 -c '
import json, sys
text, docs, at, dec = sys.stdin.read(), [], 0, json.JSONDecoder()
while text[at:].strip():
    doc, end = dec.raw_decode(text, at + len(text[at:]) - len(text[at:].lstrip()))
    docs.append(doc)
    at = end
head = docs[0]
head["devices"] = [dev for d in docs for dev in d["devices"]]
json.dump(head, open(sys.argv[1], "w"), indent="\t")' "$out"
}

growth_report() {
	local t rc=0
	t=$(mktemp -d)
	GROWTH_REPORT_TEMPLATE=$t/template.json
	growth_report_template "$1" "$GROWTH_REPORT_TEMPLATE"
	growth_table "report --json: $GROWTH_REPORT_HOSTS hosts' files at 1x" drives \
		growth_report_make growth_report_run "$@" || rc=$?
	rm -rf "$t"
	return $rc
}
