// SPDX-License-Identifier: GPL-2.0-or-later
/* test_json_skim.c - json_skim.c held to cJSON itself: on whole documents, and on a hundred
 * thousand broken ones made from them, the same answer and the byte cJSON stops at; and
 * what it walks is what cJSON builds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "dc_test.h"
#include "core/json_skim.h"

static const char *const seeds[] = {
	"{\"json_format_version\": [1, 4], \"drivecheck_version\": \"0.3.0\", \"host\": \"h\\u00e9\","
	" \"devices\": [{\"path\": \"/dev/sda\", \"errors\": [], \"n\": -1.5e+3, \"t\": true, "
	"\"f\": false, \"z\": null, \"s\": \"a\\\\b\\\"c\\/\\b\\f\\n\\r\\t\\ud83d\\ude00\"}, 3, "
	"\"x\", [], {}, [[[]]]]}",
	"[1, 2.5, -0, 1e9, \"\", {\"a\": {\"b\": [null]}}]",
	"  \xEF\xBB\xBF {\"bom\": 1}",
	"\xEF\xBB\xBF{\"bom\": 1}",
	"{\"a\":1,\"a\":2,\"dev\\u0069ces\":[{}]}",
	"\"just a string\"",
	"123456789012345678901234567890123456789012345678901234567890123456789",
	"{\"deep\": [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]}",
	"{\"u\": \"\\uD800\\uDC00 \\uZZZZ \\u12\"}",
	"{} trailing",
	"",
	"   ",
};

/* A small generator of its own: the same documents every run. */
static uint32_t rnd_state = 12345;

static uint32_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 17;
	rnd_state ^= rnd_state << 5;
	return rnd_state;
}

static const char json_bytes[] = "{}[]\",:\\ \t\n0123456789eE+-.trufalsnu/xD8C\xEF\xBB\xBF";

/* A copy of text with a few bytes deleted, inserted or changed, perhaps cut short. */
static size_t mutate(const char *text, size_t len, char *out, size_t cap)
{
	size_t n = len < cap - 8 ? len : cap - 8;
	unsigned edits = 1 + rnd() % 3;

	memcpy(out, text, n);
	for (unsigned e = 0; e < edits && n < cap - 2; e++) {
		size_t at = n ? rnd() % (n + 1) : 0;
		char c = json_bytes[rnd() % (sizeof(json_bytes) - 1)];

		switch (rnd() % 4) {
		case 0: /* delete */
			if (at < n) {
				memmove(out + at, out + at + 1, n - at - 1);
				n--;
			}
			break;
		case 1: /* insert */
			memmove(out + at + 1, out + at, n - at);
			out[at] = c;
			n++;
			break;
		case 2: /* change */
			if (at < n)
				out[at] = c;
			break;
		default: /* cut */
			n = at;
			break;
		}
	}
	out[n] = '\0';
	return n;
}

static unsigned agreed, disagreed;

/* The keys the checker saw at the top level, in order. */
struct members {
	char keys[64][64];
	unsigned n;
	const char *text;
};

static void note(void *ctx, const struct dc_json_piece *key, const struct dc_json_piece *value)
{
	struct members *m = ctx;
	cJSON *k = cJSON_ParseWithLength(m->text + key->start, key->end - key->start);
	cJSON *v = cJSON_ParseWithLength(m->text + value->start, value->end - value->start);

	CHECK(cJSON_IsString(k) && v != NULL);
	if (m->n < 64 && cJSON_IsString(k))
		snprintf(m->keys[m->n++], sizeof(m->keys[0]), "%s", k->valuestring);
	cJSON_Delete(k);
	cJSON_Delete(v);
}

/* What skim says of text equals what cJSON says, and a document both accept walks as
 * cJSON's tree is. */
static void compare(const char *text, size_t len)
{
	const char *end = NULL;
	cJSON *doc = cJSON_ParseWithLengthOpts(text, len + 1, &end, true);
	struct members m = { .text = text };
	struct dc_json_piece top;
	size_t stop = 0;
	bool ok = dc_json_skim_document(text, len, &top, &stop, note, &m);

	if (ok != (doc != NULL) || (!ok && (size_t)(end - text) != stop)) {
		if (disagreed++ < 5)
			fprintf(stderr, "skim %s (at %zu), cJSON %s (at %zu): '%.80s'\n",
				ok ? "accepts" : "refuses", stop, doc ? "accepts" : "refuses",
				end ? (size_t)(end - text) : 0, text);
		cJSON_Delete(doc);
		return;
	}
	agreed++;
	if (!doc)
		return;
	/* the top-level members as cJSON has them */
	if (cJSON_IsObject(doc)) {
		const cJSON *c = doc->child;
		unsigned i = 0;

		CHECK(top.kind == DC_JSON_KIND_OBJECT);
		for (; c && i < m.n; c = c->next, i++)
			CHECK_STR(m.keys[i], c->string);
		CHECK(!c || i == 64);
		CHECK(i == m.n);
	}
	/* the elements as cJSON has them, each parsed alone */
	if (cJSON_IsArray(doc)) {
		struct dc_json_piece el;
		const cJSON *c = doc->child;
		size_t cursor = 0;

		CHECK(top.kind == DC_JSON_KIND_ARRAY);
		while (dc_json_skim_element(text, len, &top, &cursor, &el)) {
			cJSON *alone;
			char *a, *b;

			dc_json_skim_past(text, len, &el, &cursor);
			alone = cJSON_ParseWithLength(text + el.start, el.end - el.start);
			CHECK(c && alone);
			if (!c || !alone) {
				cJSON_Delete(alone);
				break;
			}
			a = cJSON_PrintUnformatted(alone);
			b = cJSON_PrintUnformatted(c);
			CHECK(a && b && strcmp(a, b) == 0);
			free(a);
			free(b);
			cJSON_Delete(alone);
			c = c->next;
		}
		CHECK(c == NULL);
	}
	cJSON_Delete(doc);
}

/* A file of the tree (a replay's expected JSON): real documents, whole and broken. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) == (size_t)n) {
		buf[n] = '\0';
		*len = (size_t)n;
	} else {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

static void nesting(void)
{
	static char deep[2 * 1200 + 1];

	/* cJSON refuses 1000 levels and more, at the bracket where it stops */
	for (unsigned levels = 998; levels <= 1002; levels++) {
		memset(deep, '[', levels);
		memset(deep + levels, ']', levels);
		deep[2 * levels] = '\0';
		compare(deep, 2 * levels);
	}
}

int main(void)
{
	static char buf[1 << 16];
	size_t flen = 0;
	char *file = slurp("tests/expected/SAMSUNG_MZ7LH960HAJR-00005.json", &flen);

	CHECK(file != NULL);
	for (size_t i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++)
		compare(seeds[i], strlen(seeds[i]));
	if (file)
		compare(file, flen);
	for (unsigned round = 0; round < 100000; round++) {
		size_t k = rnd() % (sizeof(seeds) / sizeof(seeds[0]) + 1), n;

		if (k == sizeof(seeds) / sizeof(seeds[0]) && file)
			n = mutate(file, flen, buf, sizeof(buf));
		else
			n = mutate(seeds[k % (sizeof(seeds) / sizeof(seeds[0]))],
				   strlen(seeds[k % (sizeof(seeds) / sizeof(seeds[0]))]), buf, sizeof(buf));
		compare(buf, n);
	}
	nesting();
	CHECK(disagreed == 0);
	CHECK(agreed > 100000);
	free(file);
	return dc_test_summary("test_json_skim");
}
