// SPDX-License-Identifier: GPL-2.0-or-later
/* db_row.c - reading a looked-up row: which of its sources stands for it, what its
 * endurance per day rests on. Pure. */
#include "lookup/db_row.h"

unsigned dc_db_row_sources_kept(const struct dc_db_row *row)
{
	return row->nsources < DC_MAX_SOURCES ? row->nsources : DC_MAX_SOURCES;
}

const struct dc_db_source *dc_db_row_backing_source(const struct dc_db_row *row)
{
	/* best_source comes from the database, a host's JSON or a dump: held to what is kept */
	if (row->best_source < 0 || (unsigned)row->best_source >= dc_db_row_sources_kept(row))
		return NULL;
	return &row->sources[row->best_source];
}

const struct dc_db_source *dc_db_row_shown_source(const struct dc_db_row *row)
{
	const struct dc_db_source *s = dc_db_row_backing_source(row);

	return s ? s : dc_db_row_sources_kept(row) ? &row->sources[0] : NULL;
}

const char *dc_dwpd_basis_name(enum dc_dwpd_basis basis)
{
	switch (basis) {
	case DC_DWPD_RATED:
		return "rated";
	case DC_DWPD_RATED_TBW:
		return "rated-tbw";
	case DC_DWPD_OBSERVED:
		return DC_OBSERVED_KIND;
	case DC_DWPD_NONE:
		break;
	}
	return NULL;
}
