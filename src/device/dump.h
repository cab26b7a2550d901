/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dump.h - a device's sysfs facts, raw pages and probe result, to a folder and back. */
#ifndef DC_DUMP_H
#define DC_DUMP_H

#include "core/raw.h"
#include "device/availability.h"
#include "device/probe/probe_result.h"

#define DC_DUMP_FORMAT_MAJOR 1
#define DC_DUMP_FORMAT_MINOR 5
#define DC_DUMP_MAX_PAGE     (64 * 1024) /* bytes; larger page files are refused */

/*
 * Layout (docs/dump-format.md):
 *   DIR/device.json          format version, the struct dc_dev facts, the page index,
 *                            the probe result, and the cache experiment's when asked
 *   DIR/pages/NAME.bin       each raw page, byte for byte
 */

/*
 * What a dump holds of one device beside its pages: the device stage's parts, each where
 * the caller keeps it (a check's own fields: dc_check_dump_parts, decide/check.h). The
 * dump knows nothing of what is looked up or decided later, which a replay does again.
 */
struct dc_dump_parts {
	struct dc_dev *dev;
	struct dc_availability *avail;   /* what libblkid found, the lock (dump 1.4) */
	struct dc_probe *probe;
	struct dc_cache_trial *trial;    /* --try-cache-off */
	struct dc_cache_left *left;      /* a cache an earlier run left off */
	char *host;                      /* read: the host the dump was made on ("" unknown),
					    DC_HOST_LEN bytes; written: this machine's */
};

/* dump_write.c */
/* Writes one device's dump into dir (created if needed): p's dev, availability, probe,
 * cache experiment and left-off record, and raw's pages. Returns 0 or -errno. */
int dc_dump_write(const char *dir, const struct dc_dump_parts *p, const struct dc_raw *raw);
/* dump_read.c */
/* Reads a dump back into p's dev, availability, probe, trial, left and host, and raw.
 * Returns 0, -ENOENT (no device.json), -EINVAL (malformed, with a message in err), or
 * -errno. */
int dc_dump_read(const char *dir, const struct dc_dump_parts *p, struct dc_raw *raw, char *err,
		 size_t errlen);

#endif /* DC_DUMP_H */
