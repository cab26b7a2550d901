/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ata_blob.h - libatasmart's blob format (sk_disk_get_blob): its records, found and checked. */
#ifndef DC_ATA_BLOB_H
#define DC_ATA_BLOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DC_ATA_PAGE_LEN 512

/* The records of a blob; each NULL when the blob holds none. */
struct dc_ata_blob_records {
	const uint8_t *identify;       /* IDFY: IDENTIFY DEVICE, 512 bytes */
	const uint8_t *smart_data;     /* SMDT: SMART READ DATA, 512 bytes */
	const uint8_t *thresholds;     /* SMTH: SMART READ THRESHOLDS, 512 bytes */
	const uint8_t *status;         /* SMST: 4 bytes, big-endian, non-zero = good */
};

/* ata_blob.c. Pure. */
/* The 512-byte IDENTIFY record of a libatasmart blob, or NULL when absent or bent. */
const uint8_t *dc_ata_blob_identify(const uint8_t *blob, size_t len);
/* The SMART RETURN STATUS libatasmart keeps in a blob it read it for: 0 with *good set,
 * or -ENOENT when the blob holds none. */
int dc_ata_blob_smart_status(const uint8_t *blob, size_t len, bool *good);
/*
 * Splits a blob by the rules libatasmart's sk_disk_set_blob() takes one back by, so
 * that a blob is SMART data here exactly when it was to libatasmart: records one after
 * the other up to the last byte, IDFY, SMDT and SMTH of 512 bytes and SMST of 4, each at
 * most once, in any order, records of other tags skipped; an IDFY is required. Returns
 * 0, or -EINVAL with why (a phrase: "SMDT record of 100 bytes, not 512") filled.
 */
int dc_ata_blob_split(const uint8_t *blob, size_t len, struct dc_ata_blob_records *out,
		      char *why, size_t whylen);

#endif /* DC_ATA_BLOB_H */
