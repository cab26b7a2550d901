// SPDX-License-Identifier: GPL-2.0-or-later
/* test_parse_ata.c - the ATA parser on crafted IDENTIFY and SMART pages: the cache words,
 * capacitor attributes judged against their thresholds, and the decision they lead to. */
#include <errno.h>
#include <stdlib.h>

#include "device/ata/ata_attrs.h"
#include "dc_test.h"
#include "decide/decide.h"
#include "core/drive.h"
#include "parse_helpers.h"
#include "core/raw.h"
#include "device/protocol.h"
#include "decide/check.h"

static const struct dc_io_status illegal_request = {
	.kind = DC_IO_SCSI, .scsi_status = 2, .driver_status = 8,
	.sense = { .valid = true, .asc_valid = true, .key = 5, .asc = 0x24 }, /* 5/24/00 */
};
static const struct dc_io_status st_enodev = { .kind = DC_IO_ERRNO, .errnum = ENODEV };

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
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), NULL);
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
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), NULL);
	memset(&d, 0, sizeof(d));
	dc_ata_parse(&raw, &d);
	CHECK(d.cache_present == DC_TRI_YES && d.cache_enabled == DC_TRI_NO);
	CHECK(d.rotational == DC_TRI_YES);
	dc_raw_free(&raw);

	/* a bad checksum: nothing trusted */
	ata_identify(id, true, true);
	id[100] ^= 0x55;
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), NULL);
	memset(&d, 0, sizeof(d));
	d.cache_present = DC_TRI_UNKNOWN;
	dc_ata_parse(&raw, &d);
	CHECK(d.model[0] == '\0' && d.cache_present == DC_TRI_UNKNOWN);
	CHECK(d.nerrors > 0 && strstr(d.errors[0], "checksum"));
	dc_raw_free(&raw);

	/* all 0xFF: validity words fail, cache unknown */
	memset(id, 0xFF, sizeof(id));
	id[510] = 0;
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), NULL);
	memset(&d, 0, sizeof(d));
	d.cache_present = d.cache_enabled = DC_TRI_UNKNOWN;
	dc_ata_parse(&raw, &d);
	CHECK(d.cache_present == DC_TRI_UNKNOWN);
	dc_raw_free(&raw);

	/* a blob that lies about its record length is refused, not overrun */
	{
		uint8_t blob[16] = { 'I', 'D', 'F', 'Y', 0x7f, 0xff, 0xff, 0xff };
		dc_raw_add(&raw, DC_PG_ATA_SMART_BLOB, blob, sizeof(blob), NULL);
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

/* SMART read over SG_IO decodes exactly as the blob libatasmart read of the same drive. */
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
	dc_raw_add(&a, DC_PG_ATA_SMART_BLOB, blob, len, NULL);
	dc_raw_add(&b, DC_PG_ATA_SMART_BLOB, NULL, 0, &st_enodev);
	dc_raw_add(&b, DC_PG_ATA_IDENTIFY, id, 512, NULL);
	dc_raw_add(&b, DC_PG_ATA_SMART_DATA, data, 512, NULL);
	dc_raw_add(&b, DC_PG_ATA_SMART_THRESHOLDS, thr, 512, NULL);
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

/* IDENTIFY, SMART READ DATA and THRESHOLDS, as the SG_IO fallback reads them (512 bytes each). */
static void add_smart_pages(struct dc_raw *raw, const uint8_t *id, const uint8_t *data,
			    const uint8_t *thr)
{
	dc_raw_add(raw, DC_PG_ATA_IDENTIFY, id, 512, NULL);
	dc_raw_add(raw, DC_PG_ATA_SMART_DATA, data, 512, NULL);
	dc_raw_add(raw, DC_PG_ATA_SMART_THRESHOLDS, thr, 512, NULL);
}

/*
 * The worst bug: a failed capacitor read as full PLP. Every capacitor attribute the
 * project knows, at every value that matters, through the SG_IO path (IDENTIFY, SMART
 * data and thresholds, decoded by ata_smart.c all the same).
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
			dc_raw_add(&raw, DC_PG_ATA_SMART_BLOB, NULL, 0, &st_enodev);
			dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), NULL);
			dc_raw_add(&raw, DC_PG_ATA_SMART_DATA, data, sizeof(data), NULL);
			if (c->thresholds_page)
				dc_raw_add(&raw, DC_PG_ATA_SMART_THRESHOLDS, thr, sizeof(thr), NULL);
			else
				dc_raw_add(&raw, DC_PG_ATA_SMART_THRESHOLDS, NULL, 0, &illegal_request);
			memset(&d, 0, sizeof(d));
			dc_ata_parse(&raw, &d);
			CHECK(has_ev(&d, DC_EV_PLP) == c->plp);
			CHECK(has_ev(&d, DC_EV_PLP_FAILED) == c->failed);
			CHECK(has_ev(&d, DC_EV_PLP_DEGRADED) == c->degraded);
			/* the attribute is kept as the drive gave it, whatever it means */
			CHECK(d.smart.nattrs == 1 && d.smart.attrs[0].id == rules[r].id &&
			      d.smart.attrs[0].value == c->value &&
			      d.smart.attrs[0].threshold_known ==
			      (c->thresholds_page && c->threshold != 0xFE)); /* 254 = none given */
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
		add_smart_pages(&raw, id, data, thr);
		memset(&d, 0, sizeof(d));
		dc_ata_parse(&raw, &d);
		CHECK(!has_ev(&d, DC_EV_PLP) && !has_ev(&d, DC_EV_PLP_FAILED));
		dc_raw_free(&raw);
		/* nor is Kingston's 195, which Phison firmware reports without PLP too */
		ata_identify_model(id, "KINGSTON SEDC450R1920G", true, true);
		smart_pages(data, thr, 195, 100, 100, 0);
		add_smart_pages(&raw, id, data, thr);
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
	struct dc_check r;
	struct dc_facts f = { .dev = &r.dev, .drive = &r.drive, .row = &r.row, .probe = &r.probe };
	uint8_t id[512], data[512], thr[512];

	memset(&r, 0, sizeof(r));
	ata_identify_model(id, "INTEL SSDSC2KB960G8", true, true);
	smart_pages(data, thr, 175, 0, 0, 10);
	add_smart_pages(&raw, id, data, thr);
	r.drive.cache_present = r.drive.cache_enabled = r.drive.rotational = DC_TRI_UNKNOWN;
	dc_ata_parse(&raw, &r.drive);
	r.dev.transport = DC_TRAN_SATA;
	r.dev.protocol = DC_PROTO_ATA;
	r.dev.kernel_cache = DC_KCACHE_WRITE_BACK;
	r.row.matched = true;
	r.row.plp = DC_PLP_FULL;
	r.row.nsources = 1;
	r.row.best_source = 0;
	r.row.sources[0].kind = DC_SRC_VENDOR;
	r.row.sources[0].backs_class = true;
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
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), NULL);
	memset(&d, 0, sizeof(d));
	d.cache_enabled = DC_TRI_UNKNOWN;
	dc_ata_parse(&raw, &d);
	CHECK(d.cache_present == DC_TRI_YES && d.cache_enabled == DC_TRI_UNKNOWN);
	dc_raw_free(&raw);
	/* word 83 not valid: nothing of the cache at all */
	ata_identify(id, true, false);
	id[2 * 83 + 1] = 0xC0;
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), NULL);
	memset(&d, 0, sizeof(d));
	d.cache_present = d.cache_enabled = DC_TRI_UNKNOWN;
	dc_ata_parse(&raw, &d);
	CHECK(d.cache_present == DC_TRI_UNKNOWN && d.cache_enabled == DC_TRI_UNKNOWN);
	dc_raw_free(&raw);

	for (size_t i = 0; i < sizeof(rates) / sizeof(rates[0]); i++) {
		ata_identify(id, true, false);
		id[2 * 217] = (uint8_t)rates[i].rate;
		id[2 * 217 + 1] = (uint8_t)(rates[i].rate >> 8);
		dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), NULL);
		memset(&d, 0, sizeof(d));
		d.rotational = DC_TRI_UNKNOWN;
		dc_ata_parse(&raw, &d);
		CHECK(d.rotational == rates[i].rot);
		dc_raw_free(&raw);
	}

	/* SMART supported and switched off: said, and no "not read" noise */
	ata_identify(id, true, false);
	id[2 * 82] |= 1;
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), NULL);
	memset(&d, 0, sizeof(d));
	dc_ata_parse(&raw, &d);
	CHECK(d.nerrors == 1 && strstr(d.errors[0], "switched off"));
	dc_raw_free(&raw);
}

int main(void)
{
	test_ata();
	test_ata_sgio_smart();
	test_ata_capacitor();
	test_capacitor_decision();
	test_ata_identify_words();
	return dc_test_summary("test_parse_ata");
}
