// SPDX-License-Identifier: GPL-2.0-or-later
/* ata_parse.c - ATA IDENTIFY words and SMART attributes (ata_smart.c decodes them) to facts. Pure. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "device/ata/ata_attrs.h"
#include "device/ata/ata_blob.h"
#include "device/ata/ata_health.h"
#include "device/ata/ata_identify.h"
#include "device/ata/ata_smart.h"
#include "device/ata/ata_wear.h"
#include "core/drive.h"
#include "core/model.h"
#include "core/raw.h"
#include "device/protocol.h"

#define ATA_ID_LEN DC_ATA_PAGE_LEN

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

/* SMART supported but switched off. drivecheck does not switch it on: a setting of the
 * drive's. */
static bool smart_switched_off(const uint8_t *id)
{
	return dc_ata_id_smart_supported(id) == DC_TRI_YES &&
	       dc_ata_id_smart_enabled(id) == DC_TRI_NO;
}

static void parse_identify(const struct dc_raw *raw, const uint8_t *id, struct dc_drive *d)
{
	unsigned rpm = dc_ata_id_word(id, 217);
	char why[DC_TEXT_LEN];
	bool lacks_cache = dc_raw_lacks(raw, DC_PG_ATA_IDENTIFY ".write-cache", why, sizeof(why));

	ata_string(d->model, sizeof(d->model), id, 27, 20);
	ata_string(d->serial, sizeof(d->serial), id, 10, 10);
	ata_string(d->firmware, sizeof(d->firmware), id, 23, 4);
	if (d->model[0])
		snprintf(d->identity_source, sizeof(d->identity_source), "ata identify");

	/* Word 217, nominal media rotation rate: 1 = not rotating, 0x0401-0xFFFE = rpm. */
	if (rpm == 1)
		d->rotational = DC_TRI_NO;
	else if (rpm >= 0x0401 && rpm <= 0xFFFE)
		d->rotational = DC_TRI_YES;

	/* An imported IDENTIFY may hold words 82-87 for SMART and still lack the cache bits. */
	if (lacks_cache) {
		snprintf(d->cache_source, sizeof(d->cache_source), "not in the input");
		dc_drive_add_error(d, "write cache (ata identify words 82/85): not in the input "
				   "(%s)", why);
	} else if (dc_ata_id_write_cache_supported(id) != DC_TRI_UNKNOWN) {
		d->cache_present = dc_ata_id_write_cache_supported(id);
		snprintf(d->cache_source, sizeof(d->cache_source), "ata identify word 82/85 bit 5");
	}
	if (d->cache_present == DC_TRI_YES)
		d->cache_enabled = dc_ata_id_write_cache_enabled(id);
	else if (d->cache_present == DC_TRI_NO)
		d->cache_enabled = DC_TRI_NO;
	if (smart_switched_off(id))
		dc_drive_add_error(d, "ata smart: switched off on the drive; drivecheck does not "
				   "turn it on ('smartctl -s on DEV' does)");
	/* ATA has no PLP bit: a PLP SATA drive still says "write cache enabled". */
	if (d->cache_present == DC_TRI_UNKNOWN && !lacks_cache)
		dc_drive_add_error(d, "ata identify: write cache words 82/85 not valid");
}

/*
 * A capacitor self-test or health attribute, judged on its normalised value:
 *   0                        the test failed (libatasmart called 0 "not valid": that is
 *                            exactly the value that must never be skipped)
 *   254, 255                 outside 1-253: the drive says nothing usable
 *   <= its threshold (1-253) failing, by the drive's own threshold
 *   worst <= threshold       it failed before: in doubt
 *   threshold 0              the drive sets no failure threshold: present, value shown
 *   no usable threshold      (no thresholds page, or 254/255 there) present, but pass and
 *                            fail cannot be told apart: PLP, and "not judged"
 *   otherwise                good
 */
static void judge_capacitor(struct dc_drive *d, const struct dc_ata_attr *a,
			    const struct dc_ata_attr_rule *rule, const char *src)
{
	const char *what = "power-loss capacitor health";
	unsigned v = a->value, t = a->threshold;
	bool usable = a->threshold_known && t <= 0xFD;

	if (v == 0) {
		dc_drive_add_evidence(d, DC_EV_PLP_FAILED, src, what, "failing: value 0 (%s)",
				      rule->family);
	} else if (v > 0xFD) {
		dc_drive_add_evidence(d, DC_EV_PLP_DEGRADED, src, what, "value %u is outside 1-253: "
				      "health unknown (%s)", v, rule->family);
	} else if (usable && t > 0 && v <= t) {
		dc_drive_add_evidence(d, DC_EV_PLP_FAILED, src, what, "failing: value %u, threshold "
				      "%u (%s)", v, t, rule->family);
	} else if (usable && t > 0 && dc_ata_value_valid(a->worst) && a->worst <= t) {
		dc_drive_add_evidence(d, DC_EV_PLP, src, what, "value %u, threshold %u (%s)", v, t,
				      rule->family);
		dc_drive_add_evidence(d, DC_EV_PLP_DEGRADED, src, what, "failed before: worst value "
				      "%u, threshold %u", a->worst, t);
	} else if (usable) {
		dc_drive_add_evidence(d, DC_EV_PLP, src, what, t ? "good: value %u, threshold %u (%s)"
				      : "value %u, the drive sets no threshold (%u) (%s)", v, t,
				      rule->family);
	} else {
		dc_drive_add_evidence(d, DC_EV_PLP, src, what, "present: value %u (%s)", v,
				      rule->family);
		dc_drive_add_evidence(d, DC_EV_PLP_DEGRADED, src, what, "not judged: no usable SMART "
				      "threshold to tell pass from fail");
	}
}

/*
 * The figures of the units ata_attrs.c gives (the ranges are libatasmart's, kept so that
 * a figure is given exactly where it gave one): power-on hours from the low 32 bits of
 * the raw value, 1 to 30 years' worth (0 and more are no figure); a temperature from the
 * low 16 bits, 0-100 degrees Celsius (a drive that puts anything in byte 1 gives none).
 */
#define POWER_ON_HOURS_MAX (30ull * 365 * 24)
#define TEMPERATURE_C_MAX  100

static void read_figures(struct dc_drive *d, const struct dc_ata_attr *a,
			 const struct dc_ata_attr_info *info)
{
	if (!info)
		return;
	if (a->id == 9 && info->unit == DC_ATA_RAW_HOURS) {
		uint64_t hours = a->raw & 0xFFFFFFFFu;

		if (hours >= 1 && hours <= POWER_ON_HOURS_MAX) {
			d->wear.have_power_on = true;
			d->wear.power_on_hours = hours;
			d->wear.from[DC_WEAR_POWER_ON] = (struct dc_wear_source){ DC_WEAR_FROM_ATA_ATTR, 9 };
		}
	}
	/* 194 wins; 190 (airflow) only when 194 gave nothing before it */
	if ((a->id == 194 || (a->id == 190 && !d->smart.have_temperature)) &&
	    info->unit == DC_ATA_RAW_CELSIUS && (a->raw & 0xFFFF) <= TEMPERATURE_C_MAX) {
		d->smart.have_temperature = true;
		d->smart.temperature_c = (int)(a->raw & 0xFFFF);
	}
}

/* What drivecheck reads from one attribute: figures by unit, meanings by family. */
static void on_attribute(struct dc_drive *d, const char *norm, const struct dc_ata_attr *a)
{
	const struct dc_ata_attr_rule *rule = dc_ata_attr_rule_find(norm, a->id);
	const struct dc_wear_source from = { DC_WEAR_FROM_ATA_ATTR, a->id };
	char src[48];

	read_figures(d, a, dc_ata_attr_info(norm, a->id));
	if (!rule)
		return;
	snprintf(src, sizeof(src), "ata smart attr %u", a->id);
	/* The capacitor is judged before the validity check: value 0 is its failure. */
	if (rule->meaning == DC_ATTR_PLP_CAP_HEALTH) {
		judge_capacitor(d, a, rule, src);
		return;
	}
	/* A life-left counter that reached 0 is spent, not "not valid" as libatasmart said:
	 * 0-100 all count (a Crucial MX200 at 0 with smartctl's FAILING_NOW). */
	if (rule->meaning == DC_ATTR_LIFE_LEFT && a->value <= 100) {
		d->wear.have_percent_used = true;
		d->wear.percent_used = 100u - a->value;
		d->wear.from[DC_WEAR_PERCENT_USED] = from;
		return;
	}
	if (!dc_ata_value_valid(a->value))
		return;

	switch (rule->meaning) {
	case DC_ATTR_PLP_CAP_HEALTH:
		break;
	case DC_ATTR_LIFE_LEFT:
		break; /* above */
	case DC_ATTR_HOST_WRITES:
		if (a->raw <= UINT64_MAX / rule->unit_bytes) {
			d->wear.have_written = true;
			d->wear.host_written_bytes = a->raw * rule->unit_bytes;
			d->wear.from[DC_WEAR_WRITTEN] = from;
		}
		break;
	case DC_ATTR_UNSAFE_SHUTDOWNS:
		d->wear.have_unsafe_shutdowns = true;
		d->wear.unsafe_shutdowns = a->raw;
		d->wear.from[DC_WEAR_UNSAFE_SHUTDOWNS] = from;
		break;
	}
}

/*
 * The SMART data page (and the thresholds page, NULL when none was read), decoded by
 * ata_smart.c: every attribute goes into the facts as the drive gave it, whatever
 * drivecheck makes of it, and then what drivecheck reads from each.
 */
static void parse_smart(const uint8_t *data, const uint8_t *thresholds, struct dc_drive *d)
{
	char norm[DC_TEXT_LEN];

	dc_model_normalize(d->model, norm, sizeof(norm));
	d->smart.nattrs = dc_ata_smart_decode(data, thresholds, norm, d->smart.attrs,
					      DC_MAX_ATA_ATTRS);
	for (unsigned i = 0; i < d->smart.nattrs; i++)
		on_attribute(d, norm, &d->smart.attrs[i]);
}

/* SMART from libatasmart's blob: its records, held to the rules libatasmart itself
 * takes a blob back by (ata_blob.c). */
static void parse_blob_smart(const struct dc_page *blob, struct dc_drive *d)
{
	struct dc_ata_blob_records rec;
	char why[DC_TEXT_LEN];

	if (dc_ata_blob_split(blob->data, blob->len, &rec, why, sizeof(why)) < 0) {
		dc_drive_add_error(d, "ata smart: blob not in libatasmart's format: %s", why);
		return;
	}
	if (!rec.smart_data) {
		dc_drive_add_error(d, "ata smart: no SMART data (the blob has no SMDT record)");
		return;
	}
	parse_smart(rec.smart_data, rec.thresholds, d);
}

/* SMART read over SG_IO (when libatasmart could not open the drive): the same pages,
 * decoded the same way. */
static void parse_sgio_smart(const struct dc_raw *raw, struct dc_drive *d)
{
	const uint8_t *data = dc_raw_get(raw, DC_PG_ATA_SMART_DATA, DC_ATA_SMART_PAGE_LEN);
	const uint8_t *thr = dc_raw_get(raw, DC_PG_ATA_SMART_THRESHOLDS, DC_ATA_SMART_PAGE_LEN);

	if (!data) {
		dc_drive_page_error(d, raw, DC_PG_ATA_SMART_DATA, "ata smart");
		return;
	}
	if (!thr)
		dc_drive_page_error(d, raw, DC_PG_ATA_SMART_THRESHOLDS, "ata smart thresholds");
	parse_smart(data, thr, d);
}

/* Wear from the standard place first (docs/health.md): the Device Statistics log over
 * what vendor attributes said, both kept where two counters do not agree (ata_wear.c). */
static void parse_wear_standard(const struct dc_raw *raw, const uint8_t *id, struct dc_drive *d)
{
	struct dc_ata_devstat got;
	char norm[DC_TEXT_LEN];

	dc_ata_parse_devstat(raw, d, &got);
	dc_model_normalize(d->model, norm, sizeof(norm));
	dc_ata_wear(&got, dc_ata_id_logical_sector_bytes(id), norm, d);
}

int dc_ata_parse(const struct dc_raw *raw, struct dc_drive *d)
{
	const struct dc_page *blob = dc_raw_find(raw, DC_PG_ATA_SMART_BLOB);
	const uint8_t *id = NULL;

	if (blob && blob->st.kind == DC_IO_OK && blob->data)
		id = dc_ata_blob_identify(blob->data, blob->len);
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
	parse_identify(raw, id, d);
	if (blob && blob->st.kind == DC_IO_OK && blob->data)
		parse_blob_smart(blob, d);
	else if (dc_raw_find(raw, DC_PG_ATA_SMART_DATA))
		parse_sgio_smart(raw, d);
	else if (!smart_switched_off(id))
		dc_drive_page_error(d, raw, DC_PG_ATA_SMART_BLOB, "ata smart");
	dc_ata_parse_status(raw, d);
	parse_wear_standard(raw, id, d);
	return 0;
}
