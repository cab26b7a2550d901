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

/* text, with depth tabs after each of its newlines (json_stream.h says why that is
 * what cJSON_Print gives the same value inside the whole document). */
static void put_indented(FILE *out, const char *text, unsigned depth)
{
	static const char tabs[] = "\t\t\t\t";
	const char *nl;

	while ((nl = strchr(text, '\n'))) {
		fwrite(text, 1, (size_t)(nl - text) + 1, out);
		fwrite(tabs, 1, depth, out);
		text = nl + 1;
	}
	fputs(text, out);
}

/* value printed by cJSON at depth, then deleted; false when it could not be printed. */
static bool put_value(struct dc_json_stream *s, cJSON *value, unsigned depth)
{
	char *text = value && !s->err ? cJSON_Print(value) : NULL;

	cJSON_Delete(value);
	if (!text) {
		s->err = -ENOMEM;
		return false;
	}
	put_indented(s->out, text, depth);
	free(text);
	return true;
}

/* ",\n" between members, then the key as cJSON prints an object's keys. */
static bool put_key(struct dc_json_stream *s, const char *key)
{
	cJSON *k = s->err ? NULL : cJSON_CreateString(key);
	char *text = k ? cJSON_PrintUnformatted(k) : NULL;

	cJSON_Delete(k);
	if (!text) {
		s->err = -ENOMEM;
		return false;
	}
	fprintf(s->out, "%s\t%s:\t", s->members ? ",\n" : "", text);
	free(text);
	s->members = true;
	return true;
}

void dc_json_stream_begin(struct dc_json_stream *s, FILE *out)
{
	memset(s, 0, sizeof(*s));
	s->out = out;
	fputs("{\n", out);
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
		fputc('[', s->out);
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
		fputs(", ", s->out);
	s->elements = put_value(s, value, ELEMENT_DEPTH) || s->elements;
}

void dc_json_stream_array_end(struct dc_json_stream *s)
{
	if (!s->err)
		fputc(']', s->out);
	s->in_array = false;
}

int dc_json_stream_end(struct dc_json_stream *s)
{
	if (!s->err)
		fputs(s->members ? "\n}\n" : "}\n", s->out);
	return s->err;
}
