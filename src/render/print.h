/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * print.h - a run's output, chosen once: the table, JSON, Prometheus text or the gate's
 * lines, each a table of hooks (after nvme-cli's struct print_ops) that a scan, an import
 * and `drivecheck report` call alike, drive by drive.
 */
#ifndef DC_PRINT_H
#define DC_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include "dc_types.h"
#include "render/json_stream.h"
#include "render/render.h"

struct dc_summary;
struct dc_fleet_file;
struct dc_printer;

/* Which document a run writes: what comes before its drives and after them. */
enum dc_print_doc {
	DC_PRINT_SCAN,                /* this host's drives (live or replayed): its name and
					 the run's warnings first (JSON), no summary */
	DC_PRINT_IMPORT,              /* other tools' reports: a summary after the drives */
	DC_PRINT_FLEET,               /* many hosts' files: the files read first, each drive
					 with its host, a summary that counts the hosts */
};

/* What a printer is told before the first drive. */
struct dc_print_head {
	enum dc_print_doc doc;
	unsigned n;                   /* the drives that will follow */
	/* Drive i's path, and in a fleet its host in *host (else left NULL); buf: room the
	 * callee may use. The table's columns are as wide as their longest value. */
	const char *(*path)(const void *ctx, unsigned i, const char **host, char *buf,
			    size_t len);
	const void *ctx;
	bool verbose;                 /* the table: each drive's evidence, reasons and advice */
	enum dc_role role;            /* the gate's role */
	const char *host;             /* a scan: the machine's name (JSON), NULL: not known */
	const char *const *warnings;  /* a scan: what the whole run says once (JSON) */
	unsigned nwarnings;
	const struct dc_fleet_file *files; /* a fleet: the files read (JSON) */
	unsigned nfiles;
};

/*
 * One output format. A NULL hook is what the format does not have (nvme-cli's rule): the
 * gate's lines and Prometheus have no summary. The hooks are called in this order: begin,
 * drive for each drive, summary at most once, end.
 */
struct dc_print_ops {
	const char *name;
	void (*begin)(struct dc_printer *p);
	/* r is the caller's, valid for the call only; host: its host in a fleet, else NULL */
	void (*drive)(struct dc_printer *p, const struct dc_check *r, const char *host);
	/* What the drives come to; nhosts: a fleet's distinct hosts */
	void (*summary)(struct dc_printer *p, const struct dc_summary *s, unsigned nhosts);
	/* whole: write what ends the output; false (the run failed): only let go of what the
	 * printer holds, the output stays cut. Returns p->err. */
	int (*end)(struct dc_printer *p, bool whole);
};

/* A printer at work: its format, and what the format keeps between the calls. */
struct dc_printer {
	const struct dc_print_ops *ops;
	FILE *out;
	struct dc_print_head head;
	unsigned n;                   /* drives printed */
	bool summed;                  /* the summary is out: the drives' part is closed */
	int err;                      /* 0, -ENOMEM (a piece not made) or the -errno of the
					 first write that failed */
	struct dc_table_stream table; /* the table's rows and what follows them */
	struct dc_json_stream json;
	struct dc_prom_rows *held;    /* Prometheus: a small record of every drive (its metric
					 families group them all: render_prom.c) */
};

/* The formats. print.c: */
extern const struct dc_print_ops dc_print_table, dc_print_gate, dc_print_prometheus;
/* render_json_doc.c: */
extern const struct dc_print_ops dc_print_json;

/* print.c */
/* p begins an output of ops's format on out; h is copied (its strings and ctx must last
 * until dc_print_end). */
void dc_print_begin(struct dc_printer *p, const struct dc_print_ops *ops, FILE *out,
		    const struct dc_print_head *h);
void dc_print_drive(struct dc_printer *p, const struct dc_check *r, const char *host);
/* The summary, where the format has one (else nothing); after the last drive. */
void dc_print_summary(struct dc_printer *p, const struct dc_summary *s, unsigned nhosts);
/* The end (whole), or, when the run failed, what the printer holds let go. Returns 0,
 * -ENOMEM, or the -errno of a write that failed: the output is then not whole, and the
 * caller must not exit as if it were (exit 7, exitcodes.h). */
int dc_print_end(struct dc_printer *p, bool whole);
/* A scan's checks reports[0..n), held all at once, through ops from begin to end: h as
 * for dc_print_begin, but for its n, path and ctx, which are the checks'. Returns as
 * dc_print_end. */
int dc_print_checks(const struct dc_print_ops *ops, FILE *out, const struct dc_print_head *h,
		     const struct dc_check *reports, unsigned n);

#endif /* DC_PRINT_H */
