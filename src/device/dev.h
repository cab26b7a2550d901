/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dev.h - what enumeration finds of one whole block device: sysfs's facts and its mounts
 * (sysfs.c fills it; a dump keeps it, dump_write.c). Types alone. */
#ifndef DC_DEV_H
#define DC_DEV_H

#include "dc_types.h"

#define DC_MAX_MOUNTS 16
#define DC_MAX_PARTS  64
#define DC_MAX_MEMBERS 16

struct dc_mount {
	char source[DC_PATH_LEN];  /* the block device, e.g. /dev/sda1 */
	char target[DC_PATH_LEN];  /* where it is mounted */
	char fstype[DC_NAME_LEN];
	bool readonly;
};

/* What sysfs (and /proc/self/mountinfo) says about one whole block device. */
struct dc_dev {
	char name[DC_NAME_LEN];        /* kernel name: "nvme0n1", "sda", "loop3" */
	char path[DC_PATH_LEN];        /* device node: "/dev/nvme0n1" */
	char by_id[DC_PATH_LEN];       /* its most stable /dev/disk/by-id link (by_id.c), or "" */
	enum dc_transport transport;   /* as lsblk decides it: nvme, sata, sas, usb, virtio, loop, ... */
	enum dc_protocol protocol;
	char vendor[DC_TEXT_LEN];      /* sysfs device/vendor (SCSI INQUIRY vendor), may be empty */
	char model[DC_TEXT_LEN];       /* sysfs device/model */
	char serial[DC_TEXT_LEN];
	char firmware[DC_NAME_LEN];
	uint64_t capacity_bytes;
	uint32_t logical_block_bytes;
	uint32_t physical_block_bytes;
	enum dc_tri rotational;
	bool readonly;
	bool removable;
	enum dc_kernel_cache kernel_cache;    /* queue/write_cache */
	enum dc_tri kernel_fua;               /* queue/fua */
	char backing_file[DC_PATH_LEN];       /* loop devices: loop/backing_file */
	char backing_fstype[DC_NAME_LEN];     /* ... the filesystem it lives on, "" unknown */
	char backing_source[DC_PATH_LEN];     /* ... that filesystem's device ("/dev/sda2") */
	char backing_mount[DC_PATH_LEN];      /* ... and where it is mounted */
	unsigned nmembers;                    /* md and dm volumes: their members (slaves/) */
	char members[DC_MAX_MEMBERS][DC_NAME_LEN]; /* the first DC_MAX_MEMBERS of nmembers */
	char phys_key[DC_PATH_LEN];           /* the same for two block devices of one physical
						 device (namespaces of one controller, paths to
						 one LUN, loops over one file): never probed at
						 once */
	unsigned nparts;
	char parts[DC_MAX_PARTS][DC_NAME_LEN]; /* partition names, e.g. "sda1" */
	unsigned nholders;                      /* holders of the disk or of any partition */
	unsigned nmounts;
	struct dc_mount mounts[DC_MAX_MOUNTS];  /* mounts of the disk and its partitions */
};

#endif /* DC_DEV_H */
