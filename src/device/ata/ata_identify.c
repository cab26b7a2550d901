// SPDX-License-Identifier: GPL-2.0-or-later
/* ata_identify.c - the words of IDENTIFY DEVICE drivecheck reads, and when each counts. */
#include "device/ata/ata_identify.h"

unsigned dc_ata_id_word(const uint8_t *id, unsigned n)
{
	return id[2 * n] | (unsigned)id[2 * n + 1] << 8;
}

/* A word that says of itself it is valid: bits 15:14 = 01b. */
static bool self_valid(unsigned w)
{
	return (w & 0xC000) == 0x4000;
}

bool dc_ata_id_supported_valid(const uint8_t *id)
{
	return self_valid(dc_ata_id_word(id, 83)) && dc_ata_id_word(id, 82) != 0xFFFF;
}

bool dc_ata_id_enabled_valid(const uint8_t *id)
{
	return self_valid(dc_ata_id_word(id, 87)) && dc_ata_id_word(id, 85) != 0xFFFF;
}

static enum dc_tri bit_of(bool valid, unsigned w, unsigned bit)
{
	if (!valid)
		return DC_TRI_UNKNOWN;
	return (w & (1u << bit)) ? DC_TRI_YES : DC_TRI_NO;
}

enum dc_tri dc_ata_id_write_cache_supported(const uint8_t *id)
{
	return bit_of(dc_ata_id_supported_valid(id), dc_ata_id_word(id, 82), 5);
}

enum dc_tri dc_ata_id_write_cache_enabled(const uint8_t *id)
{
	return bit_of(dc_ata_id_enabled_valid(id), dc_ata_id_word(id, 85), 5);
}

enum dc_tri dc_ata_id_smart_supported(const uint8_t *id)
{
	return bit_of(dc_ata_id_supported_valid(id), dc_ata_id_word(id, 82), 0);
}

enum dc_tri dc_ata_id_smart_enabled(const uint8_t *id)
{
	return bit_of(dc_ata_id_enabled_valid(id), dc_ata_id_word(id, 85), 0);
}

bool dc_ata_id_gpl(const uint8_t *id)
{
	unsigned w84 = dc_ata_id_word(id, 84);

	return self_valid(w84) && (w84 & (1u << 5));
}

unsigned dc_ata_id_logical_sector_bytes(const uint8_t *id)
{
	unsigned w106 = dc_ata_id_word(id, 106);
	uint32_t words = dc_ata_id_word(id, 117) | (uint32_t)dc_ata_id_word(id, 118) << 16;

	if (self_valid(w106) && (w106 & (1u << 12)) && words >= 256 && words <= 32768)
		return 2 * words;
	return 512;
}
