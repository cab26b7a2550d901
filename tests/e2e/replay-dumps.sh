#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# replay-dumps.sh - the e2e lab's assertions on the dumps it recorded (data/e2e/), replayed
# on the host: seconds, no QEMU. Re-record with tests/e2e/run.sh --record.
# Environment: DRIVECHECK (default build/drivecheck). Exit 0 when every check passes.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
DRIVECHECK=${DRIVECHECK:-$top/build/drivecheck}
data=${E2E_DATA:-$top/data/e2e}
if [ ! -x "$DRIVECHECK" ]; then
	echo "replay-dumps: FAIL: no drivecheck at $DRIVECHECK (run make)" >&2
	echo "0 passed, 1 failed"
	exit 1
fi
if ! command -v python3 >/dev/null; then
	echo "replay-dumps: FAIL: python3 is missing" >&2
	echo "0 passed, 1 failed"
	exit 1
fi
exec python3 "$here/lab.py" check --drivecheck "$DRIVECHECK" --results "$data"
