/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * finding_table.h - what each finding is, as a table (finding_table.c): as lsblk's infos[]
 * describes its columns, each finding's row says where it belongs, what its ref indexes or
 * names, and what each of its figures is. The renderer reads a finding's ref through it;
 * the tests hold every finding decide writes to its row.
 */
#ifndef DC_FINDING_TABLE_H
#define DC_FINDING_TABLE_H

#include "findings.h"

/* Where a finding is written. */
enum dc_finding_group {
	DC_FG_NONE = 0,
	DC_FG_BASIS,                  /* a property's (S, U, F) basis */
	DC_FG_EVIDENCE,               /* beside the drive's own evidence */
	DC_FG_REASON,                 /* a verdict's reason */
	DC_FG_ADVICE,                 /* the advice */
};

/* What a finding's ref is. */
enum dc_finding_ref {
	DC_REF_NONE = 0,              /* nothing: ref is 0 */
	DC_REF_EVIDENCE,              /* an index into the drive's evidence */
	DC_REF_ADVISORY,              /* an index into the firmware advisories that hit it */
	DC_REF_WRITE_KIND,            /* an enum dc_write_kind */
	DC_REF_YEARS_BASIS,           /* an enum dc_years_basis */
};

struct dc_finding_info {
	const char *name;             /* stable: "speed-slow" */
	enum dc_finding_group group;
	enum dc_finding_ref ref;
	const char *what;             /* what it says, in a few words */
	const char *n[DC_FINDING_NUMS]; /* what each figure is, with its unit; NULL: unused */
};

/* finding_table.c */
/* The row of code; DC_FND_NONE's for a code out of range. */
const struct dc_finding_info *dc_finding_info(enum dc_finding_code code);
/* Its name, or "?" for a code without a row. */
const char *dc_finding_name(enum dc_finding_code code);

#endif /* DC_FINDING_TABLE_H */
