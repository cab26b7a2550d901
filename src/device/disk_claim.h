/* SPDX-License-Identifier: GPL-2.0-or-later */
/* disk_claim.h - who else has a disk open, and the BSD lock that keeps other tools off it. */
#ifndef DC_DISK_CLAIM_H
#define DC_DISK_CLAIM_H

#include <stddef.h>
#include <sys/types.h>

#include "device/dev.h"

#define DC_DISK_MAX_DEVNUMS (DC_MAX_PARTS + 1)
#define DC_DISK_USERS_MAX   8

/* A process that has the disk, or one of its partitions, open. */
struct dc_disk_user {
	long pid;
	char comm[32];             /* /proc/PID/comm: "dd", "qemu-system-x86" */
};

struct dc_disk_users {
	unsigned n;                /* how many processes were found (all of them) */
	struct dc_disk_user u[DC_DISK_USERS_MAX]; /* the first DC_DISK_USERS_MAX */
};

/* disk_claim.c */

/* dev_t of the whole disk and of all its partitions, read from sysfs now. Returns how
 * many were found (0 when the device is gone). */
unsigned dc_disk_devnums(const struct dc_dev *dev, dev_t *out, unsigned max);

/*
 * The processes other than this one that have one of nums open, as fuser finds them:
 * every /proc/PID/fd entry that is one of these block devices. Returns 0 (out->n may be
 * 0), or -errno when it could not look everywhere (-EACCES: another user's
 * /proc/PID/fd, readable only by root), why saying where. "Could not look" is never
 * "nobody".
 */
int dc_disk_users_find(const dev_t *nums, unsigned n, struct dc_disk_users *out,
		       char *why, size_t whylen);

/*
 * The same, counting only the processes that have one of nums open for writing
 * (O_WRONLY or O_RDWR, read from /proc/PID/fdinfo): a reader such as smartctl or blkid
 * cannot change a block through its descriptor with write(2).
 */
int dc_disk_writers_find(const dev_t *nums, unsigned n, struct dc_disk_users *out,
			 char *why, size_t whylen);

/* "pid 123 (sleep), pid 456 (dd)", "and N more" past DC_DISK_USERS_MAX. */
void dc_disk_users_describe(const struct dc_disk_users *u, char *buf, size_t len);

/*
 * Take the BSD lock (flock LOCK_EX) on fd, an open descriptor of the whole disk, as
 * systemd's block-device locking convention asks of tools that write to a disk: udev
 * then leaves the disk alone, and every tool that follows the convention (another
 * drivecheck, systemd-repart, ...) is kept off until the descriptor is closed. udev
 * holds a shared lock for a moment while it handles an event, so a busy lock is tried
 * again for up to DC_DISK_LOCK_WAIT_MS. Returns 0, -EWOULDBLOCK (someone else holds
 * it), or -errno.
 */
#define DC_DISK_LOCK_WAIT_MS 2000
int dc_disk_lock(int fd);

/*
 * The claim the cache experiment holds while it changes a drive's setting: the whole
 * disk opened read-only and locked as above, and no other process with it or a
 * partition open (a moment's opener such as udev is waited for, as for the lock).
 * Returns the descriptor (>= 0; close it to release the claim), or -errno with why
 * saying who holds it or what failed.
 */
int dc_disk_claim(const struct dc_dev *dev, char *why, size_t whylen);

/*
 * Wait up to DC_DISK_LOCK_WAIT_MS for the other users of nums to go (udev's workers
 * open a disk for a moment after each change). Returns 0 when none is left, 1 when some
 * stay (why names them, after "prefix"), or -errno when it could not look (why says so).
 */
int dc_disk_users_wait(const dev_t *nums, unsigned n, const char *prefix, char *why,
		       size_t whylen);

/* Who has dev (or a partition) open now, other than this process, as
 * dc_disk_users_describe() says it; "" when nobody, or when it cannot be seen. */
void dc_disk_users_now(const struct dc_dev *dev, char *who, size_t len);

#endif /* DC_DISK_CLAIM_H */
