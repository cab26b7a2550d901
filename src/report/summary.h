/* SPDX-License-Identifier: GPL-2.0-or-later */
/* summary.h - what a set of drives comes to: per role how many pass, warn and fail, what the
 * database does not know, and the drives that need a look first. */
#ifndef DC_SUMMARY_H
#define DC_SUMMARY_H

#include "dc_types.h"

#define DC_SUMMARY_MAX_LIST 20 /* entries kept of each list (the most drives first) */

struct dc_summary_item {
	char name[DC_TEXT_LEN + 64];   /* a model string, "Vendor Family", "ADVISORY-ID: title" */
	unsigned drives;
};

/* A drive that needs a look: failed or failing backup power, or worn out. */
struct dc_summary_drive {
	unsigned index;                /* into the reports */
	char why[256];
};

struct dc_summary {
	unsigned drives;               /* reports that are drives (read) */
	unsigned unreadable;           /* reports with an error: not a drive result */
	unsigned files_skipped;        /* import: files of a folder that are no report of a
					 known format (set by the caller; dc_summarize sets 0) */
	unsigned roles[DC_ROLE_COUNT][DC_NOT_CHECKED + 1]; /* by enum dc_status */
	unsigned plp[DC_PLP_FULL + 1];                     /* by enum dc_plp_class */
	unsigned health[DC_HEALTH_FAILING + 1];            /* by enum dc_health_status */
	/* Model strings no database row matches, and matched families of unknown class. */
	unsigned not_in_db_models, not_in_db_drives, nnot_in_db;
	struct dc_summary_item not_in_db[DC_SUMMARY_MAX_LIST];
	unsigned class_unknown_families, class_unknown_drives, nclass_unknown;
	struct dc_summary_item class_unknown[DC_SUMMARY_MAX_LIST];
	/* Firmware advisories that hit drives: "ID: title", with how many drives each. */
	unsigned advisory_ids, advisory_drives, nadvisories;
	struct dc_summary_item advisories[DC_SUMMARY_MAX_LIST];
	unsigned attention_total, nattention;
	struct dc_summary_drive attention[DC_SUMMARY_MAX_LIST];
};

/* summary.c. Returns 0 or -ENOMEM. */
int dc_summarize(const struct dc_report *reports, unsigned n, struct dc_summary *s);
/* Whether a drive needs a look first, and why in words (summary's attention). */
bool dc_summary_look(const struct dc_report *r, char *why, size_t len);
/*
 * Fills order[0..n) with the indices of reports, the drives that need a look first (failed
 * backup power, then worn out, then little endurance left, then degraded backup power),
 * then by their verdict (role >= 0: that role's; else the worst of the roles): fail, not
 * read, warn, pass; then the more roles failing and warning first; ties by group[i] (a host
 * name; group may be NULL), the device path, and the index, so the order is total.
 */
void dc_summary_worst_first(const struct dc_report *reports, unsigned n,
			    const char *const *group, int role, unsigned *order);

#endif /* DC_SUMMARY_H */
