// SPDX-License-Identifier: GPL-2.0-or-later
/* source_rules.c - what each kind of source may prove: the database's rules of evidence. Pure. */
#include <ctype.h>
#include <fnmatch.h>
#include <string.h>
#include <strings.h>

#include "core/model.h"
#include "lookup/source_rules.h"

/*
 * docs/design.md, "What each kind of source may prove":
 *   vendor, review          any class
 *   device                  full (a capacitor attribute, vwc bit 0 = 0) and nothing
 *                           else: a drive's answers cannot show that protection is
 *                           absent, and a volatile cache says nothing of flushed data
 *   compilation             what the list says: OpenZFS's lists prove at least data at
 *                           rest, Vitastor's "with capacitors" full
 *   distributor, community  corroboration: two independent ones, never "full"
 *   an inferred "none"      for a client family only, when all three hold: a vendor or
 *                           review source places it in the vendor's client line
 *                           (client-line); no source of any kind claims protection; no
 *                           list of drives with protection read whole names it, and the
 *                           row cites each list at the commit read (not-listed). A
 *                           vendor's client feature list that names no PLP
 *                           (inferred-none) is a further ground, never enough alone.
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
		/* inferred-none, client-line and not-listed back "none" only together, by
		 * dc_infer_none(), never one by one */
		return claim == DC_CLAIM_NONE;
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
	if (s->claim == DC_CLAIM_CLIENT_LINE && s->kind != DC_SRC_VENDOR && s->kind != DC_SRC_REVIEW)
		return "only the vendor or a review places a family in the vendor's client line "
		       "(kind vendor or review)";
	if (s->claim == DC_CLAIM_NOT_LISTED && s->kind != DC_SRC_COMPILATION)
		return "not-listed cites a list of drives with power-loss protection read whole "
		       "(kind compilation)";
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

/* ---- "none" inferred for a client family ---- */

/* Makers that one list may name under another of their names. */
static const char *const maker_groups[][5] = {
	{ "CRUCIAL", "MICRON" },
	{ "INTEL", "SOLIDIGM" },
	{ "TOSHIBA", "KIOXIA", "OCZ" },
	{ "WD", "WDC", "WESTERN", "HGST", "SANDISK" },
	{ "SAMSUNG" },
	{ "KINGSTON" },
	{ "SEAGATE" },
	{ "HYNIX", "SK" },
};
#define NGROUPS (sizeof(maker_groups) / sizeof(maker_groups[0]))
#define WORDS_LEN 256

/* 1 + the group of a maker's word (upper case, len bytes), or 0 when not a maker. */
static unsigned maker_group(const char *w, size_t len)
{
	for (unsigned g = 0; g < NGROUPS; g++)
		for (unsigned i = 0; i < 5 && maker_groups[g][i]; i++)
			if (strlen(maker_groups[g][i]) == len && strncmp(maker_groups[g][i], w, len) == 0)
				return g + 1;
	return 0;
}

/* Upper case, every run of bytes that are not letters or digits one space, trimmed; with
 * glob on, '*', '?' stay. */
static void words(const char *in, char *out, size_t outlen, bool glob)
{
	size_t n = 0;
	bool gap = false;

	for (; *in && n + 2 < outlen; in++) {
		unsigned char c = (unsigned char)*in;

		if (isalnum(c) || (glob && (c == '*' || c == '?'))) {
			if (gap && n)
				out[n++] = ' ';
			gap = false;
			out[n++] = (char)toupper(c);
		} else {
			gap = true;
		}
	}
	out[n] = '\0';
}

/* Whether phrase stands as whole words in text (both as words() makes them). */
static bool has_phrase(const char *text, const char *phrase)
{
	size_t len = strlen(phrase);

	if (!len)
		return false;
	for (const char *p = strstr(text, phrase); p; p = strstr(p + 1, phrase))
		if ((p == text || p[-1] == ' ') && (p[len] == '\0' || p[len] == ' '))
			return true;
	return false;
}

/* The first word of a words() string's vendor field. */
static unsigned vendor_group_of(const char *vendor)
{
	char w[WORDS_LEN];

	words(vendor ? vendor : "", w, sizeof(w), false);
	return maker_group(w, strcspn(w, " "));
}

static bool name_names_family(const char *name, const struct dc_rule_family *f)
{
	char nw[WORDS_LEN], text[WORDS_LEN];
	const char *model = nw;
	unsigned group = 0, fgroup = vendor_group_of(f->vendor);

	words(name, nw, sizeof(nw), true);
	/* leading maker words: "INTEL SOLIDIGM D3 S4510" -> group Intel, model "D3 S4510" */
	for (;;) {
		size_t len = strcspn(model, " ");
		unsigned g = maker_group(model, len);

		if (!g || model[len] != ' ')
			break;
		if (!group)
			group = g;
		model += len + 1;
	}
	if (!*model || (group && fgroup && group != fgroup))
		return false;
	if (strpbrk(model, "*?")) {
		/* a glob on part numbers: try it on each example, with and without its maker */
		for (size_t i = 0; i < f->nexamples; i++) {
			char norm[WORDS_LEN];

			dc_model_normalize(f->examples[i], norm, sizeof(norm));
			if (dc_model_match(model, norm))
				return true;
		}
		return false;
	}
	words(f->family, text, sizeof(text), false);
	if (has_phrase(text, model))
		return true;
	for (size_t i = 0; i < f->nexamples; i++) {
		words(f->examples[i], text, sizeof(text), false);
		if (has_phrase(text, model))
			return true;
	}
	return false;
}

const char *dc_list_names_family(const struct dc_plp_list *l, const struct dc_rule_family *f)
{
	for (size_t i = 0; i < l->nnames; i++)
		if (name_names_family(l->names[i], f))
			return l->names[i];
	return NULL;
}

bool dc_claim_grounds_inference(enum dc_claim claim)
{
	return claim == DC_CLAIM_CLIENT_LINE || claim == DC_CLAIM_NOT_LISTED ||
	       claim == DC_CLAIM_INFERRED_NONE;
}

struct dc_inference dc_infer_none(const struct dc_rule_family *f, bool client,
				  const struct dc_rule_source *s, size_t n,
				  const struct dc_plp_list *lists, size_t nlists)
{
	struct dc_inference r = { .problem = DC_INFER_OK };
	bool placed = false;

	if (!client) {
		r.problem = DC_INFER_NOT_CLIENT;
		return r;
	}
	for (size_t i = 0; i < n; i++) {
		if (claims_protection(s[i].claim)) {
			r.problem = DC_INFER_CLAIMS_PROTECTION;
			r.source = i;
			return r;
		}
		placed |= s[i].claim == DC_CLAIM_CLIENT_LINE && !dc_source_claim_error(&s[i]);
	}
	if (!placed) {
		r.problem = DC_INFER_NO_CLIENT_LINE;
		return r;
	}
	if (!nlists) {
		r.problem = DC_INFER_NO_LISTS;
		return r;
	}
	for (size_t k = 0; k < nlists; k++) {
		bool cited = false;

		r.name = dc_list_names_family(&lists[k], f);
		if (r.name) {
			r.problem = DC_INFER_LISTED;
			r.list = k;
			return r;
		}
		for (size_t i = 0; i < n && !cited; i++)
			cited = s[i].claim == DC_CLAIM_NOT_LISTED && s[i].kind == DC_SRC_COMPILATION &&
				s[i].url && lists[k].url && strcmp(s[i].url, lists[k].url) == 0;
		if (!cited) {
			r.problem = DC_INFER_LIST_NOT_CITED;
			r.list = k;
			return r;
		}
	}
	return r;
}

const char *dc_inference_problem_text(enum dc_inference_problem p)
{
	switch (p) {
	case DC_INFER_OK:
		return "none may be inferred";
	case DC_INFER_NOT_CLIENT:
		return "none is inferred for client families only";
	case DC_INFER_NO_CLIENT_LINE:
		return "no vendor or review source places the family in the vendor's client line "
		       "(claim client-line)";
	case DC_INFER_CLAIMS_PROTECTION:
		return "a source claims power-loss protection for the family, and none may be "
		       "inferred only when no source of any kind does";
	case DC_INFER_NO_LISTS:
		return "no list of drives with power-loss protection to hold the family against "
		       "(dbbuild --list db/lists/*.txt)";
	case DC_INFER_LIST_NOT_CITED:
		return "the row does not cite a list of drives with power-loss protection at the "
		       "commit read (a source 'compilation not-listed' with the list's address)";
	case DC_INFER_LISTED:
		return "a list of drives with power-loss protection names the family";
	}
	return "?";
}

/* ---- firmware advisories (issue 22): what may back a known-defect advisory ---- */

/*
 * db/README.md, "Firmware advisories":
 *   vendor       its own bulletin, notice or release note (claim bulletin), or a vendor's
 *                document that relays another's (cites-bulletin): backs
 *   compilation  a maintained list that cites the vendor's bulletin (smartmontools'
 *                drivedb.h warnings, a checker's table that names it): backs
 *   review       a review or news article that cites the bulletin: backs only when the
 *                advisory names that bulletin and the fixed firmware
 *   distributor, community
 *                never, alone or together: a forum post or a shop is a lead, not a defect
 *   device       a drive's own answers show its firmware string, never a defect
 */

const char *dc_adv_facts_error(const struct dc_adv_facts *f)
{
	if (!f->names_bulletin)
		return "an advisory names the vendor's bulletin it rests on ('bulletin:')";
	return NULL;
}

const char *dc_adv_source_claim_error(const struct dc_adv_rule_source *s)
{
	if (s->claim == DC_ADV_CLAIM_BULLETIN && s->kind != DC_SRC_VENDOR)
		return "only the vendor's own document is a bulletin (kind vendor); a review, list "
		       "or post that relays it claims cites-bulletin";
	if (s->kind == DC_SRC_DEVICE && s->claim != DC_ADV_CLAIM_IDENTITY)
		return "a drive's own answers show its firmware string, not a defect: a device "
		       "source claims identity only";
	return NULL;
}

bool dc_adv_source_may_back(const struct dc_adv_rule_source *s, const struct dc_adv_facts *f)
{
	if (dc_adv_source_claim_error(s))
		return false;
	switch (s->kind) {
	case DC_SRC_VENDOR:
		return s->claim == DC_ADV_CLAIM_BULLETIN || s->claim == DC_ADV_CLAIM_CITES_BULLETIN;
	case DC_SRC_COMPILATION:
		return s->claim == DC_ADV_CLAIM_CITES_BULLETIN;
	case DC_SRC_REVIEW:
		return s->claim == DC_ADV_CLAIM_CITES_BULLETIN && f->names_bulletin && f->names_fixed;
	default:
		return false; /* community, distributor, device: never */
	}
}

unsigned dc_adv_backing(const struct dc_adv_rule_source *s, size_t n,
			const struct dc_adv_facts *f, bool *backs)
{
	unsigned count = 0;

	for (size_t i = 0; i < n; i++) {
		backs[i] = dc_adv_source_may_back(&s[i], f);
		count += backs[i];
	}
	return count;
}

const char *dc_adv_unbacked_reason(const struct dc_adv_rule_source *s, size_t n,
				   const struct dc_adv_facts *f)
{
	for (size_t i = 0; i < n; i++)
		if (dc_adv_source_may_back(&s[i], f))
			return NULL;
	for (size_t i = 0; i < n; i++)
		if (s[i].kind == DC_SRC_REVIEW && s[i].claim == DC_ADV_CLAIM_CITES_BULLETIN &&
		    !f->names_fixed)
			return "a review or news article backs an advisory only when it names the "
			       "vendor's bulletin and its fixed firmware: this advisory has no 'fixed:'";
	return "the advisory rests on no source that may back it: a vendor bulletin, or a "
	       "compilation or review that cites one (a forum post or a shop never does, alone "
	       "or together)";
}

/* ---- end of firmware advisories ---- */
