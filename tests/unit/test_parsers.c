// SPDX-License-Identifier: GPL-2.0-or-later
/* test_parsers.c - NVMe, ATA and SCSI parsers on crafted pages: the bits that matter, and
 * hostile input (short, all-0xFF, all-zero, wrong GUID, odd bytes) that must not mislead. */
#include <endian.h>
#include <stdlib.h>

#include <nvme/types.h>

#include "dc_test.h"
#include "ata_attrs.h"
#include "decide.h"
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

static void ata_identify_model(uint8_t *id, const char *model, bool cache_on, bool checksum)
{
	memset(id, 0, 512);
	ata_put_string(id, 27, 20, model);
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

static void ata_identify(uint8_t *id, bool cache_on, bool checksum)
{
	ata_identify_model(id, "INTEL SSDSC2KB960G8", cache_on, checksum);
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

	inq[4] = sizeof(inq) - 5;            /* additional length */
	memcpy(inq + 8, "SEAGATE XS1920SE70004     0004", 28);
	memcpy(vpd80 + 4, "7FA00001", 8);
	vpd86[6] = 0x01;                     /* V_SUP */
	mode[1] = sizeof(mode) - 2;          /* mode data length */
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
	CHECK(!has_ev(&d, DC_EV_PLP) && !has_ev(&d, DC_EV_NO_VWC));
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

/* SMART READ DATA with one attribute (12-byte slots after a 2-byte revision), and the
 * matching thresholds page; both end in a checksum byte, as drives send them. */
static void smart_pages(uint8_t *data, uint8_t *thr, uint8_t attr, uint8_t value, uint8_t worst,
			uint8_t threshold)
{
	uint8_t sum = 0;

	memset(data, 0, 512);
	memset(thr, 0, 512);
	data[0] = thr[0] = 0x10;
	data[2] = attr;
	data[3] = 0x33;                  /* flags: prefail, online */
	data[5] = value;
	data[6] = worst;
	data[7] = 0x2a;                  /* raw */
	thr[2] = attr;
	thr[3] = threshold;
	for (int i = 0; i < 511; i++)
		sum = (uint8_t)(sum + data[i]);
	data[511] = (uint8_t)-sum;
	sum = 0;
	for (int i = 0; i < 511; i++)
		sum = (uint8_t)(sum + thr[i]);
	thr[511] = (uint8_t)-sum;
}

struct cap_case {
	uint8_t value, worst, threshold;
	bool thresholds_page;
	bool plp, failed, degraded;   /* expected evidence kinds */
};

/*
 * The worst bug: a failed capacitor read as full PLP. Every capacitor attribute the
 * project knows, at every value that matters, through the SG_IO path (IDENTIFY, SMART
 * data and thresholds, decoded by libatasmart all the same).
 */
static void test_ata_capacitor(void)
{
	static const struct cap_case cases[] = {
		{ 0, 0, 10, true, false, true, false },     /* 0: failed, never skipped */
		{ 1, 1, 10, true, false, true, false },
		{ 10, 10, 10, true, false, true, false },   /* at the threshold: failing */
		{ 11, 11, 10, true, true, false, false },   /* just above: good */
		{ 100, 100, 10, true, true, false, false },
		{ 100, 5, 10, true, true, false, true },    /* failed before */
		{ 254, 254, 10, true, false, false, true }, /* outside 1-253 */
		{ 255, 255, 10, true, false, false, true },
		{ 100, 100, 10, false, true, false, true }, /* no thresholds page: not judged */
		{ 100, 100, 0, true, true, false, false },  /* threshold 0: the drive sets none */
		{ 0, 0, 0, true, false, true, false },
		{ 100, 100, 0xFE, true, true, false, true },/* a threshold of 254: not judged */
	};
	size_t nrules;
	const struct dc_ata_attr_rule *rules = dc_ata_attr_rules(&nrules);
	unsigned tested = 0;

	for (size_t r = 0; r < nrules; r++) {
		if (rules[r].meaning != DC_ATTR_PLP_CAP_HEALTH)
			continue;
		tested++;
		for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			const struct cap_case *c = &cases[i];
			struct dc_raw raw = { 0 };
			struct dc_drive d;
			uint8_t id[512], data[512], thr[512];
			unsigned before = dc_test_failed;

			ata_identify_model(id, rules[r].example, true, true);
			smart_pages(data, thr, rules[r].id, c->value, c->worst, c->threshold);
			dc_raw_add(&raw, DC_PG_ATA_SMART_BLOB, NULL, 0, -19 /* ENODEV */);
			dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), 0);
			dc_raw_add(&raw, DC_PG_ATA_SMART_DATA, data, sizeof(data), 0);
			if (c->thresholds_page)
				dc_raw_add(&raw, DC_PG_ATA_SMART_THRESHOLDS, thr, sizeof(thr), 0);
			else
				dc_raw_add(&raw, DC_PG_ATA_SMART_THRESHOLDS, NULL, 0, 0x10005);
			memset(&d, 0, sizeof(d));
			dc_ata_parse(&raw, &d);
			CHECK(has_ev(&d, DC_EV_PLP) == c->plp);
			CHECK(has_ev(&d, DC_EV_PLP_FAILED) == c->failed);
			CHECK(has_ev(&d, DC_EV_PLP_DEGRADED) == c->degraded);
			/* the attribute is kept as the drive gave it, whatever it means */
			CHECK(d.smart.nattrs == 1 && d.smart.attrs[0].id == rules[r].id &&
			      d.smart.attrs[0].value == c->value &&
			      d.smart.attrs[0].threshold_known ==
			      (c->thresholds_page && c->threshold != 0xFE)); /* libatasmart: 254 = none */
			if (dc_test_failed != before)
				fprintf(stderr, "  capacitor rule %s id %u, value %u worst %u threshold %u%s\n",
					rules[r].example, rules[r].id, c->value, c->worst, c->threshold,
					c->thresholds_page ? "" : " (no thresholds page)");
			dc_raw_free(&raw);
		}
	}
	CHECK(tested >= 5);   /* Intel 175 (x3), 235 (x2), Dell 201, SanDisk 235, Samsung 201 */

	/* The same attribute ID on a family where it means something else is no evidence:
	 * 175 is a program-fail counter on Intel drives with Dell firmware. */
	{
		struct dc_raw raw = { 0 };
		struct dc_drive d;
		uint8_t id[512], data[512], thr[512];

		ata_identify_model(id, "SSDSC2KB480G8R", true, true);
		smart_pages(data, thr, 175, 0, 0, 10);
		dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), 0);
		dc_raw_add(&raw, DC_PG_ATA_SMART_DATA, data, sizeof(data), 0);
		dc_raw_add(&raw, DC_PG_ATA_SMART_THRESHOLDS, thr, sizeof(thr), 0);
		memset(&d, 0, sizeof(d));
		dc_ata_parse(&raw, &d);
		CHECK(!has_ev(&d, DC_EV_PLP) && !has_ev(&d, DC_EV_PLP_FAILED));
		dc_raw_free(&raw);
		/* nor is Kingston's 195, which Phison firmware reports without PLP too */
		ata_identify_model(id, "KINGSTON SEDC450R1920G", true, true);
		smart_pages(data, thr, 195, 100, 100, 0);
		dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), 0);
		dc_raw_add(&raw, DC_PG_ATA_SMART_DATA, data, sizeof(data), 0);
		dc_raw_add(&raw, DC_PG_ATA_SMART_THRESHOLDS, thr, sizeof(thr), 0);
		memset(&d, 0, sizeof(d));
		dc_ata_parse(&raw, &d);
		CHECK(!has_ev(&d, DC_EV_PLP));
		dc_raw_free(&raw);
	}
}

/* The reproduction, end to end: an S4510 whose capacitor attributes read 0, on a
 * model the database rates full, is "none" with every role failed, never "full". */
static void test_capacitor_decision(void)
{
	struct dc_raw raw = { 0 };
	struct dc_report r;
	struct dc_facts f = { .dev = &r.dev, .drive = &r.drive, .db = &r.db, .probe = &r.probe };
	uint8_t id[512], data[512], thr[512];

	memset(&r, 0, sizeof(r));
	ata_identify_model(id, "INTEL SSDSC2KB960G8", true, true);
	smart_pages(data, thr, 175, 0, 0, 10);
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), 0);
	dc_raw_add(&raw, DC_PG_ATA_SMART_DATA, data, sizeof(data), 0);
	dc_raw_add(&raw, DC_PG_ATA_SMART_THRESHOLDS, thr, sizeof(thr), 0);
	r.drive.cache_present = r.drive.cache_enabled = r.drive.rotational = DC_TRI_UNKNOWN;
	dc_ata_parse(&raw, &r.drive);
	r.dev.transport = DC_TRAN_SATA;
	r.dev.protocol = DC_PROTO_ATA;
	r.dev.kernel_cache = DC_KCACHE_WRITE_BACK;
	r.db.matched = true;
	r.db.plp = DC_PLP_FULL;
	r.db.nsources = 1;
	r.db.best_source = 0;
	r.db.sources[0].kind = DC_SRC_VENDOR;
	r.db.sources[0].backs_class = true;
	r.probe.mode = DC_PROBE_RAW;
	r.probe.sync.count = 100;
	r.probe.sync.p50_us = 300;
	dc_decide(&f, &r.result);
	CHECK(r.result.plp == DC_PLP_NONE);
	CHECK(r.result.unflushed_survive.value == DC_TRI_NO);
	for (unsigned k = 0; k < DC_ROLE_COUNT; k++)
		CHECK(r.result.verdicts[k].status == DC_FAIL);
	dc_raw_free(&raw);
}

/* IDENTIFY words that only count when their validity words say so; rotation rates. */
static void test_ata_identify_words(void)
{
	static const struct { unsigned rate; enum dc_tri rot; } rates[] = {
		{ 0, DC_TRI_UNKNOWN }, { 1, DC_TRI_NO }, { 2, DC_TRI_UNKNOWN },
		{ 0x0400, DC_TRI_UNKNOWN }, { 0x0401, DC_TRI_YES }, { 7200, DC_TRI_YES },
		{ 0xFFFE, DC_TRI_YES }, { 0xFFFF, DC_TRI_UNKNOWN },
	};
	struct dc_raw raw = { 0 };
	struct dc_drive d;
	uint8_t id[512];

	/* word 87 not valid (bits 15:14 != 01): word 85's "cache enabled" is not taken */
	ata_identify(id, true, false);
	id[2 * 87 + 1] = 0x00;
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), 0);
	memset(&d, 0, sizeof(d));
	d.cache_enabled = DC_TRI_UNKNOWN;
	dc_ata_parse(&raw, &d);
	CHECK(d.cache_present == DC_TRI_YES && d.cache_enabled == DC_TRI_UNKNOWN);
	dc_raw_free(&raw);
	/* word 83 not valid: nothing of the cache at all */
	ata_identify(id, true, false);
	id[2 * 83 + 1] = 0xC0;
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), 0);
	memset(&d, 0, sizeof(d));
	d.cache_present = d.cache_enabled = DC_TRI_UNKNOWN;
	dc_ata_parse(&raw, &d);
	CHECK(d.cache_present == DC_TRI_UNKNOWN && d.cache_enabled == DC_TRI_UNKNOWN);
	dc_raw_free(&raw);

	for (size_t i = 0; i < sizeof(rates) / sizeof(rates[0]); i++) {
		ata_identify(id, true, false);
		id[2 * 217] = (uint8_t)rates[i].rate;
		id[2 * 217 + 1] = (uint8_t)(rates[i].rate >> 8);
		dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), 0);
		memset(&d, 0, sizeof(d));
		d.rotational = DC_TRI_UNKNOWN;
		dc_ata_parse(&raw, &d);
		CHECK(d.rotational == rates[i].rot);
		dc_raw_free(&raw);
	}

	/* SMART supported and switched off: said, and no "not read" noise */
	ata_identify(id, true, false);
	id[2 * 82] |= 1;
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), 0);
	memset(&d, 0, sizeof(d));
	dc_ata_parse(&raw, &d);
	CHECK(d.nerrors == 1 && strstr(d.errors[0], "switched off"));
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
	dc_raw_add(&raw, DC_PG_NVME_ID_NS, &ns, sizeof(ns), 0);
	parse_nvme(&raw, &d);
	CHECK(!has_ev(&d, DC_EV_HINT));
	dc_raw_free(&raw);
	ns.nsfeat = 1 << 1;
	dc_raw_add(&raw, DC_PG_NVME_ID_NS, &ns, sizeof(ns), 0);
	parse_nvme(&raw, &d);
	CHECK(has_ev(&d, DC_EV_HINT));
	dc_raw_free(&raw);

	memset(&smart, 0, sizeof(smart));
	dc_raw_add(&raw, DC_PG_NVME_LOG_SMART, &smart, sizeof(smart), 0);
	parse_nvme(&raw, &d);
	CHECK(!d.wear.have_percent_used && !d.smart.have_nvme_health);
	CHECK(d.nerrors > 0 && strstr(d.errors[d.nerrors - 1], "not trusted"));
	dc_raw_free(&raw);
	/* one live field is enough: the log is kept whole, temperature in Celsius */
	smart.temperature[0] = (uint8_t)(273 + 41);
	smart.temperature[1] = (uint8_t)((273 + 41) >> 8);
	smart.host_writes[0] = 9;
	dc_raw_add(&raw, DC_PG_NVME_LOG_SMART, &smart, sizeof(smart), 0);
	parse_nvme(&raw, &d);
	CHECK(d.smart.have_nvme_health && d.smart.nvme.host_writes == 9);
	CHECK(d.smart.have_temperature && d.smart.temperature_c == 41);
	dc_raw_free(&raw);

	for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
		memset(c0, 0, sizeof(c0));
		memcpy(c0 + 496, ocp_guid, 16);
		c0[128] = (uint8_t)levels[i].health;
		c0[129] = (uint8_t)(levels[i].health >> 8);
		dc_raw_add(&raw, DC_PG_NVME_LOG_C0, c0, sizeof(c0), 0);
		parse_nvme(&raw, &d);
		CHECK(has_ev(&d, DC_EV_PLP));
		CHECK(has_ev(&d, DC_EV_PLP_FAILED) == levels[i].failed);
		CHECK(has_ev(&d, DC_EV_PLP_DEGRADED) == levels[i].degraded);
		dc_raw_free(&raw);
	}
}

/* Page lengths, and what the cache bits mean together (scsi_parse.c's table). */
static void test_scsi_lengths_and_caches(void)
{
	static const struct {
		uint8_t byte6;          /* VPD 0x86 byte 6 */
		uint8_t wce;
		enum dc_tri present, enabled;
		bool no_vwc, plp, hint;
	} caches[] = {
		{ 0x01, 1, DC_TRI_YES, DC_TRI_YES, false, false, false },
		{ 0x01, 0, DC_TRI_YES, DC_TRI_NO, false, false, false },
		{ 0x00, 0, DC_TRI_NO, DC_TRI_NO, true, false, false },
		{ 0x00, 1, DC_TRI_UNKNOWN, DC_TRI_YES, false, false, false }, /* contradiction */
		{ 0x02, 1, DC_TRI_NO, DC_TRI_NO, true, true, false },        /* non-volatile only */
		{ 0x03, 1, DC_TRI_YES, DC_TRI_YES, false, false, true },     /* both: a hint */
	};
	struct dc_raw raw = { 0 };
	struct dc_drive d;
	uint8_t inq[96] = { 0 }, vpd86[64] = { 0, 0x86, 0, 60 }, mode[28] = { 0 };
	uint8_t vpd80[300] = { 0, 0x80, 0x01, 0x04 };  /* a 260-byte serial: two-byte length */

	for (size_t i = 0; i < sizeof(caches) / sizeof(caches[0]); i++) {
		vpd86[6] = caches[i].byte6;
		memset(mode, 0, sizeof(mode));
		mode[1] = sizeof(mode) - 2;
		mode[8] = 0x08;
		mode[9] = 0x12;
		mode[10] = caches[i].wce ? 0x04 : 0;
		dc_raw_add(&raw, DC_PG_SCSI_VPD_86, vpd86, sizeof(vpd86), 0);
		dc_raw_add(&raw, DC_PG_SCSI_MODE_08, mode, sizeof(mode), 0);
		memset(&d, 0, sizeof(d));
		d.cache_present = d.cache_enabled = DC_TRI_UNKNOWN;
		dc_scsi_parse(&raw, &d);
		CHECK(d.cache_present == caches[i].present);
		CHECK(d.cache_enabled == caches[i].enabled);
		CHECK(has_ev(&d, DC_EV_NO_VWC) == caches[i].no_vwc);
		CHECK(has_ev(&d, DC_EV_PLP) == caches[i].plp);
		CHECK(has_ev(&d, DC_EV_HINT) == caches[i].hint);
		dc_raw_free(&raw);
	}

	/* A short VPD 0x86 (page length 2: byte 6 is zero fill) says nothing of V_SUP, and a
	 * cache that is off says nothing either: no "no volatile cache" from zero fill. */
	vpd86[3] = 2;
	vpd86[6] = 0;
	mode[10] = 0;
	dc_raw_add(&raw, DC_PG_SCSI_VPD_86, vpd86, sizeof(vpd86), 0);
	dc_raw_add(&raw, DC_PG_SCSI_MODE_08, mode, sizeof(mode), 0);
	memset(&d, 0, sizeof(d));
	d.cache_present = d.cache_enabled = DC_TRI_UNKNOWN;
	dc_scsi_parse(&raw, &d);
	CHECK(!has_ev(&d, DC_EV_NO_VWC) && d.cache_present != DC_TRI_NO);
	dc_raw_free(&raw);

	/* A mode data length that ends before the caching page's flags: not read. */
	mode[1] = 9;                           /* 11 bytes: header and 3 of the page... */
	mode[1] = 8;                           /* ...no: 10 bytes, flags byte 10 outside */
	dc_raw_add(&raw, DC_PG_SCSI_MODE_08, mode, sizeof(mode), 0);
	memset(&d, 0, sizeof(d));
	d.cache_enabled = DC_TRI_UNKNOWN;
	dc_scsi_parse(&raw, &d);
	CHECK(d.cache_enabled == DC_TRI_UNKNOWN);
	dc_raw_free(&raw);

	/* INQUIRY: an additional length short of the product fields leaves them unread (the
	 * rest of the buffer is zero fill); VPD 0x80 takes its length from bytes 2-3. */
	memcpy(inq + 8, "SEAGATE XS1920SE70004     0004", 28);
	inq[4] = 10;                           /* 15 bytes: vendor cut */
	memset(vpd80 + 4, 'S', 260);
	dc_raw_add(&raw, DC_PG_SCSI_INQUIRY, inq, sizeof(inq), 0);
	dc_raw_add(&raw, DC_PG_SCSI_VPD_80, vpd80, sizeof(vpd80), 0);
	memset(&d, 0, sizeof(d));
	dc_scsi_parse(&raw, &d);
	CHECK(d.model[0] == '\0' && d.vendor[0] == '\0');
	CHECK(d.nerrors > 0 && strstr(d.errors[0], "36 needed"));
	dc_raw_free(&raw);
	inq[4] = sizeof(inq) - 5;
	dc_raw_add(&raw, DC_PG_SCSI_INQUIRY, inq, sizeof(inq), 0);
	dc_raw_add(&raw, DC_PG_SCSI_VPD_80, vpd80, sizeof(vpd80), 0);
	memset(&d, 0, sizeof(d));
	dc_scsi_parse(&raw, &d);
	CHECK_STR(d.model, "XS1920SE70004");
	CHECK(strlen(d.serial) == sizeof(d.serial) - 1 && d.serial[0] == 'S');
	dc_raw_free(&raw);
	/* a VPD 0x80 whose length says 4 over a buffer of zeros: a 4-byte serial, not more */
	memset(vpd80, 0, sizeof(vpd80));
	vpd80[1] = 0x80;
	vpd80[3] = 4;
	memcpy(vpd80 + 4, "AB12", 4);
	dc_raw_add(&raw, DC_PG_SCSI_INQUIRY, inq, sizeof(inq), 0);
	dc_raw_add(&raw, DC_PG_SCSI_VPD_80, vpd80, sizeof(vpd80), 0);
	memset(&d, 0, sizeof(d));
	dc_scsi_parse(&raw, &d);
	CHECK_STR(d.serial, "AB12");
	dc_raw_free(&raw);
}

int main(void)
{
	test_nvme();
	test_nvme_hostile();
	test_ata();
	test_ata_sgio_smart();
	test_scsi();
	test_ata_capacitor();
	test_capacitor_decision();
	test_ata_identify_words();
	test_nvme_fields();
	test_scsi_lengths_and_caches();
	return dc_test_summary("test_parsers");
}
