// SPDX-License-Identifier: GPL-2.0-or-later
/* words_ceph.c - a drive of Ceph's store in words: its wear history, and what the drive
 * under a daemon is worth (words.h). */
#include <stdio.h>
#include <string.h>

#include "core/drive.h"
#include "decide/check.h"
#include "render/words.h"
#include "thresholds.h"

size_t dc_words_ceph_history(const struct dc_wear_history *h, char *buf, size_t len)
{
	int n;

	if (h->readings < 2)
		return (size_t)snprintf(buf, len, "one reading: no rate");
	if (!h->have_wear)
		n = snprintf(buf, len, "%u readings over %.1f days; no percentage used to draw a "
			     "wear rate from", h->readings, h->span_days);
	else if (!h->have_wear_rate)
		n = snprintf(buf, len, "%u readings over %.1f days; wear %u%% to %u%% in %.1f days: "
			     "no wear rate under %u points over %.0f days (a whole percentage "
			     "is a point off either way)", h->readings, h->span_days, h->wear_first,
			     h->wear_last, h->wear_span_days, DC_HISTORY_MIN_POINTS,
			     DC_HISTORY_MIN_DAYS);
	else
		n = snprintf(buf, len, "%u readings over %.1f days; wear %u%% to %u%% in %.1f days, "
			     "at most %.2f points a year (each reading a point off either way)",
			     h->readings, h->span_days, h->wear_first, h->wear_last,
			     h->wear_span_days, h->wear_percent_per_year);
	return n < 0 ? 0 : (size_t)n;
}

/* Appends "; " and the text. */
static void add(char *buf, size_t len, size_t *at, const char *fmt, const char *a, double x)
{
	int n;

	if (*at >= len)
		return;
	n = snprintf(buf + *at, len - *at, "%s", *at ? "; " : "");
	*at += n > 0 ? (size_t)n : 0;
	if (*at >= len)
		return;
	n = snprintf(buf + *at, len - *at, fmt, a, x);
	*at += n > 0 ? (size_t)n : 0;
}

size_t dc_words_ceph_worth(const struct dc_check *r, char *buf, size_t len)
{
	const struct dc_result *res = &r->result;
	const struct dc_wear *w = &r->drive.wear;
	size_t at = 0;

	buf[0] = '\0';
	if (r->error)
		return (size_t)snprintf(buf, len, "not judged: %s", r->error_msg);
	if (res->health.status == DC_HEALTH_FAILING)
		add(buf, len, &at, "%sthe drive says it is failing", "", 0);
	else if (res->health.status == DC_HEALTH_WARNING)
		add(buf, len, &at, "%sits health warns", "", 0);
	if (res->plp == DC_PLP_NONE)
		add(buf, len, &at, "%sno power-loss protection", "", 0);
	else if (res->plp == DC_PLP_UNKNOWN)
		add(buf, len, &at, "%spower-loss protection unknown", "", 0);
	else if (res->plp == DC_PLP_DATA_AT_REST)
		add(buf, len, &at, "%spower-loss protection of data at rest only", "", 0);
	for (unsigned i = 0; i < r->nadvisories; i++)
		add(buf, len, &at, "firmware advisory %s", r->advisories[i].id, 0);
	if (w->have_percent_used && w->percent_used >= DC_WEAR_WARN_PERCENT)
		add(buf, len, &at, "%s%.0f%% of its rated endurance used", "", w->percent_used);
	if (res->endurance_years_left >= 0 && res->endurance_years_left < DC_YEARS_LEFT_WARN)
		add(buf, len, &at, "%srated endurance spent in %.2f years at its write rate", "",
		    res->endurance_years_left);
	if (!at)
		snprintf(buf, len, "nothing against it%s",
			 res->flush_speed == DC_FLUSH_NOT_MEASURED ? " but the flush cost, not timed "
			 "here (an import)" : "");
	return strlen(buf);
}
