// SPDX-License-Identifier: GPL-2.0-or-later
/* ata_parse.c - ATA IDENTIFY words and SMART attributes (through libatasmart) to facts. Pure. */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <atasmart.h>

#include "ata_attrs.h"
#include "drive.h"
#include "model.h"
#include "raw.h"
#include "transport.h"

#define ATA_ID_LEN 512
/* libatasmart blob records: 4-byte tag, 4-byte length, both big-endian, then data. */
#define BLOB_TAG_IDFY 0x49444659u /* "IDFY" */
#define BLOB_TAG_SMDT 0x534D4454u /* "SMDT": SMART READ DATA */
#define BLOB_TAG_SMTH 0x534D5448u /* "SMTH": SMART READ THRESHOLDS */

/* Finds the 512-byte IDENTIFY in a libatasmart blob. Returns NULL when absent or bent. */
static const uint8_t *blob_identify(const uint8_t *blob, size_t len)
{
	size_t off = 0;

	while (len - off >= 8) {
		uint32_t tag, size;

		memcpy(&tag, blob + off, 4);
		memcpy(&size, blob + off + 4, 4);
		tag = ntohl(tag);
		size = ntohl(size);
		off += 8;
		if (size > len - off)
			return NULL;
		if (tag == BLOB_TAG_IDFY)
			return size >= ATA_ID_LEN ? blob + off : NULL;
		off += size;
	}
	return NULL;
}

static unsigned word(const uint8_t *id, unsigned n)
{
	return id[2 * n] | (unsigned)id[2 * n + 1] << 8;
}

/* ATA strings hold two characters per word, high byte first. */
static void ata_string(char *dst, size_t dstlen, const uint8_t *id, unsigned first, unsigned nwords)
{
	uint8_t tmp[64];

	for (unsigned i = 0; i < nwords && 2 * i + 1 < sizeof(tmp); i++) {
		tmp[2 * i] = id[2 * (first + i) + 1];
		tmp[2 * i + 1] = id[2 * (first + i)];
	}
	dc_copy_ascii(dst, dstlen, tmp, 2 * nwords);
}

/* Word 255: when its low byte is 0xA5, all 512 bytes sum to 0 mod 256. */
static bool identify_checksum_ok(const uint8_t *id)
{
	uint8_t sum = 0;

	if (id[510] != 0xA5)
		return true; /* no checksum given */
	for (unsigned i = 0; i < ATA_ID_LEN; i++)
		sum = (uint8_t)(sum + id[i]);
	return sum == 0;
}

static void parse_identify(const uint8_t *id, struct dc_drive *d)
{
	unsigned w82 = word(id, 82), w83 = word(id, 83), w85 = word(id, 85), w87 = word(id, 87);

	ata_string(d->model, sizeof(d->model), id, 27, 20);
	ata_string(d->serial, sizeof(d->serial), id, 10, 10);
	ata_string(d->firmware, sizeof(d->firmware), id, 23, 4);
	if (d->model[0])
		snprintf(d->identity_source, sizeof(d->identity_source), "ata identify");

	/* Word 217, nominal media rotation rate: 1 = not rotating, 0x0401-0xFFFE = rpm. */
	if (word(id, 217) == 1)
		d->rotational = DC_TRI_NO;
	else if (word(id, 217) >= 0x0401 && word(id, 217) <= 0xFFFE)
		d->rotational = DC_TRI_YES;

	/* Words 82-84 are valid when word 83 bits 15:14 are 01, words 85-87 likewise by 87. */
	if ((w83 & 0xC000) == 0x4000 && w82 != 0xFFFF) {
		d->cache_present = (w82 & (1u << 5)) ? DC_TRI_YES : DC_TRI_NO;
		snprintf(d->cache_source, sizeof(d->cache_source), "ata identify word 82/85 bit 5");
	}
	if ((w87 & 0xC000) == 0x4000 && w85 != 0xFFFF && d->cache_present == DC_TRI_YES)
		d->cache_enabled = (w85 & (1u << 5)) ? DC_TRI_YES : DC_TRI_NO;
	else if (d->cache_present == DC_TRI_NO)
		d->cache_enabled = DC_TRI_NO;
	/* ATA has no PLP bit: a PLP SATA drive still says "write cache enabled". */
	if (d->cache_present == DC_TRI_UNKNOWN)
		dc_drive_add_error(d, "ata identify: write cache words 82/85 not valid");
}

struct attr_ctx {
	struct dc_drive *d;
	char norm[DC_TEXT_LEN];
};

static void on_attribute(SkDisk *disk, const SkSmartAttributeParsedData *a, void *userdata)
{
	struct attr_ctx *ctx = userdata;
	struct dc_drive *d = ctx->d;
	const struct dc_ata_attr_rule *rule = dc_ata_attr_rule_find(ctx->norm, a->id);
	uint64_t raw48 = 0;
	char src[48];

	(void)disk;
	/* libatasmart knows which drives count power-on time in minutes or seconds, and
	 * gives attribute 9 in milliseconds whatever the drive's unit. */
	if (a->id == 9 && a->pretty_unit == SK_SMART_ATTRIBUTE_UNIT_MSECONDS) {
		d->wear.have_power_on = true;
		d->wear.power_on_hours = a->pretty_value / 3600000u;
	}
	if (!rule || !a->current_value_valid)
		return;
	for (int i = 5; i >= 0; i--)
		raw48 = (raw48 << 8) | a->raw[i];
	snprintf(src, sizeof(src), "ata smart attr %u", a->id);

	switch (rule->meaning) {
	case DC_ATTR_PLP_CAP_HEALTH:
		/* A normalised value at or under its threshold means the test failed. */
		if (a->current_value == 0 || (a->threshold_valid && a->threshold &&
					      a->current_value <= a->threshold))
			dc_drive_add_evidence(d, DC_EV_PLP_FAILED, src, "power-loss capacitor health",
					      "failing: value %u, threshold %u (%s)", a->current_value,
					      a->threshold, rule->family);
		else
			dc_drive_add_evidence(d, DC_EV_PLP, src, "power-loss capacitor health",
					      "good: value %u, threshold %u (%s)", a->current_value,
					      a->threshold_valid ? a->threshold : 0, rule->family);
		break;
	case DC_ATTR_LIFE_LEFT:
		if (a->current_value <= 100) {
			d->wear.have_percent_used = true;
			d->wear.percent_used = 100u - a->current_value;
			snprintf(d->wear.source, sizeof(d->wear.source), "%s", src);
		}
		break;
	case DC_ATTR_HOST_WRITES:
		if (raw48 <= UINT64_MAX / rule->unit_bytes) {
			d->wear.have_written = true;
			d->wear.host_written_bytes = raw48 * rule->unit_bytes;
		}
		break;
	case DC_ATTR_UNSAFE_SHUTDOWNS:
		d->wear.have_unsafe_shutdowns = true;
		d->wear.unsafe_shutdowns = raw48;
		break;
	}
}

static void parse_smart(const uint8_t *blob, size_t len, struct dc_drive *d)
{
	struct attr_ctx ctx = { .d = d };
	SkDisk *disk = NULL;

	/* A disk opened on NULL is libatasmart's replay mode: no device, only the blob. */
	if (sk_disk_open(NULL, &disk) < 0) {
		dc_drive_add_error(d, "ata smart: libatasmart: %s", strerror(errno));
		return;
	}
	if (sk_disk_set_blob(disk, blob, len) < 0) {
		dc_drive_add_error(d, "ata smart: blob refused by libatasmart");
		goto out;
	}
	dc_model_normalize(d->model, ctx.norm, sizeof(ctx.norm));
	if (sk_disk_smart_parse_attributes(disk, on_attribute, &ctx) < 0) {
		dc_drive_add_error(d, "ata smart: no SMART data (%s)", strerror(errno));
		goto out;
	}
	if (d->wear.have_percent_used || d->wear.have_written)
		if (!d->wear.source[0])
			snprintf(d->wear.source, sizeof(d->wear.source), "ata smart attributes");
out:
	sk_disk_free(disk);
}

/* Appends one libatasmart blob record: tag and length big-endian, then the bytes. */
static size_t blob_put(uint8_t *blob, size_t off, uint32_t tag, const uint8_t *data, size_t len)
{
	uint32_t be_tag = htonl(tag), be_len = htonl((uint32_t)len);

	memcpy(blob + off, &be_tag, 4);
	memcpy(blob + off + 4, &be_len, 4);
	memcpy(blob + off + 8, data, len);
	return off + 8 + len;
}

/*
 * SMART read over SG_IO (when libatasmart could not open the drive): put IDENTIFY,
 * SMART data and thresholds in the blob form that libatasmart replays, so that the same
 * library decodes the attributes either way.
 */
static void parse_sgio_smart(const struct dc_raw *raw, const uint8_t *id, struct dc_drive *d)
{
	const uint8_t *data = dc_raw_get(raw, DC_PG_ATA_SMART_DATA, ATA_ID_LEN);
	const uint8_t *thr = dc_raw_get(raw, DC_PG_ATA_SMART_THRESHOLDS, ATA_ID_LEN);
	uint8_t blob[3 * (8 + ATA_ID_LEN)];
	size_t len = 0;

	if (!data) {
		dc_drive_page_error(d, raw, DC_PG_ATA_SMART_DATA, "ata smart");
		return;
	}
	len = blob_put(blob, len, BLOB_TAG_IDFY, id, ATA_ID_LEN);
	len = blob_put(blob, len, BLOB_TAG_SMDT, data, ATA_ID_LEN);
	if (thr)
		len = blob_put(blob, len, BLOB_TAG_SMTH, thr, ATA_ID_LEN);
	parse_smart(blob, len, d);
}

int dc_ata_parse(const struct dc_raw *raw, struct dc_drive *d)
{
	const struct dc_page *blob = dc_raw_find(raw, DC_PG_ATA_SMART_BLOB);
	const uint8_t *id = NULL;

	if (blob && !blob->err && blob->data)
		id = blob_identify(blob->data, blob->len);
	if (!id)
		id = dc_raw_get(raw, DC_PG_ATA_IDENTIFY, ATA_ID_LEN);
	if (!id) {
		/* Name the page that was meant to hold IDENTIFY: the SG_IO one when present. */
		bool sgio = dc_raw_find(raw, DC_PG_ATA_IDENTIFY) != NULL;

		dc_drive_page_error(d, raw, sgio ? DC_PG_ATA_IDENTIFY : DC_PG_ATA_SMART_BLOB,
				    "ata identify");
		return 0;
	}
	if (!identify_checksum_ok(id)) {
		dc_drive_add_error(d, "ata identify: checksum mismatch (word 255): data not trusted");
		return 0;
	}
	parse_identify(id, d);
	if (blob && !blob->err && blob->data)
		parse_smart(blob->data, blob->len, d);
	else if (dc_raw_find(raw, DC_PG_ATA_SMART_DATA))
		parse_sgio_smart(raw, id, d);
	else
		dc_drive_page_error(d, raw, DC_PG_ATA_SMART_BLOB, "ata smart");
	return 0;
}
