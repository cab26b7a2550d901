// SPDX-License-Identifier: GPL-2.0-or-later
/* summary.c - counts and short lists over many drives' results (import, fleets). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/drive.h"
#include "fleet/summary.h"
#include "fleet/tally.h"
#include "core/status.h"
#include "thresholds.h"

/* Does an advisory that hits this drive lose data or the drive? */
static bool advisory_fails(const struct dc_check *r, bool *any)
{
	*any = r->nadvisories > 0;
	for (unsigned i = 0; i < r->nadvisories; i++)
		if (r->advisories[i].effect == DC_ADV_DATA_LOSS ||
		    r->advisories[i].effect == DC_ADV_DRIVE_LOSS)
			return true;
	return false;
}

static enum dc_look look_of(const struct dc_check *r)
{
	const struct dc_wear *w = &r->drive.wear;
	bool any_advisory;

	if (r->error)
		return DC_LOOK_NONE;
	/* a firmware defect that kills drives on a schedule first: drives bought together
	 * fail together; then the drive's own verdict */
	if (advisory_fails(r, &any_advisory))
		return DC_LOOK_ADVISORY_FAILS;
	if (r->result.health.status == DC_HEALTH_FAILING)
		return DC_LOOK_HEALTH_FAILING;
	if (dc_drive_has_evidence(&r->drive, DC_EV_PLP_FAILED))
		return DC_LOOK_PLP_FAILED;
	if (w->have_percent_used && w->percent_used >= DC_WEAR_WARN_PERCENT)
		return DC_LOOK_WORN;
	if (r->result.health.status == DC_HEALTH_WARNING)
		return DC_LOOK_HEALTH_WARNING;
	if (any_advisory)
		return DC_LOOK_ADVISORY_WARNS;
	if (r->result.endurance_years_left >= 0 && r->result.endurance_years_left < DC_YEARS_LEFT_WARN)
		return DC_LOOK_YEARS_LEFT;
	if (dc_drive_has_evidence(&r->drive, DC_EV_PLP_DEGRADED))
		return DC_LOOK_PLP_DEGRADED;
	return DC_LOOK_NONE;
}

bool dc_summary_look(const struct dc_check *r, struct dc_look_why *why)
{
	const struct dc_health *h = &r->result.health;

	memset(why, 0, sizeof(*why));
	why->look = look_of(r);
	switch (why->look) {
	case DC_LOOK_ADVISORY_FAILS:
	case DC_LOOK_ADVISORY_WARNS:
		snprintf(why->advisory_id, sizeof(why->advisory_id), "%s", r->advisories[0].id);
		snprintf(why->advisory_title, sizeof(why->advisory_title), "%s",
			 r->advisories[0].title);
		snprintf(why->advisory_fixed, sizeof(why->advisory_fixed), "%s",
			 r->advisories[0].fixed);
		break;
	case DC_LOOK_HEALTH_FAILING:
	case DC_LOOK_HEALTH_WARNING:
		why->have_problem = h->nproblems > 0;
		if (why->have_problem)
			why->problem = h->problems[0];
		snprintf(why->health_source, sizeof(why->health_source), "%s", h->source);
		break;
	case DC_LOOK_WORN:
		why->percent_used = r->drive.wear.percent_used;
		break;
	case DC_LOOK_YEARS_LEFT:
		why->years_left = r->result.endurance_years_left;
		why->years_basis = r->result.years_basis;
		break;
	case DC_LOOK_PLP_FAILED:
	case DC_LOOK_PLP_DEGRADED:
	case DC_LOOK_NONE:
		break;
	}
	return why->look != DC_LOOK_NONE;
}

void dc_summary_rank_of(const struct dc_check *r, int role, struct dc_summary_rank *k)
{
	memset(k, 0, sizeof(*k));
	k->look = (unsigned char)look_of(r);
	/* the role's outcome, or the worst of the roles, in the exit code's order (status.h) */
	k->severity = (unsigned char)dc_check_status(r, role);
	for (unsigned i = 0; !r->error && i < DC_ROLE_COUNT; i++) {
		k->fails += r->result.verdicts[i].status == DC_FAIL;
		k->warns += r->result.verdicts[i].status == DC_WARN;
	}
}

int dc_summary_rank_cmp(const struct dc_summary_rank *a, const struct dc_summary_rank *b)
{
	if (a->look != b->look)
		return (int)b->look - (int)a->look;
	if (a->severity != b->severity)
		return (int)b->severity - (int)a->severity;
	if (a->fails != b->fails)
		return (int)b->fails - (int)a->fails;
	return (int)b->warns - (int)a->warns;
}

int dc_summary_begin(struct dc_summary_builder *b, struct dc_summary *s)
{
	memset(b, 0, sizeof(*b));
	memset(s, 0, sizeof(*s));
	b->s = s;
	b->models = calloc(1, sizeof(*b->models));
	b->families = calloc(1, sizeof(*b->families));
	b->advisories = calloc(1, sizeof(*b->advisories));
	if (!b->models || !b->families || !b->advisories)
		b->err = -ENOMEM;
	return b->err;
}

/* A name counted in t; a failure stays in b. */
static void count_name(struct dc_summary_builder *b, struct dc_tally *t, const char *name)
{
	if (!b->err)
		b->err = dc_tally_add(t, name);
}

void dc_summary_add(struct dc_summary_builder *b, const struct dc_check *r, const char *host)
{
	struct dc_summary *s = b->s;
	/* as wide as a list's entry: a longer name is counted as the list prints it */
	char name[sizeof(s->not_in_db[0].name)];
	struct dc_look_why why;
	unsigned index = b->added++;

	if (b->err)
		return;
	if (r->error) {
		s->unreadable++;
		return;
	}
	s->drives++;
	for (unsigned role = 0; role < DC_ROLE_COUNT; role++) {
		const struct dc_verdict *v = &r->result.verdicts[role];

		s->roles[role][v->status]++;
		s->unmeasured[role] += v->status == DC_WARN && v->measured_status == DC_PASS;
	}
	s->plp[r->result.plp]++;
	s->health[r->result.health.status]++;
	if (!r->row.matched && r->drive.model[0]) {
		s->not_in_db_drives++;
		count_name(b, b->models, r->drive.model);
	} else if (r->row.matched && r->row.plp == DC_PLP_UNKNOWN) {
		s->class_unknown_drives++;
		snprintf(name, sizeof(name), "%s %s", r->row.vendor, r->row.family);
		count_name(b, b->families, name);
	}
	for (unsigned k = 0; k < r->nadvisories; k++) {
		snprintf(name, sizeof(name), "%s: %s", r->advisories[k].id, r->advisories[k].title);
		count_name(b, b->advisories, name);
	}
	s->advisory_drives += r->nadvisories > 0;
	if (!dc_summary_look(r, &why))
		return;
	/* the first in the order listed: a fleet lists the worst first */
	if (s->nattention < DC_SUMMARY_MAX_LIST) {
		struct dc_summary_drive *d = &s->attention[s->nattention++];

		d->index = index;
		snprintf(d->host, sizeof(d->host), "%s", host ? host : "");
		snprintf(d->device, sizeof(d->device), "%s", r->dev.path);
		snprintf(d->model, sizeof(d->model), "%s", r->drive.model);
		d->why = why;
	}
	s->attention_total++;
}

int dc_summary_end(struct dc_summary_builder *b)
{
	struct dc_summary *s = b->s;
	int rc = b->err;

	if (!rc)
		rc = dc_tally_top(b->models, s->not_in_db, DC_SUMMARY_MAX_LIST, &s->nnot_in_db,
				  &s->not_in_db_models);
	if (!rc)
		rc = dc_tally_top(b->families, s->class_unknown, DC_SUMMARY_MAX_LIST,
				  &s->nclass_unknown, &s->class_unknown_families);
	if (!rc)
		rc = dc_tally_top(b->advisories, s->advisories, DC_SUMMARY_MAX_LIST,
				  &s->nadvisories, &s->advisory_ids);
	if (b->models)
		dc_tally_free(b->models);
	if (b->families)
		dc_tally_free(b->families);
	if (b->advisories)
		dc_tally_free(b->advisories);
	free(b->models);
	free(b->families);
	free(b->advisories);
	memset(b, 0, sizeof(*b));
	return rc;
}
