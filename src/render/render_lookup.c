// SPDX-License-Identifier: GPL-2.0-or-later
/* render_lookup.c - what `drivecheck lookup` prints: a family's row, advisories, the answers. */
#include <stdio.h>
#include <string.h>

#include "lookup/db_row.h"
#include "core/names.h"
#include "render/render.h"

void dc_render_db_row(FILE *out, const struct dc_db_row *row, bool header)
{
	const struct dc_db_source *best = dc_db_row_shown_source(row);
	char dwpd[16] = "-"; /* unknown is not 0 */

	if (row->dwpd > 0)
		snprintf(dwpd, sizeof(dwpd), "%.3g", row->dwpd);
	if (header)
		fprintf(out, "%-16s %-28s %-5s %-11s %-13s %-11s %3s %6s  %s\n", "VENDOR", "FAMILY",
			"IFACE", "CLASS", "PLP", "SOURCE", "N", "DWPD", "PATTERN");
	fprintf(out, "%-16.16s %-28.28s %-5s %-11s %-13s %-11s %3u %6s  %s\n", row->vendor,
		row->family, row->interface, row->drive_class,
		row->plp_inferred ? "none (inf.)" : dc_plp_short_name(row->plp),
		dc_source_kind_name(best ? best->kind : DC_SRC_NONE), row->nsources, dwpd,
		row->pattern);
}

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
static void print_answer_row(FILE *out, const char *query, const struct dc_db_row *row,
			     bool by_name)
{
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
	if (row->dwpd > 0)
		fprintf(out, "  DWPD:      %.2g\n", row->dwpd);
	if (row->tbw_tb > 0)
		fprintf(out, "  TBW:       %.0f TB\n", row->tbw_tb);
	if (row->dwpd <= 0 && row->tbw_tb <= 0)
		fprintf(out, "  endurance: unknown (no source gives DWPD or TBW%s)\n",
			by_name ? " for the family; a model string may have a TBW" : "");
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
	fprintf(out, "  sources:   %u (--json lists them all)\n  pattern:   %s\n",
		row->nsources, row->pattern);
}

void dc_render_lookup_table(FILE *out, const char *const *queries,
			    const struct dc_lookup_answer *a, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		switch (a[i].kind) {
		case DC_LOOKUP_MODEL:
		case DC_LOOKUP_FAMILY:
			print_answer_row(out, queries[i], &a[i].row, a[i].kind == DC_LOOKUP_FAMILY);
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
