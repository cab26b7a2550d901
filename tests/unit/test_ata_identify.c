// SPDX-License-Identifier: GPL-2.0-or-later
/* test_ata_identify.c - the one reading of IDENTIFY's feature words: valid only by their
 * own bits 15:14, never from a word of all ones; the GPL bit; the logical sector size. */
#include "dc_test.h"
#include "device/ata/ata_identify.h"

static void set(uint8_t *id, unsigned w, unsigned v)
{
	id[2 * w] = (uint8_t)(v & 0xFF);
	id[2 * w + 1] = (uint8_t)(v >> 8);
}

int main(void)
{
	uint8_t id[DC_ATA_ID_LEN] = { 0 };

	/* nothing valid: every answer unknown */
	CHECK(dc_ata_id_write_cache_supported(id) == DC_TRI_UNKNOWN);
	CHECK(dc_ata_id_write_cache_enabled(id) == DC_TRI_UNKNOWN);
	CHECK(dc_ata_id_smart_supported(id) == DC_TRI_UNKNOWN && !dc_ata_id_gpl(id));
	/* valid words: the bits are read */
	set(id, 82, 1u << 5 | 1);
	set(id, 83, 0x4000);
	set(id, 85, 1u << 5);
	set(id, 87, 0x4000);
	CHECK(dc_ata_id_write_cache_supported(id) == DC_TRI_YES);
	CHECK(dc_ata_id_write_cache_enabled(id) == DC_TRI_YES);
	CHECK(dc_ata_id_smart_supported(id) == DC_TRI_YES);
	CHECK(dc_ata_id_smart_enabled(id) == DC_TRI_NO);
	/* bits 15:14 = 11 or 00 are not "valid" */
	set(id, 87, 0xC000);
	CHECK(dc_ata_id_write_cache_enabled(id) == DC_TRI_UNKNOWN);
	set(id, 87, 0x4000);
	/* a word of all ones says nothing, whatever its neighbour claims */
	set(id, 85, 0xFFFF);
	CHECK(dc_ata_id_write_cache_enabled(id) == DC_TRI_UNKNOWN);
	CHECK(dc_ata_id_smart_enabled(id) == DC_TRI_UNKNOWN);
	set(id, 82, 0xFFFF);
	CHECK(dc_ata_id_write_cache_supported(id) == DC_TRI_UNKNOWN);
	/* GPL: word 84 bit 5, valid by word 84's own bits */
	set(id, 84, 1u << 5);
	CHECK(!dc_ata_id_gpl(id));
	set(id, 84, 0x4000 | 1u << 5);
	CHECK(dc_ata_id_gpl(id));
	/* logical sectors: 4096 bytes from words 117-118 where word 106 says so */
	CHECK(dc_ata_id_logical_sector_bytes(id) == 512);
	set(id, 106, 0x4000 | 1u << 12);
	set(id, 117, 2048);
	CHECK(dc_ata_id_logical_sector_bytes(id) == 4096);
	set(id, 117, 100); /* under 256 words: not believed */
	CHECK(dc_ata_id_logical_sector_bytes(id) == 512);
	return dc_test_summary("test_ata_identify");
}
