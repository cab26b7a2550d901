// SPDX-License-Identifier: GPL-2.0-or-later
/* decide.c - the decision in one direction: judgement, S and U, F, then the verdicts. Pure. */
#include <stdio.h>
#include <string.h>

#include "core/transports.h"
#include "decide/decide.h"
#include "decide/steps.h"
#include "core/drive.h"
#include "decide/health.h"
#include "core/names.h"
#include "thresholds.h"

/* Flush-cost bounds for a transport, microseconds (include/thresholds.h). */
static void flush_bounds(enum dc_transport transport, double *fast_us, double *slow_us)
{
	switch (dc_transport_info(transport)->bounds) {
	case DC_BOUNDS_NVME:
		*fast_us = DC_NVME_FLUSH_FAST_US;
		*slow_us = DC_NVME_FLUSH_SLOW_US;
		break;
	case DC_BOUNDS_SATA:
		*fast_us = DC_SATA_FLUSH_FAST_US;
		*slow_us = DC_SATA_FLUSH_SLOW_US;
		break;
	case DC_BOUNDS_OTHER:
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

/* Years until endurance_bytes are written at the rate written_bytes took in hours. */
static double years_at_rate(double endurance_bytes, double written_bytes, double hours)
{
	double left = endurance_bytes - written_bytes;

	return left <= 0 ? 0 : left / (written_bytes / hours) / DC_HOURS_PER_YEAR;
}

/*
 * The rated endurance in bytes for this drive: its model's TBW, else the family's DWPD x 365
 * x warranty years (both stated) times its capacity; 0 when neither.
 */
static double rated_bytes(const struct dc_facts *f)
{
	const struct dc_db_row *row = f->row;

	if (row->tbw_tb > 0)
		return row->tbw_tb * 1e12;
	if (row->dwpd > 0 && row->warranty_years > 0 && f->dev->capacity_bytes)
		return row->dwpd * 365.0 * row->warranty_years * (double)f->dev->capacity_bytes;
	return 0;
}

/*
 * What the family's drives took, in bytes for this drive: the observed median of full-drive
 * writes (its capacity's row where the database has one) times its capacity; 0 when there
 * is none. An estimate at other fleets' workloads, never a rating (db/README.md).
 */
static double observed_bytes(const struct dc_facts *f)
{
	const struct dc_observed_endurance *o = &f->row->observed;

	if (!o->drives || o->dw_median <= 0 || !f->dev->capacity_bytes)
		return 0;
	return o->dw_median * (double)f->dev->capacity_bytes;
}

/*
 * Years until the endurance is spent at the write rate seen so far; <0 unknown. Each basis
 * in turn, the most exact first:
 * - the wear indicator, a lower bound: a whole percentage p may be as much as p + 1, and
 *   under DC_WEAR_RATE_MIN_PERCENT it says nothing of a rate (include/thresholds.h);
 * - the bytes written against the rated TBW (or DWPD over the warranty): an estimate, as
 *   good as the rating;
 * - the bytes written against what drives of the family took (db/observed/): an estimate,
 *   at those fleets' workloads and write amplification.
 */
static double years_left(const struct dc_facts *f, enum dc_years_basis *basis)
{
	const struct dc_wear *w = &f->drive->wear;
	double hours = (double)w->power_on_hours;
	double written = w->have_written ? (double)w->host_written_bytes : 0;

	*basis = DC_YEARS_NONE;
	if (!w->have_power_on || hours < 24 * 7)
		return -1; /* under a week of history says nothing of a rate */
	if (w->have_percent_used && w->percent_used >= DC_WEAR_RATE_MIN_PERCENT &&
	    w->percent_used < 100) {
		double most = w->percent_used + 1.0;

		*basis = DC_YEARS_WEAR_BOUND;
		return (100.0 - most) / most * hours / DC_HOURS_PER_YEAR;
	}
	if (written <= 0)
		return -1;
	if (rated_bytes(f) > 0) {
		*basis = DC_YEARS_RATED_TBW;
		return years_at_rate(rated_bytes(f), written, hours);
	}
	if (observed_bytes(f) > 0) {
		*basis = DC_YEARS_OBSERVED;
		return years_at_rate(observed_bytes(f), written, hours);
	}
	return -1;
}

/*
 * Years until the rated endurance is spent at the wear rate several readings show (Ceph's
 * stored samples: docs/ceph.md): the rate is an upper bound (dc_wear_history), the newest
 * reading taken as p + 1, so the years are a lower bound, and the recent rate, not the
 * lifetime's. Only where the readings span enough time and wear to say (the import gives
 * the rate only then); <0 otherwise, and years_left() answers.
 */
static double years_left_from_history(const struct dc_facts *f, enum dc_years_basis *basis)
{
	const struct dc_wear_history *h = &f->drive->wear.history;
	double most = h->wear_last + 1.0;

	if (!h->have_wear_rate || h->wear_percent_per_year <= 0 || h->wear_last >= 100)
		return -1;
	*basis = DC_YEARS_WEAR_HISTORY;
	return (100.0 - most) / h->wear_percent_per_year;
}

static void judge(const struct dc_facts *f, struct dc_judgement *j)
{
	const struct dc_dev *dev = f->dev;
	const struct dc_drive *d = f->drive;
	const struct dc_probe *p = f->probe;

	memset(j, 0, sizeof(*j));
	flush_bounds(dev->transport, &j->fast_us, &j->slow_us);
	j->write_through = dev->kernel_cache == DC_KCACHE_WRITE_THROUGH;
	j->nvme_wt_relayed = j->write_through && dev->protocol == DC_PROTO_NVME &&
			     d->cache_present == DC_TRI_UNKNOWN;
	j->probed = p && p->mode != DC_PROBE_NOT_RUN && (p->sync.count > 0 || p->flush.count > 0);
	j->dsync_timed = j->probed && p->sync.count > 0;
	j->p50_us = !j->probed ? 0 : j->dsync_timed ? p->sync.p50_us : p->flush.p50_us;
	if (j->probed) {
		j->fsync_p50_us = dc_flush_phase(p)->p50_us;
		j->fsync_p99_us = dc_flush_phase(p)->p99_us;
	}
	j->plp_failed = dc_drive_has_evidence(d, DC_EV_PLP_FAILED);
	j->plp_degraded = dc_drive_has_evidence(d, DC_EV_PLP_DEGRADED);
	j->device_plp = dc_drive_has_evidence(d, DC_EV_PLP);
	j->declared_no_vwc = dc_drive_has_evidence(d, DC_EV_NO_VWC);
	j->rotational = d->rotational == DC_TRI_YES;
	j->raid_volume = is_raid_volume(d);
	j->unidentified = !f->row->matched &&
			  (!d->model[0] || dc_transport_info(dev->transport)->model_not_drive);
	j->years_left = years_left_from_history(f, &j->years_basis);
	if (j->years_left < 0)
		j->years_left = years_left(f, &j->years_basis);
}

void dc_decide(const struct dc_facts *f, struct dc_result *r)
{
	struct dc_judgement j;

	memset(r, 0, sizeof(*r));
	judge(f, &j);
	dc_health_judge(f->drive, &r->health);
	j.health_failing = r->health.status == DC_HEALTH_FAILING;
	/* a drive with a command set has a health verdict to give; a loop, a virtio disk or
	 * memory has none, and its missing verdict is no gap */
	j.health_unread = r->health.status == DC_HEALTH_UNKNOWN &&
			  f->dev->protocol != DC_PROTO_NONE;
	r->endurance_years_left = j.years_left;
	r->years_basis = j.years_basis;
	dc_decide_plp(f, &j, r);
	dc_decide_flush(f, &j, r);
	dc_decide_crosscheck(f, &j, r);
	dc_decide_verdicts(f, &j, r);
	dc_decide_advice(f, &j, r);
}
