// SPDX-License-Identifier: GPL-2.0-or-later
/* ata_health.c - SMART RETURN STATUS and the Device Statistics log to health and wear facts. Pure. */
#include <endian.h>
#include <stdio.h>
#include <string.h>

#include "device/ata/ata_blob.h"
#include "device/ata/ata_health.h"
#include "core/drive.h"
#include "core/raw.h"

/*
 * SMART RETURN STATUS (ACS-3 7.48.9) leaves 4Fh/C2h in LBA mid/high when no threshold is
 * exceeded and F4h/2Ch when one is: the drive's own overall verdict, which smartctl
 * prints as "SMART overall-health self-assessment test result".
 */
void dc_ata_parse_status(const struct dc_raw *raw, struct dc_drive *d)
{
	const struct dc_page *pg = dc_raw_find(raw, DC_PG_ATA_SMART_STATUS);
	const uint8_t *p = dc_raw_get(raw, DC_PG_ATA_SMART_STATUS, 2);

	if (!pg) {
		const struct dc_page *blob = dc_raw_find(raw, DC_PG_ATA_SMART_BLOB);
		bool good;

		/* a dump of libatasmart's blob alone: its SMST record, when it has one */
		if (blob && blob->st.kind == DC_IO_OK && blob->data &&
		    dc_ata_blob_smart_status(blob->data, blob->len, &good) == 0) {
			d->smart.self_assessment = good ? DC_SELF_PASSED : DC_SELF_FAILED;
			snprintf(d->smart.self_source, sizeof(d->smart.self_source),
				 "ata smart return status");
		}
		return;
	}
	if (!p) {
		dc_drive_page_error(d, raw, DC_PG_ATA_SMART_STATUS, "ata smart return status");
		return;
	}
	if (p[0] == 0x4F && p[1] == 0xC2)
		d->smart.self_assessment = DC_SELF_PASSED;
	else if (p[0] == 0xF4 && p[1] == 0x2C)
		d->smart.self_assessment = DC_SELF_FAILED;
	else {
		dc_drive_add_error(d, "ata smart return status: LBA mid/high %02Xh/%02Xh mean neither "
				   "good nor failing", p[0], p[1]);
		return;
	}
	snprintf(d->smart.self_source, sizeof(d->smart.self_source), "ata smart return status");
}

/*
 * The Device Statistics log (log address 04h, ACS-3 9.5). Each page begins with a header
 * qword: bits 15:0 the revision, 23:16 the page number. ACS-3 gives every page revision
 * 0001h and says that a page whose revision is 0000h is not supported; a later revision
 * adds statistics after those defined before (the data past the last defined statistic
 * is reserved), so an offset keeps its meaning in every revision. Real drives give page
 * 1 at revisions 1, 2 and 3 (of 21,298 page-1s of the linuxhw/EnterpriseDrive reports:
 * 12,718, 7,287 and 1,293), each with power-on hours at 10h and logical sectors written
 * at 18h. So any revision but 0000h is read. Each statistic is a little-endian qword
 * whose bit 63 says it is supported and bit 62 that its value is valid, the value in the
 * low bits.
 */
#define DEVSTAT_SUPPORTED (1ull << 63)
#define DEVSTAT_VALID     (1ull << 62)

/* The page, when it is the one asked for and the drive says it supports it; else NULL,
 * said when the page names itself at revision 0000h. */
static const uint8_t *devstat_page(const struct dc_raw *raw, const char *name, unsigned page,
				   struct dc_drive *d)
{
	const uint8_t *p = dc_raw_get(raw, name, 512);

	if (!p || p[2] != page)
		return NULL;
	if ((p[0] | p[1] << 8) == 0) {
		dc_drive_add_error(d, "ata device statistics page %u: revision 0000h, a page the "
				   "drive does not support (ACS-3 9.5): its figures are not read",
				   page);
		return NULL;
	}
	return p;
}

static bool devstat(const uint8_t *p, unsigned off, uint64_t mask, uint64_t *out)
{
	uint64_t q;

	if (!p || off + 8 > 512)
		return false;
	memcpy(&q, p + off, 8);
	q = le64toh(q);
	if (!(q & DEVSTAT_SUPPORTED) || !(q & DEVSTAT_VALID))
		return false;
	*out = q & mask;
	return true;
}

void dc_ata_parse_devstat(const struct dc_raw *raw, struct dc_drive *d,
			  struct dc_ata_devstat *got)
{
	const uint8_t *p1 = devstat_page(raw, DC_PG_ATA_DEVSTAT_01, 1, d);
	const uint8_t *p7 = devstat_page(raw, DC_PG_ATA_DEVSTAT_07, 7, d);
	uint64_t v;

	memset(got, 0, sizeof(*got));
	/* page 7, offset 8: Percentage Used Endurance Indicator, bits 7:0 */
	if (devstat(p7, 0x08, 0xFF, &v)) {
		got->have_percent_used = true;
		got->percent_used = (unsigned)v;
	}
	/* page 1, offset 10h: Power-on Hours, bits 31:0 */
	if (devstat(p1, 0x10, 0xFFFFFFFFull, &got->power_on_hours))
		got->have_power_on = true;
	/* page 1, offset 18h: Logical Sectors Written, bits 47:0 */
	if (devstat(p1, 0x18, 0xFFFFFFFFFFFFull, &got->sectors_written))
		got->have_written = true;
}
