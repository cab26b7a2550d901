// SPDX-License-Identifier: GPL-2.0-or-later
/* decide.c - the decision in one direction: judgement, S and U, F, then the verdicts. Pure. */
#include <stdio.h>
#include <string.h>

#include "decide/decide.h"
#include "drive.h"
#include "decide/health.h"
#include "names.h"
#include "thresholds.h"

void dc_flush_bounds(enum dc_transport transport, double *fast_us, double *slow_us)
{
	switch (transport) {
	case DC_TRAN_NVME:
		*fast_us = DC_NVME_FLUSH_FAST_US;
		*slow_us = DC_NVME_FLUSH_SLOW_US;
		break;
	case DC_TRAN_SATA:
	case DC_TRAN_SAS:
		*fast_us = DC_SATA_FLUSH_FAST_US;
		*slow_us = DC_SATA_FLUSH_SLOW_US;
		break;
	default:
		*fast_us = DC_OTHER_FLUSH_FAST_US;
		*slow_us = DC_OTHER_FLUSH_SLOW_US;
		break;
	}
}

/* Hardware RAID volumes answer INQUIRY with the controller's name, not a drive's. */
static bool is_raid_volume(const struct dc_drive *d)
{
	static const char *const models[] = {
		"PERC", "LOGICAL VOLUME", "MR9", "MegaRAID", "RAID", "Smart Array", "ServeRAID",
	};

	for (size_t i = 0; i < sizeof(models) / sizeof(models[0]); i++)
		if (strstr(d->model, models[i]))
			return true;
	return false;
}

/* Years until the rated endurance is spent at the write rate seen so far; <0 unknown. */
static double years_left(const struct dc_facts *f)
{
	const struct dc_wear *w = &f->drive->wear;
	double hours = (double)w->power_on_hours;

	if (!w->have_power_on || hours < 24 * 7)
		return -1; /* under a week of history says nothing of a rate */
	if (w->have_percent_used && w->percent_used > 0 && w->percent_used < 100)
		return (100.0 - w->percent_used) / w->percent_used * hours / 8766.0;
	if (w->have_written && f->db->tbw_tb > 0 && w->host_written_bytes > 0) {
		double written_tb = (double)w->host_written_bytes / 1e12;
		double left_tb = f->db->tbw_tb - written_tb;
		return left_tb <= 0 ? 0 : left_tb / (written_tb / hours) / 8766.0;
	}
	return -1;
}

/* The write + fdatasync phase; a probe of an older version had none, and its RWF_DSYNC
 * phase stands for both. */
static const struct dc_latency *flush_phase(const struct dc_probe *p)
{
	return p->flush.count ? &p->flush : &p->sync;
}

/* A durable write's median, the worse of the two ways it is asked for: F's figure. */
static double durable_p50(const struct dc_probe *p)
{
	double flush = flush_phase(p)->p50_us;

	return flush > p->sync.p50_us ? flush : p->sync.p50_us;
}

static void judge(const struct dc_facts *f, struct dc_judgement *j)
{
	const struct dc_dev *dev = f->dev;
	const struct dc_drive *d = f->drive;
	const struct dc_probe *p = f->probe;

	memset(j, 0, sizeof(*j));
	dc_flush_bounds(dev->transport, &j->fast_us, &j->slow_us);
	j->write_through = dev->kernel_cache == DC_KCACHE_WRITE_THROUGH;
	j->nvme_wt_relayed = j->write_through && dev->protocol == DC_PROTO_NVME &&
			     d->cache_present == DC_TRI_UNKNOWN;
	j->probed = p && p->mode != DC_PROBE_NOT_RUN && (p->sync.count > 0 || p->flush.count > 0);
	j->dsync_timed = j->probed && p->sync.count > 0;
	j->p50_us = !j->probed ? 0 : j->dsync_timed ? p->sync.p50_us : p->flush.p50_us;
	if (j->probed) {
		j->fsync_p50_us = flush_phase(p)->p50_us;
		j->fsync_p99_us = flush_phase(p)->p99_us;
	}
	j->plp_failed = dc_drive_has_evidence(d, DC_EV_PLP_FAILED);
	j->plp_degraded = dc_drive_has_evidence(d, DC_EV_PLP_DEGRADED);
	j->device_plp = dc_drive_has_evidence(d, DC_EV_PLP);
	j->declared_no_vwc = dc_drive_has_evidence(d, DC_EV_NO_VWC);
	j->rotational = d->rotational == DC_TRI_YES;
	j->raid_volume = is_raid_volume(d);
	j->unidentified = !f->db->matched &&
			  (!d->model[0] || dev->transport == DC_TRAN_VIRTIO ||
			   dev->transport == DC_TRAN_VIRTIO_SCSI || dev->transport == DC_TRAN_XEN ||
			   dev->transport == DC_TRAN_USB || dev->transport == DC_TRAN_LOOP ||
			   dev->transport == DC_TRAN_NBD);
	j->years_left = years_left(f);
}

/*
 * F: was a durable write timed, and how fast was it? A write-through kernel sends no
 * flush, so its O_DSYNC writes are plain writes: durable only where the drive's completed
 * writes survive (U), and then the probe timed exactly what a durable write costs.
 */
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

static void decide_flush(const struct dc_facts *f, const struct dc_judgement *j,
			 struct dc_result *r)
{
	struct dc_property *F = &r->fast;
	const char *tran = dc_transport_name(f->dev->transport);

	F->value = DC_TRI_UNKNOWN;
	r->flush_speed = DC_FLUSH_NOT_MEASURED;
	r->speed_fdatasync = r->speed_dsync = DC_FLUSH_NOT_MEASURED;
	if (!j->probed) {
		snprintf(F->source, sizeof(F->source), "probe");
		snprintf(F->basis, sizeof(F->basis), "probe: %s",
			 f->probe && f->probe->skipped[0] ? f->probe->skipped : "not run");
		return;
	}
	F->kind = DC_SRC_MEASURED;
	snprintf(F->source, sizeof(F->source), "probe");
	if (j->write_through && r->unflushed_survive.value != DC_TRI_YES) {
		snprintf(F->basis, sizeof(F->basis),
			 "the kernel is in 'write through' mode and sent no flush, and "
			 "nothing shows this drive's completed writes are durable (%.0f us timed)",
			 j->p50_us);
		return;
	}
	r->dsync_p50_us = j->dsync_timed ? j->p50_us : 0;
	r->fdatasync_p50_us = j->fsync_p50_us;
	r->fdatasync_p99_us = j->fsync_p99_us;
	r->speed_dsync = j->dsync_timed ? speed_of(j, j->p50_us) : DC_FLUSH_NOT_MEASURED;
	r->speed_fdatasync = speed_of(j, j->fsync_p50_us);
	/* F is the worse of the two ways a durable write is asked for */
	r->flush_speed = worse(r->speed_dsync, r->speed_fdatasync);
	r->flush_p50_us = durable_p50(f->probe);
	F->value = r->flush_speed == DC_FLUSH_FAST ? DC_TRI_YES
		   : r->flush_speed == DC_FLUSH_SLOW ? DC_TRI_NO : DC_TRI_UNKNOWN;
	if (!j->dsync_timed)
		snprintf(F->basis, sizeof(F->basis), "durable 4 KiB writes: p50 %.0f us as a write "
			 "and fdatasync, RWF_DSYNC not timed (%s: fast <= %.0f, slow >= %.0f)",
			 j->fsync_p50_us, tran, j->fast_us, j->slow_us);
	else
		snprintf(F->basis, sizeof(F->basis), "durable 4 KiB writes: p50 %.0f us with RWF_DSYNC%s, "
		 "%.0f us as a write and fdatasync (%s: fast <= %.0f, slow >= %.0f)%s", j->p50_us,
		 f->dev->kernel_fua == DC_TRI_YES ? " (FUA)" : "", j->fsync_p50_us, tran, j->fast_us,
		 j->slow_us,
		 j->write_through ? "; the kernel sends no flush, and the drive's completed writes "
				    "are durable (U), so each timed write was a durable one" : "");
}

bool dc_sync_modes_disagree(const struct dc_result *r, const struct dc_judgement *j)
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

void dc_decide(const struct dc_facts *f, struct dc_result *r)
{
	struct dc_judgement j;

	memset(r, 0, sizeof(*r));
	judge(f, &j);
	dc_health_judge(f->drive, &r->health);
	r->endurance_years_left = j.years_left;
	dc_decide_plp(f, &j, r);
	decide_flush(f, &j, r);
	decide_cache_off(f, &j, r);
	dc_decide_plp_vs_probe(f, &j, r);
	dc_decide_verdicts(f, &j, r);
}
