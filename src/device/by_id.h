/* SPDX-License-Identifier: GPL-2.0-or-later */
/* by_id.h - a disk's most stable /dev/disk/by-id name, for a spec that must outlive a reboot. */
#ifndef DC_BY_ID_H
#define DC_BY_ID_H

#include <stdbool.h>
#include <stddef.h>

#include "dc_types.h"

/* One link of /dev/disk/by-id: its name and the kernel name it points at ("sda"). */
struct dc_by_id_link {
	char *name;
	char target[DC_NAME_LEN];
};

/* The links of the folder that could name a whole disk, read once for every disk. */
struct dc_by_id {
	struct dc_by_id_link *v;
	unsigned n;
};

/* by_id.c */

/*
 * How stable a link's name is (docs/ceph.md, "Stable paths"): 1 the drive's World Wide
 * Name (wwn-), 2 an NVMe namespace's own identifier (nvme-eui., nvme-uuid., nvme-nvme.),
 * 3 udev's bus, model and serial of an ATA or NVMe drive (ata-, nvme-), 4 of a SCSI or
 * virtio disk (scsi-, virtio-); 0 never: a partition's (-partN), one made of the disk's
 * content (lvm-pv-uuid-, dm-, md-), a WWN of zeros, any other. Pure.
 */
int dc_by_id_rank(const char *name);
/*
 * Reads ROOT/dev/disk/by-id ("" the running system): each link that dc_by_id_rank()
 * takes, with the last part of its target. A folder that is not there is no link (0).
 * Returns 0 or -ENOMEM; l is then freed by dc_by_id_free().
 */
int dc_by_id_read(const char *root, struct dc_by_id *l);
void dc_by_id_free(struct dc_by_id *l);
/*
 * The best link to disk (a kernel name) as "/dev/disk/by-id/NAME" in path: the lowest
 * rank; of two of one rank the longer (udev's NVMe link with the namespace id over the
 * older one without it), then the first in byte order. A name whose path does not fit in
 * len is passed over, never cut. Returns false, path "", when there is none.
 */
bool dc_by_id_pick(const struct dc_by_id *l, const char *disk, char *path, size_t len);

#endif /* DC_BY_ID_H */
