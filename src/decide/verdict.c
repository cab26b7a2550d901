// SPDX-License-Identifier: GPL-2.0-or-later
/* verdict.c - PASS/WARN/FAIL per role from S, U and F, with the reasons, as findings. Pure. */
#include <string.h>

#include "core/transports.h"
#include "decide/steps.h"
#include "thresholds.h"

/* Adds a reason; the verdict is the worst status any reason carries. */
static void reason(struct dc_verdict *v, enum dc_status s, struct dc_finding f)
{
	if (s > v->status)
		v->status = s;
	if (v->nreasons >= DC_MAX_REASONS) {
		v->reasons_dropped++;
		return;
	}
	v->reasons[v->nreasons++] = (struct dc_reason){ .weighs = s, .f = f };
}

struct ctx {
	const struct dc_facts *f;
	const struct dc_judgement *j;
	const struct dc_result *r;
	bool S, U;      /* S and U are yes */
};

/*
 * What each role waits on: Ceph BlueStore, its RocksDB WAL and a ZFS SLOG flush
 * (a write, then a cache flush: fdatasync); DRBD flushes its data and writes its metadata
 * with FUA, so it waits on both, the worse counts.
 */
static void speed_reason(const struct ctx *c, enum dc_role role, struct dc_verdict *v)
{
	const struct dc_judgement *j = c->j;
	const struct dc_result *r = c->r;
	enum dc_write_kind how = role == DC_ROLE_DRBD ? DC_WRITE_WORSE_OF_BOTH : DC_WRITE_FDATASYNC;
	double p50 = how == DC_WRITE_WORSE_OF_BOTH ? r->flush_p50_us : r->fdatasync_p50_us;
	enum dc_flush_speed speed = how == DC_WRITE_WORSE_OF_BOTH ? r->flush_speed
				    : r->speed_fdatasync;

	switch (speed) {
	case DC_FLUSH_NOT_MEASURED:
		/* nothing unmeasured passes: PLP does not make flushes fast (a Micron 5100 with
		 * full PLP takes 4 ms), so a role that needs F warns until it is timed */
		reason(v, DC_WARN, FINDING(DC_FND_SPEED_NOT_MEASURED, 0, 0));
		v->unmeasured |= DC_UNMEASURED_FLUSH;
		break;
	case DC_FLUSH_SLOW:
		if (j->rotational && role == DC_ROLE_CEPH_OSD)
			reason(v, DC_PASS, FINDING(DC_FND_SPEED_SLOW_SPINNING, how, p50));
		else
			reason(v, DC_FAIL, FINDING(DC_FND_SPEED_SLOW, how, p50, j->slow_us));
		break;
	case DC_FLUSH_MIDDLING:
		reason(v, j->rotational ? DC_PASS : DC_WARN,
		       FINDING(DC_FND_SPEED_MIDDLING, how, p50, j->fast_us));
		break;
	case DC_FLUSH_FAST:
		reason(v, DC_PASS, FINDING(DC_FND_SPEED_FAST, how, p50));
		break;
	}
}

/*
 * The drive's own verdict comes first (docs/health.md): a drive that says it is failing
 * fails every role, whatever its PLP; one that reports a lesser problem warns, and so does
 * one that has a verdict to give and gave none here (nothing unread passes).
 */
static void health_reason(const struct dc_judgement *j, const struct dc_health *h,
			  struct dc_verdict *v)
{
	if (h->status == DC_HEALTH_FAILING) {
		reason(v, DC_FAIL, FINDING(DC_FND_HEALTH_FAILING, 0, 0));
	} else if (h->status == DC_HEALTH_WARNING) {
		reason(v, DC_WARN, FINDING(DC_FND_HEALTH_WARNING, 0, 0));
	} else if (j->health_unread) {
		reason(v, DC_WARN, FINDING(DC_FND_HEALTH_NOT_READ, 0, 0));
		v->unmeasured |= DC_UNMEASURED_HEALTH;
	}
}

/*
 * A known firmware defect (db/advisories): one that loses data or the drive fails every
 * role until the firmware is updated; a hang or a slowdown warns.
 */
static void advisory_reasons(const struct dc_facts *f, struct dc_verdict *v)
{
	for (unsigned i = 0; i < f->nadv; i++) {
		enum dc_adv_effect e = f->adv[i].effect;

		reason(v, e == DC_ADV_DATA_LOSS || e == DC_ADV_DRIVE_LOSS ? DC_FAIL : DC_WARN,
		       FINDING(DC_FND_FIRMWARE, (int)i, 0));
	}
}

/* The kernel's write-cache setting against what the drive's completed writes are worth. */
static void kernel_cache_reason(const struct ctx *c, struct dc_verdict *v)
{
	const struct dc_judgement *j = c->j;

	if (c->r->write_through_hazard)
		reason(v, DC_FAIL, FINDING(DC_FND_WT_HAZARD, 0, 0));
	else if (j->write_through && j->declared_no_vwc)
		reason(v, DC_PASS, FINDING(DC_FND_WT_NO_VWC, 0, 0));
	else if (j->nvme_wt_relayed)
		reason(v, DC_WARN, FINDING(DC_FND_WT_NVME_RELAYED, 0, 0));
	else if (j->write_through && c->U)
		reason(v, DC_PASS, FINDING(DC_FND_WT_WITH_U, 0, 0));
}

/* S and U decide safety; F decides performance; then endurance and what the drive is. */
static void common_reasons(const struct ctx *c, enum dc_role role, struct dc_verdict *v)
{
	const struct dc_judgement *j = c->j;
	const struct dc_result *r = c->r;
	const struct dc_wear *w = &c->f->drive->wear;

	if (j->plp_failed)
		reason(v, DC_FAIL, FINDING(DC_FND_PLP_FAILED, 0, 0));
	else if (j->plp_degraded)
		reason(v, DC_WARN, FINDING(DC_FND_PLP_DEGRADED, 0, 0));
	kernel_cache_reason(c, v);

	if (c->S)
		reason(v, DC_PASS, FINDING(DC_FND_S_YES, 0, 0));
	else if (r->flushed_survive.value == DC_TRI_NO && !j->plp_failed)
		reason(v, DC_WARN, FINDING(DC_FND_S_NO, 0, 0));
	else if (r->flushed_survive.value == DC_TRI_UNKNOWN)
		reason(v, DC_WARN, FINDING(DC_FND_S_UNKNOWN, 0, 0));

	if (role != DC_ROLE_ETCD)
		speed_reason(c, role, v);
	if (r->modes_disagree)
		reason(v, DC_WARN, FINDING(DC_FND_MODES_DISAGREE, 0, r->dsync_p50_us,
					   r->fdatasync_p50_us));

	if (w->have_percent_used) {
		if (w->percent_used >= DC_WEAR_FAIL_PERCENT)
			reason(v, DC_FAIL, FINDING(DC_FND_WEAR_SPENT, 0, w->percent_used));
		else if (w->percent_used >= DC_WEAR_WARN_PERCENT)
			reason(v, DC_WARN, FINDING(DC_FND_WEAR_HIGH, 0, w->percent_used));
	}
	if (j->years_left >= 0 && j->years_left < DC_YEARS_LEFT_WARN)
		reason(v, DC_WARN, FINDING(DC_FND_YEARS_LEFT_FEW, (int)j->years_basis, j->years_left));
	if (j->raid_volume)
		reason(v, DC_WARN, FINDING(DC_FND_RAID_VOLUME, 0, 0));
	else if (j->unidentified)
		reason(v, DC_WARN, FINDING(DC_FND_UNIDENTIFIED, 0, 0));
}

static void role_ceph_osd(const struct ctx *c, struct dc_verdict *v)
{
	if (c->j->rotational)
		reason(v, DC_WARN, FINDING(DC_FND_OSD_SPINNING, 0, 0));
	common_reasons(c, DC_ROLE_CEPH_OSD, v);
}

static void role_ceph_db(const struct ctx *c, struct dc_verdict *v)
{
	if (c->j->rotational)
		reason(v, DC_FAIL, FINDING(DC_FND_DB_SPINNING, 0, 0));
	if (c->f->row->dwpd > 0 && c->f->row->dwpd < DC_DB_WAL_MIN_DWPD)
		reason(v, DC_WARN, FINDING(DC_FND_DB_LOW_DWPD, 0, c->f->row->dwpd,
					   DC_DB_WAL_MIN_DWPD));
	common_reasons(c, DC_ROLE_CEPH_DB, v);
}

static void role_drbd(const struct ctx *c, struct dc_verdict *v)
{
	if (c->j->rotational)
		reason(v, DC_WARN, FINDING(DC_FND_DRBD_SPINNING, 0, 0));
	common_reasons(c, DC_ROLE_DRBD, v);
	if (!c->U)
		reason(v, DC_PASS, FINDING(DC_FND_DRBD_KEEP_FLUSHES, 0, 0));
}

/* etcd's own gate: the WAL's fdatasync at the 99th percentile (include/thresholds.h). */
static void role_etcd(const struct ctx *c, struct dc_verdict *v)
{
	const struct dc_result *r = c->r;

	/* etcd acknowledges what it has fdatasync'ed: S, which common_reasons warns about */
	common_reasons(c, DC_ROLE_ETCD, v);
	if (r->speed_fdatasync == DC_FLUSH_NOT_MEASURED) {
		reason(v, DC_WARN, FINDING(DC_FND_ETCD_NOT_MEASURED, 0, 0));
		v->unmeasured |= DC_UNMEASURED_FLUSH;
	} else if (r->fdatasync_p99_us > DC_ETCD_FSYNC_P99_MAX_US)
		reason(v, DC_FAIL, FINDING(DC_FND_ETCD_SLOW, 0, r->fdatasync_p99_us,
					   DC_ETCD_FSYNC_P99_MAX_US));
	else
		reason(v, DC_PASS, FINDING(DC_FND_ETCD_OK, 0, r->fdatasync_p99_us,
					   DC_ETCD_FSYNC_P99_MAX_US));
}

/* OpenZFS's hardware guide: an SLOG must protect flushed data and its own metadata (S);
 * unflushed data is irrelevant to ZFS. And it must be fast (F). */
static void role_zfs_slog(const struct ctx *c, struct dc_verdict *v)
{
	if (c->j->rotational)
		reason(v, DC_FAIL, FINDING(DC_FND_SLOG_SPINNING, 0, 0));
	if (!c->S && !c->j->plp_failed)
		reason(v, DC_FAIL, FINDING(DC_FND_SLOG_NEEDS_S, 0, 0));
	/* Endurance is the drive's own wear figures' business (below); the rating only
	 * says how soon an SLOG's write load may get there. */
	if (c->f->row->dwpd > 0 && c->f->row->dwpd < DC_SLOG_MIN_DWPD)
		reason(v, DC_PASS, FINDING(DC_FND_SLOG_LOW_DWPD, 0, c->f->row->dwpd,
					   DC_SLOG_MIN_DWPD));
	common_reasons(c, DC_ROLE_ZFS_SLOG, v);
}

/* A reason that only says something was not measured or read. */
static bool is_unmeasured(enum dc_finding_code code)
{
	return code == DC_FND_SPEED_NOT_MEASURED || code == DC_FND_ETCD_NOT_MEASURED ||
	       code == DC_FND_HEALTH_NOT_READ;
}

/* The status what was measured and read gives on its own: a WARN that would be a PASS but
 * for what is missing is counted apart (the summaries, the JSON's measured_status). */
static enum dc_status measured_status(const struct dc_verdict *v)
{
	enum dc_status s = DC_PASS;

	for (unsigned k = 0; k < v->nreasons; k++)
		if (!is_unmeasured(v->reasons[k].f.code) && v->reasons[k].weighs > s)
			s = v->reasons[k].weighs;
	return s;
}

void dc_decide_verdicts(const struct dc_facts *f, const struct dc_judgement *j,
			struct dc_result *r)
{
	static void (*const role_fn[DC_ROLE_COUNT])(const struct ctx *, struct dc_verdict *) = {
		[DC_ROLE_CEPH_OSD] = role_ceph_osd,
		[DC_ROLE_CEPH_DB] = role_ceph_db,
		[DC_ROLE_DRBD] = role_drbd,
		[DC_ROLE_ZFS_SLOG] = role_zfs_slog,
		[DC_ROLE_ETCD] = role_etcd,
	};
	struct ctx c = {
		.f = f, .j = j, .r = r,
		.S = r->flushed_survive.value == DC_TRI_YES,
		.U = r->unflushed_survive.value == DC_TRI_YES,
	};

	/* zram and brd are memory: nothing to judge as a drive, and never a hazard */
	if (dc_transport_info(f->dev->transport)->memory) {
		for (unsigned i = 0; i < DC_ROLE_COUNT; i++) {
			r->verdicts[i].status = DC_NOT_CHECKED;
			r->verdicts[i].measured_status = DC_NOT_CHECKED;
			reason(&r->verdicts[i], DC_NOT_CHECKED, FINDING(DC_FND_MEMORY, 0, 0));
		}
		return;
	}
	/* the hazard: flushes dropped on a drive whose completed writes may be lost; "write
	 * through" on an NVMe drive that could not be asked is the drive's own word that it
	 * has no volatile cache, as the nvme driver relays it: never the hazard */
	r->write_through_hazard = j->write_through && f->drive->cache_enabled != DC_TRI_NO &&
				  !c.U && !j->nvme_wt_relayed;
	for (unsigned i = 0; i < DC_ROLE_COUNT; i++) {
		r->verdicts[i].status = DC_PASS;
		health_reason(j, &r->health, &r->verdicts[i]);
		advisory_reasons(f, &r->verdicts[i]);
		role_fn[i](&c, &r->verdicts[i]);
		r->verdicts[i].measured_status = measured_status(&r->verdicts[i]);
	}
}
