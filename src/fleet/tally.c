// SPDX-License-Identifier: GPL-2.0-or-later
/* tally.c - distinct names counted in an open-addressing hash table. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet/tally.h"

/* FNV-1a, 64 bits: names are short and few collide; a collision costs a strcmp. */
static uint64_t hash_of(const char *s)
{
	uint64_t h = 14695981039346656037ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

/* The slot of name, or the free one where it belongs (linear probing). */
static struct dc_tally_entry *slot_of(struct dc_tally_entry *v, size_t cap, const char *name,
				      uint64_t h)
{
	for (size_t i = h & (cap - 1);; i = (i + 1) & (cap - 1))
		if (!v[i].name || (v[i].hash == h && strcmp(v[i].name, name) == 0))
			return &v[i];
}

/* Twice the slots, so that at most half are used: probes stay short. */
static int grow(struct dc_tally *t)
{
	size_t cap = t->cap ? t->cap * 2 : 64;
	struct dc_tally_entry *v = calloc(cap, sizeof(*v));

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < t->cap; i++)
		if (t->v[i].name)
			*slot_of(v, cap, t->v[i].name, t->v[i].hash) = t->v[i];
	free(t->v);
	t->v = v;
	t->cap = cap;
	return 0;
}

int dc_tally_add(struct dc_tally *t, const char *name)
{
	uint64_t h = hash_of(name);
	struct dc_tally_entry *e;

	if ((t->n + 1) * 2 > t->cap && grow(t))
		return -ENOMEM;
	e = slot_of(t->v, t->cap, name, h);
	if (!e->name) {
		e->name = strdup(name);
		if (!e->name)
			return -ENOMEM;
		e->hash = h;
		e->count = 0;
		t->n++;
	}
	e->count++;
	return 0;
}

static int by_count(const void *a, const void *b)
{
	const struct dc_tally_entry *x = *(const struct dc_tally_entry *const *)a;
	const struct dc_tally_entry *y = *(const struct dc_tally_entry *const *)b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return strcmp(x->name, y->name);
}

int dc_tally_top(const struct dc_tally *t, struct dc_summary_item *out, unsigned max,
		 unsigned *nout, unsigned *distinct)
{
	const struct dc_tally_entry **all;
	size_t k = 0;

	*nout = *distinct = 0;
	if (!t->n)
		return 0;
	all = malloc(t->n * sizeof(*all));
	if (!all)
		return -ENOMEM;
	for (size_t i = 0; i < t->cap; i++)
		if (t->v[i].name)
			all[k++] = &t->v[i];
	qsort(all, k, sizeof(*all), by_count);
	*distinct = (unsigned)k;
	*nout = k < max ? (unsigned)k : max;
	for (unsigned i = 0; i < *nout; i++) {
		snprintf(out[i].name, sizeof(out[i].name), "%s", all[i]->name);
		out[i].drives = all[i]->count;
	}
	free(all);
	return 0;
}

void dc_tally_free(struct dc_tally *t)
{
	for (size_t i = 0; i < t->cap; i++)
		free(t->v[i].name);
	free(t->v);
	memset(t, 0, sizeof(*t));
}
