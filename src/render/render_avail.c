// SPDX-License-Identifier: GPL-2.0-or-later
/* render_avail.c - "available" and its reasons in words: the JSON keys and the -v line. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "device/availability.h"
#include "render/render_avail.h"
#include "core/names.h"
#include "core/status.h"

const char *dc_render_avail_unknown(const struct dc_availability *a)
{
	/* an import's drive: smartctl and nvme-cli say nothing of what is on the disk; a
	 * host's JSON read back says why, from 1.5 on */
	if (!a->sysfs_known)
		return a->not_looked[0] ? a->not_looked
					: "partitions, mounts, holders, signatures and locks: not in the input";
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

static void add_available(cJSON *o, const struct dc_check *r)
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

void dc_render_avail_fleet_json(cJSON *o, const struct dc_check *r)
{
	add_available(o, r);
}

void dc_render_avail_json(cJSON *o, const struct dc_check *r)
{
	const struct dc_availability *a = &r->avail;
	const char *unknown = dc_render_avail_unknown(a), *sig = signature_of(a);

	add_available(o, r);
	cJSON_AddItemToObject(o, "signature", sig ? cJSON_CreateString(sig) : cJSON_CreateNull());
	cJSON_AddItemToObject(o, "availability_unknown", unknown[0] ? cJSON_CreateString(unknown)
								    : cJSON_CreateNull());
}

void dc_render_avail_text(const struct dc_check *r, char *buf, size_t len)
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

/* Appends to buf (holding k bytes) as snprintf would, never past len; returns the new k. */
static size_t append(char *buf, size_t len, size_t k, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static size_t append(char *buf, size_t len, size_t k, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (k >= len)
		return k;
	va_start(ap, fmt);
	n = vsnprintf(buf + k, len - k, fmt, ap);
	va_end(ap);
	return n < 0 ? k : k + (size_t)n;
}

/*
 * The gate's words for a Ceph role: what keeps the drive from becoming an OSD now, with
 * where it is mounted (ceph-volume sees a mounted disk only as "locked"; an admin needs
 * the mount point to free it).
 */
void dc_render_avail_gate(const struct dc_check *r, int role, char *buf, size_t len)
{
	const struct dc_availability *a = &r->avail;
	const char *sig = signature_of(a);
	unsigned nm = r->dev.nmounts < DC_MAX_MOUNTS ? r->dev.nmounts : DC_MAX_MOUNTS;
	size_t k = 0;

	buf[0] = '\0';
	if (!dc_gate_asks_available(r, role) || r->error || a->available == DC_TRI_YES)
		return;
	/* the JSON's verdict stays the drive's fitness: say that it passes, where it does */
	if (dc_check_status(r, role) == DC_PASS)
		k = append(buf, len, k, "the drive passes, but ");
	if (a->available == DC_TRI_UNKNOWN) {
		const char *why = dc_render_avail_unknown(a);

		append(buf, len, k, "whether ceph-volume would take it is unknown: %s",
		       why[0] ? why : "the input does not say");
		return;
	}
	k = append(buf, len, k, "is not available (ceph-volume would not take it):");
	for (unsigned i = 0, n = 0; i < DC_AVAIL_REASON_COUNT; i++) {
		if (!(a->reasons & (1u << i)))
			continue;
		k = append(buf, len, k, "%s %s", n++ ? "," : "",
			   dc_avail_reason_name((enum dc_avail_reason)i));
		if (i == DC_AVAIL_FILESYSTEM && sig)
			k = append(buf, len, k, " (%s)", sig);
		for (unsigned m = 0; i == DC_AVAIL_MOUNTED && m < nm; m++)
			k = append(buf, len, k, "%s%s", m ? ", " : " at ", r->dev.mounts[m].target);
		if (i == DC_AVAIL_MOUNTED && r->dev.nmounts > nm)
			k = append(buf, len, k, " and %u more", r->dev.nmounts - nm);
	}
	if (!a->reasons)
		append(buf, len, k, " (the input gives no reason)");
}

/* An imported drive's gate of a Ceph role: it answers fitness alone, and says so. */
bool dc_render_avail_gate_note(const struct dc_check *r, int role, char *buf, size_t len)
{
	if (r->error || (role != DC_ROLE_CEPH_OSD && role != DC_ROLE_CEPH_DB) ||
	    dc_gate_asks_available(r, role))
		return false;
	snprintf(buf, len, "whether ceph-volume would take it is not in the input: this gate "
		 "answers its fitness only (on its host, drivecheck --gate %s DEVICE asks both)",
		 dc_role_cli_name((enum dc_role)role));
	return true;
}

/* Where a probe of a drive in use wrote: a file on one of its filesystems, not the drive. */
bool dc_render_probe_through_fs(const struct dc_check *r, char *buf, size_t len)
{
	const char *fstype = NULL;
	unsigned nm = r->dev.nmounts < DC_MAX_MOUNTS ? r->dev.nmounts : DC_MAX_MOUNTS;

	/* an import's probe is another tool's run (a fio job's file), not drivecheck's */
	if (r->error || r->probe.mode != DC_PROBE_FILE || strncmp(r->dev.path, "/dev/", 5) != 0)
		return false;
	/* a fleet's drive (fleet/fleet.h) keeps the probe's mode, not where it wrote */
	if (!r->probe.where[0]) {
		snprintf(buf, len, "probed through one of its filesystems (an unnamed temporary "
			 "file there), not on the raw device, which is in use");
		return true;
	}
	for (unsigned m = 0; m < nm && !fstype; m++)
		if (strcmp(r->dev.mounts[m].target, r->probe.where) == 0 && r->dev.mounts[m].fstype[0])
			fstype = r->dev.mounts[m].fstype;
	snprintf(buf, len, "probed through the %s%sfilesystem at %s (an unnamed temporary file "
		 "there), not on the raw device, which is in use",
		 fstype ? fstype : "", fstype ? " " : "", r->probe.where);
	return true;
}
