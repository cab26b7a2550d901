/* SPDX-License-Identifier: GPL-2.0-or-later */
/* disk_signature.h - what libblkid finds on a whole disk: the one look that the probe's
 * raw mode (probe_target.c) and ceph-volume's "available" (availability_look.c) share. */
#ifndef DC_DISK_SIGNATURE_H
#define DC_DISK_SIGNATURE_H

#include <stdbool.h>

enum dc_sig_answer {
	DC_SIG_NONE = 0,              /* looked: nothing there */
	DC_SIG_FOUND,                 /* one signature (type, usage) or a partition table */
	DC_SIG_SEVERAL,               /* several at once: someone's data as surely as one */
	DC_SIG_NOT_READ,              /* libblkid could not set up or read the disk */
};

struct dc_disk_signature {
	enum dc_sig_answer answer;
	char type[32];                /* a superblock's TYPE: "ext4", "LVM2_member", "" */
	char usage[16];               /* its USAGE: "filesystem", "raid", "crypto", "" */
	char pt_type[16];             /* a partition table's PTTYPE: "gpt", "dos", "" */
};

/*
 * Every superblock libblkid knows (filesystems, LVM, RAID members, swap, LUKS, BlueStore,
 * bcache, DRBD), bad checksums included (a half-wiped signature is still someone's data),
 * and partition tables, a GPT whose protective MBR is gone included. Opens path read-only
 * and buffered (libblkid's reads are not aligned; nothing is written). Returns 0 (the
 * answer in s) or -errno when the disk cannot be opened.
 */
int dc_disk_signature(const char *path, struct dc_disk_signature *s);

#endif /* DC_DISK_SIGNATURE_H */
