// SPDX-License-Identifier: GPL-2.0-or-later
/* test_host_json.c - drivecheck's JSON read back: every captured drive replayed, rendered
 * and read again gives the same table fields and the same summary, and what the fleet keeps
 * of it prints as the drive read; every kind of bad file is refused with a message naming
 * what is wrong and keeps nothing; the fleet's worst come first. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dc_test.h"
#include "lookup/db.h"
#include "core/drive.h"
#include "render/print.h"
#include "render/words.h"
#include "fleet/fleet.h"
#include "fleet/host_json.h"
#include "cli/scan.h"
#include "fleet/summary.h"

static bool same_evidence_kinds(const struct dc_drive *a, const struct dc_drive *b)
{
	if (a->nevidence != b->nevidence)
		return false;
	for (unsigned i = 0; i < a->nevidence; i++)
		if (a->evidence[i].kind != b->evidence[i].kind ||
		    strcmp(a->evidence[i].value, b->evidence[i].value))
			return false;
	return true;
}

/* What the fleet's table and summary use, equal on both sides. */
static void check_same(const struct dc_check *a, const struct dc_check *b)
{
	CHECK_STR(a->dev.path, b->dev.path);
	CHECK(a->dev.transport == b->dev.transport);
	CHECK(a->dev.capacity_bytes == b->dev.capacity_bytes);
	CHECK(a->dev.kernel_cache == b->dev.kernel_cache);
	CHECK_STR(a->drive.model, b->drive.model);
	CHECK_STR(a->drive.serial, b->drive.serial);
	CHECK_STR(a->drive.firmware, b->drive.firmware);
	CHECK(a->drive.cache_present == b->drive.cache_present);
	CHECK(a->drive.cache_enabled == b->drive.cache_enabled);
	CHECK(same_evidence_kinds(&a->drive, &b->drive));
	CHECK(a->drive.wear.have_percent_used == b->drive.wear.have_percent_used);
	CHECK(a->drive.wear.percent_used == b->drive.wear.percent_used);
	CHECK(a->drive.wear.have_power_on == b->drive.wear.have_power_on);
	CHECK(a->drive.wear.host_written_bytes == b->drive.wear.host_written_bytes);
	CHECK(a->row.matched == b->row.matched);
	CHECK_STR(a->row.vendor, b->row.vendor);
	CHECK_STR(a->row.family, b->row.family);
	CHECK(a->row.plp == b->row.plp);
	CHECK(a->probe.mode == b->probe.mode);
	CHECK(fabs(a->probe.sync.p50_us - b->probe.sync.p50_us) < 1e-6);
	CHECK(!a->error == !b->error);
	CHECK(a->result.plp == b->result.plp);
	CHECK(a->result.flush_speed == b->result.flush_speed);
	CHECK(fabs(a->result.flush_p50_us - b->result.flush_p50_us) < 1e-6);
	for (unsigned role = 0; role < DC_ROLE_COUNT; role++)
		CHECK(a->result.verdicts[role].status == b->result.verdicts[role].status);
	/* the JSON rounds it to 0.01 */
	CHECK((a->result.endurance_years_left < 0) == (b->result.endurance_years_left < 0));
	CHECK(fabs(a->result.endurance_years_left - b->result.endurance_years_left) <= 0.005 + 1e-9);
}

static void check_same_summary(const struct dc_summary *a, const struct dc_summary *b)
{
	CHECK(a->drives == b->drives && a->unreadable == b->unreadable);
	CHECK(memcmp(a->roles, b->roles, sizeof(a->roles)) == 0);
	CHECK(memcmp(a->plp, b->plp, sizeof(a->plp)) == 0);
	CHECK(a->not_in_db_models == b->not_in_db_models && a->nnot_in_db == b->nnot_in_db);
	for (unsigned i = 0; i < a->nnot_in_db && i < b->nnot_in_db; i++)
		CHECK_STR(a->not_in_db[i].name, b->not_in_db[i].name);
	CHECK(a->class_unknown_families == b->class_unknown_families);
	CHECK(a->class_unknown_drives == b->class_unknown_drives);
	CHECK(a->attention_total == b->attention_total && a->nattention == b->nattention);
	for (unsigned i = 0; i < a->nattention && i < b->nattention; i++) {
		CHECK(a->attention[i].index == b->attention[i].index);
		char wa[DC_WORDS_LEN], wb[DC_WORDS_LEN];

		CHECK(a->attention[i].why.look == b->attention[i].why.look);
		dc_words_look(&a->attention[i].why, wa, sizeof(wa));
		dc_words_look(&b->attention[i].why, wb, sizeof(wb));
		CHECK_STR(wa, wb);
	}
}

/* How many of the drives read back had each thing the fleet shows: each must be covered. */
static unsigned seen_measured, seen_years, seen_plp_failed, seen_matched, seen_probe;

static void count_seen(const struct dc_check *r)
{
	seen_measured += r->result.flush_speed != DC_FLUSH_NOT_MEASURED;
	seen_years += r->result.endurance_years_left >= 0;
	seen_matched += r->row.matched;
	seen_probe += r->probe.mode != DC_PROBE_NOT_RUN;
	for (unsigned i = 0; i < r->drive.nevidence; i++)
		seen_plp_failed += r->drive.evidence[i].kind == DC_EV_PLP_FAILED;
}

/* The devices a reader hands over, copied. */
struct collected {
	struct dc_check *v;
	unsigned n, cap;
};

static int collect(void *ctx, const struct dc_check *r)
{
	struct collected *c = ctx;

	if (c->n == c->cap) {
		unsigned cap = c->cap ? c->cap * 2 : 16;
		struct dc_check *v = realloc(c->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		c->v = v;
		c->cap = cap;
	}
	c->v[c->n++] = *r;
	return 0;
}

/* A fleet of one drive, r on host h1: its path and host for the table's widths. */
static const char *one_path(const void *ctx, unsigned i, const char **host, char *buf,
			    size_t len)
{
	(void)i;
	(void)buf;
	(void)len;
	*host = "h1";
	return ((const struct dc_check *)ctx)->dev.path;
}

/* What report's printer ops writes of a fleet whose one drive is r, on host h1. */
static char *printed(const struct dc_print_ops *ops, const struct dc_check *r)
{
	const struct dc_print_head h = { .doc = DC_PRINT_FLEET, .n = 1, .path = one_path,
					 .ctx = r };
	struct dc_printer p;
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		return NULL;
	dc_print_begin(&p, ops, mem, &h);
	dc_print_drive(&p, r, "h1");
	CHECK(dc_print_end(&p, true) == 0);
	fclose(mem);
	return text;
}

/* The summary of reports[0..n), as a command sums its drives up, one by one. */
static int summarize(const struct dc_check *reports, unsigned n, struct dc_summary *s)
{
	struct dc_summary_builder b;

	if (dc_summary_begin(&b, s))
		return dc_summary_end(&b);
	for (unsigned i = 0; i < n; i++)
		dc_summary_add(&b, &reports[i], NULL);
	return dc_summary_end(&b);
}

/* What the fleet keeps of each drive (fleet.c's rows, in the order read) renders as the
 * drive the reader read, in the table and in the JSON, and sums to the same summary. */
static void check_fleet_rows(const char *text, size_t len, const struct collected *read)
{
	struct dc_fleet f = { 0 };
	struct dc_check *r = malloc(sizeof(*r));
	struct dc_summary s1, s2;
	struct dc_summary_builder b;

	f.role = -1;
	CHECK(r && dc_fleet_add_text(&f, "h1.json", text, len) == 0);
	CHECK(f.n == read->n && f.nfiles == 1 && !f.files[0].error);
	CHECK(dc_summary_begin(&b, &s1) == 0);
	for (unsigned i = 0; r && i < f.n && i < read->n; i++) {
		static const struct dc_print_ops *const ops[] = { &dc_print_table, &dc_print_json };

		dc_fleet_check(&f, i, r);
		for (unsigned k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
			char *want = printed(ops[k], &read->v[i]), *got = printed(ops[k], r);

			CHECK_STR(got, want);
			free(want);
			free(got);
		}
		dc_summary_add(&b, r, "h1");
	}
	CHECK(dc_summary_end(&b) == 0);
	CHECK(summarize(read->v, read->n, &s2) == 0);
	check_same_summary(&s1, &s2);
	free(r);
	dc_fleet_free(&f);
}

/* A replay rendered as --json and read back. */
static void round_trip(struct dc_db *db, const char *dir, unsigned *drives)
{
	struct dc_scan_opts o = { .sysroot = "", .db = db, .jobs = 1 };
	struct dc_check *reports = NULL;
	struct collected f = { 0 };
	struct dc_fleet_file meta = { 0 };
	struct dc_summary s1, s2;
	char err[256] = "", *text = NULL;
	size_t len = 0;
	unsigned n = 0;
	FILE *mem;
	int rc;

	CHECK(dc_scan_replay(&o, dir, &reports, &n, err, sizeof(err)) == 0);
	CHECK(n > 0);
	mem = open_memstream(&text, &len);
	CHECK(mem && dc_print_checks(&dc_print_json, mem, &(struct dc_print_head){
		.doc = DC_PRINT_SCAN, .host = "h1" }, reports, n) == 0);
	fclose(mem);
	rc = dc_host_json_read(text, len, &meta, collect, &f, err, sizeof(err));
	if (rc < 0)
		fprintf(stderr, "%s: %s\n", dir, err);
	CHECK(rc == (int)n && f.n == n && meta.drives == n);
	CHECK_STR(meta.host, "h1");
	CHECK(meta.major == DC_JSON_FORMAT_MAJOR && meta.minor == DC_JSON_FORMAT_MINOR);
	for (unsigned i = 0; i < n && i < f.n; i++) {
		check_same(&reports[i], &f.v[i]);
		count_seen(&f.v[i]);
	}
	CHECK(summarize(reports, n, &s1) == 0 && summarize(f.v, f.n, &s2) == 0);
	check_same_summary(&s1, &s2);
	check_fleet_rows(text, len, &f);
	*drives += n;
	free(text);
	free(reports);
	free(f.v);
}

/* A document that must be refused: -EINVAL, a message with want in it; and a fleet that
 * reads it as a file keeps none of its drives, only the file's error. */
static void refused(const char *doc, const char *want)
{
	struct collected c = { 0 };
	struct dc_fleet_file meta = { 0 };
	struct dc_fleet f = { .role = -1 };
	char err[256] = "";
	int rc = dc_host_json_read(doc, strlen(doc), &meta, collect, &c, err, sizeof(err));

	CHECK(rc == -EINVAL);
	if (!strstr(err, want)) {
		fprintf(stderr, "refused '%.60s': got '%s', want '%s'\n", doc, err, want);
		CHECK(!"the message names the problem");
	}
	free(c.v);
	CHECK(dc_fleet_add_text(&f, "bad.json", doc, strlen(doc)) == 0);
	CHECK(f.n == 1 && f.nfiles == 1 && f.files[0].error == -EINVAL && f.files[0].drives == 0);
	CHECK(f.nfiles == 1 && strstr(f.files[0].error_msg, want) != NULL);
	dc_fleet_free(&f);
}

#define HEAD(ver) "{\"json_format_version\": " ver ", \"drivecheck_version\": \"0.3.0\", "
#define VERDICTS4 "\"ceph_osd\": {\"status\": \"pass\"}, \"ceph_db\": {\"status\": \"warn\"}, " \
		  "\"drbd\": {\"status\": \"fail\"}, \"zfs_slog\": {\"status\": \"pass\"}"
#define DEV(extra) "{\"path\": \"/dev/sda\", \"errors\": [], \"plp\": {\"class\": \"full\"}, " extra "}"

static void bad_documents(void)
{
	refused("", "not JSON");
	refused("{\"devices\": [", "truncated");
	refused("[1, 2]", "not an object");
	refused("{\"json_format_version\": [1, 0], \"smartctl\": {}}", "drivecheck import");
	refused("{\"fio version\": \"fio-3.33\"}", "no drivecheck_version");
	refused(HEAD("[2, 0]") "\"devices\": []}", "[2, 0]: this drivecheck reads format 1");
	refused(HEAD("\"1.3\"") "\"devices\": []}", "json_format_version: want an array");
	refused(HEAD("[1]") "\"devices\": []}", "want [MAJOR, MINOR]");
	refused(HEAD("[1, -1]") "\"devices\": []}", "want [MAJOR, MINOR]");
	refused(HEAD("[1, 3]") "\"results\": []}", "drivecheck lookup");
	refused(HEAD("[1, 3]") "\"devices\": {}}", "devices: want an array, not an object");
	refused(HEAD("[1, 3]") "\"devices\": [3]}", "devices[0]: want an object");
	refused(HEAD("[1, 3]") "\"host\": 5, \"devices\": []}", "host: want a string or null");
	refused(HEAD("[1, 3]") "\"devices\": [{\"path\": 1, \"errors\": []}]}",
		"devices[0].path: want a string, not a number");
	refused(HEAD("[1, 3]") "\"devices\": [{\"errors\": []}]}", "devices[0].path: missing");
	refused(HEAD("[1, 3]") "\"devices\": [{\"path\": \"/dev/sda\"}]}", "devices[0].errors: missing");
	refused(HEAD("[1, 3]") "\"devices\": [" DEV("\"verdicts\": {" VERDICTS4 "}") "]}",
		"devices[0].verdicts.etcd: missing");
	refused(HEAD("[1, 3]") "\"devices\": [" DEV("\"verdicts\": {" VERDICTS4
		", \"etcd\": {\"status\": \"maybe\"}}") "]}", "etcd.status: unknown status 'maybe'");
	refused(HEAD("[1, 3]") "\"devices\": [" DEV("\"verdicts\": {" VERDICTS4
		", \"etcd\": {\"status\": \"not-checked\"}}") "]}", "unknown status 'not-checked'");
	refused(HEAD("[1, 1]") "\"devices\": [{\"path\": \"/dev/sda\", \"errors\": [], "
		"\"plp\": {\"class\": \"super\"}, \"verdicts\": {" VERDICTS4 "}}]}",
		"devices[0].plp.class: unknown class 'super'");
	refused(HEAD("[1, 1]") "\"devices\": [" DEV("\"verdicts\": {" VERDICTS4 "}, "
		"\"database\": {\"vendor\": \"X\", \"family\": \"Y\", \"plp\": 1}") "]}",
		"devices[0].database.plp: want a string, not a number");
	refused(HEAD("[1, 1]") "\"devices\": [" DEV("\"verdicts\": {" VERDICTS4 "}, "
		"\"write_cache\": {\"present\": \"yes\"}") "]}",
		"devices[0].write_cache.present: want a bool or null, not a string");
	refused(HEAD("[1, 1]") "\"devices\": [" DEV("\"verdicts\": {" VERDICTS4 "}, "
		"\"capacity_bytes\": -5") "]}", "capacity_bytes: -5 is negative");
	refused(HEAD("[1, 1]") "\"devices\": [" DEV("\"verdicts\": {" VERDICTS4 "}, "
		"\"plp_evidence\": [\"x\"]") "]}", "devices[0].plp_evidence[0]: want an object");
	/* counts are whole numbers; figures that no drivecheck writes are not cut to size */
	refused(HEAD("[1, 1]") "\"devices\": [" DEV("\"verdicts\": {" VERDICTS4 "}, "
		"\"wear\": {\"percent_used\": 1.5}") "]}", "wear.percent_used: 1.5 is not a whole number");
	refused(HEAD("[1, 4]") "\"devices\": [" DEV("\"verdicts\": {" VERDICTS4 ", \"etcd\": "
		"{\"status\": \"pass\"}}, \"advisories\": [{\"id\": \"A\", \"effect\": \"hang\", "
		"\"hours_left\": 1e300}]") "]}", "advisories[0].hours_left: 1e+300 is out of range");
	refused(HEAD("[1, 1]") "\"devices\": [" DEV("\"verdicts\": []") "]}",
		"devices[0].verdicts: want an object, not an array");
	refused(HEAD("[1, 1]") "\"devices\": [{\"path\": \"/dev/sda\", \"errors\": [1]}]}",
		"devices[0].errors[0]: want a string");
	/* one bad device of two: the whole file is refused, the good one not kept */
	refused(HEAD("[1, 1]") "\"devices\": [" DEV("\"verdicts\": {" VERDICTS4 "}") ", "
		"{\"path\": \"/dev/sdb\", \"errors\": [], \"verdicts\": {}}]}",
		"devices[1].plp: missing");
	refused(HEAD("[1, 3]") "\"devices\": []} trailing", "not JSON");
	/* 1.4: memory (zram, brd) is not checked for any role: read, and kept so */
	{
		const char *doc = HEAD("[1, 4]") "\"devices\": [" DEV("\"verdicts\": {"
			"\"ceph_osd\": {\"status\": \"not-checked\"}, \"ceph_db\": {\"status\": "
			"\"not-checked\"}, \"drbd\": {\"status\": \"not-checked\"}, \"zfs_slog\": "
			"{\"status\": \"not-checked\"}, \"etcd\": {\"status\": \"not-checked\"}}") "]}";
		struct collected f = { 0 };
		struct dc_fleet_file meta = { 0 };
		char err[256] = "";

		CHECK(dc_host_json_read(doc, strlen(doc), &meta, collect, &f, err, sizeof(err)) == 1);
		CHECK(f.n == 1 && f.v[0].result.verdicts[DC_ROLE_CEPH_OSD].status == DC_NOT_CHECKED);
		free(f.v);
	}
}

static void good_documents(void)
{
	static const char old[] = HEAD("[1, 1]") "\"host\": \"web\\u001b1\", \"devices\": ["
		DEV("\"verdicts\": {" VERDICTS4 "}, \"model\": \"M\\tX\", \"future_key\": [1]") ", "
		"{\"path\": \"/dev/sdb\", \"errors\": [\"/dev/sdb: gone\", \"also\"]}]}";
	static const char nohost[] = HEAD("[1, 9]") "\"host\": null, \"devices\": []}";
	struct collected f = { 0 };
	struct dc_fleet_file meta = { 0 };
	char err[256] = "";
	int rc;

	rc = dc_host_json_read(old, strlen(old), &meta, collect, &f, err, sizeof(err));
	CHECK(rc == 2 && f.n == 2);
	if (rc != 2)
		fprintf(stderr, "format 1.1: %s\n", err);
	if (f.n == 2) {
		CHECK_STR(meta.host, "web?1");   /* control characters never reach a terminal */
		CHECK(meta.minor == 1);
		CHECK_STR(f.v[0].drive.model, "M?X");
		CHECK(f.v[0].result.verdicts[DC_ROLE_DRBD].status == DC_FAIL);
		CHECK(f.v[0].result.verdicts[DC_ROLE_ETCD].status == DC_NOT_CHECKED); /* 1.2 */
		CHECK(f.v[0].result.endurance_years_left < 0);                         /* 1.3 */
		CHECK(f.v[0].drive.cache_present == DC_TRI_UNKNOWN);
		CHECK(!f.v[0].row.matched);
		CHECK(f.v[1].error != 0);
		CHECK_STR(f.v[1].error_msg, "/dev/sdb: gone");
	}
	rc = dc_host_json_read(nohost, strlen(nohost), &meta, collect, &f, err, sizeof(err));
	CHECK(rc == 0 && f.n == 2);  /* a later MINOR reads; no devices is no error */
	CHECK_STR(meta.host, "");
	free(f.v);
}

/* The fleet's drives, in its order, as "HOST PATH" lines. */
static char *fleet_order(const struct dc_fleet *f)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	for (unsigned i = 0; mem && i < f->n; i++)
		fprintf(mem, "%s %s\n", dc_fleet_host(f, i), dc_fleet_path(f, i));
	if (mem)
		fclose(mem);
	return text;
}

/*
 * The fleet's worst first (fleet.c), as report reads hosts' JSON: failed backup power
 * first, then fail, not read, warn, pass; then more roles failing first; ties by host,
 * then path, whatever the order of the files.
 */
static void worst_first(void)
{
	enum { N = 8 };
	static struct dc_check r[N];
	static const char *const hosts[N] = { "b", "a", "a", "c", "a", "b", "a", "a" };
	static const char *const paths[N] = { "/dev/sda", "/dev/sdb", "/dev/sdc", "/dev/sdd",
					      "/dev/sde", "/dev/sdf", "/dev/sda", "/dev/sdh" };
	static const char *const files[] = { "b", "c", "a" }; /* not in the hosts' order */
	static const int roles[] = { -1, DC_ROLE_DRBD };          /* all of them; --gate drbd */
	struct dc_fleet f = { 0 };
	char *order;

	memset(r, 0, sizeof(r));
	for (unsigned i = 0; i < N; i++) {
		snprintf(r[i].dev.path, sizeof(r[i].dev.path), "%s", paths[i]);
		dc_drive_init(&r[i].drive);
		r[i].dev.kernel_fua = DC_TRI_UNKNOWN;
		r[i].row.best_source = -1;
		r[i].result.endurance_years_left = -1;
		r[i].avail.available = DC_TRI_UNKNOWN;
	}
	/* 0, 6 and 7 pass; 1 warns; 2 fails one role; 3 passes but its capacitors failed; 4
	 * fails two roles; 5 could not be read */
	r[1].result.verdicts[DC_ROLE_DRBD].status = DC_WARN;
	r[2].result.verdicts[DC_ROLE_ZFS_SLOG].status = DC_FAIL;
	r[3].drive.nevidence = 1;
	r[3].drive.evidence[0].kind = DC_EV_PLP_FAILED;
	r[4].result.verdicts[DC_ROLE_ZFS_SLOG].status = DC_FAIL;
	r[4].result.verdicts[DC_ROLE_ETCD].status = DC_FAIL;
	r[5].error = -EIO;
	snprintf(r[5].error_msg, sizeof(r[5].error_msg), "/dev/sdf: gone");
	for (unsigned j = 0; j < sizeof(roles) / sizeof(roles[0]); j++) {
		int role = roles[j];

		f = (struct dc_fleet){ .role = role };
		for (unsigned k = 0; k < sizeof(files) / sizeof(files[0]); k++) {
			struct dc_check mine[N];
			unsigned n = 0;
			char *text = NULL;
			size_t len = 0;
			FILE *mem = open_memstream(&text, &len);

			for (unsigned i = 0; i < N; i++)
				if (strcmp(hosts[i], files[k]) == 0)
					mine[n++] = r[i];
			CHECK(mem && dc_print_checks(&dc_print_json, mem, &(struct dc_print_head){
				.doc = DC_PRINT_SCAN, .host = files[k] }, mine, n) == 0);
			if (mem)
				fclose(mem);
			CHECK(text && dc_fleet_add_text(&f, files[k], text, len) == 0);
			free(text);
		}
		CHECK(f.n == N);
		dc_fleet_sort(&f);
		order = fleet_order(&f);
		if (role < 0)
			CHECK_STR(order, "c /dev/sdd\na /dev/sde\na /dev/sdc\nb /dev/sdf\n"
				  "a /dev/sdb\na /dev/sda\na /dev/sdh\nb /dev/sda\n");
		else /* only its status counts: 2 and 4 pass DRBD, 4 failing more roles */
			CHECK_STR(order, "c /dev/sdd\nb /dev/sdf\na /dev/sdb\na /dev/sde\n"
				  "a /dev/sdc\na /dev/sda\na /dev/sdh\nb /dev/sda\n");
		free(order);
		dc_fleet_free(&f);
	}
}

int main(void)
{
	struct dc_db *db = NULL;
	char err[256];
	unsigned drives = 0;

	CHECK(dc_db_open(NULL, &db, err, sizeof(err)) == 0);
	if (db) {
		round_trip(db, "data/dumps", &drives);
		round_trip(db, "data/e2e/dump", &drives); /* with probes: F's figures */
		dc_db_close(db);
	}
	CHECK(drives > 30);
	CHECK(seen_measured > 0 && seen_years > 0 && seen_plp_failed > 0 && seen_matched > 0 &&
	      seen_probe > 0);
	bad_documents();
	good_documents();
	worst_first();
	return dc_test_summary("test_host_json");
}
