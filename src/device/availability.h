/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * availability.h - would ceph-volume take this drive for an OSD: its "available" and
 * "rejected_reasons", in ceph-volume's own words where it has them (docs/ceph.md).
 */
#ifndef DC_AVAILABILITY_H
#define DC_AVAILABILITY_H

#include <stddef.h>

#include "dc_types.h"
#include "device/dev.h"

/*
 * Whether ceph-volume would take the drive for an OSD ("available", with its reasons),
 * from what the scan sees (src/device/availability.c). The facts come first, each with
 * whether it was looked at: a dump of an older drivecheck, an import or --sysroot cannot
 * say what libblkid finds on the disk or whether it is locked, and then the answer is
 * unknown unless a reason that was seen already rules the drive out. Fit (the verdict)
 * and available are two answers: a passing drive that holds a filesystem is not available.
 */
#define DC_AVAIL_MIN_BYTES 5368709120ull /* ceph-volume's "Insufficient space (<5GB)" */

struct dc_availability {
	/* the facts */
	bool sysfs_known;             /* partitions, holders, mounts, read-only, removable, size */
	bool signature_known;         /* libblkid looked at the whole disk */
	char sig_type[32];            /* a superblock's TYPE: "ext4", "LVM2_member", "" none */
	char sig_usage[16];           /* its USAGE: "filesystem", "raid", "crypto", "other" */
	char pt_type[16];             /* a partition table's PTTYPE: "gpt", "dos", "" none */
	bool lock_known;              /* the exclusive open and the BSD lock were tried */
	bool locked;                  /* ... and one of them was refused: someone holds it */
	char not_looked[96];          /* why signatures or locks were not looked at, or "" */
	/* the answer (availability.c, or read back from a host's JSON) */
	enum dc_tri available;
	unsigned reasons;             /* 1u << enum dc_avail_reason (below) */
};

struct cJSON;
struct dc_json_reader;

/*
 * Each reason a drive is not available. The first ten are ceph-volume's
 * (src/ceph-volume/ceph_volume/util/device.py, _check_generic_reject_reasons and
 * _check_raw_reject_reasons); the last three are drivecheck's, for what ceph-volume sees
 * only as "locked" (it opens the disk with O_EXCL) or not at all. The order is the order
 * in which they are said.
 */
enum dc_avail_reason {
	DC_AVAIL_REMOVABLE = 0,   /* "removable" */
	DC_AVAIL_READ_ONLY,       /* "read-only" */
	DC_AVAIL_LOCKED,          /* "locked": an exclusive open or the disk's BSD lock refused */
	DC_AVAIL_TOO_SMALL,       /* "Insufficient space (<5GB)" */
	DC_AVAIL_NOT_A_DISK,      /* a loop device, an md or dm volume */
	DC_AVAIL_BLUESTORE,       /* "Has BlueStore device label" */
	DC_AVAIL_GPT,             /* "Has GPT headers" */
	DC_AVAIL_PARTITIONS,      /* "Has partitions" */
	DC_AVAIL_FILESYSTEM,      /* "Has a FileSystem": any other signature libblkid knows */
	DC_AVAIL_LVM,             /* "LVM detected": an LVM2 physical volume */
	DC_AVAIL_RAID,            /* drivecheck's: an md, or another RAID, member */
	DC_AVAIL_MOUNTED,         /* drivecheck's: the disk or a partition is mounted */
	DC_AVAIL_HELD,            /* drivecheck's: held by device-mapper, md or bcache */
	DC_AVAIL_REASON_COUNT,
};

/* availability.c (pure) */

/* The words of a reason, as ceph-volume inventory and `ceph orch device ls` say them. */
const char *dc_avail_reason_name(enum dc_avail_reason reason);
/* The reason whose words are name; -1 when none is. */
int dc_avail_reason_from_name(const char *name);
/*
 * From dev's sysfs facts and a's signature and lock facts, a's answer: the reasons seen,
 * and available: no when any reason was seen, yes when every fact was looked at and none
 * was, else unknown.
 */
void dc_availability_judge(const struct dc_dev *dev, struct dc_availability *a);

/* availability_look.c: the only I/O, on a live disk. */

/*
 * What libblkid finds on the whole disk (superblocks with bad checksums too, a GPT without
 * its protective MBR), and whether an exclusive read-only open and a shared BSD lock are
 * granted (each given back at once: nothing is written, and a read-only descriptor's close
 * sends udev no change event). Sets a's facts; a fact that could not be looked at stays
 * unknown, with why in not_looked.
 */
void dc_availability_look(const struct dc_dev *dev, struct dc_availability *a);

/* availability_dump.c: the facts in a dump's device.json ("availability", dump 1.4). */

/* The facts as a JSON object, or NULL without memory. */
struct cJSON *dc_availability_dump_json(const struct dc_availability *a);
/* The facts back from parent[key] (absent: a dump older than 1.4, which did not look),
 * through r (core/json_read.h), which names the key of the wrong type. Returns r->rc. */
int dc_availability_dump_read(struct dc_json_reader *r, const struct cJSON *parent,
			      const char *key, struct dc_availability *a);

#endif /* DC_AVAILABILITY_H */
