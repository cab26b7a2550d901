// SPDX-License-Identifier: GPL-2.0-or-later
/* protocol.c - the table of back-ends, one per command set (protocol.h). */
#include <errno.h>
#include <string.h>

#include "device/protocol.h"

static const struct dc_protocol_ops protocols[] = {
	{ .name = "none", .protocol = DC_PROTO_NONE },
	{ .name = "nvme", .protocol = DC_PROTO_NVME, .acquire = dc_nvme_acquire, .parse = dc_nvme_parse,
	  .set_cache = dc_nvme_set_cache },
	{ .name = "ata",  .protocol = DC_PROTO_ATA,  .acquire = dc_ata_acquire,  .parse = dc_ata_parse,
	  .set_cache = dc_ata_set_cache },
	{ .name = "scsi", .protocol = DC_PROTO_SCSI, .acquire = dc_scsi_acquire, .parse = dc_scsi_parse,
	  .set_cache = dc_scsi_set_cache },
};

const struct dc_protocol_ops *dc_protocol_ops_for(enum dc_protocol proto)
{
	for (size_t i = 0; i < sizeof(protocols) / sizeof(protocols[0]); i++)
		if (protocols[i].protocol == proto)
			return &protocols[i];
	return &protocols[0];
}

const char *dc_protocol_name(enum dc_protocol proto)
{
	return dc_protocol_ops_for(proto)->name;
}

int dc_protocol_from_name(const char *name, enum dc_protocol *proto)
{
	for (size_t i = 0; i < sizeof(protocols) / sizeof(protocols[0]); i++) {
		if (strcmp(protocols[i].name, name) == 0) {
			*proto = protocols[i].protocol;
			return 0;
		}
	}
	return -EINVAL;
}
