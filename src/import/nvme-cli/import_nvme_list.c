// SPDX-License-Identifier: GPL-2.0-or-later
/* import_nvme_list.c - nvme list -o json (plain, -v of 1.x and 2.x, 3.0 multipath) to one part per drive. */
#include <endian.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>
#include <nvme/types.h>

#include "import/import.h"
#include "import/nvme-cli/import_nvme_cli.h"
#include "raw.h"

static enum dc_transport transport_of(const char *t)
{
	static const struct { const char *name; enum dc_transport tran; } map[] = {
		{ "pcie", DC_TRAN_NVME }, { "tcp", DC_TRAN_NVME_TCP }, { "rdma", DC_TRAN_NVME_RDMA },
		{ "loop", DC_TRAN_NVME_LOOP }, { "fc", DC_TRAN_FC },
	};

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strcmp(t, map[i].name) == 0)
			return map[i].tran;
	return DC_TRAN_OTHER;
}

/* Size and block size of the first namespace in the array that gives them. */
static int list_ns_size(struct ctx *c, const cJSON *nss, uint64_t *bytes, uint32_t *block)
{
	const cJSON *ns;

	if (nss && !cJSON_IsArray(nss) && !cJSON_IsObject(nss)) {
		nc_fail(c, "\"Namespaces\" is not an array");
		return -EINVAL;
	}
	cJSON_ArrayForEach(ns, nss) {
		const cJSON *size = cJSON_GetObjectItemCaseSensitive(ns, "PhysicalSize");
		const cJSON *sect = cJSON_GetObjectItemCaseSensitive(ns, "SectorSize");
		u128 s = 0, b = 0;

		if (!cJSON_IsObject(ns))
			continue;
		if ((size && nc_uint(c, size, "PhysicalSize", 64, &s)) ||
		    (sect && nc_uint(c, sect, "SectorSize", 32, &b)))
			return -EINVAL;
		if (s && !*bytes) {
			*bytes = (uint64_t)s;
			*block = (uint32_t)b;
		}
	}
	return 0;
}

/* One controller (or one namespace entry of the plain list): a part naming a drive. */
static int list_add(struct ctx *c, const cJSON *o, const cJSON *nss, const cJSON *subsys_nss,
		    unsigned nctrls, struct dc_import_parts *out, unsigned first, unsigned *added)
{
	const char *mn, *sn, *fr, *tr;
	struct dc_import_part *p;
	uint64_t bytes = 0;
	uint32_t block = 0;
	char serial[DC_TEXT_LEN];

	if (nc_string(c, o, "ModelNumber", 64, &mn) || nc_string(c, o, "SerialNumber", 64, &sn) ||
	    nc_string(c, o, "Firmware", 32, &fr) || nc_string(c, o, "Transport", 32, &tr))
		return -EINVAL;
	if (!mn || !sn) {
		nc_fail(c, "a device without \"%s\"", mn ? "SerialNumber" : "ModelNumber");
		return -EINVAL;
	}
	nc_trimmed(serial, sizeof(serial), sn);
	/* Two namespaces of one controller are one drive. */
	for (unsigned i = first; i < out->n; i++)
		if (serial[0] && strcmp(out->v[i].dev.serial, serial) == 0)
			return 0;
	if (list_ns_size(c, nss, &bytes, &block))
		return -EINVAL;
	if (!nss) { /* the plain list: the entry is the namespace */
		const cJSON *size = cJSON_GetObjectItemCaseSensitive(o, "PhysicalSize");
		const cJSON *sect = cJSON_GetObjectItemCaseSensitive(o, "SectorSize");
		u128 s = 0, b = 0;

		if ((size && nc_uint(c, size, "PhysicalSize", 64, &s)) ||
		    (sect && nc_uint(c, sect, "SectorSize", 32, &b)))
			return -EINVAL;
		bytes = (uint64_t)s;
		block = (uint32_t)b;
	}
	/* A controller's own namespace entries may show no size (nvme0c0n1); the
	 * subsystem's do, and are this controller's when it is the only one. */
	if (!bytes && nctrls == 1 && list_ns_size(c, subsys_nss, &bytes, &block))
		return -EINVAL;
	p = dc_import_part_add(out, DC_IMPORT_NVME_LIST);
	if (!p)
		return -ENOMEM;
	(*added)++;
	p->dev.protocol = DC_PROTO_NVME;
	p->dev.transport = tr ? transport_of(tr) : DC_TRAN_NVME;
	nc_trimmed(p->dev.model, sizeof(p->dev.model), mn);
	snprintf(p->dev.serial, sizeof(p->dev.serial), "%s", serial);
	nc_trimmed(p->dev.firmware, sizeof(p->dev.firmware), fr ? fr : "");
	p->dev.capacity_bytes = bytes;
	p->dev.logical_block_bytes = block >= 512 && block <= (1u << 24) ? block : 0;
	return nc_lacks_nvme_pages(p);
}

static int list_subsystem(struct ctx *c, const cJSON *ss, struct dc_import_parts *out,
			  unsigned first, unsigned *added)
{
	const cJSON *ctrls = cJSON_GetObjectItemCaseSensitive(ss, "Controllers");
	const cJSON *nss = cJSON_GetObjectItemCaseSensitive(ss, "Namespaces");
	const cJSON *it;
	int nctrls = cJSON_GetArraySize(ctrls);

	if ((ctrls && !cJSON_IsArray(ctrls) && !cJSON_IsObject(ctrls)) ||
	    (nss && !cJSON_IsArray(nss) && !cJSON_IsObject(nss))) {
		nc_fail(c, "a subsystem's \"Controllers\" or \"Namespaces\" is not an array");
		return -EINVAL;
	}
	cJSON_ArrayForEach(it, ctrls) {
		int rc;

		if (!cJSON_IsObject(it)) {
			nc_fail(c, "a controller is not an object");
			return -EINVAL;
		}
		if ((rc = list_add(c, it, cJSON_GetObjectItemCaseSensitive(it, "Namespaces"), nss,
				   (unsigned)nctrls, out, first, added)))
			return rc;
	}
	if (nctrls)
		return 0;
	/* 3.0 with multipath: the namespaces list the controllers as their Paths. */
	cJSON_ArrayForEach(it, nss) {
		const cJSON *paths = cJSON_GetObjectItemCaseSensitive(it, "Paths"), *path;

		cJSON_ArrayForEach(path, paths) {
			int rc = cJSON_IsObject(path) &&
				 cJSON_GetObjectItemCaseSensitive(path, "SerialNumber")
				 ? list_add(c, path, NULL, NULL, 0, out, first, added) : 0;

			if (rc)
				return rc;
		}
	}
	return 0;
}

int nc_import_list(struct ctx *c, const cJSON *root, struct dc_import_parts *out)
{
	const cJSON *devs = cJSON_GetObjectItemCaseSensitive(root, "Devices"), *d;
	unsigned first = out->n, added = 0;

	c->what = "list";
	if (!cJSON_IsArray(devs)) {
		nc_fail(c, "\"Devices\" is not an array");
		return -EINVAL;
	}
	cJSON_ArrayForEach(d, devs) {
		const cJSON *subs = cJSON_GetObjectItemCaseSensitive(d, "Subsystems"), *ss;
		int rc = 0;

		if (!cJSON_IsObject(d)) {
			nc_fail(c, "a device is not an object");
			return -EINVAL;
		}
		if (subs) { /* 2.x -v: hosts holding subsystems */
			if (!cJSON_IsArray(subs) && !cJSON_IsObject(subs)) {
				nc_fail(c, "\"Subsystems\" is not an array");
				return -EINVAL;
			}
			cJSON_ArrayForEach(ss, subs) {
				if (!cJSON_IsObject(ss)) {
					nc_fail(c, "a subsystem is not an object");
					return -EINVAL;
				}
				if ((rc = list_subsystem(c, ss, out, first, &added)))
					return rc;
			}
		} else if (cJSON_GetObjectItemCaseSensitive(d, "Controllers") ||
			   cJSON_GetObjectItemCaseSensitive(d, "Subsystem")) { /* 1.x -v */
			rc = list_subsystem(c, d, out, first, &added);
		} else {
			rc = list_add(c, d, NULL, NULL, 0, out, first, &added);
		}
		if (rc)
			return rc; /* the reason is set; -ENOMEM stays -ENOMEM */
	}
	if (!added) {
		nc_fail(c, "no NVMe device in the list");
		return -EINVAL;
	}
	return (int)added;
}
