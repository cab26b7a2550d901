// SPDX-License-Identifier: GPL-2.0-or-later
/* test_parse_nvme.c - the NVMe parser on crafted pages: VWC, feature 0x06, the OCP log and
 * SMART / Health, and hostile input (short, all-0xFF, all-zero, wrong GUID) that must not mislead. */
#include <errno.h>
#include <endian.h>
#include <stdlib.h>

#include <nvme/types.h>

#include "dc_test.h"
#include "core/drive.h"
#include "parse_helpers.h"
#include "core/raw.h"
#include "device/protocol.h"

static const struct dc_io_status st_eacces = { .kind = DC_IO_ERRNO, .errnum = EACCES };

static const uint8_t ocp_guid[16] = {
	0xC5, 0xAF, 0x10, 0x28, 0xEA, 0xBF, 0xF2, 0xA4,
	0x9C, 0x4F, 0x6F, 0x7C, 0xC9, 0x14, 0xD5, 0xAF,
};

static void parse_nvme(struct dc_raw *raw, struct dc_drive *d)
{
	memset(d, 0, sizeof(*d));
	d->cache_present = d->cache_enabled = DC_TRI_UNKNOWN;
	dc_nvme_parse(raw, d);
}

static void nvme_pages(struct dc_raw *raw, uint8_t vwc, uint32_t feat, uint8_t crit,
		       const uint8_t *c0)
{
	struct nvme_id_ctrl id;
	struct nvme_smart_log smart;
	uint32_t le = htole32(feat);

	memset(&id, 0, sizeof(id));
	memset(&smart, 0, sizeof(smart));
	memcpy(id.mn, "SAMSUNG MZQL2960HCJR-00A07              ", sizeof(id.mn));
	memcpy(id.sn, "S64FNE0R000000      ", sizeof(id.sn));
	memcpy(id.fr, "GDC5A02Q", sizeof(id.fr));
	id.vwc = vwc;
	smart.critical_warning = crit;
	smart.percent_used = 7;
	smart.data_units_written[0] = 100; /* 100 * 512000 bytes */
	smart.power_on_hours[0] = 0x10;
	smart.power_on_hours[1] = 0x27;    /* 10000 */
	dc_raw_add(raw, DC_PG_NVME_ID_CTRL, &id, sizeof(id), NULL);
	dc_raw_add(raw, DC_PG_NVME_FEAT_VWC, &le, 4, NULL);
	dc_raw_add(raw, DC_PG_NVME_LOG_SMART, &smart, sizeof(smart), NULL);
	if (c0)
		dc_raw_add(raw, DC_PG_NVME_LOG_C0, c0, 512, NULL);
}

static void test_nvme(void)
{
	struct dc_raw raw = { 0 };
	struct dc_drive d;
	uint8_t c0[512] = { 0 };

	/* PM9A3: vwc 0x6 has bit 0 clear: no volatile cache, whatever bits 2:1 say. */
	nvme_pages(&raw, 0x6, 0, 0, NULL);
	parse_nvme(&raw, &d);
	CHECK_STR(d.model, "SAMSUNG MZQL2960HCJR-00A07");
	CHECK_STR(d.serial, "S64FNE0R000000");
	CHECK(d.cache_present == DC_TRI_NO);
	CHECK(d.cache_enabled == DC_TRI_NO);
	CHECK(has_ev(&d, DC_EV_NO_VWC));
	CHECK(d.wear.have_percent_used && d.wear.percent_used == 7);
	CHECK(d.wear.host_written_bytes == 100ull * 512000);
	CHECK(d.wear.power_on_hours == 10000);
	dc_raw_free(&raw);

	/* 980 PRO: vwc 0x7, cache present, feature 0x06 says enabled. */
	nvme_pages(&raw, 0x7, 1, 0, NULL);
	parse_nvme(&raw, &d);
	CHECK(d.cache_present == DC_TRI_YES && d.cache_enabled == DC_TRI_YES);
	CHECK(!has_ev(&d, DC_EV_PLP));
	dc_raw_free(&raw);

	/* present but switched off */
	nvme_pages(&raw, 0x1, 0, 0, NULL);
	parse_nvme(&raw, &d);
	CHECK(d.cache_present == DC_TRI_YES && d.cache_enabled == DC_TRI_NO);
	dc_raw_free(&raw);

	/* critical warning bit 4: backup device failed */
	nvme_pages(&raw, 0x1, 1, 0x10, NULL);
	parse_nvme(&raw, &d);
	CHECK(has_ev(&d, DC_EV_PLP_FAILED));
	dc_raw_free(&raw);

	/* OCP log with the GUID: PLP evidence with the start count */
	memcpy(c0 + 496, ocp_guid, 16);
	c0[160] = 42;
	c0[128] = 95;
	nvme_pages(&raw, 0x1, 1, 0, c0);
	parse_nvme(&raw, &d);
	CHECK(has_ev(&d, DC_EV_PLP));
	CHECK(strstr(d.evidence[d.nevidence - 2].value, "42") != NULL);
	dc_raw_free(&raw);

	/* capacitor health 0: failed */
	c0[128] = 0;
	nvme_pages(&raw, 0x1, 1, 0, c0);
	parse_nvme(&raw, &d);
	CHECK(has_ev(&d, DC_EV_PLP_FAILED));
	dc_raw_free(&raw);

	/* wrong GUID (one byte off) or an all-0xFF page: not OCP, no evidence */
	c0[511] ^= 1;
	nvme_pages(&raw, 0x1, 1, 0, c0);
	parse_nvme(&raw, &d);
	CHECK(!has_ev(&d, DC_EV_PLP));
	dc_raw_free(&raw);
	memset(c0, 0xFF, sizeof(c0));
	nvme_pages(&raw, 0x1, 1, 0, c0);
	parse_nvme(&raw, &d);
	CHECK(!has_ev(&d, DC_EV_PLP));
	dc_raw_free(&raw);
}

static void test_nvme_hostile(void)
{
	struct dc_raw raw = { 0 };
	struct dc_drive d;
	uint8_t page[4096];
	struct nvme_smart_log smart;

	/* truncated identify: no facts, an error that says so */
	memset(page, 'A', sizeof(page));
	dc_raw_add(&raw, DC_PG_NVME_ID_CTRL, page, 100, NULL);
	parse_nvme(&raw, &d);
	CHECK(d.model[0] == '\0');
	CHECK(d.cache_present == DC_TRI_UNKNOWN);
	CHECK(d.nerrors > 0 && strstr(d.errors[0], "too short"));
	dc_raw_free(&raw);

	/* all 0xFF and all zero: blank pages, not answers; nothing taken from them, least
	 * of all "no volatile cache" (VWC byte 0), the unsafe direction to be wrong in */
	for (int fill = 0; fill <= 0xFF; fill += 0xFF) {
		memset(page, fill, sizeof(page));
		dc_raw_add(&raw, DC_PG_NVME_ID_CTRL, page, sizeof(page), NULL);
		parse_nvme(&raw, &d);
		CHECK(d.model[0] == '\0');
		CHECK(d.cache_present == DC_TRI_UNKNOWN);
		CHECK(!has_ev(&d, DC_EV_NO_VWC));
		CHECK(d.nerrors > 0 && strstr(d.errors[0], "blank page"));
		dc_raw_free(&raw);
	}

	/* odd bytes in a real-looking model: printable ASCII only, never raw bytes */
	memset(page, 0, sizeof(page));
	memcpy(page + 24, "INTEL\x01SSD\xff\x1b[31mPE2KX020T8", 25);
	memcpy(page + 4, "PHLJ000000", 10);
	dc_raw_add(&raw, DC_PG_NVME_ID_CTRL, page, sizeof(page), NULL);
	parse_nvme(&raw, &d);
	CHECK(d.model[0] != '\0');
	for (const char *p = d.model; *p; p++)
		CHECK(*p >= 0x20 && *p <= 0x7e);
	dc_raw_free(&raw);

	/* 128-bit counters past 2^64: not reported rather than wrong */
	memset(&smart, 0, sizeof(smart));
	smart.data_units_written[9] = 1;
	smart.power_on_hours[15] = 1;
	dc_raw_add(&raw, DC_PG_NVME_LOG_SMART, &smart, sizeof(smart), NULL);
	parse_nvme(&raw, &d);
	CHECK(!d.wear.have_written);
	CHECK(!d.wear.have_power_on);
	dc_raw_free(&raw);

	/* a refused page is an error in words, not a crash */
	dc_raw_add(&raw, DC_PG_NVME_ID_CTRL, NULL, 0, &st_eacces);
	parse_nvme(&raw, &d);
	CHECK(d.nerrors > 0 && strstr(d.errors[0], "permission denied"));
	dc_raw_free(&raw);
}

/* NAWUPF counts only with NSFEAT bit 1; a SMART page of zeros is no answer; the OCP
 * capacitor health levels. */
static void test_nvme_fields(void)
{
	static const struct { unsigned health; bool failed, degraded; } levels[] = {
		{ 0, true, false }, { 1, false, true }, { 3, false, true }, { 79, false, true },
		{ 80, false, false }, { 100, false, false }, { 114, false, false },
		{ 0xFFFF, false, false },
	};
	struct dc_raw raw = { 0 };
	struct dc_drive d;
	struct nvme_id_ns ns;
	struct nvme_smart_log smart;
	uint8_t c0[512];

	memset(&ns, 0, sizeof(ns));
	ns.nawupf = htole16(7);
	dc_raw_add(&raw, DC_PG_NVME_ID_NS, &ns, sizeof(ns), NULL);
	parse_nvme(&raw, &d);
	CHECK(!has_ev(&d, DC_EV_HINT));
	dc_raw_free(&raw);
	ns.nsfeat = 1 << 1;
	dc_raw_add(&raw, DC_PG_NVME_ID_NS, &ns, sizeof(ns), NULL);
	parse_nvme(&raw, &d);
	CHECK(has_ev(&d, DC_EV_HINT));
	dc_raw_free(&raw);

	memset(&smart, 0, sizeof(smart));
	dc_raw_add(&raw, DC_PG_NVME_LOG_SMART, &smart, sizeof(smart), NULL);
	parse_nvme(&raw, &d);
	CHECK(!d.wear.have_percent_used && !d.smart.have_nvme_health);
	CHECK(d.nerrors > 0 && strstr(d.errors[d.nerrors - 1], "not trusted"));
	dc_raw_free(&raw);
	/* one live field is enough: the log is kept whole, temperature in Celsius */
	smart.temperature[0] = (uint8_t)(273 + 41);
	smart.temperature[1] = (uint8_t)((273 + 41) >> 8);
	smart.host_writes[0] = 9;
	dc_raw_add(&raw, DC_PG_NVME_LOG_SMART, &smart, sizeof(smart), NULL);
	parse_nvme(&raw, &d);
	CHECK(d.smart.have_nvme_health && d.smart.nvme.host_writes == 9);
	CHECK(d.smart.have_temperature && d.smart.temperature_c == 41);
	dc_raw_free(&raw);

	for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
		memset(c0, 0, sizeof(c0));
		memcpy(c0 + 496, ocp_guid, 16);
		c0[128] = (uint8_t)levels[i].health;
		c0[129] = (uint8_t)(levels[i].health >> 8);
		dc_raw_add(&raw, DC_PG_NVME_LOG_C0, c0, sizeof(c0), NULL);
		parse_nvme(&raw, &d);
		CHECK(has_ev(&d, DC_EV_PLP));
		CHECK(has_ev(&d, DC_EV_PLP_FAILED) == levels[i].failed);
		CHECK(has_ev(&d, DC_EV_PLP_DEGRADED) == levels[i].degraded);
		dc_raw_free(&raw);
	}
}

int main(void)
{
	test_nvme();
	test_nvme_hostile();
	test_nvme_fields();
	return dc_test_summary("test_parse_nvme");
}
