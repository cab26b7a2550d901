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

#include "device/disk_claim.h"
#include "device/probe/latency_stats.h"
#include "device/probe/probe.h"
#include "device/probe/probe_guard.h"
#include "device/probe/probe_target.h"
#include "core/text_fit.h"

/*
 * What is measured: the completion time of one 4 KiB write at queue depth 1, at a
 * random 4 KiB-aligned offset of the target's region, with O_DIRECT, in three phases:
 *   dsync   pwritev2(..., RWF_DSYNC): the kernel makes the write durable itself, as a
 *           FUA write where the queue says fua = 1 (most NVMe drives) and as a write and
 *           a flush elsewhere (what fio --sync=1 gives, and DRBD's metadata writes);
 *   flush   the same write without the flag, then fdatasync(), both inside one sample:
 *           a write and a cache flush (what Ceph BlueStore, a ZFS SLOG and etcd's WAL
 *           wait for);
 *   nosync  the write alone.
 * Drives exist that honour one of FUA and flush and ignore or mishandle the other, so
 * both are measured and the decision keeps each role's own. Flags on one descriptor
 * rather than a second O_DSYNC descriptor, because raw mode holds the device with
 * O_EXCL and a second exclusive open would fail.
 *
 * Each sample is CLOCK_MONOTONIC read just before and just after the write (and its
 * fdatasync): submit to completion, the span of fio's clat for a synchronous engine.
 *
 * Raw mode rewrites a pool of DC_PROBE_POOL_BLOCKS blocks spread over the region, each
 * read once before timing starts: every write puts back the very bytes that block held.
 * The device is held with O_EXCL and its BSD lock, and no other process had it open
 * (probe_target.c), but a program that ignores both can still open it meanwhile, and
 * its write to a block after our read of it would be undone by our write (1,925 of
 * 16,384 blocks in the reproduction, docs/probe.md "Other writers"). Readers open it
 * too (smartd, an exporter's smartctl, udev's blkid) and cannot undo anything. So:
 *   before every write, the guard (probe_guard.c), which touches no drive: an inotify
 *     watch tells an open for writing from a reader's, and the device's count of
 *     sectors written, against ours, shows any other writer's write through any node;
 *     a writer stops the probe, a reader does not. The window is the write in flight.
 *   before every DC_PROBE_RECHECK_BLOCKS writes, their blocks read again together and
 *     compared with the pool: the line for a writer the count does not see (a SCSI or
 *     NVMe passthrough command, a write below the device). The window is the batch.
 * The re-read is batched because a device may feel a read just before a write: fio's
 * own mixed job on a tmpfs loop wrote 15% slower than its write-only job on one host
 * (46 against 40 us; 3% on another), and with a read in front of every write the
 * probe's RWF_DSYNC median there was 1.2 times fio's. The first write after a batch's
 * reads is made but not timed, so no timed write follows a read, as in fio's job. Where
 * the kernel keeps no count (queue/iostats 0) the batch is one block: every write
 * follows its block's re-read, timed, as before the guard.
 *
 * The phases take turns in blocks of at least DC_PROBE_ROUND_WRITES writes and
 * DC_PROBE_ROUND_NS, in rotating order (D F N, F N D, N D F, ...), so that a slow drift
 * of the drive (SLC cache filling, heat, background work) lands on every phase alike.
 * On a slow drive (milliseconds a write) a block is 16 writes; on a fast one it lasts
 * 20 ms, hundreds of writes: switching every 16 writes made each fast write slower
 * (a tmpfs loop's RWF_DSYNC median went from fio's 40 us to 75 us), for the switch and
 * its drain, not for the drive. Before a durable phase that follows the no-sync phase
 * an fdatasync (not timed) empties the drive's cache of those writes; otherwise the
 * first durable write would pay for all of them.
 *
 * Stop rule: at checkpoints (each time every phase has grown by a quarter, once each
 * holds DC_PROBE_MIN_SAMPLES and DC_PROBE_MIN_SECONDS have passed), each phase's
 * samples are split into their first and second halves in time, and p50 and p99 of
 * the halves are compared. Two independent estimates that agree within
 * DC_PROBE_P50_TOL (p50) and DC_PROBE_P99_TOL (p99) mean that the estimate from all
 * samples (twice as many) is good to about half that, and that the drive did not
 * drift while we watched. A drive that keeps changing never passes and runs to the
 * time bound, with stable = false. Differences under DC_PROBE_ABS_TOL_NS count as
 * agreement: that is the noise of scheduling and of the clock, not of the drive.
 */

#define DC_PROBE_MAX_SAMPLES   (1u << 18) /* per phase: 2 MiB of samples, the memory bound */
#define DC_PROBE_POOL_BLOCKS   2048       /* raw mode: 8 MiB of blocks read once, rewritten */
#define DC_PROBE_RECHECK_BLOCKS 32        /* raw mode: blocks re-read together, then written */
#define DC_PROBE_ROUND_WRITES  16         /* writes of one phase before switching, at least */
#define DC_PROBE_ROUND_NS      20000000ull /* ... and for at least this long (20 ms) */
#define DC_PROBE_WARMUP_WRITES 32         /* per phase, not counted */
#define DC_PROBE_WARMUP_MAX_S  0.25       /* and no longer than this, nor a quarter of the bound */
#define DC_PROBE_MIN_SAMPLES   2000       /* per phase: p99 of a half is then its 10th largest */
#define DC_PROBE_MIN_SECONDS   1.0        /* a drive's hiccups come every few hundred ms */
#define DC_PROBE_CHECK_GROWTH  1.25
#define DC_PROBE_P50_TOL       0.05
#define DC_PROBE_P99_TOL       0.10
#define DC_PROBE_ABS_TOL_NS    2000
#define DC_PROBE_PROGRESS_NS   250000000ull

enum dc_phase_kind { PH_DSYNC = 0, PH_FLUSH, PH_NOSYNC, PH_COUNT };

struct dc_phase {
	enum dc_phase_kind kind;
	uint64_t *ns;    /* samples in nanoseconds, in time order until summarised */
	size_t n;
	uint64_t sum_ns; /* for the progress display */
};

struct dc_probe_ctx {
	const struct dc_dev *dev;
	const struct dc_probe_opts *opts;
	struct dc_probe_target *t;
	uint8_t *buf;          /* file mode: DC_PROBE_BLOCK bytes, aligned for O_DIRECT */
	uint8_t *pool;         /* raw mode: npool blocks as read from the device */
	uint64_t *pool_off;    /* ... and where each was read */
	size_t npool;
	struct dc_probe_guard guard; /* raw mode: the checks before every write */
	uint8_t *check;        /* raw mode: one block, each of a batch read again */
	size_t batch[DC_PROBE_RECHECK_BLOCKS]; /* pool blocks re-read, in the order to write */
	unsigned nbatch, next; /* blocks in the batch, and the next one to write */
	unsigned batch_max;    /* DC_PROBE_RECHECK_BLOCKS, or 1 without the write count */
	uint64_t *scratch;     /* for the stability check: half a phase */
	uint64_t nblocks;      /* region in 4 KiB blocks */
	uint64_t rng;          /* xorshift64* state */
	uint64_t serial;       /* stamped into file-mode writes */
	struct dc_phase ph[PH_COUNT];
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

/* The sort-free comparison of offsets, for reading the pool in disk order. */
static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * Raw mode: choose the pool's blocks over the region and read each once. Returns 0 or
 * -errno (why filled). Blocks may repeat; that is harmless (same bytes).
 */
static int dc_probe_read_pool(struct dc_probe_ctx *c)
{
	c->npool = c->nblocks < DC_PROBE_POOL_BLOCKS ? (size_t)c->nblocks : DC_PROBE_POOL_BLOCKS;
	c->pool_off = malloc(c->npool * sizeof(*c->pool_off));
	if (!c->pool_off || posix_memalign((void **)&c->pool, DC_PROBE_BLOCK,
					    c->npool * DC_PROBE_BLOCK) != 0) {
		snprintf(c->why, c->whylen, "out of memory");
		return -ENOMEM;
	}
	for (size_t i = 0; i < c->npool; i++)
		c->pool_off[i] = (dc_rng_next(&c->rng) % c->nblocks) * DC_PROBE_BLOCK;
	qsort(c->pool_off, c->npool, sizeof(*c->pool_off), cmp_u64);
	for (size_t i = 0; i < c->npool; i++) {
		ssize_t n = pread(c->t->fd, c->pool + i * DC_PROBE_BLOCK, DC_PROBE_BLOCK,
				  (off_t)c->pool_off[i]);

		if (n != (ssize_t)DC_PROBE_BLOCK) {
			int e = n < 0 ? errno : EIO;

			snprintf(c->why, c->whylen, "reading %s at %llu failed: %s", c->t->where,
				 (unsigned long long)c->pool_off[i], strerror(e));
			return -e;
		}
	}
	return 0;
}

/*
 * Raw mode: draw the next batch of pool blocks to write and read each again, in disk
 * order, comparing it with the pool. Returns 0, -EBUSY when another writer changed one
 * (why says so; nothing more may be written), or -errno.
 */
static int dc_probe_recheck(struct dc_probe_ctx *c)
{
	size_t order[DC_PROBE_RECHECK_BLOCKS];
	unsigned i, j;

	for (i = 0; i < c->batch_max; i++) {
		size_t b = (size_t)(dc_rng_next(&c->rng) % c->npool);

		c->batch[i] = b;
		/* insertion sort of the pool indices: the pool is in disk order */
		for (j = i; j > 0 && order[j - 1] > b; j--)
			order[j] = order[j - 1];
		order[j] = b;
	}
	c->nbatch = c->batch_max;
	c->next = 0;
	for (i = 0; i < c->nbatch; i++) {
		uint64_t off = c->pool_off[order[i]];
		ssize_t n = pread(c->t->fd, c->check, DC_PROBE_BLOCK, (off_t)off);

		if (n != (ssize_t)DC_PROBE_BLOCK) {
			int e = n < 0 ? errno : EIO;

			snprintf(c->why, c->whylen, "reading %s at %llu again failed: %s",
				 c->t->where, (unsigned long long)off, strerror(e));
			return -e;
		}
		if (memcmp(c->check, c->pool + order[i] * DC_PROBE_BLOCK, DC_PROBE_BLOCK) != 0) {
			snprintf(c->why, c->whylen, "another writer changed %s (the block at byte "
				 "%llu) while the probe ran: stopped at once, nothing more written; "
				 "only a write of its that landed between the probe's re-read of a "
				 "block and its write back may have been undone", c->t->where,
				 (unsigned long long)off);
			return -EBUSY;
		}
	}
	return 0;
}

/*
 * One write at a random block, of the given phase. Raw mode writes back the next block
 * of the re-read batch, with its own bytes, once the guard lets it; file mode writes its
 * own file. *ns gets the time of the write (and, for the flush phase, its fdatasync).
 * Returns 0 or -errno (why filled).
 */
static int dc_probe_write_one(struct dc_probe_ctx *c, enum dc_phase_kind kind, uint64_t *ns)
{
	struct iovec iov = { .iov_base = c->buf, .iov_len = DC_PROBE_BLOCK };
	uint64_t off, t0, t1;
	ssize_t n;
	int rc = 0;

	if (c->t->mode == DC_PROBE_RAW) {
		size_t i;

		/* after the batch's re-read, which writes out another's cached writes */
		rc = dc_probe_guard_check(&c->guard, c->why, c->whylen);
		if (rc)
			return rc;
		i = c->batch[c->next++];
		off = c->pool_off[i];
		iov.iov_base = c->pool + i * DC_PROBE_BLOCK;
	} else {
		off = (dc_rng_next(&c->rng) % c->nblocks) * DC_PROBE_BLOCK;
		/* our own file: make each write differ, for drives that deduplicate */
		memcpy(c->buf, &c->serial, sizeof(c->serial));
		c->serial++;
	}

	t0 = dc_now_ns();
	n = pwritev2(c->t->fd, &iov, 1, (off_t)off, kind == PH_DSYNC ? RWF_DSYNC : 0);
	if (n == (ssize_t)DC_PROBE_BLOCK && kind == PH_FLUSH && fdatasync(c->t->fd) != 0)
		rc = -errno;
	t1 = dc_now_ns();
	if (n != (ssize_t)DC_PROBE_BLOCK || rc) {
		int e = rc ? -rc : n < 0 ? errno : EIO;

		snprintf(c->why, c->whylen, "%s %s at %llu failed: %s",
			 rc ? "flushing after writing" : "writing", c->t->where,
			 (unsigned long long)off, strerror(e));
		return -e;
	}
	if (c->t->mode == DC_PROBE_RAW)
		dc_probe_guard_wrote(&c->guard, DC_PROBE_BLOCK);
	*ns = t1 - t0;
	c->last_end = t1;
	return 0;
}

/*
 * One write of the given phase, as dc_probe_write_one(). In raw mode, a batch's blocks
 * are re-read together when the last batch is used up, and the first write after the
 * reads is made but not timed: no timed write follows a read, as none does in fio's
 * job. Without the write count the batch is one block, and every write follows its
 * block's re-read, timed.
 */
static int dc_probe_write(struct dc_probe_ctx *c, enum dc_phase_kind kind, uint64_t *ns)
{
	int rc;

	if (c->t->mode == DC_PROBE_RAW && c->next == c->nbatch) {
		rc = dc_probe_recheck(c);
		if (rc == 0 && c->nbatch > 1)
			rc = dc_probe_write_one(c, kind, ns);
		if (rc)
			return rc;
	}
	return dc_probe_write_one(c, kind, ns);
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

static void dc_probe_report(struct dc_probe_ctx *c, const char *what, double elapsed_s)
{
	struct dc_probe_status st = { .name = c->dev->name, .what = what,
				      .label = c->opts->label ? c->opts->label : "",
				      .elapsed_s = elapsed_s, .max_s = c->max_s };

	for (int k = 0; k < PH_COUNT; k++) {
		st.n[k] = c->ph[k].n;
		st.mean_us[k] = c->ph[k].n ? c->ph[k].sum_ns / 1e3 / c->ph[k].n : 0.0;
	}
	c->opts->progress(c->opts->progress_ud, &st);
}

static void dc_probe_progress(struct dc_probe_ctx *c, uint64_t now, uint64_t start)
{
	if (!c->opts || !c->opts->progress)
		return;
	if (now - c->last_progress < DC_PROBE_PROGRESS_NS)
		return;
	c->last_progress = now;
	dc_probe_report(c, "timing", (now - start) / 1e9);
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

static bool all_phases_have(const struct dc_probe_ctx *c, size_t n)
{
	for (int k = 0; k < PH_COUNT; k++)
		if (c->ph[k].n < n)
			return false;
	return true;
}

static size_t fewest_samples(const struct dc_probe_ctx *c)
{
	size_t m = c->ph[0].n;

	for (int k = 1; k < PH_COUNT; k++)
		if (c->ph[k].n < m)
			m = c->ph[k].n;
	return m;
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
	enum dc_phase_kind prev;
	unsigned round, i, j;
	int rc;

	deadline = begin + (uint64_t)(c->max_s * 1e9);
	if (warm_s > DC_PROBE_WARMUP_MAX_S)
		warm_s = DC_PROBE_WARMUP_MAX_S;
	warm_end = begin + (uint64_t)(warm_s * 1e9);

	/* Warm-up: wake the drive and the code paths; nothing counted. */
	for (j = 0; j < PH_COUNT; j++) {
		enum dc_phase_kind kind = (enum dc_phase_kind)((j + PH_NOSYNC) % PH_COUNT);

		if (kind != PH_NOSYNC) {
			rc = dc_probe_drain(c);
			if (rc)
				return rc;
		}
		for (i = 0; i < DC_PROBE_WARMUP_WRITES && dc_now_ns() < warm_end; i++) {
			rc = dc_probe_write(c, kind, &ns);
			if (rc)
				return rc;
		}
	}
	prev = PH_FLUSH;

	start = now = dc_now_ns();
	min_end = start + (uint64_t)(DC_PROBE_MIN_SECONDS * 1e9);
	for (round = 0; ; round++) {
		for (j = 0; j < PH_COUNT; j++) {
			/* rotating order: D F N, F N D, N D F, ... */
			struct dc_phase *p = &c->ph[(round + j) % PH_COUNT];

			if (p->kind != PH_NOSYNC && prev == PH_NOSYNC) {
				rc = dc_probe_drain(c);
				if (rc)
					return rc;
			}
			prev = p->kind;
			uint64_t block_end = now + DC_PROBE_ROUND_NS;

			for (i = 0; i < DC_PROBE_ROUND_WRITES || now < block_end; i++) {
				if (p->n >= DC_PROBE_MAX_SAMPLES)
					goto done;
				rc = dc_probe_write(c, p->kind, &ns);
				if (rc)
					return rc;
				p->ns[p->n++] = ns;
				p->sum_ns += ns;
				now = c->last_end;
				if (now >= deadline)
					goto done;
				if (c->opts && c->opts->stop && *c->opts->stop) {
					snprintf(c->why, c->whylen, "interrupted");
					return -EINTR;
				}
				dc_probe_progress(c, now, start);
			}
		}

		if (!all_phases_have(c, next_check) || now < min_end)
			continue;
		/* geometric checkpoints: the sorting costs O(n log n) over the whole run */
		next_check = (size_t)(fewest_samples(c) * DC_PROBE_CHECK_GROWTH);
		if (dc_probe_phase_stable(&c->ph[PH_DSYNC], c->scratch) &&
		    dc_probe_phase_stable(&c->ph[PH_FLUSH], c->scratch) &&
		    dc_probe_phase_stable(&c->ph[PH_NOSYNC], c->scratch)) {
			out->stable = true;
			goto done;
		}
		/*
		 * The check took a few milliseconds with the drive idle; an idle drive may
		 * drop to a power-saving state. Wake it with one write that is not counted,
		 * of the kind written last: the drive's cache holds what it held, and the
		 * drain before the next round's first phase stays right.
		 */
		rc = dc_probe_write(c, prev, &ns);
		if (rc)
			return rc;
	}
done:
	out->duration_s = (now - start) / 1e9;
	return 0;
}

/*
 * Raw mode, once the writes are done: the guard once more, for a writer that came
 * during the last write, which stops the probe as any other does; then who has the disk
 * open now. A reader may (the guard let it be); the user should still know.
 */
static int dc_probe_users_after(struct dc_probe_ctx *c, struct dc_probe *out)
{
	char who[160], note[DC_PATH_LEN + 160] = "";
	int rc = dc_probe_guard_check(&c->guard, c->why, c->whylen);

	if (rc)
		return rc;
	/* the measurement differs then: say so */
	if (!c->guard.counting)
		snprintf(note, sizeof(note), "the kernel keeps no count of the writes of %s "
			 "(queue/iostats 0), so each block was read again just before its "
			 "write, and every timed write followed a read", c->dev->path);
	dc_disk_users_now(c->dev, who, sizeof(who));
	if (who[0])
		dc_fitf(out->warning, sizeof(out->warning), "%s was open in another process "
			"as the probe ended (%s); before every write the probe checked that no "
			"other process had written to it or opened it for writing%s%s",
			c->dev->path, who, note[0] ? "; " : "", note);
	else if (note[0])
		dc_fitf(out->warning, sizeof(out->warning), "%s", note);
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
	c.guard.watch = c.guard.statfd = -1;
	c.why = out->skipped;
	c.whylen = sizeof(out->skipped);
	c.max_s = opts && opts->max_seconds > 0 && isfinite(opts->max_seconds) ?
		  opts->max_seconds : DC_PROBE_DEFAULT_SECONDS;
	for (int k = 0; k < PH_COUNT; k++)
		c.ph[k].kind = (enum dc_phase_kind)k;

	rc = dc_probe_target_open(dev, opts ? opts->probe_dir : NULL,
				  opts && opts->disk_claimed, &t, out->skipped,
				  sizeof(out->skipped));
	if (rc || t.mode == DC_PROBE_NOT_RUN)
		goto out;
	if (opts && opts->progress && t.mode == DC_PROBE_FILE)
		dc_probe_report(&c, "laying out", 0);
	rc = dc_probe_target_prepare(&t, c.max_s, out->skipped, sizeof(out->skipped));
	if (rc || t.mode == DC_PROBE_NOT_RUN)
		goto out;

	c.nblocks = t.region_bytes / DC_PROBE_BLOCK;
	c.rng = dc_now_ns() ^ ((uint64_t)getpid() << 32) ^ 0x2545f4914f6cdd1dull ^
		(uint64_t)(uintptr_t)&c;
	if (!c.rng)
		c.rng = 1;
	/* The memory bound: three phases of samples, half a phase of scratch, the pool. */
	for (int k = 0; k < PH_COUNT; k++)
		c.ph[k].ns = malloc(DC_PROBE_MAX_SAMPLES * sizeof(uint64_t));
	c.scratch = malloc((DC_PROBE_MAX_SAMPLES / 2 + 1) * sizeof(uint64_t));
	if (!c.ph[0].ns || !c.ph[1].ns || !c.ph[2].ns || !c.scratch ||
	    posix_memalign((void **)&c.buf, DC_PROBE_BLOCK, DC_PROBE_BLOCK) != 0) {
		rc = -ENOMEM;
		snprintf(out->skipped, sizeof(out->skipped), "out of memory");
		goto out;
	}
	memset(c.buf, 0xa5, DC_PROBE_BLOCK);
	if (t.mode == DC_PROBE_RAW) {
		/* guard from before the pool is read: a write meanwhile must be seen */
		rc = dc_probe_guard_start(&c.guard, dev, t.where, out->skipped,
					  sizeof(out->skipped));
		if (rc)
			goto out;
		/* without the write count, a block is re-read just before its write */
		c.batch_max = c.guard.counting ? DC_PROBE_RECHECK_BLOCKS : 1;
		if (posix_memalign((void **)&c.check, DC_PROBE_BLOCK, DC_PROBE_BLOCK) != 0) {
			rc = -ENOMEM;
			snprintf(out->skipped, sizeof(out->skipped), "out of memory");
			goto out;
		}
		rc = dc_probe_read_pool(&c);
		if (rc)
			goto out;
	}

	rc = dc_probe_loop(&c, out);
	if (rc)
		goto out;
	if (t.mode == DC_PROBE_RAW) {
		rc = dc_probe_users_after(&c, out);
		if (rc)
			goto out;
	}

	dc_lat_summarise(c.ph[PH_DSYNC].ns, c.ph[PH_DSYNC].n, &out->sync);
	dc_lat_summarise(c.ph[PH_FLUSH].ns, c.ph[PH_FLUSH].n, &out->flush);
	dc_lat_summarise(c.ph[PH_NOSYNC].ns, c.ph[PH_NOSYNC].n, &out->nosync);
	out->flush_cost_us = out->sync.p50_us - out->nosync.p50_us;
	out->mode = t.mode;
	snprintf(out->where, sizeof(out->where), "%s", t.where);
out:
	if (rc) {
		out->mode = DC_PROBE_NOT_RUN;
		out->duration_s = 0;
		out->stable = false;
	}
	dc_probe_target_close(&t);
	dc_probe_guard_stop(&c.guard);
	for (int k = 0; k < PH_COUNT; k++)
		free(c.ph[k].ns);
	free(c.scratch);
	free(c.buf);
	free(c.pool);
	free(c.check);
	free(c.pool_off);
	return rc;
}
