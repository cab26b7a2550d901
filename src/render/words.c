// SPDX-License-Identifier: GPL-2.0-or-later
/* words.c - S, U and F in words: the basis of each answer and where it came from. */
#include <stdio.h>

#include "lookup/db_row.h"
#include "core/names.h"
#include "render/words.h"

int dc_words_ref(const struct dc_finding *x, enum dc_finding_ref kind)
{
	return dc_finding_info(x->code)->ref == kind ? x->ref : -1;
}

/* The drive's evidence a finding points to; an empty one where the index is off. */
static const struct dc_evidence *evidence_at(const struct dc_facts *f, const struct dc_finding *x)
{
	static const struct dc_evidence none;
	int i = dc_words_ref(x, DC_REF_EVIDENCE);

	return i >= 0 && (unsigned)i < f->drive->nevidence ? &f->drive->evidence[i] : &none;
}

static const char *source_title(const struct dc_db_row *row)
{
	const struct dc_db_source *s = dc_db_row_backing_source(row);

	return s ? s->title : "";
}

size_t dc_words_basis(const struct dc_facts *f, const struct dc_property *p, char *buf,
		      size_t len)
{
	const struct dc_db_row *row = f->row;
	const struct dc_dev *dev = f->dev;
	const double *n = p->basis.n;
	int w = 0;

	switch (p->basis.code) {
	case DC_FND_BASIS_NO_EVIDENCE:
		w = snprintf(buf, len, "%s, and the drive gives no PLP evidence",
			     row->matched ? "the database row has no sourced PLP class"
					 : "no database row");
		break;
	case DC_FND_BASIS_DB_FULL:
		w = snprintf(buf, len, "%s %s: full PLP (%.80s)", row->vendor, row->family,
			     source_title(row));
		break;
	case DC_FND_BASIS_DB_DAR_S:
		w = snprintf(buf, len, "%s %s: data at rest is protected (%.80s)", row->vendor,
			     row->family, source_title(row));
		break;
	case DC_FND_BASIS_DB_DAR_U:
		w = snprintf(buf, len, "%s %s: the volatile cache is not protected", row->vendor,
			     row->family);
		break;
	case DC_FND_BASIS_DB_ALDAR_S:
		w = snprintf(buf, len, "%s %s: at least data at rest is protected (%.80s)",
			     row->vendor, row->family, source_title(row));
		break;
	case DC_FND_BASIS_DB_ALDAR_U:
		w = snprintf(buf, len, "%s %s: no source says whether data in flight is protected",
			     row->vendor, row->family);
		break;
	case DC_FND_BASIS_DB_NONE:
		w = snprintf(buf, len, "%s %s: no power-loss protection%s", row->vendor, row->family,
			     row->plp_inferred ? " (inferred: a client family that no source calls "
			     "protected and no list of protected drives names)" : "");
		break;
	case DC_FND_BASIS_PLP_FAILED:
		w = snprintf(buf, len, "the drive reports its power-loss protection has failed: %s",
			     evidence_at(f, &p->basis)->value);
		break;
	case DC_FND_BASIS_DEVICE_PLP:
		w = snprintf(buf, len, "the drive shows its power-loss protection: %s",
			     evidence_at(f, &p->basis)->value);
		break;
	case DC_FND_BASIS_NO_VWC:
		w = snprintf(buf, len, "the drive declares no volatile write cache, so a completed "
			     "write is durable");
		break;
	case DC_FND_BASIS_PROBE_NOT_RUN:
		w = snprintf(buf, len, "probe: %s",
			     f->probe && f->probe->skipped[0] ? f->probe->skipped : "not run");
		break;
	case DC_FND_BASIS_WT_UNTIMED:
		w = snprintf(buf, len, "the kernel is in 'write through' mode and sent no flush, and "
			     "nothing shows this drive's completed writes are durable (%.0f us timed)",
			     n[0]);
		break;
	case DC_FND_BASIS_FLUSH_ONLY:
		w = snprintf(buf, len, "durable 4 KiB writes: p50 %.0f us as a write and fdatasync, "
			     "RWF_DSYNC not timed (%s: fast <= %.0f, slow >= %.0f)", n[0],
			     dc_transport_name(dev->transport), n[1], n[2]);
		break;
	case DC_FND_BASIS_BOTH_WAYS:
		w = snprintf(buf, len, "durable 4 KiB writes: p50 %.0f us with RWF_DSYNC%s, %.0f us "
			     "as a write and fdatasync (%s: fast <= %.0f, slow >= %.0f)%s", n[0],
			     dev->kernel_fua == DC_TRI_YES ? " (FUA)" : "", n[1],
			     dc_transport_name(dev->transport), n[2], n[3],
			     dev->kernel_cache == DC_KCACHE_WRITE_THROUGH
			     ? "; the kernel sends no flush, and the drive's completed writes are "
			       "durable (U), so each timed write was a durable one" : "");
		break;
	default:
		w = snprintf(buf, len, "(finding %d)", (int)p->basis.code);
		break;
	}
	return w < 0 ? 0 : (size_t)w;
}

size_t dc_words_source(const struct dc_facts *f, const struct dc_property *p, char *buf,
		       size_t len)
{
	const struct dc_evidence *ev = evidence_at(f, &p->basis);
	int w = 0;

	switch (p->from) {
	case DC_FROM_NOTHING:
		w = snprintf(buf, len, "%s", "");
		break;
	case DC_FROM_PROBE:
		w = snprintf(buf, len, "probe");
		break;
	case DC_FROM_DATABASE:
		w = snprintf(buf, len, "database (%s)", dc_source_kind_name(p->kind));
		break;
	case DC_FROM_DEVICE:
		w = snprintf(buf, len, "%s %s", ev->source, ev->what);
		break;
	case DC_FROM_DEVICE_SOURCE:
		w = snprintf(buf, len, "%s", ev->source);
		break;
	}
	return w < 0 ? 0 : (size_t)w;
}
