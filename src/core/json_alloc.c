// SPDX-License-Identifier: GPL-2.0-or-later
/* json_alloc.c - cJSON's allocations counted where they fail (json_alloc.h says why). */
#include <pthread.h>
#include <stdlib.h>

#include "core/json_alloc.h"

static void *(*beneath_alloc)(size_t) = malloc;
static void (*beneath_release)(void *) = free;
/* per thread: a failure in another thread says nothing of the tree this one builds */
static _Thread_local unsigned long failed;
static pthread_once_t watching = PTHREAD_ONCE_INIT;

static void *counted_alloc(size_t size)
{
	void *p = beneath_alloc(size);

	if (!p)
		failed++;
	return p;
}

static void counted_release(void *p)
{
	beneath_release(p);
}

static void install(void)
{
	cJSON_Hooks hooks = { .malloc_fn = counted_alloc, .free_fn = counted_release };

	cJSON_InitHooks(&hooks);
}

void dc_json_alloc_watch(void)
{
	pthread_once(&watching, install);
}

unsigned long dc_json_alloc_mark(void)
{
	dc_json_alloc_watch();
	return failed;
}

cJSON *dc_json_whole(unsigned long mark, cJSON *tree)
{
	if (failed == mark)
		return tree;
	cJSON_Delete(tree);
	return NULL;
}

void dc_json_alloc_use(void *(*alloc)(size_t), void (*release)(void *))
{
	dc_json_alloc_watch();
	beneath_alloc = alloc ? alloc : malloc;
	beneath_release = release ? release : free;
}
