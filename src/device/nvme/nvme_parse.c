// SPDX-License-Identifier: GPL-2.0-or-later
/* nvme_parse.c - NVMe identify, features, SMART and OCP pages to facts. Pure. */
#include <endian.h>
#include <stdio.h>
#include <string.h>

#include <nvme/types.h>

#include "core/drive.h"
#include "thresholds.h"
#include "core/raw.h"
#include "device/protocol.h"

/* OCP Datacenter NVMe SSD spec, log 0xC0 "SMART / Health Information Extended". */
#define OCP_C0_LEN             512
#define OCP_C0_CAP_HEALTH      128 /* 2 bytes: capacitor health, percent */
#define OCP_C0_PLP_START_COUNT 160 /* 16 bytes */
#define OCP_C0_GUID            496 /* 16 bytes */
static const uint8_t ocp_c0_guid[16] = {
	0xC5, 0xAF, 0x10, 0x28, 0xEA, 0xBF, 0xF2, 0xA4,
	0x9C, 0x4F, 0x6F, 0x7C, 0xC9, 0x14, 0xD5, 0xAF,
};

/* A page of one repeated byte (all zero, all 0xFF) is what a failed or faked command
 * returns, not an answer: its bits must not become facts. */
static bool page_is_blank(const uint8_t *p, size_t len)
{
	for (size_t i = 1; i < len; i++)
		if (p[i] != p[0])
			return false;
	return p[0] == 0x00 || p[0] == 0xFF;
}

static void parse_id_ctrl(const struct dc_raw *raw, struct dc_drive *d)
{
	const struct nvme_id_ctrl *id;
	char why[DC_TEXT_LEN];

	id = (const void *)dc_raw_get(raw, DC_PG_NVME_ID_CTRL, sizeof(*id));
	if (!id) {
		dc_drive_page_error(d, raw, DC_PG_NVME_ID_CTRL, "nvme identify controller");
		return;
	}
	/* No model and no serial: a blank page, whatever else it holds. Its VWC byte
	 * would claim "no volatile cache", the unsafe direction to be wrong in. */
	if (page_is_blank((const uint8_t *)id, sizeof(*id)) ||
	    page_is_blank((const uint8_t *)id->mn, sizeof(id->mn)) ||
	    (id->mn[0] == ' ' && page_is_blank((const uint8_t *)id->sn, sizeof(id->sn)))) {
		dc_drive_add_error(d, "nvme identify controller: blank page (no model): not trusted");
		return;
	}
	dc_copy_ascii(d->model, sizeof(d->model), (const uint8_t *)id->mn, sizeof(id->mn));
	dc_copy_ascii(d->serial, sizeof(d->serial), (const uint8_t *)id->sn, sizeof(id->sn));
	dc_copy_ascii(d->firmware, sizeof(d->firmware), (const uint8_t *)id->fr, sizeof(id->fr));
	if (d->model[0])
		snprintf(d->identity_source, sizeof(d->identity_source), "nvme identify-ctrl");

	/* An imported page may lack the VWC byte: its zero there would claim "no volatile
	 * cache", the unsafe direction to be wrong in. */
	if (dc_raw_lacks(raw, DC_PG_NVME_ID_CTRL ".vwc", why, sizeof(why))) {
		snprintf(d->cache_source, sizeof(d->cache_source), "not in the input");
		dc_drive_add_error(d, "volatile write cache (nvme VWC): not in the input (%s)", why);
		return;
	}
	/* Bit 0 only: bits 2:1 describe flush with NSID=FFFFFFFFh (PM9A3 reports 0x6). */
	d->cache_present = (id->vwc & NVME_CTRL_VWC_PRESENT) ? DC_TRI_YES : DC_TRI_NO;
	snprintf(d->cache_source, sizeof(d->cache_source), "nvme identify-ctrl VWC");
	if (d->cache_present == DC_TRI_NO) {
		d->cache_enabled = DC_TRI_NO;
		dc_drive_add_evidence(d, DC_EV_NO_VWC, "nvme identify-ctrl", "VWC bit 0",
				      "0: no volatile write cache (vwc=0x%02x)", id->vwc);
	} else {
		dc_drive_add_evidence(d, DC_EV_INFO, "nvme identify-ctrl", "VWC bit 0",
				      "1: volatile write cache present (vwc=0x%02x)", id->vwc);
	}
	if (le16toh(id->awupf) && !dc_raw_lacks(raw, DC_PG_NVME_ID_CTRL ".awupf", why, sizeof(why)))
		dc_drive_add_evidence(d, DC_EV_HINT, "nvme identify-ctrl", "AWUPF",
				      "%u blocks written atomically on power fail",
				      le16toh(id->awupf) + 1u);
}

static void parse_id_ns(const struct dc_raw *raw, struct dc_drive *d)
{
	const struct nvme_id_ns *ns = (const void *)dc_raw_get(raw, DC_PG_NVME_ID_NS, sizeof(*ns));

	if (!ns) {
		dc_drive_page_error(d, raw, DC_PG_NVME_ID_NS, "nvme identify namespace");
		return;
	}
	if ((ns->nsfeat & NVME_NS_FEAT_NATOMIC) && le16toh(ns->nawupf))
		dc_drive_add_evidence(d, DC_EV_HINT, "nvme identify-ns", "NAWUPF",
				      "%u blocks written atomically on power fail",
				      le16toh(ns->nawupf) + 1u);
}

static void parse_features(const struct dc_raw *raw, struct dc_drive *d)
{
	const uint8_t *cur = dc_raw_get(raw, DC_PG_NVME_FEAT_VWC, 4);
	const uint8_t *cap = dc_raw_get(raw, DC_PG_NVME_FEAT_VWC_CAP, 4);

	if (d->cache_present == DC_TRI_NO)
		return; /* no cache: the feature is meaningless (and often refused) */
	if (!cur) {
		dc_drive_page_error(d, raw, DC_PG_NVME_FEAT_VWC, "nvme get-feature 0x06");
		return;
	}
	d->cache_enabled = (dc_le_uint(cur, 4) & 1) ? DC_TRI_YES : DC_TRI_NO;
	snprintf(d->cache_source, sizeof(d->cache_source), "nvme identify-ctrl VWC, feature 0x06");
	if (cap)
		dc_drive_add_evidence(d, DC_EV_INFO, "nvme get-feature 0x06", "capabilities",
				      "%s", (dc_le_uint(cap, 4) & 0x4) ? "changeable"
								     : "not changeable");
}

/* The whole log as the drive gave it, for -v, JSON and the comparison with nvme-cli. */
static void keep_health(const struct nvme_smart_log *s, struct dc_drive *d)
{
	struct dc_nvme_health *h = &d->smart.nvme;

	d->smart.have_nvme_health = true;
	h->critical_warning = s->critical_warning;
	h->temperature_k = (unsigned)dc_le_uint(s->temperature, 2);
	h->available_spare = s->avail_spare;
	h->spare_threshold = s->spare_thresh;
	h->percent_used = s->percent_used;
	h->data_units_read = dc_le_uint(s->data_units_read, 16);
	h->data_units_written = dc_le_uint(s->data_units_written, 16);
	h->host_reads = dc_le_uint(s->host_reads, 16);
	h->host_writes = dc_le_uint(s->host_writes, 16);
	h->controller_busy_minutes = dc_le_uint(s->ctrl_busy_time, 16);
	h->power_cycles = dc_le_uint(s->power_cycles, 16);
	h->power_on_hours = dc_le_uint(s->power_on_hours, 16);
	h->unsafe_shutdowns = dc_le_uint(s->unsafe_shutdowns, 16);
	h->media_errors = dc_le_uint(s->media_errors, 16);
	h->error_log_entries = dc_le_uint(s->num_err_log_entries, 16);
	h->warning_temp_minutes = le32toh(s->warning_temp_time);
	h->critical_temp_minutes = le32toh(s->critical_comp_time);
	/* 0 K means "not reported"; anything past 200 C is not a working drive's. */
	if (h->temperature_k > 0 && h->temperature_k < 473) {
		d->smart.have_temperature = true;
		d->smart.temperature_c = (int)h->temperature_k - 273;
	}
}

static void parse_smart(const struct dc_raw *raw, struct dc_drive *d)
{
	const struct nvme_smart_log *s;

	s = (const void *)dc_raw_get(raw, DC_PG_NVME_LOG_SMART, sizeof(*s));
	if (!s) {
		dc_drive_page_error(d, raw, DC_PG_NVME_LOG_SMART, "nvme smart log");
		return;
	}
	/* A live controller's log always holds its temperature: one repeated byte, zero
	 * included, is a failed or faked command. */
	if (page_is_blank((const uint8_t *)s, sizeof(*s))) {
		dc_drive_add_error(d, "nvme smart log: every byte 0x%02x: not trusted",
				   s->critical_warning);
		return;
	}
	keep_health(s, d);
	if (s->critical_warning & NVME_SMART_CRIT_VOLATILE_MEMORY)
		dc_drive_add_evidence(d, DC_EV_PLP_FAILED, "nvme smart log", "critical warning bit 4",
				      "volatile memory backup device has failed");
	/* "Percentage used" may pass 100 (up to 255) once the rated endurance is spent. */
	d->wear.have_percent_used = true;
	d->wear.percent_used = s->percent_used;
	d->wear.host_written_bytes = dc_le_uint(s->data_units_written, 16);
	/* Data units are thousands of 512-byte units. A count past 64 bits in bytes
	 * (over 9 million TB) is not a real drive's: say so rather than print it. */
	if (d->wear.host_written_bytes <= UINT64_MAX / 512000) {
		d->wear.host_written_bytes *= 512000;
		d->wear.have_written = true;
	} else {
		dc_drive_add_error(d, "nvme smart log: data units written too large to be real");
	}
	d->wear.power_on_hours = dc_le_uint(s->power_on_hours, 16);
	d->wear.have_power_on = d->wear.power_on_hours != UINT64_MAX;
	d->wear.unsafe_shutdowns = dc_le_uint(s->unsafe_shutdowns, 16);
	d->wear.have_unsafe_shutdowns = d->wear.unsafe_shutdowns != UINT64_MAX;
	d->wear.media_errors = dc_le_uint(s->media_errors, 16);
	d->wear.have_media_errors = d->wear.media_errors != UINT64_MAX;
	if (!d->wear.have_power_on || !d->wear.have_unsafe_shutdowns || !d->wear.have_media_errors)
		dc_drive_add_error(d, "nvme smart log: a counter exceeds 64 bits: not shown");
	for (unsigned i = 0; i < DC_WEAR_NFIGURES; i++)
		d->wear.from[i] = (struct dc_wear_source){ DC_WEAR_FROM_NVME_SMART, 0 };
	if (!d->wear.have_written)
		d->wear.from[DC_WEAR_WRITTEN].from = DC_WEAR_FROM_NONE;
	if (!d->wear.have_power_on)
		d->wear.from[DC_WEAR_POWER_ON].from = DC_WEAR_FROM_NONE;
	if (!d->wear.have_unsafe_shutdowns)
		d->wear.from[DC_WEAR_UNSAFE_SHUTDOWNS].from = DC_WEAR_FROM_NONE;
	if (!d->wear.have_media_errors)
		d->wear.from[DC_WEAR_MEDIA_ERRORS].from = DC_WEAR_FROM_NONE;
}

static void parse_ocp_c0(const struct dc_raw *raw, struct dc_drive *d)
{
	const uint8_t *p = dc_raw_get(raw, DC_PG_NVME_LOG_C0, OCP_C0_LEN);
	uint64_t plp_starts;
	unsigned cap;

	/* Most drives refuse 0xC0 or use it for something else: only the GUID counts. */
	if (!p || memcmp(p + OCP_C0_GUID, ocp_c0_guid, sizeof(ocp_c0_guid)) != 0)
		return;
	plp_starts = dc_le_uint(p + OCP_C0_PLP_START_COUNT, 16);
	cap = (unsigned)dc_le_uint(p + OCP_C0_CAP_HEALTH, 2);
	dc_drive_add_evidence(d, DC_EV_PLP, "nvme log 0xC0 (OCP)", "PLP start count",
			      "%llu (OCP extended SMART log present)",
			      (unsigned long long)plp_starts);
	if (cap == 0xFFFF)
		return; /* not reported */
	if (cap == 0)
		dc_drive_add_evidence(d, DC_EV_PLP_FAILED, "nvme log 0xC0 (OCP)", "capacitor health",
				      "0%%: capacitors failed");
	else if (cap < DC_CAP_HEALTH_WARN_PERCENT)
		dc_drive_add_evidence(d, DC_EV_PLP_DEGRADED, "nvme log 0xC0 (OCP)", "capacitor health",
				      "%u%%: worn (under %u%%)", cap, DC_CAP_HEALTH_WARN_PERCENT);
	else
		dc_drive_add_evidence(d, DC_EV_INFO, "nvme log 0xC0 (OCP)", "capacitor health",
				      "%u%%", cap);
}

int dc_nvme_parse(const struct dc_raw *raw, struct dc_drive *d)
{
	parse_id_ctrl(raw, d);
	parse_id_ns(raw, d);
	parse_features(raw, d);
	parse_smart(raw, d);
	parse_ocp_c0(raw, d);
	return 0;
}
