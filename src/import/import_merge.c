// SPDX-License-Identifier: GPL-2.0-or-later
/* import_merge.c - one drive from its parts: pages merged best source first, conflicts said,
 * then parsed, looked up and decided as a live drive is. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decide/evaluate.h"
#include "device/inspect.h"
#include "core/drive.h"
#include "import/import.h"
#include "import/import_index.h"
#include "core/model.h"
#include "core/raw.h"
#include "core/text_fit.h"

/* A page from a tool that reads the page itself beats one rebuilt from a report. */
static int rank(enum dc_import_format f)
{
	switch (f) {
	case DC_IMPORT_NVME_ID_CTRL: case DC_IMPORT_NVME_ID_NS: case DC_IMPORT_NVME_SMART_LOG:
	case DC_IMPORT_NVME_FEATURE: return 3;
	case DC_IMPORT_SMARTCTL_JSON: return 2;
	case DC_IMPORT_SMARTCTL_TEXT: return 1;
	default: return 0;
	}
}

static void fill(char *dst, size_t len, const char *src)
{
	if (!dst[0] && src[0])
		snprintf(dst, len, "%s", src);
}

void dc_import_best_first(const enum dc_import_format *formats, unsigned n, unsigned *order)
{
	/* Highest rank first, then file order: a stable insertion sort of a few parts. */
	for (unsigned i = 0; i < n; i++) {
		unsigned j = i;

		order[i] = i;
		while (j > 0 && rank(formats[order[j - 1]]) < rank(formats[order[j]])) {
			unsigned t = order[j];

			order[j] = order[j - 1];
			order[j - 1] = t;
			j--;
		}
	}
}

/* One drive's pages and facts from its parts (all of parts, of total), best source first
 * for each page. */
static void merge(const struct dc_import_parts *parts, unsigned total, struct dc_dev *dev,
		  struct dc_raw *raw, struct dc_probe *probe, bool *have_probe, struct dc_import_notes *notes)
{
	char lacks[DC_IMPORT_MAX_NOTES * DC_MAX_PAGES * DC_TEXT_LEN / 4];
	size_t nlacks = 0;
	unsigned order[DC_IMPORT_MAX_JOINED] = { 0 }, n = parts->n;
	enum dc_import_format formats[DC_IMPORT_MAX_JOINED] = { 0 };

	if (total > n)
		dc_import_notes_add(notes, "import: %u files give this drive's serial; the first %u "
				   "were read", total, n);
	for (unsigned i = 0; i < n; i++)
		formats[i] = parts->v[i].format;
	dc_import_best_first(formats, n, order);
	/* What two of its files say differently, before one of them is taken. */
	dc_import_conflicts(parts, order, n, notes);
	memset(dev, 0, sizeof(*dev));
	dev->rotational = DC_TRI_UNKNOWN;
	dev->kernel_fua = DC_TRI_UNKNOWN;
	*have_probe = false;
	for (unsigned i = 0; i < n; i++) {
		const struct dc_import_part *p = &parts->v[order[i]];

		if (!dev->path[0] && dc_import_names_drive(p->format))
			snprintf(dev->path, sizeof(dev->path), "%s", p->file);
		if (dev->protocol == DC_PROTO_NONE && p->dev.protocol != DC_PROTO_NONE) {
			dev->protocol = p->dev.protocol;
			dev->transport = p->dev.transport;
		}
		fill(dev->vendor, sizeof(dev->vendor), p->dev.vendor);
		fill(dev->model, sizeof(dev->model), p->dev.model);
		fill(dev->serial, sizeof(dev->serial), p->dev.serial);
		fill(dev->firmware, sizeof(dev->firmware), p->dev.firmware);
		if (!dev->capacity_bytes)
			dev->capacity_bytes = p->dev.capacity_bytes;
		if (!dev->logical_block_bytes)
			dev->logical_block_bytes = p->dev.logical_block_bytes;
		if (!dev->physical_block_bytes)
			dev->physical_block_bytes = p->dev.physical_block_bytes;
		if (dev->rotational == DC_TRI_UNKNOWN)
			dev->rotational = p->dev.rotational;
		for (unsigned k = 0; k < p->raw.npages; k++) {
			const struct dc_page *pg = &p->raw.pages[k];
			const struct dc_page *have = dc_raw_find(raw, pg->name);
			size_t plen = strlen(pg->name);

			/* A page this part does not carry yields to one a later part does. */
			if (have && !(have->st.kind == DC_IO_NOT_IN_INPUT &&
				      pg->st.kind != DC_IO_NOT_IN_INPUT))
				continue;
			if (have) {
				struct dc_page *h = (struct dc_page *)have;

				free(h->data);
				h->data = pg->data && pg->len ? malloc(pg->len) : NULL;
				h->len = h->data ? pg->len : 0;
				if (h->data)
					memcpy(h->data, pg->data, pg->len);
				h->st = pg->st;
			} else if (dc_raw_add(raw, pg->name, pg->data, pg->len, &pg->st)) {
				continue;
			}
			/* The page's missing fields come with it, from the same part. */
			for (unsigned l = 0; l < p->nlacks; l++) {
				const char *f = p->lacks[l];

				if (strncmp(f, pg->name, plen) == 0 && f[plen] == '.' &&
				    nlacks + strlen(f) + 2 < sizeof(lacks))
					nlacks += (size_t)snprintf(lacks + nlacks, sizeof(lacks) - nlacks,
								   "%s\n", f);
			}
		}
		if (p->have_probe && !*have_probe) {
			*probe = p->probe;
			*have_probe = true;
		} else if (p->have_probe) {
			dc_import_notes_add(notes, "import: %s: a second fio run for this drive, not "
					   "used", p->file);
		}
		for (unsigned k = 0; k < p->nnotes; k++)
			dc_import_notes_add(notes, "import: %s", p->notes[k]);
	}
	if (!dev->path[0] && n)
		dc_fit(dev->path, sizeof(dev->path), parts->v[order[0]].file);
	{
		const char *base = strrchr(dev->path, '/');

		dc_fit(dev->name, sizeof(dev->name), base ? base + 1 : dev->path);
	}
	if (nlacks)
		dc_raw_add(raw, DC_PG_NOT_IN_INPUT, lacks, nlacks, NULL);
}

/* A drive of Ceph's store: named by its devid, on the host of its first location (its
 * kernel name there is the name advice uses), with what Ceph says of it. */
static void ceph_place(struct dc_check *r, const struct dc_ceph *ceph)
{
	r->ceph = *ceph;
	dc_fit(r->dev.path, sizeof(r->dev.path), ceph->devid);
	if (ceph->nlocations) {
		dc_fit(r->host, sizeof(r->host), ceph->locations[0].host);
		dc_fit(r->dev.name, sizeof(r->dev.name), ceph->locations[0].dev);
	} else {
		dc_fit(r->dev.name, sizeof(r->dev.name), ceph->devid);
	}
}

static void evaluate(struct dc_db *db, const struct dc_import_parts *parts, unsigned total,
		     const struct dc_ceph *ceph, const struct dc_wear_history *history,
		     const char *note, struct dc_check *r)
{
	struct dc_import_notes notes;
	struct dc_raw raw = { 0 };
	bool have_probe;

	memset(r, 0, sizeof(*r));
	memset(&notes, 0, sizeof(notes));
	merge(parts, total, &r->dev, &raw, &r->probe, &have_probe, &notes);
	if (r->dev.protocol != DC_PROTO_NONE) {
		dc_inspect_parse(&r->dev, &raw, 0, &r->drive);
	} else {
		dc_drive_init(&r->drive);
		dc_drive_add_error(&r->drive, "identity, write cache and SMART: not in the input "
				   "(no smartctl or nvme-cli output for this drive)");
	}
	/* r->dev is the device as the kernel would show it, as on a live drive: its model is
	 * what sysfs's device/model would hold (the udev rule and sysfs_model name it; an ATA
	 * model's first 16 characters), the drive's own whole model is r->drive's. */
	if (r->dev.protocol != DC_PROTO_NONE)
		dc_model_sysfs(r->dev.model, r->dev.protocol != DC_PROTO_NVME, r->dev.model,
			       sizeof(r->dev.model));
	if (ceph) {
		/* months of samples: the rates over them are the drive's facts (decide) */
		r->drive.wear.history = *history;
		if (note && note[0])
			dc_drive_add_error(&r->drive, "ceph: %s", note);
		ceph_place(r, ceph);
	}
	for (unsigned i = 0; i < notes.n; i++)
		dc_drive_add_error(&r->drive, "%s", notes.text[i]);
	r->drive.errors_dropped += notes.dropped;
	if (!have_probe) {
		memset(&r->probe, 0, sizeof(r->probe));
		snprintf(r->probe.skipped, sizeof(r->probe.skipped),
			 "not in the input (no fio run of this drive)");
	}
	dc_raw_free(&raw);
	dc_evaluate(db, r);
}


void dc_import_evaluate(struct dc_db *db, const struct dc_import_parts *parts, unsigned total,
			struct dc_check *r)
{
	evaluate(db, parts, total, NULL, NULL, NULL, r);
}

void dc_import_evaluate_ceph(struct dc_db *db, const struct dc_import_parts *parts,
			     unsigned total, const struct dc_ceph *ceph,
			     const struct dc_wear_history *history, const char *note,
			     struct dc_check *r)
{
	if (parts->n) {
		evaluate(db, parts, total, ceph, history, note, r);
		return;
	}
	/* nothing to judge: said, with what Ceph says of the drive (its daemons, where it is) */
	memset(r, 0, sizeof(*r));
	dc_drive_init(&r->drive);
	r->dev.transport = DC_TRAN_UNKNOWN;
	r->dev.kernel_fua = DC_TRI_UNKNOWN;
	r->error = -ENODATA;
	if (ceph->have_failed_scrape)
		dc_fitf(r->error_msg, sizeof(r->error_msg), "%s: no sample smartctl could read in "
			"Ceph's device health store: %s%s%s", ceph->devid, ceph->failed.error,
			ceph->failed.message[0] ? ": " : "", ceph->failed.message);
	else
		dc_fitf(r->error_msg, sizeof(r->error_msg), "%s: no sample in Ceph's device health "
			"store (the mgr module devicehealth off, or the device not scraped yet)",
			ceph->devid);
	ceph_place(r, ceph);
}
