/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json_alloc.h - cJSON's allocations watched, so that a tree built while one failed is
 * known to be incomplete instead of printed with keys missing. */
#ifndef DC_JSON_ALLOC_H
#define DC_JSON_ALLOC_H

#include <stddef.h>

#include <cjson/cJSON.h>

/*
 * cJSON reports an allocation that fails only where it happens: cJSON_Create* returns
 * NULL, cJSON_Add*ToObject returns NULL or false and the key is simply not there, and a
 * tree built of a thousand such calls looks whole. Every allocation cJSON makes goes
 * through its hooks (cJSON_InitHooks), so the hooks count the ones that fail, per thread:
 * a builder marks the count before it starts and asks after it ends whether it moved.
 * That holds for any call a builder makes, so no call site has to be checked on its own.
 */

/* json_alloc.c */
/* Installs the counting hooks, once per process (later calls do nothing); before any
 * thread uses cJSON, as cJSON_InitHooks must be. dc_json_alloc_mark() calls it too. */
void dc_json_alloc_watch(void);
/* The number of cJSON allocations that failed in this thread so far: a mark to compare. */
unsigned long dc_json_alloc_mark(void);
/* tree when no cJSON allocation of this thread failed since mark; else NULL, and tree
 * (incomplete) deleted. For: tree = dc_json_whole(mark, build(...)). */
cJSON *dc_json_whole(unsigned long mark, cJSON *tree);
/* The allocator under the counting hooks (tests make it fail); NULL, NULL: malloc and
 * free. Memory cJSON gives out (cJSON_Print's text) must then go back by cJSON_free. */
void dc_json_alloc_use(void *(*alloc)(size_t), void (*release)(void *));

#endif /* DC_JSON_ALLOC_H */
