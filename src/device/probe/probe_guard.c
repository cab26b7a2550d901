// SPDX-License-Identifier: GPL-2.0-or-later
/* probe_guard.c - while a raw probe runs: another writer stops it, a reader does not. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

#include "device/disk_claim.h"
#include "device/probe/probe_guard.h"

/*
 * A raw probe rewrites blocks with the bytes it read from them; a write of another
 * program's that lands on a block after the probe read it would be undone. Readers
 * (smartd and smartctl, Ceph's devicehealth, an exporter, udev's blkid, blockdev, a
 * dd that reads) open the device too, and real hosts have them: they cannot change a
 * block through a descriptor opened O_RDONLY, so they must not stop the probe. Two
 * checks before every write tell them apart, and neither touches the drive:
 *
 *   the watch   inotify on the device node, IN_OPEN and IN_CLOSE_WRITE. IN_OPEN does
 *               not say the mode, so each one is followed by a look through
 *               /proc/PID/fd(info) for a process that has the device open O_WRONLY or
 *               O_RDWR (disk_claim.c); one that opened for writing and closed again
 *               before that look left IN_CLOSE_WRITE, which the kernel sends only for
 *               a descriptor opened for writing. A writer is so stopped before its first
 *               write lands, in the usual case. IN_MODIFY is of no use: the probe's own
 *               writes send it, through the same node, and inotify merges equal events.
 *   the count   the device's sectors written and discarded, /sys/class/block/X/stat,
 *               against the probe's own. The block layer adds a request's sectors before
 *               it completes the request, so when the probe's pwritev2() returns, the
 *               count holds its write; any more is another writer's, through any node of
 *               the device (a second mknod, a container's /dev), direct or buffered, and
 *               whether or not the watch saw it open. It is read before every write: a
 *               write of the other's that completes after that read and lands on the block
 *               the probe is writing is undone, the one block in flight, and the next
 *               check stops the probe.
 *
 * What neither sees: a write by a passthrough command (SG_IO, an NVMe passthrough
 * ioctl, which root may send through a read-only descriptor, and which the kernel does
 * not count), and a write below the block device (a loop device's backing file). The
 * re-read of the pool's blocks in batches (probe.c) is the line for those. The count is
 * trusted only when the kernel keeps it (queue/iostats = 1); otherwise probe.c re-reads
 * each block just before its write, as it did before this guard existed.
 */

#define DC_GUARD_EVENTS (IN_OPEN | IN_CLOSE_WRITE)

/*
 * Sectors written plus sectors discarded (fields 7 and 14 of the stat file). Read before
 * every write, so parsed by hand: sscanf of fourteen fields cost more than the read.
 */
static int guard_sectors(int fd, uint64_t *out)
{
	uint64_t field[14] = { 0 };
	char buf[512], *p = buf;
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
	int k = 0;

	if (n <= 0)
		return n < 0 ? -errno : -EIO;
	buf[n] = '\0';
	while (k < 14) {
		while (*p == ' ')
			p++;
		if (*p < '0' || *p > '9')
			break;
		while (*p >= '0' && *p <= '9')
			field[k] = field[k] * 10 + (uint64_t)(*p++ - '0');
		k++;
	}
	if (k < 7)
		return -EIO;
	*out = field[6] + (k == 14 ? field[13] : 0);
	return 0;
}

/* Does the kernel count this device's I/O? queue/iostats, "1" when it does. */
static bool guard_iostats(const char *name)
{
	char path[DC_NAME_LEN + 48], c = '0';
	int fd;

	snprintf(path, sizeof(path), "/sys/class/block/%s/queue/iostats", name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	if (read(fd, &c, 1) != 1)
		c = '0';
	close(fd);
	return c == '1';
}

/* Is a process other than this one holding the device open for writing? */
static int guard_writers(struct dc_probe_guard *g, const char *when, char *why, size_t whylen)
{
	dev_t nums[DC_DISK_MAX_DEVNUMS];
	struct dc_disk_users users;
	char who[160];
	unsigned n = dc_disk_devnums(g->dev, nums, DC_DISK_MAX_DEVNUMS);
	int rc;

	if (!n) {
		snprintf(why, whylen, "%s went away while the probe ran", g->where);
		return -ENODEV;
	}
	rc = dc_disk_writers_find(nums, n, &users, why, whylen);
	if (rc)
		return rc;
	if (!users.n)
		return 0;
	dc_disk_users_describe(&users, who, sizeof(who));
	snprintf(why, whylen, "another process opened %s for writing %s (%s): stopped at once, "
		 "nothing more written", g->where, when, who);
	return -EBUSY;
}

int dc_probe_guard_start(struct dc_probe_guard *g, const struct dc_dev *dev,
			 const char *where, char *why, size_t whylen)
{
	char path[DC_NAME_LEN + 48];

	memset(g, 0, sizeof(*g));
	g->dev = dev;
	g->where = where;
	g->statfd = -1;
	g->watch = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (g->watch >= 0 && inotify_add_watch(g->watch, where, DC_GUARD_EVENTS) < 0) {
		close(g->watch);
		g->watch = -1;
	}
	snprintf(path, sizeof(path), "/sys/class/block/%s/stat", dev->name);
	g->statfd = open(path, O_RDONLY | O_CLOEXEC);
	g->counting = g->statfd >= 0 && guard_iostats(dev->name) &&
		      guard_sectors(g->statfd, &g->base) == 0;
	/* an opener between the claim (probe_target.c) and the watch is seen only here */
	return guard_writers(g, "as the probe began", why, whylen);
}

int dc_probe_guard_check(struct dc_probe_guard *g, char *why, size_t whylen)
{
	union {
		struct inotify_event ev;
		char buf[16 * (sizeof(struct inotify_event) + NAME_MAX + 1)];
	} u;
	bool opened = false, closed_write = false, gone = false, lost = false;
	uint64_t now;
	ssize_t n;
	int rc;

	for (int pass = 0; g->watch >= 0 && pass < 2; pass++) {
		while ((n = read(g->watch, &u, sizeof(u))) > 0) {
			for (char *p = u.buf; p < u.buf + n;) {
				const struct inotify_event *e = (const struct inotify_event *)p;

				opened |= (e->mask & IN_OPEN) != 0;
				closed_write |= (e->mask & IN_CLOSE_WRITE) != 0;
				gone |= (e->mask & IN_IGNORED) != 0;
				lost |= (e->mask & IN_Q_OVERFLOW) != 0;
				p += sizeof(*e) + e->len;
			}
		}
		if (closed_write) {
			snprintf(why, whylen, "another process opened %s for writing while the "
				 "probe ran, and closed it again: stopped at once, nothing more "
				 "written", g->where);
			return -EBUSY;
		}
		if (gone) {
			snprintf(why, whylen, "%s went away while the probe ran (its node was "
				 "removed)", g->where);
			return -ENODEV;
		}
		if (lost) {
			snprintf(why, whylen, "%s was opened too often while the probe ran to tell "
				 "readers from writers (the watch's queue overflowed): stopped, "
				 "nothing more written", g->where);
			return -EBUSY;
		}
		if (!opened || pass)
			break;
		/* who opened it? then read the events again: a writer may have closed meanwhile */
		rc = guard_writers(g, "while the probe ran", why, whylen);
		if (rc)
			return rc;
	}

	if (!g->counting)
		return 0;
	rc = guard_sectors(g->statfd, &now);
	if (rc) {
		snprintf(why, whylen, "reading the write count of %s failed: %s", g->where,
			 strerror(-rc));
		return rc;
	}
	if (now - g->base > g->ours) {
		snprintf(why, whylen, "another writer changed %s while the probe ran (the device "
			 "counts %" PRIu64 " sectors written that are not the probe's): stopped at "
			 "once, nothing more written; only a write of its that landed while the "
			 "probe's own write was in flight may have been undone", g->where,
			 now - g->base - g->ours);
		return -EBUSY;
	}
	if (now - g->base < g->ours) {
		/* the count fell behind our own writes: iostats turned off, so it proves nothing */
		snprintf(why, whylen, "the kernel stopped counting the writes of %s while the "
			 "probe ran (queue/iostats turned off?): stopped, nothing more written",
			 g->where);
		return -EBUSY;
	}
	return 0;
}

void dc_probe_guard_stop(struct dc_probe_guard *g)
{
	if (g->watch >= 0)
		close(g->watch);
	if (g->statfd >= 0)
		close(g->statfd);
	g->watch = g->statfd = -1;
}
