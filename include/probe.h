/* SPDX-License-Identifier: GPL-2.0-or-later */
/* probe.h - the sync-write probe: where it may write, and what a flushed 4 KiB write costs. */
#ifndef DC_PROBE_H
#define DC_PROBE_H

#include "dc_types.h"

struct dc_probe_opts {
	double max_seconds;      /* hard bound on the timed part, per drive */
	const char *probe_dir;   /* --probe-dir: a writable directory on the drive, or NULL */
	bool progress;           /* print a progress line on stderr (a terminal) */
};

#define DC_PROBE_DEFAULT_SECONDS 5.0

/*
 * probe.c: run the probe on one device where it is safe. Returns 0 when the probe ran
 * or was refused (then out->skipped says why), -errno when it failed part way
 * (out->skipped says what happened). Never writes a byte it does not own.
 */
int dc_probe_run(const struct dc_dev *dev, const struct dc_probe_opts *opts,
		 struct dc_probe *out);

#endif /* DC_PROBE_H */
