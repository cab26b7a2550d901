/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json_get.h - typed reads of cJSON values: one policy for every JSON input drivecheck reads. */
#ifndef DC_JSON_GET_H
#define DC_JSON_GET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

struct dc_enum_names;

/*
 * Dumps, drivecheck's own --json, smartctl -j, nvme-cli and fio JSON all go through these
 * getters (their readers call them through core/json_read.h, which names the key and keeps
 * the path), so a value is held to the same rules whichever file it came in: the type it
 * must have, finite, not negative unless asked, a whole number where a count belongs,
 * never past what its C type holds (a double cast to an integer out of range is undefined
 * behaviour), exact (a JSON number is a double: whole numbers are exact below 2^53 only),
 * a string no longer than where it goes.
 *
 * Each getter takes the value as cJSON_GetObjectItemCaseSensitive() gives it (NULL when
 * the key is absent) and returns a status; *out is written only on DC_JSON_OK (and
 * DC_JSON_INEXACT). On DC_JSON_BAD, why gets the reason without the key's name ("-5 is
 * negative", "want a number, not a string"): the caller knows where the value was and
 * prefixes it. What absence means (a default, "unknown", an error) is the format's, and
 * is the caller's to decide; null is an error unless DC_JSON_NULL_OK says it may be.
 */
enum dc_json_status {
	DC_JSON_OK = 0,
	DC_JSON_ABSENT,      /* no such key (the value is NULL) */
	DC_JSON_NULL,        /* null, where DC_JSON_NULL_OK allows it */
	DC_JSON_INEXACT,     /* a number of 2^53 or more, where DC_JSON_INEXACT_OK allows it:
				*out is the double's value, which may be off by its rounding */
	DC_JSON_BAD,         /* of the wrong type or out of range: why says which */
};

/* The "how" flags. */
#define DC_JSON_NULL_OK     0x01u /* null is DC_JSON_NULL, not an error */
#define DC_JSON_DIGITS      0x02u /* counts: a string of decimal digits is the number too */
#define DC_JSON_HEX         0x04u /* counts, with DC_JSON_DIGITS: and "0x" hex digits */
#define DC_JSON_INEXACT_OK  0x08u /* counts: a number of 2^53 or more is DC_JSON_INEXACT */
#define DC_JSON_PRINTABLE   0x10u /* strings: printable ASCII only */
#define DC_JSON_NUM_STRING  0x20u /* doubles: a string holding a decimal number is taken */

/* json_get.c */
/* "a string", "a number", "a bool", "null", "an array", "an object" ("nothing" for NULL). */
const char *dc_json_type_name(const cJSON *v);

/* A finite number in [lo, hi]. */
enum dc_json_status dc_json_get_double(const cJSON *v, double lo, double hi, unsigned how,
				       double *out, char *why, size_t len);
/* A whole number in [lo, hi]; the bounds are held to +-2^53, where doubles are exact. */
enum dc_json_status dc_json_get_int(const cJSON *v, long long lo, long long hi, unsigned how,
				    long long *out, char *why, size_t len);
/* A whole count in [0, max]: a JSON number below 2^53, or as how allows, a string of
 * digits (exact to 128 bits) or a larger number (DC_JSON_INEXACT). */
enum dc_json_status dc_json_get_count(const cJSON *v, unsigned __int128 max, unsigned how,
				      unsigned __int128 *out, char *why, size_t len);
/* The same, for a count that fits 64 bits (max at most UINT64_MAX). */
enum dc_json_status dc_json_get_u64(const cJSON *v, uint64_t max, unsigned how, uint64_t *out,
				    char *why, size_t len);
/* true or false. */
enum dc_json_status dc_json_get_bool(const cJSON *v, unsigned how, bool *out, char *why,
				     size_t len);
/* A string of at most maxlen bytes; *out points into the cJSON tree (no copy). */
enum dc_json_status dc_json_get_string(const cJSON *v, size_t maxlen, unsigned how,
				       const char **out, char *why, size_t len);
/* The same, copied into dst (dstlen bytes, so at most dstlen - 1 characters). On anything
 * but DC_JSON_OK dst is "". */
enum dc_json_status dc_json_copy_string(const cJSON *v, unsigned how, char *dst, size_t dstlen,
					char *why, size_t len);
/* One of an enum's names (names.h): *out its value; "unknown transport 'x'" otherwise. */
enum dc_json_status dc_json_get_enum(const cJSON *v, const struct dc_enum_names *names,
				     unsigned how, int *out, char *why, size_t len);
/* An object, or an array: the type alone. */
enum dc_json_status dc_json_get_object(const cJSON *v, unsigned how, const cJSON **out,
				       char *why, size_t len);
enum dc_json_status dc_json_get_array(const cJSON *v, unsigned how, const cJSON **out,
				      char *why, size_t len);

#endif /* DC_JSON_GET_H */
