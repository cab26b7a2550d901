/* SPDX-License-Identifier: GPL-2.0-or-later */
/* summary.h - what a set of drives comes to: per role how many pass, warn and fail, what the
 * database does not know, and the drives that need a look first. */
#ifndef DC_SUMMARY_H
#define DC_SUMMARY_H

#include "dc_types.h"
#include "fleet/tally.h"
#include "decide/check.h"

struct dc_tally;

#define DC_SUMMARY_MAX_LIST 20 /* entries kept of each list (the most drives first) */

/* Why a drive needs a look first, the most urgent last; DC_LOOK_NONE when it needs none. */
enum dc_look {
	DC_LOOK_NONE = 0, DC_LOOK_PLP_DEGRADED, DC_LOOK_YEARS_LEFT, DC_LOOK_ADVISORY_WARNS,
	DC_LOOK_HEALTH_WARNING, DC_LOOK_WORN, DC_LOOK_PLP_FAILED, DC_LOOK_HEALTH_FAILING,
	DC_LOOK_ADVISORY_FAILS,
};

/* The look and the facts its words need (render/words_summary.c makes them). */
struct dc_look_why {
	enum dc_look look;
	char advisory_id[48], advisory_title[DC_TEXT_LEN], advisory_fixed[64]; /* ADVISORY_* */
	bool have_problem;                  /* HEALTH_*: the first problem, when there is one */
	struct dc_health_problem problem;
	char health_source[48];
	unsigned percent_used;              /* WORN */
	double years_left;                  /* YEARS_LEFT */
	enum dc_years_basis years_basis;    /* YEARS_LEFT: a rating's, or an observation's */
};

/* A drive that needs a look: failed or failing backup power, or worn out. What the lists
 * print of it is copied here, so that the drives themselves need not be kept. */
struct dc_summary_drive {
	unsigned index;                /* its place among the drives summed: 0, 1, ... */
	char host[DC_HOST_LEN];        /* a fleet's drive: its host; "" import */
	char device[DC_PATH_LEN];
	char model[DC_TEXT_LEN];
	struct dc_look_why why;
};

struct dc_summary {
	unsigned drives;               /* results that are drives (read) */
	unsigned unreadable;           /* results with an error: not a drive's */
	unsigned files_skipped;        /* import: files of a folder that are no report of a
					 known format (set by the caller; dc_summary_begin sets 0) */
	unsigned roles[DC_ROLE_COUNT][DC_FAIL + 1]; /* by enum dc_status */
	unsigned unmeasured[DC_ROLE_COUNT]; /* of the warns, those that warn only for what was
					       not measured or read (measured_status pass) */
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

/*
 * A summary made drive by drive, in the order the drives are listed: counters, the
 * distinct names with their counts (tally.h) and the first DC_SUMMARY_MAX_LIST drives to
 * look at, so that its memory grows with the distinct models and families, not with the
 * drives. dc_summary_begin, then dc_summary_add for each drive, then dc_summary_end.
 */
struct dc_summary_builder {
	struct dc_summary *s;
	struct dc_tally *models;       /* not in the database */
	struct dc_tally *families;     /* in it, of unknown class */
	struct dc_tally *advisories;   /* "ID: title" */
	unsigned added;                /* drives added so far */
	int err;                       /* 0, or -ENOMEM: the first failure */
};

/* summary.c */
/* An empty summary into s. Returns 0 or -ENOMEM. */
int dc_summary_begin(struct dc_summary_builder *b, struct dc_summary *s);
/* One more drive (or result not read); host: its host in a fleet, NULL for import. */
void dc_summary_add(struct dc_summary_builder *b, const struct dc_check *r, const char *host);
/* The lists from the counts; frees what b holds (also after a failure). Returns 0 or
 * -ENOMEM (then s is not complete). */
int dc_summary_end(struct dc_summary_builder *b);
/* Whether a drive needs a look first, and why (summary's attention), as facts. */
bool dc_summary_look(const struct dc_check *r, struct dc_look_why *why);

/*
 * Where a drive stands in "worst first" (a fleet's order, fleet/fleet.c: dc_fleet_sort):
 * the drives that need a look first (a firmware advisory that loses data or the drive, a
 * drive that says it is failing, failed backup power, worn out, ...: dc_summary_look's
 * order), then by their verdict (role >= 0: that role's; else the worst of the roles):
 * fail, not read, warn, pass; then the more roles failing and warning first. Ties are the
 * caller's (host, device path, the order read).
 */
struct dc_summary_rank {
	unsigned char look;            /* why it needs a look, the most urgent highest; 0 none */
	unsigned char severity;        /* status.h's rank of its outcome */
	unsigned char fails, warns;    /* roles that fail, that warn */
};

void dc_summary_rank_of(const struct dc_check *r, int role, struct dc_summary_rank *k);
/* < 0 when a comes before b, > 0 after, 0 when the caller's ties decide. */
int dc_summary_rank_cmp(const struct dc_summary_rank *a, const struct dc_summary_rank *b);

#endif /* DC_SUMMARY_H */
