// SPDX-License-Identifier: GPL-2.0-or-later
/* sgio.c - SG_IO for the SCSI and ATA back-ends: reads, and the cache switch of the cache experiment. */
#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>

#include <scsi/sg.h>

#include "sgio.h"

static int sgio(int fd, int dir, const uint8_t *cdb, size_t cdblen, uint8_t *buf, size_t len,
		size_t *got)
{
	uint8_t sense[32];
	struct sg_io_hdr io;

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

	if (ioctl(fd, SG_IO, &io) < 0)
		return -errno;
	if (io.host_status || (io.driver_status & ~0x08 /* DRIVER_SENSE */))
		return -EIO;
	if (io.status == 0x02 /* CHECK CONDITION */ || (io.driver_status & 0x08)) {
		/* ATA PASS-THROUGH with CK_COND reports success through sense data too. */
		uint8_t key = (sense[0] & 0x7f) >= 0x72 ? sense[1] & 0x0f : sense[2] & 0x0f;
		if (key != 0 && key != 1 /* RECOVERED ERROR */)
			return 0x10000 | key;
	} else if (io.status) {
		return io.status;
	}
	*got = len - (size_t)(io.resid > 0 ? io.resid : 0);
	return 0;
}

int dc_sgio_read(int fd, const uint8_t *cdb, size_t cdblen, uint8_t *buf, size_t len,
		 size_t *got)
{
	memset(buf, 0, len);
	return sgio(fd, SG_DXFER_FROM_DEV, cdb, cdblen, buf, len, got);
}

int dc_sgio_write(int fd, const uint8_t *cdb, size_t cdblen, const uint8_t *buf, size_t len)
{
	size_t got;

	return sgio(fd, SG_DXFER_TO_DEV, cdb, cdblen, (uint8_t *)buf, len, &got);
}
