// SPDX-License-Identifier: GPL-2.0-or-later
/* words_health.c - the drive's own health problems, and why a drive needs a look first
 * (summary.h's facts), in words: for the table, JSON and the fleet report alike. */
#include <stdint.h>
#include <stdio.h>

#include "decide/health.h"
#include "render/words.h"
#include "fleet/summary.h"

/* SPC-4 / SAT: the informational exceptions a drive reports with ASC 5Dh and 0Bh. */
static const char *scsi_exception(uint8_t asc, uint8_t ascq)
{
	if (asc == 0x5D && ascq == 0xFF)
		return "failure prediction threshold exceeded (false): a test";
	if (asc == 0x5D)
		return "failure prediction threshold exceeded";
	if (asc == 0x0B && ascq == 0x01)
		return "warning: specified temperature exceeded";
	if (asc == 0x0B)
		return "warning";
	return "informational exception";
}

size_t dc_health_problem_text(const struct dc_health_problem *p, const char *source, char *buf,
			      size_t len)
{
	int n = 0;

	switch (p->kind) {
	case DC_HP_SELF_ASSESSMENT:
		n = snprintf(buf, len, "the drive's own health assessment says FAILED (%s)",
			     source && source[0] ? source : "self-assessment");
		break;
	case DC_HP_SCSI_EXCEPTION:
		n = snprintf(buf, len, "the drive reports an informational exception: %s (ASC %02Xh "
			     "ASCQ %02Xh)", scsi_exception(p->asc, p->ascq), p->asc, p->ascq);
		break;
	case DC_HP_ATTRIBUTE:
		n = snprintf(buf, len, "%s attribute %u %s %s its threshold: value %u, worst %u, "
			     "threshold %u", p->prefail ? "pre-failure" : "advisory", p->id,
			     p->name[0] ? p->name : "", p->now ? "is at or below" : "was at or below",
			     p->value, p->worst, p->threshold);
		if (!p->now && n >= 0 && (size_t)n < len)
			n += snprintf(buf + n, len - (size_t)n, " (in the past)");
		break;
	case DC_HP_NVME_WARNING:
		n = snprintf(buf, len, "NVMe critical warning bit %u: %s", p->bit,
			     dc_health_nvme_bit_name(p->bit));
		break;
	case DC_HP_ENDURANCE_EXCEEDED:
		n = snprintf(buf, len, "the drive says %u%% of its rated endurance is used "
			     "(more than 100%%)", p->percent_used);
		break;
	}
	return n < 0 ? 0 : (size_t)n;
}

size_t dc_words_look(const struct dc_look_why *w, char *buf, size_t len)
{
	char text[200] = "";
	int n = 0;

	if (w->have_problem)
		dc_health_problem_text(&w->problem, w->health_source, text, sizeof(text));
	switch (w->look) {
	case DC_LOOK_ADVISORY_FAILS:
	case DC_LOOK_ADVISORY_WARNS:
		n = snprintf(buf, len, "firmware advisory %s: %s%s%s", w->advisory_id,
			     w->advisory_title, w->advisory_fixed[0] ? "; update to " : "",
			     w->advisory_fixed);
		break;
	case DC_LOOK_HEALTH_FAILING:
		n = snprintf(buf, len, "the drive says it is failing: %s", text);
		break;
	case DC_LOOK_HEALTH_WARNING:
		n = snprintf(buf, len, "the drive reports: %s", text);
		break;
	case DC_LOOK_PLP_FAILED:
		n = snprintf(buf, len, "power-loss protection failed (the drive says so)");
		break;
	case DC_LOOK_WORN:
		n = snprintf(buf, len, "%u%% of rated endurance used", w->percent_used);
		break;
	case DC_LOOK_YEARS_LEFT:
		n = snprintf(buf, len, "%s may run out within %.1f years at its write rate",
			     w->years_basis == DC_YEARS_OBSERVED ? "endurance that drives of its "
			     "family showed" : "rated endurance",
			     w->years_left); /* under a year: tenths */
		break;
	case DC_LOOK_PLP_DEGRADED:
		n = snprintf(buf, len, "power-loss protection degraded or not judged");
		break;
	case DC_LOOK_NONE:
		if (len)
			buf[0] = '\0';
		break;
	}
	return n < 0 ? 0 : (size_t)n;
}
