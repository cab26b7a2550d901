// SPDX-License-Identifier: GPL-2.0-or-later
/* render_avail.c - "available" and its reasons in words: the JSON keys and the -v line. */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "device/availability.h"
#include "render/render_avail.h"

const char *dc_render_avail_unknown(const struct dc_availability *a)
{
	/* an import's drive: smartctl and nvme-cli say nothing of what is on the disk */
	if (!a->sysfs_known)
		return "partitions, mounts, holders, signatures and locks: not in the input";
	if (a->signature_known && a->lock_known)
		return "";
	return a->not_looked[0] ? a->not_looked : "signatures and locks: not looked at";
}

/* The signature libblkid found, as "ext4", "gpt", "LVM2_member"; NULL when none or not
 * looked at. */
static const char *signature_of(const struct dc_availability *a)
{
	if (!a->signature_known)
		return NULL;
	if (a->sig_type[0])
		return a->sig_type;
	return a->pt_type[0] ? a->pt_type : NULL;
}

/* The reasons in their order, ceph-volume's words. */
static cJSON *reasons_json(const struct dc_availability *a)
{
	cJSON *reasons = cJSON_CreateArray();

	for (unsigned i = 0; reasons && i < DC_AVAIL_REASON_COUNT; i++)
		if (a->reasons & (1u << i))
			cJSON_AddItemToArray(reasons, cJSON_CreateString(
				dc_avail_reason_name((enum dc_avail_reason)i)));
	return reasons;
}

static void add_available(cJSON *o, const struct dc_report *r)
{
	/* what cephadm's model: filter matches (ceph-volume reads sysfs, not the drive) */
	cJSON_AddItemToObject(o, "sysfs_model", r->dev.model[0] ? cJSON_CreateString(r->dev.model)
							       : cJSON_CreateNull());
	if (r->avail.available == DC_TRI_UNKNOWN)
		cJSON_AddNullToObject(o, "available");
	else
		cJSON_AddBoolToObject(o, "available", r->avail.available == DC_TRI_YES);
	cJSON_AddItemToObject(o, "rejected_reasons", reasons_json(&r->avail));
}

void dc_render_avail_fleet_json(cJSON *o, const struct dc_report *r)
{
	add_available(o, r);
}

void dc_render_avail_json(cJSON *o, const struct dc_report *r)
{
	const struct dc_availability *a = &r->avail;
	const char *unknown = dc_render_avail_unknown(a), *sig = signature_of(a);

	add_available(o, r);
	cJSON_AddItemToObject(o, "signature", sig ? cJSON_CreateString(sig) : cJSON_CreateNull());
	cJSON_AddItemToObject(o, "availability_unknown", unknown[0] ? cJSON_CreateString(unknown)
								    : cJSON_CreateNull());
}

void dc_render_avail_text(const struct dc_report *r, char *buf, size_t len)
{
	const struct dc_availability *a = &r->avail;
	const char *sig = signature_of(a);
	size_t k;

	if (a->available == DC_TRI_YES) {
		snprintf(buf, len, "yes");
		return;
	}
	if (a->available == DC_TRI_UNKNOWN) {
		snprintf(buf, len, "unknown: %s", dc_render_avail_unknown(a));
		return;
	}
	k = (size_t)snprintf(buf, len, "no:");
	for (unsigned i = 0, n = 0; i < DC_AVAIL_REASON_COUNT && k < len; i++)
		if (a->reasons & (1u << i))
			k += (size_t)snprintf(buf + k, len - k, "%s %s", n++ ? "," : "",
					      dc_avail_reason_name((enum dc_avail_reason)i));
	if (sig && k < len)
		snprintf(buf + k, len - k, " (libblkid: %s)", sig);
}
