// SPDX-License-Identifier: GPL-2.0-or-later
/* db.c - reads the drive database (embedded or --db), with prepared statements only. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sqlite3.h>

#include "lookup/advisory.h"
#include "lookup/db.h"
#include "lookup/db_handle.h"
#include "core/model.h"
#include "lookup/name_search.h"
#include "core/names.h"
#include "thresholds.h"

/* The database built by tools/dbbuild.c, linked in by `ld -r -b binary` (see Makefile). */
extern const unsigned char _binary_drives_sqlite_start[];
extern const unsigned char _binary_drives_sqlite_end[];


/* dc_match(pattern, model): the same matcher the database build checks with. */
static void sql_dc_match(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const char *pat = (const char *)sqlite3_value_text(argv[0]);
	const char *norm = (const char *)sqlite3_value_text(argv[1]);

	(void)argc;
	sqlite3_result_int(ctx, pat && norm && dc_model_match(pat, norm));
}

/* dc_icontains(haystack, needle): the vendor filter. NULL needle passes all. */
static void sql_dc_icontains(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const char *hay = (const char *)sqlite3_value_text(argv[0]);
	const char *needle = (const char *)sqlite3_value_text(argv[1]);

	(void)argc;
	sqlite3_result_int(ctx, !needle || (hay && strcasestr(hay, needle)));
}

#define FAMILY_COLUMNS \
	"f.id, f.vendor, f.family, f.interface, coalesce(f.form_factor, ''), f.class, f.plp, " \
	"coalesce(f.plp_note, ''), coalesce(f.dwpd, 0), coalesce(f.warranty_years, 0), " \
	"f.plp_inferred, coalesce(f.dispute, ''), coalesce(f.endurance_note, '')"
/* Fills out->sources from the source table, strongest first. Returns 0 or -EIO. */
static int read_sources(struct dc_db *db, sqlite3_int64 family_id, struct dc_db_row *out)
{
	sqlite3_stmt *st = db->sources;
	int rc;

	out->nsources = 0;
	out->best_source = -1;
	sqlite3_bind_int64(st, 1, family_id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct dc_db_source *s;
		char text[32];

		if (out->nsources++ >= DC_MAX_SOURCES)
			continue; /* counted, not kept */
		s = &out->sources[out->nsources - 1];
		dc_db_copy_col(st, 0, text, sizeof(text));
		if (dc_source_kind_from_name(text, &s->kind))
			s->kind = DC_SRC_NONE;
		dc_db_copy_col(st, 1, text, sizeof(text));
		if (dc_claim_from_name(text, &s->claim))
			s->claim = DC_CLAIM_IDENTITY;
		s->backs_class = sqlite3_column_int(st, 2) != 0;
		dc_db_copy_col(st, 3, s->title, sizeof(s->title));
		dc_db_copy_col(st, 4, s->url, sizeof(s->url));
		dc_db_copy_col(st, 5, s->revision, sizeof(s->revision));
		dc_db_copy_col(st, 6, s->where, sizeof(s->where));
	}
	if (out->nsources && out->sources[0].backs_class)
		out->best_source = 0;
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : -EIO;
}

/* Fills the family part of a dc_db_row from a row of FAMILY_COLUMNS. */
static void read_family_row(sqlite3_stmt *st, struct dc_db_row *out)
{
	char plp[32];

	out->matched = true;
	dc_db_copy_col(st, 1, out->vendor, sizeof(out->vendor));
	dc_db_copy_col(st, 2, out->family, sizeof(out->family));
	dc_db_copy_col(st, 3, out->interface, sizeof(out->interface));
	dc_db_copy_col(st, 4, out->form_factor, sizeof(out->form_factor));
	dc_db_copy_col(st, 5, out->drive_class, sizeof(out->drive_class));
	dc_db_copy_col(st, 6, plp, sizeof(plp));
	if (dc_plp_from_name(plp, &out->plp))
		out->plp = DC_PLP_UNKNOWN;
	dc_db_copy_col(st, 7, out->plp_note, sizeof(out->plp_note));
	out->dwpd = sqlite3_column_double(st, 8);
	out->warranty_years = sqlite3_column_double(st, 9);
	out->plp_inferred = sqlite3_column_int(st, 10) != 0;
	dc_db_copy_col(st, 11, out->dispute, sizeof(out->dispute));
	dc_db_copy_col(st, 12, out->endurance_note, sizeof(out->endurance_note));
}

/* ---- observed endurance (issue 29) ---- */

#define OBSERVED_COLUMNS \
	"coalesce(o.capacity_bytes, 0), o.drives, o.dw_p25, o.dw_median, o.dw_p75, " \
	"o.wear_median, o.wrapped, o.model, coalesce(o.rated_tbw_tb, 0), s.title, s.url, " \
	"s.revision, s.licence"

static void read_observed(sqlite3_stmt *st, struct dc_observed_endurance *o)
{
	memset(o, 0, sizeof(*o));
	o->capacity_bytes = (uint64_t)sqlite3_column_int64(st, 0);
	o->drives = (unsigned)sqlite3_column_int(st, 1);
	o->dw_p25 = sqlite3_column_double(st, 2);
	o->dw_median = sqlite3_column_double(st, 3);
	o->dw_p75 = sqlite3_column_double(st, 4);
	o->wear_median = (unsigned)sqlite3_column_int(st, 5);
	o->wrapped = (unsigned)sqlite3_column_int(st, 6);
	dc_db_copy_col(st, 7, o->model, sizeof(o->model));
	dc_db_copy_col(st, 9, o->title, sizeof(o->title));
	dc_db_copy_col(st, 10, o->url, sizeof(o->url));
	dc_db_copy_col(st, 11, o->revision, sizeof(o->revision));
	dc_db_copy_col(st, 12, o->licence, sizeof(o->licence));
}

/* A drive of capacity bytes belongs to an observed capacity within 2% (db/README.md). */
static bool capacity_near(uint64_t observed, uint64_t capacity)
{
	double d = (double)capacity - (double)observed;

	return observed && capacity && (d < 0 ? -d : d) <= 0.02 * (double)observed;
}

/*
 * The family's observed endurance for one drive: the row of its capacity, else (capacity
 * unknown) the row whose drives mostly report its model, else the family's; and the
 * family's endurance per day (struct dc_dwpd_figure). norm: the normalised model, or "".
 */
static int read_endurance(struct dc_db *db, sqlite3_int64 family_id, const char *norm,
			  uint64_t capacity, struct dc_db_row *out)
{
	sqlite3_stmt *st = db->observed;
	struct dc_observed_endurance o, family = { 0 }, by_model = { 0 }, by_capacity = { 0 };
	struct dc_dwpd_figure *pd = &out->per_day;
	double years = out->warranty_years > 0 ? out->warranty_years : DC_WARRANTY_YEARS_UNSTATED;
	int rc;

	memset(pd, 0, sizeof(*pd));
	pd->years = years;
	pd->years_stated = out->warranty_years > 0;
	sqlite3_bind_int64(st, 1, family_id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		char m[DC_TEXT_LEN * 2];
		double tbw = sqlite3_column_double(st, 8);

		read_observed(st, &o);
		if (!o.capacity_bytes) {
			family = o;
			continue;
		}
		if (capacity_near(o.capacity_bytes, capacity))
			by_capacity = o;
		dc_model_normalize(o.model, m, sizeof(m));
		if (!capacity && norm[0] && strcmp(m, norm) == 0)
			by_model = o;
		/* a rated TBW over the capacity its model is of: the least of them */
		if (tbw > 0 && out->dwpd <= 0) {
			double dwpd = tbw * 1e12 / (double)o.capacity_bytes / (365.0 * years);

			if (pd->basis != DC_DWPD_RATED_TBW || dwpd < pd->dwpd) {
				pd->basis = DC_DWPD_RATED_TBW;
				pd->dwpd = dwpd;
				pd->tbw_tb = tbw;
				pd->capacity_bytes = o.capacity_bytes;
			}
		}
	}
	sqlite3_reset(st);
	out->observed = by_capacity.drives ? by_capacity : by_model.drives ? by_model : family;
	/* the drive's own capacity and TBW, where both are known, before the family's least */
	if (out->dwpd <= 0 && out->tbw_tb > 0 && (capacity || out->observed.capacity_bytes)) {
		uint64_t cap = capacity ? capacity : out->observed.capacity_bytes;

		pd->basis = DC_DWPD_RATED_TBW;
		pd->dwpd = out->tbw_tb * 1e12 / (double)cap / (365.0 * years);
		pd->tbw_tb = out->tbw_tb;
		pd->capacity_bytes = cap;
	}
	if (out->dwpd > 0) {
		pd->basis = DC_DWPD_RATED;
		pd->dwpd = out->dwpd;
		pd->years = out->warranty_years;
	} else if (pd->basis == DC_DWPD_NONE && family.drives) {
		pd->basis = DC_DWPD_OBSERVED;
		pd->dwpd = family.dw_median / (365.0 * years);
	}
	return rc == SQLITE_DONE ? 0 : -EIO;
}

/* ---- end of observed endurance ---- */

static int check_schema(struct dc_db *db, char *err, size_t errlen)
{
	sqlite3_stmt *st = NULL;
	int rc = -EINVAL, version = -1;

	if (sqlite3_prepare_v2(db->sql, "SELECT value FROM meta WHERE key = 'schema_version'",
			       -1, &st, NULL) != SQLITE_OK) {
		snprintf(err, errlen, "not a drivecheck database (%s)", sqlite3_errmsg(db->sql));
		goto out;
	}
	if (sqlite3_step(st) == SQLITE_ROW)
		version = sqlite3_column_int(st, 0);
	if (version != DC_DB_SCHEMA_VERSION) {
		snprintf(err, errlen, "database schema version %d, this drivecheck reads %d",
			 version, DC_DB_SCHEMA_VERSION);
		goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(st);
	return rc;
}

int dc_db_open(const char *path, struct dc_db **out, char *err, size_t errlen)
{
	struct dc_db *db = calloc(1, sizeof(*db));
	int rc = -EINVAL;

	*out = NULL;
	if (!db)
		return -ENOMEM;
	if (path) {
		if (sqlite3_open_v2(path, &db->sql, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
			snprintf(err, errlen, "cannot open database %s: %s", path,
				 db->sql ? sqlite3_errmsg(db->sql) : "out of memory");
			rc = -ENOENT;
			goto fail;
		}
	} else {
		size_t len = (size_t)(_binary_drives_sqlite_end - _binary_drives_sqlite_start);

		/* Serve the embedded bytes in place: read-only, never copied or freed. */
		if (sqlite3_open_v2(":memory:", &db->sql, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
		    sqlite3_deserialize(db->sql, "main", (unsigned char *)_binary_drives_sqlite_start,
					(sqlite3_int64)len, (sqlite3_int64)len,
					SQLITE_DESERIALIZE_READONLY) != SQLITE_OK) {
			snprintf(err, errlen, "embedded database unreadable");
			goto fail;
		}
	}
	sqlite3_create_function(db->sql, "dc_match", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
				sql_dc_match, NULL, NULL);
	sqlite3_create_function(db->sql, "dc_icontains", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
				NULL, sql_dc_icontains, NULL, NULL);
	if (check_schema(db, err, errlen))
		goto fail;
	/* The most literal characters win; ties go to the first family in the files. */
	if (dc_db_prepare(db, "SELECT " FAMILY_COLUMNS ", p.pattern FROM pattern p "
		    "JOIN family f ON f.id = p.family_id WHERE dc_match(p.pattern, ?1) "
		    "ORDER BY p.weight DESC, f.id LIMIT 1", &db->lookup, err, errlen) ||
	    dc_db_prepare(db, "SELECT tbw_tb FROM tbw WHERE family_id = ?1 AND dc_match(pattern, ?2) "
		    "ORDER BY weight DESC LIMIT 1", &db->tbw, err, errlen) ||
	    dc_db_prepare(db, "SELECT " FAMILY_COLUMNS ", (SELECT pattern FROM pattern p WHERE "
		    "p.family_id = f.id ORDER BY p.rowid LIMIT 1) FROM family f "
		    "WHERE dc_icontains(f.vendor, ?1) AND (?2 IS NULL OR f.plp = ?2) "
		    "AND (?3 IS NULL OR f.interface = ?3) "
		    "AND (?4 IS NULL OR (SELECT kind FROM source s WHERE s.family_id = f.id "
		    SOURCE_ORDER " LIMIT 1) = ?4) "
		    "ORDER BY f.vendor, f.family", &db->list, err, errlen) ||
	    dc_db_prepare(db, "SELECT kind, claim, backs, title, url, coalesce(revision, ''), "
		    "coalesce(location, '') FROM source WHERE family_id = ?1 " SOURCE_ORDER,
		    &db->sources, err, errlen) ||
	    /* observed endurance (issue 29): the family's row first, then by capacity */
	    dc_db_prepare(db, "SELECT " OBSERVED_COLUMNS " FROM observed_endurance o JOIN "
		    "observed_source s ON s.id = o.source_id WHERE o.family_id = ?1 "
		    "ORDER BY o.capacity_bytes IS NOT NULL, o.capacity_bytes", &db->observed, err,
		    errlen) ||
	    dc_db_prepare(db, "SELECT id FROM family WHERE vendor = ?1 AND family = ?2 ORDER BY id "
		    "LIMIT 1", &db->family_id, err, errlen) ||
	    dc_db_prepare(db, "SELECT pattern FROM pattern WHERE family_id = ?1 ORDER BY rowid",
		    &db->patterns, err, errlen) ||
	    dc_db_prepare(db, "SELECT pattern, tbw_tb FROM tbw WHERE family_id = ?1 ORDER BY rowid",
		    &db->tbw_lines, err, errlen) ||
	    dc_db_prepare_advisories(db, err, errlen))
		goto fail;
	*out = db;
	return 0;
fail:
	dc_db_close(db);
	return rc;
}

void dc_db_close(struct dc_db *db)
{
	if (!db)
		return;
	sqlite3_finalize(db->lookup);
	sqlite3_finalize(db->tbw);
	sqlite3_finalize(db->list);
	sqlite3_finalize(db->sources);
	sqlite3_finalize(db->observed);
	sqlite3_finalize(db->family_id);
	sqlite3_finalize(db->patterns);
	sqlite3_finalize(db->tbw_lines);
	sqlite3_finalize(db->adv_by_model);
	sqlite3_finalize(db->adv_all);
	sqlite3_finalize(db->adv_row);
	sqlite3_finalize(db->adv_models);
	sqlite3_finalize(db->adv_fw);
	sqlite3_finalize(db->adv_caps);
	sqlite3_finalize(db->adv_sources);
	sqlite3_close(db->sql);
	free(db);
}

int dc_db_lookup(struct dc_db *db, const char *model, uint64_t capacity, struct dc_db_row *out)
{
	char norm[DC_TEXT_LEN * 2];
	sqlite3_int64 family_id;
	int rc;

	memset(out, 0, sizeof(*out));
	dc_model_normalize(model, norm, sizeof(norm));
	if (!norm[0])
		return 0;
	sqlite3_bind_text(db->lookup, 1, norm, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(db->lookup);
	if (rc == SQLITE_ROW) {
		read_family_row(db->lookup, out);
		dc_db_copy_col(db->lookup, 13, out->pattern, sizeof(out->pattern));
		family_id = sqlite3_column_int64(db->lookup, 0);
		sqlite3_bind_int64(db->tbw, 1, family_id);
		sqlite3_bind_text(db->tbw, 2, norm, -1, SQLITE_TRANSIENT);
		if (sqlite3_step(db->tbw) == SQLITE_ROW)
			out->tbw_tb = sqlite3_column_double(db->tbw, 0);
		sqlite3_reset(db->tbw);
		if (read_sources(db, family_id, out) ||
		    read_endurance(db, family_id, norm, capacity, out))
			rc = SQLITE_ERROR;
	}
	sqlite3_reset(db->lookup);
	return (rc == SQLITE_ROW || rc == SQLITE_DONE) ? 0 : -EIO;
}

/* dc_db_list, with the endurance of each family read or left out (the name search reads it
 * only for the families it keeps). */
static int list_rows(struct dc_db *db, const struct dc_db_filter *f, bool endurance,
		     int (*cb)(const struct dc_db_row *row, void *ud), void *ud)
{
	struct dc_db_row row;
	int rc, ret = 0;

	if (f->vendor)
		sqlite3_bind_text(db->list, 1, f->vendor, -1, SQLITE_TRANSIENT);
	if (f->plp)
		sqlite3_bind_text(db->list, 2, f->plp, -1, SQLITE_TRANSIENT);
	if (f->interface)
		sqlite3_bind_text(db->list, 3, f->interface, -1, SQLITE_TRANSIENT);
	if (f->source_kind)
		sqlite3_bind_text(db->list, 4, f->source_kind, -1, SQLITE_TRANSIENT);
	while ((rc = sqlite3_step(db->list)) == SQLITE_ROW) {
		memset(&row, 0, sizeof(row));
		read_family_row(db->list, &row);
		dc_db_copy_col(db->list, 13, row.pattern, sizeof(row.pattern));
		if (read_sources(db, sqlite3_column_int64(db->list, 0), &row) ||
		    (endurance && read_endurance(db, sqlite3_column_int64(db->list, 0), "", 0, &row))) {
			rc = SQLITE_ERROR;
			break;
		}
		/* rated, else rated by capacity, else observed: only the figure says */
		if (f->min_dwpd > 0 && row.per_day.dwpd < f->min_dwpd)
			continue;
		ret = cb(&row, ud);
		if (ret)
			break;
	}
	if (!ret && rc != SQLITE_DONE)
		ret = -EIO;
	sqlite3_reset(db->list);
	sqlite3_clear_bindings(db->list);
	return ret;
}

int dc_db_list(struct dc_db *db, const struct dc_db_filter *f,
	       int (*cb)(const struct dc_db_row *row, void *ud), void *ud)
{
	return list_rows(db, f, true, cb, ud);
}

/* The database's id of a row's family, or 0. */
static sqlite3_int64 family_id_of(struct dc_db *db, const struct dc_db_row *row)
{
	sqlite3_int64 id = 0;

	sqlite3_bind_text(db->family_id, 1, row->vendor, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(db->family_id, 2, row->family, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(db->family_id) == SQLITE_ROW)
		id = sqlite3_column_int64(db->family_id, 0);
	sqlite3_reset(db->family_id);
	return id;
}

/* Every family scored by how well the query names it; the best kept, ties by file order. */
struct name_ctx {
	const char *query;
	struct dc_db_row *out;
	int *scores;
	unsigned max, n, total;
	char (*suggest)[DC_TEXT_LEN + 64];
	unsigned *dist, nsuggest, ns, limit;
};

static int by_name(const struct dc_db_row *row, void *ud)
{
	struct name_ctx *c = ud;
	int score = dc_name_score(c->query, row->vendor, row->family);
	unsigned d, at;

	if (score > 0) {
		c->total++;
		/* insertion into the kept list, the highest score first */
		for (at = c->n; at > 0 && c->scores[at - 1] < score; at--)
			;
		if (at >= c->max)
			return 0;
		if (c->n < c->max)
			c->n++;
		memmove(&c->out[at + 1], &c->out[at], (c->n - 1 - at) * sizeof(*c->out));
		memmove(&c->scores[at + 1], &c->scores[at], (c->n - 1 - at) * sizeof(*c->scores));
		c->out[at] = *row;
		c->scores[at] = score;
		return 0;
	}
	d = dc_name_distance(c->query, row->vendor, row->family);
	if (d > c->limit)
		return 0;
	for (at = c->ns; at > 0 && c->dist[at - 1] > d; at--)
		;
	if (at >= c->nsuggest)
		return 0;
	if (c->ns < c->nsuggest)
		c->ns++;
	memmove(&c->suggest[at + 1], &c->suggest[at], (c->ns - 1 - at) * sizeof(*c->suggest));
	memmove(&c->dist[at + 1], &c->dist[at], (c->ns - 1 - at) * sizeof(*c->dist));
	snprintf(c->suggest[at], sizeof(c->suggest[at]), "%s %s", row->vendor, row->family);
	c->dist[at] = d;
	return 0;
}

int dc_db_find_by_name(struct dc_db *db, const char *query, struct dc_db_row *out,
		       unsigned max, unsigned *n, unsigned *total,
		       char suggest[][DC_TEXT_LEN + 64], unsigned nsuggest, unsigned *nsuggested)
{
	struct dc_db_filter all = { 0 };
	int scores[DC_MAX_NAME_CANDIDATES];
	unsigned dist[DC_MAX_SUGGESTIONS];
	struct name_ctx c = {
		.query = query, .out = out, .scores = scores,
		.max = max < DC_MAX_NAME_CANDIDATES ? max : DC_MAX_NAME_CANDIDATES,
		.suggest = suggest, .dist = dist,
		.nsuggest = nsuggest < DC_MAX_SUGGESTIONS ? nsuggest : DC_MAX_SUGGESTIONS,
		.limit = dc_name_distance_limit(query),
	};
	int rc = list_rows(db, &all, false, by_name, &c);

	/* a query that is one family's whole name, better than any other's, names that one
	 * ("PM1643" beside "PM1643a"; "PM1725a" beside a Dell OEM row that mentions it) */
	if (c.n > 1 && scores[0] > scores[1] &&
	    dc_name_is_whole(query, out[0].vendor, out[0].family))
		c.n = c.total = 1;
	/* the families kept, with what their drives took and their figure per day */
	for (unsigned i = 0; !rc && i < c.n; i++) {
		sqlite3_int64 id = family_id_of(db, &out[i]);

		rc = id ? read_endurance(db, id, "", 0, &out[i]) : -EIO;
	}
	*n = c.n;
	*total = c.total;
	/* suggestions only when no family is named */
	*nsuggested = c.total ? 0 : c.ns;
	return rc;
}

int dc_db_family_details(struct dc_db *db, const struct dc_db_row *row,
			 struct dc_family_details *out)
{
	sqlite3_int64 id;
	int rc;

	memset(out, 0, sizeof(*out));
	id = family_id_of(db, row);
	if (!id)
		return -EIO;
	sqlite3_bind_int64(db->patterns, 1, id);
	while ((rc = sqlite3_step(db->patterns)) == SQLITE_ROW)
		if (out->npatterns++ < DC_MAX_FAMILY_PATTERNS)
			dc_db_copy_col(db->patterns, 0, out->patterns[out->npatterns - 1], DC_TEXT_LEN);
	sqlite3_reset(db->patterns);
	if (rc != SQLITE_DONE)
		return -EIO;
	sqlite3_bind_int64(db->tbw_lines, 1, id);
	while ((rc = sqlite3_step(db->tbw_lines)) == SQLITE_ROW) {
		struct dc_tbw_line *t;

		if (out->ntbw++ >= DC_MAX_FAMILY_TBW)
			continue;
		t = &out->tbw[out->ntbw - 1];
		dc_db_copy_col(db->tbw_lines, 0, t->pattern, sizeof(t->pattern));
		t->tbw_tb = sqlite3_column_double(db->tbw_lines, 1);
	}
	sqlite3_reset(db->tbw_lines);
	if (rc != SQLITE_DONE)
		return -EIO;
	sqlite3_bind_int64(db->observed, 1, id);
	while ((rc = sqlite3_step(db->observed)) == SQLITE_ROW)
		if (out->nobserved++ < DC_MAX_OBSERVED_ROWS)
			read_observed(db->observed, &out->observed[out->nobserved - 1]);
	sqlite3_reset(db->observed);
	return rc == SQLITE_DONE ? 0 : -EIO;
}

int dc_db_stats(struct dc_db *db, unsigned *families, unsigned *patterns)
{
	sqlite3_stmt *st;
	int rc = -EIO;

	if (sqlite3_prepare_v2(db->sql, "SELECT (SELECT count(*) FROM family), "
			       "(SELECT count(*) FROM pattern)", -1, &st, NULL) != SQLITE_OK)
		return -EIO;
	if (sqlite3_step(st) == SQLITE_ROW) {
		*families = (unsigned)sqlite3_column_int(st, 0);
		*patterns = (unsigned)sqlite3_column_int(st, 1);
		rc = 0;
	}
	sqlite3_finalize(st);
	return rc;
}
