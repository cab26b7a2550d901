// SPDX-License-Identifier: GPL-2.0-or-later
/* report_read.c - drivecheck's own --json (docs/json.md) back into reports, with cJSON. */
#include <errno.h>
#include <float.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_get.h"
#include "names.h"
#include "json_format.h"
#include "report/json_skim.h"
#include "report/report_read.h"

/*
 * Every key read is checked for its type: a key of the wrong type, or a status or class
 * that this build does not know, rejects the whole file with a message that names the key
 * ("devices[2].verdicts.ceph_osd.status: want a string, not a number"), so that a merged
 * count never silently leaves a drive out. Keys that older MINOR versions lack (etcd before
 * 1.2, endurance_years_left before 1.3) are read as unknown; keys this reader does not use
 * are not looked at, so a later MINOR (which only adds keys) still reads.
 */

enum { T_NULL = 1, T_ARR = 16, T_OBJ = 32 };

/* A string longer than this is not drivecheck's (its longest, an error, is 255). */
#define REPORT_MAX_STRING 1024

struct rd {
	char *err;
	size_t errlen;
	bool bad;
};

static void __attribute__((format(printf, 2, 3))) bad(struct rd *c, const char *fmt, ...)
{
	va_list ap;

	if (c->bad)
		return;
	c->bad = true;
	va_start(ap, fmt);
	vsnprintf(c->err, c->errlen, fmt, ap);
	va_end(ap);
}

/* Whether a getter read a value; a bad one (or a required one absent) rejects the file. */
static bool took(struct rd *c, const char *at, const char *key, enum dc_json_status st,
		 const char *why, bool required)
{
	if (c->bad)
		return false;
	if (st == DC_JSON_BAD)
		bad(c, "%s%s%s: %s", at, at[0] ? "." : "", key, why);
	else if (st == DC_JSON_ABSENT && required)
		bad(c, "%s%s%s: missing", at, at[0] ? "." : "", key);
	return st == DC_JSON_OK || st == DC_JSON_INEXACT;
}

/* o[key] when it is an object or an array as want says (T_NULL: or null); NULL when absent
 * (an error if required), null or wrong. */
static const cJSON *member(struct rd *c, const cJSON *o, const char *at, const char *key,
			   unsigned want, bool required)
{
	const cJSON *j = o ? cJSON_GetObjectItemCaseSensitive(o, key) : NULL, *out = NULL;
	unsigned how = want & T_NULL ? DC_JSON_NULL_OK : 0;
	char why[96];

	if (c->bad || !o)
		return NULL;
	if (!took(c, at, key, want & T_ARR ? dc_json_get_array(j, how, &out, why, sizeof(why))
		  : dc_json_get_object(j, how, &out, why, sizeof(why)), why, required))
		return NULL;
	return out;
}

/* A string as the renderers print it: printable ASCII, the rest '?' (a file can be edited). */
static void copy_clean(char *dst, size_t len, const char *src)
{
	size_t i = 0;

	for (; src && src[i] && i + 1 < len; i++)
		dst[i] = src[i] >= 0x20 && src[i] < 0x7f ? src[i] : '?';
	dst[i] = '\0';
}

/* A string or null key into dst ("" for null or absent), cut to dst as the table shows it. */
static void str_key(struct rd *c, const cJSON *o, const char *at, const char *key, char *dst,
		    size_t len, bool required)
{
	const cJSON *j = o ? cJSON_GetObjectItemCaseSensitive(o, key) : NULL;
	const char *s = "";
	char why[96];

	if (o)
		took(c, at, key, dc_json_get_string(j, REPORT_MAX_STRING, required ? 0 :
			DC_JSON_NULL_OK, &s, why, sizeof(why)), why, required);
	copy_clean(dst, len, s);
}

/* A number of at least 0, or null; false when null or absent. */
static bool num_key(struct rd *c, const cJSON *o, const char *at, const char *key, double *out)
{
	char why[96];

	return o && took(c, at, key, dc_json_get_double(cJSON_GetObjectItemCaseSensitive(o, key),
			 0, DBL_MAX, DC_JSON_NULL_OK, out, why, sizeof(why)), why, false);
}

/* A count, or null. A JSON number past 2^53 is not exact, and drivecheck writes counters
 * that large as numbers (bytes written): it is taken as printed. UINT64_MAX printed reads
 * back as the double 2^64, which is taken as UINT64_MAX; past it is out of range. */
static bool u64_key(struct rd *c, const cJSON *o, const char *at, const char *key, uint64_t *out)
{
	const cJSON *j = o ? cJSON_GetObjectItemCaseSensitive(o, key) : NULL;
	char why[96];

	if (!c->bad && cJSON_IsNumber(j) && j->valuedouble == 18446744073709551616.0) {
		*out = UINT64_MAX;
		return true;
	}
	return o && took(c, at, key, dc_json_get_u64(j, UINT64_MAX, DC_JSON_NULL_OK |
			 DC_JSON_INEXACT_OK, out, why, sizeof(why)), why, false);
}

static enum dc_tri tri_key(struct rd *c, const cJSON *o, const char *at, const char *key)
{
	bool v = false;
	char why[96];

	if (!o || !took(c, at, key, dc_json_get_bool(cJSON_GetObjectItemCaseSensitive(o, key),
			DC_JSON_NULL_OK, &v, why, sizeof(why)), why, false))
		return DC_TRI_UNKNOWN;
	return v ? DC_TRI_YES : DC_TRI_NO;
}

static void read_write_cache(struct rd *c, const cJSON *dev, const char *at, struct dc_report *r)
{
	char sub[64], kernel[32];
	const cJSON *wc = member(c, dev, at, "write_cache", T_OBJ, false);

	snprintf(sub, sizeof(sub), "%s.write_cache", at);
	r->drive.cache_present = tri_key(c, wc, sub, "present");
	r->drive.cache_enabled = tri_key(c, wc, sub, "enabled");
	str_key(c, wc, sub, "source", r->drive.cache_source, sizeof(r->drive.cache_source), false);
	str_key(c, wc, sub, "kernel", kernel, sizeof(kernel), false);
	r->dev.kernel_cache = dc_kcache_from_text(kernel);
	r->dev.kernel_fua = tri_key(c, wc, sub, "fua");
}

/* The drive's own PLP evidence: kept for the summary (failed or degraded backup power). */
static void read_evidence(struct rd *c, const cJSON *dev, const char *at, struct dc_drive *d)
{
	const cJSON *arr = member(c, dev, at, "plp_evidence", T_ARR, false), *e;
	unsigned k = 0;
	char sub[64], kind[32];

	cJSON_ArrayForEach(e, arr) {
		struct dc_evidence *ev = &d->evidence[d->nevidence];

		snprintf(sub, sizeof(sub), "%s.plp_evidence[%u]", at, k++);
		if (!cJSON_IsObject(e)) {
			bad(c, "%s: want an object, not %s", sub, dc_json_type_name(e));
			return;
		}
		if (d->nevidence == DC_MAX_EVIDENCE) {
			d->evidence_dropped++; /* the first kept, the rest counted (not_kept.h) */
			continue;
		}
		str_key(c, e, sub, "source", ev->source, sizeof(ev->source), true);
		str_key(c, e, sub, "what", ev->what, sizeof(ev->what), true);
		str_key(c, e, sub, "value", ev->value, sizeof(ev->value), true);
		str_key(c, e, sub, "kind", kind, sizeof(kind), true);
		if (c->bad)
			return;
		if (dc_ev_kind_from_name(kind, &ev->kind))
			ev->kind = DC_EV_INFO; /* a kind of a later version: context only */
		d->nevidence++;
	}
}

static void read_wear(struct rd *c, const cJSON *dev, const char *at, struct dc_wear *w)
{
	const cJSON *o = member(c, dev, at, "wear", T_OBJ, false);
	char sub[64];
	uint64_t pct = 0;

	snprintf(sub, sizeof(sub), "%s.wear", at);
	w->have_percent_used = u64_key(c, o, sub, "percent_used", &pct);
	w->percent_used = pct > UINT32_MAX ? UINT32_MAX : (unsigned)pct;
	w->have_written = u64_key(c, o, sub, "host_written_bytes", &w->host_written_bytes);
	w->have_power_on = u64_key(c, o, sub, "power_on_hours", &w->power_on_hours);
	w->have_unsafe_shutdowns = u64_key(c, o, sub, "unsafe_shutdowns", &w->unsafe_shutdowns);
	w->have_media_errors = u64_key(c, o, sub, "media_errors", &w->media_errors);
	str_key(c, o, sub, "source", w->source, sizeof(w->source), false);
}

static void read_database(struct rd *c, const cJSON *dev, const char *at, struct dc_dbinfo *db)
{
	const cJSON *o = member(c, dev, at, "database", T_OBJ | T_NULL, false);
	char sub[64], plp[32];

	db->best_source = -1;
	if (!o)
		return;
	snprintf(sub, sizeof(sub), "%s.database", at);
	db->matched = true;
	str_key(c, o, sub, "vendor", db->vendor, sizeof(db->vendor), true);
	str_key(c, o, sub, "family", db->family, sizeof(db->family), true);
	str_key(c, o, sub, "plp", plp, sizeof(plp), true);
	str_key(c, o, sub, "interface", db->interface, sizeof(db->interface), false);
	str_key(c, o, sub, "class", db->drive_class, sizeof(db->drive_class), false);
	str_key(c, o, sub, "pattern", db->pattern, sizeof(db->pattern), false);
	num_key(c, o, sub, "dwpd", &db->dwpd);
	num_key(c, o, sub, "tbw_tb", &db->tbw_tb);
	if (!c->bad && dc_plp_from_name(plp, &db->plp))
		bad(c, "%s.plp: unknown class '%s'", sub, plp);
}

/* What the table shows of the probe: whether it ran, and its RWF_DSYNC median. */
static void read_probe(struct rd *c, const cJSON *dev, const char *at, struct dc_probe *p)
{
	const cJSON *o = member(c, dev, at, "probe", T_OBJ, false), *sync;
	char sub[64], mode[16];

	snprintf(sub, sizeof(sub), "%s.probe", at);
	str_key(c, o, sub, "mode", mode, sizeof(mode), false);
	str_key(c, o, sub, "skipped", p->skipped, sizeof(p->skipped), false);
	if (!mode[0])
		return;
	if (strcmp(mode, "file") && strcmp(mode, "raw")) {
		bad(c, "%s.mode: unknown mode '%s'", sub, mode);
		return;
	}
	p->mode = mode[0] == 'r' ? DC_PROBE_RAW : DC_PROBE_FILE;
	str_key(c, o, sub, "where", p->where, sizeof(p->where), false);
	sync = member(c, o, sub, "sync", T_OBJ, false);
	snprintf(sub, sizeof(sub), "%s.probe.sync", at);
	num_key(c, sync, sub, "p50_us", &p->sync.p50_us);
	p->sync.count = 1; /* it ran; the count is not needed */
}

/* A whole number key in [0, max]; false when null or absent. */
static bool small_key(struct rd *c, const cJSON *o, const char *at, const char *key,
		      unsigned max, unsigned *out)
{
	uint64_t v;
	char why[96];

	if (!o || !took(c, at, key, dc_json_get_u64(cJSON_GetObjectItemCaseSensitive(o, key), max,
			DC_JSON_NULL_OK, &v, why, sizeof(why)), why, false))
		return false;
	*out = (unsigned)v;
	return true;
}

/* 1.4: the drive's own health, typed as decide made it, for the fleet's order and text. */
static void read_health(struct rd *c, const cJSON *dev, const char *at, struct dc_health *h)
{
	const cJSON *o = member(c, dev, at, "health", T_OBJ, false), *list, *e;
	char sub[96], word[32];
	unsigned k = 0, v;

	memset(h, 0, sizeof(*h));
	if (!o)
		return;
	snprintf(sub, sizeof(sub), "%s.health", at);
	str_key(c, o, sub, "status", word, sizeof(word), true);
	if (!c->bad && dc_health_status_from_name(word, &h->status))
		bad(c, "%s.status: unknown status '%s'", sub, word);
	str_key(c, o, sub, "self_assessment", word, sizeof(word), false);
	h->self_assessment = !strcmp(word, "passed") ? DC_SELF_PASSED
			     : !strcmp(word, "failed") ? DC_SELF_FAILED : DC_SELF_NOT_GIVEN;
	str_key(c, o, sub, "source", h->source, sizeof(h->source), false);
	list = member(c, o, sub, "problems", T_ARR, true);
	cJSON_ArrayForEach(e, list) {
		struct dc_health_problem *p = &h->problems[h->nproblems];
		char at2[128];

		snprintf(at2, sizeof(at2), "%s.problems[%u]", sub, k++);
		if (!cJSON_IsObject(e)) {
			bad(c, "%s: want an object, not %s", at2, dc_json_type_name(e));
			return;
		}
		if (h->nproblems == DC_MAX_HEALTH_PROBLEMS)
			continue;
		str_key(c, e, at2, "kind", word, sizeof(word), true);
		if (!strcmp(word, "attribute"))
			p->kind = DC_HP_ATTRIBUTE;
		else if (!strcmp(word, "nvme-critical-warning"))
			p->kind = DC_HP_NVME_WARNING;
		else if (!strcmp(word, "endurance-exceeded"))
			p->kind = DC_HP_ENDURANCE_EXCEEDED;
		else if (!strcmp(word, "scsi-exception"))
			p->kind = DC_HP_SCSI_EXCEPTION;
		else
			p->kind = DC_HP_SELF_ASSESSMENT; /* and a kind of a later version */
		str_key(c, e, at2, "severity", word, sizeof(word), true);
		p->failing = !strcmp(word, "failing");
		if (small_key(c, e, at2, "id", 255, &v))
			p->id = (uint8_t)v;
		if (small_key(c, e, at2, "value", 255, &v))
			p->value = (uint8_t)v;
		if (small_key(c, e, at2, "worst", 255, &v))
			p->worst = (uint8_t)v;
		if (small_key(c, e, at2, "threshold", 255, &v))
			p->threshold = (uint8_t)v;
		if (small_key(c, e, at2, "asc", 255, &v))
			p->asc = (uint8_t)v;
		if (small_key(c, e, at2, "ascq", 255, &v))
			p->ascq = (uint8_t)v;
		small_key(c, e, at2, "bit", 7, &p->bit);
		small_key(c, e, at2, "percent_used", 255, &p->percent_used);
		p->prefail = tri_key(c, e, at2, "prefail") == DC_TRI_YES;
		str_key(c, e, at2, "when", word, sizeof(word), false);
		p->now = strcmp(word, "past") != 0;
		if (p->kind == DC_HP_ATTRIBUTE)
			str_key(c, e, at2, "name", p->name, sizeof(p->name), false);
		if (c->bad)
			return;
		h->nproblems++;
	}
	h->ntotal = h->nproblems;
	if (small_key(c, o, sub, "problems_total", UINT32_MAX, &v) && v > h->ntotal)
		h->ntotal = v;
}

/* 1.4: the firmware advisories that hit the drive, for the fleet's order and counts. */
static void read_advisories(struct rd *c, const cJSON *dev, const char *at, struct dc_report *r)
{
	const cJSON *list = member(c, dev, at, "advisories", T_ARR, false), *e;
	char sub[96], word[32];
	unsigned k = 0;
	double v;

	r->nadvisories = r->advisories_total = 0;
	cJSON_ArrayForEach(e, list) {
		struct dc_advisory_hit *h = &r->advisories[r->nadvisories];

		snprintf(sub, sizeof(sub), "%s.advisories[%u]", at, k++);
		if (!cJSON_IsObject(e)) {
			bad(c, "%s: want an object, not %s", sub, dc_json_type_name(e));
			return;
		}
		r->advisories_total++;
		if (r->nadvisories == DC_MAX_ADVISORY_HITS)
			continue;
		memset(h, 0, sizeof(*h));
		str_key(c, e, sub, "id", h->id, sizeof(h->id), true);
		str_key(c, e, sub, "title", h->title, sizeof(h->title), false);
		str_key(c, e, sub, "fixed", h->fixed, sizeof(h->fixed), false);
		str_key(c, e, sub, "effect", word, sizeof(word), true);
		if (!c->bad && dc_adv_effect_from_name(word, &h->effect))
			h->effect = DC_ADV_OTHER; /* an effect of a later version */
		if (num_key(c, e, sub, "hours", &v))
			h->hours = v > 1e15 ? (long long)1e15 : (long long)v;
		/* hours left may be negative (past the failure point): read it as a number */
		{
			const cJSON *j = cJSON_GetObjectItemCaseSensitive(e, "hours_left");
			long long left;
			char why[96];

			if (took(c, sub, "hours_left", dc_json_get_int(j, -1000000000000000LL,
				 1000000000000000LL, DC_JSON_NULL_OK, &left, why, sizeof(why)), why,
				 false)) {
				h->hours_left_known = true;
				h->hours_left = left;
			}
		}
		if (c->bad)
			return;
		r->nadvisories++;
	}
}

/* 1.6: what a verdict could not weigh, and the status what was measured gives; a file of
 * an older format says neither, and its status stands for both. */
static void read_unmeasured(struct rd *c, const cJSON *v, const char *at, unsigned minor,
			    struct dc_verdict *out)
{
	const cJSON *a = member(c, v, at, "unmeasured", T_ARR, minor >= 6), *e;
	char word[32];
	unsigned k = 0;
	int bit;

	out->measured_status = out->status;
	out->unmeasured = 0;
	if (c->bad || minor < 6)
		return;
	cJSON_ArrayForEach(e, a) {
		if (!cJSON_IsString(e) || dc_enum_from_name(&dc_unmeasured_names, e->valuestring,
							    &bit)) {
			bad(c, "%s.unmeasured[%u]: want one of \"flush-cost\", \"health\"", at, k);
			return;
		}
		out->unmeasured |= 1u << bit;
		k++;
	}
	str_key(c, v, at, "measured_status", word, sizeof(word), true);
	if (!c->bad && dc_status_from_name(word, &out->measured_status))
		bad(c, "%s.measured_status: unknown status '%s'", at, word);
}

/* The decided part: PLP class, F's figure, the verdicts, the endurance left. */
static void read_result(struct rd *c, const cJSON *dev, const char *at, unsigned minor,
			struct dc_result *r)
{
	const cJSON *plp = member(c, dev, at, "plp", T_OBJ, true);
	const cJSON *verdicts = member(c, dev, at, "verdicts", T_OBJ, true);
	const cJSON *props = member(c, dev, at, "properties", T_OBJ, false);
	const cJSON *fast;
	char sub[96], word[32];

	snprintf(sub, sizeof(sub), "%s.plp", at);
	str_key(c, plp, sub, "class", word, sizeof(word), true);
	if (!c->bad && dc_plp_from_name(word, &r->plp))
		bad(c, "%s.class: unknown class '%s'", sub, word);
	str_key(c, plp, sub, "confidence", word, sizeof(word), false);
	if (word[0] && !c->bad && dc_confidence_from_name(word, &r->confidence))
		bad(c, "%s.confidence: unknown confidence '%s'", sub, word);

	snprintf(sub, sizeof(sub), "%s.properties", at);
	fast = member(c, props, sub, "durable_writes_fast", T_OBJ, false);
	snprintf(sub, sizeof(sub), "%s.properties.durable_writes_fast", at);
	str_key(c, fast, sub, "speed", word, sizeof(word), false);
	if (word[0] && !c->bad && dc_flush_speed_from_name(word, &r->flush_speed))
		bad(c, "%s.speed: unknown speed '%s'", sub, word);
	if (!num_key(c, fast, sub, "p50_us", &r->flush_p50_us))
		r->flush_speed = DC_FLUSH_NOT_MEASURED;

	for (unsigned role = 0; role < DC_ROLE_COUNT; role++) {
		const char *name = dc_role_name((enum dc_role)role);
		bool since_1_2 = role == DC_ROLE_ETCD;
		const cJSON *v;

		snprintf(sub, sizeof(sub), "%s.verdicts", at);
		v = member(c, verdicts, sub, name, T_OBJ, !since_1_2 || minor >= 2);
		r->verdicts[role].status = DC_NOT_CHECKED;
		if (!v)
			continue;
		snprintf(sub, sizeof(sub), "%s.verdicts.%s", at, name);
		str_key(c, v, sub, "status", word, sizeof(word), true);
		/* not-checked: a device with no drive role (1.4: memory, zram and brd) */
		if (!c->bad && (dc_status_from_name(word, &r->verdicts[role].status) ||
				(r->verdicts[role].status == DC_NOT_CHECKED && minor < 4)))
			bad(c, "%s.status: unknown status '%s'", sub, word);
		read_unmeasured(c, v, sub, minor, &r->verdicts[role]);
	}
	r->endurance_years_left = -1;
	num_key(c, dev, at, "endurance_years_left", &r->endurance_years_left);
	str_key(c, dev, at, "endurance_years_basis", word, sizeof(word), false);
	if (word[0] && !c->bad) {
		int b;

		if (dc_enum_from_name(&dc_years_basis_names, word, &b))
			bad(c, "%s.endurance_years_basis: unknown basis '%s'", at, word);
		else
			r->years_basis = (enum dc_years_basis)b;
	}
	read_health(c, dev, at, &r->health);
}

/*
 * 1.6: the drive's stable name, which report --ceph-spec puts in a spec: whole, and a link
 * of /dev/disk/by-id, or the file is refused (a cut or edited one would name another
 * device, or none). Older files have none: the spec names the kernel's path.
 */
static void read_by_id(struct rd *c, const cJSON *dev, const char *at, char *dst, size_t len)
{
	char buf[REPORT_MAX_STRING + 1];

	str_key(c, dev, at, "by_id", buf, sizeof(buf), false);
	dst[0] = '\0';
	if (c->bad || !buf[0])
		return;
	if (strncmp(buf, "/dev/disk/by-id/", 16) != 0 || strchr(buf, '?') ||
	    strlen(buf) >= len) {
		bad(c, "%s.by_id: want a /dev/disk/by-id/ path of printable ASCII, at most %zu "
		    "characters", at, len - 1);
		return;
	}
	memcpy(dst, buf, strlen(buf) + 1);
}

static void read_device(struct rd *c, const cJSON *dev, const char *at, unsigned minor,
			struct dc_report *r)
{
	const cJSON *errors = member(c, dev, at, "errors", T_ARR, true), *e;
	char word[32];
	unsigned k = 0;

	str_key(c, dev, at, "path", r->dev.path, sizeof(r->dev.path), true);
	str_key(c, dev, at, "name", r->dev.name, sizeof(r->dev.name), false);
	read_by_id(c, dev, at, r->dev.by_id, sizeof(r->dev.by_id));
	str_key(c, dev, at, "transport", word, sizeof(word), false);
	if (dc_transport_from_name(word, &r->dev.transport))
		r->dev.transport = word[0] ? DC_TRAN_OTHER : DC_TRAN_UNKNOWN;
	u64_key(c, dev, at, "capacity_bytes", &r->dev.capacity_bytes);
	str_key(c, dev, at, "vendor", r->drive.vendor, sizeof(r->drive.vendor), false);
	str_key(c, dev, at, "model", r->drive.model, sizeof(r->drive.model), false);
	str_key(c, dev, at, "serial", r->drive.serial, sizeof(r->drive.serial), false);
	str_key(c, dev, at, "firmware", r->drive.firmware, sizeof(r->drive.firmware), false);
	str_key(c, dev, at, "identity_source", r->drive.identity_source,
		sizeof(r->drive.identity_source), false);
	r->drive.rotational = tri_key(c, dev, at, "rotational");
	read_write_cache(c, dev, at, r);
	read_evidence(c, dev, at, &r->drive);
	read_wear(c, dev, at, &r->drive.wear);
	read_database(c, dev, at, &r->db);
	read_probe(c, dev, at, &r->probe);
	if (!c->bad && dc_report_read_avail(dev, at, r, c->err, c->errlen))
		c->bad = true; /* 1.5: what drivecheck report --ceph-spec needs */

	cJSON_ArrayForEach(e, errors) {
		if (!cJSON_IsString(e)) {
			bad(c, "%s.errors[%u]: want a string, not %s", at, k, dc_json_type_name(e));
			return;
		}
		if (k++ < DC_MAX_ERRORS)
			copy_clean(r->drive.errors[r->drive.nerrors++], DC_TEXT_LEN, e->valuestring);
		else
			r->drive.errors_dropped++;
	}
	/* A device that could not be read at all has errors and no verdicts (docs/json.md). */
	if (!member(c, dev, at, "verdicts", T_OBJ, false)) {
		r->error = -EIO;
		snprintf(r->error_msg, sizeof(r->error_msg), "%s", r->drive.nerrors ?
			 r->drive.errors[0] : "no verdicts");
		r->result.endurance_years_left = -1;
		for (unsigned role = 0; role < DC_ROLE_COUNT; role++)
			r->result.verdicts[role].status = DC_NOT_CHECKED;
		return;
	}
	read_result(c, dev, at, minor, &r->result);
	read_advisories(c, dev, at, r);
}

/* json_format_version, drivecheck_version, host: is it drivecheck's, and one we read? */
static void read_head(struct rd *c, const cJSON *root, struct dc_fleet_file *meta)
{
	const cJSON *dcv = cJSON_GetObjectItemCaseSensitive(root, "drivecheck_version");
	const cJSON *ver;
	uint64_t major, minor;
	char why[96];

	if (!cJSON_IsString(dcv)) {
		bad(c, "not drivecheck's JSON (no drivecheck_version)%s",
		    cJSON_GetObjectItemCaseSensitive(root, "smartctl") ? ": smartctl's JSON is read "
		    "by drivecheck import" : "");
		return;
	}
	ver = member(c, root, "", "json_format_version", T_ARR, true);
	if (c->bad)
		return;
	if (cJSON_GetArraySize(ver) != 2 ||
	    dc_json_get_u64(cJSON_GetArrayItem(ver, 0), 1000, 0, &major, why, sizeof(why)) ||
	    dc_json_get_u64(cJSON_GetArrayItem(ver, 1), 1000, 0, &minor, why, sizeof(why))) {
		bad(c, "json_format_version: want [MAJOR, MINOR]");
		return;
	}
	meta->major = (unsigned)major;
	meta->minor = (unsigned)minor;
	if (meta->major != DC_JSON_FORMAT_MAJOR) {
		bad(c, "json_format_version [%u, %u]: this drivecheck reads format %u (it writes "
		    "%u.%u)", meta->major, meta->minor, DC_JSON_FORMAT_MAJOR, DC_JSON_FORMAT_MAJOR,
		    DC_JSON_FORMAT_MINOR);
		return;
	}
	copy_clean(meta->version, sizeof(meta->version), dcv->valuestring);
	str_key(c, root, "", "host", meta->host, sizeof(meta->host), false);
}

/* Whether a parse that failed at p ran out of text: the rest is blank, a string never
 * closed (cJSON stops at its quote, or just after it), or a number or word cut short. */
static bool cut_short(const char *text, const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	if (p >= end)
		return true;
	if (*p == '"' || (p > text && p[-1] == '"')) {
		for (p += *p == '"'; p < end; p++) {
			if (*p == '\\' && p + 1 < end)
				p++;
			else if (*p == '"')
				return false;
		}
		return true;
	}
	for (; p < end; p++)
		if (!strchr("0123456789+-.eEtruefalsn", *p))
			return false;
	return true;
}

/* What a piece is, in dc_json_type_name's words (json_get.h), by its first byte. */
static const char *piece_type_name(const struct dc_json_piece *p)
{
	static const char *const names[] = {
		[DC_JSON_KIND_NULL] = "null", [DC_JSON_KIND_BOOL] = "a bool",
		[DC_JSON_KIND_NUMBER] = "a number", [DC_JSON_KIND_STRING] = "a string",
		[DC_JSON_KIND_ARRAY] = "an array", [DC_JSON_KIND_OBJECT] = "an object",
	};

	return names[p->kind];
}

/* A piece of the text as cJSON parses it alone; NULL when out of memory (the text was
 * checked whole already). */
static cJSON *parse_piece(const char *text, const struct dc_json_piece *p)
{
	return cJSON_ParseWithLength(text + p->start, p->end - p->start);
}

/* The top-level keys the reader looks at: the head, and the devices. */
enum head_key { K_DRIVECHECK_VERSION, K_JSON_FORMAT_VERSION, K_HOST, K_SMARTCTL, K_RESULTS,
		K_DEVICES, K_COUNT };

static const char *const head_keys[K_COUNT] = {
	[K_DRIVECHECK_VERSION] = "drivecheck_version", [K_JSON_FORMAT_VERSION] = "json_format_version",
	[K_HOST] = "host", [K_SMARTCTL] = "smartctl", [K_RESULTS] = "results", [K_DEVICES] = "devices",
};

/* Where each of those keys' values is: the first of its name, as
 * cJSON_GetObjectItemCaseSensitive finds it. */
struct head_spans {
	const char *text;
	bool seen[K_COUNT];
	struct dc_json_piece value[K_COUNT];
	int err;                      /* -ENOMEM while decoding a key */
};

/* A member of the top-level object, as the check passes it (json_skim.h). */
static void note_member(void *ctx, const struct dc_json_piece *key,
			const struct dc_json_piece *value)
{
	struct head_spans *h = ctx;
	const char *raw = h->text + key->start + 1;
	size_t n = key->end - key->start - 2;
	cJSON *decoded = NULL;
	const char *name = NULL;

	/* a key with an escape ("dev\u0069ces") is what cJSON makes of it */
	if (memchr(raw, '\\', n)) {
		decoded = parse_piece(h->text, key);
		name = cJSON_GetStringValue(decoded);
		if (!name)
			h->err = -ENOMEM;
	}
	for (unsigned k = 0; k < K_COUNT; k++) {
		bool same = name ? strcmp(name, head_keys[k]) == 0
			    : strlen(head_keys[k]) == n && memcmp(raw, head_keys[k], n) == 0;

		if (same && !h->seen[k]) {
			h->seen[k] = true;
			h->value[k] = *value;
		}
	}
	cJSON_Delete(decoded);
}

#define HEAD_PIECE_MAX 4096 /* bytes: the head's values are a few; a larger one is wrong */

/*
 * The head's keys in an object of their own, so that read_head reads them as it read the
 * whole document: a value (a string, a number) as it is; an array or object larger than
 * any the head has (a json_format_version of a million elements) as an empty one of its
 * type, which is as wrong; "smartctl" and "results" only as being there. NULL when out of
 * memory.
 */
static cJSON *head_of(const struct head_spans *h)
{
	cJSON *head = cJSON_CreateObject();

	for (unsigned k = 0; head && k < K_DEVICES; k++) {
		const struct dc_json_piece *v = &h->value[k];
		cJSON *j;

		if (!h->seen[k])
			continue;
		if (k == K_SMARTCTL || k == K_RESULTS)
			j = cJSON_CreateNull();
		else if ((v->kind == DC_JSON_KIND_ARRAY || v->kind == DC_JSON_KIND_OBJECT) &&
			 v->end - v->start > HEAD_PIECE_MAX)
			j = v->kind == DC_JSON_KIND_ARRAY ? cJSON_CreateArray() : cJSON_CreateObject();
		else
			j = parse_piece(h->text, v);
		if (!j || !cJSON_AddItemToObject(head, head_keys[k], j)) {
			cJSON_Delete(j);
			cJSON_Delete(head);
			return NULL;
		}
	}
	return head;
}

/* Each device of the array, checked to be an object before anything is made for it, read
 * and handed to drive. Returns the number read, -EINVAL (c says why), -ENOMEM, or what
 * drive returned when it stopped the reading. */
static int read_devices(struct rd *c, const char *text, size_t len,
			const struct dc_json_piece *devices, unsigned minor,
			int (*drive)(void *ctx, const struct dc_report *r), void *ctx)
{
	struct dc_report *r = malloc(sizeof(*r));
	struct dc_json_piece piece;
	size_t cursor = 0;
	unsigned k = 0;
	int rc = 0;

	if (!r)
		return -ENOMEM;
	while (!rc && dc_json_skim_element(text, len, devices, &cursor, &piece)) {
		const char *end = NULL;
		char at[32];
		cJSON *dev;

		snprintf(at, sizeof(at), "devices[%u]", k);
		if (piece.kind != DC_JSON_KIND_OBJECT) {
			bad(c, "%s: want an object, not %s", at, piece_type_name(&piece));
			rc = -EINVAL;
			break;
		}
		/* cJSON finds where the device ends as it parses it */
		dev = cJSON_ParseWithLengthOpts(text + piece.start, devices->end - piece.start, &end,
						false);
		if (!dev) {
			rc = -ENOMEM;
			break;
		}
		piece.end = (size_t)(end - text);
		dc_json_skim_past(text, len, &piece, &cursor);
		memset(r, 0, sizeof(*r));
		read_device(c, dev, at, minor, r);
		cJSON_Delete(dev);
		if (c->bad)
			rc = -EINVAL;
		else if ((rc = drive(ctx, r)) == 0)
			k++;
	}
	free(r);
	return rc ? rc : (int)k;
}

int dc_report_read(const char *text, size_t len, struct dc_fleet_file *meta,
		   int (*drive)(void *ctx, const struct dc_report *r), void *ctx,
		   char *err, size_t errlen)
{
	struct rd c = { .err = err, .errlen = errlen };
	const char *nul = memchr(text, '\0', len);
	struct head_spans h = { .text = text };
	struct dc_json_piece top;
	cJSON *head = NULL;
	size_t stop = 0;
	int rc = -EINVAL;

	if (nul) {
		bad(&c, "not JSON (a NUL byte at byte %zu)", (size_t)(nul - text));
		goto out;
	}
	/* the whole text checked first, as cJSON would parse it, nothing built */
	if (!dc_json_skim_document(text, len, &top, &stop, note_member, &h)) {
		if (cut_short(text, text + stop, text + len))
			bad(&c, "not JSON: it ends too soon (truncated?)");
		else
			bad(&c, "not JSON (at byte %zu)", stop);
		goto out;
	}
	if (top.kind != DC_JSON_KIND_OBJECT) {
		bad(&c, "not drivecheck's JSON (not an object)");
		goto out;
	}
	head = h.err ? NULL : head_of(&h);
	if (!head) {
		rc = -ENOMEM;
		goto out;
	}
	read_head(&c, head, meta);
	if (c.bad)
		goto out;
	if (!h.seen[K_DEVICES]) {
		bad(&c, "no devices%s", h.seen[K_RESULTS]
		    ? " (the output of drivecheck lookup, not of a scan)" : "");
		goto out;
	}
	if (h.value[K_DEVICES].kind != DC_JSON_KIND_ARRAY) {
		bad(&c, "devices: want an array, not %s", piece_type_name(&h.value[K_DEVICES]));
		goto out;
	}
	rc = read_devices(&c, text, len, &h.value[K_DEVICES], meta->minor, drive, ctx);
	if (rc >= 0)
		meta->drives = (unsigned)rc;
out:
	cJSON_Delete(head);
	return rc;
}
