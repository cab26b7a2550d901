/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sysfs.h - enumerate whole disks and read what sysfs and the mount table say of them. */
#ifndef DC_SYSFS_H
#define DC_SYSFS_H

#include "dc_types.h"

/*
 * root redirects /sys and /proc (like lsblk --sysroot), "" for the running system.
 * Tests point it at a captured tree.
 */

/* Lists the whole disks worth checking, as kernel names ("sda", "nvme0n1"), into names[].
 * Leaves out partitions, loop, ram, zram, device-mapper, md and empty devices.
 * Returns the number found (at most max), or -errno. */
int dc_sysfs_list_disks(const char *root, char names[][DC_NAME_LEN], unsigned max);

/* Resolves a user's argument ("/dev/sda", "sda", a symlink such as /dev/disk/by-id/...)
 * to a whole-disk kernel name. Returns 0, -ENOENT (no such device), -ENOTBLK (not a
 * block device), -EISDIR (a partition: *name is set to its disk). */
int dc_sysfs_resolve(const char *root, const char *arg, char name[DC_NAME_LEN]);

/* Fills dev from /sys/block/NAME and the mount table. Returns 0 or -errno (-ENOENT when
 * the device vanished). */
int dc_sysfs_read_dev(const char *root, const char *name, struct dc_dev *dev);

#endif /* DC_SYSFS_H */
