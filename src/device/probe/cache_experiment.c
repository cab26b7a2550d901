// SPDX-License-Identifier: GPL-2.0-or-later
/* cache_experiment.c - --try-cache-off: cache off, probe again, cache on, in that order only. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "device/probe/cache_experiment.h"
#include "device/probe/cache_state.h"
#include "core/names.h"
#include "core/raw.h"

static void say(char *out, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *out, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(out, len, fmt, ap);
	va_end(ap);
}

/* Why the cache switch failed: the device's own answer when it gave one ("ILLEGAL
 * REQUEST: invalid field in parameter list (sense 5/26/00)", an NVMe status), else the
 * errno's words. */
static const char *switch_error(int rc, const struct dc_io_status *st, char *buf, size_t len)
{
	if (st->kind == DC_IO_SCSI || st->kind == DC_IO_NVME)
		return dc_raw_strerror(st, buf, len);
	return dc_errno_text(rc, buf, len);
}

/* Why the experiment is not tried on this drive, or NULL when it may be. Nothing here
 * changes anything: these are checked before the record is written. */
static const char *refusal(const struct dc_trial_env *env, const struct dc_dev *dev,
			   const struct dc_drive *drive, const struct dc_probe *first,
			   const struct dc_cache_left *left, char *buf, size_t len)
{
	if (first->mode == DC_PROBE_NOT_RUN) {
		say(buf, len, "the probe did not run (%s)", first->skipped[0] ? first->skipped : "-");
		return buf;
	}
	if (left->found && left->running) {
		say(buf, len, "another drivecheck (pid %ld) is trying its cache now", left->pid);
		return buf;
	}
	if (left->found) {
		say(buf, len, "an earlier run left its cache off (record %s): turn it on first "
		    "(drivecheck --restore-cache %s)", left->record, dev->path);
		return buf;
	}
	if (!env->set_cache) {
		say(buf, len, "no command set to switch the cache of a %s device",
		    dc_transport_name(dev->transport));
		return buf;
	}
	if (drive->cache_present == DC_TRI_NO)
		return "the drive has no volatile write cache";
	if (drive->cache_enabled == DC_TRI_NO)
		return "its volatile write cache is off already";
	if (drive->cache_enabled != DC_TRI_YES)
		return "the drive does not say whether its volatile write cache is on";
	if (dev->readonly)
		return "a read-only device";
	if (!drive->serial[0] && !dev->serial[0])
		return "no serial number: a record could not tell this drive again after a kill";
	return NULL;
}

/* Cache on, and the record removed once the drive says so. Returns true when restored. */
static bool restore(const struct dc_trial_env *env, const struct dc_dev *dev,
		    const struct dc_drive *drive, struct dc_cache_trial *out, char *why, size_t len)
{
	char err[128];
	enum dc_tri now = DC_TRI_UNKNOWN;
	struct dc_io_status st = { .kind = DC_IO_OK };
	int rc = env->set_cache(dev, true, &now, &st);

	out->restored = rc == 0 ? now : DC_TRI_UNKNOWN;
	if (rc == 0 && now == DC_TRI_YES) {
		rc = dc_cache_record_remove(env->state_dir, drive);
		if (rc)
			say(why, len, "the cache is on again, but its record under %s could not be "
			    "removed (%s): remove it by hand", env->state_dir, strerror(-rc));
		return true;
	}
	if (rc)
		say(why, len, "turning the cache back on failed (%s): it is off, which is safe; "
		    "turn it on with drivecheck --restore-cache %s",
		    switch_error(rc, &st, err, sizeof(err)), dev->path);
	else
		say(why, len, "the drive was told to turn its cache back on but says it is %s: "
		    "it may be off, which is safe; turn it on with drivecheck --restore-cache %s",
		    now == DC_TRI_NO ? "off" : "in an unknown state", dev->path);
	return false;
}

static void trial(const struct dc_trial_env *env, const struct dc_dev *dev,
		  const struct dc_drive *drive, struct dc_cache_trial *out);

void dc_cache_trial_run(const struct dc_trial_env *env, const struct dc_dev *dev,
			const struct dc_drive *drive, const struct dc_probe *first,
			const struct dc_cache_left *left, struct dc_cache_trial *out)
{
	char buf[256];
	const char *no;
	int claim = -1;

	memset(out, 0, sizeof(*out));
	out->off_honoured = out->restored = DC_TRI_UNKNOWN;
	out->probe.mode = DC_PROBE_NOT_RUN;
	no = refusal(env, dev, drive, first, left, buf, sizeof(buf));
	if (no) {
		out->state = DC_TRIAL_SKIPPED;
		say(out->why, sizeof(out->why), "%s", no);
		return;
	}

	/* 0. The disk held: nobody else has it open, and tools that lock it stand off. */
	if (env->claim) {
		claim = env->claim(dev, buf, sizeof(buf));
		if (claim < 0) {
			out->state = DC_TRIAL_SKIPPED;
			say(out->why, sizeof(out->why), "%s", buf);
			return;
		}
	}
	trial(env, dev, drive, out);
	if (claim >= 0)
		close(claim);
}

/* The experiment proper, on a held disk: steps 1 to 5. */
static void trial(const struct dc_trial_env *env, const struct dc_dev *dev,
		  const struct dc_drive *drive, struct dc_cache_trial *out)
{
	char buf[256], err[128], after[256] = "", who[160] = "";
	enum dc_tri now = DC_TRI_UNKNOWN;
	struct dc_io_status st = { .kind = DC_IO_OK };
	int rc;

	/* 1. The record first, durable: from here on a kill leaves a trace. */
	rc = dc_cache_record_write(env->state_dir, dev, drive);
	if (rc) {
		out->state = DC_TRIAL_SKIPPED;
		if (rc == -EEXIST)
			say(out->why, sizeof(out->why), "a record of this drive's cache being off "
			    "exists under %s: another run is trying it, or left it off",
			    env->state_dir);
		else
			say(out->why, sizeof(out->why), "cannot keep a record under %s (%s), so the "
			    "cache was not touched; DRIVECHECK_STATE_DIR names another folder",
			    env->state_dir, strerror(-rc));
		return;
	}

	/* 2. Cache off, and the drive's own word that it is. */
	rc = env->set_cache(dev, false, &now, &st);
	out->off_honoured = rc || now == DC_TRI_UNKNOWN ? DC_TRI_UNKNOWN
			    : now == DC_TRI_NO ? DC_TRI_YES : DC_TRI_NO;
	if (rc) {
		/* refused: the setting did not change, so there is nothing to put back */
		out->state = DC_TRIAL_FAILED;
		out->restored = DC_TRI_YES;
		say(out->why, sizeof(out->why), "the drive refused to turn its cache off (%s); "
		    "nothing was changed", switch_error(rc, &st, err, sizeof(err)));
		dc_cache_record_remove(env->state_dir, drive);
		return;
	}
	if (now != DC_TRI_NO) {
		out->state = DC_TRIAL_FAILED;
		if (restore(env, dev, drive, out, after, sizeof(after)))
			say(out->why, sizeof(out->why), "the drive took the command but says its "
			    "cache is %s; it was told to turn it back on and says it is", now ==
			    DC_TRI_YES ? "still on" : "in an unknown state");
		else
			say(out->why, sizeof(out->why), "the drive took the command but says its "
			    "cache is %s; %s", now == DC_TRI_YES ? "still on" : "in an unknown state",
			    after);
		return;
	}

	/* 3. The same probe, with the cache off. A signal stops it early: still restore. */
	rc = env->probe(dev, env->probe_opts, &out->probe);
	if (rc || out->probe.mode == DC_PROBE_NOT_RUN)
		say(buf, sizeof(buf), "the probe with the cache off did not finish (%s)",
		    out->probe.skipped[0] ? out->probe.skipped : strerror(rc < 0 ? -rc : EIO));
	else
		buf[0] = '\0';

	/* 4. Cache on again, as it was found. */
	if (!restore(env, dev, drive, out, after, sizeof(after))) {
		out->state = DC_TRIAL_FAILED;
		say(out->why, sizeof(out->why), "%s%s%s", buf, buf[0] ? "; " : "", after);
		return;
	}
	out->state = buf[0] ? DC_TRIAL_FAILED : DC_TRIAL_DONE;
	/* 5. Did anyone open the disk meanwhile? The user should know. */
	if (env->users_now)
		env->users_now(dev, who, sizeof(who));
	say(out->why, sizeof(out->why), "%s%s%s%s%s%s", buf, buf[0] && after[0] ? "; " : "", after,
	    (buf[0] || after[0]) && who[0] ? "; " : "", who[0] ? "opened meanwhile by " : "", who);
}

int dc_cache_restore(const struct dc_trial_env *env, const struct dc_dev *dev,
		     const struct dc_drive *drive, const struct dc_cache_left *left, char *msg,
		     size_t len)
{
	struct dc_cache_trial t;
	char why[256] = "";

	if (!left->found) {
		say(msg, len, "%s: no record under %s that drivecheck turned its cache off; "
		    "nothing was changed (drivecheck turns on only a cache it turned off)",
		    dev->path, env->state_dir);
		return -ENOENT;
	}
	if (!env->set_cache) {
		say(msg, len, "%s: no command set to switch the cache of a %s device", dev->path,
		    dc_transport_name(dev->transport));
		return -EOPNOTSUPP;
	}
	memset(&t, 0, sizeof(t));
	if (!restore(env, dev, drive, &t, why, sizeof(why))) {
		say(msg, len, "%s: %s", dev->path, why);
		return -EIO;
	}
	say(msg, len, "%s: volatile write cache on again (it was turned off%s%s); record %s "
	    "removed%s%s", dev->path, left->since[0] ? " at " : "", left->since, left->record,
	    why[0] ? "; " : "", why);
	return 0;
}
