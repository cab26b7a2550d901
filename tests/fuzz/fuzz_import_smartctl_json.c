// SPDX-License-Identifier: GPL-2.0-or-later
/* fuzz_import_smartctl_json.c - libFuzzer target: the smartctl -j importer on any text (fuzz_import.h). */
#include "fuzz_import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_importer(dc_import_smartctl_json, data, size);
}
