/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_avail.h - "available" and its reasons, for the JSON and the -v block. */
#ifndef DC_RENDER_AVAIL_H
#define DC_RENDER_AVAIL_H

#include <stddef.h>

#include "dc_types.h"

struct cJSON;

/* render_avail.c */
/* Adds a device's "sysfs_model", "available", "rejected_reasons", "signature" and
 * "availability_unknown" (docs/json.md, 1.5) to o. */
void dc_render_avail_json(struct cJSON *o, const struct dc_report *r);
/* The same three that a fleet's drives carry: sysfs_model, available, rejected_reasons. */
void dc_render_avail_fleet_json(struct cJSON *o, const struct dc_report *r);
/* "yes", "no: Has partitions, mounted", "unknown: signatures and locks: ..." */
void dc_render_avail_text(const struct dc_report *r, char *buf, size_t len);
/* What could not be looked at and why, or "" when everything was. */
const char *dc_render_avail_unknown(const struct dc_availability *a);

#endif /* DC_RENDER_AVAIL_H */
