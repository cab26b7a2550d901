// SPDX-License-Identifier: GPL-2.0-or-later
/* availability_dump.c - the facts behind "available" in a dump's device.json, and back. */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_read.h"
#include "device/availability.h"

/*
 * Only the facts that are not in the dump's "device" already (the partitions, holders,
 * mounts, read-only, removable and capacity are): what libblkid found and whether the
 * disk was locked, each with whether it was looked at. The answer is not kept: a replay
 * judges again, as it decides again.
 */
cJSON *dc_availability_dump_json(const struct dc_availability *a)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return NULL;
	cJSON_AddBoolToObject(o, "signature_known", a->signature_known);
	cJSON_AddStringToObject(o, "type", a->sig_type);
	cJSON_AddStringToObject(o, "usage", a->sig_usage);
	cJSON_AddStringToObject(o, "pttype", a->pt_type);
	cJSON_AddBoolToObject(o, "lock_known", a->lock_known);
	cJSON_AddBoolToObject(o, "locked", a->locked);
	cJSON_AddStringToObject(o, "not_looked", a->not_looked);
	return o;
}

int dc_availability_dump_read(struct dc_json_reader *r, const cJSON *parent, const char *key,
			      struct dc_availability *a)
{
	const cJSON *o;

	memset(a, 0, sizeof(*a));
	a->sysfs_known = true; /* every dump has its "device" */
	if (!dc_jr_has(parent, key)) {
		snprintf(a->not_looked, sizeof(a->not_looked), "signatures and locks: the dump "
			 "does not say (an older drivecheck made it)");
		return r->rc;
	}
	if (dc_jr_obj(r, parent, key, 0, &o) != DC_JSON_OK)
		return r->rc;
	/* each key of its type, and a string no longer than drivecheck keeps it */
	dc_jr_enter(r, key);
	dc_jr_bool(r, o, "signature_known", DC_JSON_REQUIRED, &a->signature_known);
	dc_jr_copy(r, o, "type", DC_JSON_REQUIRED, a->sig_type, sizeof(a->sig_type));
	dc_jr_copy(r, o, "usage", DC_JSON_REQUIRED, a->sig_usage, sizeof(a->sig_usage));
	dc_jr_copy(r, o, "pttype", DC_JSON_REQUIRED, a->pt_type, sizeof(a->pt_type));
	dc_jr_bool(r, o, "lock_known", DC_JSON_REQUIRED, &a->lock_known);
	dc_jr_bool(r, o, "locked", DC_JSON_REQUIRED, &a->locked);
	dc_jr_copy(r, o, "not_looked", DC_JSON_REQUIRED, a->not_looked, sizeof(a->not_looked));
	dc_jr_leave(r);
	return r->rc;
}
