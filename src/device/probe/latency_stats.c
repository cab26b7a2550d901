// SPDX-License-Identifier: GPL-2.0-or-later
/* latency_stats.c - exact percentiles, mean and spread of latency samples. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "device/probe/latency_stats.h"

/*
 * Why sorted samples and not a histogram: the probe keeps at most a few hundred
 * thousand samples per phase (8 bytes each), so sorting them costs milliseconds and
 * the percentiles are exact: there is no bucket error at all. The only error left is
 * the sampling error of the measurement itself, which the probe's stop rule judges.
 *
 * Definition (nearest rank, as in most textbooks and close to fio's): the p-th
 * percentile of n samples is the sample of rank ceil(p * n), ranks counted from 1.
 * For the samples 1..1000 that gives p50 = 500, p90 = 900, p99 = 990, p99.9 = 999.
 * p is held in parts per ten thousand so that ceil(p * n) is integer arithmetic:
 * with floating point, 0.999 * 1000 can come out as 999.0000000000001 and round up
 * to the wrong rank.
 */

static int dc_lat_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

void dc_lat_sort(uint64_t *ns, size_t n)
{
	if (ns && n > 1)
		qsort(ns, n, sizeof(*ns), dc_lat_cmp);
}

uint64_t dc_lat_percentile(const uint64_t *sorted, size_t n, unsigned permyriad)
{
	size_t rank;

	if (!sorted || n == 0)
		return 0;
	if (permyriad > 10000)
		permyriad = 10000;
	/* ceil(n * p / 10000) without overflow for any n below 2^50 */
	rank = (n * (size_t)permyriad + 9999) / 10000;
	if (rank < 1)
		rank = 1;
	return sorted[rank - 1];
}

int dc_lat_summarise(uint64_t *ns, size_t n, struct dc_latency *out)
{
	long double sum = 0, sq = 0, mean;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (n == 0)
		return 0;
	if (!ns)
		return -EINVAL;

	dc_lat_sort(ns, n);
	for (i = 0; i < n; i++)
		sum += ns[i];
	mean = sum / n;
	/*
	 * Two passes (mean first, then squared deviations) rather than a running sum of
	 * squares: the one-pass formula subtracts two nearly equal large numbers and
	 * loses every digit when the spread is small against the mean.
	 */
	for (i = 0; i < n; i++) {
		long double d = ns[i] - mean;

		sq += d * d;
	}

	out->count = (unsigned)n;
	out->mean_us = (double)(mean / 1000);
	out->stdev_us = n > 1 ? (double)(sqrtl(sq / (n - 1)) / 1000) : 0;
	out->min_us = ns[0] / 1000.0;
	out->max_us = ns[n - 1] / 1000.0;
	out->p50_us = dc_lat_percentile(ns, n, DC_LAT_P50) / 1000.0;
	out->p90_us = dc_lat_percentile(ns, n, DC_LAT_P90) / 1000.0;
	out->p99_us = dc_lat_percentile(ns, n, DC_LAT_P99) / 1000.0;
	out->p999_us = dc_lat_percentile(ns, n, DC_LAT_P999) / 1000.0;
	out->iops = out->mean_us > 0 ? 1e6 / out->mean_us : 0;
	return 0;
}
