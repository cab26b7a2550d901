// SPDX-License-Identifier: GPL-2.0-or-later
/* verdict.c - PASS/WARN/FAIL per role (Ceph OSD, Ceph DB/WAL, DRBD, ZFS SLOG), with reasons. Pure. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "db.h"
#include "decide.h"
#include "names.h"
#include "thresholds.h"

/* Adds a reason; the verdict is the worst status any reason carries. */
static void reason(struct dc_verdict *v, enum dc_status s, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void reason(struct dc_verdict *v, enum dc_status s, const char *fmt, ...)
{
	va_list ap;

	if (s > v->status && s != DC_NOT_CHECKED)
		v->status = s;
	if (v->nreasons >= DC_MAX_REASONS)
		return;
	va_start(ap, fmt);
	vsnprintf(v->reasons[v->nreasons++], sizeof(v->reasons[0]), fmt, ap);
	va_end(ap);
}

static void advise(struct dc_result *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void advise(struct dc_result *r, const char *fmt, ...)
{
	va_list ap;

	if (r->nadvice >= sizeof(r->advice) / sizeof(r->advice[0]))
		return;
	va_start(ap, fmt);
	vsnprintf(r->advice[r->nadvice++], sizeof(r->advice[0]), fmt, ap);
	va_end(ap);
}

static bool plp_failed(const struct dc_result *r)
{
	for (unsigned i = 0; i < r->nevidence; i++)
		if (r->evidence[i].kind == DC_EV_PLP_FAILED)
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

struct ctx {
	const struct dc_facts *f;
	struct dc_result *r;
	bool probed, fast, slow, rotational, write_through, hazard, failed;
	double p50, fast_us, slow_us;
	double years;
};

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

static void common_reasons(const struct ctx *c, enum dc_role role, struct dc_verdict *v)
{
	const struct dc_facts *f = c->f;
	const struct dc_drive *d = f->drive;

	if (c->failed)
		reason(v, DC_FAIL, "the drive reports failed power-loss protection (backup power)");
	if (c->hazard)
		reason(v, DC_FAIL, "HAZARD: the kernel's write cache is 'write through', so flushes "
		       "are dropped, but the drive has %s volatile cache and no full-PLP evidence: "
		       "acknowledged writes can be lost at a power cut",
		       d->cache_enabled == DC_TRI_YES ? "an enabled" : "a possibly enabled");
	else if (c->write_through && c->r->plp == DC_PLP_FULL)
		reason(v, DC_PASS, "kernel 'write through' skips flushes; safe only because of full PLP");

	switch (c->r->plp) {
	case DC_PLP_FULL:
		reason(v, DC_PASS, "full power-loss protection (confidence %s)", c->r->confidence);
		break;
	case DC_PLP_DATA_AT_REST:
		reason(v, role == DC_ROLE_ZFS_SLOG ? DC_FAIL : DC_WARN,
		       "PLP protects data at rest only, not writes in flight: every flush waits for NAND");
		break;
	case DC_PLP_NONE:
		if (!c->failed)
			reason(v, role == DC_ROLE_ZFS_SLOG ? DC_FAIL : DC_WARN,
			       "no power-loss protection: every flush waits for NAND");
		break;
	case DC_PLP_UNKNOWN:
		reason(v, role == DC_ROLE_ZFS_SLOG ? DC_FAIL : DC_WARN,
		       "PLP unknown: %s, and the drive gives no PLP evidence%s",
		       f->db->matched ? "the database row has no sourced PLP class"
				      : "no database row",
		       c->fast ? " (fast flushes are consistent with PLP, but do not prove it)" : "");
		break;
	}

	if (c->probed) {
		if (c->slow && !(c->rotational && role == DC_ROLE_CEPH_OSD))
			reason(v, DC_FAIL, "flushed 4 KiB writes take %.0f us at the median (slow: >= %.0f us)",
			       c->p50, c->slow_us);
		else if (!c->fast && !c->rotational)
			reason(v, DC_WARN, "flushed 4 KiB writes take %.0f us at the median (fast: <= %.0f us)",
			       c->p50, c->fast_us);
		else if (c->fast)
			reason(v, DC_PASS, "flushed 4 KiB writes take %.0f us at the median", c->p50);
	} else {
		const char *why = f->probe && f->probe->skipped[0] ? f->probe->skipped : "not run";
		reason(v, c->r->plp == DC_PLP_FULL ? DC_PASS : DC_WARN,
		       "flush cost not measured (probe: %s)", why);
	}

	if (d->wear.have_percent_used) {
		if (d->wear.percent_used >= DC_WEAR_FAIL_PERCENT)
			reason(v, DC_FAIL, "rated endurance spent (%u%% used)", d->wear.percent_used);
		else if (d->wear.percent_used >= DC_WEAR_WARN_PERCENT)
			reason(v, DC_WARN, "%u%% of rated endurance used", d->wear.percent_used);
	}
	if (c->years >= 0 && c->years < DC_YEARS_LEFT_WARN)
		reason(v, DC_WARN, "rated endurance runs out in %.1f years at the write rate so far",
		       c->years);
	if (is_raid_volume(d))
		reason(v, DC_WARN, "a RAID controller's volume (%s %s): the drives behind it are hidden, "
		       "and the controller's cache and battery decide what a flush costs", d->vendor,
		       d->model);
	else if (!f->db->matched && (!d->model[0] || f->dev->transport == DC_TRAN_VIRTIO ||
				f->dev->transport == DC_TRAN_USB || f->dev->transport == DC_TRAN_LOOP))
		reason(v, DC_WARN, "drive not identified (%s): the verdict rests on what was measured",
		       dc_transport_name(f->dev->transport));
}

static void role_ceph_osd(const struct ctx *c, struct dc_verdict *v)
{
	if (c->rotational)
		reason(v, DC_WARN, "spinning disk: fine as OSD data with its DB/WAL on flash with PLP");
	common_reasons(c, DC_ROLE_CEPH_OSD, v);
}

static void role_ceph_db(const struct ctx *c, struct dc_verdict *v)
{
	if (c->rotational)
		reason(v, DC_FAIL, "spinning disk: a DB/WAL device must be flash");
	if (c->f->db->dwpd > 0 && c->f->db->dwpd < DC_DB_WAL_MIN_DWPD)
		reason(v, DC_WARN, "rated %.2g DWPD: DB/WAL writes wear out read-intensive drives (want >= %.0f)",
		       c->f->db->dwpd, DC_DB_WAL_MIN_DWPD);
	common_reasons(c, DC_ROLE_CEPH_DB, v);
}

static void role_drbd(const struct ctx *c, struct dc_verdict *v)
{
	if (c->rotational)
		reason(v, DC_WARN, "spinning disk: each DRBD flush costs milliseconds");
	common_reasons(c, DC_ROLE_DRBD, v);
}

static void role_zfs_slog(const struct ctx *c, struct dc_verdict *v)
{
	if (c->rotational)
		reason(v, DC_FAIL, "spinning disk: never an SLOG");
	if (c->r->plp != DC_PLP_FULL && !c->failed)
		reason(v, DC_FAIL, "a ZFS SLOG needs full power-loss protection");
	if (c->f->db->dwpd > 0 && c->f->db->dwpd < DC_SLOG_MIN_DWPD)
		reason(v, DC_WARN, "rated %.2g DWPD: an SLOG takes every sync write (want >= %.0f)",
		       c->f->db->dwpd, DC_SLOG_MIN_DWPD);
	common_reasons(c, DC_ROLE_ZFS_SLOG, v);
}

static const char *cache_off_command(const struct dc_dev *dev)
{
	if (dev->protocol == DC_PROTO_NVME)
		return "nvme set-feature DEV --feature-id=0x06 --value=0";
	if (dev->protocol == DC_PROTO_ATA)
		return "hdparm -W 0 DEV";
	if (dev->protocol == DC_PROTO_SCSI)
		return "sdparm --clear WCE DEV";
	return NULL;
}

static void add_advice(const struct ctx *c)
{
	const struct dc_facts *f = c->f;
	struct dc_result *r = c->r;
	const char *cmd = cache_off_command(f->dev);

	if (r->plp == DC_PLP_FULL && !c->failed && f->drive->cache_enabled == DC_TRI_YES && cmd)
		advise(r, "full PLP with the volatile cache on: Ceph's hardware recommendations note "
		       "such drives may flush much faster with it off (%s, with DEV = %s); then re-run "
		       "drivecheck to re-probe", cmd, f->dev->path);
	if (r->plp == DC_PLP_FULL && !c->failed && !c->slow)
		advise(r, "DRBD: 'disk-flushes no' and 'md-flushes no' are safe on this drive (full "
		       "PLP, as DRBD's documentation requires)");
	else
		advise(r, "DRBD: keep 'disk-flushes' and 'md-flushes' on (the default); turning them "
		       "off is safe only with full PLP%s", c->slow && r->plp == DC_PLP_FULL
		       ? ", and this PLP drive's slow flushes are unexplained" : "");
	if (c->hazard)
		advise(r, "set the kernel back to flushing: echo 'write back' > "
		       "/sys/block/%s/queue/write_cache", f->dev->name);
	if (c->years >= 0)
		advise(r, "at the write rate so far, the rated endurance lasts about %.1f more years",
		       c->years);
}

void dc_decide_verdicts(const struct dc_facts *f, struct dc_result *r)
{
	static void (*const role_fn[DC_ROLE_COUNT])(const struct ctx *, struct dc_verdict *) = {
		[DC_ROLE_CEPH_OSD] = role_ceph_osd,
		[DC_ROLE_CEPH_DB] = role_ceph_db,
		[DC_ROLE_DRBD] = role_drbd,
		[DC_ROLE_ZFS_SLOG] = role_zfs_slog,
	};
	const struct dc_probe *p = f->probe;
	struct ctx c = { .f = f, .r = r };

	dc_flush_bounds(f->dev->transport, &c.fast_us, &c.slow_us);
	c.write_through = f->dev->kernel_cache == DC_KCACHE_WRITE_THROUGH;
	/* Write-through probes time no flush: treat them as not measured. */
	c.probed = p && p->mode != DC_PROBE_NOT_RUN && p->sync.count > 0 && !c.write_through;
	c.p50 = c.probed ? p->sync.p50_us : 0;
	c.fast = c.probed && c.p50 <= c.fast_us;
	c.slow = c.probed && c.p50 >= c.slow_us;
	c.rotational = f->drive->rotational == DC_TRI_YES;
	c.failed = plp_failed(r);
	c.hazard = c.write_through && f->drive->cache_enabled != DC_TRI_NO &&
		   (r->plp != DC_PLP_FULL || c.failed);
	c.years = years_left(f);

	for (unsigned i = 0; i < DC_ROLE_COUNT; i++) {
		r->verdicts[i].status = DC_PASS;
		role_fn[i](&c, &r->verdicts[i]);
	}
	add_advice(&c);
}
