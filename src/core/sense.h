/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sense.h - what an SG_IO command's ending says: sense data, SCSI, host and driver status. */
#ifndef DC_SENSE_H
#define DC_SENSE_H

#include <stddef.h>
#include <stdint.h>

#include "core/io_status.h"

#define DC_SCSI_CHECK_CONDITION 0x02
#define DC_DRIVER_SENSE         0x08 /* driver_status: sense data came with the reply */

/* sense.c: pure, so that every case is tested without a device. */
/*
 * Decodes len bytes of sense data, fixed format (70h/71h: the key in byte 2, ASC and
 * ASCQ in bytes 12 and 13, when the additional sense length reaches them) or descriptor
 * format (72h/73h: bytes 1, 2 and 3). A buffer cut short keeps what it holds: the key
 * alone, or nothing. Returns 0, or -EPROTO (no sense data, or a format not known: out
 * has valid false).
 */
int dc_sense_decode(const uint8_t *sb, size_t len, struct dc_sense *out);

/*
 * What one SG_IO said, from its sg_io_hdr (status, host_status, driver_status and the
 * sb_len_wr bytes of sense). A command succeeded when neither the HBA nor the SCSI layer
 * failed it and the device answered GOOD, or CHECK CONDITION with a sense key of NO SENSE
 * or RECOVERED ERROR (how ATA PASS-THROUGH with CK_COND returns its registers), or with
 * no sense data to say otherwise. Returns 0 (st->kind DC_IO_OK, the rest zero), or
 * st->kind DC_IO_SCSI with every field kept and -EOPNOTSUPP (ILLEGAL REQUEST) or -EIO.
 */
int dc_sg_judge(struct dc_io_status *st, unsigned status, unsigned host_status,
		unsigned driver_status, const uint8_t *sb, size_t sb_len);

/* The words smartctl and the SCSI standards use, or NULL for a code without one. */
const char *dc_sense_key_name(unsigned key);           /* "ILLEGAL REQUEST" */
const char *dc_asc_text(unsigned asc, unsigned ascq);  /* "invalid field in CDB" */
const char *dc_scsi_status_name(unsigned status);      /* "CHECK CONDITION", "BUSY" */
const char *dc_host_status_name(unsigned host_status); /* "DID_TIME_OUT" */
const char *dc_driver_status_name(unsigned driver_status); /* "DRIVER_TIMEOUT" (low bits) */

/*
 * A DC_IO_SCSI status for a person, as smartctl says it:
 * "ILLEGAL REQUEST: invalid field in CDB (sense 5/24/00)", "BUSY (SCSI status 0x08)",
 * "host status 0x03 DID_TIME_OUT". A key without its ASC (a dump older than 1.3, or
 * sense data cut short) keeps the words drivecheck always used for it.
 */
const char *dc_sg_text(const struct dc_io_status *st, char *buf, size_t len);

#endif /* DC_SENSE_H */
