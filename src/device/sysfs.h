/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sysfs.h - enumerate whole disks and read what sysfs and the mount table say of them. */
#ifndef DC_SYSFS_H
#define DC_SYSFS_H

#include <sys/types.h>

#include "dc_types.h"
#include "device/dev.h"

/*
 * root redirects /sys and /proc (like lsblk --sysroot), "" for the running system.
 * Tests point it at a captured tree.
 */

/* Lists the whole disks worth checking, as kernel names ("sda", "nvme0n1"), sorted, all of
 * them: *names is a malloc'd array of *count names the caller frees (NULL when none).
 * Leaves out partitions, loop, ram, zram, device-mapper, md and empty devices.
 * Returns 0 or -errno. */
int dc_sysfs_list_disks(const char *root, char (**names)[DC_NAME_LEN], unsigned *count);

/* Resolves a user's argument ("/dev/sda", "sda", a symlink such as /dev/disk/by-id/...)
 * to a whole-disk kernel name. Returns 0, -ENOENT (no such device), -ENOTBLK (not a
 * block device), -EISDIR (a partition: *name is set to its disk). */
int dc_sysfs_resolve(const char *root, const char *arg, char name[DC_NAME_LEN]);

/* Fills dev from /sys/block/NAME and the mount table. Returns 0 or -errno (-ENOENT when
 * the device vanished). */
int dc_sysfs_read_dev(const char *root, const char *name, struct dc_dev *dev);

/* The device number of a disk or partition by kernel name. Returns 0 or -errno. */
int dc_sysfs_devnum(const char *root, const char *name, dev_t *out);
/* The partitions of disk NAME as sysfs shows them now: fills names (up to max) and
 * returns how many there are, which may exceed max. */
unsigned dc_sysfs_partitions(const char *root, const char *name, char names[][DC_NAME_LEN],
			     unsigned max);
/* How many holders (device-mapper, md, bcache, ...) a disk or partition has now. */
unsigned dc_sysfs_holders(const char *root, const char *name);

#endif /* DC_SYSFS_H */
