// SPDX-License-Identifier: GPL-2.0-or-later
/* probe.c - the sync-write probe: what a flushed 4 KiB write costs on a drive, and without the flush. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "latency_stats.h"
#include "probe.h"
#include "probe_target.h"

/*
 * What is measured: the completion time of one 4 KiB write at queue depth 1, at a
 * random 4 KiB-aligned offset of the target's region, with O_DIRECT, in two phases:
 *   sync    pwritev2(..., RWF_DSYNC): the kernel ends the write with a cache flush or
 *           a FUA write, exactly as for an O_DSYNC descriptor (what fio --sync=1 gives
 *           on a block device, and what Ceph and DRBD pay for every write);
 *   nosync  the same write without the flag.
 * RWF_DSYNC on one descriptor rather than a second O_DSYNC descriptor, because raw
 * mode holds the device with O_EXCL and a second exclusive open would fail.
 *
 * Each sample is CLOCK_MONOTONIC read just before and just after the pwritev2 call:
 * submit to completion, the same span as fio's clat for a synchronous engine. In raw
 * mode the block is read first (not timed) and the same bytes are written back.
 *
 * The phases alternate in blocks of DC_PROBE_ROUND_WRITES, in the order S N N S S N
 * N S ..., so that a slow drift of the drive (SLC cache filling, heat, background
 * work) lands on both phases alike. Before each sync block an fdatasync (not timed)
 * empties the drive's cache of the preceding no-sync writes; otherwise the first
 * sync write of the block would pay for flushing all of them.
 *
 * Stop rule: at checkpoints (each time both phases have grown by a quarter, once
 * both hold DC_PROBE_MIN_SAMPLES and DC_PROBE_MIN_SECONDS have passed), each phase's
 * samples are split into their first and second halves in time, and p50 and p99 of
 * the halves are compared. Two independent estimates that agree within
 * DC_PROBE_P50_TOL (p50) and DC_PROBE_P99_TOL (p99) mean that the estimate from all
 * samples (twice as many) is good to about half that, and that the drive did not
 * drift while we watched. A drive that keeps changing never passes and runs to the
 * time bound, with stable = false. Differences under DC_PROBE_ABS_TOL_NS count as
 * agreement: that is the noise of scheduling and of the clock, not of the drive.
 */

#define DC_PROBE_MAX_SAMPLES   (1u << 19) /* per phase: 4 MiB of samples, the memory bound */
#define DC_PROBE_ROUND_WRITES  16         /* writes of one phase before switching */
#define DC_PROBE_WARMUP_WRITES 32         /* per phase, not counted */
#define DC_PROBE_WARMUP_MAX_S  0.25       /* and no longer than this, nor a quarter of the bound */
#define DC_PROBE_MIN_SAMPLES   2000       /* per phase: p99 of a half is then its 10th largest */
#define DC_PROBE_MIN_SECONDS   1.0        /* a drive's hiccups come every few hundred ms */
#define DC_PROBE_CHECK_GROWTH  1.25
#define DC_PROBE_P50_TOL       0.05
#define DC_PROBE_P99_TOL       0.10
#define DC_PROBE_ABS_TOL_NS    2000
#define DC_PROBE_PROGRESS_NS   250000000ull

struct dc_phase {
	int sync;        /* 1: RWF_DSYNC */
	uint64_t *ns;    /* samples in nanoseconds, in time order until summarised */
	size_t n;
	uint64_t sum_ns; /* for the progress line */
};

struct dc_probe_ctx {
	const struct dc_dev *dev;
	const struct dc_probe_opts *opts;
	struct dc_probe_target *t;
	uint8_t *buf;          /* DC_PROBE_BLOCK bytes, aligned for O_DIRECT */
	uint64_t *scratch;     /* for the stability check: half a phase */
	uint64_t nblocks;      /* region in 4 KiB blocks */
	uint64_t rng;          /* xorshift64* state */
	uint64_t serial;       /* stamped into file-mode writes */
	struct dc_phase ph[2]; /* [0] sync, [1] nosync */
	uint64_t last_progress;
	uint64_t last_end;     /* CLOCK_MONOTONIC ns at the end of the last write */
	double max_s;
	char *why;
	size_t whylen;
};

static uint64_t dc_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* xorshift64* (Vigna): fast, and uniform enough to spread offsets over a region. */
static uint64_t dc_rng_next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ull;
}

/*
 * One write at a random block. Raw mode reads the block first and writes back exactly
 * what it read. *ns gets the time of the write alone. Returns 0 or -errno (why filled).
 */
static int dc_probe_write(struct dc_probe_ctx *c, int sync, uint64_t *ns)
{
	struct iovec iov = { .iov_base = c->buf, .iov_len = DC_PROBE_BLOCK };
	uint64_t off = (dc_rng_next(&c->rng) % c->nblocks) * DC_PROBE_BLOCK;
	uint64_t t0, t1;
	ssize_t n;

	if (c->t->mode == DC_PROBE_RAW) {
		n = pread(c->t->fd, c->buf, DC_PROBE_BLOCK, (off_t)off);
		if (n != (ssize_t)DC_PROBE_BLOCK) {
			int e = n < 0 ? errno : EIO;

			snprintf(c->why, c->whylen, "reading %s at %llu failed: %s", c->t->where,
				 (unsigned long long)off, strerror(e));
			return -e;
		}
	} else {
		/* our own file: make each write differ, for drives that deduplicate */
		memcpy(c->buf, &c->serial, sizeof(c->serial));
		c->serial++;
	}

	t0 = dc_now_ns();
	n = pwritev2(c->t->fd, &iov, 1, (off_t)off, sync ? RWF_DSYNC : 0);
	t1 = dc_now_ns();
	if (n != (ssize_t)DC_PROBE_BLOCK) {
		int e = n < 0 ? errno : EIO;

		snprintf(c->why, c->whylen, "writing %s at %llu failed: %s", c->t->where,
			 (unsigned long long)off, strerror(e));
		return -e;
	}
	*ns = t1 - t0;
	c->last_end = t1;
	return 0;
}

/* Empty the drive's cache of earlier no-sync writes before a sync block. */
static int dc_probe_drain(struct dc_probe_ctx *c)
{
	if (fdatasync(c->t->fd) != 0) {
		snprintf(c->why, c->whylen, "flushing %s failed: %s", c->t->where, strerror(errno));
		return -errno;
	}
	return 0;
}

static void dc_probe_progress(struct dc_probe_ctx *c, uint64_t now, uint64_t start)
{
	const struct dc_phase *s = &c->ph[0], *u = &c->ph[1];

	if (!c->opts || !c->opts->progress)
		return;
	if (now - c->last_progress < DC_PROBE_PROGRESS_NS)
		return;
	c->last_progress = now;
	fprintf(stderr, "\r\033[Kprobe %s: %.1f/%g s, sync %zu writes (mean %.0f us), no-sync %zu writes (mean %.0f us)",
		c->dev->name, (now - start) / 1e9, c->max_s,
		s->n, s->n ? s->sum_ns / 1e3 / s->n : 0.0,
		u->n, u->n ? u->sum_ns / 1e3 / u->n : 0.0);
}

static int dc_close_enough(uint64_t a, uint64_t b, double tol)
{
	uint64_t d = a > b ? a - b : b - a;

	return d <= DC_PROBE_ABS_TOL_NS || (double)d <= tol * (double)(a + b) / 2;
}

/* Do the first and second halves of this phase agree on p50 and p99? (See the top.) */
static int dc_probe_phase_stable(const struct dc_phase *p, uint64_t *scratch)
{
	size_t h = p->n / 2, m = p->n - h;
	uint64_t a50, a99, b50, b99;

	memcpy(scratch, p->ns, h * sizeof(*scratch));
	dc_lat_sort(scratch, h);
	a50 = dc_lat_percentile(scratch, h, DC_LAT_P50);
	a99 = dc_lat_percentile(scratch, h, DC_LAT_P99);
	memcpy(scratch, p->ns + h, m * sizeof(*scratch));
	dc_lat_sort(scratch, m);
	b50 = dc_lat_percentile(scratch, m, DC_LAT_P50);
	b99 = dc_lat_percentile(scratch, m, DC_LAT_P99);
	return dc_close_enough(a50, b50, DC_PROBE_P50_TOL) &&
	       dc_close_enough(a99, b99, DC_PROBE_P99_TOL);
}

/*
 * Warm-up, then the timed rounds until stable, the time bound or the sample cap.
 * Fills out->duration_s and out->stable. Returns 0 or -errno (why filled).
 */
static int dc_probe_loop(struct dc_probe_ctx *c, struct dc_probe *out)
{
	uint64_t begin = dc_now_ns(), deadline, start, now, ns;
	uint64_t warm_end, min_end;
	size_t next_check = DC_PROBE_MIN_SAMPLES;
	double warm_s = c->max_s / 4;
	unsigned round, i, j;
	int prev_sync, rc;

	deadline = begin + (uint64_t)(c->max_s * 1e9);
	if (warm_s > DC_PROBE_WARMUP_MAX_S)
		warm_s = DC_PROBE_WARMUP_MAX_S;
	warm_end = begin + (uint64_t)(warm_s * 1e9);

	/* Warm-up: wake the drive and the code paths; nothing counted. */
	for (j = 0; j < 2; j++) {
		int sync = j == 1;

		if (sync) {
			rc = dc_probe_drain(c);
			if (rc)
				return rc;
		}
		for (i = 0; i < DC_PROBE_WARMUP_WRITES && dc_now_ns() < warm_end; i++) {
			rc = dc_probe_write(c, sync, &ns);
			if (rc)
				return rc;
		}
	}
	prev_sync = 1;

	start = now = dc_now_ns();
	min_end = start + (uint64_t)(DC_PROBE_MIN_SECONDS * 1e9);
	for (round = 0; ; round++) {
		for (j = 0; j < 2; j++) {
			/* even rounds sync first, odd rounds no-sync first: S N N S S N ... */
			struct dc_phase *p = &c->ph[(round + j) & 1];

			if (p->sync && !prev_sync) {
				rc = dc_probe_drain(c);
				if (rc)
					return rc;
			}
			prev_sync = p->sync;
			for (i = 0; i < DC_PROBE_ROUND_WRITES; i++) {
				if (p->n >= DC_PROBE_MAX_SAMPLES)
					goto done;
				rc = dc_probe_write(c, p->sync, &ns);
				if (rc)
					return rc;
				p->ns[p->n++] = ns;
				p->sum_ns += ns;
				now = c->last_end;
				if (now >= deadline)
					goto done;
				dc_probe_progress(c, now, start);
			}
		}

		if (c->ph[0].n < next_check || c->ph[1].n < next_check || now < min_end)
			continue;
		/* geometric checkpoints: the sorting costs O(n log n) over the whole run */
		next_check = (size_t)((c->ph[0].n < c->ph[1].n ? c->ph[0].n : c->ph[1].n) *
				      DC_PROBE_CHECK_GROWTH);
		if (dc_probe_phase_stable(&c->ph[0], c->scratch) &&
		    dc_probe_phase_stable(&c->ph[1], c->scratch)) {
			out->stable = true;
			goto done;
		}
		/*
		 * The check took a few milliseconds with the drive idle; an idle drive may
		 * drop to a power-saving state. Wake it with one write that is not counted,
		 * of the phase that comes next (the same as the last, so no drain needed).
		 */
		rc = dc_probe_write(c, c->ph[(round + 1) & 1].sync, &ns);
		if (rc)
			return rc;
	}
done:
	out->duration_s = (now - start) / 1e9;
	return 0;
}

int dc_probe_run(const struct dc_dev *dev, const struct dc_probe_opts *opts,
		 struct dc_probe *out)
{
	struct dc_probe_target t;
	struct dc_probe_ctx c;
	int rc;

	memset(out, 0, sizeof(*out));
	out->mode = DC_PROBE_NOT_RUN;
	dc_probe_target_init(&t);
	memset(&c, 0, sizeof(c));
	c.dev = dev;
	c.opts = opts;
	c.t = &t;
	c.why = out->skipped;
	c.whylen = sizeof(out->skipped);
	c.max_s = opts && opts->max_seconds > 0 && isfinite(opts->max_seconds) ?
		  opts->max_seconds : DC_PROBE_DEFAULT_SECONDS;
	c.ph[0].sync = 1;

	rc = dc_probe_target_open(dev, opts ? opts->probe_dir : NULL, &t,
				  out->skipped, sizeof(out->skipped));
	if (rc || t.mode == DC_PROBE_NOT_RUN)
		goto out;
	if (opts && opts->progress && t.mode == DC_PROBE_FILE)
		fprintf(stderr, "\r\033[Kprobe %s: writing %llu MiB in %s once before timing",
			dev->name, (unsigned long long)(t.region_bytes >> 20), t.where);
	rc = dc_probe_target_prepare(&t, c.max_s, out->skipped, sizeof(out->skipped));
	if (rc || t.mode == DC_PROBE_NOT_RUN)
		goto out;

	c.nblocks = t.region_bytes / DC_PROBE_BLOCK;
	c.rng = dc_now_ns() ^ ((uint64_t)getpid() << 32) ^ 0x2545f4914f6cdd1dull;
	if (!c.rng)
		c.rng = 1;
	/* The memory bound: two phases of samples and half a phase of scratch. */
	c.ph[0].ns = malloc(DC_PROBE_MAX_SAMPLES * sizeof(uint64_t));
	c.ph[1].ns = malloc(DC_PROBE_MAX_SAMPLES * sizeof(uint64_t));
	c.scratch = malloc((DC_PROBE_MAX_SAMPLES / 2 + 1) * sizeof(uint64_t));
	if (!c.ph[0].ns || !c.ph[1].ns || !c.scratch ||
	    posix_memalign((void **)&c.buf, DC_PROBE_BLOCK, DC_PROBE_BLOCK) != 0) {
		rc = -ENOMEM;
		snprintf(out->skipped, sizeof(out->skipped), "out of memory");
		goto out;
	}
	memset(c.buf, 0xa5, DC_PROBE_BLOCK);

	rc = dc_probe_loop(&c, out);
	if (rc)
		goto out;

	dc_lat_summarise(c.ph[0].ns, c.ph[0].n, &out->sync);
	dc_lat_summarise(c.ph[1].ns, c.ph[1].n, &out->nosync);
	out->flush_cost_us = out->sync.p50_us - out->nosync.p50_us;
	out->mode = t.mode;
	snprintf(out->where, sizeof(out->where), "%s", t.where);
out:
	if (rc) {
		out->mode = DC_PROBE_NOT_RUN;
		out->duration_s = 0;
		out->stable = false;
	}
	if (opts && opts->progress)
		fputs("\r\033[K", stderr);
	dc_probe_target_close(&t);
	free(c.ph[0].ns);
	free(c.ph[1].ns);
	free(c.scratch);
	free(c.buf);
	return rc;
}
