// SPDX-License-Identifier: GPL-2.0-or-later
/* test_status.c - one order of outcomes for the exit code and every "worst first" list:
 * fail, then not checked, then warn, then pass. */
#include "dc_test.h"
#include "status.h"

int main(void)
{
	struct dc_report r = { 0 };

	CHECK(dc_status_rank(DC_FAIL) > dc_status_rank(DC_NOT_CHECKED));
	CHECK(dc_status_rank(DC_NOT_CHECKED) > dc_status_rank(DC_WARN));
	CHECK(dc_status_rank(DC_WARN) > dc_status_rank(DC_PASS));
	CHECK(dc_status_worse(DC_NOT_CHECKED, DC_FAIL) == DC_FAIL);
	CHECK(dc_status_worse(DC_WARN, DC_NOT_CHECKED) == DC_NOT_CHECKED);
	CHECK(dc_status_exit(DC_PASS) == DC_EXIT_OK && dc_status_exit(DC_WARN) == DC_EXIT_WARN &&
	      dc_status_exit(DC_FAIL) == DC_EXIT_FAIL &&
	      dc_status_exit(DC_NOT_CHECKED) == DC_EXIT_NOT_CHECKED);
	/* a report: one role's verdict, or the worst of them */
	r.result.verdicts[DC_ROLE_CEPH_DB].status = DC_WARN;
	r.result.verdicts[DC_ROLE_ZFS_SLOG].status = DC_FAIL;
	CHECK(dc_report_status(&r, DC_ROLE_CEPH_OSD) == DC_PASS);
	CHECK(dc_report_status(&r, DC_ROLE_CEPH_DB) == DC_WARN);
	CHECK(dc_report_status(&r, -1) == DC_FAIL);
	/* memory: no role applies, not checked, for the gate and the list alike */
	for (unsigned i = 0; i < DC_ROLE_COUNT; i++)
		r.result.verdicts[i].status = DC_NOT_CHECKED;
	CHECK(dc_report_status(&r, DC_ROLE_CEPH_OSD) == DC_NOT_CHECKED);
	CHECK(dc_report_status(&r, -1) == DC_NOT_CHECKED);
	/* a device that could not be read, whatever its verdicts say */
	r.error = -5;
	r.result.verdicts[0].status = DC_FAIL;
	CHECK(dc_report_status(&r, 0) == DC_NOT_CHECKED && dc_report_status(&r, -1) == DC_NOT_CHECKED);
	return dc_test_summary("test_status");
}
