/* SPDX-License-Identifier: GPL-2.0-or-later */
/* source_rules.h - what each kind of source may prove (DESIGN.md), for the database build. Pure. */
#ifndef DC_SOURCE_RULES_H
#define DC_SOURCE_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "dc_types.h"

/* One source of a family, as the rules see it. */
struct dc_rule_source {
	enum dc_source_kind kind;
	enum dc_claim claim;
	const char *url;
};

/* source_rules.c */
/* The OpenZFS hardware lists admit drives that protect only flushed data: a claim
 * they carry can never be more than "at least data at rest". */
bool dc_source_is_openzfs_list(const char *url);
/* Whether a claim, taken as true, supports a family's class. */
bool dc_claim_supports(enum dc_claim claim, enum dc_plp_class cls);
/* Whether a claim says the opposite of a class (full against none, and so on). */
bool dc_claim_contradicts(enum dc_claim claim, enum dc_plp_class cls);
/* Whether this one source may back the class on its own. */
bool dc_source_may_back(const struct dc_rule_source *s, enum dc_plp_class cls);
/*
 * Marks in backs[] the sources that back the class: each source that may on its own,
 * and distributor or community sources only as a pair from two different hosts, never
 * for "full". Returns the number of backing sources.
 */
unsigned dc_family_backing(const struct dc_rule_source *s, size_t n, enum dc_plp_class cls,
			   bool *backs);
/* A source's claim that it may not make at all (an OpenZFS list saying "full", a
 * non-vendor "inferred-none"): a message for people, or NULL when the claim is fine. */
const char *dc_source_claim_error(const struct dc_rule_source *s);

#endif /* DC_SOURCE_RULES_H */
