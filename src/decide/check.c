// SPDX-License-Identifier: GPL-2.0-or-later
/* check.c - what is said of a drive checked whole: its outcome per role, the gate's, and
 * what its tables left out (check.h). */
#include <string.h>

#include "core/status.h"
#include "decide/check.h"

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

unsigned dc_not_kept(const struct dc_check *r, struct dc_not_kept *nk)
{
	memset(nk, 0, sizeof(*nk));
	nk->evidence = r->drive.evidence_dropped;
	nk->errors = r->drive.errors_dropped;
	nk->findings = r->result.findings_dropped;
	nk->advice = r->result.advice_dropped;
	for (unsigned i = 0; i < DC_ROLE_COUNT; i++)
		nk->reasons += r->result.verdicts[i].reasons_dropped;
	return nk->evidence + nk->errors + nk->findings + nk->reasons + nk->advice;
}

struct dc_dump_parts dc_check_dump_parts(struct dc_check *r)
{
	return (struct dc_dump_parts){
		.dev = &r->dev, .avail = &r->avail, .probe = &r->probe, .trial = &r->cache_trial,
		.left = &r->cache_left, .host = r->host,
	};
}
