/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json_read.h - the one reader of JSON inputs: typed reads by key, where it is, the first error
 * with its path. */
#ifndef DC_JSON_READ_H
#define DC_JSON_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "core/json_get.h"
#include "dc_types.h"

/*
 * Dumps, drivecheck's own --json, smartctl -j, nvme-cli and fio JSON are all read through
 * a struct dc_json_reader. Each read names its key in an object; the reader holds the
 * value to json_get.h's policy (its type, finite, its range, whole where a count belongs,
 * exact, a string no longer than where it goes) and, at the first value that fails,
 * records the error with the full path of the value ("devices[2].wear.percent_used: 1.5 is
 * not a whole number"). Every read after an error does nothing and says DC_JSON_BAD, so a
 * reader of a format reads straight on and checks r->rc once.
 *
 * The path is what the caller entered: dc_jr_enter(r, "wear") adds ".wear",
 * dc_jr_enter_index(r, 2) adds "[2]", dc_jr_leave(r) takes the last one off again.
 *
 * What absence means (a default, "unknown", an error) is the format's: a read of an absent
 * key says DC_JSON_ABSENT and writes nothing, unless DC_JSON_REQUIRED makes it the error
 * "KEY: missing". A read in an object that is not there (o NULL: an optional object that
 * was absent) is absent too, never missing: the object's own absence was the one to judge.
 * A key of NULL reads o itself (an element of an array) at the path as it stands.
 */

/* The "how" flags beyond json_get.h's: the reader's alone. */
#define DC_JSON_REQUIRED 0x100u /* absent is an error: "KEY: missing" */
#define DC_JSON_SOFT     0x200u /* a value of the wrong type or range is the caller's to
				   judge: DC_JSON_BAD, and not the reader's error */

/* The largest count of bits bits (1 to 128), for dc_jr_count's max. */
#define DC_JSON_MAX_BITS(bits) ((bits) >= 128 ? ~(unsigned __int128)0 \
				: ((unsigned __int128)1 << (bits)) - 1)

#define DC_JR_PATH_LEN 256 /* bytes: a longer path is cut */
#define DC_JR_DEPTH    72  /* levels the path keeps; deeper ones are not named */

struct dc_json_reader {
	char *err;                 /* the caller's buffer: the first error's message */
	size_t errlen;
	const char *what;          /* put before each message as "WHAT: " (a file's name,
				      "nvme-cli id-ctrl"); NULL: nothing. May change as it reads */
	int rc;                    /* 0 until the first error: then -EINVAL (the input is bad),
				      -ENOMEM, or what dc_jr_fail_top() was given */
	unsigned inexact;          /* counts taken as DC_JSON_INEXACT (past 2^53, approximate) */
	unsigned depth;            /* levels entered */
	unsigned short mark[DC_JR_DEPTH]; /* the path's length before each level */
	char path[DC_JR_PATH_LEN]; /* where it reads: "devices[2].wear"; "" at the top */
};

/* json_read.c */
/* A reader at the top of a document; err gets the first error ("" until then). err may be
 * NULL with errlen 0 for a reader of soft reads alone, which never holds an error. */
void dc_jr_init(struct dc_json_reader *r, char *err, size_t errlen, const char *what);

/* The path: into a member ("wear", shown ".wear" below the top), into an element ("[2]"),
 * and out of the last level entered. */
void dc_jr_enter(struct dc_json_reader *r, const char *key);
void dc_jr_enter_index(struct dc_json_reader *r, unsigned i);
void dc_jr_leave(struct dc_json_reader *r);

/* Records an error of the input, unless one is recorded already: "WHAT: PATH.KEY: text"
 * (key NULL: "WHAT: PATH: text"; at the top: "WHAT: text"). Returns r->rc: -EINVAL, or the
 * first error's code. */
int dc_jr_fail(struct dc_json_reader *r, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* An error of the input as a whole, with its code, whatever the path: "WHAT: text".
 * Returns r->rc. */
int dc_jr_fail_top(struct dc_json_reader *r, int rc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* -ENOMEM, "WHAT: out of memory". Returns r->rc. */
int dc_jr_nomem(struct dc_json_reader *r);

/* Whether o has key (of any type, null too). */
bool dc_jr_has(const cJSON *o, const char *key);

/*
 * The typed reads: o[key] (o itself when key is NULL) as json_get.h's getter of the same
 * type reads it, with how's flags. Each returns the status: DC_JSON_OK, DC_JSON_ABSENT,
 * DC_JSON_NULL (with DC_JSON_NULL_OK), DC_JSON_INEXACT (counts, with DC_JSON_INEXACT_OK),
 * or DC_JSON_BAD (the value is wrong, or a required one absent: recorded unless
 * DC_JSON_SOFT; or an error was recorded before: nothing was read). *out is written on
 * DC_JSON_OK and DC_JSON_INEXACT only, so a default set before stands, except where said.
 */
enum dc_json_status dc_jr_double(struct dc_json_reader *r, const cJSON *o, const char *key,
				 double lo, double hi, unsigned how, double *out);
enum dc_json_status dc_jr_int(struct dc_json_reader *r, const cJSON *o, const char *key,
			      long long lo, long long hi, unsigned how, long long *out);
enum dc_json_status dc_jr_count(struct dc_json_reader *r, const cJSON *o, const char *key,
				unsigned __int128 max, unsigned how, unsigned __int128 *out);
enum dc_json_status dc_jr_u64(struct dc_json_reader *r, const cJSON *o, const char *key,
			      uint64_t max, unsigned how, uint64_t *out);
enum dc_json_status dc_jr_bool(struct dc_json_reader *r, const cJSON *o, const char *key,
			       unsigned how, bool *out);
/* true or false as yes or no; *out is always written: DC_TRI_UNKNOWN unless DC_JSON_OK. */
enum dc_json_status dc_jr_tri(struct dc_json_reader *r, const cJSON *o, const char *key,
			      unsigned how, enum dc_tri *out);
/* A string of at most maxlen bytes; *out points into the cJSON tree (no copy). */
enum dc_json_status dc_jr_str(struct dc_json_reader *r, const cJSON *o, const char *key,
			      size_t maxlen, unsigned how, const char **out);
/* The same, copied into dst (at most dstlen - 1 characters): dst is always written, "" unless
 * DC_JSON_OK. */
enum dc_json_status dc_jr_copy(struct dc_json_reader *r, const cJSON *o, const char *key,
			       unsigned how, char *dst, size_t dstlen);
/* One of an enum's names (names.h): *out its value. */
enum dc_json_status dc_jr_enum(struct dc_json_reader *r, const cJSON *o, const char *key,
			       const struct dc_enum_names *names, unsigned how, int *out);
/* An object, an array: *out is always written, NULL unless DC_JSON_OK. */
enum dc_json_status dc_jr_obj(struct dc_json_reader *r, const cJSON *o, const char *key,
			      unsigned how, const cJSON **out);
enum dc_json_status dc_jr_arr(struct dc_json_reader *r, const cJSON *o, const char *key,
			      unsigned how, const cJSON **out);

/*
 * A JSON text into a tree, as cJSON_ParseWithLengthOpts(text, len, end, nul_end) makes it
 * (end: where the parse stopped, or NULL). NULL with *rc -ENOMEM when cJSON ran out of
 * memory (json_alloc.h counts it), -EINVAL when the text is not JSON: out of memory is no
 * fault of the file.
 */
cJSON *dc_json_parse(const char *text, size_t len, const char **end, bool nul_end, int *rc);

#endif /* DC_JSON_READ_H */
