/* SPDX-License-Identifier: GPL-2.0-or-later */
/* decide.h - from facts to the PLP class, S/U/F and the per-role verdicts. Pure. */
#ifndef DC_DECIDE_H
#define DC_DECIDE_H

#include "dc_types.h"

/* What "decide" reads: everything the earlier stages found about one drive. */
struct dc_facts {
	const struct dc_dev *dev;
	const struct dc_drive *drive;
	const struct dc_dbinfo *db;
	const struct dc_probe *probe;
	const struct dc_cache_trial *trial;  /* --try-cache-off, or NULL */
	const struct dc_cache_left *left;    /* a cache an earlier run left off, or NULL */
	const struct dc_advisory_hit *adv;   /* firmware advisories that hit the drive */
	unsigned nadv;
};

/* decide.c */
/* The whole decision, in one direction: judgement, then S and U (plp.c), then F, then
 * the verdicts (verdict.c). Fills every field of result. */
void dc_decide(const struct dc_facts *f, struct dc_result *result);
/* Flush-cost bounds for a transport, microseconds (include/thresholds.h). */
void dc_flush_bounds(enum dc_transport transport, double *fast_us, double *slow_us);

/*
 * Between the decide modules only: what decide.c works out once from the facts, so that
 * plp.c and verdict.c never compute it again (nor differently).
 */
struct dc_judgement {
	double fast_us, slow_us;  /* this transport's flush bounds */
	bool write_through;       /* the kernel drops flushes (queue/write_cache) */
	bool nvme_wt_relayed;     /* ... on an NVMe drive whose identify could not be read:
				     the nvme driver sets "write through" from the drive's VWC
				     bit, so it is the drive's own declaration, unconfirmed */
	bool probed;              /* the probe ran and timed durable writes of either kind */
	bool dsync_timed;         /* ... RWF_DSYNC ones among them (an imported fio run of
				     fdatasync times only the flush) */
	double p50_us;            /* its RWF_DSYNC p50, or the flush's where no RWF_DSYNC */
	double fsync_p50_us;      /* its write + fdatasync p50 and p99 (the RWF_DSYNC ones */
	double fsync_p99_us;      /* for a probe of an older version, which had no flush phase) */
	bool plp_failed;          /* the drive says its backup power has failed */
	bool plp_degraded;        /* ... is wearing out, or its health cannot be judged */
	bool device_plp;          /* the drive shows PLP itself (OCP log, NV_SUP, capacitor) */
	bool declared_no_vwc;     /* the drive declares no volatile write cache */
	bool rotational;
	bool raid_volume;         /* a hardware RAID controller's volume, not a drive */
	bool unidentified;        /* no model, or a virtual disk the database does not know */
	double years_left;        /* rated endurance left at the write rate so far; <0 unknown */
};

/* plp.c */
/* The class, its confidence and evidence, and S and U. Speed is not looked at. */
void dc_decide_plp(const struct dc_facts *f, const struct dc_judgement *j,
		   struct dc_result *result);
/* Once F is known: what the probe adds to the evidence (a hint, or a contradiction). */
void dc_decide_plp_vs_probe(const struct dc_facts *f, const struct dc_judgement *j,
			    struct dc_result *result);

/* Whether FUA (RWF_DSYNC) and flush (write + fdatasync) give very different answers:
 * one fast and the other slow, or one DC_SYNC_MODES_DISAGREE_RATIO times the other. */
bool dc_sync_modes_disagree(const struct dc_result *r, const struct dc_judgement *j);

/* verdict.c */
/* Fills result->verdicts and advice from S, U and F. */
void dc_decide_verdicts(const struct dc_facts *f, const struct dc_judgement *j,
			struct dc_result *result);

#endif /* DC_DECIDE_H */
