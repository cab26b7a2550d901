// SPDX-License-Identifier: GPL-2.0-or-later
/* by_id.c - which /dev/disk/by-id link names a disk best, read once for all the disks. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "device/by_id.h"

#define BY_ID_DIR "/dev/disk/by-id"

/*
 * /dev/sdX is the order in which the kernel found the disks, which a new controller, a
 * drive added or a slow one changes at the next boot. udev's persistent-storage rules give
 * each disk names made of what the drive reports of itself. The order below prefers the
 * name least tied to anything but the drive:
 *  1. wwn-0x...: the World Wide Name (ATA IDENTIFY words 108-111, SCSI VPD page 0x83),
 *     an IEEE-registered identifier the maker assigns, the same behind any controller;
 *  2. nvme-eui.*, nvme-uuid.*, nvme-nvme.*: the kernel's wwid of an NVMe namespace (its
 *     EUI-64, NGUID or UUID; else one made of the vendor, serial, model and namespace id);
 *  3. ata-MODEL_SERIAL, nvme-MODEL_SERIAL[_NSID]: the model and serial number the drive
 *     reports, as `ceph device ls` names drives;
 *  4. scsi-*, virtio-*: what scsi_id or the hypervisor made of the device's identifiers.
 * Never a partition's link, nor one made of the disk's content (an LVM PV's or a
 * device-mapper table's uuid), which a wipe changes, nor a WWN of zeros (firmware that
 * does not set one: every such drive would have that name).
 */
static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* "...-part3": udev's link to a partition. */
static bool is_partition_link(const char *name)
{
	const char *p = NULL, *q = name;

	while ((q = strstr(q, "-part"))) /* the last one */
		p = q++;
	return p && p[5] && strspn(p + 5, "0123456789") == strlen(p + 5);
}

int dc_by_id_rank(const char *name)
{
	if (!name[0] || is_partition_link(name))
		return 0;
	if (starts(name, "wwn-0x"))
		return name[6] && strspn(name + 6, "0") != strlen(name + 6) ? 1 : 0;
	if (starts(name, "nvme-eui.") || starts(name, "nvme-uuid.") || starts(name, "nvme-nvme."))
		return 2;
	if (starts(name, "ata-") || starts(name, "nvme-"))
		return 3;
	if (starts(name, "scsi-") || starts(name, "virtio-"))
		return 4;
	return 0;
}

void dc_by_id_free(struct dc_by_id *l)
{
	for (unsigned i = 0; i < l->n; i++)
		free(l->v[i].name);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

/* One link into l when it may name a disk; 0 or -ENOMEM. */
static int add_link(struct dc_by_id *l, const char *dir, const char *name, unsigned *cap)
{
	char path[PATH_MAX], target[PATH_MAX];
	const char *base;
	ssize_t n;

	if (!dc_by_id_rank(name) ||
	    snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path))
		return 0;
	/* udev's links are relative ("../../sda"): the last part names the disk, under
	 * --sysroot too, where the tree has no device nodes to follow them to */
	n = readlink(path, target, sizeof(target) - 1);
	if (n <= 0)
		return 0;
	target[n] = '\0';
	base = strrchr(target, '/');
	base = base ? base + 1 : target;
	if (!base[0] || strlen(base) >= DC_NAME_LEN)
		return 0;
	if (l->n == *cap) {
		unsigned ncap = *cap ? *cap * 2 : 64;
		struct dc_by_id_link *v = realloc(l->v, ncap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		l->v = v;
		*cap = ncap;
	}
	l->v[l->n].name = strdup(name);
	if (!l->v[l->n].name)
		return -ENOMEM;
	snprintf(l->v[l->n].target, sizeof(l->v[l->n].target), "%s", base);
	l->n++;
	return 0;
}

int dc_by_id_read(const char *root, struct dc_by_id *l)
{
	char dir[PATH_MAX];
	struct dirent *de;
	unsigned cap = 0;
	int rc = 0;
	DIR *d;

	l->v = NULL;
	l->n = 0;
	snprintf(dir, sizeof(dir), "%s%s", root, BY_ID_DIR);
	d = opendir(dir);
	if (!d)
		return 0; /* no udev (a container), or a tree without it: no link */
	while (!rc && (de = readdir(d)))
		if (de->d_name[0] != '.')
			rc = add_link(l, dir, de->d_name, &cap);
	closedir(d);
	if (rc)
		dc_by_id_free(l);
	return rc;
}

/* Whether link a names a disk better than link b (both of one disk). */
static bool better(const char *a, const char *b)
{
	int ra = dc_by_id_rank(a), rb = dc_by_id_rank(b);
	size_t la = strlen(a), lb = strlen(b);

	if (ra != rb)
		return ra < rb;
	if (la != lb)
		return la > lb;
	return strcmp(a, b) < 0;
}

bool dc_by_id_pick(const struct dc_by_id *l, const char *disk, char *path, size_t len)
{
	const char *best = NULL;

	for (unsigned i = 0; i < l->n; i++) {
		const char *name = l->v[i].name;

		if (strcmp(l->v[i].target, disk) != 0 ||
		    strlen(BY_ID_DIR "/") + strlen(name) >= len)
			continue;
		if (!best || better(name, best))
			best = name;
	}
	if (len)
		path[0] = '\0';
	if (!best)
		return false;
	snprintf(path, len, "%s/%s", BY_ID_DIR, best);
	return true;
}
