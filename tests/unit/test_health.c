// SPDX-License-Identifier: GPL-2.0-or-later
/* test_health.c - the drive's own verdict (docs/health.md): SMART RETURN STATUS, attributes
 * at their thresholds now and in the past, NVMe critical warnings, SCSI informational
 * exceptions, and wear from the Device Statistics log and the SCSI log pages, each through
 * the parsers from crafted pages, then judged. */
#include <endian.h>
#include <stdlib.h>

#include "dc_test.h"
#include "core/drive.h"
#include "decide/health.h"
#include "render/words.h"
#include "core/raw.h"
#include "device/protocol.h"

static const struct dc_io_status illegal_request = {
	.kind = DC_IO_SCSI, .scsi_status = 2, .driver_status = 8,
	.sense = { .valid = true, .asc_valid = true, .key = 5, .asc = 0x24 }, /* 5/24/00 */
};

/* ---------------------------------------------------------------- ATA pages */

struct attr {
	uint8_t id, flags, value, worst, threshold;
};

static void checksum(uint8_t *p)
{
	uint8_t sum = 0;

	for (int i = 0; i < 511; i++)
		sum = (uint8_t)(sum + p[i]);
	p[511] = (uint8_t)-sum;
}

/* IDENTIFY of a drive no attribute rule knows (no capacitor, no life-left meaning). */
static void identify(uint8_t *id, unsigned logical_words)
{
	const char *model = "ACME TEST SSD 1TB";

	memset(id, 0, 512);
	for (unsigned i = 0; i < 40; i++)
		id[2 * 27 + (i ^ 1)] = (uint8_t)(i < strlen(model) ? model[i] : ' ');
	id[2 * 82] = 1 | 1 << 5;          /* SMART, write cache supported */
	id[2 * 83 + 1] = 0x40;
	id[2 * 85] = 1 | 1 << 5;          /* SMART on, cache on */
	id[2 * 87 + 1] = 0x40;
	if (logical_words) {              /* word 106: valid, logical sector > 256 words */
		id[2 * 106 + 1] = 0x40 | 0x10;
		id[2 * 117] = (uint8_t)logical_words;
		id[2 * 117 + 1] = (uint8_t)(logical_words >> 8);
	}
}

static void smart_pages(struct dc_raw *raw, const struct attr *a, unsigned n, bool thresholds)
{
	uint8_t id[512], data[512], thr[512];

	identify(id, 0);
	memset(data, 0, 512);
	memset(thr, 0, 512);
	data[0] = thr[0] = 0x10;
	for (unsigned i = 0; i < n && i < 30; i++) {
		uint8_t *s = data + 2 + 12 * i, *t = thr + 2 + 12 * i;

		s[0] = a[i].id;
		s[1] = a[i].flags;
		s[3] = a[i].value;
		s[4] = a[i].worst;
		t[0] = a[i].id;
		t[1] = a[i].threshold;
	}
	checksum(data);
	checksum(thr);
	dc_raw_add(raw, DC_PG_ATA_IDENTIFY, id, 512, NULL);
	dc_raw_add(raw, DC_PG_ATA_SMART_DATA, data, 512, NULL);
	if (thresholds)
		dc_raw_add(raw, DC_PG_ATA_SMART_THRESHOLDS, thr, 512, NULL);
}

static void status_page(struct dc_raw *raw, uint8_t mid, uint8_t high)
{
	uint8_t regs[2] = { mid, high };

	dc_raw_add(raw, DC_PG_ATA_SMART_STATUS, regs, 2, NULL);
}

static void judge_ata(struct dc_raw *raw, struct dc_drive *d, struct dc_health *h)
{
	dc_drive_init(d);
	dc_ata_parse(raw, d);
	dc_health_judge(d, h);
}

static void test_status(void)
{
	struct dc_raw raw = { 0 };
	struct dc_drive d;
	struct dc_health h;

	smart_pages(&raw, NULL, 0, true);
	status_page(&raw, 0x4F, 0xC2);
	judge_ata(&raw, &d, &h);
	CHECK(h.status == DC_HEALTH_OK && h.self_assessment == DC_SELF_PASSED);
	CHECK_STR(h.source, "ata smart return status");
	dc_raw_free(&raw);

	smart_pages(&raw, NULL, 0, true);
	status_page(&raw, 0xF4, 0x2C);
	judge_ata(&raw, &d, &h);
	CHECK(h.status == DC_HEALTH_FAILING && h.self_assessment == DC_SELF_FAILED);
	CHECK(h.nproblems == 1 && h.problems[0].kind == DC_HP_SELF_ASSESSMENT &&
	      h.problems[0].failing);
	dc_raw_free(&raw);

	/* registers that are neither: not believed either way, and said */
	smart_pages(&raw, NULL, 0, true);
	status_page(&raw, 0x00, 0x00);
	judge_ata(&raw, &d, &h);
	CHECK(h.self_assessment == DC_SELF_NOT_GIVEN && h.status == DC_HEALTH_UNKNOWN);
	CHECK(d.nerrors == 1 && strstr(d.errors[0], "neither good nor failing"));
	dc_raw_free(&raw);

	/* a refused command: no verdict, and the page error named */
	smart_pages(&raw, NULL, 0, true);
	dc_raw_add(&raw, DC_PG_ATA_SMART_STATUS, NULL, 0, &illegal_request);
	judge_ata(&raw, &d, &h);
	CHECK(h.self_assessment == DC_SELF_NOT_GIVEN);
	CHECK(d.nerrors == 1 && strstr(d.errors[0], "ata smart return status"));
	dc_raw_free(&raw);

	/* no SMART at all (no pages): health unknown, not "ok" */
	dc_drive_init(&d);
	dc_health_judge(&d, &h);
	CHECK(h.status == DC_HEALTH_UNKNOWN && h.nproblems == 0);
}

/* The WHEN_FAILED rules, one attribute at a time. */
static void test_attributes(void)
{
	static const struct {
		struct attr a;
		bool problem, failing, now;
	} cases[] = {
		{ { 5, 0x33, 100, 100, 10 }, false, false, false },   /* healthy */
		{ { 5, 0x33, 10, 10, 10 }, true, true, true },        /* prefail, at the threshold */
		{ { 5, 0x33, 3, 3, 10 }, true, true, true },          /* prefail, below */
		{ { 5, 0x33, 90, 9, 10 }, true, false, false },       /* prefail, in the past */
		{ { 202, 0x32, 0, 0, 1 }, true, false, true },        /* advisory at 0: warns */
		{ { 194, 0x22, 30, 30, 0 }, false, false, false },    /* threshold 0: never fails */
		{ { 190, 0x22, 30, 30, 0xFE }, false, false, false }, /* 254: not a threshold */
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct dc_raw raw = { 0 };
		struct dc_drive d;
		struct dc_health h;
		unsigned before = dc_test_failed;

		smart_pages(&raw, &cases[i].a, 1, true);
		judge_ata(&raw, &d, &h);
		CHECK((h.ntotal == 1) == cases[i].problem);
		if (cases[i].problem) {
			const struct dc_health_problem *p = &h.problems[0];

			CHECK(p->kind == DC_HP_ATTRIBUTE && p->id == cases[i].a.id);
			CHECK(p->failing == cases[i].failing && p->now == cases[i].now);
			CHECK(p->prefail == ((cases[i].a.flags & 1) != 0));
			CHECK(p->value == cases[i].a.value && p->worst == cases[i].a.worst &&
			      p->threshold == cases[i].a.threshold);
			CHECK(h.status == (cases[i].failing ? DC_HEALTH_FAILING : DC_HEALTH_WARNING));
		} else {
			CHECK(h.status == DC_HEALTH_OK);
		}
		if (dc_test_failed != before)
			fprintf(stderr, "  attribute case %zu\n", i);
		dc_raw_free(&raw);
	}

	/* no thresholds page: no threshold to be at, so no problem */
	{
		struct attr a = { 5, 0x33, 3, 3, 10 };
		struct dc_raw raw = { 0 };
		struct dc_drive d;
		struct dc_health h;

		smart_pages(&raw, &a, 1, false);
		judge_ata(&raw, &d, &h);
		CHECK(h.ntotal == 0);
		dc_raw_free(&raw);
	}
	/* the drive's own FAILED beside an advisory attribute: failing, the verdict first */
	{
		struct attr a = { 202, 0x32, 0, 0, 1 };
		struct dc_raw raw = { 0 };
		struct dc_drive d;
		struct dc_health h;
		char text[256];

		smart_pages(&raw, &a, 1, true);
		status_page(&raw, 0xF4, 0x2C);
		judge_ata(&raw, &d, &h);
		CHECK(h.status == DC_HEALTH_FAILING && h.ntotal == 2);
		CHECK(h.problems[0].kind == DC_HP_SELF_ASSESSMENT && h.problems[1].id == 202);
		dc_health_problem_text(&h.problems[1], h.source, text, sizeof(text));
		CHECK(strstr(text, "advisory attribute 202") && strstr(text, "is at or below"));
		dc_raw_free(&raw);
	}
}

/* More problems than the list holds: counted, failing ones kept first. */
static void test_many(void)
{
	struct attr a[30];
	struct dc_raw raw = { 0 };
	struct dc_drive d;
	struct dc_health h;

	for (unsigned i = 0; i < 30; i++) {
		/* 24 advisory attributes that failed in the past, then 6 prefail failing now */
		bool now = i >= 24;

		a[i] = (struct attr){ (uint8_t)(i + 1), now ? 0x33 : 0x32, now ? 1 : 50,
				      1, 10 };
	}
	smart_pages(&raw, a, 30, true);
	judge_ata(&raw, &d, &h);
	CHECK(h.ntotal == 30 && h.nproblems == DC_MAX_HEALTH_PROBLEMS);
	CHECK(h.status == DC_HEALTH_FAILING);
	for (unsigned i = 0; i < 6; i++)
		CHECK(h.problems[i].failing && h.problems[i].id == 25 + i);
	CHECK(!h.problems[6].failing);
	dc_raw_free(&raw);
}

/* ---------------------------------------------------------------- Device Statistics */

static void devstat_page(uint8_t *p, uint8_t page)
{
	memset(p, 0, 512);
	p[0] = 1;                         /* revision 0001h */
	p[2] = page;
}

static void devstat_put(uint8_t *p, unsigned off, uint64_t value, bool supported, bool valid)
{
	uint64_t q = value | (supported ? 1ull << 63 : 0) | (valid ? 1ull << 62 : 0);

	q = htole64(q);
	memcpy(p + off, &q, 8);
}

static void test_devstat(void)
{
	struct attr life = { 5, 0x33, 100, 100, 10 };
	uint8_t p1[512], p7[512], id[512];
	struct dc_raw raw = { 0 };
	struct dc_drive d;

	devstat_page(p1, 1);
	devstat_put(p1, 0x10, 17231, true, true);         /* power-on hours */
	devstat_put(p1, 0x18, 67462939624ull, true, true); /* logical sectors written */
	devstat_page(p7, 7);
	devstat_put(p7, 0x08, 3, true, true);             /* percentage used */
	smart_pages(&raw, &life, 1, true);
	dc_raw_add(&raw, DC_PG_ATA_DEVSTAT_01, p1, 512, NULL);
	dc_raw_add(&raw, DC_PG_ATA_DEVSTAT_07, p7, 512, NULL);
	dc_drive_init(&d);
	dc_ata_parse(&raw, &d);
	CHECK(d.wear.have_percent_used && d.wear.percent_used == 3);
	CHECK(d.wear.have_power_on && d.wear.power_on_hours == 17231);
	CHECK(d.wear.have_written && d.wear.host_written_bytes == 67462939624ull * 512);
	for (unsigned i = DC_WEAR_PERCENT_USED; i <= DC_WEAR_POWER_ON; i++)
		CHECK(d.wear.from[i].from == DC_WEAR_FROM_ATA_DEVSTAT);
	CHECK(d.wear.ncounters == 0);
	dc_raw_free(&raw);

	/* ACS-3 9.5: a page at revision 0000h is not supported, said; 2 and 3 are read (the
	 * statistics keep their offsets as a page grows) */
	for (unsigned rev = 0; rev < 4; rev++) {
		devstat_page(p1, 1);
		p1[0] = (uint8_t)rev;
		devstat_put(p1, 0x10, 17231, true, true);
		devstat_put(p1, 0x18, 67462939624ull, true, true);
		smart_pages(&raw, &life, 1, true);
		dc_raw_add(&raw, DC_PG_ATA_DEVSTAT_01, p1, 512, NULL);
		dc_drive_init(&d);
		dc_ata_parse(&raw, &d);
		CHECK(d.wear.have_written == (rev != 0) && d.wear.have_power_on == (rev != 0));
		CHECK(d.wear.from[DC_WEAR_WRITTEN].from == (rev ? DC_WEAR_FROM_ATA_DEVSTAT : DC_WEAR_FROM_NONE));
		CHECK(d.nerrors == (rev ? 0u : 1u));
		if (rev == 0 && d.nerrors)
			CHECK(strstr(d.errors[0], "page 1: revision 0000h") != NULL);
		dc_raw_free(&raw);
	}
	devstat_page(p1, 1);
	p1[1] = 0x01; /* revision 0101h: not 0000h, so read */
	devstat_put(p1, 0x18, 1000, true, true);
	smart_pages(&raw, &life, 1, true);
	dc_raw_add(&raw, DC_PG_ATA_DEVSTAT_01, p1, 512, NULL);
	dc_drive_init(&d);
	dc_ata_parse(&raw, &d);
	CHECK(d.wear.have_written && d.wear.host_written_bytes == 512000);
	dc_raw_free(&raw);

	/* an entry without its "valid" bit, or of another page number, counts for nothing */
	devstat_put(p7, 0x08, 3, true, false);
	p1[2] = 4;
	smart_pages(&raw, &life, 1, true);
	dc_raw_add(&raw, DC_PG_ATA_DEVSTAT_01, p1, 512, NULL);
	dc_raw_add(&raw, DC_PG_ATA_DEVSTAT_07, p7, 512, NULL);
	dc_drive_init(&d);
	dc_ata_parse(&raw, &d);
	CHECK(!d.wear.have_percent_used && !d.wear.have_written);
	dc_raw_free(&raw);

	/* a log that counts 0 power-on hours beside attribute 9's thousands: the attribute
	 * stands, both kept; a log that disagrees otherwise is used, both kept */
	for (int k = 0; k < 2; k++) {
		struct attr poh[2] = { { 5, 0x33, 100, 100, 10 }, { 9, 0x32, 60, 60, 0 } };
		uint8_t data[512];

		devstat_page(p1, 1);
		devstat_put(p1, 0x10, k ? 20000 : 0, true, true);
		smart_pages(&raw, poh, 2, true);
		/* attribute 9's raw value, 32939 hours (the SMART data page, slot 2, raw bytes) */
		memcpy(data, dc_raw_get(&raw, DC_PG_ATA_SMART_DATA, 512), 512);
		data[2 + 12 + 5] = 32939 & 0xff;
		data[2 + 12 + 6] = 32939 >> 8;
		checksum(data);
		memcpy((uint8_t *)dc_raw_find(&raw, DC_PG_ATA_SMART_DATA)->data, data, 512);
		dc_raw_add(&raw, DC_PG_ATA_DEVSTAT_01, p1, 512, NULL);
		dc_drive_init(&d);
		dc_ata_parse(&raw, &d);
		CHECK(d.wear.have_power_on && d.wear.power_on_hours == (k ? 20000u : 32939u));
		CHECK(d.wear.from[DC_WEAR_POWER_ON].from ==
		      (k ? DC_WEAR_FROM_ATA_DEVSTAT : DC_WEAR_FROM_ATA_ATTR));
		CHECK(d.wear.ncounters == 1 && d.wear.counters[0].figure == DC_WEAR_POWER_ON &&
		      d.wear.counters[0].check == DC_COUNTERS_DISAGREE &&
		      d.wear.counters[0].used == (k ? 0 : 1) &&
		      d.wear.counters[0].value[0] == (k ? 20000u : 0) &&
		      d.wear.counters[0].value[1] == 32939 &&
		      d.wear.counters[0].src[1].from == DC_WEAR_FROM_ATA_ATTR &&
		      d.wear.counters[0].src[1].num == 9);
		dc_raw_free(&raw);
	}

	/* 4096-byte logical sectors (IDENTIFY words 106, 117-118): sectors count 4 KiB */
	devstat_page(p1, 1);
	devstat_put(p1, 0x18, 1000, true, true);
	identify(id, 2048);
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, 512, NULL);
	dc_raw_add(&raw, DC_PG_ATA_DEVSTAT_01, p1, 512, NULL);
	dc_drive_init(&d);
	dc_ata_parse(&raw, &d);
	CHECK(d.wear.have_written && d.wear.host_written_bytes == 1000ull * 4096);
	dc_raw_free(&raw);
}

/* ---------------------------------------------------------------- NVMe */

static void test_nvme(void)
{
	for (unsigned bit = 0; bit < 6; bit++) {
		struct dc_drive d;
		struct dc_health h;

		dc_drive_init(&d);
		d.smart.have_nvme_health = true;
		d.smart.nvme.critical_warning = (uint8_t)(1u << bit);
		dc_health_judge(&d, &h);
		CHECK(h.self_assessment == DC_SELF_FAILED && h.ntotal == 1);
		CHECK(h.problems[0].kind == DC_HP_NVME_WARNING && h.problems[0].bit == bit);
		/* temperature (bit 1) warns; the others fail */
		CHECK(h.status == (bit == 1 ? DC_HEALTH_WARNING : DC_HEALTH_FAILING));
	}
	{
		struct dc_drive d;
		struct dc_health h;

		dc_drive_init(&d);
		d.smart.have_nvme_health = true;
		d.smart.nvme.percent_used = 100;
		dc_health_judge(&d, &h);
		CHECK(h.status == DC_HEALTH_OK && h.self_assessment == DC_SELF_PASSED);
		d.smart.nvme.percent_used = 112;
		dc_health_judge(&d, &h);
		CHECK(h.status == DC_HEALTH_WARNING && h.problems[0].kind == DC_HP_ENDURANCE_EXCEEDED &&
		      h.problems[0].percent_used == 112);
	}
}

/* ---------------------------------------------------------------- SCSI log pages */

/* One LOG SENSE page with one parameter: code, then len bytes of value. */
static void log_page(struct dc_raw *raw, const char *name, uint8_t page, unsigned code,
		     const uint8_t *value, uint8_t len, size_t cut)
{
	uint8_t p[64];
	size_t n = 8 + len;

	memset(p, 0, sizeof(p));
	p[0] = page;
	p[2] = (uint8_t)((4 + len) >> 8);
	p[3] = (uint8_t)(4 + len);
	p[4] = (uint8_t)(code >> 8);
	p[5] = (uint8_t)code;
	p[7] = len;
	memcpy(p + 8, value, len);
	dc_raw_add(raw, name, p, cut ? cut : n, NULL);
}

static void scsi_judge(struct dc_raw *raw, struct dc_drive *d, struct dc_health *h)
{
	dc_drive_init(d);
	dc_scsi_parse(raw, d);
	dc_health_judge(d, h);
}

static void test_scsi(void)
{
	static const struct {
		uint8_t asc, ascq;
		enum dc_health_status want;
		enum dc_self_assessment self;
	} ie[] = {
		{ 0x00, 0x00, DC_HEALTH_OK, DC_SELF_PASSED },
		{ 0x5D, 0x00, DC_HEALTH_FAILING, DC_SELF_FAILED },
		{ 0x5D, 0x10, DC_HEALTH_FAILING, DC_SELF_FAILED },
		{ 0x5D, 0xFF, DC_HEALTH_WARNING, DC_SELF_PASSED },  /* the drive's test of it */
		{ 0x0B, 0x01, DC_HEALTH_WARNING, DC_SELF_PASSED },  /* temperature */
	};

	for (size_t i = 0; i < sizeof(ie) / sizeof(ie[0]); i++) {
		uint8_t v[3] = { ie[i].asc, ie[i].ascq, 38 };
		struct dc_raw raw = { 0 };
		struct dc_drive d;
		struct dc_health h;

		log_page(&raw, DC_PG_SCSI_LOG_2F, 0x2F, 0, v, 3, 0);
		scsi_judge(&raw, &d, &h);
		CHECK(h.status == ie[i].want && h.self_assessment == ie[i].self);
		CHECK(d.smart.have_temperature && d.smart.temperature_c == 38);
		if (ie[i].asc)
			CHECK(h.problems[0].kind == DC_HP_SCSI_EXCEPTION && h.problems[0].asc == ie[i].asc);
		dc_raw_free(&raw);
	}
	{
		uint8_t used[4] = { 0, 0, 0, 7 }, pon[4] = { 0, 0x0F, 0x42, 0x40 }; /* 1,000,000 min */
		uint8_t temp[2] = { 0, 41 }, werr[4] = { 0, 0, 0, 2 }, rerr[2] = { 0, 3 };
		struct dc_raw raw = { 0 };
		struct dc_drive d;
		struct dc_health h;

		log_page(&raw, DC_PG_SCSI_LOG_11, 0x11, 1, used, 4, 0);
		log_page(&raw, DC_PG_SCSI_LOG_15, 0x15, 0, pon, 4, 0);
		log_page(&raw, DC_PG_SCSI_LOG_0D, 0x0D, 0, temp, 2, 0);
		log_page(&raw, DC_PG_SCSI_LOG_02, 0x02, 6, werr, 4, 0);
		log_page(&raw, DC_PG_SCSI_LOG_03, 0x03, 6, rerr, 2, 0);
		scsi_judge(&raw, &d, &h);
		CHECK(d.wear.have_percent_used && d.wear.percent_used == 7);
		{
		char text[256];

		/* each figure names its own page: the table's "from" too */
		dc_words_wear_sources(&d.wear, text, sizeof(text));
		CHECK_STR(text, "scsi log page 0x11; power-on hours: scsi log page 0x15; media "
			  "errors: scsi error counter log pages 0x02, 0x03");
	}
		CHECK(d.wear.have_power_on && d.wear.power_on_hours == 1000000 / 60);
		CHECK(d.smart.have_temperature && d.smart.temperature_c == 41);
		CHECK(d.wear.have_media_errors && d.wear.media_errors == 5);
		CHECK(h.status == DC_HEALTH_UNKNOWN); /* no 0x2F: the drive gave no verdict */
		dc_raw_free(&raw);
	}
	/* a parameter cut short by the page's end is not read */
	{
		uint8_t used[4] = { 0, 0, 0, 7 };
		struct dc_raw raw = { 0 };
		struct dc_drive d;
		struct dc_health h;

		log_page(&raw, DC_PG_SCSI_LOG_11, 0x11, 1, used, 4, 10);
		scsi_judge(&raw, &d, &h);
		CHECK(!d.wear.have_percent_used);
		dc_raw_free(&raw);
	}
}

int main(void)
{
	test_status();
	test_attributes();
	test_many();
	test_devstat();
	test_nvme();
	test_scsi();
	return dc_test_summary("test_health");
}
