/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * findings.h - what decide concludes, as codes and numbers, never as sentences.
 *
 * A finding names a conclusion (a code), carries the figures it was drawn from (n[]) and,
 * where it rests on one fact among several, which one (ref). What each code's ref and
 * figures are is its row of src/core/finding_table.c, one table for all of them. Everything
 * else it speaks of (the database row, the device, the probe) is in the facts decide was
 * given, and the words are made from both at render time, in one place:
 * src/render/words*.c (docs/architecture.md, "Typed findings").
 */
#ifndef DC_FINDINGS_H
#define DC_FINDINGS_H

enum dc_finding_code {
	DC_FND_NONE = 0,

	/* ---- why S, U or F is what it is (a property's basis) ---- */
	DC_FND_BASIS_NO_EVIDENCE,
	DC_FND_BASIS_DB_FULL,
	DC_FND_BASIS_DB_DAR_S,
	DC_FND_BASIS_DB_DAR_U,
	DC_FND_BASIS_DB_ALDAR_S,
	DC_FND_BASIS_DB_ALDAR_U,
	DC_FND_BASIS_DB_NONE,
	DC_FND_BASIS_PLP_FAILED,
	DC_FND_BASIS_DEVICE_PLP,
	DC_FND_BASIS_NO_VWC,
	DC_FND_BASIS_PROBE_NOT_RUN,
	DC_FND_BASIS_WT_UNTIMED,
	DC_FND_BASIS_FLUSH_ONLY,
	DC_FND_BASIS_BOTH_WAYS,

	/* ---- what decide adds to the evidence ---- */
	DC_FND_EV_DB_NO_ROW,
	DC_FND_EV_DB_NO_MODEL,
	DC_FND_EV_DB_CLASS,
	DC_FND_EV_DB_SOURCE,
	DC_FND_EV_PLP_FAILED,
	DC_FND_EV_DEVICE_PLP_VS_DB,
	DC_FND_EV_NO_VWC_VS_DB,
	DC_FND_EV_PLP_DEGRADED,
	DC_FND_EV_MODES_DISAGREE,
	DC_FND_EV_PROBE_UNTIMED,
	DC_FND_EV_PROBE_FAST,
	DC_FND_EV_FAST_WITHOUT_PLP,
	DC_FND_EV_PROBE_SLOW,
	DC_FND_EV_SLOW_WITH_PLP,
	DC_FND_EV_NO_VWC_SLOW,
	DC_FND_EV_PROBE_MIDDLING,

	/* ---- a verdict's reasons (each with the status it weighs) ---- */
	DC_FND_HEALTH_FAILING,
	DC_FND_HEALTH_WARNING,
	DC_FND_HEALTH_NOT_READ,
	DC_FND_FIRMWARE,
	DC_FND_PLP_FAILED,
	DC_FND_PLP_DEGRADED,
	DC_FND_WT_HAZARD,
	DC_FND_WT_NO_VWC,
	DC_FND_WT_NVME_RELAYED,
	DC_FND_WT_WITH_U,
	DC_FND_S_YES,
	DC_FND_S_NO,
	DC_FND_S_UNKNOWN,
	DC_FND_SPEED_NOT_MEASURED,
	DC_FND_SPEED_SLOW_SPINNING,
	DC_FND_SPEED_SLOW,
	DC_FND_SPEED_MIDDLING,
	DC_FND_SPEED_FAST,
	DC_FND_MODES_DISAGREE,
	DC_FND_WEAR_SPENT,
	DC_FND_WEAR_HIGH,
	DC_FND_YEARS_LEFT_FEW,
	DC_FND_RAID_VOLUME,
	DC_FND_UNIDENTIFIED,
	DC_FND_OSD_SPINNING,
	DC_FND_DB_SPINNING,
	DC_FND_DB_LOW_DWPD,
	DC_FND_DRBD_SPINNING,
	DC_FND_DRBD_KEEP_FLUSHES,
	DC_FND_ETCD_NOT_MEASURED,
	DC_FND_ETCD_SLOW,
	DC_FND_ETCD_OK,
	DC_FND_SLOG_SPINNING,
	DC_FND_SLOG_NEEDS_S,
	DC_FND_SLOG_LOW_DWPD,
	DC_FND_MEMORY,

	/* ---- advice ---- */
	DC_FND_ADV_FIRMWARE,
	DC_FND_ADV_CACHE_OFF_NOW,
	DC_FND_ADV_CACHE_LEFT_OFF,
	DC_FND_ADV_TRIAL_FAILED,
	DC_FND_ADV_KEEP_CACHE_OFF,
	DC_FND_ADV_CACHE_OFF_RESULT,
	DC_FND_ADV_TRY_CACHE_OFF,
	DC_FND_ADV_MAY_TRY_CACHE_OFF,
	DC_FND_ADV_DRBD_FLUSHES_OFF,
	DC_FND_ADV_DRBD_FLUSHES_ON,
	DC_FND_ADV_DRBD_FLUSHES_ON_SLOW,
	DC_FND_ADV_DRBD_FLUSHES_ON_UNREAD,
	DC_FND_ADV_WRITE_BACK,
	DC_FND_ADV_YEARS_LEFT,
	DC_FND_ADV_REPLACE_FAILING,
	DC_FND_ADV_REPLACE_PLP_FAILED,

	DC_FND_COUNT,
};

/* Which durable write a speed reason speaks of (its ref). */
enum dc_write_kind {
	DC_WRITE_FDATASYNC = 0,       /* a write, then fdatasync: Ceph, ZFS */
	DC_WRITE_WORSE_OF_BOTH,       /* the slower of FUA and flush: DRBD */
};

#define DC_FINDING_NUMS 4

struct dc_finding {
	enum dc_finding_code code;
	double n[DC_FINDING_NUMS];    /* its figures, as its row says (core/finding_table.c) */
	int ref;                      /* the fact it rests on, as its row says; else 0 */
};

#endif /* DC_FINDINGS_H */
