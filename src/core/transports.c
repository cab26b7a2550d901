// SPDX-License-Identifier: GPL-2.0-or-later
/* transports.c - the per-transport table (transports.h) and the transports' names. */
#include <errno.h>
#include <string.h>

#include "core/transports.h"
#include "core/names.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const struct dc_transport_info infos[] = {
	[DC_TRAN_UNKNOWN]     = { .name = "-" },
	[DC_TRAN_NVME]        = { .name = "nvme", .bounds = DC_BOUNDS_NVME },
	[DC_TRAN_NVME_TCP]    = { .name = "tcp" },
	[DC_TRAN_NVME_RDMA]   = { .name = "rdma" },
	[DC_TRAN_NVME_LOOP]   = { .name = "nvme-loop" },
	[DC_TRAN_FC]          = { .name = "fc" },
	[DC_TRAN_SATA]        = { .name = "sata", .bounds = DC_BOUNDS_SATA },
	[DC_TRAN_SAS]         = { .name = "sas", .bounds = DC_BOUNDS_SATA },
	[DC_TRAN_SCSI]        = { .name = "scsi" },
	[DC_TRAN_ISCSI]       = { .name = "iscsi" },
	[DC_TRAN_USB]         = { .name = "usb", .model_not_drive = true },
	[DC_TRAN_VIRTIO]      = { .name = "virtio", .host_made = true, .model_not_drive = true },
	[DC_TRAN_VIRTIO_SCSI] = { .name = "virtio-scsi", .host_made = true,
				  .model_not_drive = true },
	[DC_TRAN_XEN]         = { .name = "xen", .host_made = true, .model_not_drive = true },
	[DC_TRAN_LOOP]        = { .name = "loop", .host_made = true, .model_not_drive = true,
				  .not_raw_for_ceph = true },
	[DC_TRAN_NBD]         = { .name = "nbd", .host_made = true, .model_not_drive = true },
	[DC_TRAN_MMC]         = { .name = "mmc" },
	[DC_TRAN_OTHER]       = { .name = "other" },
	[DC_TRAN_MEMORY]      = { .name = "memory", .host_made = true, .memory = true },
	[DC_TRAN_MD]          = { .name = "md", .host_made = true, .not_raw_for_ceph = true },
	[DC_TRAN_DM]          = { .name = "dm", .host_made = true, .not_raw_for_ceph = true },
};
_Static_assert(COUNT(infos) == DC_TRAN_COUNT, "a transport without its row");

const struct dc_transport_info *dc_transport_info(enum dc_transport t)
{
	return (unsigned)t < COUNT(infos) && infos[t].name ? &infos[t] : &infos[DC_TRAN_OTHER];
}

const char *dc_transport_name(enum dc_transport t)
{
	return dc_transport_info(t)->name;
}

int dc_transport_from_name(const char *name, enum dc_transport *out)
{
	for (size_t i = 0; name && i < COUNT(infos); i++)
		if (strcmp(infos[i].name, name) == 0) {
			*out = (enum dc_transport)i;
			return 0;
		}
	return -EINVAL;
}
