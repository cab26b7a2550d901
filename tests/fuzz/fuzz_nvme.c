// SPDX-License-Identifier: GPL-2.0-or-later
/* fuzz_nvme.c - libFuzzer target: the nvme parser, then the decision and the JSON, on any bytes. */
#include "fuzz_pages.h"
#include "device/protocol.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { DC_PG_NVME_ID_CTRL, DC_PG_NVME_ID_NS, DC_PG_NVME_FEAT_VWC, DC_PG_NVME_FEAT_VWC_CAP, DC_PG_NVME_LOG_SMART, DC_PG_NVME_LOG_C0 };

	return dc_fuzz_one(data, size, names, sizeof(names) / sizeof(names[0]), "nvme", dc_nvme_parse);
}
