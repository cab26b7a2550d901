/* SPDX-License-Identifier: GPL-2.0-or-later */
/* decide.h - the PLP conclusion and the per-role verdicts: facts in, result out. Pure. */
#ifndef DC_DECIDE_H
#define DC_DECIDE_H

#include "dc_types.h"

/* What "decide" reads: everything the earlier stages found about one drive. */
struct dc_facts {
	const struct dc_dev *dev;
	const struct dc_drive *drive;
	const struct dc_dbinfo *db;
	const struct dc_probe *probe;
};

/* plp.c */
/* Fills result->plp, confidence and evidence. Speed alone never makes "full". */
void dc_decide_plp(const struct dc_facts *f, struct dc_result *result);
/* Flush-cost bounds for a transport, microseconds. */
void dc_flush_bounds(enum dc_transport transport, double *fast_us, double *slow_us);

/* verdict.c */
/* Fills result->verdicts and advice; needs result->plp from dc_decide_plp first. */
void dc_decide_verdicts(const struct dc_facts *f, struct dc_result *result);

/* Both, in order. */
void dc_decide(const struct dc_facts *f, struct dc_result *result);


#endif /* DC_DECIDE_H */
