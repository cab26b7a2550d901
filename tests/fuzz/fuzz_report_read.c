// SPDX-License-Identifier: GPL-2.0-or-later
/* fuzz_report_read.c - libFuzzer target: drivecheck's JSON read back (drivecheck report) on
 * any text, and whatever it reads through the fleet's rows, the order, the summary and both
 * fleet renderers. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/json_stream.h"
#include "render/render.h"
#include "report/fleet.h"
#include "report/summary.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dc_fleet f = { .role = -1 };
	struct dc_summary s;
	struct dc_summary_builder b;
	struct dc_json_stream js;
	struct dc_table_widths w;
	struct dc_report *r = malloc(sizeof(*r));
	char *text = malloc(size + 1);
	FILE *null = fopen("/dev/null", "w");

	if (!text || !r || !null)
		goto out;
	memcpy(text, data, size);
	text[size] = '\0';
	if (dc_fleet_add_text(&f, "fuzz.json", text, size))
		goto out;
	dc_fleet_sort(&f);
	dc_render_widths_init(&w, true);
	for (unsigned i = 0; i < f.n; i++)
		dc_render_widths_add(&w, dc_fleet_path(&f, i), dc_fleet_host(&f, i));
	dc_render_table_header(null, &w);
	dc_render_json_fleet_begin(&js, null, f.files, f.nfiles);
	dc_summary_begin(&b, &s);
	for (unsigned i = 0; i < f.n; i++) {
		dc_fleet_report(&f, i, r);
		dc_render_table_row(null, r, dc_fleet_host(&f, i), &w);
		dc_render_json_fleet_drive(&js, r, dc_fleet_host(&f, i));
		dc_summary_add(&b, r, dc_fleet_host(&f, i));
	}
	if (dc_summary_end(&b) == 0) {
		dc_render_summary_table(null, &s, true, 1);
		dc_render_json_fleet_end(&js, &s, 1);
	}
out:
	if (null)
		fclose(null);
	free(r);
	free(text);
	dc_fleet_free(&f);
	return 0;
}
