/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_json.h - the JSON of one drive (render_json.c), for the documents that hold many
 * (render_json_doc.c) and for lookup's (render_json_lookup.c), which prints the same
 * database row. */
#ifndef DC_RENDER_JSON_H
#define DC_RENDER_JSON_H

#include <cjson/cJSON.h>

#include "decide/check.h"

/* render_json.c: new trees the caller deletes; NULL when out of memory. */
/* One DEVICE of docs/json.md: a scan's, a replay's or an import's drive. */
cJSON *dc_render_json_device_tree(const struct dc_check *r);
/* One DRIVE of a fleet (drivecheck report). */
cJSON *dc_render_json_fleet_drive_tree(const struct dc_check *r, const char *host);
/* The DATABASE object of a drive, and lookup's match: what the database says of a model. */
cJSON *dc_render_json_db_row(const struct dc_db_row *row);
/* An observed endurance figure (issue 29): what drives of the family took, never a rating. */
cJSON *dc_render_json_observed(const struct dc_observed_endurance *ob);
/* s as a string, or null where it is NULL or "". */
cJSON *dc_render_json_str_or_null(const char *s);

#endif /* DC_RENDER_JSON_H */
