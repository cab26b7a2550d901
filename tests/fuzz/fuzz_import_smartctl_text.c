// SPDX-License-Identifier: GPL-2.0-or-later
/* fuzz_import_smartctl_text.c - libFuzzer target: the smartctl text importer on any text, then
 * the pages it rebuilt through the parsers, as `drivecheck import` runs them. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "import.h"
#include "inspect.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dc_import_parts parts = { 0 };
	char err[256], *text = malloc(size + 1);

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0'; /* import.c refuses files with a NUL byte; strlen stops at it here */
	if (dc_import_smartctl_text(text, strlen(text), &parts, err, sizeof(err)) > 0) {
		for (unsigned i = 0; i < parts.n; i++) {
			struct dc_drive d;

			dc_inspect_parse(&parts.v[i].dev, &parts.v[i].raw, 0, &d);
		}
	}
	dc_import_parts_free(&parts);
	free(text);
	return 0;
}
