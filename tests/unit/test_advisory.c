// SPDX-License-Identifier: GPL-2.0-or-later
/* test_advisory.c - known firmware defects (issue 22): whether an advisory hits a drive at
 * its boundaries (one hour either side of the failure point, the fixed firmware, a capacity
 * it does not name, another OEM's firmware string, the model with and without its vendor
 * word), the rules of evidence that may back one, and the query on the bundled database. */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lookup/advisory.h"
#include "lookup/db.h"
#include "dc_test.h"
#include "lookup/source_rules.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* A counter defect like HPE's 32,768-hour bulletin (synthetic rule, the real one below). */
static const char *const hpe_models[] = { "VO0480JFDGT", "MO3200JFFCL" };
static const char *const hpe_affected[] = { "HPD[0-7]" };
static const struct dc_adv_rule hpe = {
	hpe_models, N(hpe_models), hpe_affected, N(hpe_affected), NULL, 0, "HPD8", NULL, 0, 32768,
};

/* A capacity-limited one like Intel's XCV10100 (1.92 and 3.84 TB only). */
static const char *const intel_models[] = { "SSDSC2KB*T8*", "SSDSC2KB*G8*" };
static const char *const intel_affected[] = { "XCV10100" };
static const double intel_caps[] = { 1920, 3840 };
static const struct dc_adv_rule intel = {
	intel_models, N(intel_models), intel_affected, N(intel_affected), NULL, 0, "XCV10110",
	intel_caps, N(intel_caps), 1700,
};

/* One whose earlier firmware is not named: every string but the fix and later (Dell's). */
static const char *const dell_models[] = { "LT0200MO" };
static const char *const dell_affected[] = { "*" };
static const char *const dell_not[] = { "D41[7-9]", "D4[2-9]?", "D[5-9]??" };
static const struct dc_adv_rule dell = {
	dell_models, N(dell_models), dell_affected, N(dell_affected), dell_not, N(dell_not), "D417",
	NULL, 0, 40000,
};

/* Every string but the fix, with no later release named: the fix alone is spared. */
static const struct dc_adv_rule fix_only = {
	dell_models, N(dell_models), dell_affected, N(dell_affected), NULL, 0, "D417", NULL, 0, 0,
};

static enum dc_adv_match m(const struct dc_adv_rule *r, const char *model, const char *fw,
			   uint64_t cap, long long poh, long long *left, bool *known)
{
	return dc_adv_match(r, model, fw, cap, poh, left, known);
}

static void test_counter(void)
{
	long long left;
	bool known;

	/* one hour before the failure point, at it, one hour after */
	CHECK(m(&hpe, "VO0480JFDGT", "HPD7", 0, 32767, &left, &known) == DC_ADV_AFFECTED);
	CHECK(known && left == 1);
	CHECK(m(&hpe, "VO0480JFDGT", "HPD7", 0, 32768, &left, &known) == DC_ADV_AFFECTED);
	CHECK(known && left == 0);
	CHECK(m(&hpe, "VO0480JFDGT", "HPD7", 0, 32769, &left, &known) == DC_ADV_AFFECTED);
	CHECK(known && left == -1);
	/* hours not known: affected all the same, no hours left */
	CHECK(m(&hpe, "VO0480JFDGT", "HPD1", 0, -1, &left, &known) == DC_ADV_AFFECTED);
	CHECK(!known);
	/* a fresh drive: the whole count ahead */
	CHECK(m(&hpe, "VO0480JFDGT", "HPD5", 0, 0, &left, &known) == DC_ADV_AFFECTED);
	CHECK(known && left == 32768);
}

static void test_firmware(void)
{
	long long left;
	bool known;

	/* the fixed firmware, and a later one the list does not name */
	CHECK(m(&hpe, "MO3200JFFCL", "HPD8", 0, 40000, &left, &known) == DC_ADV_NOT_AFFECTED);
	CHECK(m(&hpe, "MO3200JFFCL", "HPD9", 0, 1, &left, &known) == DC_ADV_NOT_AFFECTED);
	CHECK(m(&hpe, "MO3200JFFCL", "HPD10", 0, 1, &left, &known) == DC_ADV_NOT_AFFECTED);
	/* an OEM string of another family: Intel's on an HPE model, HPE's own HPG on it, Dell's
	 * on an Intel model. None is compared by an ordering with the advisory's own. */
	CHECK(m(&hpe, "VO0480JFDGT", "XCV10100", 0, 1, &left, &known) == DC_ADV_NOT_AFFECTED);
	CHECK(m(&hpe, "VO0480JFDGT", "HPG3", 0, 1, &left, &known) == DC_ADV_NOT_AFFECTED);
	CHECK(m(&intel, "SSDSC2KB019T8R", "XCV1DL69", 0, 1, &left, &known) == DC_ADV_NOT_AFFECTED);
	CHECK(m(&intel, "SSDSC2KB019T8R", "HPD7", 0, 1, &left, &known) == DC_ADV_NOT_AFFECTED);
	/* firmware as drives pad it, in any case */
	CHECK(m(&hpe, "VO0480JFDGT", " hpd7 ", 0, 1, &left, &known) == DC_ADV_AFFECTED);
	/* no firmware given: the model's advisory, said so */
	CHECK(m(&hpe, "VO0480JFDGT", "", 0, 100, &left, &known) == DC_ADV_FIRMWARE_UNKNOWN);
	CHECK(known && left == 32668);
	CHECK(m(&hpe, "VO0480JFDGT", NULL, 0, -1, &left, &known) == DC_ADV_FIRMWARE_UNKNOWN);
	/* every string but the fix and later releases of the advisory's own naming */
	CHECK(m(&dell, "LT0200MO", "P404", 0, 1, &left, &known) == DC_ADV_AFFECTED);
	CHECK(m(&dell, "LT0200MO", "D416", 0, 1, &left, &known) == DC_ADV_AFFECTED);
	CHECK(m(&dell, "LT0200MO", "D417", 0, 1, &left, &known) == DC_ADV_NOT_AFFECTED);
	CHECK(m(&dell, "LT0200MO", "D420", 0, 1, &left, &known) == DC_ADV_NOT_AFFECTED);
	CHECK(m(&dell, "LT0200MO", "D501", 0, 1, &left, &known) == DC_ADV_NOT_AFFECTED);
	/* the fix is never affected, whatever the globs say */
	CHECK(m(&fix_only, "LT0200MO", "D417", 0, 1, &left, &known) == DC_ADV_NOT_AFFECTED);
	CHECK(m(&fix_only, "LT0200MO", "d417 ", 0, 1, &left, &known) == DC_ADV_NOT_AFFECTED);
	CHECK(m(&fix_only, "LT0200MO", "D418", 0, 1, &left, &known) == DC_ADV_AFFECTED);
	CHECK(!known);
	/* another model: nothing, whatever the firmware */
	CHECK(m(&hpe, "MO003200JWFWR", "HPD2", 0, 1, &left, &known) == DC_ADV_NO_MATCH);
	CHECK(m(&hpe, "", "HPD2", 0, 1, &left, &known) == DC_ADV_NO_MATCH);
	CHECK(m(&hpe, NULL, "HPD2", 0, 1, &left, &known) == DC_ADV_NO_MATCH);
}

static void test_capacity_and_vendor_word(void)
{
	long long left;
	bool known;

	/* the capacities it names (as the drives count bytes) */
	CHECK(m(&intel, "INTEL SSDSC2KB019T8", "XCV10100", 1920383410176ULL, 1, &left, &known) ==
	      DC_ADV_AFFECTED);
	CHECK(m(&intel, "INTEL SSDSC2KB038T8", "XCV10100", 3840755982336ULL, 1, &left, &known) ==
	      DC_ADV_AFFECTED);
	/* a capacity it does not name: the 960 GB drive on the same firmware is not flagged */
	CHECK(m(&intel, "INTEL SSDSC2KB960G8", "XCV10100", 960197124096ULL, 1, &left, &known) ==
	      DC_ADV_NO_MATCH);
	CHECK(m(&intel, "INTEL SSDSC2KB019T8", "XCV10100", 960197124096ULL, 1, &left, &known) ==
	      DC_ADV_NO_MATCH);
	/* capacity not known: the model patterns decide alone */
	CHECK(m(&intel, "INTEL SSDSC2KB019T8", "XCV10100", 0, 1, &left, &known) == DC_ADV_AFFECTED);
	CHECK(dc_adv_capacity_named(&intel, 1920383410176ULL * 101 / 100));  /* within 2 % */
	CHECK(!dc_adv_capacity_named(&intel, 1920383410176ULL * 104 / 100));
	CHECK(dc_adv_capacity_named(&hpe, 1));                                /* names none */
	/* the model with its vendor word and without */
	CHECK(m(&intel, "INTEL SSDSC2KB019T8", "XCV10100", 0, 1, &left, &known) == DC_ADV_AFFECTED);
	CHECK(m(&intel, "SSDSC2KB019T8", "XCV10100", 0, 1, &left, &known) == DC_ADV_AFFECTED);
	CHECK(m(&intel, "intel_ssdsc2kb019t8", "XCV10100", 0, 1, &left, &known) == DC_ADV_AFFECTED);
	CHECK(m(&intel, "SAMSUNG SSDSC2KB019T8", "XCV10100", 0, 1, &left, &known) ==
	      DC_ADV_AFFECTED); /* any one vendor word, as src/core/model.c strips it */
	CHECK(m(&intel, "INTELX SSDSC2KB019T8", "XCV10100", 0, 1, &left, &known) == DC_ADV_NO_MATCH);
}

static void test_rules_of_evidence(void)
{
	const struct dc_adv_facts full = { true, true }, no_fixed = { true, false },
				  none = { false, false };
	struct dc_adv_rule_source s[3] = { 0 };
	bool backs[3];

	s[0] = (struct dc_adv_rule_source){ DC_SRC_VENDOR, DC_ADV_CLAIM_BULLETIN, "https://v" };
	CHECK(dc_adv_source_may_back(&s[0], &no_fixed));
	s[0].claim = DC_ADV_CLAIM_CITES_BULLETIN;
	CHECK(dc_adv_source_may_back(&s[0], &no_fixed));
	s[0] = (struct dc_adv_rule_source){ DC_SRC_COMPILATION, DC_ADV_CLAIM_CITES_BULLETIN, "x" };
	CHECK(dc_adv_source_may_back(&s[0], &no_fixed));
	s[0].claim = DC_ADV_CLAIM_REPORT;
	CHECK(!dc_adv_source_may_back(&s[0], &full));
	/* a review backs only with the bulletin and the fixed firmware named */
	s[0] = (struct dc_adv_rule_source){ DC_SRC_REVIEW, DC_ADV_CLAIM_CITES_BULLETIN, "x" };
	CHECK(dc_adv_source_may_back(&s[0], &full));
	CHECK(!dc_adv_source_may_back(&s[0], &no_fixed));
	CHECK(dc_adv_unbacked_reason(s, 1, &no_fixed) &&
	      strstr(dc_adv_unbacked_reason(s, 1, &no_fixed), "fixed firmware"));
	/* a forum post or a shop never, however many */
	s[0] = (struct dc_adv_rule_source){ DC_SRC_COMMUNITY, DC_ADV_CLAIM_CITES_BULLETIN, "a" };
	s[1] = (struct dc_adv_rule_source){ DC_SRC_COMMUNITY, DC_ADV_CLAIM_REPORT, "b" };
	s[2] = (struct dc_adv_rule_source){ DC_SRC_DISTRIBUTOR, DC_ADV_CLAIM_CITES_BULLETIN, "c" };
	CHECK(dc_adv_backing(s, 3, &full, backs) == 0);
	CHECK(strstr(dc_adv_unbacked_reason(s, 3, &full), "rests on no source"));
	/* only the vendor's own document is a bulletin; a drive's answers prove no defect */
	s[0] = (struct dc_adv_rule_source){ DC_SRC_REVIEW, DC_ADV_CLAIM_BULLETIN, "x" };
	CHECK(dc_adv_source_claim_error(&s[0]) != NULL);
	CHECK(!dc_adv_source_may_back(&s[0], &full));
	s[0] = (struct dc_adv_rule_source){ DC_SRC_DEVICE, DC_ADV_CLAIM_CITES_BULLETIN, "x" };
	CHECK(dc_adv_source_claim_error(&s[0]) != NULL);
	s[0].claim = DC_ADV_CLAIM_IDENTITY;
	CHECK(dc_adv_source_claim_error(&s[0]) == NULL);
	/* an advisory names the vendor's bulletin */
	CHECK(dc_adv_facts_error(&none) != NULL);
	CHECK(dc_adv_facts_error(&no_fixed) == NULL);
}

static const struct dc_advisory *find(const struct dc_advisory *a, unsigned n, const char *id)
{
	for (unsigned i = 0; i < n; i++)
		if (strcmp(a[i].id, id) == 0)
			return &a[i];
	return NULL;
}

static int count_cb(const struct dc_advisory *a, void *ud)
{
	unsigned *n = ud;

	(*n)++;
	return a->nsources && a->nmodels && a->naffected ? 0 : -1;
}

/* The advisories of the database's source, the .txt files of db/advisories/ (each opens
 * with an "advisory:" line), counted apart from dbbuild and the query. */
static unsigned advisories_in_source(void)
{
	glob_t g;
	unsigned n = 0;
	char line[512];

	if (glob("db/advisories/*.txt", 0, NULL, &g) != 0)
		return 0;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		FILE *f = fopen(g.gl_pathv[i], "r");

		while (f && fgets(line, sizeof(line), f))
			n += strncmp(line, "advisory:", 9) == 0;
		if (f)
			fclose(f);
	}
	globfree(&g);
	return n;
}

/* The query on the bundled database: the real rows, at the same boundaries. */
static void test_bundled(void)
{
	struct dc_advisory *a = calloc(DC_MAX_ADVISORIES, sizeof(*a));
	const struct dc_advisory *h;
	struct dc_db *db = NULL;
	unsigned n = 0, total = 0, listed = 0;
	char err[256];

	CHECK(a != NULL);
	CHECK(dc_db_open(NULL, &db, err, sizeof(err)) == 0);
	if (!a || !db) {
		free(a);
		return;
	}
	CHECK(dc_db_advisories(db, "VO0480JFDGT", "HPD7", 0, 32767, a, DC_MAX_ADVISORIES, &n) == 0);
	h = find(a, n, "HPE-A00092491");
	CHECK(n == 1 && h && h->match == DC_ADV_AFFECTED && h->hours_left_known &&
	      h->hours_left == 1 && h->effect == DC_ADV_DRIVE_LOSS);
	CHECK(h && strcmp(h->fixed, "HPD8") == 0 && h->nsources >= 2 && h->sources[0].backs);
	CHECK(dc_db_advisories(db, "VO0480JFDGT", "HPD7", 0, 32769, a, DC_MAX_ADVISORIES, &n) == 0);
	CHECK(n == 1 && a[0].hours_left == -1);
	CHECK(dc_db_advisories(db, "VO0480JFDGT", "HPD8", 0, 32769, a, DC_MAX_ADVISORIES, &n) == 0);
	CHECK(n == 0);
	/* the 40,000-hour list: HPD7 is its fix, and HPD6 is hit */
	CHECK(dc_db_advisories(db, "MO1600JVYPR", "HPD7", 0, 1, a, DC_MAX_ADVISORIES, &n) == 0 &&
	      n == 0);
	CHECK(dc_db_advisories(db, "MO1600JVYPR", "HPD6", 0, 39999, a, DC_MAX_ADVISORIES, &n) == 0);
	CHECK(n == 1 && strcmp(a[0].id, "HPE-A00097382") == 0 && a[0].hours_left == 1);
	/* Intel XCV10100: 1.92 TB yes, 960 GB no, the fix no, Dell's string no */
	CHECK(dc_db_advisories(db, "INTEL SSDSC2KB019T8", "XCV10100", 1920383410176ULL, 1701, a,
			       DC_MAX_ADVISORIES, &n) == 0);
	CHECK(n == 1 && strcmp(a[0].id, "INTEL-S4510-XCV10100") == 0 && a[0].hours_left == -1 &&
	      a[0].ncapacities == 2);
	CHECK(dc_db_advisories(db, "SSDSC2KG038T8", "XCV10100", 0, 1699, a, DC_MAX_ADVISORIES,
			       &n) == 0 && n == 1 && a[0].hours_left == 1);
	CHECK(dc_db_advisories(db, "INTEL SSDSC2KB960G8", "XCV10100", 960197124096ULL, 1, a,
			       DC_MAX_ADVISORIES, &n) == 0 && n == 0);
	CHECK(dc_db_advisories(db, "INTEL SSDSC2KB019T8", "XCV10100", 960197124096ULL, 1, a,
			       DC_MAX_ADVISORIES, &n) == 0 && n == 0);
	CHECK(dc_db_advisories(db, "INTEL SSDSC2KB019T8", "XCV10110", 0, 1, a, DC_MAX_ADVISORIES,
			       &n) == 0 && n == 0);
	CHECK(dc_db_advisories(db, "SSDSC2KG019T8R", "XCV1DL69", 0, 1, a, DC_MAX_ADVISORIES,
			       &n) == 0 && n == 0);
	/* no firmware: the model's advisories, marked */
	CHECK(dc_db_advisories(db, "INTEL SSDSC2KB019T8", NULL, 0, -1, a, DC_MAX_ADVISORIES,
			       &n) == 0 && n == 1 && a[0].match == DC_ADV_FIRMWARE_UNKNOWN);
	/* Crucial m4: listed firmware only; 000F (after 0309) is not hit */
	CHECK(dc_db_advisories(db, "M4-CT064M4SSD2", "0009", 0, 5183, a, DC_MAX_ADVISORIES, &n) == 0);
	CHECK(n == 1 && a[0].effect == DC_ADV_HANG && a[0].hours_left == 1);
	CHECK(dc_db_advisories(db, "M4-CT128M4SSD2", "000F", 0, 9000, a, DC_MAX_ADVISORIES,
			       &n) == 0 && n == 0);
	/* Micron 7450: each firmware its own defect */
	CHECK(dc_db_advisories(db, "Micron_7450_MTFDKCC3T8TFR", "E2MU300", 0, -1, a,
			       DC_MAX_ADVISORIES, &n) == 0);
	CHECK(n == 1 && strcmp(a[0].id, "MICRON-7450-E2MU300") == 0 && !a[0].hours_left_known);
	CHECK(dc_db_advisories(db, "Micron_7450_MTFDKCC3T8TFR", NULL, 0, -1, a, DC_MAX_ADVISORIES,
			       &n) == 0 && n == 2);
	/* the NetApp identifier as the drive pads it */
	CHECK(dc_db_advisories(db, "X438_PHM2400MCTO", "NA04", 0, 70001, a, DC_MAX_ADVISORIES,
			       &n) == 0 && n == 1 && a[0].hours_left == -1);
	CHECK(dc_db_advisories(db, "", "HPD7", 0, 1, a, DC_MAX_ADVISORIES, &n) == 0 && n == 0);
	/* the listing: every advisory of the source, each row whole */
	total = advisories_in_source();
	CHECK(total >= 10);
	CHECK(dc_db_advisory_list(db, count_cb, &listed) == 0 && listed == total);
	dc_db_close(db);
	free(a);
}

int main(void)
{
	test_counter();
	test_firmware();
	test_capacity_and_vendor_word();
	test_rules_of_evidence();
	test_bundled();
	return dc_test_summary("test_advisory");
}
