// SPDX-License-Identifier: GPL-2.0-or-later
/* availability.c - would ceph-volume take the drive: its reasons, from the scan's facts. Pure. */
#include <string.h>

#include "core/transports.h"
#include "device/availability.h"

/*
 * ceph-volume inventory rejects a device for any of its generic reasons (removable,
 * read-only, locked, under 5 GB, not a disk or partition, a BlueStore label, GPT
 * headers, partitions; Pacific, Debian 12's, adds "Has a FileSystem" for any TYPE that
 * blkid reports) or, for a raw OSD, for LVM on it (src/ceph-volume/ceph_volume/util/
 * device.py). Its words are kept so that a script can hold drivecheck's list beside
 * `ceph orch device ls`. It sees a mounted or held disk only as "locked", because its
 * exclusive open fails; drivecheck says which, beside "locked" when its own exclusive
 * open failed too.
 */
static const char *const reason_names[DC_AVAIL_REASON_COUNT] = {
	[DC_AVAIL_REMOVABLE] = "removable",
	[DC_AVAIL_READ_ONLY] = "read-only",
	[DC_AVAIL_LOCKED] = "locked",
	[DC_AVAIL_TOO_SMALL] = "Insufficient space (<5GB)",
	[DC_AVAIL_NOT_A_DISK] = "Device type is not acceptable. It should be raw device or partition",
	[DC_AVAIL_BLUESTORE] = "Has BlueStore device label",
	[DC_AVAIL_GPT] = "Has GPT headers",
	[DC_AVAIL_PARTITIONS] = "Has partitions",
	[DC_AVAIL_FILESYSTEM] = "Has a FileSystem",
	[DC_AVAIL_LVM] = "LVM detected",
	[DC_AVAIL_RAID] = "Has a RAID signature",
	[DC_AVAIL_MOUNTED] = "mounted",
	[DC_AVAIL_HELD] = "held",
};

const char *dc_avail_reason_name(enum dc_avail_reason reason)
{
	return (unsigned)reason < DC_AVAIL_REASON_COUNT ? reason_names[reason] : "?";
}

int dc_avail_reason_from_name(const char *name)
{
	for (int i = 0; i < DC_AVAIL_REASON_COUNT; i++)
		if (strcmp(name, reason_names[i]) == 0)
			return i;
	return -1;
}

/* What a signature libblkid found is, in ceph-volume's terms. */
static enum dc_avail_reason signature_reason(const struct dc_availability *a)
{
	if (strcmp(a->sig_type, "ceph_bluestore") == 0)
		return DC_AVAIL_BLUESTORE;
	if (strcmp(a->sig_type, "LVM2_member") == 0)
		return DC_AVAIL_LVM;
	if (strcmp(a->sig_usage, "raid") == 0)
		return DC_AVAIL_RAID;
	return DC_AVAIL_FILESYSTEM;
}

/* ceph-volume takes a whole disk (and an LV or partition, which drivecheck does not
 * judge): core/transports.c says which devices are none. */
static bool acceptable_type(enum dc_transport t)
{
	return !dc_transport_info(t)->not_raw_for_ceph;
}

void dc_availability_judge(const struct dc_dev *dev, struct dc_availability *a)
{
	unsigned r = 0;

	if (a->sysfs_known) {
		if (dev->removable)
			r |= 1u << DC_AVAIL_REMOVABLE;
		if (dev->readonly)
			r |= 1u << DC_AVAIL_READ_ONLY;
		if (dev->capacity_bytes < DC_AVAIL_MIN_BYTES)
			r |= 1u << DC_AVAIL_TOO_SMALL;
		if (!acceptable_type(dev->transport))
			r |= 1u << DC_AVAIL_NOT_A_DISK;
		if (dev->nparts)
			r |= 1u << DC_AVAIL_PARTITIONS;
		if (dev->nmounts)
			r |= 1u << DC_AVAIL_MOUNTED;
		if (dev->nholders)
			r |= 1u << DC_AVAIL_HELD;
	}
	if (a->signature_known) {
		if (a->sig_type[0])
			r |= 1u << signature_reason(a);
		if (strcmp(a->pt_type, "gpt") == 0)
			r |= 1u << DC_AVAIL_GPT;
	}
	if (a->lock_known && a->locked)
		r |= 1u << DC_AVAIL_LOCKED;
	a->reasons = r;
	if (r)
		a->available = DC_TRI_NO;
	else if (a->sysfs_known && a->signature_known && a->lock_known)
		a->available = DC_TRI_YES;
	else
		a->available = DC_TRI_UNKNOWN;
}
