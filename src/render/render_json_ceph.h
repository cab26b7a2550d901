/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_json_ceph.h - a drive of Ceph's store in the JSON: its "host" and "ceph" (1.7). */
#ifndef DC_RENDER_JSON_CEPH_H
#define DC_RENDER_JSON_CEPH_H

#include "decide/check.h"

struct cJSON;

/* render_json_ceph.c */
/* o's "ceph" (docs/json.md), for a drive of Ceph's store only (r->ceph.present). */
void dc_render_ceph_json(struct cJSON *o, const struct dc_check *r);
/* o's "host": the host of its first location in Ceph's store, or null; for such a drive
 * only. */
void dc_render_host_json(struct cJSON *o, const struct dc_check *r);

#endif /* DC_RENDER_JSON_CEPH_H */
