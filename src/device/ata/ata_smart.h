/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ata_smart.h - the SMART READ DATA and READ THRESHOLDS pages, and their attributes decoded. Pure. */
#ifndef DC_ATA_SMART_H
#define DC_ATA_SMART_H

#include <stdbool.h>
#include <stdint.h>

#include "core/drive.h"

#define DC_ATA_SMART_PAGE_LEN 512
#define DC_ATA_SMART_NATTRS   30

/*
 * SMART READ DATA (B0h/D0h) and SMART READ THRESHOLDS (B0h/D1h), 512 bytes each. ATA-3
 * to ATA/ATAPI-5 defined the attribute table; later standards call it vendor specific,
 * yet every drive that smartctl or libatasmart reads lays it out so.
 */
struct dc_ata_smart_attr_entry {
	uint8_t id;                  /* 0: an empty slot */
	uint8_t flags[2];            /* little-endian; bit 0 pre-failure, bit 1 online */
	uint8_t value;               /* normalised: 1-253; 0, 254, 255 are not values */
	uint8_t worst;               /* the lowest value so far, alike */
	uint8_t raw[6];              /* little-endian, vendor-specific meaning */
	uint8_t rsvd11;              /* vendor specific (a 7th raw byte to a few formats) */
};
_Static_assert(sizeof(struct dc_ata_smart_attr_entry) == 12, "an attribute slot is 12 bytes");

struct dc_ata_smart_data {
	uint8_t revision[2];
	struct dc_ata_smart_attr_entry attr[DC_ATA_SMART_NATTRS];
	uint8_t rsvd362[149];        /* offline and self-test status, capabilities, polling
				      * times, vendor bytes: not read here */
	uint8_t checksum;            /* 511: all 512 bytes sum to 0; not checked, as
				      * libatasmart did not (smartctl warns and goes on) */
};
_Static_assert(sizeof(struct dc_ata_smart_data) == DC_ATA_SMART_PAGE_LEN, "SMART data is 512 bytes");

struct dc_ata_smart_thresh_entry {
	uint8_t id;                  /* the attribute this threshold is for; 0: empty */
	uint8_t threshold;           /* the value at or below which it fails; 0 never fails */
	uint8_t rsvd2[10];
};
_Static_assert(sizeof(struct dc_ata_smart_thresh_entry) == 12, "a threshold slot is 12 bytes");

struct dc_ata_smart_thresholds {
	uint8_t revision[2];
	struct dc_ata_smart_thresh_entry thr[DC_ATA_SMART_NATTRS];
	uint8_t rsvd362[149];        /* reserved, vendor bytes */
	uint8_t checksum;
};
_Static_assert(sizeof(struct dc_ata_smart_thresholds) == DC_ATA_SMART_PAGE_LEN,
	       "SMART thresholds are 512 bytes");

/* A normalised value (value or worst) that means something: 1-253. */
static inline bool dc_ata_value_valid(uint8_t v)
{
	return v >= 1 && v <= 0xFD;
}

/* ata_smart.c. Pure. */
/*
 * The attributes of a SMART READ DATA page (DC_ATA_SMART_PAGE_LEN bytes), slot by slot
 * in the page's order, slots of ID 0 left out, into out[0..max). Each gets its threshold
 * from the first slot of the same ID on the thresholds page (NULL: none was read), and
 * its name from ata_attrs.c's table for the normalised model ("attribute-N" for an ID
 * it does not name). Returns how many were written.
 */
unsigned dc_ata_smart_decode(const uint8_t *data, const uint8_t *thresholds,
			     const char *norm_model, struct dc_ata_attr *out, unsigned max);

#endif /* DC_ATA_SMART_H */
