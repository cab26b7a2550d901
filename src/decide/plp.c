// SPDX-License-Identifier: GPL-2.0-or-later
/* plp.c - S and U, and the PLP class a person scans: from the drive's word and the database. Pure. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "decide/decide.h"
#include "names.h"

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

static void set_prop(struct dc_property *p, enum dc_tri value, enum dc_source_kind kind,
		     const char *source, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static void set_prop(struct dc_property *p, enum dc_tri value, enum dc_source_kind kind,
		     const char *source, const char *fmt, ...)
{
	va_list ap;

	p->value = value;
	p->kind = kind;
	snprintf(p->source, sizeof(p->source), "%s", source);
	va_start(ap, fmt);
	vsnprintf(p->basis, sizeof(p->basis), fmt, ap);
	va_end(ap);
}

static const struct dc_evidence *first_of(const struct dc_drive *d, enum dc_ev_kind kind)
{
	for (unsigned i = 0; i < d->nevidence; i++)
		if (d->evidence[i].kind == kind)
			return &d->evidence[i];
	return NULL;
}

static const struct dc_db_source *best_source(const struct dc_dbinfo *db)
{
	return db->best_source >= 0 && (unsigned)db->best_source < DC_MAX_SOURCES &&
	       (unsigned)db->best_source < db->nsources ? &db->sources[db->best_source] : NULL;
}

static enum dc_source_kind db_kind(const struct dc_dbinfo *db)
{
	const struct dc_db_source *s = best_source(db);

	return s ? s->kind : DC_SRC_NONE;
}

static void add_db_evidence(const struct dc_dbinfo *db, const char *model, struct dc_result *r)
{
	static const enum dc_ev_kind kind_of[] = {
		[DC_PLP_UNKNOWN] = DC_EV_INFO, [DC_PLP_NONE] = DC_EV_AGAINST,
		[DC_PLP_DATA_AT_REST] = DC_EV_AGAINST, [DC_PLP_AT_LEAST_DATA_AT_REST] = DC_EV_INFO,
		[DC_PLP_FULL] = DC_EV_PLP,
	};
	const struct dc_db_source *s = best_source(db);

	if (!db->matched) {
		if (model[0])
			add_ev(r, DC_EV_INFO, "database", "model", "no row for '%s'", model);
		else
			add_ev(r, DC_EV_INFO, "database", "model", "the drive gave no model string");
		return;
	}
	add_ev(r, kind_of[db->plp], "database", "PLP class", "%s%s: %s %s (pattern %s)",
	       dc_plp_name(db->plp), db->plp_inferred ? " (inferred)" : "", db->vendor,
	       db->family, db->pattern);
	if (s)
		add_ev(r, DC_EV_INFO, "database", "strongest source",
		       "%s, of %u: %.70s <%.80s>", dc_source_kind_name(s->kind), db->nsources,
		       s->title, s->url);
}

/* The database's word, as S and U. */
static void db_properties(const struct dc_dbinfo *db, struct dc_result *r)
{
	const struct dc_db_source *s = best_source(db);
	enum dc_source_kind k = db_kind(db);
	char src[64];

	snprintf(src, sizeof(src), "database (%s)", dc_source_kind_name(k));
	switch (db->plp) {
	case DC_PLP_FULL:
		set_prop(&r->unflushed_survive, DC_TRI_YES, k, src, "%s %s: full PLP (%.80s)",
			 db->vendor, db->family, s ? s->title : "");
		r->flushed_survive = r->unflushed_survive;
		break;
	case DC_PLP_DATA_AT_REST:
		set_prop(&r->flushed_survive, DC_TRI_YES, k, src,
			 "%s %s: data at rest is protected (%.80s)", db->vendor, db->family,
			 s ? s->title : "");
		set_prop(&r->unflushed_survive, DC_TRI_NO, k, src,
			 "%s %s: the volatile cache is not protected", db->vendor, db->family);
		break;
	case DC_PLP_AT_LEAST_DATA_AT_REST:
		set_prop(&r->flushed_survive, DC_TRI_YES, k, src,
			 "%s %s: at least data at rest is protected (%.80s)", db->vendor, db->family,
			 s ? s->title : "");
		set_prop(&r->unflushed_survive, DC_TRI_UNKNOWN, k, src,
			 "%s %s: no source says whether data in flight is protected", db->vendor,
			 db->family);
		break;
	case DC_PLP_NONE:
		set_prop(&r->flushed_survive, DC_TRI_NO, k, src,
			 "%s %s: no power-loss protection%s", db->vendor, db->family,
			 db->plp_inferred ? " (inferred: a client family that no source calls "
			 "protected and no list of protected drives names)" : "");
		set_prop(&r->unflushed_survive, DC_TRI_NO, k, src, "%s", r->flushed_survive.basis);
		break;
	case DC_PLP_UNKNOWN:
		break;
	}
}

void dc_decide_plp(const struct dc_facts *f, const struct dc_judgement *j, struct dc_result *r)
{
	const struct dc_drive *d = f->drive;
	const struct dc_dbinfo *db = f->db;
	const struct dc_evidence *ev;
	const char *no_row = db->matched ? "the database row has no sourced PLP class"
					 : "no database row";

	r->plp = DC_PLP_UNKNOWN;
	snprintf(r->confidence, sizeof(r->confidence), "low");
	for (unsigned i = 0; i < d->nevidence && r->nevidence < DC_MAX_EVIDENCE; i++)
		r->evidence[r->nevidence++] = d->evidence[i];
	add_db_evidence(db, d->model[0] ? d->model : f->dev->model, r);

	set_prop(&r->flushed_survive, DC_TRI_UNKNOWN, DC_SRC_NONE, "", "%s, and the drive gives "
		 "no PLP evidence", no_row);
	set_prop(&r->unflushed_survive, DC_TRI_UNKNOWN, DC_SRC_NONE, "", "%s, and the drive gives "
		 "no PLP evidence", no_row);
	db_properties(db, r);

	if (j->plp_failed) {
		/* Whatever the datasheet says, the protection is not working now. */
		ev = first_of(d, DC_EV_PLP_FAILED);
		set_prop(&r->unflushed_survive, DC_TRI_NO, DC_SRC_DEVICE, ev->source,
			 "the drive reports its power-loss protection has failed: %s", ev->value);
		r->flushed_survive = r->unflushed_survive;
		r->plp = DC_PLP_NONE;
		snprintf(r->confidence, sizeof(r->confidence), "high");
		add_ev(r, DC_EV_PLP_FAILED, "drivecheck", "finding",
		       "the drive reports its power-loss protection has failed");
		return;
	}
	/* The drive's own word comes before any datasheet. */
	if (j->device_plp || j->declared_no_vwc) {
		char src[64];

		ev = first_of(d, j->device_plp ? DC_EV_PLP : DC_EV_NO_VWC);
		snprintf(src, sizeof(src), "%s %s", ev->source, ev->what);
		if (j->device_plp)
			set_prop(&r->unflushed_survive, DC_TRI_YES, DC_SRC_DEVICE, src,
				 "the drive shows its power-loss protection: %s", ev->value);
		else
			set_prop(&r->unflushed_survive, DC_TRI_YES, DC_SRC_DEVICE, src,
				 "the drive declares no volatile write cache, so a completed write "
				 "is durable");
		r->flushed_survive = r->unflushed_survive;
		if (db->matched && (db->plp == DC_PLP_NONE || db->plp == DC_PLP_DATA_AT_REST))
			add_ev(r, DC_EV_INFO, "drivecheck", "contradiction",
			       "the drive %s, the database says '%s'",
			       j->device_plp ? "shows PLP evidence" : "declares no volatile cache",
			       dc_plp_name(db->plp));
	}
	if (r->unflushed_survive.value == DC_TRI_YES) {
		bool agree = db->plp == DC_PLP_FULL || db->plp == DC_PLP_AT_LEAST_DATA_AT_REST;

		r->plp = DC_PLP_FULL;
		snprintf(r->confidence, sizeof(r->confidence), "%s",
			 j->device_plp || (j->declared_no_vwc && agree) ? "high"
			 : j->declared_no_vwc && db->plp != DC_PLP_UNKNOWN ? "low" : "medium");
	} else if (db->plp != DC_PLP_UNKNOWN) {
		r->plp = db->plp;
		snprintf(r->confidence, sizeof(r->confidence), "medium");
	}
	if (j->plp_degraded) {
		ev = first_of(d, DC_EV_PLP_DEGRADED);
		snprintf(r->confidence, sizeof(r->confidence), "low");
		add_ev(r, DC_EV_PLP_DEGRADED, "drivecheck", "finding",
		       "the drive's power-loss protection is degraded or cannot be judged (%s)",
		       ev->value);
	}
}

void dc_decide_plp_vs_probe(const struct dc_facts *f, const struct dc_judgement *j,
			    struct dc_result *r)
{
	bool cache_may_be_on = f->drive->cache_enabled != DC_TRI_NO;

	if (!j->probed)
		return;
	if (dc_sync_modes_disagree(r, j))
		add_ev(r, DC_EV_INFO, "drivecheck", "finding",
		       "FUA and flush disagree: RWF_DSYNC p50 %.0f us, write + fdatasync p50 %.0f us",
		       r->dsync_p50_us, r->fdatasync_p50_us);
	switch (r->flush_speed) {
	case DC_FLUSH_NOT_MEASURED:
		add_ev(r, DC_EV_INFO, "probe", "durable 4 KiB write p50",
		       "%.0f us, but the kernel is in 'write through' mode and sent no flush: "
		       "this says nothing about the drive's flush", j->p50_us);
		return;
	case DC_FLUSH_FAST:
		add_ev(r, DC_EV_HINT, "probe", "durable 4 KiB write p50",
		       "%.0f us: consistent with PLP (speed alone does not prove it)", j->p50_us);
		if ((r->plp == DC_PLP_NONE || r->plp == DC_PLP_DATA_AT_REST) && cache_may_be_on)
			add_ev(r, DC_EV_INFO, "drivecheck", "contradiction",
			       "fast flushes on a drive without PLP: is a flush reaching the drive "
			       "(RAID controller, virtual disk)?");
		return;
	case DC_FLUSH_SLOW:
		add_ev(r, DC_EV_AGAINST, "probe", "durable 4 KiB write p50",
		       "%.0f us: each flush waits for the media (>= %.0f us)", j->p50_us, j->slow_us);
		if (r->plp == DC_PLP_FULL && !j->declared_no_vwc && cache_may_be_on) {
			snprintf(r->confidence, sizeof(r->confidence), "low");
			add_ev(r, DC_EV_AGAINST, "drivecheck", "contradiction",
			       "PLP drive whose flushes cost %.0f us: firmware that flushes its "
			       "protected cache anyway (try it with the cache off), failed capacitors, "
			       "or a controller in between", j->p50_us);
		} else if (j->declared_no_vwc) {
			add_ev(r, DC_EV_INFO, "drivecheck", "finding",
			       "no volatile cache and slow writes: each write goes to the media");
		}
		return;
	case DC_FLUSH_MIDDLING:
		add_ev(r, DC_EV_INFO, "probe", "durable 4 KiB write p50",
		       "%.0f us: between fast (%.0f) and slow (%.0f)", j->p50_us, j->fast_us,
		       j->slow_us);
		return;
	}
}
