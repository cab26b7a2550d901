// SPDX-License-Identifier: GPL-2.0-or-later
/* import_smartctl_json.c - smartctl -j output to the pages an ATA, NVMe or SCSI drive gives. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_read.h"
#include "import/import.h"
#include "import/import_health.h"
#include "import/page_build.h"
#include "core/raw.h"
#include "core/whole_number.h"

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

#define REQ DC_JSON_REQUIRED

/* ---------------------------------------------------------------- typed look-ups */

/*
 * A whole number in 0..max at KEY of OBJ. smartctl writes every counter as a JSON
 * number, exact digits included; a number at or past 2^53 also goes out as the string
 * KEY_s, because a JSON reader (cJSON too) keeps only a double. So: a number below 2^53
 * is taken as it is; a larger one only through KEY_s; a decimal string is read as
 * digits. Negative, fractional, infinite and non-numbers are refused. With max ==
 * UINT64_MAX a value past 64 bits saturates (NVMe's 128-bit counters: page_build.c writes
 * UINT64_MAX as "more than 64 bits"). *out is 0 unless DC_JSON_OK.
 */
static enum dc_json_status read_uint(struct dc_json_reader *r, const cJSON *obj, const char *key,
				     uint64_t max, unsigned how, uint64_t *out)
{
	unsigned __int128 lim = max == UINT64_MAX ? ~(unsigned __int128)0 : max, v = 0;
	enum dc_json_status st;
	const char *k = key, *exact;
	char skey[64];
	double d;

	*out = 0;
	if (dc_jr_double(r, obj, key, -DBL_MAX, DBL_MAX, DC_JSON_SOFT, &d) == DC_JSON_OK &&
	    d >= SAFE_INT_LIMIT) {
		snprintf(skey, sizeof(skey), "%s_s", key);
		if (dc_jr_str(r, obj, skey, SIZE_MAX, DC_JSON_SOFT, &exact) != DC_JSON_OK) {
			dc_jr_fail(r, key, "%.17g is 2^53 or more, where a JSON number is not exact, "
				   "and there is no exact %s string", d, skey);
			return DC_JSON_BAD;
		}
		k = skey;
	}
	st = dc_jr_count(r, obj, k, lim, DC_JSON_DIGITS | how, &v);
	if (st == DC_JSON_OK)
		*out = v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
	return st;
}

/* A signed whole number in lo..hi (temperatures); *out 0 unless DC_JSON_OK. */
static enum dc_json_status read_int(struct dc_json_reader *r, const cJSON *obj, const char *key,
				    long lo, long hi, unsigned how, long *out)
{
	long long v = 0;
	enum dc_json_status st = dc_jr_int(r, obj, key, lo, hi, how, &v);

	*out = st == DC_JSON_OK ? (long)v : 0;
	return st;
}

/* An identity string of at most maxlen printable ASCII characters (the width of the
 * page field it goes into: longer would be cut, a silent change). "" when absent. */
static void read_ident(struct dc_json_reader *r, const cJSON *obj, const char *key,
		       size_t maxlen, unsigned how, char *dst, size_t dstlen)
{
	dc_jr_copy(r, obj, key, DC_JSON_PRINTABLE | how, dst,
		   maxlen + 1 < dstlen ? maxlen + 1 : dstlen);
}

/* ---------------------------------------------------------------- the file's shape */

/* Whether one of smartctl's messages holds needle (NULL: any); the first that does. */
static const char *smartctl_said(struct dc_json_reader *r, const cJSON *root, const char *needle)
{
	const cJSON *smartctl, *msgs, *m;

	dc_jr_obj(r, root, "smartctl", DC_JSON_SOFT, &smartctl);
	dc_jr_arr(r, smartctl, "messages", DC_JSON_SOFT, &msgs);
	cJSON_ArrayForEach(m, msgs) {
		const char *s;

		if (dc_jr_str(r, m, "string", SIZE_MAX, DC_JSON_SOFT, &s) == DC_JSON_OK &&
		    (!needle || strstr(s, needle)))
			return s;
	}
	return NULL;
}

/* Whether one of smartctl's messages holds needle. */
static bool said(struct dc_json_reader *r, const cJSON *root, const char *needle)
{
	return smartctl_said(r, root, needle) != NULL;
}

static int check_version(struct dc_json_reader *r, const cJSON *root)
{
	const cJSON *v;
	double major, minor;

	if (!dc_jr_has(root, "json_format_version"))
		return dc_jr_fail(r, "json_format_version", "missing (not smartctl -j output)");
	if (dc_jr_arr(r, root, "json_format_version", 0, &v) != DC_JSON_OK)
		return r->rc;
	if (cJSON_GetArraySize(v) < 2)
		return dc_jr_fail(r, "json_format_version", "a short array where [major, minor] "
				  "belongs");
	if (dc_jr_double(r, cJSON_GetArrayItem(v, 0), NULL, -DBL_MAX, DBL_MAX, DC_JSON_SOFT,
			 &major) != DC_JSON_OK ||
	    dc_jr_double(r, cJSON_GetArrayItem(v, 1), NULL, -DBL_MAX, DBL_MAX, DC_JSON_SOFT,
			 &minor) != DC_JSON_OK)
		return dc_jr_fail(r, "json_format_version", "not two numbers");
	if (major != 1.0)
		return dc_jr_fail_top(r, -EINVAL, "json_format_version %g.%g: only 1.x is read "
				      "(smartctl 7.0 and later write 1.0; 6.x wrote an experimental "
				      "0.x)", major, minor);
	return 0;
}

/* What every protocol states the same way: model, serial, firmware, sizes, rotation. */
static int read_common(struct dc_json_reader *r, const cJSON *root, struct dc_dev *dev,
		       size_t model_max, size_t serial_max, size_t fw_max, long *rotation)
{
	const cJSON *cap;
	uint64_t v;

	if (dev->protocol != DC_PROTO_SCSI) {
		read_ident(r, root, "model_name", model_max, REQ, dev->model, sizeof(dev->model));
		read_ident(r, root, "firmware_version", fw_max, 0, dev->firmware,
			   sizeof(dev->firmware));
	}
	/* smartctl -q noserial leaves the serial out: the drive is then one of its own. */
	read_ident(r, root, "serial_number", serial_max, 0, dev->serial, sizeof(dev->serial));
	if (dc_jr_obj(r, root, "user_capacity", 0, &cap) == DC_JSON_OK) {
		dc_jr_enter(r, "user_capacity");
		read_uint(r, cap, "bytes", UINT64_MAX - 1, REQ, &dev->capacity_bytes);
		dc_jr_leave(r);
	}
	read_uint(r, root, "logical_block_size", 1u << 20, 0, &v);
	dev->logical_block_bytes = (uint32_t)v;
	read_uint(r, root, "physical_block_size", 1u << 24, 0, &v);
	dev->physical_block_bytes = (uint32_t)v;
	/* 0 is smartctl's "Solid State Device" (ATA word 217 = 1, SCSI VPD 0xB1 = 1). */
	if (read_int(r, root, "rotation_rate", 0, 0xFFFE, 0, rotation) != DC_JSON_OK)
		*rotation = -1;
	else
		dev->rotational = *rotation == 0 ? DC_TRI_NO : DC_TRI_YES;
	return r->rc;
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
 * The path of raw entered.
 */
static int read_raw(struct dc_json_reader *r, const cJSON *raw, struct dc_ata_attr_in *a,
		    bool *taken, char *why, size_t whylen)
{
	const char *vs = NULL, *s = NULL;
	enum dc_json_status st;
	uint64_t v = 0;
	double d = 0;

	*taken = false;
	st = dc_jr_u64(r, raw, "value", UINT64_MAX, DC_JSON_INEXACT_OK | REQ, &v);
	if (st != DC_JSON_OK && st != DC_JSON_INEXACT)
		return r->rc;
	dc_jr_double(r, raw, "value", 0, DBL_MAX, 0, &d);
	dc_jr_str(r, raw, "value_s", SIZE_MAX, DC_JSON_SOFT, &vs);
	dc_jr_str(r, raw, "string", SIZE_MAX, DC_JSON_SOFT, &s);
	if (d < SAFE_INT_LIMIT) {
		v = (uint64_t)d;
	} else if (vs && string_uint64(vs, &v)) {
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

/* One entry of ata_smart_attributes.table, its path entered. */
static int read_attribute(struct dc_json_reader *r, const cJSON *e, struct dc_ata_attr_in *a,
			  bool *taken, char *why, size_t whylen)
{
	const cJSON *flags, *raw;
	uint64_t v;

	*taken = false;
	memset(a, 0, sizeof(*a));
	if (dc_jr_obj(r, e, NULL, 0, &e) != DC_JSON_OK ||
	    read_uint(r, e, "id", 255, REQ, &v) != DC_JSON_OK)
		return r->rc;
	if (v == 0)
		return dc_jr_fail(r, "id", "0 is no attribute");
	a->id = (uint8_t)v;
	read_uint(r, e, "value", 255, REQ, &v);
	a->value = (uint8_t)v;
	read_uint(r, e, "worst", 255, REQ, &v);
	a->worst = (uint8_t)v;
	/* No "thresh": the thresholds page had no entry for it, or was not read. */
	a->has_threshold = read_uint(r, e, "thresh", 255, 0, &v) == DC_JSON_OK;
	a->threshold = (uint8_t)v;
	if (dc_jr_obj(r, e, "flags", REQ, &flags) == DC_JSON_OK) {
		dc_jr_enter(r, "flags");
		read_uint(r, flags, "value", 0xFFFF, REQ, &v);
		a->flags = (uint16_t)v;
		dc_jr_leave(r);
	}
	if (dc_jr_obj(r, e, "raw", REQ, &raw) != DC_JSON_OK)
		return r->rc;
	dc_jr_enter(r, "raw");
	read_raw(r, raw, a, taken, why, whylen);
	dc_jr_leave(r);
	return r->rc;
}

static int read_attributes(struct dc_json_reader *r, const cJSON *root,
			   struct dc_ata_attr_in *attrs, unsigned *n, bool *any_threshold,
			   struct dc_import_part *p)
{
	const cJSON *sect, *table, *e;
	unsigned i = 0, k = 0; /* attributes taken, entries read */

	*n = 0;
	*any_threshold = false;
	if (dc_jr_obj(r, root, "ata_smart_attributes", 0, &sect) != DC_JSON_OK)
		return r->rc;
	dc_jr_enter(r, "ata_smart_attributes");
	if (dc_jr_arr(r, sect, "table", REQ, &table) == DC_JSON_OK &&
	    cJSON_GetArraySize(table) > DC_ATA_MAX_ATTRS_IN)
		dc_jr_fail(r, "table", "%d entries; a SMART data page holds %d",
			   cJSON_GetArraySize(table), DC_ATA_MAX_ATTRS_IN);
	dc_jr_enter(r, "table");
	cJSON_ArrayForEach(e, table) {
		struct dc_ata_attr_in *a = &attrs[i];
		char why[160];
		bool taken;

		if (r->rc)
			break;
		dc_jr_enter_index(r, k++);
		read_attribute(r, e, a, &taken, why, sizeof(why));
		dc_jr_leave(r);
		if (r->rc)
			break;
		*any_threshold |= a->has_threshold;
		if (!taken) {
			dc_import_note(p, "SMART attribute %u not taken: %s", a->id, why);
			continue;
		}
		i++;
	}
	dc_jr_leave(r);
	dc_jr_leave(r);
	*n = i;
	return r->rc;
}

/* smart_status.passed: the overall self-assessment, DC_TRI_UNKNOWN when absent. */
static int read_self(struct dc_json_reader *r, const cJSON *root, const cJSON **status,
		     enum dc_tri *passed)
{
	*passed = DC_TRI_UNKNOWN;
	if (dc_jr_obj(r, root, "smart_status", 0, status) != DC_JSON_OK)
		return r->rc;
	dc_jr_enter(r, "smart_status");
	dc_jr_tri(r, *status, "passed", 0, passed);
	dc_jr_leave(r);
	return r->rc;
}

/* One entry of a Device Statistics page's table, its path entered. */
static int read_devstat_entry(struct dc_json_reader *r, const cJSON *e, uint8_t page,
			      struct dc_import_ata_health *h)
{
	struct dc_ata_devstat_in in = { .page = page };
	const cJSON *flags;
	uint64_t off, size, fl = 0;
	enum dc_json_status st;
	long v;

	if (dc_jr_obj(r, e, NULL, 0, &e) != DC_JSON_OK)
		return r->rc;
	read_uint(r, e, "offset", 504, REQ, &off);
	dc_jr_obj(r, e, "flags", REQ, &flags);
	if (r->rc)
		return r->rc;
	if (off < 8 || off % 8)
		return dc_jr_fail(r, "offset", "%llu is not an entry's place (8 to 504, by 8)",
				  (unsigned long long)off);
	dc_jr_enter(r, "flags");
	read_uint(r, flags, "value", 255, REQ, &fl);
	dc_jr_leave(r);
	/* smartctl prints a signed entry's size as its width */
	st = read_int(r, e, "size", -7, 7, 0, &v);
	size = st != DC_JSON_OK ? 7 : v < 0 ? (uint64_t)-v : (uint64_t)v;
	if (r->rc)
		return r->rc;
	in.offset = (uint16_t)off;
	in.size = (uint8_t)(size ? size : 7);
	in.flags = (uint8_t)(fl | DC_DEVSTAT_SUPPORTED); /* smartctl lists only those */
	st = read_int(r, e, "value", -(1L << 55), (1L << 56) - 1, 0, &v);
	if (st == DC_JSON_OK) {
		in.value = v;
		in.flags |= DC_DEVSTAT_VALID;
	} else if (st == DC_JSON_ABSENT) {
		in.flags &= (uint8_t)~DC_DEVSTAT_VALID;
	} else {
		return r->rc;
	}
	dc_import_devstat_entry(h, &in);
	return 0;
}

/* One Device Statistics page, its path entered. */
static int read_devstat_page(struct dc_json_reader *r, const cJSON *pg,
			     struct dc_import_ata_health *h)
{
	const cJSON *table, *e;
	uint64_t number, rev;
	unsigned k = 0;

	if (dc_jr_obj(r, pg, NULL, 0, &pg) != DC_JSON_OK)
		return r->rc;
	read_uint(r, pg, "number", 255, REQ, &number);
	read_uint(r, pg, "revision", 0xFFFF, 0, &rev);
	dc_jr_arr(r, pg, "table", 0, &table);
	if (r->rc)
		return r->rc;
	if (dc_import_devstat_page(h, (uint8_t)number, (uint16_t)rev,
				   !table || !cJSON_GetArraySize(table)))
		return dc_jr_fail(r, NULL, "more Device Statistics pages than a log holds");
	dc_jr_enter(r, "table");
	cJSON_ArrayForEach(e, table) {
		dc_jr_enter_index(r, k++);
		read_devstat_entry(r, e, (uint8_t)number, h);
		dc_jr_leave(r);
		if (r->rc)
			break;
	}
	dc_jr_leave(r);
	return r->rc;
}

/*
 * ata_device_statistics.pages[]: {number, revision, table[]: {offset, size, value (only
 * when valid), flags.value (the entry's byte 7)}}, as smartctl -x -j prints them.
 */
static int read_devstat(struct dc_json_reader *r, const cJSON *root, struct dc_import_ata_health *h)
{
	const cJSON *ds, *pages, *pg;
	unsigned i = 0;

	if (dc_jr_obj(r, root, "ata_device_statistics", 0, &ds) != DC_JSON_OK)
		return r->rc;
	dc_jr_enter(r, "ata_device_statistics");
	if (dc_jr_arr(r, ds, "pages", REQ, &pages) == DC_JSON_OK)
		h->devstat_shown = true;
	dc_jr_enter(r, "pages");
	cJSON_ArrayForEach(pg, pages) {
		dc_jr_enter_index(r, i++);
		read_devstat_page(r, pg, h);
		dc_jr_leave(r);
		if (r->rc)
			break;
	}
	dc_jr_leave(r);
	dc_jr_leave(r);
	return r->rc;
}

/* The drive's own verdict, unless smartctl says it made its own from the attributes; the
 * Device Statistics of -x. */
static int ata_health(struct dc_json_reader *r, const cJSON *root, struct dc_import_part *p)
{
	struct dc_import_ata_health *h = calloc(1, sizeof(*h));
	const cJSON *status;
	enum dc_tri passed;

	if (!h)
		return dc_jr_nomem(r);
	if (!read_self(r, root, &status, &passed) && !read_devstat(r, root, h)) {
		if (passed != DC_TRI_UNKNOWN)
			h->self = said(r, root, "based on an Attribute check") ||
				  said(r, root, "SMART Status not supported") ||
				  said(r, root, "SMART Status command failed")
				  ? DC_IMPORT_SELF_ATTRIBUTE_CHECK : passed == DC_TRI_YES
				  ? DC_IMPORT_SELF_PASSED : DC_IMPORT_SELF_FAILED;
		if (dc_import_ata_health_pages(p, h, "smartctl -j"))
			dc_jr_nomem(r);
	}
	free(h);
	return r->rc;
}

static int import_ata(struct dc_json_reader *r, const cJSON *root, struct dc_import_part *p)
{
	struct dc_ata_attr_in attrs[DC_ATA_MAX_ATTRS_IN];
	struct dc_ata_identity id = { 0 };
	uint8_t page[512], thr[512];
	const cJSON *smart, *wc;
	unsigned nattrs;
	bool any_threshold;
	long rotation;
	int rc;

	if ((rc = read_common(r, root, &p->dev, 40, 20, 8, &rotation)) ||
	    (rc = read_attributes(r, root, attrs, &nattrs, &any_threshold, p)))
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
	if (dc_jr_tri(r, root, "smart_support", DC_JSON_SOFT, &id.smart_supported) != DC_JSON_OK &&
	    dc_jr_obj(r, root, "smart_support", 0, &smart) == DC_JSON_OK) {
		dc_jr_enter(r, "smart_support");
		dc_jr_tri(r, smart, "available", 0, &id.smart_supported);
		dc_jr_tri(r, smart, "enabled", 0, &id.smart_enabled);
		dc_jr_leave(r);
	}
	if (r->rc)
		return r->rc;
	/* Attributes were read, so SMART was on. Supported but not known to be enabled
	 * would build "supported, switched off": leave both out instead. */
	if (nattrs && id.smart_enabled == DC_TRI_UNKNOWN && id.smart_supported != DC_TRI_NO)
		id.smart_supported = id.smart_enabled = DC_TRI_YES;
	if (id.smart_supported == DC_TRI_YES && id.smart_enabled == DC_TRI_UNKNOWN)
		id.smart_supported = DC_TRI_UNKNOWN;

	/* "write_cache" appears only with -x or -g wcache, and only when IDENTIFY says the
	 * drive has one: its absence never says "no cache". */
	if (dc_jr_obj(r, root, "write_cache", 0, &wc) == DC_JSON_OK) {
		dc_jr_enter(r, "write_cache");
		dc_jr_tri(r, wc, "enabled", 0, &id.wcache_enabled);
		dc_jr_leave(r);
	}
	if (r->rc)
		return r->rc;
	if (id.wcache_enabled != DC_TRI_UNKNOWN)
		id.wcache_supported = DC_TRI_YES;
	else if ((rc = dc_import_lacks(p, DC_PG_ATA_IDENTIFY ".write-cache",
				       "smartctl -j prints it only with -x or -g wcache")))
		return dc_jr_fail_top(r, rc, "out of room for notes");

	dc_build_ata_identify(page, &id);
	if (dc_raw_add(&p->raw, DC_PG_ATA_IDENTIFY, page, sizeof(page), NULL))
		return dc_jr_nomem(r);
	if ((rc = ata_health(r, root, p)))
		return rc;
	if (!nattrs) {
		/* smartctl -i, or SMART off: no attributes, so no pages to rebuild. */
		if (dc_import_lacks_page(p, DC_PG_ATA_SMART_DATA) ||
		    dc_import_lacks_page(p, DC_PG_ATA_SMART_THRESHOLDS))
			return dc_jr_nomem(r);
		return 0;
	}
	dc_build_ata_smart(page, thr, attrs, nattrs);
	if (dc_raw_add(&p->raw, DC_PG_ATA_SMART_DATA, page, sizeof(page), NULL) ||
	    (any_threshold ? dc_raw_add(&p->raw, DC_PG_ATA_SMART_THRESHOLDS, thr, sizeof(thr), NULL)
			   : dc_import_lacks_page(p, DC_PG_ATA_SMART_THRESHOLDS)))
		return dc_jr_nomem(r);
	return 0;
}

/* ---------------------------------------------------------------- NVMe */

/* nvme_smart_health_information_log, its path entered. */
static int read_health(struct dc_json_reader *r, const cJSON *log, struct dc_nvme_health *h)
{
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

	memset(h, 0, sizeof(*h));
	read_uint(r, log, "critical_warning", 255, REQ, &v);
	h->critical_warning = (uint8_t)v;
	read_uint(r, log, "available_spare", 255, REQ, &v);
	h->available_spare = (unsigned)v;
	read_uint(r, log, "available_spare_threshold", 255, REQ, &v);
	h->spare_threshold = (unsigned)v;
	read_uint(r, log, "percentage_used", 255, REQ, &v);
	h->percent_used = (unsigned)v;
	for (size_t i = 0; i < sizeof(counters) / sizeof(counters[0]); i++)
		read_uint(r, log, counters[i].key, UINT64_MAX, REQ, counters[i].dst);
	/* smartctl leaves out a temperature of 0 K ("not reported"), and the two times
	 * when they are 0 and the drive has no such threshold: absent is that value. */
	if (read_int(r, log, "temperature", -273, 65535 - 273, 0, &t) == DC_JSON_OK)
		h->temperature_k = (unsigned)(t + 273);
	read_uint(r, log, "warning_temp_time", UINT32_MAX, 0, &v);
	h->warning_temp_minutes = (uint32_t)v;
	read_uint(r, log, "critical_comp_time", UINT32_MAX, 0, &v);
	h->critical_temp_minutes = (uint32_t)v;
	return r->rc;
}

/* Namespace 1, nvme_namespaces[0], its path entered: the Identify Namespace page. */
static int read_namespace(struct dc_json_reader *r, const cJSON *ns0, struct dc_import_part *p)
{
	struct nvme_id_ns ns;
	const cJSON *size;
	uint64_t blocks = 0, lba;

	if (dc_jr_obj(r, ns0, NULL, 0, &ns0) != DC_JSON_OK)
		return r->rc;
	if (dc_jr_obj(r, ns0, "size", REQ, &size) == DC_JSON_OK) {
		dc_jr_enter(r, "size");
		read_uint(r, size, "blocks", UINT64_MAX - 1, REQ, &blocks);
		dc_jr_leave(r);
	}
	read_uint(r, ns0, "formatted_lba_size", 1u << 16, REQ, &lba);
	if (r->rc)
		return r->rc;
	if (lba < 512 || (lba & (lba - 1)))
		return dc_jr_fail(r, "formatted_lba_size", "%llu is not a power of two from 512",
				  (unsigned long long)lba);
	dc_build_nvme_id_ns(&ns, blocks, (uint32_t)lba);
	if (dc_raw_add(&p->raw, DC_PG_NVME_ID_NS, &ns, sizeof(ns), NULL))
		return dc_jr_nomem(r);
	return 0;
}

static int import_nvme(struct dc_json_reader *r, const cJSON *root, struct dc_import_part *p)
{
	struct nvme_id_ctrl idc;
	struct nvme_smart_log log;
	const cJSON *nss, *hl;
	uint64_t total = 0;
	bool have_total;
	long rotation;
	int rc;

	if ((rc = read_common(r, root, &p->dev, sizeof(idc.mn), sizeof(idc.sn), sizeof(idc.fr),
			      &rotation)))
		return rc;
	/* Identify Controller's TNVMCAP (smartctl prints it for every controller): the
	 * capacity of a controller report (`smartctl -j /dev/nvme0`), which shows no
	 * namespace and no user_capacity. */
	have_total = read_uint(r, root, "nvme_total_capacity", UINT64_MAX - 1, 0, &total) ==
		     DC_JSON_OK;
	if (r->rc)
		return r->rc;

	dc_build_nvme_id_ctrl(&idc, p->dev.model, p->dev.serial, p->dev.firmware);
	if (have_total)
		for (unsigned b = 0; b < 8; b++)
			idc.tnvmcap[b] = (uint8_t)(total >> (8 * b));
	if (dc_raw_add(&p->raw, DC_PG_NVME_ID_CTRL, &idc, sizeof(idc), NULL))
		return dc_jr_nomem(r);
	if ((rc = dc_import_lacks(p, DC_PG_NVME_ID_CTRL ".vwc",
				  "smartctl -j does not print the VWC byte of Identify Controller")) ||
	    (rc = dc_import_lacks(p, DC_PG_NVME_ID_CTRL ".awupf",
				  "smartctl -j does not print AWUPF")))
		return dc_jr_fail_top(r, rc, "out of room for notes");
	if (dc_import_lacks_page(p, DC_PG_NVME_FEAT_VWC))
		return dc_jr_nomem(r);

	/* Namespace 1 is printed when smartctl was pointed at it (or at the controller of
	 * a single namespace); otherwise there is none. */
	if (dc_jr_arr(r, root, "nvme_namespaces", 0, &nss) == DC_JSON_OK &&
	    cJSON_GetArraySize(nss) > 0) {
		dc_jr_enter(r, "nvme_namespaces");
		dc_jr_enter_index(r, 0);
		read_namespace(r, cJSON_GetArrayItem(nss, 0), p);
		dc_jr_leave(r);
		dc_jr_leave(r);
	} else if (!r->rc && dc_import_lacks_page(p, DC_PG_NVME_ID_NS)) {
		dc_jr_nomem(r);
	}
	if (r->rc)
		return r->rc;
	if (!p->dev.capacity_bytes && have_total)
		p->dev.capacity_bytes = total;

	if (dc_jr_obj(r, root, "nvme_smart_health_information_log", 0, &hl) == DC_JSON_OK) {
		struct dc_nvme_health h;

		dc_jr_enter(r, "nvme_smart_health_information_log");
		rc = read_health(r, hl, &h);
		dc_jr_leave(r);
		if (rc)
			return rc;
		dc_build_nvme_smart_log(&log, &h);
		if (dc_raw_add(&p->raw, DC_PG_NVME_LOG_SMART, &log, sizeof(log), NULL))
			return dc_jr_nomem(r);
	} else if (!r->rc && dc_import_lacks_page(p, DC_PG_NVME_LOG_SMART)) {
		return dc_jr_nomem(r);
	}
	return r->rc;
}

/* ---------------------------------------------------------------- SCSI */

/* smartctl 7.3 renamed vendor, product and revision to scsi_*; both are read. */
static void read_scsi_ident(struct dc_json_reader *r, const cJSON *root, const char *key,
			    size_t maxlen, unsigned how, char *dst, size_t dstlen)
{
	char newkey[32];

	snprintf(newkey, sizeof(newkey), "scsi_%s", key);
	read_ident(r, root, dc_jr_has(root, newkey) ? newkey : key, maxlen, how, dst, dstlen);
}

static enum dc_transport scsi_transport(struct dc_json_reader *r, const cJSON *root)
{
	const cJSON *tp;
	double v;

	/* SPC protocol identifiers: 0 Fibre Channel, 5 iSCSI, 6 SAS. */
	dc_jr_obj(r, root, "scsi_transport_protocol", DC_JSON_SOFT, &tp);
	if (dc_jr_double(r, tp, "value", -DBL_MAX, DBL_MAX, DC_JSON_SOFT, &v) != DC_JSON_OK)
		return DC_TRAN_SCSI;
	if (v == 6)
		return DC_TRAN_SAS;
	if (v == 0)
		return DC_TRAN_FC;
	if (v == 5)
		return DC_TRAN_ISCSI;
	return DC_TRAN_SCSI;
}

/* A temperature of smartctl's SCSI JSON: 0..254 degrees Celsius. */
static void scsi_temp(struct dc_json_reader *r, const cJSON *o, const char *key, bool *have,
		      uint8_t *out)
{
	long t;

	*have = read_int(r, o, key, 0, 254, 0, &t) == DC_JSON_OK;
	*out = (uint8_t)t;
}

/* smart_status.scsi's asc and ascq, when smartctl gave a verdict. */
static void read_scsi_ie(struct dc_json_reader *r, const cJSON *status, enum dc_tri passed,
			 struct dc_import_scsi_health *h)
{
	const cJSON *scsi;
	uint64_t v, m;

	h->have_ie = true;
	dc_jr_enter(r, "smart_status");
	if (dc_jr_obj(r, status, "scsi", 0, &scsi) == DC_JSON_OK) {
		bool ha, hq;

		dc_jr_enter(r, "scsi");
		ha = read_uint(r, scsi, "asc", 255, 0, &v) == DC_JSON_OK;
		hq = read_uint(r, scsi, "ascq", 255, 0, &m) == DC_JSON_OK;
		dc_jr_leave(r);
		h->ie_codes = ha && hq;
		h->asc = (uint8_t)v;
		h->ascq = (uint8_t)m;
	} else if (passed == DC_TRI_YES) {
		h->ie_codes = true; /* "SMART Health Status: OK": no exception, 0/0 */
	}
	dc_jr_leave(r);
	if (!h->ie_codes)
		snprintf(h->ie_text, sizeof(h->ie_text), "%s",
			 passed == DC_TRI_YES ? "passed" : "failed");
}

/* scsi_error_counter_log.read/write, the counters smartctl prints exactly. */
static void read_scsi_counters(struct dc_json_reader *r, const cJSON *log,
			       struct dc_import_scsi_health *h)
{
	static const char *const counters[7] = {
		"errors_corrected_by_eccfast", "errors_corrected_by_eccdelayed",
		"errors_corrected_by_rereads_rewrites", "total_errors_corrected",
		"correction_algorithm_invocations", NULL /* gigabytes_processed: rounded */,
		"total_uncorrected_errors",
	};

	dc_jr_enter(r, "scsi_error_counter_log");
	for (unsigned k = 0; k < 2; k++) {
		const char *name = k ? "read" : "write";
		const cJSON *rw;

		if (dc_jr_obj(r, log, name, 0, &rw) != DC_JSON_OK)
			continue;
		dc_jr_enter(r, name);
		for (unsigned i = 0; i < 7; i++) {
			if (!counters[i])
				continue;
			h->have_counter[k][i] = read_uint(r, rw, counters[i], UINT64_MAX - 1, 0,
							  &h->counter[k][i]) == DC_JSON_OK;
			h->have_errors[k] |= h->have_counter[k][i];
		}
		dc_jr_leave(r);
	}
	dc_jr_leave(r);
}

/*
 * What smartctl -j prints of a SCSI drive's health and wear: smart_status (passed, and
 * scsi.asc/ascq when it failed), scsi_percentage_used_endurance_indicator, power_on_time
 * (hours, minutes: from log page 0x15), temperature.current and drive_trip (7.3:
 * scsi_temperature.drive_trip), scsi_error_counter_log.read/write.
 */
static int read_scsi_health(struct dc_json_reader *r, const cJSON *root,
			    struct dc_import_scsi_health *h)
{
	const cJSON *status, *pot, *temp, *st, *log;
	enum dc_tri passed;
	uint64_t v, m;

	memset(h, 0, sizeof(*h));
	if (read_self(r, root, &status, &passed))
		return r->rc;
	if (passed != DC_TRI_UNKNOWN)
		read_scsi_ie(r, status, passed, h);
	h->have_used = read_uint(r, root, "scsi_percentage_used_endurance_indicator", 255, 0,
				 &v) == DC_JSON_OK;
	h->percent_used = (unsigned)v;
	if (dc_jr_obj(r, root, "power_on_time", 0, &pot) == DC_JSON_OK) {
		dc_jr_enter(r, "power_on_time");
		read_uint(r, pot, "hours", 0xFFFFFFFFu / 60 - 1, REQ, &v);
		read_uint(r, pot, "minutes", 59, 0, &m);
		dc_jr_leave(r);
		h->have_power_on = true;
		h->power_on_minutes = (uint32_t)(v * 60 + m);
	}
	dc_jr_obj(r, root, "temperature", 0, &temp);
	dc_jr_obj(r, root, "scsi_temperature", 0, &st);
	if (temp) {
		dc_jr_enter(r, "temperature");
		scsi_temp(r, temp, "current", &h->have_temp, &h->temp_c);
		scsi_temp(r, temp, "drive_trip", &h->have_trip, &h->trip_c);
		dc_jr_leave(r);
	}
	if (st && !h->have_trip) {
		dc_jr_enter(r, "scsi_temperature");
		scsi_temp(r, st, "drive_trip", &h->have_trip, &h->trip_c);
		dc_jr_leave(r);
	}
	if (dc_jr_obj(r, root, "scsi_error_counter_log", 0, &log) == DC_JSON_OK)
		read_scsi_counters(r, log, h);
	return r->rc;
}

static int import_scsi(struct dc_json_reader *r, const cJSON *root, struct dc_import_part *p)
{
	struct dc_import_scsi_health h;
	uint8_t inq[96], vpd80[68], mode[32];
	enum dc_tri wce = DC_TRI_UNKNOWN;
	const cJSON *wc;
	size_t n;
	long rotation;
	int rc;

	read_scsi_ident(r, root, "vendor", 8, 0, p->dev.vendor, sizeof(p->dev.vendor));
	read_scsi_ident(r, root, "product", 16, REQ, p->dev.model, sizeof(p->dev.model));
	read_scsi_ident(r, root, "revision", 4, 0, p->dev.firmware, sizeof(p->dev.firmware));
	if (r->rc || (rc = read_common(r, root, &p->dev, 0, 64, 0, &rotation)))
		return r->rc;
	p->dev.transport = scsi_transport(r, root);

	n = dc_build_scsi_inquiry(inq, p->dev.vendor, p->dev.model, p->dev.firmware);
	if (dc_raw_add(&p->raw, DC_PG_SCSI_INQUIRY, inq, n, NULL))
		return dc_jr_nomem(r);
	if (p->dev.serial[0]) {
		n = dc_build_scsi_vpd80(vpd80, p->dev.serial);
		if (dc_raw_add(&p->raw, DC_PG_SCSI_VPD_80, vpd80, n, NULL))
			return dc_jr_nomem(r);
	} else if (dc_import_lacks_page(p, DC_PG_SCSI_VPD_80)) {
		return dc_jr_nomem(r);
	}
	/* smartctl -g wcache prints "Writeback Cache is:" as text only; a "write_cache"
	 * object, should a version print one, is read. */
	if (dc_jr_obj(r, root, "write_cache", 0, &wc) == DC_JSON_OK) {
		dc_jr_enter(r, "write_cache");
		dc_jr_tri(r, wc, "enabled", 0, &wce);
		dc_jr_leave(r);
	}
	if (r->rc)
		return r->rc;
	n = dc_build_scsi_mode08(mode, wce);
	if (n ? dc_raw_add(&p->raw, DC_PG_SCSI_MODE_08, mode, n, NULL)
	      : dc_import_lacks_page(p, DC_PG_SCSI_MODE_08))
		return dc_jr_nomem(r);
	if (dc_import_lacks_page(p, DC_PG_SCSI_VPD_86))
		return dc_jr_nomem(r);
	if ((rc = read_scsi_health(r, root, &h)))
		return rc;
	if (dc_import_scsi_health_pages(p, &h, "smartctl -j"))
		return dc_jr_nomem(r);
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

/* device.protocol, or why there is none: smartctl's own error when it wrote one ("Smartctl
 * open device: /dev/sdx failed: ..."). NULL with the error recorded. */
static const char *read_protocol(struct dc_json_reader *r, const cJSON *root, const char **type)
{
	const cJSON *device;
	const char *proto, *msg;

	if (dc_jr_obj(r, root, "device", DC_JSON_SOFT, &device) == DC_JSON_OK &&
	    dc_jr_str(r, device, "protocol", SIZE_MAX, DC_JSON_SOFT, &proto) == DC_JSON_OK) {
		dc_jr_str(r, device, "type", SIZE_MAX, DC_JSON_SOFT, type);
		return proto;
	}
	msg = smartctl_said(r, root, NULL);
	if (msg) {
		dc_jr_fail_top(r, -EINVAL, "no drive in it; smartctl said: %.160s", msg);
		return NULL;
	}
	dc_jr_obj(r, root, "device", 0, &device);
	dc_jr_enter(r, "device");
	if (!device)
		dc_jr_fail(r, "protocol", "missing");
	else
		dc_jr_str(r, device, "protocol", SIZE_MAX, REQ, &proto);
	dc_jr_leave(r);
	return NULL;
}

int dc_import_smartctl_json(const char *text, size_t len, struct dc_import_parts *out,
			    char *err, size_t errlen)
{
	struct dc_json_reader r;
	const cJSON *smartctl, *top;
	const char *parse_end = NULL, *tname = "", *proto;
	struct dc_import_part *p;
	unsigned first = out->n;
	cJSON *root;
	int rc;

	dc_jr_init(&r, err, errlen, NULL);
	if (memchr(text, '\0', len))
		return dc_jr_fail_top(&r, -EINVAL, "a NUL byte at %zu: not a JSON text",
				      (size_t)((const char *)memchr(text, '\0', len) - text));
	/* The length counts the terminating NUL: cJSON checks that nothing follows. */
	root = dc_json_parse(text, len + 1, &parse_end, true, &rc);
	if (rc == -ENOMEM)
		return dc_jr_nomem(&r);
	if (!root) {
		size_t at = parse_end && parse_end >= text ? (size_t)(parse_end - text) : 0;

		return dc_jr_fail_top(&r, -EINVAL, "not valid JSON (at byte %zu of %zu: cut short, "
				      "nested too deep, or text after the object)", at, len);
	}
	if (dc_jr_obj(&r, root, NULL, DC_JSON_SOFT, &top) != DC_JSON_OK) {
		rc = dc_jr_fail_top(&r, -EINVAL, "%s at the top where smartctl writes an object",
				    dc_json_type_name(root));
		goto out;
	}
	if ((rc = check_version(&r, root)) ||
	    dc_jr_obj(&r, root, "smartctl", REQ, &smartctl) != DC_JSON_OK ||
	    !(proto = read_protocol(&r, root, &tname))) {
		rc = r.rc;
		goto out;
	}

	p = dc_import_part_add(out, DC_IMPORT_SMARTCTL_JSON);
	if (!p) {
		rc = dc_jr_nomem(&r);
		goto out;
	}
	if (strcmp(proto, "ATA") == 0) {
		p->dev.protocol = DC_PROTO_ATA;
		p->dev.transport = ata_transport(tname);
		rc = import_ata(&r, root, p);
	} else if (strcmp(proto, "NVMe") == 0) {
		p->dev.protocol = DC_PROTO_NVME;
		p->dev.transport = nvme_transport(tname);
		rc = import_nvme(&r, root, p);
	} else if (strcmp(proto, "SCSI") == 0) {
		p->dev.protocol = DC_PROTO_SCSI;
		p->dev.transport = DC_TRAN_SCSI;
		rc = import_scsi(&r, root, p);
	} else {
		rc = dc_jr_fail_top(&r, -EINVAL, "device.protocol \"%.32s\": only ATA, NVMe and "
				    "SCSI drives are imported", proto);
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
