// SPDX-License-Identifier: GPL-2.0-or-later
/* ceph_shape.c - which of Ceph's shapes a file is, and `ceph device ls` and
 * `query-daemon-health-metrics` read into one item per drive (import_ceph.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/json_read.h"
#include "core/json_skim.h"
#include "core/names.h"
#include "import/ceph/import_ceph.h"
#include "import/import.h"

#define DETECT_VALUES 64 /* values of an object looked into to tell a daemon query */

/* ---------------------------------------------------------------- which shape */

struct detect {
	const char *text;
	unsigned n;
	bool time_key, smartctl_key;
	unsigned nobjects;
	struct dc_json_piece objects[DETECT_VALUES];
};

static bool key_is(const char *text, const struct dc_json_piece *key, const char *name)
{
	size_t n = strlen(name);

	return key->end - key->start == n + 2 && memcmp(text + key->start + 1, name, n) == 0;
}

static void detect_member(void *ctx, const struct dc_json_piece *key,
			  const struct dc_json_piece *value)
{
	struct detect *d = ctx;
	char plain[16];
	int64_t t;

	d->n++;
	if (key->end - key->start == 17) {
		memcpy(plain, d->text + key->start + 1, 15);
		plain[15] = '\0';
		/* the form alone: a key of that form that is no date is refused by the reader */
		d->time_key |= dc_ceph_sample_time(plain, &t) != -EINVAL;
	}
	d->smartctl_key |= key_is(d->text, key, "json_format_version");
	if (value->kind == DC_JSON_KIND_OBJECT && d->nobjects < DETECT_VALUES)
		d->objects[d->nobjects++] = *value;
}

/* Whether the object at piece has devid, or location and daemons: a device ls entry. */
struct entry_keys {
	const char *text;
	bool devid, location, daemons;
};

static void entry_member(void *ctx, const struct dc_json_piece *key,
			 const struct dc_json_piece *value)
{
	struct entry_keys *e = ctx;

	(void)value;
	e->devid |= key_is(e->text, key, "devid");
	e->location |= key_is(e->text, key, "location");
	e->daemons |= key_is(e->text, key, "daemons");
}

/* The members of the object at [start, end) of text (a NUL-able buffer) to member. */
static bool skim_object(const char *text, size_t start, size_t end,
			void (*member)(void *, const struct dc_json_piece *,
				       const struct dc_json_piece *), void *ctx)
{
	char *t = (char *)text, save = t[end];
	struct dc_json_piece top;
	size_t stop;
	bool ok;

	t[end] = '\0';
	ok = dc_json_skim_document(text + start, end - start, &top, &stop, member, ctx) &&
	     top.kind == DC_JSON_KIND_OBJECT;
	t[end] = save;
	return ok;
}

enum dc_import_format dc_ceph_detect(const char *text, size_t len)
{
	struct dc_json_piece top, el;
	struct detect *d;
	enum dc_import_format f = DC_IMPORT_UNKNOWN;
	size_t stop, p = 0, cursor = 0;

	while (p < len && (text[p] == ' ' || text[p] == '\t' || text[p] == '\r' || text[p] == '\n'))
		p++;
	if (p == len || (text[p] != '[' && text[p] != '{'))
		return DC_IMPORT_UNKNOWN;
	/* smartctl -j begins with its version: no shape of Ceph's, and no need to walk it */
	{
		size_t q = p + 1;

		while (q < len && (text[q] == ' ' || text[q] == '\t' || text[q] == '\r' ||
				   text[q] == '\n'))
			q++;
		if (len - q > 21 && memcmp(text + q, "\"json_format_version\"", 21) == 0)
			return DC_IMPORT_UNKNOWN;
	}
	d = calloc(1, sizeof(*d));
	if (!d)
		return DC_IMPORT_UNKNOWN;
	d->text = text;
	if (!dc_json_skim_document(text, len, &top, &stop, detect_member, d))
		goto out;
	if (top.kind == DC_JSON_KIND_ARRAY) {
		struct entry_keys e = { .text = text };

		if (!dc_json_skim_element(text, len, &top, &cursor, &el))
			f = DC_IMPORT_CEPH_DEVICE_LS; /* a cluster without devices */
		else if (el.kind == DC_JSON_KIND_OBJECT) {
			dc_json_skim_past(text, len, &el, &cursor);
			e.text = text + el.start; /* the pieces are the entry's */
			if (skim_object(text, el.start, el.end, entry_member, &e) &&
			    (e.devid || (e.location && e.daemons)))
				f = DC_IMPORT_CEPH_DEVICE_LS;
		}
		goto out;
	}
	if (top.kind != DC_JSON_KIND_OBJECT || d->smartctl_key)
		goto out;
	if (!d->n || d->time_key) {
		f = DC_IMPORT_CEPH_HEALTH_METRICS;
		goto out;
	}
	for (unsigned i = 0; i < d->nobjects; i++) {
		struct dc_ceph_sample s;

		if (dc_ceph_sample_read(text, d->objects[i].start, d->objects[i].end, &s) == 0 &&
		    s.kind != DC_CEPH_NOT_SAMPLE) {
			f = DC_IMPORT_CEPH_DAEMON_QUERY;
			break;
		}
	}
out:
	free(d);
	return f;
}

/* ---------------------------------------------------------------- items */

static struct dc_ceph_item *item_add(struct dc_ceph_items *items)
{
	struct dc_ceph_item *v;

	if (items->n == items->cap) {
		unsigned cap = items->cap ? items->cap * 2 : 8;

		v = realloc(items->v, cap * sizeof(*v));
		if (!v)
			return NULL;
		items->v = v;
		items->cap = cap;
	}
	v = &items->v[items->n++];
	memset(v, 0, sizeof(*v));
	return v;
}

void dc_ceph_kept_free(struct dc_ceph_kept *k)
{
	if (!k)
		return;
	free(k->entry);
	free(k);
}

void dc_ceph_items_free(struct dc_ceph_items *items)
{
	for (unsigned i = 0; i < items->n; i++)
		dc_ceph_kept_free(items->v[i].kept);
	free(items->v);
	memset(items, 0, sizeof(*items));
}

bool dc_ceph_name_devid(const char *path, char *out, size_t len)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base ? base + 1 : path;
	n = strlen(base);
	if (n <= 5 || strcmp(base + n - 5, ".json") != 0 || n - 5 >= len)
		return false;
	snprintf(out, len, "%.*s", (int)(n - 5), base);
	if (!dc_ceph_devid_ok(out) || !strchr(out, '_')) {
		out[0] = '\0';
		return false;
	}
	return true;
}

/* ---------------------------------------------------------------- device ls */

/* One entry, checked as Ceph's DeviceState::dump writes it (docs/ceph.md); into c when
 * c is not NULL. Returns 0, or -EINVAL with the reason recorded in r. */
static int read_entry(struct dc_json_reader *r, const cJSON *o, struct dc_ceph *c)
{
	const cJSON *loc, *dae;
	const char *devid = NULL, *s;
	static const char *const life[] = {
		"life_expectancy_min", "life_expectancy_max", "life_expectancy_stamp",
	};
	int64_t t[3] = { 0 };
	unsigned nlife = 0;

	if (dc_jr_str(r, o, "devid", DC_CEPH_DEVID_LEN, DC_JSON_SOFT, &devid) != DC_JSON_OK)
		return dc_jr_fail(r, NULL, "devid missing or not a string");
	if (!dc_ceph_devid_ok(devid))
		return dc_jr_fail(r, NULL, "devid \"%.64s\" is not a device id (printable ASCII, no "
				  "space or /, at most 255 bytes)", devid);
	if (dc_jr_arr(r, o, "location", DC_JSON_SOFT, &loc) != DC_JSON_OK)
		return dc_jr_fail(r, NULL, "location is not a list of {host, dev, path}");
	for (const cJSON *a = loc->child; a; a = a->next) {
		struct dc_ceph_location l;

		if (dc_jr_copy(r, a, "host", DC_JSON_SOFT, l.host, sizeof(l.host)) != DC_JSON_OK ||
		    dc_jr_copy(r, a, "dev", DC_JSON_SOFT, l.dev, sizeof(l.dev)) != DC_JSON_OK ||
		    dc_jr_copy(r, a, "path", DC_JSON_SOFT, l.path, sizeof(l.path)) != DC_JSON_OK)
			return dc_jr_fail(r, NULL, "location is not a list of {host, dev, path}");
		if (c && c->nlocations < DC_CEPH_MAX_LOCATIONS)
			c->locations[c->nlocations++] = l;
		if (c)
			c->locations_total++;
	}
	if (dc_jr_arr(r, o, "daemons", DC_JSON_SOFT, &dae) != DC_JSON_OK)
		return dc_jr_fail(r, NULL, "daemons is not a list of daemon names (osd.3, mon.a)");
	for (const cJSON *a = dae->child; a; a = a->next) {
		if (dc_jr_str(r, a, NULL, DC_CEPH_DAEMON_LEN - 1, DC_JSON_SOFT, &s) != DC_JSON_OK ||
		    !dc_ceph_daemon_ok(s))
			return dc_jr_fail(r, NULL, "daemons is not a list of daemon names (osd.3, mon.a)");
		if (c && c->ndaemons < DC_CEPH_MAX_DAEMONS)
			snprintf(c->daemons[c->ndaemons++], DC_CEPH_DAEMON_LEN, "%s", s);
		if (c)
			c->daemons_total++;
	}
	for (unsigned i = 0; i < 3; i++) {
		enum dc_json_status st = dc_jr_str(r, o, life[i], 64, DC_JSON_SOFT, &s);

		if (st == DC_JSON_ABSENT)
			continue;
		if (st != DC_JSON_OK || dc_ceph_utime(s, &t[i]))
			return dc_jr_fail(r, NULL, "%s is not a time as Ceph prints one", life[i]);
		nlife++;
	}
	if (nlife && nlife != 3)
		return dc_jr_fail(r, NULL, "life_expectancy_min, _max and _stamp come together");
	if (c && nlife) {
		c->have_life_expectancy = true;
		c->life_min = t[0];
		c->life_max = t[1];
		c->life_stamp = t[2];
	}
	/* a float; null where it was not finite; a string from an early formatter */
	if (dc_jr_has(o, "wear_level")) {
		double v = 0;
		enum dc_json_status st = dc_jr_double(r, o, "wear_level", 0, 1000,
						      DC_JSON_SOFT | DC_JSON_NULL_OK |
						      DC_JSON_NUM_STRING, &v);

		if (st == DC_JSON_BAD)
			return dc_jr_fail(r, NULL, "wear_level is not a number");
		if (c && st == DC_JSON_OK) {
			c->have_wear_level = true;
			c->wear_level = v;
		}
	}
	if (c)
		snprintf(c->devid, sizeof(c->devid), "%s", devid);
	return 0;
}

int dc_ceph_entry_fill(const char *entry, size_t len, struct dc_ceph *c)
{
	struct dc_json_reader r;
	int rc = 0;
	cJSON *o = dc_json_parse(entry, len, NULL, false, &rc);

	if (!o)
		return rc;
	dc_jr_init(&r, NULL, 0, NULL);
	c->nlocations = c->locations_total = c->ndaemons = c->daemons_total = 0;
	rc = read_entry(&r, o, c);
	cJSON_Delete(o);
	return rc;
}

static int read_device_ls(const char *text, size_t len, struct dc_ceph_items *out, char *err,
			  size_t errlen)
{
	struct dc_json_piece top, el;
	size_t stop, cursor = 0;
	unsigned i = 0;

	if (!dc_json_skim_document(text, len, &top, &stop, NULL, NULL) ||
	    top.kind != DC_JSON_KIND_ARRAY)
		return -EINVAL;
	while (dc_json_skim_element(text, len, &top, &cursor, &el)) {
		struct dc_json_reader r;
		struct dc_ceph_item *it;
		char what[32];
		int rc = 0;
		cJSON *o;
		const char *devid = NULL;

		dc_json_skim_past(text, len, &el, &cursor);
		snprintf(what, sizeof(what), "device %u", ++i);
		if (el.kind != DC_JSON_KIND_OBJECT) {
			snprintf(err, errlen, "%s is not an object", what);
			return -EINVAL;
		}
		o = dc_json_parse(text + el.start, el.end - el.start, NULL, false, &rc);
		if (!o)
			return rc == -ENOMEM ? -ENOMEM : -EINVAL;
		dc_jr_init(&r, err, errlen, what);
		rc = read_entry(&r, o, NULL);
		if (!rc)
			dc_jr_str(&r, o, "devid", DC_CEPH_DEVID_LEN, DC_JSON_SOFT, &devid);
		if (rc || !(it = item_add(out))) {
			cJSON_Delete(o);
			return rc ? rc : -ENOMEM;
		}
		snprintf(it->devid, sizeof(it->devid), "%s", devid);
		cJSON_Delete(o);
		it->listed = true;
		it->kept = calloc(1, sizeof(*it->kept));
		if (it->kept)
			it->kept->entry = malloc(el.end - el.start);
		if (!it->kept || !it->kept->entry)
			return -ENOMEM;
		memcpy(it->kept->entry, text + el.start, el.end - el.start);
		it->kept->entry_len = el.end - el.start;
	}
	return (int)out->n;
}

/* ---------------------------------------------------------------- daemon query */

struct readings {
	const char *text;
	unsigned n, cap;
	struct dc_json_piece *keys, *values;
	int err;
};

static void note_reading(void *ctx, const struct dc_json_piece *key,
			 const struct dc_json_piece *value)
{
	struct readings *q = ctx;

	if (q->err)
		return;
	if (q->n == q->cap) {
		unsigned cap = q->cap ? q->cap * 2 : 8;
		struct dc_json_piece *k = realloc(q->keys, cap * sizeof(*k)), *v;

		if (k)
			q->keys = k;
		v = k ? realloc(q->values, cap * sizeof(*v)) : NULL;
		if (!v) {
			q->err = -ENOMEM;
			return;
		}
		q->values = v;
		q->cap = cap;
	}
	q->keys[q->n] = *key;
	q->values[q->n++] = *value;
}

static int read_daemon_query(const char *text, size_t len, struct dc_ceph_items *out, char *err,
			     size_t errlen)
{
	struct readings q = { .text = text };
	struct dc_json_piece top;
	size_t stop;
	int rc = 0;

	if (!dc_json_skim_document(text, len, &top, &stop, note_reading, &q) ||
	    top.kind != DC_JSON_KIND_OBJECT)
		rc = q.err ? q.err : -EINVAL;
	for (unsigned i = 0; !rc && i < q.n; i++) {
		struct dc_json_reader r;
		struct dc_ceph_sample s;
		struct dc_ceph_item *it;
		const char *key = NULL;
		cJSON *k = dc_json_parse(text + q.keys[i].start, q.keys[i].end - q.keys[i].start, NULL,
					 false, &rc);

		dc_jr_init(&r, NULL, 0, NULL);
		if (!k || dc_jr_str(&r, k, NULL, DC_CEPH_DEVID_LEN - 1, DC_JSON_SOFT, &key) != DC_JSON_OK ||
		    (key[0] && !dc_ceph_devid_ok(key))) {
			snprintf(err, errlen, "daemon query: a key that is not a device id");
			cJSON_Delete(k);
			rc = rc ? rc : -EINVAL;
			break;
		}
		if (q.values[i].kind != DC_JSON_KIND_OBJECT) {
			snprintf(err, errlen, "the reading of %s is not an object", key[0] ? key : "\"\"");
			rc = -EINVAL;
		} else if (!(rc = dc_ceph_sample_read(text, q.values[i].start, q.values[i].end, &s)) &&
			   s.kind == DC_CEPH_NOT_SAMPLE) {
			snprintf(err, errlen, "the reading of %s is neither smartctl's JSON nor Ceph's "
				 "record of a failed scrape", key[0] ? key : "\"\"");
			rc = -EINVAL;
		}
		if (!rc && !(it = item_add(out)))
			rc = -ENOMEM;
		if (!rc && !(it->kept = calloc(1, sizeof(*it->kept))))
			rc = -ENOMEM;
		if (!rc) {
			snprintf(it->devid, sizeof(it->devid), "%s", key);
			memcpy(it->cand, s.cand, sizeof(it->cand));
			snprintf(it->serial, sizeof(it->serial), "%s", s.serial);
			it->kept->source = DC_CEPH_SOURCE_DAEMON_QUERY;
			if (s.kind == DC_CEPH_FAILED_SCRAPE) {
				it->kept->have_failed = true;
				snprintf(it->kept->failed_scrape.error,
					 sizeof(it->kept->failed_scrape.error), "%s", s.error);
				snprintf(it->kept->failed_scrape.message,
					 sizeof(it->kept->failed_scrape.message), "%s", s.message);
			} else {
				/* when it was read: smartctl's clock, else now (the newest) */
				it->has_state = true;
				it->off = q.values[i].start;
				it->len = q.values[i].end - q.values[i].start;
				it->line = 1;
				for (size_t p = 0; p < it->off; p++)
					it->line += text[p] == '\n';
				it->kept->state = s.have_time ? s.time : INT64_MAX;
			}
		}
		cJSON_Delete(k);
	}
	free(q.keys);
	free(q.values);
	return rc ? rc : (int)out->n;
}

int dc_ceph_read(const char *path, const char *text, size_t len, enum dc_import_format f,
		 struct dc_ceph_items *out, char *err, size_t errlen)
{
	char named[DC_CEPH_DEVID_LEN] = "";
	struct dc_ceph_item item;
	int rc;

	switch (f) {
	case DC_IMPORT_CEPH_DEVICE_LS:
		rc = read_device_ls(text, len, out, err, errlen);
		break;
	case DC_IMPORT_CEPH_DAEMON_QUERY:
		rc = read_daemon_query(text, len, out, err, errlen);
		break;
	case DC_IMPORT_CEPH_HEALTH_METRICS:
		if (strcmp(path, "-") != 0)
			dc_ceph_name_devid(path, named, sizeof(named));
		rc = dc_ceph_read_metrics(text, len, named, &item, err, errlen);
		if (rc == 1) {
			struct dc_ceph_item *it = item_add(out);

			if (!it) {
				dc_ceph_kept_free(item.kept);
				rc = -ENOMEM;
			} else {
				*it = item;
			}
		} else if (rc == 0) {
			snprintf(err, errlen, "an empty health-metrics output ({}) of no device: name "
				 "the file DEVID.json");
			rc = -EINVAL;
		}
		break;
	default:
		rc = -EINVAL;
	}
	if (rc == -EINVAL && !err[0])
		snprintf(err, errlen, "not of %s's shape", dc_import_format_name(f));
	return rc;
}
