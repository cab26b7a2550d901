// SPDX-License-Identifier: GPL-2.0-or-later
/* fuzz_host_json.c - libFuzzer target: drivecheck's JSON read back (drivecheck report) on
 * any text, and whatever it reads through the fleet's rows, the order, the summary and the
 * report's printers (the table, JSON and the gate's lines). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/print.h"
#include "fleet/fleet.h"
#include "fleet/summary.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *fleet_path(const void *ctx, unsigned i, const char **host, char *buf,
			      size_t len)
{
	(void)buf;
	(void)len;
	*host = dc_fleet_host(ctx, i);
	return dc_fleet_path(ctx, i);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct dc_print_ops *const ops[] = { &dc_print_table, &dc_print_json,
							  &dc_print_gate };
	enum { NOPS = sizeof(ops) / sizeof(ops[0]) };
	struct dc_fleet f = { .role = -1 };
	struct dc_summary s;
	struct dc_summary_builder b;
	struct dc_printer p[NOPS];
	struct dc_print_head h = { .doc = DC_PRINT_FLEET, .path = fleet_path, .role = DC_ROLE_CEPH_OSD };
	struct dc_check *r = malloc(sizeof(*r));
	char *text = malloc(size + 1);
	FILE *null = fopen("/dev/null", "w");

	if (!text || !r || !null)
		goto out;
	memcpy(text, data, size);
	text[size] = '\0';
	if (dc_fleet_add_text(&f, "fuzz.json", text, size))
		goto out;
	dc_fleet_sort(&f);
	h.n = f.n;
	h.ctx = &f;
	h.files = f.files;
	h.nfiles = f.nfiles;
	for (unsigned k = 0; k < NOPS; k++)
		dc_print_begin(&p[k], ops[k], null, &h);
	dc_summary_begin(&b, &s);
	for (unsigned i = 0; i < f.n; i++) {
		dc_fleet_check(&f, i, r);
		for (unsigned k = 0; k < NOPS; k++)
			dc_print_drive(&p[k], r, dc_fleet_host(&f, i));
		dc_summary_add(&b, r, dc_fleet_host(&f, i));
	}
	if (dc_summary_end(&b) == 0)
		for (unsigned k = 0; k < NOPS; k++)
			dc_print_summary(&p[k], &s, 1);
	for (unsigned k = 0; k < NOPS; k++)
		dc_print_end(&p[k], true);
out:
	if (null)
		fclose(null);
	free(r);
	free(text);
	dc_fleet_free(&f);
	return 0;
}
