// SPDX-License-Identifier: GPL-2.0-or-later
/* render_lookup.c - what `drivecheck lookup` prints: a family's row, advisories, the answers. */
#include <stdio.h>
#include <string.h>

#include "lookup/db_row.h"
#include "core/names.h"
#include "render/render.h"

/* Decimal, as drives are sold: "960 GB", "1.92 TB". */
static void capacity_text(uint64_t bytes, char *buf, size_t len)
{
	if (bytes >= 1000000000000ULL)
		snprintf(buf, len, "%.3g TB", (double)bytes / 1e12);
	else
		snprintf(buf, len, "%.3g GB", (double)bytes / 1e9);
}

void dc_render_db_row(FILE *out, const struct dc_db_row *row, bool header)
{
	const struct dc_db_source *best = dc_db_row_shown_source(row);
	const char *basis = dc_dwpd_basis_name(row->per_day.basis);
	char dwpd[16] = "-"; /* unknown is not 0 */

	if (row->per_day.basis != DC_DWPD_NONE)
		snprintf(dwpd, sizeof(dwpd), "%.3g", row->per_day.dwpd);
	if (header)
		fprintf(out, "%-16s %-28s %-5s %-11s %-13s %-11s %3s %6s %-9s  %s\n", "VENDOR",
			"FAMILY", "IFACE", "CLASS", "PLP", "SOURCE", "N", "DWPD", "BY", "PATTERN");
	fprintf(out, "%-16.16s %-28.28s %-5s %-11s %-13s %-11s %3u %6s %-9s  %s\n", row->vendor,
		row->family, row->interface, row->drive_class,
		row->plp_inferred ? "none (inf.)" : dc_plp_short_name(row->plp),
		dc_source_kind_name(best ? best->kind : DC_SRC_NONE), row->nsources, dwpd,
		basis ? basis : "-", row->pattern);
}

/* ---- endurance: rated, rated by capacity, observed (issue 29) ---- */

/* The years a figure per day is spread over, and whether the row states them. */
static void years_text(const struct dc_dwpd_figure *pd, char *buf, size_t len)
{
	if (pd->years_stated)
		snprintf(buf, len, "the %.0f-year warranty", pd->years);
	else
		snprintf(buf, len, "%.0f years (the row states no warranty)", pd->years);
}

/* The family's figure per day, from the best it has: what --list --min-dwpd holds it to. */
static void print_per_day(FILE *out, const struct dc_db_row *row)
{
	const struct dc_dwpd_figure *pd = &row->per_day;
	char years[64], cap[32];

	years_text(pd, years, sizeof(years));
	switch (pd->basis) {
	case DC_DWPD_RATED:
		fprintf(out, "  DWPD:      %.2g (rated)\n", pd->dwpd);
		break;
	case DC_DWPD_RATED_TBW:
		capacity_text(pd->capacity_bytes, cap, sizeof(cap));
		fprintf(out, "  DWPD:      %.2g from a rated TBW: %.0f TB at %s over %s\n", pd->dwpd,
			pd->tbw_tb, cap, years);
		break;
	case DC_DWPD_OBSERVED:
		fprintf(out, "  DWPD:      %.2g observed, not a rating: what the family's drives took "
			"(below) over %s\n", pd->dwpd, years);
		break;
	case DC_DWPD_NONE:
		break;
	}
}

/* What drives of the family took: said as observed, with how many and the spread. */
static void print_observed(FILE *out, const struct dc_observed_endurance *ob,
			   const struct dc_family_details *d, bool by_name)
{
	char cap[32];

	if (!ob->drives)
		return;
	if (ob->capacity_bytes)
		capacity_text(ob->capacity_bytes, cap, sizeof(cap));
	fprintf(out, "  observed:  %.0f full-drive writes to 100%% of the wear indicator: the median "
		"of %u drives%s%s (p25 %.0f, p75 %.0f), read at a median %u%% wear", ob->dw_median,
		ob->drives, ob->capacity_bytes ? " of " : " of the family", ob->capacity_bytes ? cap : "",
		ob->dw_p25, ob->dw_p75, ob->wear_median);
	if (ob->wrapped)
		fprintf(out, "; %u with a counter that wrapped (the other one used)", ob->wrapped);
	fputc('\n', out);
	/* a family's look-up: every capacity; a model's: its own row above */
	if (by_name && d->nobserved > 1) {
		const char *lead = "             by capacity: ";

		for (unsigned k = 0; k < d->nobserved && k < DC_MAX_OBSERVED_ROWS; k++) {
			const struct dc_observed_endurance *c = &d->observed[k];

			if (!c->capacity_bytes)
				continue;
			capacity_text(c->capacity_bytes, cap, sizeof(cap));
			fprintf(out, "%s%s %.0f (%u drives)", lead, cap, c->dw_median, c->drives);
			lead = ", ";
		}
		fputc('\n', out);
	}
	fprintf(out, "             what those fleets' workloads took, with their write amplification: "
		"not a rating (%s, %s, %s)\n", ob->title, ob->revision, ob->licence);
}

/* Rated and observed endurance, each said for what it is; "unknown" only when neither. */
static void print_endurance(FILE *out, const struct dc_db_row *row,
			    const struct dc_family_details *d, bool by_name)
{
	print_per_day(out, row);
	if (row->tbw_tb > 0) {
		fprintf(out, "  TBW:       %.0f TB\n", row->tbw_tb);
	} else if (d->ntbw) {
		/* a family named, its TBW by model: each, with the models it is for */
		fprintf(out, "  TBW:       ");
		for (unsigned k = 0; k < d->ntbw && k < DC_MAX_FAMILY_TBW; k++)
			fprintf(out, "%s%.0f TB (%s)", k ? ", " : "", d->tbw[k].tbw_tb, d->tbw[k].pattern);
		if (d->ntbw > DC_MAX_FAMILY_TBW)
			fprintf(out, " and %u more", d->ntbw - DC_MAX_FAMILY_TBW);
		fputc('\n', out);
	}
	print_observed(out, &row->observed, d, by_name);
	if (row->dwpd <= 0 && row->tbw_tb <= 0 && !d->ntbw && !row->observed.drives)
		fprintf(out, "  endurance: unknown (no source gives DWPD or TBW%s, and no drives of "
			"the family were seen)\n", by_name ? " for the family" : "");
	if (row->endurance_note[0])
		fprintf(out, "  rated vs observed: %s\n", row->endurance_note);
}

/* ---- end of endurance ---- */

/* ---- firmware advisories (issue 22) ---- */

static void print_patterns(FILE *out, const char (*pats)[DC_NAME_LEN], unsigned n, unsigned most)
{
	for (unsigned i = 0; i < n && i < most; i++)
		fprintf(out, "%s%s", i ? ", " : "", pats[i]);
	if (n > most)
		fprintf(out, " and %u more", n - most);
}

static const struct dc_adv_source *adv_best(const struct dc_advisory *a)
{
	return a->nsources ? &a->sources[0] : NULL; /* backing sources first (db.c) */
}

/* One advisory under a lookup's answer: what, which firmware, when, the fix, the source. */
static void print_advisory(FILE *out, const struct dc_advisory *a)
{
	const struct dc_adv_source *best = adv_best(a);

	fprintf(out, "  advisory:  %s (%s): %s\n", a->id, dc_adv_effect_name(a->effect), a->title);
	if (a->match == DC_ADV_AFFECTED)
		fprintf(out, "    firmware:  affected%s%s\n", a->fixed[0] ? "; fixed in " : "; no fix named",
			a->fixed);
	else {
		fprintf(out, "    firmware:  not given; affected: ");
		print_patterns(out, a->affected, a->naffected, 6);
		if (a->nnot_affected) {
			fprintf(out, " except ");
			print_patterns(out, a->not_affected, a->nnot_affected, 6);
		}
		fprintf(out, "%s%s\n", a->fixed[0] ? "; fixed in " : "; no fix named", a->fixed);
	}
	if (a->ncapacities) {
		fprintf(out, "    capacity:  only");
		for (unsigned i = 0; i < a->ncapacities; i++)
			fprintf(out, "%s %g %s", i ? "," : "", a->capacities_gb[i] >= 1000 ?
				a->capacities_gb[i] / 1000 : a->capacities_gb[i],
				a->capacities_gb[i] >= 1000 ? "TB" : "GB");
		fputc('\n', out);
	}
	if (a->hours > 0) {
		fprintf(out, "    when:      at %lld power-on hours", a->hours);
		if (a->hours_left_known && a->hours_left > 0)
			fprintf(out, ": %lld hours left", a->hours_left);
		else if (a->hours_left_known)
			fprintf(out, ": reached (%lld hours past)", -a->hours_left);
		fprintf(out, "%s%s\n", a->hours_note[0] ? "; " : "", a->hours_note);
	}
	fprintf(out, "    what:      %s\n", a->effect_note);
	fprintf(out, "    bulletin:  %s\n", a->bulletin);
	if (best)
		fprintf(out, "    source:    %s, %s: %s <%s>%s%s%s%s\n", dc_source_kind_name(best->kind),
			dc_adv_claim_name(best->claim), best->title, best->url,
			best->revision[0] ? ", " : "", best->revision, best->where[0] ? ", " : "",
			best->where);
	fprintf(out, "    sources:   %u (--json lists them all)\n", a->nsources);
}

/* The advisories of query i (lookup): advs[i * DC_MAX_ADVISORIES ...], nadv[i] of them. */
void dc_render_advisories_table(FILE *out, const struct dc_advisory *a, unsigned n)
{
	fprintf(out, "%-26s %-8s %-11s %6s %-9s %s\n", "ADVISORY", "VENDOR", "EFFECT", "HOURS",
		"FIXED", "MODELS");
	for (unsigned i = 0; i < n; i++) {
		char hours[16];

		snprintf(hours, sizeof(hours), "%lld", a[i].hours);
		fprintf(out, "%-26s %-8.8s %-11s %6s %-9s ", a[i].id, a[i].vendor,
			dc_adv_effect_name(a[i].effect), a[i].hours > 0 ? hours : "-",
			a[i].fixed[0] ? a[i].fixed : "-");
		print_patterns(out, a[i].models, a[i].nmodels, 3);
		fputc('\n', out);
	}
}

/* ---- end of firmware advisories ---- */

/* One family's answer: the row, its class and what it rests on, its endurance. */
static void print_answer_row(FILE *out, const char *query, const struct dc_lookup_answer *a,
			     bool by_name)
{
	const struct dc_db_row *row = &a->row;
	const struct dc_family_details *d = &a->family;
	const struct dc_db_source *best;

	fprintf(out, "%s: %s %s (%s, %s%s%s)%s\n", query, row->vendor, row->family, row->interface,
		row->drive_class, row->form_factor[0] ? ", " : "", row->form_factor,
		by_name ? " - by its family name" : "");
	if (row->plp_inferred) {
		/* the row's note says what the inference rests on ("inferred: ...") */
		const char *why = row->plp_note;

		if (strncmp(why, "inferred: ", 10) == 0)
			why += 10;
		fprintf(out, "  PLP:       %s (inferred: %s)\n", dc_plp_name(row->plp),
			why[0] ? why : "a client family that no source calls protected and "
			"no list of protected drives names");
	} else if (row->plp == DC_PLP_UNKNOWN) {
		/* in the database, but no source says: not the same as "not in the database" */
		fprintf(out, "  PLP:       unknown: the family is in the database, but no source it "
			"cites states its power-loss protection%s%s%s\n", row->plp_note[0] ? " (" : "",
			row->plp_note, row->plp_note[0] ? ")" : "");
		if (strcmp(row->interface, "nvme") == 0)
			fprintf(out, "             a live drive answers for itself (NVMe VWC bit 0 = 0 "
				"means no volatile write cache): run drivecheck on it\n");
	} else {
		fprintf(out, "  PLP:       %s%s%s\n", dc_plp_name(row->plp),
			row->plp_note[0] ? ": " : "", row->plp_note);
	}
	if (row->dispute[0])
		fprintf(out, "  dispute:   %s\n", row->dispute);
	print_endurance(out, row, d, by_name);
	if (row->warranty_years > 0)
		fprintf(out, "  warranty:  %.0f years\n", row->warranty_years);
	best = dc_db_row_shown_source(row);
	if (row->plp_inferred) {
		/* an inferred class rests on all its grounds together: name each */
		unsigned kept = row->nsources < DC_MAX_SOURCES ? row->nsources : DC_MAX_SOURCES;
		const char *lead = "  rests on:  ";

		for (unsigned k = 0; k < kept; k++) {
			const struct dc_db_source *src = &row->sources[k];

			if (!src->backs_class)
				continue;
			fprintf(out, "%s%s, %s: %s <%s>%s%s\n", lead, dc_source_kind_name(src->kind),
				dc_claim_name(src->claim), src->title, src->url,
				src->revision[0] ? ", " : "", src->revision);
			lead = "             ";
		}
	} else if (best) {
		fprintf(out, "  source:    %s, %s: %s <%s>%s%s%s%s\n", dc_source_kind_name(best->kind),
			dc_claim_name(best->claim), best->title, best->url,
			best->revision[0] ? ", " : "", best->revision,
			best->where[0] ? ", " : "", best->where);
	}
	fprintf(out, "  sources:   %u (--json lists them all)\n", row->nsources);
	if (by_name && d->npatterns > 1) {
		/* a family named: every model it takes, not its first pattern */
		fprintf(out, "  patterns:  ");
		for (unsigned k = 0; k < d->npatterns && k < DC_MAX_FAMILY_PATTERNS; k++)
			fprintf(out, "%s%s", k ? ", " : "", d->patterns[k]);
		if (d->npatterns > DC_MAX_FAMILY_PATTERNS)
			fprintf(out, " and %u more", d->npatterns - DC_MAX_FAMILY_PATTERNS);
		fputc('\n', out);
	} else {
		fprintf(out, "  pattern:   %s%s\n", row->pattern, d->npatterns > 1 ?
			" (the one that matched)" : "");
	}
}

void dc_render_lookup_table(FILE *out, const char *const *queries,
			    const struct dc_lookup_answer *a, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		switch (a[i].kind) {
		case DC_LOOKUP_MODEL:
		case DC_LOOKUP_FAMILY:
			print_answer_row(out, queries[i], &a[i], a[i].kind == DC_LOOKUP_FAMILY);
			break;
		case DC_LOOKUP_SEVERAL:
			fprintf(out, "%s: %u families have that in their name%s:\n", queries[i],
				a[i].candidates_total, a[i].candidates_total > a[i].ncandidates ?
				", the closest" : "");
			for (unsigned k = 0; k < a[i].ncandidates; k++) {
				const struct dc_db_row *c = &a[i].candidates[k];

				fprintf(out, "  %s %s (%s): PLP %s%s\n", c->vendor, c->family, c->interface,
					dc_plp_name(c->plp), c->plp_inferred ? " (inferred)" : "");
			}
			fprintf(out, "  name one of them, or give the model string the drive reports\n");
			break;
		case DC_LOOKUP_NONE:
			fprintf(out, "%s: not in the database: no model pattern or family name matches",
				queries[i]);
			for (unsigned k = 0; k < a[i].nsuggestions; k++)
				fprintf(out, "%s%s", k ? ", " : "; the closest names: ", a[i].suggestions[k]);
			fputc('\n', out);
			break;
		}
		for (unsigned k = 0; k < a[i].nadvisories; k++) /* firmware advisories (issue 22) */
			print_advisory(out, &a[i].advisories[k]);
	}
}
