/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_avail.h - "available" and its reasons, for the JSON and the -v block. */
#ifndef DC_RENDER_AVAIL_H
#define DC_RENDER_AVAIL_H

#include <stdbool.h>
#include <stddef.h>

#include "decide/check.h"

struct cJSON;

/* render_avail.c */
/* Adds a device's "sysfs_model", "available", "rejected_reasons", "signature" and
 * "availability_unknown" (docs/json.md, 1.5) to o. */
void dc_render_avail_json(struct cJSON *o, const struct dc_check *r);
/* The same three that a fleet's drives carry: sysfs_model, available, rejected_reasons. */
void dc_render_avail_fleet_json(struct cJSON *o, const struct dc_check *r);
/* "yes", "no: Has partitions, mounted", "unknown: signatures and locks: ..." */
void dc_render_avail_text(const struct dc_check *r, char *buf, size_t len);
/* What could not be looked at and why, or "" when everything was. */
const char *dc_render_avail_unknown(const struct dc_availability *a);

/*
 * --gate ROLE for a Ceph role: "[the drive passes, but ]is not available (...): Has a
 * FileSystem (ext4), mounted at /srv", or "[...]whether ceph-volume would take it is
 * unknown: WHY"; "" when available, or when role asks nothing of it.
 */
void dc_render_avail_gate(const struct dc_check *r, int role, char *buf, size_t len);
/* An imported drive's gate of a Ceph role: a line saying it answers fitness alone; false
 * where the gate asks for availability, or for another role. */
bool dc_render_avail_gate_note(const struct dc_check *r, int role, char *buf, size_t len);
/* "probed through the ext4 filesystem at /srv (...)": true when the probe wrote to a file
 * on one of the drive's filesystems (a drive in use), false when it did not. */
bool dc_render_probe_through_fs(const struct dc_check *r, char *buf, size_t len);

#endif /* DC_RENDER_AVAIL_H */
