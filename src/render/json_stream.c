// SPDX-License-Identifier: GPL-2.0-or-later
/* json_stream.c - a JSON document written piece by piece, each piece printed by cJSON. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "render/json_stream.h"

/* Levels of the whole document: a member of the top-level object is printed inside it
 * (one tab), an element of an array member inside that array as well (two). */
#define MEMBER_DEPTH  1
#define ELEMENT_DEPTH 2

/* len bytes of text to the document, unless an earlier piece failed: the first write that
 * fails ends the document (its -errno in s->err), so that nothing follows a gap. */
static void put(struct dc_json_stream *s, const char *text, size_t len)
{
	if (s->err)
		return;
	errno = 0;
	if (fwrite(text, 1, len, s->out) != len)
		s->err = errno ? -errno : -EIO;
}

static void put_str(struct dc_json_stream *s, const char *text)
{
	put(s, text, strlen(text));
}

/* text, with depth tabs after each of its newlines (json_stream.h says why that is
 * what cJSON_Print gives the same value inside the whole document). */
static void put_indented(struct dc_json_stream *s, const char *text, unsigned depth)
{
	static const char tabs[] = "\t\t\t\t";
	const char *nl;

	while ((nl = strchr(text, '\n'))) {
		put(s, text, (size_t)(nl - text) + 1);
		put(s, tabs, depth);
		text = nl + 1;
	}
	put_str(s, text);
}

/* value printed by cJSON at depth, then deleted; false when it was not written. */
static bool put_value(struct dc_json_stream *s, cJSON *value, unsigned depth)
{
	char *text = value && !s->err ? cJSON_Print(value) : NULL;

	cJSON_Delete(value);
	if (!text) {
		s->err = s->err ? s->err : -ENOMEM;
		return false;
	}
	put_indented(s, text, depth);
	cJSON_free(text);
	return !s->err;
}

/* ",\n" between members, then the key as cJSON prints an object's keys. */
static bool put_key(struct dc_json_stream *s, const char *key)
{
	cJSON *k = s->err ? NULL : cJSON_CreateString(key);
	char *text = k ? cJSON_PrintUnformatted(k) : NULL;

	cJSON_Delete(k);
	if (!text) {
		s->err = s->err ? s->err : -ENOMEM;
		return false;
	}
	put_str(s, s->members ? ",\n\t" : "\t");
	put_str(s, text);
	put_str(s, ":\t");
	cJSON_free(text);
	s->members = true;
	return !s->err;
}

void dc_json_stream_begin(struct dc_json_stream *s, FILE *out)
{
	memset(s, 0, sizeof(*s));
	s->out = out;
	put_str(s, "{\n");
}

void dc_json_stream_member(struct dc_json_stream *s, const char *key, cJSON *value)
{
	if (!put_key(s, key)) {
		cJSON_Delete(value);
		return;
	}
	put_value(s, value, MEMBER_DEPTH);
}

void dc_json_stream_array_begin(struct dc_json_stream *s, const char *key)
{
	if (put_key(s, key))
		put_str(s, "[");
	s->in_array = true;
	s->elements = false;
}

void dc_json_stream_element(struct dc_json_stream *s, cJSON *value)
{
	if (s->err || !s->in_array) {
		cJSON_Delete(value);
		s->err = s->err ? s->err : -EINVAL;
		return;
	}
	if (s->elements)
		put_str(s, ", ");
	s->elements = put_value(s, value, ELEMENT_DEPTH) || s->elements;
}

void dc_json_stream_array_end(struct dc_json_stream *s)
{
	put_str(s, "]");
	s->in_array = false;
}

int dc_json_stream_end(struct dc_json_stream *s)
{
	put_str(s, s->members ? "\n}\n" : "}\n");
	return s->err;
}
