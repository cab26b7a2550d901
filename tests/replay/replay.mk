# SPDX-License-Identifier: GPL-2.0-or-later
# replay.mk - the replay tests: `make check-replay`, `make regen-expected`, `make regen-fixtures`.
# Included by the Makefile (include tests/replay/replay.mk). Needs python3.
#
#   make check-replay                        replays data/dumps and data/dumps-bad
#   make BUILD=build-asan SANITIZE=1 CC=clang check-replay    the same under ASan and UBSan
#   make regen-expected                      rewrites tests/expected/ (review the diff)
#   make regen-fixtures                      rebuilds data/dumps*/ from their fixture.json

check-replay: $(BUILD)/drivecheck
	$(Q)DRIVECHECK=$(abspath $(BUILD)/drivecheck) tests/replay/run.sh

regen-expected: $(BUILD)/drivecheck
	$(Q)DRIVECHECK=$(abspath $(BUILD)/drivecheck) tests/replay/regen.sh

regen-fixtures:
	$(Q)python3 tests/fixtures/mkfixture.py --all

.PHONY: check-replay regen-expected regen-fixtures
