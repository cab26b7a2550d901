// SPDX-License-Identifier: GPL-2.0-or-later
/* test_import_health.c - the health and wear pages rebuilt from smartctl's reports, byte by
 * byte at the offsets of ACS-3 9.5 (Device Statistics) and SPC-4 7.3 (LOG SENSE); the text
 * and the -j of one drive rebuild the same bytes; what a report does not show is not in
 * the input. */
#include <errno.h>
#include <stdlib.h>

#include "dc_test.h"
#include "import/import.h"
#include "import/page_build.h"
#include "core/raw.h"
#include "sample_file.h"

#define LHW "data/import/linuxhw/"
#define SJ "data/import/smartctl-json/"

/* ---------------------------------------------------------------- the builders' bytes */

static uint64_t le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

static uint64_t be(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < n; i++)
		v = v << 8 | p[i];
	return v;
}

static bool zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

static void test_smart_status(void)
{
	uint8_t st[2];

	CHECK(dc_build_ata_smart_status(st, true) == 2 && st[0] == 0x4F && st[1] == 0xC2);
	CHECK(dc_build_ata_smart_status(st, false) == 2 && st[0] == 0xF4 && st[1] == 0x2C);
}

static void test_devstat(void)
{
	static const struct dc_ata_devstat_in e[] = {
		/* page 1 "Power-on Hours": 4 bytes at 0x10, supported and valid */
		{ .page = 1, .offset = 0x10, .size = 4, .value = 14946, .flags = 0xC0 },
		/* "Logical Sectors Written": 6 bytes at 0x18 */
		{ .page = 1, .offset = 0x18, .size = 6, .value = 13959626077ll, .flags = 0xC0 },
		/* supported, value not valid ("-") */
		{ .page = 1, .offset = 0x20, .size = 6, .value = 99, .flags = 0x80 },
		/* page 7 "Percentage Used Endurance Indicator", normalised */
		{ .page = 7, .offset = 0x08, .size = 1, .value = 19, .flags = 0xE0 },
		/* page 5, signed: -10 in one byte; DSN and condition flags */
		{ .page = 5, .offset = 0x68, .size = 1, .value = -10, .flags = 0xD8 },
		/* off the grid: skipped */
		{ .page = 1, .offset = 0x0C, .size = 4, .value = 1, .flags = 0xC0 },
		{ .page = 1, .offset = 0x200, .size = 4, .value = 1, .flags = 0xC0 },
	};
	static const uint8_t listed[] = { 7, 1, 4, 1, 5 };
	uint8_t pg[512];

	CHECK(dc_build_ata_devstat(pg, 1, 1, e, sizeof(e) / sizeof(e[0])) == 512);
	/* header: revision 1 (bytes 0-1), page number 1 (byte 2), reserved (3-7) */
	CHECK(pg[0] == 1 && pg[1] == 0 && pg[2] == 1 && zero(pg + 3, 5));
	/* an entry: bits 55:0 the value, little-endian; bits 63:56 the flags */
	CHECK(le(pg + 0x10, 4) == 14946 && zero(pg + 0x14, 3) && pg[0x17] == 0xC0);
	CHECK(le(pg + 0x18, 6) == 13959626077ull && pg[0x1E] == 0 && pg[0x1F] == 0xC0);
	CHECK(zero(pg + 0x20, 7) && pg[0x27] == 0x80);
	/* nothing else: every other entry unsupported (bit 63 clear) */
	CHECK(zero(pg + 8, 8) && zero(pg + 0x28, 512 - 0x28));
	CHECK(dc_build_ata_devstat(pg, 7, 1, e, sizeof(e) / sizeof(e[0])) == 512);
	CHECK(pg[2] == 7 && pg[8] == 19 && zero(pg + 9, 6) && pg[15] == 0xE0 && zero(pg + 16, 496));
	CHECK(dc_build_ata_devstat(pg, 5, 2, e, sizeof(e) / sizeof(e[0])) == 512);
	CHECK(pg[0] == 2 && pg[2] == 5 && pg[0x68] == 0xF6 && pg[0x6F] == 0xD8);
	/* page 0: the number of entries at byte 8, the pages from byte 9, 0 first, ascending */
	CHECK(dc_build_ata_devstat_list(pg, listed, sizeof(listed)) == 512);
	CHECK(pg[0] == 1 && pg[2] == 0 && pg[8] == 5);
	CHECK(pg[9] == 0 && pg[10] == 1 && pg[11] == 4 && pg[12] == 5 && pg[13] == 7);
	CHECK(zero(pg + 14, 512 - 14));
}

static void test_scsi_log(void)
{
	struct dc_scsi_log_param p[3];
	uint8_t buf[64];

	/* 0x11 parameter 0001h: binary list (control 03h), 4 bytes, the percentage last */
	p[0] = dc_scsi_log_binary(0x0001, 4);
	p[0].value[3] = 7;
	CHECK(dc_build_scsi_log(buf, sizeof(buf), 0x11, p, 1) == 12);
	CHECK(buf[0] == 0x11 && buf[1] == 0 && be(buf + 2, 2) == 8);
	CHECK(be(buf + 4, 2) == 0x0001 && buf[6] == 0x03 && buf[7] == 4);
	CHECK(zero(buf + 8, 3) && buf[11] == 7);
	/* counters: control 02h (bounded or unbounded data counter), 8 bytes big-endian */
	p[0] = dc_scsi_log_counter(0x0001, 40247);
	p[1] = dc_scsi_log_counter(0x0006, 0x0102030405060708ull);
	CHECK(dc_build_scsi_log(buf, sizeof(buf), 0x03, p, 2) == 4 + 2 * 12);
	CHECK(buf[0] == 0x03 && be(buf + 2, 2) == 24);
	CHECK(be(buf + 4, 2) == 1 && buf[6] == 0x02 && buf[7] == 8 && be(buf + 8, 8) == 40247);
	CHECK(be(buf + 16, 2) == 6 && buf[18] == 0x02 && buf[19] == 8 &&
	      be(buf + 20, 8) == 0x0102030405060708ull);
	/* too small a buffer: 0, nothing promised */
	CHECK(dc_build_scsi_log(buf, 20, 0x03, p, 2) == 0);
	/* the page code keeps 6 bits; DS and SPF clear */
	CHECK(dc_build_scsi_log(buf, sizeof(buf), 0xEF, p, 0) == 4 && buf[0] == 0x2F && be(buf + 2, 2) == 0);
}

/* ---------------------------------------------------------------- importers on real reports */

struct imported {
	struct dc_import_parts parts;
	const struct dc_import_part *p;
};

static bool import_file(const char *path, bool json, struct imported *im)
{
	size_t len = 0;
	char *text = slurp(path, &len), err[256] = "";
	int rc;

	memset(im, 0, sizeof(*im));
	if (!text)
		return false;
	rc = json ? dc_import_smartctl_json(text, len, &im->parts, err, sizeof(err))
		  : dc_import_smartctl_text(text, len, &im->parts, err, sizeof(err));
	free(text);
	CHECK(rc == 1);
	if (rc != 1) {
		fprintf(stderr, "  %s: %s\n", path, err);
		dc_import_parts_free(&im->parts);
		return false;
	}
	im->p = &im->parts.v[0];
	return true;
}

static const struct dc_page *page(const struct imported *im, const char *name)
{
	return dc_raw_find(&im->p->raw, name);
}

static bool not_in_input(const struct imported *im, const char *name)
{
	const struct dc_page *pg = page(im, name);

	return pg && pg->st.kind == DC_IO_NOT_IN_INPUT && !pg->data;
}

static bool lacks(const struct imported *im, const char *field)
{
	size_t n = strlen(field);

	for (unsigned i = 0; i < im->p->nlacks; i++)
		if (strncmp(im->p->lacks[i], field, n) == 0 && im->p->lacks[i][n] == '\t')
			return true;
	return false;
}

static bool same_page(const struct imported *a, const struct imported *b, const char *name)
{
	const struct dc_page *x = page(a, name), *y = page(b, name);

	return x && y && x->st.kind == y->st.kind && x->len == y->len &&
	       (!x->len || memcmp(x->data, y->data, x->len) == 0);
}

/*
 * The Seagate Nytro XA1920LE10063 of data/import/linuxhw (E594A8F22C9B.txt, smartctl 7.1
 * -x): "PASSED", and Device Statistics pages 1, 4, 5, 6 and 7 ("0x01  0x010  4  225  ---
 * Power-on Hours", "0x01  0x018  6  3453356240  ---  Logical Sectors Written", "0x07  0x008
 * 1  0  ---  Percentage Used Endurance Indicator"). Its -j (data/import/smartctl-json/
 * constructed-..., the same numbers) rebuilds the same bytes.
 */
static void test_ata_text_and_json(void)
{
	struct imported t, j;
	const struct dc_page *pg;

	if (!import_file(LHW "SSD/Seagate/XA1920LE10063/E594A8F22C9B.txt", false, &t))
		return;
	pg = page(&t, DC_PG_ATA_SMART_STATUS);
	CHECK(pg && pg->len == 2 && pg->data[0] == 0x4F && pg->data[1] == 0xC2);
	pg = page(&t, DC_PG_ATA_DEVSTAT_00);
	CHECK(pg && pg->len == 512);
	if (pg && pg->len == 512)
		CHECK(pg->data[8] == 6 && pg->data[9] == 0 && pg->data[10] == 1 && pg->data[11] == 4 &&
		      pg->data[12] == 5 && pg->data[13] == 6 && pg->data[14] == 7);
	pg = page(&t, DC_PG_ATA_DEVSTAT_01);
	CHECK(pg && pg->len == 512);
	if (pg && pg->len == 512) {
		CHECK(pg->data[0] == 1 && pg->data[2] == 1);
		CHECK(le(pg->data + 0x08, 7) == 26 && pg->data[0x0F] == 0xC0);       /* power-on resets */
		CHECK(le(pg->data + 0x10, 7) == 225 && pg->data[0x17] == 0xC0);      /* power-on hours */
		CHECK(le(pg->data + 0x18, 7) == 3453356240ull && pg->data[0x1F] == 0xC0); /* LBAs written */
		CHECK(le(pg->data + 0x58, 7) == 48113 && pg->data[0x5F] == 0xC0);    /* 7-byte entry */
		CHECK(zero(pg->data + 0x40, 0x18) && zero(pg->data + 0x60, 512 - 0x60));
	}
	pg = page(&t, DC_PG_ATA_DEVSTAT_07);
	CHECK(pg && pg->len == 512);
	if (pg && pg->len == 512)
		CHECK(pg->data[2] == 7 && le(pg->data + 8, 7) == 0 && pg->data[15] == 0xC0 &&
		      zero(pg->data + 16, 496));
	if (import_file(SJ "constructed-ata-x-Seagate_XA1920LE10063.json", true, &j)) {
		CHECK(same_page(&t, &j, DC_PG_ATA_SMART_STATUS));
		CHECK(same_page(&t, &j, DC_PG_ATA_DEVSTAT_00));
		CHECK(same_page(&t, &j, DC_PG_ATA_DEVSTAT_01));
		CHECK(same_page(&t, &j, DC_PG_ATA_DEVSTAT_07));
		dc_import_parts_free(&j.parts);
	}
	dc_import_parts_free(&t.parts);
}

static void test_ata_health(void)
{
	struct imported im;
	const struct dc_page *pg;
	bool noted = false;

	/* the Crucial MX200 whose report says "FAILED!": F4h 2Ch */
	if (import_file(LHW "SSD/Crucial/CT250MX200SSD1/32B0F78C3734.txt", false, &im)) {
		pg = page(&im, DC_PG_ATA_SMART_STATUS);
		CHECK(pg && pg->len == 2 && pg->data[0] == 0xF4 && pg->data[1] == 0x2C);
		dc_import_parts_free(&im.parts);
	}
	/* ... and its -j (the same numbers): smart_status.passed false; text and JSON agree */
	{
		struct imported t, j;

		if (import_file(LHW "SSD/Crucial/CT250MX200SSD1/32B0F78C3734.txt", false, &t)) {
			if (import_file(SJ "constructed-ata-x-Crucial_CT250MX200SSD1.json", true, &j)) {
				CHECK(same_page(&t, &j, DC_PG_ATA_SMART_STATUS));
				CHECK(same_page(&t, &j, DC_PG_ATA_DEVSTAT_00));
				CHECK(same_page(&t, &j, DC_PG_ATA_DEVSTAT_01));
				CHECK(same_page(&t, &j, DC_PG_ATA_DEVSTAT_07));
				CHECK(same_page(&t, &j, DC_PG_ATA_SMART_DATA));
				CHECK(same_page(&t, &j, DC_PG_ATA_SMART_THRESHOLDS));
				dc_import_parts_free(&j.parts);
			}
			dc_import_parts_free(&t.parts);
		}
	}
	/* "PASSED" then "Warning: This result is based on an Attribute check.": smartctl's
	 * own verdict, not the drive's: not in the input, and said */
	if (import_file(LHW "SSD/China/SATA_SSD_1TB/8E3E80A782A7.txt", false, &im)) {
		CHECK(not_in_input(&im, DC_PG_ATA_SMART_STATUS));
		for (unsigned i = 0; i < im.p->nnotes; i++)
			noted |= strstr(im.p->notes[i], "attribute check") != NULL;
		CHECK(noted);
		dc_import_parts_free(&im.parts);
	}
	/* smartctl -a: no Device Statistics section: the three pages not in the input */
	if (import_file(LHW "SSD/Intel/SSDSC2BB240G4/E853B9374E96.txt", false, &im)) {
		CHECK(page(&im, DC_PG_ATA_SMART_STATUS) && !page(&im, DC_PG_ATA_SMART_STATUS)->st.kind);
		CHECK(not_in_input(&im, DC_PG_ATA_DEVSTAT_00));
		CHECK(not_in_input(&im, DC_PG_ATA_DEVSTAT_01));
		CHECK(not_in_input(&im, DC_PG_ATA_DEVSTAT_07));
		dc_import_parts_free(&im.parts);
	}
	/* real smartctl -x -j of a Samsung 860 EVO (scrutiny's sample): page 7's percentage
	 * used 19, normalised (flags.value 224 = E0h) */
	if (import_file(SJ "scrutiny-ata-x-Samsung_SSD_860_EVO_500GB.json", true, &im)) {
		pg = page(&im, DC_PG_ATA_DEVSTAT_07);
		CHECK(pg && pg->len == 512 && pg->data[8] == 19 && pg->data[15] == 0xE0);
		pg = page(&im, DC_PG_ATA_DEVSTAT_01);
		CHECK(pg && pg->len == 512 && le(pg->data + 0x18, 6) == 64777770148ull &&
		      pg->data[0x1F] == 0xC0);
		pg = page(&im, DC_PG_ATA_SMART_STATUS);
		CHECK(pg && pg->len == 2 && pg->data[0] == 0x4F);
		dc_import_parts_free(&im.parts);
	}
	/* smartctl -j without -x: no Device Statistics */
	if (import_file(SJ "exporter-ata-INTEL_SSDSC2KB960G8.json", true, &im)) {
		CHECK(not_in_input(&im, DC_PG_ATA_DEVSTAT_01));
		dc_import_parts_free(&im.parts);
	}
}

/* A LOG SENSE reply's parameter of that code, or NULL. */
static const uint8_t *param(const struct dc_page *pg, uint16_t code)
{
	size_t at = 4;

	if (!pg || pg->st.kind || pg->len < 4 || be(pg->data + 2, 2) + 4 != pg->len)
		return NULL;
	while (at + 4 <= pg->len) {
		if (be(pg->data + at, 2) == code)
			return pg->data + at;
		at += 4u + pg->data[at + 3];
	}
	return NULL;
}

static void test_scsi(void)
{
	struct imported t, j;
	const uint8_t *q;

	/* The Dell Ent NVMe CM of data/import/linuxhw (A01EBB87EA4A.txt, real, SCSI layout):
	 * "SMART Health Status: OK", 0%, 37 C, trip 70 C; no power-on time, no counters. */
	if (import_file(LHW "NVMe/NVMe/Dell_Ent_CM/A01EBB87EA4A.txt", false, &t)) {
		q = param(page(&t, DC_PG_SCSI_LOG_2F), 0x0000);
		CHECK(q && q[2] == 0x03 && q[3] >= 2 && q[4] == 0 && q[5] == 0);
		CHECK(lacks(&t, DC_PG_SCSI_LOG_2F ".temperature"));
		q = param(page(&t, DC_PG_SCSI_LOG_11), 0x0001);
		CHECK(q && q[3] == 4 && q[7] == 0);
		q = param(page(&t, DC_PG_SCSI_LOG_0D), 0x0000);
		CHECK(q && q[3] == 2 && q[5] == 37);
		q = param(page(&t, DC_PG_SCSI_LOG_0D), 0x0001);
		CHECK(q && q[5] == 70);
		CHECK(not_in_input(&t, DC_PG_SCSI_LOG_15));
		CHECK(not_in_input(&t, DC_PG_SCSI_LOG_02));
		CHECK(not_in_input(&t, DC_PG_SCSI_LOG_03));
		CHECK(not_in_input(&t, DC_PG_SCSI_LOG_00));
		dc_import_parts_free(&t.parts);
	}
	/* The HGST 600 GB SAS drive: real -j (smartctl_exporter's), and the -a text made of
	 * its numbers: 22364:52 -> 1341892 minutes; 26 C, trip 85; read ECC delayed 40247,
	 * write 26762907 corrected, 0 uncorrected. */
	if (!import_file(SJ "exporter-scsi-sas-HITACHI_H109060SESUN600G.json", true, &j))
		return;
	q = param(page(&j, DC_PG_SCSI_LOG_15), 0x0000);
	CHECK(q && q[2] == 0x03 && q[3] == 12 && be(q + 4, 4) == 22364u * 60 + 52 && zero(q + 8, 8));
	CHECK(lacks(&j, DC_PG_SCSI_LOG_15 ".background-scan"));
	q = param(page(&j, DC_PG_SCSI_LOG_0D), 0x0000);
	CHECK(q && q[5] == 26);
	q = param(page(&j, DC_PG_SCSI_LOG_0D), 0x0001);
	CHECK(q && q[5] == 85);
	q = param(page(&j, DC_PG_SCSI_LOG_03), 0x0001);
	CHECK(q && q[2] == 0x02 && q[3] == 8 && be(q + 4, 8) == 40247);
	q = param(page(&j, DC_PG_SCSI_LOG_03), 0x0004);
	CHECK(q && be(q + 4, 8) == 304122);
	q = param(page(&j, DC_PG_SCSI_LOG_03), 0x0006);
	CHECK(q && be(q + 4, 8) == 0);
	CHECK(!param(page(&j, DC_PG_SCSI_LOG_03), 0x0005));
	CHECK(lacks(&j, DC_PG_SCSI_LOG_03 ".bytes-processed"));
	q = param(page(&j, DC_PG_SCSI_LOG_02), 0x0003);
	CHECK(q && be(q + 4, 8) == 26762907);
	q = param(page(&j, DC_PG_SCSI_LOG_2F), 0x0000);
	CHECK(q && q[4] == 0 && q[5] == 0);
	CHECK(not_in_input(&j, DC_PG_SCSI_LOG_11)); /* an HDD: no percentage used */
	if (import_file("data/import/smartctl-text/constructed-scsi-HITACHI_H109060SESUN600G.txt",
			false, &t)) {
		CHECK(same_page(&t, &j, DC_PG_SCSI_LOG_2F));
		CHECK(same_page(&t, &j, DC_PG_SCSI_LOG_15));
		CHECK(same_page(&t, &j, DC_PG_SCSI_LOG_0D));
		CHECK(same_page(&t, &j, DC_PG_SCSI_LOG_02));
		CHECK(same_page(&t, &j, DC_PG_SCSI_LOG_03));
		CHECK(same_page(&t, &j, DC_PG_SCSI_LOG_11));
		dc_import_parts_free(&t.parts);
	}
	dc_import_parts_free(&j.parts);
}

/* A SCSI failure: smartctl's words with [asc=5d, ascq=0] (text), smart_status.scsi (-j). */
static void test_scsi_failure(void)
{
	static const char *const texts[] = {
		"SMART Health Status: FAILURE PREDICTION THRESHOLD EXCEEDED [asc=5d, ascq=0]",
		"SMART Health Status: HARDWARE IMPENDING FAILURE GENERAL HARD DRIVE FAILURE [asc=5d, ascq=10]",
	};
	static const uint8_t ascq[] = { 0, 0x10 };
	size_t len;
	char *base = slurp("data/import/smartctl-text/constructed-scsi-HITACHI_H109060SESUN600G.txt",
			   &len);
	const char *at = base ? strstr(base, "SMART Health Status: OK") : NULL;

	CHECK(at != NULL);
	for (size_t i = 0; at && i < sizeof(texts) / sizeof(texts[0]); i++) {
		size_t n = len + strlen(texts[i]) + 1;
		char *t = malloc(n), err[256];
		struct dc_import_parts parts = { 0 };
		const uint8_t *q;

		snprintf(t, n, "%.*s%s%s", (int)(at - base), base, texts[i], at + 23);
		CHECK(dc_import_smartctl_text(t, strlen(t), &parts, err, sizeof(err)) == 1);
		q = parts.n ? param(dc_raw_find(&parts.v[0].raw, DC_PG_SCSI_LOG_2F), 0) : NULL;
		CHECK(q && q[4] == 0x5D && q[5] == ascq[i]);
		dc_import_parts_free(&parts);
		free(t);
	}
	/* without its codes: not taken, said */
	if (at) {
		size_t n = len + 64;
		char *t = malloc(n), err[256];
		struct dc_import_parts parts = { 0 };

		snprintf(t, n, "%.*sSMART Health Status: FAILED%s", (int)(at - base), base, at + 23);
		CHECK(dc_import_smartctl_text(t, strlen(t), &parts, err, sizeof(err)) == 1);
		CHECK(parts.n && dc_raw_find(&parts.v[0].raw, DC_PG_SCSI_LOG_2F) &&
		      dc_raw_find(&parts.v[0].raw, DC_PG_SCSI_LOG_2F)->st.kind == DC_IO_NOT_IN_INPUT);
		CHECK(parts.n && parts.v[0].nnotes == 1 && strstr(parts.v[0].notes[0], "ASC/ASCQ"));
		dc_import_parts_free(&parts);
		free(t);
	}
	free(base);
	{
		size_t jl;
		char *j = slurp(SJ "exporter-scsi-sas-HITACHI_H109060SESUN600G.json", &jl), err[256];
		char *p = j ? strstr(j, "\"passed\": true") : NULL;
		struct dc_import_parts parts = { 0 };

		CHECK(p != NULL);
		if (p) {
			static const char f[] = "\"passed\": false, \"scsi\": {\"asc\": 93, \"ascq\": 0, "
						"\"ie_string\": \"FAILURE PREDICTION THRESHOLD EXCEEDED\"}";
			size_t n = jl + sizeof(f);
			char *t = malloc(n);
			const uint8_t *q;

			snprintf(t, n, "%.*s%s%s", (int)(p - j), j, f, p + 14);
			CHECK(dc_import_smartctl_json(t, strlen(t), &parts, err, sizeof(err)) == 1);
			q = parts.n ? param(dc_raw_find(&parts.v[0].raw, DC_PG_SCSI_LOG_2F), 0) : NULL;
			CHECK(q && q[4] == 93 && q[5] == 0);
			dc_import_parts_free(&parts);
			free(t);
		}
		free(j);
	}
}

int main(void)
{
	test_smart_status();
	test_devstat();
	test_scsi_log();
	test_ata_text_and_json();
	test_ata_health();
	test_scsi();
	test_scsi_failure();
	return dc_test_summary("test_import_health");
}
