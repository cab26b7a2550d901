/* SPDX-License-Identifier: GPL-2.0-or-later */
/* import_health.h - what a smartctl report (text or -j) shows of a drive's own health and wear,
 * and the pages rebuilt from it (not for others: import_smartctl_text.c, _json.c). */
#ifndef DC_IMPORT_HEALTH_H
#define DC_IMPORT_HEALTH_H

#include <stdbool.h>
#include <stdint.h>

#include "import/import.h"
#include "import/page_build.h"

#define DC_IMPORT_MAX_DEVSTAT 96 /* Device Statistics entries kept (smartctl prints ~45) */

/* The ATA side: the overall self-assessment and the Device Statistics log. */
struct dc_import_ata_health {
	enum {
		DC_IMPORT_SELF_NOT_SHOWN = 0,   /* no health line (smartctl -i, SMART off) */
		DC_IMPORT_SELF_PASSED,          /* the drive's SMART RETURN STATUS: good */
		DC_IMPORT_SELF_FAILED,          /* ... a threshold exceeded */
		DC_IMPORT_SELF_ATTRIBUTE_CHECK, /* smartctl's own verdict from the attributes:
						   the drive did not answer the command */
	} self;
	bool devstat_shown;           /* the report has a Device Statistics section */
	bool devstat_broken;          /* ... and says page 0 was invalid */
	unsigned npages;              /* the pages it lists, with their revisions */
	uint8_t pages[32];
	uint16_t revision[32];
	bool page_empty[32];          /* listed, but smartctl read no entries ("(empty)") */
	unsigned nentries, dropped;
	struct dc_ata_devstat_in e[DC_IMPORT_MAX_DEVSTAT];
};

/* The SCSI side: log pages 0x2F, 0x11, 0x15, 0x0D, 0x03 and 0x02 as smartctl prints them. */
struct dc_import_scsi_health {
	bool have_ie;                 /* "SMART Health Status:" / smart_status */
	bool ie_codes;                /* ... with ASC and ASCQ ("OK" is 0/0) */
	uint8_t asc, ascq;
	char ie_text[48];             /* smartctl's words for a failure without its codes */
	bool have_used;
	unsigned percent_used;        /* "Percentage used endurance indicator" */
	bool have_power_on;
	uint32_t power_on_minutes;    /* "Accumulated power on time, hours:minutes" */
	bool have_temp, have_trip;
	uint8_t temp_c, trip_c;       /* 0xFF: "<not available>" */
	bool have_errors[2];          /* [0] write (page 0x02), [1] read (page 0x03) */
	bool have_counter[2][7];      /* parameters 0000h..0006h */
	uint64_t counter[2][7];
};

/* import_health.c. who names the format in the reasons ("smartctl's text", "smartctl
 * -j"). Each adds the pages (or their "not in the input") to p; returns 0 or -ENOMEM. */
int dc_import_ata_health_pages(struct dc_import_part *p, const struct dc_import_ata_health *h,
			       const char *who);
int dc_import_scsi_health_pages(struct dc_import_part *p, const struct dc_import_scsi_health *h,
				const char *who);
/* Adds one Device Statistics page heading (number, revision): 0, or -ENOSPC. */
int dc_import_devstat_page(struct dc_import_ata_health *h, uint8_t page, uint16_t revision,
			   bool empty);
/* Adds one entry; false when there is no room (counted in dropped). */
bool dc_import_devstat_entry(struct dc_import_ata_health *h, const struct dc_ata_devstat_in *e);

#endif /* DC_IMPORT_HEALTH_H */
