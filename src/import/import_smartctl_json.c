// SPDX-License-Identifier: GPL-2.0-or-later
/* import_smartctl_json.c - smartctl -j output to the pages an ATA, NVMe or SCSI drive gives. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_get.h"
#include "import/import.h"
#include "import/import_health.h"
#include "import/page_build.h"
#include "raw.h"
#include "whole_number.h"

/*
 * smartctl's JSON (json_format_version 1.x, smartctl 7.0 and later) holds what smartctl
 * decoded, not the pages themselves, so the pages are rebuilt from its numbers
 * (page_build.c) and a field it never prints is recorded as not in the input:
 *   ATA   IDENTIFY from the identity, smart_support, rotation_rate and write_cache (the
 *         last only with -x or -g wcache); SMART data and thresholds from
 *         ata_smart_attributes.table[], entry by entry.
 *   NVMe  Identify Controller from the identity (VWC and AWUPF are never printed),
 *         Identify Namespace from nvme_namespaces[0], the SMART / Health log from
 *         nvme_smart_health_information_log; Get Features 0x06 is never run.
 *   SCSI  INQUIRY and VPD 0x80 from the identity; the caching mode page only where the
 *         file states the write cache (smartctl prints -g wcache as text only); VPD 0x86
 *         is never printed.
 * A file that is cut, edited or of another shape is refused with the reason, never read
 * in part: a zero where a number was expected would read as the drive's answer.
 */

/* A JSON number is a double: whole numbers are exact below 2^53 only. */
#define SAFE_INT_LIMIT 9007199254740992.0 /* 2^53 */

struct jctx {
	char *err;
	size_t errlen;
};

static int __attribute__((format(printf, 2, 3))) fail(struct jctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->err, c->errlen, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static const char *type_name(const cJSON *it)
{
	return dc_json_type_name(it);
}

/* "WHERE.KEY", or "KEY" at the top level, for messages. */
static const char *field_name(char *buf, size_t len, const char *where, const char *key)
{
	snprintf(buf, len, "%s%s%s", where, *where ? "." : "", key);
	return buf;
}

/* ---------------------------------------------------------------- typed look-ups */

/* 0 for a value read (or absent and optional), else -EINVAL with "NAME: why". */
static int check(struct jctx *c, enum dc_json_status st, const char *name, const char *why,
		 bool required)
{
	if (st == DC_JSON_BAD)
		return fail(c, "%s: %s", name, why);
	if (st == DC_JSON_ABSENT && required)
		return fail(c, "%s: missing", name);
	return 0;
}

/* The object at KEY of OBJ: 0 with *out set, 0 with *out NULL when absent and optional,
 * or -EINVAL. WHERE names OBJ in messages ("" for the top level). */
static int get_object(struct jctx *c, const cJSON *obj, const char *where, const char *key,
		      bool required, const cJSON **out)
{
	char name[128], why[128];

	*out = NULL;
	return check(c, dc_json_get_object(cJSON_GetObjectItemCaseSensitive(obj, key), 0, out, why,
					   sizeof(why)), field_name(name, sizeof(name), where, key),
		     why, required);
}

/*
 * A whole number in 0..max at KEY of OBJ. smartctl writes every counter as a JSON
 * number, exact digits included; a number at or past 2^53 also goes out as the string
 * KEY_s, because a JSON reader (cJSON too) keeps only a double. So: a number below 2^53
 * is taken as it is; a larger one only through KEY_s; a decimal string is read as
 * digits. Negative, fractional, infinite and non-numbers are refused. With max ==
 * UINT64_MAX a value past 64 bits saturates (NVMe's 128-bit counters: page_build.c writes
 * UINT64_MAX as "more than 64 bits").
 */
static int get_uint(struct jctx *c, const cJSON *obj, const char *where, const char *key,
		    uint64_t max, bool required, uint64_t *out, bool *present)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
	unsigned __int128 lim = max == UINT64_MAX ? ~(unsigned __int128)0 : max, v = 0;
	enum dc_json_status st;
	char name[128], why[128];
	int rc;

	field_name(name, sizeof(name), where, key);
	*out = 0;
	if (present)
		*present = false;
	if (cJSON_IsNumber(it) && isfinite(it->valuedouble) && it->valuedouble >= SAFE_INT_LIMIT) {
		char skey[64];
		const cJSON *s;

		snprintf(skey, sizeof(skey), "%s_s", key);
		s = cJSON_GetObjectItemCaseSensitive(obj, skey);
		if (!cJSON_IsString(s))
			return fail(c, "%s: %.17g is 2^53 or more, where a JSON number is not exact, "
				    "and there is no exact %s string", name, it->valuedouble, skey);
		field_name(name, sizeof(name), where, skey);
		it = s;
	}
	st = dc_json_get_count(it, lim, DC_JSON_DIGITS, &v, why, sizeof(why));
	if ((rc = check(c, st, name, why, required)) || st != DC_JSON_OK)
		return rc;
	*out = v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
	if (present)
		*present = true;
	return 0;
}

/* A signed whole number in lo..hi (temperatures). */
static int get_int(struct jctx *c, const cJSON *obj, const char *where, const char *key,
		   long lo, long hi, bool required, long *out, bool *present)
{
	enum dc_json_status st;
	char name[128], why[128];
	long long v = 0;
	int rc;

	field_name(name, sizeof(name), where, key);
	*out = 0;
	*present = false;
	st = dc_json_get_int(cJSON_GetObjectItemCaseSensitive(obj, key), lo, hi, 0, &v, why,
			     sizeof(why));
	if ((rc = check(c, st, name, why, required)) || st != DC_JSON_OK)
		return rc;
	*out = (long)v;
	*present = true;
	return 0;
}

/* true/false at KEY: DC_TRI_UNKNOWN when absent. */
static int get_bool(struct jctx *c, const cJSON *obj, const char *where, const char *key,
		    enum dc_tri *out)
{
	char name[128], why[128];
	bool v = false;
	enum dc_json_status st = dc_json_get_bool(cJSON_GetObjectItemCaseSensitive(obj, key), 0,
						  &v, why, sizeof(why));

	*out = st == DC_JSON_OK ? (v ? DC_TRI_YES : DC_TRI_NO) : DC_TRI_UNKNOWN;
	return check(c, st, field_name(name, sizeof(name), where, key), why, false);
}

/* An identity string of at most maxlen printable ASCII characters (the width of the
 * page field it goes into: longer would be cut, a silent change). "" when absent. */
static int get_string(struct jctx *c, const cJSON *obj, const char *key, size_t maxlen,
		      bool required, char *dst, size_t dstlen)
{
	char why[128];

	return check(c, dc_json_copy_string(cJSON_GetObjectItemCaseSensitive(obj, key),
					    DC_JSON_PRINTABLE, dst, maxlen + 1 < dstlen ? maxlen + 1
					    : dstlen, why, sizeof(why)), key, why, required);
}

/* ---------------------------------------------------------------- the file's shape */

/* smartctl's own error, when it wrote one ("Smartctl open device: /dev/sdx failed: ..."). */
static const char *smartctl_message(const cJSON *smartctl)
{
	const cJSON *msgs = cJSON_GetObjectItemCaseSensitive(smartctl, "messages");
	const cJSON *m;

	cJSON_ArrayForEach(m, msgs) {
		const cJSON *s = cJSON_GetObjectItemCaseSensitive(m, "string");

		if (cJSON_IsString(s))
			return s->valuestring;
	}
	return NULL;
}

static int check_version(struct jctx *c, const cJSON *root)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "json_format_version");
	const cJSON *major, *minor;

	if (!v)
		return fail(c, "json_format_version: missing (not smartctl -j output)");
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) < 2)
		return fail(c, "json_format_version: %s where [major, minor] belongs",
			    cJSON_IsArray(v) ? "a short array" : type_name(v));
	major = cJSON_GetArrayItem(v, 0);
	minor = cJSON_GetArrayItem(v, 1);
	if (!cJSON_IsNumber(major) || !cJSON_IsNumber(minor) || !isfinite(major->valuedouble) ||
	    !isfinite(minor->valuedouble))
		return fail(c, "json_format_version: not two numbers");
	if (major->valuedouble != 1.0)
		return fail(c, "json_format_version %g.%g: only 1.x is read (smartctl 7.0 and "
			    "later write 1.0; 6.x wrote an experimental 0.x)", major->valuedouble,
			    minor->valuedouble);
	return 0;
}

/* What every protocol states the same way: model, serial, firmware, sizes, rotation. */
static int read_common(struct jctx *c, const cJSON *root, struct dc_dev *dev,
		       size_t model_max, size_t serial_max, size_t fw_max, long *rotation)
{
	const cJSON *cap;
	uint64_t v;
	bool have;
	int rc;

	if (dev->protocol != DC_PROTO_SCSI) {
		if ((rc = get_string(c, root, "model_name", model_max, true, dev->model,
				     sizeof(dev->model))) ||
		    (rc = get_string(c, root, "firmware_version", fw_max, false, dev->firmware,
				     sizeof(dev->firmware))))
			return rc;
	}
	/* smartctl -q noserial leaves the serial out: the drive is then one of its own. */
	if ((rc = get_string(c, root, "serial_number", serial_max, false, dev->serial,
			     sizeof(dev->serial))))
		return rc;
	if ((rc = get_object(c, root, "", "user_capacity", false, &cap)))
		return rc;
	if (cap && (rc = get_uint(c, cap, "user_capacity", "bytes", UINT64_MAX - 1, true,
				  &dev->capacity_bytes, NULL)))
		return rc;
	if ((rc = get_uint(c, root, "", "logical_block_size", 1u << 20, false, &v,
			   &have)))
		return rc;
	dev->logical_block_bytes = (uint32_t)v;
	if ((rc = get_uint(c, root, "", "physical_block_size", 1u << 24, false, &v,
			   &have)))
		return rc;
	dev->physical_block_bytes = (uint32_t)v;
	/* 0 is smartctl's "Solid State Device" (ATA word 217 = 1, SCSI VPD 0xB1 = 1). */
	if ((rc = get_int(c, root, "", "rotation_rate", 0, 0xFFFE, false, rotation,
			  &have)))
		return rc;
	if (!have)
		*rotation = -1;
	else
		dev->rotational = *rotation == 0 ? DC_TRI_NO : DC_TRI_YES;
	return 0;
}

/* ---------------------------------------------------------------- ATA */

/* A whole number in a string: decimal, or hex after "0x" (smartctl's hex48/hex56/hex64
 * print the raw value so). */
static bool string_uint64(const char *s, uint64_t *v)
{
	unsigned __int128 x;

	if (strlen(s) > 40 || dc_whole_number(s, true, &x) != 0 || x > UINT64_MAX)
		return false;
	*v = (uint64_t)x;
	return true;
}

/*
 * An attribute's raw value, into the entry's bytes (a->raw, a->reserved). smartctl's
 * raw.value is the raw value as its drive database composes it (ata_get_attr_raw_value):
 * the six raw bytes for most formats; for the 56-bit ones (raw56, hex56, raw24/raw32,
 * msec24hour32) the entry's 12th byte above them; for raw64 and hex64 the six raw bytes
 * above the entry's worst and value bytes ("543210wv"). So a raw value past 48 bits is
 * taken back into the bytes it came from, not refused: below 2^56 its top byte is the
 * 12th byte; from 2^56 its low 16 bits must be the entry's value and worst. A number
 * past 2^53 is exact only as raw.value_s or as raw.string (hex, decimal, or any form
 * dc_import_smartctl_raw() reads). Returns 0 with *taken false (and *why set) when the
 * value is none of these: the attribute is then left out and said, and the drive kept.
 */
static int get_raw(struct jctx *c, const cJSON *raw, const char *where, struct dc_ata_attr_in *a,
		   bool *taken, char *why, size_t whylen)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(raw, "value");
	const cJSON *vs = cJSON_GetObjectItemCaseSensitive(raw, "value_s");
	const cJSON *str = cJSON_GetObjectItemCaseSensitive(raw, "string");
	const char *s = cJSON_IsString(str) ? str->valuestring : NULL;
	uint64_t v = 0;
	char name[128], bad[128];
	enum dc_json_status st = dc_json_get_u64(it, UINT64_MAX, DC_JSON_INEXACT_OK, &v, bad,
						 sizeof(bad));
	double d;
	int rc;

	*taken = false;
	if ((rc = check(c, st, field_name(name, sizeof(name), where, "value"), bad, true)))
		return rc;
	d = it->valuedouble;
	if (d < SAFE_INT_LIMIT) {
		v = (uint64_t)d;
	} else if (cJSON_IsString(vs) && string_uint64(vs->valuestring, &v)) {
		/* exact */
	} else if (s && string_uint64(s, &v)) {
		/* hex48/hex56/hex64, raw48/raw56/raw64: the exact digits */
	} else if (s && dc_import_smartctl_raw(s, a->raw, &a->reserved)) {
		v = 0;
		for (unsigned b = 0; b < 6; b++)
			v |= (uint64_t)a->raw[b] << (8 * b);
		v |= (uint64_t)a->reserved << 48;
	} else {
		snprintf(why, whylen, "raw %.0f is past 2^53, and no raw.value_s or raw.string "
			 "gives it exactly", d);
		return 0;
	}
	/* What a double held must be what the exact form says (one unit in 2^52). */
	if (fabs((double)v - d) > d / 4503599627370496.0) {
		snprintf(why, whylen, "raw %.0f and its exact form %llu differ", d,
			 (unsigned long long)v);
		return 0;
	}
	memset(a->raw, 0, sizeof(a->raw));
	a->reserved = 0;
	if (v >= (1ull << 56)) {
		if ((v & 0xFF) != a->value || ((v >> 8) & 0xFF) != a->worst) {
			snprintf(why, whylen, "raw %llu is past 56 bits and not raw64 (value, worst "
				 "in its low bytes)", (unsigned long long)v);
			return 0;
		}
		v >>= 16;
	}
	for (unsigned b = 0; b < 6; b++)
		a->raw[b] = (uint8_t)(v >> (8 * b));
	a->reserved = (uint8_t)(v >> 48);
	*taken = true;
	return 0;
}

static int read_attributes(struct jctx *c, const cJSON *root, struct dc_ata_attr_in *attrs,
			   unsigned *n, bool *any_threshold, struct dc_import_part *p)
{
	const cJSON *sect, *table, *e;
	unsigned i = 0, k = 0; /* attributes taken, entries read */
	int rc;

	*n = 0;
	*any_threshold = false;
	if ((rc = get_object(c, root, "", "ata_smart_attributes", false, &sect)) || !sect)
		return rc;
	table = cJSON_GetObjectItemCaseSensitive(sect, "table");
	if (!cJSON_IsArray(table))
		return fail(c, "ata_smart_attributes.table: %s where an array belongs",
			    table ? type_name(table) : "missing");
	if (cJSON_GetArraySize(table) > DC_ATA_MAX_ATTRS_IN)
		return fail(c, "ata_smart_attributes.table: %d entries; a SMART data page holds "
			    "%d", cJSON_GetArraySize(table), DC_ATA_MAX_ATTRS_IN);
	cJSON_ArrayForEach(e, table) {
		struct dc_ata_attr_in *a = &attrs[i];
		const cJSON *flags, *raw;
		char where[48], sub[56], why[160];
		uint64_t v;
		bool have, taken;

		snprintf(where, sizeof(where), "ata_smart_attributes.table[%u]", k);
		if (!cJSON_IsObject(e))
			return fail(c, "%s: %s where an object belongs", where, type_name(e));
		memset(a, 0, sizeof(*a));
		if ((rc = get_uint(c, e, where, "id", 255, true, &v, NULL)))
			return rc;
		if (v == 0)
			return fail(c, "%s.id: 0 is no attribute", where);
		a->id = (uint8_t)v;
		if ((rc = get_uint(c, e, where, "value", 255, true, &v, NULL)))
			return rc;
		a->value = (uint8_t)v;
		if ((rc = get_uint(c, e, where, "worst", 255, true, &v, NULL)))
			return rc;
		a->worst = (uint8_t)v;
		/* No "thresh": the thresholds page had no entry for it, or was not read. */
		if ((rc = get_uint(c, e, where, "thresh", 255, false, &v, &have)))
			return rc;
		a->has_threshold = have;
		a->threshold = (uint8_t)v;
		*any_threshold |= have;
		if ((rc = get_object(c, e, where, "flags", true, &flags)))
			return rc;
		snprintf(sub, sizeof(sub), "%s.flags", where);
		if ((rc = get_uint(c, flags, sub, "value", 0xFFFF, true, &v, NULL)))
			return rc;
		a->flags = (uint16_t)v;
		if ((rc = get_object(c, e, where, "raw", true, &raw)))
			return rc;
		snprintf(sub, sizeof(sub), "%s.raw", where);
		if ((rc = get_raw(c, raw, sub, a, &taken, why, sizeof(why))))
			return rc;
		if (!taken) {
			dc_import_note(p, "SMART attribute %u not taken: %s", a->id, why);
			k++;
			continue;
		}
		i++;
		k++;
	}
	*n = i;
	return 0;
}

/* Whether one of smartctl's messages holds needle. */
static bool said(const cJSON *root, const char *needle)
{
	const cJSON *msgs = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(root, "smartctl"), "messages");
	const cJSON *m;

	cJSON_ArrayForEach(m, msgs) {
		const cJSON *s = cJSON_GetObjectItemCaseSensitive(m, "string");

		if (cJSON_IsString(s) && strstr(s->valuestring, needle))
			return true;
	}
	return false;
}

/* smart_status.passed: the overall self-assessment, DC_IMPORT_SELF_NOT_SHOWN when absent. */
static int read_self(struct jctx *c, const cJSON *root, const cJSON **status, enum dc_tri *passed)
{
	int rc;

	*passed = DC_TRI_UNKNOWN;
	if ((rc = get_object(c, root, "", "smart_status", false, status)) || !*status)
		return rc;
	return get_bool(c, *status, "smart_status", "passed", passed);
}

/*
 * ata_device_statistics.pages[]: {number, revision, table[]: {offset, size, value (only
 * when valid), flags.value (the entry's byte 7)}}, as smartctl -x -j prints them.
 */
static int read_devstat(struct jctx *c, const cJSON *root, struct dc_import_ata_health *h)
{
	const cJSON *ds, *pages, *pg, *table, *e, *flags, *val;
	unsigned i = 0;
	int rc;

	if ((rc = get_object(c, root, "", "ata_device_statistics", false, &ds)) || !ds)
		return rc;
	pages = cJSON_GetObjectItemCaseSensitive(ds, "pages");
	if (!cJSON_IsArray(pages))
		return fail(c, "ata_device_statistics.pages: %s where an array belongs",
			    pages ? type_name(pages) : "missing");
	h->devstat_shown = true;
	cJSON_ArrayForEach(pg, pages) {
		char where[64], sub[96];
		uint64_t number, rev, off, size, fl;
		unsigned k = 0;

		snprintf(where, sizeof(where), "ata_device_statistics.pages[%u]", i++);
		if (!cJSON_IsObject(pg))
			return fail(c, "%s: %s where an object belongs", where, type_name(pg));
		if ((rc = get_uint(c, pg, where, "number", 255, true, &number, NULL)) ||
		    (rc = get_uint(c, pg, where, "revision", 0xFFFF, false, &rev, NULL)))
			return rc;
		table = cJSON_GetObjectItemCaseSensitive(pg, "table");
		if (table && !cJSON_IsArray(table))
			return fail(c, "%s.table: %s where an array belongs", where, type_name(table));
		if (dc_import_devstat_page(h, (uint8_t)number, (uint16_t)rev,
					   !table || !cJSON_GetArraySize(table)))
			return fail(c, "%s: more Device Statistics pages than a log holds", where);
		cJSON_ArrayForEach(e, table) {
			struct dc_ata_devstat_in in = { .page = (uint8_t)number };
			long v;
			bool have;

			snprintf(sub, sizeof(sub), "%s.table[%u]", where, k++);
			if (!cJSON_IsObject(e))
				return fail(c, "%s: %s where an object belongs", sub, type_name(e));
			if ((rc = get_uint(c, e, sub, "offset", 504, true, &off, NULL)) ||
			    (rc = get_object(c, e, sub, "flags", true, &flags)))
				return rc;
			if (off < 8 || off % 8)
				return fail(c, "%s.offset: %llu is not an entry's place (8 to 504, "
					    "by 8)", sub, (unsigned long long)off);
			snprintf(sub + strlen(sub), sizeof(sub) - strlen(sub), ".flags");
			if ((rc = get_uint(c, flags, sub, "value", 255, true, &fl, NULL)))
				return rc;
			sub[strlen(sub) - 6] = '\0';
			/* smartctl prints a signed entry's size as its width */
			if ((rc = get_int(c, e, sub, "size", -7, 7, false, &v, &have)))
				return rc;
			size = !have ? 7 : v < 0 ? (uint64_t)-v : (uint64_t)v;
			in.offset = (uint16_t)off;
			in.size = (uint8_t)(size ? size : 7);
			in.flags = (uint8_t)(fl | DC_DEVSTAT_SUPPORTED); /* smartctl lists only those */
			val = cJSON_GetObjectItemCaseSensitive(e, "value");
			if (val) {
				if ((rc = get_int(c, e, sub, "value", -(1L << 55), (1L << 56) - 1, true,
						  &v, &have)))
					return rc;
				in.value = v;
				in.flags |= DC_DEVSTAT_VALID;
			} else {
				in.flags &= (uint8_t)~DC_DEVSTAT_VALID;
			}
			dc_import_devstat_entry(h, &in);
		}
	}
	return 0;
}

static int import_ata(struct jctx *c, const cJSON *root, struct dc_import_part *p)
{
	struct dc_ata_attr_in attrs[DC_ATA_MAX_ATTRS_IN];
	struct dc_ata_identity id = { 0 };
	uint8_t page[512], thr[512];
	const cJSON *smart, *wc;
	unsigned nattrs;
	bool any_threshold;
	long rotation;
	int rc;

	if ((rc = read_common(c, root, &p->dev, 40, 20, 8, &rotation)))
		return rc;
	if ((rc = read_attributes(c, root, attrs, &nattrs, &any_threshold, p)))
		return rc;

	id.model = p->dev.model;
	id.serial = p->dev.serial;
	id.firmware = p->dev.firmware;
	id.capacity_bytes = p->dev.capacity_bytes;
	id.logical_block_bytes = p->dev.logical_block_bytes;
	id.physical_block_bytes = p->dev.physical_block_bytes;
	id.rotation = rotation < 0 ? 0 : rotation == 0 ? 1 : (unsigned)rotation;
	id.smart_supported = id.smart_enabled = DC_TRI_UNKNOWN;
	id.wcache_supported = id.wcache_enabled = DC_TRI_UNKNOWN;

	/* smart_support is an object ({available, enabled}); some builds wrote a bare bool. */
	smart = cJSON_GetObjectItemCaseSensitive(root, "smart_support");
	if (cJSON_IsBool(smart)) {
		id.smart_supported = cJSON_IsTrue(smart) ? DC_TRI_YES : DC_TRI_NO;
	} else if (smart) {
		if ((rc = get_object(c, root, "", "smart_support", false, &smart)) ||
		    (rc = get_bool(c, smart, "smart_support", "available", &id.smart_supported)) ||
		    (rc = get_bool(c, smart, "smart_support", "enabled", &id.smart_enabled)))
			return rc;
	}
	/* Attributes were read, so SMART was on. Supported but not known to be enabled
	 * would build "supported, switched off": leave both out instead. */
	if (nattrs && id.smart_enabled == DC_TRI_UNKNOWN && id.smart_supported != DC_TRI_NO)
		id.smart_supported = id.smart_enabled = DC_TRI_YES;
	if (id.smart_supported == DC_TRI_YES && id.smart_enabled == DC_TRI_UNKNOWN)
		id.smart_supported = DC_TRI_UNKNOWN;

	/* "write_cache" appears only with -x or -g wcache, and only when IDENTIFY says the
	 * drive has one: its absence never says "no cache". */
	if ((rc = get_object(c, root, "", "write_cache", false, &wc)))
		return rc;
	if (wc && (rc = get_bool(c, wc, "write_cache", "enabled", &id.wcache_enabled)))
		return rc;
	if (id.wcache_enabled != DC_TRI_UNKNOWN)
		id.wcache_supported = DC_TRI_YES;
	else if (dc_import_lacks(p, DC_PG_ATA_IDENTIFY ".write-cache",
				 "smartctl -j prints it only with -x or -g wcache"))
		return fail(c, "out of room for notes");

	dc_build_ata_identify(page, &id);
	if (dc_raw_add(&p->raw, DC_PG_ATA_IDENTIFY, page, sizeof(page), NULL))
		return fail(c, "out of memory");

	/* The drive's own verdict, unless smartctl says it made its own from the
	 * attributes; the Device Statistics of -x. */
	{
		struct dc_import_ata_health *h = calloc(1, sizeof(*h));
		const cJSON *status;
		enum dc_tri passed;

		if (!h)
			return fail(c, "out of memory");
		if ((rc = read_self(c, root, &status, &passed)) || (rc = read_devstat(c, root, h))) {
			free(h);
			return rc;
		}
		if (passed != DC_TRI_UNKNOWN)
			h->self = said(root, "based on an Attribute check") ||
				  said(root, "SMART Status not supported") ||
				  said(root, "SMART Status command failed") ? DC_IMPORT_SELF_ATTRIBUTE_CHECK
				  : passed == DC_TRI_YES ? DC_IMPORT_SELF_PASSED : DC_IMPORT_SELF_FAILED;
		rc = dc_import_ata_health_pages(p, h, "smartctl -j");
		free(h);
		if (rc)
			return fail(c, "out of memory");
	}
	if (!nattrs) {
		/* smartctl -i, or SMART off: no attributes, so no pages to rebuild. */
		if (dc_import_lacks_page(p, DC_PG_ATA_SMART_DATA) ||
		    dc_import_lacks_page(p, DC_PG_ATA_SMART_THRESHOLDS))
			return fail(c, "out of memory");
		return 0;
	}
	dc_build_ata_smart(page, thr, attrs, nattrs);
	if (dc_raw_add(&p->raw, DC_PG_ATA_SMART_DATA, page, sizeof(page), NULL) ||
	    (any_threshold ? dc_raw_add(&p->raw, DC_PG_ATA_SMART_THRESHOLDS, thr, sizeof(thr), NULL)
			   : dc_import_lacks_page(p, DC_PG_ATA_SMART_THRESHOLDS)))
		return fail(c, "out of memory");
	return 0;
}

/* ---------------------------------------------------------------- NVMe */

static int read_health(struct jctx *c, const cJSON *log, struct dc_nvme_health *h)
{
	static const char *const w = "nvme_smart_health_information_log";
	const struct {
		const char *key;
		uint64_t *dst;
	} counters[] = {
		{ "data_units_read", &h->data_units_read },
		{ "data_units_written", &h->data_units_written },
		{ "host_reads", &h->host_reads },
		{ "host_writes", &h->host_writes },
		{ "controller_busy_time", &h->controller_busy_minutes },
		{ "power_cycles", &h->power_cycles },
		{ "power_on_hours", &h->power_on_hours },
		{ "unsafe_shutdowns", &h->unsafe_shutdowns },
		{ "media_errors", &h->media_errors },
		{ "num_err_log_entries", &h->error_log_entries },
	};
	uint64_t v;
	long t;
	bool have;
	int rc;

	memset(h, 0, sizeof(*h));
	if ((rc = get_uint(c, log, w, "critical_warning", 255, true, &v, NULL)))
		return rc;
	h->critical_warning = (uint8_t)v;
	if ((rc = get_uint(c, log, w, "available_spare", 255, true, &v, NULL)))
		return rc;
	h->available_spare = (unsigned)v;
	if ((rc = get_uint(c, log, w, "available_spare_threshold", 255, true, &v, NULL)))
		return rc;
	h->spare_threshold = (unsigned)v;
	if ((rc = get_uint(c, log, w, "percentage_used", 255, true, &v, NULL)))
		return rc;
	h->percent_used = (unsigned)v;
	for (size_t i = 0; i < sizeof(counters) / sizeof(counters[0]); i++)
		if ((rc = get_uint(c, log, w, counters[i].key, UINT64_MAX, true, counters[i].dst,
				   NULL)))
			return rc;
	/* smartctl leaves out a temperature of 0 K ("not reported"), and the two times
	 * when they are 0 and the drive has no such threshold: absent is that value. */
	if ((rc = get_int(c, log, w, "temperature", -273, 65535 - 273, false, &t, &have)))
		return rc;
	h->temperature_k = have ? (unsigned)(t + 273) : 0;
	if ((rc = get_uint(c, log, w, "warning_temp_time", UINT32_MAX, false, &v, NULL)))
		return rc;
	h->warning_temp_minutes = (uint32_t)v;
	if ((rc = get_uint(c, log, w, "critical_comp_time", UINT32_MAX, false, &v, NULL)))
		return rc;
	h->critical_temp_minutes = (uint32_t)v;
	return 0;
}

static int import_nvme(struct jctx *c, const cJSON *root, struct dc_import_part *p)
{
	struct nvme_id_ctrl idc;
	struct nvme_id_ns ns;
	struct nvme_smart_log log;
	const cJSON *nss, *ns0, *hl, *size;
	uint64_t total = 0;
	bool have_total;
	long rotation;
	int rc;

	if ((rc = read_common(c, root, &p->dev, sizeof(idc.mn), sizeof(idc.sn), sizeof(idc.fr),
			      &rotation)))
		return rc;
	/* Identify Controller's TNVMCAP (smartctl prints it for every controller): the
	 * capacity of a controller report (`smartctl -j /dev/nvme0`), which shows no
	 * namespace and no user_capacity. */
	if ((rc = get_uint(c, root, "", "nvme_total_capacity", UINT64_MAX - 1, false, &total,
			   &have_total)))
		return rc;

	dc_build_nvme_id_ctrl(&idc, p->dev.model, p->dev.serial, p->dev.firmware);
	if (have_total)
		for (unsigned b = 0; b < 8; b++)
			idc.tnvmcap[b] = (uint8_t)(total >> (8 * b));
	if (dc_raw_add(&p->raw, DC_PG_NVME_ID_CTRL, &idc, sizeof(idc), NULL))
		return fail(c, "out of memory");
	if (dc_import_lacks(p, DC_PG_NVME_ID_CTRL ".vwc",
			    "smartctl -j does not print the VWC byte of Identify Controller") ||
	    dc_import_lacks(p, DC_PG_NVME_ID_CTRL ".awupf",
			    "smartctl -j does not print AWUPF"))
		return fail(c, "out of room for notes");
	if (dc_import_lacks_page(p, DC_PG_NVME_FEAT_VWC))
		return fail(c, "out of memory");

	/* Namespace 1 is printed when smartctl was pointed at it (or at the controller of
	 * a single namespace); otherwise there is none. */
	nss = cJSON_GetObjectItemCaseSensitive(root, "nvme_namespaces");
	ns0 = NULL;
	if (nss && !cJSON_IsArray(nss))
		return fail(c, "nvme_namespaces: %s where an array belongs", type_name(nss));
	if (nss && cJSON_GetArraySize(nss) > 0) {
		uint64_t blocks, lba;

		ns0 = cJSON_GetArrayItem(nss, 0);
		if (!cJSON_IsObject(ns0))
			return fail(c, "nvme_namespaces[0]: %s where an object belongs",
				    type_name(ns0));
		if ((rc = get_object(c, ns0, "nvme_namespaces[0]", "size", true, &size)) ||
		    (rc = get_uint(c, size, "nvme_namespaces[0].size", "blocks", UINT64_MAX - 1,
				   true, &blocks, NULL)) ||
		    (rc = get_uint(c, ns0, "nvme_namespaces[0]", "formatted_lba_size", 1u << 16,
				   true, &lba, NULL)))
			return rc;
		if (lba < 512 || (lba & (lba - 1)))
			return fail(c, "nvme_namespaces[0].formatted_lba_size: %llu is not a power "
				    "of two from 512", (unsigned long long)lba);
		dc_build_nvme_id_ns(&ns, blocks, (uint32_t)lba);
		if (dc_raw_add(&p->raw, DC_PG_NVME_ID_NS, &ns, sizeof(ns), NULL))
			return fail(c, "out of memory");
	} else if (dc_import_lacks_page(p, DC_PG_NVME_ID_NS)) {
		return fail(c, "out of memory");
	}
	if (!p->dev.capacity_bytes && have_total)
		p->dev.capacity_bytes = total;

	if ((rc = get_object(c, root, "", "nvme_smart_health_information_log", false, &hl)))
		return rc;
	if (hl) {
		struct dc_nvme_health h;

		if ((rc = read_health(c, hl, &h)))
			return rc;
		dc_build_nvme_smart_log(&log, &h);
		if (dc_raw_add(&p->raw, DC_PG_NVME_LOG_SMART, &log, sizeof(log), NULL))
			return fail(c, "out of memory");
	} else if (dc_import_lacks_page(p, DC_PG_NVME_LOG_SMART)) {
		return fail(c, "out of memory");
	}
	return 0;
}

/* ---------------------------------------------------------------- SCSI */

/* smartctl 7.3 renamed vendor, product and revision to scsi_*; both are read. */
static int get_scsi_string(struct jctx *c, const cJSON *root, const char *key, size_t maxlen,
			   bool required, char *dst, size_t dstlen)
{
	char newkey[32];

	snprintf(newkey, sizeof(newkey), "scsi_%s", key);
	if (cJSON_GetObjectItemCaseSensitive(root, newkey))
		return get_string(c, root, newkey, maxlen, required, dst, dstlen);
	return get_string(c, root, key, maxlen, required, dst, dstlen);
}

static enum dc_transport scsi_transport(const cJSON *root)
{
	const cJSON *tp = cJSON_GetObjectItemCaseSensitive(root, "scsi_transport_protocol");
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(tp, "value");

	/* SPC protocol identifiers: 0 Fibre Channel, 5 iSCSI, 6 SAS. */
	if (!cJSON_IsNumber(v))
		return DC_TRAN_SCSI;
	if (v->valuedouble == 6)
		return DC_TRAN_SAS;
	if (v->valuedouble == 0)
		return DC_TRAN_FC;
	if (v->valuedouble == 5)
		return DC_TRAN_ISCSI;
	return DC_TRAN_SCSI;
}

/* A temperature of smartctl's SCSI JSON: 0..254 degrees Celsius. */
static int scsi_temp(struct jctx *c, const cJSON *o, const char *where, const char *key,
		     bool *have, uint8_t *out)
{
	long t;
	int rc = get_int(c, o, where, key, 0, 254, false, &t, have);

	*out = (uint8_t)t;
	return rc;
}

/*
 * What smartctl -j prints of a SCSI drive's health and wear: smart_status (passed, and
 * scsi.asc/ascq when it failed), scsi_percentage_used_endurance_indicator, power_on_time
 * (hours, minutes: from log page 0x15), temperature.current and drive_trip (7.3:
 * scsi_temperature.drive_trip), scsi_error_counter_log.read/write.
 */
static int read_scsi_health(struct jctx *c, const cJSON *root, struct dc_import_scsi_health *h)
{
	static const char *const counters[7] = {
		"errors_corrected_by_eccfast", "errors_corrected_by_eccdelayed",
		"errors_corrected_by_rereads_rewrites", "total_errors_corrected",
		"correction_algorithm_invocations", NULL /* gigabytes_processed: rounded */,
		"total_uncorrected_errors",
	};
	const cJSON *status, *scsi, *pot, *temp, *st, *log, *rw;
	enum dc_tri passed;
	uint64_t v, m;
	bool have;
	int rc;

	memset(h, 0, sizeof(*h));
	if ((rc = read_self(c, root, &status, &passed)))
		return rc;
	if (passed != DC_TRI_UNKNOWN) {
		h->have_ie = true;
		if ((rc = get_object(c, status, "smart_status", "scsi", false, &scsi)))
			return rc;
		if (scsi) {
			bool ha, hq;

			if ((rc = get_uint(c, scsi, "smart_status.scsi", "asc", 255, false, &v, &ha)) ||
			    (rc = get_uint(c, scsi, "smart_status.scsi", "ascq", 255, false, &m, &hq)))
				return rc;
			h->ie_codes = ha && hq;
			h->asc = (uint8_t)v;
			h->ascq = (uint8_t)m;
		} else if (passed == DC_TRI_YES) {
			h->ie_codes = true; /* "SMART Health Status: OK": no exception, 0/0 */
		}
		if (!h->ie_codes)
			snprintf(h->ie_text, sizeof(h->ie_text), "%s",
				 passed == DC_TRI_YES ? "passed" : "failed");
	}
	if ((rc = get_uint(c, root, "", "scsi_percentage_used_endurance_indicator", 255, false,
			   &v, &h->have_used)))
		return rc;
	h->percent_used = (unsigned)v;
	if ((rc = get_object(c, root, "", "power_on_time", false, &pot)))
		return rc;
	if (pot) {
		if ((rc = get_uint(c, pot, "power_on_time", "hours", 0xFFFFFFFFu / 60 - 1, true, &v,
				   NULL)) ||
		    (rc = get_uint(c, pot, "power_on_time", "minutes", 59, false, &m, &have)))
			return rc;
		h->have_power_on = true;
		h->power_on_minutes = (uint32_t)(v * 60 + m);
	}
	if ((rc = get_object(c, root, "", "temperature", false, &temp)) ||
	    (rc = get_object(c, root, "", "scsi_temperature", false, &st)))
		return rc;
	if (temp && ((rc = scsi_temp(c, temp, "temperature", "current", &h->have_temp, &h->temp_c)) ||
		     (rc = scsi_temp(c, temp, "temperature", "drive_trip", &h->have_trip, &h->trip_c))))
		return rc;
	if (st && !h->have_trip &&
	    (rc = scsi_temp(c, st, "scsi_temperature", "drive_trip", &h->have_trip, &h->trip_c)))
		return rc;
	if ((rc = get_object(c, root, "", "scsi_error_counter_log", false, &log)) || !log)
		return rc;
	for (unsigned k = 0; k < 2; k++) {
		char where[48];

		snprintf(where, sizeof(where), "scsi_error_counter_log.%s", k ? "read" : "write");
		if ((rc = get_object(c, log, "scsi_error_counter_log", k ? "read" : "write", false,
				     &rw)))
			return rc;
		if (!rw)
			continue;
		for (unsigned i = 0; i < 7; i++) {
			if (!counters[i])
				continue;
			if ((rc = get_uint(c, rw, where, counters[i], UINT64_MAX - 1, false,
					   &h->counter[k][i], &h->have_counter[k][i])))
				return rc;
			h->have_errors[k] |= h->have_counter[k][i];
		}
	}
	return 0;
}

static int import_scsi(struct jctx *c, const cJSON *root, struct dc_import_part *p)
{
	struct dc_import_scsi_health h;
	uint8_t inq[96], vpd80[68], mode[32];
	enum dc_tri wce = DC_TRI_UNKNOWN;
	const cJSON *wc;
	size_t n;
	long rotation;
	int rc;

	if ((rc = get_scsi_string(c, root, "vendor", 8, false, p->dev.vendor,
				  sizeof(p->dev.vendor))) ||
	    (rc = get_scsi_string(c, root, "product", 16, true, p->dev.model,
				  sizeof(p->dev.model))) ||
	    (rc = get_scsi_string(c, root, "revision", 4, false, p->dev.firmware,
				  sizeof(p->dev.firmware))) ||
	    (rc = read_common(c, root, &p->dev, 0, 64, 0, &rotation)))
		return rc;
	p->dev.transport = scsi_transport(root);

	n = dc_build_scsi_inquiry(inq, p->dev.vendor, p->dev.model, p->dev.firmware);
	if (dc_raw_add(&p->raw, DC_PG_SCSI_INQUIRY, inq, n, NULL))
		return fail(c, "out of memory");
	if (p->dev.serial[0]) {
		n = dc_build_scsi_vpd80(vpd80, p->dev.serial);
		if (dc_raw_add(&p->raw, DC_PG_SCSI_VPD_80, vpd80, n, NULL))
			return fail(c, "out of memory");
	} else if (dc_import_lacks_page(p, DC_PG_SCSI_VPD_80)) {
		return fail(c, "out of memory");
	}
	/* smartctl -g wcache prints "Writeback Cache is:" as text only; a "write_cache"
	 * object, should a version print one, is read. */
	if ((rc = get_object(c, root, "", "write_cache", false, &wc)))
		return rc;
	if (wc && (rc = get_bool(c, wc, "write_cache", "enabled", &wce)))
		return rc;
	n = dc_build_scsi_mode08(mode, wce);
	if (n ? dc_raw_add(&p->raw, DC_PG_SCSI_MODE_08, mode, n, NULL)
	      : dc_import_lacks_page(p, DC_PG_SCSI_MODE_08))
		return fail(c, "out of memory");
	if (dc_import_lacks_page(p, DC_PG_SCSI_VPD_86))
		return fail(c, "out of memory");
	if ((rc = read_scsi_health(c, root, &h)))
		return rc;
	if (dc_import_scsi_health_pages(p, &h, "smartctl -j"))
		return fail(c, "out of memory");
	return 0;
}

/* ---------------------------------------------------------------- the importer */

static enum dc_transport ata_transport(const char *type)
{
	/* "usbjmicron", "usbcypress", "usbsunplus", ...: a USB bridge smartctl knows. */
	return strncmp(type, "usb", 3) == 0 ? DC_TRAN_USB : DC_TRAN_SATA;
}

static enum dc_transport nvme_transport(const char *type)
{
	/* "sntjmicron", "sntasmedia", "sntrealtek": NVMe behind a USB bridge. */
	return strncmp(type, "snt", 3) == 0 ? DC_TRAN_USB : DC_TRAN_NVME;
}

int dc_import_smartctl_json(const char *text, size_t len, struct dc_import_parts *out,
			    char *err, size_t errlen)
{
	struct jctx c = { .err = err, .errlen = errlen };
	const cJSON *smartctl, *device, *proto, *type;
	const char *parse_end = NULL, *tname = "";
	struct dc_import_part *p;
	unsigned first = out->n;
	cJSON *root;
	int rc;

	err[0] = '\0';
	if (memchr(text, '\0', len))
		return fail(&c, "a NUL byte at %zu: not a JSON text",
			    (size_t)((const char *)memchr(text, '\0', len) - text));
	/* The length counts the terminating NUL: cJSON checks that nothing follows. */
	root = cJSON_ParseWithLengthOpts(text, len + 1, &parse_end, true);
	if (!root) {
		size_t at = parse_end && parse_end >= text ? (size_t)(parse_end - text) : 0;

		return fail(&c, "not valid JSON (at byte %zu of %zu: cut short, nested too deep, "
			    "or text after the object)", at, len);
	}
	if (!cJSON_IsObject(root)) {
		rc = fail(&c, "%s at the top where smartctl writes an object", type_name(root));
		goto out;
	}
	if ((rc = check_version(&c, root)) ||
	    (rc = get_object(&c, root, "", "smartctl", true, &smartctl)))
		goto out;
	device = cJSON_GetObjectItemCaseSensitive(root, "device");
	proto = cJSON_GetObjectItemCaseSensitive(device, "protocol");
	if (!cJSON_IsObject(device) || !cJSON_IsString(proto)) {
		const char *msg = smartctl_message(smartctl);

		if (msg)
			rc = fail(&c, "no drive in it; smartctl said: %.160s", msg);
		else if (device && !cJSON_IsObject(device))
			rc = fail(&c, "device: %s where an object belongs", type_name(device));
		else
			rc = fail(&c, "device.protocol: %s", proto ? "not a string" : "missing");
		goto out;
	}
	type = cJSON_GetObjectItemCaseSensitive(device, "type");
	if (cJSON_IsString(type))
		tname = type->valuestring;

	p = dc_import_part_add(out, DC_IMPORT_SMARTCTL_JSON);
	if (!p) {
		rc = fail(&c, "out of memory");
		goto out;
	}
	if (strcmp(proto->valuestring, "ATA") == 0) {
		p->dev.protocol = DC_PROTO_ATA;
		p->dev.transport = ata_transport(tname);
		rc = import_ata(&c, root, p);
	} else if (strcmp(proto->valuestring, "NVMe") == 0) {
		p->dev.protocol = DC_PROTO_NVME;
		p->dev.transport = nvme_transport(tname);
		rc = import_nvme(&c, root, p);
	} else if (strcmp(proto->valuestring, "SCSI") == 0) {
		p->dev.protocol = DC_PROTO_SCSI;
		p->dev.transport = DC_TRAN_SCSI;
		rc = import_scsi(&c, root, p);
	} else {
		rc = fail(&c, "device.protocol \"%.32s\": only ATA, NVMe and SCSI drives are "
			  "imported", proto->valuestring);
	}
out:
	cJSON_Delete(root);
	if (rc) {
		/* Nothing half-made stays behind. */
		while (out->n > first)
			dc_raw_free(&out->v[--out->n].raw);
		return rc;
	}
	return (int)(out->n - first);
}
