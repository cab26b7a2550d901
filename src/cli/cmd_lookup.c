// SPDX-License-Identifier: GPL-2.0-or-later
/* cmd_lookup.c - drivecheck lookup: the database asked by model string, or listed by
 * filter, and its advisories. */
#include <errno.h>
#include <stdlib.h>

#include "render/render.h"
#include "cli/commands.h"
#include "thresholds.h"

/* The listing: its families, and which of their figures per day are not a rated DWPD. */
struct list_count {
	unsigned n, by[DC_DWPD_OBSERVED + 1];
};

static int list_row(const struct dc_db_row *row, void *ud)
{
	struct list_count *c = ud;

	dc_render_db_row(stdout, row, c->n++ == 0);
	c->by[row->per_day.basis]++;
	return 0;
}

/* --min-dwpd leaves out families with no figure per day: said, never silently. */
struct unknown_dwpd {
	unsigned n;
	char first[3][DC_TEXT_LEN + 64];
};

static int count_unknown_dwpd(const struct dc_db_row *row, void *ud)
{
	struct unknown_dwpd *u = ud;

	if (row->per_day.basis != DC_DWPD_NONE)
		return 0;
	if (u->n < 3)
		snprintf(u->first[u->n], sizeof(u->first[0]), "%s %s", row->vendor, row->family);
	u->n++;
	return 0;
}

static void note_unknown_dwpd(struct dc_db *db, const struct dc_db_filter *f)
{
	struct dc_db_filter all_dwpd = *f;
	struct unknown_dwpd u = { 0 };

	all_dwpd.min_dwpd = 0;
	if (dc_db_list(db, &all_dwpd, count_unknown_dwpd, &u) || !u.n)
		return;
	fprintf(stderr, "and %u families left out because neither a rating nor their drives give "
		"their DWPD (%s%s%s%s%s%s): the same lookup without --min-dwpd lists them\n", u.n,
		u.first[0],
		u.n > 1 ? ", " : "", u.n > 1 ? u.first[1] : "", u.n > 2 ? ", " : "",
		u.n > 2 ? u.first[2] : "", u.n > 3 ? ", ..." : "");
}

/* lookup --advisories: every advisory, collected for one table or one JSON array. */
struct adv_list {
	struct dc_advisory *a;
	unsigned n, cap;
};

static int collect_advisory(const struct dc_advisory *a, void *ud)
{
	struct adv_list *l = ud;

	if (l->n == l->cap) {
		unsigned cap = l->cap ? l->cap * 2 : 16;
		struct dc_advisory *p = realloc(l->a, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		l->a = p;
		l->cap = cap;
	}
	l->a[l->n++] = *a;
	return 0;
}

static int cmd_lookup_advisories(struct dc_cli *c, struct dc_db *db)
{
	struct adv_list l = { 0 };
	int rc = dc_db_advisory_list(db, collect_advisory, &l);

	if (rc) {
		free(l.a);
		fprintf(stderr, "drivecheck: database lookup failed\n");
		return rc == -ENOMEM ? DC_EXIT_INTERNAL : DC_EXIT_DATABASE;
	}
	if (c->format == DC_OUT_JSON)
		rc = dc_render_advisories_json(stdout, l.a, l.n);
	else
		dc_render_advisories_table(stdout, l.a, l.n);
	free(l.a);
	if (rc)
		return dc_cli_output_error("drivecheck lookup", rc);
	fprintf(stderr, "%u advisories\n", l.n);
	return DC_EXIT_OK;
}

/* One query's answer: a model pattern, else a family's name, else what is close. */
static int answer(struct dc_cli *c, struct dc_db *db, const char *query, struct dc_lookup_answer *a)
{
	int rc = dc_db_lookup(db, query, c->capacity, &a->row);

	a->kind = DC_LOOKUP_MODEL;
	if (!rc && !a->row.matched) {
		rc = dc_db_find_by_name(db, query, a->candidates, DC_MAX_NAME_CANDIDATES,
					&a->ncandidates, &a->candidates_total, a->suggestions,
					DC_MAX_SUGGESTIONS, &a->nsuggestions);
		if (a->candidates_total == 1) {
			a->kind = DC_LOOKUP_FAMILY;
			a->row = a->candidates[0];
			a->ncandidates = a->candidates_total = 0;
		} else {
			a->kind = a->candidates_total ? DC_LOOKUP_SEVERAL : DC_LOOKUP_NONE;
		}
	}
	/* the family's patterns, TBW lines and observed rows, to show them all */
	if (!rc && (a->kind == DC_LOOKUP_MODEL || a->kind == DC_LOOKUP_FAMILY) && a->row.matched)
		rc = dc_db_family_details(db, &a->row, &a->family);
	if (!rc)
		rc = dc_db_advisories(db, query, c->firmware, c->capacity, c->hours, a->advisories,
				      DC_MAX_ADVISORIES, &a->nadvisories);
	return rc;
}

/*
 * Exit codes (docs/drivecheck.8, LOOKUP): 0 every query names one family of a known
 * class; 1 some names a family of unknown class, or several families; 3 some is not in
 * the database. Two different answers to "not known": in it, unknown; not in it.
 */
int dc_cmd_lookup(struct dc_cli *c, struct dc_db *db, char **models, unsigned n)
{
	struct dc_lookup_answer *answers;
	enum dc_status worst = DC_PASS;
	struct list_count count = { 0 };
	int rc;

	/* the rules between its options are options.c's, told before the database is opened */
	if (c->advisories)
		return cmd_lookup_advisories(c, db);
	if (c->list) {
		rc = dc_db_list(db, &c->filter, list_row, &count);
		if (rc)
			return DC_EXIT_DATABASE;
		fprintf(stderr, "%u families\n", count.n);
		if (count.by[DC_DWPD_RATED_TBW] || count.by[DC_DWPD_OBSERVED])
			fprintf(stderr, "DWPD by: rated, the row's DWPD; rated-tbw, a rated TBW over "
				"its capacity (%u families); observed, what the family's drives took in "
				"a corpus of real reports, not a rating (%u families); both spread over "
				"the warranty, %.0f years where the row states none\n",
				count.by[DC_DWPD_RATED_TBW], count.by[DC_DWPD_OBSERVED],
				DC_WARRANTY_YEARS_UNSTATED);
		if (c->filter.min_dwpd > 0)
			note_unknown_dwpd(db, &c->filter);
		return DC_EXIT_OK;
	}
	answers = calloc(n, sizeof(*answers));
	if (!answers)
		return DC_EXIT_INTERNAL;
	for (unsigned i = 0; i < n; i++) {
		const struct dc_lookup_answer *a = &answers[i];

		if (answer(c, db, models[i], &answers[i]) < 0) {
			free(answers);
			fprintf(stderr, "drivecheck: database lookup failed\n");
			return DC_EXIT_DATABASE;
		}
		if (a->kind == DC_LOOKUP_NONE)
			worst = dc_status_worse(worst, DC_NOT_CHECKED);
		else if (a->kind == DC_LOOKUP_SEVERAL || a->row.plp == DC_PLP_UNKNOWN)
			worst = dc_status_worse(worst, DC_WARN);
	}
	rc = 0;
	if (c->format == DC_OUT_JSON)
		rc = dc_render_lookup_json(stdout, (const char *const *)models, answers, n);
	else
		dc_render_lookup_table(stdout, (const char *const *)models, answers, n);
	free(answers);
	return rc ? (int)dc_cli_output_error("drivecheck lookup", rc) : (int)dc_status_exit(worst);
}
