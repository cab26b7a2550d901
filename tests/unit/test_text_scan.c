// SPDX-License-Identifier: GPL-2.0-or-later
/* test_text_scan.c - numbers in other tools' text: no sign where none belongs, no value past
 * its type (sscanf's "%llu" takes "-1" and wraps), and smartctl's text read through it. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dc_test.h"
#include "import/import.h"
#include "import/text_scan.h"
#include "sample_file.h"

static void test_u64(void)
{
	const char *s;
	uint64_t v = 7;

	s = "4096 bytes";
	CHECK(dc_text_u64(&s, 10, 0, UINT64_MAX, &v) == 0 && v == 4096 && !strcmp(s, " bytes"));
	s = "-1";
	CHECK(dc_text_u64(&s, 10, 0, UINT64_MAX, &v) == -EINVAL && v == 4096);
	s = "+1";
	CHECK(dc_text_u64(&s, 10, 0, UINT64_MAX, &v) == -EINVAL);
	s = " 1";
	CHECK(dc_text_u64(&s, 10, 0, UINT64_MAX, &v) == -EINVAL);
	s = "18446744073709551615";
	CHECK(dc_text_u64(&s, 10, 0, UINT64_MAX, &v) == 0 && v == UINT64_MAX);
	s = "18446744073709551616";
	CHECK(dc_text_u64(&s, 10, 0, UINT64_MAX, &v) == -ERANGE);
	s = "99999999999999999999999999999999999999999999999999999999999999999999999999999";
	CHECK(dc_text_u64(&s, 10, 0, UINT64_MAX, &v) == -ERANGE);
	s = "65536";
	CHECK(dc_text_u64(&s, 10, 0, 65535, &v) == -ERANGE);
	s = "0x1f";
	CHECK(dc_text_u64(&s, 16, 0, UINT64_MAX, &v) == 0 && v == 0 && !strcmp(s, "x1f"));
	s = "1fZ";
	CHECK(dc_text_u64(&s, 16, 0, UINT64_MAX, &v) == 0 && v == 0x1f && !strcmp(s, "Z"));
	s = "12345";
	CHECK(dc_text_u64(&s, 10, 2, UINT64_MAX, &v) == 0 && v == 12 && !strcmp(s, "345"));
}

static void test_scan(void)
{
	unsigned long long a = 0, b = 0;
	long long t = 0;
	unsigned u = 0;
	double d = 0;
	char word[8];
	int n = 0;

	CHECK(dc_text_scan("34 (Min/Max -20/45)%", "%lld (Min/Max %lld/%lld)%n", &t, &t, &t, &n) == 3 &&
	      t == 45 && n == 19);
	CHECK(dc_text_scan("-5 C", "%lld C%n", &t, &n) == 1 && t == -5 && n == 4);
	/* sscanf takes these; a reader of numbers must not */
	CHECK(dc_text_scan("-1", "%llu", &a) == 0);
	CHECK(dc_text_scan("-4294967295%", "%u%%", &u) == 0);
	CHECK(dc_text_scan("4294967296", "%u", &u) == 0);
	CHECK(dc_text_scan("18446744073709551616", "%llu", &a) == 0);
	CHECK(dc_text_scan("9223372036854775808", "%lld", &t) == 0);
	CHECK(dc_text_scan("-9223372036854775808", "%lld", &t) == 1 && t == INT64_MIN);
	CHECK(dc_text_scan("0x0x12", "0x%llx%n", &a, &n) == 1 && a == 0 && n == 3);
	/* what they take alike */
	CHECK(dc_text_scan("5%", "%u%%", &u) == 1 && u == 5);
	CHECK(dc_text_scan("123 (4 5)", "%llu (%llu %llu)%n", &a, &b, &b, &n) == 3 && a == 123 &&
	      b == 5 && n == 9);
	CHECK(dc_text_scan("0x07  =====", "0x%2x  =====", &u) == 1 && u == 7);
	CHECK(dc_text_scan("0x01 0x018 6 1234 ---", "0x%2x 0x%3x %u %7s", &u, &u, &u, word) == 4 &&
	      !strcmp(word, "1234"));
	CHECK(dc_text_scan("    0  162438.759   0", "%llu %lf %llu", &a, &d, &b) == 3 && d == 162438.759);
	CHECK(dc_text_scan("1e5", "%lf", &d) == 1 && d == 1); /* no exponent: "e5" is left */
	CHECK(dc_text_scan("-1.5", "%lf", &d) == 0);
	CHECK(dc_text_scan("[asc=5d, ascq=10]", "[asc=%x, ascq=%x]", &u, &u) == 2 && u == 0x10);
	CHECK(dc_text_scan("", "%u", &u) == 0);
}

/* The raw-value print forms of smartctl, and what a sign or a wrap did to them. */
static void test_raw_values(void)
{
	uint8_t raw[6], r7;

	CHECK(dc_import_smartctl_raw("123 (4 5 6)", raw, &r7) && raw[0] == 123 && raw[5] == 4);
	/* -(2^64 - 123) read by "%llu" is 123 */
	CHECK(!dc_import_smartctl_raw("-18446744073709551493 (4 5 6)", raw, &r7));
	CHECK(!dc_import_smartctl_raw("30 (-18446744073709551615 2 3 4 5)", raw, &r7));
	CHECK(!dc_import_smartctl_raw("1 2 -18446744073709551613", raw, &r7));
	CHECK(!dc_import_smartctl_raw("99999999999999999999/1", raw, &r7));
	CHECK(dc_import_smartctl_raw("34 (Min/Max 20/45)", raw, &r7) && raw[0] == 34 && raw[3] == 45);
	CHECK(dc_import_smartctl_raw("-2 (Min/Max -10/45)", raw, &r7) && raw[0] == 0xFE);
}

/* A report's sector sizes written with a sign: not taken (sscanf read them as 512 and 4096). */
static void test_report(void)
{
	static const char path[] = "data/import/linuxhw/SSD/Samsung/SSD_883_DCT_1.92TB/024F028C094B.txt";
	static const char good[] = "512 bytes logical, 4096 bytes physical";
	static const char bad[] = "-4294966784 bytes logical, -4294963200 bytes physical";
	size_t len;
	char *text = slurp(path, &len), *at = text ? strstr(text, good) : NULL, err[256];
	struct dc_import_parts parts = { 0 };

	CHECK(at != NULL);
	if (!at) {
		free(text);
		return;
	}
	CHECK(dc_import_smartctl_text(text, len, &parts, err, sizeof(err)) == 1);
	CHECK(parts.n == 1 && parts.v[0].dev.logical_block_bytes == 512 &&
	      parts.v[0].dev.physical_block_bytes == 4096);
	dc_import_parts_free(&parts);
	{
		size_t n = len + sizeof(bad);
		char *t = malloc(n);

		snprintf(t, n, "%.*s%s%s", (int)(at - text), text, bad, at + strlen(good));
		CHECK(dc_import_smartctl_text(t, strlen(t), &parts, err, sizeof(err)) == 1);
		CHECK(parts.n == 1 && parts.v[0].dev.logical_block_bytes == 0 &&
		      parts.v[0].dev.physical_block_bytes == 0);
		dc_import_parts_free(&parts);
		free(t);
	}
	free(text);
}

int main(void)
{
	test_u64();
	test_scan();
	test_raw_values();
	test_report();
	return dc_test_summary("test_text_scan");
}
