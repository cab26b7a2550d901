// SPDX-License-Identifier: GPL-2.0-or-later
/* dbbuild.c - builds the vendor files (db/vendors/NAME.txt), the firmware advisories
 * (db/advisories/NAME.txt) and the observed endurance (db/observed/NAME.tsv) into the SQLite
 * drive database, and checks it. */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <errno.h>
#include <fnmatch.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "lookup/advisory.h"
#include "lookup/db_row.h"
#include "device/ata/ata_attrs.h"
#include "core/model.h"
#include "core/names.h"
#include "lookup/source_rules.h"

/* A list of drives with power-loss protection (db/lists/NAME.txt), for inferred "none". */
struct plp_list_file {
	struct dc_plp_list list;
	char *text;                /* the file, cut in place into the strings below */
	const char *path;
	const char *names[512];
};

#define MAX_LISTS 8

struct builder {
	sqlite3 *db;
	sqlite3_stmt *ins_family, *ins_source, *ins_pattern, *ins_tbw, *ins_example;
	/* firmware advisories (issue 22) */
	sqlite3_stmt *ins_adv, *ins_adv_model, *ins_adv_fw, *ins_adv_cap, *ins_adv_src, *ins_adv_ex;
	/* observed endurance (issue 29) */
	sqlite3_stmt *ins_obs_src, *ins_obs, *obs_family, *obs_best, *obs_tbw, *obs_dup;
	sqlite3_int64 family_id;   /* the stanza being read, 0 before the first */
	const char *file;
	unsigned line;
	unsigned errors;
	bool attr_rules;           /* --attr-rules: hold src/device/ata/ata_attrs.c against the families */
	struct plp_list_file lists[MAX_LISTS]; /* --list */
	struct dc_plp_list list[MAX_LISTS];
	size_t nlists;
};

static void fail(struct builder *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(struct builder *b, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%u: ", b->file ? b->file : "dbbuild", b->line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	b->errors++;
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "re");
	char *buf = NULL;
	long len;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)len + 1);
		if (buf && fread(buf, 1, (size_t)len, f) != (size_t)len) {
			free(buf);
			buf = NULL;
		} else if (buf) {
			buf[len] = '\0';
		}
	}
	fclose(f);
	return buf;
}

static int prepare(struct builder *b, const char *sql, sqlite3_stmt **st)
{
	if (sqlite3_prepare_v2(b->db, sql, -1, st, NULL) != SQLITE_OK) {
		fprintf(stderr, "dbbuild: %s: %s\n", sql, sqlite3_errmsg(b->db));
		return -1;
	}
	return 0;
}

static int step_done(struct builder *b, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	if (rc != SQLITE_DONE) {
		fail(b, "%s", sqlite3_errmsg(b->db));
		return -1;
	}
	return 0;
}

/* The family columns a stanza sets, by key, in the order of the INSERT below. */
static const char *const family_keys[] = {
	"vendor", "family", "interface", "form_factor", "class", "plp", "plp_note", "dwpd",
	"warranty_years", "dispute", "endurance_note",
};
enum { K_VENDOR, K_FAMILY, K_INTERFACE, K_FORM, K_CLASS, K_PLP, K_NOTE, K_DWPD, K_WARRANTY,
       K_DISPUTE, K_ENDURANCE_NOTE, K_PLP_INFERRED /* computed, not a key */ };
#define NFAMILY_KEYS (sizeof(family_keys) / sizeof(family_keys[0]))

struct stanza {
	const char *val[NFAMILY_KEYS + 1]; /* the keys, then K_PLP_INFERRED */
	unsigned line;
	/* children are inserted once the family row exists */
	unsigned nchild;
	struct { const char *key; char *val; unsigned line; } child[256];
};

/* One parsed "source:" line: KIND CLAIM | title | address [| revision [| where]]. */
struct source_line {
	struct dc_rule_source rule;
	const char *title, *revision, *where;
	unsigned line;
	bool backs;
};

#define MAX_SOURCES 64

static void stanza_clear(struct stanza *s)
{
	for (size_t i = 0; i <= NFAMILY_KEYS; i++)
		s->val[i] = NULL;
	s->nchild = 0;
}

static bool is_number(const char *s)
{
	char *end;

	errno = 0;
	(void)strtod(s, &end);
	return !errno && end != s && *end == '\0';
}

static void insert_child(struct builder *b, const char *key, char *val)
{
	if (strcmp(key, "match") == 0) {
		sqlite3_bind_int64(b->ins_pattern, 1, b->family_id);
		sqlite3_bind_text(b->ins_pattern, 2, val, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int(b->ins_pattern, 3, (int)dc_model_pattern_weight(val));
		step_done(b, b->ins_pattern);
	} else if (strcmp(key, "tbw") == 0) {
		char *sp = strrchr(val, ' ');
		if (!sp || !is_number(sp + 1)) {
			fail(b, "tbw: expected 'PATTERN TB'");
			return;
		}
		*sp = '\0';
		sqlite3_bind_int64(b->ins_tbw, 1, b->family_id);
		sqlite3_bind_text(b->ins_tbw, 2, val, -1, SQLITE_TRANSIENT);
		sqlite3_bind_double(b->ins_tbw, 3, strtod(sp + 1, NULL));
		sqlite3_bind_int(b->ins_tbw, 4, (int)dc_model_pattern_weight(val));
		step_done(b, b->ins_tbw);
	} else if (strcmp(key, "example") == 0) {
		sqlite3_bind_int64(b->ins_example, 1, b->family_id);
		sqlite3_bind_text(b->ins_example, 2, val, -1, SQLITE_TRANSIENT);
		step_done(b, b->ins_example);
	}
}

static char *trim(char *s);

/*
 * Splits a source line in place: field[0] becomes the kind, *claim the claim, field[1..]
 * title, address, revision, where. Returns the number of fields, or -1 after saying what
 * is wrong. (Family and advisory sources share the layout, not the claims.)
 */
static int split_source(struct builder *b, char *val, char *field[5], char **claim,
			const char *example)
{
	char *p = val, *sp;
	unsigned n = 0;

	/* A separator is a '|' with white space (or the line's end) on both sides, so an
	 * empty field ("| |") is a field and a '|' inside a regex in a title is not. */
	while (p && n < 5) {
		char *bar = p;

		while ((bar = strchr(bar, '|')) != NULL &&
		       !((bar == val || isspace((unsigned char)bar[-1])) &&
			 (!bar[1] || isspace((unsigned char)bar[1]))))
			bar++;
		if (bar)
			*bar = '\0';
		field[n++] = trim(p);
		p = bar ? bar + 1 : NULL;
	}
	if (p || n < 3) {
		fail(b, "source: expected 'KIND CLAIM | title | address [| revision [| where]]'");
		return -1;
	}
	sp = strchr(field[0], ' ');
	if (!sp) {
		fail(b, "source: the first field is 'KIND CLAIM', e.g. '%s'", example);
		return -1;
	}
	*sp++ = '\0';
	*claim = trim(sp);
	return (int)n;
}

/* Splits a source line in place. Returns 0, or -1 after saying what is wrong. */
static int parse_source(struct builder *b, char *val, struct source_line *out)
{
	char *field[5] = { 0 }, *sp;
	int n = split_source(b, val, field, &sp, "vendor full");

	if (n < 0)
		return -1;
	memset(out, 0, sizeof(*out));
	if (dc_source_kind_from_name(field[0], &out->rule.kind) || out->rule.kind == DC_SRC_NONE ||
	    out->rule.kind == DC_SRC_MEASURED) {
		fail(b, "source: unknown kind '%s' (vendor, device, review, compilation, "
		     "distributor, community)", field[0]);
		return -1;
	}
	if (dc_claim_from_name(sp, &out->rule.claim)) {
		fail(b, "source: unknown claim '%s' (full, data-at-rest, at-least-data-at-rest, none, "
		     "inferred-none, endurance, identity)", sp);
		return -1;
	}
	out->title = field[1];
	out->rule.url = field[2];
	out->revision = n > 3 && *field[3] && strcmp(field[3], "-") ? field[3] : NULL;
	out->where = n > 4 && *field[4] && strcmp(field[4], "-") ? field[4] : NULL;
	out->line = b->line;
	{
		/* what a look-up keeps of it (struct dc_db_source): nothing is cut unsaid */
		const struct dc_db_source *z = NULL;
		const size_t max[] = { 0, sizeof(z->title), sizeof(z->url), sizeof(z->revision),
				       sizeof(z->where) };
		static const char *const what[] = { "", "title", "address", "revision", "where" };

		for (int f = 1; f < n; f++)
			if (strlen(field[f]) >= max[f]) {
				fail(b, "source: the %s is longer than %zu characters", what[f],
				     max[f] - 1);
				return -1;
			}
	}
	return 0;
}

/* The list given with --list whose address is url, or NULL. */
static const struct dc_plp_list *list_at(const struct builder *b, const char *url)
{
	for (size_t k = 0; k < b->nlists; k++)
		if (url && strcmp(b->list[k].url, url) == 0)
			return &b->list[k];
	return NULL;
}

/* The stanza as the names test sees it: maker, name and examples. */
static struct dc_rule_family rule_family(const struct stanza *s, const char **ex, size_t max)
{
	struct dc_rule_family f = { .vendor = s->val[K_VENDOR], .family = s->val[K_FAMILY],
				    .examples = ex };

	for (unsigned i = 0; i < s->nchild && f.nexamples < max; i++)
		if (strcmp(s->child[i].key, "example") == 0)
			ex[f.nexamples++] = s->child[i].val;
	return f;
}

/* Why "none" may not be inferred, with the details, as one failure at the right line. */
static void fail_inference(struct builder *b, const struct stanza *s, const struct source_line *src,
			   const struct dc_inference *inf, const char *lead)
{
	const char *why = dc_inference_problem_text(inf->problem);

	b->line = s->line;
	switch (inf->problem) {
	case DC_INFER_CLAIMS_PROTECTION:
		b->line = src[inf->source].line;
		fail(b, "%s: %s (this source: %s %s)", lead, why,
		     dc_source_kind_name(src[inf->source].rule.kind),
		     dc_claim_name(src[inf->source].rule.claim));
		break;
	case DC_INFER_LIST_NOT_CITED:
		fail(b, "%s: %s: %s <%s>", lead, why, b->list[inf->list].title, b->list[inf->list].url);
		break;
	case DC_INFER_LISTED:
		fail(b, "%s: %s: %s lists '%s'", lead, why, b->list[inf->list].title, inf->name);
		break;
	default:
		fail(b, "%s: %s", lead, why);
		break;
	}
}

/*
 * The rules of evidence (db/README.md, "What may prove what"): a claim a source may not
 * make, a class no source backs, a class contradicted without a dispute line, an
 * "unknown" row whose sources do back a class, and "none" inferred for a client family
 * only when all its grounds hold.
 */
static void check_sources(struct builder *b, struct stanza *s, struct source_line *src,
			  unsigned n, enum dc_plp_class cls)
{
	static const enum dc_plp_class classes[] = {
		DC_PLP_FULL, DC_PLP_DATA_AT_REST, DC_PLP_AT_LEAST_DATA_AT_REST, DC_PLP_NONE,
	};
	struct dc_rule_source rules[MAX_SOURCES] = { 0 };
	bool backs[MAX_SOURCES], inferred = false;
	bool client = s->val[K_CLASS] && strcmp(s->val[K_CLASS], "client") == 0;
	const char *examples[256];
	struct dc_rule_family fam = rule_family(s, examples, 256);
	struct dc_inference inf = { 0 };
	unsigned nback;

	for (unsigned i = 0; i < n; i++) {
		const char *why = dc_source_claim_error(&src[i].rule);

		rules[i] = src[i].rule;
		b->line = src[i].line;
		if (why)
			fail(b, "source claims %s: %s", dc_claim_name(src[i].rule.claim), why);
		if (src[i].rule.claim == DC_CLAIM_INFERRED_NONE && !client)
			fail(b, "inferred-none is for client families only");
		if (src[i].rule.claim == DC_CLAIM_CLIENT_LINE && !client)
			fail(b, "a source places the family in the client line, the row says "
			     "'class: %s'", s->val[K_CLASS] ? s->val[K_CLASS] : "(none)");
		if (src[i].rule.claim == DC_CLAIM_NOT_LISTED && !why) {
			const struct dc_plp_list *l = list_at(b, src[i].rule.url);
			const char *name = l ? dc_list_names_family(l, &fam) : NULL;

			if (!l)
				fail(b, "source claims not-listed, but its address is no list given to "
				     "the build (db/lists/, dbbuild --list): %s", src[i].rule.url);
			else if (name)
				fail(b, "source claims not-listed, but %s names the family ('%s')",
				     l->title, name);
		}
	}
	b->line = s->line;
	nback = dc_family_backing(rules, n, cls, backs);
	if (cls == DC_PLP_NONE && !nback) {
		/* No source says "none" outright: it may only be inferred (docs/design.md). */
		inf = dc_infer_none(&fam, client, rules, n, b->list, b->nlists);
		if (inf.problem) {
			fail_inference(b, s, src, &inf, "plp: none rests on no source that says so, "
				       "and may not be inferred");
		} else {
			inferred = true;
			for (unsigned i = 0; i < n; i++) {
				backs[i] = dc_claim_grounds_inference(rules[i].claim) &&
					   !dc_source_claim_error(&rules[i]);
				nback += backs[i];
			}
			if (!s->val[K_NOTE] || strncmp(s->val[K_NOTE], "inferred: ", 10) != 0)
				fail(b, "plp: none is inferred, and the row says so: a 'plp_note: "
				     "inferred: ...' saying what it rests on");
		}
	} else if (cls != DC_PLP_UNKNOWN && !nback) {
		fail(b, "plp: %s rests on no source that may prove it (distributor and community "
		     "sources only corroborate; an OpenZFS list proves at least data at rest)",
		     dc_plp_name(cls));
	}
	for (unsigned i = 0; i < n; i++) {
		src[i].backs = backs[i];
		if (!s->val[K_DISPUTE] && src[i].rule.kind >= DC_SRC_COMPILATION &&
		    dc_claim_contradicts(src[i].rule.claim, cls)) {
			b->line = src[i].line;
			fail(b, "source says %s, the row says %s: resolve it, or say why the row "
			     "stands in a 'dispute:' line", dc_claim_name(src[i].rule.claim),
			     dc_plp_name(cls));
		}
	}
	b->line = s->line;
	if (cls == DC_PLP_UNKNOWN) {
		for (size_t c = 0; c < sizeof(classes) / sizeof(classes[0]); c++)
			if (dc_family_backing(rules, n, classes[c], backs))
				fail(b, "plp: unknown, but its sources back '%s'",
				     dc_plp_name(classes[c]));
		inf = dc_infer_none(&fam, client, rules, n, b->list, b->nlists);
		if (!inf.problem)
			fail(b, "plp: unknown, but its sources ground an inferred 'none' (a client-line "
			     "source, every list cited and none names it): say 'plp: none'");
	}
	s->val[K_PLP_INFERRED] = inferred ? "1" : "0";
}

static void insert_sources(struct builder *b, const struct source_line *src, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		sqlite3_stmt *st = b->ins_source;

		b->line = src[i].line;
		sqlite3_bind_int64(st, 1, b->family_id);
		sqlite3_bind_text(st, 2, dc_source_kind_name(src[i].rule.kind), -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, dc_claim_name(src[i].rule.claim), -1, SQLITE_STATIC);
		sqlite3_bind_int(st, 4, (int)src[i].rule.kind);
		sqlite3_bind_int(st, 5, src[i].backs);
		sqlite3_bind_text(st, 6, src[i].title, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(st, 7, src[i].rule.url, -1, SQLITE_TRANSIENT);
		if (src[i].revision)
			sqlite3_bind_text(st, 8, src[i].revision, -1, SQLITE_TRANSIENT);
		if (src[i].where)
			sqlite3_bind_text(st, 9, src[i].where, -1, SQLITE_TRANSIENT);
		step_done(b, st);
	}
}

static void stanza_flush(struct builder *b, struct stanza *s)
{
	struct source_line *src = NULL;
	enum dc_plp_class cls = DC_PLP_UNKNOWN;
	unsigned saved = b->line, nsrc = 0;

	if (!s->line)
		return;
	b->line = s->line;
	src = calloc(MAX_SOURCES, sizeof(*src));
	if (!src) {
		fail(b, "out of memory");
		goto out;
	}
	if (s->val[K_PLP] && dc_plp_from_name(s->val[K_PLP], &cls))
		fail(b, "plp: unknown class '%s'", s->val[K_PLP]);
	for (unsigned i = 0; i < s->nchild; i++) {
		if (strcmp(s->child[i].key, "source") != 0)
			continue;
		b->line = s->child[i].line;
		if (nsrc >= MAX_SOURCES)
			fail(b, "more than %d sources", MAX_SOURCES);
		else if (parse_source(b, s->child[i].val, &src[nsrc]) == 0)
			nsrc++;
	}
	check_sources(b, s, src, nsrc, cls);
	b->line = s->line;
	/* what drivecheck keeps of it (struct dc_db_row): nothing is cut unsaid */
	{
		const struct dc_db_row *z = NULL;
		const struct { unsigned key; size_t max; } lens[] = {
			{ K_VENDOR, sizeof(z->vendor) }, { K_FAMILY, sizeof(z->family) },
			{ K_INTERFACE, sizeof(z->interface) }, { K_FORM, sizeof(z->form_factor) },
			{ K_CLASS, sizeof(z->drive_class) }, { K_NOTE, sizeof(z->plp_note) },
			{ K_DISPUTE, sizeof(z->dispute) },
			{ K_ENDURANCE_NOTE, sizeof(z->endurance_note) },
		};

		for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++)
			if (s->val[lens[i].key] && strlen(s->val[lens[i].key]) >= lens[i].max)
				fail(b, "%s: longer than %zu characters", family_keys[lens[i].key],
				     lens[i].max - 1);
	}
	for (size_t i = 0; i < NFAMILY_KEYS; i++) {
		const char *v = s->val[i];
		const char *k = family_keys[i];

		if (!v)
			sqlite3_bind_null(b->ins_family, (int)i + 1);
		else if ((strcmp(k, "dwpd") == 0 || strcmp(k, "warranty_years") == 0)) {
			if (!is_number(v))
				fail(b, "%s: not a number: %s", k, v);
			sqlite3_bind_double(b->ins_family, (int)i + 1, strtod(v, NULL));
		} else
			sqlite3_bind_text(b->ins_family, (int)i + 1, v, -1, SQLITE_TRANSIENT);
	}
	sqlite3_bind_text(b->ins_family, NFAMILY_KEYS + 1, b->file, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(b->ins_family, NFAMILY_KEYS + 2, (int)s->line);
	sqlite3_bind_int(b->ins_family, NFAMILY_KEYS + 3, s->val[K_PLP_INFERRED][0] == '1');
	if (step_done(b, b->ins_family) == 0) {
		b->family_id = sqlite3_last_insert_rowid(b->db);
		insert_sources(b, src, nsrc);
		for (unsigned i = 0; i < s->nchild; i++) {
			b->line = s->child[i].line;
			insert_child(b, s->child[i].key, s->child[i].val);
		}
	}
out:
	free(src);
	b->line = saved;
	stanza_clear(s);
	s->line = 0;
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* ---- firmware advisories (issue 22): db/advisories/NAME.txt, db/README.md ---- */

#define ADV_MAX_LINES 64

struct adv_stanza {
	unsigned line;                  /* of 'advisory:', 0 when none is open */
	const char *id, *vendor, *title, *bulletin, *interface, *effect, *effect_note, *hours,
		   *hours_note, *fixed;
	unsigned nmodel, naffected, nnot, ncap, nsrc, nex;
	const char *model[DC_ADV_MAX_PATTERNS], *affected[DC_ADV_MAX_PATTERNS],
		   *not_affected[DC_ADV_MAX_PATTERNS];
	double cap_gb[DC_ADV_MAX_CAPACITIES];
	struct { char *val; unsigned line; } src[ADV_MAX_LINES], ex[ADV_MAX_LINES];
	unsigned model_line[DC_ADV_MAX_PATTERNS];
};

static void adv_clear(struct adv_stanza *a)
{
	memset(a, 0, sizeof(*a));
}

/* A pattern or firmware string written as the normaliser would leave it. */
static bool adv_in_normal_form(const char *pat, char *norm, size_t len)
{
	dc_model_normalize(pat, norm, len);
	return strcmp(norm, pat) == 0;
}

/* Firmware is listed by its own strings, never by an ordering across vendors' naming. */
static bool adv_looks_like_ordering(const char *pat)
{
	return strchr("<>=+", pat[0]) || strstr(pat, "..") || strcasestr(pat, " or later") ||
	       strcasestr(pat, "prior") || strcasestr(pat, "before");
}

static void adv_pattern(struct builder *b, const char *key, const char *val, const char **list,
			unsigned *n, unsigned *lines)
{
	char norm[DC_TEXT_LEN * 2];

	if (*n >= DC_ADV_MAX_PATTERNS) {
		fail(b, "%s: more than %d", key, DC_ADV_MAX_PATTERNS);
		return;
	}
	if (strlen(val) >= DC_NAME_LEN)
		fail(b, "%s: '%s' is longer than %d characters", key, val, DC_NAME_LEN - 1);
	if (!adv_in_normal_form(val, norm, sizeof(norm)))
		fail(b, "%s: '%s' is not in the normal form drives are matched in (src/core/model.c): "
		     "write '%s'", key, val, norm);
	if (strcmp(key, "model") != 0 && adv_looks_like_ordering(val))
		fail(b, "%s: '%s': list this advisory's own firmware strings or globs of them "
		     "('HPD[0-7]'), never an ordering ('< HPD8'): vendors' naming does not compare",
		     key, val);
	if (lines)
		lines[*n] = b->line;
	list[(*n)++] = val;
}

/* "1.92 TB", "960 GB" -> decimal GB; -1 when it is neither. */
static double adv_capacity_gb(const char *val)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(val, &end);
	if (errno || end == val || v <= 0)
		return -1;
	while (*end == ' ')
		end++;
	if (strcasecmp(end, "GB") == 0)
		return v;
	if (strcasecmp(end, "TB") == 0)
		return v * 1000;
	return -1;
}

/* One line of an advisory stanza. Returns false for a key advisories do not have. */
static bool adv_key(struct builder *b, struct adv_stanza *a, const char *key, char *val)
{
	static const char *const singles[] = {
		"vendor", "title", "bulletin", "interface", "effect", "effect_note", "hours",
		"hours_note", "fixed",
	};
	const char **slot[] = {
		&a->vendor, &a->title, &a->bulletin, &a->interface, &a->effect, &a->effect_note,
		&a->hours, &a->hours_note, &a->fixed,
	};

	for (size_t i = 0; i < sizeof(singles) / sizeof(singles[0]); i++) {
		if (strcmp(key, singles[i]) == 0) {
			if (*slot[i])
				fail(b, "%s: given twice", key);
			*slot[i] = val;
			return true;
		}
	}
	if (strcmp(key, "model") == 0) {
		adv_pattern(b, key, val, a->model, &a->nmodel, a->model_line);
	} else if (strcmp(key, "affected") == 0) {
		adv_pattern(b, key, val, a->affected, &a->naffected, NULL);
	} else if (strcmp(key, "not_affected") == 0) {
		adv_pattern(b, key, val, a->not_affected, &a->nnot, NULL);
	} else if (strcmp(key, "capacity") == 0) {
		double gb = adv_capacity_gb(val);

		if (gb <= 0)
			fail(b, "capacity: expected 'NUMBER GB' or 'NUMBER TB', not '%s'", val);
		else if (a->ncap >= DC_ADV_MAX_CAPACITIES)
			fail(b, "capacity: more than %d", DC_ADV_MAX_CAPACITIES);
		else
			a->cap_gb[a->ncap++] = gb;
	} else if (strcmp(key, "source") == 0 || strcmp(key, "example") == 0) {
		bool src = key[0] == 's';
		unsigned *n = src ? &a->nsrc : &a->nex;

		if (*n >= ADV_MAX_LINES) {
			fail(b, "%s: more than %d", key, ADV_MAX_LINES);
		} else {
			(src ? a->src : a->ex)[*n].val = val;
			(src ? a->src : a->ex)[*n].line = b->line;
			(*n)++;
		}
	} else {
		return false;
	}
	return true;
}

static void adv_rule(const struct adv_stanza *a, struct dc_adv_rule *r)
{
	memset(r, 0, sizeof(*r));
	r->models = a->model;
	r->nmodels = a->nmodel;
	r->affected = a->affected;
	r->naffected = a->naffected;
	r->not_affected = a->not_affected;
	r->nnot_affected = a->nnot;
	r->fixed = a->fixed;
	r->capacities_gb = a->cap_gb;
	r->ncapacities = a->ncap;
	r->hours = a->hours ? strtoll(a->hours, NULL, 10) : 0;
}

/* One parsed "example:" line: MODEL | FIRMWARE | CAPACITY | hit or clear | where seen. */
struct adv_example {
	const char *model, *firmware, *seen;
	unsigned long long capacity;
	bool hit;
};

static int adv_parse_example(struct builder *b, char *val, struct adv_example *e)
{
	char *field[5] = { 0 }, *p = val, *end;
	unsigned n = 0;

	while (p && n < 5) {
		char *bar = strstr(p, " | ");

		if (bar)
			*bar = '\0';
		field[n++] = trim(p);
		p = bar ? bar + 3 : NULL;
	}
	if (p || n != 5 || !field[0][0] || !field[1][0] || !field[4][0]) {
		fail(b, "example: expected 'MODEL | FIRMWARE | CAPACITY BYTES or - | hit or clear | "
		     "where it was seen, or synthetic'");
		return -1;
	}
	e->model = field[0];
	e->firmware = field[1];
	e->seen = field[4];
	e->capacity = 0;
	if (strcmp(field[2], "-") != 0) {
		errno = 0;
		e->capacity = strtoull(field[2], &end, 10);
		if (errno || *end || !e->capacity) {
			fail(b, "example: capacity '%s' is not a number of bytes (or '-')", field[2]);
			return -1;
		}
	}
	if (strcmp(field[3], "hit") != 0 && strcmp(field[3], "clear") != 0) {
		fail(b, "example: '%s': say 'hit' (the advisory must flag it) or 'clear'", field[3]);
		return -1;
	}
	e->hit = field[3][0] == 'h';
	return 0;
}

static void adv_flush(struct builder *b, struct adv_stanza *a)
{
	struct dc_adv_rule_source rs[ADV_MAX_LINES];
	struct source_line sl[ADV_MAX_LINES];
	struct adv_example ex[ADV_MAX_LINES];
	struct dc_adv_facts facts;
	struct dc_adv_rule rule;
	bool backs[ADV_MAX_LINES], used[DC_ADV_MAX_PATTERNS] = { 0 };
	enum dc_adv_effect effect;
	unsigned saved = b->line, errors = b->errors, nsrc = 0, nex = 0, hits = 0;
	sqlite3_int64 id;
	const char *why;

	if (!a->line)
		return;
	b->line = a->line;
	if (!a->id[0] || strspn(a->id, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-") != strlen(a->id))
		fail(b, "advisory: '%s': an id of upper-case letters, digits, '.' and '-'", a->id);
	if (!a->vendor)
		fail(b, "advisory %s: no 'vendor:'", a->id);
	if (!a->title)
		fail(b, "advisory %s: no 'title:'", a->id);
	if (!a->effect_note)
		fail(b, "advisory %s: no 'effect_note:' (what happens, in our own words)", a->id);
	if (!a->effect || dc_adv_effect_from_name(a->effect, &effect))
		fail(b, "effect: want data-loss, drive-loss, hang, performance or other, not '%s'",
		     a->effect ? a->effect : "(none)");
	if (a->interface && strcmp(a->interface, "sata") && strcmp(a->interface, "sas") &&
	    strcmp(a->interface, "nvme"))
		fail(b, "interface: sata, sas or nvme, not '%s'", a->interface);
	if (a->hours) {
		char *end;
		long long h;

		errno = 0;
		h = strtoll(a->hours, &end, 10);
		if (errno || *end || h <= 0 || h > 1000000)
			fail(b, "hours: the power-on hours of the failure point, a whole number, not '%s'",
			     a->hours);
	}
	/* what drivecheck keeps of each (struct dc_advisory): nothing is cut unsaid */
	{
		const struct { const char *key, *val; size_t max; } lens[] = {
			{ "advisory", a->id, sizeof(((struct dc_advisory *)0)->id) },
			{ "vendor", a->vendor, sizeof(((struct dc_advisory *)0)->vendor) },
			{ "title", a->title, sizeof(((struct dc_advisory *)0)->title) },
			{ "bulletin", a->bulletin, sizeof(((struct dc_advisory *)0)->bulletin) },
			{ "effect_note", a->effect_note, sizeof(((struct dc_advisory *)0)->effect_note) },
			{ "hours_note", a->hours_note, sizeof(((struct dc_advisory *)0)->hours_note) },
			{ "fixed", a->fixed, sizeof(((struct dc_advisory *)0)->fixed) },
		};

		for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++)
			if (lens[i].val && strlen(lens[i].val) >= lens[i].max)
				fail(b, "%s: longer than %zu characters", lens[i].key, lens[i].max - 1);
	}
	if (!a->nmodel)
		fail(b, "advisory %s: no 'model:'", a->id);
	if (!a->naffected)
		fail(b, "advisory %s: no 'affected:' firmware", a->id);
	facts.names_bulletin = a->bulletin != NULL;
	facts.names_fixed = a->fixed != NULL;
	why = dc_adv_facts_error(&facts);
	if (why)
		fail(b, "advisory %s: %s", a->id, why);
	adv_rule(a, &rule);
	if (a->fixed) {
		char norm[DC_TEXT_LEN * 2];

		if (!adv_in_normal_form(a->fixed, norm, sizeof(norm)))
			fail(b, "fixed: '%s' is not in normal form: write '%s'", a->fixed, norm);
		else if (strpbrk(a->fixed, "*?["))
			fail(b, "fixed: '%s': the firmware to install, one string (later releases: "
			     "'not_affected:' globs)", a->fixed);
		/* the lists must not contradict the fix: a glob that covers it needs a
		 * not_affected glob that leaves it out again */
		for (size_t i = 0; i < a->naffected; i++) {
			bool out = false;

			for (size_t k = 0; k < a->nnot; k++)
				out |= fnmatch(a->not_affected[k], a->fixed, 0) == 0;
			if (fnmatch(a->affected[i], a->fixed, 0) == 0 && !out)
				fail(b, "fixed: %s falls under 'affected: %s', and no 'not_affected:' "
				     "leaves it out", a->fixed, a->affected[i]);
		}
	}
	/* sources: the rules of evidence (src/lookup/source_rules.c) */
	for (unsigned i = 0; i < a->nsrc; i++) {
		char *field[5] = { 0 }, *claim;
		int n;

		b->line = a->src[i].line;
		n = split_source(b, a->src[i].val, field, &claim, "vendor bulletin");
		if (n < 0)
			continue;
		memset(&sl[nsrc], 0, sizeof(sl[nsrc]));
		if (dc_source_kind_from_name(field[0], &rs[nsrc].kind) ||
		    rs[nsrc].kind == DC_SRC_NONE || rs[nsrc].kind == DC_SRC_MEASURED) {
			fail(b, "source: unknown kind '%s' (vendor, device, review, compilation, "
			     "distributor, community)", field[0]);
			continue;
		}
		if (dc_adv_claim_from_name(claim, &rs[nsrc].claim)) {
			fail(b, "source: unknown claim '%s' for an advisory (bulletin, cites-bulletin, "
			     "report, identity)", claim);
			continue;
		}
		rs[nsrc].url = field[2];
		why = dc_adv_source_claim_error(&rs[nsrc]);
		if (why)
			fail(b, "source claims %s: %s", dc_adv_claim_name(rs[nsrc].claim), why);
		{
			const struct dc_adv_source *z = NULL;
			const size_t max[] = { 0, sizeof(z->title), sizeof(z->url), sizeof(z->revision),
					       sizeof(z->where) };
			static const char *const what[] = { "", "title", "address", "revision", "where" };

			for (int f = 1; f < n; f++)
				if (strlen(field[f]) >= max[f])
					fail(b, "source: the %s is longer than %zu characters", what[f],
					     max[f] - 1);
		}
		sl[nsrc].title = field[1];
		sl[nsrc].rule.url = field[2];
		sl[nsrc].revision = n > 3 && *field[3] && strcmp(field[3], "-") ? field[3] : NULL;
		sl[nsrc].where = n > 4 && *field[4] && strcmp(field[4], "-") ? field[4] : NULL;
		sl[nsrc].line = b->line;
		nsrc++;
	}
	b->line = a->line;
	if (!a->nsrc)
		fail(b, "advisory %s: no source", a->id);
	else if (!dc_adv_backing(rs, nsrc, &facts, backs) && nsrc == a->nsrc)
		fail(b, "advisory %s: %s", a->id, dc_adv_unbacked_reason(rs, nsrc, &facts));
	/* examples: what the advisory must flag, and what it must leave alone */
	for (unsigned i = 0; i < a->nex; i++) {
		enum dc_adv_match m;
		long long left;
		bool known;
		char norm[DC_TEXT_LEN * 2];

		b->line = a->ex[i].line;
		if (adv_parse_example(b, a->ex[i].val, &ex[nex]))
			continue;
		m = dc_adv_match(&rule, ex[nex].model, ex[nex].firmware, ex[nex].capacity, -1, &left,
				 &known);
		if (ex[nex].hit && m != DC_ADV_AFFECTED)
			fail(b, "example %s / %s: the advisory must flag it, and %s", ex[nex].model,
			     ex[nex].firmware, m == DC_ADV_NO_MATCH ?
			     "no model pattern matches (or the capacity is not one it names)" :
			     "its firmware is not among the affected");
		if (!ex[nex].hit && m == DC_ADV_AFFECTED)
			fail(b, "example %s / %s: marked clear, yet the advisory flags it",
			     ex[nex].model, ex[nex].firmware);
		hits += ex[nex].hit && m == DC_ADV_AFFECTED;
		dc_model_normalize(ex[nex].model, norm, sizeof(norm));
		for (unsigned k = 0; k < a->nmodel; k++)
			used[k] |= dc_model_match(a->model[k], norm);
		nex++;
	}
	b->line = a->line;
	if (!hits)
		fail(b, "advisory %s: no example it flags ('example: MODEL | FIRMWARE | - | hit | "
		     "where seen')", a->id);
	for (unsigned k = 0; k < a->nmodel; k++) {
		if (!used[k] && strpbrk(a->model[k], "*?[")) {
			b->line = a->model_line[k];
			fail(b, "model: %s matches none of the advisory's examples", a->model[k]);
		}
	}
	b->line = a->line;
	if (b->errors != errors)
		goto out;
	/* insert */
	sqlite3_bind_text(b->ins_adv, 1, a->id, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(b->ins_adv, 2, a->vendor, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(b->ins_adv, 3, a->title, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(b->ins_adv, 4, a->bulletin, -1, SQLITE_TRANSIENT);
	if (a->interface)
		sqlite3_bind_text(b->ins_adv, 5, a->interface, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(b->ins_adv, 6, a->effect, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(b->ins_adv, 7, a->effect_note, -1, SQLITE_TRANSIENT);
	if (a->hours)
		sqlite3_bind_int64(b->ins_adv, 8, rule.hours);
	if (a->hours_note)
		sqlite3_bind_text(b->ins_adv, 9, a->hours_note, -1, SQLITE_TRANSIENT);
	if (a->fixed)
		sqlite3_bind_text(b->ins_adv, 10, a->fixed, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(b->ins_adv, 11, b->file, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(b->ins_adv, 12, (int)a->line);
	if (step_done(b, b->ins_adv))
		goto out;
	id = sqlite3_last_insert_rowid(b->db);
	for (unsigned i = 0; i < a->nmodel; i++) {
		sqlite3_bind_int64(b->ins_adv_model, 1, id);
		sqlite3_bind_text(b->ins_adv_model, 2, a->model[i], -1, SQLITE_TRANSIENT);
		step_done(b, b->ins_adv_model);
	}
	for (unsigned pass = 0; pass < 2; pass++) {
		const char *const *list = pass ? a->not_affected : a->affected;
		unsigned n = pass ? a->nnot : a->naffected;

		for (unsigned i = 0; i < n; i++) {
			sqlite3_bind_int64(b->ins_adv_fw, 1, id);
			sqlite3_bind_text(b->ins_adv_fw, 2, list[i], -1, SQLITE_TRANSIENT);
			sqlite3_bind_int(b->ins_adv_fw, 3, !pass);
			step_done(b, b->ins_adv_fw);
		}
	}
	for (unsigned i = 0; i < a->ncap; i++) {
		sqlite3_bind_int64(b->ins_adv_cap, 1, id);
		sqlite3_bind_double(b->ins_adv_cap, 2, a->cap_gb[i]);
		step_done(b, b->ins_adv_cap);
	}
	for (unsigned i = 0; i < nsrc; i++) {
		sqlite3_stmt *st = b->ins_adv_src;

		sqlite3_bind_int64(st, 1, id);
		sqlite3_bind_text(st, 2, dc_source_kind_name(rs[i].kind), -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, dc_adv_claim_name(rs[i].claim), -1, SQLITE_STATIC);
		sqlite3_bind_int(st, 4, (int)rs[i].kind);
		sqlite3_bind_int(st, 5, backs[i]);
		sqlite3_bind_text(st, 6, sl[i].title, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(st, 7, sl[i].rule.url, -1, SQLITE_TRANSIENT);
		if (sl[i].revision)
			sqlite3_bind_text(st, 8, sl[i].revision, -1, SQLITE_TRANSIENT);
		if (sl[i].where)
			sqlite3_bind_text(st, 9, sl[i].where, -1, SQLITE_TRANSIENT);
		step_done(b, st);
	}
	for (unsigned i = 0; i < nex; i++) {
		sqlite3_stmt *st = b->ins_adv_ex;

		sqlite3_bind_int64(st, 1, id);
		sqlite3_bind_text(st, 2, ex[i].model, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(st, 3, ex[i].firmware, -1, SQLITE_TRANSIENT);
		if (ex[i].capacity)
			sqlite3_bind_int64(st, 4, (sqlite3_int64)ex[i].capacity);
		sqlite3_bind_int(st, 5, ex[i].hit);
		sqlite3_bind_text(st, 6, ex[i].seen, -1, SQLITE_TRANSIENT);
		step_done(b, st);
	}
out:
	b->line = saved;
	adv_clear(a);
}

/* ---- end of firmware advisories ---- */

static void load_vendor_file(struct builder *b, const char *path)
{
	static const char *const child_keys[] = { "source", "match", "tbw", "example" };
	struct stanza *s = calloc(1, sizeof(*s));
	struct adv_stanza *adv = calloc(1, sizeof(*adv)); /* firmware advisories (issue 22) */
	char *text = read_file(path), *line, *next;

	b->file = path;
	b->line = 0;
	if (!text || !s || !adv) {
		fail(b, "cannot read: %s", strerror(errno));
		goto out;
	}
	for (line = text; line; line = next) {
		char *colon, *key, *val;
		bool known = false;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		b->line++;
		key = trim(line);
		if (!*key || *key == '#')
			continue;
		colon = strchr(key, ':');
		if (!colon) {
			fail(b, "expected 'key: value'");
			continue;
		}
		*colon = '\0';
		key = trim(key);
		val = trim(colon + 1);
		if (!*val) {
			fail(b, "%s: empty value", key);
			continue;
		}
		/* firmware advisories (issue 22): an 'advisory:' stanza runs to the next
		 * 'advisory:' or 'family:' */
		if (strcmp(key, "advisory") == 0) {
			stanza_flush(b, s);
			adv_flush(b, adv);
			adv->line = b->line;
			adv->id = val;
			continue;
		}
		if (adv->line && strcmp(key, "family") != 0) {
			if (!adv_key(b, adv, key, val))
				fail(b, "unknown key '%s' in an advisory", key);
			continue;
		}
		if (strcmp(key, "family") == 0) {
			adv_flush(b, adv);
			stanza_flush(b, s);
			s->line = b->line;
		} else if (!s->line) {
			fail(b, "%s: before the first 'family:' or 'advisory:'", key);
			continue;
		}
		for (size_t i = 0; i < NFAMILY_KEYS; i++) {
			if (strcmp(key, family_keys[i]) == 0) {
				if (s->val[i])
					fail(b, "%s: given twice", key);
				s->val[i] = val;
				known = true;
			}
		}
		for (size_t i = 0; !known && i < sizeof(child_keys) / sizeof(child_keys[0]); i++) {
			if (strcmp(key, child_keys[i]) == 0) {
				if (s->nchild >= sizeof(s->child) / sizeof(s->child[0])) {
					fail(b, "too many lines in one stanza");
				} else {
					s->child[s->nchild].key = child_keys[i];
					s->child[s->nchild].val = val;
					s->child[s->nchild].line = b->line;
					s->nchild++;
				}
				known = true;
			}
		}
		if (!known)
			fail(b, "unknown key '%s'", key);
	}
	stanza_flush(b, s);
	adv_flush(b, adv);
out:
	free(adv);
	free(s);
	free(text);
	b->file = NULL;
}

/* ---- observed endurance (issue 29): db/observed/NAME.tsv, db/README.md ---- */

/* The table's columns, in its order (tools/observed_endurance.py writes them). */
static const char *const obs_columns[] = {
	"vendor", "family", "capacity_bytes", "drives", "dw_p25", "dw_median", "dw_p75",
	"wear_median", "wrapped", "model",
};
#define OBS_NCOLUMNS (sizeof(obs_columns) / sizeof(obs_columns[0]))
enum { O_VENDOR, O_FAMILY, O_CAPACITY, O_DRIVES, O_P25, O_MEDIAN, O_P75, O_WEAR, O_WRAPPED,
       O_MODEL };

/* What the table's header says of its source: the corpus, its commit, licence, tool, date. */
struct obs_source {
	const char *title, *url, *revision, *licence, *tool, *date;
};

/* A whole number written in decimal digits alone, into *v. */
static bool obs_whole(const char *s, unsigned long long *v)
{
	char *end;

	if (!isdigit((unsigned char)s[0]))
		return false;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return !errno && !*end;
}

/* "NAME, http..." into the corpus's title and address; "commit SHA, ..." into its revision;
 * "... is LICENCE (address); ..." into the licence; "TOOL version N (...)" into the tool. */
static void obs_header_line(char *text, struct obs_source *o)
{
	char *v, *cut;

	if (strncmp(text, "corpus: ", 8) == 0 && (cut = strstr(text, ", http"))) {
		*cut = '\0';
		o->title = trim(text + 8);
		o->url = trim(cut + 2);
	} else if (strncmp(text, "commit ", 7) == 0) {
		if ((cut = strchr(text, ',')))
			*cut = '\0';
		o->revision = trim(text);
	} else if (strncmp(text, "licence: ", 9) == 0) {
		v = text + 9;
		if (strncmp(v, "the corpus is ", 14) == 0)
			v += 14;
		if ((cut = strpbrk(v, "(;")))
			*cut = '\0';
		o->licence = trim(v);
	} else if (strncmp(text, "tool: ", 6) == 0) {
		v = text + 6;
		if ((cut = strchr(v, '(')))
			*cut = '\0';
		o->tool = trim(v);
	} else if (strncmp(text, "date: ", 6) == 0) {
		o->date = trim(text + 6);
	}
}

/* The statement's one integer, or 0 when it gives no row. */
static sqlite3_int64 step_int(struct builder *b, sqlite3_stmt *st)
{
	sqlite3_int64 v = 0;
	int rc = sqlite3_step(st);

	if (rc == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	else if (rc != SQLITE_DONE)
		fail(b, "%s", sqlite3_errmsg(b->db));
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return v;
}

/* One row of the table, its fields cut in place; the families are in the database already. */
static void obs_row(struct builder *b, char **f, sqlite3_int64 source_id)
{
	unsigned long long cap = 0, n[OBS_NCOLUMNS] = { 0 };
	sqlite3_int64 family_id, best;
	unsigned errors = b->errors;
	double tbw = 0;

	sqlite3_bind_text(b->obs_family, 1, f[O_VENDOR], -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(b->obs_family, 2, f[O_FAMILY], -1, SQLITE_TRANSIENT);
	family_id = step_int(b, b->obs_family);
	if (!family_id) {
		fail(b, "no family '%s' of vendor '%s' in the vendor files (vendor and family as "
		     "spelt there)", f[O_FAMILY], f[O_VENDOR]);
		return;
	}
	if (strcmp(f[O_CAPACITY], "-") != 0) {
		size_t len = strlen(f[O_CAPACITY]);

		if (!obs_whole(f[O_CAPACITY], &cap) || !cap || f[O_CAPACITY][0] == '0' ||
		    (len > 3 && strspn(f[O_CAPACITY] + 3, "0") != len - 3))
			fail(b, "capacity_bytes: '%s': '-' (the whole family), or bytes to three "
			     "significant digits (960000000000)", f[O_CAPACITY]);
	}
	for (unsigned c = O_DRIVES; c <= O_WRAPPED; c++)
		if (!obs_whole(f[c], &n[c]))
			fail(b, "%s: '%s' is not a whole number", obs_columns[c], f[c]);
	if (b->errors != errors)
		return;
	if (n[O_DRIVES] < 5)
		fail(b, "drives: %llu: a row rests on at least 5 drives", n[O_DRIVES]);
	if (!(n[O_P25] <= n[O_MEDIAN] && n[O_MEDIAN] <= n[O_P75]) || !n[O_MEDIAN])
		fail(b, "dw_p25 %llu, dw_median %llu, dw_p75 %llu: quartiles in order, the median "
		     "above 0", n[O_P25], n[O_MEDIAN], n[O_P75]);
	if (n[O_WEAR] > 255)
		fail(b, "wear_median: %llu%% is past what an indicator reads (255)", n[O_WEAR]);
	if (n[O_WRAPPED] > n[O_DRIVES])
		fail(b, "wrapped: %llu of %llu drives", n[O_WRAPPED], n[O_DRIVES]);
	if (strlen(f[O_MODEL]) >= sizeof(((struct dc_observed_endurance *)0)->model))
		fail(b, "model: longer than %zu characters",
		     sizeof(((struct dc_observed_endurance *)0)->model) - 1);
	/* the model is the family's own: a row's TBW is found by it, and a drive by it */
	sqlite3_bind_text(b->obs_best, 1, f[O_MODEL], -1, SQLITE_TRANSIENT);
	best = step_int(b, b->obs_best);
	if (best != family_id)
		fail(b, "model '%s' is not the family's: %s", f[O_MODEL], best ?
		     "its best match in the database is another family" : "no pattern matches it");
	sqlite3_bind_int64(b->obs_dup, 1, family_id);
	if (cap)
		sqlite3_bind_int64(b->obs_dup, 2, (sqlite3_int64)cap);
	if (step_int(b, b->obs_dup))
		fail(b, "%s %s, %s: a second row for the same family and capacity", f[O_VENDOR],
		     f[O_FAMILY], f[O_CAPACITY]);
	if (b->errors != errors)
		return;
	sqlite3_bind_int64(b->obs_tbw, 1, family_id);
	sqlite3_bind_text(b->obs_tbw, 2, f[O_MODEL], -1, SQLITE_TRANSIENT);
	if (sqlite3_step(b->obs_tbw) == SQLITE_ROW)
		tbw = sqlite3_column_double(b->obs_tbw, 0);
	sqlite3_reset(b->obs_tbw);
	sqlite3_clear_bindings(b->obs_tbw);
	sqlite3_bind_int64(b->ins_obs, 1, family_id);
	sqlite3_bind_int64(b->ins_obs, 2, source_id);
	if (cap)
		sqlite3_bind_int64(b->ins_obs, 3, (sqlite3_int64)cap);
	for (unsigned c = O_DRIVES; c <= O_WRAPPED; c++)
		sqlite3_bind_int64(b->ins_obs, 4 + (int)(c - O_DRIVES), (sqlite3_int64)n[c]);
	sqlite3_bind_text(b->ins_obs, 10, f[O_MODEL], -1, SQLITE_TRANSIENT);
	if (tbw > 0)
		sqlite3_bind_double(b->ins_obs, 11, tbw);
	sqlite3_bind_int(b->ins_obs, 12, (int)b->line);
	step_done(b, b->ins_obs);
}

/*
 * An observed endurance table (db/README.md, "Observed endurance"): '#' lines, among them
 * the source (corpus, commit, licence, tool, date), then the header row, then one row per
 * family and per family and capacity. Read after the vendor files: every row names one.
 */
static void load_observed_file(struct builder *b, const char *path)
{
	char *text = read_file(path), *line, *next, *f[OBS_NCOLUMNS + 1];
	struct obs_source o = { 0 };
	sqlite3_int64 source_id = 0;
	bool header = false;

	b->file = path;
	b->line = 0;
	if (!text) {
		fail(b, "cannot read: %s", strerror(errno));
		return;
	}
	for (line = text; line; line = next) {
		unsigned nf = 0;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		b->line++;
		if (line[0] == '#') {
			if (!header)
				obs_header_line(trim(line + 1), &o);
			continue;
		}
		if (!*trim(line))
			continue;
		for (char *p = line; p && nf <= OBS_NCOLUMNS; ) {
			f[nf++] = p;
			p = strchr(p, '\t');
			if (p)
				*p++ = '\0';
		}
		if (nf != OBS_NCOLUMNS) {
			fail(b, "want %zu columns separated by tabs (%s, ...)", OBS_NCOLUMNS,
			     obs_columns[0]);
			continue;
		}
		if (!header) {
			for (unsigned c = 0; c < OBS_NCOLUMNS; c++)
				if (strcmp(f[c], obs_columns[c]) != 0)
					fail(b, "column %u is '%s', want '%s'", c + 1, f[c],
					     obs_columns[c]);
			header = true;
			if (!o.title || !o.url || strncmp(o.url, "http", 4) != 0 || !o.revision ||
			    !o.licence || !*o.licence || !o.tool || !o.date) {
				fail(b, "the header names its source: '# corpus: NAME, http...', "
				     "'#   commit SHA', '# licence: ...', '# tool: ...', '# date: ...'");
				break;
			}
			sqlite3_bind_text(b->ins_obs_src, 1, o.title, -1, SQLITE_TRANSIENT);
			sqlite3_bind_text(b->ins_obs_src, 2, o.url, -1, SQLITE_TRANSIENT);
			sqlite3_bind_text(b->ins_obs_src, 3, o.revision, -1, SQLITE_TRANSIENT);
			sqlite3_bind_text(b->ins_obs_src, 4, o.licence, -1, SQLITE_TRANSIENT);
			sqlite3_bind_text(b->ins_obs_src, 5, o.tool, -1, SQLITE_TRANSIENT);
			sqlite3_bind_text(b->ins_obs_src, 6, o.date, -1, SQLITE_TRANSIENT);
			sqlite3_bind_text(b->ins_obs_src, 7, path, -1, SQLITE_TRANSIENT);
			if (step_done(b, b->ins_obs_src))
				break;
			source_id = sqlite3_last_insert_rowid(b->db);
			continue;
		}
		obs_row(b, f, source_id);
	}
	if (!header)
		fail(b, "no header row (%s, %s, ...)", obs_columns[0], obs_columns[1]);
	free(text);
	b->file = NULL;
}

/* ---- end of observed endurance ---- */

/*
 * A list of drives with power-loss protection (db/README.md, "Lists"): 'list:' its title,
 * 'url:' the file at the commit read, 'revision:', 'where:', then one 'name:' a drive as
 * the list names it.
 */
static void load_list_file(struct builder *b, const char *path)
{
	struct plp_list_file *lf;
	char *line, *next;

	b->file = path;
	b->line = 0;
	if (b->nlists >= MAX_LISTS) {
		fail(b, "more than %d lists", MAX_LISTS);
		return;
	}
	lf = &b->lists[b->nlists];
	lf->path = path;
	lf->text = read_file(path);
	if (!lf->text) {
		fail(b, "cannot read: %s", strerror(errno));
		return;
	}
	lf->list.names = lf->names;
	for (line = lf->text; line; line = next) {
		char *colon, *key, *val;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		b->line++;
		key = trim(line);
		if (!*key || *key == '#')
			continue;
		colon = strchr(key, ':');
		if (!colon) {
			fail(b, "expected 'key: value'");
			continue;
		}
		*colon = '\0';
		key = trim(key);
		val = trim(colon + 1);
		if (!*val)
			fail(b, "%s: empty value", key);
		else if (strcmp(key, "list") == 0)
			lf->list.title = val;
		else if (strcmp(key, "url") == 0)
			lf->list.url = val;
		else if (strcmp(key, "revision") == 0 || strcmp(key, "where") == 0)
			; /* for people: the rows cite them */
		else if (strcmp(key, "name") != 0)
			fail(b, "unknown key '%s' (list, url, revision, where, name)", key);
		else if (lf->list.nnames >= sizeof(lf->names) / sizeof(lf->names[0]))
			fail(b, "too many names");
		else
			lf->names[lf->list.nnames++] = val;
	}
	b->line = 0;
	if (!lf->list.title || !lf->list.url || strncmp(lf->list.url, "http", 4) != 0 ||
	    !lf->list.nnames) {
		fail(b, "a list needs 'list:', 'url: http...' and at least one 'name:'");
		return;
	}
	for (size_t k = 0; k < b->nlists; k++)
		if (strcmp(b->list[k].url, lf->list.url) == 0)
			fail(b, "a list of this address is already given: %s", b->lists[k].path);
	b->list[b->nlists++] = lf->list;
	b->file = NULL;
}

/* SQL function dc_match(pattern, model): the one matcher drivecheck itself uses. */
static void sql_dc_match(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const char *pat = (const char *)sqlite3_value_text(argv[0]);
	const char *model = (const char *)sqlite3_value_text(argv[1]);
	char norm[256];

	(void)argc;
	if (!pat || !model) {
		sqlite3_result_int(ctx, 0);
		return;
	}
	dc_model_normalize(model, norm, sizeof(norm));
	sqlite3_result_int(ctx, dc_model_match(pat, norm));
}

/* Runs a query whose every row is a problem, printing each with the given prefix. */
static unsigned report_rows(struct builder *b, const char *what, const char *sql)
{
	sqlite3_stmt *st;
	unsigned n = 0;

	if (prepare(b, sql, &st))
		return 1;
	while (sqlite3_step(st) == SQLITE_ROW) {
		fprintf(stderr, "%s:%d: %s: %s\n", sqlite3_column_text(st, 0), sqlite3_column_int(st, 1),
			what, sqlite3_column_text(st, 2));
		n++;
	}
	sqlite3_finalize(st);
	return n;
}

static unsigned check_attr_rules(struct builder *b);

/* The soundness checks of `make db-check` (db/README.md). */
static unsigned check_database(struct builder *b)
{
	unsigned n = 0;

	n += report_rows(b, "no source",
		"SELECT file, line, family FROM family f WHERE NOT EXISTS "
		"(SELECT 1 FROM source s WHERE s.family_id = f.id)");
	n += report_rows(b, "a family of this name is already in the files",
		"SELECT f.file, f.line, f.vendor || ' ' || f.family FROM family f WHERE EXISTS "
		"(SELECT 1 FROM family g WHERE g.vendor = f.vendor AND g.family = f.family "
		"AND g.id < f.id)");
	n += report_rows(b, "no match pattern",
		"SELECT file, line, family FROM family f WHERE NOT EXISTS "
		"(SELECT 1 FROM pattern p WHERE p.family_id = f.id)");
	n += report_rows(b, "no example",
		"SELECT file, line, family FROM family f WHERE NOT EXISTS "
		"(SELECT 1 FROM example e WHERE e.family_id = f.id)");
	n += report_rows(b, "pattern matches none of its examples",
		"SELECT f.file, f.line, p.pattern FROM pattern p JOIN family f ON f.id = p.family_id "
		"WHERE NOT EXISTS (SELECT 1 FROM example e WHERE e.family_id = f.id "
		"AND dc_match(p.pattern, e.model))");
	n += report_rows(b, "example matches none of its patterns",
		"SELECT f.file, f.line, e.model FROM example e JOIN family f ON f.id = e.family_id "
		"WHERE NOT EXISTS (SELECT 1 FROM pattern p WHERE p.family_id = f.id "
		"AND dc_match(p.pattern, e.model))");
	/* For every known model string, the best-weighted matches must agree on PLP and
	 * the best match of an example must be its own family (or one that agrees). */
	n += report_rows(b, "contradicting PLP for the best matches of",
		"WITH m AS (SELECT model FROM example UNION SELECT model FROM known_model), "
		"hit AS (SELECT m.model, p.weight, f.plp FROM m JOIN pattern p "
		"ON dc_match(p.pattern, m.model) JOIN family f ON f.id = p.family_id), "
		"best AS (SELECT model, max(weight) AS w FROM hit GROUP BY model) "
		"SELECT 'db/vendors', 0, h.model FROM hit h JOIN best ON best.model = h.model "
		"AND h.weight = best.w GROUP BY h.model HAVING count(DISTINCT h.plp) > 1");
	n += report_rows(b, "example's best match is another family with another PLP class",
		"WITH hit AS (SELECT e.family_id AS own, e.model, p.weight, f.id AS fid, f.plp "
		"FROM example e JOIN pattern p ON dc_match(p.pattern, e.model) "
		"JOIN family f ON f.id = p.family_id), "
		"best AS (SELECT own, model, max(weight) AS w FROM hit GROUP BY own, model) "
		"SELECT f.file, f.line, h.model FROM hit h JOIN best b ON b.own = h.own "
		"AND b.model = h.model AND h.weight = b.w JOIN family f ON f.id = h.own "
		"WHERE h.plp != f.plp");
	/* observed endurance (issue 29) */
	n += report_rows(b, "a capacity row without its family's row (capacity_bytes -)",
		"SELECT s.file, o.line, f.vendor || ' ' || f.family FROM observed_endurance o "
		"JOIN family f ON f.id = o.family_id JOIN observed_source s ON s.id = o.source_id "
		"WHERE o.capacity_bytes IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "
		"observed_endurance w WHERE w.family_id = o.family_id AND w.capacity_bytes IS NULL)");
	n += report_rows(b, "rated and observed endurance differ more than tenfold",
		"SELECT f.file, f.line, printf('%s %s%s: its drives took %d full-drive writes "
		"(the median of %d drives, %s line %d), the rating gives %.0f (%s), %.1fx %s: "
		"correct the row, or say why in an ''endurance_note:'' line', f.vendor, f.family, "
		"CASE WHEN r.capacity_bytes IS NULL THEN '' ELSE printf(', %g GB', "
		"r.capacity_bytes / 1e9) END, r.dw_median, r.drives, s.file, o.line, r.rated_dw, "
		"r.rated_by, max(r.dw_median / r.rated_dw, r.rated_dw / r.dw_median), "
		"CASE WHEN r.dw_median > r.rated_dw THEN 'more' ELSE 'less' END) "
		"FROM observed_vs_rated r JOIN family f ON f.id = r.family_id "
		"JOIN observed_endurance o ON o.rowid = r.observed_id "
		"JOIN observed_source s ON s.id = o.source_id "
		"WHERE r.rated_dw IS NOT NULL AND f.endurance_note IS NULL "
		"AND (r.dw_median > 10 * r.rated_dw OR 10 * r.dw_median < r.rated_dw) "
		"ORDER BY f.id, r.capacity_bytes");
	if (b->attr_rules)
		n += check_attr_rules(b);
	return n;
}

/*
 * The model-family knowledge of src/device/ata/ata_attrs.c (which SMART attribute means what, by
 * glob) held against the database's families, so that the two never drift apart: every
 * rule's own example matches its glob and names a family the database knows, every glob
 * matches some family's example, and a family whose drives carry a capacitor attribute
 * never says "none" or "unknown".
 */
static unsigned check_attr_rules(struct builder *b)
{
	size_t nrules;
	const struct dc_ata_attr_rule *rules = dc_ata_attr_rules(&nrules);
	sqlite3_stmt *st;
	unsigned n = 0;

	if (prepare(b, "SELECT e.model, f.family, f.plp, f.file, f.line FROM example e "
		    "JOIN family f ON f.id = e.family_id", &st))
		return 1;
	for (size_t i = 0; i < nrules; i++) {
		const struct dc_ata_attr_rule *r = &rules[i];
		bool cap = r->meaning == DC_ATTR_PLP_CAP_HEALTH, any = false, own = false;
		char norm[256];

		dc_model_normalize(r->example, norm, sizeof(norm));
		if (!dc_model_match(r->model_glob, norm)) {
			fprintf(stderr, "src/device/ata/ata_attrs.c: rule %s (attribute %u): its example '%s' does "
				"not match its glob\n", r->model_glob, r->id, r->example);
			n++;
		}
		while (sqlite3_step(st) == SQLITE_ROW) {
			const char *model = (const char *)sqlite3_column_text(st, 0);
			const char *plp = (const char *)sqlite3_column_text(st, 2);

			dc_model_normalize(model, norm, sizeof(norm));
			if (!dc_model_match(r->model_glob, norm))
				continue;
			any = true;
			own |= strcmp(model, r->example) == 0;
			if (cap && (strcmp(plp, "none") == 0 || strcmp(plp, "unknown") == 0)) {
				fprintf(stderr, "%s:%d: %s is '%s', yet its drives carry a capacitor "
					"attribute (src/device/ata/ata_attrs.c: %s, attribute %u; example %s)\n",
					sqlite3_column_text(st, 3), sqlite3_column_int(st, 4),
					sqlite3_column_text(st, 1), plp, r->model_glob, r->id, model);
				n++;
			}
		}
		sqlite3_reset(st);
		if (!any) {
			fprintf(stderr, "src/device/ata/ata_attrs.c: rule %s (attribute %u) matches no example of "
				"any family in the database\n", r->model_glob, r->id);
			n++;
		} else if (!own) {
			fprintf(stderr, "src/device/ata/ata_attrs.c: rule %s (attribute %u): its example '%s' is "
				"no family's example in the database\n", r->model_glob, r->id, r->example);
			n++;
		}
	}
	sqlite3_finalize(st);
	return n;
}

static int load_known_models(struct builder *b, const char *path)
{
	char *text = read_file(path), *line, *save = NULL;
	sqlite3_stmt *st;

	if (!text) {
		fprintf(stderr, "dbbuild: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (prepare(b, "INSERT INTO known_model(model) VALUES (?1)", &st)) {
		free(text);
		return -1;
	}
	/* enterprise-models.tsv: reports <TAB> kind <TAB> model */
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *model = strrchr(line, '\t');
		if (!model || !isdigit((unsigned char)line[0]))
			continue;
		sqlite3_bind_text(st, 1, model + 1, -1, SQLITE_TRANSIENT);
		step_done(b, st);
	}
	sqlite3_finalize(st);
	free(text);
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: dbbuild [--check [--attr-rules]] [--models TSV] [--list LIST.txt]... "
		"[--observed TABLE.tsv]... -o OUT.sqlite SCHEMA.sql VENDOR.txt...\n"
		"  --check       the soundness checks of make db-check (db/README.md); with them,\n"
		"                rated and observed endurance within 10x of each other\n"
		"  --observed F  an observed endurance table (db/observed/), read after the families\n"
		"  --list FILE   a list of drives with power-loss protection read whole (db/lists/):\n"
		"                what an inferred \"none\" is held against; give every list\n"
		"  --attr-rules  with --check: hold src/device/ata/ata_attrs.c's rules against the families\n"
		"                (for the whole database, not a part of it)\n"
		"  --models TSV  with --check: model strings of a fleet whose best matches must agree\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "check", no_argument, NULL, 'c' },
		{ "attr-rules", no_argument, NULL, 'a' },
		{ "models", required_argument, NULL, 'm' },
		{ "list", required_argument, NULL, 'l' },
		{ "observed", required_argument, NULL, 'O' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	struct builder b = { 0 };
	const char *out = NULL, *models = NULL, *lists[MAX_LISTS + 1], *observed[MAX_LISTS + 1];
	size_t nlists = 0, nobserved = 0;
	char tmp[4096], *schema = NULL;
	bool check = false;
	int c, rc = 1;

	while ((c = getopt_long(argc, argv, "cam:l:O:o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'c': check = true; break;
		case 'a': b.attr_rules = true; break;
		case 'm': models = optarg; break;
		case 'l':
			if (nlists > MAX_LISTS) {
				fprintf(stderr, "dbbuild: more than %d lists\n", MAX_LISTS);
				return 2;
			}
			lists[nlists++] = optarg;
			break;
		case 'O':
			if (nobserved > MAX_LISTS) {
				fprintf(stderr, "dbbuild: more than %d observed tables\n", MAX_LISTS);
				return 2;
			}
			observed[nobserved++] = optarg;
			break;
		case 'o': out = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (!out || optind >= argc) {
		usage(stderr);
		return 2;
	}
	/* Build into a temporary file and rename, so a failed build leaves no half database. */
	snprintf(tmp, sizeof(tmp), "%s.tmp", out);
	unlink(tmp);
	if (sqlite3_open(tmp, &b.db) != SQLITE_OK) {
		fprintf(stderr, "dbbuild: %s: %s\n", tmp, sqlite3_errmsg(b.db));
		goto out;
	}
	sqlite3_create_function(b.db, "dc_match", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
				sql_dc_match, NULL, NULL);
	schema = read_file(argv[optind]);
	if (!schema || sqlite3_exec(b.db, schema, NULL, NULL, NULL) != SQLITE_OK) {
		fprintf(stderr, "dbbuild: %s: %s\n", argv[optind],
			schema ? sqlite3_errmsg(b.db) : strerror(errno));
		goto out;
	}
	sqlite3_exec(b.db, "BEGIN; CREATE TEMP TABLE known_model(model TEXT);", NULL, NULL, NULL);
	if (prepare(&b, "INSERT INTO family(vendor, family, interface, form_factor, class, plp, "
		    "plp_note, dwpd, warranty_years, dispute, endurance_note, file, line, "
		    "plp_inferred) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, "
		    "?14)", &b.ins_family) ||
	    prepare(&b, "INSERT INTO source(family_id, kind, claim, strength, backs, title, url, "
		    "revision, location) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)", &b.ins_source) ||
	    prepare(&b, "INSERT INTO pattern(family_id, pattern, weight) VALUES (?1, ?2, ?3)",
		    &b.ins_pattern) ||
	    prepare(&b, "INSERT INTO tbw(family_id, pattern, tbw_tb, weight) VALUES (?1, ?2, ?3, ?4)",
		    &b.ins_tbw) ||
	    prepare(&b, "INSERT INTO example(family_id, model) VALUES (?1, ?2)", &b.ins_example) ||
	    /* firmware advisories (issue 22) */
	    prepare(&b, "INSERT INTO advisory(advisory, vendor, title, bulletin, interface, effect, "
		    "effect_note, hours, hours_note, fixed, file, line) VALUES (?1, ?2, ?3, ?4, ?5, "
		    "?6, ?7, ?8, ?9, ?10, ?11, ?12)", &b.ins_adv) ||
	    prepare(&b, "INSERT INTO advisory_model(advisory_id, pattern) VALUES (?1, ?2)",
		    &b.ins_adv_model) ||
	    prepare(&b, "INSERT INTO advisory_firmware(advisory_id, pattern, affected) "
		    "VALUES (?1, ?2, ?3)", &b.ins_adv_fw) ||
	    prepare(&b, "INSERT INTO advisory_capacity(advisory_id, gb) VALUES (?1, ?2)",
		    &b.ins_adv_cap) ||
	    prepare(&b, "INSERT INTO advisory_source(advisory_id, kind, claim, strength, backs, "
		    "title, url, revision, location) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
		    &b.ins_adv_src) ||
	    prepare(&b, "INSERT INTO advisory_example(advisory_id, model, firmware, "
		    "capacity_bytes, hit, seen) VALUES (?1, ?2, ?3, ?4, ?5, ?6)", &b.ins_adv_ex) ||
	    /* observed endurance (issue 29) */
	    prepare(&b, "INSERT INTO observed_source(title, url, revision, licence, tool, date, "
		    "file) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", &b.ins_obs_src) ||
	    prepare(&b, "INSERT INTO observed_endurance(family_id, source_id, capacity_bytes, "
		    "drives, dw_p25, dw_median, dw_p75, wear_median, wrapped, model, rated_tbw_tb, "
		    "line) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)", &b.ins_obs) ||
	    prepare(&b, "SELECT id FROM family WHERE vendor = ?1 AND family = ?2 ORDER BY id "
		    "LIMIT 1", &b.obs_family) ||
	    /* drivecheck's own choice (src/lookup/db.c): the most literal pattern, then the
	     * first family in the files */
	    prepare(&b, "SELECT f.id FROM pattern p JOIN family f ON f.id = p.family_id "
		    "WHERE dc_match(p.pattern, ?1) ORDER BY p.weight DESC, f.id LIMIT 1",
		    &b.obs_best) ||
	    prepare(&b, "SELECT tbw_tb FROM tbw WHERE family_id = ?1 AND dc_match(pattern, ?2) "
		    "ORDER BY weight DESC LIMIT 1", &b.obs_tbw) ||
	    prepare(&b, "SELECT 1 FROM observed_endurance WHERE family_id = ?1 AND "
		    "capacity_bytes IS ?2", &b.obs_dup))
		goto out;
	for (size_t i = 0; i < nlists; i++)
		load_list_file(&b, lists[i]);
	for (int i = optind + 1; i < argc; i++)
		load_vendor_file(&b, argv[i]);
	for (size_t i = 0; i < nobserved; i++)
		load_observed_file(&b, observed[i]);
	if (models && load_known_models(&b, models))
		b.errors++;
	b.file = NULL;
	if (check)
		b.errors += check_database(&b);
	/* A database with no source for a family is never shipped, check or not. */
	else if (report_rows(&b, "no source",
			     "SELECT file, line, family FROM family f WHERE NOT EXISTS "
			     "(SELECT 1 FROM source s WHERE s.family_id = f.id)"))
		b.errors++;
	if (b.errors) {
		fprintf(stderr, "dbbuild: %u problem(s); database not written\n", b.errors);
		goto out;
	}
	sqlite3_exec(b.db, "INSERT INTO meta VALUES ('schema_version', '4'); COMMIT; VACUUM;",
		     NULL, NULL, NULL);
	rc = 0;
out:
	sqlite3_finalize(b.ins_family);
	sqlite3_finalize(b.ins_source);
	sqlite3_finalize(b.ins_pattern);
	sqlite3_finalize(b.ins_tbw);
	sqlite3_finalize(b.ins_example);
	sqlite3_finalize(b.ins_adv);
	sqlite3_finalize(b.ins_adv_model);
	sqlite3_finalize(b.ins_adv_fw);
	sqlite3_finalize(b.ins_adv_cap);
	sqlite3_finalize(b.ins_adv_src);
	sqlite3_finalize(b.ins_adv_ex);
	sqlite3_finalize(b.ins_obs_src);
	sqlite3_finalize(b.ins_obs);
	sqlite3_finalize(b.obs_family);
	sqlite3_finalize(b.obs_best);
	sqlite3_finalize(b.obs_tbw);
	sqlite3_finalize(b.obs_dup);
	sqlite3_close(b.db);
	free(schema);
	for (size_t i = 0; i < b.nlists + (b.nlists < MAX_LISTS); i++)
		free(b.lists[i].text);
	if (rc == 0 && rename(tmp, out) < 0) {
		fprintf(stderr, "dbbuild: %s: %s\n", out, strerror(errno));
		rc = 1;
	}
	if (rc)
		unlink(tmp);
	return rc;
}
