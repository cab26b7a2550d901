/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render.h - decided results to text: table, JSON, Prometheus. Renderers decode nothing. */
#ifndef DC_RENDER_H
#define DC_RENDER_H

struct dc_prom_rows;

#include <stdio.h>

#include "lookup/db.h"
#include "dc_types.h"

#include "json_format.h"
#include "decide/check.h"

struct dc_summary;

/* render_json_doc.c: the JSON document of a scan, an import or a fleet, drive by drive,
 * is a printer's (render/print.h: dc_print_json). */
/* render_json_lookup.c: the lookup subcommand: queries[i] and its answer a[i] (db.h). Both
 * return 0, -ENOMEM (a tree not built or printed whole: nothing is printed then) or the
 * -errno of a write that failed. */
int dc_render_lookup_json(FILE *out, const char *const *queries,
			  const struct dc_lookup_answer *a, unsigned n);
/* lookup --advisories: every advisory of the database. */
int dc_render_advisories_json(FILE *out, const struct dc_advisory *a, unsigned n);

/* render_table.c */
/* The table's columns as wide as their longest value (hosts: a HOST column first): each
 * drive's path (and host) added before the first row is written. */
struct dc_table_widths {
	int host, path;               /* characters; host 0: no HOST column */
};

void dc_render_widths_init(struct dc_table_widths *w, bool hosts);
void dc_render_widths_add(struct dc_table_widths *w, const char *path, const char *host);
/* The scan's header, and one drive's row (host: its HOST column, or NULL). */
void dc_render_table_header(FILE *out, const struct dc_table_widths *w);
void dc_render_table_row(FILE *out, const struct dc_check *r, const char *host,
			 const struct dc_table_widths *w);

/* What a table writes after all its rows, kept aside as the rows go out. */
enum dc_table_aside {
	DC_TABLE_ADVISORIES,          /* firmware advisories that hit a drive */
	DC_TABLE_RESTS_ON,            /* what a device that is not a drive rests on */
	DC_TABLE_CACHE_OFF,           /* what --try-cache-off found */
	DC_TABLE_CEPH,                /* each Ceph daemon's drive, what it is worth */
	DC_TABLE_DETAILS,             /* -v: each drive's evidence, reasons and advice */
	DC_TABLE_ASIDE_COUNT,
};

/* The scan's table written drive by drive, in memory that does not grow with the drives:
 * each row as it comes, what follows the rows in temporary files until _end. */
struct dc_table_stream {
	FILE *out;
	struct dc_table_widths w;
	bool verbose;                 /* a detail block per drive, after the rows */
	unsigned n;                   /* rows written */
	bool untimed;                 /* a row's SYNC-P50 is in parentheses (the legend says why) */
	FILE *aside[DC_TABLE_ASIDE_COUNT];    /* NULL until something is written there */
	bool in_memory[DC_TABLE_ASIDE_COUNT]; /* no temporary file could be made: a memory stream */
	char *mem[DC_TABLE_ASIDE_COUNT];
	size_t memlen[DC_TABLE_ASIDE_COUNT];
	int err;                      /* 0, or the first -errno of a temporary file */
};

/* The header; w: every row's path already added. */
void dc_render_table_begin(struct dc_table_stream *t, FILE *out, const struct dc_table_widths *w,
			   bool verbose);
void dc_render_table_add(struct dc_table_stream *t, const struct dc_check *r);
/* A fleet's drive: its Ceph daemons' line kept aside (its row is the caller's). */
void dc_render_table_ceph(struct dc_table_stream *t, const struct dc_check *r, const char *host);
/* What was kept aside, the legend. Returns 0, or -errno when a temporary file or the copy
 * to out failed (then a part of what follows the rows is missing). */
int dc_render_table_end(struct dc_table_stream *t);
/* What was kept aside let go, nothing written (a run that failed before its end). */
void dc_render_table_drop(struct dc_table_stream *t);
/* --gate: one drive's answer for role, its reasons, or why it could not be checked; host:
 * its host in a fleet ("HOST:PATH ..."), else NULL. */
void dc_render_gate(FILE *out, const struct dc_check *r, const char *host, enum dc_role role);
/* render_summary.c: the closing summary of many drives: per role pass / warn / fail, what the
 * database does not know, the drives to look at first. fleet: with the hosts (nhosts). */
void dc_render_summary_table(FILE *out, const struct dc_summary *s, bool fleet, unsigned nhosts);
/* render_lookup.c: lookup's answers, a row, the advisories. */
void dc_render_lookup_table(FILE *out, const char *const *queries,
			    const struct dc_lookup_answer *a, unsigned n);
/* lookup --advisories: one line per advisory. */
void dc_render_advisories_table(FILE *out, const struct dc_advisory *a, unsigned n);
/* One line per database family (the lookup --list). */
void dc_render_db_row(FILE *out, const struct dc_db_row *row, bool header);

/* render_ceph_spec.c: the plan's specs as YAML, one document each, with a comment line
 * per drive left out (docs/ceph.md). Returns the number of specs printed (0: nothing
 * printed). drives[i] is the plan's drive i (fleet/ceph_plan.h). */
struct dc_ceph_plan;
struct dc_ceph_in;
unsigned dc_render_ceph_spec(FILE *out, const struct dc_ceph_in *drives,
			     const struct dc_ceph_plan *p, bool db_devices);
/* The comment lines of the drives left out alone (stderr, when no spec is printed). */
void dc_render_ceph_left_out(FILE *out, const struct dc_ceph_in *drives,
			     const struct dc_ceph_plan *p);

/* render_prom.c: Prometheus text exposition (node_exporter's textfile collector).
 * Returns 0, or -errno when a write to out failed (the exposition is then cut). */
int dc_render_prom(FILE *out, const struct dc_prom_rows *rows);
/* What the metrics hold of each drive until the end (its families group every drive): a
 * small record per drive, not the check. _add returns 0 or -ENOMEM. */
struct dc_prom_rows *dc_prom_rows_new(unsigned hint);
int dc_prom_rows_add(struct dc_prom_rows *rows, const struct dc_check *r);
void dc_prom_rows_free(struct dc_prom_rows *rows);

#endif /* DC_RENDER_H */
