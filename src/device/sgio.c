// SPDX-License-Identifier: GPL-2.0-or-later
/* sgio.c - SG_IO for the SCSI and ATA back-ends: reads, and the cache switch of the cache experiment. */
#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>

#include <scsi/sg.h>

#include "device/sgio.h"
#include "core/raw.h"
#include "core/sense.h"

static int sgio(int fd, int dir, const uint8_t *cdb, size_t cdblen, uint8_t *buf, size_t len,
		size_t *got, struct dc_io_status *st)
{
	uint8_t sense[32];
	struct dc_io_status mine;
	struct sg_io_hdr io;
	int rc;

	if (!st)
		st = &mine;
	memset(&io, 0, sizeof(io));
	memset(sense, 0, sizeof(sense));
	io.interface_id = 'S';
	io.dxfer_direction = len ? dir : SG_DXFER_NONE;
	io.cmd_len = (unsigned char)cdblen;
	io.cmdp = (unsigned char *)cdb;
	io.dxferp = len ? buf : NULL;
	io.dxfer_len = (unsigned)len;
	io.sbp = sense;
	io.mx_sb_len = sizeof(sense);
	io.timeout = DC_SGIO_TIMEOUT_MS;
	*got = 0;

	if (ioctl(fd, SG_IO, &io) < 0) {
		rc = -errno;
		*st = dc_io_errno(rc);
		return rc;
	}
	/* ATA PASS-THROUGH with CK_COND reports success through sense data too (sense.h) */
	rc = dc_sg_judge(st, io.status, io.host_status, io.driver_status, sense,
			 io.sb_len_wr < sizeof(sense) ? io.sb_len_wr : sizeof(sense));
	if (rc)
		return rc;
	*got = len - (size_t)(io.resid > 0 ? io.resid : 0);
	return 0;
}

int dc_sgio_read(int fd, const uint8_t *cdb, size_t cdblen, uint8_t *buf, size_t len,
		 size_t *got, struct dc_io_status *st)
{
	memset(buf, 0, len);
	return sgio(fd, SG_DXFER_FROM_DEV, cdb, cdblen, buf, len, got, st);
}

int dc_sgio_write(int fd, const uint8_t *cdb, size_t cdblen, const uint8_t *buf, size_t len,
		  struct dc_io_status *st)
{
	size_t got;

	return sgio(fd, SG_DXFER_TO_DEV, cdb, cdblen, (uint8_t *)buf, len, &got, st);
}

/*
 * The ATA registers a SATL returns in the sense data of an ATA PASS-THROUGH with CK_COND
 * set (SAT-3 12.2.2.6): the ATA Status Return descriptor (09h) of descriptor-format
 * sense, or the fixed-format fields, whichever the SATL gives.
 */
static int ata_registers(const uint8_t *sense, size_t len, uint8_t *lba_mid, uint8_t *lba_high)
{
	uint8_t fmt = sense[0] & 0x7f;

	if ((fmt == 0x72 || fmt == 0x73) && len >= 8) {
		size_t end = 8 + (size_t)sense[7], off = 8;

		if (end > len)
			end = len;
		while (off + 2 <= end) {
			if (sense[off] == 0x09 && off + 14 <= end) {
				*lba_mid = sense[off + 9];
				*lba_high = sense[off + 11];
				return 0;
			}
			off += 2 + (size_t)sense[off + 1];
		}
		return -EPROTO;
	}
	if ((fmt == 0x70 || fmt == 0x71) && len >= 12) {
		*lba_mid = sense[10];
		*lba_high = sense[11];
		return 0;
	}
	return -EPROTO;
}

int dc_sgio_ata_registers(int fd, const uint8_t *cdb16, uint8_t *lba_mid, uint8_t *lba_high,
			  struct dc_io_status *st)
{
	uint8_t sense[64];
	struct dc_io_status mine;
	struct sg_io_hdr io;
	size_t sb_len;
	int rc;

	if (!st)
		st = &mine;
	memset(&io, 0, sizeof(io));
	memset(sense, 0, sizeof(sense));
	io.interface_id = 'S';
	io.dxfer_direction = SG_DXFER_NONE;
	io.cmd_len = 16;
	io.cmdp = (unsigned char *)cdb16;
	io.sbp = sense;
	io.mx_sb_len = sizeof(sense);
	io.timeout = DC_SGIO_TIMEOUT_MS;
	if (ioctl(fd, SG_IO, &io) < 0) {
		rc = -errno;
		*st = dc_io_errno(rc);
		return rc;
	}
	sb_len = io.sb_len_wr < sizeof(sense) ? io.sb_len_wr : sizeof(sense);
	/* RECOVERED ERROR, "ATA pass through information available" (00h/1Dh), is how
	 * CK_COND answers; anything else is the command refused */
	rc = dc_sg_judge(st, io.status, io.host_status, io.driver_status, sense, sb_len);
	if (rc)
		return rc;
	if (sb_len == 0 && io.status) {
		/* a status other than GOOD, and no sense to read the registers from */
		st->kind = DC_IO_SCSI;
		st->scsi_status = (uint8_t)(io.status & 0x7e);
		st->host_status = io.host_status;
		st->driver_status = io.driver_status;
		return -EIO;
	}
	rc = sb_len ? ata_registers(sense, sb_len, lba_mid, lba_high) : -EPROTO;
	if (rc)
		*st = dc_io_errno(rc);
	return rc;
}
