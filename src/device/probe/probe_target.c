// SPDX-License-Identifier: GPL-2.0-or-later
/* probe_target.c - decide where the sync-write probe may write on a device, and open it. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "device/disk_claim.h"
#include "device/disk_signature.h"
#include "device/probe/probe_target.h"
#include "device/sysfs.h"
#include "core/raw.h"

/*
 * The rules, in the order they are tried (docs/probe.md):
 *   1. --probe-dir: an unnamed O_TMPFILE file in that directory, but only when the
 *      directory's filesystem lives on this device or one of its partitions (st_dev).
 *   2. a writable mounted filesystem of the device or of a partition: the same file.
 *   3. the whole device, only when it is wholly unused: not read-only, no partitions,
 *      no holders, nothing mounted, no signature that libblkid knows, and held with
 *      O_EXCL for the whole run so that nobody can mount or claim it meanwhile.
 * If the device is in any way in use and no filesystem can take the file, the answer
 * is a refusal, never a fall-back to raw writes.
 *
 * O_TMPFILE|O_EXCL makes a file that has no name and can never be given one
 * (linkat refuses it): when the process ends, however it ends, the kernel frees it.
 *
 * O_EXCL shuts out mounts and every other exclusive claim, not a plain open(2). So raw
 * mode also takes the disk's BSD lock (systemd's convention for tools that write to a
 * disk: udev and other such tools stand off) and refuses while any other process has the
 * disk or a partition open (disk_claim.c, as fuser looks). What remains, a program that
 * opens the bare device after these checks and ignores the lock, is bounded by the
 * probe itself: a writer stops it, a reader does not (probe_guard.c, probe.c).
 */

#define DC_LAYOUT_CHUNK  (1u << 20)

static void dc_why(char *why, size_t whylen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void dc_why(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;

	if (!why || whylen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
}

/* Append "; text" to why, for the reasons of several refused mounts. */
static void dc_why_append(char *why, size_t whylen, const char *text)
{
	size_t len = strnlen(why, whylen);

	if (len + 1 >= whylen)
		return;
	snprintf(why + len, whylen - len, "%s%s", len ? "; " : "", text);
}

void dc_probe_target_init(struct dc_probe_target *t)
{
	memset(t, 0, sizeof(*t));
	t->mode = DC_PROBE_NOT_RUN;
	t->fd = -1;
}

void dc_probe_target_close(struct dc_probe_target *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}

/*
 * The partitions and holders are read again from sysfs here rather than trusted from
 * dev: the decision to write raw must rest on what is true once the device is held.
 */

/*
 * Is dir a directory whose filesystem lives on dev (or a partition of it)? Comparing
 * st_dev with the device numbers also catches a filesystem mounted over the mount
 * point, and filesystems whose st_dev is not a block device (btrfs, overlay, NFS):
 * for those we cannot tell which drive the writes reach, so they are refused.
 * Returns 1 yes, 0 no (why filled).
 */
static int dc_target_dir_on_dev(const char *dir, const dev_t *nums, unsigned n,
				const struct dc_dev *dev, char *why, size_t whylen)
{
	struct stat st;
	unsigned i;

	if (stat(dir, &st) != 0) {
		dc_why(why, whylen, "%s: %s", dir, strerror(errno));
		return 0;
	}
	if (!S_ISDIR(st.st_mode)) {
		dc_why(why, whylen, "%s is not a directory", dir);
		return 0;
	}
	for (i = 0; i < n; i++)
		if (st.st_dev == nums[i])
			return 1;
	dc_why(why, whylen, "the filesystem of %s (device %u:%u) is not on %s or its partitions",
	       dir, major(st.st_dev), minor(st.st_dev), dev->name);
	return 0;
}

/* Open an unnamed file in dir for the probe. Returns 1 opened, 0 refused (why filled). */
static int dc_target_open_file(const char *dir, struct dc_probe_target *t,
			       char *why, size_t whylen)
{
	struct statvfs sv;
	uint64_t avail, region;
	int fd;

	fd = open(dir, O_RDWR | O_TMPFILE | O_EXCL | O_DIRECT | O_CLOEXEC, 0600);
	if (fd < 0) {
		int e = errno;

		switch (e) {
		case EROFS:
			dc_why(why, whylen, "%s is on a read-only filesystem", dir);
			break;
		case EOPNOTSUPP:
		case EISDIR: /* kernels without O_TMPFILE */
			dc_why(why, whylen, "the filesystem of %s has no unnamed temporary files (O_TMPFILE)", dir);
			break;
		case EINVAL:
			dc_why(why, whylen, "the filesystem of %s refuses O_TMPFILE with O_DIRECT", dir);
			break;
		case EACCES:
		case EPERM:
			dc_why(why, whylen, "no permission to write in %s", dir);
			break;
		case ENOSPC:
		case EDQUOT:
			dc_why(why, whylen, "no space left in %s", dir);
			break;
		default:
			dc_why(why, whylen, "cannot make a file in %s: %s", dir, strerror(e));
		}
		return 0;
	}
	if (fstatvfs(fd, &sv) != 0) {
		dc_why(why, whylen, "cannot read the free space of %s: %s", dir, strerror(errno));
		close(fd);
		return 0;
	}
	/* Take at most a quarter of what is free, so the probe never fills a filesystem. */
	avail = (uint64_t)sv.f_bavail * sv.f_frsize;
	region = avail / 4;
	if (region > DC_PROBE_REGION_BYTES)
		region = DC_PROBE_REGION_BYTES;
	region &= ~((uint64_t)DC_LAYOUT_CHUNK - 1);
	if (region < DC_PROBE_MIN_REGION_BYTES) {
		dc_why(why, whylen, "only %llu MiB free in %s, the probe needs %llu MiB (a quarter of the free space)",
		       (unsigned long long)(avail >> 20), dir,
		       (unsigned long long)(DC_PROBE_MIN_REGION_BYTES >> 20) * 4);
		close(fd);
		return 0;
	}
	t->mode = DC_PROBE_FILE;
	t->fd = fd;
	t->region_bytes = region;
	snprintf(t->where, sizeof(t->where), "%s", dir);
	return 1;
}

/*
 * What libblkid finds on the device (disk_signature.c). Returns 0 clean, 1 found (why
 * filled), and treats a failed look as found, since "could not check" must not mean
 * "safe".
 */
static int dc_target_blkid(const char *path, char *why, size_t whylen)
{
	struct dc_disk_signature sig;
	int rc = dc_disk_signature(path, &sig);

	if (rc) {
		dc_why(why, whylen, "cannot read %s to look for signatures: %s", path, strerror(-rc));
		return 1;
	}
	switch (sig.answer) {
	case DC_SIG_NONE:
		return 0;
	case DC_SIG_FOUND:
		if (sig.type[0])
			dc_why(why, whylen, "%s is not empty: libblkid finds a signature of %s%s%s%s",
			       path, sig.type, sig.usage[0] ? " (" : "", sig.usage,
			       sig.usage[0] ? ")" : "");
		else if (sig.pt_type[0])
			dc_why(why, whylen, "%s is not empty: libblkid finds a partition table (%s)",
			       path, sig.pt_type);
		else
			dc_why(why, whylen, "%s is not empty: libblkid finds a signature", path);
		return 1;
	case DC_SIG_SEVERAL:
		dc_why(why, whylen, "%s is not empty: libblkid finds several signatures", path);
		return 1;
	case DC_SIG_NOT_READ:
		break;
	}
	dc_why(why, whylen, "libblkid could not check %s for signatures", path);
	return 1;
}

/*
 * Raw mode: the whole device, when nothing at all uses it. Returns 1 opened, 0 refused
 * (why filled).
 */
static int dc_target_open_raw(const struct dc_dev *dev, bool lock_held,
			      struct dc_probe_target *t, char *why, size_t whylen)
{
	dev_t nums[DC_DISK_MAX_DEVNUMS];
	char prefix[DC_PATH_LEN + 96];
	char parts[1][DC_NAME_LEN];
	uint64_t size = 0;
	struct stat st;
	unsigned n;
	dev_t num;
	int fd = -1, ro = 0, lbs = 0, rc;

	if (dev->readonly) {
		dc_why(why, whylen, "%s is read-only", dev->path);
		return 0;
	}
	if (dev->nparts) {
		dc_why(why, whylen, "%s has %u partition(s) and none holds a writable mounted filesystem (try --probe-dir)",
		       dev->path, dev->nparts);
		return 0;
	}
	if (dev->nholders) {
		dc_why(why, whylen, "%s is in use by %u holder(s) (device-mapper, RAID, bcache, ...)",
		       dev->path, dev->nholders);
		return 0;
	}
	if (dev->nmounts) {
		dc_why(why, whylen, "%s is mounted", dev->path);
		return 0;
	}
	if (stat(dev->path, &st) != 0) {
		dc_why(why, whylen, "%s: %s", dev->path, strerror(errno));
		return 0;
	}
	if (!S_ISBLK(st.st_mode)) {
		dc_why(why, whylen, "%s is not a block device", dev->path);
		return 0;
	}

	/*
	 * O_EXCL on a block device claims it: the open fails with EBUSY if it is mounted,
	 * in a RAID or device-mapper table, swap, or opened O_EXCL by anyone, and while we
	 * hold it none of those can start. Everything below is checked after the claim.
	 */
	fd = open(dev->path, O_RDWR | O_DIRECT | O_EXCL | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;

		if (e == EBUSY)
			dc_why(why, whylen, "%s is in use: something holds it exclusively (mounted, swap, RAID, device-mapper or another program)",
			       dev->path);
		else if (e == EROFS)
			dc_why(why, whylen, "%s is read-only", dev->path);
		else if (e == EACCES || e == EPERM)
			dc_why(why, whylen, "no permission to open %s for writing (%s)", dev->path,
			       dc_open_denied_text(-e, geteuid() == 0));
		else
			dc_why(why, whylen, "cannot open %s for writing: %s", dev->path, strerror(e));
		return 0;
	}
	if (fstat(fd, &st) != 0 || !S_ISBLK(st.st_mode)) {
		dc_why(why, whylen, "%s is not a block device", dev->path);
		goto refuse;
	}
	/* The BSD lock first, so udev and tools that keep the convention stand off. */
	rc = lock_held ? 0 : dc_disk_lock(fd);
	if (rc) {
		struct dc_disk_users users;
		char who[256] = "";

		n = dc_disk_devnums(dev, nums, DC_DISK_MAX_DEVNUMS);
		if (dc_disk_users_find(nums, n, &users, who, sizeof(who)) == 0)
			dc_disk_users_describe(&users, who, sizeof(who));
		if (rc == -EWOULDBLOCK)
			dc_why(why, whylen, "%s is locked by another program (a BSD lock on the disk, "
			       "systemd's convention for tools that write to it)%s%s", dev->path,
			       who[0] ? "; open in " : "", who);
		else
			dc_why(why, whylen, "cannot lock %s: %s", dev->path, strerror(-rc));
		goto refuse;
	}
	/* The node must be the device that sysfs names, not some other one. */
	if (dc_sysfs_devnum("", dev->name, &num) == 0 && num != st.st_rdev) {
		dc_why(why, whylen, "%s is device %u:%u, not %s (%u:%u)", dev->path,
		       major(st.st_rdev), minor(st.st_rdev), dev->name, major(num), minor(num));
		goto refuse;
	}
	if (ioctl(fd, BLKROGET, &ro) != 0 || ro) {
		dc_why(why, whylen, "%s is read-only", dev->path);
		goto refuse;
	}
	n = dc_sysfs_partitions("", dev->name, parts, 1);
	if (n) {
		dc_why(why, whylen, "%s has %u partition(s)", dev->path, n);
		goto refuse;
	}
	n = dc_sysfs_holders("", dev->name);
	if (n) {
		dc_why(why, whylen, "%s is in use by %u holder(s) (device-mapper, RAID, bcache, ...)",
		       dev->path, n);
		goto refuse;
	}
	if (ioctl(fd, BLKSSZGET, &lbs) != 0 || lbs <= 0 || (unsigned)lbs > DC_PROBE_BLOCK) {
		dc_why(why, whylen, "%s has a logical block size of %d bytes, the probe writes %u",
		       dev->path, lbs, DC_PROBE_BLOCK);
		goto refuse;
	}
	if (ioctl(fd, BLKGETSIZE64, &size) != 0 || size < DC_PROBE_MIN_REGION_BYTES) {
		dc_why(why, whylen, "%s is too small for the probe (%llu MiB, needs %llu)", dev->path,
		       (unsigned long long)(size >> 20),
		       (unsigned long long)(DC_PROBE_MIN_REGION_BYTES >> 20));
		goto refuse;
	}
	/* Nobody else may have it open: a plain open(2) is not shut out by O_EXCL. */
	n = dc_disk_devnums(dev, nums, DC_DISK_MAX_DEVNUMS);
	snprintf(prefix, sizeof(prefix), "%s is open in another process, which may be "
		 "writing to it: ", dev->path);
	rc = dc_disk_users_wait(nums, n, prefix, why, whylen);
	if (rc < 0) {
		char what[200];

		snprintf(what, sizeof(what), "%s", why);
		dc_why(why, whylen, "%s: not written raw, since nobody else may write to it", what);
	}
	if (rc)
		goto refuse;
	if (dc_target_blkid(dev->path, why, whylen))
		goto refuse;

	t->mode = DC_PROBE_RAW;
	t->fd = fd;
	t->region_bytes = size < DC_PROBE_REGION_BYTES ? size : DC_PROBE_REGION_BYTES;
	t->region_bytes &= ~((uint64_t)DC_PROBE_BLOCK - 1);
	snprintf(t->where, sizeof(t->where), "%s", dev->path);
	return 1;
refuse:
	close(fd);
	return 0;
}

int dc_probe_target_open(const struct dc_dev *dev, const char *probe_dir, bool lock_held,
			 struct dc_probe_target *t, char *why, size_t whylen)
{
	dev_t nums[DC_DISK_MAX_DEVNUMS];
	char one[256], reasons[512] = "";
	unsigned n, i;

	dc_probe_target_init(t);
	if (why && whylen)
		why[0] = '\0';
	n = dc_disk_devnums(dev, nums, DC_DISK_MAX_DEVNUMS);

	if (probe_dir && probe_dir[0]) {
		/* The user named the place: use it or refuse, never write elsewhere. */
		if (!dc_target_dir_on_dev(probe_dir, nums, n, dev, why, whylen))
			return 0;
		dc_target_open_file(probe_dir, t, why, whylen);
		return 0;
	}

	if (dev->nmounts) {
		for (i = 0; i < dev->nmounts && i < DC_MAX_MOUNTS; i++) {
			const struct dc_mount *m = &dev->mounts[i];

			one[0] = '\0';
			if (m->readonly)
				snprintf(one, sizeof(one), "%s is mounted read-only", m->target);
			else if (dc_target_dir_on_dev(m->target, nums, n, dev, one, sizeof(one)) &&
				 dc_target_open_file(m->target, t, one, sizeof(one)))
				return 0;
			dc_why_append(reasons, sizeof(reasons), one);
		}
		/* Mounted means in use: never fall back to raw writes. */
		dc_why(why, whylen, "%s is mounted, but no mounted filesystem of it can take the probe's file: %s",
		       dev->path, reasons);
		return 0;
	}

	dc_target_open_raw(dev, lock_held, t, why, whylen);
	return 0;
}

static double dc_elapsed_s(const struct timespec *t0)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - t0->tv_sec) + (now.tv_nsec - t0->tv_nsec) / 1e9;
}

int dc_probe_target_prepare(struct dc_probe_target *t, double max_seconds,
			    char *why, size_t whylen)
{
	struct timespec t0;
	uint64_t off = 0, s = 0x9e3779b97f4a7c15ull ^ (uint64_t)getpid();
	uint64_t *buf = NULL;
	size_t i;
	int rc = 0;

	if (t->mode != DC_PROBE_FILE)
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &t0);

	/* Ask for the blocks up front (fewer, larger extents); not every fs can. */
	if (fallocate(t->fd, 0, 0, (off_t)t->region_bytes) != 0) {
		if (errno == ENOSPC || errno == EDQUOT) {
			dc_why(why, whylen, "no space for %llu MiB in %s",
			       (unsigned long long)(t->region_bytes >> 20), t->where);
			t->mode = DC_PROBE_NOT_RUN;
			goto out;
		}
		/* EOPNOTSUPP and friends: writing the region below allocates it anyway */
	}

	if (posix_memalign((void **)&buf, DC_PROBE_BLOCK, DC_LAYOUT_CHUNK) != 0) {
		rc = -ENOMEM;
		dc_why(why, whylen, "out of memory");
		goto out;
	}
	/*
	 * Pseudo-random content (xorshift64), not zeros: a drive that compresses or
	 * deduplicates would turn zeros into no write at all.
	 */
	for (i = 0; i < DC_LAYOUT_CHUNK / sizeof(*buf); i++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		buf[i] = s;
	}

	/*
	 * Write every block once: a fallocated extent is "unwritten", and an O_DIRECT
	 * write into one converts it (a metadata change), which is not what we measure.
	 */
	while (off < t->region_bytes) {
		ssize_t n;

		buf[0] = off; /* differ chunk to chunk, for deduplicating drives */
		n = pwrite(t->fd, buf, DC_LAYOUT_CHUNK, (off_t)off);
		if (n != (ssize_t)DC_LAYOUT_CHUNK) {
			int e = n < 0 ? errno : EIO;

			if (e == ENOSPC || e == EDQUOT) {
				dc_why(why, whylen, "no space for %llu MiB in %s",
				       (unsigned long long)(t->region_bytes >> 20), t->where);
				t->mode = DC_PROBE_NOT_RUN;
				goto out;
			}
			rc = -e;
			dc_why(why, whylen, "writing the probe file in %s failed: %s", t->where,
			       strerror(e));
			goto out;
		}
		off += DC_LAYOUT_CHUNK;
		if (off < t->region_bytes && dc_elapsed_s(&t0) > max_seconds) {
			/* A slow drive: probe over what has been written so far. */
			if (off < DC_PROBE_MIN_REGION_BYTES) {
				dc_why(why, whylen, "%s is too slow: writing %llu MiB took longer than %.0f s",
				       t->where, (unsigned long long)(DC_PROBE_MIN_REGION_BYTES >> 20),
				       max_seconds);
				t->mode = DC_PROBE_NOT_RUN;
				goto out;
			}
			t->region_bytes = off;
		}
	}
	/* Commit the allocation now, so the first timed flush does not pay for it. */
	if (fdatasync(t->fd) != 0) {
		rc = -errno;
		dc_why(why, whylen, "flushing the probe file in %s failed: %s", t->where,
		       strerror(errno));
		goto out;
	}
out:
	free(buf);
	return rc;
}
