// SPDX-License-Identifier: GPL-2.0-or-later
/* availability_dump.c - the facts behind "available" in a dump's device.json, and back. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_get.h"
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

/* Each key as the typed getters hold every JSON input (core/json_get.h): of its type, and a
 * string no longer than drivecheck keeps it. why gets "KEY: the reason". */
static int bool_key(const cJSON *o, const char *key, bool *out, char *why, size_t len)
{
	char r[160];

	if (dc_json_get_bool(cJSON_GetObjectItemCaseSensitive(o, key), 0, out, r, sizeof(r)) ==
	    DC_JSON_OK)
		return 0;
	snprintf(why, len, "%s: %s", key, r);
	return -EINVAL;
}

static int str_key(const cJSON *o, const char *key, char *out, size_t outlen, char *why,
		   size_t len)
{
	char r[160];

	if (dc_json_copy_string(cJSON_GetObjectItemCaseSensitive(o, key), 0, out, outlen, r,
				sizeof(r)) == DC_JSON_OK)
		return 0;
	snprintf(why, len, "%s: %s", key, r);
	return -EINVAL;
}

int dc_availability_dump_read(const cJSON *o, struct dc_availability *a, char *why,
			      size_t len)
{
	char r[160];

	memset(a, 0, sizeof(*a));
	a->sysfs_known = true; /* every dump has its "device" */
	if (!o) {
		snprintf(a->not_looked, sizeof(a->not_looked), "signatures and locks: the dump "
			 "does not say (an older drivecheck made it)");
		return 0;
	}
	if (dc_json_get_object(o, 0, &o, r, sizeof(r)) != DC_JSON_OK) {
		snprintf(why, len, "%s", r);
		return -EINVAL;
	}
	if (bool_key(o, "signature_known", &a->signature_known, why, len) ||
	    str_key(o, "type", a->sig_type, sizeof(a->sig_type), why, len) ||
	    str_key(o, "usage", a->sig_usage, sizeof(a->sig_usage), why, len) ||
	    str_key(o, "pttype", a->pt_type, sizeof(a->pt_type), why, len) ||
	    bool_key(o, "lock_known", &a->lock_known, why, len) ||
	    bool_key(o, "locked", &a->locked, why, len) ||
	    str_key(o, "not_looked", a->not_looked, sizeof(a->not_looked), why, len))
		return -EINVAL;
	return 0;
}
