# SPDX-License-Identifier: GPL-2.0-or-later
# import.mk - `drivecheck import`: `make check-import` (the suite: CLI cases and the sample of
# real reports) and `make check-import-all` (all 1,000 reports of ../shared/data/linuxhw).
LINUXHW_ALL ?= ../shared/data/linuxhw

check-import: $(BUILD)/drivecheck
	$(Q)BUILD=$(BUILD) tests/import/run.sh

check-import-all: $(BUILD)/drivecheck
	$(Q)python3 tests/import/check_reports.py $(BUILD)/drivecheck $(LINUXHW_ALL)

.PHONY: check-import check-import-all
