/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_import.h - what every importer's libFuzzer target does: the importer on any text, its
 * promises checked, then the parsers on the pages it rebuilt, as `drivecheck import` runs. */
#ifndef DC_FUZZ_IMPORT_H
#define DC_FUZZ_IMPORT_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "import.h"
#include "inspect.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef int (*fuzz_importer_fn)(const char *text, size_t len, struct dc_import_parts *out,
				char *err, size_t errlen);

static int fuzz_importer(fuzz_importer_fn importer, const uint8_t *data, size_t size)
{
	struct dc_import_parts parts = { 0 };
	char err[256] = "", *text = malloc(size + 1);
	int rc;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0'; /* import.c refuses a file with a NUL byte; strlen stops at one */
	rc = importer(text, strlen(text), &parts, err, sizeof(err));
	/* A refusal always says why; a success counts exactly the parts it added. */
	if ((rc < 0 && !err[0]) || (rc >= 0 && (unsigned)rc != parts.n))
		abort();
	for (unsigned i = 0; rc > 0 && i < parts.n; i++) {
		struct dc_drive d;

		dc_inspect_parse(&parts.v[i].dev, &parts.v[i].raw, 0, &d);
	}
	dc_import_parts_free(&parts);
	free(text);
	return 0;
}

#endif /* DC_FUZZ_IMPORT_H */
