/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ata_health.h - SMART RETURN STATUS and the Device Statistics log (docs/health.md). Pure. */
#ifndef DC_ATA_HEALTH_H
#define DC_ATA_HEALTH_H

#include "core/drive.h"

/* The wear figures of the Device Statistics log (the standard place), as it gives them. */
struct dc_ata_devstat {
	bool have_percent_used, have_power_on, have_written;
	unsigned percent_used;        /* page 7: Percentage Used Endurance Indicator */
	uint64_t power_on_hours;      /* page 1: Power-on Hours */
	uint64_t sectors_written;     /* page 1: Logical Sectors Written, in logical sectors */
};

/* ata_health.c */
/* The drive's overall verdict from the ata-smart-status page, when there is one. */
void dc_ata_parse_status(const struct dc_raw *raw, struct dc_drive *d);
/* Percentage used (page 7), power-on hours and logical sectors written (page 1), each
 * with its "supported" and "valid" bits set, into *got; a page at revision 0000h is
 * said in d's errors. */
void dc_ata_parse_devstat(const struct dc_raw *raw, struct dc_drive *d,
			  struct dc_ata_devstat *got);

#endif /* DC_ATA_HEALTH_H */
