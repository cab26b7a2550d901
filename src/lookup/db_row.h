/* SPDX-License-Identifier: GPL-2.0-or-later */
/* db_row.h - what the drive database says of one model string (struct dc_db_row, with its
 * sources and what its family's drives were seen to take), and which of its sources stands
 * for it. Pure. */
#ifndef DC_DB_ROW_H
#define DC_DB_ROW_H

#include <stdint.h>

#include "dc_types.h"

struct dc_db_source {
	enum dc_source_kind kind;
	enum dc_claim claim;
	bool backs_class;               /* supports the class the row states */
	/* room for the longest of the shipped database (tools/dbbuild.c refuses a longer one,
	   so nothing is cut unsaid) */
	char title[384];
	char url[320];
	char revision[64];              /* the document's revision or date, "" when none */
	char where[200];                /* where in it the fact stands, "" when not given */
};

#define DC_MAX_SOURCES 10

/* The kind of source an observed figure is (db/README.md, "Observed endurance"): what real
 * drives of the family report of themselves, never a vendor's rating. */
#define DC_OBSERVED_KIND "observed"

/* What a family's drives took in a corpus of real reports: full-drive writes to 100% of their
 * own wear indicator, at those fleets' workloads and write amplification. Never a rating. */
struct dc_observed_endurance {
	unsigned drives;                /* drives the figures rest on; 0: no figure */
	uint64_t capacity_bytes;        /* of those drives, to three significant digits; 0: the
					   whole family */
	double dw_p25, dw_median, dw_p75; /* full-drive writes: the drives' quartiles */
	unsigned wear_median;           /* percent used, the median: how far into their life */
	unsigned wrapped;               /* drives one of whose two counters had wrapped */
	char model[DC_TEXT_LEN];        /* the model string most of them report */
	char title[96];                 /* the corpus */
	char url[128];
	char revision[64];              /* "commit 66faf203..." */
	char licence[96];               /* the corpus's licence and attribution */
};

/*
 * The endurance as drive writes per day, and what it rests on: the family's rated DWPD;
 * else a rated TBW over its capacity (the model's own where its capacity is known, else the
 * least of the family's capacities the database can place: an observed row's model names
 * one), spread over the warranty; else what the family's drives were seen to take, spread
 * the same way. With no warranty stated, over DC_WARRANTY_YEARS_UNSTATED (thresholds.h).
 */
enum dc_dwpd_basis {
	DC_DWPD_NONE = 0,
	DC_DWPD_RATED,                  /* the row's DWPD */
	DC_DWPD_RATED_TBW,              /* a rated TBW / capacity / (365 x years) */
	DC_DWPD_OBSERVED,               /* the observed median / (365 x years): not a rating */
};

struct dc_dwpd_figure {
	enum dc_dwpd_basis basis;
	double dwpd;                    /* 0 when basis is DC_DWPD_NONE */
	double years;                   /* the years spread over (TBW, observed) */
	bool years_stated;              /* the row's warranty, not the default */
	double tbw_tb;                  /* DC_DWPD_RATED_TBW: the TBW and its capacity */
	uint64_t capacity_bytes;
};

#define DC_ENDURANCE_NOTE_LEN 256

/* What the drive database says of one model string. */
struct dc_db_row {
	bool matched;
	char pattern[DC_TEXT_LEN];      /* the pattern that matched */
	char vendor[64];
	char family[DC_TEXT_LEN];
	char interface[16];
	char form_factor[16];
	char drive_class[16];           /* "datacenter", "client" */
	enum dc_plp_class plp;
	char plp_note[1024];            /* the row's note on its class, whole (dbbuild refuses a
					   longer one) */
	double dwpd;                    /* 0 when unknown */
	double tbw_tb;                  /* for this capacity; 0 when unknown */
	double warranty_years;          /* 0 when unknown */
	bool plp_inferred;              /* "none" inferred for a client family (db/README.md):
					   no source claims PLP, no list of protected drives names it */
	char dispute[512];              /* why the row stands though a source disagrees, or "" */
	char endurance_note[DC_ENDURANCE_NOTE_LEN]; /* why rated and observed endurance differ
					   more than tenfold (make db-check), or "" */
	struct dc_observed_endurance observed; /* of the drive's capacity, else the family's */
	struct dc_dwpd_figure per_day;  /* for --min-dwpd and the look-up */
	unsigned nsources;              /* how many the row cites (sources[] holds the first
					   DC_MAX_SOURCES, strongest backing source first) */
	struct dc_db_source sources[DC_MAX_SOURCES];
	int best_source;                /* index of the strongest source backing the class, or -1 */
};

/* How many of the row's sources are held (sources[] keeps the first DC_MAX_SOURCES). */
unsigned dc_db_row_sources_kept(const struct dc_db_row *row);
/* The strongest source backing the row's class, or NULL: what S and U may rest on. */
const struct dc_db_source *dc_db_row_backing_source(const struct dc_db_row *row);
/* The source to show for the row: the backing one, else its first, else NULL. */
const struct dc_db_source *dc_db_row_shown_source(const struct dc_db_row *row);
/* "rated", "rated-tbw", "observed"; NULL for DC_DWPD_NONE. */
const char *dc_dwpd_basis_name(enum dc_dwpd_basis basis);

#endif /* DC_DB_ROW_H */
