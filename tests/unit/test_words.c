// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_words.c - the prose, apart from the decision: every finding code has a name and
 * words of its own, and a few worlds' findings in words are held against a small golden
 * set (tests/unit/words.golden). The decision itself is tested by its findings
 * (test_decide.c, test_advice.c); this file is where a change of wording shows.
 *
 *   DC_WORDS_UPDATE=1 build/tests/test_words    rewrites the golden set
 */
#include <stdlib.h>

#include "dc_test.h"
#include "core/names.h"
#include "decide_cases.h"
#include "sample_file.h"
#include "fleet/summary.h"

#define GOLDEN "tests/unit/words.golden"

/* Every code has a name, and its renderer has words for it (not the "(finding N)" of a
 * code it does not know). */
static void run_every_code(void)
{
	struct world w;
	char buf[DC_WORDS_LEN];

	setup(&w, case_named("database full, fast NVMe"));
	decide(&w);
	for (int c = DC_FND_NONE + 1; c < DC_FND_COUNT; c++) {
		struct dc_finding x = { .code = (enum dc_finding_code)c };
		struct dc_property p = { .basis = x };
		struct dc_reason rs = { .f = x };
		struct dc_words_evidence ev;

		CHECK(strcmp(dc_finding_name(x.code), "?") != 0);
		buf[0] = '\0';
		switch (dc_finding_info(x.code)->group) {
		case DC_FG_BASIS:
			dc_words_basis(&w.f, &p, buf, sizeof(buf));
			break;
		case DC_FG_EVIDENCE:
			w.r.nfindings = 1;
			w.r.findings[0] = x;
			dc_words_evidence(&w.f, &w.r, w.d.nevidence, &ev);
			snprintf(buf, sizeof(buf), "%s", ev.value);
			break;
		case DC_FG_REASON:
			dc_words_reason(&w.f, &w.r, &rs, buf, sizeof(buf));
			break;
		case DC_FG_ADVICE:
			dc_words_advice(&w.f, &w.r, &x, buf, sizeof(buf));
			break;
		case DC_FG_NONE:
			break;
		}
		if (!buf[0] || strncmp(buf, "(finding", 8) == 0) {
			fprintf(stderr, "code %d (%s) has no words\n", c, dc_finding_name(x.code));
			CHECK(false);
		}
	}
}

/* One world's findings in words, as the -v block has them. */
static size_t world_words(const char *name, char *out, size_t len)
{
	struct world w;
	size_t at = 0;
	char buf[DC_WORDS_LEN];
	struct dc_words_evidence ev;

	setup(&w, case_named(name));
	decide(&w);
	at += (size_t)snprintf(out + at, len - at, "== %s\n", name);
	dc_words_basis(&w.f, &w.r.flushed_survive, buf, sizeof(buf));
	at += (size_t)snprintf(out + at, len - at, "S: %s\n", buf);
	dc_words_basis(&w.f, &w.r.unflushed_survive, buf, sizeof(buf));
	at += (size_t)snprintf(out + at, len - at, "U: %s\n", buf);
	dc_words_source(&w.f, &w.r.unflushed_survive, buf, sizeof(buf));
	at += (size_t)snprintf(out + at, len - at, "U source: %s\n", buf);
	dc_words_basis(&w.f, &w.r.fast, buf, sizeof(buf));
	at += (size_t)snprintf(out + at, len - at, "F: %s\n", buf);
	for (unsigned i = 0; i < dc_words_evidence_count(&w.f, &w.r); i++) {
		dc_words_evidence(&w.f, &w.r, i, &ev);
		at += (size_t)snprintf(out + at, len - at, "evidence [%s] %s: %s: %s\n",
				       dc_ev_kind_name(ev.kind), ev.source, ev.what, ev.value);
	}
	for (unsigned k = 0; k < DC_ROLE_COUNT; k++)
		for (unsigned i = 0; i < w.r.verdicts[k].nreasons; i++) {
			dc_words_reason(&w.f, &w.r, &w.r.verdicts[k].reasons[i], buf, sizeof(buf));
			at += (size_t)snprintf(out + at, len - at, "%s %s: %s\n",
					       dc_role_cli_name((enum dc_role)k),
					       dc_status_name(w.r.verdicts[k].reasons[i].weighs), buf);
		}
	for (unsigned i = 0; i < w.r.nadvice; i++) {
		dc_words_advice(&w.f, &w.r, &w.r.advice[i], buf, sizeof(buf));
		at += (size_t)snprintf(out + at, len - at, "advice: %s\n", buf);
	}
	return at;
}

/* The wear's words (render/words_wear.c): where each figure came from, and two counters of
 * one figure that do not agree, as the -v block has them. */
static size_t wear_words(char *out, size_t len)
{
	const struct dc_wear_source log = { DC_WEAR_FROM_ATA_DEVSTAT, 0 };
	const struct dc_wear_source a246 = { DC_WEAR_FROM_ATA_ATTR, 246 }, a241 = { DC_WEAR_FROM_ATA_ATTR, 241 };
	const struct dc_wear_source a9 = { DC_WEAR_FROM_ATA_ATTR, 9 }, a174 = { DC_WEAR_FROM_ATA_ATTR, 174 };
	const struct dc_wear_counters c[] = {
		/* a Crucial MX500: the log wrapped 53 times, attribute 246 did not */
		{ DC_WEAR_WRITTEN, DC_COUNTERS_WRAPPED, 1, 53, { log, a246 },
		  { 1016262727ull * 512, 228649529375ull * 512 } },
		/* an attribute that kept 32 bits under the log */
		{ DC_WEAR_WRITTEN, DC_COUNTERS_WRAPPED, 0, 1, { log, a246 },
		  { 6000000000ull * 512, 1705032704ull * 512 } },
		/* an Intel 530: half as much again in the log as in 241 */
		{ DC_WEAR_WRITTEN, DC_COUNTERS_DISAGREE, 0, 0, { log, a241 },
		  { 3998374154ull * 512, 40065ull << 25 } },
		/* a log that never started counting hours */
		{ DC_WEAR_POWER_ON, DC_COUNTERS_DISAGREE, 1, 0, { log, a9 }, { 0, 32939 } },
		{ DC_WEAR_POWER_ON, DC_COUNTERS_DISAGREE, 0, 0, { log, a9 }, { 20000, 32939 } },
	};
	struct dc_wear w = { 0 };
	char buf[DC_WORDS_LEN];
	size_t at = (size_t)snprintf(out, len, "== wear\n");

	w.from[DC_WEAR_PERCENT_USED] = w.from[DC_WEAR_POWER_ON] = log;
	w.from[DC_WEAR_WRITTEN] = a246;
	w.from[DC_WEAR_UNSAFE_SHUTDOWNS] = a174;
	dc_words_wear_sources(&w, buf, sizeof(buf));
	at += (size_t)snprintf(out + at, len - at, "from: %s\n", buf);
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		dc_words_wear_counters(&c[i], buf, sizeof(buf));
		at += (size_t)snprintf(out + at, len - at, "wear counters: %s\n", buf);
	}
	return at;
}

static void run_golden(void)
{
	static const char *const worlds[] = {
		"database full, fast NVMe",
		"consumer SATA, slow",
		"write-through probe on the hazard is not a measurement",
		"capacitor failed beats the database",
		"write through on a drive declaring no cache: correct, and measured",
		"slow FUA, fast flush: Ceph warns of it, DRBD fails",
		"etcd: a fast median with a p99 over 10 ms fails etcd alone",
		"spinning disk",
		"full PLP, probe not run: warns, says so",
	};
	size_t len = 256 * 1024, at = 0;
	char *text = calloc(1, len), *want;

	if (!text) {
		CHECK(text != NULL);
		return;
	}
	for (size_t i = 0; i < sizeof(worlds) / sizeof(worlds[0]); i++)
		at += world_words(worlds[i], text + at, len - at);
	at += wear_words(text + at, len - at);
	CHECK(at < len - 1);
	if (getenv("DC_WORDS_UPDATE")) {
		FILE *f = fopen(GOLDEN, "w");

		CHECK(f && fputs(text, f) >= 0 && fclose(f) == 0);
		free(text);
		return;
	}
	want = slurp(GOLDEN, NULL);
	CHECK(want != NULL);
	if (want && strcmp(want, text) != 0) {
		size_t i = 0, line = 1, start = 0;

		for (; want[i] && want[i] == text[i]; i++)
			if (want[i] == '\n') {
				line++;
				start = i + 1;
			}
		fprintf(stderr, "%s:%zu: the words differ (DC_WORDS_UPDATE=1 rewrites it)\n"
			"  want: %.*s\n  now:  %.*s\n", GOLDEN, line,
			(int)strcspn(want + start, "\n"), want + start,
			(int)strcspn(text + start, "\n"), text + start);
		CHECK(false);
	}
	free(want);
	free(text);
}

/* Why a drive needs a look first (the summaries' "look at these first"): every look has
 * words, made from the facts the summary kept. */
static void run_looks(void)
{
	struct dc_look_why w;
	char buf[DC_WORDS_LEN];

	for (int l = DC_LOOK_NONE + 1; l <= DC_LOOK_ADVISORY_FAILS; l++) {
		memset(&w, 0, sizeof(w));
		w.look = (enum dc_look)l;
		CHECK(dc_words_look(&w, buf, sizeof(buf)) > 0 && buf[0]);
	}
	memset(&w, 0, sizeof(w));
	CHECK(dc_words_look(&w, buf, sizeof(buf)) == 0 && !buf[0]);
	w.look = DC_LOOK_WORN;
	w.percent_used = 93;
	dc_words_look(&w, buf, sizeof(buf));
	CHECK_STR(buf, "93% of rated endurance used");
	w.look = DC_LOOK_YEARS_LEFT;
	w.years_left = 0.44;
	dc_words_look(&w, buf, sizeof(buf));
	CHECK_STR(buf, "rated endurance may run out within 0.4 years at its write rate");
	/* an observed endurance is never said as a rating (issue 29) */
	w.years_basis = DC_YEARS_OBSERVED;
	dc_words_look(&w, buf, sizeof(buf));
	CHECK_STR(buf, "endurance that drives of its family showed may run out within 0.4 years "
		  "at its write rate");
	w.look = DC_LOOK_ADVISORY_FAILS;
	snprintf(w.advisory_id, sizeof(w.advisory_id), "HPE-A00092491");
	snprintf(w.advisory_title, sizeof(w.advisory_title), "fails at 32,768 hours");
	snprintf(w.advisory_fixed, sizeof(w.advisory_fixed), "HPD8");
	dc_words_look(&w, buf, sizeof(buf));
	CHECK_STR(buf, "firmware advisory HPE-A00092491: fails at 32,768 hours; update to HPD8");
	w.look = DC_LOOK_HEALTH_FAILING;
	w.have_problem = true;
	w.problem.kind = DC_HP_SELF_ASSESSMENT;
	snprintf(w.health_source, sizeof(w.health_source), "ATA SMART RETURN STATUS");
	dc_words_look(&w, buf, sizeof(buf));
	CHECK_STR(buf, "the drive says it is failing: the drive's own health assessment says "
		  "FAILED (ATA SMART RETURN STATUS)");
}

int main(void)
{
	run_every_code();
	run_looks();
	run_golden();
	return dc_test_summary("test_words");
}
