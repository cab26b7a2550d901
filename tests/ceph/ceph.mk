# SPDX-License-Identifier: GPL-2.0-or-later
# ceph.mk - `make check-ceph`: "available" on loop devices, and every OSD spec drivecheck
# prints held to Ceph's own validator and drive selection (tests/ceph/run.sh).
# Included by tests/tests.mk. Needs root (loop devices) and python3-ceph-common.

check-ceph: $(BUILD)/drivecheck
	$(Q)BUILD=$(BUILD) tests/ceph/run.sh

.PHONY: check-ceph
