// SPDX-License-Identifier: GPL-2.0-or-later
/* render_json_lookup.c - lookup's JSON: the families a query names, and the firmware
 * advisories the database holds (docs/json.md, "drivecheck lookup"). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_alloc.h"
#include "core/names.h"
#include "lookup/advisory.h"
#include "lookup/db_row.h"
#include "render/render.h"
#include "render/render_json.h"

static cJSON *versioned_root(void)
{
	cJSON *root = cJSON_CreateObject();
	cJSON *ver = cJSON_AddArrayToObject(root, "json_format_version");

	cJSON_AddItemToArray(ver, cJSON_CreateNumber(DC_JSON_FORMAT_MAJOR));
	cJSON_AddItemToArray(ver, cJSON_CreateNumber(DC_JSON_FORMAT_MINOR));
	cJSON_AddStringToObject(root, "drivecheck_version", DC_VERSION);
	return root;
}

/* root, built since mark, printed whole or not at all. Returns 0, -ENOMEM (an allocation
 * failed: the tree or its text is incomplete), or the -errno of the write that failed. */
static int print_and_free(FILE *out, unsigned long mark, cJSON *root)
{
	char *text = NULL;
	int rc = 0;

	root = dc_json_whole(mark, root);
	if (root)
		text = cJSON_Print(root);
	cJSON_Delete(root);
	if (!text)
		return -ENOMEM;
	errno = 0;
	if (fputs(text, out) == EOF || fputc('\n', out) == EOF)
		rc = errno ? -errno : -EIO;
	cJSON_free(text);
	return rc;
}

/* ---- firmware advisories (issue 22) ---- */

static cJSON *pattern_array(const char (*pats)[DC_NAME_LEN], unsigned n)
{
	cJSON *a = cJSON_CreateArray();

	for (unsigned i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(pats[i]));
	return a;
}

/* One advisory; with_match: as it meets the drive asked about (match, hours_left). */
static cJSON *advisory_json(const struct dc_advisory *a, bool with_match)
{
	cJSON *o = cJSON_CreateObject(), *caps, *srcs;
	unsigned kept = a->nsources < DC_MAX_SOURCES ? a->nsources : DC_MAX_SOURCES;

	cJSON_AddStringToObject(o, "id", a->id);
	cJSON_AddStringToObject(o, "vendor", a->vendor);
	cJSON_AddStringToObject(o, "title", a->title);
	cJSON_AddStringToObject(o, "bulletin", a->bulletin);
	cJSON_AddItemToObject(o, "interface", dc_render_json_str_or_null(a->interface));
	cJSON_AddStringToObject(o, "effect", dc_adv_effect_name(a->effect));
	cJSON_AddStringToObject(o, "effect_note", a->effect_note);
	if (a->hours > 0)
		cJSON_AddNumberToObject(o, "hours", (double)a->hours);
	else
		cJSON_AddNullToObject(o, "hours");
	cJSON_AddItemToObject(o, "hours_note", dc_render_json_str_or_null(a->hours_note));
	cJSON_AddItemToObject(o, "fixed", dc_render_json_str_or_null(a->fixed));
	cJSON_AddItemToObject(o, "models", pattern_array(a->models,
							a->nmodels));
	cJSON_AddItemToObject(o, "affected_firmware",
			      pattern_array(a->affected, a->naffected));
	cJSON_AddItemToObject(o, "not_affected_firmware",
			      pattern_array(a->not_affected, a->nnot_affected));
	caps = cJSON_AddArrayToObject(o, "capacities_gb");
	for (unsigned i = 0; i < a->ncapacities; i++)
		cJSON_AddItemToArray(caps, cJSON_CreateNumber(a->capacities_gb[i]));
	if (with_match) {
		cJSON_AddStringToObject(o, "match", dc_adv_match_name(a->match));
		if (a->hours_left_known)
			cJSON_AddNumberToObject(o, "hours_left", (double)a->hours_left);
		else
			cJSON_AddNullToObject(o, "hours_left");
	}
	cJSON_AddNumberToObject(o, "source_count", a->nsources);
	srcs = cJSON_AddArrayToObject(o, "sources");
	for (unsigned i = 0; i < kept; i++) {
		const struct dc_adv_source *s = &a->sources[i];
		cJSON *so = cJSON_CreateObject();

		cJSON_AddStringToObject(so, "kind", dc_source_kind_name(s->kind));
		cJSON_AddStringToObject(so, "claim", dc_adv_claim_name(s->claim));
		cJSON_AddBoolToObject(so, "backs", s->backs);
		cJSON_AddStringToObject(so, "title", s->title);
		cJSON_AddStringToObject(so, "url", s->url);
		cJSON_AddItemToObject(so, "revision", dc_render_json_str_or_null(s->revision));
		cJSON_AddItemToObject(so, "where", dc_render_json_str_or_null(s->where));
		cJSON_AddItemToArray(srcs, so);
	}
	return o;
}

int dc_render_advisories_json(FILE *out, const struct dc_advisory *a, unsigned n)
{
	unsigned long mark = dc_json_alloc_mark();
	cJSON *root = versioned_root();
	cJSON *all = cJSON_AddArrayToObject(root, "advisories");

	for (unsigned i = 0; i < n; i++)
		cJSON_AddItemToArray(all, advisory_json(&a[i], false));
	return print_and_free(out, mark, root);
}

/* ---- end of firmware advisories ---- */

/* The family's figure per day, and what it rests on. */
static cJSON *per_day_json(const struct dc_dwpd_figure *pd)
{
	cJSON *o;

	if (pd->basis == DC_DWPD_NONE)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddNumberToObject(o, "dwpd", round(pd->dwpd * 1000) / 1000);
	cJSON_AddStringToObject(o, "basis", dc_dwpd_basis_name(pd->basis));
	if (pd->years > 0)
		cJSON_AddNumberToObject(o, "years", pd->years);
	else
		cJSON_AddNullToObject(o, "years");
	cJSON_AddBoolToObject(o, "years_stated", pd->years_stated);
	if (pd->basis == DC_DWPD_RATED_TBW) {
		cJSON_AddNumberToObject(o, "tbw_tb", pd->tbw_tb);
		cJSON_AddNumberToObject(o, "capacity_bytes", (double)pd->capacity_bytes);
	} else {
		cJSON_AddNullToObject(o, "tbw_tb");
		cJSON_AddNullToObject(o, "capacity_bytes");
	}
	return o;
}

/* lookup's view of a family beyond its row: every pattern, TBW line and observed row. */
static cJSON *family_json(const struct dc_lookup_answer *a)
{
	const struct dc_family_details *d = &a->family;
	cJSON *o = cJSON_CreateObject(), *list;

	cJSON_AddItemToObject(o, "endurance_per_day", per_day_json(&a->row.per_day));
	list = cJSON_AddArrayToObject(o, "patterns");
	for (unsigned k = 0; k < d->npatterns && k < DC_MAX_FAMILY_PATTERNS; k++)
		cJSON_AddItemToArray(list, cJSON_CreateString(d->patterns[k]));
	list = cJSON_AddArrayToObject(o, "tbw");
	for (unsigned k = 0; k < d->ntbw && k < DC_MAX_FAMILY_TBW; k++) {
		cJSON *t = cJSON_CreateObject();

		cJSON_AddStringToObject(t, "pattern", d->tbw[k].pattern);
		cJSON_AddNumberToObject(t, "tbw_tb", d->tbw[k].tbw_tb);
		cJSON_AddItemToArray(list, t);
	}
	list = cJSON_AddArrayToObject(o, "observed_endurance");
	for (unsigned k = 0; k < d->nobserved && k < DC_MAX_OBSERVED_ROWS; k++)
		cJSON_AddItemToArray(list, dc_render_json_observed(&d->observed[k]));
	return o;
}

int dc_render_lookup_json(FILE *out, const char *const *queries,
			  const struct dc_lookup_answer *a, unsigned n)
{
	static const char *const kinds[] = {
		[DC_LOOKUP_MODEL] = "model", [DC_LOOKUP_FAMILY] = "family",
		[DC_LOOKUP_SEVERAL] = "several", [DC_LOOKUP_NONE] = "none",
	};
	unsigned long mark = dc_json_alloc_mark();
	cJSON *root = versioned_root();
	cJSON *results = cJSON_AddArrayToObject(root, "results");

	for (unsigned i = 0; i < n; i++) {
		cJSON *o = cJSON_CreateObject(), *adv, *list;
		bool one = a[i].kind == DC_LOOKUP_MODEL || a[i].kind == DC_LOOKUP_FAMILY;

		cJSON_AddStringToObject(o, "query", queries[i]);
		cJSON_AddItemToObject(o, "match", one ? dc_render_json_db_row(&a[i].row) : cJSON_CreateNull());
		/* issue 29: the family's patterns, TBW lines, observed rows, figure per day */
		cJSON_AddItemToObject(o, "family", one ? family_json(&a[i]) : cJSON_CreateNull());
		/* 1.4: how the answer was found, the families a name names, what is close */
		cJSON_AddStringToObject(o, "matched_by", kinds[a[i].kind]);
		list = cJSON_AddArrayToObject(o, "candidates");
		for (unsigned k = 0; k < a[i].ncandidates; k++)
			cJSON_AddItemToArray(list, dc_render_json_db_row(&a[i].candidates[k]));
		cJSON_AddNumberToObject(o, "candidates_total", a[i].candidates_total);
		list = cJSON_AddArrayToObject(o, "suggestions");
		for (unsigned k = 0; k < a[i].nsuggestions; k++)
			cJSON_AddItemToArray(list, cJSON_CreateString(a[i].suggestions[k]));
		adv = cJSON_AddArrayToObject(o, "advisories");
		for (unsigned k = 0; k < a[i].nadvisories; k++)
			cJSON_AddItemToArray(adv, advisory_json(&a[i].advisories[k], true));
		cJSON_AddItemToArray(results, o);
	}
	return print_and_free(out, mark, root);
}
