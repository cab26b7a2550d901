// SPDX-License-Identifier: GPL-2.0-or-later
/* import_split.c - one file of another tool cut into its reports: one drive each. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "import/import.h"

/*
 * A file often holds several reports: `for d in /dev/sd?; do smartctl -x $d; done >
 * host.txt`, `smartctl -j` run once per drive into one file, nvme-cli's JSON of several
 * commands or drives. Each report is read on its own, so that no drive takes another's
 * numbers.
 *
 * smartctl text: a report begins at smartctl's banner ("smartctl 7.1 2019-12-30 r5022
 * [...]"; 5.x also "smartctl version 5.38 ..."), or at "=== START OF INFORMATION SECTION
 * ===" when the report it is in already had one (a report pasted without its banner).
 * Lines before the first banner belong to the first report (a shell prompt, "# sda").
 *
 * JSON: each top-level value is a report, however the values are separated (nothing,
 * spaces, newlines). Where a value does not parse (cut short, not JSON), the rest of the
 * file is one last report, so that the importer says what is wrong with it. fio's
 * "fio: ..." lines before its JSON stay with the first report.
 *
 * A file of one report gives one span: the whole file, as before.
 */

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static int span_add(struct dc_import_span **v, unsigned *n, unsigned *cap, size_t off,
		    size_t len, unsigned line)
{
	if (*n == *cap) {
		unsigned ncap = *cap ? 2 * *cap : 4;
		struct dc_import_span *nv = realloc(*v, ncap * sizeof(**v));

		if (!nv)
			return -ENOMEM;
		*v = nv;
		*cap = ncap;
	}
	(*v)[*n].off = off;
	(*v)[*n].len = len;
	(*v)[*n].line = line;
	(*n)++;
	return 0;
}

static unsigned lines_in(const char *s, size_t len)
{
	unsigned n = 0;

	for (size_t i = 0; i < len; i++)
		n += s[i] == '\n';
	return n;
}

/* smartctl's first line: "smartctl 7.3 2022-02-28 r5338 ..." or "smartctl version 5.38". */
static bool banner(const char *line, size_t n)
{
	if (n < 10 || strncmp(line, "smartctl ", 9) != 0)
		return false;
	return (line[9] >= '0' && line[9] <= '9') || (n > 17 && strncmp(line + 9, "version ", 8) == 0);
}

static bool info_header(const char *line, size_t n)
{
	static const char h[] = "=== START OF INFORMATION SECTION ===";

	return n >= sizeof(h) - 1 && strncmp(line, h, sizeof(h) - 1) == 0;
}

static int split_text(const char *text, size_t len, struct dc_import_span **v, unsigned *n,
		      unsigned *cap)
{
	size_t start = 0, p = 0;
	unsigned line = 1, start_line = 1;
	bool seen_banner = false, seen_info = false;

	while (p < len) {
		const char *nl = memchr(text + p, '\n', len - p);
		size_t eol = nl ? (size_t)(nl - text) : len, ll = eol - p;
		bool b = banner(text + p, ll), i = !b && info_header(text + p, ll);

		if ((b && (seen_banner || seen_info)) || (i && seen_info)) {
			if (span_add(v, n, cap, start, p - start, start_line))
				return -ENOMEM;
			start = p;
			start_line = line;
			seen_banner = seen_info = false;
		}
		seen_banner |= b;
		seen_info |= i;
		p = nl ? eol + 1 : len;
		line++;
	}
	return span_add(v, n, cap, start, len - start, start_line);
}

static int split_json(const char *text, size_t len, size_t first, struct dc_import_span **v,
		      unsigned *n, unsigned *cap)
{
	size_t start = 0, p = first;

	for (;;) {
		const char *end = NULL;
		cJSON *doc = cJSON_ParseWithLengthOpts(text + p, len - p, &end, false);
		size_t q;

		cJSON_Delete(doc);
		if (!doc || !end || end <= text + p)
			break; /* the rest is one report, for its importer to refuse */
		q = (size_t)(end - text);
		while (q < len && is_space(text[q]))
			q++;
		if (q == len) {
			p = len;
			break;
		}
		if (span_add(v, n, cap, start, (size_t)(end - text) - start,
			     1 + lines_in(text, start)))
			return -ENOMEM;
		start = p = q;
	}
	return span_add(v, n, cap, start, len - start, 1 + lines_in(text, start));
}

int dc_import_split(const char *text, size_t len, struct dc_import_span **spans)
{
	struct dc_import_span *v = NULL;
	unsigned n = 0, cap = 0;
	size_t p = 0;
	int rc;

	*spans = NULL;
	while (p < len && is_space(text[p]))
		p++;
	/* fio prints its error and note lines on stdout before the JSON (as import_read.c's
	 * format detection skips them) */
	while (p < len && (strncmp(text + p, "fio: ", 5) == 0 || strncmp(text + p, "note: ", 6) == 0)) {
		const char *nl = memchr(text + p, '\n', len - p);

		if (!nl)
			break;
		p = (size_t)(nl - text) + 1;
		while (p < len && is_space(text[p]))
			p++;
	}
	if (p < len && (text[p] == '{' || text[p] == '['))
		rc = split_json(text, len, p, &v, &n, &cap);
	else
		rc = split_text(text, len, &v, &n, &cap);
	if (rc) {
		free(v);
		return rc;
	}
	*spans = v;
	return (int)n;
}
