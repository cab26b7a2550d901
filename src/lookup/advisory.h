/* SPDX-License-Identifier: GPL-2.0-or-later */
/* advisory.h - known firmware defects (struct dc_advisory; struct dc_advisory_hit, one that
 * hits a drive, as its check keeps it) and whether one hits a drive: model, firmware,
 * capacity. Pure. */
#ifndef DC_ADVISORY_H
#define DC_ADVISORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc_types.h"
#include "lookup/db_row.h"

struct dc_adv_source {
	enum dc_source_kind kind;
	enum dc_adv_claim claim;
	bool backs;                     /* may back the advisory under the rules of evidence */
	char title[200];
	char url[320];
	char revision[64];
	char where[128];
};

#define DC_ADV_MAX_PATTERNS 32
#define DC_MAX_ADVISORIES 8     /* per drive: more than any model has */
#define DC_ADV_MAX_CAPACITIES 8

/* One advisory, and how it meets the drive asked about (dc_db_advisories). */
struct dc_advisory {
	char id[48];                    /* "HPE-A00092491" */
	char vendor[64];
	char title[DC_TEXT_LEN];
	char bulletin[256];             /* the vendor's document the advisory rests on */
	char interface[16];             /* "sas", "sata", "nvme", "" when it spans several */
	enum dc_adv_effect effect;
	char effect_note[512];          /* what happens, in our words */
	long long hours;                /* power-on hours of the failure point; 0: not a counter */
	char hours_note[256];           /* e.g. "idle hours; Intel: read power-on hours" */
	char fixed[64];                 /* the firmware that fixes it, as the source names it; "" */
	unsigned nmodels, naffected, nnot_affected, ncapacities;
	char models[DC_ADV_MAX_PATTERNS][DC_NAME_LEN];       /* globs on the normalised model */
	char affected[DC_ADV_MAX_PATTERNS][DC_NAME_LEN];     /* globs on the normalised firmware */
	char not_affected[DC_ADV_MAX_PATTERNS][DC_NAME_LEN]; /* the fix and later releases */
	double capacities_gb[DC_ADV_MAX_CAPACITIES];         /* none: every capacity */
	/* The drive asked about (unset in a listing): */
	enum dc_adv_match match;        /* DC_ADV_AFFECTED or DC_ADV_FIRMWARE_UNKNOWN */
	bool hours_left_known;          /* a counter defect and the power-on hours given */
	long long hours_left;           /* hours - power-on hours: negative once past */
	unsigned nsources;              /* sources[] keeps the first DC_MAX_SOURCES, backing first */
	struct dc_adv_source sources[DC_MAX_SOURCES];
};

/*
 * An advisory that hits one drive, as the check keeps it (the whole advisory is the
 * database's): what decide, the renderers and the fleet need.
 */
struct dc_advisory_hit {
	char id[48];
	char title[DC_TEXT_LEN];
	enum dc_adv_effect effect;
	long long hours;                /* power-on hours of the failure point; 0: not a counter */
	bool hours_left_known;
	long long hours_left;           /* negative once past the failure point */
	char fixed[64];                 /* "" when no fix is named */
	char bulletin[256];
	enum dc_source_kind source_kind; /* the strongest backing source */
	char source_title[200];
	char source_url[320];
};

#define DC_MAX_ADVISORY_HITS 4

/*
 * One advisory as the matcher sees it (pointers borrowed from the caller). Firmware is
 * compared only within the advisory's own lists: patterns of the firmware strings of its
 * own models, never an ordering of version strings across vendors (HPE's HPD7 is not
 * Intel's or Samsung's).
 */
struct dc_adv_rule {
	const char *const *models;       /* globs on the normalised model (src/core/model.c) */
	size_t nmodels;
	const char *const *affected;     /* globs on the normalised firmware */
	size_t naffected;
	const char *const *not_affected; /* globs of firmware the advisory does not hit */
	size_t nnot_affected;
	const char *fixed;               /* the fixing firmware, never affected; NULL or "" */
	const double *capacities_gb;     /* the capacities it names; none: every capacity */
	size_t ncapacities;
	long long hours;                 /* power-on hours of the failure point; 0: none */
};

/* How far a capacity may lie from a named one: 1.92 TB drives hold 1,920,383,410,176 bytes. */
#define DC_ADV_CAPACITY_TOLERANCE 0.02

/* advisory.c */
/* The normal form of a firmware revision: that of dc_model_normalize (upper case, runs of
 * white space and '_' as one space, trimmed). Returns the length written. */
size_t dc_firmware_normalize(const char *in, char *out, size_t outlen);
/* Whether a normalised firmware string is hit: it matches an affected pattern, is not the
 * fix and matches no not-affected pattern. */
bool dc_adv_firmware_affected(const struct dc_adv_rule *r, const char *fw_norm);
/* Whether a capacity is one the advisory names (within DC_ADV_CAPACITY_TOLERANCE); true when
 * the advisory names none, or the capacity is not known (0). */
bool dc_adv_capacity_named(const struct dc_adv_rule *r, uint64_t capacity_bytes);
/*
 * The whole question: model (as the drive reports it), firmware ("" or NULL: not known),
 * capacity in bytes (0: not known) and power-on hours (negative: not known).
 * DC_ADV_NO_MATCH for another model or a capacity it does not name; DC_ADV_NOT_AFFECTED for
 * its model on firmware it does not hit; DC_ADV_FIRMWARE_UNKNOWN when no firmware was given;
 * DC_ADV_AFFECTED. For a counter defect with the hours known, *hours_left_known is set and
 * *hours_left = hours - power_on_hours (negative once past the failure point).
 */
enum dc_adv_match dc_adv_match(const struct dc_adv_rule *r, const char *model,
			       const char *firmware, uint64_t capacity_bytes,
			       long long power_on_hours, long long *hours_left,
			       bool *hours_left_known);

#endif /* DC_ADVISORY_H */
