/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * findings.h - what decide concludes, as codes and numbers, never as sentences.
 *
 * A finding names a conclusion (a code), carries the figures it was drawn from (n[]) and,
 * where it rests on one fact among several, which one (ref: an index into the drive's
 * evidence or the firmware advisories that hit it). Everything else it speaks of (the
 * database row, the device, the probe) is in the facts decide was given, and the words
 * are made from both at render time, in one place: src/render/words*.c
 * (docs/architecture.md, "Typed findings").
 */
#ifndef DC_FINDINGS_H
#define DC_FINDINGS_H

enum dc_finding_code {
	DC_FND_NONE = 0,

	/* ---- why S, U or F is what it is (a property's basis) ---- */
	DC_FND_BASIS_NO_EVIDENCE,     /* no row (or no sourced class), no device evidence */
	DC_FND_BASIS_DB_FULL,         /* the row says full PLP */
	DC_FND_BASIS_DB_DAR_S,        /* data at rest: flushed data is protected */
	DC_FND_BASIS_DB_DAR_U,        /* ... the volatile cache is not */
	DC_FND_BASIS_DB_ALDAR_S,      /* at least data at rest: flushed data is protected */
	DC_FND_BASIS_DB_ALDAR_U,      /* ... in-flight data: no source says */
	DC_FND_BASIS_DB_NONE,         /* the row says no PLP (stated or inferred) */
	DC_FND_BASIS_PLP_FAILED,      /* ref: the drive's DC_EV_PLP_FAILED evidence */
	DC_FND_BASIS_DEVICE_PLP,      /* ref: the drive's DC_EV_PLP evidence */
	DC_FND_BASIS_NO_VWC,          /* the drive declares no volatile write cache */
	DC_FND_BASIS_PROBE_NOT_RUN,   /* F: the probe did not run (its reason is the probe's) */
	DC_FND_BASIS_WT_UNTIMED,      /* F: write through and no U; n0 the p50 timed */
	DC_FND_BASIS_FLUSH_ONLY,      /* F: n0 fdatasync p50, n1 fast bound, n2 slow bound */
	DC_FND_BASIS_BOTH_WAYS,       /* F: n0 RWF_DSYNC p50, n1 fdatasync p50, n2 fast, n3 slow */

	/* ---- what decide adds to the evidence ---- */
	DC_FND_EV_DB_NO_ROW,          /* no database row for the drive's model */
	DC_FND_EV_DB_NO_MODEL,        /* the drive gave no model string */
	DC_FND_EV_DB_CLASS,           /* the row's class, family and pattern */
	DC_FND_EV_DB_SOURCE,          /* the row's strongest source */
	DC_FND_EV_PLP_FAILED,         /* the drive says its PLP has failed */
	DC_FND_EV_DEVICE_PLP_VS_DB,
	DC_FND_EV_NO_VWC_VS_DB,
	DC_FND_EV_PLP_DEGRADED,       /* ref: the drive's DC_EV_PLP_DEGRADED evidence */
	DC_FND_EV_MODES_DISAGREE,     /* n0 RWF_DSYNC p50, n1 fdatasync p50 */
	DC_FND_EV_PROBE_UNTIMED,      /* n0 p50: write through, no flush was sent */
	DC_FND_EV_PROBE_FAST,         /* n0 p50 */
	DC_FND_EV_FAST_WITHOUT_PLP,   /* fast flushes on a drive whose class has no PLP */
	DC_FND_EV_PROBE_SLOW,         /* n0 p50, n1 slow bound */
	DC_FND_EV_SLOW_WITH_PLP,      /* n0 p50: a PLP drive that flushes slowly */
	DC_FND_EV_NO_VWC_SLOW,        /* no volatile cache, and slow: writes go to the media */
	DC_FND_EV_PROBE_MIDDLING,     /* n0 p50, n1 fast bound, n2 slow bound */

	/* ---- a verdict's reasons (each with the status it weighs) ---- */
	DC_FND_HEALTH_FAILING,        /* the drive's first health problem, and how many more */
	DC_FND_HEALTH_WARNING,
	DC_FND_HEALTH_NOT_READ,       /* a drive that has a health verdict gave none here */
	DC_FND_FIRMWARE,              /* ref: the advisory hit */
	DC_FND_PLP_FAILED,
	DC_FND_PLP_DEGRADED,
	DC_FND_WT_HAZARD,             /* write through, flushes dropped, U not yes */
	DC_FND_WT_NO_VWC,             /* write through is right: no volatile cache */
	DC_FND_WT_NVME_RELAYED,       /* write through from the nvme driver, identify not read */
	DC_FND_WT_WITH_U,             /* write through, safe because of U */
	DC_FND_S_YES,
	DC_FND_S_NO,
	DC_FND_S_UNKNOWN,
	DC_FND_SPEED_NOT_MEASURED,
	DC_FND_SPEED_SLOW_SPINNING,   /* ref: the write kind; n0 p50 */
	DC_FND_SPEED_SLOW,            /* ref: the write kind; n0 p50, n1 slow bound */
	DC_FND_SPEED_MIDDLING,        /* ref: the write kind; n0 p50, n1 fast bound */
	DC_FND_SPEED_FAST,            /* ref: the write kind; n0 p50 */
	DC_FND_MODES_DISAGREE,        /* n0 RWF_DSYNC p50, n1 fdatasync p50 */
	DC_FND_WEAR_SPENT,            /* n0 percentage used */
	DC_FND_WEAR_HIGH,             /* n0 percentage used */
	DC_FND_YEARS_LEFT_FEW,        /* n0 years, n1 enum dc_years_basis */
	DC_FND_RAID_VOLUME,
	DC_FND_UNIDENTIFIED,
	DC_FND_OSD_SPINNING,
	DC_FND_DB_SPINNING,
	DC_FND_DB_LOW_DWPD,           /* n0 rated DWPD, n1 the least a DB/WAL wants */
	DC_FND_DRBD_SPINNING,
	DC_FND_DRBD_KEEP_FLUSHES,
	DC_FND_ETCD_NOT_MEASURED,
	DC_FND_ETCD_SLOW,             /* n0 fdatasync p99 us, n1 etcd's limit us */
	DC_FND_ETCD_OK,               /* n0 fdatasync p99 us, n1 etcd's limit us */
	DC_FND_SLOG_SPINNING,
	DC_FND_SLOG_NEEDS_S,
	DC_FND_SLOG_LOW_DWPD,         /* n0 rated DWPD, n1 the mixed-use bound */
	DC_FND_MEMORY,                /* zram or brd: no role applies */

	/* ---- advice ---- */
	DC_FND_ADV_FIRMWARE,          /* ref: the advisory hit */
	DC_FND_ADV_CACHE_OFF_NOW,     /* another drivecheck has the cache off right now */
	DC_FND_ADV_CACHE_LEFT_OFF,    /* an earlier run left the cache off */
	DC_FND_ADV_TRIAL_FAILED,      /* the cache experiment failed */
	DC_FND_ADV_KEEP_CACHE_OFF,    /* n0 p50 cache off, n1 p50 cache on */
	DC_FND_ADV_CACHE_OFF_RESULT,  /* n0 p50 cache off, n1 p50 cache on */
	DC_FND_ADV_TRY_CACHE_OFF,     /* U, cache on, slow or middling flushes; n0 p50 */
	DC_FND_ADV_MAY_TRY_CACHE_OFF, /* U, cache on, flushes not measured */
	DC_FND_ADV_DRBD_FLUSHES_OFF,  /* DRBD flushes may go off: U */
	DC_FND_ADV_DRBD_FLUSHES_ON,
	DC_FND_ADV_DRBD_FLUSHES_ON_SLOW,
	DC_FND_ADV_DRBD_FLUSHES_ON_UNREAD,
	DC_FND_ADV_WRITE_BACK,        /* set the kernel back to 'write back' */
	DC_FND_ADV_YEARS_LEFT,        /* n0 years, n1 enum dc_years_basis */
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
	double n[DC_FINDING_NUMS];    /* its figures, as the code above says */
	int ref;                      /* the fact it rests on, as the code says; else 0 */
};

#endif /* DC_FINDINGS_H */
