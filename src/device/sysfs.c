// SPDX-License-Identifier: GPL-2.0-or-later
/* sysfs.c - whole disks and their sysfs facts: size, blocks, cache, transport, mounts. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "core/transports.h"
#include "core/names.h"
#include "device/sysfs.h"
#include "core/text_fit.h"

/* Reads one line of a sysfs attribute, trimmed. Returns 0 or -errno. */
static int read_attr(const char *root, const char *rel, char *buf, size_t len)
{
	char path[PATH_MAX];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/sys/%s", root, rel);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	fclose(f);
	n = strlen(buf);
	while (n && isspace((unsigned char)buf[n - 1]))
		buf[--n] = '\0';
	n = strspn(buf, " \t");
	memmove(buf, buf + n, strlen(buf + n) + 1);
	return 0;
}

static int read_u64(const char *root, const char *rel, uint64_t *val)
{
	char buf[64];
	char *end;
	int rc = read_attr(root, rel, buf, sizeof(buf));

	if (rc)
		return rc;
	errno = 0;
	*val = strtoull(buf, &end, 0);
	if (errno || end == buf)
		return -EINVAL;
	return 0;
}

static bool name_has_prefix(const char *name, const char *prefix)
{
	return strncmp(name, prefix, strlen(prefix)) == 0;
}

/* Devices that are not drives, left out of --all (they can still be named). */
static bool is_virtual_disk(const char *name)
{
	static const char *const skip[] = { "loop", "ram", "zram", "dm-", "md", "sr", "fd", "nbd" };

	for (size_t i = 0; i < sizeof(skip) / sizeof(skip[0]); i++)
		if (name_has_prefix(name, skip[i]))
			return true;
	return false;
}

/* qsort's comparator for rows of char[DC_NAME_LEN], in byte order. */
static int compare_names(const void *a, const void *b)
{
	return strncmp((const char *)a, (const char *)b, DC_NAME_LEN);
}

int dc_sysfs_list_disks(const char *root, char (**names)[DC_NAME_LEN], unsigned *count)
{
	char path[PATH_MAX], (*v)[DC_NAME_LEN] = NULL;
	struct dirent *de;
	unsigned n = 0, cap = 0;
	DIR *dir;
	int rc = 0;

	*names = NULL;
	*count = 0;
	snprintf(path, sizeof(path), "%s/sys/block", root);
	dir = opendir(path);
	if (!dir)
		return -errno;
	/* As many as there are: a JBOD has hundreds, and none may be left out unsaid. */
	while ((de = readdir(dir))) {
		char rel[PATH_MAX];
		uint64_t sectors = 0, hidden = 0;

		if (de->d_name[0] == '.' || is_virtual_disk(de->d_name))
			continue;
		snprintf(rel, sizeof(rel), "block/%s/size", de->d_name);
		if (read_u64(root, rel, &sectors) || sectors == 0)
			continue;
		/* NVMe multipath: the per-path devices (nvme0c0n1) are hidden, with no
		 * device node; the head (nvme0n1) stands for them. */
		snprintf(rel, sizeof(rel), "block/%s/hidden", de->d_name);
		if (read_u64(root, rel, &hidden) == 0 && hidden)
			continue;
		/* the kernel names a disk in at most 31 characters (DISK_NAME_LEN): a longer
		 * entry is no kernel's (a --sysroot tree made by hand) */
		if (strlen(de->d_name) >= DC_NAME_LEN)
			continue;
		if (n == cap) {
			unsigned ncap = cap ? 2 * cap : 64;
			void *nv = realloc(v, (size_t)ncap * DC_NAME_LEN);

			if (!nv) {
				rc = -ENOMEM;
				break;
			}
			v = nv;
			cap = ncap;
		}
		snprintf(v[n++], DC_NAME_LEN, "%s", de->d_name);
	}
	closedir(dir);
	if (rc) {
		free(v);
		return rc;
	}
	if (n)
		qsort(v, n, DC_NAME_LEN, compare_names);
	*names = v;
	*count = n;
	return 0;
}

/* Finds the /sys/block entry whose dev (or a partition's dev) is major:minor. */
static int name_from_devt(const char *root, dev_t devt, char name[DC_NAME_LEN])
{
	char rel[PATH_MAX], path[PATH_MAX], link[PATH_MAX];
	char *base, *parent;
	ssize_t n;

	snprintf(rel, sizeof(rel), "%s/sys/dev/block/%u:%u", root, major(devt), minor(devt));
	if (!realpath(rel, path))
		return -ENOENT;
	base = strrchr(path, '/');
	if (!base)
		return -ENOENT;
	/* A partition's directory holds a "partition" file; its parent is the disk. */
	if (snprintf(link, sizeof(link), "%s/partition", path) >= (int)sizeof(link))
		return -ENAMETOOLONG;
	if (access(link, F_OK) == 0) {
		*base = '\0';
		parent = strrchr(path, '/');
		parent = parent ? parent + 1 : path;
		if (strlen(parent) >= DC_NAME_LEN)
			return -ENAMETOOLONG;
		memcpy(name, parent, strlen(parent) + 1);
		return -EISDIR;
	}
	n = (ssize_t)strlen(base + 1);
	if (n <= 0 || n >= DC_NAME_LEN)
		return -ENAMETOOLONG;
	snprintf(name, DC_NAME_LEN, "%s", base + 1);
	return 0;
}

int dc_sysfs_resolve(const char *root, const char *arg, char name[DC_NAME_LEN])
{
	char rel[PATH_MAX];
	struct stat st;

	/* A bare kernel name: "sda". */
	if (!strchr(arg, '/')) {
		snprintf(rel, sizeof(rel), "%s/sys/block/%s", root, arg);
		if (strlen(arg) < DC_NAME_LEN && access(rel, F_OK) == 0) {
			snprintf(name, DC_NAME_LEN, "%s", arg);
			return 0;
		}
		snprintf(rel, sizeof(rel), "/dev/%s", arg);
		arg = rel;
	}
	if (stat(arg, &st) < 0)
		return -errno;
	if (!S_ISBLK(st.st_mode))
		return -ENOTBLK;
	return name_from_devt(root, st.st_rdev, name);
}

/* An NVMe controller's transport attribute: "pcie" is plain NVMe, fabrics say what
 * carries them. */
static enum dc_transport nvme_transport(const char *tr)
{
	if (!tr[0] || strcmp(tr, "pcie") == 0)
		return DC_TRAN_NVME;
	if (strcmp(tr, "tcp") == 0)
		return DC_TRAN_NVME_TCP;
	if (strcmp(tr, "rdma") == 0)
		return DC_TRAN_NVME_RDMA;
	if (strcmp(tr, "loop") == 0)
		return DC_TRAN_NVME_LOOP;
	if (strcmp(tr, "fc") == 0)
		return DC_TRAN_FC;
	return DC_TRAN_OTHER;
}

/* The transport of the first controller under an NVMe subsystem (nvme-subsysN/nvmeM). */
static void read_subsystem_transport(const char *root, const char *name, char *tr, size_t len)
{
	char path[PATH_MAX], rel[PATH_MAX];
	struct dirent *de;
	DIR *dir;

	tr[0] = '\0';
	snprintf(path, sizeof(path), "%s/sys/block/%s/device", root, name);
	dir = opendir(path);
	if (!dir)
		return;
	while ((de = readdir(dir)) && !tr[0]) {
		if (strncmp(de->d_name, "nvme", 4) != 0 || strncmp(de->d_name, "nvme-", 5) == 0)
			continue;
		snprintf(rel, sizeof(rel), "block/%s/device/%s/transport", name, de->d_name);
		if (read_attr(root, rel, tr, len) != 0)
			tr[0] = '\0';
	}
	closedir(dir);
}

/* As lsblk decides it: by the kernel name, then by the path of the device in sysfs. */
static void read_transport(const char *root, struct dc_dev *dev)
{
	char rel[PATH_MAX], path[PATH_MAX], real[PATH_MAX];
	char tr[DC_NAME_LEN] = "";
	enum dc_transport t = DC_TRAN_OTHER;

	dev->protocol = DC_PROTO_NONE;
	snprintf(path, sizeof(path), "%s/sys/block/%s/device", root, dev->name);
	if (!realpath(path, real))
		real[0] = '\0';

	if (name_has_prefix(dev->name, "nvme")) {
		dev->protocol = DC_PROTO_NVME;
		snprintf(rel, sizeof(rel), "block/%s/device/transport", dev->name);
		/* A multipath head's device is the subsystem: ask one of its controllers. */
		if (read_attr(root, rel, tr, sizeof(tr)) != 0)
			read_subsystem_transport(root, dev->name, tr, sizeof(tr));
		t = nvme_transport(tr);
	} else if (name_has_prefix(dev->name, "vd")) {
		t = DC_TRAN_VIRTIO;
	} else if (name_has_prefix(dev->name, "loop")) {
		t = DC_TRAN_LOOP;
	} else if (name_has_prefix(dev->name, "zram") || name_has_prefix(dev->name, "ram")) {
		t = DC_TRAN_MEMORY;
	} else if (name_has_prefix(dev->name, "md")) {
		t = DC_TRAN_MD;
	} else if (name_has_prefix(dev->name, "dm-")) {
		t = DC_TRAN_DM;
	} else if (name_has_prefix(dev->name, "mmcblk")) {
		t = DC_TRAN_MMC;
	} else if (name_has_prefix(dev->name, "nbd")) {
		t = DC_TRAN_NBD;
	} else if (name_has_prefix(dev->name, "xvd")) {
		t = DC_TRAN_XEN;
	} else if (name_has_prefix(dev->name, "sd") || name_has_prefix(dev->name, "sr")) {
		dev->protocol = DC_PROTO_SCSI;
		if (strstr(real, "/usb"))
			t = DC_TRAN_USB;
		else if (strstr(real, "/ata")) {
			t = DC_TRAN_SATA;
			dev->protocol = DC_PROTO_ATA;
		} else if (strstr(real, "/end_device-") || strstr(real, "/port-"))
			t = DC_TRAN_SAS;
		else if (strstr(real, "/rport-"))
			t = DC_TRAN_FC;
		else if (strstr(real, "/session"))
			t = DC_TRAN_ISCSI;
		else if (strstr(real, "/virtio"))
			t = DC_TRAN_VIRTIO_SCSI;
		else
			t = DC_TRAN_SCSI;
	}
	dev->transport = t;
}

static unsigned count_dir_entries(const char *root, const char *rel)
{
	char path[PATH_MAX];
	struct dirent *de;
	unsigned n = 0;
	DIR *dir;

	/* a path past PATH_MAX names nothing that can be opened */
	if (snprintf(path, sizeof(path), "%s/sys/%s", root, rel) >= (int)sizeof(path))
		return 0;
	dir = opendir(path);
	if (!dir)
		return 0;
	while ((de = readdir(dir)))
		if (de->d_name[0] != '.')
			n++;
	closedir(dir);
	return n;
}

unsigned dc_sysfs_holders(const char *root, const char *name)
{
	char rel[PATH_MAX];

	snprintf(rel, sizeof(rel), "class/block/%s/holders", name);
	return count_dir_entries(root, rel);
}

/* Partitions are subdirectories of /sys/block/NAME that hold a "partition" file. */
unsigned dc_sysfs_partitions(const char *root, const char *name, char names[][DC_NAME_LEN],
			     unsigned max)
{
	char path[PATH_MAX], rel[PATH_MAX], buf[16];
	struct dirent *de;
	unsigned n = 0;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/sys/block/%s", root, name);
	dir = opendir(path);
	if (!dir)
		return 0;
	while ((de = readdir(dir))) {
		if (de->d_name[0] == '.' || !name_has_prefix(de->d_name, name) ||
		    strlen(de->d_name) >= DC_NAME_LEN)
			continue;
		snprintf(rel, sizeof(rel), "block/%s/%s/partition", name, de->d_name);
		if (read_attr(root, rel, buf, sizeof(buf)) != 0)
			continue;
		if (n < max)
			snprintf(names[n], DC_NAME_LEN, "%s", de->d_name);
		n++;
	}
	closedir(dir);
	return n;
}

static void read_partitions(const char *root, struct dc_dev *dev)
{
	unsigned n = dc_sysfs_partitions(root, dev->name, dev->parts, DC_MAX_PARTS);

	dev->nparts = n < DC_MAX_PARTS ? n : DC_MAX_PARTS;
	dev->nholders = dc_sysfs_holders(root, dev->name);
	for (unsigned i = 0; i < dev->nparts; i++)
		dev->nholders += dc_sysfs_holders(root, dev->parts[i]);
}

/* Reads "MAJ:MIN" of a block device or partition into a dev_t. */
static int read_devt(const char *root, const char *rel, dev_t *devt)
{
	char buf[32];
	unsigned maj, min;

	if (read_attr(root, rel, buf, sizeof(buf)) || sscanf(buf, "%u:%u", &maj, &min) != 2)
		return -ENOENT;
	*devt = makedev(maj, min);
	return 0;
}

int dc_sysfs_devnum(const char *root, const char *name, dev_t *out)
{
	char rel[PATH_MAX];

	snprintf(rel, sizeof(rel), "class/block/%s/dev", name);
	return read_devt(root, rel, out);
}

/* Undoes the octal escapes (\040 for a space) of /proc/self/mountinfo. */
static void unescape_mount_field(char *s)
{
	char *w = s;

	for (char *r = s; *r; r++) {
		if (r[0] == '\\' && r[1] >= '0' && r[1] <= '3' && r[2] >= '0' && r[2] <= '7' &&
		    r[3] >= '0' && r[3] <= '7') {
			*w++ = (char)((r[1] - '0') * 64 + (r[2] - '0') * 8 + (r[3] - '0'));
			r += 3;
		} else {
			*w++ = *r;
		}
	}
	*w = '\0';
}

/* Collects the mounts whose device is the disk or one of its partitions (by dev_t). */
static void read_mounts(const char *root, struct dc_dev *dev)
{
	dev_t devts[DC_MAX_PARTS + 1];
	unsigned ndevts = 0;
	char path[PATH_MAX], rel[PATH_MAX], line[4096];
	FILE *f;

	snprintf(rel, sizeof(rel), "block/%s/dev", dev->name);
	if (read_devt(root, rel, &devts[ndevts]) == 0)
		ndevts++;
	for (unsigned i = 0; i < dev->nparts; i++) {
		snprintf(rel, sizeof(rel), "block/%s/%s/dev", dev->name, dev->parts[i]);
		if (read_devt(root, rel, &devts[ndevts]) == 0)
			ndevts++;
	}

	snprintf(path, sizeof(path), "%s/proc/self/mountinfo", root);
	f = fopen(path, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f) && dev->nmounts < DC_MAX_MOUNTS) {
		char target[DC_PATH_LEN * 2], opts[256], fstype[64], source[DC_PATH_LEN * 2];
		char superopts[256] = "";
		unsigned maj, min;
		char *sep;
		bool match = false;

		/* 36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue */
		if (sscanf(line, "%*u %*u %u:%u %*s %255s %255s", &maj, &min, target, opts) != 4)
			continue;
		sep = strstr(line, " - ");
		if (!sep || sscanf(sep + 3, "%63s %255s %255s", fstype, source, superopts) < 2)
			continue;
		for (unsigned i = 0; i < ndevts; i++)
			if (major(devts[i]) == maj && minor(devts[i]) == min)
				match = true;
		if (!match)
			continue;
		unescape_mount_field(target);
		unescape_mount_field(source);
		struct dc_mount *m = &dev->mounts[dev->nmounts++];
		/* a longer one is kept visibly cut: the probe then finds no such directory */
		dc_fit(m->source, sizeof(m->source), source);
		dc_fit(m->target, sizeof(m->target), target);
		dc_fit(m->fstype, sizeof(m->fstype), fstype);
		m->readonly = strncmp(opts, "ro", 2) == 0 && (opts[2] == ',' || !opts[2]);
		if (strncmp(superopts, "ro", 2) == 0 && (superopts[2] == ',' || !superopts[2]))
			m->readonly = true;
	}
	fclose(f);
}

/*
 * What a virtual block device rests on (a loop device measures its backing file, an md
 * or dm volume its members): the members from slaves/, and for a loop device the mount
 * whose mount point is the longest prefix of the backing file's path, as findmnt -T
 * finds it.
 */
static void read_volume(const char *root, struct dc_dev *dev)
{
	char path[PATH_MAX], line[4096];
	struct dirent *de;
	size_t best = 0;
	DIR *dir;
	FILE *f;

	if (dev->transport == DC_TRAN_MD || dev->transport == DC_TRAN_DM) {
		snprintf(path, sizeof(path), "%s/sys/block/%s/slaves", root, dev->name);
		dir = opendir(path);
		while (dir && (de = readdir(dir))) {
			if (de->d_name[0] == '.')
				continue;
			if (dev->nmembers < DC_MAX_MEMBERS)
				dc_fit(dev->members[dev->nmembers], DC_NAME_LEN, de->d_name);
			dev->nmembers++;
		}
		if (dir)
			closedir(dir);
		if (dev->nmembers > 1) /* readdir order is the filesystem's: sort for the output */
			qsort(dev->members, dev->nmembers < DC_MAX_MEMBERS ? dev->nmembers
			      : DC_MAX_MEMBERS, DC_NAME_LEN, compare_names);
	}
	if (dev->transport != DC_TRAN_LOOP || dev->backing_file[0] != '/')
		return;
	snprintf(path, sizeof(path), "%s/proc/self/mountinfo", root);
	f = fopen(path, "re");
	while (f && fgets(line, sizeof(line), f)) {
		char target[DC_PATH_LEN * 2], fstype[64], source[DC_PATH_LEN * 2];
		char *sep;
		size_t n;

		if (sscanf(line, "%*u %*u %*u:%*u %*s %255s", target) != 1)
			continue;
		sep = strstr(line, " - ");
		if (!sep || sscanf(sep + 3, "%63s %255s", fstype, source) != 2)
			continue;
		unescape_mount_field(target);
		unescape_mount_field(source);
		n = strlen(target);
		/* "/" matches everything; "/var" matches "/var/x", not "/varx" */
		if (strncmp(dev->backing_file, target, n) != 0 ||
		    (n > 1 && dev->backing_file[n] != '/' && dev->backing_file[n]) || n < best)
			continue;
		best = n;
		dc_fit(dev->backing_mount, sizeof(dev->backing_mount), target);
		dc_fit(dev->backing_fstype, sizeof(dev->backing_fstype), fstype);
		dc_fit(dev->backing_source, sizeof(dev->backing_source), source);
	}
	if (f)
		fclose(f);
}

/* Strips control and non-ASCII bytes, which some firmware pads its strings with. */
static void sanitize(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
			*s = '?';
}

/*
 * Which physical device a block device is, so that two probes never share one: the
 * NVMe controller or subsystem its namespace hangs off, the SCSI LUN's world-wide name
 * (two paths to one LUN share it), a loop device's backing file; else itself.
 */
static void read_phys_key(const char *root, struct dc_dev *dev)
{
	char path[PATH_MAX], real[PATH_MAX], buf[DC_PATH_LEN - 8];
	const char *base;

	snprintf(path, sizeof(path), "%s/sys/block/%s/device", root, dev->name);
	if (dev->protocol == DC_PROTO_NVME && realpath(path, real)) {
		base = strrchr(real, '/');
		/* cut, two keys could meet: their probes then run one after the other */
		dc_fitf(dev->phys_key, sizeof(dev->phys_key), "nvme:%s", base ? base + 1 : real);
		return;
	}
	snprintf(path, sizeof(path), "block/%s/device/wwid", dev->name);
	if ((dev->protocol == DC_PROTO_SCSI || dev->protocol == DC_PROTO_ATA) &&
	    read_attr(root, path, buf, sizeof(buf)) == 0 && buf[0]) {
		snprintf(dev->phys_key, sizeof(dev->phys_key), "wwid:%s", buf);
		return;
	}
	if (dev->backing_file[0]) {
		snprintf(dev->phys_key, sizeof(dev->phys_key), "file:%.*s", DC_PATH_LEN - 8,
			 dev->backing_file);
		return;
	}
	snprintf(dev->phys_key, sizeof(dev->phys_key), "dev:%s", dev->name);
}

static void read_text(const char *root, const char *name, const char *attr, char *buf, size_t len)
{
	char rel[PATH_MAX];

	snprintf(rel, sizeof(rel), "block/%s/%s", name, attr);
	if (read_attr(root, rel, buf, len) != 0)
		buf[0] = '\0';
	sanitize(buf);
}

int dc_sysfs_read_dev(const char *root, const char *name, struct dc_dev *dev)
{
	char rel[PATH_MAX], buf[64];
	uint64_t v;
	int rc;

	memset(dev, 0, sizeof(*dev));
	if (strlen(name) >= sizeof(dev->name))
		return -ENAMETOOLONG;
	snprintf(dev->name, sizeof(dev->name), "%s", name);
	snprintf(dev->path, sizeof(dev->path), "/dev/%s", name);

	snprintf(rel, sizeof(rel), "block/%s/size", name);
	rc = read_u64(root, rel, &v);
	if (rc)
		return rc == -EINVAL ? -EIO : rc;
	dev->capacity_bytes = v * 512; /* sysfs counts 512-byte sectors, whatever the LBA size */

	read_transport(root, dev);
	/* device/vendor is the INQUIRY vendor on SCSI disks, a PCI id on virtio: skip those. */
	if (dev->protocol == DC_PROTO_SCSI || dev->protocol == DC_PROTO_ATA)
		read_text(root, name, "device/vendor", dev->vendor, sizeof(dev->vendor));
	/* A SATA drive behind a SAS HBA or a SAT bridge: INQUIRY says "ATA", and ATA
	 * PASS-THROUGH reaches the drive's own IDENTIFY and SMART. */
	if (dev->protocol == DC_PROTO_SCSI && strcmp(dev->vendor, "ATA") == 0)
		dev->protocol = DC_PROTO_ATA;
	read_text(root, name, "device/model", dev->model, sizeof(dev->model));
	read_text(root, name, "device/serial", dev->serial, sizeof(dev->serial));
	if (!dev->serial[0])
		read_text(root, name, "serial", dev->serial, sizeof(dev->serial));
	read_text(root, name, "device/firmware_rev", dev->firmware, sizeof(dev->firmware));
	if (!dev->firmware[0])
		read_text(root, name, "device/rev", dev->firmware, sizeof(dev->firmware));
	read_text(root, name, "loop/backing_file", dev->backing_file, sizeof(dev->backing_file));

	snprintf(rel, sizeof(rel), "block/%s/queue/logical_block_size", name);
	dev->logical_block_bytes = read_u64(root, rel, &v) ? 512 : (uint32_t)v;
	snprintf(rel, sizeof(rel), "block/%s/queue/physical_block_size", name);
	dev->physical_block_bytes = read_u64(root, rel, &v) ? dev->logical_block_bytes : (uint32_t)v;
	snprintf(rel, sizeof(rel), "block/%s/queue/rotational", name);
	dev->rotational = read_u64(root, rel, &v) ? DC_TRI_UNKNOWN : (v ? DC_TRI_YES : DC_TRI_NO);
	/* Virtual disks say "rotational" by default, which tells nothing of the media. */
	if (dev->rotational == DC_TRI_YES && dc_transport_info(dev->transport)->host_made)
		dev->rotational = DC_TRI_UNKNOWN;
	snprintf(rel, sizeof(rel), "block/%s/ro", name);
	dev->readonly = read_u64(root, rel, &v) == 0 && v;
	snprintf(rel, sizeof(rel), "block/%s/removable", name);
	dev->removable = read_u64(root, rel, &v) == 0 && v;
	read_text(root, name, "queue/write_cache", buf, sizeof(buf));
	dev->kernel_cache = dc_kcache_from_text(buf);
	snprintf(rel, sizeof(rel), "block/%s/queue/fua", name);
	dev->kernel_fua = read_attr(root, rel, buf, sizeof(buf)) ? DC_TRI_UNKNOWN
				 : (buf[0] == '1' ? DC_TRI_YES : DC_TRI_NO);

	read_partitions(root, dev);
	read_mounts(root, dev);
	read_phys_key(root, dev);
	read_volume(root, dev);
	return 0;
}
