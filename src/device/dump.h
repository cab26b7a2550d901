/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dump.h - a device's sysfs facts, raw pages and probe result, to a folder and back. */
#ifndef DC_DUMP_H
#define DC_DUMP_H

#include "dc_types.h"

#define DC_DUMP_FORMAT_MAJOR 1
#define DC_DUMP_FORMAT_MINOR 5
#define DC_DUMP_MAX_PAGE     (64 * 1024) /* bytes; larger page files are refused */

/*
 * Layout (docs/dump-format.md):
 *   DIR/device.json          format version, the struct dc_dev facts, the page index,
 *                            the probe result, and the cache experiment's when asked
 *   DIR/pages/NAME.bin       each raw page, byte for byte
 */

/* dump.c */
/* Writes one device's dump into dir (created if needed): r's dev, probe, cache
 * experiment and left-off record, and raw's pages. Returns 0 or -errno. */
int dc_dump_write(const char *dir, const struct dc_check *r, const struct dc_raw *raw);
/* Reads a dump back into r's dev, probe, cache_trial and cache_left, and raw. Returns 0,
 * -ENOENT (no device.json), -EINVAL (malformed, with a message in err), or -errno. */
int dc_dump_read(const char *dir, struct dc_check *r, struct dc_raw *raw, char *err,
		 size_t errlen);

#endif /* DC_DUMP_H */
