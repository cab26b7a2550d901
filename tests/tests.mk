# SPDX-License-Identifier: GPL-2.0-or-later
# tests.mk - `make check`: everything a user needs to trust the build. Included by the Makefile.

UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(filter-out tests/unit/test_latency_stats.c,$(wildcard tests/unit/test_*.c)))

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libdrivecheck.a tests/unit/dc_test.h
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) -Itests/unit -o $@ $< $(BUILD)/libdrivecheck.a $(LDFLAGS) $(PKG_LIBS) -lm

check-unit: $(UNIT_TESTS)
	$(Q)set -e; for t in $(UNIT_TESTS); do $$t; done

check-cli: $(BUILD)/drivecheck
	$(Q)BUILD=$(abspath $(BUILD)) tests/cli/run.sh

-include tests/probe/probe.mk
-include tests/replay/replay.mk
-include tests/fuzz/fuzz.mk
-include tests/e2e/e2e.mk

.PHONY: check check-unit check-cli
