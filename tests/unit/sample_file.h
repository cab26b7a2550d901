/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sample_file.h - a sample file of data/ read whole for a test, as drivecheck reads files. */
#ifndef DC_TEST_SAMPLE_FILE_H
#define DC_TEST_SAMPLE_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/files.h"

/* The file's bytes, NUL-terminated (len may be NULL); NULL, and a line on stderr, when it
 * cannot be read. */
static inline char *slurp(const char *path, size_t *len)
{
	uint8_t *buf;
	size_t n;
	int rc = dc_read_file(path, 64u << 20, &buf, &n);

	if (rc) {
		fprintf(stderr, "cannot read %s (%d)\n", path, rc);
		return NULL;
	}
	if (len)
		*len = n;
	return (char *)buf;
}

#endif /* DC_TEST_SAMPLE_FILE_H */
