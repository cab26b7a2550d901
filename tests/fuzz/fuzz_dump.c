// SPDX-License-Identifier: GPL-2.0-or-later
/* fuzz_dump.c - libFuzzer target: a dump's device.json (docs/dump-format.md) on any text,
 * read back as --replay reads it, then the parsers on whatever pages it named and found.
 * Each input is written to one folder of the process's own, made once. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "device/dump.h"
#include "device/inspect.h"
#include "core/raw.h"
#include "decide/check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct dc_check r;
	struct dc_dump_parts parts;
	struct dc_raw raw = { 0 };
	char path[96], err[256] = "";
	int fd, rc;

	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "/tmp/fuzz-dump-XXXXXX");
		if (!mkdtemp(dir))
			abort();
	}
	snprintf(path, sizeof(path), "%s/device.json", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	close(fd);
	memset(&r, 0, sizeof(r));
	parts = dc_check_dump_parts(&r);
	rc = dc_dump_read(dir, &parts, &raw, err, sizeof(err));
	/* a malformed dump always says why */
	if (rc == -EINVAL && !err[0])
		abort();
	if (rc == 0)
		dc_inspect_parse(&r.dev, &raw, 0, &r.drive);
	dc_raw_free(&raw);
	return 0;
}
