/* SPDX-License-Identifier: GPL-2.0-or-later */
/* files.h - whole small files in and out, and folders made on the way. */
#ifndef DC_FILES_H
#define DC_FILES_H

#include <stddef.h>
#include <stdint.h>

/* files.c */
/* Writes len bytes to path (created 0644, or truncated). Returns 0 or -errno. */
int dc_write_file(const char *path, const void *data, size_t len);
/* Creates path in dir (never over an existing file or link: -EEXIST) with len bytes, and
 * returns only once the file and its name in dir are durable. Returns 0 or -errno; on an
 * error after creating it, the file is removed. */
int dc_create_file_durable(const char *dir, const char *path, const void *data, size_t len);
/* fsync of a folder: makes the names created or removed in it durable. */
int dc_sync_dir(const char *dir);
/* Reads a whole regular file (never through a symbolic link) of at most max bytes into
 * a malloc'd buffer ending in a NUL. Returns 0, -EFBIG, -EINVAL (not a regular file) or
 * -errno. */
int dc_read_file(const char *path, size_t max, uint8_t **out, size_t *len);
/* What path is, when dc_read_file() said -EINVAL, in a user's words: "a FIFO (named
 * pipe)", "a folder", "a device node", "a socket"; "" when lstat cannot say. */
const char *dc_file_kind(const char *path);
/* mkdir -p, mode 0755. Returns 0 or -errno. */
int dc_mkdir_p(const char *dir);

#endif /* DC_FILES_H */
