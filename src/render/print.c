// SPDX-License-Identifier: GPL-2.0-or-later
/* print.c - a run's output through its format's hooks (print.h): the table, the gate's
 * lines and Prometheus text here, JSON in render_json_doc.c. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "render/print.h"
#include "render/render.h"
#include "fleet/summary.h"

void dc_print_begin(struct dc_printer *p, const struct dc_print_ops *ops, FILE *out,
		    const struct dc_print_head *h)
{
	memset(p, 0, sizeof(*p));
	p->ops = ops;
	p->out = out;
	p->head = *h;
	if (ops->begin)
		ops->begin(p);
}

void dc_print_drive(struct dc_printer *p, const struct dc_check *r, const char *host)
{
	if (p->ops->drive)
		p->ops->drive(p, r, host);
	p->n++;
}

void dc_print_summary(struct dc_printer *p, const struct dc_summary *s, unsigned nhosts)
{
	if (!p->ops->summary || p->summed)
		return;
	p->ops->summary(p, s, nhosts);
	p->summed = true;
}

int dc_print_end(struct dc_printer *p, bool whole)
{
	return p->ops->end ? p->ops->end(p, whole) : p->err;
}

static const char *report_path(const void *ctx, unsigned i, const char **host, char *buf,
			       size_t len)
{
	const struct dc_check *r = ctx;

	(void)host;
	(void)buf;
	(void)len;
	return r[i].dev.path;
}

int dc_print_checks(const struct dc_print_ops *ops, FILE *out, const struct dc_print_head *h,
		     const struct dc_check *reports, unsigned n)
{
	struct dc_print_head head = *h;
	struct dc_printer p;

	head.n = n;
	head.path = report_path;
	head.ctx = reports;
	dc_print_begin(&p, ops, out, &head);
	for (unsigned i = 0; i < n; i++)
		dc_print_drive(&p, &reports[i], NULL);
	return dc_print_end(&p, true);
}

/* --- the table: a row per drive as it comes, what follows the rows kept aside --- */

static void table_begin(struct dc_printer *p)
{
	const struct dc_print_head *h = &p->head;
	struct dc_table_widths w;
	char buf[DC_PATH_LEN];

	dc_render_widths_init(&w, h->doc == DC_PRINT_FLEET);
	for (unsigned i = 0; i < h->n; i++) {
		const char *host = NULL, *path = h->path(h->ctx, i, &host, buf, sizeof(buf));

		dc_render_widths_add(&w, path, host);
	}
	dc_render_table_begin(&p->table, p->out, &w, h->verbose);
}

static void table_drive(struct dc_printer *p, const struct dc_check *r, const char *host)
{
	/* a fleet keeps of a drive only what its row and the summary show (fleet/fleet.h):
	 * its summary lists the advisories and the drives to look at, and nothing is kept
	 * aside to follow the rows */
	if (p->head.doc == DC_PRINT_FLEET) {
		dc_render_table_row(p->out, r, host, &p->table.w);
		dc_render_table_ceph(&p->table, r, host);
	} else
		dc_render_table_add(&p->table, r);
}

/* The drives' part written: what was kept aside, the legend. */
static void table_close(struct dc_printer *p)
{
	int err = dc_render_table_end(&p->table);

	if (!p->err)
		p->err = err;
}

static void table_summary(struct dc_printer *p, const struct dc_summary *s, unsigned nhosts)
{
	bool fleet = p->head.doc == DC_PRINT_FLEET;

	table_close(p);
	/* one drive's table is its own summary; a fleet's names its hosts, however many; a
	 * table not written whole is not summed up as if it were */
	if (!p->err && (fleet || p->n > 1))
		dc_render_summary_table(p->out, s, fleet, nhosts);
}

static int table_end(struct dc_printer *p, bool whole)
{
	if (p->summed)
		return p->err;
	if (whole)
		table_close(p);
	else
		dc_render_table_drop(&p->table);
	return p->err;
}

const struct dc_print_ops dc_print_table = {
	.name = "table",
	.begin = table_begin,
	.drive = table_drive,
	.summary = table_summary,
	.end = table_end,
};

/* --- --gate ROLE: one role's answer per drive, the line a script logs --- */

static void gate_drive(struct dc_printer *p, const struct dc_check *r, const char *host)
{
	dc_render_gate(p->out, r, host, p->head.role);
}

const struct dc_print_ops dc_print_gate = {
	.name = "gate",
	.drive = gate_drive,
};

/* --- Prometheus: its metric families group every drive, so a record of each is held --- */

static void prom_begin(struct dc_printer *p)
{
	p->held = dc_prom_rows_new(p->head.n);
	if (!p->held)
		p->err = -ENOMEM;
}

static void prom_drive(struct dc_printer *p, const struct dc_check *r, const char *host)
{
	(void)host;
	if (!p->err)
		p->err = dc_prom_rows_add(p->held, r);
}

static int prom_end(struct dc_printer *p, bool whole)
{
	if (whole && !p->err)
		p->err = dc_render_prom(p->out, p->held);
	dc_prom_rows_free(p->held);
	p->held = NULL;
	return p->err;
}

const struct dc_print_ops dc_print_prometheus = {
	.name = "prometheus",
	.begin = prom_begin,
	.drive = prom_drive,
	.end = prom_end,
};
