# SPDX-License-Identifier: GPL-2.0-or-later
# probe.mk - `make check-probe`: the probe's safety tests, through build/drivecheck, on loop
# devices the tests make (root). Its statistics are unit-tested in tests/unit.

check-probe: $(BUILD)/drivecheck
	$(Q)BUILD=$(abspath $(BUILD)) tests/probe/run.sh

.PHONY: check-probe
