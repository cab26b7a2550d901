/* SPDX-License-Identifier: GPL-2.0-or-later */
/* db.h - the bundled drive database: PLP class, DWPD and TBW by model string. */
#ifndef DC_DB_H
#define DC_DB_H

/* The layout db/schema.sql builds; dc_db_open() refuses any other. */
#define DC_DB_SCHEMA_VERSION 4

#include <stddef.h>
#include <stdint.h>

#include "dc_types.h"
#include "lookup/advisory.h"

struct dc_db;

struct dc_db_filter {
	const char *vendor;      /* case-insensitive substring, or NULL */
	const char *plp;         /* "full", "data-at-rest", "none", "unknown", or NULL */
	const char *interface;   /* "sata", "sas", "nvme", or NULL */
	double min_dwpd;         /* 0 for any; else the family's figure (struct dc_dwpd_figure:
				    rated, else rated TBW by capacity, else observed) */
	const char *source_kind; /* the kind of the strongest source behind the class, or NULL */
};

/* db.c */
/* Opens the database at path (read-only), or the one embedded in the binary when path is
 * NULL. Checks that it is a drivecheck database of a known schema. Returns 0, or -errno
 * with a message for people in err. */
int dc_db_open(const char *path, struct dc_db **out, char *err, size_t errlen);
void dc_db_close(struct dc_db *db);
/* Looks a model string up, with the row's sources, strongest backing source first, and the
 * observed endurance of its capacity (bytes; 0: not known, then the row whose drives report
 * that model, else the family's). Returns 0 (out->matched says whether a row matched) or
 * -EIO. */
int dc_db_lookup(struct dc_db *db, const char *model, uint64_t capacity, struct dc_db_row *out);
/* Calls cb for every family that passes the filter, by vendor and family. Returns 0,
 * -EIO, or what cb returned when it was not 0. */
int dc_db_list(struct dc_db *db, const struct dc_db_filter *f,
	       int (*cb)(const struct dc_db_row *row, void *ud), void *ud);
/*
 * The families a name names, when no model pattern matches it ("PM883", "Samsung 883
 * DCT", "D3-S4610"): the best-named first, out[0..*n) of *total (at most max kept); and
 * when none does, the closest names as suggestions ("Vendor Family", at most nsuggest).
 * Returns 0 or -EIO.
 */
#define DC_MAX_NAME_CANDIDATES 8
#define DC_MAX_SUGGESTIONS     3

/* What `drivecheck lookup` answers for one query. */
enum dc_lookup_kind {
	DC_LOOKUP_MODEL = 0,    /* a model pattern matched: row */
	DC_LOOKUP_FAMILY,       /* no pattern, but one family's name: row */
	DC_LOOKUP_SEVERAL,      /* no pattern, several families' names: candidates */
	DC_LOOKUP_NONE,         /* not in the database: suggestions, maybe */
};

/* What the look-up shows of a family beyond its row: every pattern, every TBW line, and what
 * its drives took by capacity. Each n counts them all; the arrays keep the first. */
#define DC_MAX_FAMILY_PATTERNS 16
#define DC_MAX_FAMILY_TBW      16
#define DC_MAX_OBSERVED_ROWS   12

struct dc_tbw_line {
	char pattern[DC_TEXT_LEN];
	double tbw_tb;
};

struct dc_family_details {
	unsigned npatterns, ntbw, nobserved;
	char patterns[DC_MAX_FAMILY_PATTERNS][DC_TEXT_LEN];
	struct dc_tbw_line tbw[DC_MAX_FAMILY_TBW];
	struct dc_observed_endurance observed[DC_MAX_OBSERVED_ROWS]; /* the family's first */
};

struct dc_lookup_answer {
	enum dc_lookup_kind kind;
	struct dc_db_row row;                        /* MODEL, FAMILY */
	struct dc_family_details family;             /* MODEL, FAMILY */
	unsigned ncandidates, candidates_total;      /* SEVERAL */
	struct dc_db_row candidates[DC_MAX_NAME_CANDIDATES];
	unsigned nsuggestions;                       /* NONE */
	char suggestions[DC_MAX_SUGGESTIONS][DC_TEXT_LEN + 64];
	unsigned nadvisories;                        /* the model's firmware advisories */
	struct dc_advisory advisories[DC_MAX_ADVISORIES];
};
int dc_db_find_by_name(struct dc_db *db, const char *query, struct dc_db_row *out,
		       unsigned max, unsigned *n, unsigned *total,
		       char suggest[][DC_TEXT_LEN + 64], unsigned nsuggest, unsigned *nsuggested);
/* Fills out with the details of row's family (matched). Returns 0, or -EIO (also when the
 * family is not in the database). */
int dc_db_family_details(struct dc_db *db, const struct dc_db_row *row,
			 struct dc_family_details *out);
/* Counts families and patterns, for --version and the coverage benchmark. */
int dc_db_stats(struct dc_db *db, unsigned *families, unsigned *patterns);

/* ---- firmware advisories (issue 22): db/advisories/NAME.txt, db/README.md ---- */

#include <stdint.h>

struct dc_adv_rule;

/*
 * The known firmware defects that apply to one drive: model as the drive reports it
 * (SCSI product, ATA or NVMe model number), firmware as it reports it ("" or NULL: not
 * known), capacity in bytes (0: not known) and power-on hours (negative: not known).
 * Fills out[0..*n) (at most max), in the files' order, each with match =
 * DC_ADV_AFFECTED, or DC_ADV_FIRMWARE_UNKNOWN when no firmware was given (then every
 * advisory of the model and capacity is returned); a firmware the advisory does not hit,
 * another model, or a capacity it does not name gives nothing. For a counter defect with
 * the hours known: hours_left_known, and hours_left = hours - power_on_hours (negative
 * once past the failure point). Reads the database only: no other effect. Returns 0 or -EIO.
 */
int dc_db_advisories(struct dc_db *db, const char *model, const char *firmware,
		     uint64_t capacity_bytes, long long power_on_hours,
		     struct dc_advisory *out, unsigned max, unsigned *n);
/* Calls cb for every advisory, by vendor and id (match unset). Returns 0, -EIO, -ENOMEM, or
 * what cb returned when it was not 0. */
int dc_db_advisory_list(struct dc_db *db, int (*cb)(const struct dc_advisory *a, void *ud),
			void *ud);
/* The matcher's view (advisory.h) of a read advisory; ptrs holds the pattern pointers. */
void dc_advisory_rule_of(const struct dc_advisory *a, struct dc_adv_rule *r,
			 const char *ptrs[3][DC_ADV_MAX_PATTERNS]);

/* ---- end of firmware advisories ---- */

#endif /* DC_DB_H */
