// SPDX-License-Identifier: GPL-2.0-or-later
/* fuzz_ata.c - libFuzzer target: the ata parser, then the decision and the JSON, on any bytes. */
#include <stdio.h>
#include <string.h>

#include "decide.h"
#include "fuzz_pages.h"
#include "render.h"
#include "transport.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { DC_PG_ATA_SMART_BLOB, DC_PG_ATA_IDENTIFY };
	static struct dc_report r;
	struct dc_raw raw = { 0 };
	struct dc_facts f = { &r.dev, &r.drive, &r.db, &r.probe };
	FILE *null = fopen("/dev/null", "w");

	memset(&r, 0, sizeof(r));
	snprintf(r.dev.transport, sizeof(r.dev.transport), "ata");
	dc_fuzz_pages(data, size, names, sizeof(names) / sizeof(names[0]), &raw);
	r.drive.cache_present = r.drive.cache_enabled = DC_TRI_UNKNOWN;
	dc_ata_parse(&raw, &r.drive);
	/* whatever the parser made must be printable: strings stay printable ASCII */
	for (const char *p = r.drive.model; *p; p++)
		if (*p < 0x20 || *p > 0x7e)
			__builtin_trap();
	dc_decide(&f, &r.result);
	if (null) {
		dc_render_json(null, &r, 1);
		fclose(null);
	}
	dc_raw_free(&raw);
	return 0;
}
