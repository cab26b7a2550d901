/* SPDX-License-Identifier: GPL-2.0-or-later */
/* transports.h - what each way of attaching a disk implies, in one table (transports.c). */
#ifndef DC_TRANSPORTS_H
#define DC_TRANSPORTS_H

#include <stdbool.h>

#include "dc_types.h"

/* Which pair of flush-cost bounds a transport is judged by (include/thresholds.h). */
enum dc_flush_bounds_kind {
	DC_BOUNDS_OTHER = 0,     /* the host decides: the looser pair */
	DC_BOUNDS_NVME,
	DC_BOUNDS_SATA,          /* SATA and SAS */
};

/*
 * One row per enum dc_transport, as lsblk's infos[] gives each column its properties:
 * the enumeration, the decision and ceph-volume's rules all read this row, never a list of
 * transports of their own.
 */
struct dc_transport_info {
	const char *name;        /* as lsblk names it: "nvme", "sata", "virtio-scsi", "-" */
	enum dc_flush_bounds_kind bounds;
	bool host_made;          /* a disk the host makes (virtio, Xen, loop, NBD, memory, md,
				    dm): its "rotational" says nothing of any media */
	bool model_not_drive;    /* its model string names no drive a database could know
				    (virtio, Xen, a USB bridge, loop, NBD): without a row it
				    is a drive not identified */
	bool not_raw_for_ceph;   /* ceph-volume takes no such device as a raw disk (a loop
				    only when told to; an md or dm volume never) */
	bool memory;             /* zram, brd: memory, no drive role applies */
};

/* transports.c */
/* The row of t; an out-of-range value gets DC_TRAN_OTHER's. */
const struct dc_transport_info *dc_transport_info(enum dc_transport t);

#endif /* DC_TRANSPORTS_H */
