// SPDX-License-Identifier: GPL-2.0-or-later
/* decide.c - the decision in one direction: judgement, S and U, F, then the verdicts. Pure. */
#include <stdio.h>
#include <string.h>

#include "decide.h"
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

static bool has_kind(const struct dc_drive *d, enum dc_ev_kind kind)
{
	for (unsigned i = 0; i < d->nevidence; i++)
		if (d->evidence[i].kind == kind)
			return true;
	return false;
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

static void judge(const struct dc_facts *f, struct dc_judgement *j)
{
	const struct dc_dev *dev = f->dev;
	const struct dc_drive *d = f->drive;
	const struct dc_probe *p = f->probe;

	memset(j, 0, sizeof(*j));
	dc_flush_bounds(dev->transport, &j->fast_us, &j->slow_us);
	j->write_through = dev->kernel_cache == DC_KCACHE_WRITE_THROUGH;
	j->probed = p && p->mode != DC_PROBE_NOT_RUN && p->sync.count > 0;
	j->p50_us = j->probed ? p->sync.p50_us : 0;
	j->plp_failed = has_kind(d, DC_EV_PLP_FAILED);
	j->plp_degraded = has_kind(d, DC_EV_PLP_DEGRADED);
	j->device_plp = has_kind(d, DC_EV_PLP);
	j->declared_no_vwc = has_kind(d, DC_EV_NO_VWC);
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
static void decide_flush(const struct dc_facts *f, const struct dc_judgement *j,
			 struct dc_result *r)
{
	struct dc_property *F = &r->fast;
	const char *tran = dc_transport_name(f->dev->transport);

	F->value = DC_TRI_UNKNOWN;
	r->flush_speed = DC_FLUSH_NOT_MEASURED;
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
	r->flush_p50_us = j->p50_us;
	if (j->p50_us <= j->fast_us) {
		r->flush_speed = DC_FLUSH_FAST;
		F->value = DC_TRI_YES;
	} else if (j->p50_us >= j->slow_us) {
		r->flush_speed = DC_FLUSH_SLOW;
		F->value = DC_TRI_NO;
	} else {
		r->flush_speed = DC_FLUSH_MIDDLING;
	}
	snprintf(F->basis, sizeof(F->basis), "durable 4 KiB writes: p50 %.0f us (%s: fast <= %.0f, "
		 "slow >= %.0f)%s", j->p50_us, tran, j->fast_us, j->slow_us,
		 j->write_through ? "; the kernel sends no flush, and the drive's completed writes "
				    "are durable (U), so each timed write was a durable one" : "");
}

void dc_decide(const struct dc_facts *f, struct dc_result *r)
{
	struct dc_judgement j;

	memset(r, 0, sizeof(*r));
	judge(f, &j);
	dc_decide_plp(f, &j, r);
	decide_flush(f, &j, r);
	dc_decide_plp_vs_probe(f, &j, r);
	dc_decide_verdicts(f, &j, r);
}
