/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json_stream.h - one JSON document written piece by piece, byte for byte as cJSON_Print
 * would have printed it whole. */
#ifndef DC_JSON_STREAM_H
#define DC_JSON_STREAM_H

#include <stdbool.h>
#include <stdio.h>

#include <cjson/cJSON.h>

/*
 * A document of thousands of drives need not be one tree in memory: the top-level object
 * is written member by member, and an array member element by element, each piece printed
 * by cJSON_Print and indented to the depth it has in the whole document. cJSON's formatted
 * output puts a newline only inside objects, each line indented with one tab per level,
 * and never a raw newline inside a string (it escapes them): a piece printed alone and
 * given `depth` more tabs after each of its newlines is what the whole print holds.
 */
struct dc_json_stream {
	FILE *out;
	bool members;                 /* a member of the top level was written */
	bool in_array;                /* between dc_json_stream_array_begin and _end */
	bool elements;                /* ... and an element of it was written */
	int err;                      /* 0, -ENOMEM (a piece not built or printed) or the
					 -errno of the first write that failed: later pieces
					 are not written */
};

/* json_stream.c */
/* "{": the document's top-level object begins. */
void dc_json_stream_begin(struct dc_json_stream *s, FILE *out);
/* A member of the top-level object. Takes value (deleted here, NULL is -ENOMEM). */
void dc_json_stream_member(struct dc_json_stream *s, const char *key, cJSON *value);
/* A member of the top-level object that is an array, its elements to follow. */
void dc_json_stream_array_begin(struct dc_json_stream *s, const char *key);
/* One element of that array. Takes value (deleted here, NULL is -ENOMEM). */
void dc_json_stream_element(struct dc_json_stream *s, cJSON *value);
void dc_json_stream_array_end(struct dc_json_stream *s);
/* "}" and the newline after the document. Returns 0, -ENOMEM when a piece could not be
 * built or printed, or the -errno of a write that failed (the document is then
 * incomplete: the caller must not exit as if it were whole). */
int dc_json_stream_end(struct dc_json_stream *s);

#endif /* DC_JSON_STREAM_H */
