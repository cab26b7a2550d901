// SPDX-License-Identifier: GPL-2.0-or-later
/* import_join.c - which reports are one drive: by serial and model, by file, by folder. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import/import.h"
#include "import/import_index.h"
#include "core/names.h"

/*
 * Which parts are one drive: those with the same usable serial and model; a report that
 * names no drive (fio, id-ns, smart-log, get-feature) belongs to the last drive named
 * before it in its own file (`nvme id-ctrl ...; nvme smart-log ...` of one drive, then of
 * the next), else joins the one drive of its folder. Two reports without a usable serial
 * are two drives, even in one file.
 *
 * The drives are found in hash tables as the parts come, so that the join costs the same
 * per report whether there are ten or a hundred thousand: a drive's serial and model
 * (those it was first named with), and each folder's drives (how many, the first).
 */

#define NO_DRIVE UINT32_MAX

struct serial_slot {
	uint64_t hash;
	char *serial, *model;         /* malloc'd; NULL: a free slot */
	unsigned group;
};

struct dir_slot {
	uint64_t hash;
	char *dir;                    /* malloc'd; NULL: a free slot */
	unsigned drives, first;       /* drives whose parts live in it, the first of them */
};

/* A drive of Ceph's store, by its devid. */
struct devid_slot {
	uint64_t hash;
	char *devid;                  /* malloc'd (the group's own); NULL: a free slot */
	unsigned group;
};

/* A part of a Ceph file without a devid, held until every device ls has been read. */
struct pending_ceph {
	unsigned ref;
	unsigned file;                /* into the index's files */
	char *cand[2], *serial;       /* malloc'd */
};

/* A part that names no drive, held until every part that names one has been met. */
struct pending {
	unsigned ref;
	unsigned group;               /* the drive its file named last, or NO_DRIVE */
};

struct dc_import_join {
	struct serial_slot *serials;
	size_t serials_cap, nserials;
	struct dir_slot *dirs;
	size_t dirs_cap, ndirs;
	struct pending *pending;
	unsigned npending, pending_cap;
	unsigned last_file;           /* the file of the last part that named its drive, +1 */
	unsigned last_group;          /* ... and that drive */
	struct devid_slot *devids;
	size_t devids_cap, ndevids;
	struct pending_ceph *pending_ceph;
	unsigned npending_ceph, pending_ceph_cap;
};

bool dc_import_names_drive(enum dc_import_format f)
{
	return f == DC_IMPORT_SMARTCTL_TEXT || f == DC_IMPORT_SMARTCTL_JSON ||
	       f == DC_IMPORT_NVME_ID_CTRL || f == DC_IMPORT_NVME_LIST;
}

/* Reports often mask serials ("--", "XXXXXXXX", "[No Information Found]"): those say
 * nothing of which drive it is. */
static bool usable_serial(const char *s)
{
	static const char *const masks[] = {
		"REDACTED", "MASKED", "HIDDEN", "NONE", "NULL", "N/A", "UNKNOWN", "DEFAULT",
		"NOT AVAILABLE", "0123456789", "123456789",
	};
	size_t n = strlen(s);

	if (n < 3 || strchr(s, ' ') || strchr(s, '*') || strchr(s, '.'))
		return false; /* "[No Information Found]", "S3Z8NB0K****", "..." */
	for (size_t i = 0; i < sizeof(masks) / sizeof(masks[0]); i++)
		if (strcasecmp(s, masks[i]) == 0)
			return false;
	for (size_t i = 1; i < n; i++)
		if (s[i] != s[0])
			return true;
	return false; /* one repeated character */
}

static void dirname_of(const char *path, char *out, size_t len)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(out, len, ".");
	else
		snprintf(out, len, "%.*s", (int)(slash - path), path);
}


/* ---------------------------------------------------------------- the tables */

/* Twice the slots of an open-addressing table of elem-sized slots whose key pointer is at
 * key_off and hash at 0, so that at most half are used. */
static int rehash(void **slots, size_t *cap, size_t elem, size_t key_off)
{
	size_t ncap = *cap ? *cap * 2 : 256;
	char *nv = calloc(ncap, elem), *ov = *slots;

	if (!nv)
		return -ENOMEM;
	for (size_t i = 0; i < *cap; i++) {
		char *old = ov + i * elem;
		uint64_t h;
		size_t k;

		if (!*(char **)(old + key_off))
			continue;
		memcpy(&h, old, sizeof(h));
		for (k = h & (ncap - 1); *(char **)(nv + k * elem + key_off); k = (k + 1) & (ncap - 1))
			;
		memcpy(nv + k * elem, old, elem);
	}
	free(ov);
	*slots = nv;
	*cap = ncap;
	return 0;
}

static struct serial_slot *serial_slot(struct dc_import_join *j, const char *serial,
				       const char *model, uint64_t h)
{
	for (size_t k = h & (j->serials_cap - 1);; k = (k + 1) & (j->serials_cap - 1)) {
		struct serial_slot *s = &j->serials[k];

		if (!s->serial || (s->hash == h && strcmp(s->serial, serial) == 0 &&
				   strcmp(s->model, model) == 0))
			return s;
	}
}

static struct dir_slot *dir_slot(struct dc_import_join *j, const char *dir, uint64_t h)
{
	for (size_t k = h & (j->dirs_cap - 1);; k = (k + 1) & (j->dirs_cap - 1)) {
		struct dir_slot *s = &j->dirs[k];

		if (!s->dir || (s->hash == h && strcmp(s->dir, dir) == 0))
			return s;
	}
}

/* The folder's entry, made when new; NULL when out of memory. */
static struct dir_slot *dir_entry(struct dc_import_join *j, const char *dir)
{
	uint64_t h = dc_import_hash(dir, strlen(dir));
	struct dir_slot *s;

	if ((j->ndirs + 1) * 2 > j->dirs_cap &&
	    rehash((void **)&j->dirs, &j->dirs_cap, sizeof(*j->dirs), offsetof(struct dir_slot, dir)))
		return NULL;
	s = dir_slot(j, dir, h);
	if (!s->dir) {
		s->dir = strdup(dir);
		if (!s->dir)
			return NULL;
		s->hash = h;
		s->drives = 0;
		j->ndirs++;
	}
	return s;
}

static struct dc_import_join *join_of(struct dc_import_index *x)
{
	if (!x->join)
		x->join = calloc(1, sizeof(*x->join));
	return x->join;
}

/* A new drive whose parts live in dir; its index, or NO_DRIVE when out of memory. */
static unsigned drive_new(struct dc_import_index *x, const char *dir)
{
	struct dc_import_group *v = dc_import_grow(x->groups, &x->groups_cap, x->ngroups, sizeof(*v));
	struct dir_slot *d = dir_entry(x->join, dir);

	if (!v || !d)
		return NO_DRIVE;
	x->groups = v;
	memset(&v[x->ngroups], 0, sizeof(v[0]));
	if (!d->drives++)
		d->first = x->ngroups;
	return x->ngroups++;
}

static int drive_add(struct dc_import_index *x, unsigned group, unsigned ref)
{
	struct dc_import_group *g = &x->groups[group];
	unsigned *v = dc_import_grow(g->refs, &g->cap, g->n, sizeof(*v));

	if (!v)
		return -ENOMEM;
	g->refs = v;
	g->refs[g->n++] = ref;
	return 0;
}

/* ---------------------------------------------------------------- the join */

/* The drive of a part that names one: of the same usable serial and model, else new. */
static unsigned named_drive(struct dc_import_index *x, const struct dc_import_part *p)
{
	struct dc_import_join *j = x->join;
	char dir[DC_PATH_LEN];
	struct serial_slot *s;
	unsigned group;
	uint64_t h;

	dirname_of(p->file, dir, sizeof(dir));
	/* One serial and one model: the same drive. The same serial under another model is
	 * a placeholder some tool or seller wrote, not a drive. */
	if (!usable_serial(p->dev.serial))
		return drive_new(x, dir);
	if ((j->nserials + 1) * 2 > j->serials_cap &&
	    rehash((void **)&j->serials, &j->serials_cap, sizeof(*j->serials),
		   offsetof(struct serial_slot, serial)))
		return NO_DRIVE;
	/* hashed by the serial alone: the same serial under two models lands in one chain,
	 * and serial_slot()'s comparison of the model keeps them apart */
	h = dc_import_hash(p->dev.serial, strlen(p->dev.serial));
	s = serial_slot(j, p->dev.serial, p->dev.model, h);
	if (s->serial)
		return s->group;
	group = drive_new(x, dir);
	if (group == NO_DRIVE)
		return NO_DRIVE;
	s->serial = strdup(p->dev.serial);
	s->model = strdup(p->dev.model);
	if (!s->serial || !s->model) {
		free(s->serial);
		free(s->model);
		s->serial = s->model = NULL;
		return NO_DRIVE;
	}
	s->hash = h;
	s->group = group;
	j->nserials++;
	return group;
}

int dc_import_join_part(struct dc_import_index *x, unsigned ref, const struct dc_import_part *p)
{
	struct dc_import_join *j = join_of(x);
	unsigned file = x->docs[x->refs[ref].doc].file + 1, group;
	struct pending *v;

	if (!j)
		return -ENOMEM;
	if (dc_import_names_drive(p->format)) {
		group = named_drive(x, p);
		if (group == NO_DRIVE || drive_add(x, group, ref))
			return -ENOMEM;
		j->last_file = file;
		j->last_group = group;
		return 0;
	}
	/* after every part that names a drive, so that those come first in each drive */
	v = dc_import_grow(j->pending, &j->pending_cap, j->npending, sizeof(*v));
	if (!v)
		return -ENOMEM;
	j->pending = v;
	v[j->npending].ref = ref;
	v[j->npending].group = j->last_file == file ? j->last_group : NO_DRIVE;
	j->npending++;
	return 0;
}

/* ---------------------------------------------------------------- Ceph's devids */

static struct devid_slot *devid_slot(struct dc_import_join *j, const char *devid, uint64_t h)
{
	for (size_t k = h & (j->devids_cap - 1);; k = (k + 1) & (j->devids_cap - 1)) {
		struct devid_slot *s = &j->devids[k];

		if (!s->devid || (s->hash == h && strcmp(s->devid, devid) == 0))
			return s;
	}
}

/* The drive of devid, made when new (its parts live in dir); NO_DRIVE out of memory. */
static unsigned devid_drive(struct dc_import_index *x, const char *devid, const char *dir)
{
	struct dc_import_join *j = x->join;
	uint64_t h = dc_import_hash(devid, strlen(devid));
	struct devid_slot *s;
	unsigned group;

	if ((j->ndevids + 1) * 2 > j->devids_cap &&
	    rehash((void **)&j->devids, &j->devids_cap, sizeof(*j->devids),
		   offsetof(struct devid_slot, devid)))
		return NO_DRIVE;
	s = devid_slot(j, devid, h);
	if (s->devid)
		return s->group;
	group = drive_new(x, dir);
	if (group == NO_DRIVE || !(x->groups[group].devid = strdup(devid)))
		return NO_DRIVE;
	s->devid = x->groups[group].devid;
	s->hash = h;
	s->group = group;
	j->ndevids++;
	return group;
}

int dc_import_join_ceph(struct dc_import_index *x, unsigned ref, const char *devid,
			const char (*cand)[DC_CEPH_DEVID_LEN], const char *serial, bool listed)
{
	struct dc_import_join *j = join_of(x);
	const struct dc_import_doc *d;
	char dir[DC_PATH_LEN];
	unsigned group, file;

	if (!j)
		return -ENOMEM;
	if (!devid[0]) {
		struct pending_ceph *v = dc_import_grow(j->pending_ceph, &j->pending_ceph_cap,
							j->npending_ceph, sizeof(*v));

		if (!v)
			return -ENOMEM;
		j->pending_ceph = v;
		v += j->npending_ceph;
		v->ref = ref;
		v->file = x->nfiles - 1; /* the file being read */
		v->cand[0] = strdup(cand[0]);
		v->cand[1] = strdup(cand[1]);
		v->serial = strdup(serial);
		j->npending_ceph++;
		return v->cand[0] && v->cand[1] && v->serial ? 0 : -ENOMEM;
	}
	d = x->refs[ref].doc == DC_IMPORT_NO_DOC ? NULL : &x->docs[x->refs[ref].doc];
	file = d ? d->file : x->nfiles - 1;
	dirname_of(x->files[file].path, dir, sizeof(dir));
	group = devid_drive(x, devid, dir);
	if (group == NO_DRIVE || drive_add(x, group, ref))
		return -ENOMEM;
	x->groups[group].listed |= listed;
	return 0;
}

/* A listed drive's group of devid, or NO_DRIVE. */
static unsigned listed_group(struct dc_import_index *x, const char *devid)
{
	struct dc_import_join *j = x->join;
	struct devid_slot *s;

	if (!devid[0] || !j->devids_cap)
		return NO_DRIVE;
	s = devid_slot(j, devid, dc_import_hash(devid, strlen(devid)));
	return s->devid && x->groups[s->group].listed ? s->group : NO_DRIVE;
}

/*
 * The drive of a Ceph part that came without a devid (a health-metrics file not named
 * DEVID.json, a daemon's reading under ""): the devid Ceph gives its drive where a device
 * ls lists it, else the one listed devid that ends in _SERIAL (udev may have made the
 * devid of another property: docs/ceph.md), else its own devid, unlisted.
 */
static int join_pending_ceph(struct dc_import_index *x, const struct pending_ceph *p)
{
	struct dc_import_join *j = x->join;
	unsigned group = listed_group(x, p->cand[0]);
	char tail[DC_TEXT_LEN + 2], why[256];
	size_t tl;

	if (group == NO_DRIVE)
		group = listed_group(x, p->cand[1]);
	if (group == NO_DRIVE && p->serial[0]) {
		unsigned hits = 0, hit = NO_DRIVE;

		snprintf(tail, sizeof(tail), "_%s", p->serial);
		tl = strlen(tail);
		for (size_t k = 0; k < j->devids_cap; k++) {
			const struct devid_slot *s = &j->devids[k];
			size_t n = s->devid ? strlen(s->devid) : 0;

			if (n > tl && x->groups[s->group].listed &&
			    strcmp(s->devid + n - tl, tail) == 0) {
				hits++;
				hit = s->group;
			}
		}
		if (hits == 1)
			group = hit;
	}
	if (group == NO_DRIVE && p->cand[0][0]) {
		char dir[DC_PATH_LEN];

		dirname_of(x->files[p->file].path, dir, sizeof(dir));
		group = devid_drive(x, p->cand[0], dir);
		if (group == NO_DRIVE)
			return -ENOMEM;
	}
	if (group == NO_DRIVE) {
		const struct dc_import_ref *r = &x->refs[p->ref];
		const struct dc_import_doc *d = r->doc == DC_IMPORT_NO_DOC ? NULL : &x->docs[r->doc];
		char label[DC_PATH_LEN];

		if (d)
			dc_import_label(label, sizeof(label), x->files[d->file].path, d->doc, d->ndocs);
		else
			snprintf(label, sizeof(label), "%s", x->files[p->file].path);
		snprintf(why, sizeof(why), "%s: a reading of no device: no devid, and its sample "
			 "names no model and serial", dc_import_format_name(r->format));
		return dc_import_add_bad(x, label, why);
	}
	return drive_add(x, group, p->ref);
}

int dc_import_join_end(struct dc_import_index *x)
{
	struct dc_import_join *j = join_of(x);

	if (!j)
		return -ENOMEM;
	for (unsigned i = 0; i < j->npending_ceph; i++)
		if (join_pending_ceph(x, &j->pending_ceph[i]))
			return -ENOMEM;
	for (unsigned i = 0; i < j->npending; i++) {
		const struct dc_import_ref *r = &x->refs[j->pending[i].ref];
		const struct dc_import_doc *d = &x->docs[r->doc];
		char label[DC_PATH_LEN], dir[DC_PATH_LEN], why[256];
		unsigned group = j->pending[i].group;
		struct dir_slot *s;

		if (group == NO_DRIVE) {
			dc_import_label(label, sizeof(label), x->files[d->file].path, d->doc, d->ndocs);
			dirname_of(label, dir, sizeof(dir));
			s = dir_entry(j, dir);
			if (!s)
				return -ENOMEM;
			if (s->drives > 1) {
				snprintf(why, sizeof(why), "%s names no drive, and its folder holds %u: "
					 "give each drive's files a folder of their own",
					 dc_import_format_name(r->format), s->drives);
				if (dc_import_add_bad(x, label, why))
					return -ENOMEM;
				continue;
			}
			group = s->drives ? s->first : drive_new(x, dir);
			if (group == NO_DRIVE)
				return -ENOMEM;
		}
		if (drive_add(x, group, j->pending[i].ref))
			return -ENOMEM;
	}
	j->npending = 0;
	return 0;
}

void dc_import_join_free(struct dc_import_index *x)
{
	struct dc_import_join *j = x->join;

	if (!j)
		return;
	for (size_t i = 0; i < j->serials_cap; i++) {
		free(j->serials[i].serial);
		free(j->serials[i].model);
	}
	for (size_t i = 0; i < j->dirs_cap; i++)
		free(j->dirs[i].dir);
	for (unsigned i = 0; i < j->npending_ceph; i++) {
		free(j->pending_ceph[i].cand[0]);
		free(j->pending_ceph[i].cand[1]);
		free(j->pending_ceph[i].serial);
	}
	free(j->pending_ceph);
	free(j->devids); /* the devids are the groups' */
	free(j->serials);
	free(j->dirs);
	free(j->pending);
	free(j);
	x->join = NULL;
}
