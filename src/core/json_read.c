// SPDX-License-Identifier: GPL-2.0-or-later
/* json_read.c - the reader of JSON inputs: typed reads by key, the path, the first error. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/json_alloc.h"
#include "core/json_read.h"

void dc_jr_init(struct dc_json_reader *r, char *err, size_t errlen, const char *what)
{
	memset(r, 0, sizeof(*r));
	r->err = err;
	r->errlen = errlen;
	r->what = what;
	if (errlen)
		err[0] = '\0';
}

/* ---------------------------------------------------------------- the path */

static void push(struct dc_json_reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void push(struct dc_json_reader *r, const char *fmt, ...)
{
	size_t n = strlen(r->path);
	va_list ap;

	if (r->depth++ >= DC_JR_DEPTH)
		return;
	r->mark[r->depth - 1] = (unsigned short)n;
	va_start(ap, fmt);
	vsnprintf(r->path + n, sizeof(r->path) - n, fmt, ap);
	va_end(ap);
}

void dc_jr_enter(struct dc_json_reader *r, const char *key)
{
	push(r, "%s%s", r->path[0] ? "." : "", key);
}

void dc_jr_enter_index(struct dc_json_reader *r, unsigned i)
{
	push(r, "[%u]", i);
}

void dc_jr_leave(struct dc_json_reader *r)
{
	if (!r->depth)
		return;
	if (--r->depth < DC_JR_DEPTH)
		r->path[r->mark[r->depth]] = '\0';
}

/* ---------------------------------------------------------------- errors */

static void record(struct dc_json_reader *r, int rc, bool at_path, const char *key,
		   const char *fmt, va_list ap)
{
	size_t n = 0, len = r->errlen;

	if (r->rc)
		return;
	r->rc = rc;
	if (!len)
		return;
	r->err[0] = '\0';
	if (r->what)
		n += (size_t)snprintf(r->err, len, "%s: ", r->what);
	if (at_path && (r->path[0] || key) && n < len)
		n += (size_t)snprintf(r->err + n, len - n, "%s%s%s: ", r->path,
				      r->path[0] && key ? "." : "", key ? key : "");
	if (n < len)
		vsnprintf(r->err + n, len - n, fmt, ap);
}

int dc_jr_fail(struct dc_json_reader *r, const char *key, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	record(r, -EINVAL, true, key, fmt, ap);
	va_end(ap);
	return r->rc;
}

int dc_jr_fail_top(struct dc_json_reader *r, int rc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	record(r, rc, false, NULL, fmt, ap);
	va_end(ap);
	return r->rc;
}

int dc_jr_nomem(struct dc_json_reader *r)
{
	return dc_jr_fail_top(r, -ENOMEM, "out of memory");
}

/* ---------------------------------------------------------------- the reads */

bool dc_jr_has(const cJSON *o, const char *key)
{
	return o && cJSON_GetObjectItemCaseSensitive(o, key) != NULL;
}

/* The value a read looks at: o[key], o itself for no key; NULL when absent. */
static const cJSON *value_of(const cJSON *o, const char *key)
{
	if (!o)
		return NULL;
	return key ? cJSON_GetObjectItemCaseSensitive(o, key) : o;
}

/* What the reader makes of a getter's status: a bad value, or a required one absent, is
 * the input's error (unless the caller judges it: DC_JSON_SOFT). */
static enum dc_json_status settle(struct dc_json_reader *r, const cJSON *o, const char *key,
				  unsigned how, enum dc_json_status st, const char *why)
{
	if (st == DC_JSON_ABSENT && (how & DC_JSON_REQUIRED) && o) {
		if (!(how & DC_JSON_SOFT))
			dc_jr_fail(r, key, "missing");
		return DC_JSON_BAD;
	}
	if (st == DC_JSON_BAD && !(how & DC_JSON_SOFT))
		dc_jr_fail(r, key, "%s", why);
	if (st == DC_JSON_INEXACT)
		r->inexact++;
	return st;
}

#define WHY_LEN 192

enum dc_json_status dc_jr_double(struct dc_json_reader *r, const cJSON *o, const char *key,
				 double lo, double hi, unsigned how, double *out)
{
	char why[WHY_LEN];

	if (r->rc)
		return DC_JSON_BAD;
	return settle(r, o, key, how, dc_json_get_double(value_of(o, key), lo, hi, how, out, why,
							 sizeof(why)), why);
}

enum dc_json_status dc_jr_int(struct dc_json_reader *r, const cJSON *o, const char *key,
			      long long lo, long long hi, unsigned how, long long *out)
{
	char why[WHY_LEN];

	if (r->rc)
		return DC_JSON_BAD;
	return settle(r, o, key, how, dc_json_get_int(value_of(o, key), lo, hi, how, out, why,
						      sizeof(why)), why);
}

enum dc_json_status dc_jr_count(struct dc_json_reader *r, const cJSON *o, const char *key,
				unsigned __int128 max, unsigned how, unsigned __int128 *out)
{
	char why[WHY_LEN];

	if (r->rc)
		return DC_JSON_BAD;
	return settle(r, o, key, how, dc_json_get_count(value_of(o, key), max, how, out, why,
							sizeof(why)), why);
}

enum dc_json_status dc_jr_u64(struct dc_json_reader *r, const cJSON *o, const char *key,
			      uint64_t max, unsigned how, uint64_t *out)
{
	char why[WHY_LEN];

	if (r->rc)
		return DC_JSON_BAD;
	return settle(r, o, key, how, dc_json_get_u64(value_of(o, key), max, how, out, why,
						      sizeof(why)), why);
}

enum dc_json_status dc_jr_bool(struct dc_json_reader *r, const cJSON *o, const char *key,
			       unsigned how, bool *out)
{
	char why[WHY_LEN];

	if (r->rc)
		return DC_JSON_BAD;
	return settle(r, o, key, how, dc_json_get_bool(value_of(o, key), how, out, why,
						       sizeof(why)), why);
}

enum dc_json_status dc_jr_tri(struct dc_json_reader *r, const cJSON *o, const char *key,
			      unsigned how, enum dc_tri *out)
{
	bool v = false;
	enum dc_json_status st = dc_jr_bool(r, o, key, how, &v);

	*out = st != DC_JSON_OK ? DC_TRI_UNKNOWN : v ? DC_TRI_YES : DC_TRI_NO;
	return st;
}

enum dc_json_status dc_jr_str(struct dc_json_reader *r, const cJSON *o, const char *key,
			      size_t maxlen, unsigned how, const char **out)
{
	char why[WHY_LEN];

	if (r->rc)
		return DC_JSON_BAD;
	return settle(r, o, key, how, dc_json_get_string(value_of(o, key), maxlen, how, out, why,
							 sizeof(why)), why);
}

enum dc_json_status dc_jr_copy(struct dc_json_reader *r, const cJSON *o, const char *key,
			       unsigned how, char *dst, size_t dstlen)
{
	char why[WHY_LEN];

	dst[0] = '\0';
	if (r->rc)
		return DC_JSON_BAD;
	return settle(r, o, key, how, dc_json_copy_string(value_of(o, key), how, dst, dstlen, why,
							  sizeof(why)), why);
}

enum dc_json_status dc_jr_enum(struct dc_json_reader *r, const cJSON *o, const char *key,
			       const struct dc_enum_names *names, unsigned how, int *out)
{
	char why[WHY_LEN];

	if (r->rc)
		return DC_JSON_BAD;
	return settle(r, o, key, how, dc_json_get_enum(value_of(o, key), names, how, out, why,
						       sizeof(why)), why);
}

/* An object or an array (getter says which): *out NULL unless it is one. */
static enum dc_json_status container(struct dc_json_reader *r, const cJSON *o, const char *key,
				     unsigned how, const cJSON **out,
				     enum dc_json_status (*getter)(const cJSON *, unsigned,
								   const cJSON **, char *, size_t))
{
	char why[WHY_LEN];
	enum dc_json_status st;

	*out = NULL;
	if (r->rc)
		return DC_JSON_BAD;
	st = getter(value_of(o, key), how, out, why, sizeof(why));
	if (st != DC_JSON_OK)
		*out = NULL;
	return settle(r, o, key, how, st, why);
}

enum dc_json_status dc_jr_obj(struct dc_json_reader *r, const cJSON *o, const char *key,
			      unsigned how, const cJSON **out)
{
	return container(r, o, key, how, out, dc_json_get_object);
}

enum dc_json_status dc_jr_arr(struct dc_json_reader *r, const cJSON *o, const char *key,
			      unsigned how, const cJSON **out)
{
	return container(r, o, key, how, out, dc_json_get_array);
}

/* ---------------------------------------------------------------- the text */

cJSON *dc_json_parse(const char *text, size_t len, const char **end, bool nul_end, int *rc)
{
	unsigned long mark = dc_json_alloc_mark();
	cJSON *root = cJSON_ParseWithLengthOpts(text, len, end, nul_end);

	*rc = 0;
	if (!root)
		*rc = dc_json_alloc_mark() != mark ? -ENOMEM : -EINVAL;
	return root;
}
