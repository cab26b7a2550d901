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
#include "core/raw.h"

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

/* An array, or an object whose members stand for its elements (-v prints some lists so):
 * *out NULL when absent (or, with DC_JSON_SOFT, of another type). */
static enum dc_json_status read_list(struct dc_json_reader *r, const cJSON *o, const char *key,
				     unsigned how, const cJSON **out)
{
	if (dc_jr_obj(r, o, key, DC_JSON_SOFT, out) == DC_JSON_OK)
		return DC_JSON_OK;
	return dc_jr_arr(r, o, key, how, out);
}

/* A size and a block size of o, each absent, or 0, when it does not say. */
static int sizes_of(struct dc_json_reader *r, const cJSON *o, uint64_t *bytes, uint32_t *block)
{
	u128 s = 0, b = 0;

	nc_count(r, o, "PhysicalSize", 64, &s);
	nc_count(r, o, "SectorSize", 32, &b);
	*bytes = (uint64_t)s;
	*block = (uint32_t)b;
	return r->rc;
}

/* Size and block size of the first namespace in the list (its path entered) that gives
 * them. */
static int list_ns_size(struct dc_json_reader *r, const cJSON *nss, uint64_t *bytes,
			uint32_t *block)
{
	const cJSON *ns, *no;
	unsigned k = 0;

	cJSON_ArrayForEach(ns, nss) {
		uint64_t s;
		uint32_t b;

		dc_jr_enter_index(r, k++);
		if (dc_jr_obj(r, ns, NULL, DC_JSON_SOFT, &no) == DC_JSON_OK &&
		    !sizes_of(r, no, &s, &b) && s && !*bytes) {
			*bytes = s;
			*block = b;
		}
		dc_jr_leave(r);
		if (r->rc)
			break;
	}
	return r->rc;
}

/* A drive's size, and its block size when it is one. */
static void set_size(struct dc_import_part *p, uint64_t bytes, uint32_t block)
{
	p->dev.capacity_bytes = bytes;
	p->dev.logical_block_bytes = block >= 512 && block <= (1u << 24) ? block : 0;
}

/* One controller (or one namespace entry of the plain list) at the path entered: a part
 * naming a drive. nss_of holds the drive's "Namespaces" (NULL: the entry is the namespace,
 * and gives its size itself). */
static int list_add(struct dc_json_reader *r, const cJSON *o, const cJSON *nss_of,
		    struct dc_import_parts *out, unsigned first, unsigned *added)
{
	const char *mn = NULL, *sn = NULL, *fr = NULL, *tr = NULL;
	const cJSON *nss;
	struct dc_import_part *p;
	uint64_t bytes = 0;
	uint32_t block = 0;
	char serial[DC_TEXT_LEN];

	dc_jr_str(r, o, "ModelNumber", 64, DC_JSON_REQUIRED, &mn);
	dc_jr_str(r, o, "SerialNumber", 64, DC_JSON_REQUIRED, &sn);
	dc_jr_str(r, o, "Firmware", 32, 0, &fr);
	dc_jr_str(r, o, "Transport", 32, 0, &tr);
	if (r->rc)
		return r->rc;
	nc_trimmed(serial, sizeof(serial), sn);
	/* Two namespaces of one controller are one drive. */
	for (unsigned i = first; i < out->n; i++)
		if (serial[0] && strcmp(out->v[i].dev.serial, serial) == 0)
			return 0;
	read_list(r, nss_of, "Namespaces", 0, &nss);
	dc_jr_enter(r, "Namespaces");
	list_ns_size(r, nss, &bytes, &block);
	dc_jr_leave(r);
	if (!nss) /* the plain list: the entry is the namespace */
		sizes_of(r, o, &bytes, &block);
	if (r->rc)
		return r->rc;
	p = dc_import_part_add(out, DC_IMPORT_NVME_LIST);
	if (!p)
		return -ENOMEM;
	(*added)++;
	p->dev.protocol = DC_PROTO_NVME;
	p->dev.transport = tr ? transport_of(tr) : DC_TRAN_NVME;
	nc_trimmed(p->dev.model, sizeof(p->dev.model), mn);
	snprintf(p->dev.serial, sizeof(p->dev.serial), "%s", serial);
	nc_trimmed(p->dev.firmware, sizeof(p->dev.firmware), fr ? fr : "");
	set_size(p, bytes, block);
	return nc_lacks_nvme_pages(p);
}

/* One subsystem, its path entered: its controllers, or (3.0 with multipath) the
 * controllers its namespaces name as their Paths. */
static int list_subsystem(struct dc_json_reader *r, const cJSON *ss,
			  struct dc_import_parts *out, unsigned first, unsigned *added)
{
	const cJSON *ctrls, *nss, *it, *ctrl;
	unsigned nctrls, k = 0, before = *added;
	int rc = 0;

	read_list(r, ss, "Controllers", 0, &ctrls);
	read_list(r, ss, "Namespaces", 0, &nss);
	if (r->rc)
		return r->rc;
	nctrls = (unsigned)cJSON_GetArraySize(ctrls);
	dc_jr_enter(r, "Controllers");
	cJSON_ArrayForEach(it, ctrls) {
		dc_jr_enter_index(r, k++);
		if (dc_jr_obj(r, it, NULL, 0, &ctrl) == DC_JSON_OK)
			rc = list_add(r, ctrl, ctrl, out, first, added);
		dc_jr_leave(r);
		if (r->rc || rc)
			break;
	}
	dc_jr_leave(r);
	if (r->rc || rc)
		return r->rc ? r->rc : rc;
	/* A controller's own namespace entries may show no size (nvme0c0n1); the
	 * subsystem's do, and are this controller's when it is the only one. */
	if (nctrls == 1 && *added > before && !out->v[out->n - 1].dev.capacity_bytes) {
		uint64_t bytes = 0;
		uint32_t block = 0;

		dc_jr_enter(r, "Namespaces");
		list_ns_size(r, nss, &bytes, &block);
		dc_jr_leave(r);
		if (bytes)
			set_size(&out->v[out->n - 1], bytes, block);
		return r->rc;
	}
	if (nctrls)
		return 0;
	/* 3.0 with multipath: the namespaces list the controllers as their Paths. */
	dc_jr_enter(r, "Namespaces");
	k = 0;
	cJSON_ArrayForEach(it, nss) {
		const cJSON *paths, *path;
		unsigned m = 0;

		read_list(r, it, "Paths", DC_JSON_SOFT, &paths);
		dc_jr_enter_index(r, k++);
		dc_jr_enter(r, "Paths");
		cJSON_ArrayForEach(path, paths) {
			const cJSON *po;

			dc_jr_enter_index(r, m++);
			if (dc_jr_obj(r, path, NULL, DC_JSON_SOFT, &po) == DC_JSON_OK &&
			    dc_jr_has(po, "SerialNumber"))
				rc = list_add(r, po, NULL, out, first, added);
			dc_jr_leave(r);
			if (rc)
				break;
		}
		dc_jr_leave(r);
		dc_jr_leave(r);
		if (rc)
			break;
	}
	dc_jr_leave(r);
	return rc;
}

int nc_import_list(struct dc_json_reader *r, const cJSON *root, struct dc_import_parts *out)
{
	const cJSON *devs, *d, *dev;
	unsigned first = out->n, added = 0, k = 0;
	int rc = 0;

	r->what = "nvme-cli list";
	if (dc_jr_arr(r, root, "Devices", DC_JSON_REQUIRED, &devs) != DC_JSON_OK)
		return r->rc;
	dc_jr_enter(r, "Devices");
	cJSON_ArrayForEach(d, devs) {
		const cJSON *subs, *ss, *sub;
		unsigned m = 0;

		dc_jr_enter_index(r, k++);
		if (dc_jr_obj(r, d, NULL, 0, &dev) != DC_JSON_OK) {
			rc = r->rc;
		} else if (read_list(r, dev, "Subsystems", 0, &subs) != DC_JSON_ABSENT) {
			/* 2.x -v: hosts holding subsystems */
			dc_jr_enter(r, "Subsystems");
			cJSON_ArrayForEach(ss, subs) {
				dc_jr_enter_index(r, m++);
				if (dc_jr_obj(r, ss, NULL, 0, &sub) == DC_JSON_OK)
					rc = list_subsystem(r, sub, out, first, &added);
				dc_jr_leave(r);
				if (r->rc || rc)
					break;
			}
			dc_jr_leave(r);
		} else if (dc_jr_has(dev, "Controllers") || dc_jr_has(dev, "Subsystem")) {
			rc = list_subsystem(r, dev, out, first, &added); /* 1.x -v */
		} else {
			rc = list_add(r, dev, NULL, out, first, &added);
		}
		dc_jr_leave(r);
		if (r->rc || rc)
			return r->rc ? r->rc : rc; /* -ENOMEM stays -ENOMEM */
	}
	dc_jr_leave(r);
	if (!added)
		return dc_jr_fail_top(r, -EINVAL, "no NVMe device in the list");
	return (int)added;
}
