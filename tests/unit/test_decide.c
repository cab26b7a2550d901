// SPDX-License-Identifier: GPL-2.0-or-later
/* test_decide.c - the PLP conclusion and the verdicts, table-driven, plus a property check:
 * no input whatsoever makes "full" without evidence of PLP itself. The advice is in
 * test_advice.c; the cases both use are in decide_cases.h. */
#include <math.h>
#include <stdlib.h>

#include "core/finding_table.h"
#include "dc_test.h"
#include "core/names.h"
#include "thresholds.h"

#include "decide_cases.h"

static void run_table(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct dcase *c = &cases[i];
		struct world w;
		unsigned before = dc_test_failed;

		setup(&w, c);
		decide(&w);
		CHECK(w.r.plp == c->plp);
		CHECK(w.r.flushed_survive.value == c->S);
		CHECK(w.r.unflushed_survive.value == c->U);
		CHECK(w.r.flush_speed == c->speed);
		CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status == c->osd);
		CHECK(w.r.verdicts[DC_ROLE_CEPH_DB].status == c->ceph_db);
		CHECK(w.r.verdicts[DC_ROLE_DRBD].status == c->drbd);
		CHECK(w.r.verdicts[DC_ROLE_ZFS_SLOG].status == c->slog);
		CHECK(w.r.verdicts[DC_ROLE_ETCD].status == c->etcd);
		if (c->finding)
			CHECK(finding_has(&w.r, c->finding));
		if (c->reason)
			CHECK(reason_has(&w.r.verdicts[DC_ROLE_CEPH_OSD], c->reason));
		if (c->etcd_reason)
			CHECK(reason_has(&w.r.verdicts[DC_ROLE_ETCD], c->etcd_reason));
		/* every verdict says why, and every property says on what; no list overflows */
		for (unsigned k = 0; k < DC_ROLE_COUNT; k++)
			CHECK(w.r.verdicts[k].nreasons > 0 && !w.r.verdicts[k].reasons_dropped);
		CHECK(w.r.flushed_survive.basis.code && w.r.unflushed_survive.basis.code &&
		      w.r.fast.basis.code);
		CHECK(!w.r.findings_dropped && !w.r.advice_dropped);
		/* a property that is known names the kind of source behind it */
		if (w.r.unflushed_survive.value != DC_TRI_UNKNOWN)
			CHECK(w.r.unflushed_survive.kind != DC_SRC_NONE);
		if (w.r.flush_speed != DC_FLUSH_NOT_MEASURED)
			CHECK(w.r.fast.kind == DC_SRC_MEASURED &&
			      w.r.flush_p50_us == fmax(c->sync_p50, c->flush_p50 ? c->flush_p50
										 : c->sync_p50));
		if (dc_test_failed != before)
			fprintf(stderr, "  in case '%s': plp %s, S %s U %s F %s, osd %s db %s drbd %s "
				"slog %s etcd %s\n", c->name, dc_plp_name(w.r.plp),
				dc_tri_name(w.r.flushed_survive.value),
				dc_tri_name(w.r.unflushed_survive.value),
				dc_flush_speed_name(w.r.flush_speed),
				dc_status_name(w.r.verdicts[0].status),
				dc_status_name(w.r.verdicts[1].status),
				dc_status_name(w.r.verdicts[2].status),
				dc_status_name(w.r.verdicts[3].status),
				dc_status_name(w.r.verdicts[4].status));
	}
}

/* The S, U and F of the PM9A3 case carry the drive's own word as their source. */
static void run_declared_no_cache(void)
{
	struct world w;

	setup(&w, case_named("write through on a drive declaring no cache: correct, and measured"));
	decide(&w);
	CHECK(w.r.unflushed_survive.kind == DC_SRC_DEVICE);
	CHECK(w.r.flushed_survive.kind == DC_SRC_DEVICE);
	CHECK(w.r.unflushed_survive.basis.code == DC_FND_BASIS_NO_VWC);
	CHECK(w.r.unflushed_survive.from == DC_FROM_DEVICE && w.r.unflushed_survive.basis.ref == 0);
	CHECK(w.r.fast.basis.code == DC_FND_BASIS_BOTH_WAYS && w.r.fast.basis.n[0] == 25);
	/* never the hazard, whatever the probe says */
	for (unsigned k = 0; k < DC_ROLE_COUNT; k++)
		CHECK(!reason_has(&w.r.verdicts[k], DC_FND_WT_HAZARD));
	/* a database row of a compilation is the kind behind S, when the drive says nothing */
	setup(&w, case_named("at least data at rest (OpenZFS list), fast"));
	decide(&w);
	CHECK(w.r.flushed_survive.kind == DC_SRC_COMPILATION);
	CHECK(w.r.unflushed_survive.value == DC_TRI_UNKNOWN);
}

/* The edges of every named bound: at the bound counts as inside it. */
static void run_bounds(void)
{
	static const struct { const char *tran; double p50; enum dc_flush_speed speed; } at[] = {
		{ "nvme", 200, DC_FLUSH_FAST }, { "nvme", 201, DC_FLUSH_MIDDLING },
		{ "nvme", 999, DC_FLUSH_MIDDLING }, { "nvme", 1000, DC_FLUSH_SLOW },
		{ "sata", 800, DC_FLUSH_FAST }, { "sata", 1500, DC_FLUSH_SLOW },
		{ "sas", 800, DC_FLUSH_FAST }, { "virtio", 800, DC_FLUSH_FAST },
		{ "virtio", 1499, DC_FLUSH_MIDDLING },
	};
	struct world w;

	for (size_t i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
		setup(&w, case_named("database full, fast NVMe"));
		if (dc_transport_from_name(at[i].tran, &w.dev.transport))
			w.dev.transport = DC_TRAN_OTHER;
		w.p.sync.p50_us = at[i].p50;
		decide(&w);
		CHECK(w.r.flush_speed == at[i].speed);
	}
	/* DWPD exactly at a role's bound: no warning; just under: a warning */
	setup(&w, case_named("database full, fast NVMe"));
	w.row.dwpd = 1.0;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_CEPH_DB].status == DC_PASS);
	/* an SLOG is judged on S and F: its rating under 3 DWPD is a note, not a warning */
	CHECK(w.r.verdicts[DC_ROLE_ZFS_SLOG].status == DC_PASS &&
	      reason_has(&w.r.verdicts[DC_ROLE_ZFS_SLOG], DC_FND_SLOG_LOW_DWPD));
	w.row.dwpd = 0.99;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_CEPH_DB].status == DC_WARN);
	w.row.dwpd = 3.0;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_ZFS_SLOG].status == DC_PASS &&
	      !reason_has(&w.r.verdicts[DC_ROLE_ZFS_SLOG], DC_FND_SLOG_LOW_DWPD));
	/* wear exactly at its bounds */
	w.d.wear.have_percent_used = true;
	w.d.wear.percent_used = 80;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status == DC_WARN);
	w.d.wear.percent_used = 79;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status == DC_PASS);
	w.d.wear.percent_used = 100;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status == DC_FAIL);
}

/* Virtual and USB disks the database does not know are "not identified"; real drive
 * transports are not, and neither is a known model anywhere. */
static void run_unidentified(void)
{
	static const struct { const char *tran; bool unidentified; } t[] = {
		{ "virtio", true }, { "virtio-scsi", true }, { "usb", true }, { "loop", true },
		{ "nbd", true }, { "xen", true }, { "nvme", false }, { "sata", false },
		{ "sas", false },
	};
	struct world w;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		setup(&w, case_named("fast probe alone is never full"));
		if (dc_transport_from_name(t[i].tran, &w.dev.transport))
			w.dev.transport = DC_TRAN_OTHER;
		decide(&w);
		CHECK(reason_has(&w.r.verdicts[DC_ROLE_CEPH_OSD], DC_FND_UNIDENTIFIED) == t[i].unidentified);
		/* a known model on the same transport is identified */
		setup(&w, case_named("database full, fast NVMe"));
		if (dc_transport_from_name(t[i].tran, &w.dev.transport))
			w.dev.transport = DC_TRAN_OTHER;
		decide(&w);
		CHECK(!reason_has(&w.r.verdicts[DC_ROLE_CEPH_OSD], DC_FND_UNIDENTIFIED));
	}
	/* no model string at all, on a real transport */
	setup(&w, case_named("fast probe alone is never full"));
	w.d.model[0] = '\0';
	w.dev.model[0] = '\0';
	decide(&w);
	CHECK(reason_has(&w.r.verdicts[DC_ROLE_CEPH_OSD], DC_FND_UNIDENTIFIED));
}

/* A PLP drive whose cache is off and whose flushes are slow: no contradiction (each
 * write goes to the media, as it should); with the cache on, one, and low confidence. */
static void run_slow_plp_contradiction(void)
{
	struct world w;

	/* a degraded capacitor: U stays (from the database), confidence drops to low */
	setup(&w, case_named("capacitor degraded: a warning, U stays from the database"));
	decide(&w);
	CHECK(w.r.confidence == DC_CONF_LOW);
	setup(&w, case_named("database full, fast NVMe"));
	decide(&w);
	CHECK(w.r.confidence == DC_CONF_MEDIUM);

	setup(&w, case_named("database full, slow flushes: contradiction"));
	w.d.cache_enabled = DC_TRI_NO;
	decide(&w);
	CHECK(!finding_has(&w.r, DC_FND_EV_SLOW_WITH_PLP));
	CHECK(w.r.confidence == DC_CONF_MEDIUM);
	setup(&w, case_named("database full, slow flushes: contradiction"));
	decide(&w);
	CHECK(finding_has(&w.r, DC_FND_EV_SLOW_WITH_PLP));
	CHECK(w.r.confidence == DC_CONF_LOW);
	/* cache off with write through and nothing known: not the hazard (no cache to lose) */
	setup(&w, case_named("hazard: write through, cache on, no PLP"));
	w.d.cache_enabled = DC_TRI_NO;
	decide(&w);
	CHECK(!reason_has(&w.r.verdicts[DC_ROLE_CEPH_OSD], DC_FND_WT_HAZARD));
}

static void run_sync_modes(void)
{
	const struct dc_reason *x;
	struct world w;
	enum dc_role role;

	/* fast FUA, slow flush: Ceph and an SLOG wait on the flush and fail; DRBD too */
	setup(&w, case_named("database full, fast NVMe"));
	w.p.flush.count = 1000;
	w.p.flush.p50_us = 3000;
	w.p.flush.p99_us = 5000;
	decide(&w);
	CHECK(w.r.speed_dsync == DC_FLUSH_FAST && w.r.speed_fdatasync == DC_FLUSH_SLOW);
	CHECK(w.r.flush_speed == DC_FLUSH_SLOW && w.r.flush_p50_us == 3000);
	CHECK(finding_has(&w.r, DC_FND_EV_MODES_DISAGREE));
	for (unsigned k = 0; k < DC_ROLE_COUNT; k++)
		CHECK(w.r.verdicts[k].status == (k == DC_ROLE_ETCD ? DC_WARN : DC_FAIL));
	x = reason_of(&w.r.verdicts[DC_ROLE_CEPH_OSD], DC_FND_SPEED_SLOW);
	CHECK(x && x->f.ref == DC_WRITE_FDATASYNC && x->f.n[0] == 3000 && x->weighs == DC_FAIL);

	/* slow FUA, fast flush: Ceph passes on its flush but warns of the disagreement;
	 * DRBD writes metadata with FUA and fails on the slower */
	setup(&w, case_named("database full, fast NVMe"));
	w.p.sync.p50_us = 3000;
	w.p.flush.count = 1000;
	w.p.flush.p50_us = 40;
	w.p.flush.p99_us = 80;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status == DC_WARN);
	CHECK(reason_has(&w.r.verdicts[DC_ROLE_CEPH_OSD], DC_FND_MODES_DISAGREE));
	CHECK(w.r.verdicts[DC_ROLE_DRBD].status == DC_FAIL);
	CHECK(w.r.verdicts[DC_ROLE_ETCD].status == DC_WARN);

	/* close enough: no finding, whatever the order */
	setup(&w, case_named("database full, fast NVMe"));
	w.p.flush.count = 1000;
	w.p.flush.p50_us = 70;
	w.p.flush.p99_us = 200;
	decide(&w);
	CHECK(!finding_has(&w.r, DC_FND_EV_MODES_DISAGREE));
	for (unsigned k = 0; k < DC_ROLE_COUNT; k++)
		CHECK(w.r.verdicts[k].status == DC_PASS);
	x = reason_of(&w.r.verdicts[DC_ROLE_ETCD], DC_FND_ETCD_OK);
	CHECK(x && x->f.n[0] == 200 && x->f.n[1] == DC_ETCD_FSYNC_P99_MAX_US);
	/* a ratio of 3 past the fast bound is a disagreement; under the bound it is noise */
	w.p.sync.p50_us = 300;
	w.p.flush.p50_us = 100;
	decide(&w);
	CHECK(finding_has(&w.r, DC_FND_EV_MODES_DISAGREE));
	w.p.sync.p50_us = 150;
	w.p.flush.p50_us = 40;
	decide(&w);
	CHECK(!finding_has(&w.r, DC_FND_EV_MODES_DISAGREE));

	/* etcd: the flush's p99 against 10 ms, exactly at the bound passes */
	setup(&w, case_named("database full, fast NVMe"));
	w.p.flush.count = 1000;
	w.p.flush.p50_us = 150;
	w.p.flush.p99_us = 10000;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_ETCD].status == DC_PASS);
	w.p.flush.p99_us = 10001;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_ETCD].status == DC_FAIL);
	x = reason_of(&w.r.verdicts[DC_ROLE_ETCD], DC_FND_ETCD_SLOW);
	CHECK(x && x->f.n[0] == 10001 && x->weighs == DC_FAIL);
	/* an old probe without a flush phase: RWF_DSYNC stands for both */
	setup(&w, case_named("database full, fast NVMe"));
	w.p.sync.p99_us = 12000;
	decide(&w);
	CHECK(w.r.fdatasync_p50_us == 40 && w.r.verdicts[DC_ROLE_ETCD].status == DC_FAIL);
	/* an imported fio run of write + fdatasync: the flush alone is timed, and decides */
	setup(&w, case_named("database full, fast NVMe"));
	memset(&w.p.sync, 0, sizeof(w.p.sync));
	w.p.flush.count = 1000;
	w.p.flush.p50_us = 60;
	w.p.flush.p99_us = 150;
	decide(&w);
	CHECK(w.r.speed_dsync == DC_FLUSH_NOT_MEASURED && w.r.dsync_p50_us == 0);
	CHECK(w.r.speed_fdatasync == DC_FLUSH_FAST && w.r.flush_speed == DC_FLUSH_FAST);
	CHECK(w.r.fast.value == DC_TRI_YES && w.r.fast.basis.code == DC_FND_BASIS_FLUSH_ONLY);
	CHECK(!finding_has(&w.r, DC_FND_EV_MODES_DISAGREE));
	for (unsigned k = 0; k < DC_ROLE_COUNT; k++)
		CHECK(w.r.verdicts[k].status == DC_PASS);
	w.p.flush.p50_us = 3000;
	decide(&w);
	CHECK(w.r.flush_speed == DC_FLUSH_SLOW && w.r.flush_p50_us == 3000);
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status == DC_FAIL);
	/* neither kind timed: not measured */
	w.p.flush.count = 0;
	decide(&w);
	CHECK(w.r.flush_speed == DC_FLUSH_NOT_MEASURED && w.r.fast.value == DC_TRI_UNKNOWN);
	/* etcd without S warns; without a probe and without U warns */
	setup(&w, case_named("fast probe alone is never full"));
	w.p.sync.p99_us = 100;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_ETCD].status == DC_WARN);
	CHECK(reason_has(&w.r.verdicts[DC_ROLE_ETCD], DC_FND_S_UNKNOWN));
	setup(&w, case_named("data at rest, probe not run"));
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_ETCD].status == DC_WARN);
	/* --gate etcd */
	CHECK(dc_role_from_name("etcd", &role) == 0 && role == DC_ROLE_ETCD);
	CHECK(strcmp(dc_role_cli_name(DC_ROLE_ETCD), "etcd") == 0);
}

/* A hardware RAID volume is said to be one, and never passes as a drive. */
static void run_raid_volume(void)
{
	struct world w;

	setup(&w, case_named("fast probe alone is never full"));
	w.dev.transport = DC_TRAN_SCSI;
	snprintf(w.d.vendor, sizeof(w.d.vendor), "DELL");
	snprintf(w.d.model, sizeof(w.d.model), "PERC H730P Mini");
	decide(&w);
	CHECK(w.r.plp == DC_PLP_UNKNOWN);
	CHECK(reason_has(&w.r.verdicts[DC_ROLE_CEPH_OSD], DC_FND_RAID_VOLUME));
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status != DC_PASS);
}

/* Years of endurance left at the write rate seen so far: from "percentage used", or from
 * host writes against the database's TBW. */
static void run_years_left(void)
{
	const struct dc_finding *adv;
	const struct dc_reason *x;
	struct world w;

	/* 50% used in 10000 hours: about 1.1 years left, no warning, advice with the figure */
	setup(&w, case_named("database full, fast NVMe"));
	w.d.wear.have_power_on = true;
	w.d.wear.power_on_hours = 10000;
	w.d.wear.percent_used = 50;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status == DC_PASS);
	adv = advice_of(&w.r, DC_FND_ADV_YEARS_LEFT);
	CHECK(adv && round(adv->n[0] * 10) == 11);

	CHECK(adv && adv->ref == DC_YEARS_WEAR_BOUND && w.r.years_basis == DC_YEARS_WEAR_BOUND);

	/* 75% used in 20000 hours: a whole percentage may be 76%, so at least 0.7 years left
	 * (0.9 from 75% itself), a warning */
	w.d.wear.percent_used = 75;
	w.d.wear.power_on_hours = 20000;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status == DC_WARN);
	x = reason_of(&w.r.verdicts[DC_ROLE_CEPH_OSD], DC_FND_YEARS_LEFT_FEW);
	CHECK(x && round(x->f.n[0] * 10) == 7);

	/* 1% or 2% (a whole percentage) says nothing of a rate: no figure, no "100 years" */
	for (unsigned pct = 0; pct < DC_WEAR_RATE_MIN_PERCENT; pct++) {
		w.d.wear.percent_used = pct;
		w.d.wear.power_on_hours = 2000;
		decide(&w);
		CHECK(w.r.endurance_years_left < 0 && w.r.years_basis == DC_YEARS_NONE);
		CHECK(!advice_has(&w.r, DC_FND_ADV_YEARS_LEFT));
	}
	/* 3% is the first that gives a bound: at least (100 - 4) / 4 of the hours so far */
	w.d.wear.percent_used = 3;
	w.d.wear.power_on_hours = 8766;
	decide(&w);
	CHECK(w.r.years_basis == DC_YEARS_WEAR_BOUND && round(w.r.endurance_years_left) == 24);
	/* at 1%, the rated TBW gives an estimate instead */
	w.d.wear.percent_used = 1;
	w.d.wear.have_written = true;
	w.d.wear.host_written_bytes = 100ull * 1000 * 1000 * 1000 * 1000;
	w.row.tbw_tb = 1000;
	decide(&w);
	adv = advice_of(&w.r, DC_FND_ADV_YEARS_LEFT);
	CHECK(adv && adv->ref == DC_YEARS_RATED_TBW && round(adv->n[0]) == 9);
	CHECK(advice_says(&w, "about 9.0 more years (an estimate"));
	/* with no rated TBW, what drives of the family took (issue 29): 1000 full-drive writes
	 * of 1 TB, 100 TB of it written in a year, about 9 years left, said as observed */
	w.row.tbw_tb = 0;
	w.dev.capacity_bytes = 1000ull * 1000 * 1000 * 1000;
	w.row.observed.drives = 42;
	w.row.observed.dw_median = 1000;
	decide(&w);
	adv = advice_of(&w.r, DC_FND_ADV_YEARS_LEFT);
	CHECK(adv && adv->ref == DC_YEARS_OBSERVED && w.r.years_basis == DC_YEARS_OBSERVED &&
	      round(adv->n[0]) == 9);
	CHECK(advice_says(&w, "the endurance that drives of its family showed lasts about 9.0 "
			  "more years (an estimate: bytes written against what drives of the family "
			  "took (42 drives, observed))"));
	CHECK(!advice_says(&w, "rated"));
	/* a rating first: the same drive with a rated TBW of 500 TB has 4 years */
	w.row.tbw_tb = 500;
	decide(&w);
	CHECK(w.r.years_basis == DC_YEARS_RATED_TBW && round(w.r.endurance_years_left) == 4);
	/* and with no TBW, a DWPD over a stated warranty: 0.25 x 365 x 5 drive writes of 1 TB,
	 * 456 TB, 100 TB of it written in a year: about 3.6 years */
	w.row.tbw_tb = 0;
	w.row.dwpd = 0.25;
	w.row.warranty_years = 5;
	decide(&w);
	CHECK(w.r.years_basis == DC_YEARS_RATED_TBW && round(w.r.endurance_years_left * 10) == 36);
	CHECK(advice_says(&w, "the rated endurance lasts about 3.6 more years (an estimate: bytes "
			  "written against the rated DWPD over the 5-year warranty)"));
	/* a DWPD without a warranty is no figure of bytes: the observed one stands */
	w.row.warranty_years = 0;
	decide(&w);
	CHECK(w.r.years_basis == DC_YEARS_OBSERVED);
	w.row.dwpd = 0;
	/* the observed figure needs the drive's capacity */
	w.row.tbw_tb = 0;
	w.dev.capacity_bytes = 0;
	decide(&w);
	CHECK(w.r.years_basis == DC_YEARS_NONE && w.r.endurance_years_left < 0);
	/* and 900 TB written of 1000 full-drive writes of 1 TB: 0.1 years, a warning that
	 * says what it rests on */
	w.dev.capacity_bytes = 1000ull * 1000 * 1000 * 1000;
	w.d.wear.host_written_bytes = 900ull * 1000 * 1000 * 1000 * 1000;
	decide(&w);
	x = reason_of(&w.r.verdicts[DC_ROLE_CEPH_DB], DC_FND_YEARS_LEFT_FEW);
	CHECK(x && x->f.ref == DC_YEARS_OBSERVED && round(x->f.n[0] * 10) == 1);
	memset(&w.row.observed, 0, sizeof(w.row.observed));
	w.d.wear.host_written_bytes = 100ull * 1000 * 1000 * 1000 * 1000;
	w.d.wear.have_written = false;
	w.row.tbw_tb = 0;
	w.d.wear.percent_used = 75;
	w.d.wear.power_on_hours = 20000;

	/* TBW: 900 of 1000 TB written in 8766 hours: 0.1 years left */
	w.d.wear.have_percent_used = false;
	w.d.wear.have_written = true;
	w.d.wear.host_written_bytes = 900ull * 1000 * 1000 * 1000 * 1000;
	w.d.wear.power_on_hours = 8766;
	w.row.tbw_tb = 1000;
	decide(&w);
	x = reason_of(&w.r.verdicts[DC_ROLE_CEPH_DB], DC_FND_YEARS_LEFT_FEW);
	CHECK(x && round(x->f.n[0] * 10) == 1);

	/* under a week of history: no rate, no claim */
	w.d.wear.power_on_hours = 100;
	decide(&w);
	CHECK(!reason_has(&w.r.verdicts[DC_ROLE_CEPH_DB], DC_FND_YEARS_LEFT_FEW));
}

/* The properties that matter most, over random facts:
 *  - "full" and U only with evidence of PLP itself (a database row saying full, a device
 *    signal of kind DC_EV_PLP, or the drive declaring no volatile cache), never when the
 *    drive reports failed protection;
 *  - S only with U or a database row that protects flushed data;
 *  - speed alone never changes the class: the same facts without the probe give the same;
 *  - a role passes only with S; an SLOG only with S and F fast (or F unmeasured with U);
 *  - the write-through hazard (cache possibly on, no U) fails every role;
 *  - the advice to turn flushes off or the cache off only with U. */
static void run_property(void)
{
	static const char *const transports[] = { "nvme", "sata", "sas", "virtio", "loop", "usb" };
	static const char *const kernels[] = { WB, WT, "" };
	static const enum dc_ev_kind kinds[] = {
		DC_EV_INFO, DC_EV_PLP, DC_EV_PLP_FAILED, DC_EV_PLP_DEGRADED, DC_EV_NO_VWC,
		DC_EV_HINT, DC_EV_AGAINST,
	};
	unsigned seed = 12345, violations[8] = { 0 };

	for (unsigned i = 0; i < 200000; i++) {
		struct world w;
		struct dcase c = { 0 };
		bool plp_ev = false, failed = false, no_vwc = false, S, U;
		enum dc_plp_class with_probe;
		unsigned nev;

		seed = seed * 1103515245u + 12345u;
		c.transport = transports[(seed >> 8) % 6];
		c.kernel = kernels[(seed >> 12) % 3];
		c.rotational = (enum dc_tri)((int)((seed >> 14) % 3) - 1);
		c.cache_present = (enum dc_tri)((int)((seed >> 16) % 3) - 1);
		c.cache_enabled = (enum dc_tri)((int)((seed >> 18) % 3) - 1);
		c.device_ev = DC_EV_INFO;
		c.db_plp = (seed >> 20) & 1 ? (int)((seed >> 21) % 5) : NOROW;
		c.db_kind = (enum dc_source_kind)((seed >> 24) % 7);
		c.dwpd = (seed >> 23) % 5;
		c.sync_p50 = (seed >> 26) % 2 ? 10.0 * ((seed >> 4) % 500) : 0;
		c.percent_used = (int)((seed >> 3) % 120) - 10;
		setup(&w, &c);
		/* up to three random device signals */
		nev = (seed >> 28) % 4;
		for (unsigned k = 0; k < nev; k++) {
			seed = seed * 1103515245u + 12345u;
			enum dc_ev_kind kind = kinds[(seed >> 16) % (sizeof(kinds) / sizeof(kinds[0]))];
			dc_drive_add_evidence(&w.d, kind, "fuzz", "x", "y");
			plp_ev |= kind == DC_EV_PLP;
			failed |= kind == DC_EV_PLP_FAILED;
			no_vwc |= kind == DC_EV_NO_VWC;
		}
		decide(&w);
		S = w.r.flushed_survive.value == DC_TRI_YES;
		U = w.r.unflushed_survive.value == DC_TRI_YES;
		if ((w.r.plp == DC_PLP_FULL || U) &&
		    (failed || !(plp_ev || no_vwc || (w.row.matched && w.row.plp == DC_PLP_FULL))))
			violations[0]++;
		if (S && !U && !(w.row.matched && (w.row.plp == DC_PLP_DATA_AT_REST ||
						  w.row.plp == DC_PLP_AT_LEAST_DATA_AT_REST)))
			violations[1]++;
		for (unsigned k = 0; k < DC_ROLE_COUNT; k++)
			if (w.r.verdicts[k].status == DC_PASS && !S)
				violations[2]++;
		if (w.r.verdicts[DC_ROLE_ZFS_SLOG].status == DC_PASS &&
		    !(w.r.flush_speed == DC_FLUSH_FAST || (w.r.flush_speed == DC_FLUSH_NOT_MEASURED && U)))
			violations[3]++;
		/* the hazard: write through on a cache that may be on, without U; but not on an
		 * NVMe drive whose identify was not read, where the nvme driver relays the
		 * drive's own "no volatile cache" (docs/health.md, the host): never the hazard,
		 * never the advice to write back */
		if (strcmp(c.kernel, WT) == 0 && c.cache_enabled != NO && !U &&
		    !(w.dev.protocol == DC_PROTO_NVME && c.cache_present == UNK))
			for (unsigned k = 0; k < DC_ROLE_COUNT; k++)
				violations[4] += w.r.verdicts[k].status != DC_FAIL;
		if (strcmp(c.kernel, WT) == 0 && w.dev.protocol == DC_PROTO_NVME &&
		    c.cache_present == UNK && (w.r.write_through_hazard ||
					       advice_has(&w.r, DC_FND_ADV_WRITE_BACK)))
			violations[7]++;
		if (!U && (advice_has(&w.r, DC_FND_ADV_DRBD_FLUSHES_OFF) ||
			   advice_has(&w.r, DC_FND_ADV_KEEP_CACHE_OFF) ||
			   advice_has(&w.r, DC_FND_ADV_TRY_CACHE_OFF) ||
			   advice_has(&w.r, DC_FND_ADV_MAY_TRY_CACHE_OFF)))
			violations[5]++;
		/* the same facts, no probe: the same class, S and U */
		with_probe = w.r.plp;
		w.p.mode = DC_PROBE_NOT_RUN;
		w.p.sync.count = 0;
		decide(&w);
		if (w.r.plp != with_probe || (w.r.flushed_survive.value == DC_TRI_YES) != S ||
		    (w.r.unflushed_survive.value == DC_TRI_YES) != U)
			violations[6]++;
	}
	for (unsigned k = 0; k < 8; k++) {
		if (violations[k])
			fprintf(stderr, "  property %u: %u violations\n", k, violations[k]);
		CHECK(violations[k] == 0);
	}
}

/*
 * Nothing unmeasured or unread passes (docs/design.md): F not measured warns every role,
 * whatever U; a drive with a health verdict that gave none warns; each says what is
 * missing, and measured_status keeps what was measured apart.
 */
static void run_unmeasured(void)
{
	struct world w;

	setup(&w, case_named("full PLP, probe not run: warns, says so"));
	decide(&w);
	for (unsigned i = 0; i < DC_ROLE_COUNT; i++) {
		CHECK(w.r.verdicts[i].status == DC_WARN);
		CHECK(w.r.verdicts[i].unmeasured == DC_UNMEASURED_FLUSH);
		CHECK(w.r.verdicts[i].measured_status == DC_PASS);
	}
	/* the drive gave no health verdict: a second thing missing */
	w.d.smart.self_assessment = DC_SELF_NOT_GIVEN;
	decide(&w);
	CHECK(w.r.health.status == DC_HEALTH_UNKNOWN);
	for (unsigned i = 0; i < DC_ROLE_COUNT; i++) {
		CHECK(reason_has(&w.r.verdicts[i], DC_FND_HEALTH_NOT_READ));
		CHECK(w.r.verdicts[i].unmeasured == (DC_UNMEASURED_FLUSH | DC_UNMEASURED_HEALTH));
		CHECK(w.r.verdicts[i].measured_status == DC_PASS);
	}
	/* failed backup power shows in the health not read: no flush is advised off */
	CHECK(!advice_has(&w.r, DC_FND_ADV_DRBD_FLUSHES_OFF) &&
	      !advice_has(&w.r, DC_FND_ADV_MAY_TRY_CACHE_OFF));
	CHECK(advice_has(&w.r, DC_FND_ADV_DRBD_FLUSHES_ON_UNREAD));
	/* a fast probe does not make up for unread health */
	setup(&w, case_named("database full, fast NVMe"));
	w.d.smart.self_assessment = DC_SELF_NOT_GIVEN;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status == DC_WARN);
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].unmeasured == DC_UNMEASURED_HEALTH);
	/* nor does a slow one become a pass: what was measured still fails */
	setup(&w, case_named("database full, slow flushes: contradiction"));
	w.d.smart.self_assessment = DC_SELF_NOT_GIVEN;
	decide(&w);
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status == DC_FAIL);
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].measured_status == DC_FAIL);
	/* a device with nothing to ask (a loop, a virtio disk) has no verdict to give */
	setup(&w, case_named("database full, fast NVMe"));
	w.d.smart.self_assessment = DC_SELF_NOT_GIVEN;
	w.dev.protocol = DC_PROTO_NONE;
	decide(&w);
	CHECK(!reason_has(&w.r.verdicts[DC_ROLE_CEPH_OSD], DC_FND_HEALTH_NOT_READ));
	CHECK(w.r.verdicts[DC_ROLE_CEPH_OSD].status == DC_PASS &&
	      w.r.verdicts[DC_ROLE_CEPH_OSD].unmeasured == 0);
}

/* A drive that says it is failing is to be replaced: no tuning, no years of reassurance. */
static void run_failing_advice(void)
{
	struct world w;

	setup(&w, case_named("database full, fast NVMe"));
	w.d.smart.self_assessment = DC_SELF_FAILED;
	w.d.wear.have_power_on = true;
	w.d.wear.power_on_hours = 10000;
	w.d.wear.have_percent_used = true;
	w.d.wear.percent_used = 10;
	decide(&w);
	CHECK(w.r.health.status == DC_HEALTH_FAILING);
	CHECK(w.r.verdicts[DC_ROLE_DRBD].status == DC_FAIL);
	CHECK(advice_has(&w.r, DC_FND_ADV_REPLACE_FAILING) &&
	      w.r.advice[0].code == DC_FND_ADV_REPLACE_FAILING);
	CHECK(!advice_has(&w.r, DC_FND_ADV_DRBD_FLUSHES_OFF));
	CHECK(!advice_has(&w.r, DC_FND_ADV_MAY_TRY_CACHE_OFF));
	CHECK(!advice_has(&w.r, DC_FND_ADV_YEARS_LEFT));
	CHECK(!advice_says(&w, "are safe on this drive") && !advice_says(&w, "udev"));
	CHECK(advice_says(&w, "replace this drive: it says it is failing"));
	/* the same drive, healthy, gets the tuning */
	w.d.smart.self_assessment = DC_SELF_PASSED;
	decide(&w);
	CHECK(!advice_has(&w.r, DC_FND_ADV_REPLACE_FAILING));
	CHECK(advice_has(&w.r, DC_FND_ADV_DRBD_FLUSHES_OFF));
	CHECK(advice_has(&w.r, DC_FND_ADV_YEARS_LEFT));
}

/* A finding as its row (core/finding_table.c) says: in its group's list, a ref only where
 * the row names its kind, and a figure only where the row says what it is. */
static void check_row(const char *cname, const struct dc_finding *x, enum dc_finding_group in)
{
	const struct dc_finding_info *row = dc_finding_info(x->code);
	bool ok = row->group == in && (row->ref != DC_REF_NONE || x->ref == 0);

	for (unsigned i = 0; i < DC_FINDING_NUMS; i++)
		ok &= x->n[i] == 0 || row->n[i] != NULL;
	if (!ok)
		fprintf(stderr, "  in case '%s': finding %s does not fit its row\n", cname,
			dc_finding_name(x->code));
	CHECK(ok);
}

static void run_rows(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct world w;

		setup(&w, &cases[i]);
		/* a wear and years-left figure, so that their findings are written too */
		w.d.wear.have_power_on = true;
		w.d.wear.power_on_hours = 20000;
		w.d.wear.have_percent_used = true;
		w.d.wear.percent_used = 85;
		decide(&w);
		check_row(cases[i].name, &w.r.flushed_survive.basis, DC_FG_BASIS);
		check_row(cases[i].name, &w.r.unflushed_survive.basis, DC_FG_BASIS);
		check_row(cases[i].name, &w.r.fast.basis, DC_FG_BASIS);
		for (unsigned k = 0; k < w.r.nfindings; k++)
			check_row(cases[i].name, &w.r.findings[k], DC_FG_EVIDENCE);
		for (unsigned v = 0; v < DC_ROLE_COUNT; v++)
			for (unsigned k = 0; k < w.r.verdicts[v].nreasons; k++)
				check_row(cases[i].name, &w.r.verdicts[v].reasons[k].f, DC_FG_REASON);
		for (unsigned k = 0; k < w.r.nadvice; k++)
			check_row(cases[i].name, &w.r.advice[k], DC_FG_ADVICE);
	}
}

int main(void)
{
	run_table();
	run_rows();
	run_unmeasured();
	run_failing_advice();
	run_declared_no_cache();
	run_years_left();
	run_raid_volume();
	run_bounds();
	run_unidentified();
	run_slow_plp_contradiction();
	run_sync_modes();
	run_property();
	return dc_test_summary("test_decide");
}
