// SPDX-License-Identifier: GPL-2.0-or-later
/* main.c - the command line: options parsed, the database opened, the command run; a scan
 * of devices and --restore-cache here, the other commands in cmd_*.c. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/host.h"
#include "core/json_alloc.h"
#include "device/probe/cache_experiment.h"
#include "device/probe/cache_state.h"
#include "render/print.h"
#include "cli/ceph_spec.h"
#include "cli/commands.h"
#include "cli/scan.h"
#include "device/protocol.h"

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
static enum dc_exit report_interrupted(const struct dc_check *r, unsigned n)
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
static void warn_left_off(const struct dc_check *r, unsigned n)
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

/*
 * The JSON's "host": --host; for a replay, the host its dumps were made on (NULL when
 * they do not say, or name different hosts: a fleet report must not put the drives on
 * the replaying machine); live, this machine.
 */
static const char *json_host(const struct dc_cli *c, const struct dc_check *r, unsigned n,
			     char *buf, size_t len)
{
	if (c->host)
		return c->host;
	if (!c->replay_dir)
		return dc_hostname_short(buf, len);
	for (unsigned i = 0; i < n; i++)
		if (!r[i].host[0] || strcmp(r[i].host, r[0].host) != 0)
			return NULL;
	return n ? r[0].host : NULL;
}

/* The results through the run's printer (c->print). Returns 0, or the output's -ENOMEM or
 * -errno (print.h). */
static int print_scan(const struct dc_cli *c, const struct dc_check *r, unsigned n,
		      const char *const *warnings, unsigned nwarnings)
{
	char host[256];
	const struct dc_print_head h = {
		.doc = DC_PRINT_SCAN,
		/* one drive named is shown in detail */
		.verbose = c->verbose || (n == 1 && !c->all),
		.role = c->gate_role,
		.host = json_host(c, r, n, host, sizeof(host)),
		.warnings = warnings,
		.nwarnings = nwarnings,
	};

	return dc_print_checks(c->print, stdout, &h, r, n);
}

static enum dc_exit cmd_scan(struct dc_cli *c, struct dc_db *db, char **args, unsigned nargs)
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
	struct dc_check *reports = NULL;
	unsigned n = 0, nwarn;
	char why[512] = "", host[256];
	const char *warnings[4];
	enum dc_exit code = DC_EXIT_OK; /* ceph-spec's, else the results' (below) */
	int err; /* -errno: the scan's own failure, then the output's */

	if (c->try_cache_off) {
		catch_stop_signals();
		o.probe_opts.stop = &stop_requested;
	}
	if (c->replay_dir)
		err = dc_scan_replay(&o, c->replay_dir, &reports, &n, why, sizeof(why));
	else
		err = dc_scan_devices(&o, c->all ? NULL : args, nargs, &reports, &n);
	if (err) {
		fprintf(stderr, "drivecheck: %s\n", why[0] ? why : strerror(-err));
		free(reports);
		return c->replay_dir ? DC_EXIT_NOT_CHECKED : DC_EXIT_INTERNAL;
	}
	if (stop_requested) {
		code = report_interrupted(reports, n);
		free(reports);
		return code;
	}
	warn_left_off(reports, n);
	/* a replay or another tree's sysfs was never this process's to read */
	nwarn = c->replay_dir || c->sysroot ? 0 : dc_scan_warnings(reports, n, geteuid() == 0,
								       warnings);
	for (unsigned i = 0; i < nwarn; i++)
		fprintf(stderr, "drivecheck: warning: %s\n", warnings[i]);
	if (c->cmd == DC_CMD_CEPH_SPEC) /* 0 a spec, 1 none (cli/ceph_spec.c) */
		code = dc_cli_ceph_spec(c, reports, n, c->replay_dir ? NULL :
					dc_hostname_short(host, sizeof(host)));
	else
		err = print_scan(c, reports, n, warnings, nwarn);
	if (!n && c->format == DC_OUT_TABLE)
		fprintf(stderr, "drivecheck: no disks found\n");
	/* a device not read is said on stderr whatever the format: scripts read stdout */
	for (unsigned i = 0; i < n; i++)
		if (reports[i].error)
			fprintf(stderr, "drivecheck: %s\n", reports[i].error_msg);
	dc_cli_say_not_kept("drivecheck", reports, n);
	if (c->cmd != DC_CMD_CEPH_SPEC)
		code = err ? dc_cli_output_error("drivecheck", err) : dc_cli_exit_code(c, reports, n);
	free(reports);
	return code;
}

/* --restore-cache DEV: the drive read as a scan reads it (no probe), then its record. */
static int cmd_restore_cache(struct dc_cli *c, struct dc_db *db)
{
	struct dc_scan_opts o = { .sysroot = "", .db = db, .jobs = 1 };
	char *args[1] = { (char *)c->restore_cache };
	struct dc_trial_env env = { .state_dir = dc_state_dir() };
	struct dc_check *reports = NULL;
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
	env.set_cache = dc_protocol_ops_for(reports[0].dev.protocol)->set_cache;
	rc = dc_cache_restore(&env, &reports[0].dev, &reports[0].drive, &left, msg, sizeof(msg));
	fprintf(rc ? stderr : stdout, "%s%s\n", rc ? "drivecheck: " : "", msg);
	free(reports);
	return rc ? DC_EXIT_NOT_CHECKED : DC_EXIT_OK;
}

static int run(int argc, char **argv)
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
		return dc_cmd_report(&c, c.args, c.nargs);
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
		rc = dc_cmd_lookup(&c, db, c.args, c.nargs);
	} else if (c.cmd == DC_CMD_IMPORT) {
		rc = dc_cmd_import(&c, db, c.args, c.nargs);
	} else if (c.cmd == DC_CMD_CEPH_HEALTH) {
		rc = dc_cmd_ceph_health(&c, db);
	} else if (c.restore_cache && c.cmd == DC_CMD_SCAN) {
		rc = cmd_restore_cache(&c, db);
	} else {
		rc = cmd_scan(&c, db, c.args, c.nargs);
	}
	dc_db_close(db);
	return rc;
}

/* Whatever the command, its exit code holds only if stdout was written whole: a cut
 * output exits 7 (exitcodes.h), said on stderr, never 0 or a verdict. */
int main(int argc, char **argv)
{
	/* cJSON's failed allocations counted (core/json_alloc.h), before any thread starts */
	dc_json_alloc_watch();
	return dc_cli_close_stdout(run(argc, argv));
}
