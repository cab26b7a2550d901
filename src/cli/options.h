/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options.h - drivecheck's command line: its commands, every option declared once with
 * the commands it belongs to and its lines of --help (options.c), and what was asked.
 * An option given to a command it does nothing for is refused, never ignored.
 */
#ifndef DC_OPTIONS_H
#define DC_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "dc_types.h"
#include "lookup/db.h"

struct dc_print_ops;

/* The commands: a scan (live devices, a replay, --restore-cache) is the one without a word. */
enum dc_cmd {
	DC_CMD_SCAN   = 1u << 0,
	DC_CMD_IMPORT = 1u << 1,
	DC_CMD_REPORT = 1u << 2,
	DC_CMD_LOOKUP = 1u << 3,
	DC_CMD_CEPH_SPEC = 1u << 4,    /* a scan whose output is a cephadm OSD spec */
	DC_CMD_CEPH_HEALTH = 1u << 5,  /* Ceph's device health store, asked of `ceph`, imported */
};

enum dc_output_format { DC_OUT_TABLE, DC_OUT_JSON, DC_OUT_PROM };

/* What the command line asked for. */
struct dc_cli {
	enum dc_cmd cmd;
	bool all, verbose, no_probe, list, version, try_cache_off;
	enum dc_output_format format;
	const char *dump_dir, *replay_dir, *db_path, *probe_dir, *sysroot, *restore_cache;
	double probe_time;               /* 0: the default */
	unsigned jobs;                   /* 0: the default */
	bool gate;
	enum dc_role gate_role;
	/* The output of a scan, an import or a report, chosen once from --json, --prometheus
	 * and --gate (render/print.h); lookup and the specs print their own. */
	const struct dc_print_ops *print;
	struct dc_db_filter filter;
	bool advisories;                 /* lookup: firmware advisories (issue 22) */
	const char *firmware;
	long long hours;                 /* -1: not given */
	unsigned long long capacity;     /* 0: not given */
	const char *host;                /* --host: the JSON's host, or NULL */
	bool ceph_spec;                  /* report --ceph-spec: cephadm OSD specs (docs/ceph.md) */
	bool db_devices;                 /* ceph-spec, report --ceph-spec: db_devices too */
	bool by_model;                   /* report --ceph-spec: model: filters where exact */
	const char *service_id;          /* --service-id, or NULL */
	double ceph_timeout;             /* ceph-health --timeout: seconds per ceph call, 0 default */
	const char *ceph_save;           /* ceph-health --save DIR: Ceph's outputs kept there */
	char **args;                     /* the words after the options (and the command) */
	unsigned nargs;
};

/*
 * Parses argv into *c. Returns -1 to go on, or the exit code to end with (0 after --help,
 * DC_EXIT_USAGE after a message on stderr). GNU getopt takes options anywhere, so
 * "drivecheck --db X lookup MODEL" is a lookup, as "drivecheck lookup --db X MODEL" is.
 */
int dc_cli_parse(int argc, char **argv, struct dc_cli *c);
/* --help. */
void dc_cli_usage(FILE *f);

#endif /* DC_OPTIONS_H */
