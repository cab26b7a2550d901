// SPDX-License-Identifier: GPL-2.0-or-later
/* fuzz_scsi.c - libFuzzer target: the scsi parser, then the decision and the JSON, on any bytes. */
#include "fuzz_pages.h"
#include "device/protocol.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { DC_PG_SCSI_INQUIRY, DC_PG_SCSI_VPD_80, DC_PG_SCSI_VPD_86, DC_PG_SCSI_MODE_08 };

	return dc_fuzz_one(data, size, names, sizeof(names) / sizeof(names[0]), "scsi", dc_scsi_parse);
}
