// SPDX-License-Identifier: GPL-2.0-or-later
/* health.c - what the drive itself says of its health, judged as smartctl does. Pure. */
#include <stdio.h>
#include <string.h>

#include "device/ata/ata_attrs.h"
#include "decide/health.h"
#include "core/model.h"

/*
 * docs/health.md. The drive's own overall verdict (ATA SMART RETURN STATUS, a SCSI
 * informational exception) is believed as it stands. Attributes are checked as
 * smartctl's WHEN_FAILED column checks them: a threshold of 0 never fails, one above
 * 253 is not a threshold, and an attribute the thresholds page does not hold has none;
 * otherwise a normalised value at or below the threshold fails now (0 included: a
 * spent life-left counter reads 0), a worst value at or below it failed in the past.
 */

#define ATTR_FLAG_PREFAIL 0x0001

static struct dc_health_problem *add(struct dc_health *h, enum dc_health_kind kind, bool failing)
{
	struct dc_health_problem *p;

	h->ntotal++;
	if (h->nproblems >= DC_MAX_HEALTH_PROBLEMS) {
		/* keep a failing problem over a warning already kept */
		for (unsigned i = 0; failing && i < h->nproblems; i++)
			if (!h->problems[i].failing) {
				p = &h->problems[i];
				goto fill;
			}
		return NULL;
	}
	p = &h->problems[h->nproblems++];
fill:
	memset(p, 0, sizeof(*p));
	p->kind = kind;
	p->failing = failing;
	return p;
}

/* The meaning drivecheck knows for an attribute of this family, as a name; NULL when it
 * knows none (libatasmart's generic name then stands: names differ by vendor). */
static const char *known_name(const char *norm, uint8_t id)
{
	const struct dc_ata_attr_rule *rule = dc_ata_attr_rule_find(norm, id);

	if (!rule)
		return NULL;
	switch (rule->meaning) {
	case DC_ATTR_PLP_CAP_HEALTH: return "power-loss capacitor health";
	case DC_ATTR_LIFE_LEFT: return "rated life left";
	case DC_ATTR_HOST_WRITES: return "host writes";
	case DC_ATTR_UNSAFE_SHUTDOWNS: return "unsafe shutdowns";
	}
	return NULL;
}

static void judge_attributes(const struct dc_drive *d, struct dc_health *h)
{
	const struct dc_smart *s = &d->smart;
	char norm[DC_TEXT_LEN];

	dc_model_normalize(d->model, norm, sizeof(norm));
	for (unsigned i = 0; i < s->nattrs; i++) {
		const struct dc_ata_attr *a = &s->attrs[i];
		struct dc_health_problem *p;
		bool now, past, prefail = a->flags & ATTR_FLAG_PREFAIL;

		if (!a->threshold_known || a->threshold == 0 || a->threshold > 0xFD)
			continue;
		now = a->value <= a->threshold;
		past = !now && a->worst <= a->threshold;
		if (!now && !past)
			continue;
		/* A pre-failure attribute failing now is the drive predicting its own failure;
		 * an advisory one, or one that failed before, is a warning unless the drive's
		 * own verdict says failing (which is then its own problem). */
		p = add(h, DC_HP_ATTRIBUTE, now && prefail);
		if (!p)
			continue;
		p->id = a->id;
		p->value = a->value;
		p->worst = a->worst;
		p->threshold = a->threshold;
		p->prefail = prefail;
		p->now = now;
		snprintf(p->name, sizeof(p->name), "%s",
			 known_name(norm, a->id) ? known_name(norm, a->id) : a->name);
	}
}

/* NVMe critical warning bits: which fail the drive, which only warn (temperature). */
static void judge_nvme(const struct dc_nvme_health *n, struct dc_health *h)
{
	for (unsigned bit = 0; bit < 8; bit++) {
		struct dc_health_problem *p;

		if (!(n->critical_warning & (1u << bit)))
			continue;
		p = add(h, DC_HP_NVME_WARNING, bit != DC_NVME_CW_TEMPERATURE);
		if (p)
			p->bit = bit;
	}
	if (n->percent_used > 100) {
		struct dc_health_problem *p = add(h, DC_HP_ENDURANCE_EXCEEDED, false);

		if (p)
			p->percent_used = n->percent_used;
	}
}

/* Failing problems first, then warnings, each in the order found. */
static void failing_first(struct dc_health *h)
{
	struct dc_health_problem tmp;

	for (unsigned i = 1; i < h->nproblems; i++)
		for (unsigned j = i; j > 0 && h->problems[j].failing && !h->problems[j - 1].failing; j--) {
			tmp = h->problems[j];
			h->problems[j] = h->problems[j - 1];
			h->problems[j - 1] = tmp;
		}
}

void dc_health_judge(const struct dc_drive *d, struct dc_health *h)
{
	const struct dc_smart *s = &d->smart;
	bool have_verdict = false;

	memset(h, 0, sizeof(*h));
	h->self_assessment = s->self_assessment;
	if (s->self_assessment != DC_SELF_NOT_GIVEN) {
		have_verdict = true;
		snprintf(h->source, sizeof(h->source), "%s", s->self_source);
	}
	if (s->have_scsi_exception && s->scsi_asc) {
		/* 5Dh is a failure prediction (FFh: the drive's test of the mechanism); other
		 * exceptions, such as a temperature warning (0Bh), warn */
		struct dc_health_problem *p = add(h, DC_HP_SCSI_EXCEPTION, s->scsi_asc == 0x5D &&
						  s->scsi_ascq != 0xFF);

		if (p) {
			p->asc = s->scsi_asc;
			p->ascq = s->scsi_ascq;
		}
	} else if (s->self_assessment == DC_SELF_FAILED) {
		add(h, DC_HP_SELF_ASSESSMENT, true);
	}
	if (s->nattrs)
		judge_attributes(d, h);
	if (s->have_nvme_health) {
		/* the log is the NVMe drive's verdict: no bit set is "passed" (smartctl) */
		have_verdict = true;
		h->self_assessment = s->nvme.critical_warning ? DC_SELF_FAILED : DC_SELF_PASSED;
		snprintf(h->source, sizeof(h->source), "nvme smart log");
		judge_nvme(&s->nvme, h);
	}
	failing_first(h);
	if (h->nproblems && h->problems[0].failing)
		h->status = DC_HEALTH_FAILING;
	else if (h->ntotal)
		h->status = DC_HEALTH_WARNING;
	else
		h->status = have_verdict || s->nattrs ? DC_HEALTH_OK : DC_HEALTH_UNKNOWN;
}

/* NVMe base specification, SMART / Health Information log, byte 0. */
static const char *const nvme_bits[8] = {
	[0] = "available spare below threshold",
	[1] = "temperature over or under a threshold",
	[2] = "reliability degraded (media or internal errors)",
	[3] = "media placed in read-only mode",
	[4] = "volatile memory backup device failed",
	[5] = "persistent memory region read-only or unreliable",
};

const char *dc_health_nvme_bit_name(unsigned bit)
{
	return bit < 8 && nvme_bits[bit] ? nvme_bits[bit] : "reserved bit";
}
