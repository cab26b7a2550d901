// SPDX-License-Identifier: GPL-2.0-or-later
/* test_import_pages.c - pages rebuilt for an import read back as the numbers they came from;
 * a field the input lacks is never read as the drive's "no". */
#include <errno.h>
#include <stdlib.h>

#include "dc_test.h"
#include "core/drive.h"
#include "import/import.h"
#include "device/inspect.h"
#include "import/page_build.h"
#include "core/raw.h"
#include "core/whole_number.h"

static const struct dc_io_status not_in_input = { .kind = DC_IO_NOT_IN_INPUT };

static void ata_raw(struct dc_raw *raw, const struct dc_ata_identity *a,
		    const struct dc_ata_attr_in *attrs, unsigned n, const char *lacks)
{
	uint8_t id[512], data[512], thr[512];

	dc_build_ata_identify(id, a);
	dc_build_ata_smart(data, thr, attrs, n);
	CHECK(dc_raw_add(raw, DC_PG_ATA_IDENTIFY, id, 512, NULL) == 0);
	CHECK(dc_raw_add(raw, DC_PG_ATA_SMART_DATA, data, 512, NULL) == 0);
	CHECK(dc_raw_add(raw, DC_PG_ATA_SMART_THRESHOLDS, thr, 512, NULL) == 0);
	if (lacks)
		CHECK(dc_raw_add(raw, DC_PG_NOT_IN_INPUT, lacks, strlen(lacks), NULL) == 0);
}

static void parse(enum dc_protocol proto, const struct dc_raw *raw, struct dc_drive *d)
{
	struct dc_dev dev = { .protocol = proto, .path = "test" };

	dc_inspect_parse(&dev, raw, 0, d);
}

static bool has_error(const struct dc_drive *d, const char *part)
{
	for (unsigned i = 0; i < d->nerrors; i++)
		if (strstr(d->errors[i], part))
			return true;
	return false;
}

static const struct dc_ata_attr_in attrs[] = {
	{ .id = 9, .flags = 0x32, .value = 99, .worst = 99, .has_threshold = true, .threshold = 0,
	  .raw = { 0x39, 0x30 } },                                    /* 12345 hours */
	{ .id = 194, .flags = 0x22, .value = 70, .worst = 60, .has_threshold = true, .threshold = 0,
	  .raw = { 30, 0, 20, 45 } },
	{ .id = 241, .flags = 0x32, .value = 100, .worst = 100, .has_threshold = false,
	  .raw = { 0x00, 0x10 } },
	{ .id = 5, .flags = 0x33, .value = 100, .worst = 100, .has_threshold = true, .threshold = 10,
	  .raw = { 2 } },
};

static void test_ata_round_trip(void)
{
	struct dc_ata_identity a = {
		.model = "INTEL SSDSC2KB960G8", .serial = "PHYF1234", .firmware = "XCV10120",
		.capacity_bytes = 960197124096ull, .logical_block_bytes = 512,
		.physical_block_bytes = 4096, .rotation = 1,
		.smart_supported = DC_TRI_YES, .smart_enabled = DC_TRI_YES,
		.wcache_supported = DC_TRI_YES, .wcache_enabled = DC_TRI_NO,
	};
	struct dc_raw raw = { 0 };
	struct dc_drive d;

	ata_raw(&raw, &a, attrs, 4, NULL);
	parse(DC_PROTO_ATA, &raw, &d);
	CHECK_STR(d.model, "INTEL SSDSC2KB960G8");
	CHECK_STR(d.serial, "PHYF1234");
	CHECK_STR(d.firmware, "XCV10120");
	CHECK(d.rotational == DC_TRI_NO);
	CHECK(d.cache_present == DC_TRI_YES);
	CHECK(d.cache_enabled == DC_TRI_NO);
	CHECK(d.smart.nattrs == 4);
	CHECK(d.wear.have_power_on && d.wear.power_on_hours == 12345);
	CHECK(d.smart.have_temperature && d.smart.temperature_c == 30);
	for (unsigned i = 0; i < d.smart.nattrs && i < 4; i++) {
		CHECK(d.smart.attrs[i].id == attrs[i].id);
		CHECK(d.smart.attrs[i].value == attrs[i].value);
		CHECK(d.smart.attrs[i].worst == attrs[i].worst);
		CHECK(d.smart.attrs[i].threshold_known == attrs[i].has_threshold);
	}
	CHECK(d.smart.attrs[3].threshold == 10 && d.smart.attrs[3].raw == 2);
	/* Intel's 241 counts 32 MiB: 0x1000 of them. */
	CHECK(d.wear.have_written && d.wear.host_written_bytes == 0x1000ull * 32 * 1024 * 1024);
	dc_raw_free(&raw);
}

/* No "Write cache is" line: the words stay valid for SMART, and the cache bit must not
 * read as "no write cache". Nothing known of the words at all: they are not valid. */
static void test_ata_write_cache_not_in_input(void)
{
	struct dc_ata_identity a = { .model = "X", .serial = "S1", .firmware = "F",
				     .smart_supported = DC_TRI_YES, .smart_enabled = DC_TRI_YES,
				     .wcache_supported = DC_TRI_UNKNOWN, .wcache_enabled = DC_TRI_UNKNOWN };
	struct dc_raw raw = { 0 };
	struct dc_drive d;

	ata_raw(&raw, &a, attrs, 1, "ata-identify.write-cache\tsmartctl -a does not print it\n");
	parse(DC_PROTO_ATA, &raw, &d);
	CHECK(d.cache_present == DC_TRI_UNKNOWN);
	CHECK(d.cache_enabled == DC_TRI_UNKNOWN);
	CHECK(has_error(&d, "not in the input (smartctl -a does not print it)"));
	CHECK(!has_error(&d, "words 82/85 not valid"));
	dc_raw_free(&raw);

	/* The same pages without the record: bit 5 clear is the drive's "no". */
	ata_raw(&raw, &a, attrs, 1, NULL);
	parse(DC_PROTO_ATA, &raw, &d);
	CHECK(d.cache_present == DC_TRI_NO);
	dc_raw_free(&raw);

	a.smart_supported = a.smart_enabled = DC_TRI_UNKNOWN;
	ata_raw(&raw, &a, attrs, 1, NULL);
	parse(DC_PROTO_ATA, &raw, &d);
	CHECK(d.cache_present == DC_TRI_UNKNOWN);
	CHECK(has_error(&d, "words 82/85 not valid"));
	dc_raw_free(&raw);
}

static void test_nvme_vwc_not_in_input(void)
{
	struct nvme_id_ctrl id;
	struct dc_nvme_health h = { .temperature_k = 310, .available_spare = 100,
				    .spare_threshold = 10, .percent_used = 3,
				    .data_units_written = 1000, .power_on_hours = 4000,
				    .unsafe_shutdowns = 7, .media_errors = 0 };
	struct nvme_smart_log s;
	struct dc_raw raw = { 0 };
	struct dc_drive d;
	const char lacks[] = "nvme-id-ctrl.vwc\tsmartctl's report does not print the VWC byte\n"
			     "nvme-id-ctrl.awupf\tnot printed\n";

	dc_build_nvme_id_ctrl(&id, "WUS4BB096D7P3E3", "A063F1C7", "R1410004");
	id.awupf = htole16(7);
	dc_build_nvme_smart_log(&s, &h);
	CHECK(dc_raw_add(&raw, DC_PG_NVME_ID_CTRL, &id, sizeof(id), NULL) == 0);
	CHECK(dc_raw_add(&raw, DC_PG_NVME_LOG_SMART, &s, sizeof(s), NULL) == 0);
	CHECK(dc_raw_add(&raw, DC_PG_NVME_FEAT_VWC, NULL, 0, &not_in_input) == 0);
	CHECK(dc_raw_add(&raw, DC_PG_NOT_IN_INPUT, lacks, strlen(lacks), NULL) == 0);
	parse(DC_PROTO_NVME, &raw, &d);
	CHECK_STR(d.model, "WUS4BB096D7P3E3");
	CHECK(d.cache_present == DC_TRI_UNKNOWN); /* vwc byte 0 there is no answer */
	CHECK(has_error(&d, "volatile write cache (nvme VWC): not in the input"));
	for (unsigned i = 0; i < d.nevidence; i++) {
		CHECK(d.evidence[i].kind != DC_EV_NO_VWC);
		CHECK(strcmp(d.evidence[i].what, "AWUPF") != 0);
	}
	CHECK(d.wear.have_percent_used && d.wear.percent_used == 3);
	CHECK(d.wear.host_written_bytes == 1000ull * 512000);
	CHECK(d.wear.power_on_hours == 4000 && d.wear.unsafe_shutdowns == 7);
	CHECK(d.smart.temperature_c == 37);
	{
		char buf[64];

		CHECK_STR(dc_raw_strerror(&not_in_input, buf, sizeof(buf)), "not in the input");
		CHECK(dc_raw_lacks(&raw, "nvme-id-ctrl.vwc", buf, sizeof(buf)) != NULL);
		CHECK_STR(buf, "smartctl's report does not print the VWC byte");
		CHECK(dc_raw_lacks(&raw, "nvme-id-ctrl.vw", buf, sizeof(buf)) == NULL);
		CHECK(dc_raw_lacks(&raw, "nvme-id-ns.nawupf", buf, sizeof(buf)) == NULL);
	}
	dc_raw_free(&raw);
}

/* The digits tools print for numbers too wide for a JSON double, to their last bit. */
static void test_whole_number(void)
{
	unsigned __int128 v = 0, max = ~(unsigned __int128)0;

	CHECK(dc_whole_number("340282366920938463463374607431768211455", false, &v) == 0 && v == max);
	CHECK(dc_whole_number("340282366920938463463374607431768211456", false, &v) == -ERANGE);
	CHECK(dc_whole_number("0xffffffffffffffffffffffffffffffff", true, &v) == 0 && v == max);
	CHECK(dc_whole_number("0x1ffffffffffffffffffffffffffffffff", true, &v) == -ERANGE);
	CHECK(dc_whole_number("0x1F", true, &v) == 0 && v == 31);
	CHECK(dc_whole_number("0x1F", false, &v) == -EINVAL);
	CHECK(dc_whole_number("0x", true, &v) == -EINVAL);
	CHECK(dc_whole_number("", false, &v) == -EINVAL);
	CHECK(dc_whole_number("12 ", false, &v) == -EINVAL);
	CHECK(dc_whole_number("-1", false, &v) == -EINVAL);
	CHECK(dc_whole_number("18446744073709551616", false, &v) == 0 &&
	      v == (unsigned __int128)UINT64_MAX + 1);
}

int main(void)
{
	test_whole_number();
	test_ata_round_trip();
	test_ata_write_cache_not_in_input();
	test_nvme_vwc_not_in_input();
	return dc_test_summary("test_import_pages");
}
