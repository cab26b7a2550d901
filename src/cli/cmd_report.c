// SPDX-License-Identifier: GPL-2.0-or-later
/* cmd_report.c - drivecheck report: hosts' --json files as one fleet, worst first, or as
 * cephadm OSD specs. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "render/json_stream.h"
#include "render/render.h"
#include "render/render_avail.h"
#include "names.h"
#include "cli/ceph_spec.h"
#include "report/summary.h"
#include "cli/commands.h"

/* Hosts named by two files: said on stderr (the same host merged twice counts twice). */
static unsigned count_hosts(const struct dc_fleet *f)
{
	unsigned hosts = 0;

	for (unsigned i = 0; i < f->nfiles; i++) {
		unsigned j;

		if (f->files[i].error)
			continue;
		for (j = 0; j < i; j++)
			if (!f->files[j].error && strcmp(f->files[i].host, f->files[j].host) == 0)
				break;
		if (j == i) {
			hosts++;
			continue;
		}
		fprintf(stderr, "drivecheck report: warning: host %s is in %s and in %s: its drives "
			"are counted once for each\n", f->files[i].host, f->files[j].path,
			f->files[i].path);
	}
	return hosts;
}

/* Each file not read is said on stderr, whatever the format: scripts read stdout. */
static void say_files_not_read(const struct dc_fleet *f)
{
	for (unsigned i = 0; i < f->nfiles; i++)
		if (f->files[i].error)
			fprintf(stderr, "drivecheck report: %s\n", f->files[i].error_msg);
}

/* A drive that passes a Ceph role's verdict and still does not pass its gate (not
 * available, or not known to be: status.h) is named on stderr, so that the exit code is
 * never a warning without a word; the table and the JSON keep the verdict. */
static void say_gate_held(const struct dc_cli *c, const struct dc_report *r, const char *host)
{
	char why[1024];

	if (!c->gate || dc_gate_status(r, c->gate_role) == dc_report_status(r, c->gate_role))
		return;
	dc_render_avail_gate(r, c->gate_role, why, sizeof(why));
	fprintf(stderr, "drivecheck report: %s %s: %s: %s: %s\n", host, r->dev.path,
		dc_role_cli_name(c->gate_role), dc_status_name(dc_gate_status(r, c->gate_role)),
		why);
}

/*
 * report: many hosts' --json back in, one table (or JSON) and one summary, worst first.
 * Each drive is kept as a row of what the fleet shows (fleet.h), sorted, then made a
 * report again one at a time for the output and the summary. --ceph-spec: the rows made a
 * small record each for the plan (cli/ceph_spec.c), instead of any of that.
 */
int dc_cmd_report(struct dc_cli *c, char **paths, unsigned n)
{
	struct dc_fleet f = { 0 };
	struct dc_summary sum;
	struct dc_summary_builder b;
	struct dc_json_stream js;
	struct dc_table_widths w;
	struct dc_report *r = NULL;
	enum dc_status worst = DC_PASS;
	unsigned nhosts;
	int rc, wrote = 0; /* wrote: the JSON's error (json_stream.h), kept apart */

	if (!n) {
		fprintf(stderr, "drivecheck report: name the FILEs (drivecheck --json of each host)\n");
		return DC_EXIT_USAGE;
	}
	rc = dc_fleet_read(paths, n, c->gate ? (int)c->gate_role : -1, &f);
	if (!rc)
		dc_fleet_sort(&f);
	if (!rc && c->ceph_spec) {
		/* the plan's record per drive, from the rows; its exit code: 0 a spec, 1 none */
		count_hosts(&f);
		rc = dc_cli_report_ceph_spec(c, &f);
		say_files_not_read(&f);
		goto out;
	}
	if (!rc)
		rc = dc_summary_begin(&b, &sum);
	if (!rc && !(r = malloc(sizeof(*r)))) {
		dc_summary_end(&b);
		rc = -ENOMEM;
	}
	if (rc) {
		fprintf(stderr, "drivecheck report: %s\n", strerror(-rc));
		rc = DC_EXIT_INTERNAL;
		goto out;
	}
	nhosts = count_hosts(&f);
	if (c->format == DC_OUT_JSON) {
		dc_render_json_fleet_begin(&js, stdout, f.files, f.nfiles);
	} else {
		dc_render_widths_init(&w, true);
		for (unsigned i = 0; i < f.n; i++)
			dc_render_widths_add(&w, dc_fleet_path(&f, i), dc_fleet_host(&f, i));
		dc_render_table_header(stdout, &w);
	}
	for (unsigned i = 0; i < f.n; i++) {
		dc_fleet_report(&f, i, r);
		if (c->format == DC_OUT_JSON)
			dc_render_json_fleet_drive(&js, r, dc_fleet_host(&f, i));
		else
			dc_render_table_row(stdout, r, dc_fleet_host(&f, i), &w);
		dc_summary_add(&b, r, dc_fleet_host(&f, i));
		worst = dc_status_worse(worst, dc_cli_outcome(c, r));
		say_gate_held(c, r, dc_fleet_host(&f, i));
	}
	rc = dc_summary_end(&b);
	if (!rc && c->format == DC_OUT_JSON)
		wrote = dc_render_json_fleet_end(&js, &sum, nhosts);
	else if (!rc)
		dc_render_summary_table(stdout, &sum, true, nhosts);
	say_files_not_read(&f);
	if (rc)
		fprintf(stderr, "drivecheck report: %s\n", strerror(-rc));
	if (!rc && wrote)
		rc = dc_cli_output_error("drivecheck report", wrote);
	else
		rc = rc ? DC_EXIT_INTERNAL : (int)dc_status_exit(worst);
out:
	free(r);
	dc_fleet_free(&f);
	return rc;
}
