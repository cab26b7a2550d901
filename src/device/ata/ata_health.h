/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ata_health.h - SMART RETURN STATUS and the Device Statistics log (docs/health.md). Pure. */
#ifndef DC_ATA_HEALTH_H
#define DC_ATA_HEALTH_H

#include "core/drive.h"

/* Which wear figures the Device Statistics log gave (the standard place, before any
 * vendor attribute). */
struct dc_ata_devstat {
	bool percent_used, power_on, written;
};

/* ata_health.c */
/* The drive's overall verdict from the ata-smart-status page, when there is one. */
void dc_ata_parse_status(const struct dc_raw *raw, struct dc_drive *d);
/* Percentage used (page 7), power-on hours and logical sectors written (page 1) into
 * d->wear, overriding what attributes said; got says which were found. */
void dc_ata_parse_devstat(const struct dc_raw *raw, unsigned logical_block_bytes,
			  struct dc_drive *d, struct dc_ata_devstat *got);

#endif /* DC_ATA_HEALTH_H */
