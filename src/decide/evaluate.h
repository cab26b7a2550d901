/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * evaluate.h - the stages after a drive's own answers: look-up, then decide. One step for
 * a live device, a replayed dump and an imported report alike (docs/architecture.md).
 */
#ifndef DC_EVALUATE_H
#define DC_EVALUATE_H

#include "decide/decide.h"
#include "decide/check.h"

struct dc_db;

/* Looks the drive up (its family, the firmware advisories that hit it) and decides: fills
 * r->row, r->advisories and r->result from r's dev, drive, probe and cache experiment.
 * db may be NULL (no database): then nothing is looked up. A look-up that fails is said
 * in r->lookup_error, and the decision goes on without it. */
void dc_evaluate(struct dc_db *db, struct dc_check *r);
/* The facts a check's result was decided on: what the renderers make its words from. */
void dc_facts_of(const struct dc_check *r, struct dc_facts *f);

#endif /* DC_EVALUATE_H */
