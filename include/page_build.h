/* SPDX-License-Identifier: GPL-2.0-or-later */
/* page_build.h - raw pages rebuilt from another tool's numbers (import), byte for byte as a
 * drive would give them, so that the parsers read an imported drive as a live one. */
#ifndef DC_PAGE_BUILD_H
#define DC_PAGE_BUILD_H

#include <stdint.h>

#include <nvme/types.h>

#include "dc_types.h"

/* What an ATA IDENTIFY DEVICE is built from. Unknown tri-states leave their bits clear
 * and their validity words as they must be for the bits that are known. */
struct dc_ata_identity {
	const char *model, *serial, *firmware;
	uint64_t capacity_bytes;
	uint32_t logical_block_bytes, physical_block_bytes; /* 0: not said (512) */
	unsigned rotation;             /* word 217: 0 not said, 1 solid state, else rpm */
	enum dc_tri smart_supported, smart_enabled;
	enum dc_tri wcache_supported, wcache_enabled;
};

/* One SMART attribute as another tool printed it. */
struct dc_ata_attr_in {
	uint8_t id;
	uint16_t flags;
	uint8_t value, worst;
	bool has_threshold;            /* false: no entry in the thresholds page */
	uint8_t threshold;
	uint8_t raw[6];                /* little-endian, as in the SMART data page */
	uint8_t reserved;              /* the entry's 12th byte: a 7th raw byte to some
					 formats (smartctl's msec24hour32) */
};

#define DC_ATA_MAX_ATTRS_IN 30

/* page_build.c. Pure. */
/* IDENTIFY DEVICE (512 bytes, checksum valid). */
void dc_build_ata_identify(uint8_t out[512], const struct dc_ata_identity *a);
/* SMART READ DATA and SMART READ THRESHOLDS (512 bytes each, checksums valid) from n
 * (<= DC_ATA_MAX_ATTRS_IN) attributes. */
void dc_build_ata_smart(uint8_t data[512], uint8_t thresholds[512],
			const struct dc_ata_attr_in *attrs, unsigned n);
/* Identify Controller with the identity strings; every other field zero, for the
 * importer to set (a field it cannot set is recorded as not in the input). */
void dc_build_nvme_id_ctrl(struct nvme_id_ctrl *id, const char *model, const char *serial,
			   const char *firmware);
/* Identify Namespace of one LBA format: size in blocks and the block size. */
void dc_build_nvme_id_ns(struct nvme_id_ns *ns, uint64_t blocks, uint32_t block_bytes);
/* The SMART / Health log from its fields. */
void dc_build_nvme_smart_log(struct nvme_smart_log *s, const struct dc_nvme_health *h);
/* Standard INQUIRY (96 bytes), VPD 0x80, and the caching mode page as MODE SENSE(10)
 * returns it (wce: DC_TRI_UNKNOWN leaves the page out: returns 0). Each returns the
 * page's length. */
size_t dc_build_scsi_inquiry(uint8_t out[96], const char *vendor, const char *product,
			     const char *revision);
size_t dc_build_scsi_vpd80(uint8_t out[68], const char *serial);
size_t dc_build_scsi_mode08(uint8_t out[32], enum dc_tri wce);

#endif /* DC_PAGE_BUILD_H */
