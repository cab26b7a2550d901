/* SPDX-License-Identifier: GPL-2.0-or-later */
/* db_row.h - what the drive database says of one model string (struct dc_db_row, with its
 * sources), and which of its sources stands for it. Pure. */
#ifndef DC_DB_ROW_H
#define DC_DB_ROW_H

#include "dc_types.h"

struct dc_db_source {
	enum dc_source_kind kind;
	enum dc_claim claim;
	bool backs_class;               /* supports the class the row states */
	char title[200];
	char url[320];
	char revision[64];              /* the document's revision or date, "" when none */
	char where[200];                /* where in it the fact stands, "" when not given */
};

#define DC_MAX_SOURCES 10

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
	char plp_note[DC_TEXT_LEN * 2];
	double dwpd;                    /* 0 when unknown */
	double tbw_tb;                  /* for this capacity; 0 when unknown */
	double warranty_years;          /* 0 when unknown */
	bool plp_inferred;              /* "none" inferred for a client family (db/README.md):
					   no source claims PLP, no list of protected drives names it */
	char dispute[256];              /* why the row stands though a source disagrees, or "" */
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

#endif /* DC_DB_ROW_H */
