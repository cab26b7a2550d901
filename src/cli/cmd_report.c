// SPDX-License-Identifier: GPL-2.0-or-later
/* cmd_report.c - drivecheck report: hosts' --json files as one fleet, worst first, or as
 * cephadm OSD specs. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "render/print.h"
#include "cli/ceph_spec.h"
#include "fleet/summary.h"
#include "cli/commands.h"

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Hosts named by two files: said on stderr (the same host merged twice counts twice). The
 * hosts counted are the drives' (a drive of Ceph's store names its own: one import's file
 * holds a cluster), and those of files without a drive. */
static unsigned count_hosts(const struct dc_fleet *f)
{
	const char **names = malloc(((size_t)f->n + f->nfiles + 1) * sizeof(*names));
	unsigned hosts = 0, n = 0;

	for (unsigned i = 0; i < f->nfiles; i++) {
		unsigned j;

		if (f->files[i].error)
			continue;
		if (names && !f->files[i].drives)
			names[n++] = f->files[i].host;
		for (j = 0; j < i; j++)
			if (!f->files[j].error && strcmp(f->files[i].host, f->files[j].host) == 0)
				break;
		if (j == i)
			continue;
		fprintf(stderr, "drivecheck report: warning: host %s is in %s and in %s: its drives "
			"are counted once for each\n", f->files[i].host, f->files[j].path,
			f->files[i].path);
	}
	if (!names)
		return 0;
	for (unsigned i = 0; i < f->n; i++) {
		if (!dc_fleet_row_error(f, i))
			names[n++] = dc_fleet_host(f, i);
	}
	qsort(names, n, sizeof(*names), str_cmp);
	for (unsigned i = 0; i < n; i++)
		hosts += !i || strcmp(names[i], names[i - 1]) != 0;
	free(names);
	return hosts;
}

/* Each file not read is said on stderr, whatever the format: scripts read stdout. */
static void say_files_not_read(const struct dc_fleet *f)
{
	for (unsigned i = 0; i < f->nfiles; i++)
		if (f->files[i].error)
			fprintf(stderr, "drivecheck report: %s\n", f->files[i].error_msg);
}

/* Drive i by its path and host, for the table's widths (render/print.h). */
static const char *fleet_path(const void *ctx, unsigned i, const char **host, char *buf,
			      size_t len)
{
	(void)buf;
	(void)len;
	*host = dc_fleet_host(ctx, i);
	return dc_fleet_path(ctx, i);
}

/*
 * report: many hosts' --json back in, one output (a table, JSON or the gate's lines) and
 * one summary, worst first. Each drive is kept as a row of what the fleet shows (fleet.h),
 * sorted, then made a report again one at a time for the printer and the summary.
 * --ceph-spec: the rows made a small record each for the plan (cli/ceph_spec.c), instead
 * of any of that.
 */
enum dc_exit dc_cmd_report(struct dc_cli *c, char **paths, unsigned n)
{
	struct dc_fleet f = { 0 };
	struct dc_summary sum;
	struct dc_summary_builder b;
	struct dc_print_head h = { .doc = DC_PRINT_FLEET, .path = fleet_path,
				   .role = c->gate_role };
	struct dc_printer p;
	struct dc_check *r = NULL;
	enum dc_status worst = DC_PASS;
	enum dc_exit code;
	unsigned nhosts;
	int err, wrote; /* -errno: the report's own failure; the output's, kept apart */

	if (!n) {
		fprintf(stderr, "drivecheck report: name the FILEs (drivecheck --json of each host)\n");
		return DC_EXIT_USAGE;
	}
	err = dc_fleet_read(paths, n, c->gate ? (int)c->gate_role : -1, &f);
	if (!err)
		dc_fleet_sort(&f);
	if (!err && c->ceph_spec) {
		/* the plan's record per drive, from the rows; its exit code: 0 a spec, 1 none */
		count_hosts(&f);
		code = dc_cli_report_ceph_spec(c, &f);
		say_files_not_read(&f);
		goto out;
	}
	if (!err) {
		err = dc_summary_begin(&b, &sum);
		if (!err && !(r = malloc(sizeof(*r))))
			err = -ENOMEM;
		if (err)
			dc_summary_end(&b); /* frees what it holds, after a failure too */
	}
	if (err) {
		fprintf(stderr, "drivecheck report: %s\n", strerror(-err));
		code = DC_EXIT_INTERNAL;
		goto out;
	}
	nhosts = count_hosts(&f);
	h.n = f.n;
	h.ctx = &f;
	h.files = f.files;
	h.nfiles = f.nfiles;
	dc_print_begin(&p, c->print, stdout, &h);
	for (unsigned i = 0; i < f.n; i++) {
		dc_fleet_check(&f, i, r);
		dc_print_drive(&p, r, dc_fleet_host(&f, i));
		dc_summary_add(&b, r, dc_fleet_host(&f, i));
		worst = dc_status_worse(worst, dc_cli_outcome(c, r));
	}
	err = dc_summary_end(&b);
	if (!err)
		dc_print_summary(&p, &sum, nhosts);
	wrote = dc_print_end(&p, !err);
	say_files_not_read(&f);
	code = dc_cli_end_code("drivecheck report", err, wrote, worst);
out:
	free(r);
	dc_fleet_free(&f);
	return code;
}
