/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_pages.h - cuts a fuzzer's input into raw pages: 2-byte length, then the bytes. */
#ifndef DC_FUZZ_PAGES_H
#define DC_FUZZ_PAGES_H

#include <stddef.h>
#include <stdint.h>

#include <stdio.h>
#include <string.h>

#include "decide/decide.h"
#include "core/names.h"
#include "core/raw.h"
#include "render/print.h"

/* Fills raw with one page per name, in order, while input lasts. A length of 0xFFFF
 * marks the page as refused by the device, so error paths are fuzzed too. */
static inline void dc_fuzz_pages(const uint8_t *data, size_t size, const char *const *names,
				 size_t nnames, struct dc_raw *raw)
{
	for (size_t i = 0; i < nnames && size >= 2; i++) {
		size_t len = (size_t)data[0] | (size_t)data[1] << 8;

		data += 2;
		size -= 2;
		if (len == 0xFFFF) {
			struct dc_io_status st = dc_io_errno(-5);

			dc_raw_add(raw, names[i], NULL, 0, &st);
			continue;
		}
		if (len > size)
			len = size;
		dc_raw_add(raw, names[i], data, len, NULL);
		data += len;
		size -= len;
	}
}

/* The body every parser target shares: pages from the input, the parser, then the
 * decision and the JSON renderer on whatever the parser made of them. */
static inline int dc_fuzz_one(const uint8_t *data, size_t size, const char *const *names,
			      size_t nnames, const char *transport,
			      int (*parse)(const struct dc_raw *, struct dc_drive *))
{
	static struct dc_check r;
	struct dc_raw raw = { 0 };
	struct dc_facts f = { .dev = &r.dev, .drive = &r.drive, .row = &r.row, .probe = &r.probe };
	FILE *null = fopen("/dev/null", "w");

	memset(&r, 0, sizeof(r));
	if (dc_transport_from_name(transport, &r.dev.transport))
		r.dev.transport = DC_TRAN_OTHER;
	dc_fuzz_pages(data, size, names, nnames, &raw);
	r.drive.cache_present = r.drive.cache_enabled = DC_TRI_UNKNOWN;
	parse(&raw, &r.drive);
	/* whatever the parser made must be printable: strings stay printable ASCII */
	for (const char *p = r.drive.model; *p; p++)
		if (*p < 0x20 || *p > 0x7e)
			__builtin_trap();
	dc_decide(&f, &r.result);
	if (null) {
		dc_print_checks(&dc_print_json, null,
				 &(struct dc_print_head){ .doc = DC_PRINT_SCAN, .host = "fuzz" }, &r, 1);
		fclose(null);
	}
	dc_raw_free(&raw);
	return 0;
}

#endif /* DC_FUZZ_PAGES_H */
