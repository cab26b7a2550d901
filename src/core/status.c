// SPDX-License-Identifier: GPL-2.0-or-later
/* status.c - outcomes in their one order, worst first (status.h). */
#include "core/status.h"

enum dc_status dc_status_worse(enum dc_status a, enum dc_status b)
{
	return b > a ? b : a;
}

enum dc_status dc_check_status(const struct dc_check *r, int role)
{
	enum dc_status s = DC_PASS;

	if (r->error)
		return DC_NOT_CHECKED;
	if (role >= 0)
		return role < DC_ROLE_COUNT ? r->result.verdicts[role].status : DC_NOT_CHECKED;
	for (unsigned i = 0; i < DC_ROLE_COUNT; i++)
		s = dc_status_worse(s, r->result.verdicts[i].status);
	return s;
}

bool dc_gate_asks_available(const struct dc_check *r, int role)
{
	const struct dc_availability *a = &r->avail;

	/* sysfs facts: a scan or a dump; an answer or why not: a host's --json (1.5) */
	return (role == DC_ROLE_CEPH_OSD || role == DC_ROLE_CEPH_DB) &&
	       (a->sysfs_known || a->available != DC_TRI_UNKNOWN || a->not_looked[0]);
}

/*
 * `drivecheck --gate ceph-osd /dev/sdb && ceph-volume lvm create --data /dev/sdb`: a pass
 * must mean the second command can take the drive, so a fit drive that holds a filesystem,
 * is mounted or in use is not a pass. "Unknown" is not a pass either: a gate answers on
 * evidence, as ceph-spec places only a drive known to be available. A smartctl or nvme-cli
 * report (import) is of a drive on no host here: "now" has no answer, and its gate says
 * so beside its fitness (a buyer's check of a listing) instead of failing every one.
 */
enum dc_status dc_gate_status(const struct dc_check *r, int role)
{
	enum dc_status s = dc_check_status(r, role);

	if (s == DC_PASS && dc_gate_asks_available(r, role) && r->avail.available != DC_TRI_YES)
		return DC_WARN;
	return s;
}

enum dc_exit dc_status_exit(enum dc_status s)
{
	switch (s) {
	case DC_PASS: return DC_EXIT_OK;
	case DC_WARN: return DC_EXIT_WARN;
	case DC_FAIL: return DC_EXIT_FAIL;
	case DC_NOT_CHECKED: break;
	}
	return DC_EXIT_NOT_CHECKED;
}
