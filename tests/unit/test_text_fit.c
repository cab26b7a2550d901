// SPDX-License-Identifier: GPL-2.0-or-later
/* test_text_fit.c - copies into fixed-size fields: whole when they fit, else cut with "..."
 * at the end and the caller told, never a silent cut that passes for the whole. */
#include <string.h>

#include "dc_test.h"
#include "core/text_fit.h"

int main(void)
{
	char b8[8], b1[1], b2[2];

	CHECK(!dc_fit(b8, sizeof(b8), "sda") && !strcmp(b8, "sda"));
	CHECK(!dc_fit(b8, sizeof(b8), "1234567") && !strcmp(b8, "1234567")); /* 7 + NUL: whole */
	CHECK(dc_fit(b8, sizeof(b8), "12345678") && !strcmp(b8, "1234..."));
	CHECK(dc_fit(b1, sizeof(b1), "x") && !b1[0]);
	CHECK(dc_fit(b2, sizeof(b2), "xy") && !strcmp(b2, "."));
	CHECK(!dc_fit(b1, sizeof(b1), "") && !b1[0]);
	CHECK(!dc_fitf(b8, sizeof(b8), "%s:%d", "ab", 12) && !strcmp(b8, "ab:12"));
	CHECK(dc_fitf(b8, sizeof(b8), "%s was opened by %s", "/dev/sda", "pid 1") &&
	      !strcmp(b8, "/dev..."));
	return dc_test_summary("test_text_fit");
}
