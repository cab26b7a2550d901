/* SPDX-License-Identifier: GPL-2.0-or-later */
/* probe_result.h - what the sync-write probe measured (probe.c), the cache experiment's
 * (cache_experiment.c) and a cache an earlier run left off (cache_state.c). Types alone. */
#ifndef DC_PROBE_RESULT_H
#define DC_PROBE_RESULT_H

#include "dc_types.h"

/* An hour per write: no drive's answer. A reader (dump, fio import) refuses a latency past
 * it rather than decide on it. */
#define DC_LATENCY_MAX_US 3.6e9

/* Latency summary of one phase of the probe. All times in microseconds. */
struct dc_latency {
	unsigned count;
	double mean_us, stdev_us;
	double p50_us, p90_us, p99_us, p999_us, max_us, min_us;
	double iops;
};

struct dc_probe {
	enum dc_probe_mode mode;
	char where[DC_PATH_LEN];      /* the directory or device written to */
	char skipped[256];            /* why it did not run; empty when it ran */
	char warning[256];            /* it ran, but something happened meanwhile that the
					 user should know (another process opened the disk) */
	double duration_s;
	bool stable;                  /* stopped because the estimate settled */
	struct dc_latency sync;       /* pwritev2(RWF_DSYNC): FUA where queue/fua = 1 */
	struct dc_latency flush;      /* a write, then fdatasync: the flush (count 0 in old dumps) */
	struct dc_latency nosync;     /* O_DIRECT writes, no flush */
	double flush_cost_us;         /* sync.p50 - nosync.p50 */
	double start_s;               /* when it began, seconds after the scan's first probe */
};

/* The cache experiment (--try-cache-off; enum dc_trial_state, dc_types.h). */
struct dc_cache_trial {
	enum dc_trial_state state;
	char why[256];
	enum dc_tri off_honoured;     /* the drive said its cache was off after the command */
	enum dc_tri restored;         /* the drive said its cache was on again afterwards */
	struct dc_probe probe;        /* the probe with the cache off */
};

/* A cache an earlier run turned off and did not turn back on: its record was found. */
struct dc_cache_left {
	bool found;
	char since[32];               /* when it was turned off, UTC, ISO 8601 */
	long pid;                     /* the run that did it */
	bool running;                 /* ... is still going: the cache is off on purpose now */
	char record[DC_PATH_LEN];     /* the record's file */
};

#endif /* DC_PROBE_RESULT_H */
