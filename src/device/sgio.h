/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sgio.h - one SCSI command through the kernel's SG_IO ioctl, data in only. */
#ifndef DC_SGIO_H
#define DC_SGIO_H

#include <stddef.h>
#include <stdint.h>

#include "core/raw.h"

#define DC_SGIO_TIMEOUT_MS 10000

/* sgio.c */
/* Sends cdb and reads up to len bytes into buf; *got is set to the bytes received.
 * Returns 0, or a negative errno: the ioctl's own, or -EOPNOTSUPP (ILLEGAL REQUEST) or
 * -EIO when the device, the HBA or the SCSI layer refused the command. st (may be NULL)
 * gets all that was said (sense key, ASC, ASCQ, SCSI, host and driver status: sense.h),
 * DC_IO_OK on success. */
int dc_sgio_read(int fd, const uint8_t *cdb, size_t cdblen, uint8_t *buf, size_t len,
		 size_t *got, struct dc_io_status *st);
/* Sends cdb with len bytes of buf to the device (len 0: no data). Returns as above. Used
 * only to switch a drive's volatile write cache (the opt-in cache experiment). */
int dc_sgio_write(int fd, const uint8_t *cdb, size_t cdblen, const uint8_t *buf, size_t len,
		  struct dc_io_status *st);

/* A non-data ATA PASS-THROUGH(16) with CK_COND set (cdb16[2] bit 5): the LBA mid and
 * high registers the device left, from the sense data. Returns 0, or as above (-EPROTO:
 * the sense data holds no registers). For SMART RETURN STATUS. */
int dc_sgio_ata_registers(int fd, const uint8_t *cdb16, uint8_t *lba_mid, uint8_t *lba_high,
			  struct dc_io_status *st);

#endif /* DC_SGIO_H */
