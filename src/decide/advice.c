// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * advice.c - what to do about the drive, as findings: firmware, the volatile cache and the
 * kernel's setting, DRBD's flushes, endurance. The commands themselves are words, made by
 * the renderer from the device (src/render/words_advice.c). Pure.
 */
#include "core/transports.h"
#include "decide/steps.h"

static void advise(struct dc_result *r, struct dc_finding f)
{
	dc_finding_push(r->advice, &r->nadvice, &r->advice_dropped, DC_MAX_ADVICE, f);
}

/* A protocol drivecheck can name a cache-off command for. */
static bool has_cache_command(const struct dc_dev *dev)
{
	return dev->protocol == DC_PROTO_NVME || dev->protocol == DC_PROTO_ATA ||
	       dev->protocol == DC_PROTO_SCSI;
}

/* What the cache experiment found, and a cache an earlier one left off; U here is "U, and
 * the drive may be tuned". */
static void advise_cache_trial(const struct dc_facts *f, bool U, struct dc_result *r)
{
	const struct dc_cache_trial *t = f->trial;
	const struct dc_cache_left *left = f->left;

	if (left && left->found && left->running)
		advise(r, FINDING(DC_FND_ADV_CACHE_OFF_NOW, 0, 0));
	else if (left && left->found)
		advise(r, FINDING(DC_FND_ADV_CACHE_LEFT_OFF, 0, 0));
	if (!t || t->state == DC_TRIAL_NOT_ASKED || t->state == DC_TRIAL_SKIPPED)
		return;
	if (t->state == DC_TRIAL_FAILED) {
		advise(r, FINDING(DC_FND_ADV_TRIAL_FAILED, 0, 0));
		return;
	}
	if (r->cache_off_speed == DC_FLUSH_NOT_MEASURED)
		return;
	if (U && has_cache_command(f->dev) && r->cache_off_faster)
		advise(r, FINDING(DC_FND_ADV_KEEP_CACHE_OFF, 0, r->cache_off_p50_us,
				  r->flush_p50_us));
	else
		advise(r, FINDING(DC_FND_ADV_CACHE_OFF_RESULT, 0, r->cache_off_p50_us,
				  r->flush_p50_us));
}

/* A firmware defect that loses data or the drive (db/advisories). */
static bool advisory_fails(const struct dc_facts *f)
{
	for (unsigned i = 0; i < f->nadv; i++)
		if (f->adv[i].effect == DC_ADV_DATA_LOSS || f->adv[i].effect == DC_ADV_DRIVE_LOSS)
			return true;
	return false;
}

/*
 * The advice never contradicts the verdict (docs/design.md): a drive that says it is
 * failing, or whose power-loss protection has failed, is to be replaced, and gets no
 * tuning; nor does a drive with a defect that loses data, or whose flushes are dropped
 * now, or whose health was not read (its health is where failed backup power shows). What
 * stays is what makes it safe: the firmware update, the kernel back to flushing, a cache
 * left off, and DRBD's flushes kept on.
 */
void dc_decide_advice(const struct dc_facts *f, const struct dc_judgement *j,
		      struct dc_result *r)
{
	bool U = r->unflushed_survive.value == DC_TRI_YES;
	bool cache_on = f->drive->cache_enabled == DC_TRI_YES;
	bool tried = f->trial && f->trial->state == DC_TRIAL_DONE;
	bool replace = j->health_failing || j->plp_failed;
	bool no_tuning = replace || advisory_fails(f) || r->write_through_hazard ||
			 j->health_unread;

	/* memory is no drive: nothing to advise */
	if (dc_transport_info(f->dev->transport)->memory)
		return;
	if (replace)
		advise(r, FINDING(j->health_failing ? DC_FND_ADV_REPLACE_FAILING
							  : DC_FND_ADV_REPLACE_PLP_FAILED, 0));
	for (unsigned i = 0; i < f->nadv; i++)
		advise(r, FINDING(DC_FND_ADV_FIRMWARE, (int)i, 0));
	if (r->write_through_hazard)
		advise(r, FINDING(DC_FND_ADV_WRITE_BACK, 0, 0));
	advise_cache_trial(f, U && !no_tuning, r);
	if (U && !no_tuning && cache_on && has_cache_command(f->dev) && !tried) {
		if (r->flush_speed == DC_FLUSH_SLOW || r->flush_speed == DC_FLUSH_MIDDLING)
			advise(r, FINDING(DC_FND_ADV_TRY_CACHE_OFF, 0, r->flush_p50_us));
		else if (r->flush_speed == DC_FLUSH_NOT_MEASURED)
			advise(r, FINDING(DC_FND_ADV_MAY_TRY_CACHE_OFF, 0, 0));
	}
	if (U && !no_tuning && r->flush_speed != DC_FLUSH_SLOW)
		advise(r, FINDING(DC_FND_ADV_DRBD_FLUSHES_OFF, 0, 0));
	else if (!replace)
		advise(r, FINDING(!U ? DC_FND_ADV_DRBD_FLUSHES_ON
				  : r->flush_speed == DC_FLUSH_SLOW ? DC_FND_ADV_DRBD_FLUSHES_ON_SLOW
				  : j->health_unread ? DC_FND_ADV_DRBD_FLUSHES_ON_UNREAD
				  : DC_FND_ADV_DRBD_FLUSHES_ON, 0));
	/* years left reassure: never beside a drive that says it is failing */
	if (j->years_left >= 0 && !j->health_failing)
		advise(r, FINDING(DC_FND_ADV_YEARS_LEFT, (int)j->years_basis, j->years_left));
}
