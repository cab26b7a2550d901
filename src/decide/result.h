/* SPDX-License-Identifier: GPL-2.0-or-later */
/* result.h - what decide makes of a drive: the PLP class, S, U and F, each role's verdict
 * with its reasons, the advice and the drive's health (decide.c, plp.c, verdict.c). Types
 * alone. */
#ifndef DC_RESULT_H
#define DC_RESULT_H

#include "dc_types.h"
#include "findings.h"
#include "decide/health.h"
#include "lookup/advisory.h"

/* One reason of a verdict: a finding, and the status it weighs (the verdict is the worst). */
struct dc_reason {
	enum dc_status weighs;
	struct dc_finding f;
};

/* Bounds that hold by construction (verdict.c adds at most one reason of each kind, and
 * one per advisory hit); a verdict counts any it could not keep, and says so. */
#define DC_MAX_REASONS (DC_MAX_ADVISORY_HITS + 16)
#define DC_MAX_ADVICE  (DC_MAX_ADVISORY_HITS + 8)
#define DC_MAX_FINDINGS 12

struct dc_verdict {
	enum dc_status status;
	/* the status what was measured and read gives on its own (an unmeasured reason left
	   out): a WARN whose measured_status is PASS warns only for what is missing */
	enum dc_status measured_status;
	unsigned unmeasured;          /* enum dc_unmeasured bits */
	unsigned nreasons;
	unsigned reasons_dropped;     /* past DC_MAX_REASONS: none today, said if ever */
	struct dc_reason reasons[DC_MAX_REASONS];
};

/* Where a property's answer comes from (rendered as its "source"). */
enum dc_prop_from {
	DC_FROM_NOTHING = 0,
	DC_FROM_PROBE,
	DC_FROM_DATABASE,             /* the row, with the kind of its strongest source */
	DC_FROM_DEVICE,               /* the drive's evidence basis.ref: its source and what */
	DC_FROM_DEVICE_SOURCE,        /* the drive's evidence basis.ref: its source alone */
};

/*
 * One of the three questions every verdict answers (docs/design.md):
 *   S  flushed data survives a power cut
 *   U  completed but unflushed writes survive too
 *   F  a durable write is fast (the probe, on this drive, now)
 */
struct dc_property {
	enum dc_tri value;            /* yes / no / unknown (F: yes fast, no slow) */
	enum dc_source_kind kind;     /* the strongest kind of source behind the answer */
	enum dc_prop_from from;       /* where it came from */
	struct dc_finding basis;      /* why */
};

/* The PLP conclusion and the verdicts: what "decide" makes of everything above. */

struct dc_result {
	enum dc_plp_class plp;
	enum dc_confidence confidence;
	struct dc_property flushed_survive;   /* S */
	struct dc_property unflushed_survive; /* U */
	struct dc_property fast;              /* F */
	enum dc_flush_speed flush_speed;      /* F: the worse of the two ways below */
	double flush_p50_us;          /* F's median, a durable write; 0 when not measured */
	enum dc_flush_speed speed_fdatasync;  /* a write, then fdatasync: the flush */
	enum dc_flush_speed speed_dsync;      /* RWF_DSYNC: FUA where the queue has it */
	double fdatasync_p50_us, fdatasync_p99_us, dsync_p50_us; /* 0 when not measured */
	bool modes_disagree;          /* FUA and flush give very different answers: one fast and
					 the other slow, or DC_SYNC_MODES_DISAGREE_RATIO apart */
	/* --try-cache-off: a durable write with the cache off (the worse of the two ways,
	   as flush_p50_us), and how it compares; 0 and NOT_MEASURED when not measured */
	double cache_off_p50_us;
	enum dc_flush_speed cache_off_speed;
	bool cache_off_faster;        /* DC_CACHE_OFF_GAIN_RATIO times faster than with it on */
	/* what decide adds to the drive's own evidence (drive.evidence, not copied here) */
	unsigned nfindings, findings_dropped;
	struct dc_finding findings[DC_MAX_FINDINGS];
	struct dc_verdict verdicts[DC_ROLE_COUNT];
	unsigned nadvice, advice_dropped;
	struct dc_finding advice[DC_MAX_ADVICE];
	struct dc_health health;      /* what the drive itself says of its health */
	bool write_through_hazard;    /* the kernel drops flushes ("write through") on a drive
					 whose volatile cache may be on, and U is not yes */
	double endurance_years_left;  /* rated endurance left at the write rate so far, years
					 of DC_HOURS_PER_YEAR; <0 unknown; a lower bound or an
					 estimate, as years_basis says */
	enum dc_years_basis years_basis;
};

#endif /* DC_RESULT_H */
