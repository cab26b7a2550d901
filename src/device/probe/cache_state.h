/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cache_state.h - the record that a drive's write cache was turned off, kept until it is on again. */
#ifndef DC_CACHE_STATE_H
#define DC_CACHE_STATE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/drive.h"
#include "device/dev.h"
#include "device/probe/probe_result.h"

/*
 * One small JSON file per drive, named after its model and serial, written and made
 * durable before the cache is turned off and removed once it is on again. A run killed
 * in between leaves it behind: the next run finds it and says so. The drive is known
 * by model and serial, never by its kernel name, which may change at the next boot.
 */
#define DC_STATE_DIR_DEFAULT "/var/lib/drivecheck"

/* $DRIVECHECK_STATE_DIR when set and not empty, else DC_STATE_DIR_DEFAULT. */
const char *dc_state_dir(void);

/* The record's file for this drive under dir. Returns 0, or -EINVAL without a serial. */
int dc_cache_record_path(const char *dir, const struct dc_drive *drive, char *path, size_t len);

/* Writes the record (dir created when missing), durable before it returns. Returns 0,
 * -EEXIST when a record of this drive is there already, or -errno. */
int dc_cache_record_write(const char *dir, const struct dc_dev *dev, const struct dc_drive *drive);

/* Removes this drive's record. Returns 0 (also when there was none) or -errno. */
int dc_cache_record_remove(const char *dir, const struct dc_drive *drive);

/*
 * Looks for this drive's record. Returns 0 with left->found set or not; a record that
 * cannot be read is found all the same (its fields empty): it is ours and means the cache
 * may be off. *running is set when the run that wrote it is still going (its process
 * lives, in this boot): then the cache is off on purpose, for a few seconds.
 */
int dc_cache_record_find(const char *dir, const struct dc_drive *drive, struct dc_cache_left *left,
			 bool *running);

#endif /* DC_CACHE_STATE_H */
