// SPDX-License-Identifier: GPL-2.0-or-later
/* json_skim.c - JSON checked step for step as cJSON 1.7 parses it, and walked, keeping nothing. */
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_skim.h"

/*
 * Each function below is cJSON's parse function of the same name (cJSON.c, 1.7.15 as Debian
 * 12 ships it) with
 * the building left out and nothing else changed: where cJSON moves its offset, so does
 * this; where cJSON gives up, this gives up at the same offset. tests/unit/test_json_skim.c
 * holds the two to the same answer and the same offset on many broken documents.
 */

struct skim {
	const unsigned char *s;
	size_t len;                   /* cJSON's buffer length: the text and its NUL */
	size_t off;
	size_t depth;
	/* told of each member of the top-level object as it is passed */
	void (*member)(void *ctx, const struct dc_json_piece *key, const struct dc_json_piece *value);
	void *ctx;
};

static enum dc_json_kind kind_of(unsigned char c)
{
	switch (c) {
	case 'n': return DC_JSON_KIND_NULL;
	case 't': case 'f': return DC_JSON_KIND_BOOL;
	case '"': return DC_JSON_KIND_STRING;
	case '[': return DC_JSON_KIND_ARRAY;
	case '{': return DC_JSON_KIND_OBJECT;
	}
	return DC_JSON_KIND_NUMBER;
}

static bool can_access(const struct skim *t, size_t i)
{
	return t->off + i < t->len;
}

static bool can_read(const struct skim *t, size_t n)
{
	return t->off + n <= t->len;
}

/* buffer_skip_whitespace: every byte up to 32, the NUL at the end too; never past the
 * last byte. */
static void skip_space(struct skim *t)
{
	if (!can_access(t, 0))
		return;
	while (can_access(t, 0) && t->s[t->off] <= 32)
		t->off++;
	if (t->off == t->len)
		t->off--;
}

/* parse_hex4: 0 for a digit that is not hex, as cJSON has it. */
static unsigned hex4(const unsigned char *p)
{
	unsigned h = 0;

	for (unsigned i = 0; i < 4; i++) {
		h <<= 4;
		if (p[i] >= '0' && p[i] <= '9')
			h += p[i] - '0';
		else if (p[i] >= 'A' && p[i] <= 'F')
			h += 10u + p[i] - 'A';
		else if (p[i] >= 'a' && p[i] <= 'f')
			h += 10u + p[i] - 'a';
		else
			return 0;
	}
	return h;
}

/* utf16_literal_to_utf8: how many bytes a \uXXXX (or a surrogate pair of them) takes, or
 * 0 when cJSON refuses it. */
static unsigned utf16_length(const unsigned char *p, const unsigned char *end)
{
	unsigned first, second;

	if (end - p < 6)
		return 0;
	first = hex4(p + 2);
	if (first >= 0xDC00 && first <= 0xDFFF)
		return 0;
	if (first < 0xD800 || first > 0xDBFF)
		return 6;
	p += 6;
	if (end - p < 6 || p[0] != '\\' || p[1] != 'u')
		return 0;
	second = hex4(p + 2);
	return second >= 0xDC00 && second <= 0xDFFF ? 12 : 0;
}

/* parse_string: a failure leaves the offset at the escape that is wrong, else just after
 * the opening quote. */
static bool skim_string(struct skim *t)
{
	const unsigned char *start = t->s + t->off, *p = start + 1, *end = start + 1;
	const unsigned char *limit = t->s + t->len;
	bool escapes = false;

	if (start[0] != '"')
		goto fail;
	while (end < limit && *end != '"') {
		if (end[0] == '\\') {
			if (end + 1 >= limit)
				goto fail;
			escapes = true;
			end++;
		}
		end++;
	}
	if (end >= limit || *end != '"')
		goto fail;
	/* only escapes can be wrong in between (most strings have none) */
	while (escapes && p < end) {
		unsigned seq = 2;

		if (*p != '\\') {
			p++;
			continue;
		}
		switch (p[1]) {
		case 'b': case 'f': case 'n': case 'r': case 't': case '"': case '\\': case '/':
			break;
		case 'u':
			seq = utf16_length(p, end);
			if (!seq)
				goto fail;
			break;
		default:
			goto fail;
		}
		p += seq;
	}
	t->off = (size_t)(end - t->s) + 1;
	return true;
fail:
	t->off = (size_t)(p - t->s);
	return false;
}

/* parse_number: the bytes a number may have, as far as strtod takes them. (cJSON 1.7.15 cut
 * them at 63; Debian's has the fix for CVE-2023-26819, which takes them all.) */
static bool skim_number(struct skim *t)
{
	char small[64], *digits = small, *after = NULL;
	size_t n = 0;
	bool ok;

	while (can_access(t, n)) {
		unsigned char c = t->s[t->off + n];

		if (!((c >= '0' && c <= '9') || c == '+' || c == '-' || c == 'e' || c == 'E' ||
		      c == '.'))
			break;
		n++;
	}
	if (n >= sizeof(small) && !(digits = malloc(n + 1)))
		return false;
	memcpy(digits, t->s + t->off, n);
	digits[n] = '\0';
	strtod(digits, &after);
	ok = after != digits;
	if (ok)
		t->off += (size_t)(after - digits);
	if (digits != small)
		free(digits);
	return ok;
}

static bool skim_value(struct skim *t);

/* The first steps of parse_array and parse_object: the nesting limit, the opening byte,
 * the spaces after it. 1: empty (t->off on the closing byte); 0: a first element or
 * member follows (t->off back on the opening byte, as cJSON leaves it for its loop); -1:
 * not parsed. */
static int skim_open(struct skim *t, char open, char close)
{
	if (t->depth >= CJSON_NESTING_LIMIT)
		return -1;
	t->depth++;
	if (!can_access(t, 0) || t->s[t->off] != open)
		return -1;
	t->off++;
	skip_space(t);
	if (can_access(t, 0) && t->s[t->off] == close)
		return 1;
	if (!can_access(t, 0)) {
		t->off--;
		return -1;
	}
	t->off--;
	return 0;
}

/* The last step of both: the closing byte, and past it. */
static bool skim_close(struct skim *t, char close)
{
	if (!can_access(t, 0) || t->s[t->off] != close)
		return false;
	t->depth--;
	t->off++;
	return true;
}

/* parse_array */
static bool skim_array(struct skim *t)
{
	int open = skim_open(t, '[', ']');

	if (open)
		return open > 0 && skim_close(t, ']');
	do {
		t->off++;
		skip_space(t);
		if (!skim_value(t))
			return false;
		skip_space(t);
	} while (can_access(t, 0) && t->s[t->off] == ',');
	return skim_close(t, ']');
}

/* parse_object */
static bool skim_object(struct skim *t)
{
	int open = skim_open(t, '{', '}');

	if (open)
		return open > 0 && skim_close(t, '}');
	do {
		struct dc_json_piece key, value;

		/* cJSON 1.7.18 (and Debian's): nothing after the comma */
		if (!can_access(t, 1))
			return false;
		t->off++;
		skip_space(t);
		key.start = t->off;
		if (!skim_string(t))
			return false;
		key.end = t->off;
		key.kind = DC_JSON_KIND_STRING;
		skip_space(t);
		if (!can_access(t, 0) || t->s[t->off] != ':')
			return false;
		t->off++;
		skip_space(t);
		value.start = t->off;
		value.kind = kind_of(t->s[t->off]);
		if (!skim_value(t))
			return false;
		value.end = t->off;
		if (t->depth == 1 && t->member)
			t->member(t->ctx, &key, &value);
		skip_space(t);
	} while (can_access(t, 0) && t->s[t->off] == ',');
	return skim_close(t, '}');
}

/* parse_value */
static bool skim_value(struct skim *t)
{
	const char *at = (const char *)t->s + t->off;

	if (!can_access(t, 0))
		return false;
	/* the words cJSON tries first, each only where its first letter stands */
	if (*at == 'n' && can_read(t, 4) && strncmp(at, "null", 4) == 0) {
		t->off += 4;
		return true;
	}
	if (*at == 'f' && can_read(t, 5) && strncmp(at, "false", 5) == 0) {
		t->off += 5;
		return true;
	}
	if (*at == 't' && can_read(t, 4) && strncmp(at, "true", 4) == 0) {
		t->off += 4;
		return true;
	}
	if (*at == '"')
		return skim_string(t);
	if (*at == '-' || (*at >= '0' && *at <= '9'))
		return skim_number(t);
	if (*at == '[')
		return skim_array(t);
	if (*at == '{')
		return skim_object(t);
	return false;
}

bool dc_json_skim_document(const char *text, size_t len, struct dc_json_piece *top,
			   size_t *stop,
			   void (*member)(void *ctx, const struct dc_json_piece *key,
					  const struct dc_json_piece *value), void *ctx)
{
	struct skim t = { .s = (const unsigned char *)text, .len = len + 1, .member = member,
			  .ctx = ctx };
	bool ok;

	/* skip_utf8_bom */
	if (can_access(&t, 4) && strncmp(text, "\xEF\xBB\xBF", 3) == 0)
		t.off = 3;
	skip_space(&t);
	top->start = t.off;
	top->kind = kind_of(t.s[t.off]);
	ok = skim_value(&t);
	top->end = t.off;
	if (ok) {
		/* require_null_terminated: nothing but spaces after the document */
		skip_space(&t);
		ok = t.off < t.len && t.s[t.off] == '\0';
	}
	if (!ok)
		*stop = t.off < t.len ? t.off : t.len - 1;
	return ok;
}

bool dc_json_skim_element(const char *text, size_t len, const struct dc_json_piece *array,
			  size_t *cursor, struct dc_json_piece *value)
{
	struct skim t = { .s = (const unsigned char *)text, .len = len + 1 };

	if (array->kind != DC_JSON_KIND_ARRAY)
		return false;
	/* the '[', or where the last element ended: then spaces, and a comma or the ']' */
	t.off = *cursor ? *cursor : array->start;
	if (*cursor)
		skip_space(&t);
	if (t.off >= array->end || (t.s[t.off] != ',' && t.off != array->start))
		return false;
	t.off++;
	skip_space(&t);
	if (t.s[t.off] == ']')
		return false;
	value->start = t.off;
	value->kind = kind_of(t.s[t.off]);
	value->end = 0;
	*cursor = t.off;
	return true;
}

void dc_json_skim_past(const char *text, size_t len, struct dc_json_piece *value, size_t *cursor)
{
	struct skim t = { .s = (const unsigned char *)text, .len = len + 1, .off = value->start };

	if (!value->end) {
		skim_value(&t);
		value->end = t.off;
	}
	*cursor = value->end;
}
