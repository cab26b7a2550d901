#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/db/run.sh - the drive database: build checks that refuse bad rows, matching and
# look-ups through the CLI, and clear errors for a missing or corrupt database.
set -u
. "$(dirname "$0")/../lib/checks.sh"
BUILD=${BUILD:-build}
DC=$BUILD/drivecheck
DBB=$BUILD/dbbuild
# The tests' own list of drives with power-loss protection, for inferred "none".
TL="--list tests/db/lists/test-list.txt"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# A good file builds and passes --check.
check "good file builds" "$DBB $TL --check -o $T/t.sqlite db/schema.sql tests/db/good/test.txt 2>$T/err"
# Each bad file is refused, with the reason.
for f in tests/db/bad/*.txt; do
	if $DBB $TL --check -o "$T/b.sqlite" db/schema.sql "$f" 2>"$T/err"; then
		bad "$f was accepted"
	else
		ok
		check "$f leaves no database" "[ ! -e $T/b.sqlite ]"
	fi
done
check "no source reported" "$DBB $TL --check -o $T/b.sqlite db/schema.sql tests/db/bad/no-source.txt 2>&1 | grep -q 'no source'"
check "contradiction reported" "$DBB $TL --check -o $T/b.sqlite db/schema.sql tests/db/bad/contradiction.txt 2>&1 | grep -q 'contradicting PLP'"
check "unused pattern reported" "$DBB $TL --check -o $T/b.sqlite db/schema.sql tests/db/bad/unused-pattern.txt 2>&1 | grep -q 'NEVER'"
check "a note longer than a look-up keeps: refused, not cut" "$DBB $TL --check -o $T/b.sqlite db/schema.sql tests/db/bad/note-too-long.txt 2>&1 | grep -q 'plp_note: longer than 1023 characters'"
check "a source title longer than a look-up keeps: refused" "$DBB $TL --check -o $T/b.sqlite db/schema.sql tests/db/bad/source-title-too-long.txt 2>&1 | grep -q 'source: the title is longer than 383 characters'"
check "bad key reported with its line" "$DBB $TL --check -o $T/b.sqlite db/schema.sql tests/db/bad/bad-values.txt 2>&1 | grep -q 'bad-values.txt:10: unknown key'"
# Even without --check, a row with no source is never built.
check "no source without --check" "! $DBB $TL -o $T/b.sqlite db/schema.sql tests/db/bad/no-source.txt 2>/dev/null"

# The rules of evidence (db/README.md), each refused with its reason, with or without --check.
refused() { # file, words of the message
	! $DBB $TL -o "$T/b.sqlite" db/schema.sql "tests/db/bad/$1.txt" 2>"$T/err" && grep -q "$2" "$T/err"
}
check "full on distributor and community sources alone" "refused full-on-distributors 'rests on no source that may prove it'"
check "full on the OpenZFS list alone" "refused full-on-openzfs 'rests on no source that may prove it'"
check "an OpenZFS list never claims full" "refused openzfs-claims-full 'OpenZFS list proves at least data at rest'"
check "none on one shop under two addresses" "refused none-on-one-shop 'rests on no source'"
check "inferred-none only for client families" "refused inferred-none-datacenter 'for client families only'"
check "inferred-none only from the vendor" "refused inferred-none-review 'kind vendor'"
check "a device source never claims none" "refused device-none 'prove full PLP'"
check "a volatile cache is not data at rest" "refused device-data-at-rest 'says nothing of flushed data'"
check "unknown while a source backs full" "refused unknown-but-backed \"its sources back 'full'\""
check "a contradicting review needs a dispute line" "refused contradicted-no-dispute 'dispute:'"
check "an unknown kind" "refused bad-kind \"unknown kind 'blog'\""
check "an unknown claim" "refused bad-claim \"unknown claim 'probably'\""
check "the old source format" "refused old-source-format 'KIND CLAIM'"
# "none" inferred for a client family (db/README.md): each ground refused on its own.
check "inferred none: not for a datacenter family" "refused inferred-datacenter 'none is inferred for client families only'"
check "inferred none: a source must place it in the client line" "refused inferred-no-client-line \"places the family in the vendor's client line\""
check "inferred none: no source of any kind may claim protection" "refused inferred-claims-protection 'a source claims power-loss protection'"
check "inferred none: a list names the family" "refused inferred-listed \"names the family: Test list of drives with power-loss protection lists 'Crucial MX100'\""
check "inferred none: a list names one of its model strings" "refused inferred-listed-by-example \"lists 'Samsung PM963'\""
check "not-listed for a family the list names" "refused inferred-listed-by-example 'source claims not-listed, but Test list of drives with power-loss protection names the family'"
check "inferred none: the row cites every list" "refused inferred-list-not-cited 'does not cite a list of drives with power-loss protection at the commit read'"
check "inferred none: the row says so" "refused inferred-no-note \"plp_note: inferred: ...\""
check "client-line only from the vendor or a review" "refused client-line-from-shop 'kind vendor or review'"
check "not-listed cites a list given to the build" "refused not-listed-elsewhere 'no list given to the build'"
check "unknown while none may be inferred" "refused unknown-but-inferable \"ground an inferred 'none'\""
check "client line on a datacenter row" "refused client-line-datacenter \"the row says 'class: datacenter'\""
check "inferred none needs the lists given" "! $DBB -o $T/b.sqlite db/schema.sql tests/db/good/test.txt 2>$T/err && grep -q 'no list of drives with power-loss protection to hold the family against' $T/err"

lk() { $DC --db "$T/t.sqlite" lookup --json "$@"; }
# the shipped database's notes whole: the D3-S4510's (387 bytes) and the PM893's (271) were
# cut at 255 ("201 o", "exis")
for q in SSDSC2KB960G8 MZ7L3960HCJR; do
	want=$(awk -v q="$q" '/^family:/ { note = "" } /^plp_note:/ { sub(/^plp_note: */, ""); note = $0 }
		/^example:/ && index($0, q) { print note; exit }' db/vendors/*.txt)
	check "$q: the plp_note whole (${#want} bytes)" \
		"[ \"\$($DC lookup --json $q | jq -r '.results[0].match.plp_note')\" = \"\$want\" ] && [ ${#want} -gt 255 ]"
done
# Prefixes, case, underscores and padding all meet the same row.
for q in "SAMSUNG MZ7LH960HAJR-00005" "mz7lh960hajr-00005" "  SAMSUNG   MZ7LH960HAJR-00005 "; do
	check "match '$q'" "[ \"\$(lk '$q' | jq -r '.results[0].match.family')\" = 'Test PM883' ]"
done
check "Micron_ underscores" "[ \"\$(lk Micron_5300_MTFDDAK960TDS | jq -r '.results[0].match.plp')\" = full ]"
check "per-capacity TBW" "[ \"\$(lk MZ7LH240HAHQ-00005 | jq -r '.results[0].match.tbw_tb')\" = 341 ]"
check "TBW from the family's catch-all row for a capacity without its own" "[ \"\$(lk MZ7LH480HAHQ-00005 | jq -r '.results[0].match.tbw_tb')\" = 100 ]"
check "longest pattern wins" "[ \"\$(lk 'SAMSUNG MZ7LH1T9HMLT-00005' | jq -r '.results[0].match.family')\" = 'Test PM883 special' ]"
check "data-at-rest" "[ \"\$(lk CT1000MX500SSD1 | jq -r '.results[0].match.plp')\" = data-at-rest ]"
check "no match is null" "[ \"\$(lk 'NOT A DRIVE' | jq -r '.results[0].match')\" = null ]"
check "json_format_version" "[ \"\$(lk X | jq -c '.json_format_version')\" = '[1,7]' ]"
check "source cited" "[ \"\$(lk CT1000MX500SSD1 | jq -r '.results[0].match.source.url')\" = https://example.invalid/mx500 ]"
# Every source with its kind, claim, revision and place; the strongest backing one first.
check "all sources listed" "[ \"\$(lk MZ7LH960HAJR-00005 | jq -r '.results[0].match | [.source_count, (.sources | length)] | @tsv')\" = \"3	3\" ]"
check "strongest backing source first" "[ \"\$(lk MZ7LH960HAJR-00005 | jq -r '.results[0].match.sources[0] | [.kind, .claim, .backs_class, .revision, .where] | @tsv')\" = \"vendor	full	true	Rev 1.2, 2019	page 1, Features\" ]"
check "source kind of the strongest" "[ \"\$(lk MZ7LH960HAJR-00005 | jq -r '.results[0].match.source.kind')\" = vendor ]"
check "sources that back nothing say so" "[ \"\$(lk MZ7LH960HAJR-00005 | jq -r '[.results[0].match.sources[] | select(.backs_class | not) | .claim] | join(\",\")')\" = identity,endurance ]"
check "OpenZFS list alone: at least data at rest" "[ \"\$(lk 'SAMSUNG MZ7KM960HMJP-00005' | jq -r '.results[0].match.plp')\" = at-least-data-at-rest ]"
check "inferred none says so" "[ \"\$(lk 'Samsung SSD 860 EVO 1TB' | jq -r '.results[0].match | [.plp, .plp_inferred, (.plp_note | startswith(\"inferred: \"))] | @tsv')\" = \"none	true	true\" ]"
check "inferred none rests on its grounds together" "[ \"\$(lk 'Samsung SSD 860 EVO 1TB' | jq -r '[.results[0].match.sources[] | select(.backs_class) | .claim] | sort | join(\",\")')\" = 'client-line,inferred-none,not-listed' ]"
check "lookup table: none (inferred: ...) and what it rests on" "$DC --db $T/t.sqlite lookup 'Samsung SSD 860 EVO 1TB' >$T/inf.txt && grep -q 'PLP:       none (inferred: a test review places it' $T/inf.txt && grep -q 'rests on:  vendor, inferred-none: Test feature list' $T/inf.txt && grep -q '^  *review, client-line: Test review' $T/inf.txt && grep -q 'compilation, not-listed: Test list of drives with power-loss protection <https://example.invalid/plp-list>, commit 0000000' $T/inf.txt"
check "list: an inferred none is marked" "$DC --db $T/t.sqlite lookup --list --vendor samsung 2>/dev/null | grep 'Test 860 EVO' | grep -q 'none (inf.)'"
check "none on two independent shops" "[ \"\$(lk 'Samsung SSD 870 EVO 1TB' | jq -r '.results[0].match | [.plp, .plp_inferred, ([.sources[] | select(.backs_class)] | length)] | @tsv')\" = \"none	false	2\" ]"
check "a dispute is shown" "lk CT500MX200SSD1 | jq -e '.results[0].match.dispute | test(\"data sheet\")' >/dev/null"
check "the most specific TBW pattern wins" "[ \"\$(lk MZ7LH960HAJR-00005 | jq -r '.results[0].match.tbw_tb')\" = 1366 ]"
check "equal weights: the first family in the files wins" "[ \"\$(lk TWIN1 | jq -r '.results[0].match.family')\" = 'Test twin first' ]"
check "lookup table names the strongest source and the count" "$DC --db $T/t.sqlite lookup MZ7LH960HAJR-00005 | grep -q 'vendor, full: Test data sheet' && $DC --db $T/t.sqlite lookup MZ7LH960HAJR-00005 | grep -q 'sources:   3'"
lk 'NOT A DRIVE' >/dev/null; check "no match exits 3" "[ $? -eq 3 ]"
lk CT1000MX500SSD1 >/dev/null; check "a match exits 0" "[ $? -eq 0 ]"
check "odd bytes in a query" "lk \$'A\\x01\\xff\\tB' | jq -e '.results[0].match == null' >/dev/null"

# Found by the names admins use (the bundled database): family names and parts of them,
# any case; several families a short list; nothing the closest names. In the database
# with its class unknown (exit 1) is another answer than not in it (exit 3).
bl() { $DC lookup --json "$@"; }
while IFS='|' read -r q fam; do
	got=$(bl "$q" | jq -r '.results[0] | "\(.matched_by) \(.match.vendor) \(.match.family)"')
	check "by name: '$q' is $fam" "[ \"\$got\" = \"family $fam\" ]"
done <<'NAMES'
PM883|Samsung PM883
Samsung 883 DCT|Samsung 883 DCT
S4510|Intel D3-S4510
d3-s4610|Intel D3-S4610
P4510|Intel DC P4510
DC500M|Kingston DC500M
Micron 5300|Micron 5300 PRO/MAX/BOOT
870 evo|Samsung 870 EVO
SN640|Western Digital Ultrastar DC SN640
7450 PRO|Micron 7450 PRO
7450 MAX|Micron 7450 MAX
PM1643|Samsung PM1643
NAMES
check "a model string still matches by its pattern" \
	"[ \"\$(bl 'SAMSUNG MZ7LH960HAJR-00005' | jq -r '.results[0].matched_by')\" = model ]"

# Model strings of the bundled database: the family and class each one gets (db/vendors).
# The 7450's mixed-use (MAX, TFS) and read-intensive (PRO, TFR) parts apart.
while IFS='|' read -r q want; do
	got=$(bl "$q" | jq -r '.results[0] | "\(.matched_by) \(.match.vendor) \(.match.family) \(.match.plp) \(.match.dwpd)"')
	check "model '$q' is $want" "[ \"\$got\" = \"model $want\" ]"
done <<'MODELS'
Micron_7450_MTFDKCC3T2TFS|Micron 7450 MAX full 3
Micron_7450_MTFDKBA800TFS|Micron 7450 MAX full 3
MTFDKCC12T8TFS|Micron 7450 MAX full 3
Micron_7450_MTFDKCC1T9TFR|Micron 7450 PRO full 1
Micron_7450_MTFDKBA960TFR|Micron 7450 PRO full 1
MODELS
# Client families whose "none" is inferred (db/README.md): the class, said as inferred; the
# families split off beside them keep their own, unknown, answer.
while IFS='|' read -r q want; do
	got=$(bl "$q" | jq -r '.results[0] | "\(.match.vendor) \(.match.family) \(.match.plp) \(.match.plp_inferred)"')
	check "model '$q' is $want" "[ \"\$got\" = \"$want\" ]"
done <<'INFERRED'
WDC WDS100T2B0C-00PXH0|Western Digital WD Blue SN550 none true
SanDisk SD8SN8U-256G-1006|SanDisk X400 (OEM) none true
Patriot Burst|Patriot Burst (Phison) none true
Patriot Blast|Patriot Blast (Phison) unknown false
ADATA SX8200PNP|ADATA XPG SX8200 Pro none true
Seagate BarraCuda SSD ZA250CM10002|Seagate BarraCuda SSD none true
Seagate BarraCuda 120 SSD ZA250CM10003|Seagate BarraCuda 120 SSD unknown false
KIOXIA-EXCERIA SATA SSD|KIOXIA EXCERIA SATA none true
INFERRED
bl EVO >"$T/j"; rc=$?
check "several families: a short list, exit 1" \
	"[ $rc -eq 1 ] && jq -e '.results[0] | .matched_by == \"several\" and .match == null and (.candidates | length) >= 2 and .candidates_total >= (.candidates | length)' $T/j >/dev/null"
bl PM833 >"$T/j"; rc=$?
check "nothing: not in the database (exit 3), the closest names suggested" \
	"[ $rc -eq 3 ] && jq -e '.results[0] | .matched_by == \"none\" and (.suggestions | index(\"Samsung PM883\"))' $T/j >/dev/null"
bl SN640 >/dev/null; rc=$?
check "in the database, class unknown: exit 1" "[ $rc -eq 1 ]"
$DC lookup SN640 >"$T/t"
check "... said as such, with the live drive's own word" \
	"grep -q 'the family is in the database, but no source it cites states' $T/t && grep -q 'a live drive answers for itself' $T/t"
$DC lookup PM833 >"$T/t"
check "not in the database is said differently" "grep -q '^PM833: not in the database' $T/t && ! grep -q 'is in the database' $T/t"
$DC lookup --list --plp full --interface nvme --min-dwpd 1 >"$T/t" 2>"$T/e"
check "--list --min-dwpd says which families it left out for an unknown DWPD" \
	"grep -q 'families left out because neither a rating nor their drives give their DWPD' $T/e"
$DC lookup --list --plp full --interface nvme >"$T/t" 2>/dev/null
# the DWPD column (characters 95-100) and what it rests on (BY, 102-110)
dwpd_by() { awk 'NR > 1 { d = substr($0, 95, 6); b = substr($0, 102, 9); gsub(/ /, "", d); gsub(/ /, "", b); print d, b }' "$1"; }
check "--list shows an unknown DWPD as -, never 0, and rests it on nothing" \
	"[ -z \"\$(dwpd_by $T/t | awk '\$1 == \"0\" || (\$1 == \"-\") != (\$2 == \"-\")')\" ] && [ -n \"\$(dwpd_by $T/t | awk '\$1 == \"-\"')\" ]"

# --list and its filters
check "list all" "[ \$($DC --db $T/t.sqlite lookup --list 2>/dev/null | tail -n +2 | wc -l) -eq 10 ]"
check "list --plp full" "[ \$($DC --db $T/t.sqlite lookup --list --plp full 2>/dev/null | tail -n +2 | wc -l) -eq 3 ]"
check "list --plp at-least-data-at-rest" "[ \$($DC --db $T/t.sqlite lookup --list --plp at-least-data-at-rest 2>/dev/null | tail -n +2 | wc -l) -eq 1 ]"
check "list --vendor samsung (any case)" "[ \$($DC --db $T/t.sqlite lookup --list --vendor samsung 2>/dev/null | tail -n +2 | wc -l) -eq 5 ]"
check "list --min-dwpd 1" "[ \$($DC --db $T/t.sqlite lookup --list --min-dwpd 1 2>/dev/null | tail -n +2 | wc -l) -eq 2 ]"
check "list --source-kind device" "[ \"\$($DC --db $T/t.sqlite lookup --list --source-kind device 2>/dev/null | tail -n +2 | awk '{print \$4}')\" = 'special' ]"
check "list --source-kind compilation" "[ \$($DC --db $T/t.sqlite lookup --list --source-kind compilation 2>/dev/null | tail -n +2 | wc -l) -eq 2 ]"
check "list --source-kind distributor: the strongest of the 870 EVO" "[ \$($DC --db $T/t.sqlite lookup --list --source-kind distributor 2>/dev/null | tail -n +2 | wc -l) -eq 1 ]"
check "list --source-kind bogus is a usage error" "$DC lookup --list --source-kind blog >/dev/null 2>&1; [ \$? -eq 4 ]"
check "list --plp bogus is a usage error" "$DC lookup --list --plp bogus >/dev/null 2>&1; [ \$? -eq 4 ]"
# every value option is checked alike: a value the database never holds is a usage error,
# never "0 families" and exit 0
for bad in "--interface bogus" "--interface SATA" "--min-dwpd nan" "--min-dwpd -1" "--min-dwpd inf"; do
	$DC lookup --list $bad >"$T/t" 2>"$T/e"; rc=$?
	check "list $bad is a usage error, said why" "[ $rc -eq 4 ] && [ ! -s $T/t ] && grep -q -- \"^drivecheck: ${bad%% *}: want .*, not '${bad#* }'\\\$\" $T/e"
done
check "list --interface sas still lists" "[ \$($DC lookup --list --interface sas 2>/dev/null | tail -n +2 | wc -l) -gt 0 ]"

# A missing, corrupt or foreign database: a clear message and exit 5.
$DC --db "$T/missing.sqlite" lookup X >/dev/null 2>"$T/err"; rc=$?
check "missing db exits 5" "[ $rc -eq 5 ] && grep -q 'cannot open database' $T/err"
head -c 5000 /dev/urandom >"$T/corrupt.sqlite"
$DC --db "$T/corrupt.sqlite" lookup X >/dev/null 2>"$T/err"; rc=$?
check "corrupt db exits 5" "[ $rc -eq 5 ] && grep -q 'not a drivecheck database' $T/err"
sqlite3 "$T/foreign.sqlite" 'CREATE TABLE meta(key, value); INSERT INTO meta VALUES ("schema_version", "99");'
$DC --db "$T/foreign.sqlite" lookup X >/dev/null 2>"$T/err"; rc=$?
check "other schema exits 5" "[ $rc -eq 5 ] && grep -q 'schema version 99' $T/err"
sqlite3 "$T/v1.sqlite" 'CREATE TABLE meta(key, value); INSERT INTO meta VALUES ("schema_version", "1");'
$DC --db "$T/v1.sqlite" lookup X >/dev/null 2>"$T/err"; rc=$?
check "a database of the first layout exits 5, said plainly" "[ $rc -eq 5 ] && grep -q 'schema version 1, this drivecheck reads 4' $T/err"
cp "$T/t.sqlite" "$T/trunc.sqlite"; truncate -s 3000 "$T/trunc.sqlite"
$DC --db "$T/trunc.sqlite" lookup MZ7LH960HAJR >/dev/null 2>"$T/err"; rc=$?
check "truncated db: exit 5 or 3, never a crash" "[ $rc -eq 5 -o $rc -eq 3 ]"

# The shipped database passes its own checks (also run by make db-check).
# No shipped row says "full" on distributor or community sources alone, nor on an OpenZFS
# list alone: asked of the built database itself, not of the build's own check.
check "shipped: every full row rests on a source that may prove it" "[ \"\$(sqlite3 $BUILD/drives.sqlite \"SELECT count(*) FROM family f WHERE f.plp = 'full' AND NOT EXISTS (SELECT 1 FROM source s WHERE s.family_id = f.id AND s.backs AND s.claim = 'full' AND s.kind IN ('vendor','device','review','compilation') AND s.url NOT LIKE '%openzfs%')\")\" = 0 ]"
check "shipped: every source has a kind and a claim" "[ \"\$(sqlite3 $BUILD/drives.sqlite \"SELECT count(*) FROM source WHERE kind IS NULL OR kind = '' OR claim IS NULL OR claim = ''\")\" = 0 ]"
check "shipped: every classed row has a backing source" "[ \"\$(sqlite3 $BUILD/drives.sqlite \"SELECT count(*) FROM family f WHERE f.plp != 'unknown' AND NOT EXISTS (SELECT 1 FROM source s WHERE s.family_id = f.id AND s.backs)\")\" = 0 ]"
check "shipped database is sound" "$DBB --check --attr-rules --models data/enterprise-models.tsv \$(for l in db/lists/*.txt; do printf -- '--list %s ' \$l; done) \$(for o in db/observed/*.tsv; do printf -- '--observed %s ' \$o; done) -o $T/ship.sqlite db/schema.sql db/vendors/*.txt 2>$T/err || { cat $T/err >&2; false; }"
# A family is named as its vendor names it, without the vendor: lookup and the verdicts
# print "vendor family", so "SanDisk SanDisk Ultra 3D" would say the vendor twice. The name
# search takes a word of the row's own vendor as a maker's (src/lookup/name_search.c), so
# "PNY CS900" still finds PNY's CS900.
check "shipped: no family name repeats its vendor" "[ \"\$(sqlite3 $BUILD/drives.sqlite \"SELECT count(*) FROM family WHERE upper(family) LIKE upper(vendor) || ' %'\")\" = 0 ]"
for q in "PNY CS900" "Corsair MP400" "Patriot Burst" "Transcend SSD370" "ADATA SU630" "Supermicro SATA DOM"; do
	v=${q%% *}
	check "'$q': the vendor's word and the family's find it (not exit 3), the vendor said once" \
		"$DC lookup '$q' >$T/l; [ \$? -ne 3 ] && head -1 $T/l | grep -q '^$q: $v ' && ! head -1 $T/l | grep -q '$v $v'"
done
check "a model of a renamed family says its vendor once" "$DC lookup 'SanDisk SDSSDH3500G' | head -1 | grep -q '^SanDisk SDSSDH3500G: SanDisk Ultra 3D (sata, client)\$'"
check "embedded database answers" "$DC --version | grep -q 'families'"

# ---- firmware advisories (issue 22): db/README.md, "Firmware advisories" ----
# The rules of evidence and the stanza checks, each refused with its reason.
check "advisory: forum posts alone never back one" "refused advisory-community-only 'rests on no source that may back it'"
check "advisory: two shops never back one" "refused advisory-distributors 'a forum post or a shop never does'"
check "advisory: a review backs one only with the fixed firmware named" "refused advisory-review-no-fixed 'names the vendor.s bulletin and its fixed firmware'"
check "advisory: only the vendor's document is a bulletin" "refused advisory-review-claims-bulletin 'only the vendor.s own document is a bulletin'"
check "advisory: the vendor's bulletin is named" "refused advisory-no-bulletin \"names the vendor's bulletin it rests on\""
check "advisory: a drive's report proves no defect" "refused advisory-device-claim 'a device source claims identity only'"
check "advisory: no PLP claims" "refused advisory-plp-claim \"unknown claim 'full' for an advisory\""
check "advisory: the fix is never affected" "refused advisory-fixed-affected \"falls under 'affected: HPD\""
check "advisory: a hit example it misses" "refused advisory-example-missed 'the advisory must flag it, and its firmware is not among the affected'"
check "advisory: a clear example it flags" "refused advisory-example-flagged 'marked clear, yet the advisory flags it'"
check "advisory: the 960 GB drive is not flagged" "refused advisory-capacity-missed 'the capacity is not one it names'"
check "advisory: firmware by its own strings, not an ordering" "refused advisory-ordering 'never an ordering'"
check "advisory: patterns in normal form" "refused advisory-not-normal \"write 'X438 PHM2400MCTO'\""
check "advisory: at least one example it flags" "refused advisory-no-hit-example 'no example it flags'"
check "advisory: an effect of the five kinds" "refused advisory-bad-effect \"not 'annoying'\""
check "advisory: a model glob shown by an example" "refused advisory-unused-glob 'NEVER\\* matches none'"
check "advisory: whole hours" "refused advisory-hours \"not 'about 40000'\""

check "advisories build beside the families" "$DBB $TL --check -o $T/a.sqlite db/schema.sql tests/db/good/test.txt tests/db/good/advisories.txt 2>$T/err || { cat $T/err >&2; false; }"
la() { $DC --db "$T/a.sqlite" lookup --json "$@"; }
check "lookup MODEL lists its advisories, firmware not given" "[ \"\$(la TESTSAS0400 | jq -r '.results[0].advisories[0] | [.id, .match, .hours, .fixed, .effect] | @tsv')\" = \"TEST-COUNTER	firmware-unknown	32768	HPD8	drive-loss\" ]"
check "an advisory without a family row" "[ \"\$(la TESTSAS0400 | jq -r '.results[0].match')\" = null ]"
check "an advisory under its family's answer" "[ \"\$(la 'SAMSUNG MZ7LH960HAJR-00005' | jq -r '.results[0] | [.match.family, .advisories[0].id] | @tsv')\" = \"Test PM883	TEST-REVIEW\" ]"
check "one hour before the failure point" "[ \"\$(la --firmware HPD7 --hours 32767 TESTSAS0400 | jq -r '.results[0].advisories[0] | [.match, .hours_left] | @tsv')\" = \"affected	1\" ]"
check "one hour after it" "[ \"\$(la --firmware HPD7 --hours 32769 TESTSAS0400 | jq -r '.results[0].advisories[0].hours_left')\" = -1 ]"
check "the fixed firmware: no advisory" "[ \"\$(la --firmware HPD8 --hours 32769 TESTSAS0400 | jq '.results[0].advisories | length')\" = 0 ]"
check "another family's firmware string: no advisory" "[ \"\$(la --firmware XCV10100 TESTSAS0800 | jq '.results[0].advisories | length')\" = 0 ]"
check "a capacity it names" "[ \"\$(la --firmware XCV10100 --capacity 1920383410176 'SAMSUNG MZ7LH1T9HMLT-00005' | jq -r '.results[0].advisories[0].id')\" = TEST-CAPACITY ]"
check "a capacity it does not name" "[ \"\$(la --firmware XCV10100 --capacity 960197124096 'SAMSUNG MZ7LH1T9HMLT-00005' | jq '.results[0].advisories | length')\" = 0 ]"
check "the model without its vendor word" "[ \"\$(la --firmware 4PC10302 MZ7LH960HAJR-00005 | jq -r '.results[0].advisories[0].id')\" = TEST-REVIEW ]"
check "no hours given: hours_left null" "[ \"\$(la --firmware HPD7 TESTSAS0400 | jq -r '.results[0].advisories[0].hours_left')\" = null ]"
check "an advisory's sources, backing first" "[ \"\$(la TESTSAS0400 | jq -r '.results[0].advisories[0] | [.source_count, .sources[0].kind, .sources[0].claim, .sources[0].backs, .sources[1].backs] | @tsv')\" = \"2	vendor	bulletin	true	false\" ]"
check "a model without advisories: an empty list" "[ \"\$(la CT1000MX500SSD1 | jq '.results[0].advisories | length')\" = 0 ]"
check "lookup --advisories --json lists them all" "[ \"\$($DC --db $T/a.sqlite lookup --advisories --json 2>/dev/null | jq -r '[.advisories[].id] | join(\",\")')\" = 'TEST-CAPACITY,TEST-COUNTER,TEST-REVIEW' ]"
check "lookup --advisories: a table" "$DC --db $T/a.sqlite lookup --advisories 2>/dev/null | grep -q '^TEST-COUNTER .* drive-loss .*32768 HPD8 .*TESTSAS0400'"
check "lookup --advisories says how many" "$DC --db $T/a.sqlite lookup --advisories 2>&1 >/dev/null | grep -q '^3 advisories'"
check "lookup's table: the advisory, the hours left, the fix" "$DC --db $T/a.sqlite lookup --firmware HPD7 --hours 32000 TESTSAS0400 | grep -q 'at 32768 power-on hours: 768 hours left' && $DC --db $T/a.sqlite lookup TESTSAS0400 | grep -q 'advisory:  TEST-COUNTER (drive-loss)' && $DC --db $T/a.sqlite lookup TESTSAS0400 | grep -q 'fixed in HPD8'"
check "lookup's table: past the failure point" "$DC --db $T/a.sqlite lookup --firmware HPD7 --hours 33000 TESTSAS0400 | grep -q 'reached (232 hours past)'"
$DC lookup --advisories X >/dev/null 2>&1; check "--advisories takes no MODEL" "[ $? -eq 4 ]"
$DC lookup --hours many X >/dev/null 2>&1; check "--hours wants a number" "[ $? -eq 4 ]"
$DC lookup --capacity -5 X >/dev/null 2>&1; check "--capacity wants a number of bytes" "[ $? -eq 4 ]"
# The shipped advisories, asked of the built database itself.
check "shipped: every advisory has a backing source" "[ \"\$(sqlite3 $BUILD/drives.sqlite \"SELECT count(*) FROM advisory a WHERE NOT EXISTS (SELECT 1 FROM advisory_source s WHERE s.advisory_id = a.id AND s.backs)\")\" = 0 ]"
check "shipped: no source of a forum or a shop backs one" "[ \"\$(sqlite3 $BUILD/drives.sqlite \"SELECT count(*) FROM advisory_source WHERE backs AND kind IN ('community', 'distributor', 'device')\")\" = 0 ]"
check "shipped: a review backs only an advisory with its fix" "[ \"\$(sqlite3 $BUILD/drives.sqlite \"SELECT count(*) FROM advisory_source s JOIN advisory a ON a.id = s.advisory_id WHERE s.backs AND s.kind = 'review' AND a.fixed IS NULL\")\" = 0 ]"
check "shipped: every advisory flags an example" "[ \"\$(sqlite3 $BUILD/drives.sqlite \"SELECT count(*) FROM advisory a WHERE NOT EXISTS (SELECT 1 FROM advisory_example e WHERE e.advisory_id = a.id AND e.hit)\")\" = 0 ]"
check "shipped: HPE's 32,768-hour bulletin, one hour before" "[ \"\$($DC lookup --json --firmware HPD7 --hours 32767 VO0480JFDGT | jq -r '.results[0].advisories[0] | [.id, .hours_left, .fixed] | @tsv')\" = \"HPE-A00092491	1	HPD8\" ]"
check "shipped: the 960 GB S4510 on XCV10100 is not flagged" "[ \"\$($DC lookup --json --firmware XCV10100 --capacity 960197124096 'INTEL SSDSC2KB960G8' | jq '.results[0].advisories | length')\" = 0 ]"
check "shipped: the 1.92 TB S4510 on XCV10100 is" "[ \"\$($DC lookup --json --firmware XCV10100 --capacity 1920383410176 'INTEL SSDSC2KB019T8' | jq -r '.results[0].advisories[0].id')\" = INTEL-S4510-XCV10100 ]"
# ---- end of firmware advisories ----

# ---- observed endurance (issue 29) ----
# tools/observed_endurance.py: the counters' cross-check on real reports, its reading held
# against drivecheck's, the statistics, and the committed db/observed/endurance.tsv.
check "observed endurance: tests/db/observed_endurance_test.py" "python3 tests/db/observed_endurance_test.py $DC >$T/obs 2>&1 || { cat $T/obs >&2; false; }"

# The table built into the database (dbbuild --observed), held to its rules, and looked up.
OD=tests/db/observed
ob() { # dbbuild with the test families and one observed table: FILE [more arguments]
	local tsv=$1; shift
	$DBB $TL --check "$@" --observed "$tsv" -o "$T/o.sqlite" db/schema.sql tests/db/good/test.txt $OD/families.txt 2>"$T/err"
}
check "observed: the test table builds and passes --check" "ob $OD/test.tsv || { cat $T/err >&2; false; }"
check "observed: its source, from the table's header" "[ \"\$(sqlite3 $T/o.sqlite 'SELECT title, url, revision, licence, tool FROM observed_source')\" = 'Test corpus|https://example.invalid/corpus|commit 0000000000000000000000000000000000000000|CC BY 4.0|tools/observed_endurance.py version 1' ]"
check "observed: every row, each capacity's rated TBW by its model" "[ \"\$(sqlite3 $T/o.sqlite \"SELECT count(*), count(rated_tbw_tb), sum(rated_tbw_tb) FROM observed_endurance\")\" = '7|5|6673.0' ]"
# each rule refused with its reason: the test table changed one way at a time
badobs() { # name, sed script or command, words of the message
	if [ "${2#cmd:}" != "$2" ]; then eval "${2#cmd:}" <$OD/test.tsv >"$T/$1.tsv"; else sed "$2" $OD/test.tsv >"$T/$1.tsv"; fi
	! ob "$T/$1.tsv" && grep -q "$3" "$T/err" && [ ! -e "$T/o.sqlite.tmp" ]
}
check "observed: a family not in the vendor files" "badobs unknown-family 's/Test MX500/Test MX900/' \"no family 'Test MX900' of vendor 'Crucial'\""
check "observed: at least 5 drives" "badobs four-drives 's/^\(Samsung\tTest 870 EVO\t-\t\)8/\\14/' 'at least 5 drives'"
check "observed: quartiles in order" "badobs quartiles 's/\t300\t600\t900\t/\t300\t1000\t900\t/' 'quartiles in order'"
check "observed: a capacity to three significant digits" "badobs capacity 's/240000000000/240100000000/' 'bytes to three significant digits'"
check "observed: the model is the family's own" "badobs model 's/\(960000000000.*\)SAMSUNG MZ7LH960HAJR-00005/\\1SAMSUNG MZ7LH1T9HMLT-00005/' \"is not the family's: its best match in the database is another family\""
check "observed: one row per family and capacity" "badobs twice 'cmd:awk \"{ print } /Test 870 EVO/ { print }\"' 'a second row for the same family and capacity'"
check "observed: the header names its source" "badobs no-source '/^# corpus:/d' 'the header names its source'"
check "observed: ten columns" "badobs nine-columns 'cmd:cut -f1-9' 'want 10 columns'"
check "observed: wrapped drives among the drives" "badobs wrapped 's/\t30\t18\t/\t30\t21\t/' 'wrapped: 21 of 20 drives'"
check "observed: whole numbers" "badobs fraction 's/\t1200\t/\t1200.5\t/' \"dw_median: '1200.5' is not a whole number\""
check "observed: a capacity row needs its family's row (--check)" "badobs no-family-row '/^Test\tTest TBW\t-/d' \"a capacity row without its family's row\""
# make db-check's rule: rated and observed within 10x, or the row says why
$DBB $TL --check --observed $OD/tenfold.tsv -o "$T/o.sqlite" db/schema.sql tests/db/good/test.txt $OD/tenfold.txt 2>"$T/err"; rc=$?
check "observed: tenfold apart from the rating fails --check, said with both figures" \
	"[ $rc -ne 0 ] && grep -q 'tenfold.txt:2: rated and observed endurance differ more than tenfold: Test Test tenfold: its drives took 20000 full-drive writes (the median of 9 drives, tests/db/observed/tenfold.tsv line 9), the rating gives 1825 (DWPD x 365 x warranty years), 11.0x more' $T/err"
check "observed: tenfold apart builds without --check (make does not refuse it)" \
	"$DBB $TL --observed $OD/tenfold.tsv -o $T/o10.sqlite db/schema.sql tests/db/good/test.txt $OD/tenfold.txt 2>$T/err"
check "observed: tenfold apart with an endurance_note passes" \
	"$DBB $TL --check --observed $OD/tenfold.tsv -o $T/o10.sqlite db/schema.sql tests/db/good/test.txt $OD/tenfold-explained.txt 2>$T/err || { cat $T/err >&2; false; }"
check "observed: the note is shown beside both figures" \
	"$DC --db $T/o10.sqlite lookup TENFOLD960 | grep -q '^  rated vs observed: the test fleet wrote sequentially' && [ \"\$($DC --db $T/o10.sqlite lookup --json TENFOLD960 | jq -r '.results[0].match | [.dwpd, .observed_endurance.drive_writes, (.endurance_note | length > 0)] | @tsv')\" = \"1	20000	true\" ]"

ob $OD/test.tsv
lo() { $DC --db "$T/o.sqlite" lookup --json "$@"; }
check "observed: lookup --json gives it beside dwpd and tbw_tb, as observed" \
	"[ \"\$(lo 'SAMSUNG MZ7LH960HAJR-00005' | jq -r '.results[0].match | [.dwpd, .tbw_tb, .observed_endurance.drives, .observed_endurance.drive_writes, .observed_endurance.p25, .observed_endurance.p75, .observed_endurance.capacity_bytes, .observed_endurance.source.kind, .observed_endurance.source.url] | @tsv')\" = \"1.3	1366	30	1100	800	1400	960000000000	observed	https://example.invalid/corpus\" ]"
check "observed: a model with a row of its own capacity gets it" "[ \"\$(lo 'SAMSUNG MZ7LH240HAHQ-00005' | jq -r '.results[0].match.observed_endurance | [.capacity_bytes, .drive_writes] | @tsv')\" = \"240000000000	1300\" ]"
check "observed: another model, the family's" "[ \"\$(lo 'MZ7LH480HAHQ-00005' | jq -r '.results[0].match.observed_endurance | [(.capacity_bytes | tostring), .drive_writes, .drives] | @tsv')\" = \"null	1200	40\" ]"
check "observed: --capacity within 2% picks its row" "[ \"\$(lo --capacity 960197124096 'MZ7LH480HAHQ-00005' | jq -r '.results[0].match.observed_endurance.capacity_bytes')\" = 960000000000 ]"
check "observed: --capacity 3% off does not" "[ \"\$(lo --capacity 990000000000 'MZ7LH480HAHQ-00005' | jq -r '.results[0].match.observed_endurance.capacity_bytes')\" = null ]"
check "observed: a family without drives seen: null" "[ \"\$(lo 'Samsung SSD 860 EVO 1TB' | jq -r '.results[0].match.observed_endurance')\" = null ]"
check "observed: a database without the table: null" "[ \"\$(lk 'SAMSUNG MZ7LH960HAJR-00005' | jq -r '.results[0].match.observed_endurance')\" = null ]"
check "observed: lookup --json, the family's patterns, TBW lines and rows" "[ \"\$(lo 'Test PM883' | jq -r '.results[0].family | [(.patterns | join(\",\")), (.tbw | length), .tbw[1].pattern, .tbw[1].tbw_tb, ([.observed_endurance[].capacity_bytes] | map(tostring) | join(\",\"))] | @tsv')\" = \"MZ7LH*	3	MZ7LH240*	341	null,240000000000,960000000000\" ]"
check "observed: the figure per day, rated first" "[ \"\$(lo 'SAMSUNG MZ7LH960HAJR-00005' | jq -r '.results[0].family.endurance_per_day | [.dwpd, .basis, .years, .years_stated] | @tsv')\" = \"1.3	rated	3	true\" ]"
check "observed: else a rated TBW over its capacity" "[ \"\$(lo TESTTBW480 | jq -r '.results[0].family.endurance_per_day | [.dwpd, .basis, .tbw_tb, .capacity_bytes, .years, .years_stated] | @tsv')\" = \"1.027	rated-tbw	1800	960000000000	5	false\" ]"
check "observed: else what the drives took, marked" "[ \"\$(lo 'Samsung SSD 870 EVO 1TB' | jq -r '.results[0].family.endurance_per_day | [.dwpd, .basis] | @tsv')\" = \"0.329	observed\" ]"
# lookup's words: each figure for what it is, never "endurance: unknown" beside one
$DC --db "$T/o.sqlite" lookup 'Test 870 EVO' >"$T/t"
check "observed: the family look-up says it is observed, not a rating" \
	"grep -q '^  DWPD:      0.33 observed, not a rating' $T/t && grep -q '^  observed:  600 full-drive writes to 100% of the wear indicator: the median of 8 drives of the family (p25 300, p75 900), read at a median 10% wear$' $T/t && grep -q 'not a rating (Test corpus, commit 0000000000000000000000000000000000000000, CC BY 4.0)' $T/t && ! grep -q 'endurance: unknown' $T/t"
$DC --db "$T/o.sqlite" lookup 'Test PM883' >"$T/t"
check "observed: a family named, every capacity" "grep -q '^             by capacity: 240 GB 1300 (10 drives), 960 GB 1100 (30 drives)$' $T/t"
$DC --db "$T/o.sqlite" lookup TESTTBW480 >"$T/t"
check "observed: a TBW over its capacity, the years said" "grep -q '^  DWPD:      1 from a rated TBW: 1800 TB at 960 GB over 5 years (the row states no warranty)$' $T/t"
$DC --db "$T/t.sqlite" lookup 'Test PM883' >"$T/t"
check "a family named: every TBW line, with the models it is for" "grep -q '^  TBW:       100 TB (MZ7LH\*), 341 TB (MZ7LH240\*), 1366 TB (MZ7LH960\*)$' $T/t && ! grep -q 'endurance: unknown' $T/t"
$DC --db "$T/t.sqlite" lookup 'Test MX500' >"$T/t"
check "a family with no figure at all: endurance unknown" "grep -q '^  endurance: unknown (no source gives DWPD or TBW for the family, and no drives of the family were seen)$' $T/t"
# --list --min-dwpd: rated, else rated by capacity, else observed, each marked
$DC --db "$T/o.sqlite" lookup --list --min-dwpd 0.3 >"$T/t" 2>"$T/e"
check "observed: --min-dwpd takes a rated TBW and an observed figure, marked" \
	"[ \"\$(dwpd_by $T/t | sort | tr '\n' ' ')\" = '0.3 rated 0.329 observed 1.03 rated-tbw 1.3 rated 1.5 rated ' ] && grep -q 'Test TBW' $T/t && grep -q 'Test 870 EVO' $T/t"
check "observed: --list says what BY means" "grep -q '^DWPD by: rated, the row.s DWPD; rated-tbw, .*(1 families); observed, .* not a rating (1 families)' $T/e"
check "observed: without the table, the observed family is left out and said" \
	"[ \$($DC --db $T/t.sqlite lookup --list --min-dwpd 0.3 2>$T/e | tail -n +2 | wc -l) -eq 3 ] && grep -q 'Samsung Test 870 EVO' $T/e"
# the shipped database: the table in it, and the families the issue named
check "shipped: the observed table is built in" "[ \"\$(sqlite3 $BUILD/drives.sqlite 'SELECT count(*) > 400, (SELECT revision FROM observed_source) FROM observed_endurance')\" = '1|commit 66faf203c101ca6b6bb96b5eb84610374b37e7ad' ]"
$DC lookup --list --plp full --interface sata --min-dwpd 1 >"$T/t" 2>/dev/null
check "shipped: --min-dwpd 1 lists the D3-S4610 by its 960 GB TBW" "grep 'D3-S4610' $T/t | grep -q ' 3.31 rated-tbw '"
check "shipped: MX500 by name shows its TBW per capacity, not 'unknown'" "$DC lookup MX500 | grep -q '^  TBW:       100 TB (CT250MX500SSD\*), 180 TB' && ! $DC lookup MX500 | grep -q 'endurance: unknown'"
$DC --replay data/dumps/CT1000MX500SSD1 -v >"$T/t" 2>&1
check "shipped: -v shows what the drive's capacity took, as observed" "grep -q '^    observed, not a rating: 150 full-drive writes to 100% of the wear indicator, the median of 293 drives of 1.00 TB (linuxhw/EnterpriseDrive, commit 66faf203c101ca6b6bb96b5eb84610374b37e7ad)$' $T/t"
check "shipped: PM883 by name shows every pattern" "$DC lookup PM883 | grep -q '^  patterns:  MZ7LH240\*, MZ7LH480\*, MZ7LH960\*, MZ7LH1T9\*'"
# ---- end of observed endurance ----

echo "tests/db: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
