// SPDX-License-Identifier: GPL-2.0-or-later
/* words_evidence.c - the evidence of the PLP conclusion: the drive's own, then decide's. */
#include <stdio.h>
#include <string.h>

#include "lookup/db_row.h"
#include "core/names.h"
#include "render/words.h"

unsigned dc_words_evidence_count(const struct dc_facts *f, const struct dc_result *r)
{
	return f->drive->nevidence + r->nfindings;
}

static void set(struct dc_words_evidence *ev, enum dc_ev_kind kind, const char *source,
		const char *what)
{
	ev->kind = kind;
	snprintf(ev->source, sizeof(ev->source), "%s", source);
	snprintf(ev->what, sizeof(ev->what), "%s", what);
}

/* The kind of evidence a row's class is. */
static enum dc_ev_kind class_kind(enum dc_plp_class plp)
{
	switch (plp) {
	case DC_PLP_FULL: return DC_EV_PLP;
	case DC_PLP_NONE:
	case DC_PLP_DATA_AT_REST: return DC_EV_AGAINST;
	case DC_PLP_UNKNOWN:
	case DC_PLP_AT_LEAST_DATA_AT_REST: break;
	}
	return DC_EV_INFO;
}

static const char *const durable_p50 = "durable 4 KiB write p50";

static void finding_evidence(const struct dc_facts *f, const struct dc_finding *x,
			     struct dc_words_evidence *ev)
{
	const struct dc_db_row *row = f->row;
	const struct dc_db_source *s = dc_db_row_backing_source(row);
	const double *n = x->n;
	int ref = dc_words_ref(x, DC_REF_EVIDENCE);
	char *v = ev->value;
	size_t vl = sizeof(ev->value);

	switch (x->code) {
	case DC_FND_EV_DB_NO_ROW:
		set(ev, DC_EV_INFO, "database", "model");
		snprintf(v, vl, "no row for '%s'", f->drive->model);
		return;
	case DC_FND_EV_DB_NO_MODEL:
		set(ev, DC_EV_INFO, "database", "model");
		snprintf(v, vl, "the drive gave no model string");
		return;
	case DC_FND_EV_DB_CLASS:
		set(ev, class_kind(row->plp), "database", "PLP class");
		snprintf(v, vl, "%s%s: %s %s (pattern %s)", dc_plp_name(row->plp),
			 row->plp_inferred ? " (inferred)" : "", row->vendor, row->family, row->pattern);
		return;
	case DC_FND_EV_DB_SOURCE:
		set(ev, DC_EV_INFO, "database", "strongest source");
		/* the title shortened on purpose (the row has it whole), the address never */
		snprintf(v, vl, "%s, of %u: %.70s <%s>",
			 dc_source_kind_name(s ? s->kind : DC_SRC_NONE), row->nsources,
			 s ? s->title : "", s ? s->url : "");
		return;
	case DC_FND_EV_PLP_FAILED:
		set(ev, DC_EV_PLP_FAILED, "drivecheck", "finding");
		snprintf(v, vl, "the drive reports its power-loss protection has failed");
		return;
	case DC_FND_EV_DEVICE_PLP_VS_DB:
	case DC_FND_EV_NO_VWC_VS_DB:
		set(ev, DC_EV_INFO, "drivecheck", "contradiction");
		snprintf(v, vl, "the drive %s, the database says '%s'",
			 x->code == DC_FND_EV_DEVICE_PLP_VS_DB ? "shows PLP evidence"
			 : "declares no volatile cache", dc_plp_name(row->plp));
		return;
	case DC_FND_EV_PLP_DEGRADED:
		set(ev, DC_EV_PLP_DEGRADED, "drivecheck", "finding");
		snprintf(v, vl, "the drive's power-loss protection is degraded or cannot be judged "
			 "(%s)", ref >= 0 && (unsigned)ref < f->drive->nevidence
			 ? f->drive->evidence[ref].value : "");
		return;
	case DC_FND_EV_MODES_DISAGREE:
		set(ev, DC_EV_INFO, "drivecheck", "finding");
		snprintf(v, vl, "FUA and flush disagree: RWF_DSYNC p50 %.0f us, write + fdatasync "
			 "p50 %.0f us", n[0], n[1]);
		return;
	case DC_FND_EV_PROBE_UNTIMED:
		set(ev, DC_EV_INFO, "probe", durable_p50);
		snprintf(v, vl, "%.0f us, but the kernel is in 'write through' mode and sent no "
			 "flush: this says nothing about the drive's flush", n[0]);
		return;
	case DC_FND_EV_PROBE_FAST:
		set(ev, DC_EV_HINT, "probe", durable_p50);
		snprintf(v, vl, "%.0f us: consistent with PLP (speed alone does not prove it)", n[0]);
		return;
	case DC_FND_EV_FAST_WITHOUT_PLP:
		set(ev, DC_EV_INFO, "drivecheck", "contradiction");
		snprintf(v, vl, "fast flushes on a drive without PLP: is a flush reaching the drive "
			 "(RAID controller, virtual disk)?");
		return;
	case DC_FND_EV_PROBE_SLOW:
		set(ev, DC_EV_AGAINST, "probe", durable_p50);
		snprintf(v, vl, "%.0f us: each flush waits for the media (>= %.0f us)", n[0], n[1]);
		return;
	case DC_FND_EV_SLOW_WITH_PLP:
		set(ev, DC_EV_AGAINST, "drivecheck", "contradiction");
		snprintf(v, vl, "PLP drive whose flushes cost %.0f us: firmware that flushes its "
			 "protected cache anyway (try it with the cache off), failed capacitors, or a "
			 "controller in between", n[0]);
		return;
	case DC_FND_EV_NO_VWC_SLOW:
		set(ev, DC_EV_INFO, "drivecheck", "finding");
		snprintf(v, vl, "no volatile cache and slow writes: each write goes to the media");
		return;
	case DC_FND_EV_PROBE_MIDDLING:
		set(ev, DC_EV_INFO, "probe", durable_p50);
		snprintf(v, vl, "%.0f us: between fast (%.0f) and slow (%.0f)", n[0], n[1], n[2]);
		return;
	default:
		set(ev, DC_EV_INFO, "drivecheck", "finding");
		snprintf(v, vl, "(finding %d)", (int)x->code);
		return;
	}
}

void dc_words_evidence(const struct dc_facts *f, const struct dc_result *r, unsigned i,
		       struct dc_words_evidence *ev)
{
	memset(ev, 0, sizeof(*ev));
	if (i < f->drive->nevidence) {
		const struct dc_evidence *d = &f->drive->evidence[i];

		ev->kind = d->kind;
		snprintf(ev->source, sizeof(ev->source), "%s", d->source);
		snprintf(ev->what, sizeof(ev->what), "%s", d->what);
		snprintf(ev->value, sizeof(ev->value), "%s", d->value);
	} else if (i - f->drive->nevidence < r->nfindings)
		finding_evidence(f, &r->findings[i - f->drive->nevidence], ev);
}
