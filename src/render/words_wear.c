// SPDX-License-Identifier: GPL-2.0-or-later
/* words_wear.c - the wear figures in words: which counter each came from, two that do not agree. */
#include <inttypes.h>
#include <stdio.h>

#include "render/words.h"
#include "core/drive.h"

static const char *const keys[DC_WEAR_NFIGURES] = {
	[DC_WEAR_PERCENT_USED] = "percent_used",
	[DC_WEAR_WRITTEN] = "host_written_bytes",
	[DC_WEAR_POWER_ON] = "power_on_hours",
	[DC_WEAR_UNSAFE_SHUTDOWNS] = "unsafe_shutdowns",
	[DC_WEAR_MEDIA_ERRORS] = "media_errors",
};

static const char *const figure_words[DC_WEAR_NFIGURES] = {
	[DC_WEAR_PERCENT_USED] = "percentage used",
	[DC_WEAR_WRITTEN] = "bytes written",
	[DC_WEAR_POWER_ON] = "power-on hours",
	[DC_WEAR_UNSAFE_SHUTDOWNS] = "unsafe shutdowns",
	[DC_WEAR_MEDIA_ERRORS] = "media errors",
};

const char *dc_words_wear_key(unsigned figure)
{
	return figure < DC_WEAR_NFIGURES ? keys[figure] : "?";
}

size_t dc_words_wear_from(const struct dc_wear_source *s, char *buf, size_t len)
{
	switch (s->from) {
	case DC_WEAR_FROM_ATA_DEVSTAT:
		return (size_t)snprintf(buf, len, "ata device statistics");
	case DC_WEAR_FROM_ATA_ATTR:
		return (size_t)snprintf(buf, len, "ata attribute %u", s->num);
	case DC_WEAR_FROM_NVME_SMART:
		return (size_t)snprintf(buf, len, "nvme smart log");
	case DC_WEAR_FROM_SCSI_LOG:
		return (size_t)snprintf(buf, len, "scsi log page 0x%02x", s->num);
	case DC_WEAR_FROM_SCSI_ERROR_LOGS:
		return (size_t)snprintf(buf, len, "scsi error counter log pages 0x02, 0x03");
	default:
		return (size_t)snprintf(buf, len, "%s", "");
	}
}

static bool same_source(const struct dc_wear_source *a, const struct dc_wear_source *b)
{
	return a->from == b->from && a->num == b->num;
}

/*
 * The counter most figures came from (the first such, between equals), then each figure
 * that came from another: "ata device statistics; bytes written: ata attribute 246;
 * unsafe shutdowns: ata attribute 174".
 */
size_t dc_words_wear_sources(const struct dc_wear *w, char *buf, size_t len)
{
	unsigned best = DC_WEAR_NFIGURES, best_n = 0;
	size_t at;
	char one[64];

	for (unsigned i = 0; i < DC_WEAR_NFIGURES; i++) {
		unsigned n = 0;

		if (w->from[i].from == DC_WEAR_FROM_NONE)
			continue;
		for (unsigned j = 0; j < DC_WEAR_NFIGURES; j++)
			n += same_source(&w->from[i], &w->from[j]);
		if (n > best_n) {
			best = i;
			best_n = n;
		}
	}
	if (len)
		buf[0] = '\0';
	if (best == DC_WEAR_NFIGURES)
		return 0;
	dc_words_wear_from(&w->from[best], one, sizeof(one));
	at = (size_t)snprintf(buf, len, "%s", one);
	for (unsigned i = 0; i < DC_WEAR_NFIGURES; i++) {
		if (w->from[i].from == DC_WEAR_FROM_NONE || same_source(&w->from[i], &w->from[best]))
			continue;
		dc_words_wear_from(&w->from[i], one, sizeof(one));
		at += (size_t)snprintf(buf + (at < len ? at : len), at < len ? len - at : 0,
				       "; %s: %s", figure_words[i], one);
	}
	return at;
}

const char *dc_words_counters_check(unsigned check)
{
	return check == DC_COUNTERS_WRAPPED ? "wrapped" : check == DC_COUNTERS_DISAGREE ?
	       "disagree" : "?";
}

static void value_words(unsigned figure, uint64_t v, char *buf, size_t len)
{
	if (figure == DC_WEAR_WRITTEN)
		dc_words_decimal_size(v, buf, len);
	else
		snprintf(buf, len, "%" PRIu64, v);
}

/*
 * Two counters of one figure, which one is used and why:
 * "bytes written: ata device statistics says 520 GB and ata attribute 246 says 117 TB: ata
 * device statistics went round 2^32 of its units 53 times (it keeps 32 bits); ata
 * attribute 246 is used".
 */
size_t dc_words_wear_counters(const struct dc_wear_counters *c, char *buf, size_t len)
{
	char src[2][64], val[2][32];
	unsigned used = c->used ? 1 : 0, other = 1 - used;
	const char *fig = c->figure < DC_WEAR_NFIGURES ? figure_words[c->figure] : "?";

	for (unsigned i = 0; i < 2; i++) {
		dc_words_wear_from(&c->src[i], src[i], sizeof(src[i]));
		value_words(c->figure, c->value[i], val[i], sizeof(val[i]));
	}
	if (c->check == DC_COUNTERS_WRAPPED)
		return (size_t)snprintf(buf, len, "%s: %s says %s and %s says %s: %s went round 2^32 of "
					"its units %" PRIu32 " time%s (it keeps 32 bits); %s is used",
					fig, src[0], val[0], src[1], val[1], src[other], c->wraps,
					c->wraps == 1 ? "" : "s", src[used]);
	if (c->figure == DC_WEAR_POWER_ON && used == 1 && c->value[0] == 0)
		return (size_t)snprintf(buf, len, "%s: %s says %s and %s says %s: %s has not started "
					"counting; %s is used", fig, src[0], val[0], src[1],
					val[1], src[0], src[1]);
	return (size_t)snprintf(buf, len, "%s: %s says %s and %s says %s: they disagree%s; %s%s "
				"is used", fig, src[0], val[0], src[1], val[1],
				c->figure == DC_WEAR_POWER_ON ? " by more than a tenth" :
				", and not by whole wraps at 32 bits", src[used],
				used == 0 ? ", the standard counter," : "");
}

/*
 * 47535068736000 -> "47.5 TB": bytes written, in powers of 1000 as smartctl prints them
 * ("Data Units Written: 92,842,400 [47.5 TB]") and as every TBW rating counts, with the
 * unit spelt out so that it is not read as lsblk's powers of 1024. Three significant
 * digits, cut rather than rounded, as smartctl does: its figure and this one agree.
 */
const char *dc_words_decimal_size(uint64_t bytes, char *buf, size_t len)
{
	static const char *const units[] = { "B", "kB", "MB", "GB", "TB", "PB", "EB" };
	uint64_t unit = 1;
	unsigned u = 0, whole;

	while (u + 1 < sizeof(units) / sizeof(units[0]) && bytes / 1000 >= unit) {
		unit *= 1000;
		u++;
	}
	whole = (unsigned)(bytes / unit % 1000); /* below 1000 (2^64 bytes are 18.4 EB) */
	if (u == 0 || whole >= 100)
		snprintf(buf, len, "%u %s", whole, units[u]);
	else if (whole >= 10)
		snprintf(buf, len, "%u.%u %s", whole, (unsigned)(bytes % unit / (unit / 10)),
			 units[u]);
	else
		snprintf(buf, len, "%u.%02u %s", whole, (unsigned)(bytes % unit / (unit / 100)),
			 units[u]);
	return buf;
}
