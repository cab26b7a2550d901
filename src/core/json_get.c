// SPDX-License-Identifier: GPL-2.0-or-later
/* json_get.c - typed getters over cJSON values, each with a status and a reason. Pure. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/json_get.h"
#include "core/names.h"
#include "core/whole_number.h"

/* A JSON number is a double: every whole number below 2^53 is exact, not all above. */
#define EXACT_LIMIT 9007199254740992.0        /* 2^53 */
#define U128_LIMIT  3.4028236692093846e38     /* 2^128 */

const char *dc_json_type_name(const cJSON *v)
{
	if (!v)
		return "nothing";
	if (cJSON_IsNull(v))
		return "null";
	if (cJSON_IsBool(v))
		return "a bool";
	if (cJSON_IsNumber(v))
		return "a number";
	if (cJSON_IsString(v))
		return "a string";
	if (cJSON_IsArray(v))
		return "an array";
	if (cJSON_IsObject(v))
		return "an object";
	return "not a value";
}

static enum dc_json_status wrong_type(const cJSON *v, const char *want, unsigned how, char *why,
				      size_t len)
{
	snprintf(why, len, "want %s%s, not %s", want, how & DC_JSON_NULL_OK ? " or null" : "",
		 dc_json_type_name(v));
	return DC_JSON_BAD;
}

/* Absent and null, the same for every type: true when *st says all there is to say. */
static bool absent_or_null(const cJSON *v, const char *want, unsigned how,
			   enum dc_json_status *st, char *why, size_t len)
{
	if (!v) {
		*st = DC_JSON_ABSENT;
		return true;
	}
	if (!cJSON_IsNull(v))
		return false;
	*st = how & DC_JSON_NULL_OK ? DC_JSON_NULL : wrong_type(v, want, how, why, len);
	return true;
}

static enum dc_json_status out_of_range(double d, double lo, double hi, char *why, size_t len)
{
	if (!isfinite(d))
		snprintf(why, len, "not a finite number");
	else if (d < 0 && lo >= 0)
		snprintf(why, len, "%g is negative", d);
	else
		snprintf(why, len, "%g is out of range (%g to %g)", d, lo, hi);
	return DC_JSON_BAD;
}

enum dc_json_status dc_json_get_double(const cJSON *v, double lo, double hi, unsigned how,
				       double *out, char *why, size_t len)
{
	enum dc_json_status st;
	double d;

	if (absent_or_null(v, "a number", how, &st, why, len))
		return st;
	if (cJSON_IsNumber(v)) {
		d = v->valuedouble;
	} else if ((how & DC_JSON_NUM_STRING) && cJSON_IsString(v) && v->valuestring) {
		const char *s = v->valuestring;
		char *end;

		/* strtod alone would take leading blanks, "nan" and "inf" */
		if (!((*s >= '0' && *s <= '9') || *s == '-' || *s == '.')) {
			snprintf(why, len, "\"%.40s\" is not a number", s);
			return DC_JSON_BAD;
		}
		d = strtod(s, &end);
		if (end == s || *end) {
			snprintf(why, len, "\"%.40s\" is not a number", s);
			return DC_JSON_BAD;
		}
	} else {
		return wrong_type(v, "a number", how, why, len);
	}
	if (!isfinite(d) || d < lo || d > hi)
		return out_of_range(d, lo, hi, why, len);
	*out = d;
	return DC_JSON_OK;
}

enum dc_json_status dc_json_get_int(const cJSON *v, long long lo, long long hi, unsigned how,
				    long long *out, char *why, size_t len)
{
	enum dc_json_status st;
	double d;

	if (lo < -(long long)EXACT_LIMIT)
		lo = -(long long)EXACT_LIMIT;
	if (hi > (long long)EXACT_LIMIT)
		hi = (long long)EXACT_LIMIT;
	if (absent_or_null(v, "a number", how, &st, why, len))
		return st;
	if (!cJSON_IsNumber(v))
		return wrong_type(v, "a number", how, why, len);
	d = v->valuedouble;
	if (!isfinite(d) || d < (double)lo || d > (double)hi)
		return out_of_range(d, (double)lo, (double)hi, why, len);
	if (d != floor(d)) {
		snprintf(why, len, "%g is not a whole number", d);
		return DC_JSON_BAD;
	}
	*out = (long long)d;
	return DC_JSON_OK;
}

/* A 128-bit count in decimal, for messages. */
static const char *u128_text(unsigned __int128 x, char *buf, size_t len)
{
	char tmp[48];
	size_t n = 0;

	do {
		tmp[n++] = (char)('0' + (unsigned)(x % 10));
		x /= 10;
	} while (x && n < sizeof(tmp));
	for (size_t i = 0; i < n && i + 1 < len; i++)
		buf[i] = tmp[n - 1 - i];
	buf[n < len ? n : len - 1] = '\0';
	return buf;
}

enum dc_json_status dc_json_get_count(const cJSON *v, unsigned __int128 max, unsigned how,
				      unsigned __int128 *out, char *why, size_t len)
{
	const char *want = how & DC_JSON_DIGITS ? "a number or a string of digits" : "a number";
	enum dc_json_status st = DC_JSON_OK;
	unsigned __int128 x;
	char a[48], b[48];

	if (absent_or_null(v, want, how, &st, why, len))
		return st;
	if (cJSON_IsNumber(v)) {
		double d = v->valuedouble;

		if (!isfinite(d) || d < 0)
			return out_of_range(d, 0, 0, why, len);
		if (d != floor(d)) {
			snprintf(why, len, "%g is not a whole number", d);
			return DC_JSON_BAD;
		}
		if (d >= EXACT_LIMIT) {
			if (!(how & DC_JSON_INEXACT_OK)) {
				snprintf(why, len, d < 1e17 ? "%.17g is 2^53 or more, where a "
					 "JSON number is not exact" : "%g is 2^53 or more, where a "
					 "JSON number is not exact", d);
				return DC_JSON_BAD;
			}
			if (d >= U128_LIMIT) {
				snprintf(why, len, "%g is more than 128 bits", d);
				return DC_JSON_BAD;
			}
			st = DC_JSON_INEXACT;
		}
		x = (unsigned __int128)d;
	} else if ((how & DC_JSON_DIGITS) && cJSON_IsString(v) && v->valuestring) {
		int rc = dc_whole_number(v->valuestring, how & DC_JSON_HEX, &x);

		if (rc) {
			snprintf(why, len, "\"%.40s\" is %s", v->valuestring,
				 rc == -ERANGE ? "more than 128 bits" : "not a whole number");
			return DC_JSON_BAD;
		}
	} else {
		return wrong_type(v, want, how, why, len);
	}
	if (x > max) {
		snprintf(why, len, "%s is out of range (0 to %s)", u128_text(x, a, sizeof(a)),
			 u128_text(max, b, sizeof(b)));
		return DC_JSON_BAD;
	}
	*out = x;
	return st;
}

enum dc_json_status dc_json_get_u64(const cJSON *v, uint64_t max, unsigned how, uint64_t *out,
				    char *why, size_t len)
{
	unsigned __int128 x;
	enum dc_json_status st = dc_json_get_count(v, max, how, &x, why, len);

	if (st == DC_JSON_OK || st == DC_JSON_INEXACT)
		*out = (uint64_t)x; /* x <= max <= UINT64_MAX */
	return st;
}

enum dc_json_status dc_json_get_bool(const cJSON *v, unsigned how, bool *out, char *why,
				     size_t len)
{
	enum dc_json_status st;

	if (absent_or_null(v, "a bool", how, &st, why, len))
		return st;
	if (!cJSON_IsBool(v))
		return wrong_type(v, "a bool", how, why, len);
	*out = cJSON_IsTrue(v);
	return DC_JSON_OK;
}

enum dc_json_status dc_json_get_string(const cJSON *v, size_t maxlen, unsigned how,
				       const char **out, char *why, size_t len)
{
	enum dc_json_status st;
	size_t n;

	if (absent_or_null(v, "a string", how, &st, why, len))
		return st;
	if (!cJSON_IsString(v) || !v->valuestring)
		return wrong_type(v, "a string", how, why, len);
	n = strlen(v->valuestring);
	if (n > maxlen) {
		snprintf(why, len, "%zu characters, more than %zu", n, maxlen);
		return DC_JSON_BAD;
	}
	for (size_t i = 0; (how & DC_JSON_PRINTABLE) && i < n; i++) {
		unsigned char ch = (unsigned char)v->valuestring[i];

		if (ch < 0x20 || ch > 0x7e) {
			snprintf(why, len, "a character outside printable ASCII (0x%02x) at %zu",
				 ch, i);
			return DC_JSON_BAD;
		}
	}
	*out = v->valuestring;
	return DC_JSON_OK;
}

enum dc_json_status dc_json_copy_string(const cJSON *v, unsigned how, char *dst, size_t dstlen,
					char *why, size_t len)
{
	const char *s = NULL;
	enum dc_json_status st = dc_json_get_string(v, dstlen - 1, how, &s, why, len);

	if (st == DC_JSON_OK)
		memcpy(dst, s, strlen(s) + 1);
	else
		dst[0] = '\0';
	return st;
}

enum dc_json_status dc_json_get_enum(const cJSON *v, const struct dc_enum_names *names,
				     unsigned how, int *out, char *why, size_t len)
{
	const char *s = NULL;
	enum dc_json_status st = dc_json_get_string(v, 64, how, &s, why, len);
	size_t n;

	if (st != DC_JSON_OK)
		return st;
	if (dc_enum_from_name(names, s, out) == 0)
		return DC_JSON_OK;
	n = (size_t)snprintf(why, len, "unknown %s '%.40s' (want", names->what, s);
	for (unsigned i = 0, k = 0; i < names->count && n < len; i++) {
		if (!names->names[i])
			continue;
		n += (size_t)snprintf(why + n, len - n, "%s \"%s\"", k++ ? "," : "", names->names[i]);
	}
	if (n < len)
		snprintf(why + n, len - n, ")");
	return DC_JSON_BAD;
}

enum dc_json_status dc_json_get_object(const cJSON *v, unsigned how, const cJSON **out,
				       char *why, size_t len)
{
	enum dc_json_status st;

	if (absent_or_null(v, "an object", how, &st, why, len))
		return st;
	if (!cJSON_IsObject(v))
		return wrong_type(v, "an object", how, why, len);
	*out = v;
	return DC_JSON_OK;
}

enum dc_json_status dc_json_get_array(const cJSON *v, unsigned how, const cJSON **out,
				      char *why, size_t len)
{
	enum dc_json_status st;

	if (absent_or_null(v, "an array", how, &st, why, len))
		return st;
	if (!cJSON_IsArray(v))
		return wrong_type(v, "an array", how, why, len);
	*out = v;
	return DC_JSON_OK;
}
