/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * steps.h - the room the steps of decide share: what decide.c works out once (the
 * judgement), each step's entry, and how a step writes a finding. decide.c calls the
 * steps; a step includes this and never decide.h, so no step reaches back into decide.c.
 */
#ifndef DC_STEPS_H
#define DC_STEPS_H

#include "decide/facts.h"
#include "findings.h"
#include "decide/result.h"

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
	enum dc_years_basis years_basis; /* a lower bound, or an estimate */
	bool health_failing;      /* the drive says it is failing */
	bool health_unread;       /* a drive with a health verdict gave none here */
};

/*
 * The steps, each called once by dc_decide, in this order; each reads the facts, the
 * judgement and what the steps before it wrote, never what a later one writes.
 */
/* plp.c: the class, its confidence, S and U, from the drive's word and the database. */
void dc_decide_plp(const struct dc_facts *f, const struct dc_judgement *j,
		   struct dc_result *result);
/* flush.c: F, from the probe (and U: a write-through kernel times no flush). */
void dc_decide_flush(const struct dc_facts *f, const struct dc_judgement *j,
		     struct dc_result *result);
/* crosscheck.c: what the probe says of the class: a hint, a contradiction. */
void dc_decide_crosscheck(const struct dc_facts *f, const struct dc_judgement *j,
			  struct dc_result *result);
/* verdict.c: PASS/WARN/FAIL per role, with reasons, from S, U and F. */
void dc_decide_verdicts(const struct dc_facts *f, const struct dc_judgement *j,
			struct dc_result *result);
/* advice.c: what to do: cache settings, DRBD flushes, firmware, endurance. */
void dc_decide_advice(const struct dc_facts *f, const struct dc_judgement *j,
		      struct dc_result *result);

/* A finding with its figures: FINDING(DC_FND_X, ref, n0, n1, ...). */
#define FINDING(code_, ref_, ...) \
	((struct dc_finding){ .code = (code_), .ref = (ref_), .n = { __VA_ARGS__ } })

/* Appends to one of the result's lists, counting what does not fit (never silently). */
static inline void dc_finding_push(struct dc_finding *list, unsigned *n, unsigned *dropped,
				   unsigned max, struct dc_finding f)
{
	if (*n < max)
		list[(*n)++] = f;
	else
		(*dropped)++;
}

/* Adds to what decide says beside the drive's own evidence (drive.evidence). */
static inline void dc_note_evidence(struct dc_result *r, struct dc_finding f)
{
	dc_finding_push(r->findings, &r->nfindings, &r->findings_dropped, DC_MAX_FINDINGS, f);
}

#endif /* DC_STEPS_H */
