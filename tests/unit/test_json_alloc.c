// SPDX-License-Identifier: GPL-2.0-or-later
/* test_json_alloc.c - a cJSON allocation that fails is an error, never a document with
 * keys missing: every allocation of each JSON output (a scan's, an import's, a fleet's,
 * lookup's, the advisories, a dump) is made to fail in turn, and each time the output
 * must say so (-ENOMEM), where before it printed what it had. */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/scan.h"
#include "core/json_alloc.h"
#include "dc_test.h"
#include "device/dump.h"
#include "lookup/db.h"
#include "core/raw.h"
#include "render/print.h"
#include "fleet/host_json.h"
#include "fleet/summary.h"

/*
 * The allocator under cJSON's counting hooks: the fail_at-th call fails (0: none), the
 * others succeed. cJSON loses an item whose adding failed (cJSON_AddItemToObject does not
 * take it then), so every live block is on a list and what a trial left is freed after it.
 */
union block {
	struct {
		union block *prev, *next;
	} link;
	max_align_t align;
};

static union block live = { .link = { &live, &live } };
static unsigned long calls, fail_at;

static void *test_alloc(size_t size)
{
	union block *b;

	if (++calls == fail_at)
		return NULL;
	b = malloc(sizeof(*b) + size);
	if (!b)
		return NULL;
	b->link.prev = &live;
	b->link.next = live.link.next;
	live.link.next->link.prev = b;
	live.link.next = b;
	return b + 1;
}

static void test_free(void *p)
{
	union block *b = p ? (union block *)p - 1 : NULL;

	if (!b)
		return;
	b->link.prev->link.next = b->link.next;
	b->link.next->link.prev = b->link.prev;
	free(b);
}

static void free_leftovers(void)
{
	while (live.link.next != &live)
		test_free(live.link.next + 1);
}

/* What the outputs are made of: the captured drives, the database. */
struct fixture {
	struct dc_check *reports;
	unsigned n;
	struct dc_db *db;
	struct dc_summary sum;
	const char *dump_dir;         /* a dump's folder to write (the dump case) */
	struct dc_raw raw;            /* and its pages */
};

/* One output to out; returns the renderer's 0 or -errno. */
typedef int (*render_fn)(FILE *out, const struct fixture *fx);

static int scan_json(FILE *out, const struct fixture *fx)
{
	static const char *const warnings[] = { "a run's warning" };
	const struct dc_print_head h = { .doc = DC_PRINT_SCAN, .host = "host1",
					 .warnings = warnings, .nwarnings = 1 };

	return dc_print_checks(&dc_print_json, out, &h, fx->reports, fx->n);
}

/* The document of an import or a fleet: head, each drive, the summary, the end. */
static int json_with_summary(FILE *out, const struct fixture *fx, const struct dc_print_head *h,
			     const char *host)
{
	struct dc_printer p;

	dc_print_begin(&p, &dc_print_json, out, h);
	for (unsigned i = 0; i < fx->n; i++)
		dc_print_drive(&p, &fx->reports[i], host);
	dc_print_summary(&p, &fx->sum, 1);
	return dc_print_end(&p, true);
}

static int import_json(FILE *out, const struct fixture *fx)
{
	const struct dc_print_head h = { .doc = DC_PRINT_IMPORT, .n = fx->n };

	return json_with_summary(out, fx, &h, NULL);
}

static int fleet_json(FILE *out, const struct fixture *fx)
{
	struct dc_fleet_file files[2] = {
		{ .path = "h1.json", .host = "h1", .major = 1, .minor = 5, .version = "1.0",
		  .drives = fx->n },
		{ .path = "bad.json", .host = "bad", .host_from_name = true, .error = -EINVAL,
		  .error_msg = "bad.json: not drivecheck's JSON" },
	};
	const struct dc_print_head h = { .doc = DC_PRINT_FLEET, .n = fx->n, .files = files,
					 .nfiles = 2 };

	return json_with_summary(out, fx, &h, "h1");
}

static int lookup_json(FILE *out, const struct fixture *fx)
{
	static const char *const queries[] = { "SAMSUNG MZ7LH960HAJR-00005", "VO0960JFDGU" };
	struct dc_lookup_answer *a = calloc(2, sizeof(*a));
	int rc = a ? 0 : -ENOMEM;

	for (unsigned i = 0; !rc && i < 2; i++) {
		a[i].kind = DC_LOOKUP_MODEL;
		rc = dc_db_lookup(fx->db, queries[i], 0, &a[i].row);
		if (!rc)
			rc = dc_db_advisories(fx->db, queries[i], NULL, 0, -1, a[i].advisories,
					      DC_MAX_ADVISORIES, &a[i].nadvisories);
	}
	if (!rc)
		rc = dc_render_lookup_json(out, queries, a, 2);
	free(a);
	return rc;
}

struct adv_list {
	struct dc_advisory a[64];
	unsigned n;
};

static int keep_advisory(const struct dc_advisory *a, void *ud)
{
	struct adv_list *l = ud;

	if (l->n == 64)
		return -ENOSPC;
	l->a[l->n++] = *a;
	return 0;
}

static int advisories_json(FILE *out, const struct fixture *fx)
{
	struct adv_list *l = calloc(1, sizeof(*l));
	int rc = l ? dc_db_advisory_list(fx->db, keep_advisory, l) : -ENOMEM;

	if (!rc)
		rc = dc_render_advisories_json(out, l->a, l->n);
	free(l);
	return rc;
}

/* The dump's device.json, read back into out (nothing when none was written). */
static int dump_json(FILE *out, const struct fixture *fx)
{
	struct dc_dump_parts p = dc_check_dump_parts(&fx->reports[0]);
	char path[PATH_MAX], buf[4096];
	size_t got;
	FILE *f;
	int rc;

	snprintf(path, sizeof(path), "%s/device.json", fx->dump_dir);
	unlink(path);
	rc = dc_dump_write(fx->dump_dir, &p, &fx->raw);
	f = fopen(path, "r");
	while (f && (got = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, got, out);
	if (f)
		fclose(f);
	return rc;
}

/* The output rendered with the fail_at-th allocation failing; text: what it wrote. */
static int render(render_fn fn, const struct fixture *fx, unsigned long fail, char **text)
{
	size_t len = 0;
	FILE *mem;
	int rc;

	*text = NULL;
	mem = open_memstream(text, &len);
	if (!mem)
		return -ENOMEM;
	calls = 0;
	fail_at = fail;
	rc = fn(mem, fx);
	fclose(mem);
	fail_at = 0;
	free_leftovers();
	return rc;
}

/*
 * Whole: rc 0, a document, and n allocations. Then each of the n made to fail: the output
 * says -ENOMEM every time. whole_or_nothing: and prints nothing at all then (one tree
 * printed at once); a streamed document may have written its pieces before the one that
 * failed, and stops there.
 */
static void each_allocation_fails(const char *name, render_fn fn, const struct fixture *fx,
				  bool whole_or_nothing)
{
	unsigned long n, believed = 0, printed = 0;
	char *whole, *text;
	int rc = render(fn, fx, 0, &whole);

	n = calls;
	CHECK(rc == 0 && whole && strlen(whole) > 100);
	CHECK(n > 50);
	for (unsigned long k = 1; k <= n; k++) {
		rc = render(fn, fx, k, &text);
		if (rc != -ENOMEM)
			believed++;
		if (whole_or_nothing && text && text[0])
			printed++;
		if (rc == 0 && text && whole && strcmp(text, whole) != 0 && believed == 1)
			fprintf(stderr, "%s: allocation %lu of %lu failed, rc 0, a document of %zu "
				"bytes instead of %zu\n", name, k, n, strlen(text), strlen(whole));
		free(text);
	}
	printf("%s: %lu allocations, each failed once: %lu outputs believed, %lu printed\n",
	       name, n, believed, printed);
	CHECK(believed == 0);
	CHECK(printed == 0);
	free(whole);
}

int main(void)
{
	struct dc_scan_opts o = { .sysroot = "", .jobs = 1 };
	struct fixture fx = { 0 };
	struct dc_summary_builder b;
	char err[256] = "", tmpl[] = "/tmp/test_json_alloc.XXXXXX";
	struct dc_check r = { 0 };
	struct dc_dump_parts rp = dc_check_dump_parts(&r);
	char dumped[PATH_MAX];
	unsigned n = 0;

	CHECK(dc_db_open(NULL, &fx.db, err, sizeof(err)) == 0);
	o.db = fx.db;
	/* a drive with firmware advisories and health problems, and one without */
	CHECK(dc_scan_replay(&o, "data/dumps/SYNTH_HPE_VO0960JFDGU_HPD2_32767H", &fx.reports,
			     &n, err, sizeof(err)) == 0);
	if (n == 1) {
		struct dc_check *more = NULL;
		unsigned m = 0;

		CHECK(dc_scan_replay(&o, "data/dumps/INTEL_SSDSC2KB960G8", &more, &m, err,
				     sizeof(err)) == 0);
		fx.reports = realloc(fx.reports, 2 * sizeof(*fx.reports));
		if (fx.reports && m == 1) {
			fx.reports[1] = more[0];
			n = 2;
		}
		free(more);
	}
	CHECK(n == 2 && fx.reports[0].nadvisories > 0);
	if (n != 2 || !fx.db) {
		fprintf(stderr, "%s\n", err);
		return dc_test_summary("test_json_alloc");
	}
	fx.n = n;
	CHECK(dc_summary_begin(&b, &fx.sum) == 0);
	for (unsigned i = 0; i < n; i++)
		dc_summary_add(&b, &fx.reports[i], "h1");
	CHECK(dc_summary_end(&b) == 0);
	/* the dump's pages, as a live run has them */
	CHECK(dc_dump_read("data/dumps/SYNTH_HPE_VO0960JFDGU_HPD2_32767H", &rp, &fx.raw, err,
			   sizeof(err)) == 0);
	fx.dump_dir = mkdtemp(tmpl);
	CHECK(fx.dump_dir != NULL);

	dc_json_alloc_use(test_alloc, test_free);
	each_allocation_fails("scan --json", scan_json, &fx, false);
	each_allocation_fails("import --json", import_json, &fx, false);
	each_allocation_fails("report --json", fleet_json, &fx, false);
	each_allocation_fails("lookup --json", lookup_json, &fx, true);
	each_allocation_fails("lookup --json --advisories", advisories_json, &fx, true);
	if (fx.dump_dir)
		each_allocation_fails("--dump device.json", dump_json, &fx, true);
	dc_json_alloc_use(NULL, NULL);

	if (fx.dump_dir) {
		snprintf(dumped, sizeof(dumped), "rm -rf '%s'", fx.dump_dir);
		CHECK(system(dumped) == 0);
	}
	dc_raw_free(&fx.raw);
	free(fx.reports);
	dc_db_close(fx.db);
	return dc_test_summary("test_json_alloc");
}
