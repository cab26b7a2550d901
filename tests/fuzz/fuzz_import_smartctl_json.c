// SPDX-License-Identifier: GPL-2.0-or-later
/* fuzz_import_smartctl_json.c - libFuzzer target: the smartctl -j importer on any bytes, then
 * the parsers on the pages it rebuilt. */
#include <stdlib.h>
#include <string.h>

#include "import.h"
#include "inspect.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dc_import_parts parts = { 0 };
	struct dc_drive d;
	char err[256];
	char *text = malloc(size + 1);
	int rc;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	rc = dc_import_smartctl_json(text, size, &parts, err, sizeof(err));
	/* A refusal always says why; a success leaves exactly what it counts. */
	if ((rc < 0 && (!err[0] || parts.n)) || (rc >= 0 && (unsigned)rc != parts.n))
		abort();
	for (unsigned i = 0; i < parts.n; i++)
		dc_inspect_parse(&parts.v[i].dev, &parts.v[i].raw, 0, &d);
	dc_import_parts_free(&parts);
	free(text);
	return 0;
}
