/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_json.h - the JSON of one drive (render_json.c), for the documents that hold many
 * (render_json_doc.c). */
#ifndef DC_RENDER_JSON_H
#define DC_RENDER_JSON_H

#include <cjson/cJSON.h>

#include "decide/check.h"

/* render_json.c: new trees the caller deletes; NULL when out of memory. */
/* One DEVICE of docs/json.md: a scan's, a replay's or an import's drive. */
cJSON *dc_render_json_device_tree(const struct dc_check *r);
/* One DRIVE of a fleet (drivecheck report). */
cJSON *dc_render_json_fleet_drive_tree(const struct dc_check *r, const char *host);

#endif /* DC_RENDER_JSON_H */
