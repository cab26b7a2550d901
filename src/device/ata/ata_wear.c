// SPDX-License-Identifier: GPL-2.0-or-later
/* ata_wear.c - an ATA drive's wear figures: the standard counter or an attribute. Pure. */
#include <stdio.h>

#include "device/ata/ata_attrs.h"
#include "device/ata/ata_wear.h"
#include "core/drive.h"

#define WRAP (1ull << 32)
/* smartctl (and drivecheck) read the attributes and the log a moment apart, the drive
 * writing in between */
#define READ_APART (64ull << 20)

/*
 * Two counters of one quantity (the Device Statistics log's Logical Sectors Written and
 * a host-writes attribute) either agree, or one of them has wrapped, or they disagree:
 *
 *   agree     they differ by at most 1% of the larger, or by the slack: two of the coarser
 *             unit (each counter rounds down to its unit) and 64 MiB (written between the
 *             two reads);
 *   wrapped   the smaller reads under 2^32 of its own units and is the larger less a
 *             whole number k >= 1 of 2^32 of those units, give or take the slack: it kept
 *             32 bits of its count. Crucial MX500 and BX500 keep the log's sectors so
 *             (a 1 TB MX500 at 81% wear shows 520 GB there and 117 TB in attribute 246,
 *             53 wraps more), and so do Kingston KC600 and A400, against their 241;
 *   disagree  anything else (an Intel 530's log counts half as much again as its 241).
 *
 * How wrong it can be: a k of wraps is only matched to within the slack, 64 MiB and two
 * units; two counters that differ by that much for another reason read as a wrap. The
 * smaller must read under 2^32 units for a wrap, so a counter of 48 bits is never taken
 * for one. A counter that wrapped and is also off by more than the slack reads as a
 * disagreement, and the standard one (the log) is then used: what drivecheck did before
 * it looked at two.
 */
int dc_ata_counters_check(const struct dc_ata_counter *a, const struct dc_ata_counter *b,
			  uint32_t *wraps, unsigned *larger)
{
	uint64_t ab = a->units * a->unit_bytes, bb = b->units * b->unit_bytes;
	const struct dc_ata_counter *lo = ab >= bb ? b : a;
	uint64_t hi_bytes = ab >= bb ? ab : bb, diff = ab >= bb ? ab - bb : bb - ab;
	uint64_t unit = a->unit_bytes > b->unit_bytes ? a->unit_bytes : b->unit_bytes;
	uint64_t slack = 2 * unit + READ_APART, round, k, off;

	*wraps = 0;
	*larger = ab >= bb ? 0 : 1;
	if (diff <= hi_bytes / 100 || diff <= slack)
		return 0;
	if (lo->units >= WRAP || lo->unit_bytes > UINT64_MAX / WRAP)
		return DC_COUNTERS_DISAGREE;
	round = WRAP * lo->unit_bytes;
	k = diff / round;
	off = diff % round;
	if (off > round - off) {    /* nearer the next whole wrap */
		k++;
		off = round - off;
	}
	if (k < 1 || k > UINT32_MAX || off > slack)
		return DC_COUNTERS_DISAGREE;
	*wraps = (uint32_t)k;
	return DC_COUNTERS_WRAPPED;
}

/* Both counters kept, and which one is the figure. The list holds one entry per figure
 * that has two counters (bytes written, power-on hours): it cannot fill. */
static void keep_both(struct dc_wear *w, enum dc_wear_figure figure, int check, unsigned used,
		      uint32_t wraps, uint64_t log_value, uint64_t attr_value)
{
	struct dc_wear_counters *c;

	if (w->ncounters >= DC_MAX_WEAR_COUNTERS)
		return;
	c = &w->counters[w->ncounters++];
	c->figure = (uint8_t)figure;
	c->check = (uint8_t)check;
	c->used = (uint8_t)used;
	c->wraps = wraps;
	c->src[0] = (struct dc_wear_source){ DC_WEAR_FROM_ATA_DEVSTAT, 0 };
	c->src[1] = w->from[figure];
	c->value[0] = log_value;
	c->value[1] = attr_value;
}

/*
 * Power-on hours: the log's, unless it counts 0 where attribute 9 counts some (a drive
 * that has not started that counter: SanDisk Ultra 3D reports). Any other disagreement of
 * more than a tenth is kept as the log says, both counters shown.
 */
static void power_on(struct dc_wear *w, uint64_t log)
{
	const struct dc_wear_source std = { DC_WEAR_FROM_ATA_DEVSTAT, 0 };
	uint64_t att = w->power_on_hours;

	if (w->have_power_on && att && log == 0) {
		keep_both(w, DC_WEAR_POWER_ON, DC_COUNTERS_DISAGREE, 1, 0, log, att);
		return;
	}
	if (w->have_power_on && att && (log > att ? log - att : att - log) * 10 > att)
		keep_both(w, DC_WEAR_POWER_ON, DC_COUNTERS_DISAGREE, 0, 0, log, att);
	w->have_power_on = true;
	w->power_on_hours = log;
	w->from[DC_WEAR_POWER_ON] = std;
}

/* Bytes written: the log's, unless the attribute's counter did not wrap where the log's
 * did (dc_ata_counters_check()). */
static void written(struct dc_wear *w, uint64_t sectors, unsigned sector_bytes, const char *norm)
{
	const struct dc_wear_source std = { DC_WEAR_FROM_ATA_DEVSTAT, 0 };
	const struct dc_ata_attr_rule *rule = NULL;
	struct dc_ata_counter log = { sectors, sector_bytes ? sector_bytes : 512 }, att;
	unsigned larger;
	uint32_t wraps;
	int check = 0;

	if (log.units > UINT64_MAX / log.unit_bytes)
		return;
	if (w->have_written && w->from[DC_WEAR_WRITTEN].from == DC_WEAR_FROM_ATA_ATTR)
		rule = dc_ata_attr_rule_find(norm, w->from[DC_WEAR_WRITTEN].num);
	if (rule && rule->unit_bytes) {
		att = (struct dc_ata_counter){ w->host_written_bytes / rule->unit_bytes,
					       rule->unit_bytes };
		check = dc_ata_counters_check(&log, &att, &wraps, &larger);
	}
	if (check) {
		unsigned used = check == DC_COUNTERS_WRAPPED ? larger : 0;

		keep_both(w, DC_WEAR_WRITTEN, check, used, wraps, log.units * log.unit_bytes,
			  w->host_written_bytes);
		if (used == 1)
			return; /* the attribute's figure stands */
	}
	w->have_written = true;
	w->host_written_bytes = log.units * log.unit_bytes;
	w->from[DC_WEAR_WRITTEN] = std;
}

void dc_ata_wear(const struct dc_ata_devstat *log, unsigned sector_bytes, const char *norm,
		 struct dc_drive *d)
{
	struct dc_wear *w = &d->wear;

	/* the standard indicator over any vendor attribute */
	if (log->have_percent_used) {
		w->have_percent_used = true;
		w->percent_used = log->percent_used;
		w->from[DC_WEAR_PERCENT_USED] = (struct dc_wear_source){ DC_WEAR_FROM_ATA_DEVSTAT, 0 };
	}
	if (log->have_power_on)
		power_on(w, log->power_on_hours);
	if (log->have_written)
		written(w, log->sectors_written, sector_bytes, norm);
}
