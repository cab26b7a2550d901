// SPDX-License-Identifier: GPL-2.0-or-later
/* cmd_import.c - drivecheck import: other tools' files read in two passes, each drive
 * printed as it is decided, through the run's printer. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "import/import.h"
#include "render/print.h"
#include "fleet/summary.h"
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

/* Result i's path, before it is evaluated, for the table's widths (render/print.h). */
static const char *import_path(const void *ctx, unsigned i, const char **host, char *buf,
			       size_t len)
{
	(void)host;
	return dc_import_index_path(ctx, i, buf, len);
}

/*
 * import: other tools' files through the same parse, look-up and decide code, one drive
 * at a time (import_index.h): each result is evaluated, printed and forgotten before the
 * next, so that ten thousand reports take the memory of one (but for --prometheus, whose
 * printer holds every result: print.c).
 */
enum dc_exit dc_cmd_import(struct dc_cli *c, struct dc_db *db, char **paths, unsigned n)
{
	struct dc_import_opts o = { .db = db, .progress = isatty(STDERR_FILENO) };
	struct dc_import_skips skipped = { 0 };
	struct dc_import_index *x = NULL;
	struct dc_check *r = NULL;
	struct dc_summary sum;
	struct dc_summary_builder b;
	struct said_later errors = { 0 };
	struct dc_print_head h = { .doc = DC_PRINT_IMPORT, .path = import_path,
				   .role = c->gate_role };
	struct dc_printer p;
	enum dc_status worst = DC_PASS;
	enum dc_exit code;
	unsigned count = 0;
	int err, wrote; /* -errno: the import's own failure; the output's, kept apart */

	if (!n) {
		fprintf(stderr, "drivecheck import: name a FILE or DIR (or - for standard input)\n");
		return DC_EXIT_USAGE;
	}
	err = dc_import_index_build(&o, paths, n, &x, &skipped);
	if (!err) {
		err = dc_summary_begin(&b, &sum);
		if (!err && !(r = malloc(sizeof(*r))))
			err = -ENOMEM;
		count = dc_import_index_count(x);
		/* the first result decides whether one drive is shown in detail */
		if (!err && count)
			err = dc_import_index_result(db, x, 0, r);
		if (err)
			dc_summary_end(&b); /* frees what it holds, after a failure too */
	}
	if (err) {
		fprintf(stderr, "drivecheck import: %s\n", strerror(-err));
		code = DC_EXIT_INTERNAL;
		goto out;
	}
	/* A file of a folder that is no report (a README, a checksum list): one line each,
	 * counted, and not a reason for exit 3. */
	for (unsigned i = 0; i < skipped.n; i++)
		fprintf(stderr, "drivecheck import: skipped %s: %s\n", skipped.v[i].path,
			skipped.v[i].why);
	h.n = count;
	h.ctx = x;
	h.verbose = c->verbose || (count == 1 && !r->error);
	dc_print_begin(&p, c->print, stdout, &h);
	for (unsigned i = 0; i < count; i++) {
		if (i && (err = dc_import_index_result(db, x, i, r)))
			break;
		dc_print_drive(&p, r, NULL);
		dc_summary_add(&b, r, NULL);
		worst = dc_status_worse(worst, dc_cli_outcome(c, r));
		/* each file not read is said on stderr, whatever the format: scripts read stdout */
		if (r->error)
			say_later(&errors, r->error_msg);
		dc_cli_say_not_kept("drivecheck import", r, 1);
	}
	if (dc_summary_end(&b) && !err)
		err = -ENOMEM;
	sum.files_skipped = skipped.n;
	if (!err)
		dc_print_summary(&p, &sum, 0);
	wrote = dc_print_end(&p, !err);
	say_now(&errors, "drivecheck import");
	code = dc_cli_end_code("drivecheck import", err, wrote, worst);
out:
	free(r);
	dc_import_index_free(x);
	dc_import_skips_free(&skipped);
	return code;
}
