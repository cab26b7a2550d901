/* SPDX-License-Identifier: GPL-2.0-or-later */
/* probe_target.h - where the sync-write probe may write on a device, and the open target. */
#ifndef DC_PROBE_TARGET_H
#define DC_PROBE_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc_types.h"
#include "device/dev.h"
#include "device/probe/probe_result.h"

#define DC_PROBE_BLOCK            4096u          /* bytes per probe write */
#define DC_PROBE_REGION_BYTES     (128ull << 20) /* the region the offsets spread over */
#define DC_PROBE_MIN_REGION_BYTES (8ull << 20)   /* below this, refuse */

/*
 * An open place to write. The probe writes DC_PROBE_BLOCK bytes at 4 KiB-aligned
 * offsets in [0, region_bytes) of fd, and nowhere else.
 */
struct dc_probe_target {
	enum dc_probe_mode mode;  /* DC_PROBE_NOT_RUN when refused */
	int fd;                   /* O_RDWR|O_DIRECT: file mode an O_TMPFILE|O_EXCL file,
				     raw mode the whole device held with O_EXCL; -1 when closed */
	uint64_t region_bytes;    /* bytes, a multiple of 1 MiB (file) or 4 KiB (raw) */
	char where[DC_PATH_LEN];  /* the directory (file mode) or device (raw mode) */
};

/* probe_target.c */

/* An empty, closed target (fd -1, mode DC_PROBE_NOT_RUN). */
void dc_probe_target_init(struct dc_probe_target *t);

/*
 * Decide where the probe may write on dev and open it: probe_dir when given (its
 * filesystem must live on dev or one of its partitions), else a writable mounted
 * filesystem of dev, else the whole device if it is wholly unused: held with O_EXCL and
 * the disk's BSD lock (not taken again when lock_held: the caller holds it), and open in
 * no other process. Returns 0 with
 * t->mode set when opened; 0 with t->mode DC_PROBE_NOT_RUN and why filled when
 * refused; -errno when something failed (why says what).
 */
int dc_probe_target_open(const struct dc_dev *dev, const char *probe_dir, bool lock_held,
			 struct dc_probe_target *t, char *why, size_t whylen);

/*
 * File mode: allocate the region and write it once in full, so that the timed writes
 * overwrite real extents. Stops after max_seconds and shrinks the region to what was
 * written (refusing below DC_PROBE_MIN_REGION_BYTES). Raw mode: nothing to do.
 * Returns 0 (t->mode DC_PROBE_NOT_RUN and why filled when it had to give up), or
 * -errno on an I/O error (why says what).
 */
int dc_probe_target_prepare(struct dc_probe_target *t, double max_seconds,
			    char *why, size_t whylen);

/* Close the target. In file mode that frees the unnamed file. Closing twice is fine. */
void dc_probe_target_close(struct dc_probe_target *t);

#endif /* DC_PROBE_TARGET_H */
