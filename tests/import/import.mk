# SPDX-License-Identifier: GPL-2.0-or-later
# import.mk - `drivecheck import`: `make check-import` (the suite: CLI cases and the sample of
# real reports) and `make check-import-all LINUXHW_ALL=DIR` (every report of a folder of
# real smartctl reports: linuxhw's collection, of which data/import/linuxhw holds 103).
LINUXHW_ALL ?= data/import/linuxhw

check-import: $(BUILD)/drivecheck
	$(Q)BUILD=$(BUILD) IMPORT_CONSTRUCTED="$(IMPORT_CONSTRUCTED)" tests/import/run.sh

check-import-all: $(BUILD)/drivecheck
	$(Q)python3 tests/import/check_reports.py $(BUILD)/drivecheck $(LINUXHW_ALL)

# The smartctl -j files constructed from real text reports (data/import/smartctl-json/SOURCE.md),
# written again by tests/import/mkjson.py; check-import holds them to it.
IMPORT_CONSTRUCTED := \
	constructed-ata-x-Seagate_XA1920LE10063.json:data/import/linuxhw/SSD/Seagate/XA1920LE10063/E594A8F22C9B.txt \
	constructed-ata-x-Crucial_CT250MX200SSD1.json:data/import/linuxhw/SSD/Crucial/CT250MX200SSD1/32B0F78C3734.txt
regen-import-json:
	$(Q)for p in $(IMPORT_CONSTRUCTED); do \
		python3 tests/import/mkjson.py "$${p#*:}" >data/import/smartctl-json/$${p%%:*} || exit 1; done

.PHONY: check-import check-import-all regen-import-json
