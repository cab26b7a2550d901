/* SPDX-License-Identifier: GPL-2.0-or-later */
/* source_rules.h - what each kind of source may prove (docs/design.md), for the database build. Pure. */
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
 * non-vendor "inferred-none", a "client-line" from a shop): a message for people, or NULL
 * when the claim is fine. */
const char *dc_source_claim_error(const struct dc_rule_source *s);

/*
 * "none" inferred for a client family (docs/design.md, "What each kind of source may
 * prove"): a vendor or review source places the family in the vendor's client line; no source of any kind
 * claims power-loss protection for it; and no list of drives with protection, read whole,
 * names it. The lists (db/lists/) are OpenZFS's three lists (which include the client
 * families that have protection) and Vitastor's drives "with capacitors".
 */

/* A list of drives with power-loss protection, as read whole at one commit. */
struct dc_plp_list {
	const char *title;
	const char *url;                /* the file at the commit read: what rows cite */
	const char *const *names;       /* the drives it names, one a name, as it gives them */
	size_t nnames;
};

/* What the names test looks at: the family's maker and name and its real model strings. */
struct dc_rule_family {
	const char *vendor;
	const char *family;
	const char *const *examples;
	size_t nexamples;
};

/*
 * The name of the list that names the family, or NULL. A name is its maker's words
 * ("Intel/Solidigm", "Crucial") and a model ("D3-S4510", "MX300", "Optane",
 * "PX05SHB***"); it names the family when the maker is the family's (Crucial and Micron,
 * Intel and Solidigm, Toshiba and KIOXIA, WD, HGST and SanDisk count as one) or either is
 * not known, and the model stands as whole words in the family's name or in one of its
 * examples (a model with '*' or '?' is a glob on the examples). Case, '-', '_' and '/' do
 * not count. It errs towards "named": a name wrongly seen only withholds an inferred "none".
 */
const char *dc_list_names_family(const struct dc_plp_list *l, const struct dc_rule_family *f);

enum dc_inference_problem {
	DC_INFER_OK = 0,
	DC_INFER_NOT_CLIENT,            /* a datacenter family */
	DC_INFER_NO_CLIENT_LINE,        /* no vendor or review source says "client line" */
	DC_INFER_CLAIMS_PROTECTION,     /* a source (of any kind) claims protection */
	DC_INFER_NO_LISTS,              /* no list to hold the family against */
	DC_INFER_LIST_NOT_CITED,        /* the row does not cite a list at the commit read */
	DC_INFER_LISTED,                /* a list names the family */
};

struct dc_inference {
	enum dc_inference_problem problem;
	size_t source;                  /* CLAIMS_PROTECTION: the source that claims it */
	size_t list;                    /* LIST_NOT_CITED, LISTED: which list */
	const char *name;               /* LISTED: the list's name for the family */
};

/* Whether "none" may be inferred for a family of this class with these sources, held
 * against these lists: DC_INFER_OK, or the first rule that fails. */
struct dc_inference dc_infer_none(const struct dc_rule_family *f, bool client,
				  const struct dc_rule_source *s, size_t n,
				  const struct dc_plp_list *lists, size_t nlists);
/* What an inference that holds rests on: the client-line, not-listed and inferred-none
 * sources (a vendor's feature list that names no PLP). */
bool dc_claim_grounds_inference(enum dc_claim claim);
/* Why an inference fails, in words (without the details of struct dc_inference). */
const char *dc_inference_problem_text(enum dc_inference_problem p);

/* ---- firmware advisories (issue 22): source_rules.c, db/README.md ---- */

/* One source of an advisory, as the rules see it. */
struct dc_adv_rule_source {
	enum dc_source_kind kind;
	enum dc_adv_claim claim;
	const char *url;
};

/* What the advisory itself names, besides its sources. */
struct dc_adv_facts {
	bool names_bulletin;  /* a 'bulletin:' line: the vendor's document it rests on */
	bool names_fixed;     /* a 'fixed:' line: the firmware that fixes it */
};

/* An advisory that names too little to stand at all, or NULL. */
const char *dc_adv_facts_error(const struct dc_adv_facts *f);
/* A claim a source may not make (a "bulletin" that is not the vendor's): why, or NULL. */
const char *dc_adv_source_claim_error(const struct dc_adv_rule_source *s);
/* Whether this one source may back the advisory: a vendor bulletin; a vendor document or a
 * compilation citing one; a review citing one, when the advisory names the bulletin and the
 * fixed firmware. Distributor and community sources never do, however many. */
bool dc_adv_source_may_back(const struct dc_adv_rule_source *s, const struct dc_adv_facts *f);
/* Marks in backs[] the sources that back the advisory; returns how many. */
unsigned dc_adv_backing(const struct dc_adv_rule_source *s, size_t n,
			const struct dc_adv_facts *f, bool *backs);
/* Why no source backs the advisory (for people), or NULL when one does. */
const char *dc_adv_unbacked_reason(const struct dc_adv_rule_source *s, size_t n,
				   const struct dc_adv_facts *f);

/* ---- end of firmware advisories ---- */

#endif /* DC_SOURCE_RULES_H */
