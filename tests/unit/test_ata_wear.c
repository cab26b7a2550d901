// SPDX-License-Identifier: GPL-2.0-or-later
/* test_ata_wear.c - two counters of bytes written (the Device Statistics log, an attribute):
 * the rule that compares them, which one the parser takes, and the words that say so. The
 * figures are those of real reports (data/import/linuxhw): a Crucial MX500 and a Kingston
 * KC600 whose log wrapped at 2^32 sectors, an Intel 530 whose two counters disagree. */
#include <endian.h>
#include <stdlib.h>

#include "dc_test.h"
#include "core/drive.h"
#include "core/raw.h"
#include "device/ata/ata_wear.h"
#include "device/protocol.h"
#include "render/words.h"

#define W32 (1ull << 32)
#define MIB (1ull << 20)
#define GIB (1ull << 30)

/* ---------------------------------------------------------------- the rule */

static int check(uint64_t au, uint64_t ab, uint64_t bu, uint64_t bb, uint32_t *wraps,
		 unsigned *larger)
{
	struct dc_ata_counter a = { au, ab }, b = { bu, bb };

	return dc_ata_counters_check(&a, &b, wraps, larger);
}

static void test_rule(void)
{
	uint32_t k;
	unsigned hi;

	/* within 1% of the larger: agree */
	CHECK(check(10000000000ull, 512, 10010000000ull, 512, &k, &hi) == 0);
	/* a small count off by less than the slack (64 MiB and two units): agree */
	CHECK(check(1000, 512, 100000, 512, &k, &hi) == 0);
	/* the MX500: the log 53 wraps of 2^32 sectors short, 40 sectors apart */
	CHECK(check(1016262727, 512, 228649529375ull, 512, &k, &hi) == DC_COUNTERS_WRAPPED &&
	      k == 53 && hi == 1);
	/* the attribute wrapped instead (the log the larger by 3 wraps): the log is the one */
	CHECK(check(4 * W32 - 12345, 512, W32 - 12345, 512, &k, &hi) == DC_COUNTERS_WRAPPED &&
	      k == 3 && hi == 0);
	/* a GiB attribute against a log that wrapped twice: within the attribute's unit */
	CHECK(check((5000 * GIB - 2 * W32 * 512 - GIB / 2) / 512, 512, 5000, GIB, &k, &hi) ==
	      DC_COUNTERS_WRAPPED && k == 2 && hi == 1);
	/* a counter at 2^32 units or more did not wrap at 32 bits */
	CHECK(check(W32 + 5, 512, 2 * W32 + 5, 512, &k, &hi) == DC_COUNTERS_DISAGREE);
	/* half a wrap apart: a disagreement */
	CHECK(check(1000, 512, W32 / 2, 512, &k, &hi) == DC_COUNTERS_DISAGREE && k == 0);
	/* the Intel 530: the log half as much again as attribute 241 */
	CHECK(check(3998374154ull, 512, 40065, 32 * MIB, &k, &hi) == DC_COUNTERS_DISAGREE);
	/* a wrap missed by more than the slack is no wrap */
	CHECK(check(1000, 512, 1000 + W32 + (1ull << 18), 512, &k, &hi) == DC_COUNTERS_DISAGREE);
	CHECK(check(1000, 512, 1000 + W32 + (1ull << 16), 512, &k, &hi) == DC_COUNTERS_WRAPPED &&
	      k == 1);
}

/* ---------------------------------------------------------------- through the parser */

struct attr {
	uint8_t id;
	uint64_t raw;
};

static void checksum(uint8_t *p)
{
	uint8_t sum = 0;

	for (int i = 0; i < 511; i++)
		sum = (uint8_t)(sum + p[i]);
	p[511] = (uint8_t)-sum;
}

static void identify(uint8_t *id, const char *model)
{
	memset(id, 0, 512);
	for (unsigned i = 0; i < 40; i++)
		id[2 * 27 + (i ^ 1)] = (uint8_t)(i < strlen(model) ? model[i] : ' ');
	id[2 * 82] = 1 | 1 << 5;          /* SMART, write cache supported */
	id[2 * 83 + 1] = 0x40;
	id[2 * 85] = 1 | 1 << 5;
	id[2 * 87 + 1] = 0x40;
}

static void devstat_put(uint8_t *p, unsigned off, uint64_t value)
{
	uint64_t q = htole64(value | 1ull << 63 | 1ull << 62); /* supported, valid */

	memcpy(p + off, &q, 8);
}

/* A drive of this model: its attributes (value 100, raw as given), and the Device
 * Statistics log's page 1 (at revision rev) with sectors written, page 7 with pct. */
static void drive(struct dc_drive *d, const char *model, const struct attr *a, unsigned n,
		  uint64_t sectors, unsigned rev, unsigned pct)
{
	struct dc_raw raw = { 0 };
	uint8_t id[512], data[512], thr[512], p1[512], p7[512];

	identify(id, model);
	memset(data, 0, 512);
	memset(thr, 0, 512);
	data[0] = thr[0] = 0x10;
	for (unsigned i = 0; i < n; i++) {
		uint8_t *s = data + 2 + 12 * i;

		s[0] = thr[2 + 12 * i] = a[i].id;
		s[1] = 0x32;
		s[3] = s[4] = 100;
		for (unsigned b = 0; b < 6; b++)
			s[5 + b] = (uint8_t)(a[i].raw >> (8 * b));
	}
	checksum(data);
	checksum(thr);
	memset(p1, 0, 512);
	p1[0] = (uint8_t)rev;
	p1[2] = 1;
	devstat_put(p1, 0x18, sectors);
	memset(p7, 0, 512);
	p7[0] = 1;
	p7[2] = 7;
	devstat_put(p7, 0x08, pct);
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, 512, NULL);
	dc_raw_add(&raw, DC_PG_ATA_SMART_DATA, data, 512, NULL);
	dc_raw_add(&raw, DC_PG_ATA_SMART_THRESHOLDS, thr, 512, NULL);
	dc_raw_add(&raw, DC_PG_ATA_DEVSTAT_01, p1, 512, NULL);
	dc_raw_add(&raw, DC_PG_ATA_DEVSTAT_07, p7, 512, NULL);
	dc_drive_init(d);
	dc_ata_parse(&raw, d);
	dc_raw_free(&raw);
}

static void test_parse(void)
{
	struct dc_drive d;
	const struct dc_wear_counters *c = &d.wear.counters[0];

	/* Crucial MX500 (01EF8B9FA165): attribute 246 counts on where the log wrapped */
	{
		const struct attr a[] = { { 246, 228649529375ull }, { 174, 6 } };

		drive(&d, "CT1000MX500SSD1", a, 2, 1016262727, 1, 81);
		CHECK(d.wear.have_written && d.wear.host_written_bytes == 228649529375ull * 512);
		CHECK(d.wear.from[DC_WEAR_WRITTEN].from == DC_WEAR_FROM_ATA_ATTR &&
		      d.wear.from[DC_WEAR_WRITTEN].num == 246);
		CHECK(d.wear.from[DC_WEAR_PERCENT_USED].from == DC_WEAR_FROM_ATA_DEVSTAT);
		CHECK(d.wear.percent_used == 81);
		CHECK(d.wear.ncounters == 1 && c->figure == DC_WEAR_WRITTEN &&
		      c->check == DC_COUNTERS_WRAPPED && c->wraps == 53 && c->used == 1 &&
		      c->value[0] == 1016262727ull * 512 && c->value[1] == 228649529375ull * 512 &&
		      c->src[0].from == DC_WEAR_FROM_ATA_DEVSTAT && c->src[1].num == 246);
	}
	/* Kingston KC600 (45EAED10DEAD): 241 counts 32 MiB; the log wrapped 12 times */
	{
		const struct attr a[] = { { 231, 52 }, { 241, 792484 } };

		drive(&d, "KINGSTON SKC6001024G", a, 2, 396679872, 1, 48);
		CHECK(d.wear.host_written_bytes == 792484 * 32 * MIB);
		CHECK(d.wear.ncounters == 1 && c->check == DC_COUNTERS_WRAPPED && c->wraps == 12 &&
		      c->used == 1);
	}
	/* Intel 530 (CF83D848F1CB), page 1 at revision 2: the counters disagree, the log
	 * stands, both kept */
	{
		const struct attr a[] = { { 241, 40065 } };

		drive(&d, "INTEL SSDSC2BW240A4", a, 1, 3998374154ull, 2, 13);
		CHECK(d.wear.host_written_bytes == 3998374154ull * 512);
		CHECK(d.wear.from[DC_WEAR_WRITTEN].from == DC_WEAR_FROM_ATA_DEVSTAT);
		CHECK(d.wear.ncounters == 1 && c->check == DC_COUNTERS_DISAGREE && c->used == 0 &&
		      c->value[1] == 40065 * 32 * MIB && c->src[1].num == 241);
	}
	/* counters that agree: the log, one source, nothing kept */
	{
		const struct attr a[] = { { 246, 2000000040 } };

		drive(&d, "CT1000MX500SSD1", a, 1, 2000000000, 3, 5);
		CHECK(d.wear.host_written_bytes == 2000000000ull * 512 && d.wear.ncounters == 0);
		CHECK(d.wear.from[DC_WEAR_WRITTEN].from == DC_WEAR_FROM_ATA_DEVSTAT);
	}
	/* an attribute that kept 32 bits under a log that did not: the log, both kept */
	{
		const struct attr a[] = { { 246, 1000 } };

		drive(&d, "CT1000MX500SSD1", a, 1, 2 * W32 + 1000, 1, 5);
		CHECK(d.wear.host_written_bytes == (2 * W32 + 1000) * 512);
		CHECK(d.wear.ncounters == 1 && c->check == DC_COUNTERS_WRAPPED && c->wraps == 2 &&
		      c->used == 0);
	}
	/* Kingston A400, firmware SBFK71E0: a 241 that reads exactly 32 times the GiB rule
	 * disagrees with the log, which stands (ata_attrs.c says why there is no rule) */
	{
		const struct attr a[] = { { 241, 13340 } };

		drive(&d, "KINGSTON SA400S37480G", a, 1, 874262318, 1, 0);
		CHECK(d.wear.host_written_bytes == 874262318ull * 512);
		CHECK(d.wear.ncounters == 1 && c->check == DC_COUNTERS_DISAGREE && c->used == 0);
	}
	/* no attribute rule for the model: the log alone, nothing to compare */
	{
		const struct attr a[] = { { 241, 792484 } };

		drive(&d, "ACME TEST SSD", a, 1, 396679872, 1, 48);
		CHECK(d.wear.host_written_bytes == 396679872ull * 512 && d.wear.ncounters == 0);
	}
}

/* ---------------------------------------------------------------- the words */

static void test_words(void)
{
	struct dc_drive d;
	char text[DC_WORDS_LEN];
	const struct attr a[] = { { 246, 228649529375ull }, { 174, 6 } };
	const struct attr b[] = { { 241, 40065 } };

	drive(&d, "CT1000MX500SSD1", a, 2, 1016262727, 1, 81);
	dc_words_wear_sources(&d.wear, text, sizeof(text));
	CHECK_STR(text, "ata device statistics; bytes written: ata attribute 246; unsafe "
		  "shutdowns: ata attribute 174");
	/* the sentences themselves: tests/unit/words.golden */
	dc_words_wear_counters(&d.wear.counters[0], text, sizeof(text));
	CHECK(strstr(text, "53 times") && strstr(text, "ata attribute 246 is used"));
	drive(&d, "INTEL SSDSC2BW240A4", b, 1, 3998374154ull, 2, 13);
	dc_words_wear_counters(&d.wear.counters[0], text, sizeof(text));
	CHECK(strstr(text, "disagree") && strstr(text, "ata device statistics, the standard "
						  "counter, is used"));
	CHECK_STR(dc_words_wear_key(DC_WEAR_WRITTEN), "host_written_bytes");
	CHECK_STR(dc_words_counters_check(DC_COUNTERS_WRAPPED), "wrapped");
	/* no figure: no words */
	dc_drive_init(&d);
	CHECK(dc_words_wear_sources(&d.wear, text, sizeof(text)) == 0 && text[0] == '\0');
	/* a cut buffer stays a string, and the whole length is told */
	drive(&d, "CT1000MX500SSD1", a, 2, 1016262727, 1, 81);
	CHECK(dc_words_wear_sources(&d.wear, text, 30) > 30 && strlen(text) == 29);
}

int main(void)
{
	test_rule();
	test_parse();
	test_words();
	return dc_test_summary("test_ata_wear");
}
