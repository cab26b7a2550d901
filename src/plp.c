// SPDX-License-Identifier: GPL-2.0-or-later
/* plp.c - the PLP conclusion: class, confidence and the evidence behind it. Pure. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "db.h"
#include "decide.h"
#include "names.h"
#include "thresholds.h"

static void add_ev(struct dc_result *r, enum dc_ev_kind kind, const char *source,
		   const char *what, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static void add_ev(struct dc_result *r, enum dc_ev_kind kind, const char *source,
		   const char *what, const char *fmt, ...)
{
	struct dc_evidence *ev;
	va_list ap;

	if (r->nevidence >= DC_MAX_EVIDENCE)
		return;
	ev = &r->evidence[r->nevidence++];
	ev->kind = kind;
	snprintf(ev->source, sizeof(ev->source), "%s", source);
	snprintf(ev->what, sizeof(ev->what), "%s", what);
	va_start(ap, fmt);
	vsnprintf(ev->value, sizeof(ev->value), fmt, ap);
	va_end(ap);
}

void dc_flush_bounds(enum dc_transport transport, double *fast_us, double *slow_us)
{
	if (transport == DC_TRAN_NVME) {
		*fast_us = DC_NVME_FLUSH_FAST_US;
		*slow_us = DC_NVME_FLUSH_SLOW_US;
	} else if (transport == DC_TRAN_SATA || transport == DC_TRAN_SAS) {
		*fast_us = DC_SATA_FLUSH_FAST_US;
		*slow_us = DC_SATA_FLUSH_SLOW_US;
	} else {
		*fast_us = DC_OTHER_FLUSH_FAST_US;
		*slow_us = DC_OTHER_FLUSH_SLOW_US;
	}
}

static bool has_kind(const struct dc_drive *d, enum dc_ev_kind kind)
{
	for (unsigned i = 0; i < d->nevidence; i++)
		if (d->evidence[i].kind == kind)
			return true;
	return false;
}

static void add_db_evidence(const struct dc_dbinfo *db, const char *model, struct dc_result *r)
{
	static const enum dc_ev_kind kind_of[] = {
		[DC_PLP_UNKNOWN] = DC_EV_INFO, [DC_PLP_NONE] = DC_EV_AGAINST,
		[DC_PLP_DATA_AT_REST] = DC_EV_AGAINST, [DC_PLP_FULL] = DC_EV_PLP,
	};

	if (!db->matched) {
		if (model[0])
			add_ev(r, DC_EV_INFO, "database", "model", "no row for '%s'", model);
		else
			add_ev(r, DC_EV_INFO, "database", "model", "the drive gave no model string");
		return;
	}
	add_ev(r, kind_of[db->plp], "database", "PLP class",
	       "%s: %s %s (pattern %s)", dc_plp_name(db->plp), db->vendor, db->family, db->pattern);
	add_ev(r, DC_EV_INFO, "database", "source", "%.60s <%.60s>", db->source_title,
	       db->source_url);
}

void dc_decide_plp(const struct dc_facts *f, struct dc_result *r)
{
	const struct dc_drive *d = f->drive;
	const struct dc_probe *p = f->probe;
	bool failed = has_kind(d, DC_EV_PLP_FAILED);
	bool device_plp = has_kind(d, DC_EV_PLP);
	bool probed = p && p->mode != DC_PROBE_NOT_RUN && p->sync.count > 0;
	bool fast = false, slow = false;
	double fast_us, slow_us;

	r->plp = DC_PLP_UNKNOWN;
	snprintf(r->confidence, sizeof(r->confidence), "low");
	for (unsigned i = 0; i < d->nevidence && r->nevidence < DC_MAX_EVIDENCE; i++)
		r->evidence[r->nevidence++] = d->evidence[i];
	add_db_evidence(f->db, d->model[0] ? d->model : f->dev->model, r);

	dc_flush_bounds(f->dev->transport, &fast_us, &slow_us);
	if (probed && f->dev->kernel_cache == DC_KCACHE_WRITE_THROUGH) {
		/* The kernel sends no flush in write-through mode: the probe timed none. */
		add_ev(r, DC_EV_INFO, "probe", "flushed 4 KiB write p50",
		       "%.0f us, but the kernel is in 'write through' mode and sent no flush: "
		       "this says nothing about the drive's flush", p->sync.p50_us);
		probed = false;
	}
	if (probed) {
		fast = p->sync.p50_us <= fast_us;
		slow = p->sync.p50_us >= slow_us;
		if (fast)
			add_ev(r, DC_EV_HINT, "probe", "flushed 4 KiB write p50",
			       "%.0f us: consistent with PLP (speed alone does not prove it)",
			       p->sync.p50_us);
		else if (slow)
			add_ev(r, DC_EV_AGAINST, "probe", "flushed 4 KiB write p50",
			       "%.0f us: each flush waits for the media (>= %.0f us)", p->sync.p50_us,
			       slow_us);
		else
			add_ev(r, DC_EV_INFO, "probe", "flushed 4 KiB write p50",
			       "%.0f us: between fast (%.0f) and slow (%.0f)", p->sync.p50_us,
			       fast_us, slow_us);
	}

	if (failed) {
		/* Whatever the datasheet says, the protection is not working now. */
		r->plp = DC_PLP_NONE;
		snprintf(r->confidence, sizeof(r->confidence), "high");
		add_ev(r, DC_EV_PLP_FAILED, "drivecheck", "finding",
		       "the drive reports its power-loss protection has failed");
		return;
	}
	if (device_plp || f->db->plp == DC_PLP_FULL) {
		r->plp = DC_PLP_FULL;
		snprintf(r->confidence, sizeof(r->confidence), "%s", device_plp ? "high" : "medium");
		if (f->db->matched && f->db->plp != DC_PLP_FULL && f->db->plp != DC_PLP_UNKNOWN)
			add_ev(r, DC_EV_INFO, "drivecheck", "contradiction",
			       "the drive shows PLP evidence, the database says '%s'",
			       dc_plp_name(f->db->plp));
		if (slow && d->cache_enabled != DC_TRI_NO) {
			snprintf(r->confidence, sizeof(r->confidence), "low");
			add_ev(r, DC_EV_AGAINST, "drivecheck", "contradiction",
			       "PLP drive whose flushes cost %.0f us: firmware, failed capacitors, "
			       "or a controller in between", p->sync.p50_us);
		}
		return;
	}
	if (f->db->plp == DC_PLP_DATA_AT_REST || f->db->plp == DC_PLP_NONE) {
		r->plp = f->db->plp;
		snprintf(r->confidence, sizeof(r->confidence), "medium");
		if (fast && d->cache_enabled != DC_TRI_NO)
			add_ev(r, DC_EV_INFO, "drivecheck", "contradiction",
			       "fast flushes on a drive without PLP: is a flush reaching the drive "
			       "(RAID controller, virtual disk)?");
		return;
	}
	if (d->cache_present == DC_TRI_NO && slow)
		add_ev(r, DC_EV_INFO, "drivecheck", "contradiction",
		       "the drive says it has no volatile cache, yet its writes with flush are slow");
	/* Unknown stays unknown: a fast probe is a hint, never a class. */
}

void dc_decide(const struct dc_facts *f, struct dc_result *r)
{
	memset(r, 0, sizeof(*r));
	dc_decide_plp(f, r);
	dc_decide_verdicts(f, r);
}
