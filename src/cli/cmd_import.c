// SPDX-License-Identifier: GPL-2.0-or-later
/* cmd_import.c - drivecheck import: other tools' files read in two passes, each drive
 * printed as it is decided. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "import/import.h"
#include "render/json_stream.h"
#include "render/render.h"
#include "report/summary.h"
#include "cli/commands.h"

/* Lines for stderr, said once the output is complete (a terminal shows them after it). */
struct said_later {
	char **v;
	unsigned n, cap;
};

static void say_later(struct said_later *l, const char *line)
{
	if (l->n == l->cap) {
		unsigned cap = l->cap ? l->cap * 2 : 16;
		char **v = realloc(l->v, cap * sizeof(*v));

		if (!v)
			return;
		l->v = v;
		l->cap = cap;
	}
	if ((l->v[l->n] = strdup(line)))
		l->n++;
}

static void say_now(struct said_later *l, const char *prefix)
{
	for (unsigned i = 0; i < l->n; i++) {
		fprintf(stderr, "%s: %s\n", prefix, l->v[i]);
		free(l->v[i]);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}

/* import --prometheus: the families group every drive's samples, so all results are held.
 * *wrote: the renderer's error (a write that failed). */
static int import_prometheus(struct dc_cli *c, struct dc_db *db, struct dc_import_index *x,
			     struct dc_summary_builder *b, struct said_later *errors, int *wrote)
{
	unsigned count = dc_import_index_count(x);
	struct dc_report *reports = calloc(count ? count : 1, sizeof(*reports));
	enum dc_status worst = DC_PASS;
	int rc = reports ? 0 : -ENOMEM;

	for (unsigned i = 0; !rc && i < count; i++) {
		rc = dc_import_index_result(db, x, i, &reports[i]);
		if (rc)
			break;
		dc_summary_add(b, &reports[i], NULL);
		worst = dc_status_worse(worst, dc_cli_outcome(c, &reports[i]));
		if (reports[i].error)
			say_later(errors, reports[i].error_msg);
	}
	if (!rc)
		*wrote = dc_render_prom(stdout, reports, count);
	free(reports);
	return rc ? rc : (int)dc_status_exit(worst);
}

/*
 * import: other tools' files through the same parse, look-up and decide code, one drive
 * at a time (import_index.h): each result is evaluated, written and forgotten before the
 * next, so that ten thousand reports take the memory of one.
 */
int dc_cmd_import(struct dc_cli *c, struct dc_db *db, char **paths, unsigned n)
{
	struct dc_import_opts o = { .db = db, .progress = isatty(STDERR_FILENO) };
	struct dc_import_skips skipped = { 0 };
	struct dc_import_index *x = NULL;
	struct dc_report *r = NULL;
	struct dc_summary sum;
	struct dc_summary_builder b;
	struct said_later errors = { 0 };
	struct dc_json_stream js;
	struct dc_table_stream table;
	enum dc_status worst = DC_PASS;
	unsigned count = 0;
	bool verbose;
	int rc, wrote = 0; /* wrote: the output's error (json_stream.h, render.h), kept apart */

	if (!n) {
		fprintf(stderr, "drivecheck import: name a FILE or DIR (or - for standard input)\n");
		return DC_EXIT_USAGE;
	}
	rc = dc_import_index_build(&o, paths, n, &x, &skipped);
	if (!rc)
		rc = dc_summary_begin(&b, &sum);
	if (!rc)
		r = malloc(sizeof(*r));
	if (!rc && !r)
		rc = -ENOMEM;
	if (!rc) {
		count = dc_import_index_count(x);
		/* the first result decides whether one drive is shown in detail */
		if (count && c->format != DC_OUT_PROM)
			rc = dc_import_index_result(db, x, 0, r);
	}
	if (rc) {
		fprintf(stderr, "drivecheck import: %s\n", strerror(-rc));
		dc_summary_end(&b);
		goto out;
	}
	/* A file of a folder that is no report (a README, a checksum list): one line each,
	 * counted, and not a reason for exit 3. */
	for (unsigned i = 0; i < skipped.n; i++)
		fprintf(stderr, "drivecheck import: skipped %s: %s\n", skipped.v[i].path,
			skipped.v[i].why);
	if (c->format == DC_OUT_PROM) {
		rc = import_prometheus(c, db, x, &b, &errors, &wrote);
		goto summary;
	}
	verbose = c->verbose || (count == 1 && !r->error);
	if (c->format == DC_OUT_JSON) {
		dc_render_json_import_begin(&js, stdout);
	} else if (!c->gate) {
		struct dc_table_widths w;
		char path[DC_PATH_LEN];

		dc_render_widths_init(&w, false);
		for (unsigned i = 0; i < count; i++)
			dc_render_widths_add(&w, dc_import_index_path(x, i, path, sizeof(path)), NULL);
		dc_render_table_begin(&table, stdout, &w, verbose);
	}
	for (unsigned i = 0; !rc && i < count; i++) {
		if (i)
			rc = dc_import_index_result(db, x, i, r);
		if (rc)
			break;
		if (c->format == DC_OUT_JSON)
			dc_render_json_import_device(&js, r);
		else if (c->gate)
			dc_render_gate(stdout, r, 1, c->gate_role);
		else
			dc_render_table_add(&table, r);
		dc_summary_add(&b, r, NULL);
		worst = dc_status_worse(worst, dc_cli_outcome(c, r));
		/* each file not read is said on stderr, whatever the format: scripts read stdout */
		if (r->error)
			say_later(&errors, r->error_msg);
		dc_cli_say_not_kept("drivecheck import", r, 1);
	}
	if (!rc && c->format == DC_OUT_TABLE && !c->gate)
		wrote = dc_render_table_end(&table);
summary:
	if (dc_summary_end(&b) && rc >= 0)
		rc = -ENOMEM;
	sum.files_skipped = skipped.n;
	if (rc >= 0 && c->format == DC_OUT_JSON)
		wrote = dc_render_json_import_end(&js, &sum);
	if (rc >= 0 && !wrote && c->format == DC_OUT_TABLE && !c->gate && count > 1)
		dc_render_summary_table(stdout, &sum, false, 0);
	say_now(&errors, "drivecheck import");
	if (rc < 0)
		fprintf(stderr, "drivecheck import: %s\n", strerror(-rc));
	if (rc >= 0 && wrote)
		rc = dc_cli_output_error("drivecheck import", wrote);
	else
		rc = rc < 0 ? DC_EXIT_INTERNAL : c->format == DC_OUT_PROM ? rc :
			      (int)dc_status_exit(worst);
out:
	free(r);
	dc_import_index_free(x);
	dc_import_skips_free(&skipped);
	return rc;
}
