// SPDX-License-Identifier: GPL-2.0-or-later
/* test_status.c - one order of outcomes for the exit code and every "worst first" list:
 * fail, then not checked, then warn, then pass. */
#include "dc_test.h"
#include "core/status.h"
#include "decide/check.h"

int main(void)
{
	struct dc_check r = { 0 };

	CHECK(DC_FAIL > DC_NOT_CHECKED && DC_NOT_CHECKED > DC_WARN && DC_WARN > DC_PASS);
	CHECK(dc_status_worse(DC_NOT_CHECKED, DC_FAIL) == DC_FAIL);
	CHECK(dc_status_worse(DC_WARN, DC_NOT_CHECKED) == DC_NOT_CHECKED);
	CHECK(dc_status_exit(DC_PASS) == DC_EXIT_OK && dc_status_exit(DC_WARN) == DC_EXIT_WARN &&
	      dc_status_exit(DC_FAIL) == DC_EXIT_FAIL &&
	      dc_status_exit(DC_NOT_CHECKED) == DC_EXIT_NOT_CHECKED);
	/* a check: one role's verdict, or the worst of them */
	r.result.verdicts[DC_ROLE_CEPH_DB].status = DC_WARN;
	r.result.verdicts[DC_ROLE_ZFS_SLOG].status = DC_FAIL;
	CHECK(dc_check_status(&r, DC_ROLE_CEPH_OSD) == DC_PASS);
	CHECK(dc_check_status(&r, DC_ROLE_CEPH_DB) == DC_WARN);
	CHECK(dc_check_status(&r, -1) == DC_FAIL);
	/* memory: no role applies, not checked, for the gate and the list alike */
	for (unsigned i = 0; i < DC_ROLE_COUNT; i++)
		r.result.verdicts[i].status = DC_NOT_CHECKED;
	CHECK(dc_check_status(&r, DC_ROLE_CEPH_OSD) == DC_NOT_CHECKED);
	CHECK(dc_check_status(&r, -1) == DC_NOT_CHECKED);
	/* the gate: for the Ceph roles, a passing drive warns unless ceph-volume would take it
	 * (docs/design.md); a warning or failure stays what it is; the other roles ask nothing */
	for (unsigned i = 0; i < DC_ROLE_COUNT; i++)
		r.result.verdicts[i].status = DC_PASS;
	r.result.verdicts[DC_ROLE_ZFS_SLOG].status = DC_FAIL;
	/* an imported report: a drive on no host, whose gate answers fitness alone */
	r.avail.available = DC_TRI_UNKNOWN;
	CHECK(!dc_gate_asks_available(&r, DC_ROLE_CEPH_OSD));
	CHECK(dc_gate_status(&r, DC_ROLE_CEPH_OSD) == DC_PASS);
	/* a host's file that says why it is not known: asked */
	snprintf(r.avail.not_looked, sizeof(r.avail.not_looked), "signatures and locks: x");
	CHECK(dc_gate_asks_available(&r, DC_ROLE_CEPH_OSD));
	CHECK(dc_gate_status(&r, DC_ROLE_CEPH_OSD) == DC_WARN);
	r.avail.not_looked[0] = '\0';
	/* a scanned drive (sysfs facts): asked */
	r.avail.sysfs_known = true;
	r.avail.available = DC_TRI_YES;
	CHECK(dc_gate_status(&r, DC_ROLE_CEPH_OSD) == DC_PASS);
	CHECK(dc_gate_status(&r, DC_ROLE_CEPH_DB) == DC_PASS);
	r.avail.available = DC_TRI_NO;
	CHECK(dc_gate_status(&r, DC_ROLE_CEPH_OSD) == DC_WARN);
	CHECK(dc_gate_status(&r, DC_ROLE_CEPH_DB) == DC_WARN);
	CHECK(dc_check_status(&r, DC_ROLE_CEPH_OSD) == DC_PASS); /* the verdict is untouched */
	CHECK(dc_gate_status(&r, DC_ROLE_DRBD) == DC_PASS && dc_gate_status(&r, DC_ROLE_ETCD) == DC_PASS);
	CHECK(dc_gate_status(&r, DC_ROLE_ZFS_SLOG) == DC_FAIL);
	r.avail.available = DC_TRI_UNKNOWN;
	CHECK(dc_gate_status(&r, DC_ROLE_CEPH_OSD) == DC_WARN);
	r.result.verdicts[DC_ROLE_CEPH_OSD].status = DC_FAIL;
	CHECK(dc_gate_status(&r, DC_ROLE_CEPH_OSD) == DC_FAIL);
	r.result.verdicts[DC_ROLE_CEPH_OSD].status = DC_NOT_CHECKED;
	CHECK(dc_gate_status(&r, DC_ROLE_CEPH_OSD) == DC_NOT_CHECKED);
	CHECK(dc_gate_asks_available(&r, DC_ROLE_CEPH_OSD) && dc_gate_asks_available(&r, DC_ROLE_CEPH_DB) &&
	      !dc_gate_asks_available(&r, DC_ROLE_DRBD) && !dc_gate_asks_available(&r, -1));
	/* a device that could not be read, whatever its verdicts say */
	r.error = -5;
	r.result.verdicts[0].status = DC_FAIL;
	CHECK(dc_check_status(&r, 0) == DC_NOT_CHECKED && dc_check_status(&r, -1) == DC_NOT_CHECKED);
	return dc_test_summary("test_status");
}
