// SPDX-License-Identifier: GPL-2.0-or-later
/* source_rules.c - what each kind of source may prove: the database's rules of evidence. Pure. */
#include <string.h>
#include <strings.h>

#include "source_rules.h"

/*
 * DESIGN.md, "The drive database: what may prove what":
 *   vendor, review          any class
 *   device                  full (a capacitor attribute, vwc bit 0 = 0) and nothing
 *                           else: a drive's answers cannot show that protection is
 *                           absent, and a volatile cache says nothing of flushed data
 *   compilation             what the list says: OpenZFS's lists prove at least data at
 *                           rest, Vitastor's "with capacitors" full
 *   distributor, community  corroboration: two independent ones, never "full"
 *   inferred-none           a vendor's own client feature list that names no PLP
 */

bool dc_source_is_openzfs_list(const char *url)
{
	return url && strcasestr(url, "openzfs") != NULL;
}

bool dc_claim_supports(enum dc_claim claim, enum dc_plp_class cls)
{
	switch (cls) {
	case DC_PLP_FULL:
		return claim == DC_CLAIM_FULL;
	case DC_PLP_DATA_AT_REST:
		return claim == DC_CLAIM_DATA_AT_REST;
	case DC_PLP_AT_LEAST_DATA_AT_REST:
		return claim == DC_CLAIM_FULL || claim == DC_CLAIM_DATA_AT_REST ||
		       claim == DC_CLAIM_AT_LEAST_DATA_AT_REST;
	case DC_PLP_NONE:
		return claim == DC_CLAIM_NONE || claim == DC_CLAIM_INFERRED_NONE;
	case DC_PLP_UNKNOWN:
		break;
	}
	return false;
}

static bool claims_protection(enum dc_claim c)
{
	return c == DC_CLAIM_FULL || c == DC_CLAIM_DATA_AT_REST || c == DC_CLAIM_AT_LEAST_DATA_AT_REST;
}

static bool claims_none(enum dc_claim c)
{
	return c == DC_CLAIM_NONE || c == DC_CLAIM_INFERRED_NONE;
}

bool dc_claim_contradicts(enum dc_claim claim, enum dc_plp_class cls)
{
	switch (cls) {
	case DC_PLP_FULL:
		return claims_none(claim) || claim == DC_CLAIM_DATA_AT_REST;
	case DC_PLP_DATA_AT_REST:
		return claims_none(claim) || claim == DC_CLAIM_FULL;
	case DC_PLP_AT_LEAST_DATA_AT_REST:
		return claims_none(claim);
	case DC_PLP_NONE:
		return claims_protection(claim);
	case DC_PLP_UNKNOWN:
		break;
	}
	return false;
}

const char *dc_source_claim_error(const struct dc_rule_source *s)
{
	if (dc_source_is_openzfs_list(s->url) &&
	    (s->claim == DC_CLAIM_FULL || s->claim == DC_CLAIM_DATA_AT_REST))
		return "an OpenZFS list proves at least data at rest, never more "
		       "(claim at-least-data-at-rest)";
	if (s->claim == DC_CLAIM_INFERRED_NONE && s->kind != DC_SRC_VENDOR)
		return "inferred-none rests on the vendor's own feature list (kind vendor)";
	if (s->kind == DC_SRC_DEVICE && (claims_none(s->claim) || s->claim == DC_CLAIM_DATA_AT_REST ||
					 s->claim == DC_CLAIM_AT_LEAST_DATA_AT_REST))
		return "a drive's own answers prove full PLP (a capacitor attribute, vwc bit 0 = 0) "
		       "or nothing: a volatile cache (vwc bit 0 = 1) says nothing of flushed data, "
		       "and no answer shows that protection is absent";
	return NULL;
}

static bool strong(enum dc_source_kind k)
{
	return k == DC_SRC_VENDOR || k == DC_SRC_DEVICE || k == DC_SRC_REVIEW ||
	       k == DC_SRC_COMPILATION;
}

bool dc_source_may_back(const struct dc_rule_source *s, enum dc_plp_class cls)
{
	return strong(s->kind) && !dc_source_claim_error(s) && dc_claim_supports(s->claim, cls);
}

/* The host part of an address, for "two independent sources": a pointer into url. */
static size_t host_of(const char *url, const char **host)
{
	const char *p = strstr(url ? url : "", "://");

	p = p ? p + 3 : (url ? url : "");
	if (strncasecmp(p, "www.", 4) == 0)
		p += 4;
	*host = p;
	return strcspn(p, "/:?#");
}

unsigned dc_family_backing(const struct dc_rule_source *s, size_t n, enum dc_plp_class cls,
			   bool *backs)
{
	unsigned count = 0;

	for (size_t i = 0; i < n; i++) {
		backs[i] = dc_source_may_back(&s[i], cls);
		count += backs[i];
	}
	if (count || cls == DC_PLP_FULL || cls == DC_PLP_UNKNOWN)
		return count;
	/* No strong source: two weak ones from different hosts may corroborate each other. */
	for (size_t i = 0; i < n; i++) {
		const char *hi, *hk;
		size_t li;

		if (strong(s[i].kind) || dc_source_claim_error(&s[i]) ||
		    !dc_claim_supports(s[i].claim, cls))
			continue;
		li = host_of(s[i].url, &hi);
		for (size_t k = 0; k < n; k++) {
			size_t lk;

			if (k == i || strong(s[k].kind) || dc_source_claim_error(&s[k]) ||
			    !dc_claim_supports(s[k].claim, cls))
				continue;
			lk = host_of(s[k].url, &hk);
			if (li != lk || strncasecmp(hi, hk, li) != 0) {
				backs[i] = true;
				break;
			}
		}
		count += backs[i];
	}
	return count;
}
