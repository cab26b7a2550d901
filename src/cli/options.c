// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * options.c - the command line: every option declared once, in the table below, with the
 * commands it belongs to and its lines of --help; the parse; the rules between options
 * of one command, a scan's, lookup's and report's (as util-linux's err_exclusive_options()
 * keeps them beside the table), each told before the database is opened. That import and
 * report are given a FILE is their own command's first check (cmd_import.c, cmd_report.c).
 * A new option is one row here, one field of struct dc_cli, and one case in apply().
 */
#include <errno.h>
#include <stdarg.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"
#include "device/probe/cache_state.h"
#include "device/probe/probe.h"
#include "exitcodes.h"
#include "core/names.h"
#include "render/print.h"
#include "thresholds.h"

#define S DC_CMD_SCAN
#define I DC_CMD_IMPORT
#define R DC_CMD_REPORT
#define L DC_CMD_LOOKUP
#define C DC_CMD_CEPH_SPEC
#define H DC_CMD_CEPH_HEALTH

enum opt_id {
	OPT_ALL = 'a', OPT_JSON = 'j', OPT_VERBOSE = 'v', OPT_HELP = 'h', OPT_VERSION = 'V',
	OPT_NO_PROBE = 0x100, OPT_PROBE_TIME, OPT_PROBE_DIR, OPT_GATE, OPT_DB, OPT_DUMP,
	OPT_REPLAY, OPT_PROM, OPT_SYSROOT, OPT_LIST, OPT_VENDOR, OPT_PLP, OPT_INTERFACE,
	OPT_MIN_DWPD, OPT_SOURCE_KIND, OPT_JOBS, OPT_TRY_CACHE_OFF, OPT_RESTORE_CACHE,
	OPT_ADVISORIES, OPT_FIRMWARE, OPT_HOURS, OPT_CAPACITY, OPT_HOST, OPT_CEPH_SPEC,
	OPT_DB_DEVICES, OPT_SERVICE_ID, OPT_BY_MODEL, OPT_TIMEOUT, OPT_SAVE,
	OPT_TEXT = 0,           /* a row of --help alone: a heading, or a word that is no option */
};

struct opt {
	const char *name;       /* the long name; NULL for OPT_TEXT */
	enum opt_id id;         /* its short letter, or an OPT_ code */
	int has_arg;
	unsigned cmds;          /* the commands it belongs to; a text row: the commands whose
				 * help shows it, 0 for a heading, shown above an option of the
				 * command that follows it */
	const char *help;       /* its lines of --help, as printed */
};

/* In the order of --help. */
static const struct opt opts[] = {
	{ NULL, OPT_TEXT, 0, 0, "Devices:\n" },
	{ "all", OPT_ALL, no_argument, S | C,
	  "  -a, --all               every whole disk (not partitions, loop, ram, dm or md)\n" },
	{ NULL, OPT_TEXT, 0, S | C,
	  "  DEVICE                  /dev/sdX, /dev/nvme0n1, a /dev/disk/by-* link, or a kernel name\n" },
	{ NULL, OPT_TEXT, 0, 0, "Output:\n" },
	{ "json", OPT_JSON, no_argument, S | I | R | L | H,
	  "  -j, --json              JSON (format in docs/json.md)\n" },
	{ "prometheus", OPT_PROM, no_argument, S | I | H,
	  "      --prometheus        Prometheus text format (node_exporter textfile collector)\n" },
	{ "host", OPT_HOST, required_argument, S | C,
	  "      --host NAME         the JSON's host (a replay: the dump's, else none; live: this\n"
	  "                          machine's short name)\n" },
	{ "verbose", OPT_VERBOSE, no_argument, S | I | H,
	  "  -v, --verbose           evidence, reasons and advice under the table\n" },
	{ NULL, OPT_TEXT, 0, 0,
	  "Probe (a few seconds of 4 KiB O_DIRECT|O_DSYNC writes at queue depth 1 per drive):\n" },
	{ "no-probe", OPT_NO_PROBE, no_argument, S | C,
	  "      --no-probe          do not probe\n" },
	{ "probe-time", OPT_PROBE_TIME, required_argument, S | C,
	  "      --probe-time SEC    time bound per drive (default %.0f)\n" },
	{ "probe-dir", OPT_PROBE_DIR, required_argument, S | C,
	  "      --probe-dir DIR     a writable directory on the drive to probe in (otherwise: a\n"
	  "                          mounted filesystem of the drive, or an unused raw device\n"
	  "                          rewritten with its own bytes; anything else is refused)\n" },
	{ "jobs", OPT_JOBS, required_argument, S | C,
	  "      --jobs N            probe N physical devices at once (default: the online CPUs;\n"
	  "                          1: one after another); never two probes on one device\n" },
	{ NULL, OPT_TEXT, 0, 0, "Cache experiment (opt-in; changes a setting, never data):\n" },
	{ "try-cache-off", OPT_TRY_CACHE_OFF, no_argument, S,
	  "      --try-cache-off     after the probe, turn the drive's volatile write cache off, probe\n"
	  "                          again, and turn it back on; a run killed in between leaves it off\n"
	  "                          (safe) and the next run says so. Records in $DRIVECHECK_STATE_DIR\n"
	  "                          (default %s)\n" },
	{ "restore-cache", OPT_RESTORE_CACHE, required_argument, S,
	  "      --restore-cache DEV turn on a cache that an interrupted --try-cache-off left off\n" },
	{ NULL, OPT_TEXT, 0, 0, "Verdict:\n" },
	{ "gate", OPT_GATE, required_argument, S | I | R | H,
	  "      --gate ROLE         exit 0 pass, 1 warn, 2 fail, 3 could not check (ROLE: ceph-osd,\n"
	  "                          ceph-db, drbd, zfs-slog, etcd); ceph-osd and ceph-db ask whether\n"
	  "                          the drive can become an OSD now: one that is not available warns\n" },
	{ NULL, OPT_TEXT, 0, 0, "Data:\n" },
	{ "db", OPT_DB, required_argument, S | I | L | C | H,
	  "      --db PATH           use this drive database instead of the built-in one\n" },
	{ "dump", OPT_DUMP, required_argument, S,
	  "      --dump DIR          save every raw page read (and the probe) under DIR/<device>/\n" },
	{ "replay", OPT_REPLAY, required_argument, S | C,
	  "      --replay DIR        evaluate a dump instead of live devices\n" },
	{ "sysroot", OPT_SYSROOT, required_argument, S | C,
	  "      --sysroot DIR       read sysfs and the mount table under DIR (tests); no device I/O\n" },
	{ NULL, OPT_TEXT, 0, I,
	  "Import (the drive's own words in another tool's output, no drive needed):\n"
	  "  import FILE|DIR|-       smartctl -a / -x text and -j JSON; nvme-cli id-ctrl, id-ns,\n"
	  "                          smart-log, get-feature -f 6 and list (-o json); fio JSON of a\n"
	  "                          4 KiB queue-depth-1 sync write job (as the probe). Folders are\n"
	  "                          read recursively; one drive's files join by serial or folder.\n"
	  "                          What a format does not carry is reported as not in the input.\n"
	  "                          Ceph's device health store too: ceph device ls --format json,\n"
	  "                          get-health-metrics DEVID (saved as DEVID.json), and\n"
	  "                          query-daemon-health-metrics WHO, joined by devid (docs/ceph.md).\n" },
	{ NULL, OPT_TEXT, 0, H,
	  "Ceph health (what Ceph's device health store holds, asked of the ceph CLI):\n"
	  "  ceph-health             runs 'ceph device ls --format json', then 'ceph device\n"
	  "                          get-health-metrics DEVID' for each device (read-only commands\n"
	  "                          only), and imports them: every OSD's drive judged, by host.\n"
	  "                          A device without a sample, a call that fails or times out is\n"
	  "                          said on stderr (exit 3). F is never in Ceph's store: run\n"
	  "                          drivecheck on the host, or import a fio run, to time it.\n" },
	{ "timeout", OPT_TIMEOUT, required_argument, H,
	  "      --timeout SEC       time bound per ceph call (default 30); the call's whole\n"
	  "                          process group is killed then\n" },
	{ "save", OPT_SAVE, required_argument, H,
	  "      --save DIR          keep Ceph's outputs in DIR (a new folder): devices.json and\n"
	  "                          health-metrics/DEVID.json, for 'drivecheck import DIR' later\n" },
	{ NULL, OPT_TEXT, 0, R,
	  "Report (a fleet: many hosts' drivecheck --json files merged, no drive needed):\n"
	  "  report FILE...          every drive with its host, the worst first; per role how many\n"
	  "                          pass, warn and fail; the models and families the database does\n"
	  "                          not know. The host is the file's \"host\", else its name. A file\n"
	  "                          that is not drivecheck's JSON is named on stderr (exit 3).\n" },
	{ "ceph-spec", OPT_CEPH_SPEC, no_argument, R,
	  "      --ceph-spec         cephadm OSD specs for the fleet instead: one per host, by path\n" },
	{ "by-model", OPT_BY_MODEL, no_argument, R,
	  "      --by-model          with --ceph-spec: one spec by model where a model passes on every\n"
	  "                          host that has it (it also takes any blank drive of that model\n"
	  "                          put in later, unchecked)\n" },
	{ NULL, OPT_TEXT, 0, C,
	  "Ceph (a cephadm OSD service specification from the verdicts; docs/ceph.md):\n"
	  "  ceph-spec [--all | DEVICE... | --replay DIR]  (nothing named: --all)\n"
	  "                          YAML for 'ceph orch apply -i': data_devices are the drives\n"
	  "                          that pass ceph-osd and that ceph-volume would take (available);\n"
	  "                          a comment says why each other drive is left out. Exit 1 and no\n"
	  "                          spec when no drive passes. Takes the scan's options above.\n" },
	{ "db-devices", OPT_DB_DEVICES, no_argument, C | R,
	  "      --db-devices        also db_devices: on a host whose passing drives span two tiers,\n"
	  "                          its NVMe drives that pass ceph-db hold the others' DB/WAL\n" },
	{ "service-id", OPT_SERVICE_ID, required_argument, C | R,
	  "      --service-id ID     the spec's service_id (default drivecheck; per host and per\n"
	  "                          model, ID-HOST and ID-MODEL when there are several)\n" },
	{ NULL, OPT_TEXT, 0, L, "Lookup (what the database says, no drive needed):\n" },
	{ "list", OPT_LIST, no_argument, L,
	  "      --list              every family that passes these filters:\n" },
	{ "vendor", OPT_VENDOR, required_argument, L,
	  "      --vendor V          vendor name contains V\n" },
	{ "plp", OPT_PLP, required_argument, L,
	  "      --plp CLASS         full, data-at-rest, at-least-data-at-rest, none, unknown\n" },
	{ "interface", OPT_INTERFACE, required_argument, L,
	  "      --interface IF      sata, sas, nvme\n" },
	{ "min-dwpd", OPT_MIN_DWPD, required_argument, L,
	  "      --min-dwpd N        drive writes per day of at least N: rated, else a rated TBW\n"
	  "                          over its capacity, else observed (the BY column)\n" },
	{ "source-kind", OPT_SOURCE_KIND, required_argument, L,
	  "      --source-kind KIND  the strongest source behind the class is of this kind: vendor,\n"
	  "                          device, review, compilation, distributor, community\n" },
	{ "advisories", OPT_ADVISORIES, no_argument, L,
	  "      --advisories        every known firmware defect (advisory) in the database\n" },
	{ "firmware", OPT_FIRMWARE, required_argument, L,
	  "      --firmware FW       MODEL's firmware: only the advisories that hit it\n" },
	{ "hours", OPT_HOURS, required_argument, L,
	  "      --hours N           MODEL's power-on hours: hours left before a counter defect\n" },
	{ "capacity", OPT_CAPACITY, required_argument, L,
	  "      --capacity BYTES    MODEL's capacity: leaves out advisories of other capacities\n" },
	{ "help", OPT_HELP, no_argument, S | I | R | L | C | H,
	  "  -h, --help              this text\n" },
	{ "version", OPT_VERSION, no_argument, S | I | L | H,
	  "  -V, --version           version and database size\n" },
};

#define NOPTS (sizeof(opts) / sizeof(opts[0]))

/* The usage lines, each with the commands whose help shows it. */
static const struct { unsigned cmds; const char *line; } usages[] = {
	{ S, "drivecheck [OPTIONS] --all | DEVICE...\n" },
	{ S, "drivecheck [OPTIONS] --replay DIR\n" },
	{ S, "drivecheck --gate ROLE [OPTIONS] DEVICE...\n" },
	{ S, "drivecheck --restore-cache DEVICE\n" },
	{ I, "drivecheck import [--json | --prometheus] [-v] [--gate ROLE] FILE | DIR | -...\n" },
	{ R, "drivecheck report [--json] [--gate ROLE] FILE...\n" },
	{ H, "drivecheck ceph-health [--json | --prometheus] [-v] [--gate ROLE] [--timeout SEC]\n"
	     "                        [--save DIR]\n" },
	{ C, "drivecheck ceph-spec [--db-devices] [--service-id ID] [--all | DEVICE... | --replay DIR]\n" },
	{ R, "drivecheck report --ceph-spec [--by-model] [--db-devices] [--service-id ID] FILE...\n" },
	{ L, "drivecheck lookup [--json] [--firmware FW] [--hours N] [--capacity BYTES] MODEL...\n" },
	{ L, "drivecheck lookup --advisories [--json]\n" },
	{ L, "drivecheck lookup --list [--vendor V] [--plp CLASS] [--interface IF] [--min-dwpd N]\n"
	     "                                [--source-kind KIND]\n" },
};

static void put_row(FILE *f, const struct opt *o)
{
	/* the two rows that name a default */
	if (o->id == OPT_PROBE_TIME)
		fprintf(f, o->help, DC_PROBE_DEFAULT_SECONDS);
	else if (o->id == OPT_TRY_CACHE_OFF)
		fprintf(f, o->help, DC_STATE_DIR_DEFAULT);
	else
		fputs(o->help, f);
}

/*
 * --help of cmd: its usage lines, and the rows of the table that are its own, each
 * heading only above an option of cmd; a scan's (drivecheck --help) is every line and
 * every row, the whole help.
 */
static void usage(FILE *f, enum dc_cmd cmd)
{
	const unsigned want = cmd == DC_CMD_SCAN ? ~0u : (unsigned)cmd;
	const struct opt *heading = NULL;
	const char *lead = "Usage: ";

	for (size_t i = 0; i < sizeof(usages) / sizeof(usages[0]); i++) {
		if (!(usages[i].cmds & want))
			continue;
		fprintf(f, "%s%s", lead, usages[i].line);
		lead = "       ";
	}
	if (cmd == DC_CMD_SCAN)
		fputs("\n"
		      "Is this drive fit for Ceph or DRBD? Identity, write cache, power-loss protection (PLP)\n"
		      "evidence, wear, the bundled drive database, a short sync-write probe, and a verdict per\n"
		      "role: ceph-osd, ceph-db, drbd, zfs-slog, etcd.\n", f);
	fputs("\n", f);
	for (size_t i = 0; i < NOPTS; i++) {
		const struct opt *o = &opts[i];

		if (!o->name && !o->cmds) {
			if (cmd == DC_CMD_SCAN)
				put_row(f, o);
			else
				heading = o;
			continue;
		}
		if (!o->name)
			heading = NULL; /* a command's own text opens a section of its own */
		if (!(o->cmds & want))
			continue;
		if (heading)
			fputs(heading->help, f);
		heading = NULL;
		put_row(f, o);
	}
	fprintf(f, "\n"
		"Flush thresholds (sync p50, fast / slow): NVMe %.0f / %.0f us, SATA and SAS %.0f / %.0f us,\n"
		"others %.0f / %.0f us. References in docs/thresholds.md.\n"
		"Exit codes: 0 ok/pass, 1 warn, 2 fail, 3 could not check, 4 usage, 5 database, 6 internal,\n"
		"7 output not written whole (write error), 130 interrupted (--try-cache-off, caches put\n"
		"back).\n",
		DC_NVME_FLUSH_FAST_US, DC_NVME_FLUSH_SLOW_US, DC_SATA_FLUSH_FAST_US,
		DC_SATA_FLUSH_SLOW_US, DC_OTHER_FLUSH_FAST_US, DC_OTHER_FLUSH_SLOW_US);
}

void dc_cli_usage(FILE *f)
{
	usage(f, DC_CMD_SCAN);
}

static const struct opt *opt_by_id(int id)
{
	for (size_t i = 0; i < NOPTS; i++)
		if (opts[i].name && (int)opts[i].id == id)
			return &opts[i];
	return NULL;
}

/* A finite number: strtod alone takes "nan" and "inf", which pass every range check
 * below (a NaN compares false with each bound). */
static int parse_number(const char *s, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	return (errno || end == s || *end || !isfinite(*out)) ? -EINVAL : 0;
}

/* The interfaces the database knows (db/schema.sql's CHECK on families.interface). */
static bool known_interface(const char *s)
{
	static const char *const names[] = { "sata", "sas", "nvme" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(s, names[i]) == 0)
			return true;
	return false;
}

/* A message on stderr; the exit code of a bad command line. */
static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	return DC_EXIT_USAGE;
}

/* One option's value into *c. Returns -1 to go on, or an exit code. */
static int apply(struct dc_cli *c, int id, const char *arg)
{
	enum dc_source_kind kind;
	enum dc_plp_class plp;
	double v;

	switch (id) {
	case OPT_ALL: c->all = true; break;
	case OPT_JSON:
	case OPT_PROM:
		if (c->format != DC_OUT_TABLE &&
		    c->format != (id == OPT_JSON ? DC_OUT_JSON : DC_OUT_PROM))
			return usage_error("drivecheck: --json and --prometheus: choose one output "
					   "format\n");
		c->format = id == OPT_JSON ? DC_OUT_JSON : DC_OUT_PROM;
		break;
	case OPT_VERBOSE: c->verbose = true; break;
	case OPT_VERSION: c->version = true; break; /* printed once the database is open */
	case OPT_HOST: c->host = arg; break;
	case OPT_CEPH_SPEC: c->ceph_spec = true; break;
	case OPT_DB_DEVICES: c->db_devices = true; break;
	case OPT_BY_MODEL: c->by_model = true; break;
	case OPT_SERVICE_ID:
		/* cephadm's own rule for a service id (ServiceSpec.validate) */
		if (!arg[0] || strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				      "0123456789_.-") != strlen(arg) || strlen(arg) > 40)
			return usage_error("drivecheck: --service-id: want 1 to 40 of a-z, A-Z, "
					   "0-9, '_', '.', '-', not '%s'\n", arg);
		c->service_id = arg;
		break;
	case OPT_NO_PROBE: c->no_probe = true; break;
	case OPT_PROBE_TIME:
		if (parse_number(arg, &c->probe_time) || c->probe_time <= 0 || c->probe_time > 3600)
			return usage_error("drivecheck: --probe-time: want seconds in (0, 3600], not "
					   "'%s'\n", arg);
		break;
	case OPT_PROBE_DIR: c->probe_dir = arg; break;
	case OPT_TRY_CACHE_OFF: c->try_cache_off = true; break;
	case OPT_RESTORE_CACHE: c->restore_cache = arg; break;
	case OPT_JOBS:
		if (parse_number(arg, &v) || v < 1 || v > 256 || v != (unsigned)v)
			return usage_error("drivecheck: --jobs: want a whole number in [1, 256], not "
					   "'%s'\n", arg);
		c->jobs = (unsigned)v;
		break;
	case OPT_GATE:
		if (dc_role_from_name(arg, &c->gate_role))
			return usage_error("drivecheck: --gate: unknown role '%s' (ceph-osd, ceph-db, "
					   "drbd, zfs-slog, etcd)\n", arg);
		c->gate = true;
		break;
	case OPT_DB: c->db_path = arg; break;
	case OPT_DUMP: c->dump_dir = arg; break;
	case OPT_REPLAY: c->replay_dir = arg; break;
	case OPT_SYSROOT: c->sysroot = arg; break;
	case OPT_LIST: c->list = true; break;
	case OPT_VENDOR: c->filter.vendor = arg; break;
	case OPT_PLP:
		if (dc_plp_from_name(arg, &plp))
			return usage_error("drivecheck: --plp: want full, data-at-rest, "
					   "at-least-data-at-rest, none or unknown, not '%s'\n", arg);
		c->filter.plp = arg;
		break;
	case OPT_INTERFACE:
		/* a word the database never holds would list no family, and exit 0 */
		if (!known_interface(arg))
			return usage_error("drivecheck: --interface: want sata, sas or nvme, not "
					   "'%s'\n", arg);
		c->filter.interface = arg;
		break;
	case OPT_SOURCE_KIND:
		if (dc_source_kind_from_name(arg, &kind) || kind == DC_SRC_NONE ||
		    kind == DC_SRC_MEASURED)
			return usage_error("drivecheck: --source-kind: want vendor, device, review, "
					   "compilation, distributor or community, not '%s'\n", arg);
		c->filter.source_kind = arg;
		break;
	case OPT_ADVISORIES: c->advisories = true; break;
	case OPT_FIRMWARE: c->firmware = arg; break;
	case OPT_HOURS:
	case OPT_CAPACITY:
		if (parse_number(arg, &v) || v < 0 || v > 1e18 || v != (double)(long long)v)
			return usage_error("drivecheck: --%s: want a whole number, not '%s'\n",
					   id == OPT_HOURS ? "hours" : "capacity", arg);
		if (id == OPT_HOURS)
			c->hours = (long long)v;
		else
			c->capacity = (unsigned long long)v;
		break;
	case OPT_TIMEOUT:
		if (parse_number(arg, &c->ceph_timeout) || c->ceph_timeout <= 0 ||
		    c->ceph_timeout > 3600)
			return usage_error("drivecheck: --timeout: want seconds, more than 0 and at "
					   "most 3600, not '%s'\n", arg);
		break;
	case OPT_SAVE:
		c->ceph_save = arg;
		break;
	case OPT_MIN_DWPD:
		if (parse_number(arg, &c->filter.min_dwpd) || c->filter.min_dwpd < 0)
			return usage_error("drivecheck: --min-dwpd: want a number of at least 0, "
					   "not '%s'\n", arg);
		break;
	}
	return -1;
}

/* What a subcommand is, for the message that refuses an option of another command. */
static const char *cmd_refusal(enum dc_cmd cmd)
{
	switch (cmd) {
	case DC_CMD_IMPORT: return "drivecheck import: reads files only: not with";
	case DC_CMD_REPORT: return "drivecheck report: reads drivecheck --json files only: not with";
	case DC_CMD_LOOKUP: return "drivecheck lookup: asks the drive database only: not with";
	case DC_CMD_CEPH_SPEC: return "drivecheck ceph-spec: prints a cephadm OSD spec only: not with";
	case DC_CMD_CEPH_HEALTH: return "drivecheck ceph-health: asks the ceph CLI only: not with";
	case DC_CMD_SCAN: break;
	}
	return "drivecheck: not with";
}

/* The subcommand an option of no scan belongs to. */
static const char *cmd_name(unsigned cmds)
{
	return cmds & DC_CMD_LOOKUP ? "lookup" : cmds & DC_CMD_IMPORT ? "import" :
	       cmds & DC_CMD_CEPH_SPEC ? "ceph-spec" : cmds & DC_CMD_CEPH_HEALTH ? "ceph-health"
	       : "report";
}

/* The one output of the run: a format, or with --gate (and no format) the gate's lines. */
static const struct dc_print_ops *printer_of(const struct dc_cli *c)
{
	switch (c->format) {
	case DC_OUT_JSON:
		return &dc_print_json;
	case DC_OUT_PROM:
		return &dc_print_prometheus;
	case DC_OUT_TABLE:
		break;
	}
	return c->gate ? &dc_print_gate : &dc_print_table;
}

/* The rules between lookup's options and what it is given to look up. */
static int check_lookup(const struct dc_cli *c)
{
	if (c->version)
		return -1;
	if (c->advisories && (c->list || c->nargs || c->firmware || c->hours >= 0 || c->capacity))
		return usage_error("drivecheck lookup: --advisories lists them all: no MODEL, --list, "
				   "--firmware, --hours or --capacity\n");
	if (!c->advisories && !c->list && !c->nargs)
		return usage_error("drivecheck lookup: name a MODEL, or --list, or --advisories\n");
	return -1;
}

/* The rules between the options of a scan (live, replay or --restore-cache). */
static int check_scan(const struct dc_cli *c)
{
	if (c->restore_cache) {
		if (c->all || c->replay_dir || c->sysroot || c->try_cache_off || c->gate || c->nargs)
			return usage_error("drivecheck: --restore-cache takes one DEVICE and nothing "
					   "else\n");
		return -1;
	}
	if (c->version)
		return -1;
	if (!c->all && !c->replay_dir && !c->nargs)
		return usage_error("drivecheck: name a DEVICE, or --all, or --replay DIR\n"
				   "Try 'drivecheck --help'.\n");
	if ((c->all || c->replay_dir) && c->nargs)
		return usage_error("drivecheck: --all and --replay take no DEVICE names\n");
	if (c->all && c->replay_dir)
		return usage_error("drivecheck: --all or --replay: choose one\n");
	if (c->gate && c->all)
		return usage_error("drivecheck: --gate needs DEVICE names, not --all\n");
	if (c->try_cache_off && (c->no_probe || c->replay_dir || c->sysroot))
		return usage_error("drivecheck: --try-cache-off probes live drives: not with "
				   "--no-probe, --replay or --sysroot\n");
	return -1;
}

int dc_cli_parse(int argc, char **argv, struct dc_cli *c)
{
	struct option longopts[NOPTS + 1];
	bool seen[NOPTS] = { false }, help = false;
	size_t n = 0;
	int ch, rc;

	memset(longopts, 0, sizeof(longopts));
	for (size_t i = 0; i < NOPTS; i++)
		if (opts[i].name)
			longopts[n++] = (struct option){ opts[i].name, opts[i].has_arg, NULL,
							 (int)opts[i].id };
	c->format = DC_OUT_TABLE;
	c->hours = -1;
	while ((ch = getopt_long(argc, argv, "ajvhV", longopts, NULL)) != -1) {
		const struct opt *o = opt_by_id(ch);

		if (help)
			continue; /* the command word is still to find: the rest is not read */
		if (!o) {
			fprintf(stderr, "Try 'drivecheck --help'.\n");
			return DC_EXIT_USAGE;
		}
		if (ch == OPT_HELP) {
			help = true;
			continue;
		}
		seen[o - opts] = true;
		rc = apply(c, ch, optarg);
		if (rc >= 0)
			return rc;
	}
	c->print = printer_of(c);
	/* the command is the first word left: getopt moved the options before it */
	c->cmd = DC_CMD_SCAN;
	if (optind < argc) {
		static const struct { const char *word; enum dc_cmd cmd; } words[] = {
			{ "import", DC_CMD_IMPORT }, { "report", DC_CMD_REPORT },
			{ "lookup", DC_CMD_LOOKUP }, { "ceph-spec", DC_CMD_CEPH_SPEC },
			{ "ceph-health", DC_CMD_CEPH_HEALTH },
		};

		for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
			if (strcmp(argv[optind], words[i].word) == 0) {
				c->cmd = words[i].cmd;
				optind++;
				break;
			}
	}
	if (help) {
		/* drivecheck lookup --help: lookup's usage and options; drivecheck --help: all */
		usage(stdout, c->cmd);
		return DC_EXIT_OK;
	}
	c->args = argv + optind;
	c->nargs = (unsigned)(argc - optind);
	/* ceph-spec is this host's spec: with nothing named, every whole disk, as --all */
	if (c->cmd == DC_CMD_CEPH_SPEC && !c->nargs && !c->replay_dir)
		c->all = true;
	/* an option of another command is refused: it would do nothing here */
	for (size_t i = 0; i < NOPTS; i++) {
		if (!seen[i] || (opts[i].cmds & c->cmd))
			continue;
		if (c->cmd == DC_CMD_SCAN)
			fprintf(stderr, "drivecheck: --%s is an option of 'drivecheck %s', not of a "
				"scan of devices\n", opts[i].name, cmd_name(opts[i].cmds));
		else
			fprintf(stderr, "%s --%s\n", cmd_refusal(c->cmd), opts[i].name);
		return DC_EXIT_USAGE;
	}
	if (c->cmd == DC_CMD_REPORT && !c->ceph_spec && (c->db_devices || c->service_id ||
							  c->by_model))
		return usage_error("drivecheck report: --db-devices, --service-id and --by-model go "
				   "with --ceph-spec\n");
	if (c->cmd == DC_CMD_REPORT && c->ceph_spec && (c->format != DC_OUT_TABLE || c->gate))
		return usage_error("drivecheck report --ceph-spec: prints YAML: not with --json or "
				   "--gate\n");
	if (c->cmd == DC_CMD_LOOKUP)
		return check_lookup(c);
	if (c->cmd == DC_CMD_CEPH_HEALTH && c->nargs)
		return usage_error("drivecheck ceph-health: takes no FILE or DEVICE (it asks ceph; "
				   "saved outputs go to 'drivecheck import')\n");
	return c->cmd == DC_CMD_SCAN || c->cmd == DC_CMD_CEPH_SPEC ? check_scan(c) : -1;
}
