/* SPDX-License-Identifier: GPL-2.0-or-later */
/* scan.h - the pipeline for a set of devices: enumerate, acquire, parse, look up, probe, decide. */
#ifndef DC_SCAN_H
#define DC_SCAN_H

#include "device/probe/probe.h"
#include "decide/check.h"

struct dc_db;

struct dc_scan_opts {
	const char *sysroot;          /* "" for the running system */
	struct dc_db *db;
	bool probe;                   /* run the probe where it is safe */
	struct dc_probe_opts probe_opts;
	unsigned jobs;                /* physical devices probed at once (--jobs), at least 1 */
	bool progress;                /* one progress display on stderr (a terminal) */
	const char *dump_dir;         /* --dump: write each device's dump under it, or NULL */
	bool try_cache_off;           /* --try-cache-off: the cache experiment after each probe */
	const char *state_dir;        /* where the experiment's records are (cache_state.h);
					 NULL: records are not looked for */
};

/* scan.c */
/* Inspects the devices named by args (paths or kernel names), or every whole disk when
 * args is NULL. Fills a malloc'd array the caller frees; *n is its length. A device that
 * cannot be read is a check with error set: the scan goes on. Returns 0 or -errno. */
int dc_scan_devices(const struct dc_scan_opts *o, char *const *args, unsigned nargs,
		    struct dc_check **reports, unsigned *n);
/* Evaluates a dump folder (one device's, or a folder of them) through the same parse,
 * look-up and decide code. Returns 0, or -errno with a message in err. */
int dc_scan_replay(const struct dc_scan_opts *o, const char *dir, struct dc_check **reports,
		   unsigned *n, char *err, size_t errlen);

/*
 * What a live scan must say once, before its results (stderr, and the JSON's "warnings"),
 * from reports[0..n): without root (as_root false) no identify, SMART or log page was
 * read, so every drive's own answers are missing (each drive's errors name what); as
 * root, a drive the kernel refused (its refused errno) is the same, and more root cannot
 * mend it. Sets out[0] and returns 1, or returns 0 when there is nothing to say.
 */
unsigned dc_scan_warnings(const struct dc_check *reports, unsigned n, bool as_root,
			  const char **out);

#endif /* DC_SCAN_H */
