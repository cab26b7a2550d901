# SPDX-License-Identifier: GPL-2.0-or-later
# ceph-health.mk - `make check-ceph-health`: the fixtures of Ceph's device health store
# (data/ceph-health), the stand-in `ceph` that serves them (tests/ceph-health/fake-ceph), and
# their samples as `drivecheck import` reads them (tests/ceph-health/run.sh, about 15 s).
# `make regen-ceph-health` writes data/ceph-health again (not SOURCE.md).
# Included by tests/tests.mk.

check-ceph-health: $(BUILD)/drivecheck
	$(Q)BUILD=$(BUILD) tests/ceph-health/run.sh

regen-ceph-health:
	$(Q)python3 tests/ceph-health/mkceph.py

.PHONY: check-ceph-health regen-ceph-health
