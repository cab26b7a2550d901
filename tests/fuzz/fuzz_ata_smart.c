// SPDX-License-Identifier: GPL-2.0-or-later
/* fuzz_ata_smart.c - libFuzzer target: any bytes as libatasmart's blob, split, decoded, parsed. */
#include <stdint.h>
#include <string.h>

#include "device/ata/ata_blob.h"
#include "device/ata/ata_smart.h"
#include "device/protocol.h"
#include "core/raw.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What the decoder makes must be what the pages hold: a name of printable ASCII, no
 * empty slot, a threshold of 254 never "known". */
static void check(const struct dc_ata_attr *a, unsigned n)
{
	if (n > DC_MAX_ATA_ATTRS)
		__builtin_trap();
	for (unsigned i = 0; i < n; i++) {
		size_t len = strnlen(a[i].name, sizeof(a[i].name));

		if (a[i].id == 0 || len == 0 || len >= sizeof(a[i].name) || a[i].raw >> 48 ||
		    (a[i].threshold_known && a[i].threshold == 0xFE) ||
		    (!a[i].threshold_known && a[i].threshold != 0 && a[i].threshold != 0xFE))
			__builtin_trap();
		for (size_t k = 0; k < len; k++)
			if (a[i].name[k] < 0x21 || a[i].name[k] > 0x7e)
				__builtin_trap();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct dc_drive d;
	struct dc_ata_blob_records rec;
	struct dc_ata_attr attrs[DC_MAX_ATA_ATTRS];
	struct dc_raw raw = { 0 };
	char why[128];

	if (dc_ata_blob_split(data, size, &rec, why, sizeof(why)) == 0) {
		if (!rec.identify)
			__builtin_trap();
		if (rec.smart_data) {
			/* a generic model, and the one family with names of its own */
			check(attrs, dc_ata_smart_decode(rec.smart_data, rec.thresholds, "ACME DISK",
							 attrs, DC_MAX_ATA_ATTRS));
			check(attrs, dc_ata_smart_decode(rec.smart_data, rec.thresholds,
							 "INTEL SSDSA2CW120G3", attrs, 5));
		}
	}
	/* the whole parser on the same bytes: the figures stay in their ranges */
	memset(&d, 0, sizeof(d));
	dc_raw_add(&raw, DC_PG_ATA_SMART_BLOB, data, size, NULL);
	dc_ata_parse(&raw, &d);
	check(d.smart.attrs, d.smart.nattrs);
	if ((d.wear.have_power_on && (d.wear.power_on_hours == 0 ||
				      d.wear.power_on_hours > 30ull * 365 * 24)) ||
	    (d.smart.have_temperature && (d.smart.temperature_c < 0 || d.smart.temperature_c > 100)))
		__builtin_trap();
	dc_raw_free(&raw);
	return 0;
}
