/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_import.h - what every importer's libFuzzer target does: the importer on any text and
 * on each report it holds, its promises checked, then the parsers on the pages it rebuilt,
 * as `drivecheck import` runs. */
#ifndef DC_FUZZ_IMPORT_H
#define DC_FUZZ_IMPORT_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "import/import.h"
#include "device/inspect.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef int (*fuzz_importer_fn)(const char *text, size_t len, struct dc_import_parts *out,
				char *err, size_t errlen);

/* The importer on one text: its promises checked, the parsers on what it rebuilt. */
static void fuzz_one(fuzz_importer_fn importer, const char *text, size_t len)
{
	struct dc_import_parts parts = { 0 };
	char err[256] = "";
	int rc = importer(text, len, &parts, err, sizeof(err));

	/* A refusal always says why; a success counts exactly the parts it added. */
	if ((rc < 0 && !err[0]) || (rc >= 0 && (unsigned)rc != parts.n))
		abort();
	for (unsigned i = 0; rc > 0 && i < parts.n; i++) {
		struct dc_drive d;

		dc_inspect_parse(&parts.v[i].dev, &parts.v[i].raw, 0, &d);
	}
	dc_import_parts_free(&parts);
}

static bool fuzz_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/*
 * The importer on the whole text, then as `drivecheck import` runs it: on each report
 * import_split.c cuts the text into. The cut's promises: the reports come in order, do not
 * overlap, the first begins at byte 0, the last ends at the end, and only spaces lie
 * between two.
 */
static int fuzz_importer(fuzz_importer_fn importer, const uint8_t *data, size_t size)
{
	struct dc_import_span *spans = NULL;
	char *text = malloc(size + 1);
	size_t len, at = 0;
	int n;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0'; /* import_read.c refuses a file with a NUL byte; strlen stops at one */
	len = strlen(text);
	fuzz_one(importer, text, len);
	n = dc_import_split(text, len, &spans);
	if (n < 1 && n != -ENOMEM)
		abort();
	for (int i = 0; i < n; i++) {
		char save;

		if (spans[i].off < at || spans[i].len > len - spans[i].off || (i == 0 && spans[i].off))
			abort();
		for (; at < spans[i].off; at++)
			if (!fuzz_space(text[at]))
				abort();
		at = spans[i].off + spans[i].len;
		if (n == 1)
			continue; /* the whole text: run above */
		save = text[at];
		text[at] = '\0';
		fuzz_one(importer, text + spans[i].off, spans[i].len);
		text[at] = save;
	}
	if (n > 0 && at != len)
		abort();
	free(spans);
	free(text);
	return 0;
}

#endif /* DC_FUZZ_IMPORT_H */
