/* SPDX-License-Identifier: GPL-2.0-or-later */
/* decide_cases.h - the decision's test cases and the world each is built into, shared by
 * test_decide.c (the verdicts) and test_advice.c (the advice). */
#ifndef DC_DECIDE_CASES_H
#define DC_DECIDE_CASES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lookup/db.h"
#include "decide/decide.h"
#include "drive.h"
#include "names.h"

#define P DC_PASS
#define W DC_WARN
#define F DC_FAIL

struct dcase {
	const char *name;
	/* inputs */
	const char *transport;
	const char *kernel;            /* "write back" / "write through" */
	enum dc_tri rotational;
	enum dc_tri cache_present, cache_enabled;
	enum dc_ev_kind device_ev;     /* one piece of device evidence, DC_EV_INFO for none */
	int db_plp;                    /* a dc_plp_class, or NOROW */
	enum dc_source_kind db_kind;   /* the kind of the row's strongest source */
	double dwpd;
	double sync_p50;               /* 0: probe not run */
	int percent_used;              /* -1: unknown */
	/* expected */
	enum dc_plp_class plp;
	enum dc_tri S, U;
	enum dc_flush_speed speed;
	enum dc_status osd, db, drbd, slog;
	const char *evidence_has;      /* a word some evidence value or what must hold, or NULL */
	const char *reason_has;        /* a word some ceph_osd reason must hold, or NULL */
};

#define YES DC_TRI_YES
#define NO DC_TRI_NO
#define UNK DC_TRI_UNKNOWN
#define WB "write back"
#define WT "write through"
#define NOROW (-1)
#define INFO DC_EV_INFO
#define FULL DC_PLP_FULL
#define DAR DC_PLP_DATA_AT_REST
#define ALDAR DC_PLP_AT_LEAST_DATA_AT_REST
#define NONE DC_PLP_NONE
#define UNKNOWN DC_PLP_UNKNOWN
#define VENDOR DC_SRC_VENDOR
#define COMPIL DC_SRC_COMPILATION
#define NM DC_FLUSH_NOT_MEASURED
#define FAST DC_FLUSH_FAST
#define MID DC_FLUSH_MIDDLING
#define SLOW DC_FLUSH_SLOW

/*
 * Each role on each combination of S, U and F that matters (DESIGN.md): Ceph OSD, DB/WAL
 * and DRBD pass on S and F; an SLOG fails without S; F not measured passes only with U.
 */
static const struct dcase cases[] = {
	{ "nothing known", "nvme", WB, NO, UNK, UNK, INFO, NOROW, 0, 0, 0, -1,
	  UNKNOWN, UNK, UNK, NM, W, W, W, F, NULL, "S unknown" },
	{ "fast probe alone is never full", "nvme", WB, NO, YES, YES, INFO, NOROW, 0, 0, 40, -1,
	  UNKNOWN, UNK, UNK, FAST, W, W, W, F, "consistent with PLP", "do not prove" },
	{ "database full, fast NVMe", "nvme", WB, NO, YES, YES, INFO, FULL, VENDOR, 3, 40, 2,
	  FULL, YES, YES, FAST, P, P, P, P, NULL, "S: flushed data survives" },
	{ "database full, slow flushes: contradiction", "nvme", WB, NO, YES, YES, INFO, FULL, VENDOR,
	  3, 3000, -1, FULL, YES, YES, SLOW, F, F, F, F, "contradiction", "slow" },
	{ "consumer SATA, slow", "sata", WB, NO, YES, YES, INFO, NONE, VENDOR, 0.3, 1730, -1,
	  NONE, NO, NO, SLOW, F, F, F, F, NULL, "S: no" },
	{ "consumer, fast flushes: contradiction, still none", "sata", WB, NO, YES, YES, INFO, NONE,
	  VENDOR, 0.3, 100, -1, NONE, NO, NO, FAST, W, W, W, F, "contradiction", "S: no" },
	{ "consumer, probe not run", "sata", WB, NO, YES, YES, INFO, NONE, VENDOR, 1, 0, -1,
	  NONE, NO, NO, NM, W, W, W, F, NULL, "not measured" },
	{ "data at rest, probe not run", "sata", WB, NO, YES, YES, INFO, DAR, VENDOR, 0.3, 0, -1,
	  DAR, YES, NO, NM, W, W, W, W, NULL, "not measured" },
	{ "data at rest, fast: S and F are enough, SLOG too", "sata", WB, NO, YES, YES, INFO, DAR,
	  VENDOR, 3, 400, -1, DAR, YES, NO, FAST, P, P, P, P, NULL, "S: flushed data survives" },
	{ "data at rest, middling SATA", "sata", WB, NO, YES, YES, INFO, DAR, VENDOR, 3, 1000, -1,
	  DAR, YES, NO, MID, W, W, W, W, NULL, "fast: <=" },
	{ "at least data at rest (OpenZFS list), fast", "nvme", WB, NO, YES, YES, INFO, ALDAR, COMPIL,
	  3, 40, -1, ALDAR, YES, UNK, FAST, P, P, P, P, NULL, "at least data at rest" },
	{ "at least data at rest, probe not run", "nvme", WB, NO, YES, YES, INFO, ALDAR, COMPIL, 3, 0,
	  -1, ALDAR, YES, UNK, NM, W, W, W, W, NULL, "not measured" },
	{ "at least data at rest, slow", "nvme", WB, NO, YES, YES, INFO, ALDAR, COMPIL, 3, 3000, -1,
	  ALDAR, YES, UNK, SLOW, F, F, F, F, NULL, "slow" },
	{ "S unknown, middling", "nvme", WB, NO, YES, YES, INFO, NOROW, 0, 0, 500, -1,
	  UNKNOWN, UNK, UNK, MID, W, W, W, F, NULL, "S unknown" },
	{ "OCP log, no database row", "nvme", WB, NO, YES, YES, DC_EV_PLP, NOROW, 0, 0, 30, -1,
	  FULL, YES, YES, FAST, P, P, P, P, NULL, "power-loss protection" },
	{ "NV_SUP beats a database data-at-rest", "scsi", WB, NO, YES, YES, DC_EV_PLP, DAR, VENDOR, 3,
	  300, -1, FULL, YES, YES, FAST, P, P, P, P, "contradiction", NULL },
	{ "capacitor failed beats the database", "nvme", WB, NO, YES, YES, DC_EV_PLP_FAILED, FULL,
	  VENDOR, 3, 30, -1, NONE, NO, NO, FAST, F, F, F, F, "failed", "failed" },
	{ "capacitor degraded: a warning, U stays from the database", "nvme", WB, NO, YES, YES,
	  DC_EV_PLP_DEGRADED, FULL, VENDOR, 3, 30, -1, FULL, YES, YES, FAST, W, W, W, W, "degraded",
	  "degraded" },
	{ "hazard: write through, cache on, no PLP", "sata", WT, NO, YES, YES, INFO, NOROW, 0, 0, 0, -1,
	  UNKNOWN, UNK, UNK, NM, F, F, F, F, NULL, "HAZARD" },
	{ "hazard: write through, cache state unknown", "scsi", WT, NO, UNK, UNK, INFO, NONE, VENDOR,
	  1, 0, -1, NONE, NO, NO, NM, F, F, F, F, NULL, "HAZARD" },
	{ "write through is fine with full PLP", "sata", WT, NO, YES, YES, INFO, FULL, VENDOR, 3, 0, -1,
	  FULL, YES, YES, NM, P, P, P, P, NULL, "safe only because" },
	{ "write through on a drive declaring no cache: correct, and measured", "nvme", WT, NO, NO, NO,
	  DC_EV_NO_VWC, NOROW, 0, 0, 25, -1, FULL, YES, YES, FAST, P, P, P, P, NULL,
	  "right for this drive" },
	{ "write through, full PLP in the database, cache on: measured", "nvme", WT, NO, YES, YES,
	  INFO, FULL, VENDOR, 3, 30, -1, FULL, YES, YES, FAST, P, P, P, P, NULL, "safe only because" },
	{ "write-through probe on the hazard is not a measurement", "nvme", WT, NO, YES, YES, INFO,
	  NOROW, 0, 0, 20, -1, UNKNOWN, UNK, UNK, NM, F, F, F, F, "sent no flush", "HAZARD" },
	{ "spinning disk", "sata", WB, YES, YES, YES, INFO, NOROW, 0, 0, 8000, -1,
	  UNKNOWN, UNK, UNK, SLOW, W, F, F, F, "waits for the media", "DB/WAL on flash" },
	{ "endurance spent", "nvme", WB, NO, YES, YES, INFO, FULL, VENDOR, 3, 40, 100,
	  FULL, YES, YES, FAST, F, F, F, F, NULL, "endurance spent" },
	{ "endurance mostly used", "nvme", WB, NO, YES, YES, INFO, FULL, VENDOR, 3, 40, 85,
	  FULL, YES, YES, FAST, W, W, W, W, NULL, "85%" },
	{ "read-intensive drive as DB/WAL and SLOG", "nvme", WB, NO, YES, YES, INFO, FULL, VENDOR,
	  0.8, 40, -1, FULL, YES, YES, FAST, P, W, P, P, NULL, NULL },
	{ "PLP SATA at 460 us passes", "sata", WB, NO, YES, YES, INFO, FULL, VENDOR, 3, 460, -1,
	  FULL, YES, YES, FAST, P, P, P, P, NULL, NULL },
	{ "the same 460 us on NVMe is only middling", "nvme", WB, NO, YES, YES, INFO, FULL, VENDOR, 3,
	  460, -1, FULL, YES, YES, MID, W, W, W, W, NULL, "fast: <=" },
	{ "no volatile cache and slow: safe, slow", "nvme", WB, NO, NO, NO, DC_EV_NO_VWC, NOROW, 0, 0,
	  5000, -1, FULL, YES, YES, SLOW, F, F, F, F, "goes to the media", "slow" },
	{ "declared no cache against a database none", "nvme", WB, NO, NO, NO, DC_EV_NO_VWC, NONE,
	  VENDOR, 1, 30, -1, FULL, YES, YES, FAST, P, P, P, P, "contradiction", NULL },
	{ "full PLP, probe not run: pass, says so", "sata", WB, NO, YES, YES, INFO, FULL, VENDOR, 3, 0,
	  -1, FULL, YES, YES, NM, P, P, P, P, NULL, "not measured" },
};

/* Everything dc_decide reads and writes, for one case. */
struct world {
	struct dc_dev dev;
	struct dc_drive d;
	struct dc_dbinfo db;
	struct dc_probe p;
	struct dc_result r;
	struct dc_facts f;
};

static inline void build(const struct dcase *c, struct dc_dev *dev, struct dc_drive *d,
		  struct dc_dbinfo *db, struct dc_probe *p)
{
	memset(dev, 0, sizeof(*dev));
	memset(d, 0, sizeof(*d));
	memset(db, 0, sizeof(*db));
	memset(p, 0, sizeof(*p));
	if (dc_transport_from_name(c->transport, &dev->transport))
		dev->transport = DC_TRAN_OTHER;
	dev->protocol = dev->transport == DC_TRAN_NVME ? DC_PROTO_NVME
			: dev->transport == DC_TRAN_SATA ? DC_PROTO_ATA : DC_PROTO_SCSI;
	dev->kernel_cache = dc_kcache_from_text(c->kernel);
	snprintf(dev->path, sizeof(dev->path), "/dev/test");
	snprintf(dev->name, sizeof(dev->name), "test");
	snprintf(dev->model, sizeof(dev->model), "TEST MODEL");
	dev->rotational = c->rotational;
	d->rotational = c->rotational;
	snprintf(d->model, sizeof(d->model), "TEST MODEL");
	d->cache_present = c->cache_present;
	d->cache_enabled = c->cache_enabled;
	if (c->device_ev != DC_EV_INFO)
		dc_drive_add_evidence(d, c->device_ev, "test", "signal", "value");
	if (c->percent_used >= 0) {
		d->wear.have_percent_used = true;
		d->wear.percent_used = (unsigned)c->percent_used;
	}
	db->best_source = -1;
	if (c->db_plp != NOROW) {
		db->matched = true;
		db->plp = (enum dc_plp_class)c->db_plp;
		db->dwpd = c->dwpd;
		snprintf(db->vendor, sizeof(db->vendor), "Test");
		snprintf(db->family, sizeof(db->family), "Family");
		db->nsources = 1;
		db->sources[0].kind = c->db_kind;
		snprintf(db->sources[0].title, sizeof(db->sources[0].title), "a test source");
		if (db->plp != DC_PLP_UNKNOWN) {
			db->sources[0].backs_class = true;
			db->best_source = 0;
		}
	}
	if (c->sync_p50 > 0) {
		p->mode = DC_PROBE_RAW;
		p->sync.count = 1000;
		p->sync.p50_us = c->sync_p50;
		p->nosync.p50_us = c->sync_p50 / 4;
	} else {
		snprintf(p->skipped, sizeof(p->skipped), "test: not run");
	}
}

/* Builds a world from a case; decide() then runs the decision on it (after any tweaks). */
static inline void setup(struct world *w, const struct dcase *c)
{
	build(c, &w->dev, &w->d, &w->db, &w->p);
	w->f = (struct dc_facts){ .dev = &w->dev, .drive = &w->d, .db = &w->db, .probe = &w->p };
}

static inline void decide(struct world *w)
{
	dc_decide(&w->f, &w->r);
}

static inline bool evidence_has(const struct dc_result *r, const char *word)
{
	for (unsigned i = 0; i < r->nevidence; i++)
		if (strstr(r->evidence[i].value, word) || strstr(r->evidence[i].what, word))
			return true;
	return false;
}

static inline bool reason_has(const struct dc_verdict *v, const char *word)
{
	for (unsigned i = 0; i < v->nreasons; i++)
		if (strstr(v->reasons[i], word))
			return true;
	return false;
}

static inline bool advice_has(const struct dc_result *r, const char *word)
{
	for (unsigned i = 0; i < r->nadvice; i++)
		if (strstr(r->advice[i], word))
			return true;
	return false;
}

static inline const struct dcase *case_named(const char *name)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (strcmp(cases[i].name, name) == 0)
			return &cases[i];
	fprintf(stderr, "no case '%s'\n", name);
	abort();
}

#endif /* DC_DECIDE_CASES_H */
