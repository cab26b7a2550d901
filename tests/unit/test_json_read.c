// SPDX-License-Identifier: GPL-2.0-or-later
/* test_json_read.c - the one reader of JSON inputs: the path in each message, the first error
 * kept and every read after it a no-op, missing and soft values, and out of memory told apart
 * from a bad file by every JSON importer, the dump and the report reader. */
#include <errno.h>
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_alloc.h"
#include "core/json_read.h"
#include "dc_test.h"
#include "device/dump.h"
#include "import/import.h"
#include "core/names.h"
#include "core/raw.h"
#include "fleet/host_json.h"
#include "sample_file.h"

static char err[512];

static cJSON *parse(const char *text)
{
	cJSON *j = cJSON_Parse(text);

	if (!j)
		fprintf(stderr, "cannot parse %s\n", text);
	return j;
}

/* The path is what was entered, and a message names the key below it. */
static void test_path(void)
{
	cJSON *doc = parse("{\"devices\": [{}, {}, {\"wear\": {\"percent_used\": 1.5}}]}");
	const cJSON *devs, *dev, *wear;
	struct dc_json_reader r;
	uint64_t v = 7;

	dc_jr_init(&r, err, sizeof(err), NULL);
	CHECK(dc_jr_arr(&r, doc, "devices", 0, &devs) == DC_JSON_OK);
	dc_jr_enter(&r, "devices");
	dev = cJSON_GetArrayItem(devs, 2);
	dc_jr_enter_index(&r, 2);
	CHECK_STR(r.path, "devices[2]");
	CHECK(dc_jr_obj(&r, dev, "wear", 0, &wear) == DC_JSON_OK);
	dc_jr_enter(&r, "wear");
	CHECK(dc_jr_u64(&r, wear, "percent_used", 100, 0, &v) == DC_JSON_BAD && v == 7);
	CHECK(r.rc == -EINVAL);
	CHECK_STR(err, "devices[2].wear.percent_used: 1.5 is not a whole number");
	dc_jr_leave(&r);
	CHECK_STR(r.path, "devices[2]");
	dc_jr_leave(&r);
	dc_jr_leave(&r);
	CHECK_STR(r.path, "");
	dc_jr_leave(&r); /* one too many: nothing to take off */
	CHECK(r.depth == 0 && r.path[0] == '\0');
	cJSON_Delete(doc);

	/* WHAT before it; a key at the top alone; the value itself (no key) at the path */
	doc = parse("{\"a\": \"x\", \"b\": [1, \"two\"]}");
	dc_jr_init(&r, err, sizeof(err), "dir/device.json");
	CHECK(dc_jr_bool(&r, doc, "a", 0, &(bool){ false }) == DC_JSON_BAD);
	CHECK_STR(err, "dir/device.json: a: want a bool, not a string");
	dc_jr_init(&r, err, sizeof(err), NULL);
	dc_jr_enter(&r, "b");
	dc_jr_enter_index(&r, 1);
	CHECK(dc_jr_u64(&r, cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "b"), 1), NULL, 10, 0,
			&v) == DC_JSON_BAD);
	CHECK_STR(err, "b[1]: want a number, not a string");
	/* an error of the whole input is said without the path */
	dc_jr_init(&r, err, sizeof(err), "nvme-cli list");
	dc_jr_enter(&r, "Devices");
	CHECK(dc_jr_fail_top(&r, -EINVAL, "no NVMe device in the list") == -EINVAL);
	CHECK_STR(err, "nvme-cli list: no NVMe device in the list");
	cJSON_Delete(doc);
}

/* The first error stays; every read after it does nothing and says so. */
static void test_first_error(void)
{
	cJSON *doc = parse("{\"n\": -1, \"s\": \"text\", \"o\": {}, \"b\": true}");
	struct dc_json_reader r;
	const cJSON *o = (const cJSON *)1;
	const char *s = "before";
	char buf[16] = "before";
	double d = 3;
	bool b = false;
	enum dc_tri t = DC_TRI_YES;

	dc_jr_init(&r, err, sizeof(err), NULL);
	CHECK(dc_jr_double(&r, doc, "n", 0, DBL_MAX, 0, &d) == DC_JSON_BAD && d == 3);
	CHECK_STR(err, "n: -1 is negative");
	CHECK(dc_jr_str(&r, doc, "s", 64, 0, &s) == DC_JSON_BAD);
	CHECK_STR(s, "before");
	CHECK(dc_jr_copy(&r, doc, "s", 0, buf, sizeof(buf)) == DC_JSON_BAD && buf[0] == '\0');
	CHECK(dc_jr_obj(&r, doc, "o", 0, &o) == DC_JSON_BAD && o == NULL);
	CHECK(dc_jr_bool(&r, doc, "b", 0, &b) == DC_JSON_BAD && !b);
	CHECK(dc_jr_tri(&r, doc, "b", 0, &t) == DC_JSON_BAD && t == DC_TRI_UNKNOWN);
	CHECK(dc_jr_fail(&r, "later", "another problem") == -EINVAL);
	CHECK(dc_jr_nomem(&r) == -EINVAL); /* the first error's code */
	CHECK_STR(err, "n: -1 is negative");
	CHECK(r.rc == -EINVAL);
	cJSON_Delete(doc);
}

/* Absent, missing, null, soft: what each read says and records. */
static void test_absent_and_soft(void)
{
	cJSON *doc = parse("{\"s\": 5, \"z\": null, \"big\": 1e17, \"e\": \"maybe\"}");
	struct dc_json_reader r;
	const char *s = NULL;
	unsigned __int128 c = 0;
	int e = 0;

	dc_jr_init(&r, err, sizeof(err), NULL);
	CHECK(dc_jr_str(&r, doc, "none", 64, 0, &s) == DC_JSON_ABSENT && !s && r.rc == 0);
	CHECK(dc_jr_str(&r, doc, "z", 64, DC_JSON_NULL_OK, &s) == DC_JSON_NULL && r.rc == 0);
	/* a value of the wrong type that the caller judges: not the reader's error */
	CHECK(dc_jr_str(&r, doc, "s", 64, DC_JSON_SOFT, &s) == DC_JSON_BAD && r.rc == 0);
	CHECK(err[0] == '\0');
	/* an object that is not there: its keys are absent, never missing */
	CHECK(dc_jr_str(&r, NULL, "x", 64, DC_JSON_REQUIRED, &s) == DC_JSON_ABSENT && r.rc == 0);
	/* past 2^53, where allowed: taken, and counted as approximate */
	CHECK(dc_jr_count(&r, doc, "big", DC_JSON_MAX_BITS(128), DC_JSON_INEXACT_OK, &c) ==
	      DC_JSON_INEXACT && c == (unsigned __int128)1e17 && r.inexact == 1);
	CHECK(dc_jr_enum(&r, doc, "e", &dc_tri_names, 0, &e) == DC_JSON_BAD);
	CHECK_STR(err, "e: unknown answer 'maybe' (want \"unknown\", \"no\", \"yes\")");
	dc_jr_init(&r, err, sizeof(err), NULL);
	dc_jr_enter(&r, "top");
	CHECK(dc_jr_str(&r, doc, "name", 64, DC_JSON_REQUIRED, &s) == DC_JSON_BAD);
	CHECK_STR(err, "top.name: missing");
	CHECK(DC_JSON_MAX_BITS(8) == 255 && DC_JSON_MAX_BITS(64) == UINT64_MAX);
	cJSON_Delete(doc);
}

/* A path deeper than the reader names, or longer than it keeps, comes back out whole. */
static void test_deep_and_long(void)
{
	struct dc_json_reader r;
	char key[300];

	dc_jr_init(&r, err, sizeof(err), NULL);
	dc_jr_enter(&r, "a");
	for (unsigned i = 0; i < DC_JR_DEPTH + 10; i++)
		dc_jr_enter_index(&r, i);
	CHECK(strlen(r.path) < DC_JR_PATH_LEN);
	for (unsigned i = 0; i < DC_JR_DEPTH + 10; i++)
		dc_jr_leave(&r);
	CHECK_STR(r.path, "a");
	memset(key, 'k', sizeof(key) - 1);
	key[sizeof(key) - 1] = '\0';
	dc_jr_enter(&r, key);
	dc_jr_enter(&r, "b");
	dc_jr_leave(&r);
	dc_jr_leave(&r);
	CHECK_STR(r.path, "a");
	dc_jr_enter(&r, "c");
	CHECK_STR(r.path, "a.c");
	/* a message cut to the caller's buffer, never past it */
	{
		char small[8];

		dc_jr_init(&r, small, sizeof(small), "a long name");
		dc_jr_fail(&r, "key", "a long reason");
		CHECK(strlen(small) == sizeof(small) - 1);
	}
}

/* ---------------------------------------------------------------- out of memory */

/* cJSON's allocator under the counting hooks: the fail_at-th call fails (0: none). */
static unsigned long calls, fail_at;

static void *failing_alloc(size_t size)
{
	return ++calls == fail_at ? NULL : malloc(size);
}

typedef int (*importer_fn)(const char *text, size_t len, struct dc_import_parts *out,
			   char *err, size_t errlen);

/*
 * Each cJSON allocation of an importer's parse made to fail in turn: each time the file is
 * not called bad (-EINVAL) but out of memory (-ENOMEM), until the importer makes no more
 * allocations than were allowed and reads the file.
 */
static void importer_oom(const char *label, importer_fn fn, const char *path)
{
	size_t len = 0;
	char *text = slurp(path, &len);
	unsigned long k, wrong = 0;
	int rc = 0;

	CHECK(text != NULL);
	if (!text)
		return;
	for (k = 1; k < 100000; k++) {
		struct dc_import_parts parts = { 0 };

		calls = 0;
		fail_at = k;
		rc = fn(text, len, &parts, err, sizeof(err));
		dc_import_parts_free(&parts);
		if (rc > 0)
			break;
		if (rc != -ENOMEM && wrong++ == 0)
			fprintf(stderr, "%s: allocation %lu failed: rc %d, '%s'\n", label, k, rc, err);
	}
	fail_at = 0;
	CHECK(rc > 0 && k > 1);
	CHECK(wrong == 0);
	printf("%s: %lu allocations, each failed once: %lu called the file bad\n", label, k - 1,
	       wrong);
	free(text);
}

static int count_drive(void *ctx, const struct dc_check *r)
{
	(void)r;
	++*(unsigned *)ctx;
	return 0;
}

static void dump_oom(const char *dir)
{
	struct dc_check *r = calloc(1, sizeof(*r));
	unsigned long k, wrong = 0;
	int rc = 0;

	CHECK(r != NULL);
	if (!r)
		return;
	for (k = 1; k < 100000; k++) {
		struct dc_dump_parts p = dc_check_dump_parts(r);
		struct dc_raw raw = { 0 };

		calls = 0;
		fail_at = k;
		rc = dc_dump_read(dir, &p, &raw, err, sizeof(err));
		dc_raw_free(&raw);
		if (rc == 0)
			break;
		if (rc != -ENOMEM && wrong++ == 0)
			fprintf(stderr, "dump: allocation %lu failed: rc %d, '%s'\n", k, rc, err);
	}
	fail_at = 0;
	CHECK(rc == 0 && k > 1 && wrong == 0);
	printf("dump: %lu allocations, each failed once: %lu called the dump bad\n", k - 1, wrong);
	free(r);
}

static void report_oom(void)
{
	static const char doc[] = "{\"json_format_version\": [1, 6], \"drivecheck_version\": "
		"\"0.3.0\", \"host\": \"h\", \"devices\": [{\"path\": \"/dev/sda\", \"errors\": "
		"[\"gone\"]}, {\"path\": \"/dev/sdb\", \"errors\": []}]}";
	unsigned long k, wrong = 0;
	int rc = 0;

	for (k = 1; k < 100000; k++) {
		struct dc_fleet_file meta = { 0 };
		unsigned n = 0;

		calls = 0;
		fail_at = k;
		rc = dc_host_json_read(doc, strlen(doc), &meta, count_drive, &n, err, sizeof(err));
		if (rc >= 0)
			break;
		if (rc != -ENOMEM && wrong++ == 0)
			fprintf(stderr, "report: allocation %lu failed: rc %d, '%s'\n", k, rc, err);
	}
	fail_at = 0;
	CHECK(rc == 2 && k > 1 && wrong == 0);
}

/* The parse alone: a text that is not JSON is -EINVAL, with memory or without. */
static void test_parse(void)
{
	const char *end = NULL;
	cJSON *j;
	int rc = 1;

	j = dc_json_parse("{\"a\": [1, 2]}", 13, &end, false, &rc);
	CHECK(j && rc == 0);
	cJSON_Delete(j);
	j = dc_json_parse("{\"a\": [1, 2", 11, &end, false, &rc);
	CHECK(!j && rc == -EINVAL);
	calls = 0;
	fail_at = 1;
	j = dc_json_parse("{\"a\": [1, 2]}", 13, &end, false, &rc);
	fail_at = 0;
	CHECK(!j && rc == -ENOMEM);
}

int main(void)
{
	test_path();
	test_first_error();
	test_absent_and_soft();
	test_deep_and_long();

	dc_json_alloc_use(failing_alloc, NULL);
	test_parse();
	importer_oom("smartctl -j (ATA -x)", dc_import_smartctl_json,
		     "data/import/smartctl-json/constructed-ata-x-Seagate_XA1920LE10063.json");
	importer_oom("smartctl -j (NVMe)", dc_import_smartctl_json,
		     "data/import/smartctl-json/exporter-nvme-SAMSUNG_MZQL2960HCJR-00A07.json");
	importer_oom("nvme-cli id-ctrl", dc_import_nvme_cli,
		     "data/import/nvme-cli/wd-sn730-id-ctrl-1x.json");
	importer_oom("nvme-cli list -v", dc_import_nvme_cli,
		     "data/import/nvme-cli/constructed-list-verbose-2x.json");
	importer_oom("fio", dc_import_fio, "data/import/fio/sync.json");
	dump_oom("data/dumps/SYNTH_HPE_VO0960JFDGU_HPD2_32767H");
	report_oom();
	dc_json_alloc_use(NULL, NULL);
	return dc_test_summary("test_json_read");
}
