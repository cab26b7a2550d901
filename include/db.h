/* SPDX-License-Identifier: GPL-2.0-or-later */
/* db.h - the bundled drive database: PLP class, DWPD and TBW by model string. */
#ifndef DC_DB_H
#define DC_DB_H

/* The layout db/schema.sql builds; dc_db_open() refuses any other. */
#define DC_DB_SCHEMA_VERSION 2

#include <stddef.h>

#include "dc_types.h"

struct dc_db;

struct dc_db_filter {
	const char *vendor;      /* case-insensitive substring, or NULL */
	const char *plp;         /* "full", "data-at-rest", "none", "unknown", or NULL */
	const char *interface;   /* "sata", "sas", "nvme", or NULL */
	double min_dwpd;         /* 0 for any */
	const char *source_kind; /* the kind of the strongest source behind the class, or NULL */
};

/* db.c */
/* Opens the database at path (read-only), or the one embedded in the binary when path is
 * NULL. Checks that it is a drivecheck database of a known schema. Returns 0, or -errno
 * with a message for people in err. */
int dc_db_open(const char *path, struct dc_db **out, char *err, size_t errlen);
void dc_db_close(struct dc_db *db);
/* Looks a model string up, with the row's sources, strongest backing source first.
 * Returns 0 (out->matched says whether a row matched) or -EIO. */
int dc_db_lookup(struct dc_db *db, const char *model, struct dc_dbinfo *out);
/* Calls cb for every family that passes the filter, by vendor and family. Returns 0,
 * -EIO, or what cb returned when it was not 0. */
int dc_db_list(struct dc_db *db, const struct dc_db_filter *f,
	       int (*cb)(const struct dc_dbinfo *row, void *ud), void *ud);
/* Counts families and patterns, for --version and the coverage benchmark. */
int dc_db_stats(struct dc_db *db, unsigned *families, unsigned *patterns);

#endif /* DC_DB_H */
