// SPDX-License-Identifier: GPL-2.0-or-later
/* test_parsers.c - NVMe, ATA and SCSI parsers on crafted pages: the bits that matter, and
 * hostile input (short, all-0xFF, all-zero, wrong GUID, odd bytes) that must not mislead. */
#include <endian.h>
#include <stdlib.h>

#include <nvme/types.h>

#include "dc_test.h"
#include "drive.h"
#include "raw.h"
#include "transport.h"

static const uint8_t ocp_guid[16] = {
	0xC5, 0xAF, 0x10, 0x28, 0xEA, 0xBF, 0xF2, 0xA4,
	0x9C, 0x4F, 0x6F, 0x7C, 0xC9, 0x14, 0xD5, 0xAF,
};

static bool has_ev(const struct dc_drive *d, enum dc_ev_kind kind)
{
	for (unsigned i = 0; i < d->nevidence; i++)
		if (d->evidence[i].kind == kind)
			return true;
	return false;
}

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
	dc_raw_add(raw, DC_PG_NVME_ID_CTRL, &id, sizeof(id), 0);
	dc_raw_add(raw, DC_PG_NVME_FEAT_VWC, &le, 4, 0);
	dc_raw_add(raw, DC_PG_NVME_LOG_SMART, &smart, sizeof(smart), 0);
	if (c0)
		dc_raw_add(raw, DC_PG_NVME_LOG_C0, c0, 512, 0);
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
	dc_raw_add(&raw, DC_PG_NVME_ID_CTRL, page, 100, 0);
	parse_nvme(&raw, &d);
	CHECK(d.model[0] == '\0');
	CHECK(d.cache_present == DC_TRI_UNKNOWN);
	CHECK(d.nerrors > 0 && strstr(d.errors[0], "too short"));
	dc_raw_free(&raw);

	/* all 0xFF and all zero: blank pages, not answers; nothing taken from them, least
	 * of all "no volatile cache" (VWC byte 0), the unsafe direction to be wrong in */
	for (int fill = 0; fill <= 0xFF; fill += 0xFF) {
		memset(page, fill, sizeof(page));
		dc_raw_add(&raw, DC_PG_NVME_ID_CTRL, page, sizeof(page), 0);
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
	dc_raw_add(&raw, DC_PG_NVME_ID_CTRL, page, sizeof(page), 0);
	parse_nvme(&raw, &d);
	CHECK(d.model[0] != '\0');
	for (const char *p = d.model; *p; p++)
		CHECK(*p >= 0x20 && *p <= 0x7e);
	dc_raw_free(&raw);

	/* 128-bit counters past 2^64: not reported rather than wrong */
	memset(&smart, 0, sizeof(smart));
	smart.data_units_written[9] = 1;
	smart.power_on_hours[15] = 1;
	dc_raw_add(&raw, DC_PG_NVME_LOG_SMART, &smart, sizeof(smart), 0);
	parse_nvme(&raw, &d);
	CHECK(!d.wear.have_written);
	CHECK(!d.wear.have_power_on);
	dc_raw_free(&raw);

	/* a refused page is an error in words, not a crash */
	dc_raw_add(&raw, DC_PG_NVME_ID_CTRL, NULL, 0, -13 /* EACCES */);
	parse_nvme(&raw, &d);
	CHECK(d.nerrors > 0 && strstr(d.errors[0], "permission denied"));
	dc_raw_free(&raw);
}

/* ATA strings hold two characters per word, high byte first. */
static void ata_put_string(uint8_t *id, unsigned word, unsigned nwords, const char *s)
{
	size_t len = strlen(s);

	for (unsigned i = 0; i < nwords * 2; i++) {
		char c = i < len ? s[i] : ' ';
		id[2 * word + (i ^ 1)] = (uint8_t)c;
	}
}

static void ata_identify(uint8_t *id, bool cache_on, bool checksum)
{
	memset(id, 0, 512);
	ata_put_string(id, 27, 20, "INTEL SSDSC2KB960G8");
	ata_put_string(id, 10, 10, "PHYF000000000");
	ata_put_string(id, 23, 4, "XCV10120");
	id[2 * 82] = 1 << 5;             /* write cache supported */
	id[2 * 83 + 1] = 0x40;           /* words 82-84 valid */
	id[2 * 85] = cache_on ? 1 << 5 : 0;
	id[2 * 87 + 1] = 0x40;           /* words 85-87 valid */
	id[2 * 217] = 1;                 /* not rotating */
	if (checksum) {
		uint8_t sum = 0;
		id[510] = 0xA5;
		for (int i = 0; i < 511; i++)
			sum = (uint8_t)(sum + id[i]);
		id[511] = (uint8_t)-sum;
	}
}

static void test_ata(void)
{
	struct dc_raw raw = { 0 };
	struct dc_drive d;
	uint8_t id[512];

	ata_identify(id, true, true);
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), 0);
	memset(&d, 0, sizeof(d));
	dc_ata_parse(&raw, &d);
	CHECK_STR(d.model, "INTEL SSDSC2KB960G8");
	CHECK_STR(d.serial, "PHYF000000000");
	CHECK_STR(d.firmware, "XCV10120");
	CHECK(d.cache_present == DC_TRI_YES && d.cache_enabled == DC_TRI_YES);
	CHECK(d.rotational == DC_TRI_NO);
	/* ATA has no PLP bit: a write cache alone is no evidence either way */
	CHECK(!has_ev(&d, DC_EV_PLP) && !has_ev(&d, DC_EV_NO_VWC));
	dc_raw_free(&raw);

	ata_identify(id, false, false);
	id[2 * 217] = 0x10;              /* 7200 rpm = 0x1C20 */
	id[2 * 217 + 1] = 0x1C;
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), 0);
	memset(&d, 0, sizeof(d));
	dc_ata_parse(&raw, &d);
	CHECK(d.cache_present == DC_TRI_YES && d.cache_enabled == DC_TRI_NO);
	CHECK(d.rotational == DC_TRI_YES);
	dc_raw_free(&raw);

	/* a bad checksum: nothing trusted */
	ata_identify(id, true, true);
	id[100] ^= 0x55;
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), 0);
	memset(&d, 0, sizeof(d));
	d.cache_present = DC_TRI_UNKNOWN;
	dc_ata_parse(&raw, &d);
	CHECK(d.model[0] == '\0' && d.cache_present == DC_TRI_UNKNOWN);
	CHECK(d.nerrors > 0 && strstr(d.errors[0], "checksum"));
	dc_raw_free(&raw);

	/* all 0xFF: validity words fail, cache unknown */
	memset(id, 0xFF, sizeof(id));
	id[510] = 0;
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), 0);
	memset(&d, 0, sizeof(d));
	d.cache_present = d.cache_enabled = DC_TRI_UNKNOWN;
	dc_ata_parse(&raw, &d);
	CHECK(d.cache_present == DC_TRI_UNKNOWN);
	dc_raw_free(&raw);

	/* a blob that lies about its record length is refused, not overrun */
	{
		uint8_t blob[16] = { 'I', 'D', 'F', 'Y', 0x7f, 0xff, 0xff, 0xff };
		dc_raw_add(&raw, DC_PG_ATA_SMART_BLOB, blob, sizeof(blob), 0);
		memset(&d, 0, sizeof(d));
		dc_ata_parse(&raw, &d);
		CHECK(d.model[0] == '\0' && d.nerrors > 0);
		dc_raw_free(&raw);
	}
}

/* Finds a record of a libatasmart blob (4-byte tag, 4-byte length, big-endian). */
static const uint8_t *blob_record(const uint8_t *blob, size_t len, const char *tag, size_t *rlen)
{
	for (size_t off = 0; off + 8 <= len;) {
		size_t n = (size_t)blob[off + 4] << 24 | (size_t)blob[off + 5] << 16 |
			   (size_t)blob[off + 6] << 8 | blob[off + 7];

		if (memcmp(blob + off, tag, 4) == 0 && off + 8 + n <= len) {
			*rlen = n;
			return blob + off + 8;
		}
		off += 8 + n;
	}
	return NULL;
}

/* SMART read over SG_IO decodes exactly as libatasmart's own blob of the same drive. */
static void test_ata_sgio_smart(void)
{
	const char *path = "data/dumps/INTEL_SSDSC2KG480G8/pages/ata-smart-blob.bin";
	const uint8_t *id, *data, *thr;
	struct dc_raw a = { 0 }, b = { 0 };
	struct dc_drive da, db;
	uint8_t blob[4096];
	size_t len, idlen = 0, dlen = 0, tlen = 0;
	FILE *f = fopen(path, "rb");

	CHECK(f != NULL);
	if (!f)
		return;
	len = fread(blob, 1, sizeof(blob), f);
	fclose(f);
	id = blob_record(blob, len, "IDFY", &idlen);
	data = blob_record(blob, len, "SMDT", &dlen);
	thr = blob_record(blob, len, "SMTH", &tlen);
	CHECK(id && data && thr && idlen >= 512 && dlen >= 512 && tlen >= 512);
	if (!id || !data || !thr)
		return;
	dc_raw_add(&a, DC_PG_ATA_SMART_BLOB, blob, len, 0);
	dc_raw_add(&b, DC_PG_ATA_SMART_BLOB, NULL, 0, -19 /* ENODEV */);
	dc_raw_add(&b, DC_PG_ATA_IDENTIFY, id, 512, 0);
	dc_raw_add(&b, DC_PG_ATA_SMART_DATA, data, 512, 0);
	dc_raw_add(&b, DC_PG_ATA_SMART_THRESHOLDS, thr, 512, 0);
	memset(&da, 0, sizeof(da));
	memset(&db, 0, sizeof(db));
	dc_ata_parse(&a, &da);
	dc_ata_parse(&b, &db);
	CHECK_STR(db.model, da.model);
	CHECK(has_ev(&da, DC_EV_PLP) && has_ev(&db, DC_EV_PLP));  /* attribute 175/235 */
	CHECK(db.wear.have_power_on && db.wear.power_on_hours == da.wear.power_on_hours);
	CHECK(db.wear.have_percent_used == da.wear.have_percent_used &&
	      db.wear.percent_used == da.wear.percent_used);
	CHECK(db.wear.host_written_bytes == da.wear.host_written_bytes);
	CHECK(db.nevidence == da.nevidence);
	dc_raw_free(&a);
	dc_raw_free(&b);
}

static void test_scsi(void)
{
	struct dc_raw raw = { 0 };
	struct dc_drive d;
	uint8_t inq[96] = { 0 }, vpd80[24] = { 0, 0x80, 0, 8 }, vpd86[64] = { 0, 0x86, 0, 60 };
	uint8_t mode[28] = { 0 };

	memcpy(inq + 8, "SEAGATE XS1920SE70004     0004", 28);
	memcpy(vpd80 + 4, "7FA00001", 8);
	vpd86[6] = 0x03;                     /* V_SUP and NV_SUP */
	mode[7] = 0;                         /* no block descriptors */
	mode[8] = 0x08;                      /* caching page */
	mode[9] = 0x12;
	mode[10] = 0x04;                     /* WCE */
	dc_raw_add(&raw, DC_PG_SCSI_INQUIRY, inq, sizeof(inq), 0);
	dc_raw_add(&raw, DC_PG_SCSI_VPD_80, vpd80, sizeof(vpd80), 0);
	dc_raw_add(&raw, DC_PG_SCSI_VPD_86, vpd86, sizeof(vpd86), 0);
	dc_raw_add(&raw, DC_PG_SCSI_MODE_08, mode, sizeof(mode), 0);
	{
		uint8_t b1[64] = { 0, 0xB1, 0, 0x3c, 0, 1 }; /* medium rotation rate 1: SSD */
		dc_raw_add(&raw, DC_PG_SCSI_VPD_B1, b1, sizeof(b1), 0);
	}
	memset(&d, 0, sizeof(d));
	d.cache_present = d.cache_enabled = d.rotational = DC_TRI_UNKNOWN;
	dc_scsi_parse(&raw, &d);
	CHECK(d.rotational == DC_TRI_NO);
	CHECK_STR(d.vendor, "SEAGATE");
	CHECK_STR(d.model, "XS1920SE70004");
	CHECK_STR(d.serial, "7FA00001");
	CHECK(has_ev(&d, DC_EV_PLP));         /* NV_SUP */
	CHECK(d.cache_present == DC_TRI_YES && d.cache_enabled == DC_TRI_YES);
	dc_raw_free(&raw);

	/* QEMU has no VPD 0x86: cache from WCE alone, no PLP evidence */
	mode[10] = 0;
	dc_raw_add(&raw, DC_PG_SCSI_INQUIRY, inq, sizeof(inq), 0);
	dc_raw_add(&raw, DC_PG_SCSI_VPD_86, NULL, 0, 0x10005 /* ILLEGAL REQUEST */);
	dc_raw_add(&raw, DC_PG_SCSI_MODE_08, mode, sizeof(mode), 0);
	memset(&d, 0, sizeof(d));
	d.cache_present = d.cache_enabled = DC_TRI_UNKNOWN;
	dc_scsi_parse(&raw, &d);
	CHECK(!has_ev(&d, DC_EV_PLP));
	CHECK(d.cache_enabled == DC_TRI_NO);
	dc_raw_free(&raw);

	/* a mode page whose block-descriptor length points past the end */
	mode[6] = 0xff;
	mode[7] = 0xff;
	dc_raw_add(&raw, DC_PG_SCSI_MODE_08, mode, sizeof(mode), 0);
	memset(&d, 0, sizeof(d));
	d.cache_enabled = DC_TRI_UNKNOWN;
	dc_scsi_parse(&raw, &d);
	CHECK(d.cache_enabled == DC_TRI_UNKNOWN);
	dc_raw_free(&raw);
}

int main(void)
{
	test_nvme();
	test_nvme_hostile();
	test_ata();
	test_ata_sgio_smart();
	test_scsi();
	return dc_test_summary("test_parsers");
}
