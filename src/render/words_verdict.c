// SPDX-License-Identifier: GPL-2.0-or-later
/* words_verdict.c - a verdict's reasons and the advice, in words, with the commands they name. */
#include <stdio.h>
#include <string.h>

#include "decide/health.h"
#include "core/names.h"
#include "render/words.h"

static size_t done(int w)
{
	return w < 0 ? 0 : (size_t)w;
}

static const char *how_written(int ref)
{
	return ref == DC_WRITE_WORSE_OF_BOTH ? "durable 4 KiB writes (the slower of FUA and flush)"
					     : "4 KiB writes with fdatasync";
}

static const struct dc_advisory_hit *hit_at(const struct dc_facts *f, int i)
{
	static const struct dc_advisory_hit none;

	return i >= 0 && (unsigned)i < f->nadv ? &f->adv[i] : &none;
}

/* " at N power-on hours: M hours from now", or "" where the defect is no counter's. */
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

/* What a figure of years left rests on, and so how exact it is. */
static void years_basis_text(int basis, const struct dc_facts *f, char *buf, size_t len)
{
	const struct dc_wear_history *h = &f->drive->wear.history;

	if (basis == DC_YEARS_WEAR_BOUND)
		snprintf(buf, len, "a lower bound: the wear indicator reads %u%%, a whole "
			 "percentage", f->drive->wear.percent_used);
	else if (basis == DC_YEARS_WEAR_HISTORY)
		snprintf(buf, len, "a lower bound: the wear indicator went from %u%% to %u%% in "
			 "%.0f days, %.1f points a year at most", h->wear_first, h->wear_last,
			 h->wear_span_days, h->wear_percent_per_year);
	else if (basis == DC_YEARS_OBSERVED)
		snprintf(buf, len, "an estimate: bytes written against what drives of the family "
			 "took (%u drives, observed)", f->row->observed.drives);
	else if (f->row->tbw_tb > 0)
		snprintf(buf, len, "an estimate: bytes written against the rated TBW");
	else
		snprintf(buf, len, "an estimate: bytes written against the rated DWPD over the "
			 "%.0f-year warranty", f->row->warranty_years);
}

/* The endurance a figure of years left counts down: a rating, or an observation, never
 * one said as the other. */
static const char *years_of_what(int basis)
{
	return basis == DC_YEARS_OBSERVED ? "endurance that drives of its family showed"
					  : "rated endurance";
}

static size_t firmware_reason(const struct dc_advisory_hit *a, char *buf, size_t len)
{
	char when[128], fix[sizeof(a->fixed) + 40]; /* the fix's name whole, and the words */

	advisory_when(a, when, sizeof(when));
	if (a->fixed[0])
		snprintf(fix, sizeof(fix), "update the firmware to %s before use", a->fixed);
	else
		snprintf(fix, sizeof(fix), "no fixed firmware is named: ask the vendor");
	return done(snprintf(buf, len, "FIRMWARE %s (%s): %s; the failure point is%s; %s", a->id,
			     dc_adv_effect_name(a->effect), a->title,
			     when[0] ? when : " not a counter", fix));
}

static size_t health_reason(const struct dc_health *h, bool failing, char *buf, size_t len)
{
	char text[256], more[64] = "";

	dc_health_problem_text(&h->problems[0], h->source, text, sizeof(text));
	if (h->ntotal > 1)
		snprintf(more, sizeof(more), " (and %u more: see its health)", h->ntotal - 1);
	if (failing)
		return done(snprintf(buf, len, "HEALTH: the drive says it is failing: %s%s", text,
				     more));
	return done(snprintf(buf, len, "health: the drive reports a problem: %s%s", text, more));
}

size_t dc_words_reason(const struct dc_facts *f, const struct dc_result *r,
		       const struct dc_reason *x, char *buf, size_t len)
{
	const struct dc_drive *d = f->drive;
	const double *n = x->f.n;
	char basis[DC_WORDS_LEN];

	switch (x->f.code) {
	case DC_FND_HEALTH_FAILING:
	case DC_FND_HEALTH_WARNING:
		return health_reason(&r->health, x->f.code == DC_FND_HEALTH_FAILING, buf, len);
	case DC_FND_HEALTH_NOT_READ:
		return done(snprintf(buf, len, "health not read: the drive has a verdict of its own "
				     "to give (%s) and none was read here; run as root, or import a "
				     "report that holds it (smartctl -x)",
				     f->dev->protocol == DC_PROTO_NVME ? "the SMART log's critical "
				     "warnings" : f->dev->protocol == DC_PROTO_SCSI
				     ? "informational exceptions" : "SMART status and attributes"));
	case DC_FND_FIRMWARE:
		return firmware_reason(hit_at(f, dc_words_ref(&x->f, DC_REF_ADVISORY)), buf, len);
	case DC_FND_PLP_FAILED:
		return done(snprintf(buf, len, "the drive reports failed power-loss protection "
				     "(backup power)"));
	case DC_FND_PLP_DEGRADED:
		return done(snprintf(buf, len, "the drive's power-loss protection is degraded or "
				     "cannot be judged: see the evidence"));
	case DC_FND_WT_HAZARD:
		return done(snprintf(buf, len, "HAZARD: the kernel's write cache is 'write through', "
				     "so flushes are dropped, but the drive has %s volatile cache and "
				     "nothing shows its completed writes survive a power cut: "
				     "acknowledged writes can be lost",
				     d->cache_enabled == DC_TRI_YES ? "an enabled"
								    : "a possibly enabled"));
	case DC_FND_WT_NO_VWC:
		return done(snprintf(buf, len, "kernel 'write through' is right for this drive: it "
				     "declares no volatile write cache"));
	case DC_FND_WT_NVME_RELAYED:
		return done(snprintf(buf, len, "kernel 'write through' on an NVMe drive: the nvme "
				     "driver sets it when the drive declares no volatile write cache "
				     "(VWC bit 0 = 0), which the drive's identify, not read here, "
				     "would confirm (run as root); an admin may also have set it"));
	case DC_FND_WT_WITH_U:
		dc_words_basis(f, &r->unflushed_survive, basis, sizeof(basis));
		return done(snprintf(buf, len, "kernel 'write through' skips flushes; safe only "
				     "because completed writes survive (U: %s)", basis));
	case DC_FND_S_YES:
		dc_words_basis(f, &r->flushed_survive, basis, sizeof(basis));
		return done(snprintf(buf, len, "S: flushed data survives a power cut (%s)", basis));
	case DC_FND_S_NO:
		dc_words_basis(f, &r->flushed_survive, basis, sizeof(basis));
		return done(snprintf(buf, len, "S: no: %s; every flush waits for NAND and a power "
				     "cut may still take flushed data", basis));
	case DC_FND_S_UNKNOWN:
		dc_words_basis(f, &r->flushed_survive, basis, sizeof(basis));
		return done(snprintf(buf, len, "S unknown: %s%s", basis,
				     r->flush_speed == DC_FLUSH_FAST
				     ? "; fast flushes are consistent with PLP but do not prove it: "
				       "firmware that acknowledges flushes it has not done exists"
				     : ""));
	case DC_FND_SPEED_NOT_MEASURED:
		dc_words_basis(f, &r->fast, basis, sizeof(basis));
		return done(snprintf(buf, len, "flush cost not measured: run the probe, or import a "
				     "fio run of this drive (%s)", basis));
	case DC_FND_SPEED_SLOW_SPINNING:
		return done(snprintf(buf, len, "%s take %.0f us at the median, as a spinning disk "
				     "does", how_written(dc_words_ref(&x->f, DC_REF_WRITE_KIND)), n[0]));
	case DC_FND_SPEED_SLOW:
		return done(snprintf(buf, len, "F: %s take %.0f us at the median (slow: >= %.0f us)",
				     how_written(dc_words_ref(&x->f, DC_REF_WRITE_KIND)), n[0], n[1]));
	case DC_FND_SPEED_MIDDLING:
		return done(snprintf(buf, len, "F: %s take %.0f us at the median (fast: <= %.0f us)",
				     how_written(dc_words_ref(&x->f, DC_REF_WRITE_KIND)), n[0], n[1]));
	case DC_FND_SPEED_FAST:
		return done(snprintf(buf, len, "F: %s take %.0f us at the median",
				     how_written(dc_words_ref(&x->f, DC_REF_WRITE_KIND)), n[0]));
	case DC_FND_MODES_DISAGREE:
		return done(snprintf(buf, len, "FUA and flush disagree: a RWF_DSYNC write takes %.0f "
				     "us, a write and fdatasync %.0f us at the median; drives exist "
				     "that honour one and not the other", n[0], n[1]));
	case DC_FND_WEAR_SPENT:
		return done(snprintf(buf, len, "rated endurance spent (%.0f%% used)", n[0]));
	case DC_FND_WEAR_HIGH:
		return done(snprintf(buf, len, "%.0f%% of rated endurance used", n[0]));
	case DC_FND_YEARS_LEFT_FEW:
		/* under DC_YEARS_LEFT_WARN: a tenth of a year matters */
		years_basis_text(dc_words_ref(&x->f, DC_REF_YEARS_BASIS), f, basis, sizeof(basis));
		return done(snprintf(buf, len, "%s may run out within %.1f years at the write rate "
				     "so far (%s)", years_of_what(dc_words_ref(&x->f, DC_REF_YEARS_BASIS)),
				     n[0], basis));
	case DC_FND_RAID_VOLUME:
		return done(snprintf(buf, len, "a RAID controller's volume (%s %s): the drives behind "
				     "it are hidden, and the controller's cache and battery decide "
				     "what a flush costs", d->vendor, d->model));
	case DC_FND_UNIDENTIFIED:
		return done(snprintf(buf, len, "drive not identified (%s): the verdict rests on what "
				     "was measured", dc_transport_name(f->dev->transport)));
	case DC_FND_OSD_SPINNING:
		return done(snprintf(buf, len, "spinning disk: fine as OSD data with its DB/WAL on "
				     "flash with PLP"));
	case DC_FND_DB_SPINNING:
		return done(snprintf(buf, len, "spinning disk: a DB/WAL device must be flash"));
	case DC_FND_DB_LOW_DWPD:
		return done(snprintf(buf, len, "rated %.2g DWPD: DB/WAL writes wear out "
				     "read-intensive drives (want >= %.0f)", n[0], n[1]));
	case DC_FND_DRBD_SPINNING:
		return done(snprintf(buf, len, "spinning disk: each DRBD flush costs milliseconds"));
	case DC_FND_DRBD_KEEP_FLUSHES:
		return done(snprintf(buf, len, "keep 'disk-flushes' and 'md-flushes' on: nothing "
				     "shows that completed, unflushed writes survive (U)"));
	case DC_FND_ETCD_NOT_MEASURED:
		dc_words_basis(f, &r->fast, basis, sizeof(basis));
		return done(snprintf(buf, len, "WAL fdatasync p99 not measured: run the probe, or "
				     "import a fio run of this drive (%s)", basis));
	case DC_FND_ETCD_SLOW:
		return done(snprintf(buf, len, "a write and fdatasync take %.1f ms at the 99th "
				     "percentile: etcd wants its WAL's under %.0f ms", n[0] / 1000,
				     n[1] / 1000));
	case DC_FND_ETCD_OK:
		return done(snprintf(buf, len, "a write and fdatasync take %.2f ms at the 99th "
				     "percentile (etcd wants under %.0f ms)", n[0] / 1000,
				     n[1] / 1000));
	case DC_FND_SLOG_SPINNING:
		return done(snprintf(buf, len, "spinning disk: never an SLOG"));
	case DC_FND_SLOG_NEEDS_S:
		return done(snprintf(buf, len, "a ZFS SLOG needs flushed data to survive a power cut "
				     "(S)"));
	case DC_FND_SLOG_LOW_DWPD:
		return done(snprintf(buf, len, "rated %.2g DWPD: an SLOG takes every sync write; "
				     "mixed-use drives (>= %.0f DWPD) last longer in this role", n[0],
				     n[1]));
	case DC_FND_MEMORY:
		return done(snprintf(buf, len, "%s is memory (%s), not a drive: nothing on it "
				     "survives a power cut or a reboot, and no drive role applies",
				     f->dev->path, strncmp(f->dev->name, "zram", 4) == 0 ? "zram"
				     : "a RAM disk, brd"));
	default:
		return done(snprintf(buf, len, "(finding %d)", (int)x->f.code));
	}
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
	rule[0] = '\0';
	return "";
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

/* The device to name in a command: an imported drive's "path" is a file of another tool,
 * and no command runs on that. */
static const char *dev_path(const struct dc_dev *dev)
{
	return strncmp(dev->path, "/dev/", 5) == 0 ? dev->path : "/dev/<this drive>";
}

size_t dc_words_advice(const struct dc_facts *f, const struct dc_result *r,
		       const struct dc_finding *x, char *buf, size_t len)
{
	const struct dc_dev *dev = f->dev;
	const struct dc_cache_left *left = f->left;
	const double *n = x->n;
	char rule[256], basis[DC_WORDS_LEN];
	const char *cmd = cache_off(dev, rule, sizeof(rule));
	const struct dc_advisory_hit *a;

	switch (x->code) {
	case DC_FND_ADV_FIRMWARE:
		a = hit_at(f, dc_words_ref(x, DC_REF_ADVISORY));
		return done(snprintf(buf, len, "firmware %s has a known defect, %s: %s%s%s (%s "
				     "source: %s)", f->drive->firmware, a->id, a->fixed[0] ? "update it to "
				     : "no fixed firmware is named; ask the vendor", a->fixed,
				     a->fixed[0] ? ", the vendor's fix" : "",
				     dc_source_kind_name(a->source_kind), a->source_url));
	case DC_FND_ADV_CACHE_OFF_NOW:
		return done(snprintf(buf, len, "another drivecheck (pid %ld) has this drive's volatile "
				     "write cache off for --try-cache-off right now: this probe ran "
				     "with it off", left ? left->pid : 0));
	case DC_FND_ADV_CACHE_LEFT_OFF:
		return done(snprintf(buf, len, "an earlier drivecheck --try-cache-off (pid %ld, at %s) "
				     "turned this drive's volatile write cache off and did not turn "
				     "it back on: it is off, which is safe but may be slow, and this "
				     "probe ran with it off; turn it on with: drivecheck "
				     "--restore-cache %s (or %s, with DEV = %s)", left ? left->pid : 0,
				     left && left->since[0] ? left->since : "an unknown time",
				     dev_path(dev), cache_on_cmd(dev), dev_path(dev)));
	case DC_FND_ADV_TRIAL_FAILED:
		return done(snprintf(buf, len, "the cache experiment failed: %s",
				     f->trial ? f->trial->why : ""));
	case DC_FND_ADV_KEEP_CACHE_OFF:
		return done(snprintf(buf, len, "with the volatile cache off, a durable write took "
				     "%.0f us at the median against %.0f us with it on (%.1fx faster), "
				     "and completed writes survive on this drive (U): keep the cache "
				     "off (%s, with DEV = %s), and across reboots with a udev rule: %s",
				     n[0], n[1], n[1] / n[0], cmd, dev_path(dev), rule));
	case DC_FND_ADV_CACHE_OFF_RESULT:
		return done(snprintf(buf, len, "with the volatile cache off, a durable write took "
				     "%.0f us at the median against %.0f us with it on; the cache is "
				     "on again, as it was found%s", n[0], n[1],
				     !r->cache_off_faster ? " (off is not faster here: leave it on)"
				     : ": keeping it off is advised only where completed writes "
				       "survive a power cut (U)"));
	case DC_FND_ADV_TRY_CACHE_OFF:
		return done(snprintf(buf, len, "completed writes survive on this drive (U), yet its "
				     "flushes take %.0f us with the volatile cache on: drivecheck "
				     "--try-cache-off %s measures it with the cache off; turn the "
				     "cache off with %s (DEV = %s), and keep it off across reboots "
				     "with a udev rule: %s", n[0], dev_path(dev), cmd, dev_path(dev),
				     rule));
	case DC_FND_ADV_MAY_TRY_CACHE_OFF:
		return done(snprintf(buf, len, "completed writes survive on this drive (U) and its "
				     "volatile cache is on: such drives may flush much faster with it "
				     "off (%s, with DEV = %s; udev rule: %s); drivecheck "
				     "--try-cache-off %s measures both", cmd, dev_path(dev), rule,
				     dev_path(dev)));
	case DC_FND_ADV_DRBD_FLUSHES_OFF:
		dc_words_basis(f, &r->unflushed_survive, basis, sizeof(basis));
		return done(snprintf(buf, len, "DRBD: 'disk-flushes no' and 'md-flushes no' are safe "
				     "on this drive: completed writes survive a power cut (U: %s)",
				     basis));
	case DC_FND_ADV_DRBD_FLUSHES_ON:
	case DC_FND_ADV_DRBD_FLUSHES_ON_SLOW:
	case DC_FND_ADV_DRBD_FLUSHES_ON_UNREAD:
		return done(snprintf(buf, len, "DRBD: keep 'disk-flushes' and 'md-flushes' on (the "
				     "default); turning them off is safe only when completed writes "
				     "survive a power cut (U)%s",
				     x->code == DC_FND_ADV_DRBD_FLUSHES_ON_SLOW ? ", and this drive's "
				     "slow flushes are unexplained"
				     : x->code == DC_FND_ADV_DRBD_FLUSHES_ON_UNREAD ? ", and this "
				     "drive's health, where failed backup power would show, was not "
				     "read" : ""));
	case DC_FND_ADV_WRITE_BACK:
		return done(snprintf(buf, len, "set the kernel back to flushing: echo 'write back' > "
				     "/sys/block/%s/queue/write_cache", dev->name));
	case DC_FND_ADV_YEARS_LEFT: {
		char years[48];

		dc_years_text(n[0], dc_words_ref(x, DC_REF_YEARS_BASIS) == DC_YEARS_WEAR_BOUND ||
			      dc_words_ref(x, DC_REF_YEARS_BASIS) == DC_YEARS_WEAR_HISTORY, years,
			      sizeof(years));
		years_basis_text(dc_words_ref(x, DC_REF_YEARS_BASIS), f, basis, sizeof(basis));
		return done(snprintf(buf, len, "at the write rate so far, the %s lasts %s (%s)",
				     years_of_what(dc_words_ref(x, DC_REF_YEARS_BASIS)), years, basis));
	}
	case DC_FND_ADV_REPLACE_FAILING:
	case DC_FND_ADV_REPLACE_PLP_FAILED:
		return done(snprintf(buf, len, "replace this drive: %s; no setting makes it safe, "
				     "so no tuning is advised", x->code == DC_FND_ADV_REPLACE_FAILING
				     ? "it says it is failing (see its health)"
				     : "its power-loss protection has failed, so data in its cache is "
				       "lost at a power cut"));
	default:
		return done(snprintf(buf, len, "(finding %d)", (int)x->code));
	}
}
