// SPDX-License-Identifier: GPL-2.0-or-later
/* test_model.c - model-string normalisation and matching, the base of every database answer. */
#include "dc_test.h"
#include "core/model.h"

static void test_normalize(void)
{
	char out[64];

	dc_model_normalize("  Micron_5300_MTFDDAK960TDS  ", out, sizeof(out));
	CHECK_STR(out, "MICRON 5300 MTFDDAK960TDS");
	dc_model_normalize("Samsung SSD 860 EVO 1TB", out, sizeof(out));
	CHECK_STR(out, "SAMSUNG SSD 860 EVO 1TB");
	dc_model_normalize("WDC  WDS100T2B0A-00SM50\t", out, sizeof(out));
	CHECK_STR(out, "WDC WDS100T2B0A-00SM50");
	/* bytes outside printable ASCII vanish, whatever a hostile drive sends */
	dc_model_normalize("IN\x01TEL\xff SSD\x7f", out, sizeof(out));
	CHECK_STR(out, "INTEL SSD");
	dc_model_normalize("", out, sizeof(out));
	CHECK_STR(out, "");
	/* never overruns a short buffer, always terminates */
	dc_model_normalize("ABCDEFGHIJ", out, 4);
	CHECK_STR(out, "ABC");
	dc_model_normalize("AB CD", out, 3);
	CHECK(strlen(out) <= 2);
}

static void test_strip_and_match(void)
{
	CHECK_STR(dc_model_strip_vendor("SAMSUNG MZ7LH960HAJR-00005"), "MZ7LH960HAJR-00005");
	CHECK_STR(dc_model_strip_vendor("INTEL SSDSC2KB960G8"), "SSDSC2KB960G8");
	CHECK_STR(dc_model_strip_vendor("SAMSUNGX 1"), "SAMSUNGX 1");      /* a word, not a prefix */
	CHECK_STR(dc_model_strip_vendor("SAMSUNG"), "SAMSUNG");            /* nothing after it */
	CHECK(dc_model_match("MZ7LH*", "SAMSUNG MZ7LH960HAJR-00005"));
	CHECK(dc_model_match("MZ7LH*", "MZ7LH960HAJR-00005"));
	CHECK(dc_model_match("SAMSUNG MZ7LH*", "SAMSUNG MZ7LH960HAJR-00005"));
	CHECK(!dc_model_match("MZ7KH*", "SAMSUNG MZ7LH960HAJR-00005"));
	CHECK(dc_model_match("SSDSC2K[BG]*", "INTEL SSDSC2KG480G8"));
	CHECK(!dc_model_match("SSDSC2K[BG]*", "INTEL SSDSC2KW480G8"));
	CHECK(dc_model_pattern_weight("MZ7LH*") == 5);
	CHECK(dc_model_pattern_weight("SSDSC2K[BG]*") == 8);
	CHECK(dc_model_pattern_weight("*") == 0);
	CHECK(dc_model_pattern_weight("A?C") == 2);
}

/* What sysfs shows as device/model: the rule an imported report's udev rule and
 * sysfs_model follow, so that they match what the live path reads from the kernel. */
static void test_sysfs_model(void)
{
	char out[64];

	/* libata puts an ATA model's first 16 characters in INQUIRY's product field */
	dc_model_sysfs("INTEL SSDSC2KG960G8", true, out, sizeof(out));
	CHECK_STR(out, "INTEL SSDSC2KG96");
	/* the cut falls on a blank: sysfs shows it, udev drops it */
	dc_model_sysfs("Samsung SSD 860 EVO 1TB", true, out, sizeof(out));
	CHECK_STR(out, "Samsung SSD 860");
	dc_model_sysfs("ST4000NM0033", true, out, sizeof(out));
	CHECK_STR(out, "ST4000NM0033");
	/* an NVMe controller's model is shown whole */
	dc_model_sysfs("SAMSUNG MZQL2960HCJR-00A07", false, out, sizeof(out));
	CHECK_STR(out, "SAMSUNG MZQL2960HCJR-00A07");
	/* in place, and never past a short buffer */
	snprintf(out, sizeof(out), "%s", "SAMSUNG MZ7LH960HAJR-00005");
	CHECK(dc_model_sysfs(out, true, out, sizeof(out)) == 16);
	CHECK_STR(out, "SAMSUNG MZ7LH960");
	dc_model_sysfs("ABCDEFGHIJ", true, out, 4);
	CHECK_STR(out, "ABC");
}

int main(void)
{
	test_normalize();
	test_strip_and_match();
	test_sysfs_model();
	return dc_test_summary("test_model");
}
