// SPDX-License-Identifier: GPL-2.0-or-later
/* import_walk.c - import's first pass: every file named or found read once, each report's
 * place and drive kept (import_index.h), its pages let go. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "import/ceph/import_ceph.h"
#include "import/import.h"
#include "import/import_index.h"
#include "core/raw.h"

#define MAX_DEPTH 16 /* folders below a named folder that are walked */

struct walk {
	struct dc_import_index *x;
	struct dc_import_skips *skips; /* NULL: nothing is skipped */
	bool progress;
	unsigned files;                /* files met, read or not */
	int err;                       /* -ENOMEM: the walk stops */
};

void dc_import_skips_free(struct dc_import_skips *s)
{
	if (!s)
		return;
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static void add_skip(struct dc_import_skips *s, const char *path, const char *why)
{
	void *v = dc_import_grow(s->v, &s->cap, s->n, sizeof(*s->v));

	if (!v)
		return;
	s->v = v;
	snprintf(s->v[s->n].path, sizeof(s->v[0].path), "%s", path);
	snprintf(s->v[s->n].why, sizeof(s->v[0].why), "%s", why);
	s->n++;
}

static void add_bad(struct walk *w, const char *path, const char *why)
{
	if (dc_import_add_bad(w->x, path, why))
		w->err = -ENOMEM;
}

/* The file, kept in the index once it gives a report; text: standard input's, kept too. */
static int add_file(struct dc_import_index *x, const char *path, char *text, size_t len)
{
	struct dc_import_file *v = dc_import_grow(x->files, &x->files_cap, x->nfiles, sizeof(*v));

	if (!v)
		return -ENOMEM;
	x->files = v;
	v[x->nfiles].path = strdup(path);
	if (!v[x->nfiles].path)
		return -ENOMEM;
	v[x->nfiles].text = text;
	v[x->nfiles].len = len;
	v[x->nfiles].by_span = false;
	x->nfiles++;
	return 0;
}

static int add_doc(struct dc_import_index *x, const struct dc_import_doc *d)
{
	struct dc_import_doc *v = dc_import_grow(x->docs, &x->docs_cap, x->ndocs, sizeof(*v));

	if (!v)
		return -ENOMEM;
	x->docs = v;
	v[x->ndocs++] = *d;
	return 0;
}

/* The parts of one report: each joined to its drive, then their pages freed. */
static int keep_parts(struct dc_import_index *x, struct dc_import_parts *parts)
{
	int rc = 0;

	for (unsigned i = 0; i < parts->n && !rc; i++) {
		struct dc_import_ref *v = dc_import_grow(x->refs, &x->refs_cap, x->nrefs, sizeof(*v));

		if (!v) {
			rc = -ENOMEM;
			break;
		}
		x->refs = v;
		v[x->nrefs].doc = x->ndocs - 1;
		v[x->nrefs].sub = i;
		v[x->nrefs].format = parts->v[i].format;
		v[x->nrefs].ceph = NULL;
		x->nrefs++;
		rc = dc_import_join_part(x, x->nrefs - 1, &parts->v[i]);
	}
	dc_import_parts_free(parts);
	return rc;
}

/* Each report of a file through its importer (import_split.c cut them apart). */
static void import_docs(struct walk *w, const char *path, char *text, size_t len,
			const struct dc_import_span *spans, unsigned n, bool is_stdin)
{
	struct dc_import_index *x = w->x;
	unsigned file = x->nfiles;
	bool kept = false;

	for (unsigned i = 0; i < n && !w->err; i++) {
		struct dc_import_parts parts = { 0 };
		struct dc_import_doc d = {
			.file = file, .doc = i + 1, .ndocs = n, .line = spans[i].line,
			.off = spans[i].off, .len = spans[i].len,
		};
		char *at = text + spans[i].off, save = at[spans[i].len], label[DC_PATH_LEN];
		char why[320];
		int got;

		at[spans[i].len] = '\0';
		dc_import_label(label, sizeof(label), path, d.doc, n);
		got = dc_import_report(label, at, d.len, d.doc, n, d.line, file + 1, false, &parts,
				       why, sizeof(why));
		d.hash = dc_import_hash(at, d.len);
		at[spans[i].len] = save;
		if (got <= 0) {
			dc_import_parts_free(&parts); /* the array an importer grew, emptied */
			add_bad(w, label, why);
			continue;
		}
		if (!kept && add_file(x, path, is_stdin ? text : NULL, len)) {
			dc_import_parts_free(&parts);
			w->err = -ENOMEM;
			break;
		}
		kept = true;
		if (add_doc(x, &d) || keep_parts(x, &parts))
			w->err = -ENOMEM;
	}
	if (!kept || !is_stdin)
		free(text);
}

/*
 * A file of Ceph's device health store (import_ceph.h): one part per drive it speaks of,
 * each with what the first pass keeps of it; the drive's state (a smartctl sample) a
 * report at its place in the file, read again alone in the second pass.
 */
static void import_ceph(struct walk *w, const char *path, char *text, size_t len,
			enum dc_import_format f)
{
	struct dc_import_index *x = w->x;
	struct dc_ceph_items items = { 0 };
	char err[320] = "";
	unsigned file = x->nfiles, ndocs = 0, doc = 0;
	bool is_stdin = strcmp(path, "-") == 0;
	int n = dc_ceph_read(path, text, len, f, &items, err, sizeof(err));

	if (n == -ENOMEM) {
		w->err = -ENOMEM;
		goto out;
	}
	if (n < 0) {
		add_bad(w, path, err);
		goto out;
	}
	if (add_file(x, path, is_stdin ? text : NULL, len)) {
		w->err = -ENOMEM;
		goto out;
	}
	if (is_stdin)
		text = NULL; /* the index's now */
	x->files[file].by_span = !is_stdin;
	if (f == DC_IMPORT_CEPH_DEVICE_LS)
		x->ceph_ls = true;
	for (unsigned i = 0; i < items.n; i++)
		ndocs += items.v[i].has_state;
	for (unsigned i = 0; i < items.n && !w->err; i++) {
		struct dc_ceph_item *it = &items.v[i];
		struct dc_import_ref *v = dc_import_grow(x->refs, &x->refs_cap, x->nrefs, sizeof(*v));

		if (!v) {
			w->err = -ENOMEM;
			break;
		}
		x->refs = v;
		v[x->nrefs] = (struct dc_import_ref){ .doc = DC_IMPORT_NO_DOC, .format = f,
						      .ceph = it->kept };
		it->kept = NULL;
		if (it->has_state) {
			struct dc_import_doc d = {
				.file = file, .doc = ++doc, .ndocs = ndocs, .line = it->line,
				.off = it->off, .len = it->len,
				.hash = dc_import_hash((x->files[file].text ? x->files[file].text
							: text) + it->off, it->len),
			};

			if (add_doc(x, &d)) {
				dc_ceph_kept_free(v[x->nrefs].ceph);
				w->err = -ENOMEM;
				break;
			}
			v[x->nrefs].doc = x->ndocs - 1;
		}
		x->nrefs++;
		if (dc_import_join_ceph(x, x->nrefs - 1, it->devid, it->cand, it->serial, it->listed))
			w->err = -ENOMEM;
	}
out:
	dc_ceph_items_free(&items);
	free(text);
}

/*
 * One file: each report it holds is its own part (import_split.c). A file met in a folder
 * that is of no known format at all (a README, a checksum list, an archive, drivecheck's
 * own JSON) is skipped, with its reason, when w->skips is set; a file named, or a file of
 * a known format that is cut short or wrong, is an error.
 */
static void import_file(struct walk *w, const char *path, bool in_folder)
{
	char err[256] = "";
	size_t len = 0;
	char *text = dc_import_read_text(path, &len, err, sizeof(err));
	struct dc_import_span *spans = NULL;
	bool skippable = in_folder && w->skips;
	int n;

	w->files++;
	if (!text) {
		/* binary data: an archive, an image; never a report of a known format */
		if (skippable && len && strncmp(err, "binary data", 11) == 0)
			add_skip(w->skips, path, err);
		else
			add_bad(w, path, err);
		return;
	}
	if (!len) {
		add_bad(w, path, "empty file");
		free(text);
		return;
	}
	{
		enum dc_import_format f = dc_ceph_detect(text, len);

		if (f != DC_IMPORT_UNKNOWN) {
			import_ceph(w, path, text, len, f);
			return;
		}
	}
	n = dc_import_split(text, len, &spans);
	if (n < 0) {
		add_bad(w, path, "out of memory");
		free(text);
		return;
	}
	if (n == 1 && skippable && !dc_import_has_importer(dc_import_detect(text, len))) {
		/* JSON that does not parse may be a report cut short before the keys that tell
		 * its format: that is an error, not a file to skip. */
		const char *s = text;
		cJSON *doc;

		while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
			s++;
		doc = *s == '{' || *s == '[' ? cJSON_ParseWithLength(s, len - (size_t)(s - text)) : NULL;
		if ((*s == '{' || *s == '[') && !doc)
			add_bad(w, path, "JSON cut short or broken, of no format it can be told "
				"apart as (smartctl -j, nvme-cli, fio)");
		else
			add_skip(w->skips, path, strstr(text, "\"drivecheck_version\"") ? dc_import_own_json
				 : "not a report of any known format (smartctl, nvme-cli, fio)");
		cJSON_Delete(doc);
		free(spans);
		free(text);
		return;
	}
	import_docs(w, path, text, len, spans, (unsigned)n, strcmp(path, "-") == 0);
	free(spans);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void tick(struct walk *w)
{
	if (w->progress && w->files % 100 == 0)
		fprintf(stderr, "\rdrivecheck import: %u files read", w->files);
}

/* A folder's entries in name order, so that the output does not depend on the disk. */
static void walk_dir(struct walk *w, const char *dir, unsigned depth)
{
	char **names = NULL, path[PATH_MAX];
	unsigned n = 0, cap = 0;
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d) {
		add_bad(w, dir, strerror(errno));
		return;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue; /* ".", "..", and hidden files an editor or git left */
		char **nn = dc_import_grow(names, &cap, n, sizeof(*nn));

		if (!nn)
			break;
		names = nn;
		names[n] = strdup(de->d_name);
		if (names[n])
			n++;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), name_cmp);
	for (unsigned i = 0; i < n; i++) {
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		free(names[i]);
		if (w->err || lstat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			if (depth < MAX_DEPTH)
				walk_dir(w, path, depth + 1);
		} else {
			/* a link or a device node too: refused with its reason, never skipped
			 * unsaid (an inventory would lose a drive without a word) */
			import_file(w, path, true);
			tick(w);
		}
	}
	free(names);
}

int dc_import_walk(const struct dc_import_opts *o, char *const *paths, unsigned npaths,
		   struct dc_import_index *x, struct dc_import_skips *skipped)
{
	struct walk w = { .x = x, .skips = skipped, .progress = o->progress };

	for (unsigned i = 0; i < npaths && !w.err; i++) {
		struct stat st;

		if (strcmp(paths[i], "-") != 0 && stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			walk_dir(&w, paths[i], 0);
		} else {
			import_file(&w, paths[i], false);
			tick(&w);
		}
	}
	if (w.progress && w.files >= 100)
		fprintf(stderr, "\r\033[K");
	return w.err;
}
