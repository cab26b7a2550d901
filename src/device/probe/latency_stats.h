/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency_stats.h - exact percentiles, mean and spread of latency samples. */
#ifndef DC_LATENCY_STATS_H
#define DC_LATENCY_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "device/probe/probe_result.h"

/* Percentiles in parts per ten thousand, so that every rank is computed in integers. */
#define DC_LAT_P50  5000u
#define DC_LAT_P90  9000u
#define DC_LAT_P99  9900u
#define DC_LAT_P999 9990u

/* latency_stats.c */

/* Sort n samples (nanoseconds) in place, smallest first. */
void dc_lat_sort(uint64_t *ns, size_t n);

/*
 * The nearest-rank percentile of n sorted samples: the smallest sample such that at
 * least permyriad/10000 of all samples are less than or equal to it. Returns that
 * sample (nanoseconds), or 0 when n is 0.
 */
uint64_t dc_lat_percentile(const uint64_t *sorted, size_t n, unsigned permyriad);

/*
 * Summarise n samples (nanoseconds, sorted in place by this call) into out, in
 * microseconds. iops is 1e6 / mean_us: the rate of a queue-depth-1 stream doing only
 * these writes. Returns 0, or -EINVAL when ns is NULL with n > 0 (out is then zeroed).
 * n == 0 gives an all-zero summary and returns 0.
 */
int dc_lat_summarise(uint64_t *ns, size_t n, struct dc_latency *out);

#endif /* DC_LATENCY_STATS_H */
