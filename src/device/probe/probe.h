/* SPDX-License-Identifier: GPL-2.0-or-later */
/* probe.h - the sync-write probe: where it may write, and what a flushed 4 KiB write costs. */
#ifndef DC_PROBE_H
#define DC_PROBE_H

#include <signal.h>
#include <stdbool.h>

#include "device/dev.h"
#include "device/probe/probe_result.h"

/* What a running probe reports, a few times a second, for a progress display. */
struct dc_probe_status {
	const char *name;        /* kernel name of the device */
	const char *label;       /* "" or what differs in this run: "cache off" */
	const char *what;        /* "laying out", "timing" */
	double elapsed_s, max_s;
	size_t n[3];             /* samples so far: RWF_DSYNC, write + fdatasync, no sync */
	double mean_us[3];
};

struct dc_probe_opts {
	double max_seconds;      /* hard bound on the timed part, per drive */
	const char *probe_dir;   /* --probe-dir: a writable directory on the drive, or NULL */
	/* called from the probing thread at most every 250 ms; NULL for none */
	void (*progress)(void *ud, const struct dc_probe_status *st);
	void *progress_ud;
	const char *label;       /* shown beside the device's name in the progress, or NULL */
	/* when not NULL and it becomes non-zero (a signal), the probe stops at its next
	 * write and returns -EINTR: the cache experiment then puts the cache back */
	const volatile sig_atomic_t *stop;
	/* the caller holds the disk's BSD lock (the cache experiment, disk_claim.c): raw
	 * mode does not take it again, which would fail against the caller's own lock */
	bool disk_claimed;
};

#define DC_PROBE_DEFAULT_SECONDS 5.0

/*
 * probe.c: run the probe on one device where it is safe. Returns 0 when the probe ran
 * or was refused (then out->skipped says why), -errno when it failed part way
 * (out->skipped says what happened; -EINTR: opts->stop was set). Never writes a byte
 * it does not own.
 */
int dc_probe_run(const struct dc_dev *dev, const struct dc_probe_opts *opts,
		 struct dc_probe *out);

#endif /* DC_PROBE_H */
