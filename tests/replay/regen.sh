#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# regen.sh - rewrites tests/expected/<fixture>.json from the replay of each data/dumps/
# folder, for a reviewer to diff (git diff tests/expected/). Run it after a change to the
# parsers, the decision, the JSON output or the drive database that is meant to change
# what the fixtures show, and read the diff before committing it.
#
#   tests/replay/regen.sh                    uses build/drivecheck
#   DRIVECHECK=path/to/drivecheck tests/replay/regen.sh
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
DRIVECHECK=${DRIVECHECK:-$top/build/drivecheck}
[ -x "$DRIVECHECK" ] || { echo "regen.sh: $DRIVECHECK not built (make first)" >&2; exit 2; }

mkdir -p "$top/tests/expected"
rm -f "$top"/tests/expected/*.json
n=0
for dir in "$top"/data/dumps/*/; do
	[ -f "$dir/device.json" ] || continue
	name=$(basename "$dir")
	"$DRIVECHECK" --replay "$dir" --json | python3 "$top/tests/replay/normalise.py" \
		>"$top/tests/expected/$name.json"
	n=$((n + 1))
done
echo "regen.sh: wrote $n files in tests/expected/"
