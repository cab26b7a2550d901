// SPDX-License-Identifier: GPL-2.0-or-later
/* ata_blob.c - libatasmart's blob format: records of a 4-byte tag and length, then bytes. Pure. */
#include <arpa/inet.h>
#include <errno.h>
#include <string.h>

#include "device/ata/ata_blob.h"

/* Tags and lengths are big-endian. */
#define BLOB_TAG_IDFY 0x49444659u /* "IDFY": IDENTIFY DEVICE */
#define BLOB_TAG_SMST 0x534D5354u /* "SMST": SMART RETURN STATUS, 4 bytes, 1 = good */
#define BLOB_TAG_SMDT 0x534D4454u /* "SMDT": SMART READ DATA */
#define BLOB_TAG_SMTH 0x534D5448u /* "SMTH": SMART READ THRESHOLDS */

/* The record of a tag, and its size; NULL when absent or bent. */
static const uint8_t *record(const uint8_t *blob, size_t len, uint32_t want, uint32_t *out_size)
{
	size_t off = 0;

	while (len - off >= 8) {
		uint32_t tag, size;

		memcpy(&tag, blob + off, 4);
		memcpy(&size, blob + off + 4, 4);
		tag = ntohl(tag);
		size = ntohl(size);
		off += 8;
		if (size > len - off)
			return NULL;
		if (tag == want) {
			*out_size = size;
			return blob + off;
		}
		off += size;
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
	size_t off = 0;

	while (len - off >= 8) {
		uint32_t tag, size;

		memcpy(&tag, blob + off, 4);
		memcpy(&size, blob + off + 4, 4);
		tag = ntohl(tag);
		size = ntohl(size);
		off += 8;
		if (size > len - off)
			return NULL;
		if (tag == BLOB_TAG_IDFY)
			return size >= DC_ATA_PAGE_LEN ? blob + off : NULL;
		off += size;
	}
	return NULL;
}

static size_t put(uint8_t *blob, size_t off, uint32_t tag, const uint8_t *data)
{
	uint32_t be_tag = htonl(tag), be_len = htonl(DC_ATA_PAGE_LEN);

	memcpy(blob + off, &be_tag, 4);
	memcpy(blob + off + 4, &be_len, 4);
	memcpy(blob + off + 8, data, DC_ATA_PAGE_LEN);
	return off + 8 + DC_ATA_PAGE_LEN;
}

size_t dc_ata_blob_build(uint8_t *out, const uint8_t *identify, const uint8_t *smart_data,
			 const uint8_t *thresholds)
{
	size_t len = put(out, 0, BLOB_TAG_IDFY, identify);

	len = put(out, len, BLOB_TAG_SMDT, smart_data);
	if (thresholds)
		len = put(out, len, BLOB_TAG_SMTH, thresholds);
	return len;
}
