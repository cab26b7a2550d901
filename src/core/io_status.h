/* SPDX-License-Identifier: GPL-2.0-or-later */
/* io_status.h - how a command to a device ended, one type for every back-end and for
 * imports: a page's status (raw.h), in words by raw.c and, for SG_IO, sense.c. Types alone. */
#ifndef DC_IO_STATUS_H
#define DC_IO_STATUS_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Sense data (SPC-4 4.5), decoded from either format: fixed (response code 70h current,
 * 71h deferred) or descriptor (72h, 73h). The device's own codes, kept as it gave them.
 */
struct dc_sense {
	bool valid;                  /* a known format, long enough to hold the sense key */
	bool asc_valid;              /* ... and the additional sense code and qualifier */
	bool descriptor;             /* 72h/73h */
	bool deferred;               /* 71h/73h: about an earlier command */
	uint8_t key;                 /* 0..15: 5 ILLEGAL REQUEST, 2 NOT READY, ... */
	uint8_t asc, ascq;           /* 24h/00h invalid field in CDB, ... */
};

/* How a page's read ended: one type for every back-end (and for imports). */
enum dc_io_kind {
	DC_IO_OK = 0,                /* read: the page holds the reply (which may be short) */
	DC_IO_ERRNO,                 /* a system call or library failed: errnum */
	DC_IO_NVME,                  /* the NVMe controller answered a status: nvme_status */
	DC_IO_SCSI,                  /* SG_IO: the device, the HBA or the SCSI layer refused
					the command: the fields below */
	DC_IO_NOT_IN_INPUT,          /* import: the format does not carry the page at all */
};

struct dc_io_status {
	enum dc_io_kind kind;
	int errnum;                  /* DC_IO_ERRNO: the errno, positive */
	unsigned nvme_status;        /* DC_IO_NVME: the Status Field as libnvme returns it */
	/* DC_IO_SCSI: what the sg_io_hdr said */
	uint8_t scsi_status;         /* SAM status, reserved bits masked: 02h CHECK CONDITION */
	uint16_t host_status;        /* the HBA driver's DID_* code (0: DID_OK) */
	uint16_t driver_status;      /* the SCSI layer's DRIVER_* code, 08h DRIVER_SENSE */
	struct dc_sense sense;
};

#endif /* DC_IO_STATUS_H */
