// SPDX-License-Identifier: GPL-2.0-or-later
/* render_prom.c - Prometheus text format, for node_exporter's textfile collector. */
#include <stdio.h>

#include "names.h"
#include "render.h"

/* Label values are quoted: escape backslash, quote and newline as the format asks. */
static void label(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			fputc('\\', out);
		if (*s == '\n') {
			fputs("\\n", out);
			continue;
		}
		fputc(*s, out);
	}
	fputc('"', out);
}

void dc_render_prom(FILE *out, const struct dc_report *reports, unsigned n)
{
	fputs("# HELP drivecheck_info Drive identity (value always 1).\n"
	      "# TYPE drivecheck_info gauge\n", out);
	for (unsigned i = 0; i < n; i++) {
		fputs("drivecheck_info{device=", out);
		label(out, reports[i].dev.path);
		fputs(",model=", out);
		label(out, reports[i].drive.model);
		fputs(",serial=", out);
		label(out, reports[i].drive.serial);
		fputs(",transport=", out);
		label(out, dc_transport_name(reports[i].dev.transport));
		fputs(",plp=", out);
		label(out, reports[i].error ? "unknown" : dc_plp_name(reports[i].result.plp));
		fputs("} 1\n", out);
	}
	fputs("# HELP drivecheck_verdict 0 pass, 1 warn, 2 fail, 3 not checked.\n"
	      "# TYPE drivecheck_verdict gauge\n", out);
	for (unsigned i = 0; i < n; i++) {
		for (unsigned role = 0; role < DC_ROLE_COUNT; role++) {
			fputs("drivecheck_verdict{device=", out);
			label(out, reports[i].dev.path);
			fputs(",role=", out);
			label(out, dc_role_name((enum dc_role)role));
			fprintf(out, "} %d\n", reports[i].error ? DC_NOT_CHECKED
				: (int)reports[i].result.verdicts[role].status);
		}
	}
	fputs("# HELP drivecheck_sync_write_seconds Flushed 4 KiB write latency by quantile.\n"
	      "# TYPE drivecheck_sync_write_seconds gauge\n", out);
	for (unsigned i = 0; i < n; i++) {
		const struct dc_probe *p = &reports[i].probe;
		const struct { const char *q; double us; } qs[] = {
			{ "0.5", p->sync.p50_us }, { "0.99", p->sync.p99_us }, { "0.999", p->sync.p999_us },
		};

		if (p->mode == DC_PROBE_NOT_RUN)
			continue;
		for (size_t k = 0; k < sizeof(qs) / sizeof(qs[0]); k++) {
			fputs("drivecheck_sync_write_seconds{device=", out);
			label(out, reports[i].dev.path);
			fprintf(out, ",quantile=\"%s\"} %.9f\n", qs[k].q, qs[k].us / 1e6);
		}
	}
	fputs("# HELP drivecheck_percent_used Rated endurance used, percent.\n"
	      "# TYPE drivecheck_percent_used gauge\n", out);
	for (unsigned i = 0; i < n; i++) {
		if (!reports[i].drive.wear.have_percent_used)
			continue;
		fputs("drivecheck_percent_used{device=", out);
		label(out, reports[i].dev.path);
		fprintf(out, "} %u\n", reports[i].drive.wear.percent_used);
	}
}
