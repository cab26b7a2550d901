// SPDX-License-Identifier: GPL-2.0-or-later
/* fuzz_ata.c - libFuzzer target: the ata parser, then the decision and the JSON, on any bytes. */
#include "fuzz_pages.h"
#include "device/protocol.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { DC_PG_ATA_SMART_BLOB, DC_PG_ATA_IDENTIFY,
					     DC_PG_ATA_SMART_DATA, DC_PG_ATA_SMART_THRESHOLDS };

	return dc_fuzz_one(data, size, names, sizeof(names) / sizeof(names[0]), "sata", dc_ata_parse);
}
