// SPDX-License-Identifier: GPL-2.0-or-later
/* fuzz_report_read.c - libFuzzer target: drivecheck's JSON read back (drivecheck report) on
 * any text, and whatever it reads through the order, the summary and both fleet renderers. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/render.h"
#include "report/report_read.h"
#include "report/summary.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dc_fleet f = { .nfiles = 1, .files = calloc(1, sizeof(struct dc_fleet_file)) };
	struct dc_fleet_file *meta = f.files;
	struct dc_summary s;
	char err[256], *text = malloc(size + 1);
	const char **hosts = NULL;
	unsigned *order = NULL;
	FILE *null = fopen("/dev/null", "w");

	if (!text || !meta || !null)
		goto out;
	memcpy(text, data, size);
	text[size] = '\0';
	snprintf(meta->host, sizeof(meta->host), "fuzz");
	if (dc_report_read(text, size, 0, meta, &f, err, sizeof(err)) < 0)
		goto out;
	hosts = calloc(f.n + 1, sizeof(*hosts));
	order = calloc(f.n + 1, sizeof(*order));
	if (!hosts || !order)
		goto out;
	for (unsigned i = 0; i < f.n; i++)
		hosts[i] = dc_fleet_host(&f, i);
	dc_summary_worst_first(f.reports, f.n, hosts, -1, order);
	if (dc_fleet_reorder(&f, order) || dc_summarize(f.reports, f.n, &s))
		goto out;
	dc_render_fleet_table(null, f.reports, hosts, f.n);
	dc_render_summary_table(null, f.reports, &s, hosts, 1);
	dc_render_json_fleet(null, &f, &s, 1);
out:
	if (null)
		fclose(null);
	free((void *)hosts);
	free(order);
	free(text);
	dc_fleet_free(&f); /* meta too */
	return 0;
}
