// SPDX-License-Identifier: GPL-2.0-or-later
/* render_summary.c - the summary under a table of many drives (import, report): per role how
 * many pass, warn and fail, the drives' own health, the PLP classes, what the database does
 * not know, and the drives to look at first. Its JSON is render_json_doc.c's. */
#include <stdbool.h>
#include <stdio.h>

#include "core/names.h"
#include "fleet/summary.h"
#include "render/render.h"
#include "render/words.h"

static bool unmeasured_any(const struct dc_summary *s)
{
	for (unsigned role = 0; role < DC_ROLE_COUNT; role++)
		if (s->unmeasured[role])
			return true;
	return false;
}

void dc_render_summary_table(FILE *out, const struct dc_summary *s, bool fleet, unsigned nhosts)
{
	fprintf(out, "\nSummary: %u drives", s->drives);
	if (fleet)
		fprintf(out, " on %u host%s", nhosts, nhosts == 1 ? "" : "s");
	if (s->unreadable)
		fprintf(out, ", %u files or drives not read", s->unreadable);
	if (s->files_skipped)
		fprintf(out, ", %u files skipped (not reports)", s->files_skipped);
	fputc('\n', out);
	/* known firmware defects first: drives bought together fail together */
	if (s->advisory_drives) {
		fprintf(out, "  FIRMWARE ADVISORIES hit %u drive%s%s\n", s->advisory_drives,
			s->advisory_drives == 1 ? "" : "s",
			s->advisory_ids > s->nadvisories ? ", the most common:" : ":");
		for (unsigned i = 0; i < s->nadvisories; i++)
			fprintf(out, "    %5u  %s\n", s->advisories[i].drives, s->advisories[i].name);
	}
	/* "unmeasured": of the warns, the drives that warn only because their flush cost or
	 * their health was never measured or read (docs/design.md) */
	fprintf(out, "  %-10s %6s %6s %6s %12s %11s\n", "role", "pass", "warn", "fail", "not checked",
		"unmeasured");
	for (unsigned role = 0; role < DC_ROLE_COUNT; role++)
		fprintf(out, "  %-10s %6u %6u %6u %12u %11u\n", dc_role_cli_name((enum dc_role)role),
			s->roles[role][DC_PASS], s->roles[role][DC_WARN], s->roles[role][DC_FAIL],
			s->roles[role][DC_NOT_CHECKED], s->unmeasured[role]);
	if (unmeasured_any(s))
		fprintf(out, "  (unmeasured: warn only because the flush cost or the health was not "
			"measured or read; a probe on the host, or an imported fio run, tells)\n");
	fprintf(out, "  health (the drives' own verdict): failing %u, warning %u, ok %u, unknown %u\n",
		s->health[DC_HEALTH_FAILING], s->health[DC_HEALTH_WARNING], s->health[DC_HEALTH_OK],
		s->health[DC_HEALTH_UNKNOWN]);
	fprintf(out, "  PLP: full %u, data-at-rest %u, at-least-data-at-rest %u, none %u, unknown %u\n",
		s->plp[DC_PLP_FULL], s->plp[DC_PLP_DATA_AT_REST], s->plp[DC_PLP_AT_LEAST_DATA_AT_REST],
		s->plp[DC_PLP_NONE], s->plp[DC_PLP_UNKNOWN]);
	if (s->not_in_db_models) {
		fprintf(out, "  Not in the drive database: %u models (%u drives)%s\n", s->not_in_db_models,
			s->not_in_db_drives, s->not_in_db_models > s->nnot_in_db ? ", the most common:" : ":");
		for (unsigned i = 0; i < s->nnot_in_db; i++)
			fprintf(out, "    %5u  %s\n", s->not_in_db[i].drives, s->not_in_db[i].name);
	}
	if (s->class_unknown_families) {
		fprintf(out, "  In the database, PLP class unknown: %u families (%u drives)%s\n",
			s->class_unknown_families, s->class_unknown_drives,
			s->class_unknown_families > s->nclass_unknown ? ", the most common:" : ":");
		for (unsigned i = 0; i < s->nclass_unknown; i++)
			fprintf(out, "    %5u  %s\n", s->class_unknown[i].drives, s->class_unknown[i].name);
	}
	if (s->attention_total) {
		fprintf(out, "  Look at these first: %u drives%s\n", s->attention_total,
			s->attention_total > s->nattention ? ", the first:" : ":");
		for (unsigned i = 0; i < s->nattention; i++) {
			const struct dc_summary_drive *d = &s->attention[i];
			char why[DC_WORDS_LEN];

			dc_words_look(&d->why, why, sizeof(why));
			fprintf(out, "    %s%s%s (%s): %s\n", fleet ? d->host : "", fleet ? ":" : "",
				d->device, d->model[0] ? d->model : "?", why);
		}
	}
}
