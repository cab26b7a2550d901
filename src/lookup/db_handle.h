/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * db_handle.h - the open drive database inside the lookup stage: its connection and its
 * prepared statements, shared by the families' queries (db.c) and the advisories'
 * (db_advisory.c). Nothing outside src/lookup sees it: struct dc_db is opaque (db.h).
 */
#ifndef DC_DB_HANDLE_H
#define DC_DB_HANDLE_H

#include <errno.h>
#include <stddef.h>
#include <stdio.h>

#include <sqlite3.h>

struct dc_db {
	sqlite3 *sql;
	sqlite3_stmt *lookup, *tbw, *list, *sources;
	/* observed endurance (issue 29), and what the family look-up shows of a family */
	sqlite3_stmt *observed, *family_id, *patterns, *tbw_lines;
	/* firmware advisories (issue 22) */
	sqlite3_stmt *adv_by_model, *adv_all, *adv_row, *adv_models, *adv_fw, *adv_caps,
		     *adv_sources;
};

/* The strongest source first: those backing the class, then by kind, then file order. */
#define SOURCE_ORDER "ORDER BY backs DESC, strength DESC, rowid"

/* A statement of db into *st; -EINVAL with "corrupt or of another layout" in err. */
static inline int dc_db_prepare(struct dc_db *db, const char *sql, sqlite3_stmt **st, char *err,
				size_t errlen)
{
	if (sqlite3_prepare_v2(db->sql, sql, -1, st, NULL) != SQLITE_OK) {
		snprintf(err, errlen, "database is corrupt or of another layout (%s)",
			 sqlite3_errmsg(db->sql));
		return -EINVAL;
	}
	return 0;
}

/* A text column into dst (len bytes), "" for NULL. */
static inline void dc_db_copy_col(sqlite3_stmt *st, int col, char *dst, size_t len)
{
	const unsigned char *t = sqlite3_column_text(st, col);

	snprintf(dst, len, "%s", t ? (const char *)t : "");
}
/* db_advisory.c: the advisories' statements. Returns 0 or -EINVAL. */
int dc_db_prepare_advisories(struct dc_db *db, char *err, size_t errlen);

#endif /* DC_DB_HANDLE_H */
