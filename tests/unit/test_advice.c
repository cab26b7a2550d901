// SPDX-License-Identifier: GPL-2.0-or-later
/* test_advice.c - what drivecheck tells a user to do: the cache-off command and its udev
 * rule only with U, DRBD's flushes off only with U, what --try-cache-off found, and a cache
 * an earlier run left off. */
#include "dc_test.h"
#include "decide_cases.h"
#include "thresholds.h"

/* The advice to turn the volatile cache off: only with U, only when flushes are slow
 * or middling with the cache on, with the command and the udev rule for the protocol. */
static void run_cache_off_advice(void)
{
	struct world w;

	/* each command set gets its own command and udev rule */
	static const struct {
		enum dc_transport tran;
		enum dc_protocol proto;
		const char *cmd, *rule, *model;
	} sets[] = {
		{ DC_TRAN_NVME, DC_PROTO_NVME, "nvme set-feature DEV --feature-id=0x06 --value=0",
		  "SUBSYSTEM==\"nvme\"", "ATTR{model}==\"TEST MODEL*\"" },
		{ DC_TRAN_SATA, DC_PROTO_ATA, "hdparm -W 0 DEV", "ATTR{cache_type}=\"write through\"",
		  "ATTRS{model}==\"TEST MODEL*\"" },
		{ DC_TRAN_SAS, DC_PROTO_SCSI, "sdparm --clear WCE --save DEV",
		  "ATTR{cache_type}=\"write through\"", "ATTRS{model}==\"TEST MODEL*\"" },
	};

	for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
		setup(&w, case_named("database full, slow flushes: contradiction"));
		w.dev.transport = sets[i].tran;
		w.dev.protocol = sets[i].proto;
		decide(&w);
		CHECK(advice_has(&w.r, DC_FND_ADV_TRY_CACHE_OFF));
		CHECK(advice_says(&w, sets[i].cmd));
		CHECK(advice_says(&w, sets[i].rule));
		CHECK(advice_says(&w, sets[i].model));
	}

	/* middling counts as slow here */
	setup(&w, case_named("the same 460 us on NVMe is only middling"));
	decide(&w);
	CHECK(advice_has(&w.r, DC_FND_ADV_TRY_CACHE_OFF));
	/* not measured: a softer word, still with the command */
	setup(&w, case_named("full PLP, probe not run: warns, says so"));
	decide(&w);
	CHECK(advice_has(&w.r, DC_FND_ADV_MAY_TRY_CACHE_OFF));
	CHECK(advice_says(&w, "--try-cache-off /dev/") && advice_says(&w, "measures both") &&
	      advice_says(&w, "hdparm -W 0 DEV"));

	/* never without U, never when fast, never with the cache already off */
	setup(&w, case_named("consumer SATA, slow"));
	decide(&w);
	CHECK(!advice_has(&w.r, DC_FND_ADV_TRY_CACHE_OFF) &&
	      !advice_has(&w.r, DC_FND_ADV_MAY_TRY_CACHE_OFF) && !advice_says(&w, "hdparm"));
	setup(&w, case_named("data at rest, middling SATA"));
	decide(&w);
	CHECK(!advice_says(&w, "hdparm"));
	setup(&w, case_named("database full, fast NVMe"));
	decide(&w);
	CHECK(!advice_has(&w.r, DC_FND_ADV_TRY_CACHE_OFF));
	setup(&w, case_named("no volatile cache and slow: safe, slow"));
	decide(&w);
	CHECK(!advice_says(&w, "set-feature"));
	setup(&w, case_named("capacitor failed beats the database"));
	w.p.sync.p50_us = 3000;
	decide(&w);
	CHECK(!advice_says(&w, "set-feature"));
}

/* DRBD's advice: flushes off only with U, and not on a drive whose flushes are slow
 * for no known reason; a drive to replace gets no DRBD advice at all. */
static void run_drbd_advice(void)
{
	static const struct { const char *name; bool safe, replace; } list[] = {
		{ "database full, fast NVMe", true, false },
		{ "write through on a drive declaring no cache: correct, and measured", true, false },
		{ "database full, slow flushes: contradiction", false, false },
		{ "consumer SATA, slow", false, false },
		{ "data at rest, fast: S and F are enough, SLOG too", false, false },
		{ "at least data at rest (OpenZFS list), fast", false, false },
		{ "capacitor failed beats the database", false, true },
		{ "fast probe alone is never full", false, false },
	};

	for (size_t i = 0; i < sizeof(list) / sizeof(list[0]); i++) {
		struct world w;

		setup(&w, case_named(list[i].name));
		decide(&w);
		CHECK(advice_has(&w.r, DC_FND_ADV_DRBD_FLUSHES_OFF) == list[i].safe);
		CHECK((advice_has(&w.r, DC_FND_ADV_DRBD_FLUSHES_ON) ||
		       advice_has(&w.r, DC_FND_ADV_DRBD_FLUSHES_ON_SLOW)) ==
		      (!list[i].safe && !list[i].replace));
		CHECK(advice_has(&w.r, DC_FND_ADV_REPLACE_PLP_FAILED) == list[i].replace);
		CHECK(advice_says(&w, "'disk-flushes no' and 'md-flushes no' are safe") ==
		      list[i].safe);
		/* the DRBD verdict says so too, where U is not shown */
		CHECK(reason_has(&w.r.verdicts[DC_ROLE_DRBD], DC_FND_DRBD_KEEP_FLUSHES) ==
		      (w.r.unflushed_survive.value != DC_TRI_YES));
	}
}

/* FUA (RWF_DSYNC) and flush (write + fdatasync): each role uses what it waits on,
 * a large disagreement is a finding and a warning; etcd gates on the flush's p99. */
/* --try-cache-off: advice to keep the cache off only with U and a real gain. */
static void run_cache_trial(void)
{
	struct world w;
	struct dc_cache_trial t;
	struct dc_cache_left left;

	memset(&t, 0, sizeof(t));
	memset(&left, 0, sizeof(left));
	t.state = DC_TRIAL_DONE;
	t.probe.mode = DC_PROBE_RAW;
	t.probe.sync.count = t.probe.flush.count = 500;
	t.probe.sync.p50_us = 30;
	t.probe.flush.p50_us = 45;

	/* U (database full), slow flushes with the cache on, 45 us with it off: keep it off */
	setup(&w, case_named("database full, slow flushes: contradiction"));
	w.dev.transport = DC_TRAN_SATA;
	w.dev.protocol = DC_PROTO_ATA;
	w.f.trial = &t;
	w.f.left = &left;
	decide(&w);
	CHECK(w.r.cache_off_p50_us == 45 && w.r.cache_off_speed == DC_FLUSH_FAST);
	CHECK(w.r.cache_off_faster);
	CHECK(advice_has(&w.r, DC_FND_ADV_KEEP_CACHE_OFF));
	CHECK(advice_says(&w, "keep the cache off (hdparm -W 0 DEV"));
	CHECK(advice_says(&w, "ATTR{cache_type}=\"write through\""));
	/* measured already: not offered again */
	CHECK(!advice_has(&w.r, DC_FND_ADV_TRY_CACHE_OFF) &&
	      !advice_has(&w.r, DC_FND_ADV_MAY_TRY_CACHE_OFF));
	/* the verdict is the drive as found: the experiment does not change F */
	CHECK(w.r.flush_speed == DC_FLUSH_SLOW);

	/* off only 1.5x faster: under DC_CACHE_OFF_GAIN_RATIO, leave it on */
	t.probe.sync.p50_us = t.probe.flush.p50_us = w.r.flush_p50_us / 1.5;
	decide(&w);
	CHECK(!w.r.cache_off_faster && advice_has(&w.r, DC_FND_ADV_CACHE_OFF_RESULT) &&
	      advice_says(&w, "leave it on"));
	CHECK(!advice_has(&w.r, DC_FND_ADV_KEEP_CACHE_OFF));
	/* exactly at the ratio counts */
	t.probe.sync.p50_us = t.probe.flush.p50_us = w.r.flush_p50_us / DC_CACHE_OFF_GAIN_RATIO;
	decide(&w);
	CHECK(w.r.cache_off_faster && advice_has(&w.r, DC_FND_ADV_KEEP_CACHE_OFF));

	/* no U: faster off, and still no advice to keep it off */
	setup(&w, case_named("consumer SATA, slow"));
	t.probe.sync.p50_us = 30;
	t.probe.flush.p50_us = 45;
	w.f.trial = &t;
	decide(&w);
	CHECK(w.r.cache_off_faster && !advice_has(&w.r, DC_FND_ADV_KEEP_CACHE_OFF));
	CHECK(advice_has(&w.r, DC_FND_ADV_CACHE_OFF_RESULT) &&
	      advice_says(&w, "advised only where completed writes survive"));

	/* failed: said, with its reason; nothing measured */
	t.state = DC_TRIAL_FAILED;
	snprintf(t.why, sizeof(t.why), "the drive refused to turn its cache off");
	decide(&w);
	CHECK(advice_has(&w.r, DC_FND_ADV_TRIAL_FAILED) &&
	      advice_says(&w, "cache experiment failed: the drive refused"));
	CHECK(w.r.cache_off_speed == DC_FLUSH_NOT_MEASURED && !w.r.cache_off_faster);
	/* skipped: no advice (the JSON and -v say why) */
	t.state = DC_TRIAL_SKIPPED;
	decide(&w);
	CHECK(!advice_has(&w.r, DC_FND_ADV_TRIAL_FAILED) &&
	      !advice_has(&w.r, DC_FND_ADV_CACHE_OFF_RESULT) &&
	      !advice_has(&w.r, DC_FND_ADV_KEEP_CACHE_OFF));

	/* a cache an earlier run left off: the restore command; running: said as such */
	setup(&w, case_named("consumer SATA, slow"));
	left.found = true;
	left.pid = 4242;
	snprintf(left.since, sizeof(left.since), "2026-12-01T10:00:00Z");
	w.f.left = &left;
	decide(&w);
	CHECK(advice_has(&w.r, DC_FND_ADV_CACHE_LEFT_OFF) &&
	      advice_says(&w, "drivecheck --restore-cache /dev/test"));
	CHECK(advice_says(&w, "hdparm -W 1 DEV") && advice_says(&w, "pid 4242"));
	left.running = true;
	decide(&w);
	CHECK(!advice_has(&w.r, DC_FND_ADV_CACHE_LEFT_OFF) &&
	      advice_has(&w.r, DC_FND_ADV_CACHE_OFF_NOW) && advice_says(&w, "right now"));
}

int main(void)
{
	run_cache_off_advice();
	run_drbd_advice();
	run_cache_trial();
	return dc_test_summary("test_advice");
}
