/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inspect.h - acquire and parse one device: the device's own answers, decoded. */
#ifndef DC_INSPECT_H
#define DC_INSPECT_H

#include "core/drive.h"
#include "device/dev.h"

/* inspect.c */
/* Reads every raw page the device's back-end knows. Returns 0, or -errno when the
 * device could not be opened at all (raw then holds what was read before). */
int dc_inspect_acquire(const struct dc_dev *dev, struct dc_raw *raw);
/* Decodes raw pages into facts; fills what the pages lacked from sysfs and records
 * acquire_err (from dc_inspect_acquire) in words. Pure. Returns the back-end parser's
 * error (0, or -errno when it could not decode: said in drive's errors too). */
int dc_inspect_parse(const struct dc_dev *dev, const struct dc_raw *raw, int acquire_err,
		     struct dc_drive *drive);

#endif /* DC_INSPECT_H */
