// SPDX-License-Identifier: GPL-2.0-or-later
/* availability_look.c - what is on a live disk and who holds it, for "available": the I/O. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "device/availability.h"
#include "device/disk_signature.h"

static void not_looked(struct dc_availability *a, const char *what, const char *why)
{
	size_t len = strlen(a->not_looked);

	snprintf(a->not_looked + len, sizeof(a->not_looked) - len, "%s%s: %s", len ? "; " : "",
		 what, why);
}

/* What libblkid finds on the whole disk, as the probe's raw mode asks it
 * (disk_signature.c); several signatures at once are kept as "several". */
static void look_signatures(const struct dc_dev *dev, struct dc_availability *a)
{
	struct dc_disk_signature sig;
	int rc = dc_disk_signature(dev->path, &sig);

	if (rc) {
		not_looked(a, "signatures", rc == -EACCES || rc == -EPERM ?
			   "no permission to read the disk (needs root)" : strerror(-rc));
		return;
	}
	switch (sig.answer) {
	case DC_SIG_NOT_READ:
		not_looked(a, "signatures", "libblkid could not read the disk");
		return;
	case DC_SIG_SEVERAL:
		snprintf(a->sig_type, sizeof(a->sig_type), "several");
		snprintf(a->sig_usage, sizeof(a->sig_usage), "other");
		break;
	case DC_SIG_FOUND:
		snprintf(a->sig_type, sizeof(a->sig_type), "%s", sig.type);
		snprintf(a->sig_usage, sizeof(a->sig_usage), "%s", sig.usage);
		snprintf(a->pt_type, sizeof(a->pt_type), "%s", sig.pt_type);
		break;
	case DC_SIG_NONE:
		break;
	}
	a->signature_known = true;
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
