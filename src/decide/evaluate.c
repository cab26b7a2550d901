// SPDX-License-Identifier: GPL-2.0-or-later
/* evaluate.c - look-up, then decide: one step for live devices, dumps and imports. */
#include <stdio.h>
#include <stdlib.h>

#include "decide/evaluate.h"
#include "device/availability.h"
#include "lookup/db.h"

/* The advisories of the drive's model, firmware, capacity and hours, kept slim. */
static int find_advisories(struct dc_db *db, struct dc_check *r)
{
	const char *model = r->drive.model, *fw = r->drive.firmware;
	long long hours = r->drive.wear.have_power_on ? (long long)r->drive.wear.power_on_hours : -1;
	struct dc_advisory *all = calloc(DC_MAX_ADVISORIES, sizeof(*all));
	unsigned n = 0;

	r->nadvisories = r->advisories_total = 0;
	if (!all || dc_db_advisories(db, model, fw, r->dev.capacity_bytes, hours, all,
				     DC_MAX_ADVISORIES, &n) < 0) {
		free(all);
		return -1;
	}
	for (unsigned i = 0; i < n; i++) {
		struct dc_advisory_hit *h = &r->advisories[r->nadvisories];
		const struct dc_adv_source *s = all[i].nsources ? &all[i].sources[0] : NULL;

		/* a live, replayed or imported drive names its firmware: act on a hit only */
		if (all[i].match != DC_ADV_AFFECTED)
			continue;
		r->advisories_total++;
		if (r->nadvisories == DC_MAX_ADVISORY_HITS)
			continue;
		snprintf(h->id, sizeof(h->id), "%s", all[i].id);
		snprintf(h->title, sizeof(h->title), "%s", all[i].title);
		h->effect = all[i].effect;
		h->hours = all[i].hours;
		h->hours_left_known = all[i].hours_left_known;
		h->hours_left = all[i].hours_left;
		snprintf(h->fixed, sizeof(h->fixed), "%s", all[i].fixed);
		snprintf(h->bulletin, sizeof(h->bulletin), "%s", all[i].bulletin);
		if (s) {
			h->source_kind = s->kind;
			snprintf(h->source_title, sizeof(h->source_title), "%s", s->title);
			snprintf(h->source_url, sizeof(h->source_url), "%s", s->url);
		}
		r->nadvisories++;
	}
	free(all);
	return 0;
}

void dc_facts_of(const struct dc_check *r, struct dc_facts *f)
{
	*f = (struct dc_facts){ .dev = &r->dev, .drive = &r->drive, .row = &r->row,
				.probe = &r->probe, .trial = &r->cache_trial,
				.left = &r->cache_left, .adv = r->advisories,
				.nadv = r->nadvisories };
}

void dc_evaluate(struct dc_db *db, struct dc_check *r)
{
	struct dc_facts f;

	r->lookup_error[0] = '\0';
	/* the drive's model: the drive's own word, else the kernel's (dc_inspect_parse) */
	if (db && r->drive.model[0]) {
		if (dc_db_lookup(db, r->drive.model, r->dev.capacity_bytes, &r->row) < 0)
			snprintf(r->lookup_error, sizeof(r->lookup_error), "database lookup failed");
		else if (find_advisories(db, r) < 0)
			snprintf(r->lookup_error, sizeof(r->lookup_error),
				 "firmware advisory look-up failed");
	}
	dc_facts_of(r, &f);
	dc_decide(&f, &r->result);
	/* not a verdict: whether ceph-volume would take it, beside the verdict */
	dc_availability_judge(&r->dev, &r->avail);
}
