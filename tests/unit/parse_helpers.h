/* SPDX-License-Identifier: GPL-2.0-or-later */
/* parse_helpers.h - what the parser tests share: looking for a kind of evidence. */
#ifndef DC_PARSE_HELPERS_H
#define DC_PARSE_HELPERS_H

#include <stdbool.h>

#include "dc_types.h"
#include "core/drive.h"

static inline bool has_ev(const struct dc_drive *d, enum dc_ev_kind kind)
{
	for (unsigned i = 0; i < d->nevidence; i++)
		if (d->evidence[i].kind == kind)
			return true;
	return false;
}

#endif /* DC_PARSE_HELPERS_H */
