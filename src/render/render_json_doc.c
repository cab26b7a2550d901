// SPDX-License-Identifier: GPL-2.0-or-later
/* render_json_doc.c - the JSON printer (print.h): the documents of many drives (a scan's,
 * an import's, a fleet's), written drive by drive: none is one tree in memory
 * (json_stream.h). */
#include <errno.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "core/json_alloc.h"
#include "core/names.h"
#include "render/json_stream.h"
#include "render/print.h"
#include "render/render.h"
#include "render/render_json.h"
#include "render/words.h"
#include "fleet/host_json.h"
#include "fleet/summary.h"

/* "json_format_version" and "drivecheck_version": how every document begins. */
static void version_members(struct dc_json_stream *s)
{
	unsigned long mark = dc_json_alloc_mark();
	cJSON *ver = cJSON_CreateArray();

	cJSON_AddItemToArray(ver, cJSON_CreateNumber(DC_JSON_FORMAT_MAJOR));
	cJSON_AddItemToArray(ver, cJSON_CreateNumber(DC_JSON_FORMAT_MINOR));
	dc_json_stream_member(s, "json_format_version", dc_json_whole(mark, ver));
	dc_json_stream_member(s, "drivecheck_version", cJSON_CreateString(DC_VERSION));
}

static cJSON *items_json(const struct dc_summary_item *v, unsigned n)
{
	cJSON *a = cJSON_CreateArray();

	for (unsigned i = 0; i < n; i++) {
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "name", v[i].name);
		cJSON_AddNumberToObject(o, "drives", v[i].drives);
		cJSON_AddItemToArray(a, o);
	}
	return a;
}

/* One of the summary's lists: {"<k1>": v1, "<k2>": v2, "top": [...]} as key of sum. */
static void counted_list(cJSON *sum, const char *key, const char *k1, unsigned v1,
			 const char *k2, unsigned v2, const struct dc_summary_item *v, unsigned n)
{
	cJSON *o = cJSON_AddObjectToObject(sum, key);

	cJSON_AddNumberToObject(o, k1, v1);
	cJSON_AddNumberToObject(o, k2, v2);
	cJSON_AddItemToObject(o, "top", items_json(v, n));
}

/* The summary object (1.3); a fleet's (fleet: with "hosts" and each drive's host), or
 * import's; summary_tree() checks it is whole. */
static cJSON *summary_json(const struct dc_summary *s, bool fleet, unsigned nhosts)
{
	cJSON *sum = cJSON_CreateObject();
	cJSON *roles = cJSON_AddObjectToObject(sum, "roles");
	cJSON *plp = cJSON_AddObjectToObject(sum, "plp");
	cJSON *o, *a;

	cJSON_AddNumberToObject(sum, "drives", s->drives);
	if (fleet)
		cJSON_AddNumberToObject(sum, "hosts", nhosts);
	cJSON_AddNumberToObject(sum, "unreadable", s->unreadable);
	cJSON_AddNumberToObject(sum, "files_skipped", s->files_skipped);
	/* the keys in the order of format 1.3, which JSON readers need not keep but people read */
	static const enum dc_status keys[] = { DC_PASS, DC_WARN, DC_FAIL, DC_NOT_CHECKED };

	for (unsigned role = 0; role < DC_ROLE_COUNT; role++) {
		o = cJSON_AddObjectToObject(roles, dc_role_name((enum dc_role)role));
		for (unsigned k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			cJSON_AddNumberToObject(o, dc_status_name(keys[k]), s->roles[role][keys[k]]);
		/* 1.6: of the warns, those that warn only for what was not measured or read */
		cJSON_AddNumberToObject(o, "unmeasured", s->unmeasured[role]);
	}
	for (unsigned c = 0; c <= DC_PLP_FULL; c++)
		cJSON_AddNumberToObject(plp, dc_plp_name((enum dc_plp_class)c), s->plp[c]);
	/* 1.4: the drives' own verdicts */
	o = cJSON_AddObjectToObject(sum, "health");
	for (unsigned st = 0; st <= DC_HEALTH_FAILING; st++)
		cJSON_AddNumberToObject(o, dc_health_status_name((enum dc_health_status)st),
					s->health[st]);
	counted_list(sum, "not_in_database", "models", s->not_in_db_models, "drives",
		     s->not_in_db_drives, s->not_in_db, s->nnot_in_db);
	counted_list(sum, "class_unknown", "families", s->class_unknown_families, "drives",
		     s->class_unknown_drives, s->class_unknown, s->nclass_unknown);
	/* 1.4: firmware advisories, and how many drives each hits */
	counted_list(sum, "advisories", "drives", s->advisory_drives, "advisories",
		     s->advisory_ids, s->advisories, s->nadvisories);
	o = cJSON_AddObjectToObject(sum, "attention");
	cJSON_AddNumberToObject(o, "drives", s->attention_total);
	a = cJSON_AddArrayToObject(o, "first");
	for (unsigned i = 0; i < s->nattention; i++) {
		const struct dc_summary_drive *at = &s->attention[i];
		cJSON *d = cJSON_CreateObject();
		char why[DC_WORDS_LEN];

		if (fleet)
			cJSON_AddStringToObject(d, "host", at->host);
		cJSON_AddStringToObject(d, "device", at->device);
		cJSON_AddStringToObject(d, "model", at->model);
		dc_words_look(&at->why, why, sizeof(why));
		cJSON_AddStringToObject(d, "why", why);
		cJSON_AddItemToArray(a, d);
	}
	return sum;
}

/* The summary whole, or NULL when an allocation failed on the way (json_alloc.h). */
static cJSON *summary_tree(const struct dc_summary *s, bool fleet, unsigned nhosts)
{
	unsigned long mark = dc_json_alloc_mark();

	return dc_json_whole(mark, summary_json(s, fleet, nhosts));
}

/* One file read: whole, or NULL when an allocation failed on the way (json_alloc.h). */
static cJSON *fleet_file_json(const struct dc_fleet_file *m)
{
	unsigned long mark = dc_json_alloc_mark();
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "file", m->path);
	cJSON_AddStringToObject(o, "host", m->host);
	cJSON_AddBoolToObject(o, "host_from_file_name", m->host_from_name);
	if (m->error) {
		cJSON_AddNullToObject(o, "json_format_version");
		cJSON_AddNullToObject(o, "drivecheck_version");
	} else {
		cJSON *v = cJSON_AddArrayToObject(o, "json_format_version");

		cJSON_AddItemToArray(v, cJSON_CreateNumber(m->major));
		cJSON_AddItemToArray(v, cJSON_CreateNumber(m->minor));
		cJSON_AddStringToObject(o, "drivecheck_version", m->version);
	}
	cJSON_AddNumberToObject(o, "drives", m->drives);
	cJSON_AddItemToObject(o, "error", m->error ? cJSON_CreateString(m->error_msg)
						   : cJSON_CreateNull());
	return dc_json_whole(mark, o);
}

/* --- the printer (print.h): the document's head, each drive as it comes, its end --- */

static void json_begin(struct dc_printer *p)
{
	const struct dc_print_head *h = &p->head;
	struct dc_json_stream *s = &p->json;
	unsigned long mark;
	cJSON *w;

	dc_json_stream_begin(s, p->out);
	version_members(s);
	if (h->doc == DC_PRINT_SCAN) {
		dc_json_stream_member(s, "host", h->host && h->host[0] ? cJSON_CreateString(h->host)
								    : cJSON_CreateNull());
		/* what the whole run says (1.4), [] when nothing */
		mark = dc_json_alloc_mark();
		w = cJSON_CreateArray();
		for (unsigned i = 0; w && h->warnings && i < h->nwarnings; i++)
			cJSON_AddItemToArray(w, cJSON_CreateString(h->warnings[i]));
		dc_json_stream_member(s, "warnings", dc_json_whole(mark, w));
	} else if (h->doc == DC_PRINT_FLEET) {
		dc_json_stream_array_begin(s, "files");
		for (unsigned i = 0; i < h->nfiles; i++)
			dc_json_stream_element(s, fleet_file_json(&h->files[i]));
		dc_json_stream_array_end(s);
	}
	/* a fleet's drives name their hosts: "drives" (docs/json.md) */
	dc_json_stream_array_begin(s, h->doc == DC_PRINT_FLEET ? "drives" : "devices");
}

static void json_drive(struct dc_printer *p, const struct dc_check *r, const char *host)
{
	dc_json_stream_element(&p->json, p->head.doc == DC_PRINT_FLEET
					 ? dc_render_json_fleet_drive_tree(r, host)
					 : dc_render_json_device_tree(r));
}

static void json_summary(struct dc_printer *p, const struct dc_summary *s, unsigned nhosts)
{
	dc_json_stream_array_end(&p->json);
	dc_json_stream_member(&p->json, "summary",
			      summary_tree(s, p->head.doc == DC_PRINT_FLEET, nhosts));
}

static int json_end(struct dc_printer *p, bool whole)
{
	/* a run that failed leaves its document open: no reader takes it for whole */
	if (!whole)
		return p->err;
	if (!p->summed)
		dc_json_stream_array_end(&p->json);
	p->err = dc_json_stream_end(&p->json);
	return p->err;
}

const struct dc_print_ops dc_print_json = {
	.name = "json",
	.begin = json_begin,
	.drive = json_drive,
	.summary = json_summary,
	.end = json_end,
};
