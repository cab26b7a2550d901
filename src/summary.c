// SPDX-License-Identifier: GPL-2.0-or-later
/* summary.c - counts and short lists over many drives' results (import, fleets). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "summary.h"
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

static bool has_kind(const struct dc_drive *d, enum dc_ev_kind kind)
{
	for (unsigned i = 0; i < d->nevidence; i++)
		if (d->evidence[i].kind == kind)
			return true;
	return false;
}

/* Why a drive needs a look first, or false. */
static bool needs_look(const struct dc_report *r, char *why, size_t len)
{
	const struct dc_wear *w = &r->drive.wear;

	if (has_kind(&r->drive, DC_EV_PLP_FAILED))
		snprintf(why, len, "power-loss protection failed (the drive says so)");
	else if (w->have_percent_used && w->percent_used >= DC_WEAR_WARN_PERCENT)
		snprintf(why, len, "%u%% of rated endurance used", w->percent_used);
	else if (r->result.endurance_years_left >= 0 && r->result.endurance_years_left < DC_YEARS_LEFT_WARN)
		snprintf(why, len, "%.1f years of rated endurance left at its write rate",
			 r->result.endurance_years_left);
	else if (has_kind(&r->drive, DC_EV_PLP_DEGRADED))
		snprintf(why, len, "power-loss protection degraded or not judged");
	else
		return false;
	return true;
}

int dc_summarize(const struct dc_report *reports, unsigned n, struct dc_summary *s)
{
	const char **unmatched = calloc(n ? n : 1, sizeof(*unmatched));
	const char **unknown = calloc(n ? n : 1, sizeof(*unknown));
	char (*families)[DC_TEXT_LEN + 64] = calloc(n ? n : 1, sizeof(*families));
	unsigned nu = 0, nk = 0;
	int rc = -ENOMEM;

	memset(s, 0, sizeof(*s));
	if (!unmatched || !unknown || !families)
		goto out;
	for (unsigned i = 0; i < n; i++) {
		const struct dc_report *r = &reports[i];
		char why[DC_TEXT_LEN];

		if (r->error) {
			s->unreadable++;
			continue;
		}
		s->drives++;
		for (unsigned role = 0; role < DC_ROLE_COUNT; role++)
			s->roles[role][r->result.verdicts[role].status]++;
		s->plp[r->result.plp]++;
		if (!r->db.matched && r->drive.model[0]) {
			unmatched[nu++] = r->drive.model;
		} else if (r->db.matched && r->db.plp == DC_PLP_UNKNOWN) {
			snprintf(families[nk], sizeof(families[nk]), "%s %s", r->db.vendor, r->db.family);
			unknown[nk] = families[nk];
			nk++;
		}
		if (needs_look(r, why, sizeof(why))) {
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
out:
	free(unmatched);
	free(unknown);
	free(families);
	return rc;
}
