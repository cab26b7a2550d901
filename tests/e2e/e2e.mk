# SPDX-License-Identifier: GPL-2.0-or-later
# e2e.mk - the end-to-end lab (tests/e2e/README.md). Included from the top Makefile.
#   make e2e               boot the QEMU lab (about a minute on two cores; fails, never
#                          skips, when QEMU, nbdkit or the Debian kernel is missing)
#   make e2e-record        the same, then keep its dumps in data/e2e/
#   make check-e2e-replay  the lab's assertions on data/e2e/ dumps, seconds, no QEMU
#   make soak              the lab with SOAK_RUNS (default 100) killed probes and cache
#                          experiments (make e2e runs 2 of them)

E2E_ENV := DRIVECHECK=$(abspath $(BUILD)/drivecheck)

e2e: $(BUILD)/drivecheck
	$(Q)$(E2E_ENV) tests/e2e/run.sh

e2e-record: $(BUILD)/drivecheck
	$(Q)$(E2E_ENV) tests/e2e/run.sh --record

SOAK_RUNS ?= 100
soak: $(BUILD)/drivecheck
	$(Q)$(E2E_ENV) SOAK_RUNS=$(SOAK_RUNS) tests/e2e/run.sh

check-e2e-replay: $(BUILD)/drivecheck
	$(Q)$(E2E_ENV) tests/e2e/replay-dumps.sh

.PHONY: e2e e2e-record check-e2e-replay soak
