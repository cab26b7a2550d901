// SPDX-License-Identifier: GPL-2.0-or-later
/* fuzz_import_fio.c - libFuzzer target: the fio importer on any text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dc_import_parts parts = { 0 };
	char err[256], *text = malloc(size + 1);

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0'; /* import.c refuses files with a NUL byte; strlen stops at it here */
	dc_import_fio(text, strlen(text), &parts, err, sizeof(err));
	dc_import_parts_free(&parts);
	free(text);
	return 0;
}
