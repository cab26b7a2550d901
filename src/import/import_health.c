// SPDX-License-Identifier: GPL-2.0-or-later
/* import_health.c - the health and wear pages of a smartctl report, rebuilt as the drive gives them. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "import/import_health.h"
#include "core/raw.h"

/*
 * smartctl prints the drive's own verdict and its standard wear figures; these are put
 * back into the pages they came from (docs/health.md), in the device's byte layout, so
 * that the parsers read an imported drive as a live one:
 *   ATA   "SMART overall-health self-assessment test result: PASSED / FAILED!" (-j
 *         smart_status.passed) -> ata-smart-status; "Device Statistics (GP Log 0x04)"
 *         (-j ata_device_statistics) -> ata-devstat-00, -01, -07. smartctl prints every
 *         page page 0 lists, and every entry whose "supported" bit is set, so the pages
 *         shown are page 0's list, and an entry not shown is one the drive does not
 *         support (bit 63 clear), as the rebuilt page says.
 *   SCSI  "SMART Health Status:" -> scsi-log-2f; "Percentage used endurance indicator"
 *         -> scsi-log-11 parameter 0001h; "Accumulated power on time" -> scsi-log-15
 *         parameter 0000h (minutes); "Current Drive Temperature" and "Drive Trip
 *         Temperature" -> scsi-log-0d parameters 0000h and 0001h; the "Error counter log"
 *         rows -> scsi-log-03 (read) and scsi-log-02 (write), parameters 0000h-0004h and
 *         0006h. smartctl prints no list of supported log pages (scsi-log-00), bytes
 *         processed only in rounded gigabytes, no background scan status: not in the
 *         input.
 * A page the report does not show is not in the input, never an empty page.
 */

static int lacks_page(struct dc_import_part *p, const char *page)
{
	return dc_import_lacks_page(p, page);
}

int dc_import_devstat_page(struct dc_import_ata_health *h, uint8_t page, uint16_t revision,
			   bool empty)
{
	for (unsigned i = 0; i < h->npages; i++)
		if (h->pages[i] == page)
			return 0;
	if (h->npages >= sizeof(h->pages))
		return -ENOSPC;
	h->pages[h->npages] = page;
	h->revision[h->npages] = revision;
	h->page_empty[h->npages] = empty;
	h->npages++;
	return 0;
}

bool dc_import_devstat_entry(struct dc_import_ata_health *h, const struct dc_ata_devstat_in *e)
{
	if (h->nentries >= DC_IMPORT_MAX_DEVSTAT) {
		h->dropped++;
		return false;
	}
	h->e[h->nentries++] = *e;
	return true;
}

/* One page of the Device Statistics log, when the report lists it with entries. */
static int devstat_page(struct dc_import_part *p, const struct dc_import_ata_health *h,
			uint8_t page, const char *name)
{
	uint8_t buf[512];

	for (unsigned i = 0; i < h->npages; i++) {
		if (h->pages[i] != page)
			continue;
		if (h->page_empty[i])
			break;
		dc_build_ata_devstat(buf, page, h->revision[i], h->e, h->nentries);
		return dc_raw_add(&p->raw, name, buf, sizeof(buf), NULL);
	}
	return lacks_page(p, name);
}

int dc_import_ata_health_pages(struct dc_import_part *p, const struct dc_import_ata_health *h,
			       const char *who)
{
	uint8_t st[2], list[512];
	int rc;

	switch (h->self) {
	case DC_IMPORT_SELF_PASSED:
	case DC_IMPORT_SELF_FAILED:
		dc_build_ata_smart_status(st, h->self == DC_IMPORT_SELF_PASSED);
		rc = dc_raw_add(&p->raw, DC_PG_ATA_SMART_STATUS, st, sizeof(st), NULL);
		break;
	case DC_IMPORT_SELF_ATTRIBUTE_CHECK:
		dc_import_note(p, "%s: the health line is smartctl's own attribute check; the drive "
			       "gave no SMART RETURN STATUS", who);
		/* fall through */
	default:
		rc = lacks_page(p, DC_PG_ATA_SMART_STATUS);
		break;
	}
	if (rc)
		return rc;
	if (!h->devstat_shown || h->devstat_broken || !h->npages) {
		if (h->devstat_broken)
			dc_import_note(p, "%s: smartctl found the Device Statistics list (page 0) "
				       "invalid", who);
		if ((rc = lacks_page(p, DC_PG_ATA_DEVSTAT_00)) ||
		    (rc = lacks_page(p, DC_PG_ATA_DEVSTAT_01)))
			return rc;
		return lacks_page(p, DC_PG_ATA_DEVSTAT_07);
	}
	if (h->dropped)
		dc_import_note(p, "%s: %u Device Statistics entries past %u not taken", who,
			       h->dropped, DC_IMPORT_MAX_DEVSTAT);
	dc_build_ata_devstat_list(list, h->pages, h->npages);
	if ((rc = dc_raw_add(&p->raw, DC_PG_ATA_DEVSTAT_00, list, sizeof(list), NULL)) ||
	    (rc = devstat_page(p, h, 0x01, DC_PG_ATA_DEVSTAT_01)))
		return rc;
	return devstat_page(p, h, 0x07, DC_PG_ATA_DEVSTAT_07);
}

/* A page of the parameters given, or "not in the input" when there are none. */
static int scsi_log(struct dc_import_part *p, uint8_t page, const char *name,
		    const struct dc_scsi_log_param *params, unsigned n)
{
	uint8_t buf[4 + 8 * (4 + 16)];
	size_t len;

	if (!n)
		return lacks_page(p, name);
	len = dc_build_scsi_log(buf, sizeof(buf), page, params, n);
	return len ? dc_raw_add(&p->raw, name, buf, len, NULL) : -ENOSPC;
}

int dc_import_scsi_health_pages(struct dc_import_part *p, const struct dc_import_scsi_health *h,
				const char *who)
{
	struct dc_scsi_log_param prm[8];
	char why[96];
	unsigned n;
	int rc;

	snprintf(why, sizeof(why), "%s does not print it", who);
	if ((rc = lacks_page(p, DC_PG_SCSI_LOG_00)))
		return rc;

	/* 0x2F: the informational exceptions general parameter: ASC, ASCQ, the most recent
	 * temperature (SPC-4 7.3.12; which page smartctl's temperature came from it does not
	 * say, so it goes to 0x0D, the standard place, and is not in the input here). */
	n = 0;
	if (h->have_ie && h->ie_codes) {
		prm[0] = dc_scsi_log_binary(0x0000, 3);
		prm[0].value[0] = h->asc;
		prm[0].value[1] = h->ascq;
		prm[0].value[2] = 0xFF;
		n = 1;
		dc_import_lacks(p, DC_PG_SCSI_LOG_2F ".temperature", why);
	} else if (h->have_ie) {
		dc_import_note(p, "%s: SMART Health Status '%s' without its ASC/ASCQ: not taken",
			       who, h->ie_text);
	}
	if ((rc = scsi_log(p, 0x2F, DC_PG_SCSI_LOG_2F, prm, n)))
		return rc;

	/* 0x11 parameter 0001h: bytes 4-6 reserved, 7 the percentage (SBC-3). */
	n = 0;
	if (h->have_used) {
		prm[0] = dc_scsi_log_binary(0x0001, 4);
		prm[0].value[3] = (uint8_t)(h->percent_used > 255 ? 255 : h->percent_used);
		n = 1;
	}
	if ((rc = scsi_log(p, 0x11, DC_PG_SCSI_LOG_11, prm, n)))
		return rc;

	/* 0x15 parameter 0000h, the background scan status (SBC-3): bytes 4-7 accumulated
	 * power-on minutes, then the scan's status and counts, which smartctl -a does not
	 * print. */
	n = 0;
	if (h->have_power_on) {
		prm[0] = dc_scsi_log_binary(0x0000, 12);
		for (unsigned b = 0; b < 4; b++)
			prm[0].value[b] = (uint8_t)(h->power_on_minutes >> (8 * (3 - b)));
		n = 1;
		dc_import_lacks(p, DC_PG_SCSI_LOG_15 ".background-scan", why);
	}
	if ((rc = scsi_log(p, 0x15, DC_PG_SCSI_LOG_15, prm, n)))
		return rc;

	/* 0x0D: parameter 0000h the temperature, 0001h the reference (trip) temperature;
	 * byte 5 in degrees Celsius, FFh not available. */
	n = 0;
	if (h->have_temp) {
		prm[n] = dc_scsi_log_binary(0x0000, 2);
		prm[n++].value[1] = h->temp_c;
	}
	if (h->have_trip) {
		prm[n] = dc_scsi_log_binary(0x0001, 2);
		prm[n++].value[1] = h->trip_c;
	}
	if ((rc = scsi_log(p, 0x0D, DC_PG_SCSI_LOG_0D, prm, n)))
		return rc;

	/* 0x02 (write) and 0x03 (read) error counters: parameters 0000h-0006h; 0005h, the
	 * bytes processed, smartctl prints in rounded gigabytes only. */
	for (unsigned k = 0; k < 2; k++) {
		const char *name = k ? DC_PG_SCSI_LOG_03 : DC_PG_SCSI_LOG_02;
		char field[48];

		n = 0;
		for (unsigned c = 0; h->have_errors[k] && c < 7; c++)
			if (h->have_counter[k][c])
				prm[n++] = dc_scsi_log_counter((uint16_t)c, h->counter[k][c]);
		if (n && !h->have_counter[k][5]) {
			snprintf(field, sizeof(field), "%s.bytes-processed", name);
			dc_import_lacks(p, field, "smartctl prints it in gigabytes, rounded");
		}
		if ((rc = scsi_log(p, k ? 0x03 : 0x02, name, prm, n)))
			return rc;
	}
	return 0;
}
