// SPDX-License-Identifier: GPL-2.0-or-later
/* main.c - the command line: options, dispatch, what the user sees, and the exit code. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/not_kept.h"
#include "device/probe/cache_experiment.h"
#include "device/probe/cache_state.h"
#include "lookup/db.h"
#include "decide/decide.h"
#include "names.h"
#include "status.h"
#include "exitcodes.h"
#include "import/import.h"
#include "render/json_stream.h"
#include "render/render.h"
#include "report/fleet.h"
#include "report/report_read.h"
#include "cli/ceph_spec.h"
#include "cli/options.h"
#include "cli/scan.h"
#include "report/summary.h"
#include "thresholds.h"
#include "device/transport.h"

static int list_row(const struct dc_dbinfo *row, void *ud)
{
	unsigned *count = ud;

	dc_render_db_row(stdout, row, (*count)++ == 0);
	return 0;
}

/* --min-dwpd leaves out families whose DWPD no source gives: said, never silently. */
struct unknown_dwpd {
	unsigned n;
	char first[3][DC_TEXT_LEN + 64];
};

static int count_unknown_dwpd(const struct dc_dbinfo *row, void *ud)
{
	struct unknown_dwpd *u = ud;

	if (row->dwpd > 0)
		return 0;
	if (u->n < 3)
		snprintf(u->first[u->n], sizeof(u->first[0]), "%s %s", row->vendor, row->family);
	u->n++;
	return 0;
}

static void note_unknown_dwpd(struct dc_db *db, const struct dc_db_filter *f)
{
	struct dc_db_filter all_dwpd = *f;
	struct unknown_dwpd u = { 0 };

	all_dwpd.min_dwpd = 0;
	if (dc_db_list(db, &all_dwpd, count_unknown_dwpd, &u) || !u.n)
		return;
	fprintf(stderr, "and %u families left out because no source gives their DWPD (%s%s%s%s%s"
		"%s): the same lookup without --min-dwpd lists them\n", u.n, u.first[0],
		u.n > 1 ? ", " : "", u.n > 1 ? u.first[1] : "", u.n > 2 ? ", " : "",
		u.n > 2 ? u.first[2] : "", u.n > 3 ? ", ..." : "");
}

/* lookup --advisories: every advisory, collected for one table or one JSON array. */
struct adv_list {
	struct dc_advisory *a;
	unsigned n, cap;
};

static int collect_advisory(const struct dc_advisory *a, void *ud)
{
	struct adv_list *l = ud;

	if (l->n == l->cap) {
		unsigned cap = l->cap ? l->cap * 2 : 16;
		struct dc_advisory *p = realloc(l->a, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		l->a = p;
		l->cap = cap;
	}
	l->a[l->n++] = *a;
	return 0;
}

static int cmd_lookup_advisories(struct dc_cli *c, struct dc_db *db)
{
	struct adv_list l = { 0 };
	int rc = dc_db_advisory_list(db, collect_advisory, &l);

	if (rc) {
		free(l.a);
		fprintf(stderr, "drivecheck: database lookup failed\n");
		return rc == -ENOMEM ? DC_EXIT_INTERNAL : DC_EXIT_DATABASE;
	}
	if (c->format == DC_OUT_JSON)
		dc_render_advisories_json(stdout, l.a, l.n);
	else
		dc_render_advisories_table(stdout, l.a, l.n);
	fprintf(stderr, "%u advisories\n", l.n);
	free(l.a);
	return DC_EXIT_OK;
}

/* One query's answer: a model pattern, else a family's name, else what is close. */
static int answer(struct dc_cli *c, struct dc_db *db, const char *query, struct dc_lookup_answer *a)
{
	int rc = dc_db_lookup(db, query, &a->row);

	a->kind = DC_LOOKUP_MODEL;
	if (!rc && !a->row.matched) {
		rc = dc_db_find_by_name(db, query, a->candidates, DC_MAX_NAME_CANDIDATES,
					&a->ncandidates, &a->candidates_total, a->suggestions,
					DC_MAX_SUGGESTIONS, &a->nsuggestions);
		if (a->candidates_total == 1) {
			a->kind = DC_LOOKUP_FAMILY;
			a->row = a->candidates[0];
			a->ncandidates = a->candidates_total = 0;
		} else {
			a->kind = a->candidates_total ? DC_LOOKUP_SEVERAL : DC_LOOKUP_NONE;
		}
	}
	if (!rc)
		rc = dc_db_advisories(db, query, c->firmware, c->capacity, c->hours, a->advisories,
				      DC_MAX_ADVISORIES, &a->nadvisories);
	return rc;
}

/*
 * Exit codes (docs/drivecheck.8, LOOKUP): 0 every query names one family of a known
 * class; 1 some names a family of unknown class, or several families; 3 some is not in
 * the database. Two different answers to "not known": in it, unknown; not in it.
 */
static int cmd_lookup(struct dc_cli *c, struct dc_db *db, char **models, unsigned n)
{
	struct dc_lookup_answer *answers;
	enum dc_status worst = DC_PASS;
	unsigned count = 0;
	int rc;

	if (c->advisories && (c->list || n || c->firmware || c->hours >= 0 || c->capacity)) {
		fprintf(stderr, "drivecheck lookup: --advisories lists them all: no MODEL, --list, "
			"--firmware, --hours or --capacity\n");
		return DC_EXIT_USAGE;
	}
	if (c->advisories)
		return cmd_lookup_advisories(c, db);
	if (c->list) {
		rc = dc_db_list(db, &c->filter, list_row, &count);
		if (rc)
			return DC_EXIT_DATABASE;
		fprintf(stderr, "%u families\n", count);
		if (c->filter.min_dwpd > 0)
			note_unknown_dwpd(db, &c->filter);
		return DC_EXIT_OK;
	}
	if (!n) {
		fprintf(stderr, "drivecheck lookup: name a MODEL, or --list, or --advisories\n");
		return DC_EXIT_USAGE;
	}
	answers = calloc(n, sizeof(*answers));
	if (!answers)
		return DC_EXIT_INTERNAL;
	for (unsigned i = 0; i < n; i++) {
		const struct dc_lookup_answer *a = &answers[i];

		if (answer(c, db, models[i], &answers[i]) < 0) {
			free(answers);
			fprintf(stderr, "drivecheck: database lookup failed\n");
			return DC_EXIT_DATABASE;
		}
		if (a->kind == DC_LOOKUP_NONE)
			worst = dc_status_worse(worst, DC_NOT_CHECKED);
		else if (a->kind == DC_LOOKUP_SEVERAL || a->row.plp == DC_PLP_UNKNOWN)
			worst = dc_status_worse(worst, DC_WARN);
	}
	if (c->format == DC_OUT_JSON)
		dc_render_lookup_json(stdout, (const char *const *)models, answers, n);
	else
		dc_render_lookup_table(stdout, (const char *const *)models, answers, n);
	free(answers);
	return dc_status_exit(worst);
}

/* What a report's tables could not hold is said on stderr too (not_kept.h): never a
 * silent cut, whatever the format. */
static void say_not_kept(const char *who, const struct dc_report *r, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		struct dc_not_kept nk;

		if (dc_not_kept(&r[i], &nk))
			fprintf(stderr, "%s: %s: not kept (the tables are full): %u pieces of evidence, "
				"%u things not read, %u findings, %u reasons, %u pieces of advice\n",
				who, r[i].dev.path, nk.evidence, nk.errors, nk.findings, nk.reasons,
				nk.advice);
	}
}

/* What one result says for the exit code: with --gate the role's outcome, else whether
 * it could be read at all (under --sysroot, a device with a command set was never asked:
 * not checked). Memory has no drive role to pass: not checked. */
static enum dc_status outcome(const struct dc_cli *c, const struct dc_report *r)
{
	return c->gate ? dc_report_status(r, c->gate_role)
		       : r->error || r->unasked ? DC_NOT_CHECKED : DC_PASS;
}

static int exit_code(const struct dc_cli *c, const struct dc_report *r, unsigned n)
{
	enum dc_status worst = DC_PASS;

	for (unsigned i = 0; i < n; i++)
		worst = dc_status_worse(worst, outcome(c, &r[i]));
	return dc_status_exit(worst);
}

/* As many probes at once as there are CPUs: each probe keeps one core busy at most. */
static unsigned default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 256 ? 256 : (unsigned)n;
}

/*
 * --try-cache-off changes a setting, so a signal must not end the run between "off" and
 * "on": it stops the probes instead, the experiments put every cache back, and the run
 * exits 130. (SIGKILL cannot be caught: that is what the record is for.)
 */
static volatile sig_atomic_t stop_requested;

static void on_stop_signal(int sig)
{
	stop_requested = sig;
}

static void catch_stop_signals(void)
{
	struct sigaction sa = { .sa_handler = on_stop_signal, .sa_flags = SA_RESTART };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* What an interrupted run did with each cache: the only output it gives. */
static int report_interrupted(const struct dc_report *r, unsigned n)
{
	fprintf(stderr, "drivecheck: interrupted (%s)\n", strsignal(stop_requested));
	for (unsigned i = 0; i < n; i++) {
		const struct dc_cache_trial *t = &r[i].cache_trial;

		if (t->state == DC_TRIAL_DONE || (t->state == DC_TRIAL_FAILED && t->restored == DC_TRI_YES))
			fprintf(stderr, "drivecheck: %s: its volatile write cache is on again, as it "
				"was found\n", r[i].dev.path);
		else if (t->state == DC_TRIAL_FAILED)
			fprintf(stderr, "drivecheck: %s: %s\n", r[i].dev.path, t->why);
	}
	return DC_EXIT_INTERRUPTED;
}

/* A cache an earlier run left off is said on stderr whatever the output format. */
static void warn_left_off(const struct dc_report *r, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		const struct dc_cache_left *l = &r[i].cache_left;

		if (l->found && !l->running)
			fprintf(stderr, "drivecheck: warning: %s: its volatile write cache was turned "
				"off by drivecheck --try-cache-off (pid %ld, %s) and not turned back on; "
				"'drivecheck --restore-cache %s' turns it on\n", r[i].dev.path, l->pid,
				l->since[0] ? l->since : "time unknown", r[i].dev.path);
	}
}

/* This machine's name up to the first dot, or NULL. */
static const char *short_hostname(char *buf, size_t len)
{
	if (gethostname(buf, len) < 0 || !buf[0])
		return NULL;
	buf[len - 1] = '\0';
	buf[strcspn(buf, ".")] = '\0';
	return buf;
}

/*
 * The JSON's "host": --host; for a replay, the host its dumps were made on (NULL when
 * they do not say, or name different hosts: a fleet report must not put the drives on
 * the replaying machine); live, this machine.
 */
static const char *json_host(const struct dc_cli *c, const struct dc_report *r, unsigned n,
			     char *buf, size_t len)
{
	if (c->host)
		return c->host;
	if (!c->replay_dir)
		return short_hostname(buf, len);
	for (unsigned i = 0; i < n; i++)
		if (!r[i].host[0] || strcmp(r[i].host, r[0].host) != 0)
			return NULL;
	return n ? r[0].host : NULL;
}

/*
 * What the whole run must say once, before the results (stderr, and the JSON's
 * "warnings"): a live scan without root reads no identify, SMART or log page, so every
 * drive's own answers are missing (each drive's errors name what).
 */
static unsigned run_warnings(const struct dc_cli *c, const struct dc_report *r, unsigned n,
			     const char **out)
{
	unsigned k = 0;
	bool denied = false;

	for (unsigned i = 0; i < n && !denied; i++)
		for (unsigned e = 0; e < r[i].drive.nerrors; e++)
			denied |= strstr(r[i].drive.errors[e], "permission denied") != NULL;
	if (!c->replay_dir && !c->sysroot && (geteuid() != 0 || denied) && n)
		out[k++] = "not running as root: the drives' identify, SMART and log pages could "
			   "not be read, so their own answers (write cache, power-loss protection, "
			   "health) are missing and the verdicts rest on sysfs and the database; run "
			   "as root for a full check";
	return k;
}

static int cmd_scan(struct dc_cli *c, struct dc_db *db, char **args, unsigned nargs)
{
	struct dc_scan_opts o = {
		.sysroot = c->sysroot ? c->sysroot : "",
		.db = db,
		.probe = !c->no_probe,
		.probe_opts = {
			.max_seconds = c->probe_time > 0 ? c->probe_time : DC_PROBE_DEFAULT_SECONDS,
			.probe_dir = c->probe_dir,
		},
		.jobs = c->jobs ? c->jobs : default_jobs(),
		.progress = isatty(STDERR_FILENO),
		.dump_dir = c->dump_dir,
		.try_cache_off = c->try_cache_off,
		.state_dir = c->replay_dir || c->sysroot ? NULL : dc_state_dir(),
	};
	struct dc_report *reports = NULL;
	unsigned n = 0, nwarn;
	char err[512] = "", host[256];
	const char *warnings[4];
	int rc;

	if (c->try_cache_off) {
		catch_stop_signals();
		o.probe_opts.stop = &stop_requested;
	}
	if (c->replay_dir)
		rc = dc_scan_replay(&o, c->replay_dir, &reports, &n, err, sizeof(err));
	else
		rc = dc_scan_devices(&o, c->all ? NULL : args, nargs, &reports, &n);
	if (rc) {
		fprintf(stderr, "drivecheck: %s\n", err[0] ? err : strerror(-rc));
		free(reports);
		return c->replay_dir ? DC_EXIT_NOT_CHECKED : DC_EXIT_INTERNAL;
	}
	if (stop_requested) {
		rc = report_interrupted(reports, n);
		free(reports);
		return rc;
	}
	warn_left_off(reports, n);
	nwarn = run_warnings(c, reports, n, warnings);
	for (unsigned i = 0; i < nwarn; i++)
		fprintf(stderr, "drivecheck: warning: %s\n", warnings[i]);
	if (c->cmd == DC_CMD_CEPH_SPEC)
		rc = dc_cli_ceph_spec(c, reports, n, c->replay_dir ? NULL :
				      short_hostname(host, sizeof(host)));
	else if (c->format == DC_OUT_JSON)
		rc = dc_render_json(stdout, json_host(c, reports, n, host, sizeof(host)), reports, n,
				    warnings, nwarn);
	else if (c->format == DC_OUT_PROM)
		dc_render_prom(stdout, reports, n);
	else if (c->gate)
		dc_render_gate(stdout, reports, n, c->gate_role);
	else
		dc_render_table(stdout, reports, n, c->verbose || (n == 1 && !c->all));
	if (!n && c->format == DC_OUT_TABLE)
		fprintf(stderr, "drivecheck: no disks found\n");
	/* a device not read is said on stderr whatever the format: scripts read stdout */
	for (unsigned i = 0; i < n; i++)
		if (reports[i].error)
			fprintf(stderr, "drivecheck: %s\n", reports[i].error_msg);
	say_not_kept("drivecheck", reports, n);
	if (c->cmd != DC_CMD_CEPH_SPEC) /* ceph-spec: 0 a spec, 1 none (cli/ceph_spec.c) */
		rc = rc ? DC_EXIT_INTERNAL : exit_code(c, reports, n);
	free(reports);
	return rc;
}

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

/* import --prometheus: the families group every drive's samples, so all results are held. */
static int import_prometheus(struct dc_cli *c, struct dc_db *db, struct dc_import_index *x,
			     struct dc_summary_builder *b, struct said_later *errors)
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
		worst = dc_status_worse(worst, outcome(c, &reports[i]));
		if (reports[i].error)
			say_later(errors, reports[i].error_msg);
	}
	if (!rc)
		dc_render_prom(stdout, reports, count);
	free(reports);
	return rc ? rc : (int)dc_status_exit(worst);
}

/*
 * import: other tools' files through the same parse, look-up and decide code, one drive
 * at a time (import_index.h): each result is evaluated, written and forgotten before the
 * next, so that ten thousand reports take the memory of one.
 */
static int cmd_import(struct dc_cli *c, struct dc_db *db, char **paths, unsigned n)
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
	int rc;

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
		rc = import_prometheus(c, db, x, &b, &errors);
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
		worst = dc_status_worse(worst, outcome(c, r));
		/* each file not read is said on stderr, whatever the format: scripts read stdout */
		if (r->error)
			say_later(&errors, r->error_msg);
		say_not_kept("drivecheck import", r, 1);
	}
	if (!rc && c->format == DC_OUT_TABLE && !c->gate)
		rc = dc_render_table_end(&table);
summary:
	if (dc_summary_end(&b) && rc >= 0)
		rc = -ENOMEM;
	sum.files_skipped = skipped.n;
	if (rc >= 0 && c->format == DC_OUT_JSON)
		rc = dc_render_json_import_end(&js, &sum);
	if (rc >= 0 && c->format == DC_OUT_TABLE && !c->gate && count > 1)
		dc_render_summary_table(stdout, &sum, false, 0);
	say_now(&errors, "drivecheck import");
	if (rc < 0)
		fprintf(stderr, "drivecheck import: %s\n", strerror(-rc));
	rc = rc < 0 ? DC_EXIT_INTERNAL : c->format == DC_OUT_PROM ? rc : (int)dc_status_exit(worst);
out:
	free(r);
	dc_import_index_free(x);
	dc_import_skips_free(&skipped);
	return rc;
}

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

/*
 * report: many hosts' --json back in, one table (or JSON) and one summary, worst first.
 * Each drive is kept as a row of what the fleet shows (fleet.h), sorted, then made a
 * report again one at a time for the output and the summary. --ceph-spec: the rows made a
 * small record each for the plan (cli/ceph_spec.c), instead of any of that.
 */
static int cmd_report(struct dc_cli *c, char **paths, unsigned n)
{
	struct dc_fleet f = { 0 };
	struct dc_summary sum;
	struct dc_summary_builder b;
	struct dc_json_stream js;
	struct dc_table_widths w;
	struct dc_report *r = NULL;
	enum dc_status worst = DC_PASS;
	unsigned nhosts;
	int rc;

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
		worst = dc_status_worse(worst, outcome(c, r));
	}
	rc = dc_summary_end(&b);
	if (!rc && c->format == DC_OUT_JSON)
		rc = dc_render_json_fleet_end(&js, &sum, nhosts);
	else if (!rc)
		dc_render_summary_table(stdout, &sum, true, nhosts);
	say_files_not_read(&f);
	if (rc)
		fprintf(stderr, "drivecheck report: %s\n", strerror(-rc));
	rc = rc ? DC_EXIT_INTERNAL : (int)dc_status_exit(worst);
out:
	free(r);
	dc_fleet_free(&f);
	return rc;
}

/* --restore-cache DEV: the drive read as a scan reads it (no probe), then its record. */
static int cmd_restore_cache(struct dc_cli *c, struct dc_db *db)
{
	struct dc_scan_opts o = { .sysroot = "", .db = db, .jobs = 1 };
	char *args[1] = { (char *)c->restore_cache };
	struct dc_trial_env env = { .state_dir = dc_state_dir() };
	struct dc_report *reports = NULL;
	struct dc_cache_left left;
	unsigned n = 0;
	char msg[512];
	bool running = false;
	int rc;

	rc = dc_scan_devices(&o, args, 1, &reports, &n);
	if (rc || n != 1) {
		fprintf(stderr, "drivecheck: %s\n", strerror(rc ? -rc : ENODEV));
		free(reports);
		return DC_EXIT_INTERNAL;
	}
	if (reports[0].error) {
		fprintf(stderr, "drivecheck: %s\n", reports[0].error_msg);
		free(reports);
		return DC_EXIT_NOT_CHECKED;
	}
	rc = dc_cache_record_find(env.state_dir, &reports[0].drive, &left, &running);
	if (rc == 0 && left.found && running) {
		fprintf(stderr, "drivecheck: %s: drivecheck (pid %ld) is trying its cache now and "
			"will turn it back on itself\n", reports[0].dev.path, left.pid);
		free(reports);
		return DC_EXIT_NOT_CHECKED;
	}
	env.set_cache = dc_transport_for(reports[0].dev.protocol)->set_cache;
	rc = dc_cache_restore(&env, &reports[0].dev, &reports[0].drive, &left, msg, sizeof(msg));
	fprintf(rc ? stderr : stdout, "%s%s\n", rc ? "drivecheck: " : "", msg);
	free(reports);
	return rc ? DC_EXIT_NOT_CHECKED : DC_EXIT_OK;
}

int main(int argc, char **argv)
{
	struct dc_cli c = { 0 };
	struct dc_db *db = NULL;
	char err[512] = "";
	int rc;

	rc = dc_cli_parse(argc, argv, &c);
	if (rc >= 0)
		return rc;
	/* The verdicts are in the files: no database is opened (nor needed). */
	if (c.cmd == DC_CMD_REPORT)
		return cmd_report(&c, c.args, c.nargs);
	if (dc_db_open(c.db_path, &db, err, sizeof(err))) {
		fprintf(stderr, "drivecheck: %s\n", err);
		return DC_EXIT_DATABASE;
	}
	if (c.version) {
		unsigned families = 0, patterns = 0;

		dc_db_stats(db, &families, &patterns);
		printf("drivecheck %s (drive database: %u families, %u patterns, %s%s)\n", DC_VERSION,
		       families, patterns, c.db_path ? "from " : "built in", c.db_path ? c.db_path : "");
		rc = DC_EXIT_OK;
	} else if (c.cmd == DC_CMD_LOOKUP) {
		rc = cmd_lookup(&c, db, c.args, c.nargs);
	} else if (c.cmd == DC_CMD_IMPORT) {
		rc = cmd_import(&c, db, c.args, c.nargs);
	} else if (c.restore_cache && c.cmd == DC_CMD_SCAN) {
		rc = cmd_restore_cache(&c, db);
	} else {
		rc = cmd_scan(&c, db, c.args, c.nargs);
	}
	dc_db_close(db);
	return rc;
}
