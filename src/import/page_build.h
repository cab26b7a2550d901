/* SPDX-License-Identifier: GPL-2.0-or-later */
/* page_build.h - raw pages rebuilt from another tool's numbers (import), byte for byte as a
 * drive would give them, so that the parsers read an imported drive as a live one. */
#ifndef DC_PAGE_BUILD_H
#define DC_PAGE_BUILD_H

#include <stdbool.h>
#include <stdint.h>

#include <nvme/types.h>

#include "dc_types.h"
#include "core/drive.h"

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

/* ---- the health and wear pages (docs/health.md; raw.h names them) ---- */

/* SMART RETURN STATUS as the drive answers it: LBA mid and LBA high, 4Fh C2h when it says
 * it is good, F4h 2Ch when a threshold is exceeded (ACS-3, SMART RETURN STATUS). Returns 2. */
size_t dc_build_ata_smart_status(uint8_t out[2], bool passed);

/* The flags of a Device Statistics entry: its byte 7 (ACS-3 9.5). */
#define DC_DEVSTAT_SUPPORTED  0x80 /* bit 63: the device supports the statistic */
#define DC_DEVSTAT_VALID      0x40 /* bit 62: its value is valid */
#define DC_DEVSTAT_NORMALIZED 0x20 /* bit 61: a normalised value */
#define DC_DEVSTAT_DSN        0x10 /* bit 60: device statistics notification supported */
#define DC_DEVSTAT_CONDITION  0x08 /* bit 59: monitored condition met */

/* One Device Statistics entry, as another tool printed it. */
struct dc_ata_devstat_in {
	uint8_t page;                  /* log page number */
	uint16_t offset;               /* byte offset in the page: 8 to 504, a multiple of 8 */
	uint8_t size;                  /* bytes of the value, 1 to 7 */
	int64_t value;                 /* when flags has DC_DEVSTAT_VALID; a negative one (a
					 signed temperature) is written in size bytes */
	uint8_t flags;                 /* DC_DEVSTAT_* */
};

/* Page `page` of the Device Statistics log (512 bytes): the header (revision, page number)
 * and the entries of e[0..n) that are of this page; every other entry is zero (bit 63
 * clear: not supported). Entries off the page's grid are skipped. Returns 512. */
size_t dc_build_ata_devstat(uint8_t out[512], uint8_t page, uint16_t revision,
			    const struct dc_ata_devstat_in *e, unsigned n);
/* Page 0, the list of supported pages: 0, then pages[0..n) in ascending order (a page
 * given twice once). Returns 512. */
size_t dc_build_ata_devstat_list(uint8_t out[512], const uint8_t *pages, unsigned n);

/* One LOG SENSE parameter (SPC-4 7.3.2.2): its code, control byte and value. */
struct dc_scsi_log_param {
	uint16_t code;
	uint8_t control;               /* DU TSD ETC TMC, FORMAT AND LINKING (bits 1:0) */
	uint8_t len;                   /* bytes of value */
	uint8_t value[16];             /* as the parameter holds them (counters big-endian) */
};

#define DC_SCSI_LOG_BINARY  0x03   /* FORMAT AND LINKING 11b: a binary format list */
#define DC_SCSI_LOG_COUNTER 0x02   /* 10b: a bounded or unbounded data counter */

/* A LOG SENSE reply (SPC-4 7.3.2): the page header (page code, SPF 0, subpage 0, page
 * length) and the parameters in the order given (ascending codes). Returns its length,
 * or 0 when it does not fit in len bytes. */
size_t dc_build_scsi_log(uint8_t *out, size_t len, uint8_t page,
			 const struct dc_scsi_log_param *p, unsigned n);
/* A counter parameter: code, the value in 8 bytes, big-endian. */
struct dc_scsi_log_param dc_scsi_log_counter(uint16_t code, uint64_t v);
/* A binary parameter of len (<= 16) bytes, all zero but for what the caller sets. */
struct dc_scsi_log_param dc_scsi_log_binary(uint16_t code, uint8_t len);

#endif /* DC_PAGE_BUILD_H */
