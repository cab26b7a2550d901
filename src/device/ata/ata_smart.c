// SPDX-License-Identifier: GPL-2.0-or-later
/* ata_smart.c - SMART READ DATA and READ THRESHOLDS to attributes, named by ata_attrs.c. Pure. */
#include <stdio.h>
#include <string.h>

#include "device/ata/ata_attrs.h"
#include "device/ata/ata_smart.h"

/*
 * The threshold of attribute id: the first slot of that ID. A threshold of 254 counts
 * as none given, as libatasmart read it (the JSON has shown it as null since); 0 (never
 * fails) and 255 (always fails) are kept as given, for health.c to judge.
 */
static void find_threshold(const struct dc_ata_smart_thresholds *t, uint8_t id,
			   struct dc_ata_attr *a)
{
	a->threshold = 0;
	a->threshold_known = false;
	if (!t)
		return;
	for (unsigned i = 0; i < DC_ATA_SMART_NATTRS; i++) {
		if (t->thr[i].id != id)
			continue;
		a->threshold = t->thr[i].threshold;
		a->threshold_known = t->thr[i].threshold != 0xFE;
		return;
	}
}

unsigned dc_ata_smart_decode(const uint8_t *data, const uint8_t *thresholds,
			     const char *norm_model, struct dc_ata_attr *out, unsigned max)
{
	struct dc_ata_smart_data page;
	struct dc_ata_smart_thresholds thr;
	unsigned n = 0;

	/* Copied into the wire structs: the pages come as bytes of any alignment. */
	memcpy(&page, data, sizeof(page));
	if (thresholds)
		memcpy(&thr, thresholds, sizeof(thr));
	for (unsigned i = 0; i < DC_ATA_SMART_NATTRS && n < max; i++) {
		const struct dc_ata_smart_attr_entry *e = &page.attr[i];
		const struct dc_ata_attr_info *info;
		struct dc_ata_attr *a;

		if (e->id == 0)
			continue;
		a = &out[n++];
		memset(a, 0, sizeof(*a));
		a->id = e->id;
		a->flags = (uint16_t)(e->flags[0] | e->flags[1] << 8);
		a->value = e->value;
		a->worst = e->worst;
		for (int b = 5; b >= 0; b--)
			a->raw = a->raw << 8 | e->raw[b];
		find_threshold(thresholds ? &thr : NULL, e->id, a);
		info = dc_ata_attr_info(norm_model, e->id);
		if (info)
			snprintf(a->name, sizeof(a->name), "%s", info->name);
		else
			snprintf(a->name, sizeof(a->name), "attribute-%u", e->id);
	}
	return n;
}
