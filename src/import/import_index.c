// SPDX-License-Identifier: GPL-2.0-or-later
/* import_index.c - import's second pass: one drive at a time, its reports read and imported
 * again, merged and evaluated (import_index.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/drive.h"
#include "import/ceph/import_ceph.h"
#include "import/import.h"
#include "import/import_index.h"
#include "core/raw.h"
#include "core/text_fit.h"

int dc_import_index_build(const struct dc_import_opts *o, char *const *paths, unsigned npaths,
			  struct dc_import_index **index, struct dc_import_skips *skipped)
{
	struct dc_import_index *x = calloc(1, sizeof(*x));
	int rc;

	*index = NULL;
	if (!x)
		return -ENOMEM;
	rc = dc_import_walk(o, paths, npaths, x, skipped);
	if (!rc)
		rc = dc_import_join_end(x);
	dc_import_join_free(x);
	if (rc) {
		dc_import_index_free(x);
		return rc;
	}
	*index = x;
	return 0;
}

unsigned dc_import_index_count(const struct dc_import_index *x)
{
	return x->ngroups + x->nbad;
}

/* A drive's path: the file of its first part that names it, in the order its parts are
 * read (import_merge.c), else of the first part read. */
static void group_path(const struct dc_import_index *x, const struct dc_import_group *g,
		       char *path, size_t len)
{
	unsigned n = g->n < DC_IMPORT_MAX_JOINED ? g->n : DC_IMPORT_MAX_JOINED;
	unsigned order[DC_IMPORT_MAX_JOINED], pick = 0;
	enum dc_import_format formats[DC_IMPORT_MAX_JOINED] = { 0 };
	const struct dc_import_doc *d;

	for (unsigned i = 0; i < n; i++)
		formats[i] = x->refs[g->refs[i]].format;
	dc_import_best_first(formats, n, order);
	for (unsigned i = n; i-- > 0;)
		if (dc_import_names_drive(formats[order[i]]))
			pick = i;
	d = &x->docs[x->refs[g->refs[order[pick]]].doc];
	dc_import_label(path, len, x->files[d->file].path, d->doc, d->ndocs);
}

const char *dc_import_index_path(const struct dc_import_index *x, unsigned i, char *buf,
				 size_t len)
{
	if (i < x->ngroups && x->groups[i].devid)
		dc_fit(buf, len, x->groups[i].devid); /* a drive of Ceph's store: its name there */
	else if (i < x->ngroups)
		group_path(x, &x->groups[i], buf, len);
	else if (i < x->ngroups + x->nbad)
		snprintf(buf, len, "%s", x->bad[i - x->ngroups].path);
	else
		snprintf(buf, len, "?");
	return buf;
}

/* The text of file f: standard input's as kept, else the file read again (the last one
 * read is kept for the next drive). NULL with why in err. */
static const char *file_text(struct dc_import_index *x, unsigned f, size_t *len, char *err,
			     size_t errlen)
{
	if (x->files[f].text) {
		*len = x->files[f].len;
		return x->files[f].text;
	}
	if (x->cached_file != f + 1) {
		free(x->cached_text);
		x->cached_file = 0;
		x->cached_text = dc_import_read_text(x->files[f].path, &x->cached_len, err, errlen);
		if (!x->cached_text)
			return NULL;
		x->cached_file = f + 1;
	}
	*len = x->cached_len;
	return x->cached_text;
}

/* The parts of report d again, into the cache (the same bytes as the first time, or an
 * error in err). Returns 0, -ENOMEM, or -EIO with err. */
static int load_doc(struct dc_import_index *x, unsigned doc, char *err, size_t errlen)
{
	const struct dc_import_doc *d = &x->docs[doc];
	const char *path = x->files[d->file].path;
	char label[DC_PATH_LEN], why[320];
	const char *text;
	char *copy;
	size_t len = 0;
	int got;

	if (x->cached_doc == doc + 1)
		return x->cached_failed ? -EIO : 0;
	dc_import_parts_free(&x->cached_parts);
	x->cached_doc = doc + 1;
	x->cached_failed = true;
	if (x->files[d->file].by_span) {
		/* a sample of a Ceph file: its bytes alone, not the months around it */
		copy = dc_import_read_span(path, d->off, d->len, err, errlen);
		if (!copy)
			return -EIO;
		if (dc_import_hash(copy, d->len) != d->hash) {
			free(copy);
			snprintf(err, errlen, "changed while drivecheck read it (run the import again)");
			return -EIO;
		}
	} else {
		text = file_text(x, d->file, &len, err, errlen);
		if (!text)
			return -EIO;
		if (d->off + d->len > len || dc_import_hash(text + d->off, d->len) != d->hash) {
			snprintf(err, errlen, "changed while drivecheck read it (run the import again)");
			return -EIO;
		}
		/* the importers want the report NUL-terminated, as the first pass gave it */
		copy = malloc(d->len + 1);
		if (!copy)
			return -ENOMEM;
		memcpy(copy, text + d->off, d->len);
		copy[d->len] = '\0';
	}
	dc_import_label(label, sizeof(label), path, d->doc, d->ndocs);
	got = dc_import_report(label, copy, d->len, d->doc, d->ndocs, d->line, d->file + 1, true,
			       &x->cached_parts, why, sizeof(why));
	free(copy);
	if (got <= 0) {
		dc_fit(err, errlen, why); /* cannot happen: the same bytes imported */
		return got < 0 && got != -EINVAL ? got : -EIO;
	}
	x->cached_failed = false;
	return 0;
}

/* A part of the cached report moved into parts (each part is one drive's). */
static int take_part(struct dc_import_index *x, unsigned sub, struct dc_import_parts *parts)
{
	struct dc_import_part *p;

	if (sub >= x->cached_parts.n)
		return -EIO;
	p = dc_import_part_add(parts, x->cached_parts.v[sub].format);
	if (!p)
		return -ENOMEM;
	*p = x->cached_parts.v[sub];
	memset(&x->cached_parts.v[sub].raw, 0, sizeof(x->cached_parts.v[sub].raw));
	return 0;
}

/* A result with error set: the path and why. */
static void error_result(struct dc_check *r, const char *path, const char *why, int err)
{
	memset(r, 0, sizeof(*r));
	dc_fit(r->dev.path, sizeof(r->dev.path), path);
	r->dev.transport = DC_TRAN_UNKNOWN;
	r->error = err;
	dc_fitf(r->error_msg, sizeof(r->error_msg), "%s: %s", path, why);
}

/* What Ceph's files said of one drive (its group's refs), into c, history and note; the
 * ref whose report is the drive's state (the newest sample) into *state, or -1. */
static void ceph_facts(const struct dc_import_index *x, const struct dc_import_group *g,
		       struct dc_ceph *c, struct dc_wear_history *history, char *note,
		       size_t notelen, int *state)
{
	int64_t newest = -1;
	unsigned readings = 0;

	memset(c, 0, sizeof(*c));
	memset(history, 0, sizeof(*history));
	note[0] = '\0';
	*state = -1;
	c->present = true;
	dc_fit(c->devid, sizeof(c->devid), g->devid);
	c->listed = g->listed ? DC_TRI_YES : x->ceph_ls ? DC_TRI_NO : DC_TRI_UNKNOWN;
	for (unsigned i = 0; i < g->n; i++) {
		const struct dc_import_ref *ref = &x->refs[g->refs[i]];
		const struct dc_ceph_kept *k = ref->ceph;

		if (!k)
			continue;
		if (k->entry)
			dc_ceph_entry_fill(k->entry, k->entry_len, c);
		if (k->source == DC_CEPH_SOURCE_HEALTH_METRICS) {
			c->samples += k->samples;
			c->samples_failed += k->failed;
			if (k->first && (!c->first_sample || k->first < c->first_sample))
				c->first_sample = k->first;
			if (k->history.readings > readings) {
				readings = k->history.readings;
				*history = k->history;
			}
		}
		if (k->have_failed && (!c->have_failed_scrape ||
				       k->failed_scrape.time > c->failed.time)) {
			c->have_failed_scrape = true;
			c->failed = k->failed_scrape;
		}
		if (k->note[0])
			dc_fit(note, notelen, k->note);
		if (ref->doc != DC_IMPORT_NO_DOC && k->state > newest) {
			newest = k->state;
			*state = (int)i;
			c->state_source = k->source;
			c->state_sample = k->state == INT64_MAX ? 0 : k->state;
		}
	}
}

/* A drive of Ceph's store: its newest sample, and any other tool's report of it. */
static int ceph_result(struct dc_db *db, struct dc_import_index *x,
		       const struct dc_import_group *g, unsigned i, struct dc_check *r)
{
	struct dc_import_parts parts = { 0 };
	struct dc_wear_history history;
	struct dc_ceph *c = malloc(sizeof(*c));
	char err[256] = "", note[DC_TEXT_LEN], path[DC_PATH_LEN];
	unsigned n = 0;
	int state, rc = 0;

	if (!c)
		return -ENOMEM;
	ceph_facts(x, g, c, &history, note, sizeof(note), &state);
	for (unsigned k = 0; k < g->n && n < DC_IMPORT_MAX_JOINED && !rc; k++) {
		const struct dc_import_ref *ref = &x->refs[g->refs[k]];

		/* of Ceph's samples the newest alone: the others are its history */
		if (ref->doc == DC_IMPORT_NO_DOC || (ref->ceph && (int)k != state))
			continue;
		rc = load_doc(x, ref->doc, err, sizeof(err));
		if (!rc)
			rc = take_part(x, ref->sub, &parts);
		n++;
	}
	if (rc == -EIO) {
		error_result(r, dc_import_index_path(x, i, path, sizeof(path)),
			     err[0] ? err : "changed while drivecheck read it", -EIO);
		r->ceph = *c;
		rc = 0;
	} else if (!rc) {
		dc_import_evaluate_ceph(db, &parts, n, c, &history, note, r);
	}
	dc_import_parts_free(&parts);
	free(c);
	return rc;
}

int dc_import_index_result(struct dc_db *db, struct dc_import_index *x, unsigned i,
			   struct dc_check *r)
{
	const struct dc_import_group *g;
	struct dc_import_parts parts = { 0 };
	char err[256] = "", path[DC_PATH_LEN];
	unsigned n;
	int rc = 0;

	if (i >= x->ngroups + x->nbad)
		return -EINVAL;
	if (i >= x->ngroups) {
		error_result(r, x->bad[i - x->ngroups].path, x->bad[i - x->ngroups].why, -EINVAL);
		return 0;
	}
	g = &x->groups[i];
	if (g->devid)
		return ceph_result(db, x, g, i, r);
	n = g->n < DC_IMPORT_MAX_JOINED ? g->n : DC_IMPORT_MAX_JOINED;
	for (unsigned k = 0; k < n && !rc; k++) {
		const struct dc_import_ref *ref = &x->refs[g->refs[k]];

		rc = load_doc(x, ref->doc, err, sizeof(err));
		if (!rc)
			rc = take_part(x, ref->sub, &parts);
	}
	if (rc == -EIO) {
		/* a file gone or changed since the first pass: this drive is not judged on
		 * what is left of it */
		error_result(r, dc_import_index_path(x, i, path, sizeof(path)),
			     err[0] ? err : "changed while drivecheck read it", -EIO);
		rc = 0;
	} else if (!rc) {
		dc_import_evaluate(db, &parts, g->n, r);
	}
	dc_import_parts_free(&parts);
	return rc;
}

void dc_import_index_free(struct dc_import_index *x)
{
	if (!x)
		return;
	dc_import_join_free(x);
	for (unsigned i = 0; i < x->nfiles; i++) {
		free(x->files[i].path);
		free(x->files[i].text);
	}
	for (unsigned i = 0; i < x->ngroups; i++) {
		free(x->groups[i].refs);
		free(x->groups[i].devid);
	}
	for (unsigned i = 0; i < x->nrefs; i++)
		dc_ceph_kept_free(x->refs[i].ceph);
	free(x->files);
	free(x->docs);
	free(x->refs);
	free(x->groups);
	free(x->bad);
	free(x->cached_text);
	dc_import_parts_free(&x->cached_parts);
	free(x);
}
