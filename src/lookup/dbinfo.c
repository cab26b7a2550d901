// SPDX-License-Identifier: GPL-2.0-or-later
/* dbinfo.c - reading a looked-up row: which of its sources stands for it. Pure. */
#include "lookup/dbinfo.h"

unsigned dc_dbinfo_sources_kept(const struct dc_dbinfo *db)
{
	return db->nsources < DC_MAX_SOURCES ? db->nsources : DC_MAX_SOURCES;
}

const struct dc_db_source *dc_dbinfo_backing_source(const struct dc_dbinfo *db)
{
	/* best_source comes from the database, a report or a dump: held to what is kept */
	if (db->best_source < 0 || (unsigned)db->best_source >= dc_dbinfo_sources_kept(db))
		return NULL;
	return &db->sources[db->best_source];
}

const struct dc_db_source *dc_dbinfo_shown_source(const struct dc_dbinfo *db)
{
	const struct dc_db_source *s = dc_dbinfo_backing_source(db);

	return s ? s : dc_dbinfo_sources_kept(db) ? &db->sources[0] : NULL;
}
