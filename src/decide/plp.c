// SPDX-License-Identifier: GPL-2.0-or-later
/* plp.c - S and U, and the PLP class a person scans: from the drive's word and the database. Pure. */
#include "decide/steps.h"
#include "lookup/db_row.h"

static void set_prop(struct dc_property *p, enum dc_tri value, enum dc_source_kind kind,
		     enum dc_prop_from from, struct dc_finding basis)
{
	p->value = value;
	p->kind = kind;
	p->from = from;
	p->basis = basis;
}

static int index_of(const struct dc_drive *d, enum dc_ev_kind kind)
{
	for (unsigned i = 0; i < d->nevidence; i++)
		if (d->evidence[i].kind == kind)
			return (int)i;
	return -1;
}

static enum dc_source_kind db_kind(const struct dc_db_row *row)
{
	const struct dc_db_source *s = dc_db_row_backing_source(row);

	return s ? s->kind : DC_SRC_NONE;
}

/* The row, or its absence, as evidence. */
static void add_db_evidence(const struct dc_db_row *row, const struct dc_drive *d,
			    struct dc_result *r)
{
	if (!row->matched) {
		dc_note_evidence(r, FINDING(d->model[0] ? DC_FND_EV_DB_NO_ROW : DC_FND_EV_DB_NO_MODEL, 0, 0));
		return;
	}
	dc_note_evidence(r, FINDING(DC_FND_EV_DB_CLASS, 0, 0));
	if (dc_db_row_backing_source(row))
		dc_note_evidence(r, FINDING(DC_FND_EV_DB_SOURCE, 0, 0));
}

/* The database's word, as S and U. */
static void db_properties(const struct dc_db_row *row, struct dc_result *r)
{
	enum dc_source_kind k = db_kind(row);
	struct dc_property *S = &r->flushed_survive, *U = &r->unflushed_survive;

	switch (row->plp) {
	case DC_PLP_FULL:
		set_prop(U, DC_TRI_YES, k, DC_FROM_DATABASE, FINDING(DC_FND_BASIS_DB_FULL, 0, 0));
		*S = *U;
		break;
	case DC_PLP_DATA_AT_REST:
		set_prop(S, DC_TRI_YES, k, DC_FROM_DATABASE, FINDING(DC_FND_BASIS_DB_DAR_S, 0, 0));
		set_prop(U, DC_TRI_NO, k, DC_FROM_DATABASE, FINDING(DC_FND_BASIS_DB_DAR_U, 0, 0));
		break;
	case DC_PLP_AT_LEAST_DATA_AT_REST:
		set_prop(S, DC_TRI_YES, k, DC_FROM_DATABASE, FINDING(DC_FND_BASIS_DB_ALDAR_S, 0, 0));
		set_prop(U, DC_TRI_UNKNOWN, k, DC_FROM_DATABASE,
			 FINDING(DC_FND_BASIS_DB_ALDAR_U, 0, 0));
		break;
	case DC_PLP_NONE:
		set_prop(S, DC_TRI_NO, k, DC_FROM_DATABASE, FINDING(DC_FND_BASIS_DB_NONE, 0, 0));
		*U = *S;
		break;
	case DC_PLP_UNKNOWN:
		break;
	}
}

void dc_decide_plp(const struct dc_facts *f, const struct dc_judgement *j, struct dc_result *r)
{
	const struct dc_drive *d = f->drive;
	const struct dc_db_row *row = f->row;
	struct dc_property *S = &r->flushed_survive, *U = &r->unflushed_survive;
	int ev;

	r->plp = DC_PLP_UNKNOWN;
	r->confidence = DC_CONF_LOW;
	add_db_evidence(row, d, r);

	set_prop(S, DC_TRI_UNKNOWN, DC_SRC_NONE, DC_FROM_NOTHING,
		 FINDING(DC_FND_BASIS_NO_EVIDENCE, 0, 0));
	*U = *S;
	db_properties(row, r);

	if (j->plp_failed) {
		/* Whatever the datasheet says, the protection is not working now. */
		ev = index_of(d, DC_EV_PLP_FAILED);
		set_prop(U, DC_TRI_NO, DC_SRC_DEVICE, DC_FROM_DEVICE_SOURCE,
			 FINDING(DC_FND_BASIS_PLP_FAILED, ev, 0));
		*S = *U;
		r->plp = DC_PLP_NONE;
		r->confidence = DC_CONF_HIGH;
		dc_note_evidence(r, FINDING(DC_FND_EV_PLP_FAILED, 0, 0));
		return;
	}
	/* The drive's own word comes before any datasheet. */
	if (j->device_plp || j->declared_no_vwc) {
		ev = index_of(d, j->device_plp ? DC_EV_PLP : DC_EV_NO_VWC);
		set_prop(U, DC_TRI_YES, DC_SRC_DEVICE, DC_FROM_DEVICE,
			 FINDING(j->device_plp ? DC_FND_BASIS_DEVICE_PLP : DC_FND_BASIS_NO_VWC, ev, 0));
		*S = *U;
		if (row->matched && (row->plp == DC_PLP_NONE || row->plp == DC_PLP_DATA_AT_REST))
			dc_note_evidence(r, FINDING(j->device_plp ? DC_FND_EV_DEVICE_PLP_VS_DB
							    : DC_FND_EV_NO_VWC_VS_DB, 0));
	}
	if (U->value == DC_TRI_YES) {
		bool agree = row->plp == DC_PLP_FULL || row->plp == DC_PLP_AT_LEAST_DATA_AT_REST;

		r->plp = DC_PLP_FULL;
		r->confidence = j->device_plp || (j->declared_no_vwc && agree) ? DC_CONF_HIGH
				: j->declared_no_vwc && row->plp != DC_PLP_UNKNOWN ? DC_CONF_LOW
				: DC_CONF_MEDIUM;
	} else if (row->plp != DC_PLP_UNKNOWN) {
		r->plp = row->plp;
		r->confidence = DC_CONF_MEDIUM;
	}
	if (j->plp_degraded) {
		r->confidence = DC_CONF_LOW;
		dc_note_evidence(r, FINDING(DC_FND_EV_PLP_DEGRADED, index_of(d, DC_EV_PLP_DEGRADED), 0));
	}
}
