// SPDX-License-Identifier: GPL-2.0-or-later
/* name_search.c - finding drive families by the names admins use ("S4510", "870 EVO"). Pure. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "lookup/name_search.h"

/*
 * A model string is matched by the database's glob patterns (model.c). People also ask
 * for a family by its name or part of it: "PM883", "Samsung 883 DCT", "D3-S4610",
 * "Micron 5300". Both sides are cut into tokens of letters and digits, upper-cased; every
 * query token must be one of the family's tokens, or, when it has four characters or
 * more and a digit, lie inside one ("4510" in "P4510"). A vendor word in the query
 * ("Samsung", "WD") need not match, since vendors and brands mix (Intel and Solidigm,
 * WD and HGST), but it ranks the families whose vendor it names first.
 */

#define MAX_TOKENS 16
#define TOKEN_LEN  32

struct tokens {
	unsigned n;
	char t[MAX_TOKENS][TOKEN_LEN];
};

static void tokenize(const char *s, struct tokens *out)
{
	size_t len = 0;

	out->n = 0;
	for (;; s++) {
		bool word = *s && isalnum((unsigned char)*s);

		if (word && len + 1 < TOKEN_LEN && out->n < MAX_TOKENS)
			out->t[out->n][len++] = (char)toupper((unsigned char)*s);
		if (!word && len) {
			out->t[out->n++][len] = '\0';
			len = 0;
		}
		if (!*s)
			break;
	}
}

static const char *const vendor_words[] = {
	"SAMSUNG", "INTEL", "SOLIDIGM", "MICRON", "CRUCIAL", "WD", "WDC", "WESTERN", "DIGITAL",
	"HGST", "SANDISK", "KINGSTON", "KIOXIA", "TOSHIBA", "SEAGATE", "HPE", "HP", "DELL",
	"LENOVO", "SK", "HYNIX", "LITEON", "LITE", "ON",
};

static bool is_vendor_word(const char *t)
{
	for (size_t i = 0; i < sizeof(vendor_words) / sizeof(vendor_words[0]); i++)
		if (strcmp(t, vendor_words[i]) == 0)
			return true;
	return false;
}

static int token_score(const char *q, const struct tokens *fam);

/* A query token that names a maker, not a family: one of the makers admins type before a
 * model, or a word of this row's own vendor that its family does not hold ("PNY CS900"
 * asks for PNY's CS900: the row's family is "CS900", its vendor "PNY"). */
static bool names_vendor(const char *t, const struct tokens *vendor, const struct tokens *fam)
{
	return is_vendor_word(t) || (token_score(t, vendor) == 2 && !token_score(t, fam));
}

static bool has_digit(const char *t)
{
	for (; *t; t++)
		if (isdigit((unsigned char)*t))
			return true;
	return false;
}

/* 2: the query token is one of the family's; 1: it lies inside one; 0: neither. */
static int token_score(const char *q, const struct tokens *fam)
{
	int best = 0;

	for (unsigned i = 0; i < fam->n; i++) {
		if (strcmp(q, fam->t[i]) == 0)
			return 2;
		if (strlen(q) >= 4 && has_digit(q) && strstr(fam->t[i], q))
			best = 1;
	}
	return best;
}

int dc_name_score(const char *query, const char *vendor, const char *family)
{
	struct tokens q, f, v;
	int score = 0;
	unsigned named = 0;

	tokenize(query, &q);
	tokenize(family, &f);
	tokenize(vendor, &v);
	for (unsigned i = 0; i < q.n; i++) {
		int s = token_score(q.t[i], &f);

		if (names_vendor(q.t[i], &v, &f)) {
			score += token_score(q.t[i], &v) ? 1 : 0; /* ranks, never excludes */
			continue;
		}
		if (!s)
			return 0;
		named++;
		score += 2 * s;
	}
	if (!named)
		return 0; /* "Samsung" alone names no family: that is lookup --list --vendor */
	/* every token of the family named: the family itself, not a part of a name */
	if (named == f.n)
		score += 4;
	return score;
}

bool dc_name_is_whole(const char *query, const char *vendor, const char *family)
{
	struct tokens q, f, v;
	unsigned named = 0;

	tokenize(query, &q);
	tokenize(family, &f);
	tokenize(vendor, &v);
	for (unsigned i = 0; i < q.n; i++) {
		if (names_vendor(q.t[i], &v, &f))
			continue;
		if (token_score(q.t[i], &f) != 2)
			return false;
		named++;
	}
	return named && named == f.n;
}

/* Letters and digits only, upper-cased: "D3-S4610" -> "D3S4610". */
static size_t compact(const char *s, char *out, size_t len)
{
	size_t n = 0;

	for (; *s && n + 1 < len; s++)
		if (isalnum((unsigned char)*s))
			out[n++] = (char)toupper((unsigned char)*s);
	out[n] = '\0';
	return n;
}

/* Levenshtein distance, two rows: the strings are short (a family name). */
static unsigned edit_distance(const char *a, size_t la, const char *b, size_t lb)
{
	unsigned row[2][TOKEN_LEN * 4 + 1];

	if (la > TOKEN_LEN * 4 || lb > TOKEN_LEN * 4)
		return ~0u;
	for (size_t j = 0; j <= lb; j++)
		row[0][j] = (unsigned)j;
	for (size_t i = 1; i <= la; i++) {
		unsigned *cur = row[i & 1], *prev = row[(i - 1) & 1];

		cur[0] = (unsigned)i;
		for (size_t j = 1; j <= lb; j++) {
			unsigned del = prev[j] + 1, ins = cur[j - 1] + 1;
			unsigned sub = prev[j - 1] + (a[i - 1] != b[j - 1]);

			cur[j] = del < ins ? (del < sub ? del : sub) : (ins < sub ? ins : sub);
		}
	}
	return row[la & 1][lb];
}

unsigned dc_name_distance(const char *query, const char *vendor, const char *family)
{
	char q[TOKEN_LEN * 4 + 1], f[TOKEN_LEN * 4 + 1], vf[TOKEN_LEN * 4 + 1], both[256];
	size_t lq = compact(query, q, sizeof(q)), lf = compact(family, f, sizeof(f)), lvf;
	unsigned d1, d2;

	snprintf(both, sizeof(both), "%s %s", vendor, family);
	lvf = compact(both, vf, sizeof(vf));
	if (!lq)
		return ~0u;
	d1 = edit_distance(q, lq, f, lf);
	d2 = edit_distance(q, lq, vf, lvf);
	return d1 < d2 ? d1 : d2;
}

unsigned dc_name_distance_limit(const char *query)
{
	char q[TOKEN_LEN * 4 + 1];
	size_t n = compact(query, q, sizeof(q));

	/* a typo or two in a short name, a third of a long one */
	return n < 6 ? 1 : n < 9 ? 2 : (unsigned)(n / 3);
}
