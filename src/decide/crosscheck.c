// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * crosscheck.c - what the probe says of the PLP class: a hint, or a contradiction. Speed
 * never makes a class (docs/design.md); it can only lower the confidence in one. Pure.
 */
#include "decide/steps.h"

void dc_decide_crosscheck(const struct dc_facts *f, const struct dc_judgement *j,
			  struct dc_result *r)
{
	bool cache_may_be_on = f->drive->cache_enabled != DC_TRI_NO;

	if (!j->probed)
		return;
	if (r->modes_disagree)
		dc_note_evidence(r, FINDING(DC_FND_EV_MODES_DISAGREE, 0, r->dsync_p50_us, r->fdatasync_p50_us));
	switch (r->flush_speed) {
	case DC_FLUSH_NOT_MEASURED:
		dc_note_evidence(r, FINDING(DC_FND_EV_PROBE_UNTIMED, 0, j->p50_us));
		return;
	case DC_FLUSH_FAST:
		dc_note_evidence(r, FINDING(DC_FND_EV_PROBE_FAST, 0, j->p50_us));
		if ((r->plp == DC_PLP_NONE || r->plp == DC_PLP_DATA_AT_REST) && cache_may_be_on)
			dc_note_evidence(r, FINDING(DC_FND_EV_FAST_WITHOUT_PLP, 0, 0));
		return;
	case DC_FLUSH_SLOW:
		dc_note_evidence(r, FINDING(DC_FND_EV_PROBE_SLOW, 0, j->p50_us, j->slow_us));
		if (r->plp == DC_PLP_FULL && !j->declared_no_vwc && cache_may_be_on) {
			r->confidence = DC_CONF_LOW;
			dc_note_evidence(r, FINDING(DC_FND_EV_SLOW_WITH_PLP, 0, j->p50_us));
		} else if (j->declared_no_vwc) {
			dc_note_evidence(r, FINDING(DC_FND_EV_NO_VWC_SLOW, 0, 0));
		}
		return;
	case DC_FLUSH_MIDDLING:
		dc_note_evidence(r, FINDING(DC_FND_EV_PROBE_MIDDLING, 0, j->p50_us, j->fast_us, j->slow_us));
		return;
	}
}
