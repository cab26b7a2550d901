// SPDX-License-Identifier: GPL-2.0-or-later
/* import_conflict.c - a fact of one drive given twice with two values: said, never resolved unsaid. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_read.h"
#include "core/drive.h"
#include "import/import.h"
#include "device/inspect.h"
#include "core/names.h"
#include "core/raw.h"
#include "core/text_fit.h"

/*
 * Two ways a drive gets a fact twice: two files that join by serial and model (the same
 * drive, reported by two tools or at two times), and one report that states it twice (a
 * JSON key given twice, a label printed twice). Either way, when the two values differ
 * the drive's errors say so, with both values and where each came from; the one read is
 * the one the join reads anyway (the better source, then the first), and the message
 * says which.
 *
 * Between files, facts are compared as each file alone decodes them (its own pages,
 * through the same parsers), and only where both state the fact: a page that one format
 * rebuilds in part (smartctl's Identify Controller) is not "different" from nvme-cli's
 * whole one where it is silent. The temperature is left out: it is a reading of the
 * moment, and two reports of one drive seconds apart differ in it by nature.
 */

#define MAX_SAID 4 /* conflict lines per drive; the rest are counted */

/* A file's label in room characters: its end, after "...", when it is longer. */
static void fit(char *dst, size_t len, const char *s, size_t room)
{
	size_t n = strlen(s);

	if (room < 8)
		room = 8;
	if (n <= room)
		snprintf(dst, len, "%s", s);
	else
		snprintf(dst, len, "...%s", s + n - (room - 3));
}

/* ---------------------------------------------------------------- one JSON report */

/* Adds "PATH.KEY" of the first key given twice with different values below obj, the path
 * (r's) entered: "x[0].smart_status.passed". */
static void json_twice(struct dc_json_reader *r, const cJSON *obj, char (*out)[DC_TEXT_LEN],
		       unsigned max, unsigned *n, unsigned depth)
{
	const cJSON *o, *a, *b;
	bool is_object = dc_jr_obj(r, obj, NULL, DC_JSON_SOFT, &o) == DC_JSON_OK;
	unsigned k = 0;

	if (depth > 64)
		return;
	for (a = obj ? obj->child : NULL; a; a = a->next, k++) {
		if (is_object && a->string)
			for (b = a->next; b; b = b->next) {
				char *va, *vb;

				if (!b->string || strcmp(a->string, b->string) != 0 ||
				    cJSON_Compare(a, b, true))
					continue;
				va = cJSON_PrintUnformatted(a);
				vb = cJSON_PrintUnformatted(b);
				if (*n < max)
					dc_fitf(out[*n], DC_TEXT_LEN, "conflict: %s%s%s given twice, "
						"%.24s and %.24s; the first is read", r->path,
						r->path[0] ? "." : "", a->string, va ? va : "?",
						vb ? vb : "?");
				(*n)++;
				free(va);
				free(vb);
				break;
			}
		if (dc_jr_obj(r, a, NULL, DC_JSON_SOFT, &o) == DC_JSON_OK ||
		    dc_jr_arr(r, a, NULL, DC_JSON_SOFT, &o) == DC_JSON_OK) {
			if (a->string)
				dc_jr_enter(r, a->string);
			else
				dc_jr_enter_index(r, k);
			json_twice(r, a, out, max, n, depth + 1);
			dc_jr_leave(r);
		}
	}
}

unsigned dc_import_json_twice(const char *text, size_t len, char (*out)[DC_TEXT_LEN],
			      unsigned max)
{
	const char *s = text, *end = text + len;
	struct dc_json_reader r;
	unsigned n = 0;
	cJSON *root;

	while (s < end && *s != '{' && *s != '[')
		s++; /* fio's lines before its JSON */
	root = s < end ? cJSON_ParseWithLength(s, (size_t)(end - s)) : NULL;
	dc_jr_init(&r, NULL, 0, NULL); /* soft reads and its path only */
	if (root)
		json_twice(&r, root, out, max, &n, 0);
	cJSON_Delete(root);
	return n;
}

/* ---------------------------------------------------------------- files of one drive */

/* The drive one part gives alone: its pages and what it lacks, through the parsers. */
static void part_drive(const struct dc_import_part *p, struct dc_drive *d)
{
	struct dc_raw raw = { 0 };
	char lacks[DC_IMPORT_MAX_NOTES * (DC_TEXT_LEN + 1)];
	size_t nl = 0;

	for (unsigned k = 0; k < p->raw.npages; k++)
		dc_raw_add(&raw, p->raw.pages[k].name, p->raw.pages[k].data, p->raw.pages[k].len,
			   &p->raw.pages[k].st);
	for (unsigned l = 0; l < p->nlacks && nl + strlen(p->lacks[l]) + 2 < sizeof(lacks); l++)
		nl += (size_t)snprintf(lacks + nl, sizeof(lacks) - nl, "%s\n", p->lacks[l]);
	if (nl)
		dc_raw_add(&raw, DC_PG_NOT_IN_INPUT, lacks, nl, NULL);
	dc_inspect_parse(&p->dev, &raw, 0, d);
	dc_raw_free(&raw);
}

static const struct dc_ata_attr *attr_of(const struct dc_drive *d, unsigned id)
{
	for (unsigned i = 0; i < d->smart.nattrs; i++)
		if (d->smart.attrs[i].id == id)
			return &d->smart.attrs[i];
	return NULL;
}

static const char *tri(enum dc_tri t)
{
	return t == DC_TRI_YES ? "yes" : "no";
}

/*
 * Fact number k of a part, in words, into buf (its name into name): false when the part
 * does not state it. Facts 0..FIXED-1 are the fixed ones; FIXED + 2 * id (+1) are ATA
 * attribute id's entry and its threshold.
 */
enum { FIXED = 26 };

static bool fact(const struct dc_import_part *p, const struct dc_drive *d, unsigned k,
		 char *name, size_t nlen, char *buf, size_t len)
{
	const struct dc_wear *w = &d->wear;
	const struct dc_nvme_health *h = &d->smart.nvme;
	bool nh = d->smart.have_nvme_health;
	const struct dc_ata_attr *a;

#define SAY(n, known, ...) do {					\
		snprintf(name, nlen, "%s", n);				\
		if (!(known))						\
			return false;					\
		snprintf(buf, len, __VA_ARGS__);			\
		return true;						\
	} while (0)
	switch (k) {
	case 0: SAY("protocol", p->dev.protocol != DC_PROTO_NONE, "%s",
		    p->dev.protocol == DC_PROTO_ATA ? "ATA" : p->dev.protocol == DC_PROTO_NVME
		    ? "NVMe" : "SCSI");
	case 1: SAY("vendor", p->dev.vendor[0], "%s", p->dev.vendor);
	case 2: SAY("firmware", p->dev.firmware[0], "%s", p->dev.firmware);
	case 3: SAY("capacity", p->dev.capacity_bytes, "%" PRIu64 " bytes", p->dev.capacity_bytes);
	case 4: SAY("logical block", p->dev.logical_block_bytes, "%u", p->dev.logical_block_bytes);
	case 5: SAY("rotational", d->rotational != DC_TRI_UNKNOWN, "%s", tri(d->rotational));
	case 6: SAY("write cache present", d->cache_present != DC_TRI_UNKNOWN, "%s",
		    tri(d->cache_present));
	case 7: SAY("write cache enabled", d->cache_enabled != DC_TRI_UNKNOWN, "%s",
		    tri(d->cache_enabled));
	case 8: SAY("percentage used", w->have_percent_used, "%u%%", w->percent_used);
	case 9: SAY("bytes written", w->have_written, "%" PRIu64, w->host_written_bytes);
	case 10: SAY("power-on hours", w->have_power_on, "%" PRIu64, w->power_on_hours);
	case 11: SAY("unsafe shutdowns", w->have_unsafe_shutdowns, "%" PRIu64, w->unsafe_shutdowns);
	case 12: SAY("media errors", w->have_media_errors, "%" PRIu64, w->media_errors);
	case 13: SAY("nvme critical warning", nh, "0x%02x", h->critical_warning);
	case 14: SAY("nvme available spare", nh, "%u%%", h->available_spare);
	case 15: SAY("nvme spare threshold", nh, "%u%%", h->spare_threshold);
	case 16: SAY("nvme data units read", nh, "%" PRIu64, h->data_units_read);
	case 17: SAY("nvme data units written", nh, "%" PRIu64, h->data_units_written);
	case 18: SAY("nvme host reads", nh, "%" PRIu64, h->host_reads);
	case 19: SAY("nvme host writes", nh, "%" PRIu64, h->host_writes);
	case 20: SAY("nvme busy minutes", nh, "%" PRIu64, h->controller_busy_minutes);
	case 21: SAY("nvme power cycles", nh, "%" PRIu64, h->power_cycles);
	case 22: SAY("nvme error log entries", nh, "%" PRIu64, h->error_log_entries);
	case 23: SAY("nvme warning temp minutes", nh, "%" PRIu32, h->warning_temp_minutes);
	case 24: SAY("nvme critical temp minutes", nh, "%" PRIu32, h->critical_temp_minutes);
	case 25: SAY("physical block", p->dev.physical_block_bytes, "%u", p->dev.physical_block_bytes);
	default:
		break;
	}
	k -= FIXED;
	a = attr_of(d, k / 2);
	if (k % 2 == 0) {
		char n[32];

		snprintf(n, sizeof(n), "attribute %u value/worst/raw", k / 2);
		SAY(n, a, "%u/%u/%" PRIu64, a->value, a->worst, a->raw);
	} else {
		char n[32];

		snprintf(n, sizeof(n), "attribute %u threshold", k / 2);
		SAY(n, a && a->threshold_known, "%u", a->threshold);
	}
#undef SAY
}

void dc_import_conflicts(const struct dc_import_parts *parts, const unsigned *order, unsigned n,
			 struct dc_import_notes *notes)
{
	struct dc_drive *d;
	unsigned said = 0, more = 0;

	if (n < 2)
		return;
	d = calloc(n, sizeof(*d));
	if (!d)
		return;
	for (unsigned i = 0; i < n; i++)
		if (parts->v[order[i]].dev.protocol != DC_PROTO_NONE)
			part_drive(&parts->v[order[i]], &d[i]);
	for (unsigned k = 0; k < FIXED + 2 * 256; k++) {
		/* room for the longest fact (a vendor of DC_TEXT_LEN): compared whole */
		char name[40], ref[DC_TEXT_LEN] = "", v[DC_TEXT_LEN];
		int first = -1;

		for (unsigned i = 0; i < n; i++) {
			const struct dc_import_part *p = &parts->v[order[i]];

			if (p->dev.protocol == DC_PROTO_NONE)
				continue;
			/* The physical block size is a guess in some formats (smartctl's text
			 * says none for NVMe): compared between reports of one format only. */
			if (k == 25 && first >= 0 && parts->v[order[first]].format != p->format)
				continue;
			if (!fact(p, &d[i], k, name, sizeof(name), v, sizeof(v)))
				continue;
			if (first < 0) {
				first = (int)i;
				snprintf(ref, sizeof(ref), "%s", v);
				continue;
			}
			if (strcmp(ref, v) == 0)
				continue;
			if (said < MAX_SAID) {
				/* Both values whole; the files' names in the room left of an
				 * error line ("import: conflict: NAME A (F1) vs B (F2); ..."). */
				static const char fmt[] = "import: conflict: %s %s (%s) vs %s (%s); the "
							  "first is read";
				char f1[DC_PATH_LEN], f2[DC_PATH_LEN];
				size_t fixed = sizeof(fmt) - 11 + strlen(name) + strlen(ref) + strlen(v);
				size_t room = fixed < DC_TEXT_LEN - 1 ? (DC_TEXT_LEN - 1 - fixed) / 2 : 0;

				fit(f1, sizeof(f1), parts->v[order[first]].file, room);
				fit(f2, sizeof(f2), p->file, room);
				dc_import_notes_add(notes, fmt, name, ref, f1, v, f2);
			} else {
				more++;
			}
			said++;
			break; /* one line per fact */
		}
	}
	if (more)
		dc_import_notes_add(notes, "import: %u more conflicts between this drive's files",
				   more);
	free(d);
}
