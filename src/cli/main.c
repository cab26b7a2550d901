// SPDX-License-Identifier: GPL-2.0-or-later
/* main.c - the command line: options, dispatch, what the user sees, and the exit code. */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "device/probe/cache_experiment.h"
#include "device/probe/cache_state.h"
#include "lookup/db.h"
#include "decide/decide.h"
#include "names.h"
#include "status.h"
#include "exitcodes.h"
#include "import/import.h"
#include "render/render.h"
#include "report/report_read.h"
#include "cli/scan.h"
#include "report/summary.h"
#include "thresholds.h"
#include "device/transport.h"

enum output_format { OUT_TABLE, OUT_JSON, OUT_PROM };

struct cli {
	bool all, verbose, no_probe, list, version, try_cache_off;
	enum output_format format;
	const char *dump_dir, *replay_dir, *db_path, *probe_dir, *sysroot, *restore_cache;
	double probe_time;
	unsigned jobs;
	bool gate;
	enum dc_role gate_role;
	struct dc_db_filter filter;
	/* lookup: firmware advisories (issue 22) */
	bool advisories;
	const char *firmware;
	long long hours;                 /* -1: not given */
	unsigned long long capacity;     /* 0: not given */
	const char *host;                /* --host: the JSON's host, or NULL */
	unsigned formats;                /* how many output formats were asked for */
};

static void usage(FILE *f)
{
	fprintf(f,
"Usage: drivecheck [OPTIONS] --all | DEVICE...\n"
"       drivecheck [OPTIONS] --replay DIR\n"
"       drivecheck --gate ROLE [OPTIONS] DEVICE...\n"
"       drivecheck --restore-cache DEVICE\n"
"       drivecheck import [--json | --prometheus] [-v] [--gate ROLE] FILE | DIR | -...\n"
"       drivecheck report [--json] [--gate ROLE] FILE...\n"
"       drivecheck lookup [--json] [--firmware FW] [--hours N] [--capacity BYTES] MODEL...\n"
"       drivecheck lookup --advisories [--json]\n"
"       drivecheck lookup --list [--vendor V] [--plp CLASS] [--interface IF] [--min-dwpd N]\n"
"                                [--source-kind KIND]\n"
"\n"
"Is this drive fit for Ceph or DRBD? Identity, write cache, power-loss protection (PLP)\n"
"evidence, wear, the bundled drive database, a short sync-write probe, and a verdict per\n"
"role: ceph-osd, ceph-db, drbd, zfs-slog, etcd.\n"
"\n"
"Devices:\n"
"  -a, --all               every whole disk (not partitions, loop, ram, dm or md)\n"
"  DEVICE                  /dev/sdX, /dev/nvme0n1, a /dev/disk/by-* link, or a kernel name\n"
"Output:\n"
"  -j, --json              JSON (format in docs/json.md)\n"
"      --prometheus        Prometheus text format (node_exporter textfile collector)\n"
"      --host NAME         the JSON's host (a replay: the dump's, else none; live: this\n"
"                          machine's short name)\n"
"  -v, --verbose           evidence, reasons and advice under the table\n"
"Probe (a few seconds of 4 KiB O_DIRECT|O_DSYNC writes at queue depth 1 per drive):\n"
"      --no-probe          do not probe\n"
"      --probe-time SEC    time bound per drive (default %.0f)\n"
"      --probe-dir DIR     a writable directory on the drive to probe in (otherwise: a\n"
"                          mounted filesystem of the drive, or an unused raw device\n"
"                          rewritten with its own bytes; anything else is refused)\n"
"      --jobs N            probe N physical devices at once (default: the online CPUs;\n"
"                          1: one after another); never two probes on one device\n"
"Cache experiment (opt-in; changes a setting, never data):\n"
"      --try-cache-off     after the probe, turn the drive's volatile write cache off, probe\n"
"                          again, and turn it back on; a run killed in between leaves it off\n"
"                          (safe) and the next run says so. Records in $DRIVECHECK_STATE_DIR\n"
"                          (default %s)\n"
"      --restore-cache DEV turn on a cache that an interrupted --try-cache-off left off\n"
"Verdict:\n"
"      --gate ROLE         exit 0 pass, 1 warn, 2 fail, 3 could not check (ROLE: ceph-osd,\n"
"                          ceph-db, drbd, zfs-slog, etcd)\n"
"Data:\n"
"      --db PATH           use this drive database instead of the built-in one\n"
"      --dump DIR          save every raw page read (and the probe) under DIR/<device>/\n"
"      --replay DIR        evaluate a dump instead of live devices\n"
"      --sysroot DIR       read sysfs and the mount table under DIR (tests); no device I/O\n"
"Import (the drive's own words in another tool's output, no drive needed):\n"
"  import FILE|DIR|-       smartctl -a / -x text and -j JSON; nvme-cli id-ctrl, id-ns,\n"
"                          smart-log, get-feature -f 6 and list (-o json); fio JSON of a\n"
"                          4 KiB queue-depth-1 sync write job (as the probe). Folders are\n"
"                          read recursively; one drive's files join by serial or folder.\n"
"                          What a format does not carry is reported as not in the input.\n"
"Report (a fleet: many hosts' drivecheck --json files merged, no drive needed):\n"
"  report FILE...          every drive with its host, the worst first; per role how many\n"
"                          pass, warn and fail; the models and families the database does\n"
"                          not know. The host is the file's \"host\", else its name. A file\n"
"                          that is not drivecheck's JSON is named on stderr (exit 3).\n"
"Lookup (what the database says, no drive needed):\n"
"      --list              every family that passes these filters:\n"
"      --vendor V          vendor name contains V\n"
"      --plp CLASS         full, data-at-rest, at-least-data-at-rest, none, unknown\n"
"      --interface IF      sata, sas, nvme\n"
"      --min-dwpd N        rated drive writes per day of at least N\n"
"      --source-kind KIND  the strongest source behind the class is of this kind: vendor,\n"
"                          device, review, compilation, distributor, community\n"
"      --advisories        every known firmware defect (advisory) in the database\n"
"      --firmware FW       MODEL's firmware: only the advisories that hit it\n"
"      --hours N           MODEL's power-on hours: hours left before a counter defect\n"
"      --capacity BYTES    MODEL's capacity: leaves out advisories of other capacities\n"
"  -h, --help              this text\n"
"  -V, --version           version and database size\n"
"\n"
"Flush thresholds (sync p50, fast / slow): NVMe %.0f / %.0f us, SATA and SAS %.0f / %.0f us,\n"
"others %.0f / %.0f us. References in docs/thresholds.md.\n"
"Exit codes: 0 ok/pass, 1 warn, 2 fail, 3 could not check, 4 usage, 5 database, 6 internal,\n"
"130 interrupted (--try-cache-off, caches put back).\n",
		DC_PROBE_DEFAULT_SECONDS, DC_STATE_DIR_DEFAULT, DC_NVME_FLUSH_FAST_US, DC_NVME_FLUSH_SLOW_US,
		DC_SATA_FLUSH_FAST_US, DC_SATA_FLUSH_SLOW_US, DC_OTHER_FLUSH_FAST_US,
		DC_OTHER_FLUSH_SLOW_US);
}

enum long_only {
	OPT_NO_PROBE = 0x100, OPT_PROBE_TIME, OPT_PROBE_DIR, OPT_GATE, OPT_DB, OPT_DUMP,
	OPT_REPLAY, OPT_PROM, OPT_SYSROOT, OPT_LIST, OPT_VENDOR, OPT_PLP, OPT_INTERFACE,
	OPT_MIN_DWPD, OPT_SOURCE_KIND, OPT_JOBS, OPT_TRY_CACHE_OFF, OPT_RESTORE_CACHE,
	OPT_ADVISORIES, OPT_FIRMWARE, OPT_HOURS, OPT_CAPACITY, OPT_HOST,
};

static int parse_number(const char *s, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	return (errno || end == s || *end) ? -EINVAL : 0;
}

/* Returns -1 to go on, or an exit code. */
static int parse_args(int argc, char **argv, struct cli *c)
{
	static const struct option opts[] = {
		{ "all", no_argument, NULL, 'a' },
		{ "json", no_argument, NULL, 'j' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "prometheus", no_argument, NULL, OPT_PROM },
		{ "no-probe", no_argument, NULL, OPT_NO_PROBE },
		{ "probe-time", required_argument, NULL, OPT_PROBE_TIME },
		{ "probe-dir", required_argument, NULL, OPT_PROBE_DIR },
		{ "jobs", required_argument, NULL, OPT_JOBS },
		{ "try-cache-off", no_argument, NULL, OPT_TRY_CACHE_OFF },
		{ "restore-cache", required_argument, NULL, OPT_RESTORE_CACHE },
		{ "gate", required_argument, NULL, OPT_GATE },
		{ "db", required_argument, NULL, OPT_DB },
		{ "dump", required_argument, NULL, OPT_DUMP },
		{ "replay", required_argument, NULL, OPT_REPLAY },
		{ "sysroot", required_argument, NULL, OPT_SYSROOT },
		{ "list", no_argument, NULL, OPT_LIST },
		{ "vendor", required_argument, NULL, OPT_VENDOR },
		{ "plp", required_argument, NULL, OPT_PLP },
		{ "interface", required_argument, NULL, OPT_INTERFACE },
		{ "min-dwpd", required_argument, NULL, OPT_MIN_DWPD },
		{ "source-kind", required_argument, NULL, OPT_SOURCE_KIND },
		{ "advisories", no_argument, NULL, OPT_ADVISORIES },
		{ "firmware", required_argument, NULL, OPT_FIRMWARE },
		{ "hours", required_argument, NULL, OPT_HOURS },
		{ "capacity", required_argument, NULL, OPT_CAPACITY },
		{ "host", required_argument, NULL, OPT_HOST },
		{ 0 },
	};
	enum dc_source_kind kind;
	enum dc_plp_class plp;
	int ch;

	while ((ch = getopt_long(argc, argv, "ajvhV", opts, NULL)) != -1) {
		switch (ch) {
		case 'a': c->all = true; break;
		case 'j': c->format = OUT_JSON; c->formats++; break;
		case 'v': c->verbose = true; break;
		case 'h': usage(stdout); return DC_EXIT_OK;
		case 'V': c->version = true; break; /* printed once the database is open */
		case OPT_PROM: c->format = OUT_PROM; c->formats++; break;
		case OPT_HOST: c->host = optarg; break;
		case OPT_NO_PROBE: c->no_probe = true; break;
		case OPT_PROBE_TIME:
			if (parse_number(optarg, &c->probe_time) || c->probe_time <= 0 ||
			    c->probe_time > 3600) {
				fprintf(stderr, "drivecheck: --probe-time: want seconds in (0, 3600], not '%s'\n", optarg);
				return DC_EXIT_USAGE;
			}
			break;
		case OPT_PROBE_DIR: c->probe_dir = optarg; break;
		case OPT_TRY_CACHE_OFF: c->try_cache_off = true; break;
		case OPT_RESTORE_CACHE: c->restore_cache = optarg; break;
		case OPT_JOBS: {
			double jobs;

			if (parse_number(optarg, &jobs) || jobs < 1 || jobs > 256 || jobs != (unsigned)jobs) {
				fprintf(stderr, "drivecheck: --jobs: want a whole number in [1, 256], not '%s'\n", optarg);
				return DC_EXIT_USAGE;
			}
			c->jobs = (unsigned)jobs;
			break;
		}
		case OPT_GATE:
			if (dc_role_from_name(optarg, &c->gate_role)) {
				fprintf(stderr, "drivecheck: --gate: unknown role '%s' (ceph-osd, ceph-db, drbd, zfs-slog, etcd)\n", optarg);
				return DC_EXIT_USAGE;
			}
			c->gate = true;
			break;
		case OPT_DB: c->db_path = optarg; break;
		case OPT_DUMP: c->dump_dir = optarg; break;
		case OPT_REPLAY: c->replay_dir = optarg; break;
		case OPT_SYSROOT: c->sysroot = optarg; break;
		case OPT_LIST: c->list = true; break;
		case OPT_VENDOR: c->filter.vendor = optarg; break;
		case OPT_PLP:
			if (dc_plp_from_name(optarg, &plp)) {
				fprintf(stderr, "drivecheck: --plp: want full, data-at-rest, "
					"at-least-data-at-rest, none or unknown\n");
				return DC_EXIT_USAGE;
			}
			c->filter.plp = optarg;
			break;
		case OPT_INTERFACE: c->filter.interface = optarg; break;
		case OPT_SOURCE_KIND:
			if (dc_source_kind_from_name(optarg, &kind) || kind == DC_SRC_NONE ||
			    kind == DC_SRC_MEASURED) {
				fprintf(stderr, "drivecheck: --source-kind: want vendor, device, review, "
					"compilation, distributor or community\n");
				return DC_EXIT_USAGE;
			}
			c->filter.source_kind = optarg;
			break;
		case OPT_ADVISORIES: c->advisories = true; break;
		case OPT_FIRMWARE: c->firmware = optarg; break;
		case OPT_HOURS:
		case OPT_CAPACITY: {
			double v;

			if (parse_number(optarg, &v) || v < 0 || v > 1e18 || v != (double)(long long)v) {
				fprintf(stderr, "drivecheck: --%s: want a whole number, not '%s'\n",
					ch == OPT_HOURS ? "hours" : "capacity", optarg);
				return DC_EXIT_USAGE;
			}
			if (ch == OPT_HOURS)
				c->hours = (long long)v;
			else
				c->capacity = (unsigned long long)v;
			break;
		}
		case OPT_MIN_DWPD:
			if (parse_number(optarg, &c->filter.min_dwpd)) {
				fprintf(stderr, "drivecheck: --min-dwpd: not a number: '%s'\n", optarg);
				return DC_EXIT_USAGE;
			}
			break;
		default:
			fprintf(stderr, "Try 'drivecheck --help'.\n");
			return DC_EXIT_USAGE;
		}
	}
	return -1;
}

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

static int cmd_lookup_advisories(struct cli *c, struct dc_db *db)
{
	struct adv_list l = { 0 };
	int rc = dc_db_advisory_list(db, collect_advisory, &l);

	if (rc) {
		free(l.a);
		fprintf(stderr, "drivecheck: database lookup failed\n");
		return rc == -ENOMEM ? DC_EXIT_INTERNAL : DC_EXIT_DATABASE;
	}
	if (c->format == OUT_JSON)
		dc_render_advisories_json(stdout, l.a, l.n);
	else
		dc_render_advisories_table(stdout, l.a, l.n);
	fprintf(stderr, "%u advisories\n", l.n);
	free(l.a);
	return DC_EXIT_OK;
}

/* One query's answer: a model pattern, else a family's name, else what is close. */
static int answer(struct cli *c, struct dc_db *db, const char *query, struct dc_lookup_answer *a)
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
static int cmd_lookup(struct cli *c, struct dc_db *db, char **models, unsigned n)
{
	struct dc_lookup_answer *answers;
	unsigned count = 0;
	int rc, worst = DC_EXIT_OK;

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
			worst = DC_EXIT_NOT_CHECKED;
		else if ((a->kind == DC_LOOKUP_SEVERAL || a->row.plp == DC_PLP_UNKNOWN) &&
			 worst == DC_EXIT_OK)
			worst = DC_EXIT_WARN;
	}
	if (c->format == OUT_JSON)
		dc_render_lookup_json(stdout, (const char *const *)models, answers, n);
	else
		dc_render_lookup_table(stdout, (const char *const *)models, answers, n);
	free(answers);
	return worst;
}

/* Without --gate: whether every device was read; with it: the worst verdict of its role
 * (memory has no drive role to pass: not checked). */
static int exit_code(const struct cli *c, const struct dc_report *r, unsigned n)
{
	enum dc_status worst = DC_PASS;

	for (unsigned i = 0; i < n; i++)
		worst = dc_status_worse(worst, c->gate ? dc_report_status(&r[i], c->gate_role)
					: r[i].error ? DC_NOT_CHECKED : DC_PASS);
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
static const char *json_host(const struct cli *c, const struct dc_report *r, unsigned n,
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
static unsigned run_warnings(const struct cli *c, const struct dc_report *r, unsigned n,
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

static int cmd_scan(struct cli *c, struct dc_db *db, char **args, unsigned nargs)
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
	if (c->format == OUT_JSON)
		rc = dc_render_json(stdout, json_host(c, reports, n, host, sizeof(host)), reports, n,
				    warnings, nwarn);
	else if (c->format == OUT_PROM)
		dc_render_prom(stdout, reports, n);
	else if (c->gate)
		dc_render_gate(stdout, reports, n, c->gate_role);
	else
		dc_render_table(stdout, reports, n, c->verbose || (n == 1 && !c->all));
	if (!n && c->format == OUT_TABLE)
		fprintf(stderr, "drivecheck: no disks found\n");
	/* a device not read is said on stderr whatever the format: scripts read stdout */
	for (unsigned i = 0; i < n; i++)
		if (reports[i].error)
			fprintf(stderr, "drivecheck: %s\n", reports[i].error_msg);
	rc = rc ? DC_EXIT_INTERNAL : exit_code(c, reports, n);
	free(reports);
	return rc;
}

/* import: other tools' files through the same parse, look-up and decide code. */
static int cmd_import(struct cli *c, struct dc_db *db, char **paths, unsigned n)
{
	struct dc_import_opts o = { .db = db, .progress = isatty(STDERR_FILENO) };
	struct dc_import_skips skipped = { 0 };
	struct dc_report *reports = NULL;
	struct dc_summary sum;
	unsigned count = 0;
	int rc;

	if (!n) {
		fprintf(stderr, "drivecheck import: name a FILE or DIR (or - for standard input)\n");
		return DC_EXIT_USAGE;
	}
	rc = dc_import_run(&o, paths, n, &reports, &count, &skipped);
	if (!rc)
		rc = dc_summarize(reports, count, &sum);
	if (rc) {
		fprintf(stderr, "drivecheck import: %s\n", strerror(-rc));
		free(reports);
		dc_import_skips_free(&skipped);
		return DC_EXIT_INTERNAL;
	}
	/* A file of a folder that is no report (a README, a checksum list): one line each,
	 * counted, and not a reason for exit 3. */
	sum.files_skipped = skipped.n;
	for (unsigned i = 0; i < skipped.n; i++)
		fprintf(stderr, "drivecheck import: skipped %s: %s\n", skipped.v[i].path,
			skipped.v[i].why);
	dc_import_skips_free(&skipped);
	if (c->format == OUT_JSON)
		rc = dc_render_json_summary(stdout, reports, count, &sum);
	else if (c->format == OUT_PROM)
		dc_render_prom(stdout, reports, count);
	else if (c->gate)
		dc_render_gate(stdout, reports, count, c->gate_role);
	else
		dc_render_table(stdout, reports, count,
				c->verbose || (count == 1 && !reports[0].error));
	if (c->format == OUT_TABLE && !c->gate && count > 1)
		dc_render_summary_table(stdout, reports, &sum, NULL, 0);
	/* Each file not read is said on stderr, whatever the format: scripts read stdout. */
	for (unsigned i = 0; i < count; i++)
		if (reports[i].error)
			fprintf(stderr, "drivecheck import: %s\n", reports[i].error_msg);
	rc = rc ? DC_EXIT_INTERNAL : exit_code(c, reports, count);
	free(reports);
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

/* report: many hosts' --json back in, one table (or JSON) and one summary, worst first. */
static int cmd_report(struct cli *c, char **paths, unsigned n)
{
	struct dc_fleet f = { 0 };
	struct dc_summary sum;
	const char **hosts = NULL;
	unsigned *order = NULL, nhosts;
	int rc;

	if (!n) {
		fprintf(stderr, "drivecheck report: name the FILEs (drivecheck --json of each host)\n");
		return DC_EXIT_USAGE;
	}
	rc = dc_fleet_read(paths, n, &f);
	if (!rc) {
		hosts = calloc(f.n ? f.n : 1, sizeof(*hosts));
		order = calloc(f.n ? f.n : 1, sizeof(*order));
		rc = hosts && order ? 0 : -ENOMEM;
	}
	if (!rc) {
		for (unsigned i = 0; i < f.n; i++)
			hosts[i] = dc_fleet_host(&f, i);
		dc_summary_worst_first(f.reports, f.n, hosts, c->gate ? (int)c->gate_role : -1, order);
		rc = dc_fleet_reorder(&f, order);
	}
	if (!rc) {
		for (unsigned i = 0; i < f.n; i++)
			hosts[i] = dc_fleet_host(&f, i);
		rc = dc_summarize(f.reports, f.n, &sum);
	}
	if (rc) {
		fprintf(stderr, "drivecheck report: %s\n", strerror(-rc));
		rc = DC_EXIT_INTERNAL;
		goto out;
	}
	nhosts = count_hosts(&f);
	if (c->format == OUT_JSON) {
		rc = dc_render_json_fleet(stdout, &f, &sum, nhosts);
	} else {
		dc_render_fleet_table(stdout, f.reports, hosts, f.n);
		dc_render_summary_table(stdout, f.reports, &sum, hosts, nhosts);
	}
	/* Each file not read is said on stderr, whatever the format: scripts read stdout. */
	for (unsigned i = 0; i < f.nfiles; i++)
		if (f.files[i].error)
			fprintf(stderr, "drivecheck report: %s\n", f.files[i].error_msg);
	rc = rc ? DC_EXIT_INTERNAL : exit_code(c, f.reports, f.n);
out:
	free((void *)hosts);
	free(order);
	dc_fleet_free(&f);
	return rc;
}

/* --restore-cache DEV: the drive read as a scan reads it (no probe), then its record. */
static int cmd_restore_cache(struct cli *c, struct dc_db *db)
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
	struct cli c = { .format = OUT_TABLE, .hours = -1 };
	struct dc_db *db = NULL;
	bool lookup, import, report;
	char err[512] = "";
	int rc;

	/* GNU getopt moves options first, so "lookup" is the first word left, wherever the
	 * options stood ("drivecheck --db X lookup --json MODEL" works too). */
	rc = parse_args(argc, argv, &c);
	if (rc >= 0)
		return rc;
	lookup = optind < argc && strcmp(argv[optind], "lookup") == 0;
	import = optind < argc && strcmp(argv[optind], "import") == 0;
	report = optind < argc && strcmp(argv[optind], "report") == 0;
	if (lookup || import || report)
		optind++;
	if (c.formats > 1) {
		fprintf(stderr, "drivecheck: --json and --prometheus: choose one output format\n");
		return DC_EXIT_USAGE;
	}
	if (c.host && (lookup || import || report)) {
		fprintf(stderr, "drivecheck: --host names the host of a scan or a replay\n");
		return DC_EXIT_USAGE;
	}
	if (import && (c.all || c.replay_dir || c.dump_dir || c.sysroot || c.try_cache_off ||
		       c.restore_cache || c.probe_dir || c.list)) {
		fprintf(stderr, "drivecheck import: reads files only: not with --all, --replay, "
			"--dump, --sysroot, --probe-dir, --try-cache-off, --restore-cache or --list\n");
		return DC_EXIT_USAGE;
	}
	if (report && (c.all || c.replay_dir || c.dump_dir || c.sysroot || c.try_cache_off ||
		       c.restore_cache || c.probe_dir || c.list || c.verbose || c.format == OUT_PROM ||
		       c.version)) {
		fprintf(stderr, "drivecheck report: reads drivecheck --json files only: not with "
			"--all, --replay, --dump, --sysroot, --probe-dir, --try-cache-off, "
			"--restore-cache, --list, --prometheus, -v or --version\n");
		return DC_EXIT_USAGE;
	}
	/* The verdicts are in the files: no database is opened (nor needed). */
	if (report)
		return cmd_report(&c, argv + optind, (unsigned)(argc - optind));
	if (c.restore_cache && (lookup || c.all || c.replay_dir || c.sysroot || c.try_cache_off ||
				c.gate || optind < argc)) {
		fprintf(stderr, "drivecheck: --restore-cache takes one DEVICE and nothing else\n");
		return DC_EXIT_USAGE;
	}
	if (!c.version && !lookup && !import && !c.restore_cache) {
		if (!c.all && !c.replay_dir && optind >= argc) {
			fprintf(stderr, "drivecheck: name a DEVICE, or --all, or --replay DIR\n"
				"Try 'drivecheck --help'.\n");
			return DC_EXIT_USAGE;
		}
		if ((c.all || c.replay_dir) && optind < argc) {
			fprintf(stderr, "drivecheck: --all and --replay take no DEVICE names\n");
			return DC_EXIT_USAGE;
		}
		if (c.gate && c.all) {
			fprintf(stderr, "drivecheck: --gate needs DEVICE names, not --all\n");
			return DC_EXIT_USAGE;
		}
		if (c.try_cache_off && (c.no_probe || c.replay_dir || c.sysroot)) {
			fprintf(stderr, "drivecheck: --try-cache-off probes live drives: not with "
				"--no-probe, --replay or --sysroot\n");
			return DC_EXIT_USAGE;
		}
	}
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
	} else if (c.restore_cache) {
		rc = cmd_restore_cache(&c, db);
	} else if (lookup) {
		rc = cmd_lookup(&c, db, argv + optind, (unsigned)(argc - optind));
	} else if (import) {
		rc = cmd_import(&c, db, argv + optind, (unsigned)(argc - optind));
	} else {
		rc = cmd_scan(&c, db, argv + optind, (unsigned)(argc - optind));
	}
	dc_db_close(db);
	return rc;
}
