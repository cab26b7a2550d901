/* SPDX-License-Identifier: GPL-2.0-or-later */
/* protocol.h - one back-end per command set (enum dc_protocol): the only code that talks to
 * devices. How a disk is attached (enum dc_transport) is another question: core/transports.h. */
#ifndef DC_PROTOCOL_H
#define DC_PROTOCOL_H

#include "dc_types.h"
#include "core/drive.h"
#include "device/dev.h"

/*
 * After fio's ioengine_ops: a static table, a NULL hook means "not supported".
 * acquire is the only device I/O and fills raw pages; parse is pure (bytes in, facts
 * out) and runs the same on a live drive, on a replayed dump and in tests.
 */
struct dc_protocol_ops {
	const char *name;                                                /* "nvme", "ata", "scsi" */
	enum dc_protocol protocol;
	int (*acquire)(const struct dc_dev *dev, struct dc_raw *raw);   /* 0 or -errno */
	int (*parse)(const struct dc_raw *raw, struct dc_drive *out);   /* 0 or -errno */
	/*
	 * The only code that changes a setting of a drive: its volatile write cache on or
	 * off, for the opt-in cache experiment (--try-cache-off), never saved across a
	 * power cycle. *now (when not NULL) gets what the drive says afterwards, and *st
	 * (when not NULL) how the command that failed ended, as sgio.h and libnvme say it
	 * (SCSI sense, an NVMe status, the ioctl's errno): DC_IO_OK when none was sent or
	 * none failed (the device could not be opened, a page was unusable: the return
	 * value says). Returns 0, -errno, or >0 a device status.
	 */
	int (*set_cache)(const struct dc_dev *dev, bool on, enum dc_tri *now,
			 struct dc_io_status *st);
};

/* protocol.c */
/* Returns the back-end for a protocol; never NULL (DC_PROTO_NONE has no hooks). */
const struct dc_protocol_ops *dc_protocol_ops_for(enum dc_protocol proto);
const char *dc_protocol_name(enum dc_protocol proto);
int dc_protocol_from_name(const char *name, enum dc_protocol *proto);

/* nvme_acquire.c: every libnvme call lives here. */
int dc_nvme_acquire(const struct dc_dev *dev, struct dc_raw *raw);
int dc_nvme_set_cache(const struct dc_dev *dev, bool on, enum dc_tri *now,
		      struct dc_io_status *st);
/* nvme_parse.c */
int dc_nvme_parse(const struct dc_raw *raw, struct dc_drive *out);

/* ata_acquire.c: libatasmart, and SG_IO ATA PASS-THROUGH where it does not serve. */
int dc_ata_acquire(const struct dc_dev *dev, struct dc_raw *raw);
int dc_ata_set_cache(const struct dc_dev *dev, bool on, enum dc_tri *now,
		     struct dc_io_status *st);
/* ata_parse.c */
int dc_ata_parse(const struct dc_raw *raw, struct dc_drive *out);

/* scsi_acquire.c */
int dc_scsi_acquire(const struct dc_dev *dev, struct dc_raw *raw);
int dc_scsi_set_cache(const struct dc_dev *dev, bool on, enum dc_tri *now,
		      struct dc_io_status *st);
/* scsi_parse.c */
int dc_scsi_parse(const struct dc_raw *raw, struct dc_drive *out);

#endif /* DC_PROTOCOL_H */
