// SPDX-License-Identifier: GPL-2.0-or-later
/* verdict.c - PASS/WARN/FAIL per role from S, U and F, with reasons, and the advice. Pure. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "decide/decide.h"
#include "decide/health.h"
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

	if (r->nadvice >= DC_MAX_ADVICE)
		return;
	va_start(ap, fmt);
	vsnprintf(r->advice[r->nadvice++], sizeof(r->advice[0]), fmt, ap);
	va_end(ap);
}

struct ctx {
	const struct dc_facts *f;
	const struct dc_judgement *j;
	struct dc_result *r;
	bool S, U;      /* S and U are yes */
	bool modes_disagree; /* FUA and flush give very different answers */
	bool hazard;    /* write-through kernel on a drive whose completed writes may be lost */
};

/*
 * What each role waits on: Ceph BlueStore, its RocksDB WAL and a ZFS SLOG flush
 * (a write, then a cache flush: fdatasync); DRBD flushes its data and writes its metadata
 * with FUA, so it waits on both, the worse counts.
 */
static enum dc_flush_speed role_speed(const struct ctx *c, enum dc_role role, double *p50)
{
	const struct dc_result *r = c->r;

	if (role == DC_ROLE_DRBD) {
		*p50 = r->flush_p50_us;
		return r->flush_speed;
	}
	*p50 = r->fdatasync_p50_us;
	return r->speed_fdatasync;
}

static void speed_reason(const struct ctx *c, enum dc_role role, struct dc_verdict *v)
{
	const struct dc_judgement *j = c->j;
	const char *how = role == DC_ROLE_DRBD ? "durable 4 KiB writes (the slower of FUA and flush)"
					       : "4 KiB writes with fdatasync";
	double p50;

	switch (role_speed(c, role, &p50)) {
	case DC_FLUSH_NOT_MEASURED:
		reason(v, c->U ? DC_PASS : DC_WARN, "flush cost not measured (%s)", c->r->fast.basis);
		break;
	case DC_FLUSH_SLOW:
		if (j->rotational && role == DC_ROLE_CEPH_OSD)
			reason(v, DC_PASS, "%s take %.0f us at the median, as a spinning disk does",
			       how, p50);
		else
			reason(v, DC_FAIL, "F: %s take %.0f us at the median (slow: >= %.0f us)", how,
			       p50, j->slow_us);
		break;
	case DC_FLUSH_MIDDLING:
		reason(v, j->rotational ? DC_PASS : DC_WARN, "F: %s take %.0f us at the median "
		       "(fast: <= %.0f us)", how, p50, j->fast_us);
		break;
	case DC_FLUSH_FAST:
		reason(v, DC_PASS, "F: %s take %.0f us at the median", how, p50);
		break;
	}
}

/*
 * The drive's own verdict comes first (docs/health.md): a drive that says it is failing
 * fails every role, whatever its PLP; one that reports a lesser problem warns.
 */
static void health_reason(const struct dc_health *h, struct dc_verdict *v)
{
	char text[256], more[64] = "";

	if (h->status != DC_HEALTH_FAILING && h->status != DC_HEALTH_WARNING)
		return;
	dc_health_problem_text(&h->problems[0], h->source, text, sizeof(text));
	if (h->ntotal > 1)
		snprintf(more, sizeof(more), " (and %u more: see its health)", h->ntotal - 1);
	if (h->status == DC_HEALTH_FAILING)
		reason(v, DC_FAIL, "HEALTH: the drive says it is failing: %s%s", text, more);
	else
		reason(v, DC_WARN, "health: the drive reports a problem: %s%s", text, more);
}

/*
 * A known firmware defect (db/advisories): one that loses data or the drive fails every
 * role until the firmware is updated; a hang or a slowdown warns. A counter defect says
 * how far the drive is from its failure point.
 */
static bool advisory_fails(enum dc_adv_effect e)
{
	return e == DC_ADV_DATA_LOSS || e == DC_ADV_DRIVE_LOSS;
}

static void advisory_when(const struct dc_advisory_hit *a, char *buf, size_t len)
{
	buf[0] = '\0';
	if (a->hours <= 0)
		return;
	if (!a->hours_left_known)
		snprintf(buf, len, " at %lld power-on hours (this drive's hours are not known)",
			 a->hours);
	else if (a->hours_left > 0)
		snprintf(buf, len, " at %lld power-on hours: %lld hours from now", a->hours,
			 a->hours_left);
	else
		snprintf(buf, len, " at %lld power-on hours, which this drive has passed by %lld",
			 a->hours, -a->hours_left);
}

static void advisory_reasons(const struct dc_facts *f, struct dc_verdict *v)
{
	for (unsigned i = 0; i < f->nadv; i++) {
		const struct dc_advisory_hit *a = &f->adv[i];
		char when[128], fix[96];

		advisory_when(a, when, sizeof(when));
		if (a->fixed[0])
			snprintf(fix, sizeof(fix), "update the firmware to %s before use", a->fixed);
		else
			snprintf(fix, sizeof(fix), "no fixed firmware is named: ask the vendor");
		reason(v, advisory_fails(a->effect) ? DC_FAIL : DC_WARN, "FIRMWARE %s (%s): %s; the "
		       "failure point is%s; %s", a->id, dc_adv_effect_name(a->effect), a->title,
		       when[0] ? when : " not a counter", fix);
	}
}

static void advise_firmware(const struct dc_facts *f, struct dc_result *r)
{
	for (unsigned i = 0; i < f->nadv; i++) {
		const struct dc_advisory_hit *a = &f->adv[i];

		advise(r, "firmware %s has a known defect, %s: %s%s%s (%s source: %s)",
		       f->drive->firmware[0] ? f->drive->firmware : f->dev->firmware, a->id,
		       a->fixed[0] ? "update it to " : "no fixed firmware is named; ask the vendor",
		       a->fixed, a->fixed[0] ? ", the vendor's fix" : "",
		       dc_source_kind_name(a->source_kind), a->source_url);
	}
}

/* S and U decide safety; F decides performance; then endurance and what the drive is. */
static void common_reasons(const struct ctx *c, enum dc_role role, struct dc_verdict *v)
{
	const struct dc_facts *f = c->f;
	const struct dc_judgement *j = c->j;
	const struct dc_result *r = c->r;
	const struct dc_drive *d = f->drive;

	if (j->plp_failed)
		reason(v, DC_FAIL, "the drive reports failed power-loss protection (backup power)");
	else if (j->plp_degraded)
		reason(v, DC_WARN, "the drive's power-loss protection is degraded or cannot be "
		       "judged: see the evidence");
	if (c->hazard)
		reason(v, DC_FAIL, "HAZARD: the kernel's write cache is 'write through', so flushes "
		       "are dropped, but the drive has %s volatile cache and nothing shows its "
		       "completed writes survive a power cut: acknowledged writes can be lost",
		       d->cache_enabled == DC_TRI_YES ? "an enabled" : "a possibly enabled");
	else if (j->write_through && j->declared_no_vwc)
		reason(v, DC_PASS, "kernel 'write through' is right for this drive: it declares no "
		       "volatile write cache");
	else if (j->nvme_wt_relayed)
		reason(v, DC_WARN, "kernel 'write through' on an NVMe drive: the nvme driver sets it "
		       "when the drive declares no volatile write cache (VWC bit 0 = 0), which the "
		       "drive's identify, not read here, would confirm (run as root); an admin may "
		       "also have set it");
	else if (j->write_through && c->U)
		reason(v, DC_PASS, "kernel 'write through' skips flushes; safe only because completed "
		       "writes survive (U: %s)", r->unflushed_survive.basis);

	if (c->S)
		reason(v, DC_PASS, "S: flushed data survives a power cut (%s)",
		       r->flushed_survive.basis);
	else if (r->flushed_survive.value == DC_TRI_NO && !j->plp_failed)
		reason(v, DC_WARN, "S: no: %s; every flush waits for NAND and a power cut may still "
		       "take flushed data", r->flushed_survive.basis);
	else if (r->flushed_survive.value == DC_TRI_UNKNOWN)
		reason(v, DC_WARN, "S unknown: %s%s", r->flushed_survive.basis,
		       r->flush_speed == DC_FLUSH_FAST ? "; fast flushes are consistent with PLP but "
		       "do not prove it: firmware that acknowledges flushes it has not done exists" : "");

	if (role != DC_ROLE_ETCD)
		speed_reason(c, role, v);
	if (c->modes_disagree)
		reason(v, DC_WARN, "FUA and flush disagree: a RWF_DSYNC write takes %.0f us, a write "
		       "and fdatasync %.0f us at the median; drives exist that honour one and not the "
		       "other", r->dsync_p50_us, r->fdatasync_p50_us);

	if (d->wear.have_percent_used) {
		if (d->wear.percent_used >= DC_WEAR_FAIL_PERCENT)
			reason(v, DC_FAIL, "rated endurance spent (%u%% used)", d->wear.percent_used);
		else if (d->wear.percent_used >= DC_WEAR_WARN_PERCENT)
			reason(v, DC_WARN, "%u%% of rated endurance used", d->wear.percent_used);
	}
	if (j->years_left >= 0 && j->years_left < DC_YEARS_LEFT_WARN)
		reason(v, DC_WARN, "rated endurance runs out in %.1f years at the write rate so far",
		       j->years_left); /* under DC_YEARS_LEFT_WARN: a tenth of a year matters */
	if (j->raid_volume)
		reason(v, DC_WARN, "a RAID controller's volume (%s %s): the drives behind it are hidden, "
		       "and the controller's cache and battery decide what a flush costs", d->vendor,
		       d->model);
	else if (j->unidentified)
		reason(v, DC_WARN, "drive not identified (%s): the verdict rests on what was measured",
		       dc_transport_name(f->dev->transport));
}

static void role_ceph_osd(const struct ctx *c, struct dc_verdict *v)
{
	if (c->j->rotational)
		reason(v, DC_WARN, "spinning disk: fine as OSD data with its DB/WAL on flash with PLP");
	common_reasons(c, DC_ROLE_CEPH_OSD, v);
}

static void role_ceph_db(const struct ctx *c, struct dc_verdict *v)
{
	if (c->j->rotational)
		reason(v, DC_FAIL, "spinning disk: a DB/WAL device must be flash");
	if (c->f->db->dwpd > 0 && c->f->db->dwpd < DC_DB_WAL_MIN_DWPD)
		reason(v, DC_WARN, "rated %.2g DWPD: DB/WAL writes wear out read-intensive drives (want >= %.0f)",
		       c->f->db->dwpd, DC_DB_WAL_MIN_DWPD);
	common_reasons(c, DC_ROLE_CEPH_DB, v);
}

static void role_drbd(const struct ctx *c, struct dc_verdict *v)
{
	if (c->j->rotational)
		reason(v, DC_WARN, "spinning disk: each DRBD flush costs milliseconds");
	common_reasons(c, DC_ROLE_DRBD, v);
	if (!c->U)
		reason(v, DC_PASS, "keep 'disk-flushes' and 'md-flushes' on: nothing shows that "
		       "completed, unflushed writes survive (U)");
}

/* OpenZFS's hardware guide: an SLOG must protect flushed data and its own metadata (S);
 * unflushed data is irrelevant to ZFS. And it must be fast (F). */
/* etcd's own gate: the WAL's fdatasync at the 99th percentile (include/thresholds.h). */
static void role_etcd(const struct ctx *c, struct dc_verdict *v)
{
	const struct dc_result *r = c->r;

	/* etcd acknowledges what it has fdatasync'ed: S, which common_reasons warns about */
	common_reasons(c, DC_ROLE_ETCD, v);
	if (r->speed_fdatasync == DC_FLUSH_NOT_MEASURED)
		reason(v, c->U ? DC_PASS : DC_WARN, "WAL fdatasync p99 not measured (%s)",
		       r->fast.basis);
	else if (r->fdatasync_p99_us > DC_ETCD_FSYNC_P99_MAX_US)
		reason(v, DC_FAIL, "a write and fdatasync take %.1f ms at the 99th percentile: etcd "
		       "wants its WAL's under %.0f ms", r->fdatasync_p99_us / 1000,
		       DC_ETCD_FSYNC_P99_MAX_US / 1000);
	else
		reason(v, DC_PASS, "a write and fdatasync take %.2f ms at the 99th percentile "
		       "(etcd wants under %.0f ms)", r->fdatasync_p99_us / 1000,
		       DC_ETCD_FSYNC_P99_MAX_US / 1000);
}

static void role_zfs_slog(const struct ctx *c, struct dc_verdict *v)
{
	if (c->j->rotational)
		reason(v, DC_FAIL, "spinning disk: never an SLOG");
	if (!c->S && !c->j->plp_failed)
		reason(v, DC_FAIL, "a ZFS SLOG needs flushed data to survive a power cut (S)");
	/* Endurance is the drive's own wear figures' business (below); the rating only
	 * says how soon an SLOG's write load may get there. */
	if (c->f->db->dwpd > 0 && c->f->db->dwpd < DC_SLOG_MIN_DWPD)
		reason(v, DC_PASS, "rated %.2g DWPD: an SLOG takes every sync write; mixed-use "
		       "drives (>= %.0f DWPD) last longer in this role", c->f->db->dwpd,
		       DC_SLOG_MIN_DWPD);
	common_reasons(c, DC_ROLE_ZFS_SLOG, v);
}

/* The command that turns the drive's volatile cache off, and the udev rule that keeps it
 * off, as Ceph's hardware recommendations do by hand. NULL where there is none. */
static const char *cache_off(const struct dc_dev *dev, char *rule, size_t len)
{
	switch (dev->protocol) {
	case DC_PROTO_NVME:
		snprintf(rule, len, "ACTION==\"add\", SUBSYSTEM==\"nvme\", ATTR{model}==\"%s*\", "
			 "RUN+=\"/usr/sbin/nvme set-feature /dev/%%k --feature-id=0x06 --value=0\"",
			 dev->model);
		return "nvme set-feature DEV --feature-id=0x06 --value=0";
	case DC_PROTO_ATA:
	case DC_PROTO_SCSI:
		/* sd turns "write through" into a MODE SELECT of WCE=0, which libata passes to
		 * a SATA drive as SET FEATURES. */
		snprintf(rule, len, "ACTION==\"add|change\", SUBSYSTEM==\"scsi_disk\", "
			 "ATTRS{model}==\"%s*\", ATTR{cache_type}=\"write through\"", dev->model);
		return dev->protocol == DC_PROTO_ATA ? "hdparm -W 0 DEV" : "sdparm --clear WCE --save DEV";
	case DC_PROTO_NONE:
		break;
	}
	return NULL;
}

/* The command that turns the cache back on: what --restore-cache does, by hand. */
static const char *cache_on_cmd(const struct dc_dev *dev)
{
	switch (dev->protocol) {
	case DC_PROTO_NVME: return "nvme set-feature DEV --feature-id=0x06 --value=1";
	case DC_PROTO_ATA:  return "hdparm -W 1 DEV";
	case DC_PROTO_SCSI: return "sdparm --set WCE DEV";
	case DC_PROTO_NONE: break;
	}
	return "-";
}

/* What the cache experiment found, and a cache an earlier one left off. */
/* The device to name in a command: an imported drive's "path" is a file of another tool,
 * and no command runs on that. */
static const char *dev_path(const struct dc_dev *dev)
{
	return strncmp(dev->path, "/dev/", 5) == 0 ? dev->path : "/dev/<this drive>";
}

static void advise_cache_off(const struct ctx *c, const char *cmd, const char *rule)
{
	const struct dc_facts *f = c->f;
	const struct dc_cache_trial *t = f->trial;
	const struct dc_cache_left *left = f->left;
	struct dc_result *r = c->r;

	if (left && left->found && left->running)
		advise(r, "another drivecheck (pid %ld) has this drive's volatile write cache off "
		       "for --try-cache-off right now: this probe ran with it off", left->pid);
	else if (left && left->found)
		advise(r, "an earlier drivecheck --try-cache-off (pid %ld, at %s) turned this "
		       "drive's volatile write cache off and did not turn it back on: it is off, "
		       "which is safe but may be slow, and this probe ran with it off; turn it on "
		       "with: drivecheck --restore-cache %s (or %s, with DEV = %s)", left->pid,
		       left->since[0] ? left->since : "an unknown time", dev_path(f->dev),
		       cache_on_cmd(f->dev), dev_path(f->dev));
	if (!t || t->state == DC_TRIAL_NOT_ASKED || t->state == DC_TRIAL_SKIPPED)
		return;
	if (t->state == DC_TRIAL_FAILED) {
		advise(r, "the cache experiment failed: %s", t->why);
		return;
	}
	if (r->cache_off_speed == DC_FLUSH_NOT_MEASURED)
		return;
	if (c->U && !c->j->plp_failed && cmd && r->cache_off_faster)
		advise(r, "with the volatile cache off, a durable write took %.0f us at the median "
		       "against %.0f us with it on (%.1fx faster), and completed writes survive on "
		       "this drive (U): keep the cache off (%s, with DEV = %s), and across reboots "
		       "with a udev rule: %s", r->cache_off_p50_us, r->flush_p50_us,
		       r->flush_p50_us / r->cache_off_p50_us, cmd, dev_path(f->dev), rule);
	else
		advise(r, "with the volatile cache off, a durable write took %.0f us at the median "
		       "against %.0f us with it on; the cache is on again, as it was found%s",
		       r->cache_off_p50_us, r->flush_p50_us,
		       !r->cache_off_faster ? " (off is not faster here: leave it on)"
		       : ": keeping it off is advised only where completed writes survive a "
			 "power cut (U)");
}

static void add_advice(const struct ctx *c)
{
	const struct dc_facts *f = c->f;
	const struct dc_judgement *j = c->j;
	struct dc_result *r = c->r;
	char rule[256];
	const char *cmd = cache_off(f->dev, rule, sizeof(rule));
	bool cache_on = f->drive->cache_enabled == DC_TRI_YES;
	bool tried = f->trial && f->trial->state == DC_TRIAL_DONE;

	advise_cache_off(c, cmd, rule);
	if (c->U && !j->plp_failed && cache_on && cmd && !tried) {
		if (r->flush_speed == DC_FLUSH_SLOW || r->flush_speed == DC_FLUSH_MIDDLING)
			advise(r, "completed writes survive on this drive (U), yet its flushes take "
			       "%.0f us with the volatile cache on: drivecheck --try-cache-off %s "
			       "measures it with the cache off; turn the cache off with %s (DEV = %s), "
			       "and keep it off across reboots with a udev rule: %s", r->flush_p50_us,
			       dev_path(f->dev), cmd, dev_path(f->dev), rule);
		else if (r->flush_speed == DC_FLUSH_NOT_MEASURED)
			advise(r, "completed writes survive on this drive (U) and its volatile cache is "
			       "on: such drives may flush much faster with it off (%s, with DEV = %s; "
			       "udev rule: %s); drivecheck --try-cache-off %s measures both",
			       cmd, dev_path(f->dev), rule, dev_path(f->dev));
	}
	if (c->U && !j->plp_failed && r->flush_speed != DC_FLUSH_SLOW)
		advise(r, "DRBD: 'disk-flushes no' and 'md-flushes no' are safe on this drive: "
		       "completed writes survive a power cut (U: %s)", r->unflushed_survive.basis);
	else
		advise(r, "DRBD: keep 'disk-flushes' and 'md-flushes' on (the default); turning them "
		       "off is safe only when completed writes survive a power cut (U)%s",
		       c->U && r->flush_speed == DC_FLUSH_SLOW
		       ? ", and this drive's slow flushes are unexplained" : "");
	if (c->hazard)
		advise(r, "set the kernel back to flushing: echo 'write back' > "
		       "/sys/block/%s/queue/write_cache", f->dev->name);
	if (j->years_left >= 0) {
		char years[48];

		dc_years_text(j->years_left, years, sizeof(years));
		advise(r, "at the write rate so far, the rated endurance lasts %s", years);
	}
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

	/* "write through" on an NVMe drive that could not be asked is the drive's own word
	 * that it has no volatile cache, as the nvme driver relays it: never the hazard */
	c.hazard = j->write_through && f->drive->cache_enabled != DC_TRI_NO && !c.U &&
		   !j->nvme_wt_relayed;
	r->write_through_hazard = c.hazard;
	c.modes_disagree = dc_sync_modes_disagree(r, j);
	/* zram and brd are memory: nothing to judge as a drive, and never a hazard */
	if (f->dev->transport == DC_TRAN_MEMORY) {
		r->write_through_hazard = false;
		for (unsigned i = 0; i < DC_ROLE_COUNT; i++) {
			r->verdicts[i].status = DC_NOT_CHECKED;
			reason(&r->verdicts[i], DC_NOT_CHECKED, "%s is memory (%s), not a drive: "
			       "nothing on it survives a power cut or a reboot, and no drive role "
			       "applies", f->dev->path, strncmp(f->dev->name, "zram", 4) == 0 ?
			       "zram" : "a RAM disk, brd");
		}
		return;
	}
	for (unsigned i = 0; i < DC_ROLE_COUNT; i++) {
		r->verdicts[i].status = DC_PASS;
		health_reason(&r->health, &r->verdicts[i]);
		advisory_reasons(f, &r->verdicts[i]);
		role_fn[i](&c, &r->verdicts[i]);
	}
	advise_firmware(f, r);
	add_advice(&c);
}
