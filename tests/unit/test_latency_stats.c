// SPDX-License-Identifier: GPL-2.0-or-later
/* test_latency_stats.c - latency_stats on inputs whose percentiles, mean and spread are known. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dc_test.h"
#include "device/probe/latency_stats.h"


/* Equal within a relative 1e-9: the values checked are exact or nearly so. */
static int dc_near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(b) > 1 ? fabs(b) : 1);
}

/* Deterministic shuffle, so that the input is not already sorted. */
static void dc_shuffle(uint64_t *v, size_t n, uint64_t seed)
{
	size_t i;

	for (i = n - 1; i > 0; i--) {
		size_t j;
		uint64_t t;

		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		j = (size_t)((seed >> 33) % (i + 1));
		t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

/* Samples 1..1000 us (stored in ns): the nearest-rank percentiles are exact integers. */
static void test_one_to_thousand(void)
{
	uint64_t v[1000];
	struct dc_latency l;
	size_t i;

	for (i = 0; i < 1000; i++)
		v[i] = (i + 1) * 1000;
	dc_shuffle(v, 1000, 42);
	CHECK(dc_lat_summarise(v, 1000, &l) == 0);
	CHECK(l.count == 1000);
	CHECK(dc_near(l.p50_us, 500));
	CHECK(dc_near(l.p90_us, 900));
	CHECK(dc_near(l.p99_us, 990));
	CHECK(dc_near(l.p999_us, 999));
	CHECK(dc_near(l.max_us, 1000));
	CHECK(dc_near(l.min_us, 1));
	CHECK(dc_near(l.mean_us, 500.5));
	/* sample stdev of 1..n is sqrt(n(n+1)/12) */
	CHECK(dc_near(l.stdev_us, sqrt(1000.0 * 1001.0 / 12.0)));
	CHECK(dc_near(l.iops, 1e6 / 500.5));
	/* sorted in place */
	for (i = 1; i < 1000; i++)
		if (v[i - 1] > v[i])
			break;
	CHECK(i == 1000);
}

/* 1..10000: p99.9 needs ten thousand samples to be the 9990th, not the last. */
static void test_ten_thousand(void)
{
	uint64_t *v = malloc(10000 * sizeof(*v));
	size_t i;

	CHECK(v != NULL);
	if (!v)
		return;
	for (i = 0; i < 10000; i++)
		v[i] = i + 1;
	dc_shuffle(v, 10000, 7);
	dc_lat_sort(v, 10000);
	CHECK(dc_lat_percentile(v, 10000, DC_LAT_P50) == 5000);
	CHECK(dc_lat_percentile(v, 10000, DC_LAT_P99) == 9900);
	CHECK(dc_lat_percentile(v, 10000, DC_LAT_P999) == 9990);
	CHECK(dc_lat_percentile(v, 10000, 10000) == 10000);
	CHECK(dc_lat_percentile(v, 10000, 1) == 1);
	CHECK(dc_lat_percentile(v, 10000, 0) == 1);  /* rank clamps to 1 */
	CHECK(dc_lat_percentile(v, 10000, 20000) == 10000); /* clamps to the max */
	free(v);
}

/* Small n: ranks round up, never down. */
static void test_small(void)
{
	uint64_t one[1] = { 7000 };
	uint64_t three[3] = { 3000, 1000, 2000 };
	uint64_t ten[10];
	struct dc_latency l;
	size_t i;

	CHECK(dc_lat_summarise(one, 1, &l) == 0);
	CHECK(l.count == 1 && dc_near(l.p50_us, 7) && dc_near(l.p999_us, 7));
	CHECK(dc_near(l.stdev_us, 0) && dc_near(l.mean_us, 7));

	CHECK(dc_lat_summarise(three, 3, &l) == 0);
	CHECK(dc_near(l.p50_us, 2));   /* rank ceil(1.5) = 2 */
	CHECK(dc_near(l.p90_us, 3));   /* rank ceil(2.7) = 3 */
	CHECK(dc_near(l.min_us, 1) && dc_near(l.max_us, 3));

	for (i = 0; i < 10; i++)
		ten[i] = (10 - i) * 1000;
	dc_lat_sort(ten, 10);
	CHECK(dc_lat_percentile(ten, 10, DC_LAT_P50) == 5000);  /* rank 5 exactly */
	CHECK(dc_lat_percentile(ten, 10, DC_LAT_P90) == 9000);  /* rank 9 exactly */
	CHECK(dc_lat_percentile(ten, 10, DC_LAT_P99) == 10000); /* rank ceil(9.9) = 10 */
}

/* The textbook set {2,4,4,4,5,5,7,9}: mean 5, sample stdev sqrt(32/7). */
static void test_mean_stdev(void)
{
	uint64_t v[8] = { 9000, 2000, 4000, 5000, 4000, 7000, 4000, 5000 };
	struct dc_latency l;

	CHECK(dc_lat_summarise(v, 8, &l) == 0);
	CHECK(dc_near(l.mean_us, 5));
	CHECK(dc_near(l.stdev_us, sqrt(32.0 / 7.0)));
	CHECK(dc_near(l.p50_us, 4));
	CHECK(dc_near(l.iops, 200000));
}

/* A small spread on a large mean: the one-pass formula would lose it. */
static void test_stdev_precision(void)
{
	uint64_t v[4] = { 1000000000001ull, 1000000000003ull, 1000000000001ull, 1000000000003ull };
	struct dc_latency l;

	CHECK(dc_lat_summarise(v, 4, &l) == 0);
	/* deviations of +-1 ns: sample variance 4/3 ns^2 */
	CHECK(fabs(l.stdev_us - sqrt(4.0 / 3.0) / 1000) < 1e-9);
}

static void test_empty_and_bad(void)
{
	struct dc_latency l;

	memset(&l, 0xff, sizeof(l));
	CHECK(dc_lat_summarise(NULL, 0, &l) == 0);
	CHECK(l.count == 0 && l.p50_us == 0 && l.iops == 0 && l.max_us == 0);
	CHECK(dc_lat_summarise(NULL, 5, &l) == -EINVAL);
	CHECK(l.count == 0);
	CHECK(dc_lat_percentile(NULL, 0, DC_LAT_P50) == 0);
}

/* Duplicates: a percentile lands on a value that many samples share. */
static void test_duplicates(void)
{
	uint64_t v[100];
	struct dc_latency l;
	size_t i;

	for (i = 0; i < 100; i++)
		v[i] = i < 98 ? 50000 : 900000;  /* 98 fast, 2 slow */
	dc_shuffle(v, 100, 3);
	CHECK(dc_lat_summarise(v, 100, &l) == 0);
	CHECK(dc_near(l.p50_us, 50) && dc_near(l.p90_us, 50));
	CHECK(dc_near(l.p99_us, 900));  /* rank 99 is the first slow one */
	CHECK(dc_near(l.max_us, 900));
}

int main(void)
{
	test_one_to_thousand();
	test_ten_thousand();
	test_small();
	test_mean_stdev();
	test_stdev_precision();
	test_empty_and_bad();
	test_duplicates();
	return dc_test_summary("test_latency_stats");
}
