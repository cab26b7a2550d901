/* SPDX-License-Identifier: GPL-2.0-or-later */
/* import_index.h - what import's first pass keeps of each report, and the joining of reports
 * into drives: shared by import_walk.c, import_join.c, import_merge.c and import_index.c. */
#ifndef DC_IMPORT_INDEX_H
#define DC_IMPORT_INDEX_H

#include <stdint.h>

#include "core/ceph.h"
#include "import/import.h"

/*
 * Import reads its files twice, so that its memory does not grow with the reports. The
 * first pass (import_walk.c) runs every report through its importer, keeps where the
 * report lies and which drive each of its parts belongs to (import_join.c), and lets the
 * pages go. The second (import_index.c) builds one drive at a time: its reports read
 * again and imported again, their pages merged (import_merge.c), the drive evaluated and
 * handed out, and all of it freed before the next. A report that is not the same bytes
 * the second time (the file changed in between) makes its drive an error, never a mix.
 */

/* A file that gave at least one report. */
struct dc_import_file {
	char *path;                   /* as named or found; "-" standard input */
	bool by_span;                 /* a Ceph file: the second pass reads a report's bytes
					 alone, not the whole file again */
	char *text;                   /* standard input only: its text, which cannot be read
					 twice (NULL for a file) */
	size_t len;
};

/* Where one report of a file lies, as the first pass found it. */
struct dc_import_doc {
	unsigned file;                /* into the index's files */
	unsigned doc, ndocs;          /* its place in the file (1, 2, ...), of how many */
	unsigned line;                /* the line it begins on */
	size_t off, len;              /* bytes */
	uint64_t hash;                /* of those bytes: the second pass must read the same */
};

#define DC_IMPORT_NO_DOC UINT32_MAX /* a ref of no report: what a Ceph file said alone */

struct dc_ceph_kept;

/* One part of a report: what the join needs of it, not its pages. */
struct dc_import_ref {
	unsigned doc;                 /* into the index's docs; DC_IMPORT_NO_DOC: none */
	unsigned sub;                 /* which of the parts its report gave (0, 1, ...) */
	enum dc_import_format format;
	struct dc_ceph_kept *ceph;    /* what a Ceph file said of the drive (the index's), or
					 NULL */
};

/* One drive: its parts, those that name it first, in the order met, then the others. */
struct dc_import_group {
	unsigned *refs;
	unsigned n, cap;
	char *devid;                  /* a drive of Ceph's store: its devid (malloc'd), else NULL */
	bool listed;                  /* ... which a device ls lists */
};

/* A file or report that could not be imported: a result of its own, after the drives. */
struct dc_import_bad {
	char path[DC_PATH_LEN];
	char why[256];
};

struct dc_import_join;                /* import_join.c: the tables the join looks in */

struct dc_import_index {
	struct dc_import_file *files;
	unsigned nfiles, files_cap;
	struct dc_import_doc *docs;
	unsigned ndocs, docs_cap;
	struct dc_import_ref *refs;
	unsigned nrefs, refs_cap;
	struct dc_import_group *groups;
	unsigned ngroups, groups_cap;
	struct dc_import_bad *bad;
	unsigned nbad, bad_cap;
	struct dc_import_join *join;
	bool ceph_ls;                 /* a Ceph device ls was read: a devid it does not list is
					 not listed (else: unknown) */
	/* the second pass: the last file read and the last report imported, for the next
	 * drive (reports of one file, parts of one report, are usually drives in a row) */
	unsigned cached_file;         /* +1; 0 none */
	char *cached_text;
	size_t cached_len;
	unsigned cached_doc;          /* +1; 0 none */
	struct dc_import_parts cached_parts;
	bool cached_failed;           /* the cached report did not import the second time */
};

/* An array with room for element n: doubled when full. NULL when out of memory, and then
 * the old array is still the caller's (import_parts.c). */
void *dc_import_grow(void *v, unsigned *cap, unsigned n, size_t size);
/* 64-bit FNV-1a of len bytes. */
uint64_t dc_import_hash(const char *s, size_t len);
/* "FILE", or "FILE#N" for the Nth of several reports, in a part's file label (import_read.c). */
void dc_import_label(char *dst, size_t len, const char *path, unsigned doc, unsigned ndocs);
/* One report (text[len] is NUL) through its importer, appended to parts with the file,
 * place and notes the report gives them (import_read.c). Returns the number of parts, or <= 0
 * with why it could not be imported in why. */
int dc_import_report(const char *label, const char *text, size_t len, unsigned doc,
		     unsigned ndocs, unsigned line, unsigned file_no, bool notes,
		     struct dc_import_parts *parts, char *why, size_t whylen);
/* Whether a format has an importer (import_read.c). */
bool dc_import_has_importer(enum dc_import_format f);
/* Why drivecheck's own JSON is not imported (import_read.c). */
extern const char dc_import_own_json[];
/* A file's whole text, NUL-terminated (import_read.c); NULL with the reason in err. */
char *dc_import_read_text(const char *path, size_t *len, char *err, size_t errlen);
/* A result of its own for a file or report not imported. Returns 0 or -ENOMEM. */
int dc_import_add_bad(struct dc_import_index *x, const char *path, const char *why);

/* The bytes [off, off + len) of a file, NUL-terminated (import_read.c); NULL with why in err
 * (the file gone, shorter, of another kind). */
char *dc_import_read_span(const char *path, size_t off, size_t len, char *err, size_t errlen);

/* import_walk.c: the first pass over every file named (folders walked in name order). */
int dc_import_walk(const struct dc_import_opts *o, char *const *paths, unsigned npaths,
		   struct dc_import_index *x, struct dc_import_skips *skipped);

/* import_join.c */
/* Whether reports of this format name their drive (smartctl, nvme-cli id-ctrl and list). */
bool dc_import_names_drive(enum dc_import_format f);
/* A part the first pass met, in order: ref (already in x->refs) with its part's label,
 * serial and model. One that names its drive joins the drive of the same usable serial and
 * model, or starts one; one that does not (fio, id-ns, smart-log, get-feature) is held for
 * dc_import_join_end. Returns 0 or -ENOMEM. */
int dc_import_join_part(struct dc_import_index *x, unsigned ref, const struct dc_import_part *p);
/* The parts that name no drive: each to the last drive named before it in its own file,
 * else to the one drive of its folder (two or more there: a result of its own that says
 * so). Returns 0 or -ENOMEM. */
int dc_import_join_end(struct dc_import_index *x);
void dc_import_join_free(struct dc_import_index *x);
/* A part of a Ceph file (ref already in x->refs): to the drive of its devid, or, with none
 * (devid ""), held until dc_import_join_end finds it by the devids of the device ls read
 * (cand, then the one listed devid that ends in _serial). listed: a device ls entry.
 * Returns 0 or -ENOMEM. */
int dc_import_join_ceph(struct dc_import_index *x, unsigned ref, const char *devid,
			const char (*cand)[DC_CEPH_DEVID_LEN], const char *serial, bool listed);

/* import_merge.c */
/* The order a drive's parts are read in: a page from a tool that reads the page itself
 * first, then one rebuilt from a report (smartctl JSON before text), each kind in the
 * order met; n entries of order. */
void dc_import_best_first(const enum dc_import_format *formats, unsigned n, unsigned *order);
/* One drive from its parts (n of a total, the first DC_IMPORT_MAX_JOINED kept): pages
 * merged best source first, conflicts said, parsed, looked up and decided, into r. */
void dc_import_evaluate(struct dc_db *db, const struct dc_import_parts *parts, unsigned total,
			struct dc_check *r);
/* The same, of a drive of Ceph's store: ceph (the devid, its daemons, the samples) and the
 * wear history go into r's facts before it is decided, and its path is its devid; a drive
 * without a sample (parts->n 0) is a check with error set that says so. */
void dc_import_evaluate_ceph(struct dc_db *db, const struct dc_import_parts *parts,
			     unsigned total, const struct dc_ceph *ceph,
			     const struct dc_wear_history *history, const char *note,
			     struct dc_check *r);

#define DC_IMPORT_MAX_JOINED 64 /* parts of one drive that are read; the rest are counted */

#endif /* DC_IMPORT_INDEX_H */
