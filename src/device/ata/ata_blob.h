/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ata_blob.h - libatasmart's blob format: find IDENTIFY in one, build one from SG_IO pages. */
#ifndef DC_ATA_BLOB_H
#define DC_ATA_BLOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DC_ATA_PAGE_LEN 512
/* A blob of the three records drivecheck builds: IDENTIFY, SMART data, thresholds. */
#define DC_ATA_BLOB_MAX (3 * (8 + DC_ATA_PAGE_LEN))

/* ata_blob.c. Pure. */
/* The 512-byte IDENTIFY record of a libatasmart blob, or NULL when absent or bent. */
const uint8_t *dc_ata_blob_identify(const uint8_t *blob, size_t len);
/* The SMART RETURN STATUS libatasmart keeps in a blob it read it for: 0 with *good set,
 * or -ENOENT when the blob holds none. */
int dc_ata_blob_smart_status(const uint8_t *blob, size_t len, bool *good);
/* Builds, in out (DC_ATA_BLOB_MAX bytes), the blob libatasmart replays from IDENTIFY,
 * SMART READ DATA and, when not NULL, SMART READ THRESHOLDS (512 bytes each), so that the
 * same library decodes the attributes either way. Returns the blob's length. */
size_t dc_ata_blob_build(uint8_t *out, const uint8_t *identify, const uint8_t *smart_data,
			 const uint8_t *thresholds);

#endif /* DC_ATA_BLOB_H */
