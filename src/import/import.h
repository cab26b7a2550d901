/* SPDX-License-Identifier: GPL-2.0-or-later */
/* import.h - other tools' output (smartctl, nvme-cli, fio) in, the pages a drive gives out. */
#ifndef DC_IMPORT_H
#define DC_IMPORT_H

#include "dc_types.h"
#include "decide/check.h"

/*
 * An importer turns one file of another tool into parts: what the file says of one drive
 * each, as the raw pages acquire or a dump would give (rebuilt from the file's numbers),
 * plus the identity the file states, and for fio a probe result. What the format does not
 * carry is recorded as "not in the input" (raw.h: DC_PG_NOT_IN_INPUT, DC_IO_NOT_IN_INPUT),
 * never filled with a guess. The join (import_join.c, import_merge.c) then makes the parts
 * of one drive one (by serial, or by living in one folder), and each drive goes through
 * the same parse, look-up and decide code a live drive goes through (import_index.c).
 *
 * This is the folder's header, of no one file: what every importer and the two passes
 * share, and what the command line calls.
 */

#define DC_IMPORT_MAX_FILE (8u << 20) /* bytes; larger files are refused */

#define DC_IMPORT_MAX_NOTES 16

/* What one file says of one drive. */
struct dc_import_part {
	enum dc_import_format format;
	char file[DC_PATH_LEN];       /* the file it came from; "FILE#N" for the Nth report of
					 a file that holds several */
	unsigned file_no;             /* which file of the run (1, 2, ...): parts of one file
					 share it */
	unsigned doc;                 /* the report's place in its file (1, 2, ...) */
	unsigned line;                /* the line of its file where the report begins */
	struct dc_dev dev;            /* what the file states of the device: protocol,
					 transport, model, serial, firmware, capacity, block
					 sizes, rotational; the rest unknown */
	struct dc_raw raw;            /* the pages rebuilt from the file */
	bool have_probe;              /* fio: probe holds what it measured */
	struct dc_probe probe;
	unsigned nlacks;              /* fields of its pages the file does not carry:
					 "PAGE.FIELD<TAB>why" (raw.h, DC_PG_NOT_IN_INPUT) */
	char lacks[DC_IMPORT_MAX_NOTES][DC_TEXT_LEN];
	unsigned nnotes;              /* what the importer could not take, and why */
	char notes[DC_IMPORT_MAX_NOTES][DC_TEXT_LEN];
};

/* A growing list of parts. */
struct dc_import_parts {
	unsigned n, cap;
	struct dc_import_part *v;
};

/* import_parts.c */
/* A new part at the end of the list, zeroed but for format, protocol and transport
 * unknown; NULL when out of memory. */
struct dc_import_part *dc_import_part_add(struct dc_import_parts *parts,
					  enum dc_import_format format);
/* Records that FIELD ("PAGE.FIELD") of a rebuilt page is not in the input, and why. */
int dc_import_lacks(struct dc_import_part *p, const char *field, const char *why);
/* Records that a whole page is not in the input. */
int dc_import_lacks_page(struct dc_import_part *p, const char *page);
void dc_import_note(struct dc_import_part *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void dc_import_parts_free(struct dc_import_parts *parts);

/* The importers, one file each. Each reads one file's text (NUL-terminated, len bytes),
 * adds at least one part, and returns the number added; or returns -EINVAL (the file
 * is not of its format, or is malformed) with the reason in err. */
/* import_smartctl_text.c */
int dc_import_smartctl_text(const char *text, size_t len, struct dc_import_parts *out,
			    char *err, size_t errlen);
/* smartctl_raw.c: a SMART attribute's RAW_VALUE as smartctl prints it ("0x071cad00184b9f", "34 (Min/Max
 * 20/45)", "1234h+05m+06.789s", ...) back into the entry's six raw bytes (little-endian)
 * and its 12th byte, the 7th raw byte of the 56-bit formats. Returns false for a form it
 * does not know. */
bool dc_import_smartctl_raw(const char *s, uint8_t raw[6], uint8_t *raw7);
/* import_smartctl_json.c */
int dc_import_smartctl_json(const char *text, size_t len, struct dc_import_parts *out,
			    char *err, size_t errlen);
/* import_nvme_cli.c: id-ctrl, id-ns, smart-log, get-feature, list (told apart by content) */
int dc_import_nvme_cli(const char *text, size_t len, struct dc_import_parts *out,
		       char *err, size_t errlen);
/* import_fio.c */
int dc_import_fio(const char *text, size_t len, struct dc_import_parts *out,
		  char *err, size_t errlen);

/* import_detect.c: which importer a file's content is for (no file names are trusted). */
enum dc_import_format dc_import_detect(const char *text, size_t len);
/* import_detect.c: which nvme-cli JSON output holds these keys (has: whether ctx holds
 * one), by the one table of their keys; DC_IMPORT_UNKNOWN when none matches. */
enum dc_import_format dc_import_nvme_kind(bool (*has)(const void *ctx, const char *key),
					  const void *ctx);

/* Where one report of a file lies. */
struct dc_import_span {
	size_t off, len;              /* bytes */
	unsigned line;                /* the line it begins on, from 1 */
};

/* What the join says of one drive (files beyond the first, facts that differ), before it
 * becomes the drive's errors: a list of lines, not a whole struct dc_drive. */
struct dc_import_notes {
	unsigned n, dropped;          /* past DC_MAX_ERRORS, counted */
	char text[DC_MAX_ERRORS][DC_TEXT_LEN];
};
/* import_parts.c: one more note */
void dc_import_notes_add(struct dc_import_notes *notes, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* import_conflict.c */
/* The keys given twice, with different values, in one object of the JSON document that
 * text holds (after any lines before it), each as a "conflict: ..." line into out (at most
 * max). Returns how many there are. */
unsigned dc_import_json_twice(const char *text, size_t len, char (*out)[DC_TEXT_LEN],
			      unsigned max);
/* The facts that two of one drive's n parts (order: the join's order, best source first)
 * each state with a different value, as errors of notes: both values and the files. */
void dc_import_conflicts(const struct dc_import_parts *parts, const unsigned *order, unsigned n,
			 struct dc_import_notes *notes);

/* import_split.c: the reports a file holds, in order (smartctl text cut at each banner or
 * information section, JSON at each top-level value). Fills a malloc'd array the caller
 * frees; returns how many (at least 1), or -ENOMEM. */
int dc_import_split(const char *text, size_t len, struct dc_import_span **spans);

struct dc_db;

struct dc_import_opts {
	struct dc_db *db;
	bool progress;                /* a count on stderr while reading (a terminal) */
};

/* A file met in a folder that is no report of any known format (a README, a checksum
 * list, an archive): skipped, not an error. */
struct dc_import_skip {
	char path[DC_PATH_LEN];
	char why[DC_TEXT_LEN];
};

struct dc_import_skips {
	unsigned n, cap;
	struct dc_import_skip *v;
};

void dc_import_skips_free(struct dc_import_skips *s);

/*
 * Every file named, and every file under every folder named (recursively), read in two
 * passes (import_index.h): the first keeps where each report is and which drive it
 * belongs to, the second gives one drive at a time. A file that cannot be imported becomes
 * a result with error set (its path, the reason), and the others are still read; a file
 * met in a folder that is of no known format is listed in skipped instead (skipped NULL:
 * they are errors too, as a file named is).
 */
struct dc_import_index;

/* import_index.c */
/* The first pass. Returns 0 or -ENOMEM; *index is the caller's (dc_import_index_free). */
int dc_import_index_build(const struct dc_import_opts *o, char *const *paths, unsigned npaths,
			  struct dc_import_index **index, struct dc_import_skips *skipped);
/* How many results there are: the drives in the order their files were met, then one
 * for each file or report not imported. */
unsigned dc_import_index_count(const struct dc_import_index *x);
/* The path result i has (its dev.path), before it is evaluated; into buf, returned. */
const char *dc_import_index_path(const struct dc_import_index *x, unsigned i, char *buf,
				 size_t len);
/* The second pass for result i (best asked in order: the last file and report read are
 * kept for the next): its reports read again, joined and evaluated as a scan evaluates a
 * drive, into r (all of it written). A drive whose files changed since the first pass is
 * a result with error set. Returns 0 or -ENOMEM. */
int dc_import_index_result(struct dc_db *db, struct dc_import_index *x, unsigned i,
			   struct dc_check *r);
void dc_import_index_free(struct dc_import_index *x);

#endif /* DC_IMPORT_H */
