/* SPDX-License-Identifier: GPL-2.0-or-later */
/* decide.h - from facts to the PLP class, S/U/F and the per-role verdicts. Pure. */
#ifndef DC_DECIDE_H
#define DC_DECIDE_H

#include "decide/facts.h"
#include "decide/result.h"

/* decide.c */
/* The whole decision, in one direction: judgement, then S and U (plp.c), then F, then
 * the verdicts (verdict.c), each a step of steps.h. Fills every field of result. */
void dc_decide(const struct dc_facts *f, struct dc_result *result);

#endif /* DC_DECIDE_H */
