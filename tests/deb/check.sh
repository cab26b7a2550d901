#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/deb/check.sh - the Debian package end to end, as root: `make deb`, lintian, then
# `apt-get install` of the .deb and checks against the INSTALLED files (the binary and its
# version, the database beside it, a look-up, the man page, the bash completion as
# bash-completion loads it), then `apt-get remove` and nothing left behind.
# It never skips: without root or the tools (make test-deps) it fails.
set -u
. "$(dirname "$0")/../lib/checks.sh"
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
VERSION=$(cat VERSION)
DEB_DIR=$BUILD/deb
DC=/usr/bin/drivecheck
COMPDIR=/usr/share/bash-completion/completions
T=$(mktemp -d)
installed_here=
cleanup() {
	[ "$installed_here" ] && dpkg-query -W -f='${Status}' drivecheck 2>/dev/null | grep -q ' installed' &&
		DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq drivecheck >/dev/null 2>&1
	rm -rf "$T"
}
trap cleanup EXIT
finish() { echo "tests/deb: $pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit; }
die() { bad "$*"; finish; }
start=$SECONDS

[ "$(id -u)" -eq 0 ] || die "needs root (apt-get install, apt-get remove); CI runs as root"
for tool in dpkg-buildpackage dh fakeroot lintian man apt-get jq; do
	command -v "$tool" >/dev/null || die "$tool is missing: make test-deps"
done
[ -r /usr/share/bash-completion/bash_completion ] || die "bash-completion is missing: make test-deps"

# --- build, and lintian on what was built ---
$MAKE --no-print-directory -s deb BUILD="$BUILD" >"$T/build.log" 2>&1 ||
	{ tail -40 "$T/build.log" >&2; die "make deb failed"; }
debs=("$DEB_DIR"/drivecheck_"$VERSION"_*.deb)
changes=("$DEB_DIR"/drivecheck_"$VERSION"_*.changes)
check "make deb: one drivecheck_${VERSION}_ARCH.deb in $DEB_DIR" "[ ${#debs[@]} -eq 1 ] && [ -s '${debs[0]}' ]"
check "make deb: a .changes beside it" "[ ${#changes[@]} -eq 1 ] && [ -s '${changes[0]}' ]"
check "make deb: nothing written outside the tree" "[ -z \"\$(find .. -maxdepth 1 -name 'drivecheck*_$VERSION*' -newer '$T')\" ]"
check "make deb: the copy of the tree is gone" "[ ! -e '$DEB_DIR/drivecheck-$VERSION' ]"
[ -s "${debs[0]}" ] || finish
check "the package's version is VERSION" "[ \"\$(dpkg-deb -f '${debs[0]}' Version)\" = '$VERSION' ]"
check "Depends from shlibs names libnvme and sqlite" \
	"dpkg-deb -f '${debs[0]}' Depends | grep -q libnvme && dpkg-deb -f '${debs[0]}' Depends | grep -q libsqlite3"

lintian --fail-on error,warning "${changes[0]}" "${debs[0]}" >"$T/lintian" 2>&1; rc=$?
sed 's/^/  lintian: /' "$T/lintian" | grep -v 'running with root privileges' >&2
check "lintian: exit 0 on the .deb and the .changes" "[ $rc -eq 0 ]"
check "lintian: no error" "! grep -q '^E: ' '$T/lintian'"
check "lintian: no warning" "! grep -q '^W: ' '$T/lintian'"
# The same lintian finds errors in a package that has them (no copyright, no changelog).
mkdir -p "$T/bad/DEBIAN" "$T/bad/usr/bin"
printf 'Package: drivecheck-bad\nVersion: 1\nArchitecture: all\nMaintainer: x <x@example.org>\nDescription: bad\n' >"$T/bad/DEBIAN/control"
cp /bin/true "$T/bad/usr/bin/drivecheck-bad"
dpkg-deb --root-owner-group -b "$T/bad" "$T/bad.deb" >/dev/null 2>&1
check "lintian: finds the errors of a bad package" "! lintian --fail-on error '$T/bad.deb' >'$T/lintian-bad' 2>&1 && grep -q '^E: .*no-copyright-file' '$T/lintian-bad'"

# --- install ---
if dpkg-query -W -f='${Status}' drivecheck 2>/dev/null | grep -q ' installed'; then
	echo "tests/deb: drivecheck was installed before this test; it is replaced, then removed" >&2
fi
installed_here=1
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$PWD/${debs[0]}" >"$T/install.log" 2>&1; rc=$?
[ $rc -eq 0 ] || cat "$T/install.log" >&2
check "apt-get install ./drivecheck_*.deb" "[ $rc -eq 0 ]"
check "dpkg: installed, version $VERSION" \
	"[ \"\$(dpkg-query -W -f='\${Status} \${Version}' drivecheck)\" = 'install ok installed $VERSION' ]"
dpkg -L drivecheck >"$T/files" 2>/dev/null
for f in $DC /usr/share/drivecheck/drives.sqlite /usr/share/man/man8/drivecheck.8.gz \
	$COMPDIR/drivecheck /usr/share/doc/drivecheck/copyright \
	/usr/share/drivecheck/prometheus/drivecheck.rules.yml /usr/share/drivecheck/grafana/drivecheck.json; do
	check "the package holds $f, and it is there" "grep -qx '$f' '$T/files' && [ -s '$f' ]"
done
check "the package writes nothing under /usr/local" "! grep -q '^/usr/local' '$T/files'"
check "drivecheck on PATH is the installed one" "[ \"\$(PATH=/usr/bin:/bin command -v drivecheck)\" = $DC ]"

# --- the installed binary, its database, a look-up ---
v=$($DC --version 2>&1)
re="^drivecheck $VERSION \(drive database: ([0-9]+) families, [0-9]+ patterns, built in\)$"
check "drivecheck --version: VERSION and the database ('$v')" "[[ \$v =~ \$re ]] && [ \${BASH_REMATCH[1]} -gt 0 ]"
[[ $v =~ $re ]] && families=${BASH_REMATCH[1]} || families=-1
v=$($DC --db /usr/share/drivecheck/drives.sqlite --version 2>&1)
check "the installed drives.sqlite holds the built-in database's $families families" \
	"[[ \$v == *'database: $families families'*'from /usr/share/drivecheck/drives.sqlite'* ]]"
model='SAMSUNG MZ7LH960HAJR-00005'
family=$(awk -v m="example: $model" '/^family:/ { f = $2 } $0 == m { print f; exit }' db/vendors/*.txt)
check "db/vendors has an example '$model'" "[ -n '$family' ]"
$DC lookup "$model" >"$T/lookup" 2>&1; rc=$?
check "drivecheck lookup '$model': exit 0" "[ $rc -eq 0 ]"
check "drivecheck lookup '$model': family $family" "head -1 '$T/lookup' | grep -q '^$model: .* $family ('"
$DC --db /usr/share/drivecheck/drives.sqlite lookup --json "$model" >"$T/lookup.json" 2>/dev/null
check "lookup --json from the installed file: the same family" \
	"[ \"\$(jq -r '.results[0].match.family' '$T/lookup.json')\" = '$family' ]"
$DC lookup 'NO SUCH MODEL 0000' >/dev/null 2>&1; rc=$?
check "a model not in the database: exit 3" "[ $rc -eq 3 ]"

# --- the man page ---
page=$(man -w drivecheck 2>/dev/null)
check "man -w drivecheck: the installed page" "[ '$page' = /usr/share/man/man8/drivecheck.8.gz ]"
LC_ALL=C MANWIDTH=100 man drivecheck >"$T/man.txt" 2>"$T/man.err"
check "man drivecheck: formats without a warning" "[ -s '$T/man.txt' ] && [ ! -s '$T/man.err' ]"
sed -n 's/^\.SH "\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' docs/drivecheck.8 >"$T/sections"
check "docs/drivecheck.8 has sections" "[ \$(wc -l <'$T/sections') -ge 3 ]"
while read -r s; do
	check "man drivecheck shows the section '$s'" "grep -qx '$s' '$T/man.txt'"
done <"$T/sections"
check "man drivecheck: the NAME line" "grep -q 'drivecheck - is this drive fit for Ceph or DRBD' '$T/man.txt'"

# --- the bash completion, loaded by bash-completion from where the package put it ---
# Only /usr/share is searched (not /usr/local, nor a user's own completions).
cat >"$T/comp.bash" <<'EOF'
export XDG_DATA_DIRS=/usr/share XDG_DATA_HOME=/nonexistent
unset BASH_COMPLETION_USER_DIR
source /usr/share/bash-completion/bash_completion || exit 90
complete -p drivecheck >/dev/null 2>&1 && exit 91    # not loaded yet: found on demand
__load_completion drivecheck || exit 92
[[ $(complete -p drivecheck) =~ -F\ ([^ ]+) ]] || exit 93
fn=${BASH_REMATCH[1]}
COMP_WORDS=("$@") COMP_CWORD=$(($# - 1)) COMP_LINE="$*"
COMP_POINT=${#COMP_LINE}
COMPREPLY=()
"$fn" drivecheck "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
((${#COMPREPLY[@]})) && printf '%s\n' "${COMPREPLY[@]}"
exit 0
EOF
# comp WORD...: the completions of the command line "drivecheck WORD..." (the last word is
# the one completed), one a line, sorted
comp() { bash --norc --noprofile "$T/comp.bash" drivecheck "$@" | LC_ALL=C sort; }
# same "WANT" WORD...: the completions are exactly WANT (words, any order)
same() {
	local want=$1 got
	shift
	got=$(comp "$@" | tr '\n' ' ')
	want=$(printf '%s\n' $want | LC_ALL=C sort | tr '\n' ' ')
	[ "$got" = "$want" ] || { echo "  drivecheck $*<TAB>: got '$got', want '$want'" >&2; return 1; }
}
has() { comp "${@:2}" | grep -qxF -- "$1"; }

bash --norc --noprofile "$T/comp.bash" drivecheck --ga >/dev/null; rc=$?
check "bash-completion loads $COMPDIR/drivecheck on demand (exit $rc)" "[ $rc -eq 0 ]"
check "drivecheck --ga<TAB>: --gate" "same --gate --ga"

# The values after an option are those of --help, and the binary takes each of them.
$DC --help >"$T/help"
helpjoined=$(tr '\n' ' ' <"$T/help")
words_of() { tr -s ', ' '\n' | sed '/^$/d'; }
roles=$(sed -n 's/.*(ROLE: \([^)]*\)).*/\1/p' <<<"$helpjoined" | words_of)
plp=$(sed -n 's/^ *--plp CLASS *//p' "$T/help" | words_of)
ifs=$(sed -n 's/^ *--interface IF *//p' "$T/help" | words_of)
kinds=$(sed -n 's/.* of this kind: \([a-z, ]*\)--.*/\1/p' <<<"$helpjoined" | words_of)
check "--help names 5 roles" "[ \$(wc -w <<<'$roles') -eq 5 ]"
check "--help names 5 PLP classes" "[ \$(wc -w <<<'$plp') -eq 5 ]"
check "--help names 3 interfaces" "[ \$(wc -w <<<'$ifs') -eq 3 ]"
check "--help names 6 source kinds" "[ \$(wc -w <<<'$kinds') -eq 6 ]"
check "drivecheck --gate <TAB>: the roles" "same '$roles' --gate ''"
check "drivecheck --gate=e<TAB>: etcd" "same etcd --gate=e"
check "drivecheck --db X lookup --plp <TAB>: the classes" "same '$plp' --db X lookup --plp ''"
check "drivecheck lookup --interface <TAB>: sata sas nvme" "same '$ifs' lookup --interface ''"
check "drivecheck lookup --source-kind <TAB>: the kinds" "same '$kinds' lookup --source-kind ''"
for r in $roles; do check "the binary takes --gate $r" "$DC --gate $r --version >/dev/null"; done
for c in $plp; do check "the binary takes --plp $c" "$DC lookup --list --plp $c >/dev/null 2>&1"; done
for k in $kinds; do check "the binary takes --source-kind $k" "$DC lookup --source-kind $k --version >/dev/null"; done
$DC --gate nosuchrole --version >/dev/null 2>&1; rc=$?
check "the binary refuses --gate nosuchrole (exit 4)" "[ $rc -eq 4 ]"

# Every option of --help is completed, and the completion invents none.
grep -oE '^ +(-[a-zA-Z], )?--[a-z-]+' "$T/help" | tr -s ', ' '\n' | sed '/^$/d' | sort -u >"$T/help-opts"
sed -n '/^Lookup (/,/^  -h, --help/p' "$T/help" | grep -oE '^ +--[a-z-]+' | tr -d ' ' >"$T/lookup-opts"
{ comp -; comp lookup -; } | sort -u >"$T/comp-opts"
check "--help has options (>= 20) and lookup options (>= 6)" \
	"[ \$(wc -l <'$T/help-opts') -ge 20 ] && [ \$(wc -l <'$T/lookup-opts') -ge 6 ]"
while read -r o; do
	check "option $o of --help is completed" "grep -qxF -- '$o' '$T/comp-opts'"
done <"$T/help-opts"
while read -r o; do
	check "lookup option $o is completed after lookup" "has '$o' lookup --"
done <"$T/lookup-opts"
check "the completion offers no option that --help lacks" "[ -z \"\$(comm -13 '$T/help-opts' '$T/comp-opts')\" ]"
check "after lookup, no scan option (--gate)" "! has --gate lookup --"

# Files after --db, import and report; directories after the options that take one.
mkdir -p "$T/f/sub"
: >"$T/f/a.sqlite"
check "drivecheck --db DIR/<TAB>: files" "has '$T/f/a.sqlite' --db '$T/f/'"
for o in --dump --replay --probe-dir --sysroot; do
	check "drivecheck $o DIR/<TAB>: directories only" "has '$T/f/sub' $o '$T/f/' && ! has '$T/f/a.sqlite' $o '$T/f/'"
done
for s in import report; do
	check "drivecheck $s <TAB>: files" "has '$T/f/a.sqlite' $s '$T/f/'"
done
check "drivecheck lookup <TAB>: no device (a MODEL is free text)" "[ -z \"\$(comp lookup '')\" ]"

# Whole disks, read at completion time from SYSROOT/sys/block (a tree made here).
R=$T/root
blk() { mkdir -p "$R/sys/block/$1"; echo "$2" >"$R/sys/block/$1/size"; }
blk sda 2000; blk nvme0n1 2000; blk nvme0c0n1 2000; echo 1 >"$R/sys/block/nvme0c0n1/hidden"
blk sdz 0; blk loop0 2000; blk ram0 2000; blk zram0 2000; blk dm-0 2000; blk md127 2000
blk sr0 2000; blk nbd0 2000
mkdir -p "$R/sys/block/sda/sda1" "$R/dev/disk/by-id" "$R/dev/disk/by-path"
ln -s ../../sda "$R/dev/disk/by-id/ata-DCTEST_SSD_S1"
ln -s ../../sda1 "$R/dev/disk/by-id/ata-DCTEST_SSD_S1-part1"
ln -s ../../nvme0n1 "$R/dev/disk/by-id/nvme-eui.0011"
ln -s ../../dm-0 "$R/dev/disk/by-id/dm-name-vg-lv"
ln -s ../../sda "$R/dev/disk/by-path/pci-0000:00:1f.2-ata-1"
check "drivecheck <TAB>: the whole disks and the subcommands" \
	"same '/dev/nvme0n1 /dev/sda lookup import report ceph-spec ceph-health' --sysroot '$R' ''"
check "drivecheck ceph-spec <TAB>: the whole disks" "same '/dev/nvme0n1 /dev/sda' --sysroot '$R' ceph-spec ''"
check "drivecheck /dev/<TAB>: no partition, empty, hidden, loop, ram, dm, md, sr, nbd" \
	"same '/dev/nvme0n1 /dev/sda' --sysroot='$R' /dev/"
check "drivecheck /dev/disk/by-id/<TAB>: the links to whole disks" \
	"same '/dev/disk/by-id/ata-DCTEST_SSD_S1 /dev/disk/by-id/nvme-eui.0011' --sysroot '$R' /dev/disk/by-id/"
check "drivecheck /dev/disk/by-path/<TAB>: names with colons" \
	"same '/dev/disk/by-path/pci-0000:00:1f.2-ata-1' --sysroot '$R' /dev/disk/by-path/"
check "drivecheck --gate ceph-osd /dev/s<TAB>: /dev/sda" "same /dev/sda --sysroot '$R' --gate ceph-osd /dev/s"
check "drivecheck --restore-cache <TAB>: the disks" "same '/dev/nvme0n1 /dev/sda' --sysroot '$R' --restore-cache ''"
check "after a DEVICE, no subcommand" "same '/dev/nvme0n1 /dev/sda' --sysroot '$R' /dev/sda ''"
blk sdb 2000
check "a disk that appears is offered at once" "same '/dev/nvme0n1 /dev/sda /dev/sdb' --sysroot '$R' /dev/"
# The disks offered are those that the installed drivecheck --all finds in the same tree
# (--sysroot: no device I/O).
$DC --sysroot "$R" --all --no-probe --json 2>/dev/null | jq -r '.devices[].path' | LC_ALL=C sort >"$T/all"
check "drivecheck --all in the tree finds 3 disks" "[ \$(wc -l <'$T/all') -eq 3 ]"
check "the disks offered are those of drivecheck --all" "[ \"\$(comp --sysroot '$R' /dev/)\" = \"\$(cat '$T/all')\" ]"
comp /dev/ >"$T/live"
check "the live disks offered are in /sys/block" \
	"while read -r d; do [ -e \"/sys/block/\${d#/dev/}\" ] || exit 1; done <'$T/live'"

# --- remove ---
DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq drivecheck >"$T/remove.log" 2>&1; rc=$?
[ $rc -eq 0 ] || cat "$T/remove.log" >&2
check "apt-get remove -y drivecheck" "[ $rc -eq 0 ]"
check "dpkg: drivecheck no longer installed" "! dpkg-query -W -f='\${Status}' drivecheck 2>/dev/null | grep -q ' installed'"
while read -r f; do
	[ -f "$f" ] || [ -L "$f" ] || [ ! -e "$f" ] || continue  # directories stay if shared
	check "removed: $f" "[ ! -e '$f' ] && [ ! -L '$f' ]"
done <"$T/files"
check "the binary is gone" "[ ! -e $DC ]"

echo "tests/deb: $((SECONDS - start)) s" >&2
finish
