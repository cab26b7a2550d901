/* SPDX-License-Identifier: GPL-2.0-or-later */
/* db_row.h - reading a looked-up row: which of its sources stands for it. Pure. */
#ifndef DC_DB_ROW_H
#define DC_DB_ROW_H

#include "dc_types.h"

/* How many of the row's sources are held (sources[] keeps the first DC_MAX_SOURCES). */
unsigned dc_db_row_sources_kept(const struct dc_db_row *row);
/* The strongest source backing the row's class, or NULL: what S and U may rest on. */
const struct dc_db_source *dc_db_row_backing_source(const struct dc_db_row *row);
/* The source to show for the row: the backing one, else its first, else NULL. */
const struct dc_db_source *dc_db_row_shown_source(const struct dc_db_row *row);

#endif /* DC_DB_ROW_H */
