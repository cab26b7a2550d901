# SPDX-License-Identifier: GPL-2.0-or-later
# probe.mk - the probe's test driver, its unit test and `make check-probe`; included by the Makefile.
#
# The driver links only the probe's own objects, so these tests build and run whatever
# state the rest of the tree is in. The shell tests need root and make loop devices.

PROBE_OBJS := $(BUILD)/obj/probe.o $(BUILD)/obj/probe_target.o $(BUILD)/obj/latency_stats.o

$(BUILD)/probe_driver: tests/probe/probe_driver.c $(PROBE_OBJS) $(wildcard include/*.h)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $(filter %.c %.o,$^) $(LDFLAGS) $(shell pkg-config --libs blkid) -lm

$(BUILD)/test_latency_stats: tests/unit/test_latency_stats.c $(BUILD)/obj/latency_stats.o $(wildcard include/*.h)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) -Itests/unit -o $@ $(filter %.c %.o,$^) $(LDFLAGS) -lm

check-probe-unit: $(BUILD)/test_latency_stats
	$(Q)$(BUILD)/test_latency_stats

# The runner picks build/drivecheck when it knows --probe-time, else the driver.
check-probe: check-probe-unit $(BUILD)/probe_driver
	$(Q)BUILD=$(abspath $(BUILD)) tests/probe/run.sh

.PHONY: check-probe check-probe-unit
