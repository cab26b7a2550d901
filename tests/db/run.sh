#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/db/run.sh - the drive database: build checks that refuse bad rows, matching and
# look-ups through the CLI, and clear errors for a missing or corrupt database.
set -u
BUILD=${BUILD:-build}
DC=$BUILD/drivecheck
DBB=$BUILD/dbbuild
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok()  { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
check() { if eval "$2"; then ok; else bad "$1"; fi; }

# A good file builds and passes --check.
check "good file builds" "$DBB --check -o $T/t.sqlite db/schema.sql tests/db/good/test.txt 2>$T/err"
# Each bad file is refused, with the reason.
for f in tests/db/bad/*.txt; do
	if $DBB --check -o "$T/b.sqlite" db/schema.sql "$f" 2>"$T/err"; then
		bad "$f was accepted"
	else
		ok
		check "$f leaves no database" "[ ! -e $T/b.sqlite ]"
	fi
done
check "no source reported" "$DBB --check -o $T/b.sqlite db/schema.sql tests/db/bad/no-source.txt 2>&1 | grep -q 'no source'"
check "contradiction reported" "$DBB --check -o $T/b.sqlite db/schema.sql tests/db/bad/contradiction.txt 2>&1 | grep -q 'contradicting PLP'"
check "unused pattern reported" "$DBB --check -o $T/b.sqlite db/schema.sql tests/db/bad/unused-pattern.txt 2>&1 | grep -q 'NEVER'"
check "bad key reported with its line" "$DBB --check -o $T/b.sqlite db/schema.sql tests/db/bad/bad-values.txt 2>&1 | grep -q 'bad-values.txt:10: unknown key'"
# Even without --check, a row with no source is never built.
check "no source without --check" "! $DBB -o $T/b.sqlite db/schema.sql tests/db/bad/no-source.txt 2>/dev/null"

lk() { $DC --db "$T/t.sqlite" lookup --json "$@"; }
# Prefixes, case, underscores and padding all meet the same row.
for q in "SAMSUNG MZ7LH960HAJR-00005" "mz7lh960hajr-00005" "  SAMSUNG   MZ7LH960HAJR-00005 "; do
	check "match '$q'" "[ \"\$(lk '$q' | jq -r '.results[0].match.family')\" = 'Test PM883' ]"
done
check "Micron_ underscores" "[ \"\$(lk Micron_5300_MTFDDAK960TDS | jq -r '.results[0].match.plp')\" = full ]"
check "per-capacity TBW" "[ \"\$(lk MZ7LH240HAHQ-00005 | jq -r '.results[0].match.tbw_tb')\" = 341 ]"
check "TBW unknown for a capacity without a row" "[ \"\$(lk MZ7LH480HAHQ-00005 | jq -r '.results[0].match.tbw_tb')\" = null ]"
check "longest pattern wins" "[ \"\$(lk 'SAMSUNG MZ7LH1T9HMLT-00005' | jq -r '.results[0].match.family')\" = 'Test PM883 special' ]"
check "data-at-rest" "[ \"\$(lk CT1000MX500SSD1 | jq -r '.results[0].match.plp')\" = data-at-rest ]"
check "no match is null" "[ \"\$(lk 'NOT A DRIVE' | jq -r '.results[0].match')\" = null ]"
check "json_format_version" "[ \"\$(lk X | jq -c '.json_format_version')\" = '[1,0]' ]"
check "source cited" "[ \"\$(lk CT1000MX500SSD1 | jq -r '.results[0].match.source.url')\" = https://example.invalid/mx500 ]"
lk 'NOT A DRIVE' >/dev/null; check "no match exits 3" "[ $? -eq 3 ]"
lk CT1000MX500SSD1 >/dev/null; check "a match exits 0" "[ $? -eq 0 ]"
check "odd bytes in a query" "lk \$'A\\x01\\xff\\tB' | jq -e '.results[0].match == null' >/dev/null"

# --list and its filters
check "list all" "[ \$($DC --db $T/t.sqlite lookup --list 2>/dev/null | tail -n +2 | wc -l) -eq 5 ]"
check "list --plp full" "[ \$($DC --db $T/t.sqlite lookup --list --plp full 2>/dev/null | tail -n +2 | wc -l) -eq 3 ]"
check "list --vendor samsung (any case)" "[ \$($DC --db $T/t.sqlite lookup --list --vendor samsung 2>/dev/null | tail -n +2 | wc -l) -eq 3 ]"
check "list --min-dwpd 1" "[ \$($DC --db $T/t.sqlite lookup --list --min-dwpd 1 2>/dev/null | tail -n +2 | wc -l) -eq 2 ]"
check "list --plp bogus is a usage error" "$DC lookup --list --plp bogus >/dev/null 2>&1; [ \$? -eq 4 ]"

# A missing, corrupt or foreign database: a clear message and exit 5.
$DC --db "$T/missing.sqlite" lookup X >/dev/null 2>"$T/err"; rc=$?
check "missing db exits 5" "[ $rc -eq 5 ] && grep -q 'cannot open database' $T/err"
head -c 5000 /dev/urandom >"$T/corrupt.sqlite"
$DC --db "$T/corrupt.sqlite" lookup X >/dev/null 2>"$T/err"; rc=$?
check "corrupt db exits 5" "[ $rc -eq 5 ] && grep -q 'not a drivecheck database' $T/err"
sqlite3 "$T/foreign.sqlite" 'CREATE TABLE meta(key, value); INSERT INTO meta VALUES ("schema_version", "99");'
$DC --db "$T/foreign.sqlite" lookup X >/dev/null 2>"$T/err"; rc=$?
check "other schema exits 5" "[ $rc -eq 5 ] && grep -q 'schema version 99' $T/err"
cp "$T/t.sqlite" "$T/trunc.sqlite"; truncate -s 3000 "$T/trunc.sqlite"
$DC --db "$T/trunc.sqlite" lookup MZ7LH960HAJR >/dev/null 2>"$T/err"; rc=$?
check "truncated db: exit 5 or 3, never a crash" "[ $rc -eq 5 -o $rc -eq 3 ]"

# The shipped database passes its own checks (also run by make db-check).
check "shipped database is sound" "$DBB --check --models data/enterprise-models.tsv -o $T/ship.sqlite db/schema.sql db/vendors/*.txt 2>$T/err || { cat $T/err >&2; false; }"
check "embedded database answers" "$DC --version | grep -q 'families'"

echo "tests/db: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
