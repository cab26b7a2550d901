// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * finding_table.c - every finding decide can write, one row each: its name, its group, what
 * its ref is and what each of its figures is, with the unit (finding_table.h). The renderer
 * and the tests read this; a new finding is a code in findings.h and a row here.
 */
#include "core/finding_table.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const struct dc_finding_info rows[DC_FND_COUNT] = {
	[DC_FND_NONE] = { .name = "none", .what = "no finding" },

	/* ---- why S, U or F is what it is: a property's basis ---- */
	[DC_FND_BASIS_NO_EVIDENCE] = {
		.name = "basis-no-evidence", .group = DC_FG_BASIS,
		.what = "no database row (or no sourced class) and no device evidence" },
	[DC_FND_BASIS_DB_FULL] = {
		.name = "basis-db-full", .group = DC_FG_BASIS,
		.what = "the database row says full PLP" },
	[DC_FND_BASIS_DB_DAR_S] = {
		.name = "basis-db-dar-s", .group = DC_FG_BASIS,
		.what = "data at rest: flushed data is protected" },
	[DC_FND_BASIS_DB_DAR_U] = {
		.name = "basis-db-dar-u", .group = DC_FG_BASIS,
		.what = "data at rest: the volatile cache is not" },
	[DC_FND_BASIS_DB_ALDAR_S] = {
		.name = "basis-db-aldar-s", .group = DC_FG_BASIS,
		.what = "at least data at rest: flushed data is protected" },
	[DC_FND_BASIS_DB_ALDAR_U] = {
		.name = "basis-db-aldar-u", .group = DC_FG_BASIS,
		.what = "at least data at rest: no source says of in-flight data" },
	[DC_FND_BASIS_DB_NONE] = {
		.name = "basis-db-none", .group = DC_FG_BASIS,
		.what = "the row says no PLP (stated or inferred)" },
	[DC_FND_BASIS_PLP_FAILED] = {
		.name = "basis-plp-failed", .group = DC_FG_BASIS, .ref = DC_REF_EVIDENCE,
		.what = "the drive's evidence that its PLP has failed" },
	[DC_FND_BASIS_DEVICE_PLP] = {
		.name = "basis-device-plp", .group = DC_FG_BASIS, .ref = DC_REF_EVIDENCE,
		.what = "the drive's own PLP evidence" },
	[DC_FND_BASIS_NO_VWC] = {
		.name = "basis-no-vwc", .group = DC_FG_BASIS, .ref = DC_REF_EVIDENCE,
		.what = "the drive's evidence that it declares no volatile write cache" },
	[DC_FND_BASIS_PROBE_NOT_RUN] = {
		.name = "basis-probe-not-run", .group = DC_FG_BASIS,
		.what = "F: the probe did not run (its reason is the probe's)" },
	[DC_FND_BASIS_WT_UNTIMED] = {
		.name = "basis-wt-untimed", .group = DC_FG_BASIS,
		.what = "F: write through and no U, so no durable write was timed",
		.n = { "p50 timed, us" } },
	[DC_FND_BASIS_FLUSH_ONLY] = {
		.name = "basis-flush-only", .group = DC_FG_BASIS,
		.what = "F from the flush alone",
		.n = { "fdatasync p50, us", "fast bound, us", "slow bound, us" } },
	[DC_FND_BASIS_BOTH_WAYS] = {
		.name = "basis-both-ways", .group = DC_FG_BASIS,
		.what = "F from both ways a durable write is asked for",
		.n = { "RWF_DSYNC p50, us", "fdatasync p50, us", "fast bound, us", "slow bound, us" } },

	/* ---- what decide adds to the evidence ---- */
	[DC_FND_EV_DB_NO_ROW] = {
		.name = "ev-db-no-row", .group = DC_FG_EVIDENCE,
		.what = "no database row for the drive's model" },
	[DC_FND_EV_DB_NO_MODEL] = {
		.name = "ev-db-no-model", .group = DC_FG_EVIDENCE,
		.what = "the drive gave no model string" },
	[DC_FND_EV_DB_CLASS] = {
		.name = "ev-db-class", .group = DC_FG_EVIDENCE,
		.what = "the row's class, family and pattern" },
	[DC_FND_EV_DB_SOURCE] = {
		.name = "ev-db-source", .group = DC_FG_EVIDENCE,
		.what = "the row's strongest source" },
	[DC_FND_EV_PLP_FAILED] = {
		.name = "ev-plp-failed", .group = DC_FG_EVIDENCE,
		.what = "the drive says its PLP has failed" },
	[DC_FND_EV_DEVICE_PLP_VS_DB] = {
		.name = "ev-device-plp-vs-db", .group = DC_FG_EVIDENCE,
		.what = "the drive shows PLP; the row says none or data at rest" },
	[DC_FND_EV_NO_VWC_VS_DB] = {
		.name = "ev-no-vwc-vs-db", .group = DC_FG_EVIDENCE,
		.what = "the drive declares no volatile cache; the row says none or data at rest" },
	[DC_FND_EV_PLP_DEGRADED] = {
		.name = "ev-plp-degraded", .group = DC_FG_EVIDENCE, .ref = DC_REF_EVIDENCE,
		.what = "the drive's evidence that its PLP is degraded" },
	[DC_FND_EV_MODES_DISAGREE] = {
		.name = "ev-modes-disagree", .group = DC_FG_EVIDENCE,
		.what = "FUA and flush far apart",
		.n = { "RWF_DSYNC p50, us", "fdatasync p50, us" } },
	[DC_FND_EV_PROBE_UNTIMED] = {
		.name = "ev-probe-untimed", .group = DC_FG_EVIDENCE,
		.what = "write through: no flush was sent, nothing durable timed",
		.n = { "p50, us" } },
	[DC_FND_EV_PROBE_FAST] = {
		.name = "ev-probe-fast", .group = DC_FG_EVIDENCE,
		.what = "fast flushes: consistent with PLP, no proof",
		.n = { "p50, us" } },
	[DC_FND_EV_FAST_WITHOUT_PLP] = {
		.name = "ev-fast-without-plp", .group = DC_FG_EVIDENCE,
		.what = "fast flushes on a drive whose class has no PLP" },
	[DC_FND_EV_PROBE_SLOW] = {
		.name = "ev-probe-slow", .group = DC_FG_EVIDENCE,
		.what = "slow flushes",
		.n = { "p50, us", "slow bound, us" } },
	[DC_FND_EV_SLOW_WITH_PLP] = {
		.name = "ev-slow-with-plp", .group = DC_FG_EVIDENCE,
		.what = "a PLP drive that flushes slowly",
		.n = { "p50, us" } },
	[DC_FND_EV_NO_VWC_SLOW] = {
		.name = "ev-no-vwc-slow", .group = DC_FG_EVIDENCE,
		.what = "no volatile cache, and slow: writes go to the media" },
	[DC_FND_EV_PROBE_MIDDLING] = {
		.name = "ev-probe-middling", .group = DC_FG_EVIDENCE,
		.what = "flushes between the bounds",
		.n = { "p50, us", "fast bound, us", "slow bound, us" } },

	/* ---- a verdict's reasons, each with the status it weighs ---- */
	[DC_FND_HEALTH_FAILING] = {
		.name = "health-failing", .group = DC_FG_REASON,
		.what = "the drive says it is failing (its first problem, and how many more)" },
	[DC_FND_HEALTH_WARNING] = {
		.name = "health-warning", .group = DC_FG_REASON,
		.what = "the drive reports a lesser problem" },
	[DC_FND_HEALTH_NOT_READ] = {
		.name = "health-not-read", .group = DC_FG_REASON,
		.what = "a drive that has a health verdict gave none here" },
	[DC_FND_FIRMWARE] = {
		.name = "firmware", .group = DC_FG_REASON, .ref = DC_REF_ADVISORY,
		.what = "a known firmware defect hits the drive" },
	[DC_FND_PLP_FAILED] = {
		.name = "plp-failed", .group = DC_FG_REASON,
		.what = "the drive reports failed PLP" },
	[DC_FND_PLP_DEGRADED] = {
		.name = "plp-degraded", .group = DC_FG_REASON,
		.what = "the drive's PLP is degraded or cannot be judged" },
	[DC_FND_WT_HAZARD] = {
		.name = "wt-hazard", .group = DC_FG_REASON,
		.what = "write through, flushes dropped, U not yes" },
	[DC_FND_WT_NO_VWC] = {
		.name = "wt-no-vwc", .group = DC_FG_REASON,
		.what = "write through is right: no volatile cache" },
	[DC_FND_WT_NVME_RELAYED] = {
		.name = "wt-nvme-relayed", .group = DC_FG_REASON,
		.what = "write through from the nvme driver, identify not read" },
	[DC_FND_WT_WITH_U] = {
		.name = "wt-with-u", .group = DC_FG_REASON,
		.what = "write through, safe because of U" },
	[DC_FND_S_YES] = {
		.name = "s-yes", .group = DC_FG_REASON,
		.what = "S: flushed data survives" },
	[DC_FND_S_NO] = {
		.name = "s-no", .group = DC_FG_REASON,
		.what = "S: no" },
	[DC_FND_S_UNKNOWN] = {
		.name = "s-unknown", .group = DC_FG_REASON,
		.what = "S unknown" },
	[DC_FND_SPEED_NOT_MEASURED] = {
		.name = "speed-not-measured", .group = DC_FG_REASON,
		.what = "F not measured" },
	[DC_FND_SPEED_SLOW_SPINNING] = {
		.name = "speed-slow-spinning", .group = DC_FG_REASON, .ref = DC_REF_WRITE_KIND,
		.what = "slow, as a spinning disk is",
		.n = { "p50, us" } },
	[DC_FND_SPEED_SLOW] = {
		.name = "speed-slow", .group = DC_FG_REASON, .ref = DC_REF_WRITE_KIND,
		.what = "F slow",
		.n = { "p50, us", "slow bound, us" } },
	[DC_FND_SPEED_MIDDLING] = {
		.name = "speed-middling", .group = DC_FG_REASON, .ref = DC_REF_WRITE_KIND,
		.what = "F between the bounds",
		.n = { "p50, us", "fast bound, us" } },
	[DC_FND_SPEED_FAST] = {
		.name = "speed-fast", .group = DC_FG_REASON, .ref = DC_REF_WRITE_KIND,
		.what = "F fast",
		.n = { "p50, us" } },
	[DC_FND_MODES_DISAGREE] = {
		.name = "modes-disagree", .group = DC_FG_REASON,
		.what = "FUA and flush far apart",
		.n = { "RWF_DSYNC p50, us", "fdatasync p50, us" } },
	[DC_FND_WEAR_SPENT] = {
		.name = "wear-spent", .group = DC_FG_REASON,
		.what = "rated endurance spent",
		.n = { "percentage used" } },
	[DC_FND_WEAR_HIGH] = {
		.name = "wear-high", .group = DC_FG_REASON,
		.what = "most of the rated endurance used",
		.n = { "percentage used" } },
	[DC_FND_YEARS_LEFT_FEW] = {
		.name = "years-left-few", .group = DC_FG_REASON, .ref = DC_REF_YEARS_BASIS,
		.what = "rated endurance runs out soon",
		.n = { "years" } },
	[DC_FND_RAID_VOLUME] = {
		.name = "raid-volume", .group = DC_FG_REASON,
		.what = "a RAID controller's volume, not a drive" },
	[DC_FND_UNIDENTIFIED] = {
		.name = "unidentified", .group = DC_FG_REASON,
		.what = "a drive not identified" },
	[DC_FND_OSD_SPINNING] = {
		.name = "osd-spinning", .group = DC_FG_REASON,
		.what = "a spinning disk as OSD data" },
	[DC_FND_DB_SPINNING] = {
		.name = "db-spinning", .group = DC_FG_REASON,
		.what = "a spinning disk as DB/WAL" },
	[DC_FND_DB_LOW_DWPD] = {
		.name = "db-low-dwpd", .group = DC_FG_REASON,
		.what = "a read-intensive rating for a DB/WAL",
		.n = { "rated DWPD", "the least a DB/WAL wants, DWPD" } },
	[DC_FND_DRBD_SPINNING] = {
		.name = "drbd-spinning", .group = DC_FG_REASON,
		.what = "a spinning disk under DRBD" },
	[DC_FND_DRBD_KEEP_FLUSHES] = {
		.name = "drbd-keep-flushes", .group = DC_FG_REASON,
		.what = "DRBD's flushes stay on: no U" },
	[DC_FND_ETCD_NOT_MEASURED] = {
		.name = "etcd-not-measured", .group = DC_FG_REASON,
		.what = "etcd's WAL fdatasync p99 not measured" },
	[DC_FND_ETCD_SLOW] = {
		.name = "etcd-slow", .group = DC_FG_REASON,
		.what = "etcd's WAL fdatasync p99 over its limit",
		.n = { "fdatasync p99, us", "etcd's limit, us" } },
	[DC_FND_ETCD_OK] = {
		.name = "etcd-ok", .group = DC_FG_REASON,
		.what = "etcd's WAL fdatasync p99 within its limit",
		.n = { "fdatasync p99, us", "etcd's limit, us" } },
	[DC_FND_SLOG_SPINNING] = {
		.name = "slog-spinning", .group = DC_FG_REASON,
		.what = "a spinning disk as an SLOG" },
	[DC_FND_SLOG_NEEDS_S] = {
		.name = "slog-needs-s", .group = DC_FG_REASON,
		.what = "an SLOG needs S" },
	[DC_FND_SLOG_LOW_DWPD] = {
		.name = "slog-low-dwpd", .group = DC_FG_REASON,
		.what = "a low rating for an SLOG (a note)",
		.n = { "rated DWPD", "the mixed-use bound, DWPD" } },
	[DC_FND_MEMORY] = {
		.name = "memory", .group = DC_FG_REASON,
		.what = "zram or brd: no role applies" },

	/* ---- advice ---- */
	[DC_FND_ADV_FIRMWARE] = {
		.name = "adv-firmware", .group = DC_FG_ADVICE, .ref = DC_REF_ADVISORY,
		.what = "update the firmware" },
	[DC_FND_ADV_CACHE_OFF_NOW] = {
		.name = "adv-cache-off-now", .group = DC_FG_ADVICE,
		.what = "another drivecheck has the cache off right now" },
	[DC_FND_ADV_CACHE_LEFT_OFF] = {
		.name = "adv-cache-left-off", .group = DC_FG_ADVICE,
		.what = "an earlier run left the cache off" },
	[DC_FND_ADV_TRIAL_FAILED] = {
		.name = "adv-trial-failed", .group = DC_FG_ADVICE,
		.what = "the cache experiment failed" },
	[DC_FND_ADV_KEEP_CACHE_OFF] = {
		.name = "adv-keep-cache-off", .group = DC_FG_ADVICE,
		.what = "keep the volatile cache off: U, and faster so",
		.n = { "p50 cache off, us", "p50 cache on, us" } },
	[DC_FND_ADV_CACHE_OFF_RESULT] = {
		.name = "adv-cache-off-result", .group = DC_FG_ADVICE,
		.what = "what the cache experiment measured",
		.n = { "p50 cache off, us", "p50 cache on, us" } },
	[DC_FND_ADV_TRY_CACHE_OFF] = {
		.name = "adv-try-cache-off", .group = DC_FG_ADVICE,
		.what = "U, cache on, slow or middling flushes: try it off",
		.n = { "p50, us" } },
	[DC_FND_ADV_MAY_TRY_CACHE_OFF] = {
		.name = "adv-may-try-cache-off", .group = DC_FG_ADVICE,
		.what = "U, cache on, flushes not measured" },
	[DC_FND_ADV_DRBD_FLUSHES_OFF] = {
		.name = "adv-drbd-flushes-off", .group = DC_FG_ADVICE,
		.what = "DRBD's flushes may go off: U" },
	[DC_FND_ADV_DRBD_FLUSHES_ON] = {
		.name = "adv-drbd-flushes-on", .group = DC_FG_ADVICE,
		.what = "keep DRBD's flushes on: no U" },
	[DC_FND_ADV_DRBD_FLUSHES_ON_SLOW] = {
		.name = "adv-drbd-flushes-on-slow", .group = DC_FG_ADVICE,
		.what = "keep them on: U, but slow flushes unexplained" },
	[DC_FND_ADV_DRBD_FLUSHES_ON_UNREAD] = {
		.name = "adv-drbd-flushes-on-unread", .group = DC_FG_ADVICE,
		.what = "keep them on: U, but the health was not read" },
	[DC_FND_ADV_WRITE_BACK] = {
		.name = "adv-write-back", .group = DC_FG_ADVICE,
		.what = "set the kernel back to 'write back'" },
	[DC_FND_ADV_YEARS_LEFT] = {
		.name = "adv-years-left", .group = DC_FG_ADVICE, .ref = DC_REF_YEARS_BASIS,
		.what = "years of rated endurance left",
		.n = { "years" } },
	[DC_FND_ADV_REPLACE_FAILING] = {
		.name = "adv-replace-failing", .group = DC_FG_ADVICE,
		.what = "replace it: the drive says it is failing" },
	[DC_FND_ADV_REPLACE_PLP_FAILED] = {
		.name = "adv-replace-plp-failed", .group = DC_FG_ADVICE,
		.what = "replace it: its PLP has failed" },
};

const struct dc_finding_info *dc_finding_info(enum dc_finding_code code)
{
	return (unsigned)code < COUNT(rows) && rows[code].name ? &rows[code] : &rows[DC_FND_NONE];
}

const char *dc_finding_name(enum dc_finding_code code)
{
	return (unsigned)code < COUNT(rows) && rows[code].name ? rows[code].name : "?";
}
