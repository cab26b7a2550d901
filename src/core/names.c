// SPDX-License-Identifier: GPL-2.0-or-later
/* names.c - the names of drivecheck's enums, so renderers need no decision module to print one. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/names.h"
#include "core/io_status.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Looks a name up in a table indexed by enum value; -1 when absent. */
static int index_of(const char *const *names, size_t n, const char *name)
{
	for (size_t i = 0; name && i < n; i++)
		if (names[i] && strcmp(names[i], name) == 0)
			return (int)i;
	return -1;
}

static const char *name_at(const char *const *names, size_t n, unsigned i, const char *dflt)
{
	return i < n && names[i] ? names[i] : dflt;
}

const char *dc_tri_name(enum dc_tri t)
{
	return t == DC_TRI_YES ? "yes" : t == DC_TRI_NO ? "no" : "unknown";
}

static const char *const ev_kind_names[] = {
	[DC_EV_INFO] = "info",
	[DC_EV_PLP] = "plp",
	[DC_EV_PLP_FAILED] = "plp-failed",
	[DC_EV_PLP_DEGRADED] = "plp-degraded",
	[DC_EV_NO_VWC] = "no-volatile-cache",
	[DC_EV_HINT] = "hint",
	[DC_EV_AGAINST] = "against",
};

const char *dc_ev_kind_name(enum dc_ev_kind k)
{
	return name_at(ev_kind_names, COUNT(ev_kind_names), (unsigned)k, "info");
}

int dc_ev_kind_from_name(const char *name, enum dc_ev_kind *out)
{
	int i = index_of(ev_kind_names, COUNT(ev_kind_names), name);

	if (i < 0)
		return -EINVAL;
	*out = (enum dc_ev_kind)i;
	return 0;
}

static const char *const plp_names[] = {
	[DC_PLP_UNKNOWN] = "unknown",
	[DC_PLP_NONE] = "none",
	[DC_PLP_DATA_AT_REST] = "data-at-rest",
	[DC_PLP_AT_LEAST_DATA_AT_REST] = "at-least-data-at-rest",
	[DC_PLP_FULL] = "full",
};

const char *dc_plp_name(enum dc_plp_class plp)
{
	return name_at(plp_names, COUNT(plp_names), (unsigned)plp, "unknown");
}

/* The table's PLP column is 12 wide: one class needs a shorter spelling there. */
const char *dc_plp_short_name(enum dc_plp_class plp)
{
	return plp == DC_PLP_AT_LEAST_DATA_AT_REST ? ">=at-rest" : dc_plp_name(plp);
}

static const char *const source_kind_names[] = {
	[DC_SRC_NONE] = "none",
	[DC_SRC_COMMUNITY] = "community",
	[DC_SRC_DISTRIBUTOR] = "distributor",
	[DC_SRC_COMPILATION] = "compilation",
	[DC_SRC_REVIEW] = "review",
	[DC_SRC_DEVICE] = "device",
	[DC_SRC_VENDOR] = "vendor",
	[DC_SRC_MEASURED] = "measured",
};

const char *dc_source_kind_name(enum dc_source_kind k)
{
	return name_at(source_kind_names, COUNT(source_kind_names), (unsigned)k, "none");
}

int dc_source_kind_from_name(const char *name, enum dc_source_kind *out)
{
	int i = index_of(source_kind_names, COUNT(source_kind_names), name);

	if (i < 0)
		return -EINVAL;
	*out = (enum dc_source_kind)i;
	return 0;
}

static const char *const claim_names[] = {
	[DC_CLAIM_IDENTITY] = "identity",
	[DC_CLAIM_ENDURANCE] = "endurance",
	[DC_CLAIM_CLIENT_LINE] = "client-line",
	[DC_CLAIM_NOT_LISTED] = "not-listed",
	[DC_CLAIM_NONE] = "none",
	[DC_CLAIM_INFERRED_NONE] = "inferred-none",
	[DC_CLAIM_DATA_AT_REST] = "data-at-rest",
	[DC_CLAIM_AT_LEAST_DATA_AT_REST] = "at-least-data-at-rest",
	[DC_CLAIM_FULL] = "full",
};

const char *dc_claim_name(enum dc_claim c)
{
	return name_at(claim_names, COUNT(claim_names), (unsigned)c, "identity");
}

int dc_claim_from_name(const char *name, enum dc_claim *out)
{
	int i = index_of(claim_names, COUNT(claim_names), name);

	if (i < 0)
		return -EINVAL;
	*out = (enum dc_claim)i;
	return 0;
}

static const char *const flush_speed_names[] = {
	[DC_FLUSH_NOT_MEASURED] = "not-measured",
	[DC_FLUSH_FAST] = "fast",
	[DC_FLUSH_MIDDLING] = "middling",
	[DC_FLUSH_SLOW] = "slow",
};

const char *dc_flush_speed_name(enum dc_flush_speed s)
{
	return name_at(flush_speed_names, COUNT(flush_speed_names), (unsigned)s, "not-measured");
}

int dc_flush_speed_from_name(const char *name, enum dc_flush_speed *out)
{
	int i = index_of(flush_speed_names, COUNT(flush_speed_names), name);

	if (i < 0)
		return -EINVAL;
	*out = (enum dc_flush_speed)i;
	return 0;
}


static const char *const confidence_names[] = {
	[DC_CONF_LOW] = "low",
	[DC_CONF_MEDIUM] = "medium",
	[DC_CONF_HIGH] = "high",
};

const char *dc_confidence_name(enum dc_confidence c)
{
	return name_at(confidence_names, COUNT(confidence_names), (unsigned)c, "low");
}

int dc_confidence_from_name(const char *name, enum dc_confidence *out)
{
	int i = index_of(confidence_names, COUNT(confidence_names), name);

	if (i < 0)
		return -EINVAL;
	*out = (enum dc_confidence)i;
	return 0;
}

static const char *const trial_state_names[] = {
	[DC_TRIAL_NOT_ASKED] = "not-asked",
	[DC_TRIAL_SKIPPED] = "skipped",
	[DC_TRIAL_DONE] = "done",
	[DC_TRIAL_FAILED] = "failed",
};

const char *dc_trial_state_name(enum dc_trial_state s)
{
	return name_at(trial_state_names, COUNT(trial_state_names), (unsigned)s, "not-asked");
}

int dc_trial_state_from_name(const char *name, enum dc_trial_state *out)
{
	int i = index_of(trial_state_names, COUNT(trial_state_names), name);

	if (i < 0)
		return -EINVAL;
	*out = (enum dc_trial_state)i;
	return 0;
}

int dc_plp_from_name(const char *name, enum dc_plp_class *out)
{
	int i = index_of(plp_names, COUNT(plp_names), name);

	if (i < 0)
		return -EINVAL;
	*out = (enum dc_plp_class)i;
	return 0;
}

const char *dc_kcache_name(enum dc_kernel_cache c)
{
	switch (c) {
	case DC_KCACHE_WRITE_BACK: return "write back";
	case DC_KCACHE_WRITE_THROUGH: return "write through";
	case DC_KCACHE_UNKNOWN: break;
	}
	return "";
}

enum dc_kernel_cache dc_kcache_from_text(const char *text)
{
	if (text && strcmp(text, "write back") == 0)
		return DC_KCACHE_WRITE_BACK;
	if (text && strcmp(text, "write through") == 0)
		return DC_KCACHE_WRITE_THROUGH;
	return DC_KCACHE_UNKNOWN;
}

static const char *const status_names[] = {
	[DC_PASS] = "pass",
	[DC_WARN] = "warn",
	[DC_FAIL] = "fail",
	[DC_NOT_CHECKED] = "not-checked",
};

const char *dc_status_name(enum dc_status s)
{
	return name_at(status_names, COUNT(status_names), (unsigned)s, "not-checked");
}

int dc_status_from_name(const char *name, enum dc_status *out)
{
	int i = index_of(status_names, COUNT(status_names), name);

	if (i < 0)
		return -EINVAL;
	*out = (enum dc_status)i;
	return 0;
}

static const struct {
	const char *json;
	const char *cli;
} roles[DC_ROLE_COUNT] = {
	[DC_ROLE_CEPH_OSD] = { "ceph_osd", "ceph-osd" },
	[DC_ROLE_CEPH_DB] = { "ceph_db", "ceph-db" },
	[DC_ROLE_DRBD] = { "drbd", "drbd" },
	[DC_ROLE_ZFS_SLOG] = { "zfs_slog", "zfs-slog" },
	[DC_ROLE_ETCD] = { "etcd", "etcd" },
};

const char *dc_role_name(enum dc_role role)
{
	return (unsigned)role < DC_ROLE_COUNT ? roles[role].json : "?";
}

const char *dc_role_cli_name(enum dc_role role)
{
	return (unsigned)role < DC_ROLE_COUNT ? roles[role].cli : "?";
}

int dc_role_from_name(const char *name, enum dc_role *out)
{
	for (unsigned i = 0; name && i < DC_ROLE_COUNT; i++) {
		if (strcmp(name, roles[i].json) == 0 || strcmp(name, roles[i].cli) == 0) {
			*out = (enum dc_role)i;
			return 0;
		}
	}
	return -EINVAL;
}

static const char *const format_names[DC_IMPORT_FORMAT_COUNT] = {
	[DC_IMPORT_UNKNOWN]        = "unknown",
	[DC_IMPORT_SMARTCTL_TEXT]  = "smartctl text",
	[DC_IMPORT_SMARTCTL_JSON]  = "smartctl json",
	[DC_IMPORT_NVME_ID_CTRL]   = "nvme id-ctrl json",
	[DC_IMPORT_NVME_ID_NS]     = "nvme id-ns json",
	[DC_IMPORT_NVME_SMART_LOG] = "nvme smart-log json",
	[DC_IMPORT_NVME_FEATURE]   = "nvme get-feature",
	[DC_IMPORT_NVME_LIST]      = "nvme list json",
	[DC_IMPORT_FIO]            = "fio json",
	[DC_IMPORT_CEPH_DEVICE_LS] = "ceph device ls",
	[DC_IMPORT_CEPH_HEALTH_METRICS] = "ceph get-health-metrics",
	[DC_IMPORT_CEPH_DAEMON_QUERY] = "ceph query-daemon-health-metrics",
};

const char *dc_import_format_name(enum dc_import_format f)
{
	return name_at(format_names, COUNT(format_names), (unsigned)f, "unknown");
}

static const char *const health_names[] = {
	[DC_HEALTH_UNKNOWN] = "unknown",
	[DC_HEALTH_OK] = "ok",
	[DC_HEALTH_WARNING] = "warning",
	[DC_HEALTH_FAILING] = "failing",
};

const char *dc_health_status_name(enum dc_health_status s)
{
	return name_at(health_names, COUNT(health_names), (unsigned)s, "unknown");
}

int dc_health_status_from_name(const char *name, enum dc_health_status *out)
{
	int i = index_of(health_names, COUNT(health_names), name);

	if (i < 0)
		return -EINVAL;
	*out = (enum dc_health_status)i;
	return 0;
}

static const char *const health_kind_names[] = {
	[DC_HP_SELF_ASSESSMENT] = "self-assessment",
	[DC_HP_ATTRIBUTE] = "attribute",
	[DC_HP_NVME_WARNING] = "nvme-critical-warning",
	[DC_HP_ENDURANCE_EXCEEDED] = "endurance-exceeded",
	[DC_HP_SCSI_EXCEPTION] = "scsi-exception",
};

const char *dc_health_kind_name(enum dc_health_kind k)
{
	return name_at(health_kind_names, COUNT(health_kind_names), (unsigned)k, "?");
}

/* ---- firmware advisories (issue 22) ---- */

static const char *const adv_effect_names[] = {
	[DC_ADV_DATA_LOSS] = "data-loss",
	[DC_ADV_DRIVE_LOSS] = "drive-loss",
	[DC_ADV_HANG] = "hang",
	[DC_ADV_PERFORMANCE] = "performance",
	[DC_ADV_OTHER] = "other",
};

const char *dc_adv_effect_name(enum dc_adv_effect e)
{
	return name_at(adv_effect_names, COUNT(adv_effect_names), (unsigned)e, "other");
}

int dc_adv_effect_from_name(const char *name, enum dc_adv_effect *out)
{
	int i = index_of(adv_effect_names, COUNT(adv_effect_names), name);

	if (i < 0)
		return -EINVAL;
	*out = (enum dc_adv_effect)i;
	return 0;
}

static const char *const adv_claim_names[] = {
	[DC_ADV_CLAIM_IDENTITY] = "identity",
	[DC_ADV_CLAIM_REPORT] = "report",
	[DC_ADV_CLAIM_CITES_BULLETIN] = "cites-bulletin",
	[DC_ADV_CLAIM_BULLETIN] = "bulletin",
};

const char *dc_adv_claim_name(enum dc_adv_claim c)
{
	return name_at(adv_claim_names, COUNT(adv_claim_names), (unsigned)c, "identity");
}

int dc_adv_claim_from_name(const char *name, enum dc_adv_claim *out)
{
	int i = index_of(adv_claim_names, COUNT(adv_claim_names), name);

	if (i < 0)
		return -EINVAL;
	*out = (enum dc_adv_claim)i;
	return 0;
}

static const char *const adv_match_names[] = {
	[DC_ADV_NO_MATCH] = "no-match",
	[DC_ADV_AFFECTED] = "affected",
	[DC_ADV_FIRMWARE_UNKNOWN] = "firmware-unknown",
	[DC_ADV_NOT_AFFECTED] = "not-affected",
};

const char *dc_adv_match_name(enum dc_adv_match m)
{
	return name_at(adv_match_names, COUNT(adv_match_names), (unsigned)m, "no-match");
}

/*
 * Years of endurance left, as people read them: tenths under ten years, whole years to a
 * hundred, and past that only "more than 100 years" (a drive that barely writes would
 * otherwise last "3785.1 more years", which says nothing the rating can back). A lower
 * bound is said as one ("at least"), an estimate as one ("about").
 */
void dc_years_text(double years, bool at_least, char *buf, size_t len)
{
	const char *how = at_least ? "at least" : "about";

	if (years > 100)
		snprintf(buf, len, "more than 100 years");
	else if (years >= 10)
		snprintf(buf, len, "%s %.0f more years", how, years);
	else
		snprintf(buf, len, "%s %.1f more year%s", how, years, years == 1.0 ? "" : "s");
}

/* ---- tables for readers and writers that share them (names.h) ---- */

const char *dc_enum_name(const struct dc_enum_names *t, int value, const char *dflt)
{
	long i = (long)value - t->first;

	return i >= 0 && i < (long)t->count && t->names[i] ? t->names[i] : dflt;
}

int dc_enum_from_name(const struct dc_enum_names *t, const char *name, int *value)
{
	int i = index_of(t->names, t->count, name);

	if (i < 0)
		return -EINVAL;
	*value = t->first + i;
	return 0;
}

static const char *const tri_names[] = { "unknown", "no", "yes" }; /* from DC_TRI_UNKNOWN */
const struct dc_enum_names dc_tri_names = { "answer", tri_names, DC_TRI_UNKNOWN,
					    COUNT(tri_names) };

static const char *const probe_mode_names[] = {
	[DC_PROBE_NOT_RUN] = "not-run",
	[DC_PROBE_FILE] = "file",
	[DC_PROBE_RAW] = "raw",
};
const struct dc_enum_names dc_probe_mode_names = { "probe mode", probe_mode_names, 0,
						   COUNT(probe_mode_names) };

static const char *const kcache_names[] = {
	[DC_KCACHE_UNKNOWN] = "",
	[DC_KCACHE_WRITE_BACK] = "write back",
	[DC_KCACHE_WRITE_THROUGH] = "write through",
};
const struct dc_enum_names dc_kcache_names = { "kernel write cache", kcache_names, 0,
					       COUNT(kcache_names) };

static const char *const io_kind_names[] = {
	[DC_IO_OK] = "ok",
	[DC_IO_ERRNO] = "errno",
	[DC_IO_NVME] = "nvme-status",
	[DC_IO_SCSI] = "scsi",
	[DC_IO_NOT_IN_INPUT] = "not-in-input",
};
const struct dc_enum_names dc_io_kind_names = { "page result", io_kind_names, 0,
					       COUNT(io_kind_names) };

static const char *const years_basis_names[] = {
	[DC_YEARS_NONE] = NULL,
	[DC_YEARS_WEAR_BOUND] = "wear-indicator-bound",
	[DC_YEARS_RATED_TBW] = "rated-tbw-estimate",
	[DC_YEARS_WEAR_HISTORY] = "wear-history-bound",
	[DC_YEARS_OBSERVED] = "observed-estimate",
};
const struct dc_enum_names dc_years_basis_names = { "years-left basis", years_basis_names, 0,
						    COUNT(years_basis_names) };

/* By bit: DC_UNMEASURED_FLUSH is bit 0. */
static const char *const unmeasured_names[DC_UNMEASURED_KINDS] = { "flush-cost", "health" };
const struct dc_enum_names dc_unmeasured_names = { "unmeasured", unmeasured_names, 0,
						   COUNT(unmeasured_names) };
