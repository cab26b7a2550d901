/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json_skim.h - a JSON text checked as cJSON would parse it, and walked, without building a
 * tree: so that a file of a million values costs no memory to refuse or to read. */
#ifndef DC_JSON_SKIM_H
#define DC_JSON_SKIM_H

#include <stdbool.h>
#include <stddef.h>

/*
 * cJSON builds the whole document before anything can look at it: 2 MB of "[1,1,1,...]"
 * are a million nodes. The checker here follows cJSON 1.7's parser step for step (the same
 * grammar, the same nesting limit, the same number and escape rules) and stops where it
 * stops, so that an error names the byte cJSON would have named; but it keeps nothing.
 * A document it accepts is then walked member by member and element by element, and each
 * piece the reader wants is handed to cJSON alone (cJSON_ParseWithLength on its bytes).
 */

/* What dc_json_skim_element and _member say a value is, by its first byte. */
enum dc_json_kind {
	DC_JSON_KIND_NULL, DC_JSON_KIND_BOOL, DC_JSON_KIND_NUMBER, DC_JSON_KIND_STRING,
	DC_JSON_KIND_ARRAY, DC_JSON_KIND_OBJECT,
};

/* A value in the text: [start, end) bytes, and its kind. */
struct dc_json_piece {
	size_t start, end;
	enum dc_json_kind kind;
};

/* json_skim.c */
/*
 * text (len bytes and a NUL after them) as cJSON_ParseWithLengthOpts(text, len + 1, &end,
 * true) would take it. Returns true when cJSON would parse it, with *top the document's
 * value (after a UTF-8 byte order mark and spaces); else false with *stop the byte where
 * cJSON would stop (what it sets end to). member (may be NULL) is told of each member of
 * the top-level object as the check passes it, before the check is done: what it keeps is
 * for after a true answer.
 */
bool dc_json_skim_document(const char *text, size_t len, struct dc_json_piece *top,
			   size_t *stop,
			   void (*member)(void *ctx, const struct dc_json_piece *key,
					  const struct dc_json_piece *value), void *ctx);
/*
 * In a document dc_json_skim_document accepted: the elements of the array piece one by
 * one, *cursor 0 before the first. Gives the next element's start and kind, its end 0 (not
 * measured yet); then dc_json_skim_past measures it and moves *cursor past it, or, when
 * the caller knows where the element ends (cJSON parsed it), the caller sets value->end
 * before calling it. Returns false after the last.
 */
bool dc_json_skim_element(const char *text, size_t len, const struct dc_json_piece *array,
			  size_t *cursor, struct dc_json_piece *value);
void dc_json_skim_past(const char *text, size_t len, struct dc_json_piece *value, size_t *cursor);

#endif /* DC_JSON_SKIM_H */
