// SPDX-License-Identifier: GPL-2.0-or-later
/* sgio.c - SG_IO for the SCSI and ATA back-ends: read-only commands, data in. */
#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>

#include <scsi/sg.h>

#include "sgio.h"

int dc_sgio_read(int fd, const uint8_t *cdb, size_t cdblen, uint8_t *buf, size_t len,
		 size_t *got)
{
	uint8_t sense[32];
	struct sg_io_hdr io;

	memset(&io, 0, sizeof(io));
	memset(sense, 0, sizeof(sense));
	memset(buf, 0, len);
	io.interface_id = 'S';
	io.dxfer_direction = SG_DXFER_FROM_DEV;
	io.cmd_len = (unsigned char)cdblen;
	io.cmdp = (unsigned char *)cdb;
	io.dxferp = buf;
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
