/* SPDX-License-Identifier: GPL-2.0-or-later */
/* not_kept.h - what a check's fixed tables could not hold: counted where it was dropped
 * (drive.c, decide's findings, reasons and advice), said here in one place for every
 * output (the table, JSON's "not_kept", a line on stderr). No cap is silent. */
#ifndef DC_NOT_KEPT_H
#define DC_NOT_KEPT_H

#include "dc_types.h"

struct dc_not_kept {
	unsigned evidence, errors, findings, reasons, advice;
};

/* Fills nk; returns how many entries in all were not kept (0: the check is whole). */
unsigned dc_not_kept(const struct dc_check *r, struct dc_not_kept *nk);

#endif /* DC_NOT_KEPT_H */
