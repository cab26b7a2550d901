// SPDX-License-Identifier: GPL-2.0-or-later
/* test_import_smartctl_text.c - smartctl's text in the user's locale: digits grouped by
 * commas, dots, spaces or no-break spaces read as one number, on real reports of
 * data/import/linuxhw rewritten in each locale's grouping. */
#include <ctype.h>
#include <stdlib.h>

#include "dc_test.h"
#include "import/import.h"
#include "core/raw.h"
#include "sample_file.h"

#define LHW "data/import/linuxhw/"

/* The text with every thousands comma ("7,681,501") made sep. */
static char *regroup(const char *text, const char *sep)
{
	size_t n = strlen(text), k = strlen(sep), at = 0;
	char *out = malloc(n * k + 1);

	for (size_t i = 0; out && i < n; i++) {
		bool group = text[i] == ',' && i > 0 && isdigit((unsigned char)text[i - 1]) &&
			     i + 3 < n && isdigit((unsigned char)text[i + 1]) &&
			     isdigit((unsigned char)text[i + 2]) && isdigit((unsigned char)text[i + 3]);

		if (group) {
			memcpy(out + at, sep, k);
			at += k;
		} else {
			out[at++] = text[i];
		}
	}
	if (out)
		out[at] = '\0';
	return out;
}

static bool import_text(const char *text, struct dc_import_parts *parts)
{
	char err[256] = "";
	int rc;

	memset(parts, 0, sizeof(*parts));
	rc = dc_import_smartctl_text(text, strlen(text), parts, err, sizeof(err));
	if (rc != 1)
		fprintf(stderr, "  import: %d %s\n", rc, err);
	return rc == 1 && parts->n == 1;
}

static bool same_page(const struct dc_import_part *a, const struct dc_import_part *b,
		      const char *name)
{
	const struct dc_page *x = dc_raw_find(&a->raw, name), *y = dc_raw_find(&b->raw, name);

	return x && y && x->len == y->len && x->data && y->data &&
	       memcmp(x->data, y->data, x->len) == 0;
}

static uint64_t le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;

	for (unsigned i = n; i-- > 0;)
		v = v << 8 | p[i];
	return v;
}

/* One report in five locales' groupings: the same capacity and the same rebuilt pages. */
static void test_locales(void)
{
	static const char *const seps[] = { ".", " ", "'", "\xc2\xa0", "\xe2\x80\xaf" };
	static const struct { const char *path, *page; uint64_t capacity; } reports[] = {
		/* "Total NVM Capacity: 7,681,501,126,656", "Data Units Written: 104,802,437" */
		{ LHW "NVMe/Samsung/MZQLB7T6HMLA-00007/87DF4078A6EF.txt", DC_PG_NVME_LOG_SMART,
		  7681501126656ull },
		/* "User Capacity: 1,000,204,886,016 bytes" */
		{ LHW "SSD/Crucial/CT1000MX500SSD1/01EF8B9FA165.txt", DC_PG_ATA_DEVSTAT_01,
		  1000204886016ull },
	};

	for (size_t r = 0; r < sizeof(reports) / sizeof(reports[0]); r++) {
		char *text = slurp(reports[r].path, NULL);
		struct dc_import_parts base;

		CHECK(text && import_text(text, &base));
		if (!text || !base.n) {
			free(text);
			continue;
		}
		CHECK(base.v[0].dev.capacity_bytes == reports[r].capacity);
		for (size_t s = 0; s < sizeof(seps) / sizeof(seps[0]); s++) {
			char *t = regroup(text, seps[s]);
			struct dc_import_parts got;

			CHECK(t && strcmp(t, text) != 0);
			if (!t || !import_text(t, &got)) {
				CHECK(false);
				free(t);
				continue;
			}
			if (got.v[0].dev.capacity_bytes != reports[r].capacity)
				fprintf(stderr, "  %s with '%s': capacity %llu\n", reports[r].path,
					seps[s], (unsigned long long)got.v[0].dev.capacity_bytes);
			CHECK(got.v[0].dev.capacity_bytes == reports[r].capacity);
			CHECK(same_page(&base.v[0], &got.v[0], reports[r].page));
			dc_import_parts_free(&got);
			free(t);
		}
		dc_import_parts_free(&base);
		free(text);
	}
}

/* A blank ends a number unless it groups three digits after one to three. */
static void test_blank_ends(void)
{
	static const struct { const char *to; uint64_t hours; } cases[] = {
		{ "10 815", 10815 },
		{ "10815 123", 10815 },     /* a group of more than three before the blank */
		{ "10 81", 10 },            /* fewer than three after it */
		{ "10 8150", 10 },          /* more than three after it */
		{ "1081 500", 1081 },
		{ "10 815 [x]", 10815 },
	};
	static const char from[] = "Power On Hours:                     10,815";
	char *text = slurp(LHW "NVMe/Samsung/MZQLB7T6HMLA-00007/87DF4078A6EF.txt", NULL);

	CHECK(text != NULL);
	for (size_t i = 0; text && i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *at = strstr(text, from);
		size_t n = strlen(text) + 64;
		char *t = malloc(n);
		struct dc_import_parts got;
		const struct dc_page *pg;

		CHECK(at && t);
		if (!at || !t) {
			free(t);
			continue;
		}
		snprintf(t, n, "%.*sPower On Hours:                     %s%s", (int)(at - text),
			 text, cases[i].to, at + strlen(from));
		if (import_text(t, &got)) {
			pg = dc_raw_find(&got.v[0].raw, DC_PG_NVME_LOG_SMART);
			/* Power On Hours: bytes 128-143 of the SMART / Health log */
			CHECK(pg && pg->len >= 144 && le(pg->data + 128, 8) == cases[i].hours);
			dc_import_parts_free(&got);
		} else {
			CHECK(false);
		}
		free(t);
	}
	free(text);
}

int main(void)
{
	test_locales();
	test_blank_ends();
	return dc_test_summary("test_import_smartctl_text");
}
