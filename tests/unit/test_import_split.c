// SPDX-License-Identifier: GPL-2.0-or-later
/* test_import_split.c - one file, its reports: where import_split.c cuts, and the keys a JSON
 * report gives twice (import_conflict.c). */
#include <stdlib.h>

#include "dc_test.h"
#include "import/import.h"
#include "sample_file.h"

/* The spans of text, each checked to start with the given prefix and line. */
static void cuts(const char *label, const char *text, unsigned want, const char *const *starts,
		 const unsigned *lines)
{
	struct dc_import_span *sp = NULL;
	int n = dc_import_split(text, strlen(text), &sp);
	size_t end = 0;

	CHECK(n == (int)want);
	if (n != (int)want)
		fprintf(stderr, "  %s: %d reports, not %u\n", label, n, want);
	for (int i = 0; i < n && (unsigned)i < want; i++) {
		CHECK(strncmp(text + sp[i].off, starts[i], strlen(starts[i])) == 0);
		CHECK(sp[i].line == lines[i]);
		if (sp[i].line != lines[i])
			fprintf(stderr, "  %s: report %d begins on line %u, not %u\n", label, i + 1, sp[i].line, lines[i]);
		CHECK(sp[i].off >= end);
		end = sp[i].off + sp[i].len;
	}
	if (n > 0)
		CHECK(end == strlen(text));
	free(sp);
}

static void test_text(void)
{
	static const char banner[] = "smartctl 7.1 2019-12-30 r5022 [x86_64-linux-5.4.0] (local build)\n"
				     "Copyright (C) 2002-19, Bruce Allen, Christian Franke, www.smartmontools.org\n\n";
	static const char info[] = "=== START OF INFORMATION SECTION ===\nDevice Model:     A\n\n"
				   "=== START OF READ SMART DATA SECTION ===\n";
	char two[1024], pasted[1024], old[512];

	snprintf(two, sizeof(two), "# sda\n%s%s== /dev/sdb\n%s%s", banner, info, banner, info);
	cuts("two reports", two, 2, (const char *const[]){ "# sda", "smartctl 7.1" },
	     (const unsigned[]){ 1, 10 });
	/* no banners: cut at the second information section */
	snprintf(pasted, sizeof(pasted), "%s%s%s", info, info, info);
	cuts("pasted", pasted, 3, (const char *const[]){ "===", "===", "===" },
	     (const unsigned[]){ 1, 5, 9 });
	/* one report: the whole text, one span */
	cuts("one", two + strlen("# sda\n") + strlen(banner) + strlen(info) + strlen("== /dev/sdb\n"),
	     1, (const char *const[]){ "smartctl" }, (const unsigned[]){ 1 });
	/* smartctl 5.x's banner; a command echoed is no banner */
	snprintf(old, sizeof(old), "smartctl version 5.38 [x86_64] Copyright\n%ssmartctl -x /dev/sda\n"
		 "smartctl 5.41 2011-06-09 r3365\n%s", info, info);
	cuts("5.x", old, 2, (const char *const[]){ "smartctl version", "smartctl 5.41" },
	     (const unsigned[]){ 1, 7 });
	cuts("prose", "hello\nworld\n", 1, (const char *const[]){ "hello" }, (const unsigned[]){ 1 });
}

static void test_json(void)
{
	cuts("one", "{\"a\": 1}\n", 1, (const char *const[]){ "{\"a\"" }, (const unsigned[]){ 1 });
	cuts("three", "{\"a\": 1}{\"b\": 2}\n\n  {\"c\": [3]}\n", 3,
	     (const char *const[]){ "{\"a\"", "{\"b\"", "{\"c\"" }, (const unsigned[]){ 1, 1, 3 });
	/* cut short: the rest is one report, for its importer to refuse */
	cuts("cut", "{\"a\": 1}\n{\"b\": ", 2, (const char *const[]){ "{\"a\"", "{\"b\"" },
	     (const unsigned[]){ 1, 2 });
	cuts("junk after", "{\"a\": 1} trailing words", 2,
	     (const char *const[]){ "{\"a\"", "trailing" }, (const unsigned[]){ 1, 1 });
	/* fio's lines before its JSON stay with the first report */
	cuts("fio", "fio: job x: warning\n{\"fio version\": \"3\"}\n{\"fio version\": \"3\"}", 2,
	     (const char *const[]){ "fio: ", "{\"fio" }, (const unsigned[]){ 1, 3 });
}

static void test_twice(void)
{
	char out[4][DC_TEXT_LEN];
	static const char same[] = "{\"a\": 1, \"a\": 1, \"b\": {\"c\": true}}";
	static const char nested[] = "{\"x\": [{\"smart_status\": {\"passed\": true, \"passed\": false}}], "
				     "\"model_name\": \"A\", \"model_name\": \"B\"}";

	CHECK(dc_import_json_twice(same, strlen(same), out, 4) == 0);
	CHECK(dc_import_json_twice(nested, strlen(nested), out, 4) == 2);
	CHECK(strstr(out[0], "x[0].smart_status.passed given twice, true and false") != NULL ||
	      strstr(out[1], "x[0].smart_status.passed given twice, true and false") != NULL);
	CHECK(strstr(out[0], "model_name given twice, \"A\" and \"B\"; the first is read") != NULL ||
	      strstr(out[1], "model_name given twice, \"A\" and \"B\"; the first is read") != NULL);
	CHECK(dc_import_json_twice("not json", 8, out, 4) == 0);
}

/* A real file of data/import/linuxhw, three times in a row: three reports, each whole. */
static void test_real(void)
{
	size_t len = 0;
	char *one = slurp("data/import/linuxhw/SSD/Crucial/CT250MX200SSD1/32B0F78C3734.txt", &len);
	char *three = one ? malloc(3 * len + 1) : NULL;
	struct dc_import_span *sp = NULL;
	int n;

	CHECK(three != NULL);
	if (!three) {
		free(one);
		return;
	}
	for (int i = 0; i < 3; i++)
		memcpy(three + i * len, one, len);
	three[3 * len] = '\0';
	n = dc_import_split(three, 3 * len, &sp);
	CHECK(n == 3);
	for (int i = 0; i < n && i < 3; i++)
		CHECK(sp[i].off == (size_t)i * len && sp[i].len == len);
	free(sp);
	free(three);
	free(one);
}

int main(void)
{
	test_text();
	test_json();
	test_twice();
	test_real();
	return dc_test_summary("test_import_split");
}
