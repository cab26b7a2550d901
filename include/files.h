/* SPDX-License-Identifier: GPL-2.0-or-later */
/* files.h - whole small files in and out, and folders made on the way. */
#ifndef DC_FILES_H
#define DC_FILES_H

#include <stddef.h>
#include <stdint.h>

/* files.c */
/* Writes len bytes to path (created 0644, or truncated). Returns 0 or -errno. */
int dc_write_file(const char *path, const void *data, size_t len);
/* Reads a whole regular file (never through a symbolic link) of at most max bytes into
 * a malloc'd buffer ending in a NUL. Returns 0, -EFBIG, -EINVAL (not a regular file) or
 * -errno. */
int dc_read_file(const char *path, size_t max, uint8_t **out, size_t *len);
/* mkdir -p, mode 0755. Returns 0 or -errno. */
int dc_mkdir_p(const char *dir);

#endif /* DC_FILES_H */
