// SPDX-License-Identifier: GPL-2.0-or-later
/* ceph_samples.c - `ceph device get-health-metrics DEVID`: a drive's stored samples, one at
 * a time, into its state (the newest), its counts and its wear and write rates. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/json_read.h"
#include "core/json_skim.h"
#include "core/text_fit.h"
#include "device/inspect.h"
#include "import/ceph/import_ceph.h"
#include "import/import.h"
#include "thresholds.h"

/* ---------------------------------------------------------------- one sample */

/* The members of a sample that say what it is, found without a tree of it. */
struct sample_keys {
	const char *text;
	struct dc_json_piece version, smartctl, error, dev, output, smartctl_output, model,
		serial, device, scsi_vendor, vendor, scsi_product, product, local_time;
};

static bool found(const struct dc_json_piece *p)
{
	return p->end > p->start;
}

static void note_key(void *ctx, const struct dc_json_piece *key, const struct dc_json_piece *value)
{
	static const struct { const char *name; size_t off; } keys[] = {
#define K(n, f) { "\"" n "\"", offsetof(struct sample_keys, f) }
		K("json_format_version", version), K("smartctl", smartctl), K("error", error),
		K("dev", dev), K("output", output), K("smartctl_output", smartctl_output),
		K("model_name", model), K("serial_number", serial), K("device", device),
		K("scsi_vendor", scsi_vendor), K("vendor", vendor),
		K("scsi_product", scsi_product), K("product", product),
		K("local_time", local_time),
#undef K
	};
	struct sample_keys *k = ctx;
	size_t n = key->end - key->start;

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (strlen(keys[i].name) == n && memcmp(k->text + key->start, keys[i].name, n) == 0) {
			struct dc_json_piece *p = (void *)((char *)k + keys[i].off);

			if (!found(p))
				*p = *value; /* the first, as cJSON finds it */
		}
}

/* One member's value as a tree of its own (small: a string, a short array, an object of a
 * few keys). NULL when absent; *rc -ENOMEM when out of memory. */
static cJSON *tree_of(const char *text, const struct dc_json_piece *p, int *rc)
{
	int r = 0;
	cJSON *t;

	if (!found(p))
		return NULL;
	t = dc_json_parse(text + p->start, p->end - p->start, NULL, false, &r);
	if (r == -ENOMEM)
		*rc = -ENOMEM;
	return t;
}

/* A string member into dst ("" when absent or not a string). */
static int str_of(const char *text, const struct dc_json_piece *p, char *dst, size_t len)
{
	struct dc_json_reader r;
	int rc = 0;
	cJSON *t = tree_of(text, p, &rc);

	dc_jr_init(&r, NULL, 0, NULL);
	dc_jr_copy(&r, t, NULL, DC_JSON_SOFT, dst, len);
	cJSON_Delete(t);
	return rc;
}

/* udev's replace_whitespace (ata_id, scsi_id): trimmed, each run of white space one '_'. */
static void udev_text(const char *s, char *out, size_t len)
{
	size_t o = 0;
	bool gap = false;

	while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
		s++;
	for (; *s && o + 1 < len; s++) {
		if (*s == ' ' || (*s >= '\t' && *s <= '\r')) {
			gap = true;
			continue;
		}
		if (gap && o + 2 < len)
			out[o++] = '_';
		gap = false;
		out[o++] = *s;
	}
	out[o] = '\0';
}

static void trim(const char *s, char *out, size_t len)
{
	size_t n;

	while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
		s++;
	n = strlen(s);
	while (n && (s[n - 1] == ' ' || (s[n - 1] >= '\t' && s[n - 1] <= '\r')))
		n--;
	snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), s);
}

/*
 * The devids Ceph's get_device_id (src/common/blkdev.cc) gives the drive of a smartctl
 * document (docs/ceph.md, "The devid"): SCSI ID_VENDOR_ID_MODEL_ID_SCSI_SERIAL, NVMe the
 * model with each space an underscore, ATA ID_MODEL_ID_SERIAL_SHORT; and, where udev had
 * only ID_SERIAL, "Micron_" in front of one that begins with MTFD.
 */
static void devids(const char *protocol, const char *model, const char *serial,
		   const char *vendor, const char *product, char cand[2][DC_CEPH_DEVID_LEN])
{
	char a[DC_TEXT_LEN], b[DC_TEXT_LEN], c[DC_TEXT_LEN], s[DC_TEXT_LEN];

	cand[0][0] = cand[1][0] = '\0';
	trim(serial, s, sizeof(s));
	if (!s[0])
		return;
	if (strcmp(protocol, "SCSI") == 0) {
		if (!vendor[0] || !product[0])
			return;
		udev_text(vendor, a, sizeof(a));
		udev_text(product, b, sizeof(b));
		udev_text(s, c, sizeof(c));
		dc_fitf(cand[0], DC_CEPH_DEVID_LEN, "%s_%s_%s", a, b, c);
	} else if (strcmp(protocol, "NVMe") == 0) {
		if (!model[0])
			return;
		trim(model, a, sizeof(a));
		dc_fitf(cand[0], DC_CEPH_DEVID_LEN, "%s_%s", a, s);
		for (char *p = cand[0]; *p; p++)
			if (*p == ' ')
				*p = '_';
	} else {
		if (!model[0])
			return;
		udev_text(model, a, sizeof(a));
		udev_text(s, c, sizeof(c));
		dc_fitf(cand[0], DC_CEPH_DEVID_LEN, "%s_%s", a, c);
	}
	if (strncmp(cand[0], "MTFD", 4) == 0)
		snprintf(cand[1], DC_CEPH_DEVID_LEN, "Micron_%.*s", DC_CEPH_DEVID_LEN - 8, cand[0]);
}

/* json_format_version [1, ...] and a smartctl object: smartctl's JSON (any minor). */
static bool smartctl_json(const char *text, const struct sample_keys *k, int *rc)
{
	struct dc_json_reader r;
	cJSON *v;
	long long major = 0;
	bool ok;

	if (!found(&k->version) || k->version.kind != DC_JSON_KIND_ARRAY ||
	    !found(&k->smartctl) || k->smartctl.kind != DC_JSON_KIND_OBJECT)
		return false;
	v = tree_of(text, &k->version, rc);
	dc_jr_init(&r, NULL, 0, NULL);
	ok = v && dc_jr_int(&r, cJSON_GetArrayItem(v, 0), NULL, 0, 1000, DC_JSON_SOFT, &major) ==
		  DC_JSON_OK && major == 1;
	cJSON_Delete(v);
	return ok;
}

/* The sample of len bytes at text, a NUL after them (ours to read as a document). */
static int sample_read(const char *text, size_t len, struct dc_ceph_sample *s)
{
	struct sample_keys k = { .text = text };
	struct dc_json_piece top;
	size_t stop;
	int rc = 0;

	memset(s, 0, sizeof(*s));
	/* the sample alone, as if it were a document: its own members */
	if (!dc_json_skim_document(text, len, &top, &stop, note_key, &k) ||
	    top.kind != DC_JSON_KIND_OBJECT)
		return 0;
	if (smartctl_json(text, &k, &rc)) {
		char protocol[16] = "", model[DC_TEXT_LEN], vendor[DC_TEXT_LEN] = "",
		     product[DC_TEXT_LEN] = "";
		struct dc_json_reader r;
		cJSON *t;
		long long when;

		s->kind = DC_CEPH_SMARTCTL;
		rc = rc ? rc : str_of(text, &k.model, model, sizeof(model));
		rc = rc ? rc : str_of(text, &k.serial, s->serial, sizeof(s->serial));
		rc = rc ? rc : str_of(text, found(&k.scsi_vendor) ? &k.scsi_vendor : &k.vendor,
				      vendor, sizeof(vendor));
		rc = rc ? rc : str_of(text, found(&k.scsi_product) ? &k.scsi_product : &k.product,
				      product, sizeof(product));
		dc_jr_init(&r, NULL, 0, NULL);
		t = tree_of(text, &k.device, &rc);
		dc_jr_copy(&r, t, "protocol", DC_JSON_SOFT, protocol, sizeof(protocol));
		cJSON_Delete(t);
		t = tree_of(text, &k.local_time, &rc);
		if (dc_jr_int(&r, t, "time_t", 0, (long long)1 << 40, DC_JSON_SOFT, &when) == DC_JSON_OK) {
			s->have_time = true;
			s->time = when;
		}
		cJSON_Delete(t);
		devids(protocol, model, s->serial, vendor, product, s->cand);
		{
			char tr[DC_TEXT_LEN];

			trim(s->serial, tr, sizeof(tr));
			for (char *p = tr; *p; p++)
				if (*p == ' ')
					*p = '_';
			snprintf(s->serial, sizeof(s->serial), "%s", tr);
		}
		return rc;
	}
	/* Ceph's record of a scrape whose smartctl failed (block_device_get_metrics) */
	if (!found(&k.version) && found(&k.error) && k.error.kind == DC_JSON_KIND_STRING &&
	    found(&k.dev) && k.dev.kind == DC_JSON_KIND_STRING) {
		const struct dc_json_piece *out = found(&k.smartctl_output) ? &k.smartctl_output
						 : &k.output;
		char *nl;

		s->kind = DC_CEPH_FAILED_SCRAPE;
		rc = str_of(text, &k.error, s->error, sizeof(s->error));
		if (!rc && found(out) && out->kind == DC_JSON_KIND_STRING)
			rc = str_of(text, out, s->message, sizeof(s->message));
		if ((nl = strchr(s->message, '\n')))
			*nl = '\0'; /* its first line: the rest is smartctl's banner */
	}
	return rc;
}

/*
 * A sample is read as a document of its own, and a document ends in a NUL (json_skim.h, as
 * cJSON takes one): the sample's bytes are copied with one, never written into the file's
 * text, which is the caller's and may be read-only.
 */
int dc_ceph_sample_read(const char *text, size_t start, size_t end, struct dc_ceph_sample *s)
{
	size_t len = end - start;
	char *own = malloc(len + 1);
	int rc;

	memset(s, 0, sizeof(*s));
	if (!own)
		return -ENOMEM;
	memcpy(own, text + start, len);
	own[len] = '\0';
	rc = sample_read(own, len, s);
	free(own);
	return rc;
}

/* ---------------------------------------------------------------- the file */

struct member {
	struct dc_json_piece key, value;
	int64_t time;
};

struct members {
	const char *text;
	struct member *v;
	unsigned n, kept, cap;        /* n counted, kept the first cap of them */
};

static void note_member(void *ctx, const struct dc_json_piece *key,
			const struct dc_json_piece *value)
{
	struct members *m = ctx;

	if (m->n < m->cap) {
		m->v[m->n].key = *key;
		m->v[m->n].value = *value;
		m->kept++;
	}
	m->n++;
}

static int by_time(const void *a, const void *b)
{
	const struct member *x = a, *y = b;

	return x->time < y->time ? -1 : x->time > y->time;
}

/* The wear and bytes written of one smartctl sample, through the smartctl JSON importer and
 * the parser, as the drive's state will be read. false when it gives neither. */
static bool sample_wear(const char *text, const struct member *m, struct dc_wear *w)
{
	size_t len = m->value.end - m->value.start;
	struct dc_import_parts parts = { 0 };
	struct dc_drive *d = malloc(sizeof(*d));
	char *copy = malloc(len + 1), err[256];
	bool ok = false;

	if (d && copy) {
		memcpy(copy, text + m->value.start, len);
		copy[len] = '\0';
		if (dc_import_smartctl_json(copy, len, &parts, err, sizeof(err)) > 0 &&
		    dc_inspect_parse(&parts.v[0].dev, &parts.v[0].raw, 0, d) == 0) {
			*w = d->wear;
			ok = w->have_percent_used || w->have_written;
		}
	}
	dc_import_parts_free(&parts);
	free(copy);
	free(d);
	return ok;
}

/*
 * The rates over the samples: the first and the newest smartctl sample that give bytes
 * written, and those that give a percentage used (docs/ceph.md). A few samples are read
 * through the importer at each end, not every one.
 */
static void history(const char *text, const struct member *v, const bool *smart, unsigned n,
		    struct dc_wear_history *h)
{
	struct dc_wear first_w = { 0 }, last_w = { 0 }, w;
	int64_t tw0 = 0, tw1 = 0, tp0 = 0, tp1 = 0;
	bool fw = false, fp = false, lw = false, lp = false;
	unsigned readings = 0;
	int64_t t0 = 0, t1 = 0;

	memset(h, 0, sizeof(*h));
	for (unsigned i = 0; i < n; i++)
		if (smart[i]) {
			readings++;
			if (!t0)
				t0 = v[i].time;
			t1 = v[i].time;
		}
	if (readings < 2)
		return;
	h->readings = readings;
	h->span_days = (double)(t1 - t0) / 86400.0;
	for (unsigned i = 0; i < n && !(fw && fp); i++)
		if (smart[i] && sample_wear(text, &v[i], &w)) {
			if (!fw && w.have_written) {
				fw = true, tw0 = v[i].time, first_w.host_written_bytes = w.host_written_bytes;
			}
			if (!fp && w.have_percent_used) {
				fp = true, tp0 = v[i].time, first_w.percent_used = w.percent_used;
			}
		}
	for (unsigned i = n; i-- > 0 && !(lw && lp);)
		if (smart[i] && sample_wear(text, &v[i], &w)) {
			if (!lw && w.have_written) {
				lw = true, tw1 = v[i].time, last_w.host_written_bytes = w.host_written_bytes;
			}
			if (!lp && w.have_percent_used) {
				lp = true, tp1 = v[i].time, last_w.percent_used = w.percent_used;
			}
		}
	if (fw && lw && tw1 - tw0 >= 86400 && last_w.host_written_bytes >= first_w.host_written_bytes) {
		h->have_write_rate = true;
		h->written_bytes_per_day = (double)(last_w.host_written_bytes -
						    first_w.host_written_bytes) /
					   ((double)(tw1 - tw0) / 86400.0);
	}
	if (fp && lp && tp1 > tp0) {
		double days = (double)(tp1 - tp0) / 86400.0;

		h->have_wear = true;
		h->wear_first = first_w.percent_used;
		h->wear_last = last_w.percent_used;
		h->wear_span_days = days;
		/* each whole percentage a point off at most: the rate's upper bound */
		if (days >= DC_HISTORY_MIN_DAYS &&
		    last_w.percent_used >= first_w.percent_used + DC_HISTORY_MIN_POINTS) {
			h->have_wear_rate = true;
			h->wear_percent_per_year = ((last_w.percent_used + 1.0) -
						    (first_w.percent_used - 1.0)) /
						   (days / (DC_HOURS_PER_YEAR / 24.0));
		}
	}
}

/* A member's key, shown in a reason: as the file has it, cut where it is long. */
static void key_text(const char *text, const struct dc_json_piece *key, char *buf, size_t len)
{
	size_t n = key->end - key->start;

	if (n > 40)
		snprintf(buf, len, "%.37s...\"", text + key->start);
	else
		snprintf(buf, len, "%.*s", (int)n, text + key->start);
	for (char *p = buf; *p; p++)
		if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
			*p = '?';
}

int dc_ceph_read_metrics(const char *text, size_t len, const char *named,
			 struct dc_ceph_item *item, char *err, size_t errlen)
{
	struct members m = { .text = text, .cap = DC_CEPH_MAX_SAMPLES };
	struct dc_json_piece top;
	struct dc_ceph_kept *kept = NULL;
	bool *smart = NULL;
	size_t stop;
	int rc = 0;
	unsigned newest = UINT32_MAX;

	memset(item, 0, sizeof(*item));
	m.v = malloc(m.cap * sizeof(*m.v));
	kept = calloc(1, sizeof(*kept));
	if (!m.v || !kept) {
		rc = -ENOMEM;
		goto out;
	}
	/* counted before any sample is looked at: a million keys cost no memory to refuse */
	if (!dc_json_skim_document(text, len, &top, &stop, note_member, &m) ||
	    top.kind != DC_JSON_KIND_OBJECT) {
		snprintf(err, errlen, "not JSON (it stops at byte %zu)", stop);
		rc = -EINVAL;
		goto out;
	}
	if (m.n > DC_CEPH_MAX_SAMPLES) {
		snprintf(err, errlen, "%u samples: more than %u", m.n, DC_CEPH_MAX_SAMPLES);
		rc = -EINVAL;
		goto out;
	}
	if (!m.n && !named[0]) {
		rc = 0; /* "{}" of no device named: nothing to import */
		goto out;
	}
	for (unsigned i = 0; i < m.n; i++) {
		const struct dc_json_piece *k = &m.v[i].key;
		char key[48], plain[32];
		size_t n = k->end - k->start;
		int trc;

		key_text(text, k, key, sizeof(key));
		snprintf(plain, sizeof(plain), "%.*s", n >= 2 && n - 2 < sizeof(plain) ? (int)(n - 2) : 0,
			 text + k->start + 1);
		trc = n - 2 < sizeof(plain) ? dc_ceph_sample_time(plain, &m.v[i].time) : -EINVAL;
		if (trc == -EINVAL) {
			snprintf(err, errlen, "sample key %s is not a time (YYYYMMDD-HHMMSS)", key);
			rc = -EINVAL;
			goto out;
		}
		if (trc) {
			snprintf(err, errlen, "sample key %s is not a time: no such date or hour", key);
			rc = -EINVAL;
			goto out;
		}
	}
	qsort(m.v, m.n, sizeof(*m.v), by_time);
	for (unsigned i = 1; i < m.n; i++)
		if (m.v[i].time == m.v[i - 1].time) {
			char key[48];

			key_text(text, &m.v[i].key, key, sizeof(key));
			snprintf(err, errlen, "key %s appears twice", key);
			rc = -EINVAL;
			goto out;
		}
	smart = calloc(m.n ? m.n : 1, sizeof(*smart));
	if (!smart) {
		rc = -ENOMEM;
		goto out;
	}
	for (unsigned i = 0; i < m.n; i++) {
		struct dc_ceph_sample s;
		char key[24];

		dc_ceph_sample_key(m.v[i].time, key, sizeof(key));
		if (m.v[i].value.kind != DC_JSON_KIND_OBJECT) {
			snprintf(err, errlen, "sample %s is not an object", key);
			rc = -EINVAL;
			goto out;
		}
		if ((rc = dc_ceph_sample_read(text, m.v[i].value.start, m.v[i].value.end, &s)))
			goto out;
		if (s.kind == DC_CEPH_NOT_SAMPLE) {
			snprintf(err, errlen, "sample %s is neither smartctl's JSON nor Ceph's record "
				 "of a failed scrape", key);
			rc = -EINVAL;
			goto out;
		}
		kept->samples++;
		if (!kept->first)
			kept->first = m.v[i].time;
		if (s.kind == DC_CEPH_FAILED_SCRAPE) {
			kept->failed++;
			kept->have_failed = true;
			kept->failed_scrape.time = m.v[i].time;
			snprintf(kept->failed_scrape.error, sizeof(kept->failed_scrape.error), "%s",
				 s.error);
			snprintf(kept->failed_scrape.message, sizeof(kept->failed_scrape.message),
				 "%s", s.message);
			continue;
		}
		/* a file named for a device holds that device's samples alone */
		if (named[0] && strcmp(s.cand[0], named) && strcmp(s.cand[1], named)) {
			snprintf(err, errlen, "named for device %s, but sample %s is of %s", named, key,
				 s.cand[0][0] ? s.cand[0] : "a drive without a model and serial");
			rc = -EINVAL;
			goto out;
		}
		smart[i] = true;
		newest = i;
		memcpy(item->cand, s.cand, sizeof(item->cand));
		snprintf(item->serial, sizeof(item->serial), "%s", s.serial);
	}
	snprintf(item->devid, sizeof(item->devid), "%s", named);
	kept->source = DC_CEPH_SOURCE_HEALTH_METRICS;
	if (newest != UINT32_MAX) {
		item->has_state = true;
		item->off = m.v[newest].value.start;
		item->len = m.v[newest].value.end - m.v[newest].value.start;
		item->line = 1;
		for (size_t p = 0; p < item->off; p++)
			item->line += text[p] == '\n';
		kept->state = m.v[newest].time;
		history(text, m.v, smart, m.n, &kept->history);
	}
	item->kept = kept;
	kept = NULL;
	rc = 1;
out:
	free(m.v);
	free(smart);
	free(kept);
	return rc;
}
