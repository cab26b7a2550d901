// SPDX-License-Identifier: GPL-2.0-or-later
/* db_advisory.c - the firmware advisories of the drive database (db/advisories): those whose
 * models a drive's matches, and the whole listing; prepared statements only (db_handle.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "core/model.h"
#include "core/names.h"
#include "lookup/advisory.h"
#include "lookup/db.h"
#include "lookup/db_handle.h"

/* firmware advisories (issue 22): the statements of dc_db_advisories and its listing */
int dc_db_prepare_advisories(struct dc_db *db, char *err, size_t errlen)
{
	return dc_db_prepare(db, "SELECT a.id FROM advisory a WHERE EXISTS (SELECT 1 FROM "
		       "advisory_model m WHERE m.advisory_id = a.id AND dc_match(m.pattern, ?1)) "
		       "ORDER BY a.id", &db->adv_by_model, err, errlen) ||
	       dc_db_prepare(db, "SELECT id FROM advisory ORDER BY vendor, advisory", &db->adv_all, err,
		       errlen) ||
	       dc_db_prepare(db, "SELECT advisory, vendor, title, bulletin, coalesce(interface, ''), "
		       "effect, effect_note, coalesce(hours, 0), coalesce(hours_note, ''), "
		       "coalesce(fixed, '') FROM advisory WHERE id = ?1", &db->adv_row, err, errlen) ||
	       dc_db_prepare(db, "SELECT pattern FROM advisory_model WHERE advisory_id = ?1 ORDER BY rowid",
		       &db->adv_models, err, errlen) ||
	       dc_db_prepare(db, "SELECT pattern, affected FROM advisory_firmware WHERE advisory_id = ?1 "
		       "ORDER BY rowid", &db->adv_fw, err, errlen) ||
	       dc_db_prepare(db, "SELECT gb FROM advisory_capacity WHERE advisory_id = ?1 ORDER BY rowid",
		       &db->adv_caps, err, errlen) ||
	       dc_db_prepare(db, "SELECT kind, claim, backs, title, url, coalesce(revision, ''), "
		       "coalesce(location, '') FROM advisory_source WHERE advisory_id = ?1 "
		       SOURCE_ORDER, &db->adv_sources, err, errlen);
}

static int step_all(sqlite3_stmt *st, sqlite3_int64 id,
		    void (*row)(sqlite3_stmt *st, struct dc_advisory *a), struct dc_advisory *a)
{
	int rc;

	sqlite3_bind_int64(st, 1, id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		row(st, a);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : -EIO;
}

static void adv_model_row(sqlite3_stmt *st, struct dc_advisory *a)
{
	if (a->nmodels < DC_ADV_MAX_PATTERNS)
		dc_db_copy_col(st, 0, a->models[a->nmodels++], DC_NAME_LEN);
}

static void adv_fw_row(sqlite3_stmt *st, struct dc_advisory *a)
{
	bool affected = sqlite3_column_int(st, 1) != 0;
	unsigned *n = affected ? &a->naffected : &a->nnot_affected;

	if (*n < DC_ADV_MAX_PATTERNS)
		dc_db_copy_col(st, 0, (affected ? a->affected : a->not_affected)[(*n)++], DC_NAME_LEN);
}

static void adv_cap_row(sqlite3_stmt *st, struct dc_advisory *a)
{
	if (a->ncapacities < DC_ADV_MAX_CAPACITIES)
		a->capacities_gb[a->ncapacities++] = sqlite3_column_double(st, 0);
}

static void adv_source_row(sqlite3_stmt *st, struct dc_advisory *a)
{
	struct dc_adv_source *s;
	char text[32];

	if (a->nsources++ >= DC_MAX_SOURCES)
		return; /* counted, not kept */
	s = &a->sources[a->nsources - 1];
	dc_db_copy_col(st, 0, text, sizeof(text));
	if (dc_source_kind_from_name(text, &s->kind))
		s->kind = DC_SRC_NONE;
	dc_db_copy_col(st, 1, text, sizeof(text));
	if (dc_adv_claim_from_name(text, &s->claim))
		s->claim = DC_ADV_CLAIM_IDENTITY;
	s->backs = sqlite3_column_int(st, 2) != 0;
	dc_db_copy_col(st, 3, s->title, sizeof(s->title));
	dc_db_copy_col(st, 4, s->url, sizeof(s->url));
	dc_db_copy_col(st, 5, s->revision, sizeof(s->revision));
	dc_db_copy_col(st, 6, s->where, sizeof(s->where));
}

/* One advisory whole, by its row id. Returns 0 or -EIO. */
static int read_advisory(struct dc_db *db, sqlite3_int64 id, struct dc_advisory *a)
{
	sqlite3_stmt *st = db->adv_row;
	char text[32];
	int rc;

	memset(a, 0, sizeof(*a));
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		dc_db_copy_col(st, 0, a->id, sizeof(a->id));
		dc_db_copy_col(st, 1, a->vendor, sizeof(a->vendor));
		dc_db_copy_col(st, 2, a->title, sizeof(a->title));
		dc_db_copy_col(st, 3, a->bulletin, sizeof(a->bulletin));
		dc_db_copy_col(st, 4, a->interface, sizeof(a->interface));
		dc_db_copy_col(st, 5, text, sizeof(text));
		if (dc_adv_effect_from_name(text, &a->effect))
			a->effect = DC_ADV_OTHER;
		dc_db_copy_col(st, 6, a->effect_note, sizeof(a->effect_note));
		a->hours = sqlite3_column_int64(st, 7);
		dc_db_copy_col(st, 8, a->hours_note, sizeof(a->hours_note));
		dc_db_copy_col(st, 9, a->fixed, sizeof(a->fixed));
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW)
		return -EIO;
	if (step_all(db->adv_models, id, adv_model_row, a) ||
	    step_all(db->adv_fw, id, adv_fw_row, a) ||
	    step_all(db->adv_caps, id, adv_cap_row, a) ||
	    step_all(db->adv_sources, id, adv_source_row, a))
		return -EIO;
	return 0;
}

void dc_advisory_rule_of(const struct dc_advisory *a, struct dc_adv_rule *r,
			 const char *ptrs[3][DC_ADV_MAX_PATTERNS])
{
	for (unsigned i = 0; i < a->nmodels; i++)
		ptrs[0][i] = a->models[i];
	for (unsigned i = 0; i < a->naffected; i++)
		ptrs[1][i] = a->affected[i];
	for (unsigned i = 0; i < a->nnot_affected; i++)
		ptrs[2][i] = a->not_affected[i];
	memset(r, 0, sizeof(*r));
	r->models = ptrs[0];
	r->nmodels = a->nmodels;
	r->affected = ptrs[1];
	r->naffected = a->naffected;
	r->not_affected = ptrs[2];
	r->nnot_affected = a->nnot_affected;
	r->fixed = a->fixed;
	r->capacities_gb = a->capacities_gb;
	r->ncapacities = a->ncapacities;
	r->hours = a->hours;
}

int dc_db_advisories(struct dc_db *db, const char *model, const char *firmware,
		     uint64_t capacity_bytes, long long power_on_hours,
		     struct dc_advisory *out, unsigned max, unsigned *n)
{
	char norm[DC_TEXT_LEN * 2];
	sqlite3_int64 ids[64];
	unsigned nids = 0;
	int rc;

	*n = 0;
	dc_model_normalize(model ? model : "", norm, sizeof(norm));
	if (!norm[0])
		return 0;
	sqlite3_bind_text(db->adv_by_model, 1, norm, -1, SQLITE_TRANSIENT);
	while ((rc = sqlite3_step(db->adv_by_model)) == SQLITE_ROW)
		if (nids < sizeof(ids) / sizeof(ids[0]))
			ids[nids++] = sqlite3_column_int64(db->adv_by_model, 0);
	sqlite3_reset(db->adv_by_model);
	if (rc != SQLITE_DONE)
		return -EIO;
	for (unsigned i = 0; i < nids && *n < max; i++) {
		const char *ptrs[3][DC_ADV_MAX_PATTERNS];
		struct dc_advisory *a = &out[*n];
		struct dc_adv_rule r;

		if (read_advisory(db, ids[i], a))
			return -EIO;
		dc_advisory_rule_of(a, &r, ptrs);
		a->match = dc_adv_match(&r, model, firmware, capacity_bytes, power_on_hours,
					&a->hours_left, &a->hours_left_known);
		if (a->match == DC_ADV_AFFECTED || a->match == DC_ADV_FIRMWARE_UNKNOWN)
			(*n)++;
	}
	return 0;
}

int dc_db_advisory_list(struct dc_db *db, int (*cb)(const struct dc_advisory *a, void *ud),
			void *ud)
{
	struct dc_advisory *a = malloc(sizeof(*a));
	sqlite3_int64 ids[256];
	unsigned nids = 0;
	int rc, ret = 0;

	if (!a)
		return -ENOMEM;
	while ((rc = sqlite3_step(db->adv_all)) == SQLITE_ROW)
		if (nids < sizeof(ids) / sizeof(ids[0]))
			ids[nids++] = sqlite3_column_int64(db->adv_all, 0);
	sqlite3_reset(db->adv_all);
	if (rc != SQLITE_DONE)
		ret = -EIO;
	for (unsigned i = 0; !ret && i < nids; i++) {
		ret = read_advisory(db, ids[i], a);
		if (!ret)
			ret = cb(a, ud);
	}
	free(a);
	return ret;
}

