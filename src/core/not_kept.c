// SPDX-License-Identifier: GPL-2.0-or-later
/* not_kept.c - the entries a check's tables left out (not_kept.h). */
#include <string.h>

#include "core/not_kept.h"

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
