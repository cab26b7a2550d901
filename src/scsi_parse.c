// SPDX-License-Identifier: GPL-2.0-or-later
/* scsi_parse.c - INQUIRY, VPD 0x80/0x86/0xB1 and the caching mode page to facts. Pure. */
#include <stdio.h>
#include <string.h>

#include "drive.h"
#include "raw.h"
#include "transport.h"

static void parse_inquiry(const struct dc_raw *raw, struct dc_drive *d)
{
	const uint8_t *inq = dc_raw_get(raw, DC_PG_SCSI_INQUIRY, 36);
	const struct dc_page *pg;

	if (!inq) {
		dc_drive_page_error(d, raw, DC_PG_SCSI_INQUIRY, "scsi inquiry");
		return;
	}
	dc_copy_ascii(d->vendor, sizeof(d->vendor), inq + 8, 8);
	dc_copy_ascii(d->model, sizeof(d->model), inq + 16, 16);
	dc_copy_ascii(d->firmware, sizeof(d->firmware), inq + 32, 4);
	if (d->model[0])
		snprintf(d->identity_source, sizeof(d->identity_source), "scsi inquiry");

	/* VPD 0x80: byte 3 is the length of the serial number that follows. */
	pg = dc_raw_find(raw, DC_PG_SCSI_VPD_80);
	if (pg && !pg->err && pg->len >= 4 && pg->data[1] == 0x80) {
		size_t n = pg->data[3];
		if (n > pg->len - 4)
			n = pg->len - 4;
		dc_copy_ascii(d->serial, sizeof(d->serial), pg->data + 4, n);
	}
}

static void parse_vpd86(const struct dc_raw *raw, struct dc_drive *d)
{
	const uint8_t *p = dc_raw_get(raw, DC_PG_SCSI_VPD_86, 7);

	if (!p || p[1] != 0x86) {
		dc_drive_page_error(d, raw, DC_PG_SCSI_VPD_86, "scsi vpd 0x86 (extended inquiry)");
		return;
	}
	/* Byte 6: bit 1 NV_SUP (non-volatile cache), bit 0 V_SUP (volatile cache). */
	if (p[6] & 0x02)
		dc_drive_add_evidence(d, DC_EV_PLP, "scsi vpd 0x86", "NV_SUP",
				      "1: the device has a non-volatile cache");
	if (!(p[6] & 0x01))
		dc_drive_add_evidence(d, DC_EV_NO_VWC, "scsi vpd 0x86", "V_SUP",
				      "0: no volatile cache");
	else
		dc_drive_add_evidence(d, DC_EV_INFO, "scsi vpd 0x86", "V_SUP",
				      "1: volatile cache supported");
	d->cache_present = (p[6] & 0x01) ? DC_TRI_YES : DC_TRI_NO;
	snprintf(d->cache_source, sizeof(d->cache_source), "scsi vpd 0x86 V_SUP");
}

static void parse_caching_page(const struct dc_raw *raw, struct dc_drive *d)
{
	const struct dc_page *pg = dc_raw_find(raw, DC_PG_SCSI_MODE_08);
	size_t bdlen, off;

	if (!pg || pg->err || pg->len < 8) {
		dc_drive_page_error(d, raw, DC_PG_SCSI_MODE_08, "scsi mode page 0x08 (caching)");
		return;
	}
	/* MODE SENSE(10): 8-byte header, block descriptors, then the page. */
	bdlen = (size_t)pg->data[6] << 8 | pg->data[7];
	off = 8 + bdlen;
	if (off + 3 > pg->len || (pg->data[off] & 0x3f) != 0x08) {
		dc_drive_add_error(d, "scsi mode page 0x08 (caching): malformed reply");
		return;
	}
	d->cache_enabled = (pg->data[off + 2] & 0x04) ? DC_TRI_YES : DC_TRI_NO; /* WCE */
	if (d->cache_present == DC_TRI_UNKNOWN && d->cache_enabled == DC_TRI_YES)
		d->cache_present = DC_TRI_YES; /* an enabled cache exists */
	if (d->cache_source[0])
		strncat(d->cache_source, ", ", sizeof(d->cache_source) - strlen(d->cache_source) - 1);
	strncat(d->cache_source, "scsi mode page 0x08 WCE",
		sizeof(d->cache_source) - strlen(d->cache_source) - 1);
}

/* VPD 0xB1 (block device characteristics), bytes 4-5: 1 = not rotating, 0x0401+ = rpm. */
static void parse_vpd_b1(const struct dc_raw *raw, struct dc_drive *d)
{
	const uint8_t *p = dc_raw_get(raw, DC_PG_SCSI_VPD_B1, 6);
	unsigned rate;

	if (!p || p[1] != 0xB1)
		return;
	rate = (unsigned)p[4] << 8 | p[5];
	if (rate == 1)
		d->rotational = DC_TRI_NO;
	else if (rate >= 0x0401 && rate <= 0xFFFE)
		d->rotational = DC_TRI_YES;
}

int dc_scsi_parse(const struct dc_raw *raw, struct dc_drive *d)
{
	parse_inquiry(raw, d);
	parse_vpd_b1(raw, d);
	parse_vpd86(raw, d);
	parse_caching_page(raw, d);
	return 0;
}
