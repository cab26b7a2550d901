/* SPDX-License-Identifier: GPL-2.0-or-later */
/* name_search.h - finding drive families by the names admins use. Pure. */
#ifndef DC_NAME_SEARCH_H
#define DC_NAME_SEARCH_H

#include <stdbool.h>

/* name_search.c */
/* How well query names the family (vendor, family name): 0 not at all; higher is a
 * closer name (every query token a token of the family name ranks first). */
int dc_name_score(const char *query, const char *vendor, const char *family);
/* Whether the query, vendor words aside, is exactly the family's name token by token. */
bool dc_name_is_whole(const char *query, const char *vendor, const char *family);
/* Edit distance between the query and the family's name (with or without its vendor),
 * letters and digits only: for "did you mean" suggestions. */
unsigned dc_name_distance(const char *query, const char *vendor, const char *family);
/* The largest distance worth suggesting for this query. */
unsigned dc_name_distance_limit(const char *query);

#endif /* DC_NAME_SEARCH_H */
