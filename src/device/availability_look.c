// SPDX-License-Identifier: GPL-2.0-or-later
/* availability_look.c - what is on a live disk and who holds it, for "available": the I/O. */
#include <blkid.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "device/availability.h"

static void not_looked(struct dc_availability *a, const char *what, const char *why)
{
	size_t len = strlen(a->not_looked);

	snprintf(a->not_looked + len, sizeof(a->not_looked) - len, "%s%s: %s", len ? "; " : "",
		 what, why);
}

/*
 * libblkid on the whole disk, as the probe's raw mode asks it (probe_target.c): every
 * superblock it knows (filesystems, LVM, RAID members, swap, LUKS, BlueStore, bcache,
 * DRBD) with bad checksums too, and partition tables, a GPT whose protective MBR is gone
 * included. Several signatures at once are someone's data as surely as one.
 */
static void look_signatures(const struct dc_dev *dev, struct dc_availability *a)
{
	const char *type = NULL, *usage = NULL, *pttype = NULL;
	blkid_probe pr = NULL;
	int fd, rc;

	/* buffered, read-only: libblkid's reads are not aligned, and nothing is written */
	fd = open(dev->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		not_looked(a, "signatures", errno == EACCES || errno == EPERM ?
			   "no permission to read the disk (needs root)" : strerror(errno));
		return;
	}
	pr = blkid_new_probe();
	if (!pr || blkid_probe_set_device(pr, fd, 0, 0) != 0) {
		not_looked(a, "signatures", "libblkid cannot probe the disk");
		goto out;
	}
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_USAGE |
					  BLKID_SUBLKS_BADCSUM);
	blkid_probe_enable_partitions(pr, 1);
	blkid_probe_set_partitions_flags(pr, BLKID_PARTS_FORCE_GPT);
	rc = blkid_do_safeprobe(pr);
	if (rc == -2) {
		snprintf(a->sig_type, sizeof(a->sig_type), "several");
		snprintf(a->sig_usage, sizeof(a->sig_usage), "other");
	} else if (rc == 0) {
		if (blkid_probe_lookup_value(pr, "TYPE", &type, NULL) == 0) {
			snprintf(a->sig_type, sizeof(a->sig_type), "%s", type);
			if (blkid_probe_lookup_value(pr, "USAGE", &usage, NULL) == 0)
				snprintf(a->sig_usage, sizeof(a->sig_usage), "%s", usage);
		}
		if (blkid_probe_lookup_value(pr, "PTTYPE", &pttype, NULL) == 0)
			snprintf(a->pt_type, sizeof(a->pt_type), "%s", pttype);
	} else if (rc != 1) {
		not_looked(a, "signatures", "libblkid could not read the disk");
		goto out;
	}
	a->signature_known = true;
out:
	if (pr)
		blkid_free_probe(pr);
	close(fd);
}

/*
 * ceph-volume's "locked": its O_EXCL open fails, because the disk is mounted, in a RAID or
 * device-mapper table, swap, or claimed by a program. drivecheck opens it read-only (a
 * writable descriptor's close makes udev read the disk again) and also asks for a shared
 * BSD lock, which a tool that writes to the disk holds exclusively (systemd's convention:
 * disk_claim.c); udev's own shared lock does not conflict. Both are given back at once.
 */
static void look_lock(const struct dc_dev *dev, struct dc_availability *a)
{
	int fd = open(dev->path, O_RDONLY | O_EXCL | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0) {
		if (errno == EBUSY) {
			a->locked = a->lock_known = true;
			return;
		}
		not_looked(a, "locks", errno == EACCES || errno == EPERM ?
			   "no permission to open the disk (needs root)" : strerror(errno));
		return;
	}
	if (flock(fd, LOCK_SH | LOCK_NB) != 0) {
		if (errno == EWOULDBLOCK)
			a->locked = a->lock_known = true;
		else
			not_looked(a, "locks", strerror(errno));
	} else {
		flock(fd, LOCK_UN);
		a->lock_known = true;
	}
	close(fd);
}

void dc_availability_look(const struct dc_dev *dev, struct dc_availability *a)
{
	memset(a, 0, sizeof(*a));
	a->sysfs_known = true;
	look_signatures(dev, a);
	look_lock(dev, a);
}
