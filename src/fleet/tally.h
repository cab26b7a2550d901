/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tally.h - distinct names counted as they come (models, families, advisories of a summary),
 * in memory that grows with the distinct names, not with the drives. */
#ifndef DC_TALLY_H
#define DC_TALLY_H

#include <stddef.h>
#include <stdint.h>

#include "dc_types.h"

/* One name of a list a summary prints, with how many drives it has. */
struct dc_summary_item {
	char name[DC_TEXT_LEN + 64];   /* a model string, "Vendor Family", "ADVISORY-ID: title" */
	unsigned drives;
};

struct dc_tally_entry {
	char *name;                   /* malloc'd */
	uint64_t hash;
	unsigned count;
};

/* An open-addressing hash table of names; zeroed is empty. */
struct dc_tally {
	struct dc_tally_entry *v;     /* cap slots, a NULL name is free */
	size_t cap, n;                /* slots, and names in them */
};

/* tally.c */
/* One more of name (copied). Returns 0 or -ENOMEM. */
int dc_tally_add(struct dc_tally *t, const char *name);
/* The max names with the most counts (ties by name, as strcmp orders them) into out;
 * *nout how many were written, *distinct how many names there are. Returns 0 or -ENOMEM. */
int dc_tally_top(const struct dc_tally *t, struct dc_summary_item *out, unsigned max,
		 unsigned *nout, unsigned *distinct);
/* Frees what t holds; t is empty again. */
void dc_tally_free(struct dc_tally *t);

#endif /* DC_TALLY_H */
