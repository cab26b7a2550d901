# SPDX-License-Identifier: GPL-2.0-or-later
# report.mk - `drivecheck report` (a fleet: many hosts' --json merged): `make check-report`.

check-report: $(BUILD)/drivecheck
	$(Q)BUILD=$(BUILD) tests/report/run.sh

.PHONY: check-report
