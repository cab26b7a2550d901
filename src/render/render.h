/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render.h - decided results to text: table, JSON, Prometheus. Renderers decode nothing. */
#ifndef DC_RENDER_H
#define DC_RENDER_H

#include <stdio.h>

#include "lookup/db.h"
#include "dc_types.h"

#define DC_JSON_FORMAT_MAJOR 1
#define DC_JSON_FORMAT_MINOR 4

struct dc_summary;
struct dc_fleet;

/* render_json.c: returns 0 or -ENOMEM. host: the machine's short name, or NULL (null). */
/* warnings: what the whole run must say (1.4 "warnings", [] when none). */
int dc_render_json(FILE *out, const char *host, const struct dc_report *reports, unsigned n,
		   const char *const *warnings, unsigned nwarnings);
/* The same, with a "summary" object after the devices (import). */
int dc_render_json_summary(FILE *out, const struct dc_report *reports, unsigned n,
			   const struct dc_summary *s);
/* drivecheck report: the files read, the drives (in the fleet's order, worst first) and
 * the summary (docs/json.md). hosts: the number of distinct hosts among the files read. */
int dc_render_json_fleet(FILE *out, const struct dc_fleet *f, const struct dc_summary *s,
			 unsigned hosts);
/* The lookup subcommand: queries[i] and its answer a[i] (db.h). */
int dc_render_lookup_json(FILE *out, const char *const *queries,
			  const struct dc_lookup_answer *a, unsigned n);
/* lookup --advisories: every advisory of the database. */
int dc_render_advisories_json(FILE *out, const struct dc_advisory *a, unsigned n);

/* render_table.c: verbose adds a detail block per drive. */
void dc_render_table(FILE *out, const struct dc_report *reports, unsigned n, bool verbose);
/* render_lookup.c: lookup's answers, a row, the advisories. */
void dc_render_lookup_table(FILE *out, const char *const *queries,
			    const struct dc_lookup_answer *a, unsigned n);
/* lookup --advisories: one line per advisory. */
void dc_render_advisories_table(FILE *out, const struct dc_advisory *a, unsigned n);
/* The closing summary of many drives: per role pass / warn / fail, what the database
 * does not know, the drives to look at first. hosts (a fleet): hosts[i] is the host of
 * reports[i], nhosts how many there are; NULL for import. */
void dc_render_summary_table(FILE *out, const struct dc_report *reports,
			     const struct dc_summary *s, const char *const *hosts, unsigned nhosts);
/* drivecheck report: the scan's table with the host of each drive first. */
void dc_render_fleet_table(FILE *out, const struct dc_report *reports,
			   const char *const *hosts, unsigned n);
/* --gate: one role's verdict and reasons per drive, or why it could not be checked. */
void dc_render_gate(FILE *out, const struct dc_report *reports, unsigned n, enum dc_role role);
/* One line per database family (the lookup --list). */
void dc_render_db_row(FILE *out, const struct dc_dbinfo *row, bool header);

/* render_prom.c: Prometheus text exposition (node_exporter's textfile collector). */
void dc_render_prom(FILE *out, const struct dc_report *reports, unsigned n);

#endif /* DC_RENDER_H */
