// SPDX-License-Identifier: GPL-2.0-or-later
/* test_json_get.c - the one reader of JSON values: types, signs, finiteness, whole numbers,
 * exactness past 2^53, the bounds of C types, string lengths and enum names, each with the
 * reason a caller prints. */
#include <float.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "dc_test.h"
#include "core/json_get.h"
#include "core/names.h"
#include "device/probe/probe_result.h"

static char why[256];

/* The value of a JSON text (owned by the caller). */
static cJSON *v(const char *text)
{
	cJSON *j = cJSON_Parse(text);

	if (!j)
		fprintf(stderr, "cannot parse %s\n", text);
	return j;
}

#define CHECK_WHY(s) do {						\
	if (!strstr(why, (s))) {					\
		dc_test_failed++;					\
		fprintf(stderr, "%s:%d: FAIL why '%s' lacks '%s'\n", __FILE__,	\
			__LINE__, why, (s));				\
	} else {							\
		dc_test_passed++;					\
	}								\
} while (0)

static enum dc_json_status dbl(const char *text, double lo, double hi, unsigned how, double *out)
{
	cJSON *j = v(text);
	enum dc_json_status st;

	why[0] = '\0';
	st = dc_json_get_double(j, lo, hi, how, out, why, sizeof(why));
	cJSON_Delete(j);
	return st;
}

static void test_double(void)
{
	double d = 7;

	CHECK(dbl("12.5", 0, DBL_MAX, 0, &d) == DC_JSON_OK && d == 12.5);
	d = 7;
	CHECK(dbl("-5", 0, DBL_MAX, 0, &d) == DC_JSON_BAD && d == 7); /* *out untouched */
	CHECK_WHY("-5 is negative");
	CHECK(dbl("1e999", 0, DBL_MAX, 0, &d) == DC_JSON_BAD);
	CHECK_WHY("not a finite number");
	CHECK(dbl("-1e999", -DBL_MAX, DBL_MAX, 0, &d) == DC_JSON_BAD);
	CHECK_WHY("not a finite number");
	CHECK(dbl("1e300", 0, 3.6e9, 0, &d) == DC_JSON_BAD);
	CHECK_WHY("1e+300 is out of range (0 to 3.6e+09)");
	CHECK(dbl("-3", -10, 10, 0, &d) == DC_JSON_OK && d == -3);
	CHECK(dbl("\"12\"", 0, DBL_MAX, 0, &d) == DC_JSON_BAD);
	CHECK_WHY("want a number, not a string");
	CHECK(dbl("\"12.5\"", 0, DBL_MAX, DC_JSON_NUM_STRING, &d) == DC_JSON_OK && d == 12.5);
	CHECK(dbl("\" 12\"", 0, DBL_MAX, DC_JSON_NUM_STRING, &d) == DC_JSON_BAD);
	CHECK(dbl("\"nan\"", 0, DBL_MAX, DC_JSON_NUM_STRING, &d) == DC_JSON_BAD);
	CHECK(dbl("\"-1\"", 0, DBL_MAX, DC_JSON_NUM_STRING, &d) == DC_JSON_BAD);
	CHECK_WHY("-1 is negative");
	CHECK(dbl("\"12x\"", 0, DBL_MAX, DC_JSON_NUM_STRING, &d) == DC_JSON_BAD);
	CHECK(dbl("null", 0, DBL_MAX, 0, &d) == DC_JSON_BAD);
	CHECK_WHY("want a number, not null");
	CHECK(dbl("null", 0, DBL_MAX, DC_JSON_NULL_OK, &d) == DC_JSON_NULL);
	CHECK(dbl("true", 0, DBL_MAX, DC_JSON_NULL_OK, &d) == DC_JSON_BAD);
	CHECK_WHY("want a number or null, not a bool");
	CHECK(dc_json_get_double(NULL, 0, 1, 0, &d, why, sizeof(why)) == DC_JSON_ABSENT);
}

static void test_int(void)
{
	long long x = 0;
	cJSON *j;

	j = v("-40");
	CHECK(dc_json_get_int(j, -128, 127, 0, &x, why, sizeof(why)) == DC_JSON_OK && x == -40);
	cJSON_Delete(j);
	j = v("1.5");
	CHECK(dc_json_get_int(j, -128, 127, 0, &x, why, sizeof(why)) == DC_JSON_BAD);
	CHECK_WHY("1.5 is not a whole number");
	cJSON_Delete(j);
	j = v("128");
	CHECK(dc_json_get_int(j, -128, 127, 0, &x, why, sizeof(why)) == DC_JSON_BAD);
	CHECK_WHY("128 is out of range (-128 to 127)");
	cJSON_Delete(j);
	/* bounds past 2^53 are held to it: a double there is not exact */
	j = v("1e300");
	CHECK(dc_json_get_int(j, LLONG_MIN, LLONG_MAX, 0, &x, why, sizeof(why)) == DC_JSON_BAD);
	cJSON_Delete(j);
}

static enum dc_json_status count(const char *text, unsigned __int128 max, unsigned how,
				 unsigned __int128 *out)
{
	cJSON *j = v(text);
	enum dc_json_status st;

	why[0] = '\0';
	st = dc_json_get_count(j, max, how, out, why, sizeof(why));
	cJSON_Delete(j);
	return st;
}

static void test_count(void)
{
	unsigned __int128 x = 0, all = ~(unsigned __int128)0;
	uint64_t u = 0;
	cJSON *j;

	CHECK(count("4096", 65535, 0, &x) == DC_JSON_OK && x == 4096);
	CHECK(count("-1", 65535, 0, &x) == DC_JSON_BAD);
	CHECK_WHY("-1 is negative");
	CHECK(count("-0.5", 65535, 0, &x) == DC_JSON_BAD);
	CHECK_WHY("negative");
	CHECK(count("2.5", 65535, 0, &x) == DC_JSON_BAD);
	CHECK_WHY("2.5 is not a whole number");
	CHECK(count("65536", 65535, 0, &x) == DC_JSON_BAD);
	CHECK_WHY("65536 is out of range (0 to 65535)");
	CHECK(count("9007199254740991", all, 0, &x) == DC_JSON_OK && x == 9007199254740991ull);
	CHECK(count("9007199254740992", all, 0, &x) == DC_JSON_BAD);
	CHECK_WHY("2^53 or more");
	CHECK(count("1e30", all, DC_JSON_INEXACT_OK, &x) == DC_JSON_INEXACT && x > UINT64_MAX);
	CHECK(count("1e39", all, DC_JSON_INEXACT_OK, &x) == DC_JSON_BAD);
	CHECK_WHY("more than 128 bits");
	CHECK(count("1e30", UINT64_MAX, DC_JSON_INEXACT_OK, &x) == DC_JSON_BAD);
	CHECK_WHY("out of range (0 to 18446744073709551615)");
	CHECK(count("\"12\"", all, 0, &x) == DC_JSON_BAD);
	CHECK_WHY("want a number, not a string");
	CHECK(count("\"340282366920938463463374607431768211455\"", all, DC_JSON_DIGITS, &x) ==
	      DC_JSON_OK && x == all);
	CHECK(count("\"340282366920938463463374607431768211456\"", all, DC_JSON_DIGITS, &x) ==
	      DC_JSON_BAD);
	CHECK_WHY("more than 128 bits");
	CHECK(count("\"-1\"", all, DC_JSON_DIGITS, &x) == DC_JSON_BAD);
	CHECK_WHY("not a whole number");
	CHECK(count("\"0x10\"", all, DC_JSON_DIGITS, &x) == DC_JSON_BAD);
	CHECK(count("\"0x10\"", all, DC_JSON_DIGITS | DC_JSON_HEX, &x) == DC_JSON_OK && x == 16);
	CHECK(count("[1]", all, DC_JSON_DIGITS, &x) == DC_JSON_BAD);
	CHECK_WHY("want a number or a string of digits, not an array");
	/* 64 bits: the cast is never past UINT64_MAX */
	j = v("18446744073709551616");
	CHECK(dc_json_get_u64(j, UINT64_MAX, DC_JSON_INEXACT_OK, &u, why, sizeof(why)) ==
	      DC_JSON_BAD);
	cJSON_Delete(j);
	j = v("\"18446744073709551615\"");
	CHECK(dc_json_get_u64(j, UINT64_MAX, DC_JSON_DIGITS, &u, why, sizeof(why)) == DC_JSON_OK &&
	      u == UINT64_MAX);
	cJSON_Delete(j);
}

static void test_strings(void)
{
	const char *s = NULL;
	const cJSON *o = NULL;
	char dst[8];
	bool b = false;
	int e = -7;
	cJSON *j;

	j = v("\"abc\"");
	CHECK(dc_json_get_string(j, 3, 0, &s, why, sizeof(why)) == DC_JSON_OK && !strcmp(s, "abc"));
	CHECK(dc_json_get_string(j, 2, 0, &s, why, sizeof(why)) == DC_JSON_BAD);
	CHECK_WHY("3 characters, more than 2");
	cJSON_Delete(j);
	j = v("\"1234567890\"");
	strcpy(dst, "x");
	CHECK(dc_json_copy_string(j, 0, dst, sizeof(dst), why, sizeof(why)) == DC_JSON_BAD &&
	      !dst[0]);
	CHECK_WHY("10 characters, more than 7");
	cJSON_Delete(j);
	j = v("\"a\\u001bb\"");
	CHECK(dc_json_get_string(j, 64, 0, &s, why, sizeof(why)) == DC_JSON_OK);
	CHECK(dc_json_get_string(j, 64, DC_JSON_PRINTABLE, &s, why, sizeof(why)) == DC_JSON_BAD);
	CHECK_WHY("printable ASCII (0x1b) at 1");
	cJSON_Delete(j);
	j = v("5");
	CHECK(dc_json_get_string(j, 64, 0, &s, why, sizeof(why)) == DC_JSON_BAD);
	CHECK_WHY("want a string, not a number");
	CHECK(dc_json_get_bool(j, 0, &b, why, sizeof(why)) == DC_JSON_BAD);
	CHECK_WHY("want a bool, not a number");
	CHECK(dc_json_get_object(j, DC_JSON_NULL_OK, &o, why, sizeof(why)) == DC_JSON_BAD);
	CHECK_WHY("want an object or null, not a number");
	cJSON_Delete(j);
	j = v("true");
	CHECK(dc_json_get_bool(j, 0, &b, why, sizeof(why)) == DC_JSON_OK && b);
	cJSON_Delete(j);
	/* enums by the very table their writer prints from */
	j = v("\"raw\"");
	CHECK(dc_json_get_enum(j, &dc_probe_mode_names, 0, &e, why, sizeof(why)) == DC_JSON_OK &&
	      e == DC_PROBE_RAW);
	cJSON_Delete(j);
	j = v("\"unknown\"");
	CHECK(dc_json_get_enum(j, &dc_tri_names, 0, &e, why, sizeof(why)) == DC_JSON_OK &&
	      e == DC_TRI_UNKNOWN);
	cJSON_Delete(j);
	j = v("\"maybe\"");
	e = 5;
	CHECK(dc_json_get_enum(j, &dc_tri_names, 0, &e, why, sizeof(why)) == DC_JSON_BAD && e == 5);
	CHECK_WHY("unknown answer 'maybe' (want \"unknown\", \"no\", \"yes\")");
	cJSON_Delete(j);
	for (int t = DC_TRI_UNKNOWN; t <= DC_TRI_YES; t++) {
		int back = 9;

		CHECK(dc_enum_from_name(&dc_tri_names, dc_enum_name(&dc_tri_names, t, "?"), &back) == 0 &&
		      back == t);
		CHECK_STR(dc_enum_name(&dc_tri_names, t, "?"), dc_tri_name((enum dc_tri)t));
	}
	CHECK_STR(dc_enum_name(&dc_tri_names, 7, "?"), "?");
}

int main(void)
{
	test_double();
	test_int();
	test_count();
	test_strings();
	return dc_test_summary("test_json_get");
}
