/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ata_wear.h - an ATA drive's wear figures: the standard counter or an attribute. Pure. */
#ifndef DC_ATA_WEAR_H
#define DC_ATA_WEAR_H

#include <stdint.h>

#include "core/drive.h"
#include "device/ata/ata_health.h"

/* One counter of bytes written: a count of units of unit_bytes each. */
struct dc_ata_counter {
	uint64_t units;
	uint64_t unit_bytes;
};

/* ata_wear.c */
/*
 * Two counters of one quantity, compared (the rule is in ata_wear.c): 0 when they agree,
 * DC_COUNTERS_WRAPPED when one of them went round 2^32 of its units a whole number of
 * times (*wraps of them; *larger is 0 for a, 1 for b, the one that did not wrap), else
 * DC_COUNTERS_DISAGREE.
 */
int dc_ata_counters_check(const struct dc_ata_counter *a, const struct dc_ata_counter *b,
			  uint32_t *wraps, unsigned *larger);
/*
 * The Device Statistics log's figures (log) over what the attributes gave (already in
 * d->wear, each with its source): the log's percentage used stands; its power-on hours
 * and bytes written stand unless the attribute's counter is the one to believe, and two
 * counters that do not agree are kept, both, in d->wear.counters. sector_bytes: the
 * logical sector size; norm: the normalised model (the attribute's unit is its rule's).
 */
void dc_ata_wear(const struct dc_ata_devstat *log, unsigned sector_bytes, const char *norm,
		 struct dc_drive *d);

#endif /* DC_ATA_WEAR_H */
