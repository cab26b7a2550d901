/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check.h - one drive checked, assembled from every stage's part, and what is said of it
 * whole: its outcome per role, the gate's, and what its tables could not hold. */
#ifndef DC_CHECK_H
#define DC_CHECK_H

#include "dc_types.h"
#include "core/ceph.h"
#include "core/drive.h"
#include "decide/result.h"
#include "device/availability.h"
#include "device/dev.h"
#include "device/dump.h"
#include "device/probe/probe_result.h"
#include "lookup/advisory.h"
#include "lookup/db_row.h"

/*
 * One drive checked: what was read of it, looked up, measured and decided, every stage's
 * part in one place, as the renderers receive it. It is tens of KB (the drive, the row
 * and the result are the most of it): it is passed by pointer, never by value.
 */
struct dc_check {
	struct dc_dev dev;
	struct dc_drive drive;
	struct dc_db_row row;
	struct dc_probe probe;
	struct dc_cache_trial cache_trial;
	struct dc_cache_left cache_left;
	struct dc_availability avail; /* would ceph-volume take it (not the verdict) */
	unsigned nadvisories;         /* firmware advisories that hit this drive (advisories[]
					 keeps the first DC_MAX_ADVISORY_HITS of advisories_total) */
	unsigned advisories_total;
	struct dc_advisory_hit advisories[DC_MAX_ADVISORY_HITS];
	struct dc_result result;
	int error;                    /* 0, or -errno when the device could not be read at all */
	char error_msg[256];
	int refused;                  /* a live scan: -EACCES or -EPERM when the kernel refused
					 this process the drive (its open, or a command to it;
					 the run's warning, scan.h), else 0 */
	char lookup_error[64];        /* the database could not be asked (dc_evaluate), or "" */
	bool unasked;                 /* --sysroot: a device with a command set that was never
					 sent one (no device I/O in a tree not this host's):
					 not checked, as an unreadable one (exit 3) */
	char replayed_from[DC_PATH_LEN]; /* --replay: the dump folder it came from; "" live */
	char host[DC_HOST_LEN];       /* --replay: the host the dump was made on; an import of
					 Ceph's store: the host of its first location ("" unknown) */
	struct dc_ceph ceph;          /* an import of Ceph's device health store: what Ceph says
					 of the drive (ceph.present), else zero */
};

/* check.c */
/* The parts of r a dump writes and reads back (device/dump.h), pointing into r. */
struct dc_dump_parts dc_check_dump_parts(struct dc_check *r);
/* A check's outcome for one role (role >= 0), or the worst of its roles (role < 0); a
 * device that could not be read is NOT_CHECKED. */
enum dc_status dc_check_status(const struct dc_check *r, int role);
/*
 * Whether the gate of role asks "can this drive become an OSD now" of r: a Ceph role, and
 * a drive on a host (scanned, a dump of one, or a host's file that says); an imported
 * report is of a drive on no host here, and its gate answers fitness alone.
 */
bool dc_gate_asks_available(const struct dc_check *r, int role);
/*
 * What --gate answers for role: the verdict's status, except that where the gate asks
 * for availability a drive that passes and that ceph-volume would not take, or of which
 * that could not be told, warns (docs/design.md). The verdict stays the drive's fitness.
 */
enum dc_status dc_gate_status(const struct dc_check *r, int role);
/*
 * What a check's fixed tables could not hold: counted where it was dropped (drive.c,
 * decide's findings, reasons and advice), said in one place for every output (the table,
 * JSON's "not_kept", a line on stderr). No cap is silent.
 */
struct dc_not_kept {
	unsigned evidence, errors, findings, reasons, advice;
};

/* Fills nk; returns how many entries in all were not kept (0: the check is whole). */
unsigned dc_not_kept(const struct dc_check *r, struct dc_not_kept *nk);

#endif /* DC_CHECK_H */
