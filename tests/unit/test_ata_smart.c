// SPDX-License-Identifier: GPL-2.0-or-later
/* test_ata_smart.c - SMART data and thresholds pages decoded by ata_smart.c, blobs split by
 * ata_blob.c, the figures ata_parse.c reads; and the names and figures held to libatasmart's. */
#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>

#include <atasmart.h>

#include "dc_test.h"
#include "device/ata/ata_attrs.h"
#include "device/ata/ata_blob.h"
#include "device/ata/ata_smart.h"
#include "device/protocol.h"
#include "core/drive.h"
#include "core/model.h"
#include "core/raw.h"

static const struct dc_io_status st_enodev = { .kind = DC_IO_ERRNO, .errnum = ENODEV };
static const struct dc_io_status st_eio = { .kind = DC_IO_ERRNO, .errnum = EIO };

/* One slot of a SMART data page, as a drive fills it. */
struct slot {
	uint8_t id;
	uint16_t flags;
	uint8_t value, worst;
	uint64_t raw;                /* 48 bits, and byte 11 from bits 48-55 */
};

static void put_slot(uint8_t *data, unsigned i, const struct slot *s)
{
	uint8_t *e = data + 2 + 12 * i;

	e[0] = s->id;
	e[1] = (uint8_t)s->flags;
	e[2] = (uint8_t)(s->flags >> 8);
	e[3] = s->value;
	e[4] = s->worst;
	for (unsigned b = 0; b < 7; b++)
		e[5 + b] = (uint8_t)(s->raw >> (8 * b));
}

static void put_thr(uint8_t *thr, unsigned i, uint8_t id, uint8_t threshold)
{
	thr[2 + 12 * i] = id;
	thr[2 + 12 * i + 1] = threshold;
}

static void blank(uint8_t *data, uint8_t *thr)
{
	memset(data, 0, 512);
	memset(thr, 0, 512);
	data[0] = thr[0] = 0x10;
}

/* Empty slots anywhere, the page's order kept, every field of a slot, raw to 48 bits. */
static void test_decode_slots(void)
{
	static const struct slot s[] = {
		{ 5, 0x0033, 100, 100, 0 },
		{ 0 },                                       /* empty, between two */
		{ 9, 0x0032, 99, 98, 0x060504030201ull },    /* byte order */
		{ 241, 0x0000, 1, 253, 0xFFFFFFFFFFFFull },  /* all 48 bits */
		{ 194, 0x0022, 0, 0, 0xAA0000000000ffull },  /* byte 11 is not raw */
		{ 175, 0xC001, 254, 255, 1 },
		{ 12, 0x0012, 255, 254, 0x800000000000ull },
	};
	uint8_t data[512], thr[512];
	struct dc_ata_attr a[DC_MAX_ATA_ATTRS];
	unsigned n;

	blank(data, thr);
	for (unsigned i = 0; i < sizeof(s) / sizeof(s[0]); i++)
		put_slot(data, i, &s[i]);
	put_slot(data, 29, &(struct slot){ 187, 0x32, 100, 100, 7 }); /* the last slot */
	n = dc_ata_smart_decode(data, thr, "ACME DISK", a, DC_MAX_ATA_ATTRS);
	CHECK(n == 7);
	CHECK(a[0].id == 5 && a[1].id == 9 && a[2].id == 241 && a[3].id == 194 &&
	      a[4].id == 175 && a[5].id == 12 && a[6].id == 187);
	CHECK(a[0].flags == 0x33 && a[4].flags == 0xC001);
	CHECK(a[1].value == 99 && a[1].worst == 98);
	CHECK(a[1].raw == 0x060504030201ull);
	CHECK(a[2].raw == 0xFFFFFFFFFFFFull && a[2].value == 1 && a[2].worst == 253);
	CHECK(a[3].raw == 0xff && a[3].value == 0);
	CHECK(a[5].raw == 0x800000000000ull);
	/* values outside 1-253 are kept as given, and are no values */
	CHECK(a[4].value == 254 && a[4].worst == 255 && a[5].value == 255);
	CHECK(!dc_ata_value_valid(0) && !dc_ata_value_valid(254) && !dc_ata_value_valid(255));
	CHECK(dc_ata_value_valid(1) && dc_ata_value_valid(253));
	/* no more than the caller has room for */
	CHECK(dc_ata_smart_decode(data, thr, "ACME DISK", a, 3) == 3 && a[2].id == 241);
	/* a page of empty slots has no attributes */
	blank(data, thr);
	CHECK(dc_ata_smart_decode(data, thr, "ACME DISK", a, DC_MAX_ATA_ATTRS) == 0);
}

/* Thresholds by ID, whatever their order; one the page misses, 254, no page at all. */
static void test_decode_thresholds(void)
{
	uint8_t data[512], thr[512];
	struct dc_ata_attr a[DC_MAX_ATA_ATTRS];

	blank(data, thr);
	put_slot(data, 0, &(struct slot){ 5, 0x33, 100, 100, 0 });
	put_slot(data, 1, &(struct slot){ 9, 0x32, 100, 100, 10 });
	put_slot(data, 2, &(struct slot){ 175, 0x33, 100, 100, 0 });
	put_slot(data, 3, &(struct slot){ 177, 0x13, 90, 90, 0 });
	put_slot(data, 4, &(struct slot){ 194, 0x22, 70, 60, 30 });
	put_thr(thr, 0, 177, 5);          /* another order than the data page's */
	put_thr(thr, 3, 5, 10);
	put_thr(thr, 5, 175, 0xFE);       /* 254: none given */
	put_thr(thr, 7, 194, 0);          /* 0: never fails, a threshold all the same */
	put_thr(thr, 8, 5, 99);           /* the first slot of an ID counts */
	/* 9 is not on the thresholds page */
	CHECK(dc_ata_smart_decode(data, thr, "ACME DISK", a, DC_MAX_ATA_ATTRS) == 5);
	CHECK(a[0].threshold_known && a[0].threshold == 10);
	CHECK(!a[1].threshold_known && a[1].threshold == 0);
	CHECK(!a[2].threshold_known && a[2].threshold == 0xFE);
	CHECK(a[3].threshold_known && a[3].threshold == 5);
	CHECK(a[4].threshold_known && a[4].threshold == 0);
	/* no thresholds page: nothing known */
	CHECK(dc_ata_smart_decode(data, NULL, "ACME DISK", a, DC_MAX_ATA_ATTRS) == 5);
	for (unsigned i = 0; i < 5; i++)
		CHECK(!a[i].threshold_known && a[i].threshold == 0);
}

/* Names: generic, "attribute-N", and the Intel 320's own (with or without "INTEL"). */
static void test_names(void)
{
	size_t n;
	const struct dc_ata_attr_family_info *fam = dc_ata_attr_families(&n);
	uint8_t data[512], thr[512];
	struct dc_ata_attr a[DC_MAX_ATA_ATTRS];
	char norm[64];

	blank(data, thr);
	put_slot(data, 0, &(struct slot){ 9, 0x32, 100, 100, 1 });
	put_slot(data, 1, &(struct slot){ 233, 0x32, 100, 100, 1 });
	put_slot(data, 2, &(struct slot){ 174, 0x32, 100, 100, 1 });
	put_slot(data, 3, &(struct slot){ 255, 0x32, 100, 100, 1 });
	CHECK(dc_ata_smart_decode(data, thr, "ACME DISK", a, DC_MAX_ATA_ATTRS) == 4);
	CHECK_STR(a[0].name, "power-on-hours");
	CHECK_STR(a[1].name, "power-on-seconds-2");
	CHECK_STR(a[2].name, "attribute-174");
	CHECK_STR(a[3].name, "attribute-255");
	dc_model_normalize("INTEL SSDSA2CW120G3", norm, sizeof(norm));
	CHECK(dc_ata_smart_decode(data, thr, norm, a, DC_MAX_ATA_ATTRS) == 4);
	CHECK_STR(a[0].name, "power-on-hours");
	CHECK_STR(a[1].name, "media-wearout-indicator");
	CHECK_STR(dc_ata_attr_info("SSDSA2BW160G3L", 226)->name, "timed-workload-media-wear");
	/* a later Intel (DC S3500) is not the 320 */
	dc_model_normalize("INTEL SSDSC2BB480G4", norm, sizeof(norm));
	CHECK_STR(dc_ata_attr_info(norm, 233)->name, "power-on-seconds-2");
	CHECK(dc_ata_attr_info(norm, 9)->unit == DC_ATA_RAW_HOURS);
	CHECK(dc_ata_attr_info(norm, 194)->unit == DC_ATA_RAW_CELSIUS);
	CHECK(dc_ata_attr_info(norm, 231)->unit == DC_ATA_RAW_COUNT);
	CHECK(dc_ata_attr_info(norm, 0) == NULL && dc_ata_attr_info(norm, 174) == NULL);
	/* every family row's example is a model its glob is meant for, and its name fits */
	CHECK(n >= 6);
	for (size_t i = 0; i < n; i++) {
		dc_model_normalize(fam[i].example, norm, sizeof(norm));
		CHECK(dc_model_match(fam[i].model_glob, norm));
		CHECK(dc_ata_attr_info(norm, fam[i].id) == &fam[i].info);
		CHECK(strlen(fam[i].info.name) < sizeof(a[0].name));
	}
	for (unsigned id = 1; id < 256; id++) {
		const struct dc_ata_attr_info *info = dc_ata_attr_info("ACME DISK", (uint8_t)id);

		CHECK(!info || strlen(info->name) < sizeof(a[0].name));
	}
}

/* ---------------------------------------------------------------- blobs */

static size_t put_record(uint8_t *blob, size_t off, const char *tag, const uint8_t *p,
			 uint32_t len)
{
	uint32_t be = htonl(len);

	memcpy(blob + off, tag, 4);
	memcpy(blob + off + 4, &be, 4);
	if (p)
		memcpy(blob + off + 8, p, len);
	return off + 8 + len;
}

static void test_blob_split(void)
{
	static uint8_t blob[4 * 520 + 64];
	uint8_t id[512], data[512], thr[512], st[4] = { 0, 0, 0, 1 };
	struct dc_ata_blob_records r;
	char why[128];
	size_t len;

	memset(id, 0x11, sizeof(id));
	memset(data, 0x22, sizeof(data));
	memset(thr, 0x33, sizeof(thr));
	/* records in another order than libatasmart writes them, and one of a later tag */
	len = put_record(blob, 0, "SMTH", thr, 512);
	len = put_record(blob, len, "SMST", st, 4);
	len = put_record(blob, len, "XTRA", data, 3);
	len = put_record(blob, len, "SMDT", data, 512);
	len = put_record(blob, len, "IDFY", id, 512);
	CHECK(dc_ata_blob_split(blob, len, &r, why, sizeof(why)) == 0);
	CHECK(r.identify && r.identify[0] == 0x11 && r.smart_data && r.smart_data[0] == 0x22 &&
	      r.thresholds && r.thresholds[0] == 0x33 && r.status && r.status[3] == 1);
	CHECK(dc_ata_blob_identify(blob, len) == r.identify);
	/* IDENTIFY alone: no SMART, and that is no error of the blob's */
	len = put_record(blob, 0, "IDFY", id, 512);
	CHECK(dc_ata_blob_split(blob, len, &r, why, sizeof(why)) == 0);
	CHECK(r.identify && !r.smart_data && !r.thresholds && !r.status);
	/* a truncated page */
	len = put_record(blob, 0, "IDFY", id, 512);
	len = put_record(blob, len, "SMDT", data, 100);
	CHECK(dc_ata_blob_split(blob, len, &r, why, sizeof(why)) == -EINVAL);
	CHECK_STR(why, "SMDT record of 100 bytes, not 512");
	len = put_record(blob, 0, "IDFY", id, 512);
	len = put_record(blob, len, "SMST", st, 3);
	CHECK(dc_ata_blob_split(blob, len, &r, why, sizeof(why)) == -EINVAL);
	CHECK_STR(why, "SMST record of 3 bytes, not 4");
	/* a page given twice */
	len = put_record(blob, 0, "IDFY", id, 512);
	len = put_record(blob, len, "SMTH", thr, 512);
	len = put_record(blob, len, "SMTH", thr, 512);
	CHECK(dc_ata_blob_split(blob, len, &r, why, sizeof(why)) == -EINVAL);
	CHECK_STR(why, "two SMTH records");
	/* cut inside a record, and bytes after the last */
	len = put_record(blob, 0, "IDFY", id, 512);
	len = put_record(blob, len, "SMDT", data, 512);
	CHECK(dc_ata_blob_split(blob, len - 1, &r, why, sizeof(why)) == -EINVAL);
	CHECK(strstr(why, "runs past the end") != NULL);
	CHECK(dc_ata_blob_split(blob, 520 + 4, &r, why, sizeof(why)) == -EINVAL);
	CHECK(dc_ata_blob_identify(blob, 520 + 4) != NULL); /* the identity stays readable */
	/* no IDENTIFY, nothing, a length that lies */
	len = put_record(blob, 0, "SMDT", data, 512);
	CHECK(dc_ata_blob_split(blob, len, &r, why, sizeof(why)) == -EINVAL);
	CHECK_STR(why, "no IDFY record");
	CHECK(dc_ata_blob_split(blob, 0, &r, why, sizeof(why)) == -EINVAL);
	put_record(blob, 0, "IDFY", NULL, 0xFFFFFFF0u);
	CHECK(dc_ata_blob_split(blob, 64, &r, why, sizeof(why)) == -EINVAL);
	CHECK(dc_ata_blob_identify(blob, 64) == NULL);
}

/* ---------------------------------------------------------------- through the parser */

static void identify(uint8_t *id, const char *model)
{
	size_t len = strlen(model);

	memset(id, 0, 512);
	for (unsigned i = 0; i < 40; i++)
		id[54 + (i ^ 1)] = (uint8_t)(i < len ? model[i] : ' ');
	id[2 * 83 + 1] = 0x40;
	id[2 * 87 + 1] = 0x40;
	id[2 * 82] = 1;                  /* SMART supported */
	id[2 * 85] = 1;                  /* and on */
}

/* dc_ata_parse on SG_IO pages (thr NULL: the thresholds page refused). */
static void parse_pages(const char *model, const uint8_t *data, size_t dlen, const uint8_t *thr,
			struct dc_drive *d)
{
	struct dc_raw raw = { 0 };
	uint8_t id[512];

	identify(id, model);
	dc_raw_add(&raw, DC_PG_ATA_SMART_BLOB, NULL, 0, &st_enodev);
	dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, id, 512, NULL);
	dc_raw_add(&raw, DC_PG_ATA_SMART_DATA, data, dlen, NULL);
	if (thr)
		dc_raw_add(&raw, DC_PG_ATA_SMART_THRESHOLDS, thr, 512, NULL);
	else
		dc_raw_add(&raw, DC_PG_ATA_SMART_THRESHOLDS, NULL, 0, &st_eio);
	memset(d, 0, sizeof(*d));
	dc_ata_parse(&raw, d);
	dc_raw_free(&raw);
}

static bool has_error(const struct dc_drive *d, const char *what)
{
	for (unsigned i = 0; i < d->nerrors; i++)
		if (strstr(d->errors[i], what))
			return true;
	return false;
}

/* Power-on hours from attribute 9, temperature from 194 then 190: the ranges kept. */
static void test_figures(void)
{
	static const struct { uint64_t raw; bool have; uint64_t hours; } hours[] = {
		{ 0, false, 0 }, { 1, true, 1 }, { 56769, true, 56769 },
		{ 262800, true, 262800 }, { 262801, false, 0 },
		{ 0x000100000005ull, true, 5 },         /* bytes 4-5 (milliseconds, say) not hours */
		{ 0xFFFFFFFFull, false, 0 },
	};
	static const struct { uint64_t raw; bool have; int c; } temps[] = {
		{ 0, true, 0 }, { 35, true, 35 }, { 0x2d00140023ull, true, 35 }, /* min/max */
		{ 100, true, 100 }, { 101, false, 0 }, { 0x0123, false, 0 },
	};
	uint8_t data[512], thr[512];
	struct dc_drive d;

	for (size_t i = 0; i < sizeof(hours) / sizeof(hours[0]); i++) {
		blank(data, thr);
		put_slot(data, 0, &(struct slot){ 9, 0x32, 100, 100, hours[i].raw });
		parse_pages("ACME DISK", data, 512, thr, &d);
		CHECK(d.wear.have_power_on == hours[i].have);
		CHECK(d.wear.power_on_hours == hours[i].hours);
		CHECK(d.smart.nattrs == 1 && d.smart.attrs[0].raw == hours[i].raw);
	}
	for (size_t i = 0; i < sizeof(temps) / sizeof(temps[0]); i++) {
		blank(data, thr);
		put_slot(data, 0, &(struct slot){ 194, 0x22, 60, 50, temps[i].raw });
		parse_pages("ACME DISK", data, 512, thr, &d);
		CHECK(d.smart.have_temperature == temps[i].have);
		CHECK(d.smart.temperature_c == temps[i].c);
	}
	/* 194 wins over 190, in either order; 190 stands alone, or when 194 is no figure */
	blank(data, thr);
	put_slot(data, 0, &(struct slot){ 190, 0x22, 60, 50, 41 });
	put_slot(data, 1, &(struct slot){ 194, 0x22, 60, 50, 40 });
	parse_pages("ACME DISK", data, 512, thr, &d);
	CHECK(d.smart.have_temperature && d.smart.temperature_c == 40);
	blank(data, thr);
	put_slot(data, 0, &(struct slot){ 194, 0x22, 60, 50, 40 });
	put_slot(data, 1, &(struct slot){ 190, 0x22, 60, 50, 41 });
	parse_pages("ACME DISK", data, 512, thr, &d);
	CHECK(d.smart.have_temperature && d.smart.temperature_c == 40);
	blank(data, thr);
	put_slot(data, 0, &(struct slot){ 194, 0x22, 60, 50, 400 });
	put_slot(data, 1, &(struct slot){ 190, 0x22, 60, 50, 41 });
	parse_pages("ACME DISK", data, 512, thr, &d);
	CHECK(d.smart.have_temperature && d.smart.temperature_c == 41);
	/* a value outside 1-253 stops no figure: the raw value is the figure */
	blank(data, thr);
	put_slot(data, 0, &(struct slot){ 9, 0x32, 0, 0, 1234 });
	put_slot(data, 1, &(struct slot){ 194, 0x22, 255, 255, 33 });
	parse_pages("ACME DISK", data, 512, NULL, &d);
	CHECK(d.wear.have_power_on && d.wear.power_on_hours == 1234);
	CHECK(d.smart.have_temperature && d.smart.temperature_c == 33);
	CHECK(has_error(&d, "ata smart thresholds"));
	CHECK(d.smart.nattrs == 2 && !d.smart.attrs[0].threshold_known);
}

/* A truncated page is no page: said, and no attribute made up from it. */
static void test_truncated(void)
{
	uint8_t data[512], thr[512];
	struct dc_drive d;
	struct dc_raw raw = { 0 };
	uint8_t id[512];
	static uint8_t blob[2 * 520];
	size_t len;

	blank(data, thr);
	put_slot(data, 0, &(struct slot){ 9, 0x32, 100, 100, 7 });
	parse_pages("ACME DISK", data, 100, thr, &d);
	CHECK(d.smart.nattrs == 0 && !d.wear.have_power_on && has_error(&d, "ata smart"));
	/* the same in a blob: the identity read, SMART said to be bent */
	identify(id, "ACME DISK");
	len = put_record(blob, 0, "IDFY", id, 512);
	len = put_record(blob, len, "SMDT", data, 100);
	dc_raw_add(&raw, DC_PG_ATA_SMART_BLOB, blob, len, NULL);
	memset(&d, 0, sizeof(d));
	dc_ata_parse(&raw, &d);
	CHECK_STR(d.model, "ACME DISK");
	CHECK(d.smart.nattrs == 0 && has_error(&d, "SMDT record of 100 bytes, not 512"));
	dc_raw_free(&raw);
	/* a blob without SMART data */
	len = put_record(blob, 0, "IDFY", id, 512);
	dc_raw_add(&raw, DC_PG_ATA_SMART_BLOB, blob, len, NULL);
	memset(&d, 0, sizeof(d));
	dc_ata_parse(&raw, &d);
	CHECK(d.smart.nattrs == 0 && has_error(&d, "no SMART data"));
	dc_raw_free(&raw);
}

/* ------------------------------------------- held to libatasmart, which decoded them before */

struct seen {
	unsigned n;
	struct { uint8_t id; char name[32]; SkSmartAttributeUnit unit; uint64_t pretty;
		 bool thr_valid; uint8_t thr; } a[30];
};

static void seen_cb(SkDisk *disk, const SkSmartAttributeParsedData *a, void *userdata)
{
	struct seen *s = userdata;

	(void)disk;
	if (s->n >= 30)
		return;
	s->a[s->n].id = a->id;
	snprintf(s->a[s->n].name, sizeof(s->a[0].name), "%s", a->name ? a->name : "");
	s->a[s->n].unit = a->pretty_unit;
	s->a[s->n].pretty = a->pretty_value;
	s->a[s->n].thr_valid = a->threshold_valid;
	s->a[s->n].thr = a->threshold;
	s->n++;
}

/* libatasmart's reading of the pages, and drivecheck's, side by side. */
static void compare(const char *model, const uint8_t *data, const uint8_t *thr)
{
	static uint8_t blob[3 * 520];
	uint8_t id[512];
	struct seen s = { 0 };
	struct dc_drive d;
	SkDisk *disk = NULL;
	size_t len;

	identify(id, model);
	len = put_record(blob, 0, "IDFY", id, 512);
	len = put_record(blob, len, "SMDT", data, 512);
	len = put_record(blob, len, "SMTH", thr, 512);
	CHECK(sk_disk_open(NULL, &disk) == 0);
	if (!disk)
		return;
	CHECK(sk_disk_set_blob(disk, blob, len) == 0);
	CHECK(sk_disk_smart_parse_attributes(disk, seen_cb, &s) == 0);
	sk_disk_free(disk);
	parse_pages(model, data, 512, thr, &d);
	CHECK(d.smart.nattrs == s.n);
	for (unsigned i = 0; i < s.n && i < d.smart.nattrs; i++) {
		const struct dc_ata_attr *a = &d.smart.attrs[i];
		unsigned before = dc_test_failed;

		CHECK(a->id == s.a[i].id);
		CHECK_STR(a->name, s.a[i].name);
		CHECK(a->threshold_known == s.a[i].thr_valid && a->threshold == s.a[i].thr);
		if (dc_test_failed != before)
			fprintf(stderr, "  %s: attribute %u\n", model, a->id);
	}
	/* the figures: where libatasmart gave one, the same, and nowhere else */
	for (unsigned i = 0; i < s.n; i++) {
		if (s.a[i].id == 9) {
			bool lib = s.a[i].unit == SK_SMART_ATTRIBUTE_UNIT_MSECONDS;

			CHECK(d.wear.have_power_on == lib);
			if (lib)
				CHECK(d.wear.power_on_hours == s.a[i].pretty / 3600000u);
		}
		if (s.a[i].id == 194) {
			bool lib = s.a[i].unit == SK_SMART_ATTRIBUTE_UNIT_MKELVIN;

			CHECK(d.smart.have_temperature == lib);
			if (lib)
				CHECK(d.smart.temperature_c == (int)((s.a[i].pretty - 273150) / 1000));
		}
	}
}

static void test_against_libatasmart(void)
{
	static const char *const models[] = { "ACME DISK", "INTEL SSDSA2CW120G3" };
	static const uint64_t raws[] = { 0, 1, 35, 100, 101, 0x0123, 262800, 262801, 0xFFFFFFFFull,
					 0x000100000005ull, 0xFFFFFFFFFFFFull, 0x2d00140023ull };
	uint8_t data[512], thr[512];

	/* every ID, 30 to a page, each with a threshold of its own (some 254) */
	for (size_t m = 0; m < sizeof(models) / sizeof(models[0]); m++) {
		for (unsigned first = 1; first < 256; first += 30) {
			blank(data, thr);
			for (unsigned i = 0; i < 30 && first + i < 256; i++) {
				uint8_t id = (uint8_t)(first + i);

				put_slot(data, i, &(struct slot){ id, 0x32, 100, 99, id * 7u });
				if (id % 5)
					put_thr(thr, 29 - i, id, id % 7 ? (uint8_t)(id % 11) : 0xFE);
			}
			compare(models[m], data, thr);
		}
	}
	/* power-on hours and temperature at the edges of libatasmart's ranges */
	for (size_t i = 0; i < sizeof(raws) / sizeof(raws[0]); i++) {
		blank(data, thr);
		put_slot(data, 0, &(struct slot){ 9, 0x32, 100, 100, raws[i] });
		put_slot(data, 1, &(struct slot){ 194, 0x22, 100, 100, raws[i] });
		compare("ACME DISK", data, thr);
	}
}

int main(void)
{
	test_decode_slots();
	test_decode_thresholds();
	test_names();
	test_blob_split();
	test_figures();
	test_truncated();
	test_against_libatasmart();
	return dc_test_summary("test_ata_smart");
}
