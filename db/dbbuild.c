// SPDX-License-Identifier: GPL-2.0-or-later
/* dbbuild.c - builds the vendor files (db/vendors/NAME.txt) into the SQLite drive database, and checks it. */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "model.h"

struct builder {
	sqlite3 *db;
	sqlite3_stmt *ins_family, *ins_source, *ins_pattern, *ins_tbw, *ins_example;
	sqlite3_int64 family_id;   /* the stanza being read, 0 before the first */
	const char *file;
	unsigned line;
	unsigned errors;
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
	"warranty_years",
};
#define NFAMILY_KEYS (sizeof(family_keys) / sizeof(family_keys[0]))

struct stanza {
	char *val[NFAMILY_KEYS];
	unsigned line;
	/* children are inserted once the family row exists */
	unsigned nchild;
	struct { const char *key; char *val; unsigned line; } child[256];
};

static void stanza_clear(struct stanza *s)
{
	for (size_t i = 0; i < NFAMILY_KEYS; i++)
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
	if (strcmp(key, "source") == 0) {
		char *bar = strstr(val, " | ");
		if (!bar) {
			fail(b, "source: expected 'title | address'");
			return;
		}
		*bar = '\0';
		sqlite3_bind_int64(b->ins_source, 1, b->family_id);
		sqlite3_bind_text(b->ins_source, 2, val, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(b->ins_source, 3, bar + 3, -1, SQLITE_TRANSIENT);
		step_done(b, b->ins_source);
	} else if (strcmp(key, "match") == 0) {
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

static void stanza_flush(struct builder *b, struct stanza *s)
{
	unsigned saved = b->line;

	if (!s->line)
		return;
	b->line = s->line;
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
	if (step_done(b, b->ins_family) == 0) {
		b->family_id = sqlite3_last_insert_rowid(b->db);
		for (unsigned i = 0; i < s->nchild; i++) {
			b->line = s->child[i].line;
			insert_child(b, s->child[i].key, s->child[i].val);
		}
	}
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

static void load_vendor_file(struct builder *b, const char *path)
{
	static const char *const child_keys[] = { "source", "match", "tbw", "example" };
	struct stanza *s = calloc(1, sizeof(*s));
	char *text = read_file(path), *line, *next;

	b->file = path;
	b->line = 0;
	if (!text || !s) {
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
		if (strcmp(key, "family") == 0) {
			stanza_flush(b, s);
			s->line = b->line;
		} else if (!s->line) {
			fail(b, "%s: before the first 'family:'", key);
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
out:
	free(s);
	free(text);
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

/* The soundness checks of `make db-check` (db/README.md). */
static unsigned check_database(struct builder *b)
{
	unsigned n = 0;

	n += report_rows(b, "no source",
		"SELECT file, line, family FROM family f WHERE NOT EXISTS "
		"(SELECT 1 FROM source s WHERE s.family_id = f.id)");
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
	fprintf(f, "usage: dbbuild [--check] [--models TSV] -o OUT.sqlite SCHEMA.sql VENDOR.txt...\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "check", no_argument, NULL, 'c' },
		{ "models", required_argument, NULL, 'm' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	struct builder b = { 0 };
	const char *out = NULL, *models = NULL;
	char tmp[4096], *schema = NULL;
	bool check = false;
	int c, rc = 1;

	while ((c = getopt_long(argc, argv, "cm:o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'c': check = true; break;
		case 'm': models = optarg; break;
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
		    "plp_note, dwpd, warranty_years, file, line) "
		    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)", &b.ins_family) ||
	    prepare(&b, "INSERT INTO source(family_id, title, url) VALUES (?1, ?2, ?3)", &b.ins_source) ||
	    prepare(&b, "INSERT INTO pattern(family_id, pattern, weight) VALUES (?1, ?2, ?3)",
		    &b.ins_pattern) ||
	    prepare(&b, "INSERT INTO tbw(family_id, pattern, tbw_tb, weight) VALUES (?1, ?2, ?3, ?4)",
		    &b.ins_tbw) ||
	    prepare(&b, "INSERT INTO example(family_id, model) VALUES (?1, ?2)", &b.ins_example))
		goto out;
	for (int i = optind + 1; i < argc; i++)
		load_vendor_file(&b, argv[i]);
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
	sqlite3_exec(b.db, "INSERT INTO meta VALUES ('schema_version', '1'); COMMIT; VACUUM;",
		     NULL, NULL, NULL);
	rc = 0;
out:
	sqlite3_finalize(b.ins_family);
	sqlite3_finalize(b.ins_source);
	sqlite3_finalize(b.ins_pattern);
	sqlite3_finalize(b.ins_tbw);
	sqlite3_finalize(b.ins_example);
	sqlite3_close(b.db);
	free(schema);
	if (rc == 0 && rename(tmp, out) < 0) {
		fprintf(stderr, "dbbuild: %s: %s\n", out, strerror(errno));
		rc = 1;
	}
	if (rc)
		unlink(tmp);
	return rc;
}
