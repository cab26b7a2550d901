// SPDX-License-Identifier: GPL-2.0-or-later
/* test_import_fio.c - fio's JSON as a probe result: the figures equal fio's (read here with
 * cJSON, apart from the importer), only queue-depth-1 4 KiB durable-write runs are taken,
 * and every other run or hostile file is refused with its reason. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "dc_test.h"
#include "import_results.h"
#include "sample_file.h"
#include "import/import.h"

#define SAMPLES "data/import/fio/"

static cJSON *load(const char *path)
{
	char *t = slurp(path, NULL);
	const char *s = t ? strchr(t, '{') : NULL; /* error.json: fio's message line first */
	cJSON *j = s ? cJSON_Parse(s) : NULL;

	free(t);
	if (!j)
		fprintf(stderr, "cannot read %s\n", path);
	return j;
}

static int import_text(const char *text, struct dc_import_parts *parts, char *err, size_t len)
{
	err[0] = '\0';
	return dc_import_fio(text, strlen(text), parts, err, len);
}

static int import_json(const cJSON *j, struct dc_import_parts *parts, char *err, size_t len)
{
	char *t = cJSON_Print(j);
	int rc = import_text(t, parts, err, len);

	free(t);
	return rc;
}

static const cJSON *job(const cJSON *root, int i)
{
	return cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "jobs"), i);
}

static const cJSON *at(const cJSON *o, const char *a, const char *b)
{
	return cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(o, a), b);
}

static double n_of(const cJSON *o, const char *key)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(it) ? it->valuedouble : NAN;
}

/* fio's percentile, in us. */
static double pct(const cJSON *lat, const char *p)
{
	return n_of(cJSON_GetObjectItemCaseSensitive(lat, "percentile"), p) / 1000.0;
}

static bool near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(a) + fabs(b)) + 1e-9;
}

/* ---------------------------------------------------------------- the runs made here */

static void test_sync(void)
{
	cJSON *root = load(SAMPLES "sync.json");
	struct dc_import_parts parts = { 0 };
	char err[256];
	int rc;

	if (!root)
		return;
	rc = import_json(root, &parts, err, sizeof(err));
	CHECK(rc == 1);
	if (rc == 1) {
		const struct dc_probe *p = &parts.v[0].probe;
		const cJSON *j = job(root, 0), *w = cJSON_GetObjectItemCaseSensitive(j, "write");
		const cJSON *clat = cJSON_GetObjectItemCaseSensitive(w, "clat_ns");

		CHECK(parts.v[0].format == DC_IMPORT_FIO && parts.v[0].have_probe);
		CHECK(parts.v[0].dev.protocol == DC_PROTO_NONE && !parts.v[0].dev.serial[0]);
		CHECK(p->sync.count == (unsigned)n_of(w, "total_ios"));
		/* lat_ns carries no percentiles by default: the completion latency's are used */
		CHECK(near(p->sync.p50_us, pct(clat, "50.000000")));
		CHECK(near(p->sync.p90_us, pct(clat, "90.000000")));
		CHECK(near(p->sync.p99_us, pct(clat, "99.000000")));
		CHECK(near(p->sync.p999_us, pct(clat, "99.900000")));
		CHECK(near(p->sync.mean_us, n_of(clat, "mean") / 1000));
		CHECK(near(p->sync.max_us, n_of(clat, "max") / 1000));
		CHECK(near(p->sync.iops, n_of(w, "iops")));
		CHECK(p->flush.count == 0 && p->nosync.count == 0);
		CHECK(p->mode == DC_PROBE_FILE);
		CHECK_STR(p->where, cJSON_GetStringValue(at(j, "job options", "filename")));
		CHECK(near(p->duration_s, n_of(j, "job_runtime") / 1000));
		CHECK(!p->skipped[0]);
	} else {
		fprintf(stderr, "sync.json: %s\n", err);
	}
	dc_import_parts_free(&parts);
	cJSON_Delete(root);
}

static void test_flush(const char *file)
{
	cJSON *root = load(file);
	struct dc_import_parts parts = { 0 };
	char err[256];
	int rc;

	if (!root)
		return;
	rc = import_json(root, &parts, err, sizeof(err));
	CHECK(rc == 1);
	if (rc == 1) {
		const struct dc_probe *p = &parts.v[0].probe;
		const cJSON *j = job(root, 0), *w = at(j, "write", "clat_ns"), *s = at(j, "sync", "lat_ns");
		double n = n_of(cJSON_GetObjectItemCaseSensitive(j, "write"), "total_ios");
		bool noted = false;

		if (n_of(s, "N") < n)
			n = n_of(s, "N");
		CHECK(p->sync.count == 0);
		CHECK(p->flush.count == (unsigned)n);
		/* upper bounds: the sum of the (1+p)/2-th percentiles */
		CHECK(near(p->flush.p50_us, pct(w, "80.000000") + pct(s, "80.000000")));
		CHECK(near(p->flush.p90_us, pct(w, "95.000000") + pct(s, "95.000000")));
		CHECK(near(p->flush.p99_us, pct(w, "99.500000") + pct(s, "99.500000")));
		CHECK(near(p->flush.p999_us, pct(w, "99.950000") + pct(s, "99.950000")));
		CHECK(p->flush.p50_us >= pct(w, "50.000000") + pct(s, "50.000000"));
		CHECK(near(p->flush.mean_us, (n_of(w, "mean") + n_of(s, "mean")) / 1000));
		for (unsigned i = 0; i < parts.v[0].nnotes; i++)
			noted |= strstr(parts.v[0].notes[i], "upper bounds") != NULL;
		CHECK(noted);
	} else {
		fprintf(stderr, "%s: %s\n", file, err);
	}
	dc_import_parts_free(&parts);
	cJSON_Delete(root);
}

static void test_two_jobs(void)
{
	cJSON *root = load(SAMPLES "twojobs.json");
	struct dc_import_parts parts = { 0 };
	char err[256];
	int rc;

	if (!root)
		return;
	rc = import_json(root, &parts, err, sizeof(err));
	CHECK(rc == 1);
	if (rc == 1) {
		const cJSON *w = cJSON_GetObjectItemCaseSensitive(job(root, 1), "write");
		bool noted = false;

		/* the second job (sync=dsync), with bs and direct from the global options */
		CHECK(parts.v[0].probe.sync.count == (unsigned)n_of(w, "total_ios"));
		CHECK(near(parts.v[0].probe.sync.p50_us, pct(at(job(root, 1), "write", "clat_ns"),
							      "50.000000")));
		CHECK_STR(parts.v[0].probe.where, cJSON_GetStringValue(at(root, "global options", "directory")));
		for (unsigned i = 0; i < parts.v[0].nnotes; i++)
			noted |= strstr(parts.v[0].notes[i], "job 2 of 2 used") &&
				 strstr(parts.v[0].notes[i], "rw=read");
		CHECK(noted);
	}
	dc_import_parts_free(&parts);
	cJSON_Delete(root);
}

static void expect_refused_text(const char *text, const char *why)
{
	struct dc_import_parts parts = { 0 };
	char err[256];

	CHECK(import_text(text, &parts, err, sizeof(err)) == -EINVAL);
	CHECK(err[0] != '\0');
	if (why && !strstr(err, why))
		fprintf(stderr, "reason '%s' lacks '%s'\n", err, why);
	CHECK(!why || strstr(err, why) != NULL);
	CHECK(parts.n == 0); /* nothing half-made left behind */
	dc_import_parts_free(&parts);
}

static void expect_refused(const cJSON *j, const char *why)
{
	char *t = cJSON_Print(j);

	expect_refused_text(t, why);
	free(t);
}

static void test_refused_runs(void)
{
	char *t = slurp(SAMPLES "qd32.json", NULL);

	if (t) {
		expect_refused_text(t, "iodepth=32: not a queue-depth-1 sync-write run");
		free(t);
	}
	t = slurp(SAMPLES "error.json", NULL);
	if (t) {
		CHECK(strncmp(t, "fio: ", 5) == 0); /* the message line before the JSON */
		expect_refused_text(t, "error 28");
		free(t);
	}
}

/* One option changed in the sync run: each must be refused, with its reason. */
static void with_opt(const char *key, const char *value, const char *why)
{
	cJSON *root = load(SAMPLES "sync.json");
	cJSON *opts = root ? cJSON_GetObjectItemCaseSensitive((cJSON *)job(root, 0), "job options")
			   : NULL;

	if (!opts) {
		CHECK(!"no job options");
		cJSON_Delete(root);
		return;
	}
	if (value && cJSON_GetObjectItemCaseSensitive(opts, key))
		cJSON_ReplaceItemInObjectCaseSensitive(opts, key, cJSON_CreateString(value));
	else if (value)
		cJSON_AddStringToObject(opts, key, value);
	else
		cJSON_DeleteItemFromObjectCaseSensitive(opts, key);
	expect_refused(root, why);
	cJSON_Delete(root);
}

static void test_options(void)
{
	cJSON *root;
	struct dc_import_parts parts = { 0 };
	char err[256];

	with_opt("direct", "0", "direct=0");
	with_opt("direct", NULL, "direct=0 (the default)");
	with_opt("bs", "8k", "bs=8k");
	with_opt("bs", "4k,64k", "bs=4k,64k");
	/* 2^64 + 4096 bytes: the multiply by 1024 would wrap to 4096 */
	with_opt("bs", "18014398509481988k", "bs=18014398509481988k: 18014398509481988 KiB is more "
		 "bytes than 64 bits hold");
	with_opt("bs", "18446744073709551616", "bs=18446744073709551616: not a size");
	with_opt("bs", "-4096", "bs=-4096: not a size");
	with_opt("bs", "4k,", "bs=4k,: no size");
	with_opt("bssplit", "4k/50:64k/50", "mixed block sizes");
	with_opt("rw", "randread", "rw=randread");
	with_opt("rw", NULL, "rw=read (the default)");
	with_opt("numjobs", "4", "numjobs=4");
	with_opt("iodepth", "8", "iodepth=8");
	with_opt("ioengine", "null", "ioengine=null");
	with_opt("sync", NULL, "neither sync=1 nor fdatasync=1");
	with_opt("sync", "0", "neither");
	with_opt("fdatasync", "1", "both sync= and fdatasync=");
	with_opt("sync_file_range", "write", "sync_file_range");

	/* accepted spellings: bs=4096 and 4KiB, sync=dsync, buffered=0 for direct=1 */
	root = load(SAMPLES "sync.json");
	if (root) {
		cJSON *opts = cJSON_GetObjectItemCaseSensitive((cJSON *)job(root, 0), "job options");

		cJSON_ReplaceItemInObjectCaseSensitive(opts, "bs", cJSON_CreateString("4KiB"));
		cJSON_ReplaceItemInObjectCaseSensitive(opts, "sync", cJSON_CreateString("dsync"));
		cJSON_DeleteItemFromObjectCaseSensitive(opts, "direct");
		cJSON_AddStringToObject(opts, "buffered", "0");
		CHECK(import_json(root, &parts, err, sizeof(err)) == 1);
		dc_import_parts_free(&parts);
		/* job options override global ones, both ways */
		cJSON_AddItemToObject(root, "global options", cJSON_CreateObject());
		cJSON_AddStringToObject(cJSON_GetObjectItemCaseSensitive(root, "global options"), "iodepth", "32");
		CHECK(import_json(root, &parts, err, sizeof(err)) == 1); /* job: iodepth=1 */
		dc_import_parts_free(&parts);
		cJSON_DeleteItemFromObjectCaseSensitive(opts, "iodepth");
		CHECK(import_json(root, &parts, err, sizeof(err)) == -EINVAL && strstr(err, "iodepth=32"));
		dc_import_parts_free(&parts);
		/* what was written, per write, contradicts bs */
		cJSON_AddStringToObject(opts, "iodepth", "1");
		cJSON_ReplaceItemInObjectCaseSensitive((cJSON *)cJSON_GetObjectItemCaseSensitive(
			(cJSON *)job(root, 0), "write"), "io_bytes", cJSON_CreateNumber(12345678));
		CHECK(import_json(root, &parts, err, sizeof(err)) == -EINVAL && strstr(err, "not 4 KiB each"));
		dc_import_parts_free(&parts);
		cJSON_Delete(root);
	}
	/* fdatasync every 4 writes is not a flush of each */
	root = load(SAMPLES "fdatasync.json");
	if (root) {
		cJSON *opts = cJSON_GetObjectItemCaseSensitive((cJSON *)job(root, 0), "job options");

		cJSON_ReplaceItemInObjectCaseSensitive(opts, "fdatasync", cJSON_CreateString("4"));
		expect_refused(root, "a flush every few writes");
		cJSON_ReplaceItemInObjectCaseSensitive(opts, "fdatasync", cJSON_CreateString("1"));
		cJSON_DeleteItemFromObjectCaseSensitive((cJSON *)job(root, 0), "sync");
		expect_refused(root, "no fdatasync latency");
		cJSON_Delete(root);
	}
}

/* fio 2.x: "clat" and "lat" in microseconds, no "_ns" keys, no job_runtime. */
static void test_fio2_units(void)
{
	cJSON *root = load(SAMPLES "sync.json");
	struct dc_import_parts parts = { 0 };
	cJSON *w, *clat, *pc, *it;
	char err[256];
	double p50;

	if (!root)
		return;
	w = cJSON_GetObjectItemCaseSensitive((cJSON *)job(root, 0), "write");
	clat = cJSON_DetachItemFromObjectCaseSensitive(w, "clat_ns");
	cJSON_DeleteItemFromObjectCaseSensitive(w, "lat_ns");
	cJSON_DeleteItemFromObjectCaseSensitive(w, "slat_ns");
	cJSON_DeleteItemFromObjectCaseSensitive((cJSON *)job(root, 0), "job_runtime");
	pc = cJSON_GetObjectItemCaseSensitive(clat, "percentile");
	cJSON_ArrayForEach(it, pc)
		cJSON_SetNumberValue(it, it->valuedouble / 1000);
	p50 = n_of(pc, "50.000000");
	cJSON_AddItemToObject(w, "clat", clat);
	CHECK(import_json(root, &parts, err, sizeof(err)) == 1);
	if (parts.n == 1) {
		CHECK(near(parts.v[0].probe.sync.p50_us, p50));
		CHECK(near(parts.v[0].probe.duration_s, n_of(w, "runtime") / 1000));
	}
	dc_import_parts_free(&parts);
	cJSON_Delete(root);
}

/* ---------------------------------------------------------------- hostile files */

static void test_hostile(void)
{
	char *t = slurp(SAMPLES "sync.json", NULL), *deep;
	cJSON *root = load(SAMPLES "sync.json");

	if (!t || !root)
		return;
	t[strlen(t) / 2] = '\0';
	expect_refused_text(t, "not valid JSON");
	free(t);
	deep = malloc(6002);
	deep[0] = '{';
	strcpy(deep + 1, "\"fio version\":");
	memset(deep + 15, '[', 3000);
	memset(deep + 3015, ']', 2980);
	strcpy(deep + 5995, "}");
	expect_refused_text(deep, NULL);
	free(deep);
	expect_refused_text("", "not a fio");
	expect_refused_text("hello\n{}", "not a fio");
	expect_refused_text("{}", "fio version");
	expect_refused_text("{\"fio version\":\"fio-3.33\",\"jobs\":[]}", "jobs");
	expect_refused_text("{\"fio version\":\"fio-3.33\",\"jobs\":{}}", "jobs");
	expect_refused_text("{\"fio version\":\"fio-3.33\",\"jobs\":[1]}", "job 0");
	expect_refused_text("{\"fio version\":\"fio-3.33\",\"global options\":[],\"jobs\":[{}]}", "global options");
	expect_refused_text("{\"fio version\":\"fio-3.33\",\"jobs\":[{\"job options\":\"x\"}]}", "job 0");
	/* wrong types and huge numbers in the measures */
	{
		cJSON *w = (cJSON *)cJSON_GetObjectItemCaseSensitive((cJSON *)job(root, 0), "write");
		cJSON *clat = cJSON_GetObjectItemCaseSensitive(w, "clat_ns");

		cJSON_ReplaceItemInObjectCaseSensitive(w, "total_ios", cJSON_CreateNumber(1e300));
		expect_refused(root, "not a count");
		cJSON_ReplaceItemInObjectCaseSensitive(w, "total_ios", cJSON_CreateString("many"));
		expect_refused(root, "write.total_ios: \"many\" is not a number");
		cJSON_ReplaceItemInObjectCaseSensitive(w, "total_ios", cJSON_CreateNumber(1000));
		cJSON_DeleteItemFromObjectCaseSensitive(w, "io_bytes");
		/* a figure no run prints is the reason, never skipped or read as 0 */
		{
			cJSON *pc = cJSON_GetObjectItemCaseSensitive(clat, "percentile");
			cJSON *keep = cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(pc, "50.000000"), 1);

			cJSON_ReplaceItemInObjectCaseSensitive(pc, "50.000000", cJSON_CreateNumber(-5000));
			expect_refused(root, "write.clat_ns.percentile.50.000000: -5000 is negative");
			cJSON_ReplaceItemInObjectCaseSensitive(pc, "50.000000", keep);
			cJSON_AddNumberToObject(pc, "median", 1000);
			expect_refused(root, "\"median\" is not a percentile");
			cJSON_DeleteItemFromObjectCaseSensitive(pc, "median");
			cJSON_ReplaceItemInObjectCaseSensitive(clat, "mean", cJSON_CreateNumber(-5));
			expect_refused(root, "write.clat_ns.mean: -5 is negative");
			cJSON_ReplaceItemInObjectCaseSensitive(clat, "mean", cJSON_CreateNumber(5000));
			cJSON_ReplaceItemInObjectCaseSensitive(w, "iops", cJSON_CreateTrue());
			expect_refused(root, "write.iops: want a number, not a bool");
			cJSON_ReplaceItemInObjectCaseSensitive(w, "iops", cJSON_CreateNumber(200));
		}
		cJSON_ReplaceItemInObjectCaseSensitive(cJSON_GetObjectItemCaseSensitive(clat, "percentile"),
						       "99.900000", cJSON_CreateNumber(1e300));
		expect_refused(root, "beyond an hour");
		cJSON_ReplaceItemInObjectCaseSensitive(clat, "percentile", cJSON_CreateString("x"));
		expect_refused(root, "percentiles");
		cJSON_ReplaceItemInObjectCaseSensitive(w, "clat_ns", cJSON_CreateArray());
		expect_refused(root, "percentiles");
		cJSON_ReplaceItemInObjectCaseSensitive((cJSON *)job(root, 0), "write", cJSON_CreateNumber(3));
		expect_refused(root, "no writes");
		cJSON_ReplaceItemInObjectCaseSensitive((cJSON *)job(root, 0), "error", cJSON_CreateNumber(5));
		expect_refused(root, "error 5");
	}
	cJSON_Delete(root);
}

/* ---------------------------------------------------------------- through import */

static void test_import_run(void)
{
	char dir[64] = "/tmp/dc-imp-fio-XXXXXX", path[128], cmd[128];
	struct dc_import_opts o = { .db = NULL };
	char *paths[] = { dir };
	struct dc_check *r = NULL;
	unsigned n = 0;
	char *t = slurp(SAMPLES "sync.json", NULL);
	FILE *f;

	if (!t || !mkdtemp(dir)) {
		CHECK(!"setup");
		free(t);
		return;
	}
	snprintf(path, sizeof(path), "%s/fio.json", dir);
	f = fopen(path, "w");
	if (f) {
		fputs(t, f);
		fclose(f);
	}
	CHECK(import_results(&o, paths, 1, &r, &n) == 0);
	CHECK(n == 1);
	if (n == 1) {
		CHECK(r->error == 0);
		CHECK(r->probe.mode == DC_PROBE_FILE && r->probe.sync.count > 0);
		CHECK(r->result.fast.kind == DC_SRC_MEASURED);
		/* no drive named: the identity is "not in the input", not guessed */
		CHECK(r->dev.protocol == DC_PROTO_NONE && !r->drive.model[0]);
	}
	free(r);
	free(t);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
}

int main(void)
{
	test_sync();
	test_flush(SAMPLES "fdatasync.json");
	test_flush(SAMPLES "fsync.json");
	test_two_jobs();
	test_refused_runs();
	test_options();
	test_fio2_units();
	test_hostile();
	test_import_run();
	return dc_test_summary("test_import_fio");
}
