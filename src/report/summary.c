// SPDX-License-Identifier: GPL-2.0-or-later
/* summary.c - counts and short lists over many drives' results (import, fleets). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drive.h"
#include "decide/health.h"
#include "report/summary.h"
#include "status.h"
#include "thresholds.h"

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int by_drives(const void *a, const void *b)
{
	const struct dc_summary_item *x = a, *y = b;

	if (x->drives != y->drives)
		return x->drives < y->drives ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* Distinct names with their counts, the most frequent DC_SUMMARY_MAX_LIST kept. */
static int tally(const char **names, unsigned n, struct dc_summary_item *out, unsigned *nout,
		 unsigned *distinct)
{
	struct dc_summary_item *all;
	unsigned k = 0;

	*nout = *distinct = 0;
	if (!n)
		return 0;
	qsort(names, n, sizeof(*names), by_name);
	all = calloc(n, sizeof(*all));
	if (!all)
		return -ENOMEM;
	for (unsigned i = 0; i < n; i++) {
		if (k && strcmp(all[k - 1].name, names[i]) == 0) {
			all[k - 1].drives++;
			continue;
		}
		snprintf(all[k].name, sizeof(all[k].name), "%s", names[i]);
		all[k++].drives = 1;
	}
	qsort(all, k, sizeof(*all), by_drives);
	*distinct = k;
	*nout = k < DC_SUMMARY_MAX_LIST ? k : DC_SUMMARY_MAX_LIST;
	memcpy(out, all, *nout * sizeof(*out));
	free(all);
	return 0;
}

/* Why a drive needs a look first, the most urgent first; LOOK_NONE when it needs none. */
enum look {
	LOOK_NONE = 0, LOOK_PLP_DEGRADED, LOOK_YEARS_LEFT, LOOK_ADVISORY_WARNS, LOOK_HEALTH_WARNING,
	LOOK_WORN, LOOK_PLP_FAILED, LOOK_HEALTH_FAILING, LOOK_ADVISORY_FAILS,
};

/* Does an advisory that hits this drive lose data or the drive? */
static bool advisory_fails(const struct dc_report *r, bool *any)
{
	*any = r->nadvisories > 0;
	for (unsigned i = 0; i < r->nadvisories; i++)
		if (r->advisories[i].effect == DC_ADV_DATA_LOSS ||
		    r->advisories[i].effect == DC_ADV_DRIVE_LOSS)
			return true;
	return false;
}

static enum look look_of(const struct dc_report *r)
{
	const struct dc_wear *w = &r->drive.wear;
	bool any_advisory;

	if (r->error)
		return LOOK_NONE;
	/* a firmware defect that kills drives on a schedule first: drives bought together
	 * fail together; then the drive's own verdict */
	if (advisory_fails(r, &any_advisory))
		return LOOK_ADVISORY_FAILS;
	if (r->result.health.status == DC_HEALTH_FAILING)
		return LOOK_HEALTH_FAILING;
	if (dc_drive_has_evidence(&r->drive, DC_EV_PLP_FAILED))
		return LOOK_PLP_FAILED;
	if (w->have_percent_used && w->percent_used >= DC_WEAR_WARN_PERCENT)
		return LOOK_WORN;
	if (r->result.health.status == DC_HEALTH_WARNING)
		return LOOK_HEALTH_WARNING;
	if (any_advisory)
		return LOOK_ADVISORY_WARNS;
	if (r->result.endurance_years_left >= 0 && r->result.endurance_years_left < DC_YEARS_LEFT_WARN)
		return LOOK_YEARS_LEFT;
	if (dc_drive_has_evidence(&r->drive, DC_EV_PLP_DEGRADED))
		return LOOK_PLP_DEGRADED;
	return LOOK_NONE;
}

bool dc_summary_look(const struct dc_report *r, char *why, size_t len)
{
	const struct dc_health *h = &r->result.health;
	char text[200] = "";

	if (h->nproblems)
		dc_health_problem_text(&h->problems[0], h->source, text, sizeof(text));
	switch (look_of(r)) {
	case LOOK_ADVISORY_FAILS:
	case LOOK_ADVISORY_WARNS:
		snprintf(why, len, "firmware advisory %s: %s%s%s", r->advisories[0].id,
			 r->advisories[0].title, r->advisories[0].fixed[0] ? "; update to " : "",
			 r->advisories[0].fixed);
		return true;
	case LOOK_HEALTH_FAILING:
		snprintf(why, len, "the drive says it is failing: %s", text);
		return true;
	case LOOK_HEALTH_WARNING:
		snprintf(why, len, "the drive reports: %s", text);
		return true;
	case LOOK_PLP_FAILED:
		snprintf(why, len, "power-loss protection failed (the drive says so)");
		return true;
	case LOOK_WORN:
		snprintf(why, len, "%u%% of rated endurance used", r->drive.wear.percent_used);
		return true;
	case LOOK_YEARS_LEFT:
		snprintf(why, len, "%.1f years of rated endurance left at its write rate",
			 r->result.endurance_years_left); /* under a year: tenths */
		return true;
	case LOOK_PLP_DEGRADED:
		snprintf(why, len, "power-loss protection degraded or not judged");
		return true;
	case LOOK_NONE:
		break;
	}
	return false;
}

struct order_ctx {
	const struct dc_report *reports;
	const char *const *group;
	int role;
};

/* The role's outcome, or the worst of the roles, in the exit code's order (status.h). */
static int severity(const struct dc_report *r, int role)
{
	return dc_status_rank(dc_report_status(r, role));
}

static unsigned roles_with(const struct dc_report *r, enum dc_status st)
{
	unsigned k = 0;

	for (unsigned i = 0; !r->error && i < DC_ROLE_COUNT; i++)
		k += r->result.verdicts[i].status == st;
	return k;
}

static int worse_first(const void *a, const void *b, void *arg)
{
	const struct order_ctx *c = arg;
	unsigned ia = *(const unsigned *)a, ib = *(const unsigned *)b;
	const struct dc_report *x = &c->reports[ia], *y = &c->reports[ib];
	int d;

	if ((d = (int)look_of(y) - (int)look_of(x)))
		return d;
	if ((d = severity(y, c->role) - severity(x, c->role)))
		return d;
	if ((d = (int)roles_with(y, DC_FAIL) - (int)roles_with(x, DC_FAIL)))
		return d;
	if ((d = (int)roles_with(y, DC_WARN) - (int)roles_with(x, DC_WARN)))
		return d;
	if (c->group && (d = strcmp(c->group[ia], c->group[ib])))
		return d;
	if ((d = strcmp(x->dev.path, y->dev.path)))
		return d;
	return ia < ib ? -1 : ia > ib;
}

void dc_summary_worst_first(const struct dc_report *reports, unsigned n,
			    const char *const *group, int role, unsigned *order)
{
	struct order_ctx c = { .reports = reports, .group = group, .role = role };

	for (unsigned i = 0; i < n; i++)
		order[i] = i;
	if (n > 1)
		qsort_r(order, n, sizeof(*order), worse_first, &c);
}

int dc_summarize(const struct dc_report *reports, unsigned n, struct dc_summary *s)
{
	const char **unmatched = calloc(n ? n : 1, sizeof(*unmatched));
	const char **unknown = calloc(n ? n : 1, sizeof(*unknown));
	const char **advs = NULL;
	char (*adv_names)[DC_TEXT_LEN + 64] = NULL;
	unsigned na = 0, nadv_all = 0;
	char (*families)[DC_TEXT_LEN + 64] = calloc(n ? n : 1, sizeof(*families));
	unsigned nu = 0, nk = 0;
	int rc = -ENOMEM;

	memset(s, 0, sizeof(*s));
	for (unsigned i = 0; i < n; i++)
		nadv_all += reports[i].error ? 0 : reports[i].nadvisories;
	advs = calloc(nadv_all ? nadv_all : 1, sizeof(*advs));
	adv_names = calloc(nadv_all ? nadv_all : 1, sizeof(*adv_names));
	if (!unmatched || !unknown || !families || !advs || !adv_names)
		goto out;
	for (unsigned i = 0; i < n; i++) {
		const struct dc_report *r = &reports[i];
		char why[256];

		if (r->error) {
			s->unreadable++;
			continue;
		}
		s->drives++;
		for (unsigned role = 0; role < DC_ROLE_COUNT; role++)
			s->roles[role][r->result.verdicts[role].status]++;
		s->plp[r->result.plp]++;
		s->health[r->result.health.status]++;
		if (!r->db.matched && r->drive.model[0]) {
			unmatched[nu++] = r->drive.model;
		} else if (r->db.matched && r->db.plp == DC_PLP_UNKNOWN) {
			snprintf(families[nk], sizeof(families[nk]), "%s %s", r->db.vendor, r->db.family);
			unknown[nk] = families[nk];
			nk++;
		}
		for (unsigned k = 0; k < r->nadvisories; k++) {
			snprintf(adv_names[na], sizeof(adv_names[na]), "%s: %s", r->advisories[k].id,
				 r->advisories[k].title);
			advs[na] = adv_names[na];
			na++;
		}
		s->advisory_drives += r->nadvisories > 0;
		if (dc_summary_look(r, why, sizeof(why))) {
			if (s->nattention < DC_SUMMARY_MAX_LIST) {
				s->attention[s->nattention].index = i;
				snprintf(s->attention[s->nattention].why, sizeof(why), "%s", why);
				s->nattention++;
			}
			s->attention_total++;
		}
	}
	s->not_in_db_drives = nu;
	s->class_unknown_drives = nk;
	rc = tally(unmatched, nu, s->not_in_db, &s->nnot_in_db, &s->not_in_db_models);
	if (!rc)
		rc = tally(unknown, nk, s->class_unknown, &s->nclass_unknown,
			   &s->class_unknown_families);
	if (!rc)
		rc = tally(advs, na, s->advisories, &s->nadvisories, &s->advisory_ids);
out:
	free(advs);
	free(adv_names);
	free(unmatched);
	free(unknown);
	free(families);
	return rc;
}
