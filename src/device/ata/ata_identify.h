/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ata_identify.h - the words of IDENTIFY DEVICE drivecheck reads, and when each counts
 * (ACS-3, 7.12.7): the one reading of them for the parser, the acquirer and the cache
 * experiment. Pure.
 */
#ifndef DC_ATA_IDENTIFY_H
#define DC_ATA_IDENTIFY_H

#include <stdbool.h>
#include <stdint.h>

#include "dc_types.h"

#define DC_ATA_ID_LEN 512

/* Word n, little-endian. */
unsigned dc_ata_id_word(const uint8_t *id, unsigned n);

/* Words 82-84 are valid when word 83 bits 15:14 are 01b; words 85-87 when word 87's are
 * (a word of all ones is "not reported" even so). */
bool dc_ata_id_supported_valid(const uint8_t *id);
bool dc_ata_id_enabled_valid(const uint8_t *id);

/* The volatile write cache: supported (word 82 bit 5), enabled (word 85 bit 5); unknown
 * where the words are not valid. */
enum dc_tri dc_ata_id_write_cache_supported(const uint8_t *id);
enum dc_tri dc_ata_id_write_cache_enabled(const uint8_t *id);
/* SMART: supported (word 82 bit 0), enabled (word 85 bit 0); unknown likewise. */
enum dc_tri dc_ata_id_smart_supported(const uint8_t *id);
enum dc_tri dc_ata_id_smart_enabled(const uint8_t *id);
/* The General Purpose Logging feature set (word 84 bit 5, word 84 valid by its own
 * bits 15:14): READ LOG EXT may be asked. */
bool dc_ata_id_gpl(const uint8_t *id);
/* The logical sector size in bytes: words 117-118 where word 106 (valid by its own bits
 * 15:14) says a sector is longer than 256 words (bit 12); 512 otherwise. */
unsigned dc_ata_id_logical_sector_bytes(const uint8_t *id);

#endif /* DC_ATA_IDENTIFY_H */
