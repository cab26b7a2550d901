// SPDX-License-Identifier: GPL-2.0-or-later
/* files.c - whole small files in and out, and folders made on the way: for dumps and records. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/files.h"

static int write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int dc_write_file(const char *path, const void *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	int rc;

	if (fd < 0)
		return -errno;
	rc = write_all(fd, data, len);
	if (close(fd) < 0 && !rc)
		rc = -errno;
	return rc;
}

int dc_sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc = 0;

	if (fd < 0)
		return -errno;
	if (fsync(fd) < 0)
		rc = -errno;
	close(fd);
	return rc;
}

int dc_create_file_durable(const char *dir, const char *path, const void *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
	int rc;

	if (fd < 0)
		return -errno;
	rc = write_all(fd, data, len);
	if (!rc && fsync(fd) < 0)
		rc = -errno;
	if (close(fd) < 0 && !rc)
		rc = -errno;
	if (!rc)
		rc = dc_sync_dir(dir);
	if (rc)
		unlink(path);
	return rc;
}

int dc_read_file(const char *path, size_t max, uint8_t **out, size_t *len)
{
	struct stat st;
	uint8_t *buf = NULL;
	int fd, rc = 0;
	ssize_t n;

	*out = NULL;
	*len = 0;
	/* What is not a regular file is never opened: a FIFO's open waits for a writer for
	 * ever, and a device node's open can act (a watchdog starts, a tape rewinds). */
	if (lstat(path, &st) < 0)
		return -errno;
	if (S_ISLNK(st.st_mode))
		return -ELOOP;
	if (!S_ISREG(st.st_mode))
		return -EINVAL;
	/* O_NOFOLLOW: a dump or a record is input; a link must not pull in another file.
	 * O_NONBLOCK: a file swapped for a FIFO since lstat must not block either (fstat
	 * refuses it below); it changes nothing for a regular file's reads. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		rc = -EINVAL;
		goto out;
	}
	if ((size_t)st.st_size > max) {
		rc = -EFBIG;
		goto out;
	}
	buf = malloc((size_t)st.st_size + 1);
	if (!buf) {
		rc = -ENOMEM;
		goto out;
	}
	n = read(fd, buf, (size_t)st.st_size);
	if (n != st.st_size) {
		rc = n < 0 ? -errno : -EIO;
		goto out;
	}
	buf[n] = '\0';
	*out = buf;
	*len = (size_t)n;
	buf = NULL;
out:
	free(buf);
	close(fd);
	return rc;
}

const char *dc_file_kind(const char *path)
{
	struct stat st;

	if (lstat(path, &st) < 0)
		return "";
	if (S_ISFIFO(st.st_mode))
		return "a FIFO (named pipe)";
	if (S_ISDIR(st.st_mode))
		return "a folder";
	if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
		return "a device node";
	if (S_ISSOCK(st.st_mode))
		return "a socket";
	return "";
}

int dc_mkdir_p(const char *dir)
{
	char tmp[PATH_MAX];

	snprintf(tmp, sizeof(tmp), "%s", dir);
	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}
