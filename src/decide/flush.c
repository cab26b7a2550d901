// SPDX-License-Identifier: GPL-2.0-or-later
/* flush.c - F: what a durable write costs on this drive, and the cache experiment's. Pure. */
#include <string.h>

#include "decide/steps.h"
#include "thresholds.h"

/* A durable write's median, the worse of the two ways it is asked for: F's figure. */
static double durable_p50(const struct dc_probe *p)
{
	double flush = dc_flush_phase(p)->p50_us;

	return flush > p->sync.p50_us ? flush : p->sync.p50_us;
}

static enum dc_flush_speed speed_of(const struct dc_judgement *j, double p50)
{
	return p50 <= j->fast_us ? DC_FLUSH_FAST : p50 >= j->slow_us ? DC_FLUSH_SLOW
	       : DC_FLUSH_MIDDLING;
}

/* NOT_MEASURED < FAST < MIDDLING < SLOW: the worse of two speeds. */
static enum dc_flush_speed worse(enum dc_flush_speed a, enum dc_flush_speed b)
{
	return a > b ? a : b;
}

/* FUA and flush far apart: one fast and the other slow, or one DC_SYNC_MODES_DISAGREE_RATIO
 * times the other. */
static bool modes_disagree(const struct dc_result *r, const struct dc_judgement *j)
{
	double a = r->dsync_p50_us, b = r->fdatasync_p50_us, lo = a < b ? a : b, hi = a < b ? b : a;

	if (r->speed_dsync == DC_FLUSH_NOT_MEASURED || r->speed_fdatasync == DC_FLUSH_NOT_MEASURED)
		return false;
	if ((r->speed_dsync == DC_FLUSH_FAST && r->speed_fdatasync == DC_FLUSH_SLOW) ||
	    (r->speed_dsync == DC_FLUSH_SLOW && r->speed_fdatasync == DC_FLUSH_FAST))
		return true;
	/* a ratio between small numbers is noise: only past the fast bound does it count */
	return lo > 0 && hi > j->fast_us && hi >= DC_SYNC_MODES_DISAGREE_RATIO * lo;
}

/*
 * F: was a durable write timed, and how fast was it? A write-through kernel sends no
 * flush, so its O_DSYNC writes are plain writes: durable only where the drive's completed
 * writes survive (U), and then the probe timed exactly what a durable write costs.
 */
static void decide_fast(const struct dc_judgement *j, struct dc_result *r,
			const struct dc_probe *p)
{
	struct dc_property *F = &r->fast;

	F->value = DC_TRI_UNKNOWN;
	F->from = DC_FROM_PROBE;
	r->flush_speed = DC_FLUSH_NOT_MEASURED;
	r->speed_fdatasync = r->speed_dsync = DC_FLUSH_NOT_MEASURED;
	if (!j->probed) {
		F->basis = FINDING(DC_FND_BASIS_PROBE_NOT_RUN, 0, 0);
		return;
	}
	F->kind = DC_SRC_MEASURED;
	if (j->write_through && r->unflushed_survive.value != DC_TRI_YES) {
		F->basis = FINDING(DC_FND_BASIS_WT_UNTIMED, 0, j->p50_us);
		return;
	}
	r->dsync_p50_us = j->dsync_timed ? j->p50_us : 0;
	r->fdatasync_p50_us = j->fsync_p50_us;
	r->fdatasync_p99_us = j->fsync_p99_us;
	r->speed_dsync = j->dsync_timed ? speed_of(j, j->p50_us) : DC_FLUSH_NOT_MEASURED;
	r->speed_fdatasync = speed_of(j, j->fsync_p50_us);
	/* F is the worse of the two ways a durable write is asked for */
	r->flush_speed = worse(r->speed_dsync, r->speed_fdatasync);
	r->flush_p50_us = durable_p50(p);
	r->modes_disagree = modes_disagree(r, j);
	F->value = r->flush_speed == DC_FLUSH_FAST ? DC_TRI_YES
		   : r->flush_speed == DC_FLUSH_SLOW ? DC_TRI_NO : DC_TRI_UNKNOWN;
	if (!j->dsync_timed)
		F->basis = FINDING(DC_FND_BASIS_FLUSH_ONLY, 0, j->fsync_p50_us, j->fast_us,
				   j->slow_us);
	else
		F->basis = FINDING(DC_FND_BASIS_BOTH_WAYS, 0, j->p50_us, j->fsync_p50_us,
				   j->fast_us, j->slow_us);
}

/* The cache experiment's probe, measured as F is: the worse of RWF_DSYNC and fdatasync. */
static void decide_cache_off(const struct dc_facts *f, const struct dc_judgement *j,
			     struct dc_result *r)
{
	const struct dc_probe *p = f->trial ? &f->trial->probe : NULL;

	r->cache_off_speed = DC_FLUSH_NOT_MEASURED;
	if (!p || f->trial->state != DC_TRIAL_DONE || p->mode == DC_PROBE_NOT_RUN ||
	    !p->sync.count)
		return;
	r->cache_off_p50_us = durable_p50(p);
	r->cache_off_speed = speed_of(j, r->cache_off_p50_us);
	r->cache_off_faster = r->flush_speed != DC_FLUSH_NOT_MEASURED && r->cache_off_p50_us > 0 &&
			      r->cache_off_p50_us * DC_CACHE_OFF_GAIN_RATIO <= r->flush_p50_us;
}

void dc_decide_flush(const struct dc_facts *f, const struct dc_judgement *j,
		     struct dc_result *r)
{
	decide_fast(j, r, f->probe);
	decide_cache_off(f, j, r);
}
