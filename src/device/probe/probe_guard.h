/* SPDX-License-Identifier: GPL-2.0-or-later */
/* probe_guard.h - while a raw probe runs: another writer stops it, a reader does not. */
#ifndef DC_PROBE_GUARD_H
#define DC_PROBE_GUARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc_types.h"

/*
 * The checks made before every write of a raw probe, none of which touches the drive:
 * an inotify watch on the device node and the device's own count of sectors written
 * (docs/probe.md, "Other writers").
 */
struct dc_probe_guard {
	const struct dc_dev *dev;
	const char *where;  /* the node the probe writes through, and watches */
	int watch;          /* inotify: IN_OPEN | IN_CLOSE_WRITE on that node, or -1 */
	int statfd;         /* /sys/class/block/NAME/stat, or -1 */
	bool counting;      /* the kernel counts this device's I/O (queue/iostats is 1) */
	uint64_t base;      /* sectors written and discarded on the device when we began */
	uint64_t ours;      /* sectors the probe wrote since */
};

/* probe_guard.c */

/*
 * Start guarding dev, open at where, before anything of it is read or written: watch
 * the node, read the write count, and look once for a writer that opened it just before.
 * A kernel without inotify, or a device whose I/O the kernel does not count, leaves
 * watch -1 or counting false: the caller then re-reads every block just before its write.
 * Returns 0, -EBUSY when a writer already has it open (why names it), or -errno.
 */
int dc_probe_guard_start(struct dc_probe_guard *g, const struct dc_dev *dev,
			 const char *where, char *why, size_t whylen);

/*
 * Before each write: has anyone written to the device, or opened it for writing, since
 * the last check? A reader is let be. Returns 0, -EBUSY when a writer was
 * found (why says which and how), or -errno.
 */
int dc_probe_guard_check(struct dc_probe_guard *g, char *why, size_t whylen);

/* The probe wrote bytes to the device: not another writer's. */
static inline void dc_probe_guard_wrote(struct dc_probe_guard *g, size_t bytes)
{
	g->ours += bytes >> 9;
}

void dc_probe_guard_stop(struct dc_probe_guard *g);

#endif /* DC_PROBE_GUARD_H */
