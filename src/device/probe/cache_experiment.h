/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cache_experiment.h - --try-cache-off: the probe again with the drive's volatile write cache off. */
#ifndef DC_CACHE_EXPERIMENT_H
#define DC_CACHE_EXPERIMENT_H

#include "dc_types.h"
#include "device/probe/probe.h"
#include "core/drive.h"

/*
 * What the experiment works with: the protocol back-end's cache switch, the probe, and where
 * records are kept. The scan passes the real ones; tests pass their own, so that every
 * step's failure can be made to happen.
 */
struct dc_trial_env {
	/* NULL when the device has no command set to switch its cache (loop, virtio) */
	int (*set_cache)(const struct dc_dev *dev, bool on, enum dc_tri *now,
			 struct dc_io_status *st);   /* protocol.h */
	int (*probe)(const struct dc_dev *dev, const struct dc_probe_opts *opts,
		     struct dc_probe *out);
	const struct dc_probe_opts *probe_opts;
	const char *state_dir;
	/* hold the disk for the experiment (disk_claim.c: its BSD lock, and nobody else
	 * with it open): a descriptor to close at the end, or -errno with why filled; and
	 * who has it open now ("" nobody). NULL: nothing to hold (unit tests) */
	int (*claim)(const struct dc_dev *dev, char *why, size_t whylen);
	void (*users_now)(const struct dc_dev *dev, char *who, size_t len);
};

/* cache_experiment.c */
/*
 * Tries it on one drive, whose first probe is first and whose earlier record (if any) is
 * left: when the drive's cache is on and may be switched, writes the record, turns the
 * cache off, checks that the drive says so, probes again, turns the cache on, checks
 * again, and removes the record. Any step that fails puts the cache back where it can and
 * leaves the record where it cannot (the cache is then off: safe, and the next run says
 * so). Fills out; never fails.
 */
void dc_cache_trial_run(const struct dc_trial_env *env, const struct dc_dev *dev,
			const struct dc_drive *drive, const struct dc_probe *first,
			const struct dc_cache_left *left, struct dc_cache_trial *out);

/*
 * --restore-cache: turns on a cache an earlier run left off, when its record says so;
 * nothing else is ever turned on. Returns 0 (msg says what was done), -ENOENT (no record:
 * nothing changed), or -errno / >0 a device status (msg says what failed).
 */
int dc_cache_restore(const struct dc_trial_env *env, const struct dc_dev *dev,
		     const struct dc_drive *drive, const struct dc_cache_left *left, char *msg,
		     size_t len);

#endif /* DC_CACHE_EXPERIMENT_H */
