// SPDX-License-Identifier: GPL-2.0-or-later
/* fuzz_import_nvme_cli.c - libFuzzer target: the nvme-cli importer on any text, then the NVMe
 * parser on the pages it rebuilt. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "drive.h"
#include "import.h"
#include "transport.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dc_import_parts parts = { 0 };
	char err[256], *text = malloc(size + 1);

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0'; /* import.c refuses files with a NUL byte; strlen stops at it here */
	if (dc_import_nvme_cli(text, strlen(text), &parts, err, sizeof(err)) > 0) {
		for (unsigned i = 0; i < parts.n; i++) {
			struct dc_drive d;

			memset(&d, 0, sizeof(d));
			d.cache_present = d.cache_enabled = DC_TRI_UNKNOWN;
			dc_nvme_parse(&parts.v[i].raw, &d);
		}
	}
	dc_import_parts_free(&parts);
	free(text);
	return 0;
}
