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
#include "core/raw.h"

static void not_looked(struct dc_availability *a, const char *what, const char *why)
{
	size_t len = strlen(a->not_looked);

	snprintf(a->not_looked + len, sizeof(a->not_looked) - len, "%s%s: %s", len ? "; " : "",
		 what, why);
}

/* The disk's open refused (-EACCES, -EPERM): to root that is no want of root (raw.h). */
static const char *denied(int err, char *why, size_t len)
{
	snprintf(why, len, "no permission to open the disk (%s)",
		 dc_open_denied_text(err, geteuid() == 0));
	return why;
}

/* What libblkid finds on the whole disk, as the probe's raw mode asks it
 * (disk_signature.c); several signatures at once are kept as "several". */
static int look_signatures(const struct dc_dev *dev, struct dc_availability *a)
{
	struct dc_disk_signature sig;
	int rc = dc_disk_signature(dev->path, &sig);

	if (rc == -EACCES || rc == -EPERM)
		return rc; /* the disk cannot be opened: the locks neither, said once */
	if (rc) {
		not_looked(a, "signatures", strerror(-rc));
		return 0;
	}
	switch (sig.answer) {
	case DC_SIG_NOT_READ:
		not_looked(a, "signatures", "libblkid could not read the disk");
		return 0;
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
	return 0;
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
	char why[80];
	int fd = open(dev->path, O_RDONLY | O_EXCL | O_CLOEXEC | O_NONBLOCK);

	if (fd < 0) {
		if (errno == EBUSY) {
			a->locked = a->lock_known = true;
			return;
		}
		if (errno == EACCES || errno == EPERM)
			not_looked(a, "locks", denied(-errno, why, sizeof(why)));
		else
			not_looked(a, "locks", strerror(errno));
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
	char why[80];
	int rc;

	memset(a, 0, sizeof(*a));
	a->sysfs_known = true;
	rc = look_signatures(dev, a);
	if (rc) {
		not_looked(a, "signatures and locks", denied(rc, why, sizeof(why)));
		return;
	}
	look_lock(dev, a);
}
