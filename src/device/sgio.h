/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sgio.h - one SCSI command through the kernel's SG_IO ioctl, data in only. */
#ifndef DC_SGIO_H
#define DC_SGIO_H

#include <stddef.h>
#include <stdint.h>

#define DC_SGIO_TIMEOUT_MS 10000

/* sgio.c */
/* Sends cdb and reads up to len bytes into buf; *got is set to the bytes received.
 * Returns 0, -errno (ioctl failed), or >0: the SCSI status, or 0x10000 | sense key
 * when the device answered CHECK CONDITION (sense keys say "not supported" and kin). */
int dc_sgio_read(int fd, const uint8_t *cdb, size_t cdblen, uint8_t *buf, size_t len,
		 size_t *got);
/* Sends cdb with len bytes of buf to the device (len 0: no data). Returns as above. Used
 * only to switch a drive's volatile write cache (the opt-in cache experiment). */
int dc_sgio_write(int fd, const uint8_t *cdb, size_t cdblen, const uint8_t *buf, size_t len);

/* A non-data ATA PASS-THROUGH(16) with CK_COND set (cdb16[2] bit 5): the LBA mid and
 * high registers the device left, from the sense data. Returns 0, or as above (-EPROTO:
 * the sense data holds no registers). For SMART RETURN STATUS. */
int dc_sgio_ata_registers(int fd, const uint8_t *cdb16, uint8_t *lba_mid, uint8_t *lba_high);

#endif /* DC_SGIO_H */
