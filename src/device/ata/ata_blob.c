// SPDX-License-Identifier: GPL-2.0-or-later
/* ata_blob.c - libatasmart's blob format: records of a 4-byte tag and length, then bytes. Pure. */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "device/ata/ata_blob.h"

/* Tags and lengths are big-endian. */
#define BLOB_TAG_IDFY 0x49444659u /* "IDFY": IDENTIFY DEVICE */
#define BLOB_TAG_SMST 0x534D5354u /* "SMST": SMART RETURN STATUS, 4 bytes, 1 = good */
#define BLOB_TAG_SMDT 0x534D4454u /* "SMDT": SMART READ DATA */
#define BLOB_TAG_SMTH 0x534D5448u /* "SMTH": SMART READ THRESHOLDS */

/* The record at *off: its tag, size and bytes, *off moved past it. 0 at the end, 1 for a
 * record, -1 when the header or the bytes it announces run past the blob's end. */
static int next(const uint8_t *blob, size_t len, size_t *off, uint32_t *tag, uint32_t *size,
		const uint8_t **p)
{
	if (*off == len)
		return 0;
	if (len - *off < 8)
		return -1;
	memcpy(tag, blob + *off, 4);
	memcpy(size, blob + *off + 4, 4);
	*tag = ntohl(*tag);
	*size = ntohl(*size);
	if (*size > len - *off - 8)
		return -1;
	*p = blob + *off + 8;
	*off += 8 + (size_t)*size;
	return 1;
}

/* The first record of a tag, and its size; NULL when absent or when the blob bends first. */
static const uint8_t *record(const uint8_t *blob, size_t len, uint32_t want, uint32_t *out_size)
{
	size_t off = 0;
	uint32_t tag, size;
	const uint8_t *p;

	while (next(blob, len, &off, &tag, &size, &p) == 1) {
		if (tag == want) {
			*out_size = size;
			return p;
		}
	}
	return NULL;
}

int dc_ata_blob_smart_status(const uint8_t *blob, size_t len, bool *good)
{
	uint32_t size = 0, v;
	const uint8_t *p = record(blob, len, BLOB_TAG_SMST, &size);

	if (!p || size != 4)
		return -ENOENT;
	memcpy(&v, p, 4);
	*good = ntohl(v) != 0;
	return 0;
}

const uint8_t *dc_ata_blob_identify(const uint8_t *blob, size_t len)
{
	uint32_t size = 0;
	const uint8_t *p = record(blob, len, BLOB_TAG_IDFY, &size);

	return p && size >= DC_ATA_PAGE_LEN ? p : NULL;
}

static void tag_name(uint32_t tag, char out[5])
{
	for (int i = 0; i < 4; i++) {
		uint8_t c = (uint8_t)(tag >> (24 - 8 * i));

		out[i] = c >= 0x21 && c <= 0x7e ? (char)c : '?';
	}
	out[4] = '\0';
}

int dc_ata_blob_split(const uint8_t *blob, size_t len, struct dc_ata_blob_records *out,
		      char *why, size_t whylen)
{
	size_t off = 0;
	uint32_t tag, size;
	const uint8_t *p;
	char name[5];
	int rc;

	memset(out, 0, sizeof(*out));
	if (len == 0) {
		snprintf(why, whylen, "empty");
		return -EINVAL;
	}
	while ((rc = next(blob, len, &off, &tag, &size, &p)) == 1) {
		const uint8_t **slot = NULL;
		uint32_t want = DC_ATA_PAGE_LEN;

		switch (tag) {
		case BLOB_TAG_IDFY: slot = &out->identify; break;
		case BLOB_TAG_SMDT: slot = &out->smart_data; break;
		case BLOB_TAG_SMTH: slot = &out->thresholds; break;
		case BLOB_TAG_SMST: slot = &out->status; want = 4; break;
		default: continue; /* a tag of a later libatasmart: skipped, as it does */
		}
		tag_name(tag, name);
		if (size != want) {
			snprintf(why, whylen, "%s record of %u bytes, not %u", name, size, want);
			return -EINVAL;
		}
		if (*slot) {
			snprintf(why, whylen, "two %s records", name);
			return -EINVAL;
		}
		*slot = p;
	}
	if (rc < 0) {
		snprintf(why, whylen, "a record runs past the end (%zu bytes) at byte %zu", len, off);
		return -EINVAL;
	}
	if (!out->identify) {
		snprintf(why, whylen, "no IDFY record");
		return -EINVAL;
	}
	return 0;
}
