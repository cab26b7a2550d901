// SPDX-License-Identifier: GPL-2.0-or-later
/* disk_claim.c - who else has a disk open, and the BSD lock that keeps other tools off it. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "device/disk_claim.h"
#include "device/sysfs.h"

/*
 * Why these checks exist (docs/probe.md, "Other writers"). O_EXCL on a block device
 * shuts out mounts, RAID and device-mapper members and other exclusive openers, but not
 * a plain open(2): dd, a database on a raw device, a VM's disk. Such a writer is found
 * here the way fuser finds it, through /proc/PID/fd, before anything is written. The
 * BSD lock is the convention of systemd (and udev) for a tool that writes to a disk:
 * udev does not probe a locked disk, and a second drivecheck is refused at once instead
 * of racing the first. Neither shuts out a program that ignores both; the probe's
 * guard before every write (probe_guard.c, which uses dc_disk_writers_find() to tell a
 * writer from a reader) and its re-read of its blocks (probe.c) bound that case.
 */

#define POLL_MS 50

unsigned dc_disk_devnums(const struct dc_dev *dev, dev_t *out, unsigned max)
{
	char parts[DC_MAX_PARTS][DC_NAME_LEN];
	unsigned n = 0, np;
	struct stat st;

	if (!max)
		return 0;
	if (dc_sysfs_devnum("", dev->name, &out[n]) == 0)
		n++;
	else if (stat(dev->path, &st) == 0 && S_ISBLK(st.st_mode))
		out[n++] = st.st_rdev;
	np = dc_sysfs_partitions("", dev->name, parts, DC_MAX_PARTS);
	for (unsigned i = 0; i < np && i < DC_MAX_PARTS && n < max; i++)
		if (dc_sysfs_devnum("", parts[i], &out[n]) == 0)
			n++;
	/* and those the caller listed, in case sysfs is not where we look */
	for (unsigned i = 0; i < dev->nparts && i < DC_MAX_PARTS && n < max; i++)
		if (dc_sysfs_devnum("", dev->parts[i], &out[n]) == 0)
			n++;
	return n;
}

static bool is_one_of(dev_t d, const dev_t *nums, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (nums[i] == d)
			return true;
	return false;
}

static void read_comm(long pid, char *out, size_t len)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/comm", pid);
	out[0] = '\0';
	f = fopen(path, "re");
	if (f) {
		if (fgets(out, (int)len, f))
			out[strcspn(out, "\n")] = '\0';
		fclose(f);
	}
	if (!out[0])
		snprintf(out, len, "?");
}

/*
 * Was descriptor fd of process pid opened for writing? Its access mode is the low bits
 * of "flags:" in /proc/PID/fdinfo/FD (octal), fixed at open(2): a descriptor opened
 * O_RDONLY can never write(2). Returns true for O_WRONLY and O_RDWR, and when the
 * flags cannot be read while the descriptor is still there ("could not look" is never
 * "reader"); false when it was closed meanwhile (the file then reads as nothing).
 */
static bool fd_writes(int fddir, long pid, const char *fd)
{
	char path[32 + NAME_MAX], line[128];
	bool found = false, writes = false;
	struct stat st;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/fdinfo/%s", pid, fd);
	f = fopen(path, "re");
	if (f) {
		while (!found && fgets(line, sizeof(line), f)) {
			unsigned long flags;

			if (sscanf(line, "flags: %lo", &flags) == 1) {
				found = true;
				writes = (flags & O_ACCMODE) != O_RDONLY;
			}
		}
		fclose(f);
	}
	if (found)
		return writes;
	return fstatat(fddir, fd, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

/*
 * Does process pid have one of nums open (for writing, when writers_only)? 1 yes, 0 no
 * or gone, -errno could not look.
 */
static int pid_uses(long pid, const dev_t *nums, unsigned n, bool writers_only)
{
	char path[64];
	struct dirent *e;
	DIR *d;
	int found = 0;

	snprintf(path, sizeof(path), "/proc/%ld/fd", pid);
	d = opendir(path);
	if (!d)
		return errno == ENOENT || errno == ESRCH ? 0 : -errno;
	while ((e = readdir(d)) != NULL) {
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		/* stat follows the link to the open file: a device node gives its st_rdev */
		if (fstatat(dirfd(d), e->d_name, &st, 0) != 0)
			continue; /* closed meanwhile, or a file we may not stat: not a disk */
		if (S_ISBLK(st.st_mode) && is_one_of(st.st_rdev, nums, n) &&
		    (!writers_only || fd_writes(dirfd(d), pid, e->d_name))) {
			found = 1;
			break;
		}
	}
	closedir(d);
	return found;
}

static int users_find(const dev_t *nums, unsigned n, bool writers_only,
		      struct dc_disk_users *out, char *why, size_t whylen)
{
	long self = (long)getpid();
	struct dirent *e;
	DIR *proc;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	proc = opendir("/proc");
	if (!proc) {
		rc = -errno;
		snprintf(why, whylen, "cannot read /proc to see who has the disk open: %s",
			 strerror(errno));
		return rc;
	}
	while ((e = readdir(proc)) != NULL) {
		char *end;
		long pid;
		int u;

		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		pid = strtol(e->d_name, &end, 10);
		if (*end || pid == self)
			continue;
		u = pid_uses(pid, nums, n, writers_only);
		if (u < 0) {
			char comm[32];

			read_comm(pid, comm, sizeof(comm));
			snprintf(why, whylen, "cannot see whether pid %ld (%s) has the disk open "
				 "(/proc/%ld/fd: %s; only root can look at every process)", pid, comm,
				 pid, strerror(-u));
			rc = u;
			break;
		}
		if (!u)
			continue;
		if (out->n < DC_DISK_USERS_MAX) {
			out->u[out->n].pid = pid;
			read_comm(pid, out->u[out->n].comm, sizeof(out->u[out->n].comm));
		}
		out->n++;
	}
	closedir(proc);
	return rc;
}

int dc_disk_users_find(const dev_t *nums, unsigned n, struct dc_disk_users *out,
		       char *why, size_t whylen)
{
	return users_find(nums, n, false, out, why, whylen);
}

int dc_disk_writers_find(const dev_t *nums, unsigned n, struct dc_disk_users *out,
			 char *why, size_t whylen)
{
	return users_find(nums, n, true, out, why, whylen);
}

void dc_disk_users_describe(const struct dc_disk_users *u, char *buf, size_t len)
{
	size_t at = 0;
	unsigned shown = u->n < DC_DISK_USERS_MAX ? u->n : DC_DISK_USERS_MAX;

	if (!len)
		return;
	buf[0] = '\0';
	for (unsigned i = 0; i < shown && at < len; i++) {
		int w = snprintf(buf + at, len - at, "%spid %ld (%s)", i ? ", " : "", u->u[i].pid,
				 u->u[i].comm);
		if (w < 0)
			break;
		at += (size_t)w;
	}
	if (u->n > shown && at < len)
		snprintf(buf + at, len - at, " and %u more", u->n - shown);
}

static void sleep_ms(unsigned ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

int dc_disk_lock(int fd)
{
	for (unsigned waited = 0;; waited += POLL_MS) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return 0;
		if (errno != EWOULDBLOCK && errno != EINTR)
			return -errno;
		if (waited >= DC_DISK_LOCK_WAIT_MS)
			return -EWOULDBLOCK;
		sleep_ms(POLL_MS);
	}
}

int dc_disk_users_wait(const dev_t *nums, unsigned n, const char *prefix, char *why,
		       size_t whylen)
{
	struct dc_disk_users users;
	char who[256];

	for (unsigned waited = 0;; waited += POLL_MS) {
		int rc = dc_disk_users_find(nums, n, &users, why, whylen);

		if (rc)
			return rc;
		if (!users.n)
			return 0;
		if (waited >= DC_DISK_LOCK_WAIT_MS)
			break;
		sleep_ms(POLL_MS);
	}
	dc_disk_users_describe(&users, who, sizeof(who));
	snprintf(why, whylen, "%s%s", prefix, who);
	return 1;
}

int dc_disk_claim(const struct dc_dev *dev, char *why, size_t whylen)
{
	dev_t nums[DC_DISK_MAX_DEVNUMS];
	char prefix[DC_PATH_LEN + 64];
	unsigned n;
	int fd, rc;

	fd = open(dev->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		rc = -errno;
		snprintf(why, whylen, "cannot open %s: %s", dev->path, strerror(errno));
		return rc;
	}
	rc = dc_disk_lock(fd);
	if (rc) {
		snprintf(why, whylen, rc == -EWOULDBLOCK ?
			 "%s is locked by another program (a BSD lock on the disk, as systemd's "
			 "block-device convention asks of tools that write to it)" :
			 "cannot lock %s: %s", dev->path, strerror(-rc));
		goto fail;
	}
	n = dc_disk_devnums(dev, nums, DC_DISK_MAX_DEVNUMS);
	if (!n) {
		rc = -ENODEV;
		snprintf(why, whylen, "%s is gone", dev->path);
		goto fail;
	}
	snprintf(prefix, sizeof(prefix), "%s is open in another process: ", dev->path);
	rc = dc_disk_users_wait(nums, n, prefix, why, whylen);
	if (rc) {
		rc = rc > 0 ? -EBUSY : rc;
		goto fail;
	}
	return fd;
fail:
	close(fd);
	return rc;
}

void dc_disk_users_now(const struct dc_dev *dev, char *who, size_t len)
{
	dev_t nums[DC_DISK_MAX_DEVNUMS];
	struct dc_disk_users users;
	unsigned n = dc_disk_devnums(dev, nums, DC_DISK_MAX_DEVNUMS);

	if (!len)
		return;
	who[0] = '\0';
	if (n && dc_disk_users_find(nums, n, &users, who, len) == 0)
		dc_disk_users_describe(&users, who, len);
	else
		who[0] = '\0';
}
