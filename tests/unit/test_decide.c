// SPDX-License-Identifier: GPL-2.0-or-later
/* test_decide.c - the PLP conclusion and the verdicts, table-driven, plus a property check:
 * no input whatsoever makes "full" without evidence of PLP itself. */
#include <stdlib.h>

#include "db.h"
#include "dc_test.h"
#include "decide.h"
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
	bool db_matched;
	enum dc_plp_class db_plp;
	double dwpd;
	double sync_p50;               /* 0: probe not run */
	int percent_used;              /* -1: unknown */
	/* expected */
	enum dc_plp_class plp;
	enum dc_status osd, db, drbd, slog;
	const char *evidence_has;      /* a word some evidence value or what must hold, or NULL */
	const char *reason_has;        /* a word some ceph_osd reason must hold, or NULL */
};

#define YES DC_TRI_YES
#define NO DC_TRI_NO
#define UNK DC_TRI_UNKNOWN
#define WB "write back"
#define WT "write through"

static const struct dcase cases[] = {
	{ "nothing known", "nvme", WB, NO, UNK, UNK, DC_EV_INFO, false, 0, 0, 0, -1,
	  DC_PLP_UNKNOWN, W, W, W, F, NULL, "PLP unknown" },
	{ "fast probe alone is never full", "nvme", WB, NO, YES, YES, DC_EV_INFO, false, 0, 0, 40, -1,
	  DC_PLP_UNKNOWN, W, W, W, F, "consistent with PLP", "do not prove" },
	{ "database full, fast NVMe", "nvme", WB, NO, YES, YES, DC_EV_INFO, true, DC_PLP_FULL, 3, 40, 2,
	  DC_PLP_FULL, P, P, P, P, NULL, "full power-loss" },
	{ "database full, slow flushes: contradiction", "nvme", WB, NO, YES, YES, DC_EV_INFO, true,
	  DC_PLP_FULL, 3, 3000, -1, DC_PLP_FULL, F, F, F, F, "contradiction", "slow" },
	{ "consumer SATA, slow", "sata", WB, NO, YES, YES, DC_EV_INFO, true, DC_PLP_NONE, 0.3, 1730, -1,
	  DC_PLP_NONE, F, F, F, F, NULL, "no power-loss" },
	{ "consumer, fast flushes: contradiction, still none", "sata", WB, NO, YES, YES, DC_EV_INFO, true,
	  DC_PLP_NONE, 0.3, 100, -1, DC_PLP_NONE, W, W, W, F, "contradiction", NULL },
	{ "data at rest only", "sata", WB, NO, YES, YES, DC_EV_INFO, true, DC_PLP_DATA_AT_REST, 0.3, 0,
	  -1, DC_PLP_DATA_AT_REST, W, W, W, F, NULL, "data at rest" },
	{ "OCP log, no database row", "nvme", WB, NO, YES, YES, DC_EV_PLP, false, 0, 0, 30, -1,
	  DC_PLP_FULL, P, P, P, P, NULL, "full power-loss" },
	{ "capacitor failed beats the database", "nvme", WB, NO, YES, YES, DC_EV_PLP_FAILED, true,
	  DC_PLP_FULL, 3, 30, -1, DC_PLP_NONE, F, F, F, F, "failed", "failed" },
	{ "hazard: write through, cache on, no PLP", "sata", WT, NO, YES, YES, DC_EV_INFO, false, 0, 0,
	  0, -1, DC_PLP_UNKNOWN, F, F, F, F, NULL, "HAZARD" },
	{ "hazard: write through, cache state unknown", "scsi", WT, NO, UNK, UNK, DC_EV_INFO, true,
	  DC_PLP_NONE, 1, 0, -1, DC_PLP_NONE, F, F, F, F, NULL, "HAZARD" },
	{ "write through is fine with full PLP", "sata", WT, NO, YES, YES, DC_EV_INFO, true, DC_PLP_FULL,
	  3, 0, -1, DC_PLP_FULL, P, P, P, P, NULL, "safe only because" },
	{ "write through with no cache is no hazard", "nvme", WT, NO, NO, NO, DC_EV_NO_VWC, false, 0, 0,
	  0, -1, DC_PLP_UNKNOWN, W, W, W, F, NULL, NULL },
	{ "write-through probe is not a measurement", "nvme", WT, NO, YES, YES, DC_EV_INFO, false, 0, 0,
	  20, -1, DC_PLP_UNKNOWN, F, F, F, F, "sent no flush", "HAZARD" },
	{ "spinning disk", "sata", WB, YES, YES, YES, DC_EV_INFO, false, 0, 0, 8000, -1,
	  DC_PLP_UNKNOWN, W, F, F, F, "waits for the media", "DB/WAL on flash" },
	{ "endurance spent", "nvme", WB, NO, YES, YES, DC_EV_INFO, true, DC_PLP_FULL, 3, 40, 100,
	  DC_PLP_FULL, F, F, F, F, NULL, "endurance spent" },
	{ "endurance mostly used", "nvme", WB, NO, YES, YES, DC_EV_INFO, true, DC_PLP_FULL, 3, 40, 85,
	  DC_PLP_FULL, W, W, W, W, NULL, "85%" },
	{ "read-intensive drive as DB/WAL and SLOG", "nvme", WB, NO, YES, YES, DC_EV_INFO, true,
	  DC_PLP_FULL, 0.8, 40, -1, DC_PLP_FULL, P, W, P, W, NULL, NULL },
	{ "PLP SATA at 460 us passes", "sata", WB, NO, YES, YES, DC_EV_INFO, true, DC_PLP_FULL, 3, 460,
	  -1, DC_PLP_FULL, P, P, P, P, NULL, NULL },
	{ "the same 460 us on NVMe is only middling", "nvme", WB, NO, YES, YES, DC_EV_INFO, true,
	  DC_PLP_FULL, 3, 460, -1, DC_PLP_FULL, W, W, W, W, NULL, "fast: <=" },
	{ "no volatile cache yet slow: contradiction", "nvme", WB, NO, NO, NO, DC_EV_NO_VWC, false, 0, 0,
	  5000, -1, DC_PLP_UNKNOWN, F, F, F, F, "no volatile cache, yet", NULL },
	{ "full PLP, probe not run: pass, says so", "sata", WB, NO, YES, YES, DC_EV_INFO, true,
	  DC_PLP_FULL, 3, 0, -1, DC_PLP_FULL, P, P, P, P, NULL, "not measured" },
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

static void build(const struct dcase *c, struct dc_dev *dev, struct dc_drive *d,
		  struct dc_dbinfo *db, struct dc_probe *p)
{
	memset(dev, 0, sizeof(*dev));
	memset(d, 0, sizeof(*d));
	memset(db, 0, sizeof(*db));
	memset(p, 0, sizeof(*p));
	if (dc_transport_from_name(c->transport, &dev->transport))
		dev->transport = DC_TRAN_OTHER;
	dev->kernel_cache = dc_kcache_from_text(c->kernel);
	snprintf(dev->path, sizeof(dev->path), "/dev/test");
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
	db->matched = c->db_matched;
	db->plp = c->db_plp;
	db->dwpd = c->dwpd;
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
static void setup(struct world *w, const struct dcase *c)
{
	build(c, &w->dev, &w->d, &w->db, &w->p);
	w->f = (struct dc_facts){ &w->dev, &w->d, &w->db, &w->p };
}

static void decide(struct world *w)
{
	dc_decide(&w->f, &w->r);
}

static bool evidence_has(const struct dc_result *r, const char *word)
{
	for (unsigned i = 0; i < r->nevidence; i++)
		if (strstr(r->evidence[i].value, word) || strstr(r->evidence[i].what, word))
			return true;
	return false;
}

static bool reason_has(const struct dc_verdict *v, const char *word)
{
	for (unsigned i = 0; i < v->nreasons; i++)
		if (strstr(v->reasons[i], word))
			return true;
	return false;
}

static void run_table(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct dcase *c = &cases[i];
		struct world w;
		unsigned before = dc_test_failed;

		setup(&w, c);
		decide(&w);
		CHECK(w.r.plp == c->plp);
		CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status == c->osd);
		CHECK(w.r.verdicts[DC_ROLE_CEPH_DB].status == c->db);
		CHECK(w.r.verdicts[DC_ROLE_DRBD].status == c->drbd);
		CHECK(w.r.verdicts[DC_ROLE_ZFS_SLOG].status == c->slog);
		if (c->evidence_has)
			CHECK(evidence_has(&w.r, c->evidence_has));
		if (c->reason_has)
			CHECK(reason_has(&w.r.verdicts[DC_ROLE_CEPH_OSD], c->reason_has));
		/* every verdict says why */
		for (unsigned k = 0; k < DC_ROLE_COUNT; k++)
			CHECK(w.r.verdicts[k].nreasons > 0);
		if (dc_test_failed != before)
			fprintf(stderr, "  in case '%s': plp %s, osd %s db %s drbd %s slog %s\n", c->name,
				dc_plp_name(w.r.plp), dc_status_name(w.r.verdicts[0].status),
				dc_status_name(w.r.verdicts[1].status), dc_status_name(w.r.verdicts[2].status),
				dc_status_name(w.r.verdicts[3].status));
	}
}

/* DRBD's advice: flushes off only with full PLP that is not contradicted. */
static void run_drbd_advice(void)
{
	const struct dcase *full = &cases[2], *slow = &cases[3], *none = &cases[4];
	const struct dcase *list[] = { full, slow, none };
	const bool safe[] = { true, false, false };

	for (size_t i = 0; i < 3; i++) {
		struct world w;
		bool said_safe = false;

		setup(&w, list[i]);
		decide(&w);
		for (unsigned k = 0; k < w.r.nadvice; k++)
			if (strstr(w.r.advice[k], "are safe on this drive"))
				said_safe = true;
		CHECK(said_safe == safe[i]);
	}
}

/* A hardware RAID volume is said to be one, and never passes as a drive. */
static void run_raid_volume(void)
{
	struct world w;

	setup(&w, &cases[1]);    /* fast, nothing known */
	w.dev.transport = DC_TRAN_SCSI;
	snprintf(w.d.vendor, sizeof(w.d.vendor), "DELL");
	snprintf(w.d.model, sizeof(w.d.model), "PERC H730P Mini");
	decide(&w);
	CHECK(w.r.plp == DC_PLP_UNKNOWN);
	CHECK(reason_has(&w.r.verdicts[DC_ROLE_CEPH_OSD], "RAID controller"));
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status != DC_PASS);
}

/* Years of endurance left at the write rate seen so far: from "percentage used", or from
 * host writes against the database's TBW. */
static void run_years_left(void)
{
	struct world w;

	/* 50% used in 10000 hours: about 1.1 years left, no warning, advice with the figure */
	setup(&w, &cases[2]);
	w.d.wear.have_power_on = true;
	w.d.wear.power_on_hours = 10000;
	w.d.wear.percent_used = 50;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status == DC_PASS);
	CHECK(w.r.nadvice > 0 && strstr(w.r.advice[w.r.nadvice - 1], "1.1 more years"));

	/* 75% used in 20000 hours: 0.8 years left, a warning */
	w.d.wear.percent_used = 75;
	w.d.wear.power_on_hours = 20000;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status == DC_WARN);
	CHECK(reason_has(&w.r.verdicts[DC_ROLE_CEPH_OSD], "runs out in 0.8 years"));

	/* TBW: 900 of 1000 TB written in 8766 hours: 0.1 years left */
	w.d.wear.have_percent_used = false;
	w.d.wear.have_written = true;
	w.d.wear.host_written_bytes = 900ull * 1000 * 1000 * 1000 * 1000;
	w.d.wear.power_on_hours = 8766;
	w.db.tbw_tb = 1000;
	decide(&w);
	CHECK(reason_has(&w.r.verdicts[DC_ROLE_CEPH_DB], "runs out in 0.1 years"));

	/* under a week of history: no rate, no claim */
	w.d.wear.power_on_hours = 100;
	decide(&w);
	CHECK(!reason_has(&w.r.verdicts[DC_ROLE_CEPH_DB], "runs out"));
}

/* The property that matters most: random facts never give "full" without evidence of PLP
 * itself (a database row saying full, or a device signal of kind DC_EV_PLP), and never
 * when the drive reports failed protection. */
static void run_property(void)
{
	static const char *const transports[] = { "nvme", "sata", "sas", "virtio", "loop", "usb" };
	static const char *const kernels[] = { WB, WT, "" };
	unsigned seed = 12345, violations = 0;

	for (unsigned i = 0; i < 200000; i++) {
		struct world w;
		struct dcase c = { 0 };
		bool plp_ev = false, failed = false;
		unsigned nev;

		seed = seed * 1103515245u + 12345u;
		c.transport = transports[(seed >> 8) % 6];
		c.kernel = kernels[(seed >> 12) % 3];
		c.rotational = (enum dc_tri)((int)((seed >> 14) % 3) - 1);
		c.cache_present = (enum dc_tri)((int)((seed >> 16) % 3) - 1);
		c.cache_enabled = (enum dc_tri)((int)((seed >> 18) % 3) - 1);
		c.device_ev = DC_EV_INFO;
		c.db_matched = (seed >> 20) & 1;
		c.db_plp = (enum dc_plp_class)((seed >> 21) % 4);
		c.dwpd = (seed >> 23) % 5;
		c.sync_p50 = (seed >> 26) % 2 ? 10.0 * ((seed >> 4) % 500) : 0;
		c.percent_used = (int)((seed >> 3) % 120) - 10;
		setup(&w, &c);
		/* up to three random device signals */
		nev = (seed >> 28) % 4;
		for (unsigned k = 0; k < nev; k++) {
			seed = seed * 1103515245u + 12345u;
			enum dc_ev_kind kind = (enum dc_ev_kind)((seed >> 16) % 6);
			dc_drive_add_evidence(&w.d, kind, "fuzz", "x", "y");
			plp_ev |= kind == DC_EV_PLP;
			failed |= kind == DC_EV_PLP_FAILED;
		}
		if (!w.db.matched)
			w.db.plp = DC_PLP_UNKNOWN;
		decide(&w);
		if (w.r.plp == DC_PLP_FULL && (failed || !(plp_ev || w.db.plp == DC_PLP_FULL)))
			violations++;
		/* a full-PLP verdict of pass on SLOG needs full */
		if (w.r.verdicts[DC_ROLE_ZFS_SLOG].status == DC_PASS && w.r.plp != DC_PLP_FULL)
			violations++;
		/* the hazard always fails every role */
		if (strcmp(c.kernel, WT) == 0 && c.cache_enabled != NO && w.r.plp != DC_PLP_FULL)
			for (unsigned k = 0; k < DC_ROLE_COUNT; k++)
				violations += w.r.verdicts[k].status != DC_FAIL;
	}
	CHECK(violations == 0);
}

int main(void)
{
	run_table();
	run_drbd_advice();
	run_years_left();
	run_raid_volume();
	run_property();
	return dc_test_summary("test_decide");
}
