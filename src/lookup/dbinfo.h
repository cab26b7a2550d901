/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dbinfo.h - reading a looked-up row: which of its sources stands for it. Pure. */
#ifndef DC_DBINFO_H
#define DC_DBINFO_H

#include "dc_types.h"

/* How many of the row's sources are held (sources[] keeps the first DC_MAX_SOURCES). */
unsigned dc_dbinfo_sources_kept(const struct dc_dbinfo *db);
/* The strongest source backing the row's class, or NULL: what S and U may rest on. */
const struct dc_db_source *dc_dbinfo_backing_source(const struct dc_dbinfo *db);
/* The source to show for the row: the backing one, else its first, else NULL. */
const struct dc_db_source *dc_dbinfo_shown_source(const struct dc_dbinfo *db);

#endif /* DC_DBINFO_H */
